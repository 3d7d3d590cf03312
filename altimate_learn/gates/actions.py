"""The commands over vetted state: `learn vet` (re-vet stale and never-vetted lessons), `learn quarantine
release ID` and `learn quarantine drop ID`.

All three change lessons through the curator or the same locked writes the review gate uses, and record
what they did in `history.jsonl`. A release is a person's decision, so the rule goes back through the
curator as a person's rule: vetted again against the instructions as they are now (a rule that still fails
stays quarantined, with the new reason), reconciled with the lessons in force, staged in the candidate.
A lesson that a re-vet quarantined while it was still approved is simply let back in (its approved copy
returns to the candidate). A drop moves the rule to `retired.json` with the reason (still found by
`learn search`), and stages the removal of an approved copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from altimate_learn.english import plural
from altimate_learn.errors import LearnError
from altimate_learn.gates import quarantine, stamps
from altimate_learn.gates.vet import MAX_ITEMS, Item, Verdict, VetResult, trigger_paths, vet_offline, vet_with_model
from altimate_learn.store import Store


@dataclass
class VetRun:
    checked: int = 0
    restamped: int = 0
    quarantined: list[dict[str, Any]] = field(default_factory=list)
    stale_left: int = 0
    unvetted_left: int = 0
    by: str = "offline"
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    released: list[dict[str, Any]] = field(default_factory=list)  # quarantined approved lessons let back in
    # What the re-vet left for the next curation (``curate(recheck=True)``): "over_max_stored" (lessons past
    # learn.max_stored), "harmful" (ids removal for harm would take out)
    held: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"checked": self.checked, "restamped": self.restamped, "quarantined": self.quarantined,
                "stale_left": self.stale_left, "unvetted_left": self.unvetted_left, "by": self.by,
                "errors": self.errors, "notes": self.notes, "released": self.released, "held": self.held}

    def left(self) -> str:
        """What the re-vet left for the next curation (:attr:`held`), in words; empty when nothing."""
        parts = []
        over = self.held.get("over_max_stored") or 0
        if over:
            parts.append(f"{plural(over, 'lesson')} past learn.max_stored (the next `learn reflect` or `learn curate` "
                         "evicts the lowest-scoring; raise learn.max_stored to keep them)")
        harmful = self.held.get("harmful") or []
        if harmful:
            parts.append(f"{plural(len(harmful), 'lesson')} marked harmful enough to remove ("
                         + ", ".join(harmful[:5]) + (", …" if len(harmful) > 5 else "")
                         + "; the next `learn reflect` or `learn curate` removes them)")
        return "; ".join(parts)


def due(store: Store, lessons: list[dict], current: str) -> list[dict]:
    """Lessons that are stale or were never vetted (tool-errors records excepted)."""
    stamped = stamps.read_stamps(str(store.local_dir))
    return [lesson for lesson in lessons
            if stamps.state(stamped.get(lesson["id"]), lesson["text"], current) in ("stale", "unvetted")]


def vet_store(store: Store, *, chat: Any = None, timeout: float = 120.0, max_calls: int = 10) -> VetRun:
    """Re-vet the store's stale and never-vetted lessons: with a model in calls of up to :data:`MAX_ITEMS`
    (at most ``max_calls``), else with the deterministic check. Passes are re-stamped, conflicts with the
    instructions quarantined (and their removal staged). Only that: a re-vet (`learn vet`, or the hooks' in
    the background) evicts nothing over learn.max_stored, removes nothing for harm and does not reshuffle the
    max_in_force set (``curate(recheck=True)``); ``run.held`` says what it left for the next curation."""
    from altimate_learn.curate.curator import curate
    from altimate_learn.instructions.files import discover
    from altimate_learn.curate.prepared import current_lessons

    run = VetRun(by=chat.label if chat is not None else "offline")
    calls = 0
    seen: set[str] = set()
    while True:
        contract = discover(store.project.root)
        lessons = current_lessons(store)
        todo = [lesson for lesson in due(store, lessons, contract.hash) if lesson["id"] not in seen]
        if not todo:
            break
        vetted: VetResult | None = None
        if chat is not None:
            if calls >= max_calls:
                run.notes.append(f"stopped after {max_calls} vet calls; run `learn vet` again for the rest")
                break
            batch = todo[:MAX_ITEMS]
            instructions = [(f.path, f.text or "") for f in contract.usable]
            vetted = vet_with_model(chat, [Item(lesson["id"], lesson["text"], "model", evidence=False,
                                                paths=trigger_paths(lesson)) for lesson in batch], lessons, instructions, "", timeout=timeout)
            calls += 1
            if vetted.failed:
                run.errors.append(str(vetted.error))
                break
            run.notes += vetted.notes
        else:
            from altimate_learn.gates.screen import MAX_OFFLINE_REVETS

            batch = todo[:MAX_OFFLINE_REVETS]  # what the curator re-vets in one pass, in the same order
        seen.update(lesson["id"] for lesson in batch)
        result = curate(store, [], op="vet", vet=vetted, contract=contract, recheck=True)
        _hold(run, result.held)
        summary = result.vet or {}
        run.restamped += int(summary.get("restamped", 0))
        run.quarantined += [{"id": q["id"], "text": q["text"], "reason": q["reason"]} for q in result.quarantined]
        run.checked += len(batch)
    if not run.errors:
        _release_where_the_line_is_gone(store, run, chat, timeout, max_calls - calls)
    contract = discover(store.project.root)
    left = due(store, current_lessons(store), contract.hash)
    stamped = stamps.read_stamps(str(store.local_dir))
    run.stale_left = sum(1 for lesson in left if stamps.state(stamped.get(lesson["id"]), lesson["text"],
                                                             contract.hash) == "stale")
    run.unvetted_left = len(left) - run.stale_left
    return run


def _line_is_gone(contract: Any, item: dict) -> bool:
    """The instruction line a quarantined rule conflicted with is no longer in its file (or the file is gone)."""
    from altimate_learn.gates import offline

    source, quote = item.get("source"), item.get("quote")
    if not isinstance(source, str) or source.startswith("L-") or not isinstance(quote, str) or not quote.strip():
        return False
    text = next((f.text or "" for f in contract.usable if f.path == source), None)
    if text is None:
        return True

    def flat(value: str) -> str:
        return " ".join(value.lower().replace("`", "").split()).rstrip(".")

    wanted = flat(quote.rstrip("…"))
    return not any(wanted in flat(sentence) for sentence in offline.sentences(text))


def _hold(run: VetRun, held: dict[str, Any]) -> None:
    """Add what a re-check's curation left (``CurateResult.held``) to ``run.held``."""
    if "over_max_stored" in held:
        run.held["over_max_stored"] = held["over_max_stored"]  # the last curation's count: the store as it is
    harmful = [*run.held.get("harmful", []), *(i for i in held.get("harmful", []) if i not in run.held.get("harmful", []))]
    if harmful:
        run.held["harmful"] = harmful


def _release_where_the_line_is_gone(store: Store, run: VetRun, chat: Any, timeout: float, calls_left: int) -> None:
    """Quarantined lessons still in approved.json whose conflicting instruction line is gone (the edit was
    reverted, the line rewritten): re-vetted as `learn quarantine release` does, delivered again when they pass;
    one that still conflicts stays, with the new reason (review14 R14-11)."""
    from altimate_learn.instructions.files import discover

    contract = discover(store.project.root)
    approved = {lesson["id"] for lesson in store.approved()}
    for item in quarantine.read(store):
        if item.get("was") != "approved" or item["id"] not in approved or not _line_is_gone(contract, item):
            continue
        if chat is not None:
            if calls_left <= 0:
                break
            calls_left -= 1
        try:
            result = release(store, item["id"], chat=chat, timeout=timeout, recheck=True)
        except LearnError as exc:
            run.errors.append(str(exc))
            break
        if result.released:
            run.released.append({"id": item["id"], "text": item["text"], "was": item.get("reason")})


# --- quarantine release / drop ------------------------------------------------------------------------

@dataclass
class ReleaseResult:
    released: bool
    lesson_id: str | None = None  # the lesson id it is delivered as (a new id when it went through the curator)
    reason: str | None = None  # why it stays quarantined
    replaced: list[str] = field(default_factory=list)
    source: str | None = None  # the instruction file it conflicts with (None: it failed a check of its own text)

    def to_json(self) -> dict[str, Any]:
        return {"released": self.released, "id": self.lesson_id, "reason": self.reason, "replaced": self.replaced}


def _overruled_note(item: dict, previous: Any) -> str:
    from altimate_learn.curate.deltas import MAX_PROVENANCE_CHARS
    from altimate_learn.store.fsio import utc_now

    note = f"{quarantine.OVERRULED} ({utc_now()[:10]}): {item.get('reason') or item.get('verdict') or 'failed the vet'}"
    if isinstance(previous, str) and previous.strip() and quarantine.OVERRULED not in previous \
            and len(previous.strip()) + len(note) + 2 <= MAX_PROVENANCE_CHARS:
        note = f"{previous.strip()}; {note}"  # where it came from (an agent's memory …) stays when it fits
    return note[:MAX_PROVENANCE_CHARS]


def release(store: Store, lesson_id: str, *, chat: Any = None, timeout: float = 120.0,
            force: bool = False, recheck: bool = False) -> ReleaseResult:
    """Re-vet a quarantined rule and, when it passes, put it back (see the module docstring). ``force``: the
    person overrules the vet's verdict against the instruction files (recorded in the lesson's provenance).
    ``recheck``: a re-vet releases it (``curate(recheck=True)``: nothing else changes)."""
    from altimate_learn.instructions.files import discover
    from altimate_learn.curate.prepared import current_lessons

    item = quarantine.find(store, lesson_id)
    contract = discover(store.project.root)
    instructions = [(f.path, f.text or "") for f in contract.usable]
    approved_ids = {lesson["id"] for lesson in store.approved()}
    if force:
        return _force(store, item, contract, approved_ids)
    if item.get("was") == "approved" and lesson_id in approved_ids:
        probe = Item(lesson_id, item["text"], "person", evidence=False, paths=trigger_paths(item))
        verdicts = (vet_with_model(chat, [probe], current_lessons(store), instructions, "", timeout=timeout)
                    if chat is not None else vet_offline([probe], [], instructions))
        if verdicts.failed:
            raise LearnError(f"{lesson_id} stays quarantined: {verdicts.error}.", "Run the command again.")
        verdict = verdicts.verdicts.get(lesson_id)
        if verdict is None:
            raise LearnError(f"{lesson_id} stays quarantined: the vet gave no verdict.", "Run the command again.")
        if verdict.verdict in ("duplicate", "contradiction") and verdict.against_instructions:
            with store.lock():
                quarantine.add(store, [dict(item, reason=verdict.describe(), source=verdict.source,
                                            quote=verdict.quote)])
            return ReleaseResult(False, lesson_id, verdict.describe(), source=verdict.source)
        with store.lock():
            _restore_approved(store, lesson_id, contract.hash, verdict.by)
            quarantine.remove(store, lesson_id)
            store.record_history("quarantine-release", id=lesson_id, restored=True)
        return ReleaseResult(True, lesson_id)
    delta = _release_delta(item, f"released from quarantine ({lesson_id})")
    vetted = None
    if chat is not None:
        vetted = vet_with_model(chat, [Item("c0", item["text"], "person", evidence=False, paths=trigger_paths(item))],
                                current_lessons(store),
                                instructions, "", timeout=timeout)
    with store.lock():
        outcome = _curate_released(store, item, delta, contract, vetted, recheck=recheck)
        if isinstance(outcome, ReleaseResult):
            return outcome
        added, helpful, replaced = outcome
        return ReleaseResult(True, added["id"] if added else helpful["id"] if helpful else None, replaced=replaced)


def _release_delta(item: dict, reason: str, provenance: str | None = None) -> dict[str, Any]:
    """The person's ADD that brings a quarantined rule back, with the paths and tags it had."""
    lesson = item.get("lesson") if isinstance(item.get("lesson"), dict) else {}
    delta: dict[str, Any] = {"op": "ADD", "text": item["text"], "reason": reason}
    if provenance is not None:
        delta["provenance"] = provenance
    paths = (lesson.get("trigger") or {}).get("paths")
    if paths:
        delta["paths"] = paths
    if lesson.get("tags"):
        delta["tags"] = lesson["tags"]
    return delta


def _curate_released(store: Store, item: dict, delta: dict, contract: Any, vetted: Any,
                     trusted: bool = False, recheck: bool = False) -> ReleaseResult | tuple[
                         dict | None, dict | None, list[str]]:
    """Curate a released rule (under the store's lock): a :class:`ReleaseResult` when the curator quarantined it
    again (the old entry stays, with the new reason), else (the ADD, the HELPFUL, the ids it replaced)."""
    from altimate_learn.curate.curator import curate

    lesson_id = item["id"]
    quarantine.remove(store, lesson_id)  # the curator quarantines it again (with a new id) if it still fails
    try:
        result = curate(store, [delta], op="quarantine-release", author="person",
                        channel=item.get("channel") or "remember", vet=vetted, contract=contract,
                        feedback_ids=[f"release:{lesson_id}"], recheck=recheck,
                        **({"trusted_provenance": True} if trusted else {}))
    except BaseException:
        quarantine.add(store, [item])
        raise
    if result.quarantined:
        again = result.quarantined[0]
        quarantine.remove(store, again["id"])
        quarantine.add(store, [dict(item, reason=again["reason"], source=again.get("source"),
                                    quote=again.get("quote"), verdict=again.get("verdict"))])
        return ReleaseResult(False, lesson_id, again["reason"], source=again.get("source"))
    added = next((a for a in result.applied if a["op"] == "ADD"), None)
    helpful = next((a for a in result.applied if a["op"] == "HELPFUL"), None)
    replaced = [a["id"] for a in result.applied if a["op"] == "REMOVE" and a.get("note") == "superseded"]
    return added, helpful, replaced


def _force(store: Store, item: dict, contract: Any, approved_ids: set[str]) -> ReleaseResult:
    """`learn quarantine release ID --force`: the person is the final reviewer. A lesson still approved is
    delivered again at once (its copy in the candidate carries the note, for the next promote); any other rule
    goes to the curator as a person's rule that passed, staged with the note. Only the vet's verdict is
    overruled: the lint and the reconciliation with the lessons run as for `learn remember`."""
    lesson_id = item["id"]
    if not item.get("source"):  # the lint refused the wording: nothing to overrule, the text must change
        raise LearnError(f"{lesson_id} was not quarantined by the vet but because {item.get('reason') or 'its text'}"
                         "; --force overrules only a conflict with an instruction file.",
                         quarantine.rewrite_hint(lesson_id))
    if item.get("was") == "approved" and lesson_id in approved_ids:
        with store.lock():
            _restore_approved(store, lesson_id, contract.hash, "person", overruled_item=item)
            quarantine.remove(store, lesson_id)
            store.record_history("quarantine-release", id=lesson_id, restored=True, forced=True,
                                 overruled=item.get("reason"))
        return ReleaseResult(True, lesson_id, reason=item.get("reason"))
    lesson = item.get("lesson") if isinstance(item.get("lesson"), dict) else {}
    delta = _release_delta(item, f"released from quarantine ({lesson_id}) by a person over the vet",
                           _overruled_note(item, lesson.get("provenance")))
    vetted = VetResult(verdicts={"c0": Verdict("c0", "pass", "a person overruled the vet", by="person")}, by="person")
    with store.lock():
        outcome = _curate_released(store, item, delta, contract, vetted, trusted=True)
        if isinstance(outcome, ReleaseResult):  # the lint or a limit refused it: the old entry stays, with that reason
            return outcome
        added, helpful, replaced = outcome
        store.record_history("quarantine-release", id=lesson_id, forced=True, overruled=item.get("reason"),
                             staged=added["id"] if added else None)
        return ReleaseResult(True, added["id"] if added else helpful["id"] if helpful else None,
                             reason=item.get("reason"), replaced=replaced)


def _restore_approved(store: Store, lesson_id: str, contract_hash: str, by: str,
                      overruled_item: dict | None = None) -> None:
    """An approved lesson a re-vet had quarantined: its approved copy returns to the candidate, re-stamped.
    ``overruled_item``: the quarantine entry a forced release overrules; the candidate's copy carries the note in
    its provenance (approved.json gets it at the next promote)."""
    from altimate_learn.review.gate import _approved_place
    from altimate_learn.store.fsio import utc_now

    approved = store.approved()
    original = next(lesson for lesson in approved if lesson["id"] == lesson_id)
    candidate = store.candidate()
    if overruled_item is not None:
        if candidate is None:
            candidate = list(approved)
        original = dict(original, provenance=_overruled_note(overruled_item, original.get("provenance")))
        at = next((n for n, lesson in enumerate(candidate) if lesson["id"] == lesson_id), None)
        if at is not None:
            candidate[at] = original
        else:
            candidate.insert(_approved_place(lesson_id, approved, candidate), original)
        store.write_lessons(Store.CANDIDATE, candidate)
    elif candidate is not None and all(lesson["id"] != lesson_id for lesson in candidate):
        candidate.insert(_approved_place(lesson_id, approved, candidate), original)
        if candidate == approved:
            store.remove(Store.CANDIDATE)
        else:
            store.write_lessons(Store.CANDIDATE, candidate)
    stamped = stamps.stamps_for_writing(store)
    old = stamped.get(lesson_id) or {}
    stamped[lesson_id] = {"ih": contract_hash, "th": stamps.text_hash(original["text"]), "by": by,
                          "channel": old.get("channel"), "at": utc_now()}
    store.write_json(stamps.VETTED, {"lessons": {k: {x: y for x, y in v.items() if y is not None}
                                                 for k, v in stamped.items()}})


def drop(store: Store, lesson_id: str) -> dict[str, Any]:
    """Retire a quarantined rule (kept in `retired.json` with the reason); stage the removal of an approved copy."""
    from altimate_learn.review.gate import _preflight

    with store.lock():
        item = quarantine.find(store, lesson_id)
        _preflight(store, Store.RETIRED, Store.CANDIDATE, Store.HISTORY)
        lesson = dict(item.get("lesson") or {"id": lesson_id, "text": item["text"]})
        retired = store.retired()
        record = {k: v for k, v in lesson.items() if k not in ("reason", "supersededBy")}
        record = _as_lesson(record, item)
        record["reason"] = f"dropped from quarantine: {item.get('reason') or item.get('verdict')}"
        retired = [r for r in retired if r["id"] != lesson_id] + [record]
        store.write_lessons(Store.RETIRED, retired)
        staged = False
        approved = store.approved()
        if any(lesson["id"] == lesson_id for lesson in approved):
            candidate = store.candidate()
            base = candidate if candidate is not None else approved
            if any(lesson["id"] == lesson_id for lesson in base):
                store.write_lessons(Store.CANDIDATE, [lesson for lesson in base if lesson["id"] != lesson_id])
                staged = True
        quarantine.remove(store, lesson_id)
        store.record_history("quarantine-drop", id=lesson_id, reason=record["reason"], staged_removal=staged)
        return {"id": lesson_id, "retired": True, "staged_removal": staged}


def _as_lesson(record: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    """A retired record that passes the lesson schema, whatever an older quarantine entry held."""
    from altimate_learn.schema import _RETIRED_KEYS, make_lesson
    from altimate_learn.store.fsio import utc_now

    now = item.get("at") if isinstance(item.get("at"), str) else utc_now()
    base = make_lesson(str(record.get("text", item["text"])), lesson_id=item["id"], now=now)
    for key, value in record.items():
        if key in _RETIRED_KEYS and key not in ("id",):
            base[key] = value
    return base
