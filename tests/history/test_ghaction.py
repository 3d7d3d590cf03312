"""The GitHub Action (`action.yml`) and its script, `python -m altimate_learn.ghaction`, run as the Action runs
them: a real process, a real git clone whose `origin` is a real (local, bare) repository, and the fake GitHub
API over HTTP at `GITHUB_API_URL`, here under GitHub Enterprise's `/api/v3` prefix."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from altimate_learn.ghaction import MARKER
from altimate_learn.store.fsio import canonical_json
from tests.conftest import git as git_out
from tests.history.fake_github import TOKEN, FakeGitHub, scenario
from tests.review.conftest import lesson

REPO = Path(__file__).resolve().parents[2]
BRANCH = "learn/import-reviews"
APPROVED = ".altimate-code/learn/team-playbook/approved.json"


@pytest.fixture
def enterprise() -> Iterator[FakeGitHub]:
    with FakeGitHub(prefix="/api/v3") as fake:
        scenario(fake)
        yield fake


@pytest.fixture
def clone(git_repo: Path, tmp_path: Path) -> Path:
    """A checkout of `main` as actions/checkout leaves it, pushing to a bare `origin`."""
    origin = tmp_path / "origin.git"
    subprocess.run(["git", "init", "--quiet", "--bare", "--initial-branch=main", str(origin)], check=True)
    git(git_repo, "branch", "-M", "main")
    git(git_repo, "remote", "add", "origin", str(origin))
    git(git_repo, "push", "--quiet", "origin", "main")
    return git_repo


def git(cwd: Path, *args: str) -> str:
    return git_out(cwd, *args).strip()


def action(step: str, root: Path, github: FakeGitHub | None, tmp_path: Path, **inputs: str) -> tuple[int, str, dict]:
    """Run one step of the Action as its `run:` line does, with the variables GitHub Actions sets."""
    output = tmp_path / "github_output"
    output.write_text("")
    env = {**os.environ, "GITHUB_REPOSITORY": "acme/widgets", "GITHUB_TOKEN": TOKEN,
           "GITHUB_WORKSPACE": str(root), "GITHUB_OUTPUT": str(output),
           "GITHUB_API_URL": github.url if github else "http://127.0.0.1:9/unused"}
    env.update({f"LEARN_ACTION_{k.upper()}": v for k, v in inputs.items()})
    done = subprocess.run([sys.executable, "-m", "altimate_learn.ghaction", step], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return done.returncode, done.stdout + done.stderr, outputs


def writes(github: FakeGitHub) -> list[dict]:
    return [r for r in github.requests if r["method"] != "GET"]


def branch_file(origin_of: Path, path: str) -> str:
    return git(origin_of, "show", f"origin/{BRANCH}:{path}")


def fresh_checkout(root: Path) -> None:
    """What the next scheduled run starts from: `main`, with nothing left of the last run."""
    git(root, "checkout", "--quiet", "main")
    git(root, "clean", "-fdxq")


def test_import_reviews_opens_one_pull_request_then_updates_it(clone, enterprise, tmp_path):
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    # the lessons were committed on the branch, and only approved.json
    git(clone, "fetch", "--quiet", "origin")
    approved = json.loads(branch_file(clone, APPROVED))
    assert approved and all(re.match(r"^L-[0-9a-f]+$", item["id"]) for item in approved)
    changed = git(clone, "diff", "--name-only", f"origin/main..origin/{BRANCH}").splitlines()
    assert changed == [APPROVED]
    assert git(clone, "log", "-1", "--format=%an", f"origin/{BRANCH}") == "github-actions[bot]"
    # one pull request, opened through the Enterprise API prefix with the workflow token
    posts = writes(enterprise)
    assert [(r["method"], r["path"]) for r in posts] == [("POST", "/api/v3/repos/acme/widgets/pulls")]
    body = posts[0]["body"]
    assert (body["head"], body["base"]) == (BRANCH, "main")
    assert body["body"].startswith(MARKER)
    assert f"**Added ({len(approved)})**" in body["body"]
    for item in approved:
        assert item["text"] in body["body"]
    assert all(r["authorization"] == f"Bearer {TOKEN}" for r in enterprise.requests if r["method"] != "GET")
    number = outputs["pull-request-number"]
    assert number and outputs["pull-request-url"].endswith(f"/pull/{number}")
    assert TOKEN not in out

    # the next scheduled run finds the open pull request and updates it: still one pull request
    fresh_checkout(clone)
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    assert [(r["method"], r["path"]) for r in writes(enterprise)] == [
        ("POST", "/api/v3/repos/acme/widgets/pulls"), ("PATCH", f"/api/v3/repos/acme/widgets/pulls/{number}")]
    assert outputs["pull-request-number"] == number
    assert len([p for p in enterprise.pulls if p["state"] == "open"]) == 1
    assert f"Updated pull request #{number}" in out


def test_nothing_new_means_no_branch_and_no_pull_request(clone, tmp_path):
    with FakeGitHub(prefix="/api/v3") as empty:  # no merged pull requests with review comments
        code, out, outputs = action("import-reviews", clone, empty, tmp_path)
        assert code == 0, out
        assert "No new lessons: nothing to propose." in out
        assert writes(empty) == []
    assert outputs["pull-request-number"] == ""
    assert git(clone, "ls-remote", "--heads", "origin", BRANCH) == ""


def test_lessons_already_approved_on_main_are_not_proposed_again(clone, enterprise, tmp_path):
    code, out, _ = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    # a person merges the pull request; the next run imports the same comments: it only marks the approved
    # lessons helpful (counters, not content), which is not worth a pull request
    git(clone, "fetch", "--quiet", "origin")
    fresh_checkout(clone)
    git(clone, "merge", "--quiet", "--ff-only", f"origin/{BRANCH}")
    git(clone, "push", "--quiet", "origin", "main")
    code, out, _ = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    assert "No new lessons: nothing to propose." in out
    assert len(writes(enterprise)) == 1  # the first run's POST only


def test_a_rate_limited_import_keeps_the_job_green_and_proposes_what_it_finished(clone, enterprise, tmp_path):
    """`learn import-reviews` exits 75 when GitHub's rate limit pauses it (trial21): for the Action that is no failure,
    the pull requests finished so far are proposed and the next scheduled run continues."""
    enterprise.rate_limit_403(r"/pulls/108/comments")
    code, out, outputs = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 0, out
    assert "The import stopped early (GitHub's rate limit, or GitHub failing; see above): the pull requests finished " \
        "so far are used" in out
    assert "::error::" not in out
    assert outputs["pull-request-number"]  # PR 110's comments, finished before the pause, are proposed


def test_a_refused_api_call_fails_the_job_with_the_permission_hint(clone, enterprise, tmp_path):
    enterprise.fail(r"/pulls$", 403, body={"message": "Resource not accessible by integration"}, method="POST")
    code, out, _ = action("import-reviews", clone, enterprise, tmp_path)
    assert code == 1
    error = [line for line in out.splitlines() if line.startswith("::error::")]
    assert len(error) == 1 and "HTTP 403" in error[0] and "pull-requests: write" in error[0], out


def test_check_annotates_each_problem_and_fails(git_repo, tmp_path):
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    too_long = "Staging models select from sources only through the `source()` macro, " * 3
    (store / "approved.json").write_text(canonical_json([lesson("L-aaaa0001", too_long.strip())]))
    (store / "usage.json").write_text('{"L-aaaa0001": -1}\n')
    with FakeGitHub() as github:
        code, out, _ = action("check", git_repo, github, tmp_path)
        assert github.requests == []  # check never calls GitHub
    assert code == 1
    length = len(too_long.strip())
    annotations = [line for line in out.splitlines() if line.startswith("::error ")]
    assert annotations == [
        f"::error file={APPROVED},title=learn check%3A too-long::L-aaaa0001: longer than 140 characters ({length})",
        "::error file=.altimate-code/learn/team-playbook/usage.json,title=learn check%3A json-schema::"
        "/L-aaaa0001: must be at least 0 (usage.schema.json)",
    ]
    # without the schema check only the lesson file is read
    code, out, _ = action("check", git_repo, None, tmp_path, schema="false")
    assert code == 1 and "usage.json" not in out


def test_check_passes_a_good_store(git_repo, tmp_path):
    store = git_repo / ".altimate-code" / "learn" / "team-playbook"
    store.mkdir(parents=True)
    (store / "approved.json").write_text(canonical_json([lesson("L-aaaa0001", "Use `pathlib.Path` for paths.")]))
    code, out, _ = action("check", git_repo, None, tmp_path)
    assert code == 0, out
    assert "learn check: 1 file(s), 0 problem(s)." in out


def test_an_unknown_step_is_a_usage_error(git_repo, tmp_path):
    code, out, _ = action("deploy", git_repo, None, tmp_path)
    assert code == 2 and out.startswith("::error::usage: python -m altimate_learn.ghaction import-reviews|check")


# --- action.yml ------------------------------------------------------------------------------------------

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))


def test_action_yml_passes_every_input_through_the_environment():
    assert ACTION["runs"]["using"] == "composite"
    steps = ACTION["runs"]["steps"]
    learn_step = next(s for s in steps if s.get("id") == "learn")
    assert learn_step["run"] == 'python -m altimate_learn.ghaction "$LEARN_ACTION_COMMAND"'
    # no input is pasted into a shell line (an input holding `$(…)` would run)
    assert not any("inputs." in s.get("run", "") for s in steps)
    passed = {k[len("LEARN_ACTION_"):].lower().replace("_", "-") for k in learn_step["env"]
              if k.startswith("LEARN_ACTION_")}
    script = (REPO / "altimate_learn" / "ghaction.py").read_text(encoding="utf-8")
    read = {name.lower().replace("_", "-") for name in re.findall(r'(?<![.\w])get\("([A-Z_]+)"', script)} | {"command"}
    assert passed == read
    assert set(ACTION["inputs"]) == passed | {"token", "python-version"}
    assert learn_step["env"]["GITHUB_TOKEN"] == "${{ inputs.token }}"
    assert ACTION["inputs"]["token"]["default"] == "${{ github.token }}"
    assert any('"$GITHUB_ACTION_PATH"' in s.get("run", "") for s in steps)  # learn from the action's own checkout


def test_the_documented_workflow_uses_real_inputs():
    page = (REPO / "docs" / "github-action.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```yaml\n(.*?)^```", page, flags=re.S | re.M)
    assert blocks
    used = 0
    for block in blocks:
        workflow = yaml.safe_load(block)
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                if "altimate-learn" in str(step.get("uses", "")):
                    used += 1
                    assert set(step.get("with", {})) <= set(ACTION["inputs"]), step
                    assert step["with"]["command"] in ("import-reviews", "check")
    assert used >= 2
