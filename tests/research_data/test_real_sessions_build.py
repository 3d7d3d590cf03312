"""The corpus builder's session parsers keep only what a person typed (research/real_sessions_formats.py)."""

from __future__ import annotations

import json
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
