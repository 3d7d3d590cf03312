"""A pull in a clone without learn's merge driver, finished by `learn resolve` (review40 R40-7): git's text merge
applied the other side's replacement of a lesson (its removal) outside the conflict block, so the blocks alone read
as if our side had retired the new rule ("replaced on one side, retired on the other"), and `--ours` dropped the
teammate's new lesson. The index holds all three versions whole; the result is the driver's."""

from __future__ import annotations

import json

from tests.team.conftest import Team

OLD = "Use the logger from `app/log.py`, never `print`."
SHARPER = "Never use structlog; the stdlib logging logger from app/log.py is the only logger."
FILLERS = ("Keep functions short.", "Run `make lint` before pushing.")


def _pull_without_driver(team: Team):
    ana = team.clone("ana")
    ana.learn("enable")
    old = json.loads(ana.learn("remember", OLD, "--approve", "--json").stdout)["id"]
    for text in FILLERS:
        ana.learn("remember", text, "--approve")
    ana.commit("learn: first lessons")
    ana.git("push", "-q", "origin", "main")
    # Both teammates vote on one lesson (lines git's text merge cannot join), not the one just before the replaced
    # lesson: there git would take the removal into the conflict block, and the blocks alone would be right.
    order = ana.ids()
    shared = next(i for n, i in enumerate(order) if i != old and (n + 1 >= len(order) or order[n + 1] != old))
    carol = team.clone("carol", setup=False)  # a clone that never ran `learn install git`
    bob = team.clone("bob")
    new = json.loads(bob.learn("remember", SHARPER, "--approve", "--json").stdout)["id"]
    assert old not in bob.ids() and new in bob.ids()  # the set read it as a replacement
    bob.promote({"op": "HELPFUL", "id": shared, "reason": "it held in review"})
    bob.commit("bob: sharper logging rule")
    bob.git("push", "-q", "origin", "main")
    carol.promote({"op": "HARMFUL", "id": shared, "reason": "too vague for the parsers"})
    carol.commit("carol: a vote")
    pulled = carol.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    return carol, old, new, shared, pulled


def test_resolve_after_a_text_merge_keeps_a_teammates_replacement(team: Team):
    carol, old, new, shared, pulled = _pull_without_driver(team)
    assert pulled.returncode != 0, pulled.stdout  # git's own text merge: a conflict in approved.json
    assert old not in carol.approved_path.read_text()  # the removal went in outside the markers
    status = carol.learn("status", check=False)
    assert "retired on the other" not in status.stdout + status.stderr
    told = carol.learn("resolve", check=False)
    report = told.stdout + told.stderr
    assert told.returncode == 0, report
    assert "retired on the other" not in report
    # it says what it merged: the index's three versions, not the markers (review40 R40-7's wording)
    assert "(from the three versions of the unfinished merge in the index); staged." in report
    assert new in carol.ids() and old not in carol.ids()
    lesson = carol.lesson(shared)
    assert (lesson["helpful"], lesson["harmful"]) == (1, 1), lesson
    assert carol.learn("check").returncode == 0
