"""The reads a run keeps for the next (`.learner/reads/`): an unchanged session is not parsed again, and a kept
read is never served once its transcript changed (appended to, rewritten at the same size, replaced), never
holds a secret, and a broken one is moved aside without a word."""

from __future__ import annotations

import json
import os
from pathlib import Path

from altimate_learn.learner import readcache, sources
from altimate_learn.learner.readcache import ReadCache
from tests.capture.conftest import SECRETS
from tests.learner.conftest import EVERYTHING, MODEL, learner_dir

SESSION = "kept-read-1"


def _line(kind: str, **fields) -> str:
    return json.dumps({"type": kind, **fields}) + "\n"


def _trajectory(path: Path, cwd: Path, words: list[str]) -> Path:
    text = _line("session", format="learn-trajectory/1", id=SESSION, cwd=str(cwd), started="2026-11-22T14:00:00Z")
    for n, said in enumerate(words):
        text += _line("user", text=said, id=f"u{n}", at=f"2026-11-22T14:{n:02d}:01Z")
        text += _line("assistant", text=f"Done with step {n}.", at=f"2026-11-22T14:{n:02d}:05Z")
    path.write_text(text)
    return path


def _collect(repo: Path, transcript: Path, cache: ReadCache) -> list[str]:
    state = {"cursors": {}, "captured": {f"generic:{SESSION}": {"path": str(transcript), "harness": "generic",
                                                               "session": SESSION}}}
    notes: list[str] = []
    reads = sources.collect(repo, state, floor=None, scan_from=None, notes=notes, cache=cache)
    assert notes == []
    return [e.text for r in reads for e in r.exchanges]


def test_an_unchanged_session_is_served_from_its_kept_read_and_one_appended_to_is_read_again(
        git_repo: Path, isolated_home: Path):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm", "keep the tests in tests/"])
    folder = learner_dir(git_repo) / "reads"
    first = ReadCache(folder)
    assert _collect(git_repo, transcript, first) == ["use pnpm, not npm", "keep the tests in tests/"]
    assert (first.hits, first.written) == (0, 1)
    again = ReadCache(folder)
    assert _collect(git_repo, transcript, again) == ["use pnpm, not npm", "keep the tests in tests/"]
    assert (again.hits, again.written) == (1, 0)  # not parsed again
    with transcript.open("a") as handle:
        handle.write(_line("user", text="never push to main", id="u9", at="2026-11-22T15:00:01Z"))
    appended = ReadCache(folder)
    assert _collect(git_repo, transcript, appended)[-1] == "never push to main"
    assert (appended.hits, appended.written) == (0, 1)


def test_a_transcript_rewritten_at_the_same_size_is_read_again(git_repo: Path, isolated_home: Path):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm"])
    folder = learner_dir(git_repo) / "reads"
    assert _collect(git_repo, transcript, ReadCache(folder)) == ["use pnpm, not npm"]
    before = transcript.stat()
    transcript.write_text(transcript.read_text().replace("pnpm, not npm", "yarn, not npm"))
    os.utime(transcript, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))  # a later mtime
    assert transcript.stat().st_size == before.st_size
    assert _collect(git_repo, transcript, ReadCache(folder)) == ["use yarn, not npm"]
    # the same size and the mtime put back, written as editors do (a new file renamed over it)
    replacement = git_repo / "s.jsonl.new"
    replacement.write_text(transcript.read_text().replace("yarn, not npm", "bun!, not npm"))
    os.utime(replacement, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    os.replace(replacement, transcript)
    assert _collect(git_repo, transcript, ReadCache(folder)) == ["use bun!, not npm"]


def test_a_new_version_of_learn_reads_every_session_again(git_repo: Path, isolated_home: Path, monkeypatch):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm"])
    folder = learner_dir(git_repo) / "reads"
    _collect(git_repo, transcript, ReadCache(folder))
    monkeypatch.setattr(readcache, "code_version", lambda: "another-version")
    upgraded = ReadCache(folder)
    assert _collect(git_repo, transcript, upgraded) == ["use pnpm, not npm"]
    assert (upgraded.hits, upgraded.written) == (0, 1)


def test_no_secret_of_a_session_reaches_its_kept_read(git_repo: Path, isolated_home: Path):
    transcript = git_repo / "s.jsonl"
    text = _line("session", format="learn-trajectory/1", id=SESSION, cwd=str(git_repo), started="2026-11-22T14:00:00Z")
    text += _line("user", text=f"deploy with AWS key {SECRETS['aws']} please", id="u1")
    text += _line("assistant", text=f"Deploying with {SECRETS['github']} as the token.")
    text += _line("tool", name="shell", input={"cmd": f"export PASSWORD={SECRETS['password']}"},
                  result=f"error: token {SECRETS['anthropic']} denied", error=True, id="t1")
    text += _line("user", text=f"no, the password is {SECRETS['password']}, read it from .env", id="u2")
    transcript.write_text(text)
    folder = learner_dir(git_repo) / "reads"
    shown = _collect(git_repo, transcript, ReadCache(folder))
    assert len(shown) == 2
    (kept,) = folder.glob("*.json")
    raw = kept.read_text()
    assert "[REDACTED" in raw and "read it from .env" in raw and "denied" in raw
    for secret in SECRETS.values():
        assert secret not in raw


def test_a_broken_kept_read_is_moved_aside_and_the_run_goes_on_quietly(git_repo: Path, isolated_home: Path,
                                                                         server, cli):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm"])
    assert cli("capture", str(transcript), "--harness", "generic")[0] == 0
    code, _, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0, err
    folder = learner_dir(git_repo) / "reads"
    (kept,) = folder.glob("*.json")
    kept.write_text('{"key": {"path": "cut short')
    with transcript.open("a") as handle:
        handle.write(_line("user", text="never push to main", id="u9", at="2026-11-22T15:00:01Z"))
    code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0, err
    assert "never push to main" in server.requests[-1].prompt and "use pnpm" not in server.requests[-1].prompt
    for word in ("malformed", "cache", "kept read", "Traceback", "error"):
        assert word not in out + err
    assert len(list(folder.glob("*.json.malformed-*"))) == 1
    assert json.loads(kept.read_text())["read"]["exchanges"][0]["text"] == "never push to main"


def test_the_kept_reads_are_bounded_those_of_vanished_transcripts_first_then_the_oldest(tmp_path: Path):
    from altimate_learn.capture.model import SessionInfo
    from altimate_learn.learner.digest import SessionRead

    folder = tmp_path / "reads"
    cache = ReadCache(folder)
    files = {}
    for n in range(5):
        source = tmp_path / f"s{n}.jsonl"
        source.write_text("{}\n")
        info = SessionInfo(id=f"s{n}", harness="generic", path=str(source))
        cache.put(info, readcache.read_key(info, None, None), SessionRead(info, f"generic:s{n}"))
        files[n] = cache._file(info)
        os.utime(files[n], (1_000_000 + n, 1_000_000 + n))  # s0 is the oldest
    (tmp_path / "s3.jsonl").unlink()
    cache.prune(keep=4)  # over the bound: down to 3
    assert sorted(n for n, path in files.items() if path.exists()) == [1, 2, 4]


def test_a_reads_folder_that_leads_outside_the_learners_folder_is_neither_read_nor_written(
        git_repo: Path, isolated_home: Path, tmp_path: Path):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm"])
    learner = learner_dir(git_repo)
    learner.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (learner / "reads").symlink_to(elsewhere)
    cache = ReadCache(learner / "reads", within=learner)
    assert _collect(git_repo, transcript, cache) == ["use pnpm, not npm"]
    assert list(elsewhere.iterdir()) == [] and cache.written == 0


def _gemini_user(n: int, text: str, minute: int) -> str:
    return json.dumps({"id": f"m{n}", "timestamp": f"2026-11-21T10:{minute:02d}:{n:02d}.000Z", "type": "user",
                       "content": [{"text": text}]}) + "\n"


def test_a_gemini_session_resumed_into_a_second_file_is_read_again_when_that_file_grows(
        git_repo: Path, isolated_home: Path):
    session = "4f2a9c1e-5b6d-4e7f-8a90-b1c2d3e4f5a6"
    folder = git_repo / "chats"
    folder.mkdir()

    def header(minute: int) -> str:
        return json.dumps({"sessionId": session, "projectHash": "0" * 64, "kind": "main",
                           "startTime": f"2026-11-21T10:{minute:02d}:00.000Z",
                           "lastUpdated": f"2026-11-21T10:{minute:02d}:00.000Z"}) + "\n"

    first = folder / f"session-2026-11-21T10-02-{session[:8]}.jsonl"
    first.write_text(header(2) + _gemini_user(1, "use pnpm, not npm", 2))
    resumed = folder / f"session-2026-11-21T10-35-{session[:8]}.jsonl"
    resumed.write_text(header(35) + _gemini_user(2, "keep the tests in tests/", 35))
    state = {"cursors": {}, "captured": {f"gemini:{session}": {"path": str(first), "harness": "gemini",
                                                              "session": session}}}
    reads = learner_dir(git_repo) / "reads"

    def typed() -> list[str]:
        found = sources.collect(git_repo, json.loads(json.dumps(state)), floor=None, scan_from=None, notes=[],
                                cache=ReadCache(reads))
        return [e.text for r in found for e in r.exchanges]

    assert typed() == ["use pnpm, not npm", "keep the tests in tests/"]
    with resumed.open("a") as handle:
        handle.write(_gemini_user(3, "never push to main", 36))
    assert typed()[-1] == "never push to main"


def test_a_kept_read_with_a_field_of_the_wrong_type_is_moved_aside_and_the_session_read_again(
        git_repo: Path, isolated_home: Path):
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, ["use pnpm, not npm"])
    folder = learner_dir(git_repo) / "reads"
    _collect(git_repo, transcript, ReadCache(folder))
    (kept,) = folder.glob("*.json")
    good = json.loads(kept.read_text())
    for field, wrong in (("files", 5), ("failures", None), ("reply", 7), ("index", "3"), ("reply_cut", "no"),
                         ("refused", [1]), ("extra", 1)):
        entry = json.loads(json.dumps(good))
        entry["read"]["exchanges"][0][field] = wrong
        kept.write_text(json.dumps(entry))
        cache = ReadCache(folder)
        assert _collect(git_repo, transcript, cache) == ["use pnpm, not npm"], field
        assert (cache.hits, cache.written) == (0, 1), field
    assert len(list(folder.glob("*.json.malformed-*"))) == 7
