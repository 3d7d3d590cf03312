"""refl34 (session #16): forms real dev corrections and blind7's rule rows share, each with look-alikes that must still
give nothing. Every case below was run on main (fff2c87f) before the change: the "gives" cases gave nothing there, a
lesson that carried the person's typo, or a garbled one ("Use `dayjs` instead to format dates instead of `moment`."),
except the "again:" reminder, kept as a guard; every look-alike gave nothing there and still does."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


GIVES = [
    # "stop using <a kind of code>": the agent keeps doing it, and it is a kind, so it holds every time (review31 R31-10)
    ("stop using relative imports", "Never use relative imports."),
    ("stop using mocks for the database", "Never use mocks for the database."),
    ("pls stop using nested ternaries", "Never use nested ternaries."),
    ("quit using global variables", "Never use global variables."),
    ("stop using default exports", "Never use default exports."),
    # "stop using X and use Y instead to Z": one choice, with what it is for (a real dev correction)
    ("stop using the repo_browser tool and use the grep and view tools instead to read files.",
     "Use the `grep` and view tools instead of the `repo_browser` tool to read files."),
    ("don't use moment, use dayjs instead to format dates", "Use `dayjs` instead of `moment` to format dates."),
    ("stop using requests and use httpx instead", "Use `httpx` instead of `requests`."),
    # ... a filler is no purpose (review34 R34-13)
    ("stop using fetch and use axios instead to be honest", "Use `axios` instead of `fetch`."),
    # a reminder's lead: said before, said again (blind7)
    ("once again, never use print statements", "Never use print statements."),
    ("again: don't touch the generated files in src/gen, change the .proto and regenerate",
     "Never touch the generated files in `src/gen`; change the `.proto` and regenerate."),
    ("pretty sure I said no emojis in the log messages", "Never use emojis in the log messages."),
    ("I'm pretty sure I said no print statements", "Never use print statements."),
    # where tests live, and the folder they do not go in (blind7)
    ("once again, tests go next to the code, not in a tests/ folder",
     "Put tests next to the code, not in a `tests/` folder."),
    ("tests live next to the component, not in __tests__/", "Put tests next to the component, not in `__tests__/`."),
    # where a kind of code comes from, lives or goes through, against ", no <code>" too (blind2-7 share the form)
    ("I told you before, migrations go through alembic, no raw ALTER TABLE in the code",
     "Migrations go through alembic, not raw ALTER TABLE in the code."),
    ("Our feature flags live in LaunchDarkly, not env vars.", "Feature flags live in `LaunchDarkly`, not env vars."),
    ("prod deploys only happen from tags", "Prod deploys only happen from tags."),
    ("tests live in tests/, not in src/", "Put tests in `tests/`, not in `src/`."),  # a place stays the place form
    # slips whose word is certain (brief item 3)
    ("we use slog everwhere, no println in commited code", "Use slog everywhere, no println in committed code."),
    ("always pin dependancies in requirements.txt", "Always pin dependencies in `requirements.txt`."),  # a well-known one
    # a look said to come before a kind of work stays a rule (a real dev lesson, reviewed good)
    ("Please take some time and analyze the code thoroughly before answering.",
     "Analyze the code thoroughly before answering."),
    ("dont hardcode teh region pls, it comes from the env", "Never hardcode the region."),
    ("never edit hte migrations", "Never edit the migrations."),  # (refl27 had it among the look-alikes: declined)
    ("always run the linter beofre pushing", "Always run the linter before pushing."),
    ("never commit directly to the main brnach", "Never commit directly to the main branch."),
]


@pytest.mark.parametrize(("text", "lesson"), GIVES, ids=[g[0][:40] for g in GIVES])
def test_the_rule_is_read_in_the_persons_words(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


NOTHING = [
    # "stop using" this task's things, a vague kind, or one thing: no standing rule
    "stop using the old client",
    "stop using that library",
    "stop using it",
    "stop using different colors",
    "stop using so many words",
    "stop using mocks in these tests",
    "stop adding comments",
    "stop using the old client and use the new one instead to fetch it",
    # a reminder's lead before a report or one thing of this task
    "once again, the tests are failing",
    "again the build fails",
    "once again, don't change the button",
    "pretty sure I said it works",
    "pretty sure I said no to that",
    # where tests go, against one folder of this task
    "tests go next to the code, not in the old folder",
    # what lives or happens somewhere that is no way of the project's; ", no" before no code
    "migrations go through alembic, no idea why",
    "the tests run against sqlite, no idea why",
    "our users live in Berlin, not Munich",
    "our servers live in us-east-1, not eu-west-1",
    "accidents only happen from carelessness",
    "the bug happens from time to time",
    # a look at this task's work, however many paths it names (a real dev correction, corpus16's batch 6: it gave
    # "Compare before / after for things like /archive, /batch, /ship.")
    "so when you edited commands, it looks like a lot of stuff got simplified or remove.  Compare before / after for "
    "things like /archive, /batch, /ship.  Show me what was removed from all commands",
    "compare the output of `ruff` and `black` for src/",
    # a slip whose word is not certain stays declined; real words are never changed
    "always keep the databaes migrations reversible",
    "never test caching with the cahsing layer",
    # spelled as words are ("credentails" has no run of letters words lack): not certain to be a slip, declined
    "never use hardcoded credentails in config files",
]


@pytest.mark.parametrize("text", NOTHING, ids=[n[:40] for n in NOTHING])
def test_a_look_alike_gives_nothing(text: str) -> None:
    assert _rules(text) == []


def test_a_repair_touches_no_code_no_name_and_no_real_word() -> None:
    from altimate_learn.reflect.providers.builtin.typos import repair

    assert repair("Use `forntend_v2` for the forntend.") == "Use `forntend_v2` for the frontend."
    assert repair("Never call Forntend directly.") == "Never call Forntend directly."  # a name, as typed
    assert repair("Never use upserts or truthy checks.") == "Never use upserts or truthy checks."
    assert repair("The cache should expire after an hour.") == "The cache should expire after an hour."
    assert repair("Keep the databaes small.") == "Keep the databaes small."  # database or databases: not certain
    # review34 R34-9: another variety's spelling is no slip; a real word the lists lack is none either
    for word in ("prioritise", "memorise", "accessorise", "falsey", "fulfil", "instalment", "levelled", "counselling",
                 "outage", "restated", "voided", "heaters", "lunches", "sender", "ticker", "setters", "constrains"):
        assert repair(f"Never {word} the logs.") == f"Never {word} the logs."
    assert repair("Use `structlog` to prioritise readable logs.") == "Use `structlog` to prioritise readable logs."
    assert repair("Never use the calender or a wether.") == "Never use the calender or a wether."  # real words
