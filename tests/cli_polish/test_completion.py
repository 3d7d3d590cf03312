"""Shell completion: the scripts, the candidates a Tab press gets, installing, and the hook path left alone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.store import Store, project
from tests.deliver.helpers import lesson, write_store

LEARN_BIN = Path(sys.executable).parent / "learn"


@pytest.fixture
def populated(git_repo: Path) -> Path:
    write_store(git_repo, [lesson("L-0a0a0a0a", "Use `ref()` instead of hardcoding table names."),
                           lesson("L-0b0b0b0b", "Use `Decimal` for money, never `float`.")])
    write_store(git_repo, [lesson("L-0c0c0c0c", "Run make test, never pytest directly.")], name="backend")
    (git_repo / ".altimate-code/learn/team-playbook/candidate.json").write_text(
        json.dumps([lesson("L-0d0d0d0d", "Staged only.")]))
    store = Store(project(git_repo), "team-playbook")
    append_signals(store, [NewSignal(kind="user_correction", session_id="sess-open-1", text="no, use ref()",
                                     reason="test", message_id="m1")])
    return git_repo


def complete(cli, monkeypatch, shell: str, *words: str) -> list[str]:
    monkeypatch.setenv("_LEARN_COMPLETE", shell)
    code, out, err = cli(*words)
    monkeypatch.delenv("_LEARN_COMPLETE")
    assert code == 0 and err == ""
    return out.splitlines()


def values(lines: list[str]) -> list[str]:
    return [line.split("\t")[0] for line in lines]


def test_commands_and_subcommands(populated, cli, monkeypatch):
    top = values(complete(cli, monkeypatch, "bash", ""))
    assert {"reflect", "promote", "status", "quarantine", "completion", "export"} <= set(top)
    assert "hook" not in top  # not a command a person types
    assert values(complete(cli, monkeypatch, "bash", "pu")) == ["publish"]
    assert values(complete(cli, monkeypatch, "bash", "p")) == ["pause", "pin", "promote", "publish"]
    assert values(complete(cli, monkeypatch, "fish", "quarantine", "")) == ["drop", "list", "release"]
    described = complete(cli, monkeypatch, "fish", "pr")
    assert described[0].startswith("promote\tMake the candidate the approved set")


def test_options_of_the_command_being_typed(populated, cli, monkeypatch):
    options = values(complete(cli, monkeypatch, "zsh", "reflect", "--"))
    assert {"--session", "--pending", "--model", "--json", "--name", "--help"} <= set(options)
    assert "--auto" not in options  # hidden
    assert values(complete(cli, monkeypatch, "bash", "install", "codex", "--u")) == ["--user", "--uninstall"]


def test_store_names_lesson_ids_and_session_ids(populated, cli, monkeypatch):
    assert values(complete(cli, monkeypatch, "bash", "show", "--name", "")) == ["backend", "team-playbook"]
    assert values(complete(cli, monkeypatch, "bash", "show", "--name=b")) == ["--name=backend"]
    assert values(complete(cli, monkeypatch, "bash", "pin", "")) == ["L-0a0a0a0a", "L-0b0b0b0b"]
    assert values(complete(cli, monkeypatch, "bash", "pin", "--name", "backend", "")) == ["L-0c0c0c0c"]
    assert values(complete(cli, monkeypatch, "bash", "reject", "")) == ["L-0d0d0d0d"]  # staged ones
    assert complete(cli, monkeypatch, "fish", "unpin", "L-0b") == ["L-0b0b0b0b\tUse `Decimal` for money, never `float`"]
    assert complete(cli, monkeypatch, "zsh", "reflect", "--session", "") == ["sess-open-1\t1 open signal"]
    assert values(complete(cli, monkeypatch, "bash", "install", "")) == ["claude-code", "codex", "gemini", "opencode"]
    assert "claude-code" in values(complete(cli, monkeypatch, "bash", "reflect", "--model", "c"))
    assert complete(cli, monkeypatch, "bash", "capture", "") == [":files"]  # the shell completes file names


def test_a_project_without_learn_completes_commands_and_no_values(git_repo, cli, monkeypatch):
    assert complete(cli, monkeypatch, "bash", "pin", "") == []
    assert complete(cli, monkeypatch, "bash", "show", "--name", "") == []
    assert "status" in values(complete(cli, monkeypatch, "bash", "st"))


def test_a_malformed_store_file_offers_nothing_and_prints_no_error(populated, cli, monkeypatch):
    (populated / ".altimate-code/learn/team-playbook/approved.json").write_text("{not json")
    assert complete(cli, monkeypatch, "bash", "pin", "") == []
    assert (populated / ".altimate-code/learn/team-playbook/approved.json").read_text() == "{not json"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_the_script(cli, shell):
    code, out, err = cli("completion", shell)
    assert code == 0, err
    assert f"_LEARN_COMPLETE={shell}" in out and "learn" in out


def test_an_unknown_shell_is_one_line_with_the_choices(cli):
    code, out, err = cli("completion", "tcsh")
    assert code == 1 and err.strip() == "Error: no completion for shell 'tcsh'. Use bash, zsh or fish."


def test_show_completion_uses_the_login_shell(cli, monkeypatch):
    monkeypatch.setenv("SHELL", "/usr/bin/zsh")
    code, out, _ = cli("--show-completion")
    assert code == 0 and out.startswith("#compdef learn")
    monkeypatch.setenv("SHELL", "/bin/tcsh")
    code, out, err = cli("--show-completion")
    assert code == 1 and "$SHELL is 'tcsh'" in err and "learn completion bash" in err


def test_install_for_fish_and_bash_twice_changes_nothing_more(cli, monkeypatch, isolated_home):
    code, out, err = cli("completion", "fish", "--install")
    assert code == 0, err
    fish = Path(os.environ.get("XDG_CONFIG_HOME") or isolated_home / ".config") / "fish/completions/learn.fish"
    assert fish.read_text().startswith("# fish completion for learn")
    monkeypatch.setenv("SHELL", "/bin/bash")
    rc = isolated_home / ".bashrc"
    rc.write_text("alias ll='ls -l'")  # no newline at the end: ours goes on a line of its own
    for _ in range(2):
        code, out, err = cli("--install-completion")
        assert code == 0, err
    lines = rc.read_text().splitlines()
    assert lines[0] == "alias ll='ls -l'" and len(lines) == 2 and "source" in lines[1]
    target = Path(lines[1].split("source ", 1)[1].split()[0].strip("'"))
    assert target.is_file() and "_learn_complete" in target.read_text()


@pytest.mark.skipif(shutil.which("bash") is None or not LEARN_BIN.exists(), reason="needs bash and the learn script")
def test_bash_completes_with_the_real_script(populated):
    env = dict(os.environ, PATH=f"{LEARN_BIN.parent}{os.pathsep}{os.environ['PATH']}")
    script = ('eval "$(learn completion bash)"\n'
              'COMP_WORDS=(learn pin L-0a); COMP_CWORD=2; _learn_complete; echo "${COMPREPLY[*]}"\n'
              'COMP_WORDS=(learn sta); COMP_CWORD=1; _learn_complete; echo "${COMPREPLY[*]}"\n'
              'COMP_WORDS=(learn capture ""); COMP_CWORD=2; _learn_complete; echo "files:${#COMPREPLY[@]}"\n'
              'complete -p learn\n')
    proc = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], cwd=populated, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.stdout.splitlines() == ["L-0a0a0a0a", "status", "files:0",
                                        "complete -o default -F _learn_complete learn"], proc.stderr


def _path_env() -> dict[str, str]:
    return dict(os.environ, PATH=f"{LEARN_BIN.parent}{os.pathsep}{os.environ['PATH']}")


@pytest.mark.skipif(shutil.which("zsh") is None or not LEARN_BIN.exists(), reason="zsh is not installed here")
def test_zsh_completes_with_the_real_script(populated, cli):
    _, out, _ = cli("completion", "zsh")
    (populated.parent / "learn.zsh").write_text(out)
    script = ('compdef() { }; source ../learn.zsh\n'  # compsys itself needs a terminal: its two calls are stubbed
              '_describe() { print -l -- "${(@P)4}" }; _files() { print FILES }\n'
              'words=(learn unpin L-0b); CURRENT=3; _learn\n'
              'words=(learn capture ""); CURRENT=3; _learn\n')
    proc = subprocess.run(["zsh", "-f", "-c", script], cwd=populated, env=_path_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.stdout.splitlines() == ["L-0b0b0b0b:Use `Decimal` for money, never `float`", "FILES"], proc.stderr


@pytest.mark.skipif(shutil.which("fish") is None or not LEARN_BIN.exists(), reason="fish is not installed here")
def test_fish_completes_with_the_real_script(populated, cli):
    _, out, _ = cli("completion", "fish")
    (populated.parent / "learn.fish").write_text(out)
    script = 'source ../learn.fish; complete -C "learn show --name b"; complete -C "learn capture READ"'
    proc = subprocess.run(["fish", "-N", "-c", script], cwd=populated, env=_path_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.stdout.splitlines() == ["backend\tstore", "README.md"], proc.stderr


def test_the_hook_path_never_loads_completion_or_typer(git_repo):
    script = """
import io, sys, json
sys.stdin = io.TextIOWrapper(io.BytesIO(b'{"hook_event_name": "UserPromptSubmit", "prompt": "hi"}'))
from altimate_learn.entry import main
main(["hook", "claude-code"])
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("typer", "click", "altimate_learn.cli")))))
"""
    env = dict(os.environ, _LEARN_COMPLETE="bash")  # even inside a shell that completes learn
    proc = subprocess.run([sys.executable, "-c", script], cwd=git_repo, capture_output=True, text=True, env=env,
                          timeout=60)
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == [], proc.stderr
