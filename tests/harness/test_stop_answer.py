"""The agent's answer at Stop: redacted by a capture worker, not in the hook, and never on disk unredacted
(real hook processes, real workers, real files)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn import launch
from altimate_learn.harness import capture_worker
from tests.deliver.helpers import learn_dir, run_hook, sample_lessons, write_store
from tests.harness.test_capture_worker import fire, signals

SESSION = "stop-1"
ANSWER_SECRET = "sk-ant-api03-" + "x9Y" * 30
DONE = "I've added the login page and wired the route; it should now load at /login."
BROKEN = "the login page doesn't load"  # a correction only when read against the answer that claimed success
ENV = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}


def event(repo: Path, name: str, **fields) -> dict:
    return {"session_id": SESSION, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo),
            "hook_event_name": name, **fields}


def sessions_dir(repo: Path) -> str:
    return str(learn_dir(repo) / ".sessions")


def settle(repo: Path) -> None:
    assert capture_worker.wait_for_workers(sessions_dir(repo), timeout=120), capture_worker.pending(sessions_dir(repo))


def files_holding(root: Path, text: str) -> list[str]:
    return [str(p) for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
            and text.encode() in p.read_bytes()]


def hook_log(repo: Path) -> str:
    path = learn_dir(repo) / ".sessions" / "hook.log"
    return path.read_text() if path.exists() else ""


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, sample_lessons())
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    return git_repo


def test_the_stop_hook_does_not_import_the_redactor_and_the_answer_is_kept_redacted(repo: Path):
    payloads = [event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
                event(repo, "Stop", last_assistant_message=f"{DONE} (token {ANSWER_SECRET})")]
    script = f"""
import io, json, sys
from altimate_learn.harness import hook
payloads = {[json.dumps(p) for p in payloads]!r}
sys.stdin = io.TextIOWrapper(io.BytesIO(payloads[0].encode()))
hook.main(["claude-code"])
before = set(sys.modules)
sys.stdin = io.TextIOWrapper(io.BytesIO(payloads[1].encode()))
hook.main(["claude-code"])
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("altimate_learn.redact"))))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=repo, capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout.strip().splitlines()[-1]) == [], proc.stdout + proc.stderr
    settle(repo)
    (kept,) = (Path(sessions_dir(repo)) / capture_worker.ANSWERS).iterdir()
    text = kept.read_text()
    assert DONE in text and "[REDACTED:" in text and ANSWER_SECRET not in text
    assert files_holding(repo, ANSWER_SECRET) == []


def test_the_next_prompt_is_read_against_the_answer_and_takes_it_off_disk(repo: Path):
    for payload in (event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
                    event(repo, "Stop", last_assistant_message=f"{DONE} Key {ANSWER_SECRET}"),
                    event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2")):
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        assert (proc.returncode, proc.stdout, proc.stderr)[::2] == (0, "")
    settle(repo)
    (signal,) = signals(repo)
    assert signal["messageID"] == "p2" and signal["reason"] == "said the result does not work"
    assert list((Path(sessions_dir(repo)) / capture_worker.ANSWERS).iterdir()) == []  # taken by the prompt
    assert files_holding(repo, ANSWER_SECRET) == []


def test_a_stop_worker_that_cannot_start_leaves_the_redaction_to_the_hook(repo: Path, capsys, monkeypatch):
    monkeypatch.setattr(launch, "python", lambda: str(repo / "no-such-python"))
    fire(repo, event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"), capsys)
    out = fire(repo, event(repo, "Stop", last_assistant_message=f"{DONE} token {ANSWER_SECRET}"), capsys)
    assert out == ""
    assert "capture worker not started" in hook_log(repo) and "redacted the answer in the hook" in hook_log(repo)
    assert files_holding(repo, ANSWER_SECRET) == [] and capture_worker.pending(sessions_dir(repo)) == []
    state = "".join(p.read_text() for p in Path(sessions_dir(repo)).glob("*.json"))
    assert DONE in state and "[REDACTED:" in state  # kept, redacted, in the session state as before
    fire(repo, event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2"), capsys)
    (signal,) = signals(repo)  # the prompt's worker could not start either: classified in the hook, with it
    assert signal["reason"] == "said the result does not work"


def test_a_failing_stop_worker_logs_why_and_the_prompt_is_classified_without_the_answer(repo: Path):
    folder = Path(sessions_dir(repo))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / capture_worker.ANSWERS).write_text("not a folder")  # keeping the answer fails in the worker
    answers = []
    for payload in (event(repo, "UserPromptSubmit", prompt="add a login page", prompt_id="p1"),
                    event(repo, "Stop", last_assistant_message=f"{DONE} token {ANSWER_SECRET}"),
                    event(repo, "UserPromptSubmit", prompt=BROKEN, prompt_id="p2")):
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        answers.append((proc.returncode, proc.stderr))
        if payload["hook_event_name"] == "Stop":
            assert proc.stdout == ""
    assert answers == [(0, "")] * 3
    settle(repo)  # the prompt's worker did not wait for an answer that will never come
    assert "capture worker failed" in hook_log(repo) and ANSWER_SECRET not in hook_log(repo)
    assert signals(repo) == []  # without the answer, "it doesn't load" is a new bug report, not a correction
    assert files_holding(repo, ANSWER_SECRET) == []


def test_the_worker_given_a_broken_answer_job_prints_nothing_and_exits_0(repo: Path):
    folder = Path(sessions_dir(repo))
    folder.mkdir(parents=True, exist_ok=True)
    job = {"kind": "answer", "local_dir": str(learn_dir(repo)), "sessions_dir": str(folder), "session": SESSION,
           "turn": "one", "answer": f"{DONE} {ANSWER_SECRET}"}  # turn is not a number
    proc = subprocess.run(launch.learn_argv("hook", capture_worker.WORKER_ARG), input=json.dumps(job).encode(),
                          cwd=repo, capture_output=True)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    assert files_holding(repo, ANSWER_SECRET) == []


def test_take_answer_waits_only_while_the_answers_worker_runs(repo: Path):
    folder = sessions_dir(repo)
    logged: list[str] = []
    assert capture_worker.take_answer(folder, SESSION, 3, logged.append, wait=60) is None  # none: no wait
    assert logged == []
    from altimate_learn.deliver.state import session_file_name

    pending = Path(folder) / capture_worker.PENDING
    pending.mkdir(parents=True)
    marker = pending / f"{session_file_name(SESSION)}-a3-12345"
    marker.write_text("{}")
    assert capture_worker.take_answer(folder, SESSION, 3, logged.append, wait=0) is None
    assert "not ready" in logged[-1]
    capture_worker.store_answer({"sessions_dir": folder, "session": SESSION, "turn": 3,
                                 "answer": f"{DONE} {ANSWER_SECRET}"}, logged.append)
    kept = capture_worker.take_answer(folder, SESSION, 3, logged.append, wait=0)
    assert kept is not None and DONE in kept and ANSWER_SECRET not in kept
    assert not Path(capture_worker.answer_path(folder, SESSION, 3)).exists()  # read once, then removed


def test_a_secret_the_agent_quotes_back_at_stop_is_kept_redacted(repo: Path):
    """The person typed a password earlier in the session; the agent's answer repeats it bare (no name next to
    it): the answer kept for the next prompt holds it redacted, learnt from the session's transcript."""
    secret = "hunter2-Qz81x"
    (repo / "t.jsonl").write_text(json.dumps({"type": "user", "sessionId": SESSION, "uuid": "u1", "message": {
        "role": "user", "content": f"the staging db password is {secret}, use it for the migration"}}) + "\n")
    payloads = [event(repo, "UserPromptSubmit", prompt="run the migration on staging", prompt_id="p1"),
                event(repo, "Stop", last_assistant_message=f"{DONE} I connected with {secret} as you said.")]
    for payload in payloads:
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        assert (proc.returncode, proc.stderr) == (0, "")
    settle(repo)
    (kept,) = (Path(sessions_dir(repo)) / capture_worker.ANSWERS).iterdir()
    assert DONE in kept.read_text()
    assert files_holding(repo / ".altimate-code", secret) == []
