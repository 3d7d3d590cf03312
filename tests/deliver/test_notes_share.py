"""review23 on R22-6: the learner's notes give way to the lessons only when both do not fit the session's budget.

With any lesson approved the notes were cut to half of learn.budget_tokens, so a store of one short lesson and a
person's twelve notes at a 700-token budget got 370 tokens, five of the notes left out ("the file has them") and
more than half of the budget unused.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.deliver.test_notes_in_budget import LESSONS, NOTES, claude, project, tokens


def test_notes_that_fit_beside_a_small_store_are_all_given(git_repo: Path):
    project(git_repo, budget=700, lessons=LESSONS[:1])  # ~20 tokens of lessons, ~470 of notes
    start = claude(git_repo, "SessionStart")
    assert all(note in start for note in NOTES) and LESSONS[0]["text"] in start
    assert "left out" not in start
    assert tokens(start) <= 700


def test_notes_beside_a_store_that_needs_the_budget_still_take_at_most_half(git_repo: Path):
    project(git_repo, budget=400)  # eight lessons and twelve notes: both do not fit
    start = claude(git_repo, "SessionStart")
    assert "left out to keep the session within its token budget" in start
    assert tokens(start) <= 400
    assert all(item["text"] in start for item in LESSONS[:3])


def test_notes_get_what_the_lessons_leave_and_the_first_request_still_fits(git_repo: Path):
    # three lessons (~60 tokens with their headings) leave the notes more than half of a 400-token budget
    project(git_repo, budget=400, lessons=LESSONS[:3])
    start = claude(git_repo, "SessionStart")
    shown = sum(note in start for note in NOTES)
    assert tokens(start[start.index("<!-- learn:learned -->"):]) > 200 and shown < len(NOTES)
    assert all(item["text"] in start for item in LESSONS[:3])
    request = claude(git_repo, "UserPromptSubmit", prompt="add a staging model for source system 3 and rename columns")
    assert tokens(start) + tokens(request) <= 400 + 1


def test_learn_doctor_counts_the_notes_as_the_hook_gives_them(git_repo: Path, run_learn):
    project(git_repo, budget=700, lessons=LESSONS[:1])
    out = json.loads(run_learn("doctor", "--json", cwd=git_repo).stdout)
    assert out["tokens"]["learned_notes"]["left_out"] == {}
    assert out["tokens"]["learned_notes"]["bullets"] == len(NOTES)
    assert out["tokens"]["per_request"] <= 700
