"""Our own text never comes back as the user's, on every harness.

Agents echo what learn injected: Gemini CLI puts SessionStart context (HTML-escaped, inside `<hook_context>`) in
front of a `-p` prompt, other agents or wrappers may hand it back raw or JSON-escaped. Whatever the form, the hook
must classify, store and retrieve on the person's words only: a neutral reply that arrives with our section is
no signal, a correction that arrives with it is one signal whose text is exactly what the person typed, and the
request's lessons are chosen from the person's words, not from our lessons.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from altimate_learn.harness import hook
from tests.deliver.helpers import learn_dir, lesson, read_jsonl, settle_capture, write_store

SESSION = "ours-1"
TASK = "please fix rounding in the orders report"
NEUTRAL = "thanks, that looks good"
CORRECTION = "no, that's wrong: the report must show dollars, not cents"
# Our section reads like a strong team convention: were it taken for the user's words it would be a correction.
OURS = ('<team-rules source="altimate-learn">\nTeam conventions for this project (approved by the team):\n'
        "- Always convert `amount_cents` with `cents_to_dollars`; never divide by 100 by hand (narwhal rule).\n"
        "</team-rules>")
ECHOES = {
    "raw in front": lambda user: f"{OURS}\n\n{user}",
    "gemini -p (escaped, wrapped, in front)": lambda user: "<hook_context>" + OURS.replace("<", "&lt;").replace(
        ">", "&gt;") + f"</hook_context>\n\n{user}",
    "json-escaped after": lambda user: f"{user}\n\n" + json.dumps(OURS)[1:-1],
}


def payload(harness: str, kind: str, n: int, text: str = "") -> dict:
    if harness == "opencode":
        name = {"start": "session.start", "prompt": "chat.message", "stop": "session.idle"}[kind]
        out = {"hook": name, "session_id": SESSION, "directory": "{cwd}"}
        if kind == "prompt":
            out.update(prompt=text, message_id=f"msg_{n}")
        return out
    names = {"gemini": ("SessionStart", "BeforeAgent", "AfterAgent")}.get(harness,
                                                                             ("SessionStart", "UserPromptSubmit", "Stop"))
    out = {"session_id": SESSION, "cwd": "{cwd}", "transcript_path": "{cwd}/t.jsonl",
           "hook_event_name": names[("start", "prompt", "stop").index(kind)]}
    if kind == "start":
        out["source"] = "startup"
    elif kind == "prompt":
        out["prompt"] = text
        if harness == "claude-code":
            out["prompt_id"] = f"p{n}"
        elif harness == "codex":
            out["turn_id"] = f"t{n}"
    elif harness == "gemini":
        out["prompt_response"] = "I changed the report."
    else:
        out["last_assistant_message"] = "I changed the report."
    return out


def fire(repo: Path, harness: str, event: dict, capsys) -> str:
    raw = json.dumps(event).replace("{cwd}", str(repo))
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw.encode()))
    try:
        hook.main([harness])
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out


def signals(repo: Path) -> list[dict]:
    settle_capture(repo)  # the capture workers of the prompts so far are done
    return read_jsonl(learn_dir(repo) / "team-playbook" / "signals.jsonl")


def session_state(repo: Path) -> dict:
    (path,) = (learn_dir(repo) / ".sessions").rglob("*.json")
    return json.loads(path.read_text())


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_store(git_repo, [lesson("L-0001", "Always convert `amount_cents` with `cents_to_dollars`; never divide by "
                                  "100 by hand (narwhal rule).", pinned=True),
                           lesson("L-0002", "Report totals are shown in dollars with two decimals.",
                                  tags=["report"])])
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT", "0")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    return git_repo


@pytest.mark.parametrize("echo", sorted(ECHOES))
@pytest.mark.parametrize("harness", ["claude-code", "codex", "gemini", "opencode"])
def test_our_own_text_never_comes_back_as_the_users(repo: Path, capsys, harness: str, echo: str):
    wrap = ECHOES[echo]
    answers = [fire(repo, harness, payload(harness, "start", 0), capsys),
               fire(repo, harness, payload(harness, "prompt", 1, TASK), capsys)]
    assert "narwhal" in "".join(answers)  # the section was delivered: this is the text that comes back
    fire(repo, harness, payload(harness, "stop", 1), capsys)

    # a neutral reply carrying our section: no signal, and nothing of ours retrieved on
    fire(repo, harness, payload(harness, "prompt", 2, wrap(NEUTRAL)), capsys)
    assert signals(repo) == []
    state = session_state(repo)
    assert "narwhal" not in json.dumps(state.get("terms")), state.get("terms")
    fire(repo, harness, payload(harness, "stop", 2), capsys)

    # a correction carrying our section: one signal, the person's words only, for the person's reason
    fire(repo, harness, payload(harness, "prompt", 3, wrap(CORRECTION)), capsys)
    (signal,) = signals(repo)
    assert signal["kind"] == "user_correction" and signal["text"] == CORRECTION
    assert "team" not in signal["reason"] and "narwhal" not in json.dumps(signal)
    terms = json.dumps(session_state(repo).get("terms"))
    assert "narwhal" not in terms and "dollar" in terms


def test_a_prompt_that_is_only_our_text_is_not_a_prompt(repo: Path, capsys):
    """Gemini's interactive resume can hand the hook our context alone: nothing typed, nothing captured."""
    fire(repo, "gemini", payload("gemini", "prompt", 1, TASK), capsys)
    fire(repo, "gemini", payload("gemini", "stop", 1), capsys)
    only_ours = "<hook_context>" + OURS.replace("<", "&lt;").replace(">", "&gt;") + "</hook_context>"
    assert fire(repo, "gemini", payload("gemini", "prompt", 2, only_ours), capsys) == ""
    assert signals(repo) == []


REAL = Path(__file__).resolve().parents[1] / "fixtures" / "hooks" / "gemini_0.61.jsonl"


def real_payloads(repo: Path) -> dict[str, dict]:
    """Gemini CLI 0.61's recorded hook payloads (recorded with the older SessionStart answer, so its
    BeforeAgent prompts carry our section in front), moved into ``repo``."""
    out = {}
    for line in REAL.read_text().splitlines():
        record = json.loads(line)
        stdin = json.dumps(record["stdin"]).replace("/home/dev/work/repo", str(repo))
        out[record["sample"]] = json.loads(stdin)
    return out


def test_gemini_recorded_headless_resume(repo: Path, capsys):
    real = real_payloads(repo)
    for name in ("SessionStart.startup", "BeforeAgent.headless", "AfterTool.read_file.no-answer", "AfterAgent",
                 "SessionEnd", "SessionStart.resume", "BeforeAgent.headless-resume-correction"):
        event = dict(real[name], session_id=SESSION)
        fire(repo, "gemini", event, capsys)
    (signal,) = signals(repo)
    assert signal["text"] == ("no, you forgot to convert amount_cents to dollars, we always do that in staging "
                              "models") and signal["reason"] == 'says "you forgot…"' and not signal.get("messageID")


def test_gemini_shell_commands_that_exit_non_zero_are_failures(repo: Path, capsys):
    failing = real_payloads(repo)["AfterTool.run_shell_command.exit2"]
    for n in range(3):  # each of Gemini's hook calls carries the time it was made
        fire(repo, "gemini", dict(failing, session_id=SESSION, timestamp=f"2026-12-01T21:21:3{n}.560Z"), capsys)
    (signal,) = signals(repo)
    assert signal["kind"] == "tool_retry" and "cannot access" in signal["text"]
    assert signal["reason"] == "tool run_shell_command failed 3 times in a row"
