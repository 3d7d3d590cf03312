"""cls36 (issue 20; review35 R35-15 residue): in the hedged ask to do it another way, the thing asked for counts as already
made only when all its words are where the answer reports its work. "could you run ruff format instead of black next
time?" after "Sorry. I used black to format." names ruff nowhere in the answer (only "format", the task's own verb): a
correction, as review35's real Claude Code run had it. When the answer reports both ("I wrote the seed script and the
migrations."), which to run next is still no swap. Sentences written for the test; none is a row of any set. Each
correction here was missed on the session's start code (a354408a).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


SHARED_WORD = [
    ("could you run ruff format instead of black next time?", "Sorry. I used black to format."),
    ("could you run ruff format instead of black next time?", "I used black to format the files."),
    ("can you run the tests with tox instead of pytest?", "I ran the tests with pytest."),
    ("maybe try pnpm install instead of npm?", "I ran npm install."),
]


@pytest.mark.parametrize(("text", "answer"), SHARED_WORD)
def test_a_swap_whose_new_thing_shares_only_a_word_with_the_answer_is_a_correction(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "asked to use something else instead of what the agent used"


BOTH_MADE = [
    ("could you run the migrations instead of the seed script now?", "I wrote the seed script and the migrations."),
    ("could you run ruff format instead of black?", "I ran black and then ruff format on app.py."),
    ("can you open the staging dashboard instead of the prod logs?", "I checked the prod logs and the staging dashboard."),
]


@pytest.mark.parametrize(("text", "answer"), BOTH_MADE)
def test_a_pick_between_two_things_the_answer_made_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
