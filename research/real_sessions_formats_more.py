"""Session formats added to the corpus builder after `research/real_sessions_formats.py` reached its size limit,
and the builder's full table of parsers (`PARSERS`: every format of `real_sessions_formats.py` and these).

Formats:
- `codex-legacy`: a Codex CLI rollout of the first releases (2025, before `session_meta` records: a first line with the
  session's `id`, `timestamp` and `instructions`, then `{"type": "message", "role": "user" | "assistant", "content":
  [{"type": "input_text" | "output_text", "text"}]}` records among `reasoning`, `function_call`, `function_call_output`
  and `{"record_type": "state"}` ones). A `user` message is typed, except the context Codex CLI puts in the user's turn
  itself, each in its own message starting with a tag (`<user_instructions>` with the AGENTS.md text,
  `<environment_context>`, and the IDE extension's open file and tabs before "## My request for Codex:"); an
  `assistant` message is what the agent said. Tool calls and their output are not kept.
"""

from __future__ import annotations

import json

from research.real_sessions_formats import PARSERS as _FIRST_PARSERS
from research.real_sessions_formats import Session, Turn


def _words(content: object) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))


def parse_codex_legacy(text: str) -> list[Session]:
    session = Session()
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        if "instructions" in obj and "type" not in obj and session.started is None:
            session.started = obj.get("timestamp") if isinstance(obj.get("timestamp"), str) else None
            continue
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


PARSERS = {**_FIRST_PARSERS, "codex-legacy": parse_codex_legacy}
AGENTS = {"codex-legacy": "codex"}  # the coding agent behind each format added here
