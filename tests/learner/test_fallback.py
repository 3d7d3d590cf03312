"""Without a model: corrections phrased as a question or a reminder become staged lessons, the rest of a busy
digest waits for the next run, and plain questions, tasks and statements teach nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from altimate_learn.learner.fallback import restate
from tests.learner.conftest import EVERYTHING, MODEL, runs, state

ANSWER = "Done: I installed the dependencies with npm install and ran the build."


def trajectory(path: Path, session: str, messages: list[str]) -> Path:
    """A generic trajectory: a task, then each message in reply to an agent answer."""
    lines = [{"type": "session", "format": "learn-trajectory/1", "id": session, "started": "2026-11-20T10:00:00Z"},
             {"type": "user", "id": "u0", "text": "set up the project and build it", "at": "2026-11-20T10:00:01Z"}]
    for n, text in enumerate(messages, 1):
        lines.append({"type": "assistant", "id": f"a{n}", "text": ANSWER, "at": f"2026-11-20T10:{n:02d}:00Z"})
        lines.append({"type": "user", "id": f"u{n}", "text": text, "at": f"2026-11-20T10:{n:02d}:30Z"})
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def candidate(repo: Path) -> list[str]:
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "candidate.json"
    return [lesson["text"] for lesson in json.loads(path.read_text())] if path.exists() else []


def signals(repo: Path) -> list[dict]:
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def builtin_run(cli) -> None:
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, out + err


@pytest.mark.parametrize(("typed", "lesson"), [
    ("why did you use npm install? this repo uses pnpm", "Use `pnpm` instead of `npm install`."),
    ("remember we agreed to always run the tests with pytest -x before committing",
     "Always run the tests with `pytest -x` before committing."),
    ("didn't we say to use ruff instead of black?", "Use `ruff` instead of `black`."),
    ("wait, shouldn't this use ref() instead of the hardcoded table name?",
     "Use `ref()` instead of the hardcoded table name."),
    ("I told you already: migrations go in db/migrations/", "Put migrations in `db/migrations/`."),
    ("why not use the logger module instead of print?", "Use the logger module instead of `print`."),
    ("could you stop adding type: ignore comments?", "Never add `type: ignore` comments."),
    # after an answer that ran npm install, the classifier reads this as a stated team convention, and the built-in
    # reflector learns the project's tool from it (issue 20, twelfth pass; it used to be left as information)
    ("this repo uses pnpm", "Use `pnpm`."),
])
def test_a_question_or_reminder_from_a_transcript_becomes_a_staged_lesson_without_a_model(
        git_repo: Path, cli, typed: str, lesson: str):
    path = trajectory(git_repo / "session.jsonl", "traj-q", [typed])
    assert cli("capture", str(path))[0] == 0
    builtin_run(cli)
    assert candidate(git_repo) == [lesson]
    (record,) = runs(git_repo)
    assert record["model"] == "builtin" and record["status"] == "applied"
    (change,) = record["changes"]
    assert change["text"] == lesson and change["target"] == "review"


@pytest.mark.parametrize("typed", [
    "why is this still broken?",
    "what does the build script do?",
    "can you add a login page?",
    "now rename getUserData to fetchUser",
])
def test_plain_questions_tasks_and_statements_stage_nothing(git_repo: Path, cli, typed: str):
    path = trajectory(git_repo / "session.jsonl", "traj-n", [typed])
    assert cli("capture", str(path))[0] == 0
    builtin_run(cli)
    assert candidate(git_repo) == []


def test_corrections_past_the_builtin_cap_wait_for_the_next_run_instead_of_being_lost(git_repo: Path, cli):
    corrections = ["didn't we say to use ruff instead of black?", "it's pnpm, not npm",
                   "remember: never commit directly to main",
                   "shouldn't this use structlog instead of print?", "I told you: migrations go in db/migrations/"]
    path = trajectory(git_repo / "session.jsonl", "traj-cap", corrections)
    assert cli("capture", str(path))[0] == 0
    builtin_run(cli)
    first = candidate(git_repo)
    assert len(first) == 3
    waiting = {s["messageID"]: s["status"] for s in signals(git_repo) if s["messageID"] in ("u4", "u5")}
    assert waiting == {"u4": "open", "u5": "open"}  # the classifier's signals of what waits are not consumed
    record = runs(git_repo)[-1]
    assert record["truncated"] and record["left_out"] == 2
    assert any("wait for the next run" in n for n in record["notes"])
    assert state(git_repo)["last_run"]["truncated"] is True  # the next run may start after 10 minutes
    builtin_run(cli)
    second = candidate(git_repo)
    assert second[:3] == first and len(second) == 5
    assert "Put migrations in `db/migrations/`." in second and "Use `structlog` instead of `print`." in second
    # every correction the classifier captured (all five since "didn't we say to …?" reads as a reminder) is consumed
    # once its lesson was staged
    assert [s["status"] for s in signals(git_repo)] == ["consumed"] * 5
    code, out, err = cli("run", "--now", "--since", EVERYTHING)  # everything was read: nothing staged twice
    assert code == 0 and "Nothing new" in out, out + err
    assert candidate(git_repo) == second and len(runs(git_repo)) == 2


@pytest.mark.parametrize(("typed", "restated"), [
    ("why did you run npm test? we always use pnpm test", "always use pnpm test, not npm test."),
    ("as I said before, we use pnpm here, not npm", "use pnpm here, not npm."),
    ("can you not use any in typescript?", "don't use any in typescript."),
    ("didn't I tell you to never commit directly to main?", "never commit directly to main."),
    ("shouldn't the fixtures go in tests/conftest.py?", "the fixtures should go in tests/conftest.py."),
])
def test_restated_forms(typed: str, restated: str):
    assert restate(typed) == (restated, True)


@pytest.mark.parametrize("typed", ["this repo uses pnpm", "why is the build red?", "remember", "add tests"])
def test_forms_that_carry_no_correction_are_left_as_typed(typed: str):
    assert restate(typed) == (typed, False)


def test_a_correction_the_builtin_cannot_use_waits_for_a_model_and_is_not_read_again_offline(git_repo: Path, cli,
                                                                                             server):
    complaint = "no, that's wrong, the amount is still an integer in the output"
    path = trajectory(git_repo / "session.jsonl", "traj-w", [complaint])
    assert cli("capture", str(path))[0] == 0
    (signal,) = [s for s in signals(git_repo) if s["messageID"] == "u1"]
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0, out + err
    assert candidate(git_repo) == []
    assert [s["status"] for s in signals(git_repo) if s["id"] == signal["id"]] == ["open"]  # kept for a model
    # the run that staged nothing says so, and that a correction waits, with the way out (a new user saw only
    # "0 changes, 0 items dropped" and stopped)
    assert "0 changes" in out and "1 correction waits for a model or a person" in out, out
    assert "`learn signals --unlearned`" in out and "`learn signal dismiss ID`" in out, out
    code, out, err = cli("run", "--now", "--since", EVERYTHING, "--json")
    assert code == 0 and json.loads(out)["waiting"] == {"signals": 1, "corrections": 1}, out + err
    code, out, err = cli("run", "--now", "--since", EVERYTHING)  # offline it would come to the same nothing
    assert code == 0 and "Nothing new" in out and "1 correction waits for a model or a person" in out, out + err
    assert len(runs(git_repo)) == 1
    code, out, err = cli("run", "--now", "--since", EVERYTHING, "--model", MODEL)  # a model reads it
    assert code == 0, out + err
    assert complaint in server.requests[0].prompt and f"[{signal['id']}]" in server.requests[0].prompt


def test_a_digest_whose_corrections_the_builtin_already_tried_is_read_once_not_on_every_run(git_repo: Path, cli):
    """`learn reflect` found the complaint unusable before the learner ever read its session: the learner's built-in
    run reads that exchange, finds only a signal that waits for a model or a person, and moves on; the same digest
    must not come back on every later run (it did: the runs stalled on it and never reached later sessions)."""
    complaint = "no, that's wrong, the amount is still an integer in the output"
    path = trajectory(git_repo / "session.jsonl", "traj-t", [complaint])
    assert cli("capture", str(path))[0] == 0
    code, out, err = cli("reflect", "--session", "traj-t")
    assert code == 0, out + err
    (signal,) = [s for s in signals(git_repo) if s["messageID"] == "u1"]
    assert signal["status"] == "open"  # unusable offline: it waits for a model or a person
    builtin_run(cli)
    assert len(runs(git_repo)) == 1
    code, out, err = cli("run", "--now", "--since", EVERYTHING)
    assert code == 0 and "Nothing new" in out, out + err
    assert len(runs(git_repo)) == 1 and candidate(git_repo) == []
    assert [s["status"] for s in signals(git_repo) if s["id"] == signal["id"]] == ["open"]  # nothing lost
