"""review14 R14-14: a malformed quarantine.json read as "Nothing is quarantined"; list, status and doctor say it."""

from __future__ import annotations

import json


def test_a_malformed_quarantine_is_said_by_list_status_and_doctor(git_repo, cli):
    assert cli("remember", "Use `uv` instead of `pip`.")[0] == 0
    path = git_repo / ".altimate-code/learn/team-playbook/quarantine.json"
    path.write_text("garbage\n")
    code, out, err = cli("quarantine", "list")
    assert code == 1 and "Nothing is quarantined" not in out
    assert err.startswith("Error: ") and "quarantine.json cannot be read: invalid JSON" in err
    assert "not known as quarantined" in err
    code, out, _ = cli("status")
    assert code == 0 and "  quarantine: " in out and "quarantine.json cannot be read" in out
    code, out, _ = cli("status", "--json")
    assert "quarantine.json cannot be read" in json.loads(out)["gates"]["quarantine_unreadable"]
    code, out, err = cli("doctor")
    assert "quarantine.json cannot be read" in out + err
    assert path.read_text() == "garbage\n"  # reading commands leave it where it is
    path.unlink()
    code, out, _ = cli("quarantine", "list")
    assert code == 0 and "Nothing is quarantined" in out
