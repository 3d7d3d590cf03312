"""Session formats added to the corpus builder after `research/real_sessions_formats.py` reached its size limit,
and the builder's full table of parsers (`PARSERS`: every format of `real_sessions_formats.py` and these).

Formats:
- `claude-code-md`: a Markdown rendering of a Claude Code session (`## User (08:03 UTC)` / `## Assistant (08:03 UTC)`
  or `### User (12:57:21)` headings, tool calls as `- **Used Read** on ...` lines), typed prompts only as for `claude-code` (agent-team
  messages, task notifications, compaction summaries and interruption markers are Claude Code's).
- `cursor-jsonl`: Cursor's agent transcript as Entire commits it (`{"role", "message": {"content": [...]}}` a line):
  what the person typed is inside `<user_query>`; a user turn without one (documentation Cursor attached, an
  accepted plan handed to the agent) holds nothing typed.
- `md-transcript`: a Markdown export with `### Human` / `### Assistant` (or `## User` / `## Assistant`)
  headings.
- `codex-legacy`: a Codex CLI rollout of the first releases (2025, before `session_meta` records: a first line with the
  session's `id`, `timestamp` and `instructions`, then `{"type": "message", "role": "user" | "assistant", "content":
  [{"type": "input_text" | "output_text", "text"}]}` records among `reasoning`, `function_call`, `function_call_output`
  and `{"record_type": "state"}` ones). A `user` message is typed, except the context Codex CLI puts in the user's turn
  itself, each in its own message starting with a tag (`<user_instructions>` with the AGENTS.md text,
  `<environment_context>`, and the IDE extension's open file and tabs before "## My request for Codex:"); an
  `assistant` message is what the agent said. Tool calls and their output are not kept.
- `gemini-jsonl`: a Gemini CLI chat as its later releases write it (`~/.gemini/tmp/<project>/chats/session-*.jsonl`): a
  first line with the session's `sessionId`, `startTime` and `kind`, then one record a message (`{"id", "type": "user" |
  "gemini" | "info" | "error", "content"}`), written again under the same `id` when the message grows (its tool calls and
  results), among `{"$set": ...}` updates of the session's fields. Read as the `gemini` chat document it stands for (the
  last version of each message, in the order the messages came): what is typed and what is not is decided as for `gemini`.
- `qwen`: a Qwen Code chat (`~/.qwen/projects/<project>/chats/<session>.jsonl`; Qwen Code is a fork of Gemini CLI that
  records its chats as Claude Code does, one record a line: `{"uuid", "parentUuid", "sessionId", "timestamp", "type":
  "user" | "assistant" | "tool_result" | "system", "message": {"role", "parts": [...]}}`). A `user` record's `text` parts
  are typed, less what Gemini CLI's code puts there too (the files an `@path` pulled in, "Please continue.", the report of
  a `!command`); an `assistant` record's parts marked `thought` are its reasoning, its other `text` parts what it said
  (its `functionCall`s are not kept); a `tool_result` whose response says "[Operation Cancelled]" is a tool call the person
  refused, an interruption; `system` records (telemetry, compression, slash commands) hold nothing typed.
- `opencode-db`: OpenCode's SQLite store (`~/.local/share/opencode/opencode.db`, with its write-ahead log
  `opencode.db-wal` when that was committed too, as OpenCode keeps recent writes there): the `session`, `message` and `part`
  tables hold what an OpenCode session export holds (`message.data` is the message's `info`, `part.data` a part), and are
  read as `opencode` reads an export: `text` parts of user messages are typed unless OpenCode marked them `synthetic` or
  `ignored`; a subagent's session (`parent_id`) is the agent's own. Nothing else in the store (accounts, credentials,
  permissions, events) is read. It is a binary file, so it is parsed from bytes (`BLOB_PARSERS`), not text. The same
  format name reads the first OpenCode's store (the Go program of 2025, opencode-ai/opencode, since renamed Crush), which
  kept `.opencode/opencode.db` in the project folder: tables `sessions` and `messages`, each message's `parts` a JSON list of
  `{"type", "data"}`; a `user` message's `text` parts are typed, an `assistant` message's `text` parts are what the agent
  said (its `tool_call`s and the `tool` messages holding their results are not kept), a `finish` part with reason
  `canceled` is an interruption, and a session with a `parent_session_id` is one the agent started (its task tool).
- `crush-db`: Crush's store (`.crush/crush.db` in the project folder, with `crush.db-wal`), the first OpenCode's program
  under its new name (charmbracelet/crush): the same `sessions` and `messages` tables, read as the first OpenCode's store
  is; a format of its own only so that its sessions name their agent, `crush`.
"""

from __future__ import annotations

import json
import re
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from research.real_sessions_formats import PARSERS as _FIRST_PARSERS
from research.real_sessions_formats import (_CC_NOT_TYPED, _GEMINI_CONTINUE, _GEMINI_REFERENCED, _GEMINI_SHELL,
                                            _NOT_TYPED, Session, Turn, json_objects, parse_gemini, parse_opencode,
                                            reasoning_summary)


def _words(content: object) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))


def parse_codex_legacy(text: str) -> list[Session]:
    session = Session()
    for obj in json_objects(text):
        if "instructions" in obj and "type" not in obj and session.started is None:
            session.started = obj.get("timestamp") if isinstance(obj.get("timestamp"), str) else None
            continue
        if obj.get("type") == "reasoning":
            session.thought(reasoning_summary(obj))
        if obj.get("type") != "message":
            continue
        words = _words(obj.get("content")).strip()
        if not words:
            continue
        if obj.get("role") == "user":
            if "## My request for Codex:" in words:  # the Codex IDE extension's context (open file, tabs) comes first
                words = words.split("## My request for Codex:", 1)[1].strip()
            if words and not words.startswith("<"):  # <user_instructions>, <environment_context>: Codex CLI's own context
                session.turns.append(Turn("user", words))
        elif obj.get("role") == "assistant":
            session.said(words)
    return [session]


def parse_gemini_jsonl(text: str) -> list[Session]:
    header: dict = {}
    messages: dict[str, dict] = {}  # by id, in the order the messages came; a later record of a message replaces it
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        if "sessionId" in obj and "type" not in obj:
            header = obj
        elif isinstance(obj.get("id"), str) and "type" in obj:
            messages[obj["id"]] = obj
    if not header and not messages:
        return []
    document = {"kind": header.get("kind"), "startTime": header.get("startTime"), "messages": list(messages.values())}
    return parse_gemini(json.dumps(document))


def parse_opencode_db(read: Callable[[str], bytes | None]) -> list[Session]:
    """``read("")``: the database's bytes; ``read("-wal")``: its write-ahead log's, or None when it was not committed.
    One session a root session of the store (in the order they were created), read as an OpenCode export."""
    data = read("")
    if not data:
        return []
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "opencode.db"
        database.write_bytes(data)
        wal = read("-wal")
        if wal:
            (Path(folder) / "opencode.db-wal").write_bytes(wal)
        try:
            connection = sqlite3.connect(database)
            try:
                return _opencode_sessions(connection)
            finally:
                connection.close()
        except sqlite3.DatabaseError:
            return []


def _opencode_sessions(connection: sqlite3.Connection) -> list[Session]:
    tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "sessions" in tables and "messages" in tables:
        return _first_opencode_sessions(connection)
    out: list[Session] = []
    rows = connection.execute("SELECT id, parent_id, time_created FROM session ORDER BY time_created, id").fetchall()
    for session_id, parent_id, created in rows:
        messages = []
        for message_id, data in connection.execute(
                "SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id", (session_id,)):
            parts = [json.loads(p) for (p,) in connection.execute(
                "SELECT data FROM part WHERE message_id = ? ORDER BY id", (message_id,))]
            messages.append({"info": json.loads(data), "parts": parts})
        info = {"id": session_id, "parentID": parent_id, "time": {"created": created}}
        out.extend(parse_opencode(json.dumps({"info": info, "messages": messages})))
    return out


def _first_opencode_sessions(connection: sqlite3.Connection) -> list[Session]:
    out: list[Session] = []
    rows = connection.execute("SELECT id, created_at FROM sessions WHERE parent_session_id IS NULL OR parent_session_id = ''"
                              " ORDER BY created_at, id").fetchall()
    for session_id, created in rows:
        session = Session(started=str(created) if created is not None else None)
        for role, parts_json, model in connection.execute(
                "SELECT role, parts, model FROM messages WHERE session_id = ? ORDER BY created_at, rowid", (session_id,)):
            try:
                parts = [p for p in json.loads(parts_json or "[]") if isinstance(p, dict)]
            except ValueError:
                continue
            texts = "\n".join(str((p.get("data") or {}).get("text") or "") for p in parts if p.get("type") == "text").strip()
            if role == "user" and texts:
                session.turns.append(Turn("user", texts))
            elif role == "assistant":
                session.model = session.model or model or None
                for part in parts:
                    if part.get("type") == "reasoning":
                        session.thought(str((part.get("data") or {}).get("thinking") or ""))
                if texts:
                    session.said(texts)
                if any(p.get("type") == "finish" and (p.get("data") or {}).get("reason") == "canceled" for p in parts):
                    session.turns.append(Turn("interrupt", ""))
        out.append(session)
    return out


# -- Markdown transcripts -------------------------------------------------------------------------------

_MD_HEADER = re.compile(r"^#{2,3}\s+(Human|User|Assistant|Claude)\s*$", re.M | re.I)


def parse_md_transcript(text: str) -> list[Session]:
    session = Session()
    heads = list(_MD_HEADER.finditer(text))
    for i, match in enumerate(heads):
        body = text[match.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        body = re.sub(r"^\*\d{4}-\d{2}-\d{2}[^*]*\*\s*$", "", body, flags=re.M)
        body = re.sub(r"^\s*---\s*$", "", body, flags=re.M).strip()
        role = "user" if match.group(1).lower() in ("human", "user") else "assistant"
        if role == "user":
            if body.startswith("<details>") or _CC_NOT_TYPED.match(body) or not body:
                continue
            if "[Request interrupted by user" in body:
                session.turns.append(Turn("interrupt", ""))
                continue
        else:
            body = re.sub(r"^\*\*Tool: .*$", "", body, flags=re.M).strip()
            if body:
                session.said(body)
            continue
        session.turns.append(Turn(role, body))
    return [session]


_CC_MD_HEADER = re.compile(r"^#{2,3} (User|Assistant) \(\d{1,2}:\d{2}(?::\d{2})?(?: UTC)?\)\s*$", re.M)


def parse_claude_code_md(text: str) -> list[Session]:
    """A Claude Code session rendered as Markdown, one `## User (HH:MM UTC)` or `### Assistant (HH:MM:SS)` heading
    a turn. A user turn is typed unless Claude Code wrote it (see `_CC_NOT_TYPED` and `_NOT_TYPED`)."""
    session = Session()
    model = re.search(r"^\| Model \| ([^|]+?) \|", text, re.M)
    session.model = model.group(1).strip() if model else None
    started = re.search(r"^\| Date \| ([^|]+?) \|", text, re.M)
    session.started = started.group(1).strip() if started else None
    heads = list(_CC_MD_HEADER.finditer(text))
    for i, match in enumerate(heads):
        body = text[match.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)].strip()
        if match.group(1) == "User":
            if "[Request interrupted by user" in body:
                session.turns.append(Turn("interrupt", ""))
                body = re.sub(r"\[Request interrupted by user[^\]]*\]", "", body).strip()
            if body and not _CC_NOT_TYPED.match(body) and not _NOT_TYPED.search(body):
                session.turns.append(Turn("user", body))
        else:
            body = re.sub(r"^- \*\*Used \w+\*\*.*$", "", body, flags=re.M)
            body = re.sub(r"^\s*---\s*$", "", body, flags=re.M).strip()
            if body:
                session.said(body)
    return [session]


_USER_QUERY = re.compile(r"<user_query>\s*(.*?)\s*</user_query>", re.S)


def parse_cursor_jsonl(text: str) -> list[Session]:
    """Cursor's agent transcript: typed text is what `<user_query>` holds (Cursor wraps the person's words in it
    and puts attached files, selections, images and documentation around it); `assistant` text blocks are what
    the agent said."""
    session = Session()
    for obj in json_objects(text):
        if not isinstance(obj.get("message"), dict):
            continue
        blocks = obj["message"].get("content")
        if isinstance(blocks, str):
            blocks = [{"type": "text", "text": blocks}]
        words = "\n".join(str(b.get("text") or "") for b in blocks or [] if isinstance(b, dict) and b.get("type") == "text")
        if obj.get("role") == "user":
            typed = "\n".join(q.strip() for q in _USER_QUERY.findall(words)).strip()
            if typed and not _NOT_TYPED.search(typed):
                session.turns.append(Turn("user", typed))
        elif obj.get("role") == "assistant" and words.strip():
            session.said(words.strip())
    return [session]


def parse_qwen(text: str) -> list[Session]:
    session = Session()
    for obj in json_objects(text):
        kind = obj.get("type")
        message = obj.get("message") if isinstance(obj.get("message"), dict) else {}
        parts = [p for p in message.get("parts") or [] if isinstance(p, dict)]
        if session.started is None and isinstance(obj.get("timestamp"), str):
            session.started = obj["timestamp"]
        if kind == "user":
            typed = _GEMINI_REFERENCED.sub("", "".join(str(p.get("text") or "") for p in parts if not p.get("thought")))
            typed = typed.strip()
            if typed and typed != _GEMINI_CONTINUE and not _GEMINI_SHELL.match(typed) and not _NOT_TYPED.search(typed):
                session.turns.append(Turn("user", typed))
        elif kind == "assistant":
            session.model = session.model or (obj.get("model") if isinstance(obj.get("model"), str) else None)
            for part in parts:
                if part.get("thought") and isinstance(part.get("text"), str):
                    session.thought(part["text"])
            words = "".join(str(p.get("text") or "") for p in parts if not p.get("thought")).strip()
            if words:
                session.said(words)
        elif kind == "tool_result":
            if "[Operation Cancelled]" in json.dumps([p.get("functionResponse") for p in parts], ensure_ascii=False):
                session.turns.append(Turn("interrupt", ""))
    return [session]


PARSERS = {**_FIRST_PARSERS, "codex-legacy": parse_codex_legacy, "gemini-jsonl": parse_gemini_jsonl,
           "md-transcript": parse_md_transcript, "claude-code-md": parse_claude_code_md, "cursor-jsonl": parse_cursor_jsonl, "qwen": parse_qwen}
# Formats read from bytes: each parser takes `read(suffix)`, the bytes of the file (suffix "") or of a file committed next
# to it (its path plus the suffix), None when there is none.
BLOB_PARSERS = {"opencode-db": parse_opencode_db, "crush-db": parse_opencode_db}
# The agent behind each format added here.
AGENTS = {"codex-legacy": "codex", "gemini-jsonl": "gemini-cli", "opencode-db": "opencode", "crush-db": "crush",
          "qwen": "qwen-code"}
