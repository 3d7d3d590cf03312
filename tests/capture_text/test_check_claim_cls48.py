"""capture/claims.py check_contradicted (review47 R47-1, cls48, issue 20): after an answer that says a check passed ("…
and the tests pass", "lint is clean", "CI is green"), the person's report that the check fails, typed the short way
people type it (a count of failures, "still red", "they fail", "the tests don't pass"), or that the claim cannot be true
("what tests? there's no test folder"), is a correction; the same words after an answer that claimed no check, and the
look-alikes (failures accepted, their cause owned, a question about running the tests) stay quiet. Sentences written
for the shape, not copied from any scored set."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

CHECKED = "Done: I moved the date parsing into utils/dates.py and the tests pass."
NO_CHECK = "I moved the date parsing into utils/dates.py."


def judge(text: str, answer: str | None = CHECKED):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


REPORTS = [
    "nope, 4 failures",
    "I see 2 failures in test_dates.py",
    "I get 3 failed, 41 passed",
    "pytest says 1 failed",
    "the tests don't pass",
    "they fail",
    "still red",
    "tests are red on my machine",
    "failing here",
    "how did the tests pass? there are no tests for dates",
    "what tests? there's no test folder in this repo",
]


@pytest.mark.parametrize("text", REPORTS)
def test_a_failing_check_after_a_claimed_pass_is_a_correction(text):
    verdict = judge(text)
    assert verdict.correction, text
    assert verdict.reason == "set the agent's claim against what the person sees"


@pytest.mark.parametrize("text", ["nope, 4 failures", "I see 2 failures in test_dates.py", "I get 3 failed, 41 passed",
                                  "still red", "they fail", "failing here", "tests are red on my machine"])
def test_the_same_words_after_an_answer_that_claimed_no_check_are_not_this_rule(text):
    verdict = judge(text, NO_CHECK)
    assert verdict.reason != "set the agent's claim against what the person sees"


@pytest.mark.parametrize("answer", ["All 57 tests pass and ruff is clean.", "Fixed the import; CI is green now.",
                                    "Refactored the parser. 57 passed in 3.2s."])
def test_other_ways_of_claiming_the_check(answer):
    assert judge("nope, 4 failures", answer).correction


QUIET = [
    "the 2 failures are expected, we skip them on CI anyway",
    "they failed for me because I hadn't pulled. all green now, go ahead",
    "great, 0 failed here too",
    "nice, they pass for me as well",
    "how do I run the tests myself?",
    "what tests did you add for the parser?",
]


@pytest.mark.parametrize("text", QUIET)
def test_look_alikes_stay_quiet(text):
    assert not judge(text).correction, text


# After an answer that claimed the work (no check needed), it is not done, done in part, or not there.
NOT_DONE = [
    ("it's not done", "said the change is not there"),
    ("you're not finished", "said the change is not there"),
    ("the file is unchanged", "said the change is not there"),
    ("git diff shows nothing", "said the change is not there"),
    ("I don't see parse_iso anywhere", "said the change is not there"),
    ("nothing was added to utils", "said the change is not there"),
    ("half done", "said the agent did only part of it"),
    ("incomplete", "said the agent did only part of it"),
    ("you only did the first file, there are four", "said the agent did only part of it"),
    ("only one of the three modules got updated", "said the agent did only part of it"),
]


@pytest.mark.parametrize("text,reason", NOT_DONE)
def test_the_claimed_work_not_done_is_a_correction(text, reason):
    verdict = judge(text, NO_CHECK)
    assert verdict.correction, text
    assert verdict.reason == reason


@pytest.mark.parametrize("text", ["I'm not done yet, one more thing about the parser", "not done yet",
                                  "half done is fine for today, we continue tomorrow"])
def test_the_persons_own_turn_or_an_accepted_part_stays_quiet(text):
    assert not judge(text, NO_CHECK).correction, text


def test_without_an_answer_that_claimed_work_a_bare_state_is_no_correction():
    assert not judge("the file is unchanged", None).correction
    assert not judge("incomplete", "Which of the four files should I convert first?").correction
