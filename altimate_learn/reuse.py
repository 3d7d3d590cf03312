"""What a learn command starts once and stops at its end: the scope learn's command runner opens around every
command (``cli/app.py``). Today one thing lives in it: the ``opencode serve`` that the command's opencode model
calls share (``reflect/providers/agentcli/serve.py``). This module imports nothing heavy, as every command
opens the scope; what starts something registers how to stop it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


class Scope:
    def __init__(self) -> None:
        self.state: dict[str, Any] = {}
        self._closers: list[Callable[[], None]] = []

    def on_close(self, closer: Callable[[], None]) -> None:
        self._closers.append(closer)

    def close(self) -> None:
        """Every closer, last registered first, each even when one before it raised."""
        closers, self._closers = self._closers, []
        if not closers:
            return
        closer = closers.pop()
        try:
            closer()
        finally:
            self._closers = closers
            self.close()


_open: list[Scope] = []


def current() -> Scope | None:
    return _open[-1] if _open else None


@contextmanager
def command_scope() -> Iterator[Scope]:
    scope = Scope()
    _open.append(scope)
    try:
        yield scope
    finally:
        _open.remove(scope)
        scope.close()
