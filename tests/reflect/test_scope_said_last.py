"""A rule, a comma, then where it holds with "only" said last: "never use any, for the public api only" gave "Never use
`any`." (the place dropped: a ban everywhere from a ban in one place; check51 on refl51's relayed tag, "never use any,
bob says, for the public api only"). "…, only for the public api" already waited as a limit no lesson keeps; the same
limit said with "only" last now waits too. A rule that keeps its limit in the lesson, an "only" that names the tool to
use instead ("…, only for_each"), and a rule with no limit keep their lesson. Our own wording."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize("text", [
    "never use any, for the public api only",
    "never use any, bob says, for the public api only",
    "never use moment, in the admin only, it is legacy",
    "don't use print, in the cli only.",
    "stop using float for money, within the invoices module only",
    "no lodash, on the server only",
])
def test_a_limit_said_last_with_only_waits(text):
    assert rules(text) == [], text


@pytest.mark.parametrize("text, lesson", [
    ("never use any for the public api only", "Never use `any` for the public api only."),
    ("use httpx, for new code only", "Use `httpx`, for new code only."),
    ("we never use count for conditionals, only for_each.", "Never use count for conditionals."),
    ("never use any, bob says", "Never use `any`."),
])
def test_a_rule_that_keeps_its_place_or_has_none_is_written(text, lesson):
    assert rules(text) == [lesson], text
