"""Store names and lesson ids as people type them (issue 12, item 7).

- `--name 'a b'` is refused: a store name is letters, digits, '-', '_' and '.';
- a command that only reads, given a store name that does not exist, says so and names the closest store
  (a typo must not look like an empty store); a command that writes warns when it is about to create a
  store one typo away from an existing one;
- lesson ids take unique prefixes, as session ids do; an ambiguous prefix lists the lessons it fits.
"""

from __future__ import annotations

import pytest

from altimate_learn.errors import LearnError
from altimate_learn.store import validate_store_name
from tests.review.conftest import StoreFiles, lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
SNAKE = "Use snake_case for every model and column name."
CTE = "Prefer CTEs over nested subqueries."


@pytest.mark.parametrize(("name", "problem"), [
    ("a b", "it contains a space"),
    ("team\tplaybook", "it contains control characters"),
    ("rules@work", "it contains '@'"),
    ("café", "it contains 'é'"),
    ("x$(id)", "it contains '$', '(', ')'"),
])
def test_store_names_outside_letters_digits_dash_underscore_dot_are_refused(name, problem):
    with pytest.raises(LearnError) as info:
        validate_store_name(name)
    assert problem in str(info.value)


def test_the_cli_refuses_a_name_with_a_space_and_creates_nothing(git_repo, cli):
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case.", "--name", "a b")
    assert code == 1
    assert err.startswith("Error: invalid store name 'a b': it contains a space. Use a plain name such as "
                          "'team-playbook' (letters, digits, '-', '_', '.';")
    assert not (git_repo / ".altimate-code" / "learn" / "a b").exists()


def test_a_store_folder_an_older_version_made_with_a_space_stays_readable(git_repo, cli):
    StoreFiles(git_repo, "old rules").approved([lesson("L-aaaa0001", CENTS)])
    code, out, _ = cli("show", "--name", "old rules")
    assert code == 0 and "L-aaaa0001" in out


@pytest.mark.parametrize("command", [
    ["show"], ["search", "cents"], ["signals"], ["status"], ["pin", "L-aaaa0001"], ["reject"],
    ["rollback", "--yes"], ["publish"], ["reflect", "--pending", "--model", "builtin"],
])
def test_read_commands_name_the_closest_store_for_a_misspelt_one(git_repo, cli, command):
    StoreFiles(git_repo).approved([lesson("L-aaaa0001", CENTS)])
    StoreFiles(git_repo, "frontend").approved([lesson("L-bbbb0002", SNAKE)])
    before = sorted(p.name for p in (git_repo / ".altimate-code" / "learn").iterdir())
    code, out, err = cli(*command, "--name", "fronted")
    assert (code, out) == (1, "")
    assert err == ("Error: store 'fronted' does not exist (no folder .altimate-code/learn/fronted). Did you mean "
                   "--name frontend? Stores here: frontend, team-playbook.\n")
    assert sorted(p.name for p in (git_repo / ".altimate-code" / "learn").iterdir()) == before


def test_a_name_close_to_nothing_lists_the_stores(git_repo, cli):
    StoreFiles(git_repo).approved([lesson("L-aaaa0001", CENTS)])
    assert cli("show", "--name", "zzz")[2] == (
        "Error: store 'zzz' does not exist (no folder .altimate-code/learn/zzz). Stores here: team-playbook.\n")


def test_the_default_store_of_a_fresh_project_is_empty_not_an_error(git_repo, cli):
    code, out, err = cli("show")
    assert code == 0 and err == ""


def test_a_write_command_warns_before_creating_a_store_one_typo_away(git_repo, cli):
    StoreFiles(git_repo).approved([lesson("L-aaaa0001", CENTS)])
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case.", "--name", "team-playbok")
    assert code == 0
    assert err == ("Warning: store 'team-playbok' does not exist yet and will be created; did you mean "
                   "--name team-playbook?\n")
    assert (git_repo / ".altimate-code" / "learn" / "team-playbok" / "signals.jsonl").exists()


# --- lesson id prefixes ------------------------------------------------------------------------------

def test_pin_takes_a_unique_prefix_with_or_without_the_L(git_repo, cli):
    files = StoreFiles(git_repo)
    files.approved([lesson("L-3f2a91c0", CENTS), lesson("L-77aa0002", SNAKE)])
    code, out, err = cli("pin", "L-3f2a")
    assert (code, err) == (0, "")
    assert out == f"Pinned [L-3f2a91c0] {CENTS}\n"
    assert cli("unpin", "3F2")[1] == f"Unpinned [L-3f2a91c0] {CENTS}\n"


def test_an_ambiguous_prefix_lists_the_lessons_and_changes_nothing(git_repo, cli):
    files = StoreFiles(git_repo)
    files.approved([lesson("L-3f2a91c0", CENTS), lesson("L-3f88aa01", SNAKE), lesson("L-77aa0002", CTE)])
    before = files.snapshot()
    assert cli("pin", "L-3f") == (1, "", "Error: lesson id prefix 'L-3f' matches 2 lessons: L-3f2a91c0, L-3f88aa01. "
                                         "Give more of the id.\n")
    assert files.snapshot() == before


def test_a_one_digit_prefix_is_not_taken(git_repo, cli):
    StoreFiles(git_repo).approved([lesson("L-3f2a91c0", CENTS)])
    code, _, err = cli("pin", "L-3")
    assert code == 1 and err.startswith("Error: no approved lesson L-3 in store 'team-playbook'.")


def test_reject_takes_prefixes_of_staged_lessons(git_repo, cli):
    files = StoreFiles(git_repo)
    files.approved([lesson("L-3f2a91c0", CENTS)])
    files.candidate([lesson("L-3f2a91c0", CENTS), lesson("L-9c1d20aa", SNAKE), lesson("L-9e000001", CTE)])
    code, out, err = cli("reject", "9c1d")
    assert (code, err) == (0, "")
    assert out.startswith(f"Dropped [L-9c1d20aa] {SNAKE}\n")
    assert [x["id"] for x in files.read("candidate.json")] == ["L-3f2a91c0", "L-9e000001"]
    code, _, err = cli("reject", "L-9")  # one hex digit: not a prefix
    assert code == 1 and err.startswith("Error: no staged change for lesson L-9 in the candidate of 'team-playbook'.")
