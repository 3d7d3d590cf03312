"""review22's leftovers on the built-in reflector (refl23, issue 20 item 3): a kind of thing kept out of a kind of thing
("never use sleeps in tests") is a rule again, and this task's things ("these tests", "the old endpoint", "the new
button component", "explain in spanish") give nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# R22-2: a plain plural in the code slot became prose, and "Never use X in Y" then needed three content words.
@pytest.mark.parametrize(("text", "lesson"), [
    ("never use sleeps in tests", "Never use sleeps in tests."),
    ("never use wildcards in imports", "Never use wildcards in imports."),
    ("don't use abbreviations in the docs", "Never use abbreviations in the docs."),
    ("don't use mocks in integration tests", "Never use mocks in integration tests."),
    ("never use retries in unit tests", "Never use retries in unit tests."),
    ("never use sleeps in tests because they are flaky", "Never use sleeps in tests."),
    ("don't use wildcards in imports, it makes the namespace unclear", "Never use wildcards in imports."),
])
def test_a_kind_of_thing_kept_out_of_a_kind_of_thing_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


KIND_IN_KIND_LOOKALIKES = [
    # this task's things, pointed at or counted
    "never use mocks in these tests", "don't use mocks in those tests", "never use tabs in the file",
    "don't use tabs in this file", "don't use colors in this chart", "don't use emojis in that message",
    "never use sleeps in the new tests", "don't use hooks in the remaining components", "never use arrows in both diagrams",
    "don't use mocks in the 3 tests", "don't use mocks in the following tests", "don't use mocks in the other tests",
    "don't use mocks in the old tests", "don't use mocks in some tests", "don't use mocks in my tests",
    # one thing of this task
    "don't use spaces in the filename", "don't use quotes in the title", "don't use abbreviations in your answer",
    "don't use images in the email", "never use caps in the header", "don't use gradients in this design",
    "don't use tables in the summary", "don't use bullets in the description", "don't use icons in the button",
    "don't use emojis in the modal", "don't use borders in the cards", "don't use shadows in the buttons",
    "don't use labels in the form", "never use numbers in the slides", "don't use links in the popup",
    # questions, reports, conditions
    "why did you use sleeps in tests?", "do we use sleeps in tests?", "you used sleeps in tests",
    "never use retries in tests?", "don't use mocks in tests for now", "don't use mocks in tests yet",
    "don't use things in tests", "don't use lambdas for the callbacks",
]


@pytest.mark.parametrize("text", KIND_IN_KIND_LOOKALIKES)
def test_this_tasks_things_questions_and_conditions_give_nothing(text: str) -> None:
    assert rules(text) == []


# review22 "Left on main": "the new X" that is used (not made) and "the old X" are one thing that is new or old now.
@pytest.mark.parametrize("text", [
    "going forward, use the new button component",  # it gave "Always use each new button component."
    "from now on, keep the old endpoint working",  # it gave "Always keep the old endpoint working."
    "from now on, use the new API client", "going forward, always use the new logger",
    "never delete the old migrations", "Don't use select * anywhere in the new models.",
    "don't change the updated files", "from now on, prefer the new layout", "going forward, stick to the old flow",
    "from now on, reuse the new helper",
])
def test_the_new_or_the_old_thing_of_this_task_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("you forgot to add the new page to the changelog again", "Always add each new page to the changelog."),
    ("you forgot to add the migration for the new column", "Always add the migration for each new column."),
    ("add __init__.py to the new package", "Add `__init__.py` to each new package."),
    ("from now on, always write tests for the new endpoint", "Always write tests for each new endpoint."),
])
def test_each_new_thing_made_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# "explain in spanish" gave "Explain in Spanish.": what to explain is in the conversation.
@pytest.mark.parametrize(("text", "lesson"), [
    ("always explain in spanish", "Always explain in Spanish."),
    ("from now on, explain in spanish", "Always explain in Spanish."),
    ("reply in french please", "Reply in French."),
    ("write to me in english", "Write in English."),
    ("only write in english", "Only write in English."),
])
def test_the_language_of_the_conversation_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "explain in spanish", "write in german", "explain it in spanish", "explain to me in spanish",
    "can you explain in spanish?", "summarize in english", "describe it in french",
])
def test_one_explanation_or_text_in_a_language_gives_nothing(text: str) -> None:
    assert rules(text) == []


# "For the payments, never use `floats`.": an English plural in backticks, as if it were the code's name.
@pytest.mark.parametrize(("text", "lesson"), [
    ("For the payments, never use floats", "For the payments, never use `float`."),
    ("never use prints in tests", "Never use `print` in tests."),
    ("use Decimal instead of floats", "Use `Decimal` instead of `float`."),
    ("For the payments, never use `floats`.", "For the payments, never use `floats`."),  # what the person wrote as code
])
def test_the_plural_of_code_names_the_code(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]
