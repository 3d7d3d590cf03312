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
])
def test_a_cookie_header_copied_as_name_then_value_is_redacted(text):
    out = redact(text)
    assert SESSION not in out
    assert "session=[REDACTED:cookie]" in out


def test_the_word_cookie_on_its_own_line_in_prose_keeps_the_next_line():
    text = "the banner says\ncookie\nconsent=yes is what we store, on purpose"
    assert redact(text) == text  # "yes" is too short for a secret
    assert redact("we need a cookie\nbanner on the landing page") == "we need a cookie\nbanner on the landing page"
