"""Gemini CLI: a session begun while nothing was approved gets the core tier when it is resumed after the first promote
(review10 R10-7, Gemini's side). Gemini's SessionStart carries no context (the section goes with the first
BeforeAgent), so the resume is marked at SessionStart `source: resume` and the next prompt brings the core tier.
The payloads have the fields Gemini CLI 0.61 sends (/work/shared/realagents/gemini/samples/hook-payloads)."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.harness import gemini
from altimate_learn.harness.hook import handle
from altimate_learn.markers import SECTION_OPEN
from tests.deliver.helpers import sample_lessons, write_store

SESSION = "47bfcf63-4db5-4ce4-9935-c58156c74f22"


def call(root: Path, payload: dict) -> str:
    """One Gemini hook call through the hook's own code, in-process: the additionalContext it answers ("" for none)."""
    payload = {"session_id": SESSION, "transcript_path": str(root / "session-2026-12-01T21-20-47bfcf63.jsonl"),
               "cwd": str(root), "timestamp": "2026-12-01T21:20:04.920Z", **payload}
    event = gemini.parse(payload)
    assert event is not None
    can_inject = bool(gemini.respond(event, "probe"))
    text = handle(event, gemini.NAME, str(root), str(root), lambda m: None, can_inject=can_inject)
    answer = gemini.respond(event, text) if text else ""
    return json.loads(answer)["hookSpecificOutput"]["additionalContext"] if answer else ""


def start(root: Path, source: str) -> str:
    return call(root, {"hook_event_name": "SessionStart", "source": source})


def prompt(root: Path, text: str) -> str:
    return call(root, {"hook_event_name": "BeforeAgent", "prompt": text})


def bullets(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- ")]


def test_a_gemini_session_begun_with_an_empty_store_gets_the_core_tier_when_resumed(git_repo: Path):
    write_store(git_repo, [])
    assert start(git_repo, "startup") == ""
    assert prompt(git_repo, "add a staging model for disputes") == ""  # nothing approved yet: the section is empty
    write_store(git_repo, sample_lessons())  # learn reflect + learn promote
    # not resumed: the empty section stays frozen, a later prompt gets its own tier only
    assert "Team conventions for this project (approved by the team):" not in prompt(git_repo, "now the models docs")
    assert start(git_repo, "resume") == ""  # Gemini's SessionStart answers nothing
    resumed = prompt(git_repo, "no, you forgot to convert amount_cents to dollars in staging")
    assert resumed.startswith(SECTION_OPEN) and "Team conventions for this project" in resumed
    core = bullets(resumed)
    assert len(core) >= 3  # the core tier (and this request's own lessons) in one section
    again = prompt(git_repo, "and add a test for the disputes model")
    assert not set(bullets(again)) & set(core)  # shown once per session: the core tier is not repeated


def test_a_resume_after_a_section_that_showed_lessons_adds_no_second_core_tier(git_repo: Path):
    write_store(git_repo, sample_lessons())
    assert start(git_repo, "startup") == ""
    first = prompt(git_repo, "add a staging model for disputes")
    assert first.startswith(SECTION_OPEN) and bullets(first)
    assert start(git_repo, "resume") == ""
    later = prompt(git_repo, "now rename the disputes model")
    assert not set(bullets(later)) & set(bullets(first))
    assert "Team conventions for this project (approved by the team):" not in later  # no new section


REPLY = "hm, why urllib? we always use httpx in this codebase"  # typed after the agent's "I switched the client to urllib"


def test_a_session_resumed_without_learns_state_has_its_next_prompt_read_as_a_reply(git_repo: Path, monkeypatch):
    """review47 R47-2 (real Gemini CLI 0.61): the session's first turns ran before learn's hooks did (installed later, or
    in a folder Gemini did not trust yet), and `gemini --resume ID -p "hm, why urllib? we always use httpx in this
    codebase"` was taken for the session's task: not captured, though `learn capture --latest` recorded it from the
    chat file. A resumed session has answered before, so its next prompt is read as a reply; a new session's first
    prompt is still its task. With nothing approved yet (no store) and with lessons."""
    from tests.harness.test_capture_worker import settle, signals

    for name, value in {"ALTIMATE_LEARN_CAPTURE": "1", "ALTIMATE_LEARN_AUTO": "0",
                        "ALTIMATE_LEARN_CONTINUAL_LEARNING": "0"}.items():
        monkeypatch.setenv(name, value)

    def session(sid: str, source: str) -> None:
        base = {"session_id": sid, "transcript_path": str(git_repo / f"session-{sid}.jsonl"), "cwd": str(git_repo),
                "timestamp": "2026-12-07T14:40:26.506Z"}
        for payload in ({"hook_event_name": "SessionStart", "source": source},
                        {"hook_event_name": "BeforeAgent", "prompt": REPLY}):
            event = gemini.parse({**base, **payload})
            handle(event, gemini.NAME, str(git_repo), str(git_repo), lambda m: None, can_inject=True)
        settle(git_repo)

    session("new-1", "startup")  # a new session's first prompt: the task
    assert not (git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()
    session("old-1", "resume")  # nothing approved, no store yet
    assert [(s["sessionID"], s["text"]) for s in signals(git_repo)] == [("old-1", REPLY)]
    write_store(git_repo, sample_lessons())
    session("old-2", "resume")
    assert [s["sessionID"] for s in signals(git_repo)] == ["old-1", "old-2"]
    session("new-2", "startup")
    assert [s["sessionID"] for s in signals(git_repo)] == ["old-1", "old-2"]
