"""Session readers for every harness: format detection, dispatch and discovery.

- :func:`detect_format` looks at a file's content (not its name): a SQLite header is opencode's database,
  otherwise the first JSON lines say which agent wrote it. A missing, empty, binary or unknown file raises
  :class:`LearnError` with one clear line.
- :func:`read_session` returns a :class:`SessionReader`: ``info`` (cheap metadata) and ``events()``, one
  streaming pass over the transcript (memory does not grow with its size).
- :func:`discover_sessions` lists the sessions of a project across every harness found on the machine,
  matching each session's working directory against the project root. The root is matched as written, as
  resolved, and as the shell spells it through a symlink (`$PWD`), since agents record whichever they saw.
  A session started in a subfolder belongs to the project, unless that subfolder is a project of its own
  (its own `.git`, as a nested repository, submodule or worktree has, or its own `.altimate-code/`): that
  is where `learn` run in that folder keeps its store, so its sessions are that project's. Discovery reads
  headers only; ``count_messages=True`` adds message counts (an exact count, cached by file size and
  modification time so listing again is cheap). Sessions that learn's own model calls left behind (an agent
  CLI used as the reflection model, run in :data:`~altimate_learn.markers.MODEL_CALL_DIR`) are never listed.
"""

from __future__ import annotations

import importlib
import json
import os
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from altimate_learn.jsonsafe import loads
from altimate_learn.capture.model import SessionInfo
from altimate_learn.capture.sessions._base import SessionReader
from altimate_learn.capture.sessions._io import (
    SQLITE_MAGIC,
    check_file,
    head_objects,
    looks_binary,
    parse_time,
    path_variants,
    read_prefix,
)
from altimate_learn.errors import LearnError

HARNESSES = ("claude-code", "codex", "opencode", "gemini", "aider", "markdown", "generic")
_MODULES = {"claude-code": "claude", "codex": "codex", "opencode": "opencode", "gemini": "gemini",
            "aider": "aider", "markdown": "markdown", "generic": "generic"}
# which module claims a JSON line first: the most specific shapes go first
_DETECT_ORDER = ("generic", "codex", "gemini", "claude-code")
_WHOLE_JSON_LIMIT = 64 * 1024 * 1024  # single-document JSON files (legacy formats) are read whole up to this

UNKNOWN_HINT = ("Pass --harness claude-code|codex|opencode|gemini|aider|markdown|generic if you know which agent "
                "wrote it, or convert it to the generic format (docs/generic-trajectory.md).")

__all__ = ["HARNESSES", "SessionReader", "belongs_to", "check_harness", "detect_format", "discover_sessions",
           "find_session", "multi_session", "project_roots", "read_session", "repository_project_roots",
           "session_to_open"]


def harness_module(harness: str) -> ModuleType:
    check_harness(harness)
    return importlib.import_module(f"altimate_learn.capture.sessions.{_MODULES[harness]}")


def multi_session(harness: str | None) -> bool:
    """True for the harnesses whose one file or database holds many sessions (opencode's database, aider's chat
    history): :func:`read_session` opens one of them by its id."""
    return harness == "opencode" or (harness in HARNESSES and getattr(harness_module(harness), "MULTI_SESSION", False))


def session_to_open(info: SessionInfo) -> str | None:
    """The ``session_id`` :func:`read_session` needs to open a listed session (None where a file is one session)."""
    return info.id if multi_session(info.harness) else None


def check_harness(harness: str) -> str:
    if harness not in HARNESSES:
        raise LearnError(f"unknown harness '{harness}'.", f"Use one of: {', '.join(HARNESSES)}.")
    return harness


def _whole_json(path: Path) -> Any:
    """A single pretty-printed JSON document (legacy Gemini chats, opencode's JSON storage), if small enough."""
    try:
        if path.stat().st_size > _WHOLE_JSON_LIMIT:
            return None
        return loads(path.read_bytes())
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def detect_format(path: Path) -> str:
    """The harness that wrote ``path``, from its content; raises :class:`LearnError` when it cannot tell."""
    path = Path(path)
    if path.is_dir():
        if harness_module("opencode").is_storage_dir(path):
            return "opencode"
        if harness_module("markdown").markdown_files(path, limit=1):
            return "markdown"
        check_file(path)  # raises: a folder is not a transcript
    check_file(path)
    prefix = read_prefix(path)
    if not prefix.strip():
        raise LearnError(f"{path} is empty: there is no session in it.", "Pass a session transcript.")
    if prefix.startswith(SQLITE_MAGIC):
        return "opencode"
    if looks_binary(prefix):
        _refuse_binary(path, prefix)
    objects = head_objects(path, max_lines=20)
    if not objects and prefix.lstrip().startswith(b"{"):
        document = _whole_json(path)
        if isinstance(document, dict):
            objects = [document]
    for obj in objects:
        for harness in _DETECT_ORDER:
            if harness_module(harness).looks_like(obj):
                return harness
        if harness_module("opencode").looks_like(obj):
            return "opencode"
    if not objects:  # Markdown: aider's chat history, an export of a session
        head = read_prefix(path, harness_module("markdown").HEAD_BYTES).decode("utf-8", "replace")
        for harness in ("aider", "markdown"):
            if harness_module(harness).looks_like_text(head):
                return harness
    raise LearnError(f"{path}: unknown transcript format (not Claude Code, Codex, opencode, Gemini CLI, aider's "
                     "chat history, a Markdown export of a session or the generic JSONL trajectory).", UNKNOWN_HINT)


def _refuse_binary(path: Path, prefix: bytes) -> None:
    """One line for a file that is not UTF-8 text: UTF-16 (Windows tools write it: PowerShell's `>`, Notepad's
    "Unicode") says how to convert it; anything else is binary."""
    if prefix.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise LearnError(f"{path} is UTF-16 text; learn reads transcripts in UTF-8.",
                         f"Convert it first (iconv -f UTF-16 -t UTF-8 {path.name} > converted), then capture the copy.")
    raise LearnError(f"{path} is a binary file, not a session transcript.",
                     "Pass a JSONL transcript or an opencode database; `learn sessions` lists them.")


def read_session(path: Path, *, harness: str | None = None, session_id: str | None = None) -> SessionReader:
    """A reader for one session. opencode's database holds many sessions: ``session_id`` picks one."""
    path = Path(path)
    if harness is None:
        harness = detect_format(path)
    elif not (harness == "opencode" and path.is_dir()):
        check_harness(harness)
        check_file(path)
        prefix = read_prefix(path)
        if looks_binary(prefix) and not prefix.startswith(SQLITE_MAGIC):
            _refuse_binary(path, prefix)
    reader: SessionReader = harness_module(harness).open_session(path, session_id)
    if session_id and reader.info.id != session_id:
        raise LearnError(f"{path} holds session {reader.info.id}, not {session_id}.",
                         "Drop --session, or pass the transcript of that session.")
    return reader


def project_roots(project_root: Path) -> set[str]:
    """The spellings of a project root an agent may have recorded: as given, resolved, and through $PWD."""
    return path_variants(project_root) | _logical_roots(project_root)


def _logical_roots(project_root: Path) -> set[str]:
    """The root as the shell names it when it was reached through a symlink (`$PWD` keeps that spelling)."""
    pwd = os.environ.get("PWD")
    if not pwd or not os.path.isabs(pwd):
        return set()
    try:
        real_root = os.path.realpath(project_root)
        candidate = os.path.normpath(pwd)
        while True:  # walk up $PWD to the folder that is the root
            if os.path.realpath(candidate) == real_root:
                return {candidate}
            parent = os.path.dirname(candidate)
            if parent == candidate:
                return set()
            candidate = parent
    except (OSError, ValueError):
        return set()


def repository_project_roots(project_root: Path) -> set[str]:
    """:func:`project_roots` of every checkout of the repository: the main worktree, its linked worktrees
    (live, or recorded before they were removed: :func:`altimate_learn.worktree.repository_roots`)."""
    from altimate_learn.worktree import repository_roots

    roots: set[str] = set()
    for folder in repository_roots(str(project_root)):
        roots |= project_roots(Path(folder))
    return roots


def _is_project_root(folder: str) -> bool:
    """What :func:`altimate_learn.store.paths.find_project_root` stops at."""
    return os.path.exists(os.path.join(folder, ".git")) or os.path.isdir(os.path.join(folder, ".altimate-code"))


def belongs_to(cwd: str | None, roots: set[str], cache: dict[str, bool] | None = None) -> bool:
    """True when a session started in ``cwd`` is this project's: in a root, or in a subfolder of one that is
    not a project of its own (a nested repository, submodule or worktree keeps its own sessions)."""
    if not cwd or not isinstance(cwd, str):
        return False
    if cache is not None and cwd in cache:
        return cache[cwd]
    result = False
    bases = {root.rstrip(os.sep) or os.sep for root in roots}
    for variant in path_variants(cwd):
        for base in bases:
            if variant == base:
                result = True
                break
            if not variant.startswith(base.rstrip(os.sep) + os.sep):
                continue
            folder = variant
            nested = False
            while len(folder) > len(base) and not nested:  # the folders between the cwd and the root
                # a folder that is itself one of the roots (a worktree inside the main one) is not nested
                nested = folder not in bases and _is_project_root(folder)
                folder = os.path.dirname(folder)
            if not nested:
                result = True
                break
        if result:
            break
    if cache is not None:
        cache[cwd] = result
    return result


def discover_sessions(project_root: Path, *, harness: str | None = None, since: datetime | None = None,
                      count_messages: bool = False) -> list[SessionInfo]:
    """Every session of this project, across every harness found on the machine, newest first: the sessions of
    every worktree of its repository (:func:`repository_project_roots`)."""
    roots = repository_project_roots(Path(project_root))
    harnesses = [check_harness(harness)] if harness else list(HARNESSES)
    found: list[SessionInfo] = []
    for name in harnesses:
        module = harness_module(name)
        try:
            found += module.discover(roots, since)
        except LearnError:
            raise
        except (OSError, ValueError):
            continue  # one harness's unreadable data never hides the others
    from altimate_learn.markers import is_model_call_dir

    owned: dict[str, bool] = {}
    found = [s for s in found if (s.cwd is None or belongs_to(s.cwd, roots, owned)) and not is_model_call_dir(s.cwd)
             and not is_model_call_dir(s.path)]
    if since is not None:
        found = [s for s in found if _newest(s) is None or _newest(s) >= since]  # type: ignore[operator]
    found.sort(key=_sort_key, reverse=True)
    if count_messages:
        _fill_counts(found)
    return found


def _newest(info: SessionInfo) -> datetime | None:
    return parse_time(info.updated) or parse_time(info.started)


def _sort_key(info: SessionInfo) -> tuple[float, str]:
    newest = _newest(info)
    return (newest.timestamp() if newest else 0.0, info.id)


def find_session(session_id: str, project_root: Path) -> SessionInfo | None:
    """A session of this project by its id (or a unique prefix of at least 6 characters)."""
    sessions = discover_sessions(project_root)
    exact = [s for s in sessions if s.id == session_id]
    if exact:
        return exact[0]
    if len(session_id) < 6:
        return None
    matches = [s for s in sessions if s.id.startswith(session_id)]
    if len(matches) > 1:
        listed = ", ".join(f"{s.harness} {s.id}" for s in matches[:5])
        raise LearnError(f"session id prefix '{session_id}' matches {len(matches)} sessions ({listed}).",
                         "Give more of the id.")
    return matches[0] if matches else None


# --- message counts (cached) -----------------------------------------------------------------------------

def _cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "altimate-learn" / "session-counts.json"


def _fill_counts(sessions: list[SessionInfo]) -> None:
    path = _cache_path()
    try:
        cache = loads(path.read_text(encoding="utf-8"))
        if not isinstance(cache, dict):
            cache = {}
    except (OSError, ValueError):
        cache = {}
    fresh: dict[str, int] = {}
    for info in sessions:
        module = harness_module(info.harness)
        quick = getattr(module, "count_messages", None)
        if quick is not None:  # opencode: a SQL count is already cheap
            try:
                info.message_count = quick(info)
            except (OSError, LearnError, ValueError):
                pass
            continue
        try:
            stat = os.stat(info.path)
        except OSError:
            continue
        key = f"{info.harness}|{info.path}|{info.id}|{stat.st_size}|{stat.st_mtime_ns}"
        if isinstance(cache.get(key), int):
            info.message_count = cache[key]
        else:
            try:
                reader = read_session(Path(info.path), harness=info.harness, session_id=session_to_open(info))
                for _ in reader.events():
                    pass
                info.message_count = reader.info.message_count
            except (OSError, LearnError, ValueError):
                continue
        fresh[key] = info.message_count
    if fresh and fresh != {k: cache.get(k) for k in fresh}:
        try:
            from altimate_learn.store.fsio import atomic_write

            # keep other sessions' counts; drop stale ones of the files just counted
            counted = {k.rsplit("|", 2)[0] for k in fresh}
            merged = {k: v for k, v in cache.items() if k.rsplit("|", 2)[0] not in counted}
            merged.update(fresh)
            atomic_write(path, json.dumps(merged, sort_keys=True))
        except OSError:
            pass
