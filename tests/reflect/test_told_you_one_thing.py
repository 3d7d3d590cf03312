""""I told you, don't …" is a standing prohibition only for a kind of thing or what the project has one of, as the
habit complaints are (review21 on 959dbf5a): one thing of this task ("the button", "the function", "the new
endpoint") said again gives no "Never …" lesson, whose "the X" a later session could not resolve."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import correction_rules

ONE_THING = [
    "I told you, don't change the button",
    "I already told you, don't delete the function",
    "as I said, don't modify the component",
    "I told you, don't use the new endpoint",
    "I told you, don't run the script",
    "I told you, stop changing the layout",
    "I told you, don't restart the server",
    "I told you, don't use the first approach",
    "I told you, don't remove the header",
    "I told you, don't use the old API",
]


@pytest.mark.parametrize("text", ONE_THING)
def test_one_thing_of_this_task_said_again_gives_no_lesson(text: str):
    rules, _ = correction_rules(text)
    assert rules == []  # before: "Never change the button.", "Never use each new endpoint.", …


@pytest.mark.parametrize("text, rule", [
    ("I told you, don't commit to main", "Never commit to main."),
    ("I told you, never touch the migrations", "Never touch the migrations."),
    ("I told you, don't add emojis to commit messages", "Never add emojis to commit messages."),
])
def test_a_kind_said_again_still_gives_the_prohibition(text: str, rule: str):
    assert correction_rules(text)[0] == [rule]
