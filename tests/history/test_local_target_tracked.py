"""A personal memory never goes into an AGENTS.local.md that git tracks (a repository that committed one): the
person's own file would carry it into the next `git commit -a` (review21 on 091e45a7: learn added the name to
.gitignore, which does not untrack a committed file, and wrote the memory there)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.history.test_memory_import import by_name, claude_folder, memory, run_json, write

ROLE = "The user is a data engineer on the payments team who prefers terse answers."


def test_a_user_memory_is_not_written_into_a_tracked_local_file(cli, git_repo: Path):
    local = git_repo / "AGENTS.local.md"
    local.write_text("# Local notes\n\nShared by mistake.\n")
    subprocess.run(["git", "add", "AGENTS.local.md"], cwd=git_repo, check=True)
    subprocess.run(["git", "commit", "-qm", "local notes"], cwd=git_repo, check=True)
    write(claude_folder(git_repo), "user_role.md", memory("role", "user", ROLE))
    result = run_json(cli, "--type", "feedback,project,user")
    role = by_name(result)["role"]
    assert role["status"] == "waiting"  # before: "local", and the memory was in the committed file
    assert "tracked" in role["reason"] and "git rm --cached" in " ".join(result["notes"])
    assert local.read_text() == "# Local notes\n\nShared by mistake.\n"
    status = subprocess.run(["git", "status", "--porcelain"], cwd=git_repo, capture_output=True, text=True).stdout
    assert "AGENTS.local.md" not in status
