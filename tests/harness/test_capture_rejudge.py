"""Live capture re-judges the previous prompt at the next one: its reply is in the transcript by then, and a reply
that concedes a mistake ("You're right! I copied the folder itself") makes a prompt the patterns let pass a
correction. Real transcripts in the Claude Code, Codex and Gemini CLI formats, the real hook and worker body."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from altimate_learn.capture.capture import capture_paths
from altimate_learn.harness import capture_worker, hook
from altimate_learn.store import Store
from tests.harness.test_capture_worker import files_holding, repo, signals  # noqa: F401 - the same store and environment

TASK = "Copy the data folder into the build output."
DONE = "I updated the import script so it copies the data folder into the target and ran it; 42 files copied."
REPORT = "the import is copying the whole data folder, we just want the contents"
CONCEDES = "You're right! I copied the folder itself. Let me copy its contents instead."
NEXT = "ok now add a checksum step"
SECRET = "ghp_" + "R8" * 18


def claude_transcript(path: Path, turns: list[tuple[str, ...]], session: str) -> None:
    """An assistant turn ``(role, text, thinking)`` is written as Claude Code does: a line with the thinking block,
    then a line with the text, under one message id."""
    records, parent = [], None
    for i, (role, text, *thinking) in enumerate(turns):
        uid = f"{role[0]}{i:03d}-5b6d-4e7f-8a90-b1c2d3e4f5a6"
        for block in [{"type": "thinking", "thinking": t, "signature": "EqQBCkYIBxgC"} for t in thinking]:
            records.append({"parentUuid": parent, "isSidechain": False, "type": role, "uuid": f"t{uid[1:]}",
                            "message": {"id": f"msg_{i}", "type": "message", "role": "assistant",
                                        "model": "claude-sonnet-4-5", "content": [block], "stop_reason": None},
                            "timestamp": f"2026-12-04T10:{i:02d}:00.000Z", "userType": "external",
                            "cwd": str(path.parent), "sessionId": session, "version": "2.1.332"})
        message = {"role": "user", "content": text} if role == "user" else {
            "id": f"msg_{i}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}
        records.append({"parentUuid": parent, "isSidechain": False, "type": role, "message": message, "uuid": uid,
                        "timestamp": f"2026-12-04T10:{i:02d}:00.000Z", "userType": "external", "cwd": str(path.parent),
                        "sessionId": session, "version": "2.1.332"})
        parent = uid
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def codex_transcript(path: Path, turns: list[tuple[str, ...]], session: str) -> None:
    """An assistant turn's thinking is a `reasoning` item's summary before its message, and the event repeating it."""
    records = [{"timestamp": "2026-12-04T10:00:00.000Z", "type": "session_meta",
                "payload": {"id": session, "timestamp": "2026-12-04T10:00:00.000Z", "cwd": str(path.parent),
                            "originator": "codex_cli_rs", "cli_version": "0.171.0"}}]
    for i, (role, text, *thinking) in enumerate(turns):
        at = f"2026-12-04T10:{i:02d}:00.000Z"
        for summary in thinking:
            records.append({"timestamp": at, "type": "response_item", "payload": {
                "type": "reasoning", "summary": [{"type": "summary_text", "text": summary}],
                "encrypted_content": "gAAAAABqQg2W"}})
            records.append({"timestamp": at, "type": "event_msg", "payload": {"type": "agent_reasoning",
                                                                             "text": summary}})
        kind = "input_text" if role == "user" else "output_text"
        records.append({"timestamp": at, "type": "response_item",
                        "payload": {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}})
        records.append({"timestamp": at, "type": "event_msg", "payload": {
            "type": "user_message", "message": text, "images": []} if role == "user" else {
            "type": "agent_message", "message": text}})
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def gemini_transcript(path: Path, turns: list[tuple[str, ...]], session: str) -> None:
    """An assistant turn's thinking is one of its `thoughts` (a subject and a description)."""
    records = [{"sessionId": session, "projectHash": "0" * 64, "startTime": "2026-12-04T10:00:00.000Z",
                "lastUpdated": "2026-12-04T10:00:00.000Z", "kind": "main"}]
    for i, (role, text, *thinking) in enumerate(turns):
        at = f"2026-12-04T10:{i:02d}:00.000Z"
        thoughts = [{"subject": "Reconsidering the copy", "description": t, "timestamp": at} for t in thinking]
        records.append({"id": f"m{i:02d}", "timestamp": at, "type": "user", "content": [{"text": text}]} if role == "user"
                       else {"id": f"m{i:02d}", "timestamp": at, "type": "gemini", "content": text, "thoughts": thoughts,
                             "model": "gemini-2.5-pro"})
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


HARNESSES = {
    "claude-code": (claude_transcript, "c16-claude-5b6d-4e7f-8a90", "u002-5b6d-4e7f-8a90-b1c2d3e4f5a6"),
    "codex": (codex_transcript, "0199c16c-0000-7000-8000-000000000001", "line-6"),
    "gemini": (gemini_transcript, "4f2ac16c-5b6d-4e7f-8a90-b1c2d3e4f5a6", "m02"),
}


def prompt_job(repo: Path, transcript: Path, session: str, prompt: str, capsys, monkeypatch) -> dict:
    """The worker job the real Claude Code hook builds for ``prompt`` after two turns (the transcript's format
    is what the worker reads; the hook's fields are the same for each harness)."""
    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    base = {"session_id": session, "transcript_path": str(transcript), "cwd": str(repo)}
    for payload in ({"hook_event_name": "UserPromptSubmit", "prompt": TASK, "prompt_id": "p1"},
                    {"hook_event_name": "Stop", "last_assistant_message": DONE},
                    {"hook_event_name": "UserPromptSubmit", "prompt": REPORT, "prompt_id": "p2"},
                    {"hook_event_name": "Stop", "last_assistant_message": CONCEDES},
                    {"hook_event_name": "UserPromptSubmit", "prompt": prompt, "prompt_id": "p3"}):
        sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps({**base, **payload}).encode()))
        try:
            assert hook.main(["claude-code"]) == 0
        finally:
            sys.stdin = sys.__stdin__
    capsys.readouterr()
    assert [job["message_id"] for job in jobs] == ["p2", "p3"]
    return jobs[-1]


@pytest.mark.parametrize("harness", sorted(HARNESSES))
@pytest.mark.parametrize("written", ["before the prompt", "with the prompt"])
def test_the_next_prompt_re_judges_the_previous_one_with_its_reply(repo, capsys, monkeypatch, harness, written):
    write, session, message_id = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-session.jsonl"
    turns = [("user", TASK), ("assistant", DONE), ("user", REPORT), ("assistant", CONCEDES)]
    write(transcript, turns + ([("user", NEXT)] if written == "with the prompt" else []), session)
    job = prompt_job(repo, transcript, session, NEXT, capsys, monkeypatch)
    assert capture_worker.run_job(job, lambda message: None) == 1
    (signal,) = signals(repo)
    assert (signal["kind"], signal["sessionID"], signal["messageID"]) == ("user_correction", session, message_id)
    assert signal["text"] == REPORT
    assert signal["reason"].startswith("the agent's reply conceded: \"You're right!")
    # the same prompt's worker run again, and the session captured from its transcript afterwards: recorded once
    assert capture_worker.run_job(job, lambda message: None) == 0
    summary, = capture_paths(Store.open(start=repo), [transcript])
    assert summary.corrections_added == 0 and len(signals(repo)) == 1


def test_a_reply_that_agrees_or_a_prompt_already_recorded_adds_nothing(repo, capsys, monkeypatch):
    transcript = repo.parent / "claude-agrees.jsonl"
    session = "c16-claude-agrees"
    claude_transcript(transcript, [("user", TASK), ("assistant", DONE), ("user", REPORT),
                                   ("assistant", "Sure! Here's the checksum step you asked about.")], session)
    job = prompt_job(repo, transcript, session, NEXT, capsys, monkeypatch)
    assert capture_worker.run_job(job, lambda message: None) == 0 and signals(repo) == []
    # the previous prompt was a correction by its own words: its own worker recorded it, the next one adds nothing
    said = "that's wrong, I asked for the contents, not the folder"
    claude_transcript(transcript, [("user", TASK), ("assistant", DONE), ("user", said), ("assistant", CONCEDES)], session)
    assert capture_worker.rejudge_previous({**job, "root": str(repo)}, lambda message: None) == 0


def test_the_re_judged_prompt_is_redacted_and_a_missing_transcript_is_no_error(repo, capsys, monkeypatch):
    transcript = repo.parent / "claude-secret.jsonl"
    session = "c16-claude-secret"
    report = f"{REPORT}, and the token {SECRET} is in the copied folder"
    claude_transcript(transcript, [("user", TASK), ("assistant", DONE), ("user", report), ("assistant", CONCEDES)],
                      session)
    job = prompt_job(repo, transcript, session, NEXT, capsys, monkeypatch)
    assert capture_worker.run_job(job, lambda message: None) == 1
    (signal,) = signals(repo)
    assert SECRET not in signal["text"] and "REDACTED" in signal["text"]
    assert capture_worker.rejudge_previous({**job, "transcript": str(repo / "gone.jsonl")}, lambda m: None) == 0
    transcript.write_text("{not json\n", encoding="utf-8")
    logged: list[str] = []
    assert capture_worker.rejudge_previous(job, logged.append) == 0


OWNS = "The user is pointing out that I copied the data folder itself rather than its contents; fix the copy step."
NEUTRAL_REPLY = "Let me copy its contents instead."


@pytest.mark.parametrize("harness", sorted(HARNESSES))
def test_the_agents_reasoning_re_judges_the_previous_prompt(repo, capsys, monkeypatch, harness):
    """A reply that concedes nothing in words, after reasoning that reads the prompt as a correction: the prompt is
    recorded, under the transcript's id; the reasoning itself is never written anywhere in the store."""
    write, session, message_id = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-thinking.jsonl"
    write(transcript, [("user", TASK), ("assistant", DONE), ("user", REPORT), ("assistant", NEUTRAL_REPLY, OWNS)],
          session)
    job = prompt_job(repo, transcript, session, NEXT, capsys, monkeypatch)
    assert capture_worker.run_job(job, lambda message: None) == 1
    (signal,) = signals(repo)
    assert (signal["sessionID"], signal["messageID"], signal["text"]) == (session, message_id, REPORT)
    assert signal["reason"] == "the agent's reasoning took it as a correction"
    assert files_holding(repo, "pointing out") == [] and files_holding(repo, REPORT) != []


@pytest.mark.parametrize("harness", sorted(HARNESSES))
def test_reasoning_that_plans_the_work_adds_nothing(repo, capsys, monkeypatch, harness):
    write, session, _ = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-plans.jsonl"
    write(transcript, [("user", TASK), ("assistant", DONE), ("user", REPORT),
                       ("assistant", NEUTRAL_REPLY, "The user wants the contents copied; I'll change the copy step.")],
          session)
    job = prompt_job(repo, transcript, session, NEXT, capsys, monkeypatch)
    assert capture_worker.run_job(job, lambda message: None) == 0 and signals(repo) == []
