"""The e2e world: finding the installed agent CLIs, a temp home + project + fake model server, running agents."""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_llm import FakeLLM

REPO = Path(__file__).resolve().parents[2]
FAKE_LLM = Path(__file__).with_name("fake_llm.py")
NETNS_PORT = 41000  # any port: inside a fresh namespace nothing else is listening
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# agent -> (binary inside its install folder, the pinned version its `--version` prints)
AGENTS = {
    "claude": ("node_modules/.bin/claude", "2.1.332"),
    "codex": ("node_modules/.bin/codex", "0.171.0"),
    "opencode": ("node_modules/.bin/opencode", "1.18.33"),
    "gemini": ("node_modules/.bin/gemini", "0.61.0"),
}

def agents_dir() -> Path:
    return Path(os.environ.get("LEARN_AGENTS_DIR") or REPO / ".agents")


# A folder all pytest-xdist workers of one run share (tests/e2e/conftest.py sets it), where the first worker to check
# an agent leaves the answer for the others; None in a run of one process.
SHARED_CHECKS: Path | None = None


@functools.cache
def find_agent(name: str) -> tuple[Path | None, str]:
    """(binary, "") when the pinned CLI is installed and runs, else (None, why not). Checked once per run: `gemini
    --version` alone costs ~2.5 s CPU, and every worker needs every agent."""
    if SHARED_CHECKS is None:
        return _check_agent(name)
    import fcntl

    SHARED_CHECKS.mkdir(parents=True, exist_ok=True)
    with open(SHARED_CHECKS / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker checking the same agent: wait for its answer
        saved = SHARED_CHECKS / f"{name}.json"
        if saved.exists():
            binary, why = json.loads(saved.read_text())
            return (Path(binary) if binary else None), why
        found, why = _check_agent(name)
        saved.write_text(json.dumps([str(found) if found else None, why]))
        return found, why


def _check_agent(name: str) -> tuple[Path | None, str]:
    rel, version = AGENTS[name]
    _wait_for_install()
    folder = agents_dir() / name
    binary = folder / rel
    if not binary.exists():
        why = f"{name} {version} is not installed in {folder} (run scripts/install-agents.sh)"
        log = folder / ".install.log"
        if log.is_file():
            tail = [line for line in log.read_text(errors="replace").splitlines() if line.strip()][-2:]
            why += "; last install error: " + " / ".join(tail)[:300]
        return None, why
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                             stdin=subprocess.DEVNULL, env={"PATH": SYSTEM_PATH, "HOME": "/nonexistent"})
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"{binary} --version failed: {exc}"
    if version not in out.stdout + out.stderr:
        return None, f"{binary} --version says {(out.stdout + out.stderr).strip()[:80]!r}, expected {version}"
    if shutil.which("node", path=SYSTEM_PATH) is None and name in ("codex", "gemini"):
        return None, f"{name}'s launcher needs `node` on the system PATH"
    return binary, ""


def _wait_for_install() -> None:
    """Wait for an install of the agents in progress: .ci/run installs them while the test venv is made, and holds
    this lock until the install ends."""
    import fcntl

    lock = agents_dir() / ".install.lock"
    if not lock.exists():
        return
    with open(lock) as handle:
        fcntl.flock(handle, fcntl.LOCK_SH)


@functools.cache
def netns_prefix() -> list[str] | None:
    """The command prefix that runs a process in a fresh network namespace, or None when not possible."""
    if os.environ.get("LEARN_E2E_NETNS", "1") == "0" or not shutil.which("unshare"):
        return None
    for prefix in (["unshare", "-n"], ["unshare", "-r", "-n"]):
        try:
            if subprocess.run([*prefix, "true"], capture_output=True, timeout=10).returncode == 0:
                return prefix
        except (OSError, subprocess.TimeoutExpired):
            continue
    return None


def agent_binary(name: str) -> Path:
    binary, why = find_agent(name)
    if binary is None:
        pytest.skip(why)
    return binary


@dataclass
class Run:
    """One finished agent run."""

    argv: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def json_lines(self) -> list[dict[str, Any]]:
        out = []
        for line in self.stdout.splitlines():
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
        return out

    def check(self) -> "Run":
        assert self.returncode == 0, f"{self.argv[0]} exited {self.returncode}\n--- stdout\n{self.stdout[-3000:]}" \
                                     f"\n--- stderr\n{self.stderr[-3000:]}"
        return self


@dataclass
class World:
    """A temporary home and git project, a fake model server, and a way to run an agent in them."""

    home: Path
    project: Path
    work: Path
    port: int
    netns: list[str] | None
    server: FakeLLM | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    side_text: str = "Offline title"  # the answer to requests that offer no tools (see fake_llm.py)

    @property
    def log(self) -> Path:
        return self.work / "requests.jsonl"

    @property
    def script(self) -> Path:
        return self.work / "script.json"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def set_script(self, turns: list[dict[str, Any]]) -> None:
        self.script.write_text(json.dumps(turns, indent=1))

    def set_side_text(self, text: str) -> None:
        """What requests without tools get (a model call of learn's own offers none)."""
        self.side_text = text
        if self.server is not None:
            self.server.side_text = text

    def env(self, **extra: str) -> dict[str, str]:
        env = {
            "HOME": str(self.home), "USER": os.environ.get("USER", "tester"), "LANG": "C.UTF-8",
            "PATH": SYSTEM_PATH, "TERM": "dumb", "NO_COLOR": "1", "TMPDIR": str(self.work / "tmp"),
            "XDG_CONFIG_HOME": str(self.home / ".config"), "XDG_DATA_HOME": str(self.home / ".local/share"),
            "XDG_STATE_HOME": str(self.home / ".local/state"), "XDG_CACHE_HOME": str(self.home / ".cache"),
            "CODEX_HOME": str(self.home / ".codex"),
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": str(self.home / ".gitconfig"),
        }
        env.update(self.extra_env)
        env.update(extra)
        return env

    def run(self, argv: list[str | Path], *, env: dict[str, str] | None = None, cwd: Path | None = None,
            timeout: float = 600) -> Run:
        """Run an agent command to completion, the fake model server answering it. ``timeout`` only guards against
        a hang (an agent's run takes seconds on an idle machine; a loaded one can take ten times that)."""
        args = [str(a) for a in argv]
        (self.work / "tmp").mkdir(exist_ok=True)
        if self.netns is not None:
            args = [*self.netns, sys.executable, str(FAKE_LLM), "--lo-up", "--port", str(self.port),
                    "--script", str(self.script), "--log", str(self.log), "--timeout", str(timeout),
                    "--side-text", self.side_text, "--", *args]
        start = time.monotonic()
        proc = subprocess.Popen(args, cwd=cwd or self.project, env=env or self.env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout + 15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            pytest.fail(f"{argv[0]} did not finish in {timeout} s\n--- stdout\n{out[-2000:]}\n--- stderr\n{err[-2000:]}")
        return Run(args, proc.returncode, out, err, time.monotonic() - start)

    # ---- the fake server's request log ----
    def requests(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.strip()]

    def model_requests(self) -> list[dict[str, Any]]:
        """Requests that asked the model for an agent turn (they offer tools; titles and the like do not)."""
        return [r for r in self.requests() if r["method"] == "POST" and isinstance(r.get("body"), dict)
                and r["body"].get("tools")]


def request_text(request: dict[str, Any]) -> str:
    """Everything a model request carried as one string (system prompt, messages, tool results)."""
    body = dict(request.get("body") or {})
    body.pop("tools", None)  # tool descriptions are the agent's, and large
    return json.dumps(body, ensure_ascii=False)


def learn_env(world: World) -> dict[str, str]:
    """Environment for running `learn` itself (capture, status) as the user would, outside the agent."""
    env = dict(os.environ)
    env.update(world.env(PATH=os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH))
    return env


def settle_capture(world: World, timeout: float = 180) -> None:
    """Wait until the capture workers the agent's hooks started (detached, one per prompt or answer) are done.

    A hook hands the prompt to a worker and returns; the signal is written when the worker finishes. Reading
    the signals the moment the agent exits raced that worker on a loaded machine (the correction was not there
    yet), so every `learn` call of these tests first waits for the pending markers to go, as a person who looks
    a moment later would see."""
    from altimate_learn.harness.capture_worker import pending, wait_for_workers

    for sessions in sorted(world.project.glob("**/.altimate-code/learn/.sessions")):
        assert wait_for_workers(str(sessions), timeout), f"capture workers still pending: {pending(str(sessions))}"


def run_learn(world: World, *args: str) -> subprocess.CompletedProcess[str]:
    """`learn ARGS` in the project as the person runs it between agent sessions, once the capture workers are done.

    Run in this process through the installed command's entry point, as a `learn` process would see it
    (tests/conftest.py learn_in_process: the environment of `learn_env`, the project folder, stdin from /dev/null,
    stdout/stderr and exit code), not in a process of its own: a `learn` process costs 0.4-0.8 s CPU of interpreter
    start and imports, ~90 times in this folder. What runs as processes here are the agents and the hooks they start;
    the commands that start an agent CLI (learn reflect/run with an agent CLI as the model) run as processes where
    they are called (world.run), and tests/cli_polish, tests/docs and others cover the `learn` process itself."""
    from tests.conftest import learn_in_process

    settle_capture(world)
    return learn_in_process(*args, cwd=world.project, env=learn_env(world), drop_env=())


def make_world(base: Path) -> World:
    """A world of its own under ``base`` (home, git project, work folder), for a module-scoped story that several
    tests share: the function-scoped ``world`` fixture's parts cannot outlive one test."""
    home, project, work = base / "home", base / "repo", base / "e2e"
    for folder in (home, project, work):
        folder.mkdir()
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n\ttemplateDir =\n"
                                     "[user]\n\tname = Test Author\n\temail = author@example.invalid\n")
    env = {"PATH": SYSTEM_PATH, "HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": str(home / ".gitconfig")}
    (project / "README.md").write_text("# test repo\n")
    for args in (["init", "-q", "-b", "main"], ["add", "README.md"], ["commit", "-q", "-m", "init"]):
        subprocess.run(["git", *args], cwd=project, env=env, check=True, capture_output=True)
    return new_world(home, project, work)


def new_world(home: Path, project: Path, work: Path) -> World:
    """A world over ``project`` answering "done", with its own fake model server when there is no network
    namespace to run the agents in."""
    prefix = netns_prefix()
    world = World(home=home, project=project, work=work, port=NETNS_PORT, netns=prefix)
    world.set_script([{"text": "done"}])
    if prefix is None:
        world.server = FakeLLM(world.script, world.log).start()
        world.port = world.server.port
    return world


def isolate(mp: pytest.MonkeyPatch, world: World) -> None:
    """What the root conftest's ``isolated_home`` does for one test, for the length of ``mp``: the tester's own
    variables are gone and HOME, XDG_* and CODEX_HOME are the world's, so in-process readers (session discovery)
    and `learn` (whose environment starts from this one) see the world's home."""
    from tests.conftest import SCRUB_PREFIXES

    for key in list(os.environ):
        if key.startswith(SCRUB_PREFIXES):
            mp.delenv(key, raising=False)
    for key, value in world.env().items():
        if key in ("HOME", "CODEX_HOME", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL") or key.startswith("XDG_"):
            mp.setenv(key, value)


def wait_for_project_processes(world: World, timeout: float = 120) -> None:
    """Wait until no process runs in the project: the detached `learn` commands an agent's hooks start there
    (capture workers, `learn run --auto --idle 60`, which exits at once when automatic reflection is off) have
    written what they write. Read from /proc (Linux, as the network namespaces are); elsewhere nothing to wait on."""
    proc = Path("/proc")
    if not (proc / "self" / "cwd").exists():
        return
    root = str(world.project)
    deadline = time.monotonic() + timeout
    while True:
        busy = []
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                cwd = os.readlink(entry / "cwd")
            except OSError:
                continue
            if cwd == root or cwd.startswith(root + os.sep):
                busy.append(entry.name)
        if not busy:
            return
        assert time.monotonic() < deadline, f"processes still running in {root}: {busy}"
        time.sleep(0.05)


def snapshot(world: World, folder: Path) -> None:
    """Copy the world's home and project to ``folder`` (see ``restore``), once no process runs in the project."""
    wait_for_project_processes(world)
    for part in ("home", "project"):
        shutil.copytree(getattr(world, part), folder / part, symlinks=True)


def restore(world: World, folder: Path) -> None:
    """Put the world's home and project back, byte for byte and at the same paths, as ``snapshot`` saw them: a
    test that starts from a shared story's end state gets exactly what it would have had after running it."""
    wait_for_project_processes(world)  # nothing a previous test started writes into the copy
    for part in ("home", "project"):
        target = getattr(world, part)
        shutil.rmtree(target)
        shutil.copytree(folder / part, target, symlinks=True)
    shutil.rmtree(world.work / "tmp", ignore_errors=True)  # the agents' TMPDIR: empty, as in a new world


def model_requests_text(world: World) -> list[str]:
    """`request_text` of every model turn request, in order."""
    return [request_text(r) for r in world.model_requests()]
