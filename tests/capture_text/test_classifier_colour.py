"""White or black reports a blank result only of the whole view ("the screen is black", "it's all white now"); said of
a tab, a button or a text it is a colour, and a wish for another colour is no report on the agent's work."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = ("Done! I updated the bar config with the new plugin list and fixed the workspace tabs; sketchybar now renders "
        "them on the left.")


def judge(text: str) -> bool:
    return bool(classify_user_message(UserMessage(text=text, index=2, after_assistant=True), None,
                                      answer=DONE).correction)


@pytest.mark.parametrize("text", [
    "So, nice. But I don't like these colors. Now the sketchybar tabs are white or gray, some transparencies. I want "
    "the background in the tokyonight background color.",
    "the tabs are white, make them gray",
    "the window is black or white depending on the theme",
])
def test_a_colour_of_a_part_is_no_report(text):
    assert not judge(text)


@pytest.mark.parametrize("text", [
    "the screen is black",
    "it's all white now",
    "the page went white after the reload",
    "the preview is blank",
])
def test_a_blank_view_is_a_report(text):
    assert judge(text)
