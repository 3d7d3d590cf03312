"""`learn enable --model <agent CLI>` writes the team's committed config (review40 R40-11): enable says so, and a
teammate whose machine lacks that CLI is told how to choose another model for themselves, not only the command that
rewrites the team's file."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from tests.reflect.test_agent_cli import BINARIES, FAKE


@pytest.fixture
def clis_and_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    for binary in BINARIES.values():
        path = bin_dir / binary
        path.write_text(f"#!{sys.executable}\n{FAKE.read_text()}")
        path.chmod(0o755)
    git = shutil.which("git")
    assert git is not None
    monkeypatch.setenv("PATH", os.pathsep.join([str(bin_dir), os.path.dirname(git)]))
    return bin_dir


def test_enable_says_an_agent_cli_model_reaches_every_teammate(git_repo, cli, clis_and_git):
    code, out, err = cli("enable", "--model", "claude-code")
    assert code == 0, err
    said = " ".join(out.split())
    assert ("Note: .altimate-code/altimate-code.json is shared through git, so every teammate who pulls it reflects "
            "with claude-code, on their own login and plan; without the `claude` command their runs fail") in said
    assert "~/.altimate-code/altimate-code.json or ALTIMATE_LEARN_MODEL" in said


def test_enable_with_an_offline_model_says_nothing_of_teammates(git_repo, cli, clis_and_git):
    code, out, err = cli("enable", "--model", "builtin")
    assert code == 0, err
    assert "shared through git" not in out


def test_a_teammate_without_the_cli_is_told_the_personal_override(git_repo, cli, clis_and_git, monkeypatch):
    assert cli("enable", "--model", "codex")[0] == 0
    monkeypatch.setenv("PATH", os.path.dirname(shutil.which("git") or "/usr/bin/git"))  # a machine without codex
    code, out, _ = cli("status")
    said = " ".join(out.split())
    assert "cannot be used now: the `codex` command is not on PATH." in said
    assert ("to use another model yourself, set ALTIMATE_LEARN_MODEL=NAME (where it is set) or learn.model in "
            "~/.altimate-code/altimate-code.json (every project of yours); either wins over the project's. "
            "`learn enable --model NAME` changes it for everyone who pulls.") in said
    assert "only here" not in said  # the home config holds for every project, not only this one (review40 R40-11)
