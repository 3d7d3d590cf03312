"""review22 R22-8: `git am` keeps its state in .git/rebase-apply too (with an `applying` file and no head-name), on the
branch, HEAD not detached: `learn status` said "in the middle of rebasing a detached HEAD" and compared nothing."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import git


def test_status_mid_git_am_is_on_its_branch_not_mid_rebase(git_repo: Path, cli, tmp_path: Path):
    (git_repo / "README.md").write_text("# one\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "one")
    (git_repo / "README.md").write_text("# two\n")
    git(git_repo, "commit", "-qam", "two")
    patches = tmp_path / "patches"
    git(git_repo, "format-patch", "-q", "-1", "-o", str(patches))
    git(git_repo, "reset", "-q", "--hard", "HEAD~1")
    (git_repo / "README.md").write_text("# three\n")
    git(git_repo, "commit", "-qam", "three")
    patch = next(patches.iterdir())
    assert subprocess.run(["git", "am", str(patch)], cwd=git_repo, capture_output=True).returncode != 0  # a conflict
    assert (git_repo / ".git" / "rebase-apply" / "applying").exists()
    code, out, err = cli("status")
    assert code == 0, err
    assert "in the middle of rebasing" not in out and "detached HEAD" not in out
    assert "(this checkout, on branch main)" in out
    assert json.loads(cli("status", "--json")[1])["worktree"]["rebase"] is None
