"""Twelfth pass (issue 20, item 2): the unseen-owner harness measures what capture records.

`research/classifier_unseen.py` scored the trained model's hint as a flag, although capture never records it and
its weights were trained on every dev owner, so the halves' recall carried in-sample model flags. These tests run
the harness's own functions in-process on made-up messages (no corpus is read).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from altimate_learn.capture.classifier import Verdict  # noqa: E402
from altimate_learn.capture.second_opinion import MODEL_REASON  # noqa: E402


@dataclass
class _Message:
    repo: str
    session: str
    id: str
    label: str
    positive: bool | None
    text: str
    answer: str | None = "I've updated the parser and the tests pass."


@pytest.fixture
def scored(monkeypatch):
    """run_current over four invented dev messages, each given the verdict named in its text."""
    import research.classifier_real as real
    import research.data.real_sessions as sessions
    from research import classifier_unseen

    messages = [
        _Message("ann/app", "ann__app/1", "u1", "bug", True, "the export button does nothing now"),
        _Message("ann/app", "ann__app/1", "u2", "correction", True, "keep the old column names please"),
        _Message("bob/site", "bob__site/1", "u1", "not", False, "now add a footer with the address"),
        _Message("bob/site", "bob__site/1", "u2", "not", False, "looks good, ship it"),
    ]
    verdicts = {
        "the export button does nothing now": Verdict(True, "said the result does not work", "pattern"),
        "keep the old column names please": Verdict(True, MODEL_REASON + " (0.95)", "model"),
        "now add a footer with the address": Verdict(True, MODEL_REASON + " (0.93)", "model"),
        "looks good, ship it": Verdict(False, "", "none"),
    }
    monkeypatch.setattr(sessions, "iter_classifier_inputs", lambda split: [(m, None, None) for m in messages])
    monkeypatch.setattr(real, "_verdict", lambda message, msg, previous: verdicts[message.text])
    return classifier_unseen.run_current()


def test_a_message_only_the_trained_model_flags_is_scored_as_passed(scored):
    by_text = {r["text"]: r for r in scored}
    assert by_text["the export button does nothing now"]["outcome"] == "tp"
    assert not by_text["the export button does nothing now"]["model"]
    # the model's hint is no signal at capture: a missed correction and a rightly passed message, marked as hints
    assert (by_text["keep the old column names please"]["outcome"], by_text["keep the old column names please"]["model"]) == ("fn", True)
    assert (by_text["now add a footer with the address"]["outcome"], by_text["now add a footer with the address"]["model"]) == ("tn", True)
    assert (by_text["looks good, ship it"]["outcome"], by_text["looks good, ship it"]["model"]) == ("tn", False)


def test_the_models_hints_count_under_its_own_family_only(scored):
    from research.classifier_unseen import _scores, summarise

    counts, fp_by, tp_by = summarise(scored)
    assert (counts["tp"], counts["fp"], counts["fn"], counts["tn"]) == (1, 0, 1, 2)
    assert _scores(counts) == (1.0, 0.5)  # the patterns' precision and recall, not the hint's
    assert tp_by[MODEL_REASON] == 1 and fp_by[MODEL_REASON] == 1
    assert tp_by["said the result does not work"] == 1 and sum(fp_by.values()) == 1


def test_cue_words_for_the_transfer_check_cover_spaced_and_unspaced_scripts():
    from research.classifier_unseen import _cue_tokens

    spaced = _cue_tokens("The banner is gone again")
    assert {"w:gone", "p:is gone", "p:gone again"} <= spaced
    assert not any(token.startswith("c:") for token in spaced)
    unspaced = _cue_tokens("按钮还是不显示")  # Chinese has no spaces: its cues are runs of two and three characters
    assert {"c:还是", "c:不显示", "c:显示"} <= unspaced
    assert not any(token.startswith("w:") for token in unspaced)


# -- review12 R12-1: a complaint that names what the agent just used, reminders, a terse choice after "also" ----------
# (invented wording; each "fires" case has quiet look-alikes of the same shape below)

from altimate_learn.capture.classifier import classify_text  # noqa: E402

USED = "Done. I wrote the loader with pandas, saved the dates as strings, and installed it with conda. All checks pass."
ASKING = "Should I parse the dates with pandas or with the csv module?"


@pytest.mark.parametrize("text", [
    "conda again?!",                          # the tool the answer used, again, with a mark
    "argh, pandas AGAIN",
    "why conda again, we're on poetry",
    "strings?? really",                       # emphatic marks after a thing the answer named
    "still conda?? come on",
    "why strings? dates are datetimes here",  # "why <what it used>?"
    "nah. polars.",                           # a bare refusal and the replacement, which the answer did not use
    "ugh conda again!! it's poetry in this repo. also polars not pandas.",
    "also polars not pandas.",                # a terse choice behind a connective
    "hmm, didn't we agree on polars?",        # a reminder question after a filler word
    "isnt it supposed to be a datetime",      # ... typed without the apostrophe
    "Remember: dates are always UTC datetimes.",
    "reminder - we install with poetry here",
    "pandas again?? polars is what this repo uses",  # what follows names the replacement
])
def test_a_complaint_about_what_the_agent_used_is_a_correction(text):
    verdict = classify_text(text, answer=USED)
    assert verdict.correction, text


@pytest.mark.parametrize("text", [
    "again?",                                 # nothing named
    "pandas again",                           # no mark, no complaint word: run it once more
    "check again?",                           # a verb, not a thing the agent used
    "numpy again?!",                          # not in the answer: another topic
    "why not?",
    "seriously??",
    "nah. thanks.",                           # the replacement must be a name, not a courtesy
    "nope, all good",
    "why pandas, just curious?",              # a question with more to it
    "pandas works great",
    "also add a changelog entry",             # a connective before new work
    "and pandas not polars please",           # the agent already used pandas: nothing to correct
    "hmm, didn't we have a standup at ten?",
    "isn't it supposed to rain today",
    "remember to add a changelog entry",      # a step of new work
    "reminder: what was the port again?",     # a question
    # review12 R12-17: the rest of the message accepts it or asks out of interest; a reminder that is a note, not a rule
    "conda again? fine by me",
    "pandas again! love it",
    "why strings? curious about the tradeoff",
    "Reminder: the retro is at 4pm on friday",
    "remember, I'm off next week",
    "Remember: you're doing great, thank you",
    "conda again? sure, that works",          # what follows accepts it
    "why strings? is that what the api sends?",  # what follows is another question
    "remember: you can always ping me",       # "always" says nothing about the work
])
def test_look_alikes_stay_quiet(text):
    assert not classify_text(text, answer=USED).correction, text


@pytest.mark.parametrize("text", ["pandas?? really", "nah. polars.", "why pandas?"])
def test_an_answer_to_the_agents_own_question_is_no_complaint(text):
    assert not classify_text(text, answer=ASKING).correction, text


def test_a_complaint_needs_an_answer_to_complain_about():
    assert not classify_text("conda again?!", answer=None).correction
    assert not classify_text("Remember: dates are always UTC datetimes.", answer=None).correction
