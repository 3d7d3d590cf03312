"""The same two choices the other way round ("Use npm, not pnpm." of "Use pnpm, not npm.") share every word, so they
read as a restatement: a HELPFUL vote for the old lesson, the new rule dropped, or both rules in force telling the
agent two opposite things. They are opposites: the new rule is staged as replacing the lesson, for a person to decide.
Two list items traded ("ruff and mypy") are still one rule."""

from __future__ import annotations

import pytest

from altimate_learn.curate.curator import curate
from altimate_learn.curate.names import reversed_choice
from tests.curate.helpers import add, lesson, make_store, read

REVERSED = [
    ("Use pnpm, not npm.", "Use npm, not pnpm."),
    ("Prefer tabs over spaces for indentation.", "Prefer spaces over tabs for indentation."),
    ("Prefer composition to inheritance.", "Prefer inheritance to composition."),
    ("Format with black rather than yapf.", "Format with yapf rather than black."),
    ("Run tests with pytest instead of unittest.", "Run tests with unittest instead of pytest."),
    ("Write the migration first, then the model.", "Write the model first, then the migration."),
    ("Query the replica, never the primary.", "Query the primary, never the replica."),
    # choices of several words, and a direction (review31 R31-2)
    ("Use UTC, not local time, in logs.", "Use local time, not UTC, in logs."),
    ("Convert cents to dollars in staging models.", "Convert dollars to cents in staging models."),
    ("Migrate from MySQL to Postgres.", "Migrate from Postgres to MySQL."),
    ("Map null to an empty string in exports.", "Map an empty string to null in exports."),
    ("Rebase feature branches onto main.", "Rebase main onto feature branches."),
]


@pytest.mark.parametrize(("old", "new"), REVERSED)
def test_a_reversed_choice_replaces_the_lesson_for_review_and_is_no_vote(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new, reason="the person said so today")])
    assert not any(a["op"] == "HELPFUL" for a in result.applied)
    assert [entry["text"] for entry in result.candidate] == [new]
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and added["note"] == "says the opposite of the lesson it replaces"
    (retired,) = read(store, "candidate-retired.json")
    assert retired["text"] == old


@pytest.mark.parametrize(("old", "new"), [
    ("Run ruff and mypy in CI.", "Run mypy and ruff in CI."),
    ("Run mypy, ruff and black on every push.", "Run black, ruff and mypy on every push."),
    ("Join orders to customers on customer_id.", "Join customers to orders on customer_id."),
    ("Run the linter before pushing.", "Before pushing, run the linter."),
])
def test_list_items_or_words_in_another_order_are_still_a_vote(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [a["op"] for a in result.applied] == ["HELPFUL"]
    assert [entry["text"] for entry in result.candidate] == [old]


@pytest.mark.parametrize(("new", "old", "reversed_"), [
    ("Use npm, not pnpm.", "Use pnpm, not npm.", True),
    ("Use npm, not pnpm.", "Use npm, not pnpm.", False),
    ("Use npm, not yarn.", "Use pnpm, not npm.", False),  # another value, not the same two traded
    ("Prefer spaces to tabs.", "Prefer tabs to spaces.", True),
    ("Run mypy and ruff in CI.", "Run ruff and mypy in CI.", False),
])
def test_which_pairs_trade_two_choices(new, old, reversed_):
    assert reversed_choice(new, old) is reversed_
