"""review28 R28-6: while a merge is unfinished with a conflict inside the learned block of AGENTS.md, the session-start
hook gave the agent both sides' bullets ('Use npm for installs.' and 'Use yarn for installs.'), two contradicting rules
and nothing saying so. Now the hook gives HEAD's side, as it delivers HEAD's approved.json meanwhile; `learn status`,
`learn doctor` and `learn deliver` name the unfinished merge and `learn resolve`."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

from altimate_learn.harness.learned_notes import block_bullets, head_side
from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN
from tests.conftest import git
from tests.deliver.helpers import context_of, run_hook, write_store


def agents_md(*bullets: str) -> str:
    return "# Project\n\n" + LEARNED_OPEN + "\n" + "".join(f"- {b}\n" for b in bullets) + LEARNED_CLOSE + "\n"


def session_start(root: Path) -> str:
    payload = {"session_id": str(uuid.uuid4()), "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": "SessionStart", "source": "startup"}
    proc = run_hook("claude-code", payload, cwd=root)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def test_the_hook_gives_heads_side_of_a_conflicted_learned_block(git_repo: Path, cli):
    write_store(git_repo, [])  # a project that uses learn (no lesson approved yet)
    (git_repo / "AGENTS.md").write_text(agents_md("Use pnpm for installs.", "Keep `DATABASE_URL` unset in tests."))
    git(git_repo, "add", "AGENTS.md")
    git(git_repo, "commit", "-qm", "agents")
    git(git_repo, "checkout", "-qb", "other")
    (git_repo / "AGENTS.md").write_text(agents_md("Use yarn for installs.", "Keep `DATABASE_URL` unset in tests."))
    git(git_repo, "commit", "-qam", "yarn")
    git(git_repo, "checkout", "-q", "-")
    (git_repo / "AGENTS.md").write_text(agents_md("Use npm for installs.", "Keep `DATABASE_URL` unset in tests."))
    git(git_repo, "commit", "-qam", "npm")
    assert subprocess.run(["git", "merge", "-q", "other"], cwd=git_repo, capture_output=True).returncode == 1
    assert "<<<<<<<" in (git_repo / "AGENTS.md").read_text()

    context = session_start(git_repo)
    assert "- Use npm for installs." in context and "- Keep `DATABASE_URL` unset in tests." in context
    assert "yarn" not in context and "pnpm" not in context and "<<<<<<<" not in context and "=======" not in context
    code, out, err = cli("deliver", "--session", "s1", "--request", "install the deps", "--json")
    assert code == 0 and json.loads(out)["unfinished_merge"] == ["AGENTS.md"]
    assert "merge not finished: AGENTS.md has git conflict markers; `learn resolve`" in cli("doctor")[1]


def test_heads_side_keeps_a_markdown_underline_and_drops_a_diff3_base():
    text = ("Agents\n=======\n\n" + LEARNED_OPEN + "\n- Keep.\n<<<<<<< HEAD\n- Ours.\n||||||| base\n- Base.\n=======\n"
            "- Theirs.\n>>>>>>> 1a2b3c4\n" + LEARNED_CLOSE + "\n")
    assert head_side(text).startswith("Agents\n=======\n")
    assert block_bullets(text) == ["Keep.", "Ours."]
    assert head_side("no conflict\n=======\n") == "no conflict\n=======\n"
