"""When the learner runs on its own (spec 002 "When it runs").

- At least :data:`MIN_MESSAGES` typed messages since the last run, across the project's sessions (the
  learner's own sessions never count: they are not read at all).
- At least :data:`SPACING` since the last run; :data:`SHORT_SPACING` when the last run had more history
  than its digest could hold.
- While the store has no approved lessons, the first :data:`EAGER_RUNS` runs of the day need only
  :data:`EAGER_MESSAGES` messages and :data:`SHORT_SPACING`.
- The project has been idle for :data:`IDLE_SECONDS` (hooks touch `.altimate-code/learn/.sessions/` on every
  event, so its newest file says when an agent last did something here).
- At most ``learn.auto_reflect_daily_max`` automatic runs a day, counted with automatic reflection by
  :mod:`altimate_learn.reflect.budget` (one counter, so a day never costs more than the cap), and never
  while a failed run backs off (:mod:`altimate_learn.reflect.schedule`).

`learn run --now` ignores the message count and the spacing (not the lease).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

MIN_MESSAGES = 10
EAGER_MESSAGES = 3
EAGER_RUNS = 2
SPACING = timedelta(hours=2)
SHORT_SPACING = timedelta(minutes=10)
IDLE_SECONDS = 60.0
IDLE_GIVE_UP = 30 * 60.0  # a session busy for longer than this: the next idle starts another run


@dataclass
class Rule:
    messages: int
    spacing: timedelta
    why: str


def rule_for(state: dict[str, Any], *, approved: int, runs_today: int) -> Rule:
    last = state.get("last_run") if isinstance(state.get("last_run"), dict) else {}
    spacing = SHORT_SPACING if last.get("truncated") else SPACING
    if approved == 0 and runs_today < EAGER_RUNS:
        return Rule(EAGER_MESSAGES, SHORT_SPACING, f"no approved lessons yet: run {runs_today + 1} of the first "
                                                   f"{EAGER_RUNS} of the day")
    why = "the last run could not read everything" if last.get("truncated") else "the usual spacing"
    return Rule(MIN_MESSAGES, spacing, why)


def spacing_wait(state: dict[str, Any], rule: Rule, now: datetime) -> datetime | None:
    """When the next run may start, or None when it may start now."""
    from altimate_learn.learner.state import parse_time

    last = state.get("last_run") if isinstance(state.get("last_run"), dict) else {}
    at = parse_time(last.get("at"))
    if at is None:
        return None
    ready = at + rule.spacing
    return ready if ready > now else None


def last_activity(sessions_dir: Path) -> float | None:
    """The newest modification time of the hooks' session state (our own run output excluded)."""
    newest = None
    try:
        entries = list(os.scandir(sessions_dir))
    except OSError:
        return None
    for entry in entries:
        if entry.name.endswith(".log"):
            continue  # hook.log / reflect.log: written by learn itself, not by an agent's activity
        try:
            mtime = entry.stat().st_mtime
        except OSError:
            continue
        newest = mtime if newest is None or mtime > newest else newest
    return newest


def wait_for_idle(sessions_dir: Path, idle: float, *, clock: Callable[[], float] = time.time,
                  sleep: Callable[[float], None] = time.sleep, give_up: float = IDLE_GIVE_UP) -> bool:
    """Wait until nothing happened in the project for ``idle`` seconds; False after ``give_up`` seconds."""
    started = clock()
    while True:
        newest = last_activity(sessions_dir)
        quiet = clock() - newest if newest is not None else idle
        if quiet >= idle:
            return True
        if clock() - started + (idle - quiet) > give_up:
            return False
        sleep(max(0.5, idle - quiet))
