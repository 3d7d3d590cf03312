"""Okapi BM25 over token lists, stdlib only, built for a hook process that lives ~30 ms.

The index is inverted (term → postings), so scoring a request touches only the lessons that share a
term with it, not the whole store; it is plain lists and dicts, so it round-trips through `marshal` for
the prepared-index cache (:mod:`altimate_learn.deliver.index`).

Scores use k1 = 1.2, b = 0.75 and, per query term, ``idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen))``.
Two idf formulas are available:

- ``"okapi"``: ``ln((N − n + 0.5) / (n + 0.5))`` with negative values floored at ``0.25 · mean idf`` over
  the vocabulary: exactly rank-bm25's ``BM25Okapi`` (a test checks scores and rankings against it).
- ``"plus1"`` (delivery's choice, as in altimate-code): ``ln(1 + (N − n + 0.5) / (n + 0.5))``. The Okapi
  idf is zero or negative for any term in half the documents or more, so in a store of two lessons a
  term found in one of them scores nothing, and in a store of three identical lessons nothing is ever
  retrieved; the "+1" form is positive for every term and orders terms by rarity the same way.
"""

from __future__ import annotations

import math

K1 = 1.2
B = 0.75
EPSILON = 0.25  # rank-bm25's floor for negative Okapi idf, as a fraction of the mean idf


class BM25:
    """An inverted BM25 index. Build with :meth:`build`; persist with :meth:`dump` / :meth:`load`."""

    __slots__ = ("doc_len", "avgdl", "postings", "idf_mode", "_mean_idf")

    def __init__(self, doc_len: list[int], postings: dict[str, tuple[list[int], list[int]]],
                 idf_mode: str = "plus1", mean_idf: float | None = None) -> None:
        self.doc_len = doc_len
        total = sum(doc_len)
        self.avgdl = (total / len(doc_len)) if doc_len and total else 1.0
        self.postings = postings
        self.idf_mode = idf_mode
        self._mean_idf = mean_idf

    @classmethod
    def build(cls, docs: list[list[str]], idf_mode: str = "plus1") -> BM25:
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
        return cls([len(d) for d in docs], postings, idf_mode)

    def dump(self) -> tuple:
        return (self.doc_len, self.postings, self.idf_mode, self._mean_idf)

    @classmethod
    def load(cls, data: tuple) -> BM25:
        doc_len, postings, idf_mode, mean_idf = data
        return cls(doc_len, postings, idf_mode, mean_idf)

    def __len__(self) -> int:
        return len(self.doc_len)

    def _raw_idf(self, df: int) -> float:
        n = len(self.doc_len)
        if self.idf_mode == "okapi":
            return math.log(n - df + 0.5) - math.log(df + 0.5)
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

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
        if self.idf_mode == "okapi" and value < 0:
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
