"""An acknowledgement or status reply ("Done, fixed in 3fa2b1c.", "Addressed in the latest commit", "Thanks,
merged") carries no rule, whoever wrote it: import-reviews drops it with its reason, never stores or sends it. A
real rule in the same comment keeps it (trial20: a member's "Done, fixed in 3fa2b1c." on another's PR was kept as a
review signal)."""

from __future__ import annotations

import pytest

from altimate_learn.history.reviews import text_reason
from tests.history.conftest import read_signals
from tests.history.fake_github import ago

RULE = "Cast amounts to Decimal before summing in the revenue helpers; floats drift by cents at scale."
ACKS = ["Done, fixed in 3fa2b1c.", "Addressed in the latest commit, thanks!", "Thanks, merged. Good catch!",
        "Good catch, I've updated it as suggested."]
WITH_RULE = "Done. Going forward, always cast amounts to Decimal before you sum them in any helper."


def test_acknowledgements_by_a_member_are_dropped_with_their_reason(cli, repo, github):
    github.add_pull(150, "alice", merged=ago(days=1), updated=ago(hours=20), title="Revenue")
    github.add_comment(150, 5001, "bob", RULE, created=ago(days=3), path="src/revenue.py")
    for n, text in enumerate(ACKS):  # carol is a member who did not write the PR
        github.add_comment(150, 5002 + n, "carol", text, created=ago(days=3, hours=-1 - n), reply_to=5001,
                           path="src/revenue.py", association="MEMBER")
    github.add_comment(150, 5010, "carol", WITH_RULE, created=ago(days=2), path="src/tax.py", association="MEMBER")
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert f'  an acknowledgement or status reply ("done", "fixed in <sha>"), no rule: {len(ACKS)}' in out
    assert ('- PR #150 comment 5002: an acknowledgement or status reply ("done", "fixed in <sha>"), no rule: '
            '"Done, fixed in 3fa2b1c."') in out

    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    texts = [s["text"].split(": ", 1)[1] for s in read_signals(repo) if "/pull/150" in s["sessionID"]]
    assert texts == [RULE, WITH_RULE]


@pytest.mark.parametrize("body", [
    "Done, fixed in 3fa2b1c.", "Fixed in #4812, thanks", "Addressed in the latest commit.", "Thanks, merged it now!",
    "Resolved via https://github.com/o/r/commit/3fa2b1c9 and 8e1d2c3", "Good catch, I've fixed it now.",
    "Updated as requested, thank you!",
])
def test_status_replies_are_acknowledgements(body):
    assert text_reason(body) == "acknowledgement"


@pytest.mark.parametrize("body", [
    WITH_RULE, "Done, but keep the retry loop in the HTTP client.", "No, this is not done yet: the float is still there.",
    "This should be done in the service layer, not in the view.", "Please fix this in the next commit, it leaks.",
])
def test_a_rule_or_a_request_in_the_comment_keeps_it(body):
    assert text_reason(body) is None
