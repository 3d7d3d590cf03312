"""Gemini CLI chats: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`.

`<project>` is the sha256 of the project root (older versions) or a short name recorded in
`~/.gemini/projects.json` and in `tmp/<name>/.project_root` (newer versions). A chat file starts with a
header line `{sessionId, projectHash, startTime, lastUpdated, kind}`; then come message records
`{id, timestamp, type: user|gemini|info|error|warning, content, displayContent?, toolCalls?, model?}`,
metadata updates `{"$set": {…}}` and `{"$rewindTo": id}` (drops that message and everything after it). A
message is appended again, whole, each time it changes (tool calls finishing, tokens arriving): the last
copy wins and keeps its first position.

A `$set` of `messages` is the *model's* context, not the conversation: Gemini writes one at session start
(its `<session_context>` preamble), after a compression (the earlier turns replaced by a
`<state_snapshot>` summary under new ids) and when a cancelled turn is rolled back. Reading it as the
conversation would lose everything said before a compression and read the summary as the user's words.
So it only updates messages already known by id; its other entries are read only when a file has no
message records of its own. A `$rewindTo` naming an unknown id (a copy made by a compression) is ignored.

Reading is two passes so memory stays flat: the first pass keeps only each live message's id and the
offset of its latest copy; the second reads those lines back in order. Legacy `.json` chats (one JSON
document with a `messages` array) are read whole, up to 64 MB.

Not user text: `info`/`error`/`warning` records (an info "Request cancelled." is an interruption), the
contents of files the user referenced with @ (after "--- Content from referenced files ---"), parts that
are Gemini's or a hook's context (`<session_context>`, `<hook_context>`, `<state_snapshot>`), tool
responses, and the prompts of sub-agent chats (`kind: "subagent"`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads
from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import SessionReader
from altimate_learn.capture.sessions._io import (
    MAX_LINE_BYTES,
    head_objects,
    modified_before,
    iso_from_mtime,
    is_within,
    iter_json_lines_with_offsets,
    stringify,
    text_of,
)
from altimate_learn.errors import LearnError

HARNESS = "gemini"
WHOLE_JSON_LIMIT = 64 * 1024 * 1024
_CANCELLED = "request cancelled"
_REFERENCED = "--- Content from referenced files ---"
_SETUP = "This is the Gemini CLI. We are setting up the context"
_CONTEXT_PARTS = ("<session_context>", "<hook_context>", "<state_snapshot>", _SETUP)


def gemini_dir() -> Path:
    return Path(os.environ.get("GEMINI_CLI_HOME") or Path.home()).expanduser() / ".gemini"


def project_hash(root: str) -> str:
    return hashlib.sha256(root.encode("utf-8")).hexdigest()


def looks_like(obj: dict[str, Any]) -> bool:
    if "$rewindTo" in obj or isinstance(obj.get("$set"), dict):
        return True
    return isinstance(obj.get("sessionId"), str) and "projectHash" in obj


def _is_legacy(path: Path) -> bool:
    """A single pretty-printed JSON document rather than JSONL."""
    with open(path, "rb") as handle:
        first = handle.readline(4096).strip()
    return first == b"{"


def _load_legacy(path: Path) -> dict[str, Any]:
    if path.stat().st_size > WHOLE_JSON_LIMIT:
        raise LearnError(f"{path} is a legacy Gemini chat larger than 64 MB; it is not read whole.",
                         "Resume it once in Gemini CLI (which rewrites it as JSONL), then capture it again.")
    try:
        document = loads(path.read_bytes())
    except (ValueError, UnicodeDecodeError):
        raise LearnError(f"{path} is not valid JSON.", "Pass a Gemini CLI chat file.") from None
    if not isinstance(document, dict):
        raise LearnError(f"{path} is not a Gemini CLI chat.", "Pass a Gemini CLI chat file.")
    return document


_HEADER_FIELD = re.compile(r'^\s{0,4}"(sessionId|projectHash|startTime|lastUpdated|summary|kind)"\s*:\s*"((?:[^"\\]|\\.)*)"',
                           re.M)


def _legacy_header(path: Path) -> dict[str, Any]:
    """The top-level fields of a legacy chat, from its first bytes (they precede the messages)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(64 * 1024).decode("utf-8", "replace")
    except OSError:
        return {}
    head = head.split('"messages"', 1)[0]
    out: dict[str, Any] = {}
    for key, value in _HEADER_FIELD.findall(head):
        try:
            out.setdefault(key, json.loads(f'"{value}"'))
        except ValueError:
            continue
    return out


def read_info(path: Path) -> SessionInfo:
    info = SessionInfo(harness=HARNESS, id="", path=str(path))
    header: dict[str, Any] = {}
    if _is_legacy(path):
        header = _legacy_header(path)
    else:
        for obj in head_objects(path, max_lines=5):
            if looks_like(obj) and "sessionId" in obj:
                header = obj
                break
    info.id = str(header.get("sessionId") or path.stem)
    info.started = header.get("startTime") if isinstance(header.get("startTime"), str) else None
    info.title = header.get("summary") if isinstance(header.get("summary"), str) else None
    if isinstance(header.get("projectHash"), str):
        info.extra["projectHash"] = header["projectHash"]
    if header.get("kind") == "subagent":
        info.parent_id = path.parent.name
    info.updated = iso_from_mtime(path) or (header.get("lastUpdated") if isinstance(header.get("lastUpdated"), str)
                                            else None)
    return info


def _user_text(message: dict[str, Any]) -> str:
    content = message.get("displayContent") or message.get("content")
    if isinstance(content, list):  # Gemini's and hooks' context arrive as parts beside the prompt
        content = [part for part in content
                   if not (isinstance(part, dict) and str(part.get("text") or "").lstrip().startswith(_CONTEXT_PARTS))]
    text = text_of(content)
    if _REFERENCED in text:
        text = text.split(_REFERENCED, 1)[0]
    if text.lstrip().startswith(_CONTEXT_PARTS):
        return ""
    return text


def _tool_result(call: dict[str, Any]) -> str:
    display = call.get("resultDisplay")
    if isinstance(display, str) and display.strip():
        return display
    return _model_text(call)


_EXIT_LINE = re.compile(r"^Exit Code: (-?\d+)\s*$", re.M)


def _shell_exit_code(call: dict[str, Any]) -> int | None:
    """The exit code run_shell_command reported: its response ends with "Exit Code: N" after the output."""
    found = _EXIT_LINE.findall(_model_text(call)[-4000:])
    return int(found[-1]) if found else None


def _model_text(call: dict[str, Any]) -> str:
    """What the model was told (the function response): for shell commands it states the exit code."""
    parts = call.get("result")
    texts = []
    for part in parts if isinstance(parts, list) else [parts]:
        if not isinstance(part, dict):
            continue
        response = part.get("functionResponse", {}).get("response") if isinstance(part.get("functionResponse"),
                                                                                 dict) else None
        if isinstance(response, dict):
            texts.append(stringify(response.get("error") or response.get("output") or response))
        elif isinstance(part.get("text"), str):
            texts.append(part["text"])
    return "\n".join(texts)


def message_events(message: dict[str, Any], agent_user: bool) -> Iterator[Event]:
    kind = message.get("type")
    mid = message.get("id") if isinstance(message.get("id"), str) else None
    at = message.get("timestamp") if isinstance(message.get("timestamp"), str) else None
    if kind == "user":
        if not agent_user:
            yield UserMessage(text=_user_text(message), index=0, id=mid, at=at)
    elif kind == "info":
        if text_of(message.get("content")).strip().lower().startswith(_CANCELLED):
            yield UserMessage(text="[interrupted]", index=0, id=mid, at=at, kind="interrupt")
    elif kind == "gemini":
        model = message.get("model") if isinstance(message.get("model"), str) else None
        yield AssistantTurn(text=text_of(message.get("content")), id=mid, at=at, model=model)
        calls = message.get("toolCalls")
        for call in calls if isinstance(calls, list) else []:
            if not isinstance(call, dict):
                continue
            status = call.get("status")
            if status not in ("success", "error"):
                continue  # cancelled by the user, or never finished
            result = _tool_result(call)
            # a shell command that exits non-zero is a "success" of the tool; its response says "Exit Code: 1"
            code = _shell_exit_code(call) if "shell" in str(call.get("name") or "") else None
            yield ToolCall(name=str(call.get("name") or "?"), input=call.get("args"), id=call.get("id") or None,
                           at=call.get("timestamp") if isinstance(call.get("timestamp"), str) else at,
                           result=result, is_error=status == "error" or bool(code), exit_code=code, message_id=mid)


class GeminiReader(SessionReader):
    harness = HARNESS

    def __init__(self, path: Path, info: SessionInfo | None = None) -> None:
        super().__init__(info or read_info(path))
        self.path = path

    def _raw_events(self) -> Iterator[Event]:
        agent_user = self.info.parent_id is not None
        if _is_legacy(self.path):
            document = _load_legacy(self.path)
            self.stats.lines = 1
            for message in document.get("messages") or []:
                if isinstance(message, dict):
                    yield from message_events(message, agent_user)
            return
        # pass 1: the live messages, in order, each with where its latest copy is
        live: dict[str, tuple[int, int | None]] = {}
        context: dict[str, tuple[int, int | None]] = {}  # the last `$set` of messages (model context)
        for offset, _, obj in iter_json_lines_with_offsets(self.path, self.stats):
            if isinstance(obj.get("$rewindTo"), str):
                target = obj["$rewindTo"]
                if target in live:
                    ids = list(live)
                    for dropped in ids[ids.index(target):]:
                        del live[dropped]
            elif isinstance(obj.get("$set"), dict):
                messages = obj["$set"].get("messages")
                if isinstance(messages, list):
                    context = {}
                    for position, message in enumerate(messages):
                        if isinstance(message, dict) and isinstance(message.get("id"), str):
                            context[message["id"]] = (offset, position)
                            if message["id"] in live:  # a newer copy of a message of the conversation
                                live[message["id"]] = (offset, position)
            elif isinstance(obj.get("id"), str) and "type" in obj:
                # a changed message keeps its first position; its latest copy wins
                live[obj["id"]] = (offset, None)
        if not live:  # a file with no message records of its own: its history is all there is
            live = context
        # pass 2: read each live message back
        cached: tuple[int, list[Any]] = (-1, [])
        with open(self.path, "rb") as handle:
            for offset, position in live.values():
                handle.seek(offset)
                raw = handle.readline(MAX_LINE_BYTES + 1)
                try:
                    obj = loads(raw) if position is None or cached[0] != offset else None
                except (ValueError, UnicodeDecodeError):
                    continue
                if position is None:
                    message = obj
                else:
                    if cached[0] != offset and isinstance(obj, dict):
                        cached = (offset, obj.get("$set", {}).get("messages") or [])
                    message = cached[1][position] if position < len(cached[1]) else None
                if isinstance(message, dict):
                    yield from message_events(message, agent_user)


def open_session(path: Path, session_id: str | None = None) -> GeminiReader:
    return GeminiReader(path)


def _project_dirs(roots: set[str]) -> dict[Path, str]:
    """Folders under ~/.gemini/tmp that belong to one of the roots, with the root each belongs to."""
    tmp = gemini_dir() / "tmp"
    out: dict[Path, str] = {}
    for root in roots:
        out[tmp / project_hash(root)] = root
    try:
        registry = loads((gemini_dir() / "projects.json").read_text(encoding="utf-8"))
        projects = registry.get("projects") if isinstance(registry, dict) else None
    except (OSError, ValueError):
        projects = None
    if isinstance(projects, dict):
        for project_path, slug in projects.items():
            if isinstance(slug, str) and is_within(project_path, roots) and "/" not in slug:
                out.setdefault(tmp / slug, project_path)
    try:
        entries = [e for e in os.scandir(tmp) if e.is_dir()]
    except OSError:
        entries = []
    for entry in entries:
        marker = Path(entry.path) / ".project_root"
        try:
            owner = marker.read_text(encoding="utf-8").strip()
        except OSError:
            continue
        if is_within(owner, roots):
            out.setdefault(Path(entry.path), owner)
    return out


def discover(roots: set[str], since: Any = None) -> list[SessionInfo]:
    found = []
    for folder, owner in _project_dirs(roots).items():
        chats = folder / "chats"
        if not chats.is_dir():
            continue
        for file in sorted(chats.glob("session-*.json*")):
            if file.suffix not in (".json", ".jsonl") or modified_before(file, since):
                continue
            info = read_info(file)
            info.cwd = owner
            if info.parent_id is None:
                found.append(info)
    # a legacy .json chat that Gemini already migrated to .jsonl appears once
    by_id: dict[str, SessionInfo] = {}
    for info in found:
        if info.id not in by_id or info.path.endswith(".jsonl"):
            by_id[info.id] = info
    return list(by_id.values())
