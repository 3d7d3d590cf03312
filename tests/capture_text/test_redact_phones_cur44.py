"""Phone numbers (cur44): a person's number reaches no file and no model as typed, through the real capture path (a
Claude Code transcript captured by `learn capture`, with a number typed in chat and one in a tool's output, and what
the reflection then sends a model; a prompt captured live by the hook); ids, versions, dates, times, ports, amounts,
line numbers and hashes stay as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.redact import find_secrets, holds_secret, redact, remembering
from tests.capture_text.planted import every_file, install_transcript
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

TYPED_NUMBER = "+44 20 7946 0958"
TOOL_NUMBER = "(415) 555-0132"


@pytest.mark.parametrize(("text", "expected"), [
    ("call me at +44 20 7946 0958 if it fails", "call me at [REDACTED:phone] if it fails"),
    ("Jane (+1 (415) 555-0132) owns it", "Jane ([REDACTED:phone]) owns it"),
    ("+44 (0)20 7946 0958", "[REDACTED:phone]"),
    ("whatsapp: +4915112345678", "whatsapp: [REDACTED:phone]"),
    ("support line 415-555-0132.", "support line [REDACTED:phone]."),
    ("owner: Raj, (415) 555-0132", "owner: Raj, [REDACTED:phone]"),
    ("call me at 020 7946 0958 after 5", "call me at [REDACTED:phone] after 5"),
    ("my number is 0612345678", "my number is [REDACTED:phone]"),
    ("my phone is 0612 34 56 78", "my phone is [REDACTED:phone]"),
    ("Tel.: 030/1234567", "Tel.: [REDACTED:phone]"),
    ("<a href=\"tel:4155550132\">", "<a href=\"tel:[REDACTED:phone]\">"),
    ("phone: 555-0100", "phone: [REDACTED:phone]"),
    ("téléphone : 01 23 45 67 89", "téléphone : [REDACTED:phone]"),
    ("телефон: 8 (495) 123-45-67", "телефон: [REDACTED:phone]"),
    ("电话是13800138000", "电话是[REDACTED:phone]"),
])
def test_a_persons_phone_number_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected


@pytest.mark.parametrize("text", [
    "order id 4155550132", "#4155550132", "id-415-555-0132", "user_4155550132", "the order number is 12345678",
    "v1.415.555", "version 10.415.555.0132", "192.168.100.200", "10.0.0.1:8080", "listening on port 5432",
    "2024-01-15T10:30:00+05:30", "tel: 2024-01-15", "call me at 10:30", "12/01/2024", "ts 1700000000123",
    "+1,234,567.89", "+12.345.678", "+1 234 567 890", "+12 345 678 EUR", "+100.5%", "+1000000000",
    "@@ -1204,7 +1204,8 @@ def main():", "tests.py:1234567", "at line 1234567", "call 10000000 times",
    "commit 4155550132abcdef", "1e+12345678", "ISBN 978-0-306-40615-7", "costs $415-555-0132",
    "uuid 123e4567-e89b-12d3-a456-426614174000", "pid 1234567 exited", "tests: 1234567 passed",
    "the cell is 12345678", "home is 1234567", "contact 1234567 rows",
])
def test_ids_versions_dates_amounts_and_line_numbers_stay(text: str) -> None:
    assert redact(text) == text


def test_a_number_is_personal_data_not_a_secret() -> None:
    """As an address: not what holds_secret() asks (lint, review, instruction files), never remembered for the
    session (it is found by its shape wherever it is)."""
    assert not holds_secret("call me at +44 20 7946 0958")
    assert holds_secret("call me at +44 20 7946 0958, the password is Hunter2!x")
    with remembering() as memory:
        redact("call me at +44 20 7946 0958")
        assert memory.values == {}
    assert [label for _, _, label in find_secrets("ring me on 07700 900123")] == ["phone"]


def test_remember_refuses_a_persons_number_and_says_so(git_repo: Path, cli) -> None:
    assert cli("enable")[0] == 0
    code, _out, err = cli("remember", "Call Jane at +44 20 7946 0958 before changing marts.")
    assert code == 1 and "phone number" in err and "7946" not in err
    assert "7946 0958" not in every_file(git_repo / ".altimate-code")


def _install_transcript(home: Path, repo: Path) -> None:
    install_transcript(home, repo, f"call me at {TYPED_NUMBER} if the source is missing",
                       f"model owner on call: {TOOL_NUMBER}")


def test_a_captured_session_and_the_models_prompt_hold_no_number(git_repo: Path, isolated_home: Path, cli,
                                                                 monkeypatch, model_server: FakeModelServer) -> None:
    _install_transcript(isolated_home, git_repo)
    code, out, err = cli("capture", "--latest")
    assert code == 0 and "2 corrections added" in out, out + err
    signals = (git_repo / ".altimate-code/learn/team-playbook/signals.jsonl").read_text()
    assert "call me at [REDACTED:phone] if the source is missing" in signals
    monkeypatch.setenv("ANTHROPIC_BASE_URL", model_server.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0000000000000000000000")
    model_server.deltas({"op": "ADD", "text": "Select from `source()`, never from raw schemas, in staging models.",
                         "reason": "the user asked for source()"})
    model_server.vet()
    code, out, err = cli("reflect", "--pending")
    assert code == 0, err
    prompt = model_server.requests[0].prompt
    assert "Compilation Error in model stg_stripe__payments" in prompt and "[REDACTED:phone]" in prompt
    sent = "\n".join(json.dumps(request.body) for request in model_server.requests)
    written = every_file(git_repo / ".altimate-code")
    for value in (TYPED_NUMBER, TOOL_NUMBER, "7946 0958", "555-0132"):
        assert value not in written and value not in sent, value


def test_a_prompt_captured_live_holds_no_number(git_repo: Path, cli) -> None:
    from tests.deliver.helpers import run_hook, settle_capture

    assert cli("enable")[0] == 0
    base = {"session_id": "s-phone", "cwd": str(git_repo), "transcript_path": str(git_repo / "t.jsonl")}
    for event in ({"hook_event_name": "SessionStart", "source": "startup"},
                  {"hook_event_name": "UserPromptSubmit", "prompt": "add the on-call contact to the alert", "prompt_id": "p1"},
                  {"hook_event_name": "Stop", "last_assistant_message": "I added the team's default number."},
                  {"hook_event_name": "UserPromptSubmit", "prompt_id": "p2",
                   "prompt": f"No, not the default number; the on-call phone is {TOOL_NUMBER}, use that."}):
        assert run_hook("claude-code", {**base, **event}, cwd=git_repo, env={"ALTIMATE_LEARN_AUTO": "0"}).returncode == 0
    settle_capture(git_repo)
    written = every_file(git_repo / ".altimate-code")
    assert "the on-call phone is [REDACTED:phone], use that" in written
    assert "555-0132" not in written
