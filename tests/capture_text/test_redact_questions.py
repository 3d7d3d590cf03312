"""A credential's state said as a question or an exclamation is the person's complaint, not a secret (review36
R36-10): "maybe the token is wrong?" reached the signal as "maybe the token is [REDACTED:token]", so the report lost
what it reported. A value with a digit or a symbol inside, or a word that is no credential's state before "!", is
still taken for the secret it may be."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact


@pytest.mark.parametrize("text", [
    "the password is wrong?", "maybe the token is wrong?", "the token is expired?", "is the password correct?",
    "the api key is invalid?", "the secret is out?", "the password is wrong!", "token is missing!",
    "the deploy fails with 401. maybe the token is expired?! anyway never hardcode tokens",
    "la contraseña es incorrecta?", "the password is\nexpired?", "wait, the API key is revoked!?",
])
def test_a_question_or_complaint_about_a_credential_is_kept(text):
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), [
    ("the password is hunter2?", "hunter2"),
    ("password is Tr0ub4dor&3!", "Tr0ub4dor"),
    ("my token is abc123XYZ!", "abc123XYZ"),
    ("the password is letmein!", "letmein"),
    ("password: Summer!", "Summer"),
])
def test_a_value_that_may_be_the_secret_is_still_redacted(text, secret):
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out
