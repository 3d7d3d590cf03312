"""review23 R1/R4 on the built-in reflector's refl23 checks: a convention with a number and its unit, an encoding or a type
with digits is a standing rule, not one thing of this task.

`rules._THIS_TASKS` read "the 100 character limit" as "the 3 tests" and "the latest LTS node" as "the new
button"; `_picks_for_this_task` read "4 spaces instead of 2", "utf-8 instead of latin-1" and "int64 instead of int32"
as values of one thing ("16px instead of 14px").
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize(("text", "lesson"), [
    ("keep lines under the 100 character limit", "Keep lines under the 100 character limit."),
    ("always use the 24 hour format for timestamps", "Always use the 24 hour format for timestamps."),
    ("always use the latest LTS node for CI", "Always use the latest LTS node for CI."),
    ("use 4 spaces instead of 2", "Use 4 spaces instead of 2."),
    ("use 4 spaces, not tabs", "Use 4 spaces, not tabs."),
    ("use utf-8 instead of latin-1", "Use `utf-8` instead of `latin-1`."),
    ("use int64 instead of int32 for ids", "Use `int64` instead of `int32` for ids."),
])
def test_a_convention_with_a_number_a_version_or_a_case_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "don't use mocks in the 3 tests", "never use arrows in both diagrams", "from now on, keep the old endpoint working",
    "use 16px instead of 14px", "use port 3000 instead of 8080", "use the staging bucket instead of the prod one",
    "didn't I say to use blue?", "never use bold in the heading", "use red instead of blue",
    "indent with 2 spaces instead of 4",  # gave "Use `indent` with 2 spaces instead of 4." at 6664c84e
    # R3: "for this" is this case only; it gave "Use `useMemo` instead of `useEffect`."
    "you keep using useEffect instead of useMemo for this", "you keep using axios instead of fetch for that one",
])
def test_this_tasks_things_and_values_still_give_nothing(text: str) -> None:
    assert rules(text) == []


def test_a_habit_complaint_that_names_code_still_gives_its_rule() -> None:
    assert rules("you keep using var instead of const") == ["Use `const` instead of `var`."]
