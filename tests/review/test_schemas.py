"""The published JSON Schemas (docs/schemas/) and `learn check --schema`.

The schemas are checked three ways: the real files learn writes pass them, the `jsonschema` library (the
reference implementation other tools use) agrees with learn's own validator on valid and broken files,
and `learn check --schema` reports a broken store file with its place and exits 1.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from altimate_learn.deliver.state import bump_usage
from altimate_learn.review import schemas
from altimate_learn.store.fsio import canonical_json, json_line
from tests.review.conftest import lesson

GOOD_LESSONS = [
    lesson("L-aaaa0001", "Convert `amount_cents` with `cents_to_dollars` in staging models.",
           paths=["models/staging/**"], provenance="session ses_1"),
    {**lesson("L-bbbb0002", "Keep cents as integers in marts.", coexists=["L-aaaa0001"]), "pinned": True},
]
GOOD_SIGNAL = {"id": "sig_0123456789ab", "kind": "user_correction", "sessionID": "ses_1", "messageID": "msg_1",
               "text": "No, use cents_to_dollars.", "reason": "starts with a negation", "at": "2025-03-01T09:00:00Z",
               "status": "open"}
GOOD_USAGE = {"L-aaaa0001": 3, "L-bbbb0002": 0}


def broken_lessons() -> list[tuple[str, object]]:
    cases: list[tuple[str, object]] = []
    for field, value in [("id", "L-XYZ"), ("id", 7), ("scope", "global"), ("helpful", -1), ("applied", True),
                         ("tags", "sql"), ("pinned", "yes"), ("trigger", {"paths": [""]}),
                         ("trigger", {"globs": ["*.sql"]}), ("coexists", ["nope"]), ("created", "yesterday"),
                         ("surprise", 1)]:
        bad = copy.deepcopy(GOOD_LESSONS)
        bad[0][field] = value
        cases.append((f"lesson {field}={value!r}", bad))
    missing = copy.deepcopy(GOOD_LESSONS)
    del missing[1]["text"]
    cases += [("lesson without text", missing), ("an object, not an array", {"lessons": GOOD_LESSONS})]
    return cases


def broken_signals() -> list[tuple[str, object]]:
    cases: list[tuple[str, object]] = []
    for field, value in [("kind", "chat"), ("status", "done"), ("source", "slack"), ("resolved", "no"),
                         ("at", 5), ("extra", "x"), ("id", "")]:
        cases.append((f"signal {field}={value!r}", {**GOOD_SIGNAL, field: value}))
    cases.append(("signal without sessionID", {k: v for k, v in GOOD_SIGNAL.items() if k != "sessionID"}))
    return cases


BROKEN_USAGE = [("usage negative", {"L-aaaa0001": -2}), ("usage not a lesson id", {"lesson one": 1}),
                ("usage string count", {"L-aaaa0001": "3"}), ("usage a list", [1, 2])]


def reference_valid(value: object, name: str) -> bool:
    schema = schemas.load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema).is_valid(value)


@pytest.mark.parametrize("name,value", [("approved", GOOD_LESSONS), ("candidate", GOOD_LESSONS), ("approved", []),
                                        ("signal", GOOD_SIGNAL), ("usage", GOOD_USAGE), ("usage", {})])
def test_valid_files_pass_both_validators(name: str, value: object) -> None:
    assert schemas.validate(value, name) == []
    assert reference_valid(value, name)


@pytest.mark.parametrize("label,value,name",
                         [(label, value, "approved") for label, value in broken_lessons()]
                         + [(label, value, "signal") for label, value in broken_signals()]
                         + [(label, value, "usage") for label, value in BROKEN_USAGE],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_broken_files_fail_both_validators(label: str, value: object, name: str) -> None:
    assert schemas.validate(value, name), f"{label}: learn's validator let it through"
    assert not reference_valid(value, name), f"{label}: jsonschema let it through"


def test_the_files_learn_writes_follow_the_schemas(git_repo: Path, cli) -> None:
    # `learn remember` and `learn signal add` write through the store code: what they write must pass.
    assert cli("remember", "Use `cents_to_dollars` for money columns in staging models.", "--approve")[0] == 0
    assert cli("signal", "add", "--kind", "review", "--text", "Never hardcode the warehouse name.")[0] == 0
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    approved = json.loads((store / "approved.json").read_text())
    bump_usage(str(store), [approved[0]["id"]] * 2, lambda line: None)  # what delivery writes
    written = {p.name for p in store.iterdir() if p.name in schemas.SCHEMA_OF_FILE}
    assert written == {"approved.json", "signals.jsonl", "usage.json"}, written
    assert reference_valid(approved, "approved")
    assert reference_valid(json.loads((store / "usage.json").read_text()), "usage")
    code, out, err = cli("check", "--schema")
    assert code == 0, out + err
    assert out.startswith("OK: ")
    for line in (store / "signals.jsonl").read_text().splitlines():
        assert reference_valid(json.loads(line), "signal")


def test_check_schema_reports_each_broken_store_file(git_repo: Path, cli) -> None:
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(canonical_json(GOOD_LESSONS))
    (store / "signals.jsonl").write_text(json_line(GOOD_SIGNAL) + json_line({**GOOD_SIGNAL, "status": "done"}))
    (store / "usage.json").write_text(json.dumps({"L-aaaa0001": -1}))
    before = {p.name: p.read_bytes() for p in store.iterdir()}
    assert cli("check")[0] == 0  # without --schema only the lesson files are checked
    code, out, err = cli("check", "--schema")
    assert code == 1
    rel = ".altimate-code/learn/team-playbook"
    assert out.splitlines() == [
        f"{rel}/signals.jsonl: line 2 /status: json-schema: must be one of \"open\", \"consumed\" (signal.schema.json)",
        f"{rel}/usage.json: /L-aaaa0001: json-schema: must be at least 0 (usage.schema.json)",
    ]
    assert err == "2 problems in 2 files.\n"
    assert {p.name: p.read_bytes() for p in store.iterdir()} == before  # nothing moved aside or rewritten


def test_check_schema_names_the_lesson_and_the_field(git_repo: Path, cli) -> None:
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    bad = copy.deepcopy(GOOD_LESSONS)
    bad[1]["helpful"] = -3
    (store / "candidate.json").write_text(canonical_json(bad))
    code, out, _ = cli("check", "--schema", "--json")
    assert code == 1
    report = json.loads(out)
    schema_problems = [p for p in report["problems"] if p["rule"] == "json-schema"]
    assert schema_problems == [{"path": ".altimate-code/learn/team-playbook/candidate.json",
                                "id": "L-bbbb0002 (/1/helpful)",
                                "rule": "json-schema", "message": "must be at least 0 (candidate.schema.json)"}]


def test_a_named_store_file_that_does_not_exist_is_a_problem(git_repo: Path, cli) -> None:
    code, out, _ = cli("check", "--schema", "nowhere/usage.json")
    assert code == 1
    assert out.splitlines() == ["nowhere/usage.json: (file): missing: the file does not exist"]
