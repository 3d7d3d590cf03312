"""refl36 (session #18): review35 R35-10's wrong or mangled wordings as general forms, emphasis kept apart from a
take-back, and refl35's two left-alones; each with look-alikes that must stay quiet or unchanged. Every "gives" case
below was run on main (a354408a) before the change and gave a mangled lesson there (the opinion aside kept: "Use `dayjs`
instead of `moment`, imo it's cleaner.", "`except` in YAML" marked as code, "Squash merge."), less (the replaced tool
dropped: "Use `pnpm`.") or nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # an opinion phrase that opens the reason said last is how the person feels, and the reason no part of the rule
    ("we use dayjs, not moment, imo it's cleaner", ["Use `dayjs` instead of `moment`."]),
    ("use dayjs, not moment, tbh it's way nicer", ["Use `dayjs` instead of `moment`."]),
    ("we use dayjs, not moment, honestly it's cleaner", ["Use `dayjs` instead of `moment`."]),
    ("we use dayjs instead of moment, its cleaner", ["Use `dayjs` instead of `moment`."]),
    # "this repo is X" after a question naming Y, a tool of the same job: the tool it replaces is kept
    ("how come you used npm? this repo is pnpm", ["Use `pnpm` instead of `npm`."]),
    ("why did you use npm? this repo is pnpm", ["Use `pnpm` instead of `npm`."]),
    ("why'd you use npm? this repo is a pnpm repo", ["Use `pnpm` instead of `npm`."]),
    ("how come you used pip? the project is poetry", ["Use `poetry` instead of `pip`."]),
    # a discourse opener ("honestly,") is no hedge over "here" in a "never" rule, nor over "stop using"
    ("honestly, never use moment here, we use dayjs", ["Use `dayjs` instead of `moment`."]),
    ("honestly, stop using npm, this repo uses pnpm", ["Use `pnpm` instead of `npm`."]),
    # an exception clause kept in the person's words, never marked as code
    ("we use tabs, never spaces, except in YAML", ["Use tabs, never spaces, except in YAML."]),
    ("use `ref()` for every model reference, except in analyses", ["Use `ref()` for every model reference, except in analyses."]),
    # "from now on we X": the team's way from here on holds every time
    ("from now on we squash merge", ["Always squash merge."]),
    ("going forward we rebase feature branches", ["Always rebase feature branches."]),
    ("from now on we run the linter before committing", ["Always run the linter before committing."]),
    # the shared branch kept clean is a rule, and emphasis after it keeps it
    ("never push to main", ["Never push to main."]),
    ("dont push to master", ["Never push to master."]),
    ("never push to main. no, not even for hotfixes", ["Never push to main."]),
    # refl35's left-alones: the request's path is no place the rule leaves out; "here" after "we" is the project
    ("ok that works. next can you wire it into the dashboard? the component is in web/src/Dashboard.tsx.\n\n"
     "also we don't use default exports in this repo", ["Never use default exports."]),
    ("can you wire it into the dashboard? the component is in web/src/Dashboard.tsx. also we don't use default exports "
     "in this repo", ["Never use default exports."]),
    ("we don't use default exports here, I noticed you added one", ["Never use default exports."]),
    # blind9's vague and wrong lessons (read at the start of session #18), each fixed by a general form:
    # "we use X. no Y" with two tools of one job (main: "Use `poetry`.")
    ("again, we use poetry here. no pip install", ["Use `poetry` instead of `pip install`."]),
    ("we use pnpm here. No npm.", ["Use `pnpm` instead of `npm`."]),
    ("this repo uses uv. never pip", ["Use `uv` instead of `pip`."]),
    # a kind that holds keys is not named (main: "Name API responses in `snake_case`.")
    ("our API responses are snake_case", ["API responses are `snake_case`."]),
    # "go through / via" is the verb (main: "Use go through the repository layer …")
    ("shouldn't this go through the repository layer instead of calling the ORM straight from the controller?",
     ["Go through the repository layer instead of calling the ORM straight from the controller."]),
    # a blind9 rule row that gave nothing: "everywhere in this codebase" says a "must" holds beyond one part
    ("the invoice total is still off by a cent on some orders. money has to be Decimal everywhere in this codebase, not "
     "float", ["Money must be Decimal everywhere in this codebase, not float."]),
]


# review36 R36-2 (the classifier's finding; the reflector read them as nothing too): a filler opener with no comma, and
# "one more thing:" / "oh and" / "anyway" as an aside after a request for new work
GIVES += [
    ("anyway never hardcode tokens in deploy.sh", ["Never hardcode tokens in `deploy.sh`."]),
    ("whatever, just never hardcode tokens in scripts", ["Never hardcode tokens in scripts."]),
    ("add the route to api.py. one more thing: never commit .env files", ["Never commit `.env` files."]),
    ("add the route to api.py. oh and never commit .env files", ["Never commit `.env` files."]),
    ("the deploy fails with 401, maybe the token is wrong? anyway never hardcode tokens in deploy.sh, read them from the "
     "environment", ["Never hardcode tokens in `deploy.sh`; read them from the environment."]),
]

# review36 R36-5: a kind of code kept out, bare ("never use default exports" gave nothing while "never use var" gave it)
GIVES += [
    ("never use default exports", ["Never use default exports."]),
    ("don't use relative imports", ["Never use relative imports."]),
    ("please don't use default exports, this codebase uses named exports only", ["Never use default exports."]),
    ("never use nested ternaries", ["Never use nested ternaries."]),
    # the tool the team moved to, with when ("we switched to httpx last month"), after a question naming another
    ("wait, why are you using requests? we switched to httpx last month", ["Use `httpx` instead of `requests`."]),
    ("why did you use npm? we switched to pnpm a while ago", ["Use `pnpm` instead of `npm`."]),
    ("we switched to httpx last month", ["Use `httpx`."]),
    # "though" closing the rule is no part of it (main: "Never use `float` for money though.")
    ("looks good. never use float for money though", ["Never use `float` for money."]),
]


@pytest.mark.parametrize(("text", "expected"), GIVES)
def test_gives_the_rule_whole(text: str, expected: list[str]) -> None:
    assert _rules(text) == expected


NOTHING = [
    # a hedged idea stays one when its reason follows an opinion phrase (main: "Use a queue instead of polling, imo …")
    "we should use a queue instead of polling, imo it's simpler",
    # "this repo is X" that names no tool of the job asked about, or follows no question naming one
    "how come you added tests? this repo is fine",
    "why did you use npm? the project is big",
    "how come you used npm?",
    # a hedge over "here" asked as a question, or over a suggestion, is still about this spot
    "maybe always use httpx here?",
    "I think we should use httpx here",
    # a take-back or a narrowing is still one ("no, not even …" is emphasis; "no wait, … is fine" retracts)
    "never use float for money, except in the charts",
    "never push to main. no wait, pushing to main is fine",
    "never use float for money. no wait, float is fine",
    # the branch guard said for now, handed off, or under a condition
    "don't push to main yet",
    "don't push to main, I'll do it",
    "don't push directly to main, I'll do it myself.",
    "For now, never push to main",
    "except for hotfixes, from now on never push to main",
    "ok now push to main",
    # "here" after "we" with a verb that may be this machine, or one thing of this task
    "we don't run migrations here",
    "we don't use the old client here",
    "we don't have tests here",
    # review36 R36-6: an exception granted right after the rule narrows it (the lesson would be stricter than what was
    # said): it waits for a model or a person, as "…, except hotfixes" does
    "never push to main. well, hotfixes are ok",
    "never push to main. hotfixes are fine though",
    "never push to main. no, hotfixes can go straight to main",
    "never push to main. ok maybe for hotfixes",
    "never push to main. hmm, maybe hotfixes",
    "never push to main, hotfixes are fine",
    # a kind of code named by this task's words, or a count
    "don't use the new endpoints",
    "don't use these helpers",
    "don't use other colors",
    "use pnpm though",
    # where the team moved is no tool of the job asked about
    "why did you use requests? we moved to the cloud",
    "why did you use requests? we switched to a new plan last month",
    "why did you use requests? we moved to Berlin",
    # an aside that shares a word with the request still specifies the work asked for
    "add a cache for the rates. one more thing: never cache for more than 5 minutes",
    "whatever you think is best",
    # one part's look, "everywhere" or not, and a request that names the repository
    "the button should be blue everywhere",
    "the total should be Decimal everywhere",
    "Please run a full comprehensive audit of all .md files in the repo to make sure they are all currently aligned with "
    "the product-brief",
    # review14 R14-2: the place said after the "never" half still waits for a model or a person
    "don't put the business logic in the route handler. Totals are computed in src/shop/services/ and the handler only "
    "calls them",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert _rules(text) == []


UNCHANGED = [
    ("never use moment, imo it is dead", ["Never use `moment`."]),
    ("how come the build is green? this repo is pnpm", ["Use `pnpm`."]),
    ("never use float for money. no exceptions", ["Never use `float` for money."]),
    ("never use float for money, not even once", ["Never use `float` for money."]),
    ("never commit .env files. no, not even for testing", ["Never commit `.env` files."]),
    ("never force push to main", ["Never force push to main."]),
    ("from now on we use pnpm", ["Use `pnpm`."]),
    ("from now on we never push to main", ["Never push to main."]),
    ("we don't use pip here", ["Never use `pip`."]),
    ("we use poetry here. no tests though", ["Use `poetry`."]),
    ("our db columns are snake_case", ["Name db columns in `snake_case`."]),
    ("use go instead of python for the cli", ["Use `go` instead of `python` for the cli."]),
    # what is fine before the rule, or two sentences on, is another subject; emphasis and a way to do it keep the rule
    ("the tests are fine, but never use float for money", ["Never use `float` for money."]),
    ("never push to main. maybe open a PR instead", ["Never push to main."]),
    ("never use float for money. the rest looks fine", ["Never use `float` for money."]),
    ("don't read DATABASE_URL in db.py; all settings come from src/shop/settings.py",
     ["Never read `DATABASE_URL` in `db.py`; all settings come from `src/shop/settings.py`."]),
]


@pytest.mark.parametrize(("text", "expected"), UNCHANGED)
def test_neighbours_unchanged(text: str, expected: list[str]) -> None:
    assert _rules(text) == expected
