"""Claude Code 2.1.332 with `learn install claude-code`: delivery, live capture (a tool that failed three times in a row,
and a correction typed while another learn command held the store's lock), capture dedupe, the learner over the
session, uninstall."""

from __future__ import annotations

import json
import os

import pytest

from tests.e2e.agents import claude_session_id, run_claude
from tests.e2e.learner_steps import COMPLAINT, stage_cited_lesson
from tests.e2e.helpers import (CORRECTION, TASK, assert_delivery, assert_no_hang, capture_latest, hook_log, learn_ok,
                               locks_held, prepare_project, signals)

pytestmark = pytest.mark.e2e

# The user's own settings, formatted their way: install + uninstall must give these bytes back.
USER_SETTINGS = """{
    "permissions": { "allow": ["Bash(ls:*)"], "deny": [] },
    "hooks": {
        "PostToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "true" } ] }
        ]
    },
    "includeCoAuthoredBy": false
}
"""


def test_claude_code_end_to_end(world, claude_bin):
    files = prepare_project(world)
    settings = world.project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(USER_SETTINGS)
    learn_ok(world, "install", "claude-code")
    assert "altimate_learn hook claude-code" in settings.read_text()
    assert "runs" in learn_ok(world, "install", "claude-code", "--check")

    model = str(files["model"])
    missing = str(world.project / "docs" / "missing.md")  # under no lesson's path: nothing is delivered with it
    world.set_script([
        *[{"tool": "Read", "input": {"file_path": missing}}] * 3,  # a tool that fails three times in a row
        {"text": "Reading the model.", "tool": "Read", "input": {"file_path": model}},
        {"tool": "Edit", "input": {"file_path": model, "old_string": "amount_cents / 100",
                                   "new_string": "amount_cents"}},
        {"text": "Fixed the rounding."},
        {"text": "Understood, cents_to_dollars from now on."},
        {"text": "You are right, I will convert it."},
    ])
    first = run_claude(world, claude_bin, TASK).check()
    assert "amount_cents as amount" in files["model"].read_text()
    # request 1: the session-start section; request 5 follows the Read of the staging model (after 3 failed Reads)
    assert_delivery(world, file_request=4)
    first_request = world.model_requests()[0]["body"]
    landed = [m for m in first_request["messages"] if "quokka" in json.dumps(m)]
    assert landed and landed[0]["role"] == "system"  # SessionStart context: a system message, not the prompt
    # the three failures in a row are one tool_retry signal, live (test_tool_retry_e2e's case for Claude Code)
    retry = signals(world, "tool_retry")
    assert len(retry) == 1, (retry, hook_log(world))
    assert "captured a tool_retry" in hook_log(world)

    # the user corrects the agent in the resumed session while a long `learn` command holds the store's lock (the
    # session lock is free): the agent goes on within seconds, and the correction typed meanwhile is not lost (the
    # capture worker waits for the lock as a command does and writes it once the lock is free)
    sid = claude_session_id(first)
    with locks_held(world.project / ".altimate-code" / "learn" / "team-playbook") as paths:
        assert [os.path.basename(os.path.dirname(p)) for p in paths] == ["team-playbook"]
        run = run_claude(world, claude_bin, CORRECTION, "--resume", sid).check()
        # no hook waited for the store's lock: one that had would have given up after ~5 s, logged it and left the
        # busy memo beside the lock (deliver/state.Locks)
        assert "locked" not in hook_log(world), hook_log(world)
        assert not [p for p in paths if os.path.exists(p + ".busy")], paths
    assert_no_hang(first, run)
    # the live hook records it, once the lock is free
    live = signals(world)
    assert len(live) == 1 and live[0]["text"] == CORRECTION and live[0]["sessionID"] == sid, live
    assert "captured a user_correction" in hook_log(world)
    # reading the transcript afterwards finds the same correction and adds nothing
    capture_latest(world, "claude-code")
    assert signals(world) == live
    assert signals(world, "tool_retry") == retry

    # then a complaint asked as a question about the output: `learn run` shows it to the model, cited, and stages
    # the lesson citing it (test_learner_e2e's case for Claude Code, on this session)
    run_claude(world, claude_bin, COMPLAINT, "--resume", sid).check()
    stage_cited_lesson(world, sid, TASK)

    learn_ok(world, "install", "claude-code", "--uninstall")
    assert settings.read_text() == USER_SETTINGS
