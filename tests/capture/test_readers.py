"""Session readers: what each harness's transcript turns into."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage
from altimate_learn.capture.sessions import detect_format, read_session
from altimate_learn.errors import LearnError
from tests.capture.conftest import (
    CLAUDE,
    CODEX,
    GEMINI,
    GEMINI_LEGACY,
    GENERIC,
    OPENCODE_CHILD,
    OPENCODE_SESSION,
    OPENCODE_STORAGE,
    REAL_CLAUDE,
    REAL_CODEX,
    REAL_OPENCODE,
    opencode_db,
)


def events(path: Path, **kwargs):
    reader = read_session(path, **kwargs)
    return reader, list(reader.events())


def users(evs):
    return [e for e in evs if isinstance(e, UserMessage)]


def tools(evs):
    return [e for e in evs if isinstance(e, ToolCall)]


# --- Claude Code ---------------------------------------------------------------------------------------

def test_claude_user_messages_are_only_what_the_user_said():
    reader, evs = events(CLAUDE)
    said = [(u.kind, u.index, u.after_assistant, u.text) for u in users(evs)]
    assert said == [
        ("text", 0, False, "Add a /healthz endpoint to the FastAPI app in app/main.py that returns the git SHA."),
        # system reminder and learn's own team-rules section are gone; isMeta, /cost and its output dropped
        ("text", 1, True, "No, don't use print() for logging. Use the structlog logger from app/logging.py instead."),
        ("interrupt", 2, True, "[Request interrupted by user for tool use]"),
        ("text", 3, True, "stop, don't run migrations against the dev database. Use the test database fixture instead."),
        ("rejection", 4, True, "Don't edit existing migrations; create a new one with `alembic revision` instead."),
        ("text", 5, True, "thanks, looks good!"),
        ("text", 6, True, "Now add a /readyz endpoint that checks the database connection."),
    ]
    rejection = users(evs)[4]
    assert rejection.tool_name == "Edit"
    assert rejection.reason == "Don't edit existing migrations; create a new one with `alembic revision` instead."
    assert reader.info.id == "5f0c2c1e-8d7b-4c59-9a51-3f1e2d4c6b7a"
    assert reader.info.cwd == "/home/dev/shop-api"
    assert reader.info.skipped == 0
    assert reader.info.message_count == 5 + 18  # user text messages + assistant turns


def test_claude_sidechain_traffic_is_not_read():
    _, evs = events(CLAUDE)
    assert not any("ripgrep" in u.text for u in users(evs))
    assert not any(t.id.startswith("toolu_side") for t in tools(evs))
    # the Task call itself is the main thread's
    assert any(t.name == "Task" and "Found 3 places" in (t.result or "") for t in tools(evs))


def test_claude_split_assistant_lines_are_one_turn_and_tool_calls_carry_results():
    _, evs = events(CLAUDE)
    first = next(e for e in evs if isinstance(e, AssistantTurn))
    assert first.id == "msg_01Hz1" and first.text == "I'll look at the app first."
    assert sum(1 for e in evs if isinstance(e, AssistantTurn) and e.id == "msg_01Hz1") == 1
    read = next(t for t in tools(evs) if t.id == "toolu_01Read")
    assert read.message_id == "msg_01Hz1" and not read.is_error and "FastAPI" in read.result
    failed = next(t for t in tools(evs) if t.id == "toolu_08Bash")
    assert failed.is_error and failed.exit_code == 4
    ok = next(t for t in tools(evs) if t.id == "toolu_10Bash")
    assert not ok.is_error and ok.exit_code is None
    # the interrupted and the rejected calls are user actions, not tool results
    assert not any(t.id in ("toolu_13Bash", "toolu_14Edit") for t in tools(evs))


def test_claude_late_split_line_and_result_before_it(tmp_path):
    sid = "11111111-2222-4333-8444-555555555555"
    base = {"sessionId": sid, "cwd": "/w", "isSidechain": False, "timestamp": "2026-11-20T10:00:00Z"}
    lines = [
        {**base, "type": "user", "uuid": "u1", "parentUuid": None, "message": {"role": "user", "content": "go"}},
        {**base, "type": "assistant", "uuid": "a1", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "text", "text": "first"}]}},
        {**base, "type": "assistant", "uuid": "a2", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]}},
        {**base, "type": "user", "uuid": "u2", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "a\nb"}]}},
        # a block of the same message written after the result (streaming tool execution)
        {**base, "type": "assistant", "uuid": "a3", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t2", "name": "Read", "input": {"file_path": "/w/x"}}]}},
        {**base, "type": "user", "uuid": "u3", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t2", "content": "Exit code 1\nboom", "is_error": True}]}},
        {**base, "type": "assistant", "uuid": "a4", "isApiErrorMessage": True, "message": {
            "id": "m2", "role": "assistant", "model": "<synthetic>", "content": [{"type": "text", "text": "API Error"}]}},
    ]
    path = tmp_path / f"{sid}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _, evs = events(path)
    turns = [e for e in evs if isinstance(e, AssistantTurn)]
    assert [(t.id, t.text) for t in turns] == [("m1", "first")]
    assert [(t.id, t.message_id, t.is_error) for t in tools(evs)] == [("t1", "m1", False), ("t2", "m1", True)]


def test_claude_prompt_typed_while_the_agent_works(tmp_path):
    sid = "22222222-2222-4333-8444-555555555555"
    base = {"sessionId": sid, "cwd": "/w", "isSidechain": False, "timestamp": "2026-11-20T10:00:00Z"}
    lines = [
        {**base, "type": "user", "uuid": "u1", "message": {"role": "user", "content": "export the report"}},
        {**base, "type": "assistant", "uuid": "a1", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Edit", "input": {}}]}},
        {"type": "queue-operation", "operation": "enqueue", "sessionId": sid, "content": "no, use euros not dollars"},
        {**base, "type": "attachment", "uuid": "q1", "attachment": {
            "type": "queued_command", "commandMode": "prompt", "origin": {"kind": "human"},
            "prompt": "no, use euros not dollars"}},
        {**base, "type": "attachment", "uuid": "q2", "attachment": {
            "type": "queued_command", "commandMode": "task-notification", "origin": {"kind": "task-notification"},
            "prompt": "<task-notification>done</task-notification>"}},
        {**base, "type": "user", "uuid": "u2", "message": {"role": "user", "content": "no, use euros not dollars"}},
    ]
    path = tmp_path / f"{sid}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _, evs = events(path)
    assert [(u.id, u.text, u.after_assistant) for u in users(evs)] == [
        ("u1", "export the report", False), ("q1", "no, use euros not dollars", True)]


def test_claude_real_sample():
    reader, evs = events(REAL_CLAUDE)
    assert reader.info.id == "090923b3-f0ce-492d-8b18-3238f9f03a23"
    assert reader.info.cwd == "/tmp/sample/claude/hooks.accept/proj"
    assert [u.text for u in users(evs)] == ["please read hello.txt"]
    # the prompt id is the one Claude's UserPromptSubmit hook reports
    assert users(evs)[0].id == "d51368cf-4b7d-4468-b214-7a515ee4ec46"
    assert [(t.name, t.is_error) for t in tools(evs)] == [("Read", False), ("Write", False)]
    assert [t.text for t in evs if isinstance(t, AssistantTurn)] == ["Let me read the file.", "",
                                                                    "All done: the file says hello."]


# --- Codex ---------------------------------------------------------------------------------------------

def test_codex_user_text_once_without_boilerplate():
    reader, evs = events(CODEX)
    said = [(u.kind, u.index, u.after_assistant, u.text) for u in users(evs)]
    assert said == [
        ("text", 0, False, "Fix the failing checkout test in src/cart.test.ts"),
        ("text", 1, True, "Don't use npm in this repo, it's a pnpm workspace. Run `pnpm test` instead."),
        ("interrupt", 2, True, "[interrupted]"),  # turn_aborted event and Codex's <turn_aborted> note: once
        ("text", 3, True, "skip lint for now, just run the cart tests again"),
        ("text", 4, True, "thanks!"),
    ]
    assert reader.info.id == "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
    assert reader.info.cwd == "/home/dev/web-app"
    assert reader.info.model == "gpt-5-codex"
    # agent_message and the assistant response item are one turn each
    assert [e.text for e in evs if isinstance(e, AssistantTurn)] == [
        "npm can't find a test script; trying the workspace root.", "The cart tests pass.", "You're welcome."]


def test_codex_exit_codes_from_every_shape():
    _, evs = events(CODEX)
    by_id = {t.id: t for t in tools(evs)}
    assert by_id["call_A1"].exit_code == 1 and by_id["call_A1"].is_error  # exec_command_end + JSON metadata
    assert by_id["call_A1"].result.startswith("npm ERR! Missing script")  # JSON output unwrapped
    assert by_id["call_A2"].exit_code == 1 and by_id["call_A2"].is_error  # "Exit code: 1"
    assert by_id["call_A3"].exit_code == 1 and by_id["call_A3"].is_error  # "Process exited with code 1"
    assert by_id["call_A4"].exit_code == 0 and not by_id["call_A4"].is_error
    assert by_id["call_A5"].name == "apply_patch" and by_id["call_A5"].paths() == ["src/cart.ts"]
    assert by_id["call_A1"].input == {"command": ["bash", "-lc", "npm test"], "workdir": "/home/dev/web-app"}
    assert "call_A6" not in by_id  # "aborted" by the interruption, not a failure


def test_codex_real_sample_and_turn_id():
    reader, evs = events(REAL_CODEX)
    assert reader.info.id == "01a22741-f2de-7c81-a949-3ce09e9b5647"
    # response_item and item_completed carry the prompt: it is read once, with the turn id hooks report
    assert [(u.text, u.id) for u in users(evs)] == [("please read hello.txt", "01a22741-f2ef-77b0-a25d-ea0523675eb9")]
    assert [(t.name, t.exit_code, t.is_error) for t in tools(evs)] == [("exec_command", 0, False),
                                                                      ("apply_patch", 0, False)]
    assert [e.text for e in evs if isinstance(e, AssistantTurn)] == ["Reading the file.",
                                                                    "All done: the file says hello."]


def test_codex_sub_agent_thread_reads_only_what_a_person_typed_into_it_in_the_ide(tmp_path):
    """A real shape (Codex 0.115 in VS Code, a `thread_spawn` worker): the parent agent's task and follow-ups come as
    plain text, what the person typed into the sub-agent's thread comes wrapped in the IDE extension's context."""
    def item_and_event(text: str) -> list[dict]:
        return [{"type": "response_item", "payload": {"type": "message", "role": "user",
                                                      "content": [{"type": "input_text", "text": text}]}},
                {"type": "event_msg", "payload": {"type": "user_message", "message": text, "images": []}}]

    def said(text: str) -> dict:
        return {"type": "event_msg", "payload": {"type": "agent_message", "message": text}}

    typed = ("# Context from my IDE setup:\n\n## Active file: t2.sh\n\n## Open tabs:\n- t2.sh: t2.sh\n\n"
             "## My request for Codex:\nno, push it to the remote, not a new branch\n")
    lines = [{"type": "session_meta", "payload": {
                 "id": "019d02f4-7117-7c32-b8eb-dcfe9d8e0e4b", "timestamp": "2026-03-18T21:57:47.000Z",
                 "cwd": "/workspace", "originator": "codex_vscode", "cli_version": "0.115.0-alpha.27",
                 "source": {"subagent": {"thread_spawn": {"parent_thread_id": "019cf2c8-212d-7da0-a0db-31c7df70e3a5",
                                                          "depth": 1, "agent_role": "worker"}}}}},
             *item_and_event("<environment_context>\n  <cwd>/workspace</cwd>\n</environment_context>"),
             *item_and_event("Edit only these files in /workspace/app: app/report.py. You are not alone in the codebase."),
             said("Changed only the requested files."),
             *item_and_event(typed),
             said("Pushed to origin/main."),
             *item_and_event("Also run the report tests and tell me the result.")]
    path = tmp_path / "rollout-2026-03-18T21-57-47-019d02f4-7117-7c32-b8eb-dcfe9d8e0e4b.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    reader, evs = events(path)
    assert reader.info.parent_id is not None  # a sub-agent's rollout
    assert [(u.text, u.after_assistant) for u in users(evs)] == [("no, push it to the remote, not a new branch", True)]


def test_codex_prompt_headed_by_the_ide_and_pictures_pasted_into_it_are_read_as_the_words_once(tmp_path):
    """Real shapes: Codex's VS Code extension (0.58) opens a prompt with "## My request for Codex:" even with no IDE
    context before it; a pasted picture comes as `<image …>` / `</image>` text parts around the image, which the
    `user_message` event does not carry (so the prompt was read twice, once with the tags, and a prompt of pictures
    only as "<image> </image>")."""
    def user_turn(parts: list[dict], message: str) -> list[dict]:
        return [{"type": "response_item", "payload": {"type": "message", "role": "user", "content": parts}},
                {"type": "event_msg", "payload": {"type": "user_message", "message": message, "images": []}}]

    def said(text: str) -> dict:
        return {"type": "event_msg", "payload": {"type": "agent_message", "message": text}}

    headed = "\n## My request for Codex:\nwhy are you adding files to src? only the dev configs were to change\n"
    picture = [{"type": "input_text", "text": "the pie chart is still wrong"},
               {"type": "input_text", "text": '<image name=[Image #1] path="C:\\Users\\me\\AppData\\Local\\Temp\\'
                                               'codex-clipboard-850c.png">'},
               {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo="},
               {"type": "input_text", "text": "</image>"}]
    only_pictures = [{"type": "input_text", "text": "<image>"},
                     {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo="},
                     {"type": "input_text", "text": "</image>"}]
    lines = [{"type": "session_meta", "payload": {"id": "019a91f0-9db9-7921-9a1e-44b95efb741e", "cwd": "/w",
                                                  "originator": "codex_vscode", "source": "vscode"}},
             *user_turn([{"type": "input_text", "text": headed}], headed), said("Added the configs under src/."),
             *user_turn(picture, "the pie chart is still wrong"), said("Fixed the chart."),
             *user_turn(only_pictures, ""), said("Both charts now match.")]
    path = tmp_path / "rollout-2025-11-17T20-10-56-019a91f0-9db9-7921-9a1e-44b95efb741e.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _, evs = events(path)
    assert [u.text for u in users(evs)] == [
        "why are you adding files to src? only the dev configs were to change", "the pie chart is still wrong"]


def test_codex_legacy_rollout(tmp_path):
    lines = [
        {"id": "5e3a9d1c-0000-4000-8000-000000000001", "timestamp": "2025-05-01T10:00:00.000Z",
         "instructions": None, "git": {"branch": "main"}},
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "<environment_context>\n<cwd>/srv/app</cwd>\n</environment_context>"}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "rename foo to bar"}]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Renamed."}]},
        {"type": "function_call", "name": "shell", "arguments": "{\"command\": [\"rg\", \"foo\"]}", "call_id": "c1"},
        {"type": "function_call_output", "call_id": "c1", "output": {"content": "rg: not found", "success": False}},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "no, use grep instead"}]},
    ]
    path = tmp_path / "rollout-2025-05-01T10-00-00-5e3a9d1c-0000-4000-8000-000000000001.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert detect_format(path) == "codex"
    reader, evs = events(path)
    assert reader.info.id == "5e3a9d1c-0000-4000-8000-000000000001"
    assert reader.info.cwd == "/srv/app"
    assert [u.text for u in users(evs)] == ["rename foo to bar", "no, use grep instead"]
    assert [(t.name, t.is_error, t.result) for t in tools(evs)] == [("shell", True, "rg: not found")]


# --- opencode ------------------------------------------------------------------------------------------

def _check_opencode_session(evs):
    said = [(u.kind, u.index, u.text) for u in users(evs)]
    assert said == [
        ("text", 0, "Add a GET /health route to the axum router."),  # the synthetic part is not the user's
        ("text", 1, "No, you keep editing the wrong file. The router lives in src/routes/mod.rs, not src/main.rs."),
        ("interrupt", 2, "[interrupted]"),  # MessageAbortedError
        ("text", 3, "don't refactor the router, just add the one route"),
        ("rejection", 4, "never push from the agent; I push myself"),
        ("text", 5, "looks good, thanks"),
    ]
    assert users(evs)[4].tool_name == "bash"
    calls = tools(evs)
    assert [(t.name, t.is_error) for t in calls] == [("edit", True), ("read", False), ("edit", True), ("edit", True),
                                                     ("bash", True), ("edit", False)]
    # opencode's bash reports the exit in metadata and its status stays completed: a non-zero exit is a failure
    assert calls[4].exit_code == 101
    assert all(t.id.startswith("toolu_") for t in calls)  # the call id opencode's hooks report
    aborted = [e for e in evs if isinstance(e, AssistantTurn) and e.aborted]
    assert len(aborted) == 1


def test_opencode_json_storage():
    assert detect_format(OPENCODE_STORAGE) == "opencode"
    reader, evs = events(OPENCODE_STORAGE)  # one root session: no --session needed
    assert reader.info.id == OPENCODE_SESSION
    assert reader.info.cwd == "/home/dev/rust-svc"
    _check_opencode_session(evs)


def test_opencode_subagent_session_has_no_user_text():
    reader, evs = events(OPENCODE_STORAGE, session_id=OPENCODE_CHILD)
    assert reader.info.parent_id == OPENCODE_SESSION
    assert users(evs) == []
    assert len([e for e in evs if isinstance(e, AssistantTurn)]) == 2


def test_opencode_database(tmp_path, monkeypatch):
    db = opencode_db(tmp_path / "opencode.db")
    assert detect_format(db) == "opencode"
    with pytest.raises(LearnError) as exc:
        read_session(db)
    assert exc.value.message == f"{db} holds 2 sessions; say which one with --session ID."
    reader, evs = events(db, session_id=OPENCODE_SESSION)
    _check_opencode_session(evs)
    # read in small pages: same result
    from altimate_learn.capture.sessions import opencode

    monkeypatch.setattr(opencode, "PAGE", 2)
    _, paged = events(db, session_id=OPENCODE_SESSION)
    assert [repr(e) for e in paged] == [repr(e) for e in evs]


def test_opencode_database_is_read_only_and_never_locks_out_a_writer(tmp_path):
    db = opencode_db(tmp_path / "opencode.db")
    before = db.read_bytes()
    list(read_session(db, session_id=OPENCODE_SESSION).events())
    assert db.read_bytes() == before  # reading changed nothing
    writer = sqlite3.connect(db, timeout=0)
    writer.execute("PRAGMA journal_mode=WAL")
    reader = read_session(db, session_id=OPENCODE_SESSION)
    stream = reader.events()
    next(stream)  # mid-read
    writer.execute("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES "
                   "('msg_zzz', 'ses_x', 1, 1, '{}')")
    writer.commit()  # would raise "database is locked" if the reader held a write lock
    rest = list(stream)
    assert rest
    writer.close()
    con = sqlite3.connect(db)
    assert con.execute("SELECT COUNT(*) FROM message WHERE id = 'msg_zzz'").fetchone()[0] == 1
    con.close()


def test_opencode_real_database_in_a_read_only_folder(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    shutil.copyfile(REAL_OPENCODE, folder / "opencode.db")
    folder.chmod(0o555)
    try:
        reader, evs = events(folder / "opencode.db")
    finally:
        folder.chmod(0o755)
    assert reader.info.id == "ses_dd8bc6156ffeDDwyi4aZs22cyS"
    assert reader.info.title == "Offline title"
    assert [u.text for u in users(evs)] == ['please read hello.txt']  # `opencode run` stores it quoted: read bare
    assert [(t.name, t.is_error, t.id) for t in tools(evs)] == [("read", False, "call_41678ce70881447da8808764")]
    assert not (folder / "opencode.db-journal").exists()


def test_a_sqlite_file_that_is_not_opencode(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(LearnError) as exc:
        read_session(path)
    assert exc.value.message == f"{path} is a SQLite database but not opencode's (no session table)."


# --- Gemini --------------------------------------------------------------------------------------------

def test_gemini_rewind_updates_and_cancellation():
    reader, evs = events(GEMINI)
    said = [(u.kind, u.index, u.text) for u in users(evs)]
    assert said == [
        ("text", 0, "Load data/events.csv into DuckDB and show row counts per day."),
        ("text", 1, "@data/events.csv why are you using pandas? Use DuckDB's read_csv_auto instead."),
        # m08 was rewound away
        ("text", 2, "Group the counts by day."),
        ("interrupt", 3, "[interrupted]"),
        ("text", 4, "stop, don't write to the prod bucket. Write the output to ./out instead."),
        ("text", 5, "perfect, thanks"),
    ]
    calls = tools(evs)
    # m02 was written twice: the later copy (finished call) wins and keeps its place
    assert calls[0].name == "read_file" and calls[0].result.startswith("ts,user_id,event")
    assert [(t.name, t.is_error) for t in calls] == [("read_file", False)] + [("run_shell_command", True)] * 3 + [
        ("write_file", False)]
    assert reader.info.id == "4f2a9c1e-5b6d-4e7f-8a90-b1c2d3e4f5a6"
    assert reader.info.started == "2026-11-21T10:02:11.000Z"


def test_gemini_legacy_json():
    assert detect_format(GEMINI_LEGACY) == "gemini"
    reader, evs = events(GEMINI_LEGACY)
    assert reader.info.id == "0b7c1d2e-aaaa-4bbb-8ccc-000000000001"
    assert [u.text for u in users(evs)] == ["Write a dbt model for daily active users.",
                                           "No, don't hardcode the schema name. Use {{ ref('events') }} instead."]


def test_gemini_set_messages_replaces_the_list(tmp_path):
    lines = [
        {"sessionId": "s-1", "projectHash": "h", "startTime": "2026-01-01T00:00:00Z"},
        {"id": "a", "type": "user", "content": "first"},
        {"id": "b", "type": "gemini", "content": "reply"},
        {"$set": {"messages": [{"id": "a", "type": "user", "content": "first (masked)"},
                               {"id": "b", "type": "gemini", "content": "reply"}]}},
        {"id": "c", "type": "user", "content": "second"},
    ]
    path = tmp_path / "session-x.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    _, evs = events(path)
    assert [u.text for u in users(evs)] == ["first (masked)", "second"]


# --- generic -------------------------------------------------------------------------------------------

def test_generic_trajectory():
    reader, evs = events(GENERIC)
    assert reader.info.id == "aider-2026-11-22-001" and reader.info.cwd == "/home/dev/ml-svc"
    assert [(u.kind, u.text) for u in users(evs)] == [
        ("text", "Add retries to the feature-store client."),
        ("text", "Don't add a new dependency for that. Use the retry helper in ml_svc/utils/backoff.py instead."),
        ("interrupt", "[interrupted]"),
        ("text", "wait, not in the client: put the retry in the caller, ml_svc/jobs/sync.py"),
        ("rejection", "Don't run the sync job against production; use --dry-run instead."),
        ("text", "great, thanks"),
    ]
    assert [(t.id, t.is_error) for t in tools(evs)] == [("t1", True), ("t2", True), ("t3", True), ("t4", False)]


def test_generic_without_session_line_gets_a_stable_id_from_its_path(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text('{"type":"user","text":"do it"}\n{"type":"assistant","text":"done"}\n')
    assert detect_format(path) == "generic"
    first = read_session(path).info.id
    assert first.startswith("traj-") and read_session(path).info.id == first
    other = tmp_path / "other.jsonl"
    other.write_text(path.read_text())
    assert read_session(other).info.id != first


# --- every harness: injected text ------------------------------------------------------------------------

SECTION = '<team-rules source="altimate-learn">\n## Team rules\n- No, never use npm; use pnpm instead.\n</team-rules>'


@pytest.mark.parametrize("path", [CLAUDE, CODEX, GEMINI, GENERIC, OPENCODE_STORAGE])
def test_learns_own_injected_section_is_never_user_text(path):
    _, evs = events(path)
    for user in users(evs):
        assert "team-rules" not in user.text and "Team rules" not in user.text


@pytest.mark.parametrize("harness,lines", [
    ("generic", [{"type": "user", "text": "task"}, {"type": "assistant", "text": "ok"},
                 {"type": "user", "text": SECTION + "\nuse the staging db"},
                 {"type": "user", "text": SECTION}]),
    ("gemini", [{"sessionId": "s", "projectHash": "h"}, {"id": "1", "type": "user", "content": "task"},
                {"id": "2", "type": "gemini", "content": "ok"},
                {"id": "3", "type": "user", "content": [{"text": SECTION}, {"text": "use the staging db"}]},
                {"id": "4", "type": "user", "content": SECTION}]),
    ("codex", [{"type": "session_meta", "payload": {"id": "c-1", "cwd": "/w"}},
               {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
                   {"type": "input_text", "text": "task"}]}},
               {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
                   {"type": "input_text", "text": SECTION + "\nuse the staging db"}]}},
               {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
                   {"type": "input_text", "text": SECTION}]}}]),
])
def test_injected_section_is_stripped_and_a_message_of_only_that_is_dropped(harness, lines, tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert detect_format(path) == harness
    _, evs = events(path)
    assert [u.text for u in users(evs)] == ["task", "use the staging db"]
