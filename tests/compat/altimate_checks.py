"""altimate-code's own checks on the files it reads, transcribed from its sources (see sources.py).

Each function raises AssertionError with altimate-code's message where altimate-code would refuse the file
(throw, or move it aside as malformed).
"""

from __future__ import annotations

import math
import re
from typing import Any

FEEDBACK_KINDS = ("verifier", "ci", "review", "user")  # reflect.ts
LESSON_ID = re.compile(r"^L-[0-9a-f]{4,}$")


def _safe_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2 ** 53 - 1


def read_schedule_state(state: Any) -> None:
    """schedule-state.ts `readScheduleState`."""
    recoveries = state.get("recoveries") if isinstance(state, dict) else None
    assert isinstance(recoveries, dict), "Invalid learning scheduler state"
    for entry in recoveries.values():
        assert (isinstance(entry, dict) and _safe_int(entry.get("failures")) and entry["failures"] >= 1
                and isinstance(entry.get("retryAt"), (int, float)) and not isinstance(entry["retryAt"], bool)
                and math.isfinite(entry["retryAt"]) and entry["retryAt"] >= 0), "Invalid learning scheduler state"
    last = state.get("lastReflection")
    if last:
        assert (isinstance(last.get("at"), str) and isinstance(last.get("sessionID"), str)
                and isinstance(last.get("summary"), str) and last.get("result") in ("success", "failure")), \
            "Invalid last learning reflection"
        usage = last.get("usage")
        if usage:
            for key in ("inputTokens", "outputTokens", "estimatedCost"):
                value = usage.get(key)
                assert (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
                        and value >= 0), "Invalid last learning reflection usage"


def read_pending_replacement(record: Any) -> None:
    """store.ts `readPendingReplacements`: a record that fails this makes altimate-code move the file aside."""
    assert isinstance(record, dict)
    assert isinstance(record.get("id"), str) and LESSON_ID.match(record["id"])
    assert isinstance(record.get("text"), str) and isinstance(record.get("feedback"), str)
    assert isinstance(record.get("reasons"), list) and all(isinstance(r, str) for r in record["reasons"])
    assert record.get("kind") in FEEDBACK_KINDS
    assert _safe_int(record.get("attempts")) and record["attempts"] >= 0


def read_nudge_state(value: Any) -> None:
    """nudge-state.ts `readState`."""
    assert isinstance(value, dict), "Invalid learning nudge state"
    hashes = value.get("shownProjectHashes")
    assert isinstance(hashes, list) and all(isinstance(h, str) and re.match(r"^[a-f0-9]{64}$", h) for h in hashes)
    assert len(set(hashes)) == len(hashes)
    assert _safe_int(value.get("totalCount")) and value["totalCount"] >= len(hashes)
    assert isinstance(value.get("dismissed"), bool)
