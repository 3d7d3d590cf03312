"""A teammate's retirement and its reason reach every clone through git (review13 R13-13).

A lesson that leaves approved.json keeps a committed record, `<store>/retired/<id>.json`, beside approved.json. In a
teammate's clone, after a pull, the curator (every reflector, the learner, `learn curate`, imports) refuses a model's
word-for-word re-proposal and notes a near one, exactly as in the retiring clone; `learn search` shows the reason.
"""

from __future__ import annotations

import json
import subprocess

from tests.team.conftest import STORE, Clone, Team
from tests.team.test_git_team import CENTS, CTE, SNAKE, start


def _curate(clone: Clone, *deltas: dict) -> subprocess.CompletedProcess[str]:
    path = clone.root.parent / f"deltas-{clone.root.name}.json"
    path.write_text(json.dumps(list(deltas)))
    return clone.learn("curate", "--deltas", str(path))


def _candidate(clone: Clone) -> list[dict]:
    path = clone.root / STORE / "candidate.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def _retire_and_push(clone: Clone, lesson_id: str, reason: str) -> str:
    clone.learn("retire", lesson_id, "--reason", reason)
    promoted = clone.learn("promote", "--yes").stdout
    clone.commit(f"retire {lesson_id}")
    clone.git("push", "-q", "origin", "main")
    return promoted


def test_a_lesson_retired_in_one_clone_is_refused_and_noted_in_another(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    promoted = _retire_and_push(ben, base_id, "CI converts cents now")
    assert ("Recorded why 1 lesson left in .altimate-code/learn/team-playbook/retired/: commit it with approved.json"
            in promoted)
    ana.git("pull", "-q", "origin", "main")
    assert base_id not in ana.ids()
    assert not (ana.root / STORE / "retired.json").exists()  # nothing local: what ana knows came with the pull

    # a model's word-for-word re-proposal is refused with ben's reason, as in ben's clone
    refused = _curate(ana, {"op": "ADD", "text": CENTS, "reason": "seen again"})
    assert f"restates {base_id}, which was retired (removed: CI converts cents now)" in refused.stdout
    assert _candidate(ana) == []
    in_ben = _curate(ben, {"op": "ADD", "text": CENTS, "reason": "seen again"})
    assert f"restates {base_id}, which was retired (removed: CI converts cents now)" in in_ben.stdout

    # a near one is staged with the note the reviewer reads in `learn show`
    _curate(ana, {"op": "ADD", "text": "Always convert `amount_cents` to dollars with `cents_to_dollars` in the "
                                       "staging models.", "reason": "seen again"})
    [staged] = [lesson for lesson in _candidate(ana) if lesson["id"] != base_id]
    assert f"close to {base_id}, which was retired (removed: CI converts cents now)" in staged["provenance"]
    assert f"close to {base_id}, which was retired (removed: CI converts cents now)" in ana.learn("show").stdout

    # search gives the reason, not "ask the teammate"
    found = ana.learn("search", "cents")
    assert found.stdout.startswith(f"[{base_id}] retired: Convert `amount_cents`")
    assert "CI converts cents now" in found.stdout and "only in the retired.json" not in found.stdout


def test_two_teammates_retiring_different_lessons_do_not_conflict(team: Team):
    (ana,), base_id = start(team, "ana")
    cte = ana.add(CTE)
    snake = ana.add(SNAKE)
    ana.commit("more lessons")
    ana.git("push", "-q", "origin", "main")
    ben = team.clone("ben")
    _retire_and_push(ben, cte, "we inline small subqueries")
    ana.learn("retire", snake, "--reason", "the warehouse lowercases names itself")
    ana.learn("promote", "--yes")
    ana.commit("retire snake_case")
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main")
    assert "CONFLICT" not in pulled.stdout + pulled.stderr
    assert ana.ids() == [base_id]
    shared = sorted(p.name for p in (ana.root / STORE / "retired").iterdir())
    assert shared == sorted([f"{cte}.json", f"{snake}.json"])
    assert ana.git("status", "--porcelain").stdout == ""  # every record is committed, none ignored
    refused = _curate(ana, {"op": "ADD", "text": CTE, "reason": "again"}, {"op": "ADD", "text": SNAKE, "reason": "x"})
    assert f"restates {cte}, which was retired (removed: we inline small subqueries)" in refused.stdout
    assert f"restates {snake}, which was retired (removed: the warehouse lowercases names itself)" in refused.stdout


def test_a_lesson_approved_again_loses_its_shared_record(team: Team):
    (ana,), base_id = start(team, "ana")
    cte = ana.add(CTE)
    ana.commit("CTEs")
    ana.learn("retire", cte, "--reason", "not for us")
    ana.learn("promote", "--yes")
    record = ana.root / STORE / "retired" / f"{cte}.json"
    assert json.loads(record.read_text())[0]["reason"] == "removed: not for us"
    rolled = ana.learn("rollback", "--yes").stdout  # brings it back
    assert cte in ana.ids() and not record.exists()
    assert ("In .altimate-code/learn/team-playbook/retired/: removed the record of 1 returning lesson; commit that "
            "with approved.json.") in rolled
    assert _candidate(ana) == [] and "restates" not in _curate(ana, {"op": "ADD", "text": CTE, "reason": "x"}).stdout


def test_a_secret_in_the_reason_is_redacted_in_the_shared_record(team: Team):
    (ana,), base_id = start(team, "ana")
    key = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    ana.learn("retire", base_id, "--reason", f"billing moved; the old key {key} is revoked")
    ana.learn("promote", "--yes")
    text = (ana.root / STORE / "retired" / f"{base_id}.json").read_text()
    assert key not in text and "[REDACTED" in text


def test_a_store_made_before_shared_retirements_gets_the_gitignore_lines_it_needs(team: Team):
    (ana,), base_id = start(team, "ana")
    ignore = ana.root / ".altimate-code" / "learn" / ".gitignore"
    old = "".join(line + "\n" for line in ignore.read_text().splitlines() if "retired" not in line)
    ignore.write_text(old)  # the file as an earlier version (or altimate-code) wrote it
    ana.commit("old gitignore")
    _retire_and_push(ana, base_id, "CI converts cents now")
    assert "!/*/retired/*.json" in ignore.read_text()
    assert ana.git("ls-files", str(STORE / "retired")).stdout.strip() == f"{STORE.as_posix()}/retired/{base_id}.json"


def test_a_rule_dropped_before_it_was_approved_stays_local(team: Team):
    (ana,), base_id = start(team, "ana")
    ana.stage({"op": "ADD", "text": CTE, "reason": "review"})
    [staged] = [lesson for lesson in _candidate(ana) if lesson["text"] == CTE]
    ana.stage({"op": "REMOVE", "id": staged["id"], "reason": "changed my mind"})
    ana.learn("promote", "--yes", check=False)
    assert not (ana.root / STORE / "retired").exists()


def test_the_same_lesson_retired_by_two_teammates_merges_as_data(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    _retire_and_push(ben, base_id, "CI converts cents now")
    ana.learn("retire", base_id, "--reason", "the cents column is gone")
    ana.learn("promote", "--yes")
    ana.commit("ana: retire cents too")
    # both added retired/<id>.json: learn's driver merges the two records as data (review36 R36-3: git stopped on it)
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert f"{base_id} was retired on both sides: both reasons are kept" in pulled.stdout + pulled.stderr
    assert ana.git("status", "--porcelain").stdout == ""
    [record] = json.loads((ana.root / STORE / "retired" / f"{base_id}.json").read_text())
    # both reasons are kept (review14 R14-29: the merge kept one side's and dropped the teammate's)
    assert record["id"] == base_id and record["reason"] == ("removed: the cents column is gone; removed: CI converts "
                                                            "cents now")


def _older_attributes(clone) -> None:
    """The clone's `.gitattributes` as a learn before review36 R36-3 wrote it: retired/<id>.json merges as text."""
    path = clone.root / ".gitattributes"
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True) if "/retired/" not in line))
    clone.commit("an older learn's .gitattributes")


def test_the_same_lesson_retired_by_two_teammates_under_older_attributes_is_merged_by_resolve(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    _retire_and_push(ben, base_id, "CI converts cents now")
    _older_attributes(ana)
    ana.learn("retire", base_id, "--reason", "the cents column is gone")
    ana.learn("promote", "--yes")
    ana.commit("ana: retire cents too")
    # git stops on retired/<id>.json (add/add), and `learn resolve` merges the two records as data
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert pulled.returncode != 0
    ana.learn("resolve")
    ana.git("commit", "-q", "--no-edit")
    assert ana.git("status", "--porcelain").stdout == ""
    [record] = json.loads((ana.root / STORE / "retired" / f"{base_id}.json").read_text())
    assert record["id"] == base_id and record["reason"] == ("removed: the cents column is gone; removed: CI converts "
                                                            "cents now")


def test_a_retirement_without_a_shared_record_is_refused_from_git_history(team: Team):
    """review14 R14-8: a lesson a teammate retired before retirements were shared (or with altimate-code) left only
    approved.json's history; a model's re-proposal of it in another clone went through with no note."""
    (ana, ben), base_id = start(team, "ana", "ben")
    ben.learn("retire", base_id, "--reason", "CI converts cents now")
    ben.learn("promote", "--yes")
    for path in (ben.root / STORE / "retired").iterdir():
        path.unlink()  # as an earlier version left it: approved.json alone changes
    ben.git("add", "-A")
    ben.git("commit", "-q", "--author", "Ben Teammate <ben@example.invalid>", "-m", "retire the cents rule")
    ben.git("push", "-q", "origin", "main")
    commit = ben.git("rev-parse", "HEAD").stdout.strip()
    ana.git("pull", "-q", "origin", "main")

    refused = _curate(ana, {"op": "ADD", "text": CENTS, "reason": "seen again"})
    assert (f"restates {base_id}, which was retired (left the approved set in commit {commit[:10]} (Ben Teammate, "
            in refused.stdout)
    _curate(ana, {"op": "ADD", "text": "Always convert `amount_cents` to dollars with `cents_to_dollars` in the "
                                       "staging models.", "reason": "seen again"})
    [staged] = _candidate(ana)
    assert f"close to {base_id}, which was retired (left the approved set in commit {commit[:10]}" \
        in staged["provenance"]


def test_a_lesson_a_merge_keeps_against_our_retirement_is_no_longer_retired(team: Team):
    """review14 R14-10: a teammate's edit kept with `learn resolve --theirs` brought the lesson back, but its
    retired.json record (and reason) stayed: search and the next removal's diff showed a removal that did not
    happen."""
    (ana, ben), base_id = start(team, "ana", "ben")
    ben.promote({"op": "EDIT", "id": base_id, "reason": "pinned down",
                 "text": "Convert `amount_cents` with `cents_to_dollars` in staging models only."})
    ben.commit("ben: edit")
    ben.git("push", "-q", "origin", "main")
    ana.learn("retire", base_id, "--reason", "CI converts cents now")
    ana.learn("promote", "--yes")
    ana.commit("ana: retire")
    pulled = ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert pulled.returncode != 0
    ana.learn("resolve", "--theirs", "--lesson", base_id)
    assert base_id in ana.ids()
    assert base_id not in [r["id"] for r in json.loads((ana.root / STORE / "retired.json").read_text())]
    assert not (ana.root / STORE / "retired" / f"{base_id}.json").exists()
    ana.git("commit", "-q", "--no-edit")
    assert ana.git("status", "--porcelain").stdout == ""
    assert ana.git("ls-files", str(STORE / "retired")).stdout == ""  # the merge commit does not share it either
    matches = json.loads(ana.learn("search", "cents", "--json").stdout)["matches"]
    assert [(m["state"], m["id"]) for m in matches] == [("approved", base_id)]


def test_learn_check_reads_the_shared_records(team: Team):
    """review14 R14-27: retired/*.json are committed team data, but `learn check` (the pre-commit and CI guard) did
    not read them, so conflict markers or a broken hand edit were committed with nothing stopping them, and
    `learn search` silently fell back to the git-history line."""
    (ana, ben), base_id = start(team, "ana", "ben")
    _retire_and_push(ben, base_id, "CI converts cents now")
    ana.git("pull", "-q", "origin", "main")
    record = ana.root / STORE / "retired" / f"{base_id}.json"
    good = record.read_text()
    assert ana.learn("check").stdout.startswith("OK: 2 files")
    record.write_text("<<<<<<< HEAD\n" + good + "=======\n" + good.replace("CI", "The CI") + ">>>>>>> theirs\n")
    checked = ana.learn("check", check=False)
    assert checked.returncode == 1
    assert f"retired/{base_id}.json: (file): conflict: git conflict markers" in checked.stdout + checked.stderr
    assert "learn resolve" in checked.stdout + checked.stderr
    found = ana.learn("search", "cents")
    assert f"retired/{base_id}.json cannot be read" in found.stderr and "learn check" in found.stderr
    record.write_text(json.dumps([{"id": "L-00000000", "text": "x"}]))
    checked = ana.learn("check", check=False)
    assert checked.returncode == 1 and f"retired/{base_id}.json: (file): schema:" in checked.stdout + checked.stderr
    record.write_text(good)
    assert ana.learn("check").returncode == 0


def test_status_names_a_shared_record_a_merge_left_with_markers_until_resolve(team: Team):
    """trial25: two teammates replacing (or retiring) the same lesson stop `git pull` on its retired/<id>.json
    ("CONFLICT (add/add)"); `learn status` said nothing of it, though `learn resolve` finishes it alone."""
    (ana, ben), base_id = start(team, "ana", "ben")
    _retire_and_push(ben, base_id, "CI converts cents now")
    _older_attributes(ana)  # a clone whose .gitattributes predates retired/*.json's line: the record merges as text
    ana.learn("retire", base_id, "--reason", "the cents column is gone")
    ana.learn("promote", "--yes")
    ana.commit("ana: retire cents too")
    assert ana.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False).returncode != 0
    record = f".altimate-code/learn/team-playbook/retired/{base_id}.json"
    out = ana.learn("status").stdout
    assert (f"  merge not finished: {record} has git conflict markers; `learn resolve` merges both sides as data "
            "(then `git commit`).") in out, out
    assert json.loads(ana.learn("status", "--json").stdout)["unfinished_merge"] == [record]
    ana.learn("resolve")
    assert "merge not finished" not in ana.learn("status").stdout
    assert json.loads(ana.learn("status", "--json").stdout)["unfinished_merge"] == []
