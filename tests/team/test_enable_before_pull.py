"""A teammate who runs `learn enable` before pulling the commit that brought learn's files (review35 R35-6): the
config, the store's .gitignore and the .gitattributes block are then untracked copies, and `git pull` refuses to
overwrite them ("untracked working tree files would be overwritten by merge"), even byte for byte the same. Running
`learn enable` again (what the docs and git's own message lead to) now clears the pull's way: the copies identical to
the upstream's are removed, enable stops and says to pull first; a copy that differs is left, named."""

from __future__ import annotations

from tests.team.conftest import Clone, Team


def _ana_shares_learn(team: Team):
    ana = team.clone("ana")
    ana.learn("enable")
    ana.learn("remember", "Keep functions short.", "--approve")
    ana.commit("learn: enable and a first lesson")
    ana.git("push", "-q", "origin", "main")


def test_enable_again_after_the_pull_stops_clears_the_way_and_the_pull_then_works(team: Team):
    ben = team.clone("ben")  # cloned before ana shared learn's files
    _ana_shares_learn(team)
    ben.learn("enable")
    pulled = ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False)
    assert pulled.returncode != 0  # git will not overwrite the untracked copies

    again = ben.learn("enable", check=False)
    assert again.returncode != 0
    assert "origin/main already has learn's project files, and `git pull` does not overwrite untracked files" \
        in again.stderr
    assert "removed .altimate-code/altimate-code.json" in again.stderr and "Run `git pull`, then `learn enable`." \
        in again.stderr
    assert ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False).returncode == 0
    assert ben.learn("enable").returncode == 0
    assert [lesson["text"] for lesson in ben.approved()] == ["Keep functions short."]


def test_a_copy_that_differs_from_the_upstream_is_left_and_named(team: Team):
    ben = team.clone("ben")
    _ana_shares_learn(team)
    ben.learn("enable", "--model", "builtin")  # ben's config differs from ana's
    ben.git("fetch", "-q", "origin")
    again = ben.learn("enable", check=False)
    assert again.returncode != 0
    assert ".altimate-code/altimate-code.json differs from origin/main's and would stop the pull" in again.stderr
    assert (ben.root / ".altimate-code" / "altimate-code.json").exists()


def test_enable_with_nothing_upstream_writes_as_ever(team: Team):
    ben = team.clone("ben")
    assert ben.learn("enable").returncode == 0
    assert (ben.root / ".altimate-code" / "altimate-code.json").exists()


def test_enable_after_a_fetch_writes_nothing_that_would_stop_the_pull(team: Team):
    # review38 R38-3: an IDE's auto-fetch (or a failed pull) brought origin/main with learn's files; the first enable
    # wrote untracked copies and the pull stopped. It now stops first, writing nothing, and says to pull.
    ben = team.clone("ben")
    _ana_shares_learn(team)
    ben.git("fetch", "-q", "origin")
    first = ben.learn("enable", check=False)
    assert first.returncode != 0
    assert "the pull brings .altimate-code/altimate-code.json" in first.stderr
    assert "Run `git pull`, then `learn enable`." in first.stderr
    assert not (ben.root / ".altimate-code" / "altimate-code.json").exists()
    assert ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False).returncode == 0
    assert ben.learn("enable").returncode == 0
    assert [lesson["text"] for lesson in ben.approved()] == ["Keep functions short."]


def test_installing_hooks_before_the_pull_writes_no_gitattributes_that_would_stop_it(team: Team):
    # review38 R38-3: `learn install <agent>` (and `learn install git`) write the .gitattributes block too
    ben = team.clone("ben")
    _ana_shares_learn(team)
    ben.git("fetch", "-q", "origin")
    for command in (("install", "claude-code", "--local"), ("install", "git")):
        done = ben.learn(*command, check=False)
        assert done.returncode != 0, done.stdout
        assert "origin/main already has learn's project files" in done.stderr and ".gitattributes" in done.stderr
        assert f"Run `git pull`, then `learn {' '.join(command)}`." in done.stderr
        assert not (ben.root / ".gitattributes").exists()  # nothing left in the pull's way
    assert ben.git("pull", "--no-rebase", "--no-edit", "origin", "main", check=False).returncode == 0
    assert ben.learn("install", "claude-code", "--local").returncode == 0


def test_with_no_upstream_set_the_same_branch_on_origin_counts(team: Team):
    # review38 R38-3 edge: `git init`, `git remote add origin …`, `git fetch`: no upstream is set, and enable wrote the
    # copies that stop `git pull origin main`
    _ana_shares_learn(team)
    root = team.tmp / "ben"
    root.mkdir()
    ben = Clone(root)
    ben.git("init", "-q", "-b", "main")
    ben.git("remote", "add", "origin", str(team.origin))
    ben.git("fetch", "-q", "origin")
    assert ben.git("rev-parse", "--abbrev-ref", "@{upstream}", check=False).returncode != 0
    first = ben.learn("enable", check=False)
    assert first.returncode != 0
    assert "origin/main already has learn's project files" in first.stderr
    assert "Run `git pull origin main`, then `learn enable`." in first.stderr  # a bare `git pull` would refuse
    assert not (root / ".altimate-code").exists()
    assert ben.git("pull", "-q", "origin", "main", check=False).returncode == 0
    assert ben.learn("enable").returncode == 0
