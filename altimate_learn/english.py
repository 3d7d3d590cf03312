"""Small helpers for the English every layer prints (below the CLI, so the core never imports `cli/`)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 lesson`, `2 lessons`: a count with its noun in the right number (`many` for irregular plurals)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
