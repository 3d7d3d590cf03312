"""Scheduling state of one store: `schedule.json`.

::

    {
      "last_reflection": {"at", "ok", "summary", "model", "session", "signals",
                          "usage": {"input_tokens", "output_tokens", "cost_usd", "estimated"}, "error"?},
      "failures": 2, "backoff_until": "2025-…Z",            # provider failures (timeouts, 401/429/5xx)
      "sessions": {"<id>": {"failures": 1, "backoff_until": "…"}},  # answers with nothing usable
      "claims": {"<batch>": {"signals": [...], "pid", "host", "at", "expires"}}
    }

Signals are consumed only when a reflection succeeds. A failed one leaves them open and backs off:
one minute, doubling per consecutive failure, capped at one day (a provider's `Retry-After` is honoured
when it is longer). A provider failure (no key, timeout, rate limit, server error) backs off every
automatic reflection; an answer with nothing usable in it backs off only that session, so one bad
batch does not stop the others. Manual `learn reflect` ignores the backoff but records its outcome.

Only one process reflects on a batch of signals at a time: a claim naming the signal ids is written
under the store lock before the model is called and removed afterwards. A claim is stale once it
expires or its process (on this host) is gone, so a crash never blocks a batch for longer than that.
`learn status` reads `last_reflection` and `backoff_until`.
"""

from __future__ import annotations

import hashlib
import os
import socket
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from altimate_learn.store import Store

BACKOFF_BASE = 60
BACKOFF_CAP = 86_400
SUMMARY_CAP = 2_000


def parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)


def iso(moment: datetime) -> str:
    moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def backoff_seconds(failures: int) -> int:
    """1 minute after the first failure, doubling, capped at one day."""
    if failures <= 0:
        return 0
    return min(BACKOFF_CAP, BACKOFF_BASE * 2 ** min(failures - 1, 20))


def read_schedule(store: Store) -> dict[str, Any]:
    """The schedule; an unreadable file is moved aside and treated as empty (it only holds rebuildable state)."""
    state = store.read_json_object(Store.SCHEDULE, quarantine=True)
    for key in ("sessions", "claims"):
        if not isinstance(state.get(key), dict):
            state[key] = {}
    if not isinstance(state.get("failures"), int) or state["failures"] < 0:
        state["failures"] = 0
    return state


def write_schedule(store: Store, state: dict[str, Any]) -> None:
    clean = dict(state)
    for key in ("sessions", "claims"):
        if not clean.get(key):
            clean.pop(key, None)
    if not clean.get("failures"):
        clean.pop("failures", None)
        clean.pop("backoff_until", None)
    store.write_json(Store.SCHEDULE, clean)


def backoff_until(state: dict[str, Any], session: str | None = None, now: datetime | None = None) -> datetime | None:
    """When automatic reflection (of ``session``) may run again, or None when it may run now."""
    now = now or utcnow()
    moments = [parse_time(state.get("backoff_until"))]
    if session is not None:
        entry = state.get("sessions", {}).get(session)
        if isinstance(entry, dict):
            moments.append(parse_time(entry.get("backoff_until")))
    later = [m for m in moments if m is not None and m > now]
    return max(later) if later else None


# --- claims --------------------------------------------------------------------------------------------

@dataclass
class Claim:
    batch: str
    signals: list[str]


def batch_id(store_name: str, signal_ids: list[str]) -> str:
    digest = hashlib.sha256("\0".join([store_name, *sorted(set(signal_ids))]).encode("utf-8")).hexdigest()
    return digest[:16]


def _alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stale(claim: Any, now: datetime) -> bool:
    if not isinstance(claim, dict):
        return True
    expires = parse_time(claim.get("expires"))
    if expires is None or expires <= now:
        return True
    return claim.get("host") == socket.gethostname() and not _alive(claim.get("pid"))


def claim_batch(store: Store, signal_ids: list[str], *, ttl: float, now: datetime | None = None,
                key: str | None = None) -> tuple[Claim | None, dict[str, Any] | None]:
    """Claim ``signal_ids`` (or the batch ``key`` when there are none, e.g. `--feedback`).

    Returns (claim, None), or (None, the live claim that holds some of them). Stale claims are dropped.
    """
    now = now or utcnow()
    ids = sorted(set(signal_ids))
    name = key or batch_id(store.name, ids)
    with store.lock():
        state = read_schedule(store)
        claims = {k: v for k, v in state["claims"].items() if not _stale(v, now)}
        for other_key, other in claims.items():
            theirs = set(other.get("signals") or [])
            if other_key == name or (ids and theirs & set(ids)):
                return None, other
        claims[name] = {"signals": ids, "pid": os.getpid(), "host": socket.gethostname(), "at": iso(now),
                        "expires": iso(now + timedelta(seconds=max(1.0, ttl)))}
        state["claims"] = claims
        write_schedule(store, state)
    return Claim(name, ids), None


def release(store: Store, claim: Claim) -> None:
    with store.lock():
        state = read_schedule(store)
        if claim.batch in state["claims"]:
            del state["claims"][claim.batch]
            write_schedule(store, state)


# --- outcomes ------------------------------------------------------------------------------------------

def record_outcome(store: Store, *, ok: bool, summary: str, model: str, usage: dict[str, Any] | None,
                   session: str | None = None, signals: int = 0, error: str | None = None,
                   provider_failure: bool = False, retry_after: float | None = None,
                   now: datetime | None = None) -> dict[str, Any]:
    """Write `last_reflection` and update the backoff; returns the new state."""
    from altimate_learn.redact import redact

    now = now or utcnow()
    with store.lock():
        state = read_schedule(store)
        last: dict[str, Any] = {"at": iso(now), "ok": ok, "summary": redact(summary)[:SUMMARY_CAP], "model": model,
                                "usage": usage or {"input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0,
                                                   "estimated": False}}
        if session:
            last["session"] = session
        if signals:
            last["signals"] = signals
        if error:
            last["error"] = redact(error)[:SUMMARY_CAP]
        state["last_reflection"] = last
        sessions = state["sessions"]
        if ok:
            state["failures"] = 0
            state.pop("backoff_until", None)
            if session:
                sessions.pop(session, None)
        elif provider_failure:
            state["failures"] = int(state.get("failures") or 0) + 1
            wait = max(backoff_seconds(state["failures"]), min(BACKOFF_CAP, retry_after or 0))
            state["backoff_until"] = iso(now + timedelta(seconds=wait))
        elif session:
            entry = sessions.get(session) if isinstance(sessions.get(session), dict) else {}
            failures = int(entry.get("failures") or 0) + 1
            sessions[session] = {"failures": failures,
                                 "backoff_until": iso(now + timedelta(seconds=backoff_seconds(failures)))}
        write_schedule(store, state)
        return state
