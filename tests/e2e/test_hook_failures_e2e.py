"""A failing learn never breaks or stalls the agent: corrupt store, locks held by another process, broken install.

Each agent runs a whole scripted session (read or patch a file, answer) and must exit 0 with its normal answer. The
corrupt store and the held locks are one story per agent (two runs): the first run, with a corrupt store beside a
readable one, is also the baseline the run with the locks held is compared with. A store lock held while a
correction is typed is test_claude_e2e's resumed session.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from altimate_learn.markers import SECTION_OPEN
from tests.e2e import lessons
from tests.e2e.agents import codex_setup, opencode_setup, run_claude, run_codex, run_opencode
from tests.e2e.helpers import (TASK, assert_no_hang, hook_log, learn_ok, locks_held, marker_hits,
                               prepare_project)
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


CORRUPT = '[{"id": "L-c0e1", "text": "truncated by a bad merge'


def test_a_corrupt_store_is_skipped_and_locks_held_by_another_process_do_not_stall_the_session(world, agent):
    """One session per agent with one of two stores corrupt (a bad merge): the agent answers and the readable store is
    delivered, the corrupt file never overwritten. Then the same again with every learn lock held by another process:
    the agent answers within seconds, delivered nothing, and the hooks said why."""
    name, binary = agent
    files = prepare_project(world)
    lessons.seed(world.project, [SECOND], name="second")
    approved = world.project / ".altimate-code" / "learn" / "team-playbook" / "approved.json"
    approved.write_text(CORRUPT)
    install(world, name)
    world.set_script(script_for(name, files["model"]))
    baseline = run_agent(world, name, binary).check()  # creates the session state and its locks
    assert "All done." in baseline.stdout
    first = request_text(world.model_requests()[0])
    assert "ibex" in first and "quokka" not in first  # the readable store is still delivered
    assert approved.read_text() == CORRUPT  # never overwritten
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
    assert approved.read_text() == CORRUPT


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
