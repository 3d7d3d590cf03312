"""Test isolation: no test reads or writes a real home, config or state folder.

`isolated_home` is autouse: HOME, every XDG folder, CODEX_HOME and the agents' data folders point into
the test's temporary directory, every `ALTIMATE_LEARN_*` variable (and provider keys, GitHub tokens)
is removed, and git is pinned to a known identity with no user or system config.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests are deterministic and untimed: the same examples on every run and machine (no example
# database written into the checkout), no deadline and no "too slow" health check on a loaded CI machine.
settings.register_profile("learn", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("learn")


def pytest_configure(config: pytest.Config) -> None:
    """In every process of the run: Ctrl-C as from a terminal (see :func:`_interruptible`). Once per run (not per
    worker): the package's bytecode, written where Python looks for it. Hundreds of tests start the real `learn` as
    a process; without bytecode (a clean clone, or PYTHONDONTWRITEBYTECODE=1 set, which also stops each process
    from writing it) every start compiles the package's modules from source again."""
    _interruptible()
    if hasattr(config, "workerinput"):
        return
    import compileall

    import altimate_learn

    compileall.compile_dir(str(Path(altimate_learn.__file__).parent), quiet=2)


def _interruptible() -> None:
    """SIGINT raises KeyboardInterrupt here, and so is at its default in every process a test starts, also when the
    run was started with SIGINT ignored: a shell without job control ignores it for the commands it runs in the
    background (`pytest ... &` in a script, a CI step's background job), and ignored signals are inherited, so a
    `learn` a test stops with SIGINT (as Ctrl-C would) never saw it and the test timed out (#16: both opencode serve
    Ctrl-C tests, in the lead's background whole-suite runs only). Python itself installs this handler at start-up
    unless SIGINT is ignored; a handled signal is reset to its default in a child (exec), an ignored one is not."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def ignores(pid: int, sig: int) -> bool:
    """Process ``pid`` ignores ``sig`` (its SigIgn mask in /proc): a test that sends SIGINT as Ctrl-C checks first
    that the process can see it, rather than wait out a timeout for a signal that was never going to arrive."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) >> (sig - 1) & 1)
    return False


# The slowest files, slowest first: the 60 longest outside tests/e2e of a whole CI run (the lead's clean-clone CI of
# 2026-12-07 #26 on 14b4ad90, quiet machine, `--junitxml`: 13,367 tests, pytest 763 s wall, 1,467 s of test time;
# per-file sums of the test times; /work/team/lead/ci26_durations.txt). Each worker takes a whole file
# (`--dist loadfile`) and the next one when it has 2 tests left, in this order (`--no-loadscope-reorder`): a long file
# started last would leave the other worker idle at the end. The real agents' files (tests/e2e) come before all of them;
# every other file follows in pytest-randomly's order. Simulated over 300 random orders of the rest with those times
# (a free worker takes the next file): the workers end 0.7 s apart on average and 2.9 s at most (the previous list,
# from #18's ci36: 1.0 s and 5.5 s with the same times; none: 12.7 s and 83 s). The balance was already close: what
# makes CI long is the sum of the test times. The first is a single test (every held-out correction through the
# learner) that grows with the real-session corpus. Refresh: a whole-suite run with `--junitxml=FILE`, sum per file,
# keep the 60 longest outside tests/e2e.
SLOW_FILES = (
    "tests/learner/test_real_sessions.py",
    "tests/research_data/test_real_sessions.py",
    "tests/capture_text/test_classifier_families.py",
    "tests/history/test_import_reviews.py",
    "tests/reflect/test_reflector_blind.py",
    "tests/harness/test_our_text.py",
    "tests/history/test_ghaction.py",
    "tests/team/test_git_team.py",
    "tests/review/test_precommit_hook.py",
    "tests/learner/test_readcache.py",
    "tests/capture_text/test_second_opinion.py",
    "tests/capture_text/test_classifier_eighth_pass.py",
    "tests/demo/test_demo.py",
    "tests/history/test_ghaction_declined.py",
    "tests/curate/test_prepared.py",
    "tests/learner/test_agent_cli_timeout.py",
    "tests/harness/test_hooks.py",
    "tests/reflect/test_redirects.py",
    "tests/harness/test_hook_isolation.py",
    "tests/reflect/test_agent_cli.py",
    "tests/compat/test_lock.py",
    "tests/harness/test_capture_worker.py",
    "tests/harness/test_live_capture.py",
    "tests/gates/test_staleness.py",
    "tests/reflect/test_reflect_cli.py",
    "tests/curate/test_properties.py",
    "tests/agents/test_opencode_adapter.py",
    "tests/harness/test_stop_answer.py",
    "tests/team/test_shared_retirements.py",
    "tests/review/test_reject_gives_back.py",
    "tests/capture_text/test_redact_session.py",
    "tests/harness/test_capture_rejudge.py",
    "tests/deliver/test_named_file_request.py",
    "tests/harness/test_delivered_complaint_cls42.py",
    "tests/deliver/test_reuse.py",
    "tests/worktrees/test_worktrees.py",
    "tests/deliver/test_read_content.py",
    "tests/team/test_contradicting_sides.py",
    "tests/team/test_replaced_on_both_sides.py",
    "tests/deliver/test_core_waits.py",
    "tests/foundation/test_deep_json.py",
    "tests/reflect/test_providers.py",
    "tests/team/test_resolve.py",
    "tests/capture_text/test_redact.py",
    "tests/capture/test_retry_live_offline.py",
    "tests/reflect/test_reflector_real_dev_only.py",
    "tests/capture/test_capture.py",
    "tests/learner/test_run.py",
    "tests/foundation/test_layers.py",
    "tests/agents/test_opencode_serve.py",
    "tests/history/test_memory_import.py",
    "tests/team/test_overruled.py",
    "tests/harness/test_answer_drop.py",
    "tests/team/test_team_counts.py",
    "tests/cli_polish/test_progress.py",
    "tests/harness/test_codex_notes.py",
    "tests/history/test_bootstrap.py",
    "tests/learner/test_learner_real_reads.py",
    "tests/deliver/test_engine.py",
    "tests/deliver/test_notes_in_budget.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow files first (SLOW_FILES); a stable sort, so the order inside a file and among the rest is kept."""
    rank = {name: index for index, name in enumerate(SLOW_FILES)}

    def key(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        if path.startswith("tests/e2e/"):
            return -1
        return rank.get(path, len(rank))

    items.sort(key=key)


SCRUB_PREFIXES = ("ALTIMATE_LEARN", "ALTIMATE_CLI_", "OPENAI_", "ANTHROPIC_", "GITHUB_", "GH_", "GIT_", "CODEX_", "GEMINI_",
                  "CLAUDE_", "OPENCODE")


@pytest.fixture(scope="session")
def test_folders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The worker's folder for the tests' own folders (`tmp_path`, the isolated home): one folder, made once."""
    return tmp_path_factory.mktemp("t", numbered=False)


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, test_folders: Path) -> Path:
    """pytest's `tmp_path` (a new empty folder of the test's own, 0700, named after the test, kept after the run),
    made without looking at the others. pytest numbers each one (`<name>N`) by listing every folder the worker made
    before it in the same base folder, twice a test with the isolated home: over the ~6,500 tests of a worker that
    listing grew to 13,000 entries and cost 50-100 s of CPU a worker (_pytest.pathlib.make_numbered_dir, measured:
    3,000 folders 6.0 s, 13,000 folders 95 s). `tempfile.mkdtemp` makes a folder of a new random name (O(1)).
    `tmpdir` follows (it is made from this fixture); tmp_path_retention_policy is not read (all are kept, pytest's
    default)."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    return Path(tempfile.mkdtemp(prefix=name, dir=test_folders))


@pytest.fixture(autouse=True)
def isolated_home(test_folders: Path, tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Path:
    home = Path(tempfile.mkdtemp(prefix="home", dir=test_folders))
    for key in list(os.environ):
        if key.startswith(SCRUB_PREFIXES):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("CODEX_HOME", str(home / ".codex"))
    monkeypatch.setenv("NO_COLOR", "1")
    # Nothing above this worker's temporary folder counts: a stray `/tmp/.git` or `/tmp/.altimate-code` (another
    # program, another run) made a test's plain folder or home folder a project (trial23: the flaky outside-git test).
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path_factory.getbasetemp()))
    # git: no user/system config, a fixed identity, no templates
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test Author")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "author@example.invalid")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test Author")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "author@example.invalid")
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n\ttemplateDir =\n")
    return home


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="session")
def git_repo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository made once per worker exactly as `git_repo` describes it; each test gets a copy (copying
    costs about a third of `git init` + `add` + `commit`, and thousands of tests take one)."""
    home = tmp_path_factory.mktemp("git-template-home")
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n\ttemplateDir =\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(SCRUB_PREFIXES)}
    env.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=str(home / ".gitconfig"),
               GIT_AUTHOR_NAME="Test Author", GIT_AUTHOR_EMAIL="author@example.invalid",
               GIT_COMMITTER_NAME="Test Author", GIT_COMMITTER_EMAIL="author@example.invalid")
    repo = tmp_path_factory.mktemp("git-template") / "repo"
    repo.mkdir()
    for args in (("init", "-q", "-b", "main"), ("add", "README.md"), ("commit", "-q", "-m", "init")):
        if args[0] == "add":
            (repo / "README.md").write_text("# test repo\n")
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)
    return repo


@pytest.fixture
def git_repo(git_repo_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A real git repository with one commit (README.md, "init", by Test Author on branch main); the current
    directory is its root."""
    repo = tmp_path / "repo"
    shutil.copytree(git_repo_template, repo, symlinks=True)
    monkeypatch.chdir(repo)
    return repo


@pytest.fixture
def run_learn():
    """Run the real `learn` entry point in a subprocess: returns CompletedProcess (text)."""

    def _run(*args: str, cwd: Path | None = None, input: str | None = None, env: dict[str, str] | None = None,
             timeout: float = 120) -> subprocess.CompletedProcess[str]:
        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        return subprocess.run([sys.executable, "-m", "altimate_learn", *args], cwd=cwd, input=input,
                              capture_output=True, text=True, env=full_env, timeout=timeout,
                              stdin=None if input is not None else subprocess.DEVNULL)

    return _run


def learn_in_process(*args: str, cwd: Path, env: dict[str, str] | None = None,
                     drop_env: tuple[str, ...] = ("ALTIMATE_LEARN",)) -> subprocess.CompletedProcess[str]:
    """`learn ARGS` in ``cwd`` through the same entry point as the installed command (`altimate_learn.entry.main`), in
    this process, as a child process would see it: stdin from /dev/null; fds 1 and 2 (and whatever a process that it
    starts inherits) written to files and read back as text with universal newlines; an uncaught exception is a
    traceback and exit 1; ``sys.exit(code)`` is that code. The command sees the environment without ``drop_env``
    variables and with ``env`` added; the environment, the current folder, the umask and the SIGINT/SIGTERM handlers
    are restored afterwards. A `learn` process costs 0.3-0.9 s of interpreter start and imports; this costs the
    command alone. Tests of the installed entry point, hooks as processes, exit codes of real processes and signals
    keep `run_learn` / `run_hook`."""
    import io
    import signal
    import tempfile
    import traceback

    from altimate_learn.entry import main

    saved_env = dict(os.environ)
    for key in list(os.environ):
        if drop_env and key.startswith(drop_env):
            del os.environ[key]
    os.environ.update(env or {})
    saved_cwd = os.getcwd()
    saved_umask = os.umask(0o022)
    os.umask(saved_umask)
    saved_handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    for stream in saved_streams[1:]:
        stream.flush()
    saved_fds = [os.dup(fd) for fd in (0, 1, 2)]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, open(os.devnull, "rb") as null:
        try:
            os.dup2(null.fileno(), 0)
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
            sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", line_buffering=False)
            sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                          errors="backslashreplace", line_buffering=True)
            os.chdir(cwd)
            try:
                code = main(list(args))
            except SystemExit as exc:
                if exc.code is None or isinstance(exc.code, int):
                    code = exc.code or 0
                else:
                    print(exc.code, file=sys.stderr)
                    code = 1
            except BaseException:  # what an uncaught exception does to a process
                traceback.print_exc()
                code = 1
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError):
                    pass
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved_streams
            for fd, saved in zip((0, 1, 2), saved_fds):
                os.dup2(saved, fd)
                os.close(saved)
            os.chdir(saved_cwd)
            os.umask(saved_umask)
            for sig, handler in saved_handlers.items():
                signal.signal(sig, handler)
            os.environ.clear()
            os.environ.update(saved_env)
        texts = []
        for handle in (out, err):
            handle.seek(0)
            raw = handle.read().decode("utf-8", "replace")
            texts.append(raw.replace("\r\n", "\n").replace("\r", "\n"))
    return subprocess.CompletedProcess(["learn", *args], int(code), texts[0], texts[1])


@pytest.fixture
def learn_cli():
    """`learn ARGS` in ``cwd`` as `run_learn` gives it (a CompletedProcess; ``env`` added to the environment), run in
    this process through the entry point (`learn_in_process`): for tests that read a command's output, exit code and
    files. Tests of the installed entry point, hooks, real processes and signals use `run_learn`."""

    def _run(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return learn_in_process(*args, cwd=cwd, env=env, drop_env=())

    return _run


@pytest.fixture
def cli():
    """Run the CLI in-process (fast): returns (exit_code, stdout, stderr)."""
    import contextlib
    import io

    from altimate_learn.entry import main

    def _cli(*args: str, input: str | None = None) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(input or "")
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(list(args))
        finally:
            sys.stdin = old_stdin
        return code, out.getvalue(), err.getvalue()

    return _cli
