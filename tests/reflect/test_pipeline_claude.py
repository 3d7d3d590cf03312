"""A realistic Claude Code session with two corrections → capture → reflect --pending → candidate.json.

The transcript (tests/reflect/fixtures/claude_dbt_session.jsonl) follows Claude Code's real JSONL format:
a dbt task, a correction to use `source()`, a correction about `*_cents` columns, a failing tool call, a
thank-you. It is placed where Claude Code keeps transcripts for this project, so `learn capture --latest`
and the reflector find it the way they would on a user's machine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

FIXTURE = Path(__file__).parent / "fixtures" / "claude_dbt_session.jsonl"
SESSION = "5f0c2a9e-3b7d-4c1e-9a6f-2d8e41b7c903"


def _install_transcript(home: Path, repo: Path) -> Path:
    slug = re.sub(r"[^A-Za-z0-9]", "-", str(repo))
    folder = home / ".claude" / "projects" / slug
    folder.mkdir(parents=True)
    path = folder / f"{SESSION}.jsonl"
    path.write_text(FIXTURE.read_text().replace("__CWD__", str(repo)))
    return path


def test_builtin_turns_a_captured_claude_session_into_sensible_candidates(git_repo, isolated_home, cli) -> None:
    _install_transcript(isolated_home, git_repo)
    code, out, err = cli("capture", "--latest")
    assert code == 0, err
    assert "2 corrections added" in out
    code, out, err = cli("reflect", "--pending")
    assert code == 0, err
    assert f"Reflected on session {SESSION} (2 signals) with builtin." in out
    assert "the session's model anthropic/claude-sonnet-4-5-20250929 is not usable" in out
    candidate = json.loads((git_repo / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [(lesson["text"], lesson["trigger"]) for lesson in candidate] == [
        ("Use `source()` instead of hardcoding the raw table name.", {"paths": ["models/staging/stripe/*.sql"]}),
        # "staging models" names the folder above the one touched: every staging model, not only stripe's (issue 20)
        ("Staging models must use the `cents_to_dollars()` macro for every `*_cents` column.",
         {"paths": ["models/staging/**"]}),
    ]
    code, out, _ = cli("status", "--json")
    status = json.loads(out)
    assert status["signals"]["open"] == 0 and status["lessons"]["candidate"] == 2
    assert status["last_reflection"]["ok"] is True and status["last_reflection"]["summary"] == "+2 added"
    # Capturing and reflecting again adds nothing.
    assert "0 corrections added" in cli("capture", "--latest")[1]
    assert "No open signals" in cli("reflect", "--pending")[1]


def test_the_sessions_own_model_is_used_when_its_key_is_set(git_repo, isolated_home, cli, monkeypatch,
                                                           model_server: FakeModelServer) -> None:
    _install_transcript(isolated_home, git_repo)
    assert cli("capture", "--latest")[0] == 0
    monkeypatch.setenv("ANTHROPIC_BASE_URL", model_server.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0000000000000000000000")
    model_server.deltas({"op": "ADD", "text": "Select from `source()`, never from raw schemas, in staging models.",
                         "reason": "the user asked for source()"}, input_tokens=4200, output_tokens=90)
    model_server.vet(input_tokens=1800, output_tokens=30)  # the reflection's one vet call
    code, out, err = cli("reflect", "--pending")
    assert code == 0, err
    assert "with anthropic/claude-sonnet-4-5-20250929." in out and "6,000 input + 120 output tokens" in out
    assert len(model_server.requests) == 2
    request = model_server.requests[0]
    assert request.body["model"] == "claude-sonnet-4-5-20250929"
    # The digest the model saw: the task, the tool calls with their error, the files written, the last message.
    assert "## User request" in request.prompt and "Add a staging model for the stripe payments source" in request.prompt
    assert "ERROR: Compilation Error in model stg_stripe__payments" in request.prompt
    assert "- models/staging/stripe/stg_stripe__payments.sql" in request.prompt
    assert "[user_correction] no, use source() instead of hardcoding the raw table name" in request.prompt
    assert str(isolated_home) not in request.prompt


def test_a_failing_session_model_does_not_stop_sessions_on_another_model(git_repo, isolated_home, cli, monkeypatch,
                                                                        model_server: FakeModelServer) -> None:
    """review11 R11-1: the Claude session's provider fails; a later session with no transcript (the built-in
    reflector) is still reflected, and no session is reported "not tried" when every one was tried."""
    from altimate_learn.capture.signals import NewSignal, append_signals
    from altimate_learn.store import Store

    _install_transcript(isolated_home, git_repo)
    assert cli("capture", "--latest")[0] == 0
    append_signals(Store.open(start=git_repo), [NewSignal(kind="user_correction", session_id="later-session",
                                                        text="never commit directly to main", reason="test",
                                                        message_id="m-later")])
    monkeypatch.setenv("ANTHROPIC_BASE_URL", model_server.anthropic_base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0000000000000000000000")
    model_server.fail(500, "overloaded")
    code, out, err = cli("reflect", "--pending")
    assert len(model_server.requests) == 1
    assert "anthropic/claude-sonnet-4-5-20250929 failed (HTTP 500)" in err + out
    assert "Reflected on session later-session (1 signal) with builtin." in out
    assert "not tried" not in out
