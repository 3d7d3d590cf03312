"""A Windows teammate (core.autocrlf=true) checks clean, commits, and gets lessons delivered."""

from __future__ import annotations

from tests.team.conftest import Team

CENTS = "Convert `amount_cents` to dollars with `cents_to_dollars` in staging models."
CTE = "Prefer CTEs over nested subqueries in every model."


def test_an_autocrlf_clone_of_a_set_up_repository_has_lf_and_checks_clean(team: Team):
    ana = team.clone("ana")
    ana.learn("enable")
    ana.add(CENTS)
    ana.commit("lessons and .gitattributes")
    ana.git("push", "-q", "origin", "main")

    win = team.clone("win", "core.autocrlf=true")
    assert b"\r\n" not in win.approved_path.read_bytes()  # `text eol=lf` wins over autocrlf
    assert (win.root / "README.md").read_bytes() == b"# project\r\n"  # other files do get CRLF
    assert win.learn("check").stdout == "OK: 1 file, 1 lesson.\n"
    win.add(CTE)
    win.commit("win: a lesson")
    assert win.git("show", "HEAD:.altimate-code/learn/team-playbook/approved.json").stdout.count("\r") == 0
    assert CENTS in win.session_start() and CTE in win.session_start()


def test_an_autocrlf_clone_without_the_attributes_has_crlf_and_still_checks_delivers_and_commits(team: Team):
    ana = team.clone("ana", setup=False)
    ana.add(CENTS)
    ana.git("add", "-A")
    ana.git("commit", "-q", "-m", "lessons, before learn set git up")
    ana.git("push", "-q", "origin", "main")

    win = team.clone("win", "core.autocrlf=true", setup=False)
    assert b"\r\n" in win.approved_path.read_bytes()
    assert win.learn("check").stdout == "OK: 1 file, 1 lesson.\n"
    assert CENTS in win.session_start()
    win.add(CTE)  # learn writes LF; git stores LF either way, and nothing else shows as changed
    assert win.git("diff", "--stat").stdout.strip().endswith("1 file changed, 11 insertions(+)")
    win.commit("win: a lesson")
    assert win.git("status", "--porcelain").stdout == ""
    assert win.learn("check").stdout == "OK: 1 file, 2 lessons.\n"
