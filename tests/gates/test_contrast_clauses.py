"""review14 R14-40: "instead of" ruled out everything after it in the sentence, so a correction that agreed with
AGENTS.md in its second rule was quarantined as contradicting it."""

from __future__ import annotations

import pytest

from altimate_learn.gates.offline import compare

MONEY = "Money is `Decimal`, never `float`."


@pytest.mark.parametrize("rule", [
    "Use `structlog` instead of `print` in `refunds.py`, and never pass amounts as floats; use Decimal.",
    "Use `structlog` instead of `print`; represent money with `Decimal`.",
    "Prefer `httpx` rather than `requests` for calls, and always keep amounts in `Decimal`.",
])
def test_a_later_rule_of_the_sentence_is_not_under_the_contrast(rule: str) -> None:
    assert compare(rule, MONEY) is None


@pytest.mark.parametrize(("rule", "line"), [
    ("Use `httpx` instead of `requests`.", "Use `requests` for HTTP calls."),
    ("Use `ruff` instead of `flake8`, `isort` and `black`.", "Use `black` for formatting."),  # a list stays avoided
    ("Use `pnpm` instead of `npm`; never commit `package-lock.json`.", "Use `npm` for installs."),
    ("Use `structlog` instead of `print`, and never use `Decimal` for totals; use `float`.", MONEY),
])
def test_what_the_contrast_or_a_later_rule_avoids_still_contradicts(rule: str, line: str) -> None:
    assert compare(rule, line) is not None
