"""A date one day off for what happens near midnight is a time zone gone wrong (issue 19, deliver50: vague misses
b63-12 of blind63 and b17-09 of blind17). "the manifest has the sailing date one day off, only for the late night
departures", "their monday morning signups show up on sunday": a timestamp grouped by UTC's day, not the local one,
which converting it to the reporting zone before taking the day fixes, though the request names no zone. The request
gets the word "timezone", as "3 hours off" does. Ordinary requests sharing its words (a day off taken, a meeting that
shows up on a calendar, a day moved on purpose, weekdays that are not a day apart) name nothing.

In-process: the corpus and the selection code of deliver47's tests; the requests are in words of our own."""

from __future__ import annotations

from functools import lru_cache

import pytest

from altimate_learn.deliver.shapes import day_off
from tests.deliver.test_request_shapes_d47 import MODELS
from tests.deliver.test_select import corpus, first_in_file

CONVERT = "Convert timestamps for reporting with `convert_timezone()` once, in the marts; staging stays in UTC."
MORE = ["Name fact models `fct_<event>` and dimension models `dim_<entity>`.",
        "Give every model a `unique` and `not_null` test on its primary key.",
        "Document every column of a mart model before merging.",
        "Materialize marts as tables and staging models as views.",
        "Keep one staging model per source table.",
        "Rename `id` columns to `<entity>_id` so joins stay readable.",
        "Prefix boolean columns with `is_` or `has_`.",
        "Never hard-code schema names; use `{{ target.schema }}`.",
        "Put each join condition on its own line.",
        "Tag every mart with its owning team in the yml file."]
UTC = ["Cast source timestamps to UTC with `to_utc()` in staging.",  # rules of time that name no zone's conversion
       "Store every event time as a UTC timestamp.",
       "Name UTC timestamp columns `<event>_at_utc`.",
       "Never call `now()` in a model; use the run's UTC start from `var('run_started_at')`.",
       "Compare event times in UTC only, never in local time.",
       "Keep snapshot timestamps in UTC."]
RULES = [*MODELS, *MORE, CONVERT]
FILE = "models/marts/fct_bookings.sql"


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0d{n:02x}", text, {"paths": ["models/**"]}) for n, text in enumerate(RULES)),
                  *((f"L-0e{n:02x}", text, {"paths": ["models/**"], "net": 9}) for n, text in enumerate(UTC)))


def _file_batch(request: str) -> list[str]:
    """The first five lessons of a models file after ``request`` (the file tier's ranking, in-process)."""
    return first_in_file(_rules(), FILE, request)


@pytest.mark.parametrize("request_text", [
    "the delivery date is one day off for orders placed late at night",
    "friday evening bookings show up on saturday for the clubs in Perth",
    "the clinic's appointment dates come out a day off, only for the slots after 22:00",
    "the shipping dates are 1 day off for everything packed overnight",
])
def test_a_day_off_near_midnight_brings_the_time_zone_rule_into_the_files_batch(request_text: str) -> None:
    assert day_off(request_text)
    assert CONVERT in _file_batch(request_text)


def test_the_same_file_for_another_request_keeps_it_out() -> None:
    assert CONVERT not in _file_batch("add a channel column to the bookings model")


@pytest.mark.parametrize("request_text", [
    "I took a day off on monday morning to see the dentist",
    "the night shift gets a day off after three nights in a row",
    "the due date is one day off from the contract; fix the invoice template",
    "the telescope logs one day off per month for maintenance at night",
    "the HR calendar shows the holiday one day off for the night staff",
    "the standup moved from monday to tuesday morning",
    "the monday morning meeting shows up on my calendar twice",
    "give the lab techs a day off on sunday after the overnight run",
    "the raid on saturday night shows up on the events page, add a banner",
    "the training run scheduled for friday night falls on a holiday, move it to monday",
    "our sprint ends one day off the usual cadence this month, on thursday evening",
    "the game's daily quest resets at midnight, players want a day off from streaks",
    "the payroll date is a day off this month because of the bank holiday, pay the night staff early",
    "the greenhouse sensors log a day off every sunday night for calibration",
    "the model's loss shows up as NaN on monday mornings after the weekend retrain on sunday",
    "nurses who work the night shift on friday count as saturday staff in the rota rules, keep that",
    "the friday night deploy shows up on monday's report, fine by me",
    "the tuesday night quiz lands on thursday in the stream schedule",
])
def test_an_ordinary_request_with_a_day_off_or_weekdays_names_no_time_zone(request_text: str) -> None:
    assert not day_off(request_text)
