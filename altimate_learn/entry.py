"""Process entry point.

`learn hook …` runs on every prompt and file read of an agent, so it must not pay for typer, rich or any
heavy dependency. This module imports nothing but the standard library and dispatches on ``sys.argv``
before the interactive CLI is loaded.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["hook"]:
        from altimate_learn.harness.hook import main as hook_main

        return hook_main(args[1:])
    from altimate_learn.cli.app import run

    return run(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
