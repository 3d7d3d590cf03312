"""A one-line progress bar on stderr, drawn only when stderr is a terminal (never in logs or pipes)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from altimate_learn import progress


class Progress:
    def __init__(self, label: str, total: int, *, stream: TextIO | None = None, enabled: bool | None = None,
                 width: int = 24) -> None:
        self.stream = stream or sys.stderr
        if enabled is None:
            try:
                enabled = self.stream.isatty()
            except (AttributeError, ValueError):
                enabled = False
        self.enabled = enabled and total > 0
        self.label, self.total, self.width = label, total, width
        self.done = 0
        self._drawn = False
        self._last = 0.0

    def advance(self, note: str = "", step: int = 1) -> None:
        self.done = min(self.total, self.done + step)
        self.draw(note)

    def draw(self, note: str = "") -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.done < self.total and now - self._last < 0.05:  # don't flood a slow terminal
            return
        self._last = now
        filled = self.width * self.done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        note = (note[:40] + "…") if len(note) > 41 else note
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} {note}\x1b[K")
        self.stream.flush()
        if not self._drawn:
            progress.bars_on_screen += 1  # the model-call spinner keeps quiet while the bar is the moving line
        self._drawn = True

    def close(self) -> None:
        if self.enabled and self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            progress.bars_on_screen -= 1
        self._drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
