"""refl48 (session #30): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A rule's own clause said of one day (check47 C47-7): "always run the tests today" and "never forget to run the tests
   today" gave "Always run the tests today."; a one-off for the task at hand, whatever "always" says. The day said as
   the occasion, outside the rule's clause ("I broke prod today, so always run the smoke tests before deploying"), or as
   where the rule starts ("from today on") is no such limit, and "today's date" is a kind of value.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import ONE_DAY


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. a rule said of one day ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "always run the tests today",
    "never forget to run the tests today",
    "always lint tonight before you push",
    "never push to main today",
    "don't forget to run the linter before pushing tonight",
])
def test_a_rule_said_of_one_day_is_a_one_off(typed: str) -> None:
    assert _rules(typed) == []


def test_a_rule_said_of_one_day_waits_with_that_reason() -> None:
    assert _read("always run the tests today") == ([], f"no standing rule: {ONE_DAY}")


@pytest.mark.parametrize(("typed", "lesson"), [
    ("I broke prod today, so always run the smoke tests before deploying", "Always run the smoke tests before deploying."),
    ("always run the tests", "Always run the tests."),
    ("never forget to run the linter before pushing", "Always run the linter before pushing."),
    ("use `date.today()` instead of `datetime.now().date()`", "Use `date.today()` instead of `datetime.now().date()`."),
])
def test_the_day_outside_the_rule_keeps_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
