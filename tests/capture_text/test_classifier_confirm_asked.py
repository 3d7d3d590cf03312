"""A message that asks the agent to confirm what the person believes ("only the client knows it, isn't that right?",
"can you confirm that for me?") is answered, not conceded to, by "You're right": neither the reply nor the reasoning
saying so makes it a correction. An apology or an owned mistake in the reply, and "you're right" after a statement
that corrects, still do."""

from __future__ import annotations

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage
from tests.capture_text.test_classifier_replies import _session

ANSWER = "I added the sync endpoint and the bootstrap step; the server now picks the sync type from the device state."


def judge(text: str, reply: str | None = None, thinking: str | None = None) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=ANSWER,
                                      reply=reply, thinking=thinking).correction)


ASKED_TO_CONFIRM = [
    ("I like a sync-type parameter better. Only the client knows which sync it needs on bootstrap, isn't that right?",
     "You're absolutely right! The client is the only one who knows its own state."),
    ("It looks like every run is marked complete. Can you confirm that for me? Look into it and tell me if I'm "
     "correct", "You're correct. Let me verify it rather than just read it."),
    ("so the cache is per user, am I right", "You're right, each user gets their own cache."),
    ("la sincronización inicial solo la conoce el cliente, ¿verdad?", "Tienes razón, solo el cliente lo sabe."),
    ("只有客户端知道同步类型，对吧？", "你说得对，只有客户端知道。"),
    ("der Client kennt den Typ, oder?", "Sie haben recht, nur der Client kennt ihn."),
]


@pytest.mark.parametrize("text,reply", ASKED_TO_CONFIRM)
def test_you_are_right_after_a_request_to_confirm_is_an_answer(text, reply):
    assert not judge(text, reply=reply)


@pytest.mark.parametrize("text", [text for text, _ in ASKED_TO_CONFIRM[:3]])
def test_the_user_is_right_in_the_reasoning_is_an_answer_too(text):
    assert not judge(text, thinking="The user is right - only the client knows the type of sync it needs.")


@pytest.mark.parametrize("text,reply", [
    ("the server should not pick the sync type, the client knows it",
     "You're right, I put the choice on the server. Let me move it."),
    ("the client picks the type, isn't that right?", "Sorry, you're right, I misread the design and put it on the "
                                                     "server."),
    ("这不是吧", "抱歉，你说得对，我更新了文档而不是代码。"),
])
def test_a_concession_or_a_statement_that_corrects_still_counts(text, reply):
    assert judge(text, reply=reply)


def test_learn_capture_records_no_signal_for_a_confirmed_belief(tmp_path):
    reader = _session(tmp_path, [
        {"type": "user", "id": "u0", "text": "Add a sync endpoint with a bootstrap step."},
        {"type": "assistant", "id": "a0", "text": ANSWER},
        {"type": "user", "id": "u1", "text": ASKED_TO_CONFIRM[0][0]},
        {"type": "assistant", "id": "a1", "text": ASKED_TO_CONFIRM[0][1]},
        {"type": "user", "id": "u2", "text": "the server should not pick the sync type, the client knows it"},
        {"type": "assistant", "id": "a2", "text": "You're right, I put the choice on the server. Let me move it."},
    ])
    signals, _ = signals_from_session(reader)
    assert [s.message_id for s in signals] == ["u2"]


@pytest.mark.parametrize("text", [
    "is there an easier way to debounce this?",
    "can we use the built-in debounce instead?",
])
def test_the_user_is_right_after_a_plain_question_agrees_as_the_reply_would(text):
    thinking = "The user is right - the library has a debounce option that does the same."
    assert not judge(text, thinking=thinking)
    assert not judge(text, reply="You're right, the library has a debounce option that does the same.")


def test_the_user_is_right_after_a_statement_that_corrects_still_counts():
    assert judge("the debounce belongs in the driver, not the handler",
                 thinking="The user is right - I put the debounce in the wrong layer.")
