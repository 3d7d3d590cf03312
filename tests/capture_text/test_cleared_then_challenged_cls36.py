"""cls36 (issue 20; review36 R36-16): a person who clears the agent of one fault and then challenges an act of its own
still challenges it: "it crashes, nothing to do with your PR though. but why did you remove the retry?" (the clearing
spoke of the crash, not of the removal). A clearing said of the question itself ("what made you pick redis? not your
fault, the docs are confusing") still clears it. A report said not to be the agent's ("the build is failing but none of it
is from your branch") is no report however it is read. Sentences written for the test; none is a row of any set.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

REMOVED = "I refactored the client and removed the retry loop."


def judge(text: str, answer: str = REMOVED):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


@pytest.mark.parametrize("text", [
    "it crashes, nothing to do with your PR though. but why did you remove the retry?",
    "it crashes, not your fault. but why did you remove the retry?",
])
def test_a_challenge_after_the_agent_was_cleared_of_something_else_is_a_correction(text: str) -> None:
    verdict = judge(text)
    assert verdict.correction and verdict.reason == 'asks "why did you…"', (text, verdict)


@pytest.mark.parametrize(("text", "answer"), [
    ("it crashes, nothing to do with your PR though.", REMOVED),
    ("what made you pick redis? not your fault, the docs are confusing", REMOVED),
    ("why did you choose redis? not a complaint, just curious", REMOVED),
    ("the build is failing but none of it is from your branch", "I pushed the fix to the feature branch."),
])
def test_a_clearing_of_the_question_itself_or_a_report_said_not_to_be_the_agent_s_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
