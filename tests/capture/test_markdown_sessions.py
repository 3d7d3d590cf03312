"""aider chat histories and Markdown exports of agent sessions (SpecStory, `## User` / `## Assistant` renderings):
what the person typed and nothing else, interruptions, tool calls, times, discovery, `learn capture` and bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from altimate_learn.capture.model import AssistantTurn, ToolCall, UserMessage
from altimate_learn.capture.sessions import detect_format, discover_sessions, read_session
from altimate_learn.capture.sessions import aider, markdown
from tests.capture.conftest import FIXTURES

AIDER = FIXTURES / "aider" / ".aider.chat.history.md"
SPECSTORY = FIXTURES / "markdown" / "specstory"
CURSOR = SPECSTORY / "2026-10-14_08-02Z-add-retry-logic-to-the-uploader.md"
CLAUDE_MD = SPECSTORY / "2026-11-20_14-30-05Z-the-date-parsing-test.md"
CODEX_MD = SPECSTORY / "2026-11-25_10-12Z-codex-session.md"
RENDERED = FIXTURES / "markdown" / "rendered-session.md"
TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def typed(path: Path, **kwargs) -> list[str]:
    return [e.text for e in read_session(path, **kwargs).events() if isinstance(e, UserMessage) and e.kind == "text"]


def signals(repo: Path) -> list[dict]:
    path = repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


# --- aider ---------------------------------------------------------------------------------------------------

def test_aider_history_is_one_session_per_run_with_the_typed_messages_only():
    assert detect_format(AIDER) == "aider"
    runs = aider.sessions_in(AIDER)
    assert [(r.started, r.updated) for r in runs[:1]] == [("2026-11-02T09:14:05", "2026-11-03T16:40:12")]
    assert [r.id.rsplit("-", 1)[0] for r in runs] == ["aider-20261102091405", "aider-20261103164012"]
    first = read_session(AIDER, harness="aider", session_id=runs[0].id)
    events = list(first.events())
    said = [(e.kind, e.text, e.index) for e in events if isinstance(e, UserMessage)]
    # not typed: `/add`, `/run` and its output, aider's console lines, the lint failure aider handed back
    # itself, and `/ask X` counted once
    assert said == [
        ("text", "add a --dry-run flag to the sync command that prints what would change\n\n"
                 "keep the existing behaviour when the flag is absent", 0),
        ("text", "no, don't print to stdout in dry-run mode, use the module's logger like everything else in sync.py", 1),
        ("text", "why does test_dry_run_logs fail?", 2),
        ("text", "update the test to use caplog instead", 3),
        ("interrupt", "[interrupted]", 4),
        ("text", "stop, leave the tests alone, I'll fix that one myself", 5),
    ]
    answers = [e.text for e in events if isinstance(e, AssistantTurn)]
    assert answers[0].startswith("I'll add a `dry_run` parameter") and "<<<<<<< SEARCH" in answers[0]
    assert not any("Tokens:" in a or "Applied edit" in a for a in answers)
    assert first.info.model == "anthropic/claude-sonnet-4-5-20250929"
    # a run driven by --message holds nothing the person typed
    assert typed(AIDER, harness="aider", session_id=runs[1].id) == []


def test_aider_ids_stay_the_same_when_aider_appends_a_run(tmp_path):
    history = tmp_path / ".aider.chat.history.md"
    shutil.copyfile(AIDER, history)
    before = {r.id: [e.id for e in read_session(history, harness="aider", session_id=r.id).events()]
              for r in aider.sessions_in(history)}
    with open(history, "a") as handle:
        handle.write("\n# aider chat started at 2026-11-04 08:00:00\n\n> aider  \n\n#### rename sync_all to sync  \n\nDone.\n")
    after = aider.sessions_in(history)
    assert len(after) == 3 and after[2].started == "2026-11-04T08:00:00"
    for run in after[:2]:
        assert [e.id for e in read_session(history, harness="aider", session_id=run.id).events()] == before[run.id]
    # without a session, the newest run is read
    assert typed(history, harness="aider") == ["rename sync_all to sync"]


def test_aider_history_at_the_project_root_is_discovered_and_captured(cli, git_repo):
    shutil.copyfile(AIDER, git_repo / ".aider.chat.history.md")
    found = discover_sessions(git_repo)
    assert [s.harness for s in found] == ["aider", "aider"]
    assert found[0].started == "2026-11-03T16:40:12"  # newest first
    code, out, err = cli("sessions", "--harness", "aider", "--json")
    assert code == 0, err
    listed = json.loads(out)
    assert [s["message_count"] for s in listed] == [1, 11]
    code, out, err = cli("capture", "--session", listed[1]["id"])
    assert code == 0, err
    assert "5 user messages, 1 interruption, 0 tool calls" in out
    texts = [s["text"] for s in signals(git_repo)]
    assert "no, don't print to stdout in dry-run mode, use the module's logger like everything else in sync.py" in texts
    assert "stop, leave the tests alone, I'll fix that one myself" in texts
    assert all(s["sessionID"] == listed[1]["id"] for s in signals(git_repo))
    count = len(texts)
    code, out, _ = cli("capture", str(git_repo / ".aider.chat.history.md"))  # every run in the file
    assert code == 0 and out.count("aider aider-") == 2
    assert len(signals(git_repo)) == count  # nothing twice


def test_aider_input_history_gives_each_typed_message_its_time(tmp_path):
    history = tmp_path / ".aider.chat.history.md"
    shutil.copyfile(AIDER, history)
    # prompt_toolkit's file history, as aider writes it beside the chat history (local time, `+` a line)
    (tmp_path / ".aider.input.history").write_text(
        "\n# 2026-11-01 17:00:00.100000\n+an input of an earlier run\n"
        "\n# 2026-11-02 09:14:30.250000\n+/add src/inventory/sync.py\n"
        "\n# 2026-11-02 09:15:10.500000\n+add a --dry-run flag to the sync command that prints what would change\n+\n"
        "+keep the existing behaviour when the flag is absent\n"
        "\n# 2026-11-02 09:17:42.000000\n+no, don't print to stdout in dry-run mode, use the module's logger like "
        "everything else in sync.py\n"
        "\n# 2026-11-02 09:20:05.000000\n+/ask why does test_dry_run_logs fail?\n"
        "\n# 2026-11-03 16:40:12.000000\n+bump the version to 2.4.0 in pyproject.toml\n")
    run = aider.sessions_in(history)[0]
    said = [(e.text[:20], e.at) for e in read_session(history, harness="aider", session_id=run.id).events()
            if isinstance(e, UserMessage) and e.kind == "text"]
    assert said == [("add a --dry-run flag", "2026-11-02T09:15:10.500"), ("no, don't print to s", "2026-11-02T09:17:42.000"),
                    ("why does test_dry_ru", "2026-11-02T09:20:05.000"), ("update the test to u", None),
                    ("stop, leave the test", None)]  # inputs the history file does not hold have no time


def test_an_aider_run_appended_later_does_not_change_the_earlier_runs_fingerprint(tmp_path):
    from altimate_learn.learner.digest import fingerprint

    history = tmp_path / ".aider.chat.history.md"
    shutil.copyfile(AIDER, history)
    first = aider.sessions_in(history)[0]
    before = fingerprint(first)
    with open(history, "a") as handle:
        handle.write("\n# aider chat started at 2026-11-04 08:00:00\n\n#### one more thing  \n")
    assert fingerprint(aider.sessions_in(history)[0]) == before


def test_aider_mode_command_wrapping_another_command_is_not_typed(tmp_path):
    history = tmp_path / ".aider.chat.history.md"
    history.write_text("\n# aider chat started at 2026-11-06 09:00:00\n\n> aider\n\n"
                       "#### /ask /drop src/legacy/  \n\n#### /drop src/legacy/  \n\n"
                       "#### /architect move the parser into its own module  \n\n"
                       "#### move the parser into its own module  \n\nHere is the plan.\n")
    assert typed(history, harness="aider") == ["move the parser into its own module"]


def test_aider_answer_headings_and_prompts_logged_as_input_are_not_typed(tmp_path):
    history = tmp_path / ".aider.chat.history.md"
    # aider ends each line it logs as input with two spaces; the model's Markdown headings have none
    history.write_text(
        "\n# aider chat started at 2026-11-07 10:00:00\n\n> aider --model sonnet  \n\n"
        "#### switch the exporter to the v2 API  \n\n"
        "Here is the plan.\n\n#### 1. **Update the client**\nUse `ClientV2`.\n\n#### 2. **Update the config**\n\n"
        "> Tokens: 1k sent  \n\n"
        "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: all  \n\n"
        "#### no, keep the v1 client as a fallback  \n\n"
        "#### Find the \"AI\" comments below (marked with \u2588) in the code files I've shared with you.  \n"
        "#### They contain my instructions.  \n\nDone.\n")
    assert typed(history, harness="aider") == ["switch the exporter to the v2 API", "no, keep the v1 client as a fallback"]
    answers = [e.text for e in read_session(history, harness="aider").events() if isinstance(e, AssistantTurn)]
    assert "#### 1. **Update the client**" in answers[0] and "#### 2. **Update the config**" in answers[0]
    # where an editor stripped every trailing space, and neither an input history nor aider's console between an
    # answer and the next input is there to tell (tests/capture/test_aider_headings.py), a `####` line is read as typed
    stripped = tmp_path / "stripped" / ".aider.chat.history.md"
    stripped.parent.mkdir()
    stripped.write_text("\n".join(line.rstrip() for line in history.read_text().splitlines()) + "\n")
    assert "1. **Update the client**" in typed(stripped, harness="aider")


def test_aider_elsewhere_than_the_root_is_not_discovered(git_repo):
    (git_repo / "docs").mkdir()
    shutil.copyfile(AIDER, git_repo / "docs" / ".aider.chat.history.md")
    assert discover_sessions(git_repo, harness="aider") == []


def test_secrets_typed_in_aider_are_redacted(cli, git_repo):
    history = git_repo / ".aider.chat.history.md"
    history.write_text(
        "\n# aider chat started at 2026-11-05 11:00:00\n\n> aider --model sonnet\n\n"
        f"#### the deploy script needs GITHUB_TOKEN={TOKEN} to push tags\n\nAdded it to deploy.sh.\n\n"
        f"#### no, don't hardcode {TOKEN} in deploy.sh, read it from the environment\n\nFixed.\n")
    code, out, err = cli("capture", "--latest")
    assert code == 0, err
    stored = (git_repo / ".altimate-code" / "learn" / "team-playbook" / "signals.jsonl").read_text()
    assert "hardcode" in stored and TOKEN not in stored and "[REDACTED" in stored


# --- Markdown exports ----------------------------------------------------------------------------------------

def test_specstory_cursor_export_keeps_the_typed_words():
    assert detect_format(CURSOR) == "markdown"
    reader = read_session(CURSOR)
    events = list(reader.events())
    assert [e.text for e in events if isinstance(e, UserMessage)] == [
        "add exponential backoff to `upload_chunk` in @uploader.py, max 5 attempts",
        "don't use time.sleep in the async path, it blocks the event loop — use asyncio.sleep",
    ]  # Copilot's / Cursor's "@agent Continue" button is not typed
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert [(c.name, c.input) for c in calls] == [("Read file", {"path": "src/storage/uploader.py"}),
                                                 ("Edit file", {"path": "src/storage/uploader.py"})]
    answers = [e.text for e in events if isinstance(e, AssistantTurn)]
    assert not any("<details>" in a or "Lines added" in a for a in answers)
    assert reader.info.started == "2026-10-14T08:02:00Z" and reader.info.title == "Add retry logic to the uploader"
    assert reader.info.id.startswith("md-")


def test_specstory_claude_code_export_has_the_sessions_id_times_and_tool_results():
    reader = read_session(CLAUDE_MD)
    events = list(reader.events())
    assert reader.info.id == "6f1e2a9c-44d1-4b7e-9a0c-1e2f3a4b5c6d"  # the agent's own session id
    said = [(e.kind, e.text, e.at) for e in events if isinstance(e, UserMessage)]
    assert said == [  # the /model command and the system reminder are Claude Code's, not typed
        ("text", "the date parsing test fails on CI, fix it", "2026-11-20T14:30:05Z"),
        ("interrupt", "[interrupted]", "2026-11-20T14:31:02Z"),
        ("text", "no, don't change the test — `parse_local` should take an explicit `tz` argument",
         "2026-11-20T14:31:40Z"),
    ]
    (call,) = [e for e in events if isinstance(e, ToolCall)]
    assert (call.name, call.input, call.exit_code, call.is_error) == (
        "Bash", {"command": "pytest tests/test_dates.py -q"}, 1, True)
    assert "FAILED tests/test_dates.py::test_parse_local" in call.result
    assert reader.info.model == "claude-opus-4-5-20251101"


def test_specstory_codex_export_drops_the_ide_context():
    assert typed(CODEX_MD) == ["show the cart total with two decimals",
                               "use the shared formatCurrency helper from lib/format.ts, not toFixed"]
    assert read_session(CODEX_MD).info.id == "0199c4d2-7a1b-7c3d-9e8f-112233445566"


def test_rendered_session_headings_fences_times_and_injected_lessons():
    assert detect_format(RENDERED) == "markdown"
    reader = read_session(RENDERED)
    events = list(reader.events())
    said = [(e.text, e.at) for e in events if isinstance(e, UserMessage)]
    assert [t for t, _ in said] == [
        "rename `--out` to `--output` everywhere in the CLI",
        "you missed the shell completion script, check completions/ too. It has this block:\n\n```markdown\n"
        "## User\ncomplete -F _toolbox toolbox\n```",  # a heading inside a code fence is text
        "thanks, looks good",  # the lessons learn injected are not the person's words
    ]
    assert said[0][1] == "2026-09-03T08:03:00Z"
    assert [(c.name, c.input) for c in events if isinstance(c, ToolCall)] == [("Grep", "--out"),
                                                                            ("Edit", "src/cli.py")]
    assert reader.info.model == "claude-sonnet-4-5-20250929"


def test_an_exporters_emoji_headings_are_turns(tmp_path):
    export = tmp_path / "claude-conversation.md"
    export.write_text("# Claude Conversation Log\n\nSession ID: 1234\n\n---\n\n## \U0001f464 User\n\nadd a health check "
                      "endpoint\n\n---\n\n## \U0001f916 Claude\n\nAdded `/health`.\n\n---\n\n### \U0001f464 User:\n\n"
                      "no, it must not touch the database\n")
    events = list(read_session(export).events())
    assert [(type(e).__name__, e.text) for e in events] == [
        ("UserMessage", "add a health check endpoint"), ("AssistantTurn", "Added `/health`."),
        ("UserMessage", "no, it must not touch the database")]


def test_capture_a_specstory_folder_reads_each_transcript_once(cli, git_repo):
    folder = git_repo / ".specstory" / "history"
    shutil.copytree(SPECSTORY, folder)
    assert [p.name for p in markdown.markdown_files(folder)] == [CURSOR.name, CLAUDE_MD.name, CODEX_MD.name]
    code, out, err = cli("capture", str(folder), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert [s["harness"] for s in result["sessions"]] == ["markdown"] * 3
    texts = sorted(s["text"] for s in signals(git_repo))
    assert texts == sorted([
        "don't use time.sleep in the async path, it blocks the event loop — use asyncio.sleep",
        "no, don't change the test — `parse_local` should take an explicit `tz` argument",
        "use the shared formatCurrency helper from lib/format.ts, not toFixed",
    ])
    code, out, err = cli("capture", str(folder), "--json")
    assert code == 0 and json.loads(out)["added"] == 0
    # Markdown exports are not discovered: they are read only when pointed at
    assert [s for s in discover_sessions(git_repo) if s.harness == "markdown"] == []
    code, out, err = cli("capture", str(folder), "--session", "0199c4d2-7a1b-7c3d-9e8f-112233445566", "--json")
    assert code == 0, err
    assert [s["id"] for s in json.loads(out)["sessions"]] == ["0199c4d2-7a1b-7c3d-9e8f-112233445566"]


def test_bad_markdown_input_is_one_clear_line_and_nothing_is_captured(cli, git_repo, tmp_path):
    notes = SPECSTORY / "README.md"
    empty_folder = tmp_path / "exports"
    empty_folder.mkdir()
    (empty_folder / "notes.md").write_text("# Notes\n\nnothing here\n")
    cases = [
        (("capture", "--harness", "markdown", str(notes)),
         f"Error: {notes} is not a Markdown transcript (no `_**User**_` / `_**Assistant**_` turns and no "
         "`## User` / `## Assistant` headings). Pass a SpecStory export (.specstory/history/*.md) or a Markdown "
         "rendering of a session."),
        (("capture", "--harness", "aider", str(notes)),
         f"Error: {notes} is not an aider chat history (no `# aider chat started at` line and no `#### ` message). "
         "Pass aider's .aider.chat.history.md, or drop --harness."),
        (("capture", "--harness", "markdown", str(empty_folder)),
         f"Error: {empty_folder} holds no Markdown transcript. Pass a folder of SpecStory exports "
         "(.specstory/history) or a transcript file."),
        (("capture", str(CURSOR), str(notes)),
         f"Error: {notes}: unknown transcript format (not Claude Code, Codex, opencode, Gemini CLI, aider's chat "
         "history, a Markdown export of a session or the generic JSONL trajectory). Pass --harness "
         "claude-code|codex|opencode|gemini|aider|markdown|generic if you know which agent wrote it, or convert it "
         "to the generic format (docs/generic-trajectory.md)."),
        (("capture", "--harness", "aider", str(AIDER), "--session", "aider-1-2"),
         f"Error: {AIDER} holds no aider session aider-1-2. `learn sessions --harness aider` lists them; or drop "
         "--session to read every run in it."),
    ]
    for args, message in cases:
        code, out, err = cli(*args)
        assert (code, err.strip()) == (1, message)
        assert "Traceback" not in err
    assert signals(git_repo) == []  # the good transcript before the bad one was not captured either


def test_button_templates_and_notifications_in_exports_are_not_typed(tmp_path):
    turns = [
        "For the code present, we get this error:\n```\nCannot find name 'useState'.\n```\nHow can I resolve this? "
        "If you propose a fix, please make it concise.",
        "For the code present, we get this error:\n```\nModule not found\n```\nHow can I resolve this? If you propose a "
        "fix, please make it concise.\n\nI already ran npm install, don't suggest that again",
        "@agent Try Again",
        '@agent Enable: "Enable GPT-5 for all clients"',
        "[Terminal 3ad710f5-ec4c notification: command completed with exit code 1.]\nTerminal output:\n$ npm test",
        "/login\n \u23bf  Login successful",
        "@workspace /explain semi-colon expected",
        "Please analyze this codebase and create a CLAUDE.md file, which will be given to future instances of Claude Code",
        "Verify these issues exist and fix them:\n\nBug 1:\nThe handler leaks the file descriptor.",
        "no, keep using @src/lib/http.ts for requests",
    ]
    export = tmp_path / "chat.md"
    export.write_text("<!-- Generated by SpecStory -->\n\n" + "".join(
        f"_**User**_\n\n{turn}\n\n---\n\n_**Assistant**_\n\nOn it.\n\n---\n\n" for turn in turns))
    assert typed(export) == ["I already ran npm install, don't suggest that again",
                             "no, keep using @src/lib/http.ts for requests"]


def test_a_specstory_export_without_turns_is_an_empty_session(tmp_path):
    export = tmp_path / "2026-02-21_15-39-09Z.md"
    export.write_text("<!-- Generated by SpecStory, Markdown v2.1.0 -->\n\n# 2026-02-21 15:39:09Z\n\n"
                      "<!-- Claude Code Session 0720adae-0000-4000-8000-6ce2fb7dfea2 (2026-02-21 15:39:09Z) -->\n")
    assert detect_format(export) == "markdown"
    reader = read_session(export)
    assert list(reader.events()) == [] and reader.info.id == "0720adae-0000-4000-8000-6ce2fb7dfea2"


def test_a_utf16_export_says_how_to_convert_it(cli, git_repo, tmp_path):
    export = tmp_path / "chat.md"
    export.write_bytes("## User\n\nrename the flag\n\n## Assistant\n\nDone.\n".encode("utf-16"))
    for args in (("capture", str(export)), ("capture", "--harness", "markdown", str(export))):
        code, out, err = cli(*args)
        assert (code, err.strip()) == (1, f"Error: {export} is UTF-16 text; learn reads transcripts in UTF-8. Convert "
                                          "it first (iconv -f UTF-16 -t UTF-8 chat.md > converted), then capture the copy.")
    assert signals(git_repo) == []


def test_invalid_utf8_and_an_unclosed_fence_do_not_lose_the_rest(tmp_path):
    export = tmp_path / "chat.md"
    export.write_bytes(
        b"## User\n\nfix the caf\xe9 menu endpoint\n\n## Assistant\n\n```python\nprint('unclosed')\n\n"
        b"## User\n\nno, keep the old route too\n")
    reader = read_session(export)
    said = [e.text for e in reader.events() if isinstance(e, UserMessage)]
    # an agent's fence left open swallows a bare heading after it: the turn stays the agent's, never the person's
    assert said == ["fix the caf\ufffd menu endpoint"]
    assert reader.info.replaced == 1
    # a turn header with its time is a turn header even there
    timed = tmp_path / "timed.md"
    timed.write_text("## User (09:00 UTC)\n\nfix the menu endpoint\n\n## Assistant (09:01 UTC)\n\n```python\n"
                     "print('unclosed')\n\n## User (09:02 UTC)\n\nno, keep the old route too\n")
    assert typed(timed) == ["fix the menu endpoint", "no, keep the old route too"]


def test_a_byte_order_mark_first_is_passed_over(tmp_path):
    history = tmp_path / ".aider.chat.history.md"
    history.write_bytes(b"\xef\xbb\xbf# aider chat started at 2026-11-08 08:00:00\n\n> aider  \n\n"
                        b"#### use tabs in the Makefile  \n\nDone.\n\n#### no, only in the recipe lines  \n")
    assert detect_format(history) == "aider"
    (run,) = aider.sessions_in(history)
    assert run.started == "2026-11-08T08:00:00"
    assert typed(history, harness="aider") == ["use tabs in the Makefile", "no, only in the recipe lines"]
    export = tmp_path / "export.md"
    export.write_bytes(b"\xef\xbb\xbf<!-- Generated by SpecStory -->\n\n_**User**_\n\nrename the flag\n\n---\n")
    assert detect_format(export) == "markdown" and typed(export) == ["rename the flag"]


def test_cursor_terminal_commands_in_specstory_are_shell_calls(tmp_path):
    export = tmp_path / "cursor.md"
    export.write_text(
        "<!-- Generated by SpecStory, Markdown v2.1.0 -->\n\n_**User (2026-05-14 11:36Z)**_\n\nlist the app folder\n\n"
        "---\n\n_**Agent (claude-4.6-opus-high-thinking)**_\n\n"
        '<tool-use data-tool-type="shell" data-tool-name="run_terminal_command_v2">\n'
        "<details><summary>Tool use: **run_terminal_command_v2** \u2022 Run command: ls -la &#34;app&#34;</summary>\n\n"
        '```bash\nls -la "app"\n```\n\n```\ntotal 8\n-rw-r--r-- 1 dev dev 42 main.py\n```\n</details>\n</tool-use>\n')
    (call,) = [e for e in read_session(export).events() if isinstance(e, ToolCall)]
    assert (call.name, call.input, call.result) == ("run_terminal_command_v2", {"command": 'ls -la "app"'},
                                                    "total 8\n-rw-r--r-- 1 dev dev 42 main.py\n")
