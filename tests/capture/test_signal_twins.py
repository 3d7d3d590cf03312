"""Live capture and the transcript agree on one event when the agent's hooks give no ids (Gemini CLI: BeforeAgent
has no prompt id, AfterTool no call id) while its transcript does."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import ProjectPaths, Store

SESSION = "47bfcf63-4db5-4ce4-9935-c58156c74f22"
WORDS = "no, you forgot to convert amount_cents to dollars, we always do that in staging models"


def store(root: Path) -> Store:
    s = Store(ProjectPaths(root), "team-playbook")
    s.ensure()
    return s


def ago(seconds: float) -> str:
    return (datetime.now(timezone.utc) - timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def live(text: str = WORDS) -> NewSignal:  # what the hook records: no message id
    return NewSignal(kind="user_correction", session_id=SESSION, text=text, reason='says "you forgot…"')


def read_back(text: str = WORDS, *, message: str = "m1", said: float = 5) -> NewSignal:  # what capture finds
    return NewSignal(kind="user_correction", session_id=SESSION, text=text, reason='says "you forgot…"',
                     message_id=message, said_at=ago(said))


def test_a_correction_captured_live_is_not_captured_again_from_the_transcript(git_repo: Path):
    s = store(git_repo)
    assert len(append_signals(s, [live()])) == 1
    assert append_signals(s, [read_back()]) == []  # the same words, minutes apart at most: the same event
    assert append_signals(s, [read_back()]) == []  # and capturing the session again adds nothing either
    # whitespace and case as the transcript stores them do not matter
    assert append_signals(s, [read_back("  No, you forgot to convert amount_cents to dollars,\nwe always do that "
                                        "in staging models ")]) == []
    assert len(s.signals()[0]) == 1


def test_the_other_order_and_other_events_stay_apart(git_repo: Path):
    s = store(git_repo)
    assert len(append_signals(s, [read_back(message="m1")])) == 1
    assert append_signals(s, [live()]) == []  # transcript first, then the hook (it fired late): still one
    # other words, another session, or the same words much later are other events
    assert len(append_signals(s, [read_back("no, use ref() here", message="m2")])) == 1
    other = NewSignal(kind="user_correction", session_id="another", text=WORDS, reason="x", message_id="m1")
    assert len(append_signals(s, [other])) == 1
    assert len(append_signals(s, [read_back(message="m9", said=3 * 3600)])) == 1


def test_the_same_words_twice_are_two_events(git_repo: Path):
    s = store(git_repo)
    append_signals(s, [live()])
    added = append_signals(s, [read_back(message="m1", said=60), read_back(message="m2", said=30)])
    assert [a["messageID"] for a in added] == ["m2"]  # the live signal is the twin of one of them only


def test_tool_failures_pair_by_tool_and_episode(git_repo: Path):
    s = store(git_repo)
    reason = "tool run_shell_command failed 3 times in a row"
    hook = NewSignal(kind="tool_retry", session_id=SESSION, text="ls: cannot access '/nope'", reason=reason)
    transcript = NewSignal(kind="tool_retry", session_id=SESSION, text="Exit Code: 2 ls: cannot access '/nope'",
                           reason=reason, message_id="g3", part_id="run_shell_command_3", said_at=ago(2))
    assert len(append_signals(s, [hook])) == 1
    assert append_signals(s, [transcript]) == []
