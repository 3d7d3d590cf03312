"""The forms people type a password, a PIN, a token or an API key in chat without a key=value or a link (sec43): "the
staging pw is h7Tq!x2 use that", "db pass: Sup3r$ecret", "root pass toor123!", "PIN: 4821", "creds: …", "der
API-Schlüssel ist …", "токен: …", "the passphrase is 'correct horse battery staple'"; and the look-alikes that must
stay ("pass the test", "password reset flow", "the token limit", "pin numpy to 1.26")."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact

MUST = [
    ("the staging pw is h7Tq!x2 use that", "h7Tq!x2", "password"),
    ("db pass: Sup3r$ecret", "Sup3r$ecret", "password"),
    ("pwd: Sup3r$ecret", "Sup3r$ecret", "password"),
    ("the staging pw h7Tq!x2 use that", "h7Tq!x2", "password"),
    ("pw h7Tq!x2", "h7Tq!x2", "password"),
    ("use pw h7Tq!x2 for staging", "h7Tq!x2", "password"),
    ("pass Sup3r$ecret", "Sup3r$ecret", "password"),
    ("root pass toor123!", "toor123!", "password"),
    ("wifi pass Summer2024!", "Summer2024!", "password"),
    ("the admin pwd Adm1n#2024 works", "Adm1n#2024", "password"),
    ('the passphrase is "correct horse battery staple"', "correct horse battery staple", "password"),
    ("password: 'open sesame door'", "open sesame door", "password"),
    ("PIN: 4821", "4821", "pin"),
    ("my pin is 4821", "4821", "pin"),
    ("the PIN is 482193", "482193", "pin"),
    ("pin code 4821", "4821", "pin"),
    ("PIN 4821 for the test card", "4821", "pin"),
    ("the card pin is 0000.", "0000", "pin"),
    ("the passcode is 918273", "918273", "pin"),
    ("creds: h7Tq!x2", "h7Tq!x2", "credentials"),
    ("creds h7Tq!x2 for grafana", "h7Tq!x2", "credentials"),
    ("API-Schlüssel: abcd1234efgh5678", "abcd1234efgh5678", "api-key"),
    ("der API-Schlüssel ist abcd1234efgh", "abcd1234efgh", "api-key"),
    ("clé API : abcd1234efgh", "abcd1234efgh", "api-key"),
    ("la clé API est abcd1234efgh", "abcd1234efgh", "api-key"),
    ("clave de API: abcd1234efgh", "abcd1234efgh", "api-key"),
    ("chave de API: abcd1234efgh", "abcd1234efgh", "api-key"),
    ("ключ API: abcd1234efgh", "abcd1234efgh", "api-key"),
    ("токен: abcd1234efgh", "abcd1234efgh", "token"),
    ("令牌: abcd1234efgh", "abcd1234efgh", "token"),
    ("令牌是abcd1234efgh", "abcd1234efgh", "token"),
    ("トークン: abcd1234efgh", "abcd1234efgh", "token"),
    ("APIキー: abcd1234efgh", "abcd1234efgh", "api-key"),
    ("API 密钥: abcd1234efgh", "abcd1234efgh", "api-key"),
]


@pytest.mark.parametrize(("text", "secret", "label"), MUST)
def test_a_credential_typed_in_a_short_form_is_redacted(text: str, secret: str, label: str) -> None:
    out = redact(text)
    assert secret not in out and f"[REDACTED:{label}]" in out, out
    assert redact(out) == out


STAY = """pass the test
pass the test suite first
password reset flow
the token limit is 4096
tests pass: 12/12
pass --verbose to pytest
pass x2 to the function
pass arg2 instead
pass v2 of the payload
pw reset page
the pw field needs a min length
run pwd first
pwd /home/me
pin the version to 1.2.3
pin numpy to 1.26
pin: true
pin 2 packages
pin it to 2024
pin python 3.11
PIN length must be 6
pin pandas==2.1.4
pin to commit abc1234
pin 1234 in the lockfile
PIN: 6 digits
the first pass h7 failed
second pass x2 faster
the passphrase must be long
passphrase: required
creds are in 1password
creds: see vault
token budget: 8000
api key: set OPENAI_API_KEY
der API-Schlüssel ist abgelaufen
la clé API est invalide
токен истёк
use the pw manager
the pw is in the vault
pass 3 of 5 done
the app can pass user2 into the handler
pw_hash = bcrypt(pw)
the test should pass x86 and arm64
pin codes are 4 digits
the password is "not set yet"
password: "must be at least 8 characters"
the password is "in the vault"
the passphrase is "expired yesterday"
password field says "Enter your password"
Schlüssel: user_id2""".splitlines()


@pytest.mark.parametrize("text", STAY)
def test_a_look_alike_stays(text: str) -> None:
    assert redact(text) == text


CLI = [
    ("mongosh -u admin -p secret123", "secret123", "password"),
    ('mongosh "mongodb://host" -u admin -p Secr3t!x', "Secr3t!x", "password"),
    ("rabbitmqadmin -u guest -p guest123 list queues", "guest123", "password"),
    ("sqlcmd -S db -U sa -P Sup3rS3cret!", "Sup3rS3cret!", "password"),
    ('sqlcmd -S "my server" -U sa -P Sup3rS3cret!', "Sup3rS3cret!", "password"),  # a quoted argument before it
    ("influx -username admin -password Adm1n2024", "Adm1n2024", "password"),
    ("openssl rsa -in k.pem -passin pass:Secr3tPw", "Secr3tPw", "password"),
    ("vault login -token=hvs_abc123def456", "hvs_abc123def456", "token"),
]


@pytest.mark.parametrize(("text", "secret", "label"), CLI)
def test_a_clients_password_argument_is_redacted(text: str, secret: str, label: str) -> None:
    """The clients whose `-p` takes the password as the next argument (mongosh, rabbitmqadmin, cqlsh; sqlcmd's `-P`),
    which the real-session builder scrubbed on its own (`mongosh -u admin -p secret123`), and one-dash flags."""
    out = redact(text)
    assert secret not in out and f"[REDACTED:{label}]" in out, out


@pytest.mark.parametrize("text", ["psql -U app -p 5432 -h db", "mysql -u root -p mydb", "ffmpeg -i in.mp4 -pass 2 out.mp4",
                                  "openssl rsa -in k.pem -passin env:KEY_PW", "mongosh -u admin -p $MONGO_PW",
                                  "git log -p -3", "ls -pass", "grep -token foo", "openssl enc -pass file:pw.txt",
                                  # a -P inside a quoted query is the query's (lint conformance: a false secret)
                                  'Run sqlcmd -Q "select amount -P delta".', "cqlsh -e 'select x -p y' host"])
def test_a_command_line_look_alike_stays(text: str) -> None:
    assert redact(text) == text
