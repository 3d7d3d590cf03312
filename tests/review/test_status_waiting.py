"""`learn status` says what waits for review, not the candidate's size: the candidate holds the approved lessons too,
so "4 approved, 8 in candidate" read as eight new lessons after four were staged (review34 trip list)."""

from __future__ import annotations

import json

from tests.review.conftest import lesson
from tests.review.test_show import full_store


def _lessons_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.strip().startswith("lessons:"))


def test_status_counts_what_promote_would_change(store, cli):
    full_store(store)  # 4 approved; the candidate adds 2, edits 1, drops 1, and moves a counter of another
    code, out, err = cli("status")
    assert (code, err) == (0, "")
    line = _lessons_line(out)
    assert "4 approved, 2 new, 1 edited, 1 to retire waiting for review (`learn show`, then `learn promote`)" in line
    assert "in candidate" not in line
    code, out, _ = cli("status", "--json")
    data = json.loads(out)["lessons"]
    assert data["waiting"] == {"added": 2, "edited": 1, "removed": 1, "harmful": 0} and data["candidate"] == 5


def test_a_candidate_equal_to_the_approved_set_waits_for_nothing(store, cli):
    approved = [lesson("L-aaaa0001", "Use `ref()` for every model dependency."),
                lesson("L-bbbb0002", "Run `dbt build --select state:modified+` before pushing.")]
    store.approved(approved)
    store.candidate(approved)
    code, out, _ = cli("status")
    assert code == 0 and "2 approved, nothing waiting for review" in _lessons_line(out)
