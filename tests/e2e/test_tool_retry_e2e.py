"""A tool that fails three times in a row becomes one tool_retry signal, live through each agent's hooks, and
`learn capture --latest` over the same session adds nothing."""

from __future__ import annotations

import pytest

from tests.e2e.agents import codex_setup, opencode_setup, run_claude, run_codex, run_opencode
from tests.e2e.helpers import capture_latest, hook_log, learn_ok, prepare_project, signals

pytestmark = pytest.mark.e2e

HARNESS = {"claude": "claude-code", "codex": "codex", "opencode": "opencode"}


@pytest.mark.parametrize("agent", ["claude", "codex", "opencode"])
def test_three_failures_in_a_row_are_one_signal(world, agent, request):
    binary = request.getfixturevalue(f"{agent}_bin")
    prepare_project(world)
    missing = str(world.project / "models" / "staging" / "missing.sql")
    if agent == "claude":
        calls = [{"tool": "Read", "input": {"file_path": missing}}] * 3
    elif agent == "codex":
        codex_setup(world)
        calls = [{"tool": "exec_command", "input": {"cmd": "cat models/staging/missing.sql"}}] * 3
    else:
        opencode_setup(world)
        calls = [{"tool": "read", "input": {"filePath": missing}}] * 3
    learn_ok(world, "install", HARNESS[agent])
    world.set_script([*calls, {"text": "The file does not exist."}])
    runner = {"claude": run_claude, "codex": run_codex, "opencode": run_opencode}[agent]
    runner(world, binary, "show me the missing model").check()
    live = signals(world, "tool_retry")
    assert len(live) == 1, (live, hook_log(world))
    assert "captured a tool_retry" in hook_log(world)
    capture_latest(world, HARNESS[agent])
    assert signals(world, "tool_retry") == live
