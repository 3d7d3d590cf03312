"""The delivery corpus: every approved lesson of the project's stores, checked, tokenised and indexed.

Reading is tolerant by design: a store whose `approved.json` cannot be parsed (conflict markers of an
unfinished merge, a broken hand edit) is delivered from its last good set instead, from git `HEAD` or the
store's snapshot (see :mod:`altimate_learn.deliver.lastgood`), and skipped (logged) only when neither is
whole; the others are still delivered; a lesson that fails the schema, is longer than 140
characters or is rejected by the curator's lint (for example one committed by hand) is left out and
logged; identical texts in two stores are delivered once (the first store by name wins).

The prepared corpus (checked lessons, rendered lines, the BM25 postings, the anchor and trigger tables;
its layout and packing are in :mod:`altimate_learn.deliver.corpus`) is cached with `marshal`, keyed by the SHA-256 of every store's `approved.json` bytes plus the versions
of the code that prepared it. The cache lives in the user's cache folder
(`$XDG_CACHE_HOME/altimate-learn/index/`), not in the repository: a file a repository could ship must
never be fed to `marshal`. A cache that is missing, stale or unreadable is rebuilt; one that cannot be
written only costs speed. A rebuild after a change (a pull that edited one lesson) checks and derives only the
lessons it has not seen: per-lesson results are kept in the same folder by :mod:`altimate_learn.deliver.reuse`.

Stdlib only, and lean: this module is imported by every hook call.
"""

from __future__ import annotations

import gc
import marshal
import os
import stat

from altimate_learn.deliver.corpus import INDEX_VERSION, Corpus, empty_corpus, pack_lessons
from altimate_learn.deliver.render import single_line
from altimate_learn.deliver.state import sha256
from altimate_learn.usercache import cache_base, code_stamps, write_file
from altimate_learn.worktree import local_learn_dir

APPROVED = "approved.json"
MAX_CACHE_FILES = 16
_HERE = os.path.dirname(os.path.abspath(__file__))
# Code whose change must invalidate a prepared corpus.
_FINGERPRINT_FILES = (
    os.path.join(_HERE, "index.py"), os.path.join(_HERE, "corpus.py"), os.path.join(_HERE, "tokenize.py"),
    os.path.join(_HERE, "render.py"), os.path.join(_HERE, "morphology.py"), os.path.join(_HERE, "mentions.py"), os.path.join(_HERE, "concepts.py"),
    os.path.join(_HERE, "implied.py"), os.path.join(_HERE, "reuse.py"), os.path.join(_HERE, "neighbours.py"),
    os.path.join(_HERE, "edits.py"), os.path.join(_HERE, "contents.py"), os.path.join(_HERE, "shapes.py"),
    os.path.join(_HERE, "..", "wordvec.py"), os.path.join(_HERE, "..", "wordvec.bin"),
    os.path.join(_HERE, "bm25.py"), os.path.join(_HERE, "lastgood.py"), os.path.join(_HERE, "..", "curate", "lint.py"),
    os.path.join(_HERE, "..", "schema.py"),
    os.path.join(_HERE, "..", "gates", "stamps.py"), os.path.join(_HERE, "..", "instructions", "files.py"),
)
# Packages whose every module counts (lint calls the redactor; lint rules live in a package of their own).
_FINGERPRINT_PACKAGES = (os.path.join(_HERE, "..", "redact"), os.path.join(_HERE, "..", "curate", "rules"))
SIDECARS = ("vetted.json", "quarantine.json")  # the gates' files: quarantined and stale lessons are held out


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

def _check_lessons(name: str, raw: bytes, log, lint, validate_lesson, memo=None) -> list[dict] | None:
    """The deliverable lessons of one store, or None when the file as a whole cannot be used. ``memo``
    (:class:`altimate_learn.deliver.reuse.Memo`): an entry that passed every check before is not checked again."""
    from altimate_learn.curate.lint import path_problem
    from altimate_learn.jsonsafe import loads_document

    try:
        value = loads_document(raw.decode("utf-8"))
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
        key = memo.check_key(item) if memo is not None else None
        known = memo.checked(key) if memo is not None else None  # (checked text, triggers): passed before
        if known is None:
            try:
                validate_lesson(item, APPROVED, index)
            except Exception as exc:  # SchemaError, or anything a hand edit can produce
                log(f"lesson {name}/{label} left out: {exc}")
                continue
        if item["id"] in seen:
            log(f"lesson {name}/{label} left out: duplicate id")
            continue
        if known is not None:
            clean, triggers = known
        else:
            ok, clean, reason, rule = lint(item["text"])
            if not ok:
                log(f"lesson {name}/{label} left out: {reason} ({rule})")
                continue
            if any(path_problem(p, lint(p)) for p in (item.get("trigger") or {}).get("paths") or []):
                log(f"lesson {name}/{label} left out: a path trigger fails the lesson lint")  # it is shown to the agent
                continue
            triggers = [single_line(p).replace("\\", "/") for p in (item.get("trigger") or {}).get("paths") or []]
            triggers = [p[2:] if p.startswith("./") else p for p in triggers if p]
            if memo is not None:
                memo.remember_check(key, clean, triggers)
        seen.add(item["id"])
        good.append({"id": item["id"], "text": clean, "tags": list(item.get("tags") or []),
                     "triggers": triggers, "net": item["helpful"] - item["harmful"],
                     "pinned": bool(item.get("pinned")), "updated": item.get("updated") or ""})
    return good


def prepare(stores: list[tuple[str, bytes]], log, learn_dir: str | None = None) -> Corpus:
    """Check and index the lessons of every store (the slow path; the result is what gets cached)."""
    return Corpus(prepare_data(stores, log, held=_held_check(learn_dir, stores) if learn_dir else None,
                               learn_dir=learn_dir))


def _held_check(learn_dir: str, stores: list[tuple[str, bytes]]):
    """A function (store, [(id, text)]) → {id: why} for lessons delivery holds out (quarantined or stale),
    or None when no store has the gates' files."""
    local = local_learn_dir(learn_dir)  # the sidecars are local state: the repository's folder
    names = [name for name, _ in stores if any(os.path.exists(os.path.join(local, name, f)) for f in SIDECARS)]
    if not names:
        return None
    from altimate_learn.gates.stamps import held_out

    root = os.path.dirname(os.path.dirname(learn_dir))

    def check(store: str, lessons: list[tuple[str, str]]) -> dict[str, str]:
        if store not in names:
            return {}
        return held_out(root, learn_dir, {store: lessons}).get(store, {})

    return check


def _gates_key(learn_dir: str, stores: list[tuple[str, bytes]]) -> bytes:
    """What held-out lessons depend on: the gates' files of each store and, when some store has stamps, the
    hash of the instruction files now."""
    parts = []
    stamped = False
    local = local_learn_dir(learn_dir)
    for name, _ in stores:
        for filename in SIDECARS:
            try:
                with open(os.path.join(local, name, filename), "rb") as handle:
                    parts.append(sha256(handle.read()).digest())
                stamped = stamped or filename == SIDECARS[0]
            except OSError:
                parts.append(b"-")
    if stamped:
        from altimate_learn.instructions.files import current_hash

        parts.append(current_hash(os.path.dirname(os.path.dirname(learn_dir)), learn_dir).encode())
    return b"".join(parts)


def prepare_data(stores: list[tuple[str, bytes]], log, held=None, learn_dir: str | None = None) -> dict:
    """The packed corpus. With ``learn_dir``, a store whose approved.json is unusable as a whole is
    delivered from its last good set (git HEAD, else its snapshot).

    Python's cyclic garbage collector is paused meanwhile: at 10,000 lessons a preparation makes hundreds of
    thousands of lists, dicts and strings that live until it returns, and the collector's passes over them find
    nothing to free (JSON data and token lists have no cycles) yet cost about a third of a preparation that
    reuses the unchanged lessons' parts. Reference counting frees everything else as always."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _prepare_data(stores, log, held, learn_dir)
    finally:
        if enabled:
            gc.enable()


def _prepare_data(stores: list[tuple[str, bytes]], log, held, learn_dir: str | None) -> dict:
    from altimate_learn.schema import validate_lesson

    from altimate_learn.deliver.reuse import open_memo

    lint, save_memo = _memo_lint()
    memo = open_memo(cache_dir(), _fingerprint())  # per-lesson results of earlier preparations (deliver.reuse)

    lessons: list[tuple[str, dict]] = []
    skipped: list[str] = []

    def note(message: str) -> None:
        log(message)
        skipped.append(message)

    texts_seen: dict[str, str] = {}
    unusable: list[str] = []
    fallbacks: dict[str, str] = {}
    for name, raw in stores:
        checked = _check_lessons(name, raw, note, lint, validate_lesson, memo)
        if checked is None:
            unusable.append(name)
            if learn_dir is not None:
                checked = _last_good(learn_dir, name, note, lint, validate_lesson, fallbacks, memo)
        if checked is None:
            continue
        if held is not None:
            out = held(name, [(lesson["id"], lesson["text"]) for lesson in checked])
            for lesson_id, why in out.items():
                note(f"lesson {name}/{lesson_id} held out: {why}")
            checked = [lesson for lesson in checked if lesson["id"] not in out]
        for lesson in checked:
            folded = lesson["text"].casefold()
            if folded in texts_seen:
                note(f"lesson {name}/{lesson['id']} left out: same text as {texts_seen[folded]}")
                continue
            texts_seen[folded] = f"{name}/{lesson['id']}"
            lessons.append((name, lesson))
    save_memo()
    data = pack_lessons(lessons, skipped, memo)
    memo.save()
    data["unusable"] = unusable
    data["fallbacks"] = fallbacks
    return data


def _last_good(learn_dir: str, name: str, note, lint, validate_lesson, fallbacks: dict, memo=None) -> list[dict] | None:
    from altimate_learn.deliver.lastgood import candidates

    quiet = lambda message: None  # noqa: E731 - the stand-in's own problems were the file's once
    for where, raw in candidates(os.path.join(learn_dir, name)):
        checked = _check_lessons(name, raw, quiet, lint, validate_lesson, memo)
        if checked is not None:
            note(f"store {name!r}: delivering the last good set from {where} ({len(checked)} lessons) "
                 f"until {APPROVED} is readable again (`learn resolve` finishes a merge)")
            fallbacks[name] = where
            return checked
    return None


def _memo_lint():
    """The curator's lint, remembering verdicts per text (and lint version) across rebuilds.

    Adding one lesson to a 10,000-lesson store should not re-lint the other 9,999 in the hook that
    notices the change. Verdicts live next to the prepared corpora in the user's cache folder.
    """
    folder = cache_dir()
    path = None
    memo: dict = {}
    if folder:
        path = os.path.join(folder, "lint-" + sha256(_fingerprint().encode()).hexdigest()[:32] + ".marshal")
        try:
            with open(path, "rb") as handle:
                loaded = marshal.loads(handle.read())
            if isinstance(loaded, dict):
                memo = loaded
        except Exception:  # missing, torn or foreign: start empty
            memo = {}
    added = [False]

    def checked(text: str) -> tuple:
        verdict = memo.get(text)
        if not (isinstance(verdict, tuple) and len(verdict) == 4):
            from altimate_learn.curate.lint import lint  # only on a miss: a text checked before costs no import

            result = lint(text, typed_by_person=True)  # approved by a person: normalised, as promote showed it
            verdict = (bool(result.ok), result.text, result.reason, result.rule)
            memo[text] = verdict
            added[0] = True
        return verdict

    def save() -> None:
        if not (path and added[0]):
            return
        keep = memo if len(memo) <= 200_000 else dict(list(memo.items())[-100_000:])
        try:
            write_file(path, marshal.dumps(keep))
        except OSError:
            pass

    return checked, save


# --- cache ---------------------------------------------------------------------------------------------

def cache_dir(env: dict | None = None) -> str | None:
    base = cache_base(env)
    return os.path.join(base, "index") if base else None


def _fingerprint() -> str:
    return ",".join([str(INDEX_VERSION), *code_stamps([*_FINGERPRINT_FILES, *_FINGERPRINT_PACKAGES], names=False)])


def corpus_key(stores: list[tuple[str, bytes]], gates: bytes = b"") -> str:
    digest = sha256(_fingerprint().encode())
    for name, raw in stores:
        digest.update(b"\0" + name.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(sha256(raw).digest())
    if gates:
        digest.update(b"\0gates\0" + gates)
    return digest.hexdigest()


def _stat_key(learn_dir: str) -> str | None:
    """A key for the exact files on disk (name, size, times, inode of each `approved.json`), or None.

    It lets a hook skip reading and hashing a 4 MB `approved.json` on every call: it maps to the content
    key recorded when the files were last read. Any write changes the file's ctime, so a changed file
    always gets a new stat key and is read again.
    """
    parts = [_fingerprint()]
    local = local_learn_dir(learn_dir)
    try:
        entries = sorted(os.scandir(learn_dir), key=lambda e: e.name)
    except OSError:
        return None
    stamped = False
    for entry in entries:
        if not plain_store_name(entry.name):
            continue
        try:
            if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
                continue
            info = os.lstat(os.path.join(entry.path, APPROVED))
        except FileNotFoundError:
            continue
        except OSError:
            return None
        parts.append(f"{entry.name}\0{_stat_text(info)}")
        for filename in SIDECARS:
            try:
                parts.append(_stat_text(os.lstat(os.path.join(local, entry.name, filename))))
                stamped = stamped or filename == SIDECARS[0]
            except OSError:
                parts.append("-")
    if stamped:  # stale lessons depend on the instruction files: their stats, and the list of them
        from altimate_learn.instructions.files import RECORD, hook_paths

        root = os.path.dirname(os.path.dirname(learn_dir))
        for rel in [RECORD] + hook_paths(root, learn_dir):
            path = os.path.join(learn_dir, rel) if rel == RECORD else os.path.join(root, rel)
            try:
                parts.append(f"{rel}\0{_stat_text(os.stat(path))}")
            except OSError:
                parts.append(f"{rel}\0-")
    parts.append(os.path.realpath(learn_dir))
    return sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def _stat_text(info: os.stat_result) -> str:
    return f"{info.st_mode}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\0{info.st_dev}"


def _read_cache(path: str, log) -> dict | None:
    try:
        with open(path, "rb") as handle:
            data = marshal.loads(handle.read())  # marshal.load(file) reads in tiny chunks: 10x slower
    except FileNotFoundError:
        return None
    except Exception as exc:  # a torn or foreign file: rebuild it
        log(f"index cache {path} unusable ({type(exc).__name__}); rebuilding")
        return None
    if not isinstance(data, dict) or data.get("v") != INDEX_VERSION:
        return None
    return data


def load_corpus(learn_dir: str, log, *, use_cache: bool = True, snapshot: bool = False) -> Corpus:
    """The corpus of every approved store under ``learn_dir`` (cached; see module docstring). With
    ``snapshot`` (the hooks, which write session state anyway), each whole approved.json read from disk is
    kept as its store's last good set; read-only commands leave it."""
    folder = cache_dir() if use_cache else None
    stat_key = _stat_key(learn_dir) if folder else None
    # Two memos of the files' stat key: the hooks' (``.key``: written only once the last good sets were kept for
    # these files) and the read-only commands' (``.ro.key``). One memo for both let `learn status` or `learn doctor`
    # after a promote write it first; the hooks were then served from it and never kept the new approved set, so a
    # later broken approved.json took back lessons approved but not committed (review39 R39-19).
    memo = os.path.join(folder, stat_key + (".key" if snapshot else ".ro.key")) if folder and stat_key else None
    if memo:
        for known in (memo,) if snapshot else (memo[:-len(".ro.key")] + ".key", memo):
            try:
                with open(known, encoding="ascii") as handle:
                    key = handle.read().strip()
                data = _read_cache(os.path.join(folder, key + ".marshal"), log) if len(key) == 64 else None
                if data is not None:
                    data["cached"] = True
                    corpus = Corpus(data)
                    corpus.content = key
                    return corpus
            except (OSError, ValueError):
                pass
    stores = read_stores(learn_dir, log)
    if not stores:
        return empty_corpus()
    key = corpus_key(stores, _gates_key(learn_dir, stores))
    path = os.path.join(folder, key + ".marshal") if folder else None
    data = _read_cache(path, log) if path else None
    if data is not None:
        data["cached"] = True
    else:
        data = prepare_data(stores, log, held=_held_check(learn_dir, stores), learn_dir=learn_dir)
        if path:
            _write_cache(folder, path, data, log)
    if snapshot:
        _refresh_snapshots(learn_dir, stores, data)
    if memo:
        try:
            with open(memo + f".{os.getpid()}.tmp", "w", encoding="ascii") as handle:
                handle.write(key)
            os.replace(memo + f".{os.getpid()}.tmp", memo)
        except OSError:
            pass
    corpus = Corpus(data)
    corpus.content = key
    return corpus


def _refresh_snapshots(learn_dir: str, stores: list[tuple[str, bytes]], data: dict) -> None:
    """Keep each whole approved.json as its store's last good set (only when the files changed)."""
    unusable = set(data.get("unusable") or ())
    from altimate_learn.deliver.lastgood import save_snapshot

    for name, raw in stores:
        if name not in unusable:
            save_snapshot(os.path.join(learn_dir, name), raw)


def _cache_kind(name: str) -> str | None:
    if name.startswith("lint-") and name.endswith(".marshal"):
        return "lint"
    if name.startswith("near-") and name.endswith(".marshal"):  # deliver.neighbours: the table's folded pairs
        return "near"
    if name.startswith("reuse-") and name.endswith(".marshal"):
        return "reuse"
    if name.endswith(".marshal"):
        return "corpus"
    return "key" if name.endswith(".key") else None


def _write_cache(folder: str, path: str, data: dict, log) -> None:
    try:
        write_file(path, marshal.dumps(data))
        for kind, keep in (("corpus", MAX_CACHE_FILES), ("key", 4 * MAX_CACHE_FILES), ("lint", 2), ("reuse", 2), ("near", 2)):
            entries = sorted((e for e in os.scandir(folder) if _cache_kind(e.name) == kind),
                             key=lambda e: e.stat().st_mtime, reverse=True)
            for stale in entries[keep:]:
                os.unlink(stale.path)
    except OSError as exc:
        log(f"index cache not written ({exc.strerror or exc})")
