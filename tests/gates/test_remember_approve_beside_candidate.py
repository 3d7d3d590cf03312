"""`learn remember --approve` while a candidate waits (review36 R36-9): `learn show` then read the person's own
approval as "approved.json changed since this candidate was staged (a pull, or another branch)" and listed the lesson
the rule replaced as "removed upstream". The candidate's base moves with the approval; a base a pull already moved
keeps saying so."""

from __future__ import annotations

import json


def test_show_after_remember_approve_beside_a_candidate_names_no_upstream_change(git_repo, cli) -> None:
    assert cli("remember", "Use pnpm instead of npm.", "--approve")[0] == 0
    assert cli("remember", "Write tests for every endpoint.")[0] == 0
    code, out, err = cli("remember", "Use bun instead of npm.", "--approve")
    assert code == 0, err and "Replaced an earlier lesson" in out
    code, shown, err = cli("show")
    assert code == 0, err
    assert "changed since this candidate was staged" not in shown and "removed upstream" not in shown
    assert "1 added, 0 edited, 0 removed" in shown
    code, out, err = cli("promote", "--yes")
    assert code == 0, err
    approved = json.loads((git_repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json").read_text())
    assert [lesson["text"] for lesson in approved] == ["Use bun instead of npm.", "Write tests for every endpoint."]


def test_a_base_an_outside_change_moved_still_says_so(git_repo, cli) -> None:
    assert cli("remember", "Use pnpm instead of npm.", "--approve")[0] == 0
    assert cli("remember", "Write tests for every endpoint.")[0] == 0
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / "approved.json"
    approved = json.loads(path.read_text())
    teammate = dict(approved[0], id="L-0000beef", text="Store timestamps in UTC.")
    path.write_text(json.dumps(approved + [teammate], indent=2) + "\n")  # as a pull brings a teammate's lesson
    assert cli("remember", "Use bun instead of npm.", "--approve")[0] == 0
    code, shown, err = cli("show")
    assert code == 0, err
    assert "approved.json changed since this candidate was staged" in shown
