"""A teammate's retirement, seen from another clone (review13 R13-13).

retired.json, with the reason, stays on the clone that retired the lesson (only approved.json is committed, as in
altimate-code). The lesson leaving approved.json is in git, though, so `learn search` in every clone finds it
there: which commit took it out, who and when, and where the reason is.
"""

from __future__ import annotations

import json

from tests.team.conftest import Team
from tests.team.test_git_team import CTE, start


def test_a_teammates_retirement_is_found_by_search_after_a_pull(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    ben.learn("retire", base_id, "--reason", "CI converts cents now")
    ben.learn("promote", "--yes")
    ben.git("commit", "-q", "-a", "--author", "Ben Teammate <ben@example.invalid>", "-m", "retire the cents rule")
    ben.git("push", "-q", "origin", "main")
    retire_commit = ben.git("rev-parse", "HEAD").stdout.strip()

    ana.git("pull", "-q", "origin", "main")
    assert base_id not in ana.ids()
    found = ana.learn("search", "cents")
    assert found.stdout.startswith(f"[{base_id}] retired: Convert `amount_cents`")
    assert f"left the approved set in commit {retire_commit[:10]} (Ben Teammate, " in found.stdout
    assert "why is recorded only in the retired.json of the clone that retired it" in found.stdout
    [match] = json.loads(ana.learn("search", "cents", "--json").stdout)["matches"]
    assert (match["state"], match["id"], match["retired_in"]) == ("retired", base_id, retire_commit)

    # the clone that retired it gives its own record, with the reason its person typed, once
    [own] = json.loads(ben.learn("search", "cents", "--json").stdout)["matches"]
    assert own["reason"] == "removed: CI converts cents now" and own["retired_in"] is None


def test_a_lesson_approved_again_is_not_listed_as_retired(team: Team):
    (ana,), base_id = start(team, "ana")
    other = ana.add(CTE)
    ana.commit("ana: CTEs")
    ana.promote({"op": "REMOVE", "id": other, "reason": "not for us"})
    ana.commit("ana: drop CTEs")
    ana.learn("rollback", "--yes")  # brings it back
    ana.commit("ana: CTEs again")
    matches = json.loads(ana.learn("search", "CTEs", "--json").stdout)["matches"]
    assert [(m["state"], m["id"]) for m in matches] == [("approved", other)]
