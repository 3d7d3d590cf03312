"""Neighbours: a request word no lesson holds that is a lesson word in another spelling or form.

The word-vector table (:mod:`altimate_learn.wordvec`, distilled from a sentence-embedding model) knows that
`colour` is `color`, `normalise` is `normalize`, `memoise` is `memoize`, `regexp` is `regex`, `mail` is
`email` and `processor` is `cpu`: forms and spellings that folding (:mod:`altimate_learn.deliver.morphology`)
does not join and no hand table lists. When a store's index is prepared, :func:`build` turns the table into a
small map restricted to the store: a folded request word that no lesson holds → the store's terms that are its
close neighbours (cosine at least :data:`THRESHOLD` on the full model embeddings, at most :data:`MOST`). The
map is kept in the prepared index; a hook looks a request's words up in it
(:meth:`altimate_learn.deliver.corpus.Corpus.near_terms`) and never opens the vector table.

A neighbour term (`≈color`) scores on the word's postings at
:data:`altimate_learn.deliver.concepts.NEAR_WEIGHT` (0.4) of the word matched exactly, below a concept match,
and adds that fraction of the word's idf to a lesson's evidence; in the count of shared content terms of the
relevance floor it is the word (:data:`~altimate_learn.deliver.concepts.NEAR_SHARED`), since at this
similarity it is the same word in another form. So a lesson the request reaches only through one neighbour is
not relevant (one shared term, and less evidence than one rare word), one real word and a neighbour are two
shared terms, and a lesson sharing two real words scores above one sharing a word and a neighbour.

Measured on every readable delivery task set at 300, 1,000 and 10,000 lessons (`research/delivery_diff.py`):
at 0.8, 5 needed lessons gained and none lost; at 0.85, 4 and none; at 0.7 with a neighbour counting 0.4 of a
shared term, 1 and 1. Single words embedded alone put unrelated words near each other below about 0.75
(`staging` ~ `theatrical` 0.61, `redis` ~ `red` 0.64), and some opposites above it (`uppercase` ~
`lowercase` 0.90): only a word the store does not hold is looked up (:data:`UNKNOWN_ONLY`), so an opposite
meets a lesson only where the request's own word is in no lesson at all.
"""

from __future__ import annotations

import marshal
import os

THRESHOLD = 0.8  # least cosine (full model dimensions) between a request word and a store word
MOST = 3  # neighbour terms per request term, best first
UNKNOWN_ONLY = True  # neighbours only for request words that no lesson holds
_HERE = os.path.dirname(os.path.abspath(__file__))
# What the folded pairs depend on: the table, its reader, folding (and the stopwords it is used with), this module.
_SOURCES = (os.path.join(_HERE, "..", "wordvec.bin"), os.path.join(_HERE, "..", "wordvec.py"),
            os.path.join(_HERE, "morphology.py"), os.path.join(_HERE, "tokenize.py"), os.path.join(_HERE, "neighbours.py"))
PREFIX = "near-"  # the cache file of folded pairs, next to the prepared corpora


def pairs(threshold: float = THRESHOLD) -> list[tuple[tuple[str, ...], tuple[str, ...], float]]:
    """(terms of a table word, terms of its neighbour, cosine) for every pair of the table at ``threshold`` or
    more, in both directions (if `colour` lists `color`, `color` meets `colour` too), without pairs of one term.

    Folding some 10,000 words takes a few hundred milliseconds, so the folded pairs are kept in the user's cache
    folder, keyed by the files they come from (a first hook after a pull only reads them); a missing or
    unreadable file is computed again, one that cannot be written only costs speed."""
    from altimate_learn.usercache import cache_base, code_stamps, write_file

    base = cache_base()
    path = None
    if base:
        from hashlib import sha256

        stamp = sha256(",".join([repr(threshold), *code_stamps(_SOURCES, names=False)]).encode()).hexdigest()[:32]
        path = os.path.join(base, "index", f"{PREFIX}{stamp}.marshal")
        try:
            with open(path, "rb") as handle:
                found = marshal.loads(handle.read())
            if isinstance(found, list) and all(map(_pair_ok, found)):
                return found
        except Exception:  # missing, torn or foreign: compute again
            pass
    found = _fold_pairs(threshold)
    if path:
        try:
            write_file(path, marshal.dumps(found))
        except OSError:
            pass
    return found


def _pair_ok(item) -> bool:
    """One entry as :func:`_fold_pairs` writes it: (terms, terms, cosine). A file that unmarshals to anything else
    (damaged, or another layout under the same name) is computed again, never half-believed: the index is
    prepared inside a hook, where a bad entry would fail every call after a pull (review18)."""
    return (type(item) is tuple and len(item) == 3 and type(item[0]) is tuple and type(item[1]) is tuple
            and type(item[2]) is float and all(type(term) is str for term in (*item[0], *item[1])))


def _fold_pairs(threshold: float) -> list[tuple[tuple[str, ...], tuple[str, ...], float]]:
    from altimate_learn.deliver.morphology import fold
    from altimate_learn.deliver.tokenize import STOPWORDS
    from altimate_learn.wordvec import SCALE, load

    table = load()
    words = table.words
    folded: dict[int, tuple[str, ...]] = {}

    def terms(i: int) -> tuple[str, ...]:
        found = folded.get(i)
        if found is None:
            found = folded[i] = () if words[i] in STOPWORDS else fold(words[i])
        return found

    best: dict[tuple[tuple[str, ...], tuple[str, ...]], float] = {}
    offsets, ids, sims = table._offsets, table._neighbour_ids, table._neighbour_sims
    least = threshold * SCALE - 1e-6
    for i in range(len(words)):
        for k in range(offsets[i], offsets[i + 1]):
            if sims[k] < least:
                break  # best first
            j, sim = ids[k], sims[k] / SCALE
            a, b = terms(i), terms(j)
            if not a or not b or a == b:
                continue
            for pair in ((a, b), (b, a)):
                if best.get(pair, 0.0) < sim:
                    best[pair] = sim
    return [(a, b, sim) for (a, b), sim in sorted(best.items())]


def build(terms: set[str], threshold: float = THRESHOLD, most: int = MOST,
          unknown_only: bool = UNKNOWN_ONLY) -> dict[str, list[str]]:
    """Folded word → the store's terms (of ``terms``) that are its neighbours, best first (then by name), in key
    order. A word's own terms are never its neighbours: those match exactly already. With ``unknown_only``,
    only words that are not in ``terms`` get neighbours."""
    best: dict[str, dict[str, float]] = {}
    for own, other, sim in pairs(threshold):
        found = [t for t in other if t in terms and t not in own]
        if not found:
            continue
        for key in own:
            if unknown_only and key in terms:
                continue
            have = best.setdefault(key, {})
            for term in found:
                if have.get(term, 0.0) < sim:
                    have[term] = sim
    return {key: [t for t, _ in sorted(have.items(), key=lambda item: (-item[1], item[0]))[:most]]
            for key, have in sorted(best.items())}
