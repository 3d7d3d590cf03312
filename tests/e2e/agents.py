"""How each real agent CLI is configured and run against the fake model server (one place per agent)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.world import Run, World


# ---------------- Claude Code ----------------
def claude_env(world: World) -> dict[str, str]:
    # CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC alone stops every request but the model turns (no DNS at all)
    return world.env(ANTHROPIC_BASE_URL=world.base_url, ANTHROPIC_API_KEY="sk-ant-fake",
                     CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
                     DISABLE_ERROR_REPORTING="1", DISABLE_AUTOUPDATER="1")


def run_claude(world: World, binary: Path, prompt: str, *flags: str, timeout: float = 600) -> Run:
    """`claude -p PROMPT` with edits allowed (Write/Edit are denied in -p mode otherwise)."""
    return world.run([binary, "-p", prompt, "--output-format", "json", "--permission-mode", "acceptEdits", *flags],
                     env=claude_env(world), timeout=timeout)


def claude_session_id(run: Run) -> str:
    result = json.loads(run.stdout.strip().splitlines()[-1])
    return str(result["session_id"])


def claude_transcripts(world: World) -> list[Path]:
    return sorted((world.home / ".claude" / "projects").glob("*/*.jsonl"))


# ---------------- Codex CLI ----------------
CODEX_CONFIG = """\
model = "{model}"
model_provider = "fake"
check_for_update_on_startup = false

[model_providers.fake]
name = "Fake local"
base_url = "{base_url}/v1"
wire_api = "responses"
env_key = "FAKE_OPENAI_KEY"

[analytics]
enabled = false

[features]
hooks = true
plugins = false
remote_plugin = false
apps = false
"""


def codex_home(world: World) -> Path:
    return world.home / ".codex"


def codex_setup(world: World, *, model: str = "gpt-5.5", trust_project: bool = True) -> Path:
    """Write $CODEX_HOME/config.toml. A known model slug (gpt-5.5) makes Codex offer its apply_patch tool;
    project hooks (`<project>/.codex/hooks.json`) load only for a trusted project."""
    home = codex_home(world)
    home.mkdir(parents=True, exist_ok=True)
    text = CODEX_CONFIG.format(model=model, base_url=world.base_url)
    if trust_project:
        text += f'\n[projects."{world.project}"]\ntrust_level = "trusted"\n'
    config = home / "config.toml"
    config.write_text(text)
    return config


def codex_env(world: World) -> dict[str, str]:
    return world.env(FAKE_OPENAI_KEY="sk-fake", CODEX_HOME=str(codex_home(world)))


def run_codex(world: World, binary: Path, prompt: str, *flags: str, resume: str | None = None,
              timeout: float = 600) -> Run:
    """`codex exec` with hooks trusted for the run (hooks are silently skipped until trusted in the TUI)."""
    # exec's own flags go before `resume`, which accepts only a few of them
    argv: list[str | Path] = [binary, "exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-hook-trust",
                              *flags]
    if resume:
        argv += ["resume", resume]
    return world.run([*argv, prompt], env=codex_env(world), timeout=timeout)


def codex_trust_hooks(world: World, binary: Path) -> list[str]:
    """Trust every hook Codex lists for the project, as the TUI's /hooks records it: Codex's own app-server
    (`hooks/list`) gives each hook's key and current hash, written to config.toml as
    `[hooks.state."<key>"] trusted_hash = "<hash>"`. Returns the keys trusted."""
    import subprocess

    proc = subprocess.Popen([str(binary), "app-server"], cwd=world.project, env=codex_env(world), text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None

    def call(request_id: int, method: str, params: dict) -> dict:
        proc.stdin.write(json.dumps({"id": request_id, "method": method, "params": params}) + "\n")
        proc.stdin.flush()
        for line in proc.stdout:
            message = json.loads(line)
            if message.get("id") == request_id:
                return message
        raise AssertionError(f"codex app-server closed before answering {method}")

    try:
        call(1, "initialize", {"clientInfo": {"name": "learn-e2e", "version": "0"}})
        proc.stdin.write(json.dumps({"method": "initialized"}) + "\n")
        listed = call(2, "hooks/list", {"cwds": [str(world.project)]})["result"]["data"]
    finally:
        proc.kill()
        proc.wait()
    hooks = [h for entry in listed for h in entry["hooks"] if h["trustStatus"] != "trusted"]
    config = codex_home(world) / "config.toml"
    config.write_text(config.read_text() + "".join(
        f'\n[hooks.state.{json.dumps(h["key"])}]\ntrusted_hash = {json.dumps(h["currentHash"])}\n' for h in hooks))
    return [h["key"] for h in hooks]


def codex_thread_id(run: Run) -> str:
    for event in run.json_lines():
        if event.get("type") == "thread.started":
            return str(event["thread_id"])
    raise AssertionError("no thread.started event in codex output:\n" + run.stdout[-2000:])


def codex_rollouts(world: World) -> list[Path]:
    return sorted((codex_home(world) / "sessions").glob("*/*/*/rollout-*.jsonl"))


# ---------------- opencode ----------------
def opencode_setup(world: World) -> Path:
    """The user-level opencode config pointing at the fake server (keeps the project's own files untouched)."""
    config_dir = world.home / ".config" / "opencode"
    config_dir.mkdir(parents=True, exist_ok=True)
    config = {
        "$schema": "https://opencode.ai/config.json",
        "provider": {"fake": {
            "npm": "@ai-sdk/openai-compatible", "name": "Fake local",
            "options": {"baseURL": f"{world.base_url}/v1", "apiKey": "sk-fake"},
            "models": {"fake-model": {"name": "Fake model", "tool_call": True,
                                      "limit": {"context": 200000, "output": 8192}}}}},
        "model": "fake/fake-model", "small_model": "fake/fake-model", "enabled_providers": ["fake"],
        "autoupdate": False, "share": "disabled", "lsp": False, "formatter": False,
    }
    path = config_dir / "opencode.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def opencode_env(world: World) -> dict[str, str]:
    # Without NPM_CONFIG_REGISTRY opencode looks up @opencode-ai/plugin on registry.npmjs.org at startup
    return world.env(OPENCODE_DISABLE_MODELS_FETCH="1", OPENCODE_DISABLE_AUTOUPDATE="1", OPENCODE_DISABLE_SHARE="1",
                     OPENCODE_DISABLE_LSP_DOWNLOAD="1", OPENCODE_DISABLE_DEFAULT_PLUGINS="1",
                     NPM_CONFIG_REGISTRY=f"{world.base_url}/npm/")


def run_opencode(world: World, binary: Path, prompt: str, *flags: str, timeout: float = 600) -> Run:
    return world.run([binary, "run", prompt, "--format", "json", *flags], env=opencode_env(world), timeout=timeout)


def opencode_db(world: World) -> Path:
    return world.home / ".local" / "share" / "opencode" / "opencode.db"


# ---------------- Gemini CLI ----------------
GEMINI_SETTINGS = {
    "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
    "ide": {"enabled": False, "hasSeenNudge": True},
    "privacy": {"usageStatisticsEnabled": False},  # else it looks up a statistics host
    "telemetry": {"enabled": False},
    "security": {"auth": {"selectedType": "gemini-api-key"}},  # with only a base URL it picks "gateway" auth
}


def gemini_setup(world: World) -> Path:
    """The user-level ~/.gemini/settings.json that keeps Gemini CLI on the fake server (learn install adds to it)."""
    path = world.home / ".gemini" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(GEMINI_SETTINGS, indent=2) + "\n")
    return path


def gemini_env(world: World) -> dict[str, str]:
    return world.env(GEMINI_API_KEY="fake-key", GOOGLE_GEMINI_BASE_URL=world.base_url)


def run_gemini(world: World, binary: Path, prompt: str, *flags: str, timeout: float = 600) -> Run:
    """`gemini -p PROMPT` in the trusted project (headless Gemini refuses an untrusted folder).

    GEMINI_CLI_NO_RELAUNCH: Gemini CLI starts a second node process of itself only to raise its heap limit (the first
    imports its start-up chunks, ~1.1 s CPU, then waits); the relaunched process sets this variable for itself, so the
    CLI, its hooks and learn see the same process and environment either way. The interactive run (a person at a
    terminal, below) and learn's own Gemini calls (agent CLI as the model) keep the relaunch."""
    return world.run([binary, "-p", prompt, "--output-format", "json", "--skip-trust", *flags],
                     env=gemini_env(world) | {"GEMINI_CLI_NO_RELAUNCH": "true"}, timeout=timeout)


def gemini_chats(world: World) -> list[Path]:
    return sorted((world.home / ".gemini" / "tmp").glob("*/chats/session-*.jsonl"))


def run_gemini_interactive(world: World, binary: Path, turns: list[tuple[str, str]], *flags: str,
                           timeout: float = 600) -> Run:
    """Gemini CLI's interactive UI through a pty, as a person types: each (prompt, a word of the answer to wait
    for), then `/quit`. Returns the screen output with escape sequences removed."""
    import os
    import pty
    import re
    import select
    import signal
    import sys
    import time

    from tests.e2e.world import FAKE_LLM

    args = [str(binary), *flags]
    if world.netns is not None:
        args = [*world.netns, sys.executable, str(FAKE_LLM), "--lo-up", "--port", str(world.port), "--script",
                str(world.script), "--log", str(world.log), "--timeout", str(timeout), "--side-text", world.side_text,
                "--", *args]
    env = gemini_env(world)
    env.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
    env.pop("NO_COLOR", None)
    (world.work / "tmp").mkdir(exist_ok=True)
    start = time.monotonic()
    deadline = start + timeout
    pid, fd = pty.fork()
    if pid == 0:  # the child: the agent, in the project
        try:
            os.chdir(world.project)
            os.execvpe(args[0], args, env)
        finally:
            os._exit(127)
    screen = b""

    def text() -> str:
        return re.sub(r"\x1b\[[0-9;?<>]*[a-zA-Z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]", "",
                      screen.decode("utf-8", "replace"))

    def wait_until(done) -> bool:
        """Read the screen until ``done(text)`` holds (True) or the agent exits or time runs out (False)."""
        nonlocal screen
        while time.monotonic() < deadline:
            if done is not None and done(text()):
                return True
            ready, _, _ = select.select([fd], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:  # the agent exited
                return done is None
            if not data:
                return done is None
            screen += data
        return False

    def type_line(line: str) -> None:
        os.write(fd, line.encode())
        time.sleep(0.5)  # the UI takes the text, then Enter submits it (typed at once, Enter is a newline)
        os.write(fd, b"\r")

    try:
        if not wait_until(lambda t: "Tips for getting started" in t):
            raise AssertionError("Gemini CLI's interactive UI did not start:\n" + text()[-2000:])
        time.sleep(1.0)
        for prompt, answer in turns:
            type_line(prompt)
            if not wait_until(lambda t: answer in t):
                raise AssertionError(f"no answer {answer!r} to {prompt!r}:\n" + text()[-2000:])
            time.sleep(0.5)  # let the turn's hooks (AfterAgent) finish before the next prompt
        type_line("/quit")
        wait_until(None)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
    except BaseException:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        raise
    finally:
        os.close(fd)
    return Run(args, code, text(), "", time.monotonic() - start)
