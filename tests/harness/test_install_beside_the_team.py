"""`learn install` in a clone whose team committed learn's hooks (review39 R39-21): a teammate following the README
must neither rewrite the team's file to this machine's Python nor add a second set of hooks the agent also runs."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

SETTINGS = {"claude-code": ".claude/settings.json", "codex": ".codex/hooks.json", "gemini": ".gemini/settings.json"}


def _path_without_learn(extra: Path | None = None) -> str:
    """PATH as it is, minus every folder that holds a `learn`; ``extra`` (a folder with a stand-in) first."""
    kept = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not any((Path(d) / name).exists() for name in ("learn", "altimate-learn"))]
    return os.pathsep.join([str(extra)] * (extra is not None) + kept)


def _stand_in_learn(tmp_path: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "learn"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    return folder


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def _commit_the_teams_hooks(repo: Path, learn_cli, agent: str) -> bytes:
    proc = learn_cli("install", agent, "--on-path", cwd=repo)
    assert proc.returncode == 0, proc.stderr
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "learn hooks for the team")
    return (repo / SETTINGS[agent]).read_bytes()


@pytest.mark.parametrize("agent", sorted(SETTINGS))
def test_a_plain_install_keeps_the_teams_committed_path_form(git_repo: Path, learn_cli, isolated_home, agent: str,
                                                             monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATH", _path_without_learn())
    committed = _commit_the_teams_hooks(git_repo, learn_cli, agent)
    proc = learn_cli("install", agent, cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert (git_repo / SETTINGS[agent]).read_bytes() == committed
    assert _git(git_repo, "status", "--porcelain", "--", SETTINGS[agent]) == ""
    out = " ".join(proc.stdout.split())
    assert f"{SETTINGS[agent]} is committed with learn's hooks run from each machine's PATH" in out
    assert "it is NOT on PATH here: put `learn` on PATH first" in out  # what this teammate still has to do


def test_a_plain_install_over_an_uncommitted_path_form_writes_this_machines_python(git_repo: Path, learn_cli,
                                                                                   isolated_home):
    """The look-alike: the person's own, uncommitted --on-path file is theirs to change."""
    assert learn_cli("install", "gemini", "--on-path", cwd=git_repo).returncode == 0
    proc = learn_cli("install", "gemini", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    commands = {h["command"] for groups in json.loads((git_repo / SETTINGS["gemini"]).read_text())["hooks"].values()
                for g in groups for h in g["hooks"]}
    assert commands and all("-m altimate_learn hook gemini" in c for c in commands), commands


def test_a_local_install_beside_the_teams_hooks_that_run_here_adds_no_second_set(git_repo: Path, learn_cli, tmp_path,
                                                                                isolated_home,
                                                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATH", _path_without_learn(_stand_in_learn(tmp_path)))
    _commit_the_teams_hooks(git_repo, learn_cli, "claude-code")
    proc = learn_cli("install", "claude-code", "--local", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert not (git_repo / ".claude" / "settings.local.json").exists()
    out = " ".join(proc.stdout.split())
    assert out.startswith("learn's hooks for claude-code are already in .claude/settings.json (committed by your "
                          f"team) and run here ({tmp_path / 'bin' / 'learn'}); claude-code reads that file as well, "
                          "so a second set in"), out
    assert "would run learn twice for every event. Nothing changed." in out
    assert "--uninstall" not in out  # no advice to take the team's hooks out


def test_a_local_install_beside_the_teams_hooks_that_do_not_start_here_goes_ahead(git_repo: Path, learn_cli,
                                                                                 isolated_home,
                                                                                 monkeypatch: pytest.MonkeyPatch):
    """No `learn` on PATH here: the team's hooks are silent no-ops on this machine, so --local is what makes learn
    work for this teammate."""
    monkeypatch.setenv("PATH", _path_without_learn())
    _commit_the_teams_hooks(git_repo, learn_cli, "claude-code")
    proc = learn_cli("install", "claude-code", "--local", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    local = json.loads((git_repo / ".claude" / "settings.local.json").read_text())
    assert any("-m altimate_learn hook claude-code" in h["command"]
               for groups in local["hooks"].values() for g in groups for h in g["hooks"])


def test_a_user_install_beside_the_projects_own_uncommitted_hooks_says_how_to_switch(git_repo: Path, learn_cli,
                                                                                    tmp_path, isolated_home,
                                                                                    monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATH", _path_without_learn(_stand_in_learn(tmp_path)))
    assert learn_cli("install", "codex", "--on-path", cwd=git_repo).returncode == 0  # not committed
    proc = learn_cli("install", "codex", "--user", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert not (isolated_home / ".codex" / "hooks.json").exists()
    out = " ".join(proc.stdout.split())
    assert "(committed by your team)" not in out
    assert out.endswith("take them out of .codex/hooks.json first (`learn install codex --uninstall`).")
