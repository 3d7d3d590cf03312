"""Keyed secrets in the forms review35 (R35-2) found left in clear: a value with `&` after `key: `, an identifier-
shaped literal after `key = `, and a key whose name ends in a credential word again (`aws_secret_access_key`)."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact

LEAKED = [
    ("client_secret: Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("db:\n  password: Tr0ub4dor&3\n  client_secret: Tr0ub4dor&3\n", "Tr0ub4dor&3"),
    ("client_secret = MyCompanySecretKey2024Prod", "MyCompanySecretKey2024Prod"),
    ("aws_secret_access_key = MyCompanySecretKey2024Prod", "MyCompanySecretKey2024Prod"),
    ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYREVIEWKEY12", "bPxRfiCYREVIEWKEY12"),
    ("[default]\naws_secret_access_key = Hq3vT9zLm2Pq8Wn5Rt7YkD4sFg6Jh1Xc0Vb9Nm3A\n", "Hq3vT9zLm2Pq8Wn5Rt7Yk"),
    ("auth_token = zzzzzzzzzz123", "zzzzzzzzzz123"),
    ("oauth_token_secret: Zq8vP2mK9xL4&x", "Zq8vP2mK9xL4"),
]


@pytest.mark.parametrize("text, secret", LEAKED)
def test_the_value_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out
    assert redact(out) == out  # idempotent


KEPT = [
    "password = new_password",  # a variable, in code
    "key = sha256",
    "token_url = https://auth.example.com/token",  # a setting about the credential, not it
    "password_min_length = 12",
    "secret_key_base: abc",
    "if (password == pass123)",  # a comparison
    "see https://x.example/cb?a=b&c=d for the callback",
    "tests pass: 12/12 & lint clean",
    "user_id = user_id_2024",
]


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_stay(text: str) -> None:
    assert redact(text) == text


def test_a_url_query_still_ends_the_value_at_its_ampersand() -> None:
    out = redact("curl 'https://api.example.com/v1/items?access_token=Zq8vP2mK9xL4abc&page=2'")
    assert "Zq8vP2mK9xL4abc" not in out and "&page=2" in out
