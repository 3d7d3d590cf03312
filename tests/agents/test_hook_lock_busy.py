"""A lock held by another process costs the agent one ~5 s wait, not one per hook (deliver/state.Locks)."""

from __future__ import annotations

import fcntl
import os
import time

import pytest

from altimate_learn.deliver import state


def test_after_one_timeout_later_waits_are_short_until_the_lock_is_free(tmp_path, monkeypatch):
    lock = tmp_path / ".lock"
    holder = os.open(lock, os.O_RDWR | os.O_CREAT)
    fcntl.flock(holder, fcntl.LOCK_EX)
    monkeypatch.setattr(state, "LOCK_TIMEOUT", 0.6)
    start = time.monotonic()
    with pytest.raises(state.LockBusy) as first:
        state.Locks(time.monotonic() + state.LOCK_TIMEOUT).acquire(str(lock))
    assert time.monotonic() - start >= 0.6
    assert (tmp_path / ".lock.busy").exists()
    assert first.value.waited == "for ~0.6 s"  # what hook.log says of this wait
    start = time.monotonic()
    with pytest.raises(state.LockBusy) as later:
        state.Locks(time.monotonic() + 30).acquire(str(lock))  # would wait 30 s without the memo
    assert time.monotonic() - start < 15  # the memo cuts the wait short; without it, 30 s
    # review50: hook.log said "locked by another process for ~5 s" of every such event, also of those that waited
    # a quarter of a second
    assert later.value.waited == "(still: an earlier event waited ~0.6 s for it; this one 0.25 s)"
    fcntl.flock(holder, fcntl.LOCK_UN)
    os.close(holder)
    with state.Locks(time.monotonic() + 30) as locks:
        locks.acquire(str(lock))
    assert not (tmp_path / ".lock.busy").exists()  # free again: the next wait is the full one


def test_an_old_memo_is_ignored(tmp_path):
    lock = tmp_path / ".lock"
    memo = tmp_path / ".lock.busy"
    memo.touch()
    old = time.time() - state.BUSY_SECONDS - 1
    os.utime(memo, (old, old))
    holder = os.open(lock, os.O_RDWR | os.O_CREAT)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        start = time.monotonic()
        with pytest.raises(state.LockBusy):
            state.Locks(time.monotonic() + 0.8).acquire(str(lock))
        assert time.monotonic() - start >= 0.8
    finally:
        os.close(holder)
