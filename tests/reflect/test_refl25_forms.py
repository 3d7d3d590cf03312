"""refl25 (issue 20, the built-in reflector): team conventions stated as facts, and rules said again as a question,
a complaint or a reminder. Each form: the rule it must give, and the look-alikes (this task's things, questions,
reports, what a product lets its users do) that must give nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. Conventions stated as facts of the team --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "lesson"), [
    ("we use UUIDs for ids", "Use UUIDs for ids."),
    ("we use transactions for writes", "Use transactions for writes."),
    ("we use tabs here", "Indent with tabs."),
    ("this project uses tabs", "Indent with tabs."),
    ("we indent with 2 spaces", "Indent with 2 spaces."),
    ("we use 2 spaces for indentation", "Indent with 2 spaces."),
    ("our indentation is four spaces", "Indent with 4 spaces."),
    ("again with the tabs. we use 4 spaces in python files", "Indent with 4 spaces in python files."),
    ("we use conventional commits", "Use conventional commits."),
    ("we follow conventional commits, remember that", "Follow conventional commits."),
    ("we use semantic versioning", "Use semantic versioning."),
    ("We always use snake_case for column names", "Always use `snake_case` for column names."),
    ("we don't allow force pushes to main", "Force pushes to main are not allowed."),
    ("we don't accept PRs without tests", "PRs without tests are not accepted."),
    ("we do not allow direct commits to main", "Direct commits to main are not allowed."),
    ("we don't allow any-types", "`any` types are not allowed."),
    ("merge commits aren't allowed on main", "Merge commits are not allowed on main."),
    ("force pushes are never allowed", "Force pushes are not allowed."),
    ("emojis are not allowed here", "Emojis are not allowed."),
    ("never force-push the release branch", "Never force-push the release branch."),
    ("don't force-push to main", "Never force-push to main."),
    ("we never force-push shared branches", "Never force-push shared branches."),
    ("Use `git rebase` instead of merge.", "Use `git rebase` instead of merge."),
    ("use git rebase instead of merge", "Use `git rebase` instead of merge."),
    ("we keep handlers thin", "Keep handlers thin."),
    ("we pin all dependencies", "Pin all dependencies."),
    ("we always squash commits before merging", "Always squash commits before merging."),
    ("we prefix private methods with an underscore", "Prefix private methods with an underscore."),
    ("the submit button should always be disabled while saving",
     "The submit button should always be disabled while saving."),
    ("the save button must always be disabled until the form is valid",
     "The save button must always be disabled until the form is valid."),
])
def test_a_convention_stated_as_a_fact_gives_its_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


CONVENTION_LOOKALIKES = [
    # this task's things, pronouns, a moment
    "we use this for testing", "we use it for now", "we use a lot of memory for that", "we use the old client for the report",
    "we use tabs for the navigation", "we use tabs in the settings page", "we use mocks for tests in the new module",
    "we use fixtures for the 3 tests", "we use tabs?", "do we use tabs here?", "we used tabs before",
    "we indent the code later", "we follow the plan", "we follow up tomorrow", "we follow the instructions in the ticket",
    "we follow up on tickets", "we rebase onto main", "we document everything", "we pin the version for now",
    "we keep the old version", "we keep getting errors", "we keep running into this bug", "we keep it simple",
    "we keep things simple", "we keep costs low", "we keep track of users", "we keep strict TS",
    "we keep handlers in the api folder?", "we squash them later", "we prefix it with the date",
    # what a product lets its users do, or a state of the team (refl24's look-alikes stay)
    "we don't allow users to delete their accounts", "we don't allow anonymous users", "we don't allow that",
    "we don't allow it yet", "we don't accept it", "we don't accept the terms", "we don't accept cash",
    "users are not allowed to edit this", "comments are not allowed on this post", "guests are not allowed to see the page",
    "files are not allowed to be empty", "guests are not allowed in the admin page",
    # a bare "X are not allowed" reads as an error message; questions
    "force pushes are not allowed", "Cross-origin requests are not allowed", "we don't allow force pushes?",
    "why don't we allow force pushes?", "force pushes are not allowed, right?",
    # one part of the screen: its look, or an event (refl24)
    "the submit button should be disabled", "the modal should always be centered", "the button should always be blue",
    "the button should be disabled while saving", "the header should be red when I hover",
    "the button should always be blue while loading", "the dropdown should always close on escape",
    "the toast should always disappear after 3 seconds", "the button should always be disabled",
    # work on this task's things
    "every page needs fixing", "every file needs updates", "every test needs changes", "every one of them needs tests",
    "each of these needs tests", "all the files need tests", "every file needs tests in this folder",
    "change the size to 12", "never force-push this branch", "don't force-push the feature branch",
    "don't use any types",
]


@pytest.mark.parametrize("text", CONVENTION_LOOKALIKES)
def test_convention_lookalikes_give_nothing(text: str) -> None:
    assert rules(text) == []


# --- 2. A rule said again: a question, a complaint, a reminder -----------------------------------------------------

@pytest.mark.parametrize(("text", "lesson"), [
    ("why did you use npm? we use pnpm", "Use `pnpm` instead of `npm`."),
    ("you forgot the tests again, every PR needs tests", "Every PR needs tests."),
    ("where are the tests? every feature needs tests", "Every feature needs tests."),
    ("every endpoint needs tests", "Every endpoint needs tests."),
    ("I told you before, no print statements", "Never use print statements."),
    ("I told you, no emojis", "Never use emojis."),
    ("I said no console.log", "Never use `console.log`."),
    ("for the last time, no console.log in production code", "Never use `console.log` in production code."),
    ("how many times do i have to say it, no inline styles", "Never use inline styles."),
    ("no more emojis in commit messages", "Never use emojis in commit messages."),
    ("didn't we agree to keep handlers thin?", "Always keep handlers thin."),
    ("I told you to keep handlers thin", "Always keep handlers thin."),
    ("we agreed to pin dependencies", "Always pin dependencies."),
    ("as I said, keep functions small", "Always keep functions small."),
    ("I've told you multiple times, use pnpm", "Always use `pnpm`."),
    ("I said it again: don't push to main", "Never push to main."),
    ("have you forgotten that we use pnpm?", "Use `pnpm`."),
    ("how many times do I have to say: run ruff before committing", "Run `ruff` before committing."),
    ("could you maybe not use any-types, we keep strict TS", "Never use `any` types."),
    ("please stop using any-types", "Never use `any` types."),
    ("you keep committing to main", "Never commit to main."),
    ("you keep pushing directly to master", "Never push directly to master."),
])
def test_a_rule_said_again_gives_the_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


SAID_AGAIN_LOOKALIKES = [
    # the task step, not the rule
    "change the size to 12", "I told you to restart the server", "I told you to run the migrations",
    "I told you to delete those files", "I told you to keep it simple", "I told you to keep the button",
    "I told you to use the staging db", "we agreed to keep the old endpoint", "remember to keep handlers thin",
    "didn't we agree to fix the header?", "didn't we agree on the design?", "didn't we say to ship it today?",
    "didn't we agree to use the new API?", "you forgot the tests again", "you forgot to save the file again",
    "you keep committing to the feature branch",
    # "no" that names nothing a project keeps out
    "no errors", "no more errors", "I said no changes", "no more questions", "I told you, no", "no mocks needed",
    "no more tests for now", "no emojis?", "I told you, no emojis in this file",
    # questions and reports
    "did you forget we have a meeting?", "have you forgotten that we have a deadline?", "why did you do that?",
    "why is the build failing?", "the tests are still failing", "why did you push to main again?",
]


@pytest.mark.parametrize("text", SAID_AGAIN_LOOKALIKES)
def test_said_again_lookalikes_give_nothing(text: str) -> None:
    assert rules(text) == []


# --- 3. Task requests and renderings the blind written set showed (general forms only) -----------------------------

@pytest.mark.parametrize(("text", "lesson"), [
    # a Go package pattern keeps its dots, and the sentence does not end at them
    ("always run go test ./...", "Always run `go test ./...`."),
    ("run go test ./... before committing", "Run `go test ./...` before committing."),
    # "just <fix> <one thing>" after a prohibition is this task's step, not part of the rule
    ("stop rewriting the whole file, just fix the import", "Never rewrite the whole file."),
    ("Don't use DISTINCT to hide duplicates, fix the join", "Never use `DISTINCT` to hide duplicates; fix the join."),
    ("Please stop using `SELECT *` in the marts, list the columns explicitly",
     "Never use `SELECT *` in the marts; list the columns explicitly."),
    ("Create a new `alembic revision` instead of editing existing migrations.",
     "Create a new `alembic revision` instead of editing existing migrations."),
    ("pin react to 18.2", "Pin react to 18.2."),
    ("Put tests for new endpoints in `tests/api/` and use the `client` fixture.",
     "Put tests for new endpoints in `tests/api/` and use the `client` fixture."),
])
def test_rules_beside_task_requests_keep_their_form(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "can you write a helper that returns None instead of raising when the key is missing?",
    "write a script that uses httpx instead of requests",
    "Can you set up a pre-commit hook that never lets secrets through?",
    "set up a hook that always runs ruff",
    "Parse the vendor CSVs and write one summary per day.",
    "read the config and write a summary per file",
    "tag the release as v2.0",
    "release version 1.4.0 to staging",
])
def test_one_thing_to_build_two_steps_or_a_version_give_nothing(text: str) -> None:
    assert rules(text) == []


# --- 4. Ordinary messages (tests/reflect/fixtures/ordinary_sentences.txt, written before these changes) ------------

ORDINARY = [line.strip() for line in
            (__import__("pathlib").Path(__file__).parent / "fixtures" / "ordinary_sentences.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
# The one ordinary message that still gives a lesson: the team's alert tool, a fact a later agent may use.
ORDINARY_WITH_A_LESSON = {"we use slack for alerts": ["Use `slack` for alerts."]}


def test_ordinary_messages_give_no_lesson() -> None:
    given = {text: found for text in ORDINARY if (found := rules(text))}
    assert len(ORDINARY) == 247
    assert given == ORDINARY_WITH_A_LESSON


# --- 5. review25 R25-3 on 3465e4e7: "we use …" / "every X needs" wrong lessons, and the forms beyond the brief's nouns --

@pytest.mark.parametrize("text", [
    "we use a ton of memory in the importer",  # gave "Use a ton of memory in the importer."
    "we use a lot of tabs in the admin UI", "we use Python 2 in the legacy service, unfortunately",
    "we use Redis mostly for sessions", "we use too many queries for the dashboard",
    "every customer needs to re-login after the deploy",  # gave "Every customer must re-login after the deploy."
    "every user needs a profile photo", "each customer needs an invoice",
    "we indent it with 4 spaces", "I told you, no running the tests now", "no merging",
])
def test_how_things_are_and_what_a_product_gives_its_users_give_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("I told you before, no semicolons", "Never use semicolons."),
    ("have you forgotten that we don't use semicolons?", "Never use semicolons."),
    ("I told you before, no secrets in the repo", "Keep secrets out of the repo."),
    ("I said no binaries", "Never commit binaries."),
    ("I told you before, no merging without review", "Never merge without review."),
    ("I told you to always squash commits", "Always squash commits."),
    ("have you forgotten that migrations go in db/migrate?", "Put migrations in `db/migrate`."),
    ("we indent SQL with 4 spaces", "Indent SQL with 4 spaces."),
    ("we don't allow raw SQL in views", "Raw SQL in views is not allowed."),
    ("migrations must be reviewed before the release", "Migrations must be reviewed before the release."),
])
def test_the_forms_hold_beyond_the_briefs_nouns(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# --- 6. More ways a rule is said again, and the project's way said in the passive -----------------------------------

@pytest.mark.parametrize(("text", "lesson"), [
    ("why would you put the API key in the Dockerfile?", "Never put the API key in the `Dockerfile`."),
    ("why would anyone commit secrets?", "Never commit secrets."),
    ("since when do we query the warehouse with raw SQL strings inside the models?",
     "Never query the warehouse with raw SQL strings inside the models."),
    ("keep your hands off the prod workspace", "Never touch the prod workspace."),
    ("hands off the migrations", "Never touch the migrations."),
    ("second time now: leave the generated protobuf files alone", "Never touch the generated protobuf files."),
    ("this is the third time: no console.log", "Never use `console.log`."),
    ("isnt that what the ref macro is for? dont hardcode schemas", "Never hardcode schemas."),
    ("this repo uses Vitest, there's no Jest", "Use `vitest` instead of `jest`."),
    ("we decided on snake_case for the JSON fields, remember?", "Always use `snake_case` for the JSON fields."),
    ("staging models are prefixed stg_ in this project", "Staging models are prefixed `stg_`."),
    ("handlers get registered in main.go in this codebase", "Handlers get registered in `main.go`."),
])
def test_more_ways_a_rule_is_said_give_it(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "why would you do that?", "why would you use the old client here?", "why would you think that?", "why would it fail?",
    "leave the button alone", "leave it alone", "don't hardcode the values", "don't hardcode things",
    "we use docker, there is no budget", "we decided on the blue design, remember?", "we agreed on friday for the release",
    "you're supposed to use pnpm, right?", "requests are rejected with a 403 here", "users are redirected to /login here",
    "tests are skipped here", "files are stored in s3 here",
    "Create the orders module. All prices are stored in cents, and handlers get registered in main.go in this codebase.",
    "you keep using console.log instead of the logger",
])
def test_their_lookalikes_give_nothing(text: str) -> None:
    assert rules(text) == []


# --- 7. review25 R25-8: "<things> <verb> X instead of Y" glued "Use" before a clause ---------------------------------

@pytest.mark.parametrize(("text", "lesson"), [
    ("tests use pytest fixtures instead of setUp", "Tests use `pytest` fixtures instead of `setUp`."),
    ("from now on, helpers return None instead of raising", "Helpers return None instead of raising."),
    ("components fetch data with useQuery instead of fetch", "Components fetch data with `useQuery` instead of `fetch`."),
    ("going forward, migrations use alembic instead of raw SQL", "Migrations use alembic instead of raw SQL."),
    ("we fetch data with useQuery instead of fetch", "Fetch data with `useQuery` instead of `fetch`."),
])
def test_a_kind_and_what_it_does_instead_is_kept_as_said(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "the services talk over gRPC instead of REST",  # gave "Use the services talk over `gRPC` instead of REST."
    "amounts come out in cents instead of dollars in the payloads, fix the currency",
    "users get an email instead of a text", "the tests use mocks instead of the real db",
])
def test_a_clause_before_instead_of_never_gets_use_glued_on(text: str) -> None:
    assert rules(text) == []


# --- 8. Look-alikes tried after the forms landed ---------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "we use spaces for the hero section", "didn't we agree to keep costs down?", "didn't we agree to use fewer colors?",
    "since when do we use docker?", "since when do we have a staging server?",
    "the submit button should always be visible while scrolling",
    "we use tabs to switch between views", "this project uses tabs in the sidebar", "we used to use conventional commits",
    "we don't allow that many requests", "pull requests from forks are not allowed", "we pin our hopes on the new release",
    "I told you before, no more meetings", "I told you to put the logo on the left", "why would you care?",
    "keep your hands off my code", "leave me alone", "leave the rest alone for now", "every time I run it it fails",
    "have you forgotten that it's friday?", "orders are shipped with fedex here",
])
def test_later_lookalikes_give_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("we use 2 spaces for yaml", "Indent with 2 spaces in yaml."),
    ("no more merge commits on main", "Never use merge commits on main."),
    ("no more hardcoded values please", "Never use hardcoded values."),
])
def test_later_forms_give_their_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# review25 R25-10: a question asked to learn ("I didn't know", "just curious") objects to nothing
@pytest.mark.parametrize("text", [
    "since when do we use Kotlin? I didn't know",
    "since when do we write tests with mocks in the api layer? I didn't know",
    "why would you put the key in the Dockerfile? just curious",
    "why would you use Redis for this? genuinely asking",
])
def test_a_question_asked_to_learn_gives_nothing(text: str) -> None:
    assert rules(text) == []
