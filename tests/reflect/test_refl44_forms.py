"""refl44 (session #26): the built-in reflector on how people complain, remind and ask when they correct an agent.
Every message here is our own wording.

1. review43 R43-2's wording: a ban keeps the person's scope words only when they make sense in the rule. "everywhere",
   "all the time", "all over the place", "again and again", "in every file" say how often or how widely the agent did
   what the person complains of: "Never use `Any` everywhere." would allow `Any` somewhere. A nod asked at the end of
   an order ("…, ok?", "…, got it?") asks no question of what to do.
2. A condition said first that names a kind of work the agent does again and again ("before every commit, run the
   linter", "when adding a new endpoint, add an integration test", "whenever you add a dependency, run uv lock") is the
   standing rule said after its step already gave ("Run the linter before every commit."); a moment of this task ("when
   you're done, …", "after that, …", "when adding the endpoint, …") and a record of the product ("when adding a new user,
   send a welcome email") are not.
3. A dislike the person says of a kind of code in their own words ("I don't like files just for types", "I don't want
   circular imports", "i hate default exports": a real dev correction said the first) is the rule to keep away from it,
   as "I'm not a fan of nested ternaries" already was; one thing of this task, a look, a verb or a mass noun is not.
4. review44 R44-3: a Python module run is one code span ("never bare `python3 -m pytest`"); a way of working recalled
   with "I told you before:" keeps its whole object ("keep type hints on public functions"); "tabs not spaces in the
   Makefile"; "we moved to date-fns months ago" after a question about "moment.js".
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. the complaint's size is no part of the ban ---------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("stop using `Any` everywhere", "Never use `Any`."),
    ("don't use Any everywhere", "Never use `Any`."),
    ("pls stop using `Any` all over the place", "Never use `Any`."),
    ("stop using print statements all the time", "Never use print statements."),
    ("stop constantly using `Any`", "Never use `Any`."),
    ("stop using npm again and again", "Never use `npm`."),
    ("stop using `Any` in every file", "Never use `Any`."),
    ("stop using magic numbers all over the place", "Never use magic numbers."),
    ("stop using relative imports everywhere", "Never use relative imports."),
    ("stop adding #[allow(unused)] everywhere", "Never add `#[allow(unused)]`."),
    ("dude stop putting console.log everywhere", "Never add `console.log`."),
    # said as a complaint of what the agent keeps doing, or as a question of why it does it so much
    ("you keep using `Any` everywhere", "Never use `Any`."),
    ("you keep using Any all over the code", "Never use `Any`."),
    ("you're constantly adding print statements everywhere", "Never add print statements."),
    ("why are you using `Any` everywhere?", "Never use `Any`."),
    ("why do you put console.log all over the place??", "Never add `console.log`."),
    # with the person's feelings around it
    ("omg stop using `Any` everywhere", "Never use `Any`."),
    ("stop using `Any` everywhere for god's sake", "Never use `Any`."),
    ("stop using `Any` everywhere ffs", "Never use `Any`."),
    ("stop using `Any` everywhere please", "Never use `Any`."),
    ("for the 100th time, stop using `Any` everywhere", "Never use `Any`."),
    # where it holds, said after the size, stays
    ("stop using `Any` everywhere in the handlers", "Never use `Any` in the handlers."),
])
def test_the_complaints_size_is_dropped_from_a_ban(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "stop asking me questions all the time",  # how often is the point: "Never ask questions." would be wrong
    "don't run the full test suite all the time",  # ("Never run the full test suite." forbids what the person wants less of)
    "stop adding comments everywhere",  # which comments to keep is the point, not "Never add comments."
    "why are you using it everywhere?",  # what "it" is only the conversation says
    "why are you using the old client everywhere?",  # one thing of this task
    "why are you using `Any`?",  # a question of one choice, no complaint of a habit
])
def test_a_ban_whose_size_is_the_point_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    # a scope that makes sense in the rule stays: a positive rule's "everywhere", a ban's "anywhere"
    ("always use `uv` everywhere", "Always use `uv` everywhere."),
    ("use httpx instead of requests everywhere", "Use `httpx` instead of `requests` everywhere."),
    ("never use `Any` anywhere", "Never use `Any` anywhere."),
    ("stop using `Any`", "Never use `Any`."),
])
def test_a_scope_that_makes_sense_in_the_rule_stays(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 1b. a nod asked for at the end of an order ------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("don't use `Any` ok?", "Never use `Any`."),
    ("don't use `Any`, right?", "Never use `Any`."),
    ("never use `Any` again ok?", "Never use `Any`."),
    ("always run the linter before pushing, got it?", "Always run the linter before pushing."),
    ("stop using `Any` everywhere, understood?", "Never use `Any`."),
])
def test_a_nod_asked_after_an_order_is_no_question(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "use zod, right?",  # may ask which to use
    "don't use `Any`?",  # asks
    "why did you use npm, ok?",
    "we use pnpm, right?",
    "is it ok?",
])
def test_a_question_that_asks_stays_a_question(typed: str) -> None:
    assert _rules(typed) == []


# --- 2. a condition of recurring work said first ----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("before every commit, run the linter", "Run the linter before every commit."),
    ("before committing, run the linter", "Run the linter before committing."),
    ("whenever you commit, run the linter", "Run the linter before committing."),
    ("before you push, run the tests", "Run the tests before pushing."),
    ("after every change, run the tests", "Run the tests after every change."),
    ("whenever you add a dependency, run uv lock", "Run `uv lock` when adding a dependency."),
    ("when adding a new endpoint, add an integration test", "Add an integration test when adding a new endpoint."),
    ("when you add a new endpoint, always add an integration test",
     "Always add an integration test when adding a new endpoint."),
    ("when adding a new column, add a migration", "Add a migration when adding a new column."),
    ("when adding a new env var, update .env.example", "Update `.env.example` when adding a new env var."),
    # the step done to "it", the new thing the condition names
    ("when you add a new env var, add it to .env.example", "Add every new env var to `.env.example`."),
    ("when you create a new component, export it from index.ts", "Export every new component from `index.ts`."),
])
def test_a_condition_of_recurring_work_said_first(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "when you're done, run the tests",  # a moment of this task
    "after that, run the tests",
    "before you go, update the readme",
    "when adding the endpoint, add an integration test",  # this task's endpoint
    "before deploying, add the env var",  # this task's env var, before the deploy
    "when adding a new user, send a welcome email",  # what the product does with its records
    "send a welcome email when adding a new user",
    "when you create a new invoice, add a line item",
    "when you add a new migration, never edit an old one",  # "one" is the condition's
    "when you add a new feature, can you also add tests?",  # a request
    "when adding a new endpoint, I usually add a test",  # how one person works
    "when I add a new endpoint, do I need to add a test?",  # a question that only asks
    "when you open the settings page, the save button is grey",  # what a screen shows
    "when adding a new item to the cart, the total shows 0",
    "when creating a new project, it crashes",  # a bug report
])
def test_a_moment_of_this_task_or_of_the_product_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. a dislike of a kind of code -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("I dont like files just for types.", "Avoid files just for types."),
    ("I don't want circular imports.", "Avoid circular imports."),
    ("I don't like default exports", "Avoid default exports."),
    ("i hate default exports", "Avoid default exports."),
    ("i dont like inline styles", "Avoid inline styles."),
    ("I don't want mocks in the integration tests", "Avoid mocks in the integration tests."),
    ("I don't want global variables", "Avoid global variables."),
    ("I'm not a fan of the nested ternaries, can we go back to if/else", "Avoid nested ternaries."),  # refl26's, kept
])
def test_a_dislike_of_a_kind_of_code(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "I don't like the colors",  # this task's look
    "I don't like the colors in the sidebar",
    "I don't like how the header looks",
    "I don't want to have more products just for unit amount",  # a verb: what this task should do
    "I don't want tests for this",  # this task
    "I don't want buttons in the header",  # a part of the screen
    "I don't want popups",
    "i dont want the android version to be connected and dependant on the server",
    "I don't like it",
    "do you like default exports?",  # a question that only asks
])
def test_a_dislike_of_this_tasks_things_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. review44 R44-3 ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("no, use uv run pytest, never bare python3 -m pytest", "Use `uv run pytest`, never bare `python3 -m pytest`."),
    ("always run python3 -m pytest", "Always run `python3 -m pytest`."),
    ("use python -m pytest instead of pytest", "Use `python -m pytest` instead of `pytest`."),
    ("I told you before: keep type hints on public functions", "Always keep type hints on public functions."),
    ("I told you to keep handlers thin", "Always keep handlers thin."),  # how, after what is kept (kept)
    ("nope, tabs not spaces in the Makefile", "Indent with tabs, not spaces, in the `Makefile`."),
    ("tabs in the Makefile", "Indent with tabs in the `Makefile`."),
    ("why are you using moment.js? we moved to date-fns months ago", "Use `date-fns` instead of `moment.js`."),
    ("why are you using requests? we switched to httpx last month", "Use `httpx` instead of `requests`."),
    ("we switched to pnpm two years ago", "Use `pnpm`."),
])
def test_review44_r44_3_forms(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "I told you before: keep the button blue",  # one thing of this task
    "I told you before: restart the server",  # a step
    "I told you before: keep it simple",
    "why are you using moment? we moved to the new office months ago",
])
def test_review44_r44_3_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []
