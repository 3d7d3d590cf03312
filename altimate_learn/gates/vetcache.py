"""`vetted.json` at scale: read once with its digest, written back by splicing, and what is due remembered.

A store of 10,000 vetted lessons has a 10,000-entry `vetted.json`. A curation reads it, looks for stored
lessons due for a re-vet (which hashes every lesson's text) and, when it stamps a lesson, writes the whole
file again. Three things make that cheap without changing a byte or a verdict:

- **Splice**: when the file's bytes are known to be canonical (learn wrote them), the stamps that did not
  change are written back as their exact text in the file; only new and changed stamps are encoded.
  :func:`stamps_bytes` equals ``canonical_json({"lessons": stamps})`` byte for byte (a test compares them).
- **Due**: for a lesson list (its ids and texts, by digest), the digest of `vetted.json` and the hash of the
  instruction files, the user's cache remembers which lessons were due (stale or never vetted). The next
  curation then hashes only the texts that are new or changed since, plus those due ones. The answer is a
  pure function of those three digests: a hand edit to `vetted.json`, to a lesson or to an instruction file
  changes a digest and the full computation runs.
- Both live in ``$XDG_CACHE_HOME/altimate-learn/vetted/<code fingerprint>/`` (never the repository; folder
  0700, files 0600), each record with its own checksum: a missing, broken or edited record is ignored
  (it only costs time).
"""

from __future__ import annotations

import itertools
import operator
import os
import re
from hashlib import sha256
from typing import Any, Iterable

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
_FIRST = re.compile(r'([^"\\\n]*)": [{]')  # the first stamp's key, at the start of the body
_KEYS = re.compile(r',\n    "([^"\\\n]*)": [{]')  # each other stamp's key, after its separator
_ID = operator.itemgetter("id")
_TEXT = operator.itemgetter("text")


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
        if isinstance(found, dict) and found.pop("sum", None) == prepared._checksum(found):
            return found
        return None

    def remember_record(self, name: str, suffix: str, value: dict) -> None:
        value = dict(value)
        value["sum"] = prepared._checksum(value)
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


_NOT_THERE = {"text": None}


def changed(lessons: list[dict], before: dict[str, dict]) -> tuple[list[bool], list[str]]:
    """For each lesson, whether it is new or its text differs from its version in ``before`` (id -> lesson);
    and the lessons' ids. (Mapped in C: an unchanged lesson's text is the very string read, compared by
    identity first.)"""
    ids = list(map(_ID, lessons))
    old_texts = map(_TEXT, map(before.get, ids, itertools.repeat(_NOT_THERE)))
    return list(map(operator.ne, map(_TEXT, lessons), old_texts)), ids


def due_key(lessons_key: str, vetted_digest: str | None, contract_hash: str | None) -> str:
    return sha256(f"{lessons_key}:{vetted_digest or '-'}:{contract_hash or '-'}".encode()).hexdigest()[:40]


class Vetted:
    """The stamps of a store as read, with the bytes they came from."""

    def __init__(self, stamps: dict[str, dict], raw: bytes | None, digest: str | None, canonical: bool) -> None:
        self.stamps = stamps
        self.raw = raw
        self.digest = digest
        self.canonical = canonical


def read(store: Any, cache: Cache) -> Vetted:
    """The stamps as :func:`altimate_learn.gates.stamps.stamps_for_writing` reads them (a malformed file is
    moved aside), parsed from the bytes whose digest is returned (None when there is no file)."""
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
    try:
        value = fsio.parse_json(path, raw, quarantine=True)
    except MalformedFileError:
        return Vetted({}, None, None, False)  # moved aside, as Store.read_json_object does
    if not isinstance(value, dict):
        if value is not None:  # `null` reads as no stamps, anything else that is not an object is moved aside
            fsio.move_aside(path)
        return Vetted({}, None, None, False)
    lessons = value.get("lessons")
    found = {k: v for k, v in lessons.items() if isinstance(k, str) and isinstance(v, dict)} \
        if isinstance(lessons, dict) else {}
    digest = sha256(raw).hexdigest()
    return Vetted(found, raw, digest, cache.canonical(digest))


def _entry(key: str, value: dict) -> str:
    """A stamp as it appears in a canonical `vetted.json` (after the opening quote of its key)."""
    return fsio.canonical_json({"lessons": {key: value}})[len(_HEAD):-len(_TAIL)]


def _parts(vetted: Vetted) -> dict[str, str] | None:
    """Each stamp's text in the canonical file it was read from; None when the file is not canonical or not
    the one the cache took it for."""
    if not vetted.canonical or not vetted.stamps or vetted.raw is None:
        return None
    try:
        text = vetted.raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not (text.startswith(_HEAD) and text.endswith(_TAIL)):
        return None
    body = text[len(_HEAD):-len(_TAIL)]
    first = _FIRST.match(body)  # a key json escapes is not found: the file is encoded anew
    if first is None or [first.group(1)] + _KEYS.findall(body) != list(vetted.stamps):
        return None
    return dict(zip(vetted.stamps, body.split(_SEP)))


def stamps_bytes(stamps: dict[str, dict], source: Vetted | None = None) -> bytes:
    """``canonical_json({"lessons": stamps})`` encoded; stamps that are the very objects read from the
    canonical ``source`` reuse their text in it."""
    parts = _parts(source) if source is not None and stamps else None
    if parts is None:
        return fsio.canonical_json({"lessons": stamps}).encode("utf-8")
    old = source.stamps  # type: ignore[union-attr]
    out = []
    for key in sorted(stamps):
        value = stamps[key]
        out.append(parts[key] if old.get(key) is value else _entry(key, value))
    return (_HEAD + _SEP.join(out) + _TAIL).encode("utf-8")


def was_canonical(stamps: dict[str, dict], data: bytes, source: Vetted) -> bool:
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
