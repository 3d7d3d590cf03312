"""Transcripts as real users have them, beyond the fixtures: other harness versions, harness traffic that
arrives as user lines, resumed and compacted sessions, failures reported in other shapes."""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn.capture.capture import capture_paths, signals_from_session
from altimate_learn.capture.model import ToolCall, UserMessage
from altimate_learn.capture.sessions import read_session
from altimate_learn.store import Store

SID_A = "aaaa1111-2222-4333-8444-555555555555"
SID_B = "bbbb1111-2222-4333-8444-555555555555"
CWD = "/home/ana/work/billing"


class Claude:
    """Builds Claude Code lines the way its versions write them."""

    def __init__(self, session: str = SID_A) -> None:
        self.session = session
        self.lines: list[dict] = []
        self.n = 0

    def _line(self, kind: str, **fields) -> dict:
        self.n += 1
        line = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": CWD,
                "sessionId": self.session, "version": "1.0.51", "type": kind,
                "uuid": f"{self.session[:8]}-0000-4000-8000-{self.n:012d}",
                "timestamp": f"2025-07-14T10:{self.n // 60:02d}:{self.n % 60:02d}.000Z", **fields}
        self.lines.append(line)
        return line

    def user(self, content, **fields) -> dict:
        return self._line("user", message={"role": "user", "content": content}, **fields)

    def assistant(self, *blocks) -> dict:
        blocks = [{"type": "text", "text": b} if isinstance(b, str) else b for b in blocks]
        return self._line("assistant", message={"id": f"msg_{self.session[:4]}{self.n:04d}", "role": "assistant",
                                                "model": "claude-sonnet-4", "content": blocks})

    def tool(self, call_id: str, name: str, result: str, *, error: bool = False, **inp) -> None:
        self.assistant({"type": "tool_use", "id": call_id, "name": name, "input": inp})
        block = {"type": "tool_result", "tool_use_id": call_id, "content": result}
        if error:
            block["is_error"] = True
        self.user([block])

    def system(self, **fields) -> dict:
        return self._line("system", **fields)

    def write(self, folder: Path, name: str | None = None) -> Path:
        path = folder / f"{name or self.session}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in self.lines))
        return path


def user_texts(path: Path) -> list[tuple[str, int, bool, str]]:
    reader = read_session(path)
    return [(e.kind, e.index, e.after_assistant, e.text) for e in reader.events() if isinstance(e, UserMessage)]


def correction_texts(path: Path) -> list[str]:
    signals, _ = signals_from_session(read_session(path))
    return [s.text for s in signals if s.kind == "user_correction"]


# --- Claude Code ---------------------------------------------------------------------------------------

def test_claude_harness_lines_from_many_versions_are_not_user_text(tmp_path):
    c = Claude()
    c._line("summary", summary="Rate limiting for login", leafUuid="x")
    c.user("Add rate limiting to the /login endpoint")
    c.system(subtype="informational", content="Running PreToolUse hooks", level="info")
    c.assistant("I'll add a limiter.")
    # a slash command with arguments, its expansion, a local command and its output
    c.user("<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n"
           "<command-args>don't use a dict, that's wrong</command-args>")
    c.user([{"type": "text", "text": "Review the diff. ARGUMENTS: don't use a dict, that's wrong"}], isMeta=True)
    c.user("<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>")
    c.user("<local-command-stdout>Set model to opus</local-command-stdout>")
    # `!` bash mode
    c.user("<bash-input>git status</bash-input>")
    c.user("<bash-stdout>nothing to commit</bash-stdout><bash-stderr></bash-stderr>")
    # hooks writing user lines (older versions), a reminder block, a background task note
    c.user("Stop hook feedback:\nYou must not stop yet: don't leave failing tests behind.")
    c.user("SubagentStop hook feedback:\nNever return without a summary.")
    c.user([{"type": "text", "text": "<system-reminder>\nUserPromptSubmit hook additional context: NEVER use print\n"
                                     "</system-reminder>"}])
    c.user("<task-notification>\n<status>failed</status>\n<summary>pytest failed</summary>\n</task-notification>")
    # a compaction: the boundary, the summary (flagged, and unflagged as older versions wrote it)
    c.system(subtype="compact_boundary", content="Conversation compacted", compactMetadata={"trigger": "auto"})
    c.user("This session is being continued from a previous conversation that ran out of context. The "
           "conversation is summarized below:\nThe user said: no, that's wrong, use the RateLimiter.",
           isCompactSummary=True, isVisibleInTranscriptOnly=True)
    c.user([{"type": "text", "text": "This session is being continued from a previous conversation that ran out "
                                     "of context.\nThe user said: stop using print, that's wrong."}])
    c.user("<command-name>/compact</command-name>\n<command-message>compact</command-message>")
    c.user("<local-command-stdout>Compacted.</local-command-stdout>")
    # `#` memory mode; an IDE's note of the open file and the selected lines, before the prompt in the same message
    c.user("<user-memory-input>never use print, use the logger</user-memory-input>")
    c.user([{"type": "text", "text": "<ide_opened_file>The user opened the file /w/app/limits.py in the IDE. This may "
                                     "or may not be related to the current task.</ide_opened_file>"},
            {"type": "text", "text": "<ide_selection>The user selected the lines 3 to 4 from /w/app/limits.py:\n"
                                     "# wrong: don't use a dict here, use the RateLimiter instead\nLIMITS = {}\n"
                                     "</ide_selection>"},
            {"type": "text", "text": "what does this function do?"}])
    c.assistant("It stores limits.")
    # what the user did say, around the harness traffic
    c.user("you forgot to add a test for the 429 response\n\n<user-prompt-submit-hook>Run ruff before finishing."
           "</user-prompt-submit-hook>")
    path = c.write(tmp_path)
    assert user_texts(path) == [
        ("text", 0, False, "Add rate limiting to the /login endpoint"),
        ("text", 1, True, "what does this function do?"),
        ("text", 2, True, "you forgot to add a test for the 429 response"),
    ]
    assert correction_texts(path) == ["you forgot to add a test for the 429 response"]


_CONDUCTOR_WORKSPACE = ("<system_instruction>\nYou are working inside Conductor, a Mac app that lets the user run many "
                        "coding agents in parallel.\nYour work should take place in the /Users/ana/conductor/workspaces/"
                        "billing/lima directory (unless otherwise directed), which has been set up for you to work in.\n"
                        "</system_instruction>")


def test_claude_in_conductor_its_instructions_are_not_user_text_and_diff_comments_are(tmp_path):
    c = Claude()
    # a new workspace: Conductor's instructions and the files the person attached, nothing typed
    c.user(_CONDUCTOR_WORKSPACE + "\n\n\n<system_instruction>\nThe user has attached these files. Read them before "
           "proceeding.\n- /Users/ana/conductor/workspaces/billing/lima/.context/attachments/plan.md (2.1 KB)\n"
           "</system_instruction>")
    c.assistant("I read the plan and added the login tests.")
    # a comment the person left on a line of the diff
    c.user('<system-instruction>\nThe user has added 1 comment to the diff for this workspace. Please review and '
           'address these comments as part of your response.\n\nComment #1:\n\nFile: tests/test_login.py\nLine: 92\n'
           'User comment: "don\'t repeat the \"admin\" credentials in every test, put them in one helper"\n\n'
           'Comment metadata:\nThis comment was left on the modified branch.\n\n</system-instruction>')
    c.assistant("Moved them into _admin_data().")
    # two comments at once; then a prompt typed under the workspace instructions
    c.user('<system-instruction>\nThe user has added 2 comments to the diff for this workspace.\n\nComment #1:\n\n'
           'File: app/login.py\nLine: 3\nUser comment: "why is this still a print?\nuse the logger"\n\nComment '
           'metadata:\nThis comment was left on the modified branch.\n\nComment #2:\n\nFile: app/login.py\nLine: 9\n'
           'User comment: "rename to max_attempts"\n\nComment metadata:\nThis comment was left on the modified '
           'branch.\n\n</system-instruction>')
    c.assistant("Done.")
    c.user(_CONDUCTOR_WORKSPACE + "\n\nadd rate limiting to the /login endpoint")
    path = c.write(tmp_path)
    assert [text for _kind, _index, _after, text in user_texts(path)] == [
        'don\'t repeat the "admin" credentials in every test, put them in one helper',
        "why is this still a print?\nuse the logger\n\nrename to max_attempts",
        "add rate limiting to the /login endpoint"]


def test_claude_images_and_results_beside_the_users_words(tmp_path):
    c = Claude()
    c.user("Fix the login banner")
    c.assistant("Done.")
    c.user([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR" + "A" * 600_000}},
            {"type": "text", "text": "[Image #1] the banner is still wrong, it should say 'Too many attempts'"}])
    c.assistant({"type": "tool_use", "id": "toolu_n", "name": "Bash", "input": {"command": "npm test"}})
    c.user([{"type": "tool_result", "tool_use_id": "toolu_n", "content": "Exit code 2\nnpm ERR! missing script: test",
             "is_error": True},
            {"type": "text", "text": "don't run npm here, this is a Python repo; use pytest"}])
    path = c.write(tmp_path)
    assert correction_texts(path) == ["[Image #1] the banner is still wrong, it should say 'Too many attempts'",
                                      "don't run npm here, this is a Python repo; use pytest"]
    calls = [e for e in read_session(path).events() if isinstance(e, ToolCall)]
    assert [(t.name, t.is_error, t.exit_code) for t in calls] == [("Bash", True, 2)]


def test_claude_resumed_session_does_not_repeat_the_earlier_sessions_messages(tmp_path, git_repo):
    # session A, then `claude --resume` writes session B: A's lines copied first (their sessionId kept)
    a = Claude(SID_A)
    a.user("Add rate limiting to /login")
    a.assistant("Added a dict-based limiter.")
    a.user("no, use the existing RateLimiter instead of a dict")
    a.assistant("Switched.")
    path_a = a.write(tmp_path)
    b = Claude(SID_B)
    b.lines = [dict(line) for line in a.lines]
    b.n = a.n
    b.user("you forgot the 429 test")  # the first thing said in B corrects what the agent did in A
    b.assistant("Adding it.")
    b.user("now do the same for /signup")
    path_b = b.write(tmp_path)
    assert user_texts(path_b) == [("text", 2, True, "you forgot the 429 test"),
                                  ("text", 3, True, "now do the same for /signup")]
    store = Store.open()
    added = [s.signal_ids for s in capture_paths(store, [path_a, path_b])]
    assert [len(ids) for ids in added] == [1, 1]  # A's correction once, B's own once
    texts = sorted(s["text"] for s in store.signals()[0])
    assert texts == ["no, use the existing RateLimiter instead of a dict", "you forgot the 429 test"]


def test_claude_fork_session_copies_are_not_the_forks_messages(tmp_path, git_repo):
    """`claude --resume A --fork-session` (Claude Code 2.1.332) writes session B's file starting with B's queue line,
    then A's lines copied under B's sessionId, keeping their uuids and times (each copied reply with
    `requestSessionId` A), then B's own prompt. Capturing B recorded A's correction again as B's, a new open
    signal after the learner had used it up (trial22)."""
    a = Claude(SID_A)
    a.user("Add rate limiting to /login")
    a.assistant("Added a dict-based limiter.")
    a.user("no, use the existing RateLimiter instead of a dict")
    a.assistant("Switched.")
    path_a = a.write(tmp_path)
    b = Claude(SID_B)
    b.lines = [{"type": "mode", "mode": "normal", "sessionId": SID_B},
               {"type": "queue-operation", "operation": "enqueue", "timestamp": "2025-07-14T10:01:00.000Z",
                "sessionId": SID_B, "content": "thanks, and add a docstring"}]
    for line in a.lines:
        copy = {**line, "sessionId": SID_B}
        if copy["type"] == "assistant":
            copy["requestSessionId"] = SID_A
        b.lines.append(copy)
    b.n = 60  # B's own lines come after 10:01:00, when it was forked
    b.user("thanks, and add a docstring")
    b.assistant("Added.")
    b.user("no, use the existing RateLimiter in /signup as well")
    path_b = b.write(tmp_path)
    assert user_texts(path_b) == [("text", 2, True, "thanks, and add a docstring"),
                                  ("text", 3, True, "no, use the existing RateLimiter in /signup as well")]
    store = Store.open()
    added = [s.signal_ids for s in capture_paths(store, [path_a, path_b])]
    assert [len(ids) for ids in added] == [1, 1]  # A's correction once, B's own once
    texts = sorted(s["text"] for s in store.signals()[0])
    assert texts == ["no, use the existing RateLimiter in /signup as well",
                     "no, use the existing RateLimiter instead of a dict"]


def test_claude_history_replayed_in_the_same_file_is_read_once(tmp_path):
    c = Claude()
    c.user("Add rate limiting to /login", promptId="p-1")
    c.tool("toolu_1", "Bash", "Exit code 1\nboom", error=True, command="make")
    c.assistant("It failed.")
    c.user("no, use make test instead of make", promptId="p-2")
    c.tool("toolu_2", "Bash", "Exit code 1\nboom", error=True, command="make test")
    c.lines += [dict(line) for line in c.lines]  # a resume appended the whole history again, verbatim
    c.user("thanks")
    path = c.write(tmp_path)
    reader = read_session(path)
    evs = list(reader.events())
    assert [e.text for e in evs if isinstance(e, UserMessage)] == [
        "Add rate limiting to /login", "no, use make test instead of make", "thanks"]
    assert [e.id for e in evs if isinstance(e, ToolCall)] == ["toolu_1", "toolu_2"]
    signals, stats = signals_from_session(read_session(path))
    assert [s.message_id for s in signals] == ["p-2"] and stats.tool_calls == 2


# --- Codex CLI -----------------------------------------------------------------------------------------

def _codex_message(role: str, text: str) -> dict:
    kind = "input_text" if role == "user" else "output_text"
    return {"type": "message", "id": None, "role": role, "content": [{"type": kind, "text": text}]}


def test_codex_2025_rollout_cwd_and_compaction_text(tmp_path):
    sid = "5973b6c0-94b8-487b-a530-2aeb6098ae0e"
    lines = [
        {"id": sid, "timestamp": "2025-05-09T14:03:11.000Z", "instructions": None, "git": {"branch": "main"}},
        {"record_type": "state"},
        _codex_message("user", "<user_instructions>\n\nAlways use pnpm. Never npm.\n\n</user_instructions>"),
        _codex_message("user", "<environment_context>\nCurrent working directory: /Users/bo/src/webshop\n"
                               "Approval policy: on-request\nSandbox mode: workspace-write\n</environment_context>"),
        _codex_message("user", "Add a dark mode toggle to the header"),
        {"type": "function_call", "name": "shell", "call_id": "c1",
         "arguments": json.dumps({"command": ["bash", "-lc", "npm test"]})},
        {"type": "function_call_output", "call_id": "c1",
         "output": json.dumps({"output": "npm ERR! missing script", "metadata": {"exit_code": 1}})},
        _codex_message("assistant", "Added the toggle."),
        # after a compaction, Codex puts the summary and the earlier user messages back as user messages
        _codex_message("user", "Another language model started to solve this problem and produced a summary of its "
                               "thinking process. [...] Here is the summary:\nThe user said that's wrong, use pnpm."),
        _codex_message("user", "You were originally given instructions from a user over one or more turns. Here "
                               "were the user messages:\n\nno, that's wrong: use pnpm, not npm"),
        _codex_message("user", "<user_shell_command>\n<command>\ngit diff --stat\n</command>\n<result>\nExit code: 0"
                               "\n</result>\n</user_shell_command>"),
        _codex_message("user", "we never use npm in this repo, use pnpm"),
    ]
    path = tmp_path / f"rollout-2025-05-09T14-03-11-{sid}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    reader = read_session(path)
    assert reader.info.cwd == "/Users/bo/src/webshop"  # what discovery matches on
    assert [t[3] for t in user_texts(path)] == ["Add a dark mode toggle to the header",
                                                "we never use npm in this repo, use pnpm"]
    assert correction_texts(path) == ["we never use npm in this repo, use pnpm"]


# --- Gemini CLI ----------------------------------------------------------------------------------------

def test_gemini_shell_command_that_exits_non_zero_is_a_failure(tmp_path):
    header = {"sessionId": "9e1f2a3b-0000-4000-8000-000000000001", "projectHash": "x" * 64,
              "startTime": "2025-10-01T08:00:00.000Z", "lastUpdated": "2025-10-01T08:00:00.000Z", "kind": "main"}
    lines = [header, {"id": "u1", "timestamp": "2025-10-01T08:00:01Z", "type": "user", "content": [{"text": "build it"}]}]
    for n in range(3):
        # the tool ran (status success); the command failed: the model is told "Exit Code: 1" after the output
        noise = "warning: unused variable\n" * 300
        output = f"Command: cargo build\nDirectory: (root)\nOutput: {noise}error[E0425]\n" \
                 f"Error: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4{n}"
        lines.append({"id": f"g{n}", "timestamp": f"2025-10-01T08:00:1{n}Z", "type": "gemini", "content": "",
                      "model": "gemini-2.5-pro", "toolCalls": [{
                          "id": f"run_shell_command-{n}", "name": "run_shell_command", "status": "success",
                          "args": {"command": "cargo build"}, "resultDisplay": "error[E0425]",
                          "result": [{"functionResponse": {"id": f"run_shell_command-{n}", "name": "run_shell_command",
                                                           "response": {"output": output}}}]}]})
    path = tmp_path / "session-2025-10-01T08-00-9e1f2a3b.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    calls = [e for e in read_session(path).events() if isinstance(e, ToolCall)]
    assert [(c.is_error, c.exit_code) for c in calls] == [(True, 1)] * 3
    signals, _ = signals_from_session(read_session(path))
    assert [s.kind for s in signals] == ["tool_retry"]


def test_a_copied_message_is_recorded_once_even_when_the_copy_carries_the_new_session_id(tmp_path, git_repo):
    # some versions write the copied history of a resumed session with the new session's id
    a = Claude(SID_A)
    a.user("Add rate limiting to /login")
    a.assistant("Added a dict-based limiter.")
    a.user("no, use the existing RateLimiter instead of a dict")
    for n in range(3):
        a.tool(f"toolu_01XyZ{n}", "Bash", "Exit code 1\nboom", error=True, command="make")
    path_a = a.write(tmp_path)
    b = Claude(SID_B)
    b.lines = [{**line, "sessionId": SID_B} for line in a.lines]
    b.n = a.n
    b.assistant("Continuing.")
    b.user("you forgot the 429 test")
    path_b = b.write(tmp_path)
    store = Store.open()
    first, second = capture_paths(store, [path_b, path_a])  # either order
    assert (first.corrections_added, first.tool_retry_added) == (2, 1)
    assert (second.corrections_added, second.tool_retry_added, second.duplicates_skipped) == (0, 0, 2)
    # ids of generic trajectories only need to be unique in their file: compared within their session only
    for name in ("one", "two"):
        (tmp_path / f"{name}.jsonl").write_text(
            '{"type": "session", "format": "learn-trajectory/1", "id": "%s"}\n'
            '{"type": "user", "text": "Add a cache", "id": "message-0001"}\n{"type": "assistant", "text": "Done."}\n'
            '{"type": "user", "text": "no, use redis instead of a dict", "id": "message-0003"}\n' % name)
    assert [s.corrections_added for s in capture_paths(store, [tmp_path / "one.jsonl", tmp_path / "two.jsonl"])] == [1, 1]


def test_codex_prompt_wrapped_in_ide_context(tmp_path):
    sid = "0199c0de-0000-7000-8000-00000000abcd"
    wrapped = ("# Context from my IDE setup:\n\n## Active file: src/limits.ts\n\n## Active selection of the file:\n"
               "// wrong: don't use a Map here, use the RateLimiter instead\nconst limits = new Map();\n\n"
               "## Open tabs:\n- limits.ts: src/limits.ts\n\n## My request for Codex:\n")

    def line(kind: str, payload: dict) -> dict:
        return {"timestamp": "2026-02-05T10:21:33.000Z", "type": kind, "payload": payload}

    lines = [line("session_meta", {"id": sid, "cwd": "/w/api", "timestamp": "2026-02-05T10:21:33.000Z"})]
    for text in ("what does limits.ts do?", "we always use the shared RateLimiter for this"):
        lines += [line("response_item", {"type": "message", "role": "user",
                                         "content": [{"type": "input_text", "text": wrapped + text}]}),
                  line("event_msg", {"type": "user_message", "message": wrapped + text}),
                  line("event_msg", {"type": "agent_message", "message": "It stores limits."})]
    path = tmp_path / f"rollout-2026-02-05T10-21-33-{sid}.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in lines))
    assert [t[3] for t in user_texts(path)] == ["what does limits.ts do?",
                                                "we always use the shared RateLimiter for this"]
    assert correction_texts(path) == ["we always use the shared RateLimiter for this"]


# --- opencode ------------------------------------------------------------------------------------------

def _opencode_storage(root: Path, messages: list[tuple[str, list[dict]]]) -> Path:
    """A JSON storage with one session; ``messages`` are (role, parts) in order."""
    storage = root / "storage"
    sid = "ses_0a1b2c3d4e5fAbCdEfGhIjKlMn"
    (storage / "session" / "proj").mkdir(parents=True)
    (storage / "session" / "proj" / f"{sid}.json").write_text(json.dumps(
        {"id": sid, "projectID": "proj", "directory": "/w/svc", "title": "t", "time": {"created": 1, "updated": 2}}))
    for n, (role, parts) in enumerate(messages):
        mid = f"msg_{n:04d}AbCdEfGhIjKlMnOp"
        folder = storage / "message" / sid
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{mid}.json").write_text(json.dumps(
            {"id": mid, "sessionID": sid, "role": role, "time": {"created": 1000 + n, "completed": 1000 + n}}))
        (storage / "part" / mid).mkdir(parents=True)
        for k, part in enumerate(parts):
            (storage / "part" / mid / f"prt_{n:04d}{k:02d}.json").write_text(json.dumps(
                {"id": f"prt_{n:04d}{k:02d}", "sessionID": sid, "messageID": mid, **part}))
    return storage


def test_opencode_text_it_writes_as_the_user_is_not_user_text(tmp_path):
    text = lambda t, **kw: {"type": "text", "text": t, **kw}  # noqa: E731
    storage = _opencode_storage(tmp_path, [
        ("user", [text("Add a /health route")]),
        ("assistant", [text("Added.")]),
        # a compaction, as versions wrote it (marked synthetic or not)
        ("user", [{"type": "compaction", "auto": True}]),
        ("assistant", [text("Summary: the user said never use unwrap, that's wrong.")]),
        ("user", [text("Continue if you have next steps, or stop and ask for clarification if you are unsure.")]),
        ("assistant", [text("Continuing.")]),
        ("user", [text("What did we do so far?")]),
        ("assistant", [text("We added a route.")]),
        # `!cargo test` in the prompt: opencode records the shell run as the user's
        ("user", [text("The following tool was executed by the user", synthetic=True)]),
        ("user", [text("The following tool was executed by the user")]),
        ("assistant", [text("I see the failure.")]),
        ("user", [text("don't use unwrap in handlers, return a Result instead")]),
    ])
    assert [t[3] for t in user_texts(storage)] == ["Add a /health route",
                                                   "don't use unwrap in handlers, return a Result instead"]


def test_gemini_model_context_syncs_are_not_the_conversation(tmp_path):
    def msg(mid: str, kind: str, content, **extra) -> dict:
        return {"id": mid, "timestamp": "2026-09-28T10:00:00.000Z", "type": kind, "content": content, **extra}

    lines = [
        {"sessionId": "7c1f0a3e-5b2d-4e8f-9a61-2d4c8b0e6f13", "projectHash": "f" * 64,
         "startTime": "2026-09-28T10:00:00.000Z", "lastUpdated": "2026-09-28T10:00:00.000Z", "kind": "main"},
        # session start: the preamble arrives only as a sync of the model's context
        {"$set": {"messages": [msg("s0", "user", [{"text": "<session_context>\nThis is the Gemini CLI."}])]}},
        msg("u1", "user", [{"text": "Load events.csv into DuckDB"}, {"text": "<hook_context>team rules</hook_context>"}]),
        msg("g1", "gemini", "Done with pandas."),
        msg("u2", "user", [{"text": "no, use DuckDB's read_csv_auto instead of pandas"}]),
        msg("g2", "gemini", "Switched."),
        msg("i1", "info", "Chat history compressed from 9000 to 1200 tokens."),
        # compression: the model's context becomes a summary under new ids
        {"$set": {"messages": [msg("x1", "user", [{"text": "<state_snapshot>The user said: that's wrong, never use "
                                                           "pandas.</state_snapshot>"}]),
                               msg("x2", "gemini", [{"text": "Got it. Thanks for the additional context!"}])]}},
        {"$rewindTo": "x2"},  # a rewind into the compressed copy: not a wipe of the conversation
        msg("u3", "user", [{"text": "cancel me"}]),
        msg("i2", "info", "Request cancelled."),
        {"$set": {"messages": []}},  # the cancelled turn rolled back in the model's context
        msg("u4", "user", [{"text": "don't write to the prod bucket, use ./out"}]),
    ]
    path = tmp_path / "session-2026-09-28T10-00-7c1f0a3e.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert [(t[0], t[1], t[3]) for t in user_texts(path)] == [
        ("text", 0, "Load events.csv into DuckDB"),
        ("text", 1, "no, use DuckDB's read_csv_auto instead of pandas"),
        ("text", 2, "cancel me"),
        ("interrupt", 3, "[interrupted]"),
        ("text", 4, "don't write to the prod bucket, use ./out"),
    ]
    assert correction_texts(path) == ["no, use DuckDB's read_csv_auto instead of pandas",
                                      "don't write to the prod bucket, use ./out"]


def test_a_session_that_opens_with_a_huge_pasted_image_is_detected_and_listed(tmp_path, isolated_home, git_repo):
    from altimate_learn.capture.sessions import detect_format, discover_sessions

    c = Claude(SID_A)
    c.user([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A" * 6_000_000}},
            {"type": "text", "text": "make the page look like this"}])
    c.assistant("Done.")
    c.user("no, keep the old header instead")
    for line in c.lines:
        line["cwd"] = str(git_repo / "web")
    folder = isolated_home / ".claude" / "projects" / "".join(ch if ch.isalnum() else "-" for ch in str(git_repo / "web"))
    folder.mkdir(parents=True)
    path = c.write(folder)
    assert detect_format(path) == "claude-code"
    assert [s.id for s in discover_sessions(git_repo)] == [SID_A]
    assert correction_texts(path) == ["no, keep the old header instead"]
