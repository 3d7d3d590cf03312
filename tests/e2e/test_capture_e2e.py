"""`learn capture --latest` reads the transcript each real agent wrote and records a correction exactly once.

No hooks are installed here: this is the after-the-fact path (the live path is in the per-agent tests). Each
session reads and edits a file, then the user corrects the agent in a resumed session (the first message of a
session is a task, never a correction).
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.agents import (claude_session_id, codex_setup, codex_thread_id, opencode_setup, run_claude,
                              run_codex, run_opencode)
from tests.e2e.world import World, run_learn

pytestmark = pytest.mark.e2e

CORRECTION = "No, that's wrong: we always use cents_to_dollars for money columns."


def signals(world: World) -> list[dict]:
    out = run_learn(world, "signals", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    return data["signals"] if isinstance(data, dict) else data


def capture_latest(world: World, harness: str) -> dict:
    out = run_learn(world, "capture", "--harness", harness, "--latest", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def assert_one_correction(world: World, harness: str, session_id: str) -> None:
    capture_latest(world, harness)
    found = [s for s in signals(world) if s["kind"] == "user_correction"]
    assert len(found) == 1, found
    assert "cents_to_dollars" in found[0]["text"] and found[0]["sessionID"] == session_id
    capture_latest(world, harness)  # capturing the same session again adds nothing
    assert len([s for s in signals(world) if s["kind"] == "user_correction"]) == 1


def write_model(world: World) -> str:
    path = world.project / "models" / "staging" / "orders.sql"
    path.parent.mkdir(parents=True)
    path.write_text("select amount_cents / 100 as amount from raw.orders\n")
    return str(path)


def test_claude_capture_latest(world, claude_bin):
    model = write_model(world)
    world.set_script([
        {"text": "Reading.", "tool": "Read", "input": {"file_path": model}},
        {"tool": "Edit", "input": {"file_path": model, "old_string": "amount_cents / 100", "new_string": "amount_cents"}},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    sid = claude_session_id(run_claude(world, claude_bin, "fix the orders model").check())
    run_claude(world, claude_bin, CORRECTION, "--resume", sid).check()
    assert_one_correction(world, "claude-code", sid)


def test_codex_capture_latest(world, codex_bin):
    codex_setup(world)
    write_model(world)
    world.set_script([
        {"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                             "-select amount_cents / 100 as amount from raw.orders\n"
                                             "+select amount_cents as amount from raw.orders\n*** End Patch"},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    thread = codex_thread_id(run_codex(world, codex_bin, "fix the orders model", "--sandbox", "workspace-write").check())
    run_codex(world, codex_bin, CORRECTION, resume=thread).check()
    assert_one_correction(world, "codex", thread)


def test_opencode_capture_latest_from_its_database(world, opencode_bin):
    opencode_setup(world)
    model = write_model(world)
    world.set_script([
        {"text": "Reading.", "tool": "read", "input": {"filePath": model}},
        {"text": "Editing.", "tool": "edit", "input": {"filePath": model, "oldString": "amount_cents / 100",
                                                       "newString": "amount_cents"}},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    session = run_opencode(world, opencode_bin, "fix the orders model").check().json_lines()[0]["sessionID"]
    run_opencode(world, opencode_bin, CORRECTION, "--session", session).check()
    assert_one_correction(world, "opencode", session)
