"""A change shown to a share of the people at first, with a way to take it back, is a feature flag (issue 19,
deliver51: blind84's follow-up miss b84-t04). "offer a bath at checkout, only for 10% of owners at first so we can
switch it off": a staged rollout behind a flag the team can turn off, though the request names neither flag nor
toggle. The request gets the words "feature flag". Ordinary requests that share its words (a share of data, of a
budget or of the capacity; a share of people told as a figure; something sent or given to a share of people; a switch
with no stage; a stage with no way back) name nothing.

In-process: the corpus and the selection code of deliver47's tests; the requests are in words of our own."""

from __future__ import annotations

from functools import lru_cache

import pytest

from altimate_learn.deliver.shapes import staged_rollout
from tests.deliver.test_select import corpus, first_in_file

FLAGS = "Read feature flags through `flags.is_on()`; never branch on the environment's name."
RULES = ["Keep one service module per resource and call it from its router.",
         "Log through `get_logger(__name__)`; never call print in services.",
         "Raise `ServiceError` subclasses from services, never HTTPException.",
         "Name service functions with a verb first: `create_booking`, `cancel_order`.",
         "Keep service functions free of request objects; pass plain values.",
         "Read settings from `get_settings()`, never from os.environ in a service.",
         "Write a docstring for every public service function.",
         "Queue slow work as a Celery task; services return at once.",
         "Return domain objects from services, never ORM rows.",
         "Put every SQL query of a service in its repository module.",
         "Price offers in minor units with `Money`; never use floats for amounts.",
         FLAGS]
FILE = "api/app/services/offers.py"


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0f{n:02x}", text, {"paths": ["api/app/services/**"]}) for n, text in enumerate(RULES)))


def _file_batch(request: str) -> list[str]:
    """The first five lessons of a services file after ``request`` (the file tier's ranking, in-process)."""
    return first_in_file(_rules(), FILE, request)


@pytest.mark.parametrize("request_text", [
    "add a loyalty discount at checkout, only for 5% of customers at first so we can turn it off if margins drop",
    "new onboarding tour: show it to 20% of new accounts initially, and we need to be able to switch it off fast",
    "ship the redesigned cart to 25 percent of shoppers to start with; we want to roll it back if sales dip",
    "launch the referral offer for 10% of members at first, so that we can shut it off",
])
def test_a_share_of_people_at_first_with_a_way_back_brings_the_flag_rule(request_text: str) -> None:
    assert staged_rollout(request_text)
    assert FLAGS in _file_batch(request_text)


def test_the_same_file_for_another_request_keeps_it_out() -> None:
    assert FLAGS not in _file_batch("add a loyalty discount at checkout for orders over 50 euros")


@pytest.mark.parametrize("request_text", [
    # a share of something that is no people
    "the lab heater runs at 10% of capacity at first so we can switch it off quickly",
    "train on 10% of the data at first so we can turn it off if the loss explodes",
    "at first 10% of the budget goes to ads so we can switch it off if sales drop",
    "switch it off at first for 10% of the devices in the lab, then compare battery life",
    "the trading limit is 10% of the account at first so risk can turn it off",
    # a share of people told as a figure or a sample, not a change shown to them
    "only 10% of users open the digest at first, so we can switch it off for the rest",
    "at first 10 percent of the players quit at level 3; can we turn it off, the tutorial popup?",
    "sample 10% of the traffic at first so we can turn it off before the load test ends",
    "for 10% of patients the pump was switched off at first; plot their recovery",
    # a switch with no stage
    "give the bonus to the top 10% of the sales team; managers can switch it off per person",
    "the raid boss drops loot for 10% of players; players can turn it off in settings",
    "send the newsletter to 10% of subscribers every week; they can switch it off in their profile",
    "we only pay out to 10% of users each day so the bank can switch it off if fraud shows up",
    # a stage with no way back
    "roll the new rota out to 10% of the nurses at first, then the whole ward",
    "hr wants the survey shown to 10% of employees at first, and to everyone in march",
    "the fee is 10% of the order for users outside the eu at first, then 12%",
    # what people send or give to a share of people (check51 C51-4, in words of our own)
    "mail the winter coupon to 10% of subscribers at first so we can switch it off if support drowns",
    "give the new bonus scheme to 5% of employees initially so finance can roll it back; write the memo",
    "text 20% of patients at first about the new clinic hours so we can turn it off if the phones melt",
    "route 10% of traffic to the new datacenter at first with dns weights, so ops can dial it back",
    # a way back that is a third party's, on things that are no software (check51 C51-4b, in words of our own)
    "offer the vegan lunch to 10% of staff at first so the canteen can switch it off if nobody eats it",
    "show the new bus timetable to 20% of riders initially so the council can roll it back",
    "add the night shift allowance for 5% of nurses at first so payroll can turn it off in april",
    # a way back said of something done, or on purpose
    "at first we showed the banner to 10% of visitors and had to switch it off, write the postmortem",
    "for 10% of the students the quiz timer starts at first login; teachers cannot turn it off, by design",
])
def test_an_ordinary_request_with_a_share_or_a_switch_names_no_flag(request_text: str) -> None:
    assert not staged_rollout(request_text)
