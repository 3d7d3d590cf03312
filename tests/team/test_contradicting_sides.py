"""Two teammates approve rules that say opposite things in plain words, with real git (review37 R37-5): ana sharpens
"Use pytest fixtures in tests." and ben remembers "Use unittest TestCase classes in tests."; the lessons share no
backticked name, so the merge kept both approved and every agent got both, with nothing said. Now such a pair (the
vet's contradiction, or two choices for one job) is one conflict the pull names, settled with `learn resolve`."""

from __future__ import annotations

import json

from tests.team.conftest import Team

OURS = "Use pytest fixtures in tests, never unittest setUp methods."
THEIRS = "Use unittest TestCase classes in tests."


def _both_approve(team: Team, ours: str, theirs: str):
    ana = team.clone("ana")
    ana.learn("enable")
    ana.learn("remember", "Keep functions short.", "--approve")
    ana.commit("learn: first lesson")
    ana.git("push", "-q", "origin", "main")
    ben = team.clone("ben")
    theirs_id = json.loads(ben.learn("remember", theirs, "--approve", "--json").stdout)["id"]
    ben.commit("ben: remember")
    ben.git("push", "-q", "origin", "main")
    ours_id = json.loads(ana.learn("remember", ours, "--approve", "--json").stdout)["id"]
    ana.commit("ana: remember")
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    return ana, ours_id, theirs_id, pulled


def test_rules_from_two_sides_that_choose_differently_are_one_conflict(team: Team):
    ana, ours_id, theirs_id, pulled = _both_approve(team, OURS, THEIRS)
    report = pulled.stdout + pulled.stderr
    assert pulled.returncode != 0
    assert (f"{ours_id} {theirs_id}: changed on different sides, saying opposite things (ours chooses pytest where "
            "theirs chooses unittest, for a Python test framework: pick one rule)") in report
    ana.learn("resolve", "--ours")
    assert ours_id in ana.ids() and theirs_id not in ana.ids()
    assert ana.learn("check").returncode == 0


def test_plain_opposites_from_two_sides_are_one_conflict(team: Team):
    ana, ours_id, theirs_id, pulled = _both_approve(team, "Always squash commits when merging.",
                                                    "Never squash commits when merging.")
    assert pulled.returncode != 0
    report = pulled.stdout + pulled.stderr
    assert f"{ours_id} {theirs_id}: changed on different sides, saying opposite things" in report
    # `--both` would be refused for opposites, so the pull does not offer it (review38 R38-7)
    assert f"Finish with `learn resolve --ours` or `learn resolve --theirs` (one lesson: add --lesson {ours_id}), " \
        "then commit." in report
    assert "--both" not in report


def test_unrelated_rules_from_two_sides_merge_cleanly(team: Team):
    ana, ours_id, theirs_id, pulled = _both_approve(team, "Use pytest fixtures in tests.",
                                                    "Keep pull requests small.")
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert {ours_id, theirs_id} <= set(ana.ids())


def test_resolving_the_conflict_of_a_replaced_lesson_keeps_the_side_chosen(team: Team):
    """review37 R37-14: ana replaces "Use pytest fixtures in tests." with a sharper rule and pushes; ben adds a unittest
    rule and pulls. The pull names the pair, but `learn resolve` re-read the blocks as another conflict ("replaced on
    one side, retired on the other") and `--theirs` kept both contradicting rules."""
    ana = team.clone("ana")
    ana.learn("enable")
    ana.learn("remember", "Use pytest fixtures in tests.", "--approve")
    ana.commit("learn: first lesson")
    ana.git("push", "-q", "origin", "main")
    ben = team.clone("ben")
    ben.learn("install", "git")
    theirs_id = json.loads(ana.learn("remember", OURS, "--approve", "--json").stdout)["id"]
    ana.commit("ana: sharpen")
    ana.git("push", "-q", "origin", "main")
    ours_id = json.loads(ben.learn("remember", THEIRS, "--approve", "--json").stdout)["id"]
    ben.commit("ben: remember")
    pulled = ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert pulled.returncode != 0
    assert f"{ours_id} {theirs_id}: changed on different sides, saying opposite things" in pulled.stdout + pulled.stderr
    told = ben.learn("resolve", check=False)
    assert told.returncode != 0 and "saying opposite things" in told.stdout + told.stderr
    assert "retired on the other" not in told.stdout + told.stderr
    ben.learn("resolve", "--theirs")
    assert ben.ids() == [theirs_id]
    assert ben.learn("check").returncode == 0


def test_choices_for_different_places_merge_with_both_kept_and_a_note(team: Team):
    # review38 R38-4: the vet keeps this pair in one clone with a note; the pull stopped on it as a conflict
    ana, ours_id, theirs_id, pulled = _both_approve(team, "Use requests in the one-off maintenance scripts.",
                                                    "Use httpx for async HTTP calls in the API.")
    report = pulled.stdout + pulled.stderr
    assert pulled.returncode == 0, report
    assert {ours_id, theirs_id} <= set(ana.ids())
    assert (f"{ours_id} {theirs_id} may contradict (ours chooses requests where theirs chooses httpx, for a Python "
            "HTTP client, each for its own place): both kept, check which holds") in report


def test_choices_for_the_same_job_everywhere_are_one_conflict(team: Team):
    ana, ours_id, theirs_id, pulled = _both_approve(team, "Use requests for HTTP calls.", "Use httpx for HTTP calls.")
    assert pulled.returncode != 0
    report = pulled.stdout + pulled.stderr
    assert f"{ours_id} {theirs_id}: changed on different sides, saying opposite things (ours chooses requests" in report
    # the vet reads the pair as saying the same thing of one job, so `--both` would be refused: the pull offers only
    # --ours / --theirs (review38 R38-7), and --both indeed refuses
    assert f"Finish with `learn resolve --ours` or `learn resolve --theirs` (one lesson: add --lesson {ours_id}), " \
        "then commit." in report
    assert "--both" not in report
    both = ana.learn("resolve", "--both", check=False)
    assert both.returncode != 0 and "cannot both stand" in both.stdout + both.stderr


def test_the_same_words_with_the_choice_swapped_are_one_conflict(team: Team):
    """review40 R40-6: the driver merged this pair cleanly (the offline compare read it as one rule said twice), and
    `learn tidy` then kept one of them."""
    ana, ours_id, theirs_id, pulled = _both_approve(
        team, "Use structlog's logger from app/log.py, never print or the stdlib logging module.",
        "Never use structlog; the stdlib logging logger from app/log.py is the only logger.")
    report = pulled.stdout + pulled.stderr
    assert pulled.returncode != 0, report
    assert f"{ours_id} {theirs_id}: changed on different sides, saying opposite things" in report
