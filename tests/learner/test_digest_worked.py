"""The learner's digest says what worked after failed tool calls: the shell command that ran the failed one another
way (a real Claude Code session: `pytest` three times, ModuleNotFoundError, then `python -m pytest`), never a
command that does something else."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.model import SessionInfo
from altimate_learn.learner.digest import read_session

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "real" / "claude_pytest_recovery.jsonl"
SESSION = "71b4779d-c946-4d27-a24d-17e8c32ceea2"


def _with_a_reply(tmp_path: Path, worked: str = "python -m pytest -q") -> Path:
    """The real session, its successful command ``worked``, and the person's next message after it."""
    lines = REAL.read_text().replace('"python -m pytest -q"', json.dumps(worked)).splitlines()
    last = next(json.loads(line) for line in reversed(lines) if json.loads(line).get("type") == "assistant")
    reply = {"parentUuid": last["uuid"], "isSidechain": False, "type": "user", "uuid": "0c0ffee0-0000-4000-8000-0000000000aa",
             "timestamp": "2026-12-04T00:01:00.000Z", "sessionId": SESSION, "cwd": last.get("cwd"),
             "message": {"role": "user", "content": "ok, now add a test for subtraction"}}
    path = tmp_path / f"{SESSION}.jsonl"
    path.write_text("\n".join([*lines, json.dumps(reply)]) + "\n")
    return path


def _exchange(path: Path):
    read = read_session(SessionInfo("claude-code", SESSION, str(path)), None, floor=None)
    return read.exchanges[-1]


def test_the_command_that_worked_after_the_failures_is_shown_with_the_one_it_replaced(tmp_path):
    exchange = _exchange(_with_a_reply(tmp_path))
    assert exchange.text == "ok, now add a test for subtraction"
    assert len(exchange.failures) == 3
    assert exchange.worked == ["Bash: python -m pytest -q (instead of: pytest -q -x)"]
    assert "  worked after the failures: Bash: python -m pytest -q (instead of: pytest -q -x)" in exchange.render()


def test_another_command_after_the_failures_is_not_what_worked(tmp_path):
    exchange = _exchange(_with_a_reply(tmp_path, "python3 -c 'print(1)'"))
    assert len(exchange.failures) == 3 and exchange.worked == []
    assert "worked after" not in exchange.render()


def _last_call_a_write(tmp_path: Path, denied: bool) -> Path:
    """The real session with its last tool call a Write of app/new.py, denied (Claude Code's `-p` permission answer)
    or done, and the person's reply after it."""
    path = _with_a_reply(tmp_path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    use = next(line for line in reversed(lines) if line.get("type") == "assistant"
               and any(part.get("type") == "tool_use" for part in line["message"]["content"]))
    part = next(p for p in use["message"]["content"] if p.get("type") == "tool_use")
    part["name"], part["input"] = "Write", {"file_path": f"{use.get('cwd')}/app/new.py", "content": "x = 1\n"}
    result = next(p for line in lines if line.get("type") == "user" and isinstance(line["message"]["content"], list)
                  for p in line["message"]["content"] if p.get("type") == "tool_result" and p.get("tool_use_id") == part["id"])
    if denied:
        result["is_error"] = True
        result["content"] = "Claude requested permissions to write to app/new.py, but you haven't granted it yet."
    else:
        result["is_error"], result["content"] = False, "File created successfully at: app/new.py"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def test_a_denied_write_is_no_file_changed(tmp_path):
    # review42 R42-5: a Write the person's permissions refused was listed as "files changed: app/new.py"
    assert _exchange(_last_call_a_write(tmp_path, denied=True)).files == []
    assert _exchange(_last_call_a_write(tmp_path, denied=False)).files == ["app/new.py"]
