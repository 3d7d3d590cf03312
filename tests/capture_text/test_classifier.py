"""Correction classifier: text patterns and session rules."""

from altimate_learn.capture.classifier import Verdict, classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage


def msg(text, index=1, after=True, kind="text", reason=None, tool=None):
    return UserMessage(text=text, index=index, after_assistant=after, kind=kind, reason=reason, tool_name=tool)


def test_plain_correction_is_a_pattern_verdict():
    v = classify_text("no, use ref() instead of the raw table name")
    assert v == Verdict(True, v.reason, "pattern") and v.reason


def test_thanks_is_not_a_correction():
    assert classify_text("thanks, looks good!") == Verdict(False, "", "none")


def test_first_message_is_a_task():
    assert not classify_user_message(msg("don't use select *", index=0)).correction


def test_not_after_assistant_is_never_a_correction():
    assert not classify_user_message(msg("don't use select *", after=False)).correction
