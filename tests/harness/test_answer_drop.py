"""Answers kept at Stop that no prompt will take are removed at once (review6 #8): at the session's end, and when
the next prompt is not handed to a worker that takes its answer (capture turned off, the hook's own fallback);
an answer's worker still at work then removes its own once written. An answer a prompt's worker still takes
is never removed first (the guarantee of review6 #2). Real hooks, real worker processes, real files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from altimate_learn import launch
from altimate_learn.harness import capture_worker
from tests.deliver.helpers import run_hook
from tests.harness.test_capture_worker import fire, signals
from tests.harness.test_stop_answer import (ANSWER_SECRET, BROKEN, DONE, ENV, SESSION, event, files_holding, hook_log,
                                            repo, sessions_dir, settle)

__all__ = ["repo"]  # the fixture


def answers(repo: Path) -> list[str]:
    folder = Path(sessions_dir(repo)) / capture_worker.ANSWERS
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def hooks(repo: Path, *payloads: dict, env: dict | None = None) -> None:
    for payload in payloads:
        proc = run_hook("claude-code", payload, cwd=repo, env={**ENV, **(env or {})})
        assert (proc.returncode, proc.stderr) == (0, "")


def hold(monkeypatch: pytest.MonkeyPatch, kind: str) -> list[bytes]:
    """Jobs of ``kind`` ("answer", or None for a prompt's) are not started: kept to be run later as the real worker
    process, their marker left as the hook leaves it (a worker still at work)."""
    held: list[bytes] = []
    spawn = launch.spawn_with_input
    monkeypatch.setattr(launch, "spawn_with_input", lambda argv, data, **kw: held.append(data)
                        if json.loads(data).get("kind") == kind else spawn(argv, data, **kw))
    return held


def run_worker(repo: Path, data: bytes) -> None:
    proc = subprocess.run(launch.learn_argv("hook", capture_worker.WORKER_ARG), input=data, cwd=repo,
                          capture_output=True)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")


def test_a_resumed_session_reads_its_next_prompt_against_the_answer_before_the_end(repo: Path):
    """`claude -p` ends the session after every prompt and `claude -c` resumes it: the last answer is kept through
    the SessionEnd, so "the login page doesn't load" is still read against "it should now load" (review8 R8-7)."""
    hooks(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
          event(repo, "Stop", last_assistant_message=f"{DONE} token {ANSWER_SECRET}"),
          event(repo, "SessionEnd", reason="exit"))
    settle(repo)
    assert len(answers(repo)) == 1
    hooks(repo, event(repo, "SessionStart", source="resume"), event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"))
    settle(repo)
    assert [(s["messageID"], s["reason"]) for s in signals(repo)] == [("p2", "said the result does not work")]
    assert answers(repo) == [] and files_holding(repo, ANSWER_SECRET) == []


def _keep(repo: Path, turn: int) -> None:
    capture_worker.store_answer({"sessions_dir": sessions_dir(repo), "session": SESSION, "turn": turn, "seq": turn,
                                 "answer": f"{DONE} (turn {turn})"}, print)


@pytest.mark.parametrize("capture", ["1", "0"])
def test_the_session_end_removes_the_earlier_turns_answers_no_prompt_took(repo: Path, capture: str):
    """An answer of an earlier turn still kept (its prompt's worker died before taking it) goes at the end, with
    capture on or turned off meanwhile; the last turn's is kept for a resumed session."""
    from altimate_learn.deliver.state import session_file_name

    for turn in (2, 3):
        _keep(repo, turn)
    assert answers(repo) == [f"{session_file_name(SESSION)}-2-2", f"{session_file_name(SESSION)}-3-3"]
    hooks(repo, event(repo, "SessionEnd", reason="exit"), env={"ALTIMATE_LEARN_CAPTURE": capture})
    assert answers(repo) == [f"{session_file_name(SESSION)}-3-3"]


def test_an_answer_the_prompt_does_not_take_because_capture_was_turned_off_is_removed(repo: Path):
    hooks(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
          event(repo, "Stop", last_assistant_message=DONE))
    settle(repo)
    assert len(answers(repo)) == 1
    hooks(repo, event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"), env={"ALTIMATE_LEARN_CAPTURE": "0"})
    settle(repo)
    assert answers(repo) == [] and signals(repo) == []


def test_capture_turned_off_while_the_answer_is_redacted_leaves_nothing(repo: Path, capsys, monkeypatch):
    held = hold(monkeypatch, "answer")
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop", last_assistant_message=DONE), capsys)
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "0")
    fire(repo, event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"), capsys)
    (data,) = held
    run_worker(repo, data)
    assert answers(repo) == [] and files_holding(repo, DONE) == []


def test_the_hooks_own_fallback_does_not_leave_the_answer_it_did_not_wait_for(repo: Path, capsys, monkeypatch):
    """The prompt's worker cannot start (the hook classifies it itself, never waiting for the answer): the answer
    its worker writes afterwards is removed by that worker."""
    held = hold(monkeypatch, "answer")
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop", last_assistant_message=DONE), capsys)
    spawn = launch.spawn_with_input

    def no_prompt_worker(argv, data, **kw):
        if b'"prompt"' in data:
            raise OSError("no worker")
        return spawn(argv, data, **kw)

    monkeypatch.setattr(launch, "spawn_with_input", no_prompt_worker)
    fire(repo, event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"), capsys)
    assert "classified the prompt in the hook" in hook_log(repo)
    (data,) = held
    run_worker(repo, data)
    assert answers(repo) == [] and files_holding(repo, DONE) == []


def test_the_session_end_leaves_an_earlier_answer_a_prompts_worker_still_takes(repo: Path, capsys, monkeypatch):
    """The person's last prompt is a correction, the agent answers it and exits before the correction's worker
    read the answer it replies to: the correction is still read against that answer (review6 #2's guarantee)."""
    from altimate_learn.deliver.state import session_file_name
    from tests.harness.test_stop_answer import _wait_for_answer_workers

    held = hold(monkeypatch, None)  # the prompt's worker
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop", last_assistant_message=DONE), capsys)
    settle(repo)  # the answer is kept
    fire(repo, event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"), capsys)
    fire(repo, event(repo, "Stop", last_assistant_message="Let me look at the route."), capsys)
    _wait_for_answer_workers(repo)
    fire(repo, event(repo, "SessionEnd", reason="exit"), capsys)
    name = session_file_name(SESSION)
    assert answers(repo) == [f"{name}-1-1", f"{name}-2-2"]  # the first left to the prompt's worker
    (data,) = held
    run_worker(repo, data)
    assert [(s["messageID"], s["reason"]) for s in signals(repo)] == [("p2", "said the result does not work")]
    assert answers(repo) == [f"{name}-2-2"]  # the last turn's, for a resumed session
