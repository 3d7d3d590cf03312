"""The built-in reflector's forms of refl27 (issue 20), tuned on the second blind written set (now dev data) and on
sentences written for these tests, never on the third set: two statements in one sentence, more reminder leads, a
challenge without its question mark, a suggestion's lead and smiley, a convention named as one, a kind of thing that
follows a practice, how the project treats a kind of thing against another way, a choice of tools in German, Spanish,
French, Portuguese and Italian kept in the person's words; and what gives nothing: a requirement of the new work a
message asks for, one part of this task after "make sure", a chat typo, a mishap said with a verb and its particle.
Each form gives its rule; each look-alike gives nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin


def lessons(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # two statements joined by ", and": both rules
    ("tests in this repo live under spec/, and we use rspec not minitest",
     ["Use `rspec` instead of `minitest`.", "Put tests under `spec/`."]),
    ("migrations live under db/migrate/, and we use sqitch not flyway",
     ["Use `sqitch` instead of `flyway`.", "Put migrations under `db/migrate/`."]),
    # a reminder of an earlier conversation, then the rule (its reason after a comma left out)
    ("per our earlier chat, don't log request bodies, they have PII", ["Never log request bodies."]),
    ("as per our last discussion, never push to main", ["Never push to main."]),
    ("per the earlier conversation: we use ruff, not flake8", ["Use `ruff` instead of `flake8`."]),
    ("like I said before, migrations go through alembic, not raw ALTER TABLE in the startup script",
     ["Migrations go through alembic, not raw ALTER TABLE in the startup script."]),
    # a challenge asked without its question mark
    ("why would you force push to main", ["Never force push to main."]),
    ("why would you commit the .env file", ["Never commit the `.env` file."]),
    # a suggestion's lead and a smiley are politeness
    ("Just a thought, but maybe don't commit the .env file? \U0001F605", ["Never commit the `.env` file."]),
    ("small nit, but we use snake_case for the JSON keys", ["Use `snake_case` for the JSON keys."]),
    # a convention named as one
    ("the team convention is one component per file", ["One component per file."]),
    ("our convention is to prefix private methods with an underscore", ["Prefix private methods with an underscore."]),
    ("house rule: every PR needs a changelog entry", ["Every PR needs a changelog entry."]),
    # a kind of thing and the practice it follows (the examples after a comma left out)
    ("commit messages here follow conventional commits, feat:/fix: etc", ["Commit messages follow conventional commits."]),
    # how the project treats a kind of thing, against another way
    ("in this project dates go over the wire as ISO 8601 strings, not epoch millis",
     ["Dates go over the wire as ISO 8601 strings, not epoch millis."]),
    ("in this repo timestamps are stored as UTC, not local time", ["Timestamps are stored as UTC, not local time."]),
    ("in this codebase handlers return errors as values, not exceptions",
     ["Handlers return errors as values, not exceptions."]),
    # one tool against another of its job in another language: the person's words, the names in backticks
    ("Nein, nicht npm, sondern pnpm", ["Nicht `npm`, sondern `pnpm`."]),
    ("verwende vitest statt jest", ["Verwende `vitest` statt `jest`."]),
    ("Nein, wir verwenden pnpm, nicht npm.", ["Wir verwenden `pnpm`, nicht `npm`."]),
    ("No, no uses npm, usa pnpm.", ["No uses `npm`, usa `pnpm`."]),
    ("usa yarn en lugar de npm, porque es más rápido", ["Usa `yarn` en lugar de `npm`."]),
    ("pas jest mais vitest.", ["Pas `jest` mais `vitest`."]),
    ("Utilise vitest au lieu de jest, merci", ["Utilise `vitest` au lieu de `jest`."]),
    ("Non, on utilise pnpm, pas npm", ["On utilise `pnpm`, pas `npm`."]),
    ("não use moment, use dayjs", ["Não use `moment`, use `dayjs`."]),
    ("usamos pnpm, não npm", ["Usamos `pnpm`, não `npm`."]),
    ("non usare moment, usa dayjs", ["Non usare `moment`, usa `dayjs`."]),
    # a rule said before a request for new work stays a rule
    ("This repo uses Poetry. Please add a CLI entry point for the exporter.", ["Use `poetry`."]),
    ("looks good. btw we use pnpm here, not npm. next, add the login page", ["Use `pnpm` instead of `npm`."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES)
def test_form_gives_its_rules(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


NOTHING = [
    # the second clause is the premise of the first, or a step of this task
    "we use pnpm, and we use the blue button",
    # a reminder lead before one thing of this task
    "per our earlier chat, the button should be blue",
    # a challenge about one thing or a thought
    "why would you do that", "why would you change the button", "why would you think that",
    "why would you use the old client here?",
    # a suggestion for one thing of this task
    "just a thought, but maybe make the button blue?", "small nit, but the header is too big",
    # "the convention" or "the rule" with no rule after it, or this task's words
    "the convention is weird", "the rule is that you fix it now", "the rule is simple", "our standard is high",
    "the convention is that this file stays",
    # a kind of thing that "uses" what is no practice
    "commit messages here follow the template I sent",
    # a report, a judgement or people, not how the project treats a kind of thing
    "in this project the tests fail, not pass", "in this project users are ok, not great",
    "in this project we are late, not early", "in this repo the errors come from the parser, not the lexer",
    # other languages: no two tools of one job, a limit to this task, or words the reflector does not read
    "nicht rot, sondern blau", "Nein, nicht mit Regex parsen, wir haben schon einen HTML-Parser im Projekt",
    "nicht npm, sondern pnpm für dieses Skript", "nicht npm, sondern pnpm. Nur für dieses Skript.",
    "pas jest mais docker", "usa yarn en lugar de npm, porque solo aquí funciona",
    # a requirement of the new work the message asks for, not a rule about what the agent did
    "add a retry to the upload, and never retry on 4xx errors",
    "can you build the export page? use csv instead of xlsx",
    "Let's add pagination to the users list. Use cursor-based pagination instead of offsets.",
    "Build the signup form. Never store the password in local state longer than needed.",
    "Add a cache layer. Don't cache the auth responses though.",
    "set up the CI job; always cache the node_modules between runs",
    "Could you wire the form to the API? Don't submit when the email field is empty.",
    "Hey, first task today: add rate limiting. Use redis instead of in-memory counters.",
    "Implement the webhook handler. Always verify the signature first.",
    # one part of this task after "make sure", asked as a question
    "Can you make sure the button is never disabled on mobile?",
    # (refl34: a rule with a chat slip of a short word, "dont touch teh lockfile", is written with the slip repaired now,
    # as brief item 3 of session #16 asks; tests/reflect/test_refl34_forms.py and test_one_off_steering.py hold them)
    # what befalls a team, said with a verb and its particle
    "we always run out of time before the release", "we always end up with merge conflicts",
    "we always get stuck on the review", "we always run into this",
]


@pytest.mark.parametrize("text", NOTHING)
def test_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


@pytest.mark.parametrize("text", [
    # a request that says "every", "before …" is itself a rule; a rule tied to what the agent did ("you", "again", "we")
    # after a request stays one
    "Add a changelog entry for every user-facing change.", "Create a branch before making changes.",
    "Add a cache layer. And again: never commit the .env file.",
    "now add the footer. and we use tabs here",
])
def test_a_request_that_is_a_rule_or_a_rule_tied_to_the_agent_still_gives_one(text: str) -> None:
    assert lessons(text)


def test_the_new_work_reason_is_given_when_it_is_the_only_reason():
    rules, why = item_rules(FeedbackItem("user_correction", "add a retry to the upload, and never retry on 4xx errors"))
    assert rules == [] and "requirement of the new work" in why


def test_a_rule_in_another_language_is_proposed_like_any_other():
    result = reflect_builtin([FeedbackItem("user_correction", "Nein, nicht npm, sondern pnpm", signal_id="s1")], [])
    assert [d["text"] for d in result.deltas if d["op"] == "ADD"] == ["Nicht `npm`, sondern `pnpm`."]
    assert result.sources == ["s1"]
    # ... and one already kept is a vote for it, not a second lesson
    again = reflect_builtin([FeedbackItem("user_correction", "nicht npm, sondern pnpm!", signal_id="s2")],
                            [{"id": "L-1", "text": "Nicht `npm`, sondern `pnpm`."}])
    assert [d["op"] for d in again.deltas] == ["HELPFUL"]


# --- second round: forms written for these tests (no set read), with their look-alikes ---------------------------------

GIVES_2 = [
    # a reminder of a talk, or "as we agreed yesterday"
    ("we talked about this, no raw SQL in controllers", ["Never use raw SQL in controllers."]),
    ("as we agreed yesterday, feature flags go in LaunchDarkly", ["Put feature flags in `LaunchDarkly`."]),
    # the tool a team does a job with, against another of that job
    ("don't forget we deploy with helm, not kubectl apply", ["Deploy with `helm`, not `kubectl apply`."]),
    ("we build with vite, not webpack", ["Build with `vite`, not `webpack`."]),
    # the project named by its tool, alone or after what the agent used
    ("this is a yarn repo", ["Use `yarn`."]),
    ("Thanks! Small thing: you used npm again, this is a yarn repo. Anyway, now let's do the settings page.",
     ["Use `yarn` instead of `npm`."]),
    # "how come you used X when we have Y", "who told you to X"
    ("how come you used requests when we have httpx everywhere", ["Use `httpx` instead of `requests`."]),
    ("why did you add moment when we already use dayjs?", ["Use `dayjs` instead of `moment`."]),
    ("who told you to change the public API?", ["Never change the public API."]),
    # the team's way after a comma when nothing before it is a rule; a rule after ", and never"
    ("would be great if you could stick to the existing naming, we use camelCase for variables",
     ["Use `camelCase` for variables."]),
    ("revert that, and never touch the migrations folder", ["Never touch the migrations folder."]),
    # "we try to" is the team's way; a broken named rule
    ("why did you add a new dependency for this? we try to keep deps minimal", ["Keep deps minimal."]),
    ("this breaks our rule: no business logic in the templates", ["No business logic in the templates."]),
    # "usa X, no Y" and its kin
    ("Por favor, usa pnpm, no npm", ["Usa `pnpm`, no `npm`."]),
    ("verwende pnpm, nicht npm", ["Verwende `pnpm`, nicht `npm`."]),
]


@pytest.mark.parametrize(("text", "rules"), GIVES_2)
def test_second_round_form_gives_its_rules(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules


NOTHING_2 = [
    # "it's" + what names no tool: no choice of tools ("Use 2024 instead of `var`." was written)
    "why are you using var? it's 2024", "you used the red button. it's friday",
    # "u" is a "you": the lesson would speak to the reader ("… unless u reassign")
    "use const not let unless u reassign",
    # a talk about one thing, a date, a deadline
    "we talked about this, the button is blue", "we talked about the deadline yesterday",
    # a tool set against no tool, a project that is what it is built on, a job said of no tool
    "we deploy with helm, not on fridays", "This is a NestJS project.", "this is a big project",
    "we deploy with care", "you used the red button, this is a big project",
    # a choice between things that are no code
    "how come you used red when we have blue", "how come you used the modal when we have drawers",
    "who told you to do that?",
    # the team's way after a comma about this task's thing; a wish
    "the button is red, we use blue", "we try to finish early",
    # another language, limited or no tools
    "usa pnpm, no aquí",
]


@pytest.mark.parametrize("text", NOTHING_2)
def test_second_round_lookalike_gives_nothing(text: str) -> None:
    assert lessons(text) == []


# --- review27 R27-4: a lead only strips politeness; a challenge keeps to what a rule can be -----------------------------

@pytest.mark.parametrize("text", [
    # a challenge about one new thing, a second one, a count or a moment of this task
    "why would you open a new PR", "why would you add a loading spinner", "why would you add another column",
    "why would you add a second button", "why would you call the api twice", "why would you send two emails",
    "why would you open a new PR?", "why would you add a loading spinner?", "why would you deploy today?",
    # a reminder lead gives no reach to a moment of this task
    "per our earlier chat, don't deploy today", "as discussed, don't merge it yet",
    # a named rule about what is no code
    "house rule: no laptops at lunch", "house rule: no meetings before 10", "house rule: no meetings on wednesdays",
    # two statements glued with "and we" are no lesson (each alone may be one)
    "we deploy with argo and we never ssh into prod boxes",
])
def test_r27_4_one_offs_and_the_office_give_nothing(text: str) -> None:
    assert lessons(text) == []


@pytest.mark.parametrize(("text", "rules"), [
    ("why would you force push to main", ["Never force push to main."]),
    ("house rule: no force pushes to main", ["No force pushes to main."]),
    ("tests live under spec/ and we use rspec not minitest", ["Use `rspec` instead of `minitest`.", "Put tests under `spec/`."]),
])
def test_r27_4_the_rules_stay(text: str, rules: list[str]) -> None:
    assert lessons(text) == rules
