"""cls34 (issue 20, review34 R34-8): a hedged ask to use something else in place of what the agent's answer says it used is
a correction ("could you use ruff format instead of black next time?" after "I ran black on the repo."; "can we please
stick to ruff format?" after an answer that names only black), `against_answer.hedged_swap`. The replaced thing must be
named in the answer; a question about the choice, a new piece of work, a reply to the agent's own question, or "stick
with this" is none. Sentences written for the test; none is a row of any set; the corrections fail on fff2c87f.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

RAN_BLACK = "I ran black on the repo."


def judge(text: str, answer: str | None = RAN_BLACK):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


ASKS = [
    "could you use ruff format instead of black next time?",
    "can we please stick to ruff format? black fights with our config",
    "would it be possible to use ruff format instead of black?",
    "hmm, could we go with ruff format rather than black here?",
]


@pytest.mark.parametrize("text", ASKS)
def test_a_hedged_ask_to_swap_what_the_agent_used_is_a_correction(text: str) -> None:
    assert judge(text).correction, text


def test_the_swap_names_what_the_answer_used() -> None:
    answer = "I added the HTTP client with requests and a retry wrapper."
    assert judge("could you use httpx instead of requests?", answer).correction
    # the replaced thing is not in the answer: a new idea, not a swap of the agent's choice
    assert not judge("could you use Redis instead of memcached for the new cache?", answer).correction


LOOK_ALIKES = [
    "is ruff better than black?",
    "can we stick with this for now?",
    "what about ruff? I've heard it's faster than black",
    "could you explain the difference between ruff format and black?",
    "thanks! could you also add a pre-commit hook for black?",
]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_question_about_the_choice_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict.reason)


def test_an_answer_to_the_agents_own_question_is_no_correction() -> None:
    asked = "I set up the formatter config. Should I use black or ruff format for the CI job?"
    assert not judge("could we use ruff format instead of black?", asked).correction
