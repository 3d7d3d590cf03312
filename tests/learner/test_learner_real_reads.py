"""research/learner_real.py's light default: the runs of one measurement hand back a session read earlier,
unchanged and from the same cursor, instead of reading it again. The numbers must be those of reading every
session at every run (`--full`), as separate `learn run` processes do: compared here on part of the corpus."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research import learner_real  # noqa: E402
from research.data import real_sessions  # noqa: E402


@pytest.fixture
def few_sessions(monkeypatch):
    """The dev split cut to its first sessions that hold corrections: a measurement of a few runs."""
    files = real_sessions.session_files(split="dev")
    chosen = files[:14]
    names = {f"{p.parent.name}/{p.stem}" for p in chosen}
    every = real_sessions.load_messages

    monkeypatch.setattr(real_sessions, "session_files", lambda split=None: list(chosen))
    monkeypatch.setattr(real_sessions, "load_messages",
                        lambda split=None, **kw: [m for m in every(split, **kw) if m.session in names])
    return chosen


def _numbers(row: dict) -> dict:
    return {k: v for k, v in row.items() if k not in ("seconds", "reads")}


def test_reads_handed_back_give_the_numbers_of_reading_every_session_again(few_sessions):
    light = learner_real.measure("dev")
    full = learner_real.measure("dev", full=True)
    assert light["runs"] >= 2 and light["positives"] > 0, "the sample must take several runs"
    assert light["reads"]["reused"] > 0 and full["reads"] == {"read": 0, "reused": 0}
    assert _numbers(light) == _numbers(full)


def test_a_session_whose_cursor_moved_or_file_changed_is_read_again(tmp_path):
    from altimate_learn.capture.model import SessionInfo
    from altimate_learn.learner import sources

    path = tmp_path / "s.jsonl"
    path.write_text("one\n")
    calls = []
    original = sources.read_session
    sources.read_session = lambda info, cursor, *, floor: calls.append(cursor) or len(calls)
    try:
        with learner_real._reads_remembered() as counts:
            info = SessionInfo(id="s1", harness="generic", path=str(path))
            assert sources.read_session(info, None, floor=None) == 1
            assert sources.read_session(info, None, floor=None) == 1  # unchanged: handed back
            assert sources.read_session(info, {"message": "m1"}, floor=None) == 2  # the cursor moved
            path.write_text("one\ntwo\n")  # the transcript grew
            assert sources.read_session(info, {"message": "m1"}, floor=None) == 3
            assert counts == {"read": 3, "reused": 1}
    finally:
        sources.read_session = original
    assert sources.read_session is original
