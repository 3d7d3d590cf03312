"""history.jsonl in altimate-code's shape, read back from either tool (issue 12, item 4).

Shape from altimate-code `packages/opencode/src/altimate/learn/store.ts` @ 03a0415 (`HistoryEntry`:
`ts`, `action` of reflect / promote / rollback / reject / migrated-from / pin / unpin, then `session`,
`feedbackKind`, `feedbackHash`, `applied`, `rejected`, `version`, `usage`, `id`, `source`,
`grandfathered`), `usage.ts` @ 14e2607 (`UsageSummary`: `inputTokens`, `outputTokens`, `estimatedCost`)
and `session-reflect.ts` @ 33dbf18 (the reflect entry). `learn status` there reads the newest `reflect`
entry's `ts`, `session`, `applied.length`, `rejected.length` and `usage` (`cli/cmd/learn.ts` @ 03a0415).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from altimate_learn.store import Store
from tests.compat.sources import SOURCES
from tests.review.conftest import StoreFiles, lesson

def raw_history(root: Path) -> list[dict]:
    path = root / ".altimate-code/learn/team-playbook/history.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def altimate_code_reads(entry: dict) -> None:
    """What altimate-code needs of an entry: `action` a string, and for what its status shows, the types."""
    assert isinstance(entry.get("action"), str) and isinstance(entry.get("ts"), str)
    assert "op" not in entry and "at" not in entry
    if entry["action"] == "reflect":
        assert isinstance(entry.get("applied", []), list) and isinstance(entry.get("rejected", []), list)
    usage = entry.get("usage")
    if usage is not None:  # formatUsage: `${usage.estimatedCost.toFixed(6)}`
        for key in ("inputTokens", "outputTokens", "estimatedCost"):
            assert isinstance(usage[key], (int, float)) and math.isfinite(usage[key]) and usage[key] >= 0


def test_every_entry_learn_writes_is_in_altimate_codes_shape(git_repo: Path, cli):
    assert SOURCES["store"][1]
    files = StoreFiles(git_repo)
    files.candidate([lesson("L-aaaa0001", "Use snake_case for every model and column name.")])
    assert cli("promote", "--yes")[0] == 0
    assert cli("pin", "L-aaaa0001")[0] == 0
    assert cli("unpin", "L-aaaa0001")[0] == 0
    assert cli("signal", "add", "--kind", "user", "--text", "Always convert `amount_cents` to dollars in staging "
                                                               "models.")[0] == 0
    assert cli("reflect", "--pending", "--model", "builtin")[0] == 0
    assert cli("reject")[0] == 0
    assert cli("rollback", "--yes")[0] == 0
    entries = raw_history(git_repo)
    assert [e["action"] for e in entries] == ["promote", "pin", "unpin", "reflect", "reject", "rollback"]
    for entry in entries:
        altimate_code_reads(entry)
    reflect = entries[3]
    assert reflect["session"] == "external" and reflect["applied"]
    assert set(reflect["usage"]) >= {"inputTokens", "outputTokens", "estimatedCost"}
    # the archived version's number (learn numbers versions by time so teammates never collide; an integer
    # altimate-code reads as `versions/v<N>.json`)
    assert isinstance(entries[0]["version"], int) and entries[1]["id"] == "L-aaaa0001"


def test_entries_altimate_code_wrote_are_read_back(git_repo: Path, cli):
    files = StoreFiles(git_repo)
    cte = "Prefer CTEs over nested subqueries."
    files.approved([lesson("L-aaaa0001", "Use snake_case for every model and column name."), lesson("L-bbbb0002", cte)])
    files.candidate([lesson("L-aaaa0001", "Use snake_case for every model and column name.")])
    entries = [
        {"ts": "2026-03-01T10:00:00.000Z", "action": "reflect", "session": "ses_1", "feedbackKind": "review",
         "feedbackHash": "ab" * 32, "applied": [{"op": "REMOVE", "id": "L-bbbb0002", "reason": "contradicted by CI"}],
         "rejected": [], "usage": {"inputTokens": 7000, "outputTokens": 1700, "estimatedCost": 0.05}},
        {"ts": "2026-03-01T10:05:00.000Z", "action": "pin", "id": "L-aaaa0001"},
    ]
    files.write("history.jsonl", "".join(json.dumps(e) + "\n" for e in entries))
    history = Store.open().history()
    assert [(e["op"], e["at"]) for e in history] == [("reflect", entries[0]["ts"]), ("pin", entries[1]["ts"])]
    assert history[0]["usage"] == {"input_tokens": 7000, "output_tokens": 1700, "cost_usd": 0.05}
    # `learn show` finds the removal reason in altimate-code's reflect entry
    code, out, _ = cli("show")
    assert code == 0
    assert f"  - removed  [L-bbbb0002] {cte}\n             reason: contradicted by CI\n" in out


def test_entries_an_older_learn_wrote_are_still_read(git_repo: Path):
    files = StoreFiles(git_repo)
    files.write("history.jsonl", json.dumps({"at": "2025-01-01T00:00:00.000Z", "op": "promote", "store":
                                             "team-playbook", "version": 1}) + "\n")
    assert [e["op"] for e in Store.open().history()] == ["promote"]


def test_an_unknown_cost_is_written_as_a_number_altimate_code_can_format(git_repo: Path):
    store = Store.open()
    store.record_history("reflect", session="s", applied=[], rejected=[],
                         usage={"input_tokens": 10, "output_tokens": 2, "cost_usd": None, "estimated": True})
    [entry] = raw_history(git_repo)
    assert entry["usage"] == {"inputTokens": 10, "outputTokens": 2, "estimatedCost": 0.0, "estimated": True,
                              "costUnknown": True}
    assert store.history()[0]["usage"]["cost_usd"] is None


def test_one_json_object_a_line_as_append_history_writes_it(git_repo: Path):
    Store.open().record_history("pin", id="L-aaaa0001")
    text = (git_repo / ".altimate-code/learn/team-playbook/history.jsonl").read_text()
    assert text.endswith("\n") and len(text.splitlines()) == 1
    assert json.loads(text)["action"] == "pin" and json.loads(text)["id"] == "L-aaaa0001"


def test_an_older_learns_lines_are_rewritten_in_altimate_codes_shape_by_the_next_write(git_repo: Path):
    # altimate-code's migration sets aside a history.jsonl holding a line without `action` (store.ts `migrate`)
    files = StoreFiles(git_repo)
    old = [{"at": "2025-01-01T00:00:00.000Z", "op": "promote", "store": "team-playbook", "version": 1},
           {"at": "2025-01-02T00:00:00.000Z", "op": "reflect", "session": "s1", "applied": [{"op": "ADD", "id": "x"}],
            "usage": {"input_tokens": 5, "output_tokens": 1, "cost_usd": 0.25, "estimated": False}}]
    files.write("history.jsonl", "".join(json.dumps(e) + "\n" for e in old))
    Store.open().record_history("pin", id="L-aaaa0001")
    entries = raw_history(git_repo)
    assert [(e["action"], e["ts"]) for e in entries[:2]] == [("promote", old[0]["at"]), ("reflect", old[1]["at"])]
    for entry in entries:
        altimate_code_reads(entry)
    assert entries[1]["applied"] == [{"op": "ADD", "id": "x"}]  # nested deltas keep their own `op`
    assert entries[1]["usage"] == {"inputTokens": 5, "outputTokens": 1, "estimatedCost": 0.25}
    assert [e["op"] for e in Store.open().history()] == ["promote", "reflect", "pin"]
