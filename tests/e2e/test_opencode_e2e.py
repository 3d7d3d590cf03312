"""opencode 1.18.33 with `learn install opencode`: delivery through the plugin, live capture (a correction, a tool that
failed three times in a row, a complaint that needs the answer it replied to), capture from its SQLite database, the
learner over the session."""

from __future__ import annotations

import json
import sqlite3

import pytest

from altimate_learn.markers import SECTION_OPEN
from tests.e2e.agents import opencode_db, opencode_setup, run_opencode
from tests.e2e.learner_steps import COMPLAINT, stage_cited_lesson
from tests.e2e.helpers import (CORRECTION, TASK, assert_delivery, capture_latest, hook_log, learn_ok,
                               prepare_project, signals)
from tests.e2e.world import run_learn

pytestmark = pytest.mark.e2e


def session_of(run) -> str:
    return str(run.json_lines()[0]["sessionID"])


def test_opencode_end_to_end(world, opencode_bin):
    files = prepare_project(world)
    opencode_setup(world)
    assert "would write .opencode/plugins/altimate-learn.js" in learn_ok(world, "install", "opencode", "--dry-run")
    assert not (world.project / ".opencode").exists()
    learn_ok(world, "install", "opencode")
    plugin = world.project / ".opencode" / "plugins" / "altimate-learn.js"
    assert "altimate_learn" in plugin.read_text()
    assert "the hook runs" in learn_ok(world, "install", "opencode", "--check")

    model = str(files["model"])
    missing = str(world.project / "docs" / "missing.md")  # under no lesson's path: nothing is delivered with it
    world.set_script([
        *[{"tool": "read", "input": {"filePath": missing}}] * 3,  # a tool that fails three times in a row
        {"text": "Reading the model.", "tool": "read", "input": {"filePath": model}},
        {"text": "Editing.", "tool": "edit", "input": {"filePath": model, "oldString": "amount_cents / 100",
                                                       "newString": "amount_cents"}},
        {"text": "Fixed the rounding."},
        {"text": "Sorry, I will look again."},
        {"text": "Understood, cents_to_dollars from now on."},
        {"text": "You are right, I will convert it."},
    ])
    first = run_opencode(world, opencode_bin, TASK).check()
    assert "amount_cents as amount" in files["model"].read_text()
    assert_delivery(world, file_request=4)  # after the 3 failed reads, the read of the staging model
    requests = [r["body"] for r in world.model_requests()]
    # the section is a system message of its own, identical in every request (the prompt cache keeps hitting)
    sections = [[m["content"] for m in body["messages"] if m["role"] == "system" and SECTION_OPEN in m["content"]]
                for body in requests]
    assert all(len(s) == 1 and s == sections[0] for s in sections) and "quokka" in sections[0][0]
    # the file's lesson is appended to the read tool's output, after what the tool returned
    tool_result = [m["content"] for m in requests[4]["messages"] if m["role"] == "tool"][-1]
    assert tool_result.index("amount_cents / 100") < tool_result.index(SECTION_OPEN) < tool_result.index("narwhal")

    # the three failures in a row are one tool_retry signal, live (test_tool_retry_e2e's case for opencode)
    retry = signals(world, "tool_retry")
    assert len(retry) == 1, (retry, hook_log(world))
    assert "captured a tool_retry" in hook_log(world)

    session = session_of(first)
    assert signals(world) == []
    # review39 R39-22: opencode's turn end carried no text of the agent's answer, so the live capture read every
    # prompt without it and lost what is a correction only after work the agent said it did ("the totals are off by
    # one cent now" after "Fixed the rounding."). The plugin now sends the agent's last message with the turn's end.
    run_opencode(world, opencode_bin, "the totals are off by one cent now", "--session", session).check()
    cent = signals(world)
    assert len(cent) == 1 and cent[0]["sessionID"] == session and "one cent" in cent[0]["text"], cent
    assert "captured a user_correction" in hook_log(world)

    run_opencode(world, opencode_bin, CORRECTION, "--session", session).check()
    live = signals(world)
    assert len(live) == 2 and live[0] == cent[0], live
    assert live[1]["sessionID"] == session and "cents_to_dollars" in live[1]["text"], live
    capture_latest(world, "opencode")  # the database holds the same message and failures: nothing new
    assert signals(world) == live
    assert signals(world, "tool_retry") == retry

    # our synthetic parts and tool-output notes are in opencode's database, and never read back as the user's
    with sqlite3.connect(opencode_db(world)) as db:
        parts = [json.loads(row[0]) for row in db.execute("select data from part")]
    users = [p["text"] for p in parts if p.get("type") == "text" and not p.get("synthetic")]
    assert not any(SECTION_OPEN in text for text in users)

    # then a complaint asked as a question about the output: `learn run` shows it to the model, cited, and stages
    # the lesson citing it (test_learner_e2e's case for opencode, on this session)
    run_opencode(world, opencode_bin, COMPLAINT, "--session", session).check()
    stage_cited_lesson(world, session, TASK)

    learn_ok(world, "install", "opencode", "--uninstall")
    assert not plugin.exists()
    assert not (world.project / ".opencode").exists()  # nor the .gitignore opencode wrote beside it (trial27)
    assert "not installed" in run_learn(world, "install", "opencode", "--check").stdout


def test_user_plugin_is_inert_without_learn_and_delivers_with_it(world, opencode_bin):
    """`--user` installs into opencode's config folder, so the plugin runs in every project: in one that never
    used learn the requests are what they would be without it; once the project has lessons, they arrive."""
    opencode_setup(world)
    learn_ok(world, "install", "opencode", "--user")
    plugin = world.home / ".config" / "opencode" / "plugins" / "altimate-learn.js"
    assert plugin.is_file() and not (world.project / ".opencode").exists()
    world.set_script([{"text": "Hello."}])
    run_opencode(world, opencode_bin, "say hello").check()
    assert not (world.project / ".altimate-code").exists()  # the hook wrote nothing
    body = world.model_requests()[0]["body"]
    assert SECTION_OPEN not in json.dumps(body)
    user = [m for m in body["messages"] if m["role"] == "user"]
    assert len(user) == 1 and "learn" not in json.dumps(user)

    prepare_project(world)
    run_opencode(world, opencode_bin, "say hello again").check()
    assert "quokka" in json.dumps(world.model_requests()[-1]["body"])


LINT = "Run the linter with ruff; never use flake8 here (ocelot rule)."
TEMPLATE = "Run the linter on $ARGUMENTS and fix every warning. No, never use flake8 here: always use ruff instead."


def test_a_custom_commands_template_is_not_the_persons_correction(world, opencode_bin):
    """A team's custom command (`.opencode/command/fixlint.md`) run as `/fixlint src/calc.py`: opencode sends its
    template as the user message. The person typed only the command: the template's "No, never use flake8 here"
    was recorded as their correction (trial22, real opencode 1.18.33). Delivery still matches the template (the
    lint lesson arrives), and a correction the person types next is theirs.

    The plugin is in the project and in the global folder (test_lessons_once_e2e's case for opencode): each lesson
    reaches the model once."""
    from altimate_learn.schema import make_lesson
    from tests.e2e import lessons
    from tests.e2e.world import request_text

    prepare_project(world)
    lessons.seed(world.project, [lessons.CORE, lessons.STAGING, lessons.BILLING,
                                 make_lesson(LINT, lesson_id="L-0c11", now=lessons.NOW, tags=["lint"])])
    opencode_setup(world)
    learn_ok(world, "install", "opencode")
    learn_ok(world, "install", "opencode", "--user")
    command = world.project / ".opencode" / "command" / "fixlint.md"
    command.parent.mkdir(parents=True, exist_ok=True)
    command.write_text(f"---\ndescription: fix lint warnings\n---\n{TEMPLATE}\n")
    world.set_script([{"text": "Hello."}, {"text": "Linted."}, {"text": "Understood."}, {"text": "Linted again."}])
    session = session_of(run_opencode(world, opencode_bin, "say hello").check())
    hello = request_text(world.model_requests()[-1])
    assert hello.count(lessons.MARKERS["core"]) == 1, hello.count(lessons.MARKERS["core"])
    run_opencode(world, opencode_bin, "src/calc.py", "--command", "fixlint", "--session", session).check()

    last = json.dumps(world.model_requests()[-1]["body"])
    assert "Run the linter on src/calc.py" in last and "ocelot" in last  # the template, and its lesson
    assert signals(world) == [], signals(world)
    assert "captured" not in hook_log(world)

    run_opencode(world, opencode_bin, "no, never use flake8 here, use ruff", "--session", session).check()
    assert [s["text"] for s in signals(world)] == ["no, never use flake8 here, use ruff"]

    # a fork of the session (review43 R43-4) holds copies of its messages, the lint lesson among them: the plugin
    # lists them at the fork's first prompt and learn counts that lesson as shown (before: it came a second time)
    run_opencode(world, opencode_bin, "lint src/calc.py again with ruff", "--session", session, "--fork").check()
    fork = json.dumps(world.model_requests()[-1]["body"])
    assert fork.count("ocelot") == 1 and fork.count("quokka") == 1, (fork.count("ocelot"), fork.count("quokka"))


def test_an_opencode_run_killed_mid_turn_and_run_again_on_its_session_gets_the_team_rules(world, opencode_bin):
    """trial27: opencode killed before its turn ended (no `session.idle`) and run again on its session within 10 s:
    the new process's session start was the killed one's byte for byte, learn took it for a second copy of its
    plugin and answered nothing, so no request of the restarted run carried the team rules."""
    from tests.e2e import lessons
    from tests.e2e.world import request_text

    prepare_project(world)
    opencode_setup(world)
    learn_ok(world, "install", "opencode")
    # the model's first turn runs a command that kills opencode itself, mid-turn (the command's shell is its child)
    world.set_script([{"text": "Building.", "tool": "bash", "input": {"command": "kill -9 $PPID",
                                                                      "description": "Build"}},
                      {"text": "All done."}])
    killed = run_opencode(world, opencode_bin, TASK)
    assert killed.returncode != 0, killed.stdout[-2000:]
    assert [lessons.MARKERS["core"] in request_text(r) for r in world.model_requests()] == [True]
    with sqlite3.connect(opencode_db(world)) as db:
        session = db.execute("select id from session").fetchone()[0]
    run_opencode(world, opencode_bin, "go on", "--session", session).check()
    again = world.model_requests()[1:]
    assert again and all(lessons.MARKERS["core"] in request_text(r) for r in again), len(again)
    assert "the same event again" not in hook_log(world)
