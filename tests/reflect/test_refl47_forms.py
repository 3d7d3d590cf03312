"""refl47 (session #29): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. What the agent ought to have done ("you should have used pnpm", "should've run the linter before pushing"): gave
   nothing, or a wrong lesson ("you should have used pnpm instead of npm" gave "Use have used `pnpm` instead of `npm`.",
   "you shouldn't have deleted the tests" gave "Never have deleted the tests."). Now read as the order it carries, which
   the rules read as ever: a step of this task ("you should have run the tests") still gives nothing, and "you shouldn't
   have …" (one act regretted) gives nothing; nor does the team's own regret ("we should have used jest") or one said
   too late or taken back ("… in hindsight", "sorry, pnpm was right"; check47 C47-5).
2. The team's tool said the ways people say it: "We use Poetry for this project." and "we're using pnpm" gave nothing
   where "we use poetry in this repo" and "we are using pnpm" gave "Use `poetry`." / "Use `pnpm`."; "please use `pnpm`
   instead" gave nothing where "please use pnpm instead" gave "Use `pnpm`." (a tool's own name in backticks is that
   tool; other code in backticks may be one file or value of this task and still gives nothing).
3. An order said to hold every time: "don't forget to run the tests every time" and "update the docs whenever you change
   the API" gave nothing; an "every time" is an "always", and what the order is on is read as for any "always" ("fix the
   header every time" still gives nothing, as "always fix the header" does). How one part behaves ("make the modal close
   on escape every time") and what another way does ("… instead of writing a new one every time") are no such order.
4. The team's move from one tool to another of its job: "we switched from jest to vitest", "I thought we replaced redux
   with zustand" gave nothing; now "Use `vitest` instead of `jest`." / "Use `zustand` instead of `redux`.". Said of one
   part, for now or in part, in progress, of things that are no tools, or of languages, it gives nothing.
5. A tool's name in a lesson's code span is spelled as the tool is run: "Why are you using NPM? We use PNPM." gave "Use
   `PNPM` instead of `NPM`.", "Use Poetry instead of Pip." "Use `Poetry` instead of `Pip`."; now lower case, as "We use
   PNPM, not NPM." already gave. Code that is no tool keeps its case (`Decimal`, `Any`), and so do languages.
6. A reminder said to hold every time: "always remember to run the tests" and "never forget to run the linter before
   pushing" gave nothing; now "Always run the tests." / "Always run the linter before pushing.". "could you please
   remember to …" reads as "remember to …" does. What the order is on is read as for any "always".
7. A ban asked politely, then the team's own tool: "could you please stop using npm? we use pnpm" gave two lessons,
   "Never use `npm`." and "Use `pnpm`."; now "Use `pnpm` instead of `npm`.", as "dont use npm. we use pnpm" gives.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. what the agent ought to have done ------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("you should have used pnpm instead of npm", "Use `pnpm` instead of `npm`."),
    ("You should've used yarn, not npm.", "Use `yarn` instead of `npm`."),
    ("shouldve used uv instead of pip", "Use `uv` instead of `pip`."),
    ("you should've used pnpm", "Use `pnpm`."),
    ("you should have run the linter before pushing", "Run the linter before pushing."),
    ("you should've run the tests before committing", "Run the tests before committing."),
    ("you really should have asked before deleting files", "Ask before deleting files."),
])
def test_what_the_agent_ought_to_have_done_is_the_order_it_carries(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "you should have run the tests",  # a step of this task
    "you should've run the tests first",  # before what is not in the words
    "you should have used the helper",  # which helper only the conversation says
    "you should have used a map here",
    "you should have told me",
    "you shouldn't have deleted the tests",  # one act regretted (gave "Never have deleted the tests.")
    "you should not have touched the config",
    "the status bar should have been white",  # a report of how one part looks
    "it should have failed on the empty input",
    "should we have used pnpm?",  # a question
    # the team's own regret, or said too late or taken back (check47 C47-5: each gave the regretted choice as a rule)
    "we should have used jest instead of vitest",
    "we should have added a migration for every new column",
    "you should have used jest instead of vitest in hindsight",
    "you should have used jest instead of vitest, too late now",
    "no wait, you should have used npm, not pnpm. sorry, pnpm was right",
])
def test_what_ought_to_have_been_done_once_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 2. the team's tool, said for this project, with "we're", in backticks ---------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("We use Poetry for this project.", "Use `poetry`."),
    ("we use poetry for this repo", "Use `poetry`."),
    ("we use pnpm for this project, not npm", "Use `pnpm` instead of `npm`."),
    ("we're using pnpm", "Use `pnpm`."),
    ("We're using yarn for this codebase.", "Use `yarn`."),
    ("pip is not allowed for this project", "Never use `pip`."),
    ("please use `pnpm` instead", "Use `pnpm`."),
    ("use `uv` instead", "Use `uv`."),
    ("You should have used `pnpm`.", "Use `pnpm`."),
])
def test_the_teams_tool_said_for_this_project_or_in_backticks(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "we use poetry for this",  # this what: only the conversation says
    "we use poetry for this one",
    "we're using pnpm for this task",
    "we're using a lot of memory",  # no tool
    "we're using the old client",
    "are we using pnpm for this project?",  # a question
    "we're using pnpm, right?",
    "use `config.yaml` instead",  # one file of this task
    "use `fetchUser` instead",
    "use `black` instead",  # an everyday word too
])
def test_no_tool_or_no_choice_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. an order said to hold every time ------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("don't forget to run the tests every time", "Always run the tests."),
    ("remember to run the tests every time", "Always run the tests."),
    ("make sure to run the linter every single time", "Always run the linter."),
    ("please run prettier every time", "Always run `prettier`."),
    ("update the docs every time", "Always update the docs."),
    ("always run the tests every time", "Always run the tests."),
    ("remember to update the changelog whenever you change the API",
     "Always update the changelog when changing the API."),
    ("don't forget to add a migration every time you add a column", "Always add a migration when adding a column."),
])
def test_an_order_said_to_hold_every_time_is_an_always(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "fix the header every time",  # one thing of this task, as "always fix the header" is
    "click the button every time",
    "rerun it every time",
    "use it every time",
    "save the file every time",
    "ping me every time it finishes",
    "it crashes every time",  # a report
    "the build fails every time",
    "make the modal close on escape every time",  # how one part behaves
    "make the button blue every time",
    "remember to run the tests",  # a step of this task: no "every time"
    "don't forget to update the changelog",
])
def test_every_time_with_no_standing_order_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. the team's move from one tool to another ----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("we switched from jest to vitest", "Use `vitest` instead of `jest`."),
    ("we migrated from jest to vitest last year", "Use `vitest` instead of `jest`."),
    ("We moved from npm to pnpm.", "Use `pnpm` instead of `npm`."),
    ("we've replaced flake8 with ruff here", "Use `ruff` instead of `flake8`."),
    ("we swapped moment for dayjs", "Use `dayjs` instead of `moment`."),
    ("I thought we replaced moment with date-fns?", "Use `date-fns` instead of `moment`."),
    ("didn't we replace requests with httpx?", "Use `httpx` instead of `requests`."),
    ("wait, we switched from jest to vitest, why are you writing jest tests?", "Use `vitest` instead of `jest`."),
    # "hm" as "hmm" is (review47 R47-3's interjection, with no comma after it)
    ("hm I thought we replaced redux with zustand", "Use `zustand` instead of `redux`."),
    ("hm we switched from jest to vitest", "Use `vitest` instead of `jest`."),
])
def test_the_teams_move_from_one_tool_to_another(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "we replaced the old client with the new one",  # no tools
    "we replaced jest with vitest in the settings page",  # one part
    "we replaced jest with vitest only in the api package",
    "we moved from npm to pnpm, but the docs still use npm",  # in part
    "we switched from jest to vitest for now",  # for a while
    "we're switching from jest to vitest",  # in progress
    "we haven't switched from jest to vitest yet",
    "should we switch from jest to vitest?",  # a question of what to do
    "we moved from AWS to GCP",  # no tools of one job the reflector knows
    "we moved from python to go",  # languages: what one part is written in may differ
    "we replaced jest with vitest and it broke the snapshots",  # a report
])
def test_a_move_of_one_part_or_in_part_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 5. a tool's name spelled as it is run ----------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("Why are you using NPM? We use PNPM.", "Use `pnpm` instead of `npm`."),
    ("Use Poetry instead of Pip.", "Use `poetry` instead of `pip`."),
    ("can you use Vitest instead of Jest please", "Use `vitest` instead of `jest`."),
    ("we use Pydantic for validation", "Use `pydantic` for validation."),
    # no tool: the case is the code's
    ("use `Decimal` instead of float for money", "Use `Decimal` instead of `float` for money."),
    ("Why Python? We use Go.", "Use `Go` instead of `Python`."),
])
def test_a_tools_name_is_spelled_as_it_is_run(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 6. a reminder said to hold every time ----------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("always remember to run the tests", "Always run the tests."),
    ("never forget to run the linter before pushing", "Always run the linter before pushing."),
    ("please always remember to run prettier", "Always run `prettier`."),
    ("don't ever forget to run the tests", "Always run the tests."),
    ("could you please remember to run the tests before committing", "Run the tests before committing."),
])
def test_a_reminder_said_to_hold_every_time(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "always remember to fix the header",  # one thing of this task
    "never forget to restart the server",
    "could you remember to run the tests",  # a step of this task
    "I never forget to run the tests",  # about the person
    "we never forget to run the tests",
])
def test_a_reminder_of_one_step_stays_open(typed: str) -> None:
    assert _rules(typed) == []


# --- 7. a ban asked politely, then the team's own tool ----------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lessons"), [
    ("could you please stop using npm? we use pnpm", ["Use `pnpm` instead of `npm`."]),
    ("can you stop using axios? we have apiClient", ["Use `apiClient` instead of `axios`."]),
    ("could you stop using moment? we use date-fns here", ["Use `date-fns` instead of `moment`."]),
    # the ban alone, or with a reason that names no tool, is the ban
    ("could you please stop using npm?", ["Never use `npm`."]),
    ("could you stop using npm? it's slow", ["Never use `npm`."]),
])
def test_a_ban_asked_politely_then_the_teams_tool(typed: str, lessons: list[str]) -> None:
    assert _rules(typed) == lessons
