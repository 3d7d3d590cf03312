"""Shared pieces of the gates tests: a repository with real instruction files, store readers."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

AGENTS_MD = """# Contributing to the shop

## Tooling
- Use pnpm, never npm.
- Run tests with `pytest -q` before you commit.

## Data models
Staging models select from `source()`; marts select from `ref()`.
Every invocation creates one new run item and terminalizes it.
"""

CLAUDE_MD = """@AGENTS.md

# Claude specifics
- Keep answers short.
"""


def write_instructions(repo: Path, agents: str = AGENTS_MD, claude: str | None = CLAUDE_MD) -> None:
    (repo / "AGENTS.md").write_text(agents)
    if claude is not None:
        (repo / "CLAUDE.md").write_text(claude)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-q", "-m", "instructions"], cwd=repo, check=True, capture_output=True)


def store_dir(repo: Path, name: str = "team-playbook") -> Path:
    return repo / ".altimate-code" / "learn" / name


def read_json(repo: Path, filename: str, name: str = "team-playbook"):
    path = store_dir(repo, name) / filename
    if not path.exists():
        return None
    return json.loads(path.read_text())


def texts(repo: Path, filename: str = "candidate.json") -> list[str]:
    return [lesson["text"] for lesson in read_json(repo, filename) or []]


def quarantined(repo: Path) -> list[dict]:
    return (read_json(repo, "quarantine.json") or {}).get("items", [])


def stamps(repo: Path) -> dict:
    return (read_json(repo, "vetted.json") or {}).get("lessons", {})


def deltas_file(tmp: Path, *deltas: dict) -> str:
    path = tmp / "deltas.json"
    path.write_text(json.dumps({"deltas": list(deltas)}))
    return str(path)


def contradicts(a, b) -> tuple[bool, bool]:
    """Whether the offline vet reads ``a`` as contradicting ``b``, and ``b`` as contradicting ``a``."""
    from altimate_learn.gates.offline import compare

    found = [compare(x, y) for x, y in ((a, b), (b, a))]
    return tuple(f is not None and f.verdict == "contradiction" for f in found)  # type: ignore[return-value]

