"""`learn deliver` (the hooks' selection from the command line) and `learn export agents-md`."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from altimate_learn.cli.common import LearnCommand, JsonOpt, Report, current_project, echo, print_json, warn
from altimate_learn.errors import LearnError


def deliver(
    session: Annotated[str, typer.Option("--session", metavar="ID", help="Session id: what was shown in it is shown only once.",
                                         show_default=False)],
    request: Annotated[str | None, typer.Option("--request", help="A user request (the first request of a "
                                                "session gets the session-start lessons).", show_default=False)] = None,
    file: Annotated[str | None, typer.Option("--file", metavar="PATH", help="A file the agent reads or edits (file lessons).",
                                             show_default=False)] = None,
    agent: Annotated[str | None, typer.Option("--agent", metavar="AGENT", help="The agent whose session start to "
                                              "show: claude-code, codex, gemini or opencode (default: one that "
                                              "loads none of the instruction files).", show_default=False)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Select lessons exactly as the agent hooks do, and record them as shown in that session.

    The first --request of a new session gets the session-start section (core and retrieved lessons) and the
    learner's learn:learned blocks of AGENTS.md, AGENTS.local.md and your global file that the agent does not
    load itself, all within learn.budget_tokens (when they and the lessons do not both fit, the notes take at most
    half of it; what is left out is named);
    later ones get the per-request tier; --file gets the file tier. Prints the text an agent would see;
    when nothing is new, says why, with the lessons' ids: the matching lessons were already shown in this
    session, say the same as one shown or set the same thing to another value, a limit was reached, or no
    lesson matched (and which lessons share too few words with the request to count).
    """
    from altimate_learn.deliver.engine import Delivery
    from altimate_learn.deliver.settings import delivery_settings
    from altimate_learn.deliver.state import LockBusy, clean_session_id

    if (request is None) == (file is None):
        raise typer.BadParameter("pass exactly one of --request or --file.", param_hint="--request / --file")
    if agent is not None and agent not in AGENTS:
        raise typer.BadParameter(f"choose one of {', '.join(AGENTS)}.", param_hint="--agent")
    session_id = clean_session_id(session)
    if session_id is None:
        raise typer.BadParameter("the session id is empty.", param_hint="--session")
    paths = current_project()
    cwd = os.getcwd()
    settings = delivery_settings(str(paths.root), cwd, warn=warn)  # says which setting or file the hooks pass over
    result_base = {"session": session_id, "event": "request" if request is not None else "file",
                   "enabled": bool(settings["enabled"])}
    if not settings["enabled"]:
        note = "learning is turned off (learn.enabled is false or ALTIMATE_LEARN=0); nothing was delivered"
        if as_json:
            print_json({**result_base, "text": "", "lessons": [], "note": note, "already_shown": []})
        else:
            warn(note + ".")
        return
    notes: list[str] = []
    engine = Delivery(str(paths.root), cwd, settings, agent or "cli", notes.append)
    learned = ""  # the learner's blocks the agent gets with the session start (harness/learned_notes)
    if not engine.has_lessons_or_state(session_id):  # imports an old skill-file playbook first
        result = {"text": "", "lessons": [], "note": "this project has no approved lessons", "already_shown": []}
        if request is not None:
            learned = _learned(paths.root, agent, notes.append, settings["budget_tokens"])
    else:
        try:
            data = engine.open(session_id)
            try:
                if request is not None:
                    if data["first_request"] is None and data["section"] is None:
                        from altimate_learn.harness.hook import _notes_budget, _tokens

                        learned = _learned(paths.root, agent, notes.append, _notes_budget(engine))
                    outcome = engine.request(request, None, _tokens(learned) if learned else 0)
                else:
                    outcome = engine.file(file or "")
            finally:
                engine.close()
        except LockBusy:
            raise LearnError("the learn lock is held by another process (waited 5 s); nothing was delivered.",
                             "Wait for it to finish and run the command again.") from None
        result = outcome.as_dict()
    if learned:
        result["text"] = "\n\n".join(t for t in (result["text"], learned) if t)
    result["learned_notes"] = learned
    from altimate_learn.gates.report import held_stale_note

    stale, stale_note = held_stale_note(paths)
    if stale_note and not result["text"] and result["note"] in ("no approved lessons",
                                                                "this project has no approved lessons"):
        result["note"] = stale_note  # every approved lesson is held out: say why, not "no approved lessons"
        stale_note = None
    from altimate_learn.gates.doctor import delivery_fallbacks, fallback_line
    from altimate_learn.team.resolve import unfinished_files, unfinished_line

    # a merge stopped on a conflict: these lessons come from the last good set; said as status and doctor say it
    fallbacks, unfinished = delivery_fallbacks(paths), unfinished_files(paths)
    if as_json:
        print_json({**result_base, **result, "skipped": [n for n in notes if "left out" in n or "skipped" in n],
                    "stale": stale, "fallbacks": fallbacks, "unfinished_merge": unfinished})
        return
    for note in notes:
        if not (fallbacks and "delivering the last good set" in note):
            warn(note)
    for item in fallbacks:
        warn(fallback_line(item) + ".")
    if unfinished:
        warn(unfinished_line(unfinished) + ".")
    if result["text"]:
        echo(result["text"])
    else:
        warn(f"nothing {'new ' if result['already_shown'] else ''}to deliver: {result['note']}.")
    if stale_note:
        warn(stale_note + ".")


AGENTS = ("claude-code", "codex", "gemini", "opencode")


def _learned(root: Path, agent: str | None, log, tokens: int) -> str:
    """The learn:learned blocks ``agent`` (None: one that loads none of the files) gets at session start."""
    from altimate_learn.harness.learned_notes import notes

    return notes(str(root), agent or "cli", lambda line: log(line) if " left out" in line else None, tokens=tokens)


def export_agents_md(
    path: Annotated[Path | None, typer.Option("--path", help="The file to write (created if missing). Default: "
                                              "AGENTS.md at the project root.", show_default=False)] = None,
    name: Annotated[str | None, typer.Option("--name", metavar="NAME", help="Only this store (default: every store).",
                                             show_default=False)] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the new file; write nothing.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Write the approved core lessons into AGENTS.md, between <!-- learn:lessons --> markers.

    For agents without hooks. Only the text between the markers changes; a file without markers gets the
    block appended, and a missing file is created only when there are lessons to write. A file with
    unbalanced markers is refused.
    """
    from altimate_learn.deliver.settings import delivery_settings
    from altimate_learn.harness.agents_md import export
    from altimate_learn.store.paths import validate_store_name

    paths = current_project()
    if name is not None:
        validate_store_name(name)
        if not (paths.store_dir(name) / "approved.json").is_file():
            raise LearnError(f"store '{name}' has no approved lessons ({paths.store_dir(name) / 'approved.json'}).",
                             "Run `learn status` to see the stores, or leave out --name to use every store.")
    target = paths.root / "AGENTS.md" if path is None else (path if path.is_absolute() else Path.cwd() / path)
    settings = delivery_settings(str(paths.root), os.getcwd(), warn=warn)
    status, count, text = export(paths.root, target, settings, name, dry_run=dry_run, log=warn)
    lessons = f"{count} lesson{'s' if count != 1 else ''}"
    if status not in ("nothing", "written", "unchanged") and not dry_run:
        raise LearnError(f"{target} changed while it was being written; it was left alone.",
                         "Run the command again.")
    report = Report(as_json, path=str(target), status=status, lessons=count, dry_run=dry_run,
                    text=text if dry_run and status != "nothing" else None)
    if status == "nothing":
        report.line(f"Nothing to write: there are no approved lessons to export, so {target} was not "
                    f"{'changed' if target.exists() else 'created'}.")
    elif dry_run:
        report.line((text or "").rstrip("\n"))
    elif status == "written":
        report.line(f"Wrote {lessons} to {target} (between the learn:lessons markers).")
    else:
        report.line(f"{target} is already up to date ({lessons}).")
    report.emit()


export_app = typer.Typer(help="Export approved lessons for agents without hooks.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.command("deliver", cls=LearnCommand)(deliver)
    export_app.command("agents-md", cls=LearnCommand)(export_agents_md)
    app.add_typer(export_app, name="export")
