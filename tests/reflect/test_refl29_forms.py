"""The built-in reflector's changes of refl29 (issue 20): the wrong lessons found when the fourth blind set (blind4, now
dev data) was read. Each is fixed by a general form with look-alikes written here: what must give nothing gives nothing,
and what must still give its rule gives it."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. blind4's wrong lessons, and look-alikes of each: must give nothing --------------------------------------------
NOTHING = [
    # a report: a noun and what it still does ("Install step still takes 3m40 on every run, …" read "install" as a verb)
    "install step still takes 3m40 on every run, cache restore says 'Cache not found for input keys'. the key uses a "
    "hash of package-lock but we have pnpm-lock.yaml",
    "build step still takes 9 minutes on every push, the cache key never matches",
    "deploy job still fails on every tag, says permission denied",
    "lint step still reports 40 warnings on each run",
    "upload still hangs at 99% every time",
    # what one part of this app should do, asked with "make the …" ("every 5s", "by default" are no "every time")
    "ok next can you add the testimonials carousel under the FAQ. the three logos from the old site are in public/logos. "
    "btw the pricing toggle you made shows yearly prices when monthly is selected, the labels are swapped. and make the "
    "carousel autoplay every 5s but pause on hover",
    "make the dark mode toggle use the system setting by default instead of light",
    "make the banner fade out after 3s",
    "make the sidebar collapse on mobile by default instead of staying open",
    "make the slider snap every 10px",
    "make the modal close on escape every time",
    # a choice for one thing of this task, given its size as the reason ("Use `TRUNCATE` instead of `DELETE`.")
    "use TRUNCATE, not DELETE, the table has 80M rows. delete will bloat the table and take forever, and vacuum has to "
    "clean up afterwards. nothing references it with a foreign key so truncate is safe here",
    "use COPY instead of INSERT, the file has 2M lines",
    "use streaming instead of loading it whole, the file is 4GB",
    "use a bulk update instead of a loop, the table has 30M rows",
    # a requirement of the thing asked for in the same sentence (", add a …", ", and add a …")
    "next: the worker should always drain the queue before shutting down, add a graceful shutdown with a 30s timeout",
    "don't cache images bigger than 5mb, and add a settings option to clear the cache",
    "the importer should always skip duplicate rows, add a summary at the end",
    "don't retry on 4xx, and add a metric for the failures",
    "never show the email in the profile card, and add a copy button next to the name",
    # how one thing of this task should behave, "always" or "never", tied to nothing the project or the agent did
    "the script should never overwrite an existing output file, write to a timestamped name instead",
    "the script should always write a log file next to the output",
    "the job should never run twice at the same time",
    "the endpoint should always return the total count",
    # "one" standing for what only the conversation names ("Use one per AZ instead of a shared one.")
    "use one per AZ instead of a shared one",
    "use one per region instead of a shared one",
    "use one per tenant, not a global one",
    "use a new one instead of the old one",
    # a request for new work whose "we" tells what happened, not how the team works (the NAT row gave two lessons)
    "now add the NAT gateway. use one per AZ instead of a shared one, this is for prod and we had an outage last year "
    "when the only NAT's AZ went down. the private route tables should each point to the NAT in their own AZ. output "
    "the elastic IPs, the partner needs them for their allowlist",
    "now add the cron job. run it at 3am instead of midnight, we had a clash with the backup last month. the job should "
    "log to stdout",
    # "we said" about one thing of this task
    "we said the new banner goes on top, not the footer",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


STILL = [
    # a reminder lead "remember we said" / "we agreed" before the rule: the rule alone ("Put we said all new components
    # in `packages/ui`, …" before)
    ("remember we said all new components go in packages/ui, not the app folder",
     ["Put all new components in `packages/ui`, not the app folder."]),
    ("remember we said all new hooks go in src/hooks, not the component folder",
     ["Put all new hooks in `src/hooks`, not the component folder."]),
    ("we agreed all migrations go in db/migrations, not in the app folder",
     ["Put all migrations in `db/migrations`, not in the app folder."]),
    # an imperative of install, and a step of every run
    ("always run the install step before the tests", ["Always run the install step before the tests."]),
    ("install dependencies with pnpm, never npm", ["Install dependencies with `pnpm`, never `npm`."]),
    # a kind of thing made to do something
    ("make all new components accept a className prop", ["Make all new components accept a `className` prop."]),
    # one of a kind named, not a pronoun
    ("use one file per component instead of a barrel", ["Use one file per component instead of a barrel."]),
    ("use a separate queue per tenant instead of a shared queue",
     ["Use a separate queue per tenant instead of a shared queue."]),
    # the rule's other half after a comma (the thing made anew instead), or a kind of thing after "add … to"
    ("we never commit keys, add them to the vault", ["Never commit keys; add them to the vault."]),
    ("never edit migrations that are already merged, add a new migration",
     ["Never edit migrations that are already merged; add a new migration."]),
    ("migrations are never edited once merged, add a new one instead", ["Migrations are never edited once merged; add a new one."]),
    ("don't use print, and add the logger to new modules", ["Never use `print`; add the logger to new modules."]),
    # a kind, what a project has one of, or a recalled rule about one thing
    ("the tests should never hit the network", ["The tests should never hit the network."]),
    ("the API should always return JSON", ["The API should always return JSON."]),
    ("we agreed the endpoint should always return cents", ["The endpoint should always return cents."]),
    ("as discussed, the firmware must not allocate after init. this adds a malloc in the ISR path",
     ["The firmware must not allocate after init."]),
    # a choice for a kind of thing, or with a reason that is no size of one thing
    ("use COPY instead of INSERT for bulk loads", ["Use COPY instead of `INSERT` for bulk loads."]),
    ("use pnpm, not npm, the lockfile is pnpm-lock.yaml", ["Use `pnpm` instead of `npm`."]),
    ("we use TRUNCATE instead of DELETE for staging tables, they have millions of rows",
     ["Use `TRUNCATE` instead of `DELETE` for staging tables."]),
]


@pytest.mark.parametrize(("text", "rules"), STILL)
def test_form_still_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


# --- 2. review28's R28-14 and the residuals refl28 and review28 left ------------------------------------------------
GIVES = [
    # a kind of new thing and the tool it uses (it gave "Use all new endpoints use fastapi instead of `flask`.")
    ("all new endpoints use fastapi instead of flask", ["All new endpoints use fastapi instead of `flask`."]),
    ("new services use poetry instead of pip", ["New services use `poetry` instead of `pip`."]),
    ("all new tests use pytest instead of unittest", ["All new tests use `pytest` instead of `unittest`."]),
    # a kind of thing done with a tool, every time
    ("write the tests with pytest instead of unittest", ["Write the tests with `pytest` instead of `unittest`."]),
    ("set up new services with poetry instead of pip", ["Set up new services with `poetry` instead of `pip`."]),
    # what code avoids, a mass noun of code talk
    ("we try to avoid global state", ["Avoid global state."]),
    ("we avoid inheritance", ["Avoid inheritance."]),
    # "no X" recalled with "remember we said" / "we agreed"
    ("remember we said no ORM in the reporting service, raw SQL only", ["No ORM in the reporting service, raw SQL only."]),
    ("we agreed no mocks in integration tests", ["Never use mocks in integration tests."]),
    # a kind of new thing placed
    ("new reports go in reports/", ["Put new reports in `reports/`."]),
    ("all new pages go under pages/", ["Put all new pages under `pages/`."]),
    # "would you mind not …ing"
    ("would you mind not adding emojis to commit messages?", ["Never add emojis to commit messages."]),
    # a "never" rule, then the next step of the task with its own path (half_placement held the rule back)
    ("you left console.log statements in four files. next, send the reset email from emails/reset.mjml",
     ["Never leave `console.log` statements in the code."]),
    ("you left print statements in again. after that, wire the export to reports/export.py",
     ["Never leave print statements in the code."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES)
def test_residual_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES = [
    # one thing of this task, or people, with a tool
    "the new endpoints use fastapi instead of flask", "users use chrome instead of firefox",
    # one thing of this task set up, created, built or written with another tool (R28-14)
    "set up the queue with rq instead of celery", "create the form with react-hook-form instead of formik",
    "set up the cache with redis instead of memcached", "build the chart with recharts instead of d3",
    "write the parser with lark instead of regexes",
    # what a team avoids outside the code, or one thing
    "we try to avoid the main road", "we try to avoid overtime",
    # "no X" recalled about what is no code, or this task's thing
    "we said no meetings on friday", "we said no changes to the button",
    # the new thing of this task placed ("Put each new report in `reports/q3`.")
    "the new report goes in reports/q3 and is due friday", "the new migration goes in db/migrations",
    "the new page goes under pages/admin",
    # "would you mind not …" about one thing or a pronoun
    "would you mind not touching the button?", "would you mind not doing that now?",
    # the path of the rule's own other half still holds the "never" half back (review14 R14-2)
    "don't put the business logic in the route handler. Totals are computed in src/shop/services/ and the handler only "
    "calls them",
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_residual_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 3. Forms of blind4's rule rows that gave nothing ----------------------------------------------------------------
GIVES_3 = [
    # "no X ever": the person's own word that it holds every time
    ("no force pushes to shared branches ever", ["No force pushes to shared branches."]),
    ("no force pushes to main, ever", ["No force pushes to main."]),
    ("no merging without review ever", ["Never merge without review."]),
    ("no print statements ever", ["Never use print statements."]),
    # the tool refused, then the one the team uses (two tools of one job)
    ("not formik, we already use react-hook-form everywhere", ["Use `react-hook-form` instead of `formik`."]),
    ("not npm, use pnpm", ["Use `pnpm` instead of `npm`."]),
    ("not pip, we use poetry here", ["Use `poetry` instead of `pip`."]),
    # a tool added when the whole codebase uses another of its job
    ("why add requests when the whole codebase uses httpx? now we have two http clients", ["Use `httpx` instead of `requests`."]),
    ("why add moment when the rest of the codebase uses dayjs?", ["Use `dayjs` instead of `moment`."]),
    # the pattern a kind of thing is named by, with a placeholder
    ("staging models are named stg_<source>__<entity>", ["Name staging models `stg_<source>__<entity>`."]),
    ("migrations are named <timestamp>_<slug>.sql here", ["Name migrations `<timestamp>_<slug>.sql`."]),
    # reminder leads: "like last time", "as discussed yesterday"
    ("like last time: user facing strings go in Localizable.strings, we ship in 9 languages",
     ["Put user facing strings in `Localizable.strings`."]),
    ("as discussed yesterday, every schema change needs a backwards compatible two step migration here. add the column "
     "nullable first", ["Every schema change needs a backwards compatible two step migration."]),    # tests the agent wrote reaching a real outside service (blind2 and blind3 say it alike)
    ("good. one thing before the next task, the unit tests you wrote hit the real Stripe API, they need to use the mock "
     "client. then do refunds", ["Never hit the real Stripe API in unit tests."]),
    ("the tests you wrote hit the real database", ["Never hit the real database in tests."]),
    ("the integration tests you added call the real payment service, mock it", ["Never hit the real payment service in integration tests."]),    # two languages (or two tools of one job) with the new work they hold for
    ("no. swift, not objective-c, for new files", ["Use swift instead of objective-c for new files."]),
    ("kotlin, not java, for new code", ["Use kotlin instead of java for new code."]),
    ("pnpm, not npm, for new projects", ["Use `pnpm` instead of `npm` for new projects."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES_3)
def test_blind4_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES_3 = [
    # "no X ever" about this task's thing or no code
    "no changes to the button ever", "no meetings on friday ever", "no, not ever",
    # no two tools of one job
    "not staging, use prod", "not formik, we use the old form lib", "not the button, use the link",
    "not now, use the other one",
    "why add a button when the whole app uses links", "why add requests when the whole team uses slack",
    # people, a name without a placeholder, or "named after"
    "users are named <first>_<last>", "staging models are named after the source", "the files are named stg_orders",
    # a reminder's lead before one thing of this task
    "like last time, fix the button", "as discussed yesterday, the new banner goes on top",
    # what is no outside service, or not tests the agent wrote
    "the tests you wrote hit the real button", "the users you added hit the real api",
    # two languages bare (what one file is written in), or no language or tool
    "swift, not objective-c", "blue, not red, for new screens",
]


@pytest.mark.parametrize("text", LOOKALIKES_3)
def test_blind4_form_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- 4. review29's R29-6 and R29-7 ----------------------------------------------------------------------------------
GIVES_4 = [
    # R29-6: a kind of new thing and what it uses, whatever the quantifier or the verb's number, kept as said
    ("every new migration uses alembic instead of raw sql files",
     ["Every new migration uses alembic instead of raw sql files."]),
    ("each new service uses poetry instead of pip", ["Each new service uses `poetry` instead of `pip`."]),
    ("all new code uses httpx instead of requests", ["All new code uses `httpx` instead of `requests`."]),
    ("any new job uses celery beat instead of cron", ["Any new job uses celery beat instead of `cron`."]),
    ("every new test uses factories instead of fixtures", ["Every new test uses factories instead of fixtures."]),
    # R29-7: a rule about code keeps, and a rule tied to the team keeps without the request after it
    ("don't use floats for money, and add a test for the rounding", ["Never use `float` for money."]),
    ("our api handlers should always validate input with pydantic, add a model for the new endpoint too",
     ["Our api handlers should always validate input with `pydantic`."]),
    ("we never cache user data in redis, add a note about it to the readme", ["Never cache user data in redis."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES_4)
def test_review29_form_gives_its_rule(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


LOOKALIKES_4 = [
    # R29-6: never "Use <subject> uses …"
    "all our endpoints use fastapi instead of flask", "every user uses chrome instead of firefox",
    # R29-7: a choice for this task's thing, its size the reason, "here" or not
    "use COPY instead of INSERT here, the file has 5M lines",
    "use bulk_create, not save() in a loop, there are 2M rows",
]


@pytest.mark.parametrize("text", LOOKALIKES_4)
def test_review29_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []
