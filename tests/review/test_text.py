"""Printing untrusted lesson text: nothing that can drive a terminal gets through, data is unchanged."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from altimate_learn.review.text import is_unsafe_char, safe, safe_json


def test_known_escapes_are_shown_not_dropped():
    assert safe("a\x1b[31mred\x1b[0m") == "a\\x1b[31mred\\x1b[0m"
    assert safe("abc\u202edef") == "abc\\u202edef"
    assert safe("tag\U000e0041") == "tag\\U000e0041"
    assert safe("Ünïcode, `code` and spaces\u00a0stay") == "Ünïcode, `code` and spaces\u00a0stay"


@given(st.text())
def test_safe_output_has_no_unsafe_character(text):
    assert not any(is_unsafe_char(ch) for ch in safe(text))


@given(st.dictionaries(st.text(), st.text() | st.lists(st.text())))
def test_safe_json_round_trips_and_prints_no_unsafe_character(value):
    printed = safe_json(value)
    assert json.loads(printed) == value
    assert not any(is_unsafe_char(ch) for ch in printed if ch != "\n")
