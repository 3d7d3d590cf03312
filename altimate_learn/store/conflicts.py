"""Git conflict markers in lesson files: recognise them, take them apart, and write them.

A lesson file with markers is what a merge leaves when it could not finish: git's own line merge (a clone
without learn's merge driver, a web merge), or learn's driver when a person must choose. Both shapes are
read here the same way: the lines outside the blocks are common to all versions, and each block holds
our lines, optionally the base's (`merge.conflictStyle diff3` or `zdiff3`), then theirs. Taking the
common lines plus one side of every block gives that side's file back, with the changes git could merge
already in it (:func:`split_sides`).

The file learn's driver writes when a conflict remains (:func:`render_conflicted`) is the canonical
array with one block per conflict before the merged lessons, every lesson followed by a comma when
lessons follow it; so accepting either side of every block in an editor gives a canonical file again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from altimate_learn.jsonsafe import TooDeep, loads_document
from altimate_learn.store.fsio import canonical_json
from altimate_learn.store.merge import Conflict

MARKER_SIZE = 7
_OPEN = re.compile(r"^<{7,}(?:[ \t].*)?$")
_BASE = re.compile(r"^\|{7,}(?:[ \t].*)?$")
_SPLIT = re.compile(r"^={7,}[ \t]*$")
_CLOSE = re.compile(r"^>{7,}(?:[ \t].*)?$")


def has_markers(text: str) -> bool:
    """True when ``text`` holds at least one complete conflict block (open, separator, close)."""
    state = 0
    for line in text.splitlines():
        if state == 0 and _OPEN.match(line):
            state = 1
        elif state == 1 and _SPLIT.match(line):
            state = 2
        elif state == 2 and _CLOSE.match(line):
            return True
    return False


@dataclass
class Sides:
    ours: str
    theirs: str
    base: str | None  # only when every block carried the base's lines
    blocks: int


def split_sides(text: str) -> Sides:
    """The ours, theirs (and, with diff3 markers, base) texts of a file with conflict blocks."""
    ours: list[str] = []
    theirs: list[str] = []
    base: list[str] = []
    blocks = 0
    every_block_has_base = True
    state = "common"
    for line in text.splitlines(keepends=True):
        bare = line.rstrip("\r\n")
        if state == "common" and _OPEN.match(bare):
            state, blocks, block_base = "ours", blocks + 1, False
            continue
        if state == "ours" and _BASE.match(bare):
            state, block_base = "base", True
            continue
        if state in ("ours", "base") and _SPLIT.match(bare):
            every_block_has_base = every_block_has_base and block_base
            state = "theirs"
            continue
        if state == "theirs" and _CLOSE.match(bare):
            state = "common"
            continue
        if state == "common":
            ours.append(line)
            theirs.append(line)
            base.append(line)
        elif state == "ours":
            ours.append(line)
        elif state == "base":
            base.append(line)
        else:
            theirs.append(line)
    if state != "common":
        raise ValueError("a conflict block is not closed")
    return Sides("".join(ours), "".join(theirs), "".join(base) if blocks and every_block_has_base else None, blocks)


_TRAILING_COMMA = re.compile(r",(\s*)\]\s*$")


def loads_side(text: str) -> Any:
    """Parse one side of a conflicted JSON file. A side of a file learn wrote may end its last lesson
    with a comma (the lessons that followed were in the other side); that one comma is forgiven."""
    try:
        return loads_document(text)
    except TooDeep:
        raise
    except json.JSONDecodeError:
        fixed = _TRAILING_COMMA.sub(r"\1]\n", text)
        if fixed == text:
            raise
        return loads_document(fixed)


def _elements(lessons: list[dict[str, Any]]) -> list[str]:
    """Each lesson as the lines canonical JSON gives an element of the top-level array (no comma)."""
    out = []
    for lesson in lessons:
        inner = canonical_json([lesson])[2:-2]  # strip "[\n" and "]\n"
        out.append(inner.rstrip("\n"))
    return out


def render_conflicted(merged: list[dict[str, Any]], conflicts: list[Conflict], *, ours_label: str = "ours",
                      theirs_label: str = "theirs", marker_size: int = MARKER_SIZE) -> str:
    """The lesson array with a conflict block for each conflict, then the merged lessons."""
    size = max(MARKER_SIZE, marker_size)
    tail = _elements(merged)
    lines = ["["]
    for number, conflict in enumerate(conflicts):
        more_after = bool(tail) or number < len(conflicts) - 1
        lines.append("<" * size + f" {ours_label}: {conflict.key} ({conflict.kind})")
        for n, element in enumerate(_elements(conflict.ours)):
            last = n == len(conflict.ours) - 1
            lines.append(element + ("," if more_after or not last else ""))
        lines.append("=" * size)
        for n, element in enumerate(_elements(conflict.theirs)):
            last = n == len(conflict.theirs) - 1
            lines.append(element + ("," if more_after or not last else ""))
        lines.append(">" * size + f" {theirs_label}: {conflict.key}")
    for n, element in enumerate(tail):
        lines.append(element + ("," if n < len(tail) - 1 else ""))
    lines.append("]")
    return "\n".join(lines) + "\n"
