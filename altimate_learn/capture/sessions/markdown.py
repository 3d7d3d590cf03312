"""Markdown exports of agent sessions: SpecStory's `.specstory/history/*.md` (Cursor, GitHub Copilot Chat, Claude
Code, Codex CLI) and Markdown renderings of a session by other exporters (`## User` / `## Assistant` headings).

Read only when pointed at (a file, or a folder of them such as `.specstory/history`): a Markdown file has no
standard home, and most Markdown files are not transcripts. Two layouts are read:
- SpecStory: a turn starts with a line `_**User**_`, `_**Assistant**_` or `_**Agent**_`, optionally with
  `(model …, mode …)` and/or a time (`_**User (2026-07-13 13:40:49Z)**_`); turns are separated by `---`.
  The session comment SpecStory writes for Claude Code and Codex CLI (`<!-- Claude Code Session <id> (<time>)
  -->`) gives the session's id (the agent's own, so the export and the native transcript are one session) and
  its start; the title line `# Title (2025-07-06 21:08Z)` gives the start otherwise.
- Headings: a turn starts with a heading `## User`, `### Human`, `## Assistant`, `## Claude` (levels 1-3,
  an emoji before the word, a time in parentheses after it (`## User (08:03 UTC)`) and a colon allowed); a
  `| Date | … |` row gives the day of such times and `| Model | … |` the model. Headings inside code fences
  are text.

What the person typed is a user turn less what the agent or the editor put in it: attached files, open tabs,
selections, `<system-reminder>` blocks, tool results and thinking (`<details>`, `<tool-use>`, `<think>`
blocks), Codex's IDE context before "## My request for Codex:"; Cursor's `<user_query>`, when present, holds
all of it. A user turn the agent's harness wrote (a slash command's expansion, a command's output, a task
notification, a compaction summary, an accepted plan handed to a fresh context, Copilot's "@agent Continue"
button) is not typed at all. `[Request interrupted by user]` is an interruption. In agent turns, SpecStory's
`<tool-use>` blocks are tool calls (the command, the output, an exit code stated in the output), as are the
older `<details><summary>Edit file: …</summary>` blocks and a rendering's `- **Used Read** on …` lines.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from altimate_learn.capture.model import AssistantTurn, Event, SessionInfo, ToolCall, UserMessage
from altimate_learn.capture.sessions._base import SessionReader
from altimate_learn.capture.sessions._io import LineStats, exit_code_in, iso_from_mtime, read_prefix
from altimate_learn.capture.sessions._text import Block, is_fence, iter_text_lines, tidy
from altimate_learn.errors import LearnError

HARNESS = "markdown"
HEAD_BYTES = 64 * 1024  # what detection and the session's metadata read
MAX_FOLDER_FILES = 5_000  # Markdown transcripts read from one folder
MAX_FOLDER_CHECKED = 20_000  # Markdown files looked at in one folder

_SPEC = re.compile(r"^_\*\*(User|Assistant|Agent)\b([^*]*)\*\*_\s*$")
_HEADING = re.compile(r"^#{1,3}[ \t]+(?:[^\w\s]{1,4}[ \t]*)?(Human|User|You|Me|Assistant|Claude|AI|Agent|Codex|Gemini|Copilot)"
                      r"[ \t]*(?:\(([^)]*)\))?[ \t]*:?[ \t]*$", re.I)
_USER_ROLES = ("human", "user", "you", "me")
_SESSION_COMMENT = re.compile(r"^<!--\s*(.+?) Session ([\w.-]+)\s*(?:\(([^)]*)\))?\s*-->\s*$", re.M)
_TITLE_TIME = re.compile(r"^# .*\((\d{4}-\d{2}-\d{2}[^)]*)\)\s*$", re.M)
_DATE_ROW = re.compile(r"^\|\s*Date\s*\|\s*(\d{4}-\d{2}-\d{2})[^|]*\|", re.M | re.I)
_MODEL_ROW = re.compile(r"^\|\s*Model\s*\|\s*([^|]+?)\s*\|", re.M | re.I)
_STAMP = re.compile(r"(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|UTC|[+-]\d{2}:?\d{2})?")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(UTC|Z)?$")

_INTERRUPTED = re.compile(r"\[Request interrupted by user[^\]]*\]")
_USER_QUERY = re.compile(r"<user_query>\s*(.*?)\s*</user_query>", re.S)
_NOT_TYPED_BLOCKS = re.compile(
    r"<(details|tool-use|think|thinking|attached_files|additional_data|system-reminder|environment_context|"
    r"user_instructions|cursor_commands|additional_context|open_and_recently_viewed_files|manually_added_selection|"
    r"current_file|attached_folders|git_status|rules)\b[^>]*>.*?</\1>", re.S | re.I)
_LONE_TAGS = re.compile(r"</?(?:user_query|details|summary|tool-use|think)\b[^>]*>", re.I)
# What a harness, a button or a script put in the user's turn: the whole turn is not typed.
_NOT_TYPED = re.compile(
    r"<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|"
    r"system_notification|task-notification|bash-input|bash-stdout|bash-stderr|user-prompt-submit-hook)>|"
    r"^@agent Continue|^Caveat: The messages below|^This session is being continued from a previous|"
    r"^Base directory for this skill:|^Implement the plan as specified, it is attached|<teammate-message\b|"
    r"^Set (?:effort|model) to |"
    r"\AImplement the following plan:", re.I | re.M)
_CODEX_REQUEST = "## My request for Codex:"
_SEPARATOR = re.compile(r"^\s*---\s*$", re.M)

_TOOL_USE = re.compile(r"<tool-use\b([^>]*)>(.*?)</tool-use>", re.S | re.I)
_DETAILS_TOOL = re.compile(r"<details>\s*<summary>\s*([A-Z][\w ]{1,40}?):\s*([^<]*?)\s*</summary>(.*?)</details>", re.S)
_ATTR = re.compile(r'data-tool-(name|type)="([^"]*)"')
_SUMMARY_TOOL = re.compile(r"<summary>\s*Tool use:\s*\*\*([^*]+)\*\*")
_INLINE_CODE = re.compile(r"^\s*`([^`\n]+)`\s*$", re.M)
_FENCED = re.compile(r"^```[^\n]*\n(.*?)^```\s*$", re.S | re.M)
_USED_TOOL = re.compile(r"^[ \t]*- \*\*Used (\w[\w.:-]*)\*\*(?: on)?[ \t]*([^\n]*)$", re.M)
_THINK = re.compile(r"<(think|thinking|details)\b.*?</\1>", re.S | re.I)


def path_id(path: Path) -> str:
    try:
        resolved = str(path.resolve())
    except OSError:
        resolved = str(path)
    return "md-" + hashlib.sha256(resolved.encode("utf-8")).hexdigest()[:16]


def layout(text: str) -> str | None:
    """`specstory` or `headings` when ``text`` (a file's head) reads as a transcript; None otherwise."""
    lines = text.splitlines()
    if any(_SPEC.match(line) for line in lines):
        return "specstory"
    roles: set[str] = set()
    fence: str | None = None
    for line in lines:
        mark = is_fence(line)
        if mark and (fence is None or mark.startswith(fence[0]) and len(mark) >= len(fence)):
            fence = None if fence else mark
            continue
        match = None if fence else _HEADING.match(line)
        if match:
            roles.add("user" if match.group(1).lower() in _USER_ROLES else "assistant")
    return "headings" if roles == {"user", "assistant"} else None


def looks_like_text(prefix: str) -> bool:
    return layout(prefix) is not None


def _head(path: Path) -> str:
    return read_prefix(path, HEAD_BYTES).decode("utf-8", "replace")


def _iso(day: str, clock: str, zone: str | None) -> str:
    parts = clock.split(":")
    clock = ":".join(part.zfill(2) for part in parts[:2]) + f":{(parts[2].split('.')[0] if len(parts) > 2 else '').zfill(2)}"
    suffix = "" if not zone else "Z" if zone in ("Z", "UTC") else zone if ":" in zone else f"{zone[:3]}:{zone[3:]}"
    return f"{day}T{clock}{suffix}"


def stamp_in(text: str | None, day: str | None = None) -> str | None:
    """A time written in a header, as ISO 8601: a full date and time, or a clock time on ``day``."""
    if not text:
        return None
    match = _STAMP.search(text)
    if match:
        return _iso(match.group(1), match.group(2), match.group(3))
    clock = _CLOCK.match(text.strip())
    if clock and day:
        seconds = f":{clock.group(3)}" if clock.group(3) else ""
        return _iso(day, f"{clock.group(1)}:{clock.group(2)}{seconds}", clock.group(4))
    return None


def _model_in(text: str) -> str | None:
    """The model an assistant header names: `(model claude-4-sonnet, mode Agent)`, `(claude-opus-4-8 2026-…)`."""
    words = _STAMP.sub("", text).strip(" ()")
    if not words:
        return None
    first = words.split(",")[0].strip()
    first = first[6:].strip() if first.lower().startswith("model ") else first
    return first if first and first.lower() not in ("default", "mode agent") and " " not in first else None


def read_info(path: Path) -> SessionInfo:
    head = _head(path)
    info = SessionInfo(harness=HARNESS, id=path_id(path), path=str(path))
    comment = _SESSION_COMMENT.search(head)
    if comment:
        info.id = comment.group(2)
        info.extra["agent"] = comment.group(1).strip()
        info.started = stamp_in(comment.group(3))
    if info.started is None:
        title = _TITLE_TIME.search(head)
        info.started = stamp_in(title.group(1)) if title else None
    day = _DATE_ROW.search(head)
    if day:
        info.extra["day"] = day.group(1)
        info.started = info.started or f"{day.group(1)}T00:00:00"
    model = _MODEL_ROW.search(head)
    info.model = model.group(1).strip() if model else None
    title = re.search(r"^# (.+?)\s*$", head, re.M)
    if title:
        words = re.sub(r"\s*\(\d{4}-\d{2}-\d{2}[^)]*\)\s*$", "", title.group(1)).strip()
        info.title = None if not words or _STAMP.fullmatch(words) else words
    info.updated = iso_from_mtime(path)
    info.extra["layout"] = layout(head)
    return info


def user_events(text: str, rid: str, at: str | None) -> Iterator[UserMessage]:
    """The person's words in one user turn (see the module docstring), and an interruption it records."""
    if _INTERRUPTED.search(text):
        yield UserMessage(text="[interrupted]", index=0, id=f"{rid}:abort", at=at, kind="interrupt")
        text = _INTERRUPTED.sub("", text)
    if _NOT_TYPED.search(text):
        return
    queries = _USER_QUERY.findall(text)
    if queries:
        text = "\n\n".join(queries)
    text = _NOT_TYPED_BLOCKS.sub("", text)
    if _CODEX_REQUEST in text:  # Codex's IDE context (open file, selection, tabs) comes first
        text = text.split(_CODEX_REQUEST, 1)[1]
    text = _LONE_TAGS.sub("", _SEPARATOR.sub("", text))
    text = tidy(text)
    if text and not _NOT_TYPED.search(text):
        yield UserMessage(text=text, index=0, id=rid, at=at)


_TOOL_BLOCK = re.compile(f"{_TOOL_USE.pattern}|{_DETAILS_TOOL.pattern}|{_USED_TOOL.pattern}", re.S | re.M)


def _tool_call(match: re.Match[str], rid: str, number: int, at: str | None) -> ToolCall:
    """A tool call shown in an agent turn: SpecStory's `<tool-use>`, `<details><summary>Edit file: …`, `- **Used X**`."""
    tool_use, summary_name, used_name = match.group(2), match.group(3), match.group(6)
    if tool_use is not None:
        attrs = dict(_ATTR.findall(match.group(1)))
        summary = _SUMMARY_TOOL.search(tool_use)
        name = attrs.get("name") or (summary.group(1).strip() if summary else None) or attrs.get("type") or "?"
        command = _INLINE_CODE.search(tool_use)
        outputs = _FENCED.findall(tool_use)
        result = html.unescape(outputs[-1]) if outputs else None
        code = exit_code_in(result)
        words = html.unescape(command.group(1)) if command else None
        tool_input: Any = {"command": words} if words and attrs.get("type") == "shell" else words
        return ToolCall(name=name, input=tool_input, id=f"{rid}:tool-{number}", at=at, result=result,
                        is_error=bool(code), exit_code=code, message_id=rid)
    if summary_name is not None:
        outputs = _FENCED.findall(match.group(5))
        return ToolCall(name=summary_name.strip(), input={"path": match.group(4).strip()}, id=f"{rid}:tool-{number}",
                        at=at, result=outputs[-1] if outputs else None, message_id=rid)
    return ToolCall(name=used_name, input=match.group(7).strip().strip("`") or None, id=f"{rid}:tool-{number}", at=at,
                    message_id=rid)


def assistant_events(text: str, rid: str, at: str | None, model: str | None) -> Iterator[Event]:
    """One agent turn in order: what it said (without thinking) and the tool calls it shows between."""
    position = 0
    number = 0
    said = 0

    def words(segment: str) -> Iterator[Event]:
        nonlocal said
        segment = tidy(_SEPARATOR.sub("", _LONE_TAGS.sub("", _THINK.sub("", segment))))
        if segment:
            yield AssistantTurn(text=segment, id=rid if said == 0 else f"{rid}:{said}", at=at, model=model)
            said += 1

    for match in _TOOL_BLOCK.finditer(text):
        yield from words(text[position:match.start()])
        yield _tool_call(match, rid, number, at)
        number += 1
        position = match.end()
    yield from words(text[position:])


class MarkdownReader(SessionReader):
    harness = HARNESS

    def __init__(self, path: Path, info: SessionInfo | None = None) -> None:
        super().__init__(info or read_info(path))
        self.path = path

    def _raw_events(self) -> Iterator[Event]:
        style = self.info.extra.get("layout")
        day = self.info.extra.get("day")
        role: str | None = None
        header = ""
        block = Block()
        fence: str | None = None

        def flush() -> Iterator[Event]:
            if role is None or not block:
                return
            rid, text = f"line-{block.first}", block.text()
            at = stamp_in(header, day)
            if role == "user":
                yield from user_events(text, rid, at)
            else:
                model = _model_in(header) if style == "specstory" else None
                if model and self.info.model is None:
                    self.info.model = model
                yield from assistant_events(text, rid, at, model or self.info.model)

        for _, number, line in iter_text_lines(self.path, self.stats):
            match = None
            if style == "specstory":
                match = _SPEC.match(line)
            else:
                mark = is_fence(line)
                if mark and (fence is None or mark.startswith(fence[0]) and len(mark) >= len(fence)):
                    fence = None if fence else mark
                elif fence is None:
                    match = _HEADING.match(line)
            if match:
                yield from flush()
                word = match.group(1).lower()
                role = "user" if word in _USER_ROLES else "assistant"
                header = match.group(2) or ""
                block = Block(number + 1)
                fence = None
                continue
            if role is not None:
                block.add(line)
        yield from flush()


def markdown_files(folder: Path, *, limit: int = MAX_FOLDER_FILES) -> list[Path]:
    """The Markdown transcripts in a folder and its subfolders (at most ``limit``, and at most
    :data:`MAX_FOLDER_CHECKED` `.md` files looked at), by name; other Markdown files are passed over."""
    found: list[Path] = []
    checked = 0
    try:
        candidates = sorted(folder.rglob("*.md"))
    except OSError:
        return found
    for path in candidates:
        if len(found) >= limit or checked >= MAX_FOLDER_CHECKED:
            break
        checked += 1
        try:
            if path.is_file() and layout(_head(path)) is not None:
                found.append(path)
        except (OSError, LearnError):
            continue
    return found


def open_session(path: Path, session_id: str | None = None) -> MarkdownReader:
    path = Path(path)
    if path.is_dir():
        raise LearnError(f"{path} is a folder: `learn capture` reads each Markdown transcript in it.",
                         "Pass the folder to `learn capture`, or one of its files.")
    info = read_info(path)
    if info.extra.get("layout") is None:
        raise LearnError(f"{path} is not a Markdown transcript (no `_**User**_` / `_**Assistant**_` turns and no "
                         "`## User` / `## Assistant` headings).",
                         "Pass a SpecStory export (.specstory/history/*.md) or a Markdown rendering of a session.")
    return MarkdownReader(path, info)


def discover(roots: set[str], since: Any = None) -> list[SessionInfo]:
    return []  # Markdown exports have no standard home; pass their paths (or a folder) to `learn capture`
