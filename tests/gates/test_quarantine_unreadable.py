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


def test_delivery_does_not_serve_what_an_unreadable_quarantine_set_aside(git_repo, cli):
    """review14 R14-35: with quarantine.json broken, the hooks and `learn deliver` served every lesson the vet had
    set aside (a contradiction of AGENTS.md), silently. A quarantined lesson has no vet stamp, so while the file
    cannot be read the unstamped lessons are held out, with the reason; the vetted ones are still served."""
    from tests.deliver.helpers import context_of, run_hook

    assert cli("remember", "Install dependencies with `yarn install`.", "--approve")[0] == 0
    assert cli("remember", "Use `structlog` for logging.", "--approve")[0] == 0
    (git_repo / "AGENTS.md").write_text("# Guide\n\n- Use pnpm for installs, never yarn.\n")
    assert cli("vet")[0] == 0
    path = git_repo / ".altimate-code/learn/team-playbook/quarantine.json"
    code, out, err = cli("deliver", "--session", "d1", "--request", "install the dependencies")
    assert "structlog" in out and "yarn install" not in out and "held out: quarantined" in err
    path.write_text("garbage\n")
    code, out, err = cli("deliver", "--session", "d2", "--request", "install the dependencies")
    assert code == 0 and "structlog" in out and "yarn install" not in out
    assert "quarantine.json cannot be read, so it is not known whether the vet set it aside" in err
    payload = {"session_id": "s-q", "transcript_path": str(git_repo / "t.jsonl"), "cwd": str(git_repo),
               "hook_event_name": "SessionStart", "source": "startup"}
    proc = run_hook("claude-code", payload, cwd=git_repo)
    assert proc.returncode == 0 and proc.stderr == ""
    started = context_of(proc.stdout)
    assert "structlog" in started and "yarn install" not in started
    assert path.read_text() == "garbage\n"  # delivery leaves the file where it is
