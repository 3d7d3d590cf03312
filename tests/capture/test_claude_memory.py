"""Claude Code's auto memory: where it lives for a repository, and reading its files safely."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from altimate_learn.capture.sessions import claude_memory as cm
from tests.conftest import git

FEEDBACK = """---
name: use-ruff
description: Format Python with ruff, not black
metadata:
  type: feedback
---

Format Python code with `ruff format`, never black.

**Why:** the team switched to ruff in CI last month.
**How to apply:** whenever editing files under `src/`, run `ruff format` before finishing.
"""


def memory_file(folder: Path, name: str, text: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


# --- the project key -----------------------------------------------------------------------------------

def test_the_key_replaces_every_character_but_ascii_letters_and_digits() -> None:
    assert cm.project_key("/home/dev/src/my.app_v2") == "-home-dev-src-my-app-v2"
    assert cm.project_key("/srv/caf\u00e9") == "-srv-caf-"          # one UTF-16 unit: one dash
    assert cm.project_key("/srv/\U0001F600x") == "-srv---x"         # a surrogate pair: two dashes


def test_a_long_path_keeps_200_characters_and_a_hash_as_claude_code_computes_it() -> None:
    # computed by Claude Code 2.1.332 for this path (tests/e2e checks more against the real CLI)
    path = "/tmp/memexp/w2/" + "a" * 60 + "/" + "b" * 60 + "/" + "c" * 60 + "/repo-\u00e9"
    key = cm.project_key(path)
    assert key == ("-tmp-memexp-w2-" + "a" * 60 + "-" + "b" * 60 + "-" + "c" * 60 + "-re-23xg9j")
    assert len(cm.project_key("/x" * 150)) > 200 and cm.project_key("/x" * 150)[:200] == "-x" * 100


def test_worktrees_and_subfolders_share_the_main_checkouts_folder(git_repo: Path, tmp_path: Path) -> None:
    worktree = tmp_path / "feature-wt"
    git(git_repo, "worktree", "add", "-q", "-b", "feature", str(worktree))
    (git_repo / "pkg" / "sub").mkdir(parents=True)
    main, _ = cm.memory_folders(git_repo)
    from_worktree, _ = cm.memory_folders(worktree)
    from_subfolder, _ = cm.memory_folders(git_repo / "pkg" / "sub")
    expected = Path.home() / ".claude" / "projects" / cm.project_key(os.path.realpath(git_repo)) / "memory"
    assert main == from_worktree == from_subfolder == [expected]
    assert set(map(str, cm.repository_roots(worktree))) >= {os.path.realpath(git_repo), str(worktree)}


def test_a_sibling_folder_sharing_the_name_prefix_is_another_project(tmp_path: Path) -> None:
    app, old = tmp_path / "app", tmp_path / "app-old"
    for folder in (app, old):
        folder.mkdir()
        git(folder, "init", "-q")
    memory_file(cm.memory_folders(old)[0][0], "feedback_x.md", FEEDBACK)
    assert cm.project_key(str(old)).startswith(cm.project_key(str(app)))  # the trap: a shared prefix
    memories, _, folders, _ = cm.read_memories(app)
    assert memories == [] and folders == []
    assert [m.name for m in cm.read_memories(old)[0]] == ["use-ruff"]


def test_config_dir_remote_dir_and_project_dir_name_move_the_folder(git_repo: Path, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    key = cm.project_key(os.path.realpath(git_repo))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "cfg"))
    assert cm.memory_folders(git_repo)[0] == [tmp_path / "cfg" / "projects" / key / "memory"]
    monkeypatch.setenv("CLAUDE_CODE_PROJECT_DIR_NAME", "named_project")
    assert cm.memory_folders(git_repo)[0] == [tmp_path / "cfg" / "projects" / "named_project" / "memory"]
    monkeypatch.setenv("CLAUDE_CODE_REMOTE_MEMORY_DIR", str(tmp_path / "remote"))
    assert cm.memory_folders(git_repo)[0] == [tmp_path / "remote" / "projects" / key / "memory"]


def test_a_shared_auto_memory_directory_in_user_settings_is_reported_not_read(git_repo: Path) -> None:
    settings = Path.home() / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"autoMemoryDirectory": "~/all-my-memories"}')
    folders, notes = cm.memory_folders(git_repo)
    assert Path.home() / "all-my-memories" not in folders
    assert any("autoMemoryDirectory" in n and "not read" in n for n in notes)
    local = git_repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text('{"autoMemoryDirectory": "~/this-repo-memories"}')
    assert cm.memory_folders(git_repo)[0][0] == Path.home() / "this-repo-memories"


# --- reading -------------------------------------------------------------------------------------------

def test_a_feedback_memory_reads_as_rule_why_and_how(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    memory_file(folder, "feedback_ruff.md", FEEDBACK)
    memory_file(folder, "MEMORY.md", "- [Use ruff](feedback_ruff.md) — formatting\n")
    memories, skipped = cm.read_folder(folder)
    assert skipped == []
    [m] = memories  # MEMORY.md is the index, not a memory
    assert (m.type, m.name, m.rel, m.key) == ("feedback", "use-ruff", "feedback_ruff.md", "claude-code:feedback_ruff.md")
    assert m.rule == "Format Python code with `ruff format`, never black."
    assert m.why == "the team switched to ruff in CI last month."
    assert m.how.startswith("whenever editing files under `src/`")
    assert m.description == "Format Python with ruff, not black" and m.label == "Claude Code's memory"


def test_older_top_level_type_quoted_values_and_marker_spellings() -> None:
    fields, body, problem = cm.frontmatter('---\nname: "x y"\ntype: \'project\'\n---\nRule.\nWhy: because\n')
    assert problem is None and fields == {"name": "x y", "type": "project"}
    assert cm.split_body("Why bother: a rule that starts with why\n**Why**: real reason\n- **How to apply:** here") \
        == ("Why bother: a rule that starts with why", "real reason", "here")


@pytest.mark.parametrize("content,reason", [
    ("just notes, no frontmatter\n", "has no frontmatter"),
    ("---\nname: x\nmetadata:\n  type: feedback\nnever closed\n", "never closed"),
    ("---\nname: x\n---\nA rule.\n", "has no type"),
    ("---\nname: x\ntype: feedback\n---\n\n", "has no text"),
    (b"\x00\x01\x02binary", "is binary"),
    (b"---\nname: \xff\xfe\n---\n", "not UTF-8"),
    ("x" * (300 * 1024), "larger than 256 KB"),
])
def test_bad_files_are_skipped_with_a_clear_reason(tmp_path: Path, content: str | bytes, reason: str) -> None:
    folder = tmp_path / "memory"
    memory_file(folder, "bad.md", content)
    memory_file(folder, "good.md", FEEDBACK)
    memories, skipped = cm.read_folder(folder)
    assert [m.rel for m in memories] == ["good.md"]
    assert [(s.rel, reason in s.reason) for s in skipped] == [("bad.md", True)], skipped


def test_a_symlink_out_of_the_folder_is_skipped_one_inside_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    memory_file(folder, "real.md", FEEDBACK)
    outside = memory_file(tmp_path / "elsewhere", "secret.md", FEEDBACK.replace("use-ruff", "stolen"))
    (folder / "escape.md").symlink_to(outside)
    (folder / "alias.md").symlink_to(folder / "real.md")
    (folder / "dangling.md").symlink_to(tmp_path / "nowhere.md")
    (folder / "dir.md").mkdir()
    memories, skipped = cm.read_folder(folder)
    assert sorted(m.rel for m in memories) == ["alias.md", "real.md"]
    reasons = {s.rel: s.reason for s in skipped}
    assert reasons == {"escape.md": "is a symlink that leads out of the memory folder",
                       "dangling.md": "is a broken symlink", "dir.md": "is a folder"}


def test_our_own_injected_section_is_not_read_back_as_memory(tmp_path: Path) -> None:
    from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN

    folder = tmp_path / "memory"
    memory_file(folder, "echo.md", FEEDBACK.replace(
        "Format Python code", f"{SECTION_OPEN}\n- Old team rule\n{SECTION_CLOSE}\nFormat Python code"))
    [m] = cm.read_folder(folder)[0]
    assert "Old team rule" not in m.rule and m.rule.startswith("Format Python")
