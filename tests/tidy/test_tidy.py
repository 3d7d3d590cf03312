"""`learn tidy`: merge, graduate, drain; --dry-run writes nothing; one tidy is one undo, byte for byte."""

from __future__ import annotations

import pytest

from altimate_learn.errors import LearnError
from altimate_learn.tidy.run import tidy, undo
from tests.tidy.helpers import (AGENTS_MD, CLAUDE_MD, COMMIT, COMMIT_LONG, PROVEN, SQL, approved, lesson, setup,
                                snapshot, store_file)

NOW = "2026-03-01T00:00:00.000Z"


def _store(repo):
    # L-0001 proved itself (10 sessions, helpful 1); L-0002 is carried by L-0003; L-0004 is plain
    return setup(repo, [lesson("L-0001", PROVEN, helpful=1), lesson("L-0002", COMMIT), lesson("L-0003", COMMIT_LONG),
                        lesson("L-0004", SQL)], delivered={"L-0001": 10, "L-0004": 3})


def test_dry_run_writes_nothing_and_shows_both_diffs(git_repo):
    store = _store(git_repo)
    before = snapshot(git_repo)
    result = tidy(store, dry_run=True, now=NOW)
    assert snapshot(git_repo) == before
    assert [g["id"] for g in result.graduated] == ["L-0001"]
    assert result.merged == [{"id": "L-0003", "text": COMMIT_LONG, "covers": ["L-0003", "L-0002"]}]
    assert sorted(result.files) == [".altimate-code/learn/team-playbook/approved.json",
                                    ".altimate-code/learn/team-playbook/graduated.json",
                                    ".altimate-code/learn/team-playbook/retired.json",
                                    # the shared records of the graduated and the merged-away lesson (R13-13)
                                    ".altimate-code/learn/team-playbook/retired/L-0001.json",
                                    ".altimate-code/learn/team-playbook/retired/L-0002.json",
                                    ".altimate-code/learn/team-playbook/vetted.json", "AGENTS.md", "CLAUDE.md"]
    assert f"+- {PROVEN}" in result.diffs["AGENTS.md"] and f"+- {PROVEN}" in result.diffs["CLAUDE.md"]
    assert result.undo is None


def test_graduation_writes_only_inside_the_markers_of_agents_md_and_claude_md(git_repo):
    store = _store(git_repo)
    result = tidy(store, now=NOW)
    agents = (git_repo / "AGENTS.md").read_text()
    head, rest = AGENTS_MD.split("<!-- learn:graduated -->")
    _, tail = rest.split("<!-- /learn:graduated -->")
    assert agents.startswith(head) and agents.endswith(tail)  # every byte outside the markers kept
    block = agents[len(head):len(agents) - len(tail)]
    assert "- Name staging models `stg_<source>__<table>` (hand-edited by Ana).\n" in block  # a person's edit survives
    assert f"- {PROVEN}\n" in block
    claude = (git_repo / "CLAUDE.md").read_text()
    assert claude.startswith(CLAUDE_MD) and f"- {PROVEN}\n" in claude
    assert claude[len(CLAUDE_MD):].startswith("\n<!-- learn:graduated -->\n")
    assert [l["id"] for l in approved(git_repo)] == ["L-0003", "L-0004"]  # out of the set's slots
    graduated = store_file(git_repo, "graduated.json")["lessons"]["L-0001"]
    assert graduated["files"] == ["AGENTS.md", "CLAUDE.md"] and "10 sessions" in graduated["why"]
    retired = {r["id"]: r for r in store_file(git_repo, "retired.json")}
    assert retired["L-0001"]["reason"].startswith("graduated into AGENTS.md, CLAUDE.md")
    assert retired["L-0002"]["supersededBy"] == "L-0003"
    assert result.summary().startswith("1 merged, 0 rewritten, 1 retired, 0 quarantined, 1 now permanent — 4 → 2")


def test_the_graduated_block_is_excluded_from_the_instruction_hash(git_repo):
    from altimate_learn.instructions.files import discover

    store = _store(git_repo)
    before = discover(git_repo).hash
    tidy(store, now=NOW)
    assert discover(git_repo).hash == before


def test_tidy_then_undo_leaves_every_file_byte_identical(git_repo):
    store = _store(git_repo)
    before = snapshot(git_repo)
    result = tidy(store, now=NOW)
    assert snapshot(git_repo) != before and result.undo == 1
    done = undo(store)
    assert snapshot(git_repo) == before
    assert "AGENTS.md" in done["restored"] and ".altimate-code/learn/team-playbook/approved.json" in done["restored"]
    with pytest.raises(LearnError, match="nothing to undo"):
        undo(store)


def test_undo_refuses_when_a_file_changed_since(git_repo):
    store = _store(git_repo)
    tidy(store, now=NOW)
    edited = (git_repo / "AGENTS.md").read_text() + "\nA person's new line.\n"
    (git_repo / "AGENTS.md").write_text(edited)
    after = snapshot(git_repo)
    with pytest.raises(LearnError) as info:
        undo(store)
    assert str(info.value).startswith("AGENTS.md changed since the tidy of")
    assert snapshot(git_repo) == after  # nothing restored


def test_an_undo_after_a_crash_half_way_restores_what_was_written(git_repo, monkeypatch):
    from altimate_learn.tidy import run

    store = _store(git_repo)
    before = snapshot(git_repo)
    real = run.atomic_write if hasattr(run, "atomic_write") else None
    del real
    from altimate_learn.store import fsio

    calls = {"n": 0}
    original = fsio.atomic_write

    def crash_on_third(path, data, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3 and "state/tidy" not in str(path):
            raise OSError(28, "No space left on device")
        return original(path, data, **kwargs)

    monkeypatch.setattr(fsio, "atomic_write", crash_on_third)
    with pytest.raises(OSError):
        tidy(store, now=NOW)
    monkeypatch.setattr(fsio, "atomic_write", original)
    store.approved()  # the store is still valid
    undo(store)
    assert snapshot(git_repo) == before


def test_a_block_with_a_duplicated_marker_stops_tidy_with_one_line(git_repo):
    broken = AGENTS_MD + "\n<!-- learn:graduated -->\n"
    store = _store(git_repo)
    (git_repo / "AGENTS.md").write_text(broken)
    before = snapshot(git_repo)
    with pytest.raises(LearnError) as info:
        tidy(store, now=NOW)
    assert "unbalanced learn markers" in str(info.value) and "\n" not in str(info.value)
    assert snapshot(git_repo) == before


def test_an_instruction_file_edited_between_plan_and_write_is_left_alone(git_repo, monkeypatch):
    from altimate_learn.tidy import rewrite

    store = _store(git_repo)
    original = rewrite.dense_block

    def edit_meanwhile(bullets, chat=None, **kwargs):
        (git_repo / "AGENTS.md").write_text(AGENTS_MD + "Someone edited this meanwhile.\n")
        return original(bullets, chat, **kwargs)

    monkeypatch.setattr(rewrite, "dense_block", edit_meanwhile)
    before_store = snapshot(git_repo)
    with pytest.raises(LearnError, match="AGENTS.md changed while tidy was planning; nothing was written"):
        tidy(store, now=NOW)
    after = snapshot(git_repo)
    assert after["AGENTS.md"].endswith(b"Someone edited this meanwhile.\n")
    assert {k: v for k, v in after.items() if k != "AGENTS.md"} == \
        {k: v for k, v in before_store.items() if k != "AGENTS.md"}


def test_a_staged_candidate_is_refused(git_repo):
    store = _store(git_repo)
    store.write_lessons(store.CANDIDATE, [lesson("L-0009", SQL)])
    with pytest.raises(LearnError, match="a candidate is staged"):
        tidy(store, now=NOW)


def test_a_set_over_the_cap_drains_model_lessons_and_never_a_persons(git_repo):
    (git_repo / ".altimate-code").mkdir(exist_ok=True)
    (git_repo / ".altimate-code" / "altimate-code.json").write_text('{"learn": {"max_in_force": 2}}')
    lessons = [lesson("L-0001", "Prefer incremental models for event tables."),
               lesson("L-0002", "Document every model in a schema file next to it."),
               lesson("L-0003", "Use snake case for every column name.", created="2026-02-27T00:00:00.000Z"),
               lesson("L-0004", SQL)]
    store = setup(git_repo, lessons, channels={"L-0001": "tool_retry", "L-0002": "remember", "L-0003": "learner",
                                               "L-0004": "review"})
    result = tidy(store, now=NOW)
    assert [l["id"] for l in approved(git_repo)] == ["L-0002", "L-0003", "L-0004"]
    assert [r["id"] for r in result.retired] == ["L-0001"]
    assert result.still_over == {"over": 1, "in_force": 3, "protected": 2, "young": 1, "different": 0}


def test_a_person_repeating_a_lesson_graduates_it(git_repo):
    import json

    store = setup(git_repo, [lesson("L-0001", SQL, helpful=1), lesson("L-0002", COMMIT)])
    with open(store.path("history.jsonl"), "a") as handle:
        handle.write(json.dumps({"at": NOW, "op": "remember", "channel": "remember", "author": "person",
                                 "applied": [{"op": "HELPFUL", "id": "L-0001"}]}) + "\n")
    result = tidy(store, now=NOW)
    assert result.graduated == [{"id": "L-0001", "text": SQL, "why": "a person repeated it"}]


def test_related_lessons_are_grouped_by_identifier_wording_and_paths():
    from altimate_learn.tidy.rewrite import groups

    scoped = {"trigger": {"paths": ["models/staging/**"]}}
    lessons = [lesson("L-0001", "Convert `amount_cents` with the macro."),
               lesson("L-0002", "Never round `amount_cents` before the final mart."),
               lesson("L-0003", "Keep staging models thin and rename columns there.", **scoped),
               lesson("L-0004", "Rename staging columns to snake case.", **scoped),
               lesson("L-0005", "Keep analyses thin and rename their outputs.", created="2026-01-02T00:00:00.000Z"),
               lesson("L-0006", "Pin `amount_cents` first.", pinned=True)]
    assert groups(lessons, skip=set()) == [["L-0001", "L-0002"], ["L-0003", "L-0004"]]


def test_a_session_whose_sub_agents_were_given_the_lesson_counts_once_toward_graduation(git_repo):
    """check50 C50-11: a Claude Code sub-agent's file lessons are recorded under "<session> agent <id>" (review50
    R50-7), so a lesson given to the main agent and two sub-agents in each of 4 sessions read as delivered in 12
    sessions and graduated into AGENTS.md and CLAUDE.md (10 needed)."""
    import json

    from altimate_learn.tidy.graduate import evidence

    store = setup(git_repo, [lesson("L-0001", PROVEN, helpful=1), lesson("L-0004", SQL)])
    with open(store.path("shown.jsonl"), "w") as handle:
        for n in range(4):
            for session in (f"s-{n}", f"s-{n} agent a{n}1", f"s-{n} agent a{n}2"):
                handle.write(json.dumps({"session": session, "id": "L-0001", "tier": "file", "at": NOW}) + "\n")
    result = tidy(store, dry_run=True, now=NOW)
    assert result.graduated == []  # before: L-0001 graduated, "delivered in 12 sessions"
    assert evidence(store)["L-0001"].sessions == {"s-0", "s-1", "s-2", "s-3"}
