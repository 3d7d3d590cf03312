"""Gemini CLI 0.61.0 with `learn install gemini`, as a user runs it: headless (`gemini -p`), resumed, and through a
pty, against the fake model server.

One story per module, so the suite pays for each agent run once (a Gemini CLI start costs seconds): a task that
reads the staging model and runs a shell command that fails three times; a resumed run where the user corrects
the agent; a resume that starts in a later minute (Gemini then writes a stub file and goes on in the first one)
where the user only says thanks; `learn capture --latest` afterwards; then a complaint asked as a question about the
output in that session and `learn run` over it (the learner's case for Gemini CLI: it reads the file that holds the
conversation after the later-minute resume). Each test asserts one thing about it. The first test checks the rig
itself on the first run (tools run, the answer comes back, a chat file appears): a failure there is a rig or CLI
problem, not ours.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

from altimate_learn.capture.classifier import classify_text
from altimate_learn.markers import SECTION_OPEN
from tests.conftest import SCRUB_PREFIXES
from tests.e2e import lessons
from tests.e2e.agents import gemini_chats, gemini_setup, run_gemini, run_gemini_interactive
from altimate_learn.capture.sessions.claude_memory import memory_folders
from tests.e2e.learner_steps import COMPLAINT, stage_cited_lesson
from tests.e2e.test_memories_e2e import memory
from tests.e2e.world import SYSTEM_PATH, Run, World, agent_binary, isolate, make_world, request_text

pytestmark = pytest.mark.e2e

TASK = "please fix rounding"  # shares no word with any lesson
CORRECTION = "No, that's wrong: we always use cents_to_dollars for money columns."
NEUTRAL = "thanks, that looks good"
TYPED_TASK = "please tidy the orders model"
TYPED_CORRECTION = "no, you forgot to convert amount_cents to dollars, we always do that in staging models"
SHELL_FAILURES = 3
NOTE = "On this machine the test database listens on port 5433."


@dataclass
class Story:
    world: World
    session: str = ""
    runs: list[Run] = field(default_factory=list)
    requests: list[list[dict[str, Any]]] = field(default_factory=list)  # model turn requests of each run
    signals_live: list[dict] = field(default_factory=list)  # after the correction
    signals_after_neutral: list[dict] = field(default_factory=list)
    sessions_listed: list[dict] = field(default_factory=list)  # `learn sessions --json` after the stub appeared
    chats: list[Path] = field(default_factory=list)
    renamed: Path | None = None
    capture: dict = field(default_factory=dict)
    signals_final: list[dict] = field(default_factory=list)
    terms: list[list[str]] = field(default_factory=list)  # the session's retrieval terms after each run
    check_on: subprocess.CompletedProcess[str] | None = None  # `learn install gemini --check`, hooks on
    check_off: subprocess.CompletedProcess[str] | None = None  # the same with `hooksConfig.enabled: false`
    hooks_off_request: str = ""  # what Gemini then sent the model
    without_learn: Run | None = None  # the committed hook command's program is gone (another machine's venv)
    without_learn_requests: int = 0
    typed: Run | None = None  # the interactive session (a pty)
    typed_session: str = ""
    typed_requests: list[dict[str, Any]] = field(default_factory=list)
    typed_signals: list[dict] = field(default_factory=list)  # live, after the interactive session
    typed_capture: dict = field(default_factory=dict)
    typed_signals_final: list[dict] = field(default_factory=list)
    chats_after_first: int = 0  # chat files after the first run
    learner_failure: str = ""  # what `learner_steps.stage_cited_lesson` found wrong ("" when it held)


def clean_env(world: World, **extra: str) -> dict[str, str]:
    """The environment `learn` runs with here: this machine's, minus anything of the tester's own setup."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(SCRUB_PREFIXES)}
    env.update(world.env(PATH=os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH), **extra)
    return env


def learn(world: World, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=world.project, env=clean_env(world),
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    if ok:
        assert out.returncode == 0, f"learn {' '.join(args)} exited {out.returncode}\n{out.stdout}\n{out.stderr}"
    return out


def signals(world: World) -> list[dict]:
    data = json.loads(learn(world, "signals", "--json").stdout)
    return data["signals"] if isinstance(data, dict) else data


def state_terms(world: World) -> list[str]:
    found = list((world.project / ".altimate-code" / "learn" / ".sessions").rglob("*.json"))
    states = [json.loads(p.read_text()) for p in found if p.name != "usage.json"]
    return sorted({t for s in states if isinstance(s, dict) for t in (s.get("terms") or [])})


def prepare(world: World) -> dict[str, Path]:
    files = lessons.write_project_files(world.project)
    lessons.seed(world.project)
    learn(world, "enable")
    config = world.project / ".altimate-code" / "altimate-code.json"
    data = json.loads(config.read_text())
    data["learn"].update(core_lessons=1, auto_reflect=False, capture=True)
    config.write_text(json.dumps(data, indent=2) + "\n")
    # a personal memory of Claude Code's, imported as the person's own note (AGENTS.local.md, which Gemini CLI does
    # not load): learn's session-start section gives it (test_memories_e2e's case for Gemini CLI)
    with pytest.MonkeyPatch.context() as mp:
        isolate(mp, world)  # Claude Code's folder in the world's home (a module's story runs outside `isolated_home`)
        folder = memory_folders(world.project)[0][0]
    assert str(folder).startswith(str(world.home)), folder
    folder.mkdir(parents=True)
    (folder / "user_db.md").write_text(memory("local-db-port", "user", NOTE))
    learn(world, "import-memories", "--type", "user")
    gemini_setup(world)
    # the folder is trusted as the user's trust dialog would record it (hooks run only in a trusted folder)
    (world.home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(world.project): "TRUST_FOLDER"}))
    learn(world, "install", "gemini")
    return files


def new_requests(world: World, before: int) -> list[dict[str, Any]]:
    return world.model_requests()[before:]


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Story]:
    binary = agent_binary("gemini")
    world = make_world(tmp_path_factory.mktemp("gemini-story"))
    s = Story(world)
    try:
        files = prepare(world)
        model = str(files["model"])
        shell = [{"tool": "run_shell_command", "input": {"command": f"ls /nonexistent-{i}", "description": "list"}}
                 for i in range(SHELL_FAILURES)]
        world.set_script([{"text": "Reading the model.", "tool": "read_file", "input": {"file_path": model}},
                          *shell,
                          {"text": "Fixed the rounding."},
                          {"text": "Understood, cents_to_dollars from now on."},
                          {"text": "Glad it works."}])

        def run(prompt: str, *flags: str) -> Run:
            before = len(world.model_requests())
            result = run_gemini(world, binary, prompt, "--approval-mode", "yolo", *flags).check()
            s.runs.append(result)
            s.requests.append(new_requests(world, before))
            s.terms.append(state_terms(world))
            return result

        first = run(TASK)
        s.chats_after_first = len(gemini_chats(world))
        s.session = json.loads(first.stdout[first.stdout.index("{"):])["session_id"]
        run(CORRECTION, "--resume", s.session)
        s.signals_live = signals(world)

        # a resume in a later minute: the file that holds the conversation is named by an earlier minute than
        # now (whether or not the first resume already crossed a minute and left a stub of its own)
        chat = gemini_chats(world)[0]
        s.renamed = chat.with_name(f"session-2026-01-01T00-00-{s.session[:8]}.jsonl")
        chat.rename(s.renamed)
        run(NEUTRAL, "--resume", s.session)
        s.signals_after_neutral = signals(world)
        s.chats = gemini_chats(world)
        s.sessions_listed = json.loads(learn(world, "sessions", "--harness", "gemini", "--json").stdout)
        s.capture = json.loads(learn(world, "capture", "--harness", "gemini", "--latest", "--json").stdout)
        s.signals_final = signals(world)

        # the learner (test_learner_e2e's case for Gemini CLI): a complaint asked as a question about the output, in
        # the same session, resumed once more; `learn run` shows it to the model, cited, and stages the lesson citing it
        run_gemini(world, binary, COMPLAINT, "--approval-mode", "yolo", "--resume", s.session).check()
        with pytest.MonkeyPatch.context() as mp:
            isolate(mp, world)
            try:
                stage_cited_lesson(world, s.session, TASK)
            except AssertionError as failure:
                s.learner_failure = f"{failure!r}"

        # a person at the interactive UI (a pty): a task, then a correction in the same session
        world.set_script([{"text": "Tidied it (ibis)."}, {"text": "Understood (heron)."}])
        before = len(world.model_requests())
        known = set(gemini_chats(world))
        s.typed = run_gemini_interactive(world, binary, [(TYPED_TASK, "ibis"), (TYPED_CORRECTION, "heron")])
        s.typed_requests = new_requests(world, before)
        (typed_chat,) = set(gemini_chats(world)) - known
        s.typed_session = json.loads(typed_chat.read_text().splitlines()[0])["sessionId"]
        s.typed_signals = signals(world)
        s.typed_capture = json.loads(learn(world, "capture", "--harness", "gemini", "--latest", "--json").stdout)
        s.typed_signals_final = signals(world)

        s.check_on = learn(world, "install", "gemini", "--check", ok=False)

        # a teammate who pulled these settings has no learn where they point (review9 R9-7: Gemini read bash's
        # "No such file" with exit 127 as a verdict that blocked the turn, or re-ran it 10 times)
        project_settings = world.project / ".gemini" / "settings.json"
        saved = project_settings.read_text()
        hooks = json.loads(saved)["hooks"]
        [command] = {h["command"] for groups in hooks.values() for g in groups for h in g["hooks"]}
        interpreter = shlex.split(command)[0]
        project_settings.write_text(saved.replace(interpreter, str(world.work / "gone" / "bin" / "python3")))
        world.set_script([{"text": "Answered without learn."}])
        before = len(world.model_requests())
        s.without_learn = run_gemini(world, binary, "what does the orders model do?")
        s.without_learn_requests = len(world.model_requests()) - before
        project_settings.write_text(saved)
        settings = world.home / ".gemini" / "settings.json"
        data = json.loads(settings.read_text())
        data["hooksConfig"] = {"enabled": False}
        settings.write_text(json.dumps(data, indent=2) + "\n")
        s.check_off = learn(world, "install", "gemini", "--check", ok=False)
        before = len(world.model_requests())
        run_gemini(world, binary, "what does the orders model do?").check()
        s.hooks_off_request = request_text(world.model_requests()[before])
        yield s
    finally:
        if world.server is not None:
            world.server.stop()


def kinds(items: list[dict], kind: str) -> list[dict]:
    return [i for i in items if i["kind"] == kind]


def user_parts(request: dict[str, Any]) -> list[str]:
    """The text parts of the user turns a Gemini request carried, in order (Gemini merges adjacent user turns)."""
    return [p["text"] for c in request["body"].get("contents", []) if c.get("role") == "user"
            for p in c.get("parts", []) if isinstance(p.get("text"), str)]


def test_the_rig_gemini_reads_a_file_and_answers(story: Story):
    """Gemini CLI against the fake model server (test_agents_smoke's checks, on the story's first run): the read
    tool ran and its result reached the next request, each model turn was one request, the answer came back, and
    the run wrote one chat file."""
    first = story.runs[0]
    assert json.loads(first.stdout[first.stdout.index("{"):])["response"].endswith("Fixed the rounding.")
    texts = [request_text(r) for r in story.requests[0]]
    assert len(texts) == 2 + SHELL_FAILURES and "amount_cents / 100" in texts[1]  # read_file, 3 shells, the answer
    assert story.chats_after_first == 1


def test_the_section_reaches_the_first_request_after_the_users_prompt(story: Story):
    first = story.requests[0][0]
    text = request_text(first)
    assert "quokka" in text and SECTION_OPEN.replace("<", "&lt;").replace(">", "&gt;").replace('"', '\\"') in text
    parts = user_parts(first)
    at = parts.index(TASK)  # the user's words, in a part of their own
    assert parts[at + 1].startswith("<hook_context>") and "quokka" in parts[at + 1]  # our section right after
    assert not any("quokka" in p for p in parts[:at])


def test_file_lessons_arrive_after_the_read_and_nothing_unrelated(story: Story):
    texts = [request_text(r) for r in story.requests[0]]
    assert "narwhal" not in texts[0] and "narwhal" in texts[1]  # the staging lesson, with read_file's result
    assert not any("axolotl" in t for r in story.requests for t in map(request_text, r))  # billing: never


def test_a_resumed_session_still_sends_the_original_prompt(story: Story):
    for run in (1, 2):  # the first resume and the later-minute one
        parts = user_parts(story.requests[run][-1])
        # Gemini kept the prompt in its history (it drops a user turn that starts with <hook_context>)
        assert TASK in parts and parts.index(TASK) < parts.index(CORRECTION), parts
        # and the section it got with that prompt is still there: a resume needs no second copy
        assert sum("quokka" in p for p in parts) == 1, parts


def test_a_personal_memory_reaches_gemini_with_its_first_prompt_once(story: Story):
    """trial24: Gemini CLI gets learn's session-start section with the first prompt (its SessionStart context would
    make a resumed session forget that prompt), so the personal file's block goes there too: once in the first
    run's requests, once in the resumed ones (Gemini keeps the first prompt's parts), and the person's words stay
    theirs."""
    counts = [json.dumps(r["body"]).count("port 5433") for run in story.requests[:3] for r in run]
    assert counts and set(counts) == {1}, counts
    assert not any("5433" in s["text"] for s in story.signals_after_neutral), story.signals_after_neutral
    assert [s["text"] for s in kinds(story.signals_after_neutral, "user_correction")] == [CORRECTION]


def test_a_correction_in_a_resumed_headless_session_is_one_signal_of_the_users_words(story: Story):
    (signal,) = kinds(story.signals_live, "user_correction")
    assert signal["text"] == CORRECTION and signal["sessionID"] == story.session
    assert signal["reason"] == classify_text(CORRECTION).reason == "rejected the result and gave a direction"


def test_a_neutral_reply_after_a_resume_is_no_signal(story: Story):
    assert kinds(story.signals_after_neutral, "user_correction") == kinds(story.signals_live, "user_correction")


def test_retrieval_uses_the_users_words_only(story: Story):
    for terms in story.terms:
        # words of our own section (the core lesson: "imperative", "quokka", "commit") never become query terms
        assert not {"quokka", "imperat", "imperative", "commit", "subject"} & set(terms), terms
    assert {"cent", "dollar"} & set(story.terms[1]) or "cents_to_dollars" in story.terms[1], story.terms[1]


def test_failing_shell_commands_give_a_live_tool_retry(story: Story):
    (signal,) = kinds(story.signals_live, "tool_retry")
    assert signal["reason"] == f"tool run_shell_command failed {SHELL_FAILURES} times in a row"
    assert "nonexistent" in signal["text"] and signal["sessionID"] == story.session


def test_capture_from_the_transcript_adds_no_duplicate(story: Story):
    (session,) = story.capture["sessions"]
    assert session["id"] == story.session
    assert story.signals_final == story.signals_after_neutral  # the same correction and tool_retry, nothing new


def test_a_later_minute_resume_is_read_from_the_file_that_holds_the_conversation(story: Story):
    assert len(story.chats) >= 2 and story.renamed in story.chats  # Gemini wrote a stub beside the renamed file
    (listed,) = story.sessions_listed
    assert listed["id"] == story.session and Path(listed["path"]) == story.renamed
    assert listed["message_count"] >= 6  # three prompts and their answers, not the stub's nothing
    (session,) = story.capture["sessions"]
    assert session["user_messages"] == 3  # the task, the correction and the thanks: all three resumes' words


def test_check_passes_with_hooks_on_and_fails_with_hooks_off_as_gemini_really_behaves(story: Story):
    assert story.check_on.returncode == 0, story.check_on.stdout + story.check_on.stderr
    assert story.check_on.stdout.splitlines()[0].endswith(" and run.")
    assert story.check_off.returncode == 1
    assert "hooks system is turned off" in story.check_off.stdout and "/settings" in story.check_off.stdout
    # and the check tells the truth: with hooks off, Gemini CLI sent the model none of our lessons
    assert "quokka" not in story.hooks_off_request and "team-rules" not in story.hooks_off_request


def test_interactive_session_through_a_pty(story: Story):
    assert story.typed is not None and story.typed.returncode == 0, story.typed.stdout[-2000:]
    parts = user_parts(story.typed_requests[0])
    at = parts.index(TYPED_TASK)  # the typed prompt, then the section in a part of its own (first BeforeAgent)
    assert parts[at + 1].startswith("<hook_context>") and "quokka" in parts[at + 1]
    typed = [s for s in kinds(story.typed_signals, "user_correction") if s["sessionID"] == story.typed_session]
    assert [(s["text"], s["reason"]) for s in typed] == [(TYPED_CORRECTION, 'says "you forgot…"')]
    (session,) = story.typed_capture["sessions"]  # `--latest` is the interactive session now
    assert session["id"] == story.typed_session and session["user_messages"] == 2
    assert story.typed_signals_final == story.typed_signals  # found again in the transcript, not added twice


def test_a_teammate_without_learn_still_gets_an_answer(story: Story):
    """The hook command names a program that is not there: Gemini carries on as without hooks (one turn, the
    answer), as Claude Code and Codex do."""
    run = story.without_learn
    assert run is not None and run.returncode == 0
    assert json.loads(run.stdout[run.stdout.index("{"):])["response"] == "Answered without learn."
    assert 1 <= story.without_learn_requests <= 3  # the turn ran once, not blocked, not re-run


def test_a_complaint_in_the_gemini_session_reaches_the_learner_and_stages_a_cited_lesson(story: Story):
    """`learn run` reads the Gemini transcript (the file that holds the conversation, after the later-minute resume):
    the task and the complaint reach the model, cited; what learn injected never shows as typed; a run whose answer
    cites the complaint stages the lesson (learner_steps.stage_cited_lesson)."""
    assert story.learner_failure == ""
