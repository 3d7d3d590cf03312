"""cls35 (issue 20; review35 R35-1, the lead 06:40): a standing rule said as an aside after a new request ("… btw we use
cursor pagination, never offset", "… Also, we always use factory_boy for fixtures", "… PS: dates are always ISO 8601 in our
API") is the stated convention or always/never rule it would be as a message of its own (`buried.aside_rule_text`, the
aside read alone). An aside that asks, tells the person's own moment, gives context ("in case that matters", "that's why")
or gives the rule as a reason for this task's plan ("…, so aim to finish by Thursday") is none. Sentences written for the
test; none is a row of any set. Each rule here was missed on the start code (97b6bd47).
"""

from __future__ import annotations

import pytest

from altimate_learn.capture.classifier import classify_user_message
from altimate_learn.capture.model import UserMessage


def judge(text: str, answer: str):
    return classify_user_message(UserMessage(text=text, index=2, after_assistant=True),
                                 UserMessage(text="(earlier message)", index=1, after_assistant=True), answer=answer)


RULE_ASIDES = [
    ("add pagination to the invoices endpoint. btw we use cursor pagination, never offset", "Done with the invoices list."),
    ("Can you add a test for the signup flow? Also, we always use factory_boy for fixtures, not hand-built dicts.",
     "I added the signup endpoint."),
    ("Thanks. Next: add the PDF export. PS: timestamps are always UTC in our API.", "The report page is done."),
    ("now add a /metrics endpoint to api.py. btw, never commit .env files", "I added the endpoint."),
    ("ok now write the migration for the new index. oh and remember we never use raw SQL in migrations",
     "I added the index to the model."),
]


@pytest.mark.parametrize(("text", "answer"), RULE_ASIDES)
def test_a_standing_rule_in_an_aside_after_a_request_is_a_correction(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert verdict.correction, (text, verdict)
    assert verdict.reason in ("stated an always/never rule", "stated a team convention")


NO_RULE = [
    ("add pagination to the invoices endpoint. btw how long will the reindex take?", "Done with the invoices list."),
    ("add the PDF export. PS: I'm off tomorrow, so push it to a branch", "The report page is done."),
    ("add the signup flow. fyi the staging DB is down today", "I added the signup endpoint."),
    ("next, the billing page. also, we always release on Mondays, so aim to finish by Friday", "The orders page is done."),
    ("add retries to the client. note: we never heard back from the vendor about rate limits", "I wrote the client."),
    ("add the report query. btw we use Postgres 15 in prod, in case that matters", "I added the query."),
]


@pytest.mark.parametrize(("text", "answer"), NO_RULE)
def test_an_aside_that_states_no_rule_for_the_agent_is_none(text: str, answer: str) -> None:
    verdict = judge(text, answer)
    assert not verdict.correction, (text, verdict)
