"""The `learn` command line: a thin typer layer over the library.

Exit codes: 0 success; 1 an expected failure (`Error: …` and what to do); 2 a usage error; 3 a bug
(a crash log with versions and the traceback is written and its path printed); 75 incomplete, try again later
(`learn import-reviews` paused at GitHub's rate limit); 130 on Ctrl-C.
`ALTIMATE_LEARN_DEBUG=1` re-raises instead of writing the log.

Under `--json` an error is one JSON object on stdout instead of the `Error: …` line on stderr:
`{"error": "what went wrong", "hint": "what to do" or null, "exit": N}` (same exit code).
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import typer

from altimate_learn import __version__
from altimate_learn.errors import LearnError

# Each module defines `register(app)`; heavy imports stay inside the command functions.
COMMAND_MODULES = ("settings", "capture", "reflect", "curate", "review", "deliver", "install", "history", "memories",
                   "gates", "doctor", "demo", "learner", "team", "completion", "tidy")
# The module that registers each command. `learn CMD …` imports and builds that module's commands alone (a third of
# a start-up saved on every command); anything else (`learn`, `learn --help`, an unknown or misspelt command) builds
# the whole tree. tests/cli_polish/test_lazy_commands.py checks this table against what the modules register.
COMMANDS = {
    "enable": "settings", "disable": "settings", "status": "settings", "nudge": "settings",
    "capture": "capture", "sessions": "capture", "signals": "capture", "signal": "capture",
    "reflect": "reflect",
    "curate": "curate", "retire": "curate",
    "show": "review", "promote": "review", "reject": "review", "rollback": "review", "pin": "review",
    "unpin": "review", "search": "review", "publish": "review", "check": "review",
    "deliver": "deliver", "export": "deliver",
    "install": "install",
    "bootstrap": "history", "import-reviews": "history",
    "import-memories": "memories",
    "remember": "gates", "vet": "gates", "tool-errors": "gates", "quarantine": "gates",
    "doctor": "doctor",
    "demo": "demo",
    "run": "learner", "revert": "learner", "pause": "learner", "resume": "learner", "runs": "learner",
    "resolve": "team", "merge-driver": "team",
    "completion": "completion",
    "tidy": "tidy", "undo": "tidy",
}

# Words other tools use for a command learn names differently: `learn init` says what to run instead of a bare
# "No such command" (review13 R13-2).
OTHER_WORDS = {
    "init": "To start: `learn enable` (then `learn install <agent>`).",
    "setup": "To start: `learn enable` (then `learn install <agent>`).",
    "start": "To start: `learn enable` (then `learn install <agent>`).",
    "stop": "To stop learning in this project: `learn disable` (or `learn pause` for the continual learner).",
    "approve": "To approve the staged lessons: `learn promote`.",
    "accept": "To approve the staged lessons: `learn promote`.",
    "review": "To review the staged lessons: `learn show` (then `learn promote` or `learn reject`).",
    "list": "To list the lessons: `learn show` (signals: `learn signals`).",
    "ls": "To list the lessons: `learn show` (signals: `learn signals`).",
    "add": "To add a rule of your own: `learn remember \"TEXT\"`.",
    "uninstall": "To remove an agent's hooks: `learn install <agent> --uninstall`.",
    "help": "Every command: `learn` with `--help`; one command's options: `learn COMMAND --help`.",
}

# The folder on a line of its own ("\b": click does not re-wrap that paragraph): the wrapper broke it at its hyphen
# (".altimate-" / "code/learn/…"), a path nobody can copy.
HELP = ("Turn the feedback you give coding agents into reviewed lessons, and deliver the relevant ones in later "
        "sessions. State lives in your repository, in:\n\n\b\n.altimate-code/learn/<store>/")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"learn (altimate-learn) {__version__}")
        raise typer.Exit()


def _show_completion(value: bool) -> None:
    from altimate_learn.cli.completion import show_option

    show_option(value)


def _install_completion(value: bool) -> None:
    from altimate_learn.cli.completion import install_option

    install_option(value)


def _root(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    show_completion: bool = typer.Option(False, "--show-completion", callback=_show_completion, is_eager=True,
                                         help="Print the completion script for your shell ($SHELL: bash, zsh "
                                              "or fish); `learn completion SHELL` names the shell."),
    install_completion: bool = typer.Option(False, "--install-completion", callback=_install_completion,
                                            is_eager=True, help="Install completion for your shell ($SHELL)."),
) -> None:
    """Turn the feedback you give coding agents into reviewed lessons."""


def build_app(modules: tuple[str, ...] = COMMAND_MODULES) -> typer.Typer:
    """The `learn` application with the commands of ``modules`` (all of them by default)."""
    built = typer.Typer(
        name="learn",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    built.callback()(_root)
    for module in modules:
        importlib.import_module(f"altimate_learn.cli.{module}").register(built)
    return built


_APPS: dict[tuple[str, ...], typer.Typer] = {}
_COMMANDS: dict[tuple[str, ...], Any] = {}


def _app(modules: tuple[str, ...] = COMMAND_MODULES) -> typer.Typer:
    if modules not in _APPS:
        _APPS[modules] = build_app(modules)
    return _APPS[modules]


def __getattr__(name: str) -> Any:
    """`app`: the whole command tree (docs, completion and tests read it), built on first use."""
    if name == "app":
        return _app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def command_for(argv: list[str]) -> Any:
    """The click command that runs ``argv``: only the named command's module when the first word is a command,
    the whole tree otherwise. Built once per process (in-process callers run many command lines)."""
    module = COMMANDS.get(argv[0]) if argv else None
    modules = (module,) if module else COMMAND_MODULES
    if modules not in _COMMANDS:
        _COMMANDS[modules] = typer.main.get_command(_app(modules))
    return _COMMANDS[modules]


def state_home() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "altimate-learn"


def write_crash_log(exc: BaseException, argv: list[str]) -> Path:
    folder = state_home() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    path = folder / f"crash-{stamp}.log"
    lines = [
        f"altimate-learn {__version__}",
        f"python {sys.version.split()[0]} ({platform.platform()})",
        f"typer {getattr(typer, '__version__', '?')}",
        f"command: learn {' '.join(argv)}",
        f"cwd: {os.getcwd()}",
        "",
        "".join(traceback.format_exception(exc)),
    ]
    from altimate_learn.redact import redact

    # The command line and the exception can hold what the user passed (`signal add --text …`).
    path.write_text(redact("\n".join(lines)), encoding="utf-8")
    return path


def _click_exceptions() -> tuple[type[BaseException], type[BaseException]]:
    """click's UsageError and ClickException, wherever this typer keeps click (vendored or not)."""
    mro = typer.BadParameter.__mro__
    usage = next(c for c in mro if c.__name__ == "UsageError")
    click_exc = next(c for c in mro if c.__name__ == "ClickException")
    return usage, click_exc


def wants_json(argv: list[str]) -> bool:
    """True when the command line asks for `--json` (before a `--` that ends the options)."""
    options = argv[:argv.index("--")] if "--" in argv else argv
    return "--json" in options


def json_error(message: str, hint: str | None, code: int) -> int:
    """An error under `--json`: one object on stdout, the same exit code as the text form."""
    import json

    typer.echo(json.dumps({"error": message, "hint": hint or None, "exit": code}, ensure_ascii=False))
    return code


def _usage_hint(exc: BaseException) -> str:
    ctx = getattr(exc, "ctx", None)
    path = ctx.command_path if ctx is not None else "learn"
    return f"Run `{path} --help` for the options."


def run(argv: list[str]) -> int:
    fsio = sys.modules.get("altimate_learn.store.fsio")
    if fsio is not None:
        fsio.take_notices()  # an earlier command line run in this process said its own
    try:
        return _run(argv)
    finally:
        _say_unreadable()


def _say_unreadable() -> None:
    """State files read with unreadable lines, or repaired, during the command: one line each on stderr (so `--json`
    output stays whole), whatever the outcome (store/fsio.py notes them)."""
    fsio = sys.modules.get("altimate_learn.store.fsio")
    if fsio is None:
        return
    from altimate_learn.cli.common import shown_path

    try:
        for line in fsio.take_notices(shown_path):
            typer.echo(f"Warning: {line}", err=True)
    except (OSError, ValueError):  # a closed stderr: the command's own outcome stands
        pass


def _run(argv: list[str]) -> int:
    command = command_for(argv)
    as_json = wants_json(argv)
    from altimate_learn import progress

    # A spinner during model calls for a person at a terminal; never for a hook's background run or a pipe.
    progress.show_model_calls(sys.stderr if progress.is_terminal(sys.stderr) and "--auto" not in argv else None)
    from altimate_learn.reuse import command_scope

    try:
        with command_scope():  # e.g. the command's opencode model calls share one `opencode serve`, stopped at its end
            result = command.main(args=argv, prog_name="learn", standalone_mode=False)
        if result == 130 and not isinstance(result, bool):
            # typer (0.16 and later) turns Ctrl-C into Exit(130), returned here without a word; no learn command
            # returns 130 itself, so say it was interrupted as before
            raise KeyboardInterrupt
        return result if isinstance(result, int) else 0
    except (Exception, KeyboardInterrupt) as exc:
        return answer_failure(exc, argv, as_json)


def answer_failure(exc: BaseException, argv: list[str], as_json: bool | None = None) -> int:
    """What `learn ARGV` says and exits with when its command raised ``exc``: called while ``exc`` is being handled
    (by :func:`_run`, and by entry.py's merge driver, which runs without typer). Anything but an Exception or Ctrl-C
    is raised on."""
    usage_error, click_exception = _click_exceptions()
    as_json = wants_json(argv) if as_json is None else as_json
    if isinstance(exc, LearnError):
        if os.environ.get("ALTIMATE_LEARN_DEBUG") == "1":
            raise
        if as_json:
            return json_error(exc.message, exc.hint, exc.exit_code)
        typer.echo(f"Error: {exc}", err=True)
        return exc.exit_code
    if isinstance(exc, usage_error):
        word = argv[0] if argv else ""
        if word in OTHER_WORDS and word not in COMMANDS and "No such command" in str(getattr(exc, "message", "")):
            exc.message = f"No such command '{word}'. {OTHER_WORDS[word]}"  # type: ignore[attr-defined]
        if as_json:
            return json_error(exc.format_message(), _usage_hint(exc), 2)  # type: ignore[attr-defined]
        exc.show()  # type: ignore[attr-defined]
        return 2
    if isinstance(exc, click_exception):
        if as_json:
            return json_error(exc.format_message(), None, getattr(exc, "exit_code", 1))  # type: ignore[attr-defined]
        exc.show()  # type: ignore[attr-defined]
        return getattr(exc, "exit_code", 1)
    if isinstance(exc, typer.Exit):
        return int(getattr(exc, "exit_code", 0) or 0)
    if isinstance(exc, (KeyboardInterrupt, typer.Abort)):
        if as_json:
            return json_error("interrupted.", None, 130)
        typer.echo("Interrupted.", err=True)
        return 130
    if isinstance(exc, BrokenPipeError):
        return 0
    if not isinstance(exc, Exception):
        raise
    if os.environ.get("ALTIMATE_LEARN_DEBUG") == "1":
        raise
    try:
        path = write_crash_log(exc, argv)
        where = f"A log with the details is at {path}"
    except OSError:
        where = "(the crash log could not be written)"
    if as_json:
        return json_error(f"internal error: {type(exc).__name__}: {exc}.", f"{where}; please report it.", 3)
    typer.echo(f"Internal error: {type(exc).__name__}: {exc}. {where}; please report it.", err=True)
    return 3
