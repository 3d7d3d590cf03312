"""The state a result is left in, said the short way after the agent said the work was done (cls49, issue 20): a blank
page again, stuck, in the wrong place, something wrong with it, never opens, keeps reloading, overlapping. Only after an
answer that claimed the work; the person's own state ("I'm stuck"), a question about their own setup and a state that got
better stay quiet. Sentences written for the shapes, not copied from any scored set."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: the settings page now loads the saved profile and the save button writes it back."
ASKING = "Which page should I start with, settings or billing?"


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


STATES = [
    "blank page again!",
    "white screen again",
    "the upload is stuck at 40%",
    "it keeps getting stuck after the first request",
    "the avatar is in the wrong place",
    "the totals show up in the wrong column",
    "something's wrong with the date picker",
    "the confirm dialog never opens",
    "the preview keeps reloading every second",
    "the footer overlaps the form",
]


@pytest.mark.parametrize("text", STATES)
def test_a_bad_state_after_claimed_work_is_a_correction(text):
    verdict = judge(text)
    assert verdict.correction and verdict.strength == "pattern", (text, verdict)
    assert verdict.reason == "said the result does not work"


@pytest.mark.parametrize("text", STATES)
def test_the_same_words_after_a_question_are_not_this_report(text):
    verdict = judge(text, ASKING)
    assert verdict.reason != "said the result does not work", (text, verdict)


@pytest.mark.parametrize("text", [
    "I'm stuck on the billing part, can you explain how the webhook works?",
    "is there something wrong with how I set up the env file?",
])
def test_the_persons_own_state_or_question_stays_quiet(text):
    verdict = judge(text)
    assert not (verdict.correction and verdict.strength != "model"), (text, verdict)
