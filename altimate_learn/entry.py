"""Process entry point.

`learn hook …` runs on every prompt and file read of an agent, so it must not pay for typer, rich or any
heavy dependency. This module imports nothing but the standard library and dispatches on ``sys.argv``
before the interactive CLI is loaded. The merge driver git runs for every store file a merge changed on both sides
(`learn merge-driver`, in the form `learn install git` wrote) skips typer the same way.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["hook"]:
        if args[1:2] == ["--capture-worker"]:  # started by a hook with a prompt to classify (harness/capture_worker.py)
            from altimate_learn.harness.capture_worker import main as worker_main

            return worker_main()
        if args[1:2] == ["--revet-worker"]:  # started by a hook that held stale lessons out (harness/revet.py)
            from altimate_learn.harness.revet import main as revet_main

            return revet_main(args[2:])
        if any(a in ("-h", "--help") for a in args[1:3]):  # a person asking; an agent never passes these
            return _hook_help()
        # A hook process lives for tens of milliseconds and makes no garbage cycles worth collecting, yet the
        # cyclic collector's passes over the modules it imports and the prepared index it loads cost about 4% of
        # a prompt's hook (perf42, callgrind); reference counting frees everything else as always.
        import gc

        gc.disable()
        from altimate_learn.harness.hook import main as hook_main

        code = hook_main(args[1:])
        if argv is None:  # the process of its own the agent started: end it now (see _end)
            _end(code)
        return code
    shell = os.environ.get("_LEARN_COMPLETE")
    if shell:  # a Tab press in a shell that loaded `learn completion SHELL`
        from altimate_learn.cli.completion import main as complete

        return complete(args, shell)
    if args[:1] == ["merge-driver"]:  # git runs it once a file of every merge that changed a store on both sides
        driver_args = _merge_driver_args(args[1:])
        if driver_args is not None:
            return _merge_driver(args, *driver_args)
    from altimate_learn.cli.app import run

    return run(args)


def _merge_driver_args(args: list[str]) -> tuple[list[str], int, bool] | None:
    """The arguments of `learn merge-driver` in the forms git passes them (`learn install git` writes the command):
    BASE OURS THEIRS PATH, `--marker-size N` (or `=N`, N digits) and `--virtual-base`, each option at most once.
    None for anything else (`--help`, a mistake, an option twice): the typer command parses and answers those."""
    paths: list[str] = []
    marker_size: int | None = None
    virtual_base = False
    rest = iter(args)
    for arg in rest:
        if arg == "--virtual-base" and not virtual_base:
            virtual_base = True
        elif (arg == "--marker-size" or arg.startswith("--marker-size=")) and marker_size is None:
            value = arg.partition("=")[2] if "=" in arg else next(rest, "")
            if not (value.isascii() and value.isdigit()):
                return None
            marker_size = int(value)
        elif arg.startswith("-") or len(paths) == 4:
            return None
        else:
            paths.append(arg)
    if len(paths) != 4:
        return None
    return paths, 7 if marker_size is None else marker_size, virtual_base


def _merge_driver(argv: list[str], paths: list[str], marker_size: int, virtual_base: bool) -> int:
    """`learn merge-driver` without typer (about 0.2 s of start-up, paid once a file by every team merge): the same
    merge, output and exit code as the command in cli/team.py, and a failure answered by the CLI's own handling
    (cli/app.py, imported only then)."""
    fsio = sys.modules.get("altimate_learn.store.fsio")
    if fsio is not None:
        fsio.take_notices()  # an earlier command line run in this process said its own (as cli/app.py's run does)
    try:
        try:
            from altimate_learn.team.driver import run_driver

            return run_driver(*paths, marker_size=marker_size, virtual_base=virtual_base)
        except BaseException as exc:  # noqa: BLE001 - answer_failure raises on what the CLI would not catch
            from altimate_learn.cli.app import answer_failure

            return answer_failure(exc, argv)
    finally:
        fsio = sys.modules.get("altimate_learn.store.fsio")
        if fsio is not None and fsio.has_notices():
            from altimate_learn.cli.app import _say_unreadable

            _say_unreadable()


def _end(code: int) -> None:
    """End a hook process without the interpreter's shutdown: it answered (its output is flushed here), and freeing
    every module it imported and the prepared index it loaded one object at a time costs a tenth of its time."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)


def _hook_help() -> int:
    from altimate_learn.harness import HARNESSES

    sys.stdout.write(
        "Usage: learn hook AGENT\n\n"
        "  The command the agent's hooks run (`learn install AGENT` writes them); not meant to be typed.\n"
        "  Reads one hook event as JSON on stdin and prints the agent's answer: the lessons that fit the\n"
        "  request or file, and, with capture on, records corrections as signals. It never fails the agent:\n"
        "  on any problem it prints nothing, exits 0 and logs why in .altimate-code/learn/.sessions/hook.log.\n"
        "  ALTIMATE_LEARN=0 makes it return at once.\n\n"
        f"Arguments:\n  AGENT  {', '.join(HARNESSES)}\n\n"
        "Check an installed hook with `learn install AGENT --check`.\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
