"""`learn reflect --model claude-code` (and codex, opencode, gemini-cli) with the real, pinned CLIs as the model.

Each test records a correction, turns capture and automatic reflection on, installs learn's hooks for that agent
at user level (so they would fire wherever the CLI runs), and puts learn's working folder for model calls inside
the project (``XDG_CACHE_HOME`` in the repository): the unlucky case in which a session the CLI records of its
own run would look like one of this project's. `learn reflect --pending --model NAME` then runs in the network
namespace beside the fake model server. The tests assert what a user relies on: the lesson is staged from the
CLI's answer; the request the model received holds our prompt; no tool was offered (Codex still offers
`apply_patch`, refused by its read-only sandbox) and none ran (one turn, no tool result in any request); and
nothing of the reflector's run is listed by `learn sessions`, captured by `capture --latest`, or left a trace
of learn's hooks.

opencode's reflection (through the one `opencode serve` learn starts) is asserted in test_opencode_serve_e2e.py, with
the same checks. What does not need a real CLI's launch to hold is in tests/agents/test_agent_cli_stops.py: the
not-signed-in failures of Gemini CLI (no key, no auth method) and Codex (its provider's key variable unset) from
what these CLIs printed, recorded, and learn stopped by SIGTERM or SIGHUP while a CLI answers (a fake CLI; the real
Claude Code is interrupted with SIGINT here)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from altimate_learn.markers import MODEL_CALL_DIR, MODEL_CALL_MARK
from tests.e2e.agents import claude_env, codex_env, codex_rollouts, codex_setup, gemini_env, gemini_setup
from tests.e2e.helpers import CORRECTION, learn_ok
from tests.e2e.world import SYSTEM_PATH, World, learn_env, run_learn

pytestmark = pytest.mark.e2e

LESSON = "Use `cents_to_dollars` for money columns."
# One answer for both of a reflection's calls: its deltas, and the vet's verdict on the proposal (key c0)
ANSWER = json.dumps({"deltas": [{"op": "ADD", "text": LESSON, "reason": "the user corrected the agent"}],
                     "verdicts": [{"item": "c0", "verdict": "pass", "source": "", "quote": "", "reason": "new",
                                   "replaces": ""}]})
TOOL_RESULTS = ("tool_result", "function_call_output", "custom_tool_call_output", "functionResponse",
                '"role": "tool"')


def prepare(world: World, harness: str) -> None:
    learn_ok(world, "enable")
    learn_ok(world, "install", harness, "--user")
    learn_ok(world, "signal", "add", "--kind", "user", "--text", CORRECTION)
    world.set_script([{"text": ANSWER}])
    world.set_side_text(ANSWER)  # learn's call offers no tools: the fake answers such requests with this


def started_in(world: World) -> Path:
    """The folder the user typed `learn reflect` in (a folder of the project), as their shell's PWD says."""
    folder = world.project / "app-where-learn-ran"
    folder.mkdir(exist_ok=True)
    return folder


def reflect(world: World, name: str, binary: Path, agent_env: dict[str, str]) -> dict:
    env = learn_env(world)
    env.update(agent_env)
    env["PATH"] = os.pathsep.join([str(binary.parent), os.path.dirname(sys.executable), SYSTEM_PATH])
    env["XDG_CACHE_HOME"] = str(world.project / ".cache")
    env["PWD"] = str(started_in(world))
    run = world.run([sys.executable, "-m", "altimate_learn", "reflect", "--pending", "--model", name, "--json",
                     "--timeout", "600"], env=env, cwd=started_in(world), timeout=660).check()
    return json.loads(run.stdout)


def model_calls(world: World) -> list[dict]:
    """The requests learn's call made (its prompt starts with our marker)."""
    return [r for r in world.requests() if r["method"] == "POST" and MODEL_CALL_MARK in json.dumps(r.get("body"))]


def assert_reflected(world: World, result: dict, name: str) -> list[dict]:
    one = result["reflections"][0]
    assert one["status"] == "applied" and one["model"] == name, one
    assert [a["text"] for a in one["applied"]] == [LESSON]
    candidate = json.loads((world.project / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in candidate] == [LESSON]
    calls = model_calls(world)
    assert calls, [r["path"] for r in world.requests()]
    for call in calls:  # our prompt: the marker, the correction as feedback, our reflector instructions
        text = json.dumps(call["body"], ensure_ascii=False)
        assert CORRECTION in text and "untrusted" in text
        assert not any(marker in text for marker in TOOL_RESULTS), "a tool ran during learn's call"
    return calls


def assert_no_trace(world: World) -> None:
    """Nothing of the reflector's run is a session of this project, nothing was captured, no hook ran."""
    sessions = json.loads(learn_ok(world, "sessions", "--json"))
    assert sessions == [], sessions
    run_learn(world, "capture", "--latest", "--json")  # "no session found" is the expected answer
    data = json.loads(learn_ok(world, "signals", "--json"))
    items = data["signals"] if isinstance(data, dict) else data
    assert [s for s in items if s.get("status", "open") == "open"] == [], items
    state = world.project / ".altimate-code" / "learn" / ".sessions"
    traces = sorted(str(p.relative_to(state)) for p in state.rglob("*")) if state.exists() else []
    assert traces == [], f"learn's hooks ran for the reflector's own call: {traces}"


def test_reflect_with_claude_code(world, claude_bin):
    prepare(world, "claude-code")
    result = reflect(world, "claude-code", claude_bin, claude_env(world))
    calls = assert_reflected(world, result, "claude-code")
    assert len(calls) == 2 and all(call["body"]["tools"] == [] for call in calls)  # the reflection and its vet
    assert result["reflections"][0]["usage"]["cost_reported"] is True  # Claude Code's own cost figure
    assert list((world.home / ".claude" / "projects").glob("*/*.jsonl")) == []  # --no-session-persistence
    assert_no_trace(world)


def test_reflect_with_codex(world, codex_bin):
    codex_setup(world, trust_project=False)
    prepare(world, "codex")
    result = reflect(world, "codex", codex_bin, codex_env(world))
    calls = assert_reflected(world, result, "codex")
    assert len(calls) == 2
    for call in calls:
        assert {t.get("name") or t.get("type") for t in call["body"].get("tools") or []} <= {"apply_patch"}
        assert "You are Codex" not in json.dumps(call["body"])  # our instructions replace Codex's
    assert codex_rollouts(world) == []  # --ephemeral
    assert_no_trace(world)


def test_reflect_with_gemini_cli(world, gemini_bin):
    gemini_setup(world)  # the user's settings.json: its auth type is what lets Gemini reach the fake server
    prepare(world, "gemini")
    user = world.home / ".gemini"
    (user / "GEMINI.md").write_text("Always answer in pirate speak (the user's global memory).\n")
    own_chat = user / "tmp" / "their-project" / "chats" / "session-2026-12-01T10-00-0f60c44e.jsonl"
    own_chat.parent.mkdir(parents=True)
    own_chat.write_text('{"sessionId": "0f60c44e"}\n')
    before = {str(p.relative_to(user)): p.read_bytes() for p in user.rglob("*") if p.is_file()}
    result = reflect(world, "gemini-cli", gemini_bin, gemini_env(world))
    calls = assert_reflected(world, result, "gemini-cli")  # per call: the model router's request and the answer
    for call in calls:
        declared = [d for tool in call["body"].get("tools") or [] for d in tool.get("functionDeclarations") or []]
        assert declared == []
        assert "pirate speak" not in json.dumps(call["body"])  # the user's global memory is not our prompt
    # The run had its own Gemini home, removed afterwards: no chat of it (the digest), no project registered,
    # and the user's own files (their chats, settings, memory) exactly as they were.
    after = {str(p.relative_to(user)): p.read_bytes() for p in user.rglob("*") if p.is_file()}
    assert after == before
    assert not (user / "projects.json").exists() and not (user / "tmp" / MODEL_CALL_DIR).exists()
    assert_no_trace(world)


INTERRUPT_DRIVER = r'''
import json, os, signal, socket, subprocess, sys, time
# Inside the network namespace: a model address that takes the connection and never answers (a slow model).
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
server.settimeout(600)  # only against a hang
env = dict(os.environ, ANTHROPIC_BASE_URL="http://127.0.0.1:%d" % server.getsockname()[1])
# Every process this run starts carries the mark (learn hands its environment to the CLI): a Claude Code of another
# test running at the same time (pytest -n 3) is not this run's.
MARK = ("LEARN_E2E_INTERRUPT=%d" % os.getpid()).encode()
env["LEARN_E2E_INTERRUPT"] = str(os.getpid())
# learn starts as from a terminal: a signal the test run itself ignores (under nohup, or a background job's SIGINT)
# is not inherited as ignored
for name in ("SIGINT", "SIGTERM", "SIGHUP"):
    signal.signal(getattr(signal, name), signal.SIG_DFL)
learn = subprocess.Popen([sys.executable, "-m", "altimate_learn", "reflect", "--pending", "--model", "claude-code",
                          "--timeout", "600"], env=env, start_new_session=True, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
conn, _ = server.accept()  # Claude Code is running and waits for its model
os.kill(learn.pid, getattr(signal, sys.argv[2]))  # the person presses Ctrl-C, closes the terminal, or kills it
out, err = learn.communicate(timeout=120)  # only against a hang: learn exits at once
import tempfile
scratch = [n for n in os.listdir(tempfile.gettempdir()) if n.startswith("altimate-learn-model-call-")]


def running(binary):
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
            with open("/proc/%s/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            with open("/proc/%s/environ" % pid, "rb") as f:
                ours = MARK in f.read().split(b"\0")
        except OSError:
            continue
        if state != "Z" and ours and any(binary.encode() in a for a in argv) and b"-p" in argv:
            found.append(int(pid))
    return found


left = running(sys.argv[1])
deadline = time.monotonic() + 120  # a killed process may take a moment to be gone (a loaded machine: longer)
while left and time.monotonic() < deadline:
    time.sleep(0.1)
    left = running(sys.argv[1])
for pid in left:
    os.kill(pid, signal.SIGKILL)
print(json.dumps({"returncode": learn.returncode, "left": left, "scratch": scratch}))
'''


def test_ctrl_c_while_the_agent_cli_answers_stops_the_cli_too(world, claude_bin):
    """trial28: `learn run` interrupted while Claude Code waited for its model exited 130 and left Claude Code
    running (in a session of its own, the terminal's Ctrl-C never reaches it): a call nobody reads, still billed.
    SIGTERM and SIGHUP (a closed terminal) ended learn with no cleanup at all: the CLI and the call's scratch folder
    stayed. The real Claude Code is interrupted with SIGINT here; SIGTERM and SIGHUP take the same way out of learn's
    CLI runner and are sent to a fake CLI in tests/agents/test_agent_cli_stops.py (same assertions)."""
    sig, code = "SIGINT", 130
    prepare(world, "claude-code")
    driver = world.work / "interrupt.py"
    driver.write_text(INTERRUPT_DRIVER)
    env = learn_env(world)
    env.update(claude_env(world))
    env["PATH"] = os.pathsep.join([str(claude_bin.parent), os.path.dirname(sys.executable), SYSTEM_PATH])
    env["XDG_CACHE_HOME"] = str(world.project / ".cache")
    run = world.run([sys.executable, driver, str(claude_bin), sig], env=env, timeout=900).check()
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"returncode": code, "left": [], "scratch": []}, result
    data = json.loads(learn_ok(world, "signals", "--json"))
    assert [s["status"] for s in data] == ["open"]  # nothing was consumed
