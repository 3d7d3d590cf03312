"""During a merge that stopped on a lesson conflict, `learn doctor`, `learn status` and `learn deliver` tell the
same story: the set cannot be counted, the hooks deliver the last good set (git HEAD, this clone's side), and the
way out is `learn resolve` (trial29: doctor said "0 in force" while the hooks delivered 2 lessons from HEAD, and
`learn deliver` printed HEAD's lessons without a word)."""

from __future__ import annotations

import json

from tests.team.conftest import Team
from tests.team.test_git_team import CTE, start

FILE = ".altimate-code/learn/team-playbook/approved.json"
WAY_OUT = (f"merge not finished: {FILE} has git conflict markers; `learn resolve` merges both sides as data "
           "(then `git commit`).")


def _stopped_merge(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    ana.promote({"op": "EDIT", "id": base_id, "reason": "sharper",
                 "text": "Convert `amount_cents` with `cents_to_dollars` in staging models only."})
    ana.commit("ana: edit")
    ana.git("push", "-q", "origin", "main")
    ben.promote({"op": "EDIT", "id": base_id, "reason": "broader",
                 "text": "Convert `amount_cents` with `cents_to_dollars` in every model."})
    ben.add(CTE)
    ben.commit("ben: edit and a new lesson")
    assert ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False).returncode != 0
    return ben


def test_doctor_does_not_count_zero_in_force_and_names_learn_resolve(team: Team):
    ben = _stopped_merge(team)
    out = ben.learn("doctor").stdout
    assert "set: 0 in force" not in out
    assert ("the hooks deliver 2 lessons from git HEAD" in out)
    assert ("  set: store 'team-playbook' not counted until its approved.json can be read (the hooks deliver the "
            "last good set meanwhile, above)\n") in out
    assert f"  {WAY_OUT}\n" in out
    report = json.loads(ben.learn("doctor", "--json").stdout)
    assert report["unfinished_merge"] == [FILE]
    assert report["lessons"]["unreadable"] == [{"store": "team-playbook", "from": "git HEAD", "lessons": 2}]
    status = ben.learn("status").stdout
    assert f"  {WAY_OUT}\n" not in status  # its own lines name the file with the conflict (below) ...
    assert f"  {FILE}: a merge is not finished, 1 lesson conflict to choose:\n" in status
    assert "the hooks deliver the last good set instead: 2 lessons from git HEAD." in status


def test_deliver_says_its_lessons_come_from_the_last_good_set_until_the_merge_is_finished(team: Team):
    ben = _stopped_merge(team)
    ben.session_start()  # the hook has built (and cached) its corpus: its own note is in the hook log only
    proc = ben.learn("deliver", "--session", "s1", "--request", "convert the cents")
    assert "Convert `amount_cents` with `cents_to_dollars` in every model." in proc.stdout  # HEAD: ben's side
    assert ("Warning: store 'team-playbook': approved.json cannot be read, so the hooks deliver the last good set "
            "instead: 2 lessons from git HEAD.\n") in proc.stderr
    assert f"Warning: {WAY_OUT}\n" in proc.stderr
    data = json.loads(ben.learn("deliver", "--session", "s2", "--request", "cents", "--json").stdout)
    assert data["fallbacks"] == [{"store": "team-playbook", "from": "git HEAD", "lessons": 2}]
    assert data["unfinished_merge"] == [FILE]

    ben.learn("resolve", "--theirs")
    ben.git("commit", "-q", "--no-edit")
    after = ben.learn("deliver", "--session", "s3", "--request", "convert the cents")
    assert "merge not finished" not in after.stderr and "cannot be read" not in after.stderr
    assert "in staging models only." in after.stdout
    doctor = ben.learn("doctor").stdout
    assert "merge not finished" not in doctor and "  set: 2 in force" in doctor
