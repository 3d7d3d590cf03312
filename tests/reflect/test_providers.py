"""Providers over real HTTP against the fake server: both protocols, usage and cost, every failure as one line."""

from __future__ import annotations

import pytest

from altimate_learn.errors import ConfigError, LearnError
from altimate_learn.reflect.pricing import Usage, price_for, usage_for
from altimate_learn.reflect.providers import ProviderError, make_chat_model, resolve_model, session_model_name
from tests.fakes.model_server import FakeModelServer, model_server  # noqa: F401

OPENAI_KEY = "sk-test-" + "a1b2c3d4e5f6g7h8i9j0k1l2"
ANTHROPIC_KEY = "sk-ant-test-" + "z9y8x7w6v5u4t3s2r1q0p9o8"


def _env(server: FakeModelServer) -> dict[str, str]:
    return {"OPENAI_BASE_URL": server.openai_base_url, "OPENAI_API_KEY": OPENAI_KEY,
            "ANTHROPIC_BASE_URL": server.anthropic_base_url, "ANTHROPIC_API_KEY": ANTHROPIC_KEY}


def test_openai_request_shape_and_usage(model_server: FakeModelServer) -> None:
    model_server.deltas({"op": "ADD", "text": "Use `ref()`.", "reason": "r"}, input_tokens=7000, output_tokens=1700)
    model = make_chat_model("openai/gpt-4.1-mini", env=_env(model_server))
    done = model.complete("SYSTEM", "PROMPT", timeout=5, max_tokens=4096)
    assert '"Use `ref()`."' in done.text
    assert done.usage.to_dict() == {"input_tokens": 7000, "output_tokens": 1700, "cost_usd": 0.00552,
                                    "estimated": False}
    request = model_server.requests[-1]
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {OPENAI_KEY}"
    assert request.body["temperature"] == 0 and request.body["max_tokens"] == 4096
    assert request.body["stream"] is False and "tools" not in request.body
    assert request.system == "SYSTEM" and request.prompt == "PROMPT"


def test_openai_reasoning_models_get_the_request_they_accept(model_server: FakeModelServer) -> None:
    model_server.reply('{"deltas": []}')
    make_chat_model("openai/gpt-5-mini", env=_env(model_server)).complete("s", "p", timeout=5, max_tokens=100)
    body = model_server.requests[-1].body
    assert "temperature" not in body and body["max_completion_tokens"] == 100


def test_anthropic_request_shape_and_usage(model_server: FakeModelServer) -> None:
    model_server.reply('{"deltas": []}', input_tokens=1000, output_tokens=100)
    model = make_chat_model("anthropic/claude-haiku-4-5", env=_env(model_server))
    done = model.complete("SYSTEM", "PROMPT", timeout=5, max_tokens=4096)
    assert done.text == '{"deltas": []}'
    assert done.usage.to_dict() == {"input_tokens": 1000, "output_tokens": 100, "cost_usd": 0.0015,
                                    "estimated": False}
    request = model_server.requests[-1]
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == ANTHROPIC_KEY and request.headers["anthropic-version"] == "2023-06-01"
    assert request.body == {"model": "claude-haiku-4-5", "max_tokens": 4096, "temperature": 0, "system": "SYSTEM",
                            "messages": [{"role": "user", "content": "PROMPT"}]}


def test_missing_usage_is_estimated(model_server: FakeModelServer) -> None:
    model_server.reply("x" * 400, usage=False)
    done = make_chat_model("openai/gpt-4o", env=_env(model_server)).complete("s" * 400, "p" * 400, timeout=5,
                                                                             max_tokens=10)
    assert done.usage.estimated and done.usage.input_tokens == 200 and done.usage.output_tokens == 100


def test_local_servers_cost_nothing_and_need_no_key(model_server: FakeModelServer) -> None:
    model_server.reply('{"deltas": []}', input_tokens=5000, output_tokens=10)
    providers = {"ollama": {"base_url": model_server.openai_base_url}}
    model = make_chat_model("ollama/qwen2.5-coder:7b", providers=providers, env={})
    done = model.complete("s", "p", timeout=5, max_tokens=10)
    assert done.usage.cost_usd == 0.0
    assert "authorization" not in model_server.requests[-1].headers
    assert model_server.requests[-1].body["model"] == "qwen2.5-coder:7b"


def test_configured_provider_with_its_own_key_variable(model_server: FakeModelServer) -> None:
    model_server.reply('{"deltas": []}')
    providers = {"corp": {"type": "openai", "base_url": model_server.openai_base_url, "api_key_env": "CORP_KEY"}}
    make_chat_model("corp/big-model", providers=providers, env={"CORP_KEY": "corp-secret-1"}).complete(
        "s", "p", timeout=5, max_tokens=10)
    assert model_server.requests[-1].headers["authorization"] == "Bearer corp-secret-1"
    with pytest.raises(LearnError) as caught:
        make_chat_model("corp/big-model", providers=providers, env={})
    assert str(caught.value).startswith("model corp/big-model cannot be used: CORP_KEY is not set.")


@pytest.mark.parametrize(("script", "kind", "message"), [
    (lambda s: s.fail(401, f"Incorrect API key provided: {OPENAI_KEY}"), "auth",
     "openai/gpt-4o-mini rejected the request (HTTP 401, authentication): Incorrect API key provided: "
     "[REDACTED]. Check OPENAI_API_KEY (the key is not shown here), or choose another model with --model."),
    (lambda s: s.fail(429, "Rate limit reached", retry_after=30), "rate_limit",
     "openai/gpt-4o-mini is rate limiting requests (HTTP 429; retry after 30 s): Rate limit reached. "
     "Signals stay open; the next reflection retries after the backoff."),
    (lambda s: s.fail(500, "The server had an error"), "server",
     "openai/gpt-4o-mini failed (HTTP 500): The server had an error. The provider had a problem; signals stay "
     "open and the next reflection retries."),
    (lambda s: s.garbage("<html><body>502 Bad Gateway</body></html>"), "garbage",
     "openai/gpt-4o-mini answered HTTP 200 with something that is not JSON (<html><body>502 Bad Gateway</body>"
     "</html>). Check the base URL points at the API (OpenAI-compatible servers end in /v1), or try again later."),
    (lambda s: s.hang(3), "timeout",
     "openai/gpt-4o-mini did not answer within 0.5 s. Try again later, raise --timeout, or choose a faster model "
     "with --model."),
    (lambda s: s.raw({"choices": []}), "garbage",
     "openai/gpt-4o-mini answered without a message (no choices[0].message.content). Check that the base URL "
     "serves OpenAI chat completions."),
])
def test_openai_failures_are_one_clear_line(model_server: FakeModelServer, script, kind: str, message: str) -> None:
    script(model_server)
    model = make_chat_model("openai/gpt-4o-mini", env=_env(model_server))
    with pytest.raises(ProviderError) as caught:
        model.complete("s", "p", timeout=0.5, max_tokens=10)
    assert caught.value.kind == kind
    assert str(caught.value) == message
    assert OPENAI_KEY not in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("status", "kind"), [(401, "auth"), (429, "rate_limit"), (500, "server"), (529, "server")])
def test_anthropic_failures(model_server: FakeModelServer, status: int, kind: str) -> None:
    model_server.fail(status, f"bad things with {ANTHROPIC_KEY}")
    model = make_chat_model("anthropic/claude-sonnet-4-5", env=_env(model_server))
    with pytest.raises(ProviderError) as caught:
        model.complete("s", "p", timeout=5, max_tokens=10)
    assert caught.value.kind == kind and ANTHROPIC_KEY not in str(caught.value)


def test_retry_after_is_reported(model_server: FakeModelServer) -> None:
    model_server.fail(429, retry_after=120)
    with pytest.raises(ProviderError) as caught:
        make_chat_model("anthropic/claude-sonnet-4-5", env=_env(model_server)).complete("s", "p", timeout=5,
                                                                                       max_tokens=10)
    assert caught.value.retry_after == 120


def test_connection_refused() -> None:
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_API_KEY": OPENAI_KEY}
    with pytest.raises(ProviderError) as caught:
        make_chat_model("openai/gpt-4o", env=env).complete("s", "p", timeout=5, max_tokens=10)
    assert caught.value.kind == "connection"
    assert str(caught.value).startswith("cannot reach openai/gpt-4o at http://127.0.0.1:9/v1/chat/completions (")


def test_resolution_order() -> None:
    env = {"OPENAI_API_KEY": OPENAI_KEY, "ANTHROPIC_API_KEY": ANTHROPIC_KEY}
    assert resolve_model("anthropic/claude-haiku-4-5", configured="openai/gpt-4o", env=env).source == "--model"
    assert resolve_model(None, configured="openai/gpt-4o", env=env).model == "openai/gpt-4o"
    session = resolve_model(None, session_model="claude-sonnet-4-5-20250929", env=env)
    assert (session.model, session.source) == ("anthropic/claude-sonnet-4-5-20250929", "session")
    assert resolve_model("builtin", configured="openai/gpt-4o", env=env).is_builtin
    fallback = resolve_model(None, session_model="claude-sonnet-4-5", env={})
    assert fallback.is_builtin and fallback.note == (
        "no model configured and the session's model anthropic/claude-sonnet-4-5 is not usable "
        "(ANTHROPIC_API_KEY is not set): using the built-in offline reflector")
    plain = resolve_model(None, env={})
    assert plain.is_builtin and plain.note == "no model configured: using the built-in offline reflector"


def test_an_explicit_model_without_a_key_is_an_error_not_a_fallback() -> None:
    with pytest.raises(LearnError) as caught:
        resolve_model("anthropic/claude-haiku-4-5", env={})
    assert str(caught.value) == (
        "model anthropic/claude-haiku-4-5 cannot be used: ANTHROPIC_API_KEY is not set. Export ANTHROPIC_API_KEY, "
        "choose another model with --model (or learn.model), or use --model builtin to reflect offline.")
    with pytest.raises(LearnError) as caught:
        resolve_model(None, configured="openai/gpt-4o", env={})
    assert "(set by learn.model)" in str(caught.value)
    with pytest.raises(LearnError) as caught:
        resolve_model("gpt-4o", env={})
    assert str(caught.value).startswith("model 'gpt-4o' is not of the form provider/model.")
    with pytest.raises(LearnError) as caught:
        resolve_model("nosuch/model", env={})
    assert str(caught.value).startswith("unknown model provider 'nosuch' in 'nosuch/model'.")


def test_bad_provider_config_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as caught:
        make_chat_model("corp/x", providers={"corp": {"type": "grpc", "base_url": "http://h"}}, env={})
    assert "learn.providers.corp.type" in str(caught.value)
    with pytest.raises(ConfigError):
        make_chat_model("corp/x", providers={"corp": {"type": "openai", "base_url": "ftp://h"}}, env={})


@pytest.mark.parametrize(("raw", "mapped"), [
    ("claude-sonnet-4-5-20250929", "anthropic/claude-sonnet-4-5-20250929"), ("claude-opus-4-1[1m]",
                                                                              "anthropic/claude-opus-4-1"),
    ("gpt-5-codex", "openai/gpt-5-codex"), ("o4-mini", "openai/o4-mini"), ("anthropic/claude-x", "anthropic/claude-x"),
    ("gemini-2.5-pro", None), ("<synthetic>", None), (None, None), ("mystery/model", None),
])
def test_session_models_map_to_providers(raw, mapped) -> None:
    assert session_model_name(raw) == mapped


def test_prices_and_unknown_models() -> None:
    assert price_for("claude-sonnet-4-5-20250929") == (3.0, 15.0)
    assert price_for("openrouter/anthropic/claude-sonnet-4.5") == (3.0, 15.0)
    assert price_for("gpt-4o-mini") == (0.15, 0.6)
    assert price_for("my-finetune") is None
    unknown = usage_for("my-finetune", local=False, input_tokens=10, output_tokens=10, prompt_chars=0, answer_chars=0)
    assert unknown.cost_usd is None and unknown.describe().endswith("cost unknown (no price for this model)")
    total = Usage().add(usage_for("gpt-4o", local=False, input_tokens=1_000_000, output_tokens=0, prompt_chars=0,
                                  answer_chars=0))
    assert total.cost_usd == 2.5 and total.describe() == "1,000,000 input + 0 output tokens, estimated cost $2.5000"


def test_the_fake_server_logs_unknown_paths_and_complains_when_nothing_is_queued(model_server) -> None:
    import json
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(urllib.request.Request(model_server.openai_base_url + "/chat/completions",
                                                      data=b"{}", method="POST"), timeout=5)
    assert caught.value.code == 500 and json.loads(caught.value.read())["error"]["message"] == "no canned reply queued"
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(model_server.url + "/nope", timeout=5)
    assert [r.path for r in model_server.requests] == ["/v1/chat/completions", "/nope"]
