"""Where a rule holds, as file globs, and whether two such places can share a file.

Two rules that hold in places no file belongs to both ("Use pytest fixtures in `tests/`" and "In `scripts/`,
never use pytest fixtures; write plain functions") are two rules, not one and its opposite: the vet does not
report them as contradicting (spec 000: a contradiction is two rules that "cannot both be satisfied"). Rules
whose places overlap (`scripts/*.py` and `scripts/tools/`, `*.py` and `src/`) still can contradict, and so can
a rule that names no place (it holds everywhere).

A rule's places come from two sources, each of which bounds it on its own:

- its path trigger (``trigger.paths`` of a lesson): the globs as the delivery matches them
  (:mod:`altimate_learn.deliver.globs`: anchored at the project root, `**` across folders);
- the places its text names in scope phrases ("in", "under", "inside", "within", "for", "across",
  "throughout" followed by a path, a folder or a file pattern, or a list of them: "in `tests/` and
  `benchmarks/`"). A folder or path (`tests/`, `src/api/handlers.py`, `scripts/*.py`) is taken from the project
  root; a file name or pattern without a folder (`conftest.py`, `*.sh`, `Makefile`) is that file anywhere. A
  rule of several sentences is bounded by its text only when every one names a place; a place that opens a
  sentence ("In `scripts/`, never …; write …") bounds all of it (a later "in `conftest.py`" there says where a
  thing of the rule is, not another place it holds), otherwise every clause (`;`) must name one:
  "Never use `print()`; in `scripts/` use `click.echo`" forbids `print()` everywhere.

Nothing here is a guess in the direction of silence: a word that is not clearly a path ("tests", "client/server
code", a URL) names no place, and two globs are told apart only when no path can match both (:func:`overlap`
answers "maybe" as overlapping).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from altimate_learn.deliver.globs import _expand_braces, _match_name, normalize_path

_WILD = frozenset("*?[")
_PLACE = r"(?:`[^`\n]+`|[\w.*?{}<>\[\]/-]+)"
_JOIN = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)(?:the\s+)?"
_SCOPE = re.compile(rf"(?<![\w`])(?:in|under|inside|within|for|across|throughout)\s+"
                    rf"(?:(?:the|all|any|every|each|only)\s+)?(?P<places>{_PLACE}(?:{_JOIN}{_PLACE})*)", re.I)
_PIECE = re.compile(_PLACE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'])")
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$|\.\{[A-Za-z][A-Za-z0-9,]*\}$|\.\*$")
_FILE_WORD = re.compile(r"^[A-Z][A-Za-z]*file$")  # Makefile, Dockerfile, Jenkinsfile
_PLACEHOLDER = re.compile(r"<[^<>/\s]*>")
_SHAPE = re.compile(r"^[\w.*?{},\[\]/-]+$")
_JOIN_WORDS = frozenset("and or the".split())


def place_globs(word: str, quoted: bool) -> list[str] | None:
    """The globs of the files ``word`` names as a place, or None when it is not clearly a path: `tests/` →
    `tests/**`; `scripts/*.py` as is; `src/api` → the file, any extension, or the folder; `*.sh`, `conftest.py`,
    `Makefile` → that file anywhere. Unquoted, only a folder (`tests/`), a pattern (`*.py`) or a path with a
    file name (`src/app.py`) counts."""
    word = _PLACEHOLDER.sub("*", word.strip().strip("`").strip("'\"(").rstrip("'\")]:;,.!?"))
    word = normalize_path(word)
    if (not word or len(word) > 200 or "://" in word or "(" in word or ".." in word or "//" in word
            or word.startswith(("/", "~", "-", "@", "$", "!")) or not _SHAPE.match(word)):
        return None
    if word.endswith("/"):
        folder = word.rstrip("/")
        return [f"{folder}/**"] if folder and folder != "**" else None
    name = word.rsplit("/", 1)[-1]
    if not name or name in ("*", "**"):
        return [word] if "/" in word else None  # `src/*`, `src/**`: a folder's files
    patterned = bool(_WILD & set(name)) or "{" in name
    named_file = bool(_EXTENSION.search(name)) or patterned or bool(_FILE_WORD.match(name))
    if "/" not in word:
        if not named_file or (not quoted and not (patterned or name.startswith("*.")) and len(name) <= 4):
            return None  # "e.g", a version "1.2"
        return [word if word.startswith("**") else f"**/{word}"]
    if named_file:
        return [word]
    return [word, f"{word}.*", f"{word}/**"] if quoted else None  # a module or a folder (`app/cli`)


def _phrase_globs(places: str) -> list[str] | None:
    """The globs of one scope phrase's list of places; None when one of them is not a place (a word like
    "never" after "and", or "docs" in "in `tests/` and docs": the phrase's bound is then unknown)."""
    out: list[str] = []
    for piece in _PIECE.findall(places):
        if piece.lower() in _JOIN_WORDS:
            continue
        globs = place_globs(piece, quoted=piece.startswith("`"))
        if globs is None:
            return out or None  # the list ends at the first word that is not a place ("in `tests/` and never …")
        out += globs
    return out or None


def text_places(text: str) -> list[str] | None:
    """The globs of the places ``text`` says its rule holds in, or None when some sentence or clause of it names
    none (it holds everywhere)."""
    found: list[str] = []
    for sentence in _SENTENCE.split(text):
        sentence = sentence.strip(" \t\n-*")
        if not sentence:
            continue
        bounded = False  # a clause before opened with a place: the clauses after it hold there too
        for clause in sentence.split(";"):
            clause = clause.strip()
            if not clause:
                continue
            lead = _SCOPE.match(clause)
            leading = _phrase_globs(lead.group("places")) if lead else None
            if leading:
                # "In `tests/`, use fixtures defined in `conftest.py`; keep them small": the clause (and those
                # after it) hold there; a later "in …" says where a thing of the rule is, not another place
                found += leading
                bounded = True
                continue
            if bounded:
                continue
            mine = [glob for match in _SCOPE.finditer(clause) for glob in _phrase_globs(match.group("places")) or []]
            if not mine:
                return None
            found += mine
    return list(dict.fromkeys(found)) or None


def rule_scopes(text: str, paths: Iterable[str] | None = None) -> tuple[tuple[str, ...], ...]:
    """Every bound of a rule: its path trigger and the places its text names (each a tuple of globs; none:
    the rule holds everywhere)."""
    out: list[tuple[str, ...]] = []
    trigger = tuple(normalize_path(p) for p in paths or () if isinstance(p, str) and p and not p.startswith("!"))
    if trigger:
        out.append(trigger)
    named = text_places(text)
    if named:
        out.append(tuple(named))
    return tuple(out)


def trigger_paths(lesson: dict) -> tuple[str, ...]:
    """A lesson's path trigger (globs), or () when it has none."""
    trigger = lesson.get("trigger")
    paths = trigger.get("paths") if isinstance(trigger, dict) else None
    return tuple(p for p in paths if isinstance(p, str)) if isinstance(paths, list) else ()


def lesson_scopes(lesson: dict) -> tuple[tuple[str, ...], ...]:
    """:func:`rule_scopes` of a stored lesson (its text and its ``trigger.paths``)."""
    return rule_scopes(str(lesson.get("text", "")), trigger_paths(lesson))


def disjoint(mine: Iterable[Iterable[str]], theirs: Iterable[Iterable[str]]) -> bool:
    """Whether no file is within the bounds of both rules (:func:`rule_scopes`): some bound of one shares no
    file with some bound of the other. A rule without bounds holds everywhere: never disjoint."""
    theirs = [tuple(t) for t in theirs]
    return any(not overlap(one, other) for one in mine for other in theirs)


def overlap(mine: Iterable[str], theirs: Iterable[str]) -> bool:
    """Whether some path can match a glob of ``mine`` and a glob of ``theirs`` ("maybe" counts as yes)."""
    return any(_globs_meet(a, b) for a in mine for b in theirs)


@lru_cache(maxsize=4096)
def _globs_meet(a: str, b: str) -> bool:
    for one in _reach(a):
        for other in _reach(b):
            if _paths_meet(tuple(_segments(one)), tuple(_segments(other))):
                return True
    return False


def _reach(glob: str) -> list[str]:
    """The globs a trigger reaches files by, as delivery matches it: its brace alternatives, and for a folder's name
    pattern (`scripts/*.py`) the same name in its subfolders too (`scripts/**/*.py`: :func:`~altimate_learn.deliver.
    globs.deep_folder`; deliver29's D29-2: `scripts/*.py` and `scripts/tools/*.py` both reach `scripts/tools/x.py`)."""
    from altimate_learn.deliver.globs import deep_folder

    out = []
    for one in _expand_braces(normalize_path(glob)):
        out.append(one)
        folder = deep_folder(one)
        if folder:
            out.append(folder + "**/" + one[len(folder):])
    return out


def _segments(glob: str) -> list[str]:
    # `a**b` inside a name crosses folders like `**`: taken as `**` (a wider glob: "maybe" stays "maybe")
    return ["**" if "**" in segment else segment for segment in glob.strip("/").split("/") if segment]


def _paths_meet(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    @lru_cache(maxsize=None)
    def meet(i: int, j: int) -> bool:
        if i == len(a) and j == len(b):
            return True
        if i < len(a) and a[i] == "**":
            return meet(i + 1, j) or (j < len(b) and meet(i, j + 1))
        if j < len(b) and b[j] == "**":
            return meet(i, j + 1) or (i < len(a) and meet(i + 1, j))
        if i == len(a) or j == len(b):
            return False
        return _names_meet(a[i], b[j]) and meet(i + 1, j + 1)

    return meet(0, 0)


def _names_meet(a: str, b: str) -> bool:
    """Whether one file or folder name can match both name patterns (`*`, `?`, `[…]`): exactly when either is
    literal; otherwise by their literal starts and ends (a "maybe" is a yes)."""
    wild_a, wild_b = bool(_WILD & set(a)), bool(_WILD & set(b))
    if not wild_a and not wild_b:
        return a == b
    if not wild_b:
        return "[" in a or _match_name(a, b)
    if not wild_a:
        return "[" in b or _match_name(b, a)
    head_a, head_b = _head(a), _head(b)
    tail_a, tail_b = _head(a[::-1]), _head(b[::-1])
    return (head_a.startswith(head_b) or head_b.startswith(head_a)) and \
        (tail_a.startswith(tail_b) or tail_b.startswith(tail_a))


def _head(name: str) -> str:
    for at, ch in enumerate(name):
        if ch in _WILD or ch == "]":
            return name[:at]
    return name
