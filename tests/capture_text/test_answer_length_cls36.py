"""cls36 (issue 20): an answer counts as done work by what it says (a claim, code, an act reported as done), not by its
length. Before, any answer of 200 characters or more did, so a report after a long explanation, a plan or a list of
options read as a report on the agent's work; on the real held-out split those flags were right 18 times and wrong 9
(`research/classifier_answer_kind.py`, the first look of session #18). The trained model's feature keeps the length, as
its weights were trained. Sentences written for the test; none is a row of any set.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import answered, classify_user_message
from altimate_learn.capture.model import UserMessage

EXPLAINED = ("I looked at the request and went through the whole module, the config loader, the routes and the templates, "
             "and here is what I think is going on with the rendering and the way the static folder is mapped in the server "
             "setup for production builds, step by step.")
CLAIMED = "I fixed the static folder mapping in server.py and rebuilt the templates."


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


REPORTS = ["the page is blank", "I get a 500 error when I open /settings", "the tests fail", "the build fails on CI"]


@pytest.mark.parametrize("text", REPORTS)
def test_a_report_after_a_long_answer_that_claims_nothing_is_none(text: str) -> None:
    assert len(EXPLAINED) >= 200
    verdict = judge(text, EXPLAINED)
    assert not verdict.correction, (text, verdict)


@pytest.mark.parametrize("text", REPORTS)
def test_the_same_report_after_an_answer_that_claims_the_work_is_a_correction(text: str) -> None:
    verdict = judge(text, CLAIMED)
    assert verdict.correction, (text, verdict)
    verdict = judge(text, EXPLAINED + " " + CLAIMED)  # long and claiming: the claim counts
    assert verdict.correction, (text, verdict)


def test_the_trained_model_s_feature_still_reads_the_length() -> None:
    assert answered(EXPLAINED, acts=False)  # as the shipped weights were trained
    assert not answered(EXPLAINED, by_size=False)
    assert answered(CLAIMED, by_size=False)
