"""A short rule that differs from a lesson in one place shares few of its words ("Store timestamps in UTC." and "…
in local time." are at 0.4, under the 0.6 at which two rules are compared at all), so both were kept in force, side by
side, without a word to the reviewer. Such a pair is now read as any closer pair is: another value or an opposite
replaces the lesson for review; another word (another value, or a second scope: the words cannot tell which) is
added beside it with a note naming both; unrelated short rules are left alone."""

from __future__ import annotations

import pytest

from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store


@pytest.mark.parametrize(("old", "new"), [
    ("Enable strict mode.", "Disable strict mode."),
    ("Call the API synchronously.", "Call the API asynchronously."),
])
def test_an_opposite_in_a_short_rule_replaces_it_for_review(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and added["note"] in ("says the opposite of the lesson it replaces",
                                                                 "states another value than the lesson it replaces")
    assert [entry["text"] for entry in result.candidate] == [new]


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Store timestamps in UTC.", "Store timestamps in local time.", '"local time" for "UTC"'),
    ("Log errors to Sentry.", "Log errors to stdout.", '"stdout" for "Sentry"'),
    # another value or a second scope, the words cannot tell: both stay, named (review31 R31-5: "Write tests for the
    # CLI." replaced "… for the API." as "another value", the first rule lost)
    ("Use snake_case for column names.", "Use camelCase for column names.", '"camelCase" for "snake_case"'),
    ("Indent with tabs.", "Indent with spaces.", '"spaces" for "tabs"'),
    ("Write tests for the API.", "Write tests for the CLI.", '"CLI" for "API"'),
    ("Run mypy on services.", "Run mypy on scripts.", '"scripts" for "services"'),
    ("Never log passwords.", "Never log tokens.", '"tokens" for "passwords"'),
])
def test_another_word_in_a_short_rule_is_added_beside_it_with_a_note(tmp_path, old, new, said):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [a["op"] for a in result.applied] == ["ADD"]
    (staged,) = [entry for entry in result.candidate if entry["text"] == new]
    assert f"differs from L-0001 in one" in staged["provenance"] and said in staged["provenance"]
    assert [entry["text"] for entry in result.candidate] == [old, new]


@pytest.mark.parametrize(("old", "new"), [
    ("Store secrets in Vault.", "Store timestamps in UTC."),
    ("Name tests after behaviour.", "Name branches after tickets."),
    ("Write dates as ISO 8601 in UTC.", "Write dates in the user's local time zone."),
    # only the frame of a rule in common (review43 R43-2: "differs from L-… in one place ('`Any` everywhere' for
    # 'semicolons')" on two rules about two things)
    ("Never use semicolons.", "Never use `Any` everywhere."),
    ("Don't use semicolons.", "Never use globals."),
    ("Always prefer composition.", "Always prefer `pathlib`."),
])
def test_unrelated_short_rules_are_added_without_a_note(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [a["op"] for a in result.applied] == ["ADD"]
    (staged,) = [entry for entry in result.candidate if entry["text"] == new]
    assert not staged.get("provenance")
