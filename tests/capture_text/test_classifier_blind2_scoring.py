"""research/classifier_blind2.py: the second blind set is scored with the agent's answer as the real sessions are (and
without it), its halves are fixed by the text alone, half B's errors cannot be asked for while tuning, and the
counts-only view prints no message. Synthetic rows: the tests do not read the set."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import classifier_blind2 as blind2  # noqa: E402

DONE = "I've updated the layout and fixed the header. Done."
ROWS = [
    {"text": "the page is blank now", "label": True, "category": "broken", "answer": DONE},
    {"text": "it shows a blank page now", "label": True, "category": "broken", "answer": DONE},
    {"text": "thanks, looks good", "label": False, "category": "approval", "answer": DONE},
    {"text": "add a dark mode toggle to the settings page", "label": False, "category": "new-task", "answer": DONE},
]


def test_the_answer_reaches_the_classifier_as_in_real_sessions():
    row = ROWS[0]
    assert blind2.verdict_of(row, with_answer=True).correction
    assert not blind2.verdict_of(row, with_answer=False).correction
    with_answer = blind2.evaluate(None, True, ROWS)
    without = blind2.evaluate(None, False, ROWS)
    assert (with_answer["tp"], with_answer["fn"]) == (2, 0)
    assert (without["tp"], without["fn"]) == (0, 2)


def test_no_answer_before_the_first_message_or_an_empty_one():
    assert blind2.answer_of({"text": "x", "answer": DONE, "context": {"first": True}}) is None
    assert blind2.answer_of({"text": "x", "answer": "  "}) is None
    assert blind2.answer_of({"text": "x"}) is None
    assert blind2.answer_of({"text": "x", "answer": DONE}) == DONE


def test_a_text_has_one_half_whatever_its_answer_or_label():
    assert blind2.half_of("use pnpm here") == blind2.half_of("use pnpm here")
    assert {blind2.half_of(f"message number {i}") for i in range(40)} == {"A", "B"}
    # not the first set's split: another prefix
    from research import classifier_blind as blind1
    texts = [f"message number {i}" for i in range(40)]
    assert [blind2.half_of(t) for t in texts] != [blind1.half_of(t) for t in texts]


def test_half_b_errors_cannot_be_asked_for():
    with pytest.raises(SystemExit):
        blind2.errors("B")


def test_the_counts_only_view_prints_no_message():
    shown = blind2.numbers(rows=ROWS)
    assert "with the answer" in shown and "without the answer" in shown
    assert not any(r["text"] in shown or r["answer"] in shown for r in ROWS)
    only_a = blind2.numbers(("A",), rows=ROWS)
    assert "half A, with the answer" in only_a and "half B" not in only_a


def test_the_halves_are_the_reflectors_halves():
    import hashlib
    for i in range(40):
        text = f"message number {i}"
        even = hashlib.sha256(("blind2-half:" + text).encode("utf-8")).digest()[0] % 2 == 0
        assert blind2.half_of(text) == ("A" if even else "B")
