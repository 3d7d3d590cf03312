"""Issue 20, cls24: "instead of" and rules inside a request for work still to come, and a pace, are no correction.

The issue names "instead of" inside a new request as a false-alarm family. A clause that opens on a piece of work still
to come ("for the next feature, …", "in the new page …", "on the remaining screens …") sets that work up, whatever
choice it states; "use X instead of Y", "from now on, use X instead of Y" and "for this feature, use X instead of Y"
still speak of the work at hand. "let's not hurry / rush" sets a pace; "let's not add a dependency" still refuses one.
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done. I added the orders table and its API; the tests pass and the dev server is running on port 5173."


def judge(text: str, answer: str = DONE) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=answer).correction)


@pytest.mark.parametrize("text", [
    "for the next feature, use postgres instead of sqlite",
    "for the next page, use tailwind instead of plain css",
    "in the next task we'll use redis instead of memcached",
    "on the remaining screens use the grid layout instead of flexbox",
    "for any new endpoints, use zod instead of joi",
    "with the new components, prefer composition instead of inheritance",
    "for future releases we always tag from main",
    "in the upcoming sprint we never ship on fridays",
    "also, for the other pages use the shared header, not a copy",
    "Let's not hurry and fix everything step by step!",
    "let's not rush this, one thing at a time is fine",
    "let's not worry about the styling yet",
])
def test_work_still_to_come_and_a_pace_stay_quiet(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "use postgres instead of sqlite",
    "from now on, use postgres instead of sqlite",
    "for this feature, use postgres instead of sqlite",
    "let's not add a new dependency",
    "we never ship on fridays",
])
def test_choices_about_the_work_at_hand_still_count(text):
    assert judge(text)
