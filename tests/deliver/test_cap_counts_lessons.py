"""The session cap counts lessons, not showings: a lesson edited mid-session and shown again in its new words is
still one lesson of ``session_max_lessons`` (issue 19, deliver26).

A shown lesson whose text changed since (a pull or a promote mid-session) comes once more in its new words
(tests/deliver/test_edited_lesson.py); the session's record then holds it twice, and the cap counted both, so the
edit took a place of the session's room from the next lesson a request needed.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from tests.deliver.helpers import commit_all, hook, lesson, write_store

RETRY = lesson("L-0001", "Retry payment provider calls 3 times with exponential backoff.")
RETRY_FIXED = {**RETRY, "text": "Retry payment provider calls 5 times with jittered backoff; never retry a refund."}
SNAKE = lesson("L-0002", "Use snake_case for column names in every dbt model.")
PRICES = lesson("L-0003", "Format prices with `formatMoney()` so the currency follows the user's locale.")
TODO = lesson("L-0004", "Every TODO comment names an owner and a ticket.")
FLAGS = lesson("L-0005", "Read feature flags through `flags.isEnabled()`, never from environment variables.")


def test_a_lesson_shown_again_after_an_edit_takes_no_second_place_of_the_session_cap(git_repo: Path):
    write_store(git_repo, [RETRY, SNAKE, PRICES, TODO, FLAGS])
    (git_repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps(
        {"learn": {"session_max_lessons": 4, "core_lessons": 0, "file_lessons": 0}}))
    commit_all(git_repo, "learn: lessons")
    session = str(uuid.uuid4())
    assert hook(git_repo, session, "SessionStart", source="startup") == ""
    assert RETRY["text"] in hook(git_repo, session, "UserPromptSubmit", prompt="retry the payment provider calls")
    assert SNAKE["text"] in hook(git_repo, session, "UserPromptSubmit", prompt="snake_case column names please")
    assert PRICES["text"] in hook(git_repo, session, "UserPromptSubmit", prompt="format the prices with formatMoney")

    write_store(git_repo, [RETRY_FIXED, SNAKE, PRICES, TODO, FLAGS])  # fixed mid-session: 3 lessons shown, 1 edited
    commit_all(git_repo, "learn: 5 retries, never a refund")
    again = hook(git_repo, session, "UserPromptSubmit", prompt="add retries to the payment provider client")
    assert RETRY_FIXED["text"] in again
    # three lessons shown (one of them twice): the fourth fits the cap of 4
    assert TODO["text"] in hook(git_repo, session, "UserPromptSubmit", prompt="add a TODO comment with an owner")
    # and a fifth does not
    assert hook(git_repo, session, "UserPromptSubmit", prompt="read the feature flags with flags.isEnabled()") == ""
