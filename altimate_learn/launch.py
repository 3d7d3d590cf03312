"""How learn starts itself: the hook command agents run, and every process learn starts in the background.

A hook runs in the project folder, on every prompt, for every teammate, and a project is text written by
strangers. `python -m altimate_learn` started there imports `altimate_learn.py` or `altimate_learn/` from
the current folder (and from anything on ``PYTHONPATH``) before the installed package, so cloning a
repository would be enough to run its code at the next session start. learn therefore never starts itself
that way. Its interpreter runs by absolute path and isolated: ``-I`` puts neither the current folder nor a
script's folder on ``sys.path``, ignores every ``PYTHON*`` variable and leaves out the user site-packages.
An installation that lives in the user site-packages (``pip install --user``) needs that folder, so there
the flags are ``-E -P`` (``PYTHON*`` variables ignored, no unsafe path entry) and the user site stays.

- :func:`learn_argv` is the argv of a learn command run that way; :func:`spawn_detached` starts one in the
  background (automatic reflection, startup recovery, the learner): every background start goes through it,
  or through :func:`spawn_with_input`, the same with input on a pipe (the capture worker a hook hands a prompt to).
- :func:`hook_command` is the shell command `learn install` writes for this machine; :func:`path_command`
  the form for a settings file a team commits (`learn` found on each machine's PATH, ``PYTHONPATH`` unset).
- :func:`command_problem` tells an old, unsafe hook command from these two (`learn install --check`).

Standard library only: the hook imports this module when it starts a reflection or the capture worker.
"""

from __future__ import annotations

import os
import sys

MODULE = "altimate_learn"
# The variables the PATH form unsets: a console script honours them, and an empty or relative entry in
# PYTHONPATH (`export PYTHONPATH=$PYTHONPATH:/x` with PYTHONPATH unset gives ":/x") is the current folder.
PATH_FORM_UNSET = ("PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE")


def python() -> str:
    """This installation's interpreter, absolute (not resolved: a venv's python is a symlink that must stay one)."""
    return os.path.abspath(sys.executable)


def _in_user_site() -> bool:
    import site

    try:
        user_site = site.getusersitepackages()
    except Exception:  # noqa: BLE001 - no user site on this platform or build
        return False
    if not user_site:
        return False
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    user_site = os.path.abspath(user_site)
    return package_parent == user_site or package_parent.startswith(user_site + os.sep)


def interpreter_flags() -> list[str]:
    """``["-I"]``, or ``["-E", "-P"]`` for an installation in the user site-packages (see the module docstring)."""
    return ["-E", "-P"] if _in_user_site() else ["-I"]


def learn_argv(*args: str) -> list[str]:
    """The argv that runs ``learn ARGS`` with this installation, immune to the current folder and PYTHONPATH."""
    return [python(), *interpreter_flags(), "-m", MODULE, *args]


def hook_command(harness: str) -> str:
    """The shell command that runs this installation's hook: absolute interpreter, isolated, shell-quoted."""
    import shlex

    return shlex.join(learn_argv("hook", harness))


def path_command(harness: str) -> str:
    """The hook command for a settings file the team commits: `learn` from each machine's PATH."""
    unset = " ".join(f"-u {name}" for name in PATH_FORM_UNSET)
    return f"env {unset} learn hook {harness}"


def path_argv(harness: str) -> list[str]:
    import shlex

    return shlex.split(path_command(harness))


_LEARN_SCRIPTS = ("learn", "altimate-learn")
_PYTHONPATH_PROBLEM = "it runs `learn` with PYTHONPATH set, which can put the project folder first on Python's path"


def command_problem(argv: list[str]) -> str | None:
    """Why a hook command of ours is unsafe, or None when it is one of the two forms learn writes.

    Safe: an absolute interpreter with ``-I`` (or ``-E -P``) before ``-m altimate_learn``, or the PATH form
    (``env -u PYTHONPATH … learn hook``). Anything else that runs learn reads the project folder or
    ``PYTHONPATH`` first.
    """
    if not argv:
        return "it is empty"
    if os.path.basename(argv[0]) == "env":
        unset: set[str] = set()
        i = 1
        while i < len(argv):
            word = argv[i]
            if word == "-u" and i + 1 < len(argv):
                unset.add(argv[i + 1])
                i += 2
            elif word in ("-i", "-"):  # an empty environment
                unset.add("PYTHONPATH")
                i += 1
            elif "=" in word and not word.startswith("-"):  # NAME=VALUE
                name, _, value = word.partition("=")
                (unset.add if not value else unset.discard)(name)
                i += 1
            else:
                break
        rest = argv[i:]
        if rest and os.path.basename(rest[0]) in _LEARN_SCRIPTS:
            return None if "PYTHONPATH" in unset else _PYTHONPATH_PROBLEM
        return command_problem(rest)
    if MODULE in argv and "-m" in argv:
        flags = argv[1:argv.index("-m")]
        if not os.path.isabs(argv[0]):
            return f"its interpreter {argv[0]!r} is looked up on PATH, not named by absolute path"
        isolated = any(f.startswith("-") and not f.startswith("--") and "I" in f for f in flags)
        no_env = any(f.startswith("-") and not f.startswith("--") and "E" in f for f in flags)
        safe_path = any(f.startswith("-") and not f.startswith("--") and "P" in f for f in flags)
        if not (isolated or (no_env and safe_path)):
            return ("`python -m altimate_learn` without -I imports altimate_learn from the project folder and "
                    "PYTHONPATH first")
        return None
    if os.path.basename(argv[0]) in _LEARN_SCRIPTS:
        return _PYTHONPATH_PROBLEM
    return None


def spawn_detached(args: list[str], *, cwd: str, log_path: str, env: dict[str, str] | None = None) -> int:
    """Start ``learn ARGS`` in the background, detached from the caller; returns its pid.

    The process has its own session (it outlives the hook or command that started it), no stdin, and its
    output appended to ``log_path``. It runs :func:`learn_argv`, so the folder it starts in cannot change
    which code runs.
    """
    import subprocess

    os.makedirs(os.path.dirname(log_path) or ".", exist_ok=True)
    with open(log_path, "ab") as out:
        process = subprocess.Popen(learn_argv(*args), cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                   start_new_session=True, close_fds=True, env=env)
    return process.pid


HANDOFF_WAIT = 10.0  # seconds a caller waits for a started process to read input past the pipe's buffer


def spawn_with_input(args: list[str], data: bytes, *, log_path: str) -> int:
    """Start ``learn ARGS`` detached like :func:`spawn_detached`, with ``data`` on its stdin; returns its pid.

    The input goes through a pipe, never through a file (a hook hands a prompt over this way, and a prompt
    is never written to disk unredacted). The process starts in the caller's folder, which cannot change
    which code runs (:func:`learn_argv`). ``os.posix_spawn`` starts it in a few milliseconds (no `subprocess`
    import, no copy of the caller); where the platform cannot start it in its own session that way,
    `subprocess` does. Input beyond the pipe's buffer is written as the process reads it, for at most
    :data:`HANDOFF_WAIT` seconds (then TimeoutError; BrokenPipeError if it exited first).
    """
    argv = learn_argv(*args)
    os.makedirs(os.path.dirname(log_path) or ".", exist_ok=True)
    out = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    read_end, write_end = os.pipe()
    try:
        try:
            actions = [(os.POSIX_SPAWN_DUP2, read_end, 0), (os.POSIX_SPAWN_DUP2, out, 1),
                       (os.POSIX_SPAWN_DUP2, out, 2)] + [(os.POSIX_SPAWN_CLOSE, fd) for fd in _inherited_fds()]
            pid = os.posix_spawn(argv[0], argv, os.environ, setsid=True, file_actions=actions)
        except (AttributeError, NotImplementedError):  # no posix_spawn, or no POSIX_SPAWN_SETSID
            import subprocess

            pid = subprocess.Popen(argv, stdin=read_end, stdout=out, stderr=out, start_new_session=True,
                                   close_fds=True).pid
    except BaseException:
        os.close(write_end)
        raise
    finally:
        os.close(read_end)
        os.close(out)
    try:
        _write_all(write_end, data)
    finally:
        os.close(write_end)
    return pid


def _inherited_fds() -> list[int]:
    """Descriptors above 2 a started process would inherit (what ``close_fds=True`` closes): an agent that
    handed its hook another pipe would otherwise wait for the background process to end."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found = []
        for name in names:
            try:
                fd = int(name)
                if fd > 2 and os.get_inheritable(fd):
                    found.append(fd)
            except (ValueError, OSError):
                continue  # the listing's own descriptor, closed by now
        return found
    return []


def _write_all(fd: int, data: bytes) -> None:
    import time

    os.set_blocking(fd, False)
    view = memoryview(data)
    deadline = time.monotonic() + HANDOFF_WAIT
    while view:
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the process took {len(data) - len(view)} of {len(data)} bytes "
                                   f"in {HANDOFF_WAIT:g} s") from None
            import select

            select.select([], [fd], [], min(left, 0.05))
