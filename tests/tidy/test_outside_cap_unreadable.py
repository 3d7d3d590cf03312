"""Lessons kept outside the cap wait in `outside-cap.json` ("kept, never dropped"). When that file cannot be read
(a torn write, a bad hand edit) `learn status` and `learn doctor` said "0 outside the cap" and nothing else, and
the next curation that reached the cap moved it aside without a word: the waiting lessons were gone from view.
Both now say the file cannot be read and what to do."""

from __future__ import annotations

WAITING = ('{"items": [{"id": "L-0000abcd", "reason": "the set is full", '
           '"lesson": {"id": "L-0000abcd", "text": "Use uv, not pip, for installs in this repo."}}')  # torn: no ]}


def test_status_and_doctor_say_outside_cap_json_cannot_be_read(git_repo, cli):
    assert cli("remember", "Use Decimal for money columns in staging models.", "--approve")[0] == 0
    path = git_repo / ".altimate-code" / "learn" / "team-playbook" / "outside-cap.json"
    path.write_text(WAITING)
    for command in ("status", "doctor"):
        code, out, err = cli(command)
        assert code == 0, err
        assert "outside-cap.json cannot be read" in out, command
        assert "fix it by hand" in out, command
    assert path.read_text() == WAITING  # reading moved nothing aside
