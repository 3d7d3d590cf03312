"""One `opencode serve` per learn command (reflect/providers/agentcli/serve.py), against the fake opencode's server
(tests/fakes/agent_cli.py with FAKE_CLI_SERVE: it writes its pid, prints its URL, checks the password, answers the
two requests learn sends). The real opencode is driven in tests/e2e/test_opencode_serve_e2e.py.

The lifecycle: one server for all the calls of a command and none left after it (the pid learn started, never a
count of processes), also after a failed call, a server that died (its calls go back to `opencode run`), Ctrl-C and
SIGTERM, and SIGKILL (a watchdog between learn and the server stops it when learn's end of its pipe closes); an
opencode whose `serve` fails is run per call; learn used as a library (no command) runs per call.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.markers import MODEL_CALL_MARK
from altimate_learn.reflect.providers.agentcli import AgentCLIModel
from tests.conftest import ignores
from tests.reflect.test_agent_cli import (CORRECTION, _candidate_texts, _open, _signal, calls,  # noqa: F401
                                          fake_clis)

LESSON = "Use `cents_to_dollars` for money columns."


@pytest.fixture
def serving(fake_clis: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fake opencode serves; returns the file its servers write their pids to."""
    pids = tmp_path / "serve-pids"
    monkeypatch.setenv("FAKE_CLI_SERVE", str(pids))
    return pids


def pids(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def running(pid: int) -> bool:
    """There and not a zombie (a zombie has ended; only its exit status is left)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_reflection_sends_both_calls_to_one_server_and_stops_it(git_repo, cli, fake_clis, serving) -> None:
    ids = _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "opencode", "--json")
    assert code == 0, out + err
    one = json.loads(out)["reflections"][0]
    assert one["status"] == "applied" and one["signals"]["consumed"] == ids
    assert _candidate_texts(git_repo) == [LESSON]
    assert (one["usage"]["input_tokens"], one["usage"]["output_tokens"]) == (1200, 80)  # as `run` reports them
    call, vet = calls(fake_clis)
    assert call["served"] and vet["served"] and call["argv"][0] == "serve"  # no `opencode run` at all
    assert call["stdin"].startswith(MODEL_CALL_MARK) and CORRECTION in call["stdin"]
    assert "untrusted" in call["system"] and "<<<ITEMS " in vet["stdin"] and "You check proposed rules" in vet["system"]
    assert call["agent"] == "altimate-learn" and call["tools"] == {"*": False} and call["model"] is None
    inline = json.loads(call["files"]["config"])  # the server's own settings: those of a `run` call
    agent = inline["agent"]["altimate-learn"]
    assert agent["tools"] == {"*": False} and agent["permission"] == {"*": "deny"} and inline["snapshot"] is False
    assert call["env"]["OPENCODE_DB"] == ":memory:" and call["env"]["OPENCODE_PURE"] == "1"
    assert call["env"]["ALTIMATE_LEARN"] == "0" and call["env"]["ALTIMATE_LEARN_MODEL_CALL"] == "1"
    (pid,) = pids(serving)
    assert not running(pid)


def test_a_named_model_is_sent_with_the_message(git_repo, cli, fake_clis, serving) -> None:
    _signal(git_repo)
    assert cli("reflect", "--session", "sess-1", "--model", "opencode/anthropic/claude-sonnet-4-5")[0] == 0
    assert {json.dumps(c["model"]) for c in calls(fake_clis)} == {
        json.dumps({"providerID": "anthropic", "modelID": "claude-sonnet-4-5"})}


def test_a_failed_call_says_what_to_do_and_leaves_no_server(git_repo, cli, fake_clis, serving, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "notloggedin")
    ids = _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code != 0
    assert ("opencode is not logged in, or its credentials were refused (Invalid API key). To use it, run "
            "`opencode auth login` for your provider; or choose another model with --model.") in " ".join(err.split())
    assert _open(git_repo) == ids  # the signals stay open
    assert [c["served"] for c in calls(fake_clis)] == [True]
    assert not any(running(pid) for pid in pids(serving))


def test_a_tool_run_through_the_server_is_refused_as_from_run(git_repo, cli, fake_clis, serving, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "tool")
    _signal(git_repo)
    code, _, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code != 0 and "opencode ran a tool (bash) although learn offered none" in " ".join(err.split())
    assert not any(running(pid) for pid in pids(serving))


def test_a_server_that_died_sends_the_next_calls_to_run(git_repo, cli, fake_clis, serving, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "servedies")  # it exits after answering the reflection's call
    _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code == 0, out + err
    assert _candidate_texts(git_repo) == [LESSON]
    call, vet = calls(fake_clis)
    assert call.get("served") and not vet.get("served") and vet["argv"][0] == "run" and "<<<ITEMS " in vet["stdin"]
    assert not any(running(pid) for pid in pids(serving))


def test_a_server_that_refuses_learns_requests_sends_the_calls_to_run(git_repo, cli, fake_clis, serving,
                                                                      monkeypatch) -> None:
    """An HTTP error from the server itself (here 401 to every request) is not the model's: the calls run `opencode
    run` (before: "opencode is not logged in" for a server that only refused learn's request)."""
    monkeypatch.setenv("FAKE_CLI_MODE", "unauthorized")
    _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code == 0, out + err
    assert [c["argv"][0] for c in calls(fake_clis)] == ["run", "run"] and _candidate_texts(git_repo) == [LESSON]
    assert not any(running(pid) for pid in pids(serving))


def test_an_opencode_whose_serve_fails_is_run_per_call(git_repo, cli, fake_clis) -> None:
    _signal(git_repo)  # no FAKE_CLI_SERVE: the fake's `serve` exits 1
    code, out, err = cli("reflect", "--session", "sess-1", "--model", "opencode")
    assert code == 0, out + err
    assert [c["argv"][0] for c in calls(fake_clis)] == ["run", "run"]
    assert _candidate_texts(git_repo) == [LESSON]


def test_outside_a_command_each_call_runs_opencode(fake_clis, serving) -> None:
    """learn used as a library: no command scope, so no server that nothing would stop."""
    answer = AgentCLIModel("opencode").complete("system", "prompt", timeout=60, max_tokens=100)
    assert answer.text and [c["argv"][0] for c in calls(fake_clis)] == ["run"] and pids(serving) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_learn_stopped_during_a_served_call_leaves_no_server(git_repo, fake_clis, serving, monkeypatch, sig) -> None:
    monkeypatch.setenv("FAKE_CLI_MODE", "hang")  # the server never answers the message
    _signal(git_repo)
    proc = subprocess.Popen([sys.executable, "-m", "altimate_learn", "reflect", "--session", "sess-1", "--model",
                             "opencode"], cwd=git_repo, env=dict(os.environ), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        waited = 0
        while not calls(fake_clis):  # the call is in flight once the server has logged it
            assert proc.poll() is None, proc.communicate()
            waited += 1
            assert waited < 1200, "learn's call never reached the server"
            time.sleep(0.1)
        (pid,) = pids(serving)
        assert running(pid)
        assert not ignores(proc.pid, sig), "learn started with the signal ignored (tests/conftest.py _interruptible)"
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)  # only against a hang: learn exits at once
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    deadline = time.monotonic() + 120  # only against a hang: the watchdog stops it at once (review30 R30-6)
    while sig == signal.SIGKILL and running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(pid), "the opencode server learn started outlived it"
    assert proc.returncode == (-sig if sig == signal.SIGKILL else 128 + sig), (out, err)
    if sig == signal.SIGINT:  # Ctrl-C says so (typer 0.16+ returned 130 without a word)
        assert err.strip().splitlines()[-1] == "Interrupted.", err
