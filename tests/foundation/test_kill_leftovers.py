"""What a writer killed between its temporary file and the rename leaves is removed by the next writing command, even
one that changes nothing (research/reliability.py counted such files "left after the rerun": a rerun of `learn pin`
on a pinned lesson writes no file, and fsio removed a dead writer's temporary file only when writing the same file)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

STORE = Path(".altimate-code/learn/team-playbook")


def _killed_mid_write(cwd: Path, code: str) -> None:
    """Run ``code`` in a real process whose os.replace kills it (SIGKILL) instead: the temporary file is written
    whole, the rename never happens."""
    prelude = "import os, signal\nos.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
    done = subprocess.run([sys.executable, "-c", prelude + code], cwd=cwd, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


def test_a_pin_that_changes_nothing_removes_the_temporary_files_killed_writers_left(git_repo: Path, run_learn):
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": "Use `ref()` for model dependencies.",
                                                  "reason": "review"}]))
    for args in (("curate", "--deltas", "d.json"), ("promote", "--yes", "--allow-flagged")):
        assert run_learn(*args, cwd=git_repo).returncode == 0
    store = git_repo / STORE
    lesson = json.loads((store / "approved.json").read_text())[0]["id"]
    assert run_learn("pin", lesson, cwd=git_repo).returncode == 0
    approved = (store / "approved.json").read_text()
    _killed_mid_write(git_repo, f"from pathlib import Path\nfrom altimate_learn.store import fsio\n"
                                f"fsio.atomic_write(Path({str(store / 'approved.json')!r}), '[half')")
    _killed_mid_write(git_repo, f"from altimate_learn.deliver.lastgood import save_snapshot\n"
                                f"save_snapshot({str(store)!r}, b'[half')")
    left = sorted(p.name for p in store.glob("*.tmp"))
    assert len(left) == 2 and any(n.startswith(".approved.json.") for n in left) and any(
        n.startswith("approved.last-good.json.") for n in left)
    live = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        writing = store / f".approved.json.{live.pid}-inflight.tmp"  # a live writer's: never removed
        writing.write_text("[")
        again = run_learn("pin", lesson, cwd=git_repo)
        assert again.returncode == 0, again.stderr
        assert sorted(p.name for p in store.glob("*.tmp")) == [writing.name]
        assert (store / "approved.json").read_text() == approved
    finally:
        live.stdin.close()
        live.wait()


def test_a_reflect_that_finds_nothing_to_do_still_removes_what_a_killed_reflect_left(git_repo: Path, run_learn):
    """research/reliability.py: a reflect killed while writing schedule.json after its signals were consumed; its rerun
    has nothing to reflect on and wrote nothing, so `.schedule.json.<pid>-….tmp` stayed."""
    assert run_learn("signal", "add", "--kind", "review", "--session", "k", "--text",
                     "Use `ref()` for model dependencies.", cwd=git_repo).returncode == 0
    assert run_learn("reflect", "--session", "k", "--model", "builtin", cwd=git_repo).returncode == 0
    store = git_repo / STORE
    _killed_mid_write(git_repo, f"from pathlib import Path\nfrom altimate_learn.store import fsio\n"
                                f"fsio.atomic_write(Path({str(store / 'schedule.json')!r}), '{{}}')")
    assert [p.name for p in store.glob(".schedule.json.*.tmp")]
    again = run_learn("reflect", "--session", "k", "--model", "builtin", cwd=git_repo)
    assert again.returncode == 0 and "no open signals" in again.stdout
    assert not list(store.glob("*.tmp"))
