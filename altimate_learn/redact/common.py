"""Placeholders, shared by the redaction rules."""

from __future__ import annotations

import re

PLACEHOLDER = "[REDACTED:{}]"
# Ours, and the bare `[REDACTED]` other tools (altimate-code among them) write: never matched again.
PLACEHOLDER_RE = re.compile(r"\[REDACTED(?::[a-z0-9-]{1,40})?\]", re.I)


def is_placeholder(value: str) -> bool:
    return value[:9].upper() == "[REDACTED"
