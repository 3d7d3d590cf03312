"""A live learn or altimate-code holding the project lock keeps it when the wall clock steps forward (NTP after boot,
a VM or WSL2 catching up after the host slept): /proc start times move with the clock, so the owner then looks
"started after the lock was taken", a recycled pid (review21: its lock was taken over at once, two writers inside).
A pid that now runs learn or altimate-code is taken for the owner; only another program there is a recycled pid."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from altimate_learn import peerlock


def _lock_named(learn_dir: Path, pid: int) -> Path:
    """A lock naming ``pid`` whose createdAt is an hour before that process started: a clock stepped forward since."""
    lock = Path(peerlock.lock_path(str(learn_dir)))
    lock.mkdir(parents=True)
    created = datetime.fromtimestamp(time.time() - 3600, timezone.utc).isoformat(timespec="milliseconds")
    (lock / "meta.json").write_text(json.dumps({"token": "t", "pid": pid, "hostname": os.uname().nodename,
                                                "createdAt": created.replace("+00:00", "Z")}))
    (lock / "heartbeat").write_text("")
    return lock


def _running(argv: list[str]) -> subprocess.Popen:
    """A process running ``argv``'s code, once it runs: Popen can return while the kernel is still in the middle of
    the exec, when /proc/<pid>/cmdline is still empty (trial23: the holder then read as another program, and its lock
    was taken in about 1 run in 20 on a loaded machine)."""
    proc = subprocess.Popen(argv, executable=sys.executable, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    return proc


HOLD = "import sys; print('ready', flush=True); sys.stdin.read()"


@pytest.mark.parametrize("argv", [["learn", "-c", HOLD], ["altimate-code", "-c", HOLD]])
def test_a_live_holder_keeps_its_lock_after_the_clock_stepped_forward(tmp_path: Path, argv: list[str]):
    holder = _running(argv)
    try:
        lock = _lock_named(tmp_path / "learn", holder.pid)
        with pytest.raises(peerlock.PeerLockBusy):  # before: taken over at once
            peerlock.acquire(str(tmp_path / "learn"), time.monotonic() + 0.3)
        assert json.loads((lock / "meta.json").read_text())["pid"] == holder.pid
    finally:
        holder.communicate()


def test_a_pid_another_program_runs_now_is_still_a_recycled_pid(tmp_path: Path):
    other = _running(["python3", "-c", HOLD])
    try:
        _lock_named(tmp_path / "learn", other.pid)
        lease = peerlock.acquire(str(tmp_path / "learn"), time.monotonic() + 3)
        assert lease.still_ours()
        lease.release()
    finally:
        other.communicate()
