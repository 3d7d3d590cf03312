"""Live capture keeps the command that worked after a tool_retry episode: the same tool's next success, when it
runs the failed command another way, completes the signal (through a capture worker, or in the hook).

The payloads are shaped as Claude Code 2.1.332 and Codex 0.171 sent them in real sessions (fake model on
127.0.0.1): Claude's PostToolUseFailure carries ``error`` ("Exit code 2\\n…"), its PostToolUse of a Bash success a
``tool_response`` dict (``stdout``, ``stderr``, ``interrupted``, ``isImage``, ``noOutputExpected``), of a Read a
``{"type": "text", "file": …}``; Codex's PostToolUse a string ``tool_response`` with the exit code."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.harness import capture_worker
from tests.harness.test_live_capture import event, fire, learn_dir, repo, settle, signals  # noqa: F401 (repo: fixture)

PYTEST_ERROR = ("Exit code 2\n\n==================================== ERRORS ====================================\n"
                "______________________ ERROR collecting tests/test_app.py ______________________\n"
                "ImportError while importing test module '/srv/shop/tests/test_app.py'.\n"
                "tests/test_app.py:1: in <module>\n    import app\nE   ModuleNotFoundError: No module named 'app'\n"
                "1 error in 1.97s")


def claude_session(repo: Path, capsys, worked: str = "python -m pytest -q") -> None:
    for n, command in enumerate(["pytest -q", "pytest -q tests", "pytest -q -x"]):
        fire(repo, event(repo, "PostToolUseFailure", tool_name="Bash", tool_use_id=f"toolu_f{n}",
                         tool_input={"command": command, "description": "run tests"}, error=PYTEST_ERROR,
                         is_interrupt=False, duration_ms=61), capsys=capsys)
    fire(repo, event(repo, "PostToolUse", tool_name="Read", tool_use_id="toolu_r",
                     tool_input={"file_path": str(repo / "tests" / "test_app.py")},
                     tool_response={"type": "text", "file": {"filePath": str(repo / "tests" / "test_app.py"),
                                                             "content": "import app\n"}}), capsys=capsys)
    fire(repo, event(repo, "PostToolUse", tool_name="Bash", tool_use_id="toolu_ok",
                     tool_input={"command": worked, "description": "run tests as a module"},
                     tool_response={"stdout": "1 passed in 0.01s", "stderr": "", "interrupted": False,
                                    "isImage": False, "noOutputExpected": False}), capsys=capsys)


def test_the_command_that_worked_completes_the_signal_through_a_worker(repo: Path, capsys):
    claude_session(repo, capsys)
    settle(repo)
    (signal,) = signals(repo)
    assert signal["partID"] == "toolu_f2"
    assert signal["text"].endswith("\nLast command: pytest -q -x\nThen worked: python -m pytest -q")
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "recorded the command that worked after tool_retry toolu_f2" in log


def test_it_is_recorded_in_the_hook_when_no_worker_can_start(repo: Path, capsys, monkeypatch):
    from altimate_learn import launch

    monkeypatch.setattr(launch, "python", lambda: str(repo / "no-such-python"))
    claude_session(repo, capsys)
    (signal,) = signals(repo)
    assert signal["text"].endswith("\nThen worked: python -m pytest -q")
    assert capture_worker.pending(str(learn_dir(repo) / ".sessions")) == []


def test_another_command_after_the_failures_leaves_the_signal_as_it_was(repo: Path, capsys):
    claude_session(repo, capsys, worked="ls tests")
    settle(repo)
    (signal,) = signals(repo)
    assert "Then worked" not in signal["text"] and signal["text"].endswith("\nLast command: pytest -q -x")
    state = json.loads(next((learn_dir(repo) / ".sessions").glob("*.json")).read_text())
    assert "await" not in state["retry"]  # the wait ended with that success


def test_codex_shell_calls_report_what_worked_too(repo: Path, capsys):
    for n in range(3):
        fire(repo, event(repo, "PostToolUse", tool_name="Bash", tool_input={"command": "npm test"}, turn_id="u1",
                         tool_use_id=f"call_{n}", tool_response="npm ERR! Missing script: \"test\"\nExit code: 1\n"),
             harness="codex", capsys=capsys)
    fire(repo, event(repo, "PostToolUse", tool_name="Bash", tool_input={"command": "pnpm test"}, turn_id="u1",
                     tool_use_id="call_ok", tool_response="3 passed\nExit code: 0\n"), harness="codex", capsys=capsys)
    settle(repo)
    (signal,) = signals(repo)
    assert signal["text"].endswith("\nLast command: npm test\nThen worked: pnpm test")
