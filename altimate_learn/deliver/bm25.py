"""Okapi BM25 over token lists, stdlib only, built for a hook process that lives ~30 ms.

The index is inverted (term → postings), so scoring a request touches only the lessons that share a
term with it, not the whole store; it is plain lists and dicts, so it round-trips through `marshal` for
the prepared-index cache (:mod:`altimate_learn.deliver.index`).

Scores are rank-bm25's ``BM25Okapi`` exactly (a test checks scores and rankings against it): k1 = 1.2,
b = 0.75, per query term ``idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen))`` with
``idf = ln((N − n + 0.5) / (n + 0.5))``, and a negative idf (a term in more than half the lessons)
replaced by ``0.25 ×`` the mean idf of the vocabulary. Each query term counts once.

A store of fewer than :data:`SMALL` lessons (a team's first days) is the exception: there Okapi's idf says
nothing (in a store of one or two lessons every word is in half the store or more, so no word is a content
term and a lesson pulled in mid-session was never relevant to a request, even one in its own words). In such a
store a word that at most half the lessons hold, or the only lesson, weighs what it would in a store of
:data:`SMALL` lessons where no other lesson holds it (``n`` of them: ``ln((SMALL − n + 0.5) / (n + 0.5))``);
a word more than half of them hold (and at least two: the words every lesson has) scores nothing and is no
content term.
From :data:`SMALL` lessons up the two are the same formula, and scores are rank-bm25's.
"""

from __future__ import annotations

import math

from altimate_learn.deliver.concepts import IMPLIED, IMPLIED_FACTOR, NEAR, NEAR_SHARED, NEAR_WEIGHT, WEIGHT
from altimate_learn.deliver.concepts import PREFIX as CONCEPT

K1 = 1.2
B = 0.75
EPSILON = 0.25  # rank-bm25's floor for a negative idf, as a fraction of the mean idf
SMALL = 20  # a store of fewer lessons weighs its words as if it had this many (see the module docstring)
_ITEMSIZE = 4  # struct "I": the packed document indices (memoryview casts need no `array` import)


def okapi_idf(size: int, df: int) -> float:
    """The idf of a term ``df`` of ``size`` documents hold: Okapi's ``ln((N − n + 0.5) / (n + 0.5))``, in a store
    of fewer than :data:`SMALL` documents with ``N`` = :data:`SMALL` for a term at most half of them (or the only
    one) hold."""
    if size < SMALL and (df <= 1 or 2 * df <= size):
        size = SMALL
    return math.log(size - df + 0.5) - math.log(df + 0.5)


def pack(values: list[int]) -> bytes:
    from array import array  # building only: `array` imports collections, a hook reads with memoryview

    packed = array("I", values)
    assert packed.itemsize == _ITEMSIZE
    return packed.tobytes()


def unpack(data: bytes | list[int]) -> memoryview | list[int]:
    """Packed unsigned ints as a read-only sequence (a memoryview: no copy, nothing imported)."""
    if isinstance(data, (bytes, bytearray)):
        return memoryview(data).cast("I")
    return data


def _pairs(docs: list[list[str]]) -> dict[str, list[int]]:
    """term -> [document, term frequency, document, term frequency, ...]."""
    pairs: dict[str, list[int]] = {}
    for index, tokens in enumerate(docs):
        counts: dict[str, int] = {}
        for token in tokens:
            counts[token] = counts.get(token, 0) + 1
        for term, tf in counts.items():
            pairs.setdefault(term, []).extend((index, tf))
    return pairs


def pack_floats(values: list[float]) -> bytes:
    from array import array

    return array("d", values).tobytes()


def unpack_floats(data: bytes) -> memoryview:
    return memoryview(data).cast("d")


class BM25:
    """An inverted BM25 index. Build with :meth:`build`; persist with :meth:`dump` / :meth:`load`.

    A lesson's score for a term depends only on the store (idf, its length, the average length), so each
    posting stores its finished contribution: ``term → (packed document indices, packed weights)``.
    Scoring a request is then a sum of weights over the postings of its terms, and loading 10,000
    lessons' postings from `marshal` creates a few thousand bytes objects, not millions of numbers.
    """

    __slots__ = ("size", "postings", "_decoded")

    def __init__(self, size: int, postings: dict[str, tuple[bytes, bytes]]) -> None:
        self.size = size
        self.postings = postings
        self._decoded: dict[str, tuple[memoryview, memoryview]] = {}

    @classmethod
    def build(cls, docs: list[list[str]], extra: list[list[str]] | None = None, weight: float = 1.0) -> BM25:
        """The index of ``docs``; with ``extra`` (per document, more terms: the concept terms of
        :mod:`altimate_learn.deliver.concepts`), those terms get postings too, scored as BM25 terms of the
        document (its length and the average length are those of ``docs``) times ``weight``. Extra terms
        neither lengthen a document nor enter the mean idf, so every term of ``docs`` scores exactly as
        rank-bm25 scores ``docs``."""
        n = len(docs)
        lengths = [len(d) for d in docs]
        avgdl = sum(lengths) / n if n else 1.0
        avgdl = avgdl or 1.0
        postings: dict[str, tuple[bytes, bytes]] = {}
        mean = cls._add(postings, _pairs(docs), n, lengths, avgdl, None, 1.0)
        if extra:
            cls._add(postings, _pairs(extra), n, lengths, avgdl, mean, weight)
        return cls(n, postings)

    @staticmethod
    def _add(postings: dict, pairs: dict[str, list[int]], n: int, lengths: list[int], avgdl: float,
             mean: float | None, factor: float) -> float:
        """Add the postings of ``pairs`` (term -> [doc, tf, doc, tf, ...]); returns the mean raw idf used for
        a negative idf (``mean``: the one to use instead, that of the plain vocabulary)."""
        raw = {term: okapi_idf(n, len(v) // 2) for term, v in pairs.items()}
        if mean is None:
            mean = sum(raw.values()) / len(raw) if raw else 0.0
        for term, values in pairs.items():
            if term in postings:
                continue
            idf = raw[term] if raw[term] >= 0 else EPSILON * mean if n >= SMALL else 0.0
            docs_of = values[0::2]
            weights = [factor * idf * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[d] / avgdl)))
                       for d, tf in zip(docs_of, values[1::2])]
            postings[term] = (pack(docs_of), pack_floats(weights))
        return mean

    def dump(self) -> tuple:
        return (self.size, self.postings)

    @classmethod
    def load(cls, data: tuple) -> BM25:
        size, postings = data
        return cls(size, postings)

    def __len__(self) -> int:
        return self.size

    def _entry(self, term: str) -> tuple[memoryview, memoryview | list[float]] | None:
        decoded = self._decoded.get(term)
        if decoded is None:
            if term.startswith(IMPLIED):  # an implied concern: its concept's postings, scaled down
                base = self._entry(CONCEPT + term[len(IMPLIED):])
                if base is None:
                    return None
                decoded = self._decoded[term] = (base[0], [IMPLIED_FACTOR * w for w in base[1]])
                return decoded
            if term.startswith(NEAR):  # a request word's neighbour: the word's postings, scaled down
                base = self._entry(term[len(NEAR):])
                if base is None:
                    return None
                decoded = self._decoded[term] = (base[0], [NEAR_WEIGHT * w for w in base[1]])
                return decoded
            packed = self.postings.get(term)
            if packed is None:
                return None
            decoded = self._decoded[term] = (unpack(packed[0]), unpack_floats(packed[1]))
        return decoded

    def df(self, term: str) -> int:
        """How many documents contain ``term`` (read from the packed postings, nothing decoded)."""
        if term.startswith(IMPLIED):
            term = CONCEPT + term[len(IMPLIED):]
        elif term.startswith(NEAR):
            term = term[len(NEAR):]
        packed = self.postings.get(term)
        return len(packed[0]) // _ITEMSIZE if packed else 0

    def idf(self, term: str) -> float:
        """The raw Okapi idf ``ln((N − n + 0.5) / (n + 0.5))`` of ``term`` (negative above half the store; in a
        store of fewer than :data:`SMALL` lessons, see :func:`okapi_idf`)."""
        return okapi_idf(self.size, self.df(term))

    def unique_idf(self) -> float:
        """The idf of a term only one document has: the most a single matching word can tell."""
        return okapi_idf(self.size, 1) if self.size else 0.0

    @staticmethod
    def within(docs, wanted: set[int] | frozenset[int]) -> list[int]:
        """The documents of a posting (``docs``, ascending) that are in ``wanted``, in the posting's order: the
        posting is intersected in C, not walked in Python (the file tier asks about a few hundred lessons, and a
        common word's posting in a large store holds thousands)."""
        return sorted(wanted.intersection(docs))

    @staticmethod
    def _positions(docs, wanted: set[int] | frozenset[int]) -> list[int]:
        """Positions in ``docs`` (a posting, ascending) of the documents of ``wanted`` it holds, ascending."""
        from bisect import bisect_left

        out: list[int] = []
        low = 0
        for doc in sorted(wanted.intersection(docs)):
            low = bisect_left(docs, doc, low)
            out.append(low)
            low += 1
        return out

    def evidence(self, terms: list[str] | set[str], extra: dict[str, list[str]] | None = None,
                 weight: float = 1.0, implied: bool = True,
                 only: set[int] | dict | None = None) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
        """(document → BM25 score, document → summed positive idf of the terms it shares with the query,
        document → how many content terms it shares with the query, an extra term counting ``weight``).

        The last two ignore term frequency and length: they say how much, and how many, of the request's
        words a lesson shares, whatever the lesson's length (see :func:`altimate_learn.deliver.select.relevant`).
        A content term is a word or a whole identifier in fewer than half the documents (a term in more has
        a negative Okapi idf: it says nothing about which document); an identifier's underscore affixes
        (`stg_`, `_cents`) are not counted apart from the identifier they come from.

        ``extra``: the query's extra terms (concept terms), each with the plain query terms that stand for
        the same idea. An extra term adds to the score, adds ``weight`` × its idf and counts as ``weight``
        of a shared term, but only for a document that holds none of those plain terms: the same word is not
        two shared words, and does not score twice (`payouts` in both is one match, not a word and its idea).
        An implied concern (``^email``, :mod:`altimate_learn.deliver.implied`) scores on its concept's
        postings at ``IMPLIED_FACTOR`` of them, and counts a concept's weight × ``IMPLIED_FACTOR`` of a shared
        term (0.25 with the defaults), adding that much of its idf; with ``implied`` False it only scores
        (the relevance floor: what a task implies orders lessons, it is no evidence that one is relevant).
        A request word's neighbour (``≈color`` for "colour", :mod:`altimate_learn.deliver.neighbours`; an extra
        term) scores at ``NEAR_WEIGHT`` of the word's postings and adds that much of its idf, and counts
        ``NEAR_SHARED`` of a shared term (the same word in another spelling).

        With ``only`` (documents), the three maps hold those documents only (the same values, in the same order),
        and a long posting is not walked whole (:meth:`within`): the file tier asks about a file's lessons.
        """
        extra = extra or {}
        only = set(only) if only is not None else None
        covered = self._covered(extra, only)
        acc: dict[int, float] = {}
        mass: dict[int, float] = {}
        shared: dict[int, float] = {}
        for term in dict.fromkeys(terms):
            entry = self._entry(term)
            if entry is None:
                continue
            docs, weights = entry
            if only is not None:
                at = self._positions(docs, only)
                docs, weights = [docs[i] for i in at], [weights[i] for i in at]
            skip = covered.get(term)
            for doc, value in zip(docs, weights):
                if skip is None or doc not in skip:
                    acc[doc] = acc.get(doc, 0.0) + value
            idf = self.idf(term)
            if idf <= 0:
                continue  # in more than half the lessons: says nothing about which one (BM25's own view)
            if skip is not None or term.startswith(IMPLIED):
                if skip is None and not implied:
                    continue
                part = (NEAR_WEIGHT if term.startswith(NEAR) else weight) if skip is not None else WEIGHT * IMPLIED_FACTOR
                count = NEAR_SHARED if term.startswith(NEAR) else part
                for doc in docs:
                    if skip is None or doc not in skip:
                        mass[doc] = mass.get(doc, 0.0) + part * idf
                        shared[doc] = shared.get(doc, 0) + count
                continue
            content = not (term.startswith("_") or term.endswith("_"))
            for doc in docs:
                mass[doc] = mass.get(doc, 0.0) + idf
                if content:
                    shared[doc] = shared.get(doc, 0) + 1
        return acc, mass, shared

    def _covered(self, extra: dict[str, list[str]], only: set[int] | None = None) -> dict[str, set[int]]:
        """For each extra term, the documents holding one of its plain terms (of ``only``, when given)."""
        out: dict[str, set[int]] = {}
        for term, plains in extra.items():
            docs: set[int] = set()
            for plain in plains:
                entry = self._entry(plain)
                if entry is not None:
                    docs.update(entry[0] if only is None else only.intersection(entry[0]))
            out[term] = docs
        return out

    def _accumulate(self, terms: list[str] | set[str]) -> tuple[list[float], set[int]]:
        acc = [0.0] * self.size
        touched: set[int] = set()
        for term in dict.fromkeys(terms):
            entry = self._entry(term)
            if entry is None:
                continue
            docs, weights = entry
            for doc, weight in zip(docs, weights):
                acc[doc] += weight
            touched.update(docs)
        return acc, touched

    def scores(self, terms: list[str] | set[str]) -> dict[int, float]:
        """Document index → score, for documents sharing at least one term (each term counted once)."""
        acc, touched = self._accumulate(terms)
        return {doc: acc[doc] for doc in touched}

    def above(self, terms: list[str] | set[str], minimum: float) -> list[tuple[float, int]]:
        """(score, document) for every document scoring more than ``minimum``."""
        acc, touched = self._accumulate(terms)
        return [(acc[doc], doc) for doc in touched if acc[doc] > minimum]

    def score_docs(self, terms: list[str] | set[str], docs: list[int],
                   extra: dict[str, list[str]] | None = None) -> dict[int, float]:
        """Scores of the given documents only (0.0 for no shared term); ``extra`` as in :meth:`evidence`."""
        wanted = set(docs)
        out = {d: 0.0 for d in wanted}
        covered = self._covered(extra, wanted) if extra else {}
        for term in dict.fromkeys(terms):
            entry = self._entry(term)
            if entry is None:
                continue
            skip = covered.get(term, ())
            found, weights = entry
            for at in self._positions(found, wanted):  # a long posting is not walked in Python
                doc = found[at]
                if doc not in skip:
                    out[doc] += weights[at]
        return out
