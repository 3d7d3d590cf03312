"""Backtick-identifier overlap rules: supersedes, coexists, implicit supersede in any delta order."""

from __future__ import annotations

import itertools

from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store, read

CENTS = "In staging models, integer columns ending in `_cents` must be converted with the `cents_to_dollars()` macro."
INLINE = "Convert integer `*_cents` columns by dividing inline (`amount_cents / 100.0 as amount`)."
ANALYSES = "Analyses keep `amount_cents` unchanged for exact integer arithmetic."
UTC = "Wrap timestamps with `to_utc()` and alias them with the `_at` suffix."
SOFT = "Retain `_is_deleted` rows in staging output."


def ids(result):
    return [l["id"] for l in result.candidate]


def texts(result):
    return [l["text"] for l in result.candidate]


def test_explicit_supersede_replaces_in_place_with_new_id(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", UTC), lesson("L-2fe6", CENTS, 4, 2),
                                           lesson("L-0003", SOFT)])
    result = curate(store, [add(INLINE, supersedes="L-2fe6")])
    assert result.rejected == []
    assert texts(result) == [UTC, INLINE, SOFT]
    new = result.candidate[1]
    assert new["id"] not in ("L-2fe6",) and (new["helpful"], new["harmful"]) == (0, 0)
    retired = read(store, "candidate-retired.json")
    assert [(r["id"], r["supersededBy"], r["reason"]) for r in retired] == [
        ("L-2fe6", new["id"], f"superseded by {new['id']}")]
    assert retired[0]["text"] == CENTS


def test_supersede_skips_dedupe_even_for_near_identical_text(tmp_path):
    old = "Filter `_is_deleted` rows in all staging models."
    store = make_store(tmp_path, approved=[lesson("L-2fe6", old)])
    result = curate(store, [add("Retain `_is_deleted` rows in all staging models.", supersedes="L-2fe6")])
    assert texts(result) == ["Retain `_is_deleted` rows in all staging models."]
    assert not any(a["op"] == "HELPFUL" for a in result.applied)


def test_coexists_allows_only_listed_overlaps_and_stores_links(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-2fe6", CENTS), lesson("L-abcd", "Reconcile `_cents` against ledger totals.")])
    partial = curate(store, [add(ANALYSES, coexists=["L-2fe6"])])
    assert partial.rejected[0]["reason"] == 'overlaps L-abcd on _cents: EDIT it, or ADD with "supersedes" or "coexists"'
    full = curate(store, [add(ANALYSES, coexists=["L-2fe6", "L-abcd"])])
    assert full.rejected == []
    assert full.candidate[-1]["coexists"] == ["L-2fe6", "L-abcd"]


def test_every_undeclared_overlap_is_reported(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-2fe6", CENTS), lesson("L-abcd", UTC)])
    result = curate(store, [add("Keep `_cents` and `_at` names in reports.")])
    assert result.rejected[0]["reason"] == ('overlaps L-2fe6 on _cents, L-abcd on _at: '
                                            'EDIT it, or ADD with "supersedes" or "coexists"')


def test_affix_prefix_overlap(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Name staging models `stg_<source>__<entity>`.")])
    result = curate(store, [add("Model `stg_orders` must dedupe on `order_id`.")])
    assert result.rejected[0]["rule"] == "overlap" and "L-0001 on stg_" in result.rejected[0]["reason"]


def test_concrete_names_sharing_a_suffix_do_not_overlap(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Keep `fee_cents` as an integer.")])
    result = curate(store, [add("Round `amount_cents` half up in marts.")])
    assert result.rejected == [] and len(result.candidate) == 2


def test_unknown_supersedes_and_coexists_ids_reject(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-2fe6", CENTS)])
    result = curate(store, [add(INLINE, supersedes="L-dead"), add(ANALYSES, coexists=["L-dead"]),
                            {"op": "EDIT", "id": "L-2fe6", "text": INLINE, "coexists": ["L-dead"], "reason": "r"}])
    assert len(result.rejected) == 3
    assert all("L-dead" in r["reason"] for r in result.rejected)
    assert texts(result) == [CENTS]


def test_edit_ignores_itself_but_needs_coexists_with_others(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-2fe6", CENTS, 3, 1), lesson("L-abcd", UTC)])
    assert curate(store, [{"op": "EDIT", "id": "L-2fe6", "text": INLINE, "reason": "r"}]).rejected == []
    store = make_store(tmp_path / "b", approved=[lesson("L-2fe6", CENTS, 3, 1), lesson("L-abcd", UTC)])
    edit = {"op": "EDIT", "id": "L-abcd", "text": ANALYSES, "reason": "r"}
    rejected = curate(store, [edit])
    assert rejected.rejected[0]["rule"] == "overlap" and "L-2fe6 on _cents" in rejected.rejected[0]["reason"]
    accepted = curate(store, [dict(edit, coexists=["L-2fe6"])])
    assert accepted.rejected == []
    assert accepted.candidate[1]["text"] == ANALYSES and accepted.candidate[1]["coexists"] == ["L-2fe6"]
    assert accepted.candidate[1]["helpful"] == 0  # counters kept


def test_edit_must_redeclare_prior_coexistence_in_either_direction(tmp_path):
    for linked in (0, 1):
        current = [lesson("L-2fe6", CENTS), lesson("L-abcd", ANALYSES)]
        current[linked]["coexists"] = [current[1 - linked]["id"]]
        store = make_store(tmp_path / str(linked), approved=current)
        edit = {"op": "EDIT", "id": "L-2fe6", "text": INLINE, "reason": "r"}
        assert len(curate(store, [edit]).rejected) == 1
        result = curate(store, [dict(edit, coexists=["L-abcd"])])
        assert result.rejected == []
        assert result.candidate[0]["coexists"] == ["L-abcd"]
        assert "coexists" not in result.candidate[1]


def test_first_overlapping_add_in_one_reflection_wins(tmp_path):
    store = make_store(tmp_path)
    result = curate(store, [add(CENTS), add(INLINE)])
    assert texts(result) == [CENTS]
    assert "on _cents" in result.rejected[0]["reason"]


def test_implicit_supersede_every_order_of_harmful_and_remove(tmp_path):
    """ADD, a HARMFUL mark on one overlapping lesson and a REMOVE of the other: any of the 6 orders."""
    base = [lesson("L-0001", UTC), lesson("L-5c1d", CENTS), lesson("L-0003", SOFT), lesson("L-abcd", ANALYSES)]
    deltas = [add(INLINE), {"op": "REMOVE", "id": "L-5c1d", "reason": "inline now"},
              {"op": "HARMFUL", "id": "L-abcd", "reason": "convert everywhere"}]
    for n, order in enumerate(itertools.permutations(deltas)):
        store = make_store(tmp_path / str(n), approved=base)
        result = curate(store, list(order))
        assert result.rejected == [], order
        new_id = result.candidate[1]["id"]
        assert texts(result) == [UTC, INLINE, SOFT]
        retired = {r["id"]: r for r in read(store, "candidate-retired.json")}
        assert retired["L-5c1d"]["supersededBy"] == new_id and retired["L-abcd"]["supersededBy"] == new_id
        assert retired["L-abcd"]["harmful"] == 1
        add_entry = next(a for a in result.applied if a["op"] == "ADD")
        assert add_entry["supersedes"] == "L-5c1d" and add_entry["note"] == "implicit supersede"
        assert read(store, "pending-replacements.jsonl") is None  # replaced, so nothing to queue


def test_implicit_supersede_needs_every_overlap_contradicted(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-5c1d", CENTS), lesson("L-abcd", ANALYSES)])
    harmful = {"op": "HARMFUL", "id": "L-5c1d", "reason": "inline"}
    result = curate(store, [add(INLINE), harmful])
    assert len(result.rejected) == 1 and "L-abcd on _cents" in result.rejected[0]["reason"]
    assert "L-5c1d on" not in result.rejected[0]["reason"]
    store2 = make_store(tmp_path / "b", approved=[lesson("L-5c1d", CENTS), lesson("L-abcd", ANALYSES)])
    allowed = curate(store2, [add(INLINE, coexists=["L-abcd"]), harmful])
    assert allowed.rejected == []
    assert texts(allowed) == [INLINE, ANALYSES] and allowed.candidate[0]["coexists"] == ["L-abcd"]


def test_existing_harmful_majority_allows_implicit_supersede(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-5c1d", CENTS, 1, 2)])
    result = curate(store, [add(INLINE)])
    assert result.rejected == [] and texts(result) == [INLINE]


def test_contradicted_near_duplicate_is_replaced_not_helpful(tmp_path):
    old = "Filter `_is_deleted` rows in all staging models."
    store = make_store(tmp_path, approved=[lesson("L-5c1d", old)])
    result = curate(store, [add("Retain `_is_deleted` rows in all staging models."),
                            {"op": "HARMFUL", "id": "L-5c1d", "reason": "keep soft deletes"}])
    assert texts(result) == ["Retain `_is_deleted` rows in all staging models."]
    assert not any(a["op"] == "HELPFUL" for a in result.applied)


def test_declared_coexistence_is_not_a_dedupe_vote(tmp_path):
    analysis = "Analysis models keep `amount_cents` as integers."
    staging = "Staging models keep `_cents` as integers."
    store = make_store(tmp_path, approved=[lesson("L-abcd", analysis)])
    result = curate(store, [add(staging, coexists=["L-abcd"])])
    assert texts(result) == [analysis, staging]
    assert not any(a["op"] == "HELPFUL" for a in result.applied)


def test_removed_and_superseded_lessons_leave_no_dangling_links(tmp_path):
    current = [lesson("L-2fe6", CENTS), lesson("L-abcd", ANALYSES, coexists=["L-2fe6"])]
    store = make_store(tmp_path, approved=current)
    removed = curate(store, [{"op": "REMOVE", "id": "L-2fe6", "reason": "outdated"}])
    assert "coexists" not in removed.candidate[0]
    store2 = make_store(tmp_path / "b", approved=current)
    replaced = curate(store2, [add(INLINE, supersedes="L-2fe6", coexists=["L-abcd"])])
    assert "coexists" not in replaced.candidate[1]
    assert replaced.candidate[0]["coexists"] == ["L-abcd"]
