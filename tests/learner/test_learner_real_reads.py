"""The learner's kept reads (`.learner/reads/`) on the real corpus: with them, the runs of research/learner_real.py
hand back a session read earlier, unchanged and from the same cursor, instead of reading it again. The numbers
must be those of reading every session at every run (`--full`, the kept reads off): compared here on part of the
corpus."""

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
    assert light["reads"]["reused"] > 0 and full["reads"]["reused"] == 0
    assert full["reads"]["read"] == light["reads"]["read"] + light["reads"]["reused"]  # the same sessions, read
    assert _numbers(light) == _numbers(full)
