"""aider's chat history: `.aider.chat.history.md` at the root of the repository aider ran in.

aider appends every run to the same Markdown file, each starting with `# aider chat started at <local time>`,
so one file holds many sessions. Each is a session of its own here, with the id
`aider-<start time digits>-<8 hex of the file's path>` (and `-2`, `-3` … for runs started in the same second).
Lines are:
- `#### text`: what the person typed (a multi-line message is one `####` line a line; a blank line ends it);
- `> text`: aider's console (startup banner, "Add file to the chat?", token counts, "Applied edit to …", the
  output of commands it ran): never the person's words;
- anything else: the model's answer (with its edit blocks).

Not typed, though logged as `####`: slash commands (`/add`, `/run`, `/undo` …; `/ask X`, `/code X`,
`/architect X` are logged twice, once with the command, and X is kept once), the messages aider writes itself
(lint and test failures it hands back, "I added these files to the chat", edit-format complaints), the answer
architect mode hands to its editor model, and every message of a run started with `--message` or
`--message-file` (a script drove it), aider's confirmation prompts logged with their answer, and the model's own
`####` headings, which aider's log cannot tell from input once the file lost its trailing spaces. Where the file
kept aider's hard line breaks (two trailing spaces on every input line), a `####` line without them is a heading. A
`####` message right after the answer's text (no console line between) is one too where `.aider.input.history`
beside the file (every input aider read, with its time) holds inputs of the run's time span but none of the
message's lines; and, without such inputs or hard line breaks, where the file shows aider's console (`> Tokens: …`,
`> Applied edit …`) between an answer and the next input elsewhere. A heading stays in the answer it belongs to.
`> ^C KeyboardInterrupt` is an interruption. The chat history has no time per message and no tool
results: a message gets the time `.aider.input.history` beside it records for the same words (aider's local time,
as the session's start), and no tool calls are read.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, UserMessage
from altimate_learn.capture.sessions._base import SessionReader
from altimate_learn.capture.sessions._io import LineStats, iso_from_mtime, iter_raw_lines, modified_before, read_prefix
from altimate_learn.capture.sessions._text import Block, iter_text_lines, tidy
from altimate_learn.errors import LearnError

HARNESS = "aider"
HISTORY_FILE = ".aider.chat.history.md"
INPUT_HISTORY = ".aider.input.history"  # what was typed, with times (prompt_toolkit's file history)
MAX_INPUT_HISTORY = 32 * 1024 * 1024
_ENTRY_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")
MULTI_SESSION = True  # one file, many sessions: a session is opened by its id
_START_BYTES = b"# aider chat started at "
_START = re.compile(r"^# aider chat started at (.+?)\s*$", re.M)
_MODE = re.compile(r"^/(ask|code|architect|context|help|chat-mode\s+\w+)\s+(.+)$", re.S)
# what aider itself puts in the user's turn (and logs as `####`)
_AUTO = re.compile(
    r"^(?:Fix any errors below, if possible\.|What's wrong\? Fix|I (?:added|ran|updated) (?:these|this|the)\b"
    r"|Please answer with one of:|The LLM did not conform|# Fix any errors|Your edits? (?:failed|to)|"
    r"I committed the changes|Ok\.?$|Ok, any changes I propose|Find the \"AI\" comments below)", re.I)
# one of aider's confirmation prompts, with the answer, logged as input: "Add file to the chat? (Y)es/(N)o … [Yes]: all"
_CONFIRM = re.compile(r"\(Y\)es/\(N\)o\b.*\[(?:Yes|No)\]:", re.S)
_MODEL = re.compile(r"^> (?:Main )?[Mm]odel: (\S+)")
# the command line aider prints at startup; a run given --message / --message-file / -m was driven by a script
_COMMAND = re.compile(r"^> (?:\S*[/\\])?(?:aider(?:\.exe)?|python3?\S* -m aider)(?:\s|$)")
_SCRIPTED = re.compile(r"\s(?:--message(?:-file)?|--msg|-m|-f)(?:[\s=]|$)")


def looks_like_text(prefix: str) -> bool:
    return _START.search(prefix.lstrip("\ufeff")) is not None


@dataclass
class _Start:
    offset: int
    line: int
    stamp: str | None
    broken: int = 0  # `####` lines ending in aider's hard line break (two spaces)
    bare: int = 0  # `####` lines without it
    console_between: int = 0  # `####` lines after aider's console lines, after an answer's text


class LineKinds:
    """What the last non-blank line of a history was: "start", "answer", "console" (`> …`, and a line right under one,
    which Markdown reads as part of the quote: aider's `> Tokens: …` wraps onto `Cost: …`) or "input" (`####`), and
    before a console block, what came before it."""

    __slots__ = ("last", "before_console", "blank")

    def __init__(self) -> None:
        self.last, self.before_console, self.blank = "start", "start", True

    def see(self, kind: str) -> None:
        """The next line's kind as it looks: "input", "console", "blank" or "text"."""
        if kind == "console" and self.last != "console":
            self.before_console = self.last
        if kind == "text":
            if not (self.last == "console" and not self.blank):
                self.last = "answer"
        elif kind != "blank":
            self.last = kind
        self.blank = kind == "blank"

    def console_after_answer(self) -> bool:
        return self.last == "console" and self.before_console == "answer"


def _path_hash(path: Path) -> str:
    try:
        resolved = str(path.resolve())
    except OSError:
        resolved = str(path)
    return hashlib.sha256(resolved.encode("utf-8")).hexdigest()[:8]


def _iso(stamp: str | None) -> str | None:
    """aider's `2025-05-23 18:13:33` (local time, no zone) as ISO 8601, or None."""
    if not stamp:
        return None
    match = re.match(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d{3})?", stamp.strip())
    return f"{match.group(1)}T{match.group(2)}{match.group(3) or ''}" if match else None


_CACHE: dict[tuple[str, str, int, int], Any] = {}  # (what, file, size, mtime) -> parsed, for the last few files
_CACHE_SIZE = 8


def _cached(what: str, path: Path, compute: Any) -> Any:
    """``compute(path)``, kept while the file is unchanged: capturing a history's runs opens each of them, and
    reading the file again for every run would make that quadratic in the number of runs."""
    try:
        stat = path.stat()
        key = (what, str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    except OSError:
        return compute(path)
    if key not in _CACHE:
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = compute(path)
    return _CACHE[key]


def _starts(path: Path) -> list[_Start]:
    """Where each run starts in the file (one pass over its bytes, holding one line at a time)."""
    found: list[_Start] = []
    current = _Start(0, 0, None)  # lines before the first start line
    kinds = LineKinds()
    try:
        for offset, number, raw in iter_raw_lines(path, LineStats()):
            if raw is None:
                continue
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):  # a byte order mark an editor put first
                raw, offset = raw[3:], offset + 3
            if raw.startswith(_START_BYTES):
                stamp = raw[len(_START_BYTES):].decode("utf-8", "replace").strip()
                current = _Start(offset, number, stamp or None)
                found.append(current)
                kinds = LineKinds()
            elif raw.startswith(b"####"):
                if raw.rstrip(b"\r\n").endswith(b"  "):
                    current.broken += 1
                else:
                    current.bare += 1
                current.console_between += kinds.console_after_answer()
                kinds.see("input")
            elif raw.startswith(b"> ") or raw.rstrip(b"\r\n") == b">":
                kinds.see("console")
            else:
                kinds.see("text" if raw.strip() else "blank")
    except OSError as exc:
        raise LearnError(f"{path} cannot be read: {exc.strerror or exc}.", "Check the path and its permissions.") from None
    return found


def sessions_in(path: Path) -> list[SessionInfo]:
    """Every run recorded in one history file, oldest first. A file without a start line (its head was cut)
    is one session."""
    path = Path(path)
    return [_info(path, run) for run in _cached("runs", path, _runs)]


def _info(path: Path, run: dict[str, Any]) -> SessionInfo:
    """A fresh SessionInfo of one run (readers fill in what they read: it is never shared)."""
    info = SessionInfo(harness=HARNESS, id=run["id"], path=str(path), started=run["started"], updated=run["updated"])
    info.cwd = str(path.parent.absolute())
    info.extra.update(run["extra"])
    return info


def _runs(path: Path) -> list[dict[str, Any]]:
    starts = _starts(path)
    if not starts:
        head = read_prefix(path, 64 * 1024).decode("utf-8", "replace")
        if not re.search(r"^####(?: |$)", head, re.M):
            raise LearnError(f"{path} is not an aider chat history (no `# aider chat started at` line and no "
                             "`#### ` message).", "Pass aider's .aider.chat.history.md, or drop --harness.")
        starts = [_Start(0, 0, None)]
    # most `####` lines end in the hard break (the model's headings are the few that do not), judged over the
    # whole file: a short run has too few lines to tell
    broken, bare = sum(start.broken for start in starts), sum(start.bare for start in starts)
    hard_breaks = broken >= 3 and broken >= 2 * bare
    # aider logs its console between an answer and the next input (where a heading has the answer's text right above)
    console_between = sum(start.console_between for start in starts) > 0
    digest = _path_hash(path)
    seen: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    mtime = iso_from_mtime(path)
    for number, start in enumerate(starts):
        digits = re.sub(r"\D", "", start.stamp or "")[:14] or "0"
        base = f"aider-{digits}-{digest}"
        seen[base] = seen.get(base, 0) + 1
        following = starts[number + 1] if number + 1 < len(starts) else None
        out.append({"id": base if seen[base] == 1 else f"{base}-{seen[base]}", "started": _iso(start.stamp),
                    "updated": (_iso(following.stamp) if following else mtime) or mtime,
                    "extra": {"offset": start.offset, "end": following.offset if following else None,
                              "stamp": start.stamp, "next_stamp": following.stamp if following else None,
                              "hard_breaks": hard_breaks, "console_between": console_between}})
    return out


class AiderReader(SessionReader):
    harness = HARNESS

    def __init__(self, path: Path, info: SessionInfo) -> None:
        super().__init__(info)
        self.path = path

    def _raw_events(self) -> Iterator[Event]:
        start = int(self.info.extra.get("offset") or 0)
        # aider ends every line it logs as input with two spaces: where the file kept them, a `####` line without
        # them is a heading of the model's answer (a file whose trailing spaces an editor stripped says nothing)
        hard_breaks = bool(self.info.extra.get("hard_breaks"))
        console_between = bool(self.info.extra.get("console_between"))
        end = self.info.extra.get("end")
        user, answer = Block(), Block()
        user_lines: list[str] = []  # the `####` lines of `user` as logged (a heading goes back into the answer so)
        kinds = LineKinds()
        after_answer = False  # the `####` lines of `user` came right after the answer's text
        preamble = True
        scripted = False
        pending: str | None = None  # the X of `/ask X`: aider logs it again without the command
        pending_line = 0
        last_answer = ""

        inputs = _run_inputs(self.path, self.info)
        times: dict[str, list[str]] = {}
        for stamp, words, _lines in inputs or ():
            times.setdefault(words, []).append(_iso(stamp) or stamp)
        # every line typed in this run's time span, where the input history holds any of it (it covers the run)
        typed_lines = {_key(line) for _s, _w, lines in inputs for line in lines} if inputs else None

        def said(text: str, line: int) -> UserMessage:
            """A typed message, with the time aider's input history recorded for the same words, if any."""
            queue = times.get(text)
            return UserMessage(text=text, index=0, id=f"line-{line}", at=queue.pop(0) if queue else None)

        def heading(message: str, current_answer: str) -> bool:
            """A message that would count as typed, though nothing of it was (a heading of the model's answer)."""
            if not after_answer or scripted or _MODE.match(message) or not typed(message, current_answer):
                return False
            if typed_lines is not None:
                return not any(_key(line) in typed_lines for line in message.splitlines() if _key(line))
            return not hard_breaks and console_between

        def flush_user() -> Iterator[Event]:
            nonlocal pending, pending_line, user, answer
            if not user:
                return
            message, first, logged = tidy(user.text()), user.first, list(user_lines)
            user = Block()
            user_lines.clear()
            if heading(message, answer.text().strip() or last_answer):
                if not answer:
                    answer = Block(first)
                for line in logged:  # back into the answer it belongs to, which goes on
                    answer.add(line)
                return
            yield from flush_answer()
            if scripted:
                return
            mode = _MODE.match(message)
            if mode:
                if pending is not None and typed(pending):
                    yield said(pending, pending_line)
                pending, pending_line = mode.group(2).strip(), first
                return
            if pending is not None:
                again = message == pending
                if typed(pending):
                    yield said(pending, pending_line)
                pending = None
                if again:
                    return
            if typed(message):
                yield said(message, first)

        def typed(message: str, current_answer: str | None = None) -> bool:
            if not message or message == "<blank>" or message.startswith("/") or _AUTO.match(message):
                return False
            if "\n" not in message and _CONFIRM.search(message):
                return False
            # architect mode hands its own answer to the editor model as a "user" message
            before = last_answer if current_answer is None else current_answer
            return not (before and " ".join(message.split())[:200] in " ".join(before.split()))

        def flush_answer() -> Iterator[Event]:
            nonlocal answer, last_answer
            if not answer:
                return
            text, first = answer.text().strip(), answer.first
            answer = Block()
            if text:
                last_answer = text
                yield AssistantTurn(text=text, id=f"line-{first}", model=self.info.model)

        for offset, number, line in iter_text_lines(self.path, self.stats, start=start):
            if end is not None and offset >= end:
                break
            if number == 1 and line.startswith("# aider chat started at "):  # the run's own start line
                continue
            if (line.startswith("#### ") or line == "####") and (not hard_breaks or line.endswith("  ")):
                preamble = False
                if not user:
                    user = Block(number)
                    after_answer = kinds.last == "answer"
                user.add(line[5:])
                user_lines.append(line)
                kinds.see("input")
            elif line.startswith("> ") or line == ">":
                yield from flush_user()
                kinds.see("console")
                if preamble and _COMMAND.match(line) and _SCRIPTED.search(line.replace(" -m aider", " ")):
                    scripted = True
                model = _MODEL.match(line)
                if model and self.info.model is None:
                    self.info.model = model.group(1)
                if "^C KeyboardInterrupt" in line:
                    yield from flush_answer()
                    yield UserMessage(text="[interrupted]", index=0, id=f"line-{number}", kind="interrupt")
            else:
                yield from flush_user()
                kinds.see("text" if line.strip() else "blank")
                if not answer and not line.strip():
                    continue
                if not answer:
                    answer = Block(number)
                answer.add(line)
        yield from flush_user()
        if pending is not None and not scripted and typed(pending):
            yield said(pending, pending_line)
        yield from flush_answer()


def _key(line: str) -> str:
    """A line as compared between the chat history and the input history: whitespace runs as one space."""
    return " ".join(line.split())


def _run_inputs(history: Path, info: SessionInfo) -> list[tuple[str, str, tuple[str, ...]]] | None:
    """The inputs of this run, from `.aider.input.history` beside the chat history (aider records every input there
    as `# <local time>` and `+line` lines), between this run's start and the next one's, in order: each one's time
    as written, its words (as the chat history shows them, a mode command's argument for `/ask X`) and its lines as
    typed. None when there is no such file, it is too large or unreadable, the run has no start time, or the file
    holds no input of the run's time span (it does not cover the run)."""
    path = history.parent / INPUT_HISTORY
    start, end = info.extra.get("stamp"), info.extra.get("next_stamp")
    try:
        if not start or not path.is_file() or path.stat().st_size > MAX_INPUT_HISTORY:
            return None
        keys, entries = _cached("inputs", path, _inputs)
    except (OSError, LearnError):
        return None
    first = bisect.bisect_left(keys, start[:19])
    last = bisect.bisect_left(keys, end[:19]) if end else len(keys)
    return entries[first:last] or None


def _inputs(path: Path) -> tuple[list[str], list[tuple[str, str, tuple[str, ...]]]]:
    """Every input of an input history file, by time: its time as written, its words as the chat history shows
    them and its lines as typed (a mode command's argument's too), with the times to the second (for a binary search
    of a run's stretch)."""
    entries: list[tuple[str, list[str]]] = []
    for _, _, line in iter_text_lines(path, LineStats()):
        if line.startswith("# ") and _ENTRY_TIME.match(line[2:]):
            entries.append((line[2:].strip(), []))
        elif line.startswith("+") and entries:
            entries[-1][1].append(line[1:])
    out = []
    for stamp, lines in entries:
        words = tidy("\n".join(lines))
        mode = _MODE.match(words)
        typed_lines = tuple(lines) + (tuple(mode.group(2).splitlines()) if mode else ())
        out.append((stamp, mode.group(2).strip() if mode else words, typed_lines))
    out.sort(key=lambda entry: entry[0][:19])  # stable: inputs of the same second keep their order
    return [entry[0][:19] for entry in out], out


def open_session(path: Path, session_id: str | None = None) -> AiderReader:
    """One run of a history file: the one with ``session_id``, or the newest."""
    path = Path(path)
    runs = _cached("runs", path, _runs)
    if session_id is None:
        return AiderReader(path, _info(path, runs[-1]))
    for run in runs:
        if run["id"] == session_id:
            return AiderReader(path, _info(path, run))
    raise LearnError(f"{path} holds no aider session {session_id}.",
                     "`learn sessions --harness aider` lists them; or drop --session to read every run in it.")


def discover(roots: set[str], since: Any = None) -> list[SessionInfo]:
    """The runs recorded in `.aider.chat.history.md` at each project root (aider keeps it at the repository's
    root)."""
    found: list[SessionInfo] = []
    seen: set[str] = set()
    for root in sorted(roots):
        path = Path(root) / HISTORY_FILE
        try:
            key = str(path.resolve())
            if key in seen or not path.is_file() or modified_before(path, since):
                continue
        except OSError:
            continue
        seen.add(key)
        try:
            found += sessions_in(path)
        except LearnError:
            continue
    return found
