"""The real CLIs run offline against the fake model server: tools run, files change, transcripts appear.

These use no part of learn; they prove the test rig itself (a failure here is a rig or CLI problem, not ours).
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.e2e.agents import (claude_session_id, claude_transcripts, codex_rollouts, codex_setup, codex_thread_id,
                              gemini_chats, gemini_setup, opencode_db, opencode_setup,
                              run_claude, run_codex, run_gemini, run_opencode)
from tests.e2e.world import model_requests_text

pytestmark = pytest.mark.e2e


def test_claude_reads_and_writes(world, claude_bin):
    (world.project / "hello.txt").write_text("hello from the project file\n")
    world.set_script([
        {"text": "Reading.", "tool": "Read", "input": {"file_path": str(world.project / "hello.txt")}},
        {"tool": "Write", "input": {"file_path": str(world.project / "out.txt"), "content": "written\n"}},
        {"text": "All done."},
    ])
    run = run_claude(world, claude_bin, "please read hello.txt").check()
    assert (world.project / "out.txt").read_text() == "written\n"
    texts = model_requests_text(world)
    assert len(texts) == 3 and "hello from the project file" in texts[1]
    assert json.loads(run.stdout)["result"] == "All done."
    assert len(claude_transcripts(world)) == 1


def test_codex_apply_patch(world, codex_bin):
    codex_setup(world)
    (world.project / "hello.txt").write_text("hello from the project file\n")
    world.set_script([
        {"tool": "apply_patch", "raw_input": "*** Begin Patch\n*** Update File: hello.txt\n@@\n"
                                             "-hello from the project file\n+hello, patched\n*** End Patch"},
        {"text": "Patched."},
    ])
    run_codex(world, codex_bin, "patch hello.txt", "--sandbox", "workspace-write").check()
    assert (world.project / "hello.txt").read_text() == "hello, patched\n"
    assert len(codex_rollouts(world)) == 1


def test_opencode_reads(world, opencode_bin):
    opencode_setup(world)
    (world.project / "hello.txt").write_text("hello from the project file\n")
    world.set_script([
        {"text": "Reading.", "tool": "read", "input": {"filePath": str(world.project / "hello.txt")}},
        {"text": "All done."},
    ])
    run_opencode(world, opencode_bin, "please read hello.txt").check()
    texts = model_requests_text(world)
    assert len(texts) == 2 and "hello from the project file" in texts[1]
    with sqlite3.connect(opencode_db(world)) as db:
        assert db.execute("select count(*) from session").fetchone()[0] == 1


def test_gemini_reads(world, gemini_bin):
    gemini_setup(world)
    (world.project / "hello.txt").write_text("hello from the project file\n")
    world.set_script([
        {"text": "Reading.", "tool": "read_file", "input": {"file_path": str(world.project / "hello.txt")}},
        {"text": "All done."},
    ])
    run = run_gemini(world, gemini_bin, "please read hello.txt").check()
    assert json.loads(run.stdout[run.stdout.index("{"):])["response"].endswith("All done.")
    texts = model_requests_text(world)
    assert len(texts) == 2 and "hello from the project file" in texts[1]
    assert len(gemini_chats(world)) == 1


def test_claude_resume_continues_the_conversation(world, claude_bin):
    world.set_script([{"text": "First answer."}, {"text": "Second answer."}])
    first = run_claude(world, claude_bin, "first question").check()
    sid = claude_session_id(first)
    second = run_claude(world, claude_bin, "second question", "--resume", sid).check()
    assert json.loads(second.stdout)["result"] == "Second answer."
    texts = model_requests_text(world)
    assert "first question" in texts[-1] and "second question" in texts[-1]
    # resuming in -p mode keeps the session id and appends to the same transcript
    assert claude_session_id(second) == sid
    assert [p.stem for p in claude_transcripts(world)] == [sid]


def test_codex_resume_continues_the_conversation(world, codex_bin):
    codex_setup(world)
    world.set_script([{"text": "First answer."}, {"text": "Second answer."}])
    first = run_codex(world, codex_bin, "first question").check()
    thread = codex_thread_id(first)
    run_codex(world, codex_bin, "second question", resume=thread).check()
    texts = model_requests_text(world)
    assert "first question" in texts[-1] and "second question" in texts[-1]
    rollouts = codex_rollouts(world)
    assert len(rollouts) == 1 and thread in rollouts[0].name

