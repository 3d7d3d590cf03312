"""Model providers: naming, resolution, and the one interface every reflector model implements.

A model is named ``provider/model`` (``openai/gpt-4.1-mini``, ``anthropic/claude-haiku-4-5``,
``ollama/qwen2.5-coder:7b``, ``openrouter/anthropic/claude-sonnet-4.5``); the provider is the part
before the first ``/``. ``builtin`` is the offline reflector and needs no provider. An agent CLI the user
already has is a provider too (:mod:`.agentcli`): ``claude-code``, ``codex``, ``gemini-cli`` and ``opencode``
alone use the CLI's own default model, ``claude-code/sonnet`` passes the model on; ``agent`` is the CLI of the
agent whose session is reflected on.

Providers speak one of two protocols over plain HTTP (urllib; no SDK): OpenAI chat completions
(OpenAI itself and every compatible server) and Anthropic Messages. Keys and base URLs come from the
variables users already set for those SDKs (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``,
``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL``, and ``OLLAMA_HOST`` for Ollama); ``learn.providers.<name>``
(``type``, ``base_url``, ``api_key_env``) adds a provider or overrides a built-in one.

A call is bounded as a whole by its timeout: a watchdog closes the connection at the deadline, so a
server that trickles bytes cannot hold a reflection past it.

Which model reflects (:func:`resolve_model`): ``--model``, then ``learn.model``, then the session's own
model when it maps to a provider whose key is set, else ``builtin`` (and the output says so). A model
that was asked for explicitly but cannot be used is an error, never a silent fallback.

Keys are read from the environment at call time and never printed, logged or stored; error text from
a provider is redacted and has the key removed before it is shown.
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from altimate_learn.jsonsafe import loads_document
from altimate_learn.errors import ConfigError, LearnError
from altimate_learn.reflect.pricing import Usage

BUILTIN = "builtin"
SESSION_AGENT = "agent"  # learn.model: the CLI of the agent that recorded the session
MAX_RESPONSE_BYTES = 8 * 1024 * 1024  # a reflection answer is a few KB; refuse to buffer more
DEFAULT_TIMEOUT = 120.0


@dataclass(frozen=True)
class ProviderSpec:
    name: str
    type: str  # "openai" (chat completions) or "anthropic" (Messages)
    base_url: str
    api_key_env: str | None  # None: the server needs no key (local servers)
    local: bool = False  # runs on the user's machine: costs nothing
    key_optional: bool = False  # send the key when set, but work without it


# Built-in providers. Base URLs of OpenAI-compatible servers include the `/v1` prefix.
BUILTIN_PROVIDERS: dict[str, ProviderSpec] = {p.name: p for p in (
    ProviderSpec("openai", "openai", "https://api.openai.com/v1", "OPENAI_API_KEY"),
    ProviderSpec("anthropic", "anthropic", "https://api.anthropic.com", "ANTHROPIC_API_KEY"),
    ProviderSpec("openrouter", "openai", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
    # Gemini's OpenAI-compatible endpoint, with the key Gemini CLI users already have.
    ProviderSpec("gemini", "openai", "https://generativelanguage.googleapis.com/v1beta/openai", "GEMINI_API_KEY"),
    ProviderSpec("groq", "openai", "https://api.groq.com/openai/v1", "GROQ_API_KEY"),
    ProviderSpec("deepseek", "openai", "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY"),
    ProviderSpec("mistral", "openai", "https://api.mistral.ai/v1", "MISTRAL_API_KEY"),
    ProviderSpec("together", "openai", "https://api.together.xyz/v1", "TOGETHER_API_KEY"),
    ProviderSpec("fireworks", "openai", "https://api.fireworks.ai/inference/v1", "FIREWORKS_API_KEY"),
    ProviderSpec("ollama", "openai", "http://127.0.0.1:11434/v1", None, local=True),
    ProviderSpec("lmstudio", "openai", "http://127.0.0.1:1234/v1", None, local=True),
    ProviderSpec("vllm", "openai", "http://127.0.0.1:8000/v1", "VLLM_API_KEY", local=True, key_optional=True),
    ProviderSpec("llamacpp", "openai", "http://127.0.0.1:8080/v1", None, local=True),
)}
# The variables the official SDKs (and Gemini CLI) read for their base URL.
BASE_URL_ENV = {"openai": "OPENAI_BASE_URL", "anthropic": "ANTHROPIC_BASE_URL", "gemini": "GOOGLE_GEMINI_BASE_URL"}
# GOOGLE_GEMINI_BASE_URL is the Gemini API's root (Gemini CLI appends /v1beta/models/…); learn speaks the
# OpenAI-compatible path under it.
_GEMINI_OPENAI_PATH = "/v1beta/openai"
PROVIDER_TYPES = {"openai": "openai", "openai-compatible": "openai", "openai_compat": "openai",
                  "anthropic": "anthropic"}


@dataclass
class Completion:
    text: str
    usage: Usage
    model: str  # the model the provider says answered


class ChatModel(Protocol):
    """What the reflector needs from a model: one system + user message in, text out."""

    label: str  # "provider/model"

    def complete(self, system: str, prompt: str, *, timeout: float, max_tokens: int) -> Completion: ...


class ProviderError(LearnError):
    """A model call failed. ``kind``: timeout, auth, rate_limit, server, not_found, bad_request,
    connection, garbage, too_large; for agent CLIs also missing (not on PATH) and interactive (it asked a
    question on its terminal)."""

    def __init__(self, message: str, hint: str | None = None, *, kind: str = "error",
                 retry_after: float | None = None, detail: str = "", param: str = "") -> None:
        super().__init__(message, hint)
        self.kind = kind
        self.retry_after = retry_after
        self.detail = detail  # the provider's own error message (cleaned), for adapting a refused request
        self.param = param  # the request field the provider named as the problem (OpenAI's error.param)


def seconds(value: float) -> str:
    """A wait as a person reads it: whole seconds (a learner run's time left is 1,187.3829…), tenths below 1 s."""
    return f"{value:.1f}" if value < 1 else f"{value:.0f}"


# --- naming -----------------------------------------------------------------------------------------
def split_model(value: str) -> tuple[str, str]:
    """``provider/model`` → (provider, model). Raises :class:`LearnError` on anything else."""
    from altimate_learn.reflect.providers.agentcli import AGENT_CLIS

    text = value.strip()
    if text == BUILTIN:
        return BUILTIN, ""
    if text.lower() in AGENT_CLIS or text.lower() == SESSION_AGENT:  # the CLI's own default model
        return text.lower(), ""
    provider, sep, model = text.partition("/")
    if not sep or not provider or not model.strip() or any(c.isspace() for c in text):
        raise LearnError(f"model '{value}' is not of the form provider/model.", _model_name_hint(text))
    return provider.lower(), model


def _model_name_hint(text: str) -> str:
    """What to type instead of a model name that is not one: an agent's own word (`gemini`, the name `learn install`
    and `import-memories --agent` use; `claude`, the command) names its CLI as `gemini-cli`, `claude-code`; a
    provider alone needs its model (review51 R51-1)."""
    from altimate_learn.reflect.providers.agentcli import AGENT_CLIS, describe

    word = text.lower().rstrip("/")
    clis = [name for name, binary in AGENT_CLIS.items() if word == binary and word != name]
    hints = [f"For {describe(name)}: --model {name}." for name in clis]
    if word in BUILTIN_PROVIDERS:
        key = BUILTIN_PROVIDERS[word].api_key_env
        hints.append(f"For the {word} API{f' with {key}' if key else ''}, name a model: {word}/<model>"
                     + (", e.g. gemini/gemini-2.5-flash." if word == "gemini" else "."))
    if hints:
        return " ".join(hints)
    return ("Examples: openai/gpt-4.1-mini, anthropic/claude-haiku-4-5, ollama/llama3.1, an agent CLI you are "
            "signed in to (claude-code, codex, gemini-cli, opencode), or builtin.")


# Where a broken learn.providers entry is fixed (providers come only from the user's own config files)
_FIX = "Fix it in your user config (`learn status` names the file that sets learn.providers)."


def provider_specs(configured: Mapping[str, Any] | None) -> dict[str, ProviderSpec]:
    """Built-in providers overlaid with `learn.providers` (validated)."""
    specs = dict(BUILTIN_PROVIDERS)
    for name, raw in (configured or {}).items():
        where = f"learn.providers.{name}"
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{where} must be an object such as "
                              '{"type": "openai", "base_url": "http://127.0.0.1:8000/v1", "api_key_env": "MY_KEY"}.', _FIX)
        unknown = set(raw) - {"type", "base_url", "api_key_env"}
        if unknown:
            raise ConfigError(f"{where}: unknown field {sorted(unknown)[0]!r}; allowed: type, base_url, api_key_env.", _FIX)
        base = specs.get(name.lower())
        kind = raw.get("type", base.type if base else None)
        if kind not in PROVIDER_TYPES:
            raise ConfigError(f"{where}.type must be \"openai\" (any OpenAI-compatible server) or \"anthropic\".", _FIX)
        url = raw.get("base_url", base.base_url if base else None)
        if not isinstance(url, str) or not usable_url(url):
            raise ConfigError(f"{where}.base_url must be an http(s) URL such as http://127.0.0.1:11434/v1.", _FIX)
        key_env = raw.get("api_key_env", base.api_key_env if base else None)
        if key_env is not None and (not isinstance(key_env, str) or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", key_env)):
            raise ConfigError(f"{where}.api_key_env must be the name of an environment variable, such as MY_API_KEY.", _FIX)
        local = bool(re.match(r"^https?://(127\.0\.0\.1|localhost|\[::1\])[:/]", url + "/"))
        specs[name.lower()] = ProviderSpec(name.lower(), PROVIDER_TYPES[kind], url.rstrip("/"), key_env,
                                           local=local, key_optional=bool(base and base.key_optional))
    return specs


def usable_url(url: str) -> bool:
    """An http(s) URL with a host that urllib can open."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        _ = parts.port  # raises for a port that is not a number
    except ValueError:  # "http://[::1"
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and not any(c.isspace() for c in url.strip())


def base_url_for(spec: ProviderSpec, configured: Mapping[str, Any] | None, env: Mapping[str, str]) -> str:
    """The provider's base URL: `learn.providers.<name>.base_url`, else the SDK variable, else the default."""
    raw = (configured or {}).get(spec.name)
    if isinstance(raw, Mapping) and raw.get("base_url"):
        return spec.base_url
    if spec.name == "ollama" and env.get("OLLAMA_HOST", "").strip():
        return _ollama_base(env["OLLAMA_HOST"])
    var = BASE_URL_ENV.get(spec.name)
    if var and env.get(var, "").strip():
        value = env[var].strip().rstrip("/")
        if not usable_url(value):
            from altimate_learn.redact import redact_url

            raise LearnError(f"{var} must be an http(s) URL such as http://127.0.0.1:11434/v1, not "
                             f"'{redact_url(value)}'.", f"Fix or unset {var}.")
        if spec.name == "gemini" and not value.endswith("/openai"):
            value += _GEMINI_OPENAI_PATH
        return value
    return spec.base_url


def _ollama_base(host: str) -> str:
    """`OLLAMA_HOST` as Ollama's own client reads it (`0.0.0.0`, `gpu-box:11434`, `http://gpu-box`) → its /v1 API."""
    from urllib.parse import urlsplit

    value = host.strip().rstrip("/")
    if "://" not in value:
        value = "http://" + value
    try:
        parts = urlsplit(value)
        port = parts.port or (443 if parts.scheme == "https" else 11434)
    except ValueError:
        raise LearnError(f"OLLAMA_HOST is not a host or URL: '{host}'.", "Example: OLLAMA_HOST=127.0.0.1:11434.") \
            from None
    name = parts.hostname or "127.0.0.1"
    if name in ("0.0.0.0", "::"):  # the server listens everywhere; talk to it here
        name = "127.0.0.1"
    if ":" in name:
        name = f"[{name}]"
    path = parts.path.rstrip("/")
    return f"{parts.scheme}://{name}:{port}{path if path.endswith('/v1') else path + '/v1'}"


def key_problem(spec: ProviderSpec, env: Mapping[str, str]) -> str | None:
    """Why ``spec`` cannot be used (its key variable is unset), or None."""
    if spec.api_key_env is None or spec.key_optional:
        return None
    if env.get(spec.api_key_env, "").strip():
        return None
    return f"{spec.api_key_env} is not set"


def make_chat_model(value: str, *, providers: Mapping[str, Any] | None = None,
                    env: Mapping[str, str] | None = None) -> ChatModel:
    """A ready-to-call model for ``provider/model``; raises :class:`LearnError` when it cannot be used."""
    from altimate_learn.reflect.providers.agentcli import AGENT_CLIS

    env = os.environ if env is None else env
    provider, model = split_model(value)
    if provider == BUILTIN:
        raise LearnError("'builtin' is not a chat model.")  # callers handle builtin before this
    if provider in AGENT_CLIS:
        return make_agent_model(provider, model, env)
    if provider == SESSION_AGENT:
        raise LearnError("'agent' names the CLI of a session's agent; there is no session here.",
                         "Name the CLI instead: --model claude-code, codex, gemini-cli or opencode.")
    specs = provider_specs(providers)
    spec = specs.get(provider)
    if spec is None:
        known = ", ".join(sorted(specs) + sorted(AGENT_CLIS))
        raise LearnError(f"unknown model provider '{provider}' in '{value}'.",
                         f"Known providers: {known}. Add others under learn.providers in your user config "
                         f"({_user_config_hint(env)}; a project config cannot define them), for example "
                         '{"myserver": {"type": "openai", "base_url": "http://host:8000/v1"}}.')
    problem = key_problem(spec, env)
    if problem:
        raise LearnError(f"model {value} cannot be used: {problem}.",
                         f"Export {spec.api_key_env}, choose another model with --model (or learn.model), "
                         "or use --model builtin to reflect offline.")
    key = env.get(spec.api_key_env, "").strip() if spec.api_key_env else ""
    url = base_url_for(spec, providers, env)
    if spec.type == "anthropic":
        from altimate_learn.reflect.providers.anthropic import AnthropicModel

        return AnthropicModel(spec, model, url, key)
    from altimate_learn.reflect.providers.openai_compat import OpenAICompatModel

    return OpenAICompatModel(spec, model, url, key)


def _user_config_hint(env: Mapping[str, str]) -> str:
    from altimate_learn.config import user_config_path

    return str(user_config_path(dict(env)))


def make_agent_model(name: str, model: str, env: Mapping[str, str]) -> ChatModel:
    """An agent CLI as a model; raises :class:`LearnError` when its command is not on PATH."""
    from altimate_learn.reflect.providers.agentcli import AgentCLIModel, cli_module

    chat = AgentCLIModel(name, model, env)
    if chat.binary() is None:
        module = cli_module(name)
        raise LearnError(f"model {chat.label} cannot be used: the `{module.BINARY}` command is not on PATH.",
                         f"Install {module.TITLE} ({module.INSTALL}), choose another model with --model (or "
                         "learn.model), or use --model builtin to reflect offline.")
    return chat


# --- resolution -------------------------------------------------------------------------------------
@dataclass
class Resolution:
    """Which reflector to use: ``model`` is ``builtin`` or ``provider/model``; ``chat`` is None for builtin."""

    model: str
    chat: ChatModel | None
    source: str  # "--model", "learn.model", "session", "default"
    note: str | None = None  # said in the output (the offline fallback, and why)

    @property
    def is_builtin(self) -> bool:
        return self.chat is None


def session_model_name(raw: str | None) -> str | None:
    """A session's recorded model as ``provider/model`` when we know its provider, else None.

    Harnesses record bare ids (`claude-sonnet-4-5-20250929`, `gpt-5-codex`) or, like opencode,
    ``provider/model``.
    """
    if not raw:
        return None
    text = raw.strip()
    if not text or text.startswith("<") or any(c.isspace() for c in text):  # `<synthetic>` lines
        return None
    text = re.sub(r"\[[^\]]*\]$", "", text)  # `claude-sonnet-4-5[1m]`
    if "/" in text:
        provider, _, model = text.partition("/")
        return f"{provider.lower()}/{model}" if provider.lower() in BUILTIN_PROVIDERS and model else None
    lowered = text.lower()
    if lowered.startswith("claude-"):
        return f"anthropic/{text}"
    if re.match(r"^(gpt-|chatgpt-|o[134](-|$)|codex-)", lowered):
        return f"openai/{text}"
    if lowered.startswith("gemini-"):  # Gemini CLI sessions
        return f"gemini/{text}"
    return None


def session_agent_model(harness: str | None, env: Mapping[str, str]) -> tuple[ChatModel, str]:
    """For ``agent``: the CLI of the agent that recorded the session, else the first agent CLI on PATH.
    Returns the model and a note saying which; raises :class:`LearnError` when no agent CLI is on PATH."""
    from altimate_learn.reflect.providers.agentcli import HARNESS_CLI, installed_clis

    own = HARNESS_CLI.get(harness or "")
    installed = [name for name, _ in installed_clis(env)]
    if own and own in installed:
        return make_agent_model(own, "", env), f"the CLI of the session's agent ({harness})"
    if not installed:
        raise LearnError("model 'agent' cannot be used: no agent CLI (claude, codex, gemini, opencode) is on PATH.",
                         "Install one, choose another model with --model (or learn.model), or use --model builtin.")
    why = f"{harness} has no CLI on PATH" if own else "the feedback comes from no agent's session"
    return make_agent_model(installed[0], "", env), f"{why}: the first agent CLI on PATH"


def resolve_model(requested: str | None, *, configured: str | None = None, configured_source: str = "learn.model",
                  session_model: str | None = None, providers: Mapping[str, Any] | None = None,
                  env: Mapping[str, str] | None = None, session_harness: str | None = None) -> Resolution:
    """See the module docstring. Raises :class:`LearnError` when an explicit choice is unusable."""
    env = os.environ if env is None else env
    for value, source in ((requested, "--model"), (configured, configured_source)):
        if value and value.strip():
            if value.strip() == BUILTIN:
                return Resolution(BUILTIN, None, source)
            try:
                if value.strip().lower() == SESSION_AGENT:
                    chat, note = session_agent_model(session_harness, env)
                    return Resolution(chat.label, chat, source, f"agent: {note}")
                chat = make_chat_model(value, providers=providers, env=env)
            except ConfigError:
                raise
            except LearnError as exc:
                if source == "--model":
                    raise
                raise LearnError(f"{exc.message.rstrip('.')} (set by {source}).", exc.hint) from None
            return Resolution(chat.label, chat, source)
    mapped = session_model_name(session_model)
    if mapped:
        try:
            chat = make_chat_model(mapped, providers=providers, env=env)
            return Resolution(chat.label, chat, "session")
        except LearnError as exc:
            why = exc.message.split(": ", 1)[-1].rstrip(".")
            return Resolution(BUILTIN, None, "default",
                              f"no model configured and the session's model {mapped} is not usable ({why}): "
                              "using the built-in offline reflector")
    shown = " ".join((session_model or "").split())[:80]
    if shown and not shown.startswith("<"):  # not Claude Code's `<synthetic>`
        return Resolution(BUILTIN, None, "default",
                          f"no model configured and the session's model {shown} is not one learn knows how to call: "
                          "using the built-in offline reflector")
    return Resolution(BUILTIN, None, "default", "no model configured: using the built-in offline reflector")


# --- HTTP -------------------------------------------------------------------------------------------
def clean_error_text(text: str, key: str) -> str:
    """Provider error text made safe to show: the key removed, redacted, one line, clipped."""
    from altimate_learn.redact import redact

    if key:
        text = text.replace(key, "[REDACTED]")
    text = redact(" ".join(text.split()))
    return text[:200] + ("…" if len(text) > 200 else "")


class _Watchdog:
    """Closes the connections of one request when its deadline passes.

    A socket timeout bounds each read, not the exchange: a server that sends a byte every few seconds
    (headers or body) would hold a reflection for hours. The watchdog shuts the sockets down at the
    deadline, so a blocked read returns at once and the call fails as a timeout.
    """

    def __init__(self, seconds: float) -> None:
        import threading

        self.fired = False
        self._connections: list[Any] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(0.0, seconds), self._fire)
        self._timer.daemon = True

    def track(self, connection: Any) -> Any:
        with self._lock:
            self._connections.append(connection)
        return connection

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            for connection in self._connections:
                sock = getattr(connection, "sock", None)
                if sock is not None:
                    try:
                        sock.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Never follow a redirect: urllib would repeat the request, API key header included, wherever the
    `Location` points (a 302 turns the POST into a GET and keeps `Authorization` / `x-api-key`). A model API does
    not redirect its endpoints, so a redirect is a wrong base URL or a hostile server: one clear error."""

    def __init__(self, label: str, url: str) -> None:
        self.label, self.url = label, url

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> None:
        from altimate_learn.redact import redact_url

        raise ProviderError(
            f"{self.label} at {_show_url(self.url)} answered with a redirect (HTTP {code}) to {redact_url(newurl)}; "
            "learn never follows a redirect with your API key.",
            "If that address is the real API, set the base URL to it (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, "
            "GOOGLE_GEMINI_BASE_URL or learn.providers).", kind="redirect")


def _opener(watchdog: _Watchdog, label: str = "the model server", url: str = "") -> urllib.request.OpenerDirector:
    """urllib's usual opener (proxies from the environment included) whose connections the watchdog sees, and
    that refuses redirects (:class:`_NoRedirect`)."""
    import http.client
    import ssl

    def tracked(kind: type[http.client.HTTPConnection]) -> Any:
        def factory(*args: Any, **kwargs: Any) -> http.client.HTTPConnection:
            return watchdog.track(kind(*args, **kwargs))
        return factory

    class HTTP(urllib.request.HTTPHandler):
        def http_open(self, req: Any) -> Any:
            return self.do_open(tracked(http.client.HTTPConnection), req)

    class HTTPS(urllib.request.HTTPSHandler):
        def https_open(self, req: Any) -> Any:
            return self.do_open(tracked(http.client.HTTPSConnection), req, context=ssl.create_default_context())

    return urllib.request.build_opener(HTTP(), HTTPS(), _NoRedirect(label, url))


def post_json(url: str, headers: dict[str, str], body: dict[str, Any], *, timeout: float, label: str,
              key: str, key_env: str | None) -> dict[str, Any]:
    """POST ``body`` as JSON and return the parsed JSON object answer, or raise :class:`ProviderError`.

    ``timeout`` bounds the whole exchange (connect, wait, and reading the body), not each socket read.
    """
    import http.client

    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json",
                                              "User-Agent": "altimate-learn", **headers})
    deadline = time.monotonic() + timeout
    timed_out = ProviderError(f"{label} did not answer within {seconds(timeout)} s.",
                              "Try again later, raise --timeout, or choose a faster model with --model.",
                              kind="timeout")
    watchdog = _Watchdog(timeout)
    try:
        with watchdog, _opener(watchdog, label, url).open(request, timeout=timeout) as response:  # noqa: S310 (http(s) only)
            raw = _read_capped(response, deadline, label, timed_out)
            status = response.status
    except ProviderError:
        raise
    except urllib.error.HTTPError as exc:
        try:
            raw_error = exc.read(64 * 1024)
        except (OSError, TimeoutError, http.client.HTTPException):
            raw_error = b""
        raise _http_error(exc.code, raw_error, exc.headers, label, key, key_env, url) from None
    except (TimeoutError, socket.timeout):
        raise timed_out from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if watchdog.fired or isinstance(reason, (TimeoutError, socket.timeout)):
            raise timed_out from None
        raise ProviderError(f"cannot reach {label} at {_show_url(url)} ({clean_error_text(str(reason), key)}).",
                            "Check that the server is running and the base URL (OPENAI_BASE_URL, "
                            "ANTHROPIC_BASE_URL, GOOGLE_GEMINI_BASE_URL or learn.providers) is right.",
                            kind="connection") from None
    except (ConnectionError, OSError, http.client.HTTPException) as exc:
        if watchdog.fired:
            raise timed_out from None
        # IncompleteRead, BadStatusLine, a reset: the server broke off or does not speak HTTP
        what = clean_error_text(str(exc), key) or type(exc).__name__
        raise ProviderError(f"connection to {label} failed ({type(exc).__name__}: {what}).",
                            "Try again; if it keeps failing, check the server and the base URL.",
                            kind="connection") from None
    except ValueError as exc:  # a base URL urllib cannot use ("localhost:11434/v1", no scheme)
        raise ProviderError(f"cannot use the base URL {_show_url(url)} for {label} ({clean_error_text(str(exc), key)}).",
                            "Base URLs start with http:// or https://, e.g. http://127.0.0.1:11434/v1.",
                            kind="connection") from None
    if watchdog.fired:
        raise timed_out
    try:
        value = loads_document(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        snippet = clean_error_text(raw[:80].decode("utf-8", "replace"), key) or "an empty body"
        raise ProviderError(f"{label} answered HTTP {status} with something that is not JSON ({snippet}).",
                            "Check the base URL points at the API (OpenAI-compatible servers end in /v1), "
                            "or try again later.", kind="garbage") from None
    if not isinstance(value, dict):
        raise ProviderError(f"{label} answered with an unexpected JSON {type(value).__name__}.",
                            "Check the base URL and the provider type in learn.providers.", kind="garbage")
    return value


def _read_capped(response: Any, deadline: float, label: str, timed_out: ProviderError) -> bytes:
    chunks: list[bytes] = []
    size = 0
    read = getattr(response, "read1", None) or response.read  # read1: return what has arrived, don't wait for 64 KB
    while True:
        if time.monotonic() > deadline:
            raise timed_out
        chunk = read(64 * 1024)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_RESPONSE_BYTES:
            raise ProviderError(f"{label} answered with more than {MAX_RESPONSE_BYTES // (1024 * 1024)} MB; "
                                "nothing was used.", "Try again, or choose another model with --model.",
                                kind="too_large")
        chunks.append(chunk)


def _show_url(url: str) -> str:
    from altimate_learn.redact import redact_url

    return redact_url(url)


def _retry_after(headers: Any) -> float | None:
    value = headers.get("Retry-After") if headers is not None else None
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _http_error(status: int, raw: bytes, headers: Any, label: str, key: str, key_env: str | None,
                url: str) -> ProviderError:
    detail = ""
    param = ""
    try:
        parsed = loads_document(raw.decode("utf-8"))
        err = parsed.get("error") if isinstance(parsed, dict) else None
        if isinstance(err, dict):
            detail = str(err.get("message") or err.get("type") or "")
            param = str(err.get("param") or "")
        elif isinstance(err, str):
            detail = err
        elif isinstance(parsed, dict) and isinstance(parsed.get("message"), str):
            detail = parsed["message"]
    except (UnicodeDecodeError, json.JSONDecodeError, AttributeError):
        detail = ""
    said = f": {clean_error_text(detail, key).rstrip('.')}" if detail.strip() else ""  # "…dashboard." + "."
    if status in (401, 403):
        where = f"Check {key_env}" if key_env else "Check the provider's key"
        return ProviderError(f"{label} rejected the request (HTTP {status}, authentication){said}.",
                             f"{where} (the key is not shown here), or choose another model with --model.",
                             kind="auth")
    if status == 429:
        wait = _retry_after(headers)
        when = f"; retry after {wait:.0f} s" if wait is not None else ""
        return ProviderError(f"{label} is rate limiting requests (HTTP 429{when}){said}.",
                             "Signals stay open; the next reflection retries after the backoff.",
                             kind="rate_limit", retry_after=wait)
    if status == 404:
        return ProviderError(f"{label}: not found (HTTP 404 from {_show_url(url)}){said}.",
                             "Check the model name and the base URL (OpenAI-compatible servers end in /v1).",
                             kind="not_found")
    if status in (400, 413, 422):
        return ProviderError(f"{label} refused the request (HTTP {status}){said}.",
                             "Check the model name; a smaller model or a shorter session may help.",
                             kind="bad_request", detail=clean_error_text(detail, key), param=param[:100])
    if status == 402:
        return ProviderError(f"{label} refused the request: payment required (HTTP 402){said}.",
                             "Check the account's credits or billing with the provider, or choose another model "
                             "with --model.", kind="auth")
    return ProviderError(f"{label} failed (HTTP {status}){said}.",
                         "The provider had a problem; signals stay open and the next reflection retries.",
                         kind="server")
