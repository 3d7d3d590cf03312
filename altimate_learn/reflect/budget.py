"""The cost guard: at most ``learn.auto_reflect_daily_max`` automatic model runs a day per project.

Spec 002 lets a project learn at most 8 times a day; every automatic reflection that calls a model
(a hook at the end of a session, startup recovery, the continual learner) takes one run from this
allowance first, and is not started once it is used up. A reflection a person starts (`learn reflect`,
`bootstrap`, `import-reviews`) is not counted and never refused: they asked for it. The built-in offline
reflector costs nothing and is not counted either.

The count lives in ``<learn dir>/auto-reflect-budget.json``, one file per project (git-ignored with the
rest of the learn folder), and is kept per *local* calendar day, the day a person sees::

    {"day": "2026-12-01", "runs": [{"at": "2026-12-01T09:14:03.120Z", "kind": "session"}, ...]}

``take_automatic_run`` reads, checks and appends under an exclusive lock, so two hooks that finish at
the same moment cannot both take the last run. A file that cannot be read is moved aside and the day
starts again from it: the file only holds a count, and a person can still read the old one. When the
lock cannot be had within a few seconds the run is refused (fail closed: the cost guard never lets a
run through that it could not count); the signals stay open for the next trigger.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from altimate_learn.jsonsafe import loads_document

BUDGET_FILE = "auto-reflect-budget.json"
LOCK_FILE = ".auto-reflect-budget.lock"
DEFAULT_DAILY_MAX = 8  # spec 002: "A project runs at most 8 times a day."
LOCK_WAIT = 10.0
RUNS_KEPT = 20  # runs listed per day (a limit someone raised to 1,000 must not grow the file without end)


def local_day(now: datetime | None = None) -> str:
    """Today's date in local time (``YYYY-MM-DD``); ``now`` without a timezone counts as local."""
    moment = now if now is not None else datetime.now().astimezone()
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d")


def _path(learn_dir: Path | str) -> Path:
    return Path(learn_dir) / BUDGET_FILE


def _read(learn_dir: Path | str, *, quarantine: bool) -> dict[str, Any]:
    """The budget file as ``{"day", "count", "runs"}``; a malformed file reads as empty (and is moved aside
    when ``quarantine``: only the writer, under the lock, does that)."""
    from altimate_learn.store.fsio import move_aside

    path = _path(learn_dir)
    try:
        raw = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {"day": "", "count": 0, "runs": []}
    except (OSError, UnicodeDecodeError):
        raw = None
    data: Any = None
    if raw is not None:
        try:
            data = loads_document(raw) if raw.strip() else {}
        except json.JSONDecodeError:
            data = None
    valid = isinstance(data, dict) and isinstance(data.get("day", ""), str) \
        and isinstance(data.get("runs", []), list) and _count_ok(data.get("count"))
    if not valid:
        if quarantine:
            try:
                move_aside(path)
            except OSError:
                pass
        return {"day": "", "count": 0, "runs": []}
    runs = data.get("runs", [])
    count = data.get("count")
    runs = [r for r in (runs or []) if isinstance(r, dict)]
    return {"day": data.get("day", ""), "count": count if isinstance(count, int) else len(runs), "runs": runs}


def _count_ok(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)


def automatic_runs_today(learn_dir: Path | str, *, now: datetime | None = None) -> int:
    """How many automatic model runs this project has made today (local day). Reads only."""
    state = _read(learn_dir, quarantine=False)
    return int(state["count"]) if state["day"] == local_day(now) else 0


def take_automatic_run(learn_dir: Path | str, limit: int, *, kind: str, now: datetime | None = None) -> bool:
    """Take one automatic run from today's allowance: True when granted (and counted), False once ``limit``
    runs were made today, when ``limit`` is 0, or when the count could not be updated safely."""
    from altimate_learn.errors import LearnError
    from altimate_learn.store.fsio import atomic_write, file_lock, utc_now

    if limit <= 0:
        return False
    folder = Path(learn_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with file_lock(folder / LOCK_FILE, timeout=LOCK_WAIT):
            state = _read(folder, quarantine=True)
            day = local_day(now)
            if state["day"] != day:
                state = {"day": day, "count": 0, "runs": []}
            if state["count"] >= limit:
                return False
            runs = (state["runs"] + [{"at": utc_now(), "kind": kind, "pid": os.getpid()}])[-RUNS_KEPT:]
            atomic_write(_path(folder), json.dumps({"day": day, "count": state["count"] + 1, "runs": runs},
                                                   indent=2, sort_keys=True) + "\n")
    except (OSError, LearnError):
        return False
    return True


def budget_status(learn_dir: Path | str, limit: int, *, now: datetime | None = None) -> dict[str, Any]:
    """What `learn status` shows: ``{"day", "used", "limit", "left"}``."""
    used = automatic_runs_today(learn_dir, now=now)
    return {"day": local_day(now), "used": used, "limit": limit, "left": max(0, limit - used)}
