"""Which lessons to show: the four tiers of spec 003 "Delivery", as pure functions over a corpus.

- core: pinned first, then helpful − harmful; among equals project-wide lessons, then the most recently
  approved, then id. The tier always fills, so a new team (nothing pinned or earned yet) gets lessons too.
- retrieved / per request: BM25 over lesson text, tags and path triggers (stopwords left out, plain words
  folded; see :mod:`altimate_learn.deliver.tokenize`). A lesson is retrieved when it shares two or more
  content terms with the request, or when the words it shares carry at least as much evidence as one word
  no other lesson has (the sum of their idf reaches the idf of a term with document frequency 1): a
  lesson that shares only one common word ("model", "service", "test") with a request is not about it,
  and a slot left empty costs nothing. One rare word alone counts only when the lesson gives it as a name
  (path triggers, backticked code, a quoted operator) or says it in its lead phrase (:func:`_prose_only`):
  an everyday word of a rule's prose is a homonym more often than not ("autumn leaves", "never leave a
  `limit` clause"). A request that only fixes a typo brings none by its words (:func:`typo_fix`).
  Lessons whose triggers match a file the message names rank first (a project-wide lesson the message matches
  well comes before the named file's weak matches); for a later request, then lessons whose triggers match a
  file the session touched; then the rest by score.
- file: lessons whose trigger matches the file, whose text names the file (a path or file name, see
  :mod:`altimate_learn.deliver.mentions`), or, without path triggers, whose backtick identifier names a part of
  its path, ranked
  by how specifically the trigger or the named file matches (see :func:`specificity`), then BM25 against the
  session's latest request, then helpful − harmful, then BM25 against the file's own path words (a
  tiebreak before the id), then id. The per-file limit applies after this ranking, so broad lessons
  cannot crowd out narrow ones.

Every function takes ``exclude`` (lesson keys already shown in the session) and a ``limit``. Glob matching
and specificity live in :mod:`altimate_learn.deliver.globs` (re-exported here).
"""

from __future__ import annotations

from altimate_learn.deliver.bm25 import unpack
from altimate_learn.deliver.concepts import IMPLIED, KIND, NEAR, PREFIX, WEIGHT, concept_terms, links
from altimate_learn.deliver.corpus import VERB_LEADS, Corpus
from altimate_learn.deliver.implied import KIND_WITH
from altimate_learn.deliver.render import SUBFOLDERS, split_scope
from altimate_learn.deliver.shapes import (DECIMAL, EMPTY_DIVISION, EMPTY_PERIOD, HTTP, LINGERING_IDEA, RATIO,
                                           REQUEST_SHAPES, SIBLINGS_IDEA, TICKET, TIMER, empty_period, http_call,
                                           lingering, locale_number, one_fails, ticket_key, timed_refresh)
from altimate_learn.deliver.tokenize import (folded_words, identifier_parts, money_amounts, operators, overlap, said_zero,
                                            search_tokens, tokenize, without_idioms, word_set, words)
from altimate_learn.deliver.globs import (EXACT_NAME, NAME_PATTERN, Glob, _may_match, _translate,  # noqa: F401
                                          compile_glob, deeper, glob_matches, literal_segments, may_match,
                                          normalize_path, path_specificity, scope_matches, specificity)

MINIMUM_SCORE = 0.1
EVIDENCE = 1.0  # shared idf a retrieved lesson needs, in units of the idf of a word only one lesson has
SHARED_TERMS = 2  # content terms a lesson shares with a request that make it relevant whatever their idf
STRONG = 3  # content terms shared with the request that make a scoped lesson's match strong enough to show at once
WEAK = 0.5  # a scoped lesson scoring under this fraction of the best one taken is a weak match
MARGIN = 0.15  # a lesson past a tier's limit still scores "like the last one taken" within this fraction
BUCKET = 4  # a file level holding more than this many times `file_lessons` lessons gets no second batch
VERB_WEIGHT = 0.5  # a request word that is only a lesson's leading verb (its phrasing), as a fraction of a shared term
DUPLICATE = 0.8  # word overlap at which two lessons are copies of one rule (the curator merges from 0.6 up)


# --- core ----------------------------------------------------------------------------------------------

CORE_SHARE = (1, 4)  # of session_max_lessons: the most lessons the core tier takes besides pinned ones
DEFAULT_CORE = 15  # learn.core_lessons's default (spec 003): the share applies to it only


def core_limit(corpus: Corpus, core_lessons: int, session_max_lessons: int, explicit: bool = False) -> int:
    """How many lessons the core tier takes: ``core_lessons``, but at the default (15) and in a store of more
    lessons than ``session_max_lessons``, of lessons nobody pinned no more than :data:`CORE_SHARE` of
    ``session_max_lessons`` (10 of the default 40). Core is chosen without the request, so in a large store an
    unpinned core lesson is a guess: in the benchmark's stores of 1,000 and 10,000 lessons, the 15 core lessons
    were half of every session and brought 4 and 3 of the ~920 lessons tasks needed; the request and file tiers,
    which the room goes to instead, bring the rest. A small store (a team's first weeks) fits the session
    anyway and keeps its whole core tier; a ``core_lessons`` a person set (``explicit``: a config file or variable
    names it, 15 too; any other value is one) is their word and is taken as set; pinned lessons are the team's word that a rule must always apply and fill up to ``core_lessons``."""
    if core_lessons <= 0:
        return 0
    if explicit or core_lessons != DEFAULT_CORE or len(corpus) <= session_max_lessons:
        return core_lessons
    share = (session_max_lessons * CORE_SHARE[0]) // CORE_SHARE[1]
    return min(core_lessons, max(share, corpus.pinned.count(1)))


def core_waits(corpus: Corpus, core: list[int], core_lessons: int, session_max_lessons: int,
               explicit: bool = False) -> tuple[list[int], list[int]]:
    """The core tier (``core``, as :func:`select_core` chose it) split into (shown at session start, waiting for a
    file in their scope). Where :func:`core_limit` takes its share (a store of more lessons than
    ``session_max_lessons``, ``core_lessons`` at its default and not set by a person), an unpinned core lesson with
    path triggers is a guess that the session will work there: it waits, and is the first lesson of the first file
    in its scope the agent opens, as a request's weak scoped matches do (:func:`defer_scoped`). In the benchmark's
    stores of 1,000 and 10,000 lessons, 7.7 of the 10 core lessons of a session that missed a needed lesson were rules
    of folders the session never touched, and they took the room of its files' conventions (the first topic stops at
    30 of the cap of 40, keeping the rest for a later request). Pinned lessons, project-wide lessons and every core
    lesson of a small store are shown at session start as before; what the core tier chooses is unchanged."""
    if (explicit or core_lessons != DEFAULT_CORE or len(corpus) <= session_max_lessons
            or not any(corpus.scoped[i] for i in core)):
        return core, []
    scoped, pinned = corpus.scoped, corpus.pinned
    waiting = [i for i in core if scoped[i] and not pinned[i]]
    later = set(waiting)
    return [i for i in core if i not in later], waiting


def select_core(corpus: Corpus, limit: int, exclude: set[str] | frozenset[str] = frozenset(),
                seen: list[frozenset[str]] | None = None) -> list[int]:
    """The first ``limit`` lessons in core order (see :func:`altimate_learn.deliver.corpus.core_order`) not in
    ``exclude`` and not a near-duplicate of another (see :func:`Distinct`). The tier always fills: a new
    team's lessons (nothing pinned, counters at 0) are delivered too, project-wide and most recently
    approved first."""
    if limit <= 0:
        return []
    out: list[int] = []
    keys = corpus.keys
    distinct = Distinct(corpus, seen)
    for index in corpus.core:
        if keys[index] in exclude or not distinct.take(index):
            continue
        out.append(index)
        if len(out) >= limit:
            break
    return out


class Distinct:
    """Leaves out a lesson whose words (:func:`altimate_learn.deliver.tokenize.word_set`) are
    :data:`DUPLICATE` or more the same as those of a lesson already taken (or shown this session,
    ``seen``), with or without their numbers: a copy of one rule with a word changed (a store the curator
    made holds none, since it counts a new lesson 60% like an old one as the old one; hand-written and
    generated stores can), and showing both would spend the session's budget saying one thing twice.

    Numbers are compared apart because they are the values a rule sets, not what it is about: two lessons
    the same but for their numbers ("Retry payment calls 3 times" and "… 5 times") set one thing to two
    values, which tells the agent nothing it can act on (:attr:`conflicts` lists the ones left out, for
    `learn deliver`), and one rule written for many targets with a value each ("Calls from shipping to fraud
    go through `fraud_client` with a 100-second timeout", "… to chat … `chat_client` … 90-second …") is one
    convention, shown once, by the instance ranked first."""

    __slots__ = ("corpus", "sets", "conflicts")

    def __init__(self, corpus: Corpus, seen: list[frozenset[str]] | None = None) -> None:
        self.corpus = corpus
        self.sets: list[tuple[frozenset[str], frozenset[str]]] = [self._split(words) for words in seen or ()]
        self.conflicts: list[int] = []  # lessons left out as another value of what a lesson taken sets

    @staticmethod
    def _split(words: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        """(words, the same without numbers: `30s`, `5`; not `s3`, `v2`, `ec2`)."""
        return words, frozenset(w for w in words if not w[0].isdigit())

    def take(self, index: int) -> bool:
        words, plain = self._split(word_set(self.corpus.texts[index]))
        for other, other_plain in self.sets:
            if plain == other_plain and words != other and plain:
                self.conflicts.append(index)
                return False
            if overlap(words, other) >= DUPLICATE or (
                    (plain != words or other_plain != other) and overlap(plain, other_plain) >= DUPLICATE):
                return False
        self.sets.append((words, plain))
        return True


# --- BM25 retrieval ------------------------------------------------------------------------------------

def query_terms(corpus: Corpus, text: str, implied: bool = True) -> list[str]:
    """The request's search terms that occur in some lesson (the only ones that can score): its words
    (stopwords left out, folded), the concepts they name (`~database` for "db", "postgres", "rds"; see
    :mod:`altimate_learn.deliver.concepts`) and, with ``implied`` (a request, not a path), the concerns the
    kind of work implies that the request does not name (`^email` for "invite", "reset link"; see
    :mod:`altimate_learn.deliver.implied`) and, for a request word no lesson holds, the store's words that are
    it in another spelling or form (`≈color` for "colour"; see :mod:`altimate_learn.deliver.neighbours`). A request's idioms and lone letters ("n" for "and", the "t" of
    "doesn't") are no search words, and an amount written with a currency sign is the word "money" (see
    :func:`altimate_learn.deliver.tokenize.money_amounts`); an amount with cents and a hundred times it are
    "money" and "cents", an ISO date and time is "date" (:mod:`altimate_learn.deliver.shapes`)."""
    vocabulary = corpus.vocabulary
    if implied:  # "spend is 0": the number a lesson says as "zero" (not a 0 of `2.0`, `10`, `127.0.0.1`)
        text = said_zero(text)
    # The request shapes it has (shapes.REQUEST_SHAPES: "says 1999 where the plan costs 19.99" is "money cents") add
    # their words; an amount written with a currency sign ("€123,400.00", "$49/mo") says "money" (requests only).
    said = [(shape, words) for shape, words in REQUEST_SHAPES if shape(text)] if implied else []
    # "still polls after you navigate away" (shapes.lingering) and "one lookup fails but the other 30 keep running"
    # (shapes.one_fails) also name their idea below
    left, parallel = (any(shape is wanted for shape, _ in said) for wanted in (lingering, one_fails))
    spoken = " ".join((["money"] if implied and money_amounts(text) else []) + [words for _, words in said])
    tokens = search_tokens((without_idioms(text) + " " + spoken) if implied else text)
    found = {t for t in tokens if t in vocabulary}
    near: list[str] = []
    if implied and len(corpus.near_keys):  # a word no lesson holds: the store's words that mean the same
        for token in dict.fromkeys(tokens):
            if token not in vocabulary:
                near += corpus.near_terms(token)
    if implied:  # an operator a lesson quotes (`!=`, `==`) is a search word (tokenize.operators)
        found.update(t for t in operators(text, quoted=False) if t in vocabulary)
    if corpus.concept_words:
        words = folded_words(text) + ([(), *folded_words(spoken)] if spoken else [])
        ideas = concept_terms(words, corpus.concept_words, corpus.concept_pairs)
        named = [t for t in ideas if t in vocabulary]
        if implied and HTTP not in named and HTTP in vocabulary and http_call(text):  # "GET /internal/balances"
            named.append(HTTP)
        if implied and TICKET not in named and TICKET in vocabulary and ticket_key(text):  # "the fix for PAY-88"
            named.append(TICKET)
        if implied and DECIMAL not in named and DECIMAL in vocabulary and locale_number(text):  # "1.234,50"
            named.append(DECIMAL)
        if left and LINGERING_IDEA not in named and LINGERING_IDEA in vocabulary:
            named.append(LINGERING_IDEA)
        if parallel and SIBLINGS_IDEA not in named and SIBLINGS_IDEA in vocabulary:
            named.append(SIBLINGS_IDEA)
        if implied and empty_period(words, corpus.shapes):  # "months with no sales": a calendar (see shapes.empty_period)
            # and an average or a rate over such a period divides by zero ("average order value blows up on
            # days with no orders")
            more = [EMPTY_PERIOD] + ([EMPTY_DIVISION] if RATIO in ideas else [])
            named += [t for t in more if t in vocabulary and t not in named]
        found.update(named)
        if implied and corpus.implied_words:
            more = concept_terms(words, corpus.implied_words, corpus.implied_pairs)
            for concept in named:
                more.extend(corpus.implied_words.get(concept, ()))
            if timed_refresh(words, corpus.shapes) and PREFIX + TIMER[len(IMPLIED):] in vocabulary:  # "refreshes every 30s"
                more.append(TIMER)
            found.update(t for t in more if PREFIX + t[len(IMPLIED):] not in found)
    for term in near:  # not a word the request has or a join gave, nor a member of a concept it names: one idea once
        if term not in found and not any(concept in found for concept in corpus.concept_words.get(term, ())):
            found.add(NEAR + term)
    return sorted(found)


def _candidate_globs(corpus: Corpus, path: str):
    """(glob, packed lesson indices, its :func:`globs.deep_folder`) of the path triggers and files named in lessons
    that may match ``path`` (a normalised path: its literal prefix and `**/` text fit, :func:`globs.may_match`, or
    it is in a subfolder of the glob's deep folder), path triggers first, then files named, each in the store's
    order; only the globs filed under the path's first folder and under "" are looked at (:attr:`Corpus.routes`,
    prepared with the index)."""
    routes = corpus.routes
    head, slash, _ = path.partition("/")
    found = routes.get("", [])
    if slash and head in routes:
        found = sorted(found + routes[head])
    patterns, mentions = corpus.patterns, corpus.mentions
    for _, glob, mention, prefix, inner, deep in found:
        if may_match(prefix, inner, path) or (deep and path.startswith(deep) and "/" in path[len(deep):]):
            yield glob, (mentions if mention else patterns)[glob], deep, bool(mention)


def _bare_name(glob: str) -> bool:
    """A file named by one plain word without a folder (`**/schema.yml`, `**/Chart.yaml`, `**/values-*.yaml`), as
    :mod:`mentions` writes it: a name many folders of a project may have. A compound name (`status_mapping`,
    `docker-compose.yml`, `next.config.js`, `celery_beat.py`) names one thing of the project wherever it is."""
    if not glob.startswith("**/") or "/" in glob[3:]:
        return False
    name = glob[3:].lstrip("_")
    name = name[:-2] if name.endswith(".*") else name  # a stem named in backticks (`status_mapping`)
    stem = name.rsplit(".", 1)[0] if "." in name[1:] else name
    wild = any(ch in name for ch in "*?[{")
    return wild or not (any(ch in stem for ch in "_-.") or any(a.islower() and b.isupper() for a, b in zip(stem, stem[1:])))


def _area_words(path: str) -> set[str]:
    """The folded words of a path or path trigger without its extension and glob characters (`chart` for
    `charts/**`, `docker` and `compos` for `docker-compose.yml`, `servic` and `api` for `services/api/**`)."""
    folders, _, name = path.rpartition("/")
    stem = name.split(".", 1)[0] if not name.startswith(".") else name
    return set(search_tokens(f"{folders.replace('/', ' ')} {stem}".replace("*", " ")))


def mention_fits(corpus: Corpus, index: int, path: str) -> bool:
    """Whether a plain file name (no folder, :func:`_bare_name`) that lesson ``index`` names in its text may make it a
    lesson of ``path`` (a file of that name). A project-wide lesson's always; a scoped lesson's when ``path`` is in its
    scope, or when the path shares a word with the scope (a folder or the name: `Chart.yaml` under `deploy/helm/` for
    a lesson scoped to `charts/**`): the lesson says where it applies, and a file of the same plain name elsewhere
    in the project with nothing of that place in its path is another thing (L14-1: "[applies to: services/api/**]
    Keep the OpenAPI spec in `schema.yml`" was a candidate for dbt's `models/marts/schema.yml`). A lesson with more
    triggers than its line shows keeps the match."""
    if not corpus.scoped[index]:
        return True
    scope = split_scope(corpus.lines[index])[0]
    if not scope or " (+" in scope:
        return True
    triggers = [item.replace(SUBFOLDERS, "") for item in scope.split(", ")]
    if any(scope_matches(trigger, path) for trigger in triggers):
        return True
    near = _area_words(path)
    return any(_area_words(trigger) & near for trigger in triggers)


def _matching_lessons(corpus: Corpus, paths: list[str]) -> set[int]:
    """Lessons with a trigger, or a file named in their text, matching any of ``paths`` (a folder's name pattern
    matches its subfolders' files too, :func:`globs.deeper`)."""
    found: set[int] = set()
    for path in dict.fromkeys(normalize_path(p) for p in paths if p):
        for pattern, lessons, deep, mention in _candidate_globs(corpus, path):
            glob = compile_glob(pattern)
            if (glob is not None and glob.match(path)) or (deep and deeper(pattern, path, deep) is not None):
                if mention and _bare_name(pattern):
                    found.update(i for i in unpack(lessons) if mention_fits(corpus, i, path))
                else:
                    found.update(unpack(lessons))
    return found


def names_a_file(corpus: Corpus, path: str) -> bool:
    """Whether ``path`` (project-relative, a word of a request; no such file on disk) is a file of the store's
    lessons: a path trigger or a file a lesson names matches it by a literal folder of the path or by its name
    (`migrations/**` for `migrations/0004_orders.py`; `**/ledger/config.py`), or, for a name without a folder, a path
    trigger names it (`**/dbt_project.yml`, `**/test_*.py`). A version ("v1.2.3"), "e.g." or a library ("Next.js",
    which a lesson's prose names as a file `**/Next.js`) is none: no folder of it, and no trigger names it; a bare
    extension pattern (`**/*.py`) says only what kind of file it is."""
    norm = normalize_path(path)
    if not norm or norm.startswith("/"):
        return False
    folder = "/" in norm
    for pattern, _, deep, mention in _candidate_globs(corpus, norm):
        if mention and not folder:
            continue
        level = specificity(pattern, norm)
        if level is None and deep:
            level = deeper(pattern, norm, deep)
        if level is None:
            continue
        if level >= NAME_PATTERN or (folder and folder_level(level) >= 1.0):
            return True
    return False


def in_scope(corpus: Corpus, paths: list[str]) -> set[int]:
    """Lessons in whose scope one of ``paths`` is: a path trigger, or a file named in their text, matches it (a
    backticked identifier that names a part of the path is not a scope)."""
    return _matching_lessons(corpus, paths)


def _best(scored: list[tuple[float, int]], corpus: Corpus, limit: int, exclude: set[str] | frozenset[str],
          distinct: Distinct | None) -> list[tuple[float, int]]:
    """The ``limit`` best (score, lesson) not in ``exclude`` and not near-duplicates (score, then id); only
    the top candidates are sorted."""
    if limit <= 0 or not scored:
        return []
    wanted = 3 * limit + len(exclude)  # enough that dropping excluded and duplicate ones still leaves ``limit``
    if len(scored) > wanted:
        from heapq import nlargest

        cutoff = nlargest(wanted, (score for score, _ in scored))[-1]
        scored = [item for item in scored if item[0] >= cutoff]
    ids, keys = corpus.ids, corpus.keys
    scored.sort(key=lambda item: (-item[0], ids[item[1]], item[1]))
    out: list[tuple[float, int]] = []
    for item in scored:
        if keys[item[1]] in exclude or (distinct is not None and not distinct.take(item[1])):
            continue
        out.append(item)
        if len(out) >= limit:
            break
    return out


def concept_links(corpus: Corpus, terms: list[str]) -> dict[str, list[str]]:
    """For each concept term of the request, its plain terms that are members of that concept: a lesson
    holding one of them shares the idea as a word already (see :meth:`BM25.evidence`)."""
    extra: dict[str, list[str]] = {t: [] for t in terms if t.startswith(PREFIX)}
    if extra:
        extra.update(links(terms, corpus.concept_words))
    for term in terms:  # a neighbour (:mod:`altimate_learn.deliver.neighbours`) is extra evidence, never a word
        if term.startswith(NEAR):
            extra[term] = []
    return extra


def relevant(corpus: Corpus, terms: list[str], minimum: float = MINIMUM_SCORE,
             evidence: float = EVIDENCE, few: int = 0, only: set[int] | dict | None = None) -> list[tuple[float, int]]:
    """(BM25 score, lesson) of every lesson relevant to ``terms``: one that shares at least
    :data:`SHARED_TERMS` content terms with the request (whatever their idf: in a store dense with one
    topic, "schema validation" is in thirty lessons and still what they are about; an idea shared in other
    words, a concept term, counts as half a term), or that scores above
    ``minimum`` with shared words whose idf adds up to at least ``evidence`` × the idf of a word only one
    lesson has (one rare word is enough). What the request states decides: a concern the task only implies
    (``^email``) adds to the score of a relevant lesson, never to the evidence that makes it relevant (one
    common word and a concern are a lesson matched by a guess, which would take a slot, and the session's
    room, from a lesson the request names). A request word that is only the verb a lesson starts with, a verb
    :data:`VERB_LEADS` or more lessons start with ("Show API errors …", "Show form errors …"), counts
    :data:`VERB_WEIGHT` of a shared word for it (:func:`_phrasing`): it is how the rule is phrased.

    With ``few`` (the per-request tier's limit), a word of the request that at most ``few`` lessons of the
    whole store hold points at those lessons, as :func:`selective` has it among a file's lessons: "bump" in
    "also bump requests and boto3" and the rule on dependency bumps, which its one shared word left under the
    floor at every store size. Not a word more than half the store holds (in a store of five lessons, "service" in
    four of them), which says nothing about which lesson. :func:`retrieve` asks for it only when nothing else is
    relevant.

    With ``only`` (lessons), the relevant lessons among those (the same, in the same order; the file tier)."""
    scores, mass, shared = corpus.bm25.evidence(terms, concept_links(corpus, terms), WEIGHT, implied=False, only=only)
    need = evidence * corpus.bm25.unique_idf() - 1e-9
    phrasing = _phrasing(corpus, terms)
    pointed: set[int] = set()
    for term in dict.fromkeys(terms) if few > 0 else ():
        if term[0] in (PREFIX, IMPLIED, NEAR) or term.startswith("_") or term.endswith("_"):
            continue
        entry = corpus.bm25._entry(term)
        if entry is not None and len(entry[0]) <= few and 2 * len(entry[0]) <= len(corpus):  # not most of the store
            pointed.update(doc for doc in entry[0] if doc not in phrasing.get(term, ()))
    for term, docs in phrasing.items():
        part = 1.0 - VERB_WEIGHT
        idf = corpus.bm25.idf(term)
        if idf <= 0:
            continue  # counted as no evidence already (see BM25.evidence)
        for doc in docs:
            shared[doc] = shared.get(doc, 0) - part
            mass[doc] = mass.get(doc, 0.0) - part * idf
    found = [(score, doc) for doc, score in scores.items()
             if shared.get(doc, 0) >= SHARED_TERMS - 1e-9 or (score > minimum and (mass.get(doc, 0.0) >= need
                                                                                   or doc in pointed))]
    if only is not None:
        return found
    lone = [doc for _, doc in found if shared.get(doc, 0) < SHARED_TERMS - 1e-9]
    if not lone:
        return found
    prose = _prose_only(corpus, terms, lone, shared)
    return [item for item in found if item[1] not in prose] if prose else found


def _prose_only(corpus: Corpus, terms: list[str], docs: list[int], shared: dict[int, float]) -> set[int]:
    """Those of ``docs`` (admitted on less than :data:`SHARED_TERMS` shared terms) whose only shared term is one
    word of the lesson's prose: a word of the request that the lesson holds neither in its path triggers nor in
    its backticked code (nor as an operator it quotes), with no concept or neighbour of the request's shared
    besides, or a bare number wherever it is. One rare word in common is how a lesson is about what the request
    names when the word is the lesson's technical name for it ("e2e" and `web/e2e/**`, "!important" and
    `!important`, "hubspot" and `models/staging/hubspot/*.sql`); an everyday word a rule happens to use is a
    homonym more often than not: "autumn leaves" and "Never leave a `limit` clause", "mirror the selfie" and
    "our ECR mirror", "rotate the labels" and "refresh tokens rotate", "page 1 of 3" and "at least 1 year".
    Measured on the request tiers of the readable task sets at 1,000 lessons: about 500 lessons were shown on one
    shared word (40 on a bare number), 17 of them needed: 9 on a word of the rule's triggers or code, 5 on a word of
    its lead phrase ("Write management commands", "Declare every non-file Makefile target"), 3 on other prose,
    which the files those tasks touch bring."""
    plain = [t for t in dict.fromkeys(terms)
             if t[0] not in (PREFIX, IMPLIED, NEAR) and not t.startswith("_") and not t.endswith("_")]
    held: dict[int, list[str]] = {doc: [] for doc in docs}
    wanted = frozenset(held)
    for term in plain:
        entry = corpus.bm25._entry(term)
        if entry is not None:
            for doc in wanted.intersection(entry[0]):
                held[doc].append(term)
    named: set[int] = set()  # lessons holding an affix the request writes (`_cents`): it names their identifier
    for term in dict.fromkeys(terms):
        if term[0] not in (PREFIX, IMPLIED, NEAR) and (term.startswith("_") or term.endswith("_")):
            entry = corpus.bm25._entry(term)
            if entry is not None:
                named.update(wanted.intersection(entry[0]))
    out: set[int] = set()
    for doc, words in held.items():
        if len(words) != 1 or abs(shared.get(doc, 0) - 1.0) > 1e-9:
            continue  # no plain word (a concept, a neighbour, a leading verb), or an idea shared besides the word
        word = words[0]
        if word.isdigit():
            out.add(doc)
        elif word not in _technical(corpus, doc) and word in search_tokens(split_scope(corpus.lines[doc])[1]):
            out.add(doc)  # a word of the prose (not one only its tags hold: a tag names its topic)
        elif doc not in named and identifier_part_only(corpus.lines[doc], word):
            out.add(doc)  # one part of a name in its code: "update" and `updated_at`, "order" and `order_id`
    return out


def identifier_part_only(line: str, term: str) -> bool:
    """Whether a lesson's ``line`` (its scope and text) holds ``term`` only as one part of an identifier of its code
    (backticks and path triggers: `updated_at`, `order_id`, `formatMoney()`, `stg_orders.sql`; in its prose, a
    snake_case word), never as a word of its own or as a whole name. A request that shares only that with a lesson
    names something else: "update the docs" and "please update the copyright year" are not about "…, keeping the
    latest `updated_at`", which one shared rare word admitted in a small store (review35 R35-11). A CamelCase word
    of the prose (`CronJobs`, `GitHub`) is the name of a thing, a word of its own."""
    scope, body = split_scope(line)
    pieces = body.split("`")
    code = " ".join([scope, *pieces[1::2]])
    prose = " ".join(pieces[0::2])
    part = False
    for text, camel in ((code, True), (prose, False)):
        for word in words(text):
            split = identifier_parts(word) if camel or "_" in word else [word]
            if len(split) <= 1:
                if term in search_tokens(word):
                    return False  # a word of its own
                continue
            if term in search_tokens(word.lower()) and "_" not in word:
                return False  # the whole name (`GitHub` for "github")
            if not part and any(term in search_tokens(piece) for piece in split):
                part = True
    return part


# where a rule's lead phrase ends (:func:`_lead_phrase`): a clause mark, or a word that starts another part
_CLAUSE_WORDS = frozenset(("with", "for", "on", "to", "as", "from", "by", "instead", "before", "after", "and", "or",
                           "than", "at", "of", "over", "under", "into", "through", "when", "unless", "until", "that",
                           "which", "where", "because", "if", "only", "not", "never", "what", "per", "via", "without",
                           "between", "across", "within"))
_CLAUSE_MARKS = ";:.,!?"
CLAUSE_END = r"[;:.,!?](?:\s|$)|\s(?:" + "|".join(sorted(_CLAUSE_WORDS)) + r")\s"  # the definition: _clause_end
_CLAUSE_END = None  # compiled on first use, for a text that is not ASCII
_LEADING_NEGATION = ("never ", "do not ", "don't ", "always ", "only ")


def _technical(corpus: Corpus, doc: int) -> set[str]:
    """The search terms of a lesson's path triggers (as its line shows them), of its backticked code, of the
    operators it quotes and of its lead phrase (:func:`_lead_phrase`): the names it gives things and what it
    says first, as opposed to the words of the rest of its prose."""
    scope, body = split_scope(corpus.lines[doc])
    code = " ".join(body.split("`")[1::2])
    return (set(search_tokens(" ".join((scope.replace(SUBFOLDERS, " "), code, _lead_phrase(body)))))
            | set(operators(code)))


def _lead_phrase(text: str) -> str:
    """The words a rule leads with, what it is about: its first clause up to a clause mark or a word that
    starts another part ("with", "for", "from", "and", "when", ...), without the verb after a leading "Never" /
    "Do not" / "Always" / "Only" (how the rule is put, not its topic) and without adverbs in -ly. "Snapshots use
    the timestamp strategy" → all of it; "Generate Alembic migrations with autogenerate" → "Generate Alembic
    migrations"; "Never leave a `limit` clause in a committed model" → "a limit clause in a committed model";
    "Base images come from our ECR mirror" → "Base images come"; "Test database restores monthly; …" →
    "Test database restores"."""
    first = text.replace("`", "")
    lowered = first.lower()
    for negation in _LEADING_NEGATION:
        if lowered.startswith(negation):
            rest = first[len(negation):].split(" ", 1)
            first = rest[1] if len(rest) > 1 else ""
            break
    cut = _clause_end(first)
    if cut >= 0:
        first = first[:cut]
    return " ".join(word for word in first.split() if not word.lower().endswith("ly"))


def _clause_end(text: str) -> int:
    """Where the first clause of ``text`` ends (-1: it is one clause): the start of the first match of
    :data:`CLAUSE_END` (ignoring case), found without a regex engine for ASCII text (the prompt hook checks the
    lead phrase of lessons a request matched on one word, and `import re` costs a share of a Python start-up)."""
    if not text.isascii():
        global _CLAUSE_END
        if _CLAUSE_END is None:
            import re

            _CLAUSE_END = re.compile(CLAUSE_END, re.IGNORECASE)
        found = _CLAUSE_END.search(text)
        return found.start() if found else -1
    lowered = text.lower()
    n = len(lowered)
    for at, ch in enumerate(lowered):
        if ch in _CLAUSE_MARKS:
            if at + 1 == n or lowered[at + 1].isspace():
                return at
        elif ch.isspace():
            end = at + 1
            while end < n and lowered[end].isalpha():
                end += 1
            if end < n and end > at + 1 and lowered[end].isspace() and lowered[at + 1:end] in _CLAUSE_WORDS:
                return at
    return -1


def _phrasing(corpus: Corpus, terms: list[str]) -> dict[str, set[int]]:
    """Request words that are, in some lessons, only the verb those lessons start with, where the verb starts
    :data:`VERB_LEADS` or more lessons of the store → those lessons: "show" in "Show API errors with
    `toastError()`", "Show form errors under the field", "Show relative times with `<RelativeTime>`" is how the
    rules are phrased, not what they are about, so "show the order total on the detail page" shares the verb
    with them and not yet a topic (see :func:`relevant` and :func:`_phrased`)."""
    out: dict[str, set[int]] = {}
    for term in terms:
        if term[0] in (PREFIX, IMPLIED, NEAR) or term.startswith("_") or term.endswith("_"):
            continue
        entry = corpus.bm25._entry(term)
        if entry is None or corpus.bm25.idf(term) <= 0:  # in more than half the store: no evidence anyway
            continue
        docs = _phrased(corpus, term, entry[0])
        if docs:
            out[term] = docs
    return out


def retrieve(corpus: Corpus, terms: list[str], limit: int, exclude: set[str] | frozenset[str] = frozenset(),
             paths: list[str] | None = None, minimum: float = MINIMUM_SCORE, *,
             touched: list[str] | None = None, evidence: float = EVIDENCE, stretch: int = 0,
             margin: float = MARGIN, seen: list[frozenset[str]] | None = None, distinct: bool = True,
             few: int = 0) -> list[int]:
    """Relevant lessons (see :func:`relevant`), best first.

    With ``paths`` (files the message names) and ``touched`` (files the session read or edited), lessons
    whose triggers match a named file come first, then those matching a touched file, then the rest;
    each group by score. A named file's lessons scoring under :data:`WEAK` of the best relevant lesson come after
    the project-wide lessons scoring at least that (which rank with the named file's better matches): a broad
    folder rule (`services/**`) applies to every file under it, and one the message shares only everyday words
    with ("export", "service") is not what it is about, while a project-wide rule applies to the named file too
    (a request naming `services/reports/app/export.py` and asking about its todo comments got thirteen
    `services/**` rules and not the TODO convention). Lessons scoped to other files keep their place after the
    named file's, weak or not.

    ``limit`` lessons, then up to ``stretch`` more while they score within ``margin`` of the last one taken
    (same group): in a crowded topic the sixth lesson that scores like the fifth is
    as much about the request, and a cut between them would be arbitrary. Near-duplicates of a lesson
    taken or in ``seen`` (word sets of lessons the session was shown) are left out (:class:`Distinct`), unless
    ``distinct`` is False (to say why a lesson that matches was not shown).

    With ``few`` (a later request: ``request_lessons``), a request no lesson is relevant to gets the lessons a
    word of it that at most ``few`` lessons hold points at (:func:`relevant`): a follow-up "also bump requests
    and boto3" showed nothing while the one rule on dependency bumps shared "bump". Not when the request has
    relevant lessons, shown or not: measured, those lessons then took the room the follow-up's files needed
    (freezegun, TaskGroup follow-ups lost; at a first request they pushed out vague tasks' file lessons), and a
    request repeating what the session was shown is told so rather than given a stray rule.
    """
    if limit <= 0 or not terms or not len(corpus):
        return []
    scored = relevant(corpus, terms, minimum, evidence)
    if few > 0 and not scored:
        scored = relevant(corpus, terms, minimum, evidence, few)  # nothing relevant: the few a rare word names
    groups: list[list[tuple[float, int]]] = []
    rest = scored
    # A project-wide lesson applies to the named file too: when the message matches some of the named file's lessons
    # less than half as well as its best lesson, the project-wide lessons it matches at least that well rank with the
    # named file's better matches, before those weak ones (see above). The touched files' group stays theirs.
    floor = WEAK * max((score for score, _ in scored), default=0.0)
    scoped = corpus.scoped
    if paths and rest:
        matching = _matching_lessons(corpus, paths)
        named = [item for item in rest if item[1] in matching]
        weak = [item for item in named if item[0] < floor]
        wide = [item for item in rest if not scoped[item[1]] and item[0] >= floor] if weak else []
        groups += [[item for item in named if item[0] >= floor] + wide, weak]
        taken = {index for _, index in named + wide}
        rest = [item for item in rest if item[1] not in taken]
    if touched and rest:
        matching = _matching_lessons(corpus, touched)
        groups.append([item for item in rest if item[1] in matching])
        rest = [item for item in rest if item[1] not in matching]
    groups.append(rest)
    wanted = limit + max(0, stretch)
    alike = Distinct(corpus, seen) if distinct else None
    ordered: list[tuple[float, int, int]] = []
    for number, group in enumerate(groups):
        if len(ordered) >= wanted:
            break
        ordered += [(score, index, number)
                    for score, index in _best(group, corpus, wanted - len(ordered), exclude, alike)]
    out = ordered[:limit]
    if len(out) == limit and len(ordered) > limit:
        last_score, _, last_group = out[-1]
        for item in ordered[limit:]:
            if item[2] != last_group or item[0] < last_score * (1 - margin):
                break
            out.append(item)
    return [index for _, index, _ in out]


_TYPO = None  # (intent, quoted span, another task) regexes, compiled on first use


def typo_fix(text: str) -> bool:
    """Whether a request only asks to fix a typo: it says "typo", "misspelled" or "spelling" with "fix" or
    "correct", or starts with "typo" / "there's a typo", in one sentence with no second task ("and", "then",
    "plus", "also" past its start; quoted text left out). A typo fix needs no convention of the store, and the
    words around it ("the typo in the zendesk tickets staging model", "the 'Our story' section") are where the
    typo is, not what the rules are about. Not a request that mentions typos as a symptom ("refund requests with
    a typo", "a PATCH with a typo'd field name returned 200 and ...")."""
    global _TYPO
    lowered = text.strip().lower()
    if "typo" not in lowered and "spel" not in lowered:
        return False
    if _TYPO is None:
        import re

        _TYPO = (re.compile(r"\b(?:typos?|misspel\w*|spelling)\b"),
                 re.compile(r"`[^`]*`|\"[^\"]*\"|(?<!\w)'[^']*'(?!\w)"),
                 re.compile(r"\b(?:and|then|plus|but)\b|[.;?!]\s+\S|.\balso\b"),
                 re.compile(r"\b(?:fix|correct)\b"), re.compile(r"(?:there'?s a |there is a |a )?typos?\b"))
    intent, quoted, another, fix, starts = _TYPO
    bare = quoted.sub(" ", lowered).strip()
    if not intent.search(bare) or another.search(bare):
        return False
    return bool(fix.search(bare) or starts.match(bare))


def defer_scoped(corpus: Corpus, terms: list[str], found: list[int], paths: list[str]) -> tuple[list[int], list[int]]:
    """``found`` (retrieved for a request, best first) split into (shown now, waiting for a file in scope).

    A lesson with path triggers is about the files they match. When no file the request names or the
    session touched (``paths``) is among them, and the request matches it weakly (fewer than :data:`STRONG`
    content terms in common, and a score under :data:`WEAK` of the best lesson retrieved), it waits: the
    file tier shows it first when the agent opens a file in its scope, with the request's terms still
    ranking that file's lessons. A task that never opens such a file was not about it (in our task sets,
    such lessons at the first request were for other folders in almost every case, and they took the room
    of the conventions of the files the task did open). So does one the request shares only one word of its
    prose with, whatever the score (:func:`_one_prose_word`): in a small store every word is rare, and "order
    the imports alphabetically" was the best match of "Shopify sends order webhooks more than once; deduplicate
    orders on `order_id`, …", scoped to the staging models (review36 R36-17). A strong match, a lesson without
    triggers or one whose scope a named file is in, is shown with the request as before, except that of one rule written
    once per folder ("The sso page loads its data with `useSsoQuery`", "The api-keys page loads its data
    with `useApiKeysQuery`", …: the same words once those naming each lesson's own scope are left out,
    :data:`DUPLICATE` alike) only the best is shown with the request and the others wait for their folders."""
    if not found:
        return found, []
    scoped = corpus.scoped
    candidates = [i for i in found if scoped[i]]
    if not candidates:
        return found, []
    scores, _, shared = corpus.bm25.evidence(terms, concept_links(corpus, terms), WEIGHT, implied=False)
    best = max(scores.get(i, 0.0) for i in found)
    in_scope = _matching_lessons(corpus, paths) if paths else set()
    waiting = [i for i in candidates if i not in in_scope and (
        (shared.get(i, 0) < STRONG and scores.get(i, 0.0) < WEAK * best)
        or (shared.get(i, 0) <= 1 + 1e-9 and _one_prose_word(corpus, i, terms)))]
    kept: list[frozenset[str]] = []  # one rule written once per folder: the best instance is shown
    for i in found:
        if i in in_scope or not scoped[i] or i in waiting:
            continue
        words = _unscoped_words(corpus, i)
        if any(overlap(words, other) >= DUPLICATE for other in kept):
            waiting.append(i)
        else:
            kept.append(words)
    if not waiting:
        return found, []
    later = set(waiting)
    return [i for i in found if i not in later], waiting


def _one_prose_word(corpus: Corpus, index: int, terms: list[str]) -> bool:
    """Whether the request (``terms``) shares at most one plain word with a lesson, and that word, if any, is a
    word of its prose: not a word of its path triggers, nor a whole word of its backticked code (`playwright`),
    nor a word only its tags hold (a tag names its topic). A part of an identifier (`order` of `order_id`) is no
    name the lesson gives a thing. Measured at 1,000 lessons on every readable task set, deferring such scoped
    lessons (with no idea shared besides the word) changed no needed lesson, and the precision set's request tier
    went from 1.45 to 1.12 lessons a request; deferring every one-word scoped match lost a lesson its tag names
    ("bundle" and the rule on lazy-loading chart libraries)."""
    from bisect import bisect_left

    held: list[str] = []
    for term in dict.fromkeys(terms):
        if term[0] in (PREFIX, IMPLIED, NEAR) or term.startswith("_") or term.endswith("_"):
            continue
        entry = corpus.bm25._entry(term)
        if entry is None:
            continue
        docs = entry[0]
        at = bisect_left(docs, index)
        if at < len(docs) and docs[at] == index:
            held.append(term)
            if len(held) > 1:
                return False
    if not held:
        return True  # an affix (`_at` of `updated_at`) or an idea alone: less than one word
    scope, body = split_scope(corpus.lines[index])
    pieces = body.split("`")
    if held[0] not in search_tokens(" ".join(pieces[0::2])):
        return False  # a word of its code or tags only
    if held[0] in search_tokens(scope.replace(SUBFOLDERS, " ")):
        return False
    return not any(held[0] in search_tokens(word) for word in words(" ".join(pieces[1::2]))
                   if len(identifier_parts(word)) <= 1)


def _unscoped_words(corpus: Corpus, index: int) -> frozenset[str]:
    """The words of a lesson (:func:`word_set`) without those that name its own scope (a word of its path
    triggers of three letters or more, or a word containing one: `sso` and `usessoquery` for "The sso page
    loads its data with `useSsoQuery`" scoped to `web/src/features/sso/**`), so one rule written for each of
    many folders reads the same for every folder."""
    words = word_set(corpus.texts[index])
    scope = split_scope(corpus.lines[index])[0].replace(SUBFOLDERS, "")  # the note names no scope
    if not scope:
        return words
    names = {w for w in word_set(scope) if len(w) >= 3}
    return frozenset(w for w in words if not any(n in w for n in names))


# --- file tier -----------------------------------------------------------------------------------------

def file_matches(corpus: Corpus, path: str) -> dict[int, float]:
    """Lessons matching ``path`` (project-relative) → :func:`specificity`: of their best path trigger or
    file named in their text (`**/ledger/config.py` for "… in `ledger/config.py`"), 0 for identifier-only
    matches. A trigger `DIR/NAME-PATTERN` matches a file in a subfolder of DIR too, at the weaker level of
    :func:`globs.deeper` (`models/staging/*.sql` for `models/staging/stripe/stg_x.sql`).

    An identifier-only match (a backticked identifier equal to a part of the path: `_cents` for
    `net_amount_cents.sql`) is a project-wide lesson's: a lesson with path triggers says where it applies, and
    when none of them (nor a file its text names) matches the file, one word of the path it shares (a module
    `billing`, a class `Client`, the `api` of `web/src/api` for `services/api/…`) does not make it the file's
    (review29 R29-3: "[applies to: backend/**/*.py]" was shown for a `.tsx`)."""
    norm = normalize_path(path)
    found: dict[int, float] = {}
    for pattern, lessons, deep, mention in _candidate_globs(corpus, norm):
        level = specificity(pattern, norm)
        if level is None and deep:  # `models/staging/*.sql` for `models/staging/stripe/stg_x.sql`: the weaker match
            level = deeper(pattern, norm, deep)
        if level is None:
            continue
        bare = mention and _bare_name(pattern)  # a file name alone: of a scoped lesson, only near its scope
        for index in unpack(lessons):
            if found.get(index, -1.0) < level and (not bare or mention_fits(corpus, index, norm)):
                found[index] = level
    # The path's tokens include every underscore prefix and suffix of its identifiers (`net_amount_cents`
    # gives `_cents` and `net_`), so affix anchors are found by the same exact lookup.
    scoped = corpus.scoped
    for token in set(tokenize(norm)):
        packed = corpus.anchors.get(token)
        for index in unpack(packed) if packed else ():
            if not scoped[index]:  # its own triggers say where it applies, and they do not match the file
                found.setdefault(index, 0.0)
    return found


def selective(corpus: Corpus, terms: list[str], candidates: set[int] | dict[int, float], pick: int) -> set[int]:
    """Candidates holding a request word that at most ``pick`` of the candidates at their level hold.

    Among the lessons that apply to one file, a word of the request that only a few of them contain
    points at those few ("upload" among the 50 conventions of `web/src/**`), however common the word is
    in the whole store; a word more of them contain than the file shows, or than half of them (as BM25
    itself ignores a word in more than half the store: "model" among the rules of `models/**`), says
    nothing about which, so it is not counted. With ``candidates`` as lesson → :func:`specificity`, the
    count is per level, where the per-file limit cuts: ten lessons that only name `metrics/…` in backticks
    do not make "metrics" common among the three rules of the services folder. Identifier affixes
    (`stg_`, `_cents`) do not count apart from the identifier they come from."""
    out: set[int] = set()
    if pick <= 0 or not candidates:
        return out
    levels = candidates if isinstance(candidates, dict) else dict.fromkeys(candidates, 0.0)
    sizes: dict[float, int] = {}
    for level in levels.values():
        sizes[level] = sizes.get(level, 0) + 1
    wanted = set(levels)
    for term in dict.fromkeys(terms):
        if term.startswith(("_", NEAR)) or term.endswith("_"):  # an affix; a neighbour is no word of the request
            continue
        entry = corpus.bm25._entry(term)
        if entry is None:
            continue
        hits: dict[float, list[int]] = {}
        for doc in corpus.bm25.within(entry[0], wanted):  # the posting intersected with the file's lessons, in C
            hits.setdefault(levels[doc], []).append(doc)
        for level, docs in hits.items():
            phrased = _phrased(corpus, term, docs)
            if phrased:  # the lessons that only start with the verb do not hold it as a topic
                docs = [doc for doc in docs if doc not in phrased]
            if docs and len(docs) <= pick and 2 * len(docs) <= sizes[level]:
                out.update(docs)
    return out


def _phrased(corpus: Corpus, term: str, docs) -> set[int]:
    """Those of ``docs`` (lessons holding ``term``) that hold it only as the verb they start with, when
    :data:`VERB_LEADS` or more of ``docs`` start with it: "show" in "Show API errors with `toastError()`",
    "Show form errors under the field", "Show relative times with `<RelativeTime>`" is how those rules are
    phrased, not what they are about, so a request that says "customers show up twice" or "show the last sync
    time" does not point at them by that word. A verb only one or two rules start with ("Debounce search
    inputs") is their topic, and so is a verb a rule says again in its body ("Show the trial banner only where
    it is shown today"). Which lessons start with a verb, and which say it once, is prepared with the corpus
    (:func:`altimate_learn.deliver.corpus.lead_verbs`)."""
    if len(docs) < VERB_LEADS:
        return set()
    found = corpus.lead_verb(term)
    if found is None:
        return set()
    starting, once = found
    # the lessons of ``docs`` (ascending) starting with the verb: a whole posting is not walked for a few of them
    led = [doc for doc in docs if doc in starting] if len(docs) <= 4 * len(starting) else \
        corpus.bm25.within(docs, starting)
    if len(led) < VERB_LEADS:
        return set()
    return {doc for doc in led if doc in once}


def rank_file_scored(corpus: Corpus, path: str, terms: list[str], pick: int = 0,
                     later: bool = False) -> list[tuple[int, float, float]]:
    """(lesson, specificity, relevance to the request) of every lesson matching ``path``, best first:
    specificity (a broader folder's rule that a word of the file's name or own folder points at counts at the next
    narrower folder level, :func:`_pointed_up`, and is returned with that level), then BM25 against ``terms`` (the session's latest request; only for lessons
    :func:`relevant` to it, or holding a request word that at most ``pick`` of the file's lessons hold
    (:func:`selective`): a single common word such as "model" says nothing, and would only sort by
    length), then lessons holding a word of the file's name that at most ``pick`` of its lessons hold
    (`input` for `QuantityInput.tsx`: the name says what the file is), then those holding such a word of its
    folders, the folder nearest the file first (`domain`, then `api`, for `services/api/app/domain/money.py`), then helpful − harmful, then BM25
    against the words of the path itself (`stripe`, `stg_` for `models/staging/stg_stripe__charges.sql`:
    only to break ties that would otherwise fall to the id), then id.

    With ``later`` (the file is opened in a later topic: the session's second request or after), at a level of
    more than :data:`BUCKET` × ``pick`` lessons (`web/src/**`, `services/**`: conventions for every file under
    the folder) the lessons holding such a word of the file's name come before the request's relevance: a
    follow-up arrives when the first topic has used most of the session, so the file's first batch is usually
    all it gets, and among dozens of conventions the request's everyday words ("page", "error", "show") spread
    relevance over unrelated ones while the name says what the file is (`form` for `SignupForm.tsx`: the rule for
    forms came 25th, after five rules sharing "show" or "error"). Measured, not argued for the first topic or a
    narrow level: there the request's relevance ranked better (a file's named "daily" or "deployment" rules
    displaced the rule the request pointed at)."""
    if not len(corpus):
        return []
    norm = normalize_path(path)
    matches = file_matches(corpus, norm)
    if not matches:
        return []
    candidates = set(matches)
    request = _request_scores(corpus, terms, matches, pick)
    plain = [t for t in terms if not t.startswith(IMPLIED)]
    if len(plain) < len(terms):
        # A lesson that matches the file only through a backticked identifier (level 0) is weak evidence of
        # being about the file; an implied concern is weak evidence of being about the request: together,
        # nothing. Such lessons are ranked by what the request says.
        weak = {i: level for i, level in matches.items() if level <= 0}
        stated = _request_scores(corpus, plain, weak, pick, levels=matches) if weak else {}
        for i in weak:
            if i in request:
                if i in stated:
                    request[i] = stated[i]
                else:
                    del request[i]
    words = query_terms(corpus, norm, implied=False)
    own = corpus.bm25.score_docs(words, list(candidates), concept_links(corpus, words)) if words else {}
    folder, _, name = norm.rpartition("/")
    named = name_points(corpus, norm, matches, pick)
    # The folders of the path, as words (`domain` for `services/api/app/domain/money.py`), not ideas: a folder
    # says where the file is, and only a word few of its lessons hold says more than the trigger did.
    # The nearer a folder is to the file, the more it says about it (`domain` in `services/api/app/domain/money.py`
    # more than `api`, which the broader trigger `services/api/**` already says): a lesson holding the word of a
    # deeper folder comes first.
    placed: dict[int, int] = {}
    if pick > 0 and folder:
        for depth, segment in enumerate(folder.split("/"), 1):
            places = [t for t in query_terms(corpus, segment, implied=False) if not t.startswith(PREFIX)]
            for i in selective(corpus, places, matches, pick) - named if places else ():
                placed[i] = depth
    kinds = file_concerns(corpus, norm)
    kind = corpus.bm25.score_docs(kinds, list(candidates)) if kinds else {}
    agreed = _agreed(corpus, terms, kinds, matches, pick) if kinds else set()
    net, ids = corpus.net, corpus.ids
    levels = _pointed_up(corpus, matches, name, placed, folder.count("/") + 1 if folder else 0, pick)
    first: set[int] = set()  # in a later topic, a bucket level's lessons the file's name points at
    if later and named:
        sizes: dict[float, int] = {}
        for level in matches.values():
            sizes[level] = sizes.get(level, 0) + 1
        first = {i for i in named if sizes[matches[i]] > BUCKET * pick}
    order = sorted(matches, key=lambda i: (-levels[i], i not in first, i not in agreed, -request.get(i, 0.0), i not in named,
                                           -placed.get(i, 0),
                                           -kind.get(i, 0.0), -net[i], -own.get(i, 0.0), ids[i], i))
    return [(i, levels[i], request.get(i, 0.0)) for i in order]


def _agreed(corpus: Corpus, terms: list[str], kinds: list[str], matches: dict[int, float], pick: int) -> set[int]:
    """The file's lessons holding an idea the request names (a concept term of ``terms``, not an implied concern) that
    the kind of file implies too (``kinds``, :func:`file_concerns`), when at most ``pick`` of the lessons at their
    level hold it: "the partner api hung and every worker was stuck waiting" (`~timeout`) for
    `integrations/lab_partner_client.py` (a client: http, timeouts, retries). Two signals apart, the symptom and what
    the file is, point at one idea; each alone is weak (a symptom's everyday words share words with other rules of a
    crowded folder, "api", "whole"; a kind only breaks ties). An idea many of the level's rules hold ("worker" and the
    Celery rules of a task module) says nothing about which of them."""
    out: set[int] = set()
    if pick <= 0:
        return out
    wanted = set(matches)
    for concern in kinds:
        term = PREFIX + concern[len(IMPLIED):]
        if term not in terms:
            continue
        entry = corpus.bm25._entry(term)
        if entry is None:
            continue
        hits: dict[float, list[int]] = {}
        for doc in corpus.bm25.within(entry[0], wanted):
            hits.setdefault(matches[doc], []).append(doc)
        for docs in hits.values():
            if len(docs) <= pick:
                out.update(docs)
    return out


def _pointed_up(corpus: Corpus, matches: dict[int, float], name: str, placed: dict[int, int], depth: int,
                pick: int) -> dict[int, float]:
    """Lesson → the level it is ranked at: its :func:`specificity`, or the next narrower folder level of the file's
    lessons for a lesson of a broader level that a word of the file's name, or of the folder the file is in, points
    at (the word itself, not its concept: :func:`selective` over the lesson's level; ``placed``: lesson → depth of
    the folder whose word points at it, ``depth`` the file's own folder's). The trigger says where a rule applies,
    the file's name and folder what the file is: "Create DNS records in the `dns` Terraform workspace only" (of
    `infra/**`) came 17th for `infra/terraform/stacks/dns/records.tf`, after all sixteen rules of
    `infra/terraform/**` in their order of helpfulness, none of which the path names; a first batch shows five.

    Only into a level of more than ``pick`` lessons: when a batch shows the narrower level whole, the broader level's
    pointed rules come right after it anyway (its name's words rank first within a level), and promoting them
    displaced a narrower rule (`fct_` and "daily" in a support mart's name, over the support marts' own rules). Not
    from a level of more than :data:`BUCKET` × ``pick`` lessons (`services/**`: which of its dozens a word names is
    a draw, and promoting them displaced the rules of a router's own folder), not past a file-name pattern
    or an exact name (`**/test_*.py`), not for a lesson matching through a backticked identifier alone (level 0), and
    a folder's word only when that folder is deeper than the narrower level's trigger reaches (`routers` says
    nothing new of a file under `services/api/app/routers/**`)."""
    if pick <= 0:
        return matches
    stem = name.split(".", 1)[0]
    words = [t for t in query_terms(corpus, stem, implied=False) if not t.startswith(PREFIX)] if stem else []
    named = selective(corpus, words, matches, pick) if words else set()
    near = named | {i for i, at in placed.items() if at == depth}
    if not near:
        return matches
    sizes: dict[float, int] = {}
    for level in matches.values():
        sizes[level] = sizes.get(level, 0) + 1
    steps = sorted(level for level in sizes if 0 < level < NAME_PATTERN)
    up: dict[float, float] = dict(zip(steps, steps[1:]))
    levels = dict(matches)
    for i in near:
        own = matches[i]
        target = up.get(own)
        if target is None or sizes[own] > BUCKET * pick or sizes[target] <= pick:
            continue  # a bucket's draw; or the narrower level fits in one batch, and this rule comes next anyway
        if i not in named and depth <= int(target):  # the folder is one the narrower trigger names
            continue
        levels[i] = target
    return levels


_NOT_CODE = frozenset("css scss sass less json yaml yml toml md txt svg png csv".split())


def file_concerns(corpus: Corpus, path: str) -> list[str]:
    """The concerns the kind of file implies (``^storybook``, ``^mock``): the implied-concern table
    (:mod:`altimate_learn.deliver.implied`) read on the words of the file's name (every part but the extension:
    `test` of `InvoiceRow.test.tsx`) and of the folder it is in (`components`, `schemas`, `routers`), as a
    request's words are. A shared component implies the design system, its story, accessibility; a component test
    its mocks; a page its error and loading states. The folders above say the area (`web`, `services`), which every
    file under them shares, so they order nothing."""
    if not corpus.implied_words:
        return []
    folder, _, name = path.rpartition("/")
    parts = name.split(".")
    words = folded_words(" ".join(parts[:-1] if len(parts) > 1 else parts) + " . " + folder.rpartition("/")[2])
    ideas = concept_terms(words, corpus.concept_words, corpus.concept_pairs) if corpus.concept_words else []
    more = concept_terms(words, corpus.implied_words, corpus.implied_pairs)
    for concept in ideas:
        more.extend(corpus.implied_words.get(concept, ()))
    named = [term for folded in words for term in folded]
    # a pair's word is the file's whole name, or its partner is in the name too (`auth/tokens.py`, `authToken.ts`):
    # not one word of a longer name (`auth/designTokens.ts`, `auth/token_bucket.py`), nor a stylesheet or data file
    # (`login/tokens.css`) (check50 C50-6)
    own = folded_words(" ".join(parts[:-1] if len(parts) > 1 else parts))
    own_terms = {term for folded in own for term in folded}
    paired = len(parts) == 1 or parts[-1].lower() not in _NOT_CODE
    for term in named:  # what the name says the file is (`OrdersList`: a list; `schemas/`: a schema module)
        more.extend(corpus.implied_words.get(KIND + term, ()))
        if not paired or term not in own_terms:
            continue
        alone = len(own) == 1
        for other in named:  # `auth/tokens.py`: tokens beside a word of signing in (implied.KIND_WITH)
            if other != term and (alone or other in own_terms):
                more.extend(corpus.implied_words.get(KIND + other + KIND_WITH + term, ()))
    vocabulary = corpus.vocabulary
    return sorted({t for t in more if PREFIX + t[len(IMPLIED):] in vocabulary})


def name_points(corpus: Corpus, path: str, matches: dict[int, float], pick: int) -> set[int]:
    """The lessons of ``matches`` (lesson → :func:`specificity`) holding a word of the file's name (without
    its extension) that at most ``pick`` of the lessons at their level hold (:func:`selective`): `variabl`
    for `variables.tf` points at the rule on Terraform variables among the conventions of `infra/terraform/**`."""
    stem = normalize_path(path).rpartition("/")[2].split(".", 1)[0]
    if pick <= 0 or not stem:
        return set()
    return selective(corpus, query_terms(corpus, stem, implied=False), matches, pick)


def _request_scores(corpus: Corpus, terms: list[str], matches: dict[int, float], pick: int,
                    levels: dict[int, float] | None = None) -> dict[int, float]:
    """Lesson → relevance to the request, for the lessons of ``matches`` that are :func:`relevant` to
    ``terms`` or hold a request word few of the file's lessons hold (:func:`selective`, counted over
    ``levels``, all the file's lessons, when given)."""
    if not terms:
        return {}
    request = {doc: score for score, doc in relevant(corpus, terms, only=matches)}
    pointed = {i for i in selective(corpus, terms, levels or matches, pick) if i in matches} - set(request)
    if pointed:
        request.update(corpus.bm25.score_docs(terms, list(pointed), concept_links(corpus, terms)))
    return request


def rank_file(corpus: Corpus, path: str, terms: list[str], pick: int = 0) -> list[int]:
    """Every lesson matching ``path``, best first (see :func:`rank_file_scored`)."""
    return [i for i, _, _ in rank_file_scored(corpus, path, terms, pick)]


def file_window(scored: list[tuple[int, float, float]], limit: int, stretch: int = 0,
                margin: float = MARGIN) -> list[int]:
    """The first ``limit`` of a :func:`rank_file_scored` ranking, then up to ``stretch`` more that score
    like the last one taken: the same specificity, and a relevance to the request within ``margin`` of
    its (only when it has one: lessons tied on no relevance at all are ordered by helpfulness, not
    relevance, so nothing says the next one is as much about the request)."""
    out = [i for i, _, _ in scored[:limit]]
    if len(scored) > limit and limit > 0 and stretch > 0:
        _, level, relevance = scored[limit - 1]
        for i, other_level, other in scored[limit:limit + stretch]:
            if other_level != level or relevance <= 0 or other < relevance * (1 - margin):
                break
            out.append(i)
    return out


def folder_level(level: float) -> float:
    """The folder part of a :func:`specificity` (without the file-name bonus of an exact name or pattern)."""
    return round(level % NAME_PATTERN, 6) if level >= 0 else level


def held_back(scored: list[tuple[int, float, float]], limit: int, corpus: Corpus | None = None,
              terms: list[str] | None = None, path: str | None = None) -> list[int]:
    """What a file's second batch may show (an edit after the file was served), in order: the lessons of a
    :func:`rank_file_scored` ranking at the level where ``limit`` cut it, or more specific, that the
    latest request points at (relevance above 0); then the lessons below the cut holding a word or idea the
    request states (``terms`` without implied concerns) that few lessons of their level hold
    (:func:`selective`), most relevant first; then the rest of the level where the limit cut; then the other
    lessons below the cut that the request points at.

    The level where the limit cut counts only when it names something of the path (a folder, the name, its
    extension; not lessons matching through a backticked identifier alone, or `**`), and holds at most
    :data:`BUCKET` × ``limit`` lessons: a level with more (`services/**`, `web/src/**` in a large
    repository) is a bucket of conventions for every file under it, ordered by helpfulness alone, and a
    second batch of it would be a draw, not what this file needs. Of that level, the lessons the request
    does not point at are ordered by helpfulness alone too, so a broader rule that the request names
    ("months with no sales" and the rule on date spines of `models/**`, for a mart under
    `models/marts/**/*.sql`) comes before them: narrower rules still come first in the file's first batch,
    but the cut should not hide the one rule of the file the request names. A broader rule that only a
    common word ("model" among the rules of `models/**`) or an implied concern ("a model" implies naming and
    raw-data rules) points at waits behind them.

    When the limit cut where a level ended (the first batch took all of it) and the next level names something of
    the path and holds at most ``limit`` lessons, that level is where it cut, and all of it comes before the broader
    lessons below it that a word of the request points at: a router's file matched five rules of its folder, three of
    `services/api/**` and thirty-seven of `services/**`, and its edit brought `services/**` rules sharing "users" or
    "logged" with the request, never "Return Pydantic response models from FastAPI routes" or "Never call blocking
    I/O inside `async def` handlers", which the request shares no word with (blind batch 41). Then come the broader
    lessons as above, and last those matching the file only through a backticked identifier (level 0: a project-wide
    rule naming `api` for a router under `services/api/`; until review29 R29-3 also `web/src/api` and the `api-keys`
    page's rules, scoped to `web/src/**`), which the request's words would otherwise have put before a broader rule of
    the file's own folders. A larger next level is left as it was: which of its
    lessons comes next would be a draw.

    With ``path`` (the file), after the level where the limit cut come the lessons below the cut holding a word of
    the file's name that few lessons of their level hold (:func:`name_points`), at a level that names something of
    the path and is no bucket, before the rest of what the request points at: `main.tf` and `variables.tf` of a
    new Terraform module share their first five (the module's own rules, and the modules rule), so without this
    the edit of `variables.tf` brought nothing, and the rule on Terraform variables of `infra/terraform/**`, which
    helpfulness alone ordered 7th, never came. Measured: at a bucket level (`LoginForm.tsx` and the form rules
    of `web/src/**`) such lessons took the room a follow-up needed."""
    if len(scored) <= limit or limit <= 0:
        return []
    cut = scored[limit - 1][1]
    level_of: list[tuple[int, float, float]] = []
    if cut > 0 and sum(1 for _, level, _ in scored if level == cut) <= BUCKET * limit:
        level_of = [item for item in scored if item[1] >= cut]
    # The limit cut where a level ended (the first batch took all of it): the next level is where it cut, when that
    # level names something of the path and is small enough to be one batch (`services/api/**`'s three rules below
    # the five of a router's folder).
    below = scored[limit][1]
    nearer = below != cut and below > 0 and sum(1 for _, level, _ in scored if level == below) <= limit
    if nearer:
        level_of = [item for item in scored if item[1] >= below]
    taken = {i for i, _, _ in level_of} | {i for i, _, _ in scored[:limit]}
    pointed = sorted((item for item in scored[limit:] if item[2] > 0 and item[0] not in taken), key=lambda item: -item[2])
    stated: set[int] = set()
    plain = [t for t in terms or () if not t.startswith(IMPLIED)]
    if corpus is not None and plain and pointed:
        stated = selective(corpus, plain, {i: level for i, level, _ in scored}, limit)
    rest = [i for i, _, relevance in level_of if relevance <= 0]
    if not rest:  # nothing to come before: the lessons below the cut stay in the order of their relevance
        stated = set()
    named: list[int] = []  # below the cut, what the file's name points at, at a level that is no bucket
    if corpus is not None and path:
        levels = {i: level for i, level, _ in scored}
        sizes: dict[float, int] = {}
        for level in levels.values():
            sizes[level] = sizes.get(level, 0) + 1
        points = name_points(corpus, path, levels, limit)
        named = [i for i, level, _ in scored[limit:] if i in points and i not in taken and i not in stated
                 and level > 0 and sizes[level] <= BUCKET * limit]
    later = set(named)
    if nearer:
        # The next level, all of it, before a broader lesson a word of the request points at; a lesson matching the
        # file only through a backticked identifier (a project-wide rule naming `api` for `services/api/…`) after those.
        weak = [i for i, level, _ in pointed if level <= 0]
        broad = [i for i, level, _ in pointed if level > 0]
        return ([i for i, _, relevance in level_of if relevance > 0] + rest + [i for i in broad if i in stated] + named
                + [i for i in broad if i not in stated and i not in later] + [i for i in weak if i in stated]
                + [i for i in weak if i not in stated and i not in later])
    return ([i for i, _, relevance in level_of if relevance > 0] + [i for i, _, _ in pointed if i in stated]
            + rest + named + [i for i, _, _ in pointed if i not in stated and i not in later])


def select_file(corpus: Corpus, path: str, terms: list[str], limit: int,
                exclude: set[str] | frozenset[str] = frozenset()) -> list[int]:
    """The ``limit`` best lessons for ``path`` that are not in ``exclude``."""
    if limit <= 0:
        return []
    keys = corpus.keys
    return [i for i in rank_file(corpus, path, terms, limit) if keys[i] not in exclude][:limit]
