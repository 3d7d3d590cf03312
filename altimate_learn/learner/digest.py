"""The learner's digest: every exchange a person had with an agent in this project since the last run.

An exchange is one message the person typed (or a call they refused, with their reason), the agent answer
it replied to (clipped to its start and end), and what happened in between: the tool calls that failed (and a
shell command that worked after them when it ran the failed one another way: "worked after the failures"), a
call the person refused, an answer they cut off. Each exchange carries a history reference,
``<session id>:<message id>``, which the model must cite for anything it proposes.

Sessions come from the readers of :mod:`altimate_learn.capture.sessions` (every harness, discovered for
this project, plus the sessions a person passed to `learn capture`), so harness boilerplate, hook output
and our own injected sections are already gone from user text. Sub-agent sessions (a parent session's
prompts, not a person's) and the learner's own sessions (an agent CLI run headless as a reflector, whose
first message is our prompt) never enter a digest. Slash commands are not exchanges.

Every text is redacted (:func:`altimate_learn.redact.redact`) when the exchange is made, before the
prioritiser, the digest or the model sees it; the whole digest is at most :data:`DIGEST_BYTES` (48 KiB).

Cursors. A run reads each session from where the last run stopped: the cursor names the last message
read (its id, position and time). A session not seen before is read from the first run's floor (7 days
before it, or `--since`). When the digest cannot hold everything, whole exchanges are kept in each
session's order, so the cursor only ever advances over what the model was really shown; the sessions
the classifier finds corrections in go first (the classifier prioritises; it no longer decides; it judges each
message as `learn capture` does, with the agent's reply to it and the reasoning after it, which is never shown). A cursor
whose message is gone (a rewound or rewritten transcript) falls back to the messages after its time, and
says so; a transcript that vanished keeps its cursor, and says so once.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import AssistantTurn, SessionInfo, ToolCall, UserMessage
from altimate_learn.redact import redact

DIGEST_BYTES = 48 * 1024
TYPED_CAP = 2_000  # characters of one typed message
REPLY_HEAD = 250  # characters of the start of the answer replied to
REPLY_TAIL = 450  # … and of its end (where the agent says what it did)
FAILURE_CAP = 160
MAX_FAILURES = 3  # failed calls listed per exchange (the rest are counted)
WORKED_CAP = 120  # characters of a command that worked after failures (and of the one it replaced)
MAX_FILES = 5
READ_CAP = 8_000  # raw characters looked at before clipping (redaction cost stays bounded)


@dataclass
class Exchange:
    """One thing the person said, with what it replied to. Texts are redacted already."""

    ref: str  # "<session id>:<message id>"
    session: str
    key: str  # the session's cursor key ("<harness>:<session id>")
    message_id: str
    index: int  # position among the session's user messages (0 = the task)
    at: str | None
    kind: str  # "text" or "rejection"
    text: str
    reply: str | None = None
    reply_cut: bool = False  # the person cut that answer off
    refused: list[str] = field(default_factory=list)  # tool calls refused without a word
    failures: list[str] = field(default_factory=list)
    more_failures: int = 0
    worked: list[str] = field(default_factory=list)  # "<tool>: <command> (instead of: <failed command>)"
    tools: int = 0  # tool calls since the previous message
    files: list[str] = field(default_factory=list)
    hint: str | None = None  # the classifier's verdict (with the agent's reply and reasoning), when it calls this a correction

    @property
    def typed(self) -> bool:
        return bool(self.text.strip())

    def render(self) -> str:
        lines = [f"[{self.ref}]" + (f" {self.at}" if self.at else "")]
        if self.reply:
            lines.append("  agent answer it replied to" + (" (cut off by the person)" if self.reply_cut else "")
                         + ": " + self.reply)
        elif self.reply_cut:
            lines.append("  (the person cut the agent's answer off)")
        if self.tools:
            files = f"; files changed: {', '.join(self.files)}" if self.files else ""
            lines.append(f"  agent made {self.tools} tool call{'s' if self.tools != 1 else ''} before it{files}")
        for failure in self.failures:
            lines.append(f"  tool failed: {failure}")
        if self.more_failures:
            lines.append(f"  ({self.more_failures} more failed tool calls)")
        for worked in self.worked:
            lines.append(f"  worked after the failures: {worked}")
        for refused in self.refused:
            lines.append(f"  the person refused a {refused} call")
        if self.kind == "rejection":
            lines.append("  the person refused the call and said: " + self.text)
        else:
            lines.append("  person typed: " + self.text.replace("\n", "\n    "))
        return "\n".join(lines)


@dataclass
class SessionRead:
    """What one session holds after its cursor."""

    info: SessionInfo
    key: str
    exchanges: list[Exchange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    skipped_lines: int = 0
    own: bool = False  # the learner's own session (an agent CLI run as reflector): never read
    fingerprint: dict[str, Any] = field(default_factory=dict)
    # every typed exchange after the cursor, in the transcript's order (neither the floor nor a cursor whose message
    # is gone left one out): the read from a later cursor among them is what follows it here (readcache)
    whole: bool = False


def session_key(info: SessionInfo) -> str:
    return f"{info.harness}:{info.id}"


def fingerprint(info: SessionInfo) -> dict[str, Any]:
    """What says a session changed: its recorded update time, and its file's size and mtime when it has one
    to itself (an opencode database and aider's chat history hold many sessions: the update time is the session's
    own, and a run aider appends does not change the earlier ones)."""
    from altimate_learn.capture.sessions import multi_session

    out: dict[str, Any] = {"updated": info.updated}
    if not multi_session(info.harness):
        try:
            stat = os.stat(info.path)
            out["size"] = stat.st_size
            out["mtime"] = stat.st_mtime_ns
        except OSError:
            pass
    return out


# --- clipping ------------------------------------------------------------------------------------------

def _flat(text: str) -> str:
    return " ".join(text.split())


def clip_typed(text: str) -> str:
    """A typed message, redacted, at most :data:`TYPED_CAP` characters: its start and its end, where the words typed
    after a pasted log are (review35 R35-14). The raw text is first cut to :data:`READ_CAP` the same way, at
    whitespace, so redaction reads every kept word whole."""
    from altimate_learn.textclip import head_and_tail

    raw = head_and_tail(text.strip(), READ_CAP)
    return head_and_tail(redact(raw).strip(), TYPED_CAP)


def clip_reply(text: str) -> str:
    """The start and the end of an answer, redacted; a cut falls on whitespace so no secret is split."""
    raw = _flat(text)
    if len(raw) <= READ_CAP:
        cleaned = redact(raw)
    else:
        head = raw[:READ_CAP // 2]
        tail = raw[-READ_CAP // 2:]
        tail = tail[tail.find(" ") + 1:] if " " in tail else tail
        cleaned = redact(head) + " " + redact(tail)
    if len(cleaned) <= REPLY_HEAD + REPLY_TAIL + 20:
        return cleaned
    head = cleaned[:REPLY_HEAD]
    head = head[:head.rfind(" ")] if " " in head else head
    tail = cleaned[-REPLY_TAIL:]
    tail = tail[tail.find(" ") + 1:] if " " in tail else tail
    return f"{head} … {tail}"


_BOILERPLATE = re.compile(r"^(?:exit code:? ?-?\d+|exit status:? ?-?\d+|command:|directory:|stdout:|stderr:|output:)\s*",
                         re.I)
_ERROR_WORDS = re.compile(r"error|failed|failure|not found|no such|denied|invalid|cannot|can't|unable|exception"
                          r"|traceback|refused|missing", re.I)


def _failure_line(call: ToolCall) -> str:
    code = f" (exit {call.exit_code})" if call.exit_code not in (None, 0) else ""
    detail = call.result if isinstance(call.result, str) else ""
    lines = [line.strip() for line in detail[:READ_CAP].splitlines() if line.strip()]
    useful = [line for line in lines if not _BOILERPLATE.match(line)] or lines
    first = next((line for line in useful if _ERROR_WORDS.search(line)), useful[0] if useful else "")
    first = redact(first[:READ_CAP])
    if len(first) > FAILURE_CAP:
        first = first[:FAILURE_CAP] + "…"
    return f"{call.name}{code}" + (f": {first}" if first else "")


class _Retries:
    """Shell commands that failed, waiting for the same tool's next success: one that runs the failed command
    another way, with no file written in between, is what worked after the failures
    (:mod:`altimate_learn.capture.commands`, as a tool_retry signal says it)."""

    def __init__(self) -> None:
        self.waiting: dict[str, list] = {}  # tool -> [failed command, a file written since]

    def feed(self, call: ToolCall) -> str | None:
        from altimate_learn.capture.commands import related, shell_command

        name = call.name or ""
        if call.is_error:
            command = shell_command(call.input)
            if command:
                self.waiting[name] = [command, False]
            else:
                self.waiting.pop(name, None)
            return None
        earlier = self.waiting.pop(name, None)
        if call.writes:
            for other in self.waiting.values():
                other[1] = True
        command = shell_command(call.input)
        if earlier is None or earlier[1] or not command or not related(earlier[0], command):
            return None
        clip = lambda text: text if len(text) <= WORKED_CAP else text[:WORKED_CAP] + "…"  # noqa: E731
        return f"{name}: {clip(redact(command))} (instead of: {clip(redact(earlier[0]))})"


def _relative(path: str, cwd: str | None) -> str:
    if cwd and os.path.isabs(path):
        try:
            return str(Path(path).relative_to(Path(cwd)))
        except ValueError:
            return os.path.basename(path)
    return path


# --- reading one session -------------------------------------------------------------------------------

def _is_own(text: str) -> bool:
    """The first message of one of learn's own model calls: the prompt mark an agent CLI run as the model gets,
    or the fenced data blocks of any prompt learn sends."""
    from altimate_learn.markers import is_learn_prompt, is_model_call_prompt

    return is_model_call_prompt(text) or is_learn_prompt(text)


def _after_cursor(message: UserMessage, message_id: str, cursor: dict[str, Any] | None, state: dict[str, Any],
                  floor: datetime | None) -> bool:
    """Whether ``message`` is new for this run (see the module docstring)."""
    from altimate_learn.capture.sessions._io import parse_time

    if cursor is None:
        if floor is None:
            return True
        at = parse_time(message.at)
        if at is None or at >= floor:
            return True
        state["floored"] = True
        return False
    if state["passed"]:
        return True
    if message_id == cursor.get("message") and message.index == cursor.get("index"):
        state["passed"] = True
        return False
    if state["fallback"]:  # the cursor's message is gone: what came after its time is new
        at, last = parse_time(message.at), parse_time(cursor.get("at"))
        if at is not None and last is not None:
            return at > last
        return message.index > int(cursor.get("index", -1))
    return False


def read_session(info: SessionInfo, cursor: dict[str, Any] | None, *, floor: datetime | None) -> SessionRead:
    """The exchanges of ``info`` after ``cursor`` (raises LearnError / OSError when it cannot be read).

    A value redacted as a secret anywhere in the session (a message, an answer, a tool call's input or result,
    before or after the cursor) is redacted wherever the session repeats it, earlier or later: the whole session
    is read for its secrets first (:func:`altimate_learn.redact.remembering`), as live capture and `learn
    capture` do."""
    from altimate_learn.redact import remembering

    with remembering() as memory:
        return _read_session(info, cursor, floor=floor, memory=memory)


def _read_session(info: SessionInfo, cursor: dict[str, Any] | None, *, floor: datetime | None,
                  memory=None) -> SessionRead:
    from altimate_learn.capture.capture import add_thinking, reply_opening
    from altimate_learn.capture.sessions._base import thinking_of
    from altimate_learn.capture.classifier import classify_user_message, is_slash_command
    from altimate_learn.capture.sessions import read_session as open_reader, session_to_open

    result = SessionRead(info, session_key(info), fingerprint=fingerprint(info))
    reader = open_reader(Path(info.path), harness=info.harness,
                         session_id=session_to_open(info))
    cwd = reader.info.cwd or info.cwd
    from altimate_learn.markers import is_model_call_dir

    if is_model_call_dir(cwd) or is_model_call_dir(info.path):  # an agent CLI run as learn's model worked there
        result.own = True
        return result
    if memory is not None:
        from altimate_learn.harness.capture_worker import learn_event_secrets

        # the session's secrets first: a password typed bare before the message that names it, or one only a
        # tool call held, is then redacted in every text shown
        first_text = True
        for event in reader.events():
            if first_text and isinstance(event, UserMessage) and event.kind == "text":
                first_text = False
                if _is_own(event.text):
                    result.own = True
                    return result
            learn_event_secrets(event, memory)
    state = {"passed": False, "fallback": False, "floored": False}

    def judge(exchange: Exchange, redacted: UserMessage, before: UserMessage | None, said: list[str],
              thought: list[str]) -> None:
        """The classifier's hint, given once the agent's reply to the message (its opening, redacted) and its
        reasoning after it (read, never kept) are known, as `learn capture` judges it."""
        reply = reply_opening(said)
        verdict = classify_user_message(redacted, before, answer=exchange.reply, reply=redact(reply) if reply else None,
                                        thinking=thinking_of(thought), model=True)
        if verdict.correction:
            exchange.hint = verdict.reason

    for attempt in range(2):
        exchanges: list[Exchange] = []
        # the exchange whose hint waits for the agent's reply and reasoning, and what the agent said and thought since
        waiting: tuple[Exchange, UserMessage, UserMessage | None] | None = None
        said: list[str] = []
        thought: list[str] = []
        last_reply: str | None = None
        reply_cut = False
        refused: list[str] = []
        failures: list[str] = []
        worked: list[str] = []
        retries = _Retries()
        more = tools = 0
        files: list[str] = []
        previous: UserMessage | None = None
        first_text = True
        for event in reader.events():
            if isinstance(event, AssistantTurn):
                if event.text.strip():
                    last_reply = event.text
                    reply_cut = bool(event.aborted)
                    if waiting is not None:
                        said.append(event.text)
                elif event.aborted:
                    reply_cut = True
                if waiting is not None:
                    add_thinking(thought, event)
                continue
            if isinstance(event, ToolCall):
                tools += 1
                if event.is_error:
                    if len(failures) < MAX_FAILURES:
                        failures.append(_failure_line(event))
                    else:
                        more += 1
                if event.writes and not event.is_error:  # a denied or failed write changed nothing (R42-5)
                    files += [_relative(p, cwd) for p in event.paths()]
                fixed = retries.feed(event)
                if fixed and len(worked) < MAX_FAILURES:
                    worked.append(fixed)
                continue
            if not isinstance(event, UserMessage):
                continue
            if waiting is not None:
                judge(*waiting, said, thought)
                waiting, said, thought = None, [], []
            if event.kind == "text" and first_text:
                first_text = False
                if _is_own(event.text):
                    result.own = True
                    return result
            if event.kind == "interrupt":
                reply_cut = True
                continue
            if event.kind == "rejection" and not (event.reason or "").strip():
                refused.append(event.tool_name or "tool")
                continue
            if event.kind == "text" and is_slash_command(event.text):
                previous = event
                continue
            message_id = event.id or f"#{event.index}"
            if _after_cursor(event, message_id, cursor, state, floor):
                text = clip_typed(event.reason if event.kind == "rejection" else event.text)
                exchange = Exchange(
                    ref=f"{info.id}:{message_id}", session=info.id, key=result.key, message_id=message_id,
                    index=event.index, at=event.at, kind="rejection" if event.kind == "rejection" else "text",
                    text=text, reply=clip_reply(last_reply) if last_reply else None, reply_cut=reply_cut,
                    refused=refused, failures=failures, more_failures=more, worked=worked, tools=tools,
                    files=list(dict.fromkeys(files))[:MAX_FILES])
                redacted = UserMessage(text=text, index=event.index, kind=event.kind, reason=text,
                                       after_assistant=event.after_assistant, tool_name=event.tool_name)
                if event.kind == "text":
                    waiting = (exchange, redacted, previous)  # judged once its reply is read
                else:
                    judge(exchange, redacted, previous, [], [])
                if exchange.typed:
                    exchanges.append(exchange)
            previous = event
            last_reply, reply_cut, refused, failures, more, tools, files = None, False, [], [], 0, 0, []
            worked = []
        if waiting is not None:
            judge(*waiting, said, thought)
        if cursor is None or state["passed"] or state["fallback"]:
            break
        # The cursor's message is not in the transcript any more: read it again by time.
        state["fallback"] = True
        result.notes.append(f"session {info.id}: its transcript changed since the last run (message "
                            f"{cursor.get('message')} is gone); read the messages after {cursor.get('at') or 'it'}")
    result.exchanges = exchanges
    result.whole = not state["floored"] and not state["fallback"] and (cursor is None or state["passed"])
    result.skipped_lines = reader.info.skipped
    if reader.info.skipped:
        result.notes.append(f"session {info.id}: {reader.info.skipped} unreadable line"
                            f"{'s' if reader.info.skipped != 1 else ''} (not JSON) skipped")
    replaced = getattr(reader.info, "replaced", 0)
    if replaced:
        result.notes.append(f"session {info.id}: {replaced} line{'s' if replaced != 1 else ''} with invalid UTF-8 "
                            "read with a replacement character for each bad byte")
    return result


# --- the digest ----------------------------------------------------------------------------------------

@dataclass
class Digest:
    text: str
    exchanges: list[Exchange]  # what the model is shown, in digest order
    sessions: list[SessionRead]  # every session read (shown or not)
    cursors: dict[str, dict[str, Any]]  # new cursor of each session with shown exchanges
    left_out: int = 0  # exchanges that did not fit (the next run reads them)
    notes: list[str] = field(default_factory=list)
    feedback: list[dict[str, Any]] = field(default_factory=list)  # open signals shown beside the exchanges
    handled: frozenset[tuple[str, str]] = frozenset()  # exchanges left out as already learned from (assemble)

    @property
    def truncated(self) -> bool:
        return self.left_out > 0

    @property
    def refs(self) -> dict[str, str]:
        """Every reference the model may cite → the session it belongs to (signals: ``signal``)."""
        out = {e.ref: e.session for e in self.exchanges}
        out.update({s["id"]: "signal:" + s["id"] for s in self.feedback})
        return out

    @property
    def typed_messages(self) -> int:
        return len(self.exchanges)

    @property
    def size(self) -> int:
        return len(self.text.encode("utf-8"))


def _flagged(exchange: Exchange) -> bool:
    return bool(exchange.hint or exchange.failures or exchange.kind == "rejection" or exchange.reply_cut)


def _priority(read: SessionRead) -> tuple[float, str]:
    """Sessions whose pending exchanges hold the most likely corrections per byte go first (the classifier
    prioritises); then the oldest."""
    size = sum(len(e.render()) for e in read.exchanges) or 1
    density = sum(1 for e in read.exchanges if _flagged(e)) / size
    first = read.exchanges[0].at or "" if read.exchanges else ""
    return (-density, first)


def _session_header(read: SessionRead) -> str:
    info = read.info
    when = f", started {info.started}" if info.started else ""
    return f"## Session {info.id} ({info.harness}{when})"


def signal_line(signal: dict[str, Any]) -> str:
    text = _flat(str(signal.get("text", "")))
    return f"[{signal['id']}] {signal['kind']}: {text}"


def assemble(reads: list[SessionRead], *, feedback: list[dict[str, Any]] | None = None,
             budget: int = DIGEST_BYTES, feedback_budget: int = 12 * 1024,
             handled: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset()) -> Digest:
    """Fit whole exchanges (in each session's order) and open signals into ``budget`` bytes. Exchanges in
    ``handled`` ((session, message) of signals already reflected on or dismissed) are not shown, and the
    cursor moves over them: learning from them again would count the same correction twice (review13 R13-10)."""
    header = ("# Conversations in this project since the last run\n"
              "Each exchange starts with its reference in brackets: cite those references.\n")
    used = len(header.encode("utf-8"))
    shown_feedback: list[dict[str, Any]] = []
    feedback_lines: list[str] = []
    if feedback:
        title = "\n## Other feedback recorded for this project\n"
        room = min(feedback_budget, budget // 4)
        spent = len(title.encode("utf-8"))
        for signal in feedback:
            line = signal_line(signal)
            cost = len(line.encode("utf-8")) + 1
            if spent + cost > room:
                continue
            spent += cost
            feedback_lines.append(line)
            shown_feedback.append(signal)
        if feedback_lines:
            used += spent
    parts: list[str] = [header]
    shown: list[Exchange] = []
    cursors: dict[str, dict[str, Any]] = {}
    left_out = 0
    for read in sorted((r for r in reads if r.exchanges), key=_priority):
        title = "\n" + _session_header(read) + "\n"
        cost_title = len(title.encode("utf-8"))
        taken: list[str] = []
        last: Exchange | None = None
        stopped = False
        for exchange in read.exchanges:
            if stopped:
                left_out += 1
                continue
            if (exchange.session, exchange.message_id) in handled:
                last = exchange
                continue
            text = exchange.render() + "\n"
            cost = len(text.encode("utf-8")) + (cost_title if not taken else 0)
            if used + cost > budget:
                stopped = True
                left_out += 1
                continue
            used += cost
            taken.append(text)
            shown.append(exchange)
            last = exchange
        if taken:
            parts.append(title + "".join(taken))
        if last is not None:
            cursors[read.key] = {"message": last.message_id, "index": last.index, "at": last.at,
                                 "session": read.info.id, "harness": read.info.harness, "path": read.info.path,
                                 **({"complete": read.fingerprint} if not stopped else {})}
    # The feedback lines are the prompt's FEEDBACK block (and `learn runs show`'s "Other feedback"), not the digest's
    # text: both held them, so every such signal reached the model twice (trial18). They still count against the budget.
    notes = [n for r in reads for n in r.notes]
    return Digest("".join(parts), shown, reads, cursors, left_out, notes, shown_feedback, frozenset(handled))
