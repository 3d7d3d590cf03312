"""The one block writer: nothing outside the markers, the bullet rules, compare-before-write, .gitignore."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from altimate_learn.instructions import block
from altimate_learn.instructions.block import LEARNED, LESSONS, BlockError

OPEN, CLOSE = LEARNED.open, LEARNED.close

outside = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200).filter(
    lambda s: "<!-- learn:" not in s and "<!-- /learn:" not in s)


@settings(max_examples=200, deadline=None)
@given(before=outside, after=outside, first=st.lists(st.sampled_from(["Use `uv`.", "Run `make lint`.", "Ünïcode ok."]),
                                                      min_size=1, max_size=12))
def test_never_a_byte_outside_the_markers(before: str, after: str, first: list[str]):
    start = before + f"{OPEN}\nold\n{CLOSE}" + after
    new = block.updated_text(start, LEARNED, first, "AGENTS.md")
    begin, end = block.span(new, LEARNED, "AGENTS.md")
    assert new[:begin] == before and new[end:] == after
    assert block.bullets(new, LEARNED, "AGENTS.md") == first


@settings(max_examples=100, deadline=None)
@given(old=outside)
def test_an_appended_block_comes_off_again_exactly(old: str):
    new = block.updated_text(old, LEARNED, ["Use `uv`."], "AGENTS.md")
    assert new.startswith(old)
    added = new[len(old):]
    assert added == block.appended(old, block.block_text(new, LEARNED, "AGENTS.md"))
    assert block.without_block(new, LEARNED, "AGENTS.md", added) == old


def test_excise_takes_out_every_managed_block_and_nothing_else():
    text = f"# Guide\n{LESSONS.open}\n- a\n{LESSONS.close}\nmiddle\n{OPEN}\n- b\n{CLOSE}\nend\n"
    assert block.excise(text) == "# Guide\n\nmiddle\n\nend\n"
    assert block.excise("plain\n") == "plain\n"
    lone = f"{OPEN} only\n"
    assert block.excise(lone) == lone  # unbalanced: not ours to cut


@pytest.mark.parametrize("text, problem", [
    ("x" * 241, "longer than 240 bytes (241)"),
    ("é" * 121, "longer than 240 bytes (242)"),  # bytes, not characters
    ("Use `uv`.\nAnd more", "a bullet is one line"),
    (f"Close early {CLOSE} then anything", "holds a block marker or an HTML comment"),
    ("Hide <!-- this -->", "holds a block marker or an HTML comment"),
    ("Use the token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB for CI", "looks like it holds a secret"),
    ("  ", "empty text"),
])
def test_bullet_rules(text: str, problem: str):
    assert block.bullet_problem(LEARNED, text) == problem
    with pytest.raises(BlockError):
        block.updated_text("", LEARNED, [text], "AGENTS.md")


def test_at_most_twelve_bullets():
    assert block.bullet_problem(LEARNED, "x" * 240) is None
    block.updated_text(None, LEARNED, [f"Rule {i}." for i in range(12)], "AGENTS.md")
    with pytest.raises(BlockError, match="at most 12 bullets, not 13"):
        block.updated_text(None, LEARNED, [f"Rule {i}." for i in range(13)], "AGENTS.md")


@pytest.mark.parametrize("text", [f"{OPEN}\nno end\n", f"{CLOSE}\n{OPEN}\n", f"{OPEN}{CLOSE}{OPEN}{CLOSE}",
                                  f"text {CLOSE}"])
def test_unbalanced_markers_are_refused(text: str):
    with pytest.raises(BlockError, match="unbalanced learn markers"):
        block.updated_text(text, LEARNED, ["A."], "AGENTS.md")


def test_a_file_is_created_only_when_there_is_something_to_write(tmp_path: Path):
    target = tmp_path / "AGENTS.md"
    assert block.write(block.read_target(target), LEARNED, []).status == "nothing"
    assert not target.exists()
    (target).write_text("# Guide\n")
    assert block.write(block.read_target(target), LEARNED, []).status == "nothing"
    assert target.read_text() == "# Guide\n"
    done = block.write(block.read_target(target), LEARNED, ["Use `uv`."])
    assert done.status == "written" and done.added == f"\n{OPEN}\n## Learned workspace facts\n\n- Use `uv`.\n{CLOSE}\n"
    assert target.read_text() == "# Guide\n" + done.added
    again = block.write(block.read_target(target), LEARNED, ["Use `uv`."])
    assert again.status == "unchanged"


def test_compare_before_write_leaves_a_file_changed_meanwhile_alone(tmp_path: Path):
    target = tmp_path / "AGENTS.md"
    target.write_text("# Guide\n")
    snapshot = block.read_target(target)
    target.write_text("# Guide\nedited by a person\n")
    done = block.write(snapshot, LEARNED, ["Use `uv`."])
    assert done.status == "changed"
    assert target.read_text() == "# Guide\nedited by a person\n"
    created = tmp_path / "NEW.md"
    snapshot = block.read_target(created)
    created.write_text("someone made it\n")
    assert block.write(snapshot, LEARNED, ["Use `uv`."]).status == "changed"
    assert created.read_text() == "someone made it\n"


def test_crlf_and_mode_are_kept(tmp_path: Path):
    target = tmp_path / "AGENTS.md"
    target.write_bytes(b"# Guide\r\nline\r\n")
    os.chmod(target, 0o600)
    block.write(block.read_target(target), LEARNED, ["A."])
    data = target.read_bytes()
    assert data.startswith(b"# Guide\r\nline\r\n\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    assert target.stat().st_mode & 0o777 == 0o600


def test_not_utf8_and_folders_are_refused_with_one_line(tmp_path: Path):
    target = tmp_path / "AGENTS.md"
    target.write_bytes(b"caf\xe9\n")
    with pytest.raises(BlockError, match="is not UTF-8 text"):
        block.read_target(target)
    (tmp_path / "DIR.md").mkdir()
    with pytest.raises(BlockError, match="is a folder"):
        block.read_target(tmp_path / "DIR.md")


def test_a_symlink_is_written_through_and_one_leading_outside_is_refused(tmp_path: Path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "AGENTS.md").write_text("# Guide\n")
    (project / "CLAUDE.md").symlink_to("AGENTS.md")
    block.write(block.read_target(project / "CLAUDE.md", within=project), LEARNED, ["A."], within=project)
    assert (project / "CLAUDE.md").is_symlink() and "- A." in (project / "AGENTS.md").read_text()
    secret = tmp_path / "bashrc"
    secret.write_text("export X=1\n")
    (project / "EVIL.md").symlink_to(secret)
    with pytest.raises(BlockError, match="outside"):
        block.read_target(project / "EVIL.md", within=project)
    assert secret.read_text() == "export X=1\n"


def test_restore_deletes_only_the_file_as_written(tmp_path: Path):
    target = tmp_path / "AGENTS.local.md"
    done = block.write(block.read_target(target), LEARNED, ["A."])
    assert done.created
    assert block.restore(block.Snapshot(target, b"other"), None) is False and target.exists()
    assert block.restore(block.read_target(target), None) is True and not target.exists()


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_gitignore_is_added_beside_the_local_file(git_repo: Path):
    local = git_repo / "AGENTS.local.md"
    assert block.ensure_ignored(local) == git_repo / ".gitignore"
    assert (git_repo / ".gitignore").read_text() == "AGENTS.local.md\n"
    assert block.git_ignores(local)
    assert block.ensure_ignored(local) is None  # already ignored: nothing added twice
    (git_repo / ".gitignore").write_text("*.md\n")
    assert block.ensure_ignored(local) is None and (git_repo / ".gitignore").read_text() == "*.md\n"


def test_gitignore_keeps_what_is_there_and_works_outside_git(tmp_path: Path):
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / ".gitignore").write_text("node_modules")  # no final newline
    assert block.ensure_ignored(folder / "AGENTS.local.md") == folder / ".gitignore"
    assert (folder / ".gitignore").read_text() == "node_modules\nAGENTS.local.md\n"
    assert block.ensure_ignored(folder / "AGENTS.local.md") is None
    empty = tmp_path / "empty"
    empty.mkdir()
    block.ensure_ignored(empty / "AGENTS.local.md")
    assert (empty / ".gitignore").read_text() == "AGENTS.local.md\n"


def test_the_hook_path_cuts_the_same_blocks_the_writer_manages():
    """markers.excise_managed (the hook's reading, without the writer's imports) knows every kind the writer writes."""
    from altimate_learn import markers
    from altimate_learn.instructions import block

    assert markers.MANAGED_BLOCKS == tuple((kind.open, kind.close) for kind in block.KINDS)
    text = "# Team\n" + "".join(f"{kind.open}\n- a rule\n{kind.close}\n" for kind in block.KINDS) + "tail\n"
    assert markers.excise_managed(text) == "# Team\n" + "\n" * len(block.KINDS) + "tail\n"
    unbalanced = f"{block.LEARNED.open}\n- kept\n{block.LEARNED.open}\n"
    assert markers.excise_managed(unbalanced) == unbalanced
