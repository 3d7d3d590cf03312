"""check49 C49-8 and C49-8b (session #31, second reader of 3f504187): failures the person counts and excuses
("3 fail but those are flaky") blame no change of the agent's, but what else the message says is still read: "3 fail,
those are flaky; the page is blank though" corrects the agent for the blank page (3f504187 dropped the whole message);
and a new task about errors is no fault report. Our own wording."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

CHECKED = "Done: I moved the date parsing into utils/dates.py and the tests pass."


def judge(text: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=CHECKED)


@pytest.mark.parametrize("text", [
    "3 fail, those are flaky; the page is blank though",
    "2 fail, it's expected. wrong endpoint though, it should be /v2/orders",
    "3 failing, those are unrelated, but that's not what I asked for",
    "two specs fail but those are flaky, the modal doesn't close anymore",
    "3 fail but those are flaky, and the migration didn't run",
    "one test fails, it's unrelated. but the chart doesn't render at all",
])
def test_a_complaint_beside_excused_failures_is_still_a_correction(text):
    assert judge(text).correction, text


@pytest.mark.parametrize("text", [
    "3 fail but those are flaky",
    "one test fails but it's expected, the rest pass",
    "4 failures but all unrelated. thanks!",
])
def test_excused_failures_with_nothing_against_the_work_stay_no_correction(text):
    verdict = judge(text)
    assert not (verdict.correction and verdict.strength != "model"), (text, verdict)


# C49-8b (second reader of 3f504187's `_TASK_OPENING`): a task verb followed by a thing and a negated verb names a thing
# that fails ("make test doesn't even exist here"), but a plural noun of faults is the task's object: these new tasks,
# after an answer that says the tests pass, became corrections ("reported an error after the agent's change").
@pytest.mark.parametrize("text", [
    "document import errors in the README",
    "refactor webhook errors into one class",
    "optimize image errors",
])
def test_a_new_task_about_errors_is_no_correction(text):
    verdict = judge(text)
    assert not (verdict.correction and verdict.strength != "model"), (text, verdict)
