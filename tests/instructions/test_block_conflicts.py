"""trial29: two teammates' learners each add a bullet to the learned block of AGENTS.md; the first pull stops on a git
conflict inside learn's block. `learn resolve` said "Nothing to resolve" and the next learner run would have rewritten
the block over git's markers, settling the merge without a word. Now the writer leaves a conflicted file alone and
`learn resolve` keeps both sides' bullets and stages the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from altimate_learn.instructions import block
from altimate_learn.instructions.block import LEARNED, BlockError
from tests.team.conftest import Team

OPEN, CLOSE = LEARNED.open, LEARNED.close
BASE = f"# Agents\n\nBuild with make.\n\n{OPEN}\n{LEARNED.heading}\n\n- The test suite needs `DATABASE_URL` unset.\n{CLOSE}\n"


def with_bullet(text: str, bullet: str) -> str:
    return text.replace("unset.\n", f"unset.\n- {bullet}\n")


def conflicted(ours: str, theirs: str, *, base: str | None = None, before: str = "") -> str:
    middle = f"||||||| base\n{base}" if base is not None else ""
    return (f"# Agents\n\n{before}Build with make.\n\n{OPEN}\n{LEARNED.heading}\n\n- The test suite needs `DATABASE_URL` "
            f"unset.\n<<<<<<< HEAD\n{ours}{middle}=======\n{theirs}>>>>>>> 1a2b3c4\n{CLOSE}\n")


def test_a_conflict_inside_the_learned_block_keeps_both_sides_bullets():
    text = conflicted("- Run `make lint` before committing.\n", "- Prices are stored in cents in `app/prices.py`.\n"
                      "- Run `make lint` before committing.\n", base="")
    assert block.merge_conflicts(text.replace("||||||| base\n", "")).settled == {}  # no common version: a person's
    merged = block.merge_conflicts(text)
    assert merged.settled == {"learned": 1} and merged.left == 0
    assert not block.has_conflicts(merged.text)
    assert block.bullets(merged.text, LEARNED, "AGENTS.md") == [
        "The test suite needs `DATABASE_URL` unset.", "Run `make lint` before committing.",
        "Prices are stored in cents in `app/prices.py`."]
    assert merged.text.startswith("# Agents\n\nBuild with make.\n\n")  # nothing outside the block changed


def test_a_conflict_outside_learns_blocks_is_left_as_git_wrote_it():
    outside = "<<<<<<< HEAD\nBuild with make.\n=======\nBuild with just.\n>>>>>>> 1a2b3c4\n"
    text = BASE.replace("Build with make.\n", outside)
    merged = block.merge_conflicts(text)
    assert merged.settled == {} and merged.left == 1 and merged.text == text


def test_a_markdown_heading_underline_is_no_conflict():
    text = "Agents\n=======\n\nUse make.\n" + f"\n{OPEN}\n{LEARNED.heading}\n\n- Use `uv`.\n{CLOSE}\n"
    assert not block.has_conflicts(text)
    snapshot = block.Snapshot(Path("AGENTS.md"), text.encode())
    assert block.write(snapshot, LEARNED, ["Use `uv`.", "Run `make lint`."], dry_run=True).status == "written"


def test_the_writer_leaves_a_file_with_git_conflict_markers_alone(tmp_path: Path):
    """The learner (and tidy's graduation, and the memory import's local block) write through block.write: a rewrite
    of the block would have dropped git's markers inside it and settled the merge half, unsaid."""
    path = tmp_path / "AGENTS.md"
    text = conflicted("- Run `make lint` before committing.\n", "- Prices are stored in cents.\n")
    path.write_text(text)
    snapshot = block.read_target(path, within=tmp_path)
    with pytest.raises(BlockError) as caught:
        block.write(snapshot, LEARNED, ["Run `make lint` before committing.", "Use `uv`."], within=tmp_path)
    assert "git conflict markers" in caught.value.message and "learn resolve" in caught.value.hint
    assert path.read_text() == text


def test_two_teammates_learned_bullets_conflict_at_the_pull_and_learn_resolve_keeps_both(tmp_path: Path):
    team = Team(tmp_path)
    ann = team.clone("ann")
    (ann.root / "AGENTS.md").write_text(BASE)
    ann.commit("agents")
    ann.git("push", "-q", "origin", "main")
    bob = team.clone("bob")
    (bob.root / "AGENTS.md").write_text(with_bullet(BASE, "Prices are stored in cents in `app/prices.py`."))
    bob.commit("bob's learner")
    bob.git("push", "-q", "origin", "main")
    (ann.root / "AGENTS.md").write_text(with_bullet(BASE, "Run `make lint` before committing."))
    ann.commit("ann's learner")
    pulled = ann.git("pull", "--no-rebase", "origin", "main", check=False)
    assert pulled.returncode != 0 and "CONFLICT" in pulled.stdout
    assert block.has_conflicts((ann.root / "AGENTS.md").read_text())

    assert ("  merge not finished: AGENTS.md has git conflict markers; `learn resolve` merges both sides as data (then "
            "`git commit`).") in ann.learn("status").stdout.splitlines()
    proc = ann.learn("resolve")
    assert proc.stdout.splitlines() == [
        "Resolved learn's blocks in AGENTS.md: learned (1 conflict), both sides' changes kept; staged.",
        "Next: `git commit`."]
    text = (ann.root / "AGENTS.md").read_text()
    assert not block.has_conflicts(text)
    assert block.bullets(text, LEARNED, "AGENTS.md") == [
        "The test suite needs `DATABASE_URL` unset.", "Run `make lint` before committing.",
        "Prices are stored in cents in `app/prices.py`."]
    assert ann.git("diff", "--name-only", "--diff-filter=U").stdout == ""  # staged: nothing left unmerged
    assert "merge not finished" not in ann.learn("status").stdout
    ann.git("commit", "-q", "--no-edit")
    assert ann.learn("resolve").stdout.startswith("Nothing to resolve")


def test_learn_resolve_settles_learns_block_and_leaves_a_persons_conflict_in_the_same_file(tmp_path: Path):
    team = Team(tmp_path)
    ann = team.clone("ann")
    (ann.root / "AGENTS.md").write_text(BASE)
    ann.commit("agents")
    ann.git("push", "-q", "origin", "main")
    bob = team.clone("bob")
    bob_text = with_bullet(BASE, "Prices are stored in cents.").replace("Build with make.", "Build with just.")
    (bob.root / "AGENTS.md").write_text(bob_text)
    bob.commit("bob")
    bob.git("push", "-q", "origin", "main")
    ann_text = with_bullet(BASE, "Run `make lint` first.").replace("Build with make.", "Build with bazel.")
    (ann.root / "AGENTS.md").write_text(ann_text)
    ann.commit("ann")
    assert ann.git("pull", "--no-rebase", "origin", "main", check=False).returncode != 0

    proc = ann.learn("resolve", check=False)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        "Resolved learn's blocks in AGENTS.md: learned (1 conflict), both sides' changes kept.",
        "  AGENTS.md: 1 conflict left for you to settle; then `git add AGENTS.md`."]
    text = (ann.root / "AGENTS.md").read_text()
    assert "<<<<<<< HEAD\nBuild with bazel.\n=======\nBuild with just.\n>>>>>>> " in text
    assert block.bullets(text, LEARNED, "AGENTS.md")[1:] == ["Run `make lint` first.", "Prices are stored in cents."]
    assert ann.git("diff", "--name-only", "--diff-filter=U").stdout == "AGENTS.md\n"  # not staged: a person's turn


def facts(*bullets: str) -> str:
    return f"# Agents\n\nBuild with make.\n\n{OPEN}\n{LEARNED.heading}\n\n" + "".join(f"- {b}\n" for b in bullets) + \
        f"{CLOSE}\n"


def pulled(tmp_path: Path, base: str, ours: str, theirs: str, style: str | None = None):
    """Ann's clone after `git pull` stopped on AGENTS.md: the base committed by both, Bob's version pushed first."""
    team = Team(tmp_path)
    ann = team.clone("ann")
    (ann.root / "AGENTS.md").write_text(base)
    ann.commit("agents")
    ann.git("push", "-q", "origin", "main")
    bob = team.clone("bob")
    (bob.root / "AGENTS.md").write_text(theirs)
    bob.commit("bob")
    bob.git("push", "-q", "origin", "main")
    if style:
        ann.git("config", "merge.conflictstyle", style)
    (ann.root / "AGENTS.md").write_text(ours)
    ann.commit("ann")
    assert ann.git("pull", "--no-rebase", "origin", "main", check=False).returncode != 0
    assert block.has_conflicts((ann.root / "AGENTS.md").read_text())
    return ann


UNSET, PORT, LEGACY, SEED = ("The test suite needs `DATABASE_URL` unset.", "Use port 5433 for the local Postgres.",
                             "The `legacy` folder is generated; never edit it.", "Run `make seed` after a fresh clone.")


@pytest.mark.parametrize("style", [None, "diff3"])
def test_a_bullet_one_side_removed_stays_removed(tmp_path: Path, style: str | None):
    """review27 R27-3 (1): ours removed a wrong bullet, theirs added one after it; the union brought the removed one
    back without a word."""
    ann = pulled(tmp_path, facts(UNSET, PORT, LEGACY), facts(UNSET, PORT), facts(UNSET, PORT, LEGACY, SEED), style)
    proc = ann.learn("resolve")
    assert "both sides' changes kept; staged." in proc.stdout
    assert block.bullets((ann.root / "AGENTS.md").read_text(), LEARNED, "AGENTS.md") == [UNSET, PORT, SEED]


def test_a_bullet_one_side_corrected_is_not_kept_twice(tmp_path: Path):
    """review27 R27-3 (2): ours corrected the port, theirs added a bullet after it: both ports were kept, delivered to
    every agent as facts."""
    fixed = PORT.replace("5433", "5434")
    ann = pulled(tmp_path, facts(UNSET, PORT), facts(UNSET, fixed), facts(UNSET, PORT, SEED))
    ann.learn("resolve")
    assert block.bullets((ann.root / "AGENTS.md").read_text(), LEARNED, "AGENTS.md") == [UNSET, fixed, SEED]


def test_a_bullet_both_sides_changed_is_left_for_a_person(tmp_path: Path):
    ann = pulled(tmp_path, facts(UNSET, PORT), facts(UNSET, PORT.replace("5433", "5434")),
                 facts(UNSET, PORT.replace("5433", "5435")))
    text = (ann.root / "AGENTS.md").read_text()
    proc = ann.learn("resolve", check=False)
    assert proc.returncode == 1 and "Resolved" not in proc.stdout
    assert f'  AGENTS.md: learned block: "{PORT}" was changed or removed on both sides' in proc.stdout
    assert (ann.root / "AGENTS.md").read_text() == text  # as git left it
    assert ann.git("diff", "--name-only", "--diff-filter=U").stdout == "AGENTS.md\n"


def test_a_merged_block_past_its_cap_is_left_for_a_person(tmp_path: Path):
    """review27 R27-3 (3): both sides at 12 bullets, each replacing the last: the union staged 13 in a block of at most
    12, and the hooks delivered 12 of them."""
    shared = [f"Fact number {n} holds." for n in range(1, 12)]
    ann = pulled(tmp_path, facts(*shared, "Old fact."), facts(*shared, "Ours: new fact."),
                 facts(*shared, "Old fact.", "Theirs: another fact."))
    proc = ann.learn("resolve", check=False)
    assert proc.returncode == 1
    assert "  AGENTS.md: learned block: both sides' bullets make 13, past the block's 12; keep at most 12 by hand." \
        in proc.stdout
    assert block.has_conflicts((ann.root / "AGENTS.md").read_text())
