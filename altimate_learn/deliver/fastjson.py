"""JSON for the hook path without importing the `json` package.

`import json` pulls in `re`, `enum`, `functools` and `collections`: on a slow machine that is about as
much CPU as starting the interpreter, paid by every hook call (one per prompt and per file the agent
reads). The C scanner and encoder that `json` itself uses live in the `_json` extension, which imports
nothing; this module calls them directly, so the results are the same bytes and values as `json.loads`
and `json.dumps` with the same options (a test compares the two). Where `_json` is missing (another
Python implementation), the `json` package does the work.

Only what the hook path needs: :func:`loads` (a str; on anything that is not one JSON document it hands
the text to `json.loads`, which raises its usual ``JSONDecodeError``) and :func:`dumps` (no indentation;
optional sorted keys and compact separators).
"""

from __future__ import annotations

try:
    from _json import encode_basestring as _encode_str
    from _json import encode_basestring_ascii as _encode_ascii
    from _json import make_encoder as _make_encoder
    from _json import make_scanner as _make_scanner
except ImportError:  # pragma: no cover - CPython always has _json
    _make_scanner = None  # type: ignore[assignment]

_WHITESPACE = " \t\n\r"  # what the JSON grammar (and json.loads) allows around a value
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Options:
    """The attributes the C scanner reads from its context (json.JSONDecoder's defaults)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__
    memo: dict = {}


_scan = _make_scanner(_Options()) if _make_scanner is not None else None


def loads(text: str) -> object:
    """``json.loads(text)`` for a str."""
    if _scan is None:  # pragma: no cover
        import json

        return json.loads(text)
    n = len(text)
    start = 0
    while start < n and text[start] in _WHITESPACE:
        start += 1
    try:
        value, end = _scan(text, start)
    except (StopIteration, SystemError):  # the C scanner reports errors through json.decoder, if imported
        end = -1
    except RecursionError:  # hostile nesting: an ordinary parse error, never a crash
        from altimate_learn.jsonsafe import TooDeep

        raise TooDeep() from None
    while 0 <= end < n and text[end] in _WHITESPACE:
        end += 1
    if end != n:  # not one JSON document: let json raise its usual JSONDecodeError (a ValueError)
        from altimate_learn.jsonsafe import loads as safe_loads

        return safe_loads(text)
    return value


def _unserialisable(value: object) -> object:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value: object, *, sort_keys: bool = False, ensure_ascii: bool = True, compact: bool = False) -> str:
    """``json.dumps(value, sort_keys=…, ensure_ascii=…, separators=(",", ":") if compact else None)``."""
    if _scan is None:  # pragma: no cover
        import json

        return json.dumps(value, sort_keys=sort_keys, ensure_ascii=ensure_ascii,
                          separators=(",", ":") if compact else None)
    if isinstance(value, str):  # as json.JSONEncoder.encode does
        return _encode_ascii(value) if ensure_ascii else _encode_str(value)
    item, key = (",", ":") if compact else (", ", ": ")
    encoder = _make_encoder({}, _unserialisable, _encode_ascii if ensure_ascii else _encode_str, None, key, item,
                            sort_keys, False, True)
    return "".join(encoder(value, 0))


def dumps_indented_counts(counts: dict) -> str | None:
    """``json.dumps(counts, indent=2, sort_keys=True, ensure_ascii=False)`` for a flat ``{str: int}``;
    None when the mapping holds anything else (then let `json` write it)."""
    if not all(isinstance(k, str) and type(v) is int for k, v in counts.items()):
        return None
    if not counts:
        return "{}"
    encode = _encode_str if _scan is not None else None
    if encode is None:  # pragma: no cover
        return None
    return "{\n" + ",\n".join(f"  {encode(k)}: {counts[k]}" for k in sorted(counts)) + "\n}"
