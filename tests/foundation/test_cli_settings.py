"""`learn enable/disable/status/nudge`, exit codes, and the crash log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

STATUS_KEYS = {"agent_memories", "auto_reflect", "auto_reflect_budget", "backoff_until", "capture", "config_files",
               "enabled", "gates", "last_reflection", "lessons", "hooks", "learner", "limits", "model", "model_choice",
               "pending_sessions", "project_found", "project_root", "settings", "signals", "store", "store_path",
               "versions", "warnings", "delivery_fallback", "config_unreadable", "git_merge", "worktree", "set",
               "hooks_not_run", "merge", "unfinished_merge", "replaced_by_teammates", "promote_interrupted",
               "overruled", "core_waiting", "hooks_missing_interpreter", "hooks_not_run_in_subfolders"}


def test_enable_writes_project_config_and_gitignore(git_repo: Path, cli, isolated_home: Path):
    code, out, err = cli("enable")
    assert code == 0, err
    config = json.loads((git_repo / ".altimate-code" / "altimate-code.json").read_text())
    assert config == {"learn": {"capture": True, "auto_reflect": True}}
    assert (git_repo / ".altimate-code" / "learn" / ".gitignore").exists()
    assert "Learning enabled" in out
    nudge = json.loads((isolated_home / ".local" / "state" / "altimate-code" / "learn-nudge.json").read_text())
    assert nudge["dismissed"] is True


def test_enable_names_the_env_variable_that_keeps_capture_off(git_repo: Path, cli, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "0")
    code, out, err = cli("enable")
    assert code == 1
    assert err.strip() == ("Error: capture is still off: learn.capture is false (from env ALTIMATE_LEARN_CAPTURE). "
                           "To turn it on, unset ALTIMATE_LEARN_CAPTURE (or set it to 1), then run `learn status`.")


def test_enable_names_the_master_switch_in_the_user_config(git_repo: Path, cli, isolated_home: Path):
    user = isolated_home / ".config" / "altimate-code" / "altimate-code.json"
    user.parent.mkdir(parents=True)
    user.write_text(json.dumps({"learn": {"enabled": False}}))
    code, _, err = cli("enable")
    assert code == 1
    assert f"learn.enabled is false (from user config {user})" in err


def test_disable_keeps_data_and_says_delivery_continues(git_repo: Path, cli):
    cli("enable")
    code, out, _ = cli("disable")
    assert code == 0
    assert json.loads((git_repo / ".altimate-code" / "altimate-code.json").read_text())["learn"]["capture"] is False
    assert "Approved lessons are still delivered" in out


def test_status_json_has_stable_keys(git_repo: Path, cli):
    cli("enable")
    code, out, err = cli("status", "--json")
    assert code == 0, err
    info = json.loads(out)
    assert set(info) == STATUS_KEYS
    assert info["enabled"] is True and info["capture"] is True and info["auto_reflect"] is True
    assert info["lessons"] == {"approved": 0, "candidate": None, "retired": 0,
                              "waiting": {"added": 0, "edited": 0, "removed": 0, "harmful": 0}}
    assert info["signals"] == {"open": 0, "consumed": 0, "skipped_lines": 0, "waiting": 0, "waiting_corrections": 0}
    assert info["settings"]["capture"]["source"].startswith("project config ")
    assert info["limits"]["core_lessons"] == 15 and info["limits"]["max_stored"] == 1000
    assert info["agent_memories"] == {"memories": 0, "new": 0, "waiting": 0, "conflict": 0, "staged": 0, "total": 0}
    assert info["merge"] == [] and info["unfinished_merge"] == [] and info["replaced_by_teammates"] == []


def test_status_when_disabled_says_how_to_reenable(git_repo: Path, cli, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN", "0")
    code, out, _ = cli("status")
    assert code == 0
    assert "Learning: DISABLED (learn.enabled false, from env ALTIMATE_LEARN)." in out
    assert "Re-enable: unset ALTIMATE_LEARN (or set it to 1), then `learn enable` to capture." in out


def test_status_before_enable_does_not_claim_capture(git_repo: Path, cli):
    assert cli("install", "claude-code", "--local")[0] == 0
    code, out, _ = cli("status")
    assert code == 0
    first = out.splitlines()[0]
    assert first == "Learning: enabled for delivery only (approved lessons reach claude-code through its hooks; " \
                    "nothing is captured)"
    assert cli("enable")[0] == 0
    assert cli("status")[1].splitlines()[0] == "Learning: enabled"


@pytest.mark.parametrize("enable", [False, True])
def test_status_without_hooks_does_not_claim_lessons_reach_the_agents(git_repo: Path, cli, enable: bool):
    """No agent has learn's hooks: the first line says nothing reaches them, and how to install, agreeing with the
    hooks line further down (review6 #11: it said "approved lessons reach the agents")."""
    if enable:
        assert cli("enable")[0] == 0
    code, out, _ = cli("status")
    assert code == 0
    lines = out.splitlines()
    if enable:
        assert lines[0] == ("Learning: enabled, but no agent has learn's hooks, so nothing is delivered or captured "
                            "yet (next: `learn install claude-code --local`)")
    else:  # never "enabled" next to the advice to run `learn enable` (review8 R8-8a)
        assert lines[0] == ("Learning: off for this project: nothing is captured and no agent has learn's hooks "
                            "(next: `learn enable`, then `learn install claude-code --local`)")
    assert "Hooks: none installed for this project, so nothing is captured or delivered live." in lines
    assert not any("reach the agents" in line or line == "Learning: enabled" for line in lines)


def test_status_reports_a_malformed_approved_file_without_touching_it(git_repo: Path, cli):
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text("[{")
    code, out, _ = cli("status", "--json")
    assert code == 0
    assert "approved.json cannot be read" in json.loads(out)["warnings"][0]
    assert (store / "approved.json").read_text() == "[{"


def test_invalid_config_is_one_line_exit_1(git_repo: Path, cli):
    path = git_repo / ".altimate-code" / "altimate-code.json"
    path.parent.mkdir()
    path.write_text('{"learn": {"max_stored": 0}}')
    code, out, err = cli("reflect", "--pending", "--model", "builtin")  # a command that writes stays strict
    assert code == 1
    assert err == f"Error: {path}: learn.max_stored = 0 is invalid; allowed: an integer >= 1.\n"


def test_status_show_and_doctor_name_every_invalid_value_and_show_what_the_hooks_use(git_repo: Path, cli):
    """review14 R14-15: `"capture": "yes"` turned capture off in every agent while status, show and doctor exited 1
    naming only the first bad value."""
    path = git_repo / ".altimate-code" / "altimate-code.json"
    path.parent.mkdir()
    path.write_text('{"learn": {"core_lessons": "ten", "capture": "yes"}}')
    code, out, err = cli("status")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == [
        f'Config: {path}: learn.core_lessons = "ten" is invalid; allowed: an integer >= 0. Using 15, as the hooks do; '
        "fix the value.",
        f'Config: {path}: learn.capture = "yes" is invalid; allowed: true or false. Using false, as the hooks do; fix '
        "the value."]
    assert f"  capture:      off  (learn.capture=false from project config {path})" in lines
    code, out, _ = cli("status", "--json")
    assert code == 0 and len(json.loads(out)["config_unreadable"]) == 2
    code, _, err = cli("show")
    assert code == 0 and err.count("Warning: Config: ") == 2
    code, out, err = cli("doctor")
    assert code == 0 and 'learn.capture = "yes" is invalid' in out + err and "core_lessons" in out + err


def test_bad_store_name_exit_1(git_repo: Path, cli):
    code, _, err = cli("status", "--name", "../elsewhere")
    assert code == 1
    assert err.startswith("Error: invalid store name '../elsewhere': it contains a path separator.")


def test_usage_error_exit_2(git_repo: Path, cli):
    code, _, err = cli("status", "--bogus")
    assert code == 2
    assert "No such option: --bogus" in err


def test_version(cli):
    code, out, _ = cli("--version")
    assert code == 0 and out.startswith("learn (altimate-learn) ")


def test_nudge_off(git_repo: Path, cli, isolated_home: Path):
    code, out, _ = cli("nudge", "off")
    assert code == 0 and "reminder turned off" in out
    assert json.loads((isolated_home / ".local/state/altimate-code/learn-nudge.json").read_text()) == {
        "shownProjectHashes": [], "totalCount": 0, "dismissed": True}  # altimate-code's shape (tests/compat)


def test_unexpected_error_exits_3_with_a_crash_log(git_repo: Path, cli, monkeypatch, isolated_home: Path):
    import altimate_learn.cli.settings as settings_module

    def boom(name: str):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(settings_module, "collect_status", boom)
    code, _, err = cli("status")
    assert code == 3
    assert "Internal error: RuntimeError: kaboom" in err
    logs = list((isolated_home / ".local/state/altimate-learn/logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text()
    assert "altimate-learn " in text and "python " in text and "RuntimeError: kaboom" in text
    monkeypatch.setenv("ALTIMATE_LEARN_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli("status")


def test_ctrl_c_exits_130(git_repo: Path, cli, monkeypatch):
    import altimate_learn.cli.settings as settings_module

    def interrupted(name: str):
        raise KeyboardInterrupt

    monkeypatch.setattr(settings_module, "collect_status", interrupted)
    code, _, err = cli("status")
    assert code == 130


def test_real_process_exit_codes(git_repo: Path, run_learn):
    assert run_learn("--version").returncode == 0
    assert run_learn("status", "--nope").returncode == 2
    assert run_learn("status", "--name", "a/b").returncode == 1
    help_text = run_learn("--help").stdout
    for command in ("enable", "disable", "status", "nudge"):
        assert command in help_text


def test_status_and_enable_hints_follow_where_enabled_comes_from(git_repo: Path, cli, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN", "0")
    code, out, _ = cli("status")
    assert code == 0
    assert ("  Nothing is delivered or captured. Re-enable: unset ALTIMATE_LEARN (or set it to 1), "
            "then `learn enable` to capture.\n") in out
    code, _, err = cli("enable")
    assert code == 1
    assert err == ("Error: capture is still off: learn.enabled is false (from env ALTIMATE_LEARN). "
                   "To turn it on, unset ALTIMATE_LEARN (or set it to 1), then run `learn status`.\n")
    monkeypatch.delenv("ALTIMATE_LEARN")
    config = git_repo / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"enabled": False}}))
    code, out, _ = cli("status")
    assert f"Re-enable: set learn.enabled to true in {config}, then `learn enable` to capture.\n" in out
    code, _, err = cli("enable")
    assert code == 1 and f"To turn it on, set learn.enabled to true in {config}, then run" in err


def test_status_and_enable_say_which_agents_have_hooks(git_repo: Path, cli):
    code, out, _ = cli("enable")
    assert code == 0
    assert ("Hooks: none installed for this project, so nothing is captured or delivered live.\n"
            "  Next: `learn install claude-code --local` (or codex / gemini / opencode).\n") in out
    code, out, _ = cli("status", "--json")
    assert json.loads(out)["hooks"] == {"claude-code": False, "codex": False, "gemini": False, "opencode": False}
    assert cli("install", "codex")[0] == 0
    assert cli("install", "opencode")[0] == 0
    code, out, _ = cli("status")
    # review13 R13-21: Codex skips hooks of a project it was not told to trust; status says so, as doctor does
    assert ("Hooks installed: codex (.codex/hooks.json, but codex does not run them yet); opencode "
            "(.opencode/plugins/altimate-learn.js).\n") in out
    assert (f"  codex: Codex loads {git_repo}/.codex/hooks.json only in a project you trust, and {git_repo} is not "
            "trusted in ") in out and "(`learn doctor` checks again)" in out
    assert out.startswith("Learning: enabled\n")  # opencode runs its plugin
    assert "learn install claude-code" not in out
    code, out, _ = cli("status", "--json")
    assert json.loads(out)["hooks"] == {"claude-code": False, "codex": True, "gemini": False, "opencode": True}
    assert list(json.loads(out)["hooks_not_run"]) == ["codex"]
    # a settings file with someone else's hooks only is not ours
    (git_repo / ".gemini").mkdir()
    (git_repo / ".gemini" / "settings.json").write_text(json.dumps(
        {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}))
    code, out, _ = cli("status", "--json")
    assert json.loads(out)["hooks"]["gemini"] is False


def test_status_and_check_say_when_the_hooks_interpreter_is_gone(git_repo: Path, cli, tmp_path: Path):
    """review44 R44-5: the virtual environment learn was installed from was deleted. The agent runs the guarded
    command as nothing (no error, nothing delivered or captured); status said only "Hooks installed: claude-code"."""
    assert cli("install", "claude-code", "--local")[0] == 0
    settings = git_repo / ".claude" / "settings.local.json"
    text = settings.read_text()
    command = json.loads(text)["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    python = command.split(" -I -m ", 1)[0].strip('"\'')
    gone = str(tmp_path / "deleted-venv" / "bin" / "python3")
    settings.write_text(text.replace(python, gone))
    code, out, _ = cli("status")
    assert "Hooks installed: claude-code (.claude/settings.local.json, but they cannot run).\n" in out
    assert (f"  claude-code: its hooks run {gone}, which no longer exists (a virtual environment moved or deleted), "
            "so nothing is delivered or captured. Fix: `learn install claude-code` again") in out
    assert out.startswith("Learning: enabled, but claude-code does not run learn's hooks yet")
    assert json.loads(cli("status", "--json")[1])["hooks_missing_interpreter"] == {"claude-code": [gone]}
    code, out, err = cli("install", "claude-code", "--check")
    assert code == 1 and f"({gone} does not exist: the environment learn was installed from was moved or deleted)" \
        in out + err and "did not answer" not in out + err
