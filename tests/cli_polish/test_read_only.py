"""Commands that only read write nothing (issue 12, item 6).

Not `.altimate-code/learn/.gitignore`, not a lock file, not a store folder: in a fresh clone that holds
only a committed `approved.json`, in a project with no learn state at all, and in the home folder outside
any repository. (Spec 003 says learn commands create the `.gitignore`; the issue wins: reading commands
do not write, writing commands still create it.)
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from altimate_learn.store.fsio import canonical_json
from tests.review.conftest import lesson

READ_COMMANDS = [
    ["status"], ["status", "--json"], ["show"], ["show", "--json"], ["search", "cents"], ["signals"],
    ["signals", "--all", "--json"], ["sessions"], ["check"], ["runs"], ["install", "claude-code", "--check"],
    ["bootstrap", "--dry-run"], ["export", "agents-md", "--dry-run"],
    ["quarantine", "list"], ["doctor"], ["doctor", "--json"], ["tool-errors", "--dry-run"], ["tidy", "--dry-run"],
]


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``root`` (folders as None), skipping git's own."""
    out: dict[str, bytes | None] = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for d in dirs:
            out[str(Path(folder, d).relative_to(root)) + "/"] = None
        for f in files:
            out[str(Path(folder, f).relative_to(root))] = Path(folder, f).read_bytes()
    return out


@pytest.mark.parametrize("command", READ_COMMANDS, ids=" ".join)
def test_a_read_command_writes_nothing_in_a_fresh_clone(git_repo, cli, command):
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(canonical_json([lesson("L-aaaa0001", "Convert `amount_cents` to "
                                                                              "dollars in staging models.")]))
    before = tree(git_repo)
    cli(*command)
    assert tree(git_repo) == before


@pytest.mark.parametrize("command", READ_COMMANDS, ids=" ".join)
def test_a_read_command_writes_nothing_in_a_project_without_learn_state(git_repo, cli, command):
    before = tree(git_repo)
    cli(*command)
    assert tree(git_repo) == before


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["show"], ["signals"], ["search", "x"]],
                         ids=" ".join)
def test_a_read_command_in_the_home_folder_writes_nothing_there(isolated_home, monkeypatch, cli, command):
    monkeypatch.chdir(isolated_home)
    before = tree(isolated_home)
    cli(*command)
    assert tree(isolated_home) == before
