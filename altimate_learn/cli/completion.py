"""Shell completion for bash, zsh and fish: `learn completion SHELL [--install]`, `learn --show-completion`,
`learn --install-completion`.

The script a shell loads calls `learn` again on every Tab with ``_LEARN_COMPLETE=<shell>`` in its
environment and the words typed so far as arguments (the last one is the word being completed).
:mod:`altimate_learn.entry` sends such a call here before anything else runs, and this module prints one
candidate a line: ``value`` (bash), or ``value<TAB>description`` (zsh, fish); ``:files`` alone asks the
shell for its own file-name completion. Commands and options come from the command tree itself, so a
command added later completes without a change here; values come from the project on disk: store names
(``--name``), lesson ids (``pin``, ``unpin``, ``reject``, ``quarantine release|drop``), session ids
(``--session``: the sessions with signals in the store), learner runs, agent and model names. Reading them
never writes, never takes a lock, and never fails: a completion that cannot be read offers nothing.

The hook path (`learn hook`) never imports this module (nor typer): entry.py dispatches the hook first.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Callable

import typer

from altimate_learn.cli.common import LearnCommand, echo
from altimate_learn.errors import LearnError

ENV = "_LEARN_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
FILES = ":files"  # the shell's own file-name completion

BASH = r'''# bash completion for learn (altimate-learn): `eval "$(learn completion bash)"` in ~/.bashrc
_learn_complete() {
    local IFS=$'\n'
    local out
    out=$(_LEARN_COMPLETE=bash "${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
    if [[ "$out" == ":files" ]]; then
        COMPREPLY=()
    else
        COMPREPLY=($(compgen -W "$out" -- "${COMP_WORDS[COMP_CWORD]}"))
    fi
    return 0
}
complete -o default -F _learn_complete learn altimate-learn
'''

ZSH = r'''#compdef learn altimate-learn
# zsh completion for learn (altimate-learn): `eval "$(learn completion zsh)"` in ~/.zshrc (after compinit)
_learn() {
    local -a lines candidates
    lines=("${(@f)$(_LEARN_COMPLETE=zsh "${words[1]}" "${(@)words[2,$CURRENT]}" 2>/dev/null)}")
    if [[ "${lines[1]}" == ":files" ]]; then
        _files
        return
    fi
    local line
    for line in "${lines[@]}"; do
        [[ -z "$line" ]] && continue
        candidates+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
    done
    _describe -t learn 'learn' candidates
}
if (( $+functions[compdef] )); then
    compdef _learn learn altimate-learn
else
    autoload -Uz compinit && compinit && compdef _learn learn altimate-learn
fi
'''

FISH = r'''# fish completion for learn (altimate-learn): `learn completion fish | source`
function __learn_complete
    set -l words (commandline -opc)
    set -l out (env _LEARN_COMPLETE=fish $words[1] $words[2..-1] (commandline -ct) 2>/dev/null)
    if test "$out" = ":files"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\n' $out
    end
end
complete -c learn -f -a '(__learn_complete)'
complete -c altimate-learn -f -a '(__learn_complete)'
'''

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


# --- the candidates ---------------------------------------------------------------------------------------

def candidates(words: list[str]) -> list[tuple[str, str]]:
    """(value, description) for the last word of ``words`` (the words after `learn`; the last is partial)."""
    from altimate_learn.cli.app import app

    root = typer.main.get_command(app)
    typed, incomplete = words[:-1], (words[-1] if words else "")
    command, path, values = root, [], _Given()
    expecting = None  # the option whose value is being typed
    positional = 0
    for word in typed:
        if expecting is not None:
            values.add(expecting, word)
            expecting = None
            continue
        if word == "--":
            continue
        if word.startswith("-") and len(word) > 1:
            name, eq, value = word.partition("=")
            param = _option(command, name)
            if param is not None and not _is_flag(param):
                if eq:
                    values.add(param, value)
                else:
                    expecting = param
            continue
        subcommands = getattr(command, "commands", None)
        if subcommands is not None and word in subcommands:
            command, path, positional = subcommands[word], path + [word], 0
            continue
        values.add(_argument(command, positional), word)
        positional += 1
    if expecting is not None:
        return _values(expecting, incomplete, path, values)
    if incomplete.startswith("-"):
        name, eq, value = incomplete.partition("=")
        param = _option(command, name) if eq else None
        if param is not None and not _is_flag(param):
            return [(f"{name}={v}", d) for v, d in _values(param, value, path, values) if v != FILES] or []
        return [(opt, _help(param)) for param, opt in _options(command) if opt.startswith(incomplete)]
    subcommands = getattr(command, "commands", None)
    if subcommands is not None:
        return [(name, _short(getattr(sub, "short_help", None) or getattr(sub, "help", None) or ""))
                for name, sub in sorted(subcommands.items())
                if name.startswith(incomplete) and not getattr(sub, "hidden", False)]
    argument = _argument(command, positional)
    if argument is None:
        return []
    return _values(argument, incomplete, path, values)


class _Given:
    """The values already typed, by parameter name (for `--name` before a lesson id)."""

    def __init__(self) -> None:
        self.by_name: dict[str, str] = {}

    def add(self, param: Any, value: str) -> None:
        if param is not None and param.name:
            self.by_name[param.name] = value

    def get(self, name: str) -> str | None:
        return self.by_name.get(name)


def _option(command: Any, name: str) -> Any:
    for param in getattr(command, "params", []):
        if param.param_type_name == "option" and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _options(command: Any) -> list[tuple[Any, str]]:
    out: list[tuple[Any, str]] = []
    for param in getattr(command, "params", []):
        if param.param_type_name == "option" and not getattr(param, "hidden", False):
            out += [(param, opt) for opt in (*param.opts, *param.secondary_opts) if opt.startswith("--")]
    out.append((None, "--help"))
    return out


def _argument(command: Any, position: int) -> Any:
    arguments = [p for p in getattr(command, "params", []) if p.param_type_name == "argument"]
    if not arguments:
        return None
    if position < len(arguments):
        return arguments[position]
    return arguments[-1] if arguments[-1].nargs != 1 else None


def _is_flag(param: Any) -> bool:
    return bool(getattr(param, "is_flag", False) or getattr(param, "count", False))


def _help(param: Any) -> str:
    return _short(getattr(param, "help", None) or "") if param is not None else "Show the help and exit."


def _short(text: str) -> str:
    first = " ".join(text.split()).split(". ")[0].rstrip(".")
    return first[:70] + ("…" if len(first) > 70 else "")


# --- values -----------------------------------------------------------------------------------------------

AGENTS = ("claude-code", "codex", "gemini", "opencode")
MODELS = (("builtin", "the offline reflector"), ("agent", "the CLI of the session's own agent"),
          ("claude-code", "the Claude Code CLI"), ("codex", "the Codex CLI"), ("gemini-cli", "the Gemini CLI"),
          ("opencode", "the opencode CLI"))


def _values(param: Any, incomplete: str, path: list[str], given: _Given) -> list[tuple[str, str]]:
    provider = _provider(param, path)
    if provider is None:
        return []
    try:
        found = provider(incomplete, given)
    except Exception:  # noqa: BLE001 - completion never fails: it offers nothing
        return []
    if found == [(FILES, "")]:
        return found
    return [(value, text) for value, text in found if value.startswith(incomplete)]


def _provider(param: Any, path: list[str]) -> Callable[[str, _Given], list[tuple[str, str]]] | None:
    name = param.name or ""
    command = " ".join(path)
    if name == "name":
        return _stores
    if name in ("lesson_id", "lesson_ids"):
        if command in ("quarantine release", "quarantine drop"):
            return _quarantined
        if command == "reject":
            return lambda incomplete, given: _lessons(given, ("candidate.json",))
        return lambda incomplete, given: _lessons(given, ("approved.json",))
    if name == "session":
        return _sessions
    if name in ("run_id", "spec"):
        return _runs
    if name in ("agent", "harness"):
        transcripts = ("aider", "markdown", "generic")  # formats read from a path as well as the agents
        extra = {"capture": transcripts, "tool-errors": transcripts, "sessions": ("aider",),
                 "import-memories": ("all",)}.get(command, ())
        return lambda incomplete, given: [(a, "") for a in (*AGENTS, *extra)]
    if name == "model":
        return lambda incomplete, given: list(MODELS)
    if name == "feedback_kind":
        return lambda incomplete, given: [(k, "") for k in ("verifier", "ci", "review", "user")]
    if name == "kind" and command == "signal add":
        return lambda incomplete, given: [(k, "") for k in ("review", "ci", "user")]
    if name == "shell":
        return lambda incomplete, given: [(s, "") for s in SHELLS]
    type_name = type(getattr(param, "type", None)).__name__.lower()
    metavar = (getattr(param, "metavar", None) or "").upper()
    if "path" in type_name or "file" in type_name or metavar in ("PATH", "FILE", "DIR", "FILE|-", "PATHS"):
        return lambda incomplete, given: [(FILES, "")]
    return None


def _project() -> Any:
    from altimate_learn.store import project

    return project(Path.cwd())


def _stores(incomplete: str, given: _Given) -> list[tuple[str, str]]:
    return [(name, "store") for name in _project().store_names()]


def _store_dir(given: _Given) -> Path:
    from altimate_learn.store import DEFAULT_STORE

    return _project().store_dir(given.get("name") or DEFAULT_STORE)


def _read_list(path: Path) -> list[Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if isinstance(value, dict):  # quarantine.json holds {"items": [...]}
        value = value.get("items")
    return value if isinstance(value, list) else []


def _lessons(given: _Given, files: tuple[str, ...]) -> list[tuple[str, str]]:
    folder = _store_dir(given)
    seen: dict[str, str] = {}
    for filename in files:
        for item in _read_list(folder / filename):
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                seen.setdefault(item["id"], _short(str(item.get("text") or "")))
    return sorted(seen.items())


def _quarantined(incomplete: str, given: _Given) -> list[tuple[str, str]]:
    from altimate_learn.gates.stamps import QUARANTINE

    return _lessons(given, (QUARANTINE,))


def _sessions(incomplete: str, given: _Given) -> list[tuple[str, str]]:
    """Sessions with signals in the store (open ones first), newest last in the file."""
    path = _store_dir(given) / "signals.jsonl"
    from altimate_learn.store.fsio import read_records

    counts: dict[str, list[int]] = {}
    try:
        signals = read_records(path)
    except OSError:
        return []
    for signal in signals:
        session = signal.get("sessionID")
        if isinstance(session, str) and session:
            opened = counts.setdefault(session, [0, 0])
            opened[0 if signal.get("status") == "open" else 1] += 1
    ordered = sorted(counts.items(), key=lambda kv: kv[1][0] == 0)
    return [(session, f"{n_open} open signal{'s' if n_open != 1 else ''}" if n_open else "signals consumed")
            for session, (n_open, _) in ordered]


def _runs(incomplete: str, given: _Given) -> list[tuple[str, str]]:
    from altimate_learn.learner.state import RUNS

    path = _project().learn_dir / "learner" / RUNS
    from altimate_learn.store.fsio import read_records

    out: dict[str, str] = {}
    try:
        records = read_records(path)
    except OSError:
        return []
    for record in records:
        if isinstance(record.get("id"), str):
            out[record["id"]] = str(record.get("status") or "")
    return sorted(out.items(), reverse=True)


def main(args: list[str], shell: str) -> int:
    """Answer one completion request (see the module docstring). Prints nothing on any problem."""
    try:
        found = candidates(args)
    except Exception:  # noqa: BLE001 - a Tab press never prints a traceback
        return 0
    lines = [FILES] if found == [(FILES, "")] else [
        value if shell == "bash" or not text else f"{value}\t{text}" for value, text in found]
    try:
        sys.stdout.write("".join(line + "\n" for line in lines))
    except (BrokenPipeError, OSError):
        pass
    return 0


# --- scripts and installing them ---------------------------------------------------------------------------

def script(shell: str) -> str:
    if shell not in SCRIPTS:
        raise LearnError(f"no completion for shell '{shell}'.", "Use bash, zsh or fish.")
    return SCRIPTS[shell]


def detect_shell() -> str:
    """The login shell, from $SHELL: bash, zsh or fish."""
    name = Path(os.environ.get("SHELL") or "").name
    if name in SHELLS:
        return name
    shown = f"'{name}'" if name else "not set"
    raise LearnError(f"cannot tell which shell to complete for ($SHELL is {shown}).",
                     "Name it: `learn completion bash` (or zsh, fish), with --install to install it.")


MARK = "# learn (altimate-learn) shell completion"


def install(shell: str) -> list[str]:
    """Write the script where the shell (or its rc file) loads it; returns what was done, one line each."""
    home = Path.home()
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    if shell == "fish":  # fish loads ~/.config/fish/completions/<command>.fish by itself
        target = config / "fish" / "completions" / "learn.fish"
        _write(target, script("fish"))
        return [f"Wrote {target}; fish loads it in new shells."]
    if shell == "bash":
        target = data / "bash-completion" / "completions" / "learn"
        rc = home / ".bashrc"
    else:
        target = data / "zsh" / "site-functions" / "_learn"
        rc = home / ".zshrc"
    _write(target, script(shell))
    lines = [f"Wrote {target}."]
    line = f"[ -f {_quote(str(target))} ] && source {_quote(str(target))}  {MARK}"
    try:
        current = rc.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        current = ""
    if MARK in current:
        lines.append(f"{rc} already loads it.")
    else:
        if rc.is_symlink():
            raise LearnError(f"{rc} is a symlink; refusing to append to it.",
                             f"Add this line to your shell's rc file yourself: {line}")
        with open(rc, "a", encoding="utf-8") as handle:
            handle.write(("\n" if current and not current.endswith("\n") else "") + line + "\n")
        lines.append(f"Added one line to {rc} that loads it (remove the line marked '{MARK}' to undo).")
    lines.append("Open a new shell (or `source` that file) to use it.")
    return lines


def _quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


def _write(target: Path, text: str) -> None:
    from altimate_learn.store.fsio import atomic_write

    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, text)


# --- the commands ---------------------------------------------------------------------------------------------

def completion(
    shell: Annotated[str, typer.Argument(metavar="SHELL", help="bash, zsh or fish.", show_default=False)],
    do_install: Annotated[bool, typer.Option("--install", help="Install it for your user instead of printing "
                                             "it: fish's completions folder; for bash and zsh a file under "
                                             "~/.local/share and one line in ~/.bashrc or ~/.zshrc that "
                                             "loads it.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output with stable keys.")] = False,
) -> None:
    """Print (or install) shell completion for learn: commands, options, store names, lesson ids, session ids.

    Load it for the current shell with `eval "$(learn completion bash)"` (zsh: the same with zsh; fish:
    `learn completion fish | source`), or install it for good with --install.
    """
    from altimate_learn.cli.common import Report

    text = script(shell)
    report = Report(as_json, shell=shell)
    if do_install:
        lines = install(shell)
        for line in lines:
            report.line(line)
        report.emit(installed=True, messages=lines)
        return
    report.line(text.rstrip("\n"))
    report.emit(installed=False, script=text)


def show_option(value: bool) -> None:
    if value:
        echo(script(detect_shell()).rstrip("\n"))
        raise typer.Exit()


def install_option(value: bool) -> None:
    if value:
        for line in install(detect_shell()):
            echo(line)
        raise typer.Exit()


def register(app: typer.Typer) -> None:
    app.command("completion", cls=LearnCommand)(completion)
