"""`learn remember`, `learn vet` and `learn quarantine` (list, release, drop)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.cli.common import (DEFAULT_NAME, JsonOpt, LearnCommand, NameOpt, echo, open_existing_store,
                                       open_store, plural, print_json, settings, warn)

ModelOpt = Annotated[str | None, typer.Option(
    "--model", "-m", metavar="PROVIDER/MODEL", help="Model for the vet (one call), e.g. openai/gpt-4.1-mini, or "
                                                    "builtin for the offline check. Default: learn.model, else "
                                                    "the offline check.", show_default=False)]
TimeoutOpt = Annotated[float, typer.Option("--timeout", metavar="SECONDS", help="Seconds to wait for the model.",
                                           min=1, max=86_400)]


def _chat(model: str | None) -> Any:
    """The vet's model (``--model``, then learn.model), or None for the deterministic check."""
    from altimate_learn.reflect.providers import resolve_model

    resolved = settings()
    source = "ALTIMATE_LEARN_MODEL" if str(resolved.sources.get("model", "")).startswith("env") else "learn.model"
    resolution = resolve_model(model, configured=resolved.values.get("model"), configured_source=source,
                               providers=resolved.values.get("providers") or {})
    return resolution.chat


def _quoted(text: str) -> str:
    return '"' + text.rstrip(".") + '"'


def _split(values: list[str] | None) -> list[str] | None:
    """Comma-separated values; a comma inside `{…}` is a glob's alternatives (`docs/*.{md,mdx}`; review28 R28-13)."""
    out: list[str] = []
    for value in values or []:
        depth, part = 0, []
        for char in value:
            depth += (char == "{") - (char == "}")
            if char == "," and depth <= 0:
                out.append("".join(part).strip())
                part = []
                depth = 0
            else:
                part.append(char)
        out.append("".join(part).strip())
    out = [v for v in out if v]
    return out or None


def _folder_globs(globs: list[str] | None) -> list[str] | None:
    """A trigger without a glob character that names a folder of the project (`src/api`) matches no file: a path
    trigger matches files. It becomes the files in it (`src/api/**`), and says so (review31 R31-1)."""
    if not globs:
        return globs
    from altimate_learn.cli.common import current_project

    try:
        root = current_project().root
    except Exception:  # noqa: BLE001 - outside a project open_store says what to do
        return globs
    out = []
    for glob in globs:
        if not any(ch in glob for ch in "*?[{") and (root / glob.rstrip("/")).is_dir():
            folder = glob.rstrip("/") + "/**"
            typer.echo(f"--paths {glob} is a folder: the rule applies to the files in it ({folder}).", err=True)
            glob = folder
        out.append(glob)
    return out


def _path_triggers(values: list[str] | None) -> list[str] | None:
    """``--paths`` as path triggers: globs relative to the project root. A glob the curator would refuse is a
    usage error here (exit 2, nothing runs), never a rule that is silently stored unscoped or dropped."""
    if values is None:
        return None
    from altimate_learn.curate.deltas import MAX_PATHS
    from altimate_learn.curate.lint import path_problem

    example = "e.g. --paths 'models/staging/**'"
    globs = _split(values)
    if not globs:
        raise typer.BadParameter(f"no glob given: a path trigger is a glob relative to the project root, {example}; "
                                 "leave the option out for a rule that applies everywhere.", param_hint="--paths")
    for glob in globs:
        if glob.count("{") != glob.count("}"):
            raise typer.BadParameter(f"{glob!r} has an unclosed {{…}}: write alternatives as `docs/*.{{md,mdx}}` "
                                     f"(one glob), or separate globs with commas outside braces, {example}.",
                                     param_hint="--paths")
        problem = path_problem(glob)
        if problem:
            raise typer.BadParameter(f"{glob!r} {problem}: a path trigger is a glob relative to the project root "
                                     f"(no leading / or ..), {example}.", param_hint="--paths")
    if len(globs) > MAX_PATHS:
        raise typer.BadParameter(f"{len(globs)} globs: a rule takes at most {MAX_PATHS}.", param_hint="--paths")
    return globs


def remember_command(
    text: Annotated[str, typer.Argument(metavar="TEXT", help="The rule, as one sentence in quotes.",
                                        show_default=False)],
    paths: Annotated[list[str] | None, typer.Option(
        "--paths", metavar="GLOB", help="Where the rule applies: globs relative to the project root (repeat the "
                                        "flag or separate with commas; a comma inside {…} is the glob's own), e.g. "
                                        "'models/staging/**' or 'docs/*.{md,mdx}'; a folder of the project "
                                        "('src/api') means the files in it. Default: everywhere.",
        show_default=False)] = None,
    approve: Annotated[bool, typer.Option(
        "--approve", help="Approve it now (you are the reviewer): written to approved.json, the previous set "
                          "archived for `learn rollback`. Default: staged in the candidate.")] = False,
    signal: Annotated[str | None, typer.Option(
        "--signal", metavar="ID", help="The open signal (a correction no reflection learned from, see `learn signals "
                                       "--unlearned`; a unique start of its id will do) this rule is the lesson of: "
                                       "it is used up once the rule is kept.", show_default=False)] = None,
    model: ModelOpt = None,
    timeout: TimeoutOpt = 120.0,
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Teach a rule yourself. It replaces a lesson it restates, sharpens or contradicts (the old one is
    retired and named); an exception to a lesson ("Never use black on generated files." beside "Always use
    black.") sits beside it, named. It is vetted against the instruction files (AGENTS.md, CLAUDE.md, …), and is never
    dropped: a rule that conflicts with them is kept in quarantine with the reason. A rule that holds a secret
    (a password, a key) is refused and nothing is saved: state it without the value."""
    from altimate_learn.gates.remember import remember

    globs = _folder_globs(_path_triggers(paths))
    store = open_store(name)
    result = remember(store, text, paths=globs, approve=approve, chat=_chat(model), timeout=timeout, signal=signal)
    if globs:  # a typo in a glob is kept (the folder may come later), but said (review14 R14-25)
        from altimate_learn.cli.common import current_project
        from altimate_learn.review.triggers import project_files, unmatched

        for line in unmatched(globs, project_files(current_project().root)):
            warn(f"--paths {line}; the rule is saved with it (the folder may come later).")
    if as_json:
        print_json(result.to_json())
        return
    for old in result.replaced:
        when = "retired" if result.approved else "retired when the candidate is promoted"
        echo(f'Replaced an earlier lesson: {_quoted(old["text"])} ({old["id"]}, {when}).')
    if result.status == "quarantined":
        if result.already:
            echo(f"Already quarantined as {result.lesson_id} {_quoted(result.text)}: {result.reason}. Nothing was "
                 "added.")
        else:
            echo(f"Saved but quarantined {result.lesson_id} {_quoted(result.text)}: {result.reason}.")
        if result.source and str(result.reason or "").startswith("duplicates "):
            # the instruction file already says it: nothing to fix there (review14, on R14-4)
            echo(f"{result.source} already says this, and every agent reads it: nothing to add. Discard it with "
                 f"`learn quarantine drop {result.lesson_id}`; to keep it as a lesson too, "
                 f"`learn quarantine release {result.lesson_id} --force`.")
        elif result.source:
            echo(f"It will not be delivered. Fix {result.source} and run "
                 f"`learn quarantine release {result.lesson_id}`; if the vet is wrong, "
                 f"`learn quarantine release {result.lesson_id} --force`; or discard it with `learn quarantine drop "
                 f"{result.lesson_id}`.")
        else:  # the lint refused the wording: no instruction file to fix
            echo("It will not be delivered. Write the rule again without what the reason names (`learn remember "
                 f"\"…\"`) and discard this one with `learn quarantine drop {result.lesson_id}`.")
    elif result.status == "outside-cap":
        echo(f"Saved {result.lesson_id} {_quoted(result.text)} outside the cap: {result.reason}.")
        echo("It does NOT reach the agent. Fold the set down with `learn tidy`, or raise learn.max_in_force.")
    elif result.status == "repeated":
        echo(f"Already a lesson ({result.lesson_id}): {_quoted(result.text)}. Counted as helpful: a repeat means it "
             "matters.")
    else:
        echo(f"Remembered {result.lesson_id}: {_quoted(result.text)}.")
        # a lesson a note already names (the general rule of an exception, R35-19) is said there, in its words
        beside = [lid for lid in result.coexists
                  if not any(note.startswith(f"an exception to {lid} ") for note in result.notes)]
        if beside:
            which = "which stays" if len(beside) == 1 else "which stay"
            echo(f"It shares an identifier with {', '.join(beside)}, {which} beside it.")
    for note in result.notes:
        # approved by this command: nothing waits for a promotion (review38 R38-5)
        warn(note.replace("before you promote it", "(it is approved: `learn retire` the one that does not)")
             if result.approved else note)
    if result.signal_consumed:
        echo(f"Signal {result.signal} is used up by it (consumed; it no longer waits for a model or a person).")
    if result.flagged:
        echo(f"WARNING: {result.lesson_id} mentions skipping or disabling verification.")
    if result.status in ("quarantined", "outside-cap"):
        return
    if result.approved:
        from altimate_learn.review.render import version_label

        echo(f"Approved (previous set archived as {version_label(result.version)}; `learn rollback` undoes it). "
             "Delivered from the next session.")
        from altimate_learn.cli.review import share_lines

        for line in share_lines(store, [old["id"] for old in result.replaced])[1]:  # what to commit, as promote says
            echo(line)
        from altimate_learn.store.layout import written_line

        if (where := written_line(store)) is not None:
            echo(where)
    else:
        echo("Staged in the candidate: review it with `learn show`, approve it with `learn promote`.")


def vet_command(
    model: ModelOpt = None,
    timeout: TimeoutOpt = 120.0,
    as_json: JsonOpt = False,
    name: Annotated[str | None, typer.Option(
        "--name", metavar="NAME", help="Re-vet only this store. Default: every store of the project (delivery "
                                       "reads them all).", show_default=False)] = None,
) -> None:
    """Re-vet lessons that are stale (the instruction files changed since they were vetted) or were never
    vetted, in every store: passes are re-stamped and delivered again, conflicts with the instructions are
    quarantined. An approved lesson quarantined for an instruction line that is gone (the edit was reverted) is
    re-vetted too and delivered again when it passes. The hooks do this offline by themselves after an edit of
    the instruction files (the next capture, or a session start that finds stale lessons); this runs it now, or
    with a model (--model). A re-vet changes nothing else: lessons past learn.max_stored, or marked harmful
    enough to remove, are left for the next `learn reflect` or `learn curate` (it says so)."""
    from altimate_learn.gates.actions import VetRun, vet_store

    if name is not None:
        stores = [open_existing_store(name)]
    else:
        project = open_existing_store().project
        stores = [open_existing_store(n) for n in project.store_names()] or [open_existing_store()]
    chat = _chat(model)
    runs: dict[str, VetRun] = {}
    for store in stores:
        runs[store.name] = vet_store(store, chat=chat, timeout=timeout)
        if runs[store.name].errors:
            break
    run = VetRun(by=next(iter(runs.values())).by)
    for store_name, each in runs.items():
        run.checked += each.checked
        run.restamped += each.restamped
        run.quarantined += [dict(item, store=store_name) for item in each.quarantined]
        run.stale_left += each.stale_left
        run.unvetted_left += each.unvetted_left
        run.errors += each.errors
        run.notes += each.notes
        run.released += [dict(item, store=store_name) for item in each.released]
        if each.held.get("over_max_stored"):
            run.held["over_max_stored"] = run.held.get("over_max_stored", 0) + each.held["over_max_stored"]
        if each.held.get("harmful"):
            run.held["harmful"] = run.held.get("harmful", []) + each.held["harmful"]
    if as_json:
        out = run.to_json() if name is None else runs[name].to_json()
        if name is None:
            out["stores"] = {n: r.to_json() for n, r in runs.items()}
        print_json(out)
        return
    several = len(runs) > 1
    worked = [n for n, r in runs.items() if r.checked]
    if not run.checked and not run.errors and not run.released:
        where = "every lesson of every store" if several else "every lesson"
        echo(f"Nothing to re-vet: {where} was vetted against the current instruction files.")
    elif run.checked or run.errors:
        where = f" in store{'s' if len(worked) != 1 else ''} {', '.join(worked)}" if several and worked else ""
        echo(f"Re-vetted {plural(run.checked, 'lesson')} ({run.by}){where}: {run.restamped} re-stamped, "
             f"{len(run.quarantined)} quarantined.")
    for item in run.quarantined:
        store_of = f"{item['store']}/" if several else ""
        echo(f'  quarantined {store_of}{item["id"]} {_quoted(item["text"])}: {item["reason"]}')
    for item in run.released:
        store_of = f"{item['store']}/" if several else ""
        echo(f'  released {store_of}{item["id"]} {_quoted(item["text"])}: the instruction line it was quarantined for '
             "is gone and it passes the vet; delivered again.")
    for store_name, each in runs.items():
        if each.left():
            echo(f"  left as it is{f' in store {store_name}' if several else ''}: {each.left()}.")
    if run.quarantined:
        named = sorted({item["store"] for item in run.quarantined} - {DEFAULT_NAME}) if several else []
        flag = f" --name {named[0]}" if len(named) == 1 else " --name STORE" if named else ""
        echo(f"Their removal is staged in the candidate (`learn show{flag}`); `learn quarantine list{flag}` lists "
             "them.")
    for note in run.notes:
        warn(note)
    if run.stale_left:
        echo(f"{plural(run.stale_left, 'lesson')} still stale (held out of delivery): run `learn vet` again.")
    if run.errors:
        from altimate_learn.errors import LearnError

        raise LearnError(f"{run.errors[0]}; stale lessons stay held out of delivery.", "Run `learn vet` again.")


quarantine_app = typer.Typer(help="Rules that failed the vet: set aside with the reason, never delivered, never "
                                  "deleted.", no_args_is_help=True)


@quarantine_app.command("list", cls=LearnCommand)
def quarantine_list(as_json: JsonOpt = False, name: NameOpt = DEFAULT_NAME) -> None:
    """List the quarantined rules with the reason for each."""
    from altimate_learn.gates import quarantine

    store = open_existing_store(name)
    unreadable = quarantine.problem(store)
    if unreadable:
        from altimate_learn.errors import LearnError

        raise LearnError(unreadable, quarantine.UNREADABLE_HINT)
    items = quarantine.read(store, writing=False)
    if as_json:
        print_json({"store": name, "quarantined": [quarantine.view(i) for i in items]})
        return
    if not items:
        echo(f"Nothing is quarantined in store '{name}'.")
        return
    echo(f"{plural(len(items), 'lesson')} quarantined (failed the vet, never delivered):")
    for item in items:
        echo(f"  {quarantine.line(item)}")
    for hint in quarantine.hints(items):
        echo(hint)


def _quarantined_id(store: Any, query: str) -> str:
    """The quarantined lesson ``query`` names: its id, or the one id it is a unique prefix of (as for pin)."""
    from altimate_learn.gates import quarantine
    from altimate_learn.review.search import resolve_id

    return resolve_id(query, [item["id"] for item in quarantine.read(store, writing=False)]) or query.strip()


@quarantine_app.command("release", cls=LearnCommand)
def quarantine_release(
    lesson_id: Annotated[str, typer.Argument(metavar="ID", help="A quarantined lesson id, or a unique prefix of it.",
                                             show_default=False)],
    force: Annotated[bool, typer.Option(
        "--force", help="You checked and the vet is wrong: release it without re-vetting against the instruction "
                        "files. The lesson's provenance records that a person overruled the vet (shown by `learn "
                        "show`), and a later re-vet that finds the same conflict keeps it.")] = False,
    model: ModelOpt = None,
    timeout: TimeoutOpt = 120.0,
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Re-vet a quarantined rule against the instruction files as they are now; if it passes, it goes back to
    the candidate (or, if it is still approved, is delivered again). With --force you overrule the vet (you are
    the final reviewer)."""
    from altimate_learn.errors import LearnError
    from altimate_learn.gates.actions import release

    store = open_existing_store(name)
    lesson_id = _quarantined_id(store, lesson_id)
    result = release(store, lesson_id, chat=None if force else _chat(model), timeout=timeout, force=force)
    if as_json:
        print_json(result.to_json())
    if not result.released:
        if not result.source:  # it failed a check of its own text: no file to fix, --force does not release it
            from altimate_learn.gates import quarantine

            raise LearnError(f"{lesson_id} stays quarantined: {result.reason}.", quarantine.rewrite_hint(lesson_id))
        raise LearnError(f"{lesson_id} stays quarantined: {result.reason}.",
                         "Fix the instruction file it conflicts with; if the vet is wrong, release it anyway with "
                         f"`learn quarantine release {lesson_id} --force`; or drop the rule with "
                         f"`learn quarantine drop {lesson_id}`.")
    if as_json:
        return
    how = "you overruled the vet; it is" if force else "it passed the vet and is"
    if result.lesson_id == lesson_id:
        echo(f"Released {lesson_id}: {how} delivered again.")
    else:
        replaced = f"; it replaces {', '.join(result.replaced)}" if result.replaced else ""
        echo(f"Released {lesson_id}: {how} staged as {result.lesson_id}{replaced}. Review it with `learn show`, "
             "approve it with `learn promote`.")
    if force:
        from altimate_learn.gates.quarantine import OVERRULED

        echo(f'Its provenance records "{OVERRULED}: {result.reason}"; a re-vet that finds the same conflict keeps '
             "it.")


@quarantine_app.command("drop", cls=LearnCommand)
def quarantine_drop(
    lesson_id: Annotated[str, typer.Argument(metavar="ID", help="A quarantined lesson id, or a unique prefix of it.",
                                             show_default=False)],
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Discard a quarantined rule: it moves to retired.json with its reason (`learn search` still finds it)."""
    from altimate_learn.gates.actions import drop

    store = open_existing_store(name)
    lesson_id = _quarantined_id(store, lesson_id)
    result = drop(store, lesson_id)
    if as_json:
        print_json(result)
        return
    extra = " Its removal from the approved lessons is staged: run `learn promote`." if result["staged_removal"] else ""
    echo(f"Dropped {lesson_id}: retired with its reason.{extra}")


def tool_errors_command(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Session transcripts to scan (Claude Code / Codex / Gemini JSONL, an opencode database, aider's chat "
             "history, a Markdown export or a folder of them, a generic trajectory). Default: this project's sessions "
             "since --since.", show_default=False,
        metavar="PATH")] = None,
    session: Annotated[str | None, typer.Option(
        "--session", metavar="ID", help="Only this session of the project (an id from `learn sessions`).",
        show_default=False)] = None,
    harness: Annotated[str | None, typer.Option(
        "--harness", metavar="AGENT", help="Only this agent's sessions: claude-code, codex, opencode, gemini, "
                                           "aider, markdown or generic.", show_default=False)] = None,
    latest: Annotated[bool, typer.Option("--latest", help="Only the project's newest session (of --harness).")] = False,
    since: Annotated[str, typer.Option("--since", metavar="DURATION|DATE",
                                       help="Without PATH, --session or --latest: sessions active since then.")] = "30d",
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the recoveries found; write nothing.")] = False,
    as_json: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Learn from tools that failed and then worked with a different input: one record per tool and failure
    signature (input shapes, never values; for a shell command, the failed and the working command, redacted, and
    only when the second runs the first another way), proposed as lessons in the candidate."""
    from altimate_learn.capture.capture import readers_for
    from altimate_learn.capture.sessions import discover_sessions, find_session, read_session, session_to_open
    from altimate_learn.cli.capture import _check_harness, parse_since
    from altimate_learn.cli.common import current_project
    from altimate_learn.errors import LearnError
    from altimate_learn.gates import tool_errors

    _check_harness(harness)
    if latest and (paths or session):
        raise typer.BadParameter("use --latest alone (or with --harness), not with PATH or --session.",
                                 param_hint="--latest")
    project = current_project()
    store = open_store(name)
    if paths:
        readers = readers_for(paths, harness=harness, session_id=session, project_root=project.root)
    else:
        if session:
            found = [find_session(session, project.root)]
            if found[0] is None:
                raise LearnError(f"no session '{session}' found for this project ({project.root}).",
                                 "`learn sessions` lists them; or pass the transcript's path.")
        else:
            found = discover_sessions(project.root, harness=harness, since=None if latest else parse_since(since))
            found = found[:1] if latest else found
        readers = [read_session(Path(info.path), harness=info.harness,
                                session_id=session_to_open(info))
                   for info in found if info is not None]
    recoveries, calls, count = tool_errors.collect(readers)
    if dry_run:
        data = {"sessions": count, "tool_calls": calls, "recoveries": [
            {"tool": r.tool, "sig": r.sig, "change": r.change, "attempts": r.attempts, "session": r.session,
             **({"forms": r.forms} if r.shell else {}),
             "lesson": tool_errors.lesson_text({"tool": r.tool, "sig": r.sig, "change": r.change, "forms": r.forms}),
             "proposable": tool_errors.not_proposed_reason({"sig": r.sig, "change": r.change, "failed": r.failed,
                                                            "shell": r.shell, "forms": r.forms}) is None}
            for r in recoveries]}
        if as_json:
            print_json(data)
            return
        echo(f"{plural(count, 'session')}, {plural(calls, 'tool call')}: {plural(len(recoveries), 'recovery', 'recoveries')}.")
        for item in data["recoveries"]:
            why = "" if item["proposable"] else (
                "only an exit code" if tool_errors.bare(item["sig"]) else "what worked is not the same command run "
                                                                            "another way")
            echo(f"  {item['lesson']}" + (f" (would not be proposed: {why})" if why else ""))
        echo("Nothing was written (--dry-run).")
        return
    run = tool_errors.record_and_propose(store, recoveries)
    run.sessions, run.tool_calls = count, calls
    if as_json:
        print_json(run.to_json())
        return
    echo(f"{plural(count, 'session')}, {plural(calls, 'tool call')}: "
         f"{plural(len(recoveries), 'recovery', 'recoveries')} ({len(run.merge.new)} new, "
         f"{len(run.merge.improved)} improved, {run.merge.seen_again + run.merge.already} seen before).")
    for item in run.proposed:
        echo(f"  proposed {item['id']}: {item['text']}")
    for item in run.rejected:
        echo(f'  not proposed "{item["text"]}": {item["reason"]}')
    if run.waiting:
        echo(f"{plural(run.waiting, 'record')} wait for the next run (at most {tool_errors.MAX_PROPOSALS} a run).")
    if run.proposed:
        echo("Review them with `learn show`, approve them with `learn promote`.")


def register(app: typer.Typer) -> None:
    app.command("remember", cls=LearnCommand)(remember_command)
    app.command("vet", cls=LearnCommand)(vet_command)
    app.add_typer(quarantine_app, name="quarantine")
    app.command("tool-errors", cls=LearnCommand)(tool_errors_command)
