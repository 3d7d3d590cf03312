"""Codex CLI as a model: ``codex exec`` (checked against Codex CLI 0.171.0).

Switched off, each with ``-c`` (an unknown key is only a warning, so older and newer versions accept the
same command; ``--disable`` would refuse a feature a version does not know): the shell, unified exec, image
viewing, goals, apps, plugins, hooks, tool suggestions, sub-agents, memories, browser and computer use, image
generation, skill search, sleep, web search, the request-user-input and plan tools, every MCP server,
AGENTS.md (``project_doc_max_bytes=0``), history and the rollout file (``--ephemeral``), execpolicy rules
(``--ignore-rules``). Our system prompt replaces Codex's base instructions (``model_instructions_file``),
and the environment, permissions and apps notes are left out. Codex still offers ``apply_patch`` for the
models it knows (no ``-c`` setting of 0.171 removes it: review42 R42-3); with ``--sandbox read-only`` and
``approval_policy="never"`` a patch is refused, so nothing is written, and a run whose ``--json`` output shows a
tool item is not trusted (see :class:`~altimate_learn.reflect.providers.agentcli.base.Answer`). A refused
``apply_patch`` prints no item at all, so an answer given after one cannot be told apart; and a model that keeps
calling it makes Codex ask it again and again until learn's timeout stops the run (:data:`TIMEOUT_HINT` says so).

``--json`` prints JSONL events: ``item.completed`` (``agent_message`` text, and ``error`` items that are
warnings), ``turn.completed`` with ``usage``, ``turn.failed`` / ``error`` on failure. It does not name the
model, so the model is the one asked for, or ``model`` from ``$CODEX_HOME/config.toml``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from altimate_learn.reflect.providers.agentcli.base import Answer, Call, CLIFailure, Invocation, classify, no_answer
from altimate_learn.reflect.providers.agentcli.run import RunResult, first_line, int_or_none, json_objects

NAME = "codex"
BINARY = "codex"
TITLE = "Codex CLI"
CHECKED = "0.171.0"  # the version these flags were read from and tested with
INSTALL = "npm install -g @openai/codex"
LOGIN = "run `codex login` (or set OPENAI_API_KEY)"
SESSION_HARNESS = "codex"

FEATURES_OFF = ("shell_tool", "unified_exec", "view_image", "goals", "apps", "plugins", "remote_plugin", "hooks",
                "tool_suggest", "multi_agent", "multi_agent_v2", "memories", "browser_use", "computer_use",
                "image_generation", "skill_search", "sleep_tool", "web_search_request", "standalone_web_search",
                "request_permissions_tool")
SETTINGS = ('web_search="disabled"', "mcp_servers={}", "tools.experimental_request_user_input.enabled=false",
            "tools.update_plan.enabled=false", "skills.include_instructions=false",
            "include_permissions_instructions=false", "include_environment_context=false",
            "include_apps_instructions=false", "include_collaboration_mode_instructions=false",
            "project_doc_max_bytes=0", 'history.persistence="none"', 'approval_policy="never"',
            "check_for_update_on_startup=false", "analytics.enabled=false")
NOT_TOOLS = {"agent_message", "reasoning", "error", "todo_list", "user_message"}
TIMEOUT_HINT = ("Check that `codex exec` answers in a terminal. A model that keeps calling a tool learn does not allow "
                "(Codex offers `apply_patch`, which the read-only sandbox refuses) makes Codex ask it again until the "
                "timeout, and each request is billed: choose another model with --model rather than raising "
                "--timeout.")


def invocation(call: Call) -> Invocation:
    instructions = call.scratch / "instructions.md"
    argv = [call.binary, "exec", "--json", "--skip-git-repo-check", "--ephemeral", "--ignore-rules",
            "--sandbox", "read-only", "--color", "never"]
    for feature in FEATURES_OFF:
        argv += ["-c", f"features.{feature}=false"]
    for setting in SETTINGS:
        argv += ["-c", setting]
    argv += ["-c", f"model_instructions_file={json.dumps(str(instructions))}"]
    if call.model:
        argv += ["--model", call.model]
    argv.append("-")  # the prompt is on stdin
    return Invocation(argv, {}, call.prompt, {instructions.name: call.system})


def configured_model(env: dict[str, str] | None = None) -> str | None:
    """``model`` at the top of ``$CODEX_HOME/config.toml`` (default ``~/.codex``), when it names one."""
    import tomllib

    env = dict(os.environ) if env is None else env
    home = Path(env.get("CODEX_HOME") or Path(env.get("HOME") or Path.home()) / ".codex")
    try:
        data = tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    value = data.get("model")
    return value if isinstance(value, str) and value.strip() else None


def gives_up(line: str) -> bool:
    """Codex with no network (or a proxy it cannot use) retries its stream five times, falls back from WebSockets to
    HTTPS, then prints ``{"type":"error","message":"Reconnecting... waiting for network (…)"}`` every 30-70 s and
    never ends (trial29 T29-1: `learn run` waited out its 20-minute limit in silence). That event is the end: no
    answer is coming."""
    if "waiting for network" not in line.lower():
        return False
    try:
        event = json.loads(line)
    except ValueError:
        return False
    message = event.get("message") if isinstance(event, dict) and event.get("type") == "error" else None
    return isinstance(message, str) and "waiting for network" in message.lower()


def parse(result: RunResult) -> Answer:
    texts: list[str] = []
    usage: dict[str, Any] | None = None
    failure: str | None = None
    errors: list[str] = []
    tools: list[str] = []
    events = 0
    for event in json_objects(result.stdout):
        kind = event.get("type")
        if not isinstance(kind, str):
            continue
        events += 1
        item = event.get("item") if isinstance(event.get("item"), dict) else {}
        if kind == "item.completed" and item.get("type") == "agent_message" and isinstance(item.get("text"), str):
            texts.append(item["text"])
        elif kind in ("item.started", "item.completed") and item.get("type") not in NOT_TOOLS and item.get("type"):
            if kind == "item.completed":
                tools.append(str(item.get("type")))
        elif kind == "turn.completed":
            usage = event.get("usage") if isinstance(event.get("usage"), dict) else {}
        elif kind == "turn.failed":
            error = event.get("error")
            failure = str(error.get("message") if isinstance(error, dict) else error or "the turn failed")
        elif kind == "error" and isinstance(event.get("message"), str):
            errors.append(event["message"])
    if failure is not None or (usage is None and errors):
        said = first_line(failure or errors[-1])
        raise CLIFailure(classify(said) or "server", said)
    if usage is None:
        if not events:
            raise no_answer(result)
        raise CLIFailure("garbage", "no turn.completed event in its --json output")
    if not texts:
        raise CLIFailure("garbage", "the turn completed without an agent_message")
    return Answer(texts[-1], None, int_or_none(usage.get("input_tokens")), int_or_none(usage.get("output_tokens")),
                  None, tools)
