"""A secret the person typed in passing is redacted before the built-in reflector reads it: the rule around the
placeholder is kept whole, or no lesson is made; never one cut at the placeholder (review42 R42-12, a real Claude Code
session: "Never put the db password." and "For staging must never be in code.")."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


def test_a_value_redacted_inside_a_sentence_leaves_the_rule_whole():
    assert _rules("no, don't put the db password [REDACTED:password] in settings.py, read it from DB_PASSWORD in the "
                  "env") == ["Never put the db password in `settings.py`; read it from `DB_PASSWORD` in the env."]


@pytest.mark.parametrize("text", ["also the password: [REDACTED:password] for staging must never be in code",
                                  "use the token [REDACTED:github-token] only in CI, never locally"])
def test_a_sentence_about_the_redacted_value_itself_gives_no_cut_rule(text):
    for rule in _rules(text):
        assert not rule.lower().startswith(("for staging", "only in ci")) and rule.count(" ") >= 3, rule


def test_pasted_material_then_a_rule_is_still_two_sentences():
    # review37 R37-9: the marker stands for a pasted key or a log; the rule after it is given alone
    assert _rules("here is the log: [REDACTED:github-token] never log tokens") == ["Never log tokens."]
    assert _rules("why did you commit this? [REDACTED:private-key] never commit .env files") == [
        "Never commit `.env` files."]
