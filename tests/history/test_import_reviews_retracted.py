"""A reviewer who takes a comment back later in the same thread ("Never mind, you're right: os.path is fine
here") did not mean it as a rule: the comment and the retraction are dropped as "retracted", never stored or
sent. A concession that keeps a rule ("You're right, but still use pathlib in new code") is kept, and a reply
by someone else never retracts the reviewer's comment."""

from __future__ import annotations

from tests.history.conftest import read_signals
from tests.history.fake_github import ago

WRONG = "Use pathlib.Path instead of os.path in this loader; we agreed on pathlib for every file helper."
BACK = "Never mind, you're right: os.path is fine here because of the Python 2 callers."
KEPT = "Always quote identifiers in the Snowflake SQL builders; mixed-case column names break otherwise."
KEPT_REPLY = "You're right about the callers, but still use pathlib in any new module you add to this package."
OTHER = "Cast amounts to Decimal before summing in the revenue helpers; floats drift by cents at scale."
OTHER_REPLY = "Never mind, I think floats are fine here for now, they are only used for display."


def test_a_comment_its_reviewer_took_back_is_dropped_as_retracted(cli, repo, github):
    github.add_pull(140, "alice", merged=ago(days=1), updated=ago(hours=20), title="Loader")
    github.add_comment(140, 4001, "bob", WRONG, created=ago(days=3), path="src/loader.py")
    github.add_comment(140, 4002, "alice", "os.path is needed: the module still has Python 2 callers.",
                       created=ago(days=3, hours=-1), reply_to=4001, path="src/loader.py")
    github.add_comment(140, 4003, "bob", BACK, created=ago(days=3, hours=-2), reply_to=4001, path="src/loader.py")
    github.add_comment(140, 4004, "bob", KEPT, created=ago(days=3), path="src/sql.py")
    github.add_comment(140, 4005, "bob", KEPT_REPLY, created=ago(days=3, hours=-1), reply_to=4004, path="src/sql.py")
    github.add_comment(140, 4006, "bob", OTHER, created=ago(days=3), path="src/revenue.py")
    github.add_comment(140, 4007, "carol", OTHER_REPLY, created=ago(days=3, hours=-1), reply_to=4006,
                       path="src/revenue.py", association="OWNER")
    code, out, err = cli("import-reviews", "--dry-run")
    assert code == 0, err
    assert "  taken back by its reviewer later in the thread: 2" in out
    assert "- PR #140 comment 4001: taken back by its reviewer later in the thread: \"Use pathlib.Path" in out

    code, out, err = cli("import-reviews", "--yes", "--max-reflections", "0")
    assert code == 0, err
    texts = [s["text"].split(": ", 1)[1] for s in read_signals(repo) if "/pull/140" in s["sessionID"]]
    assert texts == [KEPT, KEPT_REPLY, OTHER, OTHER_REPLY]
