"""Counts read as English: `1 archived version`, `2 sessions`, never `lesson(s)`."""

from __future__ import annotations

from altimate_learn.english import plural


def test_plural_helper():
    assert plural(1, "lesson") == "1 lesson"
    assert plural(0, "lesson") == "0 lessons"
    assert plural(2, "flagged lesson") == "2 flagged lessons"
    assert plural(2, "entry", "entries") == "2 entries"


def test_status_counts_are_grammatical(git_repo, cli):
    code, out, _ = cli("status")
    assert code == 0
    assert "0 archived versions" in out and "(s)" not in out
    assert "  signals: 0 open in 0 sessions, 0 consumed\n" in out
