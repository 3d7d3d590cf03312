"""Streaming helpers shared by the session readers.

Transcripts can be large (a long Claude Code session with file dumps runs to hundreds of MB), so readers
never load a whole file: they take one line at a time, and a line longer than `MAX_LINE_BYTES` is skipped
(and counted) without being held in memory. A line that is not JSON, or a torn last line of a transcript
that is still being written, is skipped and counted too; it never stops the read.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

from altimate_learn.jsonsafe import loads as safe_loads
from altimate_learn.errors import LearnError

try:  # orjson parses transcript lines several times faster; json is the fallback for what it refuses
    from orjson import loads as _fast_loads
except ImportError:  # pragma: no cover - orjson is a dependency
    _fast_loads = json.loads

MAX_LINE_BYTES = 64 * 1024 * 1024  # a longer line is skipped as malformed (keeps memory bounded)
# how much of a file format detection and discovery read at most: they stop after a few lines, so only a
# file that opens with huge lines (a pasted image in the first prompt) is read this far, in small chunks
HEAD_BYTES = 32 * 1024 * 1024
HEAD_LINE_BYTES = 512 * 1024  # a longer line is passed over by detection and discovery
_CHUNK = 64 * 1024  # reads that pass over an over-long line
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class LineStats:
    lines: int = 0
    skipped: int = 0
    bytes: int = 0
    replaced: int = 0  # lines with invalid UTF-8, read with U+FFFD in place of the bad bytes


def check_file(path: Path) -> None:
    """Refuse a missing path, a folder or a binary file with one clear line."""
    if not path.exists():
        raise LearnError(f"{path} does not exist.", "Pass the path of a session transcript; `learn sessions` lists them.")
    if path.is_dir():
        raise LearnError(f"{path} is a folder, not a session transcript.",
                         "Pass a transcript file (or an opencode storage folder); `learn sessions` lists them.")
    if not os.access(path, os.R_OK):
        raise LearnError(f"{path} cannot be read (permission denied).", "Check the file's permissions.")


def read_prefix(path: Path, size: int = 8192) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError as exc:
        raise LearnError(f"{path} cannot be read: {exc.strerror or exc}.", "Check the path and its permissions.") from None


def looks_binary(prefix: bytes) -> bool:
    """NUL bytes, or mostly not UTF-8. A stray invalid byte in text (a pasted Latin-1 name, a cut character)
    does not make a transcript binary: its line is read with a replacement character."""
    if b"\x00" in prefix:
        return True
    try:
        prefix.decode("utf-8")
    except UnicodeDecodeError:
        text = prefix[:-4].decode("utf-8", "replace")  # a multi-byte character cut at the end is fine
        return text.count("\ufffd") * 20 > max(len(text), 1)
    return False


def loads(raw: bytes) -> Any:
    """Parse one JSON line (raises ValueError/UnicodeDecodeError like json.loads)."""
    try:
        return _fast_loads(raw)
    except ValueError:
        return safe_loads(raw)  # e.g. integers beyond 64 bits, which orjson refuses; never RecursionError


def _raw_lines(handle: IO[bytes], stats: LineStats) -> Iterator[bytes | None]:
    """Complete raw lines (without the newline); ``None`` for a line that was too long and skipped."""
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        stats.bytes += len(raw)
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            # drain the rest of the over-long line in chunks, never holding it
            while True:
                rest = handle.readline(_CHUNK)
                stats.bytes += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield raw


def iter_json_lines(path: Path, stats: LineStats, *, start: int = 0) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each JSON-object line; blank lines are ignored, others counted as skipped."""
    for _, number, value in iter_json_lines_with_offsets(path, stats, start=start):
        yield number, value


def iter_raw_lines(path: Path, stats: LineStats, *, start: int = 0) -> Iterator[tuple[int, int, bytes | None]]:
    """``(byte offset, line number, raw line)`` for each line from ``start``; the raw line is ``None`` for a line
    that was too long and skipped (the caller counts it). Shared by the JSONL and the Markdown readers."""
    with open(path, "rb") as handle:
        if start:
            handle.seek(start)
        offset, read_before = start, stats.bytes
        for raw in _raw_lines(handle, stats):
            line_start = offset
            offset = start + stats.bytes - read_before
            stats.lines += 1
            yield line_start, stats.lines, raw


def iter_json_lines_with_offsets(path: Path, stats: LineStats, *,
                                 start: int = 0) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Like :func:`iter_json_lines`, with the byte offset where each line starts (for a second pass)."""
    for line_start, number, raw in iter_raw_lines(path, stats, start=start):
        if raw is None:
            stats.skipped += 1
            continue
        if not raw.strip():
            continue
        try:
            value = loads(raw)
        except UnicodeDecodeError:  # an invalid byte: read the line with U+FFFD for it, and count it
            try:
                value = safe_loads(raw.decode("utf-8", "replace"))
            except ValueError:
                stats.skipped += 1
                continue
            stats.replaced += 1
        except ValueError:  # includes a torn last line
            stats.skipped += 1
            continue
        if not isinstance(value, dict):
            stats.skipped += 1
            continue
        yield line_start, number, value


def read_line_at(handle: IO[bytes], offset: int) -> dict[str, Any] | None:
    handle.seek(offset)
    raw = handle.readline(MAX_LINE_BYTES + 1)
    try:
        value = loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def iter_head(path: Path, *, max_lines: int = 40, max_bytes: int = HEAD_BYTES) -> Iterator[dict[str, Any]]:
    """The first JSON-object lines of a file, reading at most ``max_bytes`` (cheap: for detection/listing).

    A line longer than `HEAD_LINE_BYTES` is passed over without being held (it still counts as a line).
    Stop iterating as soon as you have what you need: nothing more is read.
    """
    try:
        handle = open(path, "rb")
    except OSError:
        return
    with handle:
        used = 0
        for _ in range(max_lines):
            if used >= max_bytes:
                return
            try:
                raw = handle.readline(HEAD_LINE_BYTES + 1)
            except OSError:
                return
            if not raw:
                return
            used += len(raw)
            if len(raw) > HEAD_LINE_BYTES and not raw.endswith(b"\n"):
                while used < max_bytes:  # skip the rest of the long line in small reads
                    rest = handle.readline(_CHUNK)
                    used += len(rest)
                    if not rest or rest.endswith(b"\n"):
                        break
                continue
            if not raw.strip():
                continue
            try:
                value = loads(raw)
            except UnicodeDecodeError:
                try:
                    value = safe_loads(raw.decode("utf-8", "replace"))
                except ValueError:
                    continue
            except ValueError:
                continue
            if isinstance(value, dict):
                yield value


def head_objects(path: Path, *, max_lines: int = 40, max_bytes: int = HEAD_BYTES) -> list[dict[str, Any]]:
    return list(iter_head(path, max_lines=max_lines, max_bytes=max_bytes))


def modified_before(path: Path, since: datetime | None) -> bool:
    """True when ``path`` was last written before ``since`` (so a listing can skip it unread)."""
    if since is None:
        return False
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc) < since
    except OSError:
        return True


# --- text helpers ---------------------------------------------------------------------------------------

def text_of(content: Any, *, kinds: tuple[str, ...] = ("text", "input_text", "output_text")) -> str:
    """The text of a message content: a string, or the text of its text blocks joined by newlines."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        content = [content]
    if not isinstance(content, list):
        return ""
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and (block.get("type") in kinds or "type" not in block):
            text = block.get("text")
            if isinstance(text, str):
                parts.append(text)
    return "\n".join(parts)


_EXIT_PATTERNS = (
    re.compile(r"^\s*(?:Error:\s*)?Exit code:?\s*(-?\d+)", re.M | re.I),  # Gemini CLI writes "Exit Code: 1"
    re.compile(r"Process exited with code\s+(-?\d+)"),
    re.compile(r"exited with (?:exit )?(?:code|status)\s+(-?\d+)", re.I),
)


def exit_code_in(text: str | None) -> int | None:
    """An exit code stated at the start of a tool's output ("Exit code: 1", "Process exited with code 2")."""
    if not text:
        return None
    head = text[:2000]
    for pattern in _EXIT_PATTERNS:
        match = pattern.search(head)
        if match:
            try:
                return int(match.group(1))
            except ValueError:
                return None
    return None


def stringify(value: Any, cap: int = 20_000) -> str:
    """A tool result as text (JSON for structured values), clipped so one huge output cannot dominate memory."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value[:cap]
    try:
        return json.dumps(value, ensure_ascii=False)[:cap]
    except (TypeError, ValueError):
        return str(value)[:cap]


# --- time helpers ---------------------------------------------------------------------------------------

def iso_from_ms(value: Any) -> str | None:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    seconds = value / 1000 if value > 10_000_000_000 else value
    try:
        return datetime.fromtimestamp(seconds, tz=timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    except (OverflowError, OSError, ValueError):
        return None


def iso_from_mtime(path: Path) -> str | None:
    try:
        return iso_from_ms(path.stat().st_mtime)
    except OSError:
        return None


def parse_time(value: str | None) -> datetime | None:
    """An aware datetime from an ISO 8601 string (``Z`` accepted); ``None`` if it does not parse."""
    if not value or not isinstance(value, str):
        return None
    text = value.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def norm_iso(value: Any) -> str | None:
    """A timestamp from a transcript as ISO 8601 (epoch numbers and ISO strings both accepted)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return iso_from_ms(value)
    if isinstance(value, str) and parse_time(value):
        return value
    return None


# --- paths ----------------------------------------------------------------------------------------------

def path_variants(path: str | Path) -> set[str]:
    """A path as written and resolved (symlinks such as /tmp -> /private/tmp must still match)."""
    raw = os.path.normpath(os.path.abspath(os.path.expanduser(str(path))))
    out = {raw}
    try:
        out.add(str(Path(raw).resolve()))
    except OSError:
        pass
    return out


def is_within(candidate: str | None, roots: set[str]) -> bool:
    """True when ``candidate`` (a session's cwd) is one of ``roots`` or inside one of them."""
    if not candidate or not isinstance(candidate, str):
        return False
    for variant in path_variants(candidate):
        for root in roots:
            if variant == root or variant.startswith(root.rstrip(os.sep) + os.sep):
                return True
    return False
