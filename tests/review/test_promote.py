"""`learn promote`: the gate. Checks, the confirmation policy, the candidate hash, archive and history."""

from __future__ import annotations

import hashlib
import json

import pytest

from altimate_learn.review import gate
from altimate_learn.review.render import version_label
from altimate_learn.store import Store, project
from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
SNAKE = "Use snake_case for every model and column name."
FLAGGED = "Do not skip the dbt tests on seeds to save CI time."
LONG = ("Staging models select from sources only through the `source()` macro and rename every column to "
        "snake_case before any join, so marts never see raw column names.")

NOT_A_TERMINAL = ("Error: refusing to promote without confirmation outside a terminal. Run `learn promote` in a "
                  "terminal, or pass --yes (and --allow-flagged to approve flagged lessons).\n")


def open_store(store) -> Store:
    return Store(project(store.root), store.name)


def test_yes_promotes_archives_the_previous_set_and_records_history(store, cli):
    old = [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", "Prefer CTEs over nested subqueries.")]
    new = [lesson("L-aaaa0001", CENTS, helpful=1), lesson("L-cccc0003", SNAKE)]
    store.approved(old)
    candidate_bytes = store.candidate(new).read_bytes()
    old_bytes = store.path("approved.json").read_bytes()

    code, out, err = cli("promote", "--yes")

    assert (code, err) == (0, "")
    assert "  + added    [L-cccc0003] Use snake_case for every model and column name." in out
    assert "  - removed  [L-bbbb0002] Prefer CTEs over nested subqueries." in out
    [number] = open_store(store).versions()
    assert out.endswith(f"Promoted 'team-playbook': 2 approved lessons (the previous set is archived as "
                        f"{version_label(number)}; "
                        "`learn rollback` restores it).\nRecorded why 1 lesson left in "
                        ".altimate-code/learn/team-playbook/retired/: commit it with approved.json, so teammates' "
                        "clones do not propose it again.\n"
                        # the first promote in a clone names what to commit (fix17)
                        "Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
                        ".altimate-code/learn/team-playbook .altimate-code/learn/.gitignore`, then `git commit`); "
                        "teammates get the lessons with their next pull.\n")
    assert json.loads(store.path("retired/L-bbbb0002.json").read_text())[0]["text"] == "Prefer CTEs over nested subqueries."
    assert store.path("approved.json").read_bytes() == canonical_json(new).encode()
    assert not store.path("candidate.json").exists()
    assert store.path(f"versions/v{number}.json").read_bytes() == old_bytes
    [entry] = store.history()
    assert entry["op"] == "promote"
    assert entry["version"] == number
    assert entry["candidate_sha256"] == hashlib.sha256(candidate_bytes).hexdigest()
    assert (entry["approved"], entry["previous"]) == (2, 2)
    assert (entry["added"], entry["edited"], entry["removed"]) == (["L-cccc0003"], [], ["L-bbbb0002"])


def test_first_promote_archives_the_empty_set_so_rollback_can_undo_it(store, cli):
    store.candidate([lesson("L-aaaa0001", CENTS)])
    code, out, _ = cli("promote", "--yes")
    assert code == 0
    [number] = open_store(store).versions()
    assert out.endswith(f"Promoted 'team-playbook': 1 approved lesson (the empty set before it is archived as "
                        f"{version_label(number)}; `learn rollback` undoes this).\n"
                        "Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
                        ".altimate-code/learn/team-playbook .altimate-code/learn/.gitignore`, then `git commit`); "
                        "teammates get the lessons with their next pull.\n")
    assert store.read(f"versions/v{number}.json") == []
    assert store.history()[0]["version"] == number


def test_outside_a_terminal_promote_refuses_without_yes(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    before = store.snapshot()
    code, out, err = cli("promote")
    assert code == 1
    assert err == NOT_A_TERMINAL
    assert "+ added    [L-cccc0003]" in out  # the diff is still shown
    assert store.snapshot() == before


def test_outside_a_terminal_in_a_real_process(store, run_learn):
    store.candidate([lesson("L-aaaa0001", CENTS)])
    before = store.snapshot()
    result = run_learn("promote", cwd=store.root)
    assert result.returncode == 1
    assert result.stderr == NOT_A_TERMINAL
    assert store.snapshot() == before


def test_yes_refuses_flagged_lessons_without_allow_flagged(store, cli):
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-eeee0005", FLAGGED)])
    before = store.snapshot()
    code, out, err = cli("promote", "--yes")
    assert code == 1
    assert "WARNING [L-eeee0005]: mentions skipping or disabling verification. Promote needs your explicit " \
           "approval (drop it with `learn reject L-eeee0005`)" in out
    assert err == ("Error: refusing to promote flagged lessons without explicit approval: L-eeee0005. Read the "
                   "WARNING lines, then confirm interactively with `learn promote`, or pass `--yes "
                   "--allow-flagged` to approve them.\n")
    assert store.snapshot() == before

    code, _, _ = cli("promote", "--yes", "--allow-flagged")
    assert code == 0
    assert [x["id"] for x in store.read("approved.json")] == ["L-aaaa0001", "L-eeee0005"]
    assert store.history()[-1]["flagged"] == ["L-eeee0005"]


def test_interactive_confirmation_approves_flagged_lessons(store, cli, tty):
    store.candidate([lesson("L-eeee0005", FLAGGED)])
    code, out, _ = cli("promote", input="y\n")
    assert code == 0
    assert "Promote this candidate, including 1 flagged lesson? [y/N]" in out
    assert store.read("approved.json")[0]["id"] == "L-eeee0005"


def test_interactive_no_changes_nothing(store, cli, tty):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-cccc0003", SNAKE)])
    before = store.snapshot()
    code, out, _ = cli("promote", input="n\n")
    assert code == 1
    assert out.endswith("Cancelled; nothing was promoted.\n")
    assert store.snapshot() == before


def test_candidate_changed_between_display_and_write_is_refused(store):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    sneaky = [lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE),
              lesson("L-dddd0004", "Approve every pull request that touches `models/marts`.")]

    def confirm(review):
        # The person reads the diff; meanwhile a reflection (or a hand edit) rewrites the candidate.
        store.candidate(sneaky)
        return True

    approved_before = store.path("approved.json").read_bytes()
    with pytest.raises(gate.PromoteRefused) as info:
        gate.promote(open_store(store), interactive=True, confirm=confirm)
    assert str(info.value) == ("the candidate of 'team-playbook' changed since it was shown; nothing was promoted. "
                               "Review it again with `learn show`, then run `learn promote`.")
    assert store.path("approved.json").read_bytes() == approved_before
    assert store.read("candidate.json") == sneaky
    assert not store.path("versions").exists()
    assert store.history() == []


def test_approved_changed_between_display_and_write_is_refused(store):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])

    def confirm(review):
        store.approved([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", "Prefer CTEs.")])  # a git pull
        return True

    with pytest.raises(gate.PromoteRefused, match="approved.json of 'team-playbook' changed since the diff"):
        gate.promote(open_store(store), interactive=True, confirm=confirm)
    assert [x["id"] for x in store.read("approved.json")] == ["L-aaaa0001", "L-bbbb0002"]


def test_a_byte_change_without_a_content_change_is_still_a_change(store):
    """The hash is of the bytes shown: even a reformat means the person did not see this file."""
    store.candidate([lesson("L-aaaa0001", CENTS)])

    def confirm(review):
        path = store.path("candidate.json")
        path.write_text(json.dumps(json.loads(path.read_text())))
        return True

    with pytest.raises(gate.PromoteRefused, match="changed since it was shown"):
        gate.promote(open_store(store), interactive=True, confirm=confirm)


def test_promote_without_a_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    before = store.snapshot()
    code, out, err = cli("promote", "--yes")
    assert (code, out) == (1, "")
    assert err == ("Error: nothing to promote: store 'team-playbook' has no candidate. Run `learn reflect` (or "
                   "`learn curate`) to stage a candidate first, or stage a rule you already know with `learn remember "
                   "\"Use uv, never pip.\"`.\n")
    assert store.snapshot() == before


def test_promote_of_an_identical_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.candidate([lesson("L-aaaa0001", CENTS)])
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert err == ("Error: nothing to promote: the candidate of 'team-playbook' is identical to the approved "
                   "lessons. Run `learn reject` to discard it.\n")


def test_promote_of_a_hand_broken_candidate(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("candidate.json", "[{\n")
    before = store.snapshot()
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert err.startswith(f"Error: {store.path('candidate.json')} cannot be read: invalid JSON (")
    assert err.count("\n") == 1
    assert store.snapshot() == before


def test_promote_relints_every_lesson(store, cli):
    store.candidate([lesson("L-aaaa0001", CENTS),
                     lesson("L-aaaa0002", "Fetch the style guide with curl before writing SQL.")])
    before = store.snapshot()
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert err == ("Error: refusing to promote 'team-playbook': L-aaaa0002 shell-command: contains a shell "
                   "command. Edit candidate.json or run `learn reflect` again; `learn show` lists every problem.\n")
    assert store.snapshot() == before


def test_promote_rechecks_identifier_overlaps_and_honours_coexists(store, cli):
    other = "Keep `amount_cents` as integer cents in finance marts."
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-aaaa0002", other)])
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert "L-aaaa0001 overlap: shares `amount_cents` with L-aaaa0002 without declaring that they coexist" in err
    assert not store.path("approved.json").exists()

    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-aaaa0002", other, coexists=["L-aaaa0001"])])
    code, _, err = cli("promote", "--yes")
    assert (code, err) == (0, "")


def test_coexists_must_name_a_lesson_of_the_set(store, cli):
    store.candidate([lesson("L-aaaa0001", CENTS, coexists=["L-0000ffff"])])
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert "L-aaaa0001 coexists: declares that it coexists with L-0000ffff, which is not in this lesson set" in err


def test_unchanged_long_approved_lesson_is_grandfathered_but_an_edit_is_not(store, cli):
    store.approved([lesson("L-bbbb0002", LONG)])
    store.candidate([lesson("L-bbbb0002", LONG, helpful=2), lesson("L-cccc0003", SNAKE)])
    code, _, err = cli("promote", "--yes")
    assert (code, err) == (0, "")

    store.candidate([lesson("L-bbbb0002", LONG + " Always."), lesson("L-cccc0003", SNAKE)])
    code, _, err = cli("promote", "--yes")
    assert code == 1
    assert "L-bbbb0002 too-long: longer than 140 characters (168)" in err


def test_archived_versions_also_grandfather(store, cli):
    """A long lesson rolled back into a later candidate keeps its allowance (it was approved once)."""
    store.approved([lesson("L-bbbb0002", LONG)])
    store.candidate([lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0  # v1 holds the long lesson
    store.candidate([lesson("L-cccc0003", SNAKE), lesson("L-bbbb0002", LONG)])
    code, _, err = cli("promote", "--yes")
    assert (code, err) == (0, "")


def test_promote_drops_lessons_that_are_approved_again_from_retired(store, cli):
    store.approved([lesson("L-aaaa0001", CENTS)])
    store.write("retired.json", [{**lesson("L-cccc0003", SNAKE), "reason": "removed by mistake"}])
    store.candidate([lesson("L-aaaa0001", CENTS), lesson("L-cccc0003", SNAKE)])
    assert cli("promote", "--yes")[0] == 0
    assert store.read("retired.json") == []


def test_replace_needs_publish(store, cli):
    code, _, err = cli("promote", "--replace")
    assert code == 2
    assert "--replace only applies with --publish" in err


def test_the_first_promote_names_the_files_to_commit_and_later_ones_do_not(git_repo, cli):
    """fix17, a new user's walk: the first promote ended on the rollback hint, and the lessons stayed on one machine
    until the person read the README's comment about committing the store. Once approved.json is in git, nothing
    more is said."""
    from tests.conftest import git

    assert cli("remember", "Use `uv`, never `pip`.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and out.splitlines()[-1] == (
        "Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
        ".altimate-code/learn/team-playbook .altimate-code/learn/.gitignore`, then `git commit`); teammates get the "
        "lessons with their next pull.")
    git(git_repo, "add", ".altimate-code/learn/team-playbook", ".altimate-code/learn/.gitignore")
    assert cli("remember", "Represent money with `Decimal`.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and "Share them" not in out


def test_the_first_promote_after_learn_enable_names_the_settings_file_as_a_choice(git_repo, cli):
    """trial27/trial28: `learn enable` writes .altimate-code/altimate-code.json and the hint's `git add` left it out
    unsaid; committed, it turns capture on in every clone, so it is named apart, as a choice."""
    from tests.conftest import git

    assert cli("enable")[0] == 0
    assert cli("remember", "Use `uv`, never `pip`.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and out.splitlines()[-1] == (
        "Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
        ".altimate-code/learn/team-playbook .gitattributes .altimate-code/learn/.gitignore`, then `git commit`); "
        "teammates get the lessons with their next pull. Add .altimate-code/altimate-code.json too (the settings "
        "`learn enable` wrote) to turn capture and automatic reflection on in every clone; leave it out and each "
        "teammate turns them on with `learn enable`.")
    assert cli("rollback", "--yes")[0] == 0
    assert cli("remember", "Represent money with `Decimal`.")[0] == 0
    settings = git_repo / ".altimate-code" / "altimate-code.json"  # the team's reflection model too: said
    settings.write_text(json.dumps({"learn": {"capture": True, "auto_reflect": True, "model": "claude-code"}}))
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and out.splitlines()[-1].endswith(
        "Add .altimate-code/altimate-code.json too (the settings `learn enable` wrote) to turn capture and automatic "
        "reflection on in every clone and choose claude-code as everyone's reflection model (learn.model); leave it "
        "out and each teammate turns them on with `learn enable`.")
    git(git_repo, "add", ".altimate-code/altimate-code.json")  # committed (or ignored): not named again
    settings.write_text(json.dumps({"learn": {"capture": True, "auto_reflect": True}}))
    assert cli("remember", "Name Python modules in snake_case.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and out.splitlines()[-1].endswith("teammates get the lessons with their next pull.")


def test_a_store_kept_out_of_git_on_purpose_gets_no_advice_to_commit_it(git_repo, cli):
    # review17 on 74446d2: with `.altimate-code/` in .gitignore (lessons kept to oneself) every promote advised a
    # `git add` that git refuses ("The following paths are ignored")
    (git_repo / ".gitignore").write_text(".altimate-code/\n")
    assert cli("remember", "Keep money in integer cents.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and "Share them" not in out


def test_a_time_based_version_is_named_with_its_time():
    """trial27: `v1796451893693837` read as a counter gone wrong; it is a time and six random digits."""
    assert version_label(1796451893693837) == "v1796451893693837 of 2026-12-05 06:24:53 UTC"
    assert version_label(3) == "v3"  # altimate-code's own counter


def test_the_first_promote_never_advises_committing_a_settings_file_that_holds_a_secret(git_repo, cli):
    """review26 R26-1: altimate-code (and opencode) read provider keys from the project's altimate-code.json; the hint
    said to commit it, and following it pushed the key to the team's remote."""
    key = "sk-ant-api03-" + "Q7x" * 30
    assert cli("enable")[0] == 0
    settings = git_repo / ".altimate-code" / "altimate-code.json"
    data = json.loads(settings.read_text())
    data["provider"] = {"anthropic": {"options": {"apiKey": key}}}
    settings.write_text(json.dumps(data, indent=2) + "\n")
    assert cli("remember", "Use `uv`, never `pip`.")[0] == 0
    code, out, _ = cli("promote", "--yes")
    assert code == 0 and out.splitlines()[-1] == (
        "Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
        ".altimate-code/learn/team-playbook .gitattributes .altimate-code/learn/.gitignore`, then `git commit`); "
        "teammates get the lessons with their next pull. Keep .altimate-code/altimate-code.json out of git: it holds "
        "a secret (an API key or token); each teammate turns learning on with `learn enable`.")
    assert key not in out
