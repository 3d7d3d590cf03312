"""README, `--help` and CI agree with the code.

These tests read the real README.md, the real typer command tree and the real `.ci/run`, so a command,
option or config key added without documentation (or a README example that no longer parses) fails here.
They import the CLI but run nothing heavier than `--help`.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any, Iterator

import pytest
import typer.main

from altimate_learn.cli.app import app
from altimate_learn.config import KEYS

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
CI_RUN = (REPO / ".ci" / "run").read_text(encoding="utf-8")
# The pages generated from the code (docs/cli.md, docs/configuration.md) would mention every command and option
# by construction: "documented" means the README or a page written by hand (docs/capture.md, …).
GENERATED = {"cli.md", "configuration.md"}
HAND_PAGES = sorted(p for p in (REPO / "docs").glob("*.md") if p.name not in GENERATED)
DOCS = README + "".join("\n" + p.read_text(encoding="utf-8") for p in HAND_PAGES)
ALL_PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

ROOT = typer.main.get_command(app)


def walk(command: Any = ROOT, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every visible command and group below `learn`, with its path (("signal", "add"), …)."""
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if sub.hidden:
            continue
        yield path + (name,), sub
        yield from walk(sub, path + (name,))


COMMANDS = list(walk())
COMMAND_IDS = [" ".join(p) for p, _ in COMMANDS]


def code_blocks(text: str, lang: str = "bash") -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", text, flags=re.S | re.M)


def section(text: str, heading: str) -> str:
    """The body of a `## heading` section (up to the next `## `)."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M)
    assert match, f"README has no '## {heading}' section"
    return match.group(1)


def test_the_tree_is_what_we_think() -> None:
    # A guard for the walker itself: if typer changed its tree shape, every test below would pass vacuously.
    assert {"enable", "status", "capture", "reflect", "promote", "signal add", "export agents-md",
            "nudge off"} <= set(COMMAND_IDS)
    assert "hook" not in COMMAND_IDS  # dispatched before typer; internal


@pytest.mark.parametrize("path,command", COMMANDS, ids=COMMAND_IDS)
def test_every_command_option_and_argument_has_help(path: tuple[str, ...], command: Any) -> None:
    assert (command.help or "").strip(), f"`learn {' '.join(path)}` has no help text"
    for param in command.params:
        if getattr(param, "hidden", False) or param.name == "help":
            continue
        assert (getattr(param, "help", None) or "").strip(), (
            f"`learn {' '.join(path)}`: {param.param_type_name} {param.name!r} has no help text")


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=COMMAND_IDS)
def test_help_runs_for_every_command(path: tuple[str, ...], cli) -> None:
    code, out, err = cli(*path, "--help")
    assert code == 0, err
    assert out.startswith(f"Usage: learn {' '.join(path)} "), out[:200]


def test_top_level_help_lists_every_visible_command(cli) -> None:
    code, out, _ = cli("--help")
    assert code == 0
    for path, _ in COMMANDS:
        if len(path) == 1:
            assert re.search(rf"^  {re.escape(path[0])}\s", out, flags=re.M), f"`learn --help` misses {path[0]}"


@pytest.mark.parametrize("path", [p for p, c in COMMANDS if not getattr(c, "commands", None)],
                         ids=lambda p: " ".join(p))
def test_every_command_is_in_the_readme(path: tuple[str, ...]) -> None:
    phrase = "learn " + " ".join(path)
    assert re.search(rf"{re.escape(phrase)}(?![\w-])", DOCS), f"README and docs/ never mention `{phrase}`"


def test_every_long_option_is_in_the_readme() -> None:
    missing = []
    for path, command in COMMANDS:
        for param in command.params:
            if param.param_type_name != "option" or getattr(param, "hidden", False):
                continue
            for opt in param.opts:
                if opt.startswith("--") and opt != "--help" and not re.search(
                        rf"{re.escape(opt)}(?![\w-])", DOCS):
                    missing.append(f"learn {' '.join(path)} {opt}")
    assert not missing, "options README and docs/ never mention: " + ", ".join(missing)


# --- README examples parse -------------------------------------------------------------------------

def readme_learn_lines() -> list[str]:
    """Every `learn …` invocation in the README's bash blocks (one per pipeline stage)."""
    found = []
    for block in code_blocks(DOCS):
        for line in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()  # a trailing comment
            for part in re.split(r"\s*(?:\|\||&&|\|)\s*", line):
                words = part.split()
                if words and words[0].endswith("/learn"):  # .venv/bin/learn demo
                    words[0] = "learn"
                if words[:1] == ["learn"]:
                    found.append(" ".join(words))
    return found


EXAMPLES = readme_learn_lines()


def resolve(words: list[str]) -> tuple[Any, list[str], list[str]]:
    """Follow subcommands from the root; returns (command, path, remaining words)."""
    command, path = ROOT, []
    while words and words[0] in getattr(command, "commands", {}):
        command = command.commands[words[0]]
        path.append(words.pop(0))
    return command, path, words


def test_readme_has_learn_examples() -> None:
    assert len(EXAMPLES) > 40


@pytest.mark.parametrize("line", EXAMPLES)
def test_readme_example_uses_a_real_command_and_real_options(line: str) -> None:
    words = shlex.split(line.replace("[", " ").replace("]", " "))[1:]
    command, path, rest = resolve(words)
    assert path, f"`{line}`: no such command"
    assert not getattr(command, "commands", None) or getattr(command, "invoke_without_command", False), \
        f"`{line}`: `learn {' '.join(path)}` needs a subcommand"
    known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}
    known |= {"-h", "--help"}
    for word in rest:
        if word.startswith("-") and word != "-" and not re.match(r"^-\d", word):
            option = word.split("=", 1)[0]
            assert option in known, f"`{line}`: `learn {' '.join(path)}` has no option {option}"


# --- the two fresh-machine commands ----------------------------------------------------------------

def fresh_machine_commands() -> tuple[str, str]:
    body = section(README, "Try it (fresh machine: Python 3.11+ and git)")
    blocks = [b.strip() for b in code_blocks(body)]
    assert len(blocks) == 2, "the fresh-machine section must show exactly two commands"
    demo, tests = blocks
    assert "\n" not in demo and "\n" not in tests, "each fresh-machine command is one line"
    return demo, tests


def test_fresh_machine_commands_use_a_venv_and_do_the_two_jobs() -> None:
    demo, tests = fresh_machine_commands()
    for command in (demo, tests):
        # pip must work where the system Python refuses installs (PEP 668): a venv inside the command.
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install")
    assert demo.endswith(".venv/bin/learn demo")
    assert "'.[test]'" in tests and tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = fresh_machine_commands()
    assert tests in CI_RUN.splitlines(), ".ci/run must run the README's test command exactly"
    workflow = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert "bash .ci/run" in workflow


def test_ci_installs_the_agents_the_readme_names() -> None:
    assert "scripts/install-agents.sh" in CI_RUN
    assert "scripts/install-agents.sh" in README
    assert (REPO / "scripts" / "install-agents.sh").exists()


# --- configuration table ---------------------------------------------------------------------------

CONFIGURATION = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")


def config_rows() -> dict[str, list[str]]:
    body = CONFIGURATION  # generated from KEYS (tests/docs/test_generated_docs.py keeps it current)
    rows = {}
    for line in body.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        rows[cells[0].strip("`")] = cells
    return rows


@pytest.mark.parametrize("name", list(KEYS))
def test_every_config_key_is_in_the_readme_table(name: str) -> None:
    rows = config_rows()
    assert name in rows, f"docs/configuration.md has no row for learn.{name}"
    _, env_cell, default_cell, _allowed, effect = rows[name][:5]
    key = KEYS[name]
    if key.env:
        assert env_cell == f"`{key.env}`", f"learn.{name}: docs say {env_cell}, code reads {key.env}"
    else:
        assert "ALTIMATE_LEARN" not in env_cell, f"learn.{name} has no env var, docs name one"
    if key.default is None:  # the model: resolved at run time, documented in words below the table
        assert f"`{name}` has no fixed default" in CONFIGURATION and "`builtin`" in CONFIGURATION
    else:
        shown = json.dumps(key.default)
        assert shown in default_cell.replace("`", ""), f"learn.{name}: docs default {default_cell}, code {shown}"
    assert effect


def test_config_table_has_no_stale_keys() -> None:
    assert set(config_rows()) <= set(KEYS), set(config_rows()) - set(KEYS)


# --- links and paths -------------------------------------------------------------------------------

@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.name)
def test_readme_links_and_named_files_exist(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [page.parent / t for t in targets if not re.match(r"^[a-z]+://", t)]
    named = [REPO / p for p in re.findall(r"`((?:altimate_learn|research|tests|scripts|docs|stores)/[\w./-]+)`", text)]
    missing = sorted({str(p) for p in local + named if "*" not in p.name and not p.exists()})
    assert not missing, f"{page.name} points at files that do not exist: {missing}"


def anchors_in(text: str) -> set[str]:
    headings = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-")
                for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}
    return headings | set(re.findall(r'<a id="([\w-]+)"></a>', text))


@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.name)
def test_readme_anchors_exist(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = []
    for target, anchor in re.findall(r"\]\(([^)#\s]*)#([\w-]+)\)", text):
        if re.match(r"^[a-z]+://", target):
            continue
        other = (page.parent / target) if target else page
        if other.is_file() and anchor not in anchors_in(other.read_text(encoding="utf-8")):
            broken.append(f"{target}#{anchor}")
    assert not broken, f"{page.name} links to anchors that do not exist: {broken}"


def test_changelog_has_an_unreleased_section() -> None:
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(r"^## \[?Unreleased\]?", changelog, flags=re.M)
