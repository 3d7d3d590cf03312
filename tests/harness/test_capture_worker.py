"""The capture worker: a prompt after the agent's answer is classified outside the hook, and nothing changes
but when its signal appears (real hook processes, real workers, real files)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn import launch
from altimate_learn.harness import capture_worker, hook, live_capture
from tests.deliver.helpers import learn_dir, read_jsonl, run_hook, sample_lessons, write_store

SESSION = "cw-1"
SECRET = "ghp_" + "Q7" * 18
ANSWER_SECRET = "sk-ant-api03-" + "x9Y" * 30
CORRECTION = "no, use `ref()` instead of reading raw tables directly, we never select from raw in models"
ENV = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}


def event(repo: Path, name: str, session: str = SESSION, **fields) -> dict:
    return {"session_id": session, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
            "hook_event_name": name, **fields}


def fire(repo: Path, payload: dict, capsys) -> str:
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    try:
        assert hook.main(["claude-code"]) == 0
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out


def signals(repo: Path) -> list[dict]:
    return read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")


def sessions_dir(repo: Path) -> str:
    return str(learn_dir(repo) / ".sessions")


def settle(repo: Path) -> None:
    assert capture_worker.wait_for_workers(sessions_dir(repo), timeout=120), capture_worker.pending(sessions_dir(repo))


def files_holding(root: Path, text: str) -> list[str]:
    return [str(p) for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
            and text.encode() in p.read_bytes()]


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, sample_lessons())
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    return git_repo


def test_the_hook_does_not_classify_the_prompt_itself(repo: Path):
    """The prompt after an answer imports neither the classifier nor the signals store in the hook's process."""
    payloads = [event(repo, "UserPromptSubmit", prompt="add a staging model for refunds", prompt_id="p1"),
                event(repo, "Stop", last_assistant_message="Done: I added the staging model and its tests pass."),
                event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2")]
    script = f"""
import io, json, sys
from altimate_learn.harness import hook
payloads = {[json.dumps(p) for p in payloads]!r}
for payload in payloads[:2]:
    sys.stdin = io.TextIOWrapper(io.BytesIO(payload.encode()))
    hook.main(["claude-code"])
before = set(sys.modules)
sys.stdin = io.TextIOWrapper(io.BytesIO(payloads[2].encode()))
hook.main(["claude-code"])
heavy = ("altimate_learn.capture.classifier", "altimate_learn.capture.signals", "altimate_learn.redact")
print(json.dumps(sorted(m for m in set(sys.modules) - before if m in heavy)))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=repo, capture_output=True, text=True)
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == [], proc.stdout + proc.stderr
    settle(repo)
    (signal,) = signals(repo)  # and the correction was still recorded, by the worker
    assert (signal["kind"], signal["messageID"]) == ("user_correction", "p2")


def test_end_to_end_a_correction_becomes_a_redacted_signal_and_no_secret_reaches_disk(repo: Path):
    steps = [event(repo, "SessionStart", source="startup"),
             event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
             event(repo, "Stop", last_assistant_message="I've added the login page and wired the route; it should "
                   f"now load at /login (token {ANSWER_SECRET})."),
             event(repo, "UserPromptSubmit", prompt=f"the login page doesn't load, and my token is {SECRET}",
                   prompt_id="p2")]
    for payload in steps:
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        assert (proc.returncode, proc.stderr) == (0, "")
    settle(repo)
    (signal,) = signals(repo)
    assert signal["kind"] == "user_correction" and signal["sessionID"] == SESSION and signal["messageID"] == "p2"
    assert signal["reason"] == "said the result does not work"  # read against the answer it replied to
    assert SECRET not in signal["text"] and "REDACTED" in signal["text"]
    assert files_holding(repo, SECRET) == [] and files_holding(repo, ANSWER_SECRET) == []
    assert "captured a user_correction signal" in (learn_dir(repo) / ".sessions" / "hook.log").read_text()


def test_the_marker_holds_no_prompt_text_and_the_worker_entry_point_records_the_signal(
        repo: Path, capsys, monkeypatch: pytest.MonkeyPatch):
    handed: list[bytes] = []
    monkeypatch.setattr(launch, "spawn_with_input", lambda args, data, log_path: handed.append(data) or 1)
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop"), capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=f"{CORRECTION} {SECRET}", prompt_id="p2"), capsys)
    (job,) = handed
    (marker,) = capture_worker.pending(sessions_dir(repo))
    assert files_holding(repo, SECRET) == []  # the prompt is only in the pipe's data, never in a file
    assert signals(repo) == []
    proc = subprocess.run(launch.learn_argv("hook", capture_worker.WORKER_ARG), input=job, cwd=repo,
                          capture_output=True)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    (signal,) = signals(repo)
    assert signal["messageID"] == "p2" and SECRET not in signal["text"]
    assert capture_worker.pending(sessions_dir(repo)) == []  # the worker removed its marker
    assert marker


def test_first_prompt_and_prompt_without_an_answer_start_no_worker(repo: Path, capsys, monkeypatch):
    handed: list[bytes] = []
    monkeypatch.setattr(launch, "spawn_with_input", lambda args, data, log_path: handed.append(data) or 1)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p1"), capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)  # no Stop between
    assert handed == [] and capture_worker.pending(sessions_dir(repo)) == []


def test_nothing_is_lost_when_the_session_ends_right_after_the_prompt(git_repo: Path, monkeypatch):
    """The worker runs in its own session: the agent's exit right after the prompt (SessionEnd, then its whole
    process group hung up and killed, as a closed terminal does) does not stop it; and a burst of corrections
    from several sessions at once loses none. The test holds the store lock, so every worker is provably still
    waiting for it when the agents are killed."""
    import os
    import signal

    from altimate_learn.store import Store

    write_store(git_repo, [])  # no lessons: the hooks themselves never take the store lock
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    sessions = ("a-1", "a-2", "a-3")
    for session in sessions:
        for payload in (event(git_repo, "UserPromptSubmit", session, prompt="add a model", prompt_id="p1"),
                        event(git_repo, "Stop", session)):
            assert run_hook("claude-code", payload, cwd=git_repo, env=ENV).returncode == 0
    # an agent: a process group running the correction's hook, then SessionEnd's, then living on
    agent = ('"$@" < "$0.prompt"; "$@" < "$0.end"; printf "\\nhooks-returned\\n"; exec sleep 120')
    with Store.open(start=git_repo).lock():
        for session in sessions:
            files = git_repo / f"agent-{session}"  # its payloads: files.prompt, files.end
            files.with_suffix(".prompt").write_text(json.dumps(
                event(git_repo, "UserPromptSubmit", session, prompt=CORRECTION, prompt_id="p2")))
            files.with_suffix(".end").write_text(json.dumps(event(git_repo, "SessionEnd", session, reason="exit")))
            proc = subprocess.Popen(["sh", "-c", agent, str(files),
                                     sys.executable, "-m", "altimate_learn", "hook", "claude-code"],
                                    cwd=git_repo, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    start_new_session=True)
            try:
                assert proc.stdout is not None
                for line in proc.stdout:  # the hooks' output, read as the agent reads it
                    if line.strip() == b"hooks-returned":
                        break
                assert capture_worker.pending(sessions_dir(git_repo))  # its worker is waiting for the store
            finally:
                for sig in (signal.SIGHUP, signal.SIGKILL):  # the agent's whole process group goes away
                    try:
                        os.killpg(proc.pid, sig)
                    except ProcessLookupError:
                        pass
                proc.wait()
                proc.stdout.close()
    settle(git_repo)
    assert sorted((s["sessionID"], s["messageID"]) for s in signals(git_repo)) == [
        ("a-1", "p2"), ("a-2", "p2"), ("a-3", "p2")]
    lines = (learn_dir(git_repo) / "team-playbook" / "signals.jsonl").read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(line) for line in lines)  # three whole lines, none torn


@pytest.mark.parametrize("then", ["Stop", "SessionEnd"])
def test_a_signal_recorded_after_the_turn_or_session_ended_still_starts_the_reflection(
        repo: Path, capsys, monkeypatch: pytest.MonkeyPatch, then: str):
    """The Stop (or end) came before the worker recorded the correction: the worker applies that trigger."""
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: list[str] = []
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started.append(sid))
    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop"), capsys)
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)
    fire(repo, event(repo, then, **({"reason": "exit"} if then == "SessionEnd" else {})), capsys)
    assert started == [] and signals(repo) == []  # the hook saw no open signal yet
    (job,) = jobs
    assert job["reflect"] is True
    assert capture_worker.run_job(job, lambda message: None) == 1  # the worker's body, run here
    assert started == [SESSION]
    fire(repo, event(repo, "Stop"), capsys)
    assert started == [SESSION]  # the same open signals: not started again


def test_three_open_signals_start_the_reflection_from_the_worker_mid_turn(repo: Path, capsys, monkeypatch):
    from altimate_learn.capture.signals import NewSignal, append_signals
    from altimate_learn.store import Store

    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: list[str] = []
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started.append(sid))
    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    append_signals(Store.open(start=repo), [NewSignal("review", SESSION, f"Review comment {i}.", "test")
                                            for i in range(2)])
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop"), capsys)
    started.clear()  # that Stop started one for the two open review signals
    fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)
    capture_worker.run_job(jobs[0], lambda message: None)
    assert started == [SESSION]  # the third open signal, before the turn ends


def test_a_worker_that_cannot_start_leaves_the_prompt_to_the_hook(repo: Path, capsys, monkeypatch):
    monkeypatch.setattr(launch, "python", lambda: str(repo / "no-such-python"))
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a staging model for refunds", prompt_id="p1"), capsys)
    fire(repo, event(repo, "Stop"), capsys)
    out = fire(repo, event(repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)
    assert out == "" or "hookSpecificOutput" in out
    (signal,) = signals(repo)  # classified in the hook, at once
    assert signal["messageID"] == "p2"
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "capture worker not started" in log and capture_worker.pending(sessions_dir(repo)) == []


def test_a_failing_worker_logs_why_and_the_hook_answers_as_always(repo: Path):
    (learn_dir(repo) / "team-playbook" / "signals.jsonl").mkdir()  # appending a signal fails in the worker
    answers = []
    for payload in (event(repo, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"),
                    event(repo, "Stop"),
                    event(repo, "UserPromptSubmit", prompt=f"{CORRECTION} {SECRET}", prompt_id="p2")):
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        answers.append((proc.returncode, proc.stderr))
    assert answers == [(0, "")] * 3
    settle(repo)  # the worker removed its marker although it failed
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "capture worker failed" in log and SECRET not in log


def test_a_worktree_removed_before_its_worker_ran_keeps_the_correction(repo: Path, capsys, monkeypatch):
    """Claude Code's --worktree can remove the worktree as the session ends: the worker records the correction
    in the repository's local folder through the main worktree, and never brings the removed folder back."""
    from tests.conftest import git

    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "lessons")
    tree = repo / ".claude" / "worktrees" / "agent-1"
    git(repo, "worktree", "add", "-q", "-b", "agent-1", str(tree))
    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    fire(tree, event(tree, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), capsys)
    fire(tree, event(tree, "Stop"), capsys)
    fire(tree, event(tree, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)
    git(repo, "worktree", "remove", "--force", str(tree))
    (job,) = jobs
    assert job["root"] == str(tree) and capture_worker.run_job(job, lambda message: None) == 1
    (signal,) = signals(repo)
    assert signal["messageID"] == "p2" and not tree.exists()


@pytest.mark.parametrize("removed", [False, True])
def test_the_worker_starts_a_worktree_sessions_reflection_in_that_worktree(repo: Path, capsys, monkeypatch,
                                                                           removed: bool):
    """A worktree's branch has its own committed approved.json: its session's reflection runs in the worktree,
    as when the hook starts it (the signal still goes through the main worktree); in the main worktree only
    when the worktree is already gone."""
    from tests.conftest import git

    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "lessons")
    tree = repo / ".claude" / "worktrees" / "agent-1"
    git(repo, "worktree", "add", "-q", "-b", "agent-1", str(tree))
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    started: list[tuple[str, str]] = []
    monkeypatch.setattr(live_capture, "spawn_reflect", lambda root, sid, folder, log: started.append((root, sid)))
    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    fire(tree, event(tree, "UserPromptSubmit", prompt="add a staging model", prompt_id="p1"), capsys)
    fire(tree, event(tree, "Stop"), capsys)
    fire(tree, event(tree, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2"), capsys)
    fire(tree, event(tree, "Stop"), capsys)  # the turn ended before the worker recorded the correction
    assert started == []
    if removed:
        git(repo, "worktree", "remove", "--force", str(tree))
    (job,) = jobs
    assert capture_worker.run_job(job, lambda message: None) == 1
    assert started == [(str(repo) if removed else str(tree), SESSION)]
    (signal,) = signals(repo)  # recorded in the repository's local folder either way
    assert signal["messageID"] == "p2" and tree.exists() is not removed


def test_the_worker_holds_none_of_the_descriptors_the_agent_gave_its_hook(git_repo: Path, monkeypatch):
    """An agent reads its hook's pipes to the end: a background worker holding one would stall it until the
    worker exits. The test holds the store lock, so the worker is still waiting for it when the pipe is read."""
    import os
    import select

    from altimate_learn.store import Store

    write_store(git_repo, [])  # no lessons: the hook itself never takes the store lock
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    for payload in (event(git_repo, "UserPromptSubmit", prompt="add a model", prompt_id="p1"), event(git_repo, "Stop")):
        assert run_hook("claude-code", payload, cwd=git_repo, env=ENV).returncode == 0
    read_end, write_end = os.pipe()
    os.set_inheritable(write_end, True)
    payload = json.dumps(event(git_repo, "UserPromptSubmit", prompt=CORRECTION, prompt_id="p2")).encode()
    with Store.open(start=git_repo).lock():
        proc = subprocess.run([sys.executable, "-m", "altimate_learn", "hook", "claude-code"], input=payload,
                              cwd=git_repo, capture_output=True, pass_fds=(write_end,))
        os.close(write_end)
        assert proc.returncode == 0 and capture_worker.pending(sessions_dir(git_repo))  # the worker waits
        assert select.select([read_end], [], [], 0)[0] and os.read(read_end, 1) == b""  # end of file at once
    os.close(read_end)
    settle(git_repo)
    (signal,) = signals(git_repo)
    assert signal["messageID"] == "p2"
