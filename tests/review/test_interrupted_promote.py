"""A `learn promote` killed after writing approved.json and before removing the candidate: the rerun says the candidate
is identical to the approved lessons and to run `learn reject`. That reject gave the reflection's signals back, so the
next reflection proposed the approved lessons again, and took the promote's realized retirements back out of
retired.json, a lesson gone from both (trial23, found killing promote at each of its writes; research/reliability.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.store import Store

STORE = Path(".altimate-code/learn/team-playbook")
CORRECTIONS = ["Use `ref()` for model dependencies; never select from raw tables.",
               "Always convert `amount_cents` to dollars in staging models."]


def _killed_before_the_candidate_is_removed(monkeypatch: pytest.MonkeyPatch, cli) -> None:
    real = Store.remove

    def killed(self, filename):  # the moment after approved.json was written
        if filename == Store.CANDIDATE:
            raise KeyboardInterrupt
        return real(self, filename)

    monkeypatch.setattr(Store, "remove", killed)
    assert cli("promote", "--yes", "--allow-flagged")[0] == 130
    monkeypatch.setattr(Store, "remove", real)


def _staged(git_repo: Path, cli) -> None:
    """Two lessons staged by a reflection, in the order a merge would not put them (newest id first): a person may
    reorder candidate.json, and a reflection's ids are random, so this is the order half of the time."""
    for text in CORRECTIONS:
        assert cli("signal", "add", "--kind", "review", "--session", "k", "--text", text)[0] == 0
    assert cli("reflect", "--session", "k", "--model", "builtin")[0] == 0
    path = git_repo / STORE / "candidate.json"
    lessons = sorted(json.loads(path.read_text()), key=lambda lesson: (lesson["created"], lesson["id"]), reverse=True)
    path.write_text(json.dumps(lessons, indent=2) + "\n")


def test_a_rerun_of_an_interrupted_promote_archives_nothing_twice(git_repo: Path, cli, monkeypatch):
    """hang21's duplicated version archive (research/reliability.py seed 412): the rerun merged the candidate onto
    approved.json, which already held it, got the same lessons in another order, and promoted that "change"."""
    _staged(git_repo, cli)
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    versions = sorted((git_repo / STORE / "versions").iterdir())
    approved = (git_repo / STORE / "approved.json").read_text()
    code, out, err = cli("promote", "--yes", "--allow-flagged")
    assert code == 1 and "identical to the approved lessons" in err, (out, err)
    assert sorted((git_repo / STORE / "versions").iterdir()) == versions and len(versions) == 1
    assert (git_repo / STORE / "approved.json").read_text() == approved


def test_rejecting_what_an_interrupted_promote_left_keeps_its_signals_consumed(git_repo: Path, cli, monkeypatch):
    _staged(git_repo, cli)
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    approved = (git_repo / STORE / "approved.json").read_text()
    assert len(json.loads(approved)) == 2
    code, out, err = cli("promote", "--yes", "--allow-flagged")
    assert code == 1 and "identical to the approved lessons" in err and "learn reject" in err, (out, err)
    code, out, err = cli("reject")
    assert (code, err) == (0, "")
    assert out == "Discarded the candidate of 'team-playbook' (0 added, 0 edited, 0 removed).\n"
    assert [s["status"] for s in json.loads(cli("signals", "--all", "--json")[1])] == ["consumed", "consumed"]
    assert (git_repo / STORE / "approved.json").read_text() == approved


def test_rejecting_it_keeps_the_lessons_it_retired_in_retired_json(git_repo: Path, cli, monkeypatch):
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": CORRECTIONS[0], "reason": "review"}]))
    assert cli("curate", "--deltas", "d.json")[0] == 0
    assert cli("promote", "--yes", "--allow-flagged")[0] == 0
    [lesson] = json.loads((git_repo / STORE / "approved.json").read_text())
    (git_repo / "d.json").write_text(json.dumps([{"op": "REMOVE", "id": lesson["id"], "reason": "wrong"}]))
    assert cli("curate", "--deltas", "d.json")[0] == 0
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    assert json.loads((git_repo / STORE / "approved.json").read_text()) == []
    assert cli("reject")[0] == 0
    retired = json.loads((git_repo / STORE / "retired.json").read_text())
    assert [r["id"] for r in retired] == [lesson["id"]]  # not gone from both
