"""The words a pattern cannot match without: a cheap check before a regular expression is searched.

The classifier tries a clause against a few hundred cue patterns (`capture/clause_rules.py`) and most clauses match
none of them. :func:`needles` reads a compiled pattern's parse tree and gives a set of literal strings such that every
text the pattern matches contains at least one of them (case-folded the way `re.IGNORECASE` compares characters), or
None when it finds no such set. :func:`matches` and :func:`first` skip a pattern whose strings are all absent from
the text, which is exact: a skipped pattern could not have matched, so the first pattern that matches is the same as
without the check. The strings are read from the pattern itself, never written by hand, so a cue added or changed later is
covered without a second list to keep in step.
"""

from __future__ import annotations

import re
from re import _constants as C  # the parser's opcodes (Python >= 3.11)
from re import _compiler, _parser
from functools import lru_cache
from typing import Iterator, Sequence, TypeVar

import _sre

T = TypeVar("T")

# How many strings one alternation may give (each is one `in` on the clause, far cheaper than searching a long
# alternation), how many strings a run of characters from small classes ("[ie]") is expanded into, and how many
# characters such a class may have.
_ALTERNATIVES = 256
_MOST = 64
_EXPAND = 8

# Characters `re.IGNORECASE` treats as the same beyond their simple lower case ("i"/"ı", "s"/"ſ", "µ"/"μ", the Greek
# symbol forms …: `re._casefix`), each mapped to the smallest of its group.
def _equivalents() -> dict[int, int]:
    from re import _casefix

    parent: dict[int, int] = {}

    def root(ch: int) -> int:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for lower, others in _casefix._EXTRA_CASES.items():
        for other in others:
            a, b = root(lower), root(other)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent} | {ch: root(ch) for ch in _casefix._EXTRA_CASES}


class _Folded(dict):
    """str.translate table: each character to its simple lower case as `re` computes it, then to the smallest
    character `re.IGNORECASE` treats as the same (filled as characters are met)."""

    def __missing__(self, code: int) -> int:
        lower = _sre.unicode_tolower(code)
        value = _EQUIVALENT.get(lower, lower)
        self[code] = value
        return value


_EQUIVALENT = _equivalents()
_FOLD = _Folded()


def fold(text: str) -> str:
    """The text with each character replaced by the one `re.IGNORECASE` compares it as (one character for one)."""
    if text.isascii():
        return text.lower()
    return text.translate(_FOLD)


def _fold_char(code: int) -> str:
    return chr(_FOLD[code])


def _best(options: list[frozenset[str]]) -> frozenset[str] | None:
    """The most selective of several sets, each of which a match must satisfy: the longest shortest string, then the
    fewest strings."""
    if not options:
        return None
    return max(options, key=lambda s: (min(map(len, s)), -len(s)))


def _chars(op: object, av: object) -> frozenset[str] | None:
    """The characters one LITERAL or small IN item can match, folded; None for anything wider."""
    if op is C.LITERAL:
        return frozenset({_fold_char(av)})  # type: ignore[arg-type]
    if op is C.IN:
        out = set()
        for item_op, item_av in av:  # type: ignore[union-attr]
            if item_op is not C.LITERAL:
                return None  # a range, a category, a negation
            out.add(_fold_char(item_av))
        return frozenset(out) if out and len(out) <= _EXPAND else None
    return None


def _sequence(items: Sequence[tuple[object, object]]) -> frozenset[str] | None:
    options: list[frozenset[str]] = []
    run: set[str] = {""}
    for op, av in items:
        chars = _chars(op, av)
        if chars is not None and len(run) * len(chars) <= _MOST:
            run = {prefix + ch for prefix in run for ch in chars}
            continue
        if run != {""}:
            options.append(frozenset(run))
        run = {""}
        if chars is not None:  # too many strings together: start again from these characters
            run = set(chars)
            continue
        inner = _node(op, av)
        if inner is not None:
            options.append(inner)
    if run != {""}:
        options.append(frozenset(run))
    return _best(options)


def _node(op: object, av: object) -> frozenset[str] | None:
    """Strings one of which every match of this item contains, or None."""
    if op is C.SUBPATTERN:
        return _sequence(av[-1])  # type: ignore[index]
    if op is C.ATOMIC_GROUP:
        return _sequence(av)  # type: ignore[arg-type]
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, _high, body = av  # type: ignore[misc]
        return _sequence(body) if low >= 1 else None
    if op is C.BRANCH:
        out: set[str] = set()
        for branch in av[1]:  # type: ignore[index]
            inner = _sequence(branch)
            if inner is None:
                return None
            out |= inner
        return frozenset(out) if len(out) <= _ALTERNATIVES else None
    if op is C.ASSERT:  # a lookahead or lookbehind that must hold: its text is in the searched text too
        return _sequence(av[1])  # type: ignore[index]
    chars = _chars(op, av)
    return chars


def needles(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Folded strings one of which is in `fold(text)` whenever ``pattern.search(text)`` matches, or None."""
    source = pattern.pattern
    return _needles(source, pattern.flags) if isinstance(source, str) else None


@lru_cache(maxsize=None)
def _needles(source: str, flags: int) -> tuple[str, ...] | None:
    try:
        parsed = _parser.parse(source, flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is searched unchecked
        return None
    return _minimal(_sequence(list(parsed)))


def _minimal(found: frozenset[str] | None) -> tuple[str, ...] | None:
    if not found or "" in found:
        return None
    # a string that contains another of the set adds nothing: the shorter one is present whenever it is
    kept = sorted(found, key=len)
    minimal: list[str] = []
    for s in kept:
        if not any(m in s for m in minimal):
            minimal.append(s)
    return tuple(minimal)


# A table works out its patterns' needles once it has been asked this many times: reading the four cue tables' patterns
# takes about what 1,200 lookups save, and a hook's capture worker, which classifies one message, never pays it.
WARM_AFTER = 1000


class _Table:
    __slots__ = ("cues", "size", "calls", "rows", "scan", "prefixes", "rows_of", "always")

    def __init__(self, cues: Sequence[tuple[re.Pattern[str], T]]) -> None:
        self.cues, self.size, self.calls = cues, len(cues), 0
        self.rows: list[tuple[re.Pattern[str], T]] | None = None

    def warm(self) -> None:
        """Each pattern's needles; one scan that finds, at each place of a folded text, the longest needle that starts
        there (a trie of all the needles, tried at every place: the needles that start at one place are prefixes of
        each other, so the longest names them all); which rows each needle lets through."""
        self.rows = [(pattern, value) for pattern, value in self.cues]
        each = [needles(pattern) for pattern, _value in self.rows]
        words = {word for need in each if need for word in need}
        self.scan = re.compile("(?=(" + _trie(words) + "))") if words else None
        self.prefixes = {w: tuple(w[:i] for i in range(1, len(w) + 1) if w[:i] in words) for w in words}
        self.rows_of: dict[str, list[int]] = {}
        self.always = [at for at, need in enumerate(each) if need is None]
        for at, need in enumerate(each):
            for word in need or ():
                self.rows_of.setdefault(word, []).append(at)

    def candidates(self, text: str) -> list[int]:
        """The rows, in order, whose pattern may be found in ``text``: those with no needles and those with a needle
        in it."""
        present: set[str] = set()
        if self.scan is not None:
            for found in self.scan.finditer(fold(text)):
                present.update(self.prefixes[found.group(1)])
        at = set(self.always)
        for word in present:
            at.update(self.rows_of[word])
        return sorted(at)


def _trie(words: set[str]) -> str:
    """A pattern that matches, at a place, the longest of ``words`` that starts there (none empty)."""
    root: dict[str, dict] = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        kids = [re.escape(ch) + build(sub) for ch, sub in sorted(node.items()) if ch]
        if not kids:
            return ""
        body = kids[0] if len(kids) == 1 else "(?:" + "|".join(kids) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return build(root)


_TABLES: dict[int, _Table] = {}


def matches(cues: Sequence[tuple[re.Pattern[str], T]], text: str) -> Iterator[T]:
    """The value of each (pattern, value) pair of ``cues`` whose pattern is found in ``text``, in order: what a loop
    of ``pattern.search(text)`` over the table gives, without searching a pattern whose needles are all absent."""
    table = _TABLES.get(id(cues))
    if table is None or table.cues is not cues or table.size != len(cues):
        table = _TABLES[id(cues)] = _Table(cues)  # kept with its list, so the list's id names no other table
    if table.rows is None:
        table.calls += 1
        if table.calls < WARM_AFTER:
            for pattern, value in cues:
                if pattern.search(text):
                    yield value
            return
        table.warm()
    rows = table.rows
    for at in table.candidates(text):
        pattern, value = rows[at]  # type: ignore[index]
        if pattern.search(text):
            yield value


def first(cues: Sequence[tuple[re.Pattern[str], T]], text: str) -> T | None:
    """The value of the first pair of ``cues`` whose pattern is found in ``text``, or None."""
    return next(matches(cues, text), None)


# -- One big pattern ------------------------------------------------------------------------------------------------
# Some single patterns are searched over whole answers (`cues.CLAIMS`, `against_answer._LEFT_TO_PERSON`,
# `replies._APOLOGISES` …): an alternation of dozens of phrases that starts with a word boundary is tried at every
# place of a long text. Such a pattern is read as its alternatives (the top-level alternation, each alternative with
# what comes before and after it): the pattern is found in a text exactly when one of them is, and an alternative whose
# own needles are all absent is not searched. Worked out once a pattern has been asked about this many times (a few
# milliseconds a pattern), so a hook's capture worker, which classifies one message, never pays it.
SEARCH_WARM_AFTER = 100


class _Split:
    __slots__ = ("calls", "branches")

    def __init__(self) -> None:
        self.calls = 0
        self.branches: list[tuple[re.Pattern[str], tuple[str, ...] | None]] | None = None


def _alternatives(pattern: re.Pattern[str]) -> list[tuple[re.Pattern[str], tuple[str, ...] | None]]:
    """(pattern, needles) for each alternative of ``pattern``'s widest top-level alternation (a bare one or one in a
    non-capturing group, with the items before and after it), compiled from the pattern's own parse; the pattern itself
    when it has none. Searching the alternatives in turn finds a match exactly when the pattern does."""
    whole = [(pattern, needles(pattern))]
    if not isinstance(pattern.pattern, str):
        return whole
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # noqa: BLE001 - a pattern the parser reads differently is searched whole
        return whole
    items = list(parsed)
    widest: tuple[int, list] | None = None
    for at, (op, av) in enumerate(items):
        branches = None
        if op is C.BRANCH:
            branches = av[1]  # type: ignore[index]
        elif op is C.SUBPATTERN:
            group, add_flags, del_flags, body = av  # type: ignore[misc]
            if group is None and not add_flags and not del_flags and len(body) == 1 and body[0][0] is C.BRANCH:
                branches = body[0][1][1]
        if branches and (widest is None or len(branches) > len(widest[1])):
            widest = (at, branches)
    if widest is None:
        return whole
    at, branches = widest
    out = []
    for branch in branches:
        sub = _parser.SubPattern(parsed.state, items[:at] + list(branch) + items[at + 1:])
        out.append((_compiler.compile(sub, pattern.flags), _minimal(_sequence(list(sub)))))
    return out


_SPLITS: dict[re.Pattern[str], _Split] = {}
# The last text folded and its fold, as one tuple (read whole): one answer is asked about by several patterns.
_last_folded = ("", "")


def _branches(pattern: re.Pattern[str]) -> list[tuple[re.Pattern[str], tuple[str, ...] | None]] | None:
    split = _SPLITS.get(pattern)
    if split is None:
        split = _SPLITS[pattern] = _Split()
    if split.branches is None:
        split.calls += 1
        if split.calls < SEARCH_WARM_AFTER:
            return None
        split.branches = _alternatives(pattern)
    return split.branches


def _folded(text: str) -> str:
    global _last_folded
    last = _last_folded
    if last[0] is text:
        return last[1]
    folded = fold(text)
    _last_folded = (text, folded)
    return folded


def found(pattern: re.Pattern[str], text: str) -> bool:
    """``bool(pattern.search(text))``: each alternative whose needles are in the text is searched in turn, no other."""
    branches = _branches(pattern)
    if branches is None:
        return pattern.search(text) is not None
    folded = _folded(text)
    for branch, need in branches:
        if (need is None or any(word in folded for word in need)) and branch.search(text) is not None:
            return True
    return False


def may_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when ``pattern`` cannot be found in ``text`` (no alternative has one of its needles in it)."""
    branches = _branches(pattern)
    if branches is None:
        return True
    folded = _folded(text)
    return any(need is None or any(word in folded for word in need) for _branch, need in branches)


def search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, not made when the pattern cannot be found (:func:`may_match`)."""
    return pattern.search(text) if may_match(pattern, text) else None


def finditer(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)``, not made when the pattern cannot be found (:func:`may_match`)."""
    return pattern.finditer(text) if may_match(pattern, text) else iter(())
