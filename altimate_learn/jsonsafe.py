"""JSON parsing that turns hostile nesting into an ordinary parse error, never a crash.

Python's JSON parser recurses once per level, so text nested about a thousand levels deep raises
`RecursionError`, which no caller that handles malformed JSON expects: a transcript, a store file, a config
file, a hook payload or a model answer written that way used to crash the command (exit 3). :func:`loads`
raises :class:`TooDeep` instead, a `json.JSONDecodeError` (so a `ValueError`), and every caller's path for
malformed input applies: the line is skipped and counted, the file is moved aside, the answer is dropped
with one clear line. :func:`loads_document` also refuses a document nested deeper than :data:`MAX_DEPTH`:
none of our files needs it, and code that copies or re-serialises a document would recurse that deep too.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 100


class TooDeep(json.JSONDecodeError):
    """JSON nested too deeply to read safely."""

    def __init__(self, doc: str | bytes = "", limit: int | None = None) -> None:
        what = f"more than {limit} levels deep" if limit else "too deeply for Python's parser"
        super().__init__(f"nested {what}", doc if isinstance(doc, str) else "", 0)


def loads(data: str | bytes | bytearray) -> Any:
    """``json.loads`` that raises :class:`TooDeep` (a ValueError) instead of RecursionError."""
    try:
        return json.loads(data)
    except RecursionError:
        raise TooDeep() from None


def raw_decode(decoder: json.JSONDecoder, text: str, index: int = 0) -> tuple[Any, int]:
    try:
        return decoder.raw_decode(text, index)
    except RecursionError:
        raise TooDeep() from None


def depth(value: Any, limit: int = MAX_DEPTH, containers: int | None = None) -> int:
    """Nesting depth of a parsed value, counted level by level without recursion; stops counting past
    ``limit``. (One list comprehension per level: a 10,000-lesson file is checked in a few milliseconds.)

    ``containers``: at least as many as the dicts and lists ``value`` holds (the `{` and `[` characters of
    the text it was parsed from, strings included: each container opened one of them). Once the levels
    counted hold that many, no deeper level can exist: the values of the deepest containers are not gone
    through (a 10,000-entry `vetted.json` is three levels deep; finding no fourth visits 50,000 values)."""
    level = seen = 0
    frontier = [value] if isinstance(value, (dict, list)) else []
    while frontier:
        level += 1
        if level > limit:
            return level
        seen += len(frontier)
        if containers is not None and seen >= containers:
            return level
        frontier = [child for item in frontier for child in (item.values() if isinstance(item, dict) else item)
                    if isinstance(child, (dict, list))]
    return level


def containers_bound(data: str | bytes | bytearray) -> int:
    """An upper bound on the containers a JSON text parses into: its `{` and `[` characters."""
    if isinstance(data, str):
        return data.count("{") + data.count("[")
    return data.count(b"{") + data.count(b"[")


def loads_document(data: str | bytes | bytearray, limit: int = MAX_DEPTH) -> Any:
    """:func:`loads`, refusing values nested deeper than ``limit`` (store, config and state files)."""
    value = loads(data)
    if isinstance(value, (dict, list)) and depth(value, limit, containers_bound(data)) > limit:
        raise TooDeep(data if isinstance(data, str) else "", limit)
    return value
