"""Test isolation: no test reads or writes a real home, config or state folder.

`isolated_home` is autouse: HOME, every XDG folder, CODEX_HOME and the agents' data folders point into
the test's temporary directory, every `ALTIMATE_LEARN_*` variable (and provider keys, GitHub tokens)
is removed, and git is pinned to a known identity with no user or system config.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests are deterministic and untimed: the same examples on every run and machine (no example
# database written into the checkout), no deadline and no "too slow" health check on a loaded CI machine.
settings.register_profile("learn", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("learn")

SCRUB_PREFIXES = ("ALTIMATE_LEARN", "ALTIMATE_CLI_", "OPENAI_", "ANTHROPIC_", "GITHUB_", "GH_", "GIT_", "CODEX_", "GEMINI_",
                  "CLAUDE_", "OPENCODE")


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("home")
    for key in list(os.environ):
        if key.startswith(SCRUB_PREFIXES):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("CODEX_HOME", str(home / ".codex"))
    monkeypatch.setenv("NO_COLOR", "1")
    # git: no user/system config, a fixed identity, no templates
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test Author")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "author@example.invalid")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test Author")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "author@example.invalid")
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n\ttemplateDir =\n")
    return home


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real git repository with one commit; the current directory is its root."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "README.md").write_text("# test repo\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-q", "-m", "init")
    monkeypatch.chdir(repo)
    return repo


@pytest.fixture
def run_learn():
    """Run the real `learn` entry point in a subprocess: returns CompletedProcess (text)."""

    def _run(*args: str, cwd: Path | None = None, input: str | None = None, env: dict[str, str] | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        return subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=cwd, input=input,
                              capture_output=True, text=True, env=full_env, timeout=timeout,
                              stdin=None if input is not None else subprocess.DEVNULL)

    return _run


@pytest.fixture
def cli():
    """Run the CLI in-process (fast): returns (exit_code, stdout, stderr)."""
    import contextlib
    import io

    from altimate_learn.entry import main

    def _cli(*args: str, input: str | None = None) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(input or "")
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(list(args))
        finally:
            sys.stdin = old_stdin
        return code, out.getvalue(), err.getvalue()

    return _cli
