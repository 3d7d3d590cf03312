"""Two teammates each replace the same approved lesson with a rule of their own (`learn remember --approve`), with
real git (review36 R36-3). Merged by id, both replacements were approved and every agent got both ("Use pnpm instead
of npm or yarn." and "Use bun instead of npm."); the driver said only that theirs replaced the old lesson, and the
shared retirement records conflicted as text. Now the two replacements are one conflict a person settles: one rule,
or both when they can stand together; the retirement records merge as data."""

from __future__ import annotations

import json

from tests.team.conftest import STORE, Team, markers_in

BASE = "Use pnpm instead of npm."
OURS = "Use bun instead of npm."
THEIRS = "Use pnpm instead of npm or yarn."


def _ben_replaces(team: Team, theirs: str):
    """ana approves BASE and pushes; ben clones, replaces it with ``theirs`` (`learn remember --approve`), pushes."""
    ana = team.clone("ana")
    ana.learn("enable")
    base_id = json.loads(ana.learn("remember", BASE, "--approve", "--json").stdout)["id"]
    ana.commit("learn: first lesson")
    ana.git("push", "-q", "origin", "main")
    ben = team.clone("ben")
    theirs_id = json.loads(ben.learn("remember", theirs, "--approve", "--json").stdout)["id"]
    ben.commit("ben: remember")
    ben.git("push", "-q", "origin", "main")
    return ana, base_id, theirs_id


def _both_replace(team: Team, ours: str = OURS, theirs: str = THEIRS):
    ana, base_id, theirs_id = _ben_replaces(team, theirs)
    ours_id = json.loads(ana.learn("remember", ours, "--approve", "--json").stdout)["id"]
    ana.commit("ana: remember")
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    return ana, base_id, ours_id, theirs_id, pulled


def test_two_replacements_of_one_lesson_are_one_conflict_named_in_the_merge(team: Team):
    ana, base_id, ours_id, theirs_id, pulled = _both_replace(team)
    report = pulled.stdout + pulled.stderr
    assert pulled.returncode != 0  # not both approved behind the person's back
    assert (f"{ours_id} {theirs_id}: replaced on both sides (both sides replaced {base_id} (\"{BASE}\"): ours with "
            f"{ours_id}, theirs with {theirs_id}: pick one rule, or keep both)") in report
    assert f"ours:   {ours_id} {OURS}" in report and f"theirs: {theirs_id} {THEIRS}" in report
    # the shared retirement record of the old lesson merges as data, both reasons kept: no text conflict there
    assert f"{base_id} was retired on both sides: both reasons are kept" in report
    assert not markers_in(ana.root / STORE / "retired" / f"{base_id}.json")

    ana.learn("resolve", "--theirs")
    assert ana.ids() == [theirs_id]
    assert ana.learn("check").returncode == 0


def test_two_replacements_that_can_stand_together_are_kept_both_on_request(team: Team):
    ana, _, ours_id, theirs_id, _ = _both_replace(team)
    ana.learn("resolve", "--both")
    assert sorted(ana.ids()) == sorted([ours_id, theirs_id])
    assert ana.learn("check").returncode == 0


def test_two_replacements_that_contradict_cannot_both_be_kept(team: Team):
    ana, _, ours_id, theirs_id, _ = _both_replace(team, ours="Use npm, not pnpm.", theirs="Use pnpm, never npm or yarn.")
    kept = ana.learn("resolve", "--both", check=False)
    assert kept.returncode != 0
    assert "contradict" in kept.stdout + kept.stderr
    ana.learn("resolve", "--ours")
    assert ana.ids() == [ours_id]


def test_the_same_replacement_on_both_sides_merges_into_one_lesson(team: Team):
    ana, _, ours_id, theirs_id, pulled = _both_replace(team, ours=THEIRS, theirs=THEIRS)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert ana.ids() == [min(ours_id, theirs_id)]


def test_a_replacement_against_a_plain_retirement_is_a_conflict(team: Team):
    """ben replaces the lesson, ana retires it with no replacement: keep ben's new rule, or no rule."""
    ana, base_id, new_id = _ben_replaces(team, OURS)
    ana.learn("retire", base_id, "--reason", "not needed any more")
    ana.learn("promote", "--yes")
    ana.commit("ana: retire")
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    report = pulled.stdout + pulled.stderr
    assert pulled.returncode != 0
    assert (f"{new_id}: replaced on one side, retired on the other (theirs replaced {base_id} (\"{BASE}\") with "
            f"{new_id}; ours retired it: keep the new rule (theirs) or no rule (ours))") in report
    ana.learn("resolve", "--ours")
    assert ana.ids() == []
    assert ana.learn("check").returncode == 0
