"""Three-way merge of lesson files as data: (base, ours, theirs) → merged, or merged plus conflicts.

One pure function per kind of file, used by the git merge driver, `learn resolve` and anything else that
combines two versions of a set (DESIGN, "Committed lesson files merge as data"). Nothing here reads or
writes a file or calls git.

Lesson sets (`approved.json`, `retired.json`, `versions/*`, `candidate.json`) merge by lesson id:

- a lesson one side added is kept; one both sides removed is gone;
- a lesson both sides kept merges field by field against the base: the counters (helpful, harmful,
  applied) add up both sides' deltas, so two teammates who each marked it helpful once give +2; tags and
  `coexists` merge as sets (what either side added is in, what either side removed is out); `created` is
  the earliest, `updated` the latest; `provenance` (and a retired lesson's `reason` and `supersededBy`)
  come from the side that changed the lesson last. Any other field (text, trigger, pinned, scope, fields
  a newer writer added) that both sides changed, to different values, is a conflict;
- a lesson one side removed (retired) and the other edited is a conflict. If the other side only
  moved its counters, the removal wins and a note says so;
- a lesson both sides added under the same id (a cherry-pick, or the same merge made twice) merges the
  same way without a base: counters take the larger value, sets unite, other fields must agree;
- `coexists` references to a lesson the merge removed are dropped (with a note): the check would
  otherwise refuse the merged set for naming a lesson it does not have.

Order, chosen so that merging A into B and B into A give the same file: the lessons of the base in our
order, then the lessons either side added, by (`created`, id).

JSONL files (history, signals) are append-only: their lines merge as a union (:func:`merge_lines`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Lesson = dict[str, Any]

COUNTERS = ("helpful", "harmful", "applied")
SETS = ("tags", "coexists")
LATER_SIDE = ("provenance", "reason", "supersededBy")  # metadata: the side that changed the lesson last wins
NOT_CONTENT = frozenset(COUNTERS) | {"updated"}  # a change to these alone is not an edit

_MISSING: Any = object()  # the field is absent from that version of the lesson
_NOBASE: Any = object()  # there is no base version of the lesson at all

OURS, THEIRS, BASE = "ours", "theirs", "base"
EDITED_BOTH = "edited on both sides"
REMOVED_EDITED = "removed on one side, edited on the other"
ADDED_BOTH = "added on both sides, differently"


class MergeInputError(ValueError):
    """One of the three versions is not a set that can be merged by id (the message says which and why)."""


@dataclass
class Conflict:
    """A change both sides made that data cannot settle: a person picks ``ours`` or ``theirs``.

    ``ours`` and ``theirs`` are the lessons the set gets if that side is picked (an empty list: the
    lesson is removed). Fields that did merge (counters, tags) are already merged in both. ``base`` is
    what the common ancestor had, used when a merge must finish without a person (a virtual base).
    """

    key: str  # the lesson id (for a pair of lessons: both ids, "L-a L-b")
    kind: str
    ours: list[Lesson]
    theirs: list[Lesson]
    base: list[Lesson] = field(default_factory=list)
    fields: tuple[str, ...] = ()
    detail: str = ""

    @property
    def ids(self) -> list[str]:
        return self.key.split()

    def side(self, choice: str) -> list[Lesson]:
        return {OURS: self.ours, THEIRS: self.theirs, BASE: self.base}[choice]


@dataclass
class LessonMerge:
    """The merged lessons (``merged``) and the conflicts a person must settle.

    ``order`` ranks every id that may end up in the set; :meth:`lessons` applies choices and returns the
    final list in that order.
    """

    merged: dict[str, Lesson]
    conflicts: list[Conflict]
    order: list[str]
    notes: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.conflicts

    def lessons(self, choose: Callable[[Conflict], str] | str | None = None) -> list[Lesson]:
        """The final set: every conflict settled by ``choose`` (a side name, or a function of the
        conflict). Without a choice, conflicting lessons are left out."""
        final = dict(self.merged)
        for conflict in self.conflicts:
            if choose is None:
                continue
            picked = choose(conflict) if callable(choose) else choose
            for lesson in conflict.side(picked):
                final[lesson["id"]] = lesson
        out = [final[i] for i in self.order if i in final]
        return drop_dangling_coexists(out, self.notes)

    def move_to_conflict(self, conflict: Conflict) -> None:
        """Take lessons out of the merged set into a new conflict (checks above the store layer use this,
        e.g. two lessons from different sides that now overlap)."""
        for lesson_id in conflict.ids:
            self.merged.pop(lesson_id, None)
        self.conflicts.append(conflict)


def drop_dangling_coexists(lessons: list[Lesson], notes: list[str] | None = None, *,
                           present: set[str] | None = None) -> list[Lesson]:
    """``lessons`` with `coexists` ids that are not in the set (or in ``present``) removed, a note for each."""
    ids = present if present is not None else {lesson["id"] for lesson in lessons}
    out = []
    for lesson in lessons:
        co = lesson.get("coexists")
        if isinstance(co, list) and any(c not in ids for c in co):
            gone = [c for c in co if c not in ids]
            lesson = {**lesson, "coexists": [c for c in co if c in ids]}
            if not lesson["coexists"]:
                del lesson["coexists"]
            if notes is not None:
                note = f"{lesson['id']}: no longer declares coexistence with {', '.join(gone)} (not in the merged set)"
                if note not in notes:
                    notes.append(note)
        out.append(lesson)
    return out


# --- lesson sets ----------------------------------------------------------------------------------------

def _index(lessons: Any, side: str) -> dict[str, Lesson]:
    if lessons is None:
        return {}
    if not isinstance(lessons, list):
        raise MergeInputError(f"{side}: expected a JSON array of lessons")
    out: dict[str, Lesson] = {}
    for position, lesson in enumerate(lessons):
        if not isinstance(lesson, dict) or not isinstance(lesson.get("id"), str):
            raise MergeInputError(f"{side}: entry #{position + 1} is not a lesson with an id")
        if lesson["id"] in out:
            raise MergeInputError(f"{side}: lesson id {lesson['id']} appears twice")
        out[lesson["id"]] = lesson
    return out


def _content(lesson: Lesson) -> dict[str, Any]:
    return {k: v for k, v in lesson.items() if k not in NOT_CONTENT}


def _changed(base: Lesson, other: Lesson) -> list[str]:
    keys = sorted(set(base) | set(other))
    return [k for k in keys if k not in NOT_CONTENT and base.get(k, _MISSING) != other.get(k, _MISSING)]


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _later(ours: Lesson, theirs: Lesson) -> Lesson:
    """The side that changed the lesson last (ties: the greater canonical text, so both merge orders agree)."""
    a, b = str(ours.get("updated", "")), str(theirs.get("updated", ""))
    if a != b:
        return ours if a > b else theirs
    return ours if repr(sorted(ours.items())) >= repr(sorted(theirs.items())) else theirs


def _merge_set(base: Any, ours: Any, theirs: Any) -> Any:
    """Three-way merge of a list used as a set (``_MISSING``: no such field; ``_NOBASE``: no base)."""
    for value in (base, ours, theirs):
        if value not in (_MISSING, _NOBASE) and not isinstance(value, list):
            raise _Disagree
    if ours is _MISSING and theirs is _MISSING:
        return _MISSING
    o = ours if ours is not _MISSING else []
    t = theirs if theirs is not _MISSING else []
    if base is _NOBASE:  # no common ancestor: what either side has
        removed: list[Any] = []
    else:
        b = base if base is not _MISSING else []
        removed = [x for x in b if x not in o or x not in t]
    out: list[Any] = []
    for item in [*o, *t]:
        if item not in removed and item not in out:
            out.append(item)
    return out


class _Disagree(Exception):
    pass


_UNSETTLED = object()


def _settled(base: Any, ours: Any, theirs: Any) -> Any:
    """The merged value when the sides agree or only one changed the base; ``_UNSETTLED`` otherwise."""
    if ours == theirs:
        return ours
    if base is not _NOBASE:
        if ours == base:
            return theirs
        if theirs == base:
            return ours
    return _UNSETTLED


def _three_way(base: Any, ours: Any, theirs: Any) -> Any:
    value = _settled(base, ours, theirs)
    if value is _UNSETTLED:
        raise _Disagree
    return value


def merge_lesson(base: Lesson | None, ours: Lesson, theirs: Lesson) -> tuple[Lesson, list[str]]:
    """One lesson both sides have, merged field by field; returns it and the fields in conflict
    (their value in the returned lesson is ours)."""
    b = base if base is not None else {}
    merged: Lesson = {}
    conflicts: list[str] = []
    later = _later(ours, theirs)
    for key in sorted(set(b) | set(ours) | set(theirs)):
        bv = b.get(key, _MISSING) if base is not None else _NOBASE
        ov = ours.get(key, _MISSING)
        tv = theirs.get(key, _MISSING)
        if key in COUNTERS:
            if bv is _NOBASE or bv is _MISSING:
                value: Any = max(_int(ov), _int(tv))
            else:
                value = max(0, _int(bv) + (_int(ov) - _int(bv)) + (_int(tv) - _int(bv)))
        elif key in ("created", "updated"):
            present = [v for v in (ov, tv) if isinstance(v, str)]
            if present:
                value = min(present) if key == "created" else max(present)
            else:
                value = _three_way_or(bv, ov, tv, conflicts, key)
        elif key in LATER_SIDE:
            try:
                value = _three_way(bv, ov, tv)
            except _Disagree:
                value = later.get(key, _MISSING)
        elif key in SETS:
            try:
                value = _merge_set(bv, ov, tv)
            except _Disagree:
                value = _three_way_or(bv, ov, tv, conflicts, key)
        else:
            value = _three_way_or(bv, ov, tv, conflicts, key)
        if value is not _MISSING:
            merged[key] = value
    return merged, conflicts


def _three_way_or(base: Any, ours: Any, theirs: Any, conflicts: list[str], key: str) -> Any:
    try:
        return _three_way(base, ours, theirs)
    except _Disagree:
        conflicts.append(key)
        return ours


def _with_fields(lesson: Lesson, source: Lesson, fields: Iterable[str]) -> Lesson:
    out = dict(lesson)
    for key in fields:
        if key in source:
            out[key] = source[key]
        else:
            out.pop(key, None)
    return out


def _counter_moves(base: Lesson, other: Lesson) -> str:
    moves = [f"{k} {_int(other.get(k)) - _int(base.get(k)):+d}" for k in COUNTERS
             if _int(other.get(k)) != _int(base.get(k))]
    return ", ".join(moves)


def merge_lessons(base: list[Lesson] | None, ours: list[Lesson] | None,
                  theirs: list[Lesson] | None) -> LessonMerge:
    """Merge three versions of a lesson set (``None``: the file does not exist in that version).

    Raises :class:`MergeInputError` when a version is not a list of lessons with unique ids.
    """
    b, o, t = _index(base, "base"), _index(ours, "ours"), _index(theirs, "theirs")
    merged: dict[str, Lesson] = {}
    conflicts: list[Conflict] = []
    notes: list[str] = []
    for lesson_id in _all_ids(base, ours, theirs):
        bl, ol, tl = b.get(lesson_id), o.get(lesson_id), t.get(lesson_id)
        if ol is None and tl is None:
            continue
        if ol is None or tl is None:
            kept, side, other = (tl, THEIRS, OURS) if ol is None else (ol, OURS, THEIRS)
            assert kept is not None
            if bl is None:  # added on one side
                merged[lesson_id] = copy.deepcopy(kept)
                continue
            edited = _changed(bl, kept)
            if not edited:  # removed on one side, at most re-counted on the other: the removal wins
                moves = _counter_moves(bl, kept)
                if moves:
                    notes.append(f"{lesson_id}: removed by {other}; the counter changes by {side} ({moves}) "
                                 "went with it")
                continue
            removed_side_ours = ol is None
            conflicts.append(Conflict(
                lesson_id, REMOVED_EDITED,
                ours=[] if removed_side_ours else [copy.deepcopy(ol)],
                theirs=[copy.deepcopy(tl)] if removed_side_ours else [],
                base=[copy.deepcopy(bl)], fields=tuple(edited),
                detail=f"{other} removed it; {side} changed {', '.join(edited)}"))
            continue
        lesson, fields = merge_lesson(bl, ol, tl)
        if not fields:
            merged[lesson_id] = lesson
            continue
        conflicts.append(Conflict(
            lesson_id, EDITED_BOTH if bl is not None else ADDED_BOTH,
            ours=[_with_fields(lesson, ol, fields)], theirs=[_with_fields(lesson, tl, fields)],
            base=[_with_fields(lesson, bl, fields)] if bl is not None else [],
            fields=tuple(fields), detail=f"both sides changed {', '.join(fields)}" if bl is not None
            else f"the two versions differ in {', '.join(fields)}"))
    order = _order(base, ours, theirs, merged, conflicts)
    return LessonMerge(merged, conflicts, order, notes)


def _all_ids(*sides: list[Lesson] | None) -> list[str]:
    seen: dict[str, None] = {}
    for side in sides:
        for lesson in side or []:
            seen.setdefault(lesson["id"], None)
    return list(seen)


def _order(base: list[Lesson] | None, ours: list[Lesson] | None, theirs: list[Lesson] | None,
           merged: dict[str, Lesson], conflicts: list[Conflict]) -> list[str]:
    base_order = [lesson["id"] for lesson in base or []]
    base_ids = set(base_order)
    kept_base = [lesson["id"] for lesson in ours or [] if lesson["id"] in base_ids]
    placed = set(kept_base)
    for n, lesson_id in enumerate(base_order):  # one ours removed goes back after its base predecessor
        if lesson_id in placed:
            continue
        before = next((p for p in reversed(base_order[:n]) if p in placed), None)
        kept_base.insert(kept_base.index(before) + 1 if before else 0, lesson_id)
        placed.add(lesson_id)
    every: dict[str, Lesson] = dict(merged)
    for conflict in conflicts:
        for lesson in conflict.ours + conflict.theirs:
            every.setdefault(lesson["id"], lesson)
    added = sorted((i for i in every if i not in base_ids), key=lambda i: (str(every[i].get("created", "")), i))
    return kept_base + added


# --- JSONL ------------------------------------------------------------------------------------------------

def merge_lines(base: str, ours: str, theirs: str) -> str:
    """Append-only JSONL: our lines (without those theirs deleted), then the lines only theirs added."""
    b = _lines(base)
    o = _lines(ours)
    t = _lines(theirs)
    base_set, theirs_set, ours_set = set(b), set(t), set(o)
    out = [line for line in o if not (line in base_set and line not in theirs_set)]
    out += [line for line in dict.fromkeys(t) if line not in base_set and line not in ours_set]
    return "".join(line + "\n" for line in out)


def _lines(text: str) -> list[str]:
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


# --- any other JSON (sidecar files) ----------------------------------------------------------------------

def merge_values(base: Any, ours: Any, theirs: Any) -> tuple[Any, list[str]]:
    """A generic three-way merge for JSON state files (``base`` None: no common version): objects merge
    key by key, arrays of objects with an `id` merge by id, other arrays as sets; any other value both
    sides changed differently is a conflict, listed by its JSON path (the merged value keeps ours, and a
    value one side removed while the other changed it is kept)."""
    conflicts: list[str] = []
    value = _merge_value(_NOBASE if base is None else base, ours, theirs, "$", conflicts)
    return value, conflicts


def _member(container: Any, key: Any, kind: type) -> Any:
    if container is _NOBASE:
        return _NOBASE
    return container.get(key, _MISSING) if isinstance(container, kind) else _MISSING


def _merge_value(base: Any, ours: Any, theirs: Any, path: str, conflicts: list[str]) -> Any:
    settled = _settled(base, ours, theirs)
    if settled is not _UNSETTLED:
        return settled
    if isinstance(ours, dict) and isinstance(theirs, dict):
        out: dict[str, Any] = {}
        for key in dict.fromkeys([*ours, *theirs]):
            value = _merge_value(_member(base, key, dict), ours.get(key, _MISSING), theirs.get(key, _MISSING),
                                 f"{path}.{key}", conflicts)
            if value is not _MISSING:
                out[key] = value
        return out
    if isinstance(ours, list) and isinstance(theirs, list):
        if all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in [*ours, *theirs]):
            by_id = _NOBASE if base is _NOBASE else {
                x["id"]: x for x in (base if isinstance(base, list) else []) if isinstance(x, dict) and "id" in x}
            oi, ti = {x["id"]: x for x in ours}, {x["id"]: x for x in theirs}
            out_list = []
            for key in dict.fromkeys([*oi, *ti]):
                value = _merge_value(_member(by_id, key, dict), oi.get(key, _MISSING), ti.get(key, _MISSING),
                                     f"{path}[{key}]", conflicts)
                if value is not _MISSING:
                    out_list.append(value)
            return out_list
        try:
            return _merge_set(base if base is _NOBASE or isinstance(base, list) else _MISSING, ours, theirs)
        except _Disagree:
            pass
    conflicts.append(path)
    if ours is _MISSING:  # removed on one side, changed on the other: keep the change, nothing is lost
        return theirs
    return ours
