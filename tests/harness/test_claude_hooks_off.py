"""review48 R48-5 (real Claude Code 2.1.332): `"disableAllHooks": true` in a settings file Claude Code reads turns every
hook off, learn's included, silently: the request carried no lesson while `learn status` said "Hooks installed" and
`learn install claude-code --check` "installed … and run". Claude Code reads the key from managed settings first, then
`.claude/settings.local.json`, `.claude/settings.json` and the user's file, the first that sets it deciding (checked
with the real CLI: `false` in the local file runs the hooks despite `true` in the user's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.harness import claude_off

OFF = '"disableAllHooks": true in '


def write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def test_claude_codes_switch_for_every_hook_is_named_where_it_is_set(git_repo: Path, isolated_home: Path, learn_cli,
                                                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setattr(claude_off, "MANAGED", (tmp_path / "managed-settings.json",))
    assert learn_cli("install", "claude-code", cwd=git_repo).returncode == 0
    assert learn_cli("install", "claude-code", "--check", cwd=git_repo).returncode == 0
    user = isolated_home / ".claude" / "settings.json"
    write(user, {"disableAllHooks": True, "model": "opus"})
    check = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    said = (f"Claude Code runs no hooks here: {OFF}{user}. Remove it, or set it to false in .claude/settings.local.json "
            "(which comes before the other files), so learn's hooks run.")
    assert check.returncode == 1 and said in check.stdout.splitlines(), check.stdout
    status = learn_cli("status", cwd=git_repo).stdout
    assert "Hooks installed: claude-code (.claude/settings.json, but claude-code does not run them yet)." in status
    assert f"  claude-code: {said} (`learn doctor` checks again)" in status.splitlines()
    assert json.loads(learn_cli("status", "--json", cwd=git_repo).stdout)["hooks_not_run"] == {"claude-code": [said]}
    assert f"NOT RUN: {said}" in learn_cli("doctor", cwd=git_repo).stdout

    local = git_repo / ".claude" / "settings.local.json"
    write(local, {"disableAllHooks": False})  # the local file comes first: the hooks run
    assert learn_cli("install", "claude-code", "--check", cwd=git_repo).returncode == 0
    local.unlink()
    user.unlink()
    project = git_repo / ".claude" / "settings.json"
    data = json.loads(project.read_text())
    write(project, {**data, "disableAllHooks": True})
    check = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    assert check.returncode == 1 and f"{OFF}{project}." in check.stdout

    write(project, data)
    write(tmp_path / "managed-settings.json", {"allowManagedHooksOnly": True})
    check = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    assert check.returncode == 1 and "Claude Code runs only the managed settings' own hooks on this machine" in check.stdout
    write(tmp_path / "managed-settings.json", {"disableAllHooks": True})
    write(local, {"disableAllHooks": False})  # nothing overrides the managed settings
    check = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    assert check.returncode == 1 and "in the managed settings" in check.stdout
