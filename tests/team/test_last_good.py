"""Hooks never go dark: while approved.json cannot be read, delivery uses the last good set."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from altimate_learn.deliver.lastgood import SNAPSHOT
from altimate_learn.store.fsio import canonical_json
from tests.conftest import git
from tests.deliver.helpers import context_of, lesson, run_hook

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
CTE = "Prefer CTEs over nested subqueries in every model."
APPROVED = Path(".altimate-code") / "learn" / "team-playbook" / "approved.json"


def session_start(root: Path) -> str:
    payload = {"session_id": str(uuid.uuid4()), "transcript_path": str(root / "t.jsonl"), "cwd": str(root),
               "hook_event_name": "SessionStart", "source": "startup"}
    proc = run_hook("claude-code", payload, cwd=root)
    assert proc.returncode == 0 and proc.stderr == ""
    return context_of(proc.stdout)


def write(root: Path, value) -> Path:
    path = root / APPROVED
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(value if isinstance(value, str) else canonical_json(value))
    return path


def test_a_broken_hand_edit_delivers_the_committed_set_and_status_says_so(git_repo: Path, cli):
    path = write(git_repo, [lesson("L-aaaa0001", CENTS), lesson("L-bbbb0002", CTE)])
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "lessons")
    path.write_text(path.read_text().replace('"scope"', "scope", 1))  # invalid JSON now
    context = session_start(git_repo)
    assert CENTS in context and CTE in context
    log = (git_repo / ".altimate-code" / "learn" / ".sessions" / "hook.log").read_text()
    assert "store 'team-playbook': delivering the last good set from git HEAD (2 lessons)" in log
    out = cli("status")[1]
    assert ("  delivery: approved.json cannot be read, so the hooks deliver the last good set instead: 2 lessons "
            "from git HEAD.\n") in out
    info = json.loads(cli("status", "--json")[1])
    assert info["delivery_fallback"] == {"from": "git HEAD", "lessons": 2}


def test_without_git_the_store_snapshot_of_the_last_delivered_set_is_used(tmp_path: Path, monkeypatch, cli):
    root = tmp_path / "project"
    (root / ".altimate-code").mkdir(parents=True)
    path = write(root, [lesson("L-aaaa0001", CENTS)])
    assert CENTS in session_start(root)  # a whole set: kept as the snapshot
    assert (path.parent / SNAPSHOT).read_bytes() == path.read_bytes()
    path.write_text("<<<<<<< ours\n[]\n=======\n[]\n>>>>>>> theirs\n")
    assert CENTS in session_start(root)
    monkeypatch.chdir(root)
    assert "1 lesson from the store's snapshot (approved.last-good.json)." in cli("status")[1]


def test_with_nothing_good_anywhere_the_store_delivers_nothing_and_status_says_so(tmp_path: Path, monkeypatch, cli):
    root = tmp_path / "project"
    (root / ".altimate-code").mkdir(parents=True)
    write(root, "[{ broken")
    assert session_start(root) == ""
    monkeypatch.chdir(root)
    out = cli("status")[1]
    assert ("  delivery: approved.json cannot be read and no last good set was found: this store delivers nothing "
            "until it is fixed.\n") in out
    assert "cannot be read: invalid JSON" in out


def test_a_whole_store_is_never_replaced_by_its_snapshot(git_repo: Path):
    path = write(git_repo, [lesson("L-aaaa0001", CENTS)])
    session_start(git_repo)
    write(git_repo, [lesson("L-bbbb0002", CTE)])
    context = session_start(git_repo)
    assert CTE in context and CENTS not in context
    assert json.loads((path.parent / SNAPSHOT).read_text())[0]["id"] == "L-bbbb0002"


def _stamped(lesson_id: str, text: str, stamp: str) -> dict:
    return {**lesson(lesson_id, text), "created": stamp, "updated": stamp}


def test_a_snapshot_newer_than_head_is_delivered_and_named_in_the_error(git_repo: Path, cli):
    """review9 R9-4e: an approval not committed yet survives a broken hand edit, and the error says where it is."""
    first = _stamped("L-aaaa0001", CENTS, "2026-11-01T00:00:00Z")
    path = write(git_repo, [first])
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "lessons")
    write(git_repo, [first, _stamped("L-bbbb0002", CTE, "2026-11-02T00:00:00Z")])  # approved, not committed
    session_start(git_repo)  # delivery reads it whole: the snapshot
    path.write_text(path.read_text()[:-30])  # a hand edit cut it short
    context = session_start(git_repo)
    assert CENTS in context and CTE in context
    assert ("delivery: approved.json cannot be read, so the hooks deliver the last good set instead: 2 lessons "
            "from the store's snapshot (approved.last-good.json).") in cli("status")[1]
    code, _, err = cli("remember", "Run `pytest -q` before pushing.")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert ("approved.last-good.json beside it holds a newer set (2 lessons; git HEAD has 1), which the hooks deliver "
            "meanwhile: copy it over approved.json to keep what was approved since the last commit") in err
    assert "restore it from git" not in err


def test_head_stays_first_when_the_snapshot_is_older(git_repo: Path, cli):
    path = write(git_repo, [_stamped("L-aaaa0001", CENTS, "2026-11-01T00:00:00Z")])
    session_start(git_repo)  # the snapshot: the older set
    write(git_repo, [_stamped("L-bbbb0002", CTE, "2026-11-03T00:00:00Z")])
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "a teammate's set, pulled")
    path.write_text("[{ broken")
    context = session_start(git_repo)
    assert CTE in context and CENTS not in context
    code, _, err = cli("remember", "Run `pytest -q` before pushing.")
    assert code == 1 and "restore it from git" in err and SNAPSHOT not in err


def test_a_read_only_command_after_a_promote_does_not_keep_the_hooks_from_saving_the_new_set(git_repo: Path, cli):
    """review39 R39-19: `learn status` (or `learn doctor`) right after a promote wrote the corpus memo the hooks read
    first, so the hooks never kept the new approved set as the last good one; a broken hand edit then took back the
    lesson approved but not committed."""
    first = _stamped("L-aaaa0001", CENTS, "2026-11-01T00:00:00Z")
    path = write(git_repo, [first])
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "lessons")
    assert CENTS in session_start(git_repo)
    write(git_repo, [first, _stamped("L-bbbb0002", CTE, "2026-11-02T00:00:00Z")])  # approved, not committed
    assert cli("status")[0] == 0
    assert cli("doctor")[0] in (0, 1)
    context = session_start(git_repo)
    assert CENTS in context and CTE in context
    assert (path.parent / SNAPSHOT).read_bytes() == path.read_bytes()  # kept as the last good set
    path.write_text('[{"broken')
    context = session_start(git_repo)
    assert CENTS in context and CTE in context
