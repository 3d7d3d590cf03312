"""Claude Code 2.1.332 started with `--worktree`: a lesson approved on main reaches the agent in the worktree,
a correction typed there is captured live into the repository's store, the main checkout lists the session,
and both survive `git worktree remove`."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.e2e.agents import claude_env, claude_session_id, run_claude
from tests.e2e.helpers import CORRECTION, TASK, learn_ok, marker_hits, prepare_project, signals

pytestmark = pytest.mark.e2e


def git(world, *args: str) -> None:
    subprocess.run(["git", *args], cwd=world.project, check=True, capture_output=True)  # the tests' git identity


def test_claude_worktree_session_shares_the_repository_store(world, claude_bin):
    prepare_project(world)
    learn_ok(world, "install", "claude-code")
    git(world, "add", "-A")
    git(world, "commit", "-q", "-m", "lessons, learn config and hooks")  # what teammates and worktrees get
    world.set_script([{"text": "Fixed the rounding."}, {"text": "Understood, cents_to_dollars from now on."}])
    first = run_claude(world, claude_bin, TASK, "--worktree", "agent-a").check()
    sid = claude_session_id(first)
    tree = world.project / ".claude" / "worktrees" / "agent-a"
    assert (tree / ".git").is_file()  # Claude Code made a real linked worktree and ran there
    assert marker_hits(world)[0]["core"]  # the lesson approved on main was delivered inside the worktree

    resumed = world.run([claude_bin, "-p", CORRECTION, "--output-format", "json", "--permission-mode",
                         "acceptEdits", "--resume", sid], env=claude_env(world), cwd=tree).check()
    assert resumed.returncode == 0
    live = signals(world)  # read in the main checkout
    assert [(s["sessionID"], s["text"]) for s in live] == [(sid, CORRECTION)], live
    assert not (tree / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()
    listed = json.loads(learn_ok(world, "sessions", "--json"))
    assert sid in {s["id"] for s in listed}

    git(world, "worktree", "remove", "--force", "--force", str(tree))  # Claude Code locks its worktrees
    assert [(s["sessionID"], s["text"]) for s in signals(world)] == [(sid, CORRECTION)]
    assert sid in {s["id"] for s in json.loads(learn_ok(world, "sessions", "--json"))}
