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


ROUND_TWO = [
    # hedged statements of the team's way (blind8-11): "not sure (if) it matters, but", "the team prefers", "we usually"
    ("not sure it matters, but I think the team prefers f-strings over .format()", ["Use `f-strings` instead of `.format()`."]),
    ("not sure if it matters, but we usually put feature flags in launchdarkly rather than env vars",
     ["Put feature flags in launchdarkly rather than env vars."]),
    ("not sure it matters, but we usually add new env vars to .env.example as well", ["Add new env vars to `.env.example`."]),
    ("not sure about this, but I think we usually return errors instead of logging and continuing?",
     ["Return errors instead of logging and continuing."]),
    ("use structlog instead of logging", ["Use `structlog` instead of `logging`."]),
    # a kind of data and the unit it is in, with what it is not
    ("we talked about this — money is integer cents, never floats", ["Money is integer cents, never floats."]),
    ("our ids are uuids, not serial", ["Ids are uuids, not serial."]),
    ("all timestamps in this db are UTC", ["All timestamps in the db are UTC."]),
    ("Money is always Decimal here, never float.", ["Money is always `Decimal`, never `float`."]),
    # a guard said as whose the thing is; generated files and "them"
    ("once more: the linter config is not yours to change. fix the code", ["Never change the linter config."]),
    ("like last time, the snapshot files are generated. don't hand-edit them",
     ["Never edit the generated snapshot files by hand."]),
    ("the client is generated. don't edit it", ["Never edit the generated client."]),
    # a ban recalled as agreed; two kinds of one thing said again; "no X, use Y" of two pieces of code
    ("didn't we say no default exports?", ["Never use default exports."]),
    ("as mentioned before: composition api, not options api", ["Use composition api instead of options api."]),
    ("good. now the sync worker. and no GlobalScope please, use the viewModelScope like everywhere else",
     ["Use `viewModelScope` instead of `GlobalScope`."]),
    ("no npm, use pnpm", ["Use `pnpm` instead of `npm`."]),
    # review39 R39-2: the team's one tool after the ban, or after a tool asked about or sighed at
    ("we dont use axios in this repo, everything goes through fetch", ["Use `fetch` instead of `axios`."]),
    ("we don't use moment in this repo, everything uses dayjs", ["Use `dayjs` instead of `moment`."]),
    ("we don't use jest anymore, it's all vitest", ["Use `vitest` instead of `jest`."]),
    ("why did you pull in axios?? we dont use axios in this repo, everything goes through fetch. and check res.ok like "
     "users.js does", ["Use `fetch` instead of `axios`."]),
    # (refl49: "everywhere" says how widely the team uses httpx, no part of the rule)
    ("why requests? we use httpx everywhere", ["Use `httpx` instead of `requests`."]),
    ("ugh, axios AGAIN?? it's fetch in this repo, I told you yesterday", ["Use `fetch` instead of `axios`."]),
    ("again with the console.logs... use the debug package", ["Use the debug package instead of `console.log`."]),
    # review39 R39-4: the team's practice with its own part ("in this service", "in this pipeline")
    ("we keep every datetime in UTC in this pipeline", ["Keep every datetime in UTC."]),
    ("shouldn't that be tz-aware? we keep every datetime in UTC in this pipeline, naive datetimes have bitten us before",
     ["Keep every datetime in UTC."]),
    ("we store all timestamps in UTC here", ["Store all timestamps in UTC."]),
    ("we write commit messages in the imperative here", ["Write commit messages in the imperative."]),
    ("we always squash-merge here", ["Always squash merge."]),
    ("we use structlog in this service", ["Use `structlog`."]),
    ("we use snake_case for json fields in this api", ["Use `snake_case` for json fields."]),
    # review39 R39-6
    ("stop reformatting files you didn't touch", ["Never reformat untouched files."]),
    ("did you seriously just commit to main? we always go through PRs", ["Always go through PRs."]),
    ("don't forget the changelog entry, every PR needs one", ["Every PR needs a changelog entry."]),
    ("tests go next to the component, not in __tests__", ["Put tests next to the component, not in `__tests__`."]),
    # the look-alikes that keep what they gave
    ("again with the tabs. we use 4 spaces in python files", ["Indent with 4 spaces in python files."]),
    ("use pnpm, not npm. pnpm is only for this repo", ["Use `pnpm` instead of `npm`."]),
    ("never use any, it's only going to hurt", ["Never use `any`."]),
    ("we don't use redux, everything goes through the store", ["Never use `redux`."]),
    ("use pnpm not npm, except in docs/", ["Use `pnpm` instead of `npm`, except in `docs/`."]),
]


@pytest.mark.parametrize(("text", "lessons"), ROUND_TWO, ids=[r[0][:40] for r in ROUND_TWO])
def test_round_two_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


ROUND_TWO_QUIET = [
    # review39 R39-13: where the thing kept out still belongs, said after the rule: the lesson alone would be stricter
    "use pnpm not npm (npm is only for the docs site)",
    "use pnpm, not npm. npm is only for the docs site",
    "use pnpm not npm, we only use npm to publish the docs",
    "use dayjs, not moment. moment is only allowed in the legacy admin",
    "use ruff, not flake8 - flake8 only runs on the old py2 package",
    "don't use any; it's only acceptable in the generated types",
    "never use print, print is only ok in scripts",
    # the team's life away from the code; one thing of this task
    "we prefer meetings over email",
    "the team prefers meetings over email",
    "we usually put the button on the left rather than the right",
    "put feature flags in launchdarkly rather than env vars",
    "we keep the data in UTC",
    "we keep it in UTC",
    # a display, a change, or a report; a contrast of data said with a verb stays as it was (refl26)
    "prices are shown in cents",
    "amounts are stored in cents now",
    "our API returns cents, not dollars",
    "the ids are uuids now",
    # no tool named, or no code on either side
    "why? we use httpx everywhere",
    # ("no print, use logger": a lesson since refl40, review40 R40-14; see test_refl40_forms.py)
    "no problem, use pnpm",
    "composition api, not options api",
    "again, the red button, not the blue button",
    "the button is blue. don't change it",
    "don't forget the changelog entry",
    "we always squash-merge, don't create merge commits",
]


@pytest.mark.parametrize("text", ROUND_TWO_QUIET, ids=[q[:40] for q in ROUND_TWO_QUIET])
def test_round_two_no_lesson(text: str) -> None:
    assert _rules(text) == []


ROUND_THREE = [
    # a question with its "?" left off is no rule (main gave "How many times should the retry run.")
    ("how many times do I have to say this, no default exports", ["Never use default exports."]),
    # how the team merges, said with "here"; a kind of data's format with a part's reason after it
    ("we don't squash merge here", ["Never squash merge."]),
    ("dates in the api are iso 8601 strings, the mobile team parses them that way", ["Dates in the api are iso 8601 strings."]),
    # "stop," as an interjection is no verb: "stop, the box goes in settings_dialog.py" gave "Put stop, the box in …"
    ("stop adding comments to every line", ["Never add comments to every line."]),
    ("stop. don't touch the lockfile", ["Never touch the lockfile."]),
    ("stop! never push to main", ["Never push to main."]),
    # a kind from one file of the project, with what it is not (blind10)
    ("remember we agreed breakpoints come from tokens.ts, no hardcoded px",
     ["Breakpoints come from `tokens.ts`, not hardcoded px."]),
    ("colors come from theme.ts", ["Colors come from `theme.ts`."]),
    ("migrations go through alembic, no raw ALTER TABLE in the code",
     ["Migrations go through alembic, not raw ALTER TABLE in the code."]),
]


@pytest.mark.parametrize(("text", "lessons"), ROUND_THREE, ids=[r[0][:40] for r in ROUND_THREE])
def test_round_three_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


ROUND_THREE_QUIET = [
    "how many times should the retry run",
    "how many retries should we allow",
    "which port should the server listen on",
    "we don't merge here",
    "stop, the box goes in settings_dialog.py",
    "config comes from settings.py",
    "errors come from parser.py",
]


@pytest.mark.parametrize("text", ROUND_THREE_QUIET, ids=[q[:40] for q in ROUND_THREE_QUIET])
def test_round_three_no_lesson(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize("text", ["ugh, we store passwords in plain text??", "we store passwords in plain text?!",
                                  "wait, we log the tokens in full??"])
def test_a_shocked_question_in_the_shape_of_a_convention_gives_nothing(text) -> None:
    """review39 R39-17: 'we store passwords in plain text??' gave 'Store passwords in plain text??.', the opposite of
    the person's point."""
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert correction_rules(text)[0] == []


@pytest.mark.parametrize("text", ["ugh, we store passwords in plain text", "wait, we store passwords in plain text. that's bad",
                                  "we store passwords in plain text"])
def test_a_team_practice_that_leaves_secrets_readable_is_never_the_rule(text) -> None:
    """review39 R39-17 residue: without the '??' the complaint still gave 'Store passwords in plain text.'"""
    from altimate_learn.reflect.providers.builtin import correction_rules

    rules, why = correction_rules(text)
    assert rules == [] and "secrets where anyone can read them" in why


@pytest.mark.parametrize("text, lesson", [("never store passwords in plain text", "Never store passwords in plain text."),
                                          ("don't log tokens", "Never log tokens."),
                                          ("we keep secrets in the vault", "Keep secrets in the vault.")])
def test_a_rule_that_keeps_secrets_safe_still_gives_its_lesson(text, lesson) -> None:
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert correction_rules(text)[0] == [lesson]


@pytest.mark.parametrize("text", ["every product gets a placeholder image for the demo",
                                  "every screen gets a dark mode variant for the beta",
                                  "every row gets a uuid when you import the csv"])
def test_what_this_tasks_product_should_have_for_an_occasion_is_no_standing_rule(text) -> None:
    """review39 R39-14: 'every X gets Y' (a6134e4e) took a task's requirement for a standing lesson."""
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert correction_rules(text)[0] == []


@pytest.mark.parametrize("text", ["every function gets type hints", "every table gets a primary key",
                                  "every migration gets a down step"])
def test_what_each_one_of_a_kind_of_code_gets_is_still_a_rule(text) -> None:
    from altimate_learn.reflect.providers.builtin import correction_rules

    assert len(correction_rules(text)[0]) == 1
