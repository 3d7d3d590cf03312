"""`learn demo`: the whole pipeline on bundled sample sessions (see :mod:`altimate_learn.demo.run`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from altimate_learn.cli.common import LearnCommand, echo


def demo(
    keep: Annotated[Path | None, typer.Option(
        "--keep", metavar="DIR", help="Leave the demo repository in DIR (a new or empty folder) to explore it.",
        show_default=False)] = None,
) -> None:
    """Run capture, reflect, curate, show, promote and delivery on bundled sample sessions.

    Works in a temporary git repository with sample Claude Code and Codex sessions, offline (no network,
    no API key), and prints what each stage did. Your home folder, agent sessions and settings are not
    read. Nothing is left behind unless you pass --keep DIR.
    """
    from altimate_learn.demo.run import run_demo

    run_demo(keep, echo)


def register(app: typer.Typer) -> None:
    app.command("demo", cls=LearnCommand)(demo)
