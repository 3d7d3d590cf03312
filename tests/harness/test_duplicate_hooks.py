"""learn's hooks installed twice (the project's settings and the user's, or a team's committed settings plus one
person's `learn install --user`): the agent runs both copies for every event. Each lesson must still reach it once
(trial24: real Claude Code and Codex got every lesson twice; `learn doctor` only warned)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.deliver.helpers import context_of, learn_dir, read_jsonl, run_hook
from tests.harness.test_hooks import recorded, repo  # noqa: F401 - the fixture

SHOWN = Path("team-playbook") / "shown.jsonl"


def _twice(harness: str, payload: dict, cwd: Path) -> tuple[str, str]:
    first, second = (run_hook(harness, payload, cwd=cwd) for _ in range(2))
    assert (first.returncode, first.stderr, second.returncode, second.stderr) == (0, "", 0, ""), (first, second)
    return first.stdout, second.stdout


def _state(root: Path, session: str) -> tuple[Path, dict]:
    for path in (learn_dir(root) / ".sessions").glob("*.json"):
        data = json.loads(path.read_text())
        if isinstance(data, dict) and data.get("session") == session:
            return path, data
    raise AssertionError(f"no state for session {session}")


def test_every_event_run_by_two_copies_of_the_hook_gives_its_lessons_once(repo: Path):  # noqa: F811
    payloads = recorded("claude", repo)
    single = [context_of(run_hook("claude-code", {**p, "session_id": "once"}, cwd=repo).stdout) for p in payloads]
    assert sum(text.count("\n- ") + text.startswith("- ") for text in single) >= 4  # lessons at start and a file
    shown_once = len(read_jsonl(learn_dir(repo) / SHOWN))
    answers = [_twice("claude-code", {**p, "session_id": "twice"}, repo) for p in payloads]
    assert [context_of(first) for first, _ in answers] == single  # the first copy answers as a single install does
    assert [second for _, second in answers] == [""] * len(payloads)  # the second copy adds nothing
    assert len(read_jsonl(learn_dir(repo) / SHOWN)) == 2 * shown_once  # each lesson recorded as shown once
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    assert "SessionStart: the same event again" in log and "installed in more than one settings file" in log


def test_two_copies_started_at_once_give_the_section_once(repo: Path):  # noqa: F811
    # Claude Code starts the hooks of one event in parallel: the second waits for the first's session lock
    payload = json.dumps({**recorded("claude", repo)[0], "session_id": "parallel"}).encode()
    procs = [subprocess.Popen([sys.executable, "-m", "altimate_learn", "hook", "claude-code"], cwd=repo,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    outs = [proc.communicate(payload, timeout=60) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0] and [err for _, err in outs] == [b"", b""]
    answered = sorted(bool(out) for out, _ in outs)
    assert answered == [False, True]
    assert "Use `ref()`" in context_of(max(out for out, _ in outs).decode())


def test_the_same_event_after_another_one_or_much_later_is_answered_again(repo: Path):  # noqa: F811
    """A session resumed twice: its start event carries the same bytes each time, and each resumed conversation
    needs the section (Claude Code); between the two, the session had other events, or time passed."""
    start, prompt = recorded("claude", repo)[:2]
    resume = {**start, "session_id": "again", "source": "resume"}
    section = context_of(run_hook("claude-code", resume, cwd=repo).stdout)
    assert "Use `ref()`" in section
    run_hook("claude-code", {**prompt, "session_id": "again"}, cwd=repo)
    assert context_of(run_hook("claude-code", resume, cwd=repo).stdout) == section  # a prompt came between
    path, data = _state(repo, "again")
    digest, at = data["last_event"]
    path.write_text(json.dumps({**data, "last_event": [digest, at - 60]}))  # the same resume, a minute later
    assert context_of(run_hook("claude-code", resume, cwd=repo).stdout) == section


def test_a_prompt_run_twice_is_counted_once(repo: Path):  # noqa: F811
    """With capture on, the second copy would count the prompt again (the first prompt is the task, the rest are
    read as possible corrections)."""
    (learn_dir(repo).parent / "altimate-code.json").write_text(json.dumps({"learn": {
        "retrieved_lessons": 0, "enabled": True, "capture": True, "auto_reflect": False}}))
    start, prompt = recorded("claude", repo)[:2]
    for payload in (start, prompt):
        _twice("claude-code", {**payload, "session_id": "counted"}, repo)
    assert _state(repo, "counted")[1]["prompts"] == 1
