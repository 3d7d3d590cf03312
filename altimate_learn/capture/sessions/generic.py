"""learn's own JSONL trajectory format, for any agent without a reader (docs/generic-trajectory.md).

One JSON object per line:
  {"type": "session", "format": "learn-trajectory/1", "id": …, "cwd": …, "started": …, "model": …}  (optional, first)
  {"type": "user", "text": …, "id"?, "at"?}
  {"type": "assistant", "text": …, "id"?, "at"?, "model"?, "aborted"?}
  {"type": "tool", "name": …, "input"?, "result"?, "error"?: bool, "exit_code"?, "id"?, "at"?}
  {"type": "interrupt", "id"?, "at"?}
  {"type": "rejection", "tool"?, "reason"?, "id"?, "at"?}
Without a session id, the id is a hash of the file's resolved path; a record without an id gets one from
its line number (stable while the file only grows).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import SessionReader, thinking_of
from altimate_learn.capture.sessions._io import head_objects, iso_from_mtime, iter_json_lines, norm_iso, stringify

HARNESS = "generic"
FORMAT = "learn-trajectory/1"
RECORD_TYPES = ("user", "assistant", "tool", "interrupt", "rejection")
_FOREIGN_KEYS = ("message", "sessionId", "parentUuid", "payload", "uuid")


def looks_like(obj: dict[str, Any]) -> bool:
    kind = obj.get("type")
    if kind == "session":
        return str(obj.get("format", "")).startswith("learn-trajectory")
    if any(key in obj for key in _FOREIGN_KEYS):
        return False
    if kind in ("user", "assistant"):
        return isinstance(obj.get("text"), str)
    if kind == "tool":
        return isinstance(obj.get("name"), str)
    return kind in ("interrupt", "rejection")


def path_id(path: Path) -> str:
    return "traj-" + hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:16]


def read_info(path: Path) -> SessionInfo:
    info = SessionInfo(harness=HARNESS, id=path_id(path), path=str(path))
    for obj in head_objects(path, max_lines=5):
        if obj.get("type") == "session":
            if isinstance(obj.get("id"), str) and obj["id"].strip():
                info.id = obj["id"].strip()
            info.cwd = obj.get("cwd") if isinstance(obj.get("cwd"), str) else None
            info.started = norm_iso(obj.get("started"))
            info.model = obj.get("model") if isinstance(obj.get("model"), str) else None
            info.title = obj.get("title") if isinstance(obj.get("title"), str) else None
            break
        if info.started is None:
            info.started = norm_iso(obj.get("at"))
    info.updated = iso_from_mtime(path)
    return info


class GenericReader(SessionReader):
    harness = HARNESS

    def __init__(self, path: Path, info: SessionInfo | None = None) -> None:
        super().__init__(info or read_info(path))
        self.path = path

    def _raw_events(self) -> Iterator[Event]:
        for lineno, obj in iter_json_lines(self.path, self.stats):
            kind = obj.get("type")
            rid = str(obj["id"]) if obj.get("id") not in (None, "") else f"line-{lineno}"
            at = norm_iso(obj.get("at"))
            if kind == "user":
                yield UserMessage(text=stringify(obj.get("text")), index=0, id=rid, at=at)
            elif kind == "assistant":
                yield AssistantTurn(text=stringify(obj.get("text")), id=rid, at=at,
                                    model=obj.get("model") if isinstance(obj.get("model"), str) else self.info.model,
                                    aborted=obj.get("aborted") is True,
                                    thinking=thinking_of([obj["thinking"]]) if isinstance(obj.get("thinking"), str) else None)
            elif kind == "tool":
                code = obj.get("exit_code") if isinstance(obj.get("exit_code"), int) else None
                failed = obj.get("error") is True or (code is not None and code != 0)
                yield ToolCall(name=stringify(obj.get("name")) or "?", input=obj.get("input"), id=rid, at=at,
                               result=stringify(obj.get("result")), is_error=failed, exit_code=code)
            elif kind == "interrupt":
                yield UserMessage(text="[interrupted]", index=0, id=rid, at=at, kind="interrupt")
            elif kind == "rejection":
                reason = stringify(obj.get("reason")).strip()
                tool = obj.get("tool") if isinstance(obj.get("tool"), str) else None
                yield UserMessage(text=reason, index=0, id=rid, at=at, kind="rejection", reason=reason or None,
                                  tool_name=tool)
            elif kind != "session":
                self.stats.skipped += 1  # a record this format does not define


def open_session(path: Path, session_id: str | None = None) -> GenericReader:
    return GenericReader(path)


def discover(roots: set[str], since: Any = None) -> list[SessionInfo]:
    return []  # generic trajectories have no standard home; pass their paths to `learn capture`
