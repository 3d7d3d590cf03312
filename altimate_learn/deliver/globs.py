"""Path triggers: glob matching and how specifically a glob matches a file (used by the file tier).

Glob syntax: `*` and `?` within a path segment, `**` across segments, `[…]` classes, `{a,b}` alternatives;
a pattern starting with `!` never matches. Stdlib only, and no regex engine for the common globs: this runs
in every hook call that sees a file.
"""

from __future__ import annotations

_GLOB_CHARS = frozenset("*?[]{}!")
_compiled: dict[str, Glob | None] = {}


def normalize_path(path: str) -> str:
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def _brace_options(pattern: str, start: int, end: int) -> list[str]:
    """The comma-separated alternatives of the brace group `pattern[start]` = "{" … `pattern[end]` = "}"."""
    options, depth, begin = [], 0, start + 1
    for k in range(start + 1, end):
        if pattern[k] == "{":
            depth += 1
        elif pattern[k] == "}":
            depth -= 1
        elif pattern[k] == "," and depth == 0:
            options.append(pattern[begin:k])
            begin = k + 1
    options.append(pattern[begin:end])
    return options


def _translate(pattern: str) -> str:
    """The regex for a glob (the reference semantics; used for globs with `[…]` classes)."""
    import re

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
                options = _brace_options(pattern, i, j)
                out.append("(?:" + "|".join(_translate(o) for o in options) + ")")
                i = j + 1
                continue
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


class Glob:
    """A compiled trigger glob; :meth:`match` tells whether it matches a whole normalised path.

    Globs made of literal characters, `*`, `?`, `**` segments and `{a,b}` alternatives (nearly every path
    trigger) are matched segment by segment in Python, so a hook needs no regex engine (`import re` costs
    about half a Python start-up on a slow machine). Anything else (`[…]` classes, `**` inside a name)
    is compiled by :func:`_translate` into a regex; a test checks that both agree.
    """

    __slots__ = ("alternatives", "regex")

    def __init__(self, alternatives: list[list[str]] | None, regex=None) -> None:
        self.alternatives = alternatives or []
        self.regex = regex

    def match(self, path: str) -> bool:
        if self.regex is not None:
            return self.regex.match(path) is not None
        parts = path.split("/")
        return any(_match_parts(alternative, 0, parts, 0) for alternative in self.alternatives)


def _match_parts(pattern: list[str], p: int, parts: list[str], s: int) -> bool:
    while p < len(pattern):
        segment = pattern[p]
        if segment == "**":  # any number of folders, including none
            if p == len(pattern) - 1:
                return True
            return any(_match_parts(pattern, p + 1, parts, k) for k in range(s, len(parts) + 1))
        if s >= len(parts) or not _match_name(segment, parts[s]):
            return False
        p += 1
        s += 1
    return s == len(parts)


def _match_name(pattern: str, name: str) -> bool:
    """`*` and `?` within one path segment (wildcard matching with backtracking on the last `*`)."""
    if "*" not in pattern and "?" not in pattern:
        return pattern == name
    p = n = 0
    star, mark = -1, 0
    while n < len(name):
        if p < len(pattern) and (pattern[p] == "?" or pattern[p] == name[n]) and pattern[p] != "*":
            p += 1
            n += 1
        elif p < len(pattern) and pattern[p] == "*":
            star, mark = p, n
            p += 1
        elif star >= 0:
            p = star + 1
            mark += 1
            n = mark
        else:
            return False
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def _plain(alternative: str) -> bool:
    """Whether segment matching gives exactly :func:`_translate`'s meaning for this brace-free glob."""
    if "[" in alternative:
        return False
    return all(segment == "**" or "**" not in segment for segment in alternative.split("/"))


def compile_glob(pattern: str) -> Glob | None:
    """The matcher of a trigger glob; ``None`` for a negated (`!…`) or empty pattern, or a broken class."""
    if pattern in _compiled:
        return _compiled[pattern]
    norm = normalize_path(pattern)
    glob = None
    if norm and not norm.startswith("!"):
        alternatives = _expand_braces(norm)
        if len(alternatives) < _MAX_ALTERNATIVES and all(_plain(a) for a in alternatives):
            glob = Glob([a.split("/") for a in alternatives])
        else:
            import re

            try:
                glob = Glob(None, re.compile(_translate(norm) + r"\Z", re.S))
            except re.error:
                glob = None
    _compiled[pattern] = glob
    return glob


def glob_matches(pattern: str, path: str) -> bool:
    glob = compile_glob(pattern)
    return bool(glob and glob.match(normalize_path(path)))


def literal_segments(pattern: str) -> int:
    """Leading path segments of a glob without any glob character."""
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


_literals: dict[str, tuple[str, str]] = {}


def literals(pattern: str) -> tuple[str, str]:
    """(the glob's literal prefix, and for a glob starting with `**/` the literal text after it): what
    :func:`_may_match` checks. Prepared with the index for every trigger and mention (:func:`route`)."""
    return _literal_prefix(pattern), (_literal_prefix(pattern[3:]) if pattern.startswith("**/") else "")


def route(prefix: str) -> str:
    """The key a glob of literal prefix ``prefix`` is filed under in the index's table of globs: the first folder
    of the prefix when it names one whole (`services` for `services/exports/**`), else "" (`**/Dockerfile`,
    `*.sql`, `serv*/x`): a path can only be matched by the globs of its own first folder and those of ""."""
    head, slash, _ = prefix.partition("/")
    return head if slash else ""


def may_match(prefix: str, inner: str, path: str) -> bool:
    """:func:`_may_match` with the glob's :func:`literals` already known."""
    if prefix and not path.startswith(prefix):
        return False
    return not inner or ("/" + inner) in ("/" + path)


def _may_match(pattern: str, path: str) -> bool:
    """A cheap necessary condition for ``pattern`` to match ``path``: the path starts with the glob's literal
    prefix, and for a glob starting with `**/`, holds the literal text after it at a folder boundary
    (`**/app/cli/**` needs "/app/cli/" in "/" + path). Most globs of a store fail it, so few are matched."""
    cached = _literals.get(pattern)
    if cached is None:
        cached = _literals[pattern] = literals(pattern)
    return may_match(cached[0], cached[1], path)


# --- specificity ---------------------------------------------------------------------------------------

EXACT_NAME = 1000.0  # a trigger that names the file itself outranks every other match
NAME_PATTERN = 500.0  # a file-name pattern that pins more than the extension (`test_*.py`) outranks folder globs
_MAX_ALTERNATIVES = 64
_shapes: dict[str, list[tuple[Glob, float, str, int]]] = {}


def _expand_braces(pattern: str) -> list[str]:
    """`{a,b}` alternatives spelled out (nested too), at most :data:`_MAX_ALTERNATIVES`."""
    start = pattern.find("{")
    if start < 0:
        return [pattern]
    depth = 0
    for end in range(start, len(pattern)):
        if pattern[end] == "{":
            depth += 1
        elif pattern[end] == "}":
            depth -= 1
            if depth == 0:
                break
    else:
        return [pattern]  # unbalanced: matched literally by compile_glob
    options = _brace_options(pattern, start, end)
    out: list[str] = []
    for option in options:
        for rest in _expand_braces(pattern[:start] + option + pattern[end + 1:]):
            out.append(rest)
            if len(out) >= _MAX_ALTERNATIVES:
                return out
    return out


def _literal_chars(name: str) -> int:
    """Characters of a glob's file-name part that are not glob syntax (`[…]` classes count none)."""
    count = i = 0
    while i < len(name):
        ch = name[i]
        if ch == "[":
            end = name.find("]", i + 1)
            i = end + 1 if end >= 0 else i + 1
            continue
        if ch not in "*?{}!]":
            count += 1
        i += 1
    return count


def _pins_name(name: str) -> bool:
    """A file-name glob that says more than the extension: `test_*.py`, `*.test.ts`, `stg_*.sql`,
    `Dockerfile.*` (not `*.py`, `*`)."""
    dot = name.rfind(".")
    if dot > 0 and not any(ch in _GLOB_CHARS for ch in name[dot:]):
        name = name[:dot]  # the literal extension
    return _literal_chars(name) > 0


def _shape(pattern: str) -> list[tuple[Glob, float, str, int]]:
    """Per alternative of a trigger: (its matcher, literal folder segments, what its file-name part is
    — "exact", "pattern" (pins more than the extension) or "" —, literal characters of that part)."""
    cached = _shapes.get(pattern)
    if cached is not None:
        return cached
    out = []
    norm = normalize_path(pattern)
    if norm and not norm.startswith("!"):
        for alternative in _expand_braces(norm):
            glob = compile_glob(alternative)
            if glob is None:
                continue
            *folders, name = alternative.split("/")
            literal = sum(1 for f in folders if f and not any(ch in _GLOB_CHARS for ch in f))
            if name and not any(ch in _GLOB_CHARS for ch in name):
                kind = "exact"
            elif name not in ("", "*", "**") and _pins_name(name):
                kind = "pattern"
            else:
                kind = ""
            out.append((glob, float(literal), kind, _literal_chars(name)))
    _shapes[pattern] = out
    return out


def specificity(pattern: str, path: str) -> float | None:
    """How specifically ``pattern`` matches ``path`` (a normalised relative path); None when it does not.

    File name first: a glob whose last segment is a literal name (`**/Dockerfile`, `dbt_project.yml`)
    names the file itself and outranks everything else; a file-name pattern that pins more than the
    extension (`**/test_*.py`, `stg_*.sql`, `*.test.ts`) outranks every folder glob. Then folders: one
    point per literal folder segment of the glob (`models/staging/*.sql` 2, `models/**` 1, `**/*.sql` 0),
    and a partly literal file name (`*.sql`, `stg_*.sql`) adds the share of the file name it pins (less
    than one point); `*` and `**` add nothing. So for `models/staging/x.sql`: `models/staging/*.sql` >
    `models/staging/**` > `models/**/*.sql` > `models/**` > `**/*.sql`; for `services/api/Dockerfile`:
    `**/Dockerfile` > `services/api/**` > `services/**`; for `services/api/tests/test_x.py`:
    `**/test_*.py` > `services/api/**`. With `{a,b}` alternatives, the best matching one counts.
    """
    best: float | None = None
    name = path.rsplit("/", 1)[-1]
    for glob, folders, kind, literal in _shape(pattern):
        if not glob.match(path):
            continue
        if kind == "exact":
            score = EXACT_NAME + folders
        else:
            score = folders + (min(0.99, literal / max(1, len(name))) if literal else 0.0)
            if kind == "pattern":
                score += NAME_PATTERN
        if best is None or score > best:
            best = score
    return best


DEEPER = 0.5  # a folder's name pattern matching a file in a subfolder ranks this much below `DIR/**/NAME`


def deep_folder(pattern: str) -> str:
    """For a trigger `DIR/NAME-PATTERN` (a literal folder, a file-name pattern with `*`, no `**` and no `{…}`),
    "DIR/"; else "". Such a trigger also matches the files of the folder's subfolders (:func:`deeper`): a person
    who writes `models/staging/*.sql` in a dbt project means every staging model, those of
    `models/staging/stripe/` too (a gitignore-style reading would match none of them, and the staging rules never
    reached a model one folder down)."""
    norm = normalize_path(pattern)
    folder, _, name = norm.rpartition("/")
    if (not folder or "*" not in name or "**" in norm or "{" in norm or norm.startswith("!")
            or any(ch in _GLOB_CHARS for ch in folder)):
        return ""
    return folder + "/"


def deeper(pattern: str, path: str, folder: str | None = None) -> float | None:
    """How specifically a trigger `DIR/NAME-PATTERN` (:func:`deep_folder`; ``folder`` when known) matches a file
    in a subfolder of DIR (`models/staging/*.sql` and `models/staging/stripe/stg_x.sql`): as `DIR/**/NAME-PATTERN`
    would, less :data:`DEEPER` (the weaker match: below the file's own folders' globs, above the broader ones);
    None when the file is not in such a subfolder, or its name does not fit, or the trigger is no such pattern."""
    if folder is None:
        folder = deep_folder(pattern)
    if not folder or not path.startswith(folder) or "/" not in path[len(folder):]:
        return None
    name = normalize_path(pattern)[len(folder):]
    level = specificity(folder + "**/" + name, path)
    return None if level is None else level - DEEPER


def scope_matches(pattern: str, path: str) -> bool:
    """Whether a path trigger applies to ``path`` for delivery: the glob matches it, or it is a folder's name
    pattern and the file is in a subfolder of that folder (:func:`deeper`). What `learn check`, `learn doctor`
    and the file tier say a trigger matches."""
    norm = normalize_path(path)
    return glob_matches(pattern, norm) or deeper(pattern, norm) is not None


def path_specificity(triggers: list[str], path: str) -> float:
    """The highest :func:`specificity` among the lesson's triggers that match ``path``; -1 when none does."""
    norm = normalize_path(path)
    best = -1.0
    for pattern in triggers:
        level = specificity(pattern, norm)
        if level is None:
            level = deeper(pattern, norm)
        if level is not None and level > best:
            best = level
    return best
