"""cls34 (issue 20, the agent's side): a reply that opens by taking in what the person now says they want ("Ah, got it! You
want to keep …", "I understand - you want …", "Entendido, quieres …", "明白了，您希望…", "…が必要だったのですね") makes a
message that sets its want against something ("but I still want …", "no, I need …", "不需要…", "…ではなく…") a correction:
the person had to say it again. A new wish taken in ("a dashboard with sales by region"), a question taken in, a new
request, or a reply that only pins down what a question is about ("Entendido. Te refieres a …") is none. Sentences written
for the test; none is a row of any set. The corrections here were missed before this pass (checked against fff2c87f).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture import replies
from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: the settings page now uses the new header and the old helpers are gone."


def judge(text: str, reply: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer,
                                 reply=reply)


SAID_AGAIN = [
    ("but I still want the old helpers for the export", "Ah, got it! You want to keep the old helpers for the export. Restoring them."),
    ("no i need the header to stay sticky on mobile", "I understand - you want the header to stay sticky on mobile. Let me adjust it."),
    ("we still want the intro about the project as a preface", "I understand - you want to keep the intro as a preface. Adding it back."),
    ("no, quiero mantener los helpers antiguos", "Entendido, quieres mantener los helpers antiguos. Los restauro."),
    ("ich will aber den alten Header behalten", "Verstanden, du willst den alten Header behalten. Ich stelle ihn wieder her."),
    ("不需要计算坐标，第六个参数设置为1即可", "明白了，您希望直接把第六个参数设置为1。我来修改。"),
    ("指示書ではなく本文が入るから空白のファイルが欲しい", "承知しました！本文が入る空白のファイルが必要だったのですね。作り直します。"),
]


@pytest.mark.parametrize(("text", "reply"), SAID_AGAIN)
def test_a_want_said_again_and_taken_in_is_a_correction(text: str, reply: str) -> None:
    verdict = judge(text, reply)
    assert verdict.correction and verdict.strength == "reply", (text, verdict)
    assert "took in what was wanted" in verdict.reason


TAKEN_IN_ONLY = [
    ("a dashboard with sales by region", "Got it — you want a dashboard showing sales by region. I'll add it."),
    ("what's the best way to add auth to the API?", "Got it — you want to add auth. The simplest way is a bearer token."),
    ("Add a CSV export to the reports page, not Excel", "Got it — you want a CSV export on the reports page. Adding it."),
    ("un tablero con las ventas por región", "Entendido, quieres un tablero con las ventas por región. Lo creo."),
    ("hablo del companion del CLI, no del plugin", "Entendido. Te refieres al companion del CLI."),
    ("ok", "Got it — you want me to continue. Moving on to the next step."),
]


@pytest.mark.parametrize(("text", "reply"), TAKEN_IN_ONLY)
def test_a_wish_or_question_taken_in_is_no_correction(text: str, reply: str) -> None:
    verdict = judge(text, reply)
    assert not verdict.correction, (text, verdict)


def test_the_reading_is_only_the_replys_opening() -> None:
    # "you want" further into the reply, after its own work, restates nothing
    assert replies.read_reply("I've updated the config. If you want the old header back, I can restore it.") is None
    assert replies.read_reply("Got it — you want to keep the old helpers.") == replies.RESTATED
