"""`learn tidy` / `learn undo` from the command line, with a real model provider (a fake server on 127.0.0.1)."""

from __future__ import annotations

import json

import pytest

from tests.fakes.model_server import FakeModelServer
from tests.tidy.helpers import AGENTS_MD, COMMIT, COMMIT_LONG, PROVEN, approved, lesson, setup, snapshot

REF = "Convert `amount_cents` with `cents_to_dollars()` in every model, except in analyses."
SEEDS = "Convert `amount_cents` in seeds as well."
MERGED = "Convert `amount_cents` with `cents_to_dollars()` in every model and seed, except in analyses."


@pytest.fixture
def model(monkeypatch):
    with FakeModelServer(auto_vet=True) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.openai_base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-tidy")
        yield server


def _tidy(cli, *args):
    return cli("tidy", "--model", "openai/gpt-4o-mini", *args)


def test_a_model_merge_replaces_a_group_with_one_rule_that_carries_both(git_repo, cli, model):
    setup(git_repo, [lesson("L-0001", REF), lesson("L-0002", SEEDS)])
    model.reply(json.dumps({"rules": [{"text": MERGED, "covers": ["L-0001", "L-0002"]}], "dropped": []}))
    code, out, err = _tidy(cli)
    assert code == 0, err
    [merged] = approved(git_repo)
    assert merged["text"] == MERGED
    assert f'MERGED L-0001, L-0002 into {merged["id"]}: "{MERGED.rstrip(".")}".' in out
    merge_calls = [r for r in model.requests if "<<<GROUP " in r.prompt]
    assert len(merge_calls) == 1 and "[L-0001] " + REF in merge_calls[0].prompt
    assert "Undo with `learn undo`." in out


@pytest.mark.parametrize("answer, why", [
    ({"rules": [{"text": MERGED, "covers": ["L-0001"]}]}, "L-0002 would vanish: not covered by any rule and not "
                                                          "dropped with a reason; the rewrite is discarded"),
    ({"rules": [{"text": MERGED, "covers": ["L-0001"]}], "dropped": [{"id": "L-0002", "reason": ""}]},
     "L-0002 is dropped without a reason"),
    ({"rules": [{"text": MERGED, "covers": ["L-0001", "L-0002", "L-9999"]}]}, "claims L-9999, which was not an input"),
], ids=["vanished", "dropped-without-reason", "unknown-id"])
def test_a_rewrite_that_loses_a_lesson_is_refused_by_the_coverage_check(git_repo, cli, model, answer, why):
    setup(git_repo, [lesson("L-0001", REF), lesson("L-0002", SEEDS)])
    model.reply(json.dumps(answer))
    code, out, err = _tidy(cli)
    assert code == 0, err
    assert [l["text"] for l in approved(git_repo)] == [REF, SEEDS]
    assert "Note: coverage check: " in out and why in out


def test_a_merge_that_drops_an_exception_fails_the_audit(git_repo, cli, model):
    setup(git_repo, [lesson("L-0001", REF), lesson("L-0002", SEEDS)])
    model.reply(json.dumps({"rules": [{"text": "Convert `amount_cents` with `cents_to_dollars()` everywhere.",
                                       "covers": ["L-0001", "L-0002"]}]}))
    code, out, err = _tidy(cli)
    assert code == 0, err
    assert [l["text"] for l in approved(git_repo)] == [REF, SEEDS]
    assert "drops L-0001: the 'except' clause (analys); its originals stay" in out


def test_dry_run_prints_the_plan_and_the_diffs_and_writes_nothing(git_repo, cli):
    setup(git_repo, [lesson("L-0001", PROVEN, helpful=1), lesson("L-0002", COMMIT), lesson("L-0003", COMMIT_LONG)],
          delivered={"L-0001": 10})
    before = snapshot(git_repo)
    code, out, err = cli("tidy", "--dry-run")
    assert code == 0, err
    assert snapshot(git_repo) == before
    assert f'NOW PERMANENT L-0001 "{PROVEN.rstrip(".")}" (delivered in 10 sessions, helpful − harmful 1).' in out
    assert "--- a/AGENTS.md\n+++ b/AGENTS.md\n" in out and f"+- {PROVEN}\n" in out
    assert out.rstrip().endswith("Nothing was written (--dry-run).")


def test_tidy_then_undo_from_the_command_line(git_repo, cli):
    setup(git_repo, [lesson("L-0001", PROVEN, helpful=1), lesson("L-0002", COMMIT)], delivered={"L-0001": 10})
    before = snapshot(git_repo)
    code, out, err = cli("tidy")
    assert code == 0, err
    assert (git_repo / "AGENTS.md").read_text() != AGENTS_MD
    code, out, err = cli("undo")
    assert code == 0, err
    assert out.startswith("Undid the tidy of ") and "AGENTS.md" in out
    assert snapshot(git_repo) == before
    code, out, err = cli("undo")
    assert code == 1 and err.startswith("Error: nothing to undo: no tidy since the last undo.")


def test_tidy_with_nothing_to_do_says_so(git_repo, cli):
    setup(git_repo, [lesson("L-0001", COMMIT)], agents=None, claude=None)
    cli("vet")
    code, out, err = cli("tidy")
    assert code == 0, err
    assert out.splitlines()[-1] == "Nothing to tidy: 1 lesson in force (max_in_force 40)."


def test_tidy_in_a_project_without_lessons_writes_nothing(git_repo, cli):
    before = snapshot(git_repo)
    code, out, err = cli("tidy")
    assert code == 0, err
    assert out.splitlines()[-1] == "Nothing to tidy: 0 lessons in force (max_in_force 40)."
    assert snapshot(git_repo) == before


HANDLERS = ("Keep route handlers in `src/shop/api.py` thin: put business logic in `src/shop/services/`, one module "
            "per resource.")
HANDLERS_TESTED = ("Keep route handlers in `src/shop/api.py` thin: put business logic in `src/shop/services/` and "
                   "cover it with unit tests there.")


def test_offline_tidy_keeps_two_lessons_that_each_say_something_the_other_does_not(git_repo, cli):
    """review14 R14-6: offline, "one carries another" let 80% of the words do, so the pair was merged and "cover it
    with unit tests there" was in no lesson any more (`learn check` called them a duplicate too)."""
    from altimate_learn.review.check import duplicate_warnings
    from altimate_learn.tidy.rewrite import duplicates

    lessons = [lesson("L-0001", HANDLERS), lesson("L-0002", HANDLERS_TESTED), lesson("L-0003", COMMIT),
               lesson("L-0004", COMMIT_LONG)]
    setup(git_repo, lessons, agents=None, claude=None)
    assert duplicates(lessons) == [("L-0004", ["L-0003"])]  # a lesson the other carries whole is still merged
    assert [p.lesson for p in duplicate_warnings(lessons, git_repo)] == ["L-0004 L-0003"]
    code, out, err = cli("tidy")
    assert code == 0, err
    assert {item["text"] for item in approved(git_repo)} >= {HANDLERS, HANDLERS_TESTED}
    assert COMMIT not in {item["text"] for item in approved(git_repo)}
    # the merged-away lesson's shared record (review13 R13-13: the team's clones refuse it too); undo takes it back
    shared = git_repo / ".altimate-code" / "learn" / "team-playbook" / "retired" / "L-0003.json"
    [record] = json.loads(shared.read_text())
    assert record["text"] == COMMIT and record["reason"].startswith("merged into L-0004")
    assert cli("undo")[0] == 0 and not shared.exists()
