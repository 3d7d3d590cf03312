"""`learn capture`, `learn sessions`, `learn signals`, `learn signal add`, and session discovery."""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from altimate_learn.capture.sessions import discover_sessions, find_session
from altimate_learn.capture.signals import consume_signals
from altimate_learn.store import Store
from tests.capture.conftest import CLAUDE, CODEX, GENERIC, OPENCODE_SESSION, REAL_CLAUDE, place_sessions

CAPTURE_KEYS = {"harness", "id", "path", "user_messages", "interruptions", "rejections", "assistant_turns",
                "tool_calls", "tool_errors", "corrections_found", "corrections_added", "tool_retry_found",
                "tool_retry_added", "duplicates_skipped", "malformed_lines", "signals"}


def signals_file(repo: Path) -> Path:
    return repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"


# --- learn capture -----------------------------------------------------------------------------------------

def test_capture_path_prints_what_it_found(cli, git_repo):
    code, out, err = cli("capture", str(CLAUDE))
    assert code == 0, err
    assert out.splitlines() == [
        f"claude-code 5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a ({CLAUDE})",
        "  5 user messages, 1 interruption, 1 rejection, 12 tool calls",
        "  3 corrections added, 1 tool_retry added, 0 duplicates skipped, 0 malformed lines skipped",
        "4 new signals recorded in store 'team-playbook'. `learn signals` lists them.",
    ]
    code, out, _ = cli("capture", str(CLAUDE))
    assert "0 corrections added, 0 tool_retry added, 4 duplicates skipped" in out
    assert out.splitlines()[-1] == "0 new signals recorded in store 'team-playbook'."


def test_capture_json(cli, git_repo):
    code, out, _ = cli("capture", str(CODEX), str(GENERIC), "--json", "--name", "mine")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"store", "sessions", "added"}
    assert data["store"] == "mine" and data["added"] == 3 + 4
    assert [set(s) for s in data["sessions"]] == [CAPTURE_KEYS, CAPTURE_KEYS]
    codex = data["sessions"][0]
    assert (codex["harness"], codex["id"]) == ("codex", "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
    assert (codex["user_messages"], codex["interruptions"], codex["corrections_added"], codex["tool_retry_added"]) \
        == (4, 1, 2, 1)
    assert len(codex["signals"]) == 3
    assert (git_repo / ".altimate-code" / "learn" / "mine" / "signals.jsonl").exists()


def test_capture_works_with_capture_turned_off(cli, git_repo):
    assert cli("disable")[0] == 0
    code, out, _ = cli("capture", str(GENERIC), "--json")
    assert code == 0 and json.loads(out)["added"] == 4


@pytest.mark.parametrize("args,message", [
    (["capture"], "Invalid value for PATH: say what to capture: PATH..., --session ID, or --latest."),
    (["capture", "x.jsonl", "--latest"], "use --latest alone (or with --harness), not with PATH or --session."),
    (["capture", "--latest", "--harness", "cursor"], "'cursor' is not one of: claude-code, codex, opencode"),
])
def test_capture_usage_errors(cli, git_repo, args, message):
    code, _, err = cli(*args)
    assert code == 2
    assert message in err


def test_capture_bad_input_is_one_clear_line(cli, git_repo, tmp_path):
    binary = tmp_path / "core.bin"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    unknown = tmp_path / "events.jsonl"
    unknown.write_text('{"event": "page_view", "user": 1}\n{"event": "click"}\n')
    missing = tmp_path / "nope.jsonl"
    cases = {
        missing: f"Error: {missing} does not exist. Pass the path of a session transcript; `learn sessions` lists them.",
        binary: f"Error: {binary} is a binary file, not a session transcript. Pass a JSONL transcript or an "
                "opencode database; `learn sessions` lists them.",
        empty: f"Error: {empty} is empty: there is no session in it. Pass a session transcript.",
        unknown: f"Error: {unknown}: unknown transcript format (not Claude Code, Codex, opencode, Gemini CLI, "
                 "aider's chat history, a Markdown export of a session or the generic JSONL trajectory). Pass "
                 "--harness claude-code|codex|opencode|gemini|aider|markdown|generic if you know which agent wrote "
                 "it, or convert it to the generic format (docs/generic-trajectory.md).",
        tmp_path: f"Error: {tmp_path} is a folder, not a session transcript. Pass a transcript file (or an opencode "
                  "storage folder); `learn sessions` lists them.",
    }
    for path, message in cases.items():
        code, out, err = cli("capture", str(CLAUDE), str(path))
        assert (code, err.strip()) == (1, message)
        assert "Traceback" not in err and out == ""
    assert not signals_file(git_repo).exists()  # the good path was not captured either


def test_capture_in_a_subprocess_never_tracebacks(run_learn, git_repo, tmp_path):
    torn = tmp_path / "torn.jsonl"
    torn.write_text(GENERIC.read_text() + '{"type":"user","text":"half')
    result = run_learn("capture", str(torn), "--json", cwd=git_repo)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["sessions"][0]["malformed_lines"] == 1


def test_capture_latest_and_by_session_id(cli, git_repo, isolated_home):
    place_sessions(isolated_home, git_repo)
    code, out, err = cli("capture", "--latest", "--json")
    assert code == 0, err
    latest = json.loads(out)["sessions"][0]
    assert latest["harness"] == "opencode" and latest["id"] == OPENCODE_SESSION  # newest of all harnesses
    code, out, _ = cli("capture", "--latest", "--harness", "codex", "--json")
    assert json.loads(out)["sessions"][0]["id"] == "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a50"
    code, out, _ = cli("capture", "--session", "aaaaaaaa-0000", "--json")  # a unique prefix
    session = json.loads(out)["sessions"][0]
    assert session["id"] == "aaaaaaaa-0000-4000-8000-000000000000" and session["corrections_added"] == 3
    code, _, err = cli("capture", "--session", "ffffffff-nope")
    assert code == 1
    assert err.strip() == (f"Error: no session 'ffffffff-nope' found for this project ({git_repo}). "
                           "`learn sessions` lists them; or pass the transcript's path.")


def test_capture_latest_without_sessions(cli, git_repo):
    code, _, err = cli("capture", "--latest")
    assert code == 1
    assert err.startswith(f"Error: no sessions of this project ({git_repo}) found on this machine.")


def test_capture_an_opencode_database_path(cli, git_repo, isolated_home, tmp_path):
    place_sessions(isolated_home, git_repo)
    db = isolated_home / ".local" / "share" / "opencode" / "opencode.db"
    code, out, err = cli("capture", str(db), "--json")  # the project's root sessions in it
    assert code == 0, err
    assert [s["id"] for s in json.loads(out)["sessions"]] == [OPENCODE_SESSION]
    code, out, _ = cli("capture", str(db), "--session", "ses_dd8bc6156ffeDDwyi4aZs22cyS", "--json")
    assert json.loads(out)["sessions"][0]["user_messages"] == 1


# --- discovery and learn sessions --------------------------------------------------------------------------

def test_discovery_finds_this_projects_sessions_in_every_harness(git_repo, isolated_home, tmp_path):
    other = tmp_path / "other-project"
    other.mkdir()
    placed = place_sessions(isolated_home, git_repo, other=other)
    found = discover_sessions(git_repo)
    by_harness: dict[str, list[str]] = {}
    for info in found:
        by_harness.setdefault(info.harness, []).append(info.id)
    assert {h: sorted(ids) for h, ids in by_harness.items()} == {h: sorted(ids) for h, ids in placed.items()}
    # a session started in a subfolder of the project belongs to it
    assert any(i.cwd == f"{git_repo}/services/api" for i in found)
    # the other project's sessions appear only for it
    theirs = discover_sessions(other)
    assert {i.harness for i in theirs} == {"claude-code", "codex", "gemini", "opencode"}
    assert not {i.id for i in theirs} & {i.id for i in found}
    # newest first
    stamps = [i.updated or i.started for i in found]
    assert stamps == sorted(stamps, reverse=True)
    assert find_session("0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a50", git_repo).harness == "codex"
    assert find_session("0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a51", git_repo) is None  # the other project's


def test_discovery_uses_codex_home_and_claude_config_dir(git_repo, isolated_home, tmp_path, monkeypatch):
    place_sessions(isolated_home, git_repo)
    moved = tmp_path / "elsewhere"
    (isolated_home / ".codex").rename(moved)
    assert not [i for i in discover_sessions(git_repo, harness="codex")]
    monkeypatch.setenv("CODEX_HOME", str(moved))
    assert [i.id for i in discover_sessions(git_repo, harness="codex")] == ["0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a50"]
    claude_dir = tmp_path / "claude-config"
    (isolated_home / ".claude").rename(claude_dir)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(claude_dir))
    assert len(discover_sessions(git_repo, harness="claude-code")) == 2


def test_gemini_sessions_found_through_the_project_registry(git_repo, isolated_home):
    chats = isolated_home / ".gemini" / "tmp" / "repo" / "chats"
    chats.mkdir(parents=True)
    (chats / "session-2026-11-21T10-02-4f2a9c1e.jsonl").write_text(
        (CLAUDE.parent.parent / "gemini" / "session-2026-11-21T10-02-4f2a9c1e.jsonl").read_text())
    (isolated_home / ".gemini" / "projects.json").write_text(json.dumps({"projects": {str(git_repo): "repo"}}))
    assert [i.id for i in discover_sessions(git_repo, harness="gemini")] == ["4f2a9c1e-5b6d-4e7f-8a90-b1c2d3e4f5a6"]


def test_learn_sessions_lists_newest_first(cli, git_repo, isolated_home, tmp_path):
    other = tmp_path / "other-project"
    other.mkdir()
    place_sessions(isolated_home, git_repo, other=other)
    code, out, err = cli("sessions", "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert {tuple(sorted(r)) for r in rows} == {("cwd", "harness", "id", "message_count", "model", "path",
                                                 "started", "title", "updated")}
    assert sorted(r["harness"] for r in rows) == ["claude-code", "claude-code", "codex", "gemini", "opencode"]
    assert all(r["message_count"] > 0 for r in rows)
    claude = next(r for r in rows if r["id"] == "aaaaaaaa-0000-4000-8000-000000000000")
    assert claude["message_count"] == 23 and claude["cwd"] == str(git_repo)
    assert rows[0]["harness"] == "opencode"
    code, out, _ = cli("sessions")
    lines = out.splitlines()
    assert lines[0].split() == ["HARNESS", "ID", "STARTED", "MESSAGES"]
    assert len(lines) == 6 and lines[1].split()[:2] == ["opencode", OPENCODE_SESSION]
    code, out, _ = cli("sessions", "--harness", "codex", "--json")
    assert [r["id"] for r in json.loads(out)] == ["0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a50"]
    # counted once, then read from the cache (same numbers)
    assert json.loads(cli("sessions", "--json")[1]) == rows


def test_learn_sessions_since(cli, git_repo, isolated_home):
    place_sessions(isolated_home, git_repo)
    old = datetime(2024, 1, 1, tzinfo=timezone.utc).timestamp()
    for path in (isolated_home / ".claude").rglob("*.jsonl"):
        os.utime(path, (old, old))
    code, out, _ = cli("sessions", "--since", "2025-01-01", "--json")
    assert code == 0
    harnesses = sorted(r["harness"] for r in json.loads(out))
    assert "claude-code" not in harnesses and "codex" in harnesses
    code, out, _ = cli("sessions", "--since", "4w", "--json")
    assert code == 0
    code, _, err = cli("sessions", "--since", "yesterday")
    assert code == 2
    assert "'yesterday' is not a duration (30d, 24h, 4w) or an ISO date (2025-06-01)." in err


def test_learn_sessions_none(cli, git_repo):
    code, out, _ = cli("sessions")
    assert (code, out.strip()) == (0, f"No sessions of this project ({git_repo}) found.")
    assert json.loads(cli("sessions", "--json")[1]) == []


# --- learn signals and learn signal add ----------------------------------------------------------------------

def test_signals_lists_open_then_all(cli, git_repo):
    cli("capture", str(GENERIC))
    code, out, _ = cli("signals", "--json")
    rows = json.loads(out)
    assert len(rows) == 4
    assert {"id", "kind", "sessionID", "text", "reason", "at", "status"} <= set(rows[0])
    store = Store.open()
    consume_signals(store, [rows[0]["id"]], "reflect-1")
    assert len(json.loads(cli("signals", "--json")[1])) == 3
    everything = json.loads(cli("signals", "--all", "--json")[1])
    assert len(everything) == 4 and everything[0]["status"] == "consumed"
    code, out, _ = cli("signals", "--session", "aider-2026-11-22-001")
    assert out.splitlines()[-1] == "3 signals."
    assert cli("signals", "--session", "nope")[1].strip() == "No open signals in store 'team-playbook' for session nope."


def test_signal_add(cli, git_repo, tmp_path):
    code, out, _ = cli("signal", "add", "--kind", "review", "--text", "Prefer the shared http client in lib/http.ts.")
    assert code == 0 and out.startswith("Recorded signal sig_") and "(review, session external)" in out
    code, out, _ = cli("signal", "add", "--kind", "review", "--text", "Prefer the shared http client in lib/http.ts.")
    assert out.strip() == "Already recorded: the same review text for session external is in store 'team-playbook'."
    note = tmp_path / "ci.txt"
    note.write_text("CI: migrations must be reversible (alembic downgrade failed)\n")
    code, out, _ = cli("signal", "add", "--kind", "ci", "--file", str(note), "--session", "pr-42", "--json")
    data = json.loads(out)
    assert set(data) == {"added", "signal"} and data["added"] is True
    assert data["signal"]["kind"] == "ci" and data["signal"]["sessionID"] == "pr-42"
    code, out, _ = cli("signal", "add", "--kind", "user", "--file", "-", "--json",
                       input="Never bump the lockfile by hand. password=hunter2hunter2")
    signal = json.loads(out)["signal"]
    assert signal["kind"] == "user_correction" and "hunter2hunter2" not in signal["text"]
    assert "hunter2hunter2" not in signals_file(git_repo).read_text()


@pytest.mark.parametrize("args,code,message", [
    (["--kind", "review"], 2, "give exactly one of --text or --file."),
    (["--kind", "review", "--text", "a", "--file", "b"], 2, "give exactly one of --text or --file."),
    (["--kind", "lint", "--text", "a"], 2, "'lint' is not one of: review, ci, user."),
    (["--kind", "ci", "--text", "   "], 1, "Error: the signal text is empty. Pass the feedback with --text or --file."),
    (["--kind", "ci", "--file", "/no/such/file"], 1,
     "Error: /no/such/file does not exist or is not a file. Check the path given to --file."),
])
def test_signal_add_errors(cli, git_repo, args, code, message):
    got, _, err = cli("signal", "add", *args)
    assert got == code
    assert message in err
    assert not signals_file(git_repo).exists()


def test_real_sample_capture_has_no_signals(cli, git_repo):
    code, out, _ = cli("capture", str(REAL_CLAUDE), "--json")
    assert code == 0 and json.loads(out)["added"] == 0


def test_discovery_skips_sub_agent_files_and_keeps_long_running_sessions(git_repo, isolated_home):
    place_sessions(isolated_home, git_repo)
    slug = "".join(c if c.isalnum() else "-" for c in str(git_repo))
    folder = isolated_home / ".claude" / "projects" / slug
    sidechain = [json.loads(line) for line in CLAUDE.read_text().splitlines() if '"isSidechain":true' in line]
    (folder / "agent-a1b2c3.jsonl").write_text("".join(json.dumps(line) + "\n" for line in sidechain))
    (folder / "renamed.jsonl").write_text("".join(json.dumps(line) + "\n" for line in sidechain))
    ids = [i.id for i in discover_sessions(git_repo, harness="claude-code")]
    assert sorted(ids) == ["aaaaaaaa-0000-4000-8000-000000000000", "bbbbbbbb-0000-4000-8000-000000000000"]
    # a Codex session that started long ago (its date folder) but was written to recently is active
    placed = next((isolated_home / ".codex" / "sessions").rglob("rollout-*.jsonl"))
    rollout = isolated_home / ".codex" / "sessions" / "2026" / "01" / "05" / placed.name
    rollout.parent.mkdir(parents=True)
    placed.rename(rollout)
    since = datetime(2026, 10, 1, tzinfo=timezone.utc)  # the placed files were written in September
    assert discover_sessions(git_repo, harness="codex", since=since) == []
    recent = datetime(2026, 10, 15, tzinfo=timezone.utc).timestamp()
    os.utime(rollout, (recent, recent))
    assert len(discover_sessions(git_repo, harness="codex", since=since)) == 1


def test_legacy_gemini_chat_is_listed_from_its_header(git_repo, isolated_home):
    from tests.capture.conftest import GEMINI_LEGACY

    import hashlib

    chats = isolated_home / ".gemini" / "tmp" / hashlib.sha256(str(git_repo).encode()).hexdigest() / "chats"
    chats.mkdir(parents=True)
    (chats / GEMINI_LEGACY.name).write_text(GEMINI_LEGACY.read_text())
    [info] = discover_sessions(git_repo, harness="gemini", count_messages=True)
    assert (info.id, info.started, info.message_count) == ("0b7c1d2e-aaaa-4bbb-8ccc-000000000001",
                                                           "2026-10-01T08:00:00.000Z", 4)
