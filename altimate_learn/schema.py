"""The on-disk records: lessons, retired lessons, signals and history entries.

Lessons are plain dicts in altimate-code's shape (so a store written by either tool is read by the
other) and are validated on read with errors that name the file, the entry and the field. Plain dicts
keep the hook path cheap: validating 10,000 lessons is a loop of type checks, not object construction.
"""

from __future__ import annotations

import re
import secrets
from datetime import datetime
from typing import Any

from altimate_learn.errors import SchemaError

LESSON_ID = re.compile(r"^L-[0-9a-f]{4,}$")
SIGNAL_ID = re.compile(r"^sig_[0-9a-f]{12}$")
MAX_LESSON_CHARS = 140
SIGNAL_TEXT_CAP = 2000
SIGNAL_KINDS = ("user_correction", "tool_retry", "review", "ci")
SIGNAL_SOURCES = ("bootstrap", "import-reviews")
EXTERNAL_SESSION = "external"

Lesson = dict[str, Any]
Signal = dict[str, Any]

_LESSON_KEYS = {"id", "text", "tags", "scope", "pinned", "trigger", "helpful", "harmful", "applied", "coexists",
                "created", "updated", "provenance"}
_RETIRED_KEYS = _LESSON_KEYS | {"reason", "supersededBy"}
_SIGNAL_KEYS = {"id", "kind", "sessionID", "messageID", "partID", "source", "provenance", "resolved", "text",
                "reason", "at", "status", "consumedBy"}


def new_lesson_id(taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        candidate = "L-" + secrets.token_hex(4)
        if candidate not in taken:
            return candidate


def new_signal_id() -> str:
    return "sig_" + secrets.token_hex(6)


def _is_iso(value: Any) -> bool:
    if not isinstance(value, str) or len(value) < 10:
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _nonneg_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _entry_name(index: int, value: Any) -> str:
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return f"#{index + 1} ({value['id']})"
    return f"#{index + 1}"


def validate_lesson(value: Any, path: str, index: int, *, retired: bool = False) -> Lesson:
    """Check one lesson against the schema; raise :class:`SchemaError` naming file, entry and field."""
    entry = _entry_name(index, value)

    def bad(field: str, problem: str) -> SchemaError:
        return SchemaError(path, entry, field, problem)

    if not isinstance(value, dict):
        raise bad("(entry)", "expected an object")
    allowed = _RETIRED_KEYS if retired else _LESSON_KEYS
    for key in value:
        if key not in allowed:
            raise bad(key, "unknown field")
    lesson_id = value.get("id")
    if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
        raise bad("id", "must be 'L-' followed by at least 4 lowercase hex digits")
    text = value.get("text")
    if not isinstance(text, str):
        raise bad("text", "must be a string")
    tags = value.get("tags")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise bad("tags", "must be a list of strings")
    if value.get("scope") != "project":
        raise bad("scope", "must be \"project\"")
    for counter in ("helpful", "harmful", "applied"):
        if not _nonneg_int(value.get(counter)):
            raise bad(counter, "must be a non-negative integer")
    for stamp in ("created", "updated"):
        if not _is_iso(value.get(stamp)):
            raise bad(stamp, "must be an ISO 8601 timestamp")
    if "pinned" in value and not isinstance(value["pinned"], bool):
        raise bad("pinned", "must be true or false")
    if "trigger" in value:
        trigger = value["trigger"]
        if not isinstance(trigger, dict) or set(trigger) - {"paths"}:
            raise bad("trigger", "must be an object with only 'paths'")
        paths = trigger.get("paths")
        if paths is not None and (not isinstance(paths, list) or not all(isinstance(p, str) and p for p in paths)):
            raise bad("trigger.paths", "must be a list of non-empty glob strings")
    if "coexists" in value:
        co = value["coexists"]
        if not isinstance(co, list) or not all(isinstance(c, str) and LESSON_ID.match(c) for c in co):
            raise bad("coexists", "must be a list of lesson ids")
    if "provenance" in value and not isinstance(value["provenance"], str):
        raise bad("provenance", "must be a string")
    if retired:
        if not isinstance(value.get("reason"), str):
            raise bad("reason", "must be a string")
        sup = value.get("supersededBy")
        if sup is not None and (not isinstance(sup, str) or not LESSON_ID.match(sup)):
            raise bad("supersededBy", "must be a lesson id")
    return value


def validate_lessons(value: Any, path: str, *, retired: bool = False) -> list[Lesson]:
    """Validate a whole lesson file: a JSON array of lessons with unique ids."""
    if not isinstance(value, list):
        raise SchemaError(path, "(file)", "(root)", "expected a JSON array of lessons")
    seen: set[str] = set()
    for index, item in enumerate(value):
        validate_lesson(item, path, index, retired=retired)
        if item["id"] in seen:
            raise SchemaError(path, _entry_name(index, item), "id", f"duplicate id {item['id']}")
        seen.add(item["id"])
    return value


def validate_signal(value: Any, path: str, index: int) -> Signal:
    entry = _entry_name(index, value).replace("#", "line ", 1)

    def bad(field: str, problem: str) -> SchemaError:
        return SchemaError(path, entry, field, problem)

    if not isinstance(value, dict):
        raise bad("(entry)", "expected an object")
    for key in value:
        if key not in _SIGNAL_KEYS:
            raise bad(key, "unknown field")
    if not isinstance(value.get("id"), str) or not value["id"]:
        raise bad("id", "must be a non-empty string")
    if value.get("kind") not in SIGNAL_KINDS:
        raise bad("kind", "must be one of " + ", ".join(SIGNAL_KINDS))
    for field in ("sessionID", "text", "reason"):
        if not isinstance(value.get(field), str):
            raise bad(field, "must be a string")
    if not _is_iso(value.get("at")):
        raise bad("at", "must be an ISO 8601 timestamp")
    if value.get("status") not in ("open", "consumed"):
        raise bad("status", "must be 'open' or 'consumed'")
    for field in ("messageID", "partID", "provenance", "consumedBy"):
        if field in value and not isinstance(value[field], str):
            raise bad(field, "must be a string")
    if "source" in value and value["source"] not in SIGNAL_SOURCES:
        raise bad("source", "must be one of " + ", ".join(SIGNAL_SOURCES))
    if "resolved" in value and not isinstance(value["resolved"], bool):
        raise bad("resolved", "must be true or false")
    return value


HISTORY_OPS = ("reflect", "curate", "promote", "reject", "rollback", "pin", "unpin", "bootstrap",
               "import-reviews", "import-memories", "replacement", "publish", "dismiss")


def validate_history(value: Any, path: str, index: int) -> dict[str, Any]:
    """History entries: `at`, `op`, then op-specific fields. Unknown fields are kept for newer writers."""
    entry = f"line {index + 1}"
    if not isinstance(value, dict):
        raise SchemaError(path, entry, "(entry)", "expected an object")
    if not _is_iso(value.get("at")):
        raise SchemaError(path, entry, "at", "must be an ISO 8601 timestamp")
    if not isinstance(value.get("op"), str) or not value["op"]:
        raise SchemaError(path, entry, "op", "must be a non-empty string")
    usage = value.get("usage")
    if usage is not None:
        if not isinstance(usage, dict):
            raise SchemaError(path, entry, "usage", "must be an object")
        for key in ("input_tokens", "output_tokens"):
            if key in usage and not _nonneg_int(usage[key]):
                raise SchemaError(path, entry, f"usage.{key}", "must be a non-negative integer")
    return value


def make_lesson(text: str, *, lesson_id: str, now: str, tags: list[str] | None = None,
                paths: list[str] | None = None, coexists: list[str] | None = None,
                provenance: str | None = None, pinned: bool | None = None) -> Lesson:
    lesson: Lesson = {
        "id": lesson_id, "text": text, "tags": list(tags or []), "scope": "project",
        "helpful": 0, "harmful": 0, "applied": 0, "created": now, "updated": now,
    }
    if paths:
        lesson["trigger"] = {"paths": list(paths)}
    if coexists:
        lesson["coexists"] = list(coexists)
    if provenance is not None:
        lesson["provenance"] = provenance
    if pinned is not None:
        lesson["pinned"] = pinned
    return lesson
