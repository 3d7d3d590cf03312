"""Two rules with the same words and the choice swapped contradict; they are not one rule said twice (review40 R40-6:
after a clean team merge, Ana's "Use structlog's logger from app/log.py, never print or the stdlib logging module."
and Bob's "Never use structlog; the stdlib logging logger from app/log.py is the only logger." were a "duplicate" to
`learn check`, and `learn tidy` merged them, dropping Bob's rule)."""

from __future__ import annotations

import json

import pytest

from altimate_learn.gates.offline import compare
from tests.tidy.helpers import approved, lesson, setup

ANA = "Use structlog's logger from app/log.py, never print or the stdlib logging module."
BOB = "Never use structlog; the stdlib logging logger from app/log.py is the only logger."

SWAPPED = [
    ("Use ruff, never the black formatter.", "Never use ruff; use the black formatter."),
    ("Use structlog, never the logging module.", "Never use structlog; use the logging module."),
    ("Use vitest, never the jest runner.", "Never use vitest; use the jest runner."),
    (ANA, BOB),
    ("Prefer composition over inheritance.", "Prefer inheritance over composition."),  # review40's residue
    ("Prefer named exports to default exports.", "Prefer default exports to named exports."),
    ("Favor async functions over callbacks.", "Prefer callbacks over async functions."),
    ("Prefer composition over inheritance in services.", "Prefer inheritance over composition in services."),
]
SAME = [
    ("Never commit secrets to the repo; keep them in vault.", "Keep secrets in vault, never in the repo."),
    ("Use the logger from `app/log.py`, never `print`.", "Never use print; use the logger from app/log.py."),
    ("Use ruff for linting, never flake8.", "Use ruff for linting and never run flake8."),
    ("Use pnpm, never npm.", "Never use npm; always pnpm."),
    ("Prefer composition over inheritance.", "Favor composition over inheritance."),
]


def test_opposite_preferences_for_different_places_are_not_set_against_each_other():
    found = compare("Prefer composition over inheritance in services.",
                    "Prefer inheritance over composition in the UI layer.")
    assert found is None or found.verdict != "contradiction", found


@pytest.mark.parametrize("one, other", SWAPPED)
def test_the_same_words_with_the_choice_swapped_contradict(one: str, other: str):
    for a, b in ((one, other), (other, one)):
        found = compare(a, b)
        assert found is not None and found.verdict == "contradiction", (a, b, found)
        assert found.reason.endswith("where the other says the opposite")


@pytest.mark.parametrize("one, other", SAME)
def test_the_same_choice_in_other_words_is_still_one_rule(one: str, other: str):
    for a, b in ((one, other), (other, one)):
        found = compare(a, b)
        assert found is not None and found.verdict == "duplicate", (a, b, found)


def test_check_and_tidy_never_fold_the_pair_into_one_rule(git_repo, cli):
    setup(git_repo, [lesson("L-0001", ANA), lesson("L-0002", BOB)])  # both approved (a merge before this fix)
    code, out, err = cli("check")
    said = " ".join((out + err).split())
    assert code == 0 and "duplicate" not in said and "learn tidy" not in said, said
    code, out, err = cli("tidy", "--dry-run")
    assert "MERGED" not in out, out
    assert [x["id"] for x in approved(git_repo)] == ["L-0001", "L-0002"]


def test_a_lesson_that_names_a_tool_the_instruction_never_mentions_is_no_duplicate_of_it(git_repo, cli, tmp_path):
    """review40 R40-6 addendum: the re-vet quarantined Ana's lesson as "duplicates AGENTS.md" beside a line that says
    less (word overlap 0.60), and promoting that removal would lose "structlog" and "never the stdlib logging module"."""
    from tests.gates.helpers import deltas_file, read_json, write_instructions

    write_instructions(git_repo, agents="# Project\n\n- never use print here, always use the logger from app/log.py\n",
                       claude=None)
    assert compare(ANA, "never use print here, always use the logger from app/log.py") is None
    code, out, err = cli("curate", "--deltas", deltas_file(tmp_path, {"op": "ADD", "text": ANA, "reason": "r"}),
                         "--json")
    assert code == 0, err
    assert json.loads(out)["rejected"] == []
    assert [lesson["text"] for lesson in read_json(git_repo, "candidate.json")] == [ANA]
    # the same line said again stays a duplicate of it
    assert compare("Never use print; always use the logger from app/log.py.",
                   "never use print here, always use the logger from app/log.py").verdict == "duplicate"


@pytest.mark.parametrize("one, other", [
    ("Prefer f-strings over format().", "Use f-strings instead of format()."),
    ("Prefer pnpm over npm.", "Always use pnpm, never npm."),
    ("Prefer composition over inheritance.", "Avoid inheritance; use composition."),
    ("Use uv, not pip.", "Prefer uv over pip."),  # review40 R40-15: a real team pull stopped on this pair
    ("Use uv instead of pip.", "Prefer uv over pip."),
])
def test_a_preference_and_the_same_choice_said_as_a_ban_do_not_contradict(one: str, other: str):
    """"Prefer X over Y" rules Y out as "X instead of Y" does; it was read as no negation, and the pair as the same
    words with opposite negation: a contradiction (a pull would stop on two teammates saying one thing)."""
    for a, b in ((one, other), (other, one)):
        found = compare(a, b)
        assert found is None or found.verdict != "contradiction", (a, b, found)


def test_a_preference_against_the_opposite_ban_still_contradicts():
    found = compare("Use pip, not uv.", "Prefer uv over pip.")
    assert found is not None and found.verdict == "contradiction", found
