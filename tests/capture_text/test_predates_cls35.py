"""cls35 (issue 20, precision): a report that says the fault predates the agent's work or happens without it is not about
that work (the labelling guide's `not`: a bug in the person's own code, a pre-existing bug): "it also happens on main", "all
from before we switched", "the API has always done that", "unrelated to what you're doing", "it fails without your changes
too", and the same said in other languages. A report that blames the agent's act, or says it worked before and fails now,
still is one. Sentences written for the test; none is a row of any set. Each "no correction" case was a correction on the
start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done: the upload form now resizes images before sending them, and the tests pass."
TRACE = ("\n\n```\nTraceback (most recent call last):\n  File \"app/upload.py\", line 42, in save\n    raise ValueError(\"bad "
         "size\")\nValueError: bad size\n```")


def judge(text: str, answer: str = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


OLDER_THAN_THE_WORK = [
    "While testing your branch I hit this, but it also happens on main (I checked out main and ran it again):" + TRACE,
    "mypy on main gives these, all from before we switched to strict:" + TRACE,
    "the old android app crashes when the list is empty. the API has always done that, can we make the app cope?",
    "unrelated to what you're doing: docker-compose still points at postgres 12 but prod is on 15, can you bump it?",
    "the upload still fails, but it fails without your changes too",
    "la subida sigue fallando, también pasa en main",
    "der Upload funktioniert nicht, das passiert auch auf main",
    "导出报错了，main上也有这个问题",
    "以前からこのエラーが出ます。アップロードが失敗します",
]


@pytest.mark.parametrize("text", OLDER_THAN_THE_WORK)
def test_a_fault_said_to_predate_the_work_is_no_correction(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict)


STILL_ABOUT_THE_WORK = [
    "the upload still crashes, it also happens on main since your merge",
    "it has always worked, now the upload crashes",
    "the upload crashes now:" + TRACE,
    "the old bug is back, the upload crashes again",
    "the upload is broken now",
    # a correction of an act beside the old fault stays (review35 R35-18)
    "it fails on main too. still, you shouldn't have deleted the retry logic",
    # "was there before your change" says the agent's change took it away
    "what happened to the loading spinner? it was there before your change, now the rows just pop in",
]


@pytest.mark.parametrize("text", STILL_ABOUT_THE_WORK)
def test_a_report_about_the_work_stays_a_correction(text: str) -> None:
    verdict = judge(text)
    assert verdict.correction, (text, verdict)
