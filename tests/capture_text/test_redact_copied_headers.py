"""A request's headers copied from a browser's network panel put each header's name on a line of its own and its value
on the next, indented (Firefox's "Copy Request Headers" with the raw view off). People paste them in a "please fix";
the session cookie in them was kept (review31 R31-3, seen in a real session of the corpus). The header's value is
redacted as a `Cookie:` header's is; the word "cookie" in prose is left alone."""

from __future__ import annotations

import pytest

from altimate_learn.redact import redact

SESSION = "eyJ1c2VyIjoxfQ.Zk3p9Q.abcDEF"


@pytest.mark.parametrize("text", [
    f"please fix\nCookie\n    _ga=GA1.1.123; session={SESSION}; theme=dark\nHost\n    localhost:5000",
    f"Request headers:\r\nCookie\r\n\tsession={SESSION}\r\nAccept\r\n\t*/*",
    f"Set-Cookie\n  session={SESSION}; Path=/; HttpOnly",
    # the name with its colon, the value on the next line; a blank line between (review31, R31-3 re-check)
    f"cookie:\nsession={SESSION}; theme=dark",
    f"Cookie\n\n  session={SESSION}",
])
def test_a_cookie_header_copied_as_name_then_value_is_redacted(text):
    out = redact(text)
    assert SESSION not in out
    assert "session=[REDACTED:cookie]" in out


def test_the_word_cookie_on_its_own_line_in_prose_keeps_the_next_line():
    text = "the banner says\ncookie\nconsent=yes is what we store, on purpose"
    assert redact(text) == text  # "yes" is too short for a secret
    assert redact("we need a cookie\nbanner on the landing page") == "we need a cookie\nbanner on the landing page"


@pytest.mark.parametrize(("text", "secret"), [
    ("sessionid=k2PqX9vLm4Zt", "k2PqX9vLm4Zt"),
    ("the log says PHPSESSID=9a8b7c6d5e4f3a2b1c0d was rejected", "9a8b7c6d5e4f3a2b1c0d"),
    ("JSESSIONID=A1B2C3D4E5F6A7B8C9D0; Path=/app", "A1B2C3D4E5F6A7B8C9D0"),
    ("document.cookie shows connect.sid=s%3Aabc123def456.xyz", "s%3Aabc123def456.xyz"),
    ("laravel_session=eyJpdiI6IkZ3b3 expired", "eyJpdiI6IkZ3b3"),
])
def test_a_session_cookie_is_redacted_wherever_it_stands(text, secret):
    out = redact(text)
    assert secret not in out and "[REDACTED:cookie]" in out


@pytest.mark.parametrize("text", ["set session=abc to test", "session=get_session(db)", "db.session=session_factory",
                                  "Use session=<your-session-id> in the example"])
def test_code_and_placeholders_named_session_are_kept(text):
    assert redact(text) == text
