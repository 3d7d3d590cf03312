"""`learn run` reads the transcripts the real agents wrote: every typed message reaches the model, cited, and a
cited lesson is staged. The complaint below reads as a question about the output, the way people mostly correct
an agent; the learner shows it to the model whatever the classifier makes of it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.e2e.agents import (claude_session_id, codex_setup, codex_thread_id, opencode_setup, run_claude,
                              run_codex, run_opencode)
from tests.e2e.world import World, learn_env
from tests.fakes.model_server import FakeModelServer

pytestmark = pytest.mark.e2e

TASK = "fix the orders model"
COMPLAINT = "hmm, amount is still an integer in the output, it should be dollars with two decimals"
LESSON = "Convert `*_cents` columns to dollars with `cents_to_dollars()` in staging models."


def write_model(world: World) -> str:
    path = world.project / "models" / "staging" / "orders.sql"
    path.parent.mkdir(parents=True)
    path.write_text("select amount_cents / 100 as amount from raw.orders\n")
    return str(path)


def learn_run(world: World, server: FakeModelServer) -> subprocess.CompletedProcess[str]:
    env = {**learn_env(world), "OPENAI_BASE_URL": server.openai_base_url, "OPENAI_API_KEY": "sk-test-e2e"}
    return subprocess.run([sys.executable, "-m", "altimate_learn", "run", "--now", "--model", "openai/gpt-test"],
                          cwd=world.project, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def _block_of(prompt: str, line: str) -> str:
    start = prompt.find(line)
    end = prompt.find("\n[", start + 1)
    return prompt[start:end if end > 0 else len(prompt)]


def learn_run_with(world: World, server: FakeModelServer, answer: dict) -> subprocess.CompletedProcess[str]:
    server.reply(json.dumps(answer))
    return learn_run(world, server)


def stage_cited_lesson(world: World, session: str) -> None:
    """The first run shows the model the task and the complaint, each with its reference; a run that answers
    with a lesson citing the complaint (the cursor reset, so the same digest is read again) stages it."""
    state = world.project / ".altimate-code" / "learn" / ".learner" / "state.json"
    with FakeModelServer(auto_vet=True) as server:
        first = learn_run_with(world, server, {"deltas": []})
        assert first.returncode == 0, first.stdout + first.stderr
        prompt = server.requests[0].prompt
        assert TASK in prompt and COMPLAINT in prompt, prompt[-3000:]
        refs = [line.split("]")[0][1:] for line in prompt.splitlines()
                if line.startswith(f"[{session}:") and COMPLAINT in _block_of(prompt, line)]
        assert len(refs) == 1, prompt[-3000:]
        state.unlink()
        done = learn_run_with(world, server, {"deltas": [{"op": "ADD", "text": LESSON, "reason": "the complaint",
                                                          "cites": refs}]})
        assert done.returncode == 0, done.stdout + done.stderr
    candidate = json.loads((world.project / ".altimate-code/learn/team-playbook/candidate.json").read_text())
    assert [lesson["text"] for lesson in candidate] == [LESSON]


def test_claude_code_transcripts_reach_the_learner(world, claude_bin):
    model = write_model(world)
    world.set_script([
        {"text": "Reading.", "tool": "Read", "input": {"file_path": model}},
        {"tool": "Edit", "input": {"file_path": model, "old_string": "amount_cents / 100", "new_string": "amount_cents"}},
        {"text": "Fixed the orders model."},
        {"text": "You are right, I will convert it."},
    ])
    sid = claude_session_id(run_claude(world, claude_bin, TASK).check())
    run_claude(world, claude_bin, COMPLAINT, "--resume", sid).check()
    stage_cited_lesson(world, sid)


def test_codex_transcripts_reach_the_learner(world, codex_bin):
    codex_setup(world)
    write_model(world)
    world.set_script([
        {"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: models/staging/orders.sql\n@@\n"
                                             "-select amount_cents / 100 as amount from raw.orders\n"
                                             "+select amount_cents as amount from raw.orders\n*** End Patch"},
        {"text": "Fixed the orders model."},
        {"text": "You are right, I will convert it."},
    ])
    thread = codex_thread_id(run_codex(world, codex_bin, TASK, "--sandbox", "workspace-write").check())
    run_codex(world, codex_bin, COMPLAINT, resume=thread).check()
    stage_cited_lesson(world, thread)


def test_opencode_transcripts_reach_the_learner(world, opencode_bin):
    opencode_setup(world)
    model = write_model(world)
    world.set_script([
        {"text": "Reading.", "tool": "read", "input": {"filePath": model}},
        {"text": "Fixed the orders model."},
        {"text": "You are right, I will convert it."},
    ])
    session = run_opencode(world, opencode_bin, TASK).check().json_lines()[0]["sessionID"]
    run_opencode(world, opencode_bin, COMPLAINT, "--session", session).check()
    stage_cited_lesson(world, session)
