"""A repository with real instruction files and a store whose lessons carry real evidence files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from altimate_learn.schema import make_lesson
from altimate_learn.store import ProjectPaths, Store

OLD = "2026-01-01T00:00:00.000Z"
AGENTS_MD = """# Contributing

Run `pytest -q` before every commit.

<!-- learn:graduated -->
## Team conventions that proved themselves (graduated by altimate-learn; edit freely)

- Name staging models `stg_<source>__<table>` (hand-edited by Ana).
<!-- /learn:graduated -->

## Release
Tag releases as `vX.Y.Z`.
"""
CLAUDE_MD = "# Claude\n\nKeep answers short.\n"

PROVEN = "Convert integer `amount_cents` columns with the `cents_to_dollars()` macro."
COMMIT = "Write commit messages in the imperative mood."
COMMIT_LONG = "Write commit messages in the imperative mood with a short subject line and a body explaining why."
SQL = "Keep SQL keywords in upper case in every model."


def lesson(lesson_id: str, text: str, **extra) -> dict:
    out = make_lesson(text, lesson_id=lesson_id, now=extra.pop("created", OLD))
    out.update(extra)
    return out


def setup(repo: Path, lessons: list[dict], *, agents: str | None = AGENTS_MD, claude: str | None = CLAUDE_MD,
          delivered: dict[str, int] | None = None, channels: dict[str, str] | None = None) -> Store:
    if agents is not None:
        (repo / "AGENTS.md").write_text(agents)
    if claude is not None:
        (repo / "CLAUDE.md").write_text(claude)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-q", "-m", "instructions"], cwd=repo, check=False, capture_output=True)
    store = Store(ProjectPaths(repo), "team-playbook")
    store.write_lessons(store.APPROVED, lessons)
    if delivered:
        with open(store.path("shown.jsonl"), "w") as handle:
            for lesson_id, count in delivered.items():
                for n in range(count):
                    handle.write(json.dumps({"session": f"s-{n}", "id": lesson_id, "tier": "core",
                                             "at": OLD}) + "\n")
    if channels:
        store.write_json("vetted.json", {"lessons": {k: {"channel": v} for k, v in channels.items()}})
    return store


def snapshot(repo: Path) -> dict[str, bytes]:
    """Every file of the repository (not .git, not the tidy's own undo snapshots, not a writer's lock file)."""
    out = {}
    for path in sorted(repo.rglob("*")):
        rel = path.relative_to(repo).as_posix()
        if path.is_file() and not rel.startswith(".git/") and "/state/tidy/" not in rel and path.name != ".lock":
            out[rel] = path.read_bytes()
    return out


def approved(repo: Path) -> list[dict]:
    return json.loads((repo / ".altimate-code/learn/team-playbook/approved.json").read_text())


def store_file(repo: Path, name: str):
    path = repo / ".altimate-code/learn/team-playbook" / name
    return json.loads(path.read_text()) if path.exists() else None
