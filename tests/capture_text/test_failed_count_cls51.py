"""A bare count that fails, after an answer that said the work was done, is a report (cls51, the brief's leftover "2
fail, they're flaky, fix the sleeps": `guards.failures_excused` keeps it a report because a fix is asked, and nothing
read "2 fail" without "tests"). Failures excused and nothing asked stay quiet, and so do conditions, bounds, a count of
none and "failed" said of a noun."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

CLAIMED = "I made the upload retries async and ran the suite: all 48 tests pass now."
ASKED = "Which upload provider should I use for the retries, S3 or GCS?"


def judge(text: str, answer: str = CLAIMED):
    return classify_user_message(UserMessage(text=text, index=3, after_assistant=True), None, answer=answer)


REPORTS = [
    "2 fail, they're flaky, fix the sleeps",
    "2 fail",
    "hmm, 3 fail on my side",
    "two of them fail, fix the sleeps",
    "a couple fail now",
    "4 still fail",
    "2 fail but they're flaky since your change",
    "nope, 5 failing on ci",
    "12 failed again",
]


@pytest.mark.parametrize("text", REPORTS)
def test_a_count_that_fails_after_claimed_work_is_a_report(text):
    verdict = judge(text)
    assert verdict.correction and verdict.strength != "model", verdict


QUIET = [
    "3 fail but those are flaky",  # excused, nothing asked (guards.failures_excused)
    "2 fail, they're known failures",
    "2 fail, those are pre-existing",
    "if 2 fail, retry the job",
    "at most 2 fail per run, that's our budget",
    "once 3 fail in a row, page the on-call",
    "2 fail-safes are in place already",
    "0 fail now, thanks",
    "the retry makes sure 3 failed uploads are resent",
    "we allow 2 failed logins before the lockout",
    "add a test where 2 fail and one passes",
    "thanks! next, show how many uploads fail per day on the dashboard",
]


@pytest.mark.parametrize("text", QUIET)
def test_excuses_conditions_bounds_and_nouns_stay_quiet(text):
    assert not judge(text).correction


def test_only_after_an_answer_that_said_the_work_was_done():
    assert judge("2 fail").correction
    assert not judge("2 fail", ASKED).correction  # the agent asked a question; "2 fail" reports nothing of its work
