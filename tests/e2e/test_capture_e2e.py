"""The real CLIs run offline against the fake model server, and `learn capture --latest` reads the transcript
each one wrote and records a correction exactly once.

No hooks are installed here: this is the after-the-fact path (the live path is in the per-agent tests). Each
session reads and edits a file, then the user corrects the agent in a resumed session (the first message of a
session is a task, never a correction). Claude Code's and Codex's sessions begin with a tool call that fails and
then works with another input: `learn tool-errors --latest` over the same transcripts makes one record of it, with
no input values.

The same two runs also prove the test rig itself, with no part of learn involved yet: tools run, files change,
each model turn is one request, a resume continues the conversation in the same transcript. Those checks come
first in each test, so a failure there is a rig or CLI problem, not ours. (Gemini CLI's is the first test of
test_gemini_e2e.py, on its story's first run.)
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.e2e.agents import (claude_session_id, claude_transcripts, codex_rollouts, codex_setup, codex_thread_id,
                              opencode_db, opencode_setup, run_claude, run_codex, run_opencode)
from tests.e2e.world import World, model_requests_text, run_learn

pytestmark = pytest.mark.e2e

CORRECTION = "No, that's wrong: we always use cents_to_dollars for money columns."
TASK = "fix the orders model"
ORIGINAL = "select amount_cents / 100 as amount from raw.orders\n"


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
    path.write_text(ORIGINAL)
    return str(path)


def assert_resumed(world: World) -> None:
    """The resumed run's request carries the first prompt and the new one: the conversation went on."""
    texts = model_requests_text(world)
    assert TASK in texts[-1] and CORRECTION in texts[-1]


def tool_errors(world: World, harness: str) -> dict:
    out = run_learn(world, "tool-errors", "--harness", harness, "--latest", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def store_text(world: World) -> str:
    folder = world.project / ".altimate-code" / "learn" / "team-playbook"
    return "\n".join(p.read_text() for p in folder.iterdir() if p.is_file())


def test_claude_reads_writes_resumes_and_capture_latest(world, claude_bin):
    model = write_model(world)
    missing = str(world.project / "models" / "staging" / "missing_model.sql")
    world.set_script([
        {"tool": "Read", "input": {"file_path": missing}},  # fails; the next Read, of another file, works
        {"text": "Reading.", "tool": "Read", "input": {"file_path": model}},
        {"tool": "Write", "input": {"file_path": str(world.project / "out.txt"), "content": "written\n"}},
        {"tool": "Edit", "input": {"file_path": model, "old_string": "amount_cents / 100", "new_string": "amount_cents"}},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    first = run_claude(world, claude_bin, TASK).check()
    # the rig: Read, Write and Edit ran, one request per model turn, the file read reached the next request
    assert (world.project / "out.txt").read_text() == "written\n"
    assert "amount_cents as amount" in (world.project / "models" / "staging" / "orders.sql").read_text()
    texts = model_requests_text(world)
    assert len(texts) == 5 and "amount_cents / 100" in texts[2]
    assert json.loads(first.stdout)["result"] == "Fixed the orders model."
    assert len(claude_transcripts(world)) == 1
    sid = claude_session_id(first)
    second = run_claude(world, claude_bin, CORRECTION, "--resume", sid).check()
    assert json.loads(second.stdout)["result"] == "Understood, I will use cents_to_dollars."
    assert_resumed(world)
    # resuming in -p mode keeps the session id and appends to the same transcript
    assert claude_session_id(second) == sid
    assert [p.stem for p in claude_transcripts(world)] == [sid]
    assert_one_correction(world, "claude-code", sid)

    # the tool-errors channel over the same transcript: the failed Read, then the same tool working with another
    # input, is one record and one proposed lesson, with no input values
    data = tool_errors(world, "claude-code")
    assert data["recoveries"] == 1 and data["new_records"] == 1
    [proposed] = data["proposed"]
    assert proposed["tool"] == "Read" and proposed["sig"].startswith("file does not exist")
    assert proposed["text"].startswith('When `Read` fails with "file does not exist')
    assert proposed["text"].endswith("retry with a different `file_path`.")
    stored = store_text(world)
    assert "missing_model" not in stored and str(world.project) not in stored  # shapes, never values
    again = tool_errors(world, "claude-code")  # the same transcript again adds nothing
    assert again["already_recorded"] == 1 and again["proposed"] == []


def test_codex_apply_patch_resume_and_capture_latest(world, codex_bin):
    codex_setup(world)
    write_model(world)
    world.set_script([
        # a command that fails, then works with another command (the tool-errors channel, below)
        {"tool": "exec_command", "input": {"cmd": "cat models/staging/missing_model.sql"}},
        {"tool": "exec_command", "input": {"cmd": "cat models/staging/orders.sql"}},
        {"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                             "-select amount_cents / 100 as amount from raw.orders\n"
                                             "+select amount_cents as amount from raw.orders\n*** End Patch"},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    thread = codex_thread_id(run_codex(world, codex_bin, TASK, "--sandbox", "workspace-write").check())
    # the rig: Codex's freeform apply_patch changed the file, and the run wrote one rollout
    assert (world.project / "models" / "staging" / "orders.sql").read_text() == \
        "select amount_cents as amount from raw.orders\n"
    assert len(codex_rollouts(world)) == 1
    run_codex(world, codex_bin, CORRECTION, resume=thread).check()
    assert_resumed(world)
    rollouts = codex_rollouts(world)
    assert len(rollouts) == 1 and thread in rollouts[0].name
    assert_one_correction(world, "codex", thread)

    # the tool-errors channel over the same rollout
    data = tool_errors(world, "codex")
    assert data["recoveries"] == 1, data
    # the same command on another file says nothing a rule can say ("retry with a different `cmd`"): recorded, not
    # proposed (fix13b's note on R13-19, review14 R14-16)
    assert data["proposed"] == [] and data["new_records"] == 1
    [rejected] = data["rejected"]
    assert "no such file or directory" in rejected["text"] and "not the failed one run another way" in rejected["reason"]
    assert "missing_model" not in store_text(world)


def test_opencode_reads_edits_and_capture_latest_from_its_database(world, opencode_bin):
    opencode_setup(world)
    model = write_model(world)
    world.set_script([
        {"text": "Reading.", "tool": "read", "input": {"filePath": model}},
        {"text": "Editing.", "tool": "edit", "input": {"filePath": model, "oldString": "amount_cents / 100",
                                                       "newString": "amount_cents"}},
        {"text": "Fixed the orders model."},
        {"text": "Understood, I will use cents_to_dollars."},
    ])
    session = run_opencode(world, opencode_bin, TASK).check().json_lines()[0]["sessionID"]
    # the rig: one request per model turn (the title request offers no tools), the file read reached the next one
    texts = model_requests_text(world)
    assert len(texts) == 3 and "amount_cents / 100" in texts[1]
    assert "amount_cents as amount" in (world.project / "models" / "staging" / "orders.sql").read_text()
    with sqlite3.connect(opencode_db(world)) as db:
        assert db.execute("select count(*) from session").fetchone()[0] == 1
    run_opencode(world, opencode_bin, CORRECTION, "--session", session).check()
    assert_one_correction(world, "opencode", session)
