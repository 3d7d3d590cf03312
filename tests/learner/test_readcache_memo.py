"""A process that reads the same kept reads again (`learn run` after `learn run` in one process, the continual
learner) decodes each kept file once per content, and what it is handed is what decoding the file now gives: a
file changed in place at the same size with its mtime put back is decoded again, and what one caller does to the
read it got never reaches the next. Also the learner's test of which sessions still had exchanges left out of a
digest, now a set of values: the same answer as testing each exchange against the shown list."""

from __future__ import annotations

import dataclasses
import json
import os
import random
from pathlib import Path

import pytest

from altimate_learn.capture.sessions import read_session as open_reader
from altimate_learn.learner import digest, readcache
from altimate_learn.learner.readcache import ReadCache
from altimate_learn.learner.run import _left_out_sessions
from tests.learner.conftest import learner_dir

SESSION = "kept-read-memo"


def _line(kind: str, **fields) -> str:
    return json.dumps({"type": kind, **fields}) + "\n"


def _kept(repo: Path, words: list[str]) -> tuple[ReadCache, object, dict, Path]:
    """A transcript of ``words`` read and kept: the cache's folder, the session, its key and the kept file."""
    text = _line("session", format="learn-trajectory/1", id=SESSION, cwd=str(repo), started="2026-11-22T14:00:00Z")
    for n, said in enumerate(words):
        text += _line("user", text=said, id=f"u{n}", at=f"2026-11-22T14:{n:02d}:01Z")
        text += _line("assistant", text=f"Done with step {n}.", at=f"2026-11-22T14:{n:02d}:05Z")
    transcript = repo / "s.jsonl"
    transcript.write_text(text)
    info = open_reader(transcript, harness="generic").info
    key = readcache.read_key(info, None, None)
    cache = ReadCache(learner_dir(repo) / "reads")
    cache.put(info, key, digest.read_session(info, None, floor=None))
    assert cache.written == 1
    return cache, info, key, cache._file(info)


def _texts(read) -> list[str]:
    return [e.text for e in read.exchanges]


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many kept exchanges are decoded and checked."""
    calls = [0]
    real = readcache._exchange

    def counting(value):
        calls[0] += 1
        return real(value)

    monkeypatch.setattr(readcache, "_exchange", counting)
    return calls


def test_a_kept_read_is_decoded_once_and_each_caller_gets_a_read_of_its_own(git_repo: Path, decoded: list[int]):
    cache, info, key, _ = _kept(git_repo, ["use pnpm, not npm", "keep the tests in tests/"])
    fresh = digest.read_session(info, None, floor=None)
    first = ReadCache(cache.folder).get(info, key)
    assert first is not None and first.exchanges == fresh.exchanges and first.whole == fresh.whole
    assert decoded[0] == 2
    first.exchanges[0].text = "changed by a caller"
    first.exchanges[0].files.append("src/app.py")
    first.exchanges.pop()
    first.notes.append("a note")
    again = ReadCache(cache.folder).get(info, key)
    assert again is not None and again.exchanges == fresh.exchanges and again.notes == fresh.notes
    assert again.exchanges[0] is not first.exchanges[0]
    assert decoded[0] == 2  # served from what the first get decoded


def test_a_kept_file_changed_at_the_same_size_with_its_mtime_put_back_is_decoded_again(git_repo: Path):
    cache, info, key, kept = _kept(git_repo, ["use pnpm, not npm"])
    assert _texts(ReadCache(cache.folder).get(info, key)) == ["use pnpm, not npm"]
    before = kept.stat()
    with kept.open("r+b") as handle:  # in place: the same inode, the same size
        raw = handle.read()
        handle.seek(0)
        handle.write(raw.replace(b"use pnpm, not npm", b"use yarn, not npm"))
    os.utime(kept, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = kept.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)
    assert _texts(ReadCache(cache.folder).get(info, key)) == ["use yarn, not npm"]


def test_a_kept_file_that_turned_bad_after_it_was_served_is_moved_aside(git_repo: Path):
    cache, info, key, kept = _kept(git_repo, ["use pnpm, not npm"])
    good = kept.read_text()
    assert _texts(ReadCache(cache.folder).get(info, key)) == ["use pnpm, not npm"]
    for wrong in ({"worked": 5}, {"worked": [1]}, {"files": "src/"}):  # `worked` is checked as the other lists are
        entry = json.loads(good)
        entry["read"]["exchanges"][0].update(wrong)
        kept.write_text(json.dumps(entry))
        reader = ReadCache(cache.folder)
        assert reader.get(info, key) is None and reader.misses == 1, wrong
        assert not kept.exists()
    assert len(list(cache.folder.glob("*.json.malformed-*"))) == 3
    kept.write_text(good)  # the same bytes as the file first served: served again
    assert _texts(ReadCache(cache.folder).get(info, key)) == ["use pnpm, not npm"]


def test_what_is_kept_in_memory_stays_bounded(git_repo: Path, monkeypatch: pytest.MonkeyPatch, decoded: list[int]):
    monkeypatch.setattr(readcache, "_memo", {})
    monkeypatch.setattr(readcache, "_memo_size", 0)
    cache, info, key, kept = _kept(git_repo, ["use pnpm, not npm"])
    monkeypatch.setattr(readcache, "_MEMO_BYTES", kept.stat().st_size - 1)
    for _ in range(3):  # too big to keep: decoded at every get, and still right
        assert _texts(ReadCache(cache.folder).get(info, key)) == ["use pnpm, not npm"]
    assert decoded[0] == 3 and readcache._memo == {} and readcache._memo_size == 0


def _exchange(rng: random.Random, n: int) -> digest.Exchange:
    session = rng.choice(["s1", "s2", "s3"])
    message = rng.choice(["m1", "m2", "m3", "m4"])
    return digest.Exchange(ref=f"{session}:{message}", session=session, key=f"generic:{session}", message_id=message,
                           index=rng.randint(0, 3), at=rng.choice([None, "2026-11-22T14:00:01Z"]),
                           kind=rng.choice(["text", "rejection"]), text=rng.choice(["use pnpm", "use yarn"]),
                           reply=rng.choice([None, "Done."]), failures=rng.sample(["pytest", "npm test"], rng.randint(0, 2)),
                           files=rng.sample(["a.py", "b.py"], rng.randint(0, 2)), hint=rng.choice([None, "says no"]))


def _near(rng: random.Random, exchange: digest.Exchange) -> digest.Exchange:
    """A copy of ``exchange``, equal to it, or with one field changed (the same session and message)."""
    change = rng.choice([{}, {"text": exchange.text + "!"}, {"files": [*exchange.files, "c.py"]},
                         {"failures": []}, {"hint": "other"}, {"index": exchange.index + 1}, {"reply_cut": True}])
    return dataclasses.replace(exchange, **change)


@pytest.mark.parametrize("seed", range(20))
def test_the_sessions_left_out_of_a_digest_are_those_testing_each_exchange_against_the_shown_ones_gives(seed: int):
    from altimate_learn.capture.model import SessionInfo

    rng = random.Random(seed)
    reads = []
    for n in range(rng.randint(1, 5)):
        info = SessionInfo(id=f"session-{n}", harness="generic", path=f"/x/{n}.jsonl")
        reads.append(digest.SessionRead(info, f"generic:session-{n}",
                                        exchanges=[_exchange(rng, k) for k in range(rng.randint(0, 6))]))
    every = [e for r in reads for e in r.exchanges]
    shown = [e if rng.random() < 0.5 else _near(rng, e) for e in rng.sample(every, rng.randint(0, len(every)))]
    handled = {(e.session, e.message_id) for e in rng.sample(every, rng.randint(0, len(every)) // 3)}
    expected = {r.info.id for r in reads if any(
        e not in shown and (e.session, e.message_id) not in handled for e in r.exchanges)}
    assert _left_out_sessions(reads, shown, handled) == expected
