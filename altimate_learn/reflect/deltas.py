"""Turn a model's answer into deltas, whatever it sent.

Models wrap JSON in code fences, put prose around it, think aloud in ``<think>`` blocks, answer with a
bare list, or send something else entirely. :func:`parse_answer` finds the JSON object with a
``deltas`` list (or a bare list of deltas), checks each delta's shape, and returns the well-formed
ones plus a reason for every one it dropped. Nothing here is fatal: an answer with nothing usable is
reported through :attr:`ParsedAnswer.error`, and the caller keeps the signals open.

Shape only: whether a lesson text is safe (URLs, commands, injection) is the curator's lint.
Limits keep a runaway answer from costing time or space: at most :data:`MAX_ANSWER_CHARS` characters
are parsed, at most :data:`MAX_DELTAS` deltas are kept, and a text over :data:`MAX_TEXT_CHARS` is
dropped (lessons are at most 140 characters; the curator gives the exact verdict).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.jsonsafe import loads_document, raw_decode
from altimate_learn.schema import LESSON_ID

OPS = ("ADD", "EDIT", "REMOVE", "HELPFUL", "HARMFUL")
MAX_ANSWER_CHARS = 1_000_000
MAX_DELTAS = 50  # as many as the curator looks at in one reflection
MAX_TEXT_CHARS = 1_000
MAX_REASON_CHARS = 500
MAX_COEXISTS = 20
MAX_PATHS = 10
_SCAN_STARTS = 200  # JSON starts tried in prose, so a hostile answer cannot cost quadratic time

_THINK = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.S | re.I)
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)```", re.S)


@dataclass
class Dropped:
    """A delta (or a run of them) left out, and why. ``index`` is its position in the answer."""

    reason: str
    index: int | None = None
    excerpt: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"reason": self.reason}
        if self.index is not None:
            out["index"] = self.index
        if self.excerpt:
            out["delta"] = self.excerpt
        return out


@dataclass
class ParsedAnswer:
    deltas: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    error: str | None = None  # the answer as a whole had nothing usable (not JSON, no deltas list, …)
    proposed: int = 0  # deltas the answer contained, well-formed or not
    items: list[Any] = field(default_factory=list)  # the answer's deltas as sent
    valid: dict[int, dict[str, Any]] = field(default_factory=dict)  # index in ``items`` → normalised delta

    def for_curator(self) -> list[Any]:
        """Every proposed delta in order, normalised when well-formed and as sent otherwise, so the
        curator records each rejection with its own reason."""
        return [self.valid.get(i, item) for i, item in enumerate(self.items)]


def _excerpt(value: Any, limit: int = 200) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    from altimate_learn.redact import redact

    text = redact(text)
    return text if len(text) <= limit else text[:limit] + "…"


def _snippet(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    from altimate_learn.redact import redact

    flat = redact(flat)
    return flat if len(flat) <= limit else flat[:limit] + "…"


def find_json(text: str) -> Any:
    """The first JSON value in ``text`` that carries deltas: the whole text, a fenced block, or an
    object/array embedded in prose. ``None`` when there is none."""
    stripped = text.strip()
    candidates: list[str] = [stripped] + [m.group(1).strip() for m in _FENCE.finditer(text)]
    for candidate in candidates:
        try:
            value = loads_document(candidate)
        except (json.JSONDecodeError, RecursionError):
            continue
        if _carries_deltas(value) or value == []:  # a bare `[]` answer proposes nothing: a valid answer
            return value
    decoder = json.JSONDecoder()
    tries = 0
    fallback: Any = None
    for match in re.finditer(r"[\[{]", text):
        tries += 1
        if tries > _SCAN_STARTS:
            break
        try:
            value, _ = raw_decode(decoder, text, match.start())
        except (json.JSONDecodeError, RecursionError):
            continue
        if _carries_deltas(value):
            return value
        if fallback is None and isinstance(value, dict):
            fallback = value
    return fallback


def _carries_deltas(value: Any) -> bool:
    if isinstance(value, dict):
        return isinstance(value.get("deltas"), list)
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, dict) and "op" in v for v in value)
    return False


def parse_answer(text: str | None) -> ParsedAnswer:
    """Deltas from a model's raw answer text (see the module docstring)."""
    if text is None or not text.strip():
        return ParsedAnswer(error="the model answered with nothing")
    if len(text) > MAX_ANSWER_CHARS:
        return ParsedAnswer(error=f"the answer is {len(text):,} characters (limit {MAX_ANSWER_CHARS:,}); "
                                  "nothing in it was used")
    body = _THINK.sub("", text)
    value = find_json(body)
    if value is None:
        if '"deltas"' in body or body.lstrip().startswith(("{", "[")):
            return ParsedAnswer(error="the answer is incomplete or invalid JSON (cut off?): "
                                      f"'{_snippet(body)}'")
        return ParsedAnswer(error=f"the answer is not JSON: '{_snippet(body)}'")
    if isinstance(value, dict) and not isinstance(value.get("deltas"), list):
        return ParsedAnswer(error="the answer has no \"deltas\" list")
    return normalize_deltas(value["deltas"] if isinstance(value, dict) else value)


def normalize_deltas(items: Any) -> ParsedAnswer:
    """Check each delta's shape; keep the well-formed ones (see the module docstring)."""
    result = ParsedAnswer()
    if not isinstance(items, list):
        result.error = "deltas must be a list"
        return result
    result.proposed = len(items)
    result.items = items
    seen: set[str] = set()
    for index, item in enumerate(items):
        if len(result.deltas) >= MAX_DELTAS:
            rest = len(items) - index
            result.dropped.append(Dropped(f"{rest:,} more delta{'s' if rest != 1 else ''} beyond the first "
                                          f"{MAX_DELTAS} were ignored", index))
            break
        delta, problem = check_delta(item)
        if delta is None:
            result.dropped.append(Dropped(problem or "malformed", index, _excerpt(item)))
            continue
        key = json.dumps(delta, sort_keys=True)
        if key in seen:
            result.dropped.append(Dropped("duplicate of an earlier delta", index, _excerpt(item)))
            continue
        seen.add(key)
        result.deltas.append(delta)
        result.valid[index] = delta
    if not result.deltas and result.proposed and result.error is None:
        result.error = f"none of the {result.proposed:,} proposed deltas was well-formed"
    return result


def check_delta(item: Any) -> tuple[dict[str, Any] | None, str | None]:
    """A normalised delta, or (None, why it was dropped)."""
    if not isinstance(item, dict):
        return None, "not an object"
    op = item.get("op")
    if not isinstance(op, str) or op.strip().upper() not in OPS:
        return None, f"unknown op {_excerpt(op, 40)} (expected one of {', '.join(OPS)})"
    op = op.strip().upper()
    delta: dict[str, Any] = {"op": op}
    lesson_id = item.get("id")
    if op != "ADD":
        if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id.strip()):
            return None, f"{op} needs the id of an existing lesson (L- followed by hex digits)"
        delta["id"] = lesson_id.strip()
    text = item.get("text")
    if op in ("ADD", "EDIT"):
        if not isinstance(text, str) or not text.strip():
            return None, f"{op} needs a non-empty text"
        if len(text) > MAX_TEXT_CHARS:
            return None, f"text is {len(text):,} characters (lessons are at most 140)"
        delta["text"] = text.strip()
    reason = item.get("reason", "")
    if not isinstance(reason, str):
        reason = "" if reason is None else str(reason)
    reason = " ".join(reason.split())
    delta["reason"] = reason[:MAX_REASON_CHARS] + ("…" if len(reason) > MAX_REASON_CHARS else "")
    supersedes = item.get("supersedes")
    if supersedes not in (None, ""):
        if op != "ADD" or not isinstance(supersedes, str) or not LESSON_ID.match(supersedes.strip()):
            return None, "supersedes must be the id of an existing lesson, on an ADD"
        delta["supersedes"] = supersedes.strip()
    coexists = item.get("coexists")
    if coexists not in (None, []):
        if op not in ("ADD", "EDIT") or not isinstance(coexists, list) or len(coexists) > MAX_COEXISTS or not all(
                isinstance(c, str) and LESSON_ID.match(c.strip()) for c in coexists):
            return None, f"coexists must be a list of at most {MAX_COEXISTS} lesson ids, on an ADD or EDIT"
        delta["coexists"] = list(dict.fromkeys(c.strip() for c in coexists))
    paths = item.get("paths")
    if paths not in (None, []):
        if op not in ("ADD", "EDIT") or not isinstance(paths, list) or len(paths) > MAX_PATHS or not all(
                isinstance(p, str) and p.strip() and len(p) <= 200 for p in paths):
            return None, f"paths must be a list of at most {MAX_PATHS} globs, on an ADD or EDIT"
        delta["paths"] = list(dict.fromkeys(p.strip() for p in paths))
    return delta, None
