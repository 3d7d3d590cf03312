"""`learn tidy`: get the set back in order in one action, all in memory, every file written once at the end.

Each pass (at most :data:`MAX_PASSES`, stopping as soon as a pass frees no slot) over the approved set:

1. **re-vet** stale and never-vetted lessons against the instruction files (the gates' vet: one model call
   per :data:`~altimate_learn.gates.vet.MAX_ITEMS` lessons with ``--model``, else the deterministic check):
   passes are re-stamped, conflicts quarantined with the reason;
2. **merge** related lessons (:mod:`altimate_learn.tidy.rewrite`: groups decided deterministically, one call
   per group with a model; offline only a lesson another fully carries is merged into it); the merged-away
   lessons are retired with ``supersededBy``;
3. **rewrite** a lesson a person keeps repeating (helpful ≥ 2) more sharply — with a model only;
4. **graduate** proven lessons (:mod:`altimate_learn.tidy.graduate`) into the instruction files' marked block;
   they leave the set (retired with the reason, listed in ``graduated.json``);
5. **drain** a set still over ``learn.max_in_force`` by retiring model-authored lessons that proved nothing
   in 14 days, from the bottom of the ranking; lessons waiting outside the cap enter when there is room.

Then the graduated block is rewritten denser. Every rewrite passes the coverage check and the audit of
meaning. A staged candidate is refused (promote or reject it first): tidy writes the approved set directly,
like ``learn remember --approve``; one tidy is one ``learn undo`` (:mod:`altimate_learn.tidy.undo`).
``dry_run`` plans and returns both diffs, writing nothing.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.curate import cap as capmod
from altimate_learn.errors import LearnError
from altimate_learn.tidy import graduate, rewrite
from altimate_learn.tidy.undo import Change

MAX_PASSES = 5
GRADUATED = "graduated.json"
REPEATED = 2
REPEAT_SYSTEM = rewrite.MERGE_SYSTEM.replace(
    "You get a GROUP of related rules", "You get a GROUP of one rule that people keep repeating, so its wording "
    "is not landing; restate it sharply (same meaning, clearer order)")


@dataclass
class TidyResult:
    dry_run: bool
    by: str
    max_in_force: int
    before: int
    after: int = 0
    passes: int = 0
    revet: dict[str, int] = field(default_factory=lambda: {"checked": 0, "restamped": 0, "quarantined": 0})
    merged: list[dict] = field(default_factory=list)      # {"id", "text", "covers": [...]}
    rewritten: list[dict] = field(default_factory=list)   # {"id", "text", "was"}
    retired: list[dict] = field(default_factory=list)     # {"id", "text", "reason"}
    quarantined: list[dict] = field(default_factory=list)
    graduated: list[dict] = field(default_factory=list)   # {"id", "text", "why"}
    entered: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)        # files written (or that would be)
    diffs: dict[str, str] = field(default_factory=dict)   # path -> unified diff
    notes: list[str] = field(default_factory=list)
    still_over: dict[str, int] | None = None
    undo: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"dry_run": self.dry_run, "by": self.by, "max_in_force": self.max_in_force,
                "in_force": {"before": self.before, "after": self.after}, "passes": self.passes,
                "revet": self.revet, "merged": self.merged, "rewritten": self.rewritten, "retired": self.retired,
                "quarantined": self.quarantined, "graduated": self.graduated, "entered": self.entered,
                "files": self.files, "diffs": self.diffs, "notes": self.notes, "still_over": self.still_over,
                "undo": self.undo}

    def summary(self) -> str:
        parts = [f"{len(self.merged)} merged", f"{len(self.rewritten)} rewritten", f"{len(self.retired)} retired",
                 f"{len(self.quarantined)} quarantined", f"{len(self.graduated)} now permanent"]
        return f"{', '.join(parts)} — {self.before} → {self.after} in force (max_in_force {self.max_in_force})"


def _approved_order(lessons: list[dict]) -> dict[str, int]:
    return {lesson["id"]: n for n, lesson in enumerate(lessons)}


def tidy(store: Any, *, chat: Any = None, timeout: float = 120.0, dry_run: bool = False,
         now: str | None = None) -> TidyResult:
    from altimate_learn.config import load_settings
    from altimate_learn.curate.curator import _Pass
    from altimate_learn.gates import quarantine, stamps
    from altimate_learn.gates.screen import Screen
    from altimate_learn.instructions.files import discover
    from altimate_learn.store.fsio import utc_now

    now = now or utc_now()
    root = Path(store.project.root)
    limit = int(load_settings(root).values["max_in_force"])
    from contextlib import nullcontext

    # A dry run writes nothing, not even a lock file; nor does a tidy of a store that does not exist.
    with (nullcontext() if dry_run or not store.exists else store.lock()):
        if store.candidate() is not None:
            raise LearnError("a candidate is staged; tidy works on the approved set and would undo it on promote.",
                             "Run `learn promote` or `learn reject` first, then `learn tidy`.")
        approved = store.approved()
        retired_before = store.retired()
        targets = graduate.targets(root)  # a file with bad markers stops here: nothing written
        contract = discover(root)
        quarantined_before = quarantine.read(store, writing=False)
        outside_before = capmod.read_outside(store, writing=False)
        graduated_before = _read_graduated(store)
        evidence = graduate.evidence(store)
        result = TidyResult(dry_run, chat.label if chat is not None else "offline", limit, len(approved))
        taken = {r["id"] for r in retired_before} | {q["id"] for q in quarantined_before} | set(graduated_before)
        work = _Pass(approved, harmful_from={}, feedback=None, now=now, apply_paths=None, taken_ids=taken,
                     approved_ids={lesson["id"] for lesson in approved})
        screen = Screen(store, contract=contract)
        work.screen = screen
        approved_ids = {lesson["id"] for lesson in approved}
        graduating: list[dict] = []
        for number in range(MAX_PASSES):
            size = len(work.lessons)
            _revet(screen, work, approved_ids, chat, timeout, result)
            _merge(work, screen, chat, timeout, result, now)
            if chat is not None:
                _repeat(work, chat, timeout, result, graduating, evidence)
            graduating += _graduate(work, screen, evidence, targets, result)
            _drain(work, screen, limit, now, result)
            result.passes = number + 1
            if len(work.lessons) >= size:
                break
        if result.passes == MAX_PASSES and len(work.lessons) > limit:
            result.notes.append(f"stopped after {MAX_PASSES} passes; `learn tidy` again may free more")
        _revet(screen, work, approved_ids, chat, timeout, result)  # the merged texts
        outside = _enter(work, outside_before, limit, result)
        work.finish()
        result.after = len(work.lessons)
        result.still_over = _still_over(work, screen, limit, now)
        if chat is None:
            result.notes.append("offline: lessons were merged only where one already carries another, and no "
                                "repeated lesson was reworded (pass --model for both)")

        # --- every file's new bytes, in memory ------------------------------------------------------------
        changes = _store_changes(store, work, approved, retired_before, screen, quarantined_before, outside,
                                 outside_before,
                                 graduated_before, graduating, targets, root, now)
        block_changes = _block_changes(targets, graduating, chat, timeout, result, root)
        changes += block_changes
        before = {change.path: _read(change.path) for change in changes}
        changes = [c for c in changes if c.after != before[c.path]]
        result.files = [graduate.relative(c.path, root) for c in changes]
        result.diffs = {graduate.relative(c.path, root): _diff(before[c.path], c.after, graduate.relative(c.path, root))
                        for c in changes}
        if dry_run or not changes:
            return result
        for target in targets:  # compare before write: an instruction file edited meanwhile stops everything
            if _read(target.path.resolve()) != target.snapshot.data:
                raise LearnError(f"{graduate.relative(target.path, root)} changed while tidy was planning; nothing "
                                 "was written.", "Run `learn tidy` again.")
        from altimate_learn.tidy import undo

        result.undo = undo.save(store, root, changes, before=before, summary=result.to_json() | {"diffs": None},
                                at=now)
        _write(changes)
        return result


# --- the steps ---------------------------------------------------------------------------------------------

def _revet(screen: Any, work: Any, approved_ids: set[str], chat: Any, timeout: float, result: TidyResult) -> None:
    from altimate_learn.gates import stamps
    from altimate_learn.gates.screen import MAX_OFFLINE_REVETS
    from altimate_learn.gates.vet import MAX_ITEMS, Item, trigger_paths, vet_with_model

    tried: set[str] = set()
    for _ in range(50):
        due = [lesson for lesson in work.lessons if lesson["id"] not in screen.new_stamps and lesson["id"] not in tried
               and stamps.state(screen.stamps.get(lesson["id"]), lesson["text"], screen.contract.hash)
               in ("stale", "unvetted")]
        if not due:
            return
        before_q, before_r = len(screen.quarantined), len(screen.restamped)
        if chat is not None:
            batch = due[:MAX_ITEMS]
            tried.update(l["id"] for l in batch)
            screen.vet = vet_with_model(chat, [Item(l["id"], l["text"], "model", evidence=False,
                                                     paths=trigger_paths(l)) for l in batch],
                                        work.lessons, screen.instructions, "", timeout=timeout)
            if screen.vet.failed:
                result.notes.append(f"re-vet skipped: {screen.vet.error}")
                screen.vet = None
                return
        else:
            screen.vet = None
            screen._offline = None  # the set changed since the last check
        screen.revet(work, approved_ids)
        screen.vet = None
        checked = len(screen.quarantined) - before_q + len(screen.restamped) - before_r
        result.revet["checked"] += checked
        result.revet["restamped"] += len(screen.restamped) - before_r
        result.revet["quarantined"] += len(screen.quarantined) - before_q
        for item in screen.quarantined[before_q:]:
            result.quarantined.append({"id": item["id"], "text": item["text"], "reason": item["reason"]})
        if chat is None:
            tried.update(l["id"] for l in due[:MAX_OFFLINE_REVETS])
        if checked == 0 and chat is None:
            return


def _skip_ids(screen: Any, work: Any) -> set[str]:
    channel = {lid: (screen.new_stamps.get(lid) or screen.stamps.get(lid) or {}).get("channel")
               for lid in work.by_id}
    return {lid for lid, ch in channel.items() if ch in graduate.NEVER}


def _merge(work: Any, screen: Any, chat: Any, timeout: float, result: TidyResult, now: str) -> None:
    from altimate_learn.curate.lint import lint
    from altimate_learn.schema import make_lesson

    for group in rewrite.groups(work.lessons, _skip_ids(screen, work)):
        if any(lid not in work.by_id for lid in group):
            continue
        texts = {lid: work.by_id[lid]["text"] for lid in group}
        if chat is not None:
            outcome = rewrite.check(rewrite.model_rewrite(chat, group, texts, timeout=timeout), texts)
        else:
            outcome = rewrite.check(rewrite.offline_merge(group, texts), texts)
        result.notes += outcome.refused
        for rule in outcome.rules:
            covered = [work.by_id[lid] for lid in rule.covers]
            keeper = next((l for l in covered if l["text"] == rule.text), None)
            if keeper is None:
                checked = lint(rule.text)
                if not checked.ok:
                    result.notes.append(f"the merged rule {rule.text[:60]!r} fails lint ({checked.reason}); its "
                                        "originals stay")
                    continue
                at = min(work.lessons.index(l) for l in covered)
                tags = sorted({t for l in covered for t in l.get("tags") or []})
                paths = [p for l in covered for p in (l.get("trigger") or {}).get("paths") or []]
                scoped = all((l.get("trigger") or {}).get("paths") for l in covered)
                keeper = make_lesson(checked.text, lesson_id=work.new_id(), now=now, tags=tags,
                                     paths=list(dict.fromkeys(paths)) if scoped else None)
                keeper["helpful"] = max(int(l.get("helpful", 0)) for l in covered)
                keeper["harmful"] = min(int(l.get("harmful", 0)) for l in covered)
                work.insert(keeper, at)
            for lesson in covered:
                if lesson is keeper:
                    continue
                keeper["helpful"] = max(int(keeper.get("helpful", 0)), int(lesson.get("helpful", 0)))
                work.retire(lesson, f"merged into {keeper['id']} by learn tidy", superseded_by=keeper["id"])
                result.retired.append({"id": lesson["id"], "text": lesson["text"],
                                       "reason": f"merged into {keeper['id']}"})
            result.merged.append({"id": keeper["id"], "text": keeper["text"], "covers": list(rule.covers)})
        for lid, reason in outcome.dropped.items():
            lesson = work.by_id.get(lid)
            if lesson is None:
                continue
            work.retire(lesson, f"dropped by learn tidy: {reason}")
            result.retired.append({"id": lid, "text": lesson["text"], "reason": f"dropped: {reason}"})


def _repeat(work: Any, chat: Any, timeout: float, result: TidyResult, graduating: list[dict],
            evidence: dict[str, graduate.Evidence]) -> None:
    from altimate_learn.curate.lint import lint

    for lesson in list(work.lessons):
        if int(lesson.get("helpful", 0)) < REPEATED or lesson.get("pinned"):
            continue
        if evidence.get(lesson["id"], graduate.Evidence()).why(lesson):
            continue  # it graduates instead
        texts = {lesson["id"]: lesson["text"]}
        outcome = rewrite.check(rewrite.model_rewrite(chat, [lesson["id"]], texts, timeout=timeout,
                                                      system=REPEAT_SYSTEM), texts)
        result.notes += outcome.refused
        if len(outcome.rules) != 1 or outcome.rules[0].text == lesson["text"]:
            continue
        checked = lint(outcome.rules[0].text)
        if not checked.ok:
            result.notes.append(f"the rewording of {lesson['id']} fails lint ({checked.reason}); it stays")
            continue
        was = lesson["text"]
        work.index.remove(lesson["id"])
        lesson["text"] = checked.text
        work.index.add(lesson["id"], checked.text)
        from altimate_learn.curate.curator import word_set

        work.words[lesson["id"]] = word_set(checked.text)
        result.rewritten.append({"id": lesson["id"], "text": checked.text, "was": was})


def _graduate(work: Any, screen: Any, evidence: dict[str, graduate.Evidence], targets: list[graduate.Target],
              result: TidyResult) -> list[dict]:
    from altimate_learn.gates import stamps

    skip = _skip_ids(screen, work)
    names = ", ".join(t.path.name for t in targets)
    out = []
    for lesson in list(work.lessons):
        if lesson.get("pinned") or lesson["id"] in skip:
            continue
        stamp = screen.new_stamps.get(lesson["id"]) or screen.stamps.get(lesson["id"])
        if stamps.state(stamp, lesson["text"], screen.contract.hash) == "stale":
            continue
        why = evidence.get(lesson["id"], graduate.Evidence()).why(lesson)
        if not why:
            continue
        work.retire(lesson, f"graduated into {names} (learn:graduated block): {why}")
        record = {"id": lesson["id"], "text": lesson["text"], "why": why}
        result.graduated.append(record)
        out.append(record)
    return out


def _drain(work: Any, screen: Any, limit: int, now: str, result: TidyResult) -> None:
    over = len(work.lessons) - limit
    if over <= 0:
        return
    order = _approved_order(work.lessons)

    def channel(lid: str) -> str | None:
        return (screen.new_stamps.get(lid) or screen.stamps.get(lid) or {}).get("channel")

    pool = [l for l in work.lessons if capmod.tradeable(l, channel(l["id"]), now)]
    pool.sort(key=lambda l: (int(l.get("helpful", 0)) - int(l.get("harmful", 0)), str(l.get("created", "")),
                             -order[l["id"]]))
    for lesson in pool[:over]:
        work.retire(lesson, f"drained: over max_in_force={limit}, model-authored and not helpful in 14 days")
        result.retired.append({"id": lesson["id"], "text": lesson["text"], "reason": "drained (over the cap)"})


def _enter(work: Any, outside: list[dict], limit: int, result: TidyResult) -> list[dict]:
    left = list(outside)
    for entry in sorted(outside, key=lambda e: (-capmod.authority(e.get("channel"), e.get("author")),
                                                str(e.get("at", "")))):
        if len(work.lessons) >= limit:
            break
        lesson = entry["lesson"]
        if lesson["id"] in work.by_id or capmod._blocked(work, lesson):
            continue
        work.insert(dict(lesson))
        left.remove(entry)
        result.entered.append(lesson["id"])
    return left


def _still_over(work: Any, screen: Any, limit: int, now: str) -> dict[str, int] | None:
    over = len(work.lessons) - limit
    if over <= 0:
        return None
    young = protected = 0
    for lesson in work.lessons:
        channel = (screen.new_stamps.get(lesson["id"]) or screen.stamps.get(lesson["id"]) or {}).get("channel")
        if capmod.protection(lesson, channel) is not None:
            protected += 1
        elif capmod.age_days(lesson, now) < capmod.GRACE_DAYS:
            young += 1
    return {"over": over, "in_force": len(work.lessons), "protected": protected, "young": young,
            "different": len(work.lessons) - protected - young}


# --- files -------------------------------------------------------------------------------------------------

def _read(path: Path) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def _read_graduated(store: Any) -> dict[str, dict]:
    try:
        value = json.loads(Path(store.path(GRADUATED)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    items = value.get("lessons") if isinstance(value, dict) else None
    return {k: v for k, v in items.items() if isinstance(v, dict)} if isinstance(items, dict) else {}


def _json_bytes(value: Any) -> bytes:
    from altimate_learn.store.fsio import canonical_json

    return canonical_json(value).encode("utf-8")


def _store_changes(store: Any, work: Any, approved: list[dict], retired_before: list[dict], screen: Any,
                   quarantined_before: list[dict],
                   outside: list[dict], outside_before: list[dict], graduated_before: dict[str, dict],
                   graduating: list[dict], targets: list[graduate.Target], root: Path, now: str) -> list[Change]:
    from altimate_learn.gates import stamps
    from altimate_learn.schema import validate_lessons

    changes: list[Change] = []
    path = Path(store.path(store.APPROVED))
    validate_lessons(work.lessons, str(path))
    if work.lessons != approved or path.exists():  # a project with no lessons gets no approved.json from tidy
        changes.append(Change(path, _json_bytes(work.lessons)))
    if work.retired:
        merged = {r["id"]: r for r in retired_before}
        for record in work.retired:
            merged[record["id"]] = record
        retired = list(merged.values())
        validate_lessons(retired, str(store.path(store.RETIRED)), retired=True)
        changes.append(Change(Path(store.path(store.RETIRED)), _json_bytes(retired)))
        # the team learns of each lesson that left the approved set, with its reason (team/retirements.py)
        from altimate_learn.team import retirements

        was_approved = {lesson["id"]: lesson for lesson in approved}
        shared = [record for record in work.retired if record["id"] in was_approved]
        if shared:
            ignore = retirements.gitignore_with_rules(store.project)
            if ignore is not None:
                changes.append(Change(Path(store.project.gitignore), ignore.encode("utf-8")))
            for record in shared:
                changes.append(Change(retirements.folder(store) / f"{record['id']}.json",
                                      retirements.shared_bytes(was_approved[record["id"]], record)))
    if screen.quarantined:
        items = {q["id"]: q for q in quarantined_before}
        for q in screen.quarantined:
            items[q["id"]] = q
        changes.append(Change(Path(store.path(stamps.QUARANTINE)), _json_bytes({"items": list(items.values())})))
    quarantined = {q["id"] for q in quarantined_before} | {q["id"] for q in screen.quarantined}
    merged_stamps = dict(screen.stamps)
    for lesson_id, stamp in screen.new_stamps.items():
        if stamp is None:
            merged_stamps.pop(lesson_id, None)
        else:
            merged_stamps[lesson_id] = {k: v for k, v in stamp.items() if v is not None}
    live = set(work.by_id) | quarantined
    merged_stamps = {k: v for k, v in merged_stamps.items() if k in live}
    if merged_stamps != screen.stamps:
        changes.append(Change(Path(store.path(stamps.VETTED)), _json_bytes({"lessons": merged_stamps})))
    if outside != outside_before:
        changes.append(Change(Path(store.path(capmod.OUTSIDE)), _json_bytes({"items": outside}) if outside else None))
    if graduating:
        files = [graduate.relative(t.path, root) for t in targets]
        lessons = dict(graduated_before)
        for record in graduating:
            lesson = work.retired_by_id.get(record["id"]) or {}
            lessons[record["id"]] = {"text": record["text"], "why": record["why"], "files": files, "at": now,
                                     "lesson": {k: v for k, v in lesson.items() if k not in ("reason",)}}
        changes.append(Change(Path(store.path(GRADUATED)), _json_bytes({"lessons": lessons})))
    return changes


def _block_changes(targets: list[graduate.Target], graduating: list[dict], chat: Any, timeout: float,
                   result: TidyResult, root: Path) -> list[Change]:
    changes = []
    for target in targets:
        bullets = graduate.merged_bullets(target.bullets, [g["text"] for g in graduating])
        if not bullets:
            continue
        dense, notes = rewrite.dense_block(bullets, chat, timeout=timeout)
        result.notes += [f"{graduate.relative(target.path, root)}: {n}" for n in notes]
        text = graduate.new_text(target, dense)
        if text is None:
            continue
        real = target.path.resolve() if target.path.is_symlink() else target.path
        changes.append(Change(real, text.encode("utf-8")))
    return changes


def _diff(before: bytes | None, after: bytes | None, name: str) -> str:
    old = (before or b"").decode("utf-8", "replace").splitlines(keepends=True)
    new = (after or b"").decode("utf-8", "replace").splitlines(keepends=True)
    return "".join(difflib.unified_diff(old, new, f"a/{name}", f"b/{name}"))


def _write(changes: list[Change]) -> None:
    from altimate_learn.store.fsio import atomic_write

    for change in changes:
        if change.after is None:
            try:
                change.path.unlink()
            except FileNotFoundError:
                pass
            continue
        try:
            mode = change.path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        atomic_write(change.path, change.after, mode=mode)


def undo(store: Any) -> dict[str, Any]:
    from altimate_learn.tidy import undo as undo_module

    if undo_module.latest(store) is None:  # before the lock, which would create the store's folder (trial18)
        raise undo_module.nothing_to_undo()
    with store.lock():
        return undo_module.undo(store, Path(store.project.root))
