"""A scripted fake model server for driving the real agent CLIs offline (stdlib only, threaded).

It speaks the three wire protocols the agents use, on 127.0.0.1:

* Anthropic Messages ``POST /v1/messages`` (Claude Code; ``?beta=true`` too) and ``/v1/messages/count_tokens``
* OpenAI Responses ``POST /v1/responses`` (Codex CLI), including Codex's freeform ``apply_patch`` tool
* OpenAI Chat Completions ``POST /v1/chat/completions`` (opencode through ``@ai-sdk/openai-compatible``)
* Gemini ``POST /v1beta/models/<model>:generateContent`` and ``:streamGenerateContent?alt=sse`` (Gemini CLI),
  plus ``:countTokens``; a request without function declarations that asks for JSON (Gemini CLI's model
  router) gets the smallest object its schema allows

plus ``GET /v1/models`` and ``HEAD`` on anything. Every request is appended to a JSONL log
(``{"seq", "t", "method", "path", "headers", "body"}``), which is what the tests assert on: what did the
agent actually send to the model?

The script is a JSON list of model turns, re-read on every request so a test can change it between runs:

    {"text": "..."}                                   a final answer
    {"tool": "Read", "input": {...}, "text": "..."}   a tool call (with optional preamble text)
    {"tool": "apply_patch", "raw_input": "*** Begin Patch ..."}   Responses only: a custom (freeform) call

The turn is picked by the number of assistant turns already in the request, not by a request counter, so
retries and side requests do not shift it, and a resumed session continues where the script left off.
Requests that offer no tools (title generation, summaries) get ``side_text``. Past the end of the script the
last text turn is repeated ("done" when the last turn is a tool call, so an agent can never loop forever).
With ``hold`` (``--hold``), requests that offer no tools are logged and then held, unanswered, until the server
stops: a test can interrupt a model call of learn's own while it is in flight.

Run standalone for manual experiments::

    python tests/e2e/fake_llm.py --script s.json --log req.jsonl --port 0 --port-file p [--lo-up] [-- cmd ...]

With a command after ``--``, the server runs in a thread, the command runs as a child (``{PORT}`` in its
arguments is replaced), and the exit status is the child's. ``--lo-up`` first brings the loopback interface
up, for use as the first process inside a fresh network namespace (``unshare -n``).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

USAGE_ANTHROPIC = {"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0,
                   "cache_read_input_tokens": 0}
USAGE_RESPONSES = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 20,
                   "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 120}
USAGE_CHAT = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}


def _new_id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex[:24]


class FakeLLM:
    """The server. ``start()`` binds and serves in a daemon thread; ``stop()`` shuts it down."""

    def __init__(self, script: str | Path, log: str | Path, *, side_text: str = "Offline title",
                 model: str = "fake-model", host: str = "127.0.0.1", port: int = 0, hold: bool = False) -> None:
        self.script_path = Path(script)
        self.hold = hold
        self._stopping = threading.Event()
        self.log_path = Path(log)
        self.side_text = side_text
        self.model = model
        self._lock = threading.Lock()
        self._seq = self._existing_lines()
        self._httpd = ThreadingHTTPServer((host, port), _make_handler(self))
        self._httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    def _existing_lines(self) -> int:
        # several servers (one per agent run) may append to one log: keep seq increasing across them
        try:
            with open(self.log_path, "rb") as f:
                return sum(1 for _ in f)
        except OSError:
            return 0

    def start(self) -> "FakeLLM":
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="fake-llm", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    # ---- behaviour shared by the protocol handlers ----
    def log(self, method: str, path: str, headers: dict[str, str], body: Any) -> None:
        with self._lock:
            self._seq += 1
            entry = {"seq": self._seq, "t": round(time.time(), 3), "method": method, "path": path,
                     "headers": headers, "body": body}
            with open(self.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")

    def turn(self, n_assistant: int, has_tools: bool) -> dict[str, Any]:
        if not has_tools:
            if self.hold:
                self._stopping.wait(timeout=600)
            return {"text": self.side_text}
        script = json.loads(self.script_path.read_text(encoding="utf-8"))
        if n_assistant < len(script):
            return dict(script[n_assistant])
        last = script[-1] if script else {"text": "done"}
        return {"text": last["text"]} if "tool" not in last and last.get("text") else {"text": "done"}


def _make_handler(server: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            return

        # ---- plumbing ----
        def _read_body(self) -> Any:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if not raw:
                return None
            try:
                return json.loads(raw)
            except ValueError:
                return {"_raw": raw.decode("utf-8", "replace")}

        def _send_json(self, code: int, obj: Any) -> None:
            data = json.dumps(obj).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _begin_sse(self) -> None:
            # no length and Connection: close: the stream ends when the socket does
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True

        def _event(self, name: str | None, data: Any) -> None:
            text = f"event: {name}\n" if name else ""
            text += "data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n"
            self.wfile.write(text.encode())
            self.wfile.flush()

        def _not_found(self) -> None:
            self._send_json(404, {"error": {"type": "not_found", "message": "fake model server: " + self.path}})

        # ---- routing ----
        def do_HEAD(self) -> None:  # noqa: N802 - stdlib naming
            server.log("HEAD", self.path, dict(self.headers), None)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:  # noqa: N802
            server.log("GET", self.path, dict(self.headers), None)
            if self.path.split("?")[0].rstrip("/").endswith("/models"):
                self._send_json(200, {"object": "list", "data": [
                    {"id": server.model, "object": "model", "created": 0, "owned_by": "fake", "type": "model",
                     "display_name": server.model}]})
            else:
                self._not_found()

        def do_POST(self) -> None:  # noqa: N802
            body = self._read_body()
            server.log("POST", self.path, dict(self.headers), body)
            route = self.path.split("?")[0]
            req = body if isinstance(body, dict) else {}
            try:
                if route.endswith("/messages/count_tokens"):
                    self._send_json(200, {"input_tokens": 100})
                elif route.endswith("/messages"):
                    self._anthropic(req)
                elif route.endswith("/responses"):
                    self._responses(req)
                elif route.endswith("/chat/completions"):
                    self._chat(req)
                elif ":" in route.rsplit("/", 1)[-1]:
                    self._gemini(route, req)
                else:
                    self._not_found()
            except (BrokenPipeError, ConnectionResetError):
                return

        # ---- Anthropic Messages ----
        def _anthropic(self, req: dict[str, Any]) -> None:
            n_asst = sum(1 for m in req.get("messages") or [] if m.get("role") == "assistant")
            turn = server.turn(n_asst, bool(req.get("tools")))
            blocks: list[dict[str, Any]] = []
            if turn.get("text"):
                blocks.append({"type": "text", "text": turn["text"]})
            if turn.get("tool"):
                blocks.append({"type": "tool_use", "id": _new_id("toolu_"), "name": turn["tool"],
                               "input": turn.get("input", {})})
            stop = "tool_use" if turn.get("tool") else "end_turn"
            msg = {"id": _new_id("msg_"), "type": "message", "role": "assistant",
                   "model": req.get("model", server.model), "content": blocks, "stop_reason": stop,
                   "stop_sequence": None, "usage": USAGE_ANTHROPIC}
            if not req.get("stream"):
                return self._send_json(200, msg)
            self._begin_sse()
            start = dict(msg, content=[], stop_reason=None, usage=dict(USAGE_ANTHROPIC, output_tokens=1))
            self._event("message_start", {"type": "message_start", "message": start})
            for i, block in enumerate(blocks):
                if block["type"] == "text":
                    first = {"type": "text", "text": ""}
                    delta = {"type": "text_delta", "text": block["text"]}
                else:
                    first = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                    delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
                self._event("content_block_start", {"type": "content_block_start", "index": i,
                                                    "content_block": first})
                self._event("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta})
                self._event("content_block_stop", {"type": "content_block_stop", "index": i})
            self._event("message_delta", {"type": "message_delta",
                                          "delta": {"stop_reason": stop, "stop_sequence": None},
                                          "usage": {"output_tokens": 20}})
            self._event("message_stop", {"type": "message_stop"})

        # ---- OpenAI Responses ----
        def _responses(self, req: dict[str, Any]) -> None:
            items = req.get("input") or []
            if isinstance(items, str):
                items = [{"role": "user", "content": items}]
            # one model response = one assistant turn, however many output items it had
            n_asst, in_turn = 0, False
            for item in items:
                is_asst = (item.get("type") in ("function_call", "custom_tool_call", "local_shell_call", "reasoning")
                           or item.get("role") == "assistant")
                if is_asst and not in_turn:
                    n_asst += 1
                in_turn = is_asst
            turn = server.turn(n_asst, bool(req.get("tools")))
            out: list[dict[str, Any]] = []
            if turn.get("text"):
                out.append({"type": "message", "id": _new_id("msg_"), "status": "completed", "role": "assistant",
                            "content": [{"type": "output_text", "text": turn["text"], "annotations": []}]})
            if turn.get("tool") and "raw_input" in turn:
                out.append({"type": "custom_tool_call", "id": _new_id("ctc_"), "status": "completed",
                            "call_id": _new_id("call_"), "name": turn["tool"], "input": turn["raw_input"]})
            elif turn.get("tool"):
                out.append({"type": "function_call", "id": _new_id("fc_"), "status": "completed",
                            "call_id": _new_id("call_"), "name": turn["tool"],
                            "arguments": json.dumps(turn.get("input", {}))})
            resp = {"id": _new_id("resp_"), "object": "response", "created_at": int(time.time()),
                    "status": "completed", "model": req.get("model", server.model), "output": out,
                    "usage": USAGE_RESPONSES}
            if not req.get("stream"):
                return self._send_json(200, resp)
            self._begin_sse()
            seq = 0

            def emit(name: str, fields: dict[str, Any]) -> None:
                nonlocal seq
                self._event(name, {"type": name, "sequence_number": seq, **fields})
                seq += 1

            pending = dict(resp, status="in_progress", output=[], usage=None)
            emit("response.created", {"response": pending})
            emit("response.in_progress", {"response": pending})
            for i, item in enumerate(out):
                ref = {"output_index": i, "item_id": item["id"]}
                if item["type"] == "message":
                    text = item["content"][0]["text"]
                    emit("response.output_item.added", {"output_index": i,
                                                        "item": dict(item, status="in_progress", content=[])})
                    part0 = {"type": "output_text", "text": "", "annotations": []}
                    emit("response.content_part.added", {**ref, "content_index": 0, "part": part0})
                    emit("response.output_text.delta", {**ref, "content_index": 0, "delta": text})
                    emit("response.output_text.done", {**ref, "content_index": 0, "text": text})
                    emit("response.content_part.done", {**ref, "content_index": 0, "part": item["content"][0]})
                elif item["type"] == "custom_tool_call":
                    emit("response.output_item.added", {"output_index": i,
                                                        "item": dict(item, status="in_progress", input="")})
                    emit("response.custom_tool_call_input.delta", {**ref, "delta": item["input"]})
                    emit("response.custom_tool_call_input.done", {**ref, "input": item["input"]})
                else:
                    emit("response.output_item.added", {"output_index": i,
                                                        "item": dict(item, status="in_progress", arguments="")})
                    emit("response.function_call_arguments.delta", {**ref, "delta": item["arguments"]})
                    emit("response.function_call_arguments.done", {**ref, "arguments": item["arguments"]})
                emit("response.output_item.done", {"output_index": i, "item": item})
            emit("response.completed", {"response": resp})

        # ---- OpenAI Chat Completions ----
        def _chat(self, req: dict[str, Any]) -> None:
            n_asst = sum(1 for m in req.get("messages") or [] if m.get("role") == "assistant")
            turn = server.turn(n_asst, bool(req.get("tools")))
            cid, created, model = _new_id("chatcmpl-"), int(time.time()), req.get("model", server.model)
            message: dict[str, Any] = {"role": "assistant", "content": turn.get("text") or None}
            calls = []
            if turn.get("tool"):
                calls = [{"id": _new_id("call_"), "type": "function",
                          "function": {"name": turn["tool"], "arguments": json.dumps(turn.get("input", {}))}}]
                message["tool_calls"] = calls
            finish = "tool_calls" if calls else "stop"
            if not req.get("stream"):
                return self._send_json(200, {"id": cid, "object": "chat.completion", "created": created,
                                             "model": model, "usage": USAGE_CHAT,
                                             "choices": [{"index": 0, "message": message, "finish_reason": finish}]})
            self._begin_sse()

            def chunk(delta: dict[str, Any], finish_reason: str | None = None, usage: Any = None) -> None:
                body: dict[str, Any] = {"id": cid, "object": "chat.completion.chunk", "created": created,
                                        "model": model,
                                        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
                if usage:
                    body["usage"] = usage
                self._event(None, body)

            chunk({"role": "assistant", "content": ""})
            if turn.get("text"):
                chunk({"content": turn["text"]})
            for k, call in enumerate(calls):
                chunk({"tool_calls": [{"index": k, "id": call["id"], "type": "function",
                                       "function": {"name": call["function"]["name"], "arguments": ""}}]})
                chunk({"tool_calls": [{"index": k, "function": {"arguments": call["function"]["arguments"]}}]})
            chunk({}, finish, USAGE_CHAT)
            self._event(None, "[DONE]")

        # ---- Gemini (generativelanguage v1beta, as @google/genai calls it) ----
        def _gemini(self, route: str, req: dict[str, Any]) -> None:
            model, _, action = route.rsplit("/", 1)[-1].partition(":")
            if action == "countTokens":
                return self._send_json(200, {"totalTokens": 100})
            if action not in ("generateContent", "streamGenerateContent"):
                return self._not_found()
            n_model = sum(1 for c in req.get("contents") or [] if isinstance(c, dict) and c.get("role") == "model")
            has_tools = any(isinstance(t, dict) and t.get("functionDeclarations") for t in req.get("tools") or [])
            config = req.get("generationConfig") or {}
            schema = config.get("responseJsonSchema") or config.get("responseSchema")
            if not has_tools and schema:
                turn: dict[str, Any] = {"text": json.dumps(_fill(schema))}
            else:
                turn = server.turn(n_model, has_tools)
            parts: list[dict[str, Any]] = []
            if turn.get("text"):
                parts.append({"text": turn["text"]})
            if turn.get("tool"):
                parts.append({"functionCall": {"name": turn["tool"], "args": turn.get("input", {})}})
            parts = parts or [{"text": ""}]
            usage = {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120}
            response_id = _new_id("")

            def answer(chunk: list[dict[str, Any]], last: bool) -> dict[str, Any]:
                candidate: dict[str, Any] = {"content": {"role": "model", "parts": chunk}, "index": 0}
                body: dict[str, Any] = {"candidates": [candidate], "modelVersion": model, "responseId": response_id}
                if last:
                    candidate["finishReason"] = "STOP"
                    body["usageMetadata"] = usage
                return body

            if action == "generateContent":
                return self._send_json(200, answer(parts, True))
            self._begin_sse()  # one `data:` line per part; the last carries finishReason and usage
            for i, part in enumerate(parts):
                self._event(None, answer([part], i == len(parts) - 1))

    return Handler


def _fill(schema: Any) -> Any:
    """The smallest value a JSON schema allows (Gemini CLI's side calls ask for JSON of a schema)."""
    if not isinstance(schema, dict):
        return "ok"
    if schema.get("enum"):
        return schema["enum"][0]
    kind = schema.get("type") or ("object" if "properties" in schema else "string")
    kind = str(kind[0] if isinstance(kind, list) and kind else kind).lower()
    if kind == "object":
        return {key: _fill(value) for key, value in (schema.get("properties") or {}).items()}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    return "ok"


def loopback_up() -> None:
    """Bring `lo` up (a fresh network namespace starts with it down). ioctl first, `ip` as the fallback."""
    try:
        import fcntl

        siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            req = struct.pack("16sH14x", b"lo", 0)
            flags = struct.unpack("16sH14x", fcntl.ioctl(s.fileno(), siocgifflags, req))[1]
            fcntl.ioctl(s.fileno(), siocsifflags, struct.pack("16sH14x", b"lo", flags | iff_up))
    except OSError:
        subprocess.run(["ip", "link", "set", "lo", "up"], check=False, capture_output=True)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command: list[str] = []
    if "--" in args:
        i = args.index("--")
        args, command = args[:i], args[i + 1:]
    ap = argparse.ArgumentParser(description="Scripted fake model server (Anthropic, Responses, Chat, Gemini).")
    ap.add_argument("--script", required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--side-text", default="Offline title")
    ap.add_argument("--model", default="fake-model")
    ap.add_argument("--lo-up", action="store_true", help="bring the loopback interface up first")
    ap.add_argument("--hold", action="store_true", help="hold requests that offer no tools until the server stops")
    ap.add_argument("--timeout", type=float, default=0, help="kill the command after this many seconds")
    opts = ap.parse_args(args)
    if opts.lo_up:
        loopback_up()
    srv = FakeLLM(opts.script, opts.log, side_text=opts.side_text, model=opts.model, port=opts.port,
                  hold=opts.hold).start()
    if opts.port_file:
        tmp = opts.port_file + ".tmp"
        Path(tmp).write_text(str(srv.port))
        os.replace(tmp, opts.port_file)
    if not command:
        print(f"fake model server on 127.0.0.1:{srv.port}", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        return 0
    child = subprocess.Popen([c.replace("{PORT}", str(srv.port)) for c in command])
    try:
        return child.wait(timeout=opts.timeout or None)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        return 124
    finally:
        srv.stop()


if __name__ == "__main__":
    raise SystemExit(main())
