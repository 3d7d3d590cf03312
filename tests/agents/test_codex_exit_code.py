"""Codex's PostToolUse carries no exit code for shell calls; the hook reads it from the rollout's tail."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.harness import codex

REAL_ROLLOUT = Path(__file__).parents[1] / "fixtures" / "sessions" / "real" / "codex_rollout.jsonl"


def post_tool_use(transcript: Path, call_id: str, response: str) -> dict:
    return {"session_id": "s", "cwd": "/p", "hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_input": {"command": "cat x"}, "tool_response": response, "tool_use_id": call_id,
            "transcript_path": str(transcript)}


def test_a_successful_call_in_a_real_rollout():
    event = codex.parse(post_tool_use(REAL_ROLLOUT, "call_ae4e4ab94cee4f5faf69fbfa", "hello from the project file\n"))
    assert (event.exit_code, event.failed) == (0, False)


def test_a_failed_call_and_calls_it_cannot_find(tmp_path):
    rollout = tmp_path / "rollout.jsonl"
    line = {"type": "event_msg", "payload": {"type": "item_completed", "item": {
        "type": "CommandExecution", "id": "call_bad", "exit_code": 1}}}
    rollout.write_text("not json\n" + json.dumps(line) + "\n")
    event = codex.parse(post_tool_use(rollout, "call_bad", "cat: x: No such file or directory\n"))
    assert (event.exit_code, event.failed) == (1, True)
    unknown = codex.parse(post_tool_use(rollout, "call_other", "output"))
    assert (unknown.exit_code, unknown.failed) == (None, False)
    missing = codex.parse(post_tool_use(tmp_path / "gone.jsonl", "call_bad", "output"))
    assert missing.exit_code is None
    stated = codex.parse(post_tool_use(rollout, "call_bad", "Exit code: 0\nfine"))
    assert stated.exit_code == 0  # an exit code in the response itself wins
