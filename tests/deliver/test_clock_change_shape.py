"""A time shown one hour off since the clocks changed is a time zone gone wrong (issue 19, deliver51: blind83's vague
miss b83-v01). "since the clocks went back the reminder says 18:30 for the 19:30 show": a datetime kept without its
zone (the summer offset stored or added by hand), which timezone-aware datetimes fix, though the request names no
zone. The request gets the word "timezone", as "3 hours off" does. Ordinary requests that share its words (a clock
change that plans something, a time moved on purpose or said as expected, two times an hour apart with no clock
change, a clock change with no time shown) name nothing.

In-process: the corpus and the selection code of deliver47's tests; the requests are in words of our own."""

from __future__ import annotations

from functools import lru_cache

import pytest

from altimate_learn.deliver.shapes import clock_change
from tests.deliver.test_select import corpus, first_in_file

AWARE = "Use timezone-aware datetimes from `now_utc()`; never build a datetime without its zone."
RULES = ["Keep one service module per resource and call it from its router.",
         "Log through `get_logger(__name__)`; never call print in services.",
         "Raise `ServiceError` subclasses from services, never HTTPException.",
         "Send text messages through `sms.send()` so retries and opt-outs are kept.",
         "Name service functions with a verb first: `create_booking`, `cancel_order`.",
         "Keep service functions free of request objects; pass plain values.",
         "Read settings from `get_settings()`, never from os.environ in a service.",
         "Write a docstring for every public service function.",
         "Queue slow work as a Celery task; services return at once.",
         "Return domain objects from services, never ORM rows.",
         "Put every SQL query of a service in its repository module.",
         AWARE]
FILE = "api/app/services/notifications.py"


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0c{n:02x}", text, {"paths": ["api/app/services/**"]}) for n, text in enumerate(RULES)))


def _file_batch(request: str) -> list[str]:
    """The first five lessons of a services file after ``request`` (the file tier's ranking, in-process)."""
    return first_in_file(_rules(), FILE, request)


@pytest.mark.parametrize("request_text", [
    "since the clocks went back the reminder text says 17:00 for the 18:00 pickup",
    "after the clocks went forward the booking page shows 9:15 for the 8:15 class, it was right all winter",
    "ever since the clocks changed the confirmation email lists 7pm instead of 8pm for the dinner slot",
    "the kiosk displays 06:40 not 07:40 for the first ferry now that the clocks have gone back",
])
def test_a_time_an_hour_off_since_the_clocks_changed_brings_the_time_zone_rule(request_text: str) -> None:
    assert clock_change(request_text)
    assert AWARE in _file_batch(request_text)


def test_the_same_file_for_another_request_keeps_it_out() -> None:
    assert AWARE not in _file_batch("the pickup reminder text is too long, shorten it")


@pytest.mark.parametrize("request_text", [
    # a clock change that plans something, or no change as the start of trouble
    "the clocks go back on sunday, plan the rota so the 06:00 shift still has two nurses",
    "the clocks went back, so the sign says 18:30 for the 19:30 show now; print new posters",
    "the clocks go forward tonight: remind the night team the board will show 02:00 for the 03:00 handover",
    # a time moved on it, with no verb of showing
    "since the clocks went back the doors open at 18:30 for the 19:30 performance",
    "since the clocks went back the office opens at 8:00 instead of 9:00 for the winter",
    "since the clocks went back the kids wake at 6:00 instead of 7:00, any tips for the nursery rota?",
    "after the clocks changed the market opens at 14:30 for us instead of 15:30",
    # said as expected, on purpose, or with its reason
    "after the clocks went forward the sunrise alarm shows 07:00 for the 06:00 sunrise, that's expected",
    "since the clocks changed the rota lists 08:00 for the 09:00 shift on purpose, we start earlier in winter",
    "since the clocks went back the training cron logs say 02:00 for the 03:00 job, as planned",
    "since the clocks went back the telescope log shows 21:00 for the 22:00 observation, which is correct in UTC",
    "since the clocks went back the gym app says 06:00 for the 07:00 class because the class moved",
    # a clock change with times that are not an hour apart, or no times at all
    "since the clocks went back the dashboard shows 18:30 for the 20:30 match in the league table",
    "since the clocks went back the loss curve shows epoch 18 for the 19 we trained",
    "since the clocks changed the payroll export says 37.5 hours for the 38.5 we logged",
    "after the clocks went forward the raid timer shows 3 hours left for the final boss",
    "since the clock went back to its box the kitchen timer says 10:00 for the 9:00 bake",
    # a time a person or a body gave, what a message should say, a time given as another thing (check51 C51-2)
    "after the clocks went back the head chef announced 17:00 instead of 18:00 for the staff meal, update the rota",
    "since the clocks changed the coach lists 17:00 for the 18:00 game, add it to the team page",
    "since the clocks went back the reminder should say 18:30 for the 19:30 show, doors open early",
    "since the clocks went back the club page lists 6pm for the 7pm match as the meeting time",
    "since the clocks went forward the rota app shows 8:00 instead of 9:00 per the new contract, import it",
    "since the clocks went back the museum shows 16:00 not 17:00 for last entry, add it to the faq",
    # two times an hour apart with no clock change
    "the reminder says 18:30 for the 19:30 show: doors open an hour early, keep it",
    "the timetable shows 18:30 for the 19:30 connection, add the change at Bergen",
])
def test_an_ordinary_request_with_a_clock_change_or_times_an_hour_apart_names_no_time_zone(request_text: str) -> None:
    assert not clock_change(request_text)
