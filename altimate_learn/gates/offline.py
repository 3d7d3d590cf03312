"""The deterministic vet: what can be said about a rule without a model.

Two checks, both conservative (a model call catches what wording alone cannot):

- **near-duplicate**: the rule's content words (stemmed, without function words and polarity words) are
  mostly those of one instruction sentence or lesson: word Jaccard at least :data:`DUPLICATE_JACCARD`, or
  at least :data:`CONTAINED` of the rule's words inside the sentence (three or more, with every code
  identifier of the rule in it) — and both point the same way; or (:func:`_command_duplicate`) every command
  the rule names (two or more, or one when the sentence holds everywhere) is named in the sentence pointing the same way (`uv add` in `uv add PKG`, "never
  pip" in "never `pip install`") and the rule says nothing else: "When adding dependencies, use `uv add`, never
  pip" restates "dependencies managed with `uv` (`uv add PKG`, never `pip install`)" (review14 R14-4).
- **contradiction**: the two name the same identifier (a backtick span of either, found as a word in the
  other) and point opposite ways on it, or share most of their wording (Jaccard at least
  :data:`CONTRADICTION_JACCARD`) with opposite negation. Polarity is per identifier and per clause:
  "Use `pnpm`, not `npm`" is for pnpm and against npm; "never … X" and "avoid … X" are against X; "always",
  "must", "use", "prefer" … are for it; an order with no marker is for what it names. An identifier
  contradiction needs something beyond the identifier: a contrast ("instead of", "rather than", "not X"),
  or a shared word besides it, so "Load settings from `.env`" does not contradict "Never commit `.env`".
  Two different commands of one tool (`git rebase`, `git push --force`) are not the same identifier, nor is a thing
  of a tool named after it ("never use `pytest` fixtures", "`git` hooks") the tool a rule runs ("Run tests with
  `pytest -q`"), unless the other rule names that thing too (:func:`_thing_of`).
- **a command used and forbidden**: one says not to use a command at all ("never use `pytest -q`", "avoid
  `npm`", "…, never `make test`": the negation ends its clause, nothing narrows it) and the other says to use
  that very command ("Run the tests with `pytest -q`", "Install with `npm install`" when the tool itself is
  forbidden). Needs no shared word: the command is the shared thing (review12 R12-10).
- **different situations**: neither kind of contradiction is reported when each rule says where it holds and
  the two places share no word: "CLI scripts write their output with `print()`" and "Never use `print()` for
  logging" are about a CLI's output and about logging. A rule's situation is what its scope phrases name
  ("for …", "in …", "when …", "during …", "on …", up to the end of the clause) and the subject of a
  statement that is not an order ("CLI scripts …", "Our API handlers …"); words that name everywhere ("in this
  repo", "in all code") are no situation. A rule that names none holds everywhere, so "Never use `print()`"
  still contradicts "Use `print()` in CLI scripts". Rules bounded to places no file is in both ("in `tests/`" and
  "in `scripts/`", `*.sh` and `*.py`, or path triggers that cannot meet) are in different situations too
  (:mod:`altimate_learn.gates.scopes`); places that overlap (`scripts/` and `scripts/tools/*.py`) are not.
- **different subjects in one place**: two rules that name a file or folder only as a place ("in `api.py`", "to
  `conftest.py`", "`services/` holds …") contradict only when they put, keep or forbid the same thing there
  (:func:`different_subjects`): "API handlers live in `api.py`" and "Never put SQL queries in `api.py`" are two
  rules about one file (review14 R14-1); a rule about the place as a whole ("never edit `api.py`") still meets
  every one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from altimate_learn.curate.names import names_beyond
from altimate_learn.deliver.tokenize import stem, words

DUPLICATE_JACCARD = 0.6
CONTAINED = 0.8
CONTRADICTION_JACCARD = 0.5
MIN_WORDS = 3

_FUNCTION_WORDS = frozenset("""
a an the and or but nor if then else than so too also as of to in on at by for with without from into onto
is are was were be been being am do does did done doing have has had having can could would will shall may
might i me my we us our you your he him his she her it its they them their this that these those there here
what which who whom whose why how when where while whether all any some each every such own just even still
yet very really please it's its one via per
""".split())
_POLARITY_WORDS = frozenset("""
always never not no don't dont doesn't doesnt must mustn't should shouldn't ought avoid prefer preferred
required require requires ensure make sure only instead rather do
""".split())
NEGATIONS = ("never", "not", "no", "don't", "dont", "do not", "does not", "doesn't", "must not", "mustn't",
             "should not", "shouldn't", "cannot", "can't", "avoid", "stop", "no longer", "forbidden", "prohibited",
             "disallowed", "without")
POSITIVES = ("always", "must", "should", "use", "prefer", "required", "require", "ensure", "make sure", "only",
             "run", "keep", "put", "write", "call", "add", "set")
CONTRASTS = ("instead of", "rather than", "in place of", "in favor of", "in favour of")
_GENERIC_IDENTIFIERS = frozenset("""run install test tests build add the and for with from main src lib file files
code use make new set get true false none null""".split())

_SPAN = re.compile(r"`+([^`]+?)`+")
_TOKEN = re.compile(r"[a-z0-9_][a-z0-9_.\-/]*[a-z0-9_]|[a-z0-9_]")
_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s|\bbut\b|\bwhile\b|\bexcept\b")
# where a sentence starts its next rule: a semicolon, or ", and never/don't/always …" (not a list's ", and Z")
_NEXT_RULE = re.compile(r";|,\s+(?:and\s+|but\s+)?(?:never|don'?t|do\s+not|avoid|always)\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'])")
_LIST_MARK = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+")


def content_words(text: str) -> frozenset[str]:
    """Stemmed words that carry meaning (function and polarity words dropped)."""
    out = set()
    for word in words(text.lower().replace("'", "")):
        if len(word) < 2 or word in _FUNCTION_WORDS or word in _POLARITY_WORDS:
            continue
        out.add(word if ("_" in word or any(c.isdigit() for c in word)) else stem(word))
    return frozenset(out)


def grounding_words(text: str) -> frozenset[str]:
    """The content words that can ground a rule in what a person said: not the verbs and words every rule has ("use",
    "run", "instead", "always", "every"), which any typed message shares with any rule (review36 R36-11)."""
    return content_words(text) - _GLUE


def identifiers(text: str) -> frozenset[str]:
    """Code identifiers named in backticks (lower case, their meaningful tokens)."""
    out = set()
    for span in _SPAN.findall(text):
        for token in _TOKEN.findall(span.lower()):
            token = token.strip(".-/")
            if len(token) >= 3 and token not in _GENERIC_IDENTIFIERS and not token.startswith("-"):
                out.add(token)
    return frozenset(out)


def _has_word(text: str, token: str) -> int:
    """Position of ``token`` as a whole word in lowercased ``text`` (-1 when absent)."""
    start = 0
    while True:
        at = text.find(token, start)
        if at < 0:
            return -1
        before = text[at - 1] if at else " "
        end = at + len(token)
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return at
        start = at + 1


def _names(text: str, token: str) -> bool:
    """``text`` names ``token`` itself, not a longer dotted name it is part of: `.env` is not named by
    `.env.example`, nor `env` by `process.env` (review13 R13-34)."""
    for at in _occurrences(text, token):
        end = at + len(token)
        if text[end:end + 1] == "." and text[end + 1:end + 2].isalnum():
            continue
        if at >= 2 and text[at - 1] == "." and (text[at - 2].isalnum() or text[at - 2] == "_"):
            continue
        return True
    return False


# Before a plain word used as a name: a verb of use, "with"/"via", or a negation or contrast of it ("never use
# requests", "with click", "instead of black"); after it, the end of what is named (:data:`_ENDS_OBJECT`).
_NAME_BEFORE = re.compile(r"\b(?:use|uses|using|used|with|via|through|call|calls|calling|import|imports|importing|run|"
                          r"runs|running|install|installs|prefer|prefers|choose|avoid|avoiding|never|not|no|don'?t|"
                          r"instead of|rather than|over|than|without|replace|drop|switch to|switch from)"
                          r"(?:\s+(?:the|a|any|use|using|call|run|plain))?\s+$")


# After a plain word used as a name, a word for what kind of name it is ("any type", "the requests library").
_KIND_AFTER = re.compile(r"\s+(?:type|types|library|libraries|package|packages|module|modules|command|commands|"
                         r"function|functions|class|classes|method|methods|keyword|statement|statements|client|cli|api|"
                         r"sdk|call|calls|formatter|formatters|linter|linters|runner|runners|framework|frameworks|"
                         r"bundler|bundlers)\b")


def _plain_name(text: str, token: str) -> bool:
    """``text`` (lower case, no backticks) names ``token`` as code somewhere, not as the everyday word: a token with
    a dot, a slash, an underscore or a digit always; a word only as the object of a verb of use or of a negation,
    ending there ("use requests for HTTP", "never click." but not "pull requests", "never click through the dialog",
    "black text")."""
    if not token.isalpha():
        return True
    for at in _occurrences(text, token):
        end = at + len(token)
        if text[end:end + 1] in (".", "(") and text[end + 1:end + 2].isalnum():
            return True  # "requests.get", "click(…)"
        if _NAME_BEFORE.search(text, max(0, at - 40), at) and (_ENDS_OBJECT.match(text, end)
                                                              or _KIND_AFTER.match(text, end)):
            return True
    return False


def _contains_phrase(text: str, phrase: str) -> int:
    return _has_word(text, phrase)


def spans(text: str) -> tuple[str, ...]:
    """The backticked commands and names of ``text``, lower case, spaces collapsed."""
    return tuple(dict.fromkeys(" ".join(span.lower().split()) for span in _SPAN.findall(text) if span.strip()))


# "never use `X`", "don't run `X`", "avoid `X`", "not `X`", "instead of `X`": a negation that takes the command
# itself as its object (an optional use-verb and "bare"/"plain" between).
_USAGE_NEGATION = re.compile(
    r"(?:\b(?:never|not|no|avoid|stop|don't|dont|do not|must not|mustn't|should not|shouldn't|cannot|can't)"
    r"(?:\s+(?:use|run|call|invoke|execute|using|running|calling))?(?:\s+(?P<bare>bare|plain))?"
    r"|\binstead of|\brather than)\s*$")
_USAGE_CUES = ("with", "via", "using", "through")
_CLAUSE_END = re.compile(r"[,;:()]|\s[-–—]\s|\bbut\b|\bwhile\b|\bexcept\b|[.!?](?:\s|$)")


def _clause_bounds(lower: str, at: int, end: int) -> tuple[int, int]:
    starts = [0] + [m.end() for m in _CLAUSE_END.finditer(lower) if m.end() <= at]
    ends = [m.start() for m in _CLAUSE_END.finditer(lower) if m.start() >= end] + [len(lower)]
    return max(starts), min(ends)


def _forbidden(rule: Rule, *, outright: bool = True) -> list[tuple[str, bool]]:
    """The commands ``rule`` forbids: (command, bare). Outright: the negation's clause ends with the command
    (nothing narrows it, as "… in CI" would); otherwise any command a negation takes as its object."""
    out = []
    for span in rule.spans:
        for at in _occurrences(rule.lower, span):
            end = at + len(span)
            start, clause_end = _clause_bounds(rule.lower, at, end)
            found = _USAGE_NEGATION.search(rule.lower[start:at])
            if found and not (outright and rule.lower[end:clause_end].strip(" `'\"")):
                out.append((span, bool(found.group("bare"))))
                break
    return out


def _uses(rule: Rule, command: str, bare: bool) -> bool:
    """``rule`` says to use ``command`` (exactly; or a longer form of it, when not only its bare form is forbidden:
    `black .` of `black`, `pip install -r requirements.txt` of `pip install`, review42 R42-10)."""
    if not rule.spans and not _plain_name(rule.lower, command):
        return False  # "Keep pull requests small." does not use `requests` (review37 R37-10)
    wanted = [command]
    if not bare:
        wanted += [span for span in rule.spans if span.startswith(command + " ")]
    if rule.spans:
        wanted = [span for span in wanted if span in rule.spans]
    for phrase in wanted:
        for at in _occurrences(rule.lower, phrase):
            end = at + len(phrase)
            if not rule.spans and rule.lower[end:end + 2] == " -":  # `pytest -q` is not `pytest`
                continue
            start, _ = _clause_bounds(rule.lower, at, end)
            before = rule.lower[start:at]
            if any(_contains_phrase(before, n) >= 0 for n in NEGATIONS + CONTRASTS):
                continue
            if any(_contains_phrase(before, cue) >= 0 for cue in POSITIVES + _USAGE_CUES):
                return True
    return False


def _command_conflict(a: Rule, b: Rule) -> str | None:
    """A command one of the two forbids outright and the other says to use."""
    for forbids, other in ((a, b), (b, a)):
        for command, bare in _forbidden(forbids):
            if _uses(other, command, bare):
                return command
    return None


@dataclass(frozen=True)
class Stance:
    sign: int  # +1 for, -1 against
    explicit: bool  # a marker said so (not the default of an order)
    contrast: bool  # an "X instead of Y" / "X, not Y" statement


def _occurrences(text: str, token: str) -> list[int]:
    out, start = [], 0
    while True:
        at = _has_word(text[start:], token)
        if at < 0:
            return out
        out.append(start + at)
        start += at + len(token)


def stances(sentence: str, token: str) -> list[Stance]:
    """Which way ``sentence`` points on ``token``, once per place it names it (empty: not named)."""
    lower = sentence.lower().replace("`", "")
    places = _occurrences(lower, token)
    if not places:
        return []
    for marker in CONTRASTS:
        q = _contains_phrase(lower, marker)
        if q >= 0:
            # the contrast holds up to the next rule of the sentence ("use X instead of Y in a.py, and never pass
            # floats; use Decimal": Decimal is used, not avoided; review14 R14-40)
            after = _NEXT_RULE.search(lower, q)
            end = after.start() if after else len(lower)
            later = [at for at in places if at >= end]
            return [Stance(-1 if at > q else 1, True, True) for at in places if at < end] + \
                (_clause_stances(lower, later) if later else [])
    prefer = _contains_phrase(lower, "prefer")
    over = _contains_phrase(lower, "over")
    if 0 <= prefer < over:
        return [Stance(-1 if at > over else 1, True, True) for at in places]
    return _clause_stances(lower, places)


def _clause_stances(lower: str, places: list[int]) -> list[Stance]:
    """The stance at each of ``places`` from its own clause: a negation before it avoids, else it is used."""
    bounds = [0] + [m.end() for m in _CLAUSE.finditer(lower)] + [len(lower)]
    out = []
    for at in places:
        start = max(b for b in bounds if b <= at)
        clause_end = min((b for b in bounds if b > at), default=len(lower))
        before = lower[start:at]
        if any(_contains_phrase(before, n) >= 0 for n in NEGATIONS):
            # "X, not Y" / "…; never Y" as a short clause after another one: a contrast
            out.append(Stance(-1, True, len(lower[start:clause_end].split()) <= 4 and start > 0))
        else:
            out.append(Stance(1, any(_contains_phrase(before, p) >= 0 for p in POSITIVES), False))
    return out


def negated(sentence: str) -> bool:
    """The sentence says not to do something ("instead of" counts: it rules the other way out)."""
    lower = sentence.lower().replace("`", "")
    # "prefer X over Y" rules Y out as "X instead of Y" does: "Prefer f-strings over format()." and "Use f-strings
    # instead of format()." say one thing, not the same words with opposite negation
    return any(_contains_phrase(lower, n) >= 0 for n in NEGATIONS + CONTRASTS) or bool(_PREFERENCE.search(lower))


def sentences(text: str) -> list[str]:
    """Rule-sized pieces of an instruction file: list items and lines, split into sentences; headings,
    code fences and lines of fewer than three content words naming no command are left out."""
    out: list[str] = []
    fenced = False
    for raw in text.split("\n"):
        line = raw.strip()
        if line.startswith("```") or line.startswith("~~~"):
            fenced = not fenced
            continue
        if fenced or not line or line.startswith("#") or line.startswith("<!--") or line.startswith("|---"):
            continue
        line = _LIST_MARK.sub("", line).strip("|").strip()
        line = line.replace("**", "").replace("__", "")
        pieces = [line] + [p for p in _SENTENCE_END.split(line) if p != line]
        for piece in pieces:
            if len(content_words(piece)) >= MIN_WORDS or identifiers(piece) or spans(piece):
                out.append(piece.strip())
    return list(dict.fromkeys(out))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


@dataclass(frozen=True)
class Finding:
    verdict: str  # "duplicate" or "contradiction"
    quote: str  # the instruction sentence or lesson text
    score: float
    reason: str


# Words that open a phrase saying where or when a rule holds ("for logging", "in CI", "when testing").
_SCOPE_OPENERS = frozenset("for in inside within when whenever while during on under outside across throughout".split())
# Words that end such a phrase (the rule's order starts again, or the instrument follows).
_SCOPE_STOPS = frozenset("""use uses using never always not no dont don't must should prefer avoid instead rather than
with via through but do does is are be can may need needs""".split())
# A situation that is everywhere: no narrower than a rule that names none.
_EVERYWHERE = frozenset(stem(w) for w in """repo repos repository repositories project projects codebase code here
everywhere anywhere general case cases time times default place places team file files thing things way ways
world each every all any whole entire monorepo monorepos app apps application applications workspace""".split())
# (the last words: "in the whole app", "in the entire project", "in the monorepo" say everywhere, no narrower place:
# review39 R39-16)
# Words an order starts with (so its first words are no subject): the polarity words, the verbs of
# POSITIVES and the common verbs of rules.
_ORDER_STARTS = frozenset("""always never not no don't dont do does must should prefer avoid stop ensure make only
please use run keep put write call add set install build format load name select cite read check import commit push
test pass return raise log print create define declare delete remove move rename replace update upgrade pin prefix
wrap validate sanitize escape handle catch follow include exclude store save send fetch open close lint type
document mark skip disable enable deploy merge rebase configure generate""".split()) | _SCOPE_OPENERS | frozenset(
    "if unless before after once".split())
_SCOPE_ITEM = re.compile(r"\x00(\d+)\x00|[a-z0-9_][a-z0-9_'\-]*|[,;:.!?()]|\s[-–—]\s")


def situation(text: str) -> frozenset[str]:
    """Where ``text`` says its rule holds: the content words (lower case) of its scope phrases and of the subject
    of a statement (empty: everywhere). Backticked names count as words of the phrase they are in."""
    spans_found: list[str] = []

    def mark(match: re.Match[str]) -> str:
        spans_found.append(match.group(1))
        return f" \x00{len(spans_found) - 1}\x00 "

    items = [m.group(0).strip() or "-" for m in _SCOPE_ITEM.finditer(_SPAN.sub(mark, text.lower()))]
    out: set[str] = set()

    def take(item: str) -> None:
        if item.startswith("\x00"):
            for token in _TOKEN.findall(spans_found[int(item[1:-1])].lower()):
                token = token.strip(".-/")
                if len(token) >= 2 and token not in _GENERIC_IDENTIFIERS:
                    out.add(token)
            return
        for word in words(item.replace("'", "")):
            if len(word) >= 2 and word not in _FUNCTION_WORDS and word not in _POLARITY_WORDS \
                    and stem(word) not in _EVERYWHERE:
                out.add(word)

    # The subject of a statement ("CLI scripts write …"): the first clause's words before its verb of use or
    # modal, when the sentence is not an order.
    first = next((i for i in items if not i.startswith("\x00")), "")
    if items and first not in _ORDER_STARTS and items[0] not in _SCOPE_OPENERS and first[:1].isalpha():
        for item in items:
            if item in _SCOPE_STOPS or item in "- , ; : . ! ? ( )".split() or item in _SCOPE_OPENERS:
                break
            take(item)
    scoping = False
    for item in items:
        if item in _SCOPE_OPENERS:
            scoping = True
        elif item in "- , ; : . ! ? ( )".split() or item in _SCOPE_STOPS:
            scoping = False
        elif scoping:
            take(item)
    return frozenset(out)


_CONCEPTS: tuple[dict[str, list[str]], object] | None = None
_CONCEPT_PREFIX = "~"  # altimate_learn.deliver.concepts.PREFIX (not imported here: the table loads on first use)


def _ideas(word: str) -> set[str]:
    """A situation word as what it can mean: its stem, its folded forms and the concepts those belong to (the
    delivery's table of words for one idea: "prices" and "money amounts" are one idea, `~money`; "installing
    packages" and "adding dependencies" another)."""
    global _CONCEPTS
    if _CONCEPTS is None:
        from altimate_learn.deliver import concepts, morphology

        _CONCEPTS = (concepts.build_tables(morphology.fold)[0], morphology.fold)
    table, fold = _CONCEPTS
    out = {stem(word)}
    for folded in fold(word):  # type: ignore[operator]
        out.add(folded)
        out.update(table.get(folded, ()))
    return out


def different_situations(a: Rule, b: Rule, about: str = "") -> bool:
    """Both rules say where they hold, in places known to differ: each names an idea of the concept table, the
    ideas differ, and the two share no word (``about``, the thing they share, left out). "CLI output" (`~cli`)
    and "logging" (`~log`) are two situations; "money amounts" and "prices" are one (`~money`). A place the table
    does not know ("scripts", "specs", "timestamps") is no evidence: the contradiction is reported, and a person
    decides (review13 R13-16). Rules bounded to places no file belongs to both (`tests/` and `scripts/`, `*.sh`
    and `*.py`; a path trigger or a place the text names: :mod:`altimate_learn.gates.scopes`) are in different
    situations too."""
    if a.scopes and b.scopes:
        from altimate_learn.gates.scopes import disjoint

        if disjoint(a.scopes, b.scopes):
            return True
    skip = {about, stem(about)} | set(_TOKEN.findall(about)) if about else set()

    def ideas(rule: Rule) -> tuple[set[str], set[str]]:
        found = {idea for word in rule.situation if word not in skip and stem(word) not in skip
                 for idea in _ideas(word)}
        return found, {idea for idea in found if idea.startswith(_CONCEPT_PREFIX)}

    mine, mine_concepts = ideas(a)
    theirs, their_concepts = ideas(b)
    return bool(mine_concepts) and bool(their_concepts) and not (mine & theirs)


# Words before a file or folder that make it the place of the rule ("in `api.py`", "to `conftest.py`").
_PLACE_PREPOSITIONS = frozenset("in into inside under within to from".split())
# Words after a file or folder that make it the place, with what it holds after them ("`services/` holds …").
_PLACE_HOLDS = re.compile(r"^\s*(?:only\s+)?(?:holds|contains|has|is for|are for|keeps)\b")
# Words of a place rule that say how a thing gets there or which ones, not what it is: left out of its subject.
_PLACING = frozenset(stem(w) for w in """put puts putting keep keeps kept live lives living go goes belong belongs
place places placed store stores add adds adding write writes written define defines declare declares create creates
hardcode hardcoded hardcoding inline inlined sit sits reside resides stay stays move moves save saves register
registers call calls import imports use uses using used edit edits hold holds contain contains pass passes
new old only shared common other extra more own separate same existing additional single every each all any
directly""".split())
# A subject that is the whole place ("never put anything in `legacy/`"): it meets every subject.
_ANYTHING = frozenset(stem(w) for w in "anything everything something nothing stuff code file files".split())


def _subject(rule: Rule, segment: str, place: str) -> frozenset[str]:
    """What a piece of a place rule puts, keeps or forbids there: its content words and commands, without the
    words of how it gets there and the place's own words ("API handlers live in `api.py`": handler)."""
    own = {stem(w) for w in words(place)} | set(words(place))
    found = {w for w in content_words(segment) if w not in _PLACING and w not in own}
    found |= {span for span in rule.spans if span.startswith("-") and _has_word(segment, span) >= 0}
    if found <= _ANYTHING:
        return frozenset()
    return frozenset(found)


def place_subjects(rule: Rule, token: str) -> list[frozenset[str]] | None:
    """What ``rule`` says about the things in ``token`` taken as a place (a file or folder after "in", "into",
    "to", "from" …, or before "holds"/"contains"): one subject per place it names it. None when it names
    ``token`` otherwise too ("never edit `api.py`": the file itself is what the rule is about). An empty subject
    (none found, or "anything") meets every subject."""
    text = rule.lower
    out: list[frozenset[str]] = []
    for at in _occurrences(text, token):
        start, end = at, at + len(token)
        while start > 0 and not text[start - 1].isspace():
            start -= 1  # the whole path the token ends: `src/shop/api.py`
        while end < len(text) and not text[end].isspace() and text[end] not in ",;:)":
            end += 1
        place = text[start:end].rstrip(".!?")
        clause_start, clause_end = _clause_bounds(text, start, start + len(place))
        before = text[clause_start:start].split()
        if before and before[-1] in _PLACE_PREPOSITIONS:
            segment = " ".join(before[:-1])
            subject = _subject(rule, segment, place)
            if not subject and clause_start > 0 and not (set(segment.split()) & {"anything", "everything"}):
                # "…, not inline in `api.py`": the thing is the one the sentence's earlier clause put elsewhere
                earlier = text[:clause_start].rstrip(",;: ")
                earlier_words = earlier[_clause_bounds(earlier, len(earlier), len(earlier))[0]:].split()
                cut = next((i for i, w in enumerate(earlier_words) if w in _PLACE_PREPOSITIONS), len(earlier_words))
                subject = _subject(rule, " ".join(earlier_words[:cut]), place)
            out.append(subject)
            continue
        held = _PLACE_HOLDS.match(text[start + len(place):clause_end])
        if held:
            out.append(_subject(rule, text[start + len(place) + held.end():clause_end], place))
            continue
        return None
    return out or None


# Words after "for"/"on" that say when, not where: "Never use black for now." is no exception to "Always use black."
_WHERE_OPENER = re.compile(r"\b(?:on|in|for|under|inside|within|except|when|whenever|during|outside)\b")
_WHEN_WORDS = frozenset("now today tonight moment while yet ever again anymore time being".split())


def exception_of(narrow: Rule, broad: Rule) -> str:
    """Where ``narrow`` holds that ``broad``, which holds everywhere, leaves open: the situation words or file globs
    of an exception ("Never use black on generated files." to "Always use black.": "generated"), or "" when
    ``narrow`` is no narrower (both say where they hold, neither does, or it only says when). An exception and its
    general rule hold together (the narrower wins where it applies), so a person's exception sits beside the rule it
    narrows instead of retiring it (review35 R35-19)."""
    if broad.scopes or _replaces_choice(narrow, broad):
        return ""
    if narrow.scopes:  # files: narrower than a rule no file bounds, whatever it says it is about
        return ", ".join(glob for scope in narrow.scopes for glob in scope)
    # the job a tool is chosen for ("Use black for formatting.": "formatting") is what the rule is about, not where
    # it holds: "Use ruff format in the new services, not black." says a place of its own (review38 R38-13)
    if broad.situation:
        # "Push security patches on Fridays." of "Never push on Fridays.": the same place, fewer things
        if broad.situation <= narrow.situation:
            return _narrower_object(narrow, broad, broad.words | {stem(w) for w in broad.words})
        if any(stem(w) not in _JOB_WORDS for w in broad.situation):
            return ""
    own = broad.words | {stem(w) for w in broad.words} | broad.situation | {stem(w) for w in broad.situation}
    if broad.situation:  # the lesson names its tool's job: another word of a job ("for HTTP calls") is no place
        own |= _JOB_WORDS
    where = [w for w in narrow.situation if w not in _WHEN_WORDS and stem(w) not in own and w not in own]
    if not where:
        return _narrower_object(narrow, broad, own)
    # said in the rule's own words: the phrase from the word that opens it to the end of its clause ("on generated
    # files"), else the words themselves
    text = narrow.lower
    at = min((i for i in (_has_word(text, w) for w in where) if i >= 0), default=-1)
    if at < 0:
        return ", ".join(sorted(where))
    opener = max((m.start() for m in _WHERE_OPENER.finditer(text, 0, at)), default=-1)
    start = opener if opener >= 0 else at
    end = next((i for i in range(at, len(text)) if text[i] in ",;:.!?()"), len(text))
    return text[start:end].strip()


def _replaces_choice(narrow: Rule, broad: Rule) -> bool:
    """``narrow`` chooses something else and turns away from what ``broad`` names ("Use npm, not pnpm." of "Use
    `pnpm`."; "Use flake8 for linting, not ruff." of "Use ruff for linting."; "Use uv for installs, never pip." of
    "Use uv, never pip."): a replacement, never an exception, whatever words of the lesson's job it adds (review37
    R37-13), unless it says a place of its own (below). "Never use black on generated files." chooses nothing
    instead, and "Use npm in the docs site." turns away from nothing: exceptions. Nor where it says a place or situation of its own
    ("Use npm for the docs site, not pnpm.", "Use requests in `scripts/`, not httpx.": "not X" says what it replaces
    there, review38 R38-11): an exception too."""
    avoided = narrow.bare[0] | {token for token, _ in _forbidden(narrow, outright=False)}
    chosen_instead = narrow.bare[1] - avoided  # "Never use black on generated files." chooses nothing instead
    turned = [token for token in avoided if _has_word(broad.lower, token) >= 0]
    if not chosen_instead or not turned:
        return False
    # whether the lesson turns away from it too ("Use uv, never pip.": a sharper rule) or not, a rule that says a
    # place of its own ("In the billing service, use httpx for HTTP calls, never requests." of "Use httpx for HTTP
    # calls, never requests.") is the same choice there: an exception, and the rule for everywhere else stays
    if narrow.scopes:
        return False
    own = broad.words | {stem(w) for w in broad.words} | broad.situation | {stem(w) for w in broad.situation}
    return not any(w not in _WHEN_WORDS and w not in own and stem(w) not in own and stem(w) not in _JOB_WORDS
                   for w in narrow.situation)


# words that say how, not which things ("Cite the source inline in each model description." restates "Cite the source of
# every model in its description.": no narrower set of models, review38 R38-13)
_MANNER_WORDS = frozenset(stem(w) for w in "inline together apart upfront alone instead manual manually locally online "
                          "offline once twice first last early late verbatim".split())
# the jobs the sets of alternatives are chosen for: "for installing packages" is a package manager's own job, not a
# place of its own ("Use npm for installing packages, not pnpm." replaces "Use `pnpm`.", review38 R38-13)
_JOB_WORDS = frozenset(stem(w) for w in "install installs installing installed package packages dependency dependencies "
                       "deps format formats formatting formatter lint linting linter test tests testing runner date dates "
                       "time times http request requests call calls client clients bundle bundling build builds state "
                       "type types typing check checking checks indent indentation quote quotes "
                       "manage managing management everything anything all".split())

# words that name the kind of a thing, not which things: "the black formatter" is black, "the moment library" moment
_KIND_WORDS = frozenset(stem(w) for w in "tool tools library libraries package packages module modules command amount amounts value values "
                        "commands formatter linter framework thing things stuff".split())


def _narrower_object(narrow: Rule, broad: Rule, own: set[str]) -> str:
    """The words ``narrow`` adds to every word of ``broad`` to pick out some of the things it is about ("Commit
    hotfixes directly to main." of "Never commit to main.": "hotfixes"; review36, the R35-19 residue: it retired the
    general rule), or "": an adverb ("directly"), a kind word ("formatter") or a word of when is no narrower object."""
    if not broad.words or not broad.words <= narrow.words:
        return ""
    first = _CLAUSE.split(narrow.lower, 1)[0]  # "Never use float for money; use Decimal.": the rule's own clause
    extra = [w for w in words(first.replace("'", "")) if len(w) >= 3 and w not in own and stem(w) not in own
             and w not in _FUNCTION_WORDS and w not in _POLARITY_WORDS and w not in _WHEN_WORDS
             and not w.endswith("ly") and stem(w) not in _KIND_WORDS and stem(w) not in _EVERYWHERE
             and stem(w) not in _MANNER_WORDS]
    # words around a backticked name describe it ("an async `httpx` client"): a sharper rule, not fewer things
    beside = set(re.findall(r"([a-z][a-z'-]*)\s+`[^`]+`", narrow.text.lower())) | set(
        re.findall(r"`[^`]+`\s+([a-z][a-z'-]*)", narrow.text.lower()))
    extra = [w for w in extra if w not in beside]
    said = " ".join(dict.fromkeys(extra))
    return f'for "{said}"' if " " in said else said  # a note's words: `for "security patches"`, like a place's phrase


def different_subjects(a: Rule, b: Rule, token: str) -> bool:
    """Both rules name ``token`` only as a place and put, keep or forbid different things there: "API handlers
    live in `api.py`" and "never put SQL queries in `api.py`" are two rules about one file, not one rule and its
    opposite (review14 R14-1). Subjects meet when they share a word or an idea of the concept table; a rule about
    the place as a whole meets every one."""
    mine, theirs = place_subjects(a, token), place_subjects(b, token)
    if mine is None or theirs is None:
        return False

    def ideas(subject: frozenset[str]) -> set[str]:
        return {idea for word in subject for idea in (_ideas(word) if word[:1].isalpha() else {word})}

    for one in mine:
        for other in theirs:
            if not one or not other or ideas(one) & ideas(other):
                return False
    return True


class Rule:
    """A sentence or lesson prepared once for many comparisons."""

    __slots__ = ("text", "lower", "words", "ids", "spans", "_negated", "ref", "_situation", "paths", "_scopes",
                 "_bare")

    def __init__(self, text: str, ref: object = None, paths: list[str] | tuple[str, ...] | None = None) -> None:
        self.text = text
        self.lower = text.lower().replace("`", "")
        self.words = content_words(text)
        self.ids = identifiers(text)
        self.spans = spans(text)
        self._negated: bool | None = None  # found when a comparison first asks (most rules share nothing)
        self.ref = ref  # what the caller wants back (a path, a lesson)
        self._situation: frozenset[str] | None = None
        self.paths = tuple(paths or ())  # a lesson's path trigger: where it is delivered
        self._scopes: tuple[tuple[str, ...], ...] | None = None
        self._bare: tuple[frozenset[str], frozenset[str]] | None = None

    @property
    def bare(self) -> tuple[frozenset[str], frozenset[str]]:
        """Plain names the rule sets against another (avoided: "never pip", "instead of npm") and plain names it
        says to use ("use pip", "with pip install"), computed when a comparison first asks."""
        if self._bare is None:
            avoided = frozenset(token for token, after in ((m.group(1).rstrip(".-"), self.lower[m.end():m.end() + 30])
                                                           for m in _BARE_AVOIDED.finditer(self.lower))
                                if len(token) >= 2 and token not in _FUNCTION_WORDS
                                and (_ENDS_OBJECT.match(after) or _KIND_AFTER.match(after)))
            used = frozenset(m.group(1).rstrip(".-") for m in _USED_BARE.finditer(self.lower))
            self._bare = (avoided, used - _FUNCTION_WORDS)
        return self._bare

    @property
    def scopes(self) -> tuple[tuple[str, ...], ...]:
        """The file globs bounding where the rule holds (:func:`altimate_learn.gates.scopes.rule_scopes`)."""
        if self._scopes is None:
            from altimate_learn.gates.scopes import rule_scopes

            self._scopes = rule_scopes(self.text, self.paths)
        return self._scopes

    @property
    def situation(self) -> frozenset[str]:
        """Where the rule says it holds (:func:`situation`; computed when a comparison first asks)."""
        if self._situation is None:
            self._situation = situation(self.text)
        return self._situation

    @property
    def negated(self) -> bool:
        if self._negated is None:
            self._negated = negated(self.text)
        return self._negated


def _same_everyday_name(a: Rule, b: Rule, shared: set[str]) -> set[str]:
    """``shared`` without a word that one rule uses as a tool's name and the other as the everyday word ("Never use
    requests." / "Keep pull requests small.", "Batch requests to the billing API."): whichever rule is new, the two
    are about different things (review38 R38-6, the other way round from R37-10's backticked name)."""
    from altimate_learn.gates.alternatives import everyday_names

    left = set(shared)
    for word in shared:
        for name in {word, *(n for n in everyday_names() if stem(n) == word)} & everyday_names():
            if _has_word(a.lower, name) and _has_word(b.lower, name) \
                    and _plain_name(a.lower, name) != _plain_name(b.lower, name):
                left -= {word, stem(name), name}
    return left


def compare(rule: str | Rule, other: str | Rule) -> Finding | None:
    """How ``rule`` relates to one instruction sentence or lesson ``other`` (None: unrelated)."""
    mine_rule = rule if isinstance(rule, Rule) else Rule(rule)
    other_rule = other if isinstance(other, Rule) else Rule(other)
    a, b = mine_rule.words, other_rule.words
    if not a or not b:
        return None
    shared = a & b
    if shared:
        shared = _same_everyday_name(mine_rule, other_rule, shared)
    jac = jaccard(a, b)
    # a name one rule backticks counts in the other's plain words only where they use it as the name ("never use
    # requests"), not as the everyday word ("Keep pull requests small.", "Never click through the dialog": review37
    # R37-10, each retired an unrelated lesson as its opposite)
    common = {t for t in mine_rule.ids if _names(other_rule.lower, t)
              and (t in other_rule.ids or _plain_name(other_rule.lower, t))}
    common |= {t for t in other_rule.ids if _names(mine_rule.lower, t)
               and (t in mine_rule.ids or _plain_name(mine_rule.lower, t))}
    command = _command_conflict(mine_rule, other_rule) if (mine_rule.spans or other_rule.spans) else None
    if command is not None and not different_situations(mine_rule, other_rule, command):
        way = "for" if any(c == command for c, _ in _forbidden(other_rule)) else "against"
        return Finding("contradiction", other_rule.text, 1.0 + jac,
                       f"it is {way} `{command}` where the other says the opposite")
    if not shared and not common:
        return None
    bare = _bare_conflict(mine_rule, other_rule)
    if bare is not None:
        return Finding("contradiction", other_rule.text, 1.0 + jac,
                       f"it is {bare[1]} {bare[0]} where the other says the opposite")
    agreed = placed_apart = False
    for token in sorted(common):
        if _different_commands(mine_rule, other_rule, token):
            continue
        if _thing_of(mine_rule, token, other_rule) or _thing_of(other_rule, token, mine_rule):
            continue  # "In `scripts/`, never use `pytest` fixtures; …" is not against "Run tests with `pytest -q`"
        mine, theirs = stances(mine_rule.text, token), stances(other_rule.text, token)
        if not mine or not theirs:
            continue
        if {m.sign for m in mine} & {t.sign for t in theirs}:
            agreed = True
            continue
        if not any(x.explicit for x in mine + theirs):
            continue
        beyond = shared - {token, stem(token)}
        if different_situations(mine_rule, other_rule, token):
            continue  # "CLI scripts write their output with `print()`" / "Never use `print()` for logging"
        if different_subjects(mine_rule, other_rule, token):
            placed_apart = True
            continue  # "API handlers live in `api.py`" / "Put response models in `schemas.py`, not in `api.py`"
        if any(x.contrast for x in mine + theirs) or beyond:
            way = "for" if mine[0].sign > 0 else "against"
            return Finding("contradiction", other_rule.text, 1.0 + jac,
                           f"it is {way} `{token}` where the other says the opposite")
    same = _command_duplicate(mine_rule, other_rule)
    if same is not None:
        return same
    if mine_rule.negated != other_rule.negated and not agreed:
        if placed_apart:
            return None  # the wording they share is the place; what each puts there differs
        negative, positive = (mine_rule, other_rule) if mine_rule.negated else (other_rule, mine_rule)
        forbidden = _forbidden(negative, outright=False)
        if forbidden and not any(_has_word(positive.lower, command) >= 0 for command, _ in forbidden):
            return None  # "never `npm install`" beside "use `npm ci`": the negation is about another command
        # One must say all the other says (the verbs of use aside) for the negation to set them against each other:
        # "Never use black." / "Always use black.", "Prefer default exports for React components." / "Never use
        # default exports.". Each with a word the other lacks, they are about two things: "Use named exports only."
        # and "Never use default exports." share "use" and "exports" and agree (review36 R36-12).
        mine_core, other_core = mine_rule.words - _USE_VERBS, other_rule.words - _USE_VERBS
        if mine_core and other_core and (mine_core <= other_rule.words or other_core <= mine_rule.words) \
                and not different_situations(mine_rule, other_rule):
            return Finding("contradiction", other_rule.text, jac, "same wording, opposite negation")
        return None
    if mine_rule.negated != other_rule.negated:
        return None
    flipped = _flipped_name(mine_rule, other_rule)
    if flipped is not None:
        return Finding("contradiction", other_rule.text, 1.0 + jac,
                       f"it is {flipped[1]} {flipped[0]} where the other says the opposite")
    roles = swapped_roles(mine_rule, other_rule)
    if roles is not None:
        return Finding("contradiction", other_rule.text, 1.0 + jac,
                       f"it says of {roles[0]} what the other says of {roles[1]}: the opposite")
    if names_beyond(mine_rule.text, other_rule.text) or moved_word(mine_rule, other_rule):
        return None  # the same words about other code or things: a parallel rule (`models/staging/`, the reports)
    if _names_more(mine_rule, other_rule) or _names_more(other_rule, mine_rule):
        return None  # one names a tool the other never mentions: it says more, no restatement (review40 R40-6)
    if jac >= DUPLICATE_JACCARD:
        return Finding("duplicate", other_rule.text, jac, f"restates it (word overlap {jac:.2f})")
    contained = len(shared) / len(a)
    if contained >= CONTAINED and len(shared) >= MIN_WORDS and all(
            _has_word(other_rule.lower, t) >= 0 for t in mine_rule.ids):
        return Finding("duplicate", other_rule.text, contained, f"restates it ({len(shared)} of its {len(a)} words)")
    return None


# Verbs of use every rule may have: no wording of their own (:func:`compare`'s opposite negation).
_USE_VERBS = frozenset(stem(w) for w in "use uses using used run runs running prefer prefers preferring".split())

# A bare name a negation takes as its object ("never pip", "instead of npm"): an avoided command.
_BARE_AVOIDED = re.compile(r"\b(?:never|not|avoid|instead of|rather than)\s+(?:use\s+|using\s+|run\s+|call\s+)?(?:the\s+)?"
                           r"([a-z][a-z0-9_.\-]*)(?=[\s.,;:)!?]|$)")
# A plain name a rule says to use: the object of a verb of use or of "with"/"via" ("use pip to install", "install
# dependencies with pip install -r …", "indent with spaces"), never the verb that starts an order ("Merge PRs …").
_USED_BARE = re.compile(r"\b(?:use|uses|using|with|via|through|run|runs|prefer|choose)\s+(?:the\s+)?"
                        r"([a-z][a-z0-9_.\-]*)(?='s\b|[\s.,;:)!?]|$)")  # "use structlog's logger" uses structlog


# After a plain avoided name, what shows the name is the whole thing avoided: the end of the clause, a word that
# starts another part ("never pip for installs", "instead of npm when …") or a command of it ("never pip install");
# not a noun it qualifies ("never use pytest fixtures": the fixtures are avoided, not pytest).
_ENDS_OBJECT = re.compile(r"\s*(?:$|[.,;:!?)\]—–-]|(?:for|in|on|at|when|whenever|unless|except|here|anymore|again|and|or|"
                          r"but|to|with|inside|because|since|as|so|if|anywhere|directly|install|add|run|build|test|"
                          r"commands?|calls?|itself)\b)")


def _bare_conflict(a: Rule, b: Rule) -> tuple[str, str] | None:
    """A plain name (no backticks) one rule sets against another thing it uses ("Use uv, never pip.", "Use pnpm
    instead of npm.") and the other says to use ("Use pip to install dependencies."), in the same situation: the
    identifier check reads only backticked names, and a person's rule rarely has backticks (review35 R35-8). Both
    sides must be explicit: the avoided name in a contrast, the used one the object of a verb of use or "with"."""
    # a backticked name is left to the identifier check, which reads it with its exceptions
    return _opposed_name(a, b, ((a, b, "against"), (b, a, "for")), contrast=True, plain_only=True)


def _opposed_name(a: Rule, b: Rule, order: tuple[tuple[Rule, Rule, str], ...], *, contrast: bool,
                  plain_only: bool = False) -> tuple[str, str] | None:
    """A plain name one of ``a``/``b`` avoids and the other uses (``Rule.bare``), tried in ``order`` ((avoids, uses,
    way) triples), about the same thing in the same situation; ``contrast``: the avoidance must be in a contrast of its
    own clause (:func:`_bare_conflict`), else any negation will do (:func:`_flipped_name`)."""
    for avoids, uses, way in order:
        for token in sorted(avoids.bare[0] & uses.bare[1]):
            if plain_only and (token in a.ids or token in b.ids):
                continue
            if _thing_of(a, token, b) or _thing_of(b, token, a) or _different_commands(a, b, token):
                continue  # "never use pytest fixtures" is not against "run tests with pytest -q"
            if not any(s.sign < 0 and (s.contrast or not contrast) for s in stances(avoids.text, token)):
                continue
            if not any(s.sign > 0 for s in stances(uses.text, token)):
                continue
            if different_situations(a, b, token) or different_subjects(a, b, token):
                continue
            return token, way
    return None


# "prefer X over Y", "prefer X to Y", "favor X over Y": the one chosen and the one passed over (one word or a
# hyphenated/dotted name each, an article allowed).
_PREFERENCE = re.compile(r"\b(?:prefer|prefers|favou?r|favou?rs)\s+(?:the\s+|a\s+|an\s+)?"
                         r"([a-z][\w.\-]*(?:\s+[a-z][\w.\-]*){0,2}?)(?:\(\))?\s+(?:over|to|rather than|instead of)\s+"
                         r"(?:the\s+|a\s+|an\s+)?([a-z][\w.\-]*(?:\s+[a-z][\w.\-]*){0,2}?)(?:\(\))?"
                         r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:in|for|when|whenever|on|at|unless|except|where|if)\b)")


def _preference(lower: str) -> tuple[str, str, str] | None:
    """(chosen, passed over, the rest of the rule: where it holds) of a "prefer X over Y" rule, or None."""
    text = lower.replace("`", "")
    found = _PREFERENCE.search(text)
    if found is None:
        return None
    return found.group(1).rstrip(".-"), found.group(2).rstrip(".-"), "Use it " + text[found.end():]


def _flipped_name(a: Rule, b: Rule) -> tuple[str, str] | None:
    """A plain name one rule says to use and the other avoids, between two rules that both forbid something: the same
    words with the choice swapped ("Use ruff, never the black formatter." / "Never use ruff; use the black
    formatter.", "Use structlog's logger …, never print or the stdlib logging module." / "Never use structlog; …").
    Word overlap read them as one rule, and `learn check` / `learn tidy` offered to keep one, dropping a teammate's
    opposite choice (review40 R40-6). Unlike :func:`_bare_conflict` the avoided name needs no contrast in its own
    clause: the pair's shared wording is what sets the two choices against each other."""
    mine, theirs = _preference(a.lower), _preference(b.lower)
    if mine is not None and theirs is not None and mine[:2] == theirs[1::-1] \
            and situation(mine[2]) == situation(theirs[2]):
        return mine[0], "for"  # "Prefer composition over inheritance." / "Prefer inheritance over composition."
    return _opposed_name(a, b, ((b, a, "for"), (a, b, "against")), contrast=False)


def _names_more(a: Rule, b: Rule) -> bool:
    """``a`` says to use or to avoid a plain name (``Rule.bare``) that ``b`` never mentions: "Use structlog's logger
    from app/log.py, never print or the stdlib logging module." beside the instruction "never use print here, always
    use the logger from app/log.py" shares 0.6 of its words, and the re-vet quarantined the lesson as its duplicate,
    losing what only the lesson says (review40 R40-6 addendum)."""
    def unsaid(one: Rule, other: Rule) -> bool:
        return any(_has_word(other.lower, token) < 0 and stem(token) not in other.words
                   for token in one.bare[0] | one.bare[1])

    # and names every one ``b`` names: "Use requests for HTTP calls." beside "Use httpx for HTTP calls." is two
    # choices for one job (a conflict to settle, never two rules side by side), not one rule saying more
    return unsaid(a, b) and not unsaid(b, a)


def swapped_choice(rule: str | Rule, other: str | Rule) -> tuple[str, str] | None:
    """(name, "for"/"against") when ``rule`` uses a plain name ``other`` avoids or the other way round (see
    :func:`_flipped_name`); for the audit of meaning (:mod:`altimate_learn.curate.meaning`), which must not read the
    swapped pair as one rule carrying the other."""
    return _flipped_name(rule if isinstance(rule, Rule) else Rule(rule), other if isinstance(other, Rule) else Rule(other))


_ROLE_TOKEN = re.compile(r"[a-z0-9_@$][a-z0-9_@$./-]*|[,;]")
_ROLE_SKIP = frozenset("a an the".split())
# after the first exchanged part and before the second, what makes them items of one list or clauses of one rule:
# "black and ruff" / "ruff and black", "mypy, ruff or pytest" / "pytest, ruff or mypy", "A; B" / "B; A" say one thing
_COORDINATORS = frozenset(", ; and or nor plus".split())


def _role_tokens(text: str) -> list[str]:
    return [t.rstrip("./-") for t in _ROLE_TOKEN.findall(text.lower().replace("`", "")) if t not in _ROLE_SKIP]


def swapped_roles(rule: str | Rule, other: str | Rule) -> tuple[str, str] | None:
    """(X, Y) when the two rules are one wording with two of its parts exchanged: "Log payment failures at warning
    level and refund failures at error level." / "Log refund failures at warning level and payment failures at error
    level."; "Orders use soft deletes; customers are deleted for real after 30 days." / the same with customers and
    orders. Every word is shared, so the word overlap read them as one rule said twice and `learn tidy` merged them
    (review41 R41-1); each says of one thing what the other says of the other. Or clause by clause, each clause the
    same or with its parts exchanged: a direction said twice and reversed ("Services may import from libs, never libs
    from services." / "Libs may import from services, never services from libs."). Parts joined only as a list
    ("black and ruff" / "ruff and black") or clauses in another order are the same rule."""
    a = _role_tokens(rule.text if isinstance(rule, Rule) else rule)
    b = _role_tokens(other.text if isinstance(other, Rule) else other)
    if a == b or sorted(a) != sorted(b):
        return None
    whole = _exchanged(a, b)
    if whole != "none":
        return None if whole == "same" else whole  # type: ignore[return-value]
    mine, theirs = _clauses(a), _clauses(b)
    if len(mine) != len(theirs) or len(mine) < 2:
        return None
    found = None
    for x, y in zip(mine, theirs):
        if x == y:
            continue
        part = _exchanged(x, y) if sorted(x) == sorted(y) else "none"
        if not isinstance(part, tuple):
            return None
        found = found or part
    return found


def _clauses(tokens: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for token in tokens:
        if token in {",", ";"}:
            out.append([])
        else:
            out[-1].append(token)
    return [clause for clause in out if clause]


def _exchanged(a: list[str], b: list[str]) -> tuple[str, str] | str:
    """``b`` is ``a`` with two of its parts exchanged: (X, Y); "same" when the parts are items of one list or
    clauses in another order; "none" when ``b`` is no such exchange of ``a``."""
    start = 0
    while a[start] == b[start]:
        start += 1
    end = len(a)
    while a[end - 1] == b[end - 1]:
        end -= 1
    if _reordered_list(a, b, start):
        return "same"
    mine, theirs = a[start:end], b[start:end]
    size, found = len(mine), None
    for lx in range(1, size):
        for ly in range(1, size - lx + 1):
            x, y, middle = mine[:lx], mine[size - ly:], mine[lx:size - ly]
            if theirs != y + middle + x:
                continue
            if not middle or (middle[0] in _COORDINATORS and middle[-1] in _COORDINATORS):
                return "same"  # a list or the clauses in another order
            found = found or (" ".join(x), " ".join(y))
    return found or "none"


def _reordered_list(a: list[str], b: list[str], start: int) -> bool:
    """``b`` is ``a`` with two parts around a coordinator exchanged, the words they share at their ends included ("Log
    refund failures at error level and payment failures at warning level." / "Log payment failures at warning level
    and refund failures at error level.": both end in "level", which the search for a swap would take as common)."""
    for k, token in enumerate(a):
        if token not in _COORDINATORS:
            continue
        after = k + 1
        while after < len(a) and a[after] in _COORDINATORS:
            after += 1
        middle = a[k:after]
        for p in range(0, min(start, k - 1) + 1):
            head, x = a[:p], a[p:k]
            for ly in range(1, len(a) - after + 1):
                if b == head + a[after:after + ly] + middle + x + a[after + ly:]:
                    return True
    return False


def moved_word(rule: str | Rule, other: str | Rule) -> tuple[str, str] | None:
    """(X, Y) when the two rules are one wording with one content word X in place of Y, and the set of words cannot
    see it, because the other word is already in the rule: "The catalog service stores templates timestamps … for its
    reports." / "The catalog service stores reports timestamps … for its reports." (every word of the second is in the
    first, so it read as a restatement and `learn tidy` retired it; review41 R41-1's long-lived store). Two rules about
    two things. A new word in the place ("HTTP calls" / "HTTP requests") is left to the word overlap."""
    a = _role_tokens(rule.text if isinstance(rule, Rule) else rule)
    b = _role_tokens(other.text if isinstance(other, Rule) else other)
    if len(a) != len(b):
        return None
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    if len(differ) != 1:
        return None
    x, y = a[differ[0]], b[differ[0]]
    if stem(x) == stem(y) or not content_words(x) or not content_words(y):
        return None
    return (x, y) if (y in a or x in b) else None


# Words that carry no content of their own beside the commands of a rule ("use … for new dependencies").
_GLUE = frozenset(stem(w) for w in """use uses using used run runs running call calls calling add adds adding new all
every any only always instead via install installs installing""".split()) | _EVERYWHERE


def _commands(rule: Rule) -> list[tuple[str, int]] | None:
    """The commands ``rule`` names with the way it points on each (+1 use, -1 avoid): its backticked spans and
    the bare names it avoids ("never pip"). None when a span points both ways."""
    out: dict[str, int] = {}
    for span in rule.spans:
        signs = {x.sign for x in stances(rule.text, span)}
        if len(signs) != 1:
            return None
        out[span] = signs.pop()
    for match in _BARE_AVOIDED.finditer(rule.lower):
        name = match.group(1).rstrip(".")
        if name in _FUNCTION_WORDS or name in _POLARITY_WORDS or any(_has_word(span, name) >= 0 for span in out):
            continue
        out[name] = -1
    return list(out.items())


def _ideas_of(situation: frozenset[str]) -> set[str]:
    return {idea for word in situation for idea in _ideas(word)}


def _command_duplicate(a: Rule, b: Rule) -> Finding | None:
    """``a`` says to use and to avoid only what ``b`` says to use and to avoid, and nothing else: a restatement
    in other words ("When adding dependencies, use `uv add` …, never pip" of "dependencies managed with `uv`
    (`uv add PKG`, never `pip install`)"; review14 R14-4). Each command of ``a`` is named in ``b`` (the same
    command, or one of ``b``'s that starts with it: `uv add` in `uv add PKG`, pip in `pip install`) pointing
    the same way; ``a`` names at least two (or one, when ``b`` holds everywhere or where ``a`` does), and its other
    content words are all ``b``'s (or glue: use, new …; or, when ``b`` holds everywhere, the words of where ``a``
    holds)."""
    if not a.spans or not b.spans:
        return None
    mine, theirs = _commands(a), _commands(b)
    if not mine or not theirs:
        return None
    # One command: the line must hold everywhere or where the rule holds (a rule for one place of it says no
    # less): "Use `structlog` for logging in every service module" of "Log with `structlog`, never `print()`".
    if len(mine) < 2 and b.situation and not _ideas_of(b.situation) <= _ideas_of(a.situation):
        return None
    if len(mine) < 2:
        # ... and say nothing of its own beyond its commands: "Use `httpx` for outbound HTTP calls." does not restate
        # "Call the payment provider with an async `httpx` client, never `requests`." (review14 R14-13: a rule
        # of its own beside that lesson)
        named = {w for span, _ in theirs for w in content_words(span)}
        if {w for w in b.words - a.words - named if w not in _GLUE}:
            return None
    matched_words: set[str] = set()
    for command, sign in mine:
        match = next((span for span, their_sign in theirs if their_sign == sign and (
            span == command or span.startswith(command + " "))), None)
        if match is None:
            return None
        matched_words |= set(content_words(match)) | set(content_words(command))
    rest = {w for w in a.words - b.words - matched_words if w not in _GLUE}
    if not b.situation:  # the line holds everywhere: where the rule says it holds adds nothing
        rest -= {stem(w) for w in a.situation} | set(a.situation)
    if rest or different_situations(a, b):
        return None
    score = max(jaccard(a.words, b.words), CONTAINED)
    return Finding("duplicate", b.text, score, f"restates it (the same commands: "
                   f"{', '.join(f'`{c}`' for c, _ in mine)})")


# Words after a name that still mean the name itself ("`npm` commands", "`print()` statements", "`requests`
# library"): a rule against them is against the name.
_ITSELF = frozenset("""command commands cli tool tools binary binaries executable statement statements call calls
function functions method methods package packages library libraries lib module modules dependency dependencies
directly anywhere here there anymore again itself version versions syntax style api apis client clients
everywhere instead only when for in on to with at""".split())
_NEXT_WORD = re.compile(r"\s+([a-z][a-z'-]{2,})")


def _thing_of(rule: Rule, token: str, other: Rule) -> bool:
    """Every time ``rule`` names ``token`` (always in backticks of its own) it names a thing of it ("never use
    `pytest` fixtures", "`git` hooks", "`npm` scripts": the plain word after it), and ``other`` does not name that
    thing: the two are about different
    things of one tool, not one rule and its opposite ("Run tests with `pytest -q`" is about running pytest)."""
    places = _occurrences(rule.lower, token)
    if not places:
        return False
    text = rule.text.lower()
    ends = [m.end() for m in _SPAN.finditer(text) if m.group(1).strip().rstrip("()") == token.rstrip("()")]
    if len(ends) != len(places):
        return False  # named inside a longer span (`pytest -q`, `npm install`: a command) or in plain words
    for end in ends:
        match = _NEXT_WORD.match(text, end)
        word = match.group(1) if match else ""
        if (not word or word in _ITSELF or word in _FUNCTION_WORDS or word in _POLARITY_WORDS
                or _has_word(other.lower, word) >= 0 or stem(word) in other.words):
            return False
    return True


def _different_commands(a: Rule, b: Rule, token: str) -> bool:
    """Both name ``token`` only inside commands of several words, and never the same one (`git rebase`,
    `git push --force`): two commands of one tool, not one identifier."""
    def holding(rule: Rule) -> set[str]:
        return {span for span in rule.spans if _has_word(span, token) >= 0}

    mine, theirs = holding(a), holding(b)
    if not mine or not theirs or mine & theirs:
        return False
    return all(" " in span for span in mine | theirs)


class Index:
    """Rules by content word and identifier, so a rule is compared only with those it shares something with."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        self.by_key: dict[str, list[int]] = {}
        for position, rule in enumerate(rules):
            for key in rule.words | rule.ids:
                self.by_key.setdefault(key, []).append(position)
            for token in rule.lower.replace(",", " ").replace(".", " ").split():
                if len(token) >= 3 and token not in rule.words:
                    self.by_key.setdefault("w:" + token, []).append(position)

    def candidates(self, rule: Rule) -> list[Rule]:
        found: set[int] = set()
        for key in rule.words:
            found.update(self.by_key.get(key, ()))
        for token in rule.ids:
            found.update(self.by_key.get(token, ()))
            found.update(self.by_key.get("w:" + token, ()))
        return [self.rules[i] for i in sorted(found)]

    def best(self, rule: Rule, skip: frozenset | set = frozenset()) -> tuple[Finding, Rule] | None:
        """The strongest finding against the indexed rules: contradictions first, then the closest duplicate."""
        best: tuple[Finding, Rule] | None = None
        for other in self.candidates(rule):
            if other.ref in skip:
                continue
            found = compare(rule, other)
            if found is None:
                continue
            if best is None or (found.verdict == "contradiction") > (best[0].verdict == "contradiction") or (
                    found.verdict == best[0].verdict and found.score > best[0].score):
                best = (found, other)
        return best
