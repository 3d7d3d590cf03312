"""Scheduling state of one store: `schedule.json` (altimate-code's) and `learn-schedule.json` (learn's).

altimate-code reads and writes `schedule.json` (`schedule-state.ts`) and refuses a file that is not in its
shape, so that file holds exactly what both tools share::

    {"lastReflection": {"at", "sessionID", "result": "success" | "failure", "summary",
                        "usage": {"inputTokens", "outputTokens", "estimatedCost"}},
     "recoveries": {"<session>": {"failures": 2, "retryAt": <epoch ms>}}}  # per-session backoff

What only learn keeps lives beside it in `learn-schedule.json` (altimate-code never opens it)::

    {"lastReflection": {"at", "model", "signals", "error"},          # details of learn's last reflection
     "failures": 2, "backoff_until": "2025-…Z",                       # provider failures (timeouts, 401/429/5xx)
     "claims": {"<batch>": {"signals": [...], "pid", "host", "at", "expires"}}}

In memory the two are one dict in learn's own terms (``last_reflection`` with ``ok``, ``session``,
snake_case usage; ``sessions`` with ISO ``backoff_until``), so callers do not see the split; a
`schedule.json` an older learn wrote in that shape is read too and rewritten in altimate-code's shape.

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

from altimate_learn.store import Store, fsio

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


SIDECAR = "learn-schedule.json"
EXTERNAL = "external"  # altimate-code's session id for feedback that belongs to no session
_OLD_KEYS = ("last_reflection", "sessions", "claims", "failures", "backoff_until")


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def _from_ms(value: Any) -> datetime | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        return None
    return datetime.fromtimestamp(value / 1000, tz=timezone.utc)


def load_schedule(store: Store, *, repair: bool = True) -> dict[str, Any]:
    """The schedule in learn's terms (see the module docstring).

    With ``repair`` an unreadable file is moved aside and treated as empty (it only holds rebuildable
    state); without it (`learn status`), nothing is moved and an unreadable file raises."""
    from altimate_learn.schema import usage_from_disk

    shared = store.read_json_object(Store.SCHEDULE, quarantine=repair)
    own = store.read_json_object(SIDECAR, quarantine=repair)
    if any(key in shared for key in _OLD_KEYS):  # written by an older learn: already in learn's terms
        state = {k: v for k, v in shared.items() if k in _OLD_KEYS}
    else:
        state = {}
        last = shared.get("lastReflection")
        if isinstance(last, dict) and isinstance(last.get("at"), str):
            entry: dict[str, Any] = {"at": last["at"], "ok": last.get("result") == "success",
                                     "summary": str(last.get("summary") or "")}
            if isinstance(last.get("sessionID"), str) and last["sessionID"] != EXTERNAL:
                entry["session"] = last["sessionID"]
            if isinstance(last.get("usage"), dict):
                entry["usage"] = usage_from_disk(last["usage"])
            mine = own.get("lastReflection")
            if isinstance(mine, dict) and mine.get("at") == last["at"]:  # learn wrote this reflection
                entry.update({k: v for k, v in mine.items() if k in ("model", "signals", "error")})
            state["last_reflection"] = entry
        sessions: dict[str, Any] = {}
        recoveries = shared.get("recoveries")
        for session, record in (recoveries.items() if isinstance(recoveries, dict) else ()):
            retry = _from_ms(record.get("retryAt")) if isinstance(record, dict) else None
            failures = record.get("failures") if isinstance(record, dict) else None
            if retry is not None and isinstance(failures, int) and failures >= 1:
                sessions[session] = {"failures": failures, "backoff_until": iso(retry)}
        state["sessions"] = sessions
        for key in ("failures", "backoff_until", "claims"):
            if key in own:
                state[key] = own[key]
    for key in ("sessions", "claims"):
        if not isinstance(state.get(key), dict):
            state[key] = {}
    failures = state.get("failures")
    if not isinstance(failures, int) or isinstance(failures, bool) or failures <= 0:
        state.pop("failures", None)  # no provider failure in a row: no provider backoff either
        state.pop("backoff_until", None)
    return state


def read_schedule(store: Store) -> dict[str, Any]:
    return load_schedule(store, repair=True)


def write_schedule(store: Store, state: dict[str, Any]) -> None:
    """Write `schedule.json` in altimate-code's shape and the rest to `learn-schedule.json`."""
    from altimate_learn.schema import usage_to_disk

    try:
        previous = store.read_json_object(Store.SCHEDULE, quarantine=True)
    except Exception:  # an unreadable file was moved aside; start over
        previous = {}
    shared: dict[str, Any] = {k: v for k, v in previous.items()
                              if k not in _OLD_KEYS and k not in ("lastReflection", "recoveries")}
    own: dict[str, Any] = {}
    last = state.get("last_reflection")
    if isinstance(last, dict) and isinstance(last.get("at"), str):
        entry: dict[str, Any] = {"at": last["at"], "sessionID": last.get("session") or EXTERNAL,
                                 "result": "success" if last.get("ok") else "failure",
                                 "summary": str(last.get("summary") or "")}
        if isinstance(last.get("usage"), dict):
            entry["usage"] = usage_to_disk(last["usage"])
        shared["lastReflection"] = entry
        extra = {k: last[k] for k in ("model", "signals", "error") if last.get(k) is not None}
        if extra:
            own["lastReflection"] = {"at": last["at"], **extra}
    recoveries: dict[str, Any] = {}
    for session, record in (state.get("sessions") or {}).items():
        retry = parse_time(record.get("backoff_until")) if isinstance(record, dict) else None
        failures = record.get("failures") if isinstance(record, dict) else None
        if retry is not None and isinstance(failures, int) and not isinstance(failures, bool) and failures >= 1:
            recoveries[session] = {"failures": failures, "retryAt": _ms(retry)}
    shared["recoveries"] = recoveries
    if state.get("failures"):
        own["failures"] = state["failures"]
        if state.get("backoff_until"):
            own["backoff_until"] = state["backoff_until"]
    if state.get("claims"):
        own["claims"] = state["claims"]
    store.write_json(Store.SCHEDULE, shared)
    if own or store.path(SIDECAR).exists():
        store.write_json(SIDECAR, own)


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


def _stale(claim: Any, now: datetime) -> bool:
    if not isinstance(claim, dict):
        return True
    expires = parse_time(claim.get("expires"))
    if expires is None or expires <= now:
        return True
    return claim.get("host") == socket.gethostname() and not fsio.process_alive(claim.get("pid"))


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
