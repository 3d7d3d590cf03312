"""cls35 (issue 20; review35 R35-1): a correction buried after new work. The message asks for the next piece of work,
then an aside opened by "also" / "btw" / "PS" / "one more thing" names the agent's own act with a change asked or a fault
said of it: a correction (read as the one after praise is, `buried.after_new_work`). An aside that names no act of the
agent's (a question), a wish for later, someone else's wish, or praise of the act stays quiet here. Sentences
written for the test; none is a row of any set. Each correction here was missed on the start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage

DONE = "Done, the chart component is in web/src/Chart.tsx and the mailer is wired to the SMTP settings."


def judge(text: str, answer: str = DONE):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


BURIED = [
    "ok that works. next can you wire it into the dashboard? the component is in web/src/Dashboard.tsx.\n\nalso we don't "
    "use default exports in this repo, I noticed you added one in the last change",
    "Next: hook up the email sending. btw the config you added reads SMTP_PASS from config.yaml, it should come from env vars",
    "now add the CSV export. PS: you left two print statements in mailer.py, please remove them",
    "let's do the settings page next. one more thing: the chart you built hardcodes the colours, use the theme tokens",
]


@pytest.mark.parametrize("text", BURIED)
def test_a_correction_in_an_aside_after_new_work_is_found(text: str) -> None:
    verdict = judge(text)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "a correction buried after new work"


QUIET = [
    # (a bare rule in the aside, "btw we use cursor pagination, never offset", is read by the aside rule:
    # test_aside_rule_cls35.py)
    "add pagination to the orders endpoint. btw how long will the reindex take?",
    "next, wire it into the dashboard. also, you added tests, nice",
    "now the CSV export. btw the tests you added could also cover the refund path later on",
    "next, the settings page. also, not your fault, but the chart you built shows NaN because the API sends nulls",
]


@pytest.mark.parametrize("text", QUIET)
def test_new_work_with_an_aside_that_corrects_nothing_done_is_quiet(text: str) -> None:
    verdict = judge(text)
    assert not verdict.correction, (text, verdict)
