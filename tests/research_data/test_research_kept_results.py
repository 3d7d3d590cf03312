"""Research views that ask the same thing again in one process work it out once (lrn46): `research/reflector_blind.py`
keeps each row's lessons and flag (its report evaluates every set, each view of a set evaluates it again), and
`research/classifier_rules.py --candidate` tries the form before the answer's costly claim and hand-over searches.
Their outputs were compared before and after on every named set and on five forms: the same."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import classifier_rules, reflector_blind as blind  # noqa: E402,F401


def test_a_rows_lessons_and_flag_are_worked_out_once(monkeypatch):
    reflected, classified = [], []
    reflect, classify = blind.reflect_builtin, blind.classify_user_message
    monkeypatch.setattr(blind, "reflect_builtin", lambda *a, **k: reflected.append(1) or reflect(*a, **k))
    monkeypatch.setattr(blind, "classify_user_message", lambda *a, **k: classified.append(1) or classify(*a, **k))
    text = "we use pnpm here, not npm (lrn46 kept-results check)"
    row = {"text": text, "label": True, "answer": "I installed the package with npm.", "lesson": "Use pnpm."}
    first = blind.lessons_for(text)
    first.append("changed by the caller")  # a caller's list is its own: what is kept does not change
    assert blind.lessons_for(text) == first[:-1] and len(reflected) == 1
    assert blind.flagged(row) is blind.flagged(dict(row)) and len(classified) == 1
    assert blind.flagged({**row, "answer": "Done."}) in (True, False) and len(classified) == 2  # another row: asked


def test_a_candidate_form_that_matches_nothing_searches_no_answer(monkeypatch):
    from altimate_learn.capture import classifier

    asked = []
    answered = classifier.answered
    monkeypatch.setattr(classifier, "answered", lambda *a, **k: asked.append(1) or answered(*a, **k))
    assert classifier_rules.candidate(r"qqzzxqq", {0}) == {}
    assert asked == []  # before: every scored message of the fold after an answer had its answer searched first
