"""A retired.json record of a lesson that is approved again says nothing about its removal now (review14 R14-10)."""

from __future__ import annotations

from altimate_learn.store import Store, project
from tests.review.conftest import lesson, retired

A = "Keep route handlers in `src/shop/api.py` thin."
B = "Keep route handlers in `src/shop/api.py` thin and cover them with unit tests."


def test_a_removal_gives_its_own_reason_not_a_stale_retirement_of_the_same_lesson(store, cli):
    # a merge brought L-aaaa0001 back after this clone had retired it (superseded by L-bbbb0002, itself retired
    # later, merged into L-aaaa0001: a cycle); now the offline re-vet stages its removal
    store.approved([lesson("L-aaaa0001", A)])
    store.write("retired.json", [retired("L-aaaa0001", A, "superseded by L-bbbb0002", supersededBy="L-bbbb0002"),
                                 retired("L-bbbb0002", B, "merged into L-aaaa0001 by learn tidy",
                                         supersededBy="L-aaaa0001")])
    store.candidate([])
    Store(project(store.root)).record_history("curate", applied=[
        {"op": "REMOVE", "id": "L-aaaa0001", "reason": "re-vet: contradicts AGENTS.md"}])
    code, out, err = cli("show")
    assert code == 0, err
    assert "  - removed  [L-aaaa0001] Keep route handlers in `src/shop/api.py` thin." in out
    assert "reason: re-vet: contradicts AGENTS.md" in out and "superseded by L-bbbb0002" not in out
