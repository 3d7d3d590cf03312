"""`learn status` in the middle of a rebase (HEAD detached while the branch's commits are replayed) said "with a
detached HEAD at <sha>" and "this branch's set differs from main's (1 only on this branch); merging the branch
brings it there": the branch is being rebased, not merged, and HEAD is not yet the branch (trial23)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import git


def test_status_says_a_rebase_is_under_way_instead_of_comparing_a_detached_head(git_repo: Path, cli):
    assert cli("remember", "--approve", "Prefer pathlib over os.path in new code.")[0] == 0
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "a lesson")
    git(git_repo, "checkout", "-qb", "feature")
    assert cli("remember", "--approve", "Run the formatter before every commit.")[0] == 0
    (git_repo / "README.md").write_text("# feature\n")
    git(git_repo, "commit", "-qam", "feature work")
    git(git_repo, "checkout", "-q", "main")
    (git_repo / "README.md").write_text("# main\n")
    git(git_repo, "commit", "-qam", "main work")
    onto = git(git_repo, "rev-parse", "--short=7", "HEAD").strip()
    git(git_repo, "checkout", "-q", "feature")
    assert subprocess.run(["git", "rebase", "main"], cwd=git_repo, capture_output=True).returncode != 0  # a conflict
    code, out, err = cli("status")
    assert code == 0, err
    assert f"(this checkout, in the middle of rebasing feature onto {onto})" in out
    assert ("  approved: not compared with the default branch's until the rebase is finished (`git rebase "
            "--continue`, or `git rebase --abort`).") in out.splitlines()
    assert "detached HEAD" not in out and "differs from" not in out
    info = json.loads(cli("status", "--json")[1])["worktree"]
    assert info["rebase"] == {"branch": "feature", "onto": onto} and info["approved_vs_default"] is None
    git(git_repo, "rebase", "--abort")
    code, out, _ = cli("status")
    assert "(this checkout, on branch feature)" in out
    assert "approved: this branch's set differs from main's (1 only on this branch)" in out
    assert json.loads(cli("status", "--json")[1])["worktree"]["rebase"] is None
