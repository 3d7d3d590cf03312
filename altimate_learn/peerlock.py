"""altimate-code's learn lock, so the two tools serialise their writes to one checkout's stores.

altimate-code takes one lock per project for every learn write (`packages/opencode/src/altimate/learn/
lock.ts`, which hands `Flock.withLock("learn-state", …, {dir: ".altimate-code/learn", staleMs: 10 min})`
its project folder; `Flock` is `packages/core/src/util/flock.ts`). On disk it is a folder:

    .altimate-code/learn/<sha1("learn-state")>.lock/
        meta.json     {"token", "pid", "hostname", "createdAt"}  (written after the folder, exclusively)
        heartbeat     an empty file whose mtime the holder refreshes (every staleMs / 3)

Taking it is `mkdir` (atomic: one winner). A lock whose heartbeat (else meta.json, else the folder) is
older than 10 minutes is stale: a contender claims `<lock>.breaker` (another `mkdir`), checks again, and
removes it. A lock whose owner is a dead process on this host (the pid is gone, or a zombie) is removed the
same way at once, and so is one whose pid now belongs to a process that started after the lock was taken
(a recycled pid), unless that process runs learn or altimate-code (a wall clock stepped forward moves /proc start
times: a live holder would look recycled). Release checks that meta.json still carries our token, then removes the folder.

A process killed between its `mkdir` and its meta.json (or while removing the folder) leaves a lock that
names no owner, which neither rule recovers for 10 minutes: every learn command and hook after it waited
out its whole deadline (research/reliability.py, `kill -9` then the same command again). So a lock with no
readable owner that has not changed for :data:`ORPHAN_SECONDS` is abandoned (a live creator writes its
meta.json microseconds after the `mkdir`) and is removed the same way. learn writes meta.json before the
heartbeat, so a kill after it leaves a dead owner, recovered at once; it removes the heartbeat, then
meta.json, then the folder. Its breaker carries a meta.json too: a breaker whose owner died is removed at
once, one with no owner after :data:`ORPHAN_SECONDS`.

`learn` takes this lock first and its own per-store `flock` (`<store>/.lock`) second, so its own writers
keep excluding each other and earlier versions too. Within a process the lock is re-entrant.

Stdlib only and no `json`/`re` on the uncontended path: delivery takes it on the hook path (which is
why it lives outside the `store` package, whose import is heavier).
"""

from __future__ import annotations

import os
import time

# sha1("learn-state"), as altimate-code's `Hash.fast` names the lock (a test recomputes it).
LOCK_NAME = "fe9744fcbf0a5c5c0c1ec4072e49c591ef96c2b9.lock"
STALE_SECONDS = 600.0      # altimate-code's learn lock: staleMs 10 minutes
HEARTBEAT_SECONDS = STALE_SECONDS / 3
ORPHAN_SECONDS = 2.0       # a lock (or breaker) naming no owner, unchanged this long, was left by a killed process
                           # (a creator writes meta.json within milliseconds; a hook's 5 s wait gets past it)
RECYCLED_SLACK = 30.0      # an owner pid whose process started this long after createdAt is a recycled pid (a
                           # margin for a clock stepped forward since: the real owner started before createdAt),
                           # unless it runs learn or altimate-code (a larger step: _runs_a_holder)


class PeerLockBusy(Exception):
    """Another process (learn or altimate-code) held the project's learn lock past the deadline.

    ``holder`` says who, as far as meta.json tells (:func:`describe_holder`)."""

    def __init__(self, lock: str, holder: str = "") -> None:
        super().__init__(lock)
        self.lock = lock
        self.holder = holder


def lock_path(learn_dir: str) -> str:
    return os.path.join(learn_dir, LOCK_NAME)


def _hostname() -> str:
    return os.uname().nodename


def _json_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _iso_now() -> str:
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now * 1000) % 1000:03d}Z"


def _mtime(path: str) -> float | None:
    try:
        return os.stat(path).st_mtime
    except (FileNotFoundError, NotADirectoryError):
        return None


def _stale(lock: str, now: float) -> bool:
    """Flock's rule: the heartbeat's age, else meta.json's, else the folder's."""
    for path in (os.path.join(lock, "heartbeat"), os.path.join(lock, "meta.json"), lock):
        stamp = _mtime(path)
        if stamp is not None:
            return now - stamp > STALE_SECONDS
    return False


def _remove_tree(path: str) -> None:
    """Remove a lock folder; a symlink planted in its place is removed itself, never followed, and so is a plain
    file. meta.json goes last but the folder, so a kill on the way leaves a dead owner, not a lock naming none."""
    if os.path.islink(path):
        os.unlink(path)
        return
    try:
        entries = sorted(os.scandir(path), key=lambda entry: entry.name == "meta.json")
    except FileNotFoundError:
        return
    except NotADirectoryError:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                _remove_tree(entry.path)
            else:
                os.unlink(entry.path)
        except FileNotFoundError:
            pass
    try:
        os.rmdir(path)
    except FileNotFoundError:
        pass


def _read_meta(lock: str) -> dict | None:
    try:
        with open(os.path.join(lock, "meta.json"), encoding="utf-8") as handle:
            raw = handle.read()
    except (OSError, UnicodeDecodeError):
        return None
    import json  # only when the lock is contended

    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # a planted file nested too deep is just not ours
        return None
    return value if isinstance(value, dict) else None


def _dead_owner_token(lock: str) -> str | None:
    """The token of a lock whose owner is a dead process on this host (lock.ts `deadOwner`)."""
    meta = _read_meta(lock)
    if not meta or meta.get("hostname") != _hostname() or _owner(meta) is None:
        return None
    pid, token = _owner(meta)  # type: ignore[misc]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return token
    except PermissionError:
        return None
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as handle:
            stat = handle.read()
        if stat[stat.rfind(")") + 2:].startswith("Z "):
            return token
        started = _started(stat)
    except OSError:
        return None
    created = _parse_iso(meta.get("createdAt"))
    if started is not None and created is not None and started > created + RECYCLED_SLACK and not _runs_a_holder(pid):
        return token  # that pid is another program now, started after the lock was taken: the owner is gone
    return None


def _runs_a_holder(pid: int) -> bool:
    """Whether ``pid`` runs learn or altimate-code (or opencode): then it is taken for the lock's owner even when it
    seems to have started after the lock was taken, since /proc start times move with a wall clock stepped forward
    (NTP after boot, a VM or WSL2 catching up after the host slept) and a live holder's lock would be taken over."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            argv = [a.decode("utf-8", "replace") for a in handle.read(4096).split(b"\0")[:3] if a]
    except OSError:
        return False
    names = [os.path.basename(a) for a in argv]  # the program and its script: never a folder a checkout is in
    return "altimate_learn" in argv or any(name in ("learn", "altimate-learn") or name.startswith(("altimate-code",
                                                                                                  "opencode"))
                                           for name in names)


def _started(stat: str) -> float | None:
    """When the process of a /proc/PID/stat line started (seconds since the epoch), from its start time in clock
    ticks after boot and the boot time in /proc/stat."""
    try:
        ticks = int(stat[stat.rfind(")") + 2:].split()[19])
        with open("/proc/stat", encoding="ascii", errors="replace") as handle:
            boot = next(int(line.split()[1]) for line in handle if line.startswith("btime "))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def _parse_iso(text: object) -> float | None:
    """Seconds since the epoch of an ISO 8601 UTC time as meta.json's createdAt has it (`…T…Z`)."""
    if not isinstance(text, str) or not text.endswith("Z"):
        return None
    import calendar

    whole, _, fraction = text[:-1].partition(".")
    try:
        return calendar.timegm(time.strptime(whole, "%Y-%m-%dT%H:%M:%S")) + (float("0." + fraction) if fraction
                                                                               else 0.0)
    except (ValueError, OverflowError):
        return None


def _changed(lock: str) -> float | None:
    """When the lock folder or anything in it last changed (the newest mtime), None when it is gone."""
    stamps = [stamp for stamp in (_mtime(lock), _mtime(os.path.join(lock, "heartbeat")),
                                  _mtime(os.path.join(lock, "meta.json"))) if stamp is not None]
    return max(stamps) if stamps else None


def _orphan_stamp(lock: str, now: float) -> float | None:
    """The newest mtime of a lock that names no owner (meta.json missing, empty, torn or without a pid and
    token) and has not changed for ORPHAN_SECONDS: a process killed between its `mkdir` and its meta.json, or
    while removing the folder. None for any other lock."""
    meta = _read_meta(lock)
    if meta is not None and _owner(meta) is not None:
        return None
    stamp = _changed(lock)
    if stamp is None or now - stamp <= ORPHAN_SECONDS:
        return None
    return stamp


def _owner(meta: dict) -> tuple[int, str] | None:
    pid, token = meta.get("pid"), meta.get("token")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0 or not isinstance(token, str) or not token:
        return None
    return pid, token


def _new_meta() -> str:
    return ('{\n  "token": ' + _json_string(os.urandom(16).hex()) + ',\n  "pid": ' + str(os.getpid())
            + ',\n  "hostname": ' + _json_string(_hostname()) + ',\n  "createdAt": ' + _json_string(_iso_now())
            + "\n}")


def _write_new(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        os.write(fd, text.encode("utf-8"))
    finally:
        os.close(fd)


def _clear_dead_breaker(breaker: str) -> None:
    """Remove a breaker its contender left when it died: at once when it names a dead owner on this host, after
    ORPHAN_SECONDS when it names none (altimate-code's breakers are empty folders held for milliseconds), after
    STALE_SECONDS in any case."""
    now = time.time()
    stamp = _changed(breaker)
    if stamp is None:
        return
    if now - stamp > STALE_SECONDS or _dead_owner_token(breaker) is not None:
        _remove_tree(breaker)
        return
    meta = _read_meta(breaker)
    if (meta is None or _owner(meta) is None) and now - stamp > ORPHAN_SECONDS:
        _remove_tree(breaker)


def _with_breaker(lock: str, still: object) -> bool:
    """Claim `<lock>.breaker`, re-check with ``still()``, remove the lock; True if it was removed."""
    breaker = lock + ".breaker"
    try:
        os.mkdir(breaker, 0o700)
    except FileExistsError:
        _clear_dead_breaker(breaker)  # a contender that died while breaking
        return False
    except (FileNotFoundError, NotADirectoryError):
        return False
    try:
        try:
            _write_new(os.path.join(breaker, "meta.json"), _new_meta())  # so a kill here leaves a dead owner
        except OSError:
            return False
        if not still():  # type: ignore[operator]
            return False
        _remove_tree(lock)
        return True
    finally:
        _remove_tree(breaker)


class Lease:
    """One held lock; ``release`` removes it only if it is still ours."""

    def __init__(self, lock: str, meta: str) -> None:
        self.lock = lock
        self.meta = meta
        self.lost = False

    def heartbeat(self) -> None:
        try:
            os.utime(os.path.join(self.lock, "heartbeat"))
        except OSError:
            pass

    def still_ours(self) -> bool:
        try:
            with open(os.path.join(self.lock, "meta.json"), encoding="utf-8") as handle:
                return handle.read() == self.meta
        except (OSError, UnicodeDecodeError):
            return False

    def release(self) -> None:
        if self.still_ours():
            _remove_tree(self.lock)
        else:
            self.lost = True  # taken over as stale: never remove another owner's lock


def _try_create(lock: str) -> Lease | None:
    meta = _new_meta()  # made before the `mkdir`: the folder names no owner for as short a time as can be
    try:
        os.mkdir(lock, 0o700)
    except FileExistsError:
        return None
    try:
        _write_new(os.path.join(lock, "meta.json"), meta)
    except (FileExistsError, FileNotFoundError, NotADirectoryError):
        # Paused after the `mkdir` longer than ORPHAN_SECONDS, the folder was taken over as naming no owner: it is
        # gone, or another's now. Not ours to remove: go on waiting.
        return None
    except OSError:
        _remove_tree(lock)
        raise
    try:
        os.close(os.open(os.path.join(lock, "heartbeat"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except OSError:
        if Lease(lock, meta).still_ours():
            _remove_tree(lock)
        raise
    return Lease(lock, meta)


def acquire(learn_dir: str, deadline: float) -> Lease:
    """Take the project's learn lock, waiting until ``deadline`` (``time.monotonic()``)."""
    lock = lock_path(learn_dir)
    os.makedirs(learn_dir, exist_ok=True)
    delay = 0.005
    notice = None
    while True:
        lease = _try_create(lock)
        if lease is not None:
            return lease
        if notice is None:
            from altimate_learn.progress import LOCK_NOTICE_AFTER  # contended: the imports are paid only here

            notice = time.monotonic() + LOCK_NOTICE_AFTER
        elif time.monotonic() >= notice and deadline - time.monotonic() > 0:
            notice = float("inf")
            from altimate_learn import progress

            progress.lock_wait_notice(f"Waiting for {os.path.dirname(lock)}: locked by another learn or altimate-code "
                                      f"process, {describe_holder(lock)} (giving up in "
                                      f"{deadline - time.monotonic():.0f} s)…")
        now = time.time()
        if _stale(lock, now):
            if _with_breaker(lock, lambda: _stale(lock, time.time())):
                continue
        else:
            token = _dead_owner_token(lock)
            if token is not None and _with_breaker(lock, lambda: _dead_owner_token(lock) == token):
                continue
            orphan = _orphan_stamp(lock, now) if token is None else None
            if orphan is not None and _with_breaker(lock, lambda: _orphan_stamp(lock, time.time()) == orphan):
                continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise PeerLockBusy(lock, describe_holder(lock))
        time.sleep(min(delay, remaining))
        delay = min(delay * 2, 0.1)


def describe_holder(lock: str) -> str:
    """Who holds ``lock``, for a message: "pid 4242 (learn curate …) on this machine since <createdAt>", or what
    is known."""
    meta = _read_meta(lock)
    if meta is None or _owner(meta) is None:
        return "a process that has not said who it is (no readable meta.json)"
    pid = _owner(meta)[0]  # type: ignore[index]
    host = meta.get("hostname")
    since = meta.get("createdAt")
    where = "on this machine" if host == _hostname() else f"on {host}" if isinstance(host, str) else ""
    what = process_name(pid) if host == _hostname() else ""
    return " ".join(x for x in (f"pid {pid}{what}", where, f"since {since}" if isinstance(since, str) else "") if x)


def process_name(pid: int) -> str:
    """" (learn reflect)", what a running process on this machine is: learn and its command words, else the
    program's name (and its script's), never arguments: they can hold what a person typed (`learn signal add --text
    …`), and this goes into messages an agent reads."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            argv = [a.decode("utf-8", "replace") for a in handle.read().split(b"\0") if a]
    except OSError:
        return ""
    if not argv:
        return ""
    names = [os.path.basename(a) for a in argv[:2]]
    rest = None
    if "altimate_learn" in argv:
        rest = argv[argv.index("altimate_learn") + 1:]
    elif names[0] in ("learn", "altimate-learn"):
        rest = argv[1:]
    elif len(names) > 1 and names[1] in ("learn", "altimate-learn"):
        rest = argv[2:]
    if rest is not None:
        words = []
        for word in rest[:2]:
            if not word or word[0] == "-" or len(word) > 24 or not word.replace("-", "").isalnum():
                break
            words.append(word)
        return " (" + " ".join(["learn", *words]) + ")"
    shown = names[0]
    if len(argv) > 1 and not argv[1].startswith("-") and names[0].startswith(("python", "node", "bun", "deno")):
        shown += " " + names[1]  # the script it runs (altimate-code's entry point)
    return " (" + " ".join(shown.split())[:60] + ")"


def busy_hint(busy: PeerLockBusy) -> str:
    """How to go on when the lock stayed held past the deadline."""
    meta = _read_meta(busy.lock)
    owner = _owner(meta) if meta is not None else None
    if owner is not None and meta.get("hostname") == _hostname():  # type: ignore[union-attr]
        return (f"Wait for it to finish and run the command again; if process {owner[0]} is stuck, stop it "
                f"(`kill {owner[0]}`) and run the command again.")
    return (f"Wait for it to finish and run the command again; if no learn or altimate-code is running, remove "
            f"{busy.lock} and run the command again.")


# --- re-entrant use within one process -----------------------------------------------------------------

_held: dict[str, list] = {}  # lock path -> [lease, depth]


def enter(learn_dir: str, deadline: float) -> tuple[Lease, bool]:
    """Take the lock, or count one more use of the lease this process already holds.

    Returns the lease and whether this call took it (the outermost use)."""
    lock = lock_path(learn_dir)
    held = _held.get(lock)
    if held is not None:
        held[1] += 1
        return held[0], False
    lease = acquire(learn_dir, deadline)
    _held[lock] = [lease, 1]
    return lease, True


def leave(learn_dir: str) -> None:
    lock = lock_path(learn_dir)
    held = _held.get(lock)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _held[lock]
        held[0].release()
