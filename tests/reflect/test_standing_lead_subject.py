"""After "from now on," / "going forward,", a subject and its verb is a statement, not an order to make imperative
(refl40's notes: "from now on, staging is read-only" gave "Always stage is read-only.")."""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import extract_rule


@pytest.mark.parametrize("text, wrong", [
    ("from now on, staging is read-only", "Always stage is read-only."),
    ("going forward, logging is done with structlog", "Always log is done with `structlog`."),
    ("from now on, testing happens in CI only", "Always test happens in CI only."),
    ("from now on, logging must go through structlog", "Always log must go through `structlog`."),
])
def test_a_gerund_subject_is_not_turned_into_an_order(text: str, wrong: str):
    assert extract_rule(text) != wrong
    assert not (extract_rule(text) or "").startswith("Always ")


@pytest.mark.parametrize("text, rule", [
    ("from now on, run ruff before committing", "Always run `ruff` before committing."),
    ("from now on, use pnpm", "Always use `pnpm`."),
    ("from now on, deploy from main only", "Always deploy from main only."),
    ("from now on, the staging db is read-only", "The staging db is read-only."),
])
def test_orders_after_the_lead_stay_orders(text: str, rule: str):
    assert extract_rule(text) == rule
