"""The prepared delivery corpus: parallel per-lesson fields, and how checked lessons are packed into them.

:func:`pack_lessons` turns the checked lessons of every store (see :mod:`altimate_learn.deliver.index`, which
reads, checks and caches them) into the packed form that is cached with `marshal`: texts as one string plus
offsets, the BM25 postings, the anchor, trigger and file-mention tables, the concept and implied-concern
tables a request needs, and the core order. :class:`Corpus` decodes that form lazily, so a hook loads a
10,000-lesson corpus in microseconds.

Stdlib only, and lean: this module is imported by every hook call.
"""

from __future__ import annotations

from altimate_learn.deliver.bm25 import BM25, pack, unpack
from altimate_learn.deliver.render import lesson_line
from altimate_learn.deliver.tokenize import anchors, folded_words, operators, search_tokens

INDEX_VERSION = 19  # the packed layout: a cache of another version is rebuilt
VERB_LEADS = 3  # lessons starting with one verb that make it their phrasing, not their topic (deliver.select)


class StrList:
    """A read-only list of strings kept as one string plus offsets: loads in microseconds, items on demand."""

    __slots__ = ("blob", "offsets")

    def __init__(self, blob: str, offsets: bytes) -> None:
        self.blob = blob
        self.offsets = unpack(offsets)

    @classmethod
    def pack(cls, items: list[str]) -> tuple[str, bytes]:
        offsets = [0]
        for item in items:
            offsets.append(offsets[-1] + len(item))
        return "".join(items), pack(offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, index: int) -> str:
        if index < 0:
            index += len(self)
        return self.blob[self.offsets[index]:self.offsets[index + 1]]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, tuple, StrList)) else NotImplemented

    def index(self, value: str) -> int:
        return list(self).index(value)

    def position(self, value: str) -> int:
        """The index of ``value`` (-1: not an item), found in the joined string, not item by item: a hook looks
        up a few keys among 10,000 lessons in microseconds."""
        if not value:
            return -1
        from bisect import bisect_left

        blob, offsets, start = self.blob, self.offsets, 0
        last = len(offsets) - 1
        while True:
            at = blob.find(value, start)
            if at < 0:
                return -1
            index = bisect_left(offsets, at)
            if index < last and offsets[index] == at and offsets[index + 1] == at + len(value):
                return index
            start = at + 1

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"StrList({list(self)!r})"


class Corpus:
    """Parallel per-lesson fields (index = position), decoded lazily from the cached, packed form."""

    __slots__ = ("keys", "stores", "ids", "texts", "lines", "net", "pinned", "scoped", "core", "bm25",
                 "anchors", "patterns", "mentions", "concept_words", "concept_pairs", "implied_words",
                 "implied_pairs", "verbs", "_verb_sets", "near_keys", "near_values", "bans", "banned", "skipped",
                 "cached", "content", "routes", "shapes")

    def __init__(self, data: dict) -> None:
        self.keys = StrList(*data["keys"])  # "store/id": unique across stores
        self.stores = StrList(*data["stores"])
        self.ids = StrList(*data["ids"])
        self.texts = StrList(*data["texts"])  # the checked, single-line text
        self.lines = StrList(*data["lines"])  # what the agent sees (with `[applies to: …]`)
        self.net = unpack_signed(data["net"])  # helpful − harmful
        self.pinned: bytes = data["pinned"]  # 1 = pinned
        self.scoped: bytes = data["scoped"]  # 1 = has path triggers
        self.core = unpack(data["core"])  # indices in core order: pinned, then net, then id
        self.bm25 = BM25.load(data["bm25"])
        self.anchors: dict[str, bytes] = data["anchors"]  # anchor → packed lesson indices
        self.patterns: dict[str, bytes] = data["patterns"]  # trigger glob → packed lesson indices
        self.mentions: dict[str, bytes] = data["mentions"]  # glob of a file the text names → lesson indices
        # every glob of both, filed by the first folder of its literal prefix (globs.route: "" for none) →
        # [(position: patterns first, then mentions, in their order; glob; 1 = a mention; literal prefix; literal
        # text after a leading `**/`; for `DIR/NAME-PATTERN` "DIR/", which its subfolders' files match too,
        # globs.deep_folder)]: a file event looks at the globs of its path's first folder and of "" only
        self.routes: dict[str, list[tuple[int, str, int, str, str, str]]] = data["routes"]
        # folded word (or "word word") → concept terms (`~database`), for the concepts some lesson holds
        self.concept_words: dict[str, list[str]] = data["concepts"][0]
        self.concept_pairs: dict[str, list[str]] = data["concepts"][1]
        # folded word, "word word" or concept term → implied terms (`^email` for "invite", "reset link")
        self.implied_words: dict[str, list[str]] = data["implied"][0]
        self.implied_pairs: dict[str, list[str]] = data["implied"][1]
        # leading verb → (lessons starting with it, those of them saying it only there), for verbs
        # VERB_LEADS or more lessons start with (see :func:`lead_verbs`)
        self.verbs: dict[str, tuple[bytes, bytes]] = data["verbs"]
        self._verb_sets: dict[str, tuple[frozenset[int], frozenset[int]]] = {}
        # folded request word no lesson holds → the store's terms that are its neighbours in the word-vector
        # table, space-separated (see :mod:`altimate_learn.deliver.neighbours`); keys sorted, for bisect
        self.near_keys = StrList(*data["near"][0])
        self.near_values = StrList(*data["near"][1])
        # keyword code a lesson bans ("select *") → (packed lessons banning it, the longer code they ask for, "union
        # all" for "union"; :func:`altimate_learn.deliver.edits.lesson_bans`)
        self.bans: dict[str, tuple[bytes, list[str]]] = data["bans"]
        # each lesson's banned code by anchor (:func:`altimate_learn.deliver.contents.packed_bans`; "" for none): what
        # a read file's code is checked against, prepared here so a hook compiles no regex
        self.banned = StrList(*data["banned"])
        # the request shapes' word lists, folded (:func:`altimate_learn.deliver.shapes.folded_tables`; {} for none)
        self.shapes: dict[str, list[frozenset[str]]] = data["shapes"]
        self.skipped: list[str] = data["skipped"]  # why lessons or stores were left out (logged when prepared)
        self.cached = bool(data.get("cached"))
        # the key of the stores' content it was prepared from (:func:`altimate_learn.deliver.index.corpus_key`; set by
        # load_corpus, "" otherwise): a session compares it to notice that the approved set changed under it
        self.content = ""

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def vocabulary(self) -> dict:
        return self.bm25.postings

    def near_terms(self, term: str) -> list[str]:
        """The store's terms that are neighbours of the folded word ``term`` (best first; empty for none)."""
        keys = self.near_keys
        if not len(keys):
            return []
        from bisect import bisect_left

        at = bisect_left(keys, term)
        if at < len(keys) and keys[at] == term:
            return self.near_values[at].split(" ")
        return []

    def lead_verb(self, term: str) -> tuple[frozenset[int], frozenset[int]] | None:
        """The lessons starting with ``term`` and those of them that say it only there, when
        :data:`VERB_LEADS` or more lessons start with it; else None."""
        found = self._verb_sets.get(term)
        if found is None:
            packed = self.verbs.get(term)
            if packed is None:
                return None
            found = self._verb_sets[term] = (frozenset(unpack(packed[0])), frozenset(unpack(packed[1])))
        return found


def unpack_signed(data: bytes) -> memoryview:
    return memoryview(data).cast("i")


def _pack_signed(values: list[int]) -> bytes:
    from array import array

    return array("i", values).tobytes()


def empty_corpus() -> Corpus:
    return Corpus(pack_lessons([], []))



def core_order(lessons: list[dict], stores: list[str]) -> list[int]:
    """Positions of ``lessons`` in core order (spec 003): pinned first, then helpful − harmful; among equals,
    project-wide lessons (no path trigger) before scoped ones and the most recently approved first (the
    latest `updated`: a lesson's current text was approved after its last change), then id and store.

    So a new team's store, where nothing is pinned or earned yet, still fills the core tier, with the rules
    that apply everywhere and were agreed last."""
    # Three stable sorts, the last key first (a stable sort keeps the order of equals, reverse=True too): the
    # same order as one sort by (pinned, net, scoped, `updated` latest first, id, store), without spelling
    # each stamp as a tuple of negated characters (a string sorted in reverse is latest first, "" last).
    order = sorted(range(len(lessons)), key=lambda i: (lessons[i]["id"], stores[i]))
    order.sort(key=lambda i: lessons[i].get("updated") or "", reverse=True)
    order.sort(key=lambda i: (not lessons[i]["pinned"], -lessons[i]["net"], bool(lessons[i]["triggers"])))
    return order


def lead_verbs(texts: list[str], leads: list[list] | None = None) -> dict[str, tuple[bytes, bytes]]:
    """For each term that :data:`VERB_LEADS` or more of ``texts`` start with (a search term of the first word,
    spelled from the text's first letter: "Show", "Calls"), the packed lessons starting with it and those of
    them whose text holds it once: computed when the corpus is prepared, so a request naming a verb thousands
    of lessons start with does not tokenize them (see :func:`altimate_learn.deliver.select._phrased`).
    ``leads``: each text's :func:`lesson_leads`, when at hand."""
    led: dict[str, list[tuple[int, bool]]] = {}
    for index, found in enumerate(leads if leads is not None else map(lesson_leads, texts)):
        for term, once in found:
            led.setdefault(term, []).append((index, once))
    return {term: (pack([doc for doc, _ in docs]), pack([doc for doc, once in docs if once]))
            for term, docs in led.items() if len(docs) >= VERB_LEADS}


def lesson_leads(text: str) -> list[list]:
    """[term, text holds it once] for each search term of the text's first word spelled from its first letter."""
    first = text[: text.find(" ")] if " " in text else text
    initial = text[:1].lower()
    terms = [term for term in dict.fromkeys(search_tokens(first)) if term[:1] == initial]
    if not terms:
        return []
    tokens = search_tokens(text)
    return [[term, tokens.count(term) == 1] for term in terms]


def lesson_parts(text: str, tags: list[str], triggers: list[str], singles: dict, pairs: dict) -> tuple:
    """What the corpus derives from one checked lesson alone (its checked text, tags and path triggers; the
    concept tables ``singles``, ``pairs`` are the code's, not the store's): its search tokens, concept terms,
    anchors, the files it names, its rendered line and its leads. Kept per lesson between preparations
    (:mod:`altimate_learn.deliver.reuse`), so it must depend on nothing else."""
    from altimate_learn.deliver import concepts
    from altimate_learn.deliver.mentions import file_mentions  # regexes: only when preparing

    from altimate_learn.deliver.contents import packed_bans
    from altimate_learn.deliver.edits import lesson_bans

    joined = " ".join([text, *tags, *triggers])
    banned, asked = lesson_bans(text) if "`" in text else ([], [])
    # an operator the lesson quotes (`!=`) is a search term of its own (tokenize.operators)
    return (search_tokens(joined) + operators(text), concepts.concept_terms(folded_words(joined), singles, pairs),
            sorted(anchors(text)), list(file_mentions(text)), lesson_line(text, triggers), lesson_leads(text),
            *concepts.join_words(text), concepts.kind_marks(text, triggers),
            ([" ".join(phrase) for phrase in banned], [" ".join(phrase) for phrase in asked]), packed_bans(text))


def pack_lessons(lessons: list[tuple[str, dict]], skipped: list[str], memo=None) -> dict:
    """The packed corpus of ``lessons``; ``memo`` (:class:`altimate_learn.deliver.reuse.Memo`) keeps each
    lesson's :func:`lesson_parts` from earlier preparations (same result, less work)."""
    from altimate_learn.deliver import concepts, implied, shapes  # the tables are folded here, once, not in every hook
    from altimate_learn.deliver.morphology import fold

    singles, pairs = concepts.build_tables(fold) if lessons else ({}, {})
    if memo is None:
        parts = [lesson_parts(lesson["text"], lesson["tags"], lesson["triggers"], singles, pairs) for _, lesson in lessons]
    else:
        parts = [memo.lesson_parts(lesson["text"], lesson["tags"], lesson["triggers"],
                                   lambda lesson=lesson: lesson_parts(lesson["text"], lesson["tags"],
                                                                      lesson["triggers"], singles, pairs))
                 for _, lesson in lessons]
    docs = [part[0] for part in parts]
    extra = [part[1] for part in parts]
    held = {term for terms in extra for term in terms}  # a request needs only the concepts some lesson has
    singles = {word: kept for word, terms in singles.items() if (kept := [t for t in terms if t in held])}
    pairs = {words: kept for words, terms in pairs.items() if (kept := [t for t in terms if t in held])}
    implied_tables = implied.build_tables(fold, held) if lessons else ({}, {})
    # A request may spell a lesson's identifier as words ("unique key", "use effect"): looked up with the
    # concepts, for requests only (the lessons' concept terms above are computed without them).
    from altimate_learn.deliver.tokenize import STOPWORDS

    own = [lesson["text"] for _, lesson in lessons]
    plains = [part[6] for part in parts]  # what the join tables read of each lesson (concepts.join_words)
    join_words, join_pairs = concepts.identifier_joins(own, fold, STOPWORDS, [part[7] for part in parts])
    # `fct_events` names a model where dbt lessons use the prefix; "division" meets "Divide …" and back
    join_words.update(concepts.kind_table(fold, [(lesson["text"], lesson["triggers"]) for _, lesson in lessons],
                                          [part[8] for part in parts]))
    for joins, more in ((join_words, concepts.sion_joins(own, plains)),
                        (join_pairs, concepts.compound_joins(own, fold, STOPWORDS, plains))):
        for key, found in more.items():
            joins[key] = [*joins.get(key, ()), *(t for t in found if t not in joins.get(key, ()))]
    for table, joins in ((singles, join_words), (pairs, join_pairs)):
        for key, found in joins.items():
            table[key] = [*table.get(key, ()), *(t for t in found if t not in table.get(key, ()))]
    # Request words no lesson holds → the store's words that mean the same (the word-vector table, read here
    # only: a hook looks the prepared map up)
    from altimate_learn.deliver import neighbours

    plain = {term for doc in docs for term in doc if term.isalpha()}
    near = neighbours.build(plain) if lessons else {}

    anchor_map: dict[str, list[int]] = {}
    patterns: dict[str, list[int]] = {}
    mentions: dict[str, list[int]] = {}
    bans: dict[str, tuple[list[int], list[str]]] = {}
    for index, (_, lesson) in enumerate(lessons):
        for anchor in parts[index][2]:
            anchor_map.setdefault(anchor, []).append(index)
        banned, asked = parts[index][9]
        for phrase in dict.fromkeys(banned):
            holders, unless = bans.setdefault(phrase, ([], []))
            holders.append(index)
            unless.extend(longer for longer in asked if longer not in unless)
        for pattern in dict.fromkeys(lesson["triggers"]):
            patterns.setdefault(pattern, []).append(index)
        for glob in parts[index][3]:
            mentions.setdefault(glob, []).append(index)
    core = core_order([lesson for _, lesson in lessons], [name for name, _ in lessons])
    from altimate_learn.deliver.globs import deep_folder, literals, route

    routes: dict[str, list[tuple[int, str, int, str, str, str]]] = {}
    for position, (glob, mention) in enumerate([(g, 0) for g in patterns] + [(g, 1) for g in mentions]):
        prefix, inner = literals(glob)
        routes.setdefault(route(prefix), []).append((position, glob, mention, prefix, inner, deep_folder(glob)))
    return {
        "v": INDEX_VERSION,
        "keys": StrList.pack([f"{name}/{lesson['id']}" for name, lesson in lessons]),
        "stores": StrList.pack([name for name, _ in lessons]),
        "ids": StrList.pack([lesson["id"] for _, lesson in lessons]),
        "texts": StrList.pack([lesson["text"] for _, lesson in lessons]),
        "lines": StrList.pack([part[4] for part in parts]),
        "net": _pack_signed([lesson["net"] for _, lesson in lessons]),
        "pinned": bytes(1 if lesson["pinned"] else 0 for _, lesson in lessons),
        "scoped": bytes(1 if lesson["triggers"] else 0 for _, lesson in lessons),
        "core": pack(core),
        "bm25": BM25.build(docs, extra, concepts.WEIGHT).dump(),
        "anchors": {anchor: pack(found) for anchor, found in anchor_map.items()},
        "patterns": {pattern: pack(found) for pattern, found in patterns.items()},
        "mentions": {glob: pack(found) for glob, found in mentions.items()},
        "routes": routes,
        "bans": {phrase: (pack(holders), unless) for phrase, (holders, unless) in bans.items()},
        "banned": StrList.pack([part[10] for part in parts]),
        "concepts": (singles, pairs),
        "implied": implied_tables,
        "shapes": shapes.folded_tables() if lessons else {},
        "verbs": lead_verbs([lesson["text"] for _, lesson in lessons], [part[5] for part in parts]),
        "near": (StrList.pack(list(near)), StrList.pack([" ".join(found) for found in near.values()])),
        "skipped": skipped,
    }
