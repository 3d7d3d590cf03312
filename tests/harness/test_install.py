"""`learn install`: merge, idempotence, byte-identical uninstall, backups, dry run, JSONC, --check."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import pytest

from altimate_learn.harness.check import run_check
from altimate_learn.harness.install import (InstallOptions, add_ours, guarded, harness_module, hook_command, is_ours,
                                            remove_ours, run_install, settings_path)
from altimate_learn.harness import CHECK_EVENT, gemini
from altimate_learn.launch import path_command

CLAUDE_SETTINGS = """{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "opus",
  "permissions": {
    "allow": ["Bash(npm run test:*)", "Read(~/.zshrc)"],
    "deny": ["Read(./.env)", "Read(./secrets/**)"]
  },
  "env": {
    "CLAUDE_CODE_ENABLE_TELEMETRY": "0",
    "ÜNICODE_NOTE": "kept as written: é, ß, 漢字"
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "$CLAUDE_PROJECT_DIR/.claude/hooks/check-bash.sh"
          }
        ]
      }
    ]
  },
  "statusLine": {"type": "command", "command": "~/.claude/statusline.sh", "padding": 0},
  "cleanupPeriodDays": 30,
  "includeCoAuthoredBy": false
}
"""

CODEX_HOOKS = """{
    "hooks": {
        "SessionStart": [
            {
                "hooks": [
                    {"type": "command", "command": "python3 ~/.codex/hooks/banner.py"}
                ]
            }
        ]
    }
}
"""

GEMINI_SETTINGS = """{
\t"theme": "GitHub",
\t"general": {"vimMode": true},
\t"tools": {"enableHooks": true},
\t"mcpServers": {}
}
"""


def options(root: Path, harness: str = "claude-code", **kw) -> InstallOptions:
    return InstallOptions(harness, root, **kw)


def settings_file(root: Path, harness: str) -> Path:
    return root / {"claude-code": ".claude/settings.json", "codex": ".codex/hooks.json",
                   "gemini": ".gemini/settings.json"}[harness]


@pytest.mark.parametrize("harness,original", [("claude-code", CLAUDE_SETTINGS), ("codex", CODEX_HOOKS),
                                              ("gemini", GEMINI_SETTINGS)])
def test_install_then_uninstall_gives_back_the_original_bytes(tmp_path: Path, harness: str, original: str):
    path = settings_file(tmp_path, harness)
    path.parent.mkdir(parents=True)
    path.write_text(original)
    run_install(options(tmp_path, harness))
    installed = path.read_text()
    data = json.loads(installed)
    old = json.loads(original)
    for key, value in old.items():
        if key != "hooks":
            assert data[key] == value
    for event, groups in (old.get("hooks") or {}).items():
        assert data["hooks"][event][: len(groups)] == groups  # the user's hooks first, untouched
    assert list(data)[: len(old)] == list(old)  # key order kept
    ours = [h for groups in data["hooks"].values() for g in groups for h in g["hooks"] if is_ours(h, harness)]
    assert ours and all(h["command"] == guarded(harness, hook_command(harness)) for h in ours)
    run_install(options(tmp_path, harness, uninstall=True))
    assert path.read_text() == original


@pytest.mark.parametrize("harness,original", [("claude-code", CLAUDE_SETTINGS), ("codex", CODEX_HOOKS),
                                              ("gemini", GEMINI_SETTINGS)])
def test_a_settings_file_with_windows_line_ends_keeps_them_and_comes_back_byte_for_byte(tmp_path: Path, harness: str,
                                                                                      original: str):
    """A file saved with CRLF line ends (an editor on Windows, a checkout with autocrlf): learn's entries are written
    with the same line ends, and an uninstall gives back the very bytes (the file was read with its CRLF turned
    into LF, and the whole file came back LF-only)."""
    path = settings_file(tmp_path, harness)
    path.parent.mkdir(parents=True)
    before = original.replace("\n", "\r\n").encode()
    path.write_bytes(before)
    run_install(options(tmp_path, harness))
    installed = path.read_bytes()
    assert installed.count(b"\n") == installed.count(b"\r\n") > before.count(b"\n")  # ours added, CRLF only
    assert [h for groups in json.loads(installed)["hooks"].values() for g in groups for h in g["hooks"]
            if is_ours(h, harness)]
    run_install(options(tmp_path, harness, uninstall=True))
    assert path.read_bytes() == before


def test_an_originally_empty_event_list_comes_back_from_installs_copy(tmp_path: Path):
    """Taking learn's entry out of the person's empty `"Stop": []` also takes out the list and the `hooks` object;
    the file is still what install made of it, so uninstall gives back install's copy (review51 R51-2)."""
    path = settings_file(tmp_path, "claude-code")
    path.parent.mkdir(parents=True)
    path.write_text('{\n  "hooks": {\n    "Stop": []\n  },\n  "model": "opus"\n}\n')
    run_install(options(tmp_path))
    run_install(options(tmp_path, uninstall=True))
    assert path.read_text() == '{\n  "hooks": {\n    "Stop": []\n  },\n  "model": "opus"\n}\n'
    # changed after install: the change is kept, and the empty list and hooks object go with ours, as before
    run_install(options(tmp_path))
    path.write_text(path.read_text().replace('"opus"', '"sonnet"'))
    run_install(options(tmp_path, uninstall=True))
    assert path.read_text() == '{\n  "model": "sonnet"\n}\n'


def test_install_is_idempotent_and_keeps_a_backup_of_the_file_it_changed(tmp_path: Path):
    path = settings_file(tmp_path, "claude-code")
    path.parent.mkdir(parents=True)
    path.write_text(CLAUDE_SETTINGS)
    lines = run_install(options(tmp_path))
    assert lines[0].startswith(f"Installed learn hooks for claude-code in {path}")
    backups = tmp_path / ".altimate-code" / "learn" / ".backups"
    (backup,) = backups.glob(".claude__settings.json.bak-*")
    assert backup.read_text() == CLAUDE_SETTINGS
    assert f"The previous file is kept as {backup}." in lines
    once = path.read_text()
    again = run_install(options(tmp_path))
    assert again[0] == f"learn hooks for claude-code are already installed in {path}; nothing changed."
    assert path.read_text() == once and len(list(backups.glob("*.bak-*"))) == 1


def test_an_outdated_install_is_replaced_not_duplicated(tmp_path: Path):
    path = settings_file(tmp_path, "claude-code")
    run_install(options(tmp_path, command="/old/venv/bin/python -m altimate_learn hook claude-code"))
    run_install(options(tmp_path))
    data = json.loads(path.read_text())
    commands = [h["command"] for groups in data["hooks"].values() for g in groups for h in g["hooks"]]
    assert commands and set(commands) == {guarded("claude-code", hook_command("claude-code"))}
    assert len(data["hooks"]["SessionStart"]) == 1


def test_uninstall_removes_only_our_handlers_even_inside_a_shared_group(tmp_path: Path):
    path = settings_file(tmp_path, "claude-code")
    path.parent.mkdir(parents=True)
    mine = hook_command("claude-code")
    path.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "notify-send done"},
        {"type": "command", "command": mine}]}]}}, indent=2) + "\n")
    run_install(options(tmp_path, uninstall=True))
    assert json.loads(path.read_text()) == {"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "notify-send done"}]}]}}


def test_dry_run_prints_the_change_and_writes_nothing(tmp_path: Path):
    lines = run_install(options(tmp_path, dry_run=True))
    assert lines[0] == "Dry run: nothing was written. The change would be:"
    assert '+            "command": ' in lines[1] and "hook claude-code" in lines[1]
    assert not (tmp_path / ".claude").exists()


def test_a_settings_file_with_comments_is_refused_with_the_entries_to_add(tmp_path: Path):
    path = settings_file(tmp_path, "claude-code")
    path.parent.mkdir(parents=True)
    path.write_text('{\n  // my model\n  "model": "opus"\n}\n')
    from altimate_learn.errors import LearnError

    with pytest.raises(LearnError) as err:
        run_install(options(tmp_path, "claude-code"))
    assert str(err.value).startswith(f"{path} has comments, which learn will not rewrite.")
    assert '"UserPromptSubmit"' in str(err.value)
    assert path.read_text() == '{\n  // my model\n  "model": "opus"\n}\n'


# Gemini CLI reads settings.json with comments (strip-json-comments): before the object, between members, inside the
# hooks' lists, with quotes, commas and "//" in them; and "//" inside strings
GEMINI_JSONC = """// my Gemini settings, see https://geminicli.com/docs
{
  "ui": {"theme": "GitHub"}, // dark at night? "no", // really
  /* the hooks I wrote myself,
     keep them */
  "hooks": {
    "AfterTool": [
      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "echo http://x//y"}]} // lint, ]
    ]
  },
  "mcpServers": {}
}
"""


def test_a_gemini_settings_file_with_comments_is_edited_around_them_and_comes_back_byte_for_byte(git_repo: Path,
                                                                                               isolated_home: Path):
    """review50 R50-3: `learn install gemini` refused a settings.json with comments and printed the entries to add by
    hand; once the person had added them, `--check` refused the same file again with the same instructions (exit 1),
    and `--uninstall` could not remove them."""
    path = settings_file(git_repo, "gemini")
    path.parent.mkdir(parents=True)
    path.write_text(GEMINI_JSONC)
    run_install(options(git_repo, "gemini"))
    installed = path.read_text()
    from altimate_learn.config import strip_jsonc

    data = json.loads(strip_jsonc(installed))
    assert data["ui"] == {"theme": "GitHub"} and data["mcpServers"] == {}
    assert data["hooks"]["AfterTool"][0]["hooks"][0]["command"] == "echo http://x//y"  # the person's hook first
    assert {event for event, groups in data["hooks"].items()
            for g in groups for h in g["hooks"] if is_ours(h, "gemini")} == {event for event, _ in gemini.HOOKS}
    for comment in ("// my Gemini settings", '// dark at night? "no", // really', "/* the hooks I wrote myself,",
                    "// lint"):
        assert comment in installed
    (isolated_home / ".gemini").mkdir()
    (isolated_home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(git_repo): "TRUST_FOLDER"}))
    ok, lines = run_check(options(git_repo, "gemini"))
    assert ok and lines[0].startswith(f"learn hooks for gemini are installed in {path}"), lines
    assert run_install(options(git_repo, "gemini"))[0].startswith("learn hooks for gemini are already installed")
    run_install(options(git_repo, "gemini", uninstall=True))
    assert path.read_text() == GEMINI_JSONC


@pytest.mark.parametrize("user", [False, True])
def test_installing_into_a_gemini_settings_file_gemini_refuses_says_so(git_repo: Path, isolated_home: Path, user: bool):
    """review51 R51-3: with a trailing comma in ~/.gemini/settings.json, Gemini CLI 0.61 will not start ("Expected
    double-quoted property name in JSON ... Please fix the configuration file(s)", exit 52); `learn install gemini`
    said "Installed ..." and nothing else (only `--check` said so)."""
    path = settings_path(harness_module("gemini"), options(git_repo, "gemini", user=user))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{\n  // mine\n  "ui": {"theme": "GitHub"},\n}\n')
    lines = run_install(options(git_repo, "gemini", user=user))
    assert lines[0].startswith("Installed learn hooks for gemini"), lines
    assert [line for line in lines if line.startswith(f"Warning: {path} is not valid JSON (Expecting property name")
            and line.endswith("; Gemini CLI will refuse to start until it is fixed (a trailing comma, say: Gemini CLI "
                              "reads comments, not those).")], lines
    path.write_text('{\n  // mine\n  "ui": {"theme": "GitHub"}\n}\n')  # fixed: no warning
    assert not any(line.startswith("Warning") for line in run_install(options(git_repo, "gemini", user=user)))


# check50 C50-4: settings that are only comments inside an object or list (commented out), where learn's entry goes
COMMENTED_OUT = [
    ('{\n  // "ui": {"theme": "GitHub"},\n  // "model": {"name": "gemini-2.5-pro"}\n}\n', '// "model": {"name"'),
    ('{\n  "ui": {"theme": "GitHub"},\n  "hooks": {\n    // "BeforeTool": [{"matcher": "write_file", "hooks": []}]\n  }\n}\n',
     '// "BeforeTool"'),
    ('{"hooks": {"AfterTool": [ /* my linter, off for now */ ]}}', "/* my linter, off for now */"),
]


@pytest.mark.parametrize("original,comment", COMMENTED_OUT, ids=["top", "hooks", "event-list"])
def test_a_gemini_setting_commented_out_where_learns_entry_goes_is_kept(tmp_path: Path, original: str, comment: str):
    """A Gemini settings.json whose object (or the hooks object, or an event's list) holds nothing but a comment:
    install replaced the comment with learn's entry, and uninstall then removed the whole file."""
    path = settings_file(tmp_path, "gemini")
    path.parent.mkdir(parents=True)
    path.write_text(original)
    run_install(options(tmp_path, "gemini"))
    installed = path.read_text()
    from altimate_learn.config import strip_jsonc

    assert {event for event, groups in json.loads(strip_jsonc(installed))["hooks"].items()
            for g in groups for h in g["hooks"] if is_ours(h, "gemini")} == {event for event, _ in gemini.HOOKS}
    assert comment in installed
    assert run_install(options(tmp_path, "gemini"))[0].startswith("learn hooks for gemini are already installed")
    run_install(options(tmp_path, "gemini", uninstall=True))
    assert path.read_text() == original


def test_malformed_settings_are_refused(tmp_path: Path):
    path = settings_file(tmp_path, "claude-code")
    path.parent.mkdir(parents=True)
    path.write_text('{"hooks": [1, 2]}')
    from altimate_learn.errors import LearnError

    with pytest.raises(LearnError, match='"hooks" is not an object'):
        run_install(options(tmp_path))


def test_user_level_files(tmp_path: Path, isolated_home: Path):
    run_install(options(tmp_path, user=True))
    assert (isolated_home / ".claude" / "settings.json").is_file()
    run_install(options(tmp_path, "codex", user=True))
    assert (isolated_home / ".codex" / "hooks.json").is_file()  # $CODEX_HOME
    run_install(options(tmp_path, "gemini", user=True))
    assert (isolated_home / ".gemini" / "settings.json").is_file()
    assert not (tmp_path / ".claude").exists()


def test_the_command_is_an_absolute_quoted_interpreter_path():
    command = hook_command("codex")
    words = shlex.split(command)
    assert words[0] == sys.executable and Path(words[0]).is_absolute()
    assert words[1:] == ["-I", "-m", "altimate_learn", "hook", "codex"]


def test_inline_and_empty_containers_keep_their_style():
    text = '{"a": 1, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}'
    from altimate_learn.harness import claude

    added = add_ours(text, claude, "learn hook claude-code")
    assert json.loads(added)["a"] == 1
    assert remove_ours(added, "claude-code")[0] == text
    assert remove_ours(add_ours("{}", claude, "learn hook claude-code"), "claude-code")[0] == "{}"


def test_check_reports_installed_and_runnable(git_repo: Path):
    ok, lines = run_check(options(git_repo))
    assert not ok and "not installed" in lines[0]
    run_install(options(git_repo))
    ok, lines = run_check(options(git_repo))
    assert ok, lines
    assert lines[0] == (f"learn hooks for claude-code are installed in {settings_file(git_repo, 'claude-code')} "
                        "(project) and run.")
    assert lines[1].startswith("runs: ")


def test_check_finds_a_broken_command(git_repo: Path):
    run_install(options(git_repo, command="/nonexistent/python -I -m altimate_learn hook claude-code"))
    ok, lines = run_check(options(git_repo))
    assert not ok and any(line.startswith("FAILS: /nonexistent/python") for line in lines)


def test_cli_install_dry_run_and_check(git_repo: Path, learn_cli):
    proc = learn_cli("install", "claude-code", "--dry-run", cwd=git_repo)
    assert proc.returncode == 0 and "Dry run" in proc.stdout
    proc = learn_cli("install", "codex", cwd=git_repo)
    assert proc.returncode == 0 and "trust" in proc.stdout and "[features]" in proc.stdout
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)  # Codex would not load them: an untrusted project
    assert proc.returncode == 1 and f"{git_repo} is not trusted in" in proc.stdout  # (tests/harness/test_codex_trust.py)
    proc = learn_cli("install", "gemini", "--check", cwd=git_repo)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "Error: learn hooks for gemini are not installed or do not run (see above)."
    proc = learn_cli("install", "vim", cwd=git_repo)
    assert proc.returncode == 1 and proc.stderr.startswith("Error: unknown agent 'vim'.")
    proc = learn_cli("install", "codex", "--local", cwd=git_repo)
    assert proc.returncode == 1 and "--local is only for claude-code" in proc.stderr
    proc = learn_cli("install", "claude-code", "--local", cwd=git_repo)
    assert proc.returncode == 0 and (git_repo / ".claude" / "settings.local.json").is_file()


# --- issue 12.5: --check agrees with --local; uninstall leaves the tree as it was; committed files ----------

def test_check_finds_hooks_installed_with_local_and_names_the_file(git_repo: Path, learn_cli):
    assert learn_cli("install", "claude-code", "--local", cwd=git_repo).returncode == 0
    proc = learn_cli("install", "claude-code", "--check", cwd=git_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    local = git_repo / ".claude" / "settings.local.json"
    assert proc.stdout.splitlines()[0] == f"learn hooks for claude-code are installed in {local} (local) and run."
    assert "--local" not in proc.stdout.replace("(local)", "")  # no advice to install elsewhere
    proc = learn_cli("install", "claude-code", "--check", "--local", cwd=git_repo)
    assert proc.returncode == 0
    proc = learn_cli("install", "claude-code", "--check", "--user", cwd=git_repo)
    assert proc.returncode == 1 and "Run `learn install claude-code --user`." in proc.stdout


@pytest.mark.parametrize("harness,project", [("codex", ".codex/hooks.json"), ("gemini", ".gemini/settings.json")])
def test_local_for_an_agent_without_a_local_file_says_what_to_run(git_repo: Path, learn_cli, harness: str,
                                                                  project: str):
    """trial27: the README's quick start reads `learn install claude-code --local (or: learn install codex | …)`;
    `learn install codex --local` said only that codex has no local file."""
    proc = learn_cli("install", harness, "--local", cwd=git_repo)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.strip() == (f"Error: --local is only for claude-code (its .claude/settings.local.json); {harness} "
                                   f"has no local settings file. Run `learn install {harness}` for the project's "
                                   f"{project}, or `learn install {harness} --user` to keep the hooks to yourself.")
    assert not (git_repo / project).exists()


def test_a_broken_local_install_is_repaired_with_the_local_flag(git_repo: Path):
    run_install(options(git_repo, local=True, command="/nonexistent/python -I -m altimate_learn hook claude-code"))
    ok, lines = run_check(options(git_repo))
    assert not ok and lines[-1] == "Run `learn install claude-code --local` to repair them."


def test_hooks_in_two_files_are_reported_as_running_twice(git_repo: Path):
    """Two commands (the local file's from another learn, another interpreter): Claude Code runs both. (The local
    file first: a `--local` install beside project hooks that run here now writes nothing, review39 R39-21; the
    project's install after it is how a clone gets there when the team commits its hooks later.)"""
    other = f"{shlex.quote(sys.executable)} -I -m altimate_learn hook claude-code --from-another-learn"
    run_install(options(git_repo, local=True, command=other))
    run_install(options(git_repo))
    ok, lines = run_check(options(git_repo))
    assert ok and lines[-1].startswith("Note: the hooks are installed in 2 files and claude-code runs each")


def test_gemini_hooks_in_two_files_with_one_command_are_reported_as_running_once(git_repo: Path):
    """trial25: Gemini CLI runs an event's handlers that share name and command once, whichever files hold them
    (real Gemini 0.61 with learn in the project and the user settings: each lesson once, one hook process); the note
    said it "runs each of them"."""
    run_install(options(git_repo, harness="gemini"))
    run_install(options(git_repo, harness="gemini", user=True))
    ok, lines = run_check(options(git_repo, harness="gemini"))
    assert ok and lines[-1].startswith("Note: the hooks are installed in 2 files, with the same name and command, "
                                       "and gemini runs a hook that several files hold once"), lines


def test_claude_code_hooks_in_two_files_with_one_command_are_reported_as_running_once(git_repo: Path):
    """trial26: real Claude Code 2.1.332 runs an identical hook command once, whichever settings files hold it
    (the user's and the project's local file: learn writes the same command in both)."""
    run_install(options(git_repo, user=True))
    run_install(options(git_repo, local=True))
    ok, lines = run_check(options(git_repo))
    assert ok and lines[-1].startswith("Note: the hooks are installed in 2 files, with the same command, and "
                                       "claude-code runs a hook that several files hold once"), lines


def test_gemini_hooks_in_two_files_with_different_commands_are_reported_as_running_twice(git_repo: Path):
    """The user file's hook from another learn (another interpreter): Gemini runs both."""
    other = f"{shlex.quote(sys.executable)} -I -m altimate_learn hook gemini --from-another-learn"
    run_install(options(git_repo, harness="gemini", user=True, command=other))  # first: see the test above
    run_install(options(git_repo, harness="gemini"))
    ok, lines = run_check(options(git_repo, harness="gemini"))
    assert lines[-1].startswith("Note: the hooks are installed in 2 files and gemini runs each"), lines


@pytest.mark.parametrize("harness", ["claude-code", "codex", "gemini"])
def test_install_then_uninstall_leaves_the_working_tree_as_it_was(git_repo: Path, harness: str):
    from altimate_learn.store.paths import ProjectPaths
    from altimate_learn.store.store import ensure_learn_dir
    from tests.conftest import git

    ensure_learn_dir(ProjectPaths(git_repo))  # a project that uses learn (`learn enable` made this)
    git(git_repo, "add", ".altimate-code")
    git(git_repo, "commit", "-q", "-m", "learn")
    before = git(git_repo, "status", "--porcelain", "--untracked-files=all")
    run_install(options(git_repo, harness))
    run_install(options(git_repo, harness))  # a second install changes nothing
    run_install(options(git_repo, harness, command=f"/other/python -I -m altimate_learn hook {harness}"))  # a change
    lines = run_install(options(git_repo, harness, uninstall=True))
    assert f"{settings_file(git_repo, harness)} held nothing else, so it was removed." in lines
    after = git(git_repo, "status", "--porcelain", "--untracked-files=all")
    assert after == before  # no `{}` file, no .bak copies, no empty folder (backups live where git ignores them)
    assert not settings_file(git_repo, harness).parent.exists()


def test_uninstall_keeps_a_settings_file_that_holds_other_settings(git_repo: Path):
    path = settings_file(git_repo, "claude-code")
    path.parent.mkdir(parents=True)
    path.write_text(CLAUDE_SETTINGS)
    run_install(options(git_repo))
    run_install(options(git_repo, uninstall=True))
    assert path.read_text() == CLAUDE_SETTINGS


@pytest.mark.parametrize("original", ['{"hooks": {}}', "{}\n", "", '{\r\n  "hooks": {},\r\n  "env": {"A": "1"}\r\n}\r\n',
                                      '{"hooks": {"Stop": []}}'])
@pytest.mark.parametrize("harness,scope", [("claude-code", {}), ("claude-code", {"local": True}), ("codex", {}),
                                           ("gemini", {}), ("gemini", {"user": True})])
def test_uninstall_gives_back_a_file_the_user_had_that_held_nothing_else(git_repo: Path, harness: str, scope: dict,
                                                                         original: str):
    """review51 R51-2 (named leftover): a settings file the person had before `learn install` that held nothing
    else (`{}`, an empty file, an empty `"hooks": {}` or event list) was removed by `--uninstall` ("held nothing
    else, so it was removed"), and an empty `"hooks": {}` beside other settings was dropped. Now the file comes back
    byte for byte, after a second install and a reinstall with another command too, and install's copy of it goes."""
    path = settings_path(harness_module(harness), options(git_repo, harness, **scope))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(original.encode())
    run_install(options(git_repo, harness, **scope))
    run_install(options(git_repo, harness, **scope))  # changes nothing
    run_install(options(git_repo, harness, command=f"/other/python -I -m altimate_learn hook {harness}", **scope))
    lines = run_install(options(git_repo, harness, uninstall=True, **scope))
    assert path.read_bytes() == original.encode(), lines
    assert f"{path} is again what it was before `learn install`, byte for byte." in lines
    # install's copy of the person's file is gone (the file is that again); what stays are the reinstall's copies
    # of the installed file (learn's hooks and the person's other settings)
    copies = list(path.parent.glob(path.name + ".bak-*")) + list(git_repo.glob(".altimate-code/learn/.backups/*"))
    assert all("altimate_learn hook" in copy.read_text() for copy in copies), copies


def test_uninstall_of_a_file_changed_after_install_keeps_the_change_and_removes_a_file_learn_made(git_repo: Path):
    """The copy is given back only when the file is still exactly what install made of it; a file learn created
    is still removed."""
    path = settings_file(git_repo, "gemini")
    path.parent.mkdir(parents=True)
    path.write_text("{}")
    run_install(options(git_repo, "gemini"))
    path.write_text(path.read_text().replace("{", '{"ui": {"theme": "dark"},', 1))  # the person's later setting
    run_install(options(git_repo, "gemini", uninstall=True))
    assert json.loads(path.read_text()) == {"ui": {"theme": "dark"}}
    path.unlink()
    run_install(options(git_repo, "gemini"))
    lines = run_install(options(git_repo, "gemini", uninstall=True))
    assert f"{path} held nothing else, so it was removed." in lines and not path.exists()


def test_a_project_install_says_it_names_this_machines_python_and_offers_the_path_form(git_repo: Path):
    lines = run_install(options(git_repo))
    note = next(line for line in lines if line.startswith("Note: "))
    assert note.startswith(f"Note: settings.json is usually committed, and these hooks name this machine's Python "
                           f"({sys.executable})")
    assert "`learn install claude-code --on-path`" in note and "--local" in note
    assert not any(line.startswith("Note: ") for line in run_install(options(git_repo, local=True)))
    lines = run_install(options(git_repo, on_path=True))
    data = json.loads(settings_file(git_repo, "claude-code").read_text())
    commands = {h["command"] for groups in data["hooks"].values() for g in groups for h in g["hooks"]}
    assert commands == {"env -u PYTHONPATH -u PYTHONHOME -u PYTHONUSERBASE learn hook claude-code 2>/dev/null || true"}
    assert sys.executable not in settings_file(git_repo, "claude-code").read_text()
    assert any("every teammate needs learn installed and on PATH" in line for line in lines)


def test_cli_on_path_is_refused_with_check(git_repo: Path, learn_cli):
    proc = learn_cli("install", "codex", "--check", "--on-path", cwd=git_repo)
    assert proc.returncode == 2 and "--on-path" in proc.stderr


@pytest.mark.parametrize("harness", ["claude-code", "codex", "gemini"])
def test_trying_install_in_a_project_that_never_used_learn_leaves_no_file_behind(git_repo: Path, harness: str):
    # issue 12.5: install, reinstall with another command, uninstall in a fresh repository: not even
    # .altimate-code/ appears (the file held only learn's hooks, so there was nothing of the user's to copy)
    from tests.conftest import git

    before = git(git_repo, "status", "--porcelain", "--untracked-files=all")
    run_install(options(git_repo, harness))
    lines = run_install(options(git_repo, harness, command=f"/other/python -I -m altimate_learn hook {harness}"))
    assert not any("previous file is kept" in line for line in lines)
    run_install(options(git_repo, harness, uninstall=True))
    assert git(git_repo, "status", "--porcelain", "--untracked-files=all") == before
    assert not (git_repo / ".altimate-code").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="no guard is written on Windows (PowerShell)")
@pytest.mark.parametrize("harness", ["claude-code", "codex"])
def test_a_committed_on_path_hook_is_silent_for_a_teammate_without_learn(tmp_path: Path, harness: str):
    """review14 R14-24: the `--on-path` command in a committed .claude/settings.json or .codex/hooks.json ended
    "env: 'learn': No such file or directory", exit 127, a hook error on every event for a teammate without learn.
    The agents run the command with a shell; with learn on PATH it still answers."""
    import shutil
    import subprocess

    bash = shutil.which("bash")
    assert bash is not None
    run_install(options(tmp_path, harness, on_path=True))
    [command] = {h["command"] for groups in json.loads(settings_file(tmp_path, harness).read_text())["hooks"].values()
                 for g in groups for h in g["hooks"]}
    assert command.startswith(path_command(harness))
    env = {"PATH": str(tmp_path / "empty-bin"), "HOME": str(tmp_path)}
    proc = subprocess.run([bash, "-c", command], input="{}", capture_output=True, text=True, env=env, cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    bare = subprocess.run([bash, "-c", path_command(harness)], input="{}", capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert bare.returncode == 127 and bare.stderr  # what the agent showed as a hook error
    # with learn on PATH the guarded command still runs learn's hook and answers
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + "/usr/bin:/bin"
    payload = json.dumps({"hook_event_name": CHECK_EVENT, "session_id": "s", "cwd": str(tmp_path)})
    proc = subprocess.run([bash, "-c", command], input=payload, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert proc.returncode == 0 and "altimate_learn" in json.loads(proc.stdout)
    # the absolute form in the project's file (the file a team commits) is guarded too (fix17): a teammate whose
    # machine has no such interpreter gets nothing printed, exit 0; it still answers where the interpreter is
    run_install(options(tmp_path, harness))
    [absolute] = {h["command"] for groups in json.loads(settings_file(tmp_path, harness).read_text())["hooks"].values()
                  for g in groups for h in g["hooks"]}
    assert absolute == guarded(harness, hook_command(harness)) != hook_command(harness)
    proc = subprocess.run([bash, "-c", absolute], input=payload, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert proc.returncode == 0 and "altimate_learn" in json.loads(proc.stdout)
    elsewhere = absolute.replace(shlex.quote(sys.executable), "/nonexistent/venv/bin/python3")
    assert elsewhere != absolute
    proc = subprocess.run([bash, "-c", elsewhere], input=payload, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    unguarded = subprocess.run([bash, "-c", hook_command(harness).replace(shlex.quote(sys.executable),
                                                                          "/nonexistent/venv/bin/python3")],
                               input=payload, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert unguarded.returncode == 127 and unguarded.stderr  # the hook error real Claude Code showed every event


@pytest.mark.parametrize("harness", ["claude-code", "codex"])
def test_the_project_the_local_and_the_user_file_get_one_command(tmp_path: Path, isolated_home: Path, harness: str):
    """trial27: the project's command carried the `|| true` guard and the user's and `--local` ones did not, so with
    learn's hooks in both files real Claude Code ran two processes for every event (it runs a command that several
    files hold once). Every file gets the same guarded command; --check says they run once."""
    scopes = [{}, {"user": True}] + ([{"local": True}] if harness == "claude-code" else [])
    for scope in scopes:
        run_install(options(tmp_path, harness, **scope))
    files = [settings_path(harness_module(harness), options(tmp_path, harness, **scope)) for scope in scopes]
    commands = {h["command"] for path in files for groups in json.loads(path.read_text())["hooks"].values()
                for g in groups for h in g["hooks"]}
    assert commands == {guarded(harness, hook_command(harness))} and commands != {hook_command(harness)}
    if harness == "claude-code":
        ok, lines = run_check(options(tmp_path, harness))
        assert ok and lines[-1].startswith(f"Note: the hooks are installed in {len(files)} files, with the same "
                                           "command, and claude-code runs a hook that several files hold once"), lines


@pytest.mark.skipif(sys.platform == "win32", reason="Gemini CLI runs hooks in PowerShell there; no guard is written")
@pytest.mark.parametrize("on_path", [False, True])
def test_a_gemini_hook_whose_program_is_missing_answers_nothing_and_succeeds(tmp_path: Path, on_path: bool):
    """review9 R9-7: Gemini CLI runs a hook with `bash -c` and reads exit 127 with "command not found" on stderr
    as a verdict that blocks the turn; a teammate without learn (or a deleted venv) lost every answer."""
    import subprocess

    run_install(options(tmp_path, "gemini", on_path=on_path))
    data = json.loads(settings_file(tmp_path, "gemini").read_text())
    [command] = {h["command"] for groups in data["hooks"].values() for g in groups for h in g["hooks"]}
    # the program gone: another machine's venv, or no learn on PATH
    first = shlex.quote(shlex.split(command)[0])
    assert command.startswith(first)
    missing = command if on_path else shlex.quote(str(tmp_path / "gone" / "python")) + command[len(first):]
    import shutil

    bash = shutil.which("bash")
    assert bash is not None
    env = {"PATH": str(tmp_path / "empty-bin"), "HOME": str(tmp_path)}
    proc = subprocess.run([bash, "-c", missing], input="{}", capture_output=True, text=True, env=env, cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    unguarded = missing.removesuffix(guarded("gemini", ""))
    assert unguarded != missing
    bare = subprocess.run([bash, "-c", unguarded], input="{}", capture_output=True, text=True, env=env, cwd=tmp_path)
    assert bare.returncode == 127 and bare.stderr  # what Gemini CLI read as a blocking verdict


def test_a_local_install_keeps_its_machine_path_out_of_git(git_repo: Path, learn_cli):
    # fix17: `learn install claude-code --local` wrote .claude/settings.local.json (this machine's Python path)
    # and `git status` offered it for the next `git add .`; now this clone's git ignores it, and nothing new
    # that would be committed appears (info/exclude, not a .gitignore to commit)
    from tests.conftest import git

    proc = learn_cli("install", "claude-code", "--local", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert (git_repo / ".claude" / "settings.local.json").is_file()
    status = git(git_repo, "status", "--porcelain", "--untracked-files=all")
    assert ".claude" not in status and ".gitignore" not in status  # (.gitattributes is for the team: committed)
    assert "/.claude/settings.local.json" in (git_repo / ".git" / "info" / "exclude").read_text().splitlines()
    assert "git ignores it in this clone" in proc.stdout
    again = learn_cli("install", "claude-code", "--local", cwd=git_repo)
    assert "git ignores it" not in again.stdout  # said once; the line is not added twice
    assert (git_repo / ".git" / "info" / "exclude").read_text().count("settings.local.json") == 1


def test_a_committed_local_settings_file_is_named_with_the_command_to_untrack_it(git_repo: Path):
    from tests.conftest import git

    local = git_repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text("{}\n")
    git(git_repo, "add", "-f", ".claude/settings.local.json")
    git(git_repo, "commit", "-q", "-m", "oops")
    lines = run_install(options(git_repo, local=True))
    assert "`git rm --cached .claude/settings.local.json`" in "\n".join(lines)


@pytest.mark.parametrize("folder", ["proj [x]", "a*b?", "#notes", "!keep", "trail "])
def test_a_local_settings_path_with_glob_characters_is_ignored_once_and_only_then_said(tmp_path: Path, folder: str):
    # review17 on d605402: the path went into info/exclude raw, as a pattern: `proj [x]/` is a character class, so
    # the file stayed untracked while the message said git ignores it, and each install appended the line again
    from altimate_learn import git as learn_git
    from tests.conftest import git

    git(tmp_path, "init", "-q")
    local = tmp_path / folder / ".claude" / "settings.local.json"
    local.parent.mkdir(parents=True)
    local.write_text("{}\n")
    said = learn_git.exclude_locally(local)
    assert said is not None and said.startswith("Git: ") and "git ignores it" in said
    assert git(tmp_path, "status", "--porcelain", "--untracked-files=all") == ""
    assert learn_git.exclude_locally(local) is None  # already ignored: nothing said, nothing added
    lines = (tmp_path / ".git" / "info" / "exclude").read_text().splitlines()
    assert sum(1 for line in lines if "settings.local.json" in line) == 1


def test_a_rule_that_includes_the_local_settings_again_is_named_not_claimed(tmp_path: Path):
    from altimate_learn import git as learn_git
    from tests.conftest import git

    git(tmp_path, "init", "-q")
    (tmp_path / ".gitignore").write_text("!.claude/settings.local.json\n")
    local = tmp_path / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text("{}\n")
    said = learn_git.exclude_locally(local)
    assert said is not None and said.startswith("Note: ") and "includes it again" in said
    learn_git.exclude_locally(local)
    assert (tmp_path / ".git" / "info" / "exclude").read_text().count("settings.local.json") == 1


def test_uninstall_in_another_scope_than_the_install_names_where_the_hooks_are(git_repo: Path, cli):
    """trial28: installed with `--local` (the README's quick start), removed without it: "nothing to remove" alone,
    and the hooks stayed."""
    assert cli("install", "claude-code", "--local")[0] == 0
    code, out, err = cli("install", "claude-code", "--uninstall")
    local = git_repo / ".claude" / "settings.local.json"
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"No learn hooks for claude-code in {git_repo / '.claude' / 'settings.json'}; nothing to remove.",
        f"learn's hooks for claude-code are in {local}: remove them with "
        "`learn install claude-code --local --uninstall`."]
    assert "hook claude-code" in local.read_text()  # nothing else was touched
    assert cli("install", "claude-code", "--local", "--uninstall")[0] == 0 and not local.exists()
    code, out, _ = cli("install", "claude-code", "--uninstall")
    assert out.splitlines() == [
        f"No learn hooks for claude-code in {git_repo / '.claude' / 'settings.json'}; nothing to remove."]


def test_uninstall_of_a_project_install_names_a_user_install_of_that_agent(git_repo: Path, cli):
    assert cli("install", "codex", "--user")[0] == 0
    code, out, _ = cli("install", "codex", "--uninstall")
    user_file = Path(os.environ["CODEX_HOME"]) / "hooks.json"
    assert code == 0 and out.splitlines()[-1] == (
        f"learn's hooks for codex are in {user_file}: remove them with `learn install codex --user --uninstall`.")


@pytest.mark.parametrize("agent, rel", [("codex", ".codex/hooks.json"), ("gemini", ".gemini/settings.json"),
                                        ("opencode", ".opencode/plugins/altimate-learn.js")])
def test_uninstalling_hooks_the_team_committed_says_it_removes_them_for_every_teammate(git_repo: Path, cli, agent, rel):
    """trial29: Bob followed "Removing learn" in his clone; the hook files Ann had committed (installed with --on-path
    for the team) were deleted without a word, and his next commit would have taken learn away from the whole team."""
    from tests.conftest import git

    assert cli("install", agent, "--on-path")[0] == 0
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "team hooks")
    code, out, err = cli("install", agent, "--uninstall")
    assert (code, err) == (0, "") and not (git_repo / rel).exists()
    assert out.splitlines()[-1] == (
        f"Note: {rel} is committed, so committing this change removes learn's hooks for every teammate who pulls it. To "
        f"turn learn off only for yourself, restore the file (`git checkout HEAD -- {rel}`) and set ALTIMATE_LEARN=0 in your "
        "environment.")
    git(git_repo, "checkout", "--", rel)
    assert f"learn hook {agent}" in (git_repo / rel).read_text()  # restored as the note says: the team's hooks are back


def test_uninstalling_hooks_no_one_committed_adds_no_note(git_repo: Path, cli):
    assert cli("install", "codex")[0] == 0
    code, out, _ = cli("install", "codex", "--uninstall")
    assert code == 0 and "Note:" not in out
    assert cli("install", "claude-code", "--local")[0] == 0
    code, out, _ = cli("install", "claude-code", "--local", "--uninstall")
    assert code == 0 and "Note:" not in out
