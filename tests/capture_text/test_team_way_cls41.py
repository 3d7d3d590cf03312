"""Session #23 (cls41, issue 20): everyday corrections review40 found quiet at capture, each a general form with its
look-alikes (R40-2, R40-4, R40-8, R40-12).

- A request or a challenge with the team's way as its reason (`capture/team_way.py`): "could you maybe use httpx instead
  of requests here? we're trying to get rid of requests everywhere", "why is this a class? we keep handlers as plain
  functions here". Alone, each first half is a wish or a question; the team's way makes it a convention the work missed.
- "<thing> again" and its replacement ("ugh, print again. use the logger"); "why os.path? doesn't the rest of the code use
  pathlib?".
- A reminder whose rule is a norm ("again: api responses are snake_case") or opened by "don't forget:".
- A failure put down to flakiness with only a re-run asked ("hmm, the CI is flaky today, just rerun it") is quiet.
- An exception or a value the person asks the code to raise or return ("also guard against an empty list, raise
  ValueError") is a requirement, not an error report.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: I added the endpoint in app/api/stock.py and a helper."
NOTED = "Noted. I did not add a test yet."
ASKS = "I've added the delete endpoint. Next is the UI: I can show a confirmation before deleting. Shall I go ahead?"
FIXED = "Fixed."
PUSHED = "Done: pushed the branch, CI is running."


def _flag(text: str, answer: str | None) -> tuple[bool, str]:
    verdict = classify_text(text, answer)
    return bool(verdict.correction), verdict.reason


@pytest.mark.parametrize("text", [
    "could you maybe use httpx instead of requests for the alert? we're trying to get rid of requests everywhere",
    "could we use httpx instead of requests? we're trying to get rid of requests everywhere",
    "would you mind using httpx instead of requests? we're moving off requests",
    "perhaps put the query in app/repos/ instead? that's where we keep db access",
    "can you use pathlib instead of os.path? we're standardising on pathlib",
    "could you perhaps name the route /orders/export instead? we group routes by resource",
    "would you mind using pytest fixtures instead of setUp? that's what the rest of the suite does",
    "why is this a class? we keep handlers as plain functions here",
    "please add type hints, every public function in app/ gets them",
    "and a docstring too, we document every public function",
    "no print in module 1 please, we use the logging module everywhere",
    "could you use TextMeshPro? everything else in the project is TMP",
    "Would it be possible to keep it single-threaded? The ops team prefers it simple.",
])
@pytest.mark.parametrize("answer", [DONE, NOTED])
def test_a_request_with_the_teams_way_as_its_reason_is_a_correction(text, answer):
    # (the answer just before need not name the thing: people add corrections in a row)
    assert _flag(text, answer)[0], text


@pytest.mark.parametrize("text", [
    "could you also add a docs page for it?",  # nothing but new work
    "can you add a /stats route? we use fastapi everywhere",  # new work with a fact about the project
    "can you add pagination to the orders endpoint? we use cursor pagination everywhere",
    "we use the logging module everywhere, fyi",  # information, nothing asked  (another rule may read it)
    "nice, we keep handlers as plain functions here too",  # agreement
    "do we keep handlers as plain functions here?",  # a question about the team
    "how do we handle errors here?",
    "we're moving off requests next quarter, I'll do it then",  # the person's own plan
    "what's next? we group routes by resource",
    "what does the --frozen flag do in uv sync? the CI template from the platform team uses it",  # learning
    "please use a shorter variable name for this loop",
    "I'd prefer you explain the change first",
])
def test_a_look_alike_without_the_teams_way_given_as_a_reason_stays_quiet(text):
    flagged, reason = _flag(text, DONE)
    assert not flagged or reason != "asked for a change with the team's way as the reason", (text, reason)
    if text != "we use the logging module everywhere, fyi":
        assert not flagged, (text, reason)


def test_the_teams_way_for_work_the_agent_only_offered_picks_a_way_and_corrects_nothing():
    text = "instead of a modal, could the confirmation be inline under the button? that's how we do it elsewhere"
    assert not _flag(text, ASKS)[0]
    assert _flag(text, "I've made the delete confirmation a modal dialog.")[0]


def test_no_answer_before_it_no_correction():
    # the first message of a session is the task
    msg = UserMessage(index=0, text="could we use httpx instead of requests? we're trying to get rid of requests everywhere",
                      kind="text", after_assistant=False)
    assert not classify_user_message(msg).correction


@pytest.mark.parametrize("text", [
    "ugh, print again. use the logger from app/log.py",
    "print again?? use the logger",
    "os.path again, use pathlib",
    "ugh, requests again. httpx please",
    "console.log again? use the debug package",
])
def test_a_thing_used_again_and_its_replacement_is_a_correction(text):
    assert _flag(text, DONE)[0], text


@pytest.mark.parametrize("text", [
    "run it again, use the staging db",
    "try again please",
    "again, thanks!",
    "print again, use the verbose flag",  # print once more (a plain word with no mark of complaint)
    "deploy again, use the staging config",
    "the tests again, use the fixtures",
    "can you run the tests again?",
])
def test_doing_it_again_another_way_stays_quiet(text):
    assert not _flag(text, DONE)[0], text


def test_a_question_setting_the_work_against_the_rest_of_the_code_is_a_correction():
    assert _flag("why os.path? doesn't the rest of the code use pathlib?", DONE)[0]
    assert _flag("isn't everything else on httpx?", DONE)[0]
    assert not _flag("why pathlib? just curious", DONE)[0]
    assert not _flag("why os.path? doesn't the rest of the code use pathlib? just curious", DONE)[0]


@pytest.mark.parametrize("text, fires", [
    ("again: api responses are snake_case", True),
    ("again, api responses are snake_case", True),
    ("don't forget: changelog entry for every user-facing change", True),
    ("don't forget, push the branch", False),  # a step
    ("don't forget: the demo is at 4", False),  # a note
    ("don't forget to push when you're done", False),
    ("remember to push when you're done", False),
])
def test_a_reminder_of_a_norm(text, fires):
    assert _flag(text, DONE)[0] is fires, text


@pytest.mark.parametrize("text, fires", [
    ("hmm, the CI is flaky today, just rerun it", False),
    ("the e2e job is flaky, retry it", False),
    ("still flaky, rerun it", True),  # the fix did not work
    ("flaky since your change, rerun it", True),  # tied to the change
    ("the test is flaky, rerun it and fix the sleep", True),  # more than a re-run
    ("the CI is failing", True),
])
def test_a_failure_put_down_to_flakiness_with_only_a_rerun_asked_is_no_correction(text, fires):
    assert _flag(text, PUSHED)[0] is fires, text


@pytest.mark.parametrize("text, fires", [
    ("also guard against an empty list, raise ValueError", False),
    ("also check for negative numbers and raise ValueError", False),
    ("can you also handle an empty file, return an empty list", False),
    ("also handle the None case, return 0", False),
    ("it raises ValueError on an empty list now", True),
    ("the api returns an empty list now", True),
    ("I get a ValueError now", True),
    ("ValueError when the list is empty", True),
])
def test_an_exception_asked_for_is_no_error_report(text, fires):
    assert _flag(text, FIXED)[0] is fires, text


@pytest.mark.parametrize("text, fires", [
    ("no prints please", True),
    ("no print in here please", True),
    ("no more prints please", True),
    ("no rush please", False),
    ("no tests please", False),  # nothing the answer used
    ("no worries, please continue", False),
])
def test_no_x_please_bans_what_the_answer_used(text, fires):
    assert _flag(text, "Done: added app/m1.py with a print.")[0] is fires, text


MADE = "Done: I added a retry loop and a new formatDate function in app/util.py."


@pytest.mark.parametrize("text, fires", [
    ("maybe we could use the existing retry helper in app/util/retry.py rather than writing a new loop?", True),
    ("sorry, could you use the existing formatDate helper? no need for a second one", True),
    ("just a thought — there's already a retry decorator in utils, could we use that?", True),
    ("could you reuse the existing validation helper?", True),
    ("could you use the existing endpoint to add a delete button?", False),  # new work of it
    ("can we use the existing report for the new chart?", False),
    ("could you also use the existing logger in the worker?", False),
    ("there's already a script that populates the db, I'll run it", False),
    ("is there already a retry helper somewhere?", False),
])
def test_a_hedged_ask_to_use_what_already_exists(text, fires):
    assert _flag(text, MADE)[0] is fires, text


@pytest.mark.parametrize("text, fires", [
    ("I think it'd be better to keep the sql in the repos, not in the route", True),
    ("hm I don't think we want the modal to close on outside click, people lose their form data", True),
    ("I think it'd be better to also add tests", False),  # new work
    ("I think it would be better to do the backend next", False),
    ("it'd be better if I ran it myself", False),  # the person's own step
    ("it'd be nicer if the page had a dark mode", False),  # a wish for new work
    ("would it be better to use a class here?", False),  # a question
])
def test_an_opinion_weighed_against_the_agents_way(text, fires):
    assert _flag(text, DONE)[0] is fires, text


def test_an_opinion_before_any_answer_is_no_correction():
    assert not _flag("I think it'd be better to keep the sql in the repos, not in the route", None)[0]


@pytest.mark.parametrize("text", [
    # review41 R41-6: look-alikes of the new forms written after reading them, each a false alarm on efa58dda
    "isn't the rest of the team on vacation this week?",
    "doesn't the other branch already have this fix?",
    "don't the other tests use the same fixture? then why is only this one failing?",
    "could you look at the flaky test? we keep the test data in tests/fixtures/",
    "hey could you take a look at the failing job? we're switching to the new runner",
    "can you run the migrations? we keep them in db/migrations",
    "lint again? just use --fix this time",
])
def test_a_task_or_a_question_about_people_or_branches_with_a_fact_stays_quiet(text):
    flagged, reason = _flag(text, DONE)
    assert not flagged, (text, reason)
