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
from tests.harness.test_codex_trust import trust_codex_hooks

# Commands without --json, each with the reason. Everything else must have the flag.
EXEMPT = {
    "hook": "run by the agents' hooks, never by a person or a script: it prints the agent's own answer format "
            "(and nothing at all on any problem); it is not a typer command",
    "demo": "a guided tour for a person, in a temporary repository; each step it shows is a command that has --json",
    "merge-driver": "run by git during a merge with git's own arguments (%O %A %B %P): its exit code is the answer "
                    "git reads, and its report is for the person watching the merge; `learn resolve --json` is the "
                    "scripted side",
}


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
    assert missing == [], f"commands without --json (add it, or a reason to EXEMPT): {missing}"


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
           ["quarantine", "list"], ["runs"], ["tool-errors", "--dry-run"], ["reflect", "--model", "builtin"],
           ["signal", "add", "--kind", "user", "--text", "use ref() here"], ["remember", "Always write tests first."],
           ["bootstrap", "--dry-run"], ["deliver", "--session", "s1", "--request", "hello"], ["run", "--dry-run"],
           ["import-memories", "--dry-run"], ["signals", "--unlearned"]]


@pytest.mark.parametrize("args", READERS, ids=lambda a: " ".join(a))
def test_our_own_keys_are_snake_case(populated, cli, args):
    code, out, err = cli(*args, "--json")
    data = json.loads(out)  # `check` exits 1 on a problem, with its report
    assert _camel_keys(data) == [], (code, err)


# --- the commands that gained --json report what they did -------------------------------------------------

def _stage(repo: Path, lessons: list[dict]) -> None:
    (repo / ".altimate-code/learn/team-playbook/candidate.json").write_text(json.dumps(lessons, indent=2) + "\n")


def test_review_commands_report_in_json(populated, cli):
    approved = [lesson("L-0a0a0a0a", "Use `ref()` instead of hardcoding table names.", paths=["models/**"])]
    _stage(populated, approved + [lesson("L-0b0b0b0b", "Use `Decimal` for money, never `float`.")])
    code, out, err = cli("promote", "--yes", "--json")
    assert code == 0, out + err
    data = json.loads(out)  # the diff is not printed: stdout holds the object only
    assert data["promoted"] is True and data["approved"] == 2 and data["added"] == ["L-0b0b0b0b"]
    # versions are named by time and six random digits (unique across teammates): the one archived now
    archived = data["archived_version"]
    assert Store(project(populated)).versions() == [archived] and data["store"] == "team-playbook"

    code, out, _ = cli("pin", "L-0b0b", "--json")
    assert code == 0 and json.loads(out) == {"store": "team-playbook", "id": "L-0b0b0b0b", "pinned": True,
                                             "changed": True, "candidate_changed": False}
    code, out, _ = cli("unpin", "L-0b0b0b0b", "--json")
    assert json.loads(out)["pinned"] is False and json.loads(out)["changed"] is True

    code, out, _ = cli("reject", "--json")
    assert code == 0 and json.loads(out)["rejected"] is False  # nothing staged any more

    code, out, _ = cli("rollback", "--json")  # outside a terminal without --yes: refused, as an object
    assert code == 1 and json.loads(out)["exit"] == 1 and "--yes" in json.loads(out)["hint"]
    code, out, err = cli("rollback", "--yes", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rolled_back"] is True and data["version"] == archived and data["removed"] == ["L-0b0b0b0b"]

    code, out, _ = cli("publish", "--json")
    data = json.loads(out)
    assert code == 0 and data["path"] == ".altimate-code/skills/team-playbook/SKILL.md" and data["exported"] == 1
    assert (populated / data["path"]).is_file()


def test_settings_and_learner_commands_report_in_json(populated, cli):
    code, out, err = cli("enable", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["written"] == {"learn.capture": True, "learn.auto_reflect": True}
    assert data["model_choice"]["model"] == "builtin" and data["hooks"]["claude-code"] is False
    code, out, _ = cli("disable", "--json")
    assert code == 0 and json.loads(out)["capture"] is False and json.loads(out)["delivery"] is True
    code, out, _ = cli("nudge", "off", "--json")
    assert code == 0 and json.loads(out)["dismissed"] is True
    code, out, _ = cli("pause", "--json")
    assert code == 0 and json.loads(out)["paused"] is True and json.loads(out)["changed"] is True
    code, out, _ = cli("pause", "--json")
    assert json.loads(out)["changed"] is False
    code, out, _ = cli("resume", "--json")
    assert json.loads(out) == {"paused": False, "changed": True}
    code, out, _ = cli("revert", "no-such-run", "--json")
    assert code == 1 and json.loads(out)["error"] == "no learner run 'no-such-run'."


def test_install_and_its_check_report_in_json(populated, cli):
    code, out, _ = cli("install", "codex", "--check", "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["files"] == [] and data["action"] == "check"
    code, out, err = cli("install", "codex", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["files"] == [str(populated / ".codex/hooks.json")] and data["messages"][0].startswith("Installed")
    code, out, _ = cli("install", "codex", "--check", "--json")
    data = json.loads(out)  # installed, but Codex skips hooks a person has not trusted in /hooks (review10 R10-9)
    assert code == 1 and data["ok"] is False and any("/hooks" in m for m in data["messages"]), data
    trust_codex_hooks(populated)
    code, out, _ = cli("install", "codex", "--check", "--json")
    assert code == 0 and json.loads(out)["ok"] is True
    code, out, _ = cli("export", "agents-md", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "written" and data["lessons"] == 1
    assert data["path"] == str(populated / "AGENTS.md")
