"""review10 R10-9: Codex skips learn's hooks until the person trusts them in /hooks; --check and doctor say so.

The config.toml shapes are the ones Codex CLI 0.171 writes and reads (checked against the real CLI offline: its
app-server `hooks/list` reports these keys, and with these entries `codex exec` runs learn's hooks, without them
it skips them): `[projects."<path>"] trust_level = "trusted"` and, per hook,
`[hooks.state."<hooks.json path>:<event>:<group>:<handler>"] trusted_hash = "sha256:…"`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from altimate_learn.harness import codex, codex_trust

EVENTS = ["session_start", "user_prompt_submit", "pre_tool_use", "post_tool_use", "stop", "session_end"]
SKIP = "Codex will skip learn's hooks until you trust them: open /hooks in Codex"
INSTALLED_AT = 1767225600  # 2026-01-01T00:00:00Z: the hooks file's time, so the sessions below come after it


def config(home: Path, text: str) -> None:
    (home / ".codex").mkdir(parents=True, exist_ok=True)
    (home / ".codex" / "config.toml").write_text(text)


def trusted_project(root: Path) -> str:
    return f'model = "gpt-5.5"\n\n[features]\nhooks = true\n\n[projects."{root}"]\ntrust_level = "trusted"\n'


def hook_state(root: Path, events=EVENTS, group: int = 0, extra: str = "") -> str:
    out = ""
    for event in events:
        out += (f'\n[hooks.state."{root}/.codex/hooks.json:{event}:{group}:0"]\n'
                f'trusted_hash = "sha256:{event:0<64}"\n{extra}')
    return out


def test_check_and_doctor_say_codex_skips_hooks_until_they_are_trusted(git_repo: Path, isolated_home: Path,
                                                                       learn_cli):
    assert learn_cli("install", "codex", cwd=git_repo).returncode == 0
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)  # no config.toml: the project is not trusted
    assert proc.returncode == 1
    assert f"{git_repo} is not trusted in {isolated_home}/.codex/config.toml" in proc.stdout
    # review48's leftover: the last line said "not installed or do not run" after "installed … and work when run"
    assert proc.stderr.strip().splitlines()[-1] == "Error: codex will not run learn's hooks until that is fixed (see above)."
    assert "not installed" not in proc.stderr
    assert "trust_level = \"trusted\"" in proc.stdout
    doctor = learn_cli("doctor", cwd=git_repo).stdout  # trial30: it said "NOT WORKING: run `learn install codex`"
    line = next(x for x in doctor.splitlines() if x.startswith("  codex: hooks in "))
    assert line.endswith(f"NOT RUN: Codex loads {git_repo}/.codex/hooks.json only in a project you trust, and "
                         f"{git_repo} is not trusted in {isolated_home}/.codex/config.toml: trust the folder when "
                         f"Codex asks, or add [projects.\"{git_repo}\"] trust_level = \"trusted\" there."), line
    assert "learn install codex` to repair" not in doctor

    config(isolated_home, trusted_project(git_repo))  # the folder is trusted, the hooks not yet (the reviewer's case)
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 1
    assert "but codex will not run them:" in proc.stdout.splitlines()[0]
    assert SKIP in proc.stdout
    assert ("Not trusted yet: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SessionEnd."
            in proc.stdout)
    doctor = learn_cli("doctor", cwd=git_repo).stdout
    line = next(x for x in doctor.splitlines() if x.startswith("  codex: hooks in "))
    assert line.endswith("NOT RUN: " + next(x for x in proc.stdout.splitlines() if SKIP in x))
    assert "working" not in line

    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo, EVENTS[:-2]))  # two still untrusted
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 1 and "Not trusted yet: Stop, SessionEnd." in proc.stdout
    assert proc.stderr.strip() == "Error: codex will not run learn's hooks until that is fixed (see above)."

    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo))  # what /hooks writes: all trusted
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.splitlines()[0].endswith("(project) and run.")
    assert "it skips them until you trust them again in /hooks" in proc.stdout
    assert ".codex/hooks.json, working" in learn_cli("doctor", cwd=git_repo).stdout

    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo, extra="enabled = false\n"))
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 1 and "are turned off in Codex's /hooks" in proc.stdout


def test_the_keys_follow_learns_place_in_a_shared_hooks_file(git_repo: Path, isolated_home: Path, learn_cli):
    """Another tool's hook comes first in each event: learn's handlers are group 1, and trusting group 0 (the
    other tool's) does not make learn's run."""
    other = {"type": "command", "command": "/usr/local/bin/other-tool", "timeout": 5}
    (git_repo / ".codex").mkdir()
    (git_repo / ".codex" / "hooks.json").write_text(json.dumps({"hooks": {
        "SessionStart": [{"hooks": [other]}], "UserPromptSubmit": [{"hooks": [other]}]}}))
    assert learn_cli("install", "codex", cwd=git_repo).returncode == 0
    data = json.loads((git_repo / ".codex" / "hooks.json").read_text())
    assert data["hooks"]["SessionStart"][0]["hooks"] == [other]  # learn's entry came after it
    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo, ["session_start", "user_prompt_submit"])
           + hook_state(git_repo, ["pre_tool_use", "post_tool_use", "stop", "session_end"]))
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 1 and "Not trusted yet: SessionStart, UserPromptSubmit." in proc.stdout
    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo, ["session_start", "user_prompt_submit"],
                                                                 group=1)
           + hook_state(git_repo, ["pre_tool_use", "post_tool_use", "stop", "session_end"]))
    assert learn_cli("install", "codex", "--check", cwd=git_repo).returncode == 0


def rollout(home: Path, root: Path, session: str, started: str) -> None:
    folder = home / ".codex" / "sessions" / "2026" / "06" / "01"
    folder.mkdir(parents=True, exist_ok=True)
    meta = {"timestamp": started, "type": "session_meta",
            "payload": {"id": session, "session_id": session, "timestamp": started, "cwd": str(root),
                        "originator": "codex_exec", "cli_version": "0.171.0", "source": "exec"}}
    (folder / f"rollout-2026-06-01T09-00-00-{session}.jsonl").write_text(json.dumps(meta) + "\n")


def test_sessions_that_ran_without_learns_hooks_are_named_even_when_config_says_trusted(
        git_repo: Path, isolated_home: Path, learn_cli, run_learn):
    """A hook changed after it was trusted is skipped too (Codex compares its hash, which learn does not compute):
    the latest Codex sessions of the project in which learn's hooks never ran say so."""
    assert learn_cli("enable", cwd=git_repo).returncode == 0
    assert learn_cli("install", "codex", cwd=git_repo).returncode == 0
    hooks_file = git_repo / ".codex" / "hooks.json"
    os.utime(hooks_file, (INSTALLED_AT, INSTALLED_AT))
    config(isolated_home, trusted_project(git_repo) + hook_state(git_repo))
    rollout(isolated_home, git_repo, "01a23baa-0000-7000-8000-000000000001", "2025-12-01T09:00:00.000Z")  # before
    assert learn_cli("install", "codex", "--check", cwd=git_repo).returncode == 0
    rollout(isolated_home, git_repo, "01a23baa-0000-7000-8000-000000000002", "2026-06-01T09:00:00.000Z")
    proc = learn_cli("install", "codex", "--check", cwd=git_repo)
    assert proc.returncode == 1
    assert ("The last Codex session of this project (01a23baa-0000-7000-8000-000000000002) ran without learn's "
            f"hooks, installed before it: {SKIP}") in proc.stdout
    # the person trusts the hooks again and starts a session: learn's hooks run in it (capture is on: `learn enable`)
    session = "01a23baa-0000-7000-8000-000000000003"
    rollout(isolated_home, git_repo, session, "2026-06-01T10:00:00.000Z")
    payload = {"session_id": session, "transcript_path": None, "cwd": str(git_repo),
               "hook_event_name": "UserPromptSubmit", "model": "gpt-5.5", "permission_mode": "default",
               "turn_id": "t1", "prompt": "add a health check endpoint"}
    hook = run_learn("hook", "codex", cwd=git_repo, input=json.dumps(payload))
    assert hook.returncode == 0
    assert learn_cli("install", "codex", "--check", cwd=git_repo).returncode == 0


def test_a_user_install_is_read_from_codex_home(tmp_path: Path, isolated_home: Path):
    command = "/opt/venv/bin/python -I -m altimate_learn hook codex"
    home = isolated_home / ".codex"
    home.mkdir(parents=True, exist_ok=True)
    (home / "hooks.json").write_text(json.dumps({"hooks": {"SessionStart": [
        {"hooks": [{"type": "command", "command": command, "timeout": 15}]}]}}))
    failures, _ = codex.agent_problems(tmp_path, [command])
    assert failures and failures[0].startswith(SKIP) and failures[0].endswith("Not trusted yet: SessionStart.")
    (home / "config.toml").write_text(f'[hooks.state."{home}/hooks.json:session_start:0:0"]\n'
                                      'trusted_hash = "sha256:abc"\n\n[features]\nhooks = false\n')
    failures, _ = codex.agent_problems(tmp_path, [command])
    assert failures == [f"Codex's hooks are turned off ([features] hooks = false in {home}/config.toml): set it "
                        "to true."]


def trust_codex_hooks(root: Path) -> None:
    """What a person's config.toml holds after trusting the project and, in /hooks, every hook of its
    `.codex/hooks.json` (for tests of other parts of `--check` that need Codex to run the hooks)."""
    home = Path(os.environ["CODEX_HOME"])
    hooks_file = root / ".codex" / "hooks.json"
    text = trusted_project(root)
    for event, groups in json.loads(hooks_file.read_text())["hooks"].items():
        for g, group in enumerate(groups):
            for h, _ in enumerate(group["hooks"]):
                text += f'\n[hooks.state."{hooks_file}:{codex_trust.event_label(event)}:{g}:{h}"]\n' \
                        f'trusted_hash = "sha256:{g}{h:0>63}"\n'
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(text)


def test_status_says_codex_does_not_run_hooks_it_was_not_told_to_trust(git_repo: Path, isolated_home: Path,
                                                                        learn_cli):
    """review13 R13-21: `learn status` (the Quick start's check) listed Codex's hooks as installed while Codex
    skipped them; only `learn doctor` said so."""
    assert learn_cli("enable", cwd=git_repo).returncode == 0
    assert learn_cli("install", "codex", cwd=git_repo).returncode == 0
    config(isolated_home, trusted_project(git_repo))  # the folder is trusted, the hooks not yet
    out = learn_cli("status", cwd=git_repo).stdout
    assert out.startswith("Learning: enabled, but codex does not run learn's hooks yet, so nothing is delivered or "
                          "captured (see Hooks below)\n")
    assert "Hooks installed: codex (.codex/hooks.json, but codex does not run them yet).\n" in out
    assert (f"  codex: {SKIP} and trust them (or run `codex --dangerously-bypass-hook-trust`, which runs them for "
            "that one run only). Not trusted yet: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, "
            "SessionEnd. (`learn doctor` checks again)\n") in out

    trust_codex_hooks(git_repo)
    out = learn_cli("status", cwd=git_repo).stdout
    assert out.startswith("Learning: enabled\n")
    assert "Hooks installed: codex (.codex/hooks.json).\n" in out and "does not run" not in out
