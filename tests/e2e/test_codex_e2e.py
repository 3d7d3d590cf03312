"""Codex CLI 0.171.0 with `learn install codex`: delivery through its hooks, live capture (a correction, and a command
that failed three times in a row), rollout capture dedupe, the learner over the session.

Codex loads `<project>/.codex/hooks.json` only for a trusted project (config.toml) and runs a hook only once
it is trusted (the TUI's /hooks); the tests trust the project in config.toml and pass
`--dangerously-bypass-hook-trust`, as a user's review in the TUI would.
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.agents import codex_setup, codex_thread_id, codex_trust_hooks, run_codex
from tests.e2e.learner_steps import COMPLAINT, stage_cited_lesson
from tests.e2e.helpers import (CORRECTION, TASK, assert_delivery, capture_latest, hook_log, learn_ok,
                               prepare_project, run_learn, signals)

pytestmark = pytest.mark.e2e

USER_HOOKS = """{
  "hooks": {
    "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ]
  }
}
"""


def test_codex_end_to_end(world, codex_bin):
    files = prepare_project(world)
    codex_setup(world)  # model gpt-5.5: Codex offers apply_patch; the project is trusted
    hooks = world.project / ".codex" / "hooks.json"
    hooks.parent.mkdir()
    hooks.write_text(USER_HOOKS)
    learn_ok(world, "install", "codex")
    assert "altimate_learn hook codex" in hooks.read_text()
    check = run_learn(world, "install", "codex", "--check")  # review10 R10-9: not trusted in /hooks yet
    assert check.returncode == 1 and "Codex will skip learn's hooks until you trust them" in check.stdout
    trusted = codex_trust_hooks(world, codex_bin)  # what /hooks writes, with the hashes Codex itself computes
    assert f"{hooks}:session_start:0:0" in trusted and f"{hooks}:stop:1:0" in trusted  # the user's Stop hook first
    assert "runs" in learn_ok(world, "install", "codex", "--check")

    world.set_script([
        # a command that fails three times in a row, on a file under no lesson's path
        *[{"tool": "exec_command", "input": {"cmd": "cat docs/missing.md"}}] * 3,
        {"text": "Patching the model.",
         "tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                             "-select amount_cents / 100 as amount from raw.orders\n"
                                             "+select amount_cents as amount from raw.orders\n*** End Patch"},
        {"text": "Fixed the rounding."},
        {"text": "Understood, cents_to_dollars from now on."},
        {"text": "You are right, I will convert it."},
    ])
    first = run_codex(world, codex_bin, TASK, "--sandbox", "workspace-write").check()
    assert "clamping" not in first.stdout + first.stderr  # review11 R11-4: no timeout Codex has to cut down
    assert "amount_cents as amount" in files["model"].read_text()
    # request 1 carries the session-start section; the patch's lessons arrive with the request after it (request 5)
    assert_delivery(world, file_request=4)
    inputs = world.model_requests()[0]["body"]["input"]
    landed = [item for item in inputs if "quokka" in json.dumps(item)]
    assert landed and landed[0].get("role") == "developer"  # SessionStart context: a developer message
    after_patch = world.model_requests()[4]["body"]["input"]
    kinds = [item.get("type") or item.get("role") for item in after_patch]
    staged = next(i for i, item in enumerate(after_patch) if "narwhal" in json.dumps(item))
    output = kinds.index("custom_tool_call_output")
    assert after_patch[staged].get("role") == "developer" and staged < output  # before the patch's result
    # the three failures in a row are one tool_retry signal, live (test_tool_retry_e2e's case for Codex)
    retry = signals(world, "tool_retry")
    assert len(retry) == 1, (retry, hook_log(world))
    assert "captured a tool_retry" in hook_log(world)

    thread = codex_thread_id(first)
    run_codex(world, codex_bin, CORRECTION, resume=thread).check()
    live = signals(world)
    assert len(live) == 1 and live[0]["text"] == CORRECTION and live[0]["sessionID"] == thread, live
    assert "captured a user_correction" in hook_log(world)
    capture_latest(world, "codex")  # the rollout holds the same correction and failures: nothing new
    assert signals(world) == live
    assert signals(world, "tool_retry") == retry

    # then a complaint asked as a question about the output: `learn run` shows it to the model, cited, and stages
    # the lesson citing it (test_learner_e2e's case for Codex, on this session)
    run_codex(world, codex_bin, COMPLAINT, resume=thread).check()
    stage_cited_lesson(world, thread, TASK)

    learn_ok(world, "install", "codex", "--uninstall")
    assert hooks.read_text() == USER_HOOKS
