"""cls36 (issue 20): a report that says in so many words the fault is not the agent's work ("none of it is from your
branch", "not caused by your changes", "nothing to do with your PR") is no report on that work (the labelling guide's
`not`, as cls35's "it also happens on main"). Written from the grammar of saying so, after the ninth blind set's one such
false alarm (readable since session #18). A question whether it is ("is it from your changes?") or a blame beside it stays.
Sentences written for the test; none is a row of any set.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "The ESLint upgrade to v9 is done on this branch with the new flat config; our own code passes with no errors."


def judge(text: str, answer: str = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


@pytest.mark.parametrize("text", [
    "the lint run flagged these on main, none of it is from your branch: the build fails with 3 errors",
    "the build fails with 3 errors, not caused by your changes",
    "the build fails with 3 errors, nothing to do with your PR",
    "the build fails with 3 errors. it's not from your changes, could you look anyway?",
])
def test_a_fault_said_not_to_be_the_agent_s_is_no_report(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict)


@pytest.mark.parametrize("text", [
    "the build fails with 3 errors",
    "logout 500s since your refactor",
    "go vet is unhappy with your changes",
    "the build fails, it is not from your changes but you should have caught it in the tests",
])
def test_a_report_on_the_agent_s_work_or_a_blame_beside_it_stays(text: str) -> None:
    verdict = judge(text)
    assert verdict.correction, (text, verdict)


LINT = ("\n\n/app/src/legacy/checkout.js\n  88:5   error  Do not access Object.prototype method 'hasOwnProperty' from target "
        "object  no-prototype-builtins\n 131:22  error  Unnecessary escape character: \\.  no-useless-escape\n\n"
        "✖ 2 problems (2 errors, 0 warnings)\n")


def test_a_linter_s_output_is_pasted_text_not_the_person_s_words() -> None:
    # eslint's "88:5  error  Do not access …" is the linter's line, not a refusal the person typed
    assert not judge("the lint run flagged these on main, none of it is from your branch:" + LINT).correction
    pasted = judge("I get this now:" + LINT)  # the same output after the agent's change, said of nothing older: a report
    assert pasted.correction, pasted
