"""A request that names a file (issue 19, fourteenth round): the lessons of the named file rank first in the request's
tier, but those the request matches less than half as well as its best lesson come after the project-wide lessons it
matches at least that well. A broad folder rule (`services/**`) applies to every file under it; a request that names
one such file and shares only everyday words with those rules is not about them (and they come with the file, the
file tier), while a project-wide rule applies to the named file too. Before, the folder's rules took every slot of the
tier ahead of the one lesson the request's rare word points at (blind21 b21-07: "fix the todo comments in
services/reports/app/export.py" got 13 `services/**` rules and not the TODO convention)."""

from __future__ import annotations

from pathlib import Path

from tests.deliver.helpers import lesson, write_store
from tests.deliver.test_engine import bullet_ids, step

# Conventions for every service file, each sharing two everyday words of the request ("service", "export").
SERVICES = [lesson(f"L-5{i:03x}", f"Service convention {word}: helpers export from the {word} module.",
                   paths=["services/**"]) for i, word in enumerate(
                       ("red", "orange", "yellow", "green", "blue", "indigo", "violet", "black", "white", "grey"))]
TODO = lesson("L-7000", "Every TODO comment names an owner and a ticket, like `TODO(DATA-123)`.")
OTHER = [lesson(f"L-8{i:03x}", f"Kiosk lobby banner convention number n{i} for the lobby screens.") for i in range(30)]
LIMITS = {"core_lessons": 0, "retrieved_lessons": 3}


def test_a_rare_word_of_the_request_beats_broad_folder_rules_of_the_file_it_names(git_repo: Path):
    lessons = SERVICES + [TODO] + OTHER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", **LIMITS)
    first = step(git_repo, "request",
                 "the review bot flags my todo comments as wrong format, fix them in services/reports/app/export.py "
                 "export code", **LIMITS)
    shown = bullet_ids(first.text, lessons)
    assert shown[:1] == ["L-7000"]
    # the folder's rules still come with the file, which the request names: after the request's own lessons
    assert set(shown[1:]) <= {x["id"] for x in SERVICES} and shown[1:]
    assert [a["tier"] for a in first.added if a["id"] in shown[1:]] == ["file"] * len(shown[1:])
    opened = step(git_repo, "file", str(git_repo / "services/reports/app/export.py"), **LIMITS)
    assert not bullet_ids(opened.text, lessons)  # its first batch came with the request


def test_a_rule_of_the_named_file_that_the_request_matches_well_still_comes_first(git_repo: Path):
    strong = lesson("L-6000", "Report exports stream rows with `iter_rows()`; never build the whole export in memory.",
                    paths=["services/reports/**"])
    lessons = SERVICES + [TODO, strong] + OTHER
    write_store(git_repo, lessons)
    step(git_repo, "session_start", "startup", **LIMITS)
    first = step(git_repo, "request",
                 "the report export of services/reports/app/export.py builds the whole export in memory; also our "
                 "todo comments", **LIMITS)
    shown = bullet_ids(first.text, lessons)
    assert shown[:1] == ["L-6000"] and "L-7000" in shown
