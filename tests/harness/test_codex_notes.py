"""trial27: a rule that began as a Codex ad-hoc note and was promoted reached that person's Codex twice, in learn's
team rules and in Codex's own memory summary (Codex's consolidation copies a note's rule there, tagged
"[ad-hoc note]", and Codex 0.171 puts the summary in every session while its memories are on). The Codex hook leaves
such a lesson out of that machine's session start; the real-CLI check is tests/e2e/test_memories_e2e.py."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from altimate_learn.capture.sessions.codex_memory import injected_notes, repeats_note
from altimate_learn.schema import make_lesson
from altimate_learn.store import ProjectPaths, Store
from tests.deliver.helpers import context_of, run_hook

NOW = "2026-01-05T10:00:00Z"
NOTE_RULE = "Always convert money columns with the cents_to_dollars macro; never divide by 100 inline."
SUMMARY = """v1

## User Profile
- Works on a dbt analytics warehouse.

## User preferences
- Prefers small, focused commits.
- The user wants money columns converted with the cents_to_dollars macro and never divided by 100 inline [ad-hoc note]
- Never uses `sqlfluff fix` in CI [ad-hoc note]

## General Tips
- Run make test before pushing.
"""


NOTE = "2026-12-05T04-00-00-cents-to-dollars.md"
FROM_NOTE = f"from Codex's memory 'cents-to-dollars' (memories_v2/extensions/ad_hoc/notes/{NOTE}, modified 2026-12-05, on dev@box)"


@pytest.fixture
def project(tmp_path: Path, isolated_home: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    seed(root, [
        make_lesson("Write commit subjects in the imperative mood.", lesson_id="L-c0e1", now=NOW, pinned=True),
        make_lesson(NOTE_RULE, lesson_id="L-c0de", now=NOW, provenance=FROM_NOTE),
        make_lesson("Use `sqlfluff fix` in CI.", lesson_id="L-5f1f", now=NOW),
        make_lesson("Run make test before pushing.", lesson_id="L-7e57", now=NOW)])  # untagged: Codex's own tip
    return root


def seed(root: Path, lessons: list[dict]) -> None:
    store = Store(ProjectPaths(root), "team-playbook")
    store.ensure()
    store.write_lessons(Store.APPROVED, lessons)


def codex_memory(summary: str | None, *, memories: bool, note: str | None = NOTE_RULE) -> Path:
    home = Path(os.environ["CODEX_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('model = "gpt-5.5"\n' + ("[features]\nmemories = true\n" if memories else ""))
    notes = home / "memories_v2" / "extensions" / "ad_hoc" / "notes"
    notes.mkdir(parents=True, exist_ok=True)
    if summary is not None:
        (home / "memories_v2" / "memory_summary.md").write_text(summary)
    if note is not None:
        (notes / NOTE).write_text(note + "\n")
    return home


def start(root: Path, session: str) -> str:
    payload = {"hook_event_name": "SessionStart", "session_id": session, "cwd": str(root), "source": "startup",
               "transcript_path": None, "model": "gpt-5.5", "permission_mode": "default"}
    proc = run_hook("codex", payload, cwd=root)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def test_the_rule_codex_already_gives_from_its_note_is_left_out_of_its_session_start(project: Path):
    codex_memory(SUMMARY, memories=True)
    section = start(project, "s-on")
    assert "cents_to_dollars" not in section
    assert "imperative mood" in section and "Run make test" in section  # an untagged bullet is Codex's own tip
    assert "Use `sqlfluff fix` in CI." in section  # "Never uses `sqlfluff fix`" is the opposite rule
    log = (project / ".altimate-code" / "learn" / ".sessions" / "hook.log").read_text()
    assert "left out 1 lesson Codex's own memory summary already gives" in log


@pytest.mark.parametrize("summary,memories,note", [
    (SUMMARY, False, NOTE_RULE),  # memories off: Codex reads no summary
    (None, True, NOTE_RULE),  # no summary yet
    (SUMMARY.replace(" [ad-hoc note]", ""), True, NOTE_RULE),  # the bullet is not Codex's copy of a note
    (SUMMARY, True, None),  # the note the lesson came from is gone from this machine
    (SUMMARY, True, "Always convert money columns with the to_dollars macro; never divide by 100 inline."),
])
def test_without_that_note_in_the_session_the_lesson_comes_from_learn(project: Path, summary, memories, note):
    codex_memory(summary, memories=memories, note=note)
    assert "cents_to_dollars" in start(project, "s-off")


def test_a_lesson_the_team_changed_after_the_import_comes_from_learn(project: Path):
    """review25 R25-6: a team's rule that differs from the person's note ("pnpm" where the note said "yarn", port
    5432 where it said 5433) was left out because most words matched: only a lesson still the note's is."""
    codex_memory(SUMMARY, memories=True)
    edited = make_lesson(NOTE_RULE.replace("cents_to_dollars", "to_usd"), lesson_id="L-c0de", now=NOW,
                         provenance=FROM_NOTE)
    edited["updated"] = "2026-02-01T10:00:00Z"
    seed(project, [edited])
    assert "to_usd" in start(project, "s-edited")
    unedited = make_lesson(NOTE_RULE.replace("cents_to_dollars", "to_usd"), lesson_id="L-c0de", now=NOW,
                           provenance=FROM_NOTE)  # another note's provenance, say: not what the note says
    seed(project, [unedited])
    assert "to_usd" in start(project, "s-other")
    from_no_note = make_lesson(NOTE_RULE, lesson_id="L-c0de", now=NOW)  # the same words, learned elsewhere
    seed(project, [from_no_note])
    assert "cents_to_dollars" in start(project, "s-elsewhere")


@pytest.mark.parametrize("lesson,bullet", [
    ("Use `pnpm` in the web app.", "Use `yarn` in the web app. [ad-hoc note]"),
    ("Use port 5432 for the local database.", "Use port 5433 for the local database. [ad-hoc note]"),
    ("Use Python 3.12 for the service.", "Use Python 3.11 for the service. [ad-hoc note]"),
    ("Run `make test` before pushing.", "Run `make lint` before pushing. [ad-hoc note]"),
    ("Put API handlers in `src/api/handlers/`.", "Put API handlers in `src/handlers/`. [ad-hoc note]"),
])
def test_rules_that_name_other_things_are_not_one_rule(lesson: str, bullet: str):
    """review25 R25-6's pairs."""
    assert not repeats_note(lesson, bullet) and not repeats_note(bullet, lesson)


def test_rules_in_other_words_are_one_rule():
    assert repeats_note("Use `pnpm`, never `npm`.", "Use pnpm instead of npm. [ad-hoc note]")  # R25-6's converse
    assert repeats_note(NOTE_RULE, "The user wants money columns converted with the cents_to_dollars macro and never "
                                   "divided by 100 inline [ad-hoc note]")


def test_claude_code_on_the_same_machine_still_gets_the_rule(project: Path):
    codex_memory(SUMMARY, memories=True)
    payload = {"hook_event_name": "SessionStart", "session_id": "c1", "cwd": str(project), "source": "startup",
               "transcript_path": None}
    assert "cents_to_dollars" in context_of(run_hook("claude-code", payload, cwd=project).stdout)


def test_reading_the_summary(isolated_home: Path):
    home = codex_memory(SUMMARY, memories=True)
    path, tagged = injected_notes()
    assert path == home / "memories_v2" / "memory_summary.md" and len(tagged) == 2
    (home / "config.toml").write_text("this is [not toml")
    assert injected_notes() == (None, [])
    assert repeats_note(NOTE_RULE, tagged[0]) and not repeats_note(NOTE_RULE, tagged[1])
    assert not repeats_note("Use `sqlfluff fix` in CI.", tagged[1])
    assert repeats_note("Never use `sqlfluff fix` in CI.", tagged[1])


def test_the_hook_records_the_notes_a_codex_session_of_this_repository_writes(project: Path):
    """trial27: an `--ephemeral` Codex session keeps no rollout, so its note belonged to no repository; the hook sees
    the shell command or the patch that wrote it (the real-CLI check is tests/e2e/test_memories_e2e.py)."""
    from altimate_learn.capture.sessions.codex_memory import recorded_notes

    notes = Path(os.environ["CODEX_HOME"]) / "memories_v2" / "extensions" / "ad_hoc" / "notes"
    sessions = project / ".altimate-code" / "learn" / ".sessions"

    def post(tool: str, command: str) -> None:
        payload = {"hook_event_name": "PostToolUse", "session_id": "eph", "cwd": str(project), "transcript_path": None,
                   "model": "gpt-5.5", "permission_mode": "default", "turn_id": "t1", "tool_name": tool,
                   "tool_input": {"command": command}, "tool_response": "", "tool_use_id": "call_1"}
        proc = run_hook("codex", payload, cwd=project)
        assert (proc.returncode, proc.stderr) == (0, "")

    post("Bash", "ls -la && cat README.md")
    assert recorded_notes(sessions) == set()
    post("Bash", f"mkdir -p {notes} && printf '%s\\n' 'Use uv.' > {notes}/2026-12-05T04-00-00-use-uv.md")
    post("apply_patch", f"*** Begin Patch\n*** Add File: {notes}/2026-12-05T05-00-00-no-print.md\n+No print calls.\n"
                        "*** End Patch\n")
    post("Bash", f"cat {notes}/../../../memory_summary.md")  # reads, names no note
    assert recorded_notes(sessions) == {"2026-12-05T04-00-00-use-uv.md", "2026-12-05T05-00-00-no-print.md"}
    assert "Codex wrote the ad-hoc note 2026-12-05T04-00-00-use-uv.md" in (sessions / "hook.log").read_text()


@pytest.mark.parametrize("memories,loaded", [(False, []), (True, ["altimate_learn.capture.sessions.codex_memory",
                                                                  "tomllib"])])
def test_a_codex_session_start_reads_codex_memory_only_when_its_summary_holds_a_note(project: Path, memories: bool,
                                                                                      loaded: list[str]):
    """The summary's reader and tomllib cost ~70 ms of a Codex session start (a wheel install, trial27): they load only
    when Codex's config names its memories and a summary carries the "[ad-hoc note]" tag."""
    import sys

    codex_memory(SUMMARY if memories else None, memories=memories)
    payload = {"hook_event_name": "SessionStart", "session_id": f"lean-{memories}", "cwd": str(project),
               "source": "startup", "transcript_path": None, "model": "gpt-5.5"}
    script = f"""
import io, json, sys
from altimate_learn.harness import hook
sys.stdin = io.TextIOWrapper(io.BytesIO({json.dumps(payload)!r}.encode()))
hook.main(["codex"])
print()
print(json.dumps(sorted(m for m in ("altimate_learn.capture.sessions.codex_memory", "tomllib") if m in sys.modules)))
"""
    proc = subprocess.run([sys.executable, "-c", script], cwd=project, capture_output=True, text=True)
    answer, modules = proc.stdout.strip().rsplit("\n", 1)
    assert "imperative mood" in context_of(answer.strip()) and json.loads(modules) == loaded, proc.stdout + proc.stderr
