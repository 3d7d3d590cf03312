"""Polarity of backticked names, and the contradiction guard it feeds (issue 12, item 2).

The anchor stoplist (`ref`, `source`, `config`, `pytest`, `dbt`, `git`, `make`, `docker`, …) may only
suppress overlaps between lessons that agree. Opposite rules about the same backticked thing always need a
declared relation, in the curator, at promote and in `learn check`.
"""

from __future__ import annotations

import json

import pytest

from altimate_learn.curate.anchors import OPPOSITE, overlaps, undeclared_overlaps
from altimate_learn.curate.curator import curate
from altimate_learn.curate.polarity import AVOID, USE, contradictions, polar_spans
from altimate_learn.store.fsio import canonical_json
from tests.curate.helpers import add, lesson, make_store


def reading(text: str) -> list[tuple[str, str]]:
    return [(s.label, "+" if s.polarity == USE else "-") for s in polar_spans(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Use `ref()` for models.", [("ref", "+")]),
    ("Never use `ref()` in analyses.", [("ref", "-")]),
    ("Don't run `pytest` directly; use `make test`.", [("pytest", "-"), ("make test", "+")]),
    ("Don’t call `pytest` directly.", [("pytest", "-")]),
    ("Avoid `config()` in staging models.", [("config", "-")]),
    ("Stop using `docker compose up` for tests.", [("docker compose up", "-")]),
    ("No longer use `source()` in marts.", [("source", "-")]),
    ("No `select *` in marts.", [("select", "-")]),
    ("Always wrap with `{{ config(materialized='table') }}`.", [("config", "+")]),
    ("Prefer `uv` over `pip`.", [("uv", "+"), ("pip", "-")]),
    ("Prefer `uv` to `pip`.", [("uv", "+"), ("pip", "-")]),
    ("Use `ruff` instead of `flake8`.", [("ruff", "+"), ("flake8", "-")]),
    ("Use `ruff` rather than `flake8`.", [("ruff", "+"), ("flake8", "-")]),
    ("Use `x`, not `y`.", [("x", "+"), ("y", "-")]),
    ("Use `x` (not `y`) in staging.", [("x", "+"), ("y", "-")]),
    ("Not `x` but `y`.", [("x", "-"), ("y", "+")]),
    ("Replace `x` with `y`.", [("x", "-"), ("y", "+")]),
    ("Switch from `x` to `y`.", [("x", "-"), ("y", "+")]),
    ("Migrate `x` to `y`.", [("x", "-"), ("y", "+")]),
    ("Deprecate `x` in favour of `y`.", [("x", "-"), ("y", "+")]),
    ("Avoid `x` except in `y`.", [("x", "-"), ("y", "+")]),
    ("Use `x` to avoid `y`.", [("x", "+"), ("y", "-")]),
    # clauses: a new verb starts afresh, a list carries the negation on
    ("Don't use `x`, use `y`.", [("x", "-"), ("y", "+")]),
    ("Avoid `x` and use `y`.", [("x", "-"), ("y", "+")]),
    ("Never use `x`, `y` or `z` in marts.", [("x", "-"), ("y", "-"), ("z", "-")]),
    ("Don't edit `x` or run `y`.", [("x", "-"), ("y", "-")]),
    ("Run `dbt build`, never `dbt run`.", [("dbt build", "+"), ("dbt run", "-")]),
    # a name at the head of a clause takes its predicate's polarity
    ("`select *` is not allowed in marts.", [("select", "-")]),
    ("`x` is deprecated.", [("x", "-")]),
    ("`x` must never be used in analyses.", [("x", "-")]),
    ("`ref()` must be used instead of `source()`.", [("ref", "+"), ("source", "-")]),
    ("`x` replaces `y`.", [("x", "+"), ("y", "-")]),
    ("`x` is replaced by `y`.", [("x", "-"), ("y", "+")]),
    # two negations cancel
    ("Never skip `pytest`.", [("pytest", "+")]),
    ("`x` should never be skipped.", [("x", "+")]),
    # flags stay part of the name; arguments and quoted strings do not
    ("Never use `git push --force`.", [("git push --force", "-")]),
    ("Never use `{{ ref('raw_orders') }}` in analyses.", [("ref", "-")]),
])
def test_polarity_of_each_backticked_name(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(("a", "b", "names"), [
    ("Use `ref()` for models.", "Never use `ref()` in analyses.", {"ref"}),
    ("Run tests with `pytest`.", "Don't run `pytest` directly; use `make test`.", {"pytest"}),
    ("Set materialization with `config()` in each model.", "Never put `config(...)` blocks in models.",
     {"config"}),
    # avoiding the broader thing contradicts using a narrower form of it
    ("Never use `dbt`.", "Use `dbt build` before merging.", {"dbt"}),
    ("Use `dbt run --full-refresh` for backfills.", "Never use `dbt run --full-refresh`.",
     {"dbt run --full-refresh"}),
])
def test_opposite_rules_on_one_name_contradict(a, b, names):
    assert contradictions(a, b) == names == contradictions(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Use `ref()` for models.", "Use `ref()` in snapshots too."),  # same polarity: the stoplist applies
    ("Use `dbt build`.", "Never use `dbt run`."),                   # different commands
    ("Use `git push`.", "Never use `git push --force`."),            # a narrower exception, not a contradiction
    ("Never use `ref()` in analyses.", "Never use `source()` in analyses."),
])
def test_agreement_and_exceptions_do_not_contradict(a, b):
    assert contradictions(a, b) == set()
    assert overlaps(a, b) == set()


def test_overlaps_names_opposite_rules_beside_shared_identifiers():
    assert overlaps("Use `ref()` for models.", "Never use `ref()` in analyses.") == {"ref" + OPPOSITE}
    # a real identifier is reported once, as before
    assert overlaps("Use `amount_cents`.", "Never use `amount_cents`.") == {"amount_cents"}


def test_undeclared_overlaps_reports_opposite_stoplisted_rules_and_respects_coexists():
    lessons = [lesson("L-0001", "Use `ref()` for every model reference."),
               lesson("L-0002", "Never use `ref()` in analyses; select from the mart tables."),
               lesson("L-0003", "Use `ref()` in snapshots too.")]
    assert undeclared_overlaps(lessons) == [("L-0001", "L-0002", {"ref" + OPPOSITE}),
                                            ("L-0002", "L-0003", {"ref" + OPPOSITE})]
    lessons[1]["coexists"] = ["L-0001", "L-0003"]
    assert undeclared_overlaps(lessons) == []


USE_REF = "Use `ref()` for every model reference."
NO_REF = "Never use `ref()` in analyses; select from the mart tables."


@pytest.mark.parametrize(("approved", "staged"), [
    (USE_REF, NO_REF),
    ("Run the tests with `pytest` before every commit.", "Don't run `pytest` directly; use `make test`."),
    ("Set materialization with `config()` in each model file.", "Never put `config(...)` blocks in model files."),
])
def test_curator_refuses_an_opposite_rule_on_a_stoplisted_name_without_a_relation(tmp_path, approved, staged):
    store = make_store(tmp_path, approved=[lesson("L-0001", approved)])
    result = curate(store, [add(staged)])
    assert [r["rule"] for r in result.rejected] == ["overlap"]
    assert "L-0001 on" in result.rejected[0]["reason"] and OPPOSITE in result.rejected[0]["reason"]
    declared = curate(store, [add(staged, coexists=["L-0001"])])
    assert declared.rejected == [] and declared.candidate[-1]["coexists"] == ["L-0001"]


def test_curator_still_ignores_same_polarity_stoplisted_names(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", USE_REF)])
    result = curate(store, [add("Use `ref()` in snapshots too, never hard-coded schemas.")])
    assert result.rejected == []


def test_an_opposite_near_duplicate_is_not_counted_as_helpful(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Use `ref()` in analyses for every table.")])
    result = curate(store, [add("Never use `ref()` in analyses for every table.")])
    assert not any(a["op"] == "HELPFUL" for a in result.applied)
    assert [r["rule"] for r in result.rejected] == ["overlap"]
    prose = make_store(tmp_path / "prose", approved=[lesson("L-0002", "Store money as floats in the ledger.")])
    again = curate(prose, [add("Never store money as floats in the ledger.")])
    assert not any(a["op"] == "HELPFUL" for a in again.applied)


def test_promote_and_check_refuse_opposite_stoplisted_rules(git_repo, cli):
    from tests.review.conftest import StoreFiles

    files = StoreFiles(git_repo)
    files.approved([lesson("L-0001", USE_REF)])
    files.candidate([lesson("L-0001", USE_REF), lesson("L-0002", NO_REF)])
    code, out, err = cli("promote", "--yes")
    assert code == 1
    assert "L-0001 overlap: shares `ref` (opposite rules) with L-0002" in err
    assert json.loads(files.path("approved.json").read_text()) == [lesson("L-0001", USE_REF)]
    # a hand edit that commits both is caught by `learn check`
    files.path("approved.json").write_text(canonical_json([lesson("L-0001", USE_REF), lesson("L-0002", NO_REF)]))
    code, out, err = cli("check")
    assert code == 1
    assert "L-0001: overlap: shares `ref` (opposite rules) with L-0002 without declaring" in out


def test_polarity_is_only_read_from_backtick_spans():
    assert polar_spans("Never use ref() in analyses.") == []
    assert [s.polarity for s in polar_spans("Never use `ref()`.")] == [AVOID]


def test_a_place_named_after_a_comma_is_where_the_rule_holds_not_a_thing_avoided():
    # review42 R42-2: ", in `app/orders.py`" after "never `float`" names the file the rule is about
    said = {(span.label, span.polarity) for span in polar_spans(
        "Money amounts must be `Decimal`, never `float`, in `app/orders.py`.")}
    assert said == {("decimal", USE), ("float", AVOID), ("app/orders.py", USE)}
    assert not contradictions("Money amounts must be `Decimal`, never `float`, in `app/orders.py`.",
                              "Use `Decimal` for money amounts in `app/orders.py`, never `float`.")
    # without the comma the place is part of what is avoided, and a name that is not a file is not a place
    assert ("config.py", AVOID) in {(s.label, s.polarity) for s in polar_spans("Don't put secrets in `config.py`.")}
    assert ("logging.info", AVOID) in {(s.label, s.polarity) for s in polar_spans(
        "Never use `print()`, in `logging.info` either.")}
