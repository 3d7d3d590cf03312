"""cls34 (issue 20, review34 R34-10): "Now use the same pattern for invoices instead of orders" after "Done with orders."
carries the work done over to the next thing; its "instead of" names the thing done, not a choice to undo, so it is no
correction (`guards.NEXT_WORK`). Only after "now" / "next" / "then": "use the same helper for the dates instead of writing a
new one" still corrects, as does "now use dayjs instead of moment". Sentences written for the test; the quiet ones were
flagged on fff2c87f.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done with orders."


def judge(text: str, answer: str | None = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


@pytest.mark.parametrize("text", [
    "Now use the same pattern for invoices instead of orders",
    "Ok, now use the same approach for the users table instead of the orders table",
    "great, next apply the same structure to the refunds module instead of payments",
])
def test_the_same_work_carried_to_the_next_thing_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict.reason)


@pytest.mark.parametrize("text", [
    "use the same helper for the dates instead of writing a new one",
    "now use dayjs instead of moment",
])
def test_a_choice_to_undo_still_corrects(text: str) -> None:
    assert judge(text).correction, text
