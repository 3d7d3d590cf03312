"""Gemini CLI as a model: ``gemini -p`` (checked against Gemini CLI 0.61.0).

Gemini has no flags for most of this, so the working folder carries a workspace ``.gemini/settings.json``
(trusted for this run with ``GEMINI_CLI_TRUST_WORKSPACE=true``; workspace settings override the user's): no core tool
(``tools.core: []`` registers none), hooks off (``hooksConfig.enabled: false``), skills and sub-agents off,
no checkpointing, no directory tree in the context. Every extension is off (``-e none``) and no MCP server is
allowed (``--allowed-mcp-server-names`` naming none that exists). Our system prompt replaces Gemini's
(``GEMINI_SYSTEM_MD``). The prompt goes on stdin (``-p ""`` adds nothing to it).

Gemini 0.61 cannot be told not to record a run: it writes a chat (the whole prompt) under
``<home>/.gemini/tmp/<folder>/chats/``, registers the folder in ``<home>/.gemini/projects.json`` and marks it under
``<home>/.gemini/history/``. So each call gets its own Gemini home, ``GEMINI_CLI_HOME`` (which Gemini reads in
place of the user's home for every file of its own) in the call's scratch folder, removed with it when the call
ends (also after a timeout): nothing of the run stays in the user's ``~/.gemini``. That home's ``.gemini`` links
to every entry of the user's own (their settings, login, credentials, policies), except what a run records
(``tmp``, ``history``, ``projects.json``) and the global memory files (``GEMINI.md``, any ``*.md``), which would
otherwise be appended to our system prompt. Should the links fail, the run uses the user's home as before, and
the chat is recorded for the working folder ``altimate-learn-model``, which is no project of the user's; every
reader of learn skips it by that name and by the marker at the start of the prompt, so it is never captured.

``--output-format json`` prints one object: ``response`` and ``stats`` (``models`` with per-model ``tokens``
and the ``main`` role; ``tools.totalCalls``), or ``error`` with ``message`` and ``code``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from altimate_learn.reflect.providers.agentcli.base import (Answer, Call, CLIFailure, Invocation, classify,
                                                          kind_of_status, no_answer)
from altimate_learn.reflect.providers.agentcli.run import RunResult, first_line, int_or_none, json_objects

NAME = "gemini-cli"
BINARY = "gemini"
TITLE = "Gemini CLI"
CHECKED = "0.61.0"  # the version these flags were read from and tested with
INSTALL = "npm install -g @google/gemini-cli"
LOGIN = "run `gemini` in a terminal and sign in, or set GEMINI_API_KEY"
SESSION_HARNESS = "gemini"
AUTH_EXIT = 41  # Gemini's FatalAuthenticationError: no key, no auth method chosen, a login it cannot do headless

NO_MCP_SERVER = "altimate-learn-no-mcp-server"
WORKSPACE_SETTINGS = {
    "hooksConfig": {"enabled": False},
    "tools": {"core": []},
    "skills": {"enabled": False},
    "experimental": {"enableAgents": False},
    "general": {"checkpointing": {"enabled": False}, "enableAutoUpdate": False,
                "enableAutoUpdateNotification": False},
    "context": {"includeDirectoryTree": False},
}


def invocation(call: Call) -> Invocation:
    system = call.scratch / "system.md"
    argv = [call.binary, "-p", "", "--output-format", "json", "--skip-trust", "-e", "none",
            "--allowed-mcp-server-names", NO_MCP_SERVER]
    if call.model:
        argv += ["--model", call.model]
    # The workspace settings load only in a trusted folder; --skip-trust alone trusts it too late for them.
    env = {"GEMINI_SYSTEM_MD": str(system), "GEMINI_CLI_TRUST_WORKSPACE": "true"}
    home = own_home(call)
    if home is not None:
        env["GEMINI_CLI_HOME"] = str(home)
    return Invocation(argv, env, call.prompt, {system.name: call.system},
                      {".gemini/settings.json": json.dumps(WORKSPACE_SETTINGS, indent=2) + "\n"})


# What a run records in the Gemini home (kept out of the call's own home) and the global memory files.
RECORDED = frozenset({"tmp", "history", "projects.json", "projects.json.lock"})


def own_home(call: Call) -> Path | None:
    """A Gemini home for this call only, in its scratch folder (see the module docstring); None if it cannot be
    made (then Gemini uses the user's home)."""
    env = call.env
    user = Path(env.get("GEMINI_CLI_HOME") or env.get("HOME") or Path.home()) / ".gemini"
    home = call.scratch / "gemini-home"
    try:
        (home / ".gemini").mkdir(parents=True, mode=0o700)
        entries = list(os.scandir(user)) if user.is_dir() else []
        for entry in entries:
            if entry.name in RECORDED or entry.name.startswith("projects.json") or entry.name.lower().endswith(".md"):
                continue
            (home / ".gemini" / entry.name).symlink_to(entry.path)
    except OSError:
        return None
    return home


def parse(result: RunResult) -> Answer:
    final: dict[str, Any] | None = None
    for obj in json_objects(result.stdout):
        if "response" in obj or "error" in obj or "stats" in obj:
            final = obj
    if final is None:  # Gemini 0.61 prints the JSON of an error before the first turn (auth: exit 41) on stderr
        final = next((obj for obj in json_objects(result.stderr) if isinstance(obj.get("error"), dict)), None)
    if final is None:  # other errors before the JSON (trust) are printed as text on stderr
        raise no_answer(result)
    error = final.get("error")
    if isinstance(error, dict):
        said = first_line(_inner_message(str(error.get("message") or error.get("type") or "an error")))
        code = error.get("code")
        kind = "auth" if code == AUTH_EXIT else kind_of_status(code) or classify(said) or "server"
        raise CLIFailure(kind, said)
    text = final.get("response")
    if not isinstance(text, str):
        raise CLIFailure("garbage", "its JSON has no text in `response`")
    stats = final.get("stats") if isinstance(final.get("stats"), dict) else {}
    models = stats.get("models") if isinstance(stats.get("models"), dict) else {}
    model = None
    tin = tout = None
    for name, row in models.items():
        if not isinstance(row, dict):
            continue
        tokens = row.get("tokens") if isinstance(row.get("tokens"), dict) else {}
        if int_or_none(tokens.get("prompt")) is not None:
            tin = (tin or 0) + int_or_none(tokens.get("prompt"))  # type: ignore[operator]
            tout = (tout or 0) + (int_or_none(tokens.get("candidates")) or 0) \
                + (int_or_none(tokens.get("thoughts")) or 0)
        roles = row.get("roles") if isinstance(row.get("roles"), dict) else {}
        if "main" in roles or model is None:
            model = name
    tool_stats = stats.get("tools") if isinstance(stats.get("tools"), dict) else {}
    tools: list[str] = []
    if (int_or_none(tool_stats.get("totalCalls")) or 0) > 0:
        by_name = tool_stats.get("byName") if isinstance(tool_stats.get("byName"), dict) else {}
        tools = [str(name) for name in by_name] or ["a tool"]
    return Answer(text, model, tin, tout, None, tools)


def _inner_message(message: str) -> str:
    """Gemini passes the API's error body through as JSON text: its innermost ``message``."""
    try:
        value = json.loads(message)
    except ValueError:
        return message
    while isinstance(value, dict):
        inner = value.get("error", value.get("message"))
        if isinstance(inner, str):
            return inner
        if not isinstance(inner, dict):
            break
        value = inner
    return message
