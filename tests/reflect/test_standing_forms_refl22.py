"""Standing rules real people state in forms the built-in reflector missed (refl22, issue 20 item 3): each form writes
the rule from the person's words alone, and the look-alikes (one-off steps, questions, bug reports, this task's
things) give nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# "ever" is the person's own word that a prohibition holds every time ("In health endpoint, do NOT return
# sqlite://// ever", dev): "don't ever X" / "do not X ever (again)".
@pytest.mark.parametrize(("text", "lesson"), [
    ("don't ever push to main", "Never push to main."),
    ("do not push to main ever again", "Never push to main."),
    ("do NOT return null ever", "Never return null."),
    ("do not commit to main ever", "Never commit to main."),  # it was "Never commit to main ever."
    ("don't ever add comments", "Never add comments."),
    ("don't ever remove the tests", "Never remove the tests."),
    ("do not ever use eval", "Never use `eval`."),
    ("never ever print secrets", "Never print secrets."),
])
def test_ever_makes_a_prohibition_standing(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


EVER_LOOKALIKES = [
    "did you ever push to main?", "have you ever used pnpm?", "does it ever return null?", "will it ever finish?",
    "don't ever do that again", "don't ever do this again!", "never ever do that", "don't ever change it",
    "don't ever touch that file", "don't ever delete the button again", "don't ever rename the function",
    "don't ever use the old endpoint", "I don't think it ever worked", "it doesn't ever load",
    "the page doesn't ever render", "don't you ever stop?", "don't worry, it never ever fails", "do not revert it ever",
    "don't ever forget that", "don't ever say that", "don't ever change the colors", "don't ever fix it like that",
    "don't ever add it back", "don't ever delete the button", "don't ever move the modal", "don't ever resize the logo",
    "don't ever change the header", "has it ever worked?", "don't ever show me that error again",
    "did the tests ever pass?", "don't ever leave it like this", "nothing ever happens when I click it",
]


@pytest.mark.parametrize("text", EVER_LOOKALIKES)
def test_ever_in_a_question_a_report_or_about_this_tasks_things_gives_nothing(text: str) -> None:
    assert rules(text) == []


# A part of the project said before a prohibition or an "always": "for UI components, never …". Only a kind of thing
# or code: "for the button, never use red" styles one thing of this task.
@pytest.mark.parametrize(("text", "lesson"), [
    ("For UI components, never write snapshot tests", "For UI components, never write snapshot tests."),
    ("in all handlers, never return raw exceptions", "In all handlers, never return raw exceptions."),
    ("in src/api/, never import from the cli", "In `src/api/`, never import from the cli."),
    ("For the migrations, always add a down step", "For the migrations, always add a down step."),
])
def test_a_kind_of_thing_leading_a_prohibition_scopes_it(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


SCOPE_LOOKALIKES = [
    "In the end, don't use it", "In that file, never use print", "In this function, never return null",
    "For now, never push to main", "For this task, always use the old client", "In my opinion, never use classes",
    "In short, don't do that", "In the meantime, don't merge anything", "For example, never use var",
    "In any case, don't push", "For the button, never use red", "In the modal, never show the close icon",
    "For the header, always use the logo", "In the new service, never use pandas", "For the login page, never add a footer",
    "In the test, always mock the clock", "In your next answer, never use emojis", "For the record, don't change it",
    "In general, don't use any", "In this case, never use the cache", "For the sidebar, always use the dark theme",
    "In the form, never show the email", "For the chart, always use the blue palette", "In there, never use tabs",
    "For reference, never change the schema", "In particular, don't touch the header", "For today, always run it",
    "In the footer, never show the year", "For the title, always use bold", "In the new page, always add a footer",
    "For the card, never use shadows", "In that component, always use flexbox",
]


@pytest.mark.parametrize("text", SCOPE_LOOKALIKES)
def test_a_moment_a_case_or_one_thing_leading_a_rule_gives_nothing_new(text: str) -> None:
    assert rules(text) == []
