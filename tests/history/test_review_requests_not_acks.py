"""A reviewer's request or convention made of the same words as a status reply ("Commits should be squashed.") asks
for something: it is no acknowledgement, from anyone (review21 on e6e64476: 'should' and 'be' were status words, so
these were dropped); a status reply that says "should … now" ("Should be fixed now, thanks!") still is one."""

from __future__ import annotations

import pytest

from altimate_learn.history.reviews import text_reason


@pytest.mark.parametrize("body", [
    "Commits should be squashed.", "All commits should be squashed.", "Changes should be squashed and rebased.",
    "This should be removed as well.", "These should be reverted too.", "It should be applied here too",
])
def test_a_request_made_of_status_words_is_kept(body):
    assert text_reason(body) != "acknowledgement"


@pytest.mark.parametrize("body", ["Should be fixed now, thanks!", "This should be addressed in 3fa2b1c.",
                                  "Done, fixed in 3fa2b1c."])
def test_a_status_reply_with_should_is_still_one(body):
    assert text_reason(body) == "acknowledgement"
