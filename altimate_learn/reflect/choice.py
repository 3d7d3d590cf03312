"""Which model reflection will use, and why: what `learn enable` and `learn status` say.

The rule is :func:`~altimate_learn.reflect.providers.resolve_model`'s (``--model``, ``learn.model``, the
session's own model when its provider's key is set, else the offline ``builtin`` reflector). This module
describes it without a session at hand, and finds the agent CLIs on PATH that could reflect instead: when no
model is configured and no API key is set, learn does not pick one silently; `learn enable` says which CLI
it would use and records it only when asked.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.errors import LearnError


@dataclass
class ModelChoice:
    model: str  # what reflects: "builtin", "claude-code", "openai/gpt-4.1-mini", or "session" (the session's own)
    source: str  # "learn.model from <where>", "ALTIMATE_LEARN_MODEL", "default"
    why: str  # one clause: how it is used, or why this one
    problem: str | None = None  # why the configured model cannot be used now (reflection will fail)
    agent_clis: list[str] = field(default_factory=list)  # agent CLIs on PATH (provider names)
    suggestion: str | None = None  # the CLI `learn enable --model` would record, when nothing is configured
    keys: list[str] = field(default_factory=list)  # API key variables that are set
    host: str | None = None  # where a configured HTTP model's requests (and its key) go: "api.openai.com"

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model, "source": self.source, "why": self.why, "problem": self.problem,
                "agent_clis": self.agent_clis, "suggestion": self.suggestion, "api_keys": self.keys,
                "host": self.host}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelChoice:
        return cls(data["model"], data["source"], data["why"], data.get("problem"), list(data.get("agent_clis") or []),
                   data.get("suggestion"), list(data.get("api_keys") or []), data.get("host"))


def api_keys_set(env: Mapping[str, str], providers: Mapping[str, Any] | None = None) -> list[str]:
    """The provider key variables that are set (their names only)."""
    from altimate_learn.reflect.providers import provider_specs

    names = {spec.api_key_env for spec in provider_specs(providers).values() if spec.api_key_env}
    return sorted(name for name in names if env.get(name, "").strip())


def suggest_cli(installed: list[str], preferred: list[str] | None = None) -> str | None:
    """The agent CLI to suggest: the first of ``preferred`` (agents whose hooks this project has) on PATH,
    else the first on PATH."""
    for name in preferred or []:
        if name in installed:
            return name
    return installed[0] if installed else None


def url_host(url: str) -> str:
    """The host (and port) of ``url``, without any user name or password in it."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    return f"{host}:{port}" if port else host


def key_hosts(keys: list[str], env: Mapping[str, str], providers: Mapping[str, Any] | None) -> list[str]:
    """``VARIABLE → host`` for each set key variable: where a session's own model would send it."""
    from altimate_learn.reflect.providers import base_url_for, provider_specs

    out: list[str] = []
    for spec in provider_specs(providers).values():
        if spec.api_key_env in keys and not spec.local:
            try:
                out.append(f"{spec.api_key_env} → {url_host(base_url_for(spec, providers, env))}")
            except LearnError:
                continue
    return sorted(dict.fromkeys(out))


def how_it_runs(model: str, host: str | None = None) -> str:
    """One clause on what a reflection with ``model`` costs and where it runs (``host``: where its requests go)."""
    from altimate_learn.reflect.providers.agentcli import AGENT_CLIS, describe

    provider = model.split("/", 1)[0]
    if model == "builtin":
        return "the offline reflector: no model call, no cost"
    if provider in AGENT_CLIS:
        return f"{describe(provider)}: one headless call per reflection, on your own login and plan"
    if provider == "agent":
        return "the CLI of the agent whose session it is: one headless call per reflection"
    return "one model call per reflection, with its API key" + (f"; requests go to {host}" if host else "")


def model_choice(settings: Any, env: Mapping[str, str] | None = None,
                 preferred_clis: list[str] | None = None) -> ModelChoice:
    """What reflection will use with these settings (no ``--model``), and why."""
    from altimate_learn.reflect.providers import BUILTIN, SESSION_AGENT, make_chat_model
    from altimate_learn.reflect.providers.agentcli import installed_clis

    env = os.environ if env is None else env
    values = settings.values
    providers = values.get("providers") or {}
    installed = [name for name, _ in installed_clis(env)]
    from altimate_learn.errors import ConfigError

    broken = None  # learn.providers that cannot be read: said where a model would need them
    try:
        keys = api_keys_set(env, providers)
    except ConfigError as exc:
        where = settings.sources.get("providers", "")
        broken = f"{exc.message.rstrip('.')} ({where.split(' ', 2)[-1] if ' ' in where else where})"
        keys = api_keys_set(env, None)
    configured = values.get("model")
    if configured and str(configured).strip():
        configured = str(configured).strip()
        source = settings.sources.get("model", "")
        source = "ALTIMATE_LEARN_MODEL" if source.startswith("env ") else f"learn.model from {source}"
        problem = None
        host = None
        if configured == SESSION_AGENT:
            if not installed:
                problem = "no agent CLI (claude, codex, gemini, opencode) is on PATH"
        elif configured != BUILTIN and broken is not None and "/" in configured:
            problem = broken
        elif configured != BUILTIN:
            try:
                chat = make_chat_model(configured, providers=providers, env=env)
            except LearnError as exc:
                problem = exc.message.split(": ", 1)[-1].rstrip(".")
            else:
                url = getattr(chat, "base_url", None) or getattr(chat, "endpoint", None)
                host = url_host(url) if isinstance(url, str) else None
        return ModelChoice(configured, source, how_it_runs(configured, host), problem, installed, keys=keys,
                           host=host)
    if keys:
        hosts = key_hosts(keys, env, None if broken else providers)
        return ModelChoice("session", "default", "the model each session used, when its provider's key is set "
                           f"({', '.join(hosts or keys)}); else the offline builtin reflector"
                           + (f"; {broken}, so reflections that need it fail" if broken else ""), None, installed,
                           keys=keys)
    suggestion = suggest_cli(installed, preferred_clis)
    return ModelChoice(BUILTIN, "default", "no model is configured and no API key is set", None, installed,
                       suggestion, keys)
