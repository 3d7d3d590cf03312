"""Agent CLIs as reflection models, against small fake CLIs (tests/fakes/agent_cli.py) that answer in each real
CLI's output shape: the command learn builds, the answer, usage and cost, every failure as one line that says
what to do (signals kept open), a hang that kills the whole process group, and nothing of the reflector's own run
ever read back as a person's session. The real CLIs are driven in tests/e2e/test_agent_cli_model_e2e.py.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.markers import MODEL_CALL_DIR, MODEL_CALL_MARK
from altimate_learn.reflect.providers import ProviderError, resolve_model
from altimate_learn.reflect.providers.agentcli import AgentCLIModel
from altimate_learn.store import Store, project

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "agent_cli.py"
BINARIES = {"claude-code": "claude", "codex": "codex", "gemini-cli": "gemini", "opencode": "opencode"}
ANSWER = json.dumps({"deltas": [{"op": "ADD", "text": "Use `cents_to_dollars` for money columns.",
                                 "reason": "the user corrected it"}]})
CORRECTION = "No, that's wrong: we always use cents_to_dollars for money columns."


@pytest.fixture
def fake_clis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PATH holding only the four fake CLIs; returns the log file they append to."""
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    body = FAKE.read_text()
    for binary in BINARIES.values():
        path = bin_dir / binary
        path.write_text(f"#!{sys.executable}\n{body}")
        path.chmod(0o755)
    log = tmp_path / "cli-calls.jsonl"
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("FAKE_CLI_LOG", str(log))
    monkeypatch.setenv("FAKE_CLI_ANSWER", ANSWER)
    return log


def calls(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def _store(repo: Path) -> Store:
    return Store(project(repo), "team-playbook")


def _signal(repo: Path, text: str = CORRECTION, session: str = "sess-1") -> list[str]:
    added = append_signals(_store(repo), [NewSignal(kind="user_correction", session_id=session, text=text,
                                                    reason="test", message_id=f"m-{session}")])
    return [s["id"] for s in added]


def _open(repo: Path) -> list[str]:
    return [s["id"] for s in list_signals(_store(repo))]


def _candidate_texts(repo: Path) -> list[str]:
    path = repo / ".altimate-code/learn/team-playbook/candidate.json"
    return [lesson["text"] for lesson in json.loads(path.read_text())] if path.exists() else []


# --- a reflection with each CLI ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(BINARIES))
def test_reflect_with_an_agent_cli_stages_the_lesson_and_says_what_it_cost(git_repo, cli, fake_clis, name) -> None:
    ids = _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", name, "--json")
    assert code == 0, out + err
    one = json.loads(out)["reflections"][0]
    assert one["status"] == "applied" and one["model"] == name and one["model_source"] == "--model"
    assert one["signals"]["consumed"] == ids and _open(git_repo) == []
    assert _candidate_texts(git_repo) == ["Use `cents_to_dollars` for money columns."]
    usage = one["usage"]
    per_call = {"claude-code": (1500, 80, 0.0123), "codex": (900, 60, None), "gemini-cli": (700, 60, None),
                "opencode": (600, 40, 0.002)}[name]
    # two calls (the reflection and its vet), each as the CLI reported it
    assert (usage["input_tokens"], usage["output_tokens"]) == (2 * per_call[0], 2 * per_call[1])
    assert usage["estimated"] is False
    if per_call[2] is not None:  # the CLI's own cost figure
        assert usage["cost_usd"] == pytest.approx(2 * per_call[2]) and usage["cost_reported"] is True
    call, vet = calls(fake_clis)  # the reflection, then the vet of its proposal (gates/vet.py)
    assert call["agent"] == vet["agent"] == BINARIES[name] and "<<<ITEMS " in vet["stdin"]
    assert call["stdin"].startswith(MODEL_CALL_MARK) and CORRECTION in call["stdin"]  # our prompt, marked as ours
    assert Path(call["cwd"]).name == MODEL_CALL_DIR and not (Path(call["cwd"]) / ".git").exists()
    assert call["env"]["ALTIMATE_LEARN"] == "0" and call["env"]["ALTIMATE_LEARN_MODEL_CALL"] == "1"


def test_without_a_usable_cache_folder_every_call_runs_in_one_temporary_folder(git_repo, cli, fake_clis, tmp_path,
                                                                              monkeypatch) -> None:
    """review51 (named leftover): where the cache folder cannot be made (a read-only or odd home), every agent-CLI
    call made a fresh `altimate-learn-model-XXXX` folder in the temporary folder and never removed it (one more per
    call). Now they all run in one private `altimate-learn-model-<uid>`, as they do in the cache's folder."""
    import tempfile

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))  # cannot be made, root or not
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    for session in ("sess-1", "sess-2"):
        _signal(git_repo, session=session)
        code, out, err = cli("reflect", "--session", session, "--model", "codex")
        assert code == 0, out + err
    folders = {call["cwd"] for call in calls(fake_clis)}
    assert len(calls(fake_clis)) == 4 and folders == {str(temp / f"{MODEL_CALL_DIR}-{os.getuid()}")}, folders
    assert sorted(p.name for p in temp.iterdir()) == [f"{MODEL_CALL_DIR}-{os.getuid()}"]  # the call's scratch: gone
    assert (temp / f"{MODEL_CALL_DIR}-{os.getuid()}").stat().st_mode & 0o777 == 0o700


def test_claude_code_runs_with_everything_switched_off(git_repo, cli, fake_clis) -> None:
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "claude-code/sonnet")[0] == 0
    argv = calls(fake_clis)[0]["argv"]
    assert argv[:3] == ["-p", "--output-format", "json"]
    assert argv[argv.index("--tools") + 1] == ""
    assert argv[argv.index("--mcp-config") + 1] == '{"mcpServers": {}}' and "--strict-mcp-config" in argv
    assert json.loads(argv[argv.index("--settings") + 1]) == {"disableAllHooks": True}
    for flag in ("--safe-mode", "--disable-slash-commands", "--no-session-persistence"):
        assert flag in argv
    assert argv[argv.index("--permission-prompts") + 1] == "none"
    assert argv[argv.index("--model") + 1] == "sonnet"
    assert "untrusted" in argv[argv.index("--system-prompt") + 1]  # our reflector prompt replaces Claude Code's


def test_codex_gets_our_instructions_and_no_tools_hooks_or_rollout(git_repo, cli, fake_clis) -> None:
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "codex/gpt-5.5")[0] == 0
    call = calls(fake_clis)[0]
    argv = call["argv"]
    assert argv[0] == "exec" and argv[-1] == "-"
    for flag in ("--json", "--ephemeral", "--skip-git-repo-check", "--ignore-rules"):
        assert flag in argv
    assert argv[argv.index("--sandbox") + 1] == "read-only"
    settings = [argv[i + 1] for i, a in enumerate(argv) if a == "-c"]
    for setting in ("features.shell_tool=false", "features.hooks=false", "features.plugins=false", "mcp_servers={}",
                    'web_search="disabled"', "project_doc_max_bytes=0", 'approval_policy="never"'):
        assert setting in settings
    assert "untrusted" in call["files"]["instructions"]
    assert argv[argv.index("--model") + 1] == "gpt-5.5"


def test_gemini_cli_runs_in_a_workspace_without_tools_or_hooks(git_repo, cli, fake_clis) -> None:
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "gemini-cli")[0] == 0
    call = calls(fake_clis)[0]
    argv = call["argv"]
    assert argv[argv.index("-e") + 1] == "none" and "--allowed-mcp-server-names" in argv and "--model" not in argv
    settings = json.loads(call["files"]["settings"])
    assert settings["tools"]["core"] == [] and settings["hooksConfig"]["enabled"] is False
    assert "untrusted" in call["files"]["system"] and call["env"]["GEMINI_CLI_TRUST_WORKSPACE"] == "true"
    assert not Path(call["env"]["GEMINI_SYSTEM_MD"]).exists()  # the call's scratch files are removed afterwards


def test_opencode_runs_an_agent_without_tools_and_stores_nothing(git_repo, cli, fake_clis, isolated_home) -> None:
    config = isolated_home / ".config" / "opencode" / "opencode.json"
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps({"model": "anthropic/claude-sonnet-4-5",
                                  "mcp": {"github": {"type": "local", "command": ["gh-mcp"]}}}))
    _signal(git_repo)
    code, out, _ = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code == 0
    assert "(answered by anthropic/claude-sonnet-4-5)" in out  # the model from the user's opencode config
    call = calls(fake_clis)[0]
    assert call["env"]["OPENCODE_DB"] == ":memory:" and call["env"]["OPENCODE_PURE"] == "1"
    inline = json.loads(call["files"]["config"])
    agent = inline["agent"]["altimate-learn"]
    assert agent["tools"] == {"*": False} and agent["permission"] == {"*": "deny"} and "untrusted" in agent["prompt"]
    assert inline["mcp"] == {"github": {"enabled": False}}
    assert call["argv"][call["argv"].index("--agent") + 1] == "altimate-learn"


def test_banner_and_colour_codes_before_the_json_are_skipped(git_repo, cli, fake_clis, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "banner")
    rules = {"claude-code": "Quote identifiers in Snowflake models.", "codex": "Run `dbt build` with `--select`.",
             "gemini-cli": "Name staging models `stg_<source>__<table>`.", "opencode": "Never push to `release`."}
    for name, rule in rules.items():
        _signal(git_repo, f"No, {rule.lower()}", session=name)
        monkeypatch.setenv("FAKE_CLI_ANSWER", json.dumps({"deltas": [{"op": "ADD", "text": rule, "reason": "user"}]}))
        code, out, err = cli("reflect", "--session", name, "--model", name)
        assert code == 0, out + err
    assert sorted(_candidate_texts(git_repo)) == sorted(rules.values())


# --- failures: one line, signals kept open --------------------------------------------------------------------

def test_a_missing_cli_is_one_line_before_anything_runs(git_repo, cli, fake_clis, monkeypatch) -> None:
    monkeypatch.setenv("PATH", str(git_repo / "no-such-bin"))
    ids = _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "claude-code")
    assert code == 1
    assert " ".join(err.split()) == (
        "Error: model claude-code cannot be used: the `claude` command is not on PATH. Install Claude Code (npm "
        "install -g @anthropic-ai/claude-code), choose another model with --model (or learn.model), or use --model "
        "builtin to reflect offline.")
    assert _open(git_repo) == ids


@pytest.mark.parametrize(("name", "said"), [
    ("claude-code", "claude-code is not logged in, or its credentials were refused (Not logged in · Please run "
                    "/login). To use it, run `claude` in a terminal and log in (/login), or set ANTHROPIC_API_KEY; or "
                    "choose another model with --model."),
    ("codex", "codex is not logged in, or its credentials were refused (unexpected status 401 Unauthorized: Missing "
              "bearer authentication in header). To use it, run `codex login` (or set OPENAI_API_KEY); or choose "
              "another model with --model."),
    ("gemini-cli", "gemini-cli is not logged in, or its credentials were refused (API key not valid. Please pass a "
                   "valid API key.). To use it, run `gemini` in a terminal and sign in, or set GEMINI_API_KEY; or "
                   "choose another model with --model."),
    ("opencode", "opencode is not logged in, or its credentials were refused (Invalid API key). To use it, run "
                 "`opencode auth login` for your provider; or choose another model with --model."),
])
def test_not_logged_in_says_how_to_log_in_and_keeps_the_signals(git_repo, cli, fake_clis, monkeypatch, name,
                                                                said) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "notloggedin")
    ids = _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", name)
    assert code == 1
    assert " ".join(err.split()) == f"Error: {said} " + ("Backoff recorded." if "stay open" in said
                                                         else "Signals kept open; backoff recorded.")
    assert _open(git_repo) == ids
    from altimate_learn.reflect.schedule import read_schedule
    from altimate_learn.store import Store, project

    schedule = read_schedule(Store(project(git_repo), "team-playbook"))  # provider backoff: learn-schedule.json
    assert schedule["failures"] == 1 and schedule["backoff_until"]


@pytest.mark.parametrize("name", list(BINARIES))
def test_rate_limited_is_one_line_and_keeps_the_signals(git_repo, cli, fake_clis, monkeypatch, name) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "ratelimit")
    ids = _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", name)
    assert code == 1
    assert f"Error: {name} is rate limited (" in err and "Signals stay open" in err
    assert len(err.strip().splitlines()) == 1 and _open(git_repo) == ids


@pytest.mark.parametrize(("mode", "said"), [
    ("garbage", "claude-code answered in a shape learn does not read (<html><body>502 Bad Gateway</body></html>). "
                "Check that `claude` works in a terminal; update it or learn, or choose another model with --model."),
    ("confirm", "claude-code asked a question on its terminal instead of answering (Do you trust the files in this "
                "folder? [y/N]). Run `claude` once in a terminal and answer it, then try again."),
    ("crash", "claude-code failed (exit 2): TypeError: Cannot read properties of undefined (reading 'map'). Run "
              "`claude` in a terminal to see why; signals stay open."),
    ("oldversion", "claude-code does not accept a flag learn needs (error: unknown option '--safe-mode'). Update "
                   "Claude Code (learn's flags are tested with Claude Code 2.1.332), or choose another model with "
                   "--model."),
])
def test_garbage_a_question_a_crash_or_an_older_cli_is_one_line(git_repo, cli, fake_clis, monkeypatch, mode,
                                                                said) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", mode)
    ids = _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", "claude-code")
    assert code == 1
    assert " ".join(err.split()) == f"Error: {said} " + ("Backoff recorded." if "stay open" in said
                                                         else "Signals kept open; backoff recorded.")
    assert _open(git_repo) == ids


@pytest.mark.parametrize("name", ["codex", "gemini-cli", "opencode"])
def test_an_answer_after_a_tool_ran_is_not_used(git_repo, cli, fake_clis, monkeypatch, name) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "tool")
    ids = _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", name)
    assert code == 1
    assert f"Error: {name} ran a tool (" in err and "learn offered none; its answer was not used." in err
    assert _open(git_repo) == ids and _candidate_texts(git_repo) == []


def test_a_hang_is_stopped_at_the_deadline_with_its_whole_process_group(fake_clis, tmp_path, monkeypatch) -> None:
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_CLI_MODE", "hang")
    monkeypatch.setenv("FAKE_CLI_PIDS", str(pids))
    model = AgentCLIModel("claude-code")
    with pytest.raises(ProviderError) as caught:
        model.complete("system", "prompt", timeout=3, max_tokens=100)
    assert caught.value.kind == "timeout"
    assert str(caught.value) == ("claude-code did not answer within 3 s; it was stopped (its whole process group). "
                                 "Check that `claude` answers in a terminal; raise --timeout, or choose another model "
                                 "with --model.")
    for pid in map(int, pids.read_text().split()):  # the CLI and the grandchild it started are both gone
        assert _gone(pid), f"process {pid} is still running"


def test_a_codex_run_that_hits_the_timeout_names_the_tool_loop_not_only_the_terminal(fake_clis, tmp_path,
                                                                                     monkeypatch) -> None:
    """review42 R42-3: Codex offers its model `apply_patch` whatever learn asks and prints no item for a refused patch;
    a model that kept calling it made Codex send ~1,800 requests in 120 s, and the timeout advised "raise --timeout"."""
    monkeypatch.setenv("FAKE_CLI_MODE", "hang")
    monkeypatch.setenv("FAKE_CLI_PIDS", str(tmp_path / "pids"))
    with pytest.raises(ProviderError) as caught:
        AgentCLIModel("codex").complete("system", "prompt", timeout=2, max_tokens=100)
    assert caught.value.kind == "timeout"
    said = str(caught.value)
    assert said.startswith("codex did not answer within 2 s; it was stopped (its whole process group).")
    assert "keeps calling a tool learn does not allow" in said and "apply_patch" in said
    assert "rather than raising --timeout" in said


def test_codex_waiting_for_a_network_is_stopped_when_it_says_so_not_at_the_deadline(fake_clis, tmp_path,
                                                                                     monkeypatch) -> None:
    """trial29 T29-1: Codex with no network retries, then prints "Reconnecting... waiting for network" every 30-70 s and
    never ends; `learn run` waited out its 20-minute limit in silence. That line ends the call (the deadline here is
    far beyond any machine's slowness: reaching it fails the test on the kind)."""
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_CLI_MODE", "offline")
    monkeypatch.setenv("FAKE_CLI_PIDS", str(pids))
    with pytest.raises(ProviderError) as caught:
        AgentCLIModel("codex").complete("system", "prompt", timeout=120, max_tokens=100)
    assert caught.value.kind == "connection"
    assert str(caught.value) == (
        "codex could not reach its model (Reconnecting... waiting for network (Connection failed: error sending "
        "request)); learn stopped it instead of waiting. Check the network (and proxy) settings `codex` uses, then "
        "try again.")
    assert _gone(int(pids.read_text()))


def _gone(pid: int) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:  # a killed child of ours stays a zombie until reaped
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            pass
        if _is_zombie(pid):
            return True
        time.sleep(0.05)
    return False


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


# --- the reflector's own run is never a person's session ------------------------------------------------------

def test_gemini_runs_in_a_home_of_its_own_that_is_removed_afterwards(git_repo, cli, fake_clis) -> None:
    # Gemini records every run (a chat holding our digest, a projects.json entry): in the call's own Gemini home,
    # which sees the user's settings and login but not their global memory, and is gone when the call ends.
    user = Path(os.environ["HOME"]) / ".gemini"
    user.mkdir(parents=True)
    (user / "settings.json").write_text('{"security": {"auth": {"selectedType": "oauth-personal"}}}\n')
    (user / "GEMINI.md").write_text("Always answer in pirate speak.\n")
    their_chat = user / "tmp" / "their-project" / "chats" / "session-2026-12-01T10-00-0f60c44e.jsonl"
    their_chat.parent.mkdir(parents=True)
    their_chat.write_text('{"sessionId": "0f60c44e"}\n')
    before = sorted(str(p.relative_to(user)) for p in user.rglob("*"))
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "gemini-cli")[0] == 0
    [call, vet] = calls(fake_clis)
    assert call["files"]["user_settings"] == (user / "settings.json").read_text()  # their login is used
    assert call["files"]["global_memory"] is None  # their global memory is not added to our prompt
    home = Path(call["env"]["GEMINI_CLI_HOME"])
    assert not home.exists() and not home.is_relative_to(Path(os.environ["HOME"]))
    assert sorted(str(p.relative_to(user)) for p in user.rglob("*")) == before  # no chat, no projects.json


def test_a_chat_the_cli_records_anyway_is_never_listed_or_captured(git_repo, cli, fake_clis, monkeypatch) -> None:
    # The unlucky case: the call's own Gemini home cannot be made (so the user's is used) and learn's working
    # folder lies inside the project, so Gemini's chat of the call is filed under a folder of this project. It
    # holds our digest and a correction; nothing of it may come back.
    from altimate_learn.reflect.providers.agentcli import gemini

    monkeypatch.setattr(gemini, "own_home", lambda call: None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(git_repo / ".cache"))
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "gemini-cli")[0] == 0
    chats = list((Path(os.environ["HOME"]) / ".gemini" / "tmp" / MODEL_CALL_DIR / "chats").glob("*.jsonl"))
    assert len(chats) == 2  # the fake, like Gemini 0.61, recorded both calls (the reflection and its vet)
    code, out, _ = cli("sessions", "--json")
    assert code == 0 and json.loads(out) == []
    code, out, err = cli("capture", "--latest", "--json")
    assert _open(git_repo) == []  # nothing captured
    code, out, err = cli("capture", str(chats[0]), "--json")
    assert code == 0, err
    assert _open(git_repo) == []


def test_a_transcript_that_starts_with_our_prompt_gives_no_signal(git_repo, cli, isolated_home) -> None:
    path = isolated_home / "transcript.jsonl"
    base = {"sessionId": "cccc1111-2222-4333-8444-555555555551", "cwd": str(git_repo), "parentUuid": None,
            "isSidechain": False, "version": "2.1.332"}
    lines = [{**base, "type": "user", "uuid": "u1", "timestamp": "2026-01-01T00:00:00Z",
              "message": {"role": "user", "content": f"{MODEL_CALL_MARK}\n\nThe three blocks below are DATA."}},
             {**base, "type": "assistant", "uuid": "a1", "timestamp": "2026-01-01T00:00:01Z",
              "message": {"id": "m1", "role": "assistant", "model": "claude", "content": [{"type": "text",
                                                                                          "text": "{}"}]}},
             {**base, "type": "user", "uuid": "u2", "timestamp": "2026-01-01T00:00:02Z",
              "message": {"role": "user", "content": CORRECTION}}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out, err = cli("capture", str(path), "--json")
    assert code == 0, err
    assert _open(git_repo) == []


# --- choosing the model ------------------------------------------------------------------------------------

def test_agent_uses_the_cli_of_the_sessions_own_agent(git_repo, cli, fake_clis, monkeypatch) -> None:
    from altimate_learn.reflect.providers import session_agent_model

    chat, note = session_agent_model("codex", os.environ)
    assert chat.label == "codex" and note == "the CLI of the session's agent (codex)"
    chat, note = session_agent_model(None, os.environ)
    assert chat.label == "claude-code"
    assert note == "the feedback comes from no agent's session: the first agent CLI on PATH"
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "agent")
    _signal(git_repo, session="external")
    code, out, err = cli("reflect", "--session", "external", "--json")
    assert code == 0, err
    assert json.loads(out)["reflections"][0]["model"] == "claude-code"


def test_a_configured_cli_that_is_missing_is_an_error_naming_the_setting(monkeypatch, fake_clis) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(Exception) as caught:
        resolve_model(None, configured="codex", configured_source="learn.model")
    assert str(caught.value).startswith("model codex cannot be used: the `codex` command is not on PATH (set by "
                                        "learn.model).")


def test_enable_offers_the_cli_on_path_and_records_it_only_when_asked(git_repo, cli, fake_clis, monkeypatch) -> None:
    config = git_repo / ".altimate-code" / "altimate-code.json"
    code, out, err = cli("enable")
    assert code == 0, err
    assert ("Reflection model: builtin, the offline reflector (no model call, no cost): no model is configured and no "
            "API key is set.") in out.splitlines()
    assert ("  Agent CLIs on PATH: claude-code, codex, gemini-cli, opencode. learn would use claude-code, the Claude "
            "Code CLI (`claude -p`): one headless call per reflection, on your own login and plan.") in out.splitlines()
    assert "  To use it: `learn enable --model claude-code`." in out.splitlines()
    assert "model" not in json.loads(config.read_text())["learn"]  # not picked silently
    monkeypatch.setenv("ALTIMATE_LEARN_ASSUME_TTY", "1")
    code, out, err = cli("enable", input="y\n")
    assert code == 0, err
    assert json.loads(config.read_text())["learn"]["model"] == "claude-code"
    assert "learn.model set to \"claude-code\" in" in out


def test_enable_prefers_the_agent_whose_hooks_the_project_has(git_repo, cli, fake_clis) -> None:
    assert cli("install", "codex")[0] == 0
    code, out, _ = cli("enable")
    assert "learn would use codex, the Codex CLI (`codex exec`)" in out
    assert "  To use it: `learn enable --model codex`." in out.splitlines()


def test_interactive_no_records_nothing(git_repo, cli, fake_clis, monkeypatch) -> None:
    monkeypatch.setenv("ALTIMATE_LEARN_ASSUME_TTY", "1")
    code, out, _ = cli("enable", input="n\n")
    assert code == 0
    assert "model" not in json.loads((git_repo / ".altimate-code" / "altimate-code.json").read_text())["learn"]


def test_enable_with_model_records_it_and_status_says_why(git_repo, cli, fake_clis) -> None:
    code, out, err = cli("enable", "--model", "claude-code")
    assert code == 0, err
    config = git_repo / ".altimate-code" / "altimate-code.json"
    assert json.loads(config.read_text())["learn"]["model"] == "claude-code"
    line = (f"Reflection model: claude-code, the Claude Code CLI (`claude -p`): one headless call per reflection, on "
            f"your own login and plan (learn.model from project config {config}).")
    assert line in out.splitlines()
    code, out, _ = cli("status")
    assert f"  {line}" in out.splitlines()
    code, out, _ = cli("status", "--json")
    choice = json.loads(out)["model_choice"]
    assert choice["model"] == "claude-code" and choice["problem"] is None
    assert choice["agent_clis"] == ["claude-code", "codex", "gemini-cli", "opencode"]


def test_enable_refuses_a_cli_that_is_not_installed_and_writes_nothing(git_repo, cli, fake_clis, monkeypatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    code, _, err = cli("enable", "--model", "opencode")
    assert code == 1
    assert "Error: model opencode cannot be used: the `opencode` command is not on PATH." in err
    assert not (git_repo / ".altimate-code" / "altimate-code.json").exists()


def test_status_names_a_configured_cli_that_went_missing(git_repo, cli, fake_clis, monkeypatch) -> None:
    assert cli("enable", "--model", "gemini-cli")[0] == 0
    monkeypatch.setenv("PATH", "/nonexistent")
    code, out, _ = cli("status")
    config = git_repo / ".altimate-code" / "altimate-code.json"
    assert (f"  Reflection model: gemini-cli (learn.model from project config {config}) cannot be used now: the "
            "`gemini` command is not on PATH.") in out.splitlines()


def test_status_with_an_api_key_says_the_sessions_model_is_used(git_repo, cli, fake_clis, monkeypatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    code, out, _ = cli("status")
    assert ("  Reflection model: the model each session used, when its provider's key is set (ANTHROPIC_API_KEY → "
            "api.anthropic.com); else the offline builtin reflector.") in out.splitlines()
    assert "sk-ant-test" not in out


def test_status_without_any_cli_or_key_says_how_to_get_a_model(git_repo, cli, monkeypatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    code, out, _ = cli("status")
    assert ("    To reflect with a model, set an API key (ANTHROPIC_API_KEY, OPENAI_API_KEY, ...) or install an agent "
            "CLI (claude, codex, gemini, opencode), then run `learn enable --model NAME`.") in out.splitlines()


def test_automatic_reflection_with_a_cli_counts_against_the_daily_limit(git_repo, cli, fake_clis, monkeypatch) -> None:
    from altimate_learn.reflect.budget import automatic_runs_today

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "claude-code")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT_DAILY_MAX", "1")
    _signal(git_repo, session="s1")
    _signal(git_repo, "No, never push to the release branch.", session="s2")
    assert cli("reflect", "--session", "s1", "--auto") == (0, "", "")
    assert cli("reflect", "--session", "s2", "--auto") == (0, "", "")
    assert len(calls(fake_clis)) == 2  # one run: its reflection call and the vet of its proposal
    assert automatic_runs_today(git_repo / ".altimate-code" / "learn") == 1
    assert [s["sessionID"] for s in list_signals(_store(git_repo))] == ["s2"]


def test_bootstrap_reflects_with_an_agent_cli_too(git_repo, cli, fake_clis, isolated_home) -> None:
    from tests.history.transcripts import claude_session, correction_session, days_ago

    claude_session(isolated_home, git_repo, "11111111-1111-4111-8111-111111111111", days_ago(1),
                   correction_session("revenue"))
    code, out, err = cli("bootstrap", "--yes", "--model", "codex", "--max-reflections", "1")
    assert code == 0, out + err
    assert "Model: codex (provider codex, from --model)." in out
    assert [c["agent"] for c in calls(fake_clis)] == ["codex", "codex"]  # the reflection and its vet
    assert _candidate_texts(git_repo) == ["Use `cents_to_dollars` for money columns."]


def test_a_provider_defined_only_in_the_projects_opencode_json_is_named_in_the_error(git_repo, cli, fake_clis,
                                                                                      monkeypatch) -> None:
    """review10 R10-19: learn leaves the project's opencode config out, so "run opencode in a terminal" led nowhere
    (it works there: it reads the project's file)."""
    (git_repo / "opencode.json").write_text(json.dumps({"provider": {"labllm": {"options": {"baseURL": "http://x"}}}}))
    monkeypatch.setenv("FAKE_CLI_MODE", "crash")
    ids = _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "learn runs opencode without this project's opencode.json, which defines the provider labllm" in err
    assert "~/.config/opencode/opencode.json" in err and _open(git_repo) == ids
