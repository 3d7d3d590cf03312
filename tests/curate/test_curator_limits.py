"""Per-reflection limits, harmful removal, the store cap, and the replacement step."""

from __future__ import annotations

import random

import pytest

from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store, read

CENTS = "In staging models, integer columns ending in `_cents` must be converted with the `cents_to_dollars()` macro."
INLINE = "Convert integer `*_cents` columns by dividing inline (`amount_cents / 100.0 as amount`)."
UTC = "Wrap timestamps with `to_utc()` and alias them with the `_at` suffix."


def texts(result):
    return [l["text"] for l in result.candidate]


# --- limits -------------------------------------------------------------------------------------------

def test_at_most_three_adds(tmp_path):
    store = make_store(tmp_path)
    result = curate(store, [add("Convention one about naming."), add("Convention two about tests."),
                            add("Convention three about dates."), add("Convention four about money.")])
    assert len(result.candidate) == 3
    assert [r["reason"] for r in result.rejected] == ["limit reached: at most 3 ADDs per reflection"]
    assert result.rejected[0]["rule"] == "limit" and result.rejected[0]["text"] == "Convention four about money."


def test_at_most_three_edits_and_supersedes_count_as_edits(tmp_path):
    current = [lesson(f"L-001{i}", f"Legacy instruction for `field{i}`.") for i in range(4)]
    store = make_store(tmp_path, approved=current)
    deltas = [{"op": "EDIT", "id": "L-0010", "text": "Revised wording for the legacy rule.", "reason": "r"}]
    deltas += [add(f"Replacement `field{i}` behaviour.", supersedes=f"L-001{i}") for i in (1, 2, 3)]
    deltas += [add("Financial convention."), add("Timestamp rule."), add("Testing guidance.")]
    result = curate(store, deltas)
    edits = [a for a in result.applied if a["op"] == "EDIT" or (a["op"] == "ADD" and a.get("supersedes"))]
    plain_adds = [a for a in result.applied if a["op"] == "ADD" and not a.get("supersedes")]
    assert len(edits) == 3 and len(plain_adds) == 3
    assert [r["reason"] for r in result.rejected] == [
        "limit reached: at most 3 edits (supersedes count) per reflection"]


def test_at_most_three_removes(tmp_path):
    current = [lesson(f"L-000{i}", f"Distinct rule number {i} about topic{i}.") for i in range(5)]
    store = make_store(tmp_path, approved=current)
    result = curate(store, [{"op": "REMOVE", "id": l["id"], "reason": "stale"} for l in current])
    assert [l["id"] for l in result.candidate] == ["L-0003", "L-0004"]
    assert [r["reason"] for r in result.rejected] == ["limit reached: at most 3 REMOVEs per reflection"] * 2


def test_implicit_supersedes_do_not_count_against_remove_limit(tmp_path):
    current = [lesson("L-0001", UTC), lesson("L-0002", "Retain `_is_deleted`."), lesson("L-0003", "Normalise `account_id`."),
               lesson("L-5c1d", CENTS)]
    store = make_store(tmp_path, approved=current)
    # three plain removals plus the removal of the lesson the ADD replaces: all four applied
    deltas = [{"op": "REMOVE", "id": l["id"], "reason": "r"} for l in current[:3]]
    deltas = [add(INLINE), {"op": "REMOVE", "id": "L-5c1d", "reason": "inline now"}] + deltas
    result = curate(store, deltas)
    assert result.rejected == []
    assert texts(result) == [INLINE]


def test_over_budget_remove_never_authorises_implicit_supersede(tmp_path):
    current = [lesson("L-0001", UTC), lesson("L-0002", "Retain `_is_deleted`."), lesson("L-0003", "Normalise `account_id`."),
               lesson("L-5c1d", CENTS)]
    for n, add_first in enumerate((True, False)):
        store = make_store(tmp_path / str(n), approved=current)
        removals = [{"op": "REMOVE", "id": l["id"], "reason": "r"} for l in current]
        deltas = [add(INLINE)] + removals if add_first else removals + [add(INLINE)]
        result = curate(store, deltas)
        assert texts(result) == [CENTS]
        reasons = sorted(r["reason"] for r in result.rejected)
        assert reasons == ['limit reached: at most 3 REMOVEs per reflection',
                           'overlaps L-5c1d on _cents: EDIT it, or ADD with "supersedes" or "coexists"']


def test_helpful_and_harmful_once_per_lesson(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Staging models are prefixed stg_ and keyed on id.")])
    result = curate(store, [{"op": "HELPFUL", "id": "L-0001", "reason": "a"},
                            {"op": "HELPFUL", "id": "L-0001", "reason": "b"},
                            add("Staging models are prefixed stg_ and keyed on id."),  # dedupe → HELPFUL again
                            {"op": "HARMFUL", "id": "L-0001", "reason": "c"},
                            {"op": "HARMFUL", "id": "L-0001", "reason": "d"}],
                     session_id="s1")
    assert (result.candidate[0]["helpful"], result.candidate[0]["harmful"]) == (1, 1)
    assert [r["reason"] for r in result.rejected] == [
        "duplicate HELPFUL for L-0001 in one reflection",
        "duplicate of L-0001, already marked HELPFUL in this reflection",
        "duplicate HARMFUL for L-0001 in one reflection"]


def test_unknown_ids_rejected(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Use UTC.")])
    result = curate(store, [{"op": op, "id": "L-9999", "text": "x y z", "reason": "r"}
                            for op in ("EDIT", "REMOVE", "HELPFUL", "HARMFUL")])
    assert [r["reason"] for r in result.rejected] == ["unknown lesson id L-9999"] * 4
    assert result.changed is False and read(store, "candidate.json") is None


# --- harmful removal ----------------------------------------------------------------------------------

def harm(lesson_id="L-0001"):
    return [{"op": "HARMFUL", "id": lesson_id, "reason": "it broke the build"}]


def test_harmful_removal_needs_two_distinct_feedbacks(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Risky rule about `orders`.")])
    first = curate(store, harm(), session_id="ses-a")
    assert first.candidate[0]["harmful"] == 1
    assert read(store, "harmful.json") == {"L-0001": ["ses-a"]}
    same = curate(store, harm(), session_id="ses-a")       # same feedback again: 2 marks, 1 source
    assert same.candidate[0]["harmful"] == 2 and read(store, "harmful.json") == {"L-0001": ["ses-a"]}
    other = curate(store, harm(), session_id="ses-b")      # a second, distinct feedback
    assert other.candidate == []
    removal = next(a for a in other.applied if a["op"] == "REMOVE")
    assert removal["note"] == "harmful" and removal["id"] == "L-0001"
    assert read(store, "candidate-retired.json")[0]["reason"] == "harmful: 3 harmful vs 0 helpful marks from 2 feedbacks"
    assert read(store, "harmful.json") == {}


def test_harmful_removal_needs_more_harmful_than_helpful(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Disputed rule about `orders`.", helpful=3, harmful=1)])
    curate(store, harm(), session_id="a")
    result = curate(store, harm(), session_id="b")
    assert result.candidate[0]["harmful"] == 3 and result.candidate[0]["helpful"] == 3  # 3 > 3 is false: kept


def test_harmful_without_feedback_identity_never_removes(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Risky rule.", harmful=1)])
    result = curate(store, harm())
    assert result.candidate[0]["harmful"] == 2


def test_pinned_lesson_is_not_removed_for_harm(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Pinned rule.", harmful=1, pinned=True)])
    (store.path("harmful.json")).write_text('{"L-0001": ["x"]}')
    result = curate(store, harm(), session_id="y")
    assert result.candidate[0]["harmful"] == 2 and result.candidate[0]["pinned"] is True


def test_reset_counter_trims_recorded_sources(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Risky rule.", harmful=0)])
    store.path("harmful.json").write_text('{"L-0001": ["a", "b"], "L-dead": ["a"]}')
    result = curate(store, harm(), session_id="c")
    assert result.candidate[0]["harmful"] == 1
    assert read(store, "harmful.json") == {"L-0001": ["a"]}


# --- store cap ------------------------------------------------------------------------------------------

def numbered(n, helpful=1, **kw):
    return [lesson(f"L-{i:04x}", f"Distinct convention number {i} about topic{i}.", helpful=helpful,
                   created=f"2026-01-{i + 1:02d}T00:00:00.000Z", **kw) for i in range(n)]


def test_cap_evicts_lowest_score_then_oldest(tmp_path):
    current = numbered(8)
    current[5]["helpful"] = 0
    store = make_store(tmp_path, approved=current)
    result = curate(store, [add("Brand new convention about queues.")], max_stored=8)
    assert len(result.candidate) == 8 and "L-0005" not in [l["id"] for l in result.candidate]
    evicted = [a for a in result.applied if a.get("note") == "evicted"]
    assert [a["id"] for a in evicted] == ["L-0005"]
    retired = read(store, "candidate-retired.json")
    assert retired[0]["reason"] == "evicted: over the store cap (max_stored=8)"
    store2 = make_store(tmp_path / "tie", approved=numbered(8, helpful=0))
    tie = curate(store2, [add("Brand new convention about queues.")], max_stored=8)
    assert "L-0000" not in [l["id"] for l in tie.candidate]  # all equal: the oldest goes
    assert tie.candidate[-1]["text"] == "Brand new convention about queues."


def test_cap_never_evicts_pinned(tmp_path):
    pinned = lesson("L-0001", "Pinned convention.", harmful=10, pinned=True)
    other = lesson("L-0002", "Unpinned convention with support.", helpful=5)
    store = make_store(tmp_path, approved=[pinned, other])
    assert [l["id"] for l in curate(store, [], max_stored=1).candidate] == ["L-0001"]
    both = dict(other, pinned=True)
    store2 = make_store(tmp_path / "b", approved=[pinned, both])
    assert [l["id"] for l in curate(store2, [], max_stored=1).candidate] == ["L-0001", "L-0002"]


def test_cap_evicts_a_new_lower_scoring_lesson_before_established_ones(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Established guidance.", helpful=2)])
    result = curate(store, [add("Use UTC timestamps everywhere.")], max_stored=1)
    assert [l["id"] for l in result.candidate] == ["L-0001"]
    new_id = next(a["id"] for a in result.applied if a["op"] == "ADD")
    assert [a["id"] for a in result.applied if a.get("note") == "evicted"] == [new_id]
    assert result.changed is False
    store2 = make_store(tmp_path / "b", approved=[lesson("L-0001", "Established guidance.", helpful=2, pinned=True)])
    result2 = curate(store2, [add("Use UTC timestamps everywhere.")], max_stored=1)
    assert [l["id"] for l in result2.candidate] == ["L-0001"]


@pytest.mark.parametrize(("count", "cap"), [(30, 25), (400, 120), (400, 0)])
def test_cap_over_many_lessons_evicts_exactly_what_one_at_a_time_would(tmp_path, count, cap):
    """A store far over the cap (hundreds to evict at once) loses exactly the lessons, in the order, that
    taking the lowest (helpful − harmful, then oldest, then first in the file) one at a time would take."""
    rng = random.Random(count + cap)
    current = [lesson(f"L-{i:04x}", f"Distinct convention number {i} about topic{i}.", helpful=rng.randint(0, 3),
                      harmful=rng.randint(0, 2), created=f"2026-01-{rng.randint(1, 9):02d}T00:00:00.000Z",
                      pinned=rng.random() < 0.1) for i in range(count)]
    store = make_store(tmp_path, approved=current)
    result = curate(store, [], max_stored=cap)
    left = [dict(item) for item in current]
    expected = []
    while len(left) > cap:
        pool = [(n, item) for n, item in enumerate(left) if not item.get("pinned")]
        if not pool:
            break
        n, victim = min(pool, key=lambda p: (p[1]["helpful"] - p[1]["harmful"], p[1]["created"],
                                             int(p[1]["id"][2:], 16)))
        expected.append(victim["id"])
        del left[n]
    assert [a["id"] for a in result.applied if a.get("note") == "evicted"] == expected
    assert [item["id"] for item in result.candidate] == [item["id"] for item in left]
    assert [r["id"] for r in read(store, "candidate-retired.json")] == expected
    assert all(item.get("pinned") for item in result.candidate) or len(result.candidate) == cap


def test_cap_from_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_MAX_STORED", "2")
    store = make_store(tmp_path, approved=numbered(3))
    assert len(curate(store, []).candidate) == 2


# --- replacement step ----------------------------------------------------------------------------------

def test_removal_without_replacement_is_queued(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro.")])
    result = curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong: we divide inline"}])
    pending = read(store, "pending-replacements.jsonl")
    assert [(p["id"], p["attempts"], p["reasons"]) for p in pending] == [("L-0001", 0, ["wrong: we divide inline"])]
    assert result.replacements_needed[0]["id"] == "L-0001"
    assert "1 queued for replacement" in result.summary


def test_replacement_call_adds_linted_lesson_and_clears_queue(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro.")])
    calls = []

    def replace(removed, reason):
        calls.append((removed["id"], reason))
        return "Convert `_cents` columns by dividing by 100.0 inline."

    result = curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}], replace=replace)
    assert calls == [("L-0001", "wrong")]
    assert texts(result) == ["Convert `_cents` columns by dividing by 100.0 inline."]
    assert read(store, "pending-replacements.jsonl") == []


def test_replacement_text_is_linted_and_attempts_are_capped(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro.")])
    bad = lambda removed, reason: "See https://example.com/cents for the rule."  # noqa: E731
    result = curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}], replace=bad)
    assert result.rejected[-1]["rule"] == "url" and result.candidate == []
    assert read(store, "pending-replacements.jsonl")[0]["attempts"] == 1
    for _ in range(4):
        curate(store, [], replace=bad)
    assert read(store, "pending-replacements.jsonl") == []  # dropped after 5 attempts


def test_replacement_none_resolves_and_errors_retry(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Rule A about `a_col`."), lesson("L-0002", "Rule B about `b_col`.")])
    curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}, {"op": "REMOVE", "id": "L-0002", "reason": "wrong"}])

    def flaky(removed, reason):
        if removed["id"] == "L-0001":
            return None
        raise TimeoutError("model timed out")

    result = curate(store, [], replace=flaky)
    assert result.replacements == [{"id": "L-0001", "result": "none needed"},
                                   {"id": "L-0002", "result": "failed: model timed out"}]
    assert read(store, "history.jsonl")[-1]["replacements"] == result.replacements
    pending = read(store, "pending-replacements.jsonl")
    assert [(p["id"], p["attempts"]) for p in pending] == [("L-0002", 1)]
    assert pending[0]["last_error"] == "model timed out"


def test_at_most_three_replacement_calls_per_reflection(tmp_path):
    current = [lesson(f"L-000{i}", f"Rule {i} about `col{i}`.") for i in range(5)]
    store = make_store(tmp_path, approved=current)
    curate(store, [{"op": "REMOVE", "id": l["id"], "reason": "wrong"} for l in current[:3]])
    curate(store, [{"op": "REMOVE", "id": l["id"], "reason": "wrong"} for l in current[3:]])
    calls = []
    curate(store, [], replace=lambda removed, reason: calls.append(removed["id"]))
    assert calls == ["L-0000", "L-0001", "L-0002"]


def test_supersede_does_not_queue_a_replacement(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", CENTS)])
    curate(store, [add(INLINE, supersedes="L-0001")])
    assert read(store, "pending-replacements.jsonl") is None


def test_not_attempted_replacements_keep_their_attempt_count(tmp_path):
    from altimate_learn.curate.curator import NotAttempted

    store = make_store(tmp_path, approved=[lesson("L-0001", "Rule A about `a_col`."), lesson("L-0002", "Rule B about `b_col`.")])
    curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}, {"op": "REMOVE", "id": "L-0002", "reason": "wrong"}])

    def partial(removed, reason):
        if removed["id"] == "L-0001":
            raise LookupError("not attempted in this reflection")
        raise NotAttempted()

    curate(store, [], replace=partial)
    assert [(p["id"], p["attempts"]) for p in read(store, "pending-replacements.jsonl")] == [("L-0001", 0), ("L-0002", 0)]
    curate(store, [], replace=lambda removed, reason: {}["missing"])  # a KeyError is a bug: counted
    assert [p["attempts"] for p in read(store, "pending-replacements.jsonl")] == [1, 1]


# --- never-approved removals and stale queue entries ----------------------------------------------------

def test_removing_a_lesson_that_was_only_staged_drops_it_without_a_replacement(tmp_path):
    from altimate_learn.review.gate import promote

    approved = [lesson("L-0001", UTC)]
    store = make_store(tmp_path, approved=approved, candidate=approved + [lesson("L-0002", CENTS)])
    result = curate(store, [{"op": "REMOVE", "id": "L-0002", "reason": "wrong: we divide inline"}])
    assert [l["id"] for l in result.candidate] == ["L-0001"]
    assert read(store, "pending-replacements.jsonl") is None
    assert result.replacements_needed == [] and "queued" not in result.summary
    assert result.retired == [] and read(store, "candidate-retired.json") is None  # never delivered: nothing to retire
    assert result.applied[0]["note"] == "never approved" and result.applied[0]["text"] == CENTS
    assert result.summary == "1 removed"
    # Same candidate as approved now: put an edit on top so promote has something to do, then reflect again.
    curate(store, [{"op": "ADD", "text": "Name boolean columns with an `is_` prefix.", "reason": "r"}])
    assert promote(store, yes=True).promoted
    later = curate(store, [{"op": "HELPFUL", "id": "L-0001", "reason": "r"}])
    assert "queued for replacement" not in later.summary and later.replacements_needed == []


def test_removing_an_approved_lesson_still_queues_its_replacement(tmp_path):
    approved = [lesson("L-0001", UTC)]
    store = make_store(tmp_path, approved=approved, candidate=approved)
    result = curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}])
    assert [p["id"] for p in read(store, "pending-replacements.jsonl")] == ["L-0001"]
    assert [r["id"] for r in result.retired] == ["L-0001"]


def test_queued_replacements_for_lessons_never_approved_or_back_in_the_set_are_dropped(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", UTC), lesson("L-0003", "Never use `SELECT *`.")])
    store.write_lessons(store.CANDIDATE, [lesson("L-0001", UTC)])  # L-0003 removed in the candidate
    queued = [{"id": lid, "text": "x", "reasons": ["wrong"], "attempts": 0, "at": "2026-01-01T00:00:00.000Z"}
              for lid in ("L-0001", "L-0002", "L-0003")]
    store.rewrite_jsonl(store.PENDING_REPLACEMENTS, queued)
    result = curate(store, [{"op": "HELPFUL", "id": "L-0001", "reason": "r"}])
    # L-0001 is a live lesson again and L-0002 never existed in approved.json: only L-0003 stays queued.
    assert [p["id"] for p in read(store, "pending-replacements.jsonl")] == ["L-0003"]
    assert "1 queued for replacement" in result.summary
