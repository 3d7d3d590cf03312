"""Approved lessons for the end-to-end projects, and ways to look for them in what the model was sent."""

from __future__ import annotations

from pathlib import Path

from altimate_learn.schema import make_lesson
from altimate_learn.store import ProjectPaths, Store

NOW = "2026-01-05T10:00:00Z"

# Each lesson carries a word no agent prompt or tool output contains, so a hit in a request is ours.
CORE = make_lesson("Write commit subjects in the imperative mood (quokka rule).", lesson_id="L-c0e1", now=NOW,
                   tags=["git"], pinned=True)
STAGING = make_lesson("Staging models convert `amount_cents` with `cents_to_dollars` (narwhal rule).",
                      lesson_id="L-57a6", now=NOW, tags=["dbt"], paths=["models/staging/**"])
BILLING = make_lesson("Billing handlers log invoice numbers on every retry (axolotl rule).",
                      lesson_id="L-b111", now=NOW, tags=["billing"], paths=["src/billing/**"])
MARKERS = {"core": "quokka", "staging": "narwhal", "billing": "axolotl"}


def seed(project: Path, lessons: list[dict] | None = None, name: str = "team-playbook") -> Store:
    store = Store(ProjectPaths(project), name)
    store.ensure()
    store.write_lessons(Store.APPROVED, lessons if lessons is not None else [CORE, STAGING, BILLING])
    return store


def write_project_files(project: Path) -> dict[str, Path]:
    files = {
        "model": project / "models" / "staging" / "orders.sql",
        "billing": project / "src" / "billing" / "retry.py",
    }
    files["model"].parent.mkdir(parents=True, exist_ok=True)
    files["model"].write_text("select amount_cents / 100 as amount from raw.orders\n")
    files["billing"].parent.mkdir(parents=True, exist_ok=True)
    files["billing"].write_text("def retry(invoice):\n    return invoice\n")
    return files
