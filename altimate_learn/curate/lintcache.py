"""Which lesson texts already passed lint, remembered across processes, so a reflection against a large
store re-lints only the lessons that changed.

Every `learn reflect` is a new process, and the curator checks each stored lesson before it curates (a
hand edit to `approved.json` must not slip through). Linting costs about a millisecond a lesson (the
secret patterns dominate), which is 10 s for a 10,000-lesson store. The verdict depends only on the text,
the options and the lint code, so it is remembered under a digest of those.

Only passes are remembered, and only as digests (SHA-256 of the options and the text, 16 bytes): no lesson
text reaches the file, and a text that fails is linted again every time (it stops the curator with its
reason anyway). The file lives in the user's cache folder (`$XDG_CACHE_HOME/altimate-learn/lint/`), never in
the repository: a repository could ship a file claiming its lessons passed. The lint code's files (their
size and modification time) are part of the file name, so a changed rule set starts from nothing. A
missing, torn or foreign file is ignored; a failed write loses only the speed-up.
"""

from __future__ import annotations

import os
from hashlib import sha256

from altimate_learn.usercache import cache_base, code_stamps

DIGEST = 16  # bytes of SHA-256 kept per text
MAX_ENTRIES = 200_000  # ~3 MB; past this, the oldest half is dropped
_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE = (os.path.join(_HERE, "lint.py"), os.path.join(_HERE, "rules"), os.path.join(_HERE, "..", "redact"))


def cache_dir(env: dict | None = None) -> str | None:
    base = cache_base(env)
    return os.path.join(base, "lint") if base else None


def _fingerprint() -> str:
    """Size and modification time of every file of the lint code (the rules and the redactor included)."""
    return sha256(",".join(code_stamps(_CODE)).encode()).hexdigest()[:32]


class Passed:
    """Digests of (options, text) that passed lint. ``known`` before linting, ``add`` after a pass, then
    ``save`` once.

    The file is kept as read (up to 3 MB): a warm reflection asks about a few texts, each a search of the
    bytes at digest boundaries; a set of all digests is built only once many texts are asked about."""

    SEARCHES = 64  # lookups answered by searching the bytes before a set is built

    def __init__(self, folder: str | None = None) -> None:
        folder = cache_dir() if folder is None else folder
        self.path = os.path.join(folder, f"passed-{_fingerprint()}.bin") if folder else None
        self.blob = b""
        self.added: list[bytes] = []
        self._set: set[bytes] | None = None
        self._searches = 0
        if self.path:
            try:
                with open(self.path, "rb") as handle:
                    blob = handle.read()
            except OSError:
                blob = b""
            if len(blob) % DIGEST == 0:  # anything else is torn or foreign: start empty
                self.blob = blob

    @property
    def digests(self) -> set[bytes]:
        if self._set is None:
            blob = self.blob
            self._set = {blob[i:i + DIGEST] for i in range(0, len(blob), DIGEST)} | set(self.added)
        return self._set

    @property
    def changed(self) -> bool:
        return bool(self.added)

    @staticmethod
    def digest(text: str, options: str) -> bytes:
        return sha256(f"{options}\0{text}".encode("utf-8", "surrogatepass")).digest()[:DIGEST]

    def _has(self, key: bytes) -> bool:
        if self._set is not None or self._searches >= self.SEARCHES:
            return key in self.digests
        self._searches += 1
        if key in self.added:
            return True
        at = self.blob.find(key)
        while at != -1 and at % DIGEST:
            at = self.blob.find(key, at + 1)
        return at != -1

    def known(self, text: str, options: str) -> bool:
        return self._has(self.digest(text, options))

    def add(self, text: str, options: str) -> None:
        key = self.digest(text, options)
        if not self._has(key):
            self.added.append(key)
            if self._set is not None:
                self._set.add(key)

    def save(self) -> None:
        if not (self.path and self.added):
            return
        data = self.blob + b"".join(self.added)
        if len(data) > MAX_ENTRIES * DIGEST:
            data = data[-(MAX_ENTRIES // 2) * DIGEST:]
        folder = os.path.dirname(self.path)
        tmp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, self.path)
            self.blob, self.added = data, []
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
