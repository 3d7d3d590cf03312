"""The built-in reflector's changes of refl30 (issue 20): the wrong lessons found when the fifth blind set (blind5, now
dev data) was read. Each is fixed by a general form with look-alikes written here: what must give nothing gives nothing,
and what must still give its rule gives it."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. blind5's wrong lessons, and look-alikes of each: must give nothing --------------------------------------------
NOTHING = [
    # a request for new work that replaces one thing ("instead of the old …") is no rule for the project
    "add a dark mode toggle to the settings page instead of the old theme dropdown. keep the choice in localStorage and "
    "default to the system setting on the first visit. the toggle goes next to the language picker",
    "add a date picker to the filter bar instead of the old text field. keep the last range in the url and default to "
    "the last 7 days",
    "build a search box instead of the current dropdown. always show the five latest results under it",
    # ... and a request whose new thing is described by a clause ("that runs on every push") replacing "the X we have now"
    "create a github action that runs on every push to main and on PRs, instead of the jenkins job we have now. it "
    "should run lint, unit tests and build the docker image, and always upload the coverage report as an artifact even "
    "if the tests fail",
    "create a cron job that runs every night, instead of the manual script we have now. it should always email the "
    "report to ops",
    "add a webhook that fires on every order update. it should never retry more than 3 times",
    # a choice whose reason is where this task's thing will run
    "Use Redis for the session store instead of memory, this will run on 3 instances behind the load balancer. the "
    "connection string will be in REDIS_URL, locally use the one from docker-compose",
    "use postgres for the job queue instead of sqlite, it will run on two workers",
    "use S3 for the uploads instead of the local disk, this'll run behind an autoscaling group",
    # the person corrects their own words
    "oh wait, my bad, I gave you the wrong table name. it's analytics.page_views, not web.page_views",
    "sorry, I meant staging.orders, not prod.orders",
    "I typed the wrong bucket, it's s3://acme-assets-dev not s3://acme-assets",
    "typo on my part: use fetch_orders, not fetch_order",
    "I mixed them up, use eu-west-1 instead of us-east-1",
    # one thing of this task given its one name, bare
    "Looks fine overall, merging soon. Before that: the airflow task you added has retries=0, our default is 3 for every "
    "task, please change it and keep it that way for future DAGs. And name the branch feat/DATA-412.",
    "name the branch fix/login-redirect",
    "call the table order_items_v2",
    "name the bucket acme-exports-2024",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 2. the forms those fixes sit next to: must still give their rule -------------------------------------------------
STILL = [
    ("add a changelog entry for every user-facing change", ["Add a changelog entry for every user-facing change."]),
    ("use pnpm instead of npm, it will break the lockfile otherwise", ["Use `pnpm` instead of `npm`."]),
    ("use Decimal instead of float for money, it will run in the billing service",
     ["Use `Decimal` instead of `float` for money."]),
    ("sorry, I meant pnpm, not npm, we always use pnpm", ["Always use `pnpm`."]),
    ("my bad for not saying it earlier, but we never use print in this repo", ["Never use `print`."]),
    ("name branches feat/<ticket>-<slug>", ["Name branches `feat/<ticket>-<slug>`."]),
    ("we name feature branches feat/<ticket>", ["Name feature branches `feat/<ticket>`."]),
    ("it's analytics.page_views, not web.page_views", ["Use `analytics.page_views` instead of `web.page_views`."]),
]


@pytest.mark.parametrize(("text", "rules"), STILL)
def test_form_still_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


# --- 3. refl29's residuals and review29's misses: the rule given, in the person's words --------------------------------
GIVES = [
    ("we try not to use global state", ["Avoid global state."]),  # a preference, not a ban (review30 R30-8)
    ("we try to avoid magic numbers", ["Avoid magic numbers."]),
    ("we agreed: no new dependencies without asking", ["Never add new dependencies without asking."]),
    ("as agreed, no new dependencies without asking", ["Never add new dependencies without asking."]),
    ("I told you before, no new migrations without a review", ["Never add new migrations without a review."]),
    ("why add lodash when the whole codebase uses ramda", ["Use `ramda` instead of `lodash`."]),
    ("why add lodash when the codebase uses ramda", ["Use `ramda` instead of `lodash`."]),
    ("why use moment when our app uses dayjs?", ["Use `dayjs` instead of `moment`."]),
    ("immer pnpm, nicht npm", ["Immer `pnpm`, nicht `npm`."]),
    ("bitte immer vitest, nicht jest", ["Immer `vitest`, nicht `jest`."]),
    ("siempre pnpm, no npm", ["Siempre `pnpm`, no `npm`."]),
    ("toujours pnpm, pas npm", ["Toujours `pnpm`, pas `npm`."]),
    ("sempre pnpm, não npm", ["Sempre `pnpm`, não `npm`."]),
    # what stays as it was beside them
    ("we avoid raw SQL in the models", ["Avoid raw SQL in the models."]),
    ("we try to avoid global state", ["Avoid global state."]),
    ("we avoid merges on fridays", ["Avoid merges on fridays."]),
    ("avoid network calls in unit tests", ["Avoid network calls in unit tests."]),
    ("never send emails from the request handler", ["Never send emails from the request handler."]),
    ("we prefix private methods with an underscore", ["Prefix private methods with an underscore."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES)
def test_residual_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES = [
    # the team's calendar, not its code
    "we avoid meetings on fridays",
    "we avoid long meetings",
    "don't book meetings on fridays",
    "never schedule standups before 10",
    "we try not to have meetings on fridays",
    "we try to avoid long meetings",
    # "try not to" of what befalls the team, not a way of working
    "we try not to be late",
    "we try not to break the build",
    # "no new …" with nothing recalled, or about this task, or outside the code
    "no new dependencies without asking",
    "we agreed: no new meetings without an agenda",
    "we agreed: no new dependencies without asking about this one",
    # the codebase's own thing against one of a different kind, or an everyday word
    "why add a modal when the app uses drawers",
    # another language with a word of this task
    "immer pnpm, nicht npm, nur für dieses Skript",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_residual_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 4. forms two dev sets share (blind3 and blind5): a reminder's lead ended by a dash, a data convention with where the
# other part converts it, where a kind of file lives beside what it belongs to --------------------------------------------
SHARED = [
    ("we talked about this — feature flags go through LaunchDarkly, not env vars. env vars need a redeploy to flip.",
     ["Feature flags go through `LaunchDarkly`, not env vars."]),
    ("as I said — never commit to main", ["Never commit to main."]),
    ("remember – we use pnpm here", ["Use `pnpm`."]),
    ("reminder: timestamps are stored in UTC, the UI converts. you're saving local time here",
     ["Timestamps are stored in UTC."]),
    ("all timestamps are stored and returned in UTC here, the frontend does the conversion.",
     ["All timestamps are stored and returned in UTC."]),
    ("prices are stored in cents, the frontend formats them", ["Prices are stored in cents."]),
    ("tests live next to the component here (Foo.test.tsx), there is no __tests__ folder",
     ["Put tests next to the component, not in `__tests__`."]),
    ("tests in this repo live next to the code as *.test.ts, there is no __tests__ folder",
     ["Put tests next to the code as `*.test.ts`, not in `__tests__`."]),
    ("stories sit next to the component", ["Put stories next to the component."]),
]


@pytest.mark.parametrize(("text", "rules"), SHARED)
def test_shared_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


SHARED_LOOKALIKES = [
    "the timestamps are stored in UTC, the UI converts",  # which timestamps: this task's
    "timestamps are stored in UTC, the UI is broken",  # a report after it
    "the test lives next to the component",  # one test
    "tests live next to the button",  # one thing of this task's screen
    "we talked about this — the date column is UTC, no conversion",
]


@pytest.mark.parametrize("text", SHARED_LOOKALIKES)
def test_shared_form_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 5. more forms two sets share: a guard on the project's lockfile, "third time I'm saying this", a kind that follows a
# practice "here" (with its prefixes), the project said to be on a tool -----------------------------------------------------
SHARED_2 = [
    ("stop. don't touch the lockfile", ["Never touch the lockfile."]),
    ("third time I'm saying this: don't touch the lockfile", ["Never touch the lockfile."]),
    ("don't edit the license file", ["Never edit the license file."]),
    ("second time I'm telling you this, no print statements", ["Never use print statements."]),
    ("commits here follow conventional commits", ["Commits follow conventional commits."]),
    ("commit messages here follow conventional commits, feat:/fix:/chore:",
     ["Commit messages follow conventional commits."]),
    ("commit messages follow conventional commits (feat:, fix:, chore:)", ["Commit messages follow conventional commits."]),
    ("this repo is yarn berry, there is no package-lock here", ["Use `yarn`."]),
    ("this repo is on pnpm, there's no package-lock.json", ["Use `pnpm`."]),
]


@pytest.mark.parametrize(("text", "rules"), SHARED_2)
def test_shared_form_2_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


SHARED_2_LOOKALIKES = [
    "don't touch the code",
    "don't touch the branch",
    "don't touch the build",
    "don't touch the lockfile for this one",
    "third time I'm saying this: don't touch the button",
    "commits here follow the old style",
    "this project is on node 16",
    "our codebase is on django",
]


@pytest.mark.parametrize("text", SHARED_2_LOOKALIKES)
def test_shared_form_2_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 6. review30's R30-8: a challenge taken back, or an exception made, in the same message gives nothing ------------------
TAKEN_BACK = [
    "why add lodash when the codebase uses ramda? actually lodash is fine here",
    "we try not to add deps, but this one is fine",
    "we don't add deps, but this one is fine",
    "never use print in the workers, actually print is fine here",
    "use pnpm instead of npm. never mind, I'll do it myself",
]


@pytest.mark.parametrize("text", TAKEN_BACK)
def test_a_rule_taken_back_gives_nothing(text: str) -> None:
    assert lessons(text) == []
