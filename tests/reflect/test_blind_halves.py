"""research/blind_halves.py: one rule for the halves of the blind written sets, the same rule the first blind set's
classifier measure used."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import classifier_blind  # noqa: E402
from research.blind_halves import half_of  # noqa: E402


def test_the_first_sets_halves_are_the_shared_rule_with_its_prefix():
    texts = [row["text"] for row in classifier_blind.load()]
    assert [half_of(t, "blind1-half:") for t in texts] == [classifier_blind.half_of(t) for t in texts]


def test_the_second_sets_prefix_is_the_default_and_splits_differently():
    texts = [f"message number {i}" for i in range(64)]
    assert {half_of(t) for t in texts} == {"A", "B"}
    assert [half_of(t) for t in texts] == [half_of(t, "blind2-half:") for t in texts]
    assert [half_of(t) for t in texts] != [half_of(t, "blind1-half:") for t in texts]


def test_a_text_has_one_half_whatever_else_the_row_says():
    assert half_of("we always squash merge") == half_of("we always squash merge")
