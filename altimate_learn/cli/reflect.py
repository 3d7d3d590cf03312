"""`learn reflect`: turn captured signals (or feedback you pass) into a curated candidate.

A thin layer over :mod:`altimate_learn.reflect.reflect`: it checks the flags, builds the batches,
prints what was applied and rejected with token use and estimated cost. The hidden `--auto` flag is for
hooks at the end of a session: it respects `learn.auto_reflect`, the backoff, its time budget and the daily
limit of automatic model runs (`learn.auto_reflect_daily_max`), prints nothing and never fails the agent
(it logs to `<store>/state/reflect.log`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.cli.common import LearnCommand, plural, DEFAULT_NAME, JsonOpt, NameOpt, echo, open_existing_store, \
    open_store, print_json
from altimate_learn.errors import LearnError

FEEDBACK_HEAD_BYTES = 1024 * 1024  # a log is read no further than its first and last megabyte
FEEDBACK_TAIL_BYTES = 1024 * 1024


def _usage_error(message: str, hint: str = "--session") -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=hint)


def _finite(value: float, hint: str) -> float:
    if value != value:  # NaN slips through a range check
        raise _usage_error("must be a number of seconds.", hint)
    return value


def _head_and_tail(stream: Any) -> bytes:
    """The first and the last megabyte of ``stream`` (a CI log fails at the end), memory bounded."""
    head = stream.read(FEEDBACK_HEAD_BYTES)
    if len(head) < FEEDBACK_HEAD_BYTES:
        return head
    tail = b""
    try:  # a file: jump to its end
        size = stream.seek(0, 2)
        if size > FEEDBACK_HEAD_BYTES:
            stream.seek(max(FEEDBACK_HEAD_BYTES, size - FEEDBACK_TAIL_BYTES))
            tail = stream.read(FEEDBACK_TAIL_BYTES)
    except (OSError, ValueError, AttributeError):  # a pipe: read through, keeping the end
        while True:
            chunk = stream.read(256 * 1024)
            if not chunk:
                break
            tail = (tail + chunk)[-FEEDBACK_TAIL_BYTES:]
    return head + (b"\n" + tail if tail else b"")


def _read_feedback(source: str) -> str:
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        data = _head_and_tail(stream) if stream is not None else sys.stdin.read().encode("utf-8")
        where = "stdin"
    else:
        try:
            with open(source, "rb") as handle:
                data = _head_and_tail(handle)
        except FileNotFoundError:
            raise LearnError(f"feedback file {source} does not exist.", "Pass a file, or - to read stdin.") from None
        except IsADirectoryError:
            raise LearnError(f"feedback file {source} is a folder.", "Pass a file, or - to read stdin.") from None
        except OSError as exc:
            raise LearnError(f"cannot read feedback file {source} ({exc.strerror}).", "Check its permissions.") \
                from None
        where = source
    if b"\0" in data[:8192]:
        raise LearnError(f"feedback in {where} is binary, not text.", "Pass a text file such as a CI log or review.")
    # Only 12,000 characters are used, from the start and the end (see digest.clip_feedback).
    text = data.decode("utf-8", errors="replace")
    if not text.strip():
        raise LearnError(f"feedback in {where} is empty.", "Pass the feedback text (a CI log, a review, a note).")
    return text


def _split_globs(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    out: list[str] = []
    for value in values:
        out += [v.strip() for v in value.split(",") if v.strip()]
    return out or None


def reflect(
    session: Annotated[str | None, typer.Option(
        "--session", metavar="ID", help="Session to learn from (an id from `learn sessions` or a signal's "
                                        "session). Without --feedback, its open signals are the feedback.",
        show_default=False)] = None,
    pending: Annotated[bool, typer.Option(
        "--pending", help="Reflect on every session with open signals (the default when no --session or "
                          "--trajectory is given). Not with --session, --trajectory or --feedback.")] = False,
    trajectory: Annotated[Path | None, typer.Option(
        "--trajectory", metavar="FILE", help="A session recorded elsewhere: any transcript `learn` reads, or an "
                                             "altimate-code trajectory export. Needs --feedback.",
        show_default=False)] = None,
    feedback: Annotated[str | None, typer.Option(
        "--feedback", metavar="FILE|-", help="Feedback file (a CI log, a review, a note), or - for stdin. "
                                             "Used for this reflection only, never stored as a signal.",
        show_default=False)] = None,
    feedback_kind: Annotated[str, typer.Option(
        "--feedback-kind", metavar="KIND", help="What --feedback is: verifier, ci, review or user.")] = "user",
    apply_paths: Annotated[list[str] | None, typer.Option(
        "--apply-paths", metavar="GLOB", help="Path triggers for new lessons (repeat the flag or separate "
                                              "with commas), e.g. 'models/staging/*.sql'. Default: the builtin "
                                              "reflector scopes lessons to the files the session touched.",
        show_default=False)] = None,
    model: Annotated[str | None, typer.Option(
        "--model", "-m", metavar="PROVIDER/MODEL", help="Model to reflect with, e.g. openai/gpt-4.1-mini, "
                                                        "anthropic/claude-haiku-4-5, ollama/qwen2.5-coder, an agent "
                                                        "CLI you are logged in to (claude-code, codex, gemini-cli, "
                                                        "opencode, or claude-code/sonnet), or builtin. Overrides "
                                                        "learn.model.", show_default=False)] = None,
    timeout: Annotated[float, typer.Option(
        "--timeout", metavar="SECONDS", help="Seconds to wait for the model.", min=1, max=86_400,
        callback=lambda value: _finite(value, "--timeout"))] = 120.0,
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
    auto: Annotated[bool, typer.Option("--auto", hidden=True)] = False,
) -> None:
    """Stage candidate lessons from a session's signals, or from feedback you supply.

    With no --session or --trajectory it reflects on every session with open signals (--pending).
    One model call (or the built-in offline reflector) proposes changes; the curator decides what reaches
    candidate.json. Signals are consumed only when the reflection succeeds. Review the result with
    `learn show`, approve it with `learn promote`.
    """
    if pending and (session or trajectory or feedback):
        raise _usage_error("--pending cannot be combined with --session, --trajectory or --feedback.", "--pending")
    if not (session or trajectory or feedback):
        pending = True  # nothing named: the useful thing is every session with open signals
    if not pending and bool(session) == bool(trajectory):
        raise _usage_error("pass exactly one of --session ID or --trajectory FILE (or neither, for the open "
                           "signals).")
    if trajectory and not feedback:
        raise _usage_error("--trajectory needs --feedback FILE|- (the feedback on that session).", "--trajectory")
    if feedback_kind not in ("verifier", "ci", "review", "user"):
        raise _usage_error(f"unknown kind '{feedback_kind}'; use verifier, ci, review or user.", "--feedback-kind")
    if auto and feedback:
        raise _usage_error("--auto reflects on captured signals only; it does not take --feedback.", "--auto")
    globs = _split_globs(apply_paths)
    if auto:
        _run_auto(name, session=session, pending=pending, model=model, timeout=timeout, apply_paths=globs)
        return
    _run(name, session=session, pending=pending, trajectory=trajectory, feedback=feedback, kind=feedback_kind,
         apply_paths=globs, model=model, timeout=timeout, as_json=as_json)


def _known_session(store: Any, session: str, index: Any) -> str:
    """The full id of ``session`` (itself, or the one id it is a unique prefix of) among the sessions of this
    store's signals (open or consumed) and this project's transcripts; an id found in neither is a typo, which
    must not read as "nothing to do" (review13 R13-5)."""
    from altimate_learn.capture.signals import list_signals

    ids = list(dict.fromkeys(s["sessionID"] for s in list_signals(store, include_consumed=True)))
    if session in ids:
        return session
    matches = [sid for sid in ids if sid.startswith(session)] if len(session) >= 6 else []
    if len(matches) > 1:
        raise LearnError(f"session id prefix '{session}' matches {len(matches)} sessions of this store's signals "
                         f"({', '.join(matches[:5])}).", "Give more of the id.")
    if matches:
        return matches[0]
    found = index.find(session)
    if found is not None:
        return found.id
    raise LearnError(f"no session {session} in this store's signals or among this project's sessions.",
                     "List them with `learn signals --all` or `learn sessions`; pass the id (or a unique prefix "
                     "of at least 6 characters).")


def _options(model: str | None, timeout: float, apply_paths: list[str] | None, settings: Any,
             deadline: float | None = None, admit: Any = None) -> Any:
    from altimate_learn.reflect.reflect import Options

    return Options(model=model, timeout=timeout, apply_paths=apply_paths, deadline=deadline, settings=settings,
                   admit=admit)


def _run(name: str, *, session: str | None, pending: bool, trajectory: Path | None, feedback: str | None, kind: str,
         apply_paths: list[str] | None, model: str | None, timeout: float, as_json: bool) -> None:
    from altimate_learn.cli.common import current_project, settings as load, settle_capture
    from altimate_learn.reflect.reflect import (Run, SessionIndex, feedback_batch, load_trajectory,
                                                reflect_batch, reflect_pending, resolve_for, session_batch)

    project = current_project()
    resolved = load(project)
    store = open_existing_store(name) if pending else open_store(name)
    if feedback is None:  # its signals are the feedback: the one just typed too
        settle_capture(project)
    options = _options(model, timeout, apply_paths, resolved)
    index = SessionIndex(project.root)
    feedback_text = _read_feedback(feedback) if feedback is not None else None
    run = Run()
    if pending:
        # A failure is printed once: with the others at the end, or as the error when nothing succeeded.
        run = reflect_pending(store, options, index=index, on_outcome=None if as_json else _print_unless_failed)
        if not run.outcomes and not as_json:
            echo("No open signals: nothing to reflect on. `learn signals` lists what was captured.")
    else:
        if trajectory is not None:
            assert feedback_text is not None
            batch = feedback_batch(None, load_trajectory(trajectory), feedback_text, kind)
        else:
            assert session is not None
            batch = session_batch(store, session, index, feedback=feedback_text, kind=kind)
            if batch is None:
                full = _known_session(store, session, index)
                if full != session:  # a unique prefix of a session that has signals in this store
                    batch = session_batch(store, full, index, feedback=feedback_text, kind=kind)
                    session = full
        if batch is None:
            if as_json:
                print_json(run.to_json())
            else:
                echo(f"Session {session} has no open signals: nothing to reflect on.")
                echo("  Pass --feedback FILE to reflect on other feedback, or see `learn signals --all`.")
            return
        resolution = resolve_for(batch, options)  # an unusable explicit model stops here, before anything runs
        outcome = reflect_batch(store, batch, options, resolution)
        run.outcomes.append(outcome)
        if not as_json:
            _print_outcome(outcome)
    # Sessions another process is reflecting on are its work, not a failure of --pending.
    failed = [o for o in run.outcomes if o.status == "failed" or o.status == "busy" and not pending]
    all_failed = bool(failed) and len(failed) == len(run.outcomes)
    if as_json:
        print_json(run.to_json())
    else:
        if pending:  # each failure once; the first one of a run where nothing succeeded is the error line
            first_error = failed[0].error if all_failed else None
            for outcome in run.outcomes:
                if outcome.status == "failed" and outcome.error != first_error:
                    _print_outcome(outcome, pending=True)
        _print_footer(run, store)
    if all_failed:
        first = failed[0]
        if first.status == "busy":
            raise LearnError(f"reflection failed: {first.error}", "The signals stay open; run `learn reflect` again.")
        same = sum(o.error == first.error for o in failed)
        raise _failure(first, sessions=same if pending and same > 1 else 0)


def _print_unless_failed(outcome: Any) -> None:
    if outcome.status != "failed":
        _print_outcome(outcome, pending=True)


def _failure(outcome: Any, *, sessions: int = 0) -> LearnError:
    # The provider's line already says what to do; the signals are kept.
    where = f" (all {sessions} sessions)" if sessions else ""
    error = _sentence(outcome.error)
    if "stay open" in error:  # the provider's line said it already
        return LearnError(f"{error} Backoff recorded{where}.")
    return LearnError(f"{error} Signals kept open{where}; backoff recorded.")


def _sentence(text: str) -> str:
    """``text`` ending as a sentence, so the next one does not run into it."""
    text = str(text).rstrip()
    return text if not text or text.endswith((".", "!", "?", ")", "`")) else f"{text}."


def _print_outcome(outcome: Any, *, pending: bool = False) -> None:
    where = f"session {outcome.session}" if outcome.session else "the given feedback"
    if outcome.status == "failed":  # the error line says it all (printed at the end when nothing succeeded)
        if pending:
            echo(f"Session {outcome.session}: failed: {_sentence(outcome.error)} Signals kept open.")
        return
    if outcome.status == "busy":  # nothing was reflected here: say so in one line, not as a reflection
        echo(f"{where[0].upper()}{where[1:]}: skipped, {outcome.error}.")
        return
    signals = list(dict.fromkeys(outcome.consumed + outcome.kept))
    count = f" ({len(signals)} signal{'s' if len(signals) != 1 else ''})" if signals else ""
    if outcome.status == "none":  # no reflector ran: "Reflected on …" read as work done (review34 trip list)
        echo(f"{where[0].upper()}{where[1:]}{count}: not reflected, {outcome.summary}.")
        for note in outcome.notes:
            echo(f"  Note: {note}")
        return
    answered = f" (answered by {outcome.answered_by})" if outcome.answered_by \
        and not outcome.model.endswith(outcome.answered_by) else ""
    echo(f"Reflected on {where}{count} with {outcome.model}{answered}.")
    if outcome.note:
        echo(f"  {outcome.note}")
    for note in outcome.notes:
        echo(f"  Note: {note}")
    for entry in outcome.applied:
        echo(f"  applied  {_describe(entry)}")
    for entry in outcome.rejected:
        echo(f"  rejected {_describe(entry)}: {entry.get('reason', '')}")
    if not outcome.rejected:
        for entry in outcome.dropped:
            echo(f"  dropped  {entry.get('delta', '')[:80]}: {entry.get('reason', '')}".replace("  :", ":"))
    for item in outcome.skipped_feedback:
        echo(f"  no lesson from {item['signal']}: {item['reason']}")
    for lesson_id in outcome.flagged:
        echo(f"  WARNING: {lesson_id} mentions skipping or disabling verification; it needs explicit approval.")
    echo(f"  Result: {outcome.summary or outcome.status}.")
    if outcome.error and outcome.status != "failed":
        echo(f"  {outcome.error[0].upper()}{outcome.error[1:]}; the signals stay open.")
    echo(f"  Usage: {outcome.usage.describe()}" if outcome.usage.calls else "  Usage: no model call (offline), $0.00")
    kept = ""
    if outcome.kept and outcome.status != "failed":
        waits = len(outcome.waiting)
        later = len(outcome.kept) - waits
        parts = [f"{waits} wait{'s' if waits == 1 else ''} for a model or a person"] if waits else []
        parts += [f"{later} for the next reflection"] if later and waits else []
        kept = f"{len(outcome.kept)} kept open" + (f" ({', '.join(parts)})" if parts else "")
    if outcome.consumed:
        echo(f"  Signals: {len(outcome.consumed)} consumed" + (f", {outcome.left_out} left for the next reflection "
                                                                 "(feedback budget)" if outcome.left_out else "")
             + (f", {kept}" if kept else "") + ".")
    elif kept:
        echo(f"  Signals: {kept}.")
    if outcome.waiting:
        echo("  Signals that wait: `learn signals --unlearned`; the way out is `learn remember --signal ID \"RULE\"` "
             "or `learn signal dismiss ID`.")


def _describe(entry: dict[str, Any]) -> str:
    op = str(entry.get("op", "?"))
    ident = f" {entry['id']}" if entry.get("id") else ""
    text = f" \"{entry['text']}\"" if entry.get("text") else ""
    extra = f" (supersedes {entry['supersedes']})" if entry.get("supersedes") else ""
    return f"{op}{ident}{text}{extra}"


def _print_footer(run: Any, store: Any) -> None:
    if not run.outcomes:
        for note in run.notes:
            echo(f"Note: {note}")
        return
    for note in run.notes:
        echo(f"Note: {note}")
    done = [o for o in run.outcomes if o.status not in ("busy", "none")]
    if len(done) > 1:
        echo(f"Total: {plural(len(done), 'reflection')}, {run.usage.describe()}.")
    candidates = [o.candidate for o in run.outcomes if o.candidate]
    if candidates:
        echo(f"Candidate: {candidates[-1]}; review with `learn show`, approve with `learn promote`.")
    elif store.path(store.CANDIDATE).exists():
        from altimate_learn.reflect.reflect import _relative, stages_a_change

        if not stages_a_change(store):  # `learn reject ID` took every staged change back out (refl31)
            echo(f"Candidate: {_relative(store, store.path(store.CANDIDATE))} matches the approved lessons: nothing to "
                 "review or promote (`learn reject` discards it).")


# --- --auto: hooks at the end of a session ---------------------------------------------------------------

def _run_auto(name: str, *, session: str | None, pending: bool, model: str | None, timeout: float,
              apply_paths: list[str] | None) -> None:
    """Never raises, never prints: the agent's session must not notice learn."""
    store = None
    try:
        from altimate_learn.cli.common import current_project
        from altimate_learn.config import load_settings
        from altimate_learn.reflect import schedule
        from altimate_learn.reflect.reflect import (AUTO_SECONDS, SessionIndex, log_auto, reflect_batch,
                                                    reflect_pending, session_batch)
        from altimate_learn.store import Store

        project = current_project()
        store = Store(project, name)  # not open_store: a hook prints nothing, not even a warning
        resolved = load_settings(project.root, Path.cwd())
        mode = "pending" if pending else "session"
        if not resolved.auto_reflect_on:
            log_auto(store, {"mode": mode, "session": session, "status": "off",
                             "reason": "automatic reflection is off (learn.enabled, learn.capture, learn.auto_reflect)"})
            return
        state = schedule.read_schedule(store)
        until = schedule.backoff_until(state, session)
        if until is not None:
            log_auto(store, {"mode": mode, "session": session, "status": "backoff", "until": schedule.iso(until)})
            return
        started = time.monotonic()
        from altimate_learn.reflect.budget import take_automatic_run

        daily_max = int(resolved.values["auto_reflect_daily_max"])
        kind = "recovery" if pending else "session"
        admit = lambda: take_automatic_run(project.local_dir, daily_max, kind=kind)  # noqa: E731
        if pending:
            limit = int(resolved.values["recovery_max_reflections"])
            seconds = float(resolved.values["recovery_max_seconds"])
            if limit == 0 or seconds == 0:
                log_auto(store, {"mode": mode, "status": "off", "reason": "recovery limits are 0"})
                return
            options = _options(model, min(timeout, seconds), apply_paths, resolved, deadline=started + seconds,
                               admit=admit)
            run = reflect_pending(store, options, index=SessionIndex(project.root), max_reflections=limit, auto=True)
            outcomes = run.outcomes
            for note in run.notes:
                log_auto(store, {"mode": mode, "status": "note", "note": note})
        else:
            assert session is not None
            options = _options(model, min(timeout, AUTO_SECONDS), apply_paths, resolved,
                               deadline=started + AUTO_SECONDS, admit=admit)
            batch = session_batch(store, session, SessionIndex(project.root), auto=True)
            outcomes = [] if batch is None else [reflect_batch(store, batch, options)]
        for outcome in outcomes:
            log_auto(store, {"mode": mode, "session": outcome.session, "status": outcome.status,
                             "model": outcome.model, "summary": outcome.summary, "error": outcome.error,
                             "usage": outcome.usage.to_dict()})
        if not outcomes:
            log_auto(store, {"mode": mode, "session": session, "status": "none", "reason": "no open signals"})
    except Exception as exc:  # noqa: BLE001 - a hook never breaks the agent
        if store is not None:
            try:
                from altimate_learn.reflect import schedule
                from altimate_learn.reflect.reflect import log_auto

                message = str(exc) if isinstance(exc, LearnError) else f"{type(exc).__name__}: {exc}"
                log_auto(store, {"mode": "auto", "session": session, "status": "error", "error": message})
                if isinstance(exc, LearnError):  # e.g. learn.model names a provider whose key is unset
                    schedule.record_outcome(store, ok=False, summary="failed", model=model or "?", usage=None,
                                            session=session, error=message, provider_failure=True)
            except Exception:  # noqa: BLE001
                pass


def register(app: typer.Typer) -> None:
    app.command("reflect", cls=LearnCommand)(reflect)

