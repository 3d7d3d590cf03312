"""The corpus builder's session parsers keep only what a person typed (research/real_sessions_formats.py)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.real_sessions_build import trajectory  # noqa: E402
from research.real_sessions_formats import parse_opencode  # noqa: E402


def _message(role: str, *parts: dict, **info) -> dict:
    return {"info": {"role": role, **info}, "parts": list(parts)}


def _text(text: str, **extra) -> dict:
    return {"type": "text", "text": text, **extra}


def test_opencode_keeps_typed_text_and_drops_what_opencode_wrote_in_the_user_turn():
    document = {"info": {"id": "ses_1", "time": {"created": 1773620447500}}, "messages": [
        _message("user", _text("Add a request size cap to the worker.")),
        _message("assistant", {"type": "reasoning", "text": "thinking"}, _text("Added a 5MB cap."), modelID="gpt-5.3-codex"),
        _message("user", {"type": "subtask", "prompt": "review the branch"}),
        _message("user", _text("Summarize the task tool output above and continue with your task.", synthetic=True)),
        _message("assistant", _text("The review found one issue.")),
        _message("user", _text("what do you mean there were no changes? You made commits.")),
        _message("assistant", _text("You're right."), error={"name": "MessageAbortedError"}),
        _message("user", _text("Stop, let me run the review myself.")),
    ]}
    [session] = parse_opencode(json.dumps(document))
    typed = [t.text for t in session.turns if t.role == "user"]
    assert typed == ["Add a request size cap to the worker.", "what do you mean there were no changes? You made commits.",
                     "Stop, let me run the review myself."]
    assert session.model == "gpt-5.3-codex"
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    kinds = [r["type"] for r in records]
    assert kinds == ["session", "user", "assistant", "user", "interrupt", "assistant", "user"]
    assert records[3]["text"].startswith("what do you mean") and "review found one issue" in records[2]["text"]


def test_opencode_subagent_sessions_and_other_documents_hold_nothing_typed():
    subagent = {"info": {"id": "ses_2", "parentID": "ses_1"}, "messages": [
        _message("user", _text("review changes on the branch")), _message("assistant", _text("No issues."))]}
    assert parse_opencode(json.dumps(subagent)) == []
    assert parse_opencode("not json") == [] and parse_opencode(json.dumps({"info": {}})) == []


def test_claude_code_markdown_keeps_typed_prompts_and_drops_what_claude_code_wrote():
    from research.real_sessions_formats_more import parse_claude_code_md

    text = "\n".join([
        "# Conversation: 2026-02-16", "", "| Field | Value |", "|-------|-------|", "| Model | claude-opus-4-6 |", "",
        "## User (08:03 UTC)", "", "Spin up the team and plan the sprint", "",
        "## Assistant (08:03 UTC)", "", "Let me read the agreements.", "", "- **Used Read** on `.team/agreements.md`", "",
        "## User (08:10 UTC)", "", '<teammate-message teammate_id="qa">All tests pass</teammate-message>', "",
        "## User (08:20 UTC)", "", "This session is being continued from a previous conversation that ran out of context.", "",
        "## Assistant (08:21 UTC)", "", "The river objects render as logs now.", "",
        "## User (08:30 UTC)", "", "[Request interrupted by user]", "",
        "## User (08:31 UTC)", "", "The logs are still cars on water.", ""])
    [session] = parse_claude_code_md(text)
    assert session.model == "claude-opus-4-6"
    typed = [t.text for t in session.turns if t.role == "user"]
    assert typed == ["Spin up the team and plan the sprint", "The logs are still cars on water."]
    assert [t.role for t in session.turns] == ["user", "assistant", "interrupt", "user"]
    assert "Used Read" not in session.turns[1].text and "render as logs" in session.turns[1].text


def test_cursor_transcript_keeps_only_the_user_query():
    from research.real_sessions_formats_more import parse_cursor_jsonl

    lines = [
        {"role": "user", "message": {"content": [{"type": "text", "text": "<documentation_context>\nW&B docs\n</documentation_context>"}]}},
        {"role": "assistant", "message": {"content": [{"type": "text", "text": "Reading the files."}]}},
        {"role": "user", "message": {"content": [{"type": "text", "text": "[Image]\n<image_files>\n1. shot.png\n</image_files>\n"
                                                                           "<user_query>\nnever use .mat files again\n</user_query>"}]}},
        {"role": "assistant", "message": {"content": [{"type": "tool_use", "name": "Read"}, {"type": "text", "text": "Removed the fallback."}]}},
        {"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>\nwandb too!!!\n</user_query>"}]}},
    ]
    [session] = parse_cursor_jsonl("\n".join(json.dumps(line) for line in lines))
    assert [(t.role, t.text) for t in session.turns] == [
        ("assistant", "Reading the files."), ("user", "never use .mat files again"), ("assistant", "Removed the fallback."),
        ("user", "wandb too!!!")]


def test_specstory_export_of_codex_is_codex_and_drops_the_ide_context():
    from research.real_sessions_formats import parse_specstory

    text = "\n".join([
        "<!-- Generated by SpecStory, Markdown v2.1.0 -->", "", "<!-- Codex CLI Session 019d (2026-04-12 05:04:19Z) -->", "",
        "_**User (2026-04-12 05:04:19Z)**_", "", "# Context from my IDE setup:", "", "## Active file: Solver.cs", "",
        "## My request for Codex:", "why does the character jitter?", "", "---", "",
        "_**Agent (gpt-5.4 2026-04-12 05:04:26Z)**_", "", "The state is not initialised.", "", "---", "",
        "_**User (2026-04-12 05:06:00Z)**_", "", "that is not it, the force is zero", ""])
    [session] = parse_specstory(text)
    assert session.agent == "codex"
    assert [t.text for t in session.turns if t.role == "user"] == ["why does the character jitter?",
                                                                    "that is not it, the force is zero"]



def test_specstory_export_of_claude_code_is_claude_code_though_its_headers_name_only_the_model():
    from research.real_sessions_formats import parse_specstory

    def export(comment: str) -> str:
        return "\n".join([
            "<!-- Generated by SpecStory, Markdown v2.0.0 -->", "", "# 2025-11-18 01:40:34Z", "", comment, "",
            "_**User**_", "", "has the reset been included here?", "", "---", "",
            "_**Agent (claude-sonnet-4-5-20250929)**_", "", "No, not yet.", "", "---", "",
            "_**User**_", "", "I meant the changes that used to be in git", ""])

    [session] = parse_specstory(export("<!-- Claude Code Session 030e070c (2025-11-18_01-40-34Z) -->"))
    assert session.agent == "claude-code"
    assert [t.text for t in session.turns if t.role == "user"] == ["has the reset been included here?",
                                                                    "I meant the changes that used to be in git"]
    [unmarked] = parse_specstory(export(""))
    assert unmarked.agent == "unknown"  # headers naming only a model are written for Cursor and Claude Code alike


def test_specstory_session_comment_names_the_agent_before_the_headers_and_no_comment_no_guess():
    from research.real_sessions_formats import parse_specstory

    def export(comment: str, agent_header: str) -> str:
        return "\n".join([
            "<!-- Generated by SpecStory, Markdown v2.1.0 -->", "", "# 2026-01-20 20:07:44Z", "", comment, "",
            "_**User (2026-01-20 20:07:44Z)**_", "", "redesign the projects section", "", "---", "",
            f"_**Agent ({agent_header})**_", "", "Done.", "", "---", "",
            "_**User**_", "", "no, keep the cards", ""])

    # a Cursor session whose header names a Claude model and a time, as SpecStory's Claude Code exports do
    cursor_claude = "claude-4.5-sonnet-thinking 2026-01-20 20:07:44Z"
    for comment in ("<!-- Cursor IDE Session 3f5a (2026-01-20 20:07:44Z) -->", "<!-- cursoride Session 3f5a (2025-01-02) -->",
                    "<!-- cursor Session 3f5a (2025-10-02 07:03Z) -->"):
        [session] = parse_specstory(export(comment, cursor_claude))
        assert session.agent == "cursor", comment
    [copilot] = parse_specstory(export("<!-- copilotide Session 9e (2026-02-20 07:36:46Z) -->", "copilot/gpt-5"))
    assert copilot.agent == "copilot-chat"
    [gemini] = parse_specstory(export("<!-- Gemini CLI Session 77 (2026-01-20 20:07:44Z) -->", "gemini-3-pro 2026-01-20"))
    assert gemini.agent == "gemini-cli"
    # no comment: the headers decide where they can, and say nothing they cannot
    assert parse_specstory(export("", cursor_claude))[0].agent == "claude-code"
    assert parse_specstory(export("", "model claude-4-sonnet, mode Agent"))[0].agent == "cursor"
    assert parse_specstory(export("", "kimi-k2.5"))[0].agent == "unknown"
    # the VS Code extension's comment names no agent: the headers decide
    assert parse_specstory(export("<!-- vscode Session 1 (2025-11-16 18:51Z) -->", "model copilot/auto"))[0].agent == "copilot-chat"
    assert [t.text for t in copilot.turns if t.role == "user"] == ["redesign the projects section", "no, keep the cards"]

def test_an_employer_identification_number_offered_in_a_chat_is_scrubbed_only_where_one_is_named():
    from research.real_sessions_build import scrub

    typed = scrub("Find an actual website. If you need an EIN number u can use my ein number 41-2549037")
    assert "41-2549037" not in typed and "[REDACTED:ein]" in typed
    quoted = scrub("With this design the agent stops at FEIN and never types into it. Your `41-2549037` is unused.")
    assert "41-2549037" not in quoted
    assert "12-3456789" in scrub("the build 12-3456789 of the firmware failed")  # no EIN named: left alone


def test_gemini_cli_chat_keeps_what_the_person_typed():
    from research.real_sessions_formats import parse_gemini

    document = {"sessionId": "s1", "projectHash": "ab", "startTime": "2026-04-14T19:55:00Z", "kind": "main", "messages": [
        {"type": "user", "content": [{"text": "activate the venv please"}]},
        {"type": "gemini", "content": "I cannot reach the file system.", "model": "gemini-2.5-pro", "toolCalls": []},
        {"type": "gemini", "content": "You will need to do it yourself."},
        {"type": "user", "content": [{"text": "@codebase_investigator"}, {"text": "\n<system_note>\nThe user has explicitly "
                                                                                  "selected the following agent(s)\n</system_note>\n"}]},
        {"type": "user", "content": [{"text": "@README.md"}, {"text": "\n--- Content from referenced files ---"},
                                     {"text": "\nContent from @README.md:\n# Boot order"}]},
        {"type": "info", "content": "Request cancelled."},
        {"type": "user", "content": [{"text": "expanded"}], "displayContent": [{"text": "why did you stop?"}]},
        {"type": "error", "content": "quota"},
    ]}
    [session] = parse_gemini(json.dumps(document))
    assert session.model == "gemini-2.5-pro" and session.started == "2026-04-14T19:55:00Z"
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "activate the venv please"),
        ("assistant", "I cannot reach the file system.\n\nYou will need to do it yourself."),
        ("user", "@codebase_investigator"), ("user", "@README.md"), ("interrupt", ""), ("user", "why did you stop?")]


def test_qwen_code_chats_in_gemini_cli_json_form_keep_their_answers_and_name_qwen_code():
    from research.real_sessions_formats import parse_gemini

    # Qwen Code's chats before its JSONL ones: Gemini CLI's JSON form, with its answers typed `qwen`
    document = {"sessionId": "q1", "projectHash": "ab", "startTime": "2025-11-04T08:13:01Z", "messages": [
        {"type": "user", "content": "prueben la app y revisen errores"},
        {"type": "qwen", "content": "I'll test the app.", "thoughts": [], "model": "coder-model"},
        {"type": "qwen", "content": "It loads, with one 404 on the favicon."},
        {"type": "user", "content": "no carga la pantalla, esta en blanco"},
        {"type": "qwen", "content": "The root element is missing; fixed."}]}
    [session] = parse_gemini(json.dumps(document))
    assert session.agent == "qwen-code" and session.model == "coder-model"
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "prueben la app y revisen errores"),
        ("assistant", "I'll test the app.\n\nIt loads, with one 404 on the favicon."),
        ("user", "no carga la pantalla, esta en blanco"), ("assistant", "The root element is missing; fixed.")]
    gemini = {"sessionId": "g1", "messages": [{"type": "user", "content": "hi"}, {"type": "gemini", "content": "Hello."}]}
    assert parse_gemini(json.dumps(gemini))[0].agent is None  # Gemini CLI's own chats keep the harness's agent


def test_gemini_cli_chat_that_entire_redacted_inside_an_escape_is_still_read():
    from research.real_sessions_formats import parse_gemini

    # Entire wrote REDACTED over a pasted key whose text began with an escape: `\\R` is no JSON escape
    text = ('{"sessionId": "e1", "messages": ['
            '{"type": "user", "content": [{"text": "troque as apis: GROQ_API_KEY=\\REDACTED\\REDACTED"}]},'
            '{"type": "gemini", "content": "Feito, as chaves estão no .env."},'
            '{"type": "user", "content": [{"text": "ainda dá erro 401 no telegram"}]},'
            '{"type": "gemini", "content": "A chave do bot estava com um espaço; corrigi. Path: C:\\\\REDACTED"}]}')
    [session] = parse_gemini(text)
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "troque as apis: GROQ_API_KEY=REDACTEDREDACTED"), ("assistant", "Feito, as chaves estão no .env."),
        ("user", "ainda dá erro 401 no telegram"),
        ("assistant", "A chave do bot estava com um espaço; corrigi. Path: C:\\REDACTED")]  # an escaped backslash stays


def test_claude_code_run_by_conductor_keeps_only_what_the_person_wrote():
    from research.real_sessions_formats import parse_claude_code

    def user(text: str) -> str:
        return json.dumps({"type": "user", "message": {"role": "user", "content": text}})

    def assistant(text: str) -> str:
        return json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}})

    workspace = ("<system_instruction>\nYou are working inside Conductor, a Mac app that lets the user run many coding "
                 "agents in parallel.\n</system_instruction>\n\n\n<system_instruction>\nThe user has attached these "
                 "files. Read them before proceeding.\n- /Users/ana/conductor/.context/attachments/plan.md (2.1 KB)\n"
                 "</system_instruction>")
    comment = ('<system-instruction>\nThe user has added 1 comment to the diff for this workspace.\n\nComment #1:\n\n'
               'File: tests/test_views.py\nLine: 92\nUser comment: "put the test credentials in one helper"\n\n'
               'Comment metadata:\nThis comment was left on the modified branch.\n\n</system-instruction>')
    text = "\n".join([user(workspace), assistant("Tests written."), user(comment), assistant("Done."),
                      user(workspace + "\n\nnow open a PR")])
    [session] = parse_claude_code(text)
    assert [(t.role, t.text) for t in session.turns] == [
        ("assistant", "Tests written."), ("user", "put the test credentials in one helper"), ("assistant", "Done."),
        ("user", "now open a PR")]


def test_a_codex_sub_agents_rollout_holds_nothing_typed():
    from research.real_sessions_formats import parse_codex

    def rollout(meta: dict) -> str:
        lines = [{"type": "session_meta", "payload": {"id": "r1", "timestamp": "2026-06-26T14:57:45Z", **meta}},
                 {"type": "event_msg", "payload": {"type": "user_message", "message": "The following is the Codex agent "
                                                   "history whose request action you are assessing. …"}},
                 {"type": "event_msg", "payload": {"type": "agent_message", "message": '{"outcome": "allow"}'}},
                 {"type": "event_msg", "payload": {"type": "user_message", "message": "The following is the Codex agent "
                                                   "history added since your last approval assessment. …"}}]
        return "\n".join(json.dumps(line) for line in lines)

    # Codex Desktop's approval reviewer, which Codex sends the session's history to judge each planned action
    assert parse_codex(rollout({"source": {"subagent": {"other": "guardian"}}, "thread_source": "subagent",
                                "parent_thread_id": "p1", "originator": "Codex Desktop"})) == []
    assert parse_codex(rollout({"source": "cli", "thread_source": "subagent"})) == []
    [session] = parse_codex(rollout({"source": "cli", "originator": "codex_cli_rs"}))  # the person's own session
    assert [t.role for t in session.turns] == ["user", "assistant", "user"]


def test_gemini_cli_subagent_chats_and_other_documents_hold_nothing_typed():
    from research.real_sessions_formats import parse_gemini

    subagent = {"sessionId": "s2", "kind": "subagent", "messages": [{"type": "user", "content": [{"text": "extract skills"}]}]}
    assert parse_gemini(json.dumps(subagent)) == []
    assert parse_gemini("not json") == [] and parse_gemini(json.dumps({"sessionId": "s3"})) == []


def test_gemini_cli_drops_its_own_continue_and_shell_reports():
    from research.real_sessions_formats import parse_gemini

    document = {"sessionId": "s4", "messages": [
        {"type": "user", "content": [{"text": "list the files"}]}, {"type": "gemini", "content": "Listing."},
        {"type": "user", "content": [{"text": "Please continue."}]}, {"type": "gemini", "content": "Done."},
        {"type": "user", "content": [{"text": "I ran the following shell command:\n```sh\nls\n```"}]},
        {"type": "user", "content": [{"text": "that is the wrong folder"}]}]}
    [session] = parse_gemini(json.dumps(document))
    assert [t.text for t in session.turns if t.role == "user"] == ["list the files", "that is the wrong folder"]


def test_gemini_cli_saved_chat_keeps_typed_text_and_reads_refused_tool_calls_as_interruptions():
    from research.real_sessions_formats import parse_gemini_checkpoint

    history = [
        {"role": "user", "parts": [{"text": "This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is ..."}]},
        {"role": "model", "parts": [{"text": "Got it. Thanks for the context!"}]},
        {"role": "user", "parts": [{"text": "@docs.pdf can you see it?"}, {"text": "\n--- Content from referenced files ---"},
                                   {"text": "\nContent from @docs.pdf: ..."}]},
        {"role": "model", "parts": [{"text": "thinking", "thought": True}, {"text": "Yes, I see the document."}]},
        {"role": "model", "parts": [{"functionCall": {"name": "run_shell_command", "args": {"command": "yay -S eww-wayland"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "run_shell_command",
                                                         "response": {"error": "[Operation Cancelled] Reason: User did not allow tool call"}}}]},
        {"role": "user", "parts": [{"text": "where did you get that package name?"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "run_shell_command", "args": {"command": "yay -Ss eww"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "run_shell_command", "response": {"output": "eww 0.6"}}}]},
        {"role": "user", "parts": [{"text": "Please continue."}]},
        {"role": "user", "parts": [{"text": "Okay, just setting up the context for our chat.\nToday is ..."}]},
    ]
    [session] = parse_gemini_checkpoint(json.dumps(history))
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "@docs.pdf can you see it?"), ("assistant", "Yes, I see the document."), ("interrupt", ""),
        ("user", "where did you get that package name?")]
    assert parse_gemini_checkpoint("not json") == [] and parse_gemini_checkpoint(json.dumps({"messages": []})) == []


def test_a_password_given_next_to_a_login_in_an_answer_is_scrubbed():
    from research.real_sessions_build import scrub

    answer = scrub("**Login credentials:** `admin@example.org` / `Cortex2024!`\n- **DB:** `app` / `app` / `Db-Secret-9`\n"
                   "- `someone@company.io` / `user123`")
    assert "Cortex2024!" not in answer and "Db-Secret-9" not in answer
    assert answer.count("[REDACTED:password]") == 2 and "`app` / `app` /" in answer
    assert "`user123`" in answer  # a seed script's demo value, not shaped like a real password: left alone
    plain = "The build makes the images `api` / `worker`; paths like `logo.png` / `hero.mp4` stay."
    assert scrub(plain) == plain  # no login named on the line, no e-mail first: left alone


def test_first_codex_cli_rollouts_keep_typed_prompts_and_drop_the_context_codex_put_in_the_user_turn():
    from research.real_sessions_formats_more import PARSERS, parse_codex_legacy

    lines = [
        {"id": "536e9fe6", "timestamp": "2025-09-24T01:08:12.049Z", "instructions": "# Repository Guidelines", "git": {}},
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<user_instructions>\n\n# Repository "
                                                                                         "Guidelines\n</user_instructions>"}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<environment_context>\n  <cwd>/p</cwd>"
                                                                                         "\n</environment_context>"}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "add the invoice export"}]},
        {"type": "reasoning", "summary": [{"type": "summary_text", "text": "thinking"}]},
        {"type": "function_call", "name": "shell", "arguments": "{\"command\": [\"ls\"]}", "call_id": "c1"},
        {"type": "function_call_output", "call_id": "c1", "output": "{\"output\": \"a.py\"}"},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Export added in a.py."}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "# Context from my IDE setup:\n\n## Active "
                                                                                         "file: a.py\n\n## My request for Codex:\n"
                                                                                         "the export is empty, it did not work"}]},
    ]
    [session] = parse_codex_legacy("\n".join(json.dumps(line) for line in lines))
    assert session.started == "2025-09-24T01:08:12.049Z"
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "add the invoice export"), ("assistant", "Export added in a.py."),
        ("user", "the export is empty, it did not work")]
    assert PARSERS["codex-legacy"] is parse_codex_legacy and "codex" in PARSERS  # the builder's table keeps the old formats


def test_a_password_stated_with_a_particle_is_scrubbed_however_short():
    from research.real_sessions_build import scrub

    assert "123" not in scrub("anatajisinnnikannzennnapermissionwoataete. mata,sudonopwdha 123 desu.")
    assert "abc9" not in scrub("服务器的密码是abc9，用户名是root")
    prose = "`sudo` のパスワードはここに貼らないでください。"  # Japanese prose after the particle: no password in it
    assert scrub(prose) == prose
    assert scrub("Password: \nLast login: Fri Apr 21") == "Password: \nLast login: Fri Apr 21"  # a prompt line


def test_a_secret_found_in_one_place_is_scrubbed_wherever_else_it_appears_in_the_sessions():
    from research.real_sessions_build import scrub_everywhere, secret_values
    from research.real_sessions_formats import Session, Turn

    session = Session(turns=[
        Turn("user", 'curl -H "apikey: jules_key_2026" http://192.168.1.20:8081/instance/create'),
        Turn("assistant", "Open the manager (URL: `http://192.168.1.20:8081` | Key: `jules_key_2026`). Success tokens: `BASH_OK`."),
        Turn("user", 'curl -X GET "http://192.168.1.20:8081/instance/fetchInstances" -H "apikey:\n     jules_key_2026"'),
        Turn("assistant", "Run it on one line."),
        Turn("user", "the script must print BASH_OK at the end")])
    values = secret_values(session)
    assert "jules_key_2026" in values and "BASH_OK" not in values
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    assert any("jules_key_2026" in r.get("text", "") for r in records)  # the line break hid it from the redactor
    scrub_everywhere([records], values)
    assert not any("jules_key_2026" in r.get("text", "") for r in records)
    assert "BASH_OK" in records[-1]["text"]  # a word the redactor did not take stays as typed


def test_a_secret_the_agents_reasoning_names_is_scrubbed_where_its_answer_quotes_it_bare():
    from research.real_sessions_build import scrub_everywhere, secret_values
    from research.real_sessions_formats import Session, Turn

    session = Session(turns=[
        Turn("user", "load the fixtures into staging",
             thinking=["Checking .env first: DB_PASSWORD=Zq7Xk2Lm9Pw4 is set there, so the loader can use it."]),
        Turn("assistant", "Loaded 42 fixtures into staging with the password from `.env` (`Zq7Xk2Lm9Pw4`)."),
        Turn("user", "thanks, now the marts"),
        Turn("assistant", "Done.")])
    values = secret_values(session)
    assert "Zq7Xk2Lm9Pw4" in values
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    assert "Zq7Xk2Lm9Pw4" in records[2]["text"]  # bare in the answer: no pattern takes it there
    scrub_everywhere([records], values)
    assert "Zq7Xk2Lm9Pw4" not in json.dumps(records) and "[REDACTED:secret]" in records[2]["text"]


def test_gemini_cli_jsonl_chat_reads_the_last_version_of_each_message_in_order():
    from research.real_sessions_formats_more import parse_gemini_jsonl

    lines = [
        {"sessionId": "s1", "startTime": "2026-04-24T23:16:28Z", "kind": "main"},
        {"id": "m1", "type": "user", "content": [{"text": "Add a dark theme to the settings panel."}]},
        {"$set": {"lastUpdated": "2026-04-24T23:17:30Z"}},
        {"id": "m2", "type": "gemini", "content": "I will update the panel.", "model": "gemini-3-flash-preview"},
        {"id": "m2", "type": "gemini", "content": "I will update the panel.", "model": "gemini-3-flash-preview",
         "toolCalls": [{"name": "replace", "status": "success"}]},
        {"id": "m3", "type": "gemini", "content": "The settings panel is dark now."},
        {"id": "m4", "type": "info", "content": "Request cancelled."},
        {"id": "m5", "type": "user", "content": [{"text": "The buttons are still white."}]},
        {"id": "m6", "type": "user", "content": [{"text": "Please continue."}]},
    ]
    [session] = parse_gemini_jsonl("\n".join(json.dumps(line) for line in lines) + "\nnot json\n")
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "Add a dark theme to the settings panel."),
        ("assistant", "I will update the panel.\n\nThe settings panel is dark now."), ("interrupt", ""),
        ("user", "The buttons are still white.")]
    assert session.model == "gemini-3-flash-preview" and session.started == "2026-04-24T23:16:28Z"
    subagent = [{"sessionId": "s2", "kind": "subagent"}, {"id": "m1", "type": "user", "content": [{"text": "review"}]}]
    assert parse_gemini_jsonl("\n".join(json.dumps(line) for line in subagent)) == []
    assert parse_gemini_jsonl("") == [] and parse_gemini_jsonl("not json") == []


def _opencode_store(folder: Path) -> bytes:
    import sqlite3

    database = folder / "opencode.db"
    connection = sqlite3.connect(database)
    connection.executescript(
        "CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, time_created INTEGER);"
        "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, data TEXT);"
        "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, data TEXT);"
        "CREATE TABLE credential (id TEXT, value TEXT);")
    connection.execute("INSERT INTO credential VALUES ('k', 'sk-never-read')")
    rows = [("ses_b", None, 2, [("user", [_text("Second session: make the cursor blue.")]),
                                ("assistant", [_text("Done.")])]),
            ("ses_a", None, 1, [("user", [_text("Serve the site on port 80.")]),
                                ("assistant", [{"type": "reasoning", "text": "hmm"}, _text("Serving on 8080.")]),
                                ("user", [_text("no, 80 please"), _text("Summarize the task tool output above", synthetic=True)]),
                                ("assistant", [_text("Moving it.")], {"error": {"name": "MessageAbortedError"}}),
                                ("user", [_text("the cursor is stuck in the top left corner")])]),
            ("ses_c", "ses_a", 3, [("user", [_text("review the branch")]), ("assistant", [_text("No issues.")])])]
    for session_id, parent, created, messages in rows:
        connection.execute("INSERT INTO session VALUES (?, ?, ?)", (session_id, parent, created))
        for n, (role, parts, *extra) in enumerate(messages):
            message_id = f"msg_{session_id}_{n:02d}"
            info = {"role": role, "modelID": "claude-opus-4-6", **(extra[0] if extra else {})}
            connection.execute("INSERT INTO message VALUES (?, ?, ?, ?)", (message_id, session_id, n, json.dumps(info)))
            for k, part in enumerate(parts):
                connection.execute("INSERT INTO part VALUES (?, ?, ?, ?)",
                                   (f"prt_{message_id}_{k}", message_id, session_id, json.dumps(part)))
    connection.commit()
    connection.close()
    return database.read_bytes()


def test_opencode_store_is_read_as_its_sessions_in_order_with_only_typed_text(tmp_path):
    from research.real_sessions_formats_more import parse_opencode_db

    data = _opencode_store(tmp_path)
    first, second = parse_opencode_db(lambda suffix: data if suffix == "" else None)
    assert [(t.role, t.text) for t in first.turns] == [
        ("user", "Serve the site on port 80."), ("assistant", "Serving on 8080."), ("user", "no, 80 please"),
        ("assistant", "Moving it."), ("interrupt", ""), ("user", "the cursor is stuck in the top left corner")]
    assert first.model == "claude-opus-4-6"
    assert [t.text for t in second.turns if t.role == "user"] == ["Second session: make the cursor blue."]
    assert parse_opencode_db(lambda suffix: None) == []
    assert parse_opencode_db(lambda suffix: b"not a database" if suffix == "" else None) == []


def test_the_builder_reads_a_binary_store_from_git(tmp_path):
    import subprocess

    from research.real_sessions_build import parse_row

    folder = tmp_path / "store"
    folder.mkdir()
    data = _opencode_store(folder)
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / ".local").mkdir()
    (repo / ".local" / "opencode.db").write_bytes(data)
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "x"],
                   check=True)
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    sessions = parse_row(repo, {"repo": "o/r", "commit": commit, "path": ".local/opencode.db", "harness": "opencode-db"})
    assert [t.text for t in sessions[0].turns if t.role == "user"][0] == "Serve the site on port 80."
    assert len(sessions) == 2


def test_the_first_opencode_store_keeps_typed_text_and_drops_tool_results_and_task_sessions(tmp_path):
    import sqlite3

    from research.real_sessions_formats_more import parse_opencode_db

    database = tmp_path / "opencode.db"
    connection = sqlite3.connect(database)
    connection.executescript(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT, created_at INTEGER);"
        "CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT, role TEXT, parts TEXT, model TEXT, created_at INTEGER);")

    def part(kind: str, **data) -> dict:
        return {"type": kind, "data": data}

    rows = [("s1", None, 1, [("user", [part("text", text="Initialize a bun app using ts.")]),
                             ("assistant", [part("text", text="Running bun init."), part("tool_call", name="bash")]),
                             ("tool", [part("tool_result", content="bun: timeout")]),
                             ("assistant", [part("text", text="bun init failed."), part("finish", reason="canceled")]),
                             ("user", [part("text", text="bun init is there, try again."), part("binary", path="x.png")])]),
            ("t1", "s1", 2, [("user", [part("text", text="Analyze the codebase (a prompt the agent wrote)")])])]
    for session_id, parent, created, messages in rows:
        connection.execute("INSERT INTO sessions VALUES (?, ?, 't', ?)", (session_id, parent, created))
        for n, (role, parts) in enumerate(messages):
            connection.execute("INSERT INTO messages VALUES (?, ?, ?, ?, ?, ?)",
                               (f"{session_id}-{n}", session_id, role, json.dumps(parts), "copilot.gpt-4o", n))
    connection.commit()
    connection.close()
    data = database.read_bytes()
    [session] = parse_opencode_db(lambda suffix: data if suffix == "" else None)
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "Initialize a bun app using ts."), ("assistant", "Running bun init.\n\nbun init failed."),
        ("interrupt", ""), ("user", "bun init is there, try again.")]
    assert session.model == "copilot.gpt-4o"


def _session(*turns: tuple[str, str]):
    from research.real_sessions_formats import Session, Turn

    session = Session(started="2026-01-01")
    session.turns = [Turn(role, text) for role, text in turns]
    return session


def test_an_answer_keeps_its_start_and_its_end_and_both_are_scrubbed():
    """The start of an answer ("You're right, I misread…") and its end (what the agent did) are kept, joined by a
    marker; the start is redacted like the rest (a person's e-mail address, a key the agent quoted back)."""
    from research.real_sessions_build import ANSWER_JOINER, ASSISTANT_HEAD, ASSISTANT_KEEP

    start = "You're right, I misread the task. I mailed dana.lee@corp-mail.net with key sk-ant-api03-" + "x" * 40 + "."
    end = "Done: the form now posts to /api/orders and the tests pass."
    answer = start + " filler words here." * 120 + " " + end
    records = trajectory(_session(("user", "make the form post orders"), ("assistant", answer),
                                  ("user", "no, it should post to /api/carts")), {"repo": "o/r"}, "o__r-0")
    [kept] = [r["text"] for r in records if r["type"] == "assistant"]
    first, _, last = kept.partition(ANSWER_JOINER)
    assert first.startswith("You're right, I misread the task.") and last.endswith(end)
    assert len(first) == ASSISTANT_HEAD and len(last) == ASSISTANT_KEEP
    assert "dana.lee@corp-mail.net" not in kept and "[email]" in first
    assert "sk-ant-api03" not in kept and "REDACTED" in first
    assert records[0]["clip"] == {"answer_head": ASSISTANT_HEAD, "answer_tail": ASSISTANT_KEEP}


def test_a_short_answer_is_kept_whole_and_the_answer_after_the_last_message_is_kept():
    from research.real_sessions_build import ANSWER_JOINER, ASSISTANT_HEAD, ASSISTANT_KEEP

    whole = "a" * (ASSISTANT_HEAD + ASSISTANT_KEEP + len(ANSWER_JOINER))
    records = trajectory(_session(("user", "first"), ("assistant", whole), ("user", "that is wrong"),
                                  ("assistant", "Sorry, I misread: fixed it.")), {"repo": "o/r"}, "o__r-0")
    assert [(r["type"], r.get("id")) for r in records[1:]] == [("user", "u0"), ("assistant", "a1"), ("user", "u1"),
                                                                ("assistant", "a2")]
    assert records[2]["text"] == whole and records[-1]["text"] == "Sorry, I misread: fixed it."
    # After a repeated message (left out), the answer replies to nothing kept: no answer after it.
    seen = {"first", "that is wrong"}
    again = trajectory(_session(("user", "one"), ("assistant", "ok"), ("user", "two"), ("assistant", "ok"),
                                ("user", "first"), ("assistant", "replies to the repeat")), {"repo": "o/r"}, "o__r-0", seen)
    assert "replies to the repeat" not in json.dumps(again) and again[-1]["type"] == "user"


def _mirror(tmp_path: Path, history: str) -> tuple[Path, str]:
    import subprocess

    repo = tmp_path / "mirrors" / "someone+proj" / "repo"
    repo.mkdir(parents=True)
    run = lambda *args: subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True)  # noqa: E731
    run("init", "-q")
    (repo / ".aider.chat.history.md").write_text(history, encoding="utf-8")
    run("add", "-A")
    run("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "history")
    return repo.parent.parent, run("rev-parse", "HEAD").stdout.strip()


_HISTORY = ("# aider chat started at 2026-01-01 10:00:00\n\n> Model: gpt-5\n\n#### add a cache to the reader\n\n"
            "I added an LRU cache to the reader.\n\n#### no, the cache must be per request\n\n"
            "You're right, I moved it into the request scope.\n")


def test_a_rebuild_keeps_the_files_when_typed_messages_would_change_and_reads_the_newest_commit_when_needed(
        tmp_path, monkeypatch):
    """Labels are keyed by message and were given on its text: a rebuild that would change a typed message keeps the
    old files; a recorded commit the mirror lacks is read at its newest commit, and SOURCES.tsv says so."""
    import research.real_sessions_build as B

    mirrors, commit = _mirror(tmp_path, _HISTORY)
    monkeypatch.setattr(B, "DATA", tmp_path / "real")
    (tmp_path / "real").mkdir()
    missing = "0" * 40
    (tmp_path / "real" / "SOURCES.tsv").write_text(
        f"repo\tcommit\tpath\tharness\tlicence\nsomeone/proj\t{missing}\t.aider.chat.history.md\taider\tnone stated\n",
        encoding="utf-8")
    assert B.build(mirrors) == {"someone/proj": "rebuilt at the newest commit"}
    out = tmp_path / "real" / "sessions" / "someone__proj" / "0.jsonl"
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert records[0]["source"]["commit"] == commit and records[-1]["text"].startswith("You're right")
    assert f"\t{commit}\t" in (tmp_path / "real" / "SOURCES.tsv").read_text(encoding="utf-8")

    labelled_on = out.read_text(encoding="utf-8").replace("no, the cache must be per request", "no, per request")
    out.write_text(labelled_on, encoding="utf-8")
    assert B.build(mirrors) == {"someone/proj": "kept: typed messages differ"}
    assert out.read_text(encoding="utf-8") == labelled_on
    assert B.build(tmp_path / "nowhere") == {"someone/proj": "kept: no mirror"}


def test_a_password_the_person_typed_is_scrubbed_where_the_answer_quotes_it_back():
    """2026-12-04: an answer's start is kept now, where an agent repeats what it was told ("密码123456也是对的")."""
    import research.real_sessions_build as B

    session = _session(("user", "check redis"), ("assistant", "Redis refuses the login."),
                       ("user", "but redis started fine last time, 密码是 hunter2024"),
                       ("assistant", "你说得对！Redis is up, 密码hunter2024也是对的, and `AUTH hunter2024` works. Port 16379 is free."))
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    assert "hunter2024" in json.dumps(records, ensure_ascii=False)  # the answer as built: the value quoted back
    B.scrub_passwords([records], B.typed_passwords(session))
    text = json.dumps(records, ensure_ascii=False)
    assert "hunter2024" not in text and text.count("[REDACTED:password]") == 3
    assert "Port 16379" in text  # a number that is not the password is left alone
    assert B.typed_passwords(_session(("user", "the password flag is -p, ok?"), ("user", "pwd ha 12"))) == set()


def test_a_crush_store_is_read_as_the_first_opencode_store_and_names_its_agent(tmp_path):
    """Crush (the first OpenCode renamed) keeps `.crush/crush.db` with the same tables: read by the same parser, its
    sessions say their agent is `crush`, not `opencode`."""
    import sqlite3
    import subprocess

    from research.real_sessions_build import build_repo

    repo = tmp_path / "repo"
    (repo / ".crush").mkdir(parents=True)
    connection = sqlite3.connect(repo / ".crush" / "crush.db")
    connection.executescript(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT, created_at INTEGER);"
        "CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT, role TEXT, parts TEXT, model TEXT, created_at INTEGER);")
    connection.execute("INSERT INTO sessions VALUES ('s1', NULL, 't', 1)")
    turns = [("user", "Add a dark mode toggle."), ("assistant", "Added the toggle to the header."),
             ("user", "no, put it in the settings page"), ("assistant", "Moved it to settings.")]
    for n, (role, text) in enumerate(turns):
        connection.execute("INSERT INTO messages VALUES (?, 's1', ?, ?, 'gpt-5', ?)",
                           (f"m{n}", role, json.dumps([{"type": "text", "data": {"text": text}}]), n))
    connection.commit()
    connection.close()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "x"],
                   check=True)
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    [records] = build_repo(repo, "o/r", [{"repo": "o/r", "commit": commit, "path": ".crush/crush.db",
                                          "harness": "crush-db", "licence": "none stated"}])
    assert records[0]["source"]["harness"] == "crush-db" and records[0]["source"]["agent"] == "crush"
    assert [r["text"] for r in records if r["type"] == "user"] == ["Add a dark mode toggle.",
                                                                   "no, put it in the settings page"]


def test_a_pasted_cookie_header_is_scrubbed_whole_in_every_form_a_browser_or_curl_copies():
    """A browser request pasted whole: every cookie of the header goes, not only those the redactor can read pair by
    pair (it stopped at a JSON-shaped value or a comma and left the rest, and short values)."""
    from research.real_sessions_build import scrub

    cookies = 'ajs_anonymous_id=7f3c2a; g_state={"i_l":0}; sessionid=k2PqX9vLm4; theme=dark'
    escaped = cookies.replace('"', '\\"')
    pasted = [
        f"GET /api/me HTTP/1.1\nHost: app.example.org\nCookie: {cookies}\nAccept: */*",  # raw request headers
        f"  cookie: {cookies}",
        f"set-cookie: {cookies}",
        f'fetch("https://app.example.org/api", {{\n  "headers": {{\n    "cookie": "{escaped}",\n    "accept": "*/*"\n  }}\n}});',
        f"requests.get(url, headers={{'Cookie': '{cookies}'}})",
        f'{{"name": "Cookie", "value": "{escaped}"}}, {{"name": "Host", "value": "app.example.org"}}',  # a HAR entry
        f"curl 'https://app.example.org/api' -H 'cookie: {cookies}' -H 'accept: */*'",
        f'curl "https://app.example.org/api" --header "Cookie: {escaped}"',
        f'curl -b "{escaped}" https://app.example.org/api',
        f"cookie\n{cookies}\nreferer\nhttps://app.example.org/",  # DevTools' header list: name, then value
    ]
    for text in pasted:
        scrubbed = scrub(text)
        for value in ("7f3c2a", "i_l", "k2PqX9vLm4", "theme=dark"):
            assert value not in scrubbed, (text, scrubbed)
        assert "[REDACTED:cookie]" in scrubbed
    assert "Accept: */*" in scrub(pasted[0]) and "-H 'accept: */*'" in scrub(pasted[6])  # other headers stay
    assert "\nreferer\nhttps://app.example.org/" in scrub(pasted[-1])
    # Prose about cookies is no cookie header.
    for text in ("Cookie: it was missing, so the login failed", "the session cookie: set it to expire sooner",
                 "Set-Cookie:\nthe server sends none, so the login fails"):
        assert scrub(text) == text


def test_a_qwen_code_chat_keeps_typed_text_its_reasoning_apart_and_refused_tool_calls_as_interruptions():
    from research.real_sessions_build import trajectory as build_trajectory
    from research.real_sessions_formats_more import AGENTS, PARSERS

    def record(kind: str, *parts: dict, **extra) -> str:
        role = {"user": "user", "assistant": "model", "tool_result": "user"}.get(kind)
        body = {"uuid": "x", "sessionId": "s", "timestamp": "2026-03-12T10:00:00Z", "type": kind, **extra}
        if role:
            body["message"] = {"role": role, "parts": list(parts)}
        return json.dumps(body, ensure_ascii=False)

    chat = "\n".join([
        record("user", {"text": "Answer in Russian"}),
        record("system", subtype="ui_telemetry", systemPayload={"uiEvent": {"event.name": "qwen-code.api_response"}}),
        record("assistant", {"text": "The user wants Russian replies.", "thought": True}, {"text": "Хорошо."},
               model="coder-model"),
        record("user", {"text": "@notes.md add a reminder"}, {"text": "\n--- Content from referenced files ---"},
               {"text": "\nContent from @notes.md: buy milk"}),
        record("assistant", {"text": "I will edit the file.", "thought": True},
               {"functionCall": {"name": "write_file", "args": {"file_path": "notes.md"}}}),
        record("tool_result", {"functionResponse": {"name": "write_file", "response": {
            "error": "[Operation Cancelled] Reason: User did not allow tool call"}}}),
        record("user", {"text": "I already changed that file, you overwrote it at start"}),
        record("tool_result", {"functionResponse": {"name": "read_file", "response": {"output": "buy milk"}}}),
        record("user", {"text": "Please continue."}),
        "not json",
    ])
    [session] = PARSERS["qwen"](chat)
    assert [(t.role, t.text) for t in session.turns] == [
        ("user", "Answer in Russian"), ("assistant", "Хорошо."), ("user", "@notes.md add a reminder"), ("interrupt", ""),
        ("user", "I already changed that file, you overwrote it at start")]
    assert session.model == "coder-model" and session.turns[0].thinking == ["The user wants Russian replies."]
    assert AGENTS["qwen"] == "qwen-code"
    records = build_trajectory(session, {"repo": "o/r", "harness": "qwen", "agent": "qwen-code"}, "o__r-0")
    assert [r["type"] for r in records] == ["session", "user", "assistant", "user", "interrupt", "user"]
    assert records[2]["thinking"] == "The user wants Russian replies."


def test_an_email_address_written_against_japanese_or_chinese_text_is_scrubbed():
    from research.real_sessions_build import scrub

    for text in ("問い合わせ先のメールアドレスはhello@acme-studio.jpで、", "邮箱是zhang.wei@acmecorp.cn。",
                 "連絡先は jane@acme-corp.io です", "mail jane@acme-corp.io."):
        scrubbed = scrub(text)
        assert "@" not in scrubbed and "[email]" in scrubbed, scrubbed
    kept = "pnpm add hono@4.8.0 and @prisma+client@6.10.0_prisma; see https://example.com or me@example.com"
    assert scrub(kept) == kept  # package versions and the placeholder domain are no addresses


def test_a_listed_name_is_scrubbed_from_every_turn_before_clipping_and_other_words_stay():
    from research.real_sessions_build import NAME_MARK, name_digest, scrub_names
    from research.real_sessions_formats import Session, Turn

    digests = frozenset({name_digest("Maren  Kolbeck")})  # written with two spaces: the digest takes words
    session = Session(turns=[
        Turn("user", 'Swap the <img> for <Image src="/me.jpg" alt="Maren Kolbeck" />, and keep the Kolbeck Street map',
             thinking=["The alt text is maren\nkolbeck, the site owner."]),
        Turn("assistant", "Replaced: alt=\"Maren Kolbeck\". Maren's map stays; MarenKolbeck is a handle, not her name."),
        Turn("user", "thanks")])
    scrub_names(session, digests)
    typed, answer = session.turns[0], session.turns[1]
    assert f'alt="{NAME_MARK}"' in typed.text and "Kolbeck Street" in typed.text  # one word alone is no listed name
    assert typed.thinking == [f"The alt text is {NAME_MARK}, the site owner."]  # any case, any whitespace between
    assert answer.text == f"Replaced: alt=\"{NAME_MARK}\". Maren's map stays; MarenKolbeck is a handle, not her name."
    untouched = Session(turns=[Turn("user", "alt=\"Maren Kolbeck\"")])
    scrub_names(untouched, frozenset())
    assert untouched.turns[0].text == "alt=\"Maren Kolbeck\""


def test_a_listed_name_in_the_possessive_is_scrubbed_and_its_ending_kept():
    from research.real_sessions_build import NAME_MARK, name_digest, without_names

    digests = frozenset({name_digest("Craig"), name_digest("Ana Maria")})
    answer = "I am Profit, Craig's builder. ❌ Telegram bot (Craig\u2019s chat interface); Ana Maria's app. Craigslist, Ana's."
    assert without_names(answer, digests) == (f"I am Profit, {NAME_MARK}'s builder. ❌ Telegram bot ({NAME_MARK}\u2019s chat "
                                              f"interface); {NAME_MARK}'s app. Craigslist, Ana's.")


def test_no_stored_session_holds_a_name_its_repository_lists_as_scrubbed():
    from research.real_sessions_build import _NAME_WORDS, _WORD, DATA, name_digest

    listed = json.loads((DATA / "scrubbed_names.json").read_text(encoding="utf-8"))["repositories"]
    assert listed
    for repo, digests in listed.items():
        files = sorted((DATA / "sessions" / repo.replace("/", "__")).glob("*.jsonl"))
        assert files, repo
        for path in files:
            for line in path.read_text(encoding="utf-8").splitlines():
                record = json.loads(line)
                for key in ("text", "thinking"):
                    words = [re.sub(r"['\u2019]s\Z", "", w.group(0), flags=re.I) for w in _WORD.finditer(record.get(key, ""))]
                    runs = {" ".join(words[i:i + n]) for i in range(len(words)) for n in range(1, _NAME_WORDS + 1)}
                    assert not {name_digest(run) for run in runs} & set(digests), (path, record.get("id"))


# an aider run after a whitespace strip (review38 R38-12): the model's answer has two `####` headings of its own
_AIDER_STRIPPED = (
    "\n# aider chat started at 2026-12-06 10:00:00\n\n> Aider v0.86.1\n> Model: gpt-4o with diff edit format\n\n"
    "#### add a weighting box to main_window.py\n\nHere is the plan.\n\n#### 5.1 `_reset_weighting_ui`\n\n"
    "Resets the widgets.\n\n#### Why not use print here? Use the logger instead\n\nHelper functions.\n\n"
    "> Tokens: 2.1k sent, 300 received.\nCost: $0.01 message, $0.01 session.\n> Applied edit to main_window.py\n\n"
    "#### no, don't use print in the ui code, use the logger\n\nSorry, switching to the logger.\n")
_AIDER_INPUTS = ("\n# 2026-12-06 10:00:05.000000\n+add a weighting box to main_window.py\n"
                 "\n# 2026-12-06 10:01:05.000000\n+no, don't use print in the ui code, use the logger\n")
_AIDER_TYPED = ["add a weighting box to main_window.py", "no, don't use print in the ui code, use the logger"]


def test_aider_headings_of_the_answer_stay_in_the_answer_by_hard_breaks_input_history_or_console():
    from research.real_sessions_formats import parse_aider

    def typed(sessions):
        return [t.text for s in sessions for t in s.turns if t.role == "user"]

    # the input history holds this run's inputs, none of them a heading
    (session,) = parse_aider(_AIDER_STRIPPED, _AIDER_INPUTS)
    assert typed([session]) == _AIDER_TYPED
    answer = next(t.text for t in session.turns if t.role == "assistant")
    assert answer.startswith("Here is the plan.") and "#### 5.1 `_reset_weighting_ui`" in answer
    assert "#### Why not use print here?" in answer and "Helper functions." in answer
    # no input history: aider's console between an answer and the next input tells
    assert typed(parse_aider(_AIDER_STRIPPED)) == _AIDER_TYPED
    # the file kept aider's hard line breaks (no console, no inputs): a `####` line without them is the answer's
    kept = "".join(line + ("  " if line.startswith("#### ") and "5.1" not in line and "Why not" not in line else "") + "\n"
                   for line in _AIDER_STRIPPED.splitlines() if not line.startswith((">", "Cost:")))
    kept += "#### and the tests too  \n\nDone.\n\n#### thanks  \n\nYou're welcome.\n"
    assert typed(parse_aider(kept)) == _AIDER_TYPED + ["and the tests too", "thanks"]
    assert len(typed(parse_aider(kept.replace("  \n", "\n")))) == 6  # stripped too: nothing tells
    # a message typed right after the answer's text, which the input history holds, stays typed
    cut = _AIDER_STRIPPED.replace("Resets the widgets.\n\n#### Why",
                                  "Resets the\n\n#### stop, it goes in settings.py\n\nMoving it.\n\n#### Why")
    inputs = _AIDER_INPUTS + "\n# 2026-12-06 10:00:40.000000\n+stop, it goes in settings.py\n"
    assert typed(parse_aider(cut, inputs)) == [_AIDER_TYPED[0], "stop, it goes in settings.py", _AIDER_TYPED[1]]
    # nothing tells a heading where typed messages follow the answer's text everywhere (no console, no inputs)
    bare = "\n# aider chat started at 2026-12-06 11:00:00\n\n#### use tabs\n\nDone.\n\n#### no, only in recipes\n\nOk.\n"
    assert typed(parse_aider(bare)) == ["use tabs", "no, only in recipes"]


def test_the_builder_reads_aiders_input_history_committed_beside_the_chat_history(tmp_path):
    import subprocess

    from research.real_sessions_build import parse_row

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "app").mkdir()
    # typed right after the answer's text and no console anywhere: only the input history tells
    chat = ("\n# aider chat started at 2026-12-06 10:00:00\n\n#### add a weighting box\n\nHere is the plan.\n\n"
            "#### 5.1 Reset\n\nResets the widgets.\n\n#### no, use the logger\n\nOk.\n")
    (repo / "app" / ".aider.chat.history.md").write_text(chat)
    (repo / "app" / ".aider.input.history").write_text(
        "\n# 2026-12-06 10:00:05.000000\n+add a weighting box\n\n# 2026-12-06 10:01:05.000000\n+no, use the logger\n")
    subprocess.run(["git", "-C", str(repo), "add", "."], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "x"],
                   check=True)
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    row = {"repo": "o/r", "commit": commit, "path": "app/.aider.chat.history.md", "harness": "aider"}
    assert [t.text for s in parse_row(repo, row) for t in s.turns if t.role == "user"] == [
        "add a weighting box", "no, use the logger"]
    (repo / "app" / ".aider.input.history").unlink()
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", "y"],
                   check=True)
    row["commit"] = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True,
                                   check=True).stdout.strip()
    assert len([t for s in parse_row(repo, row) for t in s.turns if t.role == "user"]) == 3  # nothing tells here


def test_aiders_confirmation_prompts_logged_as_input_are_not_typed_as_in_the_product_reader(tmp_path):
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.sessions import read_session
    from research.real_sessions_formats import parse_aider

    chat = ("\n# aider chat started at 2026-12-06 10:00:00\n\n> Aider v0.86.1\n\n"
            "#### fix the date parsing in app/util.py\n\n"
            "> app/util.py\n"
            "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: all\n\n"
            "I changed the parser.\n\n"
            "#### Add app\\page.tsx to the chat? (Y)es/(N)o/(A)ll/(S)kip all [Yes]: skip\n\n"
            "#### no, keep the old format for the API\n"
            "#### and what does (Y)es/(N)o [Yes]: mean in the prompt?\n\n"
            "Sorry, keeping the old format.\n")
    typed = [t.text for s in parse_aider(chat) for t in s.turns if t.role == "user"]
    assert typed == ["fix the date parsing in app/util.py",
                     "no, keep the old format for the API\nand what does (Y)es/(N)o [Yes]: mean in the prompt?"]
    (tmp_path / ".aider.chat.history.md").write_text(chat, encoding="utf-8")
    events = read_session(tmp_path / ".aider.chat.history.md", harness="aider").events()
    assert [e.text for e in events if isinstance(e, UserMessage) and e.kind == "text"] == typed  # as `learn capture`


def test_what_aider_puts_in_the_persons_turn_is_not_typed_as_in_the_product_reader(tmp_path):
    from altimate_learn.capture.model import UserMessage
    from altimate_learn.capture.sessions import read_session
    from research.real_sessions_formats import parse_aider

    # aider's watch mode hands the model the AI comments it found, in the person's turn
    chat = ("\n# aider chat started at 2026-12-06 10:00:00\n\n> Aider v0.86.1\n\n"
            "#### add a retry to the upload\n\nAdded a retry.\n\n"
            '#### Find the "AI" comments below (marked with █) in the code files I\'ve shared with you.\n\n'
            "Done: removed the AI comment.\n\n"
            "#### no, keep the timeout at 30 seconds\n\nKept it at 30 seconds.\n")
    typed = [t.text for s in parse_aider(chat) for t in s.turns if t.role == "user"]
    assert typed == ["add a retry to the upload", "no, keep the timeout at 30 seconds"]
    (tmp_path / ".aider.chat.history.md").write_text(chat, encoding="utf-8")
    events = read_session(tmp_path / ".aider.chat.history.md", harness="aider").events()
    assert [e.text for e in events if isinstance(e, UserMessage) and e.kind == "text"] == typed


def test_what_a_person_typed_into_a_codex_sub_agents_thread_in_the_ide_is_typed():
    """A real VS Code rollout (Codex 0.115, a `thread_spawn` worker): the parent agent's task comes plain, the person's
    follow-ups typed into the sub-agent's thread come wrapped in the IDE extension's context."""
    from research.real_sessions_formats import parse_codex

    task = "You own the report slice in /workspace/app. Write only in app/report.py. You are not alone in the codebase."
    typed = ("# Context from my IDE setup:\n\n## Active file: t2.sh\n\n## Open tabs:\n- t2.sh: t2.sh\n\n"
             "## My request for Codex:\npush to remote\n")
    lines = [{"type": "session_meta", "payload": {"id": "r2", "timestamp": "2026-03-18T21:57:47Z",
                                                  "originator": "codex_vscode", "cli_version": "0.115.0-alpha.27",
                                                  "source": {"subagent": {"thread_spawn": {"parent_thread_id": "p1",
                                                                                           "depth": 1}}}}},
             {"type": "event_msg", "payload": {"type": "user_message", "message": task}},
             {"type": "event_msg", "payload": {"type": "agent_message", "message": "Changed only the requested files."}},
             {"type": "event_msg", "payload": {"type": "user_message", "message": typed}},
             {"type": "event_msg", "payload": {"type": "agent_message", "message": "`git push origin main` failed."}},
             {"type": "event_msg", "payload": {"type": "user_message", "message": "Also update the tests."}}]
    [session] = parse_codex("\n".join(json.dumps(line) for line in lines))
    assert [(t.role, t.text) for t in session.turns] == [
        ("assistant", "Changed only the requested files."), ("user", "push to remote"),
        ("assistant", "`git push origin main` failed.")]


def test_a_rebuild_that_changes_typed_messages_carries_each_label_to_its_message():
    """`--relabel`: a session that is no longer one takes its labels away, a later session renumbered keeps its labels,
    a message redacted otherwise keeps its label, a message the cap now lets in waits for a person."""
    from research.real_sessions_build import carried_labels

    def session(path: str, *texts: str) -> list[dict]:
        return [{"type": "session", "source": {"path": path}},
                *({"type": "user", "id": f"u{i}", "text": t} for i, t in enumerate(texts))]

    old = [session("a.jsonl", "fix the parser", "no, keep the old flag"),
           session("b.jsonl", "You are a review agent. Review PLAN.md", "re-review please"),
           session("c.jsonl", "my key is [REDACTED:api-key]", "thanks")]
    labels = {("o__r/0", "u0"): {"label": "not", "why": "a task"},
              ("o__r/0", "u1"): {"label": "correction", "why": "keeps the flag"},
              ("o__r/1", "u0"): {"label": "not", "why": "the parent's review task"},
              ("o__r/1", "u1"): {"label": "not", "why": "a re-review"},
              ("o__r/2", "u0"): {"label": "not", "why": "information"},
              ("o__r/2", "u1"): {"label": "not", "why": "thanks"}}
    built = [session("a.jsonl", "fix the parser", "no, keep the old flag"),
             session("c.jsonl", "my key is here, should I put it in .env?", "thanks", "you run the tests")]
    rows, missing = carried_labels("o/r", old, built, labels)
    assert [(r["session"], r["id"], r["label"], r["why"]) for r in rows] == [
        ("o__r/0", "u0", "not", "a task"), ("o__r/0", "u1", "correction", "keeps the flag"),
        ("o__r/1", "u1", "not", "thanks")]
    # the redacted message changed too much to be called the same: a person labels it, as the new one
    assert missing == [("o__r/1", "u0"), ("o__r/1", "u2")]
    built[1][1]["text"] = "my key is [REDACTED:api-key] ok"
    rows, missing = carried_labels("o/r", old, built, labels)
    assert ("o__r/1", "u0", "not") in [(r["session"], r["id"], r["label"]) for r in rows]
    assert missing == [("o__r/1", "u2")]


def test_a_codex_message_that_opens_with_pasted_markup_is_typed_and_codexs_own_blocks_are_not():
    """A real held-out prompt pasted a line of the page's HTML before the words ("<div class=…>Image B</div></div> 也不要");
    the builder dropped every message opening with `<`. It now drops what the product's reader drops."""
    from research.real_sessions_formats import parse_codex

    messages = ['<div class="p-4 border-b"><div class="text-sm">Image B</div></div> 也不要',
                "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>",
                "<turn_aborted>\nThe user interrupted the previous turn.\n</turn_aborted>",
                "<user_shell_command>ls</user_shell_command>", "no, keep Image A"]
    lines = [{"type": "session_meta", "payload": {"id": "r3", "timestamp": "2025-12-12T22:32:21Z", "source": "vscode"}},
             *({"type": "event_msg", "payload": {"type": "user_message", "message": m}} for m in messages)]
    [session] = parse_codex("\n".join(json.dumps(line) for line in lines))
    assert [t.text for t in session.turns if t.role == "user"] == [messages[0], messages[-1]]

def test_the_corpus_keeps_its_address_placeholder_now_that_the_redactor_takes_addresses():
    """The redactor replaces a person's address itself (sec43, `[REDACTED:email]`): the corpus keeps writing `[email]`,
    and a login chain that starts with such an address still has its password scrubbed."""
    from research.real_sessions_build import scrub

    assert scrub("mail jane@acme-corp.io today") == "mail [email] today"
    answer = scrub("**Admin:** `jane@acme-corp.io` / `Cortex2024!`")
    assert "Cortex2024!" not in answer and "[REDACTED:password]" in answer and "[email]" in answer


def test_the_corpus_keeps_its_phone_placeholder_now_that_the_redactor_takes_numbers():
    """The redactor replaces a person's phone number itself (cur44, `[REDACTED:phone]`): the corpus keeps writing
    `[phone]`, as its own scrub of an international number did."""
    from research.real_sessions_build import scrub

    assert scrub("call me at 020 7946 0958 today") == "call me at [phone] today"
    assert scrub("pasted log: +79161234567 failed") == "pasted log: [phone] failed"
