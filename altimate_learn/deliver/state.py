"""Per-session delivery state, the shown/usage records of each store, locks and the hook log.

Session state is one JSON file per session in `.altimate-code/learn/.sessions/`, named by a hash of the
session id (ids come from the agent's hook payload and are untrusted: they never become a path). It holds
the frozen session-start section, the retrieved note of the first request, the lessons shown so far
(with the exact line the agent saw, so a rebuild after compaction shows the same text even if the
approved set changed since), the files the agent touched, the search terms of the latest request
(only words that occur in some lesson: never raw request text), the keys of the lessons the first request
matched weakly that wait for a file in their scope, what the latest edit held back for want of room, and
live-capture bookkeeping.

Each store keeps `shown.jsonl` (one line per lesson shown: session, id, tier, at) and `usage.json`
(`{id: times delivered}`), written under altimate-code's project lock and the store's own lock (the same
locks as every other learn writer), which delivery waits for at most ~5 seconds before it gives up and
delivers nothing.

A state file that cannot be parsed is moved aside and the session starts over; everything here can be
rebuilt, so state writes are atomic renames without fsync (they must stay cheap on every hook call).

Stdlib only: imported by every hook call.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time

from altimate_learn.deliver import fastjson

try:  # the C SHA-256 that hashlib wraps: importing hashlib itself (OpenSSL) costs a hook ~3 ms more
    from _sha2 import sha256  # type: ignore[import-not-found]  # Python 3.12+
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha256 import sha256  # type: ignore[import-not-found,no-redef]  # Python 3.11
    except ImportError:
        from hashlib import sha256  # type: ignore[assignment]

SESSIONS = ".sessions"
SHOWN = "shown.jsonl"
USAGE = "usage.json"
HOOK_LOG = "hook.log"
LOCK_TIMEOUT = 5.0  # seconds; spec 003: delivery waits at most about 5 s for the learn lock
# After a wait for a lock timed out, the next hooks (one per prompt and file read) would each wait the full
# 5 s again and stall the agent for minutes; while `<lock>.busy` is younger than BUSY_SECONDS they wait
# only BUSY_WAIT. It is removed as soon as the lock is taken again.
BUSY_SECONDS = 60.0
BUSY_WAIT = 0.25
STATE_VERSION = 1
MAX_SESSION_ID = 200
LOG_MAX_BYTES = 1_000_000


def utc_now() -> str:
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now * 1000) % 1000:03d}Z"


def clean_session_id(value: object) -> str | None:
    """A printable, bounded session id, or None when the payload has none we can use."""
    if not isinstance(value, str):
        return None
    cleaned = "".join(ch for ch in value if ch.isprintable()).strip()[:MAX_SESSION_ID]
    return cleaned or None


SUB_AGENT = " agent "  # a Claude Code sub-agent's delivery state: "<session id> agent <agent_id>" (harness/hook.py)


def parent_session(session_id: str) -> str:
    """The session a sub-agent's delivery state (and its `shown.jsonl` lines) belongs to; any other id as it is."""
    return session_id.split(SUB_AGENT, 1)[0]


def session_file_name(session_id: str) -> str:
    return sha256(session_id.encode("utf-8", "surrogateescape")).hexdigest()[:40]


def shown_of(sessions_dir: str, session_id: str) -> list[tuple[str, str]]:
    """``(at, line)`` of each lesson the session was shown, in order, as its state file keeps them (``at`` may be ""
    in a state of an older version). Read without the session's lock: the state is written by atomic renames. No
    state file: []. A state that cannot be parsed raises ValueError and stays where it is (the hooks own moving it
    aside). The capture worker (live) and `learn capture` (a transcript file) read it the same way (cls43)."""
    path = os.path.join(sessions_dir, session_file_name(session_id) + ".json")
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return []
    try:
        data = fastjson.loads(text)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{type(exc).__name__}") from None
    if not isinstance(data, dict) or data.get("session") != session_id or not isinstance(data.get("shown"), list):
        return []
    return [(s["at"] if isinstance(s.get("at"), str) else "", s["line"]) for s in data["shown"]
            if isinstance(s, dict) and isinstance(s.get("line"), str)]


def sub_agent_sessions(sessions_dir: str, session_id: str, since: float | None = None) -> list[str]:
    """The ids of the session's sub-agent delivery states ("<session> agent <id>", :data:`SUB_AGENT`) in
    ``sessions_dir``. Their file names are hashes of those ids, so the folder's states are looked through: with
    ``since`` (the session's start, epoch seconds) only those written since (older sessions' states cost a stat), and
    a file that does not name the prefix is not parsed; one that cannot be read is passed over."""
    prefix = session_id + SUB_AGENT
    needle = fastjson.dumps(prefix, ensure_ascii=False)[1:-1].encode("utf-8")
    found = []
    try:
        entries = list(os.scandir(sessions_dir))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.endswith(".json") or len(entry.name) != 45:  # 40 hex digits of session_file_name + .json
            continue
        try:
            if since is not None and entry.stat().st_mtime < since:
                continue
            with open(entry.path, "rb") as handle:
                data = handle.read(1 << 22)
        except OSError:
            continue
        if needle not in data:
            continue
        try:
            state = fastjson.loads(data.decode("utf-8", "replace"))
        except (ValueError, TypeError):
            continue
        sub = state.get("session") if isinstance(state, dict) else None
        if isinstance(sub, str) and sub.startswith(prefix) and entry.name == session_file_name(sub) + ".json":
            found.append(sub)
    return sorted(found)


def shown_with_sub_agents(sessions_dir: str, session_id: str) -> list[tuple[str, str]]:
    """:func:`shown_of` the session, with what its sub-agents were shown in states of their own (R50-7: a Claude Code
    sub-agent's file lessons), in the order they were shown: a lesson a sub-agent was given is the session's too (the
    "print again??" cue, review51). A main state that cannot be parsed raises ValueError as :func:`shown_of` does; a
    sub-agent's is passed over."""
    shown = shown_of(sessions_dir, session_id)
    subs = []
    for sub in sub_agent_sessions(sessions_dir, session_id, _created(sessions_dir, session_id)):
        try:
            subs += shown_of(sessions_dir, sub)
        except ValueError:
            continue
    if not subs:
        return shown
    return sorted(shown + subs, key=lambda item: item[0])


def _created(sessions_dir: str, session_id: str) -> float | None:
    """When the session's delivery state was made (epoch seconds, a minute early for safety), or None."""
    from datetime import datetime

    try:
        with open(os.path.join(sessions_dir, session_file_name(session_id) + ".json"), encoding="utf-8") as handle:
            created = fastjson.loads(handle.read()).get("created")
        return datetime.fromisoformat(created.replace("Z", "+00:00")).timestamp() - 60
    except (OSError, ValueError, TypeError, AttributeError):
        return None


# --- log -----------------------------------------------------------------------------------------------

class HookLog:
    """Appends one line per problem to `.sessions/hook.log` (only if the learn folder exists)."""

    def __init__(self, learn_dir: str | None, harness: str = "") -> None:
        self.learn_dir = learn_dir
        self.harness = harness
        self.lines: list[str] = []

    def __call__(self, message: str) -> None:
        self.lines.append(message)
        if not self.learn_dir:
            return
        try:
            folder = os.path.join(self.learn_dir, SESSIONS)
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, HOOK_LOG)
            try:
                if os.path.getsize(path) > LOG_MAX_BYTES:
                    os.replace(path, path + ".1")
            except OSError:
                pass
            line = f"{utc_now()} [{self.harness or '-'}] {' '.join(message.split())}\n"
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                os.write(fd, line.encode("utf-8", "replace"))
            finally:
                os.close(fd)
        except OSError:
            pass  # a read-only project: nowhere to log, and the hook must still answer


# --- locks ---------------------------------------------------------------------------------------------

class LockBusy(Exception):
    """Another process held a lock past the deadline. ``short``: an earlier event already waited the full ~5 s for it
    (the busy memo), so this one waited only :data:`BUSY_WAIT`."""

    def __init__(self, path: str, short: bool = False) -> None:
        super().__init__(path)
        self.short = short

    @property
    def waited(self) -> str:
        """How long the hook waited, for hook.log."""
        return (f"(still: an earlier event waited ~{LOCK_TIMEOUT:g} s for it; this one {BUSY_WAIT:g} s)"
                if self.short else f"for ~{LOCK_TIMEOUT:g} s")


class Locks:
    """flock-based exclusive locks sharing one deadline, and altimate-code's project lock
    (:mod:`altimate_learn.peerlock`); released together (in reverse order)."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.fds: list[int] = []
        self.peer: str | None = None  # the learn folder whose project lock this holds

    def acquire_peer(self, learn_dir: str) -> None:
        """Take altimate-code's learn lock of ``learn_dir`` (re-entrant, same deadline and busy memo)."""
        from altimate_learn import peerlock

        memo = peerlock.lock_path(learn_dir) + ".busy"
        deadline = self.deadline
        try:
            busy = time.time() - os.stat(memo).st_mtime < BUSY_SECONDS
        except OSError:
            busy = False
        if busy:
            deadline = min(deadline, time.monotonic() + BUSY_WAIT)
        try:
            peerlock.enter(learn_dir, deadline)
        except peerlock.PeerLockBusy:
            try:
                with open(memo, "a"):
                    os.utime(memo)
            except OSError:
                pass
            raise LockBusy(peerlock.lock_path(learn_dir), busy and deadline < self.deadline) from None
        self.peer = learn_dir
        if busy:
            try:
                os.unlink(memo)
            except OSError:
                pass

    def acquire(self, path: str) -> None:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)  # never through a link
        delay = 0.002
        deadline = self.deadline
        memo = path + ".busy"
        try:
            busy = time.time() - os.stat(memo).st_mtime < BUSY_SECONDS
        except OSError:
            busy = False
        if busy:
            deadline = min(deadline, time.monotonic() + BUSY_WAIT)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self.fds.append(fd)
                if busy:
                    try:
                        os.unlink(memo)
                    except OSError:
                        pass
                return
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    raise
            if time.monotonic() >= deadline:
                os.close(fd)
                try:
                    with open(memo, "a"):
                        os.utime(memo)
                except OSError:
                    pass
                raise LockBusy(path, busy and deadline < self.deadline)
            time.sleep(min(delay, max(0.0, deadline - time.monotonic())))
            delay = min(delay * 2, 0.1)

    def release(self) -> None:
        while self.fds:
            fd = self.fds.pop()
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            except OSError:
                pass
            os.close(fd)
        if self.peer is not None:
            from altimate_learn import peerlock

            learn_dir, self.peer = self.peer, None
            peerlock.leave(learn_dir)

    def __enter__(self) -> Locks:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# --- files ---------------------------------------------------------------------------------------------

def write_atomic(path: str, text: str) -> None:
    """Temporary file in the same folder, then rename (no fsync: this state can be rebuilt)."""
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def move_aside(path: str) -> str:
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    dest = f"{path}.malformed-{stamp}"
    n = 1
    while os.path.exists(dest):
        n += 1
        dest = f"{path}.malformed-{stamp}-{n}"
    os.rename(path, dest)
    return dest


def ensure_gitignore(learn_dir: str) -> None:
    """Keep learn's `.gitignore` in place before delivery writes local state next to `approved.json`."""
    path = os.path.join(learn_dir, ".gitignore")
    if os.path.lexists(path):
        return
    from altimate_learn.store.paths import GITIGNORE_TEXT

    write_atomic(path, GITIGNORE_TEXT)


def refuse_symlink(path: str) -> None:
    if os.path.islink(path):
        raise OSError(errno.ELOOP, f"refusing to write through a symlink: {path}")


# --- session state -------------------------------------------------------------------------------------

def new_state(session_id: str, harness: str) -> dict:
    return {
        "version": STATE_VERSION, "session": session_id, "harness": harness, "created": utc_now(),
        "section": None,  # the frozen session-start section (core; core + retrieved without SessionStart)
        "start_note": None,  # the retrieved tier, delivered with the first request after SessionStart
        "notes_tokens": 0,  # tokens of the learner's blocks given at session start (within budget_tokens)
        "first_request": None,  # key of the first request (prompt id, or a hash of its text)
        "requests": {},  # request key → the note delivered with it (a repeated event gets the same bytes)
        "terms": [],  # search terms of the latest request (only words that occur in some lesson)
        "deferred": [],  # keys of lessons a request matched weakly, waiting for a file in their scope
        "kept": [],  # words some lesson uses of the latest request's clauses that keep what they name, redacted first
        # (deliver/contents.py)
        "touched": [],  # project-relative paths the agent read or edited
        "request_seq": 0,  # requests answered so far (the file tier serves a file once per request)
        "held": None,  # [request_seq, keys]: what the latest edit held back for want of room, for a sibling file
        "files": {},  # project-relative path → [request_seq, what was served (1 first event, 2 an edit), call id]
        "shown": [],  # [{key, store, id, tier, at, line[, edited]}]; edited: the lesson's text changed since
        "corpus": "",  # content key of the approved set the shown lessons were last compared with
        "compactions": 0,
        "transcript_read": None,  # [chat file, bytes read] of the agent's chat file, for a replaced context (Gemini)
        "fork_unread": None,  # a Claude Code fork's own transcript, to read for its copies once it exists (parent unknown)
        "prompts": 0,  # user prompts seen (live capture: the first is the task, never a correction)
        "assistant_done": False,  # a completed assistant turn since the last prompt
        "interrupted": False,  # the user interrupted a tool call since the last prompt
        "ended": False,  # the session's end event came after its last prompt (live capture only)
        "retry": None,  # RetryCounter state (live capture only)
        "reflect": None,  # {at, open}: the last automatic reflection started for this session
        "recovery": None,  # {at, started}: startup recovery checked at this session's first idle
    }


class SessionState:
    """Load and save one session's state file (call under the session's lock)."""

    def __init__(self, sessions_dir: str, session_id: str, harness: str, log) -> None:
        name = session_file_name(session_id)
        self.path = os.path.join(sessions_dir, name + ".json")
        # Sixteen lock files shared by the sessions whose names start with the same hex digit: the agents of
        # every worktree of a repository share this folder, and one lock for all of them would make parallel
        # agents wait on each other (past the ~5 s a hook waits, an event is dropped); per-session lock
        # files would pile up next to the state files.
        self.lock_path = os.path.join(sessions_dir, ".lock-" + name[0])
        self.session_id = session_id
        self.harness = harness
        self.log = log
        self.data: dict = new_state(session_id, harness)
        self.exists = False
        self._loaded_text: str | None = None

    def load(self) -> dict:
        try:
            with open(self.path, encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            return self.data
        except (OSError, UnicodeDecodeError) as exc:
            self.log(f"session state {self.path} unreadable ({exc}); starting over")
            return self.data
        try:
            data = fastjson.loads(text)
            if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
                raise ValueError("not a session state object")
            if data.get("session") != self.session_id:
                raise ValueError("belongs to another session")
            base = new_state(self.session_id, self.harness)
            for key, default in base.items():
                if key in data and type(data[key]) is not type(default) and default is not None:
                    raise ValueError(f"field {key!r} has the wrong type")
            base.update(data)
            if not all(isinstance(s, dict) and isinstance(s.get("key"), str) and isinstance(s.get("line"), str)
                       for s in base["shown"]):
                raise ValueError("field 'shown' is malformed")
            self.data = base
            self.exists = True
            self._loaded_text = text
        except ValueError as exc:
            try:
                moved = move_aside(self.path)
                self.log(f"session state {self.path} malformed ({exc}); moved to {moved}, starting over")
            except OSError:
                self.log(f"session state {self.path} malformed ({exc}); starting over")
        return self.data

    def save(self) -> None:
        text = fastjson.dumps(self.data, sort_keys=True, ensure_ascii=False, compact=True)
        if text == self._loaded_text:
            return
        refuse_symlink(self.path)
        write_atomic(self.path, text)
        self._loaded_text = text

    def shown_keys(self) -> set[str]:
        """Keys of the lessons the session was shown as they read now (not those edited since)."""
        return {s["key"] for s in self.data["shown"] if not s.get("edited")}


# --- store records -------------------------------------------------------------------------------------

def append_shown(store_dir: str, records: list[dict]) -> None:
    """Append whole lines to `shown.jsonl` (a torn last line is ended first). Call under the store lock."""
    if not records:
        return
    path = os.path.join(store_dir, SHOWN)
    refuse_symlink(path)
    payload = "".join(fastjson.dumps(r, sort_keys=True, ensure_ascii=False, compact=True) + "\n"
                      for r in records).encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        size = os.fstat(fd).st_size
        if size:
            last = os.pread(fd, 1, size - 1)
            if last != b"\n":
                payload = b"\n" + payload
        os.write(fd, payload)
    finally:
        os.close(fd)


def bump_usage(store_dir: str, ids: list[str], log) -> None:
    """Add one delivery to each id in `usage.json`. Call under the store lock."""
    if not ids:
        return
    path = os.path.join(store_dir, USAGE)
    refuse_symlink(path)
    usage: dict = {}
    try:
        with open(path, encoding="utf-8") as handle:
            loaded = fastjson.loads(handle.read())
        if not isinstance(loaded, dict):
            raise ValueError("not a JSON object")
        usage = loaded
    except FileNotFoundError:
        pass
    except (ValueError, UnicodeDecodeError) as exc:
        try:
            moved = move_aside(path)
            log(f"{path} malformed ({exc}); moved to {moved}, counting from zero")
        except OSError:
            pass
    for lesson_id in ids:
        count = usage.get(lesson_id)
        usage[lesson_id] = (count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0) + 1
    text = fastjson.dumps_indented_counts(usage)
    if text is None:  # a hand-edited file with other values: the json package writes those as they were
        import json

        text = json.dumps(usage, indent=2, sort_keys=True, ensure_ascii=False)
    write_atomic(path, text + "\n")
