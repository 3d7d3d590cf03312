"""One learner run: digest → one model call → screen → curator (review) and/or blocks (direct targets).

1. Take the project's lease (:mod:`altimate_learn.learner.state`); a lease left by a crashed run is taken over
   and that run is recorded as crashed.
2. Automatic runs check their triggers (:mod:`altimate_learn.learner.triggers`) and the daily cap.
3. Read the sessions after their cursors (:mod:`altimate_learn.learner.sources`) and fit the digest.
4. Reflect through the reflection path itself (:func:`altimate_learn.reflect.reflect.reflect_batch`): the same
   model resolution, claim on the signals it covers, untrusted-data framing, answer parsing, curator and
   replacement step. The learner brings its prompt (the reflector's, extended for the digest) and a
   screen: every item must cite references from this digest (else it is dropped with its reason), and items
   for an instruction-file target are taken out for :mod:`altimate_learn.learner.targets`. Without a usable
   model the classifier picks the likely corrections and the built-in reflector turns them into items.
5. Only a usable answer moves anything forward: then the direct items are written, the cursors advance over
   exactly what the model was shown (not for a session whose item hit a file changed meanwhile), and the
   signals the digest covered are consumed (by the reflection path). A failed call, an unusable answer, the
   token limit or the time limit change nothing, and the run log says why. An answer whose every item was dropped
   for a defect of the answer (malformed, uncited, a target not allowed) is unusable too, for at most
   UNUSABLE_TRIES answers in a row; then its exchanges are read and its signals stay open, listed as unlearned; the
   exchanges without a signal are kept in the run log (``let_go``), which `learn runs show` and `learn status` show.
   An answer that proposes nothing on purpose is usable (prefer no change).
6. The run log (`runs.jsonl`) gets one line; the digest, the prompts and the answer are kept compressed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.learner import fallback, sources, targets
from altimate_learn.learner.digest import DIGEST_BYTES, Digest, assemble, session_key
from altimate_learn.learner.model import ANSWER_KIND, Recorder, Screen, _signal_lines, build_prompt
from altimate_learn.learner.state import LearnerFiles, iso, new_run_id, parse_time, utcnow
from altimate_learn.store import DEFAULT_STORE, ProjectPaths, Store

FIRST_WINDOW = timedelta(days=7)
MAX_SECONDS = 20 * 60
MAX_TOKENS = 300_000
UNUSABLE_TRIES = 3  # answers in a row whose every item was dropped for a defect, before their exchanges are let go
SESSION_KEY = "learner"  # the reflection path's name for the learner's batches (backoff, history)


@dataclass
class RunRequest:
    store: str = DEFAULT_STORE
    model: str | None = None
    since: datetime | None = None
    force: bool = False  # --now: ignore the message count and the spacing
    auto: bool = False  # started by a hook: needs learning on, not paused, due, within the daily cap
    dry_run: bool = False
    idle_seconds: float = 0.0
    max_seconds: float = MAX_SECONDS
    max_tokens: int = MAX_TOKENS
    budget: int = DIGEST_BYTES


@dataclass
class RunReport:
    """What a call to :func:`run` did. ``status``: applied, no-change, nothing-usable, failed, busy, crashed
    (log only), not-due, nothing-new, paused, off, capped, idle-timeout, dry-run."""

    status: str
    message: str
    record: dict[str, Any] | None = None
    digest: Digest | None = None
    prompt: tuple[str, str] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ran(self) -> bool:
        return self.record is not None and self.record.get("status") not in ("busy",)


# --- the run -------------------------------------------------------------------------------------------

def _today_runs(files: LearnerFiles, now: datetime, *, trigger: str | None = None) -> int:
    day = now.date()
    count = 0
    for record in files.runs():
        at = parse_time(record.get("at"))
        if at is not None and at.date() == day and record.get("status") in ("applied", "no-change", "nothing-usable") \
                and (trigger is None or record.get("trigger") == trigger):
            count += 1
    return count


def _approved_count(store: Store, notes: list[str]) -> int:
    from altimate_learn.errors import StoreError

    try:
        return len(store.approved())
    except StoreError as exc:
        notes.append(str(exc))
        return 0


def _window(state: dict[str, Any], now: datetime, since: datetime | None) -> tuple[datetime, datetime]:
    floor = parse_time(state.get("floor")) or (now - FIRST_WINDOW)
    scan_from = parse_time(state.get("scan_from")) or floor
    if since is not None:
        floor, scan_from = min(floor, since), min(scan_from, since)
    return floor, scan_from


def _held_as_handled(store: Any) -> list[dict[str, Any]]:
    """The store's signals, those a person's reject gave back (held for a person's `learn reflect`) marked
    ``held`` in this copy: not open, so the learner neither reads them as feedback nor learns their exchange
    again (review13 R13-8: the rejected lesson came back at the next run)."""
    from altimate_learn.capture.signals import held_signals, valid_signals

    signals, _ = valid_signals(store)
    held = held_signals(store)
    return [{**s, "status": "held"} if s.get("id") in held and s.get("status") == "open" else s for s in signals]


def _split_signals(open_signals: list[dict[str, Any]], digest_reads: list[Any], shown: set[tuple[str, str]],
                   left_out_sessions: set[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(signals whose message this digest shows, signals to show as other feedback). Signals of sessions whose
    exchanges wait for a later run wait with them."""
    covered: list[dict[str, Any]] = []
    other: list[dict[str, Any]] = []
    # A signal with no message id (Gemini CLI's hook carries none) is known by its session and words: it is the
    # exchange's, not other feedback beside it (trial28 T28-2: the model was sent the same correction twice).
    words = {(e.session, _said(e.text)): e.message_id for r in digest_reads for e in r.exchanges
             if (e.session, e.message_id) in shown and e.text}
    for signal in open_signals:
        session, message = signal.get("sessionID"), signal.get("messageID")
        if not message and signal.get("text") and (session, _said(signal["text"])) in words:
            message = words[(session, _said(signal["text"]))]
            signal = {**signal, "messageID": message}  # this run's copy: consumed by id as any other
        if message and (session, message) in shown:
            covered.append(signal)
        elif session in left_out_sessions:
            continue
        else:
            other.append(signal)
    return covered, other


def _said(text: Any) -> str:
    """What a person typed, as a signal and an exchange both hold it (redacted; a signal is clipped)."""
    return " ".join(str(text or "").split())[:1000].lower()


def learner_ok(settings: Any) -> tuple[bool, str]:
    values = settings.values
    if not values["enabled"]:
        return False, f"learning is disabled (learn.enabled from {settings.sources['enabled']})"
    if not settings.auto_reflect_on:
        return False, "capture or automatic reflection is off (run `learn enable`)"
    if not values["continual_learning"]:
        return False, f"continual learning is off (learn.continual_learning from {settings.sources['continual_learning']})"
    return True, ""


def run(paths: ProjectPaths, settings: Any, request: RunRequest, *, env: Mapping[str, str] | None = None,
        clock: Callable[[], datetime] = utcnow, sleep: Callable[[float], None] = time.sleep) -> RunReport:
    """Run the learner once (see the module docstring). Raises LearnError only for bad explicit input."""
    files = LearnerFiles(paths)
    notes: list[str] = []
    allowed = list(settings.values["learning_targets"])
    if request.auto:
        ok, why = learner_ok(settings)
        if not ok:
            return RunReport("off", f"Not run: {why}.")
        if not allowed:
            return RunReport("off", "Not run: learn.learning_targets is empty.")
    state = files.read_state(notes)
    if state.get("paused"):
        if request.auto:
            return RunReport("paused", "Not run: learning is paused for this project (`learn resume`).")
        notes.append("learning is paused for this project; this run was started by hand")
    if not allowed:
        raise LearnError("learn.learning_targets is empty: the learner has nowhere to write.",
                         'Set it to ["review"] (the default) or a list of review, project, local, global.')
    store = Store(paths, request.store)
    started = clock()
    if request.auto:
        from altimate_learn.reflect import schedule

        until = schedule.backoff_until(schedule.read_schedule(store), SESSION_KEY, started)
        if until is not None:
            return RunReport("not-due", f"Not run: backing off after a failed run until {iso(until)}.")
        if request.idle_seconds > 0:
            from altimate_learn.learner.triggers import wait_for_idle

            if not wait_for_idle(paths.sessions_dir, request.idle_seconds, sleep=sleep):
                return RunReport("idle-timeout", "Not run: the project's sessions did not go idle.")
            started = clock()
    run_id = new_run_id(started)
    if request.dry_run:
        state["_dry_run"] = True  # never written: a dry run changes nothing
        return _run_leased(paths, settings, request, files, store, state, notes, run_id, started, allowed, env, clock)
    taken, holder = files.take_lease(run_id, started)
    if not taken:
        assert holder is not None
        message = (f"another learn process (pid {holder.get('pid')}, run {holder.get('run')}) is learning this "
                   "project; nothing was read")
        record = {"id": run_id, "at": iso(started), "ended": iso(clock()), "status": "busy", "error": message,
                  "trigger": "auto" if request.auto else "manual", "store": request.store}
        files.append_run(record)
        return RunReport("busy", f"Not run: {message}.", record)
    try:
        if holder is not None and holder.get("run") and not any(r["id"] == holder["run"] for r in files.runs()):
            files.append_run({"id": holder["run"], "at": holder.get("at"), "ended": iso(started), "status": "crashed",
                              "error": f"the run (pid {holder.get('pid')}) stopped before it finished; nothing it read "
                                       "was marked as read, and the next run reads it again"})
        return _run_leased(paths, settings, request, files, store, state, notes, run_id, started, allowed, env, clock)
    finally:
        files.release_lease(run_id)


_RUN_NOW = "`learn run --now` runs it anyway."


def _run_leased(paths: ProjectPaths, settings: Any, request: RunRequest, files: LearnerFiles, store: Store,
                state: dict[str, Any], notes: list[str], run_id: str, started: datetime, allowed: list[str],
                env: Mapping[str, str] | None, clock: Callable[[], datetime]) -> RunReport:
    from altimate_learn.learner import triggers

    deadline = time.monotonic() + request.max_seconds
    gate = not request.force and not request.dry_run
    approved = _approved_count(store, notes)
    rule = triggers.rule_for(state, approved=approved, runs_today=_today_runs(files, started))
    if request.auto:  # spec 002: a project runs at most 8 times a day, with or without a model
        from altimate_learn.reflect.budget import DEFAULT_DAILY_MAX

        limit = int(settings.values.get("auto_reflect_daily_max", DEFAULT_DAILY_MAX))
        if _today_runs(files, started, trigger="auto") >= limit:
            return RunReport("capped", f"Not run: {limit} automatic runs of the learner today already "
                                       "(learn.auto_reflect_daily_max); `learn run --now` still runs.")
    if gate:
        wait = triggers.spacing_wait(state, rule, started)
        if wait is not None:
            return RunReport("not-due", f"Not due: the next run can start after {iso(wait)} ({rule.why}); "
                                       f"{_RUN_NOW}")
    if "review" in allowed and not request.dry_run:
        _import_memories(store, notes)
    floor, scan_from = _window(state, started, request.since)
    from altimate_learn.learner.readcache import FOLDER, ReadCache

    cache = ReadCache(files.path(FOLDER), write=not request.dry_run, within=files.dir)
    reads = sources.collect(paths.root, state, floor=floor, scan_from=scan_from, notes=notes, cache=cache)
    try:
        signals = _held_as_handled(store)
    except LearnError as exc:
        notes.append(str(exc))
        signals = []
    open_signals = [s for s in signals if s.get("status") == "open"]
    # What a person typed that was already reflected on (its signal consumed) or dismissed is not learned from
    # again: a first run reads a week back, over corrections `learn reflect` already turned into lessons.
    handled = {(s.get("sessionID"), s.get("messageID")) for s in signals
               if s.get("status") != "open" and s.get("sessionID") and s.get("messageID")}
    # A signal with no message id (Gemini CLI's hook carries none) is known by its session and words.
    said = {(s.get("sessionID"), _said(s.get("text"))) for s in signals
            if s.get("status") != "open" and s.get("sessionID") and not s.get("messageID") and s.get("text")}
    if said:
        handled |= {(e.session, e.message_id) for r in reads for e in r.exchanges if (e.session, _said(e.text)) in said}
    typed = sum(1 for r in reads for e in r.exchanges if (e.session, e.message_id) not in handled)
    if gate and typed < rule.messages:
        _save_marks(files, state, reads)
        # before any run there is no "last run" to count from (a new user's first session read "since the last run")
        since = "since the last run" if files.runs() else "so far (no run yet)"
        return RunReport("not-due", f"Not due: {typed} typed message{'s' if typed != 1 else ''} {since}, "
                                    f"{rule.messages} needed ({rule.why}); {_RUN_NOW}", notes=notes)
    # First the exchanges alone (to know what fits), then the signals beside them.
    first = assemble(reads, budget=request.budget, handled=handled)
    shown = {(e.session, e.message_id) for e in first.exchanges}
    left_out_sessions = _left_out_sessions(reads, first.exchanges, handled)
    covered, other = _split_signals(open_signals, reads, shown, left_out_sessions)
    digest = assemble(reads, feedback=other, budget=request.budget, handled=handled) if other else first
    if digest is not first:  # the signals took room: keep the signals covered by what is still shown
        shown = {(e.session, e.message_id) for e in digest.exchanges}
        covered = [s for s in covered if (s.get("sessionID"), s.get("messageID")) in shown]
    notes += digest.notes
    if not digest.exchanges and not digest.feedback:
        _save_marks(files, state, reads)
        if digest.cursors and not request.dry_run and not state.get("_dry_run"):
            _commit_state(files, cursors=digest.cursors)  # only handled exchanges: read, nothing to learn
        first_run = not files.runs()
        record = _problems_record(files, state, notes, run_id, started, clock, request)
        return RunReport("nothing-new", _nothing_new(reads, first_run, floor), record, digest=digest, notes=notes)
    return _reflect(paths, settings, request, files, store, state, notes, run_id, started, allowed, env, clock,
                    digest, covered, deadline)


def _left_out_sessions(reads: list[Any], shown: list[Any], handled: set[tuple[Any, Any]]) -> set[str]:
    """The sessions with an exchange that is neither handled nor in ``shown``. An exchange equal to a shown one has its
    session and message: it is tested (``in``, as before) only against the shown exchanges of its session and message,
    not against each shown exchange in turn (84 runs of 761 sessions: 76k tests of a digest's list)."""
    by_message: dict[tuple[Any, Any], list[Any]] = {}
    for exchange in shown:
        by_message.setdefault((exchange.session, exchange.message_id), []).append(exchange)

    def left_out(exchange: Any) -> bool:
        where = (exchange.session, exchange.message_id)
        return where not in handled and (where not in by_message or exchange not in by_message[where])

    return {r.info.id for r in reads if any(left_out(e) for e in r.exchanges)}


def _nothing_new(reads: list[Any], first_run: bool, floor: datetime) -> str:
    """What a run that found nothing to send says: a first run that found no session at all says where it looked
    (a new user read "since the last run" before any run, and no hint that no session was found)."""
    if not first_run:
        return "Nothing new to learn from since the last run."
    if not reads:
        return (f"Nothing to learn from yet: no agent session of this project since {floor.date().isoformat()} "
                "(learn reads this repository's Claude Code, Codex, Gemini CLI, opencode and aider sessions; "
                "`--since 30d` reads further back).")
    return "Nothing new to learn from so far (no run yet): what was typed in the sessions found was learned from already."


def _problems_record(files: LearnerFiles, state: dict[str, Any], notes: list[str], run_id: str, started: datetime,
                     clock: Callable[[], datetime], request: RunRequest) -> dict[str, Any] | None:
    """A run that found nothing to send still says what went wrong (a transcript that vanished or cannot be
    read) in `learn runs`, once: not again while the problems are the same."""
    from altimate_learn.redact import redact

    if not notes or state.get("_dry_run"):
        return None
    shown = [redact(n) for n in notes]
    last = next((r for r in files.runs() if r.get("status") == "nothing-new"), None)
    if last is not None and last.get("notes") == shown:
        return None
    record = {"id": run_id, "at": iso(started), "ended": iso(clock()), "status": "nothing-new",
              "trigger": "auto" if request.auto else "manual", "store": request.store, "sessions": 0, "messages": 0,
              "changes": [], "dropped": [], "notes": shown}
    files.append_run(record)
    return record


def _import_memories(store: Store, notes: list[str]) -> None:
    """What the agents saved in their own memories of this repository, staged for review on the learner's
    schedule, offline (a rule too long to keep waits for `learn import-memories --model`). Never stops a run."""
    from altimate_learn.history.memory_import import import_memories

    try:
        result = import_memories(store)
    except (LearnError, OSError) as exc:
        notes.append(f"agent memories were not imported: {exc}")
        return
    waiting = result.count("waiting")
    if result.added or waiting:
        notes.append(f"agent memories: {result.added} staged for review, {waiting} waiting "
                     "(`learn import-memories` says why)")


def _reflect(paths: ProjectPaths, settings: Any, request: RunRequest, files: LearnerFiles, store: Store,
             state: dict[str, Any], notes: list[str], run_id: str, started: datetime, allowed: list[str],
             env: Mapping[str, str] | None, clock: Callable[[], datetime], digest: Digest,
             covered: list[dict[str, Any]], deadline: float) -> RunReport:
    from altimate_learn.reflect.digest import DigestSource
    from altimate_learn.reflect.providers import Resolution, resolve_model
    from altimate_learn.capture.second_opinion import is_model_only
    from altimate_learn.reflect.providers.builtin import FeedbackItem
    from altimate_learn.reflect.reflect import Batch, Options, current_lessons, reflect_batch

    values = settings.values
    blocks = targets.open_targets(paths.root, [t for t in allowed if t in targets.DIRECT], notes,
                                  dict(env) if env is not None else None)
    usable = [t for t in allowed if t == "review" or t in blocks]
    # The sessions' own models, newest first: the newest one that can be used (its provider known, its key
    # set) reflects, so an opencode session on a local alias does not send a Claude session's run to builtin.
    session_models = list(dict.fromkeys(r.info.model for r in sorted(digest.sessions, key=lambda r: r.info.updated
                                                                        or "", reverse=True) if r.info.model))
    newest_model = session_models[0] if session_models else None
    if len(session_models) > 1 and not (request.model or values.get("model")):
        newest_model = next((m for m in session_models if resolve_model(
            None, session_model=m, providers=values.get("providers") or {}, env=env).chat is not None), newest_model)
    configured_source = "ALTIMATE_LEARN_MODEL" if str(settings.sources.get("model", "")).startswith("env ") \
        else "learn.model"
    try:
        resolution = resolve_model(request.model, configured=values.get("model"), configured_source=configured_source,
                                   session_model=newest_model, providers=values.get("providers") or {}, env=env)
    except LearnError as exc:
        if not request.auto:
            raise
        return _finish(files, state, notes, run_id, started, clock, request, digest, status="failed",
                       error=str(exc), model=request.model or values.get("model") or "?")
    if resolution.chat is None and digest.feedback:
        digest = _without_tried(store, digest, request.budget)
        if not digest.exchanges and not digest.feedback:
            _save_marks(files, state, digest.sessions)
            record = _problems_record(files, state, notes, run_id, started, clock, request)
            # `learn run` says next how many signals wait and the way out (cli.learner._waiting)
            return RunReport("nothing-new", "Nothing new to learn from since the last run.", record,
                             digest=digest, notes=notes)
    if resolution.note:
        notes.append(resolution.note.replace("built-in offline reflector",
                                             "classifier and the built-in offline reflector"))
    recorder = Recorder(resolution.chat) if resolution.chat is not None else None
    resolution = Resolution(resolution.model, recorder, resolution.source, resolution.note)
    screen = Screen(digest.refs, usable)
    screen.typed = {e.ref: e.text for e in digest.exchanges}  # the words a lesson for review shows it came from
    lessons_before = {lesson["id"]: lesson for lesson in current_lessons(store)}
    if resolution.chat is not None:  # a model's votes (the built-in reflector's items carry their own turn)
        after = fallback._next_message(list(digest.exchanges))
        screen.turns = {e.ref: (e.at, after.get(e.ref)) for e in digest.exchanges}
        screen.given_since, screen.noted = _given_since(store, lessons_before)
    prompt_holder: dict[str, tuple[str, str]] = {}

    def prompt(lessons: list[dict[str, Any]]) -> tuple[str, str]:
        prompt_holder["p"] = build_prompt(lessons, digest, usable, blocks, paths.root)
        return prompt_holder["p"]

    items: list[Any] = []
    waiting: list[Any] = []
    if resolution.chat is None:  # the classifier's picks and the reminders/questions it missed, restated
        waiting = fallback.feedback_items(digest.exchanges)[1]
        later = {(e.session, e.message_id) for e in waiting}
        covered = [s for s in covered if (s.get("sessionID"), s.get("messageID")) not in later]
        items = fallback.feedback_items(digest.exchanges, {(s.get("sessionID"), s.get("messageID")): s["id"]
                                                           for s in covered if s.get("kind") == "user_correction"})[0]
        screen.typed = {e.ref: e.text for e in digest.exchanges}
    items += [FeedbackItem(s["kind"], s["text"], s["id"], None, [],
                           model_only=is_model_only(s))
              for s in digest.feedback]
    feedback = "\n".join(_signal_lines(digest.feedback))
    batch = Batch(SESSION_KEY, feedback, ANSWER_KIND, items, DigestSource(model=newest_model),
                  signals=[*covered, *digest.feedback], feedback_id=f"learner:{run_id}", prompt=prompt, screen=screen,
                  digest=digest.text)
    screen.batch = batch
    if request.dry_run:
        lessons = current_lessons(store)
        system, user = build_prompt(lessons, digest, usable, blocks, paths.root)
        from altimate_learn.english import plural

        held = (f"{digest.size:,} bytes of digest ({plural(len(digest.exchanges), 'exchange')} from "
                f"{plural(len({e.session for e in digest.exchanges}), 'session')}, "
                f"{plural(len(digest.feedback), 'other feedback item')})")
        if resolution.is_builtin:
            message = (f"Dry run: {held}; with no usable model the classifier and the built-in reflector would read "
                       "it, and nothing would be sent; nothing was changed.")
        else:
            message = f"Dry run: would send {held} to {resolution.model}; nothing was sent or changed."
        return RunReport("dry-run", message, digest=digest, prompt=(system, user), notes=notes)
    admit = None
    if request.auto:  # one counter with automatic reflection, taken right before the model call: the day's cap
        from altimate_learn.reflect.budget import DEFAULT_DAILY_MAX, take_automatic_run

        limit = int(values.get("auto_reflect_daily_max", DEFAULT_DAILY_MAX))
        admit = lambda: take_automatic_run(paths.local_dir, limit, kind="learner")  # noqa: E731
    run_limit = f"{request.max_seconds / 60:g} minutes" if request.max_seconds >= 60 else f"{request.max_seconds:g} s"
    options = Options(model=request.model, timeout=max(1.0, deadline - time.monotonic()), deadline=deadline,
                      settings=settings, env=env, max_tokens_total=request.max_tokens, admit=admit,
                      timeout_hint=f"A learner run stops after {run_limit}: check that the model answers (`learn run "
                                   "--dry-run` shows what it would be sent), or choose another model with --model.")
    outcome = reflect_batch(store, batch, options, resolution)
    if outcome.status == "limited":
        _save_marks(files, state, digest.sessions)
        return RunReport("capped", f"Not run: {outcome.error}.", digest=digest, notes=notes)
    if recorder is not None and outcome.status == "applied":
        # a model's rules cut at the curator's per-reflection cap: their exchanges are read again next run (their
        # signals were left open by the reflection), so no correction is lost for want of room
        cut = screen.carried(outcome.rejected)
        waiting = [e for e in digest.exchanges if e.ref in cut]
    # The built-in reflector read the digest when it was asked, also when every correction in it was one it had already
    # found unusable (status "none": those signals wait in unlearned.json for a model or a person, nothing is lost):
    # its exchanges are read, or the same digest would come back on every later run and nothing after it be read.
    answered = ((screen.called or (resolution.chat is None and outcome.status == "none"))
                and outcome.status not in ("failed", "busy"))
    let_go: list[dict[str, Any]] = []
    if answered and recorder is not None and outcome.status == "nothing-usable" and screen.unusable:
        answered = _unusable_answer(files, store, state, notes, screen.unusable, batch, outcome)
        if answered:
            let_go = _let_go(digest, batch, notes)
    direct = targets.Applied()
    if answered and screen.direct:
        verdicts = _direct_verdicts(paths, store, screen, batch)
        direct = targets.apply_items(blocks, screen.direct, digest.refs, state, now=iso(clock()), vet=verdicts)
        if direct.cut and not request.dry_run:
            waiting += _cut_direct(store, batch, screen, outcome, direct, digest, waiting)
    review = _review_changes(store, outcome, lessons_before, screen)
    if waiting and answered:
        from altimate_learn.english import plural

        why = ("the built-in reflector adds at most 3 lessons a run" if recorder is None else
               "the model proposed more new lessons than the 3 a run may add" if not direct.cut else
               f"the model proposed more changes than a run may make: at most {targets.MAX_PER_OP} of each kind")
        waits = "waits" if len(waiting) == 1 else "wait"
        notes.append(f"{plural(len(waiting), 'more exchange')} {waits} for the next run ({why})")
    transcript = {"digest": digest.text, "feedback": _signal_lines(digest.feedback),
                  "calls": recorder.calls if recorder is not None else [],
                  "builtin": None if recorder is not None else {"items": [i.__dict__ for i in items]}}
    status = outcome.status if not (answered and outcome.status == "nothing-usable" and direct.changes) else "applied"
    if answered and direct.changes and status == "no-change":
        status = "applied"
    return _finish(files, state, notes, run_id, started, clock, request, digest, status=status,
                   error=None if answered else (outcome.error or "the model's answer could not be used"),
                   model=outcome.model, outcome=outcome, review=review, direct=direct, answered=answered,
                   transcript=transcript, waiting=waiting, let_go=let_go)


def _cut_direct(store: Store, batch: Any, screen: Screen, outcome: Any, direct: targets.Applied, digest: Digest,
                waiting: list[Any]) -> list[Any]:
    """Instruction-file items dropped at MAX_PER_OP: the exchanges they cite are read again at the next run, and the
    corrections this reflection consumed for them open again (no bullet or lesson came from them; issue 20: past the
    cap the rest carry over). An exchange a kept change or staged lesson also cites was used: it stays read."""
    from altimate_learn.capture.signals import reopen_signals, valid_signals

    refused = {r.get("index") for r in outcome.rejected}
    used = {c for index, cites in enumerate(screen.review_cites) if index not in refused for c in cites}
    used |= {c for change in direct.changes for c in change.get("cites", ())}
    refs = direct.cut - used
    if not refs:
        return []
    consumed = set(outcome.consumed)
    ids = [s["id"] for s in batch.signals if s["id"] in consumed
           and (s["id"] in refs or f"{s.get('sessionID')}:{s.get('messageID')}" in refs)]
    if ids:
        with store.lock():
            records, _ = valid_signals(store)
            by = {r["id"]: r.get("consumedBy") for r in records if r.get("id") in ids and r.get("consumedBy")}
            opened = set(reopen_signals(store, by, hold=False))
        outcome.consumed = [i for i in outcome.consumed if i not in opened]
    shown = {e.ref for e in waiting}
    return [e for e in digest.exchanges if e.ref in refs and e.ref not in shown]


LET_GO_CHARS = 300  # of each exchange let go, kept in the run log
LET_GO_MAX = 100


def _let_go(digest: Digest, batch: Any, notes: list[str]) -> list[dict[str, Any]]:
    """The exchanges a run gave up on that have no signal: marked as read, they would be lost without a trace (a
    correction the capture missed is what the learner reads every exchange for). The run log keeps each (redacted,
    as the digest is, and clipped) for `learn runs show` and `learn status`, so a person can act on it."""
    from altimate_learn.english import plural

    signalled = {(s.get("sessionID"), s.get("messageID")) for s in batch.signals}
    gone = [e for e in digest.exchanges if e.typed and (e.session, e.message_id) not in signalled]
    if not gone:
        return []
    notes.append(f"{plural(len(gone), 'exchange')} without a signal {'was' if len(gone) == 1 else 'were'} let go "
                 "unread with them: `learn runs show RUN` lists them")
    return [{"ref": e.ref, "at": e.at, "text": " ".join(e.text.split())[:LET_GO_CHARS],
             **({"correction": True} if e.hint else {})} for e in gone[:LET_GO_MAX]]


def _given_since(store: Any, lessons: dict[str, dict[str, Any]]) -> tuple[dict[str, float], dict[str, list[float]]]:
    """(lesson id -> when learn made it, lesson id -> when the agent memories staged into it were written), in epoch
    seconds. A model's HELPFUL or HARMFUL citing only exchanges in whose turn such a memory was written, or (a lesson no
    memory was staged into) typed before learn made it, is dropped (review41 R41-9)."""
    from altimate_learn.history.common import parse_time
    from altimate_learn.history.memory_import import read_state

    out: dict[str, float] = {}
    for lesson_id, lesson in lessons.items():
        created = parse_time(lesson.get("created"))
        if created is not None:
            out[lesson_id] = created.timestamp()
    try:
        memories = read_state(store)["memories"].values()
    except (OSError, ValueError):
        memories = []
    noted: dict[str, list[float]] = {}
    for entry in memories:
        lesson_id, written = entry.get("lesson"), parse_time(entry.get("modified"))
        if lesson_id in out and written is not None:
            noted.setdefault(lesson_id, []).append(written.timestamp())
    return out, noted


def _unusable_answer(files: LearnerFiles, store: Store, state: dict[str, Any], notes: list[str], why: str,
                     batch: Any, outcome: Any) -> bool:
    """An answer whose every item was dropped for a defect of the answer (not a judgement that there is nothing to
    learn): nothing is marked as read and the exchanges come again at the next run, up to UNUSABLE_TRIES answers in
    a row; then the exchanges are marked as read and their signals stay open, listed for a model or a person
    (`learn signals --unlearned`). Returns whether the exchanges count as read."""
    from altimate_learn.capture import unlearned

    tries = int(state.get("unusable_tries") or 0) + 1
    if tries < UNUSABLE_TRIES:
        _commit_state(files, unusable_tries=tries)
        outcome.error = (f"{outcome.error} (answer {tries} of {UNUSABLE_TRIES} allowed: the same exchanges are read "
                         "again at the next run)")
        return False
    reason = f"the model's answers for it were unusable {UNUSABLE_TRIES} times in a row ({why})"
    with store.lock():
        unlearned.record(store, {i: reason for i in batch.signal_ids}, by="learner")
    kept = len(unlearned.load(store).keys() & set(batch.signal_ids))
    from altimate_learn.english import plural

    notes.append(f"gave up after {UNUSABLE_TRIES} unusable answers in a row ({why}): the exchanges are marked as read; "
                 f"{plural(kept, 'signal')} stay open for a model or a person (`learn signals --unlearned`)")
    return True


def _held_back(digest: Digest, waiting: list[Any], cursors: dict[str, dict[str, Any]]) -> int:
    """Move each session's new cursor back to just before its first waiting exchange; the number held back."""
    held = 0
    refs = {e.ref for e in waiting}
    by_key: dict[str, list[Any]] = {}
    for exchange in digest.exchanges:
        by_key.setdefault(exchange.key, []).append(exchange)
    for key, shown in by_key.items():
        first = next((i for i, e in enumerate(shown) if e.ref in refs), None)
        if first is None:
            continue
        held += len(shown) - first
        if first == 0:
            cursors.pop(key, None)
            continue
        last = shown[first - 1]
        cursor = {k: v for k, v in cursors.get(key, {}).items() if k != "complete"}
        cursor.update({"message": last.message_id, "index": last.index, "at": last.at})
        cursors[key] = cursor
    return held


def _without_tried(store: Store, digest: Digest, budget: int) -> Digest:
    """The digest without the open signals the built-in reflector already found unusable (they wait for a model
    or a person, :mod:`altimate_learn.capture.unlearned`): reading them again offline gives the same nothing, and
    a run with nothing else to read is no run."""
    from altimate_learn.capture import unlearned

    tried = unlearned.known(store)
    kept = [s for s in digest.feedback if s.get("id") not in tried]
    if len(kept) == len(digest.feedback):
        return digest
    return assemble(digest.sessions, feedback=kept, budget=budget, handled=digest.handled) if kept or digest.exchanges else \
        Digest("", [], digest.sessions, {}, digest.left_out, list(digest.notes), [])


def _direct_verdicts(paths: ProjectPaths, store: Store, screen: Screen, batch: Any) -> dict[int, Any]:
    """The vet's verdict on each direct item it judged (index into ``screen.direct``). The model's vet came
    with the reflection's one vet call; with the built-in reflector, the offline vet judges them."""
    from altimate_learn.reflect.reflect import current_lessons

    keys = {f"c{batch.vet_offset + j}": i for j, i in enumerate(screen.vetted_direct)}
    vetted = batch.vetted
    if vetted is None and screen.vetted_direct:
        from altimate_learn.gates.vet import Item, vet_offline
        from altimate_learn.instructions.files import discover

        contract = discover(paths.root)
        items = [Item(key, screen.direct[i].text or "", "model") for key, i in keys.items()]
        vetted = vet_offline(items, current_lessons(store), [(f.path, f.text or "") for f in contract.usable])
    if vetted is None:
        return {}
    return {i: vetted.verdicts.get(key) for key, i in keys.items()}


def _review_changes(store: Store, outcome: Any, before: dict[str, dict[str, Any]], screen: Screen
                    ) -> list[dict[str, Any]]:
    """The candidate changes this run made (from the curator's record), with what revert needs."""
    try:
        after = {lesson["id"]: lesson for lesson in (store.candidate() or [])}
    except LearnError:
        after = {}
    out = []
    for entry in outcome.applied:
        op, lesson_id = entry.get("op"), entry.get("id")
        change: dict[str, Any] = {"target": "review", "op": op, "id": lesson_id, "reason": entry.get("reason", "")}
        if entry.get("text"):
            change["text"] = entry["text"]
        if entry.get("note"):
            change["note"] = entry["note"]
        if op in ("ADD", "EDIT") and lesson_id in after:
            change["after"] = after[lesson_id]
            if lesson_id in before:
                change["before"] = before[lesson_id]
        out.append(change)
    return out


def _save_marks(files: LearnerFiles, state: dict[str, Any], reads: list[Any]) -> None:
    """Keep what collection learned without reading anything for the model: own sessions, vanished files."""
    if state.get("_dry_run"):
        return
    marks = {k: v for k, v in state["cursors"].items() if isinstance(v, dict) and (v.get("own") or v.get("missing"))}
    _commit_state(files, cursors=marks, captured=state["captured"])


def _commit_state(files: LearnerFiles, *, cursors: dict[str, Any] | None = None, captured: dict[str, Any] | None = None,
                  **fields: Any) -> None:
    """Merge this run's changes into the state as it is now (a `learn capture` or `pause` may have written)."""
    with files.lock():
        fresh = files.read_state()
        for key, cursor in (cursors or {}).items():
            fresh["cursors"][key] = cursor
        for key, entry in (captured or {}).items():
            if key in fresh["captured"] and isinstance(entry, dict):
                fresh["captured"][key] = entry
        for key, value in fields.items():
            fresh[key] = value
        files.write_state(fresh)


def _finish(files: LearnerFiles, state: dict[str, Any], notes: list[str], run_id: str, started: datetime,
            clock: Callable[[], datetime], request: RunRequest, digest: Digest, *, status: str, error: str | None,
            model: str, outcome: Any = None, review: list[dict[str, Any]] | None = None,
            direct: targets.Applied | None = None, answered: bool = False,
            transcript: dict[str, Any] | None = None, waiting: list[Any] | None = None,
            let_go: list[dict[str, Any]] | None = None) -> RunReport:
    from altimate_learn.redact import redact

    direct = direct or targets.Applied()
    changes = [*(review or []), *direct.changes]
    for number, change in enumerate(changes, 1):
        change["n"] = number
    dropped = list(outcome.dropped if outcome is not None else [])
    dropped += [{"reason": r.get("reason"), **{k: r[k] for k in ("op", "id", "text") if k in r}, "target": "review"}
                for r in (outcome.rejected if outcome is not None else [])]
    dropped += direct.dropped
    shown_sessions = {e.session for e in digest.exchanges}
    record: dict[str, Any] = {
        "id": run_id, "at": iso(started), "ended": iso(clock()), "status": status,
        "trigger": "auto" if request.auto else "manual", "store": request.store, "model": model,
        "sessions": len(shown_sessions), "messages": len(digest.exchanges), "feedback": len(digest.feedback),
        "left_out": digest.left_out, "truncated": digest.truncated, "digest_bytes": digest.size,
        "usage": outcome.usage.to_dict() if outcome is not None else None,
        "changes": changes, "dropped": dropped, "blocks": direct.blocks or None,
        "notes": [redact(n) for n in (notes + (list(outcome.notes) if outcome is not None else []))] or None,
        "signals": len(outcome.consumed) if outcome is not None else 0,
        "error": redact(error) if error else None,
        "let_go": let_go or None,
    }
    if answered:
        held = direct.held
        cursors = {}
        for key, cursor in digest.cursors.items():
            if cursor.get("session") in held:
                continue
            cursors[key] = cursor
        wait = _held_back(digest, waiting, cursors) if waiting else 0
        if wait:  # read again next run, which may start sooner, as after a full digest
            record["left_out"] = digest.left_out + wait
            record["truncated"] = True
        for read in digest.sessions:  # sessions read to their end with nothing new: remember it
            if read.key not in cursors and not read.exchanges and not read.notes:
                previous = state["cursors"].get(read.key) if isinstance(state["cursors"].get(read.key), dict) else {}
                cursors[read.key] = {**previous, "session": read.info.id, "harness": read.info.harness,
                                     "path": read.info.path, "complete": read.fingerprint}
        for key, cursor in state["cursors"].items():
            if isinstance(cursor, dict) and (cursor.get("own") or cursor.get("missing")) and key not in cursors:
                cursors[key] = cursor
        scan_from = state.get("scan_from")
        floor = state.get("floor") or iso(_window(state, started, request.since)[0])
        if request.since is not None:
            floor = iso(min(parse_time(floor) or started, request.since))
        if not digest.truncated and not held and not digest.notes and not wait:
            scan_from = iso(started - timedelta(minutes=5))
        elif request.since is not None:
            scan_from = iso(min(parse_time(scan_from) or started, request.since))
        _commit_state(files, cursors=cursors, captured=state["captured"], floor=floor, scan_from=scan_from or floor,
                      evidence=state.get("evidence", []), unusable_tries=0,
                      last_run={"id": run_id, "at": iso(started), "ok": True, "truncated": record["truncated"]})
    else:
        _save_marks(files, state, digest.sessions)
    files.append_run(record)
    files.save_transcript(run_id, {**(transcript or {}), "report": record})
    return RunReport(status, summary_line(record), record, digest, notes=notes)


def summary_line(record: dict[str, Any]) -> str:
    from altimate_learn.english import plural

    status = record.get("status")
    read = (f"read {plural(record.get('messages', 0), 'message')} from {plural(record.get('sessions', 0), 'session')}"
            + (f" and {plural(record['feedback'], 'feedback item')}" if record.get("feedback") else ""))
    if record.get("truncated"):
        read += f" ({plural(record.get('left_out', 0), 'more exchange')} wait for the next run)"
    changed = plural(len(record.get("changes") or []), "change")
    dropped = plural(len(record.get("dropped") or []), "item") + " dropped"
    if status in ("failed", "nothing-usable") and record.get("error"):
        return f"Run {record['id']} failed: {record['error']} ({read}; nothing was changed or marked as read)."
    if status == "busy":
        return f"Run {record['id']}: {record.get('error')}."
    return f"Run {record['id']}: {read}; {changed}, {dropped}."


def session_of(key: str) -> str:
    return key.split(":", 1)[1] if ":" in key else key


__all__ = ["RunReport", "RunRequest", "build_prompt", "learner_ok", "run", "session_key", "summary_line"]
