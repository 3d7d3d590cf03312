"""Two more symptoms a request tells rather than names (issue 19, deliver49: the vague misses of blind78-80).

- A date a person typed read in the other day/month order ("booked 03/07 meaning the seventh of March and we had her
  down for the third of July"): parsing a person's date by their locale fixes it; the request named neither.
- A correction made later that the figures never take in ("fixes a lesson's duration a week later, the numbers never
  change, the old figure sits there forever"): an incremental model filtering on `updated_at`; the request named
  neither, nor the "after it first landed" deliver46's shape reads.

In-process: the corpus and the selection code, no `learn` subprocess; the requests are in words of our own.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from altimate_learn.deliver.select import query_terms, retrieve
from altimate_learn.deliver.shapes import day_month, late_update
from tests.deliver.test_select import corpus

USER_DATES = "Parse user dates with `read_local_date()`, which knows the account's locale."
INCREMENTAL = "Incremental models must filter with `is_incremental()` on `updated_at`, not on `created_at`."
RULES = ["Show dates to people in their own time zone.",
         "Store every timestamp in UTC.",
         "Bookings are confirmed by email within a minute.",
         "Use `ref()` for model dependencies; never select from raw tables in models.",
         "Marts that feed the finance reports are rebuilt nightly.",
         "Name every fact model `fct_<thing>` and every dimension `dim_<thing>`."]


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0g{n:02x}", text) for n, text in enumerate([*RULES, USER_DATES, INCREMENTAL])), filler=True)


def _found(request: str) -> list[str]:
    c = _rules()
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


@pytest.mark.parametrize("request_text", [
    "a parent in Leeds typed 04/09 for the trip and we listed it as the 9th of April instead of 4 September",
    "the form got 'sat 2/3' and booked the pupil in on March 2nd; she meant 3 February",
    "imported 11/12/2026 as the eleventh of December but the clinic is in Ohio",
])
def test_a_date_read_in_the_other_order_finds_the_rule_on_parsing_peoples_dates(request_text: str) -> None:
    assert day_month(request_text)
    assert USER_DATES in _found(request_text)


@pytest.mark.parametrize("request_text", [
    "5/6 of the checks pass since the 3rd of May",  # a count, and a day and month that are not its numbers
    "the trip is on the 9th of April",  # no date typed
    "typed 13/07 for the 13th of July and it failed",  # a day past 12: no other order
    "open /bookings/4/9 and look at the 9th of April",  # a path
    "release 2.4/9 shipped on the 9th of April",  # a version
])
def test_a_date_and_a_day_that_are_not_one_read_twice_are_no_such_date(request_text: str) -> None:
    assert not day_month(request_text)


@pytest.mark.parametrize("request_text", [
    "when a coach corrects a session's length two days later, the totals in the attendance mart never update",
    "refunds the support team amends later keep the old amounts in fct_refunds forever",
])
def test_a_correction_made_later_that_never_arrives_finds_the_incremental_rule(request_text: str) -> None:
    assert late_update(request_text)
    assert INCREMENTAL in _found(request_text)


@pytest.mark.parametrize("request_text", [
    "I'll fix the readme later",  # nothing kept
    "edit the banner copy later, the old screenshots are fine",  # no value kept
    "the old price never changes on the archive page",  # nothing was changed later
])
def test_a_change_later_with_no_old_value_kept_is_no_late_correction(request_text: str) -> None:
    assert not late_update(request_text)


DEBOUNCE = "Debounce lookup inputs with `useSettledValue()`."
STORAGE = "Save uploaded files to object storage with `blobs.save()`, never to the container's disk."
GRAIN = "Group daily grains with `date_trunc('day', ...)`, never by a timestamp's text."
FLOAT = "Keep money in `Decimal` values, never in a float."


@lru_cache(maxsize=1)
def _more():
    return corpus(*((f"L-0h{n:02x}", text) for n, text in enumerate([*RULES, DEBOUNCE, STORAGE, GRAIN, FLOAT])),
                  filler=True)


def _found_more(request: str) -> list[str]:
    c = _more()
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


@pytest.mark.parametrize(("request_text", "rule"), [
    ("the patient finder calls the server for each letter the nurse types", DEBOUNCE),
    ("scanned consent forms vanish whenever the container restarts", STORAGE),
    ("we write the signed pdfs to /tmp and after the weekend they were gone", STORAGE),
    ("the visits export has 2026-03-02 00:00:00 and 2026-03-02 as two rows and splits the count", GRAIN),
    ("the invoice page shows 24.9999999 instead of 25 for a few customers", FLOAT),
    ("one receipt printed the fee as 2.5e+01", FLOAT),
])
def test_a_symptom_told_in_its_own_words_finds_its_rule(request_text: str, rule: str) -> None:
    from altimate_learn.deliver import shapes

    assert any(shape(request_text) for shape in (shapes.per_letter, shapes.files_gone, shapes.split_day,
                                                 shapes.float_digits))
    assert rule in _found_more(request_text)


@pytest.mark.parametrize("request_text", [
    "capitalise every letter the user types in the code box",  # no call
    "the api returns every character of the name",  # nothing typed
    "the cache is gone after the pod restarts",  # no file
    "uploads are lost when the network drops",  # no restart, no /tmp
    "the forms restart the wizard on every step",  # nothing gone
    "the job ran at 2026-03-02 02:00 and again on 2026-03-02",  # no rows split
    "two rows for 2026-03-02 in the export",  # one date only
    "bump the schema to version 1.0000",  # no float's digits
    "load 10e3 rows in the test",  # no exponent sign
])
def test_look_alikes_of_those_symptoms_read_none_of_them(request_text: str) -> None:
    from altimate_learn.deliver import shapes

    assert not any(shape(request_text) for shape in (shapes.per_letter, shapes.files_gone, shapes.split_day,
                                                     shapes.float_digits)), request_text


CACHE_TTL = "Cache lookups with `memo.keep()` and always give them an explicit TTL."
NO_LIMIT = "Never leave a `limit` clause in a committed model."


@lru_cache(maxsize=1)
def _last():
    return corpus(*((f"L-0i{n:02x}", text) for n, text in enumerate([*RULES, DEBOUNCE, INCREMENTAL, CACHE_TTL,
                                                                        NO_LIMIT])), filler=True)


def _found_last(request: str) -> list[str]:
    c = _last()
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


@pytest.mark.parametrize(("request_text", "rule"), [
    ("the venue list still shows the old prices a day later; only a redeploy fixes it", CACHE_TTL),
    ("fct_refunds only has 500 rows in prod, someone must have merged a debugging change", NO_LIMIT),
    ("the stock filter lags, the network tab shows a request for every key", DEBOUNCE),
    ("the lab sends amended results two days later and fct_results never picks them up", INCREMENTAL),
])
def test_more_forms_of_those_symptoms_find_their_rules(request_text: str, rule: str) -> None:
    assert rule in _found_last(request_text)


@pytest.mark.parametrize("request_text", [
    "the worker pod still crashes after a restart",  # no old value
    "the old endpoint still writes to /tmp, a restart fixes nothing there",  # the old thing is no value shown
    "add 100 rows of seed data to the fixture",  # no "only"
    "the export only has 37 rows today",  # no round number
    "the cache sends a request for every key it holds",  # nothing typed in a box
    "we never pick up the phone after six",  # nothing changed later
])
def test_look_alikes_of_those_forms_read_none_of_them(request_text: str) -> None:
    from altimate_learn.deliver import shapes

    assert not any(shape(request_text) for shape in (shapes.stale_until_restart, shapes.round_rows,
                                                     shapes.per_letter, shapes.late_update)), request_text
