"""Hidden and look-alike characters: text that would read differently to a model than to a reviewer.

Bidi embeddings, overrides and isolates and the Unicode tag block are rejected whoever wrote the text
(Trojan Source, "ASCII smuggling"). Zero-width and other format characters, and anything else that is not
in normal form (NBSP, tabs, ligatures, decomposed accents), are rejected in text a model proposed (a
model's input fails closed) and normalised in text a person typed. Every rule also reads a skeleton of the
text (accents dropped, look-alikes folded to Latin, spaced-out letters joined), so dodges fail like the
plain forms.
"""

from __future__ import annotations

import re
import unicodedata


# --- hidden and look-alike characters ------------------------------------------------------------------
# Bidi embeddings/overrides/isolates and the Unicode tag block have one use in a one-line rule: making what
# a reviewer sees differ from what a model reads (Trojan Source, "ASCII smuggling"). Removing them would
# hide the attempt, so they are a rejection. (Zero-width and other format characters are just removed.)
HIDDEN = re.compile("[\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")

# Cyrillic and Greek letters drawn like Latin ones (a subset of Unicode's confusables that matters for
# English rule words: `іgnore`, `сurl`, `ехес`). Letters such as μ, Δ, π or σ are not in it.
CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
    "ү": "y", "ɡ": "g", "ɑ": "a", "ο": "o", "ν": "v", "ι": "i", "α": "a", "ρ": "p", "κ": "k", "τ": "t",
    "υ": "u", "χ": "x", "γ": "y", "ε": "e",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H",
    "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
})
CONFUSABLE_CHARS = frozenset(chr(c) for c in CONFUSABLE)
LETTER_RUN = re.compile(r"[^\W\d_]+")
# Three or more single characters separated by single spaces: `c u r l`, `g h p _ 1 2 3`.
SPACED_OUT = re.compile(r"(?<![^\s`'\"(])(?:[\w|./:-] ){2,}[\w|./:-](?![^\s`'\")])")


def mixed_script(clean: str) -> str | None:
    """A word that mixes Latin letters with Cyrillic/Greek look-alikes (`pаyment` with a Cyrillic a)."""
    for match in LETTER_RUN.finditer(clean):
        word = match.group(0)
        if not word.isascii() and any(ch in CONFUSABLE_CHARS for ch in word) and any(
                "a" <= ch.lower() <= "z" for ch in word):
            return word
    return None


def skeleton(clean: str) -> str:
    """What the rules also read: accents and combining marks dropped, look-alike letters folded to Latin,
    spaced-out letters joined. The stored text is never this; it only stops dodges such as `іgnore` (Cyrillic
    і), `i̶gnore` or `c u r l … | b a s h`."""
    text = clean
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                       if unicodedata.category(ch) not in ("Mn", "Me")).translate(CONFUSABLE)
    if " " in text:
        text = SPACED_OUT.sub(lambda m: m.group(0).replace(" ", ""), text)
    return text


# --- text a model must write plainly (issue 12.9) -------------------------------------------------------------
NOT_PLAIN_REASON = ("contains invisible or non-normalised characters (zero-width, BOM, soft hyphen, NBSP, tabs, "
                    "look-alike forms of letters such as fullwidth or ligatures, or decomposed accents)")
_ASCII_NOT_PLAIN = re.compile(r"[\x00-\x1f\x7f]")


def not_plain(text: str) -> bool:
    """Anything a reader cannot see or that NFKC would change, apart from plain spaces around the text."""
    body = text.strip(" ")
    if body.isascii():
        return bool(_ASCII_NOT_PLAIN.search(body))
    if unicodedata.normalize("NFC", body) != body:
        return True  # decomposed accents
    for ch in body:
        if ch.isascii():
            if _ASCII_NOT_PLAIN.match(ch):
                return True
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or (category == "Zs" and ch != " "):
            return True
        # Compatibility forms of ASCII letters and digits (fullwidth `ｃｕｒｌ`, the ligature `ﬁ`, `ⅰ`, `𝐢`):
        # look-alikes of plain text. Symbols such as `µ` or `½` are ordinary writing and stay.
        folded = unicodedata.normalize("NFKC", ch)
        if folded != ch and folded.isascii() and folded.isalnum():
            return True
    return False
