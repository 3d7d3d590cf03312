"""Backtick anchors: identifiers, affixes, overlaps, undeclared pairs."""

from __future__ import annotations

import pytest

from altimate_learn.curate.anchors import affixes, identifiers, overlaps, undeclared_overlaps
from tests.curate.helpers import lesson

CENTS = "In staging models, integer columns ending in `_cents` must be converted using the `{{ cents_to_dollars(...) }}` macro."
INLINE = "Convert integer `*_cents` columns by dividing inline (`amount_cents / 100.0 as amount`)."
TIMESTAMP = "Wrap every timestamp with `{{ to_utc('col') }}` and alias it with the `_at` suffix."
TIMEZONE = "Normalise timestamps with `convert_timezone('UTC', col)`; do not add an `_at` suffix."


def test_identifiers_normalise_case_jinja_quotes_and_arguments():
    assert identifiers('Use `{{ CENTS_TO_DOLLARS(...) }}` and `"Amount_Cents"`.') == {
        "cents_to_dollars", "amount_cents"}  # double quotes: a SQL quoted identifier
    assert identifiers("Filter `status = 'is_active_flag'`.") == {"status"}  # single quotes: a string
    assert identifiers("Use `{{ TO_UTC(coalesce(event_at, fallback(')'))) }}` with `CAST(amount_cents as int)`.") == {
        "to_utc"}
    assert identifiers("Use `select x, col from table where not _is_deleted and sql is null`.") == {"_is_deleted"}
    assert identifiers("Use `orders.amount_cents / 100.0 as amount`.") == {"orders", "amount_cents", "amount"}


def test_identifiers_placeholders_wildcards_and_prose():
    assert identifiers("Use `*_cents`, `_cents`, `stg_`, `stg_<entity>` and `stg_<source>__<entity>`.") == {
        "_cents", "stg_"}
    assert identifiers("amount_cents to_utc stg_ `` `...` `_` `123` ") == set()
    assert identifiers("Use `amount_cents`, or ``stg_orders``.") == {"amount_cents", "stg_orders"}
    assert identifiers("Run `dbt build --select tag:nightly` then `git push`.") == {"tag", "nightly"}


def test_affixes():
    assert affixes("amount_cents") == {"amount_", "_cents"}
    assert affixes("stg_stripe__payments") == {"stg_", "stg_stripe_", "stg_stripe__", "_payments", "__payments",
                                               "_stripe__payments"}
    assert affixes("orders") == set()
    assert affixes("_is_deleted") == {"_is_", "_deleted"}


def test_overlaps():
    assert overlaps(CENTS, INLINE) == {"_cents"}
    assert overlaps(TIMESTAMP, TIMEZONE) == {"_at"}
    assert overlaps(CENTS, TIMESTAMP) == set()
    assert overlaps("Use `_cents`.", "Keep `cents_amount` and `amount_cents_extra`.") == set()
    assert overlaps("Keep `stg_orders`.", "Use `stg_<entity>`.") == {"stg_"}
    assert overlaps("Keep `orders_stg` and `mystg_orders`.", "Use `stg_`.") == set()
    assert overlaps("Use `zebra` with `_cents`.", "Use `zebra`, `amount_cents`, and `net_cents`.") == {"_cents", "zebra"}
    assert overlaps("Default `_cents` with `coalesce(amount_cents, 0)`.",
                    "Fill `_at` with `coalesce(event_at, current_timestamp)`.") == set()
    assert overlaps("Convert amount_cents using cents_to_dollars.", CENTS) == set()


def test_undeclared_overlaps_respects_coexists_both_ways():
    lessons = [lesson("L-0001", CENTS), lesson("L-0002", INLINE), lesson("L-0003", TIMESTAMP),
               lesson("L-0004", TIMEZONE, coexists=["L-0003"])]
    assert undeclared_overlaps(lessons) == [("L-0001", "L-0002", {"_cents"})]
    lessons[0]["coexists"] = ["L-0002"]
    assert undeclared_overlaps(lessons) == []


# A path or a file name in backticks is one anchor: lessons naming different files under the same folder,
# or sharing a file extension, are not two versions of one rule.
@pytest.mark.parametrize(("text", "expected"), [
    ("Format dates with `formatDate()` from `web/src/lib/dates`.", {"formatdate", "web/src/lib/dates"}),
    ("Add new variables to `.env.example`.", {".env.example"}),
    ("Keep `reactStrictMode` on in `next.config.js`.", {"reactstrictmode", "next.config.js"}),
    ("Bump `version` in `Chart.yaml` when a template changes.", {"version", "chart.yaml"}),
    ("Name staging models `stg_<source>__<table>.sql`.", {"stg_"}),
    ("Set materializations in `dbt_project.yml`.", {"dbt_project.yml"}),
    ("Scope it to `models/staging/*.sql`.", {"models/staging/*.sql"}),
])
def test_paths_and_file_names_are_single_anchors(text, expected):
    assert identifiers(text) == expected


def test_lessons_about_different_files_in_one_folder_do_not_overlap():
    a = "Import API types from `web/src/api/generated`; never redeclare them."
    b = "Format dates with `formatDate()` from `web/src/lib/dates`."
    assert overlaps(a, b) == set()
    assert overlaps("Keep `reactStrictMode` on in `next.config.js`.", "Use `next/link` for internal links.") == set()
    assert overlaps("Document values in `values.yaml`.", "Keep env values in `values-prod.yaml`.") == set()
    # the same file named twice is still one convention
    assert overlaps("Add variables to `.env.example`.", "Keep `.env.example` sorted.") == {".env.example"}
