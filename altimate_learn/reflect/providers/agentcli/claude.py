"""Claude Code as a model: ``claude -p`` (checked against Claude Code 2.1.332).

Switched off: every built-in tool (``--tools ""``), every MCP server (``--strict-mcp-config`` with an empty
``--mcp-config``), hooks (``--settings {"disableAllHooks": true}``), skills and slash commands
(``--disable-slash-commands``), CLAUDE.md, plugins, custom agents and output styles (``--safe-mode``; auth,
model choice, proxies and settings ``env`` still apply), permission prompts (``--permission-prompts none``:
anything that would ask is denied), and the transcript (``--no-session-persistence``). Our system prompt
replaces Claude Code's (``--system-prompt``); the user prompt goes on stdin.

``--output-format json`` prints one result object: ``result`` (the answer), ``is_error`` with
``api_error_status``, ``usage``, ``modelUsage`` (per model, with ``costUSD``) and ``total_cost_usd``.
"""

from __future__ import annotations

import json
from typing import Any

from altimate_learn.reflect.providers.agentcli.base import (Answer, Call, CLIFailure, Invocation, classify,
                                                          kind_of_status, no_answer)
from altimate_learn.reflect.providers.agentcli.run import RunResult, first_line, int_or_none, json_objects

NAME = "claude-code"
BINARY = "claude"
TITLE = "Claude Code"
CHECKED = "2.1.332"  # the version these flags were read from and tested with
INSTALL = "npm install -g @anthropic-ai/claude-code"
LOGIN = "run `claude` in a terminal and log in (/login), or set ANTHROPIC_API_KEY"
SESSION_HARNESS = "claude-code"  # the harness name of its sessions in learn's readers

NO_MCP = json.dumps({"mcpServers": {}})
NO_HOOKS = json.dumps({"disableAllHooks": True})


def invocation(call: Call) -> Invocation:
    argv = [call.binary, "-p", "--output-format", "json", "--system-prompt", call.system, "--tools", "",
            "--strict-mcp-config", "--mcp-config", NO_MCP, "--settings", NO_HOOKS, "--safe-mode",
            "--disable-slash-commands", "--permission-prompts", "none", "--no-session-persistence"]
    if call.model:
        argv += ["--model", call.model]
    # Telemetry, error reports and update checks are not needed for one headless answer.
    env = {"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
    return Invocation(argv, env, call.prompt)


def parse(result: RunResult) -> Answer:
    final: dict[str, Any] | None = None
    for obj in json_objects(result.stdout):
        if obj.get("type") == "result":
            final = obj
    if final is None:
        raise no_answer(result)
    text = final.get("result")
    status = final.get("api_error_status")
    if final.get("is_error") or final.get("subtype", "success") != "success":
        said = first_line(str(text or final.get("subtype") or ""))
        raise CLIFailure(kind_of_status(status) or classify(said) or "server", said or f"exit {result.returncode}")
    if not isinstance(text, str):
        raise CLIFailure("garbage", "its result object has no text in `result`")
    per_model = final.get("modelUsage") if isinstance(final.get("modelUsage"), dict) else {}
    model = None
    tin = tout = None
    if per_model:
        rows = [(name, row) for name, row in per_model.items() if isinstance(row, dict)]
        if rows:
            model = max(rows, key=lambda item: int_or_none(item[1].get("outputTokens")) or 0)[0]
            tin = sum((int_or_none(r.get("inputTokens")) or 0) + (int_or_none(r.get("cacheReadInputTokens")) or 0)
                      + (int_or_none(r.get("cacheCreationInputTokens")) or 0) for _, r in rows)
            tout = sum(int_or_none(r.get("outputTokens")) or 0 for _, r in rows)
    usage = final.get("usage") if isinstance(final.get("usage"), dict) else {}
    if tin is None and int_or_none(usage.get("input_tokens")) is not None:
        tin = sum(int_or_none(usage.get(k)) or 0 for k in ("input_tokens", "cache_read_input_tokens",
                                                           "cache_creation_input_tokens"))
        tout = int_or_none(usage.get("output_tokens"))
    cost = final.get("total_cost_usd")
    cost = float(cost) if isinstance(cost, (int, float)) and not isinstance(cost, bool) and cost >= 0 else None
    return Answer(text, model, tin, tout, cost)  # no tool can run: none is offered
