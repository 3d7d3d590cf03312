"""The replacement step and its queue, ``pending-replacements.jsonl``.

An approved lesson removed as wrong with nothing in the same reflection replacing it is queued
(:func:`_queue_replacements`); at most :data:`MAX_REPLACEMENTS` narrow model calls a reflection try to
replace queued lessons (:func:`_run_replacements`), each answer an ADD like any other, and a record is
dropped after :data:`MAX_REPLACEMENT_ATTEMPTS` failed attempts. Records whose lesson is back in the set or
was never approved are dropped (:func:`_drop_stale_pending`). Records keep every field altimate-code
requires (:func:`_read_pending`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from altimate_learn.curate.anchors import identifiers
from altimate_learn.curate.deltas import MAX_REASON_CHARS, _echo, _parse
from altimate_learn.curate.polarity import polar_spans
from altimate_learn.errors import LearnError
from altimate_learn.redact import redact
from altimate_learn.store import Store

if TYPE_CHECKING:
    from altimate_learn.curate.apply import _Pass

MAX_REPLACEMENTS = 3
MAX_REPLACEMENT_ATTEMPTS = 5
FEEDBACK_CAP = 12_000      # what a reflection reads of its feedback (spec 003); a queued replacement keeps it
FEEDBACK_KINDS = ("verifier", "ci", "review", "user")  # altimate-code's reflect.ts FEEDBACK_KINDS
Replace = Callable[[dict, str], "str | None"]


class NotAttempted(Exception):
    """Raised by a ``replace`` callback that made no model call for this record (e.g. out of time).

    The record stays queued and its attempt count does not change. A bare ``LookupError`` means the same
    (so a lookup over precomputed answers can raise it); any other exception is a failed attempt."""



def _read_pending(store: Store) -> list[dict]:
    """Pending replacements, each with every field altimate-code requires (it moves aside a file with a
    record that lacks one): id, text, reasons, feedback, kind, attempts. Older learn records get an empty
    feedback and the kind "user"."""
    out = []
    for record in store.records(store.PENDING_REPLACEMENTS):
        if isinstance(record.get("id"), str) and isinstance(record.get("text"), str):
            attempts = record.get("attempts")
            record["attempts"] = attempts if isinstance(attempts, int) and not isinstance(attempts, bool) \
                and attempts >= 0 else 0
            reasons = record.get("reasons")
            record["reasons"] = [str(r) for r in reasons] if isinstance(reasons, list) else []
            if not isinstance(record.get("feedback"), str):
                record["feedback"] = ""
            if record.get("kind") not in FEEDBACK_KINDS:
                record["kind"] = "user"
            out.append(record)
    return out


def _pending_view(record: dict) -> dict:
    return {"id": record["id"], "text": redact(record["text"]), "attempts": record.get("attempts", 0),
            "reasons": [redact(r) for r in record.get("reasons", [])]}


def _drop_stale_pending(store: Store, work: _Pass, pending: list[dict], approved_ids: set[str]) -> int:
    """Drop pending replacements that no longer stand for an approved lesson removed as wrong.

    A record is stale when its lesson is back in the working set (the removal was undone, e.g. by
    `learn reject ID`) or when the lesson was never approved: not in approved.json nor in any archived
    version (older releases queued candidate-only lessons; they were carried forever)."""
    if not pending:
        return 0
    ever_approved = set(approved_ids)
    if any(p["id"] not in ever_approved for p in pending):
        for number in store.versions():
            try:
                ever_approved.update(lesson["id"] for lesson in store.read_version(number))
            except LearnError:
                continue  # an unreadable archive says nothing either way
    stale = [p for p in pending if p["id"] in work.by_id or p["id"] not in ever_approved]
    for record in stale:
        pending.remove(record)
    return len(stale)


def _queue_replacements(work: _Pass, pending: list[dict], now: str, feedback: str, kind: str) -> int:
    """Queue each lesson removed as wrong that no new or edited lesson of this pass replaces."""
    queued = 0
    changed_ids = {a["id"] for a in work.applied if a["op"] in ("ADD", "EDIT") and a.get("note") != "no change"}
    for removed, reason in work.removed_as_wrong:
        rid = removed["id"]
        anchors = identifiers(removed["text"])
        polar = polar_spans(removed["text"])
        replaced = False
        if anchors or polar:
            for lid, _ids in work.index.overlapping(anchors, polar=polar).items():
                lesson = work.by_id.get(lid)
                if lid in changed_ids and lesson is not None and rid not in (lesson.get("coexists") or []):
                    replaced = True
                    break
        if replaced or any(p["id"] == rid and p["text"] == removed["text"] for p in pending):
            continue
        pending.append({"id": rid, "text": redact(removed["text"]), "reasons": [_echo(reason, MAX_REASON_CHARS)],
                        "feedback": redact(feedback)[:FEEDBACK_CAP], "kind": kind, "attempts": 0, "at": now})
        queued += 1
    return queued


def _run_replacements(work: _Pass, pending: list[dict], replace: Callable[[dict, str], str | None] | None) -> int:
    """At most MAX_REPLACEMENTS narrow calls; the answer is an ADD like any other (lint, dedupe, limits).

    Each outcome is recorded in ``work.replacements`` (and the history entry)."""
    if replace is None:
        return 0
    attempted = 0

    def failed(record: dict, error: str) -> None:
        record["attempts"] = record.get("attempts", 0) + 1
        record["last_error"] = _echo(error, 200)
        outcome = f"failed: {record['last_error']}"
        if record["attempts"] >= MAX_REPLACEMENT_ATTEMPTS:
            pending.remove(record)
            outcome += f" (dropped after {MAX_REPLACEMENT_ATTEMPTS} attempts)"
        work.replacements.append({"id": record["id"], "result": outcome})

    for record in list(pending):
        if attempted >= MAX_REPLACEMENTS:
            break
        attempted += 1
        reason = "; ".join(record.get("reasons", [])) or "removed as wrong"
        try:
            answer = replace(dict(record), reason)
        except NotAttempted:
            continue  # the caller made no call for this one (e.g. out of time): not an attempt
        except LookupError as exc:
            if type(exc) is LookupError:  # the same; KeyError/IndexError are bugs, counted as failures
                continue
            failed(record, str(exc) or type(exc).__name__)
            continue
        except Exception as exc:  # a failed call keeps the record for the next reflection
            failed(record, str(exc) or type(exc).__name__)
            continue
        record["attempts"] = record.get("attempts", 0) + 1
        if answer is None or (isinstance(answer, str) and answer.strip().lower() in ("", "none")):
            pending.remove(record)  # the model says nothing should replace it
            work.replacements.append({"id": record["id"], "result": "none needed"})
            continue
        before = len(work.applied)
        delta, problem = _parse({"op": "ADD", "text": answer, "reason": f"replacement for {record['id']}"}, -1)
        if delta is not None:
            work.add(delta)
        else:
            work.reject(None, problem or "malformed replacement", "malformed", raw={"op": "ADD", "text": answer})
        added = [a for a in work.applied[before:] if a["op"] in ("ADD", "HELPFUL")]
        if added:
            for a in added:
                a["note"] = (a.get("note", "") + "; replacement").strip("; ")
            pending.remove(record)
            work.replacements.append({"id": record["id"], "result": f"{added[0]['op']} {added[0]['id']}"})
        else:
            outcome = f"rejected: {work.rejected[-1]['reason']}" if work.rejected else "rejected"
            if record["attempts"] >= MAX_REPLACEMENT_ATTEMPTS:
                pending.remove(record)
                outcome += f" (dropped after {MAX_REPLACEMENT_ATTEMPTS} attempts)"
            work.replacements.append({"id": record["id"], "result": outcome})
    return attempted
