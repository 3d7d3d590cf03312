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



def _collect_from(repo: Path, transcript: Path, cache: ReadCache | None, cursor: dict | None, *,
                  floor=None, monkeypatch=None) -> list[str]:
    """The session read from ``cursor``: given to `learn capture` (no floor), or with ``floor`` found in the project
    (discovery lists it; a floor applies to a session read for the first time)."""
    state: dict = {"cursors": {}, "captured": {}}
    if cursor is not None:
        state["cursors"][f"generic:{SESSION}"] = {**cursor, "session": SESSION, "harness": "generic",
                                                  "path": str(transcript)}
    if floor is None:
        state["captured"][f"generic:{SESSION}"] = {"path": str(transcript), "harness": "generic", "session": SESSION}
    else:
        import altimate_learn.capture.sessions as sessions_module
        from altimate_learn.capture.sessions import read_session as open_reader

        info = open_reader(transcript, harness="generic").info
        monkeypatch.setattr(sessions_module, "discover_sessions", lambda root, since=None: [info])
    notes: list[str] = []
    reads = sources.collect(repo, state, floor=floor, scan_from=floor, notes=notes, cache=cache)
    assert notes == []
    return [e.text for r in reads for e in r.exchanges]


def test_a_cursor_moved_on_to_a_kept_exchange_is_served_from_the_kept_read_as_reading_it_again_would(
        git_repo: Path, isolated_home: Path):
    said = ["use pnpm, not npm", "keep the tests in tests/", "no, that is wrong: run ruff first", "never push to main"]
    transcript = _trajectory(git_repo / "s.jsonl", git_repo, said)
    folder = learner_dir(git_repo) / "reads"
    assert _collect_from(git_repo, transcript, ReadCache(folder), None) == said
    for n in range(len(said)):
        cursor = {"message": f"u{n}", "index": n, "at": f"2026-11-22T14:{n:02d}:01Z"}
        fresh = _collect_from(git_repo, transcript, None, cursor)  # read from the transcript, nothing kept
        assert fresh == said[n + 1:]
        cache = ReadCache(folder)
        assert _collect_from(git_repo, transcript, cache, cursor) == fresh
        assert (cache.hits, cache.misses, cache.written) == (1, 0, 0), n  # cut from the kept read: not read again
    # a cursor whose message the kept read does not hold: the transcript is read
    cache = ReadCache(folder)
    gone = {"message": "u7", "index": 7, "at": "2026-11-22T14:02:30Z"}
    assert _collect_from(git_repo, transcript, cache, gone) == said[3:]
    assert (cache.hits, cache.written) == (0, 1)


def test_a_read_the_floor_cut_is_not_cut_again_for_a_later_cursor(git_repo: Path, isolated_home: Path, monkeypatch):
    """A message before the floor between two after it (a transcript whose times go back) is left out of a first read
    but is new after a cursor: the kept read does not hold it, so a later cursor reads the transcript again."""
    from datetime import datetime, timezone

    text = _line("session", format="learn-trajectory/1", id=SESSION, cwd=str(git_repo), started="2026-11-22T14:00:00Z")
    for n, (said, at) in enumerate((("use pnpm, not npm", "2026-11-22T14:00:01Z"),
                                    ("keep the tests in tests/", "2026-11-01T09:00:00Z"),
                                    ("never push to main", "2026-11-22T14:05:01Z"))):
        text += _line("user", text=said, id=f"u{n}", at=at)
        text += _line("assistant", text=f"Done with step {n}.")
    transcript = git_repo / "s.jsonl"
    transcript.write_text(text)
    folder = learner_dir(git_repo) / "reads"
    floor = datetime(2026, 11, 15, tzinfo=timezone.utc)
    first = ReadCache(folder)
    assert _collect_from(git_repo, transcript, first, None, floor=floor, monkeypatch=monkeypatch) == [
        "use pnpm, not npm", "never push to main"]
    assert first.written == 1
    cursor = {"message": "u0", "index": 0, "at": "2026-11-22T14:00:01Z"}
    later = ReadCache(folder)
    assert _collect_from(git_repo, transcript, later, cursor, floor=floor, monkeypatch=monkeypatch) == [
        "keep the tests in tests/", "never push to main"]
    assert (later.hits, later.written) == (0, 1)


def _digests(server, since: int) -> list[str]:
    import re

    out = []
    for request in server.requests[since:]:
        if 'Every delta must carry "cites"' not in request.system:
            continue
        found = re.search(r"<<<SESSION (\w+) untrusted>>>\n(.*)\n<<<END SESSION \1>>>", request.prompt, re.S)
        assert found
        out.append(found.group(2))
    return out


def _learn_until_nothing_new(cli, transcript: Path, classified: dict[str, int], monkeypatch) -> int:
    from altimate_learn.capture import classifier

    assert cli("capture", str(transcript), "--harness", "generic")[0] == 0
    judge = classifier.classify_user_message

    def counted(message, *args, **kwargs):
        classified[message.text] = classified.get(message.text, 0) + 1
        return judge(message, *args, **kwargs)

    monkeypatch.setattr(classifier, "classify_user_message", counted)
    runs = 0
    for _ in range(10):
        code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
        assert code == 0, err
        if out.startswith("Nothing new"):
            break
        runs += 1
    monkeypatch.setattr(classifier, "classify_user_message", judge)
    return runs


def test_a_session_longer_than_a_digest_is_classified_once_over_the_runs_that_show_it(
        git_repo: Path, git_repo_template: Path, isolated_home: Path, server, cli, monkeypatch):
    """Each run shows the next 48 KiB of a long session: its messages are read and classified at the first run, and
    every later run cuts what is left from that read; the model is sent what reading the session at every run sends."""
    import shutil

    said = [f"step {n}: " + " ".join(f"word{n}x{k}" for k in range(180)) for n in range(60)]
    said[17] = "no, that is wrong: use pnpm, not npm, and run the tests before you commit anything"
    transcript = _trajectory(git_repo.parent / "long.jsonl", git_repo, said)
    kept: dict[str, int] = {}
    runs = _learn_until_nothing_new(cli, transcript, kept, monkeypatch)
    assert runs >= 3
    digests = _digests(server, 0)
    assert len(digests) == runs and all(f"[{SESSION}:u{n}]" in "".join(digests) for n in range(60))
    assert sorted(kept) == sorted(said) and set(kept.values()) == {1}  # each message classified once

    # the same session in a project whose runs read every session again (the kept reads never served)
    fresh = git_repo.parent / "fresh"
    shutil.copytree(git_repo_template, fresh, symlinks=True)
    monkeypatch.chdir(fresh)
    monkeypatch.setattr(ReadCache, "get", lambda self, info, key: None)
    again: dict[str, int] = {}
    before = len(server.requests)
    assert _learn_until_nothing_new(cli, transcript, again, monkeypatch) == runs
    assert _digests(server, before) == digests
    assert max(again.values()) > 1  # reading at every run classifies a message again


def test_a_captured_transcript_that_did_not_change_is_not_opened_again_by_the_next_run(
        git_repo: Path, isolated_home: Path, server, cli, monkeypatch):
    from altimate_learn.capture.sessions import generic
    from tests.learner.conftest import learner_prompts, state

    transcript = _trajectory(git_repo.parent / "s.jsonl", git_repo, ["use pnpm, not npm", "keep the tests in tests/"])
    titled = json.loads(transcript.read_text().splitlines()[0])
    titled["title"] = f"deploy with {SECRETS['github']}"  # a header's words are never kept
    transcript.write_text(json.dumps(titled) + "\n" + "".join(transcript.read_text().splitlines(True)[1:]))
    assert cli("capture", str(transcript), "--harness", "generic")[0] == 0
    code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0 and "read 2 messages from 1 session" in out, out + err
    assert SECRETS["github"] not in (learner_dir(git_repo) / "state.json").read_text()
    headers: list[str] = []
    read_info = generic.read_info
    monkeypatch.setattr(generic, "read_info", lambda path: headers.append(str(path)) or read_info(path))

    def run() -> str:
        code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
        assert code == 0, err
        return out

    assert run().startswith("Nothing new") and headers == []  # unchanged since the last run: its header is known
    with transcript.open("a") as handle:
        handle.write(_line("user", text="never push to main", id="u9", at="2026-11-22T15:00:01Z"))
    assert "read 1 message from 1 session" in run() and headers  # grown: opened again
    assert "never push to main" in learner_prompts(server)[-1]
    headers.clear()
    assert run().startswith("Nothing new") and headers == []
    # what a run kept of the header, changed by hand (here: a number for the working folder), is not used
    entry = state(git_repo)["captured"][f"generic:{SESSION}"]
    assert entry["seen"]["info"]["cwd"] == str(git_repo)
    entry["seen"]["info"]["cwd"] = 5
    whole = state(git_repo)
    whole["captured"][f"generic:{SESSION}"] = entry
    (learner_dir(git_repo) / "state.json").write_text(json.dumps(whole))
    assert run().startswith("Nothing new") and headers == [str(transcript)]
    assert state(git_repo)["captured"][f"generic:{SESSION}"]["seen"]["info"]["cwd"] == str(git_repo)
