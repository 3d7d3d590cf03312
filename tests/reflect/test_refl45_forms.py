"""refl45 (session #27): the built-in reflector on forms #26 left open. Every message here is our own wording.

1. A comment that silences a checker is one piece of code: "never add // @ts-ignore" gave "Never add // `@ts`-ignore."
   (the decorator shape took "@ts" alone); a setting and its value too ("`spring.jpa.hibernate.ddl-auto`=update", from a
   real dev correction).
2. "why npm? we switched to pnpm": a tool asked about bare keeps its half of the rule ("Use `pnpm` instead of `npm`.";
   it gave "Use `pnpm`."). A thing instead of itself is no rule ("why pytest? we use pytest" gave "Use `pytest` instead
   of `pytest`.").
3. A condition said first with a pronoun after it: "when you add a dependency, pin it" -> "Pin every new dependency.";
   "…, pin its version" gave "Pin its version when adding a new dependency." -> "Pin the version of every new
   dependency.".
4. The person's own machine or shell ("I use the fish shell. Why do you think I use zsh?", a real dev correction; "I'm
   on Windows") is no team rule: lessons are shared with the whole team, whose shell it is not (as `learn
   import-memories` keeps a person's own memories out of the team's candidate). It waits with its own reason.
5. The autonomy form ("don't stop to ask, just do it"; refl44's largest real group with no lesson): "Never stop to ask."
   would also cover a step that deletes or publishes, and "just do it" is mostly about this task, so no rule is written
   offline; it waits with its own reason.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules
from altimate_learn.reflect.providers.builtin.rules import ASKS, BROKEN, GO_ON, NO_RULE, OWN_SETUP


def _read(text: str) -> tuple[list[str], str]:
    return item_rules(FeedbackItem("user_correction", text))


def _rules(text: str) -> list[str]:
    return _read(text)[0]


# --- 1. a suppression comment, a setting and its value: one code span ---------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("never add // @ts-ignore", "Never add `// @ts-ignore`."),
    ("stop adding // @ts-ignore everywhere", "Never add `// @ts-ignore`."),
    ("dont use @ts-nocheck", "Never use `@ts-nocheck`."),
    ("never use @ts-expect-error", "Never use `@ts-expect-error`."),
    ("stop adding # type: ignore everywhere", "Never add `# type: ignore`."),
    ("stop adding type: ignore everywhere", "Never add `type: ignore`."),
    ("never use # noqa", "Never use `# noqa`."),
    ("never add // eslint-disable-next-line no-console", "Never add `// eslint-disable-next-line no-console`."),
    ("never add # pylint: disable=broad-except", "Never add `# pylint: disable=broad-except`."),
    ("stop adding #[allow(unused)] everywhere", "Never add `#[allow(unused)]`."),  # (as before)
    ("never use `// @ts-ignore`", "Never use `// @ts-ignore`."),  # already in backticks: kept as typed
    # a setting and its value
    ("don't use spring.jpa.hibernate.ddl-auto=update, i can accidentally alter / delete table, we work together as "
     "team so all migration and versioning should use flyway!",
     "Use `flyway` instead of `spring.jpa.hibernate.ddl-auto=update`."),
    ("don't use NODE_ENV=development for builds", "Never use `NODE_ENV=development` for builds."),
    ("never set DEBUG=true in prod", "Never set `DEBUG=true` in prod."),
    ("always run pytest with --maxfail=1", "Always run `pytest` with `--maxfail=1`."),  # (a flag, as before)
])
def test_a_suppression_comment_or_a_setting_is_one_code_span(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 2. a tool asked about bare keeps its half ---------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why npm? we switched to pnpm", "Use `pnpm` instead of `npm`."),
    ("why npm? we switched to pnpm last year", "Use `pnpm` instead of `npm`."),
    ("why jest? we moved to vitest months ago", "Use `vitest` instead of `jest`."),
    ("why npm? we're on pnpm", "Use `pnpm` instead of `npm`."),
    ("why npm?? we use pnpm here", "Use `pnpm` instead of `npm`."),
    ("npm again?? this repo is pnpm", "Use `pnpm` instead of `npm`."),
    ("why docker? we switched to podman", "Use `podman` instead of `docker`."),
    ("why are you using npm? we switched to pnpm", "Use `pnpm` instead of `npm`."),  # (as before)
    # the same tool on both sides: the team's one stated, no choice between two
    ("why pytest? we use pytest", "Use `pytest`."),
])
def test_a_bare_tool_question_keeps_what_it_replaces(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "why npm?",  # the question alone states nothing
    "why npm? we switched to the new CI",  # not a tool of npm's job
    "why npm? we switched to it",
    "why the new folder? we switched to pnpm",  # no tool asked about
    "use pytest instead of pytest",
])
def test_a_bare_question_with_no_second_tool_gives_no_instead(typed: str) -> None:
    assert not any("instead of" in rule for rule in _rules(typed))
    assert _rules(typed) in ([], ["Use `pnpm`."])


# --- 3. a condition said first, with "it" or "its" after it -------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("when you add a dependency, pin it", "Pin every new dependency."),
    ("whenever you add a dependency, pin it", "Pin every new dependency."),
    ("when you add a dependency, pin it to the exact version", "Pin every new dependency to the exact version."),
    ("when you add a new dependency, pin its version", "Pin the version of every new dependency."),
    ("when you add a new table, document its columns in the schema.yml",
     "Document the columns of every new table in the `schema.yml`."),
    ("when you add a new env var, add it to .env.example", "Add every new env var to `.env.example`."),  # (as before)
    ("pin every new dependency", "Pin every new dependency."),  # said as the rule itself
    # a kind said in the plural is "all new …" ("Add every new pages to the sitemap." before)
    ("when you add new pages, add them to the sitemap", "Add all new pages to the sitemap."),
    ("when you add new deps, pin their versions", "Pin the versions of all new deps."),
    ("when you add new dependencies, pin them", "Pin all new dependencies."),
])
def test_a_condition_first_with_a_pronoun_names_each_new_one(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "when you add the dependency, pin it",  # this task's one dependency
    "when you add a dependency, tell me",  # a step of talk, not of the work
    "when you add a new user, welcome them",  # a record of the product
    "when you add a new user, send them an email",
    "when you add a dependency, pin them all",  # what "them" is, only the conversation says
    "add every new user",  # the product's things, not a kind of work
])
def test_a_condition_first_look_alike_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


# --- 4. the person's own machine or shell: no team rule ------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "I use the fish shell. Why do you think I use zsh?",
    "I use the fish shell",
    "yes, but respect my Fish shell preferences.",
    "I'm on Windows",
    "i am on windows, not linux",
    "im on an M2 mac so use the arm64 build",
    "i am not using wsl and i dont have scoop or go",
    "my shell is zsh",
    "I'm on windows, always use forward slashes",  # a rule said for the person's own machine
])
def test_the_persons_own_setup_waits_with_its_reason(typed: str) -> None:
    assert _read(typed) == ([], OWN_SETUP)


@pytest.mark.parametrize(("typed", "why"), [
    ("I'm on a Mac and the build fails", BROKEN),  # a bug report that names the machine stays one
    ("works on my mac now but the windows CI job still fails", BROKEN),
    ("I'm on it", NO_RULE),  # no machine named
    ("I'm on the main branch", NO_RULE),
])
def test_a_machine_named_in_passing_is_no_setup(typed: str, why: str) -> None:
    assert _read(typed) == ([], why)


@pytest.mark.parametrize(("typed", "lesson"), [
    ("this repo uses pnpm", "Use `pnpm`."),  # the team's, not the person's
    ("we use pnpm here", "Use `pnpm`."),
])
def test_the_teams_own_tool_is_still_a_rule(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# --- 5. "don't stop to ask, just do it": no rule offline, its own reason -------------------------------------------------

@pytest.mark.parametrize("typed", [
    "don't stop to ask, just do it",
    "stop asking me to say things just do it",
    "everything dont ask me you do continuously",
    "go go go why do you stop",
    "why are you stopping? finish it without rest",
    "Concerning code, please do it yourself.",
    "do it automatically, go for each file",
])
def test_go_on_without_asking_waits_with_its_reason(typed: str) -> None:
    assert _read(typed) == ([], GO_ON)


@pytest.mark.parametrize(("typed", "why"), [
    ("keep going", NO_RULE),  # "please continue" after an interruption: no correction
    ("sorry, hit escape by accident. keep going", NO_RULE),
    ("house rules: python 3.9 compatible, no new deps without asking, type hints on everything. first task is the csv "
     "importer", NO_RULE),  # "without asking" as a rule's condition
    ("why did you stop the server?", ASKS),  # a question about what the agent did to the server
])
def test_go_on_look_alikes_keep_their_reason(typed: str, why: str) -> None:
    assert _read(typed) == ([], why)


# --- 6. the person asks for the rule to be written down for later sessions -----------------------------------------------
# "dont forget to update git submodules recursive (add this info to crush.md or project related file, so you dont
# forget)" (a real dev correction) gave nothing: asking for the rule to go into the agent's instructions or memory is the
# person's own word that it holds from now on, said before the rule or after it.

@pytest.mark.parametrize(("typed", "lesson"), [
    ("dont forget to update git submodules recursive (add this info to crush.md or project related file, so you dont "
     "forget)", "Always update git submodules recursively."),
    ("for next time: never commit the .env", "Never commit the `.env`."),
    ("for next time, never use --no-verify", "Never use `--no-verify`."),
    ("note for next time: never commit .env files", "Never commit `.env` files."),
    ("remember this for next time: use pnpm, not npm", "Always use `pnpm`, not `npm`."),
    ("save this to your memory: tests go in tests/unit", "Put tests in `tests/unit`."),
    ("add this to CLAUDE.md: tests go in tests/unit", "Put tests in `tests/unit`."),
    ("put that in AGENTS.md so you remember: use pnpm", "Always use `pnpm`."),
    ("run the formatter before committing, add this to CLAUDE.md", "Always run the formatter before committing."),
    ("never commit the .env, and save that to your memory", "Never commit the `.env`."),
    ("always run the linter before pushing, so you dont forget", "Always run the linter before pushing."),
    ("always clone submodules recursive", "Always clone submodules recursively."),  # the adverb slip, said bare
])
def test_a_rule_asked_to_be_recorded_holds_from_now_on(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "make the button blue, add this to CLAUDE.md",  # one part's look, recorded or not
    "fix the header. add this to CLAUDE.md",  # a step of this task; which sentence to record, only the person knows
    "add this to CLAUDE.md",  # what "this" is, only the conversation says
    "add this to the README: tests go in tests/unit",  # documentation for people, not the agent's instructions
    "for next time: the button is broken",  # a report
    "can you add this to CLAUDE.md: use pnpm?",  # asked
    "always make the search recursive",  # what a thing is: "recursive" stays an adjective
])
def test_a_record_request_with_no_clean_rule_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


def test_an_adjective_before_its_noun_is_no_adverb_slip() -> None:
    assert _rules("always use recursive CTEs for the tree") == ["Always use recursive CTEs for the tree."]


# --- 7. a reason run on after a ban with no comma -------------------------------------------------------------------------
# "dont use axios we have apiClient" gave "Never use `axios` we have `apiClient`." (two clauses glued into the lesson);
# "pls dont use lodash we hav native methods for all of that" gave nothing.

@pytest.mark.parametrize(("typed", "lesson"), [
    ("dont use axios we have apiClient", "Never use `axios`."),
    ("dont use axios we already have apiClient", "Never use `axios`."),
    ("pls dont use lodash we hav native methods for all of that", "Never use `lodash`."),
    ("dont use lodash we have native methods", "Never use `lodash`."),  # (as before)
    ("never use requests we use httpx.Client", "Use `httpx.Client` instead of `requests`."),
])
def test_a_reason_run_on_after_a_ban_is_no_part_of_it(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


def test_a_relative_clause_is_still_part_of_what_it_bans() -> None:
    assert _rules("never use the endpoint we have a test for") == []  # which endpoint, only the conversation says


# --- 8. a tool asked about bare is replaced only by one of its job ---------------------------------------------------------
# "why docker? we use kubernetes" gave "Use kubernetes instead of `docker`." and "why npm? we use pnpm for the app and npm
# for the docs" "Use `pnpm` for the app and `npm` for the docs instead of `npm`." (both before refl45): a bare question
# names what was used, but says nothing of what the team's tool after it replaces.

@pytest.mark.parametrize(("typed", "lesson"), [
    ("why docker? we use kubernetes", None),
    ("why python? we use go", "Use `go` instead of `python`."),  # (languages are one job: refl46; none before)
    ("why npm? we use pnpm for the app and npm for the docs", "Use `pnpm` for the app and `npm` for the docs."),
    ("why pip? we use poetry", "Use `poetry` instead of `pip`."),
    ("why jest? the team uses vitest", "Use `vitest` instead of `jest`."),
    ("why npm? our team prefers pnpm", "Use `pnpm` instead of `npm`."),
    ("why moment.js? we use date-fns", "Use `date-fns` instead of `moment.js`."),
    ("why are you using requests? we use httpx", "Use `httpx` instead of `requests`."),  # (asked whole: as before)
    # an order after the bare question says what replaces it itself, whatever its job (as before refl45's 2c0b28b6)
    ("print again?? use the logger", "Use the logger instead of `print`."),
    ("console.log again? use the debug package", "Use the debug package instead of `console.log`."),
    ("why docker? use podman", "Use `podman` instead of `docker`."),
])
def test_a_bare_question_pairs_only_tools_of_one_job(typed: str, lesson: str | None) -> None:
    assert _rules(typed) == ([lesson] if lesson else [])


# --- 9. "from now on" before a step on one thing of this task ----------------------------------------------------------------
# "from now on, rename the file to utils.py" gave "Always rename the file to `utils.py`." (before refl45; and so did the
# same step asked to be recorded): which file only the conversation says, as "from now on don't change the button" gives
# nothing; a step on a kind of work stays.

@pytest.mark.parametrize("typed", [
    "from now on, rename the file to utils.py",
    "rename the file to utils.py, add this to CLAUDE.md",
    "rename the file to utils.py, so you dont forget",  # "so you don't forget" alone asks to record nothing
    "from now on, update the test file",
])
def test_from_now_on_before_a_step_on_one_thing_gives_nothing(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    ("from now on, run the tests before pushing", "Always run the tests before pushing."),
    ("from now on, run the test suite before pushing", "Always run the test suite before pushing."),
    ("from now on, update the changelog", "Always update the changelog."),
    ("going forward, update the readme when adding a command", "Always update the readme when adding a command."),
])
def test_from_now_on_before_a_kind_of_work_stays(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
