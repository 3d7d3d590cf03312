"""Small builders shared by the curator tests."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.schema import make_lesson
from altimate_learn.store import ProjectPaths, Store

NOW = "2026-01-01T00:00:00.000Z"


def lesson(lesson_id: str, text: str, helpful: int = 0, harmful: int = 0, **extra) -> dict:
    out = make_lesson(text, lesson_id=lesson_id, now=extra.pop("created", NOW))
    out["helpful"], out["harmful"] = helpful, harmful
    out.update(extra)
    return out


def add(text: str, reason: str = "r", **extra) -> dict:
    return {"op": "ADD", "text": text, "reason": reason, **extra}


def make_store(root: Path, approved: list[dict] | None = None, candidate: list[dict] | None = None) -> Store:
    root.mkdir(parents=True, exist_ok=True)
    (root / ".git").mkdir(exist_ok=True)
    store = Store(ProjectPaths(root), "team-playbook")
    if approved is not None:
        store.write_lessons(store.APPROVED, approved)
    if candidate is not None:
        store.write_lessons(store.CANDIDATE, candidate)
    return store


def read(store: Store, name: str):
    path = store.path(name)
    if not path.exists():
        return None
    if name.endswith(".jsonl"):
        from altimate_learn.schema import history_from_disk

        # history.jsonl as learn reads it back (`at`, `op`); tests/compat checks the bytes on disk
        convert = history_from_disk if name == "history.jsonl" else (lambda record: record)
        return [convert(json.loads(line)) for line in path.read_text().splitlines() if line.strip()]
    return json.loads(path.read_text())
