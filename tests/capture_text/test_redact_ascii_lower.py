"""The redactor's case-blind scan reads a copy of the text with A-Z lowered and nothing else changed, so every offset it
finds is an offset of the text as given (redact.ascii_lower, made without a table lookup per character)."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from altimate_learn.redact import ascii_lower, find_secrets, redact

TABLE = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, blacklist_categories=()), max_size=60))
def test_only_a_to_z_are_lowered_whatever_the_text_holds(text: str):
    lowered = ascii_lower(text)
    assert lowered == text.translate(TABLE) and len(lowered) == len(text)


def test_letters_that_lower_to_other_lengths_or_letters_stay_as_they_are():
    # str.lower would give "i̇stanbul" (one more character), "straße" stays, "ΣΑΣ" would become "σασ"/"σας"
    for text in ("İstanbul PASSWORD", "STRASSE straße ẞ", "ΣΑΣ KEY", "\ud800AKIA", "Ａpi_Key", "K\u212aelvin"):
        assert ascii_lower(text) == text.translate(TABLE)
        assert len(ascii_lower(text)) == len(text)


def test_a_secret_after_letters_that_str_lower_would_lengthen_is_redacted_where_it_is():
    text = "İİİİ Authorization: Bearer abcDEF123456ghiJKL789mno"
    (start, end, label), = find_secrets(text)
    assert text[start:end] == "abcDEF123456ghiJKL789mno" and label == "bearer-token"
    assert redact(text).startswith("İİİİ Authorization: Bearer [REDACTED")


def test_full_width_separators_still_read_as_their_ascii_forms():
    assert "Zx9kQ2LmP4wer" not in redact("密码＝Zx9kQ2LmP4wer")
    assert "Hunter2Secret99" not in redact("パスワード：Hunter2Secret99")
