"""A tool that failed three times in a row, then worked when run another way: the tool_retry signal keeps what
worked, and the built-in reflector says it ("Run `python -m pytest` instead of `pytest` here ..."); when nothing
worked (or what ran next was another command), it says nothing.

The transcript is a real Claude Code 2.1.332 session (fake model on 127.0.0.1, learn's hooks installed): `pytest
-q`, `pytest -q tests`, `pytest -q -x` fail with ModuleNotFoundError (the tests import the project's `app`, which
plain `pytest` cannot), the agent reads the test file, then `python -m pytest -q` passes. Its PostToolUseFailure
payloads carry ``error: "Exit code 2\\n\\n=== ERRORS ===..."`` and the PostToolUse of the success a
``tool_response`` dict (``stdout``, ``stderr``, ``interrupted``), as the live tests feed them."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.commands import forms, related, retry_lesson
from tests.gates.helpers import read_json

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "real"
PYTEST = REAL / "claude_pytest_recovery.jsonl"
LESSON = ("Run `python -m pytest` instead of `pytest` here (it fails with \"ModuleNotFoundError: No module named "
          "'app'\").")


def _variant(tmp_path: Path, worked: str) -> Path:
    """The real session with its successful command replaced."""
    path = tmp_path / "71b4779d-c946-4d27-a24d-17e8c32ceea2.jsonl"
    path.write_text(PYTEST.read_text().replace('"python -m pytest -q"', json.dumps(worked)))
    return path


def _retry_signals(cli) -> list[dict]:
    code, out, err = cli("signals", "--json", "--all")
    assert code == 0, err
    return [s for s in json.loads(out) if s["kind"] == "tool_retry"]


def test_the_real_session_gives_a_lesson_that_says_what_worked(git_repo, cli):
    code, out, err = cli("capture", str(PYTEST))
    assert code == 0, err
    [signal] = _retry_signals(cli)
    assert signal["text"].endswith("\nLast command: pytest -q -x\nThen worked: python -m pytest -q")
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    [lesson] = read_json(git_repo, "candidate.json")
    assert lesson["text"] == LESSON
    assert "paths" not in lesson  # how to run a command holds in the whole project
    assert _retry_signals(cli)[0]["status"] == "consumed"


def test_nothing_is_learned_offline_when_what_ran_next_was_another_command(git_repo, cli, tmp_path):
    code, _, err = cli("capture", str(_variant(tmp_path, "python3 -c 'print(1)'")))
    assert code == 0, err
    [signal] = _retry_signals(cli)
    assert "Then worked" not in signal["text"] and signal["text"].endswith("\nLast command: pytest -q -x")
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    assert "nothing that worked after the failures was recorded" in out + err
    assert not (git_repo / ".altimate-code/learn/team-playbook/candidate.json").exists()
    assert _retry_signals(cli)[0]["status"] == "open"  # it waits for a model or a person


def test_a_signal_captured_live_before_its_fix_was_seen_is_completed_by_the_transcript(git_repo, cli, tmp_path):
    # live capture recorded the episode at its third failure; the success's hook never ran (the agent was killed)
    code, _, err = cli("capture", str(_variant(tmp_path, "python3 -c 'print(1)'")))
    assert code == 0, err
    assert cli("reflect", "--pending", "--model", "builtin")[0] == 0  # nothing to learn yet: it waits
    code, _, err = cli("capture", str(PYTEST))  # the same session read again, with its real ending
    assert code == 0, err
    [signal] = _retry_signals(cli)
    assert signal["text"].endswith("\nThen worked: python -m pytest -q")
    # it says more now, so the built-in reflector reads it again
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    assert [lesson["text"] for lesson in read_json(git_repo, "candidate.json")] == [LESSON]


def test_which_later_command_is_the_same_thing_done_another_way():
    assert related("pytest -q -x", "python -m pytest -q") and forms("pytest -q -x", "python -m pytest -q") == (
        "pytest", "python -m pytest")
    assert forms("npm test", "pnpm test") == ("npm test", "pnpm test")
    assert forms("npm install", "npm install --legacy-peer-deps") == ("npm install", "npm install --legacy-peer-deps")
    assert forms("cd /srv/app && pytest tests/", "cd /srv/app && uv run pytest tests/") == ("pytest", "uv run pytest")
    assert forms("pytest", "PYTHONPATH=src pytest") == ("pytest", "PYTHONPATH=src pytest")
    assert related("pytestx -q", "python3 -m pytest -q")  # a program that is not there, and the one that is
    # not the same intent, or nothing a rule can say
    assert not related("git status", "git log") and not related("pytestx -q", "python3 -c 'print(1)'")
    assert forms("cat docs/a.md", "cat docs/b.md") is None  # another file: values only
    # R42-8: the same run on another file is a new command, not the failed one fixed
    assert not related("pytest tests/a.py", "pytest tests/b.py") and forms("pytest tests/a.py", "pytest tests/b.py") is None
    assert forms("git checkout mian", "git checkout main") is None  # a typo fixed
    # R42-4: the same program run another way without the folder the failure named, or run by its path
    assert related("pytest -q tests", "python -m pytest -q") and forms("pytest -q tests", "python -m pytest -q") == (
        "pytest", "python -m pytest")
    assert forms(".venv/bin/pytest -q", ".venv/bin/python -m pytest -q") == (".venv/bin/pytest",
                                                                            ".venv/bin/python -m pytest")
    assert forms("./node_modules/.bin/jest", "npx jest") == ("./node_modules/.bin/jest", "npx jest")
    assert not related("git status", "git") and not related("pytest -q tests", "pytest -q")  # not another way
    assert not related("pytest -q tests", "pytest -q tests/unit")  # another folder
    # R42-8: a look around that names the failed command's folder, another file, another script of the same runner
    assert not related("pytest -q tests", "ls tests") and not related("pytest -k orders", "grep -r orders tests")
    assert not related("cat config/missing.yaml", "cat a.txt") and not related("python scripts/migrate.py",
                                                                                "python scripts/seed.py")
    assert related("grep -P foo x", "grep -E foo x")  # a look-around run another way is still that
    assert retry_lesson("Tool `Bash` failed 3 times in a row. Last error: ModuleNotFoundError: No module named 'app'"
                        "\nLast command: .venv/bin/pytest -q tests\nThen worked: ls tests")[0] is None


def test_the_lesson_from_a_signal_text(tmp_path):
    head = "Tool `Bash` failed 3 times in a row. Last error: Exit code 127\n/bin/bash: line 1: python: command not found"
    assert retry_lesson(head + "\nLast command: python -V\nThen worked: python3 -V") == (
        'Run `python3` instead of `python` here (it fails with "command not found").', "")
    lesson, why = retry_lesson(head + "\nLast command: python -V")
    assert lesson is None and why.startswith("nothing that worked after the failures was recorded")
    lesson, why = retry_lesson("Tool `Read` failed 3 times in a row. Last error: File does not exist.")
    assert lesson is None and "names no shell command" in why
