"""A note for the reviewer about another lesson goes when that lesson leaves the set (review38 R38-5): "may contradict
L-x (…): check which holds before you promote it" and "narrower than L-x … (`learn retire L-x` if this replaces it)"
stayed in the lesson's provenance, approved and shared through git, after L-x was retired or replaced, so `learn
show` told every teammate to check or retire a lesson that was gone. Notes about an instruction file stay."""

from __future__ import annotations

import json

from altimate_learn.store.store import without_notes_on_absent


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def _lessons(git_repo, name: str) -> dict[str, dict]:
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / name
    return {lesson["id"]: lesson for lesson in json.loads(path.read_text(encoding="utf-8"))}


def test_retiring_the_lesson_a_note_names_takes_the_note_out(git_repo, cli) -> None:
    moment = _json(cli, "remember", "Use moment for all date handling.", "--approve")["id"]
    dayjs = _json(cli, "remember", "Use dayjs for new code.")["id"]
    assert f"may contradict {moment}" in _lessons(git_repo, "candidate.json")[dayjs]["provenance"]
    assert cli("promote", "--yes", "--allow-flagged")[0] == 0
    assert cli("retire", moment)[0] == 0
    code, out, err = cli("show")
    assert code == 0, err
    assert f"may contradict {moment}" not in _lessons(git_repo, "candidate.json")[dayjs].get("provenance", "")
    assert "edited" in out and "(provenance)" in out  # the reviewer sees the note go
    assert cli("promote", "--yes", "--allow-flagged")[0] == 0
    approved = _lessons(git_repo, "approved.json")
    assert moment not in approved and "may contradict" not in approved[dayjs].get("provenance", "")


def test_a_note_on_a_lesson_replaced_in_the_same_candidate_goes(git_repo, cli) -> None:
    broad = _json(cli, "remember", "Always use pytest for tests!", "--approve")["id"]
    narrow = _json(cli, "remember", "Use pytest for tests in services/api.")["id"]
    assert f"narrower than {broad}" in _lessons(git_repo, "candidate.json")[narrow].get("provenance", "")
    code, out, err = cli("remember", "Use pytest for tests, never unittest.")
    assert code == 0, err
    candidate = _lessons(git_repo, "candidate.json")
    assert broad not in candidate
    assert broad not in candidate[narrow].get("provenance", "")


def test_notes_about_lessons_still_there_or_instruction_files_stay() -> None:
    lessons = [{"id": "L-aaaa1111", "text": "Use moment for dates."},
               {"id": "L-bbbb2222", "text": "Use dayjs for new code.",
                "provenance": 'remembered; may contradict L-aaaa1111 ("Use moment for dates."), which chooses moment; '
                              'may contradict AGENTS.md ("Use moment."), which chooses moment; '
                              'narrower than L-cccc3333 ("Use dayjs.") for "src/": both kept'}]
    kept = without_notes_on_absent(lessons)
    assert kept[1]["provenance"] == ('remembered; may contradict L-aaaa1111 ("Use moment for dates."), which chooses '
                                     'moment; may contradict AGENTS.md ("Use moment."), which chooses moment')
    assert kept[0] is lessons[0] and lessons[1]["provenance"].endswith("both kept")  # the input is not changed


def test_remember_approve_keeps_no_ask_before_promotion(git_repo, cli) -> None:
    dayjs = _json(cli, "remember", "Use dayjs for new code.", "--approve")["id"]
    code, out, err = cli("remember", "Use moment in the legacy admin.", "--approve")
    assert code == 0, err
    approved = _lessons(git_repo, "approved.json")
    noted = [lesson for lesson in approved.values() if lesson["id"] != dayjs]
    provenance = noted[0].get("provenance", "")
    assert f"may contradict {dayjs}" in provenance and "chooses dayjs where this chooses moment" in provenance
    assert "promote" not in provenance  # approved by that very command: the ask had no object (R38-5)
    assert "before you promote it" not in err and "`learn retire` the one that does not" in err


def test_a_team_merge_drops_notes_on_lessons_it_retired_and_the_ask_before_promotion() -> None:
    from altimate_learn.team.files import merge_texts

    old = {"id": "L-aaaa1111", "text": "Use pytest for tests."}
    ask = 'may contradict L-aaaa1111 ("Use pytest for tests."), which chooses pytest: check which holds before you ' \
          'promote it'
    ben = {"id": "L-bbbb2222", "text": "Use unittest TestCase classes in tests.", "provenance": f"remembered; {ask}"}
    other = {"id": "L-cccc3333", "text": "Keep fixtures in conftest.py.",
             "provenance": 'may contradict L-bbbb2222 ("Use unittest TestCase classes in tests."): check which rule '
                           'holds before you promote it'}
    base = json.dumps([old])
    ours = json.dumps([])  # our side retired L-aaaa1111
    theirs = json.dumps([old, ben, other])
    merged = merge_texts(".altimate-code/learn/team-playbook/approved.json", base, ours, theirs)
    assert merged.clean
    lessons = {lesson["id"]: lesson for lesson in json.loads(merged.text)}
    assert set(lessons) == {"L-bbbb2222", "L-cccc3333"}
    assert lessons["L-bbbb2222"]["provenance"] == "remembered"  # the lesson it named left with the merge
    assert lessons["L-cccc3333"]["provenance"] == ('may contradict L-bbbb2222 ("Use unittest TestCase classes in '
                                                   'tests.")')  # still there: the note stays, without the ask
    version = merge_texts(".altimate-code/learn/team-playbook/versions/v1.json", base, ours, theirs)
    assert "before you promote it" in version.text  # an archived version is kept as it was
