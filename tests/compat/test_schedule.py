"""schedule.json in altimate-code's shape; learn's own scheduling state beside it (issue 12, item 4).

Shape and checks from altimate-code `packages/opencode/src/altimate/learn/schedule-state.ts` @ 03a0415
(`ScheduleState`: `lastReflection` {at, sessionID, result, summary, usage}, `recoveries` {session:
{failures >= 1, retryAt (epoch ms)}}; `readScheduleState` throws on anything else; backoff one minute,
doubling, capped at a day). See tests/compat/sources.py.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from altimate_learn.reflect import schedule
from altimate_learn.store import Store
from tests.compat.altimate_checks import read_schedule_state
from tests.compat.sources import SOURCES


def files(root: Path) -> tuple[dict, dict | None]:
    folder = root / ".altimate-code/learn/team-playbook"
    own = folder / schedule.SIDECAR
    return json.loads((folder / "schedule.json").read_text()), (json.loads(own.read_text()) if own.exists() else None)


def test_learn_writes_schedule_json_that_altimate_code_accepts(git_repo: Path):
    assert SOURCES["schedule"][1]
    store = Store.open()
    now = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
    schedule.record_outcome(store, ok=False, summary="nothing applied", model="builtin",
                            usage={"input_tokens": 10, "output_tokens": 3, "cost_usd": None, "estimated": True},
                            session="ses_a", signals=2, error="all 2 proposed changes were rejected", now=now)
    schedule.record_outcome(store, ok=False, summary="timeout", model="openai/gpt", usage=None,
                            provider_failure=True, error="timed out", now=now)
    shared, own = files(git_repo)
    read_schedule_state(shared)
    assert set(shared) == {"lastReflection", "recoveries"}
    assert shared["recoveries"] == {"ses_a": {"failures": 1,
                                              "retryAt": int((now + timedelta(minutes=1)).timestamp() * 1000)}}
    assert shared["lastReflection"]["result"] == "failure" and shared["lastReflection"]["sessionID"] == "external"
    # learn's own: the provider backoff and the details, beside it
    assert own["failures"] == 1 and own["backoff_until"] and own["lastReflection"]["error"] == "timed out"
    schedule.record_outcome(store, ok=True, summary="1 applied", model="builtin", session="ses_a", now=now,
                            usage={"input_tokens": 100, "output_tokens": 20, "cost_usd": 0.001, "estimated": False})
    shared, own = files(git_repo)
    read_schedule_state(shared)
    assert shared["recoveries"] == {}
    assert shared["lastReflection"] == {"at": "2026-03-01T12:00:00.000Z", "sessionID": "ses_a", "result": "success",
                                        "summary": "1 applied", "usage": {"inputTokens": 100, "outputTokens": 20,
                                                                          "estimatedCost": 0.001}}


def test_claims_live_beside_schedule_json_and_it_stays_valid(git_repo: Path):
    store = Store.open()
    claim, other = schedule.claim_batch(store, ["sig_000000000001"], ttl=60)
    assert claim and other is None
    shared, own = files(git_repo)
    read_schedule_state(shared)
    assert list(own["claims"]) == [claim.batch]
    schedule.release(store, claim)
    shared, own = files(git_repo)
    read_schedule_state(shared)
    assert not own.get("claims")


def test_altimate_codes_schedule_is_read_backoff_and_all(git_repo: Path, cli):
    folder = git_repo / ".altimate-code/learn/team-playbook"
    folder.mkdir(parents=True)
    retry = datetime.now(timezone.utc) + timedelta(hours=2)
    written = {"lastReflection": {"at": "2026-03-01T09:00:00.000Z", "sessionID": "ses_b", "result": "failure",
                                  "summary": "Model call failed", "usage": {"inputTokens": 5, "outputTokens": 0,
                                                                            "estimatedCost": 0}},
               "recoveries": {"ses_b": {"failures": 3, "retryAt": int(retry.timestamp() * 1000)}}}
    (folder / "schedule.json").write_text(json.dumps(written, indent=2) + "\n")
    state = schedule.read_schedule(Store.open())
    assert state["last_reflection"]["ok"] is False and state["last_reflection"]["session"] == "ses_b"
    until = schedule.backoff_until(state, "ses_b")
    assert until is not None and abs((until - retry).total_seconds()) < 1
    code, out, _ = cli("status", "--json")
    assert code == 0 and json.loads(out)["last_reflection"]["summary"] == "Model call failed"
    # a later learn write keeps altimate-code's backoff for that session
    schedule.record_outcome(Store.open(), ok=True, summary="ok", model="builtin", usage=None, session="ses_c")
    shared, _ = files(git_repo)
    read_schedule_state(shared)
    assert shared["recoveries"]["ses_b"]["failures"] == 3


def test_a_schedule_an_older_learn_wrote_is_read_then_rewritten_in_altimate_codes_shape(git_repo: Path):
    folder = git_repo / ".altimate-code/learn/team-playbook"
    folder.mkdir(parents=True)
    old = {"last_reflection": {"at": "2026-01-01T00:00:00.000Z", "ok": True, "summary": "2 applied",
                               "model": "builtin", "usage": {"input_tokens": 1, "output_tokens": 1, "cost_usd": 0.0,
                                                             "estimated": True}},
           "sessions": {"ses_d": {"failures": 2, "backoff_until": "2099-01-01T00:00:00.000Z"}}}
    (folder / "schedule.json").write_text(json.dumps(old))
    store = Store.open()
    state = schedule.read_schedule(store)
    assert state["last_reflection"]["summary"] == "2 applied" and state["sessions"]["ses_d"]["failures"] == 2
    schedule.write_schedule(store, state)
    shared, own = files(git_repo)
    read_schedule_state(shared)
    assert shared["recoveries"]["ses_d"]["failures"] == 2
    assert own["lastReflection"]["model"] == "builtin"
