"""Retirements the team shares: one small committed file per lesson that left the approved set.

`retired.json` is local state (altimate-code's layout: only `approved.json` is committed), so a teammate's
retirement used to reach another clone only as a lesson gone from `approved.json`, without its reason, and that
clone's curator, learner and importers would propose the lesson again with nothing to stop or flag it (review13
R13-13). So when this checkout's `approved.json` loses a lesson (`learn promote`, `learn remember --approve`,
`learn rollback`), the retired record (the lesson as it was, its ``reason`` and ``supersededBy``) is also written
to `.altimate-code/learn/<store>/retired/<id>.json`, beside `approved.json`, to be committed with it:

- one file per lesson, so two teammates retiring different lessons add different files and never conflict;
  the same lesson retired on both sides is a conflict on that one file, which `learn resolve` merges by id, both
  reasons kept (the file is a lesson list, like `retired.json`); `.gitattributes` is left as it was, so upgrading
  changes no teammate's files but the `.gitignore` lines below;
- the text and the reason are redacted again before they are written (a reason is typed by a person);
- `learn tidy` writes them for the lessons it retires (merged away, graduated), undone with it by `learn undo`;
- a lesson approved again (same id) loses its file in the same write; a file whose lesson is in
  `approved.json` (a merge kept the lesson) is ignored by every reader;
- only lessons that were approved leave a file: a rule dropped before it was ever approved stays local.

Readers (:func:`team_retired`) are the curator's retired check, `learn search` and `learn show`'s note on a
replacement of a lesson a teammate retired: in every clone they see what the retiring clone sees.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from altimate_learn.errors import LearnError
from altimate_learn.schema import Lesson, validate_lessons
from altimate_learn.store import fsio
from altimate_learn.store.paths import RETIRED_GITIGNORE_RULES

FOLDER = "retired"
_ID = re.compile(r"^L-[0-9A-Za-z][0-9A-Za-z_-]{0,63}$")


def valid_id(lesson_id: str) -> bool:
    """Whether ``lesson_id`` can name a shared record file (`retired/<id>.json`)."""
    return bool(_ID.match(lesson_id))


def folder(store) -> Path:
    """This checkout's shared retirements of ``store`` (they belong to the branch, as approved.json does)."""
    return store.dir / FOLDER


def team_retired(store, live: set[str] | None = None, unreadable: list[Path] | None = None) -> list[Lesson]:
    """The retired records committed in this checkout (id order), except those of lessons in ``live``. A file
    that is not a valid one-lesson list (conflict markers, a hand edit) is passed over, and added to
    ``unreadable`` when given (`learn check` names the problem)."""
    base = folder(store)
    try:
        names = sorted(p.name for p in base.iterdir() if p.name.endswith(".json"))
    except OSError:
        return []
    out: list[Lesson] = []
    for name in names:
        lesson_id = name[:-len(".json")]
        if not _ID.match(lesson_id) or (live is not None and lesson_id in live):
            continue
        path = base / name
        try:
            fsio.check_confined(path, store.project.root, verb="read")
            raw = path.read_bytes()
            if fsio.has_conflict_markers(raw):
                raise ValueError("conflict markers")
            records = validate_lessons(json.loads(raw.decode("utf-8")), str(path), retired=True)
        except (LearnError, OSError, ValueError, RecursionError):
            records = []
        mine = [record for record in records if record["id"] == lesson_id]
        if len(mine) != 1 or len(records) != 1:
            if unreadable is not None:
                unreadable.append(path)
            continue
        out.extend(mine)
    return out


def sync(store, before: list[Lesson], after: list[Lesson]) -> list[str]:
    """After this checkout's approved.json went from ``before`` to ``after`` (under the store lock): write the
    shared record of each lesson that left (from retired.json, which the caller wrote first), and remove the
    file of each lesson that is approved again. Returns the ids written. Never raises: the local retirement is
    done whatever happens here (a file that cannot be written is skipped; promote names the files written)."""
    live = {lesson["id"] for lesson in after}
    left = [lesson for lesson in before if lesson["id"] not in live and _ID.match(lesson["id"])]
    written: list[str] = []
    base = folder(store)
    try:
        retired = {record["id"]: record for record in store.retired()}
    except LearnError:
        retired = {}
    if left:
        try:
            ensure_gitignore(store.project)
            fsio.check_confined(base, store.project.root)
            base.mkdir(parents=True, exist_ok=True)
        except (LearnError, OSError):
            return []
        for lesson in left:
            path = base / f"{lesson['id']}.json"
            try:
                fsio.atomic_write(path, shared_bytes(lesson, retired.get(lesson["id"])), within=store.project.root)
            except (LearnError, OSError):
                continue
            written.append(lesson["id"])
    for lesson_id in sorted(live):
        path = base / f"{lesson_id}.json"
        if _ID.match(lesson_id) and path.is_file():
            try:
                fsio.check_confined(path, store.project.root)
                path.unlink()
            except (LearnError, OSError):
                continue
    return written


def shared_bytes(lesson: Lesson, record: Lesson | None) -> bytes:
    """The shared record of ``lesson`` (``record``: its retired.json entry, with the reason), redacted again and
    validated, as the bytes of `retired/<id>.json`. Raises :class:`LearnError` on a record that is not valid."""
    from altimate_learn.redact import redact

    record = dict(record or {**lesson, "reason": "removed from the approved set"})
    record["text"] = redact(record["text"])
    record["reason"] = redact(record.get("reason") or "removed from the approved set")
    validate_lessons([record], f"{FOLDER}/{lesson['id']}.json", retired=True)
    return fsio.canonical_json([record]).encode("utf-8")


def gitignore_with_rules(paths) -> str | None:
    """The text of `.altimate-code/learn/.gitignore` with learn's two lines for the shared retirements appended,
    when it holds altimate-code's rules (which ignore every file but approved.json) and not these lines yet; None
    when nothing is to change (no file yet: the store's first use writes them; a file the user wrote otherwise is
    left as it is)."""
    try:
        text = paths.gitignore.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = [line.strip() for line in text.splitlines()]
    if "!/*/retired/*.json" in lines or "!/*/approved.json" not in lines:
        return None
    return text + ("" if text.endswith("\n") else "\n") + RETIRED_GITIGNORE_RULES


def ensure_gitignore(paths) -> None:
    """Let git see the shared retirements (see :func:`gitignore_with_rules`)."""
    text = gitignore_with_rules(paths)
    if text is not None:
        fsio.atomic_write(paths.gitignore, text, within=paths.learn_dir)


def teammate_replacements(store, approved: list[Lesson]) -> list[tuple[Lesson, Lesson]]:
    """(the retired lesson, the approved lesson that replaced it) for each shared record of a replacement made in
    another clone (its ``supersededBy`` is approved here; this clone's own retired.json does not hold it): what a
    pull brought in, said as "L-b replaced L-a" rather than a lesson gone and an unrelated one new. The newest
    replacement first."""
    by_id = {lesson["id"]: lesson for lesson in approved}
    try:
        own = {record["id"] for record in store.retired()}
    except LearnError:
        own = set()
    found = [(record, by_id[record["supersededBy"]]) for record in team_retired(store, set(by_id))
             if record["id"] not in own and isinstance(record.get("supersededBy"), str)
             and record["supersededBy"] in by_id]
    return sorted(found, key=lambda pair: str(pair[1].get("created", "")), reverse=True)  # the newest first

