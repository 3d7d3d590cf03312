"""A lesson edited mid-session reaches the running session in its new words, once (issue 19, deliver25).

The session's shown lessons were keyed by store and id, so after a pull (or a promote) that fixed the wording of an
approved lesson the session had been shown, the lesson still counted as shown: the agent kept the wrong rule for
the rest of the session. Now a lesson whose text changed since it was shown is shown again, with its new text, the
next time a request or a file it is relevant to comes, and not a third time; the frozen section keeps its bytes, a
compaction rebuilds it without the old wording, and a lesson whose scope alone changed is not shown again.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.deliver.helpers import commit_all, hook, lesson, write_store

RETRY = lesson("L-0001", "Retry payment provider calls 3 times with exponential backoff.", tags=["payments"])
RETRY_FIXED = {**RETRY, "text": "Retry payment provider calls 5 times with jittered backoff; never retry a refund."}
OTHERS = [
    lesson("L-0002", "Use snake_case for column names in every model.", tags=["dbt"]),
    lesson("L-0003", "Format prices with `formatMoney()` so the currency follows the user's locale.", tags=["web"]),
    lesson("L-0004", "Database sessions come from `get_session()`; never create engines in request handlers.",
           tags=["python"], paths=["services/**"]),
]


def test_an_edited_lesson_the_session_was_shown_comes_again_in_its_new_words_once(git_repo: Path):
    write_store(git_repo, [RETRY, *OTHERS])
    commit_all(git_repo, "learn: lessons")
    session = str(uuid.uuid4())
    start = hook(git_repo, session, "SessionStart", source="startup")
    assert RETRY["text"] in start  # a small store: given whole at session start
    assert hook(git_repo, session, "UserPromptSubmit", prompt="retry the payment provider calls on timeouts") == ""

    write_store(git_repo, [RETRY_FIXED, *OTHERS])  # the person fixed the wrong rule and committed it
    commit_all(git_repo, "learn: 5 retries, never a refund")
    assert hook(git_repo, session, "UserPromptSubmit", prompt="fix the typo in the readme") == ""  # not relevant
    again = hook(git_repo, session, "UserPromptSubmit", prompt="add retries to the payment provider client")
    assert RETRY_FIXED["text"] in again and RETRY["text"] not in again
    assert "Use snake_case" not in again  # the lessons that did not change stay shown
    assert hook(git_repo, session, "UserPromptSubmit", prompt="how many times do we retry payment provider calls?") == ""
    assert hook(git_repo, session, "SessionStart", source="resume") == start  # the section keeps its bytes
    compacted = hook(git_repo, session, "SessionStart", source="compact")
    assert RETRY_FIXED["text"] in compacted and RETRY["text"] not in compacted and "snake_case" in compacted


def test_a_core_lesson_edited_mid_session_is_in_the_compacted_section_in_its_new_words(git_repo: Path):
    """review24 R24-12: a standing rule shown at session start and edited since came back after a compaction with
    neither wording (the request that would bring the new one may never come)."""
    write_store(git_repo, [RETRY, *OTHERS])
    session = str(uuid.uuid4())
    assert RETRY["text"] in hook(git_repo, session, "SessionStart", source="startup")
    write_store(git_repo, [RETRY_FIXED, *OTHERS])
    compacted = hook(git_repo, session, "SessionStart", source="compact")
    assert RETRY_FIXED["text"] in compacted and RETRY["text"] not in compacted and "snake_case" in compacted
    assert hook(git_repo, session, "UserPromptSubmit", prompt="add retries to the payment provider client") == ""


def test_a_lesson_whose_scope_alone_changed_is_not_shown_again(git_repo: Path):
    write_store(git_repo, [RETRY, *OTHERS])
    session = str(uuid.uuid4())
    assert "get_session()" in hook(git_repo, session, "SessionStart", source="startup")
    moved = {**OTHERS[2], "trigger": {"paths": ["services/api/**"]}}
    write_store(git_repo, [RETRY, *OTHERS[:2], moved])
    assert hook(git_repo, session, "UserPromptSubmit",
                 prompt="where do database sessions come from in the request handlers?") == ""
