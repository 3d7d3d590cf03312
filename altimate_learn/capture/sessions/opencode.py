"""opencode (and altimate-code, its fork): the SQLite database and the older JSON storage.

Database: `$XDG_DATA_HOME/opencode/opencode.db` (XDG_DATA_HOME defaults to ~/.local/share; altimate-code
uses `$XDG_DATA_HOME/altimate-code/`). Tables `session` (id, directory, parent_id, title, times),
`message` and `part`, each row's JSON in `data`. It is opened read-only (`mode=ro`) and read in short
pages, so a running opencode is never locked out (it writes in WAL mode; each page is its own short read).

JSON storage (before the database): `storage/session/<projectID>/<sessionID>.json`,
`storage/message/<sessionID>/<messageID>.json`, `storage/part/<messageID>/<partID>.json`.

Not user text: `synthetic` or `ignored` text parts (file contents opencode attached, reminders), the text
opencode writes as the user around a compaction or a `!` shell command (not marked synthetic in every
version), and the "user" of a sub-agent session (one with a parent: the parent agent wrote those prompts). A tool part's
`state.status` is `completed` or `error`; an assistant message whose error is `MessageAbortedError` was
interrupted by the user. "The user rejected permission to use this specific tool call" is a rejection
(with the user's feedback, when they gave one).

A fork (`opencode run --fork`, the TUI's fork) is a new root session holding a copy of the earlier session's
messages under new ids; each copy keeps its creation time, so it is older than the session that holds it. Those
copies are context (see `_base.Context`), never the fork's own messages: their corrections and failed calls were
read in the session they were typed in.

A custom command (`/fixlint src/calc.py`) is stored as its template, with nothing to mark it: a user message that is
one of the project's or the user's command templates (`.opencode/command(s)/*.md`, `command` in opencode.json),
arguments filled in, is read as the `/name args` the person typed (the live plugin hears the command and says so).
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from altimate_learn.jsonsafe import loads
from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import THOUGHTS_KEPT, Context, SessionReader, thinking_of
from altimate_learn.capture.sessions._io import SQLITE_MAGIC, iso_from_ms, is_within, read_prefix, stringify
from altimate_learn.errors import LearnError

HARNESS = "opencode"
APP_DIRS = ("opencode", "altimate-code")
PAGE = 200
_REJECTED = "The user rejected permission to use this specific tool call"
_FEEDBACK = re.compile(r"with the following feedback:\s*", re.I)
_ABORTED_TOOL = ("Tool execution aborted", "aborted")
_HARNESS_TEXT = ("Continue if you have next steps", "What did we do so far?",
                 "The following tool was executed by the user")


def data_dirs() -> list[Path]:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share").expanduser()
    return [base / name for name in APP_DIRS]


def looks_like(obj: dict[str, Any]) -> bool:
    """A session file of the JSON storage (detection of single JSON documents)."""
    return isinstance(obj.get("id"), str) and obj["id"].startswith("ses_") and "projectID" in obj


def is_storage_dir(path: Path) -> bool:
    storage = path / "storage" if (path / "storage").is_dir() else path
    return (storage / "session").is_dir() and (storage / "message").is_dir()


def _storage_root(path: Path) -> Path:
    """The `storage` folder for a path inside it (the folder itself, a data folder, or a session file)."""
    if path.is_dir():
        return path / "storage" if (path / "storage").is_dir() else path
    # storage/session/<project>/<id>.json
    return path.parent.parent.parent


# --- the SQLite database --------------------------------------------------------------------------------

def connect(path: Path) -> sqlite3.Connection:
    """A read-only connection that never takes a write lock; falls back to immutable for read-only folders."""
    last: Exception | None = None
    for flags in ("mode=ro", "mode=ro&immutable=1"):
        try:
            con = sqlite3.connect(f"file:{quote(str(path.resolve()))}?{flags}", uri=True, timeout=2.0,
                                  check_same_thread=False)
            con.execute("PRAGMA query_only = ON")
            con.execute("SELECT id, directory FROM session LIMIT 1").fetchall()
            return con
        except sqlite3.OperationalError as exc:
            last = exc
            if "no such table" in str(exc) or "no such column" in str(exc):
                raise LearnError(f"{path} is a SQLite database but not opencode's (no session table).",
                                 "Pass opencode's opencode.db, or a transcript file.") from None
        except sqlite3.DatabaseError as exc:
            raise LearnError(f"{path} cannot be read as a database: {exc}.",
                             "Pass opencode's opencode.db, or a transcript file.") from None
    raise LearnError(f"{path} cannot be opened read-only: {last}.", "Try again when opencode is idle.")


def _loads(raw: Any) -> dict[str, Any]:
    try:
        value = loads(raw) if isinstance(raw, (str, bytes)) else raw
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _info_from_row(path: Path, row: sqlite3.Row) -> SessionInfo:
    keys = set(row.keys())

    def col(name: str) -> Any:
        return row[name] if name in keys else None

    model_data = _loads(col("model")) if col("model") else {}
    model = model_data.get("id") or model_data.get("modelID")
    info = SessionInfo(harness=HARNESS, id=str(row["id"]), path=str(path), cwd=col("directory"),
                       started=iso_from_ms(col("time_created")), updated=iso_from_ms(col("time_updated")),
                       model=model if isinstance(model, str) else None, title=col("title") or None,
                       parent_id=col("parent_id") or None)
    if col("version"):
        info.extra["version"] = col("version")
    if isinstance(col("time_created"), (int, float)):
        info.extra["created_ms"] = col("time_created")
    return info


def db_sessions(path: Path) -> list[SessionInfo]:
    con = connect(path)
    try:
        con.row_factory = sqlite3.Row
        rows = con.execute("SELECT * FROM session ORDER BY time_created").fetchall()
        return [_info_from_row(path, row) for row in rows]
    finally:
        con.close()


class DatabaseReader(SessionReader):
    harness = HARNESS

    def __init__(self, path: Path, info: SessionInfo) -> None:
        super().__init__(info)
        self.path = path

    def _pages(self) -> Iterator[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any]]]]]:
        """(message id, message data, [(part id, part data)]) in order, fetched a page at a time."""
        con = connect(self.path)
        try:
            after: tuple[int, str] = (-1, "")
            while True:
                rows = con.execute(
                    "SELECT id, time_created, data FROM message WHERE session_id = ? AND "
                    "(time_created > ? OR (time_created = ? AND id > ?)) ORDER BY time_created, id LIMIT ?",
                    (self.info.id, after[0], after[0], after[1], PAGE)).fetchall()
                if not rows:
                    return
                ids = [r[0] for r in rows]
                parts: dict[str, list[tuple[str, dict[str, Any]]]] = {i: [] for i in ids}
                marks = ",".join("?" * len(ids))
                for mid, pid, data in con.execute(
                        f"SELECT message_id, id, data FROM part WHERE message_id IN ({marks}) ORDER BY id", ids):
                    self.stats.lines += 1
                    parsed = _loads(data)
                    if not parsed:
                        self.stats.skipped += 1
                        continue
                    parts[mid].append((pid, parsed))
                for mid, _, data in rows:
                    self.stats.lines += 1
                    parsed = _loads(data)
                    if not parsed:
                        self.stats.skipped += 1
                        continue
                    yield mid, parsed, parts[mid]
                after = (rows[-1][1], rows[-1][0])
        finally:
            con.close()

    def _raw_events(self) -> Iterator[Event | Context]:
        yield from message_events(self._pages(), agent_user=self.info.parent_id is not None,
                                  created_ms=self.info.extra.get("created_ms"),
                                  templates=command_templates(self.info.cwd))


# --- shared by both storages ------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"(\$ARGUMENTS|\$\d+|!`[^`\n]*`)")
_FRONT_MATTER = re.compile(r"\A---\r?\n.*?\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_TEMPLATE_LITERAL_MIN = 12  # a template of fewer own characters ("$ARGUMENTS") would match anything typed
_TEMPLATE_BYTES = 64 * 1024


class _Template:
    """A command's template as opencode sends it: placeholders filled, shell output spliced in, arguments appended to
    a template without placeholders. Matched by its literal pieces in order (each placeholder takes the shortest
    text before the next piece, as a lazy group would), in time linear in the text: a regex of lazy groups
    backtracks polynomially on a long message, and templates come from the repository (review21)."""

    def __init__(self, template: str) -> None:
        pieces = _PLACEHOLDER.split(template.strip())
        self.literals = pieces[0::2]
        self.holes = pieces[1::2]

    def fullmatch(self, body: str) -> dict[str, str] | None:
        """{"args": what `$ARGUMENTS` (or the appended text) took} when ``body`` is this template, else None."""
        first, last = self.literals[0], self.literals[-1]
        if not self.holes:
            if body == first:
                return {"args": ""}
            # opencode appends the arguments after a blank line (template + "\n\n" + arguments): a message that only
            # opens with the template's words and goes on in the same paragraph is the person's own
            rest = body[len(first):]
            gap = rest[:len(rest) - len(rest.lstrip())]
            return {"args": rest} if body.startswith(first) and gap.count("\n") >= 2 else None
        end = len(body) - len(last)
        if end < len(first) or not body.startswith(first) or not body.endswith(last):
            return None
        at, spans = len(first), []
        for piece in self.literals[1:-1]:
            found = body.find(piece, at, end)
            if found < 0:
                return None
            spans.append(body[at:found])
            at = found + len(piece)
        spans.append(body[at:end])
        args = next((span for hole, span in zip(self.holes, spans) if hole == "$ARGUMENTS"), None)
        return {"args": args} if args is not None else {}


def _template_pattern(template: str) -> _Template | None:
    """The matcher of ``template`` (:class:`_Template`), or None when it has too few characters of its own."""
    pieces = _PLACEHOLDER.split(template.strip())
    if len("".join(pieces[0::2]).strip()) < _TEMPLATE_LITERAL_MIN:
        return None
    return _Template(template)


def command_templates(cwd: str | None) -> list[tuple[str, _Template]]:
    """(name, pattern) of the custom commands opencode would offer in ``cwd``: `.opencode/command(s)/*.md` of the
    folder and its parents, the user's `$XDG_CONFIG_HOME/opencode/command(s)/`, and `command` in an opencode.json."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config").expanduser() / "opencode"
    roots: list[Path] = []
    if cwd:
        folder = Path(cwd)
        roots += [parent / ".opencode" for parent in [folder, *folder.parents]]
        roots += [folder]
    roots.append(config)
    found: dict[str, str] = {}
    for root in roots:
        for sub in ("command", "commands"):
            try:
                files = sorted((root / sub).glob("*.md"))
            except OSError:
                continue
            for file in files:
                try:
                    text = read_prefix(file, _TEMPLATE_BYTES).decode("utf-8", "replace")
                except LearnError:
                    continue
                found.setdefault(file.stem, _FRONT_MATTER.sub("", text, count=1))
        for name in ("opencode.json", "opencode.jsonc"):
            try:
                config_data = _loads(read_prefix(root / name, _TEMPLATE_BYTES)) if (root / name).is_file() else {}
            except (LearnError, OSError):
                config_data = {}
            commands = config_data.get("command") if isinstance(config_data.get("command"), dict) else {}
            for key, value in commands.items():
                if isinstance(key, str) and isinstance(value, dict) and isinstance(value.get("template"), str):
                    found.setdefault(key, value["template"])
    patterns = []
    for key, template in found.items():
        pattern = _template_pattern(template)
        if pattern is not None:
            patterns.append((key, pattern))
    return patterns


def _typed_command(text: str, templates: list[tuple[str, _Template]]) -> str | None:
    """The `/name args` whose template ``text`` is, or None when it is no command's template."""
    body = text.strip()
    for key, pattern in templates:
        match = pattern.fullmatch(body)
        if match is not None:
            args = " ".join((match.get("args") or "").split())
            return f"/{key} {args}".strip()
    return None


def _unquoted(text: str) -> str:
    """`opencode run "…"` saves the prompt wrapped in one pair of double quotes: dropped, as the hook drops them
    (:func:`altimate_learn.harness.opencode._prompt_text`), so the learner's digest shows what the live path saw."""
    body = text.strip()
    if len(body) >= 2 and body[0] == body[-1] == '"' and '"' not in body[1:-1]:
        return body[1:-1]
    return text


def message_events(messages: Iterator[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any]]]]], *,
                   agent_user: bool, created_ms: int | float | None = None,
                   templates: list[tuple[str, _Template]] | None = None) -> Iterator[Event | Context]:
    """Events of one session's messages; ``created_ms`` is the session's creation time (a message older than its
    session is a fork's copy of an earlier session's message: context only); a user message that is one of
    ``templates`` is the command the person typed."""
    for mid, data, parts in messages:
        role = data.get("role")
        time = data.get("time") if isinstance(data.get("time"), dict) else {}
        at = iso_from_ms(time.get("created"))
        created = time.get("created")
        copied = isinstance(created, (int, float)) and isinstance(created_ms, (int, float)) and created < created_ms
        if role == "user":
            if agent_user:
                continue
            words = [p.get("text") for _, p in parts
                     if p.get("type") == "text" and not p.get("synthetic") and not p.get("ignored")
                     and not str(p.get("text") or "").lstrip().startswith(_HARNESS_TEXT)]
            text = _unquoted("\n".join(w for w in words if isinstance(w, str) and w.strip()))
            if text.strip() and templates:
                text = _typed_command(text, templates) or text
            if text.strip():
                yield Context(user=True) if copied else UserMessage(text=text, index=0, id=mid, at=at)
            continue
        if role != "assistant":
            continue
        if copied:
            yield Context(replied=True)
            continue
        error = data.get("error") if isinstance(data.get("error"), dict) else {}
        aborted = error.get("name") == "MessageAbortedError"
        texts = [p.get("text") for _, p in parts if p.get("type") == "text" and not p.get("synthetic")]
        model = data.get("modelID") if isinstance(data.get("modelID"), str) else None
        thoughts = [p.get("text") for _, p in parts if p.get("type") == "reasoning"][:THOUGHTS_KEPT]
        yield AssistantTurn(text="\n".join(t for t in texts if isinstance(t, str)), id=mid, at=at, model=model,
                            aborted=aborted, thinking=thinking_of(thoughts))
        for pid, part in parts:
            if part.get("type") != "tool":
                continue
            yield from _tool_events(mid, pid, part, aborted)
        if aborted:
            yield UserMessage(text="[interrupted]", index=0, id=f"{mid}:abort", at=iso_from_ms(time.get("completed"))
                              or at, kind="interrupt")


def _tool_events(mid: str, pid: str, part: dict[str, Any], aborted: bool) -> Iterator[Event]:
    state = part.get("state") if isinstance(part.get("state"), dict) else {}
    status = state.get("status")
    name = part.get("tool") if isinstance(part.get("tool"), str) else "?"
    times = state.get("time") if isinstance(state.get("time"), dict) else {}
    at = iso_from_ms(times.get("start"))
    # the call id is what opencode's tool hooks report (live tool_retry capture uses it too)
    call_id = part.get("callID") if isinstance(part.get("callID"), str) and part.get("callID") else pid
    if status == "error":
        error = stringify(state.get("error"))
        if error.startswith(_REJECTED):
            match = _FEEDBACK.search(error)
            reason = error[match.end():].strip() if match else ""
            yield UserMessage(text=reason, index=0, id=f"{pid}:rejection", at=at, kind="rejection",
                              reason=reason or None, tool_name=name)
            return
        if aborted or error.strip() in _ABORTED_TOOL:
            return  # stopped by the interruption, not a failure of the tool
        yield ToolCall(name=name, input=state.get("input"), id=call_id, at=at, result=error, is_error=True,
                       message_id=mid)
    elif status == "completed":
        metadata = state.get("metadata") if isinstance(state.get("metadata"), dict) else {}
        code = metadata.get("exit") if isinstance(metadata.get("exit"), int) else None
        # a command that exited non-zero failed, though opencode marks the part completed (as every reader reads it)
        yield ToolCall(name=name, input=state.get("input"), id=call_id, at=at, result=stringify(state.get("output")),
                       is_error=bool(code), exit_code=code, message_id=mid)
    # pending/running parts have no outcome yet


# --- the JSON storage -----------------------------------------------------------------------------------

def _read_json(path: Path) -> dict[str, Any]:
    try:
        return _loads(path.read_bytes())
    except OSError:
        return {}


def _info_from_file(path: Path, data: dict[str, Any]) -> SessionInfo:
    time = data.get("time") if isinstance(data.get("time"), dict) else {}
    info = SessionInfo(harness=HARNESS, id=str(data.get("id")), path=str(path),
                       cwd=data.get("directory") if isinstance(data.get("directory"), str) else None,
                       started=iso_from_ms(time.get("created")), updated=iso_from_ms(time.get("updated")),
                       title=data.get("title") if isinstance(data.get("title"), str) else None,
                       parent_id=data.get("parentID") if isinstance(data.get("parentID"), str) else None)
    if isinstance(time.get("created"), (int, float)):
        info.extra["created_ms"] = time["created"]
    return info


def storage_sessions(storage: Path) -> list[SessionInfo]:
    out = []
    for file in sorted((storage / "session").glob("*/*.json")):
        data = _read_json(file)
        if looks_like(data) or (isinstance(data.get("id"), str) and data["id"].startswith("ses")):
            out.append(_info_from_file(file, data))
    return out


class StorageReader(SessionReader):
    harness = HARNESS

    def __init__(self, storage: Path, info: SessionInfo) -> None:
        super().__init__(info)
        self.storage = storage

    def _messages(self) -> Iterator[tuple[str, dict[str, Any], list[tuple[str, dict[str, Any]]]]]:
        folder = self.storage / "message" / self.info.id
        files = sorted(folder.glob("*.json"))
        loaded = []
        for file in files:
            self.stats.lines += 1
            data = _read_json(file)
            if not data:
                self.stats.skipped += 1
                continue
            created = data.get("time", {}).get("created") if isinstance(data.get("time"), dict) else None
            loaded.append((created if isinstance(created, (int, float)) else 0, file.stem, data))
        loaded.sort(key=lambda item: (item[0], item[1]))
        for _, mid, data in loaded:
            parts = []
            for part_file in sorted((self.storage / "part" / mid).glob("*.json")):
                self.stats.lines += 1
                part = _read_json(part_file)
                if not part:
                    self.stats.skipped += 1
                    continue
                parts.append((part_file.stem, part))
            yield mid, data, parts

    def _raw_events(self) -> Iterator[Event | Context]:
        yield from message_events(self._messages(), agent_user=self.info.parent_id is not None,
                                  created_ms=self.info.extra.get("created_ms"),
                                  templates=command_templates(self.info.cwd))


# --- entry points ---------------------------------------------------------------------------------------

def open_session(path: Path, session_id: str | None = None) -> SessionReader:
    if not path.is_dir() and read_prefix(path, 16).startswith(SQLITE_MAGIC):
        sessions = db_sessions(path)
        return DatabaseReader(path, _pick(path, sessions, session_id))
    storage = _storage_root(path)
    if path.is_file():  # a session file of the JSON storage
        data = _read_json(path)
        if not looks_like(data):
            raise LearnError(f"{path} is not an opencode session file.", "Pass opencode.db or the storage folder.")
        info = _info_from_file(path, data)
        if session_id and session_id != info.id:
            raise LearnError(f"{path} holds session {info.id}, not {session_id}.", "Drop --session.")
        return StorageReader(storage, info)
    sessions = storage_sessions(storage)
    return StorageReader(storage, _pick(path, sessions, session_id))


def _pick(path: Path, sessions: list[SessionInfo], session_id: str | None) -> SessionInfo:
    if session_id:
        for info in sessions:
            if info.id == session_id:
                return info
        raise LearnError(f"{path} has no session {session_id}.", "`learn sessions --harness opencode` lists them.")
    roots = [s for s in sessions if s.parent_id is None]
    if len(roots) == 1:
        return roots[0]
    if not roots:
        raise LearnError(f"{path} holds no sessions.", "Run opencode first, or pass another database.")
    raise LearnError(f"{path} holds {len(roots)} sessions; say which one with --session ID.",
                     "`learn sessions --harness opencode` lists this project's sessions.")


def sessions_in(path: Path) -> list[SessionInfo]:
    """Every session in a database or storage folder (root sessions and sub-agent sessions)."""
    if not path.is_dir() and read_prefix(path, 16).startswith(SQLITE_MAGIC):
        return db_sessions(path)
    return storage_sessions(_storage_root(path))


def count_messages(info: SessionInfo) -> int:
    """User text messages + assistant messages, counted in the database (cheap, no transcript parse)."""
    path = Path(info.path)
    if path.is_file() and read_prefix(path, 16).startswith(SQLITE_MAGIC):
        con = connect(path)
        try:
            row = con.execute("SELECT COUNT(*) FROM message WHERE session_id = ?", (info.id,)).fetchone()
            return int(row[0]) if row else 0
        finally:
            con.close()
    folder = _storage_root(path) / "message" / info.id
    return sum(1 for _ in folder.glob("*.json"))


def discover(roots: set[str], since: Any = None) -> list[SessionInfo]:
    found: list[SessionInfo] = []
    for folder in data_dirs():
        if not folder.is_dir():
            continue
        for db in sorted(folder.glob("*.db")):
            try:
                if not read_prefix(db, 16).startswith(SQLITE_MAGIC):
                    continue
                found += [s for s in db_sessions(db) if s.parent_id is None and is_within(s.cwd, roots)]
            except LearnError:
                continue  # a database that is not opencode's, or busy: the others still count
        storage = folder / "storage"
        if (storage / "session").is_dir():
            known = {s.id for s in found}
            found += [s for s in storage_sessions(storage)
                      if s.parent_id is None and s.id not in known and is_within(s.cwd, roots)]
    return found
