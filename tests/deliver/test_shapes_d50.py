"""deliver50 (session #32): check49's two look-alikes still firing after #31's narrowing, by their form.

- Things left out that hold rows or files (tables, schemas, folders, buckets, images) "with the old X missing" are a
  tool's step over containers ("the migration skipped tables with the old schema missing"), no rows that a comparison
  with a null lost: the null-comparison shape stays quiet.
- Hours early for a reason the request tells ("my shift times are 2h early this week because of the holiday") are a
  time moved on purpose, no time zone gone wrong; a reason naming a clock or zone, or a fault, still tells of one.

In-process; the look-alikes are ordinary requests of other domains (ML, science, HR, games, ops) in words of our own,
each of which fired before this change."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.shapes import empty_before, hours_off
from tests.deliver.test_request_shapes_d47 import DISTINCT, _found

HOLDERS_LEFT_OUT = [
    "the restore skipped databases with the old dump missing",
    "the training script skips folders with the previous checkpoint missing",
    "the archiver ignored buckets where the old lifecycle rule is empty in the report",
    "the sync dropped repos with no prior mirror configured",
    "the simulation skipped partitions with the earlier mesh missing",
    "our linter ignores packages with the old manifest missing",
    "the game's asset build dropped images with the original palette missing",
    "the upgrade skipped columns with the previous default unset",
    "the HR import skipped files with the old header missing",
    "the notebook runner excluded directories with the prior config blank",
    "backups skip volumes with no previous snapshot",
    "the indexer misses indexes with the old mapping empty",
    "the lab pipeline dropped schemas with no earlier version",
]

EARLY_FOR_A_REASON = [
    "the night shift starts 2h early this week because of the inventory count",
    "the lab's centrifuge runs go 1h early due to the maintenance window",
    "my train shows up 1h early because of the strike timetable",
    "the raid event starts 2h early because the devs want more players online",
    "the nurses' rota shows every shift 2h early due to the new ward opening",
    "the cluster jobs start 3h early because we moved the queue up",
    "payroll runs go out 1h early this month because of the bank holiday",
    "the telescope sessions open 2h early because of the eclipse",
    "my meetings appear 1h early because I asked the organiser to move them",
    "the store's opening times are 1h early because of the christmas sale",
    "the backups run 2h early due to the new retention policy",
    "the interview slots show 1h early because the recruiter changed them",
    "the match reminders ping 1h early because of the tournament final",
]


@pytest.mark.parametrize("request_text", HOLDERS_LEFT_OUT)
def test_containers_left_out_with_an_old_thing_missing_are_no_rows_with_an_empty_value(request_text: str) -> None:
    assert not empty_before(request_text)


def test_a_container_look_alike_brings_no_null_comparison_rule() -> None:
    assert DISTINCT not in _found("the migration skipped tables with the old schema missing")


@pytest.mark.parametrize("request_text", [
    "the transfers report drops patients with no previous clinic",
    "players with an old rank of null are excluded from the promotions board",
    "the payroll diff skips every employee where the prior salary was blank",
])
def test_rows_with_an_empty_earlier_value_still_fire(request_text: str) -> None:
    assert empty_before(request_text)
    assert DISTINCT in _found(request_text)


@pytest.mark.parametrize("request_text", EARLY_FOR_A_REASON)
def test_hours_early_for_a_reason_told_are_no_time_zone(request_text: str) -> None:
    assert not hours_off(request_text)


@pytest.mark.parametrize("request_text", [
    "the reminders fire 1h early because of some bug in the scheduler",
    "alerts go out 2h early because the server runs in UTC",
    "the invoices are sent 1h early due to a glitch after the upgrade",
    "the shift reminders go out 1h early for everyone in Auckland",
])
def test_hours_early_with_a_fault_or_a_zone_still_fire(request_text: str) -> None:
    assert hours_off(request_text)
