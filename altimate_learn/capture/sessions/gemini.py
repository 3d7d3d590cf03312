"""Gemini CLI chats: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`.

`<project>` is the sha256 of the project root (older versions) or a short name recorded in
`~/.gemini/projects.json` and in `tmp/<name>/.project_root` (newer versions). A chat file starts with a
header line `{sessionId, projectHash, startTime, lastUpdated, kind}`; then come message records
`{id, timestamp, type: user|gemini|info|error|warning, content, displayContent?, toolCalls?, model?}`
(`displayContent`: what the person typed, when the model got something else: a custom command's template),
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
from datetime import timezone
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads
from altimate_learn.capture.exit_codes import shell_exit_code
from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import THOUGHTS_KEPT, SessionReader, thinking_of
from altimate_learn.capture.sessions._io import (
    MAX_LINE_BYTES,
    head_objects,
    modified_before,
    parse_time,
    iso_from_mtime,
    is_within,
    iter_json_lines_with_offsets,
    stringify,
    text_of,
)
from altimate_learn.errors import LearnError
from altimate_learn.markers import strip_tagged

HARNESS = "gemini"
WHOLE_JSON_LIMIT = 64 * 1024 * 1024
_CANCELLED = "request cancelled"
_REFERENCED = "--- Content from referenced files ---"
_SETUP = "This is the Gemini CLI. We are setting up the context"
# blocks Gemini puts in user content that no one typed: its own context, hooks' additionalContext, summaries
CONTEXT_TAGS = ("hook_context", "session_context", "state_snapshot")


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
        # the model is on each answer (`type: "gemini"`), never in the header: the session's model is the first one's
        for obj in head_objects(path, max_lines=40):
            if not header and looks_like(obj) and "sessionId" in obj:
                header = obj
            elif obj.get("type") == "gemini" and isinstance(obj.get("model"), str) and obj["model"].strip():
                info.model = obj["model"].strip()
            if header and info.model:
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
    """What the person typed: the message without Gemini's and hooks' context blocks, wherever they sit (a
    part of their own, or in front of the prompt in the same part, as `gemini -p` puts SessionStart context),
    and without the contents of files referenced with @."""
    content = message.get("displayContent") or message.get("content")
    if isinstance(content, list):  # an old, untagged setup preamble arrives as a part of its own
        content = [part for part in content
                   if not (isinstance(part, dict) and str(part.get("text") or "").lstrip().startswith(_SETUP))]
    text = strip_tagged(text_of(content), CONTEXT_TAGS)
    if _REFERENCED in text:
        text = text.split(_REFERENCED, 1)[0]
    if text.lstrip().startswith(_SETUP):
        return ""
    return text


def _tool_result(call: dict[str, Any]) -> str:
    display = call.get("resultDisplay")
    if isinstance(display, str) and display.strip():
        return display
    return _model_text(call)


def _shell_exit_code(call: dict[str, Any]) -> int | None:
    """The exit code run_shell_command reported: its response ends with "Exit Code: N" after the output."""
    return shell_exit_code(_model_text(call))


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
        thoughts = message.get("thoughts")
        yield AssistantTurn(text=text_of(message.get("content")), id=mid, at=at, model=model,
                            thinking=thinking_of([f"{t.get('subject') or ''}: {t.get('description') or ''}".strip(": ")
                                                  for t in thoughts[:THOUGHTS_KEPT] if isinstance(t, dict)]
                                                 if isinstance(thoughts, list) else []))
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
        files = session_files(self.path, self.info.id)
        # pass 1, per file: the live messages, in order, each with where its latest copy is
        live: dict[str, tuple[int, int, int | None, str]] = {}  # id -> (file, offset, position, timestamp)
        context: dict[str, tuple[int, int, int | None, str]] = {}
        for number, path in enumerate(files):
            own, history = self._scan(number, path)
            for key, where in own.items():  # a later file's copy wins; the message keeps its first time
                live[key] = (*where[:3], live[key][3] or where[3]) if key in live else where
            context = history or context
        if not live:  # no message records of its own: the model's history is all there is
            live = context
        order = list(live.values())
        if all(where[3] for where in order):  # resumed files interleave: the messages' own times order them
            order.sort(key=lambda where: where[3])
        # pass 2: read each live message back
        cached: tuple[tuple[int, int], list[Any]] = ((-1, -1), [])
        handles: dict[int, Any] = {}
        try:
            for number, offset, position, _ in order:
                handle = handles.get(number)
                if handle is None:
                    handle = handles[number] = open(files[number], "rb")
                if position is not None and cached[0] == (number, offset):
                    obj = None
                else:
                    handle.seek(offset)
                    try:
                        obj = loads(handle.readline(MAX_LINE_BYTES + 1))
                    except (ValueError, UnicodeDecodeError):
                        continue
                if position is None:
                    message = obj
                else:
                    if cached[0] != (number, offset) and isinstance(obj, dict):
                        cached = ((number, offset), obj.get("$set", {}).get("messages") or [])
                    message = cached[1][position] if position < len(cached[1]) else None
                if isinstance(message, dict):
                    yield from message_events(message, agent_user)
        finally:
            for handle in handles.values():
                handle.close()

    def _scan(self, number: int, path: Path) -> tuple[dict[str, tuple[int, int, int | None, str]],
                                                      dict[str, tuple[int, int, int | None, str]]]:
        """One file's live messages and its last `$set` of the model's history (see the module docstring)."""
        live: dict[str, tuple[int, int, int | None, str]] = {}
        context: dict[str, tuple[int, int, int | None, str]] = {}
        calls: dict[str, bool] = {}  # id -> its latest copy lists tool calls
        shown: set[str] = set()  # ids whose record holds what the person typed (`displayContent`)
        for offset, _, obj in iter_json_lines_with_offsets(path, self.stats):
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
                        if not (isinstance(message, dict) and isinstance(message.get("id"), str)):
                            continue
                        key, stamp = message["id"], _stamp(message)
                        context[key] = (number, offset, position, stamp)
                        has_calls = bool(message.get("toolCalls"))
                        # a newer copy of a message of the conversation, unless it would lose its tool calls or
                        # what the person typed (a resume's copy keeps only the content the model got: a custom
                        # command's template, a prompt with the files it referenced)
                        if key in live and (has_calls or not calls.get(key)) and key not in shown:
                            live[key] = (number, offset, position, live[key][3] or stamp)
                            calls[key] = has_calls
            elif isinstance(obj.get("id"), str) and "type" in obj:
                # a changed message keeps its first position; its latest copy wins
                key = obj["id"]
                live[key] = (number, offset, None, live[key][3] if key in live else _stamp(obj))
                calls[key] = bool(obj.get("toolCalls"))
                if obj.get("displayContent"):
                    shown.add(key)
                else:
                    shown.discard(key)
        return live, context


def _stamp(message: dict[str, Any]) -> str:
    """The message's time as a sortable key ("" when it has none that parses)."""
    parsed = parse_time(message.get("timestamp")) if isinstance(message.get("timestamp"), str) else None
    return parsed.astimezone(timezone.utc).isoformat() if parsed else ""


def session_files(path: Path, session_id: str) -> list[Path]:
    """Every chat file of one session in ``path``'s folder, oldest first: a resume that starts in a later minute
    than the session writes a file of its own (named by that minute) while the conversation goes on in the
    first, so the session is all of them together."""
    found = [path]
    try:
        siblings = sorted(path.parent.glob(f"session-*-{session_id[:8]}.jsonl")) if len(session_id) >= 8 else []
    except OSError:
        siblings = []
    for sibling in siblings:
        if sibling != path and not _is_legacy(sibling) and _header(sibling).get("sessionId") == session_id:
            found.append(sibling)
    if len(found) == 1:
        return found
    return sorted(found, key=lambda f: (str(_header(f).get("startTime") or ""), f.name))


def _header(path: Path) -> dict[str, Any]:
    for obj in head_objects(path, max_lines=5):
        if looks_like(obj) and "sessionId" in obj:
            return obj
    return {}


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
    # One session, one entry: a legacy .json chat that Gemini already migrated to .jsonl appears once, and a
    # resume that started in a later minute (a file of its own, the conversation going on in the first) is
    # listed as the first file, with the time of the latest (the reader merges them: `session_files`).
    by_id: dict[str, SessionInfo] = {}
    for info in found:
        kept = by_id.get(info.id)
        if kept is None:
            by_id[info.id] = info
            continue
        newest = max((i.updated for i in (kept, info) if i.updated), default=None)
        if kept.path.endswith(".jsonl") and info.path.endswith(".jsonl"):
            first = min((kept, info), key=lambda i: (i.started or "", i.path))
        else:
            first = info if info.path.endswith(".jsonl") else kept
        first.updated = newest
        by_id[info.id] = first
    return list(by_id.values())
