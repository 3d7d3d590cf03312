"""A teammate who follows "Removing learn" in a clone of the team's repository: `learn disable` and `learn install git
--uninstall` change files the team committed, and committing that turns learning off (or lesson files merging as data)
for everyone who pulls. They say so, and how to change only this clone; an uncommitted file gets no such note
(trial29 T29-3: Bob's `git status` showed the team's config changed and .gitattributes deleted, and nothing had said so)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import git

CONFIG = ".altimate-code/altimate-code.json"


def _commit_all(repo: Path) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "team setup")


def test_disable_on_the_teams_committed_config_says_it_turns_learning_off_for_everyone(git_repo: Path, cli,
                                                                                      isolated_home: Path):
    assert cli("enable")[0] == 0
    _commit_all(git_repo)
    code, out, err = cli("disable")
    assert code == 0, err
    assert (f"Note: {CONFIG} is committed, so committing this change turns learning off for every teammate who pulls "
            f"it. To turn it off only for yourself, restore the file (`git checkout HEAD -- {CONFIG}`) and set "
            "ALTIMATE_LEARN_CAPTURE=0 and ALTIMATE_LEARN_AUTO=0 in your environment.") in out
    code, out, err = cli("disable", "--json")
    assert code == 0 and "shared_note" in json.loads(out)  # the same note for a script
    git(git_repo, "checkout", "--", CONFIG)  # the advice followed: the team's file is as committed again
    assert git(git_repo, "status", "--porcelain") == ""


def test_disable_on_a_config_nobody_committed_has_no_note(git_repo: Path, cli, isolated_home: Path):
    assert cli("enable")[0] == 0
    code, out, err = cli("disable")
    assert code == 0, err
    assert "Learning disabled" in out and "is committed" not in out


def test_uninstalling_the_teams_committed_gitattributes_block_says_it_reaches_everyone(git_repo: Path, cli):
    assert cli("install", "git")[0] == 0
    _commit_all(git_repo)
    code, out, err = cli("install", "git", "--uninstall")
    assert code == 0, err
    assert not (git_repo / ".gitattributes").exists()
    assert ("Note: .gitattributes is committed, so committing this change stops learn's lesson files merging as data "
            "for every teammate who pulls it. To change only this clone, restore the file "
            "(`git checkout HEAD -- .gitattributes`).") in out
    git(git_repo, "checkout", "--", ".gitattributes")
    assert cli("install", "git")[0] == 0  # the clone's own merge driver again; the team's file is unchanged
    assert git(git_repo, "status", "--porcelain") == ""


def test_uninstalling_an_uncommitted_gitattributes_block_has_no_note(git_repo: Path, cli):
    assert cli("install", "git")[0] == 0
    code, out, err = cli("install", "git", "--uninstall")
    assert code == 0 and "is committed" not in out


def test_uninstalling_a_committed_gitattributes_with_the_persons_own_edits_never_advises_dropping_them(git_repo: Path,
                                                                                                       cli):
    """review28 R28-3: a hand edit of .gitattributes, not committed yet, then `learn install git --uninstall`: the
    advice `git checkout -- .gitattributes` would have thrown the person's edit away with learn's change. A change
    already staged (`git add`) is still a change the next commit gives everyone."""
    assert cli("install", "git")[0] == 0
    _commit_all(git_repo)
    attributes = git_repo / ".gitattributes"
    attributes.write_text(attributes.read_text() + "*.png binary\n")
    code, out, err = cli("install", "git", "--uninstall")
    assert code == 0, err
    assert "*.png binary" in attributes.read_text()
    assert "`git checkout HEAD -- .gitattributes`" not in out
    assert ("To change only this clone, put learn's block back (`git checkout -p HEAD -- .gitattributes` restores only the "
            "hunks you choose; a plain `git checkout HEAD --` would also drop your own uncommitted edits of the file).") in out

    assert cli("install", "git")[0] == 0
    git(git_repo, "add", ".gitattributes")  # the person's edit staged, then learn's block taken out again
    code, out, err = cli("install", "git", "--uninstall")
    assert code == 0, err
    assert "Note: .gitattributes is committed, so committing this change stops" in out
    assert "`git checkout -p HEAD -- .gitattributes`" in out  # from HEAD: the index already holds the staged change


def test_disable_on_a_committed_config_with_the_persons_own_edits_never_advises_dropping_them(git_repo: Path, cli,
                                                                                             isolated_home: Path):
    """review28 R28-3, `learn disable`'s half: the person's own uncommitted setting in the team's config survives the
    advice, and a change already staged is still one the next commit gives everyone."""
    assert cli("enable")[0] == 0
    _commit_all(git_repo)
    config = git_repo / CONFIG
    data = json.loads(config.read_text())
    data["model"] = "anthropic/claude-sonnet-4"
    config.write_text(json.dumps(data, indent=2) + "\n")
    code, out, err = cli("disable")
    assert code == 0, err
    assert json.loads(config.read_text())["model"] == "anthropic/claude-sonnet-4"
    assert f"`git checkout HEAD -- {CONFIG}`" not in out
    assert (f"To turn it off only for yourself, put learn's two settings back (`git checkout -p HEAD -- {CONFIG}` restores "
            "only the hunks you choose; a plain `git checkout HEAD --` would also drop your own uncommitted edits of the "
            "file) and set ALTIMATE_LEARN_CAPTURE=0 and ALTIMATE_LEARN_AUTO=0 in your environment.") in out
    git(git_repo, "add", CONFIG)  # staged: `git diff` against the index is quiet, the next commit is not
    code, out, err = cli("disable")
    assert code == 0 and f"Note: {CONFIG} is committed" in out
    assert f"`git checkout -p HEAD -- {CONFIG}`" in out  # from HEAD: the index already holds the staged change
