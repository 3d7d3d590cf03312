"""pending-replacements.jsonl records carry `feedback` and `kind` (issue 12, item 4).

Shape from altimate-code `packages/opencode/src/altimate/learn/store.ts` @ 03a0415 (`PendingReplacement`:
id, text, reasons, feedback, kind, attempts; `readPendingReplacements` moves the whole file aside when a
record lacks one) and `session-reflect.ts` @ 33dbf18 (a record keeps the reflection's feedback and kind);
`reflect.ts` @ 0ea0fc2 (`FEEDBACK_KINDS`). See tests/compat/sources.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.curate.curator import curate
from tests.compat.altimate_checks import read_pending_replacement
from tests.compat.sources import SOURCES
from tests.curate.helpers import lesson, make_store


def records(store) -> list[dict]:
    path = store.path("pending-replacements.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_a_queued_replacement_keeps_the_feedback_and_its_kind(tmp_path: Path):
    assert SOURCES["session-reflect"][1]
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro.")])
    curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong: we divide inline"}],
           feedback="[ci] dbt test failed: cents_to_dollars is not defined", feedback_kind="ci")
    [record] = records(store)
    read_pending_replacement(record)
    assert (record["feedback"], record["kind"]) == ("[ci] dbt test failed: cents_to_dollars is not defined", "ci")


def test_curate_without_feedback_still_writes_valid_records(tmp_path: Path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro.")])
    curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "wrong"}], feedback_kind="not-a-kind")
    [record] = records(store)
    read_pending_replacement(record)
    assert (record["feedback"], record["kind"]) == ("", "user")


def test_records_an_older_learn_wrote_are_completed_on_the_next_write(tmp_path: Path):
    at = "Keep `_at` suffixes on timestamps."
    store = make_store(tmp_path, approved=[lesson("L-0001", "Convert `_cents` with the macro."), lesson("L-0002", at)],
                       candidate=[lesson("L-0002", at)])
    store.path("pending-replacements.jsonl").write_text(json.dumps(
        {"id": "L-0001", "text": "Convert `_cents` with the macro.", "reasons": ["wrong"], "attempts": 1,
         "at": "2026-01-01T00:00:00.000Z"}) + "\n")
    curate(store, [{"op": "REMOVE", "id": "L-0002", "reason": "wrong too"}], feedback="[user] no", feedback_kind="user")
    for record in records(store):
        read_pending_replacement(record)
    assert [r["id"] for r in records(store)] == ["L-0001", "L-0002"]


def test_records_altimate_code_wrote_are_read_and_kept(tmp_path: Path, cli, monkeypatch):
    cents, at = "Convert `_cents` with the macro.", "Keep `_at` suffixes on timestamps."
    store = make_store(tmp_path, approved=[lesson("L-0001", cents), lesson("L-0002", at)],
                       candidate=[lesson("L-0002", at)])
    written = {"id": "L-0001", "text": cents, "reasons": ["harmful in review"],
               "feedback": "[review] divide inline instead", "kind": "review", "attempts": 2}
    store.path("pending-replacements.jsonl").write_text(json.dumps(written) + "\n")
    monkeypatch.chdir(tmp_path)
    code, out, _ = cli("show")
    assert code == 0 and "L-0001" in out
    curate(store, [{"op": "REMOVE", "id": "L-0002", "reason": "wrong too"}], feedback="[user] no", feedback_kind="user")
    assert records(store)[0] == written and [r["id"] for r in records(store)] == ["L-0001", "L-0002"]
