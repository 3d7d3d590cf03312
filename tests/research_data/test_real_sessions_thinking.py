"""The corpus builder keeps the opening of the agent's reasoning before its answer (research/real_sessions_build.py):
the reasoning after a typed message, up to and with the agent's first words, redacted as answers are, 300 characters."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from research.real_sessions_build import THINKING_HEAD, trajectory  # noqa: E402
from research.real_sessions_formats_more import PARSERS  # noqa: E402


def _answers(harness: str, text: str) -> list[dict]:
    [session] = PARSERS[harness](text)
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    return [r for r in records if r["type"] == "assistant"]


def _lines(*objs: dict) -> str:
    return "\n".join(json.dumps(o) for o in objs)


def _cc(kind: str, *content: dict | str) -> dict:
    if kind == "user" and len(content) == 1 and isinstance(content[0], str):
        return {"type": "user", "message": {"role": "user", "content": content[0]}}
    return {"type": kind, "message": {"role": kind, "content": list(content)}}


def test_claude_code_keeps_the_reasoning_before_the_first_words_redacted_and_clipped():
    """Every thinking block after the typed message up to the agent's first words (across tool calls), none after;
    secrets and e-mail addresses scrubbed before the opening is cut; empty and redacted thinking give no field."""
    long_tail = " I should check the session cookie handling next." * 10
    transcript = _lines(
        _cc("user", "add a login page"),
        _cc("assistant", {"type": "text", "text": "Added the login page."}),
        _cc("user", "you broke the signup form, it still fails"),
        _cc("assistant", {"type": "thinking", "thinking": "The user is pointing out that I broke the signup form. "
                          "Mail ops@corp-mail.net with key sk-ant-api03-" + "x" * 40 + "." + long_tail}),
        _cc("assistant", {"type": "tool_use", "id": "t1", "name": "Read", "input": {}}),
        _cc("user", {"type": "tool_result", "tool_use_id": "t1", "content": "file text"}),
        _cc("assistant", {"type": "thinking", "thinking": "Second thought before speaking."},
            {"type": "text", "text": "You're right, I broke it. Fixed."}),
        _cc("assistant", {"type": "thinking", "thinking": "A thought after the first words."},
            {"type": "text", "text": "Tests pass."}),
        _cc("user", "thanks, now the footer"),
        _cc("assistant", {"type": "thinking", "thinking": "", "signature": "abc"},
            {"type": "redacted_thinking", "data": "opaque"}, {"type": "text", "text": "Footer done."}),
    )
    first, second, third = _answers("claude-code", transcript)
    assert "thinking" not in first and "thinking" not in third  # none written; only empty and redacted ones
    opening = second["thinking"]
    assert opening.startswith("The user is pointing out that I broke the signup form.")
    assert "ops@corp-mail.net" not in opening and "[email]" in opening
    assert "sk-ant-api03" not in opening and "REDACTED" in opening
    assert len(opening) == THINKING_HEAD + 1 and opening.endswith("\u2026")  # clipped, and says so
    assert "A thought after the first words" not in json.dumps(second)
    assert second["text"] == "You're right, I broke it. Fixed.\n\nTests pass."  # the answer is as before

    short = _lines(_cc("user", "one"), _cc("assistant", {"type": "thinking", "thinking": "Short.\n\n\n\nThought."},
                                          {"type": "text", "text": "ok"}), _cc("user", "two"))
    assert _answers("claude-code", short)[0]["thinking"] == "Short.\n\nThought."


def test_reasoning_that_led_to_no_words_before_the_next_message_belongs_to_no_answer():
    transcript = _lines(
        _cc("user", "start the server"),
        _cc("assistant", {"type": "thinking", "thinking": "Reasoning about the server, then interrupted."}),
        _cc("user", "[Request interrupted by user]"),
        _cc("user", "use port 8080 instead"),
        _cc("assistant", {"type": "text", "text": "Started on 8080."}),
    )
    [answer] = _answers("claude-code", transcript)
    assert answer == {"type": "assistant", "text": "Started on 8080.", "id": "a2"}


def _codex(kind: str, **payload) -> dict:
    return {"type": kind, "payload": payload}


def test_codex_keeps_each_reasoning_summary_once_and_never_the_encrypted_content():
    summary = {"type": "reasoning", "summary": [{"type": "summary_text", "text": "**Checking the failure**\n\nThe user "
                                                 "says it still fails."}], "encrypted_content": "gAAAAB-secret-blob"}
    with_events = _lines(
        _codex("event_msg", type="user_message", message="fix the build"),
        _codex("event_msg", type="agent_message", message="Fixed."),
        _codex("event_msg", type="user_message", message="it still fails"),
        _codex("response_item", **summary),
        _codex("event_msg", type="agent_reasoning", text="**Checking the failure**\n\nThe user says it still fails."),
        _codex("event_msg", type="agent_message", message="Looking again."),
    )
    [first, second] = _answers("codex", with_events)
    assert "thinking" not in first
    assert second["thinking"] == "**Checking the failure**\n\nThe user says it still fails."
    without_events = with_events.replace('"agent_reasoning"', '"token_count"')  # older rollouts: the items only
    assert _answers("codex", without_events)[1]["thinking"] == second["thinking"]
    assert "gAAAAB" not in json.dumps(_answers("codex", without_events))

    legacy = _lines({"id": "s", "timestamp": "2025-05-01", "instructions": ""},
                    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "build it"}]},
                    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Built."}]},
                    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "wrong folder"}]},
                    summary,
                    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Moved."}]})
    assert _answers("codex-legacy", legacy)[1]["thinking"].endswith("The user says it still fails.")


def test_gemini_opencode_specstory_and_aider_reasoning_is_kept():
    gemini = json.dumps({"sessionId": "s", "messages": [
        {"type": "user", "content": "deploy it"}, {"type": "gemini", "content": "Deployed.", "thoughts": []},
        {"type": "user", "content": "the page is blank"},
        {"type": "gemini", "content": "", "thoughts": [{"subject": "Diagnosing the blank page",
                                                        "description": "The user reports a blank page."}]},
        {"type": "gemini", "content": "Checking the bundle."}]})
    assert _answers("gemini", gemini)[1]["thinking"] == "Diagnosing the blank page\nThe user reports a blank page."
    assert "thinking" not in _answers("gemini", gemini)[0]

    opencode = json.dumps({"info": {"id": "ses"}, "messages": [
        {"info": {"role": "user"}, "parts": [{"type": "text", "text": "add tests"}]},
        {"info": {"role": "assistant"}, "parts": [{"type": "reasoning", "text": "The user wants tests."},
                                                  {"type": "text", "text": "Added."}]},
        {"info": {"role": "user"}, "parts": [{"type": "text", "text": "run them"}]}]})
    assert _answers("opencode", opencode)[0]["thinking"] == "The user wants tests."

    specstory = "\n".join([
        "_**User**_", "", "the button does nothing", "", "---", "", "_**Agent (model gpt-5, mode Agent)**_", "",
        "<think><details><summary>Thought Process</summary>", "**Tracing the click**", "",
        "The user says the button does nothing.</details></think>", "", "The handler was not bound; bound it now.", "",
        "<think><details><summary>Thought Process</summary>After words.</details></think>", "", "---", "",
        "_**User**_", "", "works now", ""])
    [answer] = _answers("specstory", specstory)
    assert answer["thinking"] == "**Tracing the click**\n\nThe user says the button does nothing."
    assert "Thought Process" not in answer["text"] and answer["text"].startswith("The handler was not bound")

    aider = ("# aider chat started at 2026-01-01 10:00:00\n\n#### add a cache\n\n<think>\nOkay, the user wants a cache."
             "\n</think>\n\nAdded a cache.\n\n#### not like that\n\nSorry.\n")
    assert _answers("aider", aider)[0]["thinking"] == "Okay, the user wants a cache."


def test_a_password_typed_and_a_secret_found_elsewhere_are_scrubbed_from_the_reasoning_too():
    import research.real_sessions_build as B

    transcript = _lines(
        _cc("user", "the redis login fails, 密码是 hunter2024"),
        _cc("assistant", {"type": "thinking", "thinking": "The user gave the password hunter2024; the "
                          "other one was Zq7Xk2Lm9Pw4 in the old config."}, {"type": "text", "text": "Trying it."}),
        _cc("user", "still fails"),
    )
    [session] = PARSERS["claude-code"](transcript)
    records = trajectory(session, {"repo": "o/r"}, "o__r-0")
    assert "Zq7Xk2Lm9Pw4" in json.dumps(records)  # not taken by the redactor where it stands
    B.scrub_passwords([records], B.typed_passwords(session))
    B.scrub_everywhere([records], {"Zq7Xk2Lm9Pw4"})
    thinking = next(r["thinking"] for r in records if r["type"] == "assistant")
    assert "hunter2024" not in thinking and "[REDACTED:password]" in thinking
    assert "Zq7Xk2Lm9Pw4" not in thinking and "[REDACTED:secret]" in thinking
