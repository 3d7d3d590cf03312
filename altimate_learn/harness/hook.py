"""`learn hook <harness>`: one agent hook event in (JSON on stdin), lessons out, in the agent's format.

The hook never breaks the agent: whatever happens (stdin that is not JSON, an event with missing or
unexpected fields, corrupt state, an unreadable store, a lock held by another process past ~5 s, a
read-only folder, a bug) it prints nothing, exits 0 and, when the project has a learn folder, logs the
reason to `.altimate-code/learn/.sessions/hook.log`. Output is written only once everything succeeded.

It is also fast: this module and everything it imports on the way to an answer are standard library
only, a project without `.altimate-code/learn/` costs one walk up the folder tree, and
`ALTIMATE_LEARN=0` returns before anything is read. An agent CLI that learn itself runs as a reflection model
(its working folder, or `ALTIMATE_LEARN_MODEL_CALL=1`) gets nothing and is never captured.
"""

from __future__ import annotations

import os
import sys

from altimate_learn.deliver import fastjson
from altimate_learn.harness import CHECK_EVENT, HARNESSES, Event

# Tools (any harness, lowercased) that change the files they name. A file's lessons are served at its first
# event; an edit after a read gets a second batch (see Delivery.file).
WRITE_TOOLS = frozenset({"edit", "multiedit", "write", "notebookedit", "apply_patch", "applypatch", "patch",
                         "write_file", "replace"})


def find_root(start: str) -> str:
    """The nearest folder from ``start`` upward holding `.altimate-code/` or `.git` (else ``start``); like git, never
    in or above a ``GIT_CEILING_DIRECTORIES`` folder (as :func:`altimate_learn.worktree.search_folders`, without
    importing it: a project that never used learn imports nothing more)."""
    here = os.path.abspath(start)
    ceilings = {os.path.realpath(entry) for entry in os.environ.get("GIT_CEILING_DIRECTORIES", "").split(os.pathsep)
                if os.path.isabs(entry)}
    probe = here
    while True:
        if os.path.isdir(os.path.join(probe, ".altimate-code")) or os.path.exists(os.path.join(probe, ".git")):
            return probe
        parent = os.path.dirname(probe)
        if parent == probe or (ceilings and (parent in ceilings or os.path.realpath(parent) in ceilings)):
            return here
        probe = parent


def main(argv: list[str]) -> int:
    log = None
    try:
        log = _log_for_cwd(argv)
        text = run(argv, log)
        if text:
            try:
                sys.stdout.write(text + "\n")
                sys.stdout.flush()
            except (BrokenPipeError, OSError, ValueError):
                pass
    except BaseException as exc:  # noqa: BLE001 - a hook must never fail the agent
        try:
            if log is not None:
                log.hold = False
                from altimate_learn.redact import redact  # the error can quote the payload

                log(f"hook failed: {type(exc).__name__}: {redact(str(exc))}")
        except BaseException:  # noqa: BLE001
            pass
    fsio = sys.modules.get("altimate_learn.store.fsio")
    if fsio is not None and log is not None:  # unreadable lines of a state file it read or repaired: logged, not said
        fsio.log_notices(log)
    return 0


class _DeferredLog:
    """Logs to the project's hook.log once the project is known; before that, remembers the lines."""

    def __init__(self, harness: str) -> None:
        self.harness = harness
        self.target = None
        self.pending: list[str] = []
        self.hold = True

    def attach(self, learn_dir: str) -> None:
        from altimate_learn.deliver.state import HookLog

        self.target = HookLog(learn_dir, self.harness)
        for line in self.pending:
            self.target(line)
        self.pending = []

    def __call__(self, message: str) -> None:
        if self.target is not None:
            self.target(message)
            return
        self.pending.append(message)
        if not self.hold:  # a failure before the project was known: log where we are, if learn lives here
            root = find_root(os.getcwd())
            local_dir = _local_dir(root)
            if local_dir is not None and _enabled(root, os.getcwd()):
                self.attach(local_dir)


def _local_dir(root: str) -> str | None:
    """The repository's learn folder of local state (the hook log, sessions, signals) when learn is used in
    this checkout or in the repository it is a worktree of; None otherwise (nothing is read or written)."""
    learn_dir = os.path.join(root, ".altimate-code", "learn")
    if os.path.isdir(learn_dir) or os.path.isfile(os.path.join(root, ".git")):
        from altimate_learn.worktree import locate

        local = locate(root).local_dir
        if os.path.isdir(learn_dir) or os.path.isdir(local):
            return local
    return None


def _enabled(root: str, cwd: str) -> bool:
    """learn.enabled for this project (False when the settings cannot be read: then write nothing)."""
    try:
        from altimate_learn.deliver.settings import delivery_settings

        return bool(delivery_settings(root, cwd)["enabled"])
    except Exception:  # noqa: BLE001
        return False


def _log_for_cwd(argv: list[str]) -> _DeferredLog:
    return _DeferredLog(argv[0] if argv else "")


def _read_stdin() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is not None:
        return stream.read()
    return (sys.stdin.read() if sys.stdin else "").encode("utf-8", "surrogateescape")


def _disabled_by_env() -> bool:
    # ALTIMATE_LEARN=0/false: the kill switch, checked before anything is imported or read
    return (os.environ.get("ALTIMATE_LEARN") or "").strip().lower() in ("0", "false")


def _without_lone_surrogates(text: str) -> str:
    """JSON text whose `\\uD800`-`\\uDFFF` escapes that do not form a pair become U+FFFD.

    A lone surrogate decodes to a str that cannot be written as UTF-8, so every later step (the session
    state, the shown log) would fail and the prompt would get no lessons; a paired one is a real character.
    """
    import re

    return re.sub(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                  r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}", r"\\ufffd", text)


def run(argv: list[str], log) -> str:
    """The text to print for this hook call ("" for nothing)."""
    harness = argv[0] if argv else ""
    module_name = HARNESSES.get(harness)
    if sys.stdin is None or sys.stdin.isatty():
        return ""  # run by hand without a payload: nothing to answer, and never wait for a keyboard
    raw = _read_stdin()
    if _disabled_by_env():
        return ""
    if module_name is None:
        log.hold = False
        log(f"unknown harness {harness!r} (known: {', '.join(HARNESSES)})")
        return ""
    text = raw.decode("utf-8", "replace")
    if "\\ud" in text or "\\uD" in text:
        text = _without_lone_surrogates(text)
    try:
        payload = fastjson.loads(text) if raw.strip() else None
    except ValueError:
        payload = None
    if not isinstance(payload, dict):
        log.hold = False
        log("stdin is not a JSON object; ignored")
        return ""
    if payload.get("hook_event_name") == CHECK_EVENT:
        from altimate_learn import __version__

        return fastjson.dumps({"altimate_learn": __version__, "harness": harness, "python": sys.executable})
    # A project that never used learn costs one walk up the folders: nothing else is imported or read.
    where = payload.get("cwd") or payload.get("directory")
    cwd = where if isinstance(where, str) and where and os.path.isdir(where) else os.getcwd()
    if os.environ.get("ALTIMATE_LEARN_MODEL_CALL") == "1":
        return ""  # an agent CLI that learn runs as its model: never deliver to it or capture from it
    root = find_root(cwd)
    local_dir = _local_dir(root)
    if local_dir is None:
        if not os.path.isdir(os.path.join(root, ".altimate-code", "skills")):
            return ""
        local_dir = os.path.join(root, ".altimate-code", "learn")  # altimate-code's earlier playbook: imported
    from altimate_learn.markers import is_model_call_dir

    if is_model_call_dir(cwd):  # the same, should the environment not have reached this hook
        return ""
    adapter = __import__(f"altimate_learn.harness.{module_name}", fromlist=["parse"])
    event = adapter.parse(payload)
    if event is None or not without_our_text(event):
        return ""
    log.attach(local_dir)
    if harness == "codex" and event.kind == "tool" and event.phase == "post" and b"ad_hoc" in raw:
        _codex_note(event, local_dir, log)
    # An event whose answer cannot carry context (Stop, Gemini's BeforeTool, …) must not select lessons:
    # they would be recorded as shown without the agent ever seeing them.
    can_inject = bool(adapter.respond(event, "probe"))
    text = handle(event, getattr(adapter, "NAME", harness), root, cwd, log, can_inject=can_inject, raw=raw)
    return adapter.respond(event, text) if text else ""


def _codex_note(event: Event, local_dir: str, log) -> None:
    """A Codex tool call that wrote an ad-hoc note (a rule the person asked Codex to remember): the note is this
    repository's (:func:`altimate_learn.capture.sessions.codex_memory.record_notes`)."""
    tool_input = event.tool_input
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    if not isinstance(command, str):
        return
    try:
        from altimate_learn.capture.sessions.codex_memory import record_notes
        from altimate_learn.deliver.state import SESSIONS

        names = record_notes(command, os.path.join(local_dir, SESSIONS))
    except Exception as exc:  # noqa: BLE001 - never stops the hook
        log(f"{event.name}: the Codex note this call wrote was not recorded ({type(exc).__name__})")
        return
    if names:
        log(f"{event.name}: Codex wrote the ad-hoc note{'s' if len(names) != 1 else ''} {', '.join(names)} in this "
            "repository's session (`learn import-memories` reads it)")


def without_our_text(event: Event) -> bool:
    """Remove what learn injected, in every form the agent echoes it (raw, escaped, wrapped, in front of the
    prompt), from the event's prompt and tool output, before capture classifies or stores them and delivery
    matches lessons against them (:func:`altimate_learn.markers.strip_injected`). False for a prompt that held
    nothing else: no one typed it."""
    from altimate_learn.markers import strip_injected

    if event.kind == "prompt":
        event.prompt = strip_injected(event.prompt or "").strip()
        if event.request:
            event.request = strip_injected(event.request).strip() or None
        return bool(event.prompt)
    if event.output:
        event.output = strip_injected(event.output)
    if event.error:
        event.error = strip_injected(event.error)
    return True


def handle(event: Event, harness: str, root: str, cwd: str, log, *, can_inject: bool = True,
           raw: bytes | None = None) -> str:
    """Run delivery and live capture for one event; returns the text to inject ("" for none). ``raw``: the payload
    as the agent sent it; the same bytes again right after, with no other event of the session between, are a
    second copy of learn's hook (installed in two settings files) and get nothing (:func:`_repeated`)."""
    from altimate_learn.deliver.settings import auto_reflect_on, capture_on, delivery_settings, learner_on
    from altimate_learn.deliver.state import SUB_AGENT, LockBusy, clean_session_id

    settings = delivery_settings(root, cwd, warn=log)
    if not settings["enabled"]:
        return ""
    session_id = clean_session_id(event.session_id)
    if session_id is None:
        log(f"{event.name}: no session id in the payload; ignored")
        return ""
    agent = event.payload.get("agent_id") if event.kind == "tool" and event.phase in ("pre", "post") else None
    if isinstance(agent, str) and agent.strip():
        # a Claude Code sub-agent's tool call (Agent tool): its hooks carry the parent's session id, but what they add
        # reaches the sub-agent's own context, never the parent's. Its file lessons count as shown in a state of its
        # own, so the parent still gets them when it opens that file (review50 R50-7); capture skips its calls
        session_id = clean_session_id(f"{session_id}{SUB_AGENT}{agent.strip()}") or session_id
    capture = capture_on(settings)
    deliver_files = can_inject and event.kind == "tool" and event.phase in ("pre", "post") and bool(event.paths)
    # a failed call gets what the tool-errors channel learned about that tool's failures
    deliver_tool = (can_inject and event.kind == "tool" and event.phase == "post" and event.failed
                    and bool(event.tool_name))
    wants_delivery = can_inject and (event.kind in ("start", "prompt") or deliver_files or deliver_tool)
    wants_capture = capture and (event.kind in ("prompt", "stop", "end") or
                                 (event.kind == "tool" and event.phase in ("post", "interrupt")))
    tracks_turns = event.kind in ("prompt", "stop") or (event.kind == "tool" and event.phase == "interrupt")
    # a session cleared (`/clear`) starts over even where its start event carries no context (Gemini)
    clears = event.kind == "start" and event.source == "clear" and not wants_delivery
    # a resumed session whose section was frozen empty gets the core tier with its next request (Gemini)
    resumes = event.kind == "start" and event.source == "resume" and not wants_delivery
    if event.kind == "end" and not capture:
        _drop_answers(root, session_id, log)
    # opencode's turn ends (session.idle): the duplicate check forgets the turn's events then (_repeated)
    ends_turn = harness == "opencode" and event.kind == "stop" and raw is not None
    if not wants_delivery and not wants_capture and not clears and not resumes and not ends_turn:
        return ""
    from altimate_learn.deliver.engine import Delivery

    engine = Delivery(root, cwd, settings, harness, log, explain=False)  # the hook sends the text, never a note
    # the learner's blocks in files this agent does not load (AGENTS.local.md for every agent): harness/learned_notes
    gives_notes = wants_delivery and event.kind == "start" and not (
        event.source == "resume" and harness in _RESUME_KEEPS_START)
    # a session resumed that learn has no state of (its earlier turns ran before learn's hooks were installed, or in a
    # folder Gemini CLI did not trust yet): the agent has answered in it, so its next prompt is a reply to be captured,
    # not the session's task (review47 R47-2). opencode's plugin says so at a session's first message in its process.
    answered_before = capture and event.kind == "start" and (
        event.source == "resume" or (harness == "opencode" and event.payload.get("answered") is True))
    if not wants_capture and not engine.has_lessons_or_state(session_id):
        # no lesson and no state yet: only the learner's blocks can be given (at the start, or with Gemini's first
        # prompt); then the session state is opened like any other, so a second copy of the hook sees the first
        notes_now = gives_notes or (wants_delivery and event.kind == "prompt" and harness in _START_WITH_FIRST_PROMPT)
        if not notes_now or not _learned_notes(root, harness, log, settings["budget_tokens"]):
            if answered_before:  # nothing to give, but the state notes the earlier turns
                try:
                    engine.open(session_id)
                except LockBusy as busy:
                    log(f"{event.name}: session state locked by another process {busy.waited}; its next prompt is taken "
                        "for the session's task")
                    return ""
                try:
                    _answered_before(engine)
                finally:
                    engine.close()
            return ""
    if clears or resumes:
        try:
            engine.open(session_id)
        except LockBusy as busy:
            log(f"{event.name}: session state locked by another process {busy.waited}; the session was not "
                + ("reset" if clears else "marked as resumed"))
            return ""
        try:
            engine.clear() if clears else engine.resumed()
            if answered_before:
                _answered_before(engine)
            if clears and harness in _CONTEXT_IN_TRANSCRIPT and event.transcript_path:
                try:  # what the chat file holds so far is no longer in the model's context
                    engine.data["transcript_read"] = [event.transcript_path, os.path.getsize(event.transcript_path)]
                except OSError:
                    pass
        finally:
            engine.close()
        return ""
    try:
        data = engine.open(session_id)
    except LockBusy as busy:
        log(f"{event.name}: session state locked by another process {busy.waited}; delivered nothing")
        return ""
    if answered_before:
        _answered_before(engine)
    texts: list[str] = []
    try:
        if raw is not None and _repeated(data, raw, event, log, harness):
            return ""
        if ends_turn and not wants_capture:
            return ""
        # a fork's first event: its conversation holds copies of what learn sent the session it came from (R43-4)
        forked = (event.kind == "start" and wants_delivery and not engine.state.exists
                  and (event.source in ("fork", "resume") or "inherited" in event.payload) and _inherit(event, engine, log))
        if wants_delivery and event.kind == "start":
            if (event.source == "fork" and not forked and event.transcript_path and not engine.state.exists
                    and not os.path.isfile(event.transcript_path)):
                data["fork_unread"] = event.transcript_path  # Claude Code writes it with the fork's first answer
        elif wants_delivery and data.get("fork_unread"):
            _inherit_own_copies(event, engine, log)
        if wants_capture or tracks_turns:
            _capture(event, data, engine, root, capture, auto_reflect_on(settings), log,
                     learner=learner_on(settings))
        try:
            if harness in _CONTEXT_IN_TRANSCRIPT and can_inject and (
                    event.kind == "prompt" or (event.kind == "tool" and event.phase == "post")):
                texts.append(_context_replaced(event, engine, log))
            if not wants_delivery:
                pass
            elif event.kind == "start" and event.source == "resume" and harness in _RESUME_KEEPS_START \
                    and data.get("section"):
                log("session start (resume): the conversation still holds the session-start section; not sent "
                    "again")
            elif forked and event.source == "resume":
                log("session start (resume): its own transcript holds the lessons sent to it, with its session-start "
                    "section; not sent again")
            elif forked:
                log(f"session start ({event.source or 'fork'}): the conversation holds copies of the lessons sent to the "
                    "session it came from, with its session-start section; not sent again")
            elif event.kind == "start":
                if data.get("section") is None or (event.source == "resume" and data.get("section") == ""):
                    _revet_before_start(engine, root, log)  # the section is built now: bring back what passes
                # the notes count inside the session's budget: the section leaves them their tokens
                notes = _learned_notes(root, harness, log, _notes_budget(engine)) if gives_notes else ""
                section = without_exported(engine.session_start(event.source, _tokens(notes) if gives_notes
                                                                else None).text,
                                           root, harness, log, engine.learn_dir)
                texts.append(without_codex_notes(section, engine.learn_dir, log) if harness == "codex" else section)
                texts.append(notes)
            elif event.kind == "prompt":
                first = data.get("first_request") is None
                notes = ""
                if first and harness in _START_WITH_FIRST_PROMPT:  # the session-start part of the answer
                    notes = _learned_notes(root, harness, log, _notes_budget(engine))
                texts.append(engine.request(event.request or event.prompt or "", event.key, _tokens(notes)).text)
                texts.append(notes)
            else:
                if deliver_files:
                    write = (event.tool_name or "").lower() in WRITE_TOOLS
                    seen = ""  # a read's result: the file's text, whose code names lessons (deliver/contents.py)
                    if event.phase == "post" and not write and len(event.paths) == 1 and not event.failed:
                        from altimate_learn.deliver.contents import read_text

                        seen = read_text(event.tool_name, event.payload.get("tool_response"))
                    for path in event.paths[:8]:
                        texts.append(engine.file(path, write=write, call=event.tool_id, edit=event.tool_input,
                                                 seen=seen).text)
                if deliver_tool:
                    texts.append(engine.tool_failure(event.tool_name or "").text)
        except LockBusy as busy:
            log(f"{event.name}: a store was locked by another process {busy.waited}; delivered nothing")
            return ""
    finally:
        engine.close()
    if wants_delivery:
        _revet_stale(engine, root, log)
    return "\n\n".join(t for t in texts if t)


def _context_replaced(event: Event, engine, log) -> str:
    """What the agent's chat file says of the model's context since the last event (Gemini CLI:
    :func:`altimate_learn.harness.gemini.context_since`): in a session learn has sent nothing yet, a context holding
    learn's sections (a session resumed after its state was lost) gives them as shown (review45 R45-5); later, the
    lessons a compressed context no longer holds, to send again with this event (R45-4). Only a compression: a
    resume restores the whole history, and a resume's first file (Gemini writes a stub file when a resume starts in a
    later minute) holds only the preamble."""
    from altimate_learn.harness.gemini import context_since

    data = engine.data
    path = event.transcript_path
    seen = data.get("transcript_read")
    offset: int | None = None
    if isinstance(seen, list) and len(seen) == 2 and seen[0] == path and isinstance(seen[1], int):
        offset = seen[1]
    elif data["first_request"] is None or isinstance(seen, list):
        offset = 0  # a new session, or another chat file than the last one read (a resume's new file): all of it
    if not path:
        return ""
    if offset is None:  # a session begun before learn read the chat file: from its end on, nothing to compare with
        try:
            data["transcript_read"] = [path, os.path.getsize(path)]
        except OSError:
            pass
        return ""
    read_to, texts, compressed = context_since(path, offset)
    data["transcript_read"] = [path, read_to]
    if texts is None:
        return ""
    if data["first_request"] is None:
        if texts:
            marked = engine.inherit(texts)
            log(f"{event.name}: {marked} lesson{'s' if marked != 1 else ''} already in the resumed conversation "
                "(learn had no record of this session); counted as shown")
        return ""
    if not compressed:  # a resume restores the whole history: what was shown is still there
        return ""
    result = engine.context_replaced(texts)
    if result.text:
        count = result.text.count("\n- ")
        log(f"{event.name}: the agent compressed the model's context; {count} lesson{'s' if count != 1 else ''} "
            "shown before and no longer in it sent again")
    return result.text


def _inherit(event: Event, engine, log) -> bool:
    """Record as shown what a new session's conversation already holds of learn's sections (a fork:
    :mod:`altimate_learn.deliver.inherit`). True when it holds a session-start section: nothing is sent at its start."""
    from altimate_learn.deliver.inherit import copied_texts

    texts = copied_texts(event, _clock(), log)
    if not texts:
        return False
    marked = engine.inherit(texts)
    held = engine.data["section"] is not None
    where = "read from its own transcript" if event.source == "resume" else "copied from the session it came from"
    log(f"session start ({event.source or '-'}): {marked} lesson{'s' if marked != 1 else ''} already in the "
        f"conversation ({where}){', with its session-start section' if held else ''}; counted as shown")
    return held


def _inherit_own_copies(event: Event, engine, log) -> None:
    """A Claude Code fork whose parent was not known at its start (two sessions of the project answered within seconds
    of each other): once its own transcript exists (Claude Code writes it with the fork's first answer), the copies of
    the parent's messages it holds say which lessons the conversation has; they count as shown from this event on, so a
    later request or file does not bring them a second time. What went with the fork's start and first request is sent."""
    from altimate_learn.deliver.inherit import transcript_texts

    path = engine.data["fork_unread"]
    if not isinstance(path, str) or not os.path.isfile(path):
        return
    engine.data["fork_unread"] = None
    marked = engine.inherit(transcript_texts(path))
    if marked:
        log(f"{event.name} (fork): {marked} lesson{'s' if marked != 1 else ''} its own transcript holds (copied from "
            "the session it came from) counted as shown; not sent again")


def _notes_budget(engine) -> int:
    """The learner's blocks' part of the session's budget_tokens (harness/learned_notes.budget)."""
    from altimate_learn.harness.learned_notes import budget

    total = engine.settings["budget_tokens"]
    return budget(total, lessons_tokens(engine.corpus.lines, total))


def lessons_tokens(lines, total: int) -> int:
    """The most tokens approved lessons (their rendered ``lines``) can take at a session's start: each one in the
    section or the first request's note, with both headings (counted as delivery counts; ``total`` + 1 once that is
    past the session's ``total`` budget, which the notes' share needs no more of)."""
    if not len(lines):
        return 0
    from altimate_learn.deliver import render

    size = len(render.wrap(render.HEADING_START, [])) + len(render.wrap(render.HEADING_RETRIEVED, [])) + 4
    for line in lines:
        size += len(line) + 3  # "- " and the newline, as render.fit counts
        if size > total * 4:
            return total + 1
    return -(-size // 4) + 1


def _tokens(text: str) -> int:
    """The notes' tokens as the budget counts them, with the blank line that joins them to the section."""
    from altimate_learn.deliver.render import estimate_tokens

    return estimate_tokens(text + "\n\n") if text else 0


# A second copy of the same event must arrive while the first is answered or right after: the agent runs every hook of
# an event before its next event. The window keeps a real repeat much later (a session resumed twice with nothing in
# between) answered.
DUPLICATE_WINDOW = 10.0


def _clock() -> float:
    """The time the duplicate check reads (a test holds it still: two copies within the window, whatever the load)."""
    import time

    return time.time()


def _agent_process() -> int:
    """The process that ran this hook (opencode: the opencode process itself, see :func:`_repeated`)."""
    return os.getppid()


def _repeated(data: dict, raw: bytes, event: Event, log, harness: str = "") -> bool:
    """Is this the event the session's last one was, byte for byte, within :data:`DUPLICATE_WINDOW` seconds? Then
    learn's hook runs twice for each event (it is in the project's and the user's settings, say), and answering
    again would give the agent every lesson twice (trial24: real Claude Code and Codex got each lesson twice).
    Otherwise this event becomes the session's last one.

    opencode calls each plugin's handler whole, one plugin after the other (session start and message of one copy,
    then the other's), so a copy of its plugin that does not step aside (one an older learn installed) repeats an
    event with another between: there, any event of the turn so far (since the last ``session.idle``) counts. Each
    opencode event of a turn is unique (message and call ids; the plugin starts a session once), so only a copy
    repeats one; the next turn or a new `opencode run` starts after an idle, or, when the last one was killed before
    its idle, in another opencode process: opencode runs the plugin's command as its own child, so both copies of the
    plugin share the parent process and a restarted run does not (trial27: real opencode killed mid-turn and run again
    on its session 8.7 s later got no team rules)."""
    from altimate_learn.deliver.state import sha256

    digest = sha256(raw[:1 << 14]).hexdigest()[:24] + f":{len(raw)}"
    if harness == "opencode":
        digest += f":{_agent_process()}"
    now = _clock()
    last = data.get("last_event")
    seen = [last] if isinstance(last, list) else []
    turn = data.get("turn_events") if harness == "opencode" else None
    turn = [item for item in turn if isinstance(item, list)] if isinstance(turn, list) else []
    for item in seen + turn:
        if len(item) == 2 and item[0] == digest and isinstance(item[1], (int, float)) \
                and 0 <= now - item[1] < DUPLICATE_WINDOW:
            log(f"{event.name}: the same event again ({now - item[1]:.1f} s later): learn's hook runs more than once "
                "for each event (installed in more than one settings file; `learn doctor` names them); answered once")
            return True
    data["last_event"] = [digest, round(now, 3)]
    if harness == "opencode":
        data["turn_events"] = [] if event.kind == "stop" else (turn + [[digest, round(now, 3)]])[-_TURN_EVENTS:]
    return False


_TURN_EVENTS = 64  # opencode: the events of a turn the duplicate check remembers


def _learned_notes(root: str, harness: str, log, tokens: int | None = None) -> str:
    try:
        from altimate_learn.harness.learned_notes import notes

        return notes(root, harness, log, tokens=tokens)
    except Exception as exc:  # noqa: BLE001 - the lessons still arrive; the notes are left out
        log(f"{type(exc).__name__} while reading the learner's blocks: {exc}")
        return ""


def _revet_before_start(engine, root: str, log) -> None:
    """The session-start section is about to be built and frozen: when delivery holds lessons out as stale (the
    instruction files changed since they were vetted), wait a little for the offline re-vet
    (:func:`altimate_learn.harness.revet.revet_before_start`), then read the lessons again (review14 R14-18)."""
    try:
        from altimate_learn.harness.revet import revet_before_start, stale_held

        count = stale_held(engine.corpus.skipped)
        if count and revet_before_start(root, engine.sessions_dir, count, log):
            engine._corpus = None  # re-read: re-stamped lessons are delivered, quarantined ones held out
    except Exception as exc:  # noqa: BLE001 - the session starts without the stale lessons, as before
        log(f"{type(exc).__name__} while re-vetting stale lessons at session start: {exc}")


def _revet_stale(engine, root: str, log) -> None:
    """Delivery held lessons out as stale (the instruction files changed since they were vetted): start the
    offline re-vet in the background (:mod:`altimate_learn.harness.revet`), never in this hook's time."""
    try:
        corpus = engine._corpus  # only when this event loaded it: a stale lesson is named in its notes
        if corpus is None or not corpus.skipped:  # nothing held out: the re-vet's module is not even imported
            return
        from altimate_learn.harness.revet import maybe_start, stale_held

        count = stale_held(corpus.skipped)
        if count:
            maybe_start(root, engine.sessions_dir, count, log)
    except Exception as exc:  # noqa: BLE001 - the lessons delivered stand; `learn vet` still re-vets
        log(f"{type(exc).__name__} while checking for stale lessons: {exc}")


_MAX_READ = 1 << 20
# Agents whose resumed conversation keeps the context the first SessionStart added, and adds again whatever a
# SessionStart with source "resume" returns (Codex 0.171: two copies of the section, review14 R14-21). A section
# frozen empty is still built at resume (engine.session_start). Claude Code's resumed request carries the
# section once with it returned, so it is not listed.
_RESUME_KEEPS_START = frozenset({"codex"})
# Agents whose session-start section goes with the session's first prompt (harness/gemini.py: Gemini CLI's
# SessionStart context would make a resumed session forget the first prompt); the learner's blocks go with it.
_START_WITH_FIRST_PROMPT = frozenset({"gemini"})
# Agents whose chat file says when the model's context was replaced (compressed, resumed, rolled back), read at each
# prompt and finished tool call since they have no compaction event (harness/gemini.py)
_CONTEXT_IN_TRANSCRIPT = frozenset({"gemini"})


def _any_block(root: str, learn_dir: str | None) -> bool:
    """Does any instruction file the last discovery recorded, or a root one, hold an exported block? (Cheap: no
    json, no re, no git; the common project without a block never runs discovery on the hook path.)"""
    from altimate_learn.instructions.files import hook_paths, root_candidates
    from altimate_learn.markers import AGENTS_MD_OPEN

    marker = AGENTS_MD_OPEN.encode("utf-8")
    for rel in (hook_paths(root, learn_dir) if learn_dir else root_candidates(root)):
        try:
            with open(os.path.join(root, rel), "rb") as handle:
                if marker in handle.read(_MAX_READ + 1):
                    return True
        except OSError:
            continue
    return False


def exported_lines(root: str, harness: str, learn_dir: str | None = None) -> set[str]:
    """The bullets of the `learn export agents-md` block in the root instruction files ``harness`` loads: the
    list doctor and the vet use (:func:`altimate_learn.instructions.files.discover`, root files only), so a
    CLAUDE.md that imports AGENTS.md (``@AGENTS.md``) or Gemini's ``context.fileName`` counts (review14 R14-20:
    Claude Code got every lesson twice). A file with unbalanced markers, unreadable or too large for discovery
    counts as carrying nothing."""
    from altimate_learn.instructions.files import discover
    from altimate_learn.markers import AGENTS_MD_CLOSE, AGENTS_MD_OPEN

    out: set[str] = set()
    if not _any_block(root, learn_dir):
        return out
    for item in discover(root, nested=False).files:
        if harness not in item.agents or not item.ok:
            continue
        try:
            with open(os.path.join(root, item.path), "rb") as handle:
                text = handle.read(_MAX_READ + 1).decode("utf-8", "replace")
        except OSError:
            continue
        if len(text) > _MAX_READ or text.count(AGENTS_MD_OPEN) != 1 or text.count(AGENTS_MD_CLOSE) != 1:
            continue
        start, end = text.index(AGENTS_MD_OPEN), text.index(AGENTS_MD_CLOSE)
        if end > start:
            out.update(line[2:].strip() for line in text[start:end].splitlines() if line.startswith("- "))
    return out


def without_exported(section: str, root: str, harness: str, log, learn_dir: str | None = None) -> str:
    """The session-start section without the lessons an instruction file's learn:lessons block already gives
    this agent word for word (review12 R12-5: hooks and an exported block would give every lesson twice).
    An older wording in a stale block is not the same text and stays (`learn check` flags the block)."""
    if not section:
        return section
    carried = exported_lines(root, harness, learn_dir)
    if not carried:
        return section
    lines = section.split("\n")
    kept = [line for line in lines if not (line.startswith("- ") and line[2:].strip() in carried)]
    dropped = len(lines) - len(kept)
    if not dropped:
        return section
    log(f"session start: left out {dropped} lesson{'s' if dropped != 1 else ''} the learn:lessons block of the "
        "instruction file already gives")
    if not any(line.startswith("- ") for line in kept):
        return ""
    return "\n".join(kept)


def _codex_summary_has_notes() -> bool:
    """Could Codex's memory summary carry a note's rule? Its config names its memories feature and a summary holds the
    "[ad-hoc note]" tag. Plain reads, so a Codex session start without them costs well under a millisecond (the
    reader and tomllib cost ~70 ms, measured with a wheel install, trial27)."""
    home = os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")
    try:
        with open(os.path.join(home, "config.toml"), "rb") as handle:
            if b"memories" not in handle.read(_MAX_READ):
                return False
    except OSError:
        return False
    for name in ("memories_v2", "memories"):
        try:
            with open(os.path.join(home, name, "memory_summary.md"), "rb") as handle:
                if b"[ad-hoc note]" in handle.read(_MAX_READ).lower():
                    return True
        except OSError:
            continue
    return False


def without_codex_notes(section: str, learn_dir: str, log) -> str:
    """The session-start section without the lessons Codex's own memory summary already gives this session: a rule
    the person asked Codex to remember, imported from its note and promoted, which Codex's consolidation also copied
    into the summary it puts in every session (trial27, real Codex 0.171; which lessons count:
    :func:`altimate_learn.capture.sessions.codex_memory.given_by_codex`). Only this machine's Codex carries the
    summary, so only its section changes; it is read again at every session start, so a rule Codex forgets comes
    back from learn."""
    if not section or not _codex_summary_has_notes():
        return section
    try:
        from altimate_learn.capture.sessions.codex_memory import given_by_codex
        from altimate_learn.deliver.render import split_scope

        lessons: list[dict] = []
        for name in sorted(os.listdir(learn_dir)):
            try:
                with open(os.path.join(learn_dir, name, "approved.json"), "rb") as handle:
                    data = fastjson.loads(handle.read().decode("utf-8", "replace"))
            except (OSError, ValueError):
                continue
            lessons += [item for item in data if isinstance(item, dict)] if isinstance(data, list) else []
        path, given = given_by_codex(lessons)
    except Exception as exc:  # noqa: BLE001 - the section goes whole: twice is better than never
        log(f"session start: Codex's memory summary could not be read ({type(exc).__name__})")
        return section
    if not given:
        return section
    lines = section.split("\n")
    kept = [line for line in lines if not (line.startswith("- ") and split_scope(line[2:].strip())[1] in given)]
    dropped = len(lines) - len(kept)
    if not dropped:
        return section
    log(f"session start: left out {dropped} lesson{'s' if dropped != 1 else ''} Codex's own memory summary already "
        f"gives ({path}, tagged [ad-hoc note], from the note the lesson was imported from)")
    if not any(line.startswith("- ") for line in kept):
        return ""
    return "\n".join(kept)


def _drop_answers(root: str, session_id: str, log) -> None:
    """The session ended with capture off: answers a Stop's worker kept while it was on go, the last turn's by
    age (no capture worker runs to remove them: :func:`capture_worker.drop_answers`)."""
    try:
        from altimate_learn.deliver.state import SESSIONS
        from altimate_learn.harness import capture_worker
        from altimate_learn.worktree import locate

        sessions_dir = os.path.join(locate(os.path.realpath(root)).local_dir, SESSIONS)
        if os.path.isdir(os.path.join(sessions_dir, capture_worker.ANSWERS)):
            capture_worker.drop_answers(sessions_dir, session_id)
    except Exception as exc:  # noqa: BLE001 - they still go by age
        log(f"SessionEnd: the answers kept for this session could not be removed ({type(exc).__name__})")


def _answered_before(engine) -> None:
    """A resumed session learn had no state of: count one earlier prompt and a finished turn, so that live capture
    reads the next prompt as a reply to the agent's last answer, not as the session's task (its first prompt)."""
    data = engine.data
    if not engine.state.exists and data["prompts"] == 0:
        data["prompts"] = 1
        data["assistant_done"] = True


def _capture(event: Event, data: dict, engine, root: str, capture: bool, auto_reflect: bool, log, *,
             learner: bool = False) -> None:
    """Live capture; its failures are logged and never stop delivery."""
    from altimate_learn.harness import live_capture

    try:
        added = 0
        if event.kind == "prompt":
            added = live_capture.on_prompt(data, event, root, capture, log, sessions_dir=engine.sessions_dir,
                                           reflect=auto_reflect and not learner)
        elif event.kind == "tool":
            added = live_capture.on_tool(data, event, root, capture, log, sessions_dir=engine.sessions_dir,
                                         reflect=auto_reflect and not learner)
        elif event.kind == "stop":
            live_capture.on_stop(data, event, capture, sessions_dir=engine.sessions_dir, log=log)
        elif event.kind == "end":
            live_capture.on_end(data, sessions_dir=engine.sessions_dir)
        if capture and learner:  # automatic reflection is folded into the continual learner
            if event.kind in ("stop", "end"):
                live_capture.maybe_learn(root, engine.sessions_dir, log)
            return
        if capture and auto_reflect and (added or event.kind in ("stop", "end")):
            live_capture.maybe_reflect(data, root, engine.sessions_dir, ending=event.kind in ("stop", "end"),
                                       log=log)
        if capture and auto_reflect and event.kind == "stop":
            live_capture.maybe_recover(data, root, engine.sessions_dir, log)
    except Exception as exc:  # noqa: BLE001
        from altimate_learn.redact import redact  # the error can quote the prompt

        log(f"{event.name}: live capture failed: {type(exc).__name__}: {redact(str(exc))}")
