"""opencode (and altimate-code, its fork) as a model: ``opencode run`` (checked against opencode 1.18.33).

The call uses an agent of its own, defined in ``OPENCODE_CONFIG_CONTENT``: our system prompt, every tool
off (``"tools": {"*": false}``), every permission denied, and each MCP server of the user's config disabled by
name. Also off: external plugins (``OPENCODE_PURE``), the project's config (``OPENCODE_DISABLE_PROJECT_CONFIG``),
Claude Code's CLAUDE.md and skills, sharing, auto-update, LSP downloads, the default plugins, the file
snapshots (``"snapshot": false``: a call that edits nothing has nothing to undo, and each snapshot is a few git
runs into opencode's data folder), and session persistence: the database is in memory (``OPENCODE_DB=:memory:``),
so nothing of the call is stored.
``--title`` skips the extra title-generation request. The prompt goes on stdin. Within a learn command the calls go
to one ``opencode serve`` instead, with the same settings (:mod:`.serve`); its answers are read as these events.

``--format json`` prints JSONL events: ``text`` parts, ``step_finish`` with ``tokens`` and ``cost``,
``tool_use`` parts, and ``error`` with ``error.data.message`` / ``statusCode``. The model is not named in
them: it is the one asked for, or ``model`` from the user's opencode config.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from altimate_learn.reflect.providers.agentcli.base import (Answer, Call, CLIFailure, Invocation, classify,
                                                          kind_of_status, no_answer)
from altimate_learn.reflect.providers.agentcli.run import RunResult, first_line, int_or_none, json_objects

NAME = "opencode"
BINARY = "opencode"
TITLE = "opencode"
CHECKED = "1.18.33"  # the version these flags were read from and tested with
INSTALL = "npm install -g opencode-ai"
LOGIN = "run `opencode auth login` for your provider"
SESSION_HARNESS = "opencode"
AGENT = "altimate-learn"
CALL_TITLE = "altimate-learn model call"  # a title of its own: no title-generation request

ENV = {"OPENCODE_DB": ":memory:", "OPENCODE_PURE": "1", "OPENCODE_DISABLE_PROJECT_CONFIG": "1",
       "OPENCODE_DISABLE_CLAUDE_CODE": "1", "OPENCODE_DISABLE_EXTERNAL_SKILLS": "1",
       "OPENCODE_DISABLE_AUTOUPDATE": "1", "OPENCODE_DISABLE_SHARE": "1", "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
       "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1", "OPENCODE_DISABLE_AUTOCOMPACT": "1"}


def _user_configs(env: dict[str, str]) -> list[dict[str, Any]]:
    """The user's opencode config files that exist and parse (global folder, then ``OPENCODE_CONFIG``)."""
    from altimate_learn.config import strip_jsonc

    base = Path(env.get("XDG_CONFIG_HOME") or Path(env.get("HOME") or Path.home()) / ".config") / "opencode"
    paths = [base / name for name in ("config.json", "opencode.json", "opencode.jsonc")]
    if env.get("OPENCODE_CONFIG"):
        paths.append(Path(env["OPENCODE_CONFIG"]))
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for candidate in (text, strip_jsonc(text)):
            try:
                data = json.loads(candidate)
            except ValueError:
                continue
            if isinstance(data, dict):
                found.append(data)
            break
    return found


def _read_config(path: Path) -> dict[str, Any] | None:
    from altimate_learn.config import strip_jsonc

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    for candidate in (text, strip_jsonc(text)):
        try:
            data = json.loads(candidate)
        except ValueError:
            continue
        return data if isinstance(data, dict) else None
    return None


def failure_hint(project: Path, env: dict[str, str] | None = None) -> str | None:
    """When the project's own opencode config defines providers the user's config does not: learn's call leaves
    the project's config out (so a project cannot change the reflector's agent), so say where the provider must be."""
    env = dict(os.environ) if env is None else env
    mine: set[str] = set()
    for data in _user_configs(env):
        if isinstance(data.get("provider"), dict):
            mine |= set(data["provider"])
    for folder in (project, *project.parents):
        for name in ("opencode.json", "opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc"):
            data = _read_config(folder / name)
            providers = sorted(set(data["provider"]) - mine) if data and isinstance(data.get("provider"), dict) else []
            if providers:
                return (f"learn runs opencode without this project's {name}, which defines the provider "
                        f"{', '.join(providers[:3])}: define it in ~/.config/opencode/opencode.json too (or choose "
                        "another model with --model).")
        if (folder / ".git").exists():
            break
    return None


def configured_model(env: dict[str, str] | None = None) -> str | None:
    env = dict(os.environ) if env is None else env
    model = None
    for data in _user_configs(env):
        if isinstance(data.get("model"), str) and data["model"].strip():
            model = data["model"].strip()
    return model


def config_content(system: str, env: dict[str, str]) -> str:
    """The ``OPENCODE_CONFIG_CONTENT`` of a call: the user's own inline config (if any) plus our agent."""
    mcp_names: set[str] = set()
    for data in _user_configs(env):
        if isinstance(data.get("mcp"), dict):
            mcp_names.update(str(name) for name in data["mcp"])
    try:
        inline = json.loads(env.get("OPENCODE_CONFIG_CONTENT") or "{}")
    except ValueError:
        inline = {}
    inline = inline if isinstance(inline, dict) else {}
    if isinstance(inline.get("mcp"), dict):
        mcp_names.update(str(name) for name in inline["mcp"])
    agents = inline.get("agent") if isinstance(inline.get("agent"), dict) else {}
    agents[AGENT] = {"mode": "primary", "description": "learn's model call: no tools", "prompt": system,
                     "tools": {"*": False}, "permission": {"*": "deny"}}
    inline.update({"agent": agents, "mcp": {name: {"enabled": False} for name in sorted(mcp_names)},
                   "instructions": [], "share": "disabled", "autoupdate": False, "lsp": False, "formatter": False,
                   "snapshot": False})
    return json.dumps(inline)


def invocation(call: Call) -> Invocation:
    argv = [call.binary, "run", "--format", "json", "--agent", AGENT, "--title", CALL_TITLE]
    if call.model:
        argv += ["--model", call.model]
    env = dict(ENV, OPENCODE_CONFIG_CONTENT=config_content(call.system, call.env))
    return Invocation(argv, env, call.prompt)


def serve_env(env: dict[str, str]) -> dict[str, str]:
    """The environment learn adds for ``opencode serve`` (:mod:`.serve`): a call's own, with the agent's prompt a
    fixed line, as the call's system prompt comes with each message."""
    from altimate_learn.reflect.providers.agentcli.serve import AGENT_PROMPT

    return dict(ENV, OPENCODE_CONFIG_CONTENT=config_content(AGENT_PROMPT, env))


def parse(result: RunResult) -> Answer:
    texts: list[str] = []
    tin = tout = 0
    cost = 0.0
    steps = 0
    tools: list[str] = []
    error: dict[str, Any] | None = None
    events = 0
    for event in json_objects(result.stdout):
        kind = event.get("type")
        if not isinstance(kind, str):
            continue
        events += 1
        part = event.get("part") if isinstance(event.get("part"), dict) else {}
        if kind == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind == "tool_use" or part.get("type") == "tool":
            tools.append(str(part.get("tool") or "a tool"))
        elif kind == "step_finish":
            steps += 1
            tokens = part.get("tokens") if isinstance(part.get("tokens"), dict) else {}
            cache = tokens.get("cache") if isinstance(tokens.get("cache"), dict) else {}
            tin += (int_or_none(tokens.get("input")) or 0) + (int_or_none(cache.get("read")) or 0) \
                + (int_or_none(cache.get("write")) or 0)
            tout += (int_or_none(tokens.get("output")) or 0) + (int_or_none(tokens.get("reasoning")) or 0)
            if isinstance(part.get("cost"), (int, float)) and not isinstance(part.get("cost"), bool):
                cost += float(part["cost"])
        elif kind == "error":
            error = event.get("error") if isinstance(event.get("error"), dict) else {"data": {}}
    if error is not None:
        data = error.get("data") if isinstance(error.get("data"), dict) else {}
        said = first_line(str(data.get("message") or error.get("name") or "an error"))
        status = data.get("statusCode")
        kind = kind_of_status(status)
        name = str(error.get("name") or "")
        if kind is None and "auth" in name.lower():
            kind = "auth"
        raise CLIFailure(kind or classify(said + " " + name) or "server", said)
    if not events:
        raise no_answer(result)
    if not texts:
        raise CLIFailure("garbage", "its --format json events hold no text part")
    return Answer("".join(texts), None, tin if steps else None, tout if steps else None, cost if steps else None,
                  tools)
