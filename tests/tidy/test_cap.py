"""The cap (`learn.max_in_force`): a full set folds a restating lesson, trades only a model-authored one, and
keeps what can be neither outside the cap, reported, never dropped."""

from __future__ import annotations

import json

from altimate_learn.curate.cap import read_outside
from altimate_learn.curate.curator import curate
from tests.curate.helpers import add, lesson, make_store, read

LATER = "2026-03-01T00:00:00.000Z"  # the stored lessons were created on 2026-01-01: past the 14-day grace
COMMIT = "Write commit messages in the imperative mood."
COMMIT_FOLDED = "Write commit messages in the imperative mood with a short subject line and a body explaining why."
SQL = "Keep SQL keywords in upper case in every model."
YAML = "Document every model in a schema file next to it."
NEW = "Prefer incremental materialization for event tables."


def _stamp(store, channels: dict[str, str]) -> None:
    store.write_json("vetted.json", {"lessons": {k: {"channel": v} for k, v in channels.items()}})


def test_a_full_set_folds_a_lesson_the_new_one_restates(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", COMMIT), lesson("L-0002", SQL), lesson("L-0003", YAML)])
    result = curate(store, [add(COMMIT_FOLDED)], max_in_force=3, now=LATER)
    assert [l["text"] for l in result.candidate] == [COMMIT_FOLDED, SQL, YAML]  # in the folded lesson's place
    [retired] = read(store, "candidate-retired.json")  # staged with the candidate
    assert retired["id"] == "L-0001" and retired["supersededBy"] == result.candidate[0]["id"]
    assert retired["reason"].startswith("folded into ")
    assert result.cap.folded == [{"id": result.candidate[0]["id"], "replaces": "L-0001"}]
    assert "1 folded" in result.summary and read_outside(store) == []


def test_a_fold_that_would_lose_an_exception_is_not_made(tmp_path):
    old = "Use `ref()` for every model reference, except in analyses."
    store = make_store(tmp_path, approved=[lesson("L-0001", old), lesson("L-0002", SQL)])
    _stamp(store, {"L-0001": "remember", "L-0002": "remember"})
    new = add("Use `ref()` for every model reference and every seed.", coexists=["L-0001"])
    result = curate(store, [new], max_in_force=2, now=LATER)
    assert [l["text"] for l in result.candidate] == [old, SQL]  # nothing folded, nothing traded
    [waiting] = read_outside(store)
    assert waiting["lesson"]["text"] == new["text"] and "max_in_force=2" in waiting["reason"]


def test_a_full_set_trades_only_the_weakest_model_authored_lesson(tmp_path):
    lessons = [lesson("L-0001", COMMIT), lesson("L-0002", SQL, helpful=0, harmful=1), lesson("L-0003", YAML)]
    store = make_store(tmp_path, approved=lessons)
    _stamp(store, {"L-0001": "remember", "L-0002": "tool_retry", "L-0003": "learner"})
    result = curate(store, [add(NEW)], max_in_force=3, now=LATER)
    assert [l["text"] for l in result.candidate] == [COMMIT, YAML, NEW]
    [retired] = read(store, "candidate-retired.json")  # staged with the candidate
    assert retired["id"] == "L-0002" and retired["reason"].startswith("traded: the set is full (max_in_force=3)")
    assert result.cap.traded == [{"id": result.candidate[2]["id"], "retired": "L-0002"}]
    assert any(line.startswith("TRADED L-0002 away for ") for line in result.cap.lines())


def test_a_persons_lessons_are_never_traded_and_the_new_one_waits_outside_the_cap(tmp_path):
    lessons = [lesson("L-0001", COMMIT), lesson("L-0002", SQL), lesson("L-0003", YAML, pinned=True)]
    store = make_store(tmp_path, approved=lessons)
    _stamp(store, {"L-0001": "remember", "L-0002": "correction", "L-0003": "tool_retry"})
    result = curate(store, [add(NEW)], max_in_force=3, now=LATER)
    assert [l["text"] for l in result.candidate] == [COMMIT, SQL, YAML]
    assert not result.changed and read(store, "retired.json") is None
    [waiting] = read_outside(store)
    assert waiting["lesson"]["text"] == NEW
    line = result.cap.lines()[-1]
    assert "1 lesson sits outside the 3-lesson limit and does NOT reach the agent" in line
    assert line.endswith("Fold the set down: `learn tidy`")
    assert result.summary == "1 outside the cap"


def test_a_young_or_repeated_model_lesson_is_not_traded(tmp_path):
    young = lesson("L-0001", COMMIT, created="2026-02-25T00:00:00.000Z")  # 4 days old on LATER
    repeated = lesson("L-0002", SQL, helpful=2)
    store = make_store(tmp_path, approved=[young, repeated])
    result = curate(store, [add(NEW)], max_in_force=2, now=LATER)
    assert [l["id"] for l in result.candidate] == ["L-0001", "L-0002"]
    assert [w["lesson"]["text"] for w in read_outside(store)] == [NEW]


def test_a_waiting_lesson_enters_when_there_is_room(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", COMMIT), lesson("L-0002", SQL)])
    _stamp(store, {"L-0001": "remember", "L-0002": "remember"})
    curate(store, [add(NEW)], max_in_force=2, now=LATER)
    [waiting] = read_outside(store)
    result = curate(store, [], max_in_force=3, now=LATER)
    assert [l["text"] for l in result.candidate] == [COMMIT, SQL, NEW]
    assert result.cap.entered == [waiting["id"]] and read_outside(store) == []
    assert not store.path("outside-cap.json").exists()


def test_the_reflector_is_told_to_fold_when_the_set_is_full():
    from altimate_learn.reflect.prompts import build_prompt

    lessons = [lesson(f"L-000{i}", f"Rule number {i}.") for i in range(3)]
    _, full = build_prompt(lessons, "digest", "feedback", "user", max_in_force=3)
    _, room = build_prompt(lessons, "digest", "feedback", "user", max_in_force=4)
    assert "The set is full: 3 lessons in force, the limit is 3." in full and '"supersedes"' in full
    assert "The set is full" not in room


def test_remember_on_a_full_set_says_it_does_not_reach_the_agent(git_repo, cli):
    (git_repo / ".altimate-code").mkdir(exist_ok=True)
    (git_repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps({"learn": {"max_in_force": 1}}))
    assert cli("remember", COMMIT, "--approve")[0] == 0
    code, out, err = cli("remember", NEW)
    assert code == 0, err
    assert out.splitlines()[0].startswith("Saved L-")
    assert "outside the cap: the set is full (max_in_force=1)" in out.splitlines()[0]
    assert out.splitlines()[1] == ("It does NOT reach the agent. Fold the set down with `learn tidy`, or raise "
                                   "learn.max_in_force.")
    store_dir = git_repo / ".altimate-code/learn/team-playbook"
    assert [l["text"] for l in json.loads((store_dir / "approved.json").read_text())] == [COMMIT]
    assert json.loads((store_dir / "outside-cap.json").read_text())["items"][0]["lesson"]["text"] == NEW


def test_the_trade_takes_the_weakest_by_score_then_age_skipping_pinned_and_helpful_lessons(tmp_path):
    texts = ["Name seeds after their source system.", "Keep macros in one folder per domain.",
             "Quote identifiers only when they need it.", "Alias every joined table explicitly.",
             "Put tests for marts in their own folder.", "Use snapshots for slowly changing tables."]
    lessons = [lesson("L-0001", texts[0], harmful=2, pinned=True),  # weakest, but pinned
               lesson("L-0002", texts[1], helpful=1),  # marked helpful: never traded
               lesson("L-0003", texts[2]), lesson("L-0004", texts[3], harmful=1),
               lesson("L-0005", texts[4], harmful=1), lesson("L-0006", texts[5])]
    lessons[4]["created"] = "2025-12-01T00:00:00.000Z"  # older than L-0004, same score
    store = make_store(tmp_path, approved=lessons)
    _stamp(store, {f"L-000{n}": "learner" for n in range(1, 7)})
    result = curate(store, [add(NEW), add("Prefer CTEs over nested subqueries in models.")], max_in_force=6,
                    now=LATER)
    assert [t["retired"] for t in result.cap.traded] == ["L-0005", "L-0004"]
    assert {"L-0001", "L-0002", "L-0003", "L-0006"} <= {l["id"] for l in result.candidate}
