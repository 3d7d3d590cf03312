"""`learn reject`, `learn rollback`, `learn pin` / `unpin`."""

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
    assert out == "Discarded the candidate of 'team-playbook' (2 lessons).\n"
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


def open_store(store):
    from altimate_learn.store import Store, project

    return Store(project(store.root), store.name)


# --- rollback ----------------------------------------------------------------------------------------

def test_promote_and_rollback_round_trip(store, cli):
    v1 = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)]
    store.approved(v1)
    v1_bytes = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=2), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    [archived] = list(store.path("versions").iterdir())
    number = int(archived.name[1:-len(".json")])
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=3)])  # a newer candidate, built on the new set

    code, out, err = cli("rollback")

    assert (code, err) == (0, "")
    assert out == f"Restored 'team-playbook' from v{number}: 2 approved lessons; the candidate was discarded.\n"
    assert store.path("approved.json").read_bytes() == v1_bytes
    assert not store.path("candidate.json").exists()
    assert not archived.exists()
    # The lesson only the rolled-back set had stays findable.
    [gone] = store.read("retired.json")
    assert (gone["id"], gone["reason"]) == ("L-cccc0003", f"rolled back (approved set restored from v{number})")
    entry = store.history()[-1]
    assert (entry["op"], entry["version"], entry["discarded_candidate"]) == ("rollback", number, True)
    assert (entry["added"], entry["removed"]) == (["L-bbbb0002"], ["L-cccc0003"])

    code, _, err = cli("search", "snake_case")
    assert "[L-cccc0003] retired: " in _


def test_two_promotes_roll_back_one_at_a_time(store, cli):
    sets = [[lesson("L-aaaa0001", CENTS)],
            [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)],
            [lesson("L-bbbb0002", CTE), lesson("L-cccc0003", SNAKE)]]
    store.approved(sets[0])
    for later in sets[1:]:
        store.candidate(later)
        assert cli("promote", "--yes")[0] == 0
    first, second = open_store(store).versions()  # newest last, however fast the promotes came
    assert cli("rollback")[1].startswith(f"Restored 'team-playbook' from v{second}: 2 approved lessons")
    assert store.path("approved.json").read_text() == canonical_json(sets[1])
    assert cli("rollback")[1].startswith(f"Restored 'team-playbook' from v{first}: 1 approved lessons")
    assert store.path("approved.json").read_text() == canonical_json(sets[0])
    assert [x["id"] for x in store.read("retired.json")] == ["L-cccc0003", "L-bbbb0002"]


def test_rollback_with_no_versions(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-cccc0003", SNAKE)])
    before = store.snapshot()
    code, out, err = cli("rollback")
    assert (code, out) == (1, "")
    assert err == ("Error: no archived version of 'team-playbook' to roll back to. Each `learn promote` archives "
                   "the approved set it replaces, and each rollback uses one up.\n")
    assert store.snapshot() == before


def test_rollback_of_an_unreadable_version_changes_nothing(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("versions/v1.json", "[oops")
    before = store.snapshot()
    code, _, err = cli("rollback")
    assert code == 1
    assert err.startswith(f"Error: {store.path('versions/v1.json')} cannot be read: invalid JSON")
    assert store.snapshot() == before


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


def test_rollback_recovers_from_a_broken_approved_file(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    v1 = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    store.write("approved.json", "[{ merge conflict <<<<<<<")
    code, out, _ = cli("rollback")
    assert code == 0
    assert "The unreadable approved.json was kept as " in out
    assert store.path("approved.json").read_bytes() == v1
    [aside] = list(store.dir.glob("approved.json.malformed-*"))
    assert aside.read_text() == "[{ merge conflict <<<<<<<"
