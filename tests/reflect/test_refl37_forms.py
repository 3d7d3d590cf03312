"""refl37 (session #19): blind10's wrong and vague lessons (read when it became dev data) as general forms, each with
look-alikes that must keep their rule or stay quiet. Every "quiet" case of blind10's own rows gave a wrong lesson on main
883db74e ("Use optional instead of required.", "Load test baseline before we start optimising.", "Never set the memory
limit that low.", …); the run-on reason was glued into the lesson ("Never use class components we r on hooks.")."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules

LOAD_TEST = ("load test baseline before we start optimising:\n\n"
             "Running 30s test @ http://localhost:8080/api/search?q=shoes\n"
             "  8 threads and 200 connections\n"
             "  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"
             "    Latency   412.33ms  118.21ms   1.21s    71.04%\n"
             "Requests/sec:    483.15\n\n"
             "goal is p99 under 300ms at 500 rps. where would you start?")


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # a rule run on into its reason with no comma: the reason is cut where "we" and its verb start
    ("pls dont use class components we r on hooks", ["Never use class components."]),
    ("don't use yarn we're a pnpm shop", ["Never use `yarn`."]),
    ("never hardcode secrets we got burned last year", ["Never hardcode secrets."]),
    ("never push to main we have branch protection anyway", ["Never push to main."]),
    ("never use print we have a logger", ["Never use `print`."]),
    # ... not a relative clause with no "that", missing its object (review37 R37-6 on this branch's first version: "never
    # touch files we don't own" gave "Never touch files.", stricter than said), nor a clause a verb asks for
    ("never touch files we don't own", ["Never touch files we don't own."]),
    ("never add dependencies we don't need", ["Never add dependencies we don't need."]),
    ("never use libraries we have not vetted", ["Never use libraries we have not vetted."]),
    ("don't log fields we are required to keep private", ["Never log fields we are required to keep private."]),
    ("never expose endpoints we are not ready to support", ["Never expose endpoints we are not ready to support."]),
    ("always make sure we have tests for new endpoints", ["Always make sure we have tests for new endpoints."]),
    # (R37-6: "in the new code" is new code, and a request that applies a rule to a part keeps it; a file and line the
    # rule refers to is no place of its own; main gave "Always use `dayjs` in each new code.")
    ("always use dayjs in the new code", ["Always use `dayjs` in new code."]),
    ("always validate input on the server. can you implement that for the signup form?",
     ["Always validate input on the server."]),
    ("never commit .env files, see README.md line 40", ["Never commit `.env` files."]),
    # ... not where "we" is joined to the rule by a word of its own
    ("never deploy on friday unless we have a rollback plan", ["Never deploy on friday unless we have a rollback plan."]),
    ("don't merge until we have two approvals", ["Never merge until we have two approvals."]),
    # the look-alikes of the new quiet forms keep their rules
    ("never set the memory limit below 512Mi", ["Never set the memory limit below 512Mi."]),
    ("API responses should be paginated. can you add it to the orders endpoint?", ["API responses should be paginated."]),
    ("never use print in the handlers. can you build the export flow?", ["Never use `print` in the handlers."]),
    ("always add tests for the new endpoint", ["Always add tests for each new endpoint."]),
    ("you forgot to log the request id in the new middleware", ["Always log the request id in each new middleware."]),
    ("correction: we use pnpm, not npm", ["Use `pnpm` instead of `npm`."]),
    ("use pnpm, not npm", ["Use `pnpm` instead of `npm`."]),
    ("keep every line under 100 characters", ["Keep every line under 100 characters."]),
    # review36 R36-5's residue and review37 R37-2 (each gave nothing on main 883db74e): "X only", the project's way said
    # as "this project uses X, not Y", a reminder lead with how often, "kindly", a tool for a job done to a kind
    ("named exports only", ["Use only named exports."]),
    ("named exports only please", ["Use only named exports."]),
    ("this codebase uses named exports only", ["Use only named exports."]),
    ("we've been over this: named exports only", ["Use only named exports."]),
    ("pnpm only", ["Use only `pnpm`."]),
    ("this project uses logging, not print", ["Use `logging` instead of `print`."]),
    ("the app uses dayjs, not moment", ["Use `dayjs` instead of `moment`."]),
    ("I've told you twice now: tests go in tests/unit, not next to the code",
     ["Put tests in `tests/unit`, not next to the code."]),
    ("I have said this many times: never commit to main", ["Never commit to main."]),
    ("kindly don't use print statements", ["Never use print statements."]),
    ("we manage dependencies with poetry, not pip", ["Manage dependencies with `poetry`, not `pip`."]),
    ("we install packages with pnpm, not npm", ["Install packages with `pnpm`, not `npm`."]),
    # a rule said after a report that something is broken, in its sentence (review37 R37-2)
    ("it crashes on startup, and btw never commit .env files", ["Never commit `.env` files."]),
    ("the tests fail with the same error, also please never use sleep in tests", ["Never use `sleep` in tests."]),
    ("the upload fails with 403, please don't put credentials in settings.py, read them from the environment",
     ["Never put credentials in `settings.py`; read them from the environment."]),
    # a "from now on" said last is the lead it is said first (review36 R36-5; refl36's unlanded 8084a2e3, finished)
    ("please use conventional commits from now on", ["Always use conventional commits."]),
    ("use pnpm going forward", ["Always use `pnpm`."]),
    ("run the linter before committing from now on", ["Always run the linter before committing."]),
    ("we use pnpm, never npm", ["Use `pnpm`, never `npm`."]),
    # a word of code that is also an English word, in backticks or in a rule against a kind of code (review37 R37-4; blind3
    # and blind9 rule rows gave nothing on main)
    ("don't use `any`", ["Never use `any`."]),
    ("pls dont use any, we r strict ts", ["Never use `any`."]),
    # a secret kept out of the logs (review37 R37-9), and a redaction marker is no part of the sentence around it
    ("never log tokens", ["Never log tokens."]),
    ("do not log secrets", ["Never log secrets."]),
    ("why did you commit this? [REDACTED:private-key] never commit .env files", ["Never commit `.env` files."]),
    ("here is the log: [REDACTED:github-token] never log tokens", ["Never log tokens."]),
    # the person's own "always" and a way of working on the repository's things, bare (review37 R37-4)
    ("always squash merge here", ["Always squash merge."]),
    ("always write tests", ["Always write tests."]),
    ("always run tests", ["Always run tests."]),
    # a naming case for a kind, with no verb, said again (review36's advice: "a rule only if it is clearly standing")
    ("again, snake_case for python files", ["Use `snake_case` for python files."]),
    ("again: camelCase for JSON fields", ["Use `camelCase` for JSON fields."]),
    ("as I said, kebab-case for file names", ["Use kebab-case for file names."]),
    # code the agent left, asked about, then what to use (review36 R36-5's residue)
    ("why is there a print in the handler? use the logger", ["Use the logger instead of `print`."]),
    ("why are there console.log calls everywhere? use the logger", ["Use the logger instead of `console.log`."]),
]


@pytest.mark.parametrize(("text", "unscoped"), [
    ("For the API, always return ISO dates, never unix timestamps.", "Always return ISO dates."),
    ("In `tests/`, always use `pytest` fixtures.", "Always use `pytest` fixtures."),
    ("for the new export, don't include archived projects", "Never include archived projects."),
    ("we always use pnpm, never npm", "Use `pnpm` instead of `npm`."),
])
def test_a_rule_after_a_comma_is_split_off_only_after_a_report(text: str, unscoped: str) -> None:
    # (a first version split every ", never …" / ", always …" off: the scope said first was lost; the pool caught it)
    assert unscoped not in _rules(text)


@pytest.mark.parametrize(("text", "lessons"), GIVES, ids=[g[0][:40] for g in GIVES])
def test_the_rule_is_given_whole(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


QUIET = [
    # the person corrects their own last message: a fix of this task's instruction
    "correction to my last message: the field is optional, not required. some old users don't have it",
    "to correct what I said: use httpx, not requests",
    "I misspoke, the column is user_id not uid",
    # a caption over pasted output is no order
    LOAD_TEST,
    # what to build, then a request for "that" / "this"
    "users should never be able to change their email without confirming the new one. can you build that flow?",
    "users should never be able to change their email without confirming the new one. can you implement this?",
    # how this app's screen looks, asked for now
    "make the buttons rounded instead of square, across the whole site",
    "make the modal full screen instead of a popup",
    # a place in one file at a line: a pasted error and its location
    "Type 'string | undefined' is not assignable to type 'string'. — in UserCard.tsx line 41",
    "never use any in UserCard.tsx:41",
    # a degree measured against what the agent just did
    "perhaps we shouldn't set the memory limit that low? the java service needs more than 256Mi at startup",
    "don't set the timeout that high",
    "never nest components that deep",
    # a quoted label is a name, no reminder: the requirement of the new work stays the work's
    "now add a 'remember me' checkbox. don't store the password, just extend the session",
    'now add a "remember me" checkbox. don\'t store the password, just extend the session',
    # what the new thing this task builds does every time it runs
    "always log the request id in the new middleware, we grep for it in incidents",
    "always log the request id in the new middleware",
    # "we are not Y" is a clause of its own: nothing is kept out (main: "Use tabs instead of animals.")
    "use tabs, we are not animals",
    "use tabs we are not animals",
    # a naming case said once, bare, or for one thing; "why is there" about no code
    "snake_case for python files",
    "again, snake_case for this file",
    "again, created_at for timestamps",
    "why is there a button on the page? use the modal",
    "why is there a print in the handler?",
    # "always" and a verb with nothing of the repository's, or two orders glued (a first try gave "Always rebase never merge.")
    "always be careful",
    "always check first",
    "always fix bugs",
    "Always rebase, never merge.",
    # what to use said vaguely ("stuff"): corpus18's dev repo "Shouldn't the xamples use react-admin stuff?" (its examples)
    "Shouldn't the xamples use react-admin stuff?",
    "The examples should use react-admin stuff.",
    # "X only" for one thing of this task, a place, a time or who may: no kind of code
    "this file only", "one commit only", "admins only", "for now only", "read only",
    # "we <verb> <what> with Y" where Y is no tool of a job
    "we talk with customers, not vendors",
    "we manage the team with jira",
    # a "from now on" after how one part looks, or after no order
    "make the button blue from now on",
    "I will fix it from now on",
    # after a report, what follows is no rule ("never mind" takes it back; "don't touch the css" is one thing)
    "it crashes on startup, never mind",
    "the button is broken, don't touch the css",
]


@pytest.mark.parametrize("text", QUIET, ids=[q[:40] for q in QUIET])
def test_no_lesson(text: str) -> None:
    assert _rules(text) == []


def test_a_caption_over_pasted_output_is_left_out_unless_it_states_a_rule() -> None:
    from altimate_learn.reflect.providers.builtin.pasted import split_pasted

    kept, pasted = split_pasted(LOAD_TEST)
    assert "load test baseline before we start optimising:" not in kept and pasted >= 5
    assert "goal is p99 under 300ms at 500 rps. where would you start?" in kept
    ruled = "never log like this:\n\n2024-01-01 12:00:00 INFO [api] started\n2024-01-01 12:00:01 INFO [api] ready\n"
    assert "never log like this:" in split_pasted(ruled)[0]


def test_the_reason_names_the_shape() -> None:
    assert "the person corrects their own words" in item_rules(FeedbackItem(
        "user_correction", "correction to my last message: the field is optional, not required"))[1]
    assert "a degree measured against what the agent just did" in item_rules(FeedbackItem(
        "user_correction", "don't set the timeout that high"))[1]
