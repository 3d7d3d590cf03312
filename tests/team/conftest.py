"""Teammates as real git clones of one bare origin, each running the `learn` command line (in-process through its
entry point; git's merge driver and the hooks as real processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import git, learn_in_process
from tests.deliver.helpers import context_of, run_hook

STORE = Path(".altimate-code") / "learn" / "team-playbook"


class Clone:
    """One teammate's checkout."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def approved_path(self) -> Path:
        return self.root / STORE / "approved.json"

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=self.root, capture_output=True, text=True, check=check,
                              stdin=subprocess.DEVNULL)

    def learn(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """`learn ARGS` in this checkout, through the installed command's entry point, in this process (as a child
        process would see it: tests/conftest.py `learn_in_process`); LEARN_TESTS_SUBPROCESS=1 starts a real `learn`
        process for each instead (the same tests pass either way). git's merge driver and the hooks always run as
        the real processes git and the agents start."""
        if os.environ.get("LEARN_TESTS_SUBPROCESS") == "1":
            env = {k: v for k, v in os.environ.items() if not k.startswith("ALTIMATE_LEARN")}
            proc = subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=self.root,
                                  capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
        else:
            proc = learn_in_process(*args, cwd=self.root)
        if check:
            assert proc.returncode == 0, f"learn {' '.join(args)}: {proc.stdout}{proc.stderr}"
        return proc

    def stage(self, *deltas: dict[str, Any]) -> None:
        """Stage ``deltas`` through the curator and leave them waiting (not promoted)."""
        path = self.root.parent / f"deltas-{uuid.uuid4().hex[:8]}.json"
        path.write_text(json.dumps(list(deltas)))
        self.learn("curate", "--deltas", str(path))

    def promote(self, *deltas: dict[str, Any]) -> None:
        """Stage ``deltas`` through the curator and promote them, as a person would."""
        self.stage(*deltas)
        self.learn("promote", "--yes", "--allow-flagged")

    def add(self, text: str, **extra: Any) -> str:
        before = set(self.ids())
        self.promote({"op": "ADD", "text": text, "reason": "review", **extra})
        [new] = set(self.ids()) - before
        return new

    def commit(self, message: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def approved(self) -> list[dict[str, Any]]:
        return json.loads(self.approved_path.read_text(encoding="utf-8"))

    def ids(self) -> list[str]:
        return [x["id"] for x in self.approved()] if self.approved_path.exists() else []

    def lesson(self, lesson_id: str) -> dict[str, Any]:
        return next(x for x in self.approved() if x["id"] == lesson_id)

    def session_start(self) -> str:
        """What a new Claude Code session is given by the real hook."""
        payload = {"session_id": str(uuid.uuid4()), "transcript_path": str(self.root / "t.jsonl"),
                   "cwd": str(self.root), "hook_event_name": "SessionStart", "source": "startup"}
        proc = run_hook("claude-code", payload, cwd=self.root)
        assert proc.returncode == 0 and proc.stderr == ""
        return context_of(proc.stdout)


class Team:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.origin = tmp / "origin.git"
        git(tmp, "init", "-q", "--bare", "-b", "main", str(self.origin))
        seed = tmp / "seed"
        git(tmp, "clone", "-q", str(self.origin), str(seed))
        (seed / "README.md").write_text("# project\n")
        git(seed, "add", "README.md")
        git(seed, "commit", "-q", "-m", "init")
        git(seed, "push", "-q", "origin", "main")

    def clone(self, name: str, *config: str, setup: bool = True) -> Clone:
        dest = self.tmp / name
        extra = [arg for item in config for arg in ("-c", item)]
        git(self.tmp, "clone", "-q", *extra, str(self.origin), str(dest))
        clone = Clone(dest)
        if setup:
            clone.learn("install", "git")
        return clone


@pytest.fixture
def team(tmp_path: Path) -> Team:
    return Team(tmp_path)


def markers_in(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    return "<<<<<<<" in text or ">>>>>>>" in text
