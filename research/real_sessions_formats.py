"""The session formats `research/real_sessions_build.py` reads: one parser a format, each returning the
sessions in a file as turns (what the person typed, what the agent answered, interruptions). Only what a
person typed becomes a `user` turn: text a harness, a hook, a button or the agent put in the user's turn
is dropped here or marked by the labels as `untyped`.

The agent's reasoning is kept with the typed message it followed, up to and with the agent's first words after it
(`Session.thought`), where a format keeps it: Claude Code's `thinking` blocks (empty and redacted ones hold no text),
Codex's reasoning summaries (`agent_reasoning` events, or the `reasoning` items' `summary` in rollouts without those
events; never the encrypted content), Gemini CLI's `thoughts` (subject and description) and a checkpoint's `thought`
parts, OpenCode's `reasoning` parts, Antigravity's `thinking`, SpecStory's "Thought Process" (`<think>`) sections and
the `<think>` sections of a reasoning model in aider (which aider also shows in the answer, and which stay there).

Formats (the Markdown renderings and Cursor's transcript are read in `research/real_sessions_formats_more.py`):
- `aider`: `.aider.chat.history.md` (`#### ` lines are typed input; `> ` lines are aider's console), with the
  `.aider.input.history` committed beside it where there is one. Sessions started with `--message` (a script drove
  aider), aider's own prompts ("Fix any errors below") and its confirmation prompts logged with their answer ("Add
  file to the chat? (Y)es/(N)o … [Yes]: all") are skipped; `/ask X` is logged twice by aider, once with
  the command, and kept once; the model's own `####` headings stay in its answer (see `parse_aider`).
- `specstory`: SpecStory exports (`.specstory/history/*.md`) of Cursor, GitHub Copilot Chat and Claude Code
  sessions (`_**User**_` / `_**Assistant**_` / `_**Agent (model)**_` headers).
- `claude-code`: Claude Code's own JSONL transcript (typed prompts only: tool results, command caveats,
  hook output, compaction summaries, interruption markers and the accepted plan handed to a fresh context
  are not the user's words), also as Entire (entire.io) commits it (`.entire/metadata/<id>/full.jsonl` and the
  `<xx>/<id>/<n>/full.jsonl` checkpoints of its `entire/checkpoints/v1` branch).
- `claude-code-flat`: a flattened export of a Claude Code session (one `{"role", "content": {"type", "text"}}`
  block a line), typed prompts only as above.
- Claude Code run by Conductor (a Mac app of parallel workspaces): its `<system_instruction>` blocks in the person's
  turn are not typed; a diff comment it hands on inside a `<system-instruction>` block (`User comment: "…"`) is,
  as `capture.sessions.claude.conductor_words` reads them.
- `codex`: Codex CLI or Codex Desktop rollout JSONL, also as Entire commits it (`event_msg` `user_message`
  records are typed input; Codex Desktop's list of attached files before "My request for Codex:" is not). A
  sub-agent's rollout (`session_meta` `source.subagent` or `thread_source: "subagent"`: Codex's approval reviewer,
  "guardian", which is sent the session's history to judge each action, or an agent the session spawned) holds
  nothing the parent agent sent it as typed (its task, its follow-ups); what a person typed into the sub-agent's
  thread in the IDE extension, which wraps it in its context ("# Context from my IDE setup:" … "## My request for
  Codex:"), is typed, as the product's reader has it (`capture.sessions.codex.typed_in_ide`).
- `antigravity`: Google Antigravity's step export (`USER_INPUT` / `PLANNER_RESPONSE` records).
- `opencode`: an OpenCode session export (`{"info", "messages": [{"info": {"role"}, "parts": [...]}]}`), as Entire
  commits it: `text` parts of user messages are typed unless OpenCode marked them `synthetic` or `ignored` (its
  "Summarize the task tool output above" after a subtask); a subagent's session (`info.parentID`) is the agent's own.
- `gemini`: a Gemini CLI chat (`~/.gemini/tmp/<project>/chats/session-*.json`: `{"sessionId", "messages": [{"type":
  "user" | "gemini" | "info" | "error", "content"}]}`): a `user` message is typed (its `displayContent` when Gemini CLI
  kept what the person saw apart from what it expanded), less the files an `@path` reference pulled in and the
  `<system_note>` Gemini CLI adds when an agent is picked, and not the "Please continue." it sends by itself when it
  decides the model should go on, or the report of a `!command` run in its shell mode ("I ran the following shell
  command: ..."); "Request cancelled." is an interruption; a subagent's chat
  (`"kind": "subagent"`, also the skill extraction Gemini CLI runs itself) holds nothing typed. Qwen Code, a fork of
  Gemini CLI, wrote its chats in this form before its JSONL ones (`~/.qwen/tmp/<project>/chats/session-*.json`), with
  its answers typed `qwen`: read the same, their agent `qwen-code`.
- `gemini-checkpoint`: a Gemini CLI conversation saved with `/chat save TAG` (`checkpoint-TAG.json`: a list of
  `{"role": "user" | "model", "parts": [...]}`): `text` parts of a `user` entry are typed, except the context Gemini CLI
  sets up first ("This is the Gemini CLI. We are setting up the context for our chat.", earlier "Okay, just setting
  up the context for our chat.") and the files an `@path`
  pulled in; `functionResponse` parts are tool results ("[Operation Cancelled]" there: the person refused the tool
  call, an interruption); `model` `text` parts that are not thoughts are what the agent said.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field


@dataclass
class Turn:
    role: str  # "user", "assistant", "interrupt"
    text: str
    # On a typed message: the reasoning the agent wrote after it, up to and with its first words (Claude Code's
    # `thinking` blocks, Codex's reasoning summaries, Gemini CLI's thoughts, OpenCode's reasoning parts, SpecStory's
    # "Thought Process", a `<think>` section).
    thinking: list[str] = field(default_factory=list)


@dataclass
class Session:
    turns: list[Turn] = field(default_factory=list)
    model: str | None = None
    started: str | None = None
    agent: str | None = None  # the coding agent behind an export (SpecStory records several)

    def said(self, text: str) -> None:
        """What the agent said: a new answer, or more of the answer it is still giving."""
        if self.turns and self.turns[-1].role == "assistant":
            self.turns[-1].text += "\n\n" + text
        else:
            self.turns.append(Turn("assistant", text))

    def thought(self, text: str) -> None:
        """Reasoning the agent wrote: kept with the typed message it followed while the agent has said nothing since
        (call it before `said` for the words in the same message); empty reasoning is not kept."""
        if not text.strip():
            return
        for turn in reversed(self.turns):
            if turn.role == "assistant":
                return
            if turn.role == "user":
                turn.thinking.append(text.strip())
                return


def json_objects(text: str):
    """The JSON objects of a JSON Lines file, one a line (other lines, torn or not objects, are passed over)."""
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            yield obj


def squeeze(text: str) -> str:
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


# -- aider -----------------------------------------------------------------------------------------------

_AIDER_START = re.compile(r"^# aider chat started at (.+)$", re.M)
_THINK = re.compile(r"<think>(.*?)</think>", re.S | re.I)
_AIDER_MODE = re.compile(r"^/(ask|code|architect|context|help|chat-mode\s+\w+)\s+(.+)$", re.S)


# The model's own `####` headings, which aider logs like input (review38 R38-12; the product's reader,
# altimate_learn/capture/sessions/aider.py, tells them the same way): where the file kept aider's hard line breaks (two
# trailing spaces on every input line; judged over the whole file), a `####` line without them is the answer's; a
# `####` message right after the answer's text (no console line between) is the answer's where the input history
# committed beside the file (`.aider.input.history`, every input aider read) holds inputs of the run's time span but
# none of the message's lines, and, without such inputs or hard line breaks, where the file shows aider's console
# between an answer and the next input elsewhere. A heading stays in the answer it belongs to.
_AIDER_INPUT_TIME = re.compile(r"^# (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})")


def _aider_key(line: str) -> str:
    return " ".join(line.split())


def _aider_inputs(text: str) -> list[tuple[str, list[str]]]:
    """The inputs of an `.aider.input.history`, by time: (time to the second, lines as typed, a mode command's
    argument's lines too)."""
    entries: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        stamp = _AIDER_INPUT_TIME.match(line)
        if stamp:
            entries.append((stamp.group(1), []))
        elif line.startswith("+") and entries:
            entries[-1][1].append(line[1:])
    for _stamp, lines in entries:
        mode = _AIDER_MODE.match("\n".join(lines).strip())
        if mode:
            lines += mode.group(2).splitlines()
    return sorted(entries, key=lambda entry: entry[0])


def _aider_kind(line: str) -> str:
    if line.startswith("#### ") or line == "####":
        return "input"
    if line.startswith("> ") or line == ">":
        return "console"
    return "text" if line.strip() else "blank"


# the product reader's own record of the last line's kind, what aider itself puts in the person's turn ("Fix any errors
# below", "Find the \"AI\" comments below") and its confirmation prompt (aider logs "Add file to the chat? (Y)es/(N)o …
# [Yes]: all" as input): the corpus reads aider's headings and prompts as `learn capture` does
from altimate_learn.capture.sessions.aider import _AUTO as _AIDER_AUTO  # noqa: E402
from altimate_learn.capture.sessions.aider import _CONFIRM as _AIDER_CONFIRM  # noqa: E402
from altimate_learn.capture.sessions.aider import LineKinds as _AiderKinds  # noqa: E402


def parse_aider(text: str, inputs: str | None = None) -> list[Session]:
    """The sessions of an aider chat history; ``inputs``: the `.aider.input.history` committed beside it, if any."""
    sessions: list[Session] = []
    starts = list(_AIDER_START.finditer(text))
    typed_inputs = _aider_inputs(inputs) if inputs else []
    input_times = [stamp for stamp, _ in typed_inputs]
    marked = [line for line in text.splitlines() if line.startswith("#### ") or line == "####"]
    broken = sum(line.endswith("  ") for line in marked)
    hard_breaks = broken >= 3 and broken >= 2 * (len(marked) - broken)
    kinds = _AiderKinds()
    console_between = False  # an input line right after aider's console, after an answer's text
    for line in text.splitlines():
        kind = "start" if _AIDER_START.match(line) else _aider_kind(line)
        if kind == "start":
            kinds = _AiderKinds()
            continue
        if kind == "input" and kinds.last == "console" and kinds.before_console == "answer":
            console_between = True
        kinds.see(kind)
    for i, match in enumerate(starts):
        body = text[match.end(): starts[i + 1].start() if i + 1 < len(starts) else len(text)]
        preamble = body.split("\n#### ", 1)[0]
        if re.search(r"^> .*?(?:^|\s)(?:--message(?:-file)?|-m)\s", preamble, re.M):
            continue  # a script drove this session
        session = Session(started=match.group(1).strip())
        model = re.search(r"^> Model: (\S+)", body, re.M)
        session.model = model.group(1) if model else None
        begin = session.started[:19]
        end = starts[i + 1].group(1).strip()[:19] if i + 1 < len(starts) else None
        window = [lines for stamp, lines in typed_inputs
                  if stamp >= begin and (end is None or stamp < end)] if input_times else []
        run_lines = {_aider_key(line) for lines in window for line in lines} if window else None
        user: list[str] = []
        logged: list[str] = []  # the `####` lines of `user` as logged
        assistant: list[str] = []
        pending_mode: str | None = None
        run_kinds = _AiderKinds()
        after_answer = False

        def heading(message: str) -> bool:
            """A message that would count as typed, though nothing of it was: a heading of the model's answer."""
            if not after_answer or _AIDER_MODE.match(message) or message.startswith("/") or not message:
                return False
            if _AIDER_AUTO.match(message) or message == "<blank>" or ("\n" not in message and _AIDER_CONFIRM.search(message)):
                return False
            current = "\n".join(assistant).strip() or next(
                (t.text for t in reversed(session.turns) if t.role == "assistant"), "")
            if current and squeeze(message)[:200] in squeeze(current):
                return False  # architect mode's hand-off: dropped below
            if run_lines is not None:
                return not any(_aider_key(line) in run_lines for line in message.splitlines() if _aider_key(line))
            return not hard_breaks and console_between

        def flush_user() -> None:
            nonlocal pending_mode
            if not user:
                return
            message = "\n".join(user).strip()
            lines = list(logged)
            user.clear()
            logged.clear()
            if heading(message):
                assistant.extend(lines)  # back into the answer it belongs to, which goes on
                return
            flush_assistant()
            mode = _AIDER_MODE.match(message)
            if mode:
                pending_mode = mode.group(2).strip()
                return
            if pending_mode is not None and message.strip() != pending_mode:
                session.turns.append(Turn("user", pending_mode))
            pending_mode = None
            if message.startswith("/") or _AIDER_AUTO.match(message) or not message or message == "<blank>":
                return
            if "\n" not in message and _AIDER_CONFIRM.search(message):
                return  # one of aider's confirmation prompts with its answer ("… (Y)es/(N)o … [Yes]: all")
            previous = next((t.text for t in reversed(session.turns) if t.role == "assistant"), "")
            if previous and squeeze(message)[:200] in squeeze(previous):
                return  # architect mode hands its own answer to the editor model as a "user" message
            session.turns.append(Turn("user", message))

        def flush_assistant() -> None:
            content = "\n".join(assistant).strip()
            assistant.clear()
            for reasoning in _THINK.findall(content):  # a reasoning model's <think> section (kept in the answer too)
                session.thought(reasoning)
            if content:
                session.turns.append(Turn("assistant", content))

        for line in body.splitlines():
            if (line.startswith("#### ") or line == "####") and (not hard_breaks or line.endswith("  ")):
                if not user:
                    after_answer = run_kinds.last == "answer"
                user.append(line[5:].rstrip())
                logged.append(line)
                run_kinds.see("input")
            elif line.startswith("> ") or line == ">":
                flush_user()
                run_kinds.see("console")
                if "^C KeyboardInterrupt" in line:
                    session.turns.append(Turn("interrupt", ""))
            else:
                flush_user()
                run_kinds.see("text" if line.strip() else "blank")
                assistant.append(line)
        flush_user()
        if pending_mode:
            session.turns.append(Turn("user", pending_mode))
        flush_assistant()
        sessions.append(session)
    return sessions


# -- SpecStory ------------------------------------------------------------------------------------------

_SPEC_HEADER = re.compile(r"^_\*\*(User|Assistant|Agent)\b([^*]*)\*\*_\s*$", re.M)
_SPEC_NOISE = re.compile(
    r"<(tool-use|think|details|summary|user_query|attached_files|additional_data|cursor_commands|"
    r"system-reminder|command-name|command-message|command-args|local-command-stdout)\b[^>]*>|"
    r"</(tool-use|think|details|summary|user_query|attached_files|additional_data|system-reminder)>",
    re.I)


def _spec_user(text: str) -> str:
    text = re.sub(r"<(details|tool-use|think)\b.*?</\1>", "", text, flags=re.S | re.I)
    text = re.sub(r"<(attached_files|additional_data|system-reminder)\b.*?</\1>", "", text, flags=re.S | re.I)
    text = _SPEC_NOISE.sub("", text)
    text = re.sub(r"^\s*---\s*$", "", text, flags=re.M)
    return text.strip()


_SPEC_THINK = re.compile(r"<think\b[^>]*>(.*?)</think>", re.S | re.I)


def _spec_thinking(text: str) -> list[str]:
    """The "Thought Process" sections of an agent's turn that come before its first words."""
    out = []
    for match in _SPEC_THINK.finditer(text):
        if _spec_assistant(text[:match.start()]):
            break
        inner = re.sub(r"<summary>\s*Thought Process\s*</summary>|</?(?:details|summary)\b[^>]*>", "", match.group(1))
        out.append(inner.strip())
    return out


def _spec_assistant(text: str) -> str:
    text = re.sub(r"<(think|details|tool-use)\b.*?</\1>", "", text, flags=re.S | re.I)
    text = re.sub(r"^(?:Read file|Tool use|Edit file|Grep search|Listed directory|Searched|Model provided|"
                  r"Cancelled|Command \w+|The model made no changes|Thought for|## Todo List).*$", "", text,
                  flags=re.M)
    text = re.sub(r"^\s*-\s\[[ x-]\]\s.*$", "", text, flags=re.M)
    text = re.sub(r"^\s*---\s*$", "", text, flags=re.M)
    return text.strip()


# What a harness, a button or a script put in the user's turn (not typed by the person).
_NOT_TYPED = re.compile(
    r"<(?:command-name|command-message|local-command-stdout|local-command-caveat|system_notification|"
    r"task-notification|system-reminder|bash-stdout|bash-stderr|user-prompt-submit-hook)>|"
    r"^@agent Continue|^Caveat: The messages below|^This session is being continued from a previous|"
    r"^Set (?:effort|model) |^Base directory for this skill:|^\s*(?:Implement the plan as specified, it is attached)|"
    r"<teammate-message\b|\AImplement the following plan:", re.I | re.M)


# The session comment SpecStory writes under the title names the tool it recorded: `<!-- Cursor IDE Session <id> (…) -->`
# (also `cursoride`, `cursor`; `Cursor CLI`), `copilotide`, `VS Code Copilot IDE`, `Claude Code` (also with another
# vendor's model in the headers), `Codex CLI`, `Gemini CLI`; `vscode`, which its VS Code extension wrote, names no agent.
_SPEC_SESSION = re.compile(r"^<!-- (.+?) Session \S+ \(", re.M)
_SPEC_TOOLS = (("codex", "codex"), ("claude", "claude-code"), ("cursor", "cursor"), ("copilot", "copilot-chat"),
               ("gemini", "gemini-cli"), ("antigravity", "antigravity"))


def specstory_agent(text: str) -> str:
    """Which agent a SpecStory export came from: the tool SpecStory's session comment names (a Cursor session's
    headers may name a Claude model with a time, `_**Agent (claude-4.5-sonnet-thinking 2026-01-20 20:07:44Z)**_`,
    as SpecStory's Claude Code exports do), else the assistant headers; `unknown` where neither says (headers that
    name only a model, `_**Agent (claude-sonnet-4)**_`, are written for Cursor and Claude Code alike)."""
    comment = _SPEC_SESSION.search(text)
    tool = comment.group(1).lower() if comment else ""
    for word, agent in _SPEC_TOOLS:
        if word in tool:
            return agent
    heads = " ".join(m.group(2) for m in _SPEC_HEADER.finditer(text) if m.group(1) != "User")
    if "copilot" in heads.lower():
        return "copilot-chat"
    if re.search(r"\(model [^)]*mode \w+\)|composer|\(default\)", heads) or not heads.strip():
        return "cursor"
    if re.search(r"claude-[\w.-]+ \d{4}-|<synthetic>", heads):
        return "claude-code"
    return "unknown"


def parse_specstory(text: str) -> list[Session]:
    session = Session()
    title = re.search(r"^# .*\((\d{4}-\d{2}-\d{2}[^)]*)\)\s*$", text, re.M)
    session.started = title.group(1) if title else None
    heads = list(_SPEC_HEADER.finditer(text))
    session.agent = specstory_agent(text)
    for i, match in enumerate(heads):
        body = text[match.end(): heads[i + 1].start() if i + 1 < len(heads) else len(text)]
        role = match.group(1)
        if role == "User":
            if _NOT_TYPED.search(body):
                continue
            content = _spec_user(body)
            if "## My request for Codex:" in content:  # Codex's IDE context (open file, selection, tabs) comes first
                content = content.split("## My request for Codex:", 1)[1].strip()
            if "[Request interrupted by user" in content:
                session.turns.append(Turn("interrupt", ""))
                content = re.sub(r"\[Request interrupted by user[^\]]*\]", "", content).strip()
            if content and not _NOT_TYPED.search(content):
                session.turns.append(Turn("user", content))
        else:
            if session.model is None:
                model = re.search(r"\(([^)]+)\)", match.group(2) or "")
                session.model = model.group(1).replace("model ", "").split(" 20")[0] if model else None
            for reasoning in _spec_thinking(body):
                session.thought(reasoning)
            content = _spec_assistant(body)
            if content:
                session.said(content)
    return [session]


# -- Claude Code JSONL ----------------------------------------------------------------------------------

_CC_NOT_TYPED = re.compile(r"^\s*(?:<(?:command-name|command-message|local-command-stdout|local-command-caveat|"
                           r"system-reminder|user-prompt-submit-hook|bash-input|bash-stdout)|Caveat: The messages below|"
                           r"This session is being continued from a previous conversation)", re.I)


# What Conductor (a Mac app running Claude Code in parallel workspaces) writes into the person's turn, read as `learn
# capture` reads it: its `<system_instruction>` blocks are not typed, a diff comment it hands on is
from altimate_learn.capture.sessions.claude import conductor_words as _conductor_words  # noqa: E402
from altimate_learn.capture.sessions.codex import is_boilerplate as _codex_boilerplate  # noqa: E402
from altimate_learn.capture.sessions.codex import typed_in_ide  # noqa: E402


def parse_claude_code(text: str) -> list[Session]:
    session = Session()
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict) or obj.get("isSidechain") or obj.get("isMeta"):
            continue
        message = obj.get("message") if isinstance(obj.get("message"), dict) else {}
        if session.started is None and isinstance(obj.get("timestamp"), str):
            session.started = obj["timestamp"]
        if obj.get("type") == "user":
            content = message.get("content")
            if isinstance(content, list):
                if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
                    texts = [b.get("content") for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]
                    if any(isinstance(t, str) and "interrupted by user" in t for t in texts):
                        session.turns.append(Turn("interrupt", ""))
                    continue
                content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")
            if not isinstance(content, str) or not content.strip():
                continue
            if "[Request interrupted by user" in content:
                session.turns.append(Turn("interrupt", ""))
                continue
            if _CC_NOT_TYPED.match(content) or _NOT_TYPED.search(content) or obj.get("isCompactSummary"):
                continue
            if obj.get("planContent") or content.startswith("Implement the following plan:"):
                continue  # the plan Claude Code hands to a fresh context when the person accepts it, not typed
            if "<system_instruction>" in content or "<system-instruction>" in content:
                content = _conductor_words(content)
                if not content:
                    continue
            session.turns.append(Turn("user", content.strip()))
        elif obj.get("type") == "assistant":
            session.model = session.model or message.get("model")
            parts = message.get("content")
            if isinstance(parts, list):
                for block in parts:  # empty and redacted thinking blocks hold no text
                    if isinstance(block, dict) and block.get("type") == "thinking":
                        session.thought(str(block.get("thinking") or ""))
                words = "\n".join(b.get("text", "") for b in parts if isinstance(b, dict) and b.get("type") == "text")
                if words.strip():
                    session.said(words.strip())
    return [session]


def parse_claude_code_flat(text: str) -> list[Session]:
    """A flattened export of a Claude Code session, one block a line: `{"timestamp", "role": "user" |
    "assistant" | "tool", "content": {"type": "text" | "thinking" | "tool_use" | "tool_result", ...}}`. Only
    `user` text blocks are typed (and not all of them: compaction summaries, task notifications, command
    caveats and interruption markers are Claude Code's); `assistant` text blocks are what the agent said."""
    session = Session()
    for obj in json_objects(text):
        if not isinstance(obj.get("content"), dict):
            continue
        block = obj["content"]
        session.started = session.started or obj.get("timestamp")
        if obj.get("role") == "assistant" and block.get("type") == "thinking":
            session.thought(str(block.get("thinking") or ""))
        words = block.get("text") if block.get("type") == "text" else None
        if not isinstance(words, str) or not words.strip():
            continue
        if obj.get("role") == "user":
            if "[Request interrupted by user" in words:
                session.turns.append(Turn("interrupt", ""))
                continue
            if _CC_NOT_TYPED.match(words) or _NOT_TYPED.search(words):
                continue
            session.turns.append(Turn("user", words.strip()))
        elif obj.get("role") == "assistant":
            session.said(words.strip())
    return [session]


# -- Codex rollout --------------------------------------------------------------------------------------

def parse_codex(text: str) -> list[Session]:
    session = Session()
    subagent = False
    # The reasoning summaries: as `agent_reasoning` events where the rollout records events for them, else the
    # `reasoning` items themselves (each summary is in both in the rollouts that have the events).
    events = '"agent_reasoning"' in text
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        payload = obj.get("payload") if isinstance(obj, dict) else None
        if not isinstance(payload, dict):
            continue
        if obj.get("type") == "session_meta":
            session.started = payload.get("timestamp")
            source = payload.get("source")
            # a sub-agent's rollout (Codex's approval reviewer, a spawned agent): the parent agent wrote its prompts,
            # except what a person typed into the sub-agent's thread in the IDE extension, which wraps it in its context
            subagent = (isinstance(source, dict) and "subagent" in source) or payload.get("thread_source") == "subagent"
        elif obj.get("type") == "turn_context":
            session.model = session.model or payload.get("model")
        elif obj.get("type") == "event_msg" and payload.get("type") == "user_message":
            message = payload.get("message")
            if subagent and not (isinstance(message, str) and typed_in_ide(message)):
                continue
            if isinstance(message, str) and "## My request for Codex:" in message:
                message = message.split("## My request for Codex:", 1)[1]  # Codex Desktop's file list before it
            # what Codex writes in the person's turn itself (`<environment_context>`, `<turn_aborted>`, a
            # `<snake_case>` block), as the product's reader has it; a typed message that opens with pasted markup is typed
            if isinstance(message, str) and message.strip() and not _codex_boilerplate(message):
                session.turns.append(Turn("user", message.strip()))
        elif obj.get("type") == "event_msg" and payload.get("type") == "agent_message":
            message = payload.get("message")
            if isinstance(message, str) and message.strip():
                session.turns.append(Turn("assistant", message.strip()))
        elif obj.get("type") == "event_msg" and payload.get("type") == "turn_aborted":
            session.turns.append(Turn("interrupt", ""))
        elif events and obj.get("type") == "event_msg" and payload.get("type") == "agent_reasoning":
            session.thought(str(payload.get("text") or ""))
        elif not events and obj.get("type") == "response_item" and payload.get("type") == "reasoning":
            session.thought(reasoning_summary(payload))
    if subagent and not any(turn.role == "user" for turn in session.turns):
        return []
    return [session]


def reasoning_summary(item: dict) -> str:
    """The summary text of a Codex `reasoning` item (its encrypted content is not readable, and not read)."""
    summary = item.get("summary")
    return "\n\n".join(str(s.get("text") or "") for s in summary if isinstance(s, dict)) if isinstance(summary, list) else ""


# -- Antigravity trajectory ---------------------------------------------------------------------------

def parse_antigravity(text: str) -> list[Session]:
    """Google Antigravity's exported steps: `USER_INPUT` from `USER_EXPLICIT` is typed (inside
    `<USER_REQUEST>`), `PLANNER_RESPONSE` `content` is what the agent said."""
    session = Session()
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        session.started = session.started or obj.get("created_at")
        if obj.get("type") == "USER_INPUT" and obj.get("source") == "USER_EXPLICIT":
            content = str(obj.get("content") or "")
            match = re.search(r"<USER_REQUEST>(.*?)</USER_REQUEST>", content, re.S)
            typed = (match.group(1) if match else content).strip()
            if typed:
                session.turns.append(Turn("user", typed))
        elif obj.get("type") == "PLANNER_RESPONSE":
            if isinstance(obj.get("thinking"), str):
                session.thought(obj["thinking"])
            if isinstance(obj.get("content"), str) and obj["content"].strip():
                session.said(obj["content"].strip())
    return [session]


# -- OpenCode session export -------------------------------------------------------------------------

# Entire (entire.io) replaces a secret in a transcript it commits by the word REDACTED, and inside a JSON string that
# can leave the backslash of an escape the secret began with right before it (`"KEY=\REDACTED\REDACTED"`): the
# document is then no valid JSON. A lone backslash before REDACTED is dropped and the text read again.
_ENTIRE_REDACTED_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\(?=REDACTED)")


def _document_with_messages(text: str) -> dict | None:
    """One JSON document with a `messages` list (an OpenCode export, a Gemini CLI chat), or None."""
    try:
        document = json.loads(text)
    except ValueError:
        try:
            document = json.loads(_ENTIRE_REDACTED_ESCAPE.sub(r"\1", text))
        except ValueError:
            return None
    return document if isinstance(document, dict) and isinstance(document.get("messages"), list) else None


def parse_opencode(text: str) -> list[Session]:
    """OpenCode's exported session (one JSON document): typed text parts of user messages, text parts of the
    agent's answers, an aborted answer as an interruption. A subagent's session (its `info.parentID` names the
    session that spawned it) holds only prompts the agent wrote: nothing in it is typed."""
    document = _document_with_messages(text)
    if document is None:
        return []
    info = document.get("info") if isinstance(document.get("info"), dict) else {}
    if info.get("parentID"):
        return []
    session = Session()
    created = (info.get("time") or {}).get("created") if isinstance(info.get("time"), dict) else None
    session.started = str(created) if created is not None else None
    for message in document["messages"]:
        if not isinstance(message, dict) or not isinstance(message.get("info"), dict):
            continue
        role = message["info"].get("role")
        parts = [p for p in message.get("parts") or [] if isinstance(p, dict) and p.get("type") == "text"]
        if role == "user":
            typed = "\n".join(str(p.get("text") or "") for p in parts if not p.get("synthetic") and not p.get("ignored"))
            if typed.strip() and not _NOT_TYPED.search(typed):
                session.turns.append(Turn("user", typed.strip()))
        elif role == "assistant":
            session.model = session.model or message["info"].get("modelID")
            for part in message.get("parts") or []:
                if isinstance(part, dict) and part.get("type") == "reasoning":
                    session.thought(str(part.get("text") or ""))
            words = "\n".join(str(p.get("text") or "") for p in parts if not p.get("synthetic")).strip()
            if words:
                session.said(words)
            error = message["info"].get("error")
            if isinstance(error, dict) and "abort" in str(error.get("name", "")).lower():
                session.turns.append(Turn("interrupt", ""))
    return [session]


# -- Gemini CLI chat ----------------------------------------------------------------------------------

_GEMINI_REFERENCED = re.compile(r"\n?--- Content from referenced files ---.*", re.S)
# What Gemini CLI sends by itself when it decides the model should go on speaking (its next-speaker check).
_GEMINI_CONTINUE = "Please continue."
# What Gemini CLI writes into the conversation after a `!command` the person ran in its shell mode.
_GEMINI_SHELL = re.compile(r"\AI ran the following shell command:")
_GEMINI_NOTE = re.compile(r"<system_note>.*?</system_note>", re.S)


def _gemini_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text") or "") for p in content if isinstance(p, dict))
    return ""


def parse_gemini(text: str) -> list[Session]:
    """A Gemini CLI chat file: typed `user` messages (what the person saw, without the files an `@path` pulled in
    or the note Gemini CLI adds for a picked agent), `gemini` answers (`qwen` in the same files as Qwen Code wrote
    them: then the agent is Qwen Code), "Request cancelled." as an interruption. A subagent's chat holds only prompts an
    agent wrote."""
    document = _document_with_messages(text)
    if document is None:
        return []
    if document.get("kind") == "subagent":
        return []
    session = Session(started=document.get("startTime") if isinstance(document.get("startTime"), str) else None)
    for message in document["messages"]:
        if not isinstance(message, dict):
            continue
        kind = message.get("type")
        if kind == "user":
            shown = message.get("displayContent") if "displayContent" in message else message.get("content")
            typed = _GEMINI_NOTE.sub("", _GEMINI_REFERENCED.sub("", _gemini_text(shown))).strip()
            if typed and typed != _GEMINI_CONTINUE and not _GEMINI_SHELL.match(typed) and not _NOT_TYPED.search(typed):
                session.turns.append(Turn("user", typed))
        elif kind in ("gemini", "qwen"):
            if kind == "qwen":
                session.agent = "qwen-code"
            session.model = session.model or message.get("model")
            for thought in message.get("thoughts") or []:
                if isinstance(thought, dict):
                    session.thought("\n".join(str(thought.get(k) or "") for k in ("subject", "description")).strip())
            words = _gemini_text(message.get("content")).strip()
            if words:
                session.said(words)
        elif kind == "info" and _gemini_text(message.get("content")).strip() == "Request cancelled.":
            session.turns.append(Turn("interrupt", ""))
    return [session]


# The context Gemini CLI puts first in a conversation (the date, the folder, its file tree), in its two wordings.
_GEMINI_SETUP = re.compile(r"\A(?:This is the Gemini CLI\. We are setting up|Okay, just setting up) the context for our chat\.")


def parse_gemini_checkpoint(text: str) -> list[Session]:
    """A Gemini CLI conversation saved with `/chat save`: the typed text of `user` entries (not Gemini CLI's setup
    context, not the files an `@path` pulled in), refused tool calls as interruptions, the agent's text parts."""
    try:
        history = json.loads(text)
    except ValueError:
        return []
    if not isinstance(history, list):
        return []
    session = Session()
    for entry in history:
        if not isinstance(entry, dict) or not isinstance(entry.get("parts"), list):
            continue
        parts = [p for p in entry["parts"] if isinstance(p, dict)]
        if entry.get("role") == "user":
            if any("functionResponse" in p for p in parts):
                if "[Operation Cancelled]" in json.dumps([p.get("functionResponse") for p in parts], ensure_ascii=False):
                    session.turns.append(Turn("interrupt", ""))
                continue
            typed = _GEMINI_REFERENCED.sub("", "".join(str(p.get("text") or "") for p in parts)).strip()
            if (typed and typed != _GEMINI_CONTINUE and not _GEMINI_SETUP.match(typed) and not _GEMINI_SHELL.match(typed)
                    and not _NOT_TYPED.search(typed)):
                session.turns.append(Turn("user", typed))
        elif entry.get("role") == "model":
            for part in parts:
                if part.get("thought") and isinstance(part.get("text"), str):
                    session.thought(part["text"])
            words = "".join(str(p.get("text") or "") for p in parts if not p.get("thought")).strip()
            if words and words != "Got it. Thanks for the context!":
                session.said(words)
    return [session]


PARSERS = {"aider": parse_aider, "antigravity": parse_antigravity, "specstory": parse_specstory, "claude-code": parse_claude_code,
           "claude-code-flat": parse_claude_code_flat, "codex": parse_codex, "opencode": parse_opencode,
           "gemini": parse_gemini,
           "gemini-checkpoint": parse_gemini_checkpoint}
