"""'avoid' takes a thing or a gerund, never a bare verb: "please avoid print statements in library code" asks to keep
print statements out of library code; the built-in reflector wrote "Never print statements in library code.", which
says something else (review23, pre-existing). "avoid using/calling/committing X" stays a verb phrase."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize(("text", "lesson"), [
    ("please avoid print statements in library code", "Avoid print statements in library code."),
    ("avoid inline styles in the react components", "Avoid inline styles in the react components."),
    ("avoid select * in the models", "Avoid `select *` in the models."),
    ("please avoid global variables in the services", "Avoid global variables in the services."),
])
def test_avoid_with_a_thing_keeps_the_thing(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize(("text", "lesson"), [
    ("avoid using print statements in library code", "Never use print statements in library code."),
    ("avoid calling the api in a loop", "Never call the api in a loop."),
    ("avoid committing the .env file", "Never commit the `.env` file."),
    ("please avoid hardcoding the bucket name in the jobs", "Never hardcode the bucket name in the jobs."),
])
def test_avoid_with_a_gerund_is_still_a_never(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]
