"""The learn lock, shared with altimate-code (issue 12, item 4).

Shapes from altimate-code `packages/opencode/src/altimate/learn/lock.ts` @ 03a0415 (the lock is
`Flock.withLock("learn-state", …, {dir: ".altimate-code/learn", staleMs: 10 minutes})`, and the
`.gitignore` rules it writes) and Flock, `packages/core/src/util/flock.ts` (anomalyco/opencode @ e0abad4):
a folder `<sha1("learn-state")>.lock` holding `meta.json` {token, pid, hostname, createdAt} and
`heartbeat`; stale when the heartbeat is older than staleMs; `<lock>.breaker` claims a stale lock's removal;
release only with our token. See tests/compat/sources.py.

The altimate-code side is played by :func:`peer_lock` below, written from those sources and independent
of learn's own implementation.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from altimate_learn import peerlock
from altimate_learn.errors import LockTimeout
from altimate_learn.store import Store
from altimate_learn.store.paths import GITIGNORE_TEXT
from tests.compat.sources import SOURCES

LOCK = hashlib.sha1(b"learn-state").hexdigest() + ".lock"  # Hash.fast(key) + ".lock"
STALE = 10 * 60
RULES = ("# Share approved lessons; keep signals and other local learning state out of Git.\n*\n!/*/\n"
         "!/*/approved.json\n!/.gitignore\n")  # lock.ts, as written under the lock


@contextlib.contextmanager
def peer_lock(learn_dir: Path, timeout: float = 30) -> Iterator[dict]:
    """altimate-code's Flock, from flock.ts: mkdir, heartbeat, meta.json; release checks the token."""
    lock = learn_dir / LOCK
    learn_dir.mkdir(parents=True, exist_ok=True)
    stop = time.monotonic() + timeout
    while True:
        try:
            os.mkdir(lock, 0o700)
            break
        except FileExistsError:
            if time.monotonic() > stop:
                raise TimeoutError("Timed out waiting for lock: learn-state") from None
            time.sleep(0.01)
    meta = {"token": str(uuid.uuid4()), "pid": os.getpid(), "hostname": os.uname().nodename,
            "createdAt": "2026-01-01T00:00:00.000Z"}
    (lock / "heartbeat").write_text("")
    (lock / "meta.json").write_text(json.dumps(meta, indent=2))
    try:
        yield meta
    finally:
        if json.loads((lock / "meta.json").read_text())["token"] == meta["token"]:
            for child in lock.iterdir():
                child.unlink()
            lock.rmdir()


def test_the_lock_has_altimate_codes_name_and_shape_while_learn_holds_it(git_repo: Path):
    assert SOURCES["lock"][1] and peerlock.LOCK_NAME == LOCK
    store = Store.open()
    lock = store.project.learn_dir / LOCK
    with store.lock():
        meta = json.loads((lock / "meta.json").read_text())
        assert sorted(meta) == ["createdAt", "hostname", "pid", "token"]
        assert meta["pid"] == os.getpid() and meta["hostname"] == os.uname().nodename and meta["token"]
        assert (lock / "heartbeat").is_file()
        with store.lock():  # re-entrant within the process: the same lease
            assert json.loads((lock / "meta.json").read_text()) == meta
    assert not lock.exists()


def test_learn_waits_for_altimate_code_and_gives_up_at_its_deadline(git_repo: Path):
    store = Store.open()
    store.ensure()
    with peer_lock(store.project.learn_dir):
        started = time.monotonic()
        with pytest.raises(LockTimeout, match="locked by another learn or altimate-code process"):
            with store.lock(timeout=0.3):
                pass
        assert time.monotonic() - started < 10
        assert not store.path(Store.SIGNALS).exists()
    with store.lock(timeout=5):
        pass


def test_altimate_code_waits_for_learn(git_repo: Path):
    store = Store.open()
    with store.lock():
        with pytest.raises(TimeoutError):
            with peer_lock(store.project.learn_dir, timeout=0.3):
                pass
    with peer_lock(store.project.learn_dir, timeout=1):
        pass


def test_a_stale_lock_is_broken_and_a_fresh_breaker_is_respected(git_repo: Path):
    store = Store.open()
    store.ensure()
    lock = store.project.learn_dir / LOCK
    lock.mkdir()
    (lock / "meta.json").write_text(json.dumps({"token": "t", "pid": 1, "hostname": "another-host",
                                                 "createdAt": "2020-01-01T00:00:00.000Z"}))
    (lock / "heartbeat").write_text("")
    old = time.time() - STALE - 60
    os.utime(lock / "heartbeat", (old, old))
    breaker = Path(str(lock) + ".breaker")
    breaker.mkdir()  # another contender is breaking it right now
    with pytest.raises(LockTimeout):
        with store.lock(timeout=0.3):
            pass
    breaker.rmdir()
    with store.lock(timeout=5):
        assert json.loads((lock / "meta.json").read_text())["pid"] == os.getpid()
    assert not lock.exists() and not breaker.exists()


def test_a_lock_left_by_a_dead_process_on_this_host_is_recovered_at_once(git_repo: Path):
    store = Store.open()
    store.ensure()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    lock = store.project.learn_dir / LOCK
    lock.mkdir()
    (lock / "heartbeat").write_text("")
    (lock / "meta.json").write_text(json.dumps({"token": "t", "pid": int(dead.stdout), "hostname":
                                                os.uname().nodename, "createdAt": "2026-01-01T00:00:00.000Z"}))
    with store.lock(timeout=2):
        pass
    assert not lock.exists()


def test_release_never_removes_a_lock_another_owner_took_over(git_repo: Path):
    store = Store.open()
    lock = store.project.learn_dir / LOCK
    with store.lock():
        meta = json.loads((lock / "meta.json").read_text())
        (lock / "meta.json").write_text(json.dumps({**meta, "token": "someone-else"}))
    assert json.loads((lock / "meta.json").read_text())["token"] == "someone-else"


def test_the_gitignore_holds_altimate_codes_rules_so_it_never_appends_its_own(git_repo: Path):
    store = Store.open()
    store.ensure()
    text = store.project.gitignore.read_text()
    assert text == GITIGNORE_TEXT and RULES in text  # lock.ts appends its rules only when missing
    git = subprocess.run(["git", "check-ignore", "-q", f".altimate-code/learn/{LOCK}/meta.json"], cwd=git_repo)
    assert git.returncode == 0
    (store.dir / "approved.json").write_text("[]\n")
    assert subprocess.run(["git", "check-ignore", "-q", ".altimate-code/learn/team-playbook/approved.json"],
                          cwd=git_repo).returncode == 1


# --- both tools writing one file at once lose nothing -----------------------------------------------------

def _altimate_code_writer(root: str, worker: int, count: int) -> None:
    """appendSignals in signals.ts: under the lock, read the whole file, add one, write it atomically."""
    learn = Path(root) / ".altimate-code" / "learn"
    path = learn / "team-playbook" / "signals.jsonl"
    for i in range(count):
        with peer_lock(learn):
            lines = path.read_text().splitlines() if path.exists() else []
            lines.append(json.dumps({"id": f"sig_{worker:02d}{i:010d}", "kind": "review", "sessionID": "external",
                                     "text": f"peer {worker} note {i}", "reason": "peer", "at":
                                     "2026-01-01T00:00:00.000Z", "status": "open"}))
            tmp = path.with_name(f"signals.jsonl.{os.getpid()}.tmp")
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text("".join(line + "\n" for line in lines))
            os.replace(tmp, path)


def _learn_writer(root: str, worker: int, count: int) -> None:
    from altimate_learn.capture.signals import NewSignal, append_signals

    os.chdir(root)
    store = Store.open()
    for i in range(count):
        append_signals(store, [NewSignal(kind="review", session_id="external", text=f"learn {worker} note {i}",
                                         reason="learn")])


def test_learn_and_altimate_code_writing_signals_at_once_lose_nothing(git_repo: Path):
    Store.open().ensure()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_altimate_code_writer, args=(str(git_repo), w, 15)) for w in range(2)]
    procs += [ctx.Process(target=_learn_writer, args=(str(git_repo), w, 15)) for w in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    lines = (git_repo / ".altimate-code/learn/team-playbook/signals.jsonl").read_text().splitlines()
    texts = sorted(json.loads(line)["text"] for line in lines)
    expected = sorted([f"peer {w} note {i}" for w in range(2) for i in range(15)]
                      + [f"learn {w} note {i}" for w in range(2) for i in range(15)])
    assert texts == expected


def test_delivery_waits_for_altimate_codes_lock_then_delivers_nothing_and_records_nothing(git_repo, monkeypatch):
    from altimate_learn.deliver import state as state_module
    from altimate_learn.deliver.engine import Delivery
    from altimate_learn.deliver.settings import KEYS
    from tests.deliver.helpers import sample_lessons, write_store

    write_store(git_repo, sample_lessons())
    monkeypatch.setattr("altimate_learn.deliver.engine.LOCK_TIMEOUT", 0.3)
    settings = {name: spec[1] for name, spec in KEYS.items()}
    learn = git_repo / ".altimate-code" / "learn"
    with peer_lock(learn):
        engine = Delivery(str(git_repo), str(git_repo), settings, "test", lambda m: None)
        engine.open("s-1")
        try:
            with pytest.raises(state_module.LockBusy):
                engine.session_start("startup")
        finally:
            engine.close(save=False)
    assert not (learn / "team-playbook" / "shown.jsonl").exists()
    engine = Delivery(str(git_repo), str(git_repo), settings, "test", lambda m: None)
    engine.open("s-1")
    try:
        assert engine.session_start("startup").added  # free again: delivered, and the lock is gone
    finally:
        engine.close()
    assert not (learn / LOCK).exists()


def test_a_symlink_planted_as_the_lock_is_never_followed_when_it_is_broken(git_repo: Path, tmp_path: Path):
    store = Store.open()
    store.ensure()
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "heartbeat").write_text("")
    (victim / "notes.txt").write_text("keep me")
    old = time.time() - STALE - 60
    os.utime(victim / "heartbeat", (old, old))
    (store.project.learn_dir / LOCK).symlink_to(victim, target_is_directory=True)
    with store.lock(timeout=5):
        pass
    assert (victim / "notes.txt").read_text() == "keep me" and (victim / "heartbeat").exists()
