"""check51 C51-6 (on prec51's premise guard, d534c2f4): a reply a system owes, or the same error handling bug again,
reported after the agent said it was done, is still a correction; a reply a person or a team owes stays a premise."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I updated the export handler in api.py and all tests pass."


def judge(text: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=DONE)


STILL_REPORTS = [
    "still no reply from the api, the request hangs",
    "still no response from the webhook, draft a fix",
    "still no reply from the bot, fix it",
    "still no response from the server after the upload, look again",
    "still no answer from the endpoint, it times out",
    "still no reply from the worker, the job sits in the queue",
    "same error handling bug as before, the 500 still shows",
    "same error message again on the import page",
]

PREMISES = [
    "still no reply from the client, draft a reminder",
    "still no response from legal, prepare the notes anyway",
    "still no answer from the vendor, write the fallback email",
    "same error format as the billing api please",
]


@pytest.mark.parametrize("text", STILL_REPORTS)
def test_a_system_still_silent_after_claimed_work_is_a_correction(text):
    assert judge(text).correction, text


@pytest.mark.parametrize("text", PREMISES)
def test_a_person_s_reply_awaited_stays_a_premise(text):
    assert not judge(text).correction, text
