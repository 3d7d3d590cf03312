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
import signal
import subprocess
import sys
import time
import uuid
from datetime import datetime, timezone
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
            "createdAt": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")}
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


# --- what a `kill -9` leaves behind never stops the next command (research/reliability.py hung on it) -------------

def _killed_while(git_repo: Path, steps: str) -> Path:
    """Run ``steps`` (Python, with ``lock`` the lock folder's path) in a real process that then kills itself with
    SIGKILL, as a `kill -9` between two steps of taking or releasing the lock does; the lock folder."""
    lock = git_repo / ".altimate-code" / "learn" / LOCK
    lock.parent.mkdir(parents=True, exist_ok=True)
    code = f"import os, signal\nlock = {str(lock)!r}\n{steps}\nos.kill(os.getpid(), signal.SIGKILL)\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True)
    assert done.returncode == -signal.SIGKILL
    return lock


def _age(lock: Path, seconds: float) -> None:
    """Date the leftover ``seconds`` back: the next command runs that long after the kill."""
    then = time.time() - seconds
    for path in [*lock.iterdir(), lock]:
        os.utime(path, (then, then))


LEFTOVERS = {
    # killed after mkdir, before meta.json (altimate-code's order, and learn's before this fix: heartbeat first)
    "heartbeat, no meta.json": "os.mkdir(lock)\nopen(os.path.join(lock, 'heartbeat'), 'x').close()",
    # killed between creating meta.json and writing it
    "an empty meta.json": "os.mkdir(lock)\nopen(os.path.join(lock, 'meta.json'), 'x').close()",
    # killed after removing meta.json while releasing, or right after mkdir
    "an empty folder": "os.mkdir(lock)",
}


@pytest.mark.parametrize("leftover", list(LEFTOVERS))
def test_a_lock_a_killed_process_left_naming_no_owner_never_stops_the_next_command(git_repo: Path, run_learn,
                                                                                  leftover: str):
    lock = _killed_while(git_repo, LEFTOVERS[leftover])
    _age(lock, peerlock.ORPHAN_SECONDS + 5)
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": "Use `ref()` for model dependencies.",
                                                  "reason": "review"}]))
    # Before: the command waited its whole 300 s deadline for a lock nobody held (the timeout below fails it).
    done = run_learn("curate", "--deltas", "d.json", cwd=git_repo, timeout=100)
    assert done.returncode == 0, done.stderr
    staged = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [x["text"] for x in staged] == ["Use `ref()` for model dependencies."]
    assert not lock.exists() and not Path(str(lock) + ".breaker").exists()


def test_a_lock_naming_no_owner_that_just_appeared_is_respected(git_repo: Path):
    """A live creator writes meta.json just after its mkdir: a lock that names no owner yet is left alone until it
    has not changed for ORPHAN_SECONDS."""
    store = Store.open()
    store.ensure()
    lock = store.project.learn_dir / LOCK
    lock.mkdir()
    (lock / "heartbeat").write_text("")
    with pytest.raises(LockTimeout, match="has not said who it is"):
        with store.lock(timeout=0.3):
            pass
    assert (lock / "heartbeat").exists()


def test_a_breaker_left_by_a_contender_killed_while_breaking_is_cleared(git_repo: Path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    lock = _killed_while(git_repo, "os.mkdir(lock)\nopen(os.path.join(lock, 'heartbeat'), 'x').close()\n"
                                   "os.mkdir(lock + '.breaker')")
    _age(lock, peerlock.ORPHAN_SECONDS + 5)
    breaker = Path(str(lock) + ".breaker")
    (breaker / "meta.json").write_text(json.dumps({"token": "b", "pid": int(dead.stdout), "hostname":
                                                   os.uname().nodename, "createdAt": "2026-01-01T00:00:00.000Z"}))
    store = Store.open()
    with store.lock(timeout=3):  # before: the breaker blocked every contender for 10 minutes
        assert json.loads((lock / "meta.json").read_text())["pid"] == os.getpid()
    assert not lock.exists() and not breaker.exists()


def test_a_breaker_naming_no_owner_is_cleared_once_it_has_not_changed_for_a_while(git_repo: Path):
    lock = _killed_while(git_repo, "os.mkdir(lock)\nopen(os.path.join(lock, 'heartbeat'), 'x').close()\n"
                                   "os.mkdir(lock + '.breaker')")
    breaker = Path(str(lock) + ".breaker")
    _age(lock, peerlock.ORPHAN_SECONDS + 5)
    _age(breaker, peerlock.ORPHAN_SECONDS + 5)
    with Store.open().lock(timeout=3):
        pass
    assert not lock.exists() and not breaker.exists()


def test_a_lock_whose_pid_now_belongs_to_a_later_process_is_recovered(git_repo: Path):
    """A recycled pid: meta.json names a running process that started after the lock was taken (here: this test's
    own child, named by a lock dated an hour before it started), so the owner is gone."""
    store = Store.open()
    store.ensure()
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        lock = store.project.learn_dir / LOCK
        lock.mkdir()
        (lock / "meta.json").write_text(json.dumps({
            "token": "t", "pid": child.pid, "hostname": os.uname().nodename,
            "createdAt": datetime.fromtimestamp(time.time() - 3600, timezone.utc).isoformat(
                timespec="milliseconds").replace("+00:00", "Z")}))
        (lock / "heartbeat").write_text("")
        with store.lock(timeout=3):
            assert json.loads((lock / "meta.json").read_text())["pid"] == os.getpid()
    finally:
        child.stdin.close()
        child.wait()


def test_a_live_owner_is_waited_for_and_the_error_names_it(git_repo: Path):
    store = Store.open()
    store.ensure()
    holder = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        lock = store.project.learn_dir / LOCK
        lock.mkdir()
        created = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        (lock / "meta.json").write_text(json.dumps({"token": "t", "pid": holder.pid, "hostname":
                                                    os.uname().nodename, "createdAt": created}))
        (lock / "heartbeat").write_text("")
        with pytest.raises(LockTimeout) as caught:
            with store.lock(timeout=0.3):
                pass
        assert f"pid {holder.pid}" in str(caught.value) and created in str(caught.value)
        assert f"kill {holder.pid}" in caught.value.hint
        assert json.loads((lock / "meta.json").read_text())["pid"] == holder.pid  # never broken
    finally:
        holder.stdin.close()
        holder.wait()


def test_a_hook_after_a_killed_command_delivers_the_lessons(git_repo: Path):
    """The agent's next session after a `learn` killed while it took the lock: SessionStart still delivers (before, the
    hook waited its ~5 s for the lock nobody held and delivered nothing)."""
    from tests.deliver.helpers import context_of, run_hook, sample_lessons, write_store

    write_store(git_repo, sample_lessons())
    lock = _killed_while(git_repo, LEFTOVERS["heartbeat, no meta.json"])
    _age(lock, peerlock.ORPHAN_SECONDS + 5)
    done = run_hook("claude-code", {"hook_event_name": "SessionStart", "session_id": "after-kill",
                                    "cwd": str(git_repo), "source": "startup"}, cwd=git_repo)
    assert done.returncode == 0 and not done.stderr
    assert "`ref()` for model dependencies" in context_of(done.stdout)
    assert not lock.exists()


HOLDERS = {
    # altimate-code's project lock (or another learn's), held by a live process
    "project lock": ("import sys, time\nfrom altimate_learn import peerlock\n"
                     "lease = peerlock.acquire(sys.argv[-1], time.monotonic() + 5)\n"
                     "print('held', flush=True)\nsys.stdin.read()\nlease.release()\n",
                     "locked by another learn or altimate-code process, pid {pid} (learn signal add)"),
    # the store's own flock, held by an older learn that takes only that one
    "store lock": ("import fcntl, os, sys\nos.makedirs(sys.argv[-1] + '/team-playbook', exist_ok=True)\n"
                   "fd = os.open(sys.argv[-1] + '/team-playbook/.lock', os.O_RDWR | os.O_CREAT)\n"
                   "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\nsys.stdin.read()\n",
                   "locked by another learn process, pid {pid} (learn signal add)"),
}


@pytest.mark.parametrize("kind", list(HOLDERS))
def test_a_command_kept_waiting_by_a_live_holder_says_so_on_the_terminal(git_repo: Path, kind: str):
    """A command at a terminal that waits for a lock says, once, what it waits for and who holds it (before: minutes
    of silence that look like a hang), then does its work when the holder lets go."""
    import pty
    import select

    learn = git_repo / ".altimate-code" / "learn"
    learn.mkdir(parents=True)
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": "Use `ref()` for model dependencies.",
                                                  "reason": "review"}]))
    code, expected = HOLDERS[kind]
    # named like `learn signal add --text …` holding it: the words a person typed are never shown
    holder = subprocess.Popen([sys.executable, "-c", code, "-m", "altimate_learn", "signal", "add", "--text",
                               "the db password is hunter2", str(learn)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    master, terminal = pty.openpty()
    try:
        assert holder.stdout.readline().strip() == "held"
        proc = subprocess.Popen([sys.executable, "-m", "altimate_learn", "curate", "--deltas", "d.json"], cwd=git_repo,
                                stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal)
        os.close(terminal)
        seen = b""
        guard = time.monotonic() + 90  # a guard against a broken test, not a measure
        while b"Waiting for" not in seen or not seen.split(b"Waiting for", 1)[1].count(b"\n"):
            assert time.monotonic() < guard and proc.poll() is None, seen
            if select.select([master], [], [], 1)[0]:
                seen += os.read(master, 4096)
        line = seen.split(b"Waiting for", 1)[1].split(b"\n", 1)[0].decode()
        assert expected.format(pid=holder.pid) in line and "giving up" in line and "hunter2" not in seen.decode()
        holder.stdin.close()
        assert proc.wait(timeout=90) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait()
        os.close(master)
    staged = json.loads((learn / "team-playbook" / "candidate.json").read_text())
    assert [x["text"] for x in staged] == ["Use `ref()` for model dependencies."]
