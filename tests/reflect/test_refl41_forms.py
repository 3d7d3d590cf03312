"""refl41 (session #23): the built-in reflector's open findings of review39/40 and forms from the dev blind sets."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

from altimate_learn.capture.sessions.claude_memory import memory_folders
from tests.history.transcripts import claude_session, days_ago

# --- R39-5 on the learner's path: a first message "please remember: X" and the note the agent wrote of it -------------

REMEMBER = "please remember: run make check before every commit, never commit with a red check"
NOTE = "Run `make check` before every commit; never commit while the check is red."


def _remembered(repo: Path, home: Path, note_after: float) -> Path:
    """A Claude Code session whose FIRST message is ``REMEMBER`` (no live signal: a session's first message never is
    one), and the memory the agent wrote ``note_after`` seconds after that message was typed."""
    start = days_ago(1)
    claude_session(home, repo, "sess-remember", start, [
        ("user", REMEMBER),
        ("assistant", "Noted: I will run make check before every commit."),
        ("user", "thanks. now add the retry to the fetcher"),
        ("assistant", "Added the retry."),
    ])
    folder = memory_folders(repo)[0][0]
    folder.mkdir(parents=True, exist_ok=True)
    note = folder / "feedback_make_check.md"
    note.write_text(f"---\nname: make-check\ndescription: run make check\nmetadata:\n  type: feedback\n---\n\n{NOTE}\n")
    stamp = (start + timedelta(seconds=5 + note_after)).timestamp()
    os.utime(note, (stamp, stamp))
    return note


def _staged_note(repo: Path) -> dict:
    candidate = json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    (lesson,) = [lesson for lesson in candidate if lesson.get("provenance", "").startswith("from Claude Code's memory")]
    return lesson


def test_learn_run_does_not_count_the_message_the_agents_note_was_written_from(git_repo, isolated_home, cli) -> None:
    _remembered(git_repo, isolated_home, note_after=2)  # written during that message's own turn
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 0


def test_learn_run_counts_the_message_when_the_note_is_older(git_repo, isolated_home, cli) -> None:
    _remembered(git_repo, isolated_home, note_after=-86400 * 3)  # the note was there before: the person says it again
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1


def test_learn_run_counts_the_message_when_the_note_came_after_the_next_one(git_repo, isolated_home, cli) -> None:
    # written after the person's next message: not the turn that answered "please remember", so a second say
    _remembered(git_repo, isolated_home, note_after=20)
    code, out, err = cli("run", "--now", "--since", "2000-01-01")
    assert code == 0, err
    assert _staged_note(git_repo)["helpful"] == 1
