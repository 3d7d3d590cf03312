"""A failing learn never breaks or stalls the agent: corrupt store, locks held by another process, broken install.

Each agent runs a whole scripted session (read or patch a file, answer) and must exit 0 with its normal answer.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

from altimate_learn.markers import SECTION_OPEN
from tests.e2e import lessons
from tests.e2e.agents import claude_session_id, codex_setup, opencode_setup, run_claude, run_codex, run_opencode
from tests.e2e.helpers import (CORRECTION, TASK, capture_latest, hook_log, learn_ok, marker_hits, prepare_project,
                               signals)
from tests.deliver.helpers import settle_capture
from tests.e2e.world import World, request_text

pytestmark = pytest.mark.e2e

SECOND = lessons.make_lesson("Second store lessons still arrive (ibex rule).", lesson_id="L-5ec0", now=lessons.NOW,
                             pinned=True)


def script_for(agent: str, model: Path) -> list[dict]:
    if agent == "claude":
        return [{"text": "Reading.", "tool": "Read", "input": {"file_path": str(model)}}, {"text": "All done."}]
    if agent == "codex":
        return [{"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                                     "-select amount_cents / 100 as amount from raw.orders\n"
                                                     "+select amount_cents as amount from raw.orders\n*** End Patch"},
                {"text": "All done."}]
    return [{"text": "Reading.", "tool": "read", "input": {"filePath": str(model)}}, {"text": "All done."}]


def run_agent(world: World, agent: str, binary: Path):
    if agent == "claude":
        return run_claude(world, binary, TASK, timeout=600)
    if agent == "codex":
        return run_codex(world, binary, TASK, "--sandbox", "workspace-write", timeout=600)
    return run_opencode(world, binary, TASK, timeout=600)


@pytest.fixture(params=["claude", "codex", "opencode"])
def agent(request, world) -> tuple[str, Path]:
    name = request.param
    binary = request.getfixturevalue(f"{name}_bin")
    if name == "codex":
        codex_setup(world)
    if name == "opencode":
        opencode_setup(world)
    return name, binary


def install(world: World, agent: str) -> None:
    learn_ok(world, "install", {"claude": "claude-code"}.get(agent, agent))


def test_corrupt_store_is_skipped_and_the_session_goes_on(world, agent):
    name, binary = agent
    files = prepare_project(world)
    lessons.seed(world.project, [SECOND], name="second")
    approved = world.project / ".altimate-code" / "learn" / "team-playbook" / "approved.json"
    approved.write_text('[{"id": "L-c0e1", "text": "truncated by a bad merge')
    install(world, name)
    world.set_script(script_for(name, files["model"]))
    run = run_agent(world, name, binary).check()
    assert "All done." in run.stdout
    first = request_text(world.model_requests()[0])
    assert "ibex" in first and "quokka" not in first  # the readable store is still delivered
    assert approved.read_text() == '[{"id": "L-c0e1", "text": "truncated by a bad merge'  # never overwritten


@contextlib.contextmanager
def locks_held(folder: Path) -> Iterator[list[str]]:
    """Hold every learn lock of the project from another process, as a long `learn reflect` would."""
    paths = sorted(str(p) for p in folder.rglob(".lock*") if not p.name.endswith(".busy"))
    code = ("import fcntl, os, sys, time\n"
            "fds = [os.open(p, os.O_RDWR) for p in sys.argv[1:]]\n"
            "[fcntl.flock(fd, fcntl.LOCK_EX) for fd in fds]\n"
            "print('held', flush=True)\n"
            "time.sleep(600)\n")
    import subprocess

    holder = subprocess.Popen([sys.executable, "-c", code, *paths], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield paths
    finally:
        holder.kill()
        holder.wait()


def assert_no_hang(baseline, run) -> None:
    """A hang guard only, never a budget: what the tests assert is the hook log and the busy memo; this catches a hook
    that waited for the holder (600 s) on a machine of any load."""
    assert run.seconds < 10 * baseline.seconds + 60, (baseline.seconds, run.seconds)


def test_locks_held_by_another_process_do_not_stall_the_session(world, agent):
    name, binary = agent
    files = prepare_project(world)
    install(world, name)
    world.set_script(script_for(name, files["model"]))
    baseline = run_agent(world, name, binary).check()  # creates the session state and its locks
    assert any(h["core"] for h in marker_hits(world))
    before = len(world.model_requests())
    with locks_held(world.project / ".altimate-code" / "learn") as paths:
        assert any(os.path.basename(os.path.dirname(p)) == ".sessions" and os.path.basename(p).startswith(".lock")
                   for p in paths), paths
        run = run_agent(world, name, binary).check()
    assert "All done." in run.stdout
    later = [request_text(r) for r in world.model_requests()[before:]]
    assert later and not any(SECTION_OPEN in t for t in later)  # delivered nothing, but answered
    # each delivering hook gave up on the held lock and said so; the first one's timeout left the busy memo, so the
    # hooks after it waited ~0.25 s, not ~5 s each (deliver/state.Locks; tests/agents/test_hook_lock_busy.py)
    gave_up = [line for line in hook_log(world).splitlines() if "locked by another process" in line]
    assert len(gave_up) >= 2 and all(line.endswith("delivered nothing") for line in gave_up), hook_log(world)
    memos = [p + ".busy" for p in paths if os.path.exists(p + ".busy")]
    assert memos, paths
    print(f"{name}: baseline {baseline.seconds:.1f} s, locks held {run.seconds:.1f} s")
    assert_no_hang(baseline, run)


def test_a_held_store_lock_delays_a_correction_once_and_capture_catches_up(world, claude_bin):
    """A long `learn` command holds the store's lock (the session lock is free): the agent goes on within seconds,
    the correction typed meanwhile is not lost (the capture worker waits for the lock as a command does and writes
    it once the lock is free), and `learn capture --latest` afterwards does not record it twice."""
    files = prepare_project(world)
    install(world, "claude")
    world.set_script(script_for("claude", files["model"]))
    first = run_claude(world, claude_bin, TASK).check()
    with locks_held(world.project / ".altimate-code" / "learn" / "team-playbook") as paths:
        assert [os.path.basename(os.path.dirname(p)) for p in paths] == ["team-playbook"]
        run = run_claude(world, claude_bin, CORRECTION, "--resume", claude_session_id(first), timeout=600).check()
        # no hook waited for the store's lock: one that had would have given up after ~5 s, logged it and left the
        # busy memo beside the lock (deliver/state.Locks)
        assert "locked" not in hook_log(world), hook_log(world)
        assert not [p for p in paths if os.path.exists(p + ".busy")], paths
    assert_no_hang(first, run)
    settle_capture(world.project)
    assert [s["text"] for s in signals(world)] == [CORRECTION]
    capture_latest(world, "claude-code")
    assert [s["text"] for s in signals(world)] == [CORRECTION]


@pytest.mark.parametrize("name", ["claude", "codex"])
def test_a_committed_on_path_install_is_harmless_without_learn_and_delivers_with_it(world, name):
    """review14 R14-24: `learn install … --on-path` (the committed form) runs through the agent's shell; a
    teammate without learn on PATH got exit 127 "hook error" on every event. Now: no error, the session answers;
    with learn on PATH the same command delivers (the guard is shell syntax, which the agent must run as such)."""
    from tests.e2e.agents import claude_env, codex_env
    from tests.e2e.world import agent_binary
    from tests.e2e.world import SYSTEM_PATH

    binary = agent_binary(name)
    files = prepare_project(world)
    if name == "codex":
        codex_setup(world)
    learn_ok(world, "install", {"claude": "claude-code"}.get(name, name), "--on-path")
    world.set_script(script_for(name, files["model"]))
    flags = (("--sandbox", "workspace-write") if name == "codex" else ("--output-format", "stream-json", "--verbose"))
    env = codex_env(world) if name == "codex" else claude_env(world)
    argv = ([binary, "exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-hook-trust", *flags, TASK]
            if name == "codex" else [binary, "-p", TASK, "--permission-mode", "acceptEdits", *flags])
    assert env["PATH"] == SYSTEM_PATH  # a teammate without learn
    bare = world.run(argv, env=env, timeout=600).check()
    assert "All done." in bare.stdout
    assert "No such file or directory" not in bare.stdout + bare.stderr and '"exit_code":127' not in bare.stdout
    assert not any(h["section"] for h in marker_hits(world))
    before = len(world.model_requests())
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH  # learn installed
    world.run(argv, env=env, timeout=600).check()
    assert any(h["section"] for h in marker_hits(world)[before:]), hook_log(world)
