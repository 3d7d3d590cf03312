"""A spinner with the elapsed time while a model answers, on a terminal only; one error line, printed once.

The terminal is a real pseudo-terminal on stderr; the model is the fake HTTP server on 127.0.0.1, held
until the spinner has been seen, so nothing here depends on timing.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import Store, project
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

MODEL = "openai/gpt-4o-mini"


@pytest.fixture
def repo_with_signal(git_repo: Path) -> Path:
    append_signals(Store(project(git_repo), "team-playbook"),
                   [NewSignal(kind="user_correction", session_id="sess-1", text="never commit directly to main",
                              reason="test", message_id="m1")])
    return git_repo


def _env(server: FakeModelServer) -> dict[str, str]:
    return dict(os.environ, OPENAI_BASE_URL=server.openai_base_url, OPENAI_API_KEY="sk-test-progress")


def _start_on_a_terminal(repo: Path, server: FakeModelServer) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "altimate_learn", "reflect", "--model", MODEL, "--timeout", "300"],
                            cwd=repo, env=_env(server), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=slave, text=True)
    os.close(slave)
    return proc, master


def _read_until(master: int, needle: bytes, seen: bytearray, deadline: float) -> bool:
    while time.monotonic() < deadline:
        if needle in seen:
            return True
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed: the process ended
                return needle in seen
            if not chunk:
                return needle in seen
            seen += chunk
    return needle in seen


def test_a_spinner_with_elapsed_time_on_the_terminal_and_nothing_on_stdout(repo_with_signal, model_server):
    opened = model_server.gate()  # the answer waits until the spinner was seen
    proc, master = _start_on_a_terminal(repo_with_signal, model_server)
    seen = bytearray()
    try:
        shown = _read_until(master, f"waiting for {MODEL}… ".encode(), seen, time.monotonic() + 120)
    finally:
        opened.set()
    out, _ = proc.communicate(timeout=120)
    _read_until(master, b"\x00never", seen, time.monotonic() + 2)  # drain what is left
    os.close(master)
    assert shown, bytes(seen)
    assert proc.returncode == 0, bytes(seen)
    text = seen.decode("utf-8", "replace")
    assert any(frame in text for frame in "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏") and "s\x1b[K" in text  # a frame and the seconds
    assert text.rstrip("\r\n").endswith("\r\x1b[K")  # the line is cleared when the call ends
    assert "Reflected on session sess-1" in out and "waiting for" not in out and "\r" not in out


def test_a_failed_call_on_a_terminal_is_one_error_line(repo_with_signal, model_server):
    model_server.fail(401, "invalid api key")
    proc, master = _start_on_a_terminal(repo_with_signal, model_server)
    seen = bytearray()
    out, _ = proc.communicate(timeout=120)
    _read_until(master, b"\x00never", seen, time.monotonic() + 2)
    os.close(master)
    text = seen.decode("utf-8", "replace")
    assert proc.returncode == 1
    assert text.count("invalid api key") == 1 and text.count("Error:") == 1, text
    assert "invalid api key" not in out


def test_nothing_but_the_output_when_stderr_is_a_pipe(repo_with_signal, model_server):
    model_server.hang(1.0, None)
    proc = subprocess.run([sys.executable, "-m", "altimate_learn", "reflect", "--model", MODEL, "--timeout", "300"],
                          cwd=repo_with_signal, env=_env(model_server), capture_output=True, text=True, timeout=120)
    assert "waiting for" not in proc.stderr and "\r" not in proc.stderr + proc.stdout


def test_the_spinner_clears_its_line_and_stays_quiet_under_a_bar():
    import io

    from altimate_learn import progress
    from altimate_learn.history.progress import Progress

    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    screen = Terminal()
    spinner = progress.Spinner("anthropic/claude-haiku-4-5", screen, interval=0.01, delay=0)
    spinner.start()
    while "waiting for" not in screen.getvalue():
        time.sleep(0.01)
    spinner.stop()
    assert screen.getvalue().startswith("\r⠋ waiting for anthropic/claude-haiku-4-5… 0s\x1b[K")
    assert screen.getvalue().endswith("\r\x1b[K")

    progress.show_model_calls(screen)
    try:
        bar_screen = Terminal()
        with Progress("Reflecting", 2, stream=bar_screen) as bar:
            bar.advance("one")
            assert progress.bars_on_screen == 1
            before = screen.getvalue()
            with progress.model_call("openai/gpt-4o-mini"):
                time.sleep(0.3)
            assert screen.getvalue() == before  # the bar is the moving line
        assert progress.bars_on_screen == 0
    finally:
        progress.show_model_calls(None)
