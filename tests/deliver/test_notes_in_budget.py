"""R22-6: the learner's blocks the session-start hook gives (harness/learned_notes) count inside budget_tokens.

A person who sets learn.budget_tokens expects the session's whole injection to fit it: the approved lessons of the
session start and their personal notes (AGENTS.local.md), together. When both do not fit, each keeps half: the
notes give way past half of the budget (the bullets left out are named, and the file has them), the lessons past
what the notes take. `learn deliver` shows the notes an agent would get, and `learn doctor` counts them.
"""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN
from tests.deliver.helpers import context_of, lesson, run_hook, write_store
from tests.harness.test_hooks import recorded

BUDGET = 400
# twelve personal notes of ~150 characters: ~470 tokens, more than half of a 400-token budget
NOTES = [f"Note {n:02d}: on this laptop the staging warehouse for ticket batch {n} answers on port {5400 + n}, "
         f"and its seed files live under the fixtures folder." for n in range(12)]
RULES = ["Staging models rename every column to snake_case before the first join.",
         "Convert `*_cents` columns to dollars with the `cents_to_dollars` macro.",
         "Every mart model declares an owner in its schema file.",
         "Use `ref()` for model dependencies, never a hard-coded table name.",
         "Incremental models filter on `updated_at` with a three-day lookback.",
         "Seeds hold reference data only: no customer rows in version control.",
         "Window functions get an explicit `order by`, even when one row per key is expected.",
         "Tests on primary keys are `unique` and `not_null` together."]
LESSONS = [lesson(f"L-{n + 1:04x}", text, pinned=True) for n, text in enumerate(RULES)]


def project(root: Path, *, budget: int = BUDGET, notes: list[str] = NOTES, lessons: list[dict] = LESSONS) -> None:
    write_store(root, lessons)
    config = root / ".altimate-code" / "altimate-code.json"
    config.write_text(json.dumps({"learn": {"budget_tokens": budget}}))
    (root / "AGENTS.local.md").write_text(
        "\n".join(["# Mine", LEARNED_OPEN, *(f"- {b}" for b in notes), LEARNED_CLOSE]) + "\n")


def tokens(text: str) -> int:
    return -(-len(text) // 4)


def claude(root: Path, event: str, **extra) -> str:
    payload = {**next(e for e in recorded("claude", root) if e["hook_event_name"] == event), **extra}
    out = run_hook("claude-code", payload, cwd=root)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return context_of(out.stdout)


def test_lessons_and_notes_together_fit_the_budget_and_say_what_was_left_out(git_repo: Path):
    project(git_repo)
    start = claude(git_repo, "SessionStart")
    assert tokens(start) <= BUDGET  # before: 636 (8 lessons and every note)
    shown_notes = [n for n in NOTES if n in start]
    shown_rules = [lesson_["text"] for lesson_ in LESSONS if lesson_["text"] in start]
    assert shown_notes and shown_rules  # both appear: neither pushes the other out
    assert len(shown_notes) < len(NOTES)
    assert shown_notes == NOTES[: len(shown_notes)]  # the last bullets give way first
    left = len(NOTES) - len(shown_notes)
    assert (f"({left} more bullets of AGENTS.local.md left out to keep the session within its token budget, "
            "learn.budget_tokens; the file has them.)") in start
    # the notes took at most half: the lessons kept the rest
    notes_part = start[start.index(LEARNED_OPEN):]
    assert tokens(notes_part) <= BUDGET // 2 + 1
    # the first request's retrieved tier fits in what the section and the notes leave
    request = claude(git_repo, "UserPromptSubmit", prompt="add a staging model for source system 3 and rename columns")
    assert tokens(start) + tokens(request) <= BUDGET + 1


def test_notes_that_fit_with_the_lessons_are_all_given_and_the_section_is_unchanged(git_repo: Path):
    project(git_repo, budget=3000)
    start = claude(git_repo, "SessionStart")
    assert all(n in start for n in NOTES) and all(item["text"] in start for item in LESSONS)
    assert "left out" not in start


def test_without_approved_lessons_the_notes_may_use_the_whole_budget(git_repo: Path):
    project(git_repo, lessons=[])
    start = claude(git_repo, "SessionStart")
    assert tokens(start) <= BUDGET
    assert sum(n in start for n in NOTES) > (BUDGET // 2) * 4 // len(NOTES[0])  # more than half's worth


def test_learn_deliver_shows_the_notes_an_agent_gets_and_what_was_left_out(git_repo: Path, run_learn):
    project(git_repo)
    proc = run_learn("deliver", "--session", "cli-n1", "--request", "add a staging model", "--agent", "claude-code",
                     cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert NOTES[0] in proc.stdout and LESSONS[0]["text"] in proc.stdout
    assert tokens(proc.stdout.rstrip("\n")) <= BUDGET
    assert "learned bullets of AGENTS.local.md left out: they do not fit the session's token budget" in proc.stderr
    out = json.loads(run_learn("deliver", "--session", "cli-n2", "--request", "add a staging model", "--json",
                               cwd=git_repo).stdout)
    assert NOTES[0] in out["learned_notes"] and out["learned_notes"] in out["text"]
    # later requests of the session do not get them again
    later = json.loads(run_learn("deliver", "--session", "cli-n2", "--request", "and a second one", "--json",
                                 cwd=git_repo).stdout)
    assert later["learned_notes"] == "" and NOTES[0] not in later["text"]
    # an agent that loads the file gets nothing of it (CLAUDE.local.md beside CLAUDE.md: Claude Code loads it)
    (git_repo / "CLAUDE.md").write_text("# Guide\n")
    (git_repo / "AGENTS.local.md").rename(git_repo / "CLAUDE.local.md")
    mine = json.loads(run_learn("deliver", "--session", "cli-n3", "--request", "add a staging model", "--agent",
                                "claude-code", "--json", cwd=git_repo).stdout)
    assert mine["learned_notes"] == "" and LESSONS[0]["text"] in mine["text"]


def test_learn_doctor_counts_the_notes_in_the_session_start(git_repo: Path, run_learn):
    project(git_repo)
    out = json.loads(run_learn("doctor", "--json", cwd=git_repo).stdout)
    assert 0 < out["tokens"]["learned_notes"]["tokens"] <= BUDGET // 2 + 1
    assert out["tokens"]["per_request"] <= BUDGET
    assert out["tokens"]["learned_notes"]["left_out"] == {"AGENTS.local.md": len(NOTES) - out["tokens"]["learned_notes"]["bullets"]}
    text = run_learn("doctor", cwd=git_repo).stdout
    assert "learned notes" in text and "left out" in text
