"""Why an event delivered nothing (`learn deliver`'s note), and one value per target among conflicting lessons."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import session

# Distinct topics, so a request names one lesson at a time; "service" is in five of them (a common word: three
# texts and two `services/` triggers).
LESSONS = [
    lesson("L-0001", "Retry payment provider calls 3 times with exponential backoff."),
    lesson("L-0002", "Retry payment provider calls 5 times with exponential backoff."),
    lesson("L-0003", "The billing service emits invoices through the outbox table."),
    lesson("L-0004", "The search service caches facets per tenant."),
    lesson("L-0005", "The shipping service rounds weights up to the gram."),
    lesson("L-0006", "Use structlog loggers with bound request ids.", paths=["services/api/**"]),
    lesson("L-0007", "Run migrations with alembic and review the generated SQL.", paths=["services/db/**"]),
    lesson("L-0008", "Keep React components in one file each.", paths=["web/src/components/**"]),
    lesson("L-0009", "Name feature flags after the team that owns them."),
    lesson("L-000a", "Seed files hold reference data, never customer data.", paths=["seeds/**"]),
]


def _run(root: Path, *requests: str, session_id: str = "x-1", **overrides):
    engine = session(root, session_id, core_lessons=0, **overrides)
    try:
        return [engine.request(text) for text in requests]
    finally:
        engine.close()


def test_two_lessons_setting_one_thing_to_different_numbers_are_shown_one_per_session(git_repo: Path):
    write_store(git_repo, LESSONS)
    first, again = _run(git_repo, "how many times should we retry payment provider calls with backoff?",
                        "retry the payment provider calls again with backoff")
    retry = [a["id"] for a in first.added if a["id"] in ("L-0001", "L-0002")]
    assert len(retry) == 1  # the agent gets one number, not two that contradict each other
    # the next request matches both: the other value is not shown, and the note says why
    assert again.text == ""
    other = ({"L-0001", "L-0002"} - set(retry)).pop()
    assert "setting the same thing to another value than a lesson shown (" + other + ")" in again.note
    assert retry[0] in again.already and other in again.already


def test_a_request_sharing_only_a_common_word_is_told_which_lessons_it_almost_matched(git_repo: Path):
    write_store(git_repo, LESSONS)
    (result,) = _run(git_repo, "the service is slow today")
    assert result.text == "" and result.added == []
    assert result.note.startswith("no approved lesson matched this request closely enough: 5 lessons share too "
                                  "few words with it to count (")
    assert result.note.endswith(", …); name the convention or the file it is about")  # the closest three named
    # a request that shares no word at all says only that
    (result,) = _run(git_repo, "zebra giraffe", session_id="x-2")
    assert result.note == "no approved lesson matched this request"
