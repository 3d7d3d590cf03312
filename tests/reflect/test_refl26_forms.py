"""The built-in reflector's forms of refl26 (issue 20): the residuals refl25 and review25 left (a team way named by two
verbs, a choice recalled in one word, the public API, "before telling me it's done", "cant use X in Y", a fact recalled
as told, where a kind of thing comes from or runs against, a bare folder against a path, "we agreed you never …",
"we avoid the main road"), and what half A of the second blind written set showed (a requirement of one part after
"make sure", a scope before an imperative, a second clause joined by ", and we", "as discussed", "we went over this",
"remember we're not …"). Each form gives its rule; each look-alike gives nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # a team way named by two verbs
    ("we always squash merge", "Always squash merge."),
    # a tool recalled as agreed, in one word
    ("we agreed on pnpm, remember?", "Always use `pnpm`."),
    ("we decided on ruff, remember?", "Always use `ruff`."),
    # what others build on is the project's one thing, not this task's
    ("pls dont change the public api", "Never change the public api."),
    ("don't change the exported types", "Never change the exported types."),
    # the person the agent reports to is no part of the rule
    ("always run go test ./... before telling me it's done",
     "Always run `go test ./...` before reporting the work as done."),
    ("always run the tests before you tell me it's finished", "Always run the tests before reporting the work as done."),
    ("ok that works but next time run the linter before telling me you're done",
     "Always run the linter before reporting the work as done."),
    # "cant" typed as a person forbids, with where it holds
    ("cant use unwrap in prod code", "Never use `unwrap` in prod code."),
    ("can't use print in library code", "Never use `print` in library code."),
    ("cant use unwrap in prod code pls fix", "Never use `unwrap` in prod code."),
    # a fact about a kind of the project, recalled as told
    ("I already told you the seeds are read-only", "The seeds are read-only."),
    ("I told you, the fixtures are generated", "The fixtures are generated."),
    # where a kind of thing comes from, goes through or runs against
    ("feature flags come from LaunchDarkly, not env vars", "Feature flags come from `LaunchDarkly`, not env vars."),
    ("the tests run against sqlite, not postgres", "The tests run against sqlite, not postgres."),
    ("secrets come from vault, not .env files", "Secrets come from vault, not `.env` files."),
    ("infra changes only go through terraform, nobody clicks in the console", "Infra changes only go through terraform."),
    # a bare folder named against a path is a folder too
    ("helpers go in src/lib not utils", "Put helpers in `src/lib`, not `utils`."),
    # "we agreed you never …", and what to do instead after it
    ("we agreed you never commit straight to main, always use a feature branch",
     "Never commit straight to main; use a feature branch."),
    ("we agreed we always rebase before merging", "Always rebase before merging."),
    # the team avoids something code holds
    ("we avoid raw SQL in the models", "Avoid raw SQL in the models."),
    ("avoid the global lock", "Avoid the global lock."),
    ("avoid the ORM in hot paths", "Avoid the ORM in hot paths."),
    # recalled with "as discussed" / "we went over this" / "remember we're not …"
    ("as discussed, the copy has to stay in British English — 'colour', not 'color'",
     "The copy must stay in British English."),
    ("we went over this — the service layer doesn't import from controllers",
     "The service layer must not import from controllers."),
    ("remember we're not touching the legacy billing module", "Never touch the legacy billing module."),
    ("remember we're not using redux anymore", "Never use `redux`."),
    # (a second clause joined by ", and we …" gives its own rule beside the first: test_refl27_forms.py)
    # ... and one after "pls", and the team's way after a comma when nothing before it is a rule
    ("no tabs pls we use 2 spaces", "Indent with 2 spaces."),
    ("Errors in this service are returned as Result, we don't panic outside main", "Never panic outside main."),
    ("too many comments, we don't comment obvious code", "Never comment obvious code."),
    ("Use camelCase for JSON fields, we don't do snake_case in the API.", "Use `camelCase` for JSON fields."),
    # "panic" is a thing code does
    ("don't panic in library code, return an error", "Never panic in library code; return an error."),
    # where the data convention holds is the project itself
    ("all money is stored in cents as integers in this codebase", "All money is stored in cents as integers."),
    # a limit the code keeps, per kind of thing, also recalled as a question
    ("didnt we say max 100 chars per line? these are like 140", "Keep to at most 100 chars per line."),
    ("no more than 3 params per function", "Keep to at most 3 params per function."),
    # softeners before a request, and the team's usual way
    ("if you don't mind, use ruff instead of flake8", "Use `ruff` instead of `flake8`."),
    ("sorry to be picky, but we usually put the test next to the component, not in __tests__",
     "Put the test next to the component, not in `__tests__`."),
    # a dislike of a kind of code is kept away from; the request after it is this change's
    ("ehh I'm not a fan of the nested ternaries, can we go back to if/else", "Avoid nested ternaries."),
    ("I'm not a fan of long functions, but ok", "Avoid long functions."),
    ("I'm not a fan of the nested callbacks, can we use async/await", "Avoid nested callbacks."),
    # where "can't use" holds is code (review26 R26-2)
    ("can't use any in typescript code", "Never use `any` in typescript code."),
]


@pytest.mark.parametrize(("text", "rule"), GIVES)
def test_form_gives_its_rule(text: str, rule: str) -> None:
    assert lessons(text) == [rule]


NOTHING = [
    # a choice recalled in one word that is no tool
    "we agreed on monday, remember?",
    "we agreed on that, remember?",
    # one thing of this task
    "don't change the external link",
    "I already told you the file is read-only",
    "as discussed, the new button has to be red",
    # what goes wrong, or this task's things, is no route of the project
    "the errors come from the parser, not the lexer",
    "the numbers come from stripe, not our db",
    "the requests come from the frontend, not the cron",
    "the tests run against the old db, not the new one",
    "the tests run on my machine, not in CI",
    "users come from okta, not google",
    "it runs against sqlite, not postgres",
    # error messages stay error messages
    "cannot use import statement outside a module",
    "cannot use x (variable of type int) as string value in return statement",
    "can't use unwrap here",
    "cant find unwrap in prod code",
    # a place only the conversation names
    "helpers go in src/lib, not there",
    # a step of this task recalled
    "we agreed you would fix the header first",
    "I already told you the tests are failing",
    # nothing a repository holds
    "we avoid the main road",
    "avoid the main road",
    "we avoid the highway on fridays",
    # a requirement of one part of this task, and a design for one page
    "make sure the retry logic never retries on a 4xx",
    "on the team page use cards instead of a table, the bios are too long for cells",
    # a statement that is one piece of a longer one stays its premise
    "we use npm but it's slow",
    # a limit of this task's own, and what the team ends up doing
    "max 3 retries per request",
    "we usually end up rewriting it",
    "we usually put the button on the left",
    # which logger only the conversation says
    "if it's not too much trouble could you use the existing logger instead of print statements",
    # a dislike of a style, of this task's things, of what the work needs
    "I'm not a fan of the colors",
    "I'm not a fan of the changes",
    "I'm not a fan of these helpers",
    "I'm not a fan of the new icons",
    "I'm not a fan of the button",
    "i'm not a fan of mondays",
    # ... and of what is no kind of code (review26 R26-5)
    "I'm not a fan of the long meetings, can we go back to 15 minutes",
    "I'm not a fan of the long emails, can we keep them short",
    "I'm not a fan of the big standups, can we go back to small ones",
    "I'm not a fan of the weekly syncs, can we go back to monthly",
    "I'm not a fan of the slow builds, can we cache them",
    # "can't use" where nothing code holds, and what befalls a team (review26 R26-2)
    "can't use the printer in the office",
    "can't use the kitchen in the office",
    "cant use zoom in the client office",
    "we always break the build on mondays",
    "we always ship late in december",
]


@pytest.mark.parametrize("text", NOTHING)
def test_look_alike_gives_nothing(text: str) -> None:
    assert lessons(text) == []
