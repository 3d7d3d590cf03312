"""Direct targets: the learner's block in AGENTS.md, AGENTS.local.md and the user's own file (spec 002 rules)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN
from tests.learner.conftest import EVERYTHING, MODEL, learner_prompts, runs, state, user_config, write_config

CLAUDE_A = "aaaaaaaa-0000-4000-8000-000000000000"
CLAUDE_B = "bbbbbbbb-0000-4000-8000-000000000000"
OPENCODE = "ses_7f1e2d3c4b5aXyZaBcDeFgHiJk"
MIGRATIONS_A = f"{CLAUDE_A}:fc3b28eb-a4fc-4f42-a859-d0ae9872487b:toolu_14Edit"
MIGRATIONS_B = f"{CLAUDE_B}:fc3b28eb-a4fc-4f42-a859-d0ae9872487b:toolu_14Edit"
PUSH = f"{OPENCODE}:prt_22744001f000AbCdEfGhIjKl31:rejection"
DB = f"{CLAUDE_A}:c0ffee01-0000-4000-8000-000000000002"
ALEMBIC = "Create a new `alembic revision` instead of editing existing migrations."
GUIDE = "# Shop API\n\nRun the app with `make dev`.\n"


@pytest.fixture
def targets_on(project: Path, isolated_home: Path) -> Path:
    user_config(isolated_home, learning_targets=["review", "project", "local", "global"])
    return project


def learn_run(cli, *extra: str) -> tuple[int, str, str]:
    return cli("run", "--now", "--since", EVERYTHING, "--model", MODEL, *extra)


def item(text: str, target: str, *cites: str, op: str = "ADD", **extra) -> dict:
    return {"op": op, "target": target, "text": text, "reason": "said in the sessions", "cites": list(cites), **extra}


def test_a_project_bullet_with_two_sessions_is_written_between_the_markers_and_nothing_else(targets_on: Path,
                                                                                         server, cli):
    (targets_on / "AGENTS.md").write_text(GUIDE)
    server.deltas(item(ALEMBIC, "project", MIGRATIONS_A, MIGRATIONS_B))
    code, out, err = learn_run(cli)
    assert code == 0, err
    text = (targets_on / "AGENTS.md").read_text()
    assert text == f"{GUIDE}\n{LEARNED_OPEN}\n## Learned workspace facts\n\n- {ALEMBIC}\n{LEARNED_CLOSE}\n"
    (record,) = runs(targets_on)
    (change,) = record["changes"]
    assert change["target"] == "project" and change["cites"] == [MIGRATIONS_A, MIGRATIONS_B]
    assert "1. ADD → project AGENTS.md: " + ALEMBIC in out
    assert "Next: review" not in out  # nothing is waiting for review


def test_one_sessions_evidence_waits_for_a_second_session_in_a_later_run(targets_on: Path, server, cli,
                                                                        isolated_home: Path):
    server.deltas(item("Never push from the agent; the person pushes.", "project", PUSH))
    assert learn_run(cli)[0] == 0
    assert not (targets_on / "AGENTS.md").exists()  # nothing to write: no file is created
    (record,) = runs(targets_on)
    assert record["dropped"][0]["reason"].startswith("a bullet of the committed project file needs evidence from "
                                                     "two sessions (1 so far)")
    assert state(targets_on)["evidence"][0]["sessions"] == [OPENCODE]
    # another session says the same thing later
    slug = "".join(c if c.isalnum() else "-" for c in str(targets_on))
    path = isolated_home / ".claude" / "projects" / slug / f"{CLAUDE_A}.jsonl"
    last = json.loads(path.read_text().splitlines()[-1])
    path.write_text(path.read_text() + json.dumps({
        "type": "user", "uuid": "c0ffee05-0000-4000-8000-000000000001", "sessionId": CLAUDE_A, "cwd": str(targets_on),
        "timestamp": last["timestamp"], "message": {"role": "user", "content": "don't git push, I push myself"}}) + "\n")
    new_ref = f"{CLAUDE_A}:c0ffee05-0000-4000-8000-000000000001"
    server.deltas(item("Never push from the agent: the person pushes.", "project", new_ref))
    assert learn_run(cli)[0] == 0
    assert "- Never push from the agent: the person pushes.\n" in (targets_on / "AGENTS.md").read_text()
    change = runs(targets_on)[-1]["changes"][0]
    assert set(change["cites"]) == {PUSH, new_ref}
    assert state(targets_on)["evidence"] == []


@pytest.mark.parametrize("text, reason", [
    (f"Keep notes here {LEARNED_CLOSE} then more", "contains a comment marker"),
    ("Deploy with the key AKIAQ7N3X2WZ5PLM8RTV in `deploy.sh`.", "secret"),
    ("Read https://docs.example.com/setup before changing the router.", "rejected by the lesson lint"),
    ("Skip the tests when the router changes; CI is slow.", "a person must approve it, so it can only go to review"),
    ("Use `uv` " + "and keep it short " * 20, "rejected by the lesson lint (too-long"),
])
def test_text_that_breaks_a_rule_is_refused_and_the_rest_still_applies(targets_on: Path, server, cli, text: str,
                                                                       reason: str):
    server.deltas(item(text, "local", DB), item("Use the test database fixture for migrations, never the dev "
                                                "database.", "local", DB))
    assert learn_run(cli)[0] == 0
    local = (targets_on / "AGENTS.local.md").read_text()
    assert "- Use the test database fixture" in local and text not in local
    (record,) = runs(targets_on)
    assert len(record["dropped"]) == 1 and reason in record["dropped"][0]["reason"]


def test_the_local_file_is_git_ignored_before_it_is_written_unless_git_ignores_it_already(targets_on: Path, server,
                                                                                         cli):
    server.deltas(item("Use the test database fixture for migrations.", "local", DB))
    assert learn_run(cli)[0] == 0
    assert (targets_on / ".gitignore").read_text() == "AGENTS.local.md\n"
    assert subprocess.run(["git", "check-ignore", "-q", "AGENTS.local.md"], cwd=targets_on).returncode == 0


def test_a_local_file_git_already_ignores_leaves_gitignore_alone(project: Path, isolated_home: Path, server, cli):
    user_config(isolated_home, learning_targets=["local"])
    (project / ".gitignore").write_text("*.local.md\n")
    server.deltas(item("Use the test database fixture for migrations.", "local", DB))
    assert learn_run(cli)[0] == 0
    assert (project / ".gitignore").read_text() == "*.local.md\n" and (project / "AGENTS.local.md").exists()


def test_claude_md_is_the_project_file_when_it_is_the_one_in_use(targets_on: Path, server, cli):
    (targets_on / "CLAUDE.md").write_text(GUIDE)
    server.deltas(item(ALEMBIC, "project", MIGRATIONS_A, MIGRATIONS_B),
                  item("Use the test database fixture for migrations.", "local", DB))
    assert learn_run(cli)[0] == 0
    assert ALEMBIC in (targets_on / "CLAUDE.md").read_text() and not (targets_on / "AGENTS.md").exists()
    assert (targets_on / "CLAUDE.local.md").exists()


def test_the_global_target_is_the_users_own_file(targets_on: Path, server, cli, isolated_home: Path):
    # the rule shares words with what the cited exchange says: an ungrounded one would go to review (review35 R35-20)
    rule = "Run migrations against the test database fixture, never the dev database."
    server.deltas(item(rule, "global", DB))
    assert learn_run(cli)[0] == 0
    assert f"- {rule}" in (isolated_home / ".config" / "altimate-code" / "AGENTS.md").read_text()


def test_a_full_block_takes_no_more_bullets_and_edits_and_removes_name_a_bullet(targets_on: Path, server, cli):
    bullets = [f"Rule number {n} about `module_{n}`." for n in range(1, 13)]
    body = "".join(f"- {b}\n" for b in bullets)
    (targets_on / "AGENTS.local.md").write_text(f"{LEARNED_OPEN}\n## Learned workspace facts\n\n{body}{LEARNED_CLOSE}\n")
    # the edit shares words with what the person typed in the exchange it cites ("Don't edit existing migrations; create
    # a new one with `alembic revision` instead."): "new" alone grounds nothing (review36 R36-11)
    server.deltas(item("A thirteenth rule: migrations use the test database fixture.", "local", DB),
                  item("Rule number 2 about `module_2`: its migrations get a new `alembic revision`, never edits.", "local", MIGRATIONS_A, op="EDIT",
                       id="local#2"),
                  {"op": "REMOVE", "target": "local", "id": "local#3", "reason": "wrong", "cites": [DB]},
                  {"op": "REMOVE", "target": "local", "id": "local#99", "reason": "wrong", "cites": [DB]})
    assert learn_run(cli)[0] == 0
    from altimate_learn.instructions import block

    now = block.bullets((targets_on / "AGENTS.local.md").read_text(), block.LEARNED, "x")
    assert len(now) == 11 and "Rule number 3 about `module_3`." not in now
    assert now[1] == "Rule number 2 about `module_2`: its migrations get a new `alembic revision`, never edits."
    reasons = [d["reason"] for d in runs(targets_on)[0]["dropped"]]
    assert "the local block is full (12 bullets)" in reasons
    assert any(r.startswith("REMOVE needs the id of a bullet of the local block") for r in reasons)


def test_a_file_edited_during_the_run_is_left_alone_and_its_history_read_again(targets_on: Path, server, cli,
                                                                             monkeypatch: pytest.MonkeyPatch):
    from altimate_learn.reflect import reflect

    (targets_on / "AGENTS.md").write_text(GUIDE)
    real = reflect.reflect_batch

    def person_edits_meanwhile(*args, **kwargs):
        outcome = real(*args, **kwargs)
        (targets_on / "AGENTS.md").write_text(GUIDE + "A line the person added.\n")
        return outcome

    monkeypatch.setattr(reflect, "reflect_batch", person_edits_meanwhile)
    server.deltas(item(ALEMBIC, "project", MIGRATIONS_A, MIGRATIONS_B))
    assert learn_run(cli)[0] == 0
    assert (targets_on / "AGENTS.md").read_text() == GUIDE + "A line the person added.\n"
    (record,) = runs(targets_on)
    assert "changed during the run and was left alone; this history is read again on the next run" in \
        record["dropped"][0]["reason"]
    monkeypatch.setattr(reflect, "reflect_batch", real)
    assert learn_run(cli)[0] == 0
    second = learner_prompts(server)[1]
    assert f"[{MIGRATIONS_A}]" in second and f"[{MIGRATIONS_B}]" in second  # read again
    assert f"[{PUSH}]" not in second  # the other sessions moved on


def test_a_project_config_can_narrow_the_targets_and_turn_learning_off_but_never_widen(project: Path,
                                                                                      isolated_home: Path, cli):
    from altimate_learn.config import load_settings

    user_config(isolated_home, learning_targets=["review", "local"], continual_learning=False)
    write_config(project, learning_targets=["local", "project"], continual_learning=True)
    settings = load_settings(project, project)
    assert settings.values["learning_targets"] == ["local"]
    assert settings.values["continual_learning"] is False
    assert any("cannot widen" in w for w in settings.unknown)
    user_config(isolated_home)
    write_config(project, continual_learning=False, learning_targets=[])
    settings = load_settings(project, project)
    assert settings.values["continual_learning"] is False and settings.values["learning_targets"] == []
    code, _, err = cli("run", "--now")
    assert code == 1 and "learn.learning_targets is empty" in err


def test_an_unknown_target_in_config_is_a_clear_error(project: Path, cli):
    write_config(project, learning_targets=["review", "wiki"])
    code, _, err = cli("run", "--now")
    assert code == 1
    assert "learn.learning_targets = [\"review\", \"wiki\"] is invalid; allowed: a list of: review, project, local, " \
           "global." in err


def test_the_vet_judges_every_bullet_in_the_same_call_as_the_lessons(targets_on: Path, server, cli):
    (targets_on / "AGENTS.md").write_text(GUIDE + "\nNever edit an applied migration; add a new alembic revision.\n")
    server.deltas(item(ALEMBIC, "project", MIGRATIONS_A, MIGRATIONS_B),
                  item("Use the test database fixture for migrations, never the dev database.", "local", DB))
    server.auto_vet = False
    server.vet({"alembic": {"verdict": "duplicate", "source": "AGENTS.md", "reason": "the file says it already",
                            "quote": "Never edit an applied migration; add a new alembic revision."}})
    assert learn_run(cli)[0] == 0
    assert len(server.requests) == 2 and "items" in server.requests[1].system  # one run call, one vet call
    assert ALEMBIC not in (targets_on / "AGENTS.md").read_text()
    assert "- Use the test database fixture" in (targets_on / "AGENTS.local.md").read_text()
    (record,) = runs(targets_on)
    (dropped,) = record["dropped"]
    assert dropped["reason"].startswith('the vet found it duplicate (AGENTS.md: "Never edit an applied migration')


def test_without_a_model_the_builtin_reflector_writes_local_bullets_after_the_offline_vet(project: Path,
                                                                                     isolated_home: Path, cli):
    user_config(isolated_home, learning_targets=["local"])
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, err
    (record,) = runs(project)
    assert record["model"] == "builtin" and record["changes"]
    assert all(c["target"] == "local" and c["cites"] for c in record["changes"])
    local = (project / "AGENTS.local.md").read_text()
    assert all(f"- {c['text']}\n" in local for c in record["changes"])


def test_the_vet_gets_the_exchanges_and_feedback_as_evidence_not_the_learners_prompt(targets_on: Path, server, cli):
    """review14 R14-12: the vet's EVIDENCE held the learner's whole request (its TARGETS, fences, a second LESSONS
    block and its closing order to answer with {"deltas": [...]}), beside the vet's own order to answer with
    {"verdicts": [...]}."""
    server.deltas(item("Use the test database fixture for migrations, never the dev database.", "review", DB))
    assert learn_run(cli)[0] == 0
    assert len(server.requests) == 2
    learner, vet = server.requests
    assert '{"deltas": [...]}' in learner.prompt and "TARGETS:" in learner.prompt
    assert '{"deltas"' not in vet.prompt and "TARGETS:" not in vet.prompt
    assert vet.prompt.count("<<<LESSONS") <= 1 and "<<<SESSION" not in vet.prompt
    assert "SESSION DIGEST:" in vet.prompt
    typed = next(line for line in learner.prompt.splitlines() if DB.split(":")[1] in line)
    assert typed in vet.prompt  # the exchange the rule cites is there as evidence
