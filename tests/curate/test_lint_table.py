"""The labelled lint table (research/data/lint_cases.jsonl): accepted / rejected with rule / flagged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.curate.lint import is_flagged, lint

TABLE = Path(__file__).resolve().parents[2] / "research" / "data" / "lint_cases.jsonl"
CASES = [json.loads(line) for line in TABLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_table_is_big_and_covers_every_rule():
    assert len(CASES) >= 150
    rules = {c["rule"] for c in CASES if c["verdict"] == "rejected"}
    assert rules >= {"empty", "multiline", "too-long", "comment-marker", "shell-command", "url", "markdown-link",
                     "email", "session-id", "absolute-path", "path-escape", "prompt-injection", "secret",
                     "hidden-characters", "exfiltration"}
    assert sum(c["verdict"] == "flagged" for c in CASES) >= 20


@pytest.mark.parametrize("case", CASES, ids=[f"{c['verdict']}-{n}" for n, c in enumerate(CASES)])
def test_lint_verdict(case):
    result = lint(case["text"])
    if case["verdict"] == "rejected":
        assert not result.ok, result
        assert result.rule == case["rule"]
        assert result.reason  # a sentence naming the rule
    else:
        assert result.ok, result
        assert result.flagged is (case["verdict"] == "flagged")
        assert is_flagged(case["text"])[0] is result.flagged
        # the stored text is the normalised form, and linting it again is stable
        again = lint(result.text)
        assert again.ok and again.text == result.text
