"""refl46 (session #28): the built-in reflector on questions, complaints and reminders with a standing rule. Every message
here is our own wording, apart from the two review45 repros (live captures on opencode and Gemini).

1. A challenging question about a skipped step, then the team's tool for it (review45 R45-1): "how come you didnt run the
   linter before saying done? we always run ruff first" gave no lesson, with the reason that it points at "that dir";
   now "Always run `ruff` before saying a task is done.". "… first" with no moment named waits with its own reason.
2. The reminder of an agreement (review45 R45-3): "I thought we agreed to keep functions under 40 lines?" gave "no rule
   in it: a question" while "didn't we agree to keep type hints on every public function?" gave its rule; "didn't we say
   we'd …", "didn't we agree on pnpm?" too. Steps asked for after it are this task's ("I thought we agreed on Decimal,
   replace the floats and continue" gave "Always use `Decimal`, replace the floats and `continue`.").
3. A ban and the team's own tool read the same however they are joined: "dont use axios, we have apiClient" and "dont use
   axios. we use apiClient" gave "Never use `axios`." where "dont use axios, we use apiClient" gave "Use `apiClient`
   instead of `axios`.".
4. Languages are choices of one job: "why python? we use go" gave nothing.
5. A condition first and a check of a part of each new one: "when you add a migration, check its down()" gave nothing.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import FIRST_OF_WHAT, UNRESOLVED


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. a skipped step asked about, then the team's tool for it ------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("how come you didnt run the linter before saying done? we always run ruff first",  # review45 R45-1 (opencode)
     "Always run `ruff` before saying a task is done."),
    ("how come you didnt run the linter before saying done? we always run ruff",
     "Always run `ruff` before saying a task is done."),
    ("why didn't you run the linter before you said it's done? we use ruff",
     "Always run `ruff` before saying a task is done."),
    ("why didn't you run the tests before committing? we always run pytest first", "Always run `pytest` before committing."),
    ("why didn't you run the type checker before pushing? we run mypy", "Always run `mypy` before pushing."),
    ("how come you didn't run the tests before pushing? we always run the tests first",
     "Always run the tests before pushing."),
    # the question alone is "why didn't you …" said another way
    ("how come you didnt run the linter before saying done?", "Run the linter before saying a task is done."),
    # a tool of another job is no tool for that step: the question's own rule stands
    ("how come you didnt run the linter before saying done? we always run black first",
     "Run the linter before saying a task is done."),
])
def test_a_skipped_step_and_the_teams_tool_for_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "how come you didnt run the linter? we always run ruff first",  # before what?
    "we always run ruff first",
    "always run the migration first",
])
def test_first_with_no_moment_named_waits_with_its_own_reason(typed: str) -> None:
    assert _read(typed) == ([], f"no standing rule: {FIRST_OF_WHAT}")


def test_a_rule_that_does_not_say_which_keeps_its_reason() -> None:
    assert _read("never modify any other components") == ([], f"no standing rule: {UNRESOLVED}")


@pytest.mark.parametrize("typed", [
    "how come u dont use the logger?", "how come you didn't fix the header?", "how come you didn't run it?",
    "how come you didn't run the migration?", "how come you didn't use the staging db for this?",
])
def test_skipped_step_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 2. the reminder of an agreement ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("I thought we agreed to keep functions under 40 lines?", "Always keep functions under 40 lines."),  # R45-3 (Gemini)
    ("I thought we agreed to keep functions under 40 lines", "Always keep functions under 40 lines."),
    ("didn't we say we'd keep functions under 40 lines?", "Always keep functions under 40 lines."),
    ("didn't we agree to keep type hints on every public function?", "Always keep type hints on every public function."),
    ("I thought we had agreed to always add type hints?", "Always add type hints."),
    ("I thought we said to use pnpm?", "Always use `pnpm`."),
    ("I thought we agreed you'd never commit to main?", "Never commit to main."),
    ("didn't we agree on pnpm?", "Always use `pnpm`."),
    ("didn't we settle on ruff?", "Always use `ruff`."),
    ("I thought we settled on zod for validation?", "Always use `zod` for validation."),
    ("didn't we agree on snake_case for the JSON fields?", "Always use `snake_case` for the JSON fields."),
    # the steps asked for after it are this task's
    ("I thought we agreed on Decimal, replace the floats and continue", "Always use `Decimal`."),
    ("we agreed on Decimal, replace the floats and continue", "Always use `Decimal`."),
    ("I thought we agreed on pnpm, switch it back and keep going", "Always use `pnpm`."),
])
def test_a_reminder_of_an_agreement_gives_the_agreed_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "I thought we agreed to ship this today?", "I thought we agreed to fix the header first?",
    "I thought we said the button should be blue?", "I thought we agreed on monday?", "I thought we agreed to keep it simple?",
    "I thought we agreed to use the staging db for this", "I thought you fixed this already?",
    "I thought we decided to drop the feature?", "I thought we agreed to revert that", "I thought we said we'd deploy on friday",
    "didn't we agree on the blue one?", "didn't we agree on a deadline?", "I thought we agreed on friday for the release?",
    "I thought it was fine", "I thought so too",
])
def test_reminder_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. a ban and the team's own tool, however joined --------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("dont use axios, we have apiClient", "Use `apiClient` instead of `axios`."),
    ("dont use axios. we use apiClient", "Use `apiClient` instead of `axios`."),
    ("dont use axios, we use apiClient", "Use `apiClient` instead of `axios`."),
    ("dont use axios, we have apiClient in lib/http", "Use `apiClient` in `lib/http` instead of `axios`."),
    ("stop using moment. we have dayjs", "Use `dayjs` instead of `moment`."),
    ("dont use requests. we have httpx", "Use `httpx` instead of `requests`."),
    ("dont use npm. this repo uses pnpm", "Use `pnpm` instead of `npm`."),
    ("stop using npm. this repo uses pnpm", "Use `pnpm` instead of `npm`."),
])
def test_a_ban_and_the_teams_tool_read_the_same_however_joined(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lesson"), [
    ("pls dont use lodash we hav native methods for all of that", "Never use `lodash`."),  # no one thing to use instead
    ("dont use lodash, we have native methods for all of that", "Never use `lodash`."),
    ("dont use axios. we have a lot of tests", "Never use `axios`."),
    ("don't use axios. we have one already", "Never use `axios`."),
    ("never use print. we have the logger", "Never use `print`."),
])
def test_a_ban_with_no_one_thing_to_use_instead_stays_a_ban(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 4. languages are choices of one job --------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why python? we use go", "Use `go` instead of `python`."),
    ("why python again?? we use go", "Use `go` instead of `python`."),
    ("why python? we use go for the services", "Use `go` for the services instead of `python`."),
    ("why java? this repo is kotlin", "Use `kotlin` instead of `java`."),
])
def test_one_language_for_another(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "why python? we use python", "why sql? we use python", "why go? we use kubernetes", "why python? i just wanted to know",
])
def test_language_look_alikes_give_no_instead(typed: str) -> None:
    assert not any("instead" in rule for rule in _rules(typed))


# --- 5. a condition first, a check of a part of each new one -------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("when you add a migration, check its down()", "Check the `down()` of every new migration."),
    ("when you add a migration, test its rollback", "Test the rollback of every new migration."),
    ("when adding a new endpoint, test it", "Test every new endpoint."),
    ("when you add a dependency, pin its version", "Pin the version of every new dependency."),
])
def test_a_check_of_each_new_one(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "check the new migration", "test the new endpoint", "check every new file", "when you add a component, check it",
    "when you add a new user, check their email",
])
def test_check_look_alikes_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 6. a word of talk before a recalled rule; a folder from the root is a place ---------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("but I told you to use pnpm", "Always use `pnpm`."),
    ("no, I said to never commit to main", "Never commit to main."),
    ("but we agreed to keep handlers thin", "Always keep handlers thin."),
    ("I said to avoid using the gift_baskets directory", "Never use the `gift_baskets` directory."),
])
def test_a_recalled_rule_after_a_word_of_talk(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "but I said to fix the header", "but I said to restart the server", "but I said it was fine", "no I said the blue one",
    "but I told you to stop",
])
def test_a_recalled_step_after_a_word_of_talk_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "place"), [
    # a real dev correction's form: where the thing goes instead is a folder from the root, apart from the "never" half
    ("But I said to avoid using the gift_baskets directory, because gift basket purchases should be tracked within "
     "/Purchases", "/Purchases"),
    ("never put secrets in the repo, they live in /etc/secrets", "/etc/secrets"),
])
def test_a_never_rule_with_a_rooted_folder_apart_waits(typed: str, place: str) -> None:
    rules, why = _read(typed)
    assert rules == [] and f"names `{place}` apart from that rule" in why
