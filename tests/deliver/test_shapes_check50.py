"""check50's look-alikes for this session's request shapes (C50-7, C50-8): ordinary requests of other domains that
share day_off's words and need nothing of it, and hours early whose reason tells how the time went wrong."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import day_off, hours_off


@pytest.mark.parametrize("text", [
    "nurses work 4 days, then one day off; night shifts count double",
    "we work 10 days straight then one day off, night shifts included",
    "after three night shifts in a row, give people one day off",
    "schedule the backup for sunday night so the report shows on monday",
    "run the batch on friday night so the summary lands on saturday morning",
    "set the cron to sunday 23:00 so the digest shows up on monday",
    "train overnight on sunday so the results show up on monday",
    "start the hyperparameter sweep on tuesday evening; it ends on wednesday",
    "the weekly quest resets on monday at midnight and the rewards appear on tuesday",
    "the night raid event starts saturday and ends on sunday",
    "payments sent saturday night land on sunday in the ledger, that's expected",
    "trades booked friday after 22:00 show as saturday's in the statement by design",
    "samples collected tuesday night appear on wednesday's plate log, as planned",
    "the telescope runs overnight, so thursday's observations end on friday morning",
    "the team takes one day off for the morning offsite, dates in the calendar",
    "the evening class on monday shows as tuesday's homework deadline",
])
def test_a_schedule_a_shift_or_a_day_moved_on_purpose_is_no_day_off(text: str) -> None:
    assert not day_off(text)


@pytest.mark.parametrize("text", [
    "the order times show 2h early because the server converts them twice",
    "appointment times are 1h early because we subtract the offset again",
    "meeting times appear 1h early because the calendar adds the summer offset twice",
    "booking times display 5h early because of how we parse the iso string",
    "the shift times are 2h early because the api already returns local and we shift again",
])
def test_hours_early_with_the_way_they_went_wrong_told_are_hours_off(text: str) -> None:
    assert hours_off(text)
