"""A retirement the candidate stages (a lesson it supersedes) is part of the candidate (review10 R10-2):
retired.json gets it only when the candidate is promoted, `learn reject` takes it back with the rest, and the
counts of `learn status` / `learn show` name only lessons really retired. A promote killed between its steps
never loses a lesson nor leaves one counted both approved and retired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.store import Store

OLD = "Cite the source of every model in its description."
NEW = "Cite the source inline in each model description."
STORE = Path(".altimate-code") / "learn" / "team-playbook"


def _read(repo: Path, name: str):
    path = repo / STORE / name
    if not path.exists():  # local state (candidate, retired) lives in the repository's local folder
        from altimate_learn.store import project

        path = Store(project(repo), "team-playbook").path(name)
    return json.loads(path.read_text()) if path.exists() else None


def _json(cli, *args: str) -> dict:
    code, out, err = cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def _counts(cli) -> tuple[int, int]:
    """(approved, retired) as `learn status` reports them."""
    status = _json(cli, "status")
    lessons = status.get("lessons") or status["stores"][0]["lessons"]
    return lessons["approved"], lessons["retired"]


@pytest.fixture
def replaced(git_repo: Path, cli) -> tuple[str, str]:
    """An approved lesson, and a candidate that replaces it (staged, not promoted)."""
    first = _json(cli, "remember", OLD, "--approve")
    code, out, err = cli("remember", NEW)
    assert code == 0, err
    assert out.splitlines()[0] == (f'Replaced an earlier lesson: "{OLD.rstrip(".")}" ({first["id"]}, retired when '
                                   "the candidate is promoted).")
    new_id = _read(git_repo, "candidate.json")[0]["id"]
    return first["id"], new_id


def test_a_staged_replacement_retires_nothing_until_promote(git_repo, cli, replaced):
    old_id, new_id = replaced
    assert _read(git_repo, "retired.json") is None
    assert [r["id"] for r in _read(git_repo, "candidate-retired.json")] == [old_id]
    assert _counts(cli) == (1, 0)
    code, out, _ = cli("show")
    assert code == 0
    assert ", 0 retired" in out and f"superseded by {new_id}" in out  # the reason still shows in the diff
    assert cli("promote", "--yes")[0] == 0
    [record] = _read(git_repo, "retired.json")
    assert record["id"] == old_id and record["supersededBy"] == new_id
    assert _read(git_repo, "candidate-retired.json") is None
    assert _counts(cli) == (1, 1)
    assert [x["id"] for x in _read(git_repo, "approved.json")] == [new_id]


def test_reject_takes_the_staged_retirement_back(git_repo, cli, replaced):
    old_id, _ = replaced
    assert cli("reject")[0] == 0
    assert _read(git_repo, "retired.json") is None and _read(git_repo, "candidate-retired.json") is None
    assert [x["id"] for x in _read(git_repo, "approved.json")] == [old_id]
    assert _counts(cli) == (1, 0)
    code, out, _ = cli("search", "source")
    assert f"[{old_id}] approved" in out and "retired" not in out


def test_rejecting_the_replaced_lesson_alone_unstages_its_retirement(git_repo, cli, replaced):
    old_id, new_id = replaced
    assert cli("reject", old_id)[0] == 0  # the approved copy comes back into the candidate
    assert _read(git_repo, "candidate-retired.json") == []
    assert cli("promote", "--yes")[0] == 0
    assert _read(git_repo, "retired.json") is None
    assert sorted(x["id"] for x in _read(git_repo, "approved.json")) == sorted([old_id, new_id])


def test_a_lesson_replaced_inside_the_candidate_was_never_retired(git_repo, cli):
    _json(cli, "remember", "Use uv, never pip.")
    code, out, _ = cli("remember", "Use `uv add` for dependencies, never pip.")
    assert code == 0 and "retired when the candidate is promoted" in out
    assert _read(git_repo, "retired.json") is None
    assert _counts(cli) == (0, 0)
    assert cli("reject")[0] == 0
    assert _read(git_repo, "retired.json") is None and _read(git_repo, "candidate-retired.json") is None


def test_remember_approve_retires_the_replaced_lesson_at_once(git_repo, cli):
    first = _json(cli, "remember", OLD, "--approve")
    code, out, _ = cli("remember", NEW, "--approve")
    assert code == 0
    assert out.splitlines()[0] == f'Replaced an earlier lesson: "{OLD.rstrip(".")}" ({first["id"]}, retired).'
    assert [r["id"] for r in _read(git_repo, "retired.json")] == [first["id"]]
    assert _read(git_repo, "candidate.json") is None and _read(git_repo, "candidate-retired.json") is None
    assert _counts(cli) == (1, 1)


class Killed(BaseException):
    """The process is killed (nothing of learn's handles it)."""


def _kill_when_writing_approved(monkeypatch):
    original = Store.write_lessons

    def write(self, filename, lessons):
        if filename == Store.APPROVED:
            raise Killed  # the process dies here: retired.json is written, approved.json is not
        return original(self, filename, lessons)

    monkeypatch.setattr(Store, "write_lessons", write)


def test_a_promote_killed_before_approved_is_written_loses_nothing(git_repo, cli, replaced, monkeypatch):
    old_id, new_id = replaced
    with monkeypatch.context() as m:
        _kill_when_writing_approved(m)
        with pytest.raises(Killed):
            cli("promote", "--yes")
    # The approved copy is still approved and counted so, not also as retired; the candidate is still staged.
    assert [x["id"] for x in _read(git_repo, "approved.json")] == [old_id]
    assert _counts(cli) == (1, 0)
    assert cli("promote", "--yes")[0] == 0  # promoting again completes it
    assert [x["id"] for x in _read(git_repo, "approved.json")] == [new_id]
    assert [r["id"] for r in _read(git_repo, "retired.json")] == [old_id]
    assert _counts(cli) == (1, 1)


def test_reject_after_a_killed_promote_takes_its_records_back(git_repo, cli, replaced, monkeypatch):
    old_id, _ = replaced
    with monkeypatch.context() as m:
        _kill_when_writing_approved(m)
        with pytest.raises(Killed):
            cli("promote", "--yes")
    assert cli("reject")[0] == 0
    assert _read(git_repo, "retired.json") == []
    assert [x["id"] for x in _read(git_repo, "approved.json")] == [old_id]
    assert _counts(cli) == (1, 0)
