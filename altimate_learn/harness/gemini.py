"""Gemini CLI hooks: SessionStart, BeforeAgent, AfterTool (plus AfterAgent and SessionEnd for capture).

Every event carries `session_id`, `transcript_path`, `cwd`, `hook_event_name` and `timestamp`.
SessionStart adds `source` (startup, resume, clear); BeforeAgent adds `prompt`; AfterTool adds
`tool_name`, `tool_input` and `tool_response` (`llmContent`, `returnDisplay`, optional `error`).
Answers are JSON only (Gemini parses stdout as JSON):
``{"hookSpecificOutput": {"hookEventName": …, "additionalContext": …}}``. SessionStart context becomes
the first turn of the history; BeforeAgent context is appended to that turn's prompt; AfterTool context
is appended to the tool result.

Gemini has no "compact" source and no injection point after compression: its compressed history keeps
whatever its summary keeps. Gemini has no tool hook that adds context before a read, so file lessons
arrive with the tool result (AfterTool).
"""

from __future__ import annotations

from altimate_learn.deliver import fastjson
from altimate_learn.harness import Event, text_field

NAME = "gemini"
FILE_TOOLS = ("read_file", "write_file", "replace", "edit", "read_many_files")
_GLOB = set("*?[]{}")


def _paths(tool: str, tool_input: object) -> list[str]:
    if tool not in FILE_TOOLS or not isinstance(tool_input, dict):
        return []
    found: list[str] = []
    for key in ("file_path", "absolute_path", "path"):
        value = tool_input.get(key)
        if isinstance(value, str) and value:
            found.append(value)
    items = tool_input.get("paths")
    if isinstance(items, list):  # read_many_files: plain paths only, its globs name no one file
        found += [p for p in items if isinstance(p, str) and p and not (_GLOB & set(p))]
    return list(dict.fromkeys(found))


def parse(payload: dict) -> Event | None:
    name = payload.get("hook_event_name")
    common = {"session_id": payload.get("session_id"), "cwd": payload.get("cwd"),
              "transcript_path": text_field(payload, "transcript_path")}
    if name == "SessionStart":
        source = payload.get("source") or payload.get("trigger")
        return Event("start", name, payload, source=source if isinstance(source, str) else None, **common)
    if name == "BeforeAgent":
        prompt = payload.get("prompt")
        if not isinstance(prompt, str):
            return None
        return Event("prompt", name, payload, prompt=prompt, key=text_field(payload, "prompt_id"), **common)
    if name in ("BeforeTool", "AfterTool"):
        tool = payload.get("tool_name")
        if not isinstance(tool, str):
            return None
        tool_input = payload.get("tool_input")
        response = payload.get("tool_response")
        failed, error, output = False, None, None
        if isinstance(response, dict):
            err = response.get("error")
            if err:
                failed = True
                error = err if isinstance(err, str) else (err.get("message") if isinstance(err, dict) else None)
                error = error or "the tool call failed"
            shown = response.get("llmContent") if isinstance(response.get("llmContent"), str) else None
            output = error or shown
        elif isinstance(response, str):
            output = response
        return Event("tool", name, payload, phase="pre" if name == "BeforeTool" else "post", tool_name=tool,
                     tool_input=tool_input, tool_id=text_field(payload, "tool_call_id", "tool_use_id"),
                     paths=_paths(tool, tool_input), failed=failed, error=error, output=output, **common)
    if name == "AfterAgent":
        return Event("stop", name, payload, **common)
    if name == "SessionEnd":
        return Event("end", name, payload, **common)
    return None


def respond(event: Event, text: str) -> str:
    if not text or event.name not in ("SessionStart", "BeforeAgent", "AfterTool"):
        return ""
    return fastjson.dumps({"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": text}},
                          ensure_ascii=False)


# --- install ---------------------------------------------------------------------------------------------
SETTINGS = {"project": ".gemini/settings.json", "user": "~/.gemini/settings.json"}
HOOKS = [
    ("SessionStart", None),
    ("BeforeAgent", None),
    ("AfterTool", None),  # every tool: file lessons for file tools, failures of any tool for tool_retry
    ("AfterAgent", None),
    ("SessionEnd", None),
]
TIMEOUT_MS = 15000
NOTES = [
    "Gemini CLI runs hooks only with its hooks system enabled: /settings → Advanced → \"Enable Hooks System\"",
    "(older versions: \"tools\": {\"enableHooks\": true} in settings.json). Check with /hooks panel.",
]


def hook_entry(command: str, matcher: str | None) -> dict:
    entry: dict = {}
    if matcher:
        entry["matcher"] = matcher
    entry["hooks"] = [{"name": "altimate-learn", "type": "command", "command": command, "timeout": TIMEOUT_MS,
                       "description": "Team conventions approved with altimate-learn"}]
    return entry
