"""Per-lesson results kept from one preparation of the delivery corpus to the next.

A `git pull` that edits one lesson of 10,000 changes `approved.json`, so the first hook after it prepares the
corpus again (:func:`altimate_learn.deliver.index.prepare_data`). Almost all of that work is per lesson and
the same as last time: checking each entry (schema, lint, path triggers) and deriving its search tokens,
concept terms, anchors, the files it names, its rendered line and its leading verb. This memo keeps those
results in the user's cache folder, so only new or changed lessons are checked and derived again; what
depends on the whole store (BM25 statistics and postings, the join tables, the core order) is still built
from all lessons, from the per-lesson parts. The result equals a preparation from nothing.

- **Checks** are keyed by a digest of the entry as parsed (its :mod:`marshal` bytes: every field, with its
  type): an entry that passed the schema, the lint and the path checks before passes them again, so only its
  checked text and path triggers are kept. An entry that failed is not kept (it is checked, and its reason
  logged, each time).
- **Parts** are keyed by a digest of what they are derived from (checked text, tags, path triggers), so an
  entry whose counters alone changed re-derives nothing.

The file's name carries the fingerprint of the code that prepares the corpus (as the corpus cache's key
does), so an upgrade or an edited rule starts from nothing. Its body carries a digest of itself; a missing,
torn, foreign or damaged file is ignored (everything is derived again), never half-believed, and one that
cannot be written only costs speed. Stdlib only; imported only when a corpus is prepared, never by a warm hook.
"""

from __future__ import annotations

import marshal
import os
from hashlib import blake2b, sha256

from altimate_learn.usercache import write_file

VERSION = 1
PREFIX = "reuse-"
# Entries of each kind kept: all those this preparation used, and as many others again (at least SLACK), the most
# recently used first: the lessons' earlier versions (a branch switched back), another project's or worktree's store.
# So the memo stays about twice the store it serves (a memo filled with every version ever seen would cost more to
# read and write than it saves), and never more than CAP unless one store alone is larger.
SLACK = 2_000
CAP = 60_000


def _digest(value) -> bytes:
    """A digest of a value parsed from JSON (or of strings and lists of them): of its `repr`, which spells every
    field with its type (`1`, `1.0`, `True`, `'1'`) and, unlike :mod:`marshal`'s bytes, does not depend on which
    objects happen to be shared."""
    return blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).digest()


class Memo:
    """Check verdicts and derived parts by digest; :meth:`save` writes what this preparation used or added."""

    def __init__(self, path: str | None = None, checks: dict | None = None, parts: dict | None = None) -> None:
        self.path = path
        self.checks: dict[bytes, tuple] = checks or {}
        self.parts: dict[bytes, tuple] = parts or {}
        self.used_checks: dict[bytes, tuple] = {}
        self.used_parts: dict[bytes, tuple] = {}
        self.added = False

    # --- checks: one approved.json entry -> (checked text, path triggers) ----------------------------------

    def check_key(self, item) -> bytes | None:
        return _digest(item)

    def checked(self, key: bytes | None) -> tuple[str, list[str]] | None:
        """The checked text and triggers of an entry that passed every check before, or None."""
        if key is None:
            return None
        found = self.checks.get(key)
        if (type(found) is tuple and len(found) == 2 and type(found[0]) is str and type(found[1]) is list):
            self.used_checks[key] = found
            return found
        return None

    def remember_check(self, key: bytes | None, text: str, triggers: list[str]) -> None:
        if key is not None:
            self.used_checks[key] = (text, triggers)
            self.added = True

    # --- parts: (text, tags, triggers) -> what corpus.lesson_parts derives ----------------------------------

    def lesson_parts(self, text: str, tags: list[str], triggers: list[str], derive) -> tuple:
        """``derive()`` for this text, tags and triggers, or what it returned for them before."""
        key = _digest((text, tags, triggers))
        found = self.parts.get(key) if key is not None else None
        if type(found) is tuple:
            self.used_parts[key] = found
            return found
        found = derive()
        if key is not None:
            self.used_parts[key] = found
            self.added = True
        return found

    # --- the file ------------------------------------------------------------------------------------------

    def save(self) -> None:
        """Write this preparation's entries (then the most recently used others, see :data:`SLACK`), when it added any."""
        if not (self.path and self.added):
            return
        checks, parts = _kept(self.used_checks, self.checks), _kept(self.used_parts, self.parts)
        try:
            body = marshal.dumps((VERSION, checks, parts))
            write_file(self.path, blake2b(body, digest_size=32).digest() + body)
        except (OSError, ValueError):
            pass


def _kept(used: dict, old: dict) -> dict:
    keep = dict(used)
    room = min(max(len(keep), SLACK), CAP - len(keep))
    if room > 0:
        for key, value in old.items():  # as written last time: that preparation's first, then older ones
            if room <= 0:
                break
            if key not in keep:
                keep[key] = value
                room -= 1
    return keep


def memo_path(folder: str, fingerprint: str) -> str:
    return os.path.join(folder, PREFIX + sha256(fingerprint.encode()).hexdigest()[:32] + ".marshal")


def open_memo(folder: str | None, fingerprint: str) -> Memo:
    """The memo for this code (``fingerprint``) in ``folder`` (the index cache folder); an empty one when it is
    missing or cannot be trusted, or without a folder (then nothing is written)."""
    if not folder:
        return Memo()
    path = memo_path(folder, fingerprint)
    try:
        with open(path, "rb") as handle:
            blob = handle.read()
    except OSError:
        return Memo(path)
    try:
        head, body = blob[:32], memoryview(blob)[32:]
        if blake2b(body, digest_size=32).digest() != head:
            return Memo(path)
        version, checks, parts = marshal.loads(body)
    except Exception:  # torn, foreign or damaged: start empty
        return Memo(path)
    if version != VERSION or type(checks) is not dict or type(parts) is not dict:
        return Memo(path)
    return Memo(path, checks, parts)
