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
from altimate_learn.capture.model import UserMessage
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


def without_index(recent: list[tuple]) -> str:
    """What the re-judge reads of its messages; ``index`` (the message's number in the session) counts from where
    the reading started, and the classifier does not read it for a message after an answer."""
    from dataclasses import replace

    return repr([tuple(replace(v, index=0) if isinstance(v, UserMessage) else v for v in item) for item in recent])


def long_session(harness: str, path: Path, session: str, exchanges: int = 60, last: str = REPORT) -> None:
    """A long session: many exchanges with bulky answers (and, in Claude Code's, reasoning), then ``last`` and its
    concession, then the next prompt."""
    turns: list[tuple[str, ...]] = [("user", TASK), ("assistant", DONE)]
    for i in range(exchanges):
        turns += [("user", f"now step {i}: add the {i}th column to the report"),
                  ("assistant", f"Added column {i}. " + "The report renders every row. " * 40, "Planning the column.")]
    turns += [("user", last), ("assistant", NEUTRAL_REPLY, OWNS), ("user", NEXT)]
    HARNESSES[harness][0](path, turns, session)


@pytest.mark.parametrize("harness", sorted(HARNESSES))
def test_the_re_judge_reads_the_transcripts_end_as_the_whole_file_reads_it(repo, monkeypatch, harness):
    """Only the end of a long transcript is read, and it gives exactly what reading the whole file gives: the same
    messages, ids (Codex's are line numbers), the message before, the answer before, the reply and reasoning."""
    from altimate_learn.capture.capture import last_replied
    from altimate_learn.capture.sessions import read_session

    write, session, _ = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-long.jsonl"
    long_session(harness, transcript, session)
    whole = last_replied(read_session(transcript), keep=2)
    read: list[int] = []
    reader_type = type(read_session(transcript))
    original = reader_type.from_tail
    monkeypatch.setattr(reader_type, "from_tail", lambda self, size: read.append(size) or original(self, size))
    for tail in (600, 4096, 64 * 1024):  # the last exchange larger than the first window, and smaller
        monkeypatch.setattr(capture_worker, "REJUDGE_TAIL", tail)
        read.clear()
        assert without_index(capture_worker.recent_prompts(str(transcript))) == without_index(whole)
        assert read[0] == tail
    assert whole[0][0].text == REPORT and whole[0][4].endswith(OWNS) and whole[1][0].text == NEXT
    if harness == "gemini":  # a Gemini CLI chat rewrites earlier messages: always read whole
        assert original(read_session(transcript), 4096) is False
    else:
        reader = read_session(transcript)
        size = transcript.stat().st_size
        assert original(reader, 4096) is True and size - 4096 < reader.start < size
        assert original(reader, size) is False and reader.start == 0


def test_a_tail_that_starts_between_two_prompts_in_a_row_reads_further(repo, monkeypatch):
    """Two prompts typed back to back before the previous one: the window grows until an answer precedes them, so
    the previous prompt counts as one that follows an answer, as in the whole file."""
    from altimate_learn.capture.capture import last_replied
    from altimate_learn.capture.sessions import read_session

    transcript = repo.parent / "claude-in-a-row.jsonl"
    turns: list[tuple[str, ...]] = [("user", TASK), ("assistant", DONE + " " + "x" * 3000)]
    turns += [("user", "also keep the header row"), ("user", REPORT), ("assistant", NEUTRAL_REPLY, OWNS), ("user", NEXT)]
    claude_transcript(transcript, turns, "c17-claude-in-a-row")
    monkeypatch.setattr(capture_worker, "REJUDGE_TAIL", 1500)
    recent = capture_worker.recent_prompts(str(transcript))
    assert without_index(recent) == without_index(last_replied(read_session(transcript), keep=2))
    assert recent[0][0].after_assistant


FLAGGED_QUESTION = ("How should we handle submodules?  I feel like it's not working well, and things are getting out "
                    "of date?")
COMMITTED = ("Committed as `874cad4`. Only `.fzf.zsh` and `.zprofile` were included; the submodule updates and "
             "settings.json changes are left unstaged.")
ASKS = "The user is asking about how to handle submodules in their dotfiles repo; let me explain the options."
EXPLAINS = "There are three ways to keep submodules current: update them on pull, pin them, or vendor them."


def hook_jobs(repo: Path, transcript: Path, session: str, exchanges: list[tuple[str, str | None]], monkeypatch,
              capsys, *, ids: bool = True) -> list[dict]:
    """The prompt jobs the real Claude Code hook hands its workers for ``exchanges`` (prompt, the answer's Stop);
    ``ids=False``: a hook that gives no prompt id (Gemini CLI's BeforeAgent)."""
    from tests.harness.test_capture_worker import settle

    jobs: list[dict] = []
    monkeypatch.setattr(capture_worker, "hand_off", lambda job, folder, log: jobs.append(job) or True)
    base = {"session_id": session, "transcript_path": str(transcript), "cwd": str(repo)}
    for n, (prompt, answer) in enumerate(exchanges):
        payloads = [{"hook_event_name": "UserPromptSubmit", "prompt": prompt, **({"prompt_id": f"p{n + 1}"} if ids else {})}]
        payloads += [{"hook_event_name": "Stop", "last_assistant_message": answer}] if answer else []
        for payload in payloads:
            sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps({**base, **payload}).encode()))
            try:
                assert hook.main(["claude-code"]) == 0
            finally:
                sys.stdin = sys.__stdin__
    settle(repo)  # the answers' workers
    capsys.readouterr()
    return jobs


@pytest.mark.parametrize("harness", sorted(HARNESSES))
def test_a_flag_the_reasoning_reads_as_a_question_is_withdrawn_live_as_offline(repo, capsys, monkeypatch, harness):
    """The patterns flag a question at prompt time, when no reasoning is known yet; the agent's reasoning after it
    ("The user is asking about how …") withdraws the flag. `learn capture` of the transcript records nothing, so the
    next prompt's re-judge removes the flag its own worker recorded: live and offline agree."""
    write, session, _ = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-question.jsonl"
    turns = [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION), ("assistant", EXPLAINS, ASKS)]
    write(transcript, turns + [("user", NEXT)], session)
    flagged, following = hook_jobs(repo, transcript, session, [(TASK, COMMITTED), (FLAGGED_QUESTION, EXPLAINS),
                                                               (NEXT, None)], monkeypatch, capsys)
    assert capture_worker.run_job(flagged, lambda message: None) == 1  # live, at prompt time: the patterns' flag
    assert [s["text"] for s in signals(repo)] == [FLAGGED_QUESTION]
    logged: list[str] = []
    assert capture_worker.run_job(following, logged.append) == 0
    assert signals(repo) == [] and any("withdrew user_correction signal" in line for line in logged)
    # offline, from the transcript alone: nothing either
    summary, = capture_paths(Store.open(start=repo), [transcript])
    assert summary.corrections_added == 0 and signals(repo) == []


def test_a_consumed_flag_and_a_flag_the_reasoning_keeps_are_never_withdrawn(repo, capsys, monkeypatch):
    from altimate_learn.capture.signals import consume_signals

    write, session, _ = HARNESSES["claude-code"]
    transcript = repo.parent / "claude-question-consumed.jsonl"
    write(transcript, [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION), ("assistant", EXPLAINS, ASKS),
                       ("user", NEXT)], session)
    flagged, following = hook_jobs(repo, transcript, session, [(TASK, COMMITTED), (FLAGGED_QUESTION, EXPLAINS),
                                                               (NEXT, None)], monkeypatch, capsys)
    assert capture_worker.run_job(flagged, lambda message: None) == 1
    (recorded,) = signals(repo)
    # a reflection read it already: it stays as it is
    assert consume_signals(Store.open(start=repo), [recorded["id"]], "reflection-1") == 1
    assert capture_worker.run_job(following, lambda message: None) == 0
    assert [(s["id"], s["status"]) for s in signals(repo)] == [(recorded["id"], "consumed")]
    # reasoning that does not read it as a question keeps an open flag
    other = repo.parent / "claude-question-kept.jsonl"
    kept_session = "c17-claude-kept"
    write(other, [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION),
                  ("assistant", EXPLAINS, "The user says submodules are out of date; let me check them."),
                  ("user", NEXT)], kept_session)
    flagged, following = hook_jobs(repo, other, kept_session, [(TASK, COMMITTED), (FLAGGED_QUESTION, EXPLAINS),
                                                               (NEXT, None)], monkeypatch, capsys)
    assert capture_worker.run_job(flagged, lambda message: None) == 1
    assert capture_worker.run_job(following, lambda message: None) == 0
    assert [s["status"] for s in signals(repo) if s["sessionID"] == kept_session] == ["open"]


def test_the_re_judge_reads_the_patterns_once_for_both_verdicts(repo, capsys, monkeypatch):
    """Whether the reasoning withdrew the patterns' flag takes the verdict with the reasoning and the one without it:
    both come from one pass of the patterns (classifier.classify_with_reasoning), not two classifications."""
    from altimate_learn.capture import classifier

    write, session, _ = HARNESSES["claude-code"]
    transcript = repo.parent / "claude-question-once.jsonl"
    write(transcript, [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION), ("assistant", EXPLAINS, ASKS),
                       ("user", NEXT)], session)
    flagged, following = hook_jobs(repo, transcript, session, [(TASK, COMMITTED), (FLAGGED_QUESTION, EXPLAINS),
                                                               (NEXT, None)], monkeypatch, capsys)
    assert capture_worker.run_job(flagged, lambda message: None) == 1
    read: list[str] = []
    classify_text = classifier.classify_text
    monkeypatch.setattr(classifier, "classify_text", lambda text, answer=None, **kw: read.append(text) or
                        classify_text(text, answer, **kw))
    assert capture_worker.rejudge_previous(following, lambda message: None) == 0
    assert read == [FLAGGED_QUESTION] and signals(repo) == []  # read once, and the flag withdrawn


REASONINGS = [None, OWNS, ASKS, "The user is right; the copy step was wrong.", "I'll change the copy step.",
              "The user says submodules are out of date; let me check them."]
REPLIES = [None, CONCEDES, NEUTRAL_REPLY, "Sure! Here's the checksum step you asked about."]
MESSAGES = [REPORT, FLAGGED_QUESTION, NEXT, "/compact", "no, stop, that's wrong", "yes", "why did you copy the folder?"]


@pytest.mark.parametrize("text", MESSAGES)
def test_one_pass_gives_what_classifying_with_and_without_the_reasoning_gives(text):
    from altimate_learn.capture.classifier import classify_user_message, classify_with_reasoning

    task = UserMessage(text=TASK, index=0)
    stopped = UserMessage(text="", index=1, kind="interrupt")
    for previous in (None, task, stopped):
        for after in (True, False):
            message = UserMessage(text=text, index=2, after_assistant=after)
            for reply in REPLIES:
                for thinking in REASONINGS:
                    both = classify_with_reasoning(message, previous, DONE, reply=reply, thinking=thinking)
                    assert both == (classify_user_message(message, previous, DONE, reply=reply, thinking=thinking),
                                    classify_user_message(message, previous, DONE, reply=reply)), (previous, reply, thinking)


KEEPS = "The user says submodules are out of date; let me check them."


@pytest.mark.parametrize("harness", sorted(HARNESSES))
def test_the_same_question_typed_twice_withdraws_only_the_flag_of_the_one_the_reasoning_read_as_a_question(
        repo, capsys, monkeypatch, harness):
    """The first time, the agent's reasoning reads it as a question; the second time, as a report. Each prompt's
    worker recorded its own flag; the re-judge of the first (in the second's worker, after the second's flag is
    written) withdraws the first's, not the latest signal of the same words."""
    write, session, _ = HARNESSES[harness]
    transcript = repo.parent / f"{harness}-twice.jsonl"
    start = [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION)]
    first, second, following = hook_jobs(repo, transcript, session, [
        (TASK, COMMITTED), (FLAGGED_QUESTION, COMMITTED), (FLAGGED_QUESTION, COMMITTED), (NEXT, None)], monkeypatch, capsys)
    write(transcript, start, session)
    # its worker ran before the next Stops, which remove an answer no running worker will take
    assert capture_worker.run_job({**first, "answer": COMMITTED}, lambda message: None) == 1
    write(transcript, start + [("assistant", COMMITTED, ASKS), ("user", FLAGGED_QUESTION)], session)
    assert capture_worker.run_job(second, lambda message: None) == 1  # its own flag, then the first one re-judged
    assert [(s["messageID"], s["status"]) for s in signals(repo)] == [("p3", "open")]
    # the second time, the reasoning took it as a report: its flag stays at the next prompt's re-judge
    write(transcript, start + [("assistant", COMMITTED, ASKS), ("user", FLAGGED_QUESTION), ("assistant", COMMITTED, KEEPS),
                               ("user", NEXT)], session)
    assert capture_worker.run_job(following, lambda message: None) == 0
    assert [(s["messageID"], s["text"], s["status"]) for s in signals(repo)] == [("p3", FLAGGED_QUESTION, "open")]


def test_a_question_typed_again_withdraws_no_flag_its_own_worker_did_not_record(repo, capsys, monkeypatch):
    """A hook without prompt ids (Gemini CLI's BeforeAgent): the second typing of the same words is the same signal to
    the store, so its worker records nothing. When the reasoning reads that second one as a question, there is no flag
    of its own to withdraw; the first one's flag, which its reasoning took as a report, stays."""
    write, session, _ = HARNESSES["gemini"]
    transcript = repo.parent / "gemini-twice.jsonl"
    start = [("user", TASK), ("assistant", COMMITTED), ("user", FLAGGED_QUESTION)]
    first, second, following = hook_jobs(repo, transcript, session, [
        (TASK, COMMITTED), (FLAGGED_QUESTION, COMMITTED), (FLAGGED_QUESTION, COMMITTED), (NEXT, None)], monkeypatch,
        capsys, ids=False)
    write(transcript, start, session)
    # its worker ran before the next Stops, which remove an answer no running worker will take
    assert capture_worker.run_job({**first, "answer": COMMITTED}, lambda message: None) == 1
    (recorded,) = signals(repo)
    write(transcript, start + [("assistant", COMMITTED, KEEPS), ("user", FLAGGED_QUESTION)], session)
    assert capture_worker.run_job(second, lambda message: None) == 0  # the same words, no id: recorded already
    write(transcript, start + [("assistant", COMMITTED, KEEPS), ("user", FLAGGED_QUESTION), ("assistant", COMMITTED, ASKS),
                               ("user", NEXT)], session)
    logged: list[str] = []
    assert capture_worker.run_job(following, logged.append) == 0
    assert [(s["id"], s["status"]) for s in signals(repo)] == [(recorded["id"], "open")]
    assert not any("withdrew" in line for line in logged)
