"""`learn capture` of many sessions keys each stored signal once, not once per session captured after it (the
dedupe and twin keys of capture/signals.py are worked out once per signal content), and what it records is what
keying every signal afresh records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from altimate_learn.capture import signals
from tests.capture.conftest import GENERIC

SESSIONS = 30


def sessions(folder: Path, count: int = SESSIONS) -> list[str]:
    """``count`` copies of the generic trajectory (4 signals each), each its own session."""
    folder.mkdir()
    text = GENERIC.read_text()
    paths = []
    for n in range(count):
        path = folder / f"trajectory-{n}.jsonl"
        path.write_text(text.replace("aider-2026-11-22-001", f"aider-2026-11-22-{n:03}"))
        paths.append(str(path))
    return paths


@pytest.fixture
def keyed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a signal's twin key (a hash of its normalised text) is worked out."""
    calls = [0]
    real = signals.twin_key

    def counting(sig):
        calls[0] += 1
        return real(sig)

    monkeypatch.setattr(signals, "twin_key", counting)
    return calls


def test_capturing_many_sessions_keys_each_signal_once(cli, git_repo: Path, keyed: list[int]):
    paths = sessions(git_repo.parent / "sessions")
    code, out, err = cli("capture", *paths)
    assert code == 0, err
    added = 4 * SESSIONS
    assert out.splitlines()[-1] == f"{added} new signals recorded in store 'team-playbook'. `learn signals` lists them."
    # each new signal is keyed when it is tested, and once more when it is met in the store after it: keying the whole
    # store again for every session captured after it would be 4 * (0 + 4 + ... + 116) = 1,740 more
    assert keyed[0] <= 2 * added, keyed[0]

    keyed[0] = 0
    code, out, err = cli("capture", *paths)
    assert code == 0, err
    assert out.count("0 corrections added, 0 tool_retry added, 4 duplicates skipped") == SESSIONS
    assert out.splitlines()[-1] == "0 new signals recorded in store 'team-playbook'."
    assert keyed[0] <= added, keyed[0]  # only the signals read from the sessions: the stored ones are known


WORDS = ["use pnpm", "Use  PNPM", "run the tests first", "not that file", "use pnpm\n", "use yarn",
         "Run the tests first"]


def random_signal(rng: random.Random, n: int) -> dict:
    kind = rng.choice(["user_correction", "tool_retry"])
    sig = {"id": f"sig_{n}", "kind": kind, "sessionID": rng.choice(["s1", "s2", "s3"]), "text": rng.choice(WORDS),
           "reason": rng.choice(["", "pytest", "npm test"]), "status": "open",
           "at": rng.choice(["2026-12-01T10:00:00Z", "2026-12-01T10:09:00Z", "2026-12-01T11:00:00+01:00",
                             "2026-12-01T12:00:00Z", "not a time"])}
    for field in ("messageID", "partID"):
        if rng.random() < 0.5:
            sig[field] = rng.choice(["m1", "m2", "m3"])
    return sig


def look_alike(rng: random.Random, sig: dict) -> dict:
    """``sig`` with one of the fields its keys read changed (or an id added or taken away)."""
    other = dict(sig, id=sig["id"] + "-again")
    field = rng.choice(["kind", "sessionID", "text", "reason", "at", "messageID", "partID"])
    if field in ("messageID", "partID") and field in other:
        del other[field]
    else:
        other[field] = {"kind": "tool_retry" if sig["kind"] == "user_correction" else "user_correction",
                        "sessionID": sig["sessionID"] + "x", "text": sig["text"] + " now",
                        "reason": sig["reason"] + " -x", "at": "2026-12-02T10:00:00Z", "messageID": "m9",
                        "partID": "m9"}[field]
    return other


class Forgetful(dict):
    def __setitem__(self, key, value) -> None:
        pass


@pytest.mark.parametrize("seed", range(6))
def test_what_counts_as_recorded_is_what_keying_afresh_gives(seed: int, monkeypatch: pytest.MonkeyPatch):
    """Stores of look-alike signals (the same words in another case, another session, kind, id or time) tested
    against look-alike new ones: the kept keys never make one signal pass for another."""
    rng = random.Random(seed)
    stored = [random_signal(rng, n) for n in range(20)]
    stored += [look_alike(rng, sig) for sig in stored]
    new = [random_signal(rng, 100 + n) for n in range(20)] + [look_alike(rng, sig) for sig in stored]
    new += [dict(sig, id=sig["id"] + "-copy") for sig in rng.sample(stored, 10)]
    rng.shuffle(new)

    def outcome():
        recorded = signals.Recorded(stored)
        known = (set(recorded.keys), {twin: list(found) for twin, found in recorded.twins.items()})
        return known, [recorded.match(sig) for sig in new]

    kept = outcome()
    again = outcome()  # every stored signal's keys are kept by now
    monkeypatch.setattr(signals, "_keys_kept", Forgetful())  # nothing kept: every key worked out afresh
    fresh = outcome()
    assert kept == again == fresh
    assert 5 <= sum(key is None for key in fresh[1]) <= 55
    twins = signals.Recorded(stored)
    assert any(twins.match(sig) not in (None, signals.dedupe_key(sig)) for sig in new)  # some are live/transcript twins


def test_the_kept_keys_stay_bounded(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(signals, "_keys_kept", {})
    monkeypatch.setattr(signals, "_KEYS_KEPT", 50)
    stored = [{"id": f"sig_{n}", "kind": "user_correction", "sessionID": "s", "text": f"use tool {n}",
               "reason": "", "at": "2026-12-01T10:00:00Z", "status": "open"} for n in range(200)]
    recorded = signals.Recorded(stored)
    assert len(signals._keys_kept) == 50
    assert all(recorded.match(dict(sig, id="x")) is not None for sig in stored)  # every one still recorded
