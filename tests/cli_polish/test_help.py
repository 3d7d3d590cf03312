"""`--help` reads like a normal CLI: no typer type tags (`<str>`), no `{ID}`, no doubled ellipsis."""

from __future__ import annotations

import re

import pytest

COMMANDS = [["capture"], ["sessions"], ["signals"], ["signal", "add"], ["signal", "dismiss"], ["reflect"], ["curate"], ["status"],
            ["show"], ["promote"], ["pin"], ["unpin"], ["search"], ["check"], ["deliver"], ["install"],
            ["bootstrap"], ["import-reviews"], ["demo"], ["export", "agents-md"], ["resolve"],
            ["merge-driver"]]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_help_has_no_typer_type_tags(cli, args):
    code, out, _ = cli(*args, "--help")
    assert code == 0
    assert not re.search(r"<(str|int|float|Path|path|list\[[^\]]*\])>", out), out
    assert not re.search(r"\{[A-Za-z]+\}", out), out
    assert "…]..." not in out


def test_usage_lines_and_metavars(cli):
    _, out, _ = cli("capture", "--help")
    assert out.startswith("Usage: learn capture [OPTIONS] [PATH]...\n")
    assert "  --session ID " in out and "  --harness AGENT " in out and "  --name NAME " in out
    _, out, _ = cli("pin", "--help")
    assert out.startswith("Usage: learn pin [OPTIONS] ID\n")
    assert "\n  ID  Lesson id, for example L-3f2a91c0, or a unique prefix of it (L-3f2a,\n      3f2a).  [required]\n" in out
    _, out, _ = cli("search", "--help")
    assert out.startswith("Usage: learn search [OPTIONS] WORD...\n")
    _, out, _ = cli("install", "--help")
    assert out.startswith("Usage: learn install [OPTIONS] AGENT\n")
    _, out, _ = cli("reflect", "--help")
    assert "  --apply-paths GLOB " in out and "  --name NAME " in out
    _, out, _ = cli("sessions", "--help")
    assert "  --since DURATION|DATE " in out


def test_no_usage_line_doubles_the_ellipsis(cli):
    """review13 R13-6: `learn retire --help` said `ID......` (a metavar "ID..." plus click's own "...")."""
    from tests.cli_polish.test_json_everywhere import _leaf_commands

    doubled = []
    for path in _leaf_commands():
        code, out, _ = cli(*path, "--help")
        usage = out.splitlines()[0] if out else ""
        if code == 0 and re.search(r"\.\.\.\.|\.\.\.\]\.\.\.", usage):
            doubled.append(usage)
    assert doubled == []
    _, out, _ = cli("retire", "--help")
    assert out.startswith("Usage: learn retire [OPTIONS] ID...\n")


def test_a_word_other_tools_use_says_what_to_run(cli):
    """review13 R13-2: `learn init` (the word most tools use) said only "No such command 'init'."."""
    code, out, err = cli("init")
    assert code == 2 and out == ""
    assert err.endswith("Error: No such command 'init'. To start: `learn enable` (then `learn install <agent>`).\n")
    code, out, _ = cli("init", "--json")
    assert code == 2 and "To start: `learn enable`" in out
    # review50: `learn review` (the step docs/review.md calls "Review and promote") offered click's "Did you mean
    # 'revert', 'retire', 'resolve'?" (undo a learner run, retire lessons, finish a merge)
    code, out, err = cli("review")
    assert code == 2 and "revert" not in err
    assert err.endswith("No such command 'review'. To review the staged lessons: `learn show` (then `learn promote` "
                        "or `learn reject`).\n")


def test_the_other_words_point_at_commands_that_exist(cli):
    from altimate_learn.cli.app import COMMANDS, OTHER_WORDS

    for word, hint in OTHER_WORDS.items():
        assert word not in COMMANDS
        for named in re.findall(r"`learn ([a-z-]+)", hint):
            assert named in COMMANDS, (word, named)


@pytest.mark.parametrize("columns", ["40", "60", "80", "120"])
def test_the_store_folder_is_never_broken_at_its_hyphen(columns, monkeypatch):
    """fix17's walk: `learn --help` printed ".altimate-" and "code/learn/<store>/" on two lines at 80 columns."""
    from typer.testing import CliRunner

    from altimate_learn.cli.app import app

    monkeypatch.setenv("COLUMNS", columns)
    out = CliRunner().invoke(app, ["--help"], terminal_width=int(columns)).output
    assert "\n  .altimate-code/learn/<store>/\n" in out, out


@pytest.mark.parametrize("columns", ["60", "80", "120"])
def test_no_help_page_breaks_a_path_or_name_at_its_hyphen(columns, monkeypatch):
    """trial18: fix17 kept the top-level page whole, but every command's help still broke paths, store names and
    model names at a hyphen (`--name`: "a folder under .altimate-" / "code/learn/"; `install`: ".opencode/plugins/
    altimate-" / "learn.js"; `enable`: "gemini-" / "cli"; `tool-errors`: "[default: team-" / "playbook]"), text
    nobody can copy. Every page of the CLI reference, at the widths people use."""
    import typer.main

    from altimate_learn.cli import docsgen
    from altimate_learn.cli.app import app

    monkeypatch.setattr(docsgen, "WIDTH", int(columns))
    root = typer.main.get_command(app)
    broken = []
    for path, _command in [((), root), *docsgen._walk(root)]:
        for line in docsgen._help(root, path).splitlines():
            if re.search(r"[\w.]-$", line):
                broken.append(f"learn {' '.join(path)}: {line.strip()}")
    assert broken == []


def test_help_as_a_word_and_the_agent_cli_names_at_install(cli, git_repo):
    """trial18: `learn help` said only "No such command 'help'"; `learn install gemini-cli` (the name `learn enable`
    gives the Gemini CLI as a model) and `learn install claude` said "unknown agent" without the name to use."""
    code, out, err = cli("help")
    assert code == 2
    assert err.endswith("Error: No such command 'help'. Every command: `learn` with `--help`; one command's options: "
                        "`learn COMMAND --help`.\n")
    code, out, err = cli("install", "gemini-cli")
    assert (code, out) == (1, "")
    assert err == ("Error: unknown agent 'gemini-cli'. Did you mean `gemini`? Use one of: claude-code, codex, gemini, "
                   "opencode.\n")
    code, out, err = cli("install", "claude")
    assert "Did you mean `claude-code`?" in err
    code, out, err = cli("install", "vim")
    assert err == "Error: unknown agent 'vim'. Use one of: claude-code, codex, gemini, opencode.\n"
