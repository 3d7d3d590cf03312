"""ask50 (session #32, issue 20): how people really correct an agent, by question, reminder and complaint, restated as the
rule they carry. Every message here is our own wording (the forms came from real Claude/Codex sessions review50 saw).

1. A question about the tool the agent kept, then the team's tool: "why is it still npm? this repo uses pnpm everywhere,
   I told you last week" and "why are you still using flake8?? we switched the repo to ruff a while ago" gave nothing.
   "why is it/this still X?", "why still X?", "why are you still on X?", "still X??" ask about X as kept; the team's one
   tool of X's job said next ("we use Y", "this repo uses Y (everywhere)", "we're on Y", "we switched (this repo) to Y
   (months ago)") replaces it: "Use `pnpm` instead of `npm`.". A recall after the team's way (", I told you yesterday",
   ", like I said", ", remember?") only repeats it. Nothing else after "still X?" makes X the replaced tool: a question
   alone, someone else's repo or team, a plan, a maybe, a condition, a one-off ("for the demo", "in the scripts only"),
   or a tool of another job.
2. A reminder of a standing step added after the task: "and don't forget to run mypy before telling me it's finished,
   like last time", "also, remember to run ruff before you say it's done", "pls remember to run cargo fmt before saying
   it's done" gave nothing ("please remember to …" alone gave the rule): "and", "also", "oh and", "so", "plus", "btw"
   and "pls"/"plz" before "remember"/"don't forget" open the same reminder. What it reminds of is read as before: a
   step with a time that comes back ("before you say it's done", "before committing") is a rule; a step of this task
   ("push when you're done", "run the migrations"), one time ("today", "just this once", "this time"), someone else, a
   question, a condition, or the past stays open.
3. A complaint that restates the team's choice: "again with yarn. pnpm." and "pip AGAIN. uv." gave nothing; "again
   with X." / "X again." (as "X again?" was) asks about X, and the one tool of X's job named alone next, or the team's
   way, replaces it: "Use `pnpm` instead of `yarn`.". A complaint said last ("it's uv here, not pip, how many times",
   "use uv, not pip, for the third time", "…, I told you") is the reminder said first: it gave nothing or kept the
   complaint in the rule ("Use `pnpm` instead of `npm`, how many times."). The complaint alone, a sigh, someone
   quoted, a one-off, a maybe, a report, a real question ("…, how many times?") or a tool of another job gives nothing.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. "why is it still X?" and the team's tool ------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why is it still npm? this repo uses pnpm everywhere, I told you last week", "Use `pnpm` instead of `npm`."),
    ("why are you still using flake8?? we switched the repo to ruff a while ago", "Use `ruff` instead of `flake8`."),
    ("why is it still yarn? we use pnpm", "Use `pnpm` instead of `yarn`."),
    ("why is this still using moment? we're on dayjs", "Use `dayjs` instead of `moment`."),
    ("why still mocha? we switched to vitest last month", "Use `vitest` instead of `mocha`."),
    ("why are you still on pip? this project uses uv", "Use `uv` instead of `pip`."),
    ("hm, why is it still webpack? this codebase uses vite", "Use `vite` instead of `webpack`."),
    ("still unittest?? we use pytest", "Use `pytest` instead of `unittest`."),
    ("why are you using axios? this repo uses fetch, I told you already", "Use `fetch` instead of `axios`."),
    ("why did you pick pylint? we use ruff, like I said", "Use `ruff` instead of `pylint`."),
    ("why are you still using marshmallow? we use pydantic, as I said before", "Use `pydantic` instead of `marshmallow`."),
    ("why are you still using pandas? we switched to polars, remember?", "Use `polars` instead of `pandas`."),
    ("why are you using yarn? we switched this project over to pnpm", "Use `pnpm` instead of `yarn`."),
    ("why's it still prettier? we moved to biome a few weeks ago", "Use `biome` instead of `prettier`."),
])
def test_a_tool_kept_then_the_teams_tool(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "why is it still pnpm?",  # asks only
    "why are you still using poetry?",
    "why is it still poetry? Dana's repo uses uv",  # someone else's
    "why is it still poetry? the data team uses uv",
    "why is it still poetry? we used uv in the old repo",  # the past, elsewhere
    "why are you still using poetry? we could switch to uv",  # a maybe
    "why are you still using poetry? should we switch to uv?",
    "why is it still poetry? they use uv",
    "why are you still using poetry? I thought we use uv",
    "why are you still using poetry? we use uv, right?",  # asks whether
    "why is it still poetry? we switched to uv but poetry is fine here",  # taken back
    "why are you still using poetry? we might switch this repo to uv next month",  # a plan
    "why is it still poetry? we will switch this repo to uv",
    "why is it still poetry? we switched this repo to uv and it broke the build",  # a report
    "why is it still poetry? if the lock fails we use uv",  # a condition
    "why is it still poetry? we switched that app to uv",  # maybe another app (check50)
])
def test_a_kept_tool_without_the_teams_way_stays_open(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize("typed", [
    "why is it still poetry? we use uv in the scripts only",  # one part, as before
    "why is it still poetry? we switched to uv for the demo",  # a one-off
    "why is it still black? we use dark mode",  # another job: black is a colour here
    "why is that still pending? we use uv",  # no tool kept
    "why is it still poetry? great, we use uv",
])
def test_a_kept_tool_is_not_replaced_by_anything_else(typed: str) -> None:
    assert not any("instead of" in lesson for lesson in _rules(typed))


# --- 2. a reminder of a standing step, added after the task ------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("and don't forget to run mypy before telling me it's finished, like last time",
     "Run `mypy` before reporting the work as done."),
    ("also, remember to run ruff before you say it's done", "Run `ruff` before reporting the work as done."),
    ("pls remember to run cargo fmt before saying it's done", "Run `cargo fmt` before reporting the work as done."),
    ("oh and don't forget to run the tests before committing, as always", "Run the tests before committing."),
    ("and don't forget, run pyright before telling me it's done", "Run `pyright` before reporting the work as done."),
    ("so remember to run eslint before you push", "Run `eslint` before pushing."),
    ("btw remember to update the changelog when you add a command", "Update the changelog when adding a command."),
    ("plus don't forget to bump the version before tagging a release", "Bump the version before tagging a release."),
    ("and please remember to run black before committing", "Run `black` before committing."),
    ("and remember, the fixtures folder is read-only for us", "The fixtures folder is read-only."),
])
def test_a_reminder_added_after_the_task(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "and remember to push when you're done",  # this task's end
    "also don't forget to run the migrations",  # a step of this task
    "and don't forget to run ruff, like last time",  # no time it comes back
    "and remember, Dana runs ruff before she says it's done",  # someone else
    "also don't forget to run ruff before telling me it's done today",  # one time
    "so remember to run ruff before you tell me it's done this time",
    "and don't forget to run ruff before telling me it's done, just this once",
    "and remember to run ruff before you tell me it's done?",  # asks
    "and I always forget to run ruff before saying it's done",
    "also, remember when you ran ruff before telling me it was done?",  # the past
    "and if it fails, remember to run ruff before you tell me it's done",  # a condition
    "and remember to run ruff before you told me it was done yesterday",
    "also don't forget to send me the link when you're done, like last time",
    "and remember to delete the temp branch before you tell me it's done",
    "and you forgot to run ruff before telling me it was done, like last time",  # one slip
    "plus do you remember to run ruff before saying it's done?",
    "so remember that time you ran ruff before telling me it's done",
    "and he never remembers to run ruff before he says it's done",
    "btw don't forget to run ruff",
    "and remember, the seed stays 42 this week",
])
def test_a_reminder_without_a_standing_step_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. a complaint that restates the team's choice ----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("again with yarn. pnpm.", "Use `pnpm` instead of `yarn`."),
    ("pip AGAIN. uv.", "Use `uv` instead of `pip`."),
    ("ugh, jest again. vitest!", "Use `vitest` instead of `jest`."),
    ("mocha again. this repo uses vitest.", "Use `vitest` instead of `mocha`."),
    ("again with flake8. we use ruff", "Use `ruff` instead of `flake8`."),
    ("it's uv here, not pip, how many times", "Use `uv` instead of `pip`."),
    ("use uv, not pip, how many times", "Use `uv` instead of `pip`."),
    ("uv, not pip, how many times do I have to say it", "Use `uv` instead of `pip`."),
    ("use yarn, not npm, for the third time", "Use `yarn` instead of `npm`."),
    ("use vitest, not jest, I told you already", "Use `vitest` instead of `jest`."),
    ("never force-push to main, how many times", "Never force-push to main."),
])
def test_a_complaint_that_restates_the_choice(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "again with yarn.",  # the complaint alone
    "yarn again??",
    "again with yarn. sigh.",
    "again with yarn. Priya said it's fine.",
    "again with yarn. whatever.",
    "yarn again? pnpm is down today so fine",
    "again with yarn. pnpm for the demo.",  # a one-off
    "again with yarn. pnpm maybe?",  # a maybe
    "again, yarn. pnpm in Priya's repo.",  # someone else's
    "again with yarn. docker.",  # another job
    "again with the dropdown. pnpm.",  # no tool
    "how many times did you run it?",
    "how many times: three",
    "for the third time: the build is red",  # a report
    "you ran the suite, how many times?",  # a real question
    "push it, how many times",  # a step of this task
    "it's uv here, not pip?",
    "again with yarn. pnpm broke the lockfile.",
    "yarn again. we'll switch to pnpm next month",  # a plan
    "yarn again. Priya uses pnpm.",
])
def test_a_complaint_without_the_teams_choice_stays_open(typed: str) -> None:
    assert _rules(typed) == []
