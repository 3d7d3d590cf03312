"""The human gate: promote, reject (the whole candidate or single lessons), pin and unpin (rollback is in
:mod:`altimate_learn.review.rollback`).

Only `promote` writes a candidate into `approved.json`, and only the candidate the person was shown:
the confirmation happens outside the store lock (a person may take minutes), then the store is re-read
under the lock and the write is refused if `candidate.json` or `approved.json` no longer has the bytes
the diff was computed from. Every change is recorded in `history.jsonl`.

Policy (spec 003, "Review and promote"):
- outside a terminal, promote refuses without ``yes``;
- with ``yes``, a candidate with flagged lessons is refused unless ``allow_flagged``;
- interactively, confirming the prompt approves the flagged lessons it showed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError, StoreError
from altimate_learn.review.model import LessonFile, Review, load_review, read_lesson_file
from altimate_learn.review.search import resolve_id
from altimate_learn.schema import Lesson
from altimate_learn.store import Store, fsio

START_HINT = "Run `learn reflect` (or `learn curate`) to stage a candidate first."
# A new project has no signals yet: the rule a person already knows is one command away.
PROMOTE_HINT = ("Run `learn reflect` (or `learn curate`) to stage a candidate first, or stage a rule you already know "
                "with `learn remember \"Use uv, never pip.\"`.")


class PromoteRefused(LearnError):
    """Promote stopped before writing anything; the message says why and what to do."""


@dataclass
class PromoteResult:
    promoted: bool
    archived_version: int | None = None
    approved_count: int = 0
    previous_count: int = 0
    added: list[str] = field(default_factory=list)
    edited: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    flagged: list[str] = field(default_factory=list)
    candidate_sha256: str | None = None
    review: Review | None = None
    interrupted: Interrupted | None = None  # a killed promote this one finished first (see finish_interrupted)

    def as_dict(self) -> dict[str, Any]:
        return {"promoted": self.promoted, "version": self.archived_version, "approved": self.approved_count,
                "added": self.added, "edited": self.edited, "removed": self.removed, "flagged": self.flagged,
                "candidate_sha256": self.candidate_sha256}


def _problem_summary(review: Review) -> str:
    shown = "; ".join(f"{p.lesson} {p.rule}: {p.message}" for p in review.problems[:5])
    more = f" (and {len(review.problems) - 5} more)" if len(review.problems) > 5 else ""
    return shown + more


def check_promotable(review: Review) -> None:
    """Refuse a review that cannot be promoted at all (no candidate, no change, failing checks)."""
    if review.candidate.lessons is None:
        raise PromoteRefused(f"nothing to promote: store '{review.store}' has no candidate.", PROMOTE_HINT)
    if review.same_as_approved:
        raise PromoteRefused(f"nothing to promote: the candidate of '{review.store}' is identical to the "
                             "approved lessons.", "Run `learn reject` to discard it.")
    if review.problems:
        raise PromoteRefused(f"refusing to promote '{review.store}': {_problem_summary(review)}.",
                             "Edit candidate.json or run `learn reflect` again; `learn show` lists every problem.")


def promote(store: Store, *, yes: bool = False, allow_flagged: bool = False, interactive: bool = False,
            confirm: Callable[[Review], bool] | None = None,
            show: Callable[[Review], None] | None = None) -> PromoteResult:
    """Promote the candidate of ``store`` after the checks and the confirmation policy above.

    ``show`` is called with the review before any question (the CLI prints the diff); ``confirm`` asks
    the person and returns their answer. Returns ``promoted=False`` when they declined.
    """
    interrupted = finish_interrupted(store)
    if interrupted is not None and not store.path(Store.CANDIDATE).exists():
        return PromoteResult(True, interrupted.version, interrupted.approved, interrupted.previous, interrupted.added,
                             interrupted.edited, interrupted.removed, interrupted=interrupted)
    review = load_review(store)
    check_promotable(review)
    if show is not None:
        show(review)
    if yes:
        if review.flagged and not allow_flagged:
            ids = ", ".join(review.flagged)
            raise PromoteRefused(
                f"refusing to promote flagged lessons without explicit approval: {ids}.",
                "Read the WARNING lines, then confirm interactively with `learn promote`, or pass "
                "`--yes --allow-flagged` to approve them.")
        approve_flagged = allow_flagged
    else:
        if not interactive or confirm is None:
            raise PromoteRefused("refusing to promote without confirmation outside a terminal.",
                                 "Run `learn promote` in a terminal, or pass --yes (and --allow-flagged to "
                                 "approve flagged lessons).")
        if not confirm(review):
            return PromoteResult(False, review=review, candidate_sha256=review.candidate_sha256,
                                 interrupted=interrupted)
        approve_flagged = True  # the person confirmed the prompt that showed the WARNING lines
    result = commit(store, review, allow_flagged=approve_flagged)
    result.interrupted = interrupted
    return result


def commit(store: Store, shown: Review, *, allow_flagged: bool) -> PromoteResult:
    """Write the shown candidate as `approved.json`, if it is still byte-identical to what was shown."""
    with store.lock():
        fresh = load_review(store)
        if fresh.candidate_sha256 != shown.candidate_sha256:
            raise PromoteRefused(f"the candidate of '{store.name}' changed since it was shown; nothing was promoted.",
                                 "Review it again with `learn show`, then run `learn promote`.")
        if fresh.approved_sha256 != shown.approved_sha256:
            raise PromoteRefused(f"approved.json of '{store.name}' changed since the diff was shown; nothing was "
                                 "promoted.", "Review it again with `learn show`, then run `learn promote`.")
        check_promotable(fresh)
        if fresh.flagged and not allow_flagged:
            raise PromoteRefused(f"refusing to promote flagged lessons without explicit approval: "
                                 f"{', '.join(fresh.flagged)}.", "Pass --allow-flagged to approve them.")
        # Every file this writes or removes is checked first, so a planted symlink stops the promote
        # before anything changed (not after approved.json was already written).
        _preflight(store, Store.APPROVED, Store.CANDIDATE, Store.RETIRED, Store.CANDIDATE_RETIRED, Store.HISTORY,
                   versions=True)
        candidate = fresh.candidate.lessons or []
        # The candidate's staged retirements reach retired.json first: a kill before approved.json is written
        # leaves them beside the approved copies (counted as approved, not retired; promote again completes,
        # reject takes them back), never a lesson gone from both.
        realize_staged(store, {lesson["id"] for lesson in candidate})
        # The first promote archives the empty set it replaces, so `learn rollback` can undo it too.
        archived = store.archive_version(fresh.approved.lessons or [])
        ids = fresh.diff.ids()
        entry = dict(version=archived, candidate_sha256=fresh.candidate_sha256, approved=len(candidate),
                     previous=len(fresh.approved.lessons or []), flagged=sorted(fresh.flagged), **ids)
        # What the rest of this promote will record, kept before approved.json is written: a promote killed after
        # that write is finished by the next one (:func:`finish_interrupted`), its history entry included.
        store.write_json(Store.PROMOTE_PENDING, {"at": fsio.utc_now(), "approved_path": str(store.path(Store.APPROVED)),
                                                 "set_sha256": _set_sha256(candidate), "history": entry})
        store.write_lessons(Store.APPROVED, candidate)
        _finish(store, fresh.approved.lessons or [], candidate, entry)
        return PromoteResult(True, archived, len(candidate), len(fresh.approved.lessons or []), ids["added"],
                             ids["edited"], ids["removed"], sorted(fresh.flagged), fresh.candidate_sha256, fresh)


def _set_sha256(lessons: list[Lesson]) -> str:
    import hashlib

    return hashlib.sha256(fsio.canonical_json(lessons).encode("utf-8")).hexdigest()


def _finish(store: Store, previous: list[Lesson], approved: list[Lesson], entry: dict[str, Any]) -> None:
    """What a promote does once approved.json is written (under the store lock): the candidate goes (with its base
    and staged retirements), retired.json and the team's retirements follow the new set, and history records it."""
    live = {lesson["id"] for lesson in approved}
    try:
        staged = read_lesson_file(store.path(Store.CANDIDATE)).lessons
    except StoreError:
        staged = None
    if staged is not None and fsio.canonical_json(staged) == fsio.canonical_json(approved):
        store.remove(Store.CANDIDATE)  # with its base and its staged retirements
    _reconcile_retired(store, live)
    from altimate_learn.team.retirements import sync

    sync(store, previous, approved)  # the team learns of each retirement, with its reason
    store.record_history("promote", **entry, approved_sha256=written_sha256(store))
    store.remove(Store.PROMOTE_PENDING)


@dataclass
class Interrupted:
    """A promote killed after writing approved.json, finished by :func:`finish_interrupted`."""

    at: str | None
    version: int
    approved: int
    previous: int
    added: list[str]
    edited: list[str]
    removed: list[str]


def finish_interrupted(store: Store) -> Interrupted | None:
    """Finish a promote killed after it wrote approved.json (its candidate left behind, no history entry): remove the
    candidate when approved.json holds it, bring retired.json and the team's retirements in line, record its history
    entry. A promote killed before that write (approved.json is not its set), or one that recorded its history,
    leaves only its note, which goes. Under the store lock; ``None`` when there was nothing to finish."""
    path = store.path(Store.PROMOTE_PENDING)
    if not path.exists():
        return None
    with store.lock():
        try:
            pending = store.read_json(Store.PROMOTE_PENDING)
        except LearnError:
            pending = None
        entry = pending.get("history") if isinstance(pending, dict) else None
        if not isinstance(pending, dict) or pending.get("approved_path") != str(store.path(Store.APPROVED)):
            if isinstance(pending, dict) and isinstance(pending.get("approved_path"), str) \
                    and Path(pending["approved_path"]).is_file():
                return None  # another worktree's promote: finished there, where its approved.json is
            store.remove(Store.PROMOTE_PENDING)
            return None
        try:
            approved = read_lesson_file(store.path(Store.APPROVED)).lessons or []
            history = store.history()
        except LearnError:
            return None  # an unreadable approved.json or history: left for the person (promote says what)
        version = entry.get("version") if isinstance(entry, dict) else None
        recorded = any(e.get("op") == "promote" and e.get("version") == version
                       and e.get("candidate_sha256") == entry.get("candidate_sha256") for e in history) \
            if isinstance(entry, dict) else True
        if not isinstance(version, int) or recorded or _set_sha256(approved) != pending.get("set_sha256"):
            store.remove(Store.PROMOTE_PENDING)  # never got to approved.json, changed since, or already recorded
            return None
        try:
            previous = store.read_version(version)
        except LearnError:
            previous = []
        entry = {**entry, "finished_after_interrupt": True}
        _finish(store, previous, approved, entry)
        ids = lambda key: [i for i in entry.get(key) or [] if isinstance(i, str)]  # noqa: E731
        count = lambda key, default: entry.get(key) if isinstance(entry.get(key), int) else default  # noqa: E731
        at = pending.get("at") if isinstance(pending.get("at"), str) else None
        return Interrupted(at, version, count("approved", len(approved)), count("previous", len(previous)),
                           ids("added"), ids("edited"), ids("removed"))


def written_sha256(store: Store) -> str | None:
    """SHA-256 of `approved.json` as a promote just wrote it: `learn rollback` tells from it whether the set
    changed since (a pull, a checkout), and then undoes only that promote's own changes."""
    from altimate_learn.review.model import sha256

    try:
        return sha256(store.path(Store.APPROVED).read_bytes())
    except OSError:
        return None


def _preflight(store: Store, *names: str, versions: bool = False) -> None:
    """Raise (changing nothing) if any file a command is about to write leads out of the store folder."""
    for name in names:
        fsio.check_confined(store.path(name), store.folder(name))
    if versions:
        fsio.check_confined(store.versions_dir, store.dir)
        fsio.check_confined(store.version_path((store.versions() or [0])[-1] + 1), store.dir)


def _reconcile_retired(store: Store, live: set[str]) -> None:
    """A lesson that is approved again is no longer retired. An unreadable retired.json is left alone."""
    try:
        retired = store.retired()
    except LearnError:
        return
    kept = [lesson for lesson in retired if lesson["id"] not in live]
    if len(kept) != len(retired):
        store.write_lessons(Store.RETIRED, kept)


def realize_staged(store: Store, live: set[str], ids: set[str] | None = None) -> list[str]:
    """Write the candidate's staged retirements (``ids``, else all) into retired.json, except lessons in
    ``live`` (the set being approved holds them). Returns the ids written; idempotent."""
    staged = [r for r in store.staged_retired() if r["id"] not in live and (ids is None or r["id"] in ids)]
    if not staged:
        return []
    retired = store.retired()
    merged = {lesson["id"]: lesson for lesson in retired}
    merged.update((record["id"], record) for record in staged)
    updated = list(merged.values())
    if updated != retired:
        store.write_lessons(Store.RETIRED, updated)
    return [record["id"] for record in staged]


def _take_back_staged(store: Store) -> None:
    """`learn reject`: records a promote killed before approved.json was written had already put into
    retired.json (the very records the candidate staged) leave it again. An unreadable file is left alone."""
    try:
        staged = {fsio.canonical_json(record) for record in store.staged_retired()}
        if not staged:
            return
        retired = store.retired()
    except LearnError:
        return
    kept = [lesson for lesson in retired if fsio.canonical_json(lesson) not in staged]
    if len(kept) != len(retired):
        store.write_lessons(Store.RETIRED, kept)


def _retire(store: Store, lessons: list[Lesson], reason: str) -> None:
    if not lessons:
        return
    try:
        retired = store.retired()
    except LearnError:
        return
    now = fsio.utc_now()
    by_id = {lesson["id"]: i for i, lesson in enumerate(retired)}
    for lesson in lessons:
        record = {**lesson, "reason": reason, "updated": lesson.get("updated", now)}
        record.pop("supersededBy", None)
        if lesson["id"] in by_id:
            retired[by_id[lesson["id"]]] = record
        else:
            retired.append(record)
    store.write_lessons(Store.RETIRED, retired)


def _discard_reflection_state(store: Store) -> None:
    """Harmful marks and pending replacements came from the reflection that built the discarded candidate."""
    store.remove(Store.HARMFUL)
    store.remove(Store.PENDING_REPLACEMENTS)


# --- reject ------------------------------------------------------------------------------------------

@dataclass
class RejectResult:
    rejected: bool
    lessons: int = 0
    moved_to: str | None = None  # an unreadable candidate is kept aside, not deleted
    added: int = 0  # what the person discarded, against approved.json
    edited: int = 0
    removed: int = 0
    reopened: list[str] = field(default_factory=list)  # signals given back by the reflections discarded


# A candidate starts after these (its reflections are the `reflect` entries since the last of them).
_CANDIDATE_ENDS = ("promote", "rollback")


def give_back_signals(store: Store, withdrawn: set[str] | None) -> list[str]:
    """Open again the signals of the reflections a person discarded, so a model (or the same reflector) can try
    them again (review13 R13-8): with ``withdrawn`` None (the whole candidate), every reflection since the candidate
    started; else the reflections that changed a lesson in ``withdrawn`` (`reject ID…`, `learn revert`) and none
    of whose changes is still staged. A reflection that changed nothing keeps its signals (its model found no
    lesson in them). Under the store lock."""
    from altimate_learn.capture.signals import reopen_signals

    try:
        history = store.history()
    except LearnError:
        return []
    start = 0
    for n, entry in enumerate(history):
        if entry.get("op") in _CANDIDATE_ENDS or (entry.get("op") == "reject" and not entry.get("ids")):
            start = n + 1
    staged = set() if withdrawn is None else _staged_changes(store)
    wanted: dict[str, str] = {}
    for entry in history[start:]:
        if entry.get("op") != "reflect":
            continue
        changed = {a.get("id") for a in entry.get("applied") or [] if isinstance(a, dict)}
        if not changed or (withdrawn is not None and (not changed & withdrawn or changed & staged)):
            continue
        for signal_id in entry.get("feedback") or []:
            if isinstance(signal_id, str) and signal_id.startswith("sig_"):
                wanted[signal_id] = f"reflect@{entry.get('at')}"
    try:
        return reopen_signals(store, wanted)
    except LearnError:
        return []


def _rejected_changes(approved: list[Lesson], staged: list[Lesson], ids: list[str] | None = None) -> list[tuple[str, Lesson]]:
    """What a person rejects, for :func:`altimate_learn.team.overruled.record`: each new lesson, each edit of a rule
    (its words or files; counters are not a rule) and each removal the candidate staged (``ids``: only those)."""
    from altimate_learn.team.overruled import _key

    by_id = {lesson["id"]: lesson for lesson in approved}
    kept = {lesson["id"]: lesson for lesson in staged}
    out: list[tuple[str, Lesson]] = []
    for lesson in staged:
        if ids is not None and lesson["id"] not in ids:
            continue
        before = by_id.get(lesson["id"])
        if before is None:
            out.append(("added", lesson))
        elif _key(before) != _key(lesson):
            out.append(("edited", lesson))
    out += [("removed", lesson) for lesson in approved
            if lesson["id"] not in kept and (ids is None or lesson["id"] in ids)]
    return out


def _not_held(store: Store, changes: list[tuple[str, Lesson]], approved: list[Lesson] | None = None
              ) -> list[tuple[str, Lesson]]:
    """``changes`` without the new lessons approved.json already holds in the same words for the same files under
    another id (a teammate approved the same rule before this clone's copy was promoted: `learn show` leaves it
    out, and the person who discards the candidate then rejects nothing the team did)."""
    from altimate_learn.team.files import twin_key

    if approved is None:
        try:
            approved = read_lesson_file(store.path(Store.APPROVED)).lessons or []
        except LearnError:
            approved = []
    held = {twin_key(lesson) for lesson in approved}
    return [(kind, lesson) for kind, lesson in changes
            if not (kind == "added" and twin_key(lesson) in held and lesson["id"] not in {a["id"] for a in approved})]


def _staged_on(store: Store, approved: list[Lesson] | None = None) -> list[Lesson]:
    """The set the candidate was staged on (its base), else approved.json: what the candidate itself changed is what
    a person rejects. Against approved.json of now, a teammate's lesson pulled since would read as a removal the
    person rejected, and one retired since as an addition."""
    try:
        base = read_lesson_file(store.path(Store.CANDIDATE_BASE)).lessons
    except LearnError:
        base = None
    if base is not None:
        return base
    if approved is not None:
        return approved
    try:
        return read_lesson_file(store.path(Store.APPROVED)).lessons or []
    except LearnError:
        return []


def _reason(reason: str | None) -> str | None:
    from altimate_learn.team.overruled import clean_reason

    return clean_reason(reason)


def reject(store: Store, reason: str | None = None) -> RejectResult:
    """Discard the staged candidate (an unparseable one is moved aside instead of deleted). What it changed is kept
    with ``reason`` (:mod:`altimate_learn.team.overruled`), so a teammate's approval of it later is said."""
    if not store.path(Store.CANDIDATE).exists():
        return RejectResult(False)
    with store.lock():
        path = store.path(Store.CANDIDATE)
        _preflight(store, Store.HISTORY, Store.HARMFUL, Store.PENDING_REPLACEMENTS, Store.RETIRED,
                   Store.CANDIDATE_RETIRED)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return RejectResult(False)
        moved = None
        count = 0
        diff = (0, 0, 0)
        try:
            read = read_lesson_file(path)
            count = len(read.lessons or [])
            diff = _against_approved(store, _rebased(store, read))
        except StoreError:
            moved = str(fsio.move_aside(path))
        # A candidate the approved set already holds (a promote killed after writing approved.json, whose rerun
        # says to reject it) takes nothing back: its lessons are approved, its retirements realized.
        approved_already = moved is None and diff == (0, 0, 0)
        if not approved_already and moved is None:
            from altimate_learn.team.overruled import record

            record(store, _not_held(store, _rejected_changes(_staged_on(store), read.lessons or [])), reason)
        reopened = [] if approved_already else give_back_signals(store, None)
        if not approved_already:
            _take_back_staged(store)
        if moved is None:
            store.remove(Store.CANDIDATE)  # with its base and its staged retirements
        else:
            store.remove(Store.CANDIDATE_RETIRED)
        _discard_reflection_state(store)
        from altimate_learn.review.model import sha256

        store.record_history("reject", candidate_sha256=sha256(raw), lessons=count, moved_to=moved,
                             reopened=reopened or None, reason=_reason(reason))
        return RejectResult(True, count, moved, *diff, reopened=reopened)


def _staged_changes(store: Store) -> set[str]:
    """Ids the candidate still changes against approved.json (added, edited, removed); none without a candidate."""
    try:
        candidate = read_lesson_file(store.path(Store.CANDIDATE)).lessons
        approved = {lesson["id"]: lesson for lesson in read_lesson_file(store.path(Store.APPROVED)).lessons or []}
    except StoreError:
        return set()
    if candidate is None:
        return set()
    staged = {lesson["id"]: lesson for lesson in candidate}
    return {lid for lid, lesson in staged.items() if approved.get(lid) != lesson} | (set(approved) - set(staged))


def _rebased(store: Store, candidate: LessonFile) -> list[Lesson]:
    """The candidate's lessons as `learn show` and promote see them: its own changes on approved.json of now (a lesson
    a teammate approved since is no removal it makes, and one it adds that the team approved since is no addition)."""
    from altimate_learn.review.model import _rebase

    try:
        approved = read_lesson_file(store.path(Store.APPROVED))
    except LearnError:
        return candidate.lessons or []
    return _rebase(store, approved, candidate, [], [])[0].lessons or []


def _against_approved(store: Store, candidate: list[Lesson]) -> tuple[int, int, int]:
    """(added, edited, removed) lessons of ``candidate`` against approved.json (unreadable: all added)."""
    try:
        approved = {lesson["id"]: lesson for lesson in read_lesson_file(store.path(Store.APPROVED)).lessons or []}
    except StoreError:
        approved = {}
    staged = {lesson["id"]: lesson for lesson in candidate}
    added = sum(1 for lid in staged if lid not in approved)
    edited = sum(1 for lid, lesson in staged.items() if lid in approved and approved[lid] != lesson)
    return added, edited, sum(1 for lid in approved if lid not in staged)


@dataclass
class RejectLessonsResult:
    dropped: list[Lesson]     # lessons only the candidate had: gone from it
    restored: list[Lesson]    # approved lessons the candidate removed or edited: the approved copy is back
    candidate_count: int
    same_as_approved: bool    # nothing is left to promote
    reopened: list[str] = field(default_factory=list)  # signals of reflections none of whose changes are left

    def as_dict(self) -> dict[str, Any]:
        return {"dropped": [lesson["id"] for lesson in self.dropped],
                "restored": [lesson["id"] for lesson in self.restored],
                "candidate": self.candidate_count, "same_as_approved": self.same_as_approved,
                "reopened": self.reopened}


def reject_lessons(store: Store, ids: list[str], reason: str | None = None) -> RejectLessonsResult:
    """Take individual staged changes out of the candidate; the rest of it stays staged.

    A lesson only the candidate has is dropped (with its harmful marks and any pending replacement). An
    approved lesson that the candidate removed or edited gets its approved copy back, in its approved
    place. Every id is checked before anything is written: one unknown id changes nothing.
    """
    from altimate_learn.review.model import confined

    wanted = list(dict.fromkeys(i.strip() for i in ids if i.strip()))
    if not store.path(Store.CANDIDATE).exists():
        raise StoreError(f"no candidate in '{store.name}'; nothing to reject.", START_HINT)
    with store.lock():
        confined(store, Store.APPROVED, Store.CANDIDATE)
        _preflight(store, Store.CANDIDATE, Store.HISTORY, Store.HARMFUL, Store.PENDING_REPLACEMENTS, Store.RETIRED,
                   Store.CANDIDATE_RETIRED)
        approved = read_lesson_file(store.path(Store.APPROVED)).lessons or []
        candidate = read_lesson_file(store.path(Store.CANDIDATE)).lessons
        if candidate is None:
            raise StoreError(f"no candidate in '{store.name}'; nothing to reject.", START_HINT)
        approved_by_id = {lesson["id"]: lesson for lesson in approved}
        staged_by_id = {lesson["id"]: lesson for lesson in candidate}
        # What `reject ID` can act on: every difference between the candidate and approved.json.
        changed = [lid for lid in staged_by_id if approved_by_id.get(lid) != staged_by_id[lid]]
        changed += [lid for lid in approved_by_id if lid not in staged_by_id]
        wanted = list(dict.fromkeys(resolve_id(lid, changed) or resolve_id(lid, list(approved_by_id)) or lid
                                    for lid in wanted))
        for lid in wanted:
            if lid in changed:
                continue
            if lid in approved_by_id:
                raise StoreError(f"{lid} is approved and unchanged in the candidate of '{store.name}'; there is "
                                 "nothing staged to reject.",
                                 "To stop delivering it, remove it from candidate.json and promote, or run "
                                 "`learn reflect` with feedback.")
            raise _unknown_staged(store, lid, changed)
        from altimate_learn.team.overruled import record

        record(store, _not_held(store, _rejected_changes(_staged_on(store, approved), candidate, wanted), approved),
               reason, named=True)
        dropped: list[Lesson] = []
        restored: list[Lesson] = []
        for lid in wanted:
            if lid in approved_by_id:
                original = approved_by_id[lid]
                if lid in staged_by_id:
                    candidate[candidate.index(staged_by_id[lid])] = original
                else:
                    candidate.insert(_approved_place(lid, approved, candidate), original)
                staged_by_id[lid] = original
                restored.append(original)
            else:
                lesson = staged_by_id.pop(lid)
                candidate.remove(lesson)
                dropped.append(lesson)
        gone = {lesson["id"] for lesson in dropped}
        for lesson in candidate:  # a coexists reference to a dropped lesson would point at nothing
            if gone & set(lesson.get("coexists") or []):
                kept = [c for c in lesson["coexists"] if c not in gone]
                if kept:
                    lesson["coexists"] = kept
                else:
                    del lesson["coexists"]
        store.write_lessons(Store.CANDIDATE, candidate)
        touched = gone | {lesson["id"] for lesson in restored}
        harmful = store.read_json_object(Store.HARMFUL)
        if touched & set(harmful):
            store.write_json(Store.HARMFUL, {k: v for k, v in harmful.items() if k not in touched})
        pending = store.read_jsonl(Store.PENDING_REPLACEMENTS).records
        if any(isinstance(r, dict) and r.get("id") in touched for r in pending):
            store.rewrite_jsonl(Store.PENDING_REPLACEMENTS,
                                [r for r in pending if not (isinstance(r, dict) and r.get("id") in touched)])
        if restored:
            # Approved and live again: no longer retired, nor staged to be (promote would reconcile this too).
            back = {lesson["id"] for lesson in restored}
            _reconcile_retired(store, back)
            staged = store.staged_retired()
            if any(record["id"] in back for record in staged):
                store.write_lessons(Store.CANDIDATE_RETIRED, [r for r in staged if r["id"] not in back])
        same = candidate == approved
        reopened = give_back_signals(store, set(wanted))
        store.record_history("reject", ids=wanted, dropped=sorted(gone) or None,
                             restored=[lesson["id"] for lesson in restored] or None, candidate=len(candidate),
                             reopened=reopened or None, reason=_reason(reason))
        return RejectLessonsResult(dropped, restored, len(candidate), same, reopened)


def _approved_place(lesson_id: str, approved: list[Lesson], candidate: list[Lesson]) -> int:
    """Where a restored approved lesson goes: right after the nearest approved lesson before it that the
    candidate still has (else first), so the candidate's order stays the approved order."""
    staged = {lesson["id"]: n for n, lesson in enumerate(candidate)}
    position = next(n for n, lesson in enumerate(approved) if lesson["id"] == lesson_id)
    for earlier in reversed(approved[:position]):
        if earlier["id"] in staged:
            return staged[earlier["id"]] + 1
    return 0


def _unknown_staged(store: Store, lesson_id: str, changed: list[str]) -> StoreError:
    from altimate_learn.review.search import closest_ids

    close = closest_ids(lesson_id, changed)
    hint = (f"Closest staged ids: {', '.join(close)}." if close
            else "`learn show` lists the candidate's changes (added, edited and removed lessons).")
    return StoreError(f"no staged change for lesson {lesson_id} in the candidate of '{store.name}'.", hint)


# --- pin / unpin ---------------------------------------------------------------------------------------

@dataclass
class PinResult:
    lesson: Lesson
    changed: bool
    candidate_changed: bool


def unknown_lesson_error(store: Store, lesson_id: str, choices: list[str],
                         staged: list[str] | None = None) -> StoreError:
    from altimate_learn.review.search import closest_ids

    if lesson_id in (staged or []):
        return StoreError(f"{lesson_id} is only in the staged candidate of '{store.name}', not approved yet.",
                          "Review and promote it first (`learn show`, `learn promote`), then pin it.")
    close = closest_ids(lesson_id, choices)
    hint = (f"Closest approved ids: {', '.join(close)}." if close
            else "Use `learn search WORDS` to find a lesson.")
    return StoreError(f"no approved lesson {lesson_id} in store '{store.name}'.", hint)


def set_pinned(store: Store, lesson_id: str, pinned: bool) -> PinResult:
    """Pin or unpin an approved lesson, and the same lesson in a staged candidate that still has it.

    ``pinned`` is metadata, not content, so ``updated`` is left alone; unpinning removes the field,
    which makes pin followed by unpin leave `approved.json` byte-identical.
    """
    if not store.path(Store.APPROVED).exists():
        raise StoreError(f"store '{store.name}' has no approved lessons to {'pin' if pinned else 'unpin'}.",
                         "Promote a candidate first (`learn show`, `learn promote`).")
    with store.lock():
        from altimate_learn.review.model import confined

        confined(store, Store.APPROVED, Store.CANDIDATE)
        _preflight(store, Store.HISTORY)
        approved = read_lesson_file(store.path(Store.APPROVED)).lessons or []
        # Read the candidate before writing anything: an unreadable one stops the command unchanged.
        candidate_file = read_lesson_file(store.path(Store.CANDIDATE))
        staged_ids = [lesson["id"] for lesson in candidate_file.lessons or []]
        lesson_id = (resolve_id(lesson_id, [lesson["id"] for lesson in approved])
                     or resolve_id(lesson_id, staged_ids) or lesson_id)
        target = next((lesson for lesson in approved if lesson["id"] == lesson_id), None)
        if target is None:
            raise unknown_lesson_error(store, lesson_id, [lesson["id"] for lesson in approved],
                                       [lesson["id"] for lesson in candidate_file.lessons or []])
        changed = bool(target.get("pinned", False)) != pinned
        _apply_pin(target, pinned)
        candidate_changed = False
        candidate = candidate_file.lessons
        if candidate is not None:
            staged = next((lesson for lesson in candidate if lesson["id"] == lesson_id), None)
            if staged is not None and bool(staged.get("pinned", False)) != pinned:
                _apply_pin(staged, pinned)
                candidate_changed = True
        if not changed and not candidate_changed:
            return PinResult(target, False, False)
        if changed:
            store.write_lessons(Store.APPROVED, approved)
        if candidate_changed and candidate is not None:
            store.write_lessons(Store.CANDIDATE, candidate)
        store.record_history("pin" if pinned else "unpin", id=lesson_id, candidate=candidate_changed)
        return PinResult(target, changed, candidate_changed)


def _apply_pin(lesson: Lesson, pinned: bool) -> None:
    if pinned:
        lesson["pinned"] = True
    else:
        lesson.pop("pinned", None)
