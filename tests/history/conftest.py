"""Fixtures for the history imports: a fake GitHub, a repository whose origin is on GitHub, tree snapshots."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import git
from tests.fakes.model_server import model_server  # noqa: F401  (the fixture)
from tests.history.fake_github import TOKEN, FakeGitHub, scenario


@pytest.fixture
def github(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGitHub]:
    """The scenario repository on a fake GitHub (pages of 2, so every listing follows Link headers)."""
    with FakeGitHub(page_size=2) as fake:
        fake.expected = scenario(fake)  # type: ignore[attr-defined]
        monkeypatch.setenv("GITHUB_API_URL", fake.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        yield fake


@pytest.fixture
def repo(git_repo: Path) -> Path:
    git(git_repo, "remote", "add", "origin", "git@github.com:acme/widgets.git")
    return git_repo


def tree(path: Path) -> dict[str, str]:
    """Every file under ``path`` with a hash of its bytes ({} when the folder does not exist)."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for folder, _dirs, files in os.walk(path):
        for name in files:
            full = Path(folder) / name
            out[str(full.relative_to(path))] = hashlib.sha256(full.read_bytes()).hexdigest()
    return out


def read_signals(root: Path, name: str = "team-playbook") -> list[dict]:
    path = root / ".altimate-code" / "learn" / name / "signals.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def read_state(root: Path, filename: str, name: str = "team-playbook") -> dict:
    return json.loads((root / ".altimate-code" / "learn" / name / filename).read_text())


def all_text(root: Path) -> str:
    """Every byte under `.altimate-code`, as text (for "this secret is nowhere" checks)."""
    base = root / ".altimate-code"
    chunks = []
    for folder, _dirs, files in os.walk(base):
        for name in files:
            chunks.append((Path(folder) / name).read_bytes().decode("utf-8", "replace"))
    return "\n".join(chunks)
