"""`learn run`, `learn runs [show RUN]`, `learn revert RUN[:N]`, `learn pause`, `learn resume`: the continual learner.

A thin layer over :mod:`altimate_learn.learner`. The hidden `--auto` flag is for the hooks (a session went
idle): it needs continual learning on and not paused, waits for the project to be idle (`--idle`), checks
the triggers and the daily cap, prints nothing, never fails the agent, and logs to the store's
`state/reflect.log`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.cli.common import (DEFAULT_NAME, JsonOpt, LearnCommand, NameOpt, Report, current_project, echo, plural,
                                       print_json, say_given_back, settings, settle_capture, warn,
                                       writing_project)
from altimate_learn.errors import LearnError


def _since(value: str | None) -> Any:
    from altimate_learn.cli.capture import parse_since

    return parse_since(value)


def run(
    now: Annotated[bool, typer.Option("--now", help="Run now, ignoring the message count and the spacing "
                                                    "between runs.")] = False,
    since: Annotated[str | None, typer.Option("--since", metavar="WHEN", help="Read sessions from this far back "
                                              "when they have not been read yet (30d, 24h, 4w or an ISO date; "
                                              "default: 7 days before the first run).", show_default=False)] = None,
    model: Annotated[str | None, typer.Option("--model", "-m", metavar="PROVIDER/MODEL",
                                              help="Model to use. Overrides learn.model.", show_default=False)] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the digest size and what would be sent; send "
                                                            "nothing and change nothing.")] = False,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
    auto: Annotated[bool, typer.Option("--auto", hidden=True)] = False,
    idle: Annotated[float, typer.Option("--idle", hidden=True)] = 0.0,
) -> None:
    """Learn from every exchange in this project's sessions since the last run.

    Reads what you typed to your agents (every harness), the answers you replied to, and the calls that
    failed or that you refused; redacts it; sends it to the model in one call; and stages what the model
    proposes, after the curator's checks, where learn.learning_targets says (default: candidate.json, for
    `learn promote`). Without a usable model it uses the classifier and the built-in offline reflector.
    """
    from altimate_learn.learner.run import RunRequest
    from altimate_learn.learner.run import run as run_learner

    if auto:
        _run_auto(name, model=model, idle=idle)
        return
    paths = current_project() if dry_run else writing_project()  # a run writes its state: refuse outside a project
    resolved = settings(paths)
    settle_capture(paths)  # the signal of a correction just typed goes with its exchange, not alone to the next run
    request = RunRequest(store=name, model=model, since=_since(since), force=now, dry_run=dry_run)
    report = run_learner(paths, resolved, request)
    waiting = None if dry_run or report.status == "busy" else _waiting(paths, name)
    if json_out:
        out: dict[str, Any] = {"status": report.status, "message": report.message, "run": report.record,
                               "notes": report.notes}
        if waiting is not None:
            out["waiting"] = {"signals": waiting[0], "corrections": waiting[1]}
        if report.digest is not None:
            out["digest"] = {"bytes": report.digest.size, "exchanges": len(report.digest.exchanges),
                             "sessions": len({e.session for e in report.digest.exchanges}),
                             "feedback": len(report.digest.feedback), "left_out": report.digest.left_out}
        if report.prompt is not None:
            out["prompt"] = {"system": report.prompt[0], "user": report.prompt[1]}
        print_json(out)
        return
    if report.prompt is not None:
        echo(report.prompt[1])
        echo()
    for note in report.notes if report.record is None else []:
        warn(note)
    echo(report.message)
    if report.record is not None:
        for line in change_lines(report.record):
            echo(line)
        if report.record.get("changes") and any(c.get("target") == "review" for c in report.record["changes"]):
            echo("Next: review with `learn show`, approve with `learn promote`.")
    if waiting and waiting[0]:
        from altimate_learn.capture.unlearned import waiting_line

        echo(waiting_line(*waiting) + ".")
    if report.status in ("failed", "nothing-usable") and report.record is not None and report.record.get("error"):
        raise typer.Exit(1)
    if report.status == "busy":
        raise typer.Exit(1)


def _waiting(paths: Any, name: str) -> tuple[int, int] | None:
    """How many open signals wait for a model or a person after the run (all, corrections), or None when the
    store cannot say (the run's own line already said what went wrong)."""
    try:
        from altimate_learn.capture import unlearned
        from altimate_learn.store import Store

        waits = unlearned.waiting(Store(paths, name))
    except OSError:  # a count for the person; the run's result stands without it
        return None
    return len(waits), sum(1 for w in waits if w.signal.get("kind") != "tool_retry")


def _run_auto(name: str, *, model: str | None, idle: float) -> None:
    """Never raises, never prints: the agent's session must not notice learn."""
    store = None
    try:
        from altimate_learn.config import load_settings
        from altimate_learn.learner.run import RunRequest
        from altimate_learn.learner.run import run as run_learner
        from altimate_learn.reflect.reflect import log_auto
        from altimate_learn.store import Store

        paths = current_project()
        store = Store(paths, name)
        resolved = load_settings(paths.root, Path.cwd())
        report = run_learner(paths, resolved, RunRequest(store=name, model=model, auto=True, idle_seconds=idle))
        log_auto(store, {"mode": "learner", "status": report.status, "message": report.message})
    except Exception as exc:  # noqa: BLE001 - a hook never breaks the agent
        if store is not None:
            try:
                from altimate_learn.reflect.reflect import log_auto

                message = str(exc) if isinstance(exc, LearnError) else f"{type(exc).__name__}: {exc}"
                log_auto(store, {"mode": "learner", "status": "error", "error": message})
            except Exception:  # noqa: BLE001
                pass


def change_lines(record: dict[str, Any], *, indent: str = "  ") -> list[str]:
    reverted = set(record.get("reverted") or [])
    lines = []
    for change in record.get("changes") or []:
        where = change.get("target")
        if where != "review" and change.get("file"):
            where = f"{where} {_shown(change['file'])}"
        text = change.get("text") or change.get("old") or ""
        if change.get("target") == "review" and change.get("id"):
            text = f"{change['id']} {text}".strip()
        mark = " (reverted)" if change.get("n") in reverted else ""
        lines.append(f"{indent}{change.get('n')}. {change.get('op')} → {where}: {text}{mark}".rstrip())
    for item in record.get("dropped") or []:
        what = item.get("text") or item.get("id") or item.get("op") or "an item"
        lines.append(f"{indent}dropped: {what}: {item.get('reason')}")
    for note in record.get("notes") or []:
        lines.append(f"{indent}note: {note}")
    return lines


def _shown(path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(current_project().root.resolve()))
    except ValueError:
        return path


runs_app = typer.Typer(help="List the learner's runs, newest first (what each read, its tokens and cost, what it changed, what it dropped and why); `learn runs show RUN` shows one.", invoke_without_command=True)


@runs_app.callback()
def runs(ctx: typer.Context, json_out: JsonOpt = False) -> None:
    """List the learner's runs, newest first: when, what it read, tokens and cost, what changed, what was
    dropped and why."""
    if ctx.invoked_subcommand is not None:
        return
    from altimate_learn.learner.state import LearnerFiles

    records = LearnerFiles(current_project()).runs()
    if json_out:
        print_json({"runs": records})
        return
    if not records:
        echo("No learner runs yet. `learn run` starts one.")
        return
    for record in records:
        echo(run_heading(record))
        for line in change_lines(record):
            echo(line)


def run_heading(record: dict[str, Any]) -> str:
    usage = record.get("usage") or {}
    tokens = (usage.get("input_tokens") or 0) + (usage.get("output_tokens") or 0)
    cost = usage.get("cost_usd")
    spend = f"{tokens:,} tokens" + (f", ${cost:.4f}" if isinstance(cost, (int, float)) and cost else "")
    status = record.get("status")
    if status in ("busy", "crashed"):
        return f"{record.get('id')}  {record.get('at')}  {status}: {record.get('error')}"
    if status == "nothing-new":
        return f"{record.get('id')}  {record.get('at')}  nothing new to read  {record.get('trigger')}"
    read = f"{plural(record.get('messages') or 0, 'message')} from {plural(record.get('sessions') or 0, 'session')}"
    if record.get("truncated"):
        read += f", {record.get('left_out')} left for the next run"
    tail = f"  error: {record['error']}" if record.get("error") else ""
    return (f"{record.get('id')}  {record.get('at')}  {status}  {record.get('trigger')}  {record.get('model')}  "
            f"read {read}; {spend}; {plural(len(record.get('changes') or []), 'change')}, "
            f"{len(record.get('dropped') or [])} dropped{tail}")


@runs_app.command("show", cls=LearnCommand)
def runs_show(
    run_id: Annotated[str, typer.Argument(metavar="RUN", help="A run id (or a unique prefix, or `last`).")],
    json_out: JsonOpt = False,
) -> None:
    """Show one run: the digest it was given, the model's report, and what changed (the last 20 runs keep
    their digest)."""
    from altimate_learn.learner.state import LearnerFiles

    files = LearnerFiles(current_project())
    record = files.find_run(run_id)
    if record is None:
        raise LearnError(f"no learner run '{run_id}'.", "`learn runs` lists them.")
    transcript = files.load_transcript(record["id"])
    if json_out:
        print_json({"run": record, "transcript": transcript})
        return
    echo(run_heading(record))
    for line in change_lines(record):
        echo(line)
    if record.get("let_go"):
        echo()
        echo("## Let go unread: exchanges without a signal (the model's answers were unusable; state a rule from one "
             "with `learn remember \"RULE\"`)")
        for item in record["let_go"]:
            mark = " (the classifier called it a correction)" if item.get("correction") else ""
            echo(f"- [{item.get('ref')}] {item.get('at') or '?'}{mark}: {item.get('text')}")
    if transcript is None:
        if record.get("status") not in ("busy", "crashed"):
            echo("(The digest of this run is no longer kept: only the last 20 runs keep theirs.)")
        return
    echo()
    echo("## Digest")
    echo(transcript.get("digest") or "(empty)")
    if transcript.get("feedback"):
        echo("## Other feedback")
        for line in transcript["feedback"]:
            echo(line)
    for number, call in enumerate(transcript.get("calls") or [], 1):
        echo()
        echo(f"## Model call {number}: report")
        echo(call.get("answer") or f"(no answer: {call.get('error')})")
    if transcript.get("builtin"):
        echo()
        echo("## Built-in reflector (no model): the corrections it read (the classifier's picks, and the questions "
             "and reminders it restated)")
        for item in transcript["builtin"].get("items") or []:
            echo(f"- [{item.get('message_id') or item.get('signal_id')}] {item.get('text')}")


def revert(
    spec: Annotated[str, typer.Argument(metavar="RUN[:N]", help="A run (all its changes) or one change N of it.")],
    json_out: JsonOpt = False,
) -> None:
    """Undo a learner run's changes, while they still stand as the run left them.

    A block in an instruction file is restored only while it holds what the run wrote; a staged candidate
    item is withdrawn. `learn runs` lists the runs and their numbered changes.
    """
    from altimate_learn.learner.revert import revert as do_revert

    result = do_revert(current_project(), spec)
    report = Report(json_out, reverted=list(result.done), refused=list(result.refused), reopened=result.reopened)
    for line in result.done:
        report.line(f"Reverted {line}")
    for line in result.refused:
        report.line(f"Not reverted {line}")
    if result.reopened:
        say_given_back(report, result.reopened)
    report.emit()
    if not result.done:
        raise typer.Exit(1)


def pause(json_out: JsonOpt = False) -> None:
    """Pause continual learning for this project (no automatic runs until `learn resume`)."""
    from altimate_learn.learner.state import LearnerFiles, iso, utcnow

    files = LearnerFiles(writing_project())
    with files.lock():
        state = files.read_state()
        report = Report(json_out, paused=True, changed=not state.get("paused"))
        if state.get("paused"):
            report.line(f"Learning is already paused for this project (since {state['paused'].get('at')}).")
            report.emit(since=state["paused"].get("at"))
            return
        state["paused"] = {"at": iso(utcnow())}
        files.write_state(state)
    report.line("Learning paused for this project: no automatic runs until `learn resume` (`learn run` still works).")
    report.emit(since=state["paused"]["at"])


def resume(json_out: JsonOpt = False) -> None:
    """Resume continual learning for this project."""
    from altimate_learn.learner.state import LearnerFiles

    files = LearnerFiles(writing_project())
    with files.lock():
        state = files.read_state()
        report = Report(json_out, paused=False, changed=bool(state.get("paused")))
        if not state.get("paused"):
            report.line("Learning is not paused for this project.")
            report.emit()
            return
        state.pop("paused", None)
        files.write_state(state)
    report.line("Learning resumed for this project.")
    report.emit()


def register(app: typer.Typer) -> None:
    app.command("run", cls=LearnCommand)(run)
    app.add_typer(runs_app, name="runs")
    app.command("revert", cls=LearnCommand)(revert)
    app.command("pause", cls=LearnCommand)(pause)
    app.command("resume", cls=LearnCommand)(resume)
