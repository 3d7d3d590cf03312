"""`learn rollback`: the confirmation policy, the candidate kept, the first promote undoable (issue 12, item 3)."""

from __future__ import annotations

import pytest

from altimate_learn.review.rollback import RollbackRefused, rollback
from altimate_learn.store import Store, project
from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
SNAKE = "Use snake_case for every model and column name."
CTE = "Prefer CTEs over nested subqueries."


def versions(store) -> list[int]:
    """Archived version numbers, oldest first (time-based: unique across teammates' machines)."""
    return Store(project(store.root), store.name).versions()


def candidate_copies(store) -> list:
    return sorted(store.dir.glob("candidate.json.rolled-back-*"))


def promoted_twice(store, cli) -> list[bytes]:
    """v1 = the first approved set; the live set is the second; returns both sets' bytes."""
    store.approved([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)])
    first = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=2), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    return [first, store.path("approved.json").read_bytes()]


# --- confirmation ------------------------------------------------------------------------------------

def test_rollback_outside_a_terminal_refuses_without_yes_and_changes_nothing(store, cli):
    promoted_twice(store, cli)
    [v1] = versions(store)
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=3)])
    before = store.snapshot()
    code, out, err = cli("rollback")
    assert code == 1
    assert out.startswith(f"Rolling back 'team-playbook' restores v{v1} (2 approved lessons) in place of 2 approved "
                          "lessons:\n")
    assert err == ("Error: refusing to roll back 'team-playbook' without confirmation outside a terminal (it would "
                   f"restore v{v1} and set the staged candidate aside); nothing changed. Run `learn rollback` in a "
                   "terminal, or pass --yes.\n")
    assert store.snapshot() == before


def test_interactive_rollback_shows_the_plan_and_a_no_changes_nothing(store, cli, tty):
    promoted_twice(store, cli)
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=3)])
    before = store.snapshot()
    code, out, err = cli("rollback", input="n\n")
    assert code == 1
    assert f"  + [L-bbbb0002] {CTE}\n" in out
    assert f"  - [L-cccc0003] {SNAKE} (stays findable as retired)\n" in out
    assert ("The staged candidate (1 lesson) was built on the set being left: it will be set aside as "
            "candidate.json.rolled-back-<time>, not deleted.\n") in out
    assert "Roll back? [y/N]" in out
    assert out.endswith("Cancelled; nothing was rolled back.\n")
    assert store.snapshot() == before


def test_interactive_yes_rolls_back(store, cli, tty):
    first, _ = promoted_twice(store, cli)
    [v1] = versions(store)
    code, out, _ = cli("rollback", input="y\n")
    assert code == 0
    assert out.endswith(f"Restored 'team-playbook' from v{v1}: 2 approved lessons.\n")
    assert store.path("approved.json").read_bytes() == first


# --- the candidate is kept ---------------------------------------------------------------------------

def test_rollback_sets_the_candidate_aside_and_says_where(store, cli):
    first, _ = promoted_twice(store, cli)
    [v1] = versions(store)
    staged = store.candidate([lesson("L-aaaa0001", CENTS, helpful=3)]).read_bytes()
    code, out, err = cli("rollback", "--yes")
    assert (code, err) == (0, "")
    [kept] = candidate_copies(store)
    assert kept.read_bytes() == staged
    assert not store.path("candidate.json").exists()
    shown = kept.relative_to(store.root)
    assert out.endswith(f"Restored 'team-playbook' from v{v1}: 2 approved lessons.\nThe candidate is no longer staged; "
                        f"it was kept as {shown} (rename it to candidate.json to stage it again).\n")
    assert store.path("approved.json").read_bytes() == first
    entry = store.history()[-1]
    assert (entry["op"], entry["discarded_candidate"], entry["candidate_kept_as"]) == (
        "rollback", True, kept.name)
    # the kept copy can be staged again and reviewed
    kept.rename(store.path("candidate.json"))
    assert cli("show")[0] == 0


def test_an_unreadable_candidate_is_kept_too(store, cli):
    promoted_twice(store, cli)
    store.write("candidate.json", "[{ half written")
    assert cli("rollback", "--yes")[0] == 0
    [kept] = candidate_copies(store)
    assert kept.read_text() == "[{ half written"


# --- the first promote is undoable -------------------------------------------------------------------

def test_the_first_promote_rolls_back_to_the_empty_set(store, cli):
    store.candidate([lesson("L-aaaa0001", CENTS)])
    assert cli("promote", "--yes")[0] == 0
    [v1] = versions(store)
    code, out, err = cli("rollback", "--yes")
    assert (code, err) == (0, "")
    assert f"Rolling back 'team-playbook' restores v{v1} (0 approved lessons) in place of 1 approved lesson:" in out
    assert out.endswith(f"Restored 'team-playbook' from v{v1}: 0 approved lessons.\n")
    assert store.read("approved.json") == []
    [gone] = store.read("retired.json")
    assert gone["id"] == "L-aaaa0001"
    assert not list(store.path("versions").glob("v*.json"))
    # and nothing is left to roll back to
    assert cli("rollback", "--yes")[0] == 1


# --- moved from test_gate.py: the rollback itself ----------------------------------------------------

def test_promote_and_rollback_round_trip(store, cli):
    v1 = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)]
    store.approved(v1)
    v1_bytes = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=2), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    [number] = versions(store)
    store.candidate([lesson("L-aaaa0001", CENTS, helpful=3)])  # a newer candidate, built on the new set

    code, out, err = cli("rollback", "--yes")

    assert (code, err) == (0, "")
    assert f"Restored 'team-playbook' from v{number}: 2 approved lessons.\nThe candidate is no longer staged" in out
    assert store.path("approved.json").read_bytes() == v1_bytes
    assert not store.path("candidate.json").exists()
    assert not store.path(f"versions/v{number}.json").exists()
    # The lesson only the rolled-back set had stays findable.
    [gone] = store.read("retired.json")
    assert (gone["id"], gone["reason"]) == ("L-cccc0003", f"rolled back (approved set restored from v{number})")
    entry = store.history()[-1]
    assert (entry["op"], entry["version"], entry["discarded_candidate"]) == ("rollback", number, True)
    assert (entry["added"], entry["removed"]) == (["L-bbbb0002"], ["L-cccc0003"])

    code, out, _ = cli("search", "snake_case")
    assert "[L-cccc0003] retired: " in out


def test_two_promotes_roll_back_one_at_a_time(store, cli):
    sets = [[lesson("L-aaaa0001", CENTS)],
            [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)],
            [lesson("L-bbbb0002", CTE), lesson("L-cccc0003", SNAKE)]]
    store.approved(sets[0])
    for later in sets[1:]:
        store.candidate(later)
        assert cli("promote", "--yes")[0] == 0
    first, second = versions(store)  # newest last, however fast the promotes came
    assert [p.name for p in sorted(store.path("versions").iterdir())] == [f"v{first}.json", f"v{second}.json"]
    assert cli("rollback", "--yes")[1].endswith(f"Restored 'team-playbook' from v{second}: 2 approved lessons.\n")
    assert store.path("approved.json").read_text() == canonical_json(sets[1])
    assert cli("rollback", "--yes")[1].endswith(f"Restored 'team-playbook' from v{first}: 1 approved lesson.\n")
    assert store.path("approved.json").read_text() == canonical_json(sets[0])
    assert [x["id"] for x in store.read("retired.json")] == ["L-cccc0003", "L-bbbb0002"]


def test_rollback_with_no_versions(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-cccc0003", SNAKE)])
    before = store.snapshot()
    code, out, err = cli("rollback", "--yes")
    assert (code, out) == (1, "")
    assert err == ("Error: no archived version of 'team-playbook' to roll back to. Each `learn promote` archives "
                   "the approved set it replaces, and each rollback uses one up.\n")
    assert store.snapshot() == before


def test_rollback_of_an_unreadable_version_changes_nothing(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("versions/v1.json", "[oops")
    before = store.snapshot()
    code, _, err = cli("rollback", "--yes")
    assert code == 1
    assert err.startswith(f"Error: {store.path('versions/v1.json')} cannot be read: invalid JSON")
    assert store.snapshot() == before


def test_rollback_recovers_from_a_broken_approved_file(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    v1 = store.path("approved.json").read_bytes()
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    store.write("approved.json", "[{ merge conflict <<<<<<<")
    code, out, _ = cli("rollback", "--yes")
    assert code == 0
    assert "in place of an unreadable approved.json:" in out
    assert "The unreadable approved.json was kept as " in out
    assert store.path("approved.json").read_bytes() == v1
    [aside] = list(store.dir.glob("approved.json.malformed-*"))
    assert aside.read_text() == "[{ merge conflict <<<<<<<"


# --- the plan is what is rolled back -----------------------------------------------------------------

def test_a_store_that_changes_while_the_person_reads_the_plan_is_not_rolled_back(store, cli):
    promoted_twice(store, cli)
    live = Store(project(store.root), "team-playbook")

    def confirm(plan) -> bool:
        store.candidate([lesson("L-dddd0004", SNAKE)])  # a reflection staged a candidate meanwhile
        return True

    before_approved = store.path("approved.json").read_bytes()
    with pytest.raises(RollbackRefused, match="changed since the rollback was shown"):
        rollback(live, interactive=True, confirm=confirm)
    assert store.path("approved.json").read_bytes() == before_approved
    assert store.path("candidate.json").exists() and not candidate_copies(store)
