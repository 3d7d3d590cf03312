"""Merge one committed store file given the texts of its three versions, as the driver and `resolve` do.

Which merge a file gets depends on its name (see :func:`file_kind`): lesson sets merge by lesson id
(:func:`altimate_learn.store.merge.merge_lessons`), append-only JSONL as a union of lines, any other JSON
state file key by key. On top of the store-level merge of a live lesson set, one check that needs the
curator's anchors: two lessons that came from different sides and now share a backticked identifier
without declaring a relation are a conflict too (`learn check` would refuse the merged set, and spec 003
does not allow two silent versions of one rule).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from altimate_learn.jsonsafe import loads_document
from altimate_learn.store.conflicts import has_markers, render_conflicted
from altimate_learn.store.fsio import canonical_json
from altimate_learn.store.store import as_approved
from altimate_learn.store.merge import (BASE, OURS, THEIRS, Conflict, LessonMerge, MergeInputError,
                                        drop_dangling_coexists, merge_lessons, merge_lines, merge_values)

LESSONS, RETIRED, LINES, JSON = "lessons", "retired", "lines", "json"
OVERLAP = "added on different sides, sharing an identifier without declaring how they relate"
LESSON_FILES = ("approved.json", "candidate.json")

BOTH = "both"  # a choice: keep the rules of both sides, ours under a new id when both have one id
Choice = Callable[[Conflict], str | None]
Replaced = Callable[[str, str], "str | None"]  # (side, lesson id) -> the lesson that side replaced it with


def file_kind(relpath: str) -> str | None:
    """How a store file merges: ``lessons``, ``retired``, ``lines``, ``json``; ``None``: not a store file
    learn knows how to merge (it is merged as text)."""
    path = PurePosixPath(relpath.replace("\\", "/"))
    name = path.name
    if path.parent.name == "versions" and name.endswith(".json"):
        return LESSONS
    if name in LESSON_FILES:
        return LESSONS
    if name == "retired.json" or (path.parent.name == "retired" and name.endswith(".json")):
        return RETIRED  # retired/<id>.json: a teammate's retirement, shared (altimate_learn.team.retirements)
    if name.endswith(".jsonl"):
        return LINES
    if name.endswith(".json"):
        return JSON
    return None


@dataclass
class FileMerge:
    kind: str
    text: str
    conflicts: list[Conflict] = field(default_factory=list)
    json_conflicts: list[str] = field(default_factory=list)  # JSON paths, for other state files
    notes: list[str] = field(default_factory=list)
    lessons: int | None = None  # lessons in the result (lesson files, conflicts left out)

    @property
    def clean(self) -> bool:
        return not self.conflicts and not self.json_conflicts


def _parse(text: str | None, side: str) -> Any:
    if text is None or not text.strip():
        return None
    if has_markers(text):
        raise MergeInputError(f"{side} has conflict markers of an earlier merge")
    try:
        return loads_document(text)
    except json.JSONDecodeError as exc:
        raise MergeInputError(f"{side} is not valid JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno})") from None


def merge_texts(relpath: str, base: str | None, ours: str | None, theirs: str | None, *,
                choose: Choice | None = None, ours_label: str = "ours", theirs_label: str = "theirs",
                marker_size: int = 7, replaced: Replaced | None = None) -> FileMerge:
    """Merge three versions of the store file ``relpath`` (``None`` or empty: absent in that version).

    ``choose`` settles conflicts: it returns ``ours``, ``theirs`` or ``base`` for a conflict, :data:`BOTH` to keep
    both sides' rules (:func:`_keep_both`), or ``None`` to leave it for a person. ``replaced(side, id)``: which lesson that side (``ours``, ``theirs``) replaced a
    lesson it retired with (:func:`replacements`); a replacement, or a text one side changed, is then said in the
    notes ("theirs replaced L-a with L-b"), and a replacement against the other side's edit is one conflict
    between the two rules. Raises :class:`MergeInputError` when a version cannot be merged as data.
    """
    kind = file_kind(relpath) or JSON
    if kind == LINES:
        return FileMerge(kind, merge_lines(base or "", ours or "", theirs or ""))
    b, o, t = _parse(base, "the base version"), _parse(ours, "our version"), _parse(theirs, "their version")
    if kind == JSON:
        return _merge_json(b, o, t, choose)
    lm = merge_lessons(b, o, t)
    if kind == LESSONS and replaced:
        _replaced_against_edited(lm, b, o, t, replaced)
        _replaced_on_both_sides(lm, b, o, t, replaced)
    if kind == LESSONS:
        _say_replacements(lm, b, o, t, replaced)
    if kind == LESSONS:
        _fold_twins(lm, b, o, t)
        _overlap_conflicts(lm, b, o, t)
        _contradiction_conflicts(lm, b, o, t)
    if choose is not None:
        for conflict in list(lm.conflicts):
            picked = choose(conflict)
            if picked in (OURS, THEIRS, BASE):
                lm.conflicts.remove(conflict)
                for lesson in conflict.side(picked):
                    lm.merged[lesson["id"]] = lesson
            elif picked == BOTH and kind == LESSONS:
                _keep_both(lm, conflict)
    if kind == LESSONS:
        _tidy_pairs(lm, b, o, t)
    if kind == RETIRED:
        _both_reasons(lm, o, t)
    if lm.clean:
        lessons = lm.lessons()
        if kind == LESSONS and PurePosixPath(relpath.replace("\\", "/")).parent.name != "versions":
            # (a note about a lesson the merge retired or replaced goes with it; approved, it asks nothing: R38-5)
            lessons = as_approved(lessons)
        return FileMerge(kind, canonical_json(lessons), notes=lm.notes, lessons=len(lessons))
    present = set(lm.merged) | {x["id"] for c in lm.conflicts for x in c.ours + c.theirs}
    merged = [lm.merged[i] for i in lm.order if i in lm.merged]
    merged = drop_dangling_coexists(merged, lm.notes, present=present)
    text = render_conflicted(merged, lm.conflicts, ours_label=ours_label, theirs_label=theirs_label,
                             marker_size=marker_size)
    return FileMerge(kind, text, conflicts=lm.conflicts, notes=lm.notes, lessons=len(merged))


REPLACED_EDITED = "replaced on one side, edited on the other"


def _replaced_against_edited(lm: LessonMerge, base: Any, ours: Any, theirs: Any, replaced: Replaced) -> None:
    """A lesson one side retired because a new lesson replaced it (`learn remember`, a supersede) and the other
    side edited (review14 R14-5): one conflict between the replacement and the edited lesson, so the person
    sees why it was removed and picking either side keeps one of the two rules, not both (`learn check` would
    refuse two rules on one identifier, and the person chose one wording)."""
    from altimate_learn.store.merge import REMOVED_EDITED

    base_ids = {x["id"] for x in (base or []) if isinstance(x, dict)}
    sides = {side: {x["id"] for x in (value or []) if isinstance(x, dict)} for side, value in ((OURS, ours),
                                                                                             (THEIRS, theirs))}
    for conflict in list(lm.conflicts):
        if conflict.kind != REMOVED_EDITED:
            continue
        removed_by = OURS if not conflict.ours else THEIRS
        other = THEIRS if removed_by == OURS else OURS
        new_id = replaced(removed_by, conflict.key)
        if not new_id or new_id in base_ids or new_id not in lm.merged or new_id not in sides[removed_by]:
            continue  # not a replacement the removing side added (and that merged cleanly)
        replacement = lm.merged.pop(new_id)
        edited = conflict.side(other)
        lm.conflicts[lm.conflicts.index(conflict)] = Conflict(
            f"{conflict.key} {new_id}", REPLACED_EDITED,
            ours=[replacement] if removed_by == OURS else edited,
            theirs=edited if removed_by == OURS else [replacement],
            base=conflict.base, fields=conflict.fields,
            detail=f"{removed_by} replaced {conflict.key} with {new_id}; {other} changed "
                   f"{', '.join(conflict.fields) or 'it'}: pick one of the two rules")


REPLACED_BOTH = "replaced on both sides"


def _replaced_on_both_sides(lm: LessonMerge, base: Any, ours: Any, theirs: Any, replaced: Replaced) -> None:
    """A lesson both sides retired because each replaced it with a rule of its own (two teammates each ran `learn
    remember` against it, review36 R36-3): two answers to one question. Merged by id, both replacements would be
    approved and every agent would get both ("Use pnpm instead of npm or yarn." and "Use bun instead of npm."), with
    nothing saying they compete. They become one conflict between the two replacements, so a person picks one
    (`learn resolve --ours/--theirs`) or keeps both (`--both`, refused when they contradict or restate each
    other). The same rule on both sides is one lesson already (:func:`_fold_twins`) and stays so."""
    base_ids = {x["id"] for x in (base or []) if isinstance(x, dict) and isinstance(x.get("id"), str)}
    sides = {side: {x["id"] for x in (value or []) if isinstance(x, dict) and isinstance(x.get("id"), str)}
             for side, value in ((OURS, ours), (THEIRS, theirs))}
    in_conflict = {i for c in lm.conflicts for i in c.ids}
    for lesson_id in sorted(base_ids - sides[OURS] - sides[THEIRS] - in_conflict):
        new_ours, new_theirs = replaced(OURS, lesson_id), replaced(THEIRS, lesson_id)
        if bool(new_ours) != bool(new_theirs):
            _replaced_against_retired(lm, base, lesson_id, OURS if new_ours else THEIRS, new_ours or new_theirs,
                                      base_ids, sides, in_conflict)
            continue
        if not new_ours or not new_theirs or new_ours == new_theirs:
            continue
        if {new_ours, new_theirs} & (base_ids | in_conflict) or new_ours not in sides[OURS] \
                or new_theirs not in sides[THEIRS] or new_ours not in lm.merged or new_theirs not in lm.merged:
            continue  # not two new rules each side added and that merged cleanly
        if twin_key(lm.merged[new_ours]) == twin_key(lm.merged[new_theirs]):
            continue  # the same rule: folded into one lesson
        gone = next(x for x in base if isinstance(x, dict) and x.get("id") == lesson_id)
        mine, other = lm.merged[new_ours], lm.merged[new_theirs]
        conflict = Conflict(f"{new_ours} {new_theirs}", REPLACED_BOTH, ours=[mine], theirs=[other],
                            base=[mine, other],
                            detail=f"both sides replaced {lesson_id} (\"{_clip(gone.get('text'), 80)}\"): ours with "
                                   f"{new_ours}, theirs with {new_theirs}: pick one rule, or keep both")
        lm.move_to_conflict(conflict)
        in_conflict |= {new_ours, new_theirs}


REPLACED_RETIRED = "replaced on one side, retired on the other"


def _replaced_against_retired(lm: LessonMerge, base: Any, lesson_id: str, side: str, new_id: str | None,
                              base_ids: set[str], sides: dict[str, set[str]], in_conflict: set[str]) -> None:
    """One side replaced a lesson (a new rule in its place), the other retired it with no replacement: the first
    wants the rule changed, the second wants it gone. Merged by id, the replacement stood and the retirement lost
    without a word (review36 R36-3); it is one conflict: keep the replacement, or nothing."""
    if not new_id or new_id in base_ids or new_id in in_conflict or new_id not in sides[side] or new_id not in lm.merged:
        return
    other = THEIRS if side == OURS else OURS
    gone = next(x for x in base if isinstance(x, dict) and x.get("id") == lesson_id)
    replacement = lm.merged[new_id]
    lm.move_to_conflict(Conflict(
        new_id, REPLACED_RETIRED, ours=[replacement] if side == OURS else [], theirs=[replacement] if side == THEIRS else [],
        base=[replacement],
        detail=f"{side} replaced {lesson_id} (\"{_clip(gone.get('text'), 80)}\") with {new_id}; {other} retired it: "
               f"keep the new rule ({side}) or no rule ({other})"))
    in_conflict.add(new_id)


class Replacements:
    """Which lesson replaced a lesson one side of the merge under way retired: ``supersededBy`` of the side's
    committed shared record (`retired/<id>.json`, read from that side's commit: HEAD is ours, the commit coming in
    is theirs), else, for this clone's own side (``ours`` in a merge, ``theirs`` in a rebase), its local
    `retired.json`. Called as ``replaced(side, lesson_id)``; ``None`` when unknown."""

    def __init__(self, top: Any = None, store_rel: str = "", local: dict[str, str] | None = None,
                 own: str = OURS, commits: dict[str, str | None] | None = None) -> None:
        self.top, self.store_rel, self.local, self.own = top, store_rel, local or {}, own
        self.commits = commits or {}
        self._read: dict[tuple[str, str], str | None] = {}

    def __call__(self, side: str, lesson_id: str) -> str | None:
        key = (side, lesson_id)
        if key not in self._read:
            found = self._shared(side, lesson_id)
            if found is None and side == self.own:
                found = self.local.get(lesson_id)
            self._read[key] = found
        return self._read[key]

    def _shared(self, side: str, lesson_id: str) -> str | None:
        from altimate_learn import git
        from altimate_learn.team.retirements import valid_id

        commit = self.commits.get(side)
        if not commit or self.top is None or not valid_id(lesson_id):
            return None
        raw = git.show(self.top, f"{commit}:{self.store_rel}/retired/{lesson_id}.json")
        try:
            records = loads_document(raw.decode("utf-8")) if raw else None
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return None
        for record in records if isinstance(records, list) else []:
            if isinstance(record, dict) and record.get("id") == lesson_id and isinstance(record.get("supersededBy"), str):
                return record["supersededBy"]
        return None


def cannot_both_stand(ours: list[Any], theirs: list[Any]) -> Any:
    """The vet's reading (places included) of a rule of ours against one of theirs that says they cannot stand
    together: the first contradiction or restatement found (:func:`altimate_learn.gates.offline.compare`), or None.
    What `learn resolve --both` refuses, and what the pull's hint leaves --both out for."""
    from altimate_learn.gates.offline import Rule, compare
    from altimate_learn.gates.scopes import trigger_paths

    for mine in ours:
        for other in theirs:
            found = compare(Rule(str(mine.get("text", "")), paths=trigger_paths(mine)),
                            Rule(str(other.get("text", "")), paths=trigger_paths(other)))
            if found is not None:
                return found
    return None


def _keep_both(lm: LessonMerge, conflict: Conflict) -> None:
    """``learn resolve --both``: keep the rules of both sides of ``conflict`` as separate lessons, when the gates
    let them stand together. Their lesson keeps its id; ours, when it has the same id (a text both sides edited,
    a lesson both added), gets a new one (:func:`altimate_learn.schema.new_lesson_id`, as every lesson id is made),
    with counters from zero and its provenance saying whose rule it was. A side that removed the lesson adds
    nothing (the edit is kept). The two are then checked as the vet checks a rule against a lesson in force
    (:func:`altimate_learn.gates.offline.compare`, places included: :mod:`altimate_learn.gates.scopes`): a
    contradiction or a restatement cannot stand beside the other, so the conflict stays, with a note saying why
    and to pick one side. Two that name the same code declare each other in ``coexists`` (the later one), as
    `learn check` asks."""
    from altimate_learn.curate.anchors import undeclared_overlaps
    from altimate_learn.schema import new_lesson_id

    theirs = [copy.deepcopy(x) for x in conflict.theirs]
    ours = [copy.deepcopy(x) for x in conflict.ours]
    taken = set(lm.order) | set(lm.merged) | {x["id"] for c in lm.conflicts for x in c.ours + c.theirs + c.base}
    renamed: list[tuple[str, str]] = []
    for lesson in ours:
        if any(other["id"] == lesson["id"] for other in theirs):
            new_id = new_lesson_id(taken)
            taken.add(new_id)
            renamed.append((lesson["id"], new_id))
            note = f"kept beside {lesson['id']} by `learn resolve --both` (our side's version of it)"
            lesson.update(id=new_id, helpful=0, harmful=0, applied=0,
                          provenance=f"{lesson['provenance']}; {note}" if lesson.get("provenance") else note)
    found = cannot_both_stand(ours, theirs)
    if found is not None:
        what = "contradict" if found.verdict == "contradiction" else "say the same thing"
        lm.notes.append(f"--both left {conflict.key} to choose: ours and theirs {what} ({found.reason}), so "
                        "they cannot both stand; pick one with --ours or --theirs")
        return
    kept = theirs + ours
    for first, later, _ in undeclared_overlaps(kept):
        lesson = next(x for x in kept if x["id"] == later)
        lesson["coexists"] = list(dict.fromkeys(list(lesson.get("coexists") or []) + [first]))
    lm.conflicts.remove(conflict)
    for lesson in kept:
        lm.merged[lesson["id"]] = lesson
    for old_id, new_id in renamed:
        lm.order.insert(lm.order.index(old_id) + 1 if old_id in lm.order else len(lm.order), new_id)
    for lesson in kept:
        if lesson["id"] not in lm.order:
            lm.order.append(lesson["id"])
    names = ", ".join(f"{x['id']} (theirs)" for x in theirs) or "nothing of theirs"
    ours_named = ", ".join(f"{x['id']} (ours" + (f", a new id for our version of {old})" if (old := next(
        (o for o, n in renamed if n == x["id"]), None)) else ")") for x in ours) or "nothing of ours"
    lm.notes.append(f"kept both sides of {conflict.key}: {names} and {ours_named}")


def _say_replacements(lm: LessonMerge, base: Any, ours: Any, theirs: Any, replaced: Replaced | None) -> None:
    """Notes on what the teammate's side replaced (both sides when it is not known which is this clone's), so a
    person reads "theirs replaced L-a with L-b" and "theirs changed the text of L-c", not a lesson that vanished
    beside an unrelated new one."""
    sides = {side: {x["id"]: x for x in (value or []) if isinstance(x, dict) and isinstance(x.get("id"), str)}
             for side, value in ((BASE, base), (OURS, ours), (THEIRS, theirs))}
    old = sides[BASE]
    in_conflict = {i for c in lm.conflicts for i in c.ids}
    own = getattr(replaced, "own", None)  # what this clone's own side did, it knows: only the teammate's is said
    for side in [s for s in (OURS, THEIRS) if s != own]:
        other = THEIRS if side == OURS else OURS
        mine = sides[side]
        for lesson_id, lesson in old.items():
            if lesson_id in in_conflict:
                continue
            if lesson_id not in mine:
                new_id = replaced(side, lesson_id) if replaced else None
                if new_id and new_id in lm.merged and new_id not in old and lesson_id not in lm.merged:
                    lm.notes.append(f"{side} replaced {lesson_id} with {new_id}: \"{_clip(lm.merged[new_id].get('text'))}\" "
                                    f"(was \"{_clip(lesson.get('text'))}\")")
            elif mine[lesson_id].get("text") != lesson.get("text") and \
                    sides[other].get(lesson_id, {}).get("text") == lesson.get("text") and lesson_id in lm.merged:
                lm.notes.append(f"{side} changed the text of {lesson_id}: \"{_clip(mine[lesson_id].get('text'))}\" "
                                f"(was \"{_clip(lesson.get('text'))}\")")


def _clip(text: Any, limit: int = 120) -> str:
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def replacements(top: Any, relpath: str) -> Replacements | None:
    """The :class:`Replacements` of the merge under way for the store file ``relpath`` (None outside a store)."""
    from pathlib import Path

    from altimate_learn import git
    from altimate_learn.errors import LearnError
    from altimate_learn.store import Store, project

    folder = (Path(top) / relpath).parent
    if folder.name == "versions" or folder.parent.name != "learn":
        return None
    try:
        records = Store(project(folder.parent.parent.parent), folder.name).retired()
    except (LearnError, OSError, ValueError):
        records = []
    superseded = {r["id"]: r["supersededBy"] for r in records if isinstance(r.get("supersededBy"), str)}
    own = THEIRS if git.operation_in_progress(top) == "rebase" else OURS
    return Replacements(top, PurePosixPath(relpath.replace("\\", "/")).parent.as_posix(), superseded, own,
                        {OURS: "HEAD", THEIRS: git.incoming_commit(top)})


def _both_reasons(lm: LessonMerge, ours: Any, theirs: Any) -> None:
    """A lesson retired on both sides for different reasons keeps both reasons (the merge would take one side's
    and drop the teammate's without a word: review14 R14-29), and a note says so."""
    sides = [{x["id"]: x for x in (value or []) if isinstance(x, dict) and isinstance(x.get("id"), str)}
             for value in (ours, theirs)]
    for lesson_id, lesson in lm.merged.items():
        reasons = [r for r in (side[lesson_id].get("reason") for side in sides if lesson_id in side)
                   if isinstance(r, str) and r]
        parts = list(dict.fromkeys(part for r in reasons for part in r.split("; ")))
        if len(reasons) < 2 or any(set(parts) == set(r.split("; ")) for r in reasons):
            continue  # one side's reason already says all of it (the same reason, or a merge made before)
        lesson["reason"] = "; ".join(parts)
        lm.notes.append(f"{lesson_id} was retired on both sides: both reasons are kept")


def _merge_json(b: Any, o: Any, t: Any, choose: Choice | None) -> FileMerge:
    value, conflicts = merge_values(b, o, t)
    if conflicts and choose is not None:
        probe = Conflict("(file)", "changed on both sides", [], [])
        if choose(probe) == THEIRS:
            value, _ = merge_values(b, t, o)
            conflicts = []
        elif choose(probe) == OURS:
            conflicts = []
    return FileMerge(JSON, canonical_json(value), json_conflicts=conflicts)


def _changed_by(side: dict[str, dict[str, Any]], base: dict[str, dict[str, Any]], lesson_id: str) -> bool:
    if lesson_id not in side:
        return False
    return lesson_id not in base or side[lesson_id] != base[lesson_id]


def _overlap_conflicts(lm: LessonMerge, base: Any, ours: Any, theirs: Any) -> None:
    """Pairs of merged lessons, one from each side, that share an identifier and declare no relation."""
    from altimate_learn.curate.anchors import undeclared_overlaps
    from altimate_learn.gates.scopes import disjoint, lesson_scopes

    merged = [lm.merged[i] for i in lm.order if i in lm.merged]
    if len(merged) < 2:
        return
    index = {side: {x["id"]: x for x in (value or []) if isinstance(x, dict)}
             for side, value in ((BASE, base), (OURS, ours), (THEIRS, theirs))}
    groups: dict[str, set[str]] = {}  # union of pairs that touch each other
    shared_by: dict[frozenset[str], set[str]] = {}
    for a, b, shared in undeclared_overlaps(merged):
        side_a, side_b = _origin(a, index), _origin(b, index)
        if side_a is None or side_b is None or side_a == side_b:
            continue  # both from one side (that side's own problem) or both unchanged
        if disjoint(lesson_scopes(lm.merged[a]), lesson_scopes(lm.merged[b])):
            # "In `tests/`, use `pytest` fixtures" beside "In `scripts/`, never use `pytest` fixtures": each holds
            # where the other does not, so both stay, the later one declaring the other in its `coexists`
            later = dict(lm.merged[b])
            later["coexists"] = list(dict.fromkeys(list(later.get("coexists") or []) + [a]))
            lm.merged[b] = later
            lm.notes.append(f"{b} and {a} both name {_named(shared)} but hold in "
                            f"different files; both kept ({b} declares {a} in coexists)")
            continue
        group = groups.get(a, set()) | groups.get(b, set()) | {a, b}
        for member in group:
            groups[member] = group
        shared_by[frozenset((a, b))] = set(shared) if not isinstance(shared, str) else {shared}
    done: set[str] = set()
    for member, group in groups.items():
        if member in done:
            continue
        done |= group
        ids = [i for i in lm.order if i in group]
        ours_side = [lm.merged[i] for i in ids if _origin(i, index) == OURS]
        theirs_side = [lm.merged[i] for i in ids if _origin(i, index) == THEIRS]
        names = sorted({n for pair, names_ in shared_by.items() if pair <= group for n in names_})
        lm.move_to_conflict(Conflict(
            " ".join(ids), OVERLAP, ours=ours_side, theirs=theirs_side, base=ours_side + theirs_side,
            detail="both name " + _named(names)))


CONTRADICTING = "changed on different sides, saying opposite things"
MAX_CHANGED = 200  # lessons a side changed that are read against the other side's (a pull brings a handful)


def _same_place(a: Any, b: Any) -> bool:
    """Two rules choosing for one job say where they hold in the same way: neither names a place or situation
    ("Use npm." / "Use pnpm."), or the words each names share one ("for dates" / "for date handling")."""
    from altimate_learn.deliver.tokenize import stem

    mine, theirs = {stem(w) for w in a.situation}, {stem(w) for w in b.situation}
    return (not mine and not theirs) or bool(mine & theirs)


def _contradiction_conflicts(lm: LessonMerge, base: Any, ours: Any, theirs: Any) -> None:
    """A lesson one side added or changed that contradicts one the other side added or changed, in plain words
    the identifier overlap cannot see (review37 R37-5: ana sharpened "Use pytest fixtures in tests." to "…, never
    unittest setUp methods.", ben remembered "Use unittest TestCase classes in tests."; after the pull both were
    approved and every agent got both). The vet's reading (:func:`altimate_learn.gates.offline.compare`, places
    included) or two choices for one job (:mod:`altimate_learn.gates.alternatives`) makes them one conflict, so a
    person picks one (`learn resolve --ours/--theirs`)."""
    from altimate_learn.gates.alternatives import labels, other_choice
    from altimate_learn.gates.offline import Rule, compare, different_situations
    from altimate_learn.gates.scopes import trigger_paths

    index = {side: {x["id"]: x for x in (value or []) if isinstance(x, dict) and isinstance(x.get("id"), str)}
             for side, value in ((BASE, base), (OURS, ours), (THEIRS, theirs))}
    in_conflict = {i for c in lm.conflicts for i in c.ids}
    changed = {side: [lm.merged[i] for i in lm.order if i in lm.merged and i not in in_conflict
                      and _origin(i, index) == side and isinstance(lm.merged[i].get("text"), str)][:MAX_CHANGED]
               for side in (OURS, THEIRS)}
    if not changed[OURS] or not changed[THEIRS]:
        return
    rules = {x["id"]: Rule(x["text"], paths=trigger_paths(x)) for side in changed.values() for x in side}
    taken: set[str] = set()
    for mine in changed[OURS]:
        for other in changed[THEIRS]:
            if {mine["id"], other["id"]} & taken or other["id"] in (mine.get("coexists") or []) \
                    or mine["id"] in (other.get("coexists") or []):
                continue
            a, b = rules[mine["id"]], rules[other["id"]]
            found = compare(a, b)
            why = found.reason if found is not None and found.verdict == "contradiction" else None
            if why is None and labels(a.lower) and labels(b.lower):
                choice = other_choice(a.lower, b.lower)
                if choice is not None and not different_situations(a, b):
                    picks = f"ours chooses {choice[1]} where theirs chooses {choice[2]}, for {choice[0]}"
                    if not _same_place(a, b):
                        # for places or situations the words cannot compare ("in the API" / "in the maintenance
                        # scripts", or one rule bounded and the other not): both kept, as the vet keeps them in one
                        # clone, and the pull says so (review38 R38-4)
                        lm.notes.append(f"{mine['id']} {other['id']} may contradict ({picks}, each for its own "
                                        "place): both kept, check which holds")
                        continue
                    why = picks
            if why is None:
                continue
            taken |= {mine["id"], other["id"]}
            lm.move_to_conflict(Conflict(f"{mine['id']} {other['id']}", CONTRADICTING, ours=[mine], theirs=[other],
                                         base=[mine, other], detail=f"{why}: pick one rule"))


def _named(names: list[str] | set[str]) -> str:
    """"`pytest` (opposite rules), `ruff`": the shared names of an overlap, the suffix outside the backticks."""
    from altimate_learn.curate.anchors import OPPOSITE

    return ", ".join(f"`{n.removesuffix(OPPOSITE)}`{OPPOSITE}" if n.endswith(OPPOSITE) else f"`{n}`"
                     for n in sorted(names))


def _tidy_pairs(lm: LessonMerge, base: Any, ours: Any, theirs: Any) -> None:
    """A note for each rule that came in from both sides in two wordings `learn tidy` would merge into one
    (review12 R12-2). Both are approved, so nothing is merged here: a person runs `learn tidy`."""
    from altimate_learn.tidy.rewrite import duplicate_line, duplicates

    merged = [lm.merged[i] for i in lm.order if i in lm.merged]
    if len(merged) < 2:
        return
    index = {side: {x["id"]: x for x in (value or []) if isinstance(x, dict)}
             for side, value in ((BASE, base), (OURS, ours), (THEIRS, theirs))}
    for keeper, others in duplicates(merged):
        if {_origin(i, index) for i in [keeper, *others]} >= {OURS, THEIRS}:
            lm.notes.append(duplicate_line(keeper, others))


def twin_key(lesson: dict[str, Any]) -> str:
    """What makes two lessons one rule: the same words (case, spacing, backticks and a final period aside) for the
    same files."""
    words = " ".join(str(lesson.get("text", "")).replace("`", "").split()).rstrip(".").casefold()
    return words + "\x00" + canonical_json(lesson.get("trigger") or {})


def _fold_twins(lm: LessonMerge, base: Any, ours: Any, theirs: Any) -> None:
    """The same rule approved on both sides (two teammates remembered it) is kept once.

    Each side's curator refuses a repeat of a lesson it has, but two clones give the same rule two ids,
    and the merge by id would keep both: delivery would then warn about the copy on every call. The lower
    id stays (so merging either way gives the same file), with both sides' counters added, tags and
    coexistence united, and every `coexists` reference to the other id moved to it."""
    index = {side: {x["id"]: x for x in (value or []) if isinstance(x, dict)}
             for side, value in ((BASE, base), (OURS, ours), (THEIRS, theirs))}
    by_key: dict[str, dict[str, list[str]]] = {}
    for lesson_id in lm.order:
        lesson = lm.merged.get(lesson_id)
        side = _origin(lesson_id, index) if lesson is not None and lesson_id not in index[BASE] else None
        if side is not None:
            by_key.setdefault(twin_key(lesson), {}).setdefault(side, []).append(lesson_id)
    renamed: dict[str, str] = {}
    for sides in by_key.values():
        if len(sides) < 2:
            continue
        ids = sorted(sides[OURS] + sides[THEIRS])
        keep, drop = ids[0], ids[1:]
        kept = dict(lm.merged[keep])
        for other_id in drop:
            other = lm.merged.pop(other_id)
            for counter in ("helpful", "harmful", "applied"):
                if isinstance(other.get(counter), int) or isinstance(kept.get(counter), int):
                    kept[counter] = int(kept.get(counter) or 0) + int(other.get(counter) or 0)
            for key in ("tags", "coexists"):
                united = list(kept.get(key) or []) + [x for x in other.get(key) or [] if x not in (kept.get(key) or [])]
                if united:
                    kept[key] = united
            if other.get("pinned"):
                kept["pinned"] = True
            for key, pick in (("created", min), ("updated", max)):
                if isinstance(other.get(key), str) and isinstance(kept.get(key), str):
                    kept[key] = pick(kept[key], other[key])
            renamed[other_id] = keep
            lm.notes.append(f"{other_id} and {keep}: the same rule, approved on both sides; kept once as {keep} "
                            "(counters added)")
        lm.merged[keep] = kept
    if not renamed:
        return
    for lesson_id, lesson in list(lm.merged.items()):
        co = lesson.get("coexists")
        if isinstance(co, list) and any(c in renamed for c in co):
            moved = []
            for c in co:
                c = renamed.get(c, c)
                if c != lesson_id and c not in moved:
                    moved.append(c)
            lm.merged[lesson_id] = {**lesson, "coexists": moved} if moved else \
                {k: v for k, v in lesson.items() if k != "coexists"}


def _origin(lesson_id: str, index: dict[str, dict[str, dict[str, Any]]]) -> str | None:
    if _changed_by(index[OURS], index[BASE], lesson_id):
        return OURS
    if _changed_by(index[THEIRS], index[BASE], lesson_id):
        return THEIRS
    return None


# --- what a person reads --------------------------------------------------------------------------------

def _show_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "(none)"
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _describe(lessons: list[dict[str, Any]], fields: tuple[str, ...]) -> list[str]:
    if not lessons:
        return ["(removed)"]
    out = []
    for lesson in lessons:
        shown = [f"{lesson['id']} {lesson.get('text', '')}".rstrip()]
        for key in fields:
            if key != "text":
                shown.append(f"{key}: {_show_value(lesson.get(key))}")
        out.append("; ".join(shown))
    return out


def conflict_lines(conflict: Conflict, ours_label: str = "ours", theirs_label: str = "theirs") -> list[str]:
    """A conflict as a person reads it: which lesson, what happened, both versions."""
    detail = f" ({conflict.detail})" if conflict.detail else ""
    lines = [f"{conflict.key}: {conflict.kind}{detail}"]
    width = max(len(ours_label), len(theirs_label)) + 1
    for label, lessons in ((ours_label, conflict.ours), (theirs_label, conflict.theirs)):
        for n, text in enumerate(_describe(lessons, conflict.fields)):
            lines.append(f"  {(label + ':') if n == 0 else '':<{width}} {text}")
    return lines
