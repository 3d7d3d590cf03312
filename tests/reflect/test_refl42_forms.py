"""refl42 (session #24): the built-in reflector never invents a rule from a bug report or an open question, and reads the
everyday rules review41 saw it miss (R41-3). Every message here is our own wording (the two held-out real messages
that showed the causes are not read)."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules, reflect_builtin

# --- a statement of what a thing shows or does is no order -----------------------------------------------------------
# A word that is also a verb ("version", "cache", "sort", "log", "wrap") opening a sentence whose next word is a finite
# verb is that sentence's subject: a bug report, not "Version …!" (a held-out real message gave a lesson of this form)

REPORTS = [
    "Version is showing on the login page.",
    "Cache is stale after every deploy.",
    "Sort is wrong on all the list pages.",
    "Log shows a warning after every request.",
    "Wrap seems to break on every small screen.",
    "Filter was ignored on each reload.",
    "Update has no effect on all the rows.",
]


@pytest.mark.parametrize("typed", REPORTS)
def test_a_statement_of_what_a_thing_shows_gives_no_lesson(typed: str) -> None:
    rules, why = item_rules(FeedbackItem("user_correction", typed))
    assert rules == [], rules
    assert why


@pytest.mark.parametrize(("typed", "lesson"), [
    ("stop logging the full request body", "Never log the full request body."),
    ("always sort imports alphabetically", "Always sort imports alphabetically."),
    ("never cache responses that carry a session cookie", "Never cache responses that carry a session cookie."),
])
def test_the_same_verbs_as_orders_still_give_their_rule(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


# --- a question that offers another way is no decision ----------------------------------------------------------------

OFFERS = [
    "Can we use valibot instead of joi?",
    "could we switch to vitest instead of jest?",
    "what about dayjs instead of moment?",
    "how about using httpx instead of requests",
    "maybe valibot instead of joi?",
    "valibot instead of joi?",
    "or should we go with pnpm rather than yarn",
    "hmm, should we switch to ruff?",
    "Would it be better to use polars instead of pandas?",
    "is it worth switching to esbuild over webpack?",
    "why don't we use sqlc instead of gorm?",
]


@pytest.mark.parametrize("typed", OFFERS)
def test_a_question_offering_another_way_gives_no_lesson_and_says_why(typed: str) -> None:
    rules, why = item_rules(FeedbackItem("user_correction", typed))
    assert rules == [], rules
    assert "offers another way" in why


def test_the_offered_question_stays_open_for_a_model_or_a_person() -> None:
    result = reflect_builtin([FeedbackItem("user_correction", "Can we use valibot instead of joi?", signal_id="s1")], [])
    assert result.deltas == []
    assert [who for who, _why in result.skipped] == ["s1"]


@pytest.mark.parametrize(("typed", "lesson"), [
    # a request to the agent: the person decided
    ("could you maybe use pnpm instead of npm?", "Use `pnpm` instead of `npm`."),
    # a challenge of what the agent did
    ("why not use the logger module instead of print?", "Use the logger module instead of `print`."),
    # the project's own way held up against the agent's
    ("maybe we could keep using the Decimal type instead of floats?", "Keep using the Decimal type instead of `float`."),
    # an offer in one sentence, a rule in the next: the rule stands
    ("can we use valibot instead of joi? also never commit the .env file", "Never commit the `.env` file."),
])
def test_requests_challenges_and_the_projects_way_still_give_their_rule(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


# --- everyday rules (review41 R41-3, from real opencode / Gemini CLI trips): each a clean rule, or nothing ------------

@pytest.mark.parametrize(("typed", "lesson"), [
    # a data format said as a fact, with what it is never (the team's "in this codebase" is no part of the lesson)
    ("customer ids are strings in this codebase, never ints", "Customer ids are strings, never ints."),
    # the team's way in "this service", with what it is not: no "here" left inside the lesson
    ("we keep all dates in UTC in this service, never local time", "Keep all dates in UTC, never local time."),
    ("we keep durations in seconds in this app, never minutes", "Keep durations in seconds, never minutes."),
    # a way of handling errors, wherever the one at hand is, with what to do instead
    ("don't swallow the error there, let it propagate", "Never swallow errors; let them propagate."),
    # where a secret comes from
    ("read the api token from the env", "Read the api token from the env."),
    # what the agent runs things as, asked about, and what to use (the lesson says no to root; "instead of running as
    # root" is refused by the curator's lint as asking for root)
    ("why are you running it as root? use the deploy user", "Never run as root; use the deploy user."),
])
def test_everyday_rules_give_a_clean_lesson(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


@pytest.mark.parametrize("typed", [
    "customer ids are strings",  # what is never used is not said: a description, maybe of one file
    "the prices are strings in the export",
    "the error there got swallowed",  # a report
    "read the file from the env",  # no secret or setting
    "read the token from the env for now",  # this task only
    "why are you running it as root?",  # what to use instead is not said
    "why are you running it as root? use that one",  # which one only the conversation says
    "why are you running it as root? use the deploy user for now",
])
def test_their_look_alikes_give_nothing(typed: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == []


# --- review41 R41-5, the reflector's side: "print again??" after the logger lesson was given ----------------------------

LOGGER = {"id": "L-0a1b", "text": "Use the logger from `app/log.py`, never `print`."}


@pytest.mark.parametrize("typed", ["print again??", "you used print again", "still print() everywhere",
                                   "print statements again?"])
def test_a_complaint_that_the_agent_broke_a_given_lesson_is_no_vote_and_says_so(typed: str) -> None:
    result = reflect_builtin([FeedbackItem("user_correction", typed, signal_id="s1", shown=("L-0a1b",))], [LOGGER])
    assert result.deltas == []  # neither HELPFUL (it was not followed) nor HARMFUL (nothing says it is wrong)
    (skipped,) = result.skipped
    assert skipped[0] == "s1" and "L-0a1b" in skipped[1] and "not followed" in skipped[1]


@pytest.mark.parametrize(("typed", "shown"), [
    ("print again??", ()),  # the lesson was not given in that session
    ("print the report again", ("L-0a1b",)),  # a request: "print" is its verb
])
def test_its_look_alikes_name_no_lesson(typed: str, shown: tuple[str, ...]) -> None:
    result = reflect_builtin([FeedbackItem("user_correction", typed, signal_id="s1", shown=shown)], [LOGGER])
    assert result.deltas == []
    assert "L-0a1b" not in result.skipped[0][1]


def test_restating_the_given_lesson_is_still_a_vote_for_it() -> None:
    result = reflect_builtin([FeedbackItem("user_correction", "no print, use the logger", signal_id="s1",
                                           shown=("L-0a1b",))], [LOGGER])
    assert [(d["op"], d["id"]) for d in result.deltas] == [("HELPFUL", "L-0a1b")]


# --- requests of new work that read as rules (refl42's own look-alikes of "not" rows: the blind12 not rows that give a
# lesson were counted, never read) ------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "the search box should debounce input by 300ms and never fire on empty strings",
    "the report must include every region, even the ones with zero sales",
    "the endpoint should accept both json and form data and always return json",
    "the api client should retry on 503 but never on 400s",
    "the cli should print help when run with no arguments and always exit non-zero on errors",
    "the price should always be shown with the currency symbol in the cart",
    "every chart on the dashboard needs a legend and a title",
    "make the api return 404 instead of 500 when the order doesn't exist",
    "new feature: users can export their data as csv. include every field except the password hash",
])
def test_the_design_of_what_is_asked_for_is_no_rule(typed: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == []


@pytest.mark.parametrize(("typed", "lesson"), [
    # tied to the project or to what the agent did, the same shapes stay rules
    ("new feature: a csv export. btw never commit .env files", "Never commit `.env` files."),
    ("new feature: csv export. we never use pandas here, use polars", "Use `polars` instead of `pandas`."),
    ("every endpoint needs a test", "Every endpoint needs a test."),
    ("every button in the app needs an aria-label", "Every button in the app needs an aria-label."),
    ("you keep returning 500, make the api return 404 instead of 500 when a resource doesn't exist",
     "Make the api return 404 instead of 500 when a resource doesn't exist."),
])
def test_rules_beside_them_still_stand(typed: str, lesson: str) -> None:
    assert item_rules(FeedbackItem("user_correction", typed))[0] == [lesson]


def test_learn_reflect_reads_the_sessions_lessons_for_a_complaint_that_the_agent_did_it_again(session_store) -> None:
    # review42 R42-9: the session's lessons were read only for "that rule is outdated" / "the rules say …", so in a real
    # reflection "print again??" kept the reason "a question"
    session_store.given(LOGGER)
    signal = session_store.say("print again??", message_id="m1")
    assert "rules out: the lesson was not followed" in session_store.reflect()
    assert session_store.staged().get(LOGGER["id"], {}).get("helpful", 0) == 0
    assert session_store.status(signal) == "open"


def test_a_lesson_a_sub_agent_of_the_session_was_given_counts_for_its_complaint(session_store) -> None:
    # review50 R50-7: a Claude Code sub-agent's file lessons are recorded under "<session> agent <agent_id>"; the work it
    # did is the session's, so "print again??" reads the lesson it was given as given in the session
    session_store.given(LOGGER, session="sess-1 agent ad9fea2d8d9d4c2ed")
    signal = session_store.say("print again??", message_id="m1")
    assert "rules out: the lesson was not followed" in session_store.reflect()
    assert session_store.status(signal) == "open"
