"""Sessions -> signals: the correction classifier and tool_retry over one streaming pass.

:func:`signals_from_session` reads a session once and returns the signals it found with counts of what
it saw. :func:`capture_reader` / :func:`capture_session` / :func:`capture_paths` then append them to a
store. Each session's signals are appended in one locked append (redacted, clipped and deduplicated by
:func:`append_signals`), after the whole session was read: a read that fails part way writes nothing, and
capturing the same session again adds nothing.

A message can also be in two sessions: a resumed or forked session starts with a copy of the earlier one
(Claude Code keeps the copied lines' ids; so does a Codex fork). Ids that are unique across sessions
(Claude Code's uuids, opencode's and Codex's item ids, tool-call ids) are therefore recorded once per
store, whichever session is captured first. Positional ids (`line-12`) and the ids of generic trajectories
(which only need to be unique within their file) count within their own session only.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import AssistantTurn, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions import (SessionReader, belongs_to, detect_format, read_session,
                                             repository_project_roots, session_to_open)
from altimate_learn.capture.sessions._base import THINKING_KEEP, thinking_of
from altimate_learn.capture.signals import NewSignal, append_signals, valid_signals
from altimate_learn.capture.tool_retry import RetryCounter
from altimate_learn.errors import LearnError
from altimate_learn.store import Store


@dataclass
class CaptureStats:
    user_messages: int = 0  # what the user typed (not interruptions or rejections)
    interruptions: int = 0
    rejections: int = 0
    assistant_turns: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    corrections: int = 0  # user_correction signals found
    tool_retries: int = 0  # tool_retry signals found
    malformed_lines: int = 0
    model_call: bool = False  # the session of one of learn's own model calls: nothing is taken from it


@dataclass
class CaptureSummary:
    """What one session gave: found vs added (the rest were already recorded)."""

    harness: str
    session_id: str
    path: str
    stats: CaptureStats
    corrections_added: int = 0
    tool_retry_added: int = 0
    signal_ids: list[str] = field(default_factory=list)

    @property
    def duplicates_skipped(self) -> int:
        return self.stats.corrections + self.stats.tool_retries - self.corrections_added - self.tool_retry_added

    def to_dict(self) -> dict[str, Any]:
        return {
            "harness": self.harness,
            "id": self.session_id,
            "path": self.path,
            "user_messages": self.stats.user_messages,
            "interruptions": self.stats.interruptions,
            "rejections": self.stats.rejections,
            "assistant_turns": self.stats.assistant_turns,
            "tool_calls": self.stats.tool_calls,
            "tool_errors": self.stats.tool_errors,
            "corrections_found": self.stats.corrections,
            "corrections_added": self.corrections_added,
            "tool_retry_found": self.stats.tool_retries,
            "tool_retry_added": self.tool_retry_added,
            "duplicates_skipped": self.duplicates_skipped,
            "malformed_lines": self.stats.malformed_lines,
            "signals": list(self.signal_ids),
        }


def signals_from_session(reader: SessionReader, shown: Iterable[tuple[str, str]] = ()
                         ) -> tuple[list[NewSignal], CaptureStats]:
    """The user_correction and tool_retry signals of one session, in order, and what it held.

    ``shown``: ``(at, line)`` of the lessons the session was delivered (:func:`shown_in_session`); a message is
    judged with the lines shown before it was typed, as the live capture worker judges a prompt with the lessons
    shown so far ("print again??" after the logger lesson; cls43).

    A session of one of learn's own model calls (an agent CLI run as the reflection model) gives nothing:
    its prompt is our digest of the user's corrections, and reading it back would learn them twice."""
    from altimate_learn.capture.classifier import classify_user_message
    from altimate_learn.markers import is_model_call_dir, is_model_call_prompt

    stats = CaptureStats()
    signals: list[NewSignal] = []
    retries = RetryCounter()
    previous: UserMessage | None = None
    answer: list[str] = []  # what the assistant said since the previous user message
    thought: list[str] = []  # the agent's reasoning since then (a classifier feature, never stored)
    session_id = reader.info.id
    # The typed message not judged yet: its verdict waits for the agent's reply to it (what the assistant says
    # before the next user message), whose opening can concede a mistake ("You're right, I …"). Its signal goes
    # where the message came, before the signals of its reply's tool calls.
    waiting: tuple[int, UserMessage, UserMessage | None, str | None] | None = None

    given = [(when, line) for when, line in ((_moment(at), line) for at, line in shown) if when is not None]

    def judge(at: int, event: UserMessage, before: UserMessage | None, said: str | None, reply: str | None,
              thinking: str | None = None) -> None:
        typed = _moment(event.at) if given else None
        delivered = tuple(line for when, line in given if typed is not None and when < typed)
        verdict = classify_user_message(event, before, answer=said, reply=reply, thinking=thinking, delivered=delivered)
        text = event.text or event.reason or ""
        if verdict.correction and text.strip():
            stats.corrections += 1
            signals.insert(at, NewSignal(kind="user_correction", session_id=session_id, text=text,
                                         reason=verdict.reason, message_id=event.id, said_at=event.at))

    if is_model_call_dir(reader.info.cwd):
        stats.model_call = True
        return signals, stats
    for event in reader.events():
        if isinstance(event, UserMessage) and stats.user_messages == 0 and is_model_call_prompt(event.text):
            stats.model_call = True
            return [], CaptureStats(model_call=True)
        if isinstance(event, UserMessage):
            if event.kind == "interrupt":
                stats.interruptions += 1
            elif event.kind == "rejection":
                stats.rejections += 1
            else:
                stats.user_messages += 1
            if waiting is not None:
                judge(*waiting, reply=reply_opening(answer), thinking=thinking_of(thought))
                waiting = None
            said = _answer_end(answer)
            if event.kind == "text":
                waiting = (len(signals), event, previous, said)
                answer, thought = [], []
            else:
                judge(len(signals), event, previous, said, None)
            previous = event
        elif isinstance(event, AssistantTurn):
            stats.assistant_turns += 1
            if event.text and event.text.strip():
                answer.append(event.text)
            add_thinking(thought, event)
        elif isinstance(event, ToolCall):
            stats.tool_calls += 1
            stats.tool_errors += int(event.is_error)
            signal = retries.feed(event, session_id)
            if signal is not None:
                stats.tool_retries += 1
                signals.append(signal)
            elif retries.worked is not None:  # the command that worked after a reported episode completes its signal
                for earlier in reversed(signals):
                    if earlier.kind == "tool_retry" and earlier.part_id == retries.worked.part_id:
                        earlier.text += "\n" + retries.worked.line()
                        break
    if waiting is not None:
        judge(*waiting, reply=reply_opening(answer), thinking=thinking_of(thought))
    stats.malformed_lines = reader.info.skipped
    return signals, stats


ANSWER_KEEP = 4000  # the end of the assistant's answer, where it says what it did, is what the classifier reads
REPLY_KEEP = 1000  # the start of the assistant's reply to a message, where it reacts to it, is what the reply read takes


def last_replied(reader: SessionReader, keep: int = 2) -> list[tuple[UserMessage, UserMessage | None, str | None,
                                                                      str | None, str | None]]:
    """The session's last ``keep`` user messages, in order, each as the classifier takes it: (the message, the
    user event before it, the end of the answer it replied to, the opening of the agent's reply to it and of its
    reasoning after it; None while no reply came). The live capture worker re-judges the previous prompt with it
    once its reply is in the transcript (:func:`altimate_learn.harness.capture_worker.rejudge_previous`)."""
    from collections import deque

    last: deque[list] = deque(maxlen=keep)
    previous: UserMessage | None = None
    answer: list[str] = []
    thought: list[str] = []
    for event in reader.events():
        if isinstance(event, UserMessage):
            if last and last[-1][3] is None:
                last[-1][3:5] = [reply_opening(answer), thinking_of(thought)]
            last.append([event, previous, _answer_end(answer), None, None])
            if event.kind == "text":
                answer, thought = [], []
            previous = event
        elif isinstance(event, AssistantTurn):
            if event.text and event.text.strip():
                answer.append(event.text)
            add_thinking(thought, event)
    if last and last[-1][3] is None and last[-1][0].kind == "text":
        last[-1][3:5] = [reply_opening(answer), thinking_of(thought)]
    return [tuple(item) for item in last]  # type: ignore[misc]


def _answer_end(parts: list[str]) -> str | None:
    return "\n".join(parts)[-ANSWER_KEEP:] or None


def reply_opening(parts: list[str]) -> str | None:
    return "\n".join(parts)[:REPLY_KEEP] or None


def add_thinking(parts: list[str], turn: AssistantTurn) -> None:
    """Keep a turn's reasoning while the reasoning after the message is shorter than :data:`THINKING_KEEP` (read
    with :func:`~altimate_learn.capture.sessions._base.thinking_of`)."""
    if turn.thinking and sum(len(p) for p in parts) < THINKING_KEEP:
        parts.append(turn.thinking)


_POSITIONAL_ID = re.compile(r"^(?:line-\d+|abort-.*|.*:abort)$")


def _global_ids(signal: NewSignal | dict[str, Any]) -> list[str]:
    """The ids of a signal that name one message or call across sessions (a positional id does not)."""
    if isinstance(signal, dict):
        kind, message_id, part_id = signal.get("kind"), signal.get("messageID"), signal.get("partID")
    else:
        kind, message_id, part_id = signal.kind, signal.message_id, signal.part_id
    value = part_id if kind == "tool_retry" else message_id
    if not isinstance(value, str) or len(value) < 8 or _POSITIONAL_ID.match(value):
        return []
    return [f"{kind}\0{value}"]


def _recorded_elsewhere(store: Store, signals: list[NewSignal]) -> list[NewSignal]:
    """Signals whose message (or call) another session of the store already recorded are left out."""
    if not signals:
        return signals
    existing, _ = valid_signals(store)  # each stored signal checked once per process, not once per session
    seen = {key: s.get("sessionID") for s in existing for key in _global_ids(s)}
    fresh = []
    for signal in signals:
        keys = _global_ids(signal)
        if any(key in seen and seen[key] != signal.session_id for key in keys):
            continue
        fresh.append(signal)
    return fresh


def _moment(value: object) -> datetime | None:
    """An ISO 8601 time as an aware UTC datetime; None when absent or unreadable (a time that cannot be compared
    gives the message no delivered lesson: never one shown after it)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def shown_in_session(store: Store, session_id: str) -> list[tuple[str, str]]:
    """``(at, line)`` of the lessons delivered to the session (and its sub-agents), from its delivery states in the
    project's local folder (what the live capture worker reads); none when delivery never saw the session or its state cannot be read."""
    from altimate_learn.deliver.state import shown_with_sub_agents

    try:
        return shown_with_sub_agents(str(store.project.sessions_dir), session_id)
    except ValueError:
        return []


def capture_reader(store: Store, reader: SessionReader) -> CaptureSummary:
    try:
        signals, stats = signals_from_session(reader, shown_in_session(store, reader.info.id))
    except (OSError, sqlite3.Error) as exc:  # the file vanished, the disk failed, the database is busy
        detail = getattr(exc, "strerror", None) or str(exc)
        raise LearnError(f"{reader.info.path} could not be read: {detail}.",
                         "Nothing was recorded for this session; run the command again.") from None
    summary = CaptureSummary(harness=reader.info.harness, session_id=reader.info.id, path=reader.info.path,
                             stats=stats)
    if reader.info.harness != "generic":
        signals = _recorded_elsewhere(store, signals)
    added = append_signals(store, signals) if signals else []
    summary.corrections_added = sum(1 for s in added if s["kind"] == "user_correction")
    summary.tool_retry_added = sum(1 for s in added if s["kind"] == "tool_retry")
    summary.signal_ids = [s["id"] for s in added]
    return summary


def capture_session(store: Store, info: SessionInfo) -> CaptureSummary:
    """Capture a session found by discovery (``info.path`` and ``info.harness`` say where it is)."""
    reader = read_session(Path(info.path), harness=info.harness, session_id=session_to_open(info))
    return capture_reader(store, reader)


def readers_for(paths: Iterable[Path], *, harness: str | None = None, session_id: str | None = None,
                project_root: Path | None = None) -> list[SessionReader]:
    """A reader per session named by ``paths``, all opened before anything is captured.

    An opencode database (or storage folder) holds many sessions: without ``session_id`` it stands for its
    root sessions that belong to ``project_root``. aider's chat history holds every run aider made there: without
    ``session_id`` it stands for all of them. A folder of Markdown exports (`.specstory/history`) stands for each
    transcript in it.
    """
    readers: list[SessionReader] = []
    for raw in paths:
        path = Path(raw).expanduser()
        kind = harness or detect_format(path)
        if kind == "opencode" and session_id is None and opencode_container(path):
            from altimate_learn.capture.sessions import opencode

            roots = [s for s in opencode.sessions_in(path) if s.parent_id is None]
            if len(roots) > 1 and project_root is not None:
                mine = repository_project_roots(project_root)
                roots = [s for s in roots if belongs_to(s.cwd, mine)]
            if not roots:
                raise LearnError(f"{path} holds no session of this project.",
                                 "Pass --session ID to pick one; `learn sessions --harness opencode` lists them.")
            readers += [read_session(path, harness=kind, session_id=s.id) for s in roots]
            continue
        if kind == "aider" and session_id is None and path.is_file():
            from altimate_learn.capture.sessions import aider

            readers += [read_session(path, harness=kind, session_id=s.id) for s in aider.sessions_in(path)]
            continue
        if kind == "markdown" and path.is_dir():
            from altimate_learn.capture.sessions import markdown

            found = [read_session(file, harness=kind) for file in markdown.markdown_files(path)]
            if not found:
                raise LearnError(f"{path} holds no Markdown transcript.",
                                 "Pass a folder of SpecStory exports (.specstory/history) or a transcript file.")
            if session_id is not None:
                found = [reader for reader in found if reader.info.id == session_id]
                if not found:
                    raise LearnError(f"{path} holds no transcript of session {session_id}.",
                                     "Drop --session, or pass the transcript of that session.")
            readers += found
            continue
        readers.append(read_session(path, harness=kind, session_id=session_id))
    return readers


def opencode_container(path: Path) -> bool:
    """An opencode database or storage folder (many sessions), as opposed to one session's file."""
    from altimate_learn.capture.sessions._io import SQLITE_MAGIC, read_prefix

    return path.is_dir() or read_prefix(path, 16).startswith(SQLITE_MAGIC)


def capture_paths(store: Store, paths: Iterable[Path], *, harness: str | None = None,
                  session_id: str | None = None, project_root: Path | None = None) -> list[CaptureSummary]:
    """Capture every session the paths name; a bad path fails before any session is captured."""
    readers = readers_for(paths, harness=harness, session_id=session_id, project_root=project_root)
    return [capture_reader(store, reader) for reader in readers]


def summary_dicts(summaries: Iterable[CaptureSummary]) -> list[dict[str, Any]]:
    return [s.to_dict() for s in summaries]


__all__ = ["CaptureStats", "CaptureSummary", "capture_paths", "capture_reader", "capture_session",
           "readers_for", "signals_from_session", "summary_dicts"]
