"""Session #19 (cls37, issue 20): forms of correction the classifier let pass, with look-alikes that must stay quiet.

- A reminder opened by "once more:", "as mentioned before:", "as I said earlier -" (blind10's reminders: "once more: no
  unwrap() outside tests", "as mentioned before: composition api, not options api"), and a reminder whose rule is a
  quantifier ("again, type hints on every function please").
- "Why did you …" about the agent's own act in spoken Chinese (为啥), Japanese (なんで … 使わないんですか), Korean (an act
  under way: "DB를 지금 왜 만들어?") and Persian (چرا … کردی؟): real dev misses.
- review37 R37-8: "still broken, it says 404": what another says ("it says …") is not the person's words, but what they
  said before it is. R37-7: work in progress is no fault ("tests are still running", "it's still compiling").
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text

DONE = "I've updated the component and fixed the import; the page should now render correctly."
WIRED = "I wired it; done."
PUSHED = "I pushed the fix."


@pytest.mark.parametrize("text", [
    "once more: no unwrap() outside tests",
    "as mentioned before: composition api, not options api",
    "again, type hints on every function please",
    "again, each endpoint needs a docstring",
    "as I said earlier - every handler returns json",
    "one more time: no default exports",
])
def test_a_reminder_of_a_rule_after_done_work_is_a_correction(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction, text


@pytest.mark.parametrize("text", [
    "once more: thanks for the help",
    "as mentioned, I will be out tomorrow",
    "as mentioned before: the demo is at 4pm",
    "once more, what does the retry do?",
])
def test_a_reminder_opener_before_a_note_thanks_or_a_question_is_none(text):
    assert not classify_text(text, DONE).correction, text


@pytest.mark.parametrize("text", [
    "为啥还要new这个呢",  # why still new this up (the person needs no MCP)
    "你为啥把测试删了",
    "なんでuv使わないんですか",  # why don't you use uv
    "なんでこのファイルを消したの？",
    "DB를 지금 왜 만들어?",  # why are you creating a DB now?
    "왜 테스트를 삭제했어?",
    "چرا فایل را پاک کردی؟",  # why did you delete the file?
])
def test_why_did_you_abroad_is_a_correction(text):
    verdict = classify_text(text, DONE)
    assert verdict.correction and verdict.reason == "asks why the agent did it", (text, verdict)


@pytest.mark.parametrize("text", [
    "왜 이렇게 만들어야 하는지 설명해줘",  # explain why it has to be built this way: a request for an explanation
    "react 为啥要合并优先级",  # how a library works, not the agent's act
    "这个库为啥这么慢",  # why a library is slow
])
def test_why_about_how_things_work_is_none(text):
    assert not classify_text(text, DONE).correction, text


@pytest.mark.parametrize("text", [
    "still broken, it says invalid_auth",
    "still broken, it says 404",
    "still failing, it says permission denied",
    "still broken and it says 404",
])
def test_still_broken_then_what_it_says_is_a_correction(text):
    verdict = classify_text(text, WIRED)
    assert verdict.correction and verdict.reason == "said the result is still broken", (text, verdict)


@pytest.mark.parametrize("text", [
    "it says 404",  # what it says alone: no words of the person's own about the work
    "the docs say to use pnpm",
    "here's the log, it says connection refused",
])
def test_what_another_says_alone_is_none(text):
    assert not classify_text(text, WIRED).correction, text


@pytest.mark.parametrize("text", [
    "tests are still running",
    "CI is still running, give it a minute",
    "the migration is still running on staging",
    "it's still compiling",
    "the build is still in progress",
])
def test_work_in_progress_is_no_fault(text):
    assert not classify_text(text, PUSHED).correction, text


@pytest.mark.parametrize("text", [
    "the server is still running the old code",
    "the old process is still running on port 3000",
    "it's still building forever",
    "tests are still running after an hour, they hang",
    "the page is still broken",
])
def test_a_fault_that_stays_is_still_a_correction(text):
    assert classify_text(text, PUSHED).correction, text


def _with_reply(text: str, answer: str, reply: str):
    from altimate_learn.capture.classifier import classify_user_message
    from altimate_learn.capture.model import UserMessage

    task = UserMessage(text="add a rate limiter", index=0)
    return classify_user_message(UserMessage(text=text, index=1, after_assistant=True), task, answer=answer, reply=reply)


@pytest.mark.parametrize("text,answer", [
    ("my bad, the limit is 500 requests per minute, not 50. I misread the docs",
     "I've added the rate limiter for the API with 50 requests per minute per key."),
    ("actually I was wrong, the client does want the sidebar on the left after all",
     "I've moved the sidebar to the right as you asked."),
    ("oh wait, my bad, I gave you the wrong table name. it's analytics.events", "I've written the query on web.events."),
])
def test_the_agent_s_apology_does_not_make_the_person_s_own_slip_a_correction(text, answer):
    """The person owns the mistake; "You're right, sorry about that" is the agent's manners, not a concession of its
    own mistake (blind10's own-mistake rows, read as dev data in session #19)."""
    assert not _with_reply(text, answer, "You're right, sorry about that. I'll change it now.").correction, text


@pytest.mark.parametrize("text", [
    "hmm, the totals in the footer",  # nothing owned: the reply's concession decides
    "my bad about the port, but the login is still broken",  # owns one thing, reports the agent's fault next
    "I was wrong to trust this, the footer is broken",
])
def test_a_conceding_reply_still_decides_when_the_person_owns_nothing_of_the_fault(text):
    verdict = _with_reply(text, "I've fixed the login and added the footer.", "You're right, I summed the wrong column. Fixing it.")
    assert verdict.correction, text


@pytest.mark.parametrize("text,answer", [
    ("the pod is still running out of memory", "I raised the memory limit."),
    ("the job is still running and hasn't produced output in an hour", "I fixed the job."),
    ("the job is still running with no output", "I fixed the job."),
])
def test_a_run_that_goes_wrong_is_still_a_correction_r37_12(text, answer):
    assert classify_text(text, answer).correction, text


def test_a_run_still_under_way_with_no_hurry_is_none():
    assert not classify_text("tests are still running, no rush", PUSHED).correction


@pytest.mark.parametrize("text", [
    "no, I wanted to ask something else first",
    "no I need to check with my team first",
    "no, I want to think about it",
    "nope I need a break",
    "I wanted to say thanks",
    "I wanted to ask about the deadline",
    "i don't see why we need this",
    "i don't see any errors now",
    "i don't see a problem with that",
    "I don't see the point of this refactor",
    "I don't see anything wrong with it",
])
def test_the_person_s_own_intent_or_view_is_none(text):
    """Look-alikes of two forms cls37 wrote and took back before landing ("no, I wanted you to …", "I don't see the
    status line" after done work: real dev 17 corrections / 1 not, the held-out look 5 right / 3 wrong): whatever the
    next round writes for them must keep these none."""
    assert not classify_text(text, DONE).correction, text
