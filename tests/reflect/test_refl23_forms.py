"""review22's leftovers on the built-in reflector (refl23, issue 20 item 3): a kind of thing kept out of a kind of thing
("never use sleeps in tests") is a rule again, and this task's things ("these tests", "the old endpoint", "the new
button component", "explain in spanish") give nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# R22-2: a plain plural in the code slot became prose, and "Never use X in Y" then needed three content words.
@pytest.mark.parametrize(("text", "lesson"), [
    ("never use sleeps in tests", "Never use sleeps in tests."),
    ("never use wildcards in imports", "Never use wildcards in imports."),
    ("don't use abbreviations in the docs", "Never use abbreviations in the docs."),
    ("don't use mocks in integration tests", "Never use mocks in integration tests."),
    ("never use retries in unit tests", "Never use retries in unit tests."),
    ("never use sleeps in tests because they are flaky", "Never use sleeps in tests."),
    ("don't use wildcards in imports, it makes the namespace unclear", "Never use wildcards in imports."),
])
def test_a_kind_of_thing_kept_out_of_a_kind_of_thing_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


KIND_IN_KIND_LOOKALIKES = [
    # this task's things, pointed at or counted
    "never use mocks in these tests", "don't use mocks in those tests", "never use tabs in the file",
    "don't use tabs in this file", "don't use colors in this chart", "don't use emojis in that message",
    "never use sleeps in the new tests", "don't use hooks in the remaining components", "never use arrows in both diagrams",
    "don't use mocks in the 3 tests", "don't use mocks in the following tests", "don't use mocks in the other tests",
    "don't use mocks in the old tests", "don't use mocks in some tests", "don't use mocks in my tests",
    # one thing of this task
    "don't use spaces in the filename", "don't use quotes in the title", "don't use abbreviations in your answer",
    "don't use images in the email", "never use caps in the header", "don't use gradients in this design",
    "don't use tables in the summary", "don't use bullets in the description", "don't use icons in the button",
    "don't use emojis in the modal", "don't use borders in the cards", "don't use shadows in the buttons",
    "don't use labels in the form", "never use numbers in the slides", "don't use links in the popup",
    # questions, reports, conditions
    "why did you use sleeps in tests?", "do we use sleeps in tests?", "you used sleeps in tests",
    "never use retries in tests?", "don't use mocks in tests for now", "don't use mocks in tests yet",
    "don't use things in tests", "don't use lambdas for the callbacks",
]


@pytest.mark.parametrize("text", KIND_IN_KIND_LOOKALIKES)
def test_this_tasks_things_questions_and_conditions_give_nothing(text: str) -> None:
    assert rules(text) == []


# review22 "Left on main": "the new X" that is used (not made) and "the old X" are one thing that is new or old now.
@pytest.mark.parametrize("text", [
    "going forward, use the new button component",  # it gave "Always use each new button component."
    "from now on, keep the old endpoint working",  # it gave "Always keep the old endpoint working."
    "from now on, use the new API client", "going forward, always use the new logger",
    "never delete the old migrations", "Don't use select * anywhere in the new models.",
    "don't change the updated files", "from now on, prefer the new layout", "going forward, stick to the old flow",
    "from now on, reuse the new helper",
])
def test_the_new_or_the_old_thing_of_this_task_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("you forgot to add the new page to the changelog again", "Always add each new page to the changelog."),
    ("you forgot to add the migration for the new column", "Always add the migration for each new column."),
    ("add __init__.py to the new package", "Add `__init__.py` to each new package."),
    ("from now on, always write tests for the new endpoint", "Always write tests for each new endpoint."),
])
def test_each_new_thing_made_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# "explain in spanish" gave "Explain in Spanish.": what to explain is in the conversation.
@pytest.mark.parametrize(("text", "lesson"), [
    ("always explain in spanish", "Always explain in Spanish."),
    ("from now on, explain in spanish", "Always explain in Spanish."),
    ("reply in french please", "Reply in French."),
    ("write to me in english", "Write in English."),
    ("only write in english", "Only write in English."),
])
def test_the_language_of_the_conversation_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "explain in spanish", "write in german", "explain it in spanish", "explain to me in spanish",
    "can you explain in spanish?", "summarize in english", "describe it in french",
])
def test_one_explanation_or_text_in_a_language_gives_nothing(text: str) -> None:
    assert rules(text) == []


# "For the payments, never use `floats`.": an English plural in backticks, as if it were the code's name.
@pytest.mark.parametrize(("text", "lesson"), [
    ("For the payments, never use floats", "For the payments, never use `float`."),
    ("never use prints in tests", "Never use `print` in tests."),
    ("use Decimal instead of floats", "Use `Decimal` instead of `float`."),
    ("For the payments, never use `floats`.", "For the payments, never use `floats`."),  # what the person wrote as code
])
def test_the_plural_of_code_names_the_code(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# R22-4: "you keep using X instead of Y" states its rule when code is named; the reason a complaint waits with says
# what it is.
@pytest.mark.parametrize(("text", "lesson"), [
    ("you keep using var instead of const", "Use `const` instead of `var`."),
    ("you keep using print instead of logging", "Use `logging` instead of `print`."),
    ("you keep using npm instead of pnpm", "Use `pnpm` instead of `npm`."),
    ("you keep using useState instead of useReducer", "Use `useReducer` instead of `useState`."),
    ("why do you keep using requests instead of httpx?", "Use `httpx` instead of `requests`."),
    ("you keep importing moment instead of dayjs", "Import `dayjs` instead of `moment`."),
    ("you keep using var instead of let again", "Use `let` instead of `var`."),
])
def test_a_habit_of_one_code_instead_of_another_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "you keep using red instead of blue", "you keep using the modal instead of the page",
    "you keep using the old button instead of the new one", "you keep using this instead of that",
    "you keep using my script instead of yours", "you keep using flexbox instead of grid",
    "you keep using var instead of const in this file", "you keep using print instead of the logger I showed you",
    "you keep using pnpm instead of npm, thanks", "thanks, you keep using const instead of var",
    "you keep using the button component instead of a link", "you keep using a modal instead of a drawer",
    "you keep using the wrong color instead of the brand one", "you keep using any instead of proper types",
    "you keep calling fetch instead of the api client", "you keep using console.log instead of the logger",
    "you keep using tabs instead of spaces", "you keep using the dark theme instead of the light one",
    "you keep using bold instead of italics", "you keep using the left panel instead of the right panel",
    "you keep using lists instead of tables", "you keep using the staging db instead of the local one",
    "you keep using my name instead of the company name", "you keep using the draft instead of the final copy",
    "you keep using sentences instead of bullets", "you keep using long names instead of short ones",
    "do you keep using var instead of const?", "did you use var instead of const?",
    "you used var instead of const", "why did you use var instead of const here?",
])
def test_a_habit_without_code_or_about_this_tasks_things_gives_nothing(text: str) -> None:
    assert rules(text) == []


def test_the_reason_a_habit_waits_with_says_what_it_is() -> None:
    from altimate_learn.reflect.providers.builtin.rules import KEEPS, KEEPS_INSTEAD, KEEPS_OTHER

    def why(text: str) -> str:
        return item_rules(FeedbackItem("user_correction", text))[1]

    assert why("you keep skipping the failing tests") == f"{KEEPS}"
    assert why("you keep using red instead of blue") == KEEPS_INSTEAD
    assert why("you keep using print instead of the logger I showed you") == KEEPS_INSTEAD
    assert why("you keep asking me questions") == KEEPS_OTHER
    assert why("you keep importing lodash") == KEEPS_OTHER
    assert "instead of" in KEEPS_INSTEAD and "kind of thing or code" in KEEPS_OTHER


# R22-3: a list the project keeps of every thing of a kind (the router, the sidebar, the admin) takes each new one;
# one thing of this task that the new thing goes into does not.
@pytest.mark.parametrize(("text", "lesson"), [
    ("you forgot to add the new endpoint to the router", "Always add each new endpoint to the router."),
    ("you forgot to add the new page to the sidebar", "Always add each new page to the sidebar."),
    ("you forgot to add the new model to the admin", "Always add each new model to the admin."),
    ("you forgot to add the new env var to the readme", "Always add each new env var to the readme."),
    ("you forgot to add the new command to the docs", "Always add each new command to the docs."),
    ("you forgot to add the new route to the nav", "Always add each new route to the nav."),
    ("you forgot to add the new env var to .env.example", "Always add each new env var to `.env.example`."),
])
def test_each_new_thing_to_the_list_the_project_keeps_of_them_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "you forgot to add the new env var to the example file", "you forgot to add the new field to the form",
    "you forgot to add the new button to the sidebar", "you forgot to add the new column to the table",
    "you forgot to add the new link to the footer", "you forgot to add the new icon to the header",
    "you forgot to add the new item to the list", "you forgot to add the new image to the page",
    "you forgot to add the new component to the sidebar", "you forgot to add the new endpoint to the client",
    "you forgot to add the new page to the app", "you forgot to add the new section to the page",
    "you forgot to add the new option to the dropdown", "you forgot to add the new setting to the modal",
    "you forgot to add the new model to the diagram", "you forgot to add the new route to the server",
    "you forgot to add the new endpoint to this router", "you forgot to add the new page to that sidebar",
    "did you add the new endpoint to the router?", "add the new endpoint to the router",
    "please add the new page to the sidebar", "the new page is not in the sidebar",
    "the new endpoint isn't in the router", "you forgot to add the new endpoint to the router for now",
    "you forgot to add the new endpoints to the router", "you forgot to add the new color to the palette",
    "you forgot to add the new user to the group", "you forgot to add the new tab to the navbar",
    "you forgot to add the new card to the dashboard", "you forgot to add the new chart to the report",
])
def test_the_new_thing_into_one_thing_of_this_task_or_a_step_gives_nothing(text: str) -> None:
    assert rules(text) == []


# "use X instead of Y" between this task's things, a value, a colour or a type style is a step of the task: it gave
# "Use the `button` instead of the `link`.", "Use `red` instead of `blue`.", "Use port 3000 instead of 8080.".
INSTEAD_STEPS = [
    "use red instead of blue", "use the button instead of the link", "use a modal instead of a new page",
    "use the left column instead of the right one", "use 16px instead of 14px", "use bold instead of italic",
    "use the dark logo instead of the light one", "use a table instead of a list here",
    "use the second approach instead of the first", "use version 2 instead of version 3", "use port 3000 instead of 8080",
    "use the sample data instead of the real data", "use the test account instead of the admin account",
    "use a line chart instead of a bar chart", "use a card layout instead of a table",
    "use lowercase instead of uppercase for the title", "use a spinner instead of a progress bar",
    "never use red for the error message", "don't use bold in the heading", "it's the staging bucket, not the prod one",
    "it's port 3000, not 8080", "didn't I say to use blue?", "use green, not red", "make the text grey instead of black",
    "use the blue one instead of the green one", "use the big logo, not the small one", "use a grid instead of a carousel",
    "use 2 columns instead of 3", "use the March report instead of the April report", "use the new icon instead of the old one",
    "next time, run the tests first", "always use italics", "use the short title instead of the long one",
]


@pytest.mark.parametrize("text", INSTEAD_STEPS)
def test_a_pick_between_this_tasks_things_values_or_colours_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("use tabs instead of spaces", "Use tabs, not spaces."),
    ("use const instead of var", "Use `const` instead of `var`."),
    ("use logging instead of print", "Use `logging` instead of `print`."),
    ("Use the logger, not print statements.", "Use the logger instead of print statements."),
    ("use thiserror for the error enum instead of the hand-written Display impl",
     "Use `thiserror` for the error enum instead of the hand-written Display impl."),
    ("Please use ISO 8601 date strings in the API, not epoch seconds",
     "Use ISO 8601 date strings in the API instead of epoch seconds."),
    ("we use ruff instead of black", "Use `ruff` instead of `black`."),
    ("we use main, not master", "Use `main` instead of `master`."),
    ("use python 3.12 instead of 3.11", "Use python 3.12 instead of 3.11."),
])
def test_a_choice_of_a_kind_of_thing_or_code_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# A "don't …" said once that holds back one step on one thing of this task: it gave "Never add the button back.",
# "Never run the migration on prod.", "Never refactor the whole thing.", "Never add margins to the card.",
# "Never create a new file; edit the existing one.".
DONT_ONE_STEP = [
    "don't add the button back", "stop adding margins to the card", "don't run the migration on prod",
    "don't create a new file, edit the existing one", "don't refactor the whole thing", "don't change the header text",
    "don't remove the footer link", "don't delete the old config file", "don't move the sidebar component",
    "don't rename the main function", "don't redo the whole page", "don't rebuild the docker image again",
    "don't merge the PR into main yet", "don't install the package globally", "don't add the logo to the footer",
    "stop adding padding to the header", "stop adding borders to the table", "don't put the modal back",
    "don't add the second chart", "don't update the landing page copy", "don't reset the counter on reload",
    "don't restore the deleted section", "don't swap the two columns", "don't center the title text",
    "don't hide the search bar", "don't create the admin user", "don't build the mobile layout",
    "don't fix the login bug", "don't change the API response shape", "don't add a new column to the users table",
    "don't run the seed script", "don't add the new dependency", "use the other one", "keep the existing one",
]


@pytest.mark.parametrize("text", DONT_ONE_STEP)
def test_a_dont_that_holds_back_one_step_on_one_thing_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("don't add emojis to the commit messages", "Never add emojis to the commit messages."),
    ("don't add secrets to the repo", "Never add secrets to the repo."),
    ("don't delete the migrations folder", "Never delete the migrations folder."),
    ("don't change the schema by hand", "Never change the schema by hand."),
    ("don't run the tests in parallel", "Never run the tests in parallel."),
    ("don't run migrations on prod", "Never run migrations on prod."),
    ("don't install packages globally", "Never install packages globally."),
    ("don't refactor unrelated code", "Never refactor unrelated code."),
    ("don't merge without a review", "Never merge without a review."),
    ("don't build the whole project, just select +stg_customers", "Never build the whole project; select `+stg_customers`."),
    ("never delete the logs folder", "Never delete the logs folder."),
])
def test_a_prohibition_of_a_kind_code_or_the_project_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "it's in cents, not dollars",  # it gave "Use in cents instead of dollars."
    "it's on the left, not the right", "it's under src, not lib", "it's in the header, not the footer",
    "it's at the top, not the bottom", "it's by date, not by name",
])
def test_a_place_or_a_unit_set_against_another_is_no_thing_to_use(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("it's pnpm, not npm", "Use `pnpm` instead of `npm`."),
    ("use in-memory sqlite instead of postgres for tests", "Use in-memory sqlite instead of postgres for tests."),
])
def test_a_thing_set_against_another_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


# "please add tests for the new endpoint" gave "Add tests for each new endpoint.": the "each" was the clean-up's, and a
# request of this task's step is no rule; "please use the helper in utils.py" gave "Use the `helper` in `utils.py`.".
@pytest.mark.parametrize("text", [
    "please add tests for the new endpoint", "add docs for the new command", "please document the new flag",
    "add a test for the new function", "add logging to the new service", "please add types to the new module",
    "please use the helper in utils.py", "use the logger from logging_utils.py", "use the config in settings.py",
])
def test_a_request_about_this_tasks_new_thing_or_one_helper_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("always add tests for the new endpoint", "Always add tests for each new endpoint."),
    ("from now on, add tests for the new endpoint", "Always add tests for each new endpoint."),
    ("you forgot to add tests for the new endpoint again", "Always add tests for each new endpoint."),
    ("add __init__.py to the new package", "Add `__init__.py` to each new package."),
])
def test_each_new_thing_said_to_hold_later_or_with_code_stays_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]
