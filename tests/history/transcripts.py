"""Claude Code and Codex transcripts written where those agents keep them, with times relative to now.

The line shapes are the agents' own (see tests/fixtures/sessions and /work/shared/realagents): Claude Code
`~/.claude/projects/<slug>/<id>.jsonl` with user/assistant/tool_result lines; Codex
`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` with session_meta, turn_context,
response_item messages and function calls. A turn is ``("user", text)``, ``("assistant", text)`` or
``("tool", name, command, output, failed)``.
"""

from __future__ import annotations

import json
import os
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

Turn = tuple[Any, ...]


def at(start: datetime, step: int) -> str:
    moment = start + timedelta(seconds=step)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def days_ago(days: float) -> datetime:
    return datetime.now(timezone.utc) - timedelta(days=days)


def _touch(path: Path, moment: datetime) -> None:
    stamp = moment.timestamp()
    os.utime(path, (stamp, stamp))


def claude_session(home: Path, cwd: Path, sid: str, start: datetime, turns: list[Turn], *,
                   sidechain: bool = False, file_name: str | None = None) -> Path:
    slug = "".join(c if c.isalnum() else "-" for c in str(cwd))
    path = home / ".claude" / "projects" / slug / (file_name or f"{sid}.jsonl")
    path.parent.mkdir(parents=True, exist_ok=True)
    lines: list[dict[str, Any]] = []
    parent: str | None = None
    common = {"isSidechain": sidechain, "userType": "external", "entrypoint": "cli", "cwd": str(cwd),
              "sessionId": sid, "version": "2.1.332", "gitBranch": "main"}
    step = 0

    def line_id(n: int) -> str:  # stable per line, so a rewritten (grown) transcript keeps its ids
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{sid}/{n}"))

    for turn in turns:
        step += 5
        me = line_id(step)
        if turn[0] == "user":
            lines.append({"parentUuid": parent, "type": "user", "message": {"role": "user", "content": turn[1]},
                          "uuid": me, "timestamp": at(start, step), **common})
        elif turn[0] == "assistant":
            lines.append({"parentUuid": parent, "type": "assistant", "uuid": me, "timestamp": at(start, step),
                          "message": {"id": f"msg_{me[:8]}", "type": "message", "role": "assistant",
                                      "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": turn[1]}],
                                      "stop_reason": "end_turn", "usage": {"input_tokens": 900, "output_tokens": 60}},
                          **common})
        else:
            _, name, command, output, failed = turn
            call = f"toolu_{me[:12]}"
            lines.append({"parentUuid": parent, "type": "assistant", "uuid": me, "timestamp": at(start, step),
                          "message": {"id": f"msg_{me[:8]}", "type": "message", "role": "assistant",
                                      "model": "claude-sonnet-4-5", "stop_reason": "tool_use",
                                      "content": [{"type": "tool_use", "id": call, "name": name,
                                                   "input": {"command": command}}]}, **common})
            step += 1
            parent, me = me, line_id(step)
            lines.append({"parentUuid": parent, "type": "user", "uuid": me, "timestamp": at(start, step),
                          "message": {"role": "user", "content": [{"tool_use_id": call, "type": "tool_result",
                                                                   "content": output, "is_error": failed}]},
                          "toolUseResult": {"stdout": "" if failed else output, "stderr": output if failed else ""},
                          **common})
        parent = me
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _touch(path, start + timedelta(seconds=step))
    return path


def codex_session(home: Path, cwd: Path, sid: str, start: datetime, turns: list[Turn], *,
                  subagent_of: str | None = None) -> Path:
    folder = home / ".codex" / "sessions" / start.strftime("%Y/%m/%d")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"rollout-{start.strftime('%Y-%m-%dT%H-%M-%S')}-{sid}.jsonl"
    meta: dict[str, Any] = {"id": sid, "timestamp": at(start, 0), "cwd": str(cwd), "originator": "codex_cli_rs",
                            "cli_version": "0.171.0", "instructions": None, "model_provider": "openai"}
    if subagent_of:
        meta["source"] = {"subagent": {"other": "review"}}
        meta["parent_thread_id"] = subagent_of
    lines = [{"timestamp": at(start, 0), "type": "session_meta", "payload": meta},
             {"timestamp": at(start, 1), "type": "turn_context",
              "payload": {"cwd": str(cwd), "approval_policy": "on-request", "model": "gpt-5-codex"}}]
    step = 1
    for index, turn in enumerate(turns):
        step += 5
        if turn[0] == "user":
            lines.append({"timestamp": at(start, step), "type": "response_item",
                          "payload": {"type": "message", "role": "user", "id": f"u{index}",
                                      "content": [{"type": "input_text", "text": turn[1]}]}})
        elif turn[0] == "assistant":
            lines.append({"timestamp": at(start, step), "type": "response_item",
                          "payload": {"type": "message", "role": "assistant", "id": f"a{index}",
                                      "content": [{"type": "output_text", "text": turn[1]}]}})
        else:
            _, name, command, output, failed = turn
            call = f"call_{index}"
            lines.append({"timestamp": at(start, step), "type": "response_item",
                          "payload": {"type": "function_call", "name": name, "call_id": call,
                                      "arguments": json.dumps({"command": ["bash", "-lc", command]})}})
            lines.append({"timestamp": at(start, step + 1), "type": "response_item",
                          "payload": {"type": "function_call_output", "call_id": call,
                                      "output": f"Exit code: {1 if failed else 0}\nWall time: 0.4 seconds\n"
                                                f"Output:\n{output}\n"}})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _touch(path, start + timedelta(seconds=step + 2))
    return path


def correction_session(what: str) -> list[Turn]:
    """A task, the agent's answer, then the person's correction."""
    return [("user", f"Add the {what} report to the warehouse models."),
            ("assistant", f"I added the {what} report using npm scripts and print() for logging."),
            ("user", f"No, use pnpm instead of npm for the {what} scripts in this repo."),
            ("assistant", "Understood, switched to pnpm.")]
