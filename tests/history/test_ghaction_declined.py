"""The Action's pull request: "closing it drops the lessons" (docs/github-action.md). A scheduled run starts
from a fresh checkout and re-imports the same review comments (the last 30 days), so it proposed the very
lessons a person had just declined, in a new pull request, every run until the comments aged out. Lessons a
closed, unmerged pull request of the branch proposed are now left out; new ones are still proposed."""

from __future__ import annotations

import json

from altimate_learn.store.fsio import canonical_json
from tests.fakes.model_server import FakeModelServer
from tests.history.fake_github import FakeGitHub, ago
from tests.history.test_ghaction import (  # noqa: F401
    APPROVED, BRANCH, action, clone, enterprise, fresh_checkout, git, writes,
)
from tests.review.conftest import lesson

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


# --- edits and removals (trial21) ---------------------------------------------------------------------------
# A closed pull request also says no to the edits and removals of approved lessons it proposed: the next run, which
# imports the same comments and gets the same answer, proposed them again in a new pull request.

FLOAT = lesson("L-1a2b3c4d", "Store money amounts as float in the reporting models.")
PRINT = lesson("L-5e6f7a8b", "Log progress of the nightly jobs with print() calls.")
DECIMAL = "Store money amounts as Decimal in the reporting models; float drifts by cents."
ANSWER = json.dumps({"deltas": [
    {"op": "EDIT", "id": FLOAT["id"], "text": DECIMAL, "reason": "reviewers asked for Decimal"},
    {"op": "REMOVE", "id": PRINT["id"], "reason": "reviewers asked for the logging module"}]})


def test_a_closed_pull_requests_edit_and_removal_are_not_proposed_again(clone, tmp_path, monkeypatch):  # noqa: F811
    (clone / APPROVED).parent.mkdir(parents=True, exist_ok=True)
    (clone / APPROVED).write_text(canonical_json([FLOAT, PRINT]))
    git(clone, "add", "--force", APPROVED)
    git(clone, "commit", "--quiet", "-m", "approved lessons")
    git(clone, "push", "--quiet", "origin", "main")
    with FakeGitHub(prefix="/api/v3", page_size=1) as github, FakeModelServer(ANSWER, auto_vet=True) as model:
        github.add_pull(140, "alice", merged=ago(days=1), updated=ago(hours=20), title="Reports")
        github.add_comment(140, 1401, "bob", "Money amounts must be Decimal in the reporting models; float drifts by "
                           "cents at month end.", created=ago(days=2), path="models/reports/revenue.sql")
        github.add_comment(140, 1402, "bob", "Use the logging module in the nightly jobs instead of print(); print "
                           "output is lost on the workers.", created=ago(days=2), path="jobs/nightly.py")
        monkeypatch.setenv("OPENAI_BASE_URL", model.openai_base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-000000000000000000")
        code, out, outputs = action("import-reviews", clone, github, tmp_path, model="openai/gpt-4o-mini")
        assert code == 0, out
        first = outputs["pull-request-number"]
        body = writes(github)[0]["body"]["body"]
        assert "**Edited (1)**" in body and "**Removed (1)**" in body and "**Added" not in body
        close_unmerged(github, first)
        # an unrelated closed pull request of the branch, newer: the declined one is on the second page
        github.add_pull(900, "github-actions[bot]", merged=None, updated=ago(hours=1), title="other")
        pull = next(p for p in github.pulls if p["number"] == 900)
        pull.update(state="closed", head={**pull["head"], "ref": BRANCH}, body="closed by hand")

        fresh_checkout(clone)
        code, out, outputs = action("import-reviews", clone, github, tmp_path, model="openai/gpt-4o-mini")
        assert code == 0, out
        assert (f'Edit of lesson {FLOAT["id"]} ("{FLOAT["text"]}" → "{DECIMAL}"): left out: declined in closed pull '
                f"request #{first}; the approved lesson stays as it is.") in out
        assert (f'Removal of lesson {PRINT["id"]} "{PRINT["text"]}": left out: declined in closed pull request '
                f"#{first}; the lesson stays.") in out
        assert "No new lessons: nothing to propose." in out
        assert [r["method"] for r in writes(github)] == ["POST"]  # no second pull request
        assert outputs["pull-request-number"] == ""
