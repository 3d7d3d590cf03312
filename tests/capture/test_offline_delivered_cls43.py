"""`learn capture` of a transcript file judges each message with the lessons its session was shown before it was typed,
as the live capture worker does (#24 left: only the live worker read them). "print again??" after the team's logger lesson
was delivered is a correction though the agent's answer never names print; typed before that delivery, or in a session
delivery never saw, it is not. Real hooks deliver the lesson (capture off, so only the offline path can record), then a
Claude Code transcript of the same session is captured."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.deliver.helpers import learn_dir, lesson, read_jsonl, run_hook, write_store

SESSION = "cls43-offline-delivered"
ENV = {"ALTIMATE_LEARN_CAPTURE": "0", "ALTIMATE_LEARN_AUTO": "0", "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}
LOGGER = "Log through app/log.py (the project logger), never print() in app code."
OTHER = "Dates in API responses are ISO 8601 strings in UTC."
TASK = "add a log line to the export of the monthly totals in app/export.py"
DONE = "Done: the export in app/export.py now reports how many rows it wrote."
REASON = "complained of a thing a lesson given in this session bans"


def _deliver(repo: Path, session: str) -> None:
    """The session's hooks as Claude Code runs them: the logger lesson is delivered (a small store: at its start)."""
    for payload in ({"hook_event_name": "SessionStart", "source": "startup"},
                    {"hook_event_name": "UserPromptSubmit", "prompt": TASK, "prompt_id": "p1"}):
        proc = run_hook("claude-code", {"session_id": session, "transcript_path": str(repo / f"{session}.jsonl"),
                                        "cwd": str(repo), **payload}, cwd=repo, env=ENV)
        assert (proc.returncode, proc.stderr) == (0, "")
    state = json.loads(next((learn_dir(repo) / ".sessions").glob("*.json")).read_text(encoding="utf-8"))
    assert LOGGER in [s["line"] for s in state["shown"]]  # the premise: delivered, and recorded with its time


def _transcript(path: Path, session: str, start: datetime, complaint: str) -> Path:
    records, parent = [], None
    for i, (role, text) in enumerate((("user", TASK), ("assistant", DONE), ("user", complaint))):
        uid = f"{role[0]}{i:03d}-5b6d-4e7f-8a90-b1c2d3e4f5a6"
        message = {"role": "user", "content": text} if role == "user" else {
            "id": f"msg_{i}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}
        at = (start + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        records.append({"parentUuid": parent, "isSidechain": False, "type": role, "message": message, "uuid": uid,
                        "timestamp": at, "userType": "external", "cwd": str(path), "sessionId": session,
                        "version": "2.1.332"})
        parent = uid
    file = path / f"{session}.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return file


def _capture(cli, file: Path) -> list[dict]:
    code, _, err = cli("capture", str(file))
    assert code == 0, err
    return [s for s in read_jsonl(learn_dir(file.parent) / "team-playbook" / "signals.jsonl")
            if s["kind"] == "user_correction"]


def test_a_complaint_of_a_lesson_delivered_earlier_in_the_session_is_captured_from_its_file(git_repo: Path, cli):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"]), lesson("L-0002", OTHER, tags=["api"])])
    _deliver(git_repo, SESSION)
    later = datetime.now(timezone.utc) + timedelta(minutes=1)
    (signal,) = _capture(cli, _transcript(git_repo, SESSION, later, "print again??"))
    assert (signal["text"], signal["reason"], signal["sessionID"]) == ("print again??", REASON, SESSION)


def test_typed_before_the_lesson_was_delivered_it_is_no_complaint_of_it(git_repo: Path, cli):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"])])
    _deliver(git_repo, SESSION)
    earlier = datetime.now(timezone.utc) - timedelta(hours=2)
    assert _capture(cli, _transcript(git_repo, SESSION, earlier, "print again??")) == []


def test_a_session_delivery_never_saw_has_no_delivered_lessons(git_repo: Path, cli):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"])])
    _deliver(git_repo, SESSION)  # another session was shown the lesson
    later = datetime.now(timezone.utc) + timedelta(minutes=1)
    assert _capture(cli, _transcript(git_repo, "cls43-other-session", later, "print again??")) == []


def test_an_unreadable_delivery_state_captures_as_without_one(git_repo: Path, cli):
    write_store(git_repo, [lesson("L-0001", LOGGER, tags=["logging", "python"])])
    _deliver(git_repo, SESSION)
    state = next((learn_dir(git_repo) / ".sessions").glob("*.json"))
    state.write_text("{not json", encoding="utf-8")
    later = datetime.now(timezone.utc) + timedelta(minutes=1)
    assert _capture(cli, _transcript(git_repo, SESSION, later, "print again??")) == []
    assert state.read_text(encoding="utf-8") == "{not json"  # left where it is: the hooks own moving it aside
