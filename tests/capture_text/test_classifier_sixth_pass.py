"""Correction forms and look-alikes of the sixth pass (issue 20): general forms of the issue's groups (reminders,
challenge questions, hedged requests, the result made worse, typos), written from no message and kept only when they
cost nothing on the dev folds not read (research/classifier_folds.py); and guards for the false-alarm families the
issue names (a go-on after an interruption, the person's own setup, an option weighed in a question)."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "I've updated the component and fixed the import; the page should now render correctly."


def test_a_form_error_gone_missing_is_a_report_not_a_problem_gone():
    # The validation error is something the result must show: it no longer showing is a bug in the agent's work.
    text = "the validation error is not showing anymore when I submit an empty form"
    assert classify_text(text, answer=DONE).correction
    assert classify_text("the form error doesn't show anymore", answer=DONE).correction
    # A problem said to be gone stays none.
    assert not classify_text("the error is not showing anymore, thanks", answer=DONE).correction


@pytest.mark.parametrize("text", [
    "why'd you rename the file?",
    "what made you think we use redux?",
    "didn't we agree to use tabs?",
    "weren't we going to keep the old api?",
    "wasn't the plan to use redis?",
    "would you mind not reformatting the whole file?",
    "how is this fixing the bug?",
    "I've told you this before",
    "I have said this multiple times",
    "we've been over this",
    "i thought we said not to add new dependencies",
    "per my previous message, no docker",
    "re-read what I wrote",
    "you misread the spec",
    "you made it worse",
])
def test_reminders_challenges_and_hedged_requests_need_no_context(text):
    assert classify_text(text, answer=None).correction, text


@pytest.mark.parametrize("text", [
    "it's even worse now",
    "that made it worse",
    "its not prefilled the name",
    "it is not aligned",
    "it dont work",
    "its broke again",
    "stil same",
    "nothin changed",
    "doesnt wrok",
    "nope same isue",
])
def test_reports_typed_fast_after_a_done_answer(text):
    assert classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "I've told you everything I know about the API",
    "I have said this to the client too",
    "we've been over this in the design review, it's fine",
    "see my previous message for the credentials",
    "read my previous message and summarize it",
    "you misread nothing, it's all fine",
    "how does this fix work? just curious",
    "why'd the build take so long?",
    "it's worse for performance to use a list here, right?",
    "it's not finished yet, keep going",
    "its not a big deal",
    "it is not blocking me, carry on",
    "the error is not showing anymore, thanks",
])
def test_look_alikes_of_the_new_forms_stay_out(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", [
    "I get an error when I run npm install on my machine",
    "my local postgres won't start, how do I fix it?",
    "my docker desktop keeps crashing, any idea why?",
    "I'm getting an error with my vpn when I ssh to the server",
    "pip install fails on my mac with a compiler error",
    "when I run my own script it errors with permission denied",
])
def test_the_persons_own_setup_failing_is_not_a_report_on_the_agents_work(text):
    assert not classify_text(text, answer=DONE).correction, text


def test_the_agents_result_failing_on_the_persons_machine_is_still_a_report():
    assert classify_text("the app crashes when I open settings", answer=DONE).correction
    assert classify_text("the build fails now", answer=DONE).correction


@pytest.mark.parametrize("text", [
    "what if we used sqlite instead of postgres for the tests",
    "would it be better to use a map instead of a list here",
    "do you think we should use grpc rather than rest",
])
def test_an_option_weighed_in_a_question_without_its_mark_is_not_a_rule(text):
    assert not classify_text(text, answer=DONE).correction, text


@pytest.mark.parametrize("text", ["can we use fetch instead of axios", "use fetch instead of axios"])
def test_a_hedged_or_plain_replacement_still_counts(text):
    assert classify_text(text, answer="I switched the client to axios and updated the calls.").correction, text


def _after_interrupt(text: str):
    interrupt = UserMessage(text="[Request interrupted by user]", index=2, id="u2", at="", after_assistant=True,
                            kind="interrupt")
    msg = UserMessage(text=text, index=3, id="u3", at="", after_assistant=True, kind="text")
    return classify_user_message(msg, interrupt, answer="Let me update the config.")


@pytest.mark.parametrize("text", [
    "do it now and commit when done",
    "go ahead, use your best judgement",
    "just make sure it compiles and continue",
    "Just make sure the whole app compiles with no errors and no warnings",
    "please continue, there was a network error",
])
def test_a_go_on_with_a_chore_after_an_interruption_redirects_nothing(text):
    assert not _after_interrupt(text).correction, text


# "use the staging db" alone (a plain direction with no word of departure) is quiet since the eleventh pass, on purpose:
# test_classifier_eleventh_pass.py::test_after_an_interruption_only_a_departure_redirects says so and why.
@pytest.mark.parametrize("text", [
    "no, use the staging db",
    "let's do it with a make target",
    "no, continue but don't touch the migrations",
    "go ahead but use pnpm instead of npm",
])
def test_a_redirect_after_an_interruption_still_counts(text):
    assert _after_interrupt(text).correction, text
