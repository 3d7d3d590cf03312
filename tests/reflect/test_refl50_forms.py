"""refl50 (session #32): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A ban or an order said for one case: "if it fails, never use npm" gave "Never use `npm`." (the case was read as a
   report that something broke, and the rule after it as a rule of its own), a standing ban from a conditional one; so
   did "if the tests fail, never push to main", "if it fails, always use yarn", "whenever the build fails, never use
   npm". A rule in a sentence that opens with a case ("if …", "when …", "whenever …", "every time …", "in case …",
   "once …") now waits with its reason. A kind of work said first ("before you push, …", "when you add a new env var,
   …") still gives its rule with the condition kept, as does the case said after the rule ("never push to main if the
   tests fail").
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import ONE_CASE


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. a rule said for one case ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "if it fails, never use npm",
    "if it fails, don't use npm",
    "if the install fails, never use npm",
    "if it fails, always use yarn",
    "if the tests fail, never push to main",
    "if the tests fail, don't push",
    "whenever the build fails, never use npm",
    "every time it fails, never use npm",
    "in case it fails, never use npm",
    "if something fails, never retry blindly",
    "if tests fail, always fix them before pushing",
    "should it fail, never use npm",  # check50
    "if that errors, never use eval",  # check50
])
def test_a_rule_said_for_one_case_waits(typed: str) -> None:
    rules, why = _read(typed)
    assert rules == []
    assert why == f"no standing rule: {ONE_CASE}"


def test_the_case_after_a_team_tool_keeps_only_the_team_tool() -> None:
    # the ban is said for the case; the team's tool before it is said for always
    assert _rules("we use pnpm. if it fails, never use npm") == ["Use `pnpm`."]


@pytest.mark.parametrize(("typed", "lesson"), [
    ("never push to main if the tests fail", "Never push to main if the tests fail."),
    ("before you push, always run the tests", "Always run the tests before pushing."),
    ("after merging, always delete the branch", "Always delete the branch after merging."),
    ("when you add a new env var, add it to .env.example", "Add every new env var to `.env.example`."),
    ("whenever you add a new dependency, pin its version", "Pin the version of every new dependency."),
    ("it crashes on startup, and btw never commit .env files", "Never commit `.env` files."),
    ("the tests fail with the same error, also please never use sleep in tests", "Never use `sleep` in tests."),
    ("never use npm. if it fails, try again", "Never use `npm`."),
])
def test_a_kind_of_work_first_or_the_case_after_still_gives_the_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
