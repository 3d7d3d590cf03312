"""`learn remember --approve` of a rule already approved counts it helpful in `approved.json` and leaves no
candidate behind: it left one (the same set, only the lesson's `updated` time differing), so `learn status`
said "1 in candidate", `learn show` showed a review with nothing in it, and `learn tidy` refused to run until
the person ran `learn promote` or `learn reject` on a change they never staged."""

from __future__ import annotations

from tests.gates.helpers import read_json, store_dir

RULE = "Use Decimal for money columns in staging models."


def test_an_approved_repeat_leaves_no_candidate_and_tidy_runs(git_repo, cli):
    assert cli("remember", RULE, "--approve")[0] == 0
    code, out, err = cli("remember", RULE, "--approve")
    assert code == 0, err
    assert out.startswith("Already a lesson (")
    assert read_json(git_repo, "approved.json")[0]["helpful"] == 1
    assert not (store_dir(git_repo) / "candidate.json").exists()
    code, out, err = cli("status")
    assert "lessons: 1 approved, nothing waiting for review" in out
    code, out, err = cli("tidy")
    assert code == 0, err


def test_an_approved_repeat_keeps_other_staged_changes(git_repo, cli):
    assert cli("remember", RULE, "--approve")[0] == 0
    assert cli("remember", "Name staging models stg_<source>__<table>.sql.")[0] == 0  # staged, not approved
    assert cli("remember", RULE, "--approve")[0] == 0
    staged = [lesson["text"] for lesson in read_json(git_repo, "candidate.json")]
    assert staged == [RULE, "Name staging models stg_<source>__<table>.sql."]
    assert [lesson["text"] for lesson in read_json(git_repo, "approved.json")] == [RULE]
