"""`learn revert RUN[:N]`, `learn pause` / `learn resume`, and the learner in `learn status`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.markers import LEARNED_CLOSE, LEARNED_OPEN
from tests.learner.conftest import EVERYTHING, MODEL, runs, user_config

CLAUDE_A = "aaaaaaaa-0000-4000-8000-000000000000"
CLAUDE_B = "bbbbbbbb-0000-4000-8000-000000000000"
MIGRATIONS_A = f"{CLAUDE_A}:fc3b28eb-a4fc-4f42-a859-d0ae9872487b:toolu_14Edit"
MIGRATIONS_B = f"{CLAUDE_B}:fc3b28eb-a4fc-4f42-a859-d0ae9872487b:toolu_14Edit"
DB = f"{CLAUDE_A}:c0ffee01-0000-4000-8000-000000000002"
PRINT_REF = f"{CLAUDE_A}:c0ffee01-0000-4000-8000-000000000001"
ALEMBIC = "Create a new `alembic revision` instead of editing existing migrations."
FIXTURE_RULE = "Use the test database fixture for migrations, never the dev database."
LESSON = "Log with the `structlog` logger from `app/logging.py`, never `print()`."
GUIDE = "# Shop API\n\nRun the app with `make dev`.\n"


@pytest.fixture
def learned(project: Path, isolated_home: Path, server, cli) -> tuple[Path, str]:
    """One run that wrote to AGENTS.md (which existed), created AGENTS.local.md, and staged a lesson."""
    user_config(isolated_home, learning_targets=["review", "project", "local"])
    (project / "AGENTS.md").write_text(GUIDE)
    server.deltas({"op": "ADD", "target": "project", "text": ALEMBIC, "reason": "r", "cites": [MIGRATIONS_A, MIGRATIONS_B]},
                  {"op": "ADD", "target": "local", "text": FIXTURE_RULE, "reason": "r", "cites": [DB]},
                  {"op": "ADD", "target": "review", "text": LESSON, "reason": "r", "cites": [PRINT_REF]})
    code, _, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)
    assert code == 0, err
    (record,) = runs(project)
    assert [c["target"] for c in record["changes"]] == ["review", "project", "local"]
    return project, record["id"]


def candidate(repo: Path) -> list[dict]:
    path = repo / ".altimate-code/learn/team-playbook/candidate.json"
    return json.loads(path.read_text()) if path.exists() else []


def test_reverting_a_whole_run_restores_every_file_and_withdraws_the_staged_item(learned, cli):
    repo, run_id = learned
    code, out, err = cli("revert", run_id)
    assert code == 0, err
    assert (repo / "AGENTS.md").read_text() == GUIDE  # exactly as before, appended blank line included
    assert not (repo / "AGENTS.local.md").exists()  # the run created it: deleted
    assert (repo / ".gitignore").read_text() == "AGENTS.local.md\n"  # the line stays
    assert candidate(repo) == [] and not (repo / ".altimate-code/learn/team-playbook/candidate.json").exists()
    assert "Reverted 1. review ADD" in out and "withdrawn from the candidate" in out
    assert "deleted" in out
    assert runs(repo)[-1]["op"] == "revert" and runs(repo)[-1]["changes"] == [1, 2, 3]
    code, _, err = cli("revert", run_id)
    assert code == 1 and "every change of run" in err and "was reverted already" in err
    code, out, _ = cli("runs")
    assert out.count("(reverted)") == 3


def test_reverting_one_change_takes_back_that_bullet_alone(learned, cli):
    repo, run_id = learned
    before = (repo / "AGENTS.local.md").read_text()
    code, out, err = cli("revert", f"{run_id}:2")
    assert code == 0, err
    assert (repo / "AGENTS.md").read_text() == GUIDE
    assert (repo / "AGENTS.local.md").read_text() == before and len(candidate(repo)) == 1
    code, _, err = cli("revert", f"{run_id}:2")
    assert code == 1 and "change 2 of run" in err and "was reverted already" in err
    code, _, err = cli("revert", f"{run_id}:9")
    assert code == 1 and "has no change 9 (it has 3)" in err


def test_a_block_someone_changed_since_the_run_is_left_alone(learned, cli):
    repo, run_id = learned
    text = (repo / "AGENTS.md").read_text().replace(f"- {ALEMBIC}\n", f"- {ALEMBIC}\n- A bullet a person added.\n")
    (repo / "AGENTS.md").write_text(text)
    code, out, _ = cli("revert", f"{run_id}:2")
    assert code == 1
    assert "Not reverted 2. project ADD" in out and "its block changed since the run wrote it" in out
    assert (repo / "AGENTS.md").read_text() == text


def test_text_outside_the_block_added_after_the_run_is_kept_by_a_revert(learned, cli):
    repo, run_id = learned
    path = repo / "AGENTS.md"
    path.write_text("# Added on top later\n" + path.read_text() + "\n## Added below later\n")
    assert cli("revert", f"{run_id}:2")[0] == 0
    text = path.read_text()
    assert text.startswith("# Added on top later\n# Shop API") and text.endswith("## Added below later\n")
    assert LEARNED_OPEN not in text and LEARNED_CLOSE not in text


def test_a_promoted_lesson_is_not_withdrawn(learned, cli):
    repo, run_id = learned
    assert cli("promote", "--yes")[0] == 0
    code, out, _ = cli("revert", f"{run_id}:1")
    assert code == 1 and "it was promoted already (`learn rollback` undoes a promote)" in out


def test_revert_of_an_unknown_run_or_a_run_that_changed_nothing_is_a_clear_error(project: Path, server, cli):
    code, _, err = cli("revert", "nope")
    assert (code, err.strip()) == (1, "Error: no learner run 'nope'. `learn runs` lists them.")
    assert cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)[0] == 0
    (record,) = runs(project)
    code, _, err = cli("revert", record["id"])
    assert code == 1 and err.strip() == f"Error: run {record['id']} changed nothing, so there is nothing to revert."
    code, _, err = cli("revert", f"{record['id']}:x")
    assert code == 1 and "the change number must be 1 or more" in err


def test_pause_stops_automatic_runs_and_resume_starts_them_again(project: Path, cli, monkeypatch: pytest.MonkeyPatch):
    from altimate_learn.config import load_settings
    from altimate_learn.learner.run import RunRequest, run
    from altimate_learn.store import project as project_paths

    monkeypatch.setenv("ALTIMATE_LEARN_CAPTURE", "1")
    monkeypatch.setenv("ALTIMATE_LEARN_AUTO", "1")
    code, out, _ = cli("pause")
    assert code == 0 and out.startswith("Learning paused for this project")
    assert "PAUSED since" in cli("status")[1]
    report = run(project_paths(project), load_settings(project, project), RunRequest(auto=True))
    assert report.status == "paused" and runs(project) == []
    code, out, _ = cli("run", "--now", "--since", EVERYTHING)  # a person may still run it by hand
    assert code == 0 and runs(project)[0]["status"] == "applied"
    assert any("paused" in n for n in runs(project)[0]["notes"])
    assert cli("pause")[1].startswith("Learning is already paused")
    assert cli("resume")[1].startswith("Learning resumed for this project.")
    assert cli("resume")[1].startswith("Learning is not paused")
    report = run(project_paths(project), load_settings(project, project), RunRequest(auto=True))
    assert report.status != "paused"


def test_status_shows_the_learner(project: Path, server, cli):
    code, out, _ = cli("status")
    assert "Continual learner: off (capture or automatic reflection is off (`learn enable` turns both on)); " \
           "targets: review" in out
    assert "last run: none (`learn run --now` starts one)" in out  # a bare `learn run` may answer "Not due"
    code, out, _ = cli("enable")
    assert code == 0 and "`learn run --now` runs it now" in out
    assert cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)[0] == 0
    code, out, _ = cli("status", "--json")
    info = json.loads(out)["learner"]
    assert info["on"] is True and info["paused"] is None and info["targets"] == ["review"]
    assert info["last_run"]["status"] == "no-change" and info["last_run"]["messages"] > 0
    assert "Continual learner: on; targets: review" in cli("status")[1]
    code, out, _ = cli("run", "--model", MODEL)  # typed by a person right after a run: not due, and says what does run
    assert code == 0 and out.startswith("Not due: the next run can start after ")
    assert out.rstrip().endswith("; `learn run --now` runs it anyway.")
    assert len(runs(project)) == 1


def test_status_and_enable_say_when_the_learner_writes_without_promote(project: Path, isolated_home: Path, cli):
    """review14 R14-22: with a project/local/global target the learner writes its block into an instruction file
    directly (spec 002), while the docs said nothing reaches an agent until `learn promote`: status and enable say
    so; with only `review` they say nothing."""
    code, out, _ = cli("enable")
    assert code == 0 and "no `learn promote`" not in out and "no `learn promote`" not in cli("status")[1]
    user_config(isolated_home, learning_targets=["review", "project"])
    code, out, _ = cli("status")
    assert ("  NOTE: with learning target project the learner writes its vetted bullets straight into the project's "
            "AGENTS.md (or CLAUDE.md in use), committed with your next commit (its `<!-- learn:learned -->` block), "
            "with no `learn promote`: agents read them from their next session.") in out
    code, out, _ = cli("enable")
    assert code == 0 and "with no `learn promote`" in out and "Review them in `git diff` before you commit" in out
    user_config(isolated_home, learning_targets=["local", "global"])
    out = cli("status")[1]
    assert "NOTE: with learning targets local, global the learner writes" in out and "AGENTS.local.md" in out
