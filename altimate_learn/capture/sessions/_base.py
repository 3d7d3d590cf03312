"""The reader interface every harness implements, and the rules applied to every harness alike.

A harness module yields raw events in transcript order; :meth:`SessionReader.events` then applies the
shared rules, so "what counts as user text" means the same thing for every agent:
- text learn injected (`altimate_learn.markers`, in every form an agent echoes it: raw, escaped, wrapped,
  in front of the prompt or in a part of its own) is removed from user text, tool results and assistant
  text before anything downstream (classifier, signals, digests, retrieval) sees them, and a user message
  left empty is dropped;
- user messages are numbered in order (``index`` 0 is the task) and ``after_assistant`` says whether an
  assistant reply or tool call came before;
- ``info.message_count`` (user text messages + assistant turns) and ``info.skipped`` (malformed lines)
  are filled once the stream is exhausted.
- a reader may yield :class:`Context` for history that is not this session's own (Claude Code copies an
  earlier session's messages into the file of a resumed one): it is never yielded on, so it cannot
  become a signal twice, but the messages after it are not taken for the session's first task.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._io import LineStats
from altimate_learn.markers import is_injected, strip_injected

@dataclass
class Context:
    """History copied from another session: a user message (``user``) and/or a completed reply (``replied``)."""

    user: bool = False
    replied: bool = False


THINKING_KEEP = 1000  # characters of a turn's reasoning kept: only its opening is read (replies.THINKING_CHARS)
THOUGHTS_KEPT = 8  # reasoning blocks of one turn read; the ones after them are never part of its opening


def thinking_of(parts: list[str]) -> str | None:
    """One turn's reasoning from its blocks, clipped to :data:`THINKING_KEEP` (None when it has none)."""
    return "\n".join(p.strip() for p in parts if isinstance(p, str) and p.strip())[:THINKING_KEEP] or None


_SYSTEM_REMINDER = re.compile(r"<system-reminder>.*?(?:</system-reminder>|\Z)", re.S)


def clean_user_text(text: str | None) -> str:
    """User text without learn's injected sections and harness reminders; ``""`` if nothing is left."""
    if not text:
        return ""
    text = strip_injected(text)
    if "<system-reminder>" in text:
        text = _SYSTEM_REMINDER.sub("", text)
    return text.strip()


class SessionReader:
    """One session: ``info`` (cheap metadata) and ``events()`` (a single streaming pass). A reader of a JSONL
    transcript whose lines stand on their own (``tail_ok``) can start at a line near the end
    (:meth:`from_tail`): the live re-judge reads only the last exchanges of a long session."""

    harness = ""
    tail_ok = False  # the harness reads from ``start`` (a line's first byte), numbering lines from ``start_line``

    def __init__(self, info: SessionInfo) -> None:
        self.info = info
        self.stats = LineStats()
        self.start = 0
        self.start_line = 0

    def from_tail(self, size: int) -> bool:
        """Read only the lines that start in the file's last ``size`` bytes, numbered as in the whole file (ids
        made from line numbers stay the same). False, and the whole file is read, when the harness cannot or
        ``size`` covers the file."""
        path = getattr(self, "path", None)
        if not self.tail_ok or path is None:
            return False
        try:
            with open(path, "rb") as handle:
                total = handle.seek(0, 2)
                if size >= total:
                    self.start = self.start_line = 0
                    return False
                handle.seek(0)
                lines, done, cut = 0, 0, total - size
                while done < cut:
                    chunk = handle.read(min(1 << 20, cut - done))
                    if not chunk:
                        break
                    lines += chunk.count(b"\n")
                    done += len(chunk)
                rest = handle.read(1 << 16)
                while rest:  # the first line that starts in the tail: after the newline ending the cut one
                    at = rest.find(b"\n")
                    if at >= 0:
                        self.start, self.start_line = done + at + 1, lines + 1
                        return self.start < total
                    done += len(rest)
                    rest = handle.read(1 << 16)
        except OSError:
            pass
        self.start = self.start_line = 0
        return False

    def _raw_events(self) -> Iterator[Event | Context]:  # pragma: no cover - every harness overrides it
        raise NotImplementedError

    def events(self) -> Iterator[Event]:
        self.stats = LineStats(lines=self.start_line)
        index = 0
        count = 0
        replied = False
        for event in self._raw_events():
            if isinstance(event, Context):
                index += int(event.user)
                replied = replied or event.replied
                continue
            if isinstance(event, UserMessage):
                if event.kind == "text":
                    event.text = clean_user_text(event.text)
                    if not event.text or is_injected(event.text):
                        continue
                    count += 1
                else:
                    reason = clean_user_text(event.reason)
                    event.reason = reason or None
                    event.text = clean_user_text(event.text) or reason
                event.index = index
                event.after_assistant = replied
                index += 1
            elif isinstance(event, AssistantTurn):
                event.text = strip_injected(event.text) if event.text else event.text
                event.thinking = (strip_injected(event.thinking).strip() or None) if event.thinking else None
                count += 1
                if not event.aborted:
                    replied = True
            elif isinstance(event, ToolCall):
                if isinstance(event.result, str):
                    event.result = strip_injected(event.result)
                replied = True
            yield event
        self.info.message_count = count
        self.info.skipped = self.stats.skipped
        self.info.replaced = self.stats.replaced
