"""Pieces shared by `bootstrap` and `import-reviews`: the `--since` boundary and the integer limits."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from altimate_learn.errors import LearnError

_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def parse_since(value: str, now: datetime | None = None) -> datetime:
    """`30d`, `24h`, `4w`, `90m` before now, or an ISO date/time (UTC when no zone is given)."""
    now = now or datetime.now(timezone.utc)
    text = value.strip()
    match = re.fullmatch(r"(\d+)\s*([mhdw])", text.lower())
    result: datetime | None = None
    if match:
        try:
            result = now - timedelta(seconds=int(match.group(1)) * _UNITS[match.group(2)])
        except (OverflowError, ValueError):  # "99999999999d": before any session or pull request existed
            result = EPOCH
    elif re.match(r"^\d{4}-\d{2}-\d{2}", text):
        try:
            result = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            result = None
        if result is not None and result.tzinfo is None:
            result = result.replace(tzinfo=timezone.utc)
    if result is None or result > now:
        raise LearnError(f"--since must be a duration such as 30d, 24h or 4w, or a past ISO date; got '{value}'.",
                         "Example: --since 60d or --since 2025-01-31.")
    return result


def parse_time(value: object) -> datetime | None:
    """An ISO 8601 timestamp as an aware UTC datetime (None when absent or unparseable)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def check_limit(name: str, value: int, minimum: int) -> int:
    if value < minimum:
        raise LearnError(f"{name} must be an integer >= {minimum}, not {value}.")
    return value


def estimate_tokens(chars: int) -> int:
    """The usual rough estimate: four characters a token."""
    return (chars + 3) // 4
