"""refl48 (session #30): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A rule's own clause said of one day (check47 C47-7): "always run the tests today" and "never forget to run the tests
   today" gave "Always run the tests today."; a one-off for the task at hand, whatever "always" says. The day said as
   the occasion, outside the rule's clause ("I broke prod today, so always run the smoke tests before deploying"), or as
   where the rule starts ("from today on") is no such limit, and "today's date" is a kind of value.
2. What is said after a rule in its sentence (check47 C47-2, C47-8): "use uv instead of pip, but whatever" gave "Use `uv`
   instead of `pip`, but whatever.", "…, maybe" "…, `maybe`.", "always run the tests, but skip them for docs-only
   changes" the whole sentence as its lesson, "don't use npm but yarn" "Never use `npm` but `yarn`.", "dont use npm. we
   use pnpm, but only in the frontend" "Use `pnpm`, but only in the frontend, not `npm`.". Chatter after the rule (a
   shrug, thanks, praise of the rest, "as discussed") is dropped, a hedge said last is read as said first, the rule's
   limit ("but only in the frontend", "except in the docs site") is kept as its scope after the whole rule, and any
   other "but" after it (an exception, a second order, "it's your call", "I'm not sure") leaves it waiting: what holds
   is for a model or a person. A change pointed at in the conversation ("in the last PR") is one of this task.
3. "Always" and a step on what a project has one of (refl47's leftover): "always run the tests" gave "Always run the
   tests." but "always run the linter" and "always update the changelog" nothing, and so did their "every time" and
   "remember to" forms. The linter, the formatter, the build, the changelog, the readme, the lockfile are the project's
   one; "always update the code", "always fix the linter", "always skip the linter" still give nothing.
4. The reminder asked politely (refl47's leftover): "Remember to use pnpm." gave "Always use `pnpm`." but "can you
   remember to use pnpm" nothing. A step of this task asked that way ("can you remember to fix the header", "… for this
   one") still gives nothing.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import ONE_DAY
from altimate_learn.reflect.providers.builtin.rules import BUT_AFTER


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
    "always run the tests until end of day",  # check48 C48-3
    "always run the tests till EOD",
    "always run the tests for the rest of the day",
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
    # today as the date, a value (check48 C48-3)
    ("always default the date picker to today", "Always default the date picker to today."),
    ("never let users pick a delivery date before today", "Never let users pick a delivery date before today."),
    ("use `date.today()` instead of `datetime.now().date()`", "Use `date.today()` instead of `datetime.now().date()`."),
])
def test_the_day_outside_the_rule_keeps_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 2. what is said after a rule in its sentence -----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("use uv instead of pip, but whatever", "Use `uv` instead of `pip`."),
    ("always run the tests before pushing, but whatever", "Always run the tests before pushing."),
    ("use pnpm instead of npm, not that it matters now", "Use `pnpm` instead of `npm`."),
    ("use pnpm instead of npm, but thanks anyway", "Use `pnpm` instead of `npm`."),
    ("use pnpm instead of npm, but otherwise great work", "Use `pnpm` instead of `npm`."),
    ("use pnpm instead of npm, as discussed", "Use `pnpm` instead of `npm`."),
    ("use pnpm instead of npm, obviously", "Use `pnpm` instead of `npm`."),
    ("always squash commits, unlike the last PR", "Always squash commits."),
    # a hedge said last, read as said first ("maybe use pnpm instead of npm")
    ("use pnpm instead of npm, maybe", "Use `pnpm` instead of `npm`."),
    ("use pnpm instead of npm, probably", "Use `pnpm` instead of `npm`."),
])
def test_chatter_after_the_rule_is_no_part_of_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lesson"), [
    ("dont use npm. we use pnpm, but only in the frontend", "Use `pnpm` instead of `npm`, but only in the frontend."),
    ("why npm? we use pnpm only in the frontend", "Use `pnpm` instead of `npm`, only in the frontend."),
    ("dont use npm, we use pnpm except in the docs site", "Use `pnpm` instead of `npm`, except in the docs site."),
    ("use pnpm only in the frontend", "Use `pnpm` only in the frontend."),
    ("use pnpm instead of npm, but not in the docs folder", "Use `pnpm` instead of `npm`, but not in the docs folder."),
])
def test_the_rules_limit_is_its_scope_after_the_whole_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lesson"), [
    # what to do instead, after "but", is the ban's own; only the ban is said plainly enough to keep
    ("don't use npm but yarn", "Use `yarn` instead of `npm`."),  # (refl49: "not X but Y" between two tools of one job)
    ("never use floats for money but Decimal", "Use `Decimal` instead of `float` for money."),  # (refl49)
    ("don't use moment but dayjs instead", "Use `dayjs` instead of `moment`."),
    ("never use any but prefer unknown", "Use `unknown` instead of `any`."),  # (refl50: "but prefer" the one thing)
    ("don't use var, but const or let", "Never use `var`."),
    ("don't use npm, but use pnpm", "Use `pnpm` instead of `npm`."),
])
def test_no_but_is_glued_to_a_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "always run the tests, but skip them for docs-only changes",
    "use pnpm instead of npm, but leave the docs site on npm",
    "always squash commits, but keep the merge commits on release branches",
    "use pnpm instead of npm, but the docs site uses npm",
    "never push to main, but hotfixes are the exception",
    "never use print, but in scripts it's fine",
    "use pnpm instead of npm, but this is a one-off",
    "use pnpm instead of npm, but it's your call",
    "use pnpm instead of npm, but I'm not sure",
    "use pnpm instead of npm, but let me check with the team first",
    "use pnpm instead of npm, but whatever you prefer",
    "always run the tests before pushing, but not now",
])
def test_a_but_that_excepts_or_takes_it_back_leaves_it_waiting(typed: str) -> None:
    assert _read(typed) == ([], f"no standing rule: {BUT_AFTER}")


@pytest.mark.parametrize("typed", [
    "use pnpm instead of npm, probably not",  # check48 on a22f9034: glued as "…, probably not."
    "use pnpm instead of npm, obviously not",
    "use pnpm instead of npm, or not",
    "use pnpm instead of npm, unlike the backend",  # where it may not hold
    "use pnpm instead of npm, unlike what the docs say",
])
def test_a_rule_doubted_or_set_against_another_part_after_it_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize("typed", [
    "use pnpm instead of npm in the last PR",
    "never use print in the last PR",
    "always run the tests before pushing in the last PR",
])
def test_a_change_pointed_at_in_the_conversation_is_one_of_this_task(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. "always" and a step on what a project has one of -------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("always run the linter", "Always run the linter."),
    ("always update the changelog", "Always update the changelog."),
    ("always run the formatter", "Always run the formatter."),
    ("always update the readme", "Always update the readme."),
    ("always update the lockfile", "Always update the lockfile."),
    ("don't forget to run the linter every time", "Always run the linter."),
    ("always remember to update the changelog", "Always update the changelog."),
    ("never forget to run the formatter", "Always run the formatter."),
])
def test_always_and_a_step_on_the_projects_one_thing_is_a_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "always update the code",  # which code?
    "always update the branch",
    "always fix the linter",  # a repair, done once
    "always remove the changelog",
    "always skip the linter",
    "always run the linter for now",
    "always run the linter?",
    "do you always run the linter?",
    "I always run the linter",  # the person's own habit, said of themselves
])
def test_look_alikes_of_always_on_the_projects_one_thing_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. the reminder asked politely ----------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "can you remember to use pnpm",
    "could you please remember to use pnpm",
    "would you remember to use pnpm",
])
def test_a_reminder_asked_politely_is_the_reminder(typed: str) -> None:
    assert _rules(typed) == ["Always use `pnpm`."]


@pytest.mark.parametrize("typed", [
    "can you remember what we use?",
    "can you remember to use pnpm for this one",
    "can you remember to fix the header",
    "can you remember to delete the temp file",
])
def test_a_step_asked_as_a_reminder_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []
