"""Codex rewrites its `MEMORY.md` bullets at every consolidation: a rewritten bullet is the same memory, whose
new version replaces its lesson (as a rewritten Claude Code memory file does), never "gone" plus a duplicate or
a conflict worded for the curator's deltas (review9 R9-8). The handbook is laid out as Codex 0.171.0 writes it
(see tests/capture/test_codex_memory.py)."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.sessions import codex_memory as cx
from tests.history.test_memory_import import approved, candidate, run_json, store_dir

HANDBOOK = """# Task Group: {repo} billing service fixes

scope: fixing the billing service of this checkout
applies_to: cwd={repo}; reuse_rule=safe for this checkout only

## Task 1: fix the invoice totals, success

### rollout_summary_files

- rollout_summaries/2026-11-20T09-41-05-ab12-fix_totals.md (cwd={repo}, rollout_path=/home/dev/.codex/sessions/x.jsonl, updated_at=2026-11-20T09:41:05+00:00)

## User preferences

- when running tests, the user asked: "just pytest -q please" -> {tests} [Task 1]
- when editing billing code, the user corrected: "no floats for money" -> Use `Decimal.quantize(...)` for every rounding of amounts [Task 1]
"""

PYTEST = "Run `pytest -q` in this repo."


def write_handbook(repo: Path, tests: str = PYTEST, *, situation: str | None = None) -> Path:
    root = cx.codex_home() / "memories"
    root.mkdir(parents=True, exist_ok=True)
    text = HANDBOOK.format(repo=repo, tests=tests)
    if situation is not None:
        text = text.replace('when running tests, the user asked: "just pytest -q please"', situation)
    path = root / "MEMORY.md"
    path.write_text(text)
    return path


def _tests_outcome(result: dict) -> dict:
    [outcome] = [m for m in result["memories"] if "pytest" in (m["text"] or "") or "tox" in (m["text"] or "")
                 or m["status"] == "conflict"]
    return outcome


def imported_and_approved(cli, repo: Path) -> str:
    write_handbook(repo)
    result = run_json(cli, "--agent", "codex")
    assert sorted(m["status"] for m in result["memories"]) == ["staged", "staged"]
    assert cli("promote", "--yes")[0] == 0
    [lesson] = [l for l in approved(repo) if "pytest" in l["text"]]
    assert lesson["text"] == "When running tests, run `pytest -q` in this repo."
    return lesson["id"]


def test_a_rewritten_default_replaces_the_approved_lesson_and_nothing_is_gone(cli, git_repo):
    first = imported_and_approved(cli, git_repo)
    write_handbook(git_repo, "Run `pytest -q -x` in this repo.")
    code, out, err = cli("import-memories", "--agent", "codex")
    assert code == 0, err
    assert "is gone" not in out and "merged" not in out
    assert f"replaces {first} (superseded)" in out and "1 replacement" in out
    [new] = [l for l in candidate(git_repo) if "pytest" in l["text"]]
    assert new["id"] != first and new["text"] == "When running tests, run `pytest -q -x` in this repo."
    retired = json.loads((store_dir(git_repo) / "candidate-retired.json").read_text())  # staged until promote
    assert [(r["id"], r["supersededBy"]) for r in retired] == [(first, new["id"])]
    # the next run finds the same memory unchanged
    result = run_json(cli, "--agent", "codex")
    assert {m["status"] for m in result["memories"]} == {"unchanged"} and result["deleted"] == []


def test_an_opposite_rewrite_is_a_replacement_not_a_conflict_in_curator_words(cli, git_repo):
    first = imported_and_approved(cli, git_repo)
    write_handbook(git_repo, "Run the tests with `tox -e py311` in this repo, never bare `pytest`.")
    result = run_json(cli, "--agent", "codex")
    outcome = _tests_outcome(result)
    assert outcome["status"] == "replacement" and first in outcome["reason"], outcome
    assert result["deleted"] == []
    assert any("tox -e py311" in l["text"] for l in candidate(git_repo))


def test_a_bullet_rewritten_whole_replaces_the_lesson_of_the_bullet_that_disappeared(cli, git_repo):
    first = imported_and_approved(cli, git_repo)
    write_handbook(git_repo, "Run the tests with `tox -e py311` in this repo, never bare `pytest`.",
                   situation='when running the test suite, the user corrected: "we use tox now"')
    code, out, err = cli("import-memories", "--agent", "codex")
    assert code == 0, err
    assert "is gone" not in out and "EDIT it" not in out and "supersedes" not in out
    assert f"replaces {first} (superseded)" in out
    state = json.loads((store_dir(git_repo) / "memories.json").read_text())["memories"]
    assert sorted(e["status"] for e in state.values()) == ["replacement", "staged"]


def test_a_conflict_names_what_a_person_can_run(cli, git_repo):
    from altimate_learn.schema import make_lesson
    from altimate_learn.store import Store, project

    store = Store(project(git_repo))
    store.ensure()
    store.write_lessons(Store.APPROVED, [make_lesson("Never run bare `pytest` here; use `tox -e py311`.",
                                                     lesson_id="L-aaaa0001", now="2026-11-01T00:00:00Z")])
    write_handbook(git_repo)
    code, out, err = cli("import-memories", "--agent", "codex")
    assert code == 0, err
    [line] = [l for l in out.splitlines() if l.lstrip().startswith("conflict")]
    assert "L-aaaa0001" in line and "EDIT it" not in line and '"supersedes"' not in line
    assert ('to make "When running tests, run `pytest -q` in this repo." the rule, pass it to `learn remember` '
            "(it replaces L-aaaa0001)") in line
    assert "to keep L-aaaa0001, do nothing" in line


def test_memories_imported_under_the_old_whole_text_key_are_not_imported_again(cli, git_repo):
    from altimate_learn.capture.sessions._memory import digest_of, one_line

    write_handbook(git_repo)
    run_json(cli, "--agent", "codex")
    path = store_dir(git_repo) / "memories.json"
    entries = json.loads(path.read_text())["memories"]
    by_lesson = {e["lesson"]: e for e in entries.values()}
    lessons = {l["id"]: l["text"] for l in candidate(git_repo)}
    # the state as learn before this change wrote it: each bullet keyed by a digest of its whole text
    group = one_line(f"{git_repo} billing service fixes").lower()
    old = {}
    for line in (cx.codex_home() / "memories" / "MEMORY.md").read_text().splitlines():
        if line.startswith("- when"):
            bullet = one_line(line[2:])
            word = "pytest" if "pytest" in bullet else "Decimal"
            [lesson] = [i for i, text in lessons.items() if word in text]
            old["codex:memories/MEMORY.md#" + digest_of(group, "User preferences", bullet)[:16]] = by_lesson[lesson]
    assert len(old) == 2 and set(old).isdisjoint(entries)
    path.write_text(json.dumps({"version": 1, "memories": old}))
    code, out, _ = cli("status")
    assert "agent memories: 2 team memories of this repository, 2 not yet reviewed: 2 in the candidate" in out
    result = run_json(cli, "--agent", "codex")
    assert {m["status"] for m in result["memories"]} == {"unchanged"} and result["deleted"] == []
    assert json.loads(path.read_text())["memories"] == entries  # moved to the current keys, as they were
    assert "2 not yet reviewed: 2 in the candidate" in cli("status")[1]


def test_a_renamed_task_group_is_the_same_memory_not_gone_and_not_helpful(cli, git_repo):
    """review10 R10-4: Codex's next consolidation renames the group; the bullets are unchanged."""
    imported_and_approved(cli, git_repo)
    path = cx.codex_home() / "memories" / "MEMORY.md"
    path.write_text(path.read_text().replace("billing service fixes", "billing service fixes and invoice refactors"))
    code, out, err = cli("import-memories", "--agent", "codex")
    assert code == 0, err
    assert "is gone" not in out and "merged" not in out and "learn retire" not in out
    assert "2 memories already imported and unchanged" in out
    assert all(l["helpful"] == 0 for l in approved(git_repo))
    assert candidate(git_repo) == []  # nothing to review: the same memories
    result = run_json(cli, "--agent", "codex")
    assert {m["status"] for m in result["memories"]} == {"unchanged"} and result["deleted"] == []


def test_a_renamed_claude_memory_file_and_a_rewritten_gemini_fact_are_the_same_memories(cli, git_repo):
    from tests.capture.test_gemini_memory import register
    from tests.history.test_memory_import import RUFF, claude_folder, write

    old = write(claude_folder(git_repo), "feedback_ruff.md", RUFF)
    gemini = register(git_repo, "repo") / "memory"
    gemini.mkdir(parents=True)
    (gemini / "MEMORY.md").write_text("- Run the unit tests with `npm test -- --run`.\n")
    both = ("--agent", "all", "--type", "feedback,user")  # Gemini's private memory is personal: asked for (trial18)
    run_json(cli, *both)
    assert cli("promote", "--yes")[0] == 0
    old.rename(old.with_name("feedback_formatting.md"))
    (gemini / "MEMORY.md").write_text("- Run the unit tests with `npm test -- --run --silent`.\n")
    result = run_json(cli, *both)
    assert result["deleted"] == []
    statuses = {m["file"]: (m["status"], m["reason"]) for m in result["memories"]}
    assert statuses["feedback_formatting.md"] == ("unchanged", None)
    # Gemini's private memory is personal: its bullet in AGENTS.local.md is replaced, not added beside (trial21)
    assert statuses["memory/MEMORY.md"] == ("local", "replaces the bullet it wrote before")
    local = (git_repo / "AGENTS.local.md").read_text()
    assert "- Run the unit tests with `npm test -- --run --silent`." in local
    assert "- Run the unit tests with `npm test -- --run`.\n" not in local
    assert all(l["helpful"] == 0 for l in candidate(git_repo) or [])
    assert "Run the unit tests" not in json.dumps(candidate(git_repo) or []) + json.dumps(approved(git_repo))


def test_an_unreadable_handbook_is_skipped_and_its_memories_are_not_gone(cli, git_repo):
    """review12 R12-11: one stray NUL byte in MEMORY.md (a crashed write, a bad sync) made every memory imported
    from it "deleted", with advice to `learn retire` each lesson. Not read is not gone."""
    first = imported_and_approved(cli, git_repo)
    path = write_handbook(git_repo)
    path.write_bytes(path.read_bytes() + b"\n- a torn line \x00\n")
    for args in (("--dry-run",), ()):
        code, out, err = cli("import-memories", "--agent", "codex", *args)
        assert code == 0, err
        assert "memories/MEMORY.md" in out and "is gone" not in out and "learn retire" not in out
        result = run_json(cli, "--agent", "codex", *args)
        assert result["deleted"] == [] and [s["file"] for s in result["skipped"]] == ["memories/MEMORY.md"]
    assert first in {l["id"] for l in approved(git_repo)}
    write_handbook(git_repo)  # repaired: the same memories, unchanged, nothing to do
    result = run_json(cli, "--agent", "codex")
    assert {m["status"] for m in result["memories"]} == {"unchanged"} and result["deleted"] == []
