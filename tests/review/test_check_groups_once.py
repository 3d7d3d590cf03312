"""`learn check` groups a file's lessons twice, for its two warnings (two lessons `learn tidy` would merge; two that say
the opposite): the second grouping works out no lesson's identifiers or wording again (sec43), and both warnings
are what they were."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import altimate_learn.curate.anchors as anchors
import altimate_learn.gates.offline as offline
from altimate_learn.review.check import check_file
from altimate_learn.schema import make_lesson
from altimate_learn.store import fsio

TEXTS = [
    "Log payment failures at warning level and refund failures at error level.",
    "Log refund failures at warning level and payment failures at error level.",
    "Use ruff, never the black formatter.",
    "Never use ruff; use the black formatter.",
    "Write commit messages in the imperative mood.",
    "Write commit messages in the imperative mood!",
    "Keep handlers thin; put logic in services.",
    "Convert integer `amount_cents` columns with the `cents_to_dollars()` macro.",
    "Name staging models `stg_<source>__<table>`.",
]


def test_check_works_out_each_lesson_once_for_both_groupings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lessons = [make_lesson(text, lesson_id=f"L-{n:04x}", now="2026-01-01T00:00:00.000Z") for n, text in enumerate(TEXTS)]
    store = tmp_path / "team-playbook"
    store.mkdir()
    (store / "approved.json").write_text(fsio.canonical_json(lessons), encoding="utf-8")
    calls: dict[str, int] = {"identifiers": 0, "content_words": 0}

    def counted(name: str, real):
        def wrapper(text: str):
            if sys._getframe(1).f_globals.get("__name__") == "altimate_learn.tidy.rewrite":  # the groupings' own reads
                calls[name] += 1
            return real(text)
        return wrapper

    monkeypatch.setattr(anchors, "identifiers", counted("identifiers", anchors.identifiers))
    monkeypatch.setattr(offline, "content_words", counted("content_words", offline.content_words))
    report = check_file(store / "approved.json")
    assert not report.problems
    assert calls == {"identifiers": len(TEXTS), "content_words": len(TEXTS)}
    rules = sorted((w.rule, w.lesson) for w in report.warnings)
    assert ("contradiction", "L-0000 L-0001") in rules and ("contradiction", "L-0002 L-0003") in rules
    assert ("duplicate", "L-0004 L-0005") in rules
