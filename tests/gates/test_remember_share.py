"""`learn remember --approve` changes approved.json as `learn promote` does, so it says what to commit as promote does
(trial25: a new user's first lesson, taught with `learn remember --approve` as `learn promote`'s hint suggests, ended
on the rollback hint; the lesson stayed on one machine, and a replaced lesson's shared record stayed untracked)."""

from __future__ import annotations

from tests.conftest import git

OLD = "Use uv to install Python packages, never pip."
NEW = "Use uv to install Python packages, never pip or pip-tools."


def test_the_first_approved_rule_says_what_to_commit_and_a_replacement_names_its_shared_record(git_repo, cli):
    code, out, err = cli("remember", OLD, "--approve")
    assert (code, err) == (0, "")
    assert out.endswith("Share them with your team: commit .altimate-code/learn/team-playbook/approved.json (`git add "
                        ".altimate-code/learn/team-playbook .altimate-code/learn/.gitignore`, then `git commit`); "
                        "teammates get the lessons with their next pull.\n"), out
    git(git_repo, "add", ".altimate-code")
    git(git_repo, "commit", "-qm", "learn: first rule")
    code, out, err = cli("remember", NEW, "--approve")
    assert (code, err) == (0, "")
    assert out.startswith("Replaced an earlier lesson: ")
    assert out.endswith("Recorded why 1 lesson left in .altimate-code/learn/team-playbook/retired/: commit it with "
                        "approved.json, so teammates' clones do not propose it again.\n"), out
    assert "Share them" not in out  # approved.json is in git already
