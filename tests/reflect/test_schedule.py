"""schedule.json: backoff doubling and cap, per-session backoff, claims and stale claims."""

from __future__ import annotations

import json
import os
import socket
from datetime import datetime, timedelta, timezone

from altimate_learn.reflect import schedule
from altimate_learn.store import Store, project

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=timezone.utc)


def _store(git_repo) -> Store:
    return Store(project(git_repo), "team-playbook")


def test_backoff_doubles_from_a_minute_and_caps_at_a_day() -> None:
    assert [schedule.backoff_seconds(n) for n in range(0, 6)] == [0, 60, 120, 240, 480, 960]
    assert schedule.backoff_seconds(11) == 61_440 and schedule.backoff_seconds(12) == 86_400
    assert schedule.backoff_seconds(500) == 86_400


def test_provider_failures_back_off_everything_and_success_resets(git_repo) -> None:
    store = _store(git_repo)
    usage = {"input_tokens": 10, "output_tokens": 0, "cost_usd": 0.0, "estimated": True}
    for n in (1, 2, 3):
        state = schedule.record_outcome(store, ok=False, summary="failed", model="openai/gpt-4o", usage=usage,
                                        session="s1", error="timeout", provider_failure=True,
                                        now=NOW + timedelta(minutes=n))
    assert state["failures"] == 3
    assert state["backoff_until"] == "2025-06-01T12:07:00.000Z"  # third failure at 12:03, + 4 minutes
    assert schedule.backoff_until(state, "other", now=NOW) is not None
    # schedule.json is altimate-code's shape (tests/compat/test_schedule.py); learn's details sit beside it
    on_disk = json.loads(store.path(Store.SCHEDULE).read_text())
    assert on_disk["lastReflection"] == {"at": "2025-06-01T12:03:00.000Z", "sessionID": "s1", "result": "failure",
                                         "summary": "failed", "usage": {"inputTokens": 10, "outputTokens": 0,
                                                                        "estimatedCost": 0.0, "estimated": True}}
    assert schedule.read_schedule(store)["last_reflection"] == {
        "at": "2025-06-01T12:03:00.000Z", "ok": False, "summary": "failed", "model": "openai/gpt-4o",
        "usage": usage, "session": "s1", "error": "timeout"}
    assert json.loads(store.path(schedule.SIDECAR).read_text())["failures"] == 3
    state = schedule.record_outcome(store, ok=True, summary="+1 added", model="openai/gpt-4o", usage=usage,
                                    session="s1", signals=2, now=NOW + timedelta(hours=1))
    assert "failures" not in json.loads(store.path(schedule.SIDECAR).read_text())
    assert "failures" not in schedule.read_schedule(store)
    assert schedule.backoff_until(state, "s1", now=NOW) is None


def test_retry_after_longer_than_the_backoff_wins(git_repo) -> None:
    state = schedule.record_outcome(_store(git_repo), ok=False, summary="failed", model="m", usage=None,
                                    provider_failure=True, retry_after=3600, now=NOW)
    assert state["backoff_until"] == "2025-06-01T13:00:00.000Z"


def test_an_unusable_answer_backs_off_only_its_session(git_repo) -> None:
    store = _store(git_repo)
    state = schedule.record_outcome(store, ok=False, summary="nothing usable", model="m", usage=None, session="s1",
                                    error="not JSON", now=NOW)
    assert schedule.backoff_until(state, "s1", now=NOW) == NOW + timedelta(minutes=1)
    assert schedule.backoff_until(state, "s2", now=NOW) is None and "backoff_until" not in state


def test_claims_exclude_overlapping_batches_until_released(git_repo) -> None:
    store = _store(git_repo)
    first, holder = schedule.claim_batch(store, ["sig_a", "sig_b"], ttl=300, now=NOW)
    assert first is not None and holder is None
    second, holder = schedule.claim_batch(store, ["sig_b", "sig_c"], ttl=300, now=NOW)
    assert second is None and holder["pid"] == os.getpid()
    third, _ = schedule.claim_batch(store, ["sig_d"], ttl=300, now=NOW)
    assert third is not None
    schedule.release(store, first)
    again, _ = schedule.claim_batch(store, ["sig_b", "sig_c"], ttl=300, now=NOW)
    assert again is not None


def test_stale_claims_expire_or_die_with_their_process(git_repo) -> None:
    store = _store(git_repo)
    claim, _ = schedule.claim_batch(store, ["sig_a"], ttl=60, now=NOW)
    assert claim is not None
    later, _ = schedule.claim_batch(store, ["sig_a"], ttl=60, now=NOW + timedelta(seconds=61))
    assert later is not None  # expired
    state = schedule.read_schedule(store)
    state["claims"] = {"dead": {"signals": ["sig_z"], "pid": 2 ** 22 + 12345, "host": socket.gethostname(),
                                "at": schedule.iso(NOW), "expires": schedule.iso(NOW + timedelta(hours=1))}}
    schedule.write_schedule(store, state)
    taken, _ = schedule.claim_batch(store, ["sig_z"], ttl=60, now=NOW)
    assert taken is not None  # its process is gone


def test_a_malformed_schedule_is_moved_aside(git_repo) -> None:
    store = _store(git_repo)
    store.ensure()
    store.path(Store.SCHEDULE).write_text("{not json")
    assert schedule.read_schedule(store)["claims"] == {}
    assert any(p.name.startswith("schedule.json.malformed-") for p in store.dir.iterdir())


def test_a_claim_of_a_live_process_holds_and_one_of_an_ended_process_does_not(git_repo) -> None:
    """The same liveness test serves reflection claims and learner leases (store.fsio.process_alive): a claim made by
    a process that still runs on this host blocks the batch until it expires; one whose process has ended does not."""
    import subprocess
    import sys

    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                           check=True)
    store = _store(git_repo)
    store.ensure()
    state = schedule.read_schedule(store)
    later = schedule.iso(NOW + timedelta(hours=1))
    state["claims"] = {
        "live": {"signals": ["sig_live"], "pid": os.getpid(), "host": socket.gethostname(), "at": schedule.iso(NOW),
                 "expires": later},
        "ended": {"signals": ["sig_ended"], "pid": int(ended.stdout), "host": socket.gethostname(),
                  "at": schedule.iso(NOW), "expires": later},
        "odd": {"signals": ["sig_odd"], "pid": True, "host": socket.gethostname(), "at": schedule.iso(NOW),
                "expires": later}}
    schedule.write_schedule(store, state)
    assert schedule.claim_batch(store, ["sig_live"], ttl=60, now=NOW)[0] is None
    assert schedule.claim_batch(store, ["sig_ended"], ttl=60, now=NOW)[0] is not None
    assert schedule.claim_batch(store, ["sig_odd"], ttl=60, now=NOW)[0] is not None
