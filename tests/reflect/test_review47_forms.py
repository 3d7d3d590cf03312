"""review47 R47-3 (real Gemini CLI 0.61 session): "hm," (one m) before a corrective question was not read as the
interjection "hmm," is, so "hm, why urllib? we always use httpx in this codebase" gave "Always use `httpx`." (the
tool it replaces lost) and "hm, why urllib? we use httpx" gave "Use `httpx`." In process, the built-in reflector."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


@pytest.mark.parametrize(("typed", "lesson"), [
    ("hm, why urllib? we always use httpx in this codebase", "Use `httpx` instead of `urllib`."),
    ("hm, why urllib? we use httpx", "Use `httpx` instead of `urllib`."),
    ("hm why npm? we switched to pnpm", "Use `pnpm` instead of `npm`."),
    ("hmm, why urllib? we use httpx", "Use `httpx` instead of `urllib`."),  # as before
    ("why urllib? we always use httpx in this codebase", "Use `httpx` instead of `urllib`."),  # as before
])
def test_an_interjection_before_a_bare_question_keeps_the_tool_it_replaces(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


@pytest.mark.parametrize("typed", ["hm ok", "hm, why urllib?", "hm, that looks fine"])
def test_an_interjection_alone_or_before_no_rule_gives_none(typed: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == []
