""""again" after a negation reports the result broken again only when the negation states how things are now ("it's
not loading again", "the login doesn't work again"); in a goal for the next piece of work ("so this never drifts
again", "so it doesn't happen again", "… and not recreate the key again next time"), or said of a failure that did not
come back ("it isn't crashing again"), it reports nothing."""

from __future__ import annotations

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from tests.capture_text.test_classifier_replies import _session

DONE = "I moved the API port into config.ts and restarted the dev server; the login page loads on port 8081 now."


def judge(text: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=DONE).correction)


@pytest.mark.parametrize("text", [
    "add a single source constant for the API port so this never drifts again.",
    "now configure it to always use this ssh key and not recreate the key again next time",
    "add a lock so it doesn't happen again",
    "add a check so that it doesn't break again",
    "yes, at creation, and if someone requests that reagent it will never come back again",
    "nice, it isn't crashing again",
    "great, the flaky test didn't show up again",
])
def test_again_in_a_goal_reports_nothing(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "it's not loading again",
    "the login doesn't work again",
    "the login page isn't showing again",
    "the login does not work again",
    "I can't log in again",
])
def test_again_after_a_negated_state_reports_the_result_broken(text):
    assert judge(text)


def test_learn_capture_records_the_report_not_the_goal(tmp_path):
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "Move the API port into the config."},
        {"type": "assistant", "id": "a0", "text": DONE},
        {"type": "user", "id": "u1", "text": "add a single source constant for the API port so this never drifts again."},
        {"type": "assistant", "id": "a1", "text": DONE},
        {"type": "user", "id": "u2", "text": "the login doesn't work again"},
    ])
    signals, _ = signals_from_session(reader)
    assert [s.message_id for s in signals] == ["u2"]
