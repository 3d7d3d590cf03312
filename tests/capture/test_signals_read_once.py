"""Appending signals checks each stored signal once per process, not once per append (capture/signals.py keeps what
the signals file held at the last append), and what an append records is what checking the whole file afresh gives:
whatever else wrote to the file in between (appended lines, good or not, a rewrite, a line taken away)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from altimate_learn import schema
from altimate_learn.capture import signals
from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import ProjectPaths, Store
from altimate_learn.store import store as store_module
from tests.capture.test_capture_keys_once import sessions

WORDS = ["use pnpm", "Use  PNPM", "run the tests first", "not that file", "use yarn", "Run the tests first"]
TIMES = ["2020-03-01T10:00:00Z", "2020-03-01T10:05:00Z", "2020-03-01T11:00:00Z", None]


def store(root: Path) -> Store:
    s = Store(ProjectPaths(root), "team-playbook")
    s.ensure()
    return s


def new_signal(rng: random.Random) -> NewSignal:
    kind = rng.choice(["user_correction", "tool_retry"])
    return NewSignal(kind=kind, session_id=rng.choice(["s1", "s2"]), text=rng.choice(WORDS),
                     reason=rng.choice(["", "pytest"]), message_id=rng.choice([None, "m1", "m2"]),
                     part_id=rng.choice([None, "p1"]) if kind == "tool_retry" else None, said_at=rng.choice(TIMES))


def stored_line(rng: random.Random, n: int) -> dict:
    """A line another writer appended: a signal (sometimes one the schema refuses)."""
    line = {"id": f"sig_ext{n}", "kind": rng.choice(["user_correction", "tool_retry"]),
            "sessionID": rng.choice(["s1", "s2"]), "text": rng.choice(WORDS), "reason": "",
            "at": rng.choice(TIMES[:3]), "status": "open"}
    if rng.random() < 0.5:
        line["messageID"] = rng.choice(["m1", "m2"])
    if rng.random() < 0.2:
        line[rng.choice(["status", "kind", "at", "sessionID"])] = 7  # not a valid signal: never counts
    return line


def play(root: Path, seed: int) -> list[list[tuple]]:
    """One random history of appends and other writers' changes; what each append added (without ids and times)."""
    rng = random.Random(seed)
    s = store(root)
    path = s.path(Store.SIGNALS)
    outcome = []
    for step in range(40):
        action = rng.random()
        if action < 0.55 or not path.exists():
            added = append_signals(s, [new_signal(rng) for _ in range(rng.randint(1, 3))])
            outcome.append([(a["kind"], a["sessionID"], a.get("messageID"), a.get("partID"), a["text"]) for a in added])
        elif action < 0.75:  # another process appended (under the lock, as every writer does)
            with path.open("a") as handle:
                for n in range(rng.randint(1, 2)):
                    handle.write(json.dumps(stored_line(rng, step * 10 + n)) + "\n")
        elif action < 0.9:  # a rewrite without one line (withdraw_twin, a person's edit)
            lines = path.read_text().splitlines(keepends=True)
            if lines:
                del lines[rng.randrange(len(lines))]
            path.write_text("".join(lines))
        else:  # a rewrite that changes a line in place (consume_signals)
            signals.consume_signals(s, [json.loads(line)["id"] for line in path.read_text().splitlines()[:1]], "r1")
    return outcome


@pytest.mark.parametrize("seed", range(5))
def test_what_an_append_records_is_what_checking_the_whole_file_afresh_gives(
        seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "kept").mkdir()
    (tmp_path / "fresh").mkdir()
    kept = play(tmp_path / "kept", seed)
    monkeypatch.setattr(signals, "_SNAPSHOTS_KEPT", 0)  # nothing kept between appends: the whole file every time
    fresh = play(tmp_path / "fresh", seed)
    assert kept == fresh
    assert sum(map(len, kept)) >= 5 and any(not added for added in kept)  # some added, some already recorded


def test_a_twin_matched_at_one_append_is_still_recorded_at_the_next(git_repo: Path):
    s = store(git_repo)
    live = NewSignal(kind="user_correction", session_id="s1", text="use pnpm, not npm", reason="says")
    assert len(append_signals(s, [live])) == 1
    read_back = NewSignal(kind="user_correction", session_id="s1", text="use pnpm, not npm", reason="says",
                          message_id="m1")
    # each time, the one stored live signal is the twin: one append's matching does not use it up for the next
    assert append_signals(s, [read_back]) == []
    assert append_signals(s, [read_back]) == []
    assert len(s.signals()[0]) == 1


def test_a_signal_another_writer_took_away_is_recorded_again(git_repo: Path):
    s = store(git_repo)
    first = NewSignal(kind="user_correction", session_id="s1", text="use pnpm, not npm", reason="says", message_id="m1")
    assert len(append_signals(s, [first])) == 1
    assert append_signals(s, [first]) == []
    s.path(Store.SIGNALS).write_text("")  # a person cleared the file
    assert len(append_signals(s, [first])) == 1


def test_capturing_many_sessions_checks_each_stored_signal_once(cli, git_repo: Path, monkeypatch: pytest.MonkeyPatch):
    checked = [0]
    real = schema.validate_signal

    def counting(*args):
        checked[0] += 1
        return real(*args)

    monkeypatch.setattr(schema, "validate_signal", counting)
    monkeypatch.setattr(store_module, "validate_signal", counting)  # Store.signals() checks with it too
    paths = sessions(git_repo.parent / "sessions")
    code, out, err = cli("capture", *paths)
    assert code == 0, err
    added = 4 * len(paths)
    assert out.splitlines()[-1] == f"{added} new signals recorded in store 'team-playbook'. `learn signals` lists them."
    # each stored signal is checked when it is first met in the file: checking the whole file at every append would
    # be 4 * (0 + 1 + ... + 29) = 1,740
    assert checked[0] <= added, checked[0]
