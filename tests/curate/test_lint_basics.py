"""Lint: a few anchors of behaviour (the full table is in test_lint_table.py)."""

from __future__ import annotations

from altimate_learn.curate.lint import is_flagged, lint


def test_normalises_and_accepts():
    result = lint("  Use\u200b `stg_` \t prefixes  ")
    assert result.ok and result.text == "Use `stg_` prefixes"


def test_grandfathered_only_skips_length():
    text = "Existing conventional wording " * 6
    assert lint(text).rule == "too-long"
    assert lint(text, grandfathered=True).ok
    assert lint(text + " password=hunter2", grandfathered=True).rule == "secret"


def test_flag_even_protective():
    assert is_flagged("Never skip tests.") == (True, "mentions skipping or disabling verification")
    assert lint("Never skip tests.").flagged
    assert is_flagged("Exclude test accounts from revenue.") == (False, None)
