"""What `learn status` and `learn doctor` say in a clone after teammates' work arrives through git (review9
R9-4 a-c): an unfinished merge, a lesson retired here but kept by the other side, lessons approved elsewhere."""

from __future__ import annotations

import json

from tests.team.conftest import STORE, Team
from tests.team.test_git_team import CTE, SNAKE, UTC, start


def test_doctor_during_an_unfinished_merge_names_the_unreadable_file_and_what_the_hooks_deliver(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    ana.promote({"op": "REMOVE", "id": base_id, "reason": "we dropped it"})
    ana.add(CTE)
    ana.commit("ana")
    ana.git("push", "-q", "origin", "main")
    ben.promote({"op": "EDIT", "id": base_id, "reason": "sharper",
                 "text": "Convert `amount_cents` with `cents_to_dollars` in staging models only."})
    ben.add(SNAKE)
    ben.commit("ben")
    assert ben.git("pull", "--no-rebase", "origin", "main", check=False).returncode != 0  # stops on the lesson
    out = ben.learn("doctor").stdout
    first = out.splitlines()[1]
    assert first.startswith("learned lessons: store 'team-playbook': approved.json cannot be read; the hooks "
                            "deliver 2 lessons from git HEAD until it is fixed (see the warning below); ")
    assert "of 0 approved" not in out
    report = json.loads(ben.learn("doctor", "--json").stdout)
    assert report["lessons"]["unreadable"] == [{"store": "team-playbook", "from": "git HEAD", "lessons": 2}]


def test_teammates_lessons_and_a_lesson_retired_here_but_kept_there_are_counted_once(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    ana.promote({"op": "REMOVE", "id": base_id, "reason": "we dropped it"})  # ana retires it
    ana.commit("ana: retire")
    ben.promote({"op": "EDIT", "id": base_id, "reason": "sharper",
                 "text": "Convert `amount_cents` with `cents_to_dollars` in staging models only."})
    ben.add(SNAKE)
    ben.add(UTC)
    ben.commit("ben")
    ben.git("push", "-q", "origin", "main")
    assert ana.git("pull", "--no-rebase", "origin", "main", check=False).returncode != 0
    ana.learn("resolve", "--theirs")  # keep ben's edit
    ana.git("-c", "core.editor=true", "commit", "-q", "--no-edit")
    assert sorted(ana.ids()) == sorted([base_id, *[i for i in ben.ids() if i != base_id]])
    retired = json.loads((ana.root / STORE / "retired.json").read_text())
    assert retired == []  # approved again: ana's record goes (review14 R14-10), the counts below stay as they were

    status = ana.learn("status").stdout
    assert "  lessons: 3 approved, nothing waiting for review, 0 retired;" in status
    assert "  set: 3 in force (max_in_force 40), 0 outside the cap, 0 graduated, 0 retired" in status
    doctor = ana.learn("doctor").stdout
    assert "legacy" not in doctor
    assert "  2 lessons from teammates, not vetted here (delivered; `learn vet` vets them against this clone's " \
           "instruction files)." in doctor
    assert "from teammates (not vetted here):2" in doctor


def test_a_teammates_retirement_that_arrived_by_git_is_counted_in_status_and_show(team: Team):
    """fix17: `learn status` and `learn show` counted only this clone's retired.json, so after ben retired a lesson
    and ana pulled it (its committed retired/<id>.json with the reason) ana's clone said "0 retired" while the
    lesson was gone from her approved set."""
    (ana, ben), base_id = start(team, "ana", "ben")
    ben.add(SNAKE)
    ben.learn("retire", base_id, "--reason", "CI converts cents now")
    ben.learn("promote", "--yes")
    ben.commit("ben: retire")
    ben.git("push", "-q", "origin", "main")
    ana.git("pull", "-q", "origin", "main")
    assert base_id not in ana.ids() and not (ana.root / STORE / "retired.json").exists()

    for clone in (ana, ben):  # the clone that retired it and the one the retirement reached say the same
        status = clone.learn("status").stdout
        assert "  lessons: 1 approved, nothing waiting for review, 1 retired;" in status, status
        assert "  set: 1 in force (max_in_force 40), 0 outside the cap, 0 graduated, 1 retired" in status
        assert json.loads(clone.learn("status", "--json").stdout)["lessons"]["retired"] == 1
        assert "0 graduated, 1 retired" in clone.learn("show").stdout


def test_teammates_lessons_vetted_here_are_not_called_legacy(team: Team):
    """After a pull, `learn vet` (or a tidy, a reflection) vets the teammates' lessons against this clone's instruction
    files. Their stamps carry no channel (the channel is recorded where a lesson was learned), and `learn doctor` then
    counted them as "legacy", lessons from before channels were recorded (trial22: "by channel: legacy:2, remember:2"
    in a clone whose two other lessons came from teammates that week)."""
    (ana, ben), _ = start(team, "ana", "ben")
    ben.add(SNAKE)
    ben.add(UTC)
    ben.commit("ben")
    ben.git("push", "-q", "origin", "main")
    ana.git("pull", "-q", "--no-rebase", "origin", "main")
    assert "from teammates (not vetted here):2" in ana.learn("doctor").stdout
    ana.learn("vet")
    doctor = ana.learn("doctor").stdout
    assert "legacy" not in doctor and "not vetted here" not in doctor, doctor
    assert "from teammates (vetted here):2" in doctor


def test_a_fresh_clone_calls_the_teams_lessons_teammates_not_legacy_before_and_after_its_first_vet(team: Team):
    """review28 R28-4: Bob clones a repository with Ana's lesson. Before any vet he has no stamps at all, and his first
    `learn remember` vets the whole set with stamps that carry no channel: `learn doctor` said "legacy:1" (lessons
    learned before channels were recorded), untrue and jargon for a lesson Ana approved today."""
    (ana, ben), _ = start(team, "ana", "ben")
    before = ben.learn("doctor").stdout
    assert "legacy" not in before and "from teammates (not vetted here):1" in before, before
    ben.learn("remember", "Name SQL files in snake_case.", "--approve")
    after = ben.learn("doctor").stdout
    assert "legacy" not in after, after
    assert "from teammates (vetted here):1" in after and "remember:1" in after
    assert json.loads(ben.learn("doctor", "--json").stdout)["by_channel"] == {"remember": 1, "teammates-vetted": 1}
