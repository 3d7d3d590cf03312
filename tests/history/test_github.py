"""Remote parsing, API base URL and token discovery (with a fake `gh` on PATH)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from altimate_learn.errors import LearnError
from altimate_learn.history.github import NotGitHub, Repo, api_base, discover_token, parse_remote, resolve_repo
from altimate_learn.history.reviews import ReviewItem, text_reason
from tests.conftest import git


@pytest.mark.parametrize("url, host", [
    ("https://github.com/acme/widgets.git", "github.com"),
    ("https://github.com/acme/widgets", "github.com"),
    ("https://x-access-token:abc@github.com/acme/widgets.git", "github.com"),
    ("git@github.com:acme/widgets.git", "github.com"),
    ("github.com:acme/widgets", "github.com"),
    ("ssh://git@github.com/acme/widgets.git", "github.com"),
    ("ssh://git@ghe.example.com:2222/acme/widgets.git", "ghe.example.com"),
    ("git@github.corp.example:acme/widgets.git", "github.corp.example"),
    ("https://code.example.com:8443/acme/widgets/", "code.example.com:8443"),
])
def test_github_and_enterprise_remotes(url, host):
    assert parse_remote(url) == Repo(host, "acme", "widgets")


@pytest.mark.parametrize("url", ["https://gitlab.com/acme/widgets.git", "git@gitlab.com:acme/widgets.git",
                                 "git@bitbucket.org:acme/widgets.git", "https://gitlab.acme.io/team/widgets.git",
                                 "https://dev.azure.com/acme/widgets", "https://codeberg.org/acme/widgets"])
def test_other_forges_are_refused(url):
    with pytest.raises(NotGitHub, match="supports GitHub and GitHub Enterprise only") as err:
        parse_remote(url)
    assert "--repo owner/name" in str(err.value)


@pytest.mark.parametrize("url", ["/srv/git/widgets.git", "file:///srv/git/widgets.git", "https://github.com/acme",
                                 "https://github.com/acme/widgets/tree/main", ""])
def test_urls_that_are_not_a_repository(url):
    assert parse_remote(url) is None


def test_origin_wins_over_other_remotes(git_repo):
    git(git_repo, "remote", "add", "upstream", "git@github.com:upstream/widgets.git")
    git(git_repo, "remote", "add", "origin", "git@ghe.internal:acme/widgets.git")
    assert resolve_repo(git_repo) == Repo("ghe.internal", "acme", "widgets")
    # --repo keeps the Enterprise host of the remote
    assert resolve_repo(git_repo, "other/thing") == Repo("ghe.internal", "other", "thing")


def test_api_base():
    assert api_base("github.com", {}) == "https://api.github.com"
    assert api_base("ghe.example.com", {}) == "https://ghe.example.com/api/v3"
    assert api_base("github.com", {"GITHUB_API_URL": "http://127.0.0.1:9/api/"}) == "http://127.0.0.1:9/api"


# --- tokens ----------------------------------------------------------------------------------------------

def fake_gh(folder: Path, body: str) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "gh"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return {"PATH": f"{folder}{os.pathsep}/usr/bin:/bin"}


def test_github_token_comes_first_then_gh_token():
    env = {"GITHUB_TOKEN": "ghp_first", "GH_TOKEN": "ghp_second", "PATH": ""}
    assert discover_token("github.com", env).source == "GITHUB_TOKEN"
    assert discover_token("github.com", env).value == "ghp_first"
    assert discover_token("github.com", {"GH_TOKEN": "ghp_second", "PATH": ""}).value == "ghp_second"


def test_gh_auth_token_for_the_host(tmp_path):
    log = tmp_path / "args"
    env = fake_gh(tmp_path / "bin", f'echo "$@" > {log}\necho gho_FromGhCli0000\n')
    token = discover_token("ghe.example.com", env)
    assert (token.value, token.source) == ("gho_FromGhCli0000", "gh auth token")
    assert log.read_text().strip() == "auth token --hostname ghe.example.com"
    assert "gho_FromGhCli0000" not in repr(token)


def test_gh_not_logged_in_is_explained_step_by_step(tmp_path):
    env = fake_gh(tmp_path / "bin", 'echo "no oauth token found for github.com" >&2\nexit 1\n')
    with pytest.raises(LearnError) as err:
        discover_token("github.com", env)
    assert str(err.value) == (
        "gh is not logged in to github.com. 1) Check with `gh auth status --hostname github.com`. "
        "2) Log in with `gh auth login --hostname github.com` (for GitHub Enterprise use that host). "
        "3) Check access with `gh api repos/OWNER/NAME`. Or set GITHUB_TOKEN.")


def test_missing_gh_is_explained(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(LearnError) as err:
        discover_token("github.com", {"PATH": str(empty)})
    assert str(err.value) == (
        "no GitHub token: GITHUB_TOKEN and GH_TOKEN are not set and the gh CLI is not installed. "
        "Either install gh from https://cli.github.com/ and run `gh auth login --hostname github.com`, "
        "or set GITHUB_TOKEN to a token that can read the repository.")


def test_the_cli_uses_the_gh_token_and_never_prints_it(cli, tmp_path, git_repo, monkeypatch):
    from tests.history.fake_github import TOKEN, FakeGitHub, scenario

    git(git_repo, "remote", "add", "origin", "https://github.com/acme/widgets.git")
    env = fake_gh(tmp_path / "bin", f"echo {TOKEN}\n")
    monkeypatch.setenv("PATH", env["PATH"] + os.pathsep + os.environ["PATH"])
    with FakeGitHub() as fake:
        scenario(fake)
        monkeypatch.setenv("GITHUB_API_URL", fake.url)
        code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert "token from gh auth token" in out
    assert TOKEN not in out + err
    assert all(r["authorization"] == f"token {TOKEN}" for r in fake.requests)


# --- text filters ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("body, reason", [
    ("", "empty"), ("  \n\t", "empty"), ("👍", "emoji"), (":+1: :shipit:", "emoji"), ("🎉🎉🎉 ✅", "emoji"),
    ("LGTM", "lgtm"), ("lgtm!!", "lgtm"), ("Looks good to me.", "lgtm"), ("LGTM, ship it 🚀", "lgtm"),
    ("+1", "lgtm"), ("Nice!", "lgtm"), ("Fix this.", "short"), ("typo", "short"), ("s/foo/bar/ ???", "short"),
    ("---- ==== !!!! ???? ab cd ef gh ij ~~~~ #### %%%% &&&& ****", "symbols"),
    ("LGTM overall, but please list the query's result columns explicitly.", None),
    ("Use `pathlib.Path` here, not os.path.join.", None),
    # only the reviewer's own words count: quotes, code blocks, links and HTML comments are not words
    ("https://github.com/acme/widgets/pull/3#discussion_r123456", "link-only"),
    ("see [the docs](https://example.com/guide)", "short"),
    ("```suggestion\n    logger.info('total=%s', total)\n```", "code-only"),
    ("> Should we cache the user profile here? It is read on every request.\n\nagreed", "short"),
    ("> Should we cache the user profile here? It is read on every request.\n\n+1", "lgtm"),
    ("<!-- This is an auto-generated comment: summarize by coderabbit.ai -->", "empty"),
    ("```suggestion\n    logger.info(total)\n```\nUse the logger instead of print in library code.", None),
    ("Use [Decimal](https://docs.python.org/3/library/decimal.html) for money amounts, never float.", None),
    # wide (CJK) characters carry more per character than Latin letters
    ("金额字段请使用Decimal", None), ("请不要在这里使用浮点数来表示金额，使用整数分。", None), ("好的", "short"),
    ("这个不对", "short"),
])
def test_text_reasons(body, reason):
    assert text_reason(body) == reason


def test_review_item_identity_includes_host_repo_and_kind():
    item = ReviewItem(7, "review", 1, "bob", "User", "MEMBER", "x", "", None)
    assert item.message_id(Repo("ghe.example.com", "Acme", "Widgets")) == "ghe.example.com/acme/widgets/review/7"
