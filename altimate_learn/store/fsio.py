"""Safe file primitives for the store: canonical JSON, atomic writes, locks, JSONL.

Canonical JSON is what altimate-code writes: keys sorted recursively, absent (None) values dropped,
2-space indent, non-ASCII kept as UTF-8, and a trailing newline. Writing unchanged data therefore
produces the same bytes, so a committed `approved.json` only changes when a lesson does.

Every write goes to a temporary file in the destination folder, is flushed and fsynced, then renamed
over the destination: a reader sees the old file or the new one, never half of one. Writes refuse to
follow a symlink that resolves outside the folder they are confined to.

Locks are `fcntl.flock` on a `.lock` file in the store folder. They are re-entrant within a process
(the curator may append history while holding the lock for the candidate), and a waiter polls so that
a reader can give up after a deadline instead of blocking an agent.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads, loads_document
from altimate_learn.errors import LockTimeout, MalformedFileError, StoreError

WRITER_LOCK_TIMEOUT = 300.0
READER_LOCK_TIMEOUT = 5.0


def _drop_absent(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_absent(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_absent(v) for v in value]
    return value


def canonical_json(value: Any) -> str:
    """The canonical text of ``value`` (see module docstring)."""
    try:
        return _indented(value)
    except (_Unusual, TypeError):  # json.dumps decides (and raises what it raises)
        return json.dumps(_drop_absent(value), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


class _Unusual(Exception):
    """A value :func:`_indented` leaves to the json module (a key that is not a string, a subclass, a cycle)."""


_encode_string = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) uses (C when available)
_SCALARS = (int, float, bool)


def _indented(value: Any) -> str:
    """``json.dumps(_drop_absent(value), indent=2, sort_keys=True, ensure_ascii=False) + "\\n"``, byte for byte,
    about three times faster: json's indenting encoder is pure Python, and a 10,000-entry store file is
    written on every reflection. Anything but plain dicts (string keys), lists, tuples, strings, numbers,
    booleans and None raises :class:`_Unusual` (or TypeError, for keys that are not strings)."""
    out: list[str] = []
    append = out.append

    def walk(item: Any, pad: str, depth: int) -> None:
        kind = type(item)
        if kind is str:
            append(_encode_string(item))
        elif kind is dict:
            if depth > 200:
                raise _Unusual
            inner = pad + "  "
            sep = "{" + inner
            for key, child in sorted(item.items()):  # a key that is not a string: TypeError, json's way
                if child is None:
                    continue
                kind = type(child)
                if kind is str:  # the common values inline: no call per value
                    append(sep + _encode_string(key) + ": " + _encode_string(child))
                elif kind is int:
                    append(sep + _encode_string(key) + ": " + int.__repr__(child))
                else:
                    append(sep + _encode_string(key) + ": ")
                    walk(child, inner, depth + 1)
                sep = "," + inner
            append("{}" if sep[0] == "{" else pad + "}")
        elif kind is list or kind is tuple:
            if depth > 200:
                raise _Unusual
            if not item:
                append("[]")
                return
            inner = pad + "  "
            sep = "[" + inner
            for element in item:
                append(sep)
                walk(element, inner, depth + 1)
                sep = "," + inner
            append(pad + "]")
        elif item is None or kind in _SCALARS:
            append(json.dumps(item))
        else:
            raise _Unusual

    walk(value, "\n", 0)
    return "".join(out) + "\n"


def json_line(value: Any) -> str:
    """One compact JSONL line with sorted keys and absent values dropped."""
    return json.dumps(_drop_absent(value), sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"


def utc_now() -> str:
    """ISO 8601 in UTC with milliseconds and a `Z`, as altimate-code writes timestamps."""
    now = datetime.now(timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def _is_within(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def check_confined(path: Path, within: Path, *, verb: str = "write") -> None:
    """Refuse to write (or read) ``path`` if it (or a folder on the way) is a symlink that leads outside
    ``within``."""
    base = within.resolve()
    target = path.parent.resolve() / path.name
    if path.is_symlink() or target.is_symlink():
        target = target.resolve()
    if not _is_within(target, base):
        raise StoreError(
            f"refusing to {verb} {path}: it leads outside {within} (through a symlink).",
            "Replace the symlink with a regular file, or remove it.",
        )


def atomic_write(path: Path, data: str | bytes, *, within: Path | None = None, mode: int = 0o644) -> None:
    """Write ``data`` to ``path`` atomically (temporary file in the same folder, fsync, rename)."""
    path = Path(path)
    if within is not None:
        check_confined(path, within)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    remove_stale_temp_files(path)
    # The writer's pid is in the name, so a later write can tell a file a killed writer left behind.
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


_TEMP_PID = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-[^.]*\.tmp$")
STALE_TEMP_SECONDS = 3600  # a temporary file with no pid in its name (older versions) is stale after this


def remove_stale_temp_files(path: Path) -> int:
    """Remove `.<name>.<pid>-*.tmp` files of ``path`` (and of the copies named after it, `<name>.bak-…`) whose writer
    is gone (a `kill -9` in mid-write); returns how many. A writer that is still running keeps its file."""
    removed = 0
    try:
        entries = [e for e in os.scandir(path.parent) if e.name.startswith(f".{path.name}.") and e.name.endswith(".tmp")]
    except OSError:
        return 0
    for entry in entries:
        m = _TEMP_PID.match(entry.name)
        try:
            if m and (m.group("name") == path.name or m.group("name").startswith(f"{path.name}.")):
                if _alive(int(m.group("pid"))):
                    continue
            elif time.time() - entry.stat(follow_symlinks=False).st_mtime < STALE_TEMP_SECONDS:
                continue
            os.unlink(entry.path)
            removed += 1
        except OSError:
            continue
    return removed


_TEMP_ANY = re.compile(r"^(?:\.(?P<a>.+)\.(?P<apid>\d+)-[^./]*|(?P<b>.+)\.(?P<bpid>\d+))\.tmp$")


def sweep_temp_files(folder: Path) -> int:
    """Remove every temporary file in ``folder`` whose writer is gone: fsio's `.<name>.<pid>-*.tmp` and the
    `<name>.<pid>.tmp` other writers use (the last-good snapshot, caches); returns how many. A `kill -9` between
    a temporary file and its rename leaves one, and :func:`remove_stale_temp_files` only finds it when the same
    file is written again, which a rerun that changes nothing never does. Called where a folder's lock is taken."""
    removed = 0
    try:
        entries = [e for e in os.scandir(folder) if e.name.endswith(".tmp")]
    except OSError:
        return 0
    for entry in entries:
        m = _TEMP_ANY.match(entry.name)
        if not m:
            continue
        try:
            if _alive(int(m.group("apid") or m.group("bpid"))) or not entry.is_file(follow_symlinks=False):
                continue
            os.unlink(entry.path)
            removed += 1
        except (OSError, ValueError):
            continue
    return removed


PID_MAX = 4_194_304  # Linux's PID_MAX_LIMIT: a larger number in a temporary file's name is no pid (a time, say)


def process_alive(pid: Any) -> bool:
    """Whether process ``pid`` runs on this host (someone else's process counts); False for what is no pid."""
    if not isinstance(pid, int) or isinstance(pid, bool) or not 0 < pid <= PID_MAX:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: another user's process exists
        return True
    return True


def _alive(pid: int) -> bool:
    """Whether ``pid`` may be a live process: True for a number that is no pid, so its file is never removed."""
    if pid == os.getpid() or not 0 < pid <= PID_MAX:
        return True
    return process_alive(pid)


def write_json(path: Path, value: Any, *, within: Path | None = None) -> bool:
    """Write canonical JSON; returns False (and writes nothing) when the bytes would not change."""
    text = canonical_json(value)
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError, IsADirectoryError):
        pass
    atomic_write(path, text, within=within)
    return True


def unique_sibling(path: Path, tag: str) -> Path:
    """A free name `<file>.<tag>-<time>` (then `-2`, `-3`…) beside ``path``: a copy never overwrites another."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    dest = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while dest.exists():
        n += 1
        dest = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return dest


def move_aside(path: Path) -> Path:
    """Rename an unparseable file to `<file>.malformed-<time>`; never overwrite an earlier copy."""
    dest = unique_sibling(path, "malformed")
    os.rename(path, dest)
    return dest


def read_json(path: Path, *, quarantine: bool = False) -> Any:
    """Parse a JSON file; ``None`` if it does not exist.

    An unparseable file raises :class:`MalformedFileError`. With ``quarantine`` it is first moved aside,
    so a caller that is about to write a fresh file in its place loses nothing.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not a file.", "Move it out of the way and run the command again.")
    return parse_json(path, raw, quarantine=quarantine)


def parse_json(path: Path, raw: bytes, *, quarantine: bool = False) -> Any:
    """The JSON document ``raw`` read from ``path``, with :func:`read_json`'s errors."""
    try:
        return loads_document(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        if has_conflict_markers(raw):  # never moved aside: git and `learn resolve` need it where it is
            raise MalformedFileError(str(path), "it has git conflict markers (a merge that is not finished)",
                                     hint=RESOLVE_HINT) from None
        detail = f"invalid JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno} column {exc.colno})" if isinstance(
            exc, json.JSONDecodeError) else "not UTF-8 text"
        moved = str(move_aside(path)) if quarantine else None
        hint = approved_hint(Path(path).parent) if not moved and Path(path).name == "approved.json" else None
        raise MalformedFileError(str(path), detail, moved, hint=hint) from None


def approved_hint(store_dir: Path) -> str | None:
    """What to do about an unreadable approved.json whose snapshot (`approved.last-good.json`) holds a newer
    set than git HEAD: restoring the file from git would take back what was approved since the last commit."""
    from altimate_learn.deliver.lastgood import SNAPSHOT, newer_snapshot

    newer = newer_snapshot(str(store_dir))
    if newer is None:
        return None
    mine, head = newer
    return (f"{SNAPSHOT} beside it holds a newer set ({mine} lessons; git HEAD has {head}), which the hooks deliver "
            f"meanwhile: copy it over approved.json to keep what was approved since the last commit, or fix the file "
            "by hand. Restoring approved.json from git would lose those approvals.")


RESOLVE_HINT = ("Run `learn resolve` to merge the lessons of both sides (`learn resolve --ours` or `--theirs` "
                "settles what both sides changed), then commit.")


def has_conflict_markers(raw: bytes) -> bool:
    """A quick test for git conflict blocks (``<<<<<<<`` … ``=======`` … ``>>>>>>>`` at line starts)."""
    opened = raw.startswith(b"<<<<<<<") or b"\n<<<<<<<" in raw
    return opened and b"\n=======" in raw and b"\n>>>>>>>" in raw


class JsonlRead:
    """The complete, parseable records of a JSONL file, and how many lines were skipped."""

    __slots__ = ("records", "skipped", "torn")

    def __init__(self, records: list[Any], skipped: int, torn: bool) -> None:
        self.records = records
        self.skipped = skipped
        self.torn = torn


# --- what was unreadable -------------------------------------------------------------------------------
# A state file with lines that do not parse is read without them, and the next write under the lock keeps a copy of
# the file as it was and drops them (repair_jsonl). Neither happens without a word: both are noted here, per file, and
# the command line says each once when the command ends (cli/app.py), while a hook or a background worker logs them
# (never printed: hooks stay silent).

_unreadable: dict[str, list[int]] = {}  # path -> the (1-based) numbers of the lines skipped, in its last read
_repaired: list[tuple[str, str, list[int]]] = []  # (path, where its copy is, the lines dropped), per repair


def _lines_text(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:3]) + (", …" if len(numbers) > 3 else "")
    return f"line {shown}" if len(numbers) == 1 else f"lines {shown}"


def _count_text(numbers: list[int]) -> str:
    return "1 unreadable line" if len(numbers) == 1 else f"{len(numbers)} unreadable lines"


def take_notices(shown: Any = str) -> list[str]:
    """One sentence per state file read with unreadable lines or repaired since the last call (then forgotten);
    ``shown`` renders a path. A file repaired is said once, with where its copy is."""
    out = []
    for path, copy, numbers in _repaired:
        out.append(f"{shown(Path(path))} had {_count_text(numbers)} ({_lines_text(numbers)}): the file as it was is "
                   f"kept as {shown(Path(copy))} and {'that line was' if len(numbers) == 1 else 'those lines were'} "
                   "dropped; copy back from it what you need, then delete it.")
    repaired = {path for path, _, _ in _repaired}
    for path, numbers in _unreadable.items():
        if path not in repaired:
            it = "it" if len(numbers) == 1 else "them"
            out.append(f"{shown(Path(path))}: {_count_text(numbers)} skipped ({_lines_text(numbers)}); fix {it} or "
                       f"delete {it} by hand (a command that rewrites the file keeps a copy of it first).")
    _unreadable.clear()
    _repaired.clear()
    return out


def has_notices() -> bool:
    """Whether :func:`take_notices` has anything to say."""
    return bool(_unreadable or _repaired)


def log_notices(log: Any) -> None:
    """Hand :func:`take_notices` to a hook's log (which never prints); never raises."""
    try:
        for line in take_notices():
            log(line)
    except Exception:  # noqa: BLE001 - a hook must never fail over its log
        pass


def read_jsonl(path: Path) -> JsonlRead:
    """Every complete line that parses as JSON; a torn last line (no newline) or bad line is skipped (and noted:
    :func:`take_notices`).

    The file is always read; its lines are parsed once per content (:class:`_Parsed`): a read of the same bytes as
    the last read of this path, or of those bytes with whole lines appended, parses only what is new. What is
    returned is the same as a fresh parse of the file's bytes, in new objects the caller may change."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        _unreadable.pop(str(path), None)
        _forget_parse(str(path))
        return JsonlRead([], 0, False)
    key = str(path)
    kept = _kept_parse(key, raw)
    if kept is not None and len(kept.raw) == len(raw):
        records = kept.records()
        bad, torn = list(kept.bad), kept.torn
    else:
        records, items, bad, torn = [], [], [], False
        start, first = 0, 1
        if kept is not None:  # the same lines, and whole lines after them
            records, items, bad = kept.records(), list(kept.items), list(kept.bad)
            start, first = len(kept.raw), kept.lines + 1
        lines = raw[start:].split(b"\n")
        torn = bool(lines and lines[-1].strip())
        for number, line in enumerate(lines[:-1], first):
            if not line.strip():
                continue
            try:
                value = loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError):
                bad.append(number)
                continue
            records.append(value)
            items.append(_Parsed.keep(value, line))
        if torn:
            bad.append(first - 1 + len(lines))
        _keep_parse(key, _Parsed(raw, items, bad, torn, first - 1 + len(lines) - 1))
    if bad:
        _unreadable[key] = bad
    else:
        _unreadable.pop(key, None)
    return JsonlRead(records, len(bad), torn)


class _Parsed:
    """The last parse of one JSONL file: its bytes, and each record as a value that can be handed out again without
    parsing (a number or string as is, an object of plain values copied, anything nested as its line, parsed again)."""

    __slots__ = ("raw", "items", "bad", "torn", "lines")

    def __init__(self, raw: bytes, items: list[Any], bad: list[int], torn: bool, lines: int) -> None:
        self.raw, self.items, self.bad, self.torn, self.lines = raw, items, bad, torn, lines

    @staticmethod
    def keep(value: Any, line: bytes) -> Any:
        if type(value) is dict:
            if any(type(v) in (dict, list) for v in value.values()):
                return bytes(line)
            return dict(value)
        return bytes(line) if type(value) is list else value

    def records(self) -> list[Any]:
        out = []
        for item in self.items:
            kind = type(item)
            out.append(dict(item) if kind is dict else loads(item) if kind is bytes else item)
        return out


_PARSES_KEPT = 8  # files whose last parse is kept (a store's signals, history, runs…)
_PARSE_KEPT_BYTES = 16 << 20  # a larger file is parsed at every read, as before
_PARSES_KEPT_BYTES = 32 << 20  # all kept files together: the oldest go first (a long-lived process stays small)
_parses: dict[str, _Parsed] = {}
_parses_lock = threading.Lock()


def _kept_parse(key: str, raw: bytes) -> _Parsed | None:
    """The kept parse of ``key`` when ``raw`` is its bytes, or its bytes and more after a whole last line."""
    with _parses_lock:
        kept = _parses.get(key)
    if kept is None or len(raw) < len(kept.raw):
        return None
    if len(raw) == len(kept.raw):
        return kept if raw == kept.raw else None
    if kept.raw and not kept.raw.endswith(b"\n"):
        return None
    return kept if raw.startswith(kept.raw) else None


def _keep_parse(key: str, parsed: _Parsed) -> None:
    with _parses_lock:
        _parses.pop(key, None)
        if len(parsed.raw) > _PARSE_KEPT_BYTES:
            return
        _parses[key] = parsed
        while len(_parses) > _PARSES_KEPT or sum(len(p.raw) for p in _parses.values()) > _PARSES_KEPT_BYTES:
            del _parses[next(iter(_parses))]


def _forget_parse(key: str) -> None:
    with _parses_lock:
        _parses.pop(key, None)


def read_records(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL file (:func:`read_jsonl`: blank, torn and unparseable lines skipped; a line
    that is not an object too). The one reader of record files: callers no longer loop over lines themselves."""
    return [record for record in read_jsonl(path).records if isinstance(record, dict)]


def repair_jsonl(path: Path, *, within: Path | None = None) -> Path | None:
    """If a JSONL file has unparseable or torn lines, keep a copy aside and rewrite it with the good ones.

    Call under the store lock. Returns where the original was kept, or ``None`` if it was clean.
    """
    return _repair(path, read_jsonl(path), within)


def read_repaired(path: Path, *, within: Path | None = None) -> JsonlRead:
    """:func:`read_jsonl` after :func:`repair_jsonl`, parsing the file once: what the file holds once repaired (every
    line readable). Call under the store lock."""
    result = read_jsonl(path)
    if _repair(path, result, within) is not None:
        return JsonlRead(result.records, 0, False)
    return result


def _repair(path: Path, result: JsonlRead, within: Path | None) -> Path | None:
    if not result.skipped:
        return None
    backup = _keep_copy(path, within)
    atomic_write(path, "".join(json_line(r) for r in result.records), within=within)
    return backup


def keep_unreadable(path: Path, *, within: Path | None = None) -> Path | None:
    """Before ``path`` is rewritten from its readable records: a copy of it as it is, if it has lines that do not
    parse (they would be lost). Where the copy is, else None. Call under the store lock."""
    return _keep_copy(path, within) if read_jsonl(path).skipped else None


def _keep_copy(path: Path, within: Path | None) -> Path:
    """A copy of ``path`` as it is, `<file>.malformed-<time>` (private), noted for :func:`take_notices` with the lines
    the last read skipped."""
    backup = unique_sibling(path, "malformed")
    atomic_write(backup, path.read_bytes(), within=within, mode=0o600)
    _repaired.append((str(path), str(backup), _unreadable.pop(str(path), [])))
    return backup


def append_jsonl(path: Path, records: list[Any], *, within: Path | None = None) -> None:
    """Append records as whole lines with one write. Call under the store lock.

    A file whose last line is torn is repaired first, so the new line never joins a broken one.
    """
    if not records:
        return
    if within is not None:
        check_confined(path, within)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() > 0:
                handle.seek(-1, os.SEEK_END)
                if handle.read(1) != b"\n":
                    repair_jsonl(path, within=within)
    except FileNotFoundError:
        pass
    payload = "".join(json_line(r) for r in records).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | NOFOLLOW, 0o644)
    try:
        view = memoryview(payload)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


# --- locking -----------------------------------------------------------------------------------------

def _notice_after() -> float:
    from altimate_learn.progress import LOCK_NOTICE_AFTER

    return LOCK_NOTICE_AFTER


def flock_holders(fd: int) -> list[int]:
    """The pids holding a `flock` on the file open as ``fd`` (Linux /proc/locks; [] where it cannot tell)."""
    try:
        st = os.fstat(fd)
        where = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    pids = []
    for line in lines:
        fields = line.split()  # "1: FLOCK  ADVISORY  WRITE 4242 fe:00:2146396 0 EOF" ("->" marks a waiter)
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == where and fields[4].isdigit():
            pid = int(fields[4])
            if pid != os.getpid() and pid not in pids:
                pids.append(pid)
    return pids


_held: dict[str, tuple[int, int]] = {}  # lock path -> (fd, depth)
_held_guard = threading.Lock()


@contextlib.contextmanager
def file_lock(lock_path: Path, timeout: float = WRITER_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive cross-process lock on ``lock_path``; re-entrant within this process.

    Raises :class:`LockTimeout` if another process holds it for longer than ``timeout`` seconds.
    """
    key = str(lock_path)
    with _held_guard:
        if key in _held:
            fd, depth = _held[key]
            _held[key] = (fd, depth + 1)
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _held_guard:
                fd, depth = _held[key]
                _held[key] = (fd, depth - 1)
        return
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        # Never through a symlink: a `.lock` link would create or truncate a file wherever it points.
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o644)
    except OSError as exc:
        if lock_path.is_symlink():
            raise StoreError(f"{lock_path} is a symlink; learn does not lock through one.",
                             "Remove the symlink; learn creates the lock file itself.") from None
        raise exc
    deadline = time.monotonic() + timeout
    delay = 0.005
    notice = time.monotonic() + _notice_after()
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= notice:
                    notice = float("inf")
                    from altimate_learn import progress
                    from altimate_learn.peerlock import process_name

                    who = ", ".join(f"pid {pid}{process_name(pid)}" for pid in flock_holders(fd))
                    progress.lock_wait_notice(f"Waiting for {lock_path.parent}: locked by another learn process"
                                              f"{', ' + who if who else ''} (giving up after {timeout:g} s)…")
                if time.monotonic() >= deadline:
                    pids = flock_holders(fd)
                    from altimate_learn.peerlock import process_name

                    who = ", ".join(f"pid {pid}{process_name(pid)}" for pid in pids)
                    raise LockTimeout(
                        f"{lock_path.parent} is locked by another learn process{', ' + who if who else ''} "
                        f"(waited {timeout:g} s).",
                        "Wait for it to finish and run the command again"
                        + (f"; if process {pids[0]} is stuck, stop it (`kill {pids[0]}`) and run the command again."
                           if len(pids) == 1 else "."),
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.1)
    except BaseException:
        os.close(fd)
        raise
    with _held_guard:
        _held[key] = (fd, 1)
    try:
        sweep_temp_files(lock_path.parent)  # what a writer killed in this folder left (never a live writer's)
        yield
    finally:
        with _held_guard:
            _, depth = _held[key]
            if depth <= 1:
                del _held[key]
                release = True
            else:
                _held[key] = (fd, depth - 1)
                release = False
        if release:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
