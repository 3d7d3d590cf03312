"""A later request is a new topic (issue 19, ninth round): its weak matches scoped to files it does not name wait
for a file in their scope, as the first request's do; and when the session cap leaves less room than the request and
one of its files need, the request leaves the file part of it."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import bullet_ids, step
from tests.deliver.test_session_budget import AREAS, CORE, FILE_RULES, FILLER

INVENTORY = [
    lesson("L-c001", "Recount sprocket inventory from `sprocket_moves` after each import, never from order rows."),
    lesson("L-c002", "Inventory counts in the ledger are rebuilt weekly by `ledger_rollup`.", paths=["services/ledger/**"]),
    lesson("L-c003", "Sprocket inventory drift is fixed by `recount_sprockets`; never patch counts by hand.",
           paths=["services/sprockets/**"]),
    lesson("L-c004", "Keep inventory counts as integers."),
]


def test_a_later_requests_weak_match_scoped_to_other_files_waits_for_a_file_in_its_scope(git_repo: Path):
    lessons = INVENTORY + FILE_RULES + FILLER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", core_lessons=0)
    step(git_repo, "request", "rename the staging convention alpha", core_lessons=0)
    later = step(git_repo, "request", "sprocket inventory counts drift after the import", core_lessons=0)
    shown = bullet_ids(later.text, lessons)
    # two common words and a quarter of the best score, scoped to the ledger: not shown with the request
    assert "L-c002" not in shown and {"L-c001", "L-c003", "L-c004"} <= set(shown)
    # it is the first lesson of the first file in its scope the agent opens
    opened = step(git_repo, "file", str(git_repo / "services/ledger/app/rollup.py"), core_lessons=0)
    assert bullet_ids(opened.text, lessons)[:1] == ["L-c002"]


LEDGER = [lesson(f"L-d{i:03d}", f"Ledger rule {word}: post {word} entries through the journal.",
                 paths=["services/ledger/app/**"]) for i, word in enumerate(("alpha", "beta", "gamma", "delta", "epsilon",
                                                                           "zeta", "eta", "theta"))]


def test_what_the_first_request_left_waiting_still_waits_after_a_later_request(git_repo: Path):
    """review9 R9-13: a later request adds its own waiting lessons to the list; it does not wipe the first
    request's, which are still the first lessons of the first file in their scope."""
    lessons = INVENTORY + FILE_RULES + FILLER + LEDGER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", core_lessons=0)
    first = step(git_repo, "request", "sprocket inventory counts drift after the import", core_lessons=0)
    assert "L-c002" not in bullet_ids(first.text, lessons)
    step(git_repo, "request", "rename the staging convention alpha", core_lessons=0)
    opened = step(git_repo, "file", str(git_repo / "services/ledger/app/rollup.py"), core_lessons=0)
    assert bullet_ids(opened.text, lessons)[:1] == ["L-c002"]


def test_a_later_request_leaves_its_file_room_when_the_session_cap_is_near(git_repo: Path):
    # pinned, the 15 core lessons fill their tier past a quarter of this small cap
    lessons = [{**x, "pinned": True} for x in CORE] + AREAS + FILE_RULES + FILLER
    write_store(git_repo, lessons)
    limits = {"session_max_lessons": 20, "budget_tokens": 4000}
    start = step(git_repo, "session_start", "startup", **limits)
    assert len(start.added) == 15
    step(git_repo, "request", "rename the widgets of the first topic", **limits)
    later = step(git_repo, "request", "payloads carry currency amounts in cents, not dollars: check every codec",
                 **limits)
    # 18 lessons match; the cap leaves 5: the request takes 3 and leaves the file it opens next 2 (it took all 5,
    # and the file nothing, before)
    assert len(later.added) == 3 and {a["id"] for a in later.added} <= {x["id"] for x in AREAS}
    opened = step(git_repo, "file", str(git_repo / "models/staging/stg_orders.sql"), **limits)
    assert len(opened.added) == 2 and {a["id"] for a in opened.added} <= {x["id"] for x in FILE_RULES}


def test_with_room_to_spare_a_later_request_takes_its_whole_tier(git_repo: Path):
    lessons = CORE + AREAS + FILE_RULES + FILLER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", budget_tokens=4000)
    step(git_repo, "request", "rename the widgets of the first topic", budget_tokens=4000)
    later = step(git_repo, "request", "payloads carry currency amounts in cents, not dollars: check every codec",
                 budget_tokens=4000)
    assert len(later.added) >= 5
