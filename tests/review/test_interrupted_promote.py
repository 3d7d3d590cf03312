"""A `learn promote` killed after writing approved.json and before it finished (the candidate removed, the history
entry recorded): the rerun finishes it (trial25: it said the candidate was identical to the approved lessons and to
run `learn reject`, and the promote never reached history.jsonl, so `learn rollback` could not tell what it had
changed). That reject gave the reflection's signals back, so the next reflection proposed the approved lessons again,
and took the promote's realized retirements back out of retired.json, a lesson gone from both (trial23, found killing
promote at each of its writes; research/reliability.py)."""

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


def _promotes(git_repo: Path) -> list[dict]:
    lines = (git_repo / STORE / "history.jsonl").read_text().splitlines()
    return [entry for entry in map(json.loads, lines) if entry["action"] == "promote"]


def test_a_rerun_of_an_interrupted_promote_archives_nothing_twice(git_repo: Path, cli, monkeypatch):
    """hang21's duplicated version archive (research/reliability.py seed 412): the rerun merged the candidate onto
    approved.json, which already held it, got the same lessons in another order, and promoted that "change"."""
    _staged(git_repo, cli)
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    versions = sorted((git_repo / STORE / "versions").iterdir())
    approved = (git_repo / STORE / "approved.json").read_text()
    code, out, err = cli("promote", "--yes", "--allow-flagged")
    assert code == 0 and out.startswith("Finished the interrupted promote of 'team-playbook'"), (out, err)
    assert sorted((git_repo / STORE / "versions").iterdir()) == versions and len(versions) == 1
    assert (git_repo / STORE / "approved.json").read_text() == approved
    assert len(_promotes(git_repo)) == 1


def test_rejecting_what_an_interrupted_promote_left_keeps_its_signals_consumed(git_repo: Path, cli, monkeypatch):
    _staged(git_repo, cli)
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    approved = (git_repo / STORE / "approved.json").read_text()
    assert len(json.loads(approved)) == 2
    code, out, err = cli("reject")  # what the rerun of promote used to advise
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


def test_the_rerun_of_a_promote_killed_after_writing_approved_json_records_it_in_the_history(git_repo: Path, cli,
                                                                                              monkeypatch):
    _staged(git_repo, cli)
    ids = sorted(lesson["id"] for lesson in json.loads((git_repo / STORE / "candidate.json").read_text()))
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    assert _promotes(git_repo) == []  # what the kill leaves
    code, out, _ = cli("status")
    assert code == 0 and "  promote interrupted (started 20" in out and "`learn promote` finishes it" in out, out
    assert json.loads(cli("status", "--json")[1])["promote_interrupted"].startswith("20")
    code, out, err = cli("promote", "--yes", "--allow-flagged", "--json")
    assert (code, err) == (0, ""), out
    report = json.loads(out)
    assert report["promoted"] is False and sorted(report["finished_interrupted"]["added"]) == ids
    [entry] = _promotes(git_repo)
    assert sorted(entry["added"]) == ids and entry["approved"] == 2 and entry["previous"] == 0
    assert entry["version"] == report["finished_interrupted"]["version"]
    assert not (git_repo / STORE / "candidate.json").exists()
    code, out, err = cli("promote", "--yes")  # finished: nothing left to do
    assert code == 1 and "has no candidate" in out + err
    assert "promote interrupted" not in cli("status")[1]
    assert len(_promotes(git_repo)) == 1


def test_a_promote_killed_after_removing_the_candidate_is_finished_too(git_repo: Path, cli, monkeypatch):
    """Killed between the candidate's removal and its history line: the rerun used to say there was no candidate."""
    _staged(git_repo, cli)
    real = Store.record_history

    def killed(self, op, **fields):
        if op == "promote":
            raise KeyboardInterrupt
        return real(self, op, **fields)

    monkeypatch.setattr(Store, "record_history", killed)
    assert cli("promote", "--yes", "--allow-flagged")[0] == 130
    monkeypatch.setattr(Store, "record_history", real)
    assert not (git_repo / STORE / "candidate.json").exists() and _promotes(git_repo) == []
    code, out, err = cli("promote", "--yes")
    assert code == 0 and "Finished the interrupted promote" in out and "2 added" in out, (out, err)
    [entry] = _promotes(git_repo)
    assert entry["approved_sha256"]  # what `learn rollback` compares approved.json with
    code, out, err = cli("rollback", "--yes")
    assert code == 0 and json.loads((git_repo / STORE / "approved.json").read_text()) == [], (out, err)


def test_a_promote_killed_before_writing_approved_json_is_promoted_by_the_rerun_and_recorded_once(
        git_repo: Path, cli, monkeypatch):
    _staged(git_repo, cli)
    real = Store.write_lessons

    def killed(self, filename, lessons):
        if filename == Store.APPROVED:
            raise KeyboardInterrupt
        return real(self, filename, lessons)

    monkeypatch.setattr(Store, "write_lessons", killed)
    assert cli("promote", "--yes", "--allow-flagged")[0] == 130
    monkeypatch.setattr(Store, "write_lessons", real)
    code, out, err = cli("promote", "--yes", "--allow-flagged")
    assert code == 0 and "\nPromoted 'team-playbook': 2 approved lessons" in out, (out, err)
    assert "interrupted" not in out
    assert len(_promotes(git_repo)) == 1 and len(json.loads((git_repo / STORE / "approved.json").read_text())) == 2


def test_a_new_candidate_staged_after_the_kill_is_promoted_after_the_killed_one_is_recorded(git_repo: Path, cli,
                                                                                            monkeypatch):
    _staged(git_repo, cli)
    _killed_before_the_candidate_is_removed(monkeypatch, cli)
    (git_repo / "d.json").write_text(json.dumps([{"op": "ADD", "text": "Run `make lint` before every commit.",
                                                  "reason": "review"}]))
    assert cli("curate", "--deltas", "d.json")[0] == 0
    code, out, err = cli("promote", "--yes", "--allow-flagged")
    assert code == 0, (out, err)
    lines = out.splitlines()
    assert lines[0].startswith("Finished the interrupted promote") and "2 added" in lines[0]
    assert lines[1] == "Review the changes below before they become the approved lessons."
    assert any(line.startswith("Promoted 'team-playbook': 3 approved lessons") for line in lines)
    assert [(e["approved"], len(e["added"])) for e in _promotes(git_repo)] == [(2, 2), (3, 1)]
