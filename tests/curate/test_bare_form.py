"""A lesson that avoids the bare form of what it uses ("Run `uv run pytest` instead of `pytest`") is against that
bare form (with or without flags), not against every command that holds it (review14 R14-26)."""

from __future__ import annotations

from altimate_learn.curate.polarity import contradictions
from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin

RECOVERY = "Run `uv run pytest` instead of `pytest` here (it fails with \"command not found\")."
APPROVED = "Run the tests with `uv run pytest -q -x` before every commit."


def test_avoiding_the_bare_form_is_not_against_the_launcher_that_holds_it():
    assert contradictions(RECOVERY, APPROVED) == set()
    assert contradictions(RECOVERY, "Run the tests with `pytest -q`.") == {"pytest"}  # the bare form, with flags
    assert contradictions("Never use `pip`.", "Install with `pip install -e .`.") == {"pip"}  # unchanged


def test_a_tool_retry_recovery_an_approved_lesson_states_is_a_vote_for_it():
    text = ("Tool `Bash` failed 3 times in a row. Last error: Exit code 127\n/bin/bash: line 1: pytest: command not "
            "found\nLast command: pytest -q -x\nThen worked: uv run pytest -q")
    approved = [{"id": "L-273c58b3", "text": APPROVED, "helpful": 0, "harmful": 0}]
    result = reflect_builtin([FeedbackItem("tool_retry", text, "sig_1")], approved)
    assert [(d["op"], d.get("id"), d.get("supersedes")) for d in result.deltas] == [("HELPFUL", "L-273c58b3", None)]
    # beside a lesson that says to run bare `pytest`, the recovery replaces it
    outdated = [{"id": "L-1", "text": "Run the tests with `pytest -q`.", "helpful": 0, "harmful": 0}]
    [delta] = reflect_builtin([FeedbackItem("tool_retry", text, "sig_1")], outdated).deltas
    assert delta["op"] == "ADD" and delta["supersedes"] == "L-1"
