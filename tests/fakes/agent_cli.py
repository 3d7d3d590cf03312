"""A fake agent CLI (`claude`, `codex`, `gemini`, `opencode`) for tests of learn's agent-CLI model providers.

Installed by the ``fake_agent_clis`` fixture as small executables named like the real CLIs (which one it
plays is the name it was called by). It answers in that CLI's real output shape (`claude -p --output-format
json`, `codex exec --json`, `gemini -p --output-format json`, `opencode run --format json`), with the text in
``FAKE_CLI_ANSWER``, and appends what it was given to ``FAKE_CLI_LOG`` (argv, working folder, stdin, the
environment variables learn sets, the files its flags point at) so tests can assert on the command.

learn's vet call (the second call of a reflection, with an ITEMS block) gets "pass" for every item.
``opencode serve`` is refused (exit 1, nothing logged), as by an opencode without it: learn then runs
``opencode run`` per call. With ``FAKE_CLI_SERVE`` (a file) it serves instead, as opencode 1.18.33 does for the two
requests learn sends (create a session, send a message; the answer is the assistant message with its parts):
it appends its pid to that file, prints the URL it listens on (127.0.0.1), checks the basic-auth password in
``OPENCODE_SERVER_PASSWORD``, and logs each message as a call (``"served": true``, the prompt as ``stdin``, the
message's ``system``). Modes there: ``notloggedin``/``ratelimit`` (the message's error), ``tool``, ``hang`` (the
message is never answered), ``servedies`` (it exits at the first request after a message it answered),
``unauthorized`` (every request gets 401; ``opencode run`` answers as in ``ok``).
``FAKE_CLI_MODE`` picks a behaviour: ``ok``; ``banner`` (a greeting and colour codes before the JSON);
``notloggedin``; ``ratelimit``; ``garbage`` (HTML, no JSON); ``hang`` (starts a grandchild, writes both pids to
``FAKE_CLI_PIDS``, sleeps); ``confirm`` (asks "[y/N]" on stdout and reads the answer from stdin); ``tool`` (runs a
tool although none was offered); ``crash`` (exit 2 with a stack trace); ``oldversion`` (refuses a flag); ``recorded``
(a real CLI's recorded failure: ``FAKE_CLI_STDOUT``, ``FAKE_CLI_STDERR``, exit ``FAKE_CLI_EXIT``); ``offline``
(``codex`` only: its pid to ``FAKE_CLI_PIDS``, its retries, then "Reconnecting... waiting for network", sleeps). Like the
real Gemini CLI, ``gemini`` always records the run as a chat under ``<home>/.gemini/tmp/<folder>/chats/``, where
home is ``$GEMINI_CLI_HOME`` when set, else ``$HOME`` (Gemini 0.61's ``homedir()``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

AGENT = Path(sys.argv[0]).name
MODE = os.environ.get("FAKE_CLI_MODE", "ok")
ANSWER = os.environ.get("FAKE_CLI_ANSWER", '{"deltas": []}')
WATCHED_ENV = ("ALTIMATE_LEARN", "ALTIMATE_LEARN_MODEL_CALL", "NO_COLOR", "OPENCODE_DB", "OPENCODE_PURE",
               "OPENCODE_DISABLE_PROJECT_CONFIG", "GEMINI_SYSTEM_MD", "GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_CLI_HOME",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC")


def arg_after(flag: str) -> str | None:
    argv = sys.argv[1:]
    return argv[argv.index(flag) + 1] if flag in argv and argv.index(flag) + 1 < len(argv) else None


def config_values() -> list[str]:
    argv = sys.argv[1:]
    return [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "-c"]


def read(path: str | None) -> str | None:
    try:
        return Path(path).read_text() if path else None
    except OSError:
        return None


def log(stdin: str, served: dict | None = None) -> None:
    target = os.environ.get("FAKE_CLI_LOG")
    if not target:
        return
    files: dict[str, str | None] = {}
    if AGENT == "codex":
        for value in config_values():
            if value.startswith("model_instructions_file="):
                files["instructions"] = read(json.loads(value.split("=", 1)[1]))
    if AGENT == "gemini":
        files["system"] = read(os.environ.get("GEMINI_SYSTEM_MD"))
        files["settings"] = read(os.path.join(os.getcwd(), ".gemini", "settings.json"))
        home = Path(os.environ.get("GEMINI_CLI_HOME") or os.environ["HOME"]) / ".gemini"
        files["user_settings"] = read(str(home / "settings.json"))  # what Gemini reads as the user's settings
        files["global_memory"] = read(str(home / "GEMINI.md"))  # appended to the system prompt by Gemini
    if AGENT == "opencode":
        files["config"] = os.environ.get("OPENCODE_CONFIG_CONTENT")
    entry = {"agent": AGENT, "argv": sys.argv[1:], "cwd": os.getcwd(), "stdin": stdin, "files": files,
             "env": {k: os.environ.get(k) for k in WATCHED_ENV}}
    if served is not None:
        entry.update(served=True, **served)
    with open(target, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry) + "\n")


def record_gemini_chat(prompt: str, answer: str) -> None:
    """What Gemini CLI 0.61 does on every run: a chat file for the folder it ran in."""
    home = Path(os.environ.get("GEMINI_CLI_HOME") or os.environ["HOME"]) / ".gemini"
    folder = Path(os.getcwd())
    slug = folder.name
    chats = home / "tmp" / slug / "chats"
    chats.mkdir(parents=True, exist_ok=True)
    (home / "tmp" / slug / ".project_root").write_text(str(folder))
    registry = home / "projects.json"
    data = json.loads(registry.read_text()) if registry.exists() else {"projects": {}}
    data["projects"][str(folder)] = slug
    registry.write_text(json.dumps(data))
    sid = str(uuid.uuid4())
    lines = [{"sessionId": sid, "projectHash": "0" * 64, "startTime": "2026-11-21T10:02:11.000Z",
              "lastUpdated": "2026-11-21T10:02:12.000Z", "kind": "main"},
             {"id": "m01", "timestamp": "2026-11-21T10:02:11.000Z", "type": "user", "content": [{"text": prompt}]},
             {"id": "m02", "timestamp": "2026-11-21T10:02:12.000Z", "type": "gemini", "content": answer,
              "thoughts": [], "model": "gemini-2.5-flash"},
             {"id": "m03", "timestamp": "2026-11-21T10:02:13.000Z", "type": "user",
              "content": [{"text": "No, that's wrong: we always use cents_to_dollars for money columns."}]}]
    (chats / f"session-2026-11-21T10-02-{sid[:8]}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))


def vet_answer(stdin: str) -> str | None:
    """learn's vet call (a reflection's second call): every item passes."""
    if "<<<ITEMS " not in stdin:
        return None
    keys = re.findall(r"^\[([^\]]+)\] author=", stdin, flags=re.M)
    return json.dumps({"verdicts": [{"item": key, "verdict": "pass", "source": "", "quote": "", "reason": "new",
                                     "replaces": ""} for key in keys]})


def main() -> int:
    global ANSWER
    if "--version" in sys.argv:
        print(f"{AGENT} 0.0.0-fake")
        return 0
    if AGENT == "opencode" and sys.argv[1:2] == ["serve"]:
        if os.environ.get("FAKE_CLI_SERVE"):
            return opencode_serve()
        print('Error: unknown command "serve"', file=sys.stderr)  # an opencode without `serve`: learn runs it per call
        return 1
    if MODE == "confirm":
        print("Do you trust the files in this folder? [y/N] ", end="", flush=True)
        reply = sys.stdin.readline().strip().lower()
        if reply not in ("y", "yes"):
            print("\nAborted: this folder is not trusted.")
            return 1
    stdin = sys.stdin.read()
    log(stdin)
    ANSWER = vet_answer(stdin) or ANSWER
    if MODE == "recorded":  # a real CLI's recorded failure, byte for byte: its output and its exit status
        sys.stdout.write(os.environ.get("FAKE_CLI_STDOUT", ""))
        sys.stderr.write(os.environ.get("FAKE_CLI_STDERR", ""))
        return int(os.environ.get("FAKE_CLI_EXIT", "1"))
    if MODE == "hang":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        Path(os.environ["FAKE_CLI_PIDS"]).write_text(f"{os.getpid()} {child.pid}")
        time.sleep(600)
        return 0
    if MODE == "offline" and AGENT == "codex":  # Codex 0.171 with no network: retries, then waits forever
        Path(os.environ["FAKE_CLI_PIDS"]).write_text(str(os.getpid()))  # first: learn stops it at the last line
        lookup = "stream disconnected before completion: failed to lookup address information: Try again"
        for event in ({"type": "thread.started", "thread_id": str(uuid.uuid4())}, {"type": "turn.started"},
                      *({"type": "error", "message": f"Reconnecting... {n}/5 ({lookup})"} for n in range(2, 6)),
                      {"type": "item.completed", "item": {"id": "item_0", "type": "error", "message":
                                                          "Falling back from WebSockets to HTTPS transport."}},
                      {"type": "error", "message": "Reconnecting... waiting for network (Connection failed: error "
                                                   "sending request)"}):
            print(json.dumps(event), flush=True)
        time.sleep(600)
        return 0
    if MODE == "garbage":
        print("<html><body>502 Bad Gateway</body></html>")
        return 0
    if MODE == "oldversion":  # a release without one of the flags learn passes
        print("error: unknown option '--safe-mode'", file=sys.stderr)
        return 1
    if MODE == "crash":
        print("TypeError: Cannot read properties of undefined (reading 'map')\n    at main (cli.js:1:1)",
              file=sys.stderr)
        return 2
    if MODE == "banner":
        print("\x1b[1;35m  Welcome to the agent!  \x1b[0m\n\x1b[2mTip: try /help\x1b[0m")
    return {"claude": claude, "codex": codex, "gemini": gemini, "opencode": opencode}[AGENT](stdin)


def claude(stdin: str) -> int:
    usage = {"input_tokens": 1200, "cache_read_input_tokens": 300, "cache_creation_input_tokens": 0,
             "output_tokens": 80}
    result = {"type": "result", "subtype": "success", "is_error": False, "result": ANSWER, "num_turns": 1,
              "session_id": str(uuid.uuid4()), "total_cost_usd": 0.0123, "usage": usage, "api_error_status": None,
              "modelUsage": {"claude-sonnet-4-5": {"inputTokens": 1200, "outputTokens": 80,
                                                   "cacheReadInputTokens": 300, "cacheCreationInputTokens": 0,
                                                   "costUSD": 0.0123}}}
    if MODE == "notloggedin":
        result.update(is_error=True, result="Not logged in · Please run /login", total_cost_usd=0, modelUsage={},
                      usage={"input_tokens": 0, "output_tokens": 0})
    elif MODE == "ratelimit":
        result.update(is_error=True, result="API Error: 429 rate_limit_error: Number of requests exceeded",
                      api_error_status=429)
    print(json.dumps(result))
    return 1 if result["is_error"] else 0


def codex(stdin: str) -> int:
    events = [{"type": "thread.started", "thread_id": str(uuid.uuid4())}, {"type": "turn.started"},
              {"type": "item.completed", "item": {"id": "item_0", "type": "error", "message":
                                                  "Codex is ignoring 1 unrecognized configuration setting."}}]
    if MODE == "notloggedin":
        events += [{"type": "error", "message": "unexpected status 401 Unauthorized: Missing bearer authentication"},
                   {"type": "turn.failed", "error": {"message": "unexpected status 401 Unauthorized: Missing bearer "
                                                                "authentication in header"}}]
    elif MODE == "ratelimit":
        events += [{"type": "turn.failed", "error": {"message": "exceeded retry limit, last status: 429 Too Many "
                                                                "Requests"}}]
    else:
        if MODE == "tool":
            events.append({"type": "item.completed", "item": {"id": "item_1", "type": "command_execution",
                                                              "command": "cat /etc/passwd", "status": "completed"}})
        events += [{"type": "item.completed", "item": {"id": "item_2", "type": "agent_message", "text": ANSWER}},
                   {"type": "turn.completed", "usage": {"input_tokens": 900, "cached_input_tokens": 0,
                                                        "output_tokens": 60, "reasoning_output_tokens": 0}}]
    for event in events:
        print(json.dumps(event))
    return 1 if MODE in ("notloggedin", "ratelimit") else 0


def gemini(stdin: str) -> int:
    record_gemini_chat(stdin, ANSWER)
    if MODE in ("notloggedin", "ratelimit"):
        code = 401 if MODE == "notloggedin" else 429
        message = json.dumps({"error": {"code": code, "message": "API key not valid. Please pass a valid API key."
                                        if code == 401 else "Resource has been exhausted (e.g. check quota).",
                                        "status": "UNAUTHENTICATED" if code == 401 else "RESOURCE_EXHAUSTED"}})
        print(json.dumps({"session_id": str(uuid.uuid4()), "error": {"type": "Error", "message": message,
                                                                      "code": code}}, indent=2))
        return 1
    calls = 1 if MODE == "tool" else 0
    stats = {"models": {"gemini-2.5-flash": {"api": {"totalRequests": 1}, "roles": {"main": {}},
                                             "tokens": {"input": 700, "prompt": 700, "candidates": 50, "total": 760,
                                                        "cached": 0, "thoughts": 10, "tool": 0}}},
             "tools": {"totalCalls": calls, "byName": {"read_file": {"count": 1}} if calls else {}}}
    print(json.dumps({"session_id": str(uuid.uuid4()), "response": ANSWER, "stats": stats}, indent=2))
    return 0


def opencode(stdin: str) -> int:
    sid = "ses_" + uuid.uuid4().hex[:20]
    if MODE in ("notloggedin", "ratelimit"):
        code = 401 if MODE == "notloggedin" else 429
        print(json.dumps({"type": "error", "sessionID": sid, "error": {"name": "APIError", "data": {
            "message": "Invalid API key" if code == 401 else "Rate limit reached", "statusCode": code}}}))
        return 1
    events = [{"type": "step_start", "sessionID": sid, "part": {"type": "step-start"}}]
    if MODE == "tool":
        events.append({"type": "tool_use", "sessionID": sid, "part": {"type": "tool", "tool": "bash"}})
    events += [{"type": "text", "sessionID": sid, "part": {"type": "text", "text": ANSWER}},
               {"type": "step_finish", "sessionID": sid, "part": {
                   "type": "step-finish", "reason": "stop", "cost": 0.002,
                   "tokens": {"input": 500, "output": 40, "reasoning": 0, "cache": {"read": 100, "write": 0}}}}]
    for event in events:
        print(json.dumps(event))
    return 0


def opencode_serve() -> int:
    """`opencode serve` for the requests learn sends (see the module docstring)."""
    import base64
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    password = os.environ.get("OPENCODE_SERVER_PASSWORD", "")
    expected = "Basic " + base64.b64encode(f"opencode:{password}".encode()).decode()
    answered: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

        def send(self, code: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()

        def do_DELETE(self) -> None:  # noqa: N802
            self.send(200, True)

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"null") if length else None
            if MODE == "servedies" and answered:  # it dies between calls: this request is never answered
                os._exit(0)
            if not password or self.headers.get("Authorization") != expected or MODE == "unauthorized":
                return self.send(401, {"name": "Unauthorized"})
            parts = self.path.strip("/").split("/")
            if parts == ["session"]:
                return self.send(200, {"id": "ses_" + uuid.uuid4().hex[:20], "title": (body or {}).get("title")})
            if len(parts) == 3 and parts[2] == "abort":
                return self.send(200, True)
            if len(parts) != 3 or parts[2] != "message":
                return self.send(404, {"name": "NotFound"})
            prompt = "".join(p.get("text", "") for p in body.get("parts") or [] if p.get("type") == "text")
            log(prompt, served={"system": body.get("system"), "agent": body.get("agent"), "model": body.get("model"),
                                "tools": body.get("tools")})
            if MODE == "hang":
                time.sleep(600)
            info: dict = {"role": "assistant", "sessionID": parts[1], "agent": body.get("agent")}
            answer = vet_answer(prompt) or ANSWER
            out: list = [{"type": "step-start"}]
            if MODE in ("notloggedin", "ratelimit"):
                code = 401 if MODE == "notloggedin" else 429
                info["error"] = {"name": "APIError", "data": {
                    "message": "Invalid API key" if code == 401 else "Rate limit reached", "statusCode": code}}
                out = []
            else:
                if MODE == "tool":
                    out.append({"type": "tool", "tool": "bash"})
                out += [{"type": "text", "text": answer},
                        {"type": "step-finish", "reason": "stop", "cost": 0.002,
                         "tokens": {"input": 500, "output": 40, "reasoning": 0, "cache": {"read": 100, "write": 0}}}]
            self.send(200, {"info": info, "parts": out})
            answered.append(parts[1])

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(os.environ["FAKE_CLI_SERVE"], "a", encoding="utf-8") as handle:
        handle.write(f"{os.getpid()}\n")
    print(f"opencode server listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
