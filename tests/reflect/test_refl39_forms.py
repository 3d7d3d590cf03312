"""refl39 (session #21): review38 R38-15 and refl38's leftovers as general forms, each with look-alikes that must keep
their words or stay quiet. R38-15: a rule said to hold until one thing happens ("until the pnpm bug is fixed", "until
we upgrade", "while the bug is open") is no standing rule; a judgement of a tool ("moment is buggy", "it has bugs")
keeps the rule, as the "never" phrasing of the same preference did. Leftovers: "every function gets type hints",
"every endpoint needs a test", "always update the README when you add a command", "dont use yarn b/c we're a pnpm
shop", "this repo is 2 spaces" gave nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import TEMPORARY, WORKAROUND


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


def _why(text: str) -> str:
    return item_rules(FeedbackItem("user_correction", text))[1]


UNTIL_IT_ENDS = [
    # review38 R38-15: the plainest workaround gave a standing lesson ("Use `npm` instead of `pnpm` until the `pnpm` bug is
    # fixed.")
    "use npm instead of pnpm until the pnpm bug is fixed",
    "always use npm instead of pnpm until the bug is fixed",
    "never use pnpm until the bug is fixed",
    "don't use pnpm until they fix the workspace bug",
    "use npm instead of pnpm till the bug is resolved",
    "use npm instead of pnpm until we upgrade",
    "use vitest instead of jest until the migration is done",
    "use npm instead of pnpm while the workspace bug is open",
    "use npm instead of pnpm for the time being",
    "pin react to 18 until the next release",
]


@pytest.mark.parametrize("text", UNTIL_IT_ENDS, ids=[t[:40] for t in UNTIL_IT_ENDS])
def test_a_rule_until_one_thing_happens_gives_nothing(text: str) -> None:
    assert _rules(text) == []
    assert _why(text) in ("no standing rule: " + TEMPORARY, "no clear rule in it")


def test_the_reason_names_the_while() -> None:
    assert _why("use npm instead of pnpm until the pnpm bug is fixed") == "no standing rule: " + TEMPORARY
    assert _why("use httpx instead of requests, requests has a bug with our proxy") == "no standing rule: " + WORKAROUND


RECALL = [
    # a condition met again and again is no end: the rule holds every time ("until CI is green", "until the tests pass")
    ("never merge until CI is green", ["Never merge until CI is green."]),
    ("don't push until the tests pass", ["Never push until the tests pass."]),
    ("never deploy until the build is done", ["Never deploy until the build is done."]),
    ("never merge until the PR is approved", ["Never merge until the PR is approved."]),
    # a judgement of a tool holds while the tool is what it is (R38-15: "never use moment, it has bugs with timezones" gave
    # "Never use `moment`.", the same preference said with "instead" nothing)
    ("use dayjs instead of moment because moment is buggy", ["Use `dayjs` instead of `moment`."]),
    ("use dayjs instead of moment since moment is really buggy", ["Use `dayjs` instead of `moment`."]),
    ("use dayjs instead of moment, moment has bugs", ["Use `dayjs` instead of `moment`."]),
    ("use dayjs instead of moment, moment has problems with timezones", ["Use `dayjs` instead of `moment`."]),
    ("never use moment, it has bugs with timezones", ["Never use `moment`."]),
    ("use native checkboxes instead of the shadcn ones because they are buggy",
     ["Use native checkboxes instead of the shadcn ones."]),
    # each one of a kind of code and what it must have or is given (refl38's leftovers: nothing on main)
    ("every function gets type hints", ["Every function gets type hints."]),
    ("every endpoint needs a test", ["Every endpoint needs a test."]),
    ("each service needs a healthcheck", ["Each service needs a healthcheck."]),
    ("every migration gets a down step", ["Every migration gets a down step."]),
    ("as agreed, every PR gets a changelog entry", ["Every PR gets a changelog entry."]),
    ("again, each endpoint needs a docstring", ["Each endpoint needs a docstring."]),
    ("every new endpoint needs an integration test", ["Every new endpoint needs an integration test."]),
    # the kind of change a standing step comes with: "when you add a command" is "when adding a command"
    ("always update the README when you add a command", ["Always update the README when adding a command."]),
    ("always update the README whenever you add a new command", ["Always update the README when adding a new command."]),
    ("always bump the version when you change the schema", ["Always bump the version when changing the schema."]),
    ("always update the changelog every time you change the API", ["Always update the changelog when changing the API."]),
    # "b/c" is "because", no path: the rule with its reason cut (it gave "names `b/c` apart from that rule")
    ("dont use yarn b/c we're a pnpm shop", ["Never use `yarn`."]),
    ("never use moment b/c it's deprecated", ["Never use `moment`."]),
    # the project said to be its indent
    ("this repo is 2 spaces", ["Indent with 2 spaces."]),
    ("no, this repo is 2 spaces", ["Indent with 2 spaces."]),
    ("this project is tabs", ["Indent with tabs."]),
    ("the repo is 2-space indented", ["Indent with 2 spaces."]),
    ("our repo's 4 spaces", ["Indent with 4 spaces."]),
]


@pytest.mark.parametrize(("text", "lessons"), RECALL, ids=[r[0][:40] for r in RECALL])
def test_recall_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


QUIET = [
    # a bug now, a state now: a workaround while it lasts (refl38's forms, kept)
    "use httpx instead of requests, requests has a bug with our proxy",
    "use normal checkboxes instead of the shadcn ones since theres a bug",
    "use native checkboxes instead of the shadcn ones because they are broken",
    "use fetch instead of axios because of a bug in axios",
    # what each of the product's things has, or work on this task's things, is no rule of the code
    "every user needs an email",
    "every order needs an invoice",
    "every user gets a welcome email",
    "every endpoint needs a fix",
    "every new endpoint needs a fix",
    "each page needs an update",
    "every endpoint needs a rewrite",
    "every page gets fixed",
    "every function gets reviewed",
    "every function gets one",
    # a step of this task with its occasion, not a standing one
    "update the README when you add the command",
    "you forgot to update the README when you added the command",
    # one file's indent, or the indent said with a request for this change
    "this file is 2 spaces",
    "this repo is 2 spaces, please fix the file",
]


@pytest.mark.parametrize("text", QUIET, ids=[q[:40] for q in QUIET])
def test_no_lesson(text: str) -> None:
    assert _rules(text) == []


BLIND11 = [
    # blind11 (dev data since session #21): a reminder lead said as a sentence of its own, or clipped in chat
    ("how many times... tests go next to the file, not in __tests__", ["Put tests next to the file, not in `__tests__`."]),
    ("how many times... no default exports", ["Never use default exports."]),
    ("again. no default exports", ["Never use default exports."]),
    ("I told you. no default exports", ["Never use default exports."]),
    ("told you, no default exports", ["Never use default exports."]),
    ("told you, never use print", ["Never use `print`."]),
    # a suite with no verb and where it runs; its reason and a kind of tests "only" after it left out
    ("told you, never the full e2e suite locally, it hits the real payment sandbox. unit tests only",
     ["Never run the full e2e suite locally."]),
    ("never the whole suite in CI, it takes an hour", ["Never run the whole suite in CI."]),
    # a folder kept out with no slash
    ("tests go next to the code, not in __tests__", ["Put tests next to the code, not in `__tests__`."]),
    ("tests go next to the source file, not in a tests folder", ["Put tests next to the source file, not in a tests folder."]),
    # "we don't do X" with a kind of code is "use" (blind11 gave "Never do numbered names.")
    ("ok let's move on to the search page. oh and rename getData2, we don't do numbered names", ["Never use numbered names."]),
    ("we don't do default exports", ["Never use default exports."]),
    ("we don't do code reviews on fridays", ["Never do code reviews on fridays."]),
    # the look-alikes that keep their rule
    ("named exports only", ["Use only named exports."]),
    ("pnpm only please", ["Use only `pnpm`."]),
    ("return errors instead of panicking", ["Return errors instead of panicking."]),
    ("ref() instead of hardcoding the table", ["Use `ref()` instead of hardcoding the table."]),
    ("early returns instead of nested ifs", ["Use early returns instead of nested ifs."]),
    ("always use Decimal in the billing module", ["Always use `Decimal` in the billing module."]),
    ("always round money to 2 decimals", ["Always round money to 2 decimals."]),
]


@pytest.mark.parametrize(("text", "lessons"), BLIND11, ids=[r[0][:40] for r in BLIND11])
def test_blind11_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


BLIND11_QUIET = [
    # blind11's wrong lessons: "unit tests only" (to run or to write?), an act with no verb the reflector knows glued
    # after "Use", what one part does to its data asked for now
    "unit tests only",
    "integration tests only",
    "no e2e tests locally",
    "stop the worker gracefully on SIGTERM instead of just dying, k8s kills it mid-job",
    "exit gracefully on SIGTERM instead of just dying",
    "drain the queue instead of dropping jobs",
    "always round up to the next full hour in the billing calc",
    "always show a spinner on the dashboard page",
    # a reminder lead that is no lead: a question, or what one thing is
    "how many times do we run the tests?",
    "told you so",
    "told you the file is read-only",
    "again. the button is blue",
]


@pytest.mark.parametrize("text", BLIND11_QUIET, ids=[q[:40] for q in BLIND11_QUIET])
def test_blind11_no_lesson(text: str) -> None:
    assert _rules(text) == []
