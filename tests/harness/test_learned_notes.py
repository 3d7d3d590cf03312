"""The learner's blocks reach an agent that does not load their file (trial24).

`learn import-memories --type user` and the learner's `local` target write bullets into AGENTS.local.md, which
none of Claude Code, Codex, Gemini CLI or opencode loads (their real model requests say so:
tests/e2e/test_memories_e2e.py, and for Gemini CLI tests/e2e/test_gemini_e2e.py); Claude Code and Gemini CLI do not
load AGENTS.md either. The session-start answer
of the hook carries such a block, once, and leaves a file the agent loads itself to the agent.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN, strip_injected
from tests.deliver.helpers import context_of, lesson, run_hook, write_store
from tests.harness.test_hooks import recorded

PERSONAL = "On this machine the test database listens on port 5433."
TEAM = "Run the dbt models with `make dbt`, never `dbt run` directly."
MINE = "Answer in short sentences."


def block(*bullets: str) -> str:
    return "# Notes\n\nKeep this.\n\n" + "\n".join([LEARNED_OPEN, "## Learned workspace facts", "",
                                                    *(f"- {b}" for b in bullets), LEARNED_CLOSE]) + "\n"


def start(harness: str, root: Path, **extra: str) -> str:
    fixture = {"claude-code": "claude", "codex": "codex", "gemini": "gemini"}[harness]
    payload = {**recorded(fixture, root)[0], **extra}
    assert payload["hook_event_name"] == "SessionStart"
    out = run_hook(harness, payload, cwd=root)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return context_of(out.stdout)


def test_the_personal_file_reaches_every_agent_at_session_start_even_with_nothing_approved(git_repo: Path):
    write_store(git_repo, [])
    (git_repo / "AGENTS.local.md").write_text(block(PERSONAL))
    for harness in ("claude-code", "codex"):
        context = start(harness, git_repo)
        assert PERSONAL in context, harness
        assert "from AGENTS.local.md (your own notes for this project" in context
        assert strip_injected(context).strip() == ""  # echoed back, it is our text, never the person's
    # once a session: a Codex resume keeps what its start added
    assert start("codex", git_repo, source="resume") == ""


def test_with_approved_lessons_the_notes_follow_the_section(git_repo: Path):
    write_store(git_repo, [lesson("L-0001", "Use `ref()` for model dependencies.", pinned=True)])
    (git_repo / "AGENTS.local.md").write_text(block(PERSONAL))
    context = start("claude-code", git_repo)
    assert context.index("ref()") < context.index(PERSONAL)
    assert context.count(PERSONAL) == 1


def test_a_file_the_agent_loads_itself_is_left_to_it(git_repo: Path):
    write_store(git_repo, [])
    (git_repo / "AGENTS.md").write_text(block(TEAM))  # Codex and opencode load it; Claude Code does not
    context = start("claude-code", git_repo)
    assert TEAM in context and "from AGENTS.md (the project's instruction file" in context
    assert start("codex", git_repo) == ""

    # a CLAUDE.md that imports AGENTS.md: Claude Code loads it, so nothing is added
    (git_repo / "CLAUDE.md").write_text("@AGENTS.md\n")
    assert start("claude-code", git_repo, session_id="7e0b2c4e-1111-4c5e-9a51-000000000002") == ""


def test_claude_local_md_beside_claude_md_goes_to_the_other_agents(git_repo: Path):
    write_store(git_repo, [])
    (git_repo / "CLAUDE.md").write_text("# Guide\n")
    (git_repo / "CLAUDE.local.md").write_text(block(PERSONAL))  # the local target beside CLAUDE.md
    assert start("claude-code", git_repo) == ""
    assert PERSONAL in start("codex", git_repo)


def test_the_global_file_and_what_is_not_a_block(git_repo: Path):
    write_store(git_repo, [])
    mine = Path(os.environ["XDG_CONFIG_HOME"]) / "altimate-code" / "AGENTS.md"
    mine.parent.mkdir(parents=True)
    mine.write_text(block(MINE))
    (git_repo / "AGENTS.local.md").write_text(f"{LEARNED_OPEN}\n- {PERSONAL}\n")  # unbalanced: not ours to read
    context = start("claude-code", git_repo)
    assert MINE in context and "your own preferences, in every project" in context
    assert str(Path.home()) not in context and PERSONAL not in context
    payload = json.dumps(recorded("claude", git_repo)[0])
    assert MINE not in payload  # (the recorded payload carries nothing of it)


def test_a_bullet_of_the_agents_own_memory_is_not_given_back_to_it(git_repo: Path, run_learn):
    """A personal memory of Claude Code's, imported into AGENTS.local.md, goes to the other agents; Claude Code
    keeps it in its own memory, so the bullet is not given back to it (Gemini CLI's prompt: "Never duplicate or
    mirror the same fact across tiers")."""
    from tests.history.test_memory_import import claude_folder, memory, write

    write_store(git_repo, [])
    write(claude_folder(git_repo), "user_db.md", memory("db-port", "user", PERSONAL))
    (git_repo / "AGENTS.local.md").write_text(block(MINE))  # a bullet of the learner's own, from no memory
    done = run_learn("import-memories", "--type", "user", cwd=git_repo)
    assert done.returncode == 0, done.stderr
    assert PERSONAL in (git_repo / "AGENTS.local.md").read_text()
    assert PERSONAL in start("codex", git_repo)
    mine = start("claude-code", git_repo)
    assert PERSONAL not in mine and MINE in mine


def test_gemini_gets_the_notes_with_the_first_prompt_as_it_gets_the_section(git_repo: Path):
    """Gemini CLI's SessionStart answers nothing (harness/gemini.py: its context would make a resumed session forget
    the first prompt); the session-start section goes with the first BeforeAgent, and so do the notes, once. (A real
    Gemini CLI 0.61 run: the first request and the resumed one each carry them once, and the person's typed
    words stay theirs.)"""
    write_store(git_repo, [lesson("L-0001", "Use `ref()` for model dependencies.", pinned=True)])
    (git_repo / "AGENTS.local.md").write_text(block(PERSONAL))
    events = recorded("gemini", git_repo)
    assert start("gemini", git_repo) == ""
    prompt = next(e for e in events if e["hook_event_name"] == "BeforeAgent")
    first = context_of(run_hook("gemini", prompt, cwd=git_repo).stdout)
    assert "ref()" in first and first.count(PERSONAL) == 1
    later = context_of(run_hook("gemini", {**prompt, "prompt": "now rename the orders model"}, cwd=git_repo).stdout)
    assert PERSONAL not in later
