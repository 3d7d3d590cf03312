"""Two rules that are one wording with two of its parts exchanged say opposite things; they are not one rule said
twice (review41 R41-1: "Log payment failures at warning level and refund failures at error level." and the same with
refund and payment exchanged shared every word, so `learn check` called them duplicates and `learn tidy` merged them,
retiring one side)."""

from __future__ import annotations

import pytest

from altimate_learn.curate.meaning import missing
from altimate_learn.gates.offline import compare
from tests.tidy.helpers import approved, lesson, setup

SWAPPED = [
    ("Log payment failures at warning level and refund failures at error level.",
     "Log refund failures at warning level and payment failures at error level.", "payment", "refund"),
    ("Orders use soft deletes; customers are deleted for real after 30 days.",
     "Customers use soft deletes; orders are deleted for real after 30 days.", "orders", "customers"),
    ("The catalog service stores templates timestamps in UTC for its reports.",
     "The catalog service stores reports timestamps in UTC for its templates.", "templates", "reports"),
    ("Run the linter before the tests.", "Run the tests before the linter.", "linter", "tests"),
    ("Use ruff for src, black for scripts.", "Use ruff for scripts, black for src.", "src", "scripts"),
    ("Use structured logging for the API and plain prints for scripts.",
     "Use plain prints for the API and structured logging for scripts.", "structured logging", "plain prints"),
]
SAME = [
    ("Use black and ruff.", "Use ruff and black."),  # a list in another order
    ("Keep secrets in vault, never in the repo.", "Never in the repo; keep secrets in vault."),  # clauses reordered
    ("Run mypy, ruff or pytest before pushing.", "Run pytest, ruff or mypy before pushing."),
    ("Keep handlers thin; put logic in services.", "Put logic in services; keep handlers thin."),
]


@pytest.mark.parametrize("one, other, x, y", SWAPPED)
def test_the_same_words_with_two_parts_exchanged_contradict(one: str, other: str, x: str, y: str):
    found = compare(one, other)
    assert found is not None and found.verdict == "contradiction", found
    assert found.reason == f"it says of {x} what the other says of {y}: the opposite"
    back = compare(other, one)
    assert back is not None and back.verdict == "contradiction", back
    assert missing(one, other)  # the audit of meaning: a fold of one into the other loses what each says


@pytest.mark.parametrize("one, other", SAME)
def test_the_same_parts_in_another_order_are_still_one_rule(one: str, other: str):
    for a, b in ((one, other), (other, one)):
        found = compare(a, b)
        assert found is not None and found.verdict == "duplicate", (a, b, found)


def test_check_and_tidy_never_fold_the_exchanged_pair(git_repo, cli):
    one, other = SWAPPED[0][:2]
    setup(git_repo, [lesson("L-0001", one), lesson("L-0002", other)])  # both approved (a merge before this fix)
    code, out, err = cli("check")
    said = " ".join((out + err).split())
    assert "duplicate" not in said and "learn tidy" not in said, said
    code, out, err = cli("tidy", "--dry-run")
    assert "MERGED" not in out, out
    code, out, err = cli("tidy")
    assert "MERGED" not in out, out
    assert [x["id"] for x in approved(git_repo)] == ["L-0001", "L-0002"]
