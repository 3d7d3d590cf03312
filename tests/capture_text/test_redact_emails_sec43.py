"""E-mail addresses (sec43): a person's address reaches no file and no model as typed, through the real capture path
(a Claude Code transcript captured by `learn capture`, a prompt captured live by the hook) and in what a reflection
sends a model; addresses that name no person, and logins that only look like addresses, stay as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altimate_learn.redact import find_secrets, holds_secret, redact, remembering
from tests.capture_text.planted import every_file, install_transcript
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

TYPED_ADDRESS = "jane.doe@acme-corp.com"
TOOL_ADDRESS = "raj.patel@acme-corp.io"
PASSWORD = "h7Tq!x2Lm"


@pytest.mark.parametrize(("text", "expected"), [
    ("ping jane.doe@acme-corp.com if it fails", "ping [REDACTED:email] if it fails"),
    ("Author: Jane Doe <jane@acme.io>", "Author: Jane Doe <[REDACTED:email]>"),
    ("send it to Bob.Smith+test@gmail.com.", "send it to [REDACTED:email]."),
    ("contact ops-lead@acme-corp.com: they own it", "contact [REDACTED:email]: they own it"),
    ("mailto:bob@corp.example.co.uk", "mailto:[REDACTED:email]"),
    ("the address (alice@startup.ai) is wrong", "the address ([REDACTED:email]) is wrong"),
    ("連絡先はtaro.yamada@acme.jpです", "連絡先は[REDACTED:email]です"),
    ("jane_doe@acme.com wrote it", "[REDACTED:email] wrote it"),
    ("ssh into the box and mail jane@corp.com", "ssh into the box and mail [REDACTED:email]"),
])
def test_a_persons_address_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected


@pytest.mark.parametrize("text", [
    "Co-authored-by: Claude <noreply@anthropic.com>",
    "no-reply@accounts.google.com sent the code",
    "41898282+github-actions[bot]@users.noreply.github.com",
    "git config user.email 12345+octocat@users.noreply.github.com",
    "user@example.com", "admin@example.org", "dev@foo.test", "qa@shop.example", "x@y.invalid",
    "Ask data-team@acme.co before changing marts.", "billing-alerts@stripe.com", "support@acme.io",
    "deployer@my-project.iam.gserviceaccount.com",
    "git@github.com:org/repo.git", "ssh deploy@bastion.acme.io", "ssh -i ~/.ssh/key -p 2222 deploy@bastion.acme.io",
    "scp ./build.tar deploy@web1.acme.io:/srv", "rsync -az out/ deploy@web1.acme.io", "https://bob@host.acme.io/path",
    "npm install --save-dev @types/node@20.11.5", "lodash@4.17.21", "FROM python@sha256:7b8d", "y = x@self.weight",
    "ssh-ed25519 AAAA dev@laptop", "ERROR 1045 (28000): Access denied for user 'app'@'10.0.3.7'",
    "@pytest.mark.parametrize", "user@localhost", "root@server.local",
    ".specstory/history/2025-05-18_09-13-task-discussion-@task-002-005.md", "see notes@utils.py",
])
def test_an_address_that_names_no_person_and_a_login_stay(text: str) -> None:
    assert redact(text) == text


def test_an_address_is_personal_data_not_a_secret() -> None:
    """The lint's and review's "holds a secret" ask holds_secret: an address alone is none (the lint's own `email`
    rule rejects it), a password beside it is one; an address is never remembered as a session's secret."""
    assert redact("ask jane@acme.io") != "ask jane@acme.io" and not holds_secret("ask jane@acme.io")
    assert holds_secret("ask jane@acme.io, the password is Hunter2!x")
    from altimate_learn.curate.lint import lint

    assert lint("Ask jane.doe@acme-corp.com before changing marts.").rule == "email"
    with remembering() as memory:
        redact("ssh jane@acme.io is down; mail jane@acme.io")
        assert memory.values == {}
        assert redact("ssh jane@acme.io") == "ssh jane@acme.io"
    assert [label for _, _, label in find_secrets("mail jane@acme.io")] == ["email"]


@pytest.mark.parametrize("text", [
    "ask jane@acme.io", "ask jane@acme.io, the password is Hunter2!x", "DB_PASSWORD=s3cr3t-Value-99",
    "mail bob@corp.io and export GITHUB_TOKEN=ghp_" + "a1B2" * 9, "nothing here", "", "[REDACTED:email] again",
    "Authorization: Bearer abcdef0123456789abcdef0123", "jane@acme.io <jane@acme.io> jane.doe@acme-corp.com",
])
def test_holds_secret_is_what_redact_replaces_less_addresses(text: str) -> None:
    """holds_secret() runs redact()'s own passes (one implementation, duplicates report D2): it is true exactly when
    redact() puts a placeholder other than an address's in the text."""
    placeholder = re.compile(r"\[REDACTED:([a-z0-9-]+)\]")
    kinds = set(placeholder.findall(redact(text))) - set(placeholder.findall(text))
    assert holds_secret(text) == bool(kinds - {"email"})


def test_remember_refuses_a_persons_address_and_says_so(git_repo: Path, cli) -> None:
    assert cli("enable")[0] == 0
    code, _out, err = cli("remember", "Ask jane.doe@acme-corp.com before changing marts.")
    assert code == 1 and "e-mail address" in err and TYPED_ADDRESS not in err
    assert TYPED_ADDRESS not in every_file(git_repo / ".altimate-code")


def _install_transcript(home: Path, repo: Path) -> None:
    install_transcript(home, repo, f"the staging pw is {PASSWORD} and ask {TYPED_ADDRESS} if the source is missing",
                       f"model owner: {TOOL_ADDRESS}")


def test_a_captured_session_and_the_models_prompt_hold_no_address(git_repo: Path, isolated_home: Path, cli, monkeypatch,
                                                                  model_server: FakeModelServer) -> None:
    _install_transcript(isolated_home, git_repo)
    code, out, err = cli("capture", "--latest")
    assert code == 0 and "2 corrections added" in out, out + err
    signals = (git_repo / ".altimate-code/learn/team-playbook/signals.jsonl").read_text()
    assert "ask [REDACTED:email] if the source is missing" in signals
    assert "the staging pw is [REDACTED:password]" in signals
    monkeypatch.setenv("ANTHROPIC_BASE_URL", model_server.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0000000000000000000000")
    model_server.deltas({"op": "ADD", "text": "Select from `source()`, never from raw schemas, in staging models.",
                         "reason": "the user asked for source()"})
    model_server.vet()
    code, out, err = cli("reflect", "--pending")
    assert code == 0, err
    prompt = model_server.requests[0].prompt
    assert "Compilation Error in model stg_stripe__payments" in prompt and "[REDACTED:email]" in prompt
    sent = "\n".join(json.dumps(request.body) for request in model_server.requests)
    written = every_file(git_repo / ".altimate-code")
    for value in (TYPED_ADDRESS, TOOL_ADDRESS, PASSWORD, "jane.doe@", "raj.patel@"):
        assert value not in written and value not in sent, value


def test_a_prompt_captured_live_holds_no_address(git_repo: Path, cli) -> None:
    from tests.deliver.helpers import run_hook, settle_capture

    assert cli("enable")[0] == 0
    base = {"session_id": "s-mail", "cwd": str(git_repo), "transcript_path": str(git_repo / "t.jsonl")}
    for event in ({"hook_event_name": "SessionStart", "source": "startup"},
                  {"hook_event_name": "UserPromptSubmit", "prompt": "add the signup confirmation email", "prompt_id": "p1"},
                  {"hook_event_name": "Stop", "last_assistant_message": "I send it from the default sender address."},
                  {"hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                   "prompt": f"No, send it from {TYPED_ADDRESS}, not the default sender; the smtp pw is {PASSWORD}."}):
        assert run_hook("claude-code", {**base, **event}, cwd=git_repo, env={"ALTIMATE_LEARN_AUTO": "0"}).returncode == 0
    settle_capture(git_repo)
    written = every_file(git_repo / ".altimate-code")
    assert "send it from [REDACTED:email], not the default sender" in written
    assert TYPED_ADDRESS not in written and PASSWORD not in written


def test_an_address_after_a_json_escape_keeps_the_escape() -> None:
    line = '{"text": "hi\\njane@acme.io ok"}'
    assert redact(line) == '{"text": "hi\\n[REDACTED:email] ok"}'
    assert json.loads(redact(line))["text"] == "hi\n[REDACTED:email] ok"
