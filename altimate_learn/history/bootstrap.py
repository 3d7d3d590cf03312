"""`learn bootstrap`: this project's past agent sessions → the signals live capture would have recorded →
reflect → candidate lessons.

Which sessions: every harness reader's sessions of this project (:func:`discover_sessions`), root sessions
only (a sub-agent's "user" is its parent agent), created within `--since`, newest first, up to `--limit`,
leaving out sessions already imported unless their transcript grew since. Which signals: exactly those of
live capture (:func:`signals_from_session`: the correction classifier and repeated tool failures), tagged
`source: "bootstrap"`; a signal live capture already recorded is not added again (same dedupe key).

Nothing is written and nothing is sent until the person has seen the scope and agreed (`--yes` outside a
terminal). Then, within `--max-seconds`: each session's signals are appended and the session is recorded
in `bootstrap.json` (so a rerun does not read it again), and the open bootstrap signals are reflected on,
oldest session first (older corrections first, later ones refine them), one batch per session and up to
`--max-reflections` batches. Signals left open (budget, time, a failed call) stay in `pendingSessions`;
a rerun reflects on them first and then continues with older sessions.
"""

from __future__ import annotations

from altimate_learn.english import plural

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import SessionInfo
from altimate_learn.capture.signals import NewSignal, Recorded, append_signals, clip, dedupe_key
from altimate_learn.errors import LearnError
from altimate_learn.history import state as resume
from altimate_learn.history.common import iso, parse_since, parse_time
from altimate_learn.history.progress import Progress
from altimate_learn.history.reflecting import plan_reflections, reflect_signals, resolve
from altimate_learn.store import Store
from altimate_learn.store.fsio import utc_now

SOURCE = "bootstrap"


@dataclass
class BootstrapOptions:
    since: str = "30d"
    limit: int = 200
    model: str | None = None
    yes: bool = False
    dry_run: bool = False
    max_reflections: int = 20
    max_seconds: int = 300


@dataclass
class SessionPlan:
    info: SessionInfo
    signals: list[NewSignal]  # found in the transcript and not recorded yet
    found: int  # every signal the transcript gave (recorded or not)
    recorded: list[str] = field(default_factory=list)  # dedupe keys of those already recorded


@dataclass
class BootstrapResult:
    sessions: int = 0
    skipped_imported: int = 0
    unreadable: int = 0
    first: str | None = None
    last: str | None = None
    signals_found: int = 0
    signals_new: int = 0
    signals_added: int = 0
    pending: int = 0
    reflections: int = 0
    lessons_proposed: int = 0
    remaining: int = 0
    model: str = ""
    estimated_input_tokens: int = 0
    usage: dict[str, Any] = field(default_factory=dict)
    dry_run: bool = False
    cancelled: bool = False
    stopped: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def created(info: SessionInfo) -> datetime | None:
    return parse_time(info.started) or parse_time(info.updated)


def select_sessions(found: list[SessionInfo], since: datetime, limit: int,
                    imported: dict[str, Any]) -> tuple[list[SessionInfo], int]:
    """Root sessions created within ``since``, newest first, not imported yet (or grown since), up to ``limit``.

    Returns them and how many in-window sessions were skipped as already imported.
    """
    eligible = []
    for info in found:
        when = created(info)
        if info.parent_id is None and when is not None and when >= since:
            eligible.append((when, info))
    eligible.sort(key=lambda pair: (pair[0], pair[1].id), reverse=True)
    fresh: list[SessionInfo] = []
    skipped = 0
    for _when, info in eligible:
        seen = imported.get(info.id)
        if isinstance(seen, dict) and seen.get("updated") == info.updated and seen.get("harness", info.harness) == info.harness:
            skipped += 1
            continue
        fresh.append(info)
    return fresh[:limit], skipped


def extract(info: SessionInfo, known: Recorded) -> SessionPlan:
    """The session's signals as live capture finds them; those already recorded are left out.

    Their text is redacted here with the session's own secrets (:func:`altimate_learn.redact.remembering`, as
    live capture and `learn capture` do): a password the session gave earlier ("my db password is⏎ X") that a
    correction repeats bare ("don't hardcode X") is redacted in the signal, its preview and its dedupe key."""
    from altimate_learn.capture.capture import signals_from_session
    from altimate_learn.capture.sessions import read_session, session_to_open
    from altimate_learn.harness.capture_worker import learn_transcript_secrets
    from altimate_learn.redact import redact, remembering

    reader = read_session(Path(info.path), harness=info.harness,
                          session_id=session_to_open(info))
    found, _stats = signals_from_session(reader)
    if found:  # the transcript is read for its secrets only when the session gave signals (most give none)
        with remembering() as memory:  # unreadable: redacted without them
            learn_transcript_secrets(info.path, memory, lambda _message: None, harness=info.harness,
                                     session_id=session_to_open(info))
            for signal in found:
                signal.text = redact(signal.text)
                signal.reason = redact(signal.reason)
    fresh: list[NewSignal] = []
    recorded: list[str] = []
    for signal in found:
        signal.source = SOURCE
        # the very test the write makes (signals.append_signals), twins captured live without an id included
        key = known.match({"kind": signal.kind, "sessionID": signal.session_id, "messageID": signal.message_id,
                           "partID": signal.part_id, "text": clip(signal.text).strip(),
                           "reason": clip(signal.reason), "at": utc_now()}, signal.said_at)
        if key is not None:
            recorded.append(key)
            continue
        fresh.append(signal)
    return SessionPlan(info, fresh, len(found), recorded)


def _still_open(plans: list[SessionPlan], existing: list[dict[str, Any]]) -> int:
    """How many of the signals these sessions gave were recorded before (by live capture, `learn capture`)
    and are still open: this bootstrap reflects only its own, so a person must hear where those went."""
    keys = {key for plan in plans for key in plan.recorded}
    return sum(1 for s in existing if s.get("source") != SOURCE and s.get("status") == "open" and dedupe_key(s) in keys)


def _open_line(count: int) -> str:
    verb = "is" if count == 1 else "are"
    return (f"{plural(count, 'signal')} these sessions gave {verb} already recorded and still open (captured "
            "before this bootstrap): `learn reflect --pending` turns them into candidate lessons.")


def _one_line(text: str, width: int = 110) -> str:
    flat = " ".join(clip(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def run(options: BootstrapOptions, *, store: Store, settings: Any, out: Callable[[str], None], interactive: bool,
        confirm: Callable[[str], bool]) -> BootstrapResult:
    from altimate_learn.capture.sessions import discover_sessions

    since = parse_since(options.since)
    model = resolve(options.model, settings, max_reflections=options.max_reflections, dry_run=options.dry_run)
    root = store.project.root
    saved = resume.read(store, Store.BOOTSTRAP)
    found = discover_sessions(root, since=since)  # prunes sessions idle since before --since: not created after it
    by_id = {s.id: s for s in found}
    selected, skipped = select_sessions(found, since, options.limit, saved["sessions"])

    existing, _ = store.signals()
    known = Recorded(existing)
    pending = [s for s in existing if s.get("source") == SOURCE and s["status"] == "open"]
    result = BootstrapResult(skipped_imported=skipped, pending=len(pending), dry_run=options.dry_run)

    plans: list[SessionPlan] = []
    with Progress("Reading sessions", len(selected)) as bar:
        for info in selected:
            bar.advance(f"{info.harness} {info.id[:8]}")
            try:
                plans.append(extract(info, known))
            except (LearnError, OSError, ValueError):
                result.unreadable += 1  # one unreadable transcript never stops the import
    result.sessions = len(plans)
    dates = [d for d in (created(p.info) for p in plans) if d]
    if dates:
        result.first, result.last = iso(min(dates)), iso(max(dates))
    new = [s for p in plans for s in p.signals]
    result.signals_found = sum(p.found for p in plans)
    result.signals_new = len(new)

    # --- scope --------------------------------------------------------------------------------------
    harnesses = sorted({p.info.harness for p in plans})
    out(f"Bootstrap scope: {plural(len(plans), 'root session')} of {root}"
        + (f" ({', '.join(harnesses)})" if harnesses else "") + f", created since {iso(since)} (--since {options.since})"
        + (f"; {skipped} already imported" if skipped else "")
        + (f"; {result.unreadable} unreadable" if result.unreadable else "") + ".")
    out(f"Date range: {result.first} to {result.last}." if dates else "Date range: no matching sessions.")
    corrections = sum(1 for s in new if s.kind == "user_correction")
    failures = plural(len(new) - corrections, "repeated tool failure")
    recorded_open = _still_open(plans, existing)
    out(f"Signals found: {result.signals_found} ({plural(corrections, 'correction')}, {failures} new; "
        f"{result.signals_found - len(new)} already recorded"
        + (f", {recorded_open} of them still open" if recorded_open else "") + ")"
        + (f"; {len(pending)} open from an earlier bootstrap" if pending else "") + ".")
    for plan in plans:
        for signal in plan.signals:
            text = clip(signal.text).strip() if options.dry_run else _one_line(signal.text)
            out(f"- [{plan.info.harness} {plan.info.id[:12]}] [{signal.kind}] {text}")
    preview = [{"kind": s.kind, "text": clip(s.text).strip(), "sessionID": s.session_id} for s in new]
    plan = plan_reflections(store, model, pending + preview, options.max_reflections, per_session=True,
                            sessions=by_id)
    result.model = plan.model_label
    result.estimated_input_tokens = plan.estimated_tokens
    out(plan.describe_model())
    out(plan.describe_estimate())
    out(f"Limits: --limit {options.limit} sessions, --max-reflections {options.max_reflections}, "
        f"--max-seconds {options.max_seconds} after confirmation.")
    if options.dry_run:
        out("Dry run: nothing was sent to a model and no state changed.")
        return result
    if not new and not pending:
        out("Nothing to import: no new corrections or repeated tool failures in these sessions."
            + (" Try a longer --since." if not plans else ""))
        if recorded_open:
            out(_open_line(recorded_open))
        return result  # nothing to confirm, send or record (a script without --yes is not refused for it)
    to_send = bool(new or pending) and options.max_reflections > 0
    if not options.yes and (new or to_send):
        if not interactive:
            raise LearnError("refusing to bootstrap without confirmation outside a terminal.",
                             "Pass --yes to confirm the scope above, or --dry-run to preview it.")
        if new or to_send:
            question = (f"Import {plural(len(new), 'signal')} and send redacted session excerpts to {plan.model_label} to "
                        "propose candidate lessons?" if to_send else f"Import {plural(len(new), 'signal')} (no model call)?")
            if not confirm(question):
                result.cancelled = True
                out("Cancelled. Nothing was sent or changed.")
                return result

    # --- apply (the time budget starts now) -------------------------------------------------------------
    deadline = time.monotonic() + options.max_seconds
    added_ids: list[str] = []
    for session_plan in plans:
        if time.monotonic() >= deadline:
            result.stopped = "time"
            break
        added = append_signals(store, session_plan.signals)
        added_ids += [s["id"] for s in added]
        info = session_plan.info

        def record(state: dict[str, Any], info: SessionInfo = info, found: list[NewSignal] = session_plan.signals) -> None:
            seen = state["sessions"].get(info.id) or {"messageIDs": [], "partIDs": []}
            seen["messageIDs"] = sorted({*seen.get("messageIDs", []),
                                         *(s.message_id for s in found if s.kind == "user_correction" and s.message_id)})
            seen["partIDs"] = sorted({*seen.get("partIDs", []), *(s.part_id for s in found if s.part_id)})
            seen["updated"] = info.updated
            seen["harness"] = info.harness
            state["sessions"][info.id] = seen
            if found and info.id not in state["pendingSessions"]:
                state["pendingSessions"].append(info.id)

        resume.update(store, Store.BOOTSTRAP, record)
    result.signals_added = len(added_ids)

    # Pending work of earlier runs first, then this run's sessions; oldest session first within each.
    open_now = [s for s in store.signals()[0] if s.get("source") == SOURCE and s["status"] == "open"]
    earlier = {s["sessionID"] for s in pending}

    def age(signal: dict[str, Any]) -> tuple[int, float, str]:
        info = by_id.get(signal["sessionID"])
        when = created(info) if info else None
        return (signal["sessionID"] not in earlier, when.timestamp() if when else 0.0, signal["sessionID"])

    open_now.sort(key=age)
    outcome = reflect_signals(store, model, [s["id"] for s in open_now], options.max_reflections, out=out,
                              label="session signals", per_session=True, sessions=by_id, deadline=deadline,
                              source=SOURCE, settings=settings)
    still_open = {s["sessionID"] for s in store.signals()[0] if s.get("source") == SOURCE and s["status"] == "open"}
    resume.update(store, Store.BOOTSTRAP,
                  lambda state: state.__setitem__("pendingSessions", [i for i in state["pendingSessions"] if i in still_open]
                                                  + sorted(still_open - set(state["pendingSessions"]))))
    result.reflections = outcome.reflections
    result.lessons_proposed = outcome.lessons_proposed
    result.remaining = outcome.remaining
    result.usage = outcome.usage_dict()
    result.stopped = result.stopped or outcome.stopped
    store.record_history(SOURCE, sessions=result.sessions, signalsFound=result.signals_found,
                         signalsAdded=result.signals_added, reflections=outcome.reflections,
                         lessonsProposed=outcome.lessons_proposed, usage=outcome.usage_dict(), model=plan.model_label)
    out(f"Summary: {plural(result.sessions, 'session')}, {plural(result.signals_found, 'signal')} found, {result.signals_added} added; "
        f"{plural(outcome.reflections, 'reflection')}; {outcome.describe_usage()}; "
        f"{plural(outcome.lessons_proposed, 'candidate lesson')} proposed.")
    if outcome.remaining or result.stopped:
        why = {"time": "the --max-seconds budget ran out", "reflections": "--max-reflections was reached",
               "failed": "a reflection failed"}.get(result.stopped or "", "")
        out(f"{plural(outcome.remaining, 'signal')} still open" + (f" ({why})" if why else "")
            + ": rerun `learn bootstrap` to finish them, then continue with older sessions.")
    if outcome.lessons_proposed:
        out("Next: `learn show` to read the candidates, then `learn promote`.")
    if recorded_open:
        out(_open_line(recorded_open))
    return result
