"""`learn run` reads the transcripts the real agents wrote: every typed message reaches the model, cited, and a
cited lesson is staged. The complaint (learner_steps.COMPLAINT) reads as a question about the output, the way
people mostly correct an agent; the learner shows it to the model whatever the classifier makes of it.

Claude Code's, Codex's, opencode's and Gemini CLI's sessions for this are the ones their own end-to-end stories
already run (test_claude_e2e, test_codex_e2e, test_opencode_e2e end with the complaint and `stage_cited_lesson`;
test_gemini_e2e's story does it after its resume in a later minute, which the learner must read from the file that
holds the conversation)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator

import pytest

from tests.e2e.agents import claude_session_id, gemini_setup, run_claude
from tests.e2e.world import World, agent_binary, isolate, learn_env, make_world, restore, settle_capture, snapshot
from tests.e2e.learner_steps import staged, typed_lines

pytestmark = pytest.mark.e2e

# --- a correction asked as a question, learned with no model and with Claude Code as the model --------------

QUESTION = "why did you use npm install? this repo uses pnpm"
PNPM_LESSON = "Use `pnpm` instead of `npm install`."  # the builtin backticks a tool and its subcommand (review14 R14-28)


def question_session(world: World, claude_bin) -> str:
    """A Claude Code session with learn's hooks injecting approved lessons: the task, then a correction asked as a
    question. Returns the reference of the question (`<session id>:<message id>`)."""
    from tests.e2e.helpers import learn_ok, prepare_project
    from tests.learner.conftest import typed_messages

    prepare_project(world)  # approved lessons (the core one is injected at every session start), capture on
    learn_ok(world, "install", "claude-code")
    world.set_script([
        {"text": "Installing.", "tool": "Bash", "input": {"command": "true", "description": "npm install"}},
        {"text": "I ran npm install and the build passes."},
        {"text": "Sorry, I will use pnpm."},
    ])
    sid = claude_session_id(run_claude(world, claude_bin, "set up the project and build it").check())
    run_claude(world, claude_bin, QUESTION, "--resume", sid).check()
    refs = [ref for ref, text in typed_messages(world.project).items() if text.strip() == QUESTION]
    assert len(refs) == 1 and refs[0].startswith(sid + ":"), typed_messages(world.project)
    assert "quokka" in json.dumps(world.requests())  # our lesson was injected into the session
    return refs[0]


@pytest.fixture(scope="module")
def question_story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[World, str, Path]]:
    """One question session for the tests below (each learns from it its own way): the world as the session left
    it is saved, and each test starts from that state (``question``)."""
    claude_bin = agent_binary("claude")
    base = tmp_path_factory.mktemp("question-story")
    world = make_world(base)
    try:
        with pytest.MonkeyPatch.context() as mp:
            isolate(mp, world)
            ref = question_session(world, claude_bin)
            settle_capture(world)
            snapshot(world, base / "saved")
        yield world, ref, base / "saved"
    finally:
        if world.server is not None:
            world.server.stop()


@pytest.fixture
def question(question_story, monkeypatch: pytest.MonkeyPatch) -> tuple[World, str]:
    """The question session's world, home and project exactly as the session left them, and the question's ref."""
    world, ref, saved = question_story
    restore(world, saved)
    isolate(monkeypatch, world)
    return world, ref


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_a_question_in_a_claude_code_transcript_becomes_a_staged_lesson_without_a_model(question):
    from tests.e2e.helpers import learn_ok

    world, ref = question
    record = json.loads(learn_ok(world, "run", "--now", "--json"))["run"]
    assert record["model"] == "builtin" and record["status"] == "applied", record
    assert staged(world) == [PNPM_LESSON]
    shown = learn_ok(world, "runs", "show", record["id"])
    typed = typed_lines(shown)
    assert any(QUESTION in line for line in typed), shown
    assert not any("quokka" in line or "team-rules" in line for line in typed), typed  # never our own lessons
    assert ref in shown


@pytest.mark.parametrize("name", ["claude-code", "gemini-cli", "codex"])
def test_an_agent_cli_as_the_learners_model_stages_a_cited_lesson_and_its_own_session_is_never_read(question, name):
    """The person's session is Claude Code's; the learner's model is an agent CLI: Claude Code (which keeps no
    session of the call) or Gemini CLI (which records one, here inside the project: the unlucky case). With Codex,
    the runs before the usable one get an answer that is no JSON, then find no `codex` on PATH."""
    import os

    from altimate_learn.markers import MODEL_CALL_MARK
    from tests.e2e.agents import claude_env, gemini_env
    from tests.e2e.world import SYSTEM_PATH

    world, ref = question
    claude_bin = agent_binary("claude")
    lesson = "Install and run scripts with `pnpm`, never `npm`."
    answer = json.dumps({"deltas": [{"op": "ADD", "text": lesson, "reason": "asked why npm", "cites": [ref]}],
                         "verdicts": [{"item": "c0", "verdict": "pass", "source": "", "quote": "", "reason": "new",
                                       "replaces": ""}]})
    world.set_side_text(answer)  # learn's call offers no tools: the fake answers it with this
    env = learn_env(world)
    if name == "gemini-cli":
        binary = agent_binary("gemini")
        gemini_setup(world)
        env.update(gemini_env(world))
    elif name == "codex":
        from tests.e2e.agents import codex_env, codex_setup

        binary = agent_binary("codex")
        codex_setup(world, trust_project=False)
        env.update(codex_env(world))
        world.set_script([{"text": answer}])  # Codex still offers apply_patch: the fake answers from the script
    else:
        binary = claude_bin
        env.update(claude_env(world))
    env["PATH"] = os.pathsep.join([str(binary.parent), os.path.dirname(sys.executable), SYSTEM_PATH])
    env["XDG_CACHE_HOME"] = str(world.project / ".cache")  # learn's folder for model calls inside the project
    if name == "codex":
        # trial26: an answer that is no JSON, then no `codex` on PATH, are each one clear line, change nothing, and
        # the next run (a usable answer, below) still learns from the question they could not use
        argv = [sys.executable, "-m", "altimate_learn", "run", "--now", "--model", "codex"]
        world.set_script([{"text": "Sure! I learned that this repo uses pnpm."}])
        garbage = world.run(argv, env=env, timeout=660)
        missing = world.run(argv, env={**env, "PATH": os.pathsep.join([os.path.dirname(sys.executable), SYSTEM_PATH])},
                            timeout=660)
        for run in (garbage, missing):
            lines = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
            assert run.returncode != 0 and len(lines) <= 2, (run.returncode, run.stdout, run.stderr)
        assert "codex" in missing.stderr and "PATH" in missing.stderr, missing.stderr
        assert not (world.project / ".altimate-code/learn/team-playbook/candidate.json").exists()
        world.set_script([{"text": answer}])
    before = len(world.requests())
    out = world.run([sys.executable, "-m", "altimate_learn", "run", "--now", "--model", name, "--json"],
                    env=env, timeout=660).check()
    record = json.loads(out.stdout)["run"]
    assert record["model"] == name and record["status"] == "applied", record
    assert staged(world) == [lesson]
    calls = [r for r in world.requests()[before:] if MODEL_CALL_MARK in json.dumps(r.get("body"))]
    prompt = "\n".join(_strings(calls[0]["body"]))
    typed = typed_lines(prompt)
    assert any(QUESTION in line for line in typed) and f"[{ref}]" in prompt, prompt[-3000:]
    assert not any("quokka" in line for line in typed), typed  # our injected lesson is never the person's words
    again = world.run([sys.executable, "-m", "altimate_learn", "run", "--now", "--model", name, "--json"],
                      env=env, timeout=660).check()
    assert "Nothing new" in again.stdout, again.stdout  # the model's own run is not a session to learn from
    if name == "gemini-cli":  # learn runs Gemini in a home of its own, removed after the call (review10 R10-11):
        from altimate_learn.markers import MODEL_CALL_DIR  # the learner's call and its vet leave no chat behind

        assert not list((world.home / ".gemini").rglob("session-*.jsonl"))
        assert not (world.home / ".gemini" / "tmp" / MODEL_CALL_DIR).exists()
