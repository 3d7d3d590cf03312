"""cls29 (issue 20): mechanisms, each written once from what makes a message a correction (or not) against the answer
before it, grouped from the fourth blind set's errors and the real-session first-sight records, and tested on typed
look-alikes (none of these sentences is a row of any set):

- the state the agent said it changed, said to go on: "still" before a verb of the thing's own (`capture/persisting.py`);
- a short answer that reports an act in the shape of a report ("I rewrote the query", "the probe now points to …",
  "the run completed") said the work was done as much as "I fixed it" (`cues.DONE_ACT`);
- the agent did as asked and the person takes the request back as their own mistake (`guards.revises_own_request`);
- a question about the agent's choice whose challenge is disclaimed in so many words ("not a complaint");
- output shown, then new work asked after it: material for the new work, not a report.

Tried and undone: a thing's "should always / never" ("the script should never overwrite the output") read as a rule
for the work to come; on data it was not written from it lost a correction for each false alarm it took.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: I updated the sync job and the tests pass."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


# -- the state goes on ------------------------------------------------------------------------------------------------

STILL_FIRES = [
    "the modal still closes when I click inside it",
    "tried it on the device, still double posting every comment",
    "the linter still reports an unused import in the new file",
    "sentry still flags the same null deref on the checkout page",
    "the cron still sends two emails per user",
    "the badge still counts archived items",
    "hmm, the tooltip is still showing yesterday's value",
    "the sidebar still renders the old links",
]

STILL_QUIET = [
    "the modal still works after the refactor, nice",
    "still running the full suite, will report back",
    "I still need to update the docs on my side",
    "you still have to push the tag, right?",
    "make it retry so the sync still finishes when the api is slow",
    "the migration is still pending in the queue, that's expected",
    "they're still trying to reach the vendor about the api key",
    "the page still loads in under a second, great",
]
# Typed for this list and left out: they fire at the start and now, by older rules ("it still renders fine on mobile",
# "can you keep the old export format but still add the new column", "we still use the old logger in the worker, leave
# that one"); `persisting` says none of them is a report.


@pytest.mark.parametrize("text", STILL_FIRES)
def test_the_state_said_to_go_on_after_done_work_is_a_report(text):
    verdict = judge(text)
    assert verdict.correction, text


@pytest.mark.parametrize("text", STILL_QUIET)
def test_a_good_state_work_under_way_or_the_person_s_own_act_is_no_report(text):
    assert not judge(text).correction, text


# review29 R29-8: people, figures and other systems still doing something are not the agent's work
NOT_THE_WORK = [
    "our churn still climbs every month, any ideas for a dashboard for that?",
    "marketing still asks for the weekly csv, can you schedule it",
    "the team still prefers tabs, fyi",
    "traffic still peaks around lunch, makes sense",
    "the old api still serves v1 clients, so keep the v1 route",
    "finance still reconciles by hand every month, next step is automating that",
]


@pytest.mark.parametrize("answer", ["Done! I've added the chart and the tests pass.", "I fixed the cron.",
                                    "Done, all tests pass."])
@pytest.mark.parametrize("text", NOT_THE_WORK)
def test_what_still_goes_on_must_be_the_agent_s_work(text, answer):
    assert not judge(text, answer).correction, text


def test_the_work_named_by_the_answer_s_own_words_still_fires():
    assert judge("the cron still sends two emails", "I fixed the cron.").correction
    assert judge("the export still includes the header row", "Done: the export skips the header now.").correction


def test_the_state_going_on_counts_only_after_work_the_agent_said_it_did():
    from altimate_learn.capture import persisting

    question = "Which of the two sync jobs should I look at first?"
    assert not judge("the cron still sends two emails per user", question).correction
    assert persisting.still_doing("the cron still sends two emails per user")
    assert not persisting.still_doing("so the cron still sends one email per user")


# -- a short answer that reports an act --------------------------------------------------------------------------------

ACT_ANSWERS = [
    "I rewrote the dedupe step with a window function.",
    "I pinned the base image to the digest.",
    "The webhook now verifies the signature before parsing.",
    "The cleanup migration is written.",
    "The new config rolled out to all pods.",
]
NO_ACT_ANSWERS = [
    "I checked the logs and the job never started.",
    "I think the cache key is too broad.",
    "Should I rewrite the dedupe step?",
    "If I pinned the image, the build would be reproducible.",
    "Now run the migration on staging.",
    "I noticed the webhook has no signature check.",
]


@pytest.mark.parametrize("answer", ACT_ANSWERS)
def test_an_act_reported_in_a_short_answer_is_done_work(answer):
    from altimate_learn.capture.cues import DONE_ACT

    assert DONE_ACT.search(answer), answer
    assert judge("it fails on staging with a timeout now", answer).correction


@pytest.mark.parametrize("answer", NO_ACT_ANSWERS)
def test_reading_thinking_asking_or_handing_over_is_no_act(answer):
    from altimate_learn.capture.cues import DONE_ACT

    assert not DONE_ACT.search(answer), answer


# -- the person takes their own request back ----------------------------------------------------------------------------

AS_ASKED = "I set the retention to 7 days as you asked."

REVISED_QUIET = [
    "oh sorry, I meant 30 days, not 7. I mixed up the two buckets",
    "I think I asked for the wrong thing, 7 is too short for audits. make it 90, that's on me",
    "I changed my mind, make it 14",
    "perdón, quise decir 30 días, no 7",
    "pardon, je voulais dire 30 jours, pas 7",
    "sorry, ich meinte 30 Tage, nicht 7",
    "抱歉，我说错了，应该是30天，不是7天",
    "すみません、言い間違えました。30日です",
]
REVISED_STILL_FIRES = [
    # an act of the agent's named as the fault, in the same message
    "sorry, I meant 30 days. but you also deleted the old snapshots, why?",
    # no answer that did as asked: the person says the agent got it wrong
]


@pytest.mark.parametrize("text", REVISED_QUIET)
def test_a_request_taken_back_after_the_agent_did_as_asked_is_no_correction(text):
    assert not judge(text, AS_ASKED).correction, text


@pytest.mark.parametrize("text", REVISED_STILL_FIRES)
def test_a_fault_of_the_agent_s_named_beside_it_still_fires(text):
    assert judge(text, AS_ASKED).correction, text


def test_without_an_answer_that_did_as_asked_the_revision_is_not_excused():
    assert judge("that's the wrong bucket, I meant the audit one", "I set the retention on the logs bucket.").correction


# -- a challenge disclaimed ---------------------------------------------------------------------------------------------

CHOSE = "I used Redis for the rate limiter."

DISCLAIMED_QUIET = [
    "why redis and not memcached? not a complaint, I just don't know the difference",
    "why redis here? honest question, I've never used it",
    "¿por qué redis y no memcached? por curiosidad",
    "pourquoi redis et pas memcached ? par curiosité",
    "warum Redis und nicht Memcached? nur aus Neugier",
    "为什么用 redis 不用 memcached？只是好奇",
]
CHALLENGE_FIRES = [
    "why redis? we agreed on memcached for this service",
    "why did you use redis? we don't run it anywhere",
    "not a complaint, but why did you drop the old limiter?",  # review29 R29-9: a disclaimer prefacing one
]


@pytest.mark.parametrize("text", DISCLAIMED_QUIET)
def test_a_question_whose_challenge_is_disclaimed_is_no_correction(text):
    assert not judge(text, CHOSE).correction, text


@pytest.mark.parametrize("text", CHALLENGE_FIRES)
def test_a_challenge_not_disclaimed_still_fires(text):
    assert judge(text, CHOSE).correction, text


# -- output shown, then new work ----------------------------------------------------------------------------------------

CLIENT = "The API client is done."
PASTE = '{"data": [{"id": 4, "state": "open"}], "links": {"next": "/v1/items?page=2"}, "meta": {"total": 57}}'


def test_output_shown_then_new_work_asked_is_material_not_a_report():
    text = f"this is the response from the staging api:\n\n{PASTE}\n\ncan you add paging so it follows links.next"
    assert not judge(text, CLIENT).correction


def test_output_shown_then_a_fault_said_is_still_a_report():
    text = f"this is the response from the staging api:\n\n{PASTE}\n\nthe client still stops after the first page"
    assert judge(text, CLIENT).correction
    text = f"this is the response from the staging api:\n\n{PASTE}\n\nit only returns page 1, fix the paging"
    assert judge(text, CLIENT).correction
