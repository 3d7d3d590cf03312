"""A capture worker learns the session's earlier secrets from its transcript without reading again every line that
ever held one: the first worker that reads such a line records where each secret is in it (byte offset, length,
label; never its text), and every later worker reads those bytes alone. A long session that gathers secrets no
longer costs a second redaction of each of their lines on every answer and reply (research/bench_reply_worker.py),
and a secret typed early in the session is still redacted wherever a later answer or correction repeats it bare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.harness import capture_worker
from altimate_learn.redact import redact, remembering
from tests.harness.test_capture_worker import files_holding, repo, signals  # noqa: F401 - the same store and environment

SESSION = "c20-secret-spans"
PASSWORD = "hunter2-xyz-77"


def _claude(number: int, role: str, content) -> dict:
    return {"type": role, "sessionId": SESSION, "uuid": f"u{number:04d}", "timestamp": f"2026-12-04T10:{number % 60:02d}:00Z",
            "cwd": "/tmp/project", "message": {"role": role, "content": content}}


def _append(path: Path, records: list[dict], *, ensure_ascii: bool = True) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.writelines(json.dumps(record, ensure_ascii=ensure_ascii) + "\n" for record in records)


def _turn(number: int) -> list[dict]:
    """One turn of work: a tool call and its bulky output, then the agent's words."""
    return [_claude(number * 3, "assistant", [{"type": "tool_use", "id": f"toolu_{number}", "name": "Bash",
                                               "input": {"command": f"pytest -q tests/test_{number}.py"}}]),
            _claude(number * 3 + 1, "user", [{"type": "tool_result", "tool_use_id": f"toolu_{number}",
                                              "content": "collected 12 items\n" + "." * 4000 + "\n12 passed"}]),
            _claude(number * 3 + 2, "assistant", [{"type": "text", "text": f"Step {number} passes."}])]


def _counting(monkeypatch) -> list[bytes]:
    read: list[bytes] = []
    learn_line = capture_worker._learn_line
    monkeypatch.setattr(capture_worker, "_learn_line", lambda raw, memory: read.append(raw) or learn_line(raw, memory))
    return read


def test_a_secret_typed_early_is_redacted_from_a_later_answer_and_correction_without_its_line_read_again(
        repo: Path, monkeypatch):  # noqa: F811 - the fixture
    transcript = repo.parent / "early-secret.jsonl"
    sessions = str(repo / ".altimate-code" / "learn" / ".sessions")
    read = _counting(monkeypatch)
    _append(transcript, [_claude(0, "user", f"connect the loader to staging; my db password is {PASSWORD}")])
    job = {"transcript": str(transcript), "sessions_dir": sessions, "session": SESSION}
    assert capture_worker.session_secrets(job, print).values == {PASSWORD: "password"}
    assert len(read) == 1
    for number in range(1, 21):  # twenty turns, each read by the worker of its answer
        read.clear()
        _append(transcript, _turn(number))
        assert capture_worker.session_secrets(job, print).values == {PASSWORD: "password"}
        assert len(read) == 3 and not any(PASSWORD.encode() in raw for raw in read)  # the new lines alone
    # the agent's answer quotes the password back, bare: its worker keeps it redacted for the next prompt
    read.clear()
    answer = f"Loaded all 20 fixtures with {PASSWORD} from the config."
    capture_worker.store_answer({**job, "answer": answer, "turn": 21}, print)
    kept = capture_worker.take_answer(sessions, SESSION, 21, print, wait=0)
    assert PASSWORD not in kept and "[REDACTED:password]" in kept
    # the person's correction repeats it, bare: the signal is redacted
    correction = f"no, don't hardcode {PASSWORD} in loader.py, read it from the environment instead"
    _append(transcript, [_claude(70, "assistant", [{"type": "text", "text": answer}]), _claude(71, "user", correction)])
    added = capture_worker.classify_and_record({**job, "root": str(repo), "index": 22, "message_id": "p22",
                                                "prompt": correction, "answer": kept}, print)
    assert added == 1
    (signal,) = signals(repo)
    assert PASSWORD not in signal["text"] and "[REDACTED:password]" in signal["text"]
    assert not any(raw.startswith(b'{"type": "user", "sessionId": "c20-secret-spans", "uuid": "u0000"') for raw in read)
    assert files_holding(repo, PASSWORD) == []  # the reading record holds where the secret is, never its text


@pytest.mark.parametrize("ensure_ascii", [True, False], ids=["escaped", "utf-8"])
def test_a_secret_the_transcript_writes_with_json_escapes_is_read_back_as_it_was_learnt(tmp_path: Path, monkeypatch,
                                                                                        ensure_ascii: bool):
    """A backslash, or a letter outside ASCII that the agent's JSON writes as \\u00fc: the bytes recorded are the
    secret as written in the transcript, and a later worker decodes them to the value the first one learnt."""
    transcript = tmp_path / "escaped.jsonl"
    secrets = {"Zq7\\d-live-91": "password", "\u00fc-Zq7-\u00dflive-91": "password"}
    _append(transcript, [_claude(0, "user", "set up the replica"),
                         _claude(1, "user", [{"type": "tool_result", "tool_use_id": "t1",
                                              "content": "PASSWORD=Zq7\\d-live-91\nREPLICA_PASSWORD=\u00fc-Zq7-\u00dflive-91"}])],
            ensure_ascii=ensure_ascii)
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": SESSION}
    assert capture_worker.session_secrets(job, print).values == secrets
    read = _counting(monkeypatch)
    _append(transcript, _turn(1), ensure_ascii=ensure_ascii)
    memory = capture_worker.session_secrets(job, print)
    assert memory.values == secrets and len(read) == 3
    with remembering(memory):
        assert redact("no, Zq7\\d-live-91 and \u00fc-Zq7-\u00dflive-91 are for staging") == (
            "no, [REDACTED:password] and [REDACTED:password] are for staging")
    (record,) = (tmp_path / ".sessions" / capture_worker.SECRETS).glob("*.json")
    kept = json.loads(record.read_text(encoding="utf-8"))
    assert kept["lines"] == [] and [span[3] for span in kept["spans"]] == ([1, 1] if ensure_ascii else [1, 0])
    assert b"live-91" not in record.read_bytes()


def test_a_secret_not_found_as_the_transcript_writes_it_has_its_line_read_again(tmp_path: Path, monkeypatch):
    """The redactor reads a full-width colon as ':' ("password: Zq7：live-91x" gives Zq7:live-91x), so that value is
    nowhere in the line's bytes: its line is read again by each later worker, as before, and nothing is lost."""
    transcript = tmp_path / "full-width.jsonl"
    _append(transcript, [_claude(0, "user", "password: Zq7\uff1alive-91x for the replica, and the token is "
                                            "ghp_" + "R8" * 18)], ensure_ascii=False)
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": SESSION}
    learnt = capture_worker.session_secrets(job, print).values
    assert set(learnt) == {"Zq7:live-91x", "ghp_" + "R8" * 18}
    read = _counting(monkeypatch)
    _append(transcript, _turn(1))
    assert capture_worker.session_secrets(job, print).values == learnt
    assert len(read) == 4 and b"live-91x" in read[0]  # that line again, then the three new ones


def _rewritten(transcript: Path, old_secret: str, there: bytes, secret_line: dict) -> None:
    """The same file (same inode) given another session's JSON lines: its first line exactly as long as everything
    that was there (so the byte before the recorded offset is again a newline), with ``there`` where the old secret
    was, then one more line."""
    old = transcript.read_bytes()
    at = old.find(old_secret.encode())
    head = json.dumps(_claude(0, "user", "")).encode()
    line = bytearray(head[: -len(b'"}}')] + b"." * (len(old) - len(head) - 1) + b'"}}\n')
    line[at:at + len(there)] = there
    assert len(line) == len(old) and isinstance(json.loads(line), dict)
    with open(transcript, "r+b") as handle:
        handle.write(bytes(line))
        handle.write((json.dumps(secret_line) + "\n").encode())


def test_a_transcript_rewritten_in_place_is_read_from_the_start(tmp_path: Path):
    """The recorded places are of the file that was read: a file rewritten (another session in the same path, JSON
    lines again) is read again from its start, and a secret of the old file is not learnt from whatever bytes are there
    now (review18: ordinary words at the old secret's place became a remembered "password", redacted from the person's
    later signals, and the new content's own lines before the old offset were never read)."""
    transcript = tmp_path / "rewritten.jsonl"
    _append(transcript, [_claude(0, "user", f"my db password is {PASSWORD}"), *_turn(1)])
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": SESSION}
    assert set(capture_worker.session_secrets(job, print).values) == {PASSWORD}
    _rewritten(transcript, PASSWORD, b"retry3x-backoff"[:len(PASSWORD)],
               _claude(5, "user", "my new api password is Zz9-other-77"))
    assert capture_worker.session_secrets(job, print).values == {"Zz9-other-77": "password"}


def test_a_reading_record_of_the_earlier_layout_is_still_used(tmp_path: Path, monkeypatch):
    """A record written before line bounds were kept (spans of four fields) is still read, not thrown away."""
    transcript = tmp_path / "earlier.jsonl"
    _append(transcript, [_claude(0, "user", f"my db password is {PASSWORD}"), *_turn(1)])
    job = {"transcript": str(transcript), "sessions_dir": str(tmp_path / ".sessions"), "session": SESSION}
    capture_worker.session_secrets(job, print)
    (record,) = (tmp_path / ".sessions" / capture_worker.SECRETS).glob("*.json")
    kept = json.loads(record.read_text(encoding="utf-8"))
    kept["spans"] = [span[:4] for span in kept["spans"]]
    record.write_text(json.dumps(kept), encoding="utf-8")
    read = _counting(monkeypatch)
    _append(transcript, _turn(2))
    assert capture_worker.session_secrets(job, print).values == {PASSWORD: "password"}
    assert len(read) == 3  # the new lines alone
