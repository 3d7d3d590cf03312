"""Gemini CLI runs offline against the fake model server: tools run, the answer comes back, a chat file appears.

This uses no part of learn; it proves the test rig itself (a failure here is a rig or CLI problem, not ours).
The same rig checks for Claude Code, Codex and opencode open their sessions in test_capture_e2e.py, before
any part of learn runs (one agent session serves both).
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.agents import gemini_chats, gemini_setup, run_gemini
from tests.e2e.world import model_requests_text

pytestmark = pytest.mark.e2e


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
