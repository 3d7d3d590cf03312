"""Opposite negation sets two rules against each other only when one says all the other says (review36 R36-12).

"Use named exports only." shares "use" and "exports" with "Never use default exports." and agrees with it: the offline
vet called it a contradiction, so a person's rule was quarantined against the AGENTS.md line it follows, while
"Prefer default exports for React components." (which does go against it) passed."""

from __future__ import annotations

import pytest

from altimate_learn.gates.offline import compare


@pytest.mark.parametrize("rule, other", [
    ("Prefer default exports for React components.", "Never use default exports."),
    ("Use default exports.", "Never use default exports."),
    ("Use relative imports in tests.", "Don't use relative imports."),
    ("Always use black.", "Never use black."),
    ("Push to main.", "Never push to main."),
    ("Always squash merge.", "Never squash merge."),
])
def test_a_rule_and_its_opposite_contradict(rule, other):
    found = compare(rule, other)
    assert found is not None and found.verdict == "contradiction", found


@pytest.mark.parametrize("rule, other", [
    ("Use named exports only.", "Never use default exports."),
    ("Use absolute imports only.", "Never use relative imports."),
    ("Use the logger for output.", "Never use print for output."),
    ("Write tests for new endpoints.", "Never write tests for generated code."),
])
def test_rules_about_two_things_do_not_contradict(rule, other):
    found = compare(rule, other)
    assert found is None or found.verdict != "contradiction", found


def test_remember_against_agents_md_keeps_an_agreeing_rule(git_repo, cli):
    (git_repo / "AGENTS.md").write_text("# Conventions\n\n- Never use default exports.\n")
    code, out, err = cli("remember", "Use named exports only.")
    assert code == 0, err
    assert "Remembered" in out and "quarantined" not in out
    code, out, err = cli("remember", "Prefer default exports for React components.")
    assert code == 0, err
    assert "quarantined" in out and "Never use default exports" in out
