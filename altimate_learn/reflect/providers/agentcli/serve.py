"""One ``opencode serve`` for all the opencode model calls of a learn command (checked against opencode 1.18.33).

``opencode run`` boots opencode anew for every call: about 3.4-4.6 s of CPU each, and a reflection makes two
calls (the reflection and its vet), ``learn reflect --pending`` two per session. Inside a learn command (the scope
:mod:`altimate_learn.reuse` opens around every command), the first opencode call starts one ``opencode serve`` and
every opencode call of the command is then two HTTP requests to it: create a session, send the message (the
answer is the whole assistant message). The scope's end stops the server's process group, also on an error,
Ctrl-C, SIGTERM or SIGHUP (they raise SystemExit while a server runs, see ``run._ending_raises``); should learn be
killed outright (SIGKILL), a watchdog between them (:data:`_WATCHDOG`) stops it when learn's end of its stdin closes.

Why HTTP rather than ``opencode run --attach URL``: in 1.18.33, ``run --attach`` exits as soon as the server
answers its prompt request without waiting for its own event stream (its wait is ``if (attach) return``), so its
``--format json`` output is racy: against a fast model its stdout was empty on most calls although the model
answered. Each attach is also a boot of the binary (about 1.3 s CPU). The two requests are the ones ``run
--attach`` makes itself (``session.create``, ``session.prompt``).

The server: ``--hostname 127.0.0.1 --port 0`` (it prints the URL it listens on; learn reads it from there),
basic auth with a random password (``OPENCODE_SERVER_PASSWORD``, in its environment only: without it any local
process could drive an opencode with the user's credentials), learn's own environment and config for opencode
(the same as a ``run`` call: no tools, every permission denied, no project config, no plugins, sessions in
memory), cwd and ``PWD`` = learn's working folder. One server answers calls with different system prompts: the
call's system prompt is the message's ``system`` field, which opencode puts after its agent's prompt (a fixed
line, :data:`AGENT_PROMPT`) and its environment block. The model, when one was named, is the message's ``model``.

Falling back: when the server does not start (no URL within :data:`START_TIMEOUT`, it exits, the binary has no
``serve``), or stops answering, that call and the rest of the command run ``opencode run`` per call, as before.
Outside a command scope (learn used as a library) every call is an ``opencode run``.
"""

from __future__ import annotations

import base64
import json
import os
import re
import secrets
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from altimate_learn.reflect.providers.agentcli.run import RunResult

START_TIMEOUT = 60.0  # seconds for `opencode serve` to say where it listens (a boot is a few seconds)
STOP_GRACE = 3.0
AGENT_PROMPT = ("You answer one request of altimate-learn, a tool that learns from coding sessions. "
                "Its instructions follow.")
_LISTENING = re.compile(r"listening on (http://(?:127\.0\.0\.1|localhost):(\d+))(?![\w.:])")
# Between learn and `opencode serve`: it starts the server in its own process group and stops that group when
# learn's end of its stdin closes, which is also when learn is killed (SIGKILL, the OOM killer, a CI timeout),
# as the server would otherwise run for good (review30 R30-6). learn's own stop signals the group; the watchdog
# outlives that signal only to exit with the server.
_WATCHDOG = """
import os, signal, subprocess, sys, threading
server = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL)
signal.signal(signal.SIGTERM, lambda *_: None)
def stop_on_eof():
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    try:
        os.killpg(0, signal.SIGTERM)
        server.wait(timeout=3)
    except Exception:
        pass
    os.killpg(0, signal.SIGKILL)
threading.Thread(target=stop_on_eof, daemon=True).start()
server.wait()
os.killpg(0, signal.SIGKILL)  # whatever the server left in the group, and the watchdog
"""
_OUTPUT_CAP = 256 * 1024  # what is kept of the server's own output (for a failure's one line)


class Refused(OSError):
    """The server answered a request of learn's with an HTTP error: the call (and the command's next ones) run
    ``opencode run`` instead (a 401 there would otherwise read as "not logged in")."""


class Server:
    """A running ``opencode serve`` learn started (see the module docstring)."""

    def __init__(self, proc: subprocess.Popen, url: str, password: str, output: list[str]) -> None:
        self.proc = proc
        self.pid = proc.pid
        self.url = url
        self.password = password
        self.output = output

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def _request(self, method: str, path: str, body: Any, timeout: float) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method)
        token = base64.b64encode(f"opencode:{self.password}".encode()).decode()
        request.add_header("Authorization", f"Basic {token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1: never through a proxy
        try:
            with opener.open(request, timeout=max(0.1, timeout)) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read()
        try:
            return status, json.loads(raw.decode("utf-8", errors="replace") or "null")
        except ValueError:
            return status, {"name": "HTTP " + str(status), "data": {"message": raw[:300].decode("utf-8", "replace")}}

    def call(self, system: str, prompt: str, model: str, timeout: float, title: str, agent: str) -> RunResult:
        """One model call as a :class:`RunResult` whose stdout holds the events ``opencode run --format json``
        prints for it (so the same parser reads both). Raises OSError (and its URLError/timeout kin) when the
        server cannot be reached, :class:`Refused` when it answers a request with an HTTP error."""
        start = time.monotonic()
        deadline = start + timeout
        status, session = self._request("POST", "/session", {"title": title}, deadline - time.monotonic())
        if status >= 300 or not isinstance(session, dict) or not isinstance(session.get("id"), str):
            raise Refused(f"POST /session answered {status}")
        sid = session["id"]
        body: dict[str, Any] = {"agent": agent, "system": system, "tools": {"*": False},
                                "parts": [{"type": "text", "text": prompt}]}
        if model:
            provider, _, model_id = model.partition("/")
            body["model"] = {"providerID": provider, "modelID": model_id}
        try:
            status, message = self._request("POST", f"/session/{sid}/message", body, deadline - time.monotonic())
        except TimeoutError:
            self._quietly("POST", f"/session/{sid}/abort")
            return RunResult(None, "", "", time.monotonic() - start, timed_out=True)
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                self._quietly("POST", f"/session/{sid}/abort")
                return RunResult(None, "", "", time.monotonic() - start, timed_out=True)
            raise
        self._quietly("DELETE", f"/session/{sid}")
        if status >= 300 or not isinstance(message, dict):
            # the server refused the request itself (a model's failure is the message's `info.error`): `opencode
            # run` then says what is wrong in its own words
            raise Refused(f"POST /session/…/message answered {status}")
        return _result(_events(message), start)

    def _quietly(self, method: str, path: str) -> None:
        try:
            self._request(method, path, None, 5.0)
        except (OSError, ValueError):
            pass

    def stop(self) -> None:
        """SIGTERM to its process group, SIGKILL after the grace period; waits for it (no zombie left)."""
        _signal_group(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=STOP_GRACE)
        except subprocess.TimeoutExpired:
            _signal_group(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        _signal_group(self.proc.pid, signal.SIGKILL)  # whatever it left running in its group
        try:
            self.proc.stdin.close()
        except (OSError, ValueError, AttributeError):
            pass


def _events(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The events `opencode run --format json` prints for this assistant message."""
    events: list[dict[str, Any]] = []
    info = message.get("info") if isinstance(message.get("info"), dict) else {}
    for part in message.get("parts") or []:
        if not isinstance(part, dict):
            continue
        kind = part.get("type")
        if kind == "text":
            events.append({"type": "text", "part": part})
        elif kind == "tool":
            events.append({"type": "tool_use", "part": part})
        elif kind == "step-start":
            events.append({"type": "step_start", "part": part})
        elif kind == "step-finish":
            events.append({"type": "step_finish", "part": part})
    if isinstance(info.get("error"), dict):
        events.append({"type": "error", "error": info["error"]})
    return events


def _result(events: list[dict[str, Any]], start: float) -> RunResult:
    return RunResult(0, "".join(json.dumps(event) + "\n" for event in events), "", time.monotonic() - start)


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def start(binary: str, env: Mapping[str, str], workdir: Path, timeout: float) -> Server | None:
    """``opencode serve`` with ``env`` (learn's child environment for opencode) in ``workdir``; None when it does
    not say where it listens within ``timeout`` (it is stopped then)."""
    import sys

    password = secrets.token_urlsafe(24)
    child = {**env, "OPENCODE_SERVER_PASSWORD": password, "PWD": str(workdir)}
    try:
        proc = subprocess.Popen([sys.executable, "-I", "-c", _WATCHDOG, binary, "serve", "--hostname", "127.0.0.1",
                                 "--port", "0"], cwd=str(workdir), env=child, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                                close_fds=True)
    except OSError:
        return None
    found: list[str] = []
    output: list[str] = []
    ready = threading.Event()

    def read() -> None:  # the whole of its output, so its pipe never fills; the URL line sets `ready`
        size = 0
        try:
            for raw in iter(proc.stdout.readline, b""):
                line = raw.decode("utf-8", errors="replace")
                if size < _OUTPUT_CAP:
                    output.append(line)
                    size += len(line)
                match = _LISTENING.search(line)
                if match and not found:
                    found.append(f"http://127.0.0.1:{match.group(2)}")
                    ready.set()
                elif "listening on" in line.lower() and not found:  # somewhere learn does not know: not used
                    ready.set()
        except (OSError, ValueError):
            pass
        ready.set()  # it ended without saying where it listens

    threading.Thread(target=read, name="learn-opencode-serve", daemon=True).start()
    server = Server(proc, "", password, output)
    try:
        ready.wait(timeout=max(0.1, timeout))
    except BaseException:  # Ctrl-C while it boots
        server.stop()
        raise
    if not found or proc.poll() is not None:
        server.stop()
        return None
    server.url = found[0]
    return server


# --- the scope (altimate_learn.reuse: one per learn command) ------------------------------------------------

class _Servers:
    """The servers of one command scope: one per binary and environment; None where one failed (calls then go
    back to `run`). Stopped when the scope closes."""

    def __init__(self) -> None:
        self.servers: dict[tuple[str, str], Server | None] = {}
        self.exits = ExitStack()
        self.started: list[int] = []

    def close(self) -> None:
        try:
            for server in self.servers.values():
                if server is not None:
                    server.stop()
        finally:
            self.exits.close()
            started[:] = self.started


started: list[int] = []  # the pids of the servers the last closed scope started (tests read it)


def _servers() -> _Servers | None:
    from altimate_learn import reuse

    scope = reuse.current()
    if scope is None:
        return None
    servers = scope.state.get("opencode-serve")
    if servers is None:
        servers = scope.state["opencode-serve"] = _Servers()
        scope.on_close(servers.close)
    return servers


def _key(binary: str, env: Mapping[str, str]) -> tuple[str, str]:
    return binary, json.dumps(sorted(env.items()))


def server_for(binary: str, env: Mapping[str, str], workdir: Path, timeout: float) -> Server | None:
    """The scope's server for this binary and environment, started on first use; None outside a scope, off the
    main thread, or when the server failed (the caller then runs ``opencode run``)."""
    servers = _servers()
    if servers is None or threading.current_thread() is not threading.main_thread():
        return None
    key = _key(binary, env)
    if key in servers.servers:
        server = servers.servers[key]
        if server is not None and not server.alive:
            server.stop()
            servers.servers[key] = server = None
        return server
    if not servers.started:  # from the first server on, SIGTERM/SIGHUP end learn through its `finally`s
        from altimate_learn.reflect.providers.agentcli.run import _ending_raises

        servers.exits.enter_context(_ending_raises())
    server = start(binary, env, workdir, min(START_TIMEOUT, timeout))
    servers.servers[key] = server
    if server is not None:
        servers.started.append(server.pid)
    return server


def failed(binary: str, env: Mapping[str, str]) -> None:
    """The server stopped answering: stop it; the rest of the scope's calls run ``opencode run``."""
    servers = _servers()
    if servers is None:
        return
    server = servers.servers.get(_key(binary, env))
    if server is not None:
        server.stop()
    servers.servers[_key(binary, env)] = None


def served(module: Any, binary: str, model: str, system: str, prompt: str, env: Mapping[str, str], workdir: Path,
           timeout: float) -> RunResult | None:
    """The call through the scope's server, when the CLI module can be served (``serve_env``) and a scope is open;
    None: run the CLI for this call instead."""
    serve_env = getattr(module, "serve_env", None)
    if serve_env is None:
        return None
    if model and "/" not in model:  # a bare name: `opencode run --model` reads it (and says what is wrong)
        return None
    import http.client

    from altimate_learn.reflect.providers.agentcli.run import child_env

    begun = time.monotonic()
    server_env = child_env(serve_env(dict(env)), env)
    server = server_for(binary, server_env, workdir, timeout)
    if server is None:
        return None
    try:
        return server.call(system, prompt, model, timeout - (time.monotonic() - begun), module.CALL_TITLE,
                           module.AGENT)
    except (OSError, ValueError, http.client.HTTPException):
        failed(binary, server_env)
        return None
