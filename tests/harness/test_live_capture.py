"""Live capture through the hooks: corrections, tool retries, automatic reflection."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from altimate_learn.harness import capture_worker, hook, live_capture
from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, sample_lessons, write_store

SESSION = "cap-1"
CORRECTION = "no, use `ref()` instead of reading raw tables directly, we never select from raw in models"


def event(repo: Path, name: str, **fields) -> dict:
    return {"session_id": SESSION, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
            "hook_event_name": name, **fields}


def fire(repo: Path, payload: dict, harness: str = "claude-code", capsys=None) -> str:
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    try:
        hook.main([harness])
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out if capsys else ""


def signals(repo: Path) -> list[dict]:
    return read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")


def settle(repo: Path) -> None:
    """Wait for the capture workers the hooks started: a prompt is classified just after its hook returned."""
    assert capture_worker.wait_for_workers(str(learn_dir(repo) / ".sessions"), timeout=120)


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, sample_lessons())
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    # spec 003's automatic reflection, as it runs with the continual learner off (tests/learner covers it on)
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    return git_repo


def test_a_correction_after_a_completed_turn_becomes_a_redacted_signal(repo: Path, capsys):
    fire(repo, event(repo, "SessionStart", source="startup"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model for refunds", prompt_id="p1"),
         capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    out = fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION + " token ghp_" + "a" * 36, prompt_id="p2"),
               capsys=capsys)
    settle(repo)
    (signal,) = signals(repo)
    assert signal["kind"] == "user_correction" and signal["sessionID"] == SESSION and signal["status"] == "open"
    assert signal["messageID"] == "p2" and "ghp_" + "a" * 36 not in signal["text"] and "REDACTED" in signal["text"]
    assert out == "" or "hookSpecificOutput" in out  # capture never changes what the agent receives


def test_a_broken_result_reported_after_the_agent_said_it_was_done_is_a_correction(repo: Path, capsys):
    """Stop's last_assistant_message is the context: "the login page doesn't load" reports the agent's work."""
    fire(repo, event(repo, "SessionStart", source="startup"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop", last_assistant_message="I've added the login page and wired the route; "
                     "it should now load at /login. Secret ghp_" + "b" * 36), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt="the login page doesn't load", prompt_id="p2"), capsys=capsys)
    settle(repo)
    (signal,) = signals(repo)
    assert signal["messageID"] == "p2" and signal["reason"] == "said the result does not work"
    state = "".join(p.read_text() for p in (learn_dir(repo) / ".sessions").rglob("*") if p.is_file())
    assert "ghp_" + "b" * 36 not in state  # the kept answer is redacted, and dropped once the prompt came


def test_without_the_answer_the_same_report_is_a_new_bug_not_a_correction(repo: Path, capsys):
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt="the login page doesn't load", prompt_id="p2"), capsys=capsys)
    settle(repo)
    assert signals(repo) == []


def test_the_first_prompt_and_a_prompt_without_a_completed_turn_are_not_corrections(repo: Path, capsys):
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys=capsys)  # no Stop
    settle(repo)
    assert signals(repo) == []


def test_three_failures_of_a_tool_in_a_row_become_a_tool_retry_signal(repo: Path, capsys):
    for i in range(3):
        fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_input={"command": "dbt build"},
                         tool_use_id=f"t{i}", error="Compilation Error in model stg_orders"), capsys=capsys)
    settle(repo)  # recorded by the capture worker the third failure's hook started
    (signal,) = signals(repo)
    assert signal["kind"] == "tool_retry" and "Compilation Error" in signal["text"]


def test_a_tool_retry_signal_is_recorded_in_the_hook_when_its_worker_cannot_start(repo: Path, capsys, monkeypatch):
    from altimate_learn import launch

    monkeypatch.setattr(launch, "python", lambda: str(repo / "no-such-python"))
    for i in range(3):
        fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_input={"command": "dbt build"},
                         tool_use_id=f"t{i}", error="Compilation Error in model stg_orders"), capsys=capsys)
    (signal,) = signals(repo)  # at once, in the hook
    assert signal["kind"] == "tool_retry" and signal["partID"] == "t2"
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "recorded the tool_retry signal in the hook" in log
    assert capture_worker.pending(str(learn_dir(repo) / ".sessions")) == []


def test_a_success_in_between_resets_the_count(repo: Path, capsys):
    for i, failed in enumerate([True, True, False, True, True]):
        name = "PostToolUseFailure" if failed else "PostToolUse"
        fire(repo, event(repo, name, tool_name="Bash", tool_input={"command": "dbt build"}, tool_use_id=f"t{i}",
                         error="boom", tool_response={"stdout": "ok", "stderr": ""}), capsys=capsys)
    assert signals(repo) == []


def test_codex_shell_exit_codes_count_as_failures(repo: Path, capsys):
    for i in range(3):
        fire(repo, event(repo, "PostToolUse", tool_name="Bash", tool_input={"command": "pytest"}, turn_id="u1",
                         tool_use_id=f"c{i}", tool_response="Exit code: 1\nWall time: 0.2 seconds\nOutput:\nFAILED"),
             harness="codex", capsys=capsys)
    settle(repo)
    assert [s["kind"] for s in signals(repo)] == ["tool_retry"]


def test_capture_off_records_nothing(repo: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("ALTIMATE_LEARN_CAPTURE")
    fire(repo, event(repo, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys=capsys)
    for i in range(3):
        fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_use_id=f"t{i}", error="x"),
             capsys=capsys)
    settle(repo)
    assert not (learn_dir(repo) / "team-playbook" / "signals.jsonl").exists()


def test_auto_reflect_starts_at_stop_with_open_signals_and_once_per_count(repo: Path, capsys,
                                                                         monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: list[str] = []
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started.append(sid))
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert started == []  # no open signals yet
    fire(repo, event(repo, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys=capsys)
    settle(repo)  # the signal is recorded before the turn ends (the other order: test_capture_worker.py)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert started == [SESSION]
    fire(repo, event(repo, "SessionEnd", reason="other"), capsys=capsys)
    assert started == [SESSION]  # same open signals: not started again


def test_auto_reflect_threshold_starts_before_the_session_ends(repo: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    from altimate_learn.capture.signals import NewSignal, append_signals
    from altimate_learn.store import Store

    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: list[str] = []
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started.append(sid))
    jobs: list[dict] = []  # the tool_retry signal's capture worker, held back and run here
    monkeypatch.setattr(capture_worker, "hand_off_signal", lambda job, folder, log: jobs.append(job) or True)
    append_signals(Store.open(start=repo), [NewSignal("review", SESSION, f"Review comment {i}.", "test")
                                            for i in range(2)])
    for i in range(2):
        fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_use_id=f"t{i}", error="boom"),
             capsys=capsys)
    assert started == [] and jobs == []  # two open signals, no turn ended
    fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_use_id="t2", error="boom"), capsys=capsys)
    (job,) = jobs
    assert job["reflect"] is True and job["signal"]["kind"] == "tool_retry"
    assert capture_worker.run_job(job, lambda message: None) == 1  # the worker's body
    assert started == [SESSION]  # the third open signal


def test_the_reflection_runs_detached_with_the_same_interpreter(repo: Path):
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "1", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    for payload in (event(repo, "UserPromptSubmit", prompt="task", prompt_id="p1"), event(repo, "Stop"),
                    event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2")):
        assert run_hook("claude-code", payload, cwd=repo, env=env).returncode == 0
    proc = run_hook("claude-code", event(repo, "Stop"), cwd=repo, env=env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    settle(repo)  # the Stop, or the capture worker if it recorded the correction after the Stop, starts it
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "started an automatic reflection of this session" in log
    assert (learn_dir(repo) / ".sessions" / "reflect.log").exists()


# --- startup recovery: leftovers of other sessions at the first idle of a new session --------------------

def leftover(repo: Path, session: str = "old-session", count: int = 1) -> None:
    from altimate_learn.capture.signals import NewSignal, append_signals
    from altimate_learn.store import Store

    append_signals(Store.open(start=repo), [NewSignal("review", session, f"Leftover comment {i}.", "test")
                                            for i in range(count)])


@pytest.fixture
def recorder(repo: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """Auto-reflect on; both spawns replaced by recorders (nothing is started)."""
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: dict[str, list] = {"session": [], "pending": []}
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started["session"].append(sid))
    monkeypatch.setattr(live_capture, "spawn_recovery", lambda root, folder, log: started["pending"].append(root))
    return started


def test_leftovers_of_another_session_are_recovered_at_the_first_stop_only(repo: Path, recorder, capsys):
    leftover(repo)
    fire(repo, event(repo, "SessionStart", source="startup"), capsys=capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model for refunds", prompt_id="p1"),
         capsys=capsys)
    assert recorder["pending"] == []  # never during the first turn
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert recorder == {"session": [], "pending": [str(repo)]}
    fire(repo, event(repo, "UserPromptSubmit", prompt="now the orders model", prompt_id="p2"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert recorder["pending"] == [str(repo)]  # once per session, though the leftovers are still open
    fire(repo, {**event(repo, "Stop"), "session_id": "cap-2"}, capsys=capsys)
    assert recorder["pending"] == [str(repo), str(repo)]  # the next new session checks again


def test_recovery_reaches_the_other_harnesses_end_of_turn_events(repo: Path, recorder, capsys):
    leftover(repo)
    fire(repo, event(repo, "AfterAgent", prompt="task", prompt_response="done"), harness="gemini", capsys=capsys)
    fire(repo, {"hook": "session.idle", "session_id": "oc-1", "directory": str(repo)}, harness="opencode",
         capsys=capsys)
    assert recorder["pending"] == [str(repo), str(repo)]


def test_no_recovery_when_auto_reflect_is_off(repo: Path, recorder, capsys, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "0")
    leftover(repo)
    fire(repo, event(repo, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert recorder == {"session": [], "pending": []}


def test_no_recovery_when_the_only_open_signals_are_this_sessions(repo: Path, recorder, capsys):
    leftover(repo, session=SESSION)
    fire(repo, event(repo, "UserPromptSubmit", prompt="task", prompt_id="p1"), capsys=capsys)
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert recorder == {"session": [SESSION], "pending": []}  # the per-session trigger covers them


def test_no_recovery_without_leftovers_and_none_later_in_the_session(repo: Path, recorder, capsys):
    fire(repo, event(repo, "Stop"), capsys=capsys)
    leftover(repo)  # e.g. another session's signals arrive after this session's first idle
    fire(repo, event(repo, "Stop"), capsys=capsys)
    assert recorder["pending"] == []


def test_startup_recovery_runs_detached_and_the_hook_stays_silent(repo: Path):
    leftover(repo)
    env = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "1", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
    proc = run_hook("claude-code", event(repo, "Stop"), cwd=repo, env=env)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "started startup recovery of signals left over from other sessions" in log
    assert (learn_dir(repo) / ".sessions" / "reflect.log").exists()
