"""Clip a long text to its start and its end.

People paste a log, a diff or a stack trace and type what they mean after it ("here is the output after your fix:
<150 log lines> also stop using print for debugging, we use the logging module"): a clip that keeps only the start
keeps the paste and drops the correction (review35 R35-14). :func:`head_and_tail` keeps both ends, cut at whitespace
so no word (and no secret the redactor would read whole) is split in two, with a marker saying how much was left out.
Stdlib only: the capture hooks import it.
"""

from __future__ import annotations

import re

MARKER = "\n[… {n:,} characters cut …]\n"
HEAD_SHARE = 0.4  # of the room, the start; the rest is the end, where the words typed after a paste are
_SPACE = re.compile(r"\s")


def head_and_tail(text: str, cap: int) -> str:
    """``text`` when it fits in ``cap`` characters, else its start and its end around :data:`MARKER`, at most
    ``cap`` characters in all. Each end is cut at whitespace: a word longer than its end's room is left out whole."""
    if len(text) <= cap:
        return text
    room = cap - len(MARKER.format(n=len(text)))
    if room < 40:
        return text[:cap]
    head_room = int(room * HEAD_SHARE)
    tail_room = room - head_room
    head = text[:head_room]
    if not text[head_room].isspace():
        spaces = [m.start() for m in _SPACE.finditer(head)]
        head = head[:spaces[-1]] if spaces else ""
    start = len(text) - tail_room
    tail = text[start:]
    if not text[start - 1].isspace():
        first = _SPACE.search(tail)
        tail = tail[first.start():] if first else ""
    head, tail = head.rstrip(), tail.lstrip()
    return f"{head}{MARKER.format(n=len(text) - len(head) - len(tail))}{tail}"


def quoted(text: str, limit: int = 120) -> str:
    """``text`` on one line, in double quotes, cut to ``limit`` characters with "…": the words a lesson was learned
    from, as `learn show` prints them."""
    flat = " ".join(text.split())
    return f"\"{flat[:limit]}{'…' if len(flat) > limit else ''}\""


def one_line(text: object, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters with "…" (a lesson named in a note or a report line)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
