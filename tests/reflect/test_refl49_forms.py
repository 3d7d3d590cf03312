"""refl49 (session #31): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A ban and the team's tool named by its job's verb: "would you stop using print? we log with structlog" gave two
   lessons ("Never use `print`." + "Log with `structlog`."), "stop using print, we log with structlog" only the ban; one
   lesson says both: "Log with `structlog` instead of `print`.". Only when the tool does the job the verb names
   (vocabulary.TOOL_FAMILIES) and the banned one does it too, or is printing for logging: "stop using print, we test
   with pytest" names no one job and stays the ban. "don't use npm but pnpm" gave "Never use `npm`." (pnpm dropped):
   "not X but Y" between two tools of one job is "Use `pnpm` instead of `npm`.".
2. A nod asked after the team's tool: "you used npm again, we use pnpm, ok?" gave nothing (read as a question). "ok?",
   "got it?", "understood?" after "we use X" ask for a nod, as after an order (refl44); "we use pnpm, right?" may ask
   whether it does and stays a question (check47 C47-8), as do "we'll use pnpm, ok?" and "let's use pnpm, ok?" (a
   proposal for this task).
3. Where a ban holds, and how widely the team uses a tool: "we don't use requests in the app, it's httpx" gave "Use
   `httpx` instead of `requests`." ("in the app" read as "here"); it keeps its scope now ("in this app" is here). "why
   did you use requests? it's httpx everywhere" gave "Use `httpx` everywhere instead of `requests`.": "everywhere" says
   how widely the team uses httpx, no part of the rule ("use httpx instead of requests everywhere" keeps it).
4. A grant of another thing after a ban: "never commit .env files, but do commit .env.example" and "never log passwords,
   but you can log the user id" waited (refl48: anything after "but" but a limit or what to use instead). Another thing
   granted with the ban's own verb keeps the ban, with the grant: "Never commit `.env` files, but do commit
   `.env.example`.". An exception of the banned thing itself ("…, but you can log them hashed", "… password hashes"),
   another verb, or a condition still waits.
5. The team's language after the agent wrote in another: "why did you write this in python? we use Go here" and "why is
   this in python? we're a Go shop" gave nothing ("why python? we use go" gave "Use `go` instead of `python`."); the
   language written in, asked about or told ("you wrote it in python."), is replaced by the one the team says it uses or
   is a shop of. Alone, "we use Go here" and "we're a Go shop" still give nothing.
(check49 C49-10 on 2.: the nod after "we use X" that follows a comma counts only after what the agent did; "maybe use
pnpm, yeah?" waits; "just" is no subcommand. Its rest: the team's way said after a condition or a time, "if it fails,
we use pnpm", "when we deploy tomorrow, we use pnpm", gave "Use `pnpm`." on 6f725cef; said for when something happens,
it now gives nothing; "whenever …" holds each time.)
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.rules import BUT_AFTER


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. a ban, then the team's tool for that job -----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("would you stop using print? we log with structlog", "Log with `structlog` instead of `print`."),
    ("stop using print, we log with structlog", "Log with `structlog` instead of `print`."),
    ("don't use print. we log with structlog everywhere", "Log with `structlog` instead of `print`."),
    ("please stop using console.log, we log through pino", "Log with `pino` instead of `console.log`."),
    ("stop using jest. we test with vitest", "Test with `vitest` instead of `jest`."),
    ("stop using black, we format with ruff", "Format with `ruff` instead of `black`."),
    ("why did you use print? we log with structlog", "Log with `structlog` instead of `print`."),
    ("why are you using jest? we test with vitest here", "Test with `vitest` instead of `jest`."),
])
def test_a_ban_and_the_tool_for_its_job_make_one_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lessons"), [
    # the tool does another job than the one banned: the two stay apart, as before
    ("stop using print, we test with pytest", ["Never use `print`."]),
    ("stop using black, we lint with ruff", ["Never use `black`."]),
    ("stop using pytest. we log with structlog", ["Never use `pytest`.", "Log with `structlog`."]),
    ("why did you use pytest? we log with structlog", ["Log with `structlog`."]),
    # no tool named after the verb
    ("stop using print, we log with care", ["Never use `print`."]),
    ("we log with structlog", ["Log with `structlog`."]),
])
def test_a_tool_of_another_job_replaces_nothing(typed: str, lessons: list[str]) -> None:
    assert _rules(typed) == lessons


@pytest.mark.parametrize("typed", [
    "I stopped using print, we log with structlog",  # the person's own past
    "he said stop using print, we log with structlog",  # someone quoted
    "stop using print in this script, we log with structlog",  # one file of this task
])
def test_a_ban_told_of_or_for_one_file_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


# --- 1b. "not X but Y" --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("don't use npm but pnpm", "Use `pnpm` instead of `npm`."),
    ("dont use requests, but httpx", "Use `httpx` instead of `requests`."),
    ("don't use npm but use pnpm", "Use `pnpm` instead of `npm`."),
    ("never use moment but dayjs", "Use `dayjs` instead of `moment`."),
    ("not npm but pnpm", "Use `pnpm` instead of `npm`."),
])
def test_not_one_tool_but_another_is_the_choice(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lessons"), [
    ("don't use npm but docker", ["Never use `npm`."]),  # not one job: the ban alone, as before
    ("don't use npm but whatever", []),  # a shrug after "but" still leaves it open
    ("don't use npm but pnpm for this one", []),  # this task's choice
    ("not npm but the script", []),  # no tool
    ("it's not npm but pnpm", []),  # what one thing is, not a choice said as a rule
    ("I didn't use npm but pnpm", []),  # past narration
    ("did you use npm but pnpm", []),  # a question
])
def test_not_x_but_y_look_alikes(typed: str, lessons: list[str]) -> None:
    assert _rules(typed) == lessons


# --- 2. a nod asked after the team's tool ------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("you used npm again, we use pnpm, ok?", "Use `pnpm` instead of `npm`."),
    ("why npm? we use pnpm, okay?", "Use `pnpm` instead of `npm`."),
    ("we always use uv, understood?", "Always use `uv`."),
    ("this repo uses pnpm, got it?", "Use `pnpm`."),
])
def test_a_nod_asked_after_the_team_tool_is_no_question(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "you used npm again, we use pnpm, right?",  # may ask whether it does
    "we use pnpm, yeah?",
    "we use pnpm, is that ok?",
    "we'll use pnpm, ok?",  # a proposal for this task
    "let's use pnpm, ok?",
    "can we use pnpm, ok?",
    "I told him we use pnpm, ok?",  # told someone else
    "we used pnpm, ok?",  # past narration
])
def test_a_team_tool_asked_about_stays_a_question(typed: str) -> None:
    assert _read(typed) == ([], "no rule in it: a question; what it asks about is in the conversation")


# --- 3. a ban's scope, and how widely the team uses a tool -------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("we don't use requests in the app, it's httpx", "Use `httpx` instead of `requests` in the app."),
    ("remember we don't use requests in the app, it's httpx", "Use `httpx` instead of `requests` in the app."),
    ("we don't use requests in this app, it's httpx", "Use `httpx` instead of `requests`."),
    ("we don't use requests in this codebase, it's httpx everywhere", "Use `httpx` instead of `requests`."),
    ("why did you use requests? it's httpx everywhere", "Use `httpx` instead of `requests`."),
    ("why did you use requests? we use httpx everywhere", "Use `httpx` instead of `requests`."),
    ("you used requests again, we use httpx everywhere", "Use `httpx` instead of `requests`."),
    ("why requests? we use httpx everywhere", "Use `httpx` instead of `requests`."),
    # said of the rule itself, "everywhere" and a part stay
    ("use httpx instead of requests everywhere", "Use `httpx` instead of `requests` everywhere."),
    ("why did you use requests? it's httpx in the backend", "Use `httpx` in the backend instead of `requests`."),
])
def test_the_ban_keeps_its_scope_and_drops_how_widely(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "we use httpx everywhere",  # no choice against another
    "we didn't use requests in the app, it was httpx",  # past narration
    "did we use requests in the app? it's httpx, right?",  # asked
])
def test_a_tool_told_of_without_a_choice_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. a grant of another thing after a ban ---------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("never commit .env files, but do commit .env.example",
     "Never commit `.env` files, but do commit `.env.example`."),
    ("don't commit .env files but do commit .env.example",
     "Never commit `.env` files, but do commit `.env.example`."),
    ("never log passwords, but you can log the user id", "Never log passwords, but you can log the user id."),
    ("never commit secrets, but do commit the lockfile", "Never commit secrets, but do commit the lockfile."),
])
def test_a_ban_keeps_another_thing_granted_after_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "never log passwords, but you can log them hashed",  # an exception of the banned thing itself
    "never log passwords, but you can log password hashes",
    "never commit .env, but you can commit .env files",
    "never commit .env files, but you can commit it if it's empty",
    "never commit .env files, but you can commit the example one",
    "never log passwords, but you can print the user id",  # another verb: what holds is not said
    "never push to main, but hotfixes are the exception",
    "always run the tests, but skip them for docs-only changes",
])
def test_an_exception_of_the_ban_still_waits(typed: str) -> None:
    assert _read(typed) == ([], f"no standing rule: {BUT_AFTER}")


def test_a_grant_told_of_is_no_rule() -> None:
    assert _rules("I never commit .env files, but I do commit .env.example") == []


# --- check49 C49-10 and the 19:40 note: a nod after "we use X" that follows a condition or a time, "just", "yeah?" ------

@pytest.mark.parametrize("typed", [
    "if it fails, we use pnpm, ok?",  # a condition: when, not always
    "when we deploy tomorrow, we use pnpm, ok?",  # one time
    "after the release, we use pnpm, ok?",
    "maybe use pnpm, yeah?",  # asks whether (gave "Use `pnpm`, `yeah`.")
    "maybe use pnpm, right?",
])
def test_a_nod_after_a_condition_or_a_question_stays_open(typed: str) -> None:
    assert _rules(typed) == []


def test_just_is_no_subcommand() -> None:
    # (gave "Use `pnpm just` for the demo."; whether "for the demo" is a one-off is left to the reader of that form; a
    # command's subcommand still is one piece of code)
    assert not any("`pnpm just`" in lesson for lesson in _rules("we use pnpm just for the demo"))
    assert _rules("always run make test before pushing") == ["Always run `make test` before pushing."]


# --- 5. the team's language after the agent wrote in another ------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why did you write this in python? we use Go here", "Use `Go` instead of `python`."),
    ("why was this written in python? we're a Go shop", "Use `Go` instead of `python`."),
    ("why is this in python? we're a Go team", "Use `Go` instead of `python`."),
    ("you wrote it in python. we use Go here", "Use `Go` instead of `python`."),
    ("why python? we're a go shop", "Use `go` instead of `python`."),
    ("you used npm again, we're a pnpm shop", "Use `pnpm` instead of `npm`."),
])
def test_the_team_language_replaces_the_one_the_agent_wrote_in(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "we use Go here",  # no other language named: it may answer a question
    "we're a Go shop",
    "I wrote it in python, we use Go here",  # the person's own
    "he asked why it is in python. we use Go here",  # someone quoted
    "why did you write this in python? I thought we use Go here",  # unsure
    "why is this in python? is it because we use Go here?",  # asked
    "why is this in python? we're a Go shop, but the scripts can stay python",  # an exception
    "why is the button in blue? we're a green shop",  # no language
])
def test_a_language_without_a_choice_against_another_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


# --- check49 C49-10's rest: the team's way said for when something happens ----------------------------------------------

@pytest.mark.parametrize("typed", [
    "if it fails, we use pnpm",
    "when we deploy tomorrow, we use pnpm",
    "after the release, we use pnpm",
    "once the migration is done, we use httpx",
    "if it fails, we use pnpm, ok?",
])
def test_the_team_way_after_a_condition_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    ("whenever you install something, we use pnpm", "Use `pnpm`."),  # each time: it holds
    ("before pushing, always run the tests", "Always run the tests before pushing."),
    ("you used npm again, we use pnpm", "Use `pnpm` instead of `npm`."),
])
def test_a_rule_that_holds_each_time_stays(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 1c. a ban of using one thing, then "but" and the code to use --------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("never use floats for money but Decimal", "Use `Decimal` instead of `float` for money."),
    ("don't use floats for money, but use Decimal", "Use `Decimal` instead of `float` for money."),
    ("don't use print but logger.info", "Use `logger.info` instead of `print`."),
])
def test_a_ban_then_but_and_the_code_to_use(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "never use floats for money but Bob does",  # someone else's habit
    "don't use floats for money but I don't care",  # taken back
    "I never use floats for money but Decimal",  # the person's own habit
])
def test_a_ban_then_but_and_no_code_to_use_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []
