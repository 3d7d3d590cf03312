"""The cue tables' needles (`capture/needles.py`): a pattern is searched only when the clause holds one of the strings
it cannot match without, and that never changes which cue a clause is given, whatever its case or script."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altimate_learn.capture import clause_rules, needles
from altimate_learn.capture.classifier import classify_text

ROOT = Path(__file__).resolve().parents[2]
TABLES = {"challenges": clause_rules.ALL_CHALLENGES, "cues": clause_rules.ALL_CUES,
          "persists": clause_rules.ALL_PERSISTS, "broken": clause_rules.ALL_BROKEN}
DONE = "I fixed the bug and updated the tests; they all pass now."


@pytest.fixture
def warm(monkeypatch):
    """Every table searched through its needles from its first lookup."""
    monkeypatch.setattr(needles, "WARM_AFTER", 0)
    monkeypatch.setattr(needles, "_TABLES", {})


def _searched(table, text):
    return [value for pattern, value in table if pattern.search(text)]


def _texts() -> list[str]:
    rows = (json.loads(line) for line in (ROOT / "research/data/corrections.jsonl").read_text("utf-8").splitlines()
            if line.strip())
    texts = sorted({row["text"] for row in rows if row.get("text")})[::5]
    # the same words in capitals, and with the letters `re.IGNORECASE` matches although str.lower() does not give
    # them: Turkish dotted and dotless i, the long s, the Kelvin sign
    tricky = str.maketrans({"i": "\u0130", "s": "\u017f", "k": "\u212a"})
    return texts + [t.upper() for t in texts[::4]] + [t.translate(tricky) for t in texts[::4]] + [
        "\u0130T'S BROKEN AGA\u0130N", "DON'T U\u017fE PR\u0130NT", "wrong, \u0131t still fa\u0131ls",
        "nein, das ist falsch", "还是不行", "sigue sin funcionar", "ВСЁ ЕЩЁ НЕ РАБОТАЕТ"]


def test_every_table_gives_each_clause_the_cues_a_full_search_gives(warm):
    texts = _texts()
    assert len(texts) > 100
    for name, table in TABLES.items():
        for text in texts:
            assert list(needles.matches(table, text)) == _searched(table, text), (name, text)
    # and some of them were found, in every table: the comparison is not between two empty lists
    assert all(any(_searched(table, text) for text in texts) for table in TABLES.values())


def test_a_pattern_matched_case_blind_is_never_skipped(warm):
    """Letters str.lower() lowers differently from `re` (a capital dotted I lowers to two characters)."""
    table = [(re.compile(r"\bstill\s+fails\b", re.I), "still"), (re.compile(r"\bprint\b", re.I), "print"),
             (re.compile(r"\bok\b", re.I), "ok"), (re.compile(r"(?i:jeden)\s+Tag"), "tag")]
    assert needles.needles(table[0][0]) == ("still",) or needles.needles(table[0][0]) == ("fails",)
    for text, want in [("it ST\u0130LL FA\u0130LS", "still"), ("don't use PR\u0130NT", "print"),
                       ("still fa\u0131ls", "still"), ("\u212aO? no: O\u212a", "ok"), ("JEDEN Tag", "tag"),
                       ("jeden tag", None), ("it still works", None)]:
        assert needles.first(table, text) == want == next(iter(_searched(table, text)), None), text


def test_what_a_pattern_cannot_match_without():
    assert needles.needles(re.compile(r"\bsigue\s+(?:sin\s+funcionar|igual)\b", re.I)) == ("sigue",)
    assert set(needles.needles(re.compile(r"\b(?:you|u)\s+forgot\b|\bdidn't\s+you\b")) or ()) == {"forgot", "didn't"}
    # an optional part, a negative lookahead and a class of many characters give nothing; a repeated one does
    assert needles.needles(re.compile(r"(?:please\s+)?\w+(?!\s+now)")) is None
    assert needles.needles(re.compile(r"(?:again)+")) == ("again",)
    # a lookahead that must hold is in the text too
    assert needles.needles(re.compile(r"^(?=.*\bmerge\b)\w")) == ("merge",)
    # small classes are spelt out: "colou?r" needs "colo"; "[ck]at" needs "cat" or "kat"
    assert needles.needles(re.compile(r"colou?r")) == ("colo",)
    assert set(needles.needles(re.compile(r"[ck]at\b")) or ()) == {"cat", "kat"}


def test_a_message_gets_the_same_verdict_before_and_after_the_tables_warm(monkeypatch):
    messages = ["no, use pnpm instead of npm", "why did you delete the migration?", "it's still broken",
                "DON'T U\u017fE PR\u0130NT, use the logger", "nein, das ist falsch", "还是不行",
                "thanks, looks great"]
    cold = [(classify_text(m), classify_text(m, answer=DONE)) for m in messages]
    monkeypatch.setattr(needles, "WARM_AFTER", 0)
    monkeypatch.setattr(needles, "_TABLES", {})
    assert [(classify_text(m), classify_text(m, answer=DONE)) for m in messages] == cold
    assert sum(v.correction for pair in cold for v in pair) >= 6


def _answers() -> list[str]:
    """Texts as the single big patterns are asked about: a readable blind set's messages, answers and replies, answers
    in other languages, and some of them in capitals and with the letters str.lower() folds differently from `re`."""
    texts: set[str] = set()
    for line in (ROOT / "research/data/corrections_blind10.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line) if line.strip() else {}
        texts.update(v for key in ("text", "answer", "reply") if isinstance(v := row.get(key), str) and v)
    ordered = sorted(texts)[::2] + [
        "Я обновил README. Выполните команду в терминале: [code] После этого расширение появится в списке.",
        "He actualizado el Dockerfile. Para probarlo en tu máquina tienes que ejecutar el contenedor con tus variables:",
        "以下のコマンドを実行してください: npm run build", "修复方法：你需要手动修改 config.yaml，然后运行以下命令：",
        "that error was already there before your change, it happens on main too", "ya fallaba antes, también pasa en main",
        "sorry, I meant EU, not EMEA, I mixed them up", "Ich habe den Timeout wie gewünscht auf 5 Sekunden gesetzt.",
        "Tienes razón, me equivoqué con la ruta.", "Lo siento, olvidé actualizar el test.", "申し訳ありません、修正しました。",
        "I updated the config. You'll need to restart the server, then paste the output here.",
        "litellm.BadRequestError: Unknown model: gpt-5-turbo", "Error: 429 Too Many Requests: rate limit exceeded"]
    tricky = str.maketrans({"i": "\u0130", "s": "\u017f", "k": "\u212a"})
    return ordered + [t.upper() for t in ordered[::6]] + [t.translate(tricky) for t in ordered[::6]]


def _big_patterns() -> dict[str, re.Pattern[str]]:
    from altimate_learn.capture import against_answer, cues, guards, languages, replies

    return {"cues.CLAIMS": cues.CLAIMS, "languages.CLAIMS": languages.CLAIMS, "left to person": against_answer._LEFT_TO_PERSON,
            "asks for more": against_answer._ASKS_FOR_MORE, "done act": cues.DONE_ACT, "apologises": replies._APOLOGISES,
            "right": replies._RIGHT, "predates": guards._PREDATES, "revises own": guards.REVISES_OWN,
            "own fault": guards.OWN_FAULT, "as asked": guards.AS_ASKED, "agent fault": guards.AGENT_FAULT,
            "languages.HANDED_OVER": languages.HANDED_OVER, "cues.HANDED_OVER": cues.HANDED_OVER,
            "model api error": guards.MODEL_API_ERROR}


def _span(found: re.Match[str] | None) -> tuple[int, int] | None:
    return found.span() if found else None


@pytest.fixture
def split_now(monkeypatch):
    """Every single big pattern read as its alternatives from its first search."""
    monkeypatch.setattr(needles, "SEARCH_WARM_AFTER", 0)
    monkeypatch.setattr(needles, "_SPLITS", {})


def test_a_big_pattern_read_as_its_alternatives_finds_what_its_own_search_finds(split_now):
    texts = _answers()
    assert len(texts) > 400
    for name, pattern in _big_patterns().items():
        alternatives = needles._alternatives(pattern)
        assert len(alternatives) > 1 and all(need for _, need in alternatives), name  # read as alternatives, each gated
        hits = 0
        for text in texts:
            own = pattern.search(text)
            assert needles.found(pattern, text) is (own is not None), (name, text)
            assert needles.may_match(pattern, text) or own is None, (name, text)
            assert _span(needles.search(pattern, text)) == _span(own), (name, text)
            assert [m.span() for m in needles.finditer(pattern, text)] == [m.span() for m in pattern.finditer(text)]
            hits += own is not None
        assert 0 < hits < len(texts), name  # found in some texts and not in others: both answers compared


def test_an_alternation_between_other_items_is_read_with_them(split_now):
    """The items before and after the alternation belong to every alternative: "x" + "bar" alone is no match of
    "x(?:foo|bar)y"; a capital dotted I is an "i" to `re.IGNORECASE`."""
    pattern = re.compile(r"\bx(?:foo|bar|bi[tn])\s*y\b", re.I)
    alternatives = needles._alternatives(pattern)
    assert [set(need or ()) for _, need in alternatives] == [{"xfoo"}, {"xbar"}, {"xbit", "xbin"}]
    for text, want in [("a xbar y", True), ("XB\u0130T Y", True), ("xbar", False), ("bar y", False), ("xfooy!", True),
                       ("x foo y", False), ("axbary", False), ("xbin", False)]:
        assert needles.found(pattern, text) is want is bool(pattern.search(text)), text
    # a pattern with no alternation is its own one alternative, gated by its own needles
    plain = re.compile(r"\bstill\s+fails\b", re.I)
    assert needles._alternatives(plain) == [(plain, ("fails",))] or needles._alternatives(plain) == [(plain, ("still",))]
    assert needles.found(plain, "it ST\u0130LL FA\u0130LS") and not needles.found(plain, "it still works")


def test_a_big_pattern_is_searched_whole_until_asked_often(monkeypatch):
    """A hook's worker asks a few times: the pattern is never read as its alternatives there."""
    monkeypatch.setattr(needles, "_SPLITS", {})
    pattern = re.compile(r"\b(?:fixed|updated)\s+it\b", re.I)
    for n in range(needles.SEARCH_WARM_AFTER - 1):
        assert needles.found(pattern, "I fixed it" if n % 2 else "I broke it") is bool(n % 2)
    assert needles._SPLITS[pattern].branches is None
    assert needles.found(pattern, "I UPDATED IT") and needles._SPLITS[pattern].branches is not None
