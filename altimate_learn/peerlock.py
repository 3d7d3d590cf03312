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
same way at once. Release checks that meta.json still carries our token, then removes the folder.

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


class PeerLockBusy(Exception):
    """Another process (learn or altimate-code) held the project's learn lock past the deadline."""


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
    """Remove a lock folder; a symlink planted in its place is removed itself, never followed."""
    if os.path.islink(path):
        os.unlink(path)
        return
    try:
        entries = list(os.scandir(path))
    except (FileNotFoundError, NotADirectoryError):
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
    if not meta or meta.get("hostname") != _hostname():
        return None
    pid, token = meta.get("pid"), meta.get("token")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0 or not isinstance(token, str) or not token:
        return None
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
    except OSError:
        pass
    return None


def _with_breaker(lock: str, still: object) -> bool:
    """Claim `<lock>.breaker`, re-check with ``still()``, remove the lock; True if it was removed."""
    breaker = lock + ".breaker"
    try:
        os.mkdir(breaker, 0o700)
    except FileExistsError:
        stamp = _mtime(breaker)
        if stamp is not None and time.time() - stamp > STALE_SECONDS:
            _remove_tree(breaker)  # a contender that died while breaking
        return False
    except (FileNotFoundError, NotADirectoryError):
        return False
    try:
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
    try:
        os.mkdir(lock, 0o700)
    except FileExistsError:
        return None
    meta = ('{\n  "token": ' + _json_string(os.urandom(16).hex()) + ',\n  "pid": ' + str(os.getpid())
            + ',\n  "hostname": ' + _json_string(_hostname()) + ',\n  "createdAt": ' + _json_string(_iso_now())
            + "\n}")
    try:
        os.close(os.open(os.path.join(lock, "heartbeat"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        fd = os.open(os.path.join(lock, "meta.json"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            os.write(fd, meta.encode("utf-8"))
        finally:
            os.close(fd)
    except OSError:
        _remove_tree(lock)
        raise
    return Lease(lock, meta)


def acquire(learn_dir: str, deadline: float) -> Lease:
    """Take the project's learn lock, waiting until ``deadline`` (``time.monotonic()``)."""
    lock = lock_path(learn_dir)
    os.makedirs(learn_dir, exist_ok=True)
    delay = 0.005
    while True:
        lease = _try_create(lock)
        if lease is not None:
            return lease
        now = time.time()
        if _stale(lock, now):
            if _with_breaker(lock, lambda: _stale(lock, time.time())):
                continue
        else:
            token = _dead_owner_token(lock)
            if token is not None and _with_breaker(lock, lambda: _dead_owner_token(lock) == token):
                continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise PeerLockBusy(lock)
        time.sleep(min(delay, remaining))
        delay = min(delay * 2, 0.1)


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
