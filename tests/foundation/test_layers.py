"""Layers only look down: nothing below the command line imports `altimate_learn.cli`."""

from __future__ import annotations

import ast
from pathlib import Path

import altimate_learn

PACKAGE = Path(altimate_learn.__file__).parent
# The entry point dispatches to the CLI; the demo drives the real commands as subprocesses.
ALLOWED = {"entry.py"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_module_below_the_cli_imports_the_cli() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "cli" or str(rel) in ALLOWED:
            continue
        upward = sorted(n for n in _imports(path) if n == "altimate_learn.cli" or n.startswith("altimate_learn.cli."))
        if upward:
            offenders.append(f"{rel}: {', '.join(upward)}")
    assert offenders == []
