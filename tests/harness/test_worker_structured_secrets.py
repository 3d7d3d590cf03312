"""The capture worker reads a session's transcript a few lines at a time for the secrets it gave earlier; it
must learn every secret the whole-file reader (`learn capture`, `learn bootstrap`) learns. A credential passed
in a structured tool call ({"user": "loader", "password": "…"}, an "env" map) is a key and a value in two JSON
strings: read one string at a time, neither says "password", and a correction repeating the value was written
bare to signals.jsonl by live capture (review7 R4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from altimate_learn.harness import capture_worker
from altimate_learn.redact import SecretMemory, redact, remembering

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "real"
SESSION = "sess-structured"


def _claude(records: list[dict]) -> list[dict]:
    out = []
    for number, (role, content) in enumerate(records):
        out.append({"type": role, "sessionId": SESSION, "uuid": f"u{number}",
                    "timestamp": f"2026-12-02T10:00:{number:02d}Z", "cwd": "/tmp/project",
                    "message": {"role": role, "content": content}})
    return out


STRUCTURED = _claude([
    ("user", "connect to the staging db and load the fixtures"),
    ("assistant", [{"type": "tool_use", "id": "toolu_1", "name": "mcp__db__connect",
                    "input": {"host": "staging.db", "user": "loader", "password": "hunter2-xyz"}}]),
    ("user", [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "connected"}]),
    ("assistant", [{"type": "tool_use", "id": "toolu_2", "name": "Bash",
                    "input": {"command": "node load.js", "env": {"API_TOKEN": "tok-9fQ2-live"}}}]),
    ("assistant", [{"type": "tool_use", "id": "toolu_3", "name": "mcp__http__get",
                    "input": {"url": "https://api.example.com/v1/items",
                              "headers": {"Authorization": "Bearer sk-live-51HfQ2x8Lk9Zp3Rt"}}}]),
])


def _write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def _both(transcript: Path, sessions_dir: Path) -> tuple[set[str], set[str]]:
    whole, lines = SecretMemory(), SecretMemory()
    capture_worker.learn_transcript_secrets(str(transcript), whole, lambda *_: None)
    capture_worker.learn_new_transcript_lines(str(transcript), lines, str(sessions_dir), SESSION, lambda *_: None)
    return set(whole.values), set(lines.values)


def test_a_credential_in_a_structured_tool_call_is_learnt_line_by_line(tmp_path: Path) -> None:
    whole, lines = _both(_write(tmp_path / "s.jsonl", STRUCTURED), tmp_path / ".sessions")
    assert {"hunter2-xyz", "tok-9fQ2-live"} <= lines
    assert whole <= lines


def test_a_later_worker_still_learns_it_from_the_new_lines(tmp_path: Path) -> None:
    transcript = _write(tmp_path / "s.jsonl", STRUCTURED[:1])
    sessions = tmp_path / ".sessions"
    assert _both(transcript, sessions)[1] == set()
    with open(transcript, "a", encoding="utf-8") as handle:
        handle.writelines(json.dumps(record) + "\n" for record in STRUCTURED[1:])
    job = {"transcript": str(transcript), "sessions_dir": str(sessions), "session": SESSION}
    with remembering(capture_worker.session_secrets(job, lambda *_: None)):
        said = redact("no, never write hunter2-xyz into the README")
    assert said == "no, never write [REDACTED:password] into the README"


@pytest.mark.parametrize("name", ["claude_transcript.jsonl", "claude_tool_recovery.jsonl", "codex_rollout.jsonl",
                                  "codex_tool_recovery.jsonl"])
def test_the_line_reader_learns_whatever_the_whole_file_reader_learns_on_real_transcripts(tmp_path: Path,
                                                                                         name: str) -> None:
    transcript = Path(shutil.copy(REAL / name, tmp_path / name))
    if name.startswith("claude"):  # a structured call added to each real Claude Code session
        with open(transcript, "a", encoding="utf-8") as handle:
            handle.writelines(json.dumps(record) + "\n" for record in STRUCTURED[1:2])
    whole, lines = _both(transcript, tmp_path / ".sessions")
    assert whole <= lines
    assert ("hunter2-xyz" in whole) == name.startswith("claude")
