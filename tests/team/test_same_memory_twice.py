"""Two teammates whose agents remembered the same rule: the team gets it once (trial31).

Ana's and Ben's Claude Code each saved the same feedback memory. Both run `learn import-memories`, which stages the
rule in each clone under its own id. Ana promotes and pushes; Ben pulls, then runs `learn show` and `learn promote`.
Before, Ben's promote merged his candidate onto the pulled set by id and approved.json held the rule twice (each
delivered, each counted). Now his copy is left out with a line naming the approved one, promote has nothing to do,
and the `learn reject` it advises records no rejection: Ben never rejected the rule his team approved, so `learn
status` must not say "overruled by the team" (nor does reject count Ana's lesson, pulled after he staged, as one he
removes)."""

from __future__ import annotations

import json

from altimate_learn.capture.sessions.claude_memory import memory_folders
from tests.team.conftest import Clone, Team
from tests.team.test_git_team import start

RULE = "Store money as integer cents, never floats."
MEMORY = ("---\nname: money\ndescription: how we store money\nmetadata:\n  type: feedback\n---\n\n"
          f"{RULE}\n\n**Why:** rounding errors in invoices.\n**How to apply:** every price and total column.\n")


def _remember(clone: Clone) -> None:
    folder = memory_folders(clone.root)[0][0]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "money.md").write_text(MEMORY)
    (folder / "MEMORY.md").write_text("- [money](money.md) how we store money\n")


def test_the_same_memory_imported_by_two_teammates_is_approved_once(team: Team):
    (ana, ben), _ = start(team, "ana", "ben")
    for clone in (ana, ben):
        _remember(clone)
        assert "Summary: 1 staged." in clone.learn("import-memories").stdout
    ana.learn("promote", "--yes")
    [ana_id] = [lesson["id"] for lesson in ana.approved() if lesson["text"] == RULE]
    ana.git("add", "-A")
    ana.git("commit", "-q", "-m", "learn: money", "--author", "Ana <ana@example.invalid>")
    ana.git("push", "-q", "origin", "main")
    ben.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    [ben_id] = [lesson["id"] for lesson in json.loads((ben.root / ".altimate-code/learn/team-playbook/candidate.json")
                                                      .read_text()) if lesson["text"] == RULE and lesson["id"] != ana_id]

    show = ben.learn("show").stdout
    assert "Diff: none (the candidate matches the approved lessons)" in show
    assert (f'[{ben_id}] "{RULE}" is approved already as {ana_id} (a teammate approved the same rule since this '
            "candidate was staged): left out") in show
    promote = ben.learn("promote", "--yes", check=False)
    assert promote.returncode == 1 and "is identical to the approved lessons. Run `learn reject`" in promote.stderr
    assert [lesson["text"] for lesson in ben.approved()].count(RULE) == 1

    # what Ben discards is his copy of a rule the team holds: no lesson of the team reads as one he removes
    assert "Discarded the candidate of 'team-playbook' (0 added, 0 edited, 0 removed)." in ben.learn("reject").stdout
    assert "overruled" not in ben.learn("status").stdout.lower()
    assert json.loads(ben.learn("status", "--json").stdout)["overruled"] == []
    assert "Overruled" not in ben.learn("show").stdout
    assert RULE in ben.session_start()

    # Ben's agent then rewrites its memory: the rewrite replaces the team's lesson, as Ana's own rewrite would
    folder = memory_folders(ben.root)[0][0]
    (folder / "money.md").write_text(MEMORY.replace(RULE, "Store money as integer cents (bigint), never floats."))
    out = ben.learn("import-memories").stdout
    assert f"replaces {ana_id} (superseded)" in out, out

