"""People correct agents by question, complaint and reminder more than by "use X instead of Y" (issue 20, item 3).
The built-in reflector restates the forms whose own words say the rule holds beyond this task ("again", "keep",
"I told you", "before committing") and writes the rule from the person's words only; a one-off step, a slip recalled
once, or a place only the conversation names still gives nothing, and waits with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
from altimate_learn.curate.lint import lint
from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin
from altimate_learn.reflect.providers.builtin.rules import ASKS, BROKEN, KEEPS, NO_RULE
from altimate_learn.reflect.providers.builtin.one_off import ONE_FIX, UNRESOLVED
from altimate_learn.store import Store, project


@pytest.mark.parametrize(("feedback", "lesson"), [
    # a question about an action the agent repeated
    ("why did you delete the tests again?", "Never delete the tests."),
    ("why do you keep deleting the tests?", "Never delete the tests."),
    ("why did you add console.log again?", "Never add `console.log`."),
    # a complaint with "again" / "keep" / "always"
    ("you keep adding emojis to the commit messages", "Never add emojis to the commit messages."),
    ("you keep committing the .env file", "Never commit the `.env` file."),
    ("ugh, you deleted the tests again!", "Never delete the tests."),
    ("you're always adding comments to every line", "Never add comments to every line."),
    ("you forgot to update the changelog again", "Always update the changelog."),
    ("you keep forgetting to run the tests before committing", "Always run the tests before committing."),
    # a reminder of a prohibition said before
    ("I told you, don't commit to main", "Never commit to main."),
    ("as I said, never push to main", "Never push to main."),
    # a tool forbidden, and the project's own named in the same sentence
    ("stop using npm, this repo uses pnpm", "Use `pnpm` instead of `npm`."),
    # a hedged request
    ("could you not add emojis to commit messages?", "Never add emojis to commit messages."),
    # a step before a kind of work done again and again
    ("make a plan before coding", "Make a plan before coding."),
    ("create a branch before making changes", "Create a branch before making changes."),
    # "take some time and …" says how unhurried to be, not what to do (a real dev correction)
    ("Please take some time and analyze the code thoroughly before answering.",
     "Analyze the code thoroughly before answering."),
])
def test_a_habit_question_complaint_or_reminder_gives_the_rule_in_the_persons_words(feedback: str, lesson: str) -> None:
    rules, why = item_rules(FeedbackItem("user_correction", feedback))
    assert (rules, why) == ([lesson], "")
    assert lint(lesson).ok


@pytest.mark.parametrize(("feedback", "lesson"), [
    # trial19: "Use `Decimal` for money here, never `float`." kept the deictic "here"
    ("Use Decimal for money here, never float.", "Use `Decimal` for money, never `float`."),
    ("we use tabs here, not spaces", "Use tabs, not spaces."),
])
def test_here_meaning_this_project_never_reaches_the_lesson(feedback: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", feedback)) == ([lesson], "")


@pytest.mark.parametrize(("feedback", "why"), [
    # one slip recalled, no "again" or "keep": which fix it means is in the conversation
    ("you forgot to update the changelog", ONE_FIX),
    ("you didn't run the linter", ONE_FIX),
    # "here" as a place only the conversation names
    ("always keep the fixtures here, not in the test files", UNRESOLVED),
])
def test_a_one_off_form_gives_nothing_and_says_why(feedback: str, why: str) -> None:
    assert item_rules(FeedbackItem("user_correction", feedback)) == ([], f"no standing rule: {why}")


@pytest.mark.parametrize("feedback", [
    "why did you run the tests again?",  # a re-run asked about, not a habit
    "why did you generate the types again?",
    "you keep getting the same error",  # what happened to the agent, not what it chose to do
    "you keep breaking the build",
    "you keep adding that import",  # which import only the conversation says
    "you keep writing tests in the wrong folder",  # which folder is right is not in the words
    "why did you remove the button again?",  # one thing of this task: which button only the conversation says
    "you moved the file again",
    "you keep using the old API",
    # the rule is the other half, which the person did not say (was "Use don't create new files instead of …")
    "you keep creating new files instead of editing the existing ones",
    "from now on, fix the header",  # a repair is done once whatever the lead says
    "add the column before running the migration",  # before one step of this task
    "save before answering",
    "take your time and fix the header",
    # a repeat the person welcomes is no complaint
    "thanks! you keep adding docstrings to every function",
    "why did you add tests again? thanks for that",
    "you keep adding type hints to the functions, nice",
])
def test_a_repeat_without_a_rule_in_its_words_gives_nothing(feedback: str) -> None:
    rules, why = item_rules(FeedbackItem("user_correction", feedback))
    assert rules == [] and why


@pytest.mark.parametrize("feedback", [
    # review21: one thing of this task forgotten again is still one thing ("Always save the file." was written)
    "you forgot to save the file again",
    "you forgot to close the modal again",
    "you forgot to call the function again",
    "you forgot to pass the prop again",
    "you forgot to commit the file again",
    "you keep forgetting to import the component",
    "you keep forgetting to export the type",
    # review21: "the <plural>" of this task is as much one change's as "the button" ("Never change the colors.")
    "you changed the colors again",
    "you removed the buttons again",
    "you deleted the files again",
    "why did you rename the functions again?",
    "you added the columns again",
    "why did you create new files again",
    # review21: one thing of this task before a kind of work ("Add the env var before deploying." was written)
    "add the env var before deploying",
    "remove the console.log before committing",
])
def test_one_thing_of_this_task_gives_nothing_whatever_the_habit_word(feedback: str) -> None:
    assert item_rules(FeedbackItem("user_correction", feedback))[0] == []


@pytest.mark.parametrize(("feedback", "lesson"), [
    # what the project has one of, or a kind of thing, stays a habit
    ("you keep forgetting to run the linter", "Always run the linter."),
    ("update the version before releasing", "Update the version before releasing."),
    ("remove the debug prints before committing", "Remove the debug prints before committing."),
    ("you keep editing the generated files", "Never edit the generated files."),
    ("you keep touching the fixtures", "Never touch the fixtures."),
    ("why did you ignore the linter warnings again?", "Never ignore the linter warnings."),
])
def test_what_the_project_has_one_of_or_a_kind_of_thing_stays_a_habit(feedback: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", feedback)) == ([lesson], "")


def test_a_batch_learns_the_habit_complaints_and_leaves_the_one_off_slip_open() -> None:
    items = [FeedbackItem("user_correction", "you keep adding emojis to the commit messages", "s1"),
             FeedbackItem("user_correction", "you forgot to update the changelog", "s2"),
             FeedbackItem("user_correction", "why did you delete the tests again?", "s3")]
    result = reflect_builtin(items, [])
    assert [d["text"] for d in result.deltas] == ["Never add emojis to the commit messages.", "Never delete the tests."]
    assert result.sources == ["s1", "s3"]
    assert result.skipped == [("s2", f"no standing rule: {ONE_FIX}")] and "s2" not in result.waiting


def test_learn_signals_unlearned_lists_the_one_off_slip_with_its_reason(git_repo: Path, cli) -> None:
    store = Store(project(git_repo), "team-playbook")
    added = append_signals(store, [
        NewSignal(kind="user_correction", session_id="sess-1", text=text, reason="test", message_id=f"m{n}")
        for n, text in enumerate(["you keep adding emojis to the commit messages",
                                  "you forgot to update the changelog"])])
    learned, slip = added[0]["id"], added[1]["id"]
    code, _, err = cli("reflect", "--session", "sess-1")
    assert code == 0, err
    staged = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in staged] == ["Never add emojis to the commit messages."]
    assert {s["id"]: s["status"] for s in list_signals(store, include_consumed=True)} == {learned: "consumed",
                                                                                          slip: "open"}
    code, out, _ = cli("signals", "--unlearned", "--json")
    assert code == 0
    assert [(s["id"], s["unlearned"]["reason"]) for s in json.loads(out)] == [(slip, f"no standing rule: {ONE_FIX}")]


@pytest.mark.parametrize(("feedback", "why"), [
    ("that's still broken, the page is blank after your change", BROKEN),
    ("nothing happens when I click the button", BROKEN),
    ("getting this error", BROKEN),
    ("why does the build take so long?", ASKS),
    ("is that new rule being applied?", ASKS),
    # a request asked as a question is a step of this task, not a question
    ("could you just prune them all at once?", NO_RULE),
    ("remove the side to side scrolling on mobile", NO_RULE),
    ("you keep skipping the failing tests", KEEPS),  # a habit complaint, not a bug report (review21)
])
def test_feedback_with_no_rule_waits_with_a_reason_that_says_what_kind_it_is(feedback: str, why: str) -> None:
    """`learn signals --unlearned` tells a person what is left for them: a report that something is broken, a
    question, or the rest."""
    assert item_rules(FeedbackItem("user_correction", feedback)) == ([], why)


def test_a_prohibition_is_never_taken_for_a_report_that_something_is_broken() -> None:
    rules, why = item_rules(FeedbackItem("user_correction", "do not run the whole test suite every time"))
    assert why != BROKEN
