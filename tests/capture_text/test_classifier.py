"""Correction classifier: session rules, what is read and what is ignored, and the labelled set."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from altimate_learn.capture.classifier import MAX_CLASSIFIED_CHARS, Verdict, classify_text, classify_user_message
from altimate_learn.capture.model import UserMessage
from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN

RESEARCH = Path(__file__).resolve().parents[2] / "research" / "capture_quality.py"


def msg(text="", index=1, after=True, kind="text", reason=None, tool=None):
    return UserMessage(text=text, index=index, after_assistant=after, kind=kind, reason=reason, tool_name=tool)


INTERRUPT = msg("[Request interrupted by user]", kind="interrupt")

# -- Session rules ------------------------------------------------------------------------------------


def test_a_plain_correction_is_a_pattern_verdict_with_a_reason():
    v = classify_user_message(msg("no, use ref() instead of the raw table name"), msg("build the model", index=0))
    assert v.correction and v.strength == "pattern" and v.reason


def test_the_first_message_is_the_task_never_a_correction():
    assert classify_user_message(msg("don't use select *, we always list columns", index=0, after=False)) == Verdict(
        False, "", "none")


def test_a_message_before_any_assistant_reply_is_never_a_correction():
    assert not classify_user_message(msg("also, we always use pnpm", after=False)).correction


def test_an_interruption_itself_is_not_a_correction():
    assert not classify_user_message(INTERRUPT).correction


def test_interrupt_then_redirect_is_strong_even_without_cue_words():
    v = classify_user_message(msg("just edit the existing test file", index=2), INTERRUPT)
    assert v == Verdict(True, "interrupted, then redirected", "strong")


@pytest.mark.parametrize("text", ["continue", "go on", "sorry, continue", "keep going please", "ok"])
def test_interrupt_then_continue_is_not_a_correction(text):
    assert not classify_user_message(msg(text, index=2), INTERRUPT).correction


def test_rejection_with_a_reason_is_strong_and_quotes_it():
    v = classify_user_message(msg(kind="rejection", reason="not on main, create a branch first", tool="Bash"))
    assert v == Verdict(True, 'rejected Bash: "not on main, create a branch first"', "strong")


def test_rejection_with_a_reason_counts_even_before_an_assistant_reply():
    assert classify_user_message(msg(kind="rejection", reason="use git mv", tool="Bash", after=False)).strength == "strong"


@pytest.mark.parametrize("reason", [None, "", "   "])
def test_rejection_without_a_reason_is_not_a_correction(reason):
    assert not classify_user_message(msg(kind="rejection", reason=reason, tool="Edit")).correction


def test_long_rejection_reasons_are_clipped_in_the_verdict():
    v = classify_user_message(msg(kind="rejection", reason="x " * 200, tool="Write"))
    assert v.correction and len(v.reason) < 90 and v.reason.endswith('…"')


# -- What is read -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "thanks!", "LGTM", "looks good to me", "no worries", "no problem, thanks", "that should be fine",
    "don't worry about the flaky test, it's a known issue", "Don't worry about it, thanks.",
    "now add pagination to the /orders endpoint", "what does the --full-refresh flag do?",
    "Can you explain why you used a CTE here?", "ok", "", "   ",
])
def test_thanks_approval_reassurance_tasks_and_questions_are_not_corrections(text):
    assert not classify_text(text).correction


@pytest.mark.parametrize("text", [
    "no, use httpx instead of requests", "we always prefix staging models with stg_", "you forgot the changelog",
    "why did you change the function signature?", "that's not what I asked", "don't use regex for this",
    "stop adding type: ignore comments", "revert that", "actually, keep the old name",
    "didn't I say to keep the public API unchanged?", "Thanks. Good job. But you forgot the tests.",
])
def test_hard_positives(text):
    assert classify_text(text).correction


def test_a_question_counts_only_when_it_challenges():
    assert not classify_text("what should the name of this model be?").correction
    assert not classify_text("should we use a view instead?").correction
    assert classify_text("why didn't you run the tests first?").correction
    assert classify_text("you forgot the tests?").correction


def test_a_question_mark_after_a_space_is_not_a_question():
    # Rust's `?` operator at the end of a sentence must not turn a prohibition into a question.
    assert classify_text("don't unwrap() in the request path, propagate with ?").correction


def test_fenced_code_is_ignored():
    assert not classify_text("run this:\n```\n# don't use this, we never do this and you forgot\n```").correction
    assert not classify_text("~~~sql\nselect * from orders -- wrong, use ref instead\n~~~\nthoughts?").correction


@pytest.mark.parametrize("pasted", [
    "ERROR: amount_cents should be converted before staging",
    "2024-05-02 03:00:12 WARN wrong checksum, use the mirror instead",
    "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nValueError: you forgot a value",
    "$ npm run build -- --no-lint  # don't use lint",
    "> you forgot to handle the empty list case",
    "- use_legacy = True  # don't use the old flow\n+ use_legacy = False",
    "    # never call this directly, use the wrapper instead",
])
def test_pasted_logs_diffs_quotes_and_code_are_ignored_but_the_users_own_words_count(pasted):
    assert not classify_text(pasted + "\nany idea what this means?").correction
    assert classify_text(pasted + "\nYou forgot the not_null test.").correction


def test_only_the_first_4000_characters_are_read():
    filler = "Here is some context about the project. " * (MAX_CLASSIFIED_CHARS // 40 + 5)
    assert not classify_text(filler + "you forgot the tests").correction
    assert classify_text("you forgot the tests. " + filler).correction


def test_text_learn_injected_is_not_read_as_the_user():
    injected = f"{SECTION_OPEN}\n- Never use select * in marts.\n- Don't hardcode schemas.\n{SECTION_CLOSE}\n"
    assert not classify_text(injected + "now add a model for refunds").correction
    assert classify_text(injected + "you forgot the tests").correction


def test_reported_speech_is_not_the_users_correction():
    assert not classify_text("The docs say you should never call this from a thread.").correction


def test_huge_input_is_bounded_and_never_raises():
    assert classify_text("x " * 500_000) == Verdict(False, "", "none")
    assert classify_text(None) == Verdict(False, "", "none")  # type: ignore[arg-type]


# -- The labelled set ---------------------------------------------------------------------------------


def _research():
    spec = importlib.util.spec_from_file_location("capture_quality_for_tests", RESEARCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_labelled_set_is_large_and_varied():
    rows = _research().load_corrections()
    assert sum(r["label"] for r in rows) >= 150 and sum(not r["label"] for r in rows) >= 150
    assert len({r["stack"] for r in rows}) >= 7


def test_labelled_set_precision_and_recall_do_not_regress():
    """Measured when written: precision 0.990, recall 0.937 (all 391 rows); held-out 0.979 / 0.902."""
    result = _research().evaluate_classifier()
    assert result["all"]["precision"] >= 0.95
    assert result["all"]["recall"] >= 0.92
    assert result["holdout"]["precision"] >= 0.95


def test_no_text_of_the_labelled_set_is_in_both_splits():
    """Reviewer finding F11: "continue", "go on" and an empty tool rejection were in dev and held-out at once."""
    research = _research()
    splits: dict[str, set[str]] = {}
    for row in research.load_corrections():
        splits.setdefault(row["text"], set()).add(research.split_of(row))
    assert [text for text, sides in splits.items() if len(sides) > 1] == []
