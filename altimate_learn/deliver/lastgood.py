"""The last good approved set of a store, for the time its `approved.json` cannot be read.

A merge that stopped on a conflict (markers in the file), or a hand edit that broke the JSON, must not
turn the hooks off: delivery then uses the set from git `HEAD` (the committed one, still whole during a
merge) or, when that one is broken too (markers that were committed), the store's own snapshot
`approved.last-good.json` (a copy of the last `approved.json` delivery read whole; git-ignored like every
store file but `approved.json`), else the file as one of the last commits that changed it had it. The
snapshot comes before `HEAD` when it holds a newer set (lessons approved or edited after the last commit,
by their `updated` times): a broken hand edit must not take back what the person approved but did not
commit yet.

Stdlib only and imported only when needed: the hook path reaches it only for a store that is broken,
and for refreshing the snapshot after `approved.json` changed.
"""

from __future__ import annotations

import os

SNAPSHOT = "approved.last-good.json"
FROM_HEAD = "git HEAD"
FROM_SNAPSHOT = "the store's snapshot (" + SNAPSHOT + ")"


def _newest(raw: bytes | None) -> tuple[str, int] | None:
    """(the latest `updated`/`created` time, how many lessons) of a set, or None when it is not one."""
    import json

    try:
        value = json.loads((raw or b"").decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, list):
        return None
    stamps = [v for lesson in value if isinstance(lesson, dict) for v in (lesson.get("updated"), lesson.get("created"))
              if isinstance(v, str)]
    return max(stamps, default=""), len(value)


def _snapshot(store_dir: str) -> bytes | None:
    try:
        with open(os.path.join(store_dir, SNAPSHOT), "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _snapshot_newer(head: bytes | None, snapshot: bytes | None) -> tuple[int, int] | None:
    """(lessons in the snapshot, lessons in HEAD's set) when the snapshot is a newer set than HEAD's."""
    if snapshot is None or head is None or snapshot == head:
        return None
    mine, theirs = _newest(snapshot), _newest(head)
    if mine is None or theirs is None or mine[0] <= theirs[0]:
        return None
    return mine[1], theirs[1]


def newer_snapshot(store_dir: str) -> tuple[int, int] | None:
    """(lessons in `approved.last-good.json`, lessons in git HEAD's approved.json) when the snapshot holds a
    newer set than HEAD (what `learn` tells a person whose approved.json cannot be read), else None."""
    return _snapshot_newer(_git(store_dir, "show", "HEAD:./approved.json"), _snapshot(store_dir))


def candidates(store_dir: str):
    """(where, bytes) of each stand-in for the store's approved.json, best first (read lazily): git
    `HEAD`, the snapshot (first when it is newer), then the file as the latest commits that changed it had it."""
    head = _git(store_dir, "show", "HEAD:./approved.json")
    snapshot = _snapshot(store_dir)
    if snapshot is not None and _snapshot_newer(head, snapshot):
        yield FROM_SNAPSHOT, snapshot
        snapshot = None
    if head:
        yield FROM_HEAD, head
    if snapshot is not None:
        yield FROM_SNAPSHOT, snapshot
    log = _git(store_dir, "log", f"-n{HISTORY_DEPTH}", "--format=%H", "--", "approved.json")
    for commit in (log or b"").decode("ascii", "replace").split():
        raw = _git(store_dir, "show", f"{commit}:./approved.json")
        if raw and raw != head:
            yield f"git commit {commit[:10]}", raw


HISTORY_DEPTH = 10


def _git(store_dir: str, *args: str) -> bytes | None:
    import subprocess

    try:
        proc = subprocess.run(["git", *args], cwd=store_dir, capture_output=True, timeout=5,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout if proc.returncode == 0 and proc.stdout.strip() else None


def save_snapshot(store_dir: str, raw: bytes) -> bool:
    """Keep ``raw`` (a whole, readable approved.json) as the store's snapshot; False when unchanged or
    the folder cannot be written (a read-only checkout only loses the fallback)."""
    path = os.path.join(store_dir, SNAPSHOT)
    try:
        with open(path, "rb") as handle:
            if handle.read() == raw:
                return False
    except OSError:
        pass
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as handle:
            handle.write(raw)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
