"""The hook command `learn install` writes, and every background process, run learn's code, never the project's.

A hook runs in the project folder, which holds text and code written by strangers. A project that ships
`altimate_learn.py` or `altimate_learn/`, or a PYTHONPATH with an empty entry (the current folder) or a
hostile folder, must not get its code run by the installed hook command, in either form (`--on-path` too),
for any agent, nor by the reflection the hook starts in the background. The commands are taken from the
files `learn install` wrote and run the way the agents run them: in a real shell, in the project folder.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from altimate_learn.capture.signals import NewSignal, append_signals
from altimate_learn.harness import opencode
from altimate_learn.harness.check import run_check
from altimate_learn.harness.install import InstallOptions, run_install
from altimate_learn.launch import command_problem, hook_command, learn_argv, path_command
from altimate_learn.store import ProjectPaths, Store
from tests.deliver.helpers import learn_dir, sample_lessons, write_store
from tests.harness.test_codex_trust import trust_codex_hooks

HOSTILE = "import pathlib; pathlib.Path({marker!r}).write_text('project code ran')\n"
SETTINGS = {"claude-code": ".claude/settings.json", "codex": ".codex/hooks.json", "gemini": ".gemini/settings.json"}
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def start_event(harness: str, repo: Path) -> dict:
    if harness == "opencode":
        return {"hook": "session.start", "session_id": "iso-1", "directory": str(repo)}
    if harness == "gemini":  # Gemini's section goes with the first prompt (harness/gemini.py)
        return {"hook_event_name": "BeforeAgent", "session_id": "iso-1", "cwd": str(repo), "prompt": "hello"}
    return {"hook_event_name": "SessionStart", "session_id": "iso-1", "cwd": str(repo), "source": "startup"}


def stop_event(harness: str, repo: Path) -> dict:
    if harness == "opencode":
        return {"hook": "session.idle", "session_id": "iso-1", "directory": str(repo)}
    name = "AfterAgent" if harness == "gemini" else "Stop"
    return {"hook_event_name": name, "session_id": "iso-1", "cwd": str(repo)}


@pytest.fixture
def hostile(git_repo: Path, tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A project that ships learn's module name twice, and an environment whose PYTHONPATH points at it."""
    marker = tmp_path / "PWNED"
    (git_repo / "altimate_learn.py").write_text(HOSTILE.format(marker=str(marker)))
    evil = tmp_path / "evil"
    (evil / "altimate_learn").mkdir(parents=True)
    (evil / "altimate_learn" / "__init__.py").write_text(HOSTILE.format(marker=str(marker)))
    (evil / "altimate_learn" / "__main__.py").write_text(HOSTILE.format(marker=str(marker)))
    env = dict(os.environ)
    # an empty entry (the current folder: the project) and a hostile folder; `learn` on PATH for --on-path
    env["PYTHONPATH"] = os.pathsep + str(evil)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH
    return git_repo, marker, env


def installed_commands(repo: Path, harness: str) -> list[list[str]]:
    """The commands the agent will run, read back from what `learn install` wrote."""
    if harness == "opencode":
        text = (repo / ".opencode" / "plugins" / opencode.PLUGIN_FILE).read_text()
        return [opencode.embedded_command(text)]
    data = json.loads((repo / SETTINGS[harness]).read_text())
    found = {h["command"] for groups in data["hooks"].values() for g in groups for h in g["hooks"]}
    return [shlex.split(c) for c in sorted(found)]


def run_in_shell(argv: list[str], payload: dict, repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["/bin/sh", "-c", shlex.join(argv)], input=json.dumps(payload), cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("on_path", [False, True], ids=["absolute", "on-path"])
@pytest.mark.parametrize("harness", ["claude-code", "codex", "gemini", "opencode"])
def test_the_installed_hook_command_never_runs_code_from_the_project_or_pythonpath(hostile, harness: str,
                                                                                     on_path: bool):
    repo, marker, env = hostile
    write_store(repo, sample_lessons())
    run_install(InstallOptions(harness, repo, on_path=on_path))
    (argv,) = installed_commands(repo, harness)
    assert command_problem(argv) is None
    # the proof that the hostile module would run: the command learn used to write
    old = subprocess.run([sys.executable, "-m", "altimate_learn", "hook", harness], cwd=repo, env=env,
                         input=json.dumps(start_event(harness, repo)), capture_output=True, text=True, timeout=60)
    assert marker.exists(), old.stderr
    marker.unlink()
    done = run_in_shell(argv, start_event(harness, repo), repo, env)
    assert done.returncode == 0, done.stderr
    assert not marker.exists(), "the hook ran code from the project folder or PYTHONPATH"
    assert "<team-rules" in done.stdout and "flags.isEnabled()" in done.stdout  # learn answered, with the lessons


def test_the_detached_reflection_runs_learn_not_the_project(hostile):
    repo, marker, env = hostile
    write_store(repo, sample_lessons())
    (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps(
        {"learn": {"capture": True, "auto_reflect": True, "model": "builtin", "continual_learning": False}}))
    signals = learn_dir(repo) / "team-playbook" / "signals.jsonl"
    append_signals(Store(ProjectPaths(repo), "team-playbook"), [NewSignal(
        kind="user_correction", session_id="iso-1", reason="instead",
        text="no, always use `ref()` instead of selecting from raw tables in models")])
    run_install(InstallOptions("claude-code", repo))
    (argv,) = installed_commands(repo, "claude-code")
    done = run_in_shell(argv, stop_event("claude-code", repo), repo, env)
    assert done.returncode == 0, done.stderr
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    pid = int(log.split("started an automatic reflection of this session (pid ")[1].split(";")[0])
    wait_for_exit(pid)
    reflect_log = (learn_dir(repo) / ".sessions" / "reflect.log").read_text()
    assert not marker.exists(), reflect_log
    assert json.loads(signals.read_text().splitlines()[0])["status"] == "consumed", reflect_log


def test_the_detached_continual_learner_runs_isolated_too(hostile):
    repo, marker, env = hostile
    write_store(repo, sample_lessons())
    (repo / ".altimate-code" / "altimate-code.json").write_text(json.dumps(
        {"learn": {"capture": True, "auto_reflect": True, "model": "builtin", "continual_learning": True}}))
    append_signals(Store(ProjectPaths(repo), "team-playbook"), [NewSignal(
        kind="user_correction", session_id="iso-1", reason="instead",
        text="no, always use `ref()` instead of selecting from raw tables in models")])
    run_install(InstallOptions("claude-code", repo))
    (argv,) = installed_commands(repo, "claude-code")
    done = run_in_shell(argv, stop_event("claude-code", repo), repo, env)
    assert done.returncode == 0, done.stderr
    log = (learn_dir(repo) / ".sessions" / "hook.log").read_text()
    pid = int(log.split("started the continual learner (pid ")[1].split(";")[0])
    try:
        try:  # a learner already exiting (a zombie, or gone) has no command line left to read
            raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            raw = b""
        if raw:
            assert raw.split(b"\0")[1:4] == [b"-I", b"-m", b"altimate_learn"]
        started = time.monotonic()
        while time.monotonic() - started < 5 and _running(pid):  # long enough to have imported everything
            time.sleep(0.1)
        assert not marker.exists()
    finally:
        if _running(pid):
            os.kill(pid, 15)  # the learner we started waits for an idle minute; stop it
            wait_for_exit(pid)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def wait_for_exit(pid: int, deadline: float = 120) -> None:
    """Until the detached process is gone (or a zombie nobody reaped), at most ``deadline`` seconds."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        try:
            if Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z":
                return
        except (OSError, IndexError):
            pass
        time.sleep(0.1)
    raise AssertionError(f"the background reflection (pid {pid}) did not finish in {deadline} s")


def test_every_background_start_is_isolated():
    argv = learn_argv("reflect", "--pending", "--auto")
    assert argv[0] == os.path.abspath(sys.executable) and os.path.isabs(argv[0])
    assert argv[1] == "-I" and argv[2:4] == ["-m", "altimate_learn"]
    assert shlex.split(hook_command("codex")) == learn_argv("hook", "codex")


@pytest.mark.parametrize("harness", ["claude-code", "codex", "gemini"])
def test_check_flags_an_old_command_that_imports_from_the_project(git_repo: Path, harness: str):
    old = f"{shlex.quote(sys.executable)} -m altimate_learn hook {harness}"
    run_install(InstallOptions(harness, git_repo, command=old))
    ok, lines = run_check(InstallOptions(harness, git_repo))
    assert not ok
    assert any(line.startswith(f"UNSAFE: {old} (`python -m altimate_learn` without -I") for line in lines), lines
    assert lines[-1] == f"Run `learn install {harness}` to repair them."
    run_install(InstallOptions(harness, git_repo))  # the repair replaces it
    if harness == "codex":  # and the person trusts the new hooks in Codex's /hooks
        trust_codex_hooks(git_repo)
    ok, lines = run_check(InstallOptions(harness, git_repo))
    assert ok, lines


def test_check_flags_a_bare_learn_command_and_an_old_opencode_plugin(git_repo: Path):
    run_install(InstallOptions("claude-code", git_repo, command="learn hook claude-code"))
    ok, lines = run_check(InstallOptions("claude-code", git_repo))
    assert not ok and any(line.startswith("UNSAFE: learn hook claude-code (it runs `learn` with PYTHONPATH")
                          for line in lines)
    plugin = git_repo / ".opencode" / "plugins" / opencode.PLUGIN_FILE
    plugin.parent.mkdir(parents=True)
    plugin.write_text(opencode.render_plugin([sys.executable, "-m", "altimate_learn", "hook", "opencode"]))
    ok, lines = opencode.check(InstallOptions("opencode", git_repo))
    assert not ok and any("UNSAFE: `python -m altimate_learn` without -I" in line for line in lines)


def test_the_path_form_is_checked_against_this_machines_path(git_repo: Path, monkeypatch: pytest.MonkeyPatch):
    run_install(InstallOptions("codex", git_repo, on_path=True))
    assert installed_commands(git_repo, "codex") == [shlex.split(path_command("codex") + " 2>/dev/null || true")]
    trust_codex_hooks(git_repo)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + SYSTEM_PATH)
    ok, lines = run_check(InstallOptions("codex", git_repo))
    assert ok, lines
    assert f"`learn` on PATH is {os.path.join(os.path.dirname(sys.executable), 'learn')}." in lines
    monkeypatch.setenv("PATH", SYSTEM_PATH)
    ok, lines = run_check(InstallOptions("codex", git_repo))
    assert not ok and any("`learn` is not on PATH here" in line for line in lines), lines


NODE_DRIVER = """
const { AltimateLearn } = await import(process.argv[2]);
const hooks = await AltimateLearn({ directory: process.argv[3] });
const output = { message: { id: "msg_1", sessionID: "ses_1" }, parts: [{ id: "prt_1", type: "text", text: "hi" }] };
await hooks["chat.message"]({ sessionID: "ses_1" }, output);
const system = { system: [] };
await hooks["experimental.chat.system.transform"]({ sessionID: "ses_1" }, system);
console.log(JSON.stringify(system.system));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("command", ["installed", "missing interpreter: learn from PATH"])
def test_the_opencode_plugin_starts_learn_without_the_projects_python_variables(hostile, tmp_path: Path,
                                                                                command: str):
    repo, marker, env = hostile
    write_store(repo, sample_lessons())
    argv = learn_argv("hook", "opencode") if command == "installed" else ["/nonexistent/python", "-I", "-m",
                                                                          "altimate_learn", "hook", "opencode"]
    plugin = tmp_path / "plugin.mjs"
    plugin.write_text(opencode.render_plugin(argv))
    driver = tmp_path / "driver.mjs"
    driver.write_text(NODE_DRIVER)
    done = subprocess.run(["node", str(driver), plugin.as_uri(), str(repo)], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not marker.exists()
    (section,) = json.loads(done.stdout)
    assert "<team-rules" in section and "flags.isEnabled()" in section
