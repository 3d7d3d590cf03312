"""An agent CLI as learn's model (`learn reflect --model NAME`), against the fake CLIs (tests/fakes/agent_cli.py): what
the real CLIs' end-to-end tests (tests/e2e/test_agent_cli_model_e2e.py) established, kept here for the cases that do
not need a real CLI's launch to hold.

- learn stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP (a closed terminal) while the CLI answers: the CLI's whole
  process group is gone, the call's scratch folder removed, learn exits 128 + the signal, the signal stays open
  (trial28). The real Claude Code is interrupted once (SIGINT) in the e2e test; the three signals take the same
  way out of learn's CLI runner (reflect/providers/agentcli/run.py: SIGINT as KeyboardInterrupt, SIGTERM and
  SIGHUP as SystemExit from ``_ending_raises``, then the group killed in ``_run_process``).
- Gemini CLI 0.61 with no key or no auth method chosen, Codex 0.171 whose model provider's key variable is unset: what
  the real CLIs printed (recorded, run by learn as its model) read as "not logged in" with what to do, the signal kept
  open. The real CLIs' own launches as learn's model stay in the e2e tests (a reflection each).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ignores
from tests.reflect.test_agent_cli import _is_zombie, _open, _signal, fake_clis  # noqa: F401

# What the real CLIs printed, run by learn as its model (its own argv and environment, offline, in an empty home;
# recorded 2026-12-07 with Gemini CLI 0.61.0 and Codex CLI 0.171.0): (stdout, stderr, exit status)
GEMINI_NO_KEY = ("", """{
  "session_id": "1cdd1f10-e7ea-4b36-9efa-fdaa867cd9f2",
  "error": {
    "type": "Error",
    "message": "When using Gemini API, you must specify the GEMINI_API_KEY environment variable.\\nUpdate your environment and try again (no reload needed if using .env)!",
    "code": 41
  }
}
""", 41)
GEMINI_NO_AUTH = ("", """{
  "session_id": "e1c988a9-9d59-4029-bebb-dc74aac82f28",
  "error": {
    "type": "Error",
    "message": "Invalid auth method selected.",
    "code": 41
  }
}
""", 41)
CODEX_NO_KEY = ("""{"type":"thread.started","thread_id":"01a24fe8-3aa6-7372-a1f6-f101435149ad"}
{"type":"item.completed","item":{"id":"item_0","type":"error","message":"`[features].web_search_request` is deprecated because web search is enabled by default. (Set `web_search` to `\\"live\\"`, `\\"indexed\\"`, `\\"cached\\"`, or `\\"disabled\\"` at the top level (or under a profile) in config.toml if you want to override it.)"}}
{"type":"turn.started"}
{"type":"error","message":"Missing environment variable: `FAKE_OPENAI_KEY`."}
{"type":"turn.failed","error":{"message":"Missing environment variable: `FAKE_OPENAI_KEY`."}}
""", """WARNING: proceeding, even though we could not create PATH aliases: Refusing to create helper binaries under \
temporary dir "/tmp" (codex_home: AbsolutePathBuf("/tmp/p45rec/home/.codex"))
""", 1)


@pytest.mark.parametrize(("name", "recorded", "said"), [
    # Gemini 0.61 prints the JSON of an auth error (exit 41) on stderr: the error said `"type": "Error",` and "Run
    # `gemini` in a terminal to see why" (trial28); with the API-key auth type chosen and the key missing, and with
    # no auth method chosen
    ("gemini-cli", GEMINI_NO_KEY,
     "gemini-cli is not logged in, or its credentials were refused (When using Gemini API, you must specify the "
     "GEMINI_API_KEY environment variable.). To use it, run `gemini` in a terminal and sign in, or set GEMINI_API_KEY; "
     "or choose another model with --model."),
    ("gemini-cli", GEMINI_NO_AUTH,
     "gemini-cli is not logged in, or its credentials were refused (Invalid auth method selected.). To use it, run "
     "`gemini` in a terminal and sign in, or set GEMINI_API_KEY; or choose another model with --model."),
    # trial28: Codex with a model provider whose `env_key` is unset said "codex failed (exit 1): Missing environment
    # variable: `FAKE_OPENAI_KEY`.. Run `codex` in a terminal to see why"
    ("codex", CODEX_NO_KEY,
     "codex is not logged in, or its credentials were refused (Missing environment variable: `FAKE_OPENAI_KEY`.). To "
     "use it, set FAKE_OPENAI_KEY (the key its model provider reads); or choose another model with --model."),
], ids=["gemini-no-key", "gemini-no-auth-method", "codex-provider-key-unset"])
def test_a_cli_that_is_not_signed_in_says_what_to_do_and_keeps_the_signal_open(git_repo, cli, fake_clis, monkeypatch,
                                                                                 name, recorded, said) -> None:
    stdout, stderr, status = recorded
    monkeypatch.setenv("FAKE_CLI_MODE", "recorded")
    monkeypatch.setenv("FAKE_CLI_STDOUT", stdout)
    monkeypatch.setenv("FAKE_CLI_STDERR", stderr)
    monkeypatch.setenv("FAKE_CLI_EXIT", str(status))
    ids = _signal(git_repo)
    code, out, err = cli("reflect", "--session", "sess-1", "--model", name, "--timeout", "600")
    assert code == 1, out + err
    assert said in " ".join(err.split()), err
    assert _open(git_repo) == ids


def _as_from_a_terminal() -> None:
    """In the child before learn starts: SIGINT, SIGTERM and SIGHUP at their defaults, as for a command typed in a
    terminal. A signal the test run itself ignores (started under `nohup`, or a background job's SIGINT) is inherited
    as ignored, and learn then never sees it (it leaves a handler someone chose alone)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return _is_zombie(pid)


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_learn_stopped_while_the_cli_answers_stops_the_cli_and_its_group(git_repo, fake_clis, tmp_path, monkeypatch,
                                                                         sig, code) -> None:
    pids = tmp_path / "cli-pids"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("FAKE_CLI_MODE", "hang")  # the CLI starts a grandchild and never answers
    monkeypatch.setenv("FAKE_CLI_PIDS", str(pids))
    monkeypatch.setenv("TMPDIR", str(scratch))
    ids = _signal(git_repo)
    proc = subprocess.Popen([sys.executable, "-m", "altimate_learn", "reflect", "--session", "sess-1", "--model",
                             "claude-code", "--timeout", "600"], cwd=git_repo, env=dict(os.environ),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_from_a_terminal)
    try:
        deadline = time.monotonic() + 120  # only against a hang: the CLI is running once it wrote its pids
        while not (pids.exists() and len(pids.read_text().split()) == 2):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the fake CLI never started"
            time.sleep(0.05)
        cli_pid, grandchild = (int(p) for p in pids.read_text().split())
        assert not ignores(proc.pid, sig), "learn started with the signal ignored (tests/conftest.py _interruptible)"
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=120)  # only against a hang: learn exits at once
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, (proc.returncode, out, err)
    deadline = time.monotonic() + 30  # a killed process may take a moment to be gone on a loaded machine
    while not (_gone(cli_pid) and _gone(grandchild)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(cli_pid) and _gone(grandchild), "the CLI (or what it started) outlived learn"
    assert [p.name for p in scratch.iterdir() if p.name.startswith("altimate-learn-model-call-")] == []
    assert _open(git_repo) == ids  # nothing was consumed
