"""The generated reference pages under docs/ (CLI, configuration, JSON Schemas) match the code.

A new command, option or setting, or a changed help text, makes `docs/cli.md` or `docs/configuration.md`
stale, and this test fails until `python -m altimate_learn.cli.docsgen` is run and the pages are committed.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import typer.main

from altimate_learn.cli import docsgen
from altimate_learn.cli.app import app
from altimate_learn.config import KEYS

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"


def test_generated_pages_are_up_to_date() -> None:
    stale = docsgen.stale(DOCS)
    assert not stale, f"out of date: {', '.join(stale)}; run `python -m altimate_learn.cli.docsgen` and commit docs/"


def test_the_cli_page_holds_every_command_and_option(cli) -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    root = typer.main.get_command(app)
    for path, command in docsgen._walk(root):
        code, out, _ = cli(*path, "--help")
        assert code == 0
        assert f"Usage: learn {' '.join(path)} " in page, f"docs/cli.md has no section for learn {' '.join(path)}"
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--") and not getattr(param, "hidden", False):
                    assert opt in page, f"docs/cli.md never shows {opt} of learn {' '.join(path)}"


def test_the_configuration_page_has_every_key_with_its_variable_and_default() -> None:
    page = (DOCS / "configuration.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line for line in page.splitlines() if line.startswith("| `")}
    assert set(rows) == set(KEYS)
    for name, key in KEYS.items():
        if key.env:
            assert f"`{key.env}`" in rows[name]


def test_check_mode_names_the_stale_page_and_writing_fixes_it(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "132")  # a wide terminal: docsgen writes at its own width, then gives this back
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs)
    page = docs / "configuration.md"
    page.write_text(page.read_text(encoding="utf-8").replace("`ALTIMATE_LEARN_CAPTURE`", "`LEARN_CAPTURE`"))
    (docs / "schemas" / "usage.schema.json").unlink()
    assert docsgen.main(["--check", "--docs", str(docs)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{docs / 'configuration.md'} is out of date; run `python -m altimate_learn.cli.docsgen`.",
                   f"{docs / 'schemas' / 'usage.schema.json'} is out of date; run `python -m altimate_learn.cli.docsgen`."]
    assert docsgen.main(["--docs", str(docs)]) == 0
    assert docsgen.main(["--check", "--docs", str(docs)]) == 0
    assert page.read_text(encoding="utf-8") == (DOCS / "configuration.md").read_text(encoding="utf-8")
    assert os.environ["COLUMNS"] == "132"  # trial23: it stayed 80 for every later test of the worker (order-dependent)


def test_ci_runs_the_packaging_check() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    tests = next(i for i, line in enumerate(ci) if line.endswith(".venv/bin/python -m pytest"))
    assert "scripts/check-package.sh" in ci[tests + 1:], ".ci/run must run the packaging check after the tests"
    script = (REPO / "scripts" / "check-package.sh").read_text(encoding="utf-8")
    for step in ("-m build --sdist --wheel", "twine\" check --strict", "learn\" demo"):
        assert step in script, step
