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
    # room for the hidden reasoning tokens, which count against the limit
    assert "temperature" not in body and body["max_completion_tokens"] == 400 and "max_tokens" not in body


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


def test_an_agents_own_word_as_a_model_names_what_to_type() -> None:
    """review51 R51-1: `learn reflect --model gemini` (the word `learn install gemini` uses) said only "not of the
    form provider/model" with examples that named neither the Gemini CLI nor the Gemini API."""
    with pytest.raises(LearnError) as caught:
        resolve_model("gemini", env={})
    assert str(caught.value) == (
        "model 'gemini' is not of the form provider/model. For the Gemini CLI (`gemini -p`): --model gemini-cli. "
        "For the gemini API with GEMINI_API_KEY, name a model: gemini/<model>, e.g. gemini/gemini-2.5-flash.")
    with pytest.raises(LearnError) as caught:
        resolve_model("claude", env={})
    assert str(caught.value).endswith("For the Claude Code CLI (`claude -p`): --model claude-code.")
    with pytest.raises(LearnError) as caught:
        resolve_model("gpt-4o", env={})
    assert "(claude-code, codex, gemini-cli, opencode)" in str(caught.value)


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
    ("gemini-2.5-pro", "gemini/gemini-2.5-pro"), ("<synthetic>", None), (None, None), ("mystery/model", None),
])
def test_session_models_map_to_providers(raw, mapped) -> None:
    assert session_model_name(raw) == mapped


def test_prices_and_unknown_models() -> None:
    assert price_for("claude-sonnet-4-5-20250929") == (3.0, 15.0)
    assert price_for("openrouter/anthropic/claude-sonnet-4.5") == (3.0, 15.0)
    assert price_for("gpt-4o-mini") == (0.15, 0.6)
    assert price_for("my-finetune") is None
    # the longest prefix wins: o1 is not o1-mini, gpt-4 is not gpt-4o or gpt-4.1
    assert (price_for("o1-2024-12-17"), price_for("o1-mini"), price_for("gpt-4-0613"), price_for("gpt-4.1")) == \
        ((15.0, 60.0), (1.1, 4.4), (30.0, 60.0), (2.0, 8.0))
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


# --- servers that misbehave at the HTTP level ------------------------------------------------------------

class _RawServer:
    """One connection on 127.0.0.1 answered with ``script(conn)`` (raw bytes: slow, cut, not HTTP)."""

    def __init__(self, script) -> None:
        import socket
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.port = self.sock.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, args=(script,), daemon=True)
        self.thread.start()

    def _serve(self, script) -> None:
        conn, _ = self.sock.accept()
        try:
            conn.recv(65536)
            script(conn, self.stop)
        except OSError:
            pass
        finally:
            conn.close()

    def env(self) -> dict[str, str]:
        return {"OPENAI_BASE_URL": f"http://127.0.0.1:{self.port}/v1", "OPENAI_API_KEY": OPENAI_KEY}

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


def _dribble(head: bytes, each: bytes):
    def script(conn, stop) -> None:
        conn.sendall(head)
        while not stop.wait(0.2):  # a byte now and then: every single read is "in time"
            conn.sendall(each)
    return script


@pytest.mark.parametrize("script", [
    _dribble(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n", b" "),
    _dribble(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", b"1\r\n \r\n"),
    _dribble(b"HTTP/1.1 200 OK\r\nX-Slow: ", b"a"),
], ids=["body", "chunked", "headers"])
def test_the_timeout_bounds_the_whole_exchange_even_when_bytes_trickle_in(script) -> None:
    import time

    server = _RawServer(script)
    try:
        started = time.monotonic()
        with pytest.raises(ProviderError) as caught:
            make_chat_model("openai/gpt-4o", env=server.env()).complete("s", "p", timeout=1, max_tokens=10)
        assert time.monotonic() - started < 30  # without the watchdog it would dribble on for minutes
        assert caught.value.kind == "timeout"
        assert str(caught.value) == ("openai/gpt-4o did not answer within 1 s. Try again later, raise --timeout, "
                                     "or choose a faster model with --model.")
    finally:
        server.close()


@pytest.mark.parametrize("payload", [
    b"SSH-2.0-OpenSSH_9.6\r\n",
    b"",
    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"deltas\":",
], ids=["not-http", "closed", "cut-chunk"])
def test_a_server_that_breaks_http_is_one_clear_line(payload: bytes) -> None:
    # What the OS reports for a broken exchange (an incomplete read, a reset, a closed socket) depends on
    # timing; the promise is one line that says the connection failed and what to do.
    server = _RawServer(lambda conn, stop: conn.sendall(payload))
    try:
        with pytest.raises(ProviderError) as caught:
            make_chat_model("openai/gpt-4o", env=server.env()).complete("s", "p", timeout=5, max_tokens=10)
        assert caught.value.kind == "connection"
        text = str(caught.value)
        assert "\n" not in text
        assert text.startswith("connection to openai/gpt-4o failed (")
        assert text.endswith("). Try again; if it keeps failing, check the server and the base URL.")
    finally:
        server.close()


@pytest.mark.parametrize("url", ["localhost:11434/v1", "127.0.0.1:8000", "ftp://host/v1", "http://[::1"])
def test_a_base_url_variable_that_is_not_a_url_is_named(url: str) -> None:
    with pytest.raises(LearnError) as caught:
        make_chat_model("openai/gpt-4o", env={"OPENAI_BASE_URL": url, "OPENAI_API_KEY": OPENAI_KEY})
    assert str(caught.value) == (f"OPENAI_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1, not "
                                 f"'{url}'. Fix or unset OPENAI_BASE_URL.")


def test_answers_over_the_size_cap_are_refused_without_buffering_them(model_server: FakeModelServer) -> None:
    model_server.reply("x" * (9 * 1024 * 1024))
    with pytest.raises(ProviderError) as caught:
        make_chat_model("openai/gpt-4o", env=_env(model_server)).complete("s", "p", timeout=20, max_tokens=10)
    assert caught.value.kind == "too_large"
    assert str(caught.value).startswith("openai/gpt-4o answered with more than 8 MB; nothing was used.")


# --- what newer OpenAI models and compatible servers refuse ---------------------------------------------

def _refuse(param: str, message: str, code: str = "unsupported_parameter") -> dict:
    return {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}}


def test_a_refused_max_tokens_is_sent_again_as_max_completion_tokens(model_server: FakeModelServer) -> None:
    model_server.raw(_refuse("max_tokens", "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                           "Use 'max_completion_tokens' instead."), status=400)
    model_server.reply('{"deltas": []}')
    model_server.reply('{"deltas": []}')
    model = make_chat_model("openai/gpt-7-preview", env=_env(model_server))  # a model we know nothing about
    assert model.complete("s", "p", timeout=5, max_tokens=100).text == '{"deltas": []}'
    first, second = model_server.requests[0].body, model_server.requests[1].body
    assert first["max_tokens"] == 100 and "max_completion_tokens" not in first
    assert second["max_completion_tokens"] == 100 and "max_tokens" not in second
    model.complete("s", "p", timeout=5, max_tokens=100)  # the next call asks the right way at once
    assert len(model_server.requests) == 3 and "max_tokens" not in model_server.requests[2].body


def test_a_refused_temperature_and_system_role_are_dropped(model_server: FakeModelServer) -> None:
    model_server.raw(_refuse("temperature", "Unsupported value: 'temperature' does not support 0 with this model. "
                                            "Only the default (1) value is supported.", "unsupported_value"), status=400)
    model_server.raw(_refuse("messages[0].role", "Unsupported value: 'messages[0].role' does not support 'system' "
                                                 "with this model.", "unsupported_value"), status=400)
    model_server.reply('{"deltas": []}')
    make_chat_model("openai/legacy-reasoner", env=_env(model_server)).complete("SYS", "USER", timeout=5, max_tokens=10)
    last = model_server.requests[-1].body
    assert "temperature" not in last
    assert last["messages"] == [{"role": "user", "content": "SYS\n\nUSER"}]


def test_a_400_about_something_else_is_not_retried(model_server: FakeModelServer) -> None:
    model_server.raw(_refuse("max_tokens", "max_tokens is too large: 100000. This model supports at most 16384 "
                                           "completion tokens.", "invalid_value"), status=400)
    with pytest.raises(ProviderError) as caught:
        make_chat_model("openai/gpt-4o", env=_env(model_server)).complete("s", "p", timeout=5, max_tokens=100000)
    assert caught.value.kind == "bad_request" and len(model_server.requests) == 1


def test_a_reasoning_model_that_spends_its_limit_thinking_says_so(model_server: FakeModelServer) -> None:
    model_server.raw({"id": "x", "object": "chat.completion", "model": "gpt-5",
                      "choices": [{"index": 0, "finish_reason": "length",
                                   "message": {"role": "assistant", "content": ""}}],
                      "usage": {"prompt_tokens": 5000, "completion_tokens": 16384,
                                "completion_tokens_details": {"reasoning_tokens": 16384}}})
    with pytest.raises(ProviderError) as caught:
        make_chat_model("openai/gpt-5", env=_env(model_server)).complete("s", "p", timeout=5, max_tokens=4096)
    assert str(caught.value).startswith("openai/gpt-5 used its whole token limit without answering (finish_reason: "
                                        "length;")


def test_a_refusal_and_a_payment_error_are_explained(model_server: FakeModelServer) -> None:
    model_server.raw({"choices": [{"index": 0, "finish_reason": "stop",
                                   "message": {"role": "assistant", "content": None, "refusal": "I can't help."}}]})
    model_server.raw({"error": {"message": "Insufficient credits. Add more using the dashboard.", "code": 402}},
                     status=402)
    model = make_chat_model("openai/gpt-4o", env=_env(model_server))
    with pytest.raises(ProviderError) as caught:
        model.complete("s", "p", timeout=5, max_tokens=10)
    assert str(caught.value).startswith("openai/gpt-4o declined to answer: I can't help.")
    with pytest.raises(ProviderError) as caught:
        model.complete("s", "p", timeout=5, max_tokens=10)
    assert str(caught.value) == ("openai/gpt-4o refused the request: payment required (HTTP 402): Insufficient "
                                 "credits. Add more using the dashboard. Check the account's credits or billing with "
                                 "the provider, or choose another model with --model.")


def test_ollama_follows_ollama_host_like_its_own_client(model_server: FakeModelServer) -> None:
    model_server.reply('{"deltas": []}')
    env = {"OLLAMA_HOST": f"0.0.0.0:{model_server.port}"}  # what people export to serve on every interface
    done = make_chat_model("ollama/qwen2.5-coder:7b", env=env).complete("s", "p", timeout=5, max_tokens=10)
    assert done.usage.cost_usd == 0.0
    assert model_server.requests[-1].path == "/v1/chat/completions"
    assert model_server.requests[-1].body["model"] == "qwen2.5-coder:7b"


def test_a_gemini_cli_session_reflects_with_gemini_when_its_key_is_set(model_server: FakeModelServer) -> None:
    resolution = resolve_model(None, session_model="gemini-2.5-flash", env={"GEMINI_API_KEY": "AIza-test"},
                               providers={"gemini": {"base_url": model_server.openai_base_url}})
    assert (resolution.model, resolution.source) == ("gemini/gemini-2.5-flash", "session")
    model_server.reply('{"deltas": []}', input_tokens=1_000_000, output_tokens=0)
    resolution.chat.complete("s", "p", timeout=5, max_tokens=10)
    assert model_server.requests[-1].headers["authorization"] == "Bearer AIza-test"
    assert model_server.requests[-1].body["model"] == "gemini-2.5-flash"
    without_key = resolve_model(None, session_model="gemini-2.5-flash", env={})
    assert without_key.is_builtin and "GEMINI_API_KEY is not set" in without_key.note


def test_gemini_follows_the_base_url_gemini_cli_reads(model_server: FakeModelServer) -> None:
    """review11 R11-2: a Gemini CLI user behind a gateway (GOOGLE_GEMINI_BASE_URL) is not sent to Google's host."""
    model_server.deltas({"op": "ADD", "text": "Use `uv`.", "reason": "r"})
    env = {"GEMINI_API_KEY": "gemini-test-key-000000000000", "GOOGLE_GEMINI_BASE_URL": model_server.url + "/"}
    done = make_chat_model("gemini/gemini-2.5-flash", env=env).complete("SYSTEM", "PROMPT", timeout=5, max_tokens=64)
    assert "Use `uv`." in done.text
    request = model_server.requests[0]
    assert request.path == "/v1beta/openai/chat/completions"
    assert request.body["model"] == "gemini-2.5-flash"
    assert request.headers.get("authorization") == "Bearer gemini-test-key-000000000000"


def test_a_bad_gemini_base_url_is_one_line_naming_the_variable() -> None:
    with pytest.raises(LearnError) as caught:
        make_chat_model("gemini/gemini-2.5-flash", env={"GEMINI_API_KEY": "k", "GOOGLE_GEMINI_BASE_URL": "localhost:9"})
    assert "GOOGLE_GEMINI_BASE_URL must be an http(s) URL" in str(caught.value)
