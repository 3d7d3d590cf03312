"""Codex CLI hooks: Claude-shaped events in, Claude-shaped answers out, with Codex's own tools.

Every event carries `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `model` and
`permission_mode`; turn events add `turn_id`. Edits come from the `apply_patch` tool with the patch in
`tool_input.command` (the files are its `*** Update File:` / `*** Add File:` / `*** Move to:` headers);
the shell tool appears as `Bash` with `tool_input.command` and names no file, so it gets no file lessons
(its failures still count for `tool_retry`). `tool_response` is a string ("Exit code: N …").

Answers: SessionStart, PreToolUse and PostToolUse take
``{"hookSpecificOutput": {"hookEventName": …, "additionalContext": …}}``; UserPromptSubmit context is
plain stdout. Each becomes a developer message in the next model request.
"""

from __future__ import annotations

import os

from altimate_learn.deliver import fastjson
from altimate_learn.harness import Event, input_paths, patch_paths
from altimate_learn.harness.claude import parse_common

NAME = "codex"
FILE_TOOLS = ("Read", "Edit", "Write", "MultiEdit")
PATCH_TOOLS = ("apply_patch", "ApplyPatch")
_EXIT = r"(?:^|\n)\s*(?:Exit code|exit code|exit_code)\s*[:=]\s*(-?\d+)"  # compiled when a result needs it


def parse(payload: dict) -> Event | None:
    event = parse_common(payload, FILE_TOOLS)
    if event is None or event.kind != "tool":
        return event
    tool_input = event.tool_input
    if event.tool_name in PATCH_TOOLS:
        patch = None
        if isinstance(tool_input, dict):
            patch = next((tool_input[k] for k in ("command", "patch", "input") if isinstance(tool_input.get(k), str)),
                         None)
        elif isinstance(tool_input, str):
            patch = tool_input
        event.paths = patch_paths(patch) if patch else []
    elif event.tool_name in FILE_TOOLS:
        event.paths = input_paths(tool_input)
    response = payload.get("tool_response")
    if event.name == "PostToolUse" and isinstance(response, str):
        event.output = response
        import re  # only here: the hook path imports no regex engine otherwise

        match = re.search(_EXIT, response[:2000])
        code = int(match.group(1)) if match else _rollout_exit_code(event.transcript_path, event.tool_id)
        if code is not None:
            event.exit_code = code
            event.failed = code != 0
    return event


def _rollout_exit_code(path: str | None, call_id: str | None, tail: int = 256 * 1024) -> int | None:
    """The exit code of shell call ``call_id`` from the end of the rollout file.

    Codex 0.171's PostToolUse `tool_response` for its shell tool is the bare output, with no exit code;
    by the time the hook runs, the rollout already holds the call's `item_completed` CommandExecution
    line with `exit_code`.
    """
    if not path or not call_id:
        return None
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - tail))
            lines = handle.read().splitlines()
    except OSError:
        return None
    needle = call_id.encode("utf-8", "replace")
    for line in reversed(lines):
        if needle not in line or b"CommandExecution" not in line:
            continue
        try:
            item = fastjson.loads(line.decode("utf-8", "replace")).get("payload", {}).get("item", {})
        except (ValueError, AttributeError):
            continue
        code = item.get("exit_code") if isinstance(item, dict) and item.get("id") == call_id else None
        if isinstance(code, int) and not isinstance(code, bool):
            return code
    return None


def respond(event: Event, text: str) -> str:
    if not text:
        return ""
    if event.name == "UserPromptSubmit":
        return text
    if event.name in ("SessionStart", "PreToolUse", "PostToolUse"):
        return fastjson.dumps({"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": text}},
                              ensure_ascii=False)
    return ""


# --- install ---------------------------------------------------------------------------------------------
SETTINGS = {"project": ".codex/hooks.json", "user": "$CODEX_HOME/hooks.json"}
# Codex runs the hook command with a shell, and a teammate who has not installed learn got "env: 'learn': No such
# file or directory", exit 127, shown as a hook error on every event (review14 R14-24). learn's hook never writes
# stderr and always exits 0, so the guard loses nothing; `learn doctor` / `learn install --check` still say the hooks
# are not running on that machine. Every hooks file gets it (install.guarded says why).
PATH_GUARD = " 2>/dev/null || true"
HOOKS = [
    ("SessionStart", None),
    ("UserPromptSubmit", None),
    ("PreToolUse", "apply_patch|Read|Edit|Write"),
    ("PostToolUse", None),  # every tool: shell failures feed the tool_retry counter
    ("Stop", None),
    ("SessionEnd", None),
]
TIMEOUT_SECONDS = 15
# Codex clamps a SessionEnd hook's timeout to 3 s and warns about it on every run (review11 R11-4): learn's
# SessionEnd hook only records the end and starts the learner in the background, well inside that.
EVENT_TIMEOUT_SECONDS = {"SessionEnd": 3}
NOTES = [
    "Codex runs hooks only with its hooks feature on (the default in current versions); if yours is older, add",
    "  [features]\n  hooks = true",
    "to $CODEX_HOME/config.toml (default ~/.codex/config.toml).",
    "Codex loads a project's .codex/hooks.json only for a trusted project: in config.toml,",
    '  [projects."<absolute project path>"]\n  trust_level = "trusted"',
    "and it skips each new hook until you trust it: open Codex and run /hooks once to review and trust them.",
]


def agent_problems(root, commands: list[str]) -> tuple[list[str], list[str]]:
    """What keeps Codex from running the hooks: hooks off, project not trusted, hooks not trusted in /hooks."""
    from altimate_learn.harness.codex_trust import problems

    return problems(root, commands)


def hook_entry(command: str, matcher: str | None, event: str | None = None) -> dict:
    entry: dict = {}
    if matcher:
        entry["matcher"] = matcher
    entry["hooks"] = [{"type": "command", "command": command,
                       "timeout": EVENT_TIMEOUT_SECONDS.get(event or "", TIMEOUT_SECONDS)}]
    return entry
