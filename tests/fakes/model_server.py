"""A fake model provider on 127.0.0.1 for tests: OpenAI chat completions and Anthropic Messages.

Real HTTP, stdlib only, one thread per request. Tests queue what the next requests get, point a
provider at :attr:`FakeModelServer.openai_base_url` / :attr:`FakeModelServer.anthropic_base_url`, and
assert on :attr:`FakeModelServer.requests` afterwards.

Usage::

    from tests.fakes.model_server import FakeModelServer

    with FakeModelServer() as server:
        server.reply('{"deltas": []}', input_tokens=1200, output_tokens=40)
        server.fail(429, retry_after=30)           # the next request is rate limited
        server.garbage(b"<html>502 Bad Gateway</html>")
        server.hang(5)                               # answer only after 5 s (use a shorter client timeout)
        env = {"OPENAI_BASE_URL": server.openai_base_url, "OPENAI_API_KEY": "sk-test"}
        ...
        assert server.requests[0].body["temperature"] == 0

Or as a pytest fixture: ``from tests.fakes.model_server import model_server  # noqa: F401`` in a test
module (or conftest) makes ``model_server`` available; it is stopped after the test.

Each POST to ``/v1/chat/completions`` (OpenAI) or ``/v1/messages`` (Anthropic, ``?beta=true`` too)
takes the next queued entry and answers in that endpoint's format. With an empty queue the server
answers :attr:`FakeModelServer.default_text` when it is set, otherwise HTTP 500 "no canned reply
queued" (so a test that makes more calls than it planned fails visibly). ``FakeModelServer(auto_vet=True)``
answers every vet request (:mod:`altimate_learn.gates.vet`) with ``pass`` for its items, outside the queue;
``server.vet({...})`` queues one vet answer instead. ``GET /v1/models`` lists
one model. Every request, including unknown paths (answered 404), is logged.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

OPENAI_PATH = "/v1/chat/completions"
GEMINI_OPENAI_PATH = "/v1beta/openai/chat/completions"  # Gemini's OpenAI-compatible API
ANTHROPIC_PATH = "/v1/messages"


@dataclass
class Reply:
    """A normal answer: ``text`` as the assistant message, with usage unless ``usage`` is False."""

    text: str
    input_tokens: int = 100
    output_tokens: int = 20
    usage: bool = True
    model: str | None = None  # echoed model name; default: the requested one


@dataclass
class Failure:
    """An HTTP error in the protocol's error shape (``{"error": …}``)."""

    status: int
    message: str = "scripted failure"
    retry_after: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Garbage:
    """Any bytes with any status and content type (HTML error pages, truncated JSON, empty bodies)."""

    body: bytes
    status: int = 200
    content_type: str = "text/html"


@dataclass
class Raw:
    """A JSON value sent as is (for odd but well-formed shapes)."""

    value: Any
    status: int = 200


@dataclass
class Hang:
    """Wait ``seconds`` before answering with ``then`` (default: an empty deltas reply)."""

    seconds: float
    then: Reply | Failure | Garbage | Raw | None = None


@dataclass
class Computed:
    """An answer made from the request when it arrives (e.g. a vet that answers for the items it was sent)."""

    make: Any  # Callable[[Request], Reply | Failure | Garbage | Raw]


def vet_items(prompt: str) -> list[tuple[str, str]]:
    """(key, text) of each item in a vet request's ITEMS block."""
    import re

    out = []
    inside = False
    for line in prompt.splitlines():
        if line.startswith("<<<ITEMS "):
            inside = True
            continue
        if line.startswith("<<<END ITEMS"):
            break
        match = re.match(r"^\[([^\]]+)\] author=\S+ evidence=\S+ replaces=\S+ (.*)$", line) if inside else None
        if match:
            out.append((match.group(1), match.group(2)))
    return out


@dataclass
class Gate:
    """Answer only once ``opened`` is set (the test decides when: no race with a clock), then with ``then``."""

    opened: threading.Event
    then: Reply | Failure | Garbage | Raw | None = None


Entry = Reply | Failure | Garbage | Raw | Hang | Gate | Computed


@dataclass
class Request:
    """One logged request. ``body`` is the parsed JSON (or the raw text when it was not JSON)."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def protocol(self) -> str:
        return "anthropic" if self.path.split("?")[0] == ANTHROPIC_PATH else "openai"

    @property
    def prompt(self) -> str:
        """The user message text of a chat request (both protocols)."""
        if not isinstance(self.body, dict):
            return ""
        out = []
        for message in self.body.get("messages") or []:
            if message.get("role") != "user":
                continue
            content = message.get("content")
            if isinstance(content, str):
                out.append(content)
            elif isinstance(content, list):
                out += [b.get("text", "") for b in content if isinstance(b, dict)]
        return "\n".join(out)

    @property
    def system(self) -> str:
        """The system prompt of a chat request (both protocols)."""
        if not isinstance(self.body, dict):
            return ""
        if isinstance(self.body.get("system"), str):
            return self.body["system"]
        return "\n".join(m.get("content", "") for m in self.body.get("messages") or []
                         if m.get("role") == "system" and isinstance(m.get("content"), str))


class FakeModelServer:
    """See the module docstring."""

    def __init__(self, default_text: str | None = None, *, auto_vet: bool = False) -> None:
        self.default_text = default_text
        self.auto_vet = auto_vet  # answer every vet request "pass" for all its items, without using the queue
        self.requests: list[Request] = []
        self._queue: deque[Entry] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # --- scripting ---------------------------------------------------------------------------------
    def reply(self, text: str | dict[str, Any], *, input_tokens: int = 100, output_tokens: int = 20,
              usage: bool = True, model: str | None = None) -> FakeModelServer:
        """Queue an answer; a dict is sent as its JSON text."""
        body = text if isinstance(text, str) else json.dumps(text)
        return self._push(Reply(body, input_tokens, output_tokens, usage, model))

    def deltas(self, *deltas: dict[str, Any], **kwargs: Any) -> FakeModelServer:
        """Queue ``{"deltas": [...]}`` as the answer."""
        return self.reply({"deltas": list(deltas)}, **kwargs)

    def fail(self, status: int, message: str = "scripted failure", *, retry_after: str | int | None = None,
             headers: dict[str, str] | None = None) -> FakeModelServer:
        return self._push(Failure(status, message, None if retry_after is None else str(retry_after),
                                  dict(headers or {})))

    def garbage(self, body: bytes | str, *, status: int = 200, content_type: str = "text/html") -> FakeModelServer:
        data = body.encode("utf-8") if isinstance(body, str) else body
        return self._push(Garbage(data, status, content_type))

    def raw(self, value: Any, *, status: int = 200) -> FakeModelServer:
        return self._push(Raw(value, status))

    def vet(self, verdicts: dict[str, dict[str, Any]] | None = None, **kwargs: Any) -> FakeModelServer:
        """Queue a vet answer: ``pass`` for every item the request lists, except items whose text contains a
        key of ``verdicts`` (that entry is used, e.g. ``{"npm": {"verdict": "contradiction", …}}``)."""
        def make(request: Request) -> Reply:
            answer = []
            for key, text in vet_items(request.prompt):
                chosen = next((v for k, v in (verdicts or {}).items() if k in text or k == key), {"verdict": "pass"})
                answer.append({"item": key, "reason": "fake vet", **chosen})
            return Reply(json.dumps({"verdicts": answer}), **kwargs)

        return self._push(Computed(make))

    def hang(self, seconds: float, then: Entry | None = None) -> FakeModelServer:
        return self._push(Hang(seconds, then))  # type: ignore[arg-type]

    def gate(self, then: Entry | None = None) -> threading.Event:
        """Queue an answer held until the returned event is set (``event.set()``)."""
        opened = threading.Event()
        self._push(Gate(opened, then))  # type: ignore[arg-type]
        return opened

    def _push(self, entry: Entry) -> FakeModelServer:
        with self._lock:
            self._queue.append(entry)
        return self

    @property
    def pending(self) -> int:
        """Queued entries not yet consumed."""
        with self._lock:
            return len(self._queue)

    def _next(self) -> Entry | None:
        with self._lock:
            return self._queue.popleft() if self._queue else None

    # --- addresses ---------------------------------------------------------------------------------
    @property
    def port(self) -> int:
        assert self._server is not None, "server not started"
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        """What `OPENAI_BASE_URL` (or a provider's `base_url`) should be."""
        return self.url + "/v1"

    @property
    def anthropic_base_url(self) -> str:
        """What `ANTHROPIC_BASE_URL` should be (the client appends `/v1/messages`)."""
        return self.url

    # --- lifecycle ---------------------------------------------------------------------------------
    def start(self) -> FakeModelServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                return

            def _record(self, body: Any) -> Request:
                request = Request(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with owner._lock:
                    owner.requests.append(request)
                return request

            def _send(self, status: int, body: bytes, content_type: str = "application/json",
                      headers: dict[str, str] | None = None) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(body)))
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                    pass

            def do_HEAD(self) -> None:  # noqa: N802
                self._record(None)
                self._send(200, b"")

            def do_GET(self) -> None:  # noqa: N802
                self._record(None)
                if self.path.split("?")[0] == "/v1/models":
                    self._send(200, json.dumps({"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
                               .encode())
                else:
                    self._send(404, json.dumps({"error": {"message": f"no route {self.path}"}}).encode())

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body: Any = json.loads(raw.decode("utf-8")) if raw else None
                except (UnicodeDecodeError, json.JSONDecodeError):
                    body = raw.decode("utf-8", "replace")
                request = self._record(body)
                path = self.path.split("?")[0]
                if path not in (OPENAI_PATH, GEMINI_OPENAI_PATH, ANTHROPIC_PATH):
                    self._send(404, json.dumps({"error": {"message": f"no route {self.path}"}}).encode())
                    return
                if owner.auto_vet and "<<<ITEMS " in request.prompt:
                    self._answer(request, Reply(json.dumps({"verdicts": [
                        {"item": key, "verdict": "pass", "reason": "auto vet"} for key, _ in vet_items(request.prompt)]})))
                    return
                entry = owner._next()
                while isinstance(entry, (Hang, Gate)):
                    if isinstance(entry, Gate):
                        while not entry.opened.wait(0.05):
                            if owner._stopping.is_set():
                                return
                    elif owner._stopping.wait(entry.seconds):
                        return
                    entry = entry.then if entry.then is not None else Reply('{"deltas": []}')
                if isinstance(entry, Computed):
                    entry = entry.make(request)
                if entry is None:
                    if owner.default_text is None:
                        self._send(500, json.dumps({"error": {"message": "no canned reply queued"}}).encode())
                        return
                    entry = Reply(owner.default_text)
                self._answer(request, entry)

            def _answer(self, request: Request, entry: Entry) -> None:
                anthropic = request.protocol == "anthropic"
                requested = request.body.get("model") if isinstance(request.body, dict) else None
                if isinstance(entry, Reply):
                    model = entry.model or requested or "fake-model"
                    self._send(200, json.dumps(anthropic_reply(entry, model) if anthropic
                                               else openai_reply(entry, model)).encode())
                elif isinstance(entry, Failure):
                    headers = dict(entry.headers)
                    if entry.retry_after is not None:
                        headers["Retry-After"] = entry.retry_after
                    if anthropic:
                        payload = {"type": "error", "error": {"type": error_type(entry.status),
                                                              "message": entry.message}}
                    else:
                        payload = {"error": {"message": entry.message, "type": error_type(entry.status),
                                             "code": None}}
                    self._send(entry.status, json.dumps(payload).encode(), headers=headers)
                elif isinstance(entry, Garbage):
                    self._send(entry.status, entry.body, entry.content_type)
                elif isinstance(entry, Raw):
                    self._send(entry.status, json.dumps(entry.value).encode())

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        server = self._server
        # A short poll interval keeps stop() (and so each test's teardown) fast.
        self._thread = threading.Thread(target=lambda: server.serve_forever(poll_interval=0.05),
                                        name="fake-model-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes hanging handlers
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def error_type(status: int) -> str:
    return {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
            404: "not_found_error", 429: "rate_limit_error", 529: "overloaded_error"}.get(status, "api_error")


def openai_reply(entry: Reply, model: str) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": entry.text}}],
    }
    if entry.usage:
        body["usage"] = {"prompt_tokens": entry.input_tokens, "completion_tokens": entry.output_tokens,
                         "total_tokens": entry.input_tokens + entry.output_tokens}
    return body


def anthropic_reply(entry: Reply, model: str) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": "msg_fake", "type": "message", "role": "assistant", "model": model,
        "content": [{"type": "text", "text": entry.text}], "stop_reason": "end_turn", "stop_sequence": None,
    }
    if entry.usage:
        body["usage"] = {"input_tokens": entry.input_tokens, "output_tokens": entry.output_tokens}
    return body


def _fixture() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


try:  # a pytest fixture when pytest is around; the class works without it
    import pytest

    model_server = pytest.fixture(_fixture, name="model_server")
except ImportError:  # pragma: no cover
    pass
