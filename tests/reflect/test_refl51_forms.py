"""refl51 (session #33): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. A ban for one place and the tool used in another: "we don't use requests in the app, we use httpx in the scripts" gave
   "Use `httpx` in the scripts instead of `requests` in the app." (a swap across places nobody asked for; restated, "…
   instead of `requests`.", the ban's place dropped) and "no moment in the frontend, we use date-fns in the backend" gave
   "Use `date-fns` in the backend." (the ban lost). Two places, each with its own rule, now wait with their reason
   (one_off.TWO_PLACES). One place for both, a ban in one place and the tool with no place, and a purpose ("for
   installs") keep their lesson.
2. The team's tool said "now" after a question about the tool the agent kept: "why is it still eslint? we use biome now"
   gave "Use `biome`." (the replaced tool lost; ask50's left-alone); "now", "nowadays" and "these days" after the team's
   tool are when it was chosen, and the lesson is "Use `biome` instead of `eslint`.". A tool of another job, a limit, a
   question, someone else and the past keep what they gave.
3. A rule, then who it comes from: "never use any, prefer unknown, bob says" gave "Never use `any`; prefer unknown, bob
   says." and "use pnpm, not npm, bob says" "Use `pnpm` instead of `npm`, bob says." (the tag glued into the lesson).
   The person typed the rule to the agent; the tag says whose it was first, and a teammate's rule is the team's: the
   lesson is written without it. A source outside the team ("…, chatgpt says", "…, someone on stackoverflow says") is
   passed on, not chosen: it waits (one_off.RELAYED_OUTSIDE). Said first ("bob says never use npm"), asked back, or
   doubted after ("…, bob says, but I'm not sure") it waits as before.
4. This project said first with no comma: "for this repo we use pnpm" and "here we use pnpm" gave nothing, while "for
   this repo, we use pnpm" and "we use pnpm for this repo" gave "Use `pnpm`.". They are now read as the comma form. An
   occasion ("for the demo"), another repo, the past, a maybe, a question give nothing as before.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.one_off import RELAYED_OUTSIDE, TWO_PLACES


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. two places, each with its own rule -----------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "we don't use requests in the app, we use httpx in the scripts",
    "we dont use requests in the app; we use httpx in the scripts",
    "no moment in the frontend, we use date-fns in the backend",
    "we don't use moment in the frontend, we use date-fns in the backend",
    "we use httpx in the scripts, we don't use requests in the app",
    "never use requests in the app, use httpx in the scripts",
    "don't use print in the library, use logging in the cli",
    "avoid jest in the web package, we use vitest in the api package",
    "why is it still requests? we don't use requests in the app, we use httpx in the scripts",
    "no lodash for the backend, use ramda for the frontend",
    "we don't use requests in the app, the scripts use httpx",  # the part that uses it is the place
    "we don't use requests in the app, the scripts use httpx in the cron job",
    "the scripts use httpx, we don't use requests in the app",
])
def test_a_ban_for_one_place_and_a_tool_for_another_waits(typed: str) -> None:
    rules, why = _read(typed)
    assert rules == [] and why == TWO_PLACES


@pytest.mark.parametrize(("typed", "lesson"), [
    ("don't use requests in the app, use httpx", "Use `httpx` instead of `requests` in the app."),
    ("we don't use requests in the app, we use httpx", "Use `httpx` instead of `requests` in the app."),
    ("we don't use npm in this repo, use pnpm for installs", "Use `pnpm` for installs instead of `npm`."),
    ("we don't use requests, we use httpx", "Use `httpx` instead of `requests`."),
    ("no moment, we use date-fns", "Use `date-fns` instead of `moment`."),
    ("we don't use requests in the app, the team uses httpx", "Use `httpx` instead of `requests` in the app."),
    ("we use httpx in the scripts", "Use `httpx` in the scripts."),
    ("we don't use requests in the app", "Never use `requests` in the app."),
])
def test_one_place_or_none_keeps_its_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "i didn't use requests in the app, i used httpx in the scripts",  # past narration
    "did we use requests in the app or httpx in the scripts?",  # a question
])
def test_look_alikes_of_two_places_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 2. "… we use biome now" after "why is it still eslint?" -----------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why is it still eslint? we use biome now", "Use `biome` instead of `eslint`."),
    ("why is it still eslint? we use biome nowadays", "Use `biome` instead of `eslint`."),
    ("why is it still eslint?? we use biome these days", "Use `biome` instead of `eslint`."),
    ("why is it still jest? we use vitest now", "Use `vitest` instead of `jest`."),
    ("why is this still requests? we use httpx now", "Use `httpx` instead of `requests`."),
    ("why npm? we use pnpm now", "Use `pnpm` instead of `npm`."),
])
def test_the_team_tool_said_now_replaces_the_kept_one(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize(("typed", "lesson"), [
    ("we use biome now", "Use `biome`."),  # nothing asked about: nothing replaced
    ("why is it still eslint? we use prettier now", "Use `prettier`."),  # another job: eslint is not replaced
    ("why is it still npm? we use pnpm now in the frontend", "Use `pnpm` in the frontend."),  # a limit: the tool alone
])
def test_now_without_a_replaced_tool_of_its_job_keeps_the_tool_alone(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "why is it still eslint? we use biome now?",  # asked back
    "why is it still eslint? i use biome now",  # the person's own setup
    "why is it still eslint? the mobile team uses biome now",  # another team
    "why is it still eslint? we used biome back then",  # the past
    "why docker? we use kubernetes now",  # not one job
])
def test_look_alikes_of_the_team_tool_now_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 3. a rule, then who it comes from ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("never use any, prefer unknown, bob says", "Use `unknown` instead of `any`."),
    ("use pnpm, not npm, bob says", "Use `pnpm` instead of `npm`."),
    ("use pnpm, not npm, says bob", "Use `pnpm` instead of `npm`."),
    ("use pnpm, not npm, our lead says", "Use `pnpm` instead of `npm`."),
    ("use pnpm, not npm, the team says", "Use `pnpm` instead of `npm`."),
    ("always run the tests before pushing, priya said", "Always run the tests before pushing."),
    ("always run the tests before pushing, per the style guide", "Always run the tests before pushing."),
    ("don't use print but prefer the logger, bob says", "Use the logger instead of `print`."),
    ("don't use print, bob says", "Never use `print`."),
    ("don't use print, according to the tech lead", "Never use `print`."),
])
def test_a_teammates_rule_is_written_without_the_tag(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "don't use var, chatgpt says",
    "never use eval, someone on stackoverflow says",
    "use ruff, not flake8, a blog post says",
    "always pin the versions, the vendor says",
    "use pnpm not npm, says the mobile team",  # another team (check51 C51-8)
    "use pnpm, not npm, the ios folks say",
])
def test_a_rule_passed_on_from_outside_the_team_waits(typed: str) -> None:
    rules, why = _read(typed)
    assert rules == [] and why == RELAYED_OUTSIDE


@pytest.mark.parametrize("typed", [
    "bob says never use npm",  # a report of what bob says
    "bob says never use npm, is that right?",
    "don't use print, bob says?",  # asked back
    "don't use print, bob says, but i'm not sure",  # doubted
    "i used print, bob said",  # past narration
    "it crashed again, the ops guy said",  # a report
])
def test_look_alikes_of_a_relayed_rule_give_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. this project said first ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("for this repo we use pnpm", "Use `pnpm`."),
    ("here we use pnpm", "Use `pnpm`."),
    ("for this project we never use any", "Never use `any`."),
    ("in this codebase we use ruff for linting", "Use `ruff` for linting."),
])
def test_this_project_said_first_gives_the_teams_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "for this repo we used pnpm until march",  # the past
    "for this repo we might use pnpm later",  # a maybe
    "for this repo we don't know yet if we use pnpm",
    "for this repo we use pnpm for the demo",  # one occasion
    "for the demo we use pnpm",
    "for our other repo we use yarn",  # another repo
    "for this repo we use pnpm?",  # a question
    "here we go again",
])
def test_look_alikes_of_this_project_first_give_nothing(typed: str) -> None:
    assert _rules(typed) == []
