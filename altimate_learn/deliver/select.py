"""Which lessons to show: the four tiers of spec 003 "Delivery", as pure functions over a corpus.

- core: pinned first, then helpful − harmful, then id;
- retrieved / per request: BM25 over lesson text, tags and path triggers; with touched or mentioned
  paths, lessons whose triggers match one of them rank first, then unscoped lessons, then lessons
  scoped elsewhere (each group by score);
- file: lessons whose trigger matches the file, or whose backtick identifier names a part of its path,
  ranked by path specificity (literal leading segments of the matching glob: `models/staging/*.sql` is 2,
  `models/**` is 1, `**/*.sql` and identifier-only matches are 0), then BM25 against the session's request,
  then helpful − harmful, then id. The per-file limit applies after this ranking, so broad lessons cannot
  crowd out narrow ones.

Every function takes ``exclude`` (lesson keys already shown in the session) and a ``limit``.
Glob syntax: `*` and `?` within a path segment, `**` across segments, `[…]` classes, `{a,b}` alternatives;
a pattern starting with `!` never matches.
"""

from __future__ import annotations

import heapq
import re

from altimate_learn.deliver.bm25 import unpack
from altimate_learn.deliver.index import Corpus
from altimate_learn.deliver.tokenize import tokenize

MINIMUM_SCORE = 0.1
_GLOB_CHARS = frozenset("*?[]{}!")
_compiled: dict[str, re.Pattern[str] | None] = {}


def normalize_path(path: str) -> str:
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def _translate(pattern: str) -> str:
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            if pattern.startswith("**", i):
                at_start = i == 0 or pattern[i - 1] == "/"
                j = i + 2
                if at_start and j < n and pattern[j] == "/":
                    out.append("(?:.*/)?")  # `**/`: any number of folders, including none
                    i = j + 1
                    continue
                if at_start and j == n and i > 0:
                    out.pop()  # the "/" before a trailing `/**`: the folder itself and everything in it
                    out.append("(?:/.*)?")
                    i = j
                    continue
                out.append(".*")
                i = j
                continue
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = pattern.find("]", i + 2)
            if end < 0:
                out.append(re.escape(c))
            else:
                body = pattern[i + 1:end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                i = end + 1
                continue
        elif c == "{":
            depth, j = 0, i
            while j < n:
                if pattern[j] == "{":
                    depth += 1
                elif pattern[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= n:
                out.append(re.escape(c))
            else:
                options, depth, start = [], 0, i + 1
                for k in range(i + 1, j):
                    if pattern[k] == "{":
                        depth += 1
                    elif pattern[k] == "}":
                        depth -= 1
                    elif pattern[k] == "," and depth == 0:
                        options.append(pattern[start:k])
                        start = k + 1
                options.append(pattern[start:j])
                out.append("(?:" + "|".join(_translate(o) for o in options) + ")")
                i = j + 1
                continue
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def compile_glob(pattern: str) -> re.Pattern[str] | None:
    """The regex of a trigger glob; ``None`` for a negated (`!…`) or empty pattern."""
    if pattern in _compiled:
        return _compiled[pattern]
    norm = normalize_path(pattern)
    regex = None
    if norm and not norm.startswith("!"):
        try:
            regex = re.compile(_translate(norm) + r"\Z", re.S)
        except re.error:
            regex = None
    _compiled[pattern] = regex
    return regex


def glob_matches(pattern: str, path: str) -> bool:
    regex = compile_glob(pattern)
    return bool(regex and regex.match(normalize_path(path)))


def literal_segments(pattern: str) -> int:
    """Leading path segments of a glob without any glob character (its specificity)."""
    count = 0
    for segment in normalize_path(pattern).split("/"):
        if not segment or any(ch in _GLOB_CHARS for ch in segment):
            break
        count += 1
    return count


def _literal_prefix(pattern: str) -> str:
    norm = normalize_path(pattern)
    for i, ch in enumerate(norm):
        if ch in _GLOB_CHARS:
            return norm[:i]
    return norm


def path_specificity(triggers: list[str], path: str) -> int:
    """The highest specificity among the lesson's triggers that match ``path``; -1 when none matches."""
    best = -1
    for pattern in triggers:
        if glob_matches(pattern, path):
            best = max(best, literal_segments(pattern))
    return best


# --- core ----------------------------------------------------------------------------------------------

def select_core(corpus: Corpus, limit: int, exclude: set[str] | frozenset[str] = frozenset()) -> list[int]:
    if limit <= 0:
        return []
    out: list[int] = []
    for index in corpus.core:
        if corpus.keys[index] in exclude:
            continue
        out.append(index)
        if len(out) >= limit:
            break
    return out


# --- BM25 retrieval ------------------------------------------------------------------------------------

def query_terms(corpus: Corpus, text: str) -> list[str]:
    """The request's search terms that occur in some lesson (the only ones that can score)."""
    vocabulary = corpus.vocabulary
    return sorted({t for t in tokenize(text) if t in vocabulary})


def _matching_lessons(corpus: Corpus, paths: list[str]) -> set[int]:
    """Lessons with a trigger matching any of ``paths``."""
    found: set[int] = set()
    norm = [normalize_path(p) for p in paths if p]
    if not norm:
        return found
    for pattern, lessons in corpus.patterns.items():
        prefix = _literal_prefix(pattern)
        if prefix and not any(p.startswith(prefix) for p in norm):
            continue
        regex = compile_glob(pattern)
        if regex is not None and any(regex.match(p) for p in norm):
            found.update(unpack(lessons))
    return found


def _best(scored: list[tuple[float, int]], corpus: Corpus, limit: int,
          exclude: set[str] | frozenset[str]) -> list[int]:
    """The ``limit`` best lessons not in ``exclude`` (score, then id); only the top candidates are sorted."""
    if limit <= 0 or not scored:
        return []
    wanted = limit + len(exclude)  # enough that dropping excluded ones still leaves ``limit``
    if len(scored) > wanted:
        cutoff = heapq.nlargest(wanted, (score for score, _ in scored))[-1]
        scored = [item for item in scored if item[0] >= cutoff]
    ids, keys = corpus.ids, corpus.keys
    scored.sort(key=lambda item: (-item[0], ids[item[1]], item[1]))
    out: list[int] = []
    for _, index in scored:
        if keys[index] in exclude:
            continue
        out.append(index)
        if len(out) >= limit:
            break
    return out


def retrieve(corpus: Corpus, terms: list[str], limit: int, exclude: set[str] | frozenset[str] = frozenset(),
             paths: list[str] | None = None, minimum: float = MINIMUM_SCORE) -> list[int]:
    """Lessons whose BM25 score exceeds ``minimum``, best first (path groups first when ``paths``)."""
    if limit <= 0 or not terms or not len(corpus):
        return []
    scored = corpus.bm25.above(terms, minimum)
    if not paths:
        return _best(scored, corpus, limit, exclude)
    matching = _matching_lessons(corpus, paths)
    groups: tuple[list, list, list] = ([], [], [])
    scoped = corpus.scoped
    for item in scored:  # lessons scoped to a touched/mentioned path, then unscoped, then scoped elsewhere
        index = item[1]
        groups[0 if index in matching else (2 if scoped[index] else 1)].append(item)
    out: list[int] = []
    for group in groups:
        if len(out) >= limit:
            break
        out += _best(group, corpus, limit - len(out), exclude)
    return out


# --- file tier -----------------------------------------------------------------------------------------

def file_matches(corpus: Corpus, path: str) -> dict[int, int]:
    """Lessons matching ``path`` (project-relative) → specificity (0 for identifier-only matches)."""
    norm = normalize_path(path)
    found: dict[int, int] = {}
    for pattern, lessons in corpus.patterns.items():
        prefix = _literal_prefix(pattern)
        if prefix and not norm.startswith(prefix):
            continue
        regex = compile_glob(pattern)
        if regex is None or not regex.match(norm):
            continue
        level = literal_segments(pattern)
        for index in unpack(lessons):
            if found.get(index, -1) < level:
                found[index] = level
    # The path's tokens include every underscore prefix and suffix of its identifiers (`net_amount_cents`
    # gives `_cents` and `net_`), so affix anchors are found by the same exact lookup.
    for token in set(tokenize(norm)):
        packed = corpus.anchors.get(token)
        for index in unpack(packed) if packed else ():
            found.setdefault(index, 0)
    return found


def select_file(corpus: Corpus, path: str, terms: list[str], limit: int,
                exclude: set[str] | frozenset[str] = frozenset()) -> list[int]:
    if limit <= 0 or not len(corpus):
        return []
    matches = {i: level for i, level in file_matches(corpus, path).items() if corpus.keys[i] not in exclude}
    if not matches:
        return []
    scores = corpus.bm25.score_docs(terms, list(matches)) if terms else {}
    ranked = sorted(matches, key=lambda i: (-matches[i], -scores.get(i, 0.0), -corpus.net[i], corpus.ids[i], i))
    return ranked[:limit]
