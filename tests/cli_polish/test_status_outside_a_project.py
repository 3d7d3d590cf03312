"""`learn status` in a folder no project holds (review35 R35-12): it said "Learning: off for this project … (next:
`learn enable` …)", and `learn enable` there refuses ("… cannot tell which folder is the project"). It now says there
is no project here and how to make one; in a repository nothing changes."""

from __future__ import annotations

import json


def test_status_outside_any_project_says_so_and_how_to_make_one(tmp_path, monkeypatch, cli) -> None:
    folder = tmp_path / "loose"
    folder.mkdir()
    monkeypatch.chdir(folder)
    code, out, err = cli("status")
    assert code == 0, err
    assert out.splitlines()[0].startswith(f"Learning: no project here: {folder} is not in a git repository")
    assert "`git init`" in out and "learn enable" in out
    assert "off for this project" not in out
    code, out, err = cli("status", "--json")
    assert code == 0, err
    assert json.loads(out)["project_found"] is False
    code, _, err = cli("enable")
    assert code != 0 and "cannot tell which folder is the project" in err  # what the status line warns of


def test_status_in_a_repository_finds_the_project(git_repo, cli) -> None:
    code, out, err = cli("status", "--json")
    assert code == 0, err
    assert json.loads(out)["project_found"] is True
    code, out, err = cli("status")
    assert out.splitlines()[0].startswith("Learning: off for this project")
