"""A lesson a request left waiting comes first for a file in its scope, not for a file it only names through a
backticked identifier (issue 19, tenth round): such a lesson took a slot of the file's own rules at the per-file
limit, and the file's fifth rule was not shown."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import bullet_ids, session, step

SCHEMA = [lesson(f"L-9{i:03x}", f"Schema files: {rule}.", paths=["warehouse/**/*.yml"], helpful=6 - i)
          for i, rule in enumerate(("describe every column of a report table", "name an owner in the meta block",
                                    "give the grain key uniqueness checks", "link foreign keys to their dimension",
                                    "mark public tables with an enforced contract", "tag tables with their cadence"))]
# scoped to the report queries; its backticked `rpt_` also names a part of `rpt_ledger.yml`
NAMING = lesson("L-a001", "Prefix report queries with `rpt_` and keep one per subject.",
                paths=["warehouse/reports/**/*.sql"])
FILLER = [lesson(f"L-b{i:03x}", f"Unrelated rule {word} for kites.") for i, word in enumerate(("red", "blue", "teal"))]
LESSONS = SCHEMA + [NAMING] + FILLER


def _waiting(repo: Path, keys: list[str]) -> None:
    """A session whose earlier request left ``keys`` waiting for their files (as :meth:`Delivery._defer` does)."""
    engine = session(repo, core_lessons=0)
    try:
        engine.data["deferred"] = keys
    finally:
        engine.close()


def test_a_waiting_lesson_does_not_take_a_slot_of_a_file_it_names_only_by_an_identifier(git_repo: Path):
    write_store(git_repo, LESSONS)
    _waiting(git_repo, ["team-playbook/L-a001"])
    opened = step(git_repo, "file", str(git_repo / "warehouse/reports/finance/rpt_ledger.yml"), core_lessons=0)
    shown = bullet_ids(opened.text, LESSONS)
    assert "L-a001" not in shown and shown[:5] == [x["id"] for x in SCHEMA[:5]]
    # it still waits, and comes first for a file in its scope
    query = step(git_repo, "file", str(git_repo / "warehouse/reports/finance/rpt_ledger.sql"), core_lessons=0)
    assert bullet_ids(query.text, LESSONS)[:1] == ["L-a001"]
