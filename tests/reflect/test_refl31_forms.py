"""The built-in reflector's changes of refl31 (issue 20): the wrong lessons found when the sixth blind set (blind6, now dev
data) was read, each fixed by a general form, with look-alikes written here: what must give nothing gives nothing, and
what must still give its rule gives it."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. blind6's wrong lessons, and look-alikes of each: must give nothing --------------------------------------------
NOTHING = [
    # a report of what a query or a run showed, its verb in the past, read as an order ("select" + a thing)
    "the incremental run doubled yesterday's rows. select count(*) for 2026-12-04 went from 1.2M to 2.4M after the second "
    "run. theres no unique_key on the model so merge just appends. please fix and dedupe that partition",
    "the nightly job doubled the invoices. select sum(amount) for november went from 40k to 80k after the rerun. please "
    "fix it",
    "dashboard is off. count distinct users for last week was 12k, now it says 24k",
    "select max(updated_at) from orders_v2 was 3 days old this morning, the sync is stuck",
    # the design of the new work the message asks for, with "our" only in what the chosen way replaces
    "next, add an avatar upload to the profile page. use a presigned S3 url instead of sending the file through our API",
    "next, add a CSV export to the reports page. use a streaming response instead of building the file in memory on our "
    "server",
    "next, add a thumbnail generator. use a background job instead of resizing images in our request handler",
    # ... with "we" only in the purpose of the work and in what this task does not need
    "can you add a snapshot for dim_customers so we keep history of plan and region changes? use the check strategy on "
    "those two columns. dont snapshot the email column, it changes too often and we don't need its history",
    "can you add an audit log for the orders table so we know who changed what? use a trigger on the table. dont log the "
    "card column, it's sensitive and we don't need its values",
    "could you add caching to the product endpoint so we stop hammering the db? never cache the cart, we don't need it "
    "cached",
    # a feature named before a colon, and its specification after it
    "add graceful shutdown: on SIGTERM stop accepting, wait up to 20s for in-flight requests, and never drop a request "
    "that's already being processed",
    "add rate limiting: 100 requests per minute per key, return 429 with a retry-after header, and never block the "
    "health check",
    "add retries: exponential backoff up to 5 tries, and never retry a 4xx",
    # a new behaviour of this task's thing ("make it …"), specified after ", but"
    "make it catch up missing days when it's been paused, but never run more than 3 backfill runs at once",
    "make it resume from the last checkpoint when it crashes, but never reprocess a file that was already uploaded",
    "make them load lazily, but never fetch more than 20 at once",
    # one named thing of code asked for, its purpose said with "always", and what an incident cost
    "can you also cluster it by user_id? and add require_partition_filter so people always have to filter by date, "
    "someone ran a full scan last week and it cost us 300 dollars. I'll announce it in the analytics channel",
    "can you also index it by tenant_id? and add statement_timeout so queries always stop after 30s, a report ran for an "
    "hour yesterday and it cost us a lot",
    # review31 R31-4: the purpose of one thing asked for, whatever its subject
    "add a unique constraint on email so signups never create duplicates",
    "add `--no-cache` so docker always rebuilds the layer",
    "Add `__init__.py` so pytest always finds the package",
    # ... and a reason run on without a comma, with no determiner: nothing rather than the reason glued in
    "dont deploy on fridays its policy",
    # "X and not <a second predicate>" is no choice of X over Y (a real dev message gave "Use automatic and instead of
    # rely on client-code implementations.")
    "This should be automatic and not rely on client-code implementations",
    "it should be async and not block the loop",
    # "some" of what this task needs
    "use context7 to read some docs about prisma, and some about next-auth",
    "use playwright to check some of the pages on staging",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 2. the forms those fixes sit next to: must still give their rule -------------------------------------------------
STILL = [
    # an order whose object holds a clause in the past of its own ("that was …") is still an order
    ("select the rows with a window function, never with a correlated subquery",
     ["Select the rows with a window function, never with a correlated subquery."]),
    ("use the version that was tagged, not main", ["Use the version that was tagged instead of `main`."]),
    # new work asked for, and the team's way said with "we" / "remember": still a rule
    ("next, add an avatar upload. we always use presigned S3 urls instead of sending files through the API",
     ["Use presigned S3 urls instead of sending files through the API."]),
    ("add a snapshot for dim_customers. remember we never snapshot pii columns", ["Never snapshot pii columns."]),
    ("don't use floats for money, and add a test for the rounding", ["Never use `float` for money."]),
    ("add a changelog entry for every user-facing change", ["Add a changelog entry for every user-facing change."]),
    ("no, use pnpm instead of npm in our repo", ["Use `pnpm` instead of `npm` in our repo."]),
    # a request that is itself the rule, with no purpose clause, is kept as before
    ("Make one change at a time.", ["Make one change at a time."]),
    ("Build the admin with Django, never Flask.", ["Build the admin with Django, never `Flask`."]),
    # the reason run on without a comma is cut; the rule stays
    ("dont run the whole project its 40min, just -s the model + downstream", ["Never run the whole project."]),
    ("dont touch the lockfile its generated", ["Never touch the lockfile."]),
    # (refl36: "never push to main" is a rule now, the shared branch kept clean; its run-on reason is still cut)
    ("never commit to main its protected", ["Never commit to main."]),
    ("stop running the whole test suite, it takes 40 minutes, just run the tests for the module you changed",
     ["Never run the whole test suite."]),
    # review31 R31-4: the reason run on cut before what to use instead
    ("dont use requests its blocking, use httpx", ["Use `httpx` instead of `requests`."]),
    ("dont use var its old, use const", ["Use `const` instead of `var`."]),
    ("don't use lodash its too big, use native methods", ["Use native methods instead of `lodash`."]),
    # ... and the team's way after a colon that ends a request or a remark
    ("add the endpoint: we always version our APIs under /v2", ["Always version our APIs under /v2."]),
    ("set up CI: we always run ruff and mypy before pytest", ["Always run `ruff` and `mypy` before `pytest`."]),
    ("Looks good, one thing: we never commit the target/ folder.", ["Never commit the `target/` folder."]),
    # "X and not Y" with one thing refused is still the choice
    ("use pnpm and not npm here", ["Use `pnpm` instead of `npm`."]),
]


@pytest.mark.parametrize(("text", "expected"), STILL)
def test_rule_still_given(text: str, expected: list[str]) -> None:
    assert lessons(text) == expected


# --- 3. blind6's rule rows that gave nothing: forms a new writer also uses -------------------------------------------
STATED = [
    # a reason after a comma with a subject of its own, behind the team's way or a rule said to hold
    ("we rebase feature branches here, merge commits get rejected by the PR check", ["Rebase feature branches."]),
    ("we squash commits here, the changelog is built from the PR titles", ["Squash commits."]),
    ("Just a reminder that we keep the m_ prefix on private fields in this codebase, it's in the style guide we went "
     "over earlier. The renames dropped it in PlayerStats and Inventory.", ["Keep the `m_` prefix on private fields."]),
    ("pls dont upgrade deps unless i ask, that broke 3 middlewares", ["Never upgrade deps without asking."]),
    ("never bump major versions unless we ask, it broke the build last time", ["Never bump major versions without asking."]),
    # a choice between two tools of one job that the first table does not name
    ("no, pathlib not os.path", ["Use `pathlib` instead of `os.path`."]),
    ("thiserror, not anyhow", ["Use `thiserror` instead of `anyhow`."]),
    # the case a kind of thing is named in; each one of a kind through one piece of code
    ("columns are snake_case in our database, the ORM maps them", ["Name columns in `snake_case` in our database."]),
    ("components are PascalCase", ["Name components in `PascalCase`."]),
    ("every user-facing string goes through i18n t(), we ship in 6 languages",
     ["Every user-facing string goes through i18n `t()`."]),
    # a tool's name said again, louder
    ("pnpm!! for the third time", ["Use `pnpm`."]),
    ("uv!!!", ["Use `uv`."]),
]


@pytest.mark.parametrize(("text", "expected"), STATED)
def test_stated_rule_given(text: str, expected: list[str]) -> None:
    assert lessons(text) == expected


STATED_LOOKALIKES = [
    "respond in english, the users are in the UK",  # this task's choice, its reason says so
    "timestamps are stored in UTC, the UI is broken",  # a report after it
    "we use docker, there is no budget",
    "never modify the original migration files unless I ask",  # this task's files
    "one question at a time, and what is the port?",
    "npm!",  # one "!" may answer a question
    "redis!!",  # no tool a project settles on by that table
    "pytest!!! it works now",  # joy, not a reminder
    "it is mysql not postgres, check the dsn",  # what one thing of this task is
    "the users are lowercase",
    "each request goes through the auth middleware",  # one thing of the code, no kind's way
    "every error goes through sentry",
    "we decided to use redis last week, so add a cache layer with it",
    "import pathlib; pathlib.Path('x').write_text('y')",
]


@pytest.mark.parametrize("text", STATED_LOOKALIKES)
def test_stated_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 4. session #14's residuals -----------------------------------------------------------------------------------------
RESIDUALS = [
    ("as agreed, no new env vars without asking", ["Never add new env vars without asking."]),
    ("as agreed, no new environment variables without asking", ["Never add new environment variables without asking."]),
    ("we try not to touch generated files", ["Try not to touch generated files."]),
    ("we try not to edit migrations after merge", ["Try not to edit migrations after merge."]),
    ("new helpers always go in utils/helpers.py", ["Always put new helpers in `utils/helpers.py`."]),
    ("No, intermediate models always go in models/intermediate/, not in models/staging/.",
     ["Always put intermediate models in `models/intermediate/`, not in `models/staging/`."]),
    # what the rest of the project uses is the team's way
    ("everything else in the project uses poetry", ["Use `poetry`."]),
    ("the rest of the codebase uses httpx, not requests", ["Use `httpx` instead of `requests`."]),
    # a hedged choice the person says the rest of the project already makes is the project's way
    ("maybe use a queue instead of polling, like the rest of the services", ["Use a queue instead of polling."]),
]


@pytest.mark.parametrize(("text", "expected"), RESIDUALS)
def test_residual_gives_its_rule(text: str, expected: list[str]) -> None:
    assert lessons(text) == expected


RESIDUAL_LOOKALIKES = [
    "as agreed, no new meeting rooms without asking",
    "we try not to touch the button",  # one thing of this task
    "we try not to touch the legacy module",
    "we try not to schedule meetings on fridays",  # the team's calendar
    "we try not to break the build",  # a mishap, not a way of working
    "everything else uses the old client",  # no tool
    "we avoid meetings on fridays",
    "I think we should use a queue instead of polling",  # an idea for this task's design
    "maybe use a queue instead of polling, like the other day",
]


@pytest.mark.parametrize("text", RESIDUAL_LOOKALIKES)
def test_residual_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []
