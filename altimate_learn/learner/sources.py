"""Which sessions a run reads: the project's sessions of every harness, and those given to `learn capture`.

Discovery (:func:`altimate_learn.capture.sessions.discover_sessions`) lists the sessions updated since the
state's ``scan_from``; a session whose fingerprint is the one its cursor recorded when it was read to the end
is not opened again. Sub-agent sessions are not a person's conversation, and the learner's own sessions (an
agent CLI run as reflector) are marked once and never read again. A session a person passed to `learn
capture` is in scope whatever its age. A session that cannot be read (gone, not a transcript, a database
that is busy) keeps its cursor and says why, once per problem. A session read by an earlier run from the
same cursor or an earlier one, whose transcript has not changed since, is not parsed again
(:mod:`altimate_learn.learner.readcache`).
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import SessionInfo
from altimate_learn.errors import LearnError
from altimate_learn.learner.digest import SessionRead, fingerprint, read_session, session_key
from altimate_learn.learner.readcache import SINGLE_FILE, ReadCache, file_identity, code_version, read_key
from altimate_learn.store import ProjectPaths


def remember_captured(paths: ProjectPaths, sessions: list[tuple[str, str, str]]) -> None:
    """Record sessions given to `learn capture` by path (harness, id, path): the learner reads them whatever
    their age, even from outside the project's session folders."""
    from altimate_learn.learner.state import LearnerFiles

    files = LearnerFiles(paths)
    with files.lock():
        state = files.read_state()
        for harness, session_id, path in sessions:
            state["captured"][f"{harness}:{session_id}"] = {"path": str(Path(path).resolve()), "harness": harness,
                                                            "session": session_id}
        files.write_state(state)


def _captured_infos(state: dict[str, Any], notes: list[str]) -> list[SessionInfo]:
    """The sessions given to `learn capture`, each as its reader describes it before reading it (its header). A
    transcript that is one file of its own and has not changed since a run opened it is not opened again: the entry
    keeps what its reader said then (``seen``: the file's identity, the code's version and the description)."""
    from altimate_learn.capture.sessions import multi_session, read_session as open_reader

    out = []
    for key, entry in list(state["captured"].items()):
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            state["captured"].pop(key, None)
            continue
        path = Path(entry["path"])
        identity = file_identity(entry["path"])
        seen = _seen(entry, identity)
        if seen is not None:
            entry.pop("missing", None)
            out.append(seen)
            continue
        if not path.exists():
            if not entry.get("missing"):
                notes.append(f"session {entry.get('session')}: its transcript {path} (given to `learn capture`) "
                             "vanished; its cursor is kept")
                entry["missing"] = True
            continue
        entry.pop("missing", None)
        try:
            reader = open_reader(path, harness=entry.get("harness"),
                                 session_id=entry.get("session") if multi_session(entry.get("harness")) else None)
        except (LearnError, OSError, sqlite3.Error) as exc:
            notes.append(f"session {entry.get('session')}: {path} cannot be read ({_why(exc)}); its cursor is kept")
            continue
        _remember_seen(entry, identity, reader.info)
        out.append(reader.info)
    return out


# What a run uses of a captured session's description, kept while its file is unchanged. Not its title (words a
# person may have typed, never written unredacted) nor the harness's extras: nothing in a run reads them.
_INFO_TEXT = ("harness", "id", "path")
_INFO_KEPT = (*_INFO_TEXT, "cwd", "started", "updated", "model", "parent_id")


def _seen(entry: dict[str, Any], identity: dict[str, int] | None) -> SessionInfo | None:
    """The description a run kept for ``entry`` (:func:`_captured_infos`), when the transcript is the same file, of the
    same size and times, read by the same code; None (open it) otherwise, or when what is kept is not a description."""
    seen = entry.get("seen")
    if identity is None or not isinstance(seen, dict) or seen.get("file") != identity \
            or seen.get("version") != code_version():
        return None
    info = seen.get("info")
    # the state is written as canonical JSON, which leaves out the fields that are None
    if not isinstance(info, dict) or not set(info) <= set(_INFO_KEPT) or info.get("path") != entry["path"]:
        return None
    for name in _INFO_KEPT:
        value = info.get(name)
        if not (isinstance(value, str) if name in _INFO_TEXT else value is None or isinstance(value, str)):
            return None
    if info["harness"] not in SINGLE_FILE:
        return None
    return SessionInfo(**{name: info.get(name) for name in _INFO_KEPT})


def _remember_seen(entry: dict[str, Any], before: dict[str, int] | None, info: SessionInfo) -> None:
    """Keep what the reader said of a transcript that is one file of its own (:data:`readcache.SINGLE_FILE`) when the
    file did not change while it was opened."""
    entry.pop("seen", None)
    if before is None or info.harness not in SINGLE_FILE or info.path != entry["path"] \
            or file_identity(entry["path"]) != before:
        return
    kept = {name: getattr(info, name) for name in _INFO_KEPT}
    if all(isinstance(kept[name], str) for name in _INFO_TEXT) \
            and all(value is None or isinstance(value, str) for value in kept.values()):
        entry["seen"] = {"file": before, "version": code_version(), "info": kept}


def _why(exc: BaseException) -> str:
    if isinstance(exc, LearnError):
        return exc.message.rstrip(".")
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def collect(root: Path, state: dict[str, Any], *, floor: datetime | None, scan_from: datetime | None,
            notes: list[str], cache: ReadCache | None = None) -> list[SessionRead]:
    """Read every session with something new after its cursor (see the module docstring); with ``cache``, a
    session whose transcript and cursor did not change since a run read it is handed back as it was read then
    (:mod:`altimate_learn.learner.readcache`)."""
    from altimate_learn.capture.sessions import discover_sessions

    try:
        infos = discover_sessions(root, since=scan_from)
    except (OSError, ValueError) as exc:
        notes.append(f"sessions could not be listed ({_why(exc)})")
        infos = []
    captured = _captured_infos(state, notes)
    captured_keys = {session_key(i) for i in captured}
    seen: set[str] = set()
    cursors: dict[str, Any] = state["cursors"]
    reads: list[SessionRead] = []
    for info in [*captured, *infos]:
        key = session_key(info)
        if key in seen or info.parent_id:
            continue
        seen.add(key)
        cursor = cursors.get(key) if isinstance(cursors.get(key), dict) else None
        if cursor is not None:
            cursor.pop("missing", None)
            if cursor.get("own"):
                continue
            if cursor.get("complete") and cursor["complete"] == fingerprint(info):
                continue
        start = cursor if cursor and cursor.get("message") else None
        session_floor = None if key in captured_keys else floor
        kept_as = read_key(info, start, session_floor) if cache is not None else None
        read = cache.get(info, kept_as) if cache is not None else None
        if read is None:
            try:
                read = read_session(info, start, floor=session_floor)
            except (LearnError, OSError, sqlite3.Error, ValueError) as exc:
                notes.append(f"session {info.id} ({info.harness}): cannot be read ({_why(exc)}); its cursor stays "
                             "where it was")
                continue
            if cache is not None:
                cache.put(info, kept_as, read)
        if read.own:
            cursors[key] = {"own": True, "session": info.id, "harness": info.harness, "path": info.path,
                            "complete": read.fingerprint}
            continue
        reads.append(read)
    for key, cursor in cursors.items():
        if not isinstance(cursor, dict) or key in seen or cursor.get("own") or cursor.get("missing"):
            continue
        path = cursor.get("path")
        if isinstance(path, str) and path and not os.path.exists(path):
            notes.append(f"session {cursor.get('session')}: its transcript {path} vanished since the last run; "
                         "its cursor is kept")
            cursor["missing"] = True
    if cache is not None:
        cache.prune()
    return reads
