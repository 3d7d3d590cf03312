"""Printing untrusted lesson text safely.

Lesson text comes from a model, a reviewer's comment or a teammate's hand edit. Printed raw, an ESC or
CSI sequence could rewrite the reviewer's terminal (hide a line, fake a diff), and a bidi override could
make the text read differently from what it is. Such characters are shown as visible escapes
(``\\x1b``, ``\\u202e``) instead of being dropped, so the reviewer sees that something is hidden there.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def is_unsafe_char(ch: str) -> bool:
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES


def safe(text: Any) -> str:
    """``text`` with control, format and unassigned characters replaced by visible escapes."""
    value = text if isinstance(text, str) else str(text)
    if all(ch.isprintable() for ch in value):  # fast path: nothing to escape
        return value
    return "".join(_escape(ch) if is_unsafe_char(ch) else ch for ch in value)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # JSON has no escape beyond the BMP: write a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def safe_json(value: Any) -> str:
    """JSON text (sorted keys, 2-space indent, UTF-8) where every unsafe character is a ``\\u`` escape.

    The data is unchanged (a JSON parser reads back the exact strings); only the printed form cannot
    drive a terminal. Newlines outside strings are the indentation and are kept.
    """
    text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)
    if all(ch.isprintable() or ch == "\n" for ch in text):
        return text
    return "".join(_json_escape(ch) if ch != "\n" and is_unsafe_char(ch) else ch for ch in text)


MAX_SHOWN = 600  # characters of one lesson text printed in a listing


def shown(text: Any) -> str:
    """Lesson text for a listing: :func:`safe`, and clipped when huge (a 1 MB hand-edited "lesson" must not
    scroll the rest of the review off the screen). Nothing clipped can be promoted: any text over 140
    characters fails lint unless it is an approved lesson's unchanged text. `--json` has the full text."""
    value = safe(text)
    if len(value) <= MAX_SHOWN:
        return value
    return value[:MAX_SHOWN] + f"… [{len(value) - MAX_SHOWN} more characters not shown; see --json]"
