"""`valid_signals(store)` is `Store.signals()` with each stored signal checked once per process (capture/signals.py
keeps what the signals file held at its last read): whatever else wrote the file in between (lines appended, good or
not, a rewrite, a line taken away or changed in place, `true` written as `1`), it returns what checking the whole
file afresh returns, in objects the caller may change."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from altimate_learn import schema
from altimate_learn.capture import signals
from altimate_learn.capture.signals import NewSignal, append_signals, list_signals, valid_signals
from altimate_learn.learner import run as learner_run
from altimate_learn.store import ProjectPaths, Store
from altimate_learn.store import store as store_module

WORDS = ["use pnpm", "run the tests first", "not that file", "use yarn"]
TIMES = ["2020-03-01T10:00:00Z", "2020-03-01T10:05:00Z", "2020-03-01T11:00:00Z"]


def store(root: Path) -> Store:
    s = Store(ProjectPaths(root), "team-playbook")
    s.ensure()
    return s


def line(rng: random.Random, n: int) -> dict:
    """A stored signal, sometimes one the schema refuses (a number where text or true/false belongs)."""
    record = {"id": f"sig_ext{n}", "kind": rng.choice(["user_correction", "tool_retry"]),
              "sessionID": rng.choice(["s1", "s2"]), "text": rng.choice(WORDS), "reason": "",
              "at": rng.choice(TIMES), "status": rng.choice(["open", "consumed"])}
    if rng.random() < 0.5:
        record["messageID"] = rng.choice(["m1", "m2"])
    if rng.random() < 0.3:
        record["resolved"] = rng.choice([True, False, 1, 0, 1.0])  # only true/false are valid
    if rng.random() < 0.15:
        record[rng.choice(["status", "kind", "at", "sessionID"])] = 7
    return record


def same_json_flipped(record: dict) -> dict:
    """The record with each true/false written as 1/0 and each 1/0 as true/false: equal in Python, not to the schema."""
    flip = {True: 1, False: 0}
    out = {}
    for key, value in record.items():
        if type(value) is bool:
            out[key] = flip[value]
        elif type(value) in (int, float) and value in (0, 1):
            out[key] = bool(value)
        else:
            out[key] = value
    return out


def play(root: Path, seed: int, kept: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """One random history of writes, the read after each: (valid signals, skipped)."""
    rng = random.Random(seed)
    s = store(root)
    path = s.path(Store.SIGNALS)
    reads = []
    with monkeypatch.context() as patch:
        if not kept:
            patch.setattr(signals, "_SNAPSHOTS_KEPT", 0)  # nothing kept between reads: the whole file every time
        for step in range(60):
            action = rng.random()
            lines = path.read_text().splitlines(keepends=True) if path.exists() else []
            if action < 0.3 or not lines:
                with path.open("a") as handle:
                    for n in range(rng.randint(1, 3)):
                        handle.write(json.dumps(line(rng, step * 10 + n)) + "\n")
            elif action < 0.4:
                append_signals(s, [NewSignal(kind="user_correction", session_id="s3", text=rng.choice(WORDS),
                                             reason="", message_id=f"m{step}")])
            elif action < 0.5:  # a line that does not parse, or a torn last line
                with path.open("a") as handle:
                    handle.write(rng.choice(['{"id": "broken"\n', "not json\n", '{"id": "torn"']))
            elif action < 0.6:  # a rewrite without one line (withdraw_twin, a person's edit)
                del lines[rng.randrange(len(lines))]
                path.write_text("".join(lines))
            elif action < 0.7:  # true written as 1, 1 as true, in place: the file is as long as before
                index = rng.randrange(len(lines))
                try:
                    lines[index] = json.dumps(same_json_flipped(json.loads(lines[index]))) + "\n"
                except json.JSONDecodeError:
                    pass
                path.write_text("".join(lines))
            elif action < 0.8:  # a rewrite that changes a line in place (consume_signals)
                ids = [r.get("id") for r in s.records(Store.SIGNALS)]
                signals.consume_signals(s, ids[:1], "r1")
            elif action < 0.85:
                path.write_text("")
            got = valid_signals(s)
            assert got == s.signals()
            # what an append wrote has a new id and time in each history
            shown = [{k: v for k, v in r.items() if r["sessionID"] != "s3" or k not in ("id", "at")} for r in got[0]]
            reads.append((json.dumps(shown, sort_keys=True), got[1]))
            if got[0]:
                got[0][0]["text"] = "changed by the caller"  # never reaches the next read
    return reads


@pytest.mark.parametrize("seed", range(6))
def test_what_each_read_returns_is_what_checking_the_whole_file_afresh_gives(
        seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    kept = play(tmp_path / "kept", seed, True, monkeypatch)
    fresh = play(tmp_path / "fresh", seed, False, monkeypatch)
    assert kept == fresh
    # the history met what it is meant to: skipped lines, reads with no signal, flips that made a line (in)valid
    assert any(skipped for _, skipped in kept) and any(text == "[]" for text, _ in kept)
    assert len({text for text, _ in kept}) > 20


@pytest.mark.parametrize("seed", range(6))
def test_each_read_equals_store_signals(seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    rng = random.Random(seed)
    s = store(tmp_path)
    path = s.path(Store.SIGNALS)
    for step in range(40):
        lines = path.read_text().splitlines(keepends=True) if path.exists() else []
        if rng.random() < 0.6 or not lines:
            with path.open("a") as handle:
                handle.write(json.dumps(line(rng, step)) + "\n")
        else:
            index = rng.randrange(len(lines))
            lines[index] = json.dumps(same_json_flipped(json.loads(lines[index]))) + "\n"
            path.write_text("".join(lines))
        assert valid_signals(s) == s.signals()


def test_true_written_as_one_in_place_is_checked_again(tmp_path: Path):
    s = store(tmp_path)
    path = s.path(Store.SIGNALS)
    good = {"id": "sig_1", "kind": "user_correction", "sessionID": "s1", "text": "use pnpm", "reason": "",
            "at": TIMES[0], "status": "open", "resolved": True}
    path.write_text(json.dumps(good) + "\n")
    assert valid_signals(s) == ([good], 0)
    path.write_text(json.dumps({**good, "resolved": 1}) + "\n")  # == the line before in Python, not a signal
    assert valid_signals(s) == ([], 1) == s.signals()
    path.write_text(json.dumps(good) + "\n")
    assert valid_signals(s) == ([good], 0)


def count_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    checked = [0]
    real = schema.validate_signal

    def counting(*args):
        checked[0] += 1
        return real(*args)

    monkeypatch.setattr(schema, "validate_signal", counting)
    monkeypatch.setattr(store_module, "validate_signal", counting)
    return checked


def test_the_caller_may_change_what_it_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    s = store(tmp_path)
    append_signals(s, [NewSignal(kind="user_correction", session_id="s1", text="use pnpm", reason="", message_id="m1")])
    first, _ = valid_signals(s)
    checked = count_checks(monkeypatch)
    first[0]["status"] = "consumed"
    first[0]["text"] = "something else"
    again, _ = valid_signals(s)
    assert again == s.signals()[0] and again[0]["status"] == "open" and again[0]["text"] == "use pnpm"
    assert again[0] is not first[0]
    # what the caller changed was its own copy, not what the read kept: nothing is checked again but Store.signals()
    assert checked[0] == 1


def test_reading_again_checks_only_what_was_appended(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    s = store(tmp_path)
    path = s.path(Store.SIGNALS)
    rng = random.Random(7)
    path.write_text("".join(json.dumps(line(rng, n)) + "\n" for n in range(200)))
    checked = count_checks(monkeypatch)
    valid_signals(s)
    assert checked[0] == 200
    for _ in range(10):
        valid_signals(s)
        list_signals(s, include_consumed=True)
        learner_run._held_as_handled(s)
    assert checked[0] == 200
    with path.open("a") as handle:
        handle.write(json.dumps(line(rng, 200)) + "\n")
    valid_signals(s)
    assert checked[0] == 201


def test_the_learner_reads_the_stored_signals_as_store_signals(tmp_path: Path):
    s = store(tmp_path)
    path = s.path(Store.SIGNALS)
    rng = random.Random(3)
    path.write_text("".join(json.dumps(line(rng, n)) + "\n" for n in range(50)))
    ids = [r["id"] for r in s.signals()[0] if r["status"] == "open"][:3]
    s.write_json(signals.HELD, {"signals": ids})
    want = [{**r, "status": "held"} if r["id"] in ids else r for r in s.signals()[0]]
    for _ in range(3):
        assert learner_run._held_as_handled(s) == want
    assert list_signals(s, session="s1") == [r for r in s.signals()[0] if r["status"] == "open" and
                                             r["sessionID"] == "s1"]


def test_capture_reads_what_other_sessions_recorded_with_each_signal_checked_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from altimate_learn.capture import capture

    s = store(tmp_path)
    stored = [NewSignal(kind="user_correction", session_id=f"s{n % 7}", text=f"use pnpm {n}", reason="",
                        message_id=f"msg-0000-{n:04}") for n in range(120)]
    append_signals(s, stored)
    checked = count_checks(monkeypatch)
    for session in range(30):  # one capture run, session after session
        new = [NewSignal(kind="user_correction", session_id=f"new{session}", text="use pnpm", reason="",
                         message_id=f"msg-0000-{n:04}") for n in (session, 500 + session)]
        # the message another session recorded is left out; the new one is kept
        assert [x.message_id for x in capture._recorded_elsewhere(s, new)] == [f"msg-0000-{500 + session:04}"]
    assert checked[0] == 120
