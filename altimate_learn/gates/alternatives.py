"""Two choices for one job: rules that each say to use another member of a set of exclusive alternatives.

"Use dayjs for new code." beside the AGENTS.md line "Use moment for all date handling." share no word but "use", and
neither negates the other, so the offline vet passed it (review36 R36-12); "Timestamps are stored as naive local time
in the database." beside the approved "Store all timestamps in UTC." was staged with no note (review37 R37-5). Such
pairs name two members of one set of alternatives a project picks one of: a date library, a package manager. Such a pair is read as a contradiction (:func:`altimate_learn.gates.offline.compare`), unless
the rules say they hold in different situations.

Precision first: a set holds only names that are alternatives wherever they appear together (not "ruff", which
lints beside black; not "fetch", a word of every kind of code; not case styles, export styles or time zones, which
projects mix by kind of name, file or use on purpose: times stored in UTC, shown in the user's local time). A name that is also an everyday word ("moment",
"requests", "black", "tabs") counts only as the object of a verb of use ("use moment", "with black", "indent with
tabs"). A name after a negation or a contrast ("never moment", "instead of npm", "rather than yarn") is avoided, not
chosen. A registry or a place ("publish to npm", "the npm package") is no choice of a tool.
"""

from __future__ import annotations

import re
from functools import lru_cache

# (what the members are alternatives for, the members: "|" between names, "?" after an everyday word, "^" marks a set
# whose rules must also say one of the words after "^" (indentation: "spaces" alone is any kind of space))
_SETS: tuple[tuple[str, str], ...] = (
    ("a JavaScript package manager", "npm|pnpm|yarn|bun?"),
    ("a Python package manager", "pip|uv|poetry|pipenv|pdm|conda"),
    ("a date library", "moment?|moment.js|momentjs|dayjs|day.js|date-fns|luxon"),
    ("a JavaScript test runner", "jest|vitest|mocha|jasmine"),
    ("a Python test framework", "pytest|unittest|nose2"),
    ("a Python formatter", "black?|yapf|autopep8"),
    ("a Python HTTP client", "requests?|httpx|aiohttp"),
    ("a JavaScript HTTP client", "axios|superagent|node-fetch"),
    ("a state library", "redux|zustand|mobx|recoil|jotai"),
    ("a bundler", "webpack|vite|rollup|parcel?"),
    ("a Python type checker", "mypy|pyright|pyre"),
    ("an indentation^indent|indents|indentation|indented", "tabs?|spaces?"),
    ("a quote style", "single quotes|double quotes"),
)

# Before a name: it is avoided, not chosen ("never use X", "instead of X", "rather than X", "not X", "over X").
_AVOIDED_BEFORE = re.compile(r"(?:\bnever|\bnot|\bno|\bdon'?t|\bdo not|\bavoid|\bavoiding|\binstead of|\brather than|"
                             r"\bover|\bthan|\bwithout|\bnor|\bstop using|\bdrop|\bremove|\breplace|\breplacing|"
                             r"\bmigrat(?:e|ed|ing) (?:away )?from|\bswitch(?:ed|ing)? (?:away )?from|\bmov(?:e|ed|ing) (?:away )?from)"
                             r"(?:\s+(?:use|using|run|running|call|calling|the|a|any|with|to))*\s*$")
# Before an everyday word: only the object of a verb of use counts ("use moment", "indent with tabs").
_USE_BEFORE = re.compile(r"\b(?:use|uses|using|used|with|via|prefer|prefers|choose|pick|adopt|import|imports|"
                         r"switch to|migrate to|move to|stick to|stick with|go with|standardi[sz]e on)(?:\s+the)?"
                         r"(?:\s+(?:\d+|two|four|eight))?\s*$")
# Around a package manager's name: a registry or a package is a place, not the tool ("publish to npm").
_PLACE_BEFORE = re.compile(r"\b(?:to|on|from|in|into|at)(?:\s+the)?\s*$")
_PLACE_AFTER = re.compile(r"\s*(?:registry|registries|package|packages|org|scope|page|account|token|audit)\b")


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[str, re.Pattern[str], frozenset[str], re.Pattern[str] | None], ...]:
    out = []
    for label, members in _SETS:
        label, _, needs = label.partition("^")
        names = [m.rstrip("?") for m in members.split("|")]
        everyday = frozenset(m.rstrip("?") for m in members.split("|") if m.endswith("?"))
        alternation = "|".join(re.escape(n).replace(r"\ ", r"[\s-]+") for n in sorted(names, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w.\-/@])({alternation})(?![\w\-/@]|\.\w)")
        out.append((label, pattern, everyday,
                    re.compile(rf"\b(?:{needs})\b") if needs else None))
    return tuple(out)


def _member(found: str) -> str:
    """One spelling per member: "moment.js", "momentjs" and "moment" are one; "camel case" is "camelcase"."""
    key = re.sub(r"[\s\-]+", " ", found)
    key = {"moment.js": "moment", "momentjs": "moment", "day.js": "dayjs", "camel case": "camelcase",
           "snake case": "snake_case", "pascal case": "pascalcase", "kebab case": "kebab-case", "kebab-case": "kebab-case",
           "default export": "default exports", "named export": "named exports", "tab": "tabs", "space": "spaces",
           "request": "requests"}.get(key, key)
    return key


@lru_cache(maxsize=1)
def _any_member() -> re.Pattern[str]:
    names = [m.rstrip("?") for _, members in _SETS for m in members.split("|")]
    return re.compile("|".join(re.escape(n).replace(r"\ ", r"[\s-]+") for n in sorted(set(names), key=len, reverse=True)))


@lru_cache(maxsize=1)
def everyday_names() -> frozenset[str]:
    """The members that are also everyday words ("requests", "moment", "black", "tabs"), in their plural and singular
    forms: a name only where a rule uses it as one."""
    names = {m.rstrip("?") for _, members in _SETS for m in members.split("|") if m.endswith("?")}
    return frozenset(names | {n[:-1] for n in names if n.endswith("s")})


def labels(lower: str) -> frozenset[str]:
    """The sets ``lower`` chooses or avoids a member of (one search for a text that names none)."""
    if _any_member().search(lower) is None:
        return frozenset()
    return frozenset(chosen(lower))


@lru_cache(maxsize=4096)
def chosen(lower: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Set label -> (members the text says to use, members it avoids), for the sets ``lower`` (lower case, backticks
    removed) names a member of."""
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for label, pattern, everyday, needs in _compiled():
        if needs is not None and not needs.search(lower):
            continue
        used: set[str] = set()
        avoided: set[str] = set()
        for match in pattern.finditer(lower):
            name = match.group(1)
            key = _member(re.sub(r"[\s\-]+", " " if " " in name else "-", name))
            before = lower[max(0, match.start() - 40):match.start()]
            clause = re.split(r"[.;:!?]|,\s*(?:but|and)?\s*", before)[-1]
            if _AVOIDED_BEFORE.search(clause):
                avoided.add(key)
                continue
            if key.split("-")[0] in ("npm", "pnpm", "yarn", "bun") and (
                    _PLACE_BEFORE.search(before) or _PLACE_AFTER.match(lower, match.end())):
                continue
            if name in everyday and not _USE_BEFORE.search(clause):
                continue
            used.add(key)
        if used or avoided:
            out[label] = (frozenset(used), frozenset(avoided - used))
    return out


def other_choice(a_lower: str, b_lower: str) -> tuple[str, str, str] | None:
    """(what for, ``a``'s choice, ``b``'s choice) when each text says to use one member of a set, another one each (a
    text that chooses two is a list or an order of preference the words cannot tell: no finding), else None."""
    if _any_member().search(a_lower) is None or _any_member().search(b_lower) is None:
        return None
    mine, theirs = chosen(a_lower), chosen(b_lower)
    for label in mine.keys() & theirs.keys():
        (a_used, a_avoided), (b_used, b_avoided) = mine[label], theirs[label]
        if len(a_used) != 1 or len(b_used) != 1 or a_used == b_used:
            continue
        (x,), (y,) = a_used, b_used
        return label, x, y
    return None
