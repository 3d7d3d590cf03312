"""The `learn` command line: a thin typer layer over the library.

Exit codes: 0 success; 1 an expected failure (`Error: …` and what to do); 2 a usage error; 3 a bug
(a crash log with versions and the traceback is written and its path printed); 130 on Ctrl-C.
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

import typer

from altimate_learn import __version__
from altimate_learn.errors import LearnError

# Each module defines `register(app)`; heavy imports stay inside the command functions.
COMMAND_MODULES = ("settings", "capture", "reflect", "curate", "review", "deliver", "install", "history", "memories",
                   "gates", "doctor", "demo", "learner", "team", "completion", "tidy")

app = typer.Typer(
    name="learn",
    help="Turn the feedback you give coding agents into reviewed lessons, and deliver the relevant ones "
    "in later sessions. State lives in .altimate-code/learn/<store>/ in your repository.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


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


@app.callback()
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


for _module in COMMAND_MODULES:
    importlib.import_module(f"altimate_learn.cli.{_module}").register(app)


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
    usage_error, click_exception = _click_exceptions()
    command = typer.main.get_command(app)
    as_json = wants_json(argv)
    from altimate_learn import progress

    # A spinner during model calls for a person at a terminal; never for a hook's background run or a pipe.
    progress.show_model_calls(sys.stderr if progress.is_terminal(sys.stderr) and "--auto" not in argv else None)
    try:
        result = command.main(args=argv, prog_name="learn", standalone_mode=False)
        return result if isinstance(result, int) else 0
    except LearnError as exc:
        if os.environ.get("ALTIMATE_LEARN_DEBUG") == "1":
            raise
        if as_json:
            return json_error(exc.message, exc.hint, exc.exit_code)
        typer.echo(f"Error: {exc}", err=True)
        return exc.exit_code
    except usage_error as exc:
        if as_json:
            return json_error(exc.format_message(), _usage_hint(exc), 2)  # type: ignore[attr-defined]
        exc.show()  # type: ignore[attr-defined]
        return 2
    except click_exception as exc:
        if as_json:
            return json_error(exc.format_message(), None, getattr(exc, "exit_code", 1))  # type: ignore[attr-defined]
        exc.show()  # type: ignore[attr-defined]
        return getattr(exc, "exit_code", 1)
    except typer.Exit as exc:
        return int(getattr(exc, "exit_code", 0) or 0)
    except (KeyboardInterrupt, typer.Abort):
        if as_json:
            return json_error("interrupted.", None, 130)
        typer.echo("Interrupted.", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
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
