"""Shared pieces of the interactive CLI: options, output, project and store lookup."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from altimate_learn.config import Settings, load_settings
from altimate_learn.errors import LearnError
from altimate_learn.english import plural  # noqa: F401  (re-exported for the commands)
from altimate_learn.store import DEFAULT_STORE, ProjectPaths, Store, project
from altimate_learn.store.paths import closest_store_name

NameOpt = Annotated[str, typer.Option("--name", metavar="NAME",
                                      help="Store name (a folder under .altimate-code/learn/; letters, digits, "
                                           "'-', '_', '.').",
                                      show_default=True)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output with stable keys.")]

DEFAULT_NAME = DEFAULT_STORE


def current_project() -> ProjectPaths:
    return _upgraded(project(Path.cwd()))


def _upgraded(paths: ProjectPaths) -> ProjectPaths:
    """In a linked worktree that still holds local state of its own (an earlier version's, or kept while its
    link to the repository was broken), move it into the repository's store first, and say so on stderr."""
    from altimate_learn.worktree import has_leftovers, record

    if paths.checkout.shared and paths.local_dir.is_dir():
        record(paths.checkout)  # its sessions stay the repository's after the worktree is removed
    if has_leftovers(paths.checkout):
        from altimate_learn.store.migrate import migrate

        done = migrate(paths)
        if done is not None and done.changed:
            typer.echo(done.summary(), err=True)
        for problem in (done.problems if done is not None else []):
            warn(f"not moved into the repository's store (kept in this worktree, tried again next time): {problem}")
    return paths


def writing_project() -> ProjectPaths:
    """The project a command that writes works in; outside a git repository it says which folder and why.

    Inside a git repository the project is found silently (the repository, or the nearest folder in it
    with `.altimate-code/`). Outside one, a folder at or above the current one that has `.altimate-code/`
    is used with a note on stderr, except the home folder: altimate-code reads `~/.altimate-code/` as
    user-wide configuration, so it is never a project. With neither, the command refuses, saying how to
    make a folder the project, instead of scattering `.altimate-code/` wherever it was run.
    """
    from altimate_learn.store.paths import locate_project

    where = locate_project(Path.cwd())
    if where.in_git:
        return _upgraded(ProjectPaths(where.root))
    cwd = Path.cwd().resolve()
    home = Path.home().resolve()
    if where.marked and where.root != home:
        warn(f"not in a git repository; using {where.root} as the project (it has .altimate-code/).")
        return ProjectPaths(where.root)
    if where.marked:
        raise LearnError(f"{cwd} is not in a git repository, and the nearest folder with .altimate-code/ is your "
                         f"home folder ({home}), which altimate-code reads as user-wide settings, not a project.",
                         "Run it inside your project's repository, or mark the project folder with `git init` or "
                         "`mkdir .altimate-code` there.")
    raise LearnError(f"{cwd} is not in a git repository, and no folder at or above it has .altimate-code/, so "
                     "learn cannot tell which folder is the project.",
                     "Run it inside your project's repository, or make this folder the project with `git init` or "
                     "`mkdir .altimate-code`, then run it again.")


def open_store(name: str = DEFAULT_STORE) -> Store:
    """The named store of the current project, for a command that may create it (the name is validated;
    nothing is created yet). A new store whose name is one typo away from an existing one gets a warning."""
    store = Store(writing_project(), name)
    if not store.exists:
        close = closest_store_name(name, store.project.store_names())
        if close:
            warn(f"store '{name}' does not exist yet and will be created; did you mean --name {close}?")
    else:  # what a writer killed before its rename left, also when this run finds nothing to write (never a live one's)
        from altimate_learn.store import fsio

        for folder in {store.dir, store.local_dir, store.versions_dir, store.project.learn_dir}:
            fsio.sweep_temp_files(folder)
    return store


def open_existing_store(name: str = DEFAULT_STORE) -> Store:
    """The named store of the current project, for a command that only reads it.

    A name that is not a store folder is an error naming the closest store (a typo must not read as an
    empty store). The default store of a project that has no store yet is not an error: it is empty.
    """
    store = Store(current_project(), name)
    if store.exists:
        return store
    names = store.project.store_names()
    if name == DEFAULT_STORE and not names:
        return store
    where = shown_path(store.project.learn_dir)
    close = closest_store_name(name, names)
    if close:
        hint = f"Did you mean --name {close}? Stores here: {', '.join(names)}."
    elif names:
        hint = f"Stores here: {', '.join(names)}."
    else:
        hint = "This project has no store yet; `learn capture`, `learn signal add` or `learn curate` create one."
    raise LearnError(f"store '{name}' does not exist (no folder {where}/{name}).", hint)


def settings(paths: ProjectPaths | None = None) -> Settings:
    """Resolved settings; unknown `learn` keys are reported on stderr, never ignored silently."""
    paths = paths or current_project()
    resolved = load_settings(paths.root, Path.cwd())
    for problem in resolved.unknown:
        warn(problem)
    return resolved


def reading_settings(paths: ProjectPaths | None = None) -> tuple[Settings, list[str]]:
    """Settings for a command that only reads and reports (`learn status`, `show`, `doctor`): what the hooks use
    when a config file cannot be read or holds an invalid value, with each problem (review13 R13-33, review14
    R14-15: `"capture": "yes"` turned capture off in every agent while `learn status` refused to show anything).
    Any other configuration error stays an error."""
    from altimate_learn.errors import ConfigError

    paths = paths or current_project()
    try:
        return settings(paths), []
    except ConfigError as exc:
        resolved = load_settings(paths.root, Path.cwd(), lenient=True)
        if not (resolved.unreadable or resolved.invalid):
            raise
        problems = ([str(exc)] if resolved.unreadable else []) + [
            f"{problem.rstrip('.')}, as the hooks do; fix the value." for problem in resolved.invalid]
        for problem in (p for p in resolved.unknown if p not in resolved.invalid):
            warn(problem)
        return resolved, problems


def echo(text: str = "") -> None:
    typer.echo(text)


def warn(text: str) -> None:
    typer.echo(f"Warning: {text}", err=True)


def settle_capture(paths: ProjectPaths) -> None:
    """Wait, a few seconds at most, for the hooks' capture workers still recording a signal of this project: a
    command typed right after an agent's turn otherwise missed the correction just typed (trial27, trial28)."""
    from altimate_learn.harness.capture_worker import settle

    def say(count: int) -> None:
        typer.echo(f"Waiting for {plural(count, 'prompt')} still being classified by learn's hooks…", err=True)

    left = settle(str(paths.sessions_dir), say)
    if left:
        typer.echo(f"{plural(left, 'prompt')} {'is' if left == 1 else 'are'} still being classified; a correction "
                   "among them shows up in a moment: run the command again.", err=True)


def print_json(value: Any) -> None:
    """JSON for `--json`: sorted keys, 2-space indent, UTF-8; hidden characters as ``\\u`` escapes.

    The data a JSON parser reads back is unchanged; only the printed form can no longer reorder or hide
    text on a terminal (a bidi override inside a rejected lesson, for example).
    """
    from altimate_learn.review.text import safe_json

    typer.echo(safe_json(value))


def is_interactive() -> bool:
    """True when a person can answer a prompt (stdin and stdout are terminals)."""
    if os.environ.get("ALTIMATE_LEARN_ASSUME_TTY") == "1":  # for tests that drive prompts
        return True
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def shown_path(path: Path) -> str:
    """A path as a user reads it: relative to the current directory when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# Metavars for options that did not name one: what a normal CLI prints, never typer's `<str>`/`<list[str]>`.
_TYPE_METAVARS = {"str": "TEXT", "Path": "PATH", "int": "N", "float": "NUMBER"}


def _fallback_metavar(param: Any) -> str:
    try:
        bare = str(param.bare_type())
    except Exception:  # another typer: any readable word beats a crash in --help
        return "TEXT"
    if bare.startswith("list[") and bare.endswith("]"):
        bare = bare[5:-1]
    return _TYPE_METAVARS.get(bare, "TEXT")


# The help wrapper breaks lines after a hyphen, which cut paths, store and model names in two
# (".altimate-" / "code/learn/", "gemini-" / "cli", "[default: team-" / "playbook]"): text nobody can copy. Inside
# a word the hyphen is swapped for a non-breaking one while the page is wrapped, and back in the text printed.
_KEPT_HYPHEN = "\u2011"


def _unbroken(text: str | None) -> str | None:
    if not text:
        return text
    import re

    return re.sub(r"(?<=[\w.])-(?=[\w<])", _KEPT_HYPHEN, text)


class LearnCommand(TyperCommand):
    """A typer command whose help reads like a normal CLI: `--name NAME`, `learn pin [OPTIONS] ID`,
    `learn capture [OPTIONS] [PATH]...`, arguments listed without a `<type>` suffix.

    Why a class: typer's plain help renders argument types as `<str>` and required arguments as `{ID}`,
    whatever metavar is given. Use it for every command: `app.command("x", cls=LearnCommand)`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.param_type_name == "option":
                if param.metavar is None and not getattr(param, "is_flag", False):
                    param.metavar = _fallback_metavar(param)
            elif param.metavar is None:
                param.metavar = (param.name or "ARG").upper()

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name != "argument":
                continue
            name = param.metavar or (param.name or "ARG").upper()
            name = name if param.required else f"[{name}]"
            pieces.append(name + ("..." if param.nargs != 1 else ""))
        return pieces

    def get_help(self, ctx: Any) -> str:
        return super().get_help(ctx).replace(_KEPT_HYPHEN, "-")

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        text, self.help = self.help, _unbroken(self.help)
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = text

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((param.metavar or (param.name or "ARG").upper(), _unbroken(record[1])))
            else:
                options.append((record[0], _unbroken(record[1])))
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)


class Report:
    """What a command reports: lines for a person as it goes, or with `--json` one object at the end.

    ``line`` prints at once (nothing under --json); ``data`` holds the JSON keys (snake_case, see the
    README's "JSON output for scripts"); ``emit`` prints the object under --json. ``fail`` ends the command
    with exit ``code``: the line for a person, or ``{"error", "hint", "exit"}`` like any error under --json.
    Lesson text may be hostile: the JSON is printed with every terminal control character escaped.
    """

    def __init__(self, as_json: bool, **data: Any) -> None:
        self.as_json = as_json
        self.data: dict[str, Any] = dict(data)

    def line(self, text: str = "") -> None:
        if not self.as_json:
            echo(text)

    def emit(self, **data: Any) -> None:
        self.data.update(data)
        if self.as_json:
            from altimate_learn.review.text import safe_json

            typer.echo(safe_json(self.data))

    def fail(self, message: str, code: int = 1, hint: str | None = None) -> typer.Exit:
        if self.as_json:
            from altimate_learn.cli.app import json_error

            json_error(message[:1].lower() + message[1:], hint, code)
        else:
            echo(f"{message} {hint}".strip() if hint else message)
        return typer.Exit(code)


def say_given_back(report: Report, reopened: list[str]) -> None:
    """Say which signals the discarded reflections gave back, and how to reflect on them again."""
    if reopened:
        one = len(reopened) == 1
        report.line(f"{plural(len(reopened), 'signal')} of the discarded reflection {'is' if one else 'are'} open "
                    f"again: `learn reflect --pending --model NAME` reflects on {'it' if one else 'them'} again "
                    "(`learn signals` lists open signals).")
