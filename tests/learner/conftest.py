"""Helpers for the learner's tests: sessions of every harness placed where each agent keeps them, a fake
model server on 127.0.0.1 reached through OPENAI_BASE_URL, and the learner's files read back."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.capture.conftest import place_sessions
from tests.fakes.model_server import FakeModelServer

MODEL = "openai/gpt-test"
EVERYTHING = "2000-01-01"  # --since: the fixtures' dates never decide what a test reads


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch):
    with FakeModelServer(default_text='{"deltas": []}', auto_vet=True) as fake:  # review items pass the vet
        monkeypatch.setenv("OPENAI_BASE_URL", fake.openai_base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-learner")
        yield fake


@pytest.fixture
def project(git_repo: Path, isolated_home: Path) -> Path:
    """A git repository with one session of every harness (two of Claude Code) in it."""
    place_sessions(isolated_home, git_repo)
    return git_repo


def learner_dir(repo: Path) -> Path:
    return repo / ".altimate-code" / "learn" / ".learner"


def runs(repo: Path) -> list[dict[str, Any]]:
    path = learner_dir(repo) / "runs.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def state(repo: Path) -> dict[str, Any]:
    path = learner_dir(repo) / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def transcript(repo: Path, run_id: str) -> dict[str, Any]:
    return json.loads(gzip.decompress((learner_dir(repo) / "runs" / f"{run_id}.json.gz").read_bytes()))


def flat(text: str) -> str:
    return " ".join(text.split())


def typed_messages(repo: Path) -> dict[str, str]:
    """Every message a person typed in the project's sessions (ref → text), read with the session readers: their
    messages, and the reasons they gave when they refused a call."""
    from altimate_learn.capture.classifier import is_slash_command
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.sessions import discover_sessions, read_session

    out = {}
    for info in discover_sessions(repo):
        if info.parent_id:
            continue
        reader = read_session(Path(info.path), harness=info.harness,
                              session_id=info.id if info.harness == "opencode" else None)
        for event in reader.events():
            if not isinstance(event, UserMessage):
                continue
            text = event.text if event.kind == "text" else (event.reason or "") if event.kind == "rejection" else ""
            if text.strip() and not (event.kind == "text" and is_slash_command(text)):
                out[f"{info.id}:{event.id or '#' + str(event.index)}"] = text
    return out


def write_config(folder: Path, **learn: Any) -> Path:
    path = folder / ".altimate-code" / "altimate-code.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"learn": learn}))
    return path


def user_config(home: Path, **learn: Any) -> Path:
    path = Path(os.environ.get("XDG_CONFIG_HOME", str(home / ".config"))) / "altimate-code" / "altimate-code.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"learn": learn}))
    return path


def learner_prompts(server: FakeModelServer) -> list[str]:
    """The user messages of the learner's own calls (the vet's call, which follows a run's call, left out)."""
    return [r.prompt for r in server.requests if 'Every delta must carry "cites"' in r.system]
