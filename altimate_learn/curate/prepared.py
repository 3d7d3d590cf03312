"""A lesson file prepared for curation, so one reflection against 10,000 lessons stays cheap.

Every `learn reflect` is a new process that reads the store's lessons, checks them, and writes the
candidate back. Most of that work is the same from one reflection to the next: the file was validated
before, its lessons' words and backtick identifiers were indexed before, and all but a few lessons are
written back unchanged. Three things make a reflection cost what changed, not what is stored:

- **Remembered by digest.** The SHA-256 of a lesson file's bytes names what was learned about it in the
  user's cache folder (`$XDG_CACHE_HOME/altimate-learn/curate/`, never the repository, which could ship a
  file claiming its lessons were checked): that it passed the schema (so it is not validated again), that
  it is canonical JSON (so its unchanged lessons can be written back as they are), and its postings (word
  → lesson ids for dedupe, identifier → lesson ids for the overlap guard). A file edited by hand, by git
  or by altimate-code has other bytes, hence another digest: it is read, validated and indexed in full,
  as without the cache. The code that decides those verdicts (the schema, canonical JSON, the word and
  anchor rules: their sizes and modification times) is part of the folder name, so a change to it starts
  from nothing. A missing, torn or foreign cache file is ignored; a failed write loses only the speed-up.
- **Postings, not a pass over every lesson.** Finding the lessons at least 60% similar to a new one, or
  that name its identifiers, reads the postings of the new lesson's words (a lesson with Jaccard ≥ t
  shares at least ⌈t·|words|⌉ of them), then scores those few exactly, in store order, as before.
- **Parsed once.** From its second read on, a large `approved.json` is loaded from the user's cache in
  :mod:`marshal`'s format, by the digest of its bytes (with a SHA-256 of the record), not parsed as JSON
  again: what JSON parsing returned, loaded back equal, in about a third of the time.
- **A changed file starts from its previous version.** The cache remembers which version of each lesson
  file (by path) was read last. A file it does not know (a `git pull` brought a teammate's promote, a person
  edited a lesson) is parsed and validated in full as always, but its postings are derived from those of
  that previous version by the lessons whose id or text differ (:func:`from_previous`), and only the texts
  that changed are checked for flags: a pull that changed a few of 10,000 lessons costs about what they
  cost, not a new index. When the cache also kept a copy of that version's bytes (large approved files),
  the file is not even parsed and validated whole: a lesson written byte for byte as there is that lesson,
  and only the others are parsed, validated and linted (:func:`_read_from_previous`).
- **Written by runs.** Lessons a reflection left unchanged are copied as runs of the bytes of the file they were
  read from, and only the others are validated and serialised (:mod:`altimate_learn.curate.writing`).
- **The written candidate is remembered too.** After a reflection writes `candidate.json`, its digest is
  stored with postings derived from the base file's by the lessons that changed (removed, added, edited:
  compared by id and text, not taken from the curation's own bookkeeping), so the next reflection, which
  reads that file, starts warm, and so does the first one after `promote` copies it to `approved.json`.

The lint verdict of each lesson stays per text (:mod:`altimate_learn.curate.lintcache`). The postings hold
the words and backtick identifiers of lesson texts (which the store holds anyway, linted), with lesson ids,
in files only the user can read (folder 0700, files 0600); verdicts carry a checksum of their own, postings
files a SHA-256 of their body, so a damaged file is ignored rather than half-believed. Each record's check
also covers the digest of the file it describes (its name), so a record found under another file's name
(renamed, copied, restored from elsewhere) is ignored too: a verdict, postings or parsed lessons that
describe other bytes are never applied to these.
"""

from __future__ import annotations

import itertools
import json
import marshal
import math
import operator
import os
import re
from collections import Counter
from hashlib import sha256
from typing import Any

from altimate_learn import jsonsafe
from altimate_learn.curate.anchors import AnchorIndex, Postings
from altimate_learn.curate.lintcache import _fingerprint as _lint_fingerprint
from altimate_learn.curate.names import has_plain_form, plain
from altimate_learn.curate.writing import _BETWEEN, _canonical_item, _unique_ids  # the layout a read relies on
from altimate_learn.curate.lintcache import cache_dir as _user_cache
from altimate_learn.errors import SchemaError
from altimate_learn.schema import validate_lesson, validate_lessons
from altimate_learn.store import fsio
from altimate_learn.usercache import code_stamps

Lesson = dict[str, Any]
KEEP_INDEXES = 6     # postings files kept (~2 MB each at 10,000 lessons); the oldest go first
KEEP_VERDICTS = 64   # small "valid, canonical" files kept
KEEP_PARSED = 2      # parsed approved files kept (~1.5 MB each at 10,000 lessons)
KEEP_LAST = 64       # "which version of this file was read last" records (one per lesson file path)
KEEP_COPIES = 2      # copies of approved files, by digest (~2 MB each at 10,000 lessons): a pulled file's base
MIN_PARSED_BYTES = 256 * 1024  # smaller files parse in a few milliseconds: not worth a cache file
STALE_FOLDER_DAYS = 7  # a folder of older code (another fingerprint) untouched this long is removed
_EMPTY = "\x00"      # postings key of lessons without a word (Jaccard 1.0 with each other)
_HERE = os.path.dirname(os.path.abspath(__file__))
_PACKAGE = os.path.dirname(_HERE)
_CODE = [os.path.join(_PACKAGE, "schema.py"), os.path.join(_PACKAGE, "store", "fsio.py"),
         os.path.join(_HERE, "anchors.py"), os.path.join(_HERE, "polarity.py"), os.path.join(_HERE, "names.py"),
         os.path.abspath(__file__)]

_WORD = re.compile(r"[a-z0-9]+")


def word_set(text: str) -> frozenset[str]:
    """The words two lessons are compared by (Jaccard), in their plain forms: "Don't edit merged migrations." and
    "Do not edit …", "under two hundred lines" and "under 200 lines" have the same words (review30 R30-3/4)."""
    words = _WORD.findall(text.lower())
    seen = set(words)
    if has_plain_form(seen, text):
        words = _WORD.findall(plain(text, seen).lower())
    return frozenset(w for w in words if len(w) > 1)


def jaccard(a: str | frozenset[str], b: str | frozenset[str]) -> float:
    x = word_set(a) if isinstance(a, str) else a
    y = word_set(b) if isinstance(b, str) else b
    if not x and not y:
        return 1.0
    inter = len(x & y)
    return inter / (len(x) + len(y) - inter)


class WordIndex:
    """Lesson id → its word set (:func:`word_set`), and word → lesson ids, for the similarity checks.

    ``texts`` holds the text each lesson was indexed under until its words are needed; ``index[id] = words``
    re-indexes a lesson (its old words are taken out of the postings first)."""

    def __init__(self, texts: dict[str, str], postings: Postings | None = None) -> None:
        self.texts = texts
        self.memo: dict[str, frozenset[str]] = {}
        self.postings = Postings() if postings is None else postings
        if postings is None:
            for lesson_id in texts:
                self._post(lesson_id, self[lesson_id])

    def _post(self, lesson_id: str, words: frozenset[str], remove: bool = False) -> None:
        change = self.postings.discard if remove else self.postings.add
        for word in words or (_EMPTY,):
            change(word, lesson_id)

    def __getitem__(self, lesson_id: str) -> frozenset[str]:
        words = self.memo.get(lesson_id)
        if words is None:
            words = self.memo[lesson_id] = word_set(self.texts[lesson_id])
        return words

    def get(self, lesson_id: str, default: Any = None) -> Any:
        try:
            return self[lesson_id]
        except KeyError:
            return default

    def __contains__(self, lesson_id: object) -> bool:
        return lesson_id in self.memo or lesson_id in self.texts

    def __setitem__(self, lesson_id: str, words: frozenset[str]) -> None:
        if lesson_id in self:
            self._post(lesson_id, self[lesson_id], remove=True)
        self.texts.pop(lesson_id, None)
        self.memo[lesson_id] = words
        self._post(lesson_id, words)

    def pop(self, lesson_id: str, default: Any = None) -> Any:
        if lesson_id not in self:
            return default
        words = self[lesson_id]
        self._post(lesson_id, words, remove=True)
        self.texts.pop(lesson_id, None)
        return self.memo.pop(lesson_id)

    def similar(self, words: frozenset[str], threshold: float) -> dict[str, float]:
        """Lesson id → Jaccard with ``words``, for every indexed lesson at ``threshold`` (> 0) or above.

        A lesson at the threshold shares at least ``need`` = ⌈threshold·|words|⌉ of the words (Jaccard is at
        most shared / |words|), so it holds at least one of any |words| − need + 1 of them: only the lessons
        of the rarest that many words are scored."""
        if threshold <= 0:
            raise ValueError("similar() needs a threshold above 0")
        if not words:
            return {lid: 1.0 for lid in self.postings.get(_EMPTY, ())}
        need = max(1, math.ceil(threshold * len(words) - 1e-9))  # the margin only ever lowers it: safe
        ordered = sorted(words, key=self.postings.size)
        found: set[str] = set()
        for word in ordered[: len(words) - need + 1]:
            found.update(self.postings.get(word, ()))
        if len(found) > 64 and need > 1:  # many: count the shared words first, from the postings (in C)
            shared: Counter[str] = Counter()
            for word in ordered:
                shared.update(found.intersection(self.postings.get(word, ())))
            found = {lid for lid, count in shared.items() if count >= need}
        out = {}
        for lesson_id in found:
            score = jaccard(words, self[lesson_id])
            if score >= threshold:
                out[lesson_id] = score
        return out


# --- postings on disk ------------------------------------------------------------------------------------

SECTIONS = ("words", "exact", "carried", "polar_words")


class Packed:
    """One section of a postings file: sorted ``key<TAB>id id …`` lines, looked up by binary search, so
    reading a 10,000-lesson index costs a file read, not a parse (keys never hold whitespace)."""

    __slots__ = ("text", "start", "end")

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.start, self.end = text, start, end

    def _find(self, key: str) -> tuple[int, bool]:
        """The start of the first line whose key is ``key`` or sorts after it, and whether it is ``key``."""
        text, lo, hi = self.text, self.start, self.end
        while lo < hi:
            mid = (lo + hi) // 2
            line = max(lo, text.rfind("\n", lo, mid) + 1)
            if text[line:text.index("\t", line)] < key:
                lo = text.index("\n", line) + 1
            else:
                hi = line
        found = lo < self.end and text.startswith(key + "\t", lo)
        return lo, found

    def get(self, key: str, default: Any = None) -> Any:
        at, found = self._find(key)
        if not found:
            return default
        return self.text[at + len(key) + 1:self.text.index("\n", at)]

    def has(self, key: str) -> bool:
        """Whether ``key`` has a line (its ids not copied out)."""
        return self._find(key)[1]

    def merged(self, changes: dict[str, Any]) -> list[str]:
        """This section's lines with ``changes`` (key → ids, a set or an "id id …" string; empty: the key
        goes) applied, as pieces."""
        out, at = [], self.start
        for key in sorted(changes):
            line, found = self._find(key)
            out.append(self.text[at:line])
            ids = changes[key]
            if ids:
                out.append(f"{key}\t{ids if isinstance(ids, str) else ' '.join(ids)}\n")
            at = self.text.index("\n", line) + 1 if found else line
        out.append(self.text[at:self.end])
        return out


def _section(postings: Postings) -> list[str]:
    postings.settle()
    if any(not key or any(c.isspace() for c in key) for key in postings.sets):
        raise ValueError("a key with white space cannot be packed")  # none can: the caller indexes in memory
    if isinstance(postings.raw, Packed):
        return postings.raw.merged(postings.sets)
    return [f"{k}\t{v if isinstance(v, str) else ' '.join(v)}\n" for k, v in sorted(postings.sets.items()) if v]


def pack(sections: dict[str, Postings], count: int) -> str:
    """The postings file: a header line (JSON: lesson count, section offsets, and a SHA-256 of those and of
    the body), then each section's sorted lines."""
    body, spans, at = [], {}, 0
    for name in SECTIONS:
        text = "".join(_section(sections[name]))
        spans[name] = [at, at + len(text)]
        body.append(text)
        at += len(text)
    joined = "".join(body)
    header = {"count": count, "sections": spans, "sha256": _body_digest(count, spans, joined)}
    return json.dumps(header, separators=(",", ":")) + "\n" + joined


def _body_digest(count: int, spans: Any, body: str) -> str:
    return sha256(json.dumps([count, spans], sort_keys=True).encode() + b"\n" + body.encode("utf-8")).hexdigest()


def unpack(text: str, count: int) -> dict[str, Packed] | None:
    """The sections of a postings file, or None when it is not one for ``count`` lessons (torn, foreign)."""
    head, sep, body = text.partition("\n")
    if not sep:
        return None
    try:
        header = json.loads(head)
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("count") != count or not isinstance(header.get("sections"), dict):
        return None
    if header.get("sha256") != _body_digest(count, header["sections"], body):
        return None  # a torn or edited body, or offsets that are not the ones written
    out = {}
    for name in SECTIONS:
        span = header["sections"].get(name)
        if not (isinstance(span, list) and len(span) == 2 and all(type(n) is int for n in span)
                and 0 <= span[0] <= span[1] <= len(body)):
            return None
        out[name] = Packed(body, span[0], span[1])
    return out


# --- the cache --------------------------------------------------------------------------------------------

def _fingerprint() -> str:
    parts = code_stamps(_CODE)
    parts.append(_lint_fingerprint())  # the flags remembered per file are the lint rules' verdicts
    return sha256(",".join(parts).encode()).hexdigest()[:24]


def _checksum(verdict: dict, digest: str) -> str:
    """A verdict's own digest, bound to the digest of the file it describes: a file changed in the cache,
    even into other valid JSON, or found under another file's name, is not believed."""
    return sha256(f"{digest}\n{json.dumps(verdict, sort_keys=True)}".encode()).hexdigest()[:16]


def _bound(digest: str, blob: bytes | memoryview) -> bytes:
    """SHA-256 of a cache record's ``blob`` and of the digest of the file it describes (hex, encoded)."""
    hasher = sha256(digest.encode() + b"\n")
    hasher.update(blob)
    return hasher.hexdigest().encode()


class Cache:
    """What is known about lesson files, by the digest of their bytes (see the module docstring)."""

    def __init__(self, folder: str | None = None) -> None:
        base = _user_cache() if folder is None else folder
        # _user_cache() ends in ".../altimate-learn/lint"; our files sit beside it.
        root = os.path.join(os.path.dirname(base), "curate") if folder is None and base else base
        self.folder = os.path.join(root, _fingerprint()) if root else None

    def _path(self, digest: str, suffix: str) -> str | None:
        return os.path.join(self.folder, f"{digest}.{suffix}") if self.folder else None

    def _read(self, digest: str, suffix: str) -> Any:
        path = self._path(digest, suffix)
        if path is None:
            return None
        try:
            with open(path, "rb") as handle:
                return jsonsafe.loads(handle.read())
        except (OSError, ValueError):
            return None

    def verdict(self, digest: str, kind: str) -> dict | None:
        """``{"canonical": bool, "flagged": [ids] (when known)}`` when a file with this digest passed the
        schema as ``kind`` before."""
        found = self._read(digest, "ok")
        if isinstance(found, dict) and found.pop("sum", None) == _checksum(found, digest) and found.get("kind") == kind \
                and isinstance(found.get("canonical"), bool) and isinstance(found.get("ids"), str):
            try:
                os.utime(self._path(digest, "ok"))  # type: ignore[arg-type]  # in use: the last to be pruned
            except OSError:
                pass
            flagged = found.get("flagged")
            if flagged is not None and not (isinstance(flagged, list) and all(isinstance(f, str) for f in flagged)):
                del found["flagged"]
            found["ids"] = found["ids"].split()
            return found
        return None

    def postings(self, digest: str, count: int) -> dict[str, Packed] | None:
        """The postings of the file with this digest (of ``count`` lessons), when remembered."""
        path = self._path(digest, "index")
        if path is None:
            return None
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            # The header's "of" binds the SHA-256 of the postings (of their count, sections and body) to this
            # digest: postings remembered for other bytes are not these bytes' postings.
            header = json.loads(text[:text.find("\n")])
            found = unpack(text, count) if isinstance(header, dict) and header.get("of") == _bound(
                digest, str(header.get("sha256")).encode()).decode() else None
            if found is not None:
                os.utime(path)  # in use: the last to be pruned
            return found
        except (OSError, ValueError):
            return None

    def _write(self, digest: str, suffix: str, value: Any, keep: int) -> None:
        path = self._path(digest, suffix)
        if path is None:
            return
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            if not os.path.isdir(self.folder):  # type: ignore[arg-type]
                os.makedirs(self.folder, mode=0o700, exist_ok=True)  # type: ignore[arg-type]
                self._drop_stale_folders()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(value if isinstance(value, bytes) else (
                    value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))).encode("utf-8"))
            os.replace(tmp, path)
        except (OSError, ValueError):
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return
        self._prune(suffix, keep)

    def _drop_stale_folders(self) -> None:
        """Folders of other code versions nobody used for a while (their fingerprint is not ours)."""
        import shutil
        import time

        root = os.path.dirname(self.folder)  # type: ignore[arg-type]
        try:
            for entry in os.scandir(root):
                if (entry.is_dir(follow_symlinks=False) and entry.path != self.folder
                        and time.time() - entry.stat().st_mtime > STALE_FOLDER_DAYS * 86400):
                    shutil.rmtree(entry.path, ignore_errors=True)
        except OSError:
            pass

    def _prune(self, suffix: str, keep: int) -> None:
        try:
            entries = [e for e in os.scandir(self.folder) if e.name.endswith("." + suffix)]  # type: ignore[arg-type]
            if len(entries) <= keep:
                return
            entries.sort(key=lambda e: e.stat().st_mtime_ns)
            for entry in entries[:-keep]:
                os.unlink(entry.path)
        except OSError:
            pass

    def _bytes(self, digest: str, suffix: str) -> bytes | None:
        """The bytes of a cache record, when there is one."""
        path = self._path(digest, suffix)
        if path is None:
            return None
        try:
            with open(path, "rb") as handle:
                return handle.read()
        except OSError:
            return None

    def _touch(self, digest: str, suffix: str) -> None:
        """Mark a record in use: the last to be pruned."""
        try:
            os.utime(self._path(digest, suffix))  # type: ignore[arg-type]
        except (OSError, TypeError):
            pass

    def parsed(self, digest: str, count: int) -> list[Lesson] | None:
        """The lessons of the file with this digest (``count`` of them) as JSON parsed them before, when
        remembered (:meth:`remember_parsed`); None for a missing, torn or foreign record."""
        data = self._bytes(digest, "parsed")
        if data is None:
            return None
        head, blob = data[:65], memoryview(data)[65:]
        if head[64:] != b"\n" or _bound(digest, blob) != head[:64]:
            return None
        try:
            lessons = marshal.loads(blob)
        except (ValueError, EOFError, TypeError):
            return None
        if type(lessons) is not list or len(lessons) != count or not all(map(isinstance, lessons,
                                                                             itertools.repeat(dict))):
            return None
        self._touch(digest, "parsed")
        return lessons

    def remember_parsed(self, digest: str, lessons: list[Lesson]) -> None:
        """Remember ``lessons``, just parsed from the JSON of the file with this digest, in :mod:`marshal`'s
        format (loaded in about a third of the time JSON takes). Only what ``json.loads`` returned may be
        passed: its containers are all distinct and its values plain JSON types, so loading it back gives
        an equal list, keys in the same order."""
        try:
            blob = marshal.dumps(lessons)
        except ValueError:
            return
        self._write(digest, "parsed", _bound(digest, blob) + b"\n" + blob, KEEP_PARSED)

    def copy(self, digest: str) -> bytes | None:
        """The bytes of the file with this digest, when a copy was kept (:meth:`keep_copy`); a copy whose
        SHA-256 is not ``digest`` (torn, edited, renamed) is None."""
        data = self._bytes(digest, "copy")
        if data is None or sha256(data).hexdigest() != digest:
            return None
        self._touch(digest, "copy")
        return data

    def keep_copy(self, digest: str, raw: bytes) -> None:
        """Keep a copy of a large canonical approved file (once per version), so the version a `git pull`
        brings after it is checked against it lesson by lesson (:func:`_read_from_previous`)."""
        path = self._path(digest, "copy")
        if path is None or len(raw) < MIN_PARSED_BYTES or os.path.exists(path):
            return
        self._write(digest, "copy", raw, KEEP_COPIES)

    def _path_key(self, path: Any) -> str:
        return sha256(os.path.realpath(str(path)).encode("utf-8", "surrogateescape")).hexdigest()

    def last(self, path: Any) -> str | None:
        """The digest of the version of the lesson file at ``path`` read last (:meth:`set_last`), when known."""
        found = self._read(self._path_key(path), "last")
        return found if isinstance(found, str) and re.fullmatch(r"[0-9a-f]{64}", found) else None

    def set_last(self, path: Any, digest: str) -> None:
        """Remember that the lesson file at ``path`` has the bytes of ``digest`` now (what a later version of
        it is derived from: :func:`from_previous`)."""
        self._write(self._path_key(path), "last", json.dumps(digest), KEEP_LAST)

    def remember(self, digest: str, kind: str, canonical: bool, postings: str | None = None,
                 count: int = 0, flagged: list[str] | None = None, *, ids: list[str]) -> None:
        """Remember a file's verdict (with the ids of its lessons, in order), and its packed postings
        (:func:`pack`) when given."""
        verdict: dict[str, Any] = {"kind": kind, "canonical": canonical, "ids": " ".join(ids)}
        if flagged is not None:
            verdict["flagged"] = sorted(flagged)
        verdict["sum"] = _checksum(verdict, digest)
        self._write(digest, "ok", verdict, KEEP_VERDICTS)
        if postings is not None:
            head, _, body = postings.partition("\n")
            header = json.loads(head)
            header["of"] = _bound(digest, str(header.get("sha256")).encode()).decode()
            self._write(digest, "index", json.dumps(header, separators=(",", ":")) + "\n" + body, KEEP_INDEXES)


# --- reading ----------------------------------------------------------------------------------------------

class LessonFile:
    """The lessons of one file, with what the cache knows about its bytes. A file the cache knows is parsed
    only when its lessons are asked for: often only its ids are (the approved file beside a candidate)."""

    def __init__(self, lessons: list[Lesson] | None, raw: bytes, digest: str, canonical: bool,
                 flagged: list[str] | None = None, ids: list[str] | None = None, cache: Cache | None = None,
                 previous: str | None = None) -> None:
        self._lessons = lessons
        self._cache = cache  # given: the lessons parsed are remembered (and looked for) in it
        self.raw = raw
        self.digest = digest
        self.canonical = canonical
        self.flagged = flagged  # ids of its flagged lessons, when known
        self._ids = ids
        self.previous = previous  # a file the cache did not know: the digest of the version read before it there
        self.previous_lessons: list[Lesson] | None = None  # that version's lessons, when read (not to be changed)
        # When the file was read against that version (:func:`_read_from_previous`): the places of its lessons
        # that are not, byte for byte, lessons of that version (new or changed).
        self.changed: list[int] | None = None

    @property
    def lessons(self) -> list[Lesson]:
        if self._lessons is None:
            cache = self._cache if len(self.raw) >= MIN_PARSED_BYTES and self._ids is not None else None
            found = cache.parsed(self.digest, len(self._ids)) if cache is not None else None  # type: ignore[arg-type]
            if found is None:
                found = jsonsafe.loads(self.raw.decode("utf-8"))  # these bytes passed the schema before
                if cache is not None:
                    cache.remember_parsed(self.digest, found)
            self._lessons = found
        return self._lessons

    @property
    def ids(self) -> list[str]:
        if self._ids is None:
            self._ids = list(map(operator.itemgetter("id"), self.lessons))
        return self._ids


def read(store: Any, filename: str, cache: Cache) -> LessonFile | None:
    """The lessons of ``filename`` (None when it does not exist), as :meth:`Store.read_lessons` reads them,
    with the same errors; validated only when the cache does not know these bytes."""
    path = store.path(filename)
    fsio.check_confined(path, store.confine(filename), verb="read")
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return store.read_lessons(filename)  # raises the store's error for a folder
    retired = filename in store.RETIRED_FILES
    kind = "retired" if retired else "lessons"
    digest = sha256(raw).hexdigest()
    seen = cache.verdict(digest, kind)
    previous = cache.last(path)
    if previous != digest:
        cache.set_last(path, digest)
    if seen is not None:
        # approved.json is read again and again until it is replaced (every reflection that leaves no
        # candidate, the first after `learn reject`): its parsed lessons are remembered from the second read
        # on. A candidate is read once or twice before the next replaces it: parsing it is cheaper than that.
        if filename == store.APPROVED and seen["canonical"]:
            cache.keep_copy(digest, raw)  # what the version a `git pull` brings is checked against
        return LessonFile(None, raw, digest, seen["canonical"], seen.get("flagged"), seen.get("ids"),
                          cache=cache if filename == store.APPROVED else None)
    found = _read_from_previous(cache, raw, previous, kind, str(path), retired) \
        if previous is not None and previous != digest and len(raw) >= MIN_PARSED_BYTES else None
    if found is not None:
        lessons, before, changed = found
        canonical = True
    else:
        value = fsio.parse_json(path, raw)
        lessons = validate_lessons(value, str(path), retired=retired)
        canonical = fsio.canonical_json(lessons).encode("utf-8") == raw
        before = changed = None
    ids = [lesson["id"] for lesson in lessons]
    cache.remember(digest, kind, canonical, ids=ids)  # (its copy is kept when it is read again, known)
    file = LessonFile(lessons, raw, digest, canonical, ids=ids, previous=previous)
    file.previous_lessons, file.changed = before, changed
    return file


def current_lessons(store: Any) -> list[dict[str, Any]]:
    """The staged candidate, else the approved lessons (a file the cache knows is not validated again). Here, not
    only in :mod:`altimate_learn.reflect.reflect` (which gives it too): the background re-vet of a capture worker,
    `learn vet` and `learn remember` read them without importing the reflection pipeline and the built-in reflector
    (~0.25 s of CPU a process)."""
    cache = Cache()
    for name in (store.CANDIDATE, store.APPROVED):
        found = read(store, name, cache)
        if found is not None:
            return found.lessons
    return []


def _bodies(raw: bytes) -> list[bytes] | None:
    """The lessons of a file laid out as a canonical lesson file is, each without its first and last line
    (``  {`` and ``  }``); None for any other layout. (In canonical JSON ``_BETWEEN`` only ever separates two
    lessons: a newline inside a string is written as an escape.)"""
    if not (raw.startswith(b"[\n  {\n") and raw.endswith(b"\n  }\n]\n")):
        return None
    return raw[6:-7].split(_BETWEEN)


def _read_from_previous(cache: Cache, raw: bytes, previous: str, kind: str, path: str,
                        retired: bool) -> tuple[list[Lesson], list[Lesson], list[int]] | None:
    """The lessons of ``raw``, a version of a lesson file the cache does not know, checked against the version
    read before it at that path (``previous``: its copy, its parsed lessons and its verdict, all remembered):
    (the lessons, the previous version's lessons), or None when that cannot show the file is canonical and
    valid (then it is parsed, validated and checked in full, with the errors that gives). The third item: the
    places of the lessons that are not the previous version's.

    A lesson whose text in the file is, byte for byte, that of a lesson of the previous (canonical, valid)
    version is that lesson: it is neither parsed nor validated again. Every other lesson is parsed alone,
    validated, and must be written exactly as canonical JSON writes it; then the whole file is the canonical
    JSON of these lessons (it is their texts joined as canonical JSON joins them), so parsing it would give
    them, and ids must still be unique. A `git pull` that changed a few of 10,000 lessons costs what they cost."""
    seen = cache.verdict(previous, kind)
    if seen is None or not seen["canonical"]:
        return None
    old_raw = cache.copy(previous)
    old_bodies = _bodies(old_raw) if old_raw is not None else None
    if old_bodies is None or len(old_bodies) != len(seen["ids"]):
        return None
    bodies = _bodies(raw)
    if bodies is None:
        return None
    old = cache.parsed(previous, len(old_bodies))
    if old is None:
        return None
    where = dict(zip(old_bodies, range(len(old_bodies))))
    if len(where) != len(old_bodies):
        return None  # two lessons written alike: ids were unique, so this is not that file
    places = list(map(where.get, bodies))
    lessons: list[Any] = [None if at is None else old[at] for at in places]
    changed = list(itertools.compress(range(len(bodies)), map(operator.is_, places, itertools.repeat(None))))
    if len(changed) > max(64, len(bodies) // 4):
        return None  # mostly rewritten: one parse of the whole file is cheaper than one per lesson
    for index in changed:
        item = b"  {\n" + bodies[index] + b"\n  }"
        try:
            lesson = jsonsafe.loads(item.decode("utf-8"))
            validate_lesson(lesson, path, index, retired=retired)
        except (ValueError, SchemaError):  # not UTF-8, not JSON (TooDeep included), not a valid lesson
            return None
        if _canonical_item(lesson).encode("utf-8") != item:
            return None
        lessons[index] = lesson
    if not _unique_ids(lessons):
        return None
    return lessons, old, changed


# A file changed in more lessons than this is indexed anew rather than from the version before it
MAX_DERIVED_CHANGES = 2000


def from_previous(cache: Cache, file: LessonFile) -> tuple[str, list[str] | None, dict[str, str]] | None:
    """The postings of ``file``, a version of a lesson file the cache does not know (a `git pull` brought it, a
    person or altimate-code edited it), derived from those of the version read before it at the same path:
    the lessons whose id or text differ are taken out of, and put into, that version's postings, as after a
    reflection's own write (:func:`postings_after`). Returns (the packed postings, the previous version's
    flagged ids when known, id → text of the lessons new or changed); None when the previous version's
    verdict, postings or parsed lessons are not remembered, or when most of the file changed."""
    if file.previous is None or file.previous == file.digest:
        return None
    seen = cache.verdict(file.previous, "lessons")
    if seen is None:
        return None
    ids = seen["ids"]
    postings = cache.postings(file.previous, len(ids))
    old = None if postings is None else file.previous_lessons if file.previous_lessons is not None and len(
        file.previous_lessons) == len(ids) else cache.parsed(file.previous, len(ids))
    if old is None or list(map(operator.itemgetter("id"), old)) != ids:
        return None
    try:
        old_texts = dict(zip(ids, map(operator.itemgetter("text"), old)))
    except (KeyError, TypeError):
        return None
    lessons = file.lessons
    new_texts = dict(zip(map(operator.itemgetter("id"), lessons), map(operator.itemgetter("text"), lessons)))
    gone = {lid: text for lid, text in old_texts.items() if new_texts.get(lid) != text}
    new = {lid: text for lid, text in new_texts.items() if old_texts.get(lid) != text}
    if len(gone) + len(new) > MAX_DERIVED_CHANGES:
        return None
    text = postings_after(postings, gone, new, len(lessons))
    return (text, seen.get("flagged"), new) if text is not None else None


def build_postings(lessons: list[Lesson]) -> tuple[AnchorIndex, WordIndex]:
    """Index every lesson now (a file the cache does not know)."""
    return AnchorIndex(lessons), WordIndex({lesson["id"]: lesson["text"] for lesson in lessons})


def _sections(anchors: AnchorIndex, words: WordIndex) -> dict[str, Postings]:
    return {"words": words.postings, "exact": anchors.exact, "carried": anchors.carried,
            "polar_words": anchors.polar_words}


def indexes(lessons: list[Lesson], postings: dict[str, Packed]) -> tuple[AnchorIndex, WordIndex]:
    """The anchor and word indexes of ``lessons`` over their remembered ``postings``."""
    texts = dict(zip(map(operator.itemgetter("id"), lessons), map(operator.itemgetter("text"), lessons)))
    anchors = AnchorIndex.from_postings(texts, postings["exact"], postings["carried"], postings["polar_words"])
    return anchors, WordIndex(dict(texts), Postings(postings["words"]))


def prepare(lessons: list[Lesson], postings: dict[str, Packed] | None) -> tuple[
        tuple[AnchorIndex, WordIndex], dict[str, Packed] | None, str | None]:
    """The indexes of ``lessons`` (over their remembered ``postings``, or built now), the postings they use,
    and the postings file to remember when they were built now."""
    if postings is not None:
        return indexes(lessons, postings), postings, None
    built = build_postings(lessons)
    try:
        text = pack(_sections(*built), len(lessons))
    except ValueError:
        return built, None, None
    postings = unpack(text, len(lessons))
    return indexes(lessons, postings), postings, text  # type: ignore[arg-type]


def _keys(lesson_id: str, text: str) -> list[tuple[str, str]]:
    """(section, key) of every posting a lesson with ``text`` is in."""
    sections = _sections(*build_postings([{"id": lesson_id, "text": text}]))
    return [(name, key) for name, postings in sections.items() for key in postings.sets]


def postings_after(base_postings: dict[str, Packed], gone: dict[str, str], new: dict[str, str],
                   count: int) -> str | None:
    """The postings file of a lesson set that differs from the one ``base_postings`` index by the lessons
    ``gone`` (id → the text they were indexed under: removed or edited) and ``new`` (id → text: added or
    edited); None when it cannot be packed.

    Each changed lesson's keys come from indexing it alone (the same code as every index); its id is taken
    out of, or added to, those keys' "id id …" strings as text, without splitting long postings into sets."""
    edits: dict[str, dict[str, tuple[set[str], list[str]]]] = {name: {} for name in SECTIONS}
    for lesson_id, text in gone.items():
        for name, key in _keys(lesson_id, text):
            edits[name].setdefault(key, (set(), []))[0].add(lesson_id)
    for lesson_id, text in new.items():
        for name, key in _keys(lesson_id, text):
            edits[name].setdefault(key, (set(), []))[1].append(lesson_id)
    sections: dict[str, Postings] = {}
    for name in SECTIONS:
        packed = base_postings[name]
        postings = sections[name] = Postings(packed)
        for key, (removed, added) in edits[name].items():
            ids = " " + (packed.get(key) or "") + " "
            for lesson_id in removed:
                ids = ids.replace(f" {lesson_id} ", " ", 1)
            postings.sets[key] = " ".join([ids.strip(), *added]).strip()  # type: ignore[assignment]
    try:
        return pack(sections, count)
    except ValueError:
        return None
