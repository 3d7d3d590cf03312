"""A rule that repeats a lesson's whole sentence with a few words added or left out is under the 0.6 at which two
rules are compared ("Use `uv` instead of `pip` to install dependencies." and "Use `uv` instead of `pip`." are at 0.57),
so a model's ADD of it was staged beside the lesson it restates, two lessons saying one thing, with no word to the
reviewer (review36 R36-11). Now: a detail added replaces the lesson for review (one rule, the fuller wording); words
left out, or only emphasis added, count as a vote for the lesson; words that say where it holds ("for the CLI",
"only in CI") make a second rule, added beside it with a note naming them."""

from __future__ import annotations

import pytest

from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Use `uv` instead of `pip`.", "Use `uv` instead of `pip` to install dependencies.", "to install dependencies"),
    ("Use `pnpm` instead of `npm`.", "Use `pnpm` instead of `npm` to keep one lockfile.", "to keep one lockfile"),
    ("Squash commits before merging.", "Squash commits before merging to keep history linear.",
     "to keep history linear"),
    # ", never …" added is a detail, not the opposite (review37 R37-11)
    ("Store timestamps in UTC.", "Store timestamps in UTC, never local time.", "never local time"),
    # a backticked name added is a detail too (review38 R38-9: staged beside with no note)
    ("Use `uv` instead of `pip`.", "Use `uv` instead of `pip` and `poetry`.", "and `poetry`"),
])
def test_a_detail_added_replaces_the_lesson_for_review(tmp_path, old, new, said):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    (added,) = [a for a in result.applied if a["op"] == "ADD"]
    assert added["supersedes"] == "L-0001" and added["note"] == f'restates L-0001, adding "{said}"'
    assert [entry["text"] for entry in result.candidate] == [new]


@pytest.mark.parametrize(("old", "new"), [
    ("Use `uv` instead of `pip` to install dependencies.", "Use `uv` instead of `pip`."),
    ("Use `uv` instead of `pip`.", "Use `uv`."),  # a verb and the name left (review38 R38-9)
    # at the dedupe threshold a few words added stay a vote, as ever; ", never …" there is no opposite (R37-11)
    ("Use named exports.", "Use named exports, never default exports."),
    ("Run `ruff format` before committing.", "Always run `ruff format` before committing."),
])
def test_fewer_words_or_only_emphasis_is_a_vote_for_the_lesson(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [(a["op"], a["id"]) for a in result.applied] == [("HELPFUL", "L-0001")]
    assert [entry["text"] for entry in result.candidate] == [old]
    assert result.candidate[0]["helpful"] == 1


@pytest.mark.parametrize(("old", "new", "note"), [
    ("Use `uv` instead of `pip`.", "Use `uv` instead of `pip` in the API service.", 'adding "in the API service"'),
    ("Use `uv` instead of `pip`.", "Use `uv` instead of `pip` only in CI.", 'adding "only in CI"'),
    # at the threshold too: the rule without the place holds everywhere, no vote for the narrower lesson
    ("Run the linter before pushing in the API.", "Run the linter before pushing.", 'without "in the API"'),
    ("Never commit to main.", "Never commit to main without a review.", 'adding "without a review"'),
])
def test_words_about_where_it_holds_make_a_second_rule_beside_it(tmp_path, old, new, note):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    assert [a["op"] for a in result.applied] == ["ADD"]
    (staged,) = [entry for entry in result.candidate if entry["text"] == new]
    assert staged["provenance"] == f"says what L-0001 says, {note}: keep both, or reject one"
    assert [entry["text"] for entry in result.candidate] == [old, new]


@pytest.mark.parametrize(("old", "new"), [
    ("Use `uv` instead of `pip`.", "Never use `uv` instead of `pip`."),  # an opposite: replaced as one, not a detail
    ("Use `uv` instead of `pip`.", "Use `uv` instead of `pip` for scripts and `poetry` for the services."),  # 5+ words
    ("Store timestamps in UTC.", "Store every timestamp in UTC and log it in local time."),
])
def test_what_is_not_one_short_run_added_is_left_to_the_other_checks(tmp_path, old, new):
    store = make_store(tmp_path, approved=[lesson("L-0001", old)])
    result = curate(store, [add(new)])
    notes = [a.get("note", "") for a in result.applied] + [e.get("provenance") or "" for e in result.candidate]
    assert not any("restates L-0001" in n or "says what L-0001 says" in n for n in notes)


def test_a_lesson_for_other_files_is_not_restated_by_a_rule_for_all(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Use `uv` instead of `pip`.", trigger={"paths": ["services/**"]})])
    result = curate(store, [add("Use `uv` instead of `pip` to install dependencies.")])
    assert [a["op"] for a in result.applied] == ["ADD"]
    assert len(result.candidate) == 2
