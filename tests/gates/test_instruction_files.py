"""Finding the instruction files agents load, bad files, and the hash with our own block excised."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from altimate_learn.instructions.files import MAX_FILE_BYTES, contract_hash, current_hash, discover, excise_blocks
from tests.gates.helpers import write_instructions


def _paths(contract) -> dict[str, list[str]]:
    return {f.path: f.agents for f in contract.files}


def test_every_agents_files_are_found_root_nested_rules_imports_and_config(git_repo: Path):
    (git_repo / ".claude" / "rules").mkdir(parents=True)
    (git_repo / ".claude" / "rules" / "sql.md").write_text("- Use CTEs.\n")
    (git_repo / "services" / "api").mkdir(parents=True)
    (git_repo / "services" / "api" / "AGENTS.md").write_text("- Use FastAPI.\n")
    (git_repo / "GEMINI.md").write_text("- Be brief.\n")
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "style.md").write_text("- Write in English.\n")
    (git_repo / "docs" / "review.md").write_text("- Ask before merging.\n")
    (git_repo / ".gemini").mkdir()
    (git_repo / ".gemini" / "settings.json").write_text(json.dumps({"context": {"fileName": ["CONTEXT.md"]}}))
    (git_repo / "CONTEXT.md").write_text("- Gemini context.\n")
    (git_repo / "opencode.json").write_text(json.dumps({"instructions": ["docs/review.md"]}))
    (git_repo / "node_modules" / "x").mkdir(parents=True)
    (git_repo / ".gitignore").write_text("node_modules/\n")
    (git_repo / "node_modules" / "x" / "AGENTS.md").write_text("- not ours\n")
    write_instructions(git_repo, agents="# Root\n", claude="@docs/style.md\n")
    found = _paths(discover(git_repo))
    assert found == {
        "AGENTS.md": ("codex", "opencode"), "CLAUDE.md": ("claude-code",), "GEMINI.md": ("gemini",),
        ".claude/rules/sql.md": ("claude-code",), "services/api/AGENTS.md": ("codex", "opencode"),
        "CONTEXT.md": ("gemini",), "docs/review.md": ("opencode",), "docs/style.md": ("claude-code",)}


def test_bad_instruction_files_are_left_out_with_one_clear_line(git_repo: Path, tmp_path: Path):
    outside = tmp_path / "elsewhere.md"
    outside.write_text("- secret house rules\n")
    (git_repo / "AGENTS.md").write_bytes(b"x" * (MAX_FILE_BYTES + 1))
    (git_repo / "CLAUDE.md").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0")
    (git_repo / "GEMINI.md").symlink_to(outside)
    (git_repo / "AGENTS.local.md").write_bytes("caf\xe9".encode("latin-1"))
    (git_repo / "CLAUDE.local.md").write_text("- readable\n")
    contract = discover(git_repo)
    assert contract.problems == [
        "AGENTS.local.md is not UTF-8 text; not read (save it as UTF-8)",
        f"AGENTS.md is {MAX_FILE_BYTES + 1:,} bytes, over the 256 KiB limit; not read (agents truncate files this "
        "large too: split it)",
        "CLAUDE.md is binary, not text; not read",
        "GEMINI.md is a symlink that leads out of the repository; not read (replace it with a regular file)",
    ]
    assert [f.path for f in contract.usable] == ["CLAUDE.local.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_instruction_file_says_so(git_repo: Path):
    path = git_repo / "AGENTS.md"
    path.write_text("- rules\n")
    path.chmod(0)
    try:
        assert discover(git_repo).problems == ["AGENTS.md cannot be read (Permission denied); fix its permissions"]
    finally:
        path.chmod(0o644)


def test_a_symlink_inside_the_repository_is_one_file(git_repo: Path):
    (git_repo / "AGENTS.md").write_text("- Use pnpm.\n")
    (git_repo / "CLAUDE.md").symlink_to("AGENTS.md")
    contract = discover(git_repo)
    assert [f.path for f in contract.usable] == ["AGENTS.md"] and contract.problems == []


def test_the_hash_ignores_our_block_formatting_and_line_endings_but_not_words(git_repo: Path):
    (git_repo / "AGENTS.md").write_text("# Rules\n- Use pnpm.\n")
    before = discover(git_repo).hash
    (git_repo / "AGENTS.md").write_text("# Rules  \r\n- Use pnpm.\r\n\r\n\r\n<!-- learn:lessons -->\n- a lesson\n"
                                        "<!-- /learn:lessons -->\n")
    assert discover(git_repo).hash == before
    (git_repo / "AGENTS.md").write_text("# Rules\n- Use npm.\n")
    assert discover(git_repo).hash != before


def test_the_hook_path_hash_equals_discovery_once_recorded(git_repo: Path, cli, tmp_path):
    (git_repo / "svc").mkdir()
    (git_repo / "svc" / "AGENTS.md").write_text("- Use FastAPI.\n")
    write_instructions(git_repo)
    contract = discover(git_repo)
    learn_dir = str(git_repo / ".altimate-code" / "learn")
    from altimate_learn.instructions.files import record

    os.makedirs(learn_dir)
    record(learn_dir, contract)
    assert current_hash(str(git_repo), learn_dir) == contract.hash == contract_hash(str(git_repo), contract.paths)
    (git_repo / "svc" / "AGENTS.md").write_text("- Use Flask.\n")
    assert current_hash(str(git_repo), learn_dir) != contract.hash


def test_excise_takes_out_both_kinds_of_block_and_leaves_a_lone_marker_alone():
    assert excise_blocks("a <!-- learn:lessons --> b") == "a <!-- learn:lessons --> b"
    assert excise_blocks("a<!-- learn:lessons -->b<!-- /learn:lessons -->c<!-- learn:learned -->d"
                         "<!-- /learn:learned -->") == "ac"
