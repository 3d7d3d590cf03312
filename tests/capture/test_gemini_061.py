"""The Gemini CLI 0.61 session reader on the chat files the real CLI wrote (tests/fixtures/sessions/real/gemini,
recorded offline with the fake model server; see that folder's README).

What 0.61 does that the reader has to survive: in `-p` runs the SessionStart context of a hook arrives in front
of the prompt, HTML-escaped, inside `<hook_context>`, in the same text part; a resume that starts in a later
minute writes a stub file with the same session id while the conversation goes on in the first file; a resume
rewrites the model's history with a `$set` whose model message has no `toolCalls`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from altimate_learn.capture.capture import signals_from_session
from altimate_learn.capture.model import ToolCall, UserMessage
from altimate_learn.capture.sessions import gemini

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "real" / "gemini"
HEADLESS = "headless-resumed.session-2026-12-01T21-14-2ce3de46.jsonl"
HEADLESS_STUB = "headless-resume-stub.session-2026-12-01T21-15-2ce3de46.jsonl"
INTERACTIVE = "interactive-resumed.session-2026-12-01T21-14-0f60c44e.jsonl"
INTERACTIVE_STUB = "interactive-resume-stub.session-2026-12-01T21-15-0f60c44e.jsonl"
TASK = "add a staging model for disputes"
CORRECTION = "no, you forgot to convert amount_cents to dollars, we always do that in staging models"


def place(home: Path, project: Path, *names: str) -> Path:
    """The recorded files where Gemini keeps them for ``project`` (named as Gemini named them), stubs newer."""
    chats = home / ".gemini" / "tmp" / "repo" / "chats"
    chats.mkdir(parents=True, exist_ok=True)
    (home / ".gemini" / "projects.json").write_text(json.dumps({"projects": {str(project): "repo"}}))
    for offset, name in enumerate(names):
        target = chats / name.split(".", 1)[1]
        target.write_bytes((REAL / name).read_bytes())
        os.utime(target, (1_796_159_000 + offset * 60, 1_796_159_000 + offset * 60))
    return chats


def users(path: Path) -> list[str]:
    return [e.text for e in gemini.open_session(path).events() if isinstance(e, UserMessage)]


def test_headless_prompts_survive_our_escaped_context_in_front_of_them(tmp_path: Path):
    chats = place(tmp_path, tmp_path, HEADLESS)
    assert users(chats / HEADLESS.split(".", 1)[1]) == [TASK, CORRECTION]


@pytest.mark.parametrize("first, stub", [(HEADLESS, HEADLESS_STUB), (INTERACTIVE, INTERACTIVE_STUB)])
def test_a_later_minute_resume_is_one_session_read_from_the_file_that_holds_it(isolated_home: Path, git_repo: Path,
                                                                               first: str, stub: str):
    chats = place(isolated_home, git_repo, first, stub)
    (info,) = gemini.discover({str(git_repo)})  # one entry, not the stub beside it
    assert Path(info.path) == chats / first.split(".", 1)[1]
    assert info.updated >= gemini.read_info(chats / stub.split(".", 1)[1]).updated
    expected = [TASK, CORRECTION] + (["thanks, that looks good"] if first == INTERACTIVE else [])
    # whichever file is opened (the agent's transcript_path names the stub after a resume), the conversation is read
    counts = []
    for name in (first, stub):
        reader = gemini.open_session(chats / name.split(".", 1)[1])
        assert [e.text for e in reader.events() if isinstance(e, UserMessage)] == expected
        counts.append(reader.info.message_count)
    assert counts[0] == counts[1] > len(expected)  # `learn sessions` counts the stub's session in full


def test_a_resume_rewriting_the_history_keeps_the_tool_call(tmp_path: Path):
    chats = place(tmp_path, tmp_path, HEADLESS)
    calls = [e for e in gemini.open_session(chats / HEADLESS.split(".", 1)[1]).events() if isinstance(e, ToolCall)]
    assert [(c.name, c.id, c.is_error) for c in calls] == [
        ("read_file", "read_file__read_file_1796159686275_0", False)]
    assert "disputes" in (calls[0].result or "")


def test_capture_finds_the_correction_in_the_users_words_once(tmp_path: Path):
    chats = place(tmp_path, tmp_path, INTERACTIVE, INTERACTIVE_STUB)
    signals, stats = signals_from_session(gemini.open_session(chats / INTERACTIVE.split(".", 1)[1]))
    assert [(s.kind, s.text, s.reason) for s in signals] == [("user_correction", CORRECTION, 'says "you forgot…"')]
    assert signals[0].said_at == "2026-12-01T21:14:22.069Z"  # for matching the live capture of the same message
    assert stats.user_messages == 3  # the task, the correction and "thanks, that looks good" (no signal)


def test_shell_failures_read_from_the_transcript(tmp_path: Path):
    """A run_shell_command that exits 2 is a "success" in Gemini's transcript; its response says Exit Code: 2."""
    response = ("<untrusted_context>\nOutput: ls: cannot access '/nope': No such file or directory\nExit Code: 2\n"
                "Process Group PGID: 23772\n</untrusted_context>")
    lines = [{"sessionId": "5e11aaaa-0000-4000-8000-000000000001", "projectHash": "h", "startTime": "2026-12-01T21:00:00Z",
              "lastUpdated": "2026-12-01T21:00:00Z", "kind": "main"},
             {"id": "u1", "timestamp": "2026-12-01T21:00:01Z", "type": "user", "content": [{"text": "list /nope"}]},
             {"id": "g1", "timestamp": "2026-12-01T21:00:02Z", "type": "gemini", "content": "",
              "toolCalls": [{"id": "run_shell_command_1", "name": "run_shell_command", "args": {"command": "ls /nope"},
                             "status": "success", "timestamp": "2026-12-01T21:00:02Z",
                             "resultDisplay": "ls: cannot access '/nope': No such file or directory",
                             "result": [{"functionResponse": {"id": "run_shell_command_1", "name": "run_shell_command",
                                                              "response": {"output": response}}}]}]}]
    path = tmp_path / "session-2026-12-01T21-00-5e11aaaa.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    (call,) = [e for e in gemini.open_session(path).events() if isinstance(e, ToolCall)]
    assert call.is_error and call.exit_code == 2 and "cannot access" in (call.result or "")


COMMAND = "headless-command.session-2026-12-04T19-36-b085e016.jsonl"  # `-p "/fixlint src/calc.py" --resume`, twice


def test_a_custom_commands_template_is_not_read_as_typed_after_a_resume(tmp_path: Path):
    """`.gemini/commands/fixlint.toml` run as `/fixlint src/calc.py`: the record's `content` is the template the model
    got, its `displayContent` what the person typed. The next resume's `$set` copy of that message keeps only the
    content, and, as the latest copy, it made the template ("… No, never use flake8 here: always use ruff instead.")
    the person's words (trial22, real Gemini CLI 0.61.0)."""
    chats = place(tmp_path, tmp_path, COMMAND)
    assert users(chats / COMMAND.split(".", 1)[1]) == ["say hello", "/fixlint src/calc.py", "/fixlint src/calc.py"]
