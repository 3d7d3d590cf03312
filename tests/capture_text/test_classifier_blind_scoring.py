"""research/classifier_blind.py, one scorer for every blind written set, given the set's file: a set with answers is
scored with the agent's answer as the real sessions are (and without it), halves are fixed by the text alone with the
set's prefix, half B's errors cannot be asked for while tuning, a set without halves (the third, held back whole)
shows counts only and never an error, and the counts-only views print no message. Synthetic rows and files: the
tests do not read the third set."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import classifier_blind as blind  # noqa: E402

DONE = "I've updated the layout and fixed the header. Done."
ROWS = [
    {"text": "the page is blank now", "label": True, "category": "broken", "answer": DONE},
    {"text": "it shows a blank page now", "label": True, "category": "broken", "answer": DONE},
    {"text": "thanks, looks good", "label": False, "category": "approval", "answer": DONE},
    {"text": "add a dark mode toggle to the settings page", "label": False, "category": "new-task", "answer": DONE},
]


def _file(tmp_path: Path, rows: list[dict] = ROWS) -> Path:
    path = tmp_path / "corrections_blindX.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_answer_reaches_the_classifier_as_in_real_sessions():
    row = ROWS[0]
    assert blind.verdict_of(row, with_answer=True).correction
    assert not blind.verdict_of(row, with_answer=False).correction
    with_answer = blind.evaluate(ROWS, None, True)
    without = blind.evaluate(ROWS, None, False)
    assert (with_answer["tp"], with_answer["fn"]) == (2, 0)
    assert (without["tp"], without["fn"]) == (0, 2)


def test_no_answer_before_the_first_message_or_an_empty_one():
    assert blind.answer_of({"text": "x", "answer": DONE, "context": {"first": True}}) is None
    assert blind.answer_of({"text": "x", "answer": "  "}) is None
    assert blind.answer_of({"text": "x"}) is None
    assert blind.answer_of({"text": "x", "answer": DONE}) == DONE


def test_each_set_has_its_own_halves_fixed_by_the_text():
    texts = [f"message number {i}" for i in range(40)]
    second = blind.SETS["blind2"].prefix
    assert {blind.half_of(t, second) for t in texts} == {"A", "B"}
    assert [blind.half_of(t, second) for t in texts] != [blind.half_of(t) for t in texts]  # the first set's prefix
    for t in texts:  # the reflector's halves (research.blind_halves): the same rule
        even = hashlib.sha256(("blind2-half:" + t).encode("utf-8")).digest()[0] % 2 == 0
        assert blind.half_of(t, second) == ("A" if even else "B")
    assert blind.SETS["blind3"].prefix is None  # held back whole


def test_half_b_errors_cannot_be_asked_for():
    for key in ("blind1", "blind2"):
        with pytest.raises(SystemExit):
            blind.errors(blind.SETS[key], "B", rows=ROWS)


def test_a_set_without_halves_shows_no_error_at_all(tmp_path):
    held = blind.set_for(_file(tmp_path))
    assert held.prefix is None
    with pytest.raises(SystemExit):
        blind.errors(held, "A", rows=ROWS)
    with pytest.raises(SystemExit):
        blind.cli([str(_file(tmp_path)), "--errors", "A"])
    with pytest.raises(SystemExit):
        blind.cli([str(_file(tmp_path)), "--numbers", "A"])
    with pytest.raises(SystemExit):  # an unregistered file has no section (its errors would be listed nowhere)
        blind.cli([str(_file(tmp_path))])
    with pytest.raises(SystemExit):
        blind.errors(blind.SETS["blind3"], "A", rows=ROWS)


def test_the_counts_only_views_print_no_message(tmp_path):
    shown = blind.numbers(blind.SETS["blind2"], rows=ROWS)
    assert "with the answer" in shown and "without the answer" in shown
    assert not any(r["text"] in shown or r["answer"] in shown for r in ROWS)
    only_a = blind.numbers(blind.SETS["blind2"], ("A",), rows=ROWS)
    assert "half A, with the answer" in only_a and "half B" not in only_a
    whole = blind.cli([str(_file(tmp_path)), "--numbers"])
    assert "the whole set, with the answer: precision 1.000 recall 1.000 (TP 2, FP 0, FN 0, TN 2" in whole
    assert "the whole set, without the answer: precision 1.000 recall 0.000 (TP 0, FP 0, FN 2, TN 2" in whole
    assert not any(r["text"] in whole or r["answer"] in whole for r in ROWS)
    as_json = json.loads(blind.cli([str(_file(tmp_path)), "--numbers", "--json"]))
    assert as_json["all, with"]["tp"] == 2 and as_json["all, without"]["fn"] == 2
    assert as_json["all, with"]["by_category"] == {"+broken": {"tp": 2}, "-approval": {"tn": 1}, "-new-task": {"tn": 1}}
    assert not any(r["text"] in json.dumps(as_json) for r in ROWS)


def test_the_file_is_required_and_a_missing_one_is_one_clear_line(tmp_path):
    with pytest.raises(SystemExit) as no_file:
        blind.cli(["--numbers"])
    assert "usage" in str(no_file.value)
    with pytest.raises(SystemExit) as missing:
        blind.cli([str(tmp_path / "nope.jsonl"), "--numbers"])
    assert "no such set" in str(missing.value)


def test_the_registered_files_are_found_by_path():
    assert blind.set_for(ROOT / "research/data/corrections_blind2.jsonl").key == "blind2"
    assert blind.set_for("research/data/../data/corrections_blind1.jsonl").key == "blind1"
    assert blind.set_for(ROOT / "research/data/corrections_blind3.jsonl").key == "blind3"


REPLIED = {"text": "hmm, the totals in the footer", "label": True, "category": "terse", "answer": DONE,
           "reply": "You're right, I summed the wrong column. Fixing it now."}


def _held(tmp_path: Path, **fields) -> blind.BlindSet:
    """A set without halves held back whole, as a session registers one before its last look."""
    return blind.BlindSet(key="blindX", path=_file(tmp_path, ROWS + [REPLIED]), writer="cwriteX (a helper)",
                          title="Capture: a held-back set", prefix=None, modes=(blind.WITH, blind.WITHOUT, blind.REPLY),
                          describe="(held back).", **fields)


def test_a_set_read_since_it_was_held_back_lists_its_errors_and_a_held_one_never(tmp_path):
    third = blind.SETS["blind9"]
    assert third.readable and third.prefix is None  # dev data since session #18
    assert all(blind.SETS[f"blind{n}"].readable for n in (3, 4, 5, 6, 7, 8, 10))
    assert not third.recorded_only  # its section scores this checkout and lists every error
    rows = ROWS + [{"text": "thanks, the page is blank now, all good", "label": False, "category": "x", "answer": DONE}]
    listed = blind.errors(third, "all", rows=rows)
    assert "the whole set, with the answer" in listed
    assert all(e["text"] in listed for e in blind.evaluate(rows, None, True)["errors"])
    with pytest.raises(SystemExit):
        blind.errors(third, "B", rows=rows)
    held = _held(tmp_path)
    assert not held.readable and held.prefix is None
    for half in ("all", "A", "B"):
        with pytest.raises(SystemExit):
            blind.errors(held, half, rows=rows)
    with pytest.raises(SystemExit):
        blind.errors(blind.set_for(_file(tmp_path)), "all", rows=rows)  # an unregistered file is held back too


def test_a_set_with_replies_read_since_lists_its_errors_as_capture_reads_them():
    """The tenth set (held back in session #18, dev data since) carries the agent's reply: its errors are those of the
    answer and the reply together, as `learn capture` reads a transcript, and each lists the reply's opening."""
    tenth = blind.SETS["blind10"]
    assert tenth.readable and not tenth.recorded_only and blind.REPLY in tenth.modes
    missed = {"text": "hmm, the totals in the footer", "label": True, "category": "terse", "answer": DONE,
              "reply": "Let me look at the footer."}
    rows = [REPLIED, missed]
    listed = blind.errors(tenth, "all", rows=rows)
    assert "the whole set, with the answer and the reply" in listed
    assert "TP 1" in listed and "FN 1" in listed  # the conceding reply made the first one a correction
    assert blind.evaluate(rows, None, blind.REPLY)["errors"][0]["reply"] == missed["reply"]


def test_the_held_back_set_s_section_scores_nothing_and_shows_no_message(monkeypatch, tmp_path):
    looks = {"all, with": {"+terse": {"fn": 1}}, "all, without": {"+terse": {"fn": 1}}, "all, with reply": {"+terse": {"tp": 1}}}
    held = _held(tmp_path, recorded_only=True,
                 measured=[("abc1234", "08:42", "first sight", {("all", blind.WITH): (1.0, 0.5, 1, 0, 1, 2),
                                                                 ("all", blind.WITHOUT): (1.0, 0.0, 0, 0, 2, 2),
                                                                 ("all", blind.REPLY): (1.0, 1.0, 2, 0, 0, 2)})],
                 looks=[("abc1234", "08:42", "first sight", looks)])
    monkeypatch.setitem(blind.SETS, held.key, held)

    def no_scoring(*args, **kwargs):
        raise AssertionError("the held-back set's section must not score this checkout")

    monkeypatch.setattr(blind, "evaluate", no_scoring)
    monkeypatch.setattr(blind, "verdict_of", no_scoring)
    section = blind.main(held.key)
    assert section.startswith("## Capture: a held-back set")
    assert "08:42" in section and "first sight" in section and "with answer and reply" in section
    shown = [r[k] for r in ROWS + [REPLIED] for k in ("text", "answer", "reply") if isinstance(r.get(k), str)]
    assert not any(t in section for t in shown)
    for n in range(4, 11):
        assert blind.set_for(ROOT / f"research/data/corrections_blind{n}.jsonl").key == f"blind{n}"


def test_the_reply_mode_passes_the_agent_s_reply_as_capture_does(tmp_path):
    # a message the patterns let pass, whose reply concedes a mistake: a correction only when the reply is passed
    row = REPLIED
    assert not blind.verdict_of(row, with_answer=True).correction
    assert blind.verdict_of(row, with_answer=blind.REPLY).correction
    assert blind.reply_of({"text": "x", "reply": "  "}) is None and blind.reply_of({"text": "x"}) is None
    held = blind.BlindSet(key="x", path=_file(tmp_path, [row]), writer="w", title="t", prefix=None,
                          modes=(blind.WITH, blind.WITHOUT, blind.REPLY), describe="")
    counted = blind.counts(held, [row])
    assert counted["all, with reply"]["tp"] == 1 and counted["all, with"]["fn"] == 1 and counted["all, without"]["fn"] == 1
    assert "with the answer and the reply" in blind.numbers(held, rows=[row])
    assert row["reply"] not in json.dumps(counted) and row["text"] not in blind.numbers(held, rows=[row])
