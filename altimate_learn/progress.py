"""Progress while a model answers: a spinner with the elapsed time on a terminal, nothing anywhere else.

Every provider's ``complete`` is wrapped with :func:`observed`. Nothing is shown unless a command line
installs a spinner with :func:`show_model_calls` (the `learn` CLI does, only when stderr is a terminal
and the command is not a hook's background run), so library callers, hooks, logs and pipes get no output.
The spinner writes to stderr, one line it redraws (``⠙ waiting for openai/gpt-4.1-mini… 12s``), and clears
that line when the call ends, so the command's own output (and its one error line) follow as before. While
a progress bar (:mod:`altimate_learn.history.progress`) is on screen the spinner stays quiet: the bar is
already the line that moves.

Standard library only; below every layer that calls a model.
"""

from __future__ import annotations

import functools
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TextIO

_factory: Callable[[str], Any] | None = None
bars_on_screen = 0  # history.progress.Progress counts itself here while it is drawn


_notice_stream: TextIO | None = None
LOCK_NOTICE_AFTER = 2.0  # seconds a command waits for a lock before it says what it waits for


def show_model_calls(stream: TextIO | None) -> None:
    """Show a spinner on ``stream`` during each model call from now on, and a line when a lock keeps the command
    waiting (:func:`lock_wait_notice`) (``None``: show nothing)."""
    global _factory, _notice_stream
    _factory = None if stream is None else (lambda label: Spinner(label, stream))
    _notice_stream = stream


def lock_wait_notice(text: str) -> None:
    """Say ``text`` (what the command waits for, who holds it) as one line, where the spinner would show: on a
    terminal only, never for a hook, a background run or a pipe (a silent wait of minutes looks like a hang)."""
    stream = _notice_stream
    if stream is None:
        return
    try:
        stream.write(text + "\n")
        stream.flush()
    except (OSError, ValueError, UnicodeError):
        pass


@contextmanager
def model_call(label: str) -> Iterator[None]:
    factory = _factory
    if factory is None or bars_on_screen:
        yield
        return
    spinner = factory(label)
    spinner.start()
    try:
        yield
    finally:
        spinner.stop()


def observed(method: Callable[..., Any]) -> Callable[..., Any]:
    """Wraps a provider's ``complete(self, …)``: the call shows progress under the model's label."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with model_call(str(getattr(self, "label", "the model"))):
            return method(self, *args, **kwargs)

    return wrapper


def is_terminal(stream: Any) -> bool:
    import os

    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Spinner:
    """One redrawn line on ``stream`` from ``delay`` seconds after start until stop (then cleared)."""

    FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
    ASCII_FRAMES = "|/-\\"

    def __init__(self, label: str, stream: TextIO, *, interval: float = 0.1, delay: float = 0.2) -> None:
        self.label, self.stream, self.interval, self.delay = label, stream, interval, delay
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        self.frames = self.FRAMES if encoding in ("utf8", "utf16", "utf32") else self.ASCII_FRAMES
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = False
        self._started = 0.0

    def start(self) -> None:
        self._started = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="learn-spinner", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        frame = 0
        while not self._stop.is_set():
            elapsed = int(time.monotonic() - self._started)
            self._write(f"\r{self.frames[frame % len(self.frames)]} waiting for {self.label}… {elapsed}s\x1b[K")
            self._drawn = True
            frame += 1
            self._stop.wait(self.interval)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._drawn:
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError, UnicodeError):  # a closed or odd terminal: the call matters, not the spinner
            self._stop.set()
