"""An answer that ends by offering the work and claims nothing done is a proposal, however long: what the person says is
broken after it was broken before the agent answered, so it is no report on the agent's change. After an answer that
did the work and then offers more, the same words are still a report."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

ADVICE = ("Achieving a mood distribution like 15% sad, 35% happy, 35% calm and 15% rage means adjusting the conversion "
          "logic in the simulation: lower the isolation decay, raise the interaction weight for calm agents, and cap "
          "rage at a set share so it never dominates. The player's tools will also affect the distribution.")
OFFERS = [
    ADVICE + " Would you like me to suggest specific code changes for the get_mood_interaction function?",
    ADVICE + " If you want, I can implement this now across the simulation and its tests.",
    ADVICE + " 今すぐパッチを入れましょうか？",
    ADVICE + " 需要我把这些改动直接写进代码吗？",
]
DONE_THEN_OFFER = [
    "I've updated get_mood_interaction to lower the isolation decay and added a cap for rage; the tests pass. "
    "Would you like me to tune the weights next?",
    "已把 hover 提示改成只显示两行：日期 + Return。修改文件：src/components/Chart.tsx。需要我把文案也改成中英文切换吗？",
]


def judge(text: str, answer: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("answer", OFFERS)
@pytest.mark.parametrize("text", [
    "This seems good, can you also review the code itself? It seems like the isolation code isn't working properly",
    "these are not showing, the files are missing, i will add them later",
])
def test_a_problem_told_after_a_proposal_is_no_report(text, answer):
    assert not judge(text, answer)


@pytest.mark.parametrize("answer", DONE_THEN_OFFER)
@pytest.mark.parametrize("text", [
    "the isolation code isn't working properly",
    "it doesn't work, the chart still shows all four lines",
])
def test_a_problem_after_done_work_that_offers_more_is_a_report(text, answer):
    assert judge(text, answer)


def test_a_closer_after_work_is_no_proposal():
    answer = ADVICE + " Let me know if you'd like me to make any other changes."
    assert judge("the isolation code isn't working properly", answer)
