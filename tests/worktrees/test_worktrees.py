"""Parallel agents in git worktrees: one store of local state per repository, with real `git worktree add`."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from altimate_learn.capture.sessions import discover_sessions
from altimate_learn.harness import hook
from altimate_learn.store import Store
from altimate_learn.store.paths import ProjectPaths
from altimate_learn.worktree import BARE, BROKEN, LINKED, MAIN, OWN, PLAIN, locate
from tests.conftest import git
from tests.deliver.helpers import (context_of, learn_dir, read_jsonl, run_hook, sample_lessons, settle_capture,
                                   write_store)

CORRECTION = "no, use `ref()` instead of reading raw tables directly, we never select from raw in models ({})"


def signals_of(root: Path) -> list[dict]:
    return read_jsonl(learn_dir(root) / "team-playbook" / "signals.jsonl")


def event(cwd: Path, session: str, name: str, **fields) -> dict:
    return {"session_id": session, "transcript_path": str(cwd / "t.jsonl"), "cwd": str(cwd),
            "hook_event_name": name, **fields}


def fire(payload: dict, capsys) -> str:
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    try:
        hook.main(["claude-code"])
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out


def correct(cwd: Path, session: str, n: int, capsys) -> None:
    """One completed turn, then a correction typed by the person."""
    fire(event(cwd, session, "UserPromptSubmit", prompt=f"add staging model {n}", prompt_id=f"p{n}a"), capsys)
    fire(event(cwd, session, "Stop"), capsys)
    fire(event(cwd, session, "UserPromptSubmit", prompt=CORRECTION.format(n), prompt_id=f"p{n}b"), capsys)
    settle_capture(cwd)  # its capture worker has recorded the signal


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository with approved lessons committed on main and learning on (capture, no learner)."""
    write_store(git_repo, sample_lessons())
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "lessons")
    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO_REFLECT", "0")
    monkeypatch.setenv("ALTIMATE_LEARN_CONTINUAL_LEARNING", "0")
    return git_repo


def add_worktree(repo: Path, path: Path, branch: str) -> Path:
    git(repo, "worktree", "add", "-q", "-b", branch, str(path))
    return path


def test_local_files_of_every_worktree_resolve_to_the_main_checkout_and_committed_ones_stay(repo: Path):
    outside = add_worktree(repo, repo.parent / "repo-feature", "feature")
    inside = add_worktree(repo, repo / ".claude" / "worktrees" / "agent-1", "agent-1")  # Claude Code --worktree
    for folder in (outside, inside):
        checkout = locate(str(folder))
        assert checkout.kind == LINKED and Path(checkout.local_dir) == learn_dir(repo).resolve()
        store = Store(ProjectPaths(folder))
        assert store.path(Store.SIGNALS) == learn_dir(repo).resolve() / "team-playbook" / "signals.jsonl"
        for name in (Store.CANDIDATE, Store.HISTORY, Store.SCHEDULE, "vetted.json"):
            assert store.path(name).parent == learn_dir(repo).resolve() / "team-playbook"
        assert store.path(Store.APPROVED) == learn_dir(folder) / "team-playbook" / "approved.json"
        assert store.versions_dir == learn_dir(folder) / "team-playbook" / "versions"
    main = Store(ProjectPaths(repo))
    assert locate(str(repo)).kind == MAIN and main.path(Store.SIGNALS).parent == main.dir


def test_corrections_in_two_worktrees_at_once_are_all_kept_after_both_are_removed(repo: Path, cli):
    trees = [add_worktree(repo, repo.parent / f"wt-{i}", f"agent-{i}") for i in range(2)]

    def agent(tree: Path, i: int) -> None:  # real hook processes, two agents at the same time
        for n in range(2):
            sid = f"wt{i}-session"
            for payload in (event(tree, sid, "UserPromptSubmit", prompt=f"add model {n}", prompt_id=f"{i}-{n}a"),
                            event(tree, sid, "Stop"),
                            event(tree, sid, "UserPromptSubmit", prompt=CORRECTION.format(f"{i}.{n}"),
                                  prompt_id=f"{i}-{n}b")):
                assert run_hook("claude-code", payload, cwd=tree).returncode == 0

    threads = [threading.Thread(target=agent, args=(tree, i)) for i, tree in enumerate(trees)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for tree in trees:
        git(repo, "worktree", "remove", "--force", str(tree))
        assert not tree.exists()
    settle_capture(repo)  # workers still classifying a removed worktree's last prompt record it all the same
    assert not any(tree.exists() for tree in trees), [sorted(str(p) for p in t.rglob("*")) for t in trees]  # and never bring the removed folder back
    found = signals_of(repo)
    assert sorted((s["sessionID"], s["messageID"]) for s in found) == [
        ("wt0-session", "0-0b"), ("wt0-session", "0-1b"), ("wt1-session", "1-0b"), ("wt1-session", "1-1b")]
    code, out, _ = cli("signals")
    assert code == 0 and out.count("wt0-session") == 2 and out.count("wt1-session") == 2


def claude_session(home: Path, cwd: Path, sid: str) -> None:
    slug = "".join(c if c.isalnum() else "-" for c in str(cwd))
    path = home / ".claude" / "projects" / slug / f"{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    base = {"sessionId": sid, "cwd": str(cwd), "parentUuid": None, "isSidechain": False, "version": "2.0.1"}
    lines = [{**base, "type": "user", "uuid": f"u-{sid}", "timestamp": "2026-01-01T00:00:00Z",
              "message": {"role": "user", "content": "Add a health check"}},
             {**base, "type": "assistant", "uuid": f"a-{sid}", "timestamp": "2026-01-01T00:00:01Z",
              "message": {"id": f"m-{sid}", "role": "assistant", "model": "claude",
                          "content": [{"type": "text", "text": "ok"}]}}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


SIDS = {name: f"{n:08d}-1111-4222-8333-444444444444" for n, name in enumerate(
    ["main", "outside", "inside", "sibling", "removed"])}


def test_the_main_checkout_lists_the_sessions_of_every_worktree_live_or_removed_and_no_sibling(
        repo: Path, isolated_home: Path, cli, monkeypatch):
    outside = add_worktree(repo, repo.parent / "repo-feature", "feature")
    inside = add_worktree(repo, repo / ".claude" / "worktrees" / "agent-1", "agent-1")
    gone = add_worktree(repo, repo.parent / "repo-hotfix", "hotfix")
    sibling = repo.parent / "repo-two"  # another repository whose path shares the prefix
    sibling.mkdir()
    git(sibling, "init", "-q")
    for name, cwd in (("main", repo), ("outside", outside), ("inside", inside), ("sibling", sibling),
                      ("removed", gone)):
        claude_session(isolated_home, cwd, SIDS[name])
    monkeypatch.chdir(gone)
    assert cli("status")[0] == 0  # learn ran in that worktree once: it is remembered
    git(repo, "worktree", "remove", "--force", str(gone))
    monkeypatch.chdir(repo)
    expected = {SIDS[n] for n in ("main", "outside", "inside", "removed")}
    assert {s.id for s in discover_sessions(repo)} == expected
    assert {s.id for s in discover_sessions(outside)} == expected  # the same from any worktree
    assert {s.id for s in discover_sessions(sibling)} == {SIDS["sibling"]}
    code, out, _ = cli("sessions", "--json")
    assert code == 0 and {s["id"] for s in json.loads(out)} == expected


def test_a_lesson_approved_on_main_is_delivered_inside_a_worktree(repo: Path, capsys):
    tree = add_worktree(repo, repo.parent / "wt", "agent")
    out = fire(event(tree, "s-deliver", "SessionStart", source="startup"), capsys)
    shown = context_of(out)
    assert "team-rules" in shown and any(lesson["text"] in shown for lesson in sample_lessons())
    # delivery's own records are local state: in the main checkout, none in the worktree
    assert (learn_dir(repo) / "team-playbook" / "shown.jsonl").exists()
    assert not (learn_dir(tree) / "team-playbook" / "shown.jsonl").exists()
    assert not (learn_dir(tree) / ".sessions").exists()


def test_promote_says_which_checkout_and_branch_and_status_compares_with_the_default_branch(
        repo: Path, cli, monkeypatch):
    tree = add_worktree(repo, repo.parent / "wt", "agent")
    monkeypatch.chdir(tree)
    code, out, err = cli("remember", "--approve", "Prefer pathlib over os.path in new code.")
    assert code == 0, err
    assert f"in this worktree ({tree.resolve()}), on branch agent" in out
    assert len(json.loads((learn_dir(tree) / "team-playbook" / "approved.json").read_text())) == len(sample_lessons()) + 1
    assert len(json.loads((learn_dir(repo) / "team-playbook" / "approved.json").read_text())) == len(sample_lessons())
    code, out, _ = cli("status")
    assert "approved: this branch's set differs from main's (1 only on this branch)" in out
    assert f"local state (signals, candidate, history, locks) in {learn_dir(repo).resolve() / 'team-playbook'}" in out
    code, out, _ = cli("status", "--json")
    info = json.loads(out)["worktree"]
    assert info["kind"] == LINKED and info["branch"] == "agent" and info["approved_vs_default"]["only_here"]
    git(tree, "checkout", "-q", "--detach")
    code, out, _ = cli("remember", "--approve", "Run the formatter before every commit.")
    assert code == 0 and "with a detached HEAD at" in out
    monkeypatch.chdir(repo)
    code, out, _ = cli("status")
    assert "differs from" not in out and "1 other worktree keeps local state here too" in out


def test_an_earlier_versions_worktree_store_is_merged_once_with_the_count(repo: Path, cli, monkeypatch):
    tree = add_worktree(repo, repo.parent / "wt", "agent")
    old = learn_dir(tree) / "team-playbook"
    line = json.dumps({"id": "S-old-1", "kind": "user_correction", "status": "open"})
    (old / "signals.jsonl").write_text(line + "\n")
    (old / "schedule.json").write_text('{"last_reflection": null}\n')
    (learn_dir(tree) / ".sessions").mkdir()
    (learn_dir(tree) / ".sessions" / "hook.log").write_text("old line\n")
    main_store = learn_dir(repo) / "team-playbook"
    (main_store / "signals.jsonl").write_text(json.dumps({"id": "S-main"}) + "\n")
    (main_store / "schedule.json").write_text('{"backoff_until": null}\n')
    monkeypatch.chdir(tree)
    code, _, err = cli("status")
    assert code == 0 and "into the repository's store" in err and "1 signal," in err and "kept beside" in err
    assert [json.loads(x)["id"] for x in (main_store / "signals.jsonl").read_text().splitlines()] == ["S-main", "S-old-1"]
    assert list(main_store.glob("schedule.json.from-worktree-wt-*"))  # a different copy is kept, never overwritten
    assert not (old / "signals.jsonl").exists() and (old / "approved.json").exists()  # committed file stays
    code, _, err = cli("status")
    assert "into the repository's store" not in err  # idempotent: nothing left to move
    assert len((main_store / "signals.jsonl").read_text().splitlines()) == 2


def test_a_worktree_of_a_bare_repository_keeps_local_state_in_the_bare_repository(tmp_path: Path, repo: Path,
                                                                                   capsys):
    bare = tmp_path / "bare.git"
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(bare))
    tree = tmp_path / "bare-wt"
    git(bare, "worktree", "add", "-q", str(tree), "main")
    checkout = locate(str(tree))
    assert checkout.kind == BARE and Path(checkout.local_dir) == bare.resolve() / "altimate-learn"
    correct(tree, "s-bare", 1, capsys)
    assert len(read_jsonl(bare / "altimate-learn" / "team-playbook" / "signals.jsonl")) == 1


def test_a_worktree_whose_main_checkout_moved_keeps_its_signals_and_hands_them_over_after_repair(
        repo: Path, tmp_path: Path, capsys, cli, monkeypatch):
    tree = add_worktree(repo, tmp_path / "wt", "agent")
    moved = tmp_path / "moved-repo"
    shutil.move(str(repo), str(moved))
    checkout = locate(str(tree))
    assert checkout.kind == BROKEN and Path(checkout.local_dir) == learn_dir(tree)
    correct(tree, "s-broken", 1, capsys)  # the hook never fails, and loses nothing
    assert len(signals_of(tree)) == 1
    monkeypatch.chdir(tree)
    code, out, _ = cli("status")
    assert code == 0 and "git worktree repair" in out
    git(moved, "worktree", "repair", str(tree))
    code, _, err = cli("status")
    assert "1 signal," in err
    assert [s["messageID"] for s in signals_of(moved)] == ["p1b"] and not signals_of(tree)


def test_a_separate_git_dir_and_a_folder_outside_git_are_their_own_projects(tmp_path: Path):
    own = tmp_path / "own"
    git(tmp_path, "init", "-q", "--separate-git-dir", str(tmp_path / "own.git"), str(own))
    assert locate(str(own)).kind == OWN and Path(locate(str(own)).local_dir) == learn_dir(own)
    plain = tmp_path / "plain"
    (plain / ".altimate-code").mkdir(parents=True)
    assert locate(str(plain)).kind == PLAIN and Path(locate(str(plain)).local_dir) == learn_dir(plain)


def test_in_a_worktree_the_main_checkouts_local_claude_hooks_count_as_installed(repo: Path, tmp_path: Path, cli,
                                                                                 monkeypatch):
    """review12 R12-9: Claude Code runs the main checkout's `--local` hooks in every worktree; --check, status
    and doctor say so (naming that file) instead of asking to install again. One `--check` runs the hook
    command as Claude Code would (the check itself does that); the rest is in-process."""
    from altimate_learn.cli.settings import hook_status

    assert cli("install", "claude-code", "--local")[0] == 0
    main_file = repo / ".claude" / "settings.local.json"
    tree = add_worktree(repo, tmp_path / "feat", "feat")
    assert not (tree / ".claude").exists()
    monkeypatch.chdir(tree)
    assert hook_status(tree)["claude-code"] == {"installed": True, "files": [str(main_file)], "not_run": [], "missing": [],
                                                "elsewhere": []}
    code, out, _ = cli("status")
    assert f"claude-code ({main_file})" in out
    code, out, err = cli("install", "claude-code", "--check")
    assert code == 0, err
    assert out.startswith(f"learn hooks for claude-code are installed in {main_file} (local) and run.")
    code, out, err = cli("install", "claude-code", "--check", "--user")  # the user file alone: not installed
    assert code == 1 and "not installed" in out + err


def test_graduation_evidence_is_read_where_a_linked_worktree_keeps_it(repo: Path):
    """shown.jsonl and history.jsonl live in the main checkout's local folder: graduation's evidence read them
    from the linked worktree's own store folder, where they never are, and found none."""
    from altimate_learn.tidy.graduate import evidence

    tree = add_worktree(repo, repo.parent / "repo-grad", "grad")
    store = Store(ProjectPaths(tree))
    local = learn_dir(repo).resolve() / "team-playbook"
    local.mkdir(parents=True, exist_ok=True)
    (local / Store.SHOWN).write_text("".join(json.dumps({"id": "L-0001", "session": f"s{n}", "tier": "core"}) + "\n"
                                             for n in range(3)) + "\n[1, 2]\n{torn")
    (local / Store.HISTORY).write_text(json.dumps({"op": "reflect", "session": "s1",
                                                   "applied": [{"op": "HELPFUL", "id": "L-0001"}]}) + "\n")
    found = evidence(store)["L-0001"]
    assert found.sessions == {"s0", "s1", "s2"} and found.helpful_from == {"s1"}
