"""Reflection: one batch of feedback in, a curated candidate out.

A batch is a session's open signals (or feedback given on the command line) plus a digest of that
session (:mod:`altimate_learn.reflect.batches`). One reflector proposes deltas, either a model (one call: temperature 0, no tools, a timeout)
or the built-in offline reflector, and the curator alone decides what reaches `candidate.json`:

1. claim the batch (``schedule.json``), so no other process reflects on the same signals;
2. resolve the model (``--model``, ``learn.model``, the session's model when usable, else ``builtin``);
3. ask it, with the current lessons, the digest and the feedback marked as untrusted data;
4. parse the answer (:mod:`altimate_learn.reflect.deltas`): malformed deltas are dropped with reasons;
5. curate (lint, dedupe, overlaps, limits), which writes the candidate and a history entry with the
   model and its token use;
6. run the replacement step for lessons removed as wrong (narrow model calls, outside the lock);
7. consume the signals only when something usable came back, else keep them and back off. The built-in
   reflector, which reads each signal on its own, consumes a signal only when a lesson or a HELPFUL came
   from it; the rest stay open, past its cap for the next reflection, otherwise noted in `unlearned.json`
   (:mod:`altimate_learn.capture.unlearned`) to wait for a model or a person.

Nothing in a model's answer is fatal: prose, half JSON, ten thousand deltas or five megabytes end as a
reported failure with the signals still open. Provider errors (no key, timeout, 401, 429, 500) end the
same way, with one line that says what to do.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.reflect.deltas import find_json, parse_answer
from altimate_learn.reflect.batches import (FEEDBACK_KINDS, MAX_FEEDBACK_ITEMS, Batch, SessionIndex,  # noqa: F401
                                             feedback_batch, feedback_kind_of, load_source, load_trajectory,
                                             select_signals, session_batch)  # callers import them from here too
from altimate_learn.reflect.digest import build_digest
from altimate_learn.reflect.pricing import Usage
from altimate_learn.reflect.prompts import build_prompt, build_replace_prompt
from altimate_learn.reflect.providers import DEFAULT_TIMEOUT, ProviderError, Resolution, resolve_model
from altimate_learn.reflect.providers.builtin import BuiltinResult, reflect_builtin
from altimate_learn.store import Store
from altimate_learn.reflect import LOG_FILE

AUTO_SECONDS = 60  # `--auto` at the end of a session
ANSWER_TOKENS = 4096
REPLACE_TOKENS = 512
NEXT_STEP = "review with `learn show`, approve with `learn promote`"
LOG_CAP = 256 * 1024


# --- outcomes ------------------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What one reflection did. ``status``: applied, no-change, nothing-usable, failed, busy, limited, none.

    ``limited``: the daily allowance of automatic model runs was used up (:mod:`altimate_learn.reflect.budget`);
    nothing was sent, the signals stay open and no backoff is recorded."""

    session: str | None
    model: str
    status: str = "none"
    model_source: str = "default"
    note: str | None = None
    summary: str = ""
    applied: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    skipped_feedback: list[dict[str, str]] = field(default_factory=list)
    flagged: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    error: str | None = None
    consumed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)  # kept open until a model or a person uses them
    left_out: int = 0
    candidate: str | None = None
    replacements: int = 0
    notes: list[str] = field(default_factory=list)
    answered_by: str | None = None  # the model the provider says answered (an agent CLI's default, for one)
    quarantined: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status in ("applied", "no-change")

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session, "status": self.status, "ok": self.ok, "model": self.model,
            "model_source": self.model_source, "note": self.note, "summary": self.summary,
            "applied": self.applied, "rejected": self.rejected, "dropped": self.dropped,
            "skipped_feedback": self.skipped_feedback, "flagged": self.flagged, "usage": self.usage.to_dict(),
            "error": self.error,
            "signals": {"consumed": self.consumed, "kept": self.kept, "waiting": self.waiting, "left_out": self.left_out},
            "candidate": self.candidate, "replacements": self.replacements, "notes": self.notes,
            "answered_by": self.answered_by,
            "quarantined": self.quarantined,
        }


@dataclass
class Options:
    model: str | None = None  # --model
    timeout: float = DEFAULT_TIMEOUT
    apply_paths: list[str] | None = None
    deadline: float | None = None  # time.monotonic() after which no model call starts
    settings: Any = None  # config.Settings
    env: Mapping[str, str] | None = None
    max_tokens_total: int | None = None  # past this many tokens (input + output) nothing is changed
    # Automatic runs: asked right before a reflection's model call; False stops it (the daily cost guard).
    admit: Callable[[], bool] | None = None
    # What to do about a model that did not answer in time, when the caller has no --timeout (the learner)
    timeout_hint: str | None = None


def resolve_for(batch: Batch, options: Options) -> Resolution:
    values = options.settings.values if options.settings is not None else {}
    sources = options.settings.sources if options.settings is not None else {}
    configured_source = "learn.model"
    if str(sources.get("model", "")).startswith("env "):
        configured_source = "ALTIMATE_LEARN_MODEL"
    return resolve_model(options.model, configured=values.get("model"), configured_source=configured_source,
                         session_model=batch.source.model, providers=values.get("providers") or {},
                         env=options.env, session_harness=batch.harness)


def _remaining(options: Options) -> float:
    if options.deadline is None:
        return options.timeout
    return min(options.timeout, options.deadline - time.monotonic())


def current_lessons(store: Store) -> list[dict[str, Any]]:
    """The staged candidate, else the approved lessons (a file the curator's cache knows is not validated
    again: see :func:`altimate_learn.curate.prepared.current_lessons`)."""
    from altimate_learn.curate import prepared

    return prepared.current_lessons(store)


def stages_a_change(store: Store) -> bool:
    """Whether `candidate.json` would change `approved.json`: a candidate that `learn reject ID` brought back to the
    approved lessons stages nothing to review or promote (refl31). An unreadable one counts as staged: `learn show`
    says what is wrong with it."""
    if not store.path(Store.CANDIDATE).exists():
        return False
    from altimate_learn.store.fsio import canonical_json

    try:  # (no approved.json is no approved lesson, as `learn reject ID` reads it)
        candidate = store.candidate()
        approved = store.approved()
    except LearnError:
        return True
    return candidate is None or canonical_json(candidate) != canonical_json(approved)


def _relative(store: Store, path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def reflect_batch(store: Store, batch: Batch, options: Options, resolution: Resolution | None = None) -> Outcome:
    """Run one reflection (see the module docstring). Raises only for an explicitly requested, unusable model."""
    from altimate_learn.reflect import schedule

    resolution = resolution or resolve_for(batch, options)
    outcome = Outcome(batch.session_id, resolution.model, model_source=resolution.source, note=resolution.note,
                      left_out=batch.left_out, notes=list(batch.notes))
    # The claim must outlive every call this reflection may make (the main one and the replacement step).
    ttl = (options.timeout * 4 if not resolution.is_builtin else 30) + 60
    claim, holder = schedule.claim_batch(store, batch.signal_ids, ttl=ttl,
                                         key=None if batch.signals else f"feedback:{batch.feedback_id}")
    if claim is None:
        pid = holder.get("pid") if holder else "?"
        outcome.status = "busy"
        outcome.error = f"another learn process (pid {pid}) is reflecting on these signals"
        outcome.kept = batch.signal_ids
        return outcome
    try:
        return _reflect_claimed(store, batch, options, resolution, outcome)
    finally:
        schedule.release(store, claim)


def _still_open(store: Store, batch: Batch) -> list[dict[str, Any]]:
    from altimate_learn.capture.signals import list_signals

    wanted = set(batch.signal_ids)
    return [s for s in list_signals(store) if s["id"] in wanted]


def _reflect_claimed(store: Store, batch: Batch, options: Options, resolution: Resolution,
                     outcome: Outcome) -> Outcome:
    from altimate_learn.reflect import schedule

    if batch.signals:
        still = _still_open(store, batch)
        if not still:
            outcome.status = "none"
            outcome.summary = "its signals were already consumed by another reflection"
            return outcome
        if len(still) != len(batch.signals):  # another process took some: work on the rest only
            keep = {s["id"] for s in still}
            batch.signals = still
            batch.items = [i for i in batch.items if i.signal_id in keep]
    lessons = current_lessons(store)
    feedback_ids = batch.signal_ids or ([batch.feedback_id] if batch.feedback_id else [])
    raw_deltas: list[Any]
    builtin: BuiltinResult | None = None
    digest = ""
    sourced = False  # the model's lessons carry the feedback they were learned from (_say_the_feedback)
    if resolution.chat is None:
        from altimate_learn.capture import unlearned

        # A signal the built-in reflector already found unusable waits for a model or a person: reading it
        # again would give the same nothing.
        tried = unlearned.known(store) if batch.signals else set()
        items = [i for i in batch.items if i.signal_id not in tried]
        outcome.skipped_feedback = [{"signal": i.signal_id or "?", "reason": WAITS} for i in batch.items
                                    if i.signal_id in tried]
        if batch.signals and not items:
            outcome.status = "none"
            outcome.summary = f"its signals wait for a model or a person ({unlearned.WAY_OUT})"
            outcome.kept = batch.signal_ids
            return outcome
        _given_in_session(store, batch, items)
        _memory_echoes(store, batch, items, lessons)
        builtin = reflect_builtin(items, lessons, scope_paths=not options.apply_paths)
        raw_deltas = builtin.deltas
        outcome.skipped_feedback += [{"signal": who, "reason": why} for who, why in builtin.skipped]
        outcome.usage = Usage(0, 0, 0.0, False, calls=0)
        if batch.screen is not None:
            raw_deltas = batch.screen(raw_deltas, raw_deltas, outcome.dropped)
        # which signal each delta handed to the curator came from (a screen may drop or replace deltas)
        source_of = {id(delta): who for delta, who in zip(builtin.deltas, builtin.sources)}
        builtin.sources = [source_of.get(id(delta), "") for delta in raw_deltas]
    else:
        if options.admit is not None and not options.admit():
            outcome.status = "limited"
            outcome.error = "the daily limit of automatic model runs is reached (learn.auto_reflect_daily_max)"
            outcome.kept = batch.signal_ids
            return outcome
        timeout = _remaining(options)
        if timeout < 1:
            outcome.status = "failed"
            outcome.error = "no time left for a model call"
            outcome.kept = batch.signal_ids
            return outcome
        if batch.prompt is not None:
            system, user = batch.prompt(lessons)
            digest = batch.digest or ""  # the learner's exchanges digest: what its rules rest on
        else:
            digest = build_digest(batch.source)
            limit = (options.settings.values if options.settings is not None else {}).get("max_in_force")
            system, user = build_prompt(lessons, digest, batch.feedback, batch.kind, max_in_force=limit)
        try:
            completion = resolution.chat.complete(system, user, timeout=timeout, max_tokens=ANSWER_TOKENS)
        except ProviderError as exc:
            said = f"{exc.message} {options.timeout_hint}" if exc.kind == "timeout" and options.timeout_hint else str(exc)
            return _failed(store, batch, outcome, said, provider_failure=True, retry_after=exc.retry_after)
        outcome.usage = completion.usage
        outcome.answered_by = completion.model
        spent = completion.usage.input_tokens + completion.usage.output_tokens
        if options.max_tokens_total is not None and spent > options.max_tokens_total:
            return _failed(store, batch, outcome, f"the model call used {spent:,} tokens, past the "
                           f"{options.max_tokens_total:,}-token limit; nothing was changed")
        parsed = parse_answer(completion.text)
        outcome.dropped = [d.to_dict() for d in parsed.dropped]
        if batch.screen is not None and (parsed.items or parsed.error is None):
            # The screen takes what is its own (instruction-file targets, citations) and hands on the rest.
            raw_deltas = batch.screen(parsed.items, parsed.for_curator(), outcome.dropped)
            unusable = getattr(batch.screen, "unusable", None)
            if unusable:  # every item dropped for a defect of the answer: not a judgement, the signals wait
                return _failed(store, batch, outcome, f"nothing usable in the answer: {unusable}")
        elif parsed.error and not parsed.deltas:
            return _failed(store, batch, outcome, f"nothing usable in the answer: {parsed.error}")
        else:
            # The curator sees the malformed ones too, so history records every proposed delta and its fate.
            raw_deltas = parsed.for_curator()
            sourced = _say_the_feedback(raw_deltas, batch)
    if not raw_deltas and not batch.vet_extra:
        return _no_change(store, batch, outcome, builtin)
    from altimate_learn.curate.curator import curate
    from altimate_learn.instructions.files import discover

    contract = discover(store.project.root)
    vetted = None
    if resolution.chat is not None:
        from altimate_learn.gates.vet import vet_proposals

        evidence = f"FEEDBACK ({batch.kind}):\n{batch.feedback}\n\nSESSION DIGEST:\n{digest}"
        batch.vet_offset = len(raw_deltas)
        vetted, proposed = vet_proposals(store, raw_deltas + batch.vet_extra, lessons, evidence, contract,
                                         resolution.chat, timeout=_remaining(options))
        batch.vetted = vetted
        if vetted is not None and vetted.usage is not None:
            outcome.usage.add(vetted.usage)
        if vetted is not None and vetted.failed and proposed:
            # A model's rules are only as safe as their vet: none is applied, the signals stay open.
            return _failed(store, batch, outcome, str(vetted.error), provider_failure=True)
    if not raw_deltas:
        return _no_change(store, batch, outcome, builtin)

    values = options.settings.values if options.settings is not None else {}
    with store.lock():
        if batch.signals and len(_still_open(store, batch)) != len(batch.signals):
            outcome.status = "busy"
            outcome.error = "some signals were consumed by another reflection meanwhile; run reflect again"
            outcome.kept = [s["id"] for s in _still_open(store, batch)]
            return outcome
        curated = curate(store, raw_deltas, session_id=batch.session_id, feedback_ids=feedback_ids,
                         model=resolution.model, usage=outcome.usage.to_dict(), apply_paths=options.apply_paths,
                         max_stored=values.get("max_stored"), max_in_force=values.get("max_in_force"),
                         op="reflect", channel=channel_of(batch),
                         vet=vetted, contract=contract, feedback=batch.feedback, feedback_kind=batch.kind,
                         # the learner's screen replaced every delta's provenance with the words it cites
                         trusted_provenance=bool(getattr(batch.screen, "vouches", False)) or sourced)
        outcome.quarantined = [{"id": q["id"], "text": q["text"], "reason": q["reason"]} for q in curated.quarantined]
        outcome.applied, outcome.rejected = curated.applied, curated.rejected
        outcome.flagged, outcome.summary = curated.flagged, curated.summary
        if curated.changed or stages_a_change(store):
            outcome.candidate = _relative(store, store.path(Store.CANDIDATE))
        if builtin is not None:
            used = _used_signals(builtin, curated.rejected)
        else:
            used = _not_carried(batch, curated.rejected)
            if used is None and batch.screen is None:
                used = _not_cut(batch, raw_deltas, curated.rejected)
        if not curated.applied:
            outcome.status = "nothing-usable"
            outcome.error = f"all {len(curated.rejected)} proposed changes were rejected"
            outcome.kept = batch.signal_ids
            if builtin is not None:
                _leave_open(store, batch, builtin, set(), curated.rejected, outcome)
        else:
            outcome.status = "applied"
            outcome.consumed = _consume(store, batch, curated.history, only=used)
            if builtin is not None:
                _leave_open(store, batch, builtin, set(outcome.consumed), curated.rejected, outcome)
            elif used is not None:
                outcome.kept = [i for i in batch.signal_ids if i not in used]
    if outcome.status == "nothing-usable":
        schedule.record_outcome(store, ok=False, summary=outcome.summary, model=resolution.model,
                                usage=outcome.usage.to_dict(), session=batch.session_id,
                                signals=len(batch.signals), error=outcome.error)
        return outcome
    if resolution.chat is not None and curated.replacements_needed:
        _replacement_step(store, batch, options, resolution, outcome, curated.replacements_needed)
    schedule.record_outcome(store, ok=True, summary=outcome.summary, model=resolution.model,
                            usage=outcome.usage.to_dict(), session=batch.session_id, signals=len(outcome.consumed))
    return outcome


WAITS = "already found unusable by the built-in reflector; waits for a model or a person"


def _given_in_session(store: Store, batch: Batch, items: list[Any]) -> None:
    """Each item's ``shown``: the lessons learn gave the agent in the session its signal came from (`shown.jsonl`),
    which the built-in reflector's vote against a lesson said to no longer hold (review39 R39-20), or for a lesson the
    person holds the agent to (review40 R40-5), and its reading of a complaint that the agent broke a lesson it was given
    (review41 R41-5), need. Read only when an item says so ("that axios rule is outdated, …", "the team rules literally
    say use the logger", "print again??"): most reflections never open the file."""
    from altimate_learn.capture.cues import CUES
    from altimate_learn.reflect.providers.builtin import AGAIN, NO_LONGER_HOLDS, RULES_SAY

    cues = [pattern for pattern, label in CUES if label == NO_LONGER_HOLDS] + [RULES_SAY]
    session_of = {s.get("id"): s.get("sessionID") for s in batch.signals or () if isinstance(s, dict)}
    # ... and a short complaint that the agent did it again ("print again??"), which may name what a given lesson rules
    # out (review41 R41-5; review42 R42-9: without the session's lessons the built-in reflector could not tell)
    wanted = {session_of.get(item.signal_id) for item in items
              if item.kind == "user_correction" and (any(cue.search(item.text) for cue in cues)
                                                      or len(item.text) <= 120 and AGAIN.search(item.text))} - {None}
    if not wanted:
        return
    given: dict[str, dict[str, None]] = {}
    try:
        records = store.records(store.SHOWN)
    except (LearnError, OSError, ValueError):
        return
    from altimate_learn.deliver.state import parent_session

    for record in records:
        # a lesson one of the session's sub-agents was given is the session's too (R50-7: its own delivery state)
        session = parent_session(record["session"]) if isinstance(record.get("session"), str) else None
        if session in wanted and isinstance(record.get("id"), str):
            given.setdefault(session, {})[record["id"]] = None
    for item in items:
        found = given.get(session_of.get(item.signal_id) or "")
        if found:
            item.shown = tuple(found)


def _memory_echoes(store: Store, batch: Batch, items: list[Any], lessons: list[dict[str, Any]]) -> None:
    """Each item's ``echoes``: the lessons staged from an agent memory written during the turn of the item's message (after
    the session's capture before it, at the latest when the turn's own capture ran), which is the agent's note of that
    very message: the person said the rule once, and the typed message is no vote for the lesson the note became
    (review39 R39-5: "please remember: …" and Codex's ad-hoc note of it gave "helpful 1" on a brand-new candidate). The
    memory import's own echo rule is the other way round (a memory of a lesson learn gave the agent is not counted).
    A learner's exchange carries its own turn (``at`` to ``until``: typed, and the person's next message), also when it
    has no signal: a session's first message never is one, and "please remember: …" is often that message."""
    from altimate_learn.history.memory_import import read_state

    live = {lesson.get("id") for lesson in lessons}
    written = [(lesson, at) for lesson, at in ((entry.get("lesson"), _instant(entry.get("modified")))
                                               for entry in read_state(store)["memories"].values())
               if lesson in live and at is not None]
    mine = {s.get("id"): s for s in batch.signals or () if isinstance(s, dict)}
    if not written or not any(item.signal_id in mine or _instant(item.at) is not None for item in items):
        return
    captured: dict[str, list[float]] = {}
    if any(item.signal_id in mine for item in items):
        from altimate_learn.capture.signals import list_signals

        for signal in list_signals(store, include_consumed=True):
            at = _instant(signal.get("at"))
            if at is not None and isinstance(signal.get("sessionID"), str):
                captured.setdefault(signal["sessionID"], []).append(at)
    for item in items:
        typed = _instant(item.at)
        if typed is not None:
            # the learner's exchange (review40's re-probe of R39-5: a first message "please remember: …" has no
            # signal): the turn runs from the typing of the message to the person's next message in that session
            until = _instant(item.until)
            item.echoes = tuple(lesson for lesson, when in written
                                if typed - 1 < when and (until is None or when <= until))
            continue
        signal = mine.get(item.signal_id)
        at = _instant(signal.get("at")) if signal else None
        if at is None:
            continue
        before = [t for t in captured.get(signal.get("sessionID") or "", []) if t < at]
        if not before:
            continue  # the turn's start is not known: counted as before
        # a memory's time is kept to the second: one second of slack on the earlier bound
        item.echoes = tuple(lesson for lesson, when in written if max(before) - 1 < when <= at)


def _instant(value: Any) -> float | None:
    """An ISO time ("2026-12-06T15:17:43.567Z") as epoch seconds (read as UTC without a zone, as every reader of times
    in learn does: `history.common.parse_time`), or None."""
    from altimate_learn.history.common import parse_time

    moment = parse_time(value)
    return moment.timestamp() if moment is not None else None


def _used_signals(builtin: BuiltinResult, rejected: list[dict[str, Any]]) -> set[str]:
    """Signals a lesson or a HELPFUL came from: the source of every built-in delta the curator did not reject."""
    from altimate_learn.curate.curator import MAX_DELTAS

    refused = {r["index"] for r in rejected if isinstance(r.get("index"), int)}
    return {who for index, who in enumerate(builtin.sources) if index < MAX_DELTAS and index not in refused}


def _not_carried(batch: Batch, rejected: list[dict[str, Any]]) -> set[str] | None:
    """A model's batch: the signals to consume, all but those an item cut at the curator's per-reflection cap cited
    (they stay open for the next reflection, which the learner holds their exchanges back for); None for all."""
    carried = getattr(batch.screen, "carried", None)
    refs = carried(rejected) if callable(carried) else set()
    if not refs:
        return None
    keep = {s["id"] for s in batch.signals
            if s["id"] in refs or f"{s.get('sessionID')}:{s.get('messageID')}" in refs}
    return {i for i in batch.signal_ids if i not in keep} if keep else None


# words a model's reason uses about the feedback itself, not about its subject: no evidence of which signal it means
_REASON_WORDS = ("the user person team said says asked asks wants wanted feedback corrected correction corrects before "
                 "after always never use using should must instead again")


def _not_cut(batch: Batch, deltas: list[dict[str, Any]], rejected: list[dict[str, Any]]) -> set[str] | None:
    """A plain model batch (``learn reflect`` with a model): the signals to consume when the curator cut some of its
    rules at the per-reflection cap; None (all) when it cut none. The model's deltas cite no signal, so only a signal
    an applied rule plainly came from is consumed: its best match by content words, with two or more words shared
    (words about the feedback itself, "the user asked", do not count), and not also the plain source of a cut rule.
    Every other signal stays open for the next reflection: keeping one too many open costs a look, consuming a cut
    rule's source loses it (issue 20; review28 R28-5)."""
    cut = {r["index"] for r in rejected if r.get("rule") == "limit" and isinstance(r.get("index"), int)}
    cut &= set(range(len(deltas)))
    if not cut or not batch.signals:
        return None
    from altimate_learn.gates.offline import content_words

    generic = content_words(_REASON_WORDS)
    signal_words = [(s["id"], content_words(str(s.get("text", ""))) - generic) for s in batch.signals]
    refused = {r["index"] for r in rejected if isinstance(r.get("index"), int)}

    def plain_source(delta: Any) -> str | None:
        if not isinstance(delta, dict):
            return None
        words = content_words(f"{delta.get('text') or ''} {delta.get('reason') or ''}") - generic
        shared = sorted(((len(words & w), sid) for sid, w in signal_words), reverse=True)
        if not shared or shared[0][0] < 2 or (len(shared) > 1 and shared[1][0] == shared[0][0]):
            return None  # too weak or a tie: no signal is plainly its source
        return shared[0][1]

    applied = {plain_source(d) for i, d in enumerate(deltas) if i not in refused} - {None}
    cut_sources = {plain_source(deltas[i]) for i in cut} - {None}
    return {i for i in batch.signal_ids if i in applied and i not in cut_sources}


def _leave_open(store: Store, batch: Batch, builtin: BuiltinResult, consumed: set[str],
                rejected: list[dict[str, Any]], outcome: Outcome) -> None:
    """Keep the signals the built-in reflector learned nothing from open; note why, unless a later reflection
    can still use them (past the per-reflection cap). Call with the store lock held."""
    from altimate_learn.capture import unlearned

    why = {who: reason for who, reason in builtin.skipped}
    refused = {r["index"]: r.get("reason", "rejected") for r in rejected if isinstance(r.get("index"), int)}
    for index, who in enumerate(builtin.sources):
        if index in refused:
            why[who] = f"the curator rejected the lesson it gave: {refused[index]}"
    kept = [i for i in batch.signal_ids if i not in consumed]
    outcome.kept = kept
    waiting = {i: why[i] for i in kept if i in why and i not in builtin.waiting}
    unlearned.record(store, waiting)
    unlearned.forget(store, consumed)
    outcome.waiting = sorted(waiting)


CHANNELS = {"user_correction": "correction", "review": "review", "tool_retry": "tool_retry", "ci": "ci"}


def _say_the_feedback(deltas: list[Any], batch: Batch) -> bool:
    """A model's lesson for review carries the words of the feedback it was learned from (the piece that shares the
    most of its words), so `learn show` and the promote diff show the reviewer what it rests on, and a lesson that
    shares no content word with any of it is marked, as the continual learner's are (review36 R36-11: a model's "Use
    `uv` instead of `pip` …" from a JavaScript session with no uv or pip in it was staged bare). The model's own
    provenance is never kept. True when the deltas were given one (the curator may keep it)."""
    from altimate_learn.gates.offline import grounding_words as words
    from altimate_learn.textclip import quoted

    said = [(item, words(item.text)) for item in batch.items if isinstance(item.text, str) and item.text.strip()]
    if not said:
        return False
    for delta in deltas:
        if not isinstance(delta, dict):
            continue
        delta.pop("provenance", None)
        text = delta.get("text")
        if not isinstance(text, str) or str(delta.get("op", "")).upper() not in ("ADD", "EDIT"):
            continue
        mine = words(text)
        item, shared = max(((item, len(mine & words)) for item, words in said), key=lambda pair: pair[1])
        where = f"signal {item.signal_id}" if item.signal_id else "the feedback"
        note = f"learned from {where}: {quoted(item.text)}"
        if not shared:
            note += "; none of its words are in the feedback it was learned from: check it against the session"
        delta["provenance"] = note
    return True


def channel_of(batch: Batch) -> str:
    """How a batch's lessons were learned, for the stamps and `learn doctor`: ``learner`` for the continual
    learner's batches, else the first signal kind present, in the order correction, review, tool_retry, ci;
    feedback given on the command line by its kind."""
    if (batch.feedback_id or "").startswith("learner:"):
        return "learner"
    kinds = {s["kind"] for s in batch.signals}
    for kind in ("user_correction", "review", "tool_retry", "ci"):
        if kind in kinds:
            return CHANNELS[kind]
    return {"user": "feedback", "review": "review", "ci": "ci", "verifier": "verifier"}.get(batch.kind, "feedback")


def _consume(store: Store, batch: Batch, history: dict[str, Any] | None,
             only: set[str] | None = None) -> list[str]:
    """Mark the batch's signals consumed (``only`` those, when given); returns the ids consumed."""
    from altimate_learn.capture.signals import consume_signals

    ids = [i for i in batch.signal_ids if only is None or i in only]
    if not ids:
        return []
    stamp = history.get("at") if isinstance(history, dict) else None
    consume_signals(store, ids, f"reflect@{stamp or 'unknown'}")
    return ids


def _no_change(store: Store, batch: Batch, outcome: Outcome, builtin: BuiltinResult | None = None) -> Outcome:
    """The reflector proposed nothing: a successful reflection (prefer no change). A model's no-change uses its
    signals up; the built-in reflector's leaves them open for a model or a person (it never guesses)."""
    from altimate_learn.reflect import schedule

    outcome.status = "no-change"
    outcome.summary = "no change"
    with store.lock():
        entry = store.record_history("reflect", session=batch.session_id, model=outcome.model,
                                     feedback=batch.signal_ids or ([batch.feedback_id] if batch.feedback_id else None),
                                     usage=outcome.usage.to_dict(), applied=[], rejected=[], summary="no change",
                                     dropped=outcome.dropped or None)
        if builtin is None:
            outcome.consumed = _consume(store, batch, entry)
        else:
            _leave_open(store, batch, builtin, set(), [], outcome)
    schedule.record_outcome(store, ok=True, summary="no change", model=outcome.model, usage=outcome.usage.to_dict(),
                            session=batch.session_id, signals=len(outcome.consumed))
    return outcome


def _failed(store: Store, batch: Batch, outcome: Outcome, error: str, *, provider_failure: bool = False,
            retry_after: float | None = None) -> Outcome:
    from altimate_learn.reflect import schedule

    outcome.status = "failed" if provider_failure else "nothing-usable"
    outcome.error = error
    outcome.summary = "failed" if provider_failure else "nothing usable"
    outcome.kept = batch.signal_ids
    store.record_history("reflect", session=batch.session_id, model=outcome.model,
                         feedback=batch.signal_ids or ([batch.feedback_id] if batch.feedback_id else None),
                         usage=outcome.usage.to_dict() if outcome.usage.calls else None, applied=[], rejected=[],
                         dropped=outcome.dropped[:50] or None, error=error, summary=outcome.summary)
    schedule.record_outcome(store, ok=False, summary="signals kept open" if batch.signals else "nothing applied",
                            model=outcome.model, usage=outcome.usage.to_dict(), session=batch.session_id,
                            signals=len(batch.signals), error=error, provider_failure=provider_failure,
                            retry_after=retry_after)
    return outcome


def _replacement_step(store: Store, batch: Batch, options: Options, resolution: Resolution, outcome: Outcome,
                      needed: list[dict[str, Any]]) -> None:
    """Narrow model calls for lessons removed as wrong, made outside the store lock; the curator applies them."""
    from altimate_learn.curate.anchors import overlaps
    from altimate_learn.curate.curator import MAX_REPLACEMENTS, curate

    assert resolution.chat is not None
    lessons = current_lessons(store)
    answers: dict[str, str | None | Exception] = {}
    usage = Usage()
    for record in needed[:MAX_REPLACEMENTS]:
        timeout = _remaining(options)
        if timeout < 1:
            break
        if options.max_tokens_total is not None and (outcome.usage.input_tokens + outcome.usage.output_tokens +
                                                     usage.input_tokens + usage.output_tokens
                                                     + REPLACE_TOKENS * 8) > options.max_tokens_total:
            break
        survivors = [lesson for lesson in lessons if overlaps(lesson.get("text", ""), record.get("text", ""))]
        system, user = build_replace_prompt(record, "; ".join(record.get("reasons") or []) or "removed as wrong",
                                            survivors, batch.feedback)
        try:
            completion = resolution.chat.complete(system, user, timeout=timeout, max_tokens=REPLACE_TOKENS)
        except ProviderError as exc:
            answers[record["id"]] = exc
            continue
        usage.add(completion.usage)
        value = find_json(completion.text)
        text = value.get("text") if isinstance(value, dict) else None
        if isinstance(value, dict) and "text" in value and (text is None or isinstance(text, str)):
            answers[record["id"]] = text
        else:
            answers[record["id"]] = ValueError("the replacement answer is not {\"text\": ...}")
    if not answers:
        return

    from altimate_learn.curate.curator import NotAttempted

    def lookup(record: dict[str, Any], reason: str) -> str | None:
        answer = answers.get(record["id"], NotAttempted("not attempted in this reflection"))
        if isinstance(answer, Exception):
            raise answer
        return answer

    values = options.settings.values if options.settings is not None else {}
    result = curate(store, [], session_id=batch.session_id, feedback_ids=batch.signal_ids, model=resolution.model,
                    usage=usage.to_dict(), replace=lookup, max_stored=values.get("max_stored"), op="replacement")
    outcome.replacements = len(answers)
    outcome.usage.add(usage)
    outcome.applied += result.applied
    outcome.rejected += result.rejected
    outcome.flagged = result.flagged
    if result.summary and result.summary != "no change":
        outcome.summary = f"{outcome.summary}; replacement: {result.summary}"


# --- the automatic run's log ----------------------------------------------------------------------------

def log_auto(store: Store, entry: dict[str, Any]) -> None:
    """Append one line to `<store>/state/reflect.log` (hooks print nothing; this is where they say why)."""
    from altimate_learn.redact import redact
    from altimate_learn.store.fsio import utc_now

    try:
        folder = store.local_dir / "state"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_FILE
        if path.exists() and path.stat().st_size > LOG_CAP:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            path.write_text("\n".join(lines[len(lines) // 2:]) + "\n", encoding="utf-8")
        line = json.dumps({"at": utc_now(), **entry}, sort_keys=True, ensure_ascii=False)
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(redact(line) + "\n")
    except OSError:
        pass


# --- runs ------------------------------------------------------------------------------------------------

@dataclass
class Run:
    outcomes: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def usage(self) -> Usage:
        total = Usage()
        for outcome in self.outcomes:
            total.add(outcome.usage)
        return total

    def to_json(self) -> dict[str, Any]:
        candidates = [o.candidate for o in self.outcomes if o.candidate]
        return {"reflections": [o.to_json() for o in self.outcomes], "usage": self.usage.to_dict(),
                "candidate": candidates[-1] if candidates else None, "notes": self.notes, "next": NEXT_STEP}


def reflect_pending(store: Store, options: Options, *, index: SessionIndex, max_reflections: int | None = None,
                    auto: bool = False, now: datetime | None = None,
                    on_outcome: Callable[[Outcome], None] | None = None) -> Run:
    """Reflect on every session with open signals (oldest first), within the limits given."""
    from altimate_learn.capture.signals import list_signals, pending_sessions
    from altimate_learn.reflect import schedule

    run = Run()
    state = schedule.read_schedule(store)
    # A model whose provider failed is not asked again in this run; sessions that resolve to another model
    # (each session's own model, by default) still go ahead.
    failed: dict[str, int] = {}
    for session_id in pending_sessions(list_signals(store)):
        # A batch another process is already reflecting on costs this run nothing: it does not use up the limit.
        if max_reflections is not None and sum(o.status != "busy" for o in run.outcomes) >= max_reflections:
            run.notes.append("reflection limit reached; the remaining sessions wait for the next run")
            break
        if options.deadline is not None and options.deadline - time.monotonic() < 1:
            run.notes.append("time budget used up; the remaining sessions wait for the next run")
            break
        if auto:
            until = schedule.backoff_until(state, session_id, now)
            if until is not None:
                run.notes.append(f"session {session_id}: backing off until {schedule.iso(until)}")
                continue
        try:
            batch = session_batch(store, session_id, index, auto=auto)
        except LearnError as exc:
            run.notes.append(f"session {session_id}: {exc}")
            continue
        if batch is None:
            continue
        resolution = resolve_for(batch, options)
        if resolution.model in failed:
            failed[resolution.model] += 1
            continue
        outcome = reflect_batch(store, batch, options, resolution)
        run.outcomes.append(outcome)
        if on_outcome:
            on_outcome(outcome)
        if outcome.status == "limited":
            run.notes.append("daily limit of automatic model runs reached; the remaining sessions wait for tomorrow "
                             "or a manual `learn reflect`")
            break
        if outcome.status == "failed":  # its provider failed: the other sessions on that model would fail too
            failed.setdefault(resolution.model, 0)
        state = schedule.read_schedule(store)
    for model, rest in failed.items():
        if rest:
            run.notes.append(f"{rest} more session{'s' if rest != 1 else ''} using {model} not tried after it failed; "
                             f"{'they wait' if rest != 1 else 'it waits'} for the next run")
    return run

