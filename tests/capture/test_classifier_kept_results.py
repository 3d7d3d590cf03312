"""The classifier keeps a few results that are pure functions of one text (lrn46): one verdict asks whether the answer
claims done work (`against_answer.claims_done`) and whether it hands the next step over (`classifier.handed_over`) of
the same answer more than once, and `wording.repair` is asked of the same common words in every message. What is kept
is what searching again gives; the verdicts on every readable real and written set were the same before and after."""

from __future__ import annotations

import pytest

from altimate_learn.capture import against_answer, classifier, languages, wording
from altimate_learn.capture.classifier import classify_text
from altimate_learn.capture.cues import CLAIMS

DONE = "I added the retry to the upload client and the tests pass now."
ANSWERS = [DONE, DONE + " You'll need to restart the worker.", "Done.", "Would you like me to add a test?", "我已经修复了这个问题。", "You'll need to run `make migrate`.",
           "Here is the plan: 1. read the config 2. write the loader", "", "If anything else pops up, send me the new error."]


@pytest.fixture(autouse=True)
def fresh():
    for kept in (against_answer.claims_done, classifier.handed_over, wording.repair):
        kept.cache_clear()
    yield


def test_one_verdict_searches_its_answer_once_for_a_claim_and_a_hand_over():
    verdict = classify_text("it still fails with the same error", DONE)
    assert verdict.correction
    claims, handed = against_answer.claims_done.cache_info(), classifier.handed_over.cache_info()
    assert (claims.misses, handed.misses) == (1, 1)  # searched once each
    assert claims.hits >= 1 and handed.hits >= 1  # and asked again within the same verdict
    assert classify_text("it still fails with the same error", DONE) == verdict  # kept: the same verdict again


@pytest.mark.parametrize("answer", ANSWERS)
def test_a_kept_result_is_what_searching_again_gives(answer):
    for _ in range(2):  # the first asks, the second is served from what was kept
        assert against_answer.claims_done(answer) == bool(CLAIMS.search(answer) or languages.CLAIMS.search(answer))
        assert classifier.handed_over(answer) == classifier.handed_over.__wrapped__(answer)


def test_a_typo_of_a_cue_word_is_repaired_the_same_from_what_was_kept():
    said = "you used npm instaed of pnpm, the migration is wrnog"
    assert wording.normalise(said) == wording.normalise(said) == "you used npm instead of pnpm, the migration is wrong"
    assert wording.repair("instaed") == wording.repair.__wrapped__("instaed") == "instead"
    assert wording.repair("migration") is None
    assert wording.repair.cache_info().hits >= 2  # the second message's words were not looked up again
