"""import-reviews keeps only a person's review words: a comment an agent wrote and a person posted (its
"Generated with Claude Code" signature), and a short command addressed to a bot ("@coderabbitai resolve"),
are not review feedback, so they are dropped with their reason, never stored or sent as a signal."""

from __future__ import annotations

from tests.history.conftest import read_signals
from tests.history.fake_github import ago

AGENT_WRITTEN = ("This function should validate the input before writing to the warehouse table, and log the "
                 "rejected rows.\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)")
COPILOT_WRITTEN = ("Consider extracting the retry loop into a helper so both callers share the backoff.\n\n"
                   "Co-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>")
COMMANDS = ("@coderabbitai resolve", "@coderabbitai full review", "@dependabot squash and merge",
            "@claude please review this PR again", "@copilot fix the failing tests",
            "@coderabbitai[bot] generate docstrings")
# A person's rule, even when it names a bot or an agent, stays a person's words.
PERSON = ("@claude we always store money as Decimal in staging models, never float; please change amount too.",
          "Agreed with @coderabbitai here: money columns must be Decimal in staging models, not float.",
          "Please explain in the PR description why Claude Code generated this migration by hand.")


def fill(github) -> None:
    github.add_pull(120, "alice", merged=ago(days=1), updated=ago(hours=20), title="Money")
    bodies = [AGENT_WRITTEN, COPILOT_WRITTEN, *COMMANDS, *PERSON]
    for i, body in enumerate(bodies):
        github.add_comment(120, 2000 + i, "bob", body, created=ago(days=2), path="models/staging/stg_pay.sql")


def test_agent_written_comments_and_commands_to_bots_are_not_a_persons_review(cli, repo, github):
    fill(github)
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert "  written by an agent (its signature says so): 2" in out
    assert "  a command to a bot, not review feedback: 6" in out
    assert "- PR #120 comment 2000: written by an agent (its signature says so): \"This function should" in out
    assert "- PR #120 comment 2002: a command to a bot, not review feedback: \"@coderabbitai resolve\"" in out

    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    texts = [s["text"] for s in read_signals(repo) if "/pull/120" in s["sessionID"]]
    assert texts == [f"models/staging/stg_pay.sql: {body}" for body in PERSON]


def test_include_bots_keeps_them(cli, repo, github):
    fill(github)
    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0", "--include-bots")
    assert code == 0, err
    texts = [s["text"] for s in read_signals(repo) if "/pull/120" in s["sessionID"]]
    assert len(texts) == 2 + len(COMMANDS) + len(PERSON)
