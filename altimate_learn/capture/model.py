"""One session model for every harness.

A reader turns a transcript into :class:`SessionInfo` (metadata, read cheaply) and a stream of events
(:class:`UserMessage`, :class:`AssistantTurn`, :class:`ToolCall`) in the order they happened. Events
are yielded one at a time so memory does not grow with the transcript; `SessionInfo.skipped` counts the
lines a reader could not parse once the stream is exhausted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

UserKind = Literal["text", "interrupt", "rejection"]


@dataclass
class UserMessage:
    """Something the user said. ``index`` is its position among the session's user messages (0 = task)."""

    text: str
    index: int
    id: str | None = None
    at: str | None = None
    after_assistant: bool = False  # a completed assistant turn came before it
    kind: UserKind = "text"  # "interrupt": the user stopped the agent; "rejection": refused a tool call
    reason: str | None = None  # the user's stated reason for a rejection, if any
    tool_name: str | None = None  # the tool call a rejection refused


@dataclass
class AssistantTurn:
    """One assistant message (split lines sharing a message id are joined). ``thinking`` is the reasoning the agent
    wrote with it (Claude Code's thinking blocks, Codex's reasoning summaries, Gemini CLI's thoughts, opencode's
    reasoning parts): agent text, read only as a feature of the message it follows (the correction classifier's
    :func:`~altimate_learn.capture.classifier.thinking_verdict`); never stored, never a signal's text."""

    text: str
    id: str | None = None
    at: str | None = None
    model: str | None = None
    aborted: bool = False
    thinking: str | None = None


@dataclass
class ToolCall:
    """A tool call and its outcome. ``is_error`` is the harness's own error flag or a non-zero exit code. ``ran`` is
    False for a call the harness refused before running it (Claude Code's permission denials and input-validation
    errors): no hook sees such a call, so the tool_retry count passes over it, as live capture does."""

    name: str
    input: Any
    id: str | None = None
    at: str | None = None
    result: str | None = None
    is_error: bool = False
    exit_code: int | None = None
    message_id: str | None = None
    ran: bool = True

    def paths(self) -> list[str]:
        """File paths the call read or wrote, from the usual input fields and patch headers."""
        found: list[str] = []
        value = self.input
        if isinstance(value, dict):
            for key in ("file_path", "filePath", "path", "notebook_path", "absolute_path", "file"):
                item = value.get(key)
                if isinstance(item, str) and item:
                    found.append(item)
            for key in ("paths", "file_paths"):
                items = value.get(key)
                if isinstance(items, list):
                    found += [p for p in items if isinstance(p, str) and p]
            patch = value.get("patch") or value.get("input") or (value.get("command") if self.name == "apply_patch" else None)
            if isinstance(patch, str):
                found += patch_paths(patch)
        elif isinstance(value, str) and "*** Begin Patch" in value:
            found += patch_paths(value)
        return list(dict.fromkeys(found))

    @property
    def writes(self) -> bool:
        lowered = self.name.lower()
        return lowered in WRITE_TOOLS or "patch" in lowered or "write" in lowered or "edit" in lowered


WRITE_TOOLS = {"edit", "multiedit", "write", "notebookedit", "apply_patch", "replace", "write_file", "patch"}

Event = UserMessage | AssistantTurn | ToolCall


def patch_paths(patch: str) -> list[str]:
    """Paths named by an apply_patch body (`*** Update File: x`, `*** Add File: x`, `*** Move to: x`)."""
    out = []
    for line in patch.splitlines():
        for marker in ("*** Update File: ", "*** Add File: ", "*** Delete File: ", "*** Move to: "):
            if line.startswith(marker):
                out.append(line[len(marker):].strip())
    return out


@dataclass
class SessionInfo:
    """What a reader knows about a session before (and after) streaming its events."""

    harness: str  # "claude-code", "codex", "opencode", "gemini", "generic"
    id: str
    path: str  # the transcript file (or database) it came from
    cwd: str | None = None
    started: str | None = None  # ISO 8601
    updated: str | None = None
    model: str | None = None
    title: str | None = None
    parent_id: str | None = None  # set for sub-agent / forked sessions: they are not root sessions
    message_count: int = 0  # user + assistant messages, filled after streaming (or by a cheap scan)
    skipped: int = 0  # unparseable lines, filled after streaming
    replaced: int = 0  # lines with invalid UTF-8, read with U+FFFD for the bad bytes, filled after streaming
    extra: dict[str, Any] = field(default_factory=dict)
