"""Session #25 (cls43): two everyday complaints of a thing a delivered lesson bans that the narrowing of #24 (review42
R42-7) lost: the marks then one word of disbelief ("float?? really?") and the thing refused once more ("not float
again"). Their look-alikes stay quiet: more words after the disbelief, "not X" without "again" (it may ask which to
use), a thing no lesson bans, and no lesson delivered."""

from __future__ import annotations

import pytest

from tests.capture_text.test_team_way_cls42 import ELSE, LESSONS, _judge

REASON = "complained of a thing a lesson given in this session bans"


@pytest.mark.parametrize("text", ["float?? really?", "float? really?", "float?! seriously", "float?? come on",
                                  "not float again", "not float again!", "not print again", "ugh, not requests again"])
def test_disbelief_or_the_thing_refused_once_more(text):
    assert _judge(text, ELSE, LESSONS) == (True, REASON), text
    assert _judge(text, ELSE) == (False, "")  # no lesson delivered: the answer names none of them


@pytest.mark.parametrize("text", ["float? really? I thought we used it everywhere", "float?? really? ok fine",
                                  "not float?", "not float", "float? really", "not httpx again", "not money again",
                                  "not Decimal again", "not again, float?"])
def test_their_look_alikes(text):
    assert _judge(text, ELSE, LESSONS)[1] != REASON, text
