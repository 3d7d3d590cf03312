"""`learn install git` (and `enable`, `install <agent>`): .gitattributes and the clone's merge driver."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from altimate_learn.team.setup import BLOCK_END, BLOCK_START
from tests.conftest import git

OTHER = "*.png binary\n"


def config(repo: Path, key: str) -> str:
    return subprocess.run(["git", "config", "--get", key], cwd=repo, capture_output=True, text=True).stdout.strip()


def test_install_git_adds_a_block_once_registers_the_driver_and_uninstall_gives_the_file_back(git_repo, cli):
    (git_repo / ".gitattributes").write_text(OTHER)
    code, out, err = cli("install", "git")
    assert (code, err) == (0, "")
    assert out == ("Git: .gitattributes: store files merge with learn's driver, LF line ends; commit it so teammates "
                   "get it.\nGit: merge driver registered in this clone's git config (each teammate runs "
                   "`learn install git` or `learn enable` once).\n")
    text = (git_repo / ".gitattributes").read_text()
    assert text.startswith(OTHER + "\n" + BLOCK_START + "\n") and text.endswith(BLOCK_END + "\n")
    driver = config(git_repo, "merge.altimate-learn.driver")
    assert driver.startswith(sys.executable + " -I ") or driver.startswith("'" + sys.executable)
    assert driver.endswith(" -m altimate_learn merge-driver %O %A %B %P --marker-size %L")
    assert config(git_repo, "merge.altimate-learn.recursive") == "altimate-learn-base"
    assert "--virtual-base" in config(git_repo, "merge.altimate-learn-base.driver")
    attr = git(git_repo, "check-attr", "merge", "text", "eol", "--",
               ".altimate-code/learn/team-playbook/approved.json", ".altimate-code/learn/x/history.jsonl")
    assert attr.splitlines() == [
        ".altimate-code/learn/team-playbook/approved.json: merge: altimate-learn",
        ".altimate-code/learn/team-playbook/approved.json: text: set",
        ".altimate-code/learn/team-playbook/approved.json: eol: lf",
        ".altimate-code/learn/x/history.jsonl: merge: union",
        ".altimate-code/learn/x/history.jsonl: text: set",
        ".altimate-code/learn/x/history.jsonl: eol: lf"]

    assert cli("install", "git") == (0, "Git: already set up (.gitattributes and this clone's merge driver).\n", "")
    assert cli("install", "git", "--check") == (
        0, "Git: lesson files merge as data in this clone (learn's merge driver; .gitattributes).\n", "")

    code, out, _ = cli("install", "git", "--uninstall")
    assert code == 0 and (git_repo / ".gitattributes").read_text() == OTHER
    assert config(git_repo, "merge.altimate-learn.driver") == ""
    code, out, err = cli("install", "git", "--check")
    assert code == 1
    assert out == ("Git: lesson files merge as text lines here (.gitattributes does not name learn's merge driver), so "
                   "a teammate's promote can conflict.\n  Fix: `learn install git` (once per clone).\n")


def test_an_outdated_block_is_replaced_and_the_rest_kept(git_repo, cli):
    (git_repo / ".gitattributes").write_text(f"a.txt text\n{BLOCK_START}\nold line\n{BLOCK_END}\nb.txt -text\n")
    assert cli("install", "git", "--dry-run")[1].startswith("(dry run) Git: .gitattributes:")
    assert "old line" in (git_repo / ".gitattributes").read_text()
    cli("install", "git")
    text = (git_repo / ".gitattributes").read_text()
    assert text.startswith(f"a.txt text\n{BLOCK_START}\n") and text.endswith(f"{BLOCK_END}\nb.txt -text\n")
    assert "old line" not in text and text.count(BLOCK_START) == 1


def test_install_git_outside_a_repository_is_one_clear_error(tmp_path, monkeypatch, cli):
    folder = tmp_path / "plain"
    folder.mkdir()
    monkeypatch.chdir(folder)
    code, out, err = cli("install", "git")
    assert (code, out) == (1, "")
    assert err == (f"Error: {folder} is not in a git repository, so there is no merge to set up. Run it inside the "
                   "repository whose lessons you share (after `git init` or a clone).\n")
    assert not (folder / ".gitattributes").exists()


def test_enable_and_an_agent_install_set_git_up_too(git_repo, cli):
    cli("enable")
    assert BLOCK_START in (git_repo / ".gitattributes").read_text()
    (git_repo / ".gitattributes").unlink()
    git(git_repo, "config", "--local", "--remove-section", "merge.altimate-learn")
    code, out, _ = cli("install", "claude-code")
    assert code == 0 and "Git: merge driver registered in this clone's git config" in out
    assert BLOCK_START in (git_repo / ".gitattributes").read_text()


def test_status_says_when_a_clone_lacks_the_driver_and_how_to_add_it(git_repo, cli):
    cli("install", "git")
    git(git_repo, "config", "--local", "--remove-section", "merge.altimate-learn")
    code, out, _ = cli("status")
    assert ("Git: this clone lacks learn's merge driver (git config is not committed), so a teammate's promote can "
            "conflict.\n  Fix: `learn install git` (once per clone).\n") in out
    info = json.loads(cli("status", "--json")[1])
    assert info["git_merge"] == {"repository": True, "attributes": True, "driver": False, "runs": False,
                                 "ok": False, "fix": "learn install git"}
    code, out, _ = cli("doctor")  # doctor says the same, with the same fix
    assert code == 0 and "Git: this clone lacks learn's merge driver" in out and "`learn install git`" in out
    assert json.loads(cli("doctor", "--json")[1])["git_merge"]["fix"] == "learn install git"
    cli("install", "git")
    git(git_repo, "config", "--local", "merge.altimate-learn.driver", "/gone/venv/bin/python -m altimate_learn x")
    assert "learn's merge driver runs an interpreter that no longer exists, or runs it unisolated" in cli("status")[1]
    # an older form: `python -m` without -I would import an `altimate_learn.py` the repository ships
    git(git_repo, "config", "--local", "merge.altimate-learn.driver",
        f"{sys.executable} -m altimate_learn merge-driver %O %A %B %P")
    assert "or runs it unisolated" in cli("status")[1]
    cli("install", "git")
    assert "Git: lesson files merge as data in this clone" in cli("status")[1]


def test_install_and_uninstall_keep_the_persons_line_ends_and_give_the_file_back_byte_for_byte(git_repo, cli):
    """review48 R48-2: a `.gitattributes` written on Windows (CRLF) came back from `learn enable` / `learn install git`
    with every line of the person's rewritten to LF (a whole-file diff of a committed file), and one whose last line
    had no line end came back from `--uninstall` with one."""
    path = git_repo / ".gitattributes"
    for before in (b"*.png binary\r\n# keep\r\n", b"*.png binary\r\n# keep", b"*.png binary\n# keep",
                   b"*.png binary\n", b"# only a comment"):
        path.write_bytes(before)
        assert cli("install", "git")[0] == 0
        after = path.read_bytes()
        assert after.startswith(before) and BLOCK_START.encode() in after, (before, after)
        if b"\r\n" in before:  # learn's lines end as the person's do: git diff shows only added lines
            assert after.count(b"\n") == after.count(b"\r\n"), after
        else:
            assert b"\r" not in after
        attr = git(git_repo, "check-attr", "merge", "--", ".altimate-code/learn/team-playbook/approved.json")
        assert attr.strip().endswith("merge: altimate-learn"), (before, attr)
        assert cli("install", "git")[1].startswith("Git: already set up")  # nothing to change the second time
        assert cli("install", "git", "--uninstall")[0] == 0
        assert path.read_bytes() == before
