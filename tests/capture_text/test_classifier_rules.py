"""Session rules of the classifier: slash commands, and what a redirect after an interruption must say."""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage


@pytest.mark.parametrize("text", ["/compact", "/model opus", "/review please check the diff", "  /clear  "])
def test_slash_commands_are_never_corrections(text):
    after_interrupt = UserMessage(text=text, index=2, after_assistant=True)
    interrupt = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    assert not classify_user_message(after_interrupt, interrupt).correction
    assert not classify_text(text).correction


@pytest.mark.parametrize(("text", "expected"), [
    ("wait", False),
    ("hm", False),
    ("stop", False),
    ("no, use ref", True),
    ("use the staging schema instead", True),
    ("no", False),
])
def test_a_redirect_after_an_interruption_must_say_something(text, expected):
    interrupt = UserMessage(text="[Request interrupted by user]", index=1, after_assistant=True, kind="interrupt")
    msg = UserMessage(text=text, index=2, after_assistant=True)
    assert classify_user_message(msg, interrupt).correction is expected


def test_a_path_at_the_start_is_not_a_slash_command():
    assert classify_text("/etc/hosts is wrong, you should never edit it").correction
