"""review22's look-alikes for refl22's forms: a scope, a from-now-on clause in long feedback and "you're supposed to be
…" that name this task's things give no standing lesson; the forms they were written for still do."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize("text", [
    "in the two handlers, always log the request id",
    "in all three modules, never import pandas",
    "for the remaining tests, don't use mocks",
    "in the changed files, always add type hints",
    "for the first two endpoints, always validate the body",
    "in the modified components, never use inline styles",
    "in the 3 scripts, always use set -e",
    "in the following files, never use tabs",
    "in both files, never use tabs",
    "for the affected services, never hardcode the port",
])
def test_a_scope_of_this_tasks_things_gives_no_standing_lesson(text: str) -> None:
    """R22-9: "In the changed files, always add type hints." named files only this conversation knows."""
    assert lessons(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("in the tests, never use sleep", "In the tests, never use `sleep`."),
    ("for the migrations, always add a down step", "For the migrations, always add a down step."),
    ("in tests, don't mock the database", "In tests, never mock the database."),
])
def test_a_scope_that_is_a_kind_of_thing_still_gives_the_rule(text: str, lesson: str) -> None:
    assert lessons(text) == [lesson]


PAD = ("Okay so a few things about this page. The header spacing looks off on mobile and the footer links overlap the "
       "cookie banner, and the pricing cards are not aligned at the bottom. The hero image loads slowly and the CTA "
       "text is too small on tablets. Also the dark mode toggle flickers when the page loads and the font in the nav "
       "is not the one from the design file. ")


@pytest.mark.parametrize("clause", [
    "for this release only, from now on skip the e2e tests",
    "except for hotfixes, from now on never push to main",
    "unless I say so, from now on don't add dependencies",
    "until the freeze ends, from now on don't touch the schema",
    "for the demo, from now on hide the admin menu",
])
def test_in_long_feedback_a_from_now_on_rule_under_a_condition_gives_nothing(clause: str) -> None:
    """R22-12: the condition before the clause was dropped: 'Always skip the e2e tests.' (meaning inverted)."""
    assert lessons(PAD + clause + ". " + PAD) == []


def test_in_long_feedback_a_plain_from_now_on_rule_still_gives_it() -> None:
    assert lessons(PAD + "in the future, please ask before deleting files. " + PAD) == ["Always ask before deleting files."]


@pytest.mark.parametrize("text", [
    "you're supposed to be updating the docs, not the code",
    "you're supposed to be cleaning up the old handlers",
    "you're supposed to be writing tests for the auth module",
])
def test_supposed_to_be_doing_redirects_this_task(text: str) -> None:
    """R22-14: 'Always update the docs, not the code.' from a redirect of this task."""
    assert lessons(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("you're supposed to run the tests", "Always run the tests."),
    ("What does @PYTHON.md say? You're supposed to be following that.", "Always follow `PYTHON.md`."),
])
def test_supposed_to_keeps_its_standing_forms(text: str, lesson: str) -> None:
    assert lessons(text) == [lesson]
