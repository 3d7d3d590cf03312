"""refl22's leftovers from review21 and refl21's note: the reason a habit complaint waits with, "the new X" of one
thing, plain plural nouns in a rule's code slot, and a request that names errors taken for a bug report."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.rules import BROKEN, KEEPS, NO_RULE
from altimate_learn.reflect.providers.builtin.one_off import ONE_FIX


def rules(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def test_a_habit_complaint_about_this_tasks_things_says_so_when_it_waits() -> None:
    """review21 #18: "you keep skipping the failing tests" waited as "no clear rule in it" (before that, as a report
    that something is broken); the person reading `learn signals --unlearned` should see it is a complaint whose
    object only the conversation names."""
    assert rules("you keep skipping the failing tests") == ([], KEEPS)
    assert "keeps doing" in KEEPS and "the failing tests" in KEEPS


@pytest.mark.parametrize("text", [
    "you forgot to add the new field to the form",
    "you forgot to add the new route to the page",
    "you forgot to put the new button in the header",
    "you didn't add the new column to the table",
])
def test_the_new_thing_put_into_one_thing_of_this_task_is_no_rule(text: str) -> None:
    """`tidy` reads "the new field" as "each new field"; added to "the form" (one thing only the conversation names) it
    was "Always add each new field to the form.": one slip, not a habit."""
    assert rules(text) == ([], f"no standing rule: {ONE_FIX}")


@pytest.mark.parametrize(("text", "lesson"), [
    ("you forgot to add the migration for the new column", "Always add the migration for each new column."),
    ("add each new model to schema.yml with tests for unique and not_null",
     "Add each new model to `schema.yml` with tests for unique and `not_null`."),
    ("you forgot to add the new page to the changelog again", "Always add each new page to the changelog."),
])
def test_each_new_thing_with_its_own_part_or_a_project_wide_target_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == ([lesson], "")


@pytest.mark.parametrize(("text", "lesson"), [
    ("don't use emojis in commit messages", "Never use emojis in commit messages."),
    ("don't use abbreviations in variable names", "Never use abbreviations in variable names."),
    ("never use floats for money", "Never use `float` for money."),  # the plural of code names the code (review22)
    ("don't use pandas in the service layer", "Never use `pandas` in the service layer."),  # a tool's name
    ("use requests instead of urllib", "Use `requests` instead of `urllib`."),
])
def test_a_plain_plural_noun_is_prose_and_a_tool_stays_code(text: str, lesson: str) -> None:
    assert rules(text) == ([lesson], "")


@pytest.mark.parametrize(("text", "why"), [
    ("fix the lint errors before committing", NO_RULE),
    ("fix any failing unit tests", NO_RULE),
    ("please handle the errors in the upload form", NO_RULE),
    # a report stays a report, in a clause of its own or said of the agent's work
    ("fix it, it's still broken", BROKEN),
    ("fix the errors, the page is still blank", BROKEN),
    ("fix all the errors that you created!", BROKEN),
    ("the build fails with a type error", BROKEN),
    ("getting this error", BROKEN),
])
def test_a_request_that_names_errors_is_not_a_report_that_something_is_broken(text: str, why: str) -> None:
    assert rules(text) == ([], why)
