"""refl35 (session #17): general forms, each with look-alikes that must still give what they gave. Every "gives" case
below was run on main (97b6bd47) before the change and gave a wrong or garbled lesson there (the filler kept as the
lesson's purpose or as code: "Use `dayjs` instead of `moment` to be quite honest.", "… `tbh`.", "Use `dayjs` instead imo
instead of `moment`."), less ("Never use `moment`.") or nothing."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# A discourse phrase that closes a sentence is how the person feels about saying it, never a purpose or part of the
# rule (review34 R34-13's residue: "… instead to be quite honest", "… instead to tell the truth")
DISCOURSE = [
    ("don't use moment, use dayjs instead to be quite honest", "Use `dayjs` instead of `moment`."),
    ("don't use moment, use dayjs instead to tell the truth", "Use `dayjs` instead of `moment`."),
    ("don't use moment, use dayjs instead to be totally honest with you", "Use `dayjs` instead of `moment`."),
    ("don't use moment, use dayjs instead if you ask me", "Use `dayjs` instead of `moment`."),
    ("don't use moment, use dayjs instead imo", "Use `dayjs` instead of `moment`."),
    ("don't use moment, use dayjs instead, to be perfectly frank", "Use `dayjs` instead of `moment`."),
    ("use dayjs instead of moment, tbh", "Use `dayjs` instead of `moment`."),
    ("use dayjs instead of moment in my opinion", "Use `dayjs` instead of `moment`."),
    ("stop using mocks for the database tbh", "Never use mocks for the database."),
    ("never commit .env files to tell you the truth", "Never commit `.env` files."),
    ("always run the linter before pushing if I'm honest", "Always run the linter before pushing."),
]


@pytest.mark.parametrize(("text", "lesson"), DISCOURSE, ids=[d[0][:40] for d in DISCOURSE])
def test_a_closing_discourse_phrase_is_no_part_of_the_rule(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    # said how to do it, without a comma: no filler ("honestly", "to be fair" need one)
    "always report the test results honestly",
    "rotate the reviewers to be fair",
    # a hedged idea for this task's design stays one whether the hedge leads or closes it
    "we should use a queue instead of polling imo",
    "I think we should use a queue instead of polling tbh",
])
def test_look_alikes_of_a_closing_discourse_phrase(text: str) -> None:
    assert _rules(text) == []


# blind8's two wrong lessons (read at the start of session #17), each fixed by a general form
@pytest.mark.parametrize("text", [
    # a guard on the tests named bare: the tests this task's change must pass, kept for it (blind8's one-off row); as a
    # standing rule the agent could never write or fix a test
    "ugh. I said DON'T touch the tests",
    "don't touch the tests",
    "dont modify the test files",
    # how one thing named by "the" is to behave from this change on (blind8's not row): a request for one change
    "can you make the logger always include the request id? easier to grep in kibana",
    "make the retry button never show for 4xx errors",
])
def test_one_things_guard_or_behaviour_gives_nothing(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    ("don't ever remove the tests", "Never remove the tests."),  # removing them is never this task's scope
    ("why did you delete the tests again?", "Never delete the tests."),
    ("never touch the original tests", "Never touch the original tests."),  # the ones named apart from the new ones
    ("never touch the e2e tests", "Never touch the e2e tests."),
    ("from now on, never touch the tests", "Never touch the tests."),  # the person says it holds from now on
    ("I said don't touch the lockfile", "Never touch the lockfile."),  # the project's one lockfile (blind2, reviewed good)
])
def test_look_alikes_of_one_things_guard_keep_their_lessons(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


# A rule sentence anywhere in the message (brief item 1): after a complaint (review34 R34-5), after a request for new
# work when said as an aside ("btw", "p.s."; review35 R35-1's messages); the team's way with what it never does
ANYWHERE = [
    ("still broken. we use the DATABASE_URL env var, never inline connection strings",
     "Use the `DATABASE_URL` env var, never inline connection strings."),
    ("we use pnpm, never npm", "Use `pnpm`, never `npm`."),
    ("we always use pnpm, never npm", "Always use `pnpm`, never `npm`."),
    ("now add a /health endpoint to api.py. btw, never commit .env files", "Never commit `.env` files."),
    ("ok now add the export button. p.s. never commit .env files", "Never commit `.env` files."),
    ("add the export button. by the way, never commit .env files", "Never commit `.env` files."),
    ("add pagination to the orders endpoint. btw we use cursor pagination, never offset",
     "Use cursor pagination, never `offset`."),
]


@pytest.mark.parametrize(("text", "lesson"), ANYWHERE, ids=[a[0][:40] for a in ANYWHERE])
def test_a_rule_sentence_anywhere_in_the_message(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


@pytest.mark.parametrize("text", [
    "we use redis, never had a problem with it",  # what happened, not what is never done
    "we use pnpm, never used npm",
    "we use it, never mind",
    # an aside about the work asked for specifies it (a word in common with the request)
    "add a cache for the rates. btw never cache for more than 5 minutes",
    # no aside: a requirement of the new work
    "add the export button. never commit .env files",
    "add the export button. btw it should never show for guests",
])
def test_look_alikes_of_a_rule_sentence_anywhere(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    # a lead that says the rule holds from now on adds no second "always" before a rule that says it (main gave "Always
    # put migrations always in `db/migrations`.")
    ("from now on, put migrations always in db/migrations", "Put migrations always in `db/migrations`."),
    ("going forward, write tests always next to the code", "Write tests always next to the code."),
    ("from now on log errors always with structlog", "Log errors always with `structlog`."),
    ("from now on run the linter before pushing", "Always run the linter before pushing."),  # the lead's "always" kept
])
def test_a_standing_lead_adds_no_second_always(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


# review35 R35-17: a rule taken back or narrowed later in the same message gives nothing (main wrote the rule it
# retracts, or a wider one than said); a limit that leads the rule already did
@pytest.mark.parametrize("text", [
    "use yarn instead of npm. wait, no, npm is fine",
    "use yarn, not npm. ignore that, npm is fine",
    "use tabs, not spaces. jk, spaces",
    "use tabs, not spaces (kidding, spaces please)",
    "use tabs, not spaces -- just kidding, spaces",
    "always use Decimal for money. hmm, no, float is fine for the chart",
    "use httpx instead of requests, but only in the new services",
    "don't use float for money, use Decimal. well, except in the charts, there float is fine",
])
def test_a_rule_taken_back_or_narrowed_later_gives_nothing(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize(("text", "lesson"), [
    # at the start, "hmm no" / "no wait" refuse what the agent did: the rule after them stands
    ("hmm no, the env var is DATABASE_URL not DB_URL", "Use `DATABASE_URL` instead of `DB_URL` for the env var."),
    ("no wait thats wrong. the config file is config/app.yaml not settings.yaml",
     "Use `config/app.yaml` instead of `settings.yaml` for the config file."),
    # ", not in the X" is the rule's own contrast, no limit
    ("we agreed all migrations go in db/migrations, not in the app folder",
     "Put all migrations in `db/migrations`, not in the app folder."),
    # something else said to be fine is no take-back of the rule
    ("never commit .env files, it's fine to commit .env.example", "Never commit `.env` files."),
    # the progressive after a modal is the plain verb (a real dev correction: "Never be making …" on main)
    ("we shouldn't be making actual network requests in a unit test.",
     "Never make actual network requests in a unit test."),
    ("you shouldn't be using print for logging", "Never use `print` for logging."),
])
def test_look_alikes_of_a_take_back_keep_their_lessons(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


@pytest.mark.parametrize(("text", "lesson"), [
    # the occasion said after the team's way (review35 R35-1's "…, I noticed you added one in the last change")
    ("also we don't use default exports in this repo, I noticed you added one in the last change",
     "Never use default exports."),
    ("we always use pnpm here, I saw you ran npm install", "Always use `pnpm`."),
])
def test_the_occasion_after_the_teams_way_is_no_part_of_it(text: str, lesson: str) -> None:
    assert _rules(text) == [lesson]


def test_the_occasion_alone_or_after_an_untied_choice_gives_nothing() -> None:
    assert _rules("I noticed you added a default export") == []
    assert _rules("use pnpm, I noticed you used npm") == []  # a choice for this task, nothing says it is the team's
