"""A `.tmp` file in a store folder whose number is no pid (a temporary file another tool named by a millisecond time)
is left alone, and never stops a command (review21: os.kill raised OverflowError out of the sweep, after the folder's
lock was taken, and every writing command died with "Internal error")."""

from __future__ import annotations

from pathlib import Path

STORE = Path(".altimate-code/learn/team-playbook")


def test_a_tmp_file_named_by_a_time_neither_stops_a_command_nor_is_removed(git_repo: Path, run_learn):
    first = run_learn("signal", "add", "--kind", "user", "--text", "Always use pnpm, never npm.", cwd=git_repo)
    assert first.returncode == 0, first.stderr
    foreign = [git_repo / STORE / "signals.jsonl.1733333333333.tmp", git_repo / STORE / ".signals.jsonl.99999999999-x.tmp"]
    for path in foreign:
        path.write_text("{}")
    again = run_learn("signal", "add", "--kind", "user", "--text", "Never commit to main.", cwd=git_repo)
    assert again.returncode == 0, again.stderr
    assert "Internal error" not in again.stderr
    listed = run_learn("signals", cwd=git_repo)
    assert "Never commit to main." in listed.stdout
    assert all(path.exists() for path in foreign)  # not a pid: not known to be a dead writer's
