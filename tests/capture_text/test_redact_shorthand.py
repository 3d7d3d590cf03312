"""Password shorthands reach disk redacted (review28 R28-8: "staging pw is hunter2" was kept in rejections.jsonl):
"pw" linking a value, a `*_PW` key, a user name then its password with no linking word. Their look-alikes, where "pw"
or "pass" is no password's, stay as typed."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact


@pytest.mark.parametrize(("text", "kept"), [
    ("staging pw is hunter2", "staging pw is "),
    ("PW: Tr0ub4dor&3", "PW: "),
    ("prod pw: s3cr3t!x", "prod pw: "),
    ("the pw for staging is hunter2", "the pw for staging is "),
    ("staging pass is hunter2", "staging pass is "),
    ("DB_PW=hunter2", "DB_PW="),
    ("export PW=Tr0ub4dor3", "export PW="),
    ("user admin pass Tr0ub4dor&3", "user admin pass "),
    ("login admin pass hunter2", "login admin pass "),
    ("username root password hunter2", "username root password "),
    ("login: bob / pw s3cr3t!", "login: bob / pw "),
])
def test_a_password_shorthand_is_redacted(text, kept):
    out = redact(text)
    assert out.startswith(kept) and "[REDACTED:password]" in out
    assert not any(secret in out for secret in ("hunter2", "Tr0ub4dor", "s3cr3t"))


@pytest.mark.parametrize("text", [
    "the pw is wrong", "pw: forgot it", "pw reset flow is broken", "the pw is in 1password", "pass the tests",
    "I pass 3 args to it", "tests pass: all 12", "if tests pass: deploy v2", "user bob pass the ball",
    "user admin pass is required", "pw=1", "PW_MIN_LENGTH=12", "use_pw=true", "SHOW_PW=false", "npw=3",
])
def test_a_look_alike_is_kept_as_typed(text):
    assert redact(text) == text
