"""Which sessions are this project's: symlinked paths, nested repositories and worktrees, long paths."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from altimate_learn.capture.sessions import discover_sessions

SID = "cccc1111-2222-4333-8444-55555555555{}"


def claude_session(home: Path, cwd: str, n: int, *, folder: str | None = None) -> str:
    """A short Claude Code session started in ``cwd``, where Claude Code keeps it."""
    sid = SID.format(n)
    slug = folder or "".join(c if c.isalnum() else "-" for c in cwd)
    path = home / ".claude" / "projects" / slug / f"{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    base = {"sessionId": sid, "cwd": cwd, "parentUuid": None, "isSidechain": False, "version": "2.0.1"}
    lines = [{**base, "type": "user", "uuid": f"u{n}", "timestamp": "2026-01-01T00:00:00Z",
              "message": {"role": "user", "content": "Add a health check"}},
             {**base, "type": "assistant", "uuid": f"a{n}", "timestamp": "2026-01-01T00:00:01Z",
              "message": {"id": f"m{n}", "role": "assistant", "model": "claude", "content": [{"type": "text", "text": "ok"}]}}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return sid


def codex_session(home: Path, cwd: str, n: int) -> str:
    sid = f"0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a{n:02d}"
    day = home / ".codex" / "sessions" / "2026" / "01" / "02"
    day.mkdir(parents=True, exist_ok=True)
    meta = {"timestamp": "2026-01-02T00:00:00Z", "type": "session_meta",
            "payload": {"id": sid, "cwd": cwd, "timestamp": "2026-01-02T00:00:00Z"}}
    (day / f"rollout-2026-01-02T00-00-{n:02d}-{sid}.jsonl").write_text(json.dumps(meta) + "\n")
    return sid


def ids(root: Path) -> set[str]:
    return {s.id for s in discover_sessions(root)}


def test_project_reached_through_a_symlink(git_repo, isolated_home, tmp_path, monkeypatch):
    link = tmp_path / "work"
    link.symlink_to(git_repo.parent)
    logical = link / git_repo.name  # how the shell (and so the agent) spelled the project's folder
    claude = claude_session(isolated_home, str(logical), 1)
    in_sub = claude_session(isolated_home, str(logical / "api"), 2)
    codex = codex_session(isolated_home, str(logical), 1)
    monkeypatch.chdir(logical / ".")
    monkeypatch.setenv("PWD", str(logical))
    assert ids(git_repo) == {claude, in_sub, codex}
    monkeypatch.setenv("PWD", str(logical / "sub"))  # $PWD in a subfolder: still the same project
    assert ids(git_repo) == {claude, in_sub, codex}


def test_a_nested_repository_keeps_its_own_sessions_and_a_worktree_shares_the_repositorys(git_repo, isolated_home):
    mine = claude_session(isolated_home, str(git_repo / "services" / "api"), 1)
    vendored = git_repo / "vendor" / "lib"
    (vendored / ".git").mkdir(parents=True)  # a repository of its own inside this one
    theirs = claude_session(isolated_home, str(vendored), 2)
    theirs_deep = codex_session(isolated_home, str(vendored / "src"), 3)
    worktree = git_repo / ".claude" / "worktrees" / "feature"
    subprocess.run(["git", "worktree", "add", "-q", "-b", "feature", str(worktree)], cwd=git_repo, check=True)
    in_worktree = claude_session(isolated_home, str(worktree), 4)
    # a worktree is the same repository: its sessions are the repository's, seen from any of its checkouts
    assert ids(git_repo) == {mine, in_worktree}
    assert ids(vendored) == {theirs, theirs_deep}
    assert ids(worktree) == {mine, in_worktree}


def test_a_project_in_a_long_path(isolated_home, tmp_path):
    root = tmp_path.joinpath(*["a-rather-long-folder-name-of-the-monorepo"] * 5, "project")
    (root / ".git").mkdir(parents=True)
    slug = "".join(c if c.isalnum() else "-" for c in str(root))
    assert len(slug) > 200
    sid = claude_session(isolated_home, str(root), 1, folder=slug[:200] + "-1x2y3z")  # Claude Code cuts and hashes
    sibling = Path(str(root) + "-two")
    (sibling / ".git").mkdir(parents=True)
    other = claude_session(isolated_home, str(sibling), 2,
                           folder=("".join(c if c.isalnum() else "-" for c in str(sibling)))[:200] + "-9q8w7e")
    assert ids(root) == {sid}
    assert ids(sibling) == {other}


def test_a_session_that_never_recorded_its_cwd_belongs_to_the_checkout_its_folder_names(git_repo, isolated_home):
    """Claude Code keeps a session in the folder named after its working directory; a transcript whose lines carry
    no cwd is the session of that folder's checkout: the main one or a worktree's, never whichever root a set
    gave first (each of the two sessions below got the same root before)."""
    worktree = git_repo.parent / f"{git_repo.name}-feature"
    subprocess.run(["git", "worktree", "add", "-q", "-b", "feature", str(worktree)], cwd=git_repo, check=True)

    def without_cwd(checkout: Path, n: int) -> str:
        sid = claude_session(isolated_home, str(checkout), n)
        path = isolated_home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(checkout))
        lines = [json.loads(line) for line in (path / f"{sid}.jsonl").read_text().splitlines()]
        (path / f"{sid}.jsonl").write_text("".join(json.dumps({k: v for k, v in line.items() if k != "cwd"}) + "\n"
                                                   for line in lines))
        return sid

    main_sid, worktree_sid = without_cwd(git_repo, 1), without_cwd(worktree, 2)
    for root in (git_repo, worktree):
        cwds = {s.id: s.cwd for s in discover_sessions(root)}
        assert cwds == {main_sid: str(git_repo), worktree_sid: str(worktree)}
