"""Polarity: does a lesson tell the agent to use a backticked thing, or to stay away from it?

The contradiction guard needs this for the names the anchor stoplist ignores (`ref()`, `pytest`,
`config(...)`, `dbt run`, `git push`): a dbt project has many lessons that say `ref()`, and they are not
all about one convention, but "Use `ref()` …" and "Never use `ref()` …" are opposite rules about the same
thing. Same-polarity mentions of a stoplisted name never conflict; opposite ones always need a declared
relation (`supersedes` or `coexists`), like any shared identifier.

The reading is a small, deterministic walk over the words of each sentence (no model):

- A negator (`never`, `not`, `no`, `don't`, `without`, `cannot`, …) or a verb of avoidance (`avoid`,
  `stop`, `skip`, `remove`, `drop`, `disable`, `ban`, `deprecate`, …) flips the polarity of what follows
  in its clause; two of them cancel ("Never skip `pytest`" recommends `pytest`).
- Relational words flip what follows them: "instead of", "rather than", "in place of", "as opposed to",
  "unless", "except", "prefer X over/to Y", "replace X with Y" (X avoided, Y used), "switch/migrate/move
  from X to Y", "in favour of Y" (Y used), "X, not Y", "not X but Y".
- A name at the head of a clause takes the polarity of its predicate: "`select *` is not allowed",
  "`x` is deprecated", "`x` must never be used".
- A comma, "and", "but" or a semicolon starts a clause: a new verb there starts afresh ("Avoid `x`, use
  `y`"), while a list carries on ("Never use `x`, `y` or `z`"); after "or"/"nor" the negation carries on
  ("Don't edit `x` or run `y`").

Each backtick span becomes a key (its words, with call arguments, quoted strings and placeholders dropped
and flags kept, so `dbt run --full-refresh` is `{dbt, run, --full-refresh}`). Two spans conflict when
their polarities are opposite and either their keys are equal, or the avoided one is a part of the used
one ("Never use `dbt`" against "Use `dbt build`"). The reverse — a narrower thing avoided inside a broader
thing used ("Use `git push`", "Never `git push --force`") — is an exception, not a contradiction.

Stdlib only, like :mod:`altimate_learn.curate.anchors`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

USE = 1
AVOID = -1

_NEGATORS = frozenset("""never not no nor neither without cannot cant dont doesnt didnt isnt arent wasnt werent
shouldnt mustnt wont wouldnt neednt hasnt havent""".split())
_OFF_VERBS = frozenset("turn turns turning turned switch switches switching switched".split())
_SHUT = frozenset("shut shuts shutting".split())
_AVOID_VERBS = frozenset("""avoid avoids avoiding avoided stop stops stopping skip skips skipping skipped remove
removes removing removed drop drops dropping delete deletes deleting disable disables disabling disabled ignore
ignores ignoring exclude excludes excluding forbid forbids forbidding forbidden ban bans banning banned deprecate
deprecates deprecating deprecated disallow disallows disallowed prohibit prohibits prohibited eliminate omit omits
omitting prevent prevents refrain discourage discouraged obsolete replace replaces replacing replaced""".split())
_REPLACE = frozenset("replace replaces replacing replaced".split())
# Words that keep a clause going without starting a new statement: a list, an article, a preposition.
_CONTINUE = frozenset("""or and nor plus also even especially including like such as e g eg ie i either the a an
any all every each both other in on at for with within inside outside of from by via into onto to
its their this that these those""".split())
# The first word after a name at the head of a clause that makes the name the subject of a predicate
# ("`x` is deprecated", "`x` must not be used"). An active verb does not: in "`x` replaces `y`" the
# head name is what to use and the object is what to avoid.
_PREDICATE = frozenset("""is are was were be being must should can may might will would shall has have needs need
does do dont doesnt isnt arent cannot cant shouldnt mustnt wont never always only stays remains belongs goes
deprecated banned forbidden obsolete disallowed prohibited discouraged removed disabled dropped skipped ignored
excluded avoided replaced""".split())
_SWITCH_VERBS = frozenset("switch switches migrate migrates move moves change changes port go".split())
_MIGRATE = frozenset("switch switches migrate migrates".split())  # "migrate `x` to `y`": `x` is left behind
_PREFER = frozenset("prefer prefers preferred favour favor favours favors".split())

_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_ITEM = re.compile(r"\x00(\d+)\x00|[a-z][a-z'’]*|[.;:!?]|,|\(|\)|\s[-–—]\s|[–—]")
_QUOTED = re.compile(r"'(?:''|\\.|[^'\\])*(?:'|$)|\"(?:\\.|[^\"\\])*(?:\"|$)")
_PLACEHOLDER = re.compile(r"<[^<>]*>|\{[a-z_][a-z0-9_]*\}")
_WORD = re.compile(r"--?[a-z][\w-]*|[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*")
_PATHLIKE = re.compile(r"^[\w.@~+-]*/[\w.@~+*/-]*$")
_PLACE_WORDS = frozenset("in under inside within throughout".split())
_PLACE = re.compile(r"[\w.@~+*-]*/[\w.@~+*/-]*|[\w-]+(?:\.[\w-]+)*\.(?:py|pyi|js|jsx|ts|tsx|mjs|cjs|json|ya?ml|"
                    r"toml|ini|cfg|env|md|sql|go|rs|rb|java|kt|cs|c|h|cc|cpp|hpp|sh|html|css|scss|vue|svelte|swift|"
                    r"php|tf|lock|txt|xml|gradle|dart|ex|exs|lua|r)", re.I)


@dataclass(frozen=True)
class PolarSpan:
    key: frozenset[str]   # the span's words
    polarity: int         # USE or AVOID
    label: str            # how the span is named in a message
    bare: bool = False    # an avoided bare form of what the same lesson uses ("`uv run pytest` instead of `pytest`")


def _strip_calls(code: str) -> str:
    """`config(materialized='table')` → `config`; `{{ ref('x') }}` → `ref`: arguments say which, not what."""
    out: list[str] = []
    depth = 0
    for ch in code:
        if ch == "(":
            depth += 1
            out.append(" ")
        elif ch == ")":
            depth = max(0, depth - 1)
        elif not depth:
            out.append(ch)
    return "".join(out)


def span_key(span: str) -> tuple[frozenset[str], str] | None:
    """The key of one backtick span and its label; ``None`` when it names nothing (`...`, `123`)."""
    text = span.strip().lower()
    if not text:
        return None
    if _PATHLIKE.match(text):
        return (frozenset([text.rstrip("/")]), text.rstrip("/")) if re.search(r"[a-z]", text) else None
    code = _PLACEHOLDER.sub(" ", _QUOTED.sub(" ", text))
    code = _strip_calls(code)
    flag_values = re.sub(r"(--?[a-z][\w-]*)=\S*", r"\1", code)
    words = [w.rstrip(".") for w in _WORD.findall(flag_values)]
    words = [w for w in words if re.search(r"[a-z]", w) and w.strip("_")]
    if not words:
        return None
    return frozenset(words), " ".join(dict.fromkeys(words))


def _normal(word: str) -> str:
    word = word.replace("’", "'")
    if word.endswith("n't"):
        return {"won't": "wont", "can't": "cant", "shan't": "shant"}.get(word, word[:-3] + "nt")
    return word.replace("'", "")


class _Sentence:
    """The walk over one sentence (see the module docstring)."""

    def __init__(self, found: list[PolarSpan], keys: list[tuple[frozenset[str], str] | None]) -> None:
        self.found = found
        self.keys = keys
        self.flips = 0            # negations in effect for what follows
        self.clause_start = True  # no statement word yet in this clause
        self.carry = False        # after "or"/"nor": the negation carries on, nothing restarts
        self.subjects: list[int] = []
        self.subject_base = 0
        self.predicate = False    # the head names are the subject of a predicate being read
        self.seen: set[str] = set()
        self.replace_at: int | None = None
        self.switch_at: int | None = None
        self.stack: list[tuple[int, bool]] = []
        self.places: set[int] = set()  # the spans that name a file or folder

    def emit(self, index: int, flips: int) -> None:
        key = self.keys[index]
        if key is not None:
            self.found.append(PolarSpan(key[0], AVOID if flips % 2 else USE, key[1]))

    def settle(self) -> None:
        """Give the head names of the clause their polarity: the predicate's, or the inherited one."""
        flips = self.flips if self.predicate else self.subject_base
        for index in self.subjects:
            self.emit(index, flips)
        self.subjects = []
        self.predicate = False

    def boundary(self, *, carry: bool = False, contrast: bool = False) -> None:
        self.settle()
        if contrast:
            self.flips = 0
        self.clause_start = True
        self.carry = carry

    def span(self, index: int) -> None:
        if self.clause_start and not self.predicate:
            if not self.subjects:
                self.subject_base = self.flips
            self.subjects.append(index)
            return
        self.settle()
        self.emit(index, self.flips)

    def flip_next(self) -> None:
        self.settle()
        self.flips += 1

    def _a_place(self, item: str) -> bool:
        """Whether ``item`` (a masked span) names a file or folder (`app/orders.py`, `settings.py`)."""
        if not item.startswith("\x00"):
            return False
        return int(item[1:]) in self.places

    def word(self, word: str, after: list[str]) -> None:
        if self.clause_start and self.seen and word in _PLACE_WORDS and after and self._a_place(after[0]):
            # ", in `app/orders.py`" after a rule names where the sentence holds, not a thing used or avoided
            # ("Money amounts must be `Decimal`, never `float`, in `app/orders.py`.": review42 R42-2)
            self.settle()
            self.flips, self.carry = 0, False
            self.seen.add(word)
            return
        self.seen.add(word)
        if self.clause_start and word in _CONTINUE:
            if word in ("or", "nor"):
                self.carry = True
            return
        if self.clause_start:
            if self.subjects and not self.predicate:
                if word in _PREDICATE:
                    self.predicate = True
                    self.flips = 0
                else:
                    self.settle()
            if not self.carry and not self.predicate:
                self.flips = 0
            self.clause_start = False
            self.carry = False
        nxt = after[0] if after else ""
        if word in _NEGATORS or word in _AVOID_VERBS:
            if word in _REPLACE:
                self.replace_at = self.flips
            if not self.predicate:
                self.settle()
            self.flips += 1
            return
        if word == "instead" and nxt == "of" or word == "rather" and nxt == "than":
            self.flip_next()
            return
        if word in ("unless", "except") or word == "opposed" and "as" in self.seen:
            self.flip_next()
            return
        if word == "place" and nxt == "of" and "in" in self.seen:
            self.flip_next()
            return
        if word in ("over", "to", "than") and self.seen & _PREFER and nxt.startswith("\x00"):
            self.flip_next()
            return
        if word in ("with", "by") and self.replace_at is not None:
            self.settle()
            self.flips = self.replace_at
            self.replace_at = None
            return
        if word == "from" and self.seen & _SWITCH_VERBS or word in _MIGRATE and nxt.startswith("\x00"):
            self.switch_at = self.flips
            self.flip_next()
            return
        if word in ("to", "into") and self.switch_at is not None:
            self.settle()
            self.flips = self.switch_at
            self.switch_at = None
            return
        if word in ("favour", "favor") and "in" in self.seen:
            self.settle()
            self.flips = 0

    def open_paren(self) -> None:
        self.settle()
        self.stack.append((self.flips, self.clause_start))
        self.clause_start = True
        self.carry = True  # a parenthesis qualifies what came before: "Use `x` (not `y`)"

    def close_paren(self) -> None:
        self.settle()
        if self.stack:
            self.flips, self.clause_start = self.stack.pop()
            self.clause_start = False


def polar_spans(text: str) -> list[PolarSpan]:
    """Every backtick span of ``text`` that names something, with the polarity the lesson gives it."""
    if not isinstance(text, str) or "`" not in text:
        return []
    keys: list[tuple[frozenset[str], str] | None] = []
    places: set[int] = set()

    def mark(match: re.Match[str]) -> str:
        keys.append(span_key(match.group(2)))
        if keys[-1] is not None and _PLACE.fullmatch(match.group(2).strip()):
            places.add(len(keys) - 1)
        return f" \x00{len(keys) - 1}\x00 "

    masked = _SPAN.sub(mark, text.lower())
    items = [m.group(0) if m.group(1) is None else f"\x00{m.group(1)}" for m in _ITEM.finditer(masked)]
    found: list[PolarSpan] = []
    walk = _Sentence(found, keys)
    walk.places = places
    normals = [i if i.startswith("\x00") else _normal(i) for i in items]  # each item normalised once
    for position, item in enumerate(items):
        after = normals[position + 1:position + 3]
        if item.startswith("\x00"):
            walk.span(int(item[1:]))
        elif item in (".", ";", ":", "!", "?"):
            walk.boundary(contrast=True)
            walk = _Sentence(found, keys)
            walk.places = places
        elif item == "," or item.strip() in ("-", "–", "—"):
            walk.boundary()
        elif item == "(":
            walk.open_paren()
        elif item == ")":
            walk.close_paren()
        else:
            word = normals[position]
            if word == "but":
                walk.boundary(contrast=True)
            elif word == "and" and not walk.clause_start:
                walk.boundary()
            elif word in ("or", "nor") and not walk.clause_start:
                walk.boundary(carry=True)
            else:
                walk.word(word, after)
    walk.settle()
    used = [span.key for span in found if span.polarity == USE]
    # "Run `uv run pytest` instead of `pytest`": what it avoids is `pytest` run bare, not every command holding it
    return [PolarSpan(span.key, span.polarity, span.label, True)
            if span.polarity == AVOID and any(span.key < key for key in used) else span for span in found]


def conflict(a: PolarSpan, b: PolarSpan) -> bool:
    """Opposite rules about one thing: equal keys, or the avoided key is part of the used one (unless the avoiding
    lesson avoids only the bare form of it: then only the same bare form is opposite)."""
    if a.polarity == b.polarity:
        return False
    avoided, used = (a, b) if a.polarity == AVOID else (b, a)
    if avoided.key == used.key:
        return True
    if not avoided.key < used.key:
        return False
    # a bare form avoided is against that form with flags (`pytest -q`), not against another launcher (`uv run pytest`)
    return not avoided.bare or {w for w in used.key if not w.startswith("-")} == avoided.key


def contradictions(a_text: str, b_text: str) -> set[str]:
    """The names two lesson texts give opposite rules for (labels of the narrower span)."""
    out: set[str] = set()
    b_spans = polar_spans(b_text)
    for x in polar_spans(a_text):
        for y in b_spans:
            if conflict(x, y):
                out.add(narrower(x, y))
    return out


def narrower(a: PolarSpan, b: PolarSpan) -> str:
    """The label two conflicting spans are reported under: the smaller key (the same from either side)."""
    if len(a.key) != len(b.key):
        return a.label if len(a.key) < len(b.key) else b.label
    return min(a.label, b.label)


def negations(text: str) -> int:
    """How many negations the prose of ``text`` carries (spans left out), for a quick same-sense test."""
    prose = _SPAN.sub(" ", text.lower()) if isinstance(text, str) else ""
    count = 0
    words = [_normal(w) for w in re.findall(r"[a-z][a-z'’]*", prose)]
    for n, word in enumerate(words):
        nxt = words[n + 1] if n + 1 < len(words) else ""
        if word in _NEGATORS or word in _AVOID_VERBS or (word, nxt) in (("instead", "of"), ("rather", "than")) \
                or (word in _OFF_VERBS and "off" in words[n + 1:n + 6]) \
                or (word in _SHUT and nxt in ("down", "off")):
            # "turn off" and "turn the type checker off" say what "disable" says (review29, review30 R30-1); "shut
            # down" and "shut off" what "stop" says
            count += 1
    return count
