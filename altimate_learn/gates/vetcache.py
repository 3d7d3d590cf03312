"""`vetted.json` at scale: read once with its digest, written back by splicing, and what is due remembered.

A store of 10,000 vetted lessons has a 10,000-entry `vetted.json`. A curation reads it, looks for stored
lessons due for a re-vet (which hashes every lesson's text) and, when it stamps a lesson, writes the whole
file again. Three things make that cheap without changing a byte or a verdict:

- **Read what is looked up, splice the rest**: when the file's bytes are known to be canonical (learn wrote
  them) and its text has that layout, it is not parsed whole: each stamp is parsed from its slice of the
  text when a curation looks it up (:class:`Stamps`: a few of 10,000), and the file is written back by
  copying the runs of stamps that did not change as they are and encoding only new and changed ones.
  :func:`changes_bytes` equals ``canonical_json({"lessons": stamps})`` byte for byte (a test compares them).
- **Due**: for a lesson list (the digest of its file, or of its ids and texts), the digest of `vetted.json` and the hash of the
  instruction files, the user's cache remembers which lessons were due (stale or never vetted). The next
  curation then hashes only the texts that are new or changed since, plus those due ones. The answer is a
  pure function of those three digests: a hand edit to `vetted.json`, to a lesson or to an instruction file
  changes a digest and the full computation runs.
- Both live in ``$XDG_CACHE_HOME/altimate-learn/vetted/<code fingerprint>/`` (never the repository; folder
  0700, files 0600), each record with its own checksum: a missing, broken or edited record is ignored
  (it only costs time).
"""

from __future__ import annotations

import bisect
import itertools
import operator
import os
from collections.abc import Iterable, Iterator, Mapping
from hashlib import sha256
from typing import Any

from altimate_learn import jsonsafe
from altimate_learn.curate import prepared
from altimate_learn.store import fsio
from altimate_learn.usercache import code_stamps

MIN_STAMPS = 500  # below this many stamps (or half the lessons) the re-vet hashes them all: cheaper than digests
MAX_DUE = 2000  # a record lists at most this many due lessons (a store still being backfilled is not recorded)
KEEP = 64  # records of each kind kept (a few hundred bytes each, a due list at most a few KB)
_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE = [os.path.join(_HERE, "stamps.py"), os.path.join(_HERE, "vetcache.py"),
         os.path.join(os.path.dirname(_HERE), "store", "fsio.py")]
_HEAD = '{\n  "lessons": {\n    "'
_TAIL = "\n  }\n}\n"
_SEP = ',\n    "'  # between two stamps of a canonical file, and nowhere else in it (deeper lines indent more)


def _fingerprint() -> str:
    return sha256(",".join(code_stamps(_CODE)).encode()).hexdigest()[:24]


class Cache(prepared.Cache):
    """Records about `vetted.json` files and lesson lists (same files and limits as :mod:`prepared`)."""

    def __init__(self, folder: str | None = None) -> None:
        from altimate_learn.curate.lintcache import cache_dir

        if folder is None:
            base = cache_dir()  # ".../altimate-learn/lint"; ours sits beside it
            folder = os.path.join(os.path.dirname(base), "vetted") if base else None
        self.folder = os.path.join(folder, _fingerprint()) if folder else None

    def record(self, name: str, suffix: str) -> dict | None:
        found = self._read(name, suffix)
        if isinstance(found, dict) and found.pop("sum", None) == prepared._checksum(found, name):
            return found
        return None

    def remember_record(self, name: str, suffix: str, value: dict) -> None:
        value = dict(value)
        value["sum"] = prepared._checksum(value, name)
        self._write(name, suffix, value, KEEP)

    # --- canonical files ---
    def canonical(self, digest: str | None) -> bool:
        found = self.record(digest, "vok") if digest else None
        return bool(found) and found.get("digest") == digest and found.get("canonical") is True

    def remember_canonical(self, digest: str) -> None:
        self.remember_record(digest, "vok", {"digest": digest, "canonical": True})

    # --- what is due ---
    def due(self, key: str | None) -> set[str] | None:
        found = self.record(key, "due") if key else None
        if found is None or found.get("key") != key or not isinstance(found.get("due"), list):
            return None
        if not all(isinstance(x, str) for x in found["due"]):
            return None
        return set(found["due"])

    def remember_due(self, key: str, due: Iterable[str]) -> None:
        due = sorted(due)
        if len(due) <= MAX_DUE:
            self.remember_record(key, "due", {"key": key, "due": due})


def lessons_digest(lessons: Iterable[dict]) -> str:
    """The digest of a lesson list's ids and texts, in order (what the re-vet looks at)."""
    ids, texts = [], []
    for lesson in lessons:
        ids.append(lesson["id"])
        texts.append(lesson["text"])
    digest = sha256(" ".join(map(str, map(len, ids))).encode())  # lengths first: the joins are unambiguous
    digest.update(b"\n" + " ".join(map(str, map(len, texts))).encode() + b"\n")
    digest.update("".join(ids).encode("utf-8", "surrogatepass"))
    digest.update("".join(texts).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def lessons_key(lessons: Iterable[dict], file_digest: str | None = None) -> str:
    """What names a lesson list in a due record: the SHA-256 of the lesson file it was read from or written
    to, when known (those bytes hold exactly these ids and texts, and nothing is hashed again), else the
    digest of its ids and texts (:func:`lessons_digest`)."""
    return f"file {file_digest}" if file_digest else lessons_digest(lessons)


def changed(lessons: list[dict], before: dict[str, dict]) -> tuple[list[bool], list[str]]:
    """For each lesson, whether it is new or its text differs from its version in ``before``; and the ids."""
    from altimate_learn.curate.apply import changed_texts

    return changed_texts(lessons, before)


def due_key(lessons_key: str, vetted_digest: str | None, contract_hash: str | None) -> str:
    return sha256(f"{lessons_key}:{vetted_digest or '-'}:{contract_hash or '-'}".encode()).hexdigest()[:40]


class Stamps(Mapping):
    """The stamps of a `vetted.json` whose bytes learn wrote (canonical, by the user cache's record), each
    parsed from its own slice of the text when it is looked up: a curation looks up a few of 10,000.

    Made only when the text has the canonical layout throughout (:meth:`of`): the header and footer, every
    stamp an object at its separator, keys without escapes and in strictly increasing order. Looking up
    more than :data:`ONE_BY_ONE` stamps, or iterating the values, parses the whole text once. A slice that
    does not parse as the stamp its key names means the record was wrong: the whole text is parsed then
    (:attr:`exact` turns False: nothing is copied from it), and text that is not JSON at all is moved aside
    and reads as no stamps, as a malformed file always does."""

    ONE_BY_ONE = 64

    def __init__(self, raw: bytes, parts: list[str], keys: list[str], path: Any = None) -> None:
        self.raw = raw
        self.parts = parts  # each stamp's text from its key on ('L-1": {...}'), in file order
        self.order = keys  # the keys, in file (= sorted) order
        self.exact = True  # every part is the canonical text of its stamp
        self._path = path
        self._where: dict[str, int] | None = None
        self._parsed: dict[str, dict] = {}
        self._all: dict[str, dict] | None = None

    @classmethod
    def of(cls, raw: bytes, path: Any = None) -> Stamps | None:
        """The stamps of ``raw`` when its text has the canonical layout, else None."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if len(text) < len(_HEAD) + len(_TAIL) or not (text.startswith(_HEAD) and text.endswith(_TAIL)):
            return None
        parts = text[len(_HEAD):-len(_TAIL)].split(_SEP)
        split = list(map(str.partition, parts, itertools.repeat('"')))
        keys = list(map(_FIRST_OF, split))
        rests = list(map(_LAST_OF, split))
        if not (all(map(str.startswith, rests, itertools.repeat(': {\n')))
                and all(map(str.endswith, rests, itertools.repeat("\n    }")))):
            return None  # not the layout of a stamp object (or a key json escapes: its quote came early)
        if "\\" in "".join(keys) or not all(map(operator.lt, keys, itertools.islice(keys, 1, None))):
            return None  # an escaped key, or keys not in canonical order
        return cls(raw, parts, keys, path)

    def __len__(self) -> int:
        return len(self.order) if self._all is None else len(self._all)

    def __iter__(self) -> Iterator[str]:
        return iter(self.order if self._all is None else self._all)

    def __contains__(self, key: object) -> bool:
        return key in self._index() if self._all is None else key in self._all

    def __getitem__(self, key: str) -> dict:
        if self._all is not None:
            return self._all[key]
        found = self._parsed.get(key)
        if found is not None:
            return found
        where = self._index()[key]  # KeyError: no such stamp
        if len(self._parsed) >= self.ONE_BY_ONE:
            return self.everything()[key]
        try:
            value = jsonsafe.loads_document('{"' + self.parts[where] + "}")
        except ValueError:
            value = None
        if not (isinstance(value, dict) and len(value) == 1 and isinstance(value.get(key), dict)):
            return self._wrong()[key]
        found = self._parsed[key] = value[key]
        return found

    def _index(self) -> dict[str, int]:
        if self._where is None:
            self._where = dict(zip(self.order, range(len(self.order))))
        return self._where

    def everything(self) -> dict[str, dict]:
        """Every stamp, parsed (those looked up before stay the same objects)."""
        if self._all is None:
            try:
                value = jsonsafe.loads_document(self.raw.decode("utf-8"))
            except ValueError:
                return self._wrong()
            found = _valid(value.get("lessons")) if isinstance(value, dict) else {}
            if list(found) != self.order:
                return self._wrong(value)
            found.update(self._parsed)
            self._all = found
        return self._all

    def _wrong(self, value: Any = None) -> dict[str, dict]:
        """The text was not what the cache's record said: read it as the uncached path does."""
        self.exact = False
        if value is None:
            try:
                value = jsonsafe.loads_document(self.raw.decode("utf-8"))
            except ValueError:
                value = _MALFORMED
        if value is _MALFORMED or not (isinstance(value, dict) or value is None):
            if self._path is not None:
                fsio.move_aside(self._path)  # a malformed file is moved aside, never overwritten
            value = None
        self._all = _valid(value.get("lessons")) if isinstance(value, dict) else {}
        self._parsed = {}
        return self._all


_MALFORMED = object()
_FIRST_OF = operator.itemgetter(0)
_LAST_OF = operator.itemgetter(2)


def _valid(lessons: Any) -> dict[str, dict]:
    """The stamps of a parsed `lessons` object (what is not a stamp object is left out, as always)."""
    if not isinstance(lessons, dict):
        return {}
    return {k: v for k, v in lessons.items() if isinstance(k, str) and isinstance(v, dict)}


class Vetted:
    """The stamps of a store as read, with the bytes they came from. ``stamps`` is a :class:`Stamps` when
    the cache knows the bytes as canonical and their layout agrees, else a dict."""

    def __init__(self, stamps: Mapping[str, dict], raw: bytes | None, digest: str | None, canonical: bool) -> None:
        self.stamps = stamps
        self.raw = raw
        self.digest = digest
        self.canonical = canonical

    @property
    def spliceable(self) -> bool:
        """Whether unchanged stamps may be copied from the text read."""
        return self.canonical and isinstance(self.stamps, Stamps) and self.stamps.exact


def loaded(raw: bytes, digest: str, canonical: bool, path: Any = None) -> Vetted | None:
    """The stamps of ``raw`` without parsing it whole, when the cache says it is ``canonical`` and its layout
    agrees; None when it must be parsed (:func:`read`)."""
    found = Stamps.of(raw, path) if canonical else None
    return Vetted(found, raw, digest, True) if found is not None else None


def read(store: Any, cache: Cache) -> Vetted:
    """The stamps as :func:`altimate_learn.gates.stamps.stamps_for_writing` reads them (a malformed file is
    moved aside), parsed from the bytes whose digest is returned (None when there is no file). A file the
    cache knows as canonical is not parsed whole (:class:`Stamps`)."""
    from altimate_learn.errors import MalformedFileError
    from altimate_learn.gates.stamps import VETTED, stamps_for_writing

    path = store.path(VETTED)
    try:
        fsio.check_confined(path, store.confine(VETTED), verb="read")
        raw = path.read_bytes()
    except FileNotFoundError:
        return Vetted({}, None, None, False)
    except Exception:  # noqa: BLE001 - a folder, a symlink out of the store…: the store's own reader decides
        return Vetted(stamps_for_writing(store), None, None, False)
    digest = sha256(raw).hexdigest()
    known = loaded(raw, digest, cache.canonical(digest), path)
    if known is not None:
        return known
    try:
        value = fsio.parse_json(path, raw, quarantine=True)
    except MalformedFileError:
        return Vetted({}, None, None, False)  # moved aside, as Store.read_json_object does
    if not isinstance(value, dict):
        if value is not None:  # `null` reads as no stamps, anything else that is not an object is moved aside
            fsio.move_aside(path)
        return Vetted({}, None, None, False)
    return Vetted(_valid(value.get("lessons")), raw, digest, False)


def _entry(key: str, value: dict) -> str:
    """A stamp as it appears in a canonical `vetted.json` (after the opening quote of its key)."""
    return fsio.canonical_json({"lessons": {key: value}})[len(_HEAD):-len(_TAIL)]


class Merged(Mapping):
    """The stamps read with a curation's ``changes`` (id -> new stamp; None: dropped), without copying them."""

    def __init__(self, base: Mapping[str, dict], changes: dict[str, dict | None]) -> None:
        self.base = base
        self.changes = changes

    def __getitem__(self, key: str) -> dict:
        if key in self.changes:
            value = self.changes[key]
            if value is None:
                raise KeyError(key)
            return value
        return self.base[key]

    def __iter__(self) -> Iterator[str]:
        return itertools.chain((k for k in self.base if k not in self.changes),
                               (k for k, v in self.changes.items() if v is not None))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def plain(self) -> dict[str, dict]:
        """As a dict (the stamps read keep their identity)."""
        base = self.base.everything() if isinstance(self.base, Stamps) else self.base
        out = dict(base)
        for key, value in self.changes.items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = value
        return out


def changes_bytes(source: Vetted, changes: dict[str, dict | None]) -> bytes:
    """The canonical bytes of ``source``'s stamps with ``changes`` (id -> new stamp; None: dropped), equal to
    ``canonical_json({"lessons": ...})`` of them: from a canonical source, every stamp not changed is copied
    as its text, runs of them as one slice; else everything is encoded."""
    base = source.stamps
    if not (source.spliceable and isinstance(base, Stamps)):
        return fsio.canonical_json({"lessons": Merged(base, changes).plain()}).encode("utf-8")
    keys, parts, out, at = base.order, base.parts, [], 0
    for key in sorted(changes):
        place = bisect.bisect_left(keys, key, at)
        if place > at:
            out.append(_SEP.join(parts[at:place]))  # the unchanged stamps before this one, as they were
        if changes[key] is not None:
            out.append(_entry(key, changes[key]))  # type: ignore[arg-type]
        at = place + 1 if place < len(keys) and keys[place] == key else place
    if at < len(keys):
        out.append(_SEP.join(parts[at:]))
    if not out:
        return fsio.canonical_json({"lessons": {}}).encode("utf-8")
    return (_HEAD + _SEP.join(out) + _TAIL).encode("utf-8")


def stamps_bytes(stamps: Mapping[str, dict], source: Vetted | None = None) -> bytes:
    """``canonical_json({"lessons": stamps})`` encoded; the stamps equal to those of the canonical ``source``
    are copied from its text."""
    if source is None:
        return fsio.canonical_json({"lessons": dict(stamps)}).encode("utf-8")
    old = source.stamps
    changes: dict[str, dict | None] = {key: value for key, value in stamps.items() if old.get(key) != value}
    changes.update((key, None) for key in old if key not in stamps)
    return changes_bytes(source, changes)


def was_canonical(stamps: Mapping[str, dict], data: bytes, source: Vetted) -> bool:
    """Whether the file ``source`` was read from is canonical, told from ``data`` (the canonical bytes of
    ``stamps``, which differ from the source's stamps in a few entries) without encoding it again."""
    if not stamps or not source.stamps or source.raw is None:
        return False
    text = data.decode("utf-8")
    parts = dict(zip(sorted(stamps), text[len(_HEAD):-len(_TAIL)].split(_SEP)))
    old = source.stamps
    try:
        rebuilt = _HEAD + _SEP.join(parts[key] if stamps.get(key) is old[key] else _entry(key, old[key])
                                    for key in sorted(old)) + _TAIL
    except (TypeError, ValueError):
        return False
    return rebuilt.encode("utf-8") == source.raw
