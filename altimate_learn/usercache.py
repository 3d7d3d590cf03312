"""The user's cache folder, and the stamps of code files that key what learn keeps there.

learn keeps derived data outside the repository (the delivery index, lint verdicts, what a curation learned
about a lesson file, vetted.json records), under ``$XDG_CACHE_HOME/altimate-learn/`` or
``~/.cache/altimate-learn/``. Each kind is keyed by the code that produced it, so an upgrade or an edited
rule never reads an old answer: :func:`code_stamps` gives each file's size and modification time. Standard
library only, and only `os` (the warm hook imports it; tests/harness/test_hooks.py).
"""

from __future__ import annotations

import os


def cache_base(env: dict | None = None) -> str | None:
    """``…/altimate-learn`` in the user's cache folder, or None when neither XDG_CACHE_HOME nor HOME is set."""
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or (os.path.join(env["HOME"], ".cache") if env.get("HOME") else None)
    return os.path.join(base, "altimate-learn") if base else None


def code_stamps(paths: list[str] | tuple[str, ...], *, names: bool = True) -> list[str]:
    """``name:size:mtime_ns`` (``size:mtime_ns`` without ``names``) of each file, ``-`` for one that cannot be
    read; a folder stands for its ``.py`` files, in name order."""
    files: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            try:
                files += sorted(os.path.join(path, n) for n in os.listdir(path) if n.endswith(".py"))
                continue
            except OSError:
                pass
        files.append(path)
    out = []
    for name in files:
        try:
            info = os.stat(name)
        except OSError:
            out.append("-")
            continue
        stamp = f"{info.st_size}:{info.st_mtime_ns}"
        out.append(f"{os.path.basename(name)}:{stamp}" if names else stamp)
    return out


def write_file(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` in the user's cache whole or not at all (a temporary file, then a rename), making
    its folder private if it is new; raises OSError (callers treat an unwritten cache as lost speed only)."""
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)
