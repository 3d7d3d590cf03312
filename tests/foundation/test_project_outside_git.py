"""Outside a git repository, commands that write say which folder is the project, or refuse (issue 12, item 6).

The rule: inside a repository, the project is found silently. Outside one, a folder at or above the
current one with `.altimate-code/` is the project and the command says so; the home folder never is
(altimate-code reads `~/.altimate-code/` as user-wide settings); with neither, the command refuses and
says how to mark the project. Nothing is written when it refuses.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

WRITE_COMMANDS = [
    ["enable"],
    ["disable"],
    ["install", "claude-code"],
    ["install", "claude-code", "--dry-run"],
    ["signal", "add", "--kind", "user", "--text", "Use snake_case for column names."],
    # trial18: the learner's commands wrote `.altimate-code/learn/.learner/` wherever they ran (the home folder too)
    ["run", "--now"],
    ["pause"],
    ["resume"],
]


def files_under(root: Path) -> list[str]:
    return sorted(str(Path(d, f).relative_to(root)) for d, _, fs in os.walk(root) for f in fs)


@pytest.mark.parametrize("command", WRITE_COMMANDS, ids=" ".join)
def test_a_plain_folder_is_refused_with_what_to_do_and_nothing_is_written(tmp_path, monkeypatch, cli, command):
    folder = tmp_path / "notes"
    folder.mkdir()
    monkeypatch.chdir(folder)
    code, out, err = cli(*command)
    assert (code, out) == (1, "")
    assert err == (f"Error: {folder} is not in a git repository, and no folder at or above it has .altimate-code/, "
                   "so learn cannot tell which folder is the project. Run it inside your project's repository, or "
                   "make this folder the project with `git init` or `mkdir .altimate-code`, then run it again.\n")
    assert files_under(tmp_path) == []


@pytest.mark.parametrize("command", WRITE_COMMANDS, ids=" ".join)
def test_the_home_folder_is_never_the_project(isolated_home, monkeypatch, cli, command):
    (isolated_home / ".altimate-code").mkdir()  # altimate-code's user-wide folder
    work = isolated_home / "Downloads" / "scratch"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    before = files_under(isolated_home)
    code, out, err = cli(*command)
    assert code == 1
    assert err.startswith(f"Error: {work} is not in a git repository, and the nearest folder with .altimate-code/ "
                          f"is your home folder ({isolated_home.resolve()}), which altimate-code reads as user-wide "
                          "settings, not a project.")
    assert files_under(isolated_home) == before


def test_a_folder_marked_with_altimate_code_is_used_and_named(tmp_path, monkeypatch, cli):
    project = tmp_path / "analytics"
    (project / ".altimate-code").mkdir(parents=True)
    (project / "models").mkdir()
    monkeypatch.chdir(project / "models")
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")
    assert code == 0
    assert err == f"Warning: not in a git repository; using {project} as the project (it has .altimate-code/).\n"
    assert (project / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()
    assert not (project / "models" / ".altimate-code").exists()
    code, out, err = cli("enable")
    assert code == 0 and "not in a git repository; using" in err
    assert (project / ".altimate-code" / "altimate-code.json").exists()


def test_inside_a_repository_nothing_extra_is_said(git_repo, monkeypatch, cli):
    (git_repo / "models").mkdir()
    monkeypatch.chdir(git_repo / "models")
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")
    assert (code, err) == (0, "")
    assert (git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()


def test_the_user_level_install_needs_no_project(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("install", "claude-code", "--user", "--dry-run")
    assert code == 0, err


@pytest.mark.parametrize("command, error", [
    (["undo"], "Error: nothing to undo: no tidy since the last undo. Run `learn tidy` first.\n"),
    (["publish"], "Error: store 'team-playbook' has no approved lessons to publish. Promote a candidate first "
                  "(`learn show`, `learn promote`).\n"),
], ids=["undo", "publish"])
def test_a_command_with_nothing_to_do_leaves_no_store_behind(tmp_path, git_repo, monkeypatch, cli, command, error):
    """trial18: `learn undo` and `learn publish` in a project that never used learn (or in any folder) refused, and
    still left `.altimate-code/learn/team-playbook/` (a lock and a .gitignore) behind: an untracked folder in
    `git status`, and a plain folder made a project."""
    import subprocess

    code, out, err = cli(*command)
    assert (code, out, err) == (1, "", error)
    assert subprocess.run(["git", "status", "--porcelain"], cwd=git_repo, capture_output=True, text=True).stdout == ""
    folder = tmp_path / "notes"
    folder.mkdir()
    monkeypatch.chdir(folder)
    code, out, err = cli(*command)
    assert (code, out, err) == (1, "", error)
    assert files_under(folder) == []


def test_nothing_at_or_above_a_git_ceiling_folder_makes_a_project(tmp_path, monkeypatch, cli):
    """trial23: a `.git` or `.altimate-code/` above the folder (a stray one in /tmp, a home folder kept under git)
    made a plain folder a project even when GIT_CEILING_DIRECTORIES tells git not to look there: learn wrote its
    store into the folder above. Like git, learn now stops below the ceiling."""
    import subprocess

    from altimate_learn.harness.hook import find_root

    (tmp_path / ".git").mkdir()
    (tmp_path / ".altimate-code").mkdir()
    ceiling = tmp_path / "work"
    folder = ceiling / "notes"
    folder.mkdir(parents=True)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(ceiling))
    monkeypatch.chdir(folder)
    assert subprocess.run(["git", "rev-parse"], capture_output=True).returncode != 0  # git agrees: no repository
    code, out, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")
    assert (code, out) == (1, "")
    assert err.startswith(f"Error: {folder} is not in a git repository, and no folder at or above it has .altimate-code/")
    assert files_under(tmp_path) == []
    assert find_root(str(folder)) == str(folder)  # the hook finds no project either
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))  # a ceiling further up: the folder is found
    code, _, err = cli("signal", "add", "--kind", "user", "--text", "Use snake_case for column names.")
    assert code == 0, err
    assert (tmp_path / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()
