"""The digest: a compact, redacted text view of one session for the reflector.

Sections, in order: the user's requests, the tool calls (name, clipped input, clipped output or
error), the files written, and the final assistant message. Every piece is redacted before it is
clipped into place, and the whole digest is at most :data:`DIGEST_CAP` characters. When the tool
calls do not fit, the first and last calls are kept and the middle is elided: the start shows what
the agent set out to do, the end shows what it did just before the user reacted.

A session comes from a reader's event stream (:func:`source_from_events`) or from an altimate-code
``trajectory export`` JSON (:func:`source_from_trajectory`). The source also keeps, for every user
message, the files the agent touched since the previous one: the builtin reflector scopes a lesson to
the files the agent was working on when it was corrected.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.redact import redact

DIGEST_CAP = 24_000
FEEDBACK_CAP = 12_000
PROMPT_CAP = 2_000  # one user message
PROMPTS_CAP = 8_000  # all user messages together
INPUT_READ_CAP = 4_000  # raw characters of a tool input looked at (redaction cost stays bounded)
INPUT_CAP = 300
OUTPUT_CAP = 400
FILES_CAP = 1_500
FINAL_CAP = 3_000


@dataclass
class DigestCall:
    name: str
    input: Any
    output: str | None = None
    error: bool = False


@dataclass
class UserWindow:
    """One user message and what the agent did between the previous user message and it."""

    text: str
    index: int
    id: str | None
    written: list[str] = field(default_factory=list)
    touched: list[str] = field(default_factory=list)


@dataclass
class DigestSource:
    prompts: list[str] = field(default_factory=list)
    calls: list[DigestCall] = field(default_factory=list)
    final_text: str | None = None
    files_written: list[str] = field(default_factory=list)
    files_touched: list[str] = field(default_factory=list)
    windows: list[UserWindow] = field(default_factory=list)
    model: str | None = None
    cwd: str | None = None

    def window_for(self, message_id: str | None) -> UserWindow | None:
        if not message_id:
            return None
        return next((w for w in self.windows if w.id == message_id), None)


def _relative(path: str, cwd: str | None) -> str:
    """A path relative to the session's folder when it lies inside it (keeps home folders out)."""
    if cwd and os.path.isabs(path):
        try:
            return str(Path(path).relative_to(Path(cwd)))
        except ValueError:
            return path
    return path


def source_from_events(events: Iterable[Any], *, cwd: str | None = None, model: str | None = None) -> DigestSource:
    """Build a source from a session reader's events (``UserMessage``, ``AssistantTurn``, ``ToolCall``)."""
    from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage

    src = DigestSource(model=model, cwd=cwd)
    written: list[str] = []
    touched: list[str] = []
    for event in events:
        if isinstance(event, UserMessage):
            if event.kind == "interrupt":
                src.prompts.append("[the user interrupted the agent]" + (f" {event.text}" if event.text.strip() else ""))
            elif event.kind == "rejection":
                reason = f": {event.reason}" if event.reason else ""
                src.prompts.append(f"[the user rejected the {event.tool_name or 'tool'} call{reason}]")
            elif event.text.strip():
                src.prompts.append(event.text)
            src.windows.append(UserWindow(event.reason or event.text if event.kind == "rejection" else event.text,
                                          event.index, event.id, list(dict.fromkeys(written)),
                                          list(dict.fromkeys(touched))))
            written, touched = [], []
        elif isinstance(event, AssistantTurn):
            if event.model and not src.model:
                src.model = event.model
            if event.text.strip():
                src.final_text = event.text
        elif isinstance(event, ToolCall):
            output = event.result if isinstance(event.result, str) else None
            src.calls.append(DigestCall(event.name, event.input, output, bool(event.is_error)))
            paths = [_relative(p, cwd) for p in event.paths()]
            touched += paths
            src.files_touched += paths
            if event.writes and not event.is_error:  # a denied or failed write changed nothing (review42 R42-5)
                written += paths
                src.files_written += paths
    src.files_written = list(dict.fromkeys(src.files_written))
    src.files_touched = list(dict.fromkeys(src.files_touched))
    return src


def source_from_trajectory(value: Any) -> DigestSource:
    """An altimate-code ``trajectory export`` (``user_prompts``, ``steps[].tool_calls``, ``steps[].text``)."""
    if not isinstance(value, dict) or not isinstance(value.get("steps"), list):
        raise ValueError("not a trajectory export: missing the `steps` list")
    src = DigestSource()
    prompts = value.get("user_prompts")
    if isinstance(prompts, list):
        src.prompts = [p for p in prompts if isinstance(p, str)]
    for step in value["steps"]:
        if not isinstance(step, dict):
            continue
        if isinstance(step.get("text"), str) and step["text"].strip():
            src.final_text = step["text"]
        for call in step.get("tool_calls") or []:
            if not isinstance(call, dict):
                continue
            error = call.get("error")
            output = call.get("output")
            dc = DigestCall(str(call.get("name") or "unknown"), call.get("input"),
                            error if isinstance(error, str) else output if isinstance(output, str) else None,
                            isinstance(error, str))
            src.calls.append(dc)
            paths = _input_paths(dc.input)
            src.files_touched += paths
            if _is_write(dc.name):
                src.files_written += paths
    if isinstance(value.get("model"), str):
        src.model = value["model"]
    src.files_written = list(dict.fromkeys(src.files_written))
    src.files_touched = list(dict.fromkeys(src.files_touched))
    return src


def _is_write(name: str) -> bool:
    from altimate_learn.capture.model import ToolCall

    return ToolCall(name=name, input=None).writes


def _input_paths(value: Any) -> list[str]:
    from altimate_learn.capture.model import ToolCall

    return ToolCall(name="", input=value).paths()


def _flat_clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else f"{flat[:limit]}… [+{len(flat) - limit} chars]"


def _block_clip(text: str, limit: int) -> str:
    body = text.strip()
    return body if len(body) <= limit else f"{body[:limit]}\n… [+{len(body) - limit} chars]"


def _stringify(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def _redact_clip(text: str, limit: int, *, block: bool = False) -> str:
    # Clip generously first (redaction cost bounded), redact, then clip to size: a secret cut at the
    # first clip can only lose its tail, and the redacted placeholder is what gets shown.
    raw = text[: max(limit * 4, INPUT_READ_CAP)]
    cleaned = redact(raw)
    return _block_clip(cleaned, limit) if block else _flat_clip(cleaned, limit)


def call_line(number: int, call: DigestCall) -> str:
    args = _redact_clip(_stringify(call.input), INPUT_CAP)
    if call.error:
        result = "ERROR: " + _redact_clip(call.output or "", OUTPUT_CAP)
    else:
        result = _redact_clip(call.output or "", OUTPUT_CAP)
    return f"{number}. {call.name}({args}) -> {result}".rstrip()


def _prompts_section(prompts: list[str]) -> list[str]:
    clipped = [_redact_clip(p, PROMPT_CAP, block=True) for p in prompts]
    if sum(len(p) + 1 for p in clipped) <= PROMPTS_CAP:
        return clipped
    # Keep the first request and the latest messages (where corrections are).
    kept_head = [clipped[0]]
    tail: list[str] = []
    used = len(clipped[0]) + 1
    for text in reversed(clipped[1:]):
        if used + len(text) + 1 > PROMPTS_CAP:
            break
        tail.insert(0, text)
        used += len(text) + 1
    omitted = len(clipped) - 1 - len(tail)
    return kept_head + ([f"… [{omitted} messages omitted]"] if omitted else []) + tail


def build_digest(src: DigestSource, cap: int = DIGEST_CAP) -> str:
    """The digest text (see the module docstring); never longer than ``cap``.

    A value redacted as a secret anywhere in the session (its prompts, its final message, any tool call's input
    or output, shown or not) is redacted wherever the digest repeats it: every text is read for its secrets
    first (:func:`altimate_learn.redact.remembering`), as live capture and `learn capture` do."""
    from altimate_learn.harness.capture_worker import EVENT_TEXT_CAP
    from altimate_learn.redact import remembering

    with remembering() as memory:
        texts = [*src.prompts, src.final_text or ""]
        for call in src.calls:
            texts += [_stringify(call.input), call.output or ""]
        for text in texts:
            if text:
                memory.learn(text[:EVENT_TEXT_CAP])
        return _build_digest(src, cap)


def _build_digest(src: DigestSource, cap: int) -> str:
    prompts = _prompts_section(src.prompts)
    head = "\n".join(["## User request", *(prompts or ["(none)"]), ""])
    files = _redact_clip("\n".join(f"- {f}" for f in src.files_written), FILES_CAP, block=True)
    final = _redact_clip(src.final_text, FINAL_CAP, block=True) if src.final_text else ""
    tail = "\n".join(["", "## Files written", files or "(none)", "", "## Final assistant message", final or "(none)"])
    budget = max(0, cap - len(head) - len(tail) - 80)
    count = len(src.calls)
    cache: dict[int, str] = {}

    def line(i: int) -> str:  # lines are built (and redacted) only when they can be shown
        if i not in cache:
            cache[i] = call_line(i + 1, src.calls[i])
        return cache[i]

    used, fits = 0, True
    for i in range(count):
        used += len(line(i)) + 1
        if used - 1 > budget:
            fits = False
            break
    if fits:
        body = "\n".join(line(i) for i in range(count))
    else:  # the first calls (what the agent set out to do) and the last (what it did before the feedback)
        half = budget // 2
        start, used = 0, 0
        while start < count and used + len(line(start)) + 1 <= half:
            used += len(line(start)) + 1
            start += 1
        end, used = count, 0
        while end > start and used + len(line(end - 1)) + 1 <= half:
            used += len(line(end - 1)) + 1
            end -= 1
        body = "\n".join([*(line(i) for i in range(start)), f"… [{end - start} tool calls omitted]",
                          *(line(i) for i in range(end, count))])
    calls = f"## Tool calls ({count})\n{body or '(none)'}\n"
    return "\n".join([head, calls, tail])[:cap]


FEEDBACK_HEAD = 3_000  # of a long feedback text, this much of the start is kept; the rest of the cap is its end


def clip_feedback(text: str, cap: int = FEEDBACK_CAP) -> str:
    """Feedback given on the command line (a CI log, a review): redacted, at most ``cap`` characters.

    A long text keeps its start (what ran) and its end: a CI log says what failed at the bottom, after
    pages of setup output. Cuts fall on line breaks where possible, so a secret is never split in two
    halves that redaction would no longer recognise.
    """
    raw = text.strip()
    body = redact(raw[: cap + 1]) if len(raw) <= cap else ""
    if body and len(body) <= cap:
        return body
    head_end = raw.rfind("\n", 0, FEEDBACK_HEAD)
    head_end = head_end if head_end > FEEDBACK_HEAD // 2 else FEEDBACK_HEAD
    tail_start = raw.find("\n", len(raw) - (cap - FEEDBACK_HEAD - 100))
    tail_start = tail_start + 1 if 0 <= tail_start < len(raw) - 100 else len(raw) - (cap - FEEDBACK_HEAD - 100)
    tail_start = max(tail_start, head_end)
    head, tail = redact(raw[:head_end]).rstrip(), redact(raw[tail_start:]).lstrip()
    marker = f"\n… [{tail_start - head_end:,} characters omitted] …\n"
    room = cap - len(marker)
    head = head[: min(len(head), FEEDBACK_HEAD)]  # placeholders can be longer than what they replace
    tail = tail[max(0, len(tail) - (room - len(head))):]
    return head + marker + tail
