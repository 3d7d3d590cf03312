"""What a killed `learn install` or `learn enable` leaves beside the files it writes is removed by the next install or
enable, also when that run changes nothing (hang21's reliability rounds: `.claude/.settings.json.<pid>-….tmp` stayed,
untracked in `git status`, until learn wrote that file again)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path


def _killed_mid_write(cwd: Path, *args: str) -> None:
    """Run `learn ARGS` in a real process whose os.replace kills it (SIGKILL): the temporary file is written whole,
    the rename never happens."""
    code = ("import os, signal\nos.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
            f"from altimate_learn.entry import main\nmain({list(args)!r})\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


def _untracked(repo: Path) -> list[str]:
    out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=repo, capture_output=True,
                         text=True, check=True).stdout
    return sorted(line[3:] for line in out.splitlines() if line.startswith("??"))


def test_an_install_that_changes_nothing_removes_what_killed_installs_left(git_repo: Path, cli):
    assert cli("install", "claude-code")[0] == 0
    settings = (git_repo / ".claude" / "settings.json").read_text()
    _killed_mid_write(git_repo, "install", "claude-code", "--on-path")  # killed rewriting settings.json
    assert [name for name in _untracked(git_repo) if name.endswith(".tmp")]  # `git status` shows it
    backups = git_repo / ".altimate-code" / "learn" / ".backups"
    (git_repo / ".claude" / "settings.local.json").write_text('{"model": "sonnet"}\n')  # a person's own
    assert cli("install", "claude-code", "--local")[0] == 0
    _killed_mid_write(git_repo, "install", "claude-code", "--local", "--uninstall")  # killed copying it first
    assert list(backups.glob("*.tmp"))
    live = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        writing = git_repo / ".claude" / f".settings.json.{live.pid}-inflight.tmp"  # a live writer's: kept
        writing.write_text("{")
        code, out, err = cli("install", "claude-code")
        assert code == 0, err
        assert "already installed" in out
        assert sorted(p.name for p in (git_repo / ".claude").glob("*.tmp")) == [writing.name]
        assert list(backups.glob("*.tmp")) == []
    finally:
        live.stdin.close()
        live.wait()
    assert (git_repo / ".claude" / "settings.json").read_text() == settings


def test_enable_removes_what_a_killed_user_install_left(git_repo: Path, isolated_home: Path, cli):
    (isolated_home / ".gemini").mkdir()
    (isolated_home / ".gemini" / "settings.json").write_text('{"theme": "dark"}\n')
    assert cli("install", "gemini", "--user")[0] == 0
    _killed_mid_write(git_repo, "install", "gemini", "--user", "--uninstall")  # killed writing its backup copy
    assert list((isolated_home / ".gemini").glob(".settings.json.*.tmp"))
    code, out, err = cli("enable")
    assert code == 0, err
    assert list((isolated_home / ".gemini").glob("*.tmp")) == []


def test_an_install_removes_what_a_killed_enable_left(git_repo: Path, cli):
    assert cli("enable")[0] == 0
    _killed_mid_write(git_repo, "enable", "--model", "builtin")
    assert [name for name in _untracked(git_repo) if name.endswith(".tmp")]
    code, out, err = cli("install", "codex")
    assert code == 0, err
    assert [name for name in _untracked(git_repo) if name.endswith(".tmp")] == []


def test_a_dry_run_removes_nothing(git_repo: Path, cli):
    _killed_mid_write(git_repo, "install", "claude-code")
    left = sorted(p.name for p in (git_repo / ".claude").glob("*.tmp"))
    assert left
    assert cli("install", "claude-code", "--dry-run")[0] == 0
    assert sorted(p.name for p in (git_repo / ".claude").glob("*.tmp")) == left
