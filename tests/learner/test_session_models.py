"""The continual learner reflects with the newest session's model that can be used (review11 R11-7): a newer
session on a model learn cannot call (a local alias) no longer sends the whole run to the built-in reflector
while an older session's model has its key set."""

from __future__ import annotations

import json
from pathlib import Path

from tests.learner.conftest import EVERYTHING, runs


def _claude_session(home: Path, repo: Path, session: str, model: str, minute: int, correction: str) -> None:
    slug = "".join(c if c.isalnum() else "-" for c in str(repo))
    path = home / ".claude" / "projects" / slug / f"{session}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    base = {"sessionId": session, "cwd": str(repo), "userType": "external", "version": "2.1.332"}
    lines, parent = [], None
    turns = [("user", "Add a dependency on httpx for the client."),
             ("assistant", "I ran `pip install httpx` and added it to requirements.txt. Done."),
             ("user", correction),
             ("assistant", "Understood.")]
    for i, (role, text) in enumerate(turns):
        uuid = f"{minute:04d}{i:04d}-0000-4000-8000-000000000000"
        message: dict = {"role": role, "content": text}
        if role == "assistant":
            message = {"id": f"msg_{minute}_{i}", "role": "assistant", "model": model,
                       "content": [{"type": "text", "text": text}]}
        lines.append({**base, "type": role, "uuid": uuid, "parentUuid": parent, "message": message,
                      "timestamp": f"2026-11-28T10:{minute + i:02d}:00.000Z"})
        parent = uuid
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")


def test_the_newest_usable_session_model_reflects(git_repo: Path, isolated_home: Path, server, cli, monkeypatch):
    _claude_session(isolated_home, git_repo, "5e55c0de-0000-4000-8000-000000000001", "claude-sonnet-4-5", 10,
                    "no, we use uv here: never pip install")
    _claude_session(isolated_home, git_repo, "5e55c0de-0000-4000-8000-000000000002", "qwen-local", 30,
                    "no, use ruff for linting, not flake8")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0000000000000000000000")
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, err
    sent = [r for r in server.requests if r.protocol == "anthropic"]
    assert sent and sent[0].body["model"] == "claude-sonnet-4-5"
    assert "no model configured" not in out + err
    assert runs(git_repo)[-1].get("model") == "anthropic/claude-sonnet-4-5"


def test_an_unknown_session_model_is_named_when_nothing_else_can_be_used(git_repo: Path, isolated_home: Path,
                                                                       server, cli, monkeypatch):
    _claude_session(isolated_home, git_repo, "5e55c0de-0000-4000-8000-000000000003", "qwen-local", 30,
                    "no, use ruff for linting, not flake8")
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, err
    assert not server.requests
    assert "the session's model qwen-local is not one learn knows how to call" in out + err


def test_a_gemini_cli_session_reflects_with_its_own_model_when_gemini_api_key_is_set(
        git_repo: Path, isolated_home: Path, server, cli, monkeypatch):
    """trial18: Gemini CLI records the model on each of its answers, never in the chat's header; the reader left
    the session's model empty, so `learn run` said "no model configured" while `learn status` promised the
    session's model (GEMINI_API_KEY set)."""
    from tests.capture.test_gemini_061 import HEADLESS, place

    chats = place(isolated_home, git_repo, HEADLESS)
    from altimate_learn.capture.sessions import gemini

    assert gemini.read_info(chats / HEADLESS.split(".", 1)[1]).model == "gemini-3.8-flash"
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.setenv("GEMINI_API_KEY", "gemini-test-key-000000000000")
    monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", server.url)
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, err
    assert "no model configured" not in out + err
    sent = [r for r in server.requests if r.path == "/v1beta/openai/chat/completions"]
    assert sent and sent[0].body["model"] == "gemini-3.8-flash"
    assert runs(git_repo)[-1].get("model") == "gemini/gemini-3.8-flash"
