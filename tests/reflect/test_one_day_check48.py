"""check48 C48-6 (session #30, second reader of f7abcd13): "today" after "before", "to", "until" … is the date as a
value ("never let users pick a delivery date before today" keeps its rule), but "tomorrow" and "tonight" there end a
one-off: "never deploy until tomorrow" and "always use the mock api until tonight" were written as standing rules by
f7abcd13 (nothing before it). Every message here is our own wording."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize("typed", [
    "never deploy until tomorrow",
    "always use the staging db until tomorrow",
    "never push to main till tomorrow",
    "don't push to prod before tomorrow",
    "always use the mock api until tonight",
])
def test_a_rule_until_tomorrow_or_tonight_is_a_one_off(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    ("never let users pick a delivery date before today", "Never let users pick a delivery date before today."),
    ("always default the date picker to today", "Always default the date picker to today."),
])
def test_today_as_a_date_value_keeps_its_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
