"""Running an agent CLI as a model: the working folder, the child environment, one bounded process run,
and reading JSON out of whatever the CLI printed.

- The working folder is ``<cache>/altimate-learn/altimate-learn-model`` (``$XDG_CACHE_HOME``, else
  ``~/.cache``): private (0700), empty of project files, and named with :data:`markers.MODEL_CALL_DIR`, so
  the session a CLI may record for it never matches a project (readers also skip it by name). It is one
  stable folder rather than a fresh one per call because the agents register every folder they run in
  (Gemini's ``projects.json``, Claude's ``~/.claude.json``): one folder is one entry, not one per reflection.
  Files a call needs (a system prompt file, a config) go in a per-call scratch folder, removed afterwards.
- The child environment is the user's (their login, proxy and enterprise settings are what make the CLI
  work) plus ``ALTIMATE_LEARN=0`` and ``ALTIMATE_LEARN_MODEL_CALL=1``, so learn's own hooks, should the CLI
  run any, return at once; colour is switched off. ``PWD`` is the working folder, as a shell's ``cd`` would
  leave it: ``opencode run`` works in ``$PWD`` before its actual working folder, so the inherited value (the
  folder learn was started in) put its session in the user's project, a second instance beside the first.
- A run gets the prompt on stdin (then EOF, so a CLI that asks for confirmation reads "no" instead of
  waiting), runs in its own process group, and is bounded as a whole: at the deadline the group gets
  SIGTERM, then SIGKILL; anything the CLI left running in its group is killed when it exits, and the whole group
  when learn itself is interrupted or terminated meanwhile (Ctrl-C never reaches a process in a session of its own;
  SIGTERM and SIGHUP raise SystemExit while a CLI runs). Output is
  captured up to a cap, never unbounded.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altimate_learn.markers import MODEL_CALL_DIR, MODEL_CALL_ENV

OUTPUT_CAP = 8 * 1024 * 1024  # a reflection answer is a few KB; the CLI's event stream a little more
KILL_GRACE = 3.0  # seconds between SIGTERM and SIGKILL
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


@dataclass
class RunResult:
    returncode: int | None  # None: killed at the deadline
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool = False
    truncated: bool = False  # output went past OUTPUT_CAP (the rest was discarded)
    gave_up: str | None = None  # a stdout line the CLI's module reads as "no answer will come": it was stopped then


def working_folder(env: Mapping[str, str] | None = None) -> Path:
    """The folder every agent-CLI call runs in (created 0700 on first use); see the module docstring."""
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or str(Path(env.get("HOME") or Path.home()) / ".cache")
    folder = Path(base) / "altimate-learn" / MODEL_CALL_DIR
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if folder.is_symlink() or not folder.is_dir():
            raise OSError("not a plain folder")
        return folder
    except OSError:  # a read-only or odd home: a private temporary folder with the same marker in its name
        return _temporary_working_folder()


def _temporary_working_folder() -> Path:
    """The working folder when the cache folder cannot be made: one per user in the temporary folder
    (`altimate-learn-model-<uid>`, 0700), used again by every later call, as the cache's is; a fresh one per call
    was never removed (one more empty folder in /tmp per reflection; review51). A folder of that name that is not
    this user's private plain folder is not used: then a fresh private one."""
    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = Path(tempfile.gettempdir()) / (f"{MODEL_CALL_DIR}-{uid}" if uid is not None else MODEL_CALL_DIR)
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
        import stat

        if stat.S_ISDIR(info.st_mode) and (uid is None or info.st_uid == uid) and not info.st_mode & 0o077:
            return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix=MODEL_CALL_DIR + "-"))


def scratch_folder() -> Path:
    """A private folder for one call's files (removed by :func:`remove_scratch`)."""
    return Path(tempfile.mkdtemp(prefix=MODEL_CALL_DIR + "-call-"))


def remove_scratch(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def child_env(extra: Mapping[str, str] | None = None, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The user's environment marked as learn's own model call (see the module docstring)."""
    env = dict(os.environ if base is None else base)
    env.update({"ALTIMATE_LEARN": "0", MODEL_CALL_ENV: "1", "NO_COLOR": "1", "FORCE_COLOR": "0"})
    env.update(extra or {})
    return env


def find_binary(name: str, env: Mapping[str, str] | None = None) -> str | None:
    """``name`` on PATH, looked up in the absolute PATH folders only: an empty or relative entry (``.``, ``bin``)
    would find a program of the repository learn runs in, which a clone could ship as `claude`."""
    env = os.environ if env is None else env
    folders = [part for part in (env.get("PATH") or os.defpath).split(os.pathsep) if os.path.isabs(part)]
    return shutil.which(name, path=os.pathsep.join(folders)) if folders else None


def run_process(argv: list[str], *, env: Mapping[str, str], cwd: Path, stdin_text: str, timeout: float,
                cap: int = OUTPUT_CAP, gives_up: Callable[[str], bool] | None = None) -> RunResult:
    """Run ``argv`` to completion or to the deadline (see the module docstring). ``gives_up`` reads each stdout
    line as it comes: when it says the CLI will not answer (Codex waiting for a network it has not got), the
    group is stopped then, not at the deadline. Raises OSError when it cannot be started at all."""
    with _ending_raises():
        return _run_process(argv, env=env, cwd=cwd, stdin_text=stdin_text, timeout=timeout, cap=cap,
                            gives_up=gives_up)


def _exit_on(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def _ending_raises() -> Iterator[None]:
    """While a CLI runs, SIGTERM and SIGHUP (a terminal closed) raise SystemExit, so its process group is killed and
    the call's scratch folder removed on the way out: Python's default handlers end learn on the spot, and the CLI
    went on with its call (trial28). Only in the main thread, and only where no one chose a handler (`nohup`'s
    ignored SIGHUP stays ignored)."""
    saved: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            try:
                if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
                    saved[sig] = signal.signal(sig, _exit_on)
            except (ValueError, OSError):
                continue
    try:
        yield
    finally:
        for sig, old in saved.items():
            signal.signal(sig, old)


def _run_process(argv: list[str], *, env: Mapping[str, str], cwd: Path, stdin_text: str, timeout: float,
                 cap: int, gives_up: Callable[[str], bool] | None = None) -> RunResult:
    start = time.monotonic()
    env = {**env, "PWD": str(cwd)}  # as a shell's `cd` would: opencode takes its folder from $PWD, not the cwd
    proc = subprocess.Popen(argv, cwd=str(cwd), env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, close_fds=True)
    out = _Drain(proc.stdout, cap, gives_up, lambda: _stop(proc))
    err = _Drain(proc.stderr, cap)
    writer = threading.Thread(target=_feed, args=(proc.stdin, stdin_text.encode("utf-8")), daemon=True)
    for thread in (writer, out.thread, err.thread):
        thread.start()
    timed_out = False
    try:
        proc.wait(timeout=max(0.0, timeout))
    except subprocess.TimeoutExpired:
        timed_out = True
        _signal_group(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=KILL_GRACE)
        except subprocess.TimeoutExpired:
            _signal_group(proc.pid, signal.SIGKILL)
            proc.wait()
    except BaseException:
        # Ctrl-C, SIGTERM, SIGHUP (:func:`_ending_raises`) while the CLI answers: in a session of its own, the
        # terminal's interrupt never reaches it, and it went on with the call, unread (trial28: `learn run`
        # interrupted, Claude Code still ran)
        _signal_group(proc.pid, signal.SIGKILL)
        raise
    _signal_group(proc.pid, signal.SIGKILL)  # whatever the CLI left running in its group
    for thread in (out.thread, err.thread, writer):
        thread.join(timeout=2.0)  # a grandchild in a session of its own may still hold a pipe: don't wait on it
    return RunResult(None if timed_out else proc.returncode, out.text(), err.text(), time.monotonic() - start,
                     timed_out=timed_out, truncated=out.truncated or err.truncated, gave_up=out.gave_up)


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM to the CLI's group, SIGKILL after the grace period (from the thread that read its give-up line)."""
    _signal_group(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=KILL_GRACE)
    except subprocess.TimeoutExpired:
        _signal_group(proc.pid, signal.SIGKILL)


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _feed(stream: Any, data: bytes) -> None:
    try:
        stream.write(data)
        stream.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass  # the CLI closed stdin or exited: what it did with the prompt shows in its output
    finally:
        try:
            stream.close()
        except (BrokenPipeError, OSError, ValueError):
            pass


class _Drain:
    """Reads a pipe to its end in a thread, keeping at most ``cap`` bytes; with ``gives_up``, each complete line is
    shown to it as it comes, and the first it says yes to calls ``stop`` (once) and is kept in ``gave_up``."""

    def __init__(self, stream: Any, cap: int, gives_up: Callable[[str], bool] | None = None,
                 stop: Callable[[], None] | None = None) -> None:
        self.stream = stream
        self.cap = cap
        self.chunks: list[bytes] = []
        self.size = 0
        self.truncated = False
        self.gives_up = gives_up
        self.stop = stop
        self.gave_up: str | None = None
        self.partial = b""
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _watch(self, chunk: bytes) -> None:
        lines = (self.partial + chunk).split(b"\n")
        self.partial = lines.pop()[-65536:]
        for raw in lines:
            line = raw.decode("utf-8", errors="replace").strip()
            if line and self.gave_up is None and self.gives_up is not None and self.gives_up(line):
                self.gave_up = line
                if self.stop is not None:
                    self.stop()
                return

    def _run(self) -> None:
        try:
            while True:
                chunk = self.stream.read1(64 * 1024) if hasattr(self.stream, "read1") else self.stream.read(65536)
                if not chunk:
                    return
                if self.gives_up is not None and self.gave_up is None:
                    self._watch(chunk)
                room = self.cap - self.size
                if room > 0:
                    self.chunks.append(chunk[:room])
                    self.size += min(room, len(chunk))
                if len(chunk) > room:
                    self.truncated = True
        except (OSError, ValueError):
            return

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", errors="replace")


# --- reading what the CLI printed ---------------------------------------------------------------------------

def strip_ansi(text: str) -> str:
    """``text`` without terminal escape sequences (colours, cursor moves, titles) and carriage returns."""
    return _ANSI.sub("", text).replace("\r", "")


def json_objects(text: str) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``text``, in order: one per JSONL line, and pretty-printed ones spanning lines.

    Banners, progress lines and colour codes around them are skipped, so a CLI that prints a greeting
    before its JSON still parses."""
    clean = strip_ansi(text)
    decoder = json.JSONDecoder()
    position = 0
    length = len(clean)
    while position < length:
        start = clean.find("{", position)
        if start < 0:
            return
        line_start = clean.rfind("\n", 0, start) + 1
        if clean[line_start:start].strip():  # a brace inside a line of prose: not the start of an object
            position = start + 1
            continue
        try:
            value, end = decoder.raw_decode(clean, start)
        except json.JSONDecodeError:
            position = start + 1
            continue
        if isinstance(value, dict):
            yield value
        position = end


def first_line(text: str, limit: int = 160) -> str:
    """The first non-empty line of ``text`` (escape codes removed), clipped: for one-line error messages."""
    for line in strip_ansi(text).splitlines():
        line = " ".join(line.split())
        if line:
            return line[:limit] + ("…" if len(line) > limit else "")
    return ""


def int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
