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


# distribution name in pyproject.toml → the module it provides
IMPORT_NAMES = {"typer": "typer", "orjson": "orjson", "rapidfuzz": "rapidfuzz", "ghapi": "ghapi",
                "rank-bm25": "rank_bm25", "detect-secrets": "detect_secrets"}


def _runtime_dependencies() -> list[str]:
    import re
    import tomllib

    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0].strip().lower() for spec in project["dependencies"]]


def _closure(names: list[str]) -> set[str]:
    """The distributions ``names`` install, with everything they require (as installed here)."""
    import re
    from importlib import metadata

    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        todo += [re.split(r"[<>=!~\[; (]", r, maxsplit=1)[0] for r in requires if "extra ==" not in r]
    return seen


def test_the_runtime_dependencies_are_exactly_what_the_package_imports() -> None:
    # issue 12.10: rank-bm25 (which pulls numpy) and detect-secrets were runtime dependencies nobody imported
    import re
    import sys
    from importlib import metadata

    imported: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        imported |= {name.split(".")[0] for name in _imports(path)}
    third_party = {name for name in imported
                   if name not in sys.stdlib_module_names and not name.startswith("_") and name != "altimate_learn"}
    declared = _runtime_dependencies()
    unknown = [d for d in declared if d not in IMPORT_NAMES]
    assert unknown == [], f"add the module name of {unknown} to IMPORT_NAMES"
    assert sorted({IMPORT_NAMES[d] for d in declared} - third_party) == [], \
        "a runtime dependency the package never imports"
    installed = _closure(declared)  # ghapi's own transport (fasttransport, httpx2) is used through ghapi
    provides = {module for module, dists in metadata.packages_distributions().items()
                if any(re.sub(r"[-_.]+", "-", d).lower() in installed for d in dists)}
    assert sorted(third_party - provides) == [], "an import that no runtime dependency installs"
    assert "rank-bm25" not in declared and "detect-secrets" not in declared
