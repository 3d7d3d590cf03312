"""The `learn-check` hook, run by the real pre-commit tool in a temporary repository.

pre-commit builds the hook's environment itself: it clones the hook repository and `pip install`s it
into a fresh virtualenv, exactly as a user's machine would. The hook repository here is a copy of this
checkout's package sources committed into a temporary git repository, so the test checks the sources
as they are now (committed or not). pip reaches only the package registry.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from altimate_learn.store.fsio import canonical_json
from tests.conftest import git
from tests.review.conftest import lesson

PROJECT = Path(__file__).resolve().parents[2]
CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
NETWORK_TROUBLE = ("Failed to establish a new connection", "Temporary failure in name resolution",
                   "No matching distribution found", "Could not find a version that satisfies")


def pre_commit_exe() -> str | None:
    beside = Path(sys.executable).parent / "pre-commit"
    return str(beside) if beside.exists() else shutil.which("pre-commit")


def hook_repository(dest: Path) -> str:
    """This checkout's installable sources as a one-commit git repository; returns the commit."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml"):
        if (PROJECT / name).exists():
            shutil.copy2(PROJECT / name, dest / name)
    shutil.copytree(PROJECT / "altimate_learn", dest / "altimate_learn",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    git(dest, "init", "-q", "-b", "main")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "hook repo")
    return git(dest, "rev-parse", "HEAD").strip()


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ALTIMATE_LEARN")}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=600,
                          stdin=subprocess.DEVNULL)


def test_learn_check_runs_as_a_pre_commit_hook(git_repo: Path, tmp_path: Path) -> None:
    exe = pre_commit_exe()
    if exe is None:
        pytest.skip("pre-commit is not installed (pip install -e '.[test]' installs it)")
    rev = hook_repository(tmp_path / "hook-repo")
    (git_repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n-   repo: {tmp_path / 'hook-repo'}\n    rev: {rev}\n    hooks:\n    -   id: learn-check\n")
    git(git_repo, "add", ".pre-commit-config.yaml")
    git(git_repo, "commit", "-q", "-m", "pre-commit config")

    installed = run([exe, "install-hooks"], git_repo)
    if installed.returncode != 0 and any(s in installed.stdout + installed.stderr for s in NETWORK_TROUBLE):
        pytest.skip("pre-commit could not install the hook environment (package registry unreachable): "
                    + (installed.stdout + installed.stderr).strip().splitlines()[-1])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert run([exe, "install"], git_repo).returncode == 0

    approved = git_repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json"
    approved.parent.mkdir(parents=True)

    # A teammate's hand edit with a duplicate id: the commit is stopped with one line naming the problem.
    approved.write_text(canonical_json([lesson("L-aaaa0001", CENTS), lesson("L-aaaa0001", "Prefer CTEs.")]))
    git(git_repo, "add", str(approved))
    blocked = run(["git", "commit", "-m", "add lessons"], git_repo)
    assert blocked.returncode != 0
    output = blocked.stdout + blocked.stderr
    assert "learn check (lesson stores)" in output and "Failed" in output
    assert (".altimate-code/learn/team-playbook/approved.json: L-aaaa0001: duplicate-id: entry #2 repeats id "
            "L-aaaa0001; ids must be unique") in output
    assert git(git_repo, "log", "--format=%s") == "pre-commit config\ninit\n"

    # Fixed: the commit goes through.
    approved.write_text(canonical_json([lesson("L-aaaa0001", CENTS)]))
    git(git_repo, "add", str(approved))
    passed = run(["git", "commit", "-m", "add lessons"], git_repo)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "learn check (lesson stores)" in passed.stdout + passed.stderr
    assert git(git_repo, "log", "-1", "--format=%s") == "add lessons\n"

    # A Windows checkout (core.autocrlf=true) has CRLF line ends: the commit goes through.
    git(git_repo, "config", "core.autocrlf", "true")
    approved.write_bytes(canonical_json([lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", "Prefer CTEs.")])
                         .replace("\n", "\r\n").encode())
    git(git_repo, "add", str(approved))
    crlf = run(["git", "commit", "-m", "a second lesson, from Windows"], git_repo)
    assert crlf.returncode == 0, crlf.stdout + crlf.stderr

    # Conflict markers from a merge without learn's driver: stopped, with the command that finishes it.
    approved.write_text("[\n<<<<<<< ours\n=======\n>>>>>>> theirs\n]\n")
    git(git_repo, "add", str(approved))
    conflicted = run(["git", "commit", "-m", "half a merge"], git_repo)
    assert conflicted.returncode != 0
    assert ("approved.json: (file): conflict: git conflict markers: a merge of this file is not finished. Run "
            "`learn resolve` to merge both sides' lessons, then commit") in conflicted.stdout + conflicted.stderr
    git(git_repo, "reset", "-q", "--hard")

    # Files the pattern does not cover are not checked (a candidate is never committed anyway).
    other = git_repo / "notes" / "approved.json"
    other.parent.mkdir()
    other.write_text("not json")
    skipped = run([exe, "run", "learn-check", "--files", str(other.relative_to(git_repo))], git_repo)
    assert skipped.returncode == 0
    assert "(no files to check)Skipped" in skipped.stdout
