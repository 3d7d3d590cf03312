"""The path-word scanner of the hook path is linear in the length of a word (review12 R12-14).

A prompt holding one long token (a hash, a minified line, a pasted key-like blob) cost the old start-by-start
scanner, and the regex engine past its length limit, time quadratic in the token: a 6,000-character word took
seconds in `learn hook`, past Claude Code's hook timeout. The words below are 200,000 characters: the quadratic
code takes hours on them, this one milliseconds.
"""

from __future__ import annotations

import random
import re

import pytest

from altimate_learn.deliver.engine import _PATH_WORD, _SCAN_LIMIT, _path_words

LONG = 200_000


@pytest.mark.parametrize("word,found", [
    ("x" * LONG, []),
    ("x" * LONG + ".", []),
    ("/" * LONG, []),
    ("." * LONG, ["." * LONG]),
    ("x/" * (LONG // 2), ["x/" * (LONG // 2)]),
    ("ab." * (LONG // 3) + "@", ["ab." * (LONG // 3)]),
    ("/x" * (LONG // 2) + "/", ["/x" * (LONG // 2) + "/"]),
])
def test_one_long_word_alone_or_beside_a_path(word, found):
    assert _path_words(word) == found
    assert _path_words(f"the build fails with {word} in app/orders.py") == found + ["app/orders.py"]


def test_the_scanner_finds_exactly_what_the_regex_finds_on_many_short_texts():
    """The regex is the definition (docs: path-like words); random texts over the characters that matter."""
    rng = random.Random(12)
    for _ in range(5_000):
        text = "".join(rng.choice("ab./-@_ x.") for _ in range(rng.randint(0, 24)))
        assert _path_words(text) == re.findall(_PATH_WORD, text), text


def test_a_long_text_of_many_words_is_scanned_word_by_word_with_the_same_result():
    text = "see models/stg_orders.sql, `a.sql` and x-y.z/w " * (_SCAN_LIMIT // 40)
    assert len(text) > _SCAN_LIMIT
    assert _path_words(text) == re.findall(_PATH_WORD, text)
