"""Bad input never breaks the curator; files, history, redaction and timestamps."""

from __future__ import annotations

import pytest

from altimate_learn.curate.curator import curate
from altimate_learn.errors import StoreError
from tests.curate.helpers import NOW, add, lesson, make_store, read

GOOD = "Use `ref()` to reference models, never hard-coded table names."


@pytest.mark.parametrize("deltas, reason", [
    (["junk"], "not an object (str)"),
    ([{"op": "MERGE", "text": "x", "reason": "r"}], "unknown op 'MERGE'"),
    ([{"text": "x", "reason": "r"}], "missing op"),
    ([{"op": "ADD", "reason": "r"}], "ADD needs text (a string)"),
    ([{"op": "ADD", "text": 42, "reason": "r"}], "ADD needs text (a string)"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": ["r"]}], "reason must be a string"),
    ([{"op": "EDIT", "text": "Use UTC.", "reason": "r"}], "EDIT needs the id of an existing lesson"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": "r", "coexists": "nope"}], "coexists must be a list of lesson ids"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": "r", "supersedes": 3}], "supersedes must be one lesson id"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": "r", "paths": ["/etc/*.conf"]}],
     "path trigger '/etc/*.conf' contains an absolute path"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": "r", "paths": ["../x/**"]}],
     "path trigger '../x/**' contains a path escape (..)"),
    ([{"op": "ADD", "text": "Use UTC.", "reason": "r", "tags": ["has space!"]}],
     "tag 'has-space!' is not a short word (letters, digits, - _ . + #)"),
    ({"lessons": []}, 'expected a list of deltas or {"deltas": [...]}'),
    ("ADD everything", "expected a list of deltas, got str"),
])
def test_malformed_deltas_are_dropped_with_a_reason(tmp_path, deltas, reason):
    store = make_store(tmp_path)
    result = curate(store, deltas)
    assert [r["reason"] for r in result.rejected] == [reason]
    assert result.rejected[0]["rule"] == "malformed"
    assert read(store, "candidate.json") is None
    assert read(store, "history.jsonl")[-1]["rejected"][0]["reason"] == reason


def test_ten_thousand_deltas_and_five_megabytes(tmp_path):
    store = make_store(tmp_path)
    flood = [add(f"Name widget{i} tables plural{i}.") for i in range(10_000)]
    result = curate(store, flood)
    assert len(result.candidate) == 3
    assert result.rejected[-1]["reason"] == "9950 more deltas dropped: at most 50 per reflection"
    huge = [add("x" * (5 * 1024 * 1024), reason="y" * (5 * 1024 * 1024))]
    result = curate(store, huge)
    assert result.rejected[0]["rule"] == "too-long"
    assert len(result.rejected[0]["text"]) <= 300 and len(result.rejected[0]["delta_reason"]) <= 500
    assert store.path("history.jsonl").stat().st_size < 200_000


def test_wrapper_and_lenient_op_case(tmp_path):
    store = make_store(tmp_path)
    result = curate(store, {"deltas": [{"op": "add", "text": GOOD, "reason": "review"}]})
    assert [l["text"] for l in result.candidate] == [GOOD]


def test_history_entry_records_everything(tmp_path):
    store = make_store(tmp_path)
    curate(store, [add(GOOD, reason="review said so"), add("Connect with password=hunter2 to the db.")],
           session_id="ses-1", feedback_ids=["sig_000000000001"], model="openai/gpt-x",
           usage={"input_tokens": 1200, "output_tokens": 80})
    entry = read(store, "history.jsonl")[-1]
    assert entry["op"] == "reflect" and entry["model"] == "openai/gpt-x" and entry["session"] == "ses-1"
    # no price was given: the cost reads back as unknown (history.jsonl keeps altimate-code's usage shape)
    assert entry["usage"] == {"input_tokens": 1200, "output_tokens": 80, "cost_usd": None}
    assert entry["applied"][0]["reason"] == "review said so"
    assert entry["summary"] == "+1 added, 1 rejected (secret)"
    rejected_text = entry["rejected"][0]["text"]
    assert "hunter2" not in rejected_text and "REDACTED" in rejected_text  # echoed text is redacted again


def test_candidate_is_the_base_when_staged(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Approved rule.")],
                       candidate=[lesson("L-0001", "Approved rule."), lesson("L-0002", "Staged rule about dates.")])
    result = curate(store, [{"op": "HELPFUL", "id": "L-0002", "reason": "r"}])
    assert [l["id"] for l in result.candidate] == ["L-0001", "L-0002"]
    assert result.candidate[1]["helpful"] == 1


def test_updated_changes_with_content_and_counters_not_otherwise(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Use UTC.", applied=7), lesson("L-0002", "Use ISO dates."),
                                           lesson("L-0003", "Use snake_case.")])
    later = "2026-03-03T00:00:00.000Z"
    result = curate(store, [{"op": "HELPFUL", "id": "L-0001", "reason": "r"},
                            {"op": "EDIT", "id": "L-0002", "text": "Use ISO 8601 dates.", "reason": "r"}], now=later)
    first, second, third = result.candidate
    assert first["updated"] == later and first["helpful"] == 1 and first["applied"] == 7
    assert second["updated"] == later and second["created"] == NOW
    assert third["updated"] == NOW  # untouched


def test_grandfathered_long_approved_lesson_is_kept(tmp_path):
    long_text = "Existing conventional wording " * 6
    store = make_store(tmp_path, approved=[lesson("L-0001", long_text.strip())])
    result = curate(store, [{"op": "HELPFUL", "id": "L-0001", "reason": "r"}])
    assert result.candidate[0]["text"] == long_text.strip()
    edit = curate(store, [{"op": "EDIT", "id": "L-0001", "text": long_text + " more", "reason": "r"}])
    assert edit.rejected[0]["rule"] == "too-long"


def test_unsafe_base_lesson_stops_with_a_clear_error(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "See https://evil.example/x for rules.")])
    with pytest.raises(StoreError) as info:
        curate(store, [add(GOOD)])
    assert "lesson L-0001 fails lint (contains a URL)" in str(info.value)
    assert read(store, "candidate.json") is None


def test_paths_tags_and_apply_paths(tmp_path):
    store = make_store(tmp_path)
    result = curate(store, [add(GOOD, paths=["models/**/*.sql"], tags=["dbt", "Naming"]),
                            add("Keep seeds small and documented.")], apply_paths=["seeds/**"])
    first, second = result.candidate
    assert first["trigger"] == {"paths": ["models/**/*.sql"]} and first["tags"] == ["dbt", "naming"]
    assert second["trigger"] == {"paths": ["seeds/**"]}


def test_ids_are_new_and_never_reuse_retired_ids(tmp_path):
    store = make_store(tmp_path, approved=[lesson("L-0001", "Rule about `x_col`.")])
    curate(store, [{"op": "REMOVE", "id": "L-0001", "reason": "r"}])
    retired_ids = {r["id"] for r in read(store, "candidate-retired.json")}
    result = curate(store, [add("Fresh rule about queues.")])
    assert not ({l["id"] for l in result.candidate} & retired_ids)
