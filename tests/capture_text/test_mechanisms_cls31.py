"""cls31 (issue 20): the next piece of work named without a verb ("next the CloudFront distribution …", "next section is
the pricing table", "Now the onboarding: three pages …") or asked with "please also <verb>" opens new work, so a rule,
a prohibition or an "instead" inside it constrains that work and corrects nothing (`classifier._NEXT_PIECE`,
`_TASK_OPENING`). Written from the sixth blind set's false alarms (readable since session #15); none of these sentences
is a row of any set. A first sentence that names a fault ("now the login: still broken", "next the build fails") is
no new work, and a correction after the new work is still found.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str | None):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


NEW_WORK_QUIET = [
    ("Next the settings page: two tabs, profile and billing. Never show the card number in full, only the last four.",
     "The dashboard is finished."),
    ("next the Redis cache in front of the catalog API. always set a TTL, use SCAN instead of KEYS for the cleanup job",
     "The catalog API is written."),
    ("next section is the FAQ accordion. use details/summary instead of the custom toggle, it's accessible for free",
     "The testimonials section is done."),
    ("next up: the export endpoint. don't load the whole table in memory, stream it in pages of 500",
     "I've finished the import endpoint."),
    ("Now the signup form: email, password and a terms checkbox. Don't enable the submit button until the box is ticked.",
     "The login form is done."),
    ("now for the nightly report: one CSV per region, never include test accounts",
     "The weekly report job is in place."),
    ("please also add a healthcheck to the compose file, and don't expose the database port to the host",
     "The docker-compose file is written."),
    ("ok, please also write a migration for the new column. never drop the old one in the same release",
     "The model now has the archived_at field."),
]


@pytest.mark.parametrize("text, answer", NEW_WORK_QUIET)
def test_the_next_piece_of_work_with_a_rule_inside_corrects_nothing(text, answer):
    verdict = judge(text, answer)
    assert not verdict.correction, verdict.reason


STILL_FOUND = [
    ("now the login: still broken, the button does nothing", "I've fixed the login button."),
    ("next the build fails on CI with the same error", "I've fixed the build."),
    ("now the page is blank", "I've fixed the header layout."),
    ("now the export: it's still empty, the CSV has only the header row", "The export endpoint is done."),
    ("next the dark mode toggle doesn't work, it stays light", "I've added the dark mode toggle."),
    ("no, don't use jQuery here, plain DOM APIs", "I've added jQuery to handle the DOM updates."),
]


@pytest.mark.parametrize("text, answer", STILL_FOUND)
def test_a_fault_or_a_refusal_is_still_a_correction(text, answer):
    verdict = judge(text, answer)
    assert verdict.correction, text


# -- a why-question, then a fact of the person's own: no correction on its own (review31 R31-6) ----------------------
# cls31 read "why does the lambda need s3:* on *? it only reads one bucket" as a correction after done work; the same
# form is how people ask out of surprise, to learn, or about their own history, and it made 7 of 8 such questions
# false alarms while gaining nothing on held-out or blind data: it was taken out. These stay questions.

WHY_ONLY_ASKS = [
    ("why is the page so fast now? it was taking 5 seconds before.", "I've cached the product list."),
    ("why does the test pass now? it was failing for me yesterday.", "I fixed the fixture's timezone."),
    ("why does it work without a restart? I thought the config was only read at startup.", "The config reload is done."),
    ("why is the diff so small? I expected more changes to be needed.", "I've updated the handler."),
    ("why does this use a generator? I've never seen that pattern before.", "I've rewritten the export loop."),
    ("why are the tests in a separate folder? I'm new to this repo.", "I've added the tests."),
    ("why is the memory usage lower now? The graph dropped by half.", "I've switched to streaming the rows."),
    ("why did you pick 500ms for the retry delay? is that a common default?", "I've added retries with a 500ms delay."),
    ("why is there a lock file in the repo? are the other services doing the same", "I've pinned the dependencies."),
    ("why does the build take so long now? just curious, it works fine", "The build pipeline is done."),
    ("why is the config in yaml? also add a json loader next to it", "The config loader is written."),
    ("why was the queue renamed? I'm updating the runbook", "I've renamed the jobs queue to tasks."),
    ("why does the export use a temp table? need to explain it in the design review", "The export job is done."),
    ("why is it so fast now? great work, the page loads instantly", "I've cached the product list."),
    # no answer that did the work: the question is about the person's own project
    ("why does the scheduler skip weekends? the docs don't say", "Which scheduler are you using?"),
]


@pytest.mark.parametrize("text, answer", WHY_ONLY_ASKS)
def test_a_why_question_followed_by_a_question_praise_or_new_work_stays_a_question(text, answer):
    verdict = judge(text, answer)
    assert not verdict.correction, verdict.reason


# -- a mistake the agent found by looking is no concession to the message (`replies._INVESTIGATES`) -------------------

def test_a_self_fix_found_after_the_agent_s_own_checking_does_not_make_a_question_a_correction():
    from altimate_learn.capture import replies

    looked = ("Let me check the current state of the migrations first.\n\nLet me look at 0007_add_index.py:\n\n"
              "I see a conflict in my previous edits. Let me revert and make the correct change:")
    assert replies.read_reply(looked) is None
    question = "should we open a PR now or do you want to finish the index first?"
    verdict = classify_user_message(UserMessage(text=question, index=2, after_assistant=True),
                                    UserMessage(text="(earlier message)", index=1, after_assistant=True),
                                    answer="The migration is written.", reply=looked)
    assert not verdict.correction, verdict.reason
    # owned at once, the mistake answers the message: still a self-fix
    assert replies.read_reply("I accidentally dropped the index in my last edit; restoring it.") == replies.SELF_FIX
    assert replies.read_reply("Let me revert my last change, it broke the build.") == replies.SELF_FIX


def test_the_history_can_be_limited_to_recent_versions():
    from research.classifier_unseen import _utc, since_filter

    dates = {"a": "2026-12-02T04:47:22", "b": "2026-12-03T15:10:51", "c": "2026-12-05T21:51:02"}
    assert since_filter(["a", "b", "c"], dates, None) == ["a", "b", "c"]
    assert since_filter(["a", "b", "c"], dates, "2026-12-03T15") == ["b", "c"]
    assert since_filter(["a", "b", "c"], dates, "2026-12-03") == ["b", "c"]
    assert since_filter(["a", "b", "c"], dates, "2026-12-05T22") == []
    assert _utc("0") == "1970-01-01T00:00:00"


# -- an answer that wrote the agents' instructions file changed no code (`against_answer.answer_wrote_instructions`) ----

GUIDE = ("I've created CRUSH.md with the build, lint and test commands, the code style and the repository layout. "
         "This file will help agentic coding agents understand how to work with this repository effectively.")


@pytest.mark.parametrize("text", [
    "when I run the server I get ModuleNotFoundError: No module named 'fastapi'",
    "the app crashes when I open the settings page, can you look at it",
    "this repo is a mess, the wireless branch doesn't build and master is missing the board, please sort it out",
])
def test_a_report_after_an_answer_that_only_wrote_the_agents_guide_is_the_project_s_own(text):
    verdict = judge(text, GUIDE)
    assert not verdict.correction, verdict.reason


def test_the_guide_answer_still_counts_as_done_work_when_it_fixed_something_or_is_not_for_agents():
    from altimate_learn.capture.against_answer import answer_wrote_instructions

    assert answer_wrote_instructions(GUIDE)
    fixed = ("I fixed the import in server.py and updated AGENTS.md so future agents know to run `make dev`; "
             "this will help AI agents working in this repo.")
    assert not answer_wrote_instructions(fixed)
    assert judge("still getting ModuleNotFoundError when I run the server", fixed).correction
    readme = "I've rewritten README.md with setup steps for new contributors."
    assert not answer_wrote_instructions(readme)
    assert judge("the server doesn't start anymore", "I've moved the config loading into server.py and it works now.").correction
