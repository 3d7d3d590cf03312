"""Streaming helpers for the Markdown transcripts (aider's chat history, Markdown exports of agent sessions).

A Markdown transcript is read one line at a time, like the JSONL ones: memory does not grow with the file.
A line longer than :data:`~altimate_learn.capture.sessions._io.MAX_LINE_BYTES` is skipped (and counted), a
line with invalid UTF-8 is read with U+FFFD for the bad bytes (and counted). Text gathered for one message
is clipped at :data:`BLOCK_CHARS`: a pasted log or a tool output of megabytes cannot fill memory, and the
end of a message is never what decides anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from altimate_learn.capture.sessions._io import LineStats, iter_raw_lines
from altimate_learn.errors import LearnError

BLOCK_CHARS = 200_000  # text kept for one message or answer; the rest of it is read and dropped
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def iter_text_lines(path: Path, stats: LineStats, *, start: int = 0) -> Iterator[tuple[int, int, str]]:
    """``(byte offset, line number, line without its newline)`` for each line of a text file from ``start``."""
    try:
        lines = iter_raw_lines(path, stats, start=start)
        for line_start, number, raw in lines:
            if raw is None:
                stats.skipped += 1
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("utf-8", "replace")
                stats.replaced += 1
            if line_start == 0 and text.startswith("\ufeff"):  # a byte order mark an editor put first
                text = text[1:]
            yield line_start, number, text.rstrip("\r\n")
    except OSError as exc:
        raise LearnError(f"{path} cannot be read: {exc.strerror or exc}.", "Check the path and its permissions.") from None


class Block:
    """Lines gathered for one message, clipped at :data:`BLOCK_CHARS`."""

    __slots__ = ("lines", "size", "first")

    def __init__(self, first: int = 0) -> None:
        self.lines: list[str] = []
        self.size = 0
        self.first = first  # the line number the block starts at (its id)

    def add(self, line: str) -> None:
        if self.size < BLOCK_CHARS:
            self.lines.append(line)
            self.size += len(line) + 1

    def text(self) -> str:
        return "\n".join(self.lines)[:BLOCK_CHARS]

    def __bool__(self) -> bool:
        return bool(self.lines)


def is_fence(line: str) -> str | None:
    """The fence a line opens or closes (```` ``` ```` or ``~~~``), or None."""
    match = _FENCE.match(line)
    return match.group(1) if match else None


def tidy(text: str) -> str:
    """A message as typed: Markdown hard line breaks (two trailing spaces) gone, runs of blank lines squeezed."""
    lines = [line.rstrip() for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
