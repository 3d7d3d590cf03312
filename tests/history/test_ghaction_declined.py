"""The Action's pull request: "closing it drops the lessons" (docs/github-action.md). A scheduled run starts
from a fresh checkout and re-imports the same review comments (the last 30 days), so it proposed the very
lessons a person had just declined, in a new pull request, every run until the comments aged out. Lessons a
closed, unmerged pull request of the branch proposed are now left out; new ones are still proposed."""

from __future__ import annotations

from tests.history.fake_github import ago
from tests.history.test_ghaction import action, clone, enterprise, fresh_checkout, git, writes  # noqa: F401

NEW = "Use `snake_case` column names in every mart model; camelCase names break the BI dashboards we ship."


def close_unmerged(github, number: str) -> None:
    pull = next(p for p in github.pulls if str(p["number"]) == number)
    pull.update(state="closed", closed_at=ago(hours=1), merged_at=None)


def test_a_closed_pull_request_is_not_proposed_again(clone, enterprise, tmp_path):  # noqa: F811
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    first = outputs["pull-request-number"]
    first_body = writes(enterprise)[0]["body"]["body"]
    close_unmerged(enterprise, first)

    fresh_checkout(clone)
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    assert "No new lessons: nothing to propose." in out
    assert f"left out: declined in closed pull request #{first}" in out
    assert [r["method"] for r in writes(enterprise)] == ["POST"]  # no second pull request
    assert outputs["pull-request-number"] == ""

    # a new reviewer's rule after that: only it is proposed
    enterprise.add_pull(130, "alice", merged=ago(hours=3), updated=ago(hours=2), title="Marts")
    enterprise.add_comment(130, 1301, "bob", NEW, created=ago(hours=5), path="models/marts/orders.sql")
    fresh_checkout(clone)
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    posts = [r for r in writes(enterprise) if r["method"] == "POST"]
    assert len(posts) == 2
    body = posts[1]["body"]["body"]
    assert "**Added (1)**" in body and "snake_case" in body
    git(clone, "fetch", "--quiet", "origin")
    approved = git(clone, "show", "origin/learn/import-reviews:.altimate-code/learn/team-playbook/approved.json")
    assert "snake_case" in approved
    for line in first_body.splitlines():
        if line.startswith("- `L-"):
            assert line.split("` ", 1)[1].split(" (applies to")[0] not in approved
