"""Two more symptoms a request tells rather than names (issue 19, deliver47: vague misses b76-13 and b73-20).

Rows left out where the value before was empty ("the upgrades report never lists accounts whose prior plan was
blank") are a comparison with a null, which `is distinct from` fixes; a figure per thing that breaks on the things
with none ("the per-store basket average crashes for shops with zero orders") divides by zero. Each request shared
no word, or one, with the rule it needed, and a folder of two dozen model conventions ranked the rule past the
file's five. In-process: the corpus and the selection code, no `learn` subprocess.
"""

from __future__ import annotations

from functools import lru_cache

from altimate_learn.deliver.select import query_terms, retrieve
from altimate_learn.deliver.shapes import empty_before, none_to_divide
from tests.deliver.test_select import corpus

DISTINCT = "Compare nullable columns with `is distinct from`, not with `!=`."
SAFE_DIVIDE = "Divide with `safe_divide()` so a zero denominator returns null instead of failing."
MODELS = ["Use `ref()` for model dependencies; never select from raw tables in models.",
          "Never leave a `limit` clause in a committed model.",
          "Use trailing commas in select lists, not leading commas.",
          "Prefer `union all` over `union` unless duplicates must really be removed.",
          "Never compare booleans to true or false; use the column directly.",
          "Coalesce nullable currency codes to 'USD' only in staging.",
          "Write SQL keywords in lowercase and put each selected column on its own line.",
          "Compute ratios in the BI layer; marts store numerators and denominators separately."]


@lru_cache(maxsize=1)
def _rules():
    return corpus(*((f"L-0e{n:02x}", text, {"paths": ["models/**"]})
                    for n, text in enumerate([*MODELS, DISTINCT, SAFE_DIVIDE])), filler=True)


def _found(request: str) -> list[str]:
    c = _rules()
    return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]


def test_rows_left_out_where_the_earlier_value_was_empty():
    assert empty_before("the upgrades report never lists accounts whose prior plan was blank, about 300 of them")
    assert empty_before("the status diff skips every row where the old status is null")
    assert empty_before("subscribers with no previous tier are missing from... no: are dropped from the churn table")
    for other in ("the previous page was blank after the deploy",  # nothing is left out
                  "the old column is empty, drop it",  # an order, no row left out
                  "we missed the previous deadline",  # nothing was empty
                  "the export skips rows with an empty email"):  # no value before
        assert not empty_before(other), other


def test_an_earlier_thing_gone_is_no_empty_value_of_the_rows():
    """The earlier word must name a value of the rows left out ("whose", "where", "with no" before it), not a thing
    that is itself missing (check47 C47-4)."""
    for gone in ("the old logs are missing and the deploy skipped the migration step",
                 "we lost the old backup, the original is missing",
                 "the original config is missing so the build skipped the lint step",
                 "the previous invoice pdf is missing, the mailer dropped the attachment"):
        assert not empty_before(gone), gone
        assert DISTINCT not in _found(gone), gone
    for rows in ("the churn model skips tenants whose former plan was null",
                 "the audit drops every order where the prior discount is empty",
                 "invoices without an earlier amount never appear in the delta report",
                 "the report misses products having no previous price"):
        assert empty_before(rows), rows


def test_a_request_of_rows_left_out_finds_the_null_comparison_rule():
    request = "the upgrades report never lists accounts whose prior plan was blank, about 300 of them"
    assert DISTINCT in _found(request)
    assert DISTINCT not in _found("the upgrades report never lists accounts on the free plan, about 300 of them")


def test_a_figure_per_thing_that_fails_on_things_with_none():
    assert none_to_divide("the per-store basket average crashes for shops with zero orders")
    assert none_to_divide("conversion rate errors out on campaigns without any visits")
    assert none_to_divide("nightly build fails: the avg ticket time model has 0 tickets for the new queue")
    for other in ("the export fails for users with no email addresses",  # no figure per thing
                  "the per-user page fails when the api is down",  # nothing is none
                  "the average run has no errors",  # no failure
                  "conversion rate crashes the dashboard, no idea why"):  # "no" before no plural thing
        assert not none_to_divide(other), other


def test_a_request_of_a_figure_failing_on_none_finds_the_safe_division_rule():
    assert SAFE_DIVIDE in _found("the per-store basket average crashes for shops with zero orders")
    assert SAFE_DIVIDE not in _found("the per-store basket average crashes for shops in Canada")


AWARE = "Store and compare datetimes with a timezone; a naive datetime is a bug in the worker."
WORKER = ["Workers take ids, not ORM objects, as task arguments.",
          "Retry a failed job at most three times with backoff.",
          "Log one line per job with its id and duration.",
          "Never send emails from the worker; queue them for the mailer."]


def test_hours_written_short_before_off_or_early_are_a_time_zone_gone_wrong():
    """"reminders go out 1h early", "times are 3hrs off" (deliver48, blind77's b77-18 in words of our own): the short
    form of "an hour early", a member of the timezone idea the tokenizer never met as one word."""
    from altimate_learn.deliver.shapes import hours_off

    assert hours_off("the reminder emails go out 1h early since the clocks changed")
    assert hours_off("booking times are 3hrs off for the users in Perth")
    assert hours_off("the shift start shows 2 h off")
    for other in ("I took 1h off to see the dentist",  # time taken off
                  "the import is 1h of work",  # no "off" or "early"
                  "we are 10h behind the plan"):  # not one of the two words
        assert not hours_off(other), other
    c = corpus(*((f"L-0f{n:02x}", text, {"paths": ["services/worker/**"]})
                 for n, text in enumerate([*WORKER, AWARE])), filler=True)

    def found(request: str) -> list[str]:
        return [c.texts[i] for i in retrieve(c, query_terms(c, request), 5)]

    assert AWARE in found("the worker's reminder emails go out 1h early since the clocks changed")
    assert AWARE not in found("the worker's reminder emails go out late since the mailer changed")
