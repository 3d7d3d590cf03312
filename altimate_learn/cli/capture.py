"""`learn capture`, `learn sessions`, `learn signals`, `learn signal add`, `learn signal dismiss`.

These explicit commands work whether or not `learn.capture` is on: that setting only governs automatic
capture by the hooks.
"""

from __future__ import annotations

import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.cli.common import LearnCommand, DEFAULT_NAME, JsonOpt, NameOpt, current_project, echo, open_existing_store, \
    open_store, print_json, settle_capture
from altimate_learn.errors import LearnError

HarnessOpt = Annotated[str | None, typer.Option(
    "--harness", metavar="AGENT", help="claude-code, codex, opencode, gemini, aider, markdown or generic.",
    show_default=False)]
MAX_SIGNAL_INPUT = 1024 * 1024  # a signal keeps 2,000 characters; never read more than this from a file

_DURATION = re.compile(r"^\s*(\d+)\s*([hdw])\s*$", re.I)


def parse_since(value: str | None) -> datetime | None:
    """`30d`, `24h`, `4w`, or an ISO date/time (UTC when it has no offset)."""
    if value is None:
        return None
    match = _DURATION.match(value)
    if match:
        amount = int(match.group(1))
        unit = match.group(2).lower()
        delta = {"h": timedelta(hours=amount), "d": timedelta(days=amount), "w": timedelta(weeks=amount)}[unit]
        return datetime.now(timezone.utc) - delta
    from altimate_learn.capture.sessions._io import parse_time

    parsed = parse_time(value)
    if parsed is None:
        raise typer.BadParameter(f"'{value}' is not a duration (30d, 24h, 4w) or an ISO date (2025-06-01).",
                                 param_hint="--since")
    return parsed


def _check_harness(harness: str | None) -> str | None:
    from altimate_learn.capture.sessions import HARNESSES

    if harness is not None and harness not in HARNESSES:
        raise typer.BadParameter(f"'{harness}' is not one of: {', '.join(HARNESSES)}.", param_hint="--harness")
    return harness


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


# --- learn capture ---------------------------------------------------------------------------------------

def capture(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Session transcripts (Claude Code / Codex / Gemini JSONL, an opencode database or storage "
             "folder, aider's .aider.chat.history.md (every run in it), a Markdown export of a session or a "
             "folder of them such as .specstory/history, or a generic JSONL trajectory).", show_default=False,
        metavar="PATH")] = None,
    session: Annotated[str | None, typer.Option(
        "--session", metavar="ID", help="Capture this session of the project (an id from `learn sessions`; with an "
                          "opencode database, aider history or Markdown folder PATH, the session in it).",
        show_default=False)] = None,
    harness: HarnessOpt = None,
    latest: Annotated[bool, typer.Option("--latest", help="Capture the project's newest session "
                                                          "(of --harness, if given).")] = False,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Record signals (corrections, failing tools) from agent sessions into the store.

    Give transcript paths, --session ID, or --latest. Prints what each session held; capturing a session
    again adds nothing new. Works whether or not learn.capture is on.
    """
    from altimate_learn.capture.capture import capture_paths, capture_session
    from altimate_learn.capture.sessions import discover_sessions, find_session, session_to_open

    _check_harness(harness)
    if latest and (paths or session):
        raise typer.BadParameter("use --latest alone (or with --harness), not with PATH or --session.",
                                 param_hint="--latest")
    if not paths and not session and not latest:
        raise typer.BadParameter("say what to capture: PATH..., --session ID, or --latest.", param_hint="PATH")
    project = current_project()
    store = open_store(name)
    from altimate_learn.harness.capture_worker import learn_transcript_secrets
    from altimate_learn.redact import remembering

    # A secret any of these sessions held (typed, quoted by the agent, read by a tool) is redacted wherever a
    # signal repeats it: the transcripts are read for their secrets first, then captured in the same scope.
    with remembering() as memory:
        if paths:
            for path in paths:  # a file, or an opencode storage folder or database with --session
                learn_transcript_secrets(str(path), memory, _quiet, harness=harness, session_id=session)
            summaries = capture_paths(store, paths, harness=harness, session_id=session, project_root=project.root)
            from altimate_learn.learner.sources import remember_captured

            remember_captured(project, [(s.harness, s.session_id, s.path) for s in summaries])
        else:
            if session:
                info = find_session(session, project.root)
                if info is None or (harness and info.harness != harness):
                    raise LearnError(f"no session '{session}' found for this project ({project.root}).",
                                     "`learn sessions` lists them; or pass the transcript's path.")
            else:
                found = discover_sessions(project.root, harness=harness)
                if not found:
                    which = f"{harness} sessions" if harness else "sessions"
                    raise LearnError(f"no {which} of this project ({project.root}) found on this machine.",
                                     "Run the agent in this project first, or pass a transcript's path.")
                info = found[0]
            learn_transcript_secrets(info.path, memory, _quiet, harness=info.harness,
                                     session_id=session_to_open(info))
            summaries = [capture_session(store, info)]
    if json_out:
        print_json({"store": name, "sessions": [s.to_dict() for s in summaries],
                    "added": sum(len(s.signal_ids) for s in summaries)})
        return
    for s in summaries:
        st = s.stats
        echo(f"{s.harness} {s.session_id} ({s.path})")
        seen = [_plural(st.user_messages, "user message")]
        if st.interruptions:
            seen.append(_plural(st.interruptions, "interruption"))
        if st.rejections:
            seen.append(_plural(st.rejections, "rejection"))
        seen.append(_plural(st.tool_calls, "tool call"))
        echo("  " + ", ".join(seen))
        echo(f"  {_plural(s.corrections_added, 'correction')} added, {s.tool_retry_added} tool_retry added, "
             f"{_plural(s.duplicates_skipped, 'duplicate')} skipped, "
             f"{_plural(st.malformed_lines, 'malformed line')} skipped")
    total = sum(len(s.signal_ids) for s in summaries)
    echo(f"{_plural(total, 'new signal')} recorded in store '{name}'."
         + (" `learn signals` lists them." if total else ""))


# --- learn sessions --------------------------------------------------------------------------------------

def sessions(
    harness: HarnessOpt = None,
    since: Annotated[str | None, typer.Option(
        "--since", metavar="DURATION|DATE", help="Only sessions active since then: 30d, 24h, 4w or an ISO date.",
        show_default=False)] = None,
    json_out: JsonOpt = False,
) -> None:
    """List this project's agent sessions on this machine, newest first."""
    from altimate_learn.capture.sessions import discover_sessions

    _check_harness(harness)
    cutoff = parse_since(since)
    project = current_project()
    found = discover_sessions(project.root, harness=harness, since=cutoff, count_messages=True)
    if json_out:
        print_json([{"harness": s.harness, "id": s.id, "path": s.path, "cwd": s.cwd, "started": s.started,
                     "updated": s.updated, "message_count": s.message_count, "title": s.title,
                     "model": s.model} for s in found])
        return
    if not found:
        which = f"{harness} sessions" if harness else "sessions"
        echo(f"No {which} of this project ({project.root}) found"
             + (f" since {cutoff.date().isoformat()}" if cutoff else "") + ".")
        return
    rows = [(s.harness, s.id, _short_time(s.started), str(s.message_count)) for s in found]
    widths = [max(len(r[i]) for r in rows + [("HARNESS", "ID", "STARTED", "MESSAGES")]) for i in range(4)]
    header = ("HARNESS", "ID", "STARTED", "MESSAGES")
    for row in [header, *rows]:
        echo("  ".join(cell.ljust(widths[i]) if i < 3 else cell for i, cell in enumerate(row)).rstrip())


def _short_time(value: str | None) -> str:
    from altimate_learn.capture.sessions._io import parse_time

    parsed = parse_time(value)
    return parsed.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M") if parsed else "?"


# --- learn signals / learn signal add --------------------------------------------------------------------

def signals(
    session: Annotated[str | None, typer.Option("--session", metavar="ID", help="Only this session's signals.",
                                                show_default=False)] = None,
    all_: Annotated[bool, typer.Option("--all", help="Include consumed signals.")] = False,
    unlearned_: Annotated[bool, typer.Option(
        "--unlearned", help="Only open signals no reflection could learn from yet, with the reason; they wait "
        "for a model or a person (`learn remember`, or `learn signal dismiss ID`).")] = False,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """List the store's signals (open ones unless --all)."""
    from altimate_learn.capture.signals import list_signals

    store = open_existing_store(name)
    settle_capture(store.project)
    if unlearned_:
        if all_:
            raise typer.BadParameter("--unlearned lists open signals only; drop --all.", param_hint="--all")
        _list_unlearned(store, name, session, json_out)
        return
    found = list_signals(store, session=session, include_consumed=all_)
    if json_out:
        print_json(found)
        return
    if not found:
        what = "signals" if all_ else "open signals"
        echo(f"No {what} in store '{name}'" + (f" for session {session}" if session else "") + ".")
        return
    for sig in found:
        first = " ".join(sig["text"].split())
        if len(first) > 100:
            first = first[:99] + "\u2026"
        echo(f"{sig['id']}  {sig['kind']:<15}  {sig['status']:<8}  {sig['sessionID']}")
        echo(f"    {first}")
    echo(f"{_plural(len(found), 'signal')}.")


def _list_unlearned(store: Any, name: str, session: str | None, json_out: bool) -> None:
    from altimate_learn.capture.unlearned import WAY_OUT, waiting

    found = waiting(store, session=session)
    if json_out:
        print_json([{**w.signal, "unlearned": {"reason": w.reason, "at": w.at}} for w in found])
        return
    if not found:
        echo(f"No signals wait for a model or a person in store '{name}'" + (f" for session {session}" if session else "")
             + ".")
        return
    for w in found:
        first = " ".join(w.signal["text"].split())
        echo(f"{w.signal['id']}  {w.signal['kind']:<15}  {w.signal['sessionID']}")
        echo(f"    {first[:99] + chr(0x2026) if len(first) > 100 else first}")
        echo(f"    why no lesson: {w.reason}")
    echo(f"{_plural(len(found), 'signal')} wait{'s' if len(found) == 1 else ''} for a model or a person: "
         f"a model reflection (`learn reflect --pending -m PROVIDER/MODEL`) reads them, or {WAY_OUT}.")


signal_app = typer.Typer(help="Add signals by hand (review comments, CI failures, your own notes), or dismiss one.",
                         no_args_is_help=True)


_KINDS = {"review": "review", "ci": "ci", "user": "user_correction"}


@signal_app.command("add", cls=LearnCommand)
def signal_add(
    kind: Annotated[str, typer.Option("--kind", metavar="KIND", help="review, ci or user (stored as user_correction).",
                                      show_default=False)],
    text: Annotated[str | None, typer.Option("--text", help="The feedback text.", show_default=False)] = None,
    file: Annotated[str | None, typer.Option("--file", metavar="FILE|-", help="Read the text from a file ('-' for stdin).",
                                             show_default=False)] = None,
    session: Annotated[str, typer.Option("--session", metavar="ID", help="Session the feedback belongs to.")] = "external",
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Record one signal (redacted and clipped to 2,000 characters; the same text twice is kept once)."""
    from altimate_learn.capture.signals import NewSignal, append_signals

    if kind not in _KINDS:
        raise typer.BadParameter(f"'{kind}' is not one of: review, ci, user.", param_hint="--kind")
    if (text is None) == (file is None):
        raise typer.BadParameter("give exactly one of --text or --file.", param_hint="--text/--file")
    if not session.strip():
        raise typer.BadParameter("the session id is empty.", param_hint="--session")
    body = text if text is not None else _read_text(file or "-")
    if not body.strip():
        raise LearnError("the signal text is empty.", "Pass the feedback with --text or --file.")
    store = open_store(name)
    stored = _KINDS[kind]
    added = append_signals(store, [NewSignal(kind=stored, session_id=session, text=body,
                                             reason=f"added by hand ({kind})")])
    if json_out:
        print_json({"added": bool(added), "signal": added[0] if added else None})
        return
    if added:
        echo(f"Recorded signal {added[0]['id']} ({stored}, session {session}) in store '{name}'.")
    else:
        echo(f"Already recorded: the same {stored} text for session {session} is in store '{name}'.")


@signal_app.command("dismiss", cls=LearnCommand)
def signal_dismiss(
    signal_id: Annotated[str, typer.Argument(metavar="ID", help="The open signal (see `learn signals --unlearned`; a unique "
                                             "start of its id will do).",
                                             show_default=False)],
    reason: Annotated[str | None, typer.Option("--reason", help="Why it holds no lesson (kept in history).",
                                               show_default=False)] = None,
    json_out: JsonOpt = False,
    name: NameOpt = DEFAULT_NAME,
) -> None:
    """Mark an open signal as holding no lesson: it is consumed, recorded in history, and never reflected on."""
    from altimate_learn.capture.unlearned import dismiss

    store = open_existing_store(name)
    signal = dismiss(store, signal_id.strip(), reason)
    if json_out:
        print_json({"dismissed": signal["id"], "signal": signal})
        return
    echo(f"Dismissed signal {signal['id']} ({signal['kind']}, session {signal['sessionID']}); no reflection will read it.")


def _read_text(source: str) -> str:
    if source == "-":
        data: Any = sys.stdin.buffer.read(MAX_SIGNAL_INPUT) if hasattr(sys.stdin, "buffer") else \
            sys.stdin.read(MAX_SIGNAL_INPUT)
        where = "standard input"
    else:
        path = Path(source).expanduser()
        if not path.is_file():
            raise LearnError(f"{source} does not exist or is not a file.", "Check the path given to --file.")
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_SIGNAL_INPUT)
        except OSError as exc:
            raise LearnError(f"{source} cannot be read: {exc.strerror or exc}.", "Check the file.") from None
        where = source
    if isinstance(data, str):
        return data
    if b"\x00" in data[:8192]:
        raise LearnError(f"{where} is binary, not text.", "Pass a text file (UTF-8).")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 4 and len(data) == MAX_SIGNAL_INPUT:
            return data[: exc.start].decode("utf-8")  # a character cut by the read limit
        raise LearnError(f"{where} is not UTF-8 text.", "Convert it to UTF-8 first.") from None


def register(app: typer.Typer) -> None:
    app.command("capture", cls=LearnCommand)(capture)
    app.command("sessions", cls=LearnCommand)(sessions)
    app.command("signals", cls=LearnCommand)(signals)
    app.add_typer(signal_app, name="signal")


def _quiet(message: str) -> None:
    """Reading a transcript for its secrets fails silently: capturing it says what is wrong, in one line."""
