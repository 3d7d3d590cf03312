"""`learn reflect --model opencode` with the real opencode: one `opencode serve` for all of the command's calls.

A small wrapper named `opencode` stands first on PATH: it writes its pid and arguments to a log and then execs the
real binary (same pid), so a test knows every opencode process learn started, by its pid, and what it was for.
- a reflection (its call and its vet) starts one `opencode serve` and no `opencode run`; each call's own system
  prompt reaches the model; the server learn started is gone when learn exits;
- an opencode without a working `serve` (the wrapper refuses it): the calls fall back to `opencode run`, and the
  reflection is applied as before;
- learn interrupted (SIGINT, as Ctrl-C) while the server answers: the server it started is gone too; and
  learn killed (SIGKILL): the watchdog between them stops the server (review30 R30-6). SIGTERM, which ends learn the
  way SIGINT does, is sent to the fake opencode in tests/agents/test_opencode_serve.py.
- the first test is also opencode's `learn reflect --model opencode` story of test_agent_cli_model_e2e.py (where
  learn's call runs, no snapshot, no session kept, no trace of the reflector's run).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.markers import MODEL_CALL_DIR, MODEL_CALL_MARK
from tests.conftest import ignores
from tests.e2e.agents import opencode_db, opencode_env, opencode_setup
from tests.e2e.test_agent_cli_model_e2e import assert_no_trace, assert_reflected, prepare, started_in
from tests.e2e.world import FAKE_LLM, SYSTEM_PATH, World, learn_env

pytestmark = pytest.mark.e2e

REFLECT_SYSTEM = "You keep a team's list of lessons: short"  # the opening words of each call's own system prompt
VET_SYSTEM = "You check proposed rules"


def wrapper(world: World, real: Path, *, refuse_serve: bool = False) -> tuple[Path, Path]:
    folder = world.work / "wrap-bin"
    folder.mkdir(exist_ok=True)
    log = world.work / "opencode-starts.log"
    refuse = 'if [ "$1" = serve ]; then echo "Error: unknown command: serve" >&2; exit 1; fi\n' if refuse_serve else ""
    script = folder / "opencode"
    script.write_text(f'#!/bin/sh\necho "$$ $*" >> "{log}"\n{refuse}exec "{real}" "$@"\n')
    script.chmod(0o755)
    return folder, log


def starts(log: Path) -> list[tuple[int, str]]:
    if not log.exists():
        return []
    lines = [line.split(" ", 1) for line in log.read_text().splitlines() if line.strip()]
    return [(int(pid), rest[0] if rest else "") for pid, *rest in lines]


def running(pid: int) -> bool:
    """The process is there and not a zombie (a zombie has ended; only its exit status is left)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def learn_above(pid: int) -> int:
    """The learn process that started ``pid`` (its parent, or the parent of the watchdog between them)."""
    while pid > 1:
        pid = parent(pid)
        if b"altimate_learn" in Path(f"/proc/{pid}/cmdline").read_bytes():
            return pid
    raise AssertionError("no learn process above the server")


def learn_args(world: World, folder: Path, env_extra: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    env = learn_env(world)
    env.update(opencode_env(world))
    env.update(env_extra)
    env["PATH"] = os.pathsep.join([str(folder), os.path.dirname(sys.executable), SYSTEM_PATH])
    env["XDG_CACHE_HOME"] = str(world.project / ".cache")
    env["PWD"] = str(started_in(world))
    return [sys.executable, "-m", "altimate_learn", "reflect", "--pending", "--model", "opencode", "--json",
            "--timeout", "600"], env


def system_of(call: dict) -> str:
    return "\n".join(m["content"] for m in call["body"]["messages"] if m.get("role") == "system")


def test_a_reflection_starts_one_opencode_serve_for_both_calls(world, opencode_bin):
    """Also test_agent_cli_model_e2e's story for opencode (`learn reflect --pending --model opencode`, the real opencode
    as the model): the same reflection, its checks here."""
    opencode_setup(world)
    prepare(world, "opencode")
    folder, log = wrapper(world, opencode_bin)
    argv, env = learn_args(world, folder, {})
    run = world.run(argv, env=env, cwd=started_in(world), timeout=660).check()
    calls = assert_reflected(world, json.loads(run.stdout), "opencode")
    assert [what.split()[0] for _, what in starts(log)] == ["serve"], starts(log)  # no `opencode run` at all
    assert len(calls) == 2  # the reflection and its vet, through the one server (no title-generation request)
    systems = [system_of(call) for call in calls]
    assert REFLECT_SYSTEM in systems[0] and VET_SYSTEM not in systems[0]
    assert VET_SYSTEM in systems[1] and REFLECT_SYSTEM not in systems[1]
    assert all(MODEL_CALL_MARK in json.dumps(call["body"]) for call in calls)
    assert not any(call["body"].get("tools") for call in calls)
    (pid, _), = starts(log)
    assert not running(pid), "the opencode server learn started is still running"
    # opencode works in $PWD: learn's call runs in learn's own folder, which opencode names to the model, and
    # never in the folder learn was started in (that was a second instance, in the user's project)
    workdir = world.project / ".cache" / "altimate-learn" / MODEL_CALL_DIR
    for call in calls:
        text = json.dumps(call["body"], ensure_ascii=False)
        assert str(workdir) in text and str(started_in(world)) not in text
    assert not (world.home / ".local" / "share" / "opencode" / "snapshot").exists()  # "snapshot": false
    db = opencode_db(world)
    if db.exists():  # the run itself kept its session in memory
        with sqlite3.connect(db) as con:
            assert con.execute("select count(*) from session").fetchone()[0] == 0
    assert_no_trace(world)


def test_an_opencode_that_cannot_serve_is_run_per_call(world, opencode_bin):
    opencode_setup(world)
    prepare(world, "opencode")
    folder, log = wrapper(world, opencode_bin, refuse_serve=True)
    argv, env = learn_args(world, folder, {})
    run = world.run(argv, env=env, cwd=started_in(world), timeout=660).check()
    calls = assert_reflected(world, json.loads(run.stdout), "opencode")
    assert [what.split()[0] for _, what in starts(log)] == ["serve", "run", "run"], starts(log)
    assert len(calls) == 2
    assert REFLECT_SYSTEM in system_of(calls[0]) and VET_SYSTEM in system_of(calls[1])
    assert not any(running(pid) for pid, _ in starts(log))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_learn_interrupted_during_a_call_leaves_no_opencode_server(world, opencode_bin, sig):
    """SIGINT ends learn through its own clean-up (the scope stops the server it started), SIGKILL through the watchdog.
    SIGTERM takes SIGINT's way out (serve.py: it raises SystemExit once a server runs): it is sent to the fake opencode
    in tests/agents/test_opencode_serve.py (server gone, exit 143), as SIGINT and SIGKILL are too."""
    opencode_setup(world)
    prepare(world, "opencode")
    folder, log = wrapper(world, opencode_bin)
    argv, env = learn_args(world, folder, {})
    (world.work / "tmp").mkdir(exist_ok=True)
    prefix = [*world.netns] if world.netns is not None else []
    if not prefix:
        pytest.skip("needs the fake model server beside learn (a network namespace)")
    args = [*prefix, sys.executable, str(FAKE_LLM), "--lo-up", "--port", str(world.port), "--script",
            str(world.script), "--log", str(world.log), "--side-text", world.side_text, "--hold", "--", *argv]
    proc = subprocess.Popen(args, cwd=started_in(world), env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # the call is in flight when the model's request has arrived (the server holds it unanswered)
        waited = 0
        while not any(MODEL_CALL_MARK in json.dumps(r.get("body")) for r in world.requests()):
            assert proc.poll() is None, proc.communicate()
            waited += 1
            assert waited < 3000, "learn's call never reached the model"
            time.sleep(0.1)
        (server_pid, what), = starts(log)
        assert what.startswith("serve")
        learn_pid = learn_above(server_pid)
        assert not ignores(learn_pid, sig), "learn started with the signal ignored (tests/conftest.py _interruptible)"
        os.kill(learn_pid, sig)
        out, err = proc.communicate(timeout=120)  # only against a hang: learn exits at once
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    deadline = time.monotonic() + 120  # only against a hang: its watchdog stops it at once (R30-6)
    while sig == signal.SIGKILL and running(server_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not running(server_pid), "the opencode server learn started outlived it"
    if sig != signal.SIGKILL:
        assert proc.returncode == 128 + sig, (proc.returncode, out, err)  # an interruption, not a crash
    if sig == signal.SIGINT:  # --json: one object that says so (typer 0.16+ returned 130 with no output)
        assert json.loads(out)["error"] == "interrupted.", (out, err)
