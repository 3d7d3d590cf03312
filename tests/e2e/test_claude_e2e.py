"""Claude Code 2.1.332 with `learn install claude-code`: delivery, live capture, capture dedupe, the learner over the
session, uninstall."""

from __future__ import annotations

import json

import pytest

from tests.e2e.agents import claude_session_id, run_claude
from tests.e2e.learner_steps import COMPLAINT, stage_cited_lesson
from tests.e2e.helpers import (CORRECTION, TASK, assert_delivery, capture_latest, hook_log, learn_ok,
                               prepare_project, signals)

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
    world.set_script([
        {"text": "Reading the model.", "tool": "Read", "input": {"file_path": model}},
        {"tool": "Edit", "input": {"file_path": model, "old_string": "amount_cents / 100",
                                   "new_string": "amount_cents"}},
        {"text": "Fixed the rounding."},
        {"text": "Understood, cents_to_dollars from now on."},
        {"text": "You are right, I will convert it."},
    ])
    first = run_claude(world, claude_bin, TASK).check()
    assert "amount_cents as amount" in files["model"].read_text()
    # request 1: the session-start section; request 2 follows the Read of the staging model
    assert_delivery(world, file_request=1)
    first_request = world.model_requests()[0]["body"]
    landed = [m for m in first_request["messages"] if "quokka" in json.dumps(m)]
    assert landed and landed[0]["role"] == "system"  # SessionStart context: a system message, not the prompt

    # the user corrects the agent in the resumed session: the live hook records it
    sid = claude_session_id(first)
    run_claude(world, claude_bin, CORRECTION, "--resume", sid).check()
    live = signals(world)
    assert len(live) == 1 and live[0]["text"] == CORRECTION and live[0]["sessionID"] == sid, live
    assert "captured a user_correction" in hook_log(world)
    # reading the transcript afterwards finds the same correction and adds nothing
    capture_latest(world, "claude-code")
    assert signals(world) == live

    # then a complaint asked as a question about the output: `learn run` shows it to the model, cited, and stages
    # the lesson citing it (test_learner_e2e's case for Claude Code, on this session)
    run_claude(world, claude_bin, COMPLAINT, "--resume", sid).check()
    stage_cited_lesson(world, sid, TASK)

    learn_ok(world, "install", "claude-code", "--uninstall")
    assert settings.read_text() == USER_SETTINGS
