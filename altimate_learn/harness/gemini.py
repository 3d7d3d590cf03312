"""Gemini CLI hooks: SessionStart, BeforeAgent, AfterTool (plus AfterAgent and SessionEnd for capture).

Every event carries `session_id`, `transcript_path`, `cwd`, `hook_event_name` and `timestamp`.
SessionStart adds `source` (startup, resume, clear); BeforeAgent adds `prompt` (no prompt id); AfterTool adds
`tool_name`, `tool_input` and `tool_response` (`llmContent`, `returnDisplay`, optional `error`; no call id).
Answers are JSON only (Gemini parses stdout as JSON):
``{"hookSpecificOutput": {"hookEventName": …, "additionalContext": …}}``. Gemini HTML-escapes `<` and `>` in
every additionalContext and wraps it in `<hook_context>…</hook_context>`.

Where the session-start section goes (measured with Gemini CLI 0.61 against a fake model server). Gemini puts
SessionStart context in front of the prompt, in the same text part, in `-p` runs (interactive: a record of
its own); on a resume it drops from its history every user turn that starts with `<hook_context>`, so that
context would make Gemini forget the user's first prompt. So SessionStart answers nothing (it still resets
the session on `clear`) and the frozen section (core and retrieved lessons) goes with the session's first
BeforeAgent, which Gemini appends to the prompt as a part of its own: the user turn starts with the user's
words, stays in Gemini's history, and a resumed session still sends the original prompt with the section
after it. Later prompts get their per-request lessons the same way; AfterTool context is appended to the tool
result (Gemini has no hook that adds context before a read, so file lessons arrive with the result).

Gemini has no "compact" event (its PreCompress hook fires before every request, compressing or not). What it does
write is its chat file (``transcript_path``): every time the model's context is replaced (a compression: a
`<state_snapshot>` summary and the last turns; a resume: the restored history; a cancelled turn rolled back) a
``{"$set": {"messages": [...]}}`` record holds the whole new context, learn's sections in it escaped as Gemini sent
them. :func:`context_since` reads the file's new lines at each BeforeAgent and AfterTool (compression happens after
BeforeAgent, before a request, so the next of either event sees it): a shown lesson that context no longer holds is
sent again with that event (review45 R45-4: after a compression no lesson came again), and a session learn has no
record of that resumes a conversation holding learn's sections takes them as shown (R45-5).

What comes back is not the user's: the prompt loses every `<hook_context>` block (our section, escaped, in
front of it in older sessions, and any other hook's context) before capture or retrieval sees it. A shell
command that exits non-zero arrives as a success with "Exit Code: N" only in `llmContent`
(:mod:`altimate_learn.capture.exit_codes`): it counts as a failure.
"""

from __future__ import annotations

import os

from altimate_learn.deliver import fastjson
from altimate_learn.harness import Event, text_field
from altimate_learn.markers import SECTION_OPEN

NAME = "gemini"
# Gemini CLI reads its settings.json as JSONC (comments, trailing commas): `learn install` edits around them
JSONC = True
# Gemini CLI 0.61 runs an event's handlers that share name and command once, whichever settings files hold them
# (its hook planner's deduplicateHooks): learn's hooks in the project and the user settings run once (harness/check)
RUNS_A_HOOK_ONCE = "name and command"
FILE_TOOLS = ("read_file", "write_file", "replace", "edit", "read_many_files")
SHELL_TOOLS = ("run_shell_command",)
_GLOB = set("*?[]{}")
CONTEXT_EVENTS = ("BeforeAgent", "AfterTool")  # see the module docstring for SessionStart


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


_SET_MESSAGES = (b'{"$set":{"messages":', b'{"$set": {"messages":')
COMPRESSION_ACK = "Got it. Thanks for the additional context!"  # Gemini CLI 0.61's model turn after the summary
MAX_NEW_BYTES = 64 << 20  # more new bytes than this since the last look (a huge tool output): skipped, not read


def _sections_in(messages: list) -> list[str]:
    """The strings in ``messages`` that hold one of learn's sections, as learn wrote them (Gemini escapes only `<`
    and `>` in hook context: the module docstring)."""
    from altimate_learn.deliver.inherit import strings_holding

    found: list[str] = []
    strings_holding(messages, "team-rules", found)
    texts = (value.replace("&lt;", "<").replace("&gt;", ">") if "&lt;team-rules" in value else value for value in found)
    return [text for text in texts if SECTION_OPEN in text]


def _compressed(messages: list) -> bool:
    """Is this context a compression's (a `<state_snapshot>` summary, and Gemini's fixed acknowledgement of it)?"""
    for item in messages:
        content = item.get("content") if isinstance(item, dict) else None
        parts = content if isinstance(content, list) else [{"text": content}]
        for part in parts:
            text = part.get("text") if isinstance(part, dict) else None
            if isinstance(text, str) and (text.strip() == COMPRESSION_ACK or text.lstrip().startswith("<state_snapshot>")):
                return True
    return False


def context_since(path: str | None, offset: int) -> tuple[int, list[str] | None, bool]:
    """``(offset read to, texts, compressed)``: the chat file's complete lines from ``offset`` on; ``texts`` are the
    strings holding learn's sections in the last ``$set`` of ``messages`` among them (the model's whole context now),
    None when no such record came (the context only grew); ``compressed``: that context is a compression's. A file
    shorter than ``offset`` (replaced) is read from its end on; an unreadable file changes nothing."""
    if not path:
        return offset, None, False
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < offset or size - offset > MAX_NEW_BYTES:
                return size, None, False
            handle.seek(offset)
            data = handle.read(size - offset)
    except OSError:
        return offset, None, False
    end = data.rfind(b"\n") + 1  # a line still being written is read next time
    last = None
    start = 0
    while True:
        found = min((i for i in (data.find(p, start, end) for p in _SET_MESSAGES) if i >= 0), default=-1)
        if found < 0:
            break
        stop = data.find(b"\n", found, end)
        if found == 0 or data[found - 1:found] == b"\n":
            last = (found, stop)
        start = stop + 1
    if last is None:
        return offset + end, None, False
    try:
        record = fastjson.loads(data[last[0]:last[1]].decode("utf-8", "replace"))
        messages = record["$set"]["messages"]
    except (ValueError, TypeError, KeyError):
        return offset + end, None, False
    if not isinstance(messages, list):
        return offset + end, None, False
    return offset + end, _sections_in(messages), _compressed(messages)


def user_prompt(prompt: str) -> str:
    """The prompt as the person typed it: without the `<hook_context>` blocks Gemini puts around hook output."""
    if "<hook_context>" not in prompt:
        return prompt
    from altimate_learn.markers import strip_tagged

    return strip_tagged(prompt, ("hook_context",)).strip()


def _outcome(tool: str, response: object) -> tuple[bool, str | None, str | None, int | None]:
    """(failed, error, output, exit code) of a finished call from its `tool_response`."""
    if isinstance(response, str):
        return False, None, response, None
    if not isinstance(response, dict):
        return False, None, None, None
    shown = response.get("llmContent") if isinstance(response.get("llmContent"), str) else None
    display = response.get("returnDisplay") if isinstance(response.get("returnDisplay"), str) else None
    err = response.get("error")
    if err:
        error = err if isinstance(err, str) else (err.get("message") if isinstance(err, dict) else None)
        error = error or "the tool call failed"
        return True, error, error, None
    if tool in SHELL_TOOLS or "shell" in tool:
        from altimate_learn.capture.exit_codes import shell_exit_code

        code = shell_exit_code(shown)
        if code:  # a non-zero exit code: the only sign of a failed command
            return True, None, (display or "").strip() or shown, code
    return False, None, shown, None


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
        return Event("prompt", name, payload, prompt=user_prompt(prompt), key=text_field(payload, "prompt_id"),
                     **common)
    if name in ("BeforeTool", "AfterTool"):
        tool = payload.get("tool_name")
        if not isinstance(tool, str):
            return None
        tool_input = payload.get("tool_input")
        failed, error, output, code = _outcome(tool, payload.get("tool_response"))
        return Event("tool", name, payload, phase="pre" if name == "BeforeTool" else "post", tool_name=tool,
                     tool_input=tool_input, tool_id=text_field(payload, "tool_call_id", "tool_use_id"),
                     paths=_paths(tool, tool_input), failed=failed, error=error, output=output, exit_code=code,
                     **common)
    if name == "AfterAgent":
        return Event("stop", name, payload, **common)
    if name == "SessionEnd":
        return Event("end", name, payload, **common)
    return None


def respond(event: Event, text: str) -> str:
    if not text or event.name not in CONTEXT_EVENTS:
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
# Gemini CLI runs a hook with `bash -c` and reads a non-zero exit with text on stderr as the hook's verdict: when
# the command is missing (a teammate who pulled .gemini/settings.json but has no learn, a deleted venv), bash's
# "learn: command not found" with exit 127 blocked the turn (BeforeAgent: no model call) or re-ran it
# (AfterAgent), review9 R9-7. learn's hook itself never writes stderr and always exits 0, so this loses nothing.
MISSING_GUARD = " 2>/dev/null || true"


def notes(options) -> list[str]:
    """The install note, for the Gemini CLI version on PATH (:mod:`altimate_learn.harness.gemini_check`), after a
    warning when Gemini CLI will not read the file learn's hooks went into: learn edits around comments and trailing
    commas, Gemini 0.61 reads comments only, and refuses to start on a trailing comma (review51 R51-3: install said
    "Installed" and nothing else; only `--check` said so)."""
    import sys

    from altimate_learn.harness.gemini_check import _read, notes as current
    from altimate_learn.harness.install import settings_path

    _, problem = _read(settings_path(sys.modules[__name__], options))
    return ([f"Warning: {problem} (a trailing comma, say: Gemini CLI reads comments, not those)."] if problem
            else []) + current()


def agent_problems(root, commands: list[str]) -> tuple[list[str], list[str]]:
    """What keeps Gemini CLI from running the hooks: hooks system off, folder not trusted, hook disabled (failures);
    the folder not asked about yet, the latest sessions started in a subfolder ran without the project's hooks
    (notes; review49 R49-4)."""
    from altimate_learn.harness.gemini_check import problems

    failures, notes = problems(root, commands)
    return failures, notes + ([] if failures else sessions_without_hooks(root, commands))


def sessions_without_hooks(root, commands: list[str]) -> list[str]:
    """What `learn status` says under Hooks about sessions Gemini CLI ran without learn's hooks: started in a
    subfolder, where it does not read the project's `.gemini/settings.json` (:mod:`altimate_learn.harness.claude_subfolder`)."""
    from pathlib import Path

    from altimate_learn.harness.claude_subfolder import problems

    return problems(Path(root), commands, "gemini")


def hook_entry(command: str, matcher: str | None, event: str | None = None) -> dict:
    entry: dict = {}
    if matcher:
        entry["matcher"] = matcher
    entry["hooks"] = [{"name": "altimate-learn", "type": "command", "command": command, "timeout": TIMEOUT_MS,
                       "description": "Team conventions approved with altimate-learn"}]
    return entry
