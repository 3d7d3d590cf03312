"""review22 R22-13: in a linked worktree the agent's own memory bullets are not given back to it either: the record of
what import-memories wrote (`memories.json`) is local state, kept in the main checkout's learn folder."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import git
from tests.deliver.helpers import write_store
from tests.harness.test_learned_notes import MINE, PERSONAL, block, start


def test_in_a_worktree_the_agents_own_memory_is_not_given_back_to_it(git_repo: Path, run_learn):
    from tests.history.test_memory_import import claude_folder, memory, write

    write_store(git_repo, [])
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "store")
    tree = git_repo.parent / "wt-agent"
    git(git_repo, "worktree", "add", "-q", "-b", "agent-1", str(tree))
    write(claude_folder(tree), "user_db.md", memory("db-port", "user", PERSONAL))
    (tree / "AGENTS.local.md").write_text(block(MINE))
    done = run_learn("import-memories", "--type", "user", cwd=tree)
    assert done.returncode == 0, done.stderr
    assert PERSONAL in (tree / "AGENTS.local.md").read_text()
    assert not list((tree / ".altimate-code" / "learn").glob("*/memories.json"))  # local state: the main checkout's
    assert PERSONAL in start("codex", tree)
    mine = start("claude-code", tree)
    assert PERSONAL not in mine and MINE in mine
