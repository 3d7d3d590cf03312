"""Anchors: the code identifiers in a lesson's backtick spans, used to find lessons about the same thing.

Two lessons that name the same identifier (`amount_cents`), or where one names an affix the other's
identifier carries (`_cents` and `amount_cents`, `stg_` and `stg_orders`), are two rules about one
convention. The curator requires the newer one to say how they relate: it supersedes the older one, or
they coexist. Only backtick spans count: prose is too ambiguous to match, so a contradiction written in
plain words is left to the reflector and the replacement step (spec 003, "Curate").

Normalisation: lower case; quoted strings and call arguments are dropped (`to_utc(event_at)` anchors on
`to_utc`, not on the column passed to it); placeholders (`stg_<entity>`) and wildcards (`*_cents`) reduce
to the affix; SQL keywords, generic SQL/Jinja functions and common command words are ignored, since every
lesson that says `dbt build` or `coalesce(...)` is not about the same convention.

The stoplist only suppresses agreement. Two lessons that give opposite rules about the same backticked
thing ("Use `ref()` …" and "Never use `ref()` …", "Run `pytest`" and "Don't run `pytest` directly") always
overlap, stoplisted or not (:mod:`altimate_learn.curate.polarity` reads which way each lesson points).
Such a shared name is reported with the suffix :data:`OPPOSITE`.

Stdlib only: delivery's file hook and promote's re-check use it too.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from altimate_learn.curate.polarity import PolarSpan, conflict, contradictions, narrower, polar_spans

OPPOSITE = " (opposite rules)"

_STOP = frozenset("""
select from where as not and or is in null true false case when then else end on join by group order having
qualify distinct over partition with union all asc desc limit offset values into insert update delete set
coalesce cast try_cast safe_cast sum count min max avg lower upper trim ltrim rtrim round abs ceil floor nullif
ifnull nvl iff date_trunc date timestamp dateadd datediff extract current_date current_timestamp now concat
substring substr replace length greatest least ref source config var env_var if for endfor endif macro endmacro
set do is_incremental this col column columns table tables entity x y sql row rows value values
dbt git npm pnpm yarn npx pip uv python python3 pytest make docker run build test tests install commit push
pull add the a an use using to of new
js jsx mjs cjs ts tsx json jsonc yaml yml toml ini cfg conf sql py md txt csv lock xml html css
""".split())

# A span that names a file or a path is one thing: `next.config.js` and `next/link` are unrelated, and
# `web/src/lib/dates` shares nothing with `web/src/api` worth a conflict. Patterns with placeholders or
# wildcards in a file name (`stg_<source>__<table>.sql`, `*_cents`) still reduce to their affixes.
_PATHLIKE = re.compile(r"^[\w.@~+-]*/[\w.@~+*/-]*$")
_FILENAME = re.compile(r"^(?:\.[\w-]+(?:\.[\w-]+)*|[\w@+-][\w.@+-]*\.(?:[a-z][a-z0-9]{0,4}))$")

_GROUPING = frozenset("""and or not in where on when then else having select from case by as is exists over
partition join with values distinct qualify""".split())

_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# Single quotes are SQL strings (dropped); double quotes are SQL quoted identifiers (kept).
_QUOTED = re.compile(r"'(?:''|\\.|[^'\\])*(?:'|$)")
_PLACEHOLDER = re.compile(r"<[a-z_][a-z0-9_]*>|\{[a-z_][a-z0-9_]*\}")
_FLAG = re.compile(r"(?<![\w-])--?[a-z][\w-]*(?:=\S*)?")
_TOKEN = re.compile(r"[a-z_][a-z0-9_]*")
_EDGE_UNDERSCORES = re.compile(r"^_{2,}|_{2,}$")
_NAME_BEFORE = re.compile(r"([a-z_][a-z0-9_]*)\s*$")


def _strip_arguments(code: str) -> str:
    """Drop call arguments (nested too) but keep the function name; grouping parentheses stay."""
    out: list[str] = []
    depth = 0
    for ch in code:
        if ch == "(":
            if depth:
                depth += 1
                continue
            name = _NAME_BEFORE.search("".join(out[-64:]))
            if name and name.group(1) not in _GROUPING:
                depth = 1
                out.append(" ")
            else:
                out.append(ch)
        elif ch == ")":
            if depth:
                depth -= 1
            else:
                out.append(ch)
        elif not depth:
            out.append(ch)
    return "".join(out)


def identifiers(text: str) -> set[str]:
    """The normalised identifiers in the backtick spans of ``text`` (affix forms such as `_cents` included)."""
    found: set[str] = set()
    if not isinstance(text, str) or "`" not in text:
        return found
    for match in _SPAN.finditer(text):
        span = match.group(2).strip().lower()
        if span and not any(c in span for c in "<{") and (
                _PATHLIKE.match(span) or ("*" not in span and _FILENAME.match(span))):
            whole = span.rstrip("/")
            if re.search(r"[a-z]", whole):
                found.add(whole)
            continue
        code = _QUOTED.sub(" ", match.group(2).lower())
        code = _strip_arguments(code)
        code = _PLACEHOLDER.sub("", _FLAG.sub(" ", code))
        for token in _TOKEN.findall(code):
            if token in _STOP or not re.search(r"[a-z]", token) or token.strip("_") == "":
                continue
            # `stg_<source>__<entity>` leaves `stg___`: a run of underscores at an end is one affix mark.
            found.add(_EDGE_UNDERSCORES.sub("_", token))
    return found


def is_affix(identifier: str) -> bool:
    """`_cents` (a suffix) or `stg_` (a prefix): an identifier that stands for a family of names."""
    return bool(identifier.strip("_")) and (identifier.startswith("_") or identifier.endswith("_"))


def affixes(identifier: str) -> set[str]:
    """The affix forms ``identifier`` carries at its underscore boundaries.

    `amount_cents` → {`amount_`, `_cents`}; `stg_stripe__payments` → {`stg_`, `stg_stripe_`, `stg_stripe__`,
    `_payments`, `__payments`, `_stripe__payments`}. A lesson anchored on `_cents` overlaps every lesson
    whose identifier carries `_cents`; two concrete names (`amount_cents`, `fee_cents`) do not overlap.
    """
    out: set[str] = set()
    core = identifier.strip("_")
    if not core or "_" not in core:
        return out
    lead = len(identifier) - len(identifier.lstrip("_"))
    for index, ch in enumerate(identifier):
        if ch != "_" or index < lead or index >= lead + len(core):
            continue
        prefix, suffix = identifier[: index + 1], identifier[index:]
        if prefix.strip("_"):
            out.add(prefix)
        if suffix.strip("_"):
            out.add(suffix)
    return out


def _matches(affix: str, identifier: str) -> bool:
    return affix != identifier and affix in affixes(identifier)


def shared(a: set[str], b: set[str]) -> set[str]:
    """Shared identifiers of two anchor sets: equal names, or an affix on one side carried by the other."""
    out = a & b
    for x in a:
        if is_affix(x):
            out.update(x for y in b if _matches(x, y))
    for y in b:
        if is_affix(y):
            out.update(y for x in a if _matches(y, x))
    return out


def overlaps(a_text: str, b_text: str) -> set[str]:
    """Identifiers (or affixes) the two lesson texts share, and the names they give opposite rules for."""
    common = shared(identifiers(a_text), identifiers(b_text))
    return common | {name + OPPOSITE for name in contradictions(a_text, b_text) if name not in common}


def describe(names: Iterable[str]) -> str:
    """Shared names for a message: `amount_cents`, `ref` (opposite rules)."""
    out = []
    for name in sorted(names):
        bare = name[: -len(OPPOSITE)] if name.endswith(OPPOSITE) else name
        out.append(f"`{bare}`" + (OPPOSITE if bare != name else ""))
    return ", ".join(out)


class Postings:
    """Key → lesson ids. Built in memory, or read back from the curator's cache as ``{key: "id id …"}``
    strings (:mod:`altimate_learn.curate.prepared`), which are split into a set only for the keys a
    lookup touches: a reflection against 10,000 lessons reads a few keys, not all of them. A change to a
    stored key (:meth:`add`, :meth:`discard`: a lesson added, edited or removed) is noted, not applied,
    until the key is looked up: the words of a changed lesson include the commonest ones, whose strings
    hold thousands of ids, and most are never looked up again in that reflection."""

    __slots__ = ("raw", "sets", "edits")

    def __init__(self, raw: Any = None) -> None:  # a mapping with .get(key) -> "id id …" or None
        self.raw = raw if raw is not None else {}
        self.sets: dict[str, set[str]] = {}
        self.edits: dict[str, dict[str, bool]] = {}  # stored key → id → added (True) or removed (False), last wins

    def get(self, key: str, default: Iterable[str] = ()) -> set[str] | Iterable[str]:
        found = self.sets.get(key)
        if found is None:
            packed = self.raw.get(key)
            if packed is None:
                return default
            found = self.sets[key] = set(packed.split())
            for lesson_id, added in self.edits.pop(key, {}).items():
                if added:
                    found.add(lesson_id)
                else:
                    found.discard(lesson_id)
        return found

    def size(self, key: str) -> int:
        """How many ids ``key`` has (without splitting a stored string into a set)."""
        found = self.sets.get(key)
        if found is not None:
            return len(found)
        packed = self.raw.get(key)
        count = packed.count(" ") + 1 if packed else 0
        edits = self.edits.get(key)
        if edits:  # each id is in a stored string once: counted in or out by whether it is there now
            padded = f" {packed} "
            for lesson_id, added in edits.items():
                there = f" {lesson_id} " in padded
                count += 1 if added and not there else -1 if there and not added else 0
        return count

    def _stored(self, key: str) -> bool:
        has = getattr(self.raw, "has", None)
        return has(key) if has is not None else self.raw.get(key) is not None

    def add(self, key: str, lesson_id: str) -> None:
        """``self[key].add(lesson_id)``, without splitting a stored string."""
        found = self.sets.get(key)
        if found is not None:
            found.add(lesson_id)
        elif self._stored(key):
            self.edits.setdefault(key, {})[lesson_id] = True
        else:
            self.sets[key] = {lesson_id}

    def discard(self, key: str, lesson_id: str) -> None:
        """``self[key].discard(lesson_id)``, without splitting a stored string."""
        found = self.sets.get(key)
        if found is not None:
            found.discard(lesson_id)
        elif self._stored(key):
            self.edits.setdefault(key, {})[lesson_id] = False
        else:
            self.sets[key] = set()

    def settle(self) -> None:
        """Apply the noted changes (before :attr:`sets` is read as a whole)."""
        for key in list(self.edits):
            self.get(key)

    def __getitem__(self, key: str) -> set[str]:
        found = self.get(key, None)
        if found is None:
            found = self.sets[key] = set()
        return found  # type: ignore[return-value]



class _PerLesson(dict):
    """Lesson id → what a function derives from its indexed text, computed on first use."""

    def __init__(self, texts: dict[str, str], derive) -> None:  # noqa: ANN001 - a one-argument function
        super().__init__()
        self.texts = texts
        self.derive = derive

    def __missing__(self, lesson_id: str):  # noqa: ANN204
        text = self.texts.get(lesson_id)
        if text is None:
            raise KeyError(lesson_id)
        value = self[lesson_id] = self.derive(text)
        return value

    def get(self, lesson_id, default=None):  # noqa: ANN001, ANN201
        try:
            return self[lesson_id]
        except KeyError:
            return default

    def pop(self, lesson_id, *default):  # noqa: ANN001, ANN201
        if not dict.__contains__(self, lesson_id) and lesson_id in self.texts:
            self[lesson_id]
        return super().pop(lesson_id, *default)

    def __contains__(self, lesson_id: object) -> bool:
        return dict.__contains__(self, lesson_id) or lesson_id in self.texts


class AnchorIndex:
    """Identifier → lesson ids, so overlap lookups stay linear in the size of the answer, not the store.

    Built from lessons (every text read now), or from postings the curator cached for this very lesson file
    (:meth:`from_postings`): then a lesson's own identifiers and polar spans are derived from its text only
    when a lookup finds it or a change removes it."""

    def __init__(self, lessons: Iterable[dict] = ()) -> None:
        self.exact = Postings()    # identifier → ids naming it
        self.carried = Postings()  # affix → ids whose identifiers carry it
        self.texts: dict[str, str] = {}  # texts indexed but not derived yet (from_postings)
        self.anchors: dict[str, set[str]] = _PerLesson(self.texts, identifiers)
        self.polar: dict[str, list[PolarSpan]] = _PerLesson(self.texts, polar_spans)
        self.polar_words = Postings()  # a word of a span key → ids
        for lesson in lessons:
            self.add(lesson["id"], lesson.get("text", ""))

    @classmethod
    def from_postings(cls, texts: dict[str, str], exact: Any, carried: Any, polar_words: Any) -> AnchorIndex:
        """The index of lessons ``texts`` (id → text) whose postings were computed before (mappings of key →
        "id id …", see :mod:`altimate_learn.curate.prepared`)."""
        index = cls()
        index.texts.update(texts)
        index.exact, index.carried, index.polar_words = Postings(exact), Postings(carried), Postings(polar_words)
        return index

    def add(self, lesson_id: str, text: str, anchors: set[str] | None = None) -> None:
        found = identifiers(text) if anchors is None else anchors
        self.texts.pop(lesson_id, None)
        self.anchors[lesson_id] = found
        for ident in found:
            self.exact.add(ident, lesson_id)
            for affix in affixes(ident):
                self.carried.add(affix, lesson_id)
        spans = polar_spans(text)
        self.polar[lesson_id] = spans
        for span in spans:
            for word in span.key:
                self.polar_words.add(word, lesson_id)

    def remove(self, lesson_id: str) -> None:
        for ident in self.anchors.pop(lesson_id, set()):
            self.exact.discard(ident, lesson_id)
            for affix in affixes(ident):
                self.carried.discard(affix, lesson_id)
        for span in self.polar.pop(lesson_id, []):
            for word in span.key:
                self.polar_words.discard(word, lesson_id)
        self.texts.pop(lesson_id, None)

    def overlapping(self, anchors: set[str], exclude: Iterable[str] = (),
                    polar: Iterable[PolarSpan] = ()) -> dict[str, set[str]]:
        """Lesson id → the identifiers it shares with ``anchors``, and (suffixed :data:`OPPOSITE`) the
        names it gives the opposite rule for than the ``polar`` spans of the text being checked."""
        hits: dict[str, set[str]] = defaultdict(set)
        for ident in anchors:
            for other in self.exact.get(ident, ()):
                hits[other].add(ident)
            if is_affix(ident):
                for other in self.carried.get(ident, ()):
                    hits[other].add(ident)
            for affix in affixes(ident):  # the other lesson names the affix itself
                for other in self.exact.get(affix, ()):
                    if is_affix(affix):
                        hits[other].add(affix)
        for span in polar:
            others: set[str] = set()
            for word in span.key:
                others |= self.polar_words.get(word, set())
            for other in others:
                for theirs in self.polar.get(other, ()):
                    if conflict(span, theirs):
                        name = narrower(span, theirs)
                        if name not in hits[other]:
                            hits[other].add(name + OPPOSITE)
        for lesson_id in exclude:
            hits.pop(lesson_id, None)
        return dict(hits)


def undeclared_overlaps(lessons: list[dict]) -> list[tuple[str, str, set[str]]]:
    """Pairs of lessons that share an identifier, or give opposite rules for one, and declare no relation
    (`coexists` in either direction).

    Returned in store order, each pair once (first id earlier in the list)."""
    index = AnchorIndex(lessons)
    position = {lesson["id"]: n for n, lesson in enumerate(lessons)}
    declared: dict[str, set[str]] = defaultdict(set)
    for lesson in lessons:
        for other in lesson.get("coexists") or []:
            declared[lesson["id"]].add(other)
            declared[other].add(lesson["id"])
    out: list[tuple[str, str, set[str]]] = []
    for lesson in lessons:
        lid = lesson["id"]
        found = index.overlapping(index.anchors[lid], exclude=[lid], polar=index.polar[lid])
        for other, common in sorted(found.items(),
                                    key=lambda item: position.get(item[0], 0)):
            if position.get(other, -1) <= position[lid] or other in declared[lid]:
                continue
            out.append((lid, other, common))
    return out
