"""The team's tool asked about, not stated, is no lesson about it (check47's C47-8, session #29).

"dont use npm. we use pnpm? I'm not sure" gave "Use `pnpm`? instead of `npm`." and "why npm? we use pnpm?" "Use `pnpm`?
instead of `npm`.": a question mark inside a rule, from a person who was asking. The ban said plainly still holds
("Never use `npm`."); the team's tool said plainly still replaces what the agent used. Every message is our own wording.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize(("typed", "lessons"), [
    ("dont use npm. we use pnpm? I'm not sure", ["Never use `npm`."]),
    ("dont use npm. we use pnpm?", ["Never use `npm`."]),
    ("could you stop using npm? we use pnpm? not sure", ["Never use `npm`."]),
    ("stop using npm. we use pnpm, right?", ["Never use `npm`."]),
    ("why npm? we use pnpm?", []),
    ("why npm? we use pnpm, right?", []),
    ("you used npm again, we use pnpm?", []),
])
def test_the_team_tool_asked_about_is_not_stated(typed: str, lessons: list[str]) -> None:
    assert _rules(typed) == lessons
    assert not any("?" in lesson for lesson in _rules(typed))


@pytest.mark.parametrize(("typed", "lesson"), [
    ("dont use npm, we use pnpm", "Use `pnpm` instead of `npm`."),
    ("why npm? we use pnpm", "Use `pnpm` instead of `npm`."),
    ("you used npm again, we use pnpm", "Use `pnpm` instead of `npm`."),
    ("stop using npm, this repo uses pnpm", "Use `pnpm` instead of `npm`."),
    ("why are you using requests? use httpx", "Use `httpx` instead of `requests`."),
])
def test_the_team_tool_stated_still_replaces_the_one_used(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
