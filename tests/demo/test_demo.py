"""`learn demo` as a newcomer runs it: a real subprocess, real git, the bundled samples."""

from __future__ import annotations

import fnmatch
import json
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "altimate_learn" / "demo" / "samples"


def _tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def tmpdir_env(tmp_path: Path) -> dict[str, str]:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    # The user's own settings must not change the demo: learning switched off, a stray GIT_DIR.
    return {"TMPDIR": str(scratch), "ALTIMATE_LEARN": "0", "GIT_DIR": str(tmp_path / "not-a-repo")}


def test_demo_runs_every_stage_and_leaves_nothing_behind(run_learn, tmp_path, tmpdir_env, isolated_home):
    home_before = _tree(isolated_home)
    done = run_learn("demo", cwd=tmp_path, env=tmpdir_env)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    for stage in ("1. Capture", "2. Reflect", "3. Curate", "4. Review", "5. Promote", "6. Deliver"):
        assert f"\n{stage}:" in out
    # capture found both sessions and what they hold
    assert "claude-code  7c9e6679-7425-40de-944b-e07fc1f90ae7" in out
    assert "codex        0199f3a2-5b1c-7d40-9e2f-6a7b8c9d0e1f" in out
    assert "3 corrections added, 0 tool_retry added" in out
    assert "2 corrections added, 1 tool_retry added" in out
    assert re.findall(r"(\d+) malformed lines? skipped", out) == ["0", "0"]
    # reflect proposed lessons from the corrections; the curator kept one proposal and rejected two
    assert 'ADD L-' in out and "Use `source()` instead of selecting from raw tables directly." in out
    assert "Always convert `amount_cents` to dollars." in out
    assert "contains a URL" in out and "contains a shell command" in out
    assert "Diff (approved -> candidate): 6 added" in out
    assert "Promoted 'team-playbook': 26 approved lessons" in out
    # what the agent sees: the request brings the Shopify lesson, the new staging file the staging lessons
    deliver = out.split("\n6. Deliver:", 1)[1]
    request_part, file_part = deliver.split("PreToolUse Write models/staging/stg_shopify__orders.sql", 1)
    assert "deduplicate orders on `order_id`" in request_part.split("UserPromptSubmit", 1)[1]
    # "raw tables", "table names": rules about a kind of SQL, scoped to the dbt project's SQL (`models/**/*.sql`), not
    # to the one folder the agent had open (issue 20): the ref() lesson learned in a finance mart reaches a staging file
    assert "[applies to: models/**/*.sql] Use `source()` instead of selecting from raw tables directly." \
        "   ← learned above" in file_part
    assert "[applies to: models/**/*.sql] Use `ref()` instead of hardcoding the schema and table names." \
        "   ← learned above" in file_part
    assert "Always convert `amount_cents` to dollars." in file_part
    assert "4 of the 6 lessons learned above reached the agent in this session" in out
    assert "the temporary repository was removed" in out
    # nothing left behind, nothing written to the home folder
    assert _tree(Path(tmpdir_env["TMPDIR"])) == []
    assert _tree(isolated_home) == home_before
    assert _tree(tmp_path) == ["scratch"]


def test_demo_keep_leaves_an_explorable_repository(run_learn, tmp_path, tmpdir_env):
    kept = tmp_path / "kept"
    done = run_learn("demo", "--keep", str(kept), cwd=tmp_path, env={"TMPDIR": tmpdir_env["TMPDIR"]})
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Explore it: cd {kept} && learn status" in done.stdout
    assert _tree(Path(tmpdir_env["TMPDIR"])) == []
    approved = json.loads((kept / ".altimate-code" / "learn" / "team-playbook" / "approved.json").read_text())
    assert len(approved) == 26
    assert sorted(p.name for p in (kept / ".learn-demo").iterdir()) == [
        "7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl",
        "rollout-2026-11-19T09-41-05-0199f3a2-5b1c-7d40-9e2f-6a7b8c9d0e1f.jsonl",
        "teammate-deltas.json",
    ]
    log = subprocess.run(["git", "log", "--format=%an <%ae>"], cwd=kept, capture_output=True, text=True, check=True)
    assert log.stdout.strip() == "learn demo <demo@example.invalid>"
    # the sample inputs do not show up as changes; the promoted lessons do
    status = subprocess.run(["git", "status", "--porcelain"], cwd=kept, capture_output=True, text=True, check=True)
    assert ".learn-demo" not in status.stdout
    assert " M .altimate-code/learn/team-playbook/approved.json" in status.stdout
    status = run_learn("status", cwd=kept)
    assert status.returncode == 0
    assert "26 approved" in status.stdout


def test_demo_keep_refuses_a_folder_that_is_not_empty(run_learn, tmp_path):
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine\n")
    done = run_learn("demo", "--keep", str(busy), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip() == f"Error: --keep {busy}: that folder is not empty. Pass a new or empty folder."
    assert _tree(busy) == ["notes.txt"]


def test_every_sample_file_is_package_data():
    """A sample with an extension pyproject does not ship would be missing from a non-editable install."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["altimate_learn"]
    files = [p.relative_to(ROOT / "altimate_learn").as_posix() for p in SAMPLES.rglob("*") if p.is_file()]
    assert len(files) >= 5
    for name in files:
        # setuptools' `**/` also matches files directly in a folder, as fnmatch's `*` does across folders
        assert any(fnmatch.fnmatch(name, pattern.replace("**/", "*")) for pattern in patterns), name


def test_sample_transcripts_name_the_repository_only_through_the_placeholder():
    for path in list(SAMPLES.glob("claude-code/*.jsonl")) + list(SAMPLES.glob("codex/*.jsonl")):
        text = path.read_text(encoding="utf-8")
        assert "__REPO__" in text
        assert "/home/" not in text and "/Users/" not in text
        for line in text.splitlines():
            json.loads(line)


def test_a_failing_step_stops_the_demo_with_its_output_and_crash_log(tmp_path):
    from altimate_learn.demo.run import _Demo
    from altimate_learn.errors import LearnError

    repo, home = tmp_path / "repo", tmp_path / "home"
    repo.mkdir()
    logs = home / ".local" / "state" / "altimate-learn" / "logs"
    logs.mkdir(parents=True)
    (logs / "crash-20261129T000000Z.log").write_text("Traceback (most recent call last):\nBoom\n")
    printed: list[str] = []
    demo = _Demo(repo, home, printed.append)
    with pytest.raises(LearnError) as failure:
        demo.learn("no-such-command")
    assert failure.value.message == "the demo stopped: `learn no-such-command` exited with 2."
    text = "\n".join(printed)
    assert "   $ learn no-such-command" in text
    assert "No such command" in text
    assert "crash-20261129T000000Z.log:" in text and "     Boom" in text
