"""What a session held after its cursor, kept between `learn run`s: `.learner/reads/<name>.json`.

Every run reads each session with something after its cursor (exchanges that did not fit the last digest
wait in their transcript). Reading one means parsing the whole transcript twice (its secrets first, then
its exchanges), redacting and classifying every typed message; a project with many sessions paid that for
every waiting session at every run, although most of them had not changed. A run now keeps each read it
made, and the next run hands a session back as it was read then when nothing it depended on changed:

- the transcript file: its path, device and inode, size, mtime_ns and ctime_ns (a rewrite of the same size
  changes its mtime or, if the mtime was put back, its ctime; a replaced file has a new inode), and the same for
  every other file its reader reads (a Gemini session resumed in a later minute goes on in a file of its own);
- the session (harness, id, working folder, update time), the cursor read from (message, index, time) and the
  floor;
- the code that reads (:func:`code_version`: learn's version and the size and mtime of each of its modules,
  so an upgrade or an edited parser, classifier or redactor reads everything again).

Any difference reads the transcript again, but one: a cursor that moved on to an exchange the kept read holds.
A read is the same whatever its cursor for every exchange it makes (the reply, failures and classifier hint of an
exchange come from the transcript around it, its secrets from the whole session), so a read from that later cursor
is the kept read's exchanges after it; that is served when the kept read was whole (every typed exchange after
its cursor: none left out by the floor or by a cursor whose message was gone). A long session shown a digest at a
time is then read and classified once, not once per run. Only what a read keeps is stored, and it is redacted already:
the exchanges' texts went through :func:`altimate_learn.redact.redact` when they were made (the same texts
the digest and the run's transcript hold), never the raw transcript. Only the harnesses whose session is
its own file(s) are kept (:data:`SINGLE_FILE`, and Gemini's files): never opencode's shared database
(written through its WAL) or a folder, whose size and time do not say that one session changed.

A cache file that cannot be parsed or does not hold a read (any field missing, added or of another type) is
moved aside (`<file>.malformed-<time>`) and the session is read as if it had never been kept; the run goes
on and says nothing about it (nothing in it is a person's work). Writes are atomic (a temporary file in the
same folder, renamed) without fsync: a file cut short by a power cut is malformed, so it is moved aside and
read again. At most :data:`KEEP` files are kept: files whose transcript is gone go first, then the least
recently written.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import re
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import SessionInfo
from altimate_learn.learner.digest import Exchange, SessionRead, fingerprint, session_key
from altimate_learn.store import fsio

FOLDER = "reads"
KEEP = 1_000  # kept reads (one per session); a read holds at most what waits after its cursor
FORMAT = 2  # 2: a read says whether it is whole (a later cursor's read is cut from it)
_TEMP = re.compile(r"^\.[0-9a-f]+\.json\.(\d+)-[^.]*\.tmp$")


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """learn's version and the size and mtime of every module of the package: any edit or upgrade differs."""
    import altimate_learn

    package = Path(altimate_learn.__file__).resolve().parent
    digest = hashlib.sha256(f"{FORMAT}\0{getattr(altimate_learn, '__version__', '')}".encode())
    for root, dirs, names in os.walk(package):
        dirs.sort()
        for name in sorted(names):
            if name.endswith((".py", ".txt", ".json")):
                path = os.path.join(root, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                digest.update(f"\0{os.path.relpath(path, package)}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def file_identity(path: str) -> dict[str, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    import stat as stat_module

    if not stat_module.S_ISREG(stat.st_mode):
        return None
    return {"dev": stat.st_dev, "ino": stat.st_ino, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
            "ctime_ns": stat.st_ctime_ns}


# The harnesses whose session is its own file(s): opencode's database (many sessions, written through its WAL) is
# not, and a harness added later is not kept until its files are listed here.
SINGLE_FILE = ("claude-code", "codex", "generic", "markdown")


def _session_files(info: SessionInfo) -> list[str] | None:
    """Every file the reader of ``info`` reads, or None when a file's stat cannot say that the session changed."""
    if info.harness in SINGLE_FILE:
        return [info.path]
    if info.harness == "gemini":  # a resume in a later minute writes a file of its own, read with the first
        if not info.path.endswith(".jsonl"):
            return [info.path]  # the older single-JSON format, rewritten whole
        from altimate_learn.capture.sessions.gemini import session_files

        try:
            return [str(p) for p in session_files(Path(info.path), info.id)]
        except (OSError, ValueError):
            return None
    return None


def read_key(info: SessionInfo, cursor: dict[str, Any] | None, floor: datetime | None) -> dict[str, Any] | None:
    """Everything a read of ``info`` from ``cursor`` depends on, or None when it cannot be kept."""
    if not info.path:
        return None
    files = _session_files(info)
    if not files:
        return None
    identity = file_identity(info.path)
    if identity is None:
        return None
    others = []
    for other in files[1:] if files[0] == info.path else files:
        found = file_identity(other)
        if found is None:
            return None
        others.append([other, found])
    return {
        "version": code_version(), "path": info.path, **identity, "files": others,
        "harness": info.harness, "session": info.id, "cwd": info.cwd, "updated": info.updated,
        "cursor": None if cursor is None else {k: cursor.get(k) for k in ("message", "index", "at")},
        "floor": None if floor is None else floor.isoformat(),
    }


class ReadCache:
    """The kept reads of one project (``folder``: `.learner/reads`); ``write=False`` only looks (a dry run)."""

    def __init__(self, folder: Path, *, write: bool = True, within: Path | None = None) -> None:
        self.folder = folder
        self.write = write
        self.within = within  # a `reads` symlink leading out of it is never written through
        self._confined: bool | None = None
        self.hits = 0
        self.misses = 0
        self.written = 0

    def _file(self, info: SessionInfo) -> Path:
        name = hashlib.sha256(f"{info.harness}\0{info.id}\0{info.path}".encode()).hexdigest()[:24]
        return self.folder / f"{name}.json"

    def get(self, info: SessionInfo, key: dict[str, Any] | None) -> SessionRead | None:
        if key is None or not self._writable():
            return None
        path = self._file(info)
        try:
            raw = path.read_bytes()
        except OSError:  # not kept (or the folder is unreadable): read the session
            self.misses += 1
            return None
        try:
            parsed = _parse(str(path), raw)
            later = parsed.key != key
            if later and not _later_cursor(parsed.key, key):
                self.misses += 1
                return None
            own, notes, skipped_lines, whole, exchanges = parsed.read()
            read = SessionRead(info, session_key(info), fingerprint=fingerprint(info), own=own,
                               exchanges=[_thaw(e) for e in exchanges], notes=list(notes),
                               skipped_lines=skipped_lines, whole=whole)
        except (ValueError, TypeError, KeyError, AttributeError):
            _forget(str(path))
            self._move_aside(path)
            self.misses += 1
            return None
        if later:
            after = _after(read, key["cursor"])
            if after is None:
                self.misses += 1
                return None
            read.exchanges = after
        self.hits += 1
        return read

    def put(self, info: SessionInfo, key: dict[str, Any] | None, read: SessionRead) -> None:
        """Keep ``read`` when the transcript is still what ``key`` says (it did not change while it was read)."""
        if key is None or not self.write or not self._writable():
            return
        after = read_key(info, key["cursor"], None)
        if after is None or any(after[k] != key[k] for k in ("dev", "ino", "size", "mtime_ns", "ctime_ns", "files")):
            return
        entry = {"key": key, "read": {"own": read.own, "notes": read.notes, "skipped_lines": read.skipped_lines,
                                      "whole": read.whole, "exchanges": [dataclasses.asdict(e) for e in read.exchanges]}}
        path = self._file(info)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump(entry, handle, ensure_ascii=False, separators=(",", ":"))
                os.replace(tmp, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except (OSError, ValueError, TypeError):  # a cache that cannot be written only costs the next run a read
            return
        self.written += 1

    def _writable(self) -> bool:
        """The folder is inside ``within`` (checked once): a `reads` symlink leading elsewhere is neither read
        nor written."""
        if self._confined is None:
            from altimate_learn.errors import StoreError
            from altimate_learn.store import fsio

            try:
                if self.within is not None:
                    fsio.check_confined(self.folder / "x.json", self.within)
                self._confined = True
            except (StoreError, OSError):
                self._confined = False
        return self._confined

    def prune(self, keep: int = KEEP) -> None:
        """Drop kept reads whose transcript is gone, then the least recently written, when there are more than
        ``keep`` (down to nine tenths of it, so the folder is not listed again at every run); and the temporary
        files of a writer that was killed mid-write."""
        if not self.write or not self.written or not self._writable():
            return
        alive: list[tuple[float, str]] = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        for entry in entries:
            temp = _TEMP.match(entry.name)
            try:
                if temp:
                    pid = int(temp.group(1))
                    if pid != os.getpid() and not fsio.process_alive(pid):
                        os.unlink(entry.path)
                elif entry.name.endswith(".json") and entry.is_file():
                    alive.append((entry.stat().st_mtime, entry.path))
            except OSError:
                continue
        if len(alive) <= keep:
            return
        keep = keep * 9 // 10
        gone: list[str] = []
        present: list[tuple[float, str]] = []
        for mtime, path in alive:
            source = _source_path(path)
            if source is not None and not os.path.exists(source):
                gone.append(path)
            else:
                present.append((mtime, path))
        present.sort()
        for path in gone + [p for _, p in present[:max(0, len(present) - keep)]]:
            with contextlib.suppress(OSError):
                os.unlink(path)

    def _move_aside(self, path: Path) -> None:
        from altimate_learn.store import fsio

        if not self.write or not self._writable():
            return
        with contextlib.suppress(OSError):
            fsio.move_aside(path)


_FIELDS = {f.name: f for f in dataclasses.fields(Exchange)}
_TEXT = ("ref", "session", "key", "message_id", "kind", "text")
_TEXT_OR_NONE = ("at", "reply", "hint")
_COUNTS = ("index", "more_failures", "tools")
_TEXTS = ("refused", "failures", "worked", "files")


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a boolean")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("not a number")
    return value


def _list(value: Any, kind: type) -> list[Any]:
    if not isinstance(value, list) or not all(isinstance(v, kind) for v in value):
        raise TypeError("not a list")
    return value


def _exchange(value: dict[str, Any]) -> tuple[Any, ...]:
    """An Exchange's field values (in :data:`_FIELDS` order, its lists as tuples) from its kept form; any field
    missing, added or of another type raises TypeError."""
    if set(value) != set(_FIELDS):
        raise TypeError("not an exchange")
    for name in _TEXT:
        if not isinstance(value[name], str):
            raise TypeError(name)
    for name in _TEXT_OR_NONE:
        if value[name] is not None and not isinstance(value[name], str):
            raise TypeError(name)
    for name in _COUNTS:
        _int(value[name])
    for name in _TEXTS:
        _list(value[name], str)
    _bool(value["reply_cut"])
    if value["kind"] not in ("text", "rejection"):
        raise TypeError("kind")
    return tuple(tuple(value[name]) if name in _TEXTS else value[name] for name in _FIELDS)


_LISTS_AT = tuple(n for n, name in enumerate(_FIELDS) if name in _TEXTS)


def _thaw(values: tuple[Any, ...]) -> Exchange:
    """A new Exchange (with lists of its own) from the values :func:`_exchange` gave."""
    fields = list(values)
    for n in _LISTS_AT:
        fields[n] = list(fields[n])
    return Exchange(*fields)


# What a kept file held, worked out once per content in this process: a process that reads the same kept reads
# again (the continual learner, a run after a run in one process) decodes and checks each file once, not at every
# run (84 runs over 761 kept reads decoded 190k exchanges; tests/learner/test_real_sessions). Keyed by the file's
# path and a digest of its bytes, which are read every time: a file that changed in any way is decoded again, so
# what a read gives is what decoding the file now gives. Bounded by the kept files' bytes: once full, a file not
# kept yet is decoded at each read (a run reads its files in the same order each time, so the ones kept stay).
_MEMO_BYTES = 32 << 20
_memo: dict[str, _Parsed] = {}
_memo_size = 0
_memo_lock = threading.Lock()


class _Parsed:
    """One kept file, decoded: its key, and its read checked, or what checking it raised (raised when the read is
    used: a file whose key does not match is never moved aside for its read, as before)."""

    __slots__ = ("digest", "size", "key", "_read", "_error")

    def __init__(self, digest: bytes, size: int, entry: Any) -> None:
        self.digest, self.size, self.key = digest, size, entry["key"]
        self._read: tuple[bool, tuple[str, ...], int, bool, tuple[tuple[Any, ...], ...]] | None = None
        self._error: Exception | None = None
        try:
            kept = entry["read"]
            own = _bool(kept["own"])
            exchanges = tuple(_exchange(e) for e in _list(kept["exchanges"], dict))
            notes = tuple(_list(kept["notes"], str))
            self._read = (own, notes, _int(kept["skipped_lines"]), _bool(kept["whole"]), exchanges)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            self._error = exc.with_traceback(None)  # not the frames (and the decoded file) it was raised in

    def read(self) -> tuple[bool, tuple[str, ...], int, bool, tuple[tuple[Any, ...], ...]]:
        """own, notes, skipped lines, whole and the exchanges' values; raises what :func:`_exchange` raised."""
        if self._read is None:
            raise self._error if self._error is not None else TypeError("not a read")
        return self._read


def _parse(name: str, raw: bytes) -> _Parsed:
    """The decoded kept file ``name`` whose bytes are ``raw``; raises ValueError, TypeError or KeyError as decoding
    it does."""
    global _memo_size
    digest = hashlib.blake2b(raw, digest_size=16).digest()
    with _memo_lock:
        found = _memo.get(name)
    if found is not None and found.digest == digest and found.size == len(raw):
        return found
    entry = json.loads(raw.decode("utf-8"))
    parsed = _Parsed(digest, len(raw), entry)
    with _memo_lock:
        old = _memo.pop(name, None)
        if old is not None:
            _memo_size -= old.size
        if _memo_size + len(raw) <= _MEMO_BYTES:
            _memo[name] = parsed
            _memo_size += len(raw)
    return parsed


def _forget(name: str) -> None:
    global _memo_size
    with _memo_lock:
        old = _memo.pop(name, None)
        if old is not None:
            _memo_size -= old.size


def _later_cursor(kept: Any, key: dict[str, Any]) -> bool:
    """Whether ``key`` differs from the kept read's ``kept`` only by a cursor further on (and the floor, which a read
    from a cursor does not use): the same transcript, session and code, read now from one of the kept exchanges."""
    if not isinstance(kept, dict) or set(kept) != set(key) or key["cursor"] is None:
        return False
    return all(kept[k] == key[k] for k in key if k not in ("cursor", "floor"))


def _after(read: SessionRead, cursor: dict[str, Any]) -> list[Exchange] | None:
    """What a read from ``cursor`` holds, cut from a whole read (:attr:`SessionRead.whole`) that holds the cursor's
    exchange: the exchanges after it. Every exchange is made the same whatever the cursor (its reply, failures and
    hint come from the transcript around it, its secrets from the whole session), so this is the read itself; None
    when the kept read cannot say (not whole, the learner's own session, or the cursor's message is not in it)."""
    if not read.whole or read.own:
        return None
    for n, exchange in enumerate(read.exchanges):
        if exchange.message_id == cursor.get("message") and exchange.index == cursor.get("index"):
            return read.exchanges[n + 1:]
    return None


def _source_path(cache_file: str) -> str | None:
    try:
        with open(cache_file, encoding="utf-8") as handle:
            entry = json.load(handle)
        path = entry["key"]["path"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return path if isinstance(path, str) else None
