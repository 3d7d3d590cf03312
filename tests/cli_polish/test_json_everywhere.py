"""`--json` on every command that reports something, one key style, and errors as JSON under `--json`.

The walk goes over the command tree itself, so a command someone adds later without `--json` fails here
until it has the flag or a reason in EXEMPT.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import Store, project
from tests.deliver.helpers import lesson, write_store

# Commands without --json, each with the reason. Everything else must have the flag.
EXEMPT = {
    "hook": "run by the agents' hooks, never by a person or a script: it prints the agent's own answer format "
            "(and nothing at all on any problem); it is not a typer command",
    "demo": "a guided tour for a person, in a temporary repository; each step it shows is a command that has --json",
}


# Commands that still lack --json: this list only shrinks (the test fails when one gets the flag and stays here).
NOT_YET = {"enable", "disable", "promote", "reject", "rollback", "pin", "unpin", "publish", "install", "revert", "pause",
           "resume", "nudge off", "export agents-md"}


def _leaf_commands() -> list[list[str]]:
    import typer

    from altimate_learn.cli.app import app

    found: list[list[str]] = []

    def walk(command, path: list[str]) -> None:
        subcommands = getattr(command, "commands", None)
        if subcommands is None:
            found.append(path)
            return
        if path and getattr(command, "invoke_without_command", False):
            found.append(path)  # `learn runs` lists, `learn runs show` shows one
        for name, sub in subcommands.items():
            if not getattr(sub, "hidden", False):
                walk(sub, path + [name])

    walk(typer.main.get_command(app), [])
    return found


def test_the_walk_finds_the_commands():
    names = {" ".join(path) for path in _leaf_commands()}
    assert {"status", "reflect", "promote", "signal add", "export agents-md", "runs", "runs show"} <= names
    assert len(names) > 30


def test_every_command_that_reports_has_json_in_its_help(cli):
    missing = []
    for path in _leaf_commands():
        name = " ".join(path)
        code, out, err = cli(*path, "--help")
        assert code == 0, (name, err)
        if name in EXEMPT:
            assert not re.search(r"^\s+--json\b", out, re.M), f"{name} has --json now: take it out of EXEMPT"
            continue
        if not re.search(r"^\s+--json\b", out, re.M):
            missing.append(name)
    assert set(missing) == NOT_YET, f"commands without --json (add it, or a reason to EXEMPT): {missing}"


def test_learn_hook_help_says_what_it_is(cli):
    code, out, err = cli("hook", "--help")
    assert code == 0 and err == ""
    assert out.startswith("Usage: learn hook AGENT\n")
    assert "claude-code, codex, gemini, opencode" in out and "learn install AGENT" in out


# --- errors -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, exit_code, error, hint", [
    (["show", "--name", "nope", "--json"], 1, "store 'nope' does not exist", "This project has no store yet"),
    (["deliver", "--json"], 2, "Missing option '--session'.", "Run `learn deliver --help` for the options."),
    (["status", "--json", "--bogus"], 2, "No such option: --bogus", "Run `learn status --help` for the options."),
    (["reflect", "--session", "a", "--pending", "--json"], 2, "--pending cannot be combined", "learn reflect --help"),
])
def test_errors_under_json_are_one_object_on_stdout(git_repo, cli, args, exit_code, error, hint):
    code, out, err = cli(*args)
    assert code == exit_code
    assert err == ""
    data = json.loads(out)
    assert set(data) == {"error", "hint", "exit"}
    assert error in data["error"] and hint in data["hint"] and data["exit"] == exit_code


def test_an_error_without_json_stays_one_line_on_stderr(git_repo, cli):
    code, out, err = cli("show", "--name", "nope")
    assert code == 1 and out == "" and err.startswith("Error: store 'nope' does not exist")
    assert len(err.strip().splitlines()) == 1


def test_json_after_the_end_of_options_is_not_a_flag():
    from altimate_learn.cli.app import wants_json

    assert wants_json(["status", "--json"])
    assert not wants_json(["search", "--", "--json"])


def test_a_crash_under_json_is_an_object_with_exit_3(git_repo, cli, monkeypatch):
    import altimate_learn.cli.settings as settings_cli

    def boom(*args, **kwargs):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(settings_cli, "current_project", boom)
    code, out, err = cli("status", "--json")
    assert code == 3
    data = json.loads(out)
    assert data["exit"] == 3 and "RuntimeError: simulated bug" in data["error"] and "crash-" in data["hint"]


# --- one key style ----------------------------------------------------------------------------------------

# altimate-code's file formats keep their own keys wherever a record from a file is shown as it is.
from altimate_learn.schema import _LESSON_KEYS, _RETIRED_KEYS, _SIGNAL_KEYS  # noqa: E402

FILE_KEYS = set(_LESSON_KEYS) | set(_RETIRED_KEYS) | set(_SIGNAL_KEYS)
CAMEL = re.compile(r"^[a-z]+[A-Z]")


def _camel_keys(value, path="") -> list[str]:
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and CAMEL.match(key) and key not in FILE_KEYS:
                found.append(f"{path}.{key}")
            found += _camel_keys(item, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            found += _camel_keys(item, f"{path}[]")
    return found


@pytest.fixture
def populated(git_repo: Path) -> Path:
    write_store(git_repo, [lesson("L-0a0a0a0a", "Use `ref()` instead of hardcoding table names.",
                                  paths=["models/**"])])
    store = Store(project(git_repo), "team-playbook")
    append_signals(store, [NewSignal(kind="user_correction", session_id="sess-1", text="no, use ref() here",
                                     reason="test", message_id="m1")])
    return git_repo


READERS = [["status"], ["show"], ["signals", "--all"], ["sessions"], ["search", "ref"], ["check"], ["doctor"],
           ["quarantine", "list"], ["runs"], ["tool-errors", "--dry-run"], ["reflect", "--model", "builtin"]]


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a))
def test_our_own_keys_are_snake_case(populated, cli, args):
    code, out, err = cli(*args, "--json")
    data = json.loads(out)  # `check` exits 1 on a problem, with its report
    assert _camel_keys(data) == [], (code, err)
