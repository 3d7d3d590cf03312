"""A web app's own error after the agent's change is a report, even when its class shares a name with a model
client's error (review21 on 922a4dd5: werkzeug's and Express's InternalServerError, ServiceUnavailableError,
APIConnectionError were read as the agent's model provider failing, and no signal was recorded)."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I updated the login handler and fixed the redirect. The change is in src/auth.ts."


@pytest.mark.parametrize("text", [
    "now I get InternalServerError: 500 on /login",
    "werkzeug.exceptions.InternalServerError: 500 Internal Server Error",
    "I get ServiceUnavailableError when I open the page now",
    "the app crashes with APIConnectionError",
])
def test_the_apps_own_error_after_the_change_is_a_report(text):
    verdict = classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None, answer=DONE)
    assert verdict.correction  # before: quiet, taken for the model provider's error
