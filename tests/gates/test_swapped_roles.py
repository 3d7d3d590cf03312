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
    # a direction said twice, both reversed (review41's R41-1 residue): clause by clause
    ("Services may import from libs, never libs from services.",
     "Libs may import from services, never services from libs.", "services", "libs"),
    ("Copy prod data to staging weekly, never staging to prod.",
     "Copy staging data to prod weekly, never prod to staging.", "prod", "staging"),
    ("Merge feature branches into develop, and develop into main.",
     "Merge develop into feature branches, and main into develop.", "feature branches", "develop"),
    ("Use structured logging for the API and plain prints for scripts.",
     "Use plain prints for the API and structured logging for scripts.", "structured logging", "plain prints"),
]
SAME = [
    ("Use black and ruff.", "Use ruff and black."),  # a list in another order
    ("Keep secrets in vault, never in the repo.", "Never in the repo; keep secrets in vault."),  # clauses reordered
    ("Run mypy, ruff or pytest before pushing.", "Run pytest, ruff or mypy before pushing."),
    ("Keep handlers thin; put logic in services.", "Put logic in services; keep handlers thin."),
    # the two clauses in the other order, sharing the words at their ends (review41's residue: called opposite)
    ("Log refund failures at error level and payment failures at warning level.",
     "Log payment failures at warning level and refund failures at error level."),
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


MOVED = ("The catalog service stores templates timestamps in UTC for its reports.",
         "The catalog service stores reports timestamps in UTC for its reports.")


def test_one_word_in_place_of_another_the_rule_already_holds_is_another_rule():
    """review41's long-lived store: every word of the second is in the first, so the word sets read it as a
    restatement and `learn tidy` retired it; it is about the reports' timestamps, the first about the templates'."""
    for a, b in (MOVED, MOVED[::-1]):
        found = compare(a, b)
        assert found is None or found.verdict != "duplicate", found
        assert missing(a, b)
    # a new word in the place is left to the word overlap: the same rule in other words
    assert compare("Never use floats for money.", "Never use float for money.").verdict == "duplicate"


def test_tidy_keeps_both_rules_about_two_things(git_repo, cli):
    setup(git_repo, [lesson("L-0001", MOVED[0]), lesson("L-0002", MOVED[1])])
    code, out, err = cli("check")
    assert "duplicate" not in out + err, out + err
    code, out, err = cli("tidy")
    assert "MERGED" not in out, out
    assert [x["id"] for x in approved(git_repo)] == ["L-0001", "L-0002"]


def test_check_warns_of_two_approved_lessons_that_say_opposite_things(git_repo, cli):
    """A set from before the compare knew the pair (or a hand edit) has both in force: `learn check` names them and
    the way out, as a warning (a person approved both)."""
    one, other = SWAPPED[0][:2]
    setup(git_repo, [lesson("L-0001", one), lesson("L-0002", other), lesson("L-0003", "Use ruff, never the black "
                     "formatter."), lesson("L-0004", "Never use ruff; use the black formatter."),
                     lesson("L-0005", "Keep handlers thin; put logic in services.")])
    code, out, err = cli("check")
    said = " ".join((out + err).split())
    assert code == 0, said
    assert ("L-0001 L-0002: contradiction: L-0002 says the opposite of L-0001 (it says of refund what the other says "
            "of payment: the opposite): both reach every agent; retire the one that no longer holds (`learn retire "
            "ID`) (a warning, not a failure)") in said
    assert "L-0003 L-0004: contradiction: L-0004 says the opposite of L-0003" in said
    assert said.count("contradiction:") == 2  # the unrelated lesson is in no pair
