"""A rule one teammate rejected that another approves is heard, never silent (trial29's team gap).

Ana rejects a staged rule (with a reason); Ben's clone stages the same rule, he approves it and pushes; Ana pulls.
Before, nothing in Ana's clone said so: the rejection was a history line with ids only. Now `learn status`,
`learn show` and `learn doctor` name the lesson, who approved it (the commit's author and date), her reason and
the way out (`learn reject --withdraw ID` accepts it, `learn retire ID` proposes its removal to everyone); the
lesson is delivered meanwhile (the team's approval stands; nothing re-rejects it behind anyone's back)."""

from __future__ import annotations

import json

from tests.team.conftest import Clone, Team
from tests.team.test_git_team import CENTS, start

RULE = "Squash-merge every pull request; never rebase-merge."
REASON = "we keep linear history with rebase merges"


def _push_as_ben(ben: Clone, message: str) -> None:
    ben.git("add", "-A")
    ben.git("commit", "-q", "-m", message, "--author", "Ben <ben@example.invalid>")
    ben.git("push", "-q", "origin", "main")


def _pull(clone: Clone) -> None:
    clone.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")


def test_a_rule_rejected_here_and_approved_by_a_teammate_is_said_with_who_and_why(team: Team):
    (ana, ben), _ = start(team, "ana", "ben")
    ana.stage({"op": "ADD", "text": RULE, "reason": "review"})
    ana.learn("reject", "--reason", REASON)
    new = ben.add("squash-merge every pull request; never rebase-merge")  # the same rule, another id and case
    _push_as_ben(ben, "learn: squash")
    _pull(ana)

    commit = ben.git("rev-parse", "--short=10", "HEAD").stdout.strip()
    said = (f"[{new}] squash-merge every pull request; never rebase-merge (you rejected it on ")
    status = ana.learn("status").stdout
    assert "  overruled by the team: 1 rule you rejected was approved (or retired) by a teammate since:\n" in status
    assert said in status
    assert (f': "{REASON}"; approved by Ben (') in status and f", commit {commit})): it is delivered to every agent now." \
        in status
    assert f"`learn reject --withdraw {new}` accepts the team's approval; `learn retire {new} --reason …`" in status
    assert said in ana.learn("show").stdout and said in ana.learn("doctor").stdout
    [item] = json.loads(ana.learn("status", "--json").stdout)["overruled"]
    assert item["id"] == new and item["kind"] == "added" and item["reason"] == REASON and item["by"] == "Ben"
    assert item["commit"] == commit
    assert json.loads(ana.learn("doctor", "--json").stdout)["overruled"][0]["id"] == new
    assert json.loads(ana.learn("show", "--json").stdout)["overruled"][0]["id"] == new
    assert "squash-merge every pull request" in ana.session_start()  # the team's approval stands: delivered

    out = ana.learn("reject", "--withdraw", new[:6]).stdout
    assert out.startswith(f"Accepted the team's approval of [{new}] squash-merge every pull request; never "
                          "rebase-merge. Your rejection of ")
    assert "overruled" not in ana.learn("status").stdout and "Overruled" not in ana.learn("show").stdout
    again = ana.learn("reject", "--withdraw", new, check=False)
    assert again.returncode == 1
    assert "Nothing you rejected has been approved by the team since; nothing to withdraw." in again.stderr


def test_an_edit_rejected_here_and_approved_by_a_teammate_is_said(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    edit = {"op": "EDIT", "id": base_id, "reason": "broader",
            "text": "Convert `amount_cents` with `cents_to_dollars` in every model."}
    ana.stage(edit)
    ana.learn("reject", base_id)  # `reject ID`: the approved version is kept; no reason given
    ben.promote(edit)
    _push_as_ben(ben, "learn: broader")
    _pull(ana)
    status = ana.learn("status").stdout
    assert (f"[{base_id}] Convert `amount_cents` with `cents_to_dollars` in every model. (you rejected it on ") in status
    assert "; approved by Ben (" in status
    assert json.loads(ana.learn("status", "--json").stdout)["overruled"][0]["kind"] == "edited"


def test_a_removal_rejected_here_and_retired_by_a_teammate_is_said(team: Team):
    (ana, ben), base_id = start(team, "ana", "ben")
    ana.learn("retire", base_id, "--reason", "outdated")
    ana.learn("reject", "--reason", "still how staging works")
    ben.learn("retire", base_id, "--reason", "moved to the dbt macros")
    ben.learn("promote", "--yes")
    _push_as_ben(ben, "learn: retire cents")
    _pull(ana)
    status = ana.learn("status").stdout
    assert (f"[{base_id}] {CENTS} (you rejected its removal on ") in status
    assert ': "still how staging works"; retired by Ben (' in status and "it is no longer delivered." in status
    assert '): "moved to the dbt macros"): it is no longer delivered.' in status  # the teammate's reason too
    assert json.loads(ana.learn("status", "--json").stdout)["overruled"][0]["their_reason"] == "moved to the dbt macros"
    ana.learn("reject", "--withdraw", base_id)
    assert "overruled" not in ana.learn("status").stdout


def test_nothing_is_said_when_this_clone_approves_the_rule_itself_or_nobody_approved_it(team: Team):
    (ana, ben), _ = start(team, "ana", "ben")
    ana.stage({"op": "ADD", "text": RULE, "reason": "review"})
    ana.learn("reject")
    assert "overruled" not in ana.learn("status").stdout
    ana.add(RULE)  # she changed her mind and approved it herself
    assert "overruled" not in ana.learn("status").stdout
    assert json.loads(ana.learn("status", "--json").stdout)["overruled"] == []


def test_a_teammates_lesson_pulled_while_a_candidate_waits_is_no_rejected_removal(team: Team):
    """The candidate was staged before the pull, so it lacks the lesson Ben approved meanwhile; rejecting the
    candidate rejects what it changed against the set it was staged on, not a removal of Ben's lesson (which
    `learn show` never showed as one): Ben retiring it later is no news to tell Ana as an overruled rejection."""
    (ana, ben), _ = start(team, "ana", "ben")
    ana.stage({"op": "ADD", "text": RULE, "reason": "review"})
    new = ben.add("Store every timestamp in UTC before comparing sources.")
    _push_as_ben(ben, "learn: utc")
    _pull(ana)
    ana.learn("reject", "--reason", REASON)
    ben.learn("retire", new, "--reason", "the warehouse does it")
    ben.learn("promote", "--yes")
    _push_as_ben(ben, "learn: retire utc")
    _pull(ana)
    assert "overruled" not in ana.learn("status").stdout
    ben.stage({"op": "ADD", "text": RULE, "reason": "review"})  # the rule Ana did reject still counts
    ben.learn("promote", "--yes")
    _push_as_ben(ben, "learn: squash")
    _pull(ana)
    [item] = json.loads(ana.learn("status", "--json").stdout)["overruled"]
    assert item["kind"] == "added" and item["reason"] == REASON


def test_a_rule_rejected_here_and_staged_again_says_so_in_show(team: Team):
    """`learn reject` gives the signals back, so the next reflection may propose the same rule again: `learn show`
    names the earlier rejection and its reason instead of asking as if the rule were new."""
    (ana,), _ = start(team, "ana")
    ana.stage({"op": "ADD", "text": RULE, "reason": "review"})
    ana.learn("reject", "--reason", REASON)
    assert "Rejected before" not in ana.learn("show").stdout
    ana.stage({"op": "ADD", "text": "squash-merge every pull request; never rebase-merge", "reason": "review"})
    [staged] = [x for x in json.loads(ana.learn("show", "--json").stdout)["rejected_before"]]
    show = ana.learn("show").stdout
    assert "Rejected before in this clone: staged again (1)" in show
    assert (f"[{staged['id']}] squash-merge every pull request; never rebase-merge (you rejected it on ") in show
    assert f': "{REASON}"): `learn reject {staged["id"]}` rejects it again; promote it if you changed your mind.' in show
    assert staged["reason"] == REASON
    ana.learn("promote", "--yes")  # she changed her mind: approved here, so never "overruled" either
    assert "Rejected before" not in ana.learn("show").stdout and "overruled" not in ana.learn("status").stdout
