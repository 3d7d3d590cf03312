"""Process entry point.

`learn hook …` runs on every prompt and file read of an agent, so it must not pay for typer, rich or any
heavy dependency. This module imports nothing but the standard library and dispatches on ``sys.argv``
before the interactive CLI is loaded.
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
    from altimate_learn.cli.app import run

    return run(args)


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
