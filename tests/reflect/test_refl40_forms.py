"""refl40 (session #22): review39 R39-18 (a "we …" convention scoped to the one folder touched; "it's tailwind only in
this repo" after a ban gave nothing), corpus21's held-back KLIMA row (an interjection typed however, "ALright", taken
into the lesson's object), each with look-alikes that must keep their scope or stay quiet."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, echoed, item_rules, reflect_builtin, trigger_for
from altimate_learn.reflect.providers.builtin.text import prose


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- an interjection however it is typed (corpus21's KLIMA rebuild: 'Put ALright the Dropdown Menu actually in
# `Layout.vue`.' from a one-off placement) --------------------------------------------------------------------------

INTERJECTION_LEADS = [
    ("alright never use axios", ["Never use `axios`."]),
    ("all right, never use axios", ["Never use `axios`."]),
    ("yeah never use axios", ["Never use `axios`."]),
    ("yep, never use axios", ["Never use `axios`."]),
    ("right, never use axios", ["Never use `axios`."]),
    ("okey never use axios", ["Never use `axios`."]),
    ("alrighty, tests go in tests/", ["Put tests in `tests/`."]),
    ("alright the helpers belong in utils/", ["Put the helpers in `utils/`."]),
    ("sure, the helpers go in utils/", ["Put the helpers in `utils/`."]),
]


@pytest.mark.parametrize("text, lessons", INTERJECTION_LEADS, ids=[t for t, _ in INTERJECTION_LEADS])
def test_an_interjection_typed_any_way_is_no_part_of_the_rule(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


ONE_THING_PLACED = [
    # the row itself: where one named thing of this task goes, after an interjection
    'ALright the Dropdown Menu actually belongs in Layout.vue. Also make the "Periode X" text more vissible, since '
    "black in darkmode is invis.",
    "alright the dropdown menu belongs in Layout.vue",
    "ALright the Dropdown Menu actually belongs in Layout.vue",
    "yeah the modal belongs in App.vue",
    "all right, the sidebar actually goes in Layout.vue",
]


@pytest.mark.parametrize("text", ONE_THING_PLACED, ids=[t[:40] for t in ONE_THING_PLACED])
def test_one_thing_of_this_task_placed_after_an_interjection_gives_nothing(text: str) -> None:
    assert _rules(text) == []


@pytest.mark.parametrize("text", ["right-align the labels", "sure the tests pass before you push"])
def test_right_and_sure_that_say_what_to_do_are_not_taken_for_interjections(text: str) -> None:
    # "right" and "sure" are leads only before a mark: stripped here, the rest would read as a rule
    assert _rules(text) == []


# --- R39-18: "it's X only" after a ban names the one to use -----------------------------------------------------------

ONLY_AFTER_A_BAN = [
    ("hmm no css files please, it's tailwind only in this repo. and we don't do default exports",
     ["Use `tailwind` instead of adding css files.", "Never use default exports."]),
    ("no css files please, it's tailwind only in this repo", ["Use `tailwind` instead of adding css files."]),
    ("no css files, tailwind only", ["Use `tailwind` instead of adding css files."]),
    ("no inline styles, it's tailwind only here", ["Use `tailwind` instead of inline styles."]),
    ("no moment, dayjs only", ["Use `dayjs` instead of `moment`."]),
    ("no npm, pnpm only", ["Use `pnpm` instead of `npm`."]),
    ("no redux, zustand only", ["Use `zustand` instead of `redux`."]),
]


@pytest.mark.parametrize("text, lessons", ONLY_AFTER_A_BAN, ids=[t[:40] for t, _ in ONLY_AFTER_A_BAN])
def test_the_one_tool_said_as_x_only_after_a_ban_is_what_to_use(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


NOT_A_TOOL_ONLY = [
    "no refactors, bugfixes only",        # this change's scope
    "no more changes, reading only",
    "no emails, slack only",              # a habit of talk, not code
    "no css files, it's a prototype only",
    "no tests, this is a spike only",
    "no mocks, it's integration tests only",
    "no more npm, pnpm only",             # "no more": no ban said as such
    "it's tailwind only in this repo",    # no ban before it: what it replaces is the conversation's
]


@pytest.mark.parametrize("text", NOT_A_TOOL_ONLY, ids=NOT_A_TOOL_ONLY)
def test_x_only_that_names_no_tool_or_no_ban_gives_nothing(text: str) -> None:
    assert _rules(text) == []


# --- R39-18: the team's way holds in every folder, unless it names one -------------------------------------------------

TOUCHED = ["web/src/components/Badge.jsx"]


def _scope(text: str) -> dict[str, list[str]]:
    return {rule: trigger_for(rule, TOUCHED, said=prose(text)) for rule in _rules(text)}


def test_a_we_convention_is_project_wide() -> None:
    text = "hmm no css files please, it's tailwind only in this repo. and we don't do default exports"
    assert _scope(text) == {"Use `tailwind` instead of adding css files.": [], "Never use default exports.": []}
    assert _scope("we don't do default exports") == {"Never use default exports.": []}
    assert _scope("we avoid default exports") == {"Avoid default exports.": []}


def test_the_same_rule_without_the_team_keeps_the_folder_touched() -> None:
    assert _scope("never use default exports") == {"Never use default exports.": ["web/src/components/*.jsx"]}


def test_a_we_convention_that_names_its_part_keeps_it() -> None:
    # the team's way in one part of the project: the touched folder (or the kind of code it names)
    assert _scope("we use structlog in this service") == {"Use `structlog`.": ["web/src/components/*.jsx"]}
    assert _scope("we never return raw errors from api handlers") == {
        "Never return raw errors from api handlers.": ["web/**/*.jsx"]}


def test_the_reflection_writes_the_team_way_without_paths() -> None:
    text = "hmm no css files please, it's tailwind only in this repo. and we don't do default exports"
    result = reflect_builtin([FeedbackItem("user_correction", text, "sig_1", None, list(TOUCHED))], [])
    assert [(d["text"], d.get("paths")) for d in result.deltas] == [
        ("Use `tailwind` instead of adding css files.", None), ("Never use default exports.", None)]


# --- R39-20 (learner half): a person saying a lesson learn gave the session no longer holds -----------------------------

AXIOS = {"id": "L-5514bce2", "text": "Never use `axios`; use `fetch` for HTTP calls."}
UTC = {"id": "L-6673472d", "text": "Keep every datetime in UTC."}
PNPM = {"id": "L-1c0ffee1", "text": "Use `pnpm` for packages."}


def _reflect(text: str, shown: tuple[str, ...], lessons=(AXIOS, UTC, PNPM)):
    return reflect_builtin([FeedbackItem("user_correction", text, "sig_1", None, [], shown=shown)], list(lessons))


SAID_OUTDATED = [
    ("that axios rule is outdated, we use fetch now", AXIOS["id"]),
    ("that axios rule is outdated, we use axios again since the v2 migration, fetch can't report upload progress",
     AXIOS["id"]),
    ("the team rule about fetch doesn't apply to uploads, put axios back", AXIOS["id"]),
    ("the pnpm rule is outdated, we use bun now", PNPM["id"]),
    ("hmm the utc convention is wrong, the reports are in local time", UTC["id"]),
]


@pytest.mark.parametrize("text, lesson", SAID_OUTDATED, ids=[t[:40] for t, _ in SAID_OUTDATED])
def test_a_lesson_given_in_the_session_and_said_outdated_gets_a_harmful_vote(text: str, lesson: str) -> None:
    result = _reflect(text, (AXIOS["id"], UTC["id"], PNPM["id"]))
    harmful = [d for d in result.deltas if d["op"] == "HARMFUL"]
    assert [d["id"] for d in harmful] == [lesson]
    assert harmful[0]["reason"].startswith("user_correction says it no longer holds: ")
    assert not [d for d in result.deltas if d["op"] == "ADD" and d.get("supersedes") != lesson]
    assert result.sources == ["sig_1"] * len(result.deltas)  # the vote is what uses the signal up


@pytest.mark.parametrize("text, lesson", SAID_OUTDATED, ids=[t[:40] for t, _ in SAID_OUTDATED])
def test_a_lesson_not_given_in_that_session_gets_no_vote(text: str, lesson: str) -> None:
    # learn did not give it there: which rule the agent followed is not known offline; the signal stays open or gives
    # what its words give, never a vote
    result = _reflect(text, tuple(i for i in (AXIOS["id"], UTC["id"], PNPM["id"]) if i != lesson))
    assert not [d for d in result.deltas if d["op"] == "HARMFUL"]
    assert not [d for d in _reflect(text, ()).deltas if d["op"] == "HARMFUL"]


NO_VOTE = [
    "that lesson is outdated",                          # names no subject: which one, a model or a person says
    "the eslint rule about axios is outdated",          # a linter's rule, not the team's lesson
    "is the axios rule still valid?",                   # a question
    "the axios rule is fine, keep it",                  # not said to no longer hold
    "the rule about react is outdated",                 # no lesson given that session names it
    "the new rule is outdated",                         # no subject word
]


@pytest.mark.parametrize("text", NO_VOTE, ids=NO_VOTE)
def test_no_vote_without_a_lesson_told_with_confidence(text: str) -> None:
    result = _reflect(text, (AXIOS["id"], UTC["id"], PNPM["id"]))
    assert not [d for d in result.deltas if d["op"] == "HARMFUL"]


def test_two_lessons_naming_the_subject_get_no_vote() -> None:
    other = {"id": "L-2", "text": "Wrap `axios` calls in the retry helper."}
    result = _reflect("that axios rule is outdated, we use fetch now", (AXIOS["id"], other["id"]), (AXIOS, other))
    assert not [d for d in result.deltas if d["op"] == "HARMFUL"]


def test_a_rule_named_as_outdated_is_no_tool_to_replace() -> None:
    # "Use `bun` instead of the `pnpm` rule." was written from it before
    assert _rules("the pnpm rule is outdated, we use bun now") == ["Use `bun`."]
    assert _rules("pnpm is outdated, we use bun now") == ["Use `bun` instead of `pnpm`."]


def test_learn_reflect_votes_against_the_lesson_the_session_was_given(session_store) -> None:
    session_store.given(AXIOS, UTC)
    said = "that axios rule is outdated, we use axios again since the v2 migration, fetch can't report upload progress"
    signals = [session_store.say(said, session) for session in ("sess-1", "sess-2")]
    session_store.reflect("sess-1")
    staged = session_store.staged()
    assert staged[AXIOS["id"]]["harmful"] == 1 and staged[UTC["id"]].get("harmful", 0) == 0
    assert session_store.status(signals[0]) == "consumed"
    # a session that was not given the lesson: no vote, its signal stays open
    session_store.reflect("sess-2")
    assert session_store.staged()[AXIOS["id"]]["harmful"] == 1
    assert session_store.status(signals[1]) == "open"


# --- R39-5: a typed "please remember: X" and the agent's own memory of it are one say, not a vote ------------------------

STAGING = {"id": "L-9e6c272a",
           "text": "Load files into the warehouse with etl/load.py --staging first; never load straight into prod tables."}
REMEMBER = "please remember: load files with etl/load.py --staging first, never straight into prod tables"


def test_a_message_restating_the_lesson_its_own_memory_staged_is_no_vote() -> None:
    counted = reflect_builtin([FeedbackItem("user_correction", REMEMBER, "sig_1", None, [])], [STAGING])
    assert [(d["op"], d["id"]) for d in counted.deltas] == [("HELPFUL", STAGING["id"])]
    merged = reflect_builtin([FeedbackItem("user_correction", REMEMBER, "sig_1", None, [], echoes=(STAGING["id"],))],
                             [STAGING])
    assert merged.deltas == [] and merged.skipped == [("sig_1", echoed(STAGING["id"]))]
    # another lesson it restates is still its vote
    other = {"id": "L-2", "text": STAGING["text"]}
    voted = reflect_builtin([FeedbackItem("user_correction", REMEMBER, "sig_1", None, [], echoes=(STAGING["id"],))],
                            [other])
    assert [(d["op"], d["id"]) for d in voted.deltas] == [("HELPFUL", "L-2")]


def _memory_store(session_store, modified_at):
    """The session's two typed messages, and a candidate lesson a Codex note staged, the note written at
    ``modified_at(first, second)`` (the capture times of the two signals)."""
    from altimate_learn.schema import make_lesson
    from altimate_learn.store import Store

    store = session_store.store
    store.write_lessons(Store.CANDIDATE, [make_lesson(STAGING["text"], lesson_id=STAGING["id"],
                                                      now="2026-12-06T15:17:48Z")])
    first = session_store.say("shouldn't that be tz-aware? it breaks the report", message_id="m1")
    second = session_store.say(REMEMBER, message_id="m2")
    store.write_json("memories.json", {"version": 1, "memories": {
        "codex:memories_v2/extensions/ad_hoc/notes/staging-first.md": {
            "agent": "codex", "lesson": STAGING["id"], "modified": modified_at(first["at"], second["at"]),
            "status": "staged", "type": "feedback"}}})


def _helpful_after_reflect(session_store) -> int:
    session_store.reflect()
    return session_store.staged()[STAGING["id"]]["helpful"]


def test_learn_reflect_does_not_count_the_message_the_memory_was_written_from(session_store) -> None:
    _memory_store(session_store, lambda first, second: second)  # written during the second message's turn
    assert _helpful_after_reflect(session_store) == 0


def test_learn_reflect_counts_a_message_that_repeats_an_older_memory(session_store) -> None:
    # the note was written before the session's first capture: the person says it again, a vote
    _memory_store(session_store, lambda first, second: "2026-01-01T00:00:00Z")
    assert _helpful_after_reflect(session_store) == 1


# --- forms from the dev blind sets ---------------------------------------------------------------------------------------

SAID_BOTH_WAYS = [
    ("we return errors here, we don't panic", ["Always return errors, never panic."]),   # blind11
    ("we don't panic, we return errors", ["Always return errors, never panic."]),
    ("we squash merge, we don't rebase", ["Always squash merge, never rebase."]),
    ("we log to stdout, we never write log files", ["Always log to stdout, never write log files."]),
    ("we use pnpm, we don't use npm", ["Use `pnpm` instead of `npm`."]),
    ("we don't use npm, we use pnpm", ["Use `pnpm` instead of `npm`."]),
    ("we use tabs, we don't use spaces", ["Use tabs, not spaces."]),
    # a slip said to be made again after the rule is the reminder said first (blind11)
    ("dude. no force pushes on shared branches. you just did it again", ["Never use force pushes on shared branches."]),
]


@pytest.mark.parametrize("text, lessons", SAID_BOTH_WAYS, ids=[t[:40] for t, _ in SAID_BOTH_WAYS])
def test_blind_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


NOT_THE_TEAMS_WAY = [
    "we fixed it, we don't need the flag",
    "we tried it, we don't like it",
    "we have errors here, we don't know why",
    "we looked, we don't see it",
    "we don't know, we just guessed",
    "we don't need it, we have one already",
    "we don't have tests, we test by hand",
    "no force pushes on shared branches",          # bare, it may be about this change
    "the build is red. you did it again",
    "you did it again",
]


@pytest.mark.parametrize("text", NOT_THE_TEAMS_WAY, ids=NOT_THE_TEAMS_WAY)
def test_blind_look_alikes_give_nothing(text: str) -> None:
    assert _rules(text) == []


# --- review40 R40-12: what this task's function does in one case is no standing rule -----------------------------------

ONE_CASE = [
    "also guard against an empty list, raise ValueError",
    "guard against an empty list, raise ValueError",
    "also check for a negative number and raise ValueError",
    "handle the None case, return 0",
    "check for an empty file and return an empty list",
]


@pytest.mark.parametrize("text", ONE_CASE, ids=ONE_CASE)
def test_what_the_code_at_hand_does_in_one_case_gives_nothing(text: str) -> None:
    assert _rules(text) == []


STILL_A_RULE = [
    ("always guard against an empty list, raise ValueError", ["Always guard against an empty list; raise `ValueError`."]),
    ("guard against empty lists, raise ValueError", ["Guard against empty lists; raise `ValueError`."]),
    ("validate inputs at the api boundary, raise ValueError", ["Validate inputs at the api boundary; raise `ValueError`."]),
]


@pytest.mark.parametrize("text, lessons", STILL_A_RULE, ids=[t for t, _ in STILL_A_RULE])
def test_a_case_said_to_hold_every_time_or_of_a_kind_is_still_a_rule(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


# --- more forms from the dev blind sets (blind8, blind11) -----------------------------------------------------------------

DROPPED_OR_NOBODY = [
    # a tool asked about that the team dropped (blind8: "is there a reason you used moment? we got rid of it last year")
    ("is there a reason you used moment? we got rid of it last year", ["Never use `moment`."]),
    ("why did you use moment? we dropped it", ["Never use `moment`."]),
    ("why did you add lodash? we removed it last year", ["Never use `lodash`."]),
    # nobody on the team is the team's "we don't" (blind8: "… nobody uses a raw <button> here")
    ("the design system has its own Button, nobody uses a raw <button> here", ["Never use a raw <button>."]),
    ("nobody uses moment here", ["Never use `moment`."]),
    ("nobody here uses jquery", ["Never use `jquery`."]),
    ("nobody uses var anymore", ["Never use `var`."]),
    # a guarded part of the project recalled with "remember" (blind11: "remember staging is read-only for us")
    ("remember, the staging db is read-only for us", ["The staging db is read-only."]),
    ("remember the seeds are read-only", ["The seeds are read-only."]),
    ("please remember: the prod db is off-limits", ["The prod db is off-limits."]),
]


@pytest.mark.parametrize("text, lessons", DROPPED_OR_NOBODY, ids=[t[:40] for t, _ in DROPPED_OR_NOBODY])
def test_more_blind_forms(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


MORE_LOOK_ALIKES = [
    "is there a reason you used moment?",                       # the question alone asks
    "why did you use moment? we dropped the dates page",        # what was dropped is no tool
    "why did you use the old endpoint? we removed it",          # one thing of this task
    "why did you delete it? we dropped it",
    "nobody uses the export button",                            # how the product is used
    "nobody uses that feature anyway",
    "nobody uses the old api here",                             # one thing
    "the dashboard has a new chart, nobody uses it here",
    "remember this file is read-only",                          # which file only the conversation says
    "remember the file is read-only",
    "remember the new table is read-only",                      # one thing of this task
    "remember it is read-only",
]


@pytest.mark.parametrize("text", MORE_LOOK_ALIKES, ids=MORE_LOOK_ALIKES)
def test_more_look_alikes_give_nothing(text: str) -> None:
    assert _rules(text) == []


# --- review39 R39-6's leftover: what to use, said after asking about what the agent is doing ----------------------------

USE_INSTEAD_OF_DOING = [
    ("why are you installing things globally? use the project venv",
     ["Use the project venv instead of installing things globally."]),
    ("why are you writing raw sql? use the query builder", ["Use the query builder instead of writing raw sql."]),
    ("why are you installing requests? use httpx", ["Use `httpx` instead of `requests`."]),
    ("why are you installing requests? we use httpx", ["Use `httpx` instead of `requests`."]),   # as before
    ("why are you using npm? use pnpm", ["Use `pnpm` instead of `npm`."]),                       # as before
]


@pytest.mark.parametrize("text, lessons", USE_INSTEAD_OF_DOING, ids=[t[:40] for t, _ in USE_INSTEAD_OF_DOING])
def test_what_to_use_after_asking_what_the_agent_is_doing(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


NOT_INSTEAD_OF_DOING = [
    "why are you installing things globally?",                              # the question alone asks
    "why are you installing things globally? use the project venv for now",  # for now
    "why are you asking? use the staging one",                              # nothing done to anything; "one"
    "why are you editing the config? use that one",                         # which one only the conversation says
    "use the project venv",                                                  # bare: a step of this task
]


@pytest.mark.parametrize("text", NOT_INSTEAD_OF_DOING, ids=NOT_INSTEAD_OF_DOING)
def test_no_instead_without_a_question_about_the_agents_act_or_a_thing_to_use(text: str) -> None:
    assert _rules(text) == []


# --- review40 R40-14: "no X, use Y" whatever the names, when X is code or a kind of code ---------------------------------

NO_X_USE_Y = [
    ("no console.log, use the logger", ["Use the logger instead of `console.log`."]),
    ("no var, use const", ["Use `const` instead of `var`."]),
    ("no print statements, use logging", ["Use `logging` instead of print statements."]),
    ("no print please, we use the logging module everywhere", ["Use the logging module instead of `print`."]),
    ("no classes, use plain functions", ["Use plain functions, not classes."]),
    ("no inline styles, use tailwind classes", ["Use tailwind classes instead of inline styles."]),
    ("no axios, use fetch", ["Use `fetch` instead of `axios`."]),                          # as before
    ("no moment please, use dayjs", ["Use `dayjs` instead of `moment`."]),                  # as before
    # refl39 kept this one quiet ("no code on either side"); `print` is code the project keeps out, as in R40-14's
    # "no print statements, use logging": moved here from test_refl39_forms.py's quiet list with this reason
    ("no print, use logger", ["Use logger instead of `print`."]),
]


@pytest.mark.parametrize("text, lessons", NO_X_USE_Y, ids=[t[:40] for t, _ in NO_X_USE_Y])
def test_no_code_then_what_to_use(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


NOT_NO_X_USE_Y = [
    "no worries, use whatever you like",
    "no rush, use the weekend",
    "no, use the other branch",
    "no problem, use the old one",
    "no tests, use the staging db",
]


@pytest.mark.parametrize("text", NOT_NO_X_USE_Y, ids=NOT_NO_X_USE_Y)
def test_no_then_use_that_bans_no_code_gives_nothing(text: str) -> None:
    assert _rules(text) == []


# --- review40 R40-9: flagged everyday corrections with a clean rule -----------------------------------------------------

R40_9 = [
    ("you deleted my comments. don't remove comments you didn't write", ["Never remove comments written by others."]),
    ("never delete code you didn't write", ["Never delete code written by others."]),
    ("no no no, the migrations folder is generated, never edit it by hand",
     ["Never edit the generated migrations folder by hand."]),
    ("the snapshot files are generated, don't hand-edit them", ["Never edit the generated snapshot files by hand."]),
    # a capital first word stays no capital inside the lesson ("Never edit The generated …" before)
    ("The migrations folder is generated. Never edit it by hand.", ["Never edit the generated migrations folder by hand."]),
    ("The `legacy` folder is generated; never edit it.", ["Never edit the generated `legacy` folder."]),
    ("that's not how we name branches, it's feat/<ticket>-<slug>", ["Name branches `feat/<ticket>-<slug>`."]),
    ("is there a reason you used moment? we're on date-fns", ["Use `date-fns` instead of `moment`."]),
    ("why did you use npm? we're on pnpm", ["Use `pnpm` instead of `npm`."]),
]


@pytest.mark.parametrize("text, lessons", R40_9, ids=[t[:40] for t, _ in R40_9])
def test_review40_everyday_corrections(text: str, lessons: list[str]) -> None:
    assert _rules(text) == lessons


R40_9_QUIET = [
    "the migrations folder is generated, we run it nightly",
    "that's not how we name branches",
    "why did you use moment? we're on v2",
    "why did you use moment? we're on it",
    "don't touch the comments you didn't add yet",
]


@pytest.mark.parametrize("text", R40_9_QUIET, ids=R40_9_QUIET)
def test_review40_look_alikes_give_nothing(text: str) -> None:
    assert _rules(text) == []


# --- review40 R40-5: the person holding the agent to a lesson it was given -----------------------------------------------

LOGGER = {"id": "L-2a69ef0a", "text": "Use the logger from `app/log.py`, never `print`."}


@pytest.mark.parametrize("text", ["and print again. the team rules literally say use the logger",
                                  "print again?? the rules say use the logger, not print"])
def test_a_lesson_the_person_holds_the_agent_to_gets_a_helpful_vote(text: str) -> None:
    result = reflect_builtin([FeedbackItem("user_correction", text, "sig_1", None, [], shown=(LOGGER["id"], UTC["id"]))],
                             [LOGGER, UTC])
    assert [(d["op"], d["id"]) for d in result.deltas] == [("HELPFUL", LOGGER["id"])]
    assert result.deltas[0]["reason"].startswith("user_correction holds the agent to it: ")


@pytest.mark.parametrize("text, shown", [
    ("and print again. the team rules literally say use the logger", ()),           # not given that session
    ("and print again. the team rules literally say use the logger", (UTC["id"],)),
    ("print again please", (LOGGER["id"],)),                                         # a request, no rule cited
    ("the rules say use the logger, but here print is fine", (LOGGER["id"],)),      # an exception said with it
    ("the rules say use the logger", (LOGGER["id"],)),                               # one word in common: not sure
])
def test_no_helpful_vote_without_a_given_lesson_told_with_confidence(text: str, shown: tuple[str, ...]) -> None:
    result = reflect_builtin([FeedbackItem("user_correction", text, "sig_1", None, [], shown=shown)], [LOGGER, UTC])
    assert not [d for d in result.deltas if d["op"] == "HELPFUL"]


def test_learn_reflect_votes_for_the_lesson_the_person_holds_the_agent_to(session_store) -> None:
    session_store.given(LOGGER)
    signal = session_store.say("and print again. the team rules literally say use the logger", message_id="m1")
    session_store.reflect()
    assert session_store.staged()[LOGGER["id"]]["helpful"] == 1
    assert session_store.status(signal) == "consumed"
