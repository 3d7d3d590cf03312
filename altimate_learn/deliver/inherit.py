"""What a forked session already holds of learn's text: the lessons learn sent to the session it was copied from.

A fork (Claude Code `--resume ID --fork-session`, whose SessionStart says ``source: "fork"``; opencode
`run --fork` and its TUI fork) is a new session id whose conversation holds copies of the earlier session's
messages, with the `<team-rules>` sections learn added to them. Its delivery state starts empty, so without this
the fork's first request brought those lessons a second time (review43 R43-4: two lessons twice in the request).

This module reads those copies, never as anyone's words: only the lines of our own sections
(:func:`altimate_learn.deliver.render.wrap`), which :meth:`altimate_learn.deliver.engine.Delivery.inherit` matches
against the approved lessons' lines and records as shown (no `shown.jsonl` line, no usage count: nothing was sent).

- Claude Code: the fork's own transcript does not exist yet when its SessionStart and first UserPromptSubmit hooks
  run (Claude Code 2.1.332 writes it with the first answer), and the payload does not name the parent. The parent is
  the one other transcript of the project folder last written within :data:`SLACK` seconds after the parent's last
  answer, which the payload gives (``seconds_since_last_response``); of several, the one whose last answer (its last
  ``assistant`` line's ``timestamp``) is that answer (an earlier fork of the same session, made just after it, copied
  that answer and answered since: review46 R46-1). When that leaves none or more than one (sessions working side by
  side), the fork inherits nothing at its start (a lesson may come twice with its start or first request); its later
  events read the copies in its own transcript once Claude Code has written it (the hook's ``fork_unread``, review50). A fork made right after a `/compact`
  whose conversation kept no answer has no ``seconds_since_last_response`` (review45 R45-7), nor has a fork of a
  session whose only answer was Claude Code's "API Error: …": its parent is the one other transcript whose
  conversation holds no answer (:func:`holds_no_answer`; of several, the one written in the last :data:`SLACK`
  seconds, if only one was). A resumed session learn has no state for (learn
  installed since) reads its own transcript.
- Codex (`codex fork`, `codex exec fork ID`): SessionStart says ``source: "fork"``; the fork's rollout exists and its
  first line names the parent (``forked_from_id``), whose rollout holds the sections (:func:`codex_parent`).
- opencode: the plugin lists the fork's messages (they exist before its first prompt) and sends the texts holding
  our sections with `session.start` (``inherited``).
"""

from __future__ import annotations

import os
from datetime import datetime

from altimate_learn.deliver import fastjson
from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN

SLACK = 60.0  # seconds a transcript may be written after its last answer (Stop / SessionEnd hooks, the agent's own end)
EARLY = 2.0  # ``seconds_since_last_response`` is whole seconds
LATE_HOOK = 10.0  # how long after Claude Code measured ``seconds_since_last_response`` its hook may read the clock
MAX_BYTES = 64 << 20  # a transcript larger than this is not read (a hook must answer)
TAIL = 4 << 20  # how far from its end a transcript is searched for a compaction with no answer after it
INHERITED = "inherited"  # the tier of a lesson recorded from a copy; also the first-request key of such a session


def sections(text: str) -> list[tuple[str, list[str]]]:
    """``(heading, lesson lines)`` of each of learn's sections in ``text`` (as :func:`render.wrap` writes them)."""
    found: list[tuple[str, list[str]]] = []
    start = text.find(SECTION_OPEN)
    while start >= 0:
        end = text.find(SECTION_CLOSE, start)
        body = text[start + len(SECTION_OPEN): end if end >= 0 else len(text)]
        rows = body.strip("\n").split("\n")
        if rows and rows[0] and not rows[0].startswith("- "):
            found.append((rows[0], [row[2:] for row in rows[1:] if row.startswith("- ") and row[2:].strip()]))
        if end < 0:
            break
        start = text.find(SECTION_OPEN, end)
    return found


def strings_holding(value: object, needle: str, out: list[str]) -> None:
    """Append to ``out`` every string in the JSON ``value`` (nested dicts and lists) that holds ``needle``."""
    if isinstance(value, str):
        if needle in value:
            out.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            strings_holding(item, needle, out)
    elif isinstance(value, list):
        for item in value:
            strings_holding(item, needle, out)


def _compaction(line: str) -> bool:
    """Does this transcript line mark a compaction, after which the model sees only what follows it (Claude Code's
    ``compact_boundary`` system line; Codex's ``compacted`` item, whose ``replacement_history`` is the new context)?"""
    if '"compact_boundary"' not in line and '"compacted"' not in line:
        return False
    try:
        obj = fastjson.loads(line)
    except (ValueError, TypeError):
        return False
    if not isinstance(obj, dict):
        return False
    return (obj.get("type") == "system" and obj.get("subtype") == "compact_boundary") or obj.get("type") == "compacted"


def transcript_texts(path: str) -> list[str]:
    """The strings of a JSONL transcript that hold one of learn's sections (each line read as JSON: the sections are
    escaped in the file), from its last compaction on: what came before it is no longer in the model's context
    (review45 R45-6: a fork of a compacted session counted lessons it never saw as shown). A line that is not JSON is
    skipped; an unreadable or too large file gives []."""
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return []
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return []
    out: list[str] = []
    if "team-rules" not in text:
        return out
    for line in text.splitlines():
        if "team-rules" not in line:
            if out and _compaction(line):
                out = []
            continue
        if _compaction(line):
            out = []
        try:
            strings_holding(fastjson.loads(line), SECTION_OPEN, out)
        except (ValueError, TypeError):
            continue
    return out


def _rows_from_end(path: str, size: int):
    """The lines of a file from its end: those of its last 64 KiB, then (when the caller has not stopped) those of its
    last :data:`TAIL` bytes, again from the end. A line cut by the start of what was read is left out."""
    want = min(size, 64 << 10)
    try:
        with open(path, "rb") as handle:
            while True:
                handle.seek(size - want)
                rows = handle.read(want).split(b"\n")
                if want < size:
                    rows = rows[1:]  # it starts inside a line
                yield from reversed(rows)
                if want >= min(size, TAIL):
                    return
                want = min(size, TAIL)
    except OSError:
        return


def _json(row: bytes) -> dict:
    try:
        obj = fastjson.loads(row.decode("utf-8", "replace"))
    except (ValueError, TypeError):
        return {}
    return obj if isinstance(obj, dict) else {}


def holds_no_answer(path: str, size: int) -> bool:
    """Does the conversation of this Claude Code transcript, as Claude Code sends it to the model, hold no answer? Its
    last ``compact_boundary`` line comes after its last answer, or it holds no answer at all: a line
    ``isApiErrorMessage`` (Claude Code's own "API Error: …" in place of an answer) is none. Such a session's fork has
    no ``seconds_since_last_response``. Read from its end (:func:`_rows_from_end`): what follows a compaction (the
    summary, the files it brings back, learn's section) is small; a file larger than :data:`TAIL` with neither in its
    end is taken to hold an answer."""
    for row in _rows_from_end(path, size):
        if b'"assistant"' in row:
            obj = _json(row)
            if obj.get("type") == "assistant" and not obj.get("isApiErrorMessage"):
                return False
        if b'"compact_boundary"' in row and _compaction(row.decode("utf-8", "replace")):
            return True
    return size <= TAIL


def last_answer(path: str, size: int) -> float | None:
    """When the last answer of this Claude Code transcript was written (its last ``assistant`` line's ``timestamp``,
    epoch seconds), or None."""
    for row in _rows_from_end(path, size):
        if b'"assistant"' not in row:
            continue
        obj = _json(row)
        if obj.get("type") != "assistant":
            continue
        stamp = obj.get("timestamp")
        if not isinstance(stamp, str):
            return None
        try:
            return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return None
    return None


def claude_parent(transcript_path: str, seconds: object, now: float) -> str | None:
    """The transcript a Claude Code fork was copied from (see the module docstring), or None. ``seconds`` is the
    payload's ``seconds_since_last_response``; None (absent) when the conversation the fork copied holds no answer."""
    unanswered = seconds is None
    if not unanswered and (not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 0):
        return None
    folder, own = os.path.split(transcript_path)
    target = now - (seconds or 0)
    found: list[tuple[float, int, str]] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return None
    for entry in entries:
        if entry.name == own or not entry.name.endswith(".jsonl"):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            stat = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if unanswered:
            if holds_no_answer(entry.path, stat.st_size):
                found.append((stat.st_mtime, stat.st_size, entry.path))
        elif target - EARLY <= stat.st_mtime <= target + SLACK:
            found.append((stat.st_mtime, stat.st_size, entry.path))
    if len(found) > 1 and unanswered:
        found = [item for item in found if item[0] >= now - SLACK]
    elif len(found) > 1:
        # a fork of the same session made just after that answer copied it and answered since (review46 R46-1: a
        # second fork found the parent and the first one): the parent's last answer is the one the payload means
        found = [item for item in found
                 if (answer := last_answer(item[2], item[1])) is not None
                 and target - LATE_HOOK <= answer <= target + EARLY]
    return found[0][2] if len(found) == 1 else None


def codex_parent(rollout: str) -> str | None:
    """The rollout a Codex fork (`codex fork`, `codex exec fork ID`; SessionStart ``source: "fork"``) was copied from:
    the fork's rollout exists at its SessionStart and its first line (``session_meta``) names the parent
    (``forked_from_id``, Codex 0.171), whose rollout is in the same dated folders (`sessions/YYYY/MM/DD/`). None when
    the first line names none or no such rollout is found."""
    try:
        with open(rollout, encoding="utf-8", errors="replace") as handle:
            first = handle.readline(4 << 20)
        meta = fastjson.loads(first)
    except (OSError, ValueError, TypeError):
        return None
    body = meta.get("payload") if isinstance(meta, dict) else None
    parent = body.get("forked_from_id") if isinstance(body, dict) else None
    if not isinstance(parent, str) or not parent or not all(ch.isalnum() or ch == "-" for ch in parent):
        return None
    day = os.path.dirname(rollout)
    sessions = os.path.dirname(os.path.dirname(os.path.dirname(day)))
    suffix = f"-{parent}.jsonl"
    folders = [day]
    try:
        for year in sorted(os.listdir(sessions), reverse=True):
            for month in sorted(os.listdir(os.path.join(sessions, year)), reverse=True):
                for date in sorted(os.listdir(os.path.join(sessions, year, month)), reverse=True):
                    folders.append(os.path.join(sessions, year, month, date))
    except OSError:
        pass
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith("rollout-") and name.endswith(suffix):
                return os.path.join(folder, name)
    return None


def copied_texts(event, now: float, log) -> list[str]:
    """The texts holding learn's sections that a session's first start event says its conversation already holds:
    opencode's ``inherited`` list; a Claude Code fork's parent transcript; a resumed session's own transcript."""
    payload = event.payload
    inherited = payload.get("inherited")
    if isinstance(inherited, list):
        return [t for t in inherited if isinstance(t, str) and SECTION_OPEN in t]
    path = event.transcript_path
    if not path or event.source not in ("fork", "resume"):
        return []
    own = os.path.isfile(path)
    texts = transcript_texts(path) if own else []
    if event.source != "fork":
        return texts
    parent = codex_parent(path) if own else claude_parent(path, payload.get("seconds_since_last_response"), now)
    if parent is None:
        if not texts:
            where = ("holds no answer (it ends in a compaction, or its answer was an API error)"
                     if "seconds_since_last_response" not in payload
                     else "was written just after its last answer")
            log(f"{event.name} (fork): the session it was forked from is not known (no other transcript of the "
                f"project {where}, or more than one); lessons it was shown may come again")
        return texts
    return transcript_texts(parent) + texts
