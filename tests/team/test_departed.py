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


def test_a_rule_approved_on_both_sides_and_kept_once_is_not_retired(team: Team):
    """Two teammates remember the same rule; the merge driver keeps it once, under the lower id, so the other id
    leaves approved.json in the merge. That lesson was not retired: the rule is still approved. `learn search` says
    where it went, and the curator counts a repeat of the rule as the approved lesson's, not as bringing back a
    retired one (trial22: "restates L-…, which was retired: only a person brings it back", and search listed it as
    retired, "why is recorded only in the retired.json of the clone that retired it")."""
    (ana, ben), _ = start(team, "ana", "ben")
    a = ana.add("Use pnpm, not npm.")
    ana.commit("ana: pnpm")
    ana.git("push", "-q", "origin", "main")
    b = ben.add("use pnpm, not npm")
    # ben's id is the lower, so his rebased commit keeps it and takes ana's out (ids are random otherwise)
    ben.approved_path.write_text(ben.approved_path.read_text(encoding="utf-8").replace(b, "L-00000000"),
                                 encoding="utf-8")
    kept, gone = "L-00000000", a
    ben.commit("ben: pnpm")
    pulled = ben.git("pull", "-q", "--rebase", "origin", "main")
    assert f"{gone} and {kept}: the same rule, approved on both sides; kept once as {kept}" in pulled.stderr
    assert [i for i in ben.ids() if i in (a, kept)] == [kept]
    merge_commit = ben.git("rev-parse", "HEAD").stdout.strip()

    found = ben.learn("search", "pnpm").stdout
    assert found.splitlines()[0].lower() == f"[{kept}] approved: use pnpm, not npm".lower() or \
        found.splitlines()[0].lower() == f"[{kept}] approved: use pnpm, not npm.".lower()
    assert f"[{gone}] merged into {kept}: " in found and "retired" not in found
    assert f"(the same rule as {kept}, kept once in commit {merge_commit[:10]} (" in found
    [_, merged] = json.loads(ben.learn("search", "pnpm", "--json").stdout)["matches"]
    assert (merged["state"], merged["id"], merged["retired_in"], merged["supersededBy"]) == \
        ("merged", gone, merge_commit, kept)

    # the model proposes the rule again: it is the approved lesson's rule, never "retired"
    deltas = ben.root.parent / "again.json"
    deltas.write_text(json.dumps([{"op": "ADD", "text": "Use pnpm, not npm.", "reason": "seen again"}]))
    again = ben.learn("curate", "--deltas", str(deltas)).stdout
    assert "retired" not in again and kept in again, again
