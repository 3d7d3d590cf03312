"""Stores on disk for the review tests: real files in a real git repository."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from altimate_learn.schema import make_lesson
from altimate_learn.store.fsio import canonical_json

T0 = "2025-03-01T09:00:00.000Z"
T1 = "2025-03-02T10:30:00.000Z"


def lesson(lesson_id: str, text: str, **fields: Any) -> dict[str, Any]:
    """A valid lesson with fixed timestamps; ``paths=[…]`` becomes a path trigger."""
    paths = fields.pop("paths", None)
    out = make_lesson(text, lesson_id=lesson_id, now=T0, paths=paths)
    out.update(fields)
    return out


def retired(lesson_id: str, text: str, reason: str, **fields: Any) -> dict[str, Any]:
    return {**lesson(lesson_id, text, **fields), "reason": reason}


class StoreFiles:
    """Write and read one store's files directly (what a teammate or a hand edit would do)."""

    def __init__(self, root: Path, name: str = "team-playbook") -> None:
        self.root = root
        self.name = name
        self.dir = root / ".altimate-code" / "learn" / name

    def path(self, filename: str) -> Path:
        return self.dir / filename

    def write(self, filename: str, value: Any) -> Path:
        from altimate_learn.store import ensure_learn_dir, project

        ensure_learn_dir(project(self.root))  # as any earlier learn command would have
        path = self.path(filename)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(value if isinstance(value, str) else canonical_json(value), encoding="utf-8")
        return path

    def approved(self, lessons: list[dict[str, Any]]) -> Path:
        return self.write("approved.json", lessons)

    def candidate(self, lessons: list[dict[str, Any]]) -> Path:
        return self.write("candidate.json", lessons)

    def read(self, filename: str) -> Any:
        import json

        return json.loads(self.path(filename).read_text(encoding="utf-8"))

    def history(self) -> list[dict[str, Any]]:
        """history.jsonl as learn reads it back (`at`, `op`; the file itself is altimate-code's `ts`,
        `action`: tests/compat/test_history.py checks the bytes)."""
        import json

        from altimate_learn.schema import history_from_disk

        path = self.path("history.jsonl")
        if not path.exists():
            return []
        return [history_from_disk(json.loads(line)) for line in path.read_text().splitlines() if line.strip()]

    def snapshot(self) -> dict[str, bytes]:
        """Every file under the store (and the skills folder), for byte-identical comparisons."""
        out: dict[str, bytes] = {}
        for base in (self.root / ".altimate-code",):
            if not base.exists():
                continue
            for path in sorted(base.rglob("*")):
                if path.is_file() and path.name != ".lock":
                    out[str(path.relative_to(self.root))] = path.read_bytes()
        return out


@pytest.fixture
def store(git_repo: Path) -> StoreFiles:
    return StoreFiles(git_repo)


@pytest.fixture
def tty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `learn` believe a person is at a terminal (prompts read the test's input)."""
    monkeypatch.setenv("ALTIMATE_LEARN_ASSUME_TTY", "1")
