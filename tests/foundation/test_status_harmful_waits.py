"""A HARMFUL mark waits for review like a lesson does (`learn reject` discards it), and `learn status` says so: a
candidate holding only the mark read "nothing waiting for review" (review40, the residue of review39 R39-20)."""

from __future__ import annotations

import json


def test_status_counts_a_harmful_mark_waiting_for_review(git_repo, cli, tmp_path):
    assert cli("enable")[0] == 0
    code, out, err = cli("remember", "Use axios for HTTP calls.", "--approve", "--json")
    assert code == 0, err
    lesson = json.loads(out)["id"]
    code, out, _ = cli("status")
    assert "nothing waiting for review" in out
    deltas = tmp_path / "deltas.json"
    deltas.write_text(json.dumps([{"op": "HARMFUL", "id": lesson, "reason": "that axios rule is outdated"}]))
    code, _, err = cli("curate", "--deltas", str(deltas))
    assert code == 0, err
    code, out, _ = cli("status")
    assert "1 marked harmful waiting for review (`learn show`, then `learn promote`)" in out, out
    info = json.loads(cli("status", "--json")[1])
    assert info["lessons"]["waiting"] == {"added": 0, "edited": 0, "removed": 0, "harmful": 1}


def test_show_says_why_a_harmful_mark_waits(git_repo, cli, tmp_path):
    code, out, err = cli("remember", "Use axios for HTTP calls.", "--approve", "--json")
    assert code == 0, err
    lesson = json.loads(out)["id"]
    deltas = tmp_path / "deltas.json"
    deltas.write_text(json.dumps([{"op": "HARMFUL", "id": lesson, "reason": "that axios rule is outdated"}]))
    assert cli("curate", "--deltas", str(deltas))[0] == 0
    code, out, _ = cli("show")
    lines = [" ".join(line.split()) for line in out.splitlines()]
    at = lines.index(f"= counters [{lesson}] harmful 0 -> 1")
    assert lines[at + 1] == (f"harmful because: that axios rule is outdated (`learn reject` drops the mark; "
                             f"`learn retire {lesson}` stages its removal)")
