"""The pure three-way merge of lesson sets (store/merge.py): what each kind of concurrent change gives."""

from __future__ import annotations

import pytest

from altimate_learn.store.merge import (ADDED_BOTH, EDITED_BOTH, REMOVED_EDITED, MergeInputError, merge_lessons,
                                        merge_lines, merge_values)
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars in staging models."
CTE = "Prefer CTEs over nested subqueries."
SNAKE = "Use snake_case for every model and column name."
UTC = "Store timestamps in UTC in every model."


def ids(lessons):
    return [x["id"] for x in lessons]


def test_additions_on_both_sides_are_all_kept_in_the_same_order_whichever_side_merges():
    base = [lesson("L-aaaa0001", CENTS)]
    ours = base + [lesson("L-bbbb0002", CTE, created="2025-03-05T00:00:00.000Z")]
    theirs = base + [lesson("L-cccc0003", SNAKE, created="2025-03-04T00:00:00.000Z")]
    one = merge_lessons(base, ours, theirs)
    other = merge_lessons(base, theirs, ours)
    assert one.clean and other.clean
    assert ids(one.lessons()) == ids(other.lessons()) == ["L-aaaa0001", "L-cccc0003", "L-bbbb0002"]
    assert one.lessons() == other.lessons()


def test_counters_add_up_both_sides_deltas():
    base = [lesson("L-aaaa0001", CENTS, helpful=2, harmful=1, applied=5)]
    ours = [lesson("L-aaaa0001", CENTS, helpful=3, harmful=1, applied=7)]
    theirs = [lesson("L-aaaa0001", CENTS, helpful=4, harmful=2, applied=5)]
    [merged] = merge_lessons(base, ours, theirs).lessons()
    assert (merged["helpful"], merged["harmful"], merged["applied"]) == (5, 2, 7)


def test_counters_never_go_below_zero():
    base = [lesson("L-aaaa0001", CENTS, harmful=1)]
    ours = theirs = [lesson("L-aaaa0001", CENTS, harmful=0)]
    [merged] = merge_lessons(base, ours, [lesson("L-aaaa0001", CENTS, harmful=0)]).lessons()
    assert merged["harmful"] == 0 and ours == theirs


def test_tags_and_coexists_merge_as_sets():
    base = [lesson("L-aaaa0001", CENTS, tags=["dbt", "money"]), lesson("L-bbbb0002", CTE)]
    ours = [lesson("L-aaaa0001", CENTS, tags=["dbt", "staging"]), lesson("L-bbbb0002", CTE)]
    theirs = [lesson("L-aaaa0001", CENTS, tags=["dbt", "money", "finance"], coexists=["L-bbbb0002"]),
              lesson("L-bbbb0002", CTE)]
    merged = merge_lessons(base, ours, theirs).lessons()[0]
    assert merged["tags"] == ["dbt", "staging", "finance"]  # ours removed "money": out; both additions: in
    assert merged["coexists"] == ["L-bbbb0002"]


def test_a_text_edited_the_same_way_on_both_sides_is_no_conflict_and_updated_is_the_latest():
    base = [lesson("L-aaaa0001", CENTS)]
    ours = [lesson("L-aaaa0001", CTE, updated="2025-03-05T00:00:00.000Z", helpful=1)]
    theirs = [lesson("L-aaaa0001", CTE, updated="2025-03-06T00:00:00.000Z")]
    result = merge_lessons(base, ours, theirs)
    assert result.clean
    assert result.lessons() == [{**ours[0], "updated": "2025-03-06T00:00:00.000Z"}]


def test_a_text_edited_differently_on_both_sides_is_a_conflict_with_the_counters_still_merged():
    base = [lesson("L-aaaa0001", CENTS, helpful=1), lesson("L-bbbb0002", CTE)]
    ours = [lesson("L-aaaa0001", "Convert `amount_cents` with `cents_to_dollars` in staging.", helpful=2),
            lesson("L-bbbb0002", CTE)]
    theirs = [lesson("L-aaaa0001", "Never divide `amount_cents` by 100 by hand.", helpful=3),
              lesson("L-bbbb0002", CTE)]
    result = merge_lessons(base, ours, theirs)
    [conflict] = result.conflicts
    assert (conflict.key, conflict.kind, conflict.fields) == ("L-aaaa0001", EDITED_BOTH, ("text",))
    assert conflict.ours[0]["text"] == ours[0]["text"] and conflict.theirs[0]["text"] == theirs[0]["text"]
    assert conflict.ours[0]["helpful"] == conflict.theirs[0]["helpful"] == 4
    assert ids(result.lessons()) == ["L-bbbb0002"]  # undecided: left out
    assert result.lessons("theirs")[0] == {**theirs[0], "helpful": 4}
    assert result.lessons("base")[0]["text"] == CENTS


def test_a_trigger_changed_differently_is_a_conflict():
    base = [lesson("L-aaaa0001", CENTS, paths=["models/**"])]
    ours = [lesson("L-aaaa0001", CENTS, paths=["models/staging/**"])]
    theirs = [lesson("L-aaaa0001", CENTS, paths=["models/marts/**"])]
    [conflict] = merge_lessons(base, ours, theirs).conflicts
    assert conflict.fields == ("trigger",)


def test_a_retire_against_an_edit_is_a_conflict_either_way_round():
    base = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)]
    retired = [lesson("L-bbbb0002", CTE)]
    edited = [lesson("L-aaaa0001", "Convert `amount_cents` to dollars in staging models only."),
              lesson("L-bbbb0002", CTE)]
    for ours, theirs, kept_side in ((retired, edited, "theirs"), (edited, retired, "ours")):
        result = merge_lessons(base, ours, theirs)
        [conflict] = result.conflicts
        assert (conflict.key, conflict.kind, conflict.fields) == ("L-aaaa0001", REMOVED_EDITED, ("text",))
        assert getattr(conflict, kept_side)[0]["text"].endswith("models only.")
        assert ids(result.lessons(kept_side)) == ["L-aaaa0001", "L-bbbb0002"]
        assert ids(result.lessons("ours" if kept_side == "theirs" else "theirs")) == ["L-bbbb0002"]


def test_a_retire_against_a_counter_bump_retires_it_and_says_so():
    base = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)]
    result = merge_lessons(base, [lesson("L-bbbb0002", CTE)],
                           [lesson("L-aaaa0001", CENTS, helpful=1, updated="2025-04-01T00:00:00.000Z"),
                            lesson("L-bbbb0002", CTE)])
    assert result.clean and ids(result.lessons()) == ["L-bbbb0002"]
    assert result.notes == ["L-aaaa0001: removed by ours; the counter changes by theirs (helpful +1) went with it"]


def test_a_pin_against_a_retire_is_a_conflict():
    base = [lesson("L-aaaa0001", CENTS)]
    [conflict] = merge_lessons(base, [], [lesson("L-aaaa0001", CENTS, pinned=True)]).conflicts
    assert conflict.fields == ("pinned",)


def test_the_same_lesson_added_on_both_sides_merges_without_a_base_and_differing_texts_conflict():
    same = merge_lessons(None, [lesson("L-aaaa0001", CENTS, helpful=1)], [lesson("L-aaaa0001", CENTS, helpful=3)])
    assert same.clean and same.lessons()[0]["helpful"] == 3
    differ = merge_lessons([], [lesson("L-aaaa0001", CENTS)], [lesson("L-aaaa0001", CTE)])
    assert [c.kind for c in differ.conflicts] == [ADDED_BOTH]
    assert differ.lessons("base") == []


def test_removed_on_both_sides_is_gone_and_removed_on_one_untouched_on_the_other_is_gone():
    base = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE), lesson("L-cccc0003", SNAKE)]
    result = merge_lessons(base, [lesson("L-cccc0003", SNAKE)], [base[1], base[2]])
    assert result.clean and ids(result.lessons()) == ["L-cccc0003"]


def test_a_coexists_reference_to_a_lesson_the_other_side_removed_is_dropped_with_a_note():
    base = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", UTC)]
    ours = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", UTC),
            lesson("L-cccc0003", SNAKE, coexists=["L-bbbb0002"])]
    theirs = [lesson("L-aaaa0001", CENTS)]
    result = merge_lessons(base, ours, theirs)
    lessons = result.lessons()
    assert ids(lessons) == ["L-aaaa0001", "L-cccc0003"] and "coexists" not in lessons[1]
    assert result.notes == ["L-cccc0003: no longer declares coexistence with L-bbbb0002 (not in the merged set)"]


def test_fields_a_newer_writer_added_merge_like_text():
    base = [lesson("L-aaaa0001", CENTS)]
    ours = [{**lesson("L-aaaa0001", CENTS), "severity": "high"}]
    theirs = [lesson("L-aaaa0001", CENTS, helpful=1)]
    [merged] = merge_lessons(base, ours, theirs).lessons()
    assert merged["severity"] == "high" and merged["helpful"] == 1
    clash = merge_lessons(base, ours, [{**lesson("L-aaaa0001", CENTS), "severity": "low"}])
    assert clash.conflicts[0].fields == ("severity",)


def test_retired_lessons_take_the_later_reason():
    base: list = []
    ours = [{**lesson("L-aaaa0001", CENTS, updated="2025-04-01T00:00:00.000Z"), "reason": "superseded"}]
    theirs = [{**lesson("L-aaaa0001", CENTS, updated="2025-04-02T00:00:00.000Z"), "reason": "harmful"}]
    assert merge_lessons(base, ours, theirs).lessons()[0]["reason"] == "harmful"
    assert merge_lessons(base, theirs, ours).lessons()[0]["reason"] == "harmful"


@pytest.mark.parametrize("bad", [{"id": 3}, "text", None])
def test_a_version_that_is_not_a_lesson_list_cannot_be_merged_as_data(bad):
    with pytest.raises(MergeInputError):
        merge_lessons([], [bad], [])
    with pytest.raises(MergeInputError, match="L-aaaa0001 appears twice"):
        merge_lessons([], [lesson("L-aaaa0001", CENTS)] * 2, [])


def test_jsonl_lines_unite_and_keep_a_deliberate_removal():
    base = '{"at":"1"}\n{"at":"2"}\n'
    ours = base + '{"at":"3a"}\n'
    theirs = '{"at":"1"}\n{"at":"3b"}\n'  # a rewrite that dropped line 2
    assert merge_lines(base, ours, theirs) == '{"at":"1"}\n{"at":"3a"}\n{"at":"3b"}\n'
    assert merge_lines("", "x\r\n", "x\ny\n") == "x\ny\n"


def test_other_json_merges_key_by_key_and_reports_clashes():
    value, conflicts = merge_values({"a": 1, "b": {"c": 1}}, {"a": 2, "b": {"c": 1}, "n": [1]},
                                    {"a": 1, "b": {"c": 3}, "n": [2]})
    assert value == {"a": 2, "b": {"c": 3}, "n": [1, 2]} and conflicts == []
    value, conflicts = merge_values({"a": 1}, {"a": 2}, {"a": 3})
    assert value == {"a": 2} and conflicts == ["$.a"]
