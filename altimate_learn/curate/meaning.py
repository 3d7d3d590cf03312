"""Does one rule carry another? The deterministic half of the checks that guard folds and rewrites.

A fold (the cap, spec 000 "An agent keeps 15 rules") and every rewrite of `learn tidy` replace lessons by
text that must still say everything they said. Two questions, both answered from the words alone:

- :func:`missing` — the **audit of meaning**: what of ``original`` the ``rewrite`` no longer carries: a code
  identifier (a backtick span), a number (a threshold), an exception or condition clause (the words after
  "except", "unless", "only", "but", "if", "when", "without", …), or the way the rule points (an order
  turned into a prohibition, or the same words with what to use and what to avoid swapped, or two of its parts
  exchanged). Length is not a criterion: a merge that halves the wording while keeping
  every one of those passes; one that keeps the length but drops an exception does not.
- :func:`carries` — ``rewrite`` carries ``original``: nothing is missing and most of the original's content
  words (stemmed, function words aside) are in the rewrite.

A model's rewrite passes the same audit: a model may word things better, but not lose a case.
"""

from __future__ import annotations

import re

from altimate_learn.gates.offline import content_words, identifiers, moved_word, negated, swapped_choice, swapped_roles

CARRIED = 0.8  # share of the original's content words a carrying rule holds
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?%?")
_EXCEPTION = re.compile(r"\b(except|unless|only|but not|but|other than|if|when|whenever|where|without|"
                        r"as long as|provided|outside|apart from|besides|until|before|after)\b([^.;:,]*)", re.I)


def exceptions(text: str) -> list[tuple[str, frozenset[str]]]:
    """(keyword, content words of its clause) for each exception or condition clause of ``text``."""
    out = []
    for match in _EXCEPTION.finditer(text):
        words = content_words(match.group(2))
        out.append((match.group(1).lower(), words))
    return out


def missing(original: str, rewrite: str) -> list[str]:
    """What of ``original`` the ``rewrite`` does not carry (empty when it carries everything it can check)."""
    lost: list[str] = []
    have_ids = identifiers(rewrite)
    for ident in sorted(identifiers(original) - have_ids):
        lost.append(f"the identifier `{ident}`")
    have_numbers = set(_NUMBER.findall(rewrite))
    for number in sorted(set(_NUMBER.findall(original)) - have_numbers):
        lost.append(f"the number {number}")
    have_words = content_words(rewrite)
    for keyword, words in exceptions(original):
        if not words:
            continue
        if not words <= have_words:
            shown = " ".join(sorted(words - have_words))
            lost.append(f"the {keyword!r} clause ({shown})")
    if negated(original) != negated(rewrite) and _single_clause(original) and _single_clause(rewrite) \
            and _mostly(original, rewrite):
        lost.append("its direction (the rewrite points the other way)")
    elif (swapped := swapped_choice(original, rewrite)) is not None:  # review40 R40-6
        lost.append(f"its choice about {swapped[0]} (the rewrite says the opposite)")
    elif (roles := swapped_roles(original, rewrite)) is not None:  # review41 R41-1
        lost.append(f"what it says of {roles[0]} and of {roles[1]} (the rewrite swaps them)")
    elif (moved := moved_word(original, rewrite)) is not None:  # review41 R41-1, the long-lived store
        lost.append(f"what it is about: {moved[0]} (the rewrite says {moved[1]})")
    return lost


def _single_clause(text: str) -> bool:
    return not re.search(r"[,;]|\binstead\b|\brather\b|\bnot\b.*\bbut\b", text, re.I)


def _mostly(original: str, rewrite: str, share: float = CARRIED) -> bool:
    words = content_words(original)
    if not words:
        return True
    return len(words & content_words(rewrite)) / len(words) >= share


def carries(rewrite: str, original: str, share: float = CARRIED) -> bool:
    """``rewrite`` says everything ``original`` says (as far as words can tell): ``share`` of its content words
    (:data:`CARRIED`; 1.0 for every one), and every identifier, number, exception and its direction."""
    return _mostly(original, rewrite, share) and not missing(original, rewrite)
