"""What a reviewer is shown: the approved set, the candidate, their diff, flags and problems.

`load_review` reads `approved.json` and `candidate.json` once, as bytes, and keeps a SHA-256 of each.
Everything shown (lessons, diff, warnings) is computed from those bytes, so `promote` can later prove
that what it is about to write is exactly what the person saw: it re-reads both files under the store
lock and refuses if either hash changed.

Checks on a lesson set (`lesson_problems`) are the curator's rules applied again: lint of every lesson
(unchanged text of an already approved or archived lesson is grandfathered, so an older store's
over-long lesson does not block a promote), `coexists` that names a lesson of the set, and no two lessons
sharing a backticked identifier without declaring that they coexist.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError, StoreError
from altimate_learn.schema import MAX_LESSON_CHARS, Lesson, validate_lessons
from altimate_learn.store import Store, fsio

COUNTERS = ("helpful", "harmful", "applied")
# Not content: counters move with use, timestamps with edits.
_NOT_CONTENT = frozenset(COUNTERS) | {"created", "updated"}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class LessonFile:
    """One lesson file as read: its bytes (``None`` when absent) and its validated lessons."""

    path: Path
    raw: bytes | None
    lessons: list[Lesson] | None

    @property
    def exists(self) -> bool:
        return self.raw is not None

    @property
    def sha256(self) -> str | None:
        return None if self.raw is None else sha256(self.raw)


def parse_lesson_bytes(path: Path, raw: bytes, *, retired: bool = False) -> list[Lesson]:
    """Parse and validate a lesson file's bytes; errors name the file (nothing is moved aside) and say what the
    store layer says: a file with git conflict markers is a merge to finish with `learn resolve`, never one to
    restore from git (review13 R13-3)."""
    value = fsio.parse_json(path, raw)
    return validate_lessons(value, str(path), retired=retired)


def read_lesson_file(path: Path, *, retired: bool = False) -> LessonFile:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LessonFile(path, None, None)
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not a file.", "Move it out of the way and run the command again.")
    return LessonFile(path, raw, parse_lesson_bytes(path, raw, retired=retired))


# --- checks ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """A reason a lesson may not be approved (or delivered). ``lesson`` is an id, or "" for the file."""

    lesson: str
    rule: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"id": self.lesson, "rule": self.rule, "message": self.message}


def trusted_pairs(approved: list[Lesson] | None, archived: list[list[Lesson]]) -> set[tuple[str, str]]:
    """(id, text) of lessons a person already approved: their unchanged text is grandfathered."""
    pairs = {(lesson["id"], lesson["text"]) for lesson in approved or []}
    for version in archived:
        pairs.update((lesson["id"], lesson["text"]) for lesson in version)
    return pairs


def lint_lesson(lesson: Lesson, *, grandfathered: bool) -> tuple[Problem | None, str | None]:
    """(problem, flag reason) for one lesson, using the curator's lint."""
    from altimate_learn.curate.lint import lint

    text = lesson["text"]
    # A person approved or edited it: normalised, not rejected, and then refused below unless already plain.
    result = lint(text, grandfathered=grandfathered, typed_by_person=True)
    flag = (result.flag_reason or "mentions skipping or disabling verification") if result.flagged else None
    if not result.ok:
        return Problem(lesson["id"], result.rule or "lint", result.reason or "rejected by the lesson lint"), flag
    if result.text != text:
        # Delivery and the curator see the normalized text; approve only what a reader sees.
        return Problem(lesson["id"], "not-normalized", "contains hidden characters or extra whitespace"), flag
    # Path triggers reach the agent too (`[applies to: …]`): a hand edit must not smuggle text in there.
    from altimate_learn.curate.lint import path_problem

    for glob in (lesson.get("trigger") or {}).get("paths") or []:
        why = path_problem(glob)
        if why:
            shown = glob if len(glob) <= 60 else glob[:59] + "…"
            return Problem(lesson["id"], "trigger", f"path trigger {shown!r} {why}"), flag
    return None, flag


def lesson_problems(lessons: list[Lesson], trusted: set[tuple[str, str]] | None = None,
                    ) -> tuple[list[Problem], dict[str, str]]:
    """Problems that stop a promote, and the flagged lessons (id → why), for one lesson set.

    ``trusted`` holds the (id, text) pairs that are grandfathered; ``None`` grandfathers nothing.
    """
    from altimate_learn.curate.anchors import describe, undeclared_overlaps

    trusted = trusted or set()
    problems: list[Problem] = []
    flagged: dict[str, str] = {}
    ids = {lesson["id"] for lesson in lessons}
    for lesson in lessons:
        problem, flag = lint_lesson(lesson, grandfathered=(lesson["id"], lesson["text"]) in trusted)
        if problem:
            problems.append(problem)
        if flag:
            flagged[lesson["id"]] = flag
        for other in lesson.get("coexists", []):
            if other == lesson["id"]:
                problems.append(Problem(lesson["id"], "coexists", "declares that it coexists with itself"))
            elif other not in ids:
                problems.append(Problem(lesson["id"], "coexists", f"declares that it coexists with {other}, "
                                                                  "which is not in this lesson set"))
    for a, b, shared in undeclared_overlaps(lessons):
        problems.append(Problem(a, "overlap", f"shares {describe(shared)} with {b} without declaring that they "
                                              "coexist or that one supersedes the other"))
    return problems, flagged


# --- diff --------------------------------------------------------------------------------------------

@dataclass
class Edit:
    id: str
    old: Lesson
    new: Lesson
    fields: list[str]  # content fields that differ (text, tags, trigger, pinned, …)


@dataclass
class Removal:
    lesson: Lesson
    reason: str | None
    superseded_by: str | None = None


@dataclass
class CounterChange:
    id: str
    changes: dict[str, tuple[int, int]]  # counter -> (old, new)
    harmful_reason: str | None = None  # why the newest HARMFUL mark of the lesson was given (history.jsonl)


@dataclass
class Diff:
    added: list[Lesson] = field(default_factory=list)
    edited: list[Edit] = field(default_factory=list)
    removed: list[Removal] = field(default_factory=list)
    counters: list[CounterChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.edited or self.removed or self.counters)

    def ids(self) -> dict[str, list[str]]:
        return {"added": [x["id"] for x in self.added], "edited": [e.id for e in self.edited],
                "removed": [r.lesson["id"] for r in self.removed]}


def removal_reasons(retired: list[Lesson], history: list[dict[str, Any]]) -> dict[str, tuple[str, str | None]]:
    """Why each removed lesson went: `retired.json` first, then the newest history entry that says.

    History entries of the curator list what they applied (``applied``: ``{"op": "REMOVE", "id", "reason"}``);
    rejected proposals are not removals and are ignored.
    """
    reasons: dict[str, tuple[str, str | None]] = {}
    for entry in history:  # oldest first, so newer entries win
        for key in ("applied", "removed"):
            items = entry.get(key)
            if not isinstance(items, list):
                continue
            for item in items:
                if not (isinstance(item, dict) and isinstance(item.get("id"), str)
                        and isinstance(item.get("reason"), str)):
                    continue
                if key == "applied" and str(item.get("op", "")).upper() != "REMOVE":
                    continue
                sup = item.get("supersededBy")
                reasons[item["id"]] = (item["reason"], sup if isinstance(sup, str) else None)
    for lesson in retired:
        reasons[lesson["id"]] = (lesson.get("reason") or "removed", lesson.get("supersededBy"))
    return reasons


def harmful_reasons(history: list[dict[str, Any]]) -> dict[str, str]:
    """Lesson id -> the reason of its newest HARMFUL mark in history (`learn show` says why a mark waits: review40,
    the residue of review39 R39-20, where only "harmful 0 -> 1" was shown)."""
    out: dict[str, str] = {}
    for entry in history:  # oldest first, so newer entries win
        for item in entry.get("applied") or [] if isinstance(entry.get("applied"), list) else []:
            if isinstance(item, dict) and str(item.get("op", "")).upper() == "HARMFUL" \
                    and isinstance(item.get("id"), str) and isinstance(item.get("reason"), str):
                out[item["id"]] = item["reason"]
    return out


def diff_lessons(approved: list[Lesson], candidate: list[Lesson],
                 reasons: dict[str, tuple[str, str | None]] | None = None) -> Diff:
    reasons = reasons or {}
    old = {lesson["id"]: lesson for lesson in approved}
    new_ids = {lesson["id"] for lesson in candidate}
    diff = Diff()
    for lesson in candidate:
        before = old.get(lesson["id"])
        if before is None:
            diff.added.append(lesson)
            continue
        keys = (set(before) | set(lesson)) - _NOT_CONTENT
        changed = sorted((k for k in keys if before.get(k) != lesson.get(k)), key=lambda k: (k != "text", k))
        counters = {c: (before.get(c, 0), lesson.get(c, 0)) for c in COUNTERS if before.get(c) != lesson.get(c)}
        if not changed and any(before.get(k) != lesson.get(k) for k in ("created", "updated")):
            changed = [k for k in ("created", "updated") if before.get(k) != lesson.get(k)]
            if counters and changed == ["updated"]:
                changed = []  # a HELPFUL / HARMFUL mark moves `updated` with its counter: a counter change, no edit
        if changed:
            diff.edited.append(Edit(lesson["id"], before, lesson, changed))
        if counters:
            diff.counters.append(CounterChange(lesson["id"], counters))
    for lesson in approved:
        if lesson["id"] not in new_ids:
            reason, sup = reasons.get(lesson["id"], (None, None))
            diff.removed.append(Removal(lesson, reason, sup))
    return diff


# --- the review --------------------------------------------------------------------------------------

@dataclass
class Review:
    """Everything `learn show` prints and `learn promote` approves, from one read of the store."""

    store: str
    store_dir: Path
    approved: LessonFile
    candidate: LessonFile
    diff: Diff
    pending: list[dict[str, Any]]
    problems: list[Problem]  # in the candidate: promote refuses while any exist
    flagged: dict[str, str]  # candidate lesson id -> why it is flagged
    approved_flagged: dict[str, str]
    approved_problems: list[Problem]  # hand-committed approved lessons that delivery leaves out
    long: set[str]  # grandfathered lessons over MAX_LESSON_CHARS (approved or candidate)
    versions: list[int]
    warnings: list[str] = field(default_factory=list)
    rebased: list[str] = field(default_factory=list)  # ids approved.json gained or changed since the candidate began
    # lessons approved.json lost since the candidate began (a teammate retired them): {id: text}
    rebased_lost: dict[str, str] = field(default_factory=dict)

    @property
    def candidate_sha256(self) -> str | None:
        return self.candidate.sha256

    @property
    def approved_sha256(self) -> str | None:
        return self.approved.sha256

    @property
    def same_as_approved(self) -> bool:
        """The candidate would not change `approved.json`."""
        if self.candidate.lessons is None:
            return True
        return fsio.canonical_json(self.candidate.lessons) == fsio.canonical_json(self.approved.lessons or []) \
            and self.approved.exists

    def as_dict(self) -> dict[str, Any]:
        """The `--json` shape of `learn show` (stable keys)."""
        d = self.diff
        return {
            "store": self.store,
            "path": str(self.store_dir),
            "approved": self.approved.lessons,
            "candidate": self.candidate.lessons,
            "candidate_sha256": self.candidate_sha256,
            "approved_sha256": self.approved_sha256,
            "diff": {
                "added": d.added,
                "edited": [{"id": e.id, "fields": e.fields, "old": e.old, "new": e.new} for e in d.edited],
                "removed": [{"id": r.lesson["id"], "lesson": r.lesson, "reason": r.reason,
                             "supersededBy": r.superseded_by} for r in d.removed],
                "counters": [{"id": c.id, **{k: {"old": v[0], "new": v[1]} for k, v in c.changes.items()}}
                             for c in d.counters],
            },
            "flagged": [{"id": k, "reason": v} for k, v in self.flagged.items()],
            "approved_flagged": [{"id": k, "reason": v} for k, v in self.approved_flagged.items()],
            "problems": [p.as_dict() for p in self.problems],
            "approved_problems": [p.as_dict() for p in self.approved_problems],
            "long": sorted(self.long),
            "pending_replacements": self.pending,
            "versions": self.versions,
            "warnings": self.warnings,
            "rebased_on": self.rebased,
            "rebased_lost": [{"id": k, "text": v} for k, v in self.rebased_lost.items()],
        }


def _pending(store: Store) -> list[dict[str, Any]]:
    out = []
    for record in store.records(Store.PENDING_REPLACEMENTS):
        if isinstance(record.get("id"), str):
            attempts = record.get("attempts")
            out.append({"id": record["id"], "text": record.get("text") if isinstance(record.get("text"), str) else "",
                        "attempts": attempts if isinstance(attempts, int) else 0,
                        "reasons": [r for r in record.get("reasons", []) if isinstance(r, str)]
                        if isinstance(record.get("reasons"), list) else []})
    return out


def archived_sets(store: Store, warnings: list[str] | None = None) -> list[list[Lesson]]:
    out = []
    for number in store.versions():
        try:
            out.append(store.read_version(number))
        except LearnError as exc:  # an unreadable archive only loses its grandfathering
            if warnings is not None:
                warnings.append(f"skipped {store.version_path(number)}: {exc.message}")
    return out


def confined(store: Store, *names: str) -> None:
    """Refuse lesson files that are symlinks leading out of the store folder (a committed or planted link
    to some other file): what is shown and promoted must be the store's own files."""
    for name in names:
        path = store.path(name)
        try:
            fsio.check_confined(path, store.folder(name))
        except StoreError:
            raise StoreError(f"{path} is a symlink that leads outside {store.folder(name)}; refusing to read or change it.",
                             "Replace it with a regular file (or remove it), then run the command again.") from None


def _rebase(store: Store, approved: LessonFile, candidate: LessonFile, warnings: list[str],
            problems: list[Problem]) -> tuple[LessonFile, list[str], dict[str, str]]:
    """The candidate as a change to `approved.json` of this moment, not to the set it was started from.

    A candidate holds a whole set. When approved.json moved after it was staged (a pull brought teammates'
    approvals, or this worktree's branch has lessons the checkout that staged it had not), the candidate's
    own changes (against its base, :meth:`Store.stage_base`) are merged onto the current set the way the git
    merge driver merges lesson files; a lesson both changed is a problem that stops promote. Returns the
    rebased candidate, the ids approved.json gained or changed since the base, and the lessons it lost
    (``{id: text}``: a teammate retired them; a candidate lesson that replaces one is flagged by the caller)."""
    if candidate.lessons is None:
        return candidate, [], {}
    try:
        base = read_lesson_file(store.path(Store.CANDIDATE_BASE)).lessons
    except LearnError as exc:
        warnings.append(f"the set this candidate was staged on is unreadable ({exc.message}); promote replaces "
                        "approved.json with the candidate as it is")
        return candidate, [], {}
    now = approved.lessons or []
    # Also when approved.json already is the candidate (a promote killed before it removed the candidate): merged,
    # its lessons would come back in the merge's order, a "change" a rerun promoted again, archiving a duplicate.
    if base is None or fsio.canonical_json(now) in (fsio.canonical_json(base), fsio.canonical_json(candidate.lessons)):
        return candidate, [], {}
    from altimate_learn.store.merge import merge_lessons

    merged = merge_lessons(base, candidate.lessons, now)
    before = {lesson["id"]: fsio.canonical_json(lesson) for lesson in base}
    moved = [lesson["id"] for lesson in now if before.get(lesson["id"]) != fsio.canonical_json(lesson)]
    still = {lesson["id"] for lesson in now}
    lost = {lesson["id"]: lesson["text"] for lesson in base if lesson["id"] not in still}
    for conflict in merged.conflicts:
        problems.append(Problem(conflict.key, "approved-changed",
                                f"approved.json changed since this candidate was staged and both changed this lesson "
                                f"({conflict.detail.replace('ours', 'the candidate').replace('theirs', 'approved.json')}); "
                                "run `learn reject` and stage it again, or edit candidate.json"))
    # A lesson both changed stays in the candidate's version, so `learn show` lists it next to its problem.
    return LessonFile(candidate.path, candidate.raw, _without_twins(merged.lessons("ours"), base, now, warnings)), \
        moved, lost


def _without_twins(merged: list[Lesson], base: list[Lesson], now: list[Lesson], warnings: list[str]) -> list[Lesson]:
    """The rebased candidate without the lessons it adds that approved.json gained since, in the same words for the
    same files under another id: two teammates staged one rule (both imported the same agent memory, or both
    remembered it), one promoted it, and the other pulled. The merge by id would keep both and deliver the rule
    twice; the team's copy stays (as the git merge driver keeps one of two twins)."""
    from altimate_learn.team.files import twin_key

    known = {lesson["id"] for lesson in base} | {lesson["id"] for lesson in now}
    gained = {twin_key(lesson): lesson["id"] for lesson in now if lesson["id"] not in {b["id"] for b in base}}
    kept = []
    for lesson in merged:
        twin = gained.get(twin_key(lesson)) if lesson["id"] not in known else None
        if twin is None:
            kept.append(lesson)
            continue
        warnings.append(f"[{lesson['id']}] \"{' '.join(str(lesson.get('text', '')).split())[:120]}\" is approved already as "
                        f"{twin} (a teammate approved the same rule since this candidate was staged): left out")
    return kept


def _replacing_lost(store: Store, candidate: list[Lesson], lost: dict[str, str]) -> dict[str, str]:
    """``{candidate lesson id: why}`` for lessons of the candidate written to replace (supersede, merge) a
    lesson approved.json lost since the candidate was staged: a teammate retired that rule, and promoting
    would bring it back in new words without anyone seeing that (review13 R13-25). They are flagged, so
    promote needs the person's explicit approval (or `learn reject ID`)."""
    if not lost:
        return {}
    try:
        staged = store.staged_retired()
    except LearnError:
        staged = []
    try:
        retired = store.retired()  # this clone's reason, when the retirement was made here (another branch)
    except LearnError:
        retired = []
    from altimate_learn.team.retirements import team_retired

    retired = team_retired(store) + retired  # the teammate's reason, committed with the retirement
    live = {lesson["id"] for lesson in candidate}
    reasons = {r["id"]: r["reason"] for r in retired if isinstance(r.get("reason"), str) and r.get("reason")}
    replaced: dict[str, list[str]] = {}
    for record in staged:
        old, new = record.get("id"), record.get("supersededBy")
        if old in lost and isinstance(new, str) and new in live and old not in replaced.get(new, []):
            replaced.setdefault(new, []).append(old)
    flagged = {}
    for new, olds in replaced.items():
        parts = []
        for old in olds:
            text = " ".join(lost[old].split())
            text = text if len(text) <= 120 else text[:119] + "…"
            why = reasons.get(old)
            parts.append(f'{old} "{text.rstrip(".")}"' + (f" (reason: {' '.join(why.split())[:160]})" if why else ""))
        flagged[new] = (f"replaces {', '.join(parts)}, which approved.json lost since this candidate was staged (a "
                        "teammate retired it); promoting brings that rule back in new words")
    return flagged


def _read_review(store: Store) -> Review:
    confined(store, Store.APPROVED, Store.CANDIDATE)
    approved = read_lesson_file(store.path(Store.APPROVED))
    candidate = read_lesson_file(store.path(Store.CANDIDATE))
    warnings: list[str] = []
    stale: list[Problem] = []
    candidate, rebased, lost = _rebase(store, approved, candidate, warnings, stale)
    try:
        # the candidate's own retirements say why, too; a retired.json record of a lesson approved.json holds whose
        # successor the candidate does not hold is stale (a merge brought the lesson back after this clone had
        # replaced it) and says nothing about its removal now (review14 R14-10)
        live = {lesson["id"] for lesson in approved.lessons or []}
        staged_ids = {lesson["id"] for lesson in candidate.lessons or []}
        retired = [r for r in store.retired() if not (r["id"] in live and r.get("supersededBy")
                                                      and r["supersededBy"] not in staged_ids)]
        retired += store.staged_retired()
    except LearnError as exc:
        retired = []
        warnings.append(f"removal reasons unavailable: {exc.message}")
    from altimate_learn.store.legacy_playbook import grandfathered_pairs

    history = store.history()
    reasons = removal_reasons(retired, history)
    trusted = trusted_pairs(approved.lessons, archived_sets(store, warnings)) | grandfathered_pairs(history)
    diff = Diff()
    if candidate.lessons is not None:
        diff = diff_lessons(approved.lessons or [], candidate.lessons, reasons)
        marks = harmful_reasons(history)
        for change in diff.counters:
            if "harmful" in change.changes:
                change.harmful_reason = marks.get(change.id)
        problems, flagged = lesson_problems(candidate.lessons, trusted)
        problems = stale + problems
        for lesson_id, why in _replacing_lost(store, candidate.lessons, lost).items():
            flagged[lesson_id] = f"{flagged[lesson_id]}; {why}" if lesson_id in flagged else why
    else:
        problems, flagged = [], {}
    approved_problems, approved_flagged = lesson_problems(approved.lessons or [], trusted)
    long = {lesson["id"] for lesson in (approved.lessons or []) + (candidate.lessons or [])
            if len(lesson["text"]) > MAX_LESSON_CHARS and (lesson["id"], lesson["text"]) in trusted}
    return Review(store.name, store.dir, approved, candidate, diff, _pending(store), problems, flagged,
                  approved_flagged, approved_problems, long, store.versions(), warnings, rebased, lost)


def load_review(store: Store) -> Review:
    """Read the store once, without its lock: `learn show` is a reading command and writes nothing (not
    even a lock file). Every write is an atomic rename, so each file is read whole; promote re-reads
    under the lock and refuses if the candidate or approved.json is not what was shown."""
    return _read_review(store)
