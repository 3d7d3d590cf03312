"""`learn bootstrap` over a fake HOME holding Claude Code and Codex sessions of this project and another."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.history.conftest import all_text, read_signals, read_state, tree
from tests.history.transcripts import claude_session, codex_session, correction_session, days_ago

NEW = "11111111-1111-4111-8111-111111111111"
MID = "22222222-2222-4222-8222-222222222222"
TOOLS = "0199aaaa-bbbb-7ccc-8ddd-333333333333"
OLD = "44444444-4444-4444-8444-444444444444"
SUBAGENT = "55555555-5555-4555-8555-555555555555"
CODEX_CHILD = "0199aaaa-bbbb-7ccc-8ddd-666666666666"
OTHER = "77777777-7777-4777-8777-777777777777"
SECRET = "AKIAIOSFODNN7EXAMPLE"


@pytest.fixture
def history(isolated_home: Path, git_repo: Path, tmp_path: Path) -> Path:
    """Sessions of the project (three roots in the last 30 days, one older, two sub-agents) and another project."""
    home, repo = isolated_home, git_repo
    claude_session(home, repo, NEW, days_ago(1), correction_session("revenue"))
    claude_session(home, repo, MID, days_ago(5), [
        ("user", "Add a customer_id column to the orders model."),
        ("assistant", "Added the column to models/orders.sql."),
        ("user", f"You forgot to add the migration for the new column. Also the key {SECRET} must never be in code."),
        ("assistant", "Added the migration."),
    ])
    codex_session(home, repo, TOOLS, days_ago(3), [
        ("user", "Fix the failing checkout test."),
        ("tool", "shell", "npm test", "npm ERR! Missing script: \"test\"", True),
        ("tool", "shell", "npm run test", "npm ERR! Missing script: \"test\"", True),
        ("tool", "shell", "npm run test:unit", "npm ERR! Missing script: \"test:unit\"", True),
        ("assistant", "The test scripts are missing; I added print() calls to debug."),
        ("user", "No, never use print for logging; use the structlog logger instead."),
    ])
    claude_session(home, repo, OLD, days_ago(45), correction_session("churn"))
    # a Claude sub-agent transcript (sidechain only) and a Codex sub-agent thread: not root sessions
    claude_session(home, repo, SUBAGENT, days_ago(2), correction_session("subagent"), sidechain=True,
                   file_name=f"agent-{SUBAGENT[:8]}.jsonl")
    codex_session(home, repo, CODEX_CHILD, days_ago(3), correction_session("child"), subagent_of=TOOLS)
    # another project on the same machine
    other = tmp_path / "other-project"
    other.mkdir()
    claude_session(home, other, OTHER, days_ago(1), correction_session("elsewhere"))
    return repo


def signal_sessions(repo: Path) -> list[str]:
    return sorted({s["sessionID"] for s in read_signals(repo)})


def test_dry_run_shows_the_scope_and_redacted_signals_and_changes_nothing(cli, history):
    before = tree(history)
    code, out, err = cli("bootstrap", "--dry-run")
    assert code == 0, err
    assert tree(history) == before and not (history / ".altimate-code").exists()
    assert f"Bootstrap scope: 3 root sessions of {history} (claude-code, codex), created since " in out
    assert "Date range: " in out
    assert "Signals found: 4 (3 corrections, 1 repeated tool failure new; 0 already recorded)." in out
    assert "No, use pnpm instead of npm for the revenue scripts in this repo." in out
    assert "[tool_retry]" in out and "[REDACTED:aws-key]" in out and SECRET not in out + err
    for absent in ("churn", "subagent", "child", "elsewhere"):  # too old, sub-agents, another project
        assert absent not in out
    assert "Model: builtin, the offline reflector (no --model and no learn.model set; no network, no cost)." in out
    assert "Estimated input: about " in out and " in 3 reflections" in out
    assert "Limits: --limit 200 sessions, --max-reflections 20, --max-seconds 300 after confirmation." in out
    assert out.rstrip().endswith("Dry run: nothing was sent to a model and no state changed.")


def test_dry_run_leaves_an_existing_store_byte_identical(cli, history):
    assert cli("bootstrap", "--yes", "--max-reflections", "1")[0] == 0
    before = tree(history / ".altimate-code")
    assert before
    code, _, _ = cli("bootstrap", "--dry-run", "--since", "90d")
    assert code == 0
    assert tree(history / ".altimate-code") == before


def test_outside_a_terminal_it_needs_yes(cli, history):
    code, out, err = cli("bootstrap")
    assert code == 1
    assert "Bootstrap scope: 3 root sessions" in out
    assert err.strip() == ("Error: refusing to bootstrap without confirmation outside a terminal. "
                           "Pass --yes to confirm the scope above, or --dry-run to preview it.")
    assert not (history / ".altimate-code").exists()


def test_max_reflections_zero_imports_signals_only(cli, history):
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0")
    assert code == 0, err
    signals = read_signals(history)
    assert signal_sessions(history) == sorted([NEW, MID, TOOLS])
    assert {s["source"] for s in signals} == {"bootstrap"} and {s["status"] for s in signals} == {"open"}
    assert sorted(s["kind"] for s in signals) == ["tool_retry", "user_correction", "user_correction", "user_correction"]
    assert SECRET not in all_text(history)
    assert not (history / ".altimate-code/learn/team-playbook/candidate.json").exists()
    state = read_state(history, "bootstrap.json")
    assert set(state["sessions"]) == {NEW, MID, TOOLS}
    assert sorted(state["pendingSessions"]) == sorted([NEW, MID, TOOLS])
    assert state["sessions"][TOOLS]["partIDs"] and state["sessions"][NEW]["messageIDs"]
    assert "0 reflections; no model calls" in out


def test_rerun_finishes_pending_reflections_and_adds_no_signals(cli, history):
    cli("bootstrap", "--yes", "--max-reflections", "0")
    code, out, _ = cli("bootstrap", "--yes")
    assert code == 0
    assert "Bootstrap scope: 0 root sessions" in out and "3 already imported" in out
    assert "4 open from an earlier bootstrap" in out
    assert len(read_signals(history)) == 4  # nothing added twice
    # every signal either gave a lesson (consumed) or waits open with its reason; none is lost (issue 20)
    signals = read_signals(history)
    waiting = read_state(history, "unlearned.json")
    open_ids = {s["id"] for s in signals if s["status"] == "open"}
    assert open_ids == set(waiting) and all(w["reason"] for w in waiting.values())
    assert {s["kind"]: s["status"] for s in signals} == {"user_correction": "consumed", "tool_retry": "open"}
    # the tool_retry: nothing worked after its failures, so no lesson offline; a model may find the cause
    assert "a model may find the cause" in next(iter(waiting.values()))["reason"]
    candidate = json.loads((history / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    texts = [lesson["text"] for lesson in candidate]
    assert "Use `pnpm` instead of `npm` for the revenue scripts." in texts or any("pnpm" in t for t in texts)
    # the tool failure waits for a model: its session stays pending, the others are done
    assert read_state(history, "bootstrap.json")["pendingSessions"] == [TOOLS]
    assert "candidate lesson" in out and "Next: `learn show`" in out


def test_limit_takes_the_newest_sessions_and_a_rerun_continues_with_older_ones(cli, history):
    code, out, _ = cli("bootstrap", "--yes", "--max-reflections", "0", "--limit", "1")
    assert code == 0
    assert signal_sessions(history) == [NEW]
    cli("bootstrap", "--yes", "--max-reflections", "0", "--limit", "1")
    assert signal_sessions(history) == sorted([NEW, TOOLS])
    cli("bootstrap", "--yes", "--max-reflections", "0", "--limit", "1")
    assert signal_sessions(history) == sorted([NEW, MID, TOOLS])
    code, out, _ = cli("bootstrap", "--yes", "--max-reflections", "0", "--limit", "1")
    assert "Bootstrap scope: 0 root sessions" in out and len(read_signals(history)) == 4


def test_since_bounds_session_creation(cli, history):
    code, out, _ = cli("bootstrap", "--dry-run", "--since", "2d")
    assert "Bootstrap scope: 1 root session " in out
    code, out, _ = cli("bootstrap", "--dry-run", "--since", "60d")
    assert "Bootstrap scope: 4 root sessions" in out and "churn" in out
    iso = days_ago(4).strftime("%Y-%m-%d")
    code, out, _ = cli("bootstrap", "--dry-run", "--since", iso)
    assert "Bootstrap scope: 2 root sessions" in out


def test_a_session_captured_live_adds_nothing(cli, history):
    code, _, err = cli("capture", "--session", NEW)
    assert code == 0, err
    assert len(read_signals(history)) == 1
    code, out, _ = cli("bootstrap", "--dry-run")
    assert "Signals found: 4 (2 corrections, 1 repeated tool failure new; 1 already recorded, 1 of them still open)." in out
    cli("bootstrap", "--yes", "--max-reflections", "0")
    assert len(read_signals(history)) == 4


def test_a_correction_captured_before_and_still_open_is_pointed_at(cli, history):
    """Review8 R8-8f: a new user's first bootstrap over a session the hooks already captured said "Nothing to
    import" and stopped, leaving the open correction with no pointer."""
    code, _, err = cli("capture", "--session", NEW)
    assert code == 0, err
    code, out, err = cli("bootstrap", "--yes", "--since", "2d")
    assert code == 0, err
    assert "Signals found: 1 (0 corrections, 0 repeated tool failures new; 1 already recorded, 1 of them still open)." in out
    assert "Nothing to import" in out
    assert ("1 signal these sessions gave is already recorded and still open (captured before this bootstrap): "
            "`learn reflect --pending` turns them into candidate lessons.") in out
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0")  # with new ones too, it is still said
    assert code == 0, err
    assert "1 already recorded, 1 of them still open)" in out and "`learn reflect --pending`" in out
    code, _, err = cli("reflect", "--pending")
    assert code == 0, err
    code, out, err = cli("bootstrap", "--yes", "--since", "2d")  # once reflected, nothing is left to point at
    assert code == 0, err
    assert "of them still open" not in out and "learn reflect --pending" not in out


def test_a_growing_session_is_read_again_for_its_new_corrections(cli, history, isolated_home):
    cli("bootstrap", "--yes", "--max-reflections", "0")
    turns = correction_session("revenue") + [("user", "That's wrong: we always put report models in models/marts/.")]
    claude_session(isolated_home, history, NEW, days_ago(1), turns)
    code, out, _ = cli("bootstrap", "--yes", "--max-reflections", "0")
    assert "Bootstrap scope: 1 root session " in out
    assert "Signals found: 2 (1 correction, 0 repeated tool failures new; 1 already recorded)" in out
    assert len(read_signals(history)) == 5


def test_max_reflections_resumes_and_a_model_sees_redacted_excerpts(cli, history, model_server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
    model_server.reply('{"deltas": [{"op": "ADD", "text": "Add a migration for every new column.", '
                       '"reason": "correction"}]}', input_tokens=2000, output_tokens=30)
    model_server.vet(input_tokens=500, output_tokens=10)  # the reflection's vet call
    code, out, err = cli("bootstrap", "--yes", "--model", "anthropic/claude-haiku-4-5", "--max-reflections", "1")
    assert code == 1 and "ANTHROPIC_API_KEY" in err  # a model asked for explicitly must be usable: nothing sent
    assert not (history / ".altimate-code").exists()
    code, out, err = cli("bootstrap", "--yes", "--model", "openai/gpt-4o-mini", "--max-reflections", "1")
    assert code == 0, err
    assert len(model_server.requests) == 2
    prompt = model_server.requests[0].prompt
    assert "You forgot to add the migration" in prompt  # oldest session first
    assert "Add a customer_id column to the orders model." in prompt  # the session digest travels with it
    assert SECRET not in prompt and "[REDACTED:aws-key]" in prompt
    assert SECRET not in model_server.requests[1].prompt and "<<<ITEMS " in model_server.requests[1].prompt
    assert "2,500 input + 40 output tokens (reported), estimated cost $0.0004" in out
    assert "1 candidate lesson" in out
    assert "still open (--max-reflections was reached): rerun `learn bootstrap`" in out
    model_server.reply('{"deltas": []}')
    model_server.reply('{"deltas": []}')
    code, out, _ = cli("bootstrap", "--yes", "--model", "openai/gpt-4o-mini")
    assert code == 0
    assert len(model_server.requests) == 4 and "still open" not in out
    assert read_state(history, "bootstrap.json")["pendingSessions"] == []


def test_max_seconds_bounds_the_work_after_confirmation(cli, history, model_server, monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
    model_server.hang(5)
    code, out, _ = cli("bootstrap", "--yes", "--model", "openai/gpt-4o-mini", "--max-seconds", "2")
    assert code == 0
    assert len(model_server.requests) == 1  # the slow call was cut off; no second one started
    assert "rerun `learn bootstrap` to finish them" in out
    assert {s["status"] for s in read_signals(history)} == {"open"}


def test_json_output(cli, history):
    code, out, _ = cli("bootstrap", "--dry-run", "--json")
    assert code == 0
    result = json.loads(out)
    assert sorted(result) == sorted([
        "cancelled", "dry_run", "estimated_input_tokens", "first", "last", "lessons_proposed", "model", "pending",
        "reflections", "remaining", "sessions", "signals_added", "signals_found", "signals_new", "skipped_imported",
        "stopped", "unreadable", "usage"])
    assert (result["sessions"], result["signals_new"], result["dry_run"], result["model"]) == (3, 4, True, "builtin")


def test_nothing_found_says_what_to_try(cli, git_repo):
    code, out, _ = cli("bootstrap", "--yes")
    assert code == 0
    assert "Bootstrap scope: 0 root sessions" in out
    assert "Nothing to import: no new corrections or repeated tool failures in these sessions. Try a longer --since." in out


def test_max_reflections_zero_needs_no_usable_model(cli, history, monkeypatch):
    monkeypatch.setenv("ALTIMATE_LEARN_MODEL", "anthropic/claude-haiku-4-5")  # ANTHROPIC_API_KEY is not set
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0")
    assert code == 0, err
    assert "Model: none (--max-reflections 0 imports signals only)." in out
    assert len(read_signals(history)) == 4


def test_nothing_to_import_needs_no_confirmation_outside_a_terminal(cli, git_repo):
    code, out, err = cli("bootstrap")
    assert code == 0, err
    assert "Nothing to import" in out


@pytest.mark.parametrize("since, code", [("30d", 0), ("24h", 0), ("4w", 0), ("2020-01-31", 0),
                                         ("2020-01-31T08:00:00+02:00", 0), ("99999999999d", 0),
                                         ("yesterday", 2), ("2999-01-01", 2), ("1.5d", 2), ("30 days", 2)])
def test_since_formats(cli, git_repo, since, code):
    result, out, err = cli("bootstrap", "--dry-run", "--since", since)
    assert result == code, out + err
    if code == 2:
        assert "Invalid value for --since: must be a duration such as 30d, 24h or 4w, or a past ISO date" in err


def test_a_dry_run_with_a_model_counts_each_reflections_vet_call(cli, history, monkeypatch):
    import re

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")

    def estimate() -> int:
        code, out, err = cli("bootstrap", "--dry-run", "--model", "openai/gpt-4o-mini")
        assert code == 0, err
        assert "each reflection's vet call included" in out
        return int(re.search(r"Estimated input: about ([\d,]+) tokens", out).group(1).replace(",", ""))

    before = estimate()
    (history / "AGENTS.md").write_text("- Use pnpm, never npm, in every script of this repository.\n" * 100)
    after = estimate()
    assert after - before == pytest.approx(3 * 6000 / 4, rel=0.05)  # the whole file, in each of 3 vet calls


def test_a_secret_the_session_gave_earlier_is_redacted_where_a_correction_repeats_it(cli, isolated_home, git_repo):
    """The password was typed once under its name; the correction repeats it bare. Live capture and `learn capture`
    redact it there with the session's memory; bootstrap does too: not in the preview, not on disk (review6 #5)."""
    claude_session(isolated_home, git_repo, NEW, days_ago(1), [
        ("user", "Connect the loader to the staging db. my db password is\n  hunter2-xyz"),
        ("assistant", "Connected with the password you gave."),
        ("user", "No, don't hardcode hunter2-xyz in loader.py, read it from the environment instead."),
        ("assistant", "Done: it reads DB_PASSWORD now."),
    ])
    code, out, err = cli("bootstrap", "--dry-run")
    assert code == 0, err
    assert "Signals found: 1 (1 correction" in out and "[REDACTED:password]" in out and "hunter2-xyz" not in out
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0")
    assert code == 0, err
    (signal,) = read_signals(git_repo)
    assert signal["text"] == ("No, don't hardcode [REDACTED:password] in loader.py, read it from the environment "
                              "instead.")
    assert "hunter2-xyz" not in all_text(git_repo)


def test_an_opencode_sessions_earlier_secret_is_redacted_where_a_correction_repeats_it(cli, isolated_home, git_repo,
                                                                                      tmp_path):
    """The same over opencode's database, which holds every session of the machine (review7 R2: the whole-file
    read raised 'holds 2 sessions; say which one', so the memory was empty and the password reached disk)."""
    import shutil
    import time

    from tests.capture.conftest import OPENCODE_STORAGE, opencode_db

    store = tmp_path / "storage"
    shutil.copytree(OPENCODE_STORAGE, store)
    sid, now = "ses_9a9a9a9a9a9aSecretSessAaA", int(time.time() * 1000) - 3_600_000
    (store / "session" / "proj").mkdir(parents=True, exist_ok=True)
    (store / "session" / "proj" / f"{sid}.json").write_text(json.dumps(
        {"id": sid, "version": "0.9.2", "projectID": "p", "directory": str(git_repo), "title": "fixtures",
         "time": {"created": now, "updated": now + 60_000}}))
    said = [("user", "load the fixtures into staging; my db password is\n  hunter2-xyz"),
            ("assistant", "Done: I loaded the fixtures and wrote the connection settings into README.md."),
            ("user", "no, never write hunter2-xyz into the README, read it from the environment instead")]
    for number, (role, text) in enumerate(said):
        mid = f"msg_9a9a9a9a{number:04d}SecretMsgAaAaA"
        message = {"id": mid, "sessionID": sid, "role": role, "time": {"created": now + number * 10_000}}
        if role == "assistant":
            message.update({"parentID": f"msg_9a9a9a9a{number - 1:04d}SecretMsgAaAaA", "modelID": "m",
                            "providerID": "p", "mode": "build", "path": {"cwd": str(git_repo), "root": str(git_repo)},
                            "time": {"created": now + number * 10_000, "completed": now + number * 10_000 + 500}})
        (store / "message" / sid).mkdir(parents=True, exist_ok=True)
        (store / "message" / sid / f"{mid}.json").write_text(json.dumps(message))
        part = f"prt_9a9a9a9a{number:04d}SecretPrtAaAaA"
        (store / "part" / mid).mkdir(parents=True, exist_ok=True)
        (store / "part" / mid / f"{part}.json").write_text(json.dumps(
            {"id": part, "sessionID": sid, "messageID": mid, "type": "text", "text": text}))
    data = isolated_home / ".local" / "share" / "opencode"
    data.mkdir(parents=True)
    opencode_db(data / "opencode.db", directory=str(git_repo), storage=store)
    code, out, err = cli("bootstrap", "--yes", "--max-reflections", "0", "--since", "30d")
    assert code == 0, err
    texts = [signal["text"] for signal in read_signals(git_repo) if signal.get("sessionID") == sid]
    assert texts == ["no, never write [REDACTED:password] into the README, read it from the environment instead"]
    assert "hunter2-xyz" not in all_text(git_repo)
