"""check48 C48-5 (session #30, second reader of cls48's 78d38657): after an answer that says the tests pass, a count
of failed things is the person's own run only when it ends there or names the tests ("nope, 4 failures", "3 failed,
41 passed", "nope, 3 failed tests"). 78d38657 read any count before "failed"/"errors" as one, so the next ordinary
request became a correction: "lock the account after 5 failed logins", "show the 3 failed payments on the dashboard",
"retry up to 3 failed uploads". Sentences of our own."""

from __future__ import annotations

import pytest

from tests.capture_text.test_check_claim_cls48 import judge


@pytest.mark.parametrize("text", [
    "lock the account after 5 failed logins",
    "great. after 3 failed attempts show a captcha",
    "show the 3 failed payments on the dashboard",
    "retry up to 3 failed uploads",
    "also log the 3 errors we saw yesterday in sentry",
    "perfect. next: the report should count 2 failed jobs as a warning",
    'the dashboard should say "3 failed" in red',
])
def test_a_count_of_other_failed_things_after_a_claimed_pass_is_no_correction(text):
    assert not judge(text).correction


@pytest.mark.parametrize("text", [
    "nope, 4 failures",
    "still 2 failures",
    "2 failures in test_auth.py",
    "nope, 3 failed tests",
    "3 failing tests on my machine",
    "I get 3 failed, 41 passed",
])
def test_a_count_of_the_failing_run_after_a_claimed_pass_is_still_a_correction(text):
    verdict = judge(text)
    assert verdict.correction and verdict.reason == "set the agent's claim against what the person sees"
