"""Claude Code 2.1.332 with learn's hooks installed as a plugin (`learn install claude-code --plugin --on-path`),
through Claude Code's own mechanism: its validator accepts the layout, `claude plugin marketplace add` and
`claude plugin install` take it from the project, and a session then gets the lessons and captures a correction
with no learn entry in any settings file."""

from __future__ import annotations

import json
import os
import sys

import pytest

from altimate_learn.harness.claude_plugin import MARKETPLACE, PLUGIN
from tests.e2e.agents import claude_env, claude_session_id
from tests.e2e.helpers import CORRECTION, TASK, assert_delivery, learn_ok, prepare_project, signals
from tests.e2e.world import SYSTEM_PATH

pytestmark = pytest.mark.e2e


def test_claude_code_loads_the_plugin_and_its_hooks_deliver_and_capture(world, claude_bin):
    files = prepare_project(world)
    learn_ok(world, "install", "claude-code", "--plugin", "--on-path")
    assert "complete and its hooks run" in learn_ok(world, "install", "claude-code", "--plugin", "--check")
    # a teammate's machine: `learn` on PATH (pipx or a venv's bin), nothing in .claude/settings.json
    env = claude_env(world)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH

    validated = world.run([claude_bin, "plugin", "validate", str(world.project / PLUGIN)], env=env).check()
    assert "Validation passed" in validated.stdout, validated.stdout
    world.run([claude_bin, "plugin", "marketplace", "add", f"./{MARKETPLACE.as_posix()}"], env=env).check()
    world.run([claude_bin, "plugin", "install", "altimate-learn@altimate-learn", "--scope", "project"], env=env).check()
    settings = json.loads((world.project / ".claude" / "settings.json").read_text())
    assert settings == {"enabledPlugins": {"altimate-learn@altimate-learn": True}}  # no hook entries of ours

    model = str(files["model"])
    world.set_script([
        {"text": "Reading the model.", "tool": "Read", "input": {"file_path": model}},
        {"text": "Done."},
        {"text": "Understood."},
    ])
    first = world.run([claude_bin, "-p", TASK, "--output-format", "json", "--permission-mode", "acceptEdits"],
                      env=env).check()
    assert_delivery(world, file_request=1)  # session start, then the staging lesson after the Read

    sid = claude_session_id(first)
    world.run([claude_bin, "-p", CORRECTION, "--output-format", "json", "--resume", sid], env=env).check()
    live = signals(world)
    assert len(live) == 1 and live[0]["text"] == CORRECTION and live[0]["sessionID"] == sid, live
