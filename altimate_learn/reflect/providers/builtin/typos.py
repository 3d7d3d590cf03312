"""Typos a lesson must not carry: "Use `react` for forntend.", "Always change the actuall function code.".

A word of the lesson's prose (never code in backticks) is a typo when the reflector does not know it and it is a
known word with two neighbouring letters swapped ("forntend", "backgroudn"; six letters or more) or with a letter
typed twice ("actuall", "doccuments"). The words it knows are its own word lists (`vocabulary.py`, with the forms
of its verbs and the plurals of its nouns), the capture's cue words, and the other words of the person's message
(a word spelled right elsewhere in what they typed). A dropped or changed letter is not looked for: without a
dictionary too many real words are one such edit from a known one ("stable" / "table", "around" / "round"), and
the price of a false alarm is a lesson not written. Real words a swap away from a known one still collide now and
then ("retires" / "retries"): the correction then waits for a model or a person, which costs a lesson, never a
wrong one.

The reflector does not repair a typo: it cannot tell from its small word lists alone that the word it would
write is the one the person meant, and writing a word the person did not type is inventing. A lesson with a typo
is not written; the correction stays open, with the reason, for a model or a person.
"""

from __future__ import annotations

import re
from functools import lru_cache

from altimate_learn.reflect.providers.builtin.vocabulary import (BEHAVIOUR_ADVERBS, COMMON_WORDS, IRREGULAR_GERUNDS,
                                                                  KNOWN_FILES, PLAIN, PLURAL_NOUNS, PROPER, SLOT_SKIP,
                                                                  STOPWORDS, VERBS)

MIN_LENGTH = 5  # shorter words collide with real words too easily ("form" / "from")
# ... but a few short slips of chat are no word at all, and a lesson must not carry them ("Never touch teh lockfile.",
# refl26's residual; refl27)
CHAT_TYPOS = frozenset("teh hte adn nad taht thta jsut waht whta wiht yuo becuase beacuse".split())
SWAP_LENGTH = 6  # and five-letter swaps too ("three" / "there", "later" / "alter")


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    from altimate_learn.capture.wording import _REAL_WORDS, CUE_WORDS

    words: set[str] = set(COMMON_WORDS) | PLAIN | STOPWORDS | SLOT_SKIP | BEHAVIOUR_ADVERBS | PLURAL_NOUNS
    words |= {w.lower() for w in PROPER | KNOWN_FILES} | set(IRREGULAR_GERUNDS) | set(IRREGULAR_GERUNDS.values())
    words |= CUE_WORDS | _REAL_WORDS
    for verb in VERBS:
        stem = verb[:-1] if verb.endswith("e") else verb
        words |= {verb, _plural(verb), stem + "ed", stem + "ing"}
        if re.search(r"[^aeiou][aeiou][bdfgklmnprstvz]$", verb):  # "formatting", "mapped"
            words |= {verb + verb[-1] + "ing", verb + verb[-1] + "ed"}
    words |= {_plural(w) for w in COMMON_WORDS}
    return frozenset(words)


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


_PROSE_WORD = re.compile(r"(?<![\w`./\\-])[A-Za-z]+(?![\w`/\\(-]|\.\w)")


def typo(lesson: str, message: str = "") -> str | None:
    """The first word of ``lesson`` that is a typo of a known word, or None."""
    prose = re.sub(r"`[^`]*`", " ", lesson)
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", message)}
    for word in _PROSE_WORD.findall(prose):
        lowered = word.lower()
        if lowered in CHAT_TYPOS:
            return word
        if len(lowered) < MIN_LENGTH or (word != lowered and word[1:] != lowered[1:]):
            continue  # an acronym or a CamelCase name is not prose
        known = known_words() | (own - {lowered})
        if lowered in known:
            continue
        if _near(lowered, known):
            return word
    return None


def _near(word: str, known: frozenset[str] | set[str]) -> bool:
    if len(word) >= SWAP_LENGTH:  # two neighbouring letters swapped ("forntend", "backgroudn")
        for i in range(len(word) - 1):
            if word[i] != word[i + 1] and word[:i] + word[i + 1] + word[i] + word[i + 2:] in known:
                return True
    for i in range(1, len(word)):  # a letter typed twice ("actuall", "doccuments")
        if word[i] == word[i - 1] and word[:i] + word[i + 1:] in known:
            return True
    return False
