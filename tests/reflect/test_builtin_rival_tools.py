"""A correction that gives another tool for the job an approved lesson names is no vote for that lesson
(review13 R13-11).

"No, we never use pip here; add dependencies with poetry add." shares most of its words with "Add dependencies with
`uv add`, never with `pip install`." and avoids `pip` as it does, but it names poetry, not uv: counting it HELPFUL
recorded the correction as evidence for the uv lesson and used the signal up. It goes against the lesson, so the
offline reflector leaves it to a model or a person, and the signal stays open. Tool names a person writes bare
count as the ones in backticks do.
"""

from __future__ import annotations

import json

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, reflect_builtin

UV = {"id": "L-uv", "text": "Add dependencies with `uv add`, never with `pip install`."}
STRUCTLOG = {"id": "L-log", "text": "Log with `structlog`, never `print()`."}


@pytest.mark.parametrize(("lesson", "feedback"), [
    (UV, "No, we never use pip here; add dependencies with poetry add."),
    ({"id": "L-uv", "text": "Add dependencies with uv add, never with pip install."},
     "No, we never use pip here; add dependencies with poetry add."),
    (UV, "Never use pip; add dependencies with `pdm add`."),
])
def test_a_correction_naming_a_rival_tool_is_left_to_a_model_or_a_person(lesson, feedback):
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [lesson])
    assert result.deltas == []
    assert result.skipped == [("s1", f"goes against {lesson['id']}: a model or a person should decide which holds")]


@pytest.mark.parametrize(("lesson", "feedback"), [
    (UV, "don't use pip, we add dependencies with pdm add"),
    (STRUCTLOG, "No, never use print for logging; we log with loguru."),
])
def test_a_correction_naming_a_rival_tool_is_never_a_vote_for_the_lesson(lesson, feedback):
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [lesson])
    assert [d for d in result.deltas if d["op"] == "HELPFUL"] == []


@pytest.mark.parametrize("feedback", [
    "No, we never use pip here; add dependencies with uv add.",
    "No, we never use pip here; add dependencies with `uv add`.",
])
def test_the_same_correction_naming_the_lessons_tool_still_counts_for_it(feedback):
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [UV])
    assert [(d["op"], d.get("id")) for d in result.deltas] == [("HELPFUL", "L-uv")]


def test_reflect_leaves_the_signal_open_and_the_lesson_uncounted(git_repo, cli):
    code, out, err = cli("remember", UV["text"], "--approve", "--json")
    assert code == 0, err
    lesson_id = json.loads(out)["id"]
    code, out, err = cli("signal", "add", "--kind", "user", "--text",
                         "No, we never use pip here; add dependencies with poetry add.")
    assert code == 0, err
    code, out, err = cli("reflect", "--pending", "--model", "builtin")
    assert code == 0, err
    assert f"goes against {lesson_id}: a model or a person should decide which holds" in out
    assert "HELPFUL" not in out
    code, out, err = cli("signals", "--json")
    assert code == 0, err
    [signal] = json.loads(out)
    assert signal["status"] == "open"


@pytest.mark.parametrize(("lesson", "feedback"), [
    (STRUCTLOG, "No, never use print for logging; we use structlog everywhere."),
    ({"id": "L-dec", "text": "Represent money amounts with `Decimal`, never `float`."},
     "No, never use float for money here."),
])
def test_a_correction_giving_every_name_as_the_lesson_does_counts_for_it(lesson, feedback):
    """review13 R13-7(a), R13-20: it was staged as a second lesson marked `coexists`."""
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [lesson])
    assert [(d["op"], d.get("id")) for d in result.deltas] == [("HELPFUL", lesson["id"])]


@pytest.mark.parametrize("feedback", ["never use print in tests", "use structlog in the worker for audit events"])
def test_a_correction_with_a_scope_of_its_own_is_its_own_lesson(feedback):
    result = reflect_builtin([FeedbackItem("user_correction", feedback, "s1")], [STRUCTLOG])
    assert [d["op"] for d in result.deltas] == ["ADD"]


def test_feedback_repeating_a_lesson_and_changing_it_on_its_subject_is_left_to_a_model():
    """review13 R13-7(b): "… Store prices as integer cents." was counted a vote for the Decimal lesson and staged
    beside it, two rules for money that disagree."""
    lesson = {"id": "L-dec", "text": "Represent money amounts with `Decimal`, never `float`."}
    result = reflect_builtin([FeedbackItem("user_correction", "No, never use float for money here. Store prices as "
                                                              "integer cents.", "s1")], [lesson])
    assert result.deltas == []
    assert result.skipped == [("s1", "goes against L-dec: a model or a person should decide which holds")]
    other = reflect_builtin([FeedbackItem("user_correction", "never use float for money. Also run the tests with "
                                                             "pytest -x before committing.", "s2")], [lesson])
    assert [d["op"] for d in other.deltas] == ["HELPFUL", "ADD"]  # a rule about something else is its own
