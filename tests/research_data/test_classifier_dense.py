"""research/classifier_dense.py: the dense-embedding experiment's choices on dev and its recorded report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from research import classifier_dense as D  # noqa: E402

np = pytest.importorskip("numpy")


def test_the_threshold_is_the_lowest_score_that_keeps_the_precision() -> None:
    scores, labels = np.array([0.9, 0.8, 0.7, 0.6, 0.5]), np.array([1, 1, 0, 1, 0])
    assert D.threshold_at(scores, labels, 0.75) == 0.6  # 3 of 4 right; at 0.5, 3 of 5
    assert D.threshold_at(scores, labels, 0.9) == 0.8
    # a tie is flagged whole or not at all: 0.7 would flag a right and a wrong message at once
    assert D.threshold_at(np.array([0.9, 0.7, 0.7]), np.array([1, 1, 0]), 1.0) == 0.9
    assert D.threshold_at(np.array([0.9, 0.8]), np.array([0, 0]), 0.5) == float("inf")


def test_the_adder_keeps_every_flag_of_the_classifier_and_adds_only_high_scores() -> None:
    rows = [{"pattern": p} for p in (1, 1, 0, 0, 0, 0)]
    labels = np.array([1, 1, 1, 0, 1, 0])
    scores = np.array([0.1, 0.2, 0.95, 0.9, 0.6, 0.55])
    threshold, veto = D._choose("d", scores, rows, labels)
    flags = D._flags("d", scores, rows, threshold, veto)
    assert flags[:2] == [True, True]  # the classifier's flags, whatever the model says
    assert flags[2] and not flags[3]  # 0.95 added; 0.9 would bring a false alarm (3 of 4 < 0.85)
    assert D.counts(flags, labels) == {"precision": 1.0, "recall": 0.75, "tp": 3, "fp": 0, "fn": 1}


def test_the_recorded_numbers_print_without_the_research_venv(tmp_path: Path) -> None:
    recorded = json.loads(D.RECORDED.read_text(encoding="utf-8"))
    out = subprocess.run([sys.executable, "-c",
                          "import sys, runpy; sys.argv[:] = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__');"
                          "print(sorted(m for m in ('numpy', 'torch', 'sklearn', 'sentence_transformers') if m in sys.modules))",
                          str(ROOT / "research" / "classifier_dense.py")],
                         capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    held = recorded["heldout"]["a"]
    row = next(line for line in out.splitlines() if line.startswith("| (a) MiniLM: the message |"))
    assert f"| {held['precision']:.3f} | {held['recall']:.3f} | {held['tp']} | {held['fp']} | {held['fn']} |" in row
    assert "nothing ships" in out
    assert out.strip().splitlines()[-1] == "[]"  # the report reads a JSON file: no model, no numpy
