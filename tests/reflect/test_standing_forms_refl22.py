"""Standing rules real people state in forms the built-in reflector missed (refl22, issue 20 item 3): each form writes
the rule from the person's words alone, and the look-alikes (one-off steps, questions, bug reports, this task's
things) give nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# "ever" is the person's own word that a prohibition holds every time ("In health endpoint, do NOT return
# sqlite://// ever", dev): "don't ever X" / "do not X ever (again)".
@pytest.mark.parametrize(("text", "lesson"), [
    ("don't ever push to main", "Never push to main."),
    ("do not push to main ever again", "Never push to main."),
    ("do NOT return null ever", "Never return null."),
    ("do not commit to main ever", "Never commit to main."),  # it was "Never commit to main ever."
    ("don't ever add comments", "Never add comments."),
    ("don't ever remove the tests", "Never remove the tests."),
    ("do not ever use eval", "Never use `eval`."),
    ("never ever print secrets", "Never print secrets."),
])
def test_ever_makes_a_prohibition_standing(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


EVER_LOOKALIKES = [
    "did you ever push to main?", "have you ever used pnpm?", "does it ever return null?", "will it ever finish?",
    "don't ever do that again", "don't ever do this again!", "never ever do that", "don't ever change it",
    "don't ever touch that file", "don't ever delete the button again", "don't ever rename the function",
    "don't ever use the old endpoint", "I don't think it ever worked", "it doesn't ever load",
    "the page doesn't ever render", "don't you ever stop?", "don't worry, it never ever fails", "do not revert it ever",
    "don't ever forget that", "don't ever say that", "don't ever change the colors", "don't ever fix it like that",
    "don't ever add it back", "don't ever delete the button", "don't ever move the modal", "don't ever resize the logo",
    "don't ever change the header", "has it ever worked?", "don't ever show me that error again",
    "did the tests ever pass?", "don't ever leave it like this", "nothing ever happens when I click it",
]


@pytest.mark.parametrize("text", EVER_LOOKALIKES)
def test_ever_in_a_question_a_report_or_about_this_tasks_things_gives_nothing(text: str) -> None:
    assert rules(text) == []


# A part of the project said before a prohibition or an "always": "for UI components, never …". Only a kind of thing
# or code: "for the button, never use red" styles one thing of this task.
@pytest.mark.parametrize(("text", "lesson"), [
    ("For UI components, never write snapshot tests", "For UI components, never write snapshot tests."),
    ("in all handlers, never return raw exceptions", "In all handlers, never return raw exceptions."),
    ("in src/api/, never import from the cli", "In `src/api/`, never import from the cli."),
    ("For the migrations, always add a down step", "For the migrations, always add a down step."),
    ("For all API routes, always validate the input", "For all API routes, always validate the input."),
])
def test_a_kind_of_thing_leading_a_prohibition_scopes_it(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


SCOPE_LOOKALIKES = [
    "In the end, don't use it", "In that file, never use print", "In this function, never return null",
    "For now, never push to main", "For this task, always use the old client", "In my opinion, never use classes",
    "In short, don't do that", "In the meantime, don't merge anything", "For example, never use var",
    "In any case, don't push", "For the button, never use red", "In the modal, never show the close icon",
    "For the header, always use the logo", "In the new service, never use pandas", "For the login page, never add a footer",
    "In the test, always mock the clock", "In your next answer, never use emojis", "For the record, don't change it",
    "In general, don't use any", "In this case, never use the cache", "For the sidebar, always use the dark theme",
    "In the form, never show the email", "For the chart, always use the blue palette", "In there, never use tabs",
    "For reference, never change the schema", "In particular, don't touch the header", "For today, always run it",
    "In the footer, never show the year", "For the title, always use bold", "In the new page, always add a footer",
    "For the card, never use shadows", "In that component, always use flexbox",
    # idioms that read as a kind of thing ("all …", a plural): they gave "In all honesty, never use `pandas`."
    "In all honesty, never use pandas", "In all fairness, don't use the cache", "For all intents and purposes, never use var",
    "In many ways, don't trust the output", "For both, always use ruff", "For starters, always run the tests",
]


@pytest.mark.parametrize("text", SCOPE_LOOKALIKES)
def test_a_moment_a_case_or_one_thing_leading_a_rule_gives_nothing_new(text: str) -> None:
    assert rules(text) == []


# How the person wants the agent to talk to them, said in a few words (dev: "keep our chat in english", "one question
# at a time plz", "Questions 1-by-1 please"): a preference about the conversation, which holds beyond the task.
@pytest.mark.parametrize(("text", "lesson"), [
    ("please, clean those warnings. and keep our chat in english", "Keep the chat in English."),
    ("keep your answers in german", "Keep the answers in German."),
    ("keep the docs in english", "Keep the docs in English."),
    ("always answer in english", "Always answer in English."),
    ("reply in french please", "Reply in French."),
    ("can you answer in english?", "Answer in English."),  # a request asked as a question
    ("one question at a time plz", "Ask one question at a time."),
    ("ask me one question at a time", "Ask one question at a time."),
    ("Questions 1-by-1 please", "Ask questions one by one."),
    ("make one change at a time", "Make one change at a time."),
])
def test_how_to_talk_to_the_person_is_a_standing_preference(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


TALK_LOOKALIKES = [
    "keep it in english", "keep the title in english", "keep the page in english", "keep the UI in english",
    "keep the labels in english", "keep the variable names in english", "write the summary in english",
    "write it in english", "write this in english", "write the README in English", "translate it to english",
    "translate the page to spanish", "answer the question in english", "is the chat in english?",
    "why is the chat in english?", "the chat is in english", "the answers are in english now",
    "you answered in english", "I answered in english", "reply in english to this one",
    "talk in english for now", "explain it in english", "respond in english this time",
    "the app should respond in english", "respond in english, the users are in the UK", "the error is in english",
    "one at a time pls", "one question: what port does it use?", "one more question", "one question at a time is too slow",
    "can you do one at a time?", "one test at a time", "ok one thing at a time: first fix the login",
    "one file at a time please", "one question at a time, and what is the port?", "why one question at a time?",
    "is it one question at a time?", "I asked one question at a time", "you asked one question at a time",
    "the form shows one question at a time", "show one question at a time", "render the questions one by one",
    "load the images one by one", "delete the files one by one", "the questions load one by one", "one at a time",
    "commit the changes one by one", "fix the bugs one by one", "go through the tests one by one", "one by one please",
    "do them one by one", "run the migrations one at a time", "the wizard asks one question at a time",
    "we ask one question at a time in the survey", "answer each question one by one", "answer the questions one by one",
    "ask the questions one by one",
]


@pytest.mark.parametrize("text", TALK_LOOKALIKES)
def test_a_language_or_one_at_a_time_about_a_thing_of_the_task_gives_nothing(text: str) -> None:
    assert rules(text) == []


# A rule said to hold from now on after a step of this task in the same sentence (dev: "remove the
# @__tests__/ContentCard.test.tsx and also make sure in future too for UI the test file should never be created"),
# and "make sure" around the lead. The message alone gave "Make sure in future too for UI the test file should never be
# created." before.
@pytest.mark.parametrize(("text", "lesson"), [
    ("remove the @__tests__/ContentCard.test.tsx  and also make sure in future too for UI the test file should never be "
     "created", "For UI, the test file should never be created."),
    ("make sure in future too for UI the test file should never be created",
     "For UI, the test file should never be created."),
    ("make sure in future you run the linter", "Always run the linter."),
    ("make sure from now on to run the linter before committing", "Always run the linter before committing."),
    ("fix the header and from now on run the linter before committing", "Always run the linter before committing."),
    ("from now on for tests the database should be mocked", "For tests, the database should be mocked."),
])
def test_a_rule_said_to_hold_from_now_on_after_a_step_of_the_task(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


FUTURE_LOOKALIKES = [
    "fix the header and from now on fix the footer", "delete the file and in future remove the tests too",
    "make sure in future that the tests pass", "in the future make sure the button is blue", "make sure in future it works",
    "make sure in future this doesn't happen again", "make sure next time that you check", "and in future don't do that",
    "fix it and in future be careful", "remove the import and from now on remove the others too",
    "revert it and going forward keep it like this", "do it again and in future do it right",
    "make sure in future the page loads", "in future make sure it compiles", "next time make sure that the build passes",
    "from now on make sure the modal closes", "make sure going forward the colors match",
    "update the readme and in future update it too", "fix the test and next time run it",
    "from now on for this page the header should be red", "going forward for the button the color should be blue",
    "from now on in that file the imports should be sorted", "in future for now the cache should be off",
    "in future, for the header the logo should be left", "from now on, for it the value should be 3",
    "from now on for the modal the width should be 400", "next time for the form the fields should be required",
    "in future for the login the button should be green", "make sure in future too the old file is removed",
    "make sure in future as well that we test it", "did you make sure in future to run tests?",
]


@pytest.mark.parametrize("text", FUTURE_LOOKALIKES)
def test_from_now_on_about_this_tasks_things_or_a_result_gives_nothing(text: str) -> None:
    assert rules(text) == []


# Long feedback (a dozen requests, a specification) is read whole by a model or a person, but the one clause the person
# says holds from now on is theirs to keep (dev: "… i prefer rounded polygons for any shapes going forward, …").
LONG = ("The dashboard needs a new layout with three columns. The header should show the project name and the user "
        "avatar. The sidebar lists the reports by date and the footer keeps the links to the docs and the changelog. "
        "Please also make the charts load lazily so that the first paint is fast, and keep the colours we already use "
        "for the brand and the accent colour across every page. {}. Thanks, the rest looks fine to me.")


@pytest.mark.parametrize(("clause", "lesson"), [
    ("i prefer rounded polygons for any shapes going forward", "Prefer rounded polygons for any shapes."),
    ("going forward, never commit to main", "Never commit to main."),
    ("from now on, always ask before deleting files", "Always ask before deleting files."),
    ("going forward, migrations should always be reversible", "Migrations should always be reversible."),
])
def test_the_clause_long_feedback_says_holds_from_now_on_is_a_lesson(clause: str, lesson: str) -> None:
    assert rules(LONG.format(clause)) == [lesson]
    assert item_rules(FeedbackItem("user_correction", LONG.format("and the table is round")))[1].startswith("long or")


LONG_LOOKALIKES = [
    "in the future we might add dark mode", "we can add a cache in the future",
    "going forward, this older layout should be replaced", "from now on it should work",
    "in the future this page will show more charts", "going forward the team will review it", "from now on, fix the header",
    "moving forward, let's use the new API", "from now on the tests pass", "in future releases we will drop python 3.8",
    "this will matter in the future", "I'll handle that in the future", "from now on, the modal should close on escape",
    "from now on use pnpm, and going forward never commit to main", "going forward i want this to be faster",
    "in the future, could you ask first?", "from now on it's your job to test it", "going forward we need a better plan",
    "from now on the sidebar is blue", "in the future maybe use redux", "in future, please remember this",
    "going forward, do the same for the other pages", "from now on, keep doing what you did here",
    "in the future, the report will include totals", "going forward, that component should be reused",
    "from now on I will review every PR", "in the future the api will return cents",
    "henceforth, the old endpoint is deprecated", "moving forward, we are in dev mode",
    "from here on out, make it look like the mockup", "going forward, the header should stay sticky",
]


@pytest.mark.parametrize("clause", LONG_LOOKALIKES)
def test_a_plan_a_wish_or_this_tasks_part_in_long_feedback_gives_nothing(clause: str) -> None:
    assert rules(LONG.format(clause)) == []


# A complaint about what the agent does to its own things ("please stop killing your own session bro!", dev) and what
# it is expected to do every time ("What does @PYTHON.md say? You're supposed to be following that.", dev).
@pytest.mark.parametrize(("text", "lesson"), [
    ("did everything went great? if not, please stop killing your own session bro! you are shooting in your own foot",
     "Never kill your own session."),
    ("stop reviewing your own PRs", "Never review your own PRs."),
    ("stop approving your own pull requests", "Never approve your own pull requests."),
    ("Stop. What does @PYTHON.md say? You're supposed to be following that.", "Always follow `PYTHON.md`."),
    ("did you read AGENTS.md? you're supposed to follow it", "Always follow `AGENTS.md`."),
    ("you're supposed to use pnpm", "Always use `pnpm`."),
    ("you're supposed to update the changelog", "Always update the changelog."),
    ("you're supposed to ask before deleting files", "Always ask before deleting files."),
])
def test_the_agents_own_habits_and_what_it_is_supposed_to_do(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


OWN_LOOKALIKES = [
    "stop reverting your own change", "stop deleting your own file", "you broke your own code",
    "did you check your own output?", "use your own judgement", "write your own tests", "run your own tests",
    "check your own work", "you killed your own session", "why did you kill your own session?",
    "your own session crashed", "stop killing my session", "stop killing your session", "stop touching your own config",
    "stop editing your own file", "stop repeating your own answer", "stop undoing your own work on the header",
    "your own tests are failing", "is that your own code?", "you are shooting in your own foot",
    "stop using your own judgement", "stop restarting your own server", "is it cached? if not, don't use the cache",
    "did it pass? if not, use npm",
    "you were supposed to run the tests", "you're supposed to be the expert", "you're supposed to know that",
    "you're supposed to do it", "what does the error say? you're supposed to be fixing that", "you're supposed to help me",
    "you're supposed to fix the button", "you're supposed to change the colors", "you're supposed to add a test",
    "you're supposed to follow that", "you're supposed to read it", "it's supposed to return 200",
    "the page is supposed to load", "is it supposed to look like this?", "aren't you supposed to run the tests?",
    "what are you supposed to do?", "you're supposed to tell me when it's done",
    "you're supposed to be fixing the login, not the header", "you're supposed to make the header blue",
    "you're supposed to use this one", "you're supposed to follow it, see README.md and CONTRIBUTING.md",
    "the tests are supposed to pass", "you're supposed to wait for me", "we're supposed to ship today",
    "you're supposed to be done by now", "you're supposed to follow them", "you were supposed to follow AGENTS.md",
    "you're supposed to use pnpm, right?",  # it gave "Always use `pnpm`, right?."
]


@pytest.mark.parametrize("text", OWN_LOOKALIKES)
def test_one_thing_a_slip_a_question_or_the_person_gives_nothing(text: str) -> None:
    assert rules(text) == []


# A value said first, then the reminder that points back at it ("#131313 i said to use this color for background of tab
# bar", dev): the value is code, the target is named.
@pytest.mark.parametrize(("text", "lesson"), [
    ("#131313 i said to use this color for background of tab bar", "Use `#131313` for background of tab bar."),
    ("3000 i told you to use this port for the dev server", "Use `3000` for the dev server."),
    ("`ruff` i told you to use that for linting", "Use `ruff` for linting."),
])
def test_a_value_said_first_then_recalled_is_a_rule(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]


FRONTED_LOOKALIKES = [
    "blue i said to use this color for the header", "#fff i said to use this", "#fff i said to use this for it",
    "#131313 i said to use this color for background of tab bar?", "is #131313 what i said to use for the background?",
    "i said to use this color for the header", "#fff is the color i said", "#fff i said it looks bad on the header",
    "3000 i said it's taken", "3000 is the port", "v2 i said to use this version for now",
    "v2 i said to use this version for this task", "#131313 you used this color for the tab bar",
    "#131313 i said not to use this color for the tab bar", "#fff i said to use this color for that button",
    "#fff i said to use this color here", "404 i said to use this page for errors?", "3000 i said to use this for me",
    "#fff i said to change this color for the header", "#fff i said to remove this color from the header",
    "#fff i said to use this color in there", "ok i said to use this for the header",
    "yes i said to use this for the header", "no i said to use this for the header",
    "#fff i think we should use this color for the header", "#fff maybe use this color for the header",
    "#fff i said to use this color for the header, but it's wrong", "#fff, as i said, use this color",
    "#fff i said to use this colour for your output", "2 i said to use this many retries",
]


@pytest.mark.parametrize("text", FRONTED_LOOKALIKES)
def test_a_word_a_question_a_pointer_or_another_verb_gives_nothing(text: str) -> None:
    assert rules(text) == []


@pytest.mark.parametrize("text", [
    "from now on don't change the button", "make sure in future you don't change the button",
    "in future don't touch the header", "going forward, never delete the file", "next time don't rename the function",
    "from now on, don't ever change the colors",
])
def test_from_now_on_does_not_make_a_prohibition_of_one_thing_of_this_task_a_rule(text: str) -> None:
    """It gave "Never change the button.", "Never touch the header.": which one only the conversation says, as with "I
    told you, don't change the button" (review21)."""
    assert rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("from now on, don't touch the migrations", "Never touch the migrations."),
    ("from now on never push to main", "Never push to main."),
    ("in future never commit the .env file", "Never commit the `.env` file."),
])
def test_from_now_on_keeps_a_prohibition_of_a_kind_of_thing_or_code(text: str, lesson: str) -> None:
    assert rules(text) == [lesson]
