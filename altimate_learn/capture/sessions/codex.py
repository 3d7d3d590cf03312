"""Codex CLI rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` (CODEX_HOME: ~/.codex).

Lines are `{"timestamp", "type", "payload"}` with type `session_meta` (id, cwd, start time, provider),
`turn_context`, `response_item` (the conversation as the model saw it: messages, `function_call`,
`custom_tool_call` such as apply_patch, `local_shell_call` and their outputs, reasoning) and `event_msg`
(what the UI showed: `user_message`, `agent_message`, `turn_aborted`, `exec_command_end`, and in newer
versions `item_completed`). Very old rollouts had a bare first line `{id, timestamp, instructions}` and
unwrapped response items; they are read too.

The same user text appears twice (a `response_item` message and an `event_msg`/`item_completed`): the
second copy is dropped. User-role messages that Codex writes itself (`<environment_context>`,
`<user_instructions>`, AGENTS.md instructions, `<turn_aborted>` notes, …) and developer messages
(hook context) are not user text. A tool's exit code comes from the exec event, from JSON
`metadata.exit_code`, or from "Exit code: N" / "Process exited with code N" in its output.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads
from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import THOUGHTS_KEPT, SessionReader, thinking_of
from altimate_learn.capture.sessions._io import (
    exit_code_in,
    iter_head,
    modified_before,
    is_within,
    iso_from_mtime,
    iter_json_lines,
    stringify,
    text_of,
)

HARNESS = "codex"
WRAPPED = {"session_meta", "response_item", "event_msg", "turn_context", "compacted", "world_state",
           "token_usage_record"}
ITEM_TYPES = {"message", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output",
              "local_shell_call", "local_shell_call_output", "reasoning", "web_search_call"}
# Text Codex puts in user-role messages itself
_BOILERPLATE = ("<environment_context>", "<user_instructions>", "<INSTRUCTIONS>", "# AGENTS.md instructions",
                "<user_shell_command>", "<skill>", "<permissions instructions>", "<skills_instructions>",
                "<user_action>", "<task-notification>", "<collaboration_mode>", "<apps_instructions>",
                "<personality_spec>", "<subagent_notification>",
                # after a compaction: the summary, and the bridge that quotes the earlier user messages
                "Another language model started to solve this problem",
                "You were originally given instructions from a user over one or more turns")
_INTERNAL_BLOCK = re.compile(r"^\s*<([a-z]+(?:_[a-z]+)+)>[\s\S]*</\1>\s*$")  # <snake_case>…</snake_case>
_TURN_ABORTED = "<turn_aborted>"
# The IDE extension and the desktop app put context before the prompt: "# Context from my IDE setup:" (the
# active file, open tabs, the selection) or "# Files mentioned by the user:", then the user's words; with no context
# the IDE extension (0.58, 2025-11) still opens the prompt with the heading "## My request for Codex:"
_REQUEST_MARKER = "## My request for Codex:"
# A picture pasted into the prompt: Codex writes `<image>` / `<image name=[Image #1] path="…">` and `</image>` as text
# parts around the image part, so a prompt that is only pictures held "<image> </image>" as typed words
_IMAGE_TAG = re.compile(r"^\s*</?image\b[^>]*>\s*$")
_CONTEXT_HEADINGS = ("# Context from my IDE setup:", "# Files mentioned by the user:")
# the working directory in Codex's environment note: `<cwd>…</cwd>`, or (2025 rollouts) a plain line
_CWD_TAG = re.compile(r"<cwd>([^<]+)</cwd>|^\s*Current working directory:[ \t]*(\S[^\n]*?)\s*$", re.M)
_ROLLOUT_ID = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$", re.I)
_REJECTED = re.compile(r"^\s*(?:exec command|patch|command|tool call) (?:was )?rejected by (?:the )?user", re.I)
_INTERRUPT_REASONS = {None, "interrupted", "user_interrupt"}


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex").expanduser()


def looks_like(obj: dict[str, Any]) -> bool:
    if obj.get("type") in WRAPPED and "payload" in obj:
        return True
    if obj.get("record_type") == "state":
        return True
    return "type" not in obj and "id" in obj and "timestamp" in obj and ("instructions" in obj or "git" in obj)


def request_of(text: str) -> str:
    """The user's own words of a prompt an IDE or the desktop app wrapped in context."""
    if typed_in_ide(text):
        return text.split(_REQUEST_MARKER, 1)[1].strip()
    return text


def typed_in_ide(text: str) -> bool:
    """The IDE extension or the desktop app wrapped the prompt in its context ("# Context from my IDE setup:" …
    "## My request for Codex:"): a person typed it there. In a sub-agent's rollout that tells the person's words, typed
    into the sub-agent's thread, from the parent agent's (its task and follow-ups come as plain text)."""
    stripped = text.lstrip()
    return stripped.startswith(_REQUEST_MARKER) or (_REQUEST_MARKER in text and stripped.startswith(_CONTEXT_HEADINGS))


def is_boilerplate(text: str) -> bool:
    stripped = text.lstrip()
    return stripped.startswith(_BOILERPLATE) or bool(_INTERNAL_BLOCK.match(text))


def _unwrap(obj: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    kind = obj.get("type")
    payload = obj.get("payload")
    if kind in WRAPPED:
        return kind, payload if isinstance(payload, dict) else {}
    if kind in ITEM_TYPES:  # an unwrapped response item (old rollouts)
        return "response_item", obj
    return None, {}


def read_info(path: Path, *, quick: bool = False) -> SessionInfo:
    """Session metadata from the first lines (``quick``: stop once the id and cwd are known)."""
    info = SessionInfo(harness=HARNESS, id="", path=str(path))
    for obj in iter_head(path, max_lines=30):
        if quick and info.id and info.cwd:
            break
        kind, payload = _unwrap(obj)
        if kind == "session_meta" and not info.id:
            meta = payload.get("meta") if isinstance(payload.get("meta"), dict) else payload
            info.id = str(meta.get("id") or meta.get("session_id") or "")
            info.cwd = meta.get("cwd") if isinstance(meta.get("cwd"), str) else info.cwd
            info.started = meta.get("timestamp") if isinstance(meta.get("timestamp"), str) else obj.get("timestamp")
            for key in ("model_provider", "cli_version", "originator"):
                if isinstance(meta.get(key), str):
                    info.extra[key] = meta[key]
            source = meta.get("source")
            if (isinstance(source, dict) and "subagent" in source) or meta.get("thread_source") == "subagent":
                info.parent_id = str(meta.get("parent_thread_id") or meta.get("forked_from_id") or "subagent")
        elif kind is None and looks_like(obj) and not info.id:  # legacy first line
            info.id = str(obj.get("id") or "")
            info.started = obj.get("timestamp") if isinstance(obj.get("timestamp"), str) else None
        elif kind == "turn_context":
            if not info.model and isinstance(payload.get("model"), str):
                info.model = payload["model"]
            if not info.cwd and isinstance(payload.get("cwd"), str):
                info.cwd = payload["cwd"]
        elif kind == "response_item" and not info.cwd and payload.get("type") == "message":
            match = _CWD_TAG.search(text_of(payload.get("content")))
            if match:
                info.cwd = (match.group(1) or match.group(2)).strip()
    if not info.id:
        match = _ROLLOUT_ID.search(path.name)
        info.id = match.group(1) if match else path.stem
    info.updated = iso_from_mtime(path)
    return info


def _parse_args(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            return loads(raw)
        except ValueError:
            return raw
    return raw


# Codex's exec boilerplate before a command's real output ("Chunk ID: 0003 / Wall time: … / Process exited
# with code 1 / Original token count: … / Output:"; older builds: "Exit code: 1 / Wall time: … / Output:").
# The exit code is read first; the header is then dropped so a signal shows the error, not the envelope.
_EXEC_HEADER = re.compile(
    r"\A(?:[ \t]*(?:Chunk ID:|Wall time:|Original token count:|Exit code:|Process exited with code|"
    r"Process running with session ID)[^\n]*\r?\n)+[ \t]*Output:[ \t]*(?:\r?\n|\Z)")


def strip_exec_header(text: str) -> str:
    """The output without Codex's exec header (unchanged when there is none)."""
    match = _EXEC_HEADER.match(text)
    return text[match.end():] if match else text


def _parse_output(output: Any) -> tuple[str, int | None, bool | None]:
    """(text, exit code, success flag) of a tool output in any of the shapes Codex has written."""
    success = None
    code = None
    if isinstance(output, dict):
        success = output.get("success") if isinstance(output.get("success"), bool) else None
        body = output.get("content", output.get("output"))
        text = text_of(body) if isinstance(body, list) else stringify(body)
    elif isinstance(output, list):
        text = text_of(output)
    else:
        text = stringify(output)
    if text.lstrip().startswith("{"):
        try:
            inner = loads(text)
        except ValueError:
            inner = None
        if isinstance(inner, dict) and "output" in inner:
            meta = inner.get("metadata")
            if isinstance(meta, dict) and isinstance(meta.get("exit_code"), int):
                code = meta["exit_code"]
            text = stringify(inner.get("output"))
    if code is None:
        code = exit_code_in(text)
    return strip_exec_header(text), code, success


class _Dedupe:
    """Drops the second copy of a text that two record kinds both carry (item and event)."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.sources: set[str] = set()

    def is_copy(self, text: str, source: str) -> bool:
        norm = " ".join(text.split())
        if norm == self.text and source not in self.sources:
            self.sources.add(source)
            return True
        self.text, self.sources = norm, {source}
        return False


class CodexReader(SessionReader):
    harness = HARNESS
    tail_ok = True

    def __init__(self, path: Path, info: SessionInfo | None = None) -> None:
        super().__init__(info or read_info(path))
        self.path = path
        self._thoughts: list[str] = []

    def _raw_events(self) -> Iterator[Event]:
        users, replies = _Dedupe(), _Dedupe()
        calls: dict[str, dict[str, Any]] = {}
        exit_codes: dict[str, int] = {}
        just_interrupted = False
        # A sub-agent's "user" is the parent agent, except for what a person typed into the sub-agent's thread in the
        # IDE extension, which wraps it in its context (`typed_in_ide`)
        agent_user = self.info.parent_id is not None

        turn: str | None = None  # the current turn id: what Codex's UserPromptSubmit hook reports
        used_turns: set[str] = set()
        self._thoughts = []  # reasoning summaries since the last message: the next agent message's thinking

        def user(text: str, source: str, mid: str, at: str | None) -> Iterator[Event]:
            nonlocal just_interrupted
            by_person = not agent_user or typed_in_ide(text)
            text = request_of(text)
            if not text or users.is_copy(text, source):
                return
            just_interrupted = False
            if turn and turn not in used_turns:  # a prompt captured live is then recorded once
                if len(used_turns) > 4096:
                    used_turns.clear()
                used_turns.add(turn)
                mid = turn
            if by_person:
                self._thoughts = []
                yield UserMessage(text=text, index=0, id=mid, at=at)

        def interrupt(mid: str, at: str | None) -> Iterator[Event]:
            nonlocal just_interrupted
            if just_interrupted:  # the event and Codex's own <turn_aborted> note describe one interruption
                return
            just_interrupted = True
            users.text = None
            yield UserMessage(text="[interrupted]", index=0, id=mid, at=at, kind="interrupt")

        for lineno, obj in iter_json_lines(self.path, self.stats, start=self.start):
            kind, p = _unwrap(obj)
            at = obj.get("timestamp") if isinstance(obj.get("timestamp"), str) else None
            fallback_id = f"line-{lineno}"
            if kind == "response_item":
                item = p.get("type")
                if item == "message":
                    role = p.get("role")
                    mid = str(p.get("id") or fallback_id)
                    if role == "user":
                        meta = p.get("internal_chat_message_metadata_passthrough")
                        if isinstance(meta, dict) and isinstance(meta.get("turn_id"), str):
                            turn = meta["turn_id"]
                        parts = p.get("content")
                        texts = [text_of(part) for part in parts] if isinstance(parts, list) else [text_of(parts)]
                        if any(t.lstrip().startswith(_TURN_ABORTED) for t in texts):
                            yield from interrupt(mid, at)
                            continue
                        words = "\n".join(t for t in texts if t.strip() and not is_boilerplate(t)
                                          and not _IMAGE_TAG.match(t)).strip()
                        if words:
                            yield from user(words, "item", mid, at)
                    elif role == "assistant":
                        text = text_of(p.get("content"))
                        if not replies.is_copy(text, "item"):
                            yield self._said(text, mid, at)
                elif item == "reasoning" and isinstance(p.get("summary"), list):
                    self._reasoned([part.get("text") for part in p["summary"] if isinstance(part, dict)])
                elif item in ("function_call", "custom_tool_call", "local_shell_call"):
                    call_id = p.get("call_id") or p.get("id") or fallback_id
                    if item == "function_call":
                        value: Any = _parse_args(p.get("arguments"))
                    elif item == "custom_tool_call":
                        value = p.get("input")
                    else:
                        value = p.get("action")
                    calls[str(call_id)] = {"name": p.get("name") or ("local_shell" if item == "local_shell_call"
                                                                     else "?"), "input": value, "at": at}
                    if len(calls) > 10_000:  # outputs that never came: forget the oldest
                        calls.pop(next(iter(calls)))
                elif isinstance(item, str) and item.endswith("_output"):
                    call_id = str(p.get("call_id") or "")
                    call = calls.pop(call_id, None)
                    text, code, success = _parse_output(p.get("output"))
                    if text.strip() == "aborted":
                        continue  # cut off by an interruption, not a failure
                    name = call["name"] if call else "?"
                    if _REJECTED.match(text):
                        yield UserMessage(text="", index=0, id=f"{call_id}:rejection", at=at, kind="rejection",
                                          tool_name=name)
                        continue
                    if call is None:
                        continue
                    if call_id in exit_codes:
                        code = exit_codes.pop(call_id)
                    failed = (code is not None and code != 0) or success is False
                    yield ToolCall(name=name, input=call["input"], id=call_id or fallback_id, at=at, result=text,
                                   is_error=failed, exit_code=code)
            elif kind == "event_msg":
                event = p.get("type")
                if event == "task_started" and isinstance(p.get("turn_id"), str):
                    turn = p["turn_id"]
                if event == "user_message" and isinstance(p.get("message"), str):
                    message = p["message"]
                    if message.lstrip().startswith(_TURN_ABORTED):
                        yield from interrupt(fallback_id, at)
                    elif message.strip() and not is_boilerplate(message):
                        yield from user(message.strip(), "event", fallback_id, at)
                elif event == "agent_message" and isinstance(p.get("message"), str):
                    if not replies.is_copy(p["message"], "event"):
                        yield self._said(p["message"], fallback_id, at)
                elif event == "agent_reasoning" and isinstance(p.get("text"), str):
                    self._reasoned([p["text"]])
                elif event == "turn_aborted":
                    if p.get("reason") in _INTERRUPT_REASONS:
                        yield from interrupt(f"abort-{p.get('turn_id') or lineno}", at)
                elif event == "exec_command_end" and isinstance(p.get("exit_code"), int):
                    exit_codes[str(p.get("call_id"))] = p["exit_code"]
                elif event == "item_completed" and isinstance(p.get("item"), dict):
                    yield from self._completed_item(p["item"], at, fallback_id, user, replies, exit_codes)
                if len(exit_codes) > 10_000:
                    exit_codes.pop(next(iter(exit_codes)))
            elif kind == "turn_context":
                if isinstance(p.get("turn_id"), str):
                    turn = p["turn_id"]
                if not self.info.model and isinstance(p.get("model"), str):
                    self.info.model = p["model"]
        for call_id, call in calls.items():
            yield ToolCall(name=call["name"], input=call["input"], id=call_id, at=call["at"])

    def _said(self, text: str, mid: str, at: str | None) -> AssistantTurn:
        """An agent message, with the reasoning summaries that came before it (since the last message)."""
        thinking, self._thoughts = thinking_of(self._thoughts), []
        return AssistantTurn(text=text, id=mid, at=at, model=self.info.model, thinking=thinking)

    def _reasoned(self, texts: list[Any]) -> None:
        """Reasoning summaries (a `reasoning` item's, or the `agent_reasoning` event that repeats one)."""
        for text in texts:
            if isinstance(text, str) and text.strip() and text.strip() not in self._thoughts and \
                    len(self._thoughts) < THOUGHTS_KEPT:
                self._thoughts.append(text.strip())

    def _completed_item(self, item: dict[str, Any], at: str | None, fallback_id: str, user: Any,
                        replies: _Dedupe, exit_codes: dict[str, int]) -> Iterator[Event]:
        kind = item.get("type")
        if kind == "UserMessage":
            text = text_of(item.get("content"))
            if text.lstrip().startswith(_TURN_ABORTED) or not text.strip() or is_boilerplate(text):
                return
            yield from user(text.strip(), "completed", str(item.get("id") or fallback_id), at)
        elif kind == "AgentMessage":
            text = text_of(item.get("content"), kinds=("Text", "text", "output_text"))
            if not replies.is_copy(text, "completed"):
                yield self._said(text, str(item.get("id") or fallback_id), at)
        elif kind == "CommandExecution" and isinstance(item.get("exit_code"), int):
            exit_codes[str(item.get("id"))] = item["exit_code"]


def open_session(path: Path, session_id: str | None = None) -> CodexReader:
    return CodexReader(path)


def _rollouts() -> Iterator[Path]:
    home = codex_home()
    sessions = home / "sessions"
    for year in _sorted_dirs(sessions):
        for month in _sorted_dirs(year):
            for day in _sorted_dirs(month):
                yield from sorted(day.glob("rollout-*.jsonl"))
    archived = home / "archived_sessions"
    if archived.is_dir():
        yield from sorted(archived.glob("rollout-*.jsonl"))


def _sorted_dirs(folder: Path) -> list[Path]:
    try:
        return sorted(Path(e.path) for e in os.scandir(folder) if e.is_dir())
    except OSError:
        return []


def discover(roots: set[str], since: datetime | None = None) -> list[SessionInfo]:
    found = []
    for path in _rollouts():
        if modified_before(path, since):  # not active since then (a long session keeps its start folder)
            continue
        info = read_info(path, quick=True)
        if info.parent_id is None and is_within(info.cwd, roots):
            found.append(info)
    return found
