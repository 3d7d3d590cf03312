"""cls35 (issue 20; review35 R35-15): the hedged ask to do something another way than the agent's answer says it did is read
with any verb, not only "use": "could you run ruff format instead of black next time?" after "I ran black on app.py.",
"maybe try pnpm instead of npm?" after "I ran npm install.". The replaced thing must be named where the answer reports what
it did, not where it offers or asks ("I could add the signup page next."); a verb that asks an opinion or an explanation
("would you prefer …", "could you explain why …") asks for no change. Sentences written for the test; none is a row of any
set. Each correction here was missed on the start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


ANOTHER_WAY = [
    ("could you run ruff format instead of black next time?", "I ran black on app.py."),
    ("can you call the repository layer instead of the ORM next time?", "I called the ORM directly."),
    ("could you import from utils instead of copying the helper?", "I copied the helper into orders.py."),
    ("maybe try pnpm instead of npm?", "I ran npm install."),
    ("would you mind running the tests with tox instead of bare pytest?", "I ran pytest."),
]


@pytest.mark.parametrize(("text", "answer"), ANOTHER_WAY)
def test_a_hedged_ask_to_do_it_another_way_than_the_agent_did_is_a_correction(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert verdict.correction, (text, verdict)
    assert verdict.reason == "asked to use something else instead of what the agent used"


NO_CHANGE_ASKED = [
    ("could you add the profile page instead of the signup page?", "I added the login page. I could add the signup page next."),
    ("would you prefer pnpm instead of npm?", "I ran npm install."),
    ("could you explain why you used black instead of ruff?", "I ran black on app.py."),
    ("can you add a redis cache instead of memcached for the new service?", "I added the orders endpoint."),
    ("could you run the migration instead of me?", "I wrote the migration. You can run it with make migrate."),
    ("can you deploy to staging instead of prod?", "Which environment should I deploy to, staging or prod?"),
    # both made: which to run next is no swap (review35)
    ("could you run the migrations instead of the seed script now?", "I wrote the seed script and the migrations."),
]


@pytest.mark.parametrize(("text", "answer"), NO_CHANGE_ASKED)
def test_a_pick_an_opinion_or_new_work_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
