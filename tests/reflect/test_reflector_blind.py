"""research/reflector_blind.py: half B of the second blind set cannot be read while tuning, the counts-only view prints
no message and no lesson, and a row's kind follows its label and reference lesson."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import reflector_blind as blind  # noqa: E402


def test_half_b_cannot_be_read():
    with pytest.raises(SystemExit):
        blind.read("B")


def test_the_counts_only_view_prints_no_message_and_no_lesson():
    shown = blind.numbers()
    assert "half A:" in shown and "half B:" in shown
    for row in blind.evaluate()["rows"]:
        assert not (len(row["text"]) > 12 and row["text"] in shown)
        assert not any(lesson in shown for lesson in row["lessons"])


def test_a_rows_kind_is_its_label_and_reference():
    assert blind.kind_of({"label": False, "lesson": ""}) == "not"
    assert blind.kind_of({"label": True, "lesson": ""}) == "one-off"
    assert blind.kind_of({"label": True, "lesson": "Use pnpm."}) == "rule"
    assert blind.kind_of({"label": True}) == "rule"  # the first set has no reference lessons


def test_a_row_is_reflected_as_a_correction_signal():
    assert blind.lessons_for("we use pnpm here") == ["Use `pnpm`."]
    assert blind.lessons_for("the button is still blue") == []
