"""Curator: the core ops, dedupe, overlap rules, limits and files written."""

from __future__ import annotations

from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store, read

CENTS = "In staging models, integer columns ending in `_cents` must be converted with the `cents_to_dollars()` macro."
INLINE = "Convert integer `*_cents` columns by dividing inline (`amount_cents / 100.0 as amount`)."
ANALYSES = "Analyses keep `amount_cents` unchanged for exact integer arithmetic."


def test_add_writes_candidate_and_history(tmp_path):
    store = make_store(tmp_path / "p")
    result = curate(store, [add("Staging models are prefixed `stg_` and keyed on id.")], now="2026-02-02T00:00:00.000Z")
    assert [a["op"] for a in result.applied] == ["ADD"]
    candidate = read(store, "candidate.json")
    assert candidate[0]["text"] == "Staging models are prefixed `stg_` and keyed on id."
    assert candidate[0]["created"] == candidate[0]["updated"] == "2026-02-02T00:00:00.000Z"
    history = read(store, "history.jsonl")
    assert history[-1]["op"] == "curate" and history[-1]["applied"][0]["op"] == "ADD"


def test_lint_failure_rejected_with_rule_and_nothing_written(tmp_path):
    store = make_store(tmp_path / "p")
    result = curate(store, [add("Fetch the seed with curl before building.")])
    assert result.rejected[0]["rule"] == "shell-command"
    assert result.rejected[0]["reason"] == "contains a shell command"
    assert read(store, "candidate.json") is None
    assert read(store, "history.jsonl")[-1]["rejected"][0]["rule"] == "shell-command"


def test_dedupe_turns_add_into_helpful(tmp_path):
    old = lesson("L-0001", "Staging models are prefixed with stg_ and have a primary key test.")
    store = make_store(tmp_path / "p", approved=[old])
    result = curate(store, [add("Staging models are prefixed with stg_ and have a primary key test on id.")])
    assert result.applied[0]["op"] == "HELPFUL" and result.applied[0]["id"] == "L-0001"
    assert [l["helpful"] for l in result.candidate] == [1]
    # a counter changed: `updated` moves, as altimate-code's does (and a teammate's mark merges, not collides)
    assert result.candidate[0]["updated"] != old["updated"] and result.candidate[0]["created"] == old["created"]


def test_overlap_rejected_without_declaration(tmp_path):
    store = make_store(tmp_path / "p", approved=[lesson("L-2fe6", CENTS)])
    result = curate(store, [add(INLINE)])
    assert result.rejected[0]["reason"] == 'overlaps L-2fe6 on _cents: EDIT it, or ADD with "supersedes" or "coexists"'
    assert result.rejected[0]["rule"] == "overlap"


def test_implicit_supersede_in_any_order(tmp_path):
    for n, order in enumerate(([("HARMFUL", "L-5c1d"), "ADD"], ["ADD", ("HARMFUL", "L-5c1d")])):
        store = make_store(tmp_path / f"p{n}", approved=[lesson("L-0001", "Use UTC."), lesson("L-5c1d", CENTS, 4)])
        deltas = [add(INLINE) if d == "ADD" else {"op": d[0], "id": d[1], "reason": "user wants inline"} for d in order]
        result = curate(store, deltas)
        assert result.rejected == []
        texts = [l["text"] for l in result.candidate]
        assert texts == ["Use UTC.", INLINE]
        new_id = result.candidate[1]["id"]
        retired = read(store, "candidate-retired.json")
        assert retired[0]["id"] == "L-5c1d" and retired[0]["supersededBy"] == new_id
        assert retired[0]["reason"] == f"superseded by {new_id}"
        assert retired[0]["harmful"] == 1
