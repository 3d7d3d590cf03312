"""check49 C49-1 and C49-2 (session #31, second reader of deliver48's shapes): two request shapes fired on sentences
that tell of neither.

- An earlier value gone, in a condition or a step at a clause's start ("if the previous build is missing, CI skips the
  cache restore"), read as rows left out where their earlier value was empty, and got the `is distinct from` rule: a
  tie word other than "whose" now ties the earlier value to rows only right after their noun ("accounts with no prior
  plan", "every row where the old status").
- Hours written short before "early" for something done sooner ("we finished 3h early") or after an "off" that ends a
  verb ("turn the heater off 1h early") read as a time zone gone wrong: "early" now needs something that happens or
  shows at a set time ("alerts fire 1h early", "the timestamps are 1h early").

In-process: the corpus and the selection code of deliver47's tests; the look-alikes are in words of our own."""

from __future__ import annotations

import pytest

from altimate_learn.deliver.select import query_terms, retrieve
from altimate_learn.deliver.shapes import empty_before, hours_off
from tests.deliver.test_request_shapes_d47 import AWARE, DISTINCT, WORKER, _found
from tests.deliver.test_select import corpus


@pytest.mark.parametrize("request_text", [
    "if the previous cache key is missing, the pipeline skips the restore",
    "when the old lockfile was empty the installer skipped the audit",
    "with the prior tag unset the release script skips the notes step",
    "whenever the earlier build artifact is missing the deploy drops the smoke test",
    "where the original template is blank, the mailer skips the footer",
])
def test_an_earlier_thing_missing_in_a_condition_is_no_rows_empty_value(request_text: str) -> None:
    assert not empty_before(request_text)
    assert DISTINCT not in _found(request_text)


@pytest.mark.parametrize("request_text", [
    "the renewals diff skips every contract where the prior term was null",
    "plans with no previous price never show up in the price history",
    "the loyalty report drops members whose old tier is empty",
    "the audit misses tenants having no earlier owner",
])
def test_rows_whose_earlier_value_was_empty_still_find_the_null_comparison_rule(request_text: str) -> None:
    assert empty_before(request_text)
    assert DISTINCT in _found(request_text)


def _worker_found(request: str) -> list[str]:
    c = corpus(*((f"L-0f{n:02x}", text, {"paths": ["services/worker/**"]})
                 for n, text in enumerate([*WORKER, AWARE])), filler=True)
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


@pytest.mark.parametrize("request_text", [
    "the worker's export batch finished 2h early",
    "the worker's cleanup was done 4hrs early this week",
    "the worker switches the queue off 1h early on sundays",
    "the on-call engineer signed off 2h early",
    "the worker's nightly run got the day off, 6h off",
])
def test_hours_early_for_what_was_done_sooner_is_no_time_zone(request_text: str) -> None:
    assert not hours_off(request_text)
    assert AWARE not in _worker_found(request_text)


@pytest.mark.parametrize("request_text", [
    "the worker's digest emails go out 2h early since the clocks changed",
    "the worker's reminders fire 1h early for people in Lisbon",
    "the worker writes the timestamps 3h early",
    "the worker's schedule shows every slot 2hrs off",
])
def test_hours_early_or_off_for_a_set_time_still_find_the_time_zone_rule(request_text: str) -> None:
    assert hours_off(request_text)
    assert AWARE in _worker_found(request_text)


def test_rows_that_had_no_value_and_now_have_one_find_the_null_comparison_rule() -> None:
    """deliver49 (blind70's b70-11 in words of our own): the earlier value's absence told as what the rows had then."""
    request = "the phone-change audit misses members who had no phone number and now have one"
    assert empty_before(request)
    assert DISTINCT in _found(request)
    for other in ("we had no tests and now have some, the CI skips the slow ones",  # no rows' own clause
                  "members who had no phone number are missing from the audit"):  # nothing changed since
        assert not empty_before(other), other
