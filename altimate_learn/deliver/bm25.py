"""Okapi BM25 over token lists, stdlib only, built for a hook process that lives ~30 ms.

The index is inverted (term → postings), so scoring a request touches only the lessons that share a
term with it, not the whole store; it is plain lists and dicts, so it round-trips through `marshal` for
the prepared-index cache (:mod:`altimate_learn.deliver.index`).

Scores are rank-bm25's ``BM25Okapi`` exactly (a test checks scores and rankings against it): k1 = 1.2,
b = 0.75, per query term ``idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen))`` with
``idf = ln((N − n + 0.5) / (n + 0.5))``, and a negative idf (a term in more than half the lessons)
replaced by ``0.25 ×`` the mean idf of the vocabulary. Each query term counts once.

A consequence worth knowing: in a store of a handful of lessons, a word that most of them share scores
(almost) nothing, so it retrieves nothing. Such a store fits in the core tier at the default limits.
"""

from __future__ import annotations

import math

K1 = 1.2
B = 0.75
EPSILON = 0.25  # rank-bm25's floor for a negative idf, as a fraction of the mean idf


class BM25:
    """An inverted BM25 index. Build with :meth:`build`; persist with :meth:`dump` / :meth:`load`."""

    __slots__ = ("doc_len", "avgdl", "postings", "_mean_idf")

    def __init__(self, doc_len: list[int], postings: dict[str, tuple[list[int], list[int]]],
                 mean_idf: float | None = None) -> None:
        self.doc_len = doc_len
        total = sum(doc_len)
        self.avgdl = (total / len(doc_len)) if doc_len and total else 1.0
        self.postings = postings
        self._mean_idf = mean_idf

    @classmethod
    def build(cls, docs: list[list[str]]) -> BM25:
        postings: dict[str, tuple[list[int], list[int]]] = {}
        for index, tokens in enumerate(docs):
            counts: dict[str, int] = {}
            for token in tokens:
                counts[token] = counts.get(token, 0) + 1
            for term, tf in counts.items():
                entry = postings.get(term)
                if entry is None:
                    postings[term] = ([index], [tf])
                else:
                    entry[0].append(index)
                    entry[1].append(tf)
        index = cls([len(d) for d in docs], postings)
        index.mean_idf()  # computed once here, so the cached index carries it
        return index

    def dump(self) -> tuple:
        return (self.doc_len, self.postings, self._mean_idf)

    @classmethod
    def load(cls, data: tuple) -> BM25:
        doc_len, postings, mean_idf = data
        return cls(doc_len, postings, mean_idf)

    def __len__(self) -> int:
        return len(self.doc_len)

    def _raw_idf(self, df: int) -> float:
        return math.log(len(self.doc_len) - df + 0.5) - math.log(df + 0.5)

    def mean_idf(self) -> float:
        if self._mean_idf is None:
            values = [self._raw_idf(len(docs)) for docs, _ in self.postings.values()]
            self._mean_idf = sum(values) / len(values) if values else 0.0
        return self._mean_idf

    def idf(self, term: str) -> float:
        entry = self.postings.get(term)
        if entry is None:
            return 0.0
        value = self._raw_idf(len(entry[0]))
        if value < 0:
            value = EPSILON * self.mean_idf()
        return value

    def scores(self, terms: list[str] | set[str]) -> dict[int, float]:
        """Document index → score, for documents sharing at least one term (each term counted once)."""
        out: dict[int, float] = {}
        avgdl = self.avgdl
        doc_len = self.doc_len
        for term in dict.fromkeys(terms):
            entry = self.postings.get(term)
            if entry is None:
                continue
            idf = self.idf(term)
            for doc, tf in zip(entry[0], entry[1]):
                norm = K1 * (1.0 - B + B * doc_len[doc] / avgdl)
                out[doc] = out.get(doc, 0.0) + idf * (tf * (K1 + 1.0)) / (tf + norm)
        return out

    def score_docs(self, terms: list[str] | set[str], docs: list[int]) -> dict[int, float]:
        """Scores of the given documents only (0.0 for no shared term)."""
        wanted = set(docs)
        out = {d: 0.0 for d in wanted}
        avgdl = self.avgdl
        for term in dict.fromkeys(terms):
            entry = self.postings.get(term)
            if entry is None:
                continue
            idf = None
            for doc, tf in zip(entry[0], entry[1]):
                if doc in wanted:
                    if idf is None:
                        idf = self.idf(term)
                    norm = K1 * (1.0 - B + B * self.doc_len[doc] / avgdl)
                    out[doc] += idf * (tf * (K1 + 1.0)) / (tf + norm)
        return out
