"""A later request's tier (issue 19, thirteenth round): what a second request gets after the first one filled its
tier. Lessons the session was already shown do not take the later tier's slots (the next lessons of the topic come
instead), and a follow-up on another topic gets that topic's lessons."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import step

# One topic, eight rules that all share its words: more than a tier shows.
TOPIC = [lesson(f"L-1{i:03x}", text) for i, text in enumerate((
    "Invoice PDF exports render totals from `invoice_totals()`, never from line sums in the template.",
    "Invoice PDF exports embed the company logo as SVG so print stays sharp.",
    "Name invoice PDF export files `invoice-<number>.pdf`; customers search their mail by it.",
    "Invoice PDF exports run in the `exports` queue, never inside the request.",
    "Invoice PDF exports use the customer's locale for dates and amounts.",
    "Cache invoice PDF exports by invoice version; a changed invoice gets a new export.",
    "Invoice PDF exports are tested against the golden files in `tests/invoices/`.",
    "Invoice PDF exports never include internal notes of the invoice.",
))]
# Unrelated conventions, so the topic's words are rare in the store.
OTHER = [lesson(f"L-2{i:03x}", f"Kiosk lobby banner convention number n{i} for the lobby screens.") for i in range(30)]
BRANCH = lesson("L-3000", "Branch names follow `<type>/<ticket>-<slug>`, for example feature or fix.")
LIMITS = {"core_lessons": 0, "retrieved_lessons": 3, "request_lessons": 3}


def test_a_second_request_on_the_same_topic_gets_the_next_lessons_not_nothing(git_repo: Path):
    write_store(git_repo, TOPIC + OTHER + [BRANCH])
    step(git_repo, "session_start", "startup", **LIMITS)
    first = step(git_repo, "request", "the invoice pdf export renders wrong", **LIMITS)
    first_ids = [a["id"] for a in first.added]
    assert first_ids and all(i.startswith("L-1") for i in first_ids)
    assert len(first_ids) < len(TOPIC)  # the tier is full before the topic is
    again = step(git_repo, "request", "more on the invoice pdf export: the totals are off", **LIMITS)
    again_ids = [a["id"] for a in again.added]
    # the already-shown lessons are skipped, and the tier is filled with the topic's next lessons
    assert again_ids and all(i.startswith("L-1") and i not in first_ids for i in again_ids)
    assert len(again_ids) >= min(LIMITS["request_lessons"], len(TOPIC) - len(first_ids))


def test_a_follow_up_on_another_topic_gets_its_lesson_after_the_first_request_filled_its_tier(git_repo: Path):
    write_store(git_repo, TOPIC + OTHER + [BRANCH])
    step(git_repo, "session_start", "startup", **LIMITS)
    first = step(git_repo, "request", "the invoice pdf export renders wrong", **LIMITS)
    assert BRANCH["id"] not in [a["id"] for a in first.added]
    later = step(git_repo, "request", "thanks! now, what should I call my branch?", **LIMITS)
    assert [a["id"] for a in later.added] == [BRANCH["id"]]
    assert "Branch names follow" in later.text
