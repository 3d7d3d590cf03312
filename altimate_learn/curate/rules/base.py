"""Shared pieces of the lint rules: lazily compiled patterns and the cheap views rule triggers use."""

from __future__ import annotations

import functools
import re


class rx:  # noqa: N801 - reads like re.compile at the definition sites
    """A regex compiled on first use: most rules never run for most lessons (see the triggers), and the
    hook path should not pay ~50 ms compiling all of them at import."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return self._compiled

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def finditer(self, text: str):  # type: ignore[no-untyped-def]
        return self.compiled.finditer(text)

    def sub(self, repl: str, text: str) -> str:
        return self.compiled.sub(repl, text)

    def split(self, text: str) -> list[str]:
        return self.compiled.split(text)

    def findall(self, text: str) -> list[str]:
        return self.compiled.findall(text)


class Text:
    """A normalised text with the cheap views the rule triggers use."""

    __slots__ = ("t", "low", "words")

    def __init__(self, text: str) -> None:
        self.t = text
        self.low = text.lower()
        self.words = frozenset(WORDS.findall(self.low))

    def has(self, *words: str) -> bool:
        return not self.words.isdisjoint(words)

    def starts(self, prefixes: tuple[str, ...]) -> bool:
        """Some word (a run of [a-z0-9]) starts with one of ``prefixes``."""
        return prefix_rx(prefixes).search(self.low) is not None

    def contains(self, *parts: str) -> bool:
        return contains_rx(parts).search(self.low) is not None


@functools.lru_cache(maxsize=None)
def prefix_rx(prefixes: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("(?<![a-z0-9])(?:" + "|".join(map(re.escape, prefixes)) + ")")


@functools.lru_cache(maxsize=None)
def contains_rx(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, parts)))


WORDS = rx(r"[a-z0-9]+")
DIGIT = rx(r"[0-9]")


# --- clauses and negation ---------------------------------------------------------------------------------
# The families that reason over what a lesson asks for (remote code, destruction, privilege, concealment,
# orders from data, untrusted sources) judge each clause on its own: "Drop and recreate the local database,
# never in staging or prod" is two clauses, and only the first asks for anything.
CLAUSE_BREAK = rx(r"[.;!?](?:\s+|$)|,\s+(?=(?:but|never|not|except|unless|instead|rather|only)\b)|\s+(?:but|instead)\s+"
                  r"|\s+-\s+", re.I)
# A negation before the match, within its clause: the rule forbids the thing it names.
CLAUSE_NEGATION = rx(r"\b(?:never|not|no|don'?t|do\s+not|doesn'?t|does\s+not|avoid\w*|without|nor|stop|refuse|"
                     r"forbid\w*|prohibit\w*|instead\s+of|rather\s+than|must\s+not|mustn'?t|should\s+not|shouldn'?t|"
                     r"cannot|can'?t|won'?t|keep\s+(?:\S+\s+){0,4}?out\s+of|keep\s+\S+\s+out|out\s+of|"
                     r"disallow\w*|block\w*|reject\w*|deny|denies|prevent\w*|ban|bans|banned|except|unless)\b",
                     re.I)


def clauses(text: str) -> list[tuple[int, str]]:
    """(offset, clause) pieces of ``text``."""
    out = []
    pos = 0
    for m in CLAUSE_BREAK.finditer(text):
        if m.start() > pos:
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        out.append((pos, text[pos:]))
    return out


def affirmed(pattern: rx, text: str, *, also=None) -> re.Match[str] | None:
    """The first match of ``pattern`` in a clause of ``text`` that does not negate it (and for which
    ``also(clause, match)`` holds, when given)."""
    for _offset, clause in clauses(text):
        for m in pattern.finditer(clause):
            if CLAUSE_NEGATION.search(clause[: m.start()]):
                continue
            if also is not None and not also(clause, m):
                continue
            return m
    return None
