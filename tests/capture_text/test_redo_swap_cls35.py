"""cls35 (issue 20; review34 R34-14): "redo it with Decimal instead of float" after "I used float for the totals." asks for the
work made again another way than the agent took: by the labelling guide a correction (the approach was not what was
wanted), read as the hedged swap is (`against_answer.hedged_swap`: the replaced thing must be named in the answer). The next
piece of work done another way, a redo with nothing replaced, or a replaced thing the answer never named is none.
Sentences written for the test; none is a row of any set. Each correction here was missed on the start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

FLOAT = "I used float for the totals and added a test for the rounding."
LINES = "I drew the revenue chart with lines and a legend on the right."


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


REDONE_ANOTHER_WAY = [
    ("redo it with Decimal instead of float", FLOAT),
    ("do it again but with Decimal instead of float", FLOAT),
    ("could you redo it using Decimal rather than float?", FLOAT),
    ("rewrite it with Decimal instead of float please", FLOAT),
    ("redo the chart with bars instead of lines", LINES),
    ("ok could you rebuild the chart using bars rather than lines?", LINES),
]


@pytest.mark.parametrize(("text", "answer"), REDONE_ANOTHER_WAY)
def test_a_redo_another_way_than_the_agent_took_is_a_correction(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "asked to use something else instead of what the agent used"


LOOK_ALIKES = [
    ("now do the invoices with Decimal instead of float", FLOAT),  # the next piece of work
    ("do the same for invoices, with Decimal instead of float", FLOAT),
    ("redo it", FLOAT),  # nothing replaced: no way named
    ("redo it with Decimal instead of float", "Done: the totals page now shows the monthly sums."),  # float never named
    ("let's redo the export with the new API", "Done: the export uses the v1 API."),
    ("should we redo the chart with bars instead of lines at some point?", LINES),  # a question about later
]


@pytest.mark.parametrize(("text", "answer"), LOOK_ALIKES)
def test_new_work_or_a_redo_that_replaces_nothing_the_agent_used_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
