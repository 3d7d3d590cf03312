"""learn's hooks installed twice (the project's settings and the user's, or a team's committed settings plus one
person's `learn install --user`): the agent runs both copies for every event. Each lesson must still reach it once
(trial24: real Claude Code and Codex got every lesson twice; `learn doctor` only warned)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.harness import hook
from tests.deliver.helpers import context_of, learn_dir, read_jsonl, run_hook
from tests.harness.test_hooks import recorded, repo  # noqa: F401 - the fixture

SHOWN = Path("team-playbook") / "shown.jsonl"


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch):
    """The duplicate check's clock held still: the two copies of an event arrive within its window however long a
    hook process takes on a loaded machine (no wall-clock margin in these tests)."""
    now = float(int(time.time()))  # whole seconds: the state keeps the time to the millisecond
    monkeypatch.setattr(hook, "_clock", lambda: now)


def _once(harness: str, payload: dict, capsys: pytest.CaptureFixture) -> str:
    """One copy of learn's hook answering ``payload``, in this process (its clock held still)."""
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    try:
        assert hook.main([harness]) == 0
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _twice(harness: str, payload: dict, capsys: pytest.CaptureFixture) -> tuple[str, str]:
    return _once(harness, payload, capsys), _once(harness, payload, capsys)


def _state(root: Path, session: str) -> tuple[Path, dict]:
    for path in (learn_dir(root) / ".sessions").glob("*.json"):
        data = json.loads(path.read_text())
        if isinstance(data, dict) and data.get("session") == session:
            return path, data
    raise AssertionError(f"no state for session {session}")


def test_every_event_run_by_two_copies_of_the_hook_gives_its_lessons_once(repo: Path, capsys):  # noqa: F811
    payloads = recorded("claude", repo)
    single = [context_of(run_hook("claude-code", {**p, "session_id": "once"}, cwd=repo).stdout) for p in payloads]
    assert sum(text.count("\n- ") + text.startswith("- ") for text in single) >= 4  # lessons at start and a file
    shown_once = len(read_jsonl(learn_dir(repo) / SHOWN))
    answers = [_twice("claude-code", {**p, "session_id": "twice"}, capsys) for p in payloads]
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


def test_a_prompt_run_twice_is_counted_once(repo: Path, capsys):  # noqa: F811
    """With capture on, the second copy would count the prompt again (the first prompt is the task, the rest are
    read as possible corrections)."""
    (learn_dir(repo).parent / "altimate-code.json").write_text(json.dumps({"learn": {
        "retrieved_lessons": 0, "enabled": True, "capture": True, "auto_reflect": False}}))
    start, prompt = recorded("claude", repo)[:2]
    for payload in (start, prompt):
        _twice("claude-code", {**payload, "session_id": "counted"}, capsys)
    assert _state(repo, "counted")[1]["prompts"] == 1


NOTE = "Use port 5433 for the test db."


@pytest.fixture
def notes_only(git_repo: Path) -> Path:
    """learn enabled, no lesson approved yet, one personal note (`learn import-memories --type user` writes it):
    a new user's project, where the session state is not opened at all."""
    learn_dir(git_repo).mkdir(parents=True)
    (git_repo / "AGENTS.local.md").write_text(f"# mine\n\n<!-- learn:learned -->\n- {NOTE}\n<!-- /learn:learned -->\n")
    return git_repo


def test_the_learned_notes_of_a_project_with_no_lesson_come_once(notes_only: Path, capsys):
    """trial25/review23: with no approved lesson and no session state, the notes were returned before the duplicate
    check could see the session: both copies gave them."""
    start = {**recorded("claude", notes_only)[0], "session_id": "notes"}
    first, second = _twice("claude-code", start, capsys)
    assert NOTE in context_of(first)
    assert second == ""
    assert "SessionStart: the same event again" in (learn_dir(notes_only) / ".sessions" / "hook.log").read_text()
    # another session still gets them
    assert NOTE in context_of(_once("claude-code", {**start, "session_id": "other"}, capsys))


def test_gemini_gets_the_learned_notes_with_its_first_prompt_once(notes_only: Path, capsys):
    """Gemini CLI's session-start part goes with the first prompt: with no approved lesson, it never came."""
    start, prompt = recorded("gemini", notes_only)[:2]
    assert _twice("gemini", start, capsys) == ("", "")
    first, second = _twice("gemini", prompt, capsys)
    assert NOTE in context_of(first)
    assert second == ""


def test_an_older_opencode_plugin_beside_the_current_one_gives_each_lesson_once(repo: Path, capsys):  # noqa: F811
    """opencode calls each plugin's handler whole, one copy after the other: session start and message of the
    first copy, then the second's. A copy from an older learn does not step aside, so the same event comes again with
    another between (real opencode 1.18.33: the team rules twice in every request, tests/e2e). The next
    `opencode run` of the session, after its idle, starts again and gets the rules."""
    (repo / ".altimate-code" / "altimate-code.json").unlink()  # the request's own lessons too

    def payload(hook_name: str, **fields) -> dict:
        return {"directory": str(repo), **fields, "hook": hook_name, "session_id": "ses_older"}

    start = payload("session.start")
    message = payload("chat.message", message_id="msg_1", prompt="please read hello.txt")
    answers = [_once("opencode", p, capsys) for p in (start, message, start, message)]
    assert "Use `ref()`" in json.loads(answers[0])["system"]
    assert "trailing newline" in json.loads(answers[1])["context"]
    assert answers[2:] == ["", ""]
    assert [_once("opencode", payload("session.idle"), capsys) for _ in range(2)] == ["", ""]
    again = _once("opencode", start, capsys)  # `opencode run --session ses_older` a moment later
    assert json.loads(again)["system"] == json.loads(answers[0])["system"]


def test_an_opencode_run_killed_mid_turn_and_run_again_on_its_session_gets_the_rules(repo: Path, capsys,  # noqa: F811
                                                                                    monkeypatch: pytest.MonkeyPatch):
    """trial27: real opencode 1.18.33 killed before its turn ended (no `session.idle`) and run again on the session
    8.7 s later: the new process's session start repeated the killed one's byte for byte, and learn took it for a
    second copy of the plugin, so the whole restarted run had no team rules. A copy of the plugin runs in the same
    opencode process (the hook's parent); a restart runs in another."""
    (repo / ".altimate-code" / "altimate-code.json").unlink()

    def payload(hook_name: str, **fields) -> dict:
        return {"directory": str(repo), **fields, "hook": hook_name, "session_id": "ses_killed"}

    start = payload("session.start")
    monkeypatch.setattr(hook, "_agent_process", lambda: 4101)
    first = _once("opencode", start, capsys)
    assert "Use `ref()`" in json.loads(first)["system"]
    assert _once("opencode", payload("chat.message", message_id="msg_1", prompt="please read hello.txt"), capsys)
    assert _once("opencode", start, capsys) == ""  # another copy of the plugin in that opencode: nothing
    monkeypatch.setattr(hook, "_agent_process", lambda: 4187)  # killed; `opencode run --session ses_killed`
    again = _once("opencode", start, capsys)
    assert again and json.loads(again)["system"] == json.loads(first)["system"]
    assert _once("opencode", start, capsys) == ""  # and a copy of the plugin in the new process still adds nothing
