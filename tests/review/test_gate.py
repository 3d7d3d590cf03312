"""`learn reject`, `learn pin` / `unpin` (rollback: test_rollback.py)."""

from __future__ import annotations

from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
SNAKE = "Use snake_case for every model and column name."
CTE = "Prefer CTEs over nested subqueries."


# --- reject ------------------------------------------------------------------------------------------

def test_reject_discards_the_candidate_and_its_reflection_state(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    approved = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    store.write("pending-replacements.jsonl", '{"id":"L-aaaa0001","text":"x","attempts":0}\n')
    store.write("harmful.json", {"L-aaaa0001": ["abcd1234"]})
    code, out, err = cli("reject")
    assert (code, err) == (0, "")
    assert out == "Discarded the candidate of 'team-playbook' (1 added, 0 edited, 0 removed).\n"  # review13 R13-8
    assert not store.path("candidate.json").exists()
    assert not store.path("pending-replacements.jsonl").exists()
    assert not store.path("harmful.json").exists()
    assert store.path("approved.json").read_bytes() == approved
    [entry] = store.history()
    assert (entry["op"], entry["lessons"]) == ("reject", 2)


def test_reject_without_a_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    before = store.snapshot()
    assert cli("reject") == (0, "No candidate in 'team-playbook'; nothing to reject.\n", "")
    assert store.snapshot() == before


def test_reject_keeps_an_unreadable_candidate_aside(store, cli):
    store.write("candidate.json", "[{ not json")
    code, out, _ = cli("reject")
    assert code == 0
    assert out.startswith("Discarded the unreadable candidate of 'team-playbook' (kept as ")
    assert not store.path("candidate.json").exists()
    [aside] = list(store.dir.glob("candidate.json.malformed-*"))
    assert aside.read_text() == "[{ not json"


# --- pin / unpin -------------------------------------------------------------------------------------

def test_pin_changes_approved_and_the_staged_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)])
    before = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=1), lesson("L-cccc0003", SNAKE)])
    code, out, err = cli("pin", "L-aaaa0001")
    assert (code, err) == (0, "")
    assert out == f"Pinned [L-aaaa0001] {CENTS} (also in the staged candidate)\n"
    assert store.read("approved.json")[0]["pinned"] is True
    assert store.read("approved.json")[0]["updated"] == lesson("L-aaaa0001", CENTS)["updated"]
    assert store.read("candidate.json")[0]["pinned"] is True
    assert store.history()[-1] == {**store.history()[-1], "op": "pin", "id": "L-aaaa0001", "candidate": True}

    assert cli("pin", "L-aaaa0001")[1] == "[L-aaaa0001] is already pinned; nothing changed.\n"
    assert len(store.history()) == 1

    code, out, _ = cli("unpin", "L-aaaa0001")
    assert out == f"Unpinned [L-aaaa0001] {CENTS} (also in the staged candidate)\n"
    assert store.path("approved.json").read_bytes() == before  # pin then unpin: byte-identical
    assert "pinned" not in store.read("candidate.json")[0]
    assert store.history()[-1]["op"] == "unpin"


def test_pin_leaves_a_candidate_that_removed_the_lesson_alone(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)])
    cand = store.candidate([lesson("L-bbbb0002", CTE)]).read_bytes()
    assert cli("pin", "L-aaaa0001")[0] == 0
    assert store.path("candidate.json").read_bytes() == cand


def test_pin_of_an_unknown_id_lists_the_closest(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-aaab0001", CTE), lesson("L-9f9f9f9f", SNAKE)])
    before = store.snapshot()
    code, out, err = cli("pin", "L-aaaa0010")
    assert (code, out) == (1, "")
    assert err == ("Error: no approved lesson L-aaaa0010 in store 'team-playbook'. Closest approved ids: "
                   "L-aaaa0001, L-aaab0001.\n")
    code, _, err = cli("unpin", "L-zzzz")
    assert err == ("Error: no approved lesson L-zzzz in store 'team-playbook'. Use `learn search WORDS` to find "
                   "a lesson.\n")
    assert store.snapshot() == before


def test_pin_without_approved_lessons(store, cli):
    code, _, err = cli("pin", "L-aaaa0001")
    assert code == 1
    assert err == ("Error: store 'team-playbook' has no approved lessons to pin. Promote a candidate first "
                   "(`learn show`, `learn promote`).\n")


def test_pin_refuses_when_the_candidate_is_unreadable(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("candidate.json", "{broken")
    before = store.snapshot()
    code, _, err = cli("pin", "L-aaaa0001")
    assert code == 1
    assert err.startswith(f"Error: {store.path('candidate.json')} cannot be read: invalid JSON")
    assert store.snapshot() == before


# --- retire ------------------------------------------------------------------------------------------

def test_retire_stages_the_removal_of_an_approved_lesson_for_promote(store, cli):
    """review9 R9-5: no command removed an approved lesson (a deleted memory's advice named reject, which only
    takes staged changes); `learn retire` stages it like any other change."""
    import json

    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", SNAKE)])
    code, out, err = cli("retire", "L-aaaa0001", "--reason", "the macro is gone")
    assert (code, err) == (0, "")
    assert "Staged the removal of L-aaaa0001." in out and "learn promote" in out
    assert [x["id"] for x in json.loads(store.path("approved.json").read_text())] == ["L-aaaa0001", "L-bbbb0002"]
    assert [x["id"] for x in json.loads(store.path("candidate.json").read_text())] == ["L-bbbb0002"]
    assert not store.path("pending-replacements.jsonl").exists() or \
        "L-aaaa0001" not in store.path("pending-replacements.jsonl").read_text()  # no model replacement is sought
    shown = cli("show")[1]
    assert "- removed  [L-aaaa0001]" in shown and "the macro is gone" in shown
    assert cli("promote", "--yes")[0] == 0
    assert [x["id"] for x in json.loads(store.path("approved.json").read_text())] == ["L-bbbb0002"]


def test_retire_takes_a_unique_prefix_like_pin_and_refuses_an_ambiguous_one(store, cli):
    """review12 R12-7: `learn retire L-685f` said "unknown lesson id" while `learn pin 685f` worked."""
    import json

    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-aaab0002", SNAKE)])
    before = store.path("approved.json").read_bytes()
    code, out, err = cli("retire", "aaa")  # fits both: an error naming them, nothing staged
    assert code == 1 and "matches 2 lessons: L-aaaa0001, L-aaab0002" in err
    assert store.path("approved.json").read_bytes() == before and not store.path("candidate.json").exists()
    code, out, err = cli("retire", "aaab", "--reason", "snake case is the linter's job now")
    assert (code, err) == (0, "")
    assert "Staged the removal of L-aaab0002." in out
    assert [x["id"] for x in json.loads(store.path("candidate.json").read_text())] == ["L-aaaa0001"]


def test_retire_of_an_unknown_id_changes_nothing_and_fails(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    before = store.path("approved.json").read_bytes()
    code, out, err = cli("retire", "L-zzzz9999")
    assert code != 0 and "L-zzzz9999" in err and "learn show" in err
    assert store.path("approved.json").read_bytes() == before and not store.path("candidate.json").exists()
