"""refl38 (session #20): review38's findings as general forms, each with look-alikes that must keep their words or stay
quiet. R38-2: a reason run on into the rule without a comma was cut only after "never/don't" and a few verbs; after a
positive lead ("use dayjs we dropped moment"), "avoid <gerund>", "our team/the team" as the subject, or "cause" as the
conjunction it stayed glued to the lesson ("Never sleep in tests we have fake timers."). R38-1: "in this project" in the
person's words was lost when the lesson left it out, and the lesson was scoped to the folder the agent had touched.
R38-8: clear rules that gave nothing, and a ban stricter than said."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin
from altimate_learn.reflect.providers.builtin.scope import trigger_for
from altimate_learn.reflect.providers.builtin.text import normalise


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


RUN_ON = [
    # the reason is cut whatever the rule's lead (main aca60b05 glued each one: "Use `dayjs` we dropped moment.")
    ("always use uv we switched from pip last month", ["Always use `uv`."]),
    ("never use print our team has a logger", ["Never use `print`."]),
    ("never use print the team uses a logger", ["Never use `print`."]),
    ("never use print cause we have a logger", ["Never use `print`."]),
    ("never use print cuz we're on structlog", ["Never use `print`."]),
    ("dont use yarn bc we're a pnpm shop", ["Never use `yarn`."]),
    # (refl37's forms as they were)
    ("pls dont use class components we r on hooks", ["Never use class components."]),
    ("never use print we have a logger", ["Never use `print`."]),
    ("avoid raw SQL we have an ORM", ["Avoid raw SQL."]),
    # a relative clause with no "that" is no reason: it keeps its words (what it is about is narrower than the bare rule)
    ("never touch files we don't own", ["Never touch files we don't own."]),
    ("never use libraries we have not vetted", ["Never use libraries we have not vetted."]),
    ("never use the libs the team uses", ["Never use the libs the team uses."]),
    ("never touch files the team owns in prod", ["Never touch files the team owns in prod."]),
    ("never use the tool we switched from last year", ["Never use the tool we switched from last year."]),
    ("never edit files we have open", ["Never edit files we have open."]),
    ("never delete branches we have merged", ["Never delete branches we have merged."]),
    ("avoid the mocks we have in conftest", ["Avoid the mocks we have in conftest."]),
]


RECALL = [
    # review38 R38-8: a rule said after a report at one file's line, in the same sentence (the place silenced it whole)
    ("in UserCard.tsx line 41 you used any, never use any", ["Never use `any`."]),
    ("you used any in UserCard.tsx:41 - never use any", ["Never use `any`."]),
    ("at app.py:41 you used print, never use print in handlers", ["Never use `print` in handlers."]),
    # "we are not using X anymore" is "we don't use X anymore"
    ("we are not using redux anymore, use zustand", ["Use `zustand` instead of `redux`."]),
    ("we aren't using redux anymore, use zustand", ["Use `zustand` instead of `redux`."]),
    ("we're not using redux anymore", ["Never use `redux`."]),
    # the ban of a whole thing stands alone when nothing narrower is asked for, or the narrower act is kept
    ("don't run the whole test suite", ["Never run the whole test suite."]),
    ("dont run npm install, just run pnpm install", ["Never run `npm install`; run `pnpm install`."]),
    ("don't commit the lockfile, just the source", ["Never commit the lockfile."]),
    ("please don't reformat the whole file, only change the function", ["Never reformat the whole file."]),
    ("dont run the whole project its 40min, just -s the model + downstream", ["Never run the whole project."]),
    # the docs brought in line with the rule now are this task's step, no part of it (main: "Never use `redux`; update the
    # docs."); another way to do what the rule bans stays in it
    ("we don't use redux anymore, update the docs", ["Never use `redux`."]),
    ("Don't use DISTINCT to hide duplicates, fix the join", ["Never use `DISTINCT` to hide duplicates; fix the join."]),
    ("don't edit the generated file, change the template instead", ["Never edit the generated file; change the template."]),
    # blind10's rule rows: more ways to say it was said before ("once more", "for the 3rd time", "as mentioned before"),
    # "no X outside Y", and a practice of the project named bare after them (each gave nothing on main)
    ("once more: no unwrap() outside tests", ["Never use `unwrap()` outside tests."]),
    ("again, no print statements outside of scripts", ["Never use print statements outside of scripts."]),
    ("once more: no default exports", ["Never use default exports."]),
    ("as mentioned before: no default exports", ["Never use default exports."]),
    ("for the 2nd time, no default exports", ["Never use default exports."]),
    ("for the 3rd time, conventional commits", ["Use conventional commits."]),
    ("again, type hints on every function please", ["Use type hints on every function."]),
    ("again: type hints for all functions", ["Use type hints for all functions."]),
    ("as I said, named exports", ["Use named exports."]),
    # blind9's rule rows: "before you show me a diff" is "before showing a diff"; a kind of text the project writes and
    # its language; what is wrong now, said after an order, is no part of it (blind10: "…, the vpc files aren't formatted")
    ("again: run black before you show me a diff", ["Run `black` before showing a diff."]),
    ("always run the tests before you open a PR", ["Always run the tests before opening a PR."]),
    ("for the third time: commit messages in English", ["Write commit messages in English."]),
    ("write commit messages in English", ["Write commit messages in English."]),
    ("always write code comments in french", ["Always write code comments in French."]),
    ("please run black before committing, the files aren't formatted", ["Run `black` before committing."]),
    ("run the linter before you push, CI keeps failing", ["Run the linter before pushing."]),
    ("use httpx for async calls, requests doesn't support async", ["Use `httpx` for async calls."]),
    # a choice whose reason holds for good keeps its lesson (the look-alikes of a workaround for a bug, below)
    ("use httpx instead of requests since requests doesn't support async", ["Use `httpx` instead of `requests`."]),
    ("use dayjs instead of moment since moment is deprecated", ["Use `dayjs` instead of `moment`."]),
    ("keep the README up to date with each new command", ["Keep the README up to date with each new command."]),
    ("update the lockfile with pnpm install, never by hand", ["Update the lockfile with `pnpm install`, never by hand."]),
]


@pytest.mark.parametrize(("text", "lessons"), RECALL, ids=[r[0][:40] for r in RECALL])
def test_recall_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


@pytest.mark.parametrize(("text", "lessons"), RUN_ON, ids=[r[0][:40] for r in RUN_ON])
def test_a_run_on_reason_is_no_part_of_the_rule(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


QUIET = [
    # a bare positive order with its reason cut is not enough to be a standing rule offline (as with the comma); the glued
    # lesson of main ("Prefer pathlib we dropped `os.path`.", "Never sleep in tests we have fake timers.") is gone
    "prefer pathlib we dropped os.path",
    "use dayjs we dropped moment",
    "use vitest we dropped jest",
    "avoid sleeping in tests we have fake timers",
    "avoid mocking the db we have testcontainers",
    # a relative clause hanging on its preposition
    "never use the endpoint we have a test for",
    # the whole thing banned while a part of it is asked for this change: the ban alone is stricter than said (review38
    # R38-8: main gave "Never run the whole test suite.")
    "don't run the whole test suite, just run pytest -k on the file you changed",
    "don't run the full suite, just the tests for the file you changed",
    "don't run all the tests, just the ones you touched",
    # a place at a line: the rule said at it, a rule pointing back, another one-off word, or no rule after the report
    "never use any in UserCard.tsx:41",
    "in UserCard.tsx line 41 you used any, never use any there",
    "at app.py:41 you used print for now, never use print",
    "fix the bug at app.py:41, and don't touch the css",
    # (a real dev message: "anymore" run on into a request for this task; main gave "Never use CRDT anymore update readme
    # …" once "not using … anymore" was read, and "Never use CRDT; update readme." with the comma)
    "I think we are not using CRDT anymore please update readme",
    "I think we are not using CRDT anymore, please update readme",
    # a practice or a ban said once, bare, or for one thing of this task
    "conventional commits",
    "type hints on every function",
    "no unwrap() outside tests",
    "again, conventional commits for this one",
    "again, type hints on this function",
    "again, feature flags for the checkout page",
    "once more: no print statements in this file",
    "once more, no changes to the button",
    # a choice made to get around a bug is a workaround while the bug lasts (corpus20's KLIMA dev message gave "Use normal
    # checkboxes instead of shadcns.")
    "Actually use normal checkboxes instead of shadcns since theres a bug. And adjust min max value and Labeling, since "
    "all number fields are actually percentages and not currencies.",
    "use native checkboxes instead of the shadcn ones because they are broken",
    "use fetch instead of axios because of a bug in axios",
    "use normal checkboxes instead of shadcn, there is a bug in it",
    "use pnpm instead of npm since npm has a bug with workspaces",
    # one edit of one thing and what goes in it: an "each" in its content makes no rule (a real dev request gave "Update
    # the `README.md` by giving a little bit more detail about each Python script …")
    "Please update the README.md by giving a little bit more detail about each Python script in this project, maybe 2 "
    "or 3 lines for each script.",
    "update the README with a section for each command",
    # one text of this task in a language, or a kind said once, bare
    "write the summary in English",
    "write the commit message in English",
    "commit messages in English please",
    "again, the button text in German",
    "check with me before you send me anything",
    # "not using" without "anymore" is how one part is
    "we're not using redux in this component, use zustand",
    # no order at all
    "use the files we own",
    "use the helpers we have",
    "always use the client we built",
]


@pytest.mark.parametrize("text", QUIET, ids=[q[:40] for q in QUIET])
def test_no_lesson(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(("text", "read"), [
    ("never use print cause we have a logger", "never use print because we have a logger"),
    ("dont use yarn b/c we're a pnpm shop", "don't use yarn because we're a pnpm shop"),
    # the noun and the verb "cause" stay
    ("find the cause we have a leak", "find the cause we have a leak"),
    ("this will cause it to fail", "this will cause it to fail"),
    ("that might cause issues", "that might cause issues"),
    ("a cause we believe in", "a cause we believe in"),
])
def test_chat_spellings_of_because(text: str, read: str) -> None:
    assert normalise(text) == read


def _paths(text: str, paths: list[str]) -> list[tuple[str, list[str] | None]]:
    result = reflect_builtin([FeedbackItem("user_correction", text, signal_id="s1", paths=paths)], [])
    return [(d["text"], d.get("paths")) for d in result.deltas if d["op"] == "ADD"]


def test_in_this_project_said_by_the_person_makes_the_lesson_project_wide() -> None:
    # review38 R38-1's trip: the lesson drops "in this project" and was scoped to `src/*.py`, so the agent was told it
    # does not hold in `scripts/backfill.py`
    said = "no, dont use print statements in this project, we use the logging module. please fix it"
    assert _paths(said, ["src/app.py"]) == [("Use the logging module instead of print statements.", None)]
    for words in ("everywhere in the codebase", "anywhere in this repo", "in our code"):
        assert _paths(f"never use print statements {words}, use the logging module", ["src/app.py"])[0][1] is None
    # the look-alikes: no such words, or said in a sentence about something else, keep the touched folder
    assert _paths("no, dont use print statements, we use the logging module. please fix it", ["src/app.py"]) == \
        [("Use the logging module instead of print statements.", ["src/*.py"])]
    assert trigger_for("Never use inline styles in components.", ["web/src/a.tsx"],
                       said="the page is broken everywhere. never use inline styles in components") == ["web/**/*.tsx"]
    assert trigger_for("Never use inline styles in components.", ["web/src/a.tsx"],
                       said="never use inline styles in components anywhere in the project") == []
    assert trigger_for("Never use inline styles in components.", ["web/src/a.tsx"]) == ["web/**/*.tsx"]
