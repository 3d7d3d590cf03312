"""refl24 (issue 20, the built-in reflector): wrong or doubtful lessons it still wrote from ordinary sentences, and
standing rules it missed. Every sentence here is written for these tests, not taken from the real corpus; each form
has its look-alikes that must give nothing, and the standing rules next to it that must still give their lesson."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin
from altimate_learn.reflect.providers.builtin.rules import HEDGED_IDEA, ONE_COMPONENT, ONE_THING, UNRESOLVED


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


def why(text: str) -> str:
    return item_rules(FeedbackItem("user_correction", text))[1]


# --- 1. One thing of this task held back by "don't", "never" or "don't ever": which branch, which migration? ---

ONE_THING_HELD_BACK = [
    "don't deploy the feature branch to prod",  # it gave "Never deploy the feature branch to prod."
    "never deploy the feature branch to prod", "don't ever deploy the feature branch to prod",
    "don't deploy my branch to staging", "don't merge the hotfix branch into main", "don't merge the feature branch yet",
    "don't rebuild the release branch", "don't merge that branch", "don't deploy the old branch",
    "don't ever run the migration on prod",  # it gave "Never run the migration on prod."
    "never run the migration on prod", "never add the button back", "never add the modal back",
    "don't ever refactor the whole thing", "never rerun the script on the prod data", "don't ever rebuild the index",
    "don't ever install the package globally", "never create the table by hand",
]


@pytest.mark.parametrize("text", ONE_THING_HELD_BACK)
def test_one_thing_of_this_task_held_back_gives_nothing(text: str) -> None:
    assert rules(text) == []


def test_the_feature_branch_waits_with_the_reason_it_names_one_thing() -> None:
    assert why("don't deploy the feature branch to prod") == f"no standing rule: {ONE_THING}"
    assert why("don't ever run the migration on prod") == f"no standing rule: {ONE_THING}"


@pytest.mark.parametrize(("text", "lesson"), [
    ("don't push to the main branch", "Never push to the main branch."),
    ("never deploy the main branch on fridays", "Never deploy the main branch on fridays."),
    ("never commit directly to the main branch", "Never commit directly to the main branch."),
    ("never merge feature branches without review", "Never merge feature branches without review."),
    ("don't deploy feature branches to prod", "Never deploy feature branches to prod."),
    ("never run migrations on prod", "Never run migrations on prod."),
    ("don't ever run migrations against prod", "Never run migrations against prod."),
    ("never delete the migrations folder", "Never delete the migrations folder."),
    ("don't ever add secrets to the repo", "Never add secrets to the repo."),
    ("never update the lockfile by hand", "Never update the lockfile by hand."),
    ("never install packages globally", "Never install packages globally."),
    ("never deploy the app to prod on fridays", "Never deploy the app to prod on fridays."),
])
def test_kinds_the_main_branch_and_the_project_still_give_their_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# --- 2. "avoid" one thing of this task ---

@pytest.mark.parametrize("text", [
    "avoid the modal on mobile",  # it gave "Avoid the modal on mobile."
    "avoid the old client", "avoid the sidebar on small screens", "avoid the button in the header",
    "avoid the dropdown here", "avoid the new endpoint for now", "avoid the changelog",
])
def test_avoiding_one_thing_of_this_task_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("avoid global state", "Avoid global state."),
    ("avoid print statements in library code", "Avoid print statements in library code."),
    ("avoid mutable default arguments", "Avoid mutable default arguments."),
    ("avoid the `any` type", "Avoid the `any` type."),
    ("avoid inline styles", "Avoid inline styles."),
    ("avoid nested ternaries", "Avoid nested ternaries."),
    ("avoid raw SQL in the views", "Avoid raw SQL in the views."),
])
def test_avoiding_a_kind_or_code_is_still_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# --- 3. How one part of the app's screen should look or behave, "always" or not ---

UI_PART_STATEMENTS = [
    "The modal should always be centered.",  # it gave "The modal should always be centered."
    "the submit button should always be blue", "the header should always stay at the top",
    "the sidebar must always be collapsible", "the footer should never overlap the content",
    "the logo must always link to the home page", "the dropdown should always close on escape",
    "the chart should always start at zero", "the toast should always disappear after 3 seconds",
    "the title should always be bold", "the card should never have a shadow", "the header should never scroll",
    "the page should always load fast", "the button must never be disabled",
]


@pytest.mark.parametrize("text", UI_PART_STATEMENTS)
def test_one_part_of_the_screen_gives_nothing(text: str) -> None:
    assert rules(text) == []
    assert why(text) == f"no standing rule: {ONE_COMPONENT}"


@pytest.mark.parametrize(("text", "lesson"), [
    ("migrations should always be reversible", "Migrations should always be reversible."),
    ("the API should always return JSON", "The API should always return JSON."),
    ("the closing heredoc delimiter should always be on its own line",
     "The closing heredoc delimiter should always be on its own line."),
    ("the build must always pass before merging", "The build must always pass before merging."),
    ("commit messages should always be in English", "Commit messages should always be in English."),
    ("the changelog must always be updated", "The changelog must always be updated."),
    ("every page must have a title", "Every page must have a title."),
    ("buttons should always have an aria-label", "Buttons should always have an aria-label."),
    ("the tests should never hit the network", "The tests should never hit the network."),
])
def test_kinds_and_what_the_project_has_one_of_still_give_their_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# --- 4. A hedged design idea: "I think we should use a queue instead of polling" ---

HEDGED_IDEAS = [
    "I think we should use a queue instead of polling",  # it gave "Use a queue instead of polling."
    "I think it would be better to use a queue instead of polling",
    "maybe we should use a modal instead of a new page", "perhaps use a map instead of the list here",
    "I think a websocket instead of polling would be better", "I'd suggest a cron job instead of the loop",
    "maybe use a single table instead of two", "I think we should use a class instead of a function",
    "perhaps we should use a dropdown instead of radio buttons", "I guess we could use a queue instead of a thread",
    "maybe we should use a bar chart instead of a pie chart",
]


@pytest.mark.parametrize("text", HEDGED_IDEAS)
def test_a_hedged_design_idea_gives_nothing(text: str) -> None:
    assert rules(text) == []


def test_a_hedged_design_idea_waits_with_its_reason() -> None:
    result = reflect_builtin([FeedbackItem("user_correction", "I think we should use a queue instead of polling",
                                           signal_id="s1")], [])
    assert result.deltas == []
    assert result.skipped == [("s1", f"no standing rule: {HEDGED_IDEA}")]


@pytest.mark.parametrize(("text", "lesson"), [
    ("I think we should use httpx instead of requests", "Use `httpx` instead of `requests`."),
    ("I'd prefer tabs over spaces", "Use tabs, not spaces."),
    ("I think we should use pathlib instead of os.path", "Use `pathlib` instead of `os.path`."),
    ("we should probably use Decimal instead of float for money", "Use `Decimal` instead of `float` for money."),
])
def test_a_hedged_choice_of_code_or_kinds_still_gives_its_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# --- 5. "don't use colors in the output": which output? ---

@pytest.mark.parametrize("text", [
    "don't use colors in the output", "don't use emojis in the output", "don't print tables in the output",
])
def test_a_dont_about_the_output_gives_nothing(text: str) -> None:
    assert rules(text) == []
    assert why(text) == f"no standing rule: {UNRESOLVED}"


@pytest.mark.parametrize(("text", "lesson"), [
    ("never use colors in the output", "Never use colors in the output."),  # the person's "never": every output
    ("don't use colors in the CLI output", "Never use colors in the CLI output."),
    ("don't use emojis in commit messages", "Never use emojis in commit messages."),
    ("never use ANSI colors in log files", "Never use ANSI colors in log files."),
])
def test_output_named_or_said_with_never_is_still_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]
