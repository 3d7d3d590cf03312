"""refl50 (session #32): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A ban or an order said for one case: "if it fails, never use npm" gave "Never use `npm`." (the case was read as a
   report that something broke, and the rule after it as a rule of its own), a standing ban from a conditional one; so
   did "if the tests fail, never push to main", "if it fails, always use yarn", "whenever the build fails, never use
   npm". A rule in a sentence that opens with a case ("if …", "when …", "whenever …", "every time …", "in case …",
   "once …") now waits with its reason. A kind of work said first ("before you push, …", "when you add a new env var,
   …") still gives its rule with the condition kept, as does the case said after the rule ("never push to main if the
   tests fail"); the agent's own kind of work said first keeps the rule ("when you log errors, never log the token",
   check50 C50-3), unless it points at this task ("when you see this error, …").
2. The team's tool said for one occasion: "we use pnpm just for the demo" gave "Use `pnpm` just for the demo.", "for the
   hackathon we use bun" "For the hackathon, use `bun`.", "we use the test key for the demo only" its lesson. A lesson
   said for one occasion (a demo, a hackathon, a spike, a prototype, an experiment; "this build", "this run") now waits.
   The word naming a part of the project ("the demo app", "the demo site"), the kind in the plural ("for the demos",
   "for experiments") and "every demo" keep their lesson.
3. A ban, then "but" and another verb that picks the one thing to use: "never use any but prefer unknown" gave "Never
   use `any`." ("never use any, prefer unknown" gave "Use `unknown` instead of `any`."); "but prefer X" / "but use X"
   with one word or piece of code after it is read as the comma form is. "… but I prefer unknown in my own code" still
   waits. (check50 C50-9, on 9188a1f3 too: "don't use print but use it in scripts" gave "Never use `print`.", a ban
   wider than said; "but use it …" and "but prefer X only …" are an exception of the ban and wait.)
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import ONE_CASE, ONE_OCCASION


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
    "if you can't find it, don't use grep",  # check50
    "when you see this error, never use npm",  # the agent's work, but one this task points at
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
    # the agent's own kind of work said first (check50 C50-3)
    ("when you log errors, never log the token", "Never log the token."),
    ("if you log errors, never log the token", "Never log the token."),
])
def test_a_kind_of_work_first_or_the_case_after_still_gives_the_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 2. the team's tool said for one occasion ----------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "we use pnpm just for the demo",
    "we use pnpm (just) for the demo",
    "we use pnpm for the demo, ok?",
    "for the hackathon we use bun",  # check50
    "we use the test key for the demo only",  # check50
    "we use sqlite for the spike",
    "we use pnpm for the prototype",
    "never use npm for the investor demo",
    "always use pnpm for the presentation",
])
def test_a_rule_for_one_occasion_waits(typed: str) -> None:
    rules, why = _read(typed)
    assert rules == []
    assert why == f"no standing rule: {ONE_OCCASION}"


@pytest.mark.parametrize(("typed", "lesson"), [
    ("we use vite for the demo app", "Use `vite` for the demo app."),
    ("we use pnpm for the demo site", "Use `pnpm` for the demo site."),
    ("we use pnpm for the demos", "Use `pnpm` for the demos."),
    ("we use pnpm for every demo", "Use `pnpm` for every demo."),
    ("we use sqlite for experiments", "Use `sqlite` for experiments."),
    ("use pnpm in the prototype folder", "Use `pnpm` in the prototype folder."),
    ("put the demo data in fixtures/demo", "Put the demo data in `fixtures/demo`."),
    ("we use ruff for linting", "Use `ruff` for linting."),
])
def test_a_part_named_by_the_word_or_each_time_keeps_its_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "did we use pnpm for the demo?",  # a question
    "bob says we use pnpm for the demo",  # someone quoted
    "we used pnpm for the demo last year",  # past narration
    "we don't use pnpm for the demo",  # negation
])
def test_look_alikes_of_one_occasion_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. a ban, then "but prefer" the one thing ----------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("never use any but prefer unknown", "Use `unknown` instead of `any`."),
    ("don't use any but prefer unknown", "Use `unknown` instead of `any`."),
    ("stop using any but prefer unknown", "Use `unknown` instead of `any`."),
    ("never use var but prefer const", "Use `const` instead of `var`."),
    ("never use any but use unknown instead", "Use `unknown` instead of `any`."),
    ("don't use print but prefer the logger", "Use the logger instead of `print`."),
    ("never use npm but prefer pnpm", "Use `pnpm` instead of `npm`."),
])
def test_a_ban_then_but_prefer_gives_the_choice(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "never use any but I prefer unknown in my own code",  # the person's own code: check50
    "should we never use any but prefer unknown?",  # a question
    "don't use print but use it in scripts",  # the banned thing itself, somewhere: check50 C50-9
    "don't use print but use them in scripts",
    "never use any but prefer unknown only in tests",  # check50 C50-9
])
def test_a_ban_then_a_personal_or_asked_preference_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []
