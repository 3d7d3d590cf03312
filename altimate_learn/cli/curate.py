"""Commands of this group are added by their issue."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    return None
