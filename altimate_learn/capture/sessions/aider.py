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
`--message-file` (a script drove it), aider's confirmation prompts logged with their answer, and, where the file
kept aider's hard line breaks (two trailing spaces on every input line), a `####` line without them (a heading of the
model's answer). `> ^C KeyboardInterrupt` is an interruption. The chat history has no time per message and no tool
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
            elif raw.startswith(b"####"):
                if raw.rstrip(b"\r\n").endswith(b"  "):
                    current.broken += 1
                else:
                    current.bare += 1
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
                              "hard_breaks": hard_breaks}})
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
        end = self.info.extra.get("end")
        user, answer = Block(), Block()
        preamble = True
        scripted = False
        pending: str | None = None  # the X of `/ask X`: aider logs it again without the command
        pending_line = 0
        last_answer = ""

        times = _input_times(self.path, self.info)

        def said(text: str, line: int) -> UserMessage:
            """A typed message, with the time aider's input history recorded for the same words, if any."""
            queue = times.get(text)
            return UserMessage(text=text, index=0, id=f"line-{line}", at=queue.pop(0) if queue else None)

        def flush_user() -> Iterator[Event]:
            nonlocal pending, pending_line, user
            if not user:
                return
            message, first = tidy(user.text()), user.first
            user = Block()
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

        def typed(message: str) -> bool:
            if not message or message == "<blank>" or message.startswith("/") or _AUTO.match(message):
                return False
            if "\n" not in message and _CONFIRM.search(message):
                return False
            # architect mode hands its own answer to the editor model as a "user" message
            return not (last_answer and " ".join(message.split())[:200] in " ".join(last_answer.split()))

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
                yield from flush_answer()
                if not user:
                    user = Block(number)
                user.add(line[5:])
            elif line.startswith("> ") or line == ">":
                yield from flush_user()
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
                if not answer and not line.strip():
                    continue
                if not answer:
                    answer = Block(number)
                answer.add(line)
        yield from flush_user()
        if pending is not None and not scripted and typed(pending):
            yield said(pending, pending_line)
        yield from flush_answer()


def _input_times(history: Path, info: SessionInfo) -> dict[str, list[str]]:
    """When each input of this run was typed, from `.aider.input.history` beside the chat history (aider records
    every input there as `# <local time>` and `+line` lines): the words (as the chat history shows them, a mode
    command's argument for `/ask X`) and their times in order, for the inputs between this run's start and the next
    one's. Empty when there is no such file, or it is too large or unreadable."""
    path = history.parent / INPUT_HISTORY
    start, end = info.extra.get("stamp"), info.extra.get("next_stamp")
    out: dict[str, list[str]] = {}
    try:
        if not start or not path.is_file() or path.stat().st_size > MAX_INPUT_HISTORY:
            return out
        keys, entries = _cached("inputs", path, _inputs)
    except (OSError, LearnError):
        return out
    first = bisect.bisect_left(keys, start[:19])
    last = bisect.bisect_left(keys, end[:19]) if end else len(keys)
    for stamp, words in entries[first:max(first, last)]:
        out.setdefault(words, []).append(_iso(stamp) or stamp)
    return out


def _inputs(path: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """Every input of an input history file, by time: its time as written and its words as the chat history shows
    them, with the times to the second (for a binary search of a run's stretch)."""
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
        out.append((stamp, mode.group(2).strip() if mode else words))
    out.sort(key=lambda entry: entry[0][:19])  # stable: inputs of the same second keep their order
    return [stamp[:19] for stamp, _ in out], out


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
