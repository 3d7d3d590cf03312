"""A creator paused between its `mkdir` and its meta.json (a loaded machine, Ctrl-Z, a VM's stolen time) can have its
folder taken over as naming no owner (peerlock.ORPHAN_SECONDS). When it resumes, the folder it writes into is not its
own: it must go on waiting, never remove the folder (review21: it removed the new owner's live lock, so a third process
got in while the second still held it, and the resumed command died with FileExistsError)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from altimate_learn import peerlock


def _paused_creator(monkeypatch: pytest.MonkeyPatch, meanwhile) -> None:
    """Make the next meta.json write run ``meanwhile`` first: what other processes did while the creator was paused."""
    real = peerlock._write_new
    calls = []

    def write(path: str, text: str) -> None:
        if not calls:
            calls.append(path)
            monkeypatch.setattr(peerlock, "_write_new", real)
            meanwhile()
        real(path, text)

    monkeypatch.setattr(peerlock, "_write_new", write)


def test_a_creator_resumed_after_its_folder_was_taken_over_leaves_the_new_owner_alone(tmp_path: Path, monkeypatch):
    learn_dir = str(tmp_path / "learn")
    os.makedirs(learn_dir)
    lock = peerlock.lock_path(learn_dir)
    taken: list[peerlock.Lease] = []

    def taken_over() -> None:  # another learn found the folder naming no owner and took the lock
        peerlock._remove_tree(lock)
        taken.append(peerlock._try_create(lock))

    _paused_creator(monkeypatch, taken_over)
    assert peerlock._try_create(lock) is None  # lost: the folder is another's now (before: FileExistsError)
    assert taken[0] is not None and taken[0].still_ours()  # before: its lock was removed
    with pytest.raises(peerlock.PeerLockBusy):  # and nobody else gets in while it holds the lock
        peerlock.acquire(learn_dir, time.monotonic() + 0.2)
    taken[0].release()
    assert not os.path.exists(lock)


def test_a_creator_resumed_after_its_folder_was_removed_goes_on_waiting(tmp_path: Path, monkeypatch):
    learn_dir = str(tmp_path / "learn")
    os.makedirs(learn_dir)
    lock = peerlock.lock_path(learn_dir)
    _paused_creator(monkeypatch, lambda: peerlock._remove_tree(lock))
    assert peerlock._try_create(lock) is None  # before: FileNotFoundError out of the command
    lease = peerlock.acquire(learn_dir, time.monotonic() + 2)  # the lock is free: the next try takes it
    assert lease.still_ours()
    lease.release()
