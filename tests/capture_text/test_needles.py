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
