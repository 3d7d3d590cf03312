"""`learn import-reviews` against a fake GitHub over real HTTP, in a real git repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import git
from tests.history.conftest import all_text, read_signals, read_state, tree
from tests.history.fake_github import (
    KEPT_CENTS, KEPT_COLUMNS, KEPT_LINTER, KEPT_PATHLIB, SECRET_AWS, SECRET_PASSWORD, TOKEN, FakeGitHub, ago,
)

KEY = "github.com/acme/widgets"


def kept_ids(root: Path) -> set[int]:
    return {int(s["messageID"].rsplit("/", 1)[1]) for s in read_signals(root)}


def run_json(cli, *args: str) -> tuple[int, dict, str]:
    code, out, err = cli("import-reviews", *args, "--json")
    return code, (json.loads(out) if out.strip() else {}), err


# --- the scope, dry run and consent ---------------------------------------------------------------------

def test_dry_run_prints_redacted_kept_and_dropped_comments_and_changes_nothing(cli, repo, github):
    before = tree(repo)
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert tree(repo) == before  # not even `.altimate-code/` was created
    assert not (repo / ".altimate-code").exists()
    assert "Repository: github.com/acme/widgets" in out
    assert "Review comments and bodies: 22 fetched, 6 kept, 16 dropped:" in out
    for line in ("  bot author: 4", "  the PR's author: 2", "  LGTM-style approval: 2", "  emoji only: 1",
                 "  written after the merge: 1", "  mostly symbols: 1", "  too short: 1", "  empty: 1",
                 "  same text as another comment on this PR: 1",
                 "  review body that neither approves nor requests changes: 1",
                 "  not an owner, member or collaborator (--any-author includes them): 1"):
        assert line in out
    assert KEPT_COLUMNS in out and KEPT_CENTS in out  # the kept comments are shown in full
    assert "- PR #110 comment 1104: LGTM-style approval: \"LGTM\"" in out  # and each drop with its reason
    assert "Model: builtin, the offline reflector (no --model and no learn.model set; no network, no cost)." in out
    assert "Estimated input: about " in out
    assert out.rstrip().endswith("Dry run: nothing was sent to a model and no state changed.")
    # secrets and credentials in URLs never printed
    for secret in (SECRET_AWS, SECRET_PASSWORD, "querysecret", "x-access-token", "notification_referrer", TOKEN):
        assert secret not in out + err
    assert "[REDACTED:aws-key]" in out
    assert "https://github.com/acme/widgets/pull/110#discussion_r1110" in out
    # it really fetched: every listing was followed through its Link header
    pulls = [r for r in github.requests if r["path"].endswith("/pulls")]
    assert [r["query"]["page"] for r in pulls] == ["1", "2"]
    assert {r["query"]["state"] for r in pulls} == {"closed"}
    assert all(r["authorization"] == f"token {TOKEN}" for r in github.requests)


def test_dry_run_sends_nothing_to_a_configured_model(cli, repo, github, model_server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
    code, out, _ = cli("import-reviews", "--dry-run", "--model", "openai/gpt-4o-mini")
    assert code == 0
    assert "Model: openai/gpt-4o-mini (provider openai, from --model)." in out
    assert model_server.requests == []
    assert not (repo / ".altimate-code").exists()


def test_outside_a_terminal_it_refuses_without_yes_after_showing_the_scope(cli, repo, github):
    code, out, err = cli("import-reviews")
    assert code == 1
    assert "6 kept" in out
    assert err.strip() == ("Error: refusing to import reviews without confirmation outside a terminal. "
                           "Pass --yes to confirm the scope above, or --dry-run to preview it.")
    assert not (repo / ".altimate-code").exists()


def test_answering_no_at_the_prompt_changes_nothing(cli, repo, github, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_ASSUME_TTY", "1")
    code, out, _ = cli("import-reviews", input="n\n")
    assert code == 0
    assert "Import 6 review comments as signals and send redacted text to builtin" in out
    assert "Cancelled. Nothing was sent or changed." in out
    assert not (repo / ".altimate-code").exists()


def test_answering_yes_at_the_prompt_imports(cli, repo, github, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_ASSUME_TTY", "1")
    code, out, _ = cli("import-reviews", "--max-reflections", "0", input="y\n")
    assert code == 0, out
    assert len(read_signals(repo)) == 6


# --- filters ----------------------------------------------------------------------------------------

def test_only_substantive_member_comments_before_the_merge_become_review_signals(cli, repo, github):
    code, result, err = run_json(cli, "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert kept_ids(repo) == github.expected["kept"]
    assert result["dropped"] == github.expected["drops"]
    assert (result["prs"], result["fetched"], result["kept"], result["signals_added"]) == (2, 22, 6, 6)
    signals = {int(s["messageID"].rsplit("/", 1)[1]): s for s in read_signals(repo)}
    columns = signals[1101]
    assert columns["kind"] == "review" and columns["source"] == "import-reviews" and columns["status"] == "open"
    assert columns["messageID"] == f"{KEY}/comment/1101"
    assert columns["sessionID"] == f"review:{KEY}/pull/110"
    assert columns["text"] == f"src/db/query.py: {KEPT_COLUMNS}"  # the file path travels with the text
    assert columns["reason"] == "PR #110 review comment on src/db/query.py"
    assert columns["provenance"] == "https://github.com/acme/widgets/pull/110#discussion_r1101"
    assert signals[5001]["text"] == KEPT_CENTS and signals[5001]["reason"] == "PR #110 review (changes requested)"
    assert signals[5081]["reason"] == "PR #108 review (approved)"
    assert "alice" not in all_text(repo) and "carol" not in all_text(repo)  # no reviewer logins stored


def test_any_author_keeps_reviewers_outside_the_team(cli, repo, github):
    code, result, _ = run_json(cli, "--yes", "--max-reflections", "0", "--any-author")
    assert code == 0
    assert kept_ids(repo) == github.expected["kept"] | {1105}
    assert "not-member" not in result["dropped"]


def test_include_bots_overrides_every_bot_filter(cli, repo, github):
    code, result, _ = run_json(cli, "--yes", "--max-reflections", "0", "--include-bots", "--bots", "acme-linter")
    assert code == 0
    assert kept_ids(repo) == github.expected["kept"] | {1103, 5004, 1082, 1083}
    assert "bot" not in result["dropped"]


def test_extra_bots_from_the_flag_and_from_learn_review_bots(cli, repo, github):
    code, result, _ = run_json(cli, "--yes", "--max-reflections", "0", "--bots", "Acme-Linter, other")
    assert code == 0
    assert 1084 not in kept_ids(repo) and result["dropped"]["bot"] == 5


def test_learn_review_bots_setting_drops_those_logins(cli, repo, github):
    config = repo / ".altimate-code" / "altimate-code.json"
    config.parent.mkdir()
    config.write_text(json.dumps({"learn": {"review_bots": ["acme-linter[bot]"]}}))
    code, result, _ = run_json(cli, "--yes", "--max-reflections", "0")
    assert code == 0
    assert 1084 not in kept_ids(repo) and result["dropped"]["bot"] == 5


def test_since_bounds_the_merge_date(cli, repo, github):
    code, result, _ = run_json(cli, "--dry-run", "--since", "2d")
    assert code == 0
    assert result["prs"] == 1  # PR 108 merged three days ago
    code, result, _ = run_json(cli, "--dry-run", "--since", "60d")
    assert result["prs"] == 3  # PR 100, merged 45 days ago, now counts; 109 was never merged
    code, result, err = run_json(cli, "--dry-run", "--since", "yesterday")  # under --json, the error is JSON
    assert code == 2 and result["exit"] == 2 and err == ""
    assert ("Invalid value for --since: must be a duration such as 30d, 24h or 4w, or a past ISO "
            "date; got 'yesterday'.") in result["error"]
    code, result, err = run_json(cli, "--dry-run", "--since", "99999999999d")  # all of history, not a crash
    assert code == 0 and result["prs"] == 3, err


def test_limit_stops_early_and_a_rerun_continues_with_older_prs(cli, repo, github):
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--limit", "1")
    assert code == 0
    assert "Stopped at --limit 1: rerun to continue with older pull requests." in out
    assert kept_ids(repo) == {1101, 1110, 5001}
    assert read_state(repo, "reviews.json")["repositories"][KEY]["cursor"]["number"] == 110
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--limit", "1")
    assert "1 finished by an earlier run" in out
    assert kept_ids(repo) == github.expected["kept"]
    assert "cursor" not in read_state(repo, "reviews.json")["repositories"][KEY]


def test_a_second_run_imports_nothing_twice_even_after_a_rescan(cli, repo, github):
    cli("import-reviews", "--yes")  # builtin reflection consumes the signals
    assert len(read_signals(repo)) == 6
    # a wider filter scope rescans finished PRs; the already imported comments are recognised by id
    code, result, _ = run_json(cli, "--yes", "--max-reflections", "0", "--any-author")
    assert code == 0
    assert result["dropped"]["already-imported"] == 6
    assert result["signals_added"] == 1  # only the newly admitted non-member comment
    assert len(read_signals(repo)) == 7


# --- secrets ---------------------------------------------------------------------------------------------

def test_secrets_in_comments_never_reach_the_store_or_the_model(cli, repo, github, model_server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
    model_server.reply('{"deltas": [{"op": "ADD", "text": "List explicit columns instead of `SELECT *`.", '
                       '"reason": "review"}]}', input_tokens=1500, output_tokens=40)
    model_server.vet(input_tokens=500, output_tokens=10)  # the first reflection's vet call
    model_server.reply('{"deltas": []}', input_tokens=900, output_tokens=10)
    code, out, err = cli("import-reviews", "--yes", "--model", "openai/gpt-4o-mini")
    assert code == 0, err
    stored = all_text(repo)
    sent = "\n".join(r.prompt + r.system for r in model_server.requests)
    for secret in (SECRET_AWS, SECRET_PASSWORD, "querysecret", "x-access-token", TOKEN):
        assert secret not in stored
        assert secret not in sent
        assert secret not in out + err
    assert "[REDACTED:aws-key]" in sent and KEPT_COLUMNS in sent and KEPT_PATHLIB in sent
    assert len(model_server.requests) == 3  # one reflection per pull request, and the first one's vet
    candidate = json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in candidate] == ["List explicit columns instead of `SELECT *`."]
    assert "2,900 input + 60 output tokens (reported), estimated cost $0.0005" in out
    assert "1 candidate lesson proposed" in out
    assert all(s["status"] == "consumed" for s in read_signals(repo))


# --- the normal reflect → curate path with the builtin reflector ---------------------------------------------

def test_builtin_reflection_stages_candidates_without_network(cli, repo, github):
    code, out, err = cli("import-reviews", "--yes")
    assert code == 0, err
    candidate = json.loads((repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    texts = [lesson["text"] for lesson in candidate]
    assert "List explicit columns instead of `SELECT *` in warehouse queries." in texts
    assert any("pathlib.Path" in t for t in texts)
    scoped = next(lesson for lesson in candidate if "SELECT" in lesson["text"])
    assert scoped["trigger"]["paths"] == ["src/db/**/*.py"]  # the commented file's folder and its subfolders
    # "… in new code" holds everywhere, not only in the folder the comment sat in (review13 R13-26)
    assert "trigger" not in next(lesson for lesson in candidate if "pathlib.Path" in lesson["text"])
    # what the built-in reflector could not use waits for a model or a person: rerunning it would not help
    assert "rerun `learn import-reviews`" not in out
    # the approving review's "please follow the pathlib convention from now on" is a rule said to hold from now on, as
    # "from now on, follow …" is (refl37: a trailing "from now on" reads as the lead); the other waits
    assert "Always follow the pathlib convention." in texts
    assert ("1 review signal still open: they wait for a model or a person (`learn reflect --pending --model "
            "PROVIDER/MODEL`, or state the rule with `learn remember`).") in out
    assert not (repo / ".altimate-code/learn/team-playbook/approved.json").exists()
    assert "Reflected review comments of PR #110:" in out and "Reflected review comments of PR #108:" in out
    history = [json.loads(x) for x in (repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text().splitlines()]
    entry = next(h for h in history if h["action"] == "import-reviews")  # altimate-code's history line shape
    assert entry["repo"] == KEY and entry["kept"] == 6 and entry["reflections"] == 2


def test_max_reflections_bounds_the_model_calls_and_a_rerun_finishes(cli, repo, github, model_server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
    model_server.reply('{"deltas": []}')
    code, out, _ = cli("import-reviews", "--yes", "--model", "openai/gpt-4o-mini", "--max-reflections", "1")
    assert code == 0
    assert len(model_server.requests) == 1
    assert "3 review signals still open" in out
    model_server.reply('{"deltas": []}')
    code, out, _ = cli("import-reviews", "--yes", "--model", "openai/gpt-4o-mini")
    assert code == 0
    assert "Open review signals from earlier imports of this repository: 3." in out
    assert len(model_server.requests) == 2
    assert all(s["status"] == "consumed" for s in read_signals(repo))


# --- rate limits -----------------------------------------------------------------------------------------

def test_a_403_rate_limit_pauses_saves_the_cursor_and_a_rerun_continues(cli, repo, github):
    reset = github.rate_limit_403(r"/pulls/108/comments")
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 75, err  # incomplete, try again later: a script can tell (trial21)
    assert "GitHub rate limit reached (HTTP 403, rate limit exhausted): paused. Resume after " in out
    assert kept_ids(repo) == {1101, 1110, 5001}  # PR 110 finished; PR 108 was cut short and is not half-imported
    entry = read_state(repo, "reviews.json")["repositories"][KEY]
    assert entry["finished"] == [110]
    assert entry["cursor"]["number"] == 110
    from datetime import datetime, timezone
    assert entry["cursor"]["resetAt"] == datetime.fromtimestamp(reset, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    first_run = len(github.requests)

    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert "1 finished by an earlier run" in out
    assert kept_ids(repo) == github.expected["kept"]
    ids = [s["messageID"] for s in read_signals(repo)]
    assert len(ids) == len(set(ids)) == 6  # nothing imported twice
    again = [r["path"] for r in github.requests[first_run:]]
    assert not any("/pulls/110/" in p for p in again)  # the finished PR was not fetched again
    entry = read_state(repo, "reviews.json")["repositories"][KEY]
    assert entry["finished"] == [110, 108] and "cursor" not in entry and "resetAt" not in entry


def test_dry_run_reports_a_pause_but_saves_nothing(cli, repo, github):
    github.rate_limit_403(r"/pulls/108/reviews")
    code, out, _ = cli("import-reviews", "--dry-run")
    assert code == 75  # the preview is incomplete too
    assert "paused. Resume after" in out
    assert not (repo / ".altimate-code").exists()


def test_a_429_with_a_short_retry_after_is_waited_out(cli, repo, github):
    github.fail(r"/pulls/110/reviews", 429, headers={"retry-after": "1"},
                body={"message": "You have exceeded a secondary rate limit."})
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0
    assert "GitHub asked to wait 1s (HTTP 429, retry-after 1s); waiting." in err
    assert kept_ids(repo) == github.expected["kept"]
    assert github.paths().count("/repos/acme/widgets/pulls/110/reviews") == 3  # 429, then pages 1 and 2


def test_a_long_retry_after_pauses(cli, repo, github):
    github.fail(r"/pulls/110/comments", 429, headers={"retry-after": "120"})
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 75
    assert "GitHub rate limit reached (HTTP 429, retry-after 120s): paused." in out
    assert read_signals(repo) == []
    assert read_state(repo, "reviews.json")["repositories"][KEY]["cursor"]["resetAt"]


def test_a_paused_import_exits_75_with_paused_until_in_json(cli, repo, github):
    """trial20: a rate-limited import exited 0 while incomplete; a script could not tell without parsing the text."""
    github.rate_limit_403(r"/pulls/108/comments")
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--json")
    assert code == 75
    assert json.loads(out)["paused_until"]  # stdout is still the one JSON document
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--json")  # the rerun completes
    assert code == 0 and json.loads(out)["paused_until"] is None


def test_a_low_remaining_budget_pauses_before_running_out(cli, repo, github):
    github.remaining = 14  # a few requests, then fewer than 10 remain and the reset is an hour away
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 75
    assert "requests left this hour): paused." in out
    assert github.remaining >= 0  # never ran the budget dry
    assert "cursor" in read_state(repo, "reviews.json")["repositories"][KEY]


# --- repository, host and access -------------------------------------------------------------------------

def test_a_gitlab_origin_is_refused_with_a_message_naming_repo(cli, git_repo, github):
    git(git_repo, "remote", "add", "origin", "https://gitlab.com/acme/widgets.git")
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 1
    assert err.strip() == ("Error: learn import-reviews supports GitHub and GitHub Enterprise only; the remote is on "
                           "gitlab.com. Pass --repo owner/name for a GitHub repository.")
    code, out, err = cli("import-reviews", "--dry-run", "--repo", "acme/widgets")
    assert code == 0, err
    assert "Repository: github.com/acme/widgets" in out


def test_no_remote_needs_repo(cli, git_repo, github):
    code, _, err = cli("import-reviews", "--dry-run")
    assert code == 1
    assert err.strip() == ("Error: cannot find a GitHub repository in this project's git remotes (no GitHub `origin`)."
                           " Pass --repo owner/name.")
    for pasted in ("https://github.com/acme/widgets", "github.com/acme/widgets.git", "git@github.com:acme/widgets.git"):
        code, out, err = cli("import-reviews", "--dry-run", "--repo", pasted)  # a URL pasted from the browser
        assert code == 0, err
        assert "Repository: github.com/acme/widgets" in out
    code, _, err = cli("import-reviews", "--dry-run", "--repo", "widgets")
    assert code == 2 and "Invalid value for --repo: must be owner/name (for example my-org/my-repo), not 'widgets'." in err
    code, _, err = cli("import-reviews", "--dry-run", "--repo", "https://gitlab.com/acme/widgets")
    assert code == 1 and "supports GitHub and GitHub Enterprise only; the remote is on gitlab.com" in err


def test_a_github_enterprise_origin_uses_the_api_url_and_its_v3_prefix(cli, git_repo, monkeypatch):
    git(git_repo, "remote", "add", "origin", "ssh://git@ghe.example.com:2222/acme/widgets.git")
    with FakeGitHub(prefix="/api/v3") as fake:
        fake.add_pull(7, "alice", merged=ago(days=1), updated=ago(days=1))
        fake.add_comment(7, 71, "bob", KEPT_LINTER, created=ago(days=2), path="db/sql.py")
        monkeypatch.setenv("GITHUB_API_URL", fake.url)
        monkeypatch.setenv("GH_TOKEN", TOKEN)
        code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
        assert code == 0, err
        assert "Repository: ghe.example.com/acme/widgets" in out and "token from GH_TOKEN" in out
        assert fake.paths()[0] == "/api/v3/repos/acme/widgets"
    assert [s["messageID"] for s in read_signals(git_repo)] == ["ghe.example.com/acme/widgets/comment/71"]


def test_a_rejected_token_is_explained_and_never_printed(cli, repo, github, monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_WrongToken0000000000000000000000000000")
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 1
    assert err.strip() == ("Error: GitHub rejected the token for github.com (HTTP 401). Refresh it: "
                           "`gh auth login --hostname github.com`, or set a valid GITHUB_TOKEN.")
    assert "ghp_WrongToken" not in out + err


def test_an_unreadable_repository_is_explained(cli, git_repo, github):
    git(git_repo, "remote", "add", "origin", "https://github.com/acme/secret-repo.git")
    code, _, err = cli("import-reviews", "--dry-run")
    assert code == 1
    assert err.strip() == ("Error: cannot read pull requests of github.com/acme/secret-repo (HTTP 404). Check the "
                           "repository name and that your account can read it: `gh api repos/acme/secret-repo` "
                           "(`gh auth status --hostname github.com` shows the account in use).")


@pytest.mark.parametrize("flag", ["--limit=0", "--max-reflections=-1"])
def test_bad_numbers_are_usage_errors(cli, repo, github, flag):
    code, _, _ = cli("import-reviews", "--dry-run", flag)
    assert code == 2


def test_the_real_command_runs_in_a_subprocess(run_learn, repo, github):
    result = run_learn("import-reviews", "--dry-run", cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "6 kept" in result.stdout


def test_a_malformed_reviews_json_is_kept_aside_not_overwritten(cli, repo, github):
    state = repo / ".altimate-code/learn/team-playbook/reviews.json"
    state.parent.mkdir(parents=True)
    state.write_text("{not json")
    code, _, _ = cli("import-reviews", "--dry-run")
    assert code == 0 and state.read_text() == "{not json"  # a preview never moves or repairs anything
    code, _, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    aside = list(state.parent.glob("reviews.json.malformed-*"))
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    assert read_state(repo, "reviews.json")["repositories"][KEY]["finished"] == [110, 108]


def test_the_dry_run_shows_a_long_comment_as_it_would_be_stored_clipped_and_redacted(cli, git_repo, monkeypatch):
    git(git_repo, "remote", "add", "origin", "https://github.com/acme/widgets.git")
    early, late = "ghp_" + "A1b2C3d4" * 5, "ghp_" + "Z9y8X7w6" * 5
    body = f"Never commit tokens such as {early} to the repository. " + "More context here. " * 300 + late
    with FakeGitHub() as gh:
        monkeypatch.setenv("GITHUB_API_URL", gh.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        gh.add_pull(5, "alice", merged=ago(days=1), updated=ago(days=1))
        gh.add_comment(5, 1, "bob", body, created=ago(days=2))
        code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert early not in out and late not in out
    assert "Never commit tokens such as [REDACTED" in out
    assert "    … (clipped to 2,000 characters)" in out
    assert len(out) < 4000  # not the whole 5,800-character comment


def test_nothing_new_needs_no_confirmation_outside_a_terminal(cli, repo, github):
    assert cli("import-reviews", "--yes", "--max-reflections", "0")[0] == 0
    code, out, err = cli("import-reviews", "--max-reflections", "0")  # a script rerun: all imported already
    assert code == 0, err
    assert "Nothing new to import or send." in out


def test_max_reflections_zero_needs_no_usable_model(cli, repo, github, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "openai/gpt-4.1-mini")  # OPENAI_API_KEY is not set
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert "Model: none (--max-reflections 0 imports signals only)." in out
    assert len(read_signals(repo)) == 6


def test_a_dry_run_shows_the_scope_even_when_the_model_is_unusable(cli, repo, github, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "openai/gpt-4.1-mini")
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert "6 kept" in out
    assert "Model: none (model openai/gpt-4.1-mini cannot be used: OPENAI_API_KEY is not set (set by " \
           "ALTIMATE_LEARN_MODEL). A real run stops here." in out
    code, _, err = cli("import-reviews", "--yes")
    assert code == 1 and "OPENAI_API_KEY is not set" in err


# --- GitHub failing -----------------------------------------------------------------------------------------

@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr("altimate_learn.history.reviews.SERVER_RETRIES", (0.01, 0.01))


def test_a_transient_502_is_retried(cli, repo, github, quick_retries):
    github.fail(r"/pulls/110/comments", 502, times=2)
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert "GitHub answered HTTP 502; retrying in 0s." in err
    assert kept_ids(repo) == github.expected["kept"]


def test_github_failing_midway_keeps_the_finished_prs_and_a_rerun_continues(cli, repo, github, quick_retries):
    github.fail(r"/pulls/108/comments", 500, times=3)
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 75, err  # incomplete, like a rate-limit pause: a script can tell (trial21's leftover)
    assert "GitHub failed after 1 finished pull request: GitHub answered HTTP 500 for github.com/acme/widgets." in out
    assert kept_ids(repo) == {1101, 1110, 5001}
    assert read_state(repo, "reviews.json")["repositories"][KEY]["cursor"]["number"] == 110
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert kept_ids(repo) == github.expected["kept"]


def test_github_failing_midway_says_so_in_json_and_exits_75(cli, repo, github, quick_retries):
    github.fail(r"/pulls/108/comments", 500, times=3)
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--json")
    assert code == 75
    assert json.loads(out)["failed"] == "GitHub answered HTTP 500 for github.com/acme/widgets."
    code, out, _ = cli("import-reviews", "--yes", "--max-reflections", "0", "--json")  # the rerun completes
    assert code == 0 and json.loads(out)["failed"] is None


def test_github_failing_before_any_pr_is_one_clear_error(cli, repo, github, quick_retries):
    github.fail(r"/pulls$", 503, times=3)
    code, out, err = cli("import-reviews", "--yes")
    assert code == 1
    assert err.strip().splitlines()[-1] == ("Error: GitHub answered HTTP 503 for github.com/acme/widgets. "
                                            "Retry later; rerunning continues where it stopped.")
    assert not (repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").exists()


def test_credentials_in_github_api_url_are_never_printed(cli, repo, monkeypatch):
    import socket

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there now
    secret = "ghp_" + "Q" * 36
    monkeypatch.setenv("GITHUB_API_URL", f"http://user:{secret}@127.0.0.1:{port}")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.setattr("altimate_learn.history.reviews.SERVER_RETRIES", ())
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 1
    assert err.strip() == (f"Error: cannot reach the GitHub API at http://127.0.0.1:{port} (APIError: ConnectError). "
                           "Check the network, or GITHUB_API_URL if you set it.")
