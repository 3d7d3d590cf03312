"""A lesson reaches the model once, with the real agents: Claude Code 2.1.332 with CLAUDE.md importing AGENTS.md
(`@AGENTS.md`) and AGENTS.md carrying the `learn export agents-md` block (review14 R14-20: Claude inlines the
import, block and all, and the session-start hook gave every lesson a second time); Codex 0.171 resuming a
session (R14-21). Both failed on the code before the fixes (count 2).

Cases that do not conflict share one agent session (each such test lists its cases): an agent launch costs seconds,
and what each case asserts is counted in every request of that session. opencode with the plugin in the project and
in the global folder is test_opencode_e2e's custom-command session."""

from __future__ import annotations

import pytest

from altimate_learn.schema import make_lesson
from tests.e2e import lessons
from tests.e2e.agents import claude_session_id, run_claude
from tests.e2e.helpers import hook_log, learn_ok, prepare_project
from tests.e2e.world import request_text

pytestmark = pytest.mark.e2e


def test_claude_code_gets_each_lesson_once_when_claude_md_imports_the_exported_agents_md(world, claude_bin):
    prepare_project(world)
    (world.project / "AGENTS.md").write_text("# Guide\n\nRun `make test` before pushing.\n")
    learn_ok(world, "export", "agents-md")
    (world.project / "CLAUDE.md").write_text("@AGENTS.md\n")
    learn_ok(world, "install", "claude-code", "--local")
    world.set_script([{"text": "All done."}])
    run_claude(world, claude_bin, "say hi").check()
    first = request_text(world.model_requests()[0])
    word = lessons.MARKERS["core"]
    assert "Run `make test` before pushing." in first  # Claude Code inlined the import
    assert first.count(word) == 1, first.count(word)


def _installed_twice(world, agent: str) -> None:
    learn_ok(world, "install", agent)
    learn_ok(world, "install", agent, "--user")


def test_gemini_with_the_hooks_in_the_project_and_the_user_settings_gets_each_lesson_once(world, gemini_bin):
    """Gemini CLI 0.61 runs a command that both files hold once (learn writes the same guarded command in both), so
    this held before the hook's own check too; it keeps holding if the two commands ever differ."""
    from tests.e2e.agents import gemini_setup, run_gemini

    prepare_project(world)
    gemini_setup(world)
    _installed_twice(world, "gemini")
    world.set_script([{"text": "All done."}])
    run_gemini(world, gemini_bin, "say hi").check()
    turns = [request_text(r) for r in world.model_requests() if "streamGenerateContent" in r["path"]]
    assert turns and turns[0].count(lessons.MARKERS["core"]) == 1, [t.count(lessons.MARKERS["core"]) for t in turns]
    # one hook process per event (what `learn doctor` says of Gemini): no second copy reached learn's check
    log = world.project / ".altimate-code" / "learn" / ".sessions" / "hook.log"
    assert "the same event again" not in (log.read_text() if log.exists() else "")
    assert "runs a hook that several files hold once" in learn_ok(world, "doctor")


# The lines `learn install opencode` wrote before the plugin stepped aside for another copy (ed947717): a copy
# installed by an older learn, still in the global plugins folder after the project got a current one.
_STEP_ASIDE = """  const loaded = (globalThis.__altimateLearnContexts ??= new WeakSet());
  if (ctx && typeof ctx === "object") {
    if (loaded.has(ctx)) return {};
    loaded.add(ctx);
  }
"""


def test_opencode_with_an_older_copy_of_the_plugin_beside_the_current_one_gets_each_lesson_once(world, opencode_bin):
    """trial25/review23: an older plugin copy does not step aside, and opencode calls each plugin's handler whole, one
    after the other (start, message of one copy, then the other's): the hook's check for the same event right again
    saw neither repeat, and the request carried the section and the request's lessons twice."""
    from tests.e2e.agents import opencode_setup, run_opencode

    prepare_project(world)
    opencode_setup(world)
    _installed_twice(world, "opencode")
    older = world.home / ".config" / "opencode" / "plugins" / "altimate-learn.js"
    current = older.read_text()
    assert _STEP_ASIDE in current
    older.write_text(current.replace(_STEP_ASIDE, ""))
    world.set_script([{"text": "All done."}])
    first = run_opencode(world, opencode_bin, "fix the rounding in the staging model").check()
    body = request_text(world.model_requests()[-1])
    assert (body.count(lessons.MARKERS["core"]), body.count(lessons.MARKERS["staging"])) == (1, 1), body
    # the same session again right away (its first turn ended with session.idle): the rules, once
    before = len(world.model_requests())
    run_opencode(world, opencode_bin, "and now say bye", "--session", str(first.json_lines()[0]["sessionID"])).check()
    again = [request_text(r) for r in world.model_requests()[before:]]
    assert again and again[-1].count(lessons.MARKERS["core"]) == 1, [t.count(lessons.MARKERS["core"]) for t in again]


NOTE = "On this machine the test database listens on port 5433."


def _notes_only(world) -> None:
    """learn enabled, nothing approved yet, one personal note in AGENTS.local.md (a new user's project after
    `learn import-memories --type user`)."""
    learn_ok(world, "enable")
    (world.project / "AGENTS.local.md").write_text(f"# mine\n\n<!-- learn:learned -->\n- {NOTE}\n"
                                                   "<!-- /learn:learned -->\n")


def test_claude_code_with_the_hooks_installed_twice_gets_the_personal_note_of_a_project_with_no_lesson_once(
        world, claude_bin):
    """trial26: with nothing approved and no session state, both copies of the hook gave the note."""
    _notes_only(world)
    _installed_twice(world, "claude-code")
    world.set_script([{"text": "All done."}])
    run_claude(world, claude_bin, "say hi").check()
    first = request_text(world.model_requests()[0])
    assert first.count(NOTE) == 1, first.count(NOTE)


def test_gemini_gets_the_personal_note_of_a_project_with_no_lesson(world, gemini_bin):
    """trial26: Gemini CLI's session-start part goes with the first prompt, which a project with no approved lesson
    answered with nothing: the note never came."""
    from tests.e2e.agents import gemini_setup, run_gemini

    gemini_setup(world)
    _notes_only(world)
    _installed_twice(world, "gemini")
    world.set_script([{"text": "All done."}])
    run_gemini(world, gemini_bin, "say hi").check()
    turns = [request_text(r) for r in world.model_requests() if "streamGenerateContent" in r["path"]]
    assert turns and turns[0].count(NOTE) == 1, [t.count(NOTE) for t in turns]


# review43 R43-4: a fork holds copies of the lessons sent to the session it came from; learn's record of the fork began
# empty, and the fork's first request carried them again. A lesson no prompt here names but the retry ones.
RETRY = make_lesson("Retry HTTP calls with `tenacity` (tapir rule).", lesson_id="L-7e7a", now=lessons.NOW,
                    tags=["http"])


def _with_retry_lesson(world):  # noqa: ANN202
    files = prepare_project(world)
    lessons.seed(world.project, [lessons.CORE, lessons.STAGING, lessons.BILLING, RETRY])
    return files


def _counts(text: str) -> tuple[int, int]:
    return text.count(lessons.MARKERS["core"]), text.count("tapir")


def test_claude_code_hooks_in_the_project_and_the_user_settings_after_an_agents_md_change_then_a_fork(
        world, claude_bin):
    """Three of Claude Code's cases in one session and its fork:
    - review14 R14-18: the first session after an AGENTS.md change (a `git pull`) started with no lessons: the stale
      ones waited for a background re-vet the hook never waited for;
    - trial24/25: a team's committed hooks plus one person's `learn install --user`: Claude Code ran both copies of
      every hook and its first request carried each lesson twice;
    - review43 R43-4: `claude -p … --resume ID --fork-session`: SessionStart says `source: "fork"`, with a new session
      id and no transcript of its own yet; the fork's first request carried the parent's lessons again."""
    files = _with_retry_lesson(world)
    (world.project / "AGENTS.md").write_text("# Guide\n\nRun `make test` before pushing.\n")
    learn_ok(world, "vet")  # every lesson stamped with these instructions
    _installed_twice(world, "claude-code")
    with (world.project / "AGENTS.md").open("a") as handle:
        handle.write("- Document every public function with a docstring.\n")  # a teammate's commit, pulled
    assert "stale: " in learn_ok(world, "status")
    world.extra_env["ALTIMATE_LEARN_START_REVET_WAIT"] = "45"  # what it asserts never depends on this machine's speed
    world.set_script([{"text": "Reading.", "tool": "Read", "input": {"file_path": str(files["model"])}},
                      {"text": "All done."}])
    parent = claude_session_id(run_claude(world, claude_bin, "convert amount_cents with cents_to_dollars in the "
                                                             "staging model, and retry the HTTP calls with tenacity"
                                          ).check())
    texts = [request_text(r) for r in world.model_requests()]
    assert len(texts) == 2 and "All done" not in texts[0]
    # the core lesson at session start (the stale lessons re-vetted in time), the staging and retry ones with the
    # prompt or the file: each once, in each request
    assert [(t.count(lessons.MARKERS["core"]), t.count(lessons.MARKERS["staging"]), t.count("tapir"))
            for t in texts] == [(1, 1, 1)] * 2
    # one process for each event (trial27: learn's user command lacked the project's `|| true` guard, so Claude Code
    # ran both and the second copy logged "the same event again" for every event)
    assert "the same event again" not in hook_log(world)

    world.set_script([{"text": "All done."}])
    run_claude(world, claude_bin, "add retries with tenacity to the client", "--resume", parent,
               "--fork-session").check()
    fork = request_text(world.model_requests()[-1])
    assert _counts(fork) == (1, 1), _counts(fork)  # before: the tapir lesson twice


def test_codex_hooks_in_the_project_and_the_user_hooks_json_a_resume_and_a_fork(world, codex_bin):
    """Three of Codex's cases in one session, its resume and its fork:
    - trial24/25: learn's hooks in the project and in the user's hooks.json: each lesson once;
    - review14 R14-21: each `codex exec resume` added another copy of the session-start section (Codex keeps the
      first one in the resumed conversation);
    - review43 R43-4: `codex exec fork ID PROMPT` (0.171): SessionStart says `source: "fork"`; the fork's rollout names
      its parent; the fork's first request carried the section and the retry lesson twice."""
    from tests.e2e.agents import codex_env, codex_setup, codex_thread_id, run_codex

    _with_retry_lesson(world)
    codex_setup(world)
    _installed_twice(world, "codex")
    world.set_script([{"text": "All done."}])
    parent = codex_thread_id(run_codex(world, codex_bin, "retry the HTTP calls with tenacity").check())
    first = request_text(world.model_requests()[0])
    assert first.count(lessons.MARKERS["core"]) == 1, first.count(lessons.MARKERS["core"])
    assert _counts(request_text(world.model_requests()[-1])) == (1, 1)

    before = len(world.model_requests())
    run_codex(world, codex_bin, "and now say bye", resume=parent).check()
    resumed = [request_text(r) for r in world.model_requests()[before:]]
    assert resumed and resumed[0].count(lessons.MARKERS["core"]) == 1, resumed[0].count(lessons.MARKERS["core"])

    world.run([codex_bin, "exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-hook-trust", "fork", parent,
               "add retries with tenacity to the client"], env=codex_env(world), timeout=600).check()
    fork = request_text(world.model_requests()[-1])
    assert _counts(fork) == (1, 1), _counts(fork)  # before: (2, 2), the section and the tapir lesson twice
