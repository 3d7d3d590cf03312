"""A Claude Code sub-agent's file lessons reach its own context, not the parent's (review50 R50-7).

Real Claude Code 2.1.332, `--agents '{"reader": {…, "tools": ["Read"]}}'`: the main agent started the sub-agent with
its Agent tool, the sub-agent read src/api.py and its PreToolUse hook (payload with `agent_id` and `agent_type`, the
parent's `session_id`) got the file's lesson, in the sub-agent's request only; the main agent then read the same file
and got nothing (the lesson counted as shown in the session), so the model that edits never saw it. The payloads below
have the fields the real CLI sent (prompt_id, permission_mode, effort; agent_id/agent_type for the sub-agent)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.harness.test_fork import PARENT, bullets, claude_call, project  # noqa: F401 (fixture)


def read(root: Path, folder: Path, path: Path, use: str, **agent) -> str:
    return claude_call(root, folder, PARENT, "PreToolUse", tool_name="Read", tool_input={"file_path": str(path)},
                       tool_use_id=use, prompt_id="p0", permission_mode="acceptEdits", effort={"level": "medium"},
                       **agent)


def test_a_file_lesson_a_sub_agent_was_given_still_reaches_the_main_agent_once(project):  # noqa: F811
    root, folder = project
    config = root / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"core_lessons": 0}}))  # the file's lesson comes with the file only
    target = root / "services" / "payments" / "client.py"
    target.parent.mkdir(parents=True)
    target.write_text("import requests\n")
    claude_call(root, folder, PARENT, "SessionStart", source="startup")
    claude_call(root, folder, PARENT, "UserPromptSubmit", prompt="summarise the payments client", prompt_id="p0")
    reader = {"agent_id": "ad9fea2d8d9d4c2ed", "agent_type": "reader"}
    sub = bullets(read(root, folder, target, "toolu_1", **reader))
    assert any("httpx.AsyncClient" in line for line in sub), sub  # the sub-agent's context gets it
    main = bullets(read(root, folder, target, "toolu_2"))
    assert main == sub  # before: [] (counted as shown to the session when the sub-agent got it)
    assert bullets(read(root, folder, target, "toolu_3")) == []  # once per context
    assert bullets(read(root, folder, target, "toolu_4", **reader)) == []
    other = bullets(read(root, folder, target, "toolu_5", agent_id="b77e0c1d2e3f4a5b6", agent_type="reader"))
    assert other == sub  # another sub-agent has a context of its own
