"""The smaller holes of issue 18.7: leftovers of a killed writer, duplicate archives, links out of the project,
a lone surrogate, one invalid byte, `--name .`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.store import ProjectPaths, Store
from altimate_learn.store import fsio
from tests.deliver.helpers import sample_lessons, write_store


def test_a_killed_writer_s_temp_file_is_removed_by_the_next_write(tmp_path: Path):
    target = tmp_path / "approved.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()  # a pid that has exited
    stale = tmp_path / f".approved.json.{dead}-abc123.tmp"
    stale.write_text("half a file")
    live = tmp_path / f".approved.json.{os.getpid()}-def456.tmp"
    live.write_text("a write in progress")
    other = tmp_path / f".candidate.json.{dead}-zzz.tmp"
    other.write_text("another file's leftover")
    fsio.atomic_write(target, "[]\n")
    assert target.read_text() == "[]\n"
    assert not stale.exists() and live.exists() and other.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".approved.json.") and p != live]


def test_archiving_the_same_lessons_twice_makes_one_version(git_repo: Path):
    store = Store(ProjectPaths(git_repo), "team-playbook")
    lessons = sample_lessons()[:3]
    first = store.archive_version(lessons)
    again = store.archive_version(lessons)  # a promote killed after archiving, then run again
    assert first == again and store.versions() == [first]
    assert store.archive_version(sample_lessons()[:4]) > first


def test_a_lock_symlink_is_refused_and_its_target_never_created(git_repo: Path, tmp_path: Path, cli):
    write_store(git_repo, sample_lessons())
    outside = tmp_path / "outside" / "created-by-learn"
    outside.parent.mkdir()
    lock = git_repo / ".altimate-code" / "learn" / "team-playbook" / ".lock"
    if lock.exists():
        lock.unlink()
    lock.symlink_to(outside)
    code, out, err = cli("pin", "L-0001")
    assert not outside.exists()
    assert code == 1 and "symlink" in err and len(err.strip().splitlines()) == 1


def test_signals_behind_a_link_out_of_the_project_are_never_read_or_sent(git_repo: Path, tmp_path: Path, cli,
                                                                          monkeypatch):
    secret = tmp_path / "private-notes.jsonl"
    secret.write_text(json.dumps({"id": "sig_0123456789ab", "kind": "user_correction", "sessionID": "s-1",
                                  "text": "PRIVATE: never use the staging db", "reason": "x",
                                  "at": "2026-01-05T10:00:00.000Z", "status": "open"}) + "\n")
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "signals.jsonl").symlink_to(secret)
    code, out, err = cli("reflect", "--session", "s-1", "--model", "builtin")
    assert code == 1 and "leads outside" in err and "PRIVATE" not in out + err
    code, out, err = cli("signals")
    assert code == 1 and "PRIVATE" not in out


@pytest.mark.parametrize("name", [".", ".."])
def test_store_name_dot_says_what_is_wrong(git_repo: Path, cli, name: str):
    code, _out, err = cli("show", "--name", name)
    assert code != 0 and f"'{name}' names a folder, not a store" in err and "contains '..'" not in err


def test_a_prompt_with_a_lone_surrogate_still_gets_its_lessons(git_repo: Path, run_learn):
    write_store(git_repo, sample_lessons())
    raw = ('{"hook_event_name": "UserPromptSubmit", "session_id": "s-1", "cwd": "%s", '
           '"prompt": "add a staging model for orders \\ud800 please"}' % git_repo)
    proc = run_learn("hook", "claude-code", cwd=git_repo, input=raw)
    assert proc.returncode == 0 and "additionalContext" in proc.stdout, proc.stdout
    log = git_repo / ".altimate-code" / "learn" / ".sessions" / "hook.log"
    assert not log.exists() or "UnicodeEncodeError" not in log.read_text()


def test_one_invalid_byte_early_in_a_transcript_costs_that_byte_not_the_file(git_repo: Path, run_learn):
    rows = [{"type": "user", "sessionId": "s-1", "cwd": str(git_repo), "uuid": f"u{i}",
             "timestamp": f"2026-01-05T10:00:0{i}.000Z", "message": {"role": "user", "content": f"message {i}"}}
            for i in range(4)]
    lines = [json.dumps(r).encode() for r in rows]
    lines[0] = lines[0].replace(b"message 0", b"message for Jos\xe9")  # Latin-1, not UTF-8
    (git_repo / "t.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    proc = run_learn("capture", "t.jsonl", "--json", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    session = json.loads(proc.stdout)["sessions"][0]
    assert session["user_messages"] == 4 and session["malformed_lines"] == 0
