"""Capture: sessions -> signals in the store (idempotent, redacted, streaming, safe on bad input)."""

from __future__ import annotations

import json
import random
import tracemalloc
from pathlib import Path

import pytest

from altimate_learn.capture import capture as capture_mod
from altimate_learn.capture.capture import capture_paths, signals_from_session
from altimate_learn.capture.model import UserMessage
from altimate_learn.capture.sessions import _io, read_session
from altimate_learn.capture.signals import list_signals
from altimate_learn.errors import LearnError
from altimate_learn.store import Store
from tests.capture.conftest import (
    CLAUDE,
    CLAUDE_SECRETS,
    CODEX,
    GEMINI,
    GENERIC,
    OPENCODE_SESSION,
    OPENCODE_STORAGE,
    SECRETS,
    opencode_db,
)

ALL = [CLAUDE, CODEX, GEMINI, GENERIC, OPENCODE_STORAGE]


def kinds(signals):
    return sorted((s.kind, s.message_id if s.kind == "user_correction" else s.part_id) for s in signals)


def test_signals_of_the_claude_session():
    signals, stats = signals_from_session(read_session(CLAUDE))
    assert kinds(signals) == [
        ("tool_retry", "toolu_09Bash"),  # Bash failed 3 calls in a row (07-09; the Read after 05 reset it)
        ("user_correction", "c0ffee01-0000-4000-8000-000000000001"),  # "No, don't use print() …"
        ("user_correction", "c0ffee01-0000-4000-8000-000000000002"),  # redirect after the interruption
        ("user_correction", next(s.message_id for s in signals if s.message_id and ":toolu_14Edit" in s.message_id)),
    ]
    assert (stats.user_messages, stats.interruptions, stats.rejections) == (5, 1, 1)
    assert (stats.corrections, stats.tool_retries, stats.malformed_lines) == (3, 1, 0)
    texts = [s.text for s in signals]
    assert "No, don't use print() for logging. Use the structlog logger from app/logging.py instead." in texts
    # thanks, the new /readyz task and the sub-agent's words are not corrections
    assert not any("readyz" in t or "thanks" in t or "ripgrep" in t for t in texts)


@pytest.mark.parametrize("path,expected", [
    (CODEX, {"tool_retry": 1, "user_correction": 2}),
    (GEMINI, {"tool_retry": 1, "user_correction": 2}),
    (GENERIC, {"tool_retry": 1, "user_correction": 3}),
    (OPENCODE_STORAGE, {"user_correction": 3}),  # edit fails, a read succeeds, edit fails twice: not 3 in a row
])
def test_signals_of_every_harness(path, expected):
    signals, _ = signals_from_session(read_session(path))
    counted: dict[str, int] = {}
    for s in signals:
        counted[s.kind] = counted.get(s.kind, 0) + 1
    assert counted == expected


def test_capture_twice_adds_nothing(git_repo):
    store = Store.open()
    first = capture_paths(store, ALL)
    assert sum(len(s.signal_ids) for s in first) == 4 + 3 + 3 + 4 + 3
    before = store.path(Store.SIGNALS).read_bytes()
    second = capture_paths(store, ALL)
    assert [len(s.signal_ids) for s in second] == [0] * len(ALL)
    assert [s.duplicates_skipped for s in second] == [s.stats.corrections + s.stats.tool_retries for s in second]
    assert store.path(Store.SIGNALS).read_bytes() == before


def test_opencode_database_and_storage_of_one_session_are_the_same_signals(git_repo, tmp_path):
    store = Store.open()
    db = opencode_db(tmp_path / "opencode.db")
    from_db = capture_paths(store, [db], session_id=OPENCODE_SESSION)
    assert len(from_db[0].signal_ids) == 3
    from_storage = capture_paths(store, [OPENCODE_STORAGE])
    assert from_storage[0].signal_ids == []  # same session, same message and call ids


def fork_opencode_session(db: Path, source: str, fork: str, at_ms: int) -> None:
    """What `opencode run --fork` (opencode 1.18.33; the TUI's fork too) writes: a new root session titled
    "<title> (fork #1)" holding a copy of every message and part under new ids, each message keeping its
    `time_created` and the time in its data (seen in a real run's database), only `time_updated` new."""
    import sqlite3

    con = sqlite3.connect(db)
    try:
        title, project, directory = con.execute("SELECT title, project_id, directory FROM session WHERE id = ?",
                                                (source,)).fetchone()
        con.execute("INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, "
                    "time_updated) VALUES (?, ?, NULL, 'fork-slug', ?, ?, '1.18.33', ?, ?)",
                    (fork, project, directory, f"{title} (fork #1)", at_ms, at_ms))
        rows = con.execute("SELECT id, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id",
                           (source,)).fetchall()
        for n, (mid, created, data) in enumerate(rows):
            copy = f"msg_fork{n:04d}"
            con.execute("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?,?,?,?,?)",
                        (copy, fork, created, at_ms, data))
            for m, (pid, part) in enumerate(con.execute("SELECT id, data FROM part WHERE message_id = ? ORDER BY id",
                                                        (mid,)).fetchall()):
                con.execute("INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
                            "VALUES (?,?,?,?,?,?)", (f"prt_fork{n:04d}{m:03d}", copy, fork, created, at_ms, part))
        con.commit()
    finally:
        con.close()


def add_opencode_prompt(db: Path, session: str, mid: str, text: str, at_ms: int) -> None:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        con.execute("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?,?,?,?,?)",
                    (mid, session, at_ms, at_ms, json.dumps({"role": "user", "time": {"created": at_ms}})))
        con.execute("INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
                    "VALUES (?,?,?,?,?,?)", (f"prt_{mid}", mid, session, at_ms, at_ms,
                                             json.dumps({"type": "text", "text": text})))
        con.commit()
    finally:
        con.close()


def test_an_opencode_fork_does_not_record_the_copied_corrections_again(git_repo, tmp_path):
    """`opencode run --fork` copies the session's messages into a new session: they are history, not the fork's
    own messages. Capturing the fork recorded every correction of the original again, as new open signals, after
    the learner had used them up (trial22, real opencode 1.18.33), and the learner read them as typed again.
    Only what is typed in the fork after the fork is its own."""
    store = Store.open()
    db = opencode_db(tmp_path / "opencode.db")
    original = capture_paths(store, [db], session_id=OPENCODE_SESSION)
    assert len(original[0].signal_ids) == 3
    fork = "ses_7f1e2d3c4b5cForkedSessionX"
    fork_opencode_session(db, OPENCODE_SESSION, fork, at_ms=1_800_000_000_000)
    copied = capture_paths(store, [db], session_id=fork)
    assert copied[0].signal_ids == []
    reader = read_session(db, session_id=fork)
    assert [e for e in reader.events() if isinstance(e, UserMessage)] == []

    add_opencode_prompt(db, fork, "msg_zfork_new", "No, that's wrong: use `cargo nextest run`, never `cargo test`.",
                        at_ms=1_800_000_005_000)
    typed = capture_paths(store, [db], session_id=fork)
    [new] = [s for s in list_signals(store) if s["id"] in typed[0].signal_ids]
    assert new["messageID"] == "msg_zfork_new" and "cargo nextest" in new["text"]
    [message] = [e for e in read_session(db, session_id=fork).events() if isinstance(e, UserMessage)]
    assert message.index > 0 and message.after_assistant  # a reply in a conversation, not the fork's first task


def test_no_secret_reaches_the_store(git_repo):
    store = Store.open()
    summaries = capture_paths(store, [CLAUDE_SECRETS, CLAUDE])
    assert len(summaries[0].signal_ids) == 3  # tool_retry, the correction, the rejection
    texts = " ".join(s["text"] for s in list_signals(store))
    assert "[REDACTED:" in texts
    learn = git_repo / ".altimate-code"
    files = [p for p in learn.rglob("*") if p.is_file()]
    assert files
    for path in files:
        data = path.read_bytes()
        for name, secret in SECRETS.items():
            assert secret.encode() not in data, f"{name} secret found in {path}"


def test_a_read_that_fails_midway_writes_nothing(git_repo, monkeypatch):
    store = Store.open()
    reader = read_session(CLAUDE)
    original = reader._raw_events

    def broken():
        for index, event in enumerate(original()):
            if index == 12:
                raise OSError(5, "Input/output error")
            yield event

    monkeypatch.setattr(reader, "_raw_events", broken)
    with pytest.raises(LearnError) as exc:
        capture_mod.capture_reader(store, reader)
    assert exc.value.message == f"{CLAUDE} could not be read: Input/output error."
    assert not store.path(Store.SIGNALS).exists()


def test_a_bad_path_among_good_ones_fails_before_anything_is_written(git_repo, tmp_path):
    store = Store.open()
    with pytest.raises(LearnError):
        capture_paths(store, [CLAUDE, tmp_path / "missing.jsonl"])
    assert not store.path(Store.SIGNALS).exists()


# --- malformed and huge input ------------------------------------------------------------------------------

def test_malformed_and_torn_lines_are_skipped_and_counted(tmp_path):
    lines = CLAUDE.read_text().splitlines()
    broken = lines[:5] + ['{"type": "user", "message": {"role"', "not json at all", "[1, 2]"] + lines[5:]
    path = tmp_path / "5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a.jsonl"
    path.write_text("\n".join(broken) + '\n{"type":"user","message":{"role":"user","content":"half')
    reader = read_session(path)
    signals, stats = signals_from_session(reader)
    assert reader.info.skipped == 4 and stats.malformed_lines == 4
    assert stats.corrections == 3 and stats.tool_retries == 1  # everything else still read


WORDS = ["def ", "class ", "return ", "self", ".value", " = ", "(", ")", ":\n    ", "import os\n", "x", "y"]


def _claude_lines(rng: random.Random, sid: str, blocks: int):
    """A long, realistic Claude Code session: prompts, split replies, tool calls with bulky output."""
    base = {"sessionId": sid, "cwd": "/home/dev/big", "version": "2.1.332", "isSidechain": False,
            "userType": "external", "gitBranch": "main"}
    for n in range(blocks):
        ts = f"2026-11-20T10:{(n // 60) % 60:02d}:{n % 60:02d}.000Z"
        yield {**base, "type": "user", "uuid": f"u{n}", "timestamp": ts, "promptId": f"p{n}",
               "message": {"role": "user", "content": f"Please refactor module_{n}.py to use dataclasses."}}
        yield {**base, "type": "assistant", "uuid": f"a{n}", "timestamp": ts,
               "message": {"id": f"msg{n}", "role": "assistant", "model": "claude-sonnet-4-5",
                           "content": [{"type": "text", "text": "Reading it first."}]}}
        yield {**base, "type": "assistant", "uuid": f"b{n}", "timestamp": ts,
               "message": {"id": f"msg{n}", "role": "assistant", "model": "claude-sonnet-4-5",
                           "content": [{"type": "tool_use", "id": f"t{n}", "name": "Read",
                                        "input": {"file_path": f"/home/dev/big/module_{n}.py"}}]}}
        body = f"# module_{n}.py\n" + "".join(rng.choice(WORDS) for _ in range(900))
        yield {**base, "type": "user", "uuid": f"r{n}", "timestamp": ts,
               "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{n}",
                                                         "content": body, "is_error": n % 3 == 0}]}}


def _peak_while_reading(path: Path) -> tuple[int, object]:
    tracemalloc.start()
    try:
        reader = read_session(path)
        signals, stats = signals_from_session(reader)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, stats


def test_memory_stays_flat_on_a_large_transcript(tmp_path, monkeypatch):
    from altimate_learn.capture import needles

    rng = random.Random(7)
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    for path, blocks in ((small, 40), (large, 1000)):
        with open(path, "w") as handle:
            for line in _claude_lines(rng, path.stem, blocks):
                handle.write(json.dumps(line) + "\n")
    assert large.stat().st_size > 5_000_000
    # The classifier's cue tables work out their needles once, after 1,000 lookups in this process (about 1 MB for a
    # moment): a one-time cost, not one per line, that would land in whichever read crosses the count (which depends
    # on the tests run before in this worker). Build them first, on the small transcript, so both reads measured
    # below run the same warm tables that a long `learn capture` runs; the same for the big single patterns read as
    # their alternatives after 100 searches (up to ~0.3 MB for a moment, a pattern).
    monkeypatch.setattr(needles, "WARM_AFTER", 0)
    monkeypatch.setattr(needles, "SEARCH_WARM_AFTER", 0)
    signals_from_session(read_session(small))
    small_peak, _ = _peak_while_reading(small)
    large_peak, stats = _peak_while_reading(large)
    assert stats.user_messages == 1000 and stats.tool_calls == 1000
    # 25x the data, about the same memory: nothing accumulates per line
    assert large_peak < 2 * small_peak + 512 * 1024, (small_peak, large_peak)
    assert large_peak < 4 * 1024 * 1024


def test_an_over_long_line_is_skipped_without_holding_it(tmp_path, monkeypatch):
    from altimate_learn.capture import needles

    monkeypatch.setattr(_io, "MAX_LINE_BYTES", 64 * 1024)
    # the big single patterns are read as their alternatives on the first read below, not in the measured one,
    # whatever count of searches the tests before this one left (`needles.SEARCH_WARM_AFTER`)
    monkeypatch.setattr(needles, "SEARCH_WARM_AFTER", 0)
    lines = CLAUDE.read_text().splitlines()
    huge = json.dumps({"type": "user", "message": {"role": "user", "content": "x" * 3_000_000}})
    path = tmp_path / "5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a.jsonl"
    path.write_text("\n".join(lines[:8] + [huge] + lines[8:]) + "\n")
    # the same session without the long line first: what a first read imports (the classifier's tables) is not
    # counted as holding the line, whichever tests ran before this one in the process
    plain = tmp_path / "warm" / path.name
    plain.parent.mkdir()
    plain.write_text("\n".join(lines) + "\n")
    signals_from_session(read_session(plain))
    tracemalloc.start()
    try:
        reader = read_session(path)
        _, stats = signals_from_session(reader)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert reader.info.skipped == 1
    assert stats.corrections == 3
    assert peak < 1_500_000


def test_an_opencode_commands_template_is_read_as_the_command_typed(git_repo, tmp_path, isolated_home):
    """opencode stores a custom command (`/fixlint src/calc.py`) as its template, with nothing to mark it. A user
    message that is a template of the project's or the user's commands, filled in, is the command the person typed:
    the template's "No, never use flake8 here" was recorded as their correction, and `learn run` read it as typed
    (trial22, real opencode 1.18.33)."""
    command = git_repo / ".opencode" / "command" / "fixlint.md"
    command.parent.mkdir(parents=True)
    command.write_text("---\ndescription: fix lint\n---\nRun the linter on $ARGUMENTS and fix every warning. No, never "
                       "use flake8 here: always use ruff instead.\n")
    user_config = isolated_home / ".config" / "opencode"
    user_config.mkdir(parents=True, exist_ok=True)
    (user_config / "opencode.json").write_text(json.dumps({"command": {"tidy-sql": {
        "template": "Format every SQL model. Don't use sqlfluff fix, use `make fmt` instead."}}}))
    store = Store.open()
    db = opencode_db(tmp_path / "opencode.db", directory=str(git_repo))
    capture_paths(store, [db], session_id=OPENCODE_SESSION)
    before = {s["id"] for s in list_signals(store)}
    add_opencode_prompt(db, OPENCODE_SESSION, "msg_zz1", "Run the linter on src/calc.py and fix every warning. No, "
                        "never use flake8 here: always use ruff instead.", at_ms=1_900_000_000_000)
    add_opencode_prompt(db, OPENCODE_SESSION, "msg_zz2", "Format every SQL model. Don't use sqlfluff fix, use "
                        "`make fmt` instead.\n\nmodels/marts", at_ms=1_900_000_001_000)
    add_opencode_prompt(db, OPENCODE_SESSION, "msg_zz3", "No, never use flake8 here: always use ruff instead.",
                        at_ms=1_900_000_002_000)
    typed = [e.text for e in read_session(db, session_id=OPENCODE_SESSION).events()
             if isinstance(e, UserMessage) and e.id and e.id.startswith("msg_zz")]
    assert typed == ["/fixlint src/calc.py", "/tidy-sql models/marts",
                     "No, never use flake8 here: always use ruff instead."]
    capture_paths(store, [db], session_id=OPENCODE_SESSION)
    new = [s for s in list_signals(store) if s["id"] not in before]
    assert [s["messageID"] for s in new] == ["msg_zz3"]  # what the person typed, not the templates


def test_an_opencode_run_prompt_reads_without_its_wrapping_quotes_as_the_hook_reads_it(git_repo, tmp_path):
    """`opencode run "set up …"` saves the prompt as `"set up …"`: the hook dropped the quotes, the reader kept them,
    so the learner's digest said `person typed: "set up …"` (trial21). Both read the same text now."""
    from altimate_learn.harness.opencode import _prompt_text

    db = opencode_db(tmp_path / "opencode.db")
    prompts = {"msg_zrun_1": '"set up the dbt project with uv"',
               "msg_zrun_2": 'rename the "orders" model',  # quotes inside: kept
               "msg_zrun_3": '"first" and "second"'}  # not one wrapping pair: kept
    for n, (mid, text) in enumerate(prompts.items()):
        add_opencode_prompt(db, OPENCODE_SESSION, mid, text, at_ms=1_900_000_000_000 + n * 1000)
    read = {e.id: e.text for e in read_session(db, session_id=OPENCODE_SESSION).events()
            if isinstance(e, UserMessage) and e.id in prompts}
    assert read == {"msg_zrun_1": "set up the dbt project with uv", "msg_zrun_2": 'rename the "orders" model',
                    "msg_zrun_3": '"first" and "second"'}
    assert read == {mid: _prompt_text(text) for mid, text in prompts.items()}
