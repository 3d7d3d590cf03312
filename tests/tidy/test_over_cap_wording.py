"""A set in force past learn.max_in_force, as a long-lived store or a team's merges leave it (review41 R41-2: on 204
lessons with max_in_force 40, `learn status` said "164 outside the cap", `learn doctor` called them "never delivered
as the limits stand" while its own first line said all 204 can be delivered and they were delivered, and `learn tidy`
stopped at "that is as far as tidying up can take it" with no next step)."""

from __future__ import annotations

import json

from tests.tidy.helpers import lesson, setup

RULES = ["Prefer incremental models for event tables.", "Document every model in a schema file next to it.",
         "Use snake case for every column name.", "Keep SQL keywords in upper case in every model."]


def _over_the_cap(git_repo):
    (git_repo / ".altimate-code").mkdir(exist_ok=True)
    (git_repo / ".altimate-code" / "altimate-code.json").write_text('{"learn": {"max_in_force": 2}}')
    lessons = [lesson(f"L-000{n}", text) for n, text in enumerate(RULES, 1)]
    setup(git_repo, lessons, channels={lesson["id"]: "remember" for lesson in lessons})  # a person's: never drained


def test_status_counts_a_set_past_the_cap_as_in_force_not_outside_it(git_repo, cli):
    _over_the_cap(git_repo)
    code, out, err = cli("status")
    assert code == 0, err
    assert "4 in force (max_in_force 2, 2 over it), 0 outside the cap, 0 graduated, 0 retired" in out


def test_doctor_says_they_are_delivered_and_what_to_do(git_repo, cli):
    _over_the_cap(git_repo)
    code, out, err = cli("doctor")
    said = " ".join(out.split())
    assert "never delivered" not in said, said
    assert ("2 lessons in force past learn.max_in_force=2 (in force, delivered when relevant): `learn tidy` merges, "
            "graduates and drains them;") in said
    assert "`learn retire ID`" in said and "raise learn.max_in_force (ALTIMATE_LEARN_MAX_IN_FORCE" in said
    code, out, err = cli("doctor", "--json")
    cap = json.loads(out)["outside_cap"]
    assert (cap["count"], cap["waiting"], cap["over_max_in_force"]) == (0, 0, 2)
    assert cap["over_max_in_force_fix"].startswith("2 lessons in force past learn.max_in_force=2")


def test_tidy_at_its_limit_names_the_way_on(git_repo, cli):
    _over_the_cap(git_repo)
    code, out, err = cli("tidy")
    said = " ".join(out.split())
    assert "Still 2 over the cap, and that is as far as tidying up can take it: 4 are a person's" in said, said
    assert "They stay in force, delivered when relevant; what tidy keeps (a person's, pinned, repeated or young " \
        "lessons) stays until you retire what no longer holds (`learn retire ID`; `learn show` lists the set) or " \
        "raise learn.max_in_force" in said, said
