"""A complaint that names what a lesson given in the session says is a correction (review41 R41-5): after the team's
logger lesson was delivered, "print again??" is recorded though the agent's answer never names print; with no such
lesson delivered, the same prompt after the same answer records nothing (real hook processes, real workers, real
files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.harness import capture_worker
from tests.deliver.helpers import learn_dir, lesson, read_jsonl, run_hook, write_store

SESSION = "cls42-delivered"
ENV = {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
LOGGER = "Log through app/log.py (the project logger), never print() in app code."
OTHER = "Dates in API responses are ISO 8601 strings in UTC."


def _event(repo: Path, name: str, **fields) -> dict:
    return {"session_id": SESSION, "transcript_path": str(repo / "t.jsonl"), "cwd": str(repo), "hook_event_name": name,
            **fields}


def _session(repo: Path, complaint: str) -> list[dict]:
    steps = [_event(repo, "SessionStart", source="startup"),
             _event(repo, "UserPromptSubmit", prompt="add a log line to the export of the monthly totals in app/export.py",
                    prompt_id="p1"),
             _event(repo, "Stop", last_assistant_message="Done: the export in app/export.py now reports how many rows "
                    "it wrote."),
             _event(repo, "UserPromptSubmit", prompt=complaint, prompt_id="p2")]
    outputs = []
    for payload in steps:
        proc = run_hook("claude-code", payload, cwd=repo, env=ENV)
        assert (proc.returncode, proc.stderr) == (0, "")
        outputs.append(proc.stdout)
    sessions = str(learn_dir(repo) / ".sessions")
    assert capture_worker.wait_for_workers(sessions, timeout=120), capture_worker.pending(sessions)
    return read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")


@pytest.mark.parametrize("complaint", ["print again??", "why print?"])
def test_a_complaint_naming_what_a_delivered_lesson_says_is_recorded(git_repo: Path, complaint: str):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"]), lesson("L-0002", OTHER, tags=["api"])])
    (signal,) = _session(git_repo, complaint)
    assert signal["kind"] == "user_correction" and signal["messageID"] == "p2" and signal["text"] == complaint
    assert signal["reason"] == "complained of a thing a lesson given in this session bans"


def test_the_same_complaint_with_no_such_lesson_delivered_records_nothing(git_repo: Path):
    write_store(git_repo, [lesson("L-0002", OTHER, tags=["api"])])
    assert _session(git_repo, "print again??") == []


def test_a_thing_no_delivered_lesson_names_is_no_complaint_of_one(git_repo: Path):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"])])
    assert _session(git_repo, "docs again??") == []


def test_an_unreadable_delivery_state_gives_no_lessons_and_breaks_nothing(tmp_path: Path):
    sessions = tmp_path / ".sessions"
    sessions.mkdir()
    from altimate_learn.deliver.state import session_file_name

    state = sessions / (session_file_name(SESSION) + ".json")
    logged: list[str] = []
    job = {"sessions_dir": str(sessions), "session": SESSION}
    assert capture_worker.delivered_lines(job, logged.append) == ()  # no state yet
    state.write_text("{not json", encoding="utf-8")
    assert capture_worker.delivered_lines(job, logged.append) == ()
    assert state.read_text(encoding="utf-8") == "{not json"  # left where it is: the hooks own moving it aside
    state.write_text(json.dumps({"session": "someone-else", "shown": [{"key": "k", "line": LOGGER}]}), encoding="utf-8")
    assert capture_worker.delivered_lines(job, logged.append) == ()
    state.write_text(json.dumps({"session": SESSION, "shown": [{"key": "k", "line": LOGGER}, {"key": "j"}, "x"]}),
                     encoding="utf-8")
    assert capture_worker.delivered_lines(job, logged.append) == (LOGGER,)


def test_a_lesson_only_a_sub_agent_was_given_counts_for_the_complaint(git_repo: Path):
    """review50's leftover, taken by review51: a Claude Code sub-agent's file lessons are kept in a delivery state of
    their own ("<session> agent <id>", R50-7), and the live capture worker read only the main session's state, so
    "print again??" after the sub-agent was given the logger lesson (at its Read of app/export.py) recorded nothing."""
    import json as _json

    write_store(git_repo, [lesson("L-0001", LOGGER, paths=["app/**"]), lesson("L-0002", OTHER, tags=["api"])])
    config = git_repo / ".altimate-code" / "altimate-code.json"
    config.write_text(_json.dumps({"learn": {"core_lessons": 0}}) + "\n")  # the file lesson only with the file
    (git_repo / "app").mkdir()
    (git_repo / "app" / "export.py").write_text("def export(rows):\n    return len(rows)\n")
    steps = [_event(git_repo, "SessionStart", source="startup"),
             _event(git_repo, "UserPromptSubmit", prompt="count the rows of the monthly totals", prompt_id="p1"),
             _event(git_repo, "PreToolUse", tool_name="Read", tool_use_id="t1", agent_id="a1", agent_type="reader",
                    tool_input={"file_path": str(git_repo / "app" / "export.py")}),
             _event(git_repo, "Stop", last_assistant_message="Done: the export now reports how many rows it wrote."),
             _event(git_repo, "UserPromptSubmit", prompt="print again??", prompt_id="p2")]
    outputs = []
    for payload in steps:
        proc = run_hook("claude-code", payload, cwd=git_repo, env=ENV)
        assert (proc.returncode, proc.stderr) == (0, "")
        outputs.append(proc.stdout)
    assert "app/log.py" in outputs[2] and not any("app/log.py" in out for out in outputs[:2])  # the sub-agent's only
    sessions = str(learn_dir(git_repo) / ".sessions")
    assert capture_worker.wait_for_workers(sessions, timeout=120), capture_worker.pending(sessions)
    (signal,) = read_jsonl(learn_dir(git_repo) / "team-playbook" / "signals.jsonl")
    assert signal["messageID"] == "p2" and signal["reason"] == "complained of a thing a lesson given in this session bans"
