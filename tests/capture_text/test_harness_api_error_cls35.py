"""cls35 (issue 20, precision): the agent's harness failing to reach its model is no report about the agent's work: Claude
Code's "API Error: 401 {…} · Please run /login", "API Error: 529 Overloaded", an expired OAuth token (read with the other
model-provider errors, `guards.MODEL_API_ERROR`), unless the answer worked on the model client or its key. Sentences written
for the test; none is a row of any set. Each "no correction" case was a correction on the start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: the settings page now saves the theme, and the tests pass."


def judge(text: str, answer: str = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


HARNESS = [
    'now it shows this error: API Error: 401 {"error":{"message":"token expired or incorrect","type":"401"}} · Please run /login',
    "it works but sometimes I get this error: API Error: 529 Overloaded",
    "getting an error again: OAuth token has expired. Please obtain a new token or refresh your existing token.",
]


@pytest.mark.parametrize("text", HARNESS)
def test_the_harness_failing_to_reach_its_model_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict)


def test_an_api_error_after_work_on_the_api_client_is_still_a_report() -> None:
    answer = "Done: I rewrote the anthropic client wrapper and the API key is now read from the keychain."
    verdict = judge('now it shows this error: API Error: 401 {"error":{"message":"invalid x-api-key"}}', answer)
    assert verdict.correction, verdict


def test_the_apps_own_http_error_is_still_a_report() -> None:
    verdict = judge("now the settings page shows this error: Request failed with status code 401")
    assert verdict.correction, verdict
