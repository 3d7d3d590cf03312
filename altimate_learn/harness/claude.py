"""Claude Code hooks: event shapes in, `hookSpecificOutput.additionalContext` out.

Every event carries `session_id`, `transcript_path`, `cwd` and `hook_event_name`. SessionStart adds
`source` (startup, resume, clear, compact; fork after `--resume ID --fork-session`, deliver/inherit.py);
UserPromptSubmit adds `prompt` and `prompt_id`; tool events add `tool_name`, `tool_input`, `tool_use_id`;
PostToolUse adds `tool_response`; PostToolUseFailure adds `error` (and `is_interrupt`). Context is answered as
``{"hookSpecificOutput": {"hookEventName": <event>, "additionalContext": <text>}}`` with exit code 0:
SessionStart and UserPromptSubmit context reach the model's first request, PreToolUse and PostToolUse
context the request after the tool result. Stop and SessionEnd take no context.
"""

from __future__ import annotations

from altimate_learn.deliver import fastjson
from altimate_learn.harness import Event, input_paths, text_field

NAME = "claude-code"
# Claude Code 2.1.332 runs an identical hook command once, whichever settings files hold it (real CLI, trial26: 0
# repeats with the same command in the project and the user settings, 4 with learn's two commands when only the
# project one carried the `|| true` guard; every file gets it since trial27): harness/check says which
RUNS_A_HOOK_ONCE = "command"
FILE_TOOLS = ("Read", "Edit", "MultiEdit", "Write", "NotebookEdit")
CONTEXT_EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure")


def tool_failed(response: object) -> tuple[bool, int | None]:
    """Whether a PostToolUse `tool_response` reports a failure (error flag or non-zero exit code)."""
    if not isinstance(response, dict):
        return False, None
    code = None
    for key in ("exit_code", "exitCode", "returncode", "code"):
        value = response.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            code = value
            break
    failed = bool(response.get("is_error") or response.get("isError")) or (code is not None and code != 0)
    if isinstance(response.get("error"), str) and response["error"].strip():
        failed = True
    if response.get("success") is False:
        failed = True
    return failed, code


def _output_text(response: object) -> str | None:
    if isinstance(response, str):
        return response
    if isinstance(response, dict):
        parts = [response.get(k) for k in ("stdout", "stderr", "error", "output", "content")]
        text = "\n".join(p for p in parts if isinstance(p, str) and p)
        return text or None
    return None


def parse_common(payload: dict, file_tools: tuple[str, ...]) -> Event | None:
    name = payload.get("hook_event_name")
    common = {"session_id": payload.get("session_id"), "cwd": payload.get("cwd"),
              "transcript_path": text_field(payload, "transcript_path")}
    if name == "SessionStart":
        source = payload.get("source")
        return Event("start", name, payload, source=source if isinstance(source, str) else None, **common)
    if name == "UserPromptSubmit":
        prompt = payload.get("prompt")
        if not isinstance(prompt, str):
            return None
        key = text_field(payload, "prompt_id", "turn_id")
        return Event("prompt", name, payload, prompt=prompt, key=key, **common)
    if name in ("PreToolUse", "PostToolUse", "PostToolUseFailure"):
        tool = payload.get("tool_name")
        if not isinstance(tool, str):
            return None
        tool_input = payload.get("tool_input")
        paths = input_paths(tool_input) if tool in file_tools else []
        phase = "pre" if name == "PreToolUse" else "post"
        failed, code, error = False, None, None
        response = payload.get("tool_response")
        if name == "PostToolUseFailure":
            failed = True
            error = text_field(payload, "error", "error_message") or "the tool call failed"
            if payload.get("is_interrupt") is True:
                return Event("tool", name, payload, phase="interrupt", tool_name=tool, tool_input=tool_input,
                             tool_id=text_field(payload, "tool_use_id"), paths=paths, **common)
        elif name == "PostToolUse":
            failed, code = tool_failed(response)
        return Event("tool", name, payload, phase=phase, tool_name=tool, tool_input=tool_input,
                     tool_id=text_field(payload, "tool_use_id"), paths=paths, failed=failed, error=error,
                     output=error or _output_text(response), exit_code=code, **common)
    if name == "Stop":
        return Event("stop", name, payload, **common)
    if name == "SessionEnd":
        return Event("end", name, payload, **common)
    return None


def parse(payload: dict) -> Event | None:
    return parse_common(payload, FILE_TOOLS)


def respond(event: Event, text: str) -> str:
    if not text or event.name not in CONTEXT_EVENTS:
        return ""
    return fastjson.dumps({"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": text}},
                          ensure_ascii=False)


# --- install ---------------------------------------------------------------------------------------------
SETTINGS = {"project": ".claude/settings.json", "user": "~/.claude/settings.json",
            "local": ".claude/settings.local.json"}
# Claude Code runs the hook command with a shell, and a teammate who has not installed learn got "env: 'learn': No
# such file or directory", exit 127, shown as a hook error on every event (review14 R14-24). learn's hook never
# writes stderr and always exits 0, so the guard loses nothing; `learn doctor` / `learn install --check` still say
# the hooks are not running on that machine. Every settings file gets it (install.guarded says why).
PATH_GUARD = " 2>/dev/null || true"
HOOKS = [
    ("SessionStart", None),
    ("UserPromptSubmit", None),
    ("PreToolUse", "|".join(FILE_TOOLS)),
    ("PostToolUse", None),  # every tool: failures and successes feed the tool_retry counter
    ("PostToolUseFailure", None),
    ("Stop", None),
    ("SessionEnd", None),
]
TIMEOUT_SECONDS = 15
NOTES: list[str] = []


def hook_entry(command: str, matcher: str | None, event: str | None = None) -> dict:
    entry: dict = {}
    if matcher:
        entry["matcher"] = matcher
    entry["hooks"] = [{"type": "command", "command": command, "timeout": TIMEOUT_SECONDS}]
    return entry


def agent_problems(root, commands: list[str]) -> tuple[list[str], list[str]]:
    """For --check: `"disableAllHooks": true` in a settings file Claude Code reads (review48 R48-5), a failure; the
    latest sessions started in a subfolder ran without the project's hooks (R48-3), a note (the hooks run in every
    session started in the top folder)."""
    from altimate_learn.harness.claude_off import problems

    off = problems(root)
    return off, [] if off else sessions_without_hooks(root, commands)


def sessions_without_hooks(root, commands: list[str]) -> list[str]:
    """What `learn status` says under Hooks about sessions the agent ran without learn's hooks (see
    :mod:`altimate_learn.harness.claude_subfolder`)."""
    from altimate_learn.harness.claude_subfolder import problems

    return problems(root, commands)
