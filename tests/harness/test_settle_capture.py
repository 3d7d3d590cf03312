"""A command typed right after an agent's turn sees the correction just typed: `learn signals` (and `status`,
`reflect`, `run`) wait, a few seconds at most, for the hooks' capture workers still recording a signal (real hook
processes, real workers, the real store lock)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.harness import capture_worker
from altimate_learn.store import Store, project
from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, sample_lessons, write_store

SESSION = "settle-1"
CORRECTION = "no, use `ref()` instead of reading raw tables directly, we never select from raw in models"
# The command waits as long as the worker takes here (its 10 s default would make the test race a slow machine).
ENV = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0",
       "ALTIMATE_LEARN_SETTLE_WAIT": "600"}


def event(repo: Path, name: str, **fields) -> dict:
    return {"session_id": SESSION, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
            "hook_event_name": name, **fields}


def sessions_dir(repo: Path) -> str:
    return str(learn_dir(repo) / ".sessions")


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, sample_lessons())
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    return git_repo


def test_learn_signals_right_after_the_turn_waits_for_the_worker_recording_the_correction(repo: Path):
    run_hook("claude-code", event(repo, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), cwd=repo)
    run_hook("claude-code", event(repo, "Stop", last_assistant_message="Done: I read the raw table directly."),
             cwd=repo)
    assert capture_worker.wait_for_workers(sessions_dir(repo), timeout=120), capture_worker.pending(sessions_dir(repo))
    store = Store(project(repo), "team-playbook")
    # The store lock held here keeps the correction's worker running (it waits to append the signal), so the
    # command starts while the worker is still at work, whatever the machine's speed.
    with store.lock():
        run_hook("claude-code", event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), cwd=repo)
        assert capture_worker.recording(sessions_dir(repo))
        command = subprocess.Popen([sys.executable, "-m", "altimate_learn", "signals"], cwd=repo, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        said = command.stderr.readline()  # the command says why it waits, before it waits
    out, err = command.communicate(timeout=120)
    assert command.returncode == 0, err
    assert said == "Waiting for 1 prompt still being classified by learn's hooks…\n"
    (signal,) = read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "p2"
    assert signal["id"] in out and "1 signal." in out
    assert capture_worker.recording(sessions_dir(repo)) == []


def marker(repo: Path, name: str, content: dict | None) -> Path:
    folder = Path(sessions_dir(repo)) / capture_worker.PENDING
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(content) if content is not None else "")
    return path


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_marker_a_dead_worker_left_makes_no_command_wait(repo: Path, run_learn):
    marker(repo, f"{SESSION}-2-111-0", {"session": SESSION, "message": "p2", "at": "x", "pid": dead_pid()})
    old = marker(repo, f"{SESSION}-3-111-1", {"session": SESSION, "message": "p3", "at": "x"})  # never started
    past = time.time() - capture_worker.STARTING - 60
    os.utime(old, (past, past))
    assert capture_worker.recording(sessions_dir(repo)) == []
    result = run_learn("signals", cwd=repo)
    assert result.returncode == 0 and "Waiting" not in result.stderr and "still being classified" not in result.stderr


def test_which_markers_count_as_a_worker_still_recording(repo: Path):
    running = marker(repo, f"{SESSION}-2-111-0", {"session": SESSION, "message": "p2", "at": "x", "pid": os.getpid()})
    starting = marker(repo, f"{SESSION}-r-111-1", {"session": SESSION, "message": None, "at": "x"})
    marker(repo, f"{SESSION}-a3-111-2", {"session": SESSION, "message": None, "at": "x", "pid": os.getpid()})
    marker(repo, f"revet-{os.getpid()}", None)  # a re-vet records no signal
    assert capture_worker.recording(sessions_dir(repo)) == sorted([running.name, starting.name])


def test_the_worker_writes_its_pid_into_its_marker_and_never_recreates_a_removed_one(repo: Path):
    path = marker(repo, f"{SESSION}-2-111-0", {"session": SESSION, "message": "p2", "at": "x"})
    capture_worker._mark_running(str(path))
    assert json.loads(path.read_text()) == {"session": SESSION, "message": "p2", "at": "x", "pid": os.getpid()}
    path.unlink()
    capture_worker._mark_running(str(path))
    assert not path.exists()


@pytest.mark.parametrize("value, wait", [("", 10.0), ("2.5", 2.5), ("0", 0.0), ("soon", 10.0), ("-1", 10.0),
                                         ("99999", 10.0)])
def test_the_wait_is_ten_seconds_unless_the_environment_sets_a_sane_number(value: str, wait: float,
                                                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(capture_worker.SETTLE_WAIT_ENV, value)
    assert capture_worker.settle_wait() == wait
