"""research/classifier_blind.py: the first blind written set's halves are fixed by the text alone, half B's errors cannot be
asked for while tuning, and the counts-only view prints no message."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import classifier_blind as blind  # noqa: E402

FIRST = blind.SETS["blind1"]


def test_a_text_has_one_half_whatever_its_label_or_context():
    assert blind.half_of("use pnpm here") == blind.half_of("use pnpm here")
    halves = {blind.half_of(f"message number {i}") for i in range(40)}
    assert halves == {"A", "B"}


def test_half_b_errors_cannot_be_asked_for():
    with pytest.raises(SystemExit):
        blind.errors(FIRST, "B")


def test_the_counts_only_view_prints_no_message():
    rows = blind.load()
    shown = blind.numbers(FIRST)
    assert "half B, without the answer:" in shown and "half A, without the answer:" in shown
    assert not any(len(r["text"]) > 12 and r["text"] in shown for r in rows)


def test_tuning_view_of_half_a_counts_only_half_a():
    shown = blind.numbers(FIRST, ("A",))
    assert "half A, without the answer:" in shown and "half B" not in shown
