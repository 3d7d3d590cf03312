"""Three of cls48's leftovers (issue 20, cls49): GPT's "I apologize for the confusion, but …" is the cushion before what
the agent lacks or asks for, not a concession; failures the person counts and excuses ("3 fail but those are flaky") blame
no change of the agent's; and "make test doesn't even exist here" names a thing that fails, it opens no new task. Sentences
written for the shapes, not copied from any scored set."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

CHECKED = "Done: I moved the date parsing into utils/dates.py and the tests pass."
WORK = "I renamed the helper to load_settings and updated its three callers."


def judge(text: str, answer: str | None = CHECKED, reply: str | None = None):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer,
                                 reply=reply)


@pytest.mark.parametrize("reply", [
    "I apologize for the confusion, but I need to see the contents of settings.py before I can edit it.",
    "I apologize for any confusion, but it seems the config file was not included in the chat.",
    "I apologize for the confusion, but could you add tests/test_settings.py to the chat?",
    "I'm sorry for the inconvenience, but I don't see a Makefile in the files you shared.",
])
def test_an_apology_for_the_confusion_before_what_the_agent_lacks_concedes_nothing(reply):
    assert not judge("also keep the old name as an alias", WORK, reply).correction, reply


@pytest.mark.parametrize("reply", [
    "I apologize for the confusion, but you're right: I renamed the wrong helper.",
    "I apologize for the confusion, but I made a mistake in the callers.",
    "I apologize for the confusion. I renamed the wrong helper.",
])
def test_an_apology_for_the_confusion_that_owns_the_mistake_still_concedes(reply):
    verdict = judge("also keep the old name as an alias", WORK, reply)
    assert verdict.correction and verdict.strength == "reply", reply


@pytest.mark.parametrize("text", [
    "3 fail but those are flaky",
    "two of them fail, though they're flaky",
    "one test fails but it was failing before",
    "4 failures but all unrelated",
])
def test_failures_the_person_excuses_are_no_correction(text):
    verdict = judge(text)
    assert not (verdict.correction and verdict.strength != "model"), (text, verdict)


@pytest.mark.parametrize("text", [
    "3 fail but those are flaky since your change",
    "still 3 failing, those are flaky",
])
def test_failures_tied_to_the_change_stay_corrections(text):
    assert judge(text).correction, text


@pytest.mark.parametrize("text", [
    "make test doesn't even exist here, never invent make targets",
    "make check isn't a target in this repo. don't invent make targets",
])
def test_a_make_target_that_does_not_exist_is_no_new_task(text):
    # read as a new task ("make …"), its rule would only constrain that task; it is a rule about the agent's answer
    verdict = judge(text)
    assert verdict.correction and verdict.strength == "pattern", (text, verdict)


def test_make_as_a_request_still_opens_a_task():
    # "make the parser accept ISO weeks, don't use dateutil": a prohibition inside new work constrains the new work
    assert not judge("make the parser accept ISO weeks. don't use dateutil", WORK).correction
