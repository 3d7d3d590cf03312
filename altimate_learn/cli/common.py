"""Shared pieces of the interactive CLI: options, output, project and store lookup."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from altimate_learn.config import Settings, load_settings
from altimate_learn.store import DEFAULT_STORE, ProjectPaths, Store, project

NameOpt = Annotated[str, typer.Option("--name", help="Store name (a folder under .altimate-code/learn/).",
                                      show_default=True)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output with stable keys.")]

DEFAULT_NAME = DEFAULT_STORE


def current_project() -> ProjectPaths:
    return project(Path.cwd())


def open_store(name: str = DEFAULT_STORE) -> Store:
    """The named store of the current project (the name is validated; nothing is created yet)."""
    return Store(current_project(), name)


def settings(paths: ProjectPaths | None = None) -> Settings:
    """Resolved settings; unknown `learn` keys are reported on stderr, never ignored silently."""
    paths = paths or current_project()
    resolved = load_settings(paths.root, Path.cwd())
    for problem in resolved.unknown:
        warn(problem)
    return resolved


def echo(text: str = "") -> None:
    typer.echo(text)


def warn(text: str) -> None:
    typer.echo(f"Warning: {text}", err=True)


def print_json(value: Any) -> None:
    """JSON for `--json`: sorted keys, 2-space indent, UTF-8."""
    typer.echo(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False))


def is_interactive() -> bool:
    """True when a person can answer a prompt (stdin and stdout are terminals)."""
    if os.environ.get("ALTIMATE_LEARN_ASSUME_TTY") == "1":  # for tests that drive prompts
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
