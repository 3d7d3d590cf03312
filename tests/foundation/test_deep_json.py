"""Deeply nested JSON is an ordinary malformed input, never a crash (issue 18.5): one clear line and a
non-zero exit for a command, nothing and exit 0 for a hook, the file moved aside where that is the rule,
signals kept when a model answers with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

DEEP = "[" * 3000 + "]" * 3000
LEARN = Path(".altimate-code") / "learn"


def no_crash(proc) -> None:
    assert "Internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 1), proc.stderr


def test_a_deep_approved_file_is_one_line_for_commands_and_nothing_for_the_hook(git_repo: Path, run_learn):
    store = git_repo / LEARN / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(DEEP)
    hook = run_learn("hook", "claude-code", cwd=git_repo, input=json.dumps(
        {"hook_event_name": "SessionStart", "session_id": "s1", "cwd": str(git_repo), "source": "startup"}))
    assert hook.returncode == 0 and hook.stdout == "" and hook.stderr == ""
    log = (git_repo / LEARN / ".sessions" / "hook.log").read_text()
    assert "not valid JSON (nested too deeply" in log
    for args in (["show"], ["status"], ["check"], ["deliver", "--session", "s9", "--request", "add a model"],
                 ["export", "agents-md"]):
        proc = run_learn(*args, cwd=git_repo)
        no_crash(proc)
    show = run_learn("show", cwd=git_repo)
    assert show.returncode == 1 and "approved.json" in show.stderr and "nested" in show.stderr
    assert len(show.stderr.strip().splitlines()) == 1


def test_a_deep_candidate_is_moved_aside_when_a_reflection_writes_a_new_one(git_repo: Path, run_learn):
    store = git_repo / LEARN / "team-playbook"
    store.mkdir(parents=True)
    (store / "candidate.json").write_text(DEEP)
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": "Use `ref()` for models.", "reason": "r"}]))
    proc = run_learn("curate", "--deltas", "d.json", cwd=git_repo)
    no_crash(proc)
    kept = list(store.glob("candidate.json.malformed-*"))
    if proc.returncode == 0:
        assert kept and kept[0].read_text() == DEEP  # nothing lost
    else:
        assert "candidate.json" in proc.stderr and (store / "candidate.json").read_text() == DEEP


def test_a_deep_config_file_is_one_clear_line(git_repo: Path, run_learn):
    (git_repo / ".altimate-code").mkdir()
    (git_repo / ".altimate-code" / "altimate-code.json").write_text('{"learn": ' + DEEP + "}")
    for args in (["enable"], ["reflect", "--pending"]):
        proc = run_learn(*args, cwd=git_repo)
        no_crash(proc)
        assert proc.returncode == 1 and "altimate-code.json" in proc.stderr and "nested" in proc.stderr
    proc = run_learn("status", cwd=git_repo)  # status shows what the hooks use meanwhile, the problem first (R13-33)
    no_crash(proc)
    first = proc.stdout.splitlines()[0]
    assert proc.returncode == 0 and first.startswith("Config: ") and "altimate-code.json" in first and "nested" in first


def test_a_deep_transcript_line_is_skipped_not_fatal(git_repo: Path, run_learn):
    good = {"type": "user", "sessionId": "s-1", "cwd": str(git_repo), "uuid": "u1",
            "timestamp": "2026-01-05T10:00:00.000Z", "message": {"role": "user", "content": "add a model"}}
    lines = [json.dumps(good), '{"type":"user","message":{"content":' + DEEP + "}}"]
    (git_repo / "t.jsonl").write_text("\n".join(lines) + "\n")
    proc = run_learn("capture", "t.jsonl", "--harness", "claude-code", cwd=git_repo)
    no_crash(proc)


@pytest.mark.parametrize("payload", ['{"hook_event_name": "SessionStart", "x": ' + DEEP + "}", DEEP])
def test_a_deep_hook_payload_answers_nothing_and_exits_0(git_repo: Path, run_learn, payload: str):
    (git_repo / LEARN).mkdir(parents=True)
    proc = run_learn("hook", "claude-code", cwd=git_repo, input=payload)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_deep_deltas_and_settings_files_are_one_clear_line(git_repo: Path, run_learn):
    (git_repo / "d.json").write_text(DEEP)
    proc = run_learn("curate", "--deltas", "d.json", cwd=git_repo)
    no_crash(proc)
    assert proc.returncode == 1 and "d.json" in proc.stderr
    (git_repo / ".claude").mkdir()
    (git_repo / ".claude" / "settings.json").write_text('{"hooks": ' + DEEP + "}")
    proc = run_learn("install", "claude-code", cwd=git_repo)
    no_crash(proc)
    assert proc.returncode == 1 and "settings.json" in proc.stderr
    assert (git_repo / ".claude" / "settings.json").read_text() == '{"hooks": ' + DEEP + "}"


def test_a_model_answering_deep_json_keeps_the_signals(git_repo: Path, cli, model_server: FakeModelServer,
                                                         monkeypatch):
    from altimate_learn.capture.signals import NewSignal, append_signals, list_signals
    from altimate_learn.store import Store, project

    monkeypatch.setenv("OPENAI_BASE_URL", model_server.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-" + "d" * 24)
    store = Store(project(git_repo), "team-playbook")
    append_signals(store, [NewSignal(kind="user_correction", session_id="s-1", text="no, use `ref()` in models",
                                     reason="t", message_id="m1")])
    model_server.reply('{"deltas": ' + DEEP + "}")
    code, out, err = cli("reflect", "--session", "s-1", "--model", "openai/gpt-4o-mini")
    assert code == 0 and "Internal error" not in err, err
    assert "the signals stay open" in out
    assert [s["id"] for s in list_signals(store)]  # kept open for the next try
