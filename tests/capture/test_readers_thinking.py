"""Each harness reader gives an assistant turn the reasoning the agent wrote with it (``AssistantTurn.thinking``):
Claude Code's thinking blocks, Codex's reasoning summaries, Gemini CLI's thoughts, opencode's reasoning parts, a
generic trajectory's `thinking`. Redacted (empty) thinking is none; the text of a turn never changes."""

from __future__ import annotations

import json
import shutil

from altimate_learn.capture.model import AssistantTurn, UserMessage
from altimate_learn.capture.sessions import read_session
from altimate_learn.capture.sessions._base import THINKING_KEEP
from altimate_learn.markers import SECTION_CLOSE, SECTION_OPEN
from tests.capture.conftest import CODEX, GEMINI, OPENCODE_SESSION, OPENCODE_STORAGE, opencode_db


def turns(path, **kwargs) -> list[AssistantTurn]:
    return [e for e in read_session(path, **kwargs).events() if isinstance(e, AssistantTurn)]


def claude_line(uid: str, mid: str, block: dict) -> str:
    return json.dumps({"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/home/dev/shop-api",
                       "sessionId": "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", "version": "2.1.332", "type": "assistant",
                       "uuid": uid, "timestamp": "2026-12-04T10:00:01.000Z",
                       "message": {"id": mid, "type": "message", "role": "assistant", "model": "claude-opus-4-5",
                                   "content": [block], "stop_reason": None}}) + "\n"


def test_claude_code_thinking_blocks(tmp_path):
    path = tmp_path / "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.jsonl"
    user = {"parentUuid": None, "isSidechain": False, "type": "user", "uuid": "u1", "sessionId": path.stem,
            "timestamp": "2026-12-04T10:00:00.000Z", "cwd": "/home/dev/shop-api",
            "message": {"role": "user", "content": "the import copies the folder itself"}}
    path.write_text(json.dumps(user) + "\n"
                    # Claude Code writes each block of one message on its own line, under the message's id
                    + claude_line("a1", "msg_01", {"type": "thinking", "signature": "EqQBCkYIBxgC",
                                                   "thinking": "The user is pointing out that I copied the folder."})
                    + claude_line("a2", "msg_01", {"type": "text", "text": "Let me copy its contents instead."})
                    # redacted thinking (empty text, only a signature) and a turn without any
                    + claude_line("a3", "msg_02", {"type": "thinking", "thinking": "", "signature": "EqQBCkYIBxgC"})
                    + claude_line("a4", "msg_02", {"type": "text", "text": "Done."})
                    + claude_line("a5", "msg_03", {"type": "text", "text": "Anything else?"}), encoding="utf-8")
    first, second, third = turns(path)
    assert (first.text, first.thinking) == ("Let me copy its contents instead.",
                                            "The user is pointing out that I copied the folder.")
    assert (second.text, second.thinking) == ("Done.", None) and third.thinking is None


def test_codex_reasoning_summaries_go_with_the_next_agent_message():
    """The real rollout fixture: a `reasoning` item ("**Running tests**") before the agent's first message."""
    said = turns(CODEX)
    assert said[0].text == "npm can't find a test script; trying the workspace root."
    assert said[0].thinking == "**Running tests**"
    assert all(t.thinking is None for t in said[1:])  # no reasoning came before the later messages


def test_codex_reasoning_and_its_repeating_event_are_read_once(tmp_path):
    path = tmp_path / "rollout-2026-12-04T10-00-00-0199c17c-0000-7000-8000-000000000001.jsonl"
    shutil.copyfile(CODEX, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"agent_message"' in line)
    summary = "**Reconsidering the copy**\n\nThe user says the folder itself was copied, not its contents."
    extra = [json.dumps({"timestamp": "2026-11-20T09:15:17.000Z", "type": "response_item",
                         "payload": {"type": "reasoning", "summary": [{"type": "summary_text", "text": summary}],
                                     "encrypted_content": "gAAAA"}}),
             json.dumps({"timestamp": "2026-11-20T09:15:17.100Z", "type": "event_msg",
                         "payload": {"type": "agent_reasoning", "text": summary}})]
    path.write_text("\n".join(lines[:at] + extra + lines[at:]) + "\n", encoding="utf-8")
    assert turns(path)[0].thinking == "**Running tests**\n" + summary


def test_gemini_thoughts(tmp_path):
    path = tmp_path / GEMINI.name
    lines = GEMINI.read_text(encoding="utf-8").splitlines()
    thought = {"subject": "Reconsidering the Loader",
               "description": "The user is correcting me: DuckDB's read_csv_auto, not pandas.",
               "timestamp": "2026-11-20T09:15:13.000Z"}
    path.write_text("\n".join(line.replace('"thoughts":[]', '"thoughts":' + json.dumps([thought]))
                              if '"id":"m07"' in line else line for line in lines) + "\n", encoding="utf-8")
    by_id = {t.id: t for t in turns(path)}
    assert by_id["m07"].thinking == "Reconsidering the Loader: The user is correcting me: DuckDB's read_csv_auto, not pandas."
    assert by_id["m07"].text == "Switching to read_csv_auto."
    assert by_id["m15"].thinking is None


def test_opencode_reasoning_parts(tmp_path):
    storage = tmp_path / "storage"
    shutil.copytree(OPENCODE_STORAGE, storage)
    message = "msg_227440015000AbCdEfGhIjKl21"  # the second assistant message of the fixture session
    part = {"id": "prt_227440015100AbCdEfGhIjKl00", "sessionID": OPENCODE_SESSION, "messageID": message,
            "type": "reasoning", "text": " The user wants the release build, not the debug one.",
            "time": {"start": 1781675576292, "end": 1781675577788}}
    (storage / "part" / message / f"{part['id']}.json").write_text(json.dumps(part), encoding="utf-8")
    for source in (storage, opencode_db(tmp_path / "opencode.db", storage=storage)):
        by_id = {t.id: t for t in turns(source, session_id=OPENCODE_SESSION)}
        assert by_id[message].thinking == "The user wants the release build, not the debug one."
        assert [t.thinking for i, t in by_id.items() if i != message] == [None] * (len(by_id) - 1)


def test_generic_trajectory_thinking_is_clipped_and_injected_text_is_removed(tmp_path):
    path = tmp_path / "trajectory.jsonl"
    lesson = f"{SECTION_OPEN}\n- Always copy a folder's contents, not the folder.\n{SECTION_CLOSE}"
    records = [{"type": "session", "id": "s1", "format": "learn-trajectory/1"},
               {"type": "user", "id": "u0", "text": "copy the data folder"},
               {"type": "assistant", "id": "a0", "text": "Copied.", "thinking": "x" * (THINKING_KEEP + 500)},
               {"type": "user", "id": "u1", "text": "the folder itself was copied"},
               {"type": "assistant", "id": "a1", "text": "Fixing.", "thinking": lesson + "\nI misunderstood the copy."},
               {"type": "assistant", "id": "a2", "text": "Done.", "thinking": 42}]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    events = list(read_session(path).events())
    said = [e for e in events if isinstance(e, AssistantTurn)]
    assert len(said[0].thinking) == THINKING_KEEP
    assert said[1].thinking == "I misunderstood the copy."  # learn's own lesson block is never the agent's words
    assert said[2].thinking is None
    assert [e.text for e in events if isinstance(e, UserMessage)] == ["copy the data folder", "the folder itself was copied"]


SPECSTORY = """<!-- Generated by SpecStory, Markdown v2.1.0 -->

# 2026-04-09 05:18:07Z

<!-- cursoride Session af9d94a0-df8b-440d-8943-bfd0ecbaa7b7 (2026-04-09 05:18:07Z) -->

_**User**_

make the active icon red

---

_**Agent (composer-2-fast)**_

<think><details><summary>Thought Process</summary>
**Comparing image formats**

I'm weighing PNG vs SVG for dynamic color changes. </details></think>

_**Agent (composer-2-fast)**_

<tool-use data-tool-type="read" data-tool-name="read_file_v2"><details>
<summary>Tool use: **read_file_v2** • Read file: /Users/dev/app/icons.tsx</summary>

</details>
</tool-use>

_**Agent (composer-2-fast)**_

SVG is better here: one asset can take the active color.

---

_**User**_

the icon is still grey

---

_**Agent (composer-2-fast)**_

<think><details><summary>Thought Process</summary>
**Fixing the tint**

The user is pointing out that the icon stays grey: I forgot to pass the active color. </details></think>

You're right, I forgot to pass `color` when the tab is active. Fixed.
"""


def test_specstory_thought_process_goes_with_the_next_words(tmp_path):
    path = tmp_path / ".specstory" / "history" / "2026-04-09_05-18-07Z-icons.md"
    path.parent.mkdir(parents=True)
    path.write_text(SPECSTORY, encoding="utf-8")
    said = turns(path)
    assert [(t.text, t.thinking) for t in said] == [
        ("SVG is better here: one asset can take the active color.",
         "**Comparing image formats**\n\nI'm weighing PNG vs SVG for dynamic color changes."),
        ("You're right, I forgot to pass `color` when the tab is active. Fixed.",
         "**Fixing the tint**\n\nThe user is pointing out that the icon stays grey: I forgot to pass the active color.")]
    assert not any("Thought Process" in t.text or "think>" in t.text for t in said)
