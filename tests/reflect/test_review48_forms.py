"""review48 R48-1 (real Codex CLI 0.171 session): the team's ban said with where it holds and the one tool the codebase
is ("remember we dont use requests in this codebase, its httpx everywhere") gave "Never use `requests`.": the tool to
use instead was lost, as it was in "we don't use requests here, it's httpx" ("don't use requests, we use httpx" gave
the swap). In process, the built-in reflector."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


@pytest.mark.parametrize(("typed", "lesson"), [
    ("remember we dont use requests in this codebase, its httpx everywhere", "Use `httpx` instead of `requests`."),
    ("remember we don't use requests in this codebase, it's httpx everywhere", "Use `httpx` instead of `requests`."),
    ("we don't use requests here, it's httpx everywhere", "Use `httpx` instead of `requests`."),
    ("we don't use requests here. it's httpx", "Use `httpx` instead of `requests`."),
    ("we dont use npm here, its pnpm", "Use `pnpm` instead of `npm`."),
    ("I told you we don't use requests here, it's httpx", "Use `httpx` instead of `requests`."),
    ("don't use npm, we use pnpm", "Use `pnpm` instead of `npm`."),  # as before
])
def test_a_ban_and_the_tool_the_codebase_is_give_the_swap(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


@pytest.mark.parametrize("typed", [
    "we don't use requests here, it's broken",  # why, not what instead
    "we don't use requests here, it's too slow",
    "we don't use docker here, it's kubernetes",  # not a tool of the same job: the ban alone
    "we don't use requests here, it's httpx?",  # asked, not stated
    "remember we don't use requests here",
])
def test_a_ban_with_no_tool_of_its_job_after_it_stays_the_ban(typed: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == ["Never use `" + typed.split(" use ")[1].split()[0]
                                                                     + "`."]


@pytest.mark.parametrize("typed", ["it's httpx everywhere", "why did you use requests? it's fine"])
def test_the_tool_the_codebase_is_without_a_ban_or_question_naming_another_gives_nothing(typed: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == []
