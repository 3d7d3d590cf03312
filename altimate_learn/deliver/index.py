"""The delivery corpus: every approved lesson of the project's stores, checked, tokenised and indexed.

Reading is tolerant by design: a store whose `approved.json` cannot be read or parsed is skipped (and
logged) and the others are still delivered; a lesson that fails the schema, is longer than 140
characters or is rejected by the curator's lint (for example one committed by hand) is left out and
logged; identical texts in two stores are delivered once (the first store by name wins).

The prepared corpus (checked lessons, rendered lines, the BM25 postings, the anchor and trigger tables)
is cached with `marshal`, keyed by the SHA-256 of every store's `approved.json` bytes plus the versions
of the code that prepared it. The cache lives in the user's cache folder
(`$XDG_CACHE_HOME/altimate-learn/index/`), not in the repository: a file a repository could ship must
never be fed to `marshal`. A cache that is missing, stale or unreadable is rebuilt; one that cannot be
written only costs speed.

Stdlib only, and lean: this module is imported by every hook call.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import stat

from altimate_learn.deliver.bm25 import BM25
from altimate_learn.deliver.render import lesson_line, single_line
from altimate_learn.deliver.tokenize import anchors, tokenize

INDEX_VERSION = 3
APPROVED = "approved.json"
MAX_CACHE_FILES = 16
_HERE = os.path.dirname(os.path.abspath(__file__))
# Code whose change must invalidate a prepared corpus.
_FINGERPRINT_FILES = (
    os.path.join(_HERE, "index.py"), os.path.join(_HERE, "tokenize.py"), os.path.join(_HERE, "render.py"),
    os.path.join(_HERE, "bm25.py"), os.path.join(_HERE, "..", "curate", "lint.py"),
    os.path.join(_HERE, "..", "schema.py"),
)


class Corpus:
    """Parallel lists, one entry per deliverable lesson (index = position)."""

    __slots__ = ("keys", "stores", "ids", "texts", "lines", "triggers", "net", "pinned", "core", "bm25",
                 "anchors", "affixes", "patterns", "skipped", "cached")

    def __init__(self, data: dict) -> None:
        self.keys: list[str] = data["keys"]  # "store/id": unique across stores
        self.stores: list[str] = data["stores"]
        self.ids: list[str] = data["ids"]
        self.texts: list[str] = data["texts"]  # the checked, single-line text
        self.lines: list[str] = data["lines"]  # what the agent sees (with `[applies to: …]`)
        self.triggers: list[list[str]] = data["triggers"]
        self.net: list[int] = data["net"]  # helpful − harmful
        self.pinned: list[bool] = data["pinned"]
        self.core: list[int] = data["core"]  # indices in core order: pinned, then net, then id
        self.bm25 = BM25.load(data["bm25"])
        self.anchors: dict[str, list[int]] = data["anchors"]  # exact anchor → lessons
        self.affixes: list[list] = data["affixes"]  # [anchor, lesson] for `_suffix` / `prefix_` anchors
        self.patterns: dict[str, list[int]] = data["patterns"]  # trigger glob → lessons
        self.skipped: list[str] = data["skipped"]  # why lessons or stores were left out (logged when prepared)
        self.cached = bool(data.get("cached"))

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def vocabulary(self) -> dict:
        return self.bm25.postings


def empty_corpus() -> Corpus:
    return Corpus(_pack([], []))


# --- reading the stores --------------------------------------------------------------------------------

def plain_store_name(name: str) -> bool:
    """The names `learn` would create (see :func:`altimate_learn.store.paths.validate_store_name`)."""
    if not name or name.startswith(".") or len(name) > 100 or "/" in name or "\\" in name or ".." in name:
        return False
    return all(ch.isprintable() for ch in name)


def read_stores(learn_dir: str, log) -> list[tuple[str, bytes]]:
    """(store name, approved.json bytes) for every store that has one, in name order.

    A symlinked store folder or `approved.json`, or one that cannot be read, is skipped and logged.
    """
    out: list[tuple[str, bytes]] = []
    try:
        entries = sorted(os.scandir(learn_dir), key=lambda e: e.name)
    except OSError as exc:
        log(f"cannot list {learn_dir}: {exc}")
        return out
    for entry in entries:
        if not plain_store_name(entry.name):
            continue
        try:
            if entry.is_symlink():
                log(f"store {entry.name!r} skipped: the store folder is a symlink")
                continue
            if not entry.is_dir(follow_symlinks=False):
                continue
            path = os.path.join(entry.path, APPROVED)
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
                log(f"store {entry.name!r} skipped: {APPROVED} is not a regular file")
                continue
            with open(path, "rb") as handle:
                out.append((entry.name, handle.read()))
        except OSError as exc:
            log(f"store {entry.name!r} skipped: {APPROVED} cannot be read ({exc.strerror or exc})")
    return out


# --- preparing -----------------------------------------------------------------------------------------

def _check_lessons(name: str, raw: bytes, log, lint, validate_lesson) -> list[dict] | None:
    """The deliverable lessons of one store, or None when the file as a whole cannot be used."""
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        log(f"store {name!r} skipped: {APPROVED} is not valid JSON ({exc})")
        return None
    if not isinstance(value, list):
        log(f"store {name!r} skipped: {APPROVED} is not a JSON array of lessons")
        return None
    good: list[dict] = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        label = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) else f"#{index + 1}"
        try:
            validate_lesson(item, APPROVED, index)
        except Exception as exc:  # SchemaError, or anything a hand edit can produce
            log(f"lesson {name}/{label} left out: {exc}")
            continue
        if item["id"] in seen:
            log(f"lesson {name}/{label} left out: duplicate id")
            continue
        result = lint(item["text"])
        if not result.ok:
            log(f"lesson {name}/{label} left out: {result.reason} ({result.rule})")
            continue
        triggers = [single_line(p).replace("\\", "/") for p in (item.get("trigger") or {}).get("paths") or []]
        triggers = [p[2:] if p.startswith("./") else p for p in triggers if p]
        seen.add(item["id"])
        good.append({"id": item["id"], "text": result.text, "tags": list(item.get("tags") or []),
                     "triggers": triggers, "net": item["helpful"] - item["harmful"],
                     "pinned": bool(item.get("pinned"))})
    return good


def prepare(stores: list[tuple[str, bytes]], log) -> Corpus:
    """Check and index the lessons of every store (the slow path; the result is what gets cached)."""
    from altimate_learn.curate.lint import lint
    from altimate_learn.schema import validate_lesson

    lessons: list[tuple[str, dict]] = []
    skipped: list[str] = []

    def note(message: str) -> None:
        log(message)
        skipped.append(message)

    texts_seen: dict[str, str] = {}
    for name, raw in stores:
        checked = _check_lessons(name, raw, note, lint, validate_lesson)
        if checked is None:
            continue
        for lesson in checked:
            folded = lesson["text"].casefold()
            if folded in texts_seen:
                note(f"lesson {name}/{lesson['id']} left out: same text as {texts_seen[folded]}")
                continue
            texts_seen[folded] = f"{name}/{lesson['id']}"
            lessons.append((name, lesson))
    return Corpus(_pack(lessons, skipped))


def _pack(lessons: list[tuple[str, dict]], skipped: list[str]) -> dict:
    docs = [tokenize(" ".join([lesson["text"], *lesson["tags"], *lesson["triggers"]])) for _, lesson in lessons]
    anchor_map: dict[str, list[int]] = {}
    affixes: list[list] = []
    patterns: dict[str, list[int]] = {}
    for index, (_, lesson) in enumerate(lessons):
        for anchor in sorted(anchors(lesson["text"])):
            anchor_map.setdefault(anchor, []).append(index)
            if anchor.startswith("_") or anchor.endswith("_"):
                affixes.append([anchor, index])
        for pattern in dict.fromkeys(lesson["triggers"]):
            patterns.setdefault(pattern, []).append(index)
    core = sorted(range(len(lessons)), key=lambda i: (not lessons[i][1]["pinned"], -lessons[i][1]["net"],
                                                      lessons[i][1]["id"], lessons[i][0]))
    return {
        "v": INDEX_VERSION,
        "keys": [f"{name}/{lesson['id']}" for name, lesson in lessons],
        "stores": [name for name, _ in lessons],
        "ids": [lesson["id"] for _, lesson in lessons],
        "texts": [lesson["text"] for _, lesson in lessons],
        "lines": [lesson_line(lesson["text"], lesson["triggers"]) for _, lesson in lessons],
        "triggers": [lesson["triggers"] for _, lesson in lessons],
        "net": [lesson["net"] for _, lesson in lessons],
        "pinned": [lesson["pinned"] for _, lesson in lessons],
        "core": core,
        "bm25": BM25.build(docs).dump(),
        "anchors": anchor_map,
        "affixes": affixes,
        "patterns": patterns,
        "skipped": skipped,
    }


# --- cache ---------------------------------------------------------------------------------------------

def cache_dir(env: dict | None = None) -> str | None:
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or (os.path.join(env["HOME"], ".cache") if env.get("HOME") else None)
    return os.path.join(base, "altimate-learn", "index") if base else None


def _fingerprint() -> str:
    parts = [str(INDEX_VERSION)]
    for path in _FINGERPRINT_FILES:
        try:
            info = os.stat(path)
            parts.append(f"{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            parts.append("-")
    return ",".join(parts)


def corpus_key(stores: list[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256(_fingerprint().encode())
    for name, raw in stores:
        digest.update(b"\0" + name.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(hashlib.sha256(raw).digest())
    return digest.hexdigest()


def load_corpus(learn_dir: str, log, *, use_cache: bool = True) -> Corpus:
    """The corpus of every approved store under ``learn_dir`` (cached; see module docstring)."""
    stores = read_stores(learn_dir, log)
    if not stores:
        return empty_corpus()
    folder = cache_dir() if use_cache else None
    key = corpus_key(stores)
    path = os.path.join(folder, key + ".marshal") if folder else None
    if path:
        try:
            with open(path, "rb") as handle:
                data = marshal.loads(handle.read())  # marshal.load(file) reads in tiny chunks: 10x slower
            if isinstance(data, dict) and data.get("v") == INDEX_VERSION:
                data["cached"] = True
                return Corpus(data)
        except FileNotFoundError:
            pass
        except Exception as exc:  # a torn or foreign file: rebuild it
            log(f"index cache {path} unusable ({type(exc).__name__}); rebuilding")
    corpus = prepare(stores, log)
    if path:
        _write_cache(folder, path, corpus, log)
    return corpus


def _write_cache(folder: str, path: str, corpus: Corpus, log) -> None:
    data = {name: getattr(corpus, name) for name in ("keys", "stores", "ids", "texts", "lines", "triggers",
                                                     "net", "pinned", "core", "anchors", "affixes", "patterns",
                                                     "skipped")}
    data["v"] = INDEX_VERSION
    data["bm25"] = corpus.bm25.dump()
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as handle:
            handle.write(marshal.dumps(data))
        os.replace(tmp, path)
        entries = sorted((e for e in os.scandir(folder) if e.name.endswith(".marshal")),
                         key=lambda e: e.stat().st_mtime, reverse=True)
        for stale in entries[MAX_CACHE_FILES:]:
            os.unlink(stale.path)
    except OSError as exc:
        log(f"index cache not written ({exc.strerror or exc})")
