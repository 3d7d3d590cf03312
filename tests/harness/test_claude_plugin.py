"""`learn install claude-code --plugin`: the Claude Code plugin layout, written, checked and removed.

The real Claude Code loading it is in tests/e2e/test_claude_plugin_e2e.py; here are the files and the rules.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from altimate_learn.harness import claude
from altimate_learn.harness.claude_plugin import CATALOG, HOOKS, MANIFEST, PLUGIN, README
from altimate_learn.harness.install import guarded
from altimate_learn.launch import hook_command, path_command

ALL = (CATALOG, MANIFEST, HOOKS, README)


def read(root: Path, rel: Path) -> dict:
    return json.loads((root / rel).read_text(encoding="utf-8"))


def test_it_writes_the_plugin_layout_with_every_hook(git_repo, cli):
    code, out, err = cli("install", "claude-code", "--plugin")
    assert code == 0, err
    for rel in ALL:
        assert (git_repo / rel).is_file(), rel
    manifest = read(git_repo, MANIFEST)
    assert manifest["name"] == "altimate-learn" and manifest["version"] and manifest["description"]
    catalog = read(git_repo, CATALOG)
    assert catalog["plugins"][0]["name"] == "altimate-learn" and catalog["plugins"][0]["source"] == "./altimate-learn"
    hooks = read(git_repo, HOOKS)["hooks"]
    # the same events, matchers and handlers `learn install claude-code` writes into a settings file
    # (a committed file: guarded, so a teammate without this machine's interpreter gets no hook errors; fix17)
    command = guarded("claude-code", hook_command("claude-code"))
    assert hooks == {event: [claude.hook_entry(command, matcher)] for event, matcher in claude.HOOKS}
    assert "claude plugin marketplace add ./.altimate-code/claude-plugin" in out
    assert "claude plugin install altimate-learn@altimate-learn" in out
    # a plugin is committed for a team: the absolute form says how to write the shared one
    assert "teammates do not have" in out and "learn install claude-code --plugin --on-path" in out
    # nothing else: no settings file, no .claude folder
    assert not (git_repo / ".claude").exists()


def test_on_path_writes_the_team_form_and_twice_changes_nothing(git_repo, cli):
    code, out, _ = cli("install", "claude-code", "--plugin", "--on-path")
    assert code == 0 and "teammates do not have" not in out
    commands = {h["command"] for groups in read(git_repo, HOOKS)["hooks"].values() for g in groups for h in g["hooks"]}
    assert commands == {path_command("claude-code") + " 2>/dev/null || true"}  # silent without learn (R14-24)
    before = {rel: (git_repo / rel).read_bytes() for rel in ALL}
    code, out, _ = cli("install", "claude-code", "--plugin", "--on-path")
    assert code == 0 and "is up to date; nothing changed." in out
    assert {rel: (git_repo / rel).read_bytes() for rel in ALL} == before


def test_dry_run_writes_nothing(git_repo, cli):
    code, out, _ = cli("install", "claude-code", "--plugin", "--dry-run")
    assert code == 0 and out.startswith("Dry run: nothing was written.")
    assert not (git_repo / ".altimate-code" / "claude-plugin").exists()


def test_a_file_learn_did_not_write_is_not_overwritten(git_repo, cli):
    theirs = git_repo / HOOKS
    theirs.parent.mkdir(parents=True)
    theirs.write_text('{"hooks": {}}\n')
    code, _, err = cli("install", "claude-code", "--plugin")
    assert code == 1
    assert err.startswith(f"Error: {theirs} exists and was not written by learn; not overwriting it.")
    assert theirs.read_text() == '{"hooks": {}}\n'


def test_uninstall_removes_the_plugin_and_the_folders_it_leaves_empty(git_repo, cli):
    (git_repo / ".altimate-code").mkdir()
    (git_repo / ".altimate-code" / "altimate-code.json").write_text("{}\n")
    assert cli("install", "claude-code", "--plugin")[0] == 0
    code, out, _ = cli("install", "claude-code", "--plugin", "--uninstall")
    assert code == 0 and "Removed the learn plugin" in out
    assert "claude plugin" not in out  # Claude Code never had it: nothing of it to remove there
    assert not (git_repo / ".altimate-code" / "claude-plugin").exists()
    assert (git_repo / ".altimate-code" / "altimate-code.json").read_text() == "{}\n"  # the rest stays
    code, out, _ = cli("install", "claude-code", "--plugin", "--uninstall")
    assert code == 0 and "nothing to remove" in out


def test_uninstall_of_a_plugin_claude_code_has_enabled_says_how_to_remove_its_record(git_repo, cli):
    """review50 R50-4 (real Claude Code 2.1.332): after `claude plugin install altimate-learn@altimate-learn --scope
    local` and `learn install claude-code --plugin --uninstall`, Claude Code kept the plugin enabled in
    .claude/settings.local.json and `claude plugin list` showed it "failed to load: … cache-miss"; learn said only
    that it removed the folder. `claude plugin marketplace remove altimate-learn` removes the marketplace and
    uninstalls the plugin in every scope (checked; plain `claude plugin uninstall` refuses a local-scope one)."""
    assert cli("install", "claude-code", "--plugin")[0] == 0
    local = git_repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text(json.dumps({"enabledPlugins": {"altimate-learn@altimate-learn": True}}, indent=2))
    code, out, _ = cli("install", "claude-code", "--plugin", "--uninstall")
    assert code == 0 and "Removed the learn plugin" in out
    assert f"Claude Code still has it enabled ({local})" in out
    assert "run `claude plugin marketplace remove altimate-learn`" in out


def test_check_passes_a_written_plugin_and_runs_its_hook(git_repo, cli):
    assert cli("install", "claude-code", "--plugin")[0] == 0
    code, out, err = cli("install", "claude-code", "--plugin", "--check")
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0] == f"The learn plugin for Claude Code in {git_repo / PLUGIN} is complete and its hooks run."
    assert lines[1].startswith("runs: ") and "altimate-learn" in lines[1]


def test_check_finds_a_missing_event_and_a_missing_plugin(git_repo, cli):
    code, out, err = cli("install", "claude-code", "--plugin", "--check")
    assert code == 1 and "The learn plugin is not written" in out
    assert err.strip() == ("Error: the learn plugin for claude-code is incomplete or its hooks do not run "
                           "(see above).")
    assert cli("install", "claude-code", "--plugin")[0] == 0
    hooks = read(git_repo, HOOKS)
    del hooks["hooks"]["UserPromptSubmit"]
    (git_repo / HOOKS).write_text(json.dumps(hooks))
    code, out, _ = cli("install", "claude-code", "--plugin", "--check")
    assert code == 1
    assert f"{git_repo / HOOKS}: learn hooks missing for UserPromptSubmit." in out


def test_check_warns_when_the_settings_file_holds_the_hooks_too(git_repo, cli):
    assert cli("install", "claude-code")[0] == 0  # .claude/settings.json
    assert cli("install", "claude-code", "--plugin")[0] == 0
    code, out, _ = cli("install", "claude-code", "--plugin", "--check")
    assert code == 0
    assert "Note: learn's hooks are also in a Claude Code settings file" in out


def test_check_says_when_learn_is_not_on_path(git_repo, cli, monkeypatch):
    assert cli("install", "claude-code", "--plugin", "--on-path")[0] == 0
    monkeypatch.setenv("PATH", "/nonexistent")
    code, out, _ = cli("install", "claude-code", "--plugin", "--check")
    assert code == 1
    assert "`learn` is not on PATH here" in out
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + "/usr/bin:/bin")
    assert cli("install", "claude-code", "--plugin", "--check")[0] == 0


def test_plugin_is_for_claude_code_in_the_project(git_repo, cli):
    code, _, err = cli("install", "codex", "--plugin")
    assert code == 2 and "--plugin is for claude-code; codex has no plugin of this kind." in err
    code, _, err = cli("install", "claude-code", "--plugin", "--user")
    assert code == 2 and "it takes neither --user nor --local" in err


def test_check_fails_when_claude_code_runs_no_hooks(git_repo, cli, isolated_home: Path):
    """review48 R48-5: `"disableAllHooks": true` turns a plugin's hooks off too."""
    assert cli("install", "claude-code", "--plugin")[0] == 0
    user = isolated_home / ".claude" / "settings.json"
    user.parent.mkdir(parents=True, exist_ok=True)
    user.write_text('{"disableAllHooks": true}')
    code, out, _ = cli("install", "claude-code", "--plugin", "--check")
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == (f"The learn plugin for Claude Code in {git_repo / PLUGIN} is complete, but Claude Code will not "
                        "run its hooks:")
    assert f'Claude Code runs no hooks here: "disableAllHooks": true in {user}. Remove it, or set it to false in ' \
           ".claude/settings.local.json (which comes before the other files), so learn's hooks run." in lines


def test_status_and_doctor_see_the_plugin_claude_code_has_enabled(git_repo, cli, isolated_home: Path):
    """review49 R49-6 (real Claude Code 2.1.332): with learn's plugin installed by `claude plugin install
    altimate-learn@altimate-learn` and delivering, `learn status` said "Learning: enabled, but no agent has learn's
    hooks, so nothing is delivered or captured yet (next: `learn install claude-code --local`)", and `learn doctor`
    "claude-code: no learn hooks": a second copy of the hooks was the advice. Claude Code records the plugin as
    `"enabledPlugins": {"altimate-learn@altimate-learn": true}` in the user's settings (the default scope) or, with
    `--scope project`, the project's; a plugin folder nobody enabled is no hook."""
    assert cli("enable")[0] == 0
    assert cli("install", "claude-code", "--plugin")[0] == 0
    code, out, _ = cli("status")
    assert "no agent has learn's hooks" in out  # written, not yet enabled in Claude Code
    user = isolated_home / ".claude" / "settings.json"
    user.parent.mkdir(parents=True, exist_ok=True)
    user.write_text(json.dumps({"enabledPlugins": {"altimate-learn@altimate-learn": False}}))
    assert "no agent has learn's hooks" in cli("status")[1]  # turned off in /plugin
    user.write_text(json.dumps({"extraKnownMarketplaces": {"altimate-learn": {"source": {
        "source": "directory", "path": str(git_repo / ".altimate-code" / "claude-plugin")}}},
        "enabledPlugins": {"altimate-learn@altimate-learn": True}}, indent=2))
    code, out, err = cli("status")
    assert code == 0, err
    assert "no agent has learn's hooks" not in out and "Learning: enabled\n" in out
    assert "Hooks installed: claude-code (.altimate-code/claude-plugin/altimate-learn/hooks/hooks.json)." in out
    doctor = cli("doctor")[1]
    assert f"  claude-code: hooks in {git_repo / HOOKS}, working" in doctor.splitlines()
    user.write_text("{}")
    project = git_repo / ".claude" / "settings.json"  # `claude plugin install … --scope project`
    project.parent.mkdir()
    project.write_text(json.dumps({"enabledPlugins": {"altimate-learn@altimate-learn": True}}))
    assert "Hooks installed: claude-code (.altimate-code/claude-plugin/altimate-learn/hooks/hooks.json)." in \
        cli("status")[1]

    # enabled for the project only, Claude Code started in src/ runs none of it (checked with 2.1.332): the fix said is
    # the plugin's own default user scope, not a second copy of the hooks in a settings file
    from tests.harness.test_claude_subfolder import INSTALLED_AT, SRC_SESSION, transcript

    os.utime(project, (INSTALLED_AT, INSTALLED_AT))
    (git_repo / "src").mkdir()
    transcript(isolated_home, git_repo / "src", SRC_SESSION, "2026-06-01T09:00:00.000Z")
    out = cli("status")[1]
    assert (f"The last Claude Code session of this project ({SRC_SESSION}, started in src/) ran without learn's hooks: "
            "Claude Code reads .claude/settings.json only in the folder it starts in") in out
    assert ("Start it there, or enable learn's plugin for yourself: `claude plugin install altimate-learn@altimate-learn` "
            "(its default user scope runs it in every folder; learn finds the project from the folder).") in out
    assert "learn install claude-code --local" not in out
