"""Static word vectors distilled from a sentence-embedding model, read with the standard library.

The table (`wordvec.bin`, next to this module) holds 22,756 lowercase English and software words, each
with a 64-dimension int8 vector and its nearest neighbours in the vocabulary. It is distilled from
sentence-transformers all-MiniLM-L6-v2 (Apache-2.0) by `research/build_word_vectors.py` (each word embedded
as its own input, PCA to 64 dimensions, int8 per vector; neighbours by cosine of the full 384-dimension
embeddings, at least 0.6, at most 10 a word). Nothing here imports numpy or the model.

What it is good for: words that are the same idea in another form, that no hand table lists (`colour` and
`color`, `normalise` and `normalize`, `invoice` and `billing`, `link` and `url`). Single words embedded alone
carry little context, so similarities of unrelated words sit around 0.3-0.45; use a threshold of 0.6 or more
for "the same idea".

Delivery reads it only when a store's index is prepared (:mod:`altimate_learn.deliver.neighbours`), never in a
hook that reads a prepared index.

API::

    from altimate_learn.wordvec import load
    table = load()                      # cached per process; WordVectors
    "colour" in table                   # True
    table.neighbours("colour", 0.6)     # [("color", 0.98), ...] best first, precomputed (full dimensions)
    table.similarity("link", "url")     # cosine of the 64-dimension vectors, or None for an unknown word
    table.vector("url")                 # list of 64 floats (unit length), or None
    table.text_vector(["copy", "link"]) # mean of the known words' unit vectors, unit length, or None

File layout (little-endian): ``b"ALWV"``, u16 version (1), u16 dims, u32 count, u16 most neighbours, u16 0;
u32 length of the words blob, the words (ASCII, sorted, joined by newlines); count × dims int8 vectors;
(count + 1) u32 neighbour offsets; the neighbour indices (u16 each) and their similarities (u8, cosine × 250).
"""

from __future__ import annotations

import math
import os
import struct
import sys

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wordvec.bin")
SOURCE = "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), distilled by research/build_word_vectors.py"
MAGIC = b"ALWV"
SCALE = 250.0  # stored similarity = round(cosine × SCALE)

_loaded: dict[str, WordVectors] = {}


class WordVectors:
    """The table, decoded lazily from one bytes object."""

    __slots__ = ("dims", "words", "_index", "_vectors", "_offsets", "_neighbour_ids", "_neighbour_sims", "_norms")

    def __init__(self, data: bytes) -> None:
        if data[:4] != MAGIC:
            raise ValueError("not a word-vector table")
        version, dims, count, _, _ = struct.unpack_from("<HHIHH", data, 4)
        if version != 1:
            raise ValueError(f"word-vector table version {version} is not supported")
        (blob_len,) = struct.unpack_from("<I", data, 16)
        at = 20
        self.words: list[str] = data[at:at + blob_len].decode("ascii").split("\n")
        if len(self.words) != count:
            raise ValueError("word-vector table is truncated")
        at += blob_len
        self.dims = dims
        view = memoryview(data)
        self._vectors = view[at:at + count * dims].cast("b")
        at += count * dims
        self._offsets = _ints(view[at:at + 4 * (count + 1)], "I")
        at += 4 * (count + 1)
        total = self._offsets[count]
        self._neighbour_ids = _ints(view[at:at + 2 * total], "H")
        at += 2 * total
        self._neighbour_sims = view[at:at + total]
        if len(self._neighbour_sims) != total:
            raise ValueError("word-vector table is truncated")
        self._index: dict[str, int] | None = None
        self._norms: dict[int, float] = {}

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.index(word) is not None

    def index(self, word: str) -> int | None:
        if self._index is None:
            self._index = {w: i for i, w in enumerate(self.words)}
        return self._index.get(word)

    def neighbours_of(self, i: int) -> list[tuple[int, float]]:
        """(word index, cosine) of word ``i``'s kept neighbours, best first."""
        start, end = self._offsets[i], self._offsets[i + 1]
        ids, sims = self._neighbour_ids, self._neighbour_sims
        return [(ids[k], sims[k] / SCALE) for k in range(start, end)]

    def neighbours(self, word: str, minimum: float = 0.0) -> list[tuple[str, float]]:
        """The nearest words to ``word`` (cosine of the full model embeddings, at least ``minimum``), best
        first; empty for a word not in the table. Stopwords have none and are nobody's neighbour."""
        i = self.index(word)
        if i is None:
            return []
        return [(self.words[j], sim) for j, sim in self.neighbours_of(i) if sim >= minimum - 1e-9]

    def _raw(self, i: int) -> memoryview:
        return self._vectors[i * self.dims:(i + 1) * self.dims]

    def _norm(self, i: int) -> float:
        norm = self._norms.get(i)
        if norm is None:
            norm = self._norms[i] = math.sqrt(sum(v * v for v in self._raw(i))) or 1.0
        return norm

    def vector(self, word: str) -> list[float] | None:
        """The word's reduced vector, unit length, or None."""
        i = self.index(word)
        if i is None:
            return None
        norm = self._norm(i)
        return [v / norm for v in self._raw(i)]

    def similarity(self, a: str, b: str) -> float | None:
        """Cosine of the reduced vectors of two words, or None when either is not in the table."""
        i, j = self.index(a), self.index(b)
        if i is None or j is None:
            return None
        dot = sum(x * y for x, y in zip(self._raw(i), self._raw(j)))
        return dot / (self._norm(i) * self._norm(j))

    def text_vector(self, words: list[str]) -> list[float] | None:
        """The mean of the unit vectors of the known ``words``, made unit length; None when none is known."""
        total = [0.0] * self.dims
        found = False
        for word in words:
            vector = self.vector(word)
            if vector is None:
                continue
            found = True
            for k, v in enumerate(vector):
                total[k] += v
        if not found:
            return None
        norm = math.sqrt(sum(v * v for v in total)) or 1.0
        return [v / norm for v in total]


def _ints(view: memoryview, code: str):
    values = view.cast(code)
    if sys.byteorder == "little":
        return values
    from array import array

    swapped = array(code, values.tobytes())
    swapped.byteswap()
    return swapped


def load(path: str | None = None) -> WordVectors:
    """The table at ``path`` (default: the one shipped with the package), read once per process."""
    path = path or PATH
    table = _loaded.get(path)
    if table is None:
        with open(path, "rb") as handle:
            table = _loaded[path] = WordVectors(handle.read())
    return table
