"""The tool-errors channel over transcripts the real Claude Code and Codex CLIs wrote: a failed call, then the
same tool working with a different input, becomes one record and one proposed lesson, with no input values."""

from __future__ import annotations

import json

import pytest

from tests.e2e.agents import codex_setup, run_claude, run_codex
from tests.e2e.world import World, run_learn

pytestmark = pytest.mark.e2e


def _tool_errors(world: World, harness: str) -> dict:
    out = run_learn(world, "tool-errors", "--harness", harness, "--latest", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def _files(world: World) -> tuple[str, str]:
    folder = world.project / "models" / "staging"
    folder.mkdir(parents=True)
    (folder / "orders.sql").write_text("select 1 as id\n")
    return str(folder / "missing_model.sql"), str(folder / "orders.sql")


def _store_text(world: World) -> str:
    folder = world.project / ".altimate-code" / "learn" / "team-playbook"
    return "\n".join(p.read_text() for p in folder.iterdir() if p.is_file())


def test_claude_read_of_a_missing_file_then_the_right_one(world, claude_bin):
    missing, existing = _files(world)
    world.set_script([{"tool": "Read", "input": {"file_path": missing}},
                      {"tool": "Read", "input": {"file_path": existing}},
                      {"text": "The orders model selects one id."}])
    run_claude(world, claude_bin, "show me the staging model").check()
    data = _tool_errors(world, "claude-code")
    assert data["recoveries"] == 1 and data["new_records"] == 1
    [proposed] = data["proposed"]
    assert proposed["tool"] == "Read" and proposed["sig"].startswith("file does not exist")
    assert proposed["text"].startswith('When `Read` fails with "file does not exist')
    assert proposed["text"].endswith("retry with a different `file_path`.")
    stored = _store_text(world)
    assert "missing_model" not in stored and str(world.project) not in stored  # shapes, never values
    again = _tool_errors(world, "claude-code")  # the same transcript again adds nothing
    assert again["already_recorded"] == 1 and again["proposed"] == []


def test_codex_command_that_fails_then_works_with_another_command(world, codex_bin):
    codex_setup(world)
    _files(world)
    world.set_script([{"tool": "exec_command", "input": {"cmd": "cat models/staging/missing_model.sql"}},
                      {"tool": "exec_command", "input": {"cmd": "cat models/staging/orders.sql"}},
                      {"text": "The orders model selects one id."}])
    run_codex(world, codex_bin, "show me the staging model", "--sandbox", "workspace-write").check()
    data = _tool_errors(world, "codex")
    assert data["recoveries"] == 1, data
    # the same command on another file says nothing a rule can say ("retry with a different `cmd`"): recorded, not
    # proposed (fix13b's note on R13-19, review14 R14-16)
    assert data["proposed"] == [] and data["new_records"] == 1
    [rejected] = data["rejected"]
    assert "no such file or directory" in rejected["text"] and "not the failed one run another way" in rejected["reason"]
    assert "missing_model" not in _store_text(world)
