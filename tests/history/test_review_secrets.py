"""A review comment that quotes credentials (a `password: …` config line in backticks, vendor tokens) is
imported, reflected, promoted and delivered without the secret ever reaching a file, a model, an agent or
the AGENTS.md block (issues 12.1 and 18.2, through the real commands)."""

from __future__ import annotations

import json
import os

from tests.conftest import git
from tests.history.conftest import all_text
from tests.history.fake_github import TOKEN, FakeGitHub, ago

PASSWORD = "Tr0ub4dor-and-3"
DO_TOKEN = "do" "p_v1_" + "3f9a" * 16
HF_TOKEN = "h" "f_" + "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh"


def test_quoted_credentials_in_a_review_never_reach_disk_a_model_or_an_agent(cli, git_repo, monkeypatch, run_learn):
    git(git_repo, "remote", "add", "origin", "https://github.com/acme/widgets.git")
    comments = [
        f"Never commit credentials: you pasted `password: {PASSWORD}` from config/prod.yml into the settings.",
        f"Use `{DO_TOKEN}` only in CI secrets, never in code; same for the hub token {HF_TOKEN}.",
        f"Always read `api_key: {PASSWORD}` style settings from the vault instead of `settings.py`.",
    ]
    with FakeGitHub() as gh:
        monkeypatch.setenv("GITHUB_API_URL", gh.url)
        monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
        gh.add_pull(7, "alice", merged=ago(days=1), updated=ago(days=1))
        for i, body in enumerate(comments, 1):
            gh.add_comment(7, 70 + i, "bob", body, created=ago(days=2), path="src/settings.py")
        code, out, err = cli("import-reviews", "--yes")
    assert code == 0, err
    code, out2, err2 = cli("promote", "--yes", "--allow-flagged")
    export = run_learn("export", "agents-md", cwd=git_repo)
    hook = run_learn("hook", "claude-code", cwd=git_repo, input=json.dumps(
        {"hook_event_name": "SessionStart", "session_id": "s-1", "cwd": str(git_repo), "source": "startup"}))
    agents_md = (git_repo / "AGENTS.md").read_text() if (git_repo / "AGENTS.md").exists() else ""
    everything = "\n".join([all_text(git_repo), out, err, out2, err2, export.stdout, export.stderr, hook.stdout,
                            agents_md])
    signals = (git_repo / ".altimate-code/learn/team-playbook/signals.jsonl").read_text()
    assert "[REDACTED:password]" in signals and "[REDACTED:digitalocean-token]" in signals
    for secret in (PASSWORD, DO_TOKEN, HF_TOKEN, DO_TOKEN[10:30], HF_TOKEN[5:25]):
        assert secret not in everything
    assert os.path.exists(git_repo / ".altimate-code")
