"""One lesson store: `.altimate-code/learn/<name>/` and the files in it.

A store has two folders. Its committed files (:data:`CHECKOUT_FILES`: approved.json, versions/, the
last-good snapshot, the shared retirements in retired/) are in this checkout's `.altimate-code/learn/<name>/` (``Store.dir``): they belong to
the branch. Every other file (signals, candidate, history, schedule, usage, sidecars, the lock) is local
state, in the repository's one local folder (``Store.local_dir``): the main worktree's
`.altimate-code/learn/<name>/`, whichever worktree runs (:mod:`altimate_learn.worktree`). In the main
worktree both are the same folder. :meth:`Store.path` is the one place that decides.

Every mutation happens under the store lock (:meth:`Store.lock`). Readers that serve an agent
(delivery) use :meth:`Store.lock` with ``timeout=READER_LOCK_TIMEOUT`` and go without lessons when it
expires. The first use of any store creates `.altimate-code/learn/.gitignore`.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from altimate_learn.errors import LockTimeout, MalformedFileError, SchemaError, StoreError
from altimate_learn.schema import (Lesson, history_from_disk, history_to_disk, validate_history, validate_lessons,
                                   validate_signal)
from altimate_learn import jsonsafe, peerlock
from altimate_learn.store import fsio
from altimate_learn.store.paths import DEFAULT_STORE, GITIGNORE_TEXT, ProjectPaths, project

# Files of a store that belong to the checkout's branch; every other file is the repository's local state.
CHECKOUT_FILES = frozenset({"approved.json", "versions", "approved.last-good.json", "retired"})

_VERSION_FILE = re.compile(r"^v([1-9][0-9]*)\.json$")  # `v08.json` is not `v8.json`: not a version


class Store:
    """Paths and safe I/O for one named store of one project."""

    APPROVED = "approved.json"
    CANDIDATE = "candidate.json"
    CANDIDATE_BASE = "candidate-base.json"  # approved.json as it was when the candidate was started
    RETIRED = "retired.json"
    # Retirements the candidate stages (a lesson it supersedes, merges or drops): part of the candidate,
    # written into retired.json only when the candidate is promoted, discarded with it by `learn reject`.
    CANDIDATE_RETIRED = "candidate-retired.json"
    SIGNALS = "signals.jsonl"
    HISTORY = "history.jsonl"
    USAGE = "usage.json"
    SHOWN = "shown.jsonl"
    HARMFUL = "harmful.json"
    PENDING_REPLACEMENTS = "pending-replacements.jsonl"
    SCHEDULE = "schedule.json"
    BOOTSTRAP = "bootstrap.json"
    REVIEWS = "reviews.json"
    # A promote under way: the history entry it will record, written before approved.json is (see
    # :func:`altimate_learn.review.gate.finish_interrupted`); a promote killed after that write is completed from it.
    PROMOTE_PENDING = "promote-pending.json"
    RETIRED_FILES = frozenset({RETIRED, CANDIDATE_RETIRED})

    def __init__(self, paths: ProjectPaths, name: str = DEFAULT_STORE) -> None:
        self.project = paths
        self.name = name
        self.dir = paths.store_dir(name)  # validates the name; this checkout's committed files
        self.local_dir = paths.local_store_dir(name)  # the repository's local state of this store

    @classmethod
    def open(cls, name: str = DEFAULT_STORE, start: Path | None = None) -> Store:
        return cls(project(start), name)

    # --- paths ---------------------------------------------------------------------------------------
    def folder(self, filename: str) -> Path:
        """The folder that holds ``filename``: this checkout's for committed files, else the repository's."""
        return self.dir if filename in CHECKOUT_FILES else self.local_dir

    def confine(self, filename: str) -> Path:
        """The folder a file must not lead out of through a symlink (the checkout, or the local home)."""
        return self.project.root if filename in CHECKOUT_FILES else self.project.local_root

    def path(self, filename: str) -> Path:
        return self.folder(filename) / filename

    @property
    def versions_dir(self) -> Path:
        return self.dir / "versions"

    @property
    def exists(self) -> bool:
        return self.dir.is_dir() or self.local_dir.is_dir()

    def ensure(self) -> None:
        """Create the store folders and the learn `.gitignore` (first use)."""
        ensure_learn_dir(self.project)
        fsio.check_confined(self.dir, self.project.root)
        self.dir.mkdir(parents=True, exist_ok=True)
        if self.local_dir != self.dir:
            fsio.check_confined(self.local_dir, self.project.local_root)
            self.local_dir.mkdir(parents=True, exist_ok=True)

    @contextlib.contextmanager
    def lock(self, timeout: float = fsio.WRITER_LOCK_TIMEOUT) -> Iterator[None]:
        """altimate-code's project lock (so both tools serialise their writes), then this store's own: one file in
        the local folder, so every worktree of the repository honours it."""
        self.ensure()
        deadline = time.monotonic() + timeout
        learn_dir = str(self.project.learn_dir)
        try:
            lease, outermost = peerlock.enter(learn_dir, deadline)
        except peerlock.PeerLockBusy as busy:
            raise LockTimeout(
                f"{self.project.learn_dir} is locked by another learn or altimate-code process, {busy.holder} "
                f"(waited {timeout:g} s).", peerlock.busy_hint(busy)) from None
        keeper = _Heartbeat(lease) if outermost else None
        try:
            with fsio.file_lock(self.local_dir / ".lock", max(0.0, deadline - time.monotonic())):
                if outermost:
                    for folder in {self.dir, self.versions_dir, self.project.learn_dir} - {self.local_dir}:
                        fsio.sweep_temp_files(folder)  # the lock's own folder is swept by file_lock
                    self._migrate()
                yield
        finally:
            if keeper is not None:
                keeper.stop()
            peerlock.leave(learn_dir)

    def _migrate(self) -> None:
        """Import an old skill-file playbook (:mod:`altimate_learn.store.legacy_playbook`) before the first write.

        As in altimate-code, a failed migration never stops the command: its journal resumes next time."""
        from altimate_learn.store.legacy_playbook import migrate

        try:
            migrate(self)
        except Exception:  # noqa: BLE001 - a half-done migration resumes from migration.json
            pass

    # --- generic JSON ------------------------------------------------------------------------------
    def read_json(self, filename: str, *, quarantine: bool = False) -> Any:
        fsio.check_confined(self.path(filename), self.confine(filename), verb="read")
        return fsio.read_json(self.path(filename), quarantine=quarantine)

    def write_json(self, filename: str, value: Any) -> bool:
        self.ensure()
        return fsio.write_json(self.path(filename), value, within=self.folder(filename))

    def read_json_object(self, filename: str, *, quarantine: bool = True) -> dict[str, Any]:
        """A JSON object state file (schedule, usage, resume cursors). Missing is ``{}``.

        A state file that is not a JSON object is moved aside and treated as empty: it only holds
        state that can be rebuilt, and refusing would stop capture or delivery for good.
        """
        path = self.path(filename)
        try:
            fsio.check_confined(path, self.confine(filename), verb="read")
            value = fsio.read_json(path, quarantine=quarantine)
        except MalformedFileError:
            if quarantine:
                return {}
            raise
        if value is None:
            return {}
        if not isinstance(value, dict):
            if quarantine:
                fsio.move_aside(path)
                return {}
            raise SchemaError(str(path), "(file)", "(root)", "expected a JSON object")
        return value

    # --- lessons -------------------------------------------------------------------------------------
    def read_lessons(self, filename: str, *, quarantine: bool = False) -> list[Lesson] | None:
        """Lessons of `approved.json`, `candidate.json`, `retired.json` or a version; ``None`` if absent."""
        path = self.path(filename)
        fsio.check_confined(path, self.confine(filename), verb="read")
        value = fsio.read_json(path, quarantine=quarantine)
        if value is None:
            return None
        return validate_lessons(value, str(path), retired=(filename in self.RETIRED_FILES))

    def approved(self) -> list[Lesson]:
        return self.read_lessons(self.APPROVED) or []

    def candidate(self) -> list[Lesson] | None:
        return self.read_lessons(self.CANDIDATE)

    def retired(self) -> list[Lesson]:
        return self.read_lessons(self.RETIRED) or []

    def staged_retired(self) -> list[Lesson]:
        """Retirements the candidate stages (``candidate-retired.json``); empty when none."""
        return self.read_lessons(self.CANDIDATE_RETIRED) or []

    def write_lessons(self, filename: str, lessons: list[Lesson]) -> bool:
        validate_lessons(lessons, str(self.path(filename)), retired=(filename in self.RETIRED_FILES))
        if filename == self.CANDIDATE:
            self.stage_base()
            lessons = without_notes_on_absent(lessons)
        elif filename == self.APPROVED:
            lessons = as_approved(lessons)
        return self.write_json(filename, lessons)

    def stage_base(self) -> None:
        """Before a new candidate is written: keep a copy of `approved.json` as the set it is built on.

        A candidate is a whole lesson set. If `approved.json` changes while it waits (a `git pull` brings a
        teammate's approvals, or it is promoted in another worktree, where approved.json is that branch's),
        promoting it as it is would undo those changes. With its base, a review applies only what the
        candidate changed on top of the approved set of the moment (:func:`altimate_learn.review.model`).
        Nothing is written while a candidate exists: its base is the set it was started from."""
        if self.path(self.CANDIDATE).exists():
            return
        self.ensure()
        source, dest = self.path(self.APPROVED), self.path(self.CANDIDATE_BASE)
        fsio.check_confined(dest, self.folder(self.CANDIDATE_BASE))
        if not source.is_symlink():
            # A copy in the kernel without fsync: about 5 ms at 10,000 lessons (3 MB), where a written and fsynced
            # copy cost 30. Not a hard link: an editor or a script that writes approved.json in place (vim does
            # when a file has two links) would change the base with it, and promote would undo that edit. A base
            # torn by a crash does not parse, and promote then says so and applies the candidate as it is.
            fsio.remove_stale_temp_files(dest)
            temporary = dest.with_name(f".{dest.name}.{os.getpid()}-base.tmp")  # named as fsio's, found if left
            try:
                shutil.copyfile(source, temporary)
                os.replace(temporary, dest)
                return
            except FileNotFoundError:
                with contextlib.suppress(OSError):
                    temporary.unlink()
                if not source.exists():
                    fsio.atomic_write(dest, b"[]\n", within=self.folder(self.CANDIDATE_BASE))
                    return
            except OSError:
                with contextlib.suppress(OSError):
                    temporary.unlink()
        try:
            raw = source.read_bytes()
        except FileNotFoundError:
            raw = b"[]\n"
        except OSError:  # unreadable: the candidate waits without a base (promote behaves as before)
            self.remove(self.CANDIDATE_BASE)
            return
        fsio.atomic_write(dest, raw, within=self.folder(self.CANDIDATE_BASE))

    def remove(self, filename: str) -> bool:
        if filename == self.CANDIDATE:  # its base and its staged retirements go with it
            self.remove(self.CANDIDATE_BASE)
            self.remove(self.CANDIDATE_RETIRED)
        try:
            fsio.check_confined(self.path(filename), self.folder(filename))
            self.path(filename).unlink()
            return True
        except FileNotFoundError:
            return False

    # --- versions ------------------------------------------------------------------------------------
    def versions(self) -> list[int]:
        """Archived version numbers, oldest first."""
        try:
            names = [p.name for p in self.versions_dir.iterdir()]
        except FileNotFoundError:
            return []
        return sorted(int(m.group(1)) for n in names if (m := _VERSION_FILE.match(n)))

    def version_path(self, number: int) -> Path:
        return self.versions_dir / f"v{number}.json"

    def archive_version(self, lessons: list[Lesson]) -> int:
        """Archive ``lessons`` as `versions/vN.json` (N: see :func:`next_version_number`); returns N. Idempotent: when the newest archive
        already holds exactly these lessons (a promote killed after archiving, then run again), that N is
        returned and nothing is written."""
        numbers = self.versions()
        if numbers:
            try:
                if fsio.read_json(self.version_path(numbers[-1])) == fsio.json.loads(fsio.canonical_json(lessons)):
                    return numbers[-1]
            except Exception:  # an unreadable archive: archive anew
                pass
        number = next_version_number(numbers)
        self.ensure()
        fsio.write_json(self.version_path(number), lessons, within=self.dir)
        return number

    def read_version(self, number: int) -> list[Lesson]:
        path = self.version_path(number)
        fsio.check_confined(path, self.project.root, verb="read")
        value = fsio.read_json(path)
        if value is None:
            raise StoreError(f"{path} does not exist.", "Run `learn status` to see the archived versions.")
        return validate_lessons(value, str(path))

    def drop_version(self, number: int) -> None:
        fsio.check_confined(self.version_path(number), self.dir)
        self.version_path(number).unlink()

    # --- JSONL ---------------------------------------------------------------------------------------
    def read_jsonl(self, filename: str) -> fsio.JsonlRead:
        path = self.path(filename)
        # Signals and history are sent to models and shown: never read them through a link out of the project.
        fsio.check_confined(path, self.confine(filename), verb="read")
        return fsio.read_jsonl(path)

    def records(self, filename: str) -> list[dict[str, Any]]:
        """The JSON objects of one of the store's JSONL files, wherever it lives (this checkout or, in a linked
        worktree, the main one's local folder): :meth:`read_jsonl` without the lines that are not objects."""
        return [record for record in self.read_jsonl(filename).records if isinstance(record, dict)]

    def append_jsonl(self, filename: str, records: list[Any]) -> None:
        """Append whole lines under the store lock (repairing a torn last line first)."""
        with self.lock():
            fsio.append_jsonl(self.path(filename), records, within=self.folder(filename))

    def read_repaired(self, filename: str) -> fsio.JsonlRead:
        """:meth:`read_jsonl` of a file repaired first (:func:`fsio.read_repaired`: one parse). Call under the store
        lock, then pass ``repaired=True`` to :meth:`rewrite_jsonl`."""
        path = self.path(filename)
        fsio.check_confined(path, self.confine(filename), verb="read")
        return fsio.read_repaired(path, within=self.folder(filename))

    def rewrite_jsonl(self, filename: str, records: list[Any], *, repaired: bool = False) -> None:
        """Replace a JSONL file atomically. Call under the store lock. Lines of the file that do not parse are not
        lost: the file as it was is kept beside it first (:func:`fsio.keep_unreadable`), unless the caller read it
        with :meth:`read_repaired` under this same lock (``repaired``: every line parses; it is not read again)."""
        self.ensure()
        if not repaired:
            fsio.keep_unreadable(self.path(filename), within=self.folder(filename))
        fsio.atomic_write(self.path(filename), "".join(fsio.json_line(r) for r in records),
                          within=self.folder(filename))

    def signals(self) -> tuple[list[dict[str, Any]], int]:
        """Valid signals and the number of lines skipped (unparseable or not following the schema)."""
        result = self.read_jsonl(self.SIGNALS)
        good: list[dict[str, Any]] = []
        skipped = result.skipped
        path = str(self.path(self.SIGNALS))
        for index, record in enumerate(result.records):
            try:
                good.append(validate_signal(record, path, index))
            except SchemaError:
                skipped += 1
        return good, skipped

    def history(self) -> list[dict[str, Any]]:
        result = self.read_jsonl(self.HISTORY)
        out = []
        path = str(self.path(self.HISTORY))
        for index, record in enumerate(result.records):
            try:
                out.append(validate_history(history_from_disk(record), path, index))
            except SchemaError:
                continue
        return out

    def record_history(self, op: str, **fields: Any) -> dict[str, Any]:
        """Append one entry in altimate-code's shape (`ts`, `action`); returns it as learn reads it."""
        from altimate_learn.redact import redact_record

        # Rejected proposals, reasons and errors carry model and user text: redacted here whatever the caller did.
        at = fsio.utc_now()
        fields = redact_record(fields)
        with self.lock():
            self._upgrade_history()
            self.append_jsonl(self.HISTORY, [history_to_disk(op, at, fields)])
        return {"at": at, "op": op, **fields}

    def _upgrade_history(self) -> None:
        """Rewrite lines an older learn wrote (`at`, `op`) in altimate-code's shape before appending.

        altimate-code sets aside a history.jsonl with a line that has no `action` (its migration keeps only
        the lines it can read), so learn's own old lines must not stay. Old lines come first in the file, so
        the first line tells whether anything needs converting; a file that needs nothing is not rewritten.
        Call under the store lock."""
        path = self.path(self.HISTORY)
        try:
            with open(path, "rb") as handle:
                first = handle.readline(1 << 20)
        except FileNotFoundError:
            return
        try:
            record = jsonsafe.loads(first)
        except ValueError:
            return
        if not isinstance(record, dict) or "action" in record or "op" not in record:
            return
        converted: list[Any] = []
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if not raw.strip():
                continue
            try:
                line = jsonsafe.loads(raw)
            except ValueError:
                return  # a torn or foreign line: leave the file to the usual repair, convert another time
            if isinstance(line, dict) and "op" in line and "action" not in line and isinstance(line.get("at"), str):
                rest = {k: v for k, v in line.items() if k not in ("at", "op")}
                line = history_to_disk(str(line["op"]), line["at"], rest)
            converted.append(line)
        self.rewrite_jsonl(self.HISTORY, converted)


class _Heartbeat:
    """Refreshes the held lock's heartbeat, so altimate-code never takes a long-held lock for stale."""

    def __init__(self, lease: peerlock.Lease) -> None:
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(lease,), daemon=True, name="learn-lock-heartbeat")
        self.thread.start()

    def _run(self, lease: peerlock.Lease) -> None:
        while not self.stop_event.wait(peerlock.HEARTBEAT_SECONDS):
            lease.heartbeat()

    def stop(self) -> None:
        self.stop_event.set()


def next_version_number(existing: list[int], now: float | None = None) -> int:
    """A version number no teammate's checkout will also pick, that still sorts newest last.

    Teammates who commit `versions/` must never write the same name on two machines, so N is not a
    counter: it is the time in seconds followed by six random digits (`v1767225600482913.json`), and one
    more than the newest existing version when that is larger (two archives in one second on one
    machine). altimate-code reads `versions/v<digits>.json`, takes the largest number for its rollback and
    archives the next as largest + 1, so both tools keep reading each other's versions; the numbers stay
    below 2^53, where JavaScript numbers are exact, until the year 2255.
    """
    stamp = int(time.time() if now is None else now)
    number = stamp * 1_000_000 + secrets.randbelow(1_000_000)
    if existing and existing[-1] >= number:
        number = existing[-1] + 1
    return number


def ensure_learn_dir(paths: ProjectPaths) -> None:
    """Create `.altimate-code/learn/` and its `.gitignore` (kept as the user left it once it exists), in this
    checkout and in the repository's local folder."""
    fsio.check_confined(paths.learn_dir, paths.root)
    paths.learn_dir.mkdir(parents=True, exist_ok=True)
    if not paths.gitignore.exists():
        fsio.atomic_write(paths.gitignore, GITIGNORE_TEXT, within=paths.learn_dir)
    if paths.local_dir != paths.learn_dir:
        fsio.check_confined(paths.local_dir, paths.local_root)
        paths.local_dir.mkdir(parents=True, exist_ok=True)
        if paths.checkout.kind == "linked" and not (paths.local_dir / ".gitignore").exists():
            fsio.atomic_write(paths.local_dir / ".gitignore", GITIGNORE_TEXT, within=paths.local_dir)


def all_stores(paths: ProjectPaths) -> list[Store]:
    """Every store of the project, in name order; folders with invalid names are ignored."""
    out = []
    for name in paths.store_names():
        try:
            out.append(Store(paths, name))
        except Exception:  # a folder we would refuse to create is not ours to read
            continue
    return out


# A note for the reviewer about another lesson, at the start of one "; "-joined part of a provenance ("may contradict
# L-1a2b3c4d (…), …", "narrower than L-… (…) for …: both kept (`learn retire L-…` if …)", "an exception to L-…").
_NOTE_ON_LESSON = re.compile(r"^(?:may contradict|may repeat|narrower than|an exception to) (L-[0-9a-f]{6,})\b")


_BEFORE_PROMOTION = re.compile(r": check which (?:rule )?holds before you promote it$")


def as_approved(lessons: list[Lesson]) -> list[Lesson]:
    """``lessons`` as an approved set keeps them: no review note about a lesson that is not in the set
    (:func:`without_notes_on_absent`), and no note asking to check something "before you promote it" on a lesson
    that is promoted (review38 R38-5: `learn remember --approve` and a team merge kept that ask in approved.json,
    shown by `learn show` for good). What the note says about the other lesson stays."""
    lessons = without_notes_on_absent(lessons)
    out: list[Lesson] | None = None
    for index, lesson in enumerate(lessons):
        provenance = lesson.get("provenance") if isinstance(lesson, dict) else None
        if not isinstance(provenance, str) or "before you promote it" not in provenance:
            continue
        told = "; ".join(_BEFORE_PROMOTION.sub("", part) for part in provenance.split("; "))
        if told != provenance:
            if out is None:
                out = list(lessons)
            out[index] = {**lesson, "provenance": told}
    return lessons if out is None else out


def without_notes_on_absent(lessons: list[Lesson]) -> list[Lesson]:
    """``lessons`` with each review note about a lesson that is no longer in the set taken out of its provenance
    (review38 R38-5: "may contradict L-x …, check which holds" and "`learn retire L-x` if this replaces it" stayed,
    approved and shared, after L-x was retired or replaced). Notes about an instruction file stay."""
    return notes_on_absent(lessons)[0]


def notes_on_absent(lessons: list[Lesson]) -> tuple[list[Lesson], list[int]]:
    """:func:`without_notes_on_absent`, and the places of the lessons it changed (the list itself when none)."""
    live: set[str] | None = None
    out: list[Lesson] | None = None
    changed: list[int] = []
    for index, lesson in enumerate(lessons):
        provenance = lesson.get("provenance") if isinstance(lesson, dict) else None
        if not isinstance(provenance, str) or " L-" not in provenance:
            continue
        if live is None:
            live = {x.get("id") for x in lessons if isinstance(x, dict)}
        parts = provenance.split("; ")
        kept = [part for part in parts if (found := _NOTE_ON_LESSON.match(part)) is None or found.group(1) in live]
        if len(kept) == len(parts):
            continue
        if out is None:
            out = list(lessons)
        out[index] = {**lesson, "provenance": "; ".join(kept)} if kept else \
            {k: v for k, v in lesson.items() if k != "provenance"}
        changed.append(index)
    return (lessons if out is None else out), changed
