"""The learner's steps over a real agent's session, shared by test_learner_e2e and the per-agent stories that end
with them (test_claude_e2e, test_codex_e2e, test_opencode_e2e): the person's complaint, asked as a question about
the output, and a `learn run` against a fake model that stages a lesson citing it."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.e2e.world import World, learn_env
from tests.fakes.model_server import FakeModelServer

COMPLAINT = "hmm, amount is still an integer in the output, it should be dollars with two decimals"
LESSON = "Show money in query output as dollars with two decimals."


def learn_run(world: World, server: FakeModelServer) -> subprocess.CompletedProcess[str]:
    env = {**learn_env(world), "OPENAI_BASE_URL": server.openai_base_url, "OPENAI_API_KEY": "sk-test-e2e"}
    return subprocess.run([sys.executable, "-m", "altimate_learn", "run", "--now", "--model", "openai/gpt-test"],
                          cwd=world.project, env=env, capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL)


def _block_of(prompt: str, line: str) -> str:
    start = prompt.find(line)
    end = prompt.find("\n[", start + 1)
    return prompt[start:end if end > 0 else len(prompt)]


def learn_run_with(world: World, server: FakeModelServer, answer: dict) -> subprocess.CompletedProcess[str]:
    server.reply(json.dumps(answer))
    return learn_run(world, server)


def stage_cited_lesson(world: World, session: str, task: str, *, injected: bool = True) -> None:
    """The first run shows the model the task and the complaint, each with its reference; a run that answers
    with a lesson citing the complaint (the cursor reset, so the same digest is read again) stages it. The
    lessons learn injected into the session reached the agent, and never show as what the person typed."""
    state = world.project / ".altimate-code" / "learn" / ".learner" / "state.json"
    with FakeModelServer(auto_vet=True) as server:
        # The first answer is unusable, so the run keeps its inputs (a model that answered "nothing to learn" would have
        # consumed the complaint's signal, and a consumed correction is not learned from again).
        server.reply("Sorry, I cannot answer that right now.")
        first = learn_run(world, server)
        assert first.returncode == 1 and "nothing was changed or marked as read" in first.stdout + first.stderr, \
            first.stdout + first.stderr
        prompt = server.requests[0].prompt
        assert task in prompt and COMPLAINT in prompt, prompt[-3000:]
        typed = typed_lines(prompt)
        assert typed and not any(word in line for line in typed for word in ("quokka", "narwhal", "axolotl",
                                                                              "team-rules")), typed
        if injected:
            assert "quokka" in json.dumps(world.requests())  # the core lesson was injected into the agent's session
        refs = [line.split("]")[0][1:] for line in prompt.splitlines()
                if line.startswith(f"[{session}:") and COMPLAINT in _block_of(prompt, line)]
        assert len(refs) == 1, prompt[-3000:]
        state.unlink()
        done = learn_run_with(world, server, {"deltas": [{"op": "ADD", "text": LESSON, "reason": "the complaint",
                                                          "cites": refs}]})
        assert done.returncode == 0, done.stdout + done.stderr
    assert staged(world) == [LESSON]


def staged(world: World) -> list[str]:
    """The lessons a run staged: the candidate's lessons that are not approved yet."""
    store = world.project / ".altimate-code/learn/team-playbook"
    approved = {lesson["id"] for lesson in json.loads((store / "approved.json").read_text())} \
        if (store / "approved.json").exists() else set()
    return [lesson["text"] for lesson in json.loads((store / "candidate.json").read_text())
            if lesson["id"] not in approved]


def typed_lines(digest: str) -> list[str]:
    return [line for line in digest.splitlines() if line.strip().startswith("person typed:")]
