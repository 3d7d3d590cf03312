"""The one place learn runs git: a small helper per question, each a plain `git` subprocess.

Every call is bounded (a timeout) and reads nothing from the terminal. A missing git, a folder that is not
a repository, or a git error comes back as ``None`` / ``False`` / an empty answer: the callers decide
whether that is a problem worth a message.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

TIMEOUT = 30.0


def run(cwd: Path | str, *args: str, input: bytes | None = None,
        timeout: float = TIMEOUT) -> subprocess.CompletedProcess[bytes] | None:
    """``git ARGS`` in ``cwd``; ``None`` when git cannot be started or does not answer in time."""
    env = dict(os.environ)
    env.setdefault("GIT_TERMINAL_PROMPT", "0")
    try:
        return subprocess.run(["git", *args], cwd=str(cwd), input=input, capture_output=True, env=env,
                              timeout=timeout, stdin=None if input is not None else subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None


def text(cwd: Path | str, *args: str) -> str | None:
    """Standard output of a successful ``git ARGS`` (UTF-8, stripped), else ``None``."""
    proc = run(cwd, *args)
    if proc is None or proc.returncode != 0:
        return None
    return proc.stdout.decode("utf-8", "replace").strip()


def toplevel(path: Path | str) -> Path | None:
    """The work tree root that holds ``path`` (a folder), or ``None`` outside a repository."""
    out = text(path, "rev-parse", "--show-toplevel")
    return Path(out) if out else None


def git_dir(path: Path | str) -> Path | None:
    out = text(path, "rev-parse", "--absolute-git-dir")
    return Path(out) if out else None


def show(cwd: Path | str, spec: str) -> bytes | None:
    """The bytes of ``git show SPEC`` (``HEAD:./file``, ``:2:path``), or ``None`` if there is no such blob."""
    proc = run(cwd, "show", spec)
    if proc is None or proc.returncode != 0:
        return None
    return proc.stdout


def incoming_commit(cwd: Path | str) -> str | None:
    """The commit a merge, rebase, cherry-pick or revert under way brings in ("theirs"; HEAD is "ours"): while
    git runs a merge driver, the `GITHEAD_<sha>` it sets (MERGE_HEAD is not written yet), or the last commit of
    `rebase-merge/done`; after git stopped on a conflict, MERGE_HEAD, REBASE_HEAD, CHERRY_PICK_HEAD or
    REVERT_HEAD. ``None`` when none is under way."""
    heads = [key[len("GITHEAD_"):] for key in os.environ if key.startswith("GITHEAD_")]
    if len(heads) == 1 and len(heads[0]) in (40, 64) and all(c in "0123456789abcdef" for c in heads[0].lower()):
        return heads[0]
    folder = git_dir(cwd)
    if folder is None:
        return None
    for name in ("MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"):
        if (folder / name).exists():
            return text(cwd, "rev-parse", "--verify", "-q", name)
    try:
        done = (folder / "rebase-merge" / "done").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in reversed(done):
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("pick", "p", "edit", "e", "reword", "r", "squash", "s", "fixup", "f"):
            return parts[1]
    return None


def unmerged_stages(cwd: Path | str, relpath: str) -> dict[int, str]:
    """For a path left unmerged in the index: stage number (1 base, 2 ours, 3 theirs) → blob id."""
    out = text(cwd, "ls-files", "-u", "-z", "--", relpath)
    stages: dict[int, str] = {}
    for record in (out or "").split("\0"):
        meta, _, _name = record.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[2].isdigit():
            stages[int(parts[2])] = parts[1]
    return stages


def blob(cwd: Path | str, object_id: str) -> bytes | None:
    proc = run(cwd, "cat-file", "blob", object_id)
    if proc is None or proc.returncode != 0:
        return None
    return proc.stdout


def config_get(cwd: Path | str, key: str) -> str | None:
    return text(cwd, "config", "--get", key)


def config_set(cwd: Path | str, key: str, value: str) -> bool:
    proc = run(cwd, "config", "--local", key, value)
    return proc is not None and proc.returncode == 0


def config_unset_section(cwd: Path | str, section: str) -> bool:
    proc = run(cwd, "config", "--local", "--remove-section", section)
    return proc is not None and proc.returncode == 0


def check_attr(cwd: Path | str, attribute: str, relpath: str) -> str | None:
    """The value git gives ``attribute`` for ``relpath`` (``unspecified``, ``set``, a string), or ``None``."""
    out = text(cwd, "check-attr", attribute, "--", relpath)
    if not out:
        return None
    return out.rsplit(": ", 1)[-1].strip()


def add(cwd: Path | str, relpath: str) -> bool:
    proc = run(cwd, "add", "--", relpath)
    return proc is not None and proc.returncode == 0


def ignores(cwd: Path | str, relpath: str) -> bool:
    """True when git ignores ``relpath`` (any source: .gitignore, info/exclude, the user's excludes file)."""
    proc = run(cwd, "check-ignore", "-q", "--no-index", "--", relpath)
    return proc is not None and proc.returncode == 0


def exclude_locally(path: Path) -> str | None:
    """Keep the machine-local file ``path`` out of git in this clone only: add it (as ``/relpath``) to the
    repository's `info/exclude` (shared by its linked worktrees, never committed) unless git already ignores
    it. Returns a one-line message for the user, or ``None`` when nothing was needed (already ignored, or
    ``path`` is not in a git work tree)."""
    root = toplevel(path.parent) if path.parent.is_dir() else None
    if root is None:
        return None
    try:
        relpath = path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None
    if is_tracked(root, relpath):
        return (f"Note: {relpath} is committed, but it holds this machine's paths; run "
                f"`git rm --cached {relpath}` and commit, so teammates do not get it.")
    if ignores(root, relpath):
        return None
    out = text(root, "rev-parse", "--path-format=absolute", "--git-path", "info/exclude")
    if not out:
        return None
    exclude = Path(out)
    line = "/" + ignore_pattern(relpath)
    try:
        old = exclude.read_text(encoding="utf-8", errors="replace") if exclude.exists() else ""
        if line not in old.splitlines():
            exclude.parent.mkdir(parents=True, exist_ok=True)
            with open(exclude, "a", encoding="utf-8") as handle:
                handle.write(("" if not old or old.endswith("\n") else "\n") + line + "\n")
    except OSError:
        return None
    if not ignores(root, relpath):  # a rule of the user's re-includes it (`!…`): say so, do not claim it
        return (f"Note: {relpath} holds this machine's paths; keep it out of git (a rule in your ignore files "
                "includes it again).")
    return (f"Git: {relpath} holds this machine's paths, so git ignores it in this clone ({exclude}); "
            "it stays out of commits.")


def ignore_pattern(relpath: str) -> str:
    """``relpath`` as a gitignore pattern that matches only itself (written after a ``/``, so a leading ``#`` or
    ``!`` needs nothing): the glob characters (``\\ [ ] * ?``) and trailing spaces escaped with a backslash (a
    folder named `proj [x]` is not a character class)."""
    out = "".join("\\" + c if c in "\\[]*?" else c for c in relpath)
    stripped = out.rstrip(" ")
    return stripped + "\\ " * (len(out) - len(stripped))


def is_tracked(cwd: Path | str, relpath: str) -> bool:
    proc = run(cwd, "ls-files", "--error-unmatch", "--", relpath)
    return proc is not None and proc.returncode == 0


def committed_and_changed(root: Path | str, path: Path) -> str | None:
    """``path`` relative to the top of ``root``'s repository, when git tracks it and the file (staged or not) now
    differs from the committed one (changed or deleted): a change every teammate gets with the next commit; else
    None. Asked before learn edits the file, it says whether the person has uncommitted edits of their own there."""
    top = toplevel(root)
    if top is None:
        return None
    try:
        rel = Path(path).resolve().relative_to(top.resolve()).as_posix()  # resolved as far as it exists (removed)
    except (ValueError, OSError):
        return None
    if not is_tracked(top, rel):
        return None
    proc = run(top, "diff", "HEAD", "--quiet", "--", rel)
    return rel if proc is not None and proc.returncode == 1 else None


def operation_in_progress(cwd: Path | str) -> str | None:
    """``merge``, ``rebase``, ``cherry-pick`` or ``revert`` when one is under way in this work tree."""
    folder = git_dir(cwd)
    if folder is None:
        return None
    if (folder / "rebase-merge").is_dir() or (folder / "rebase-apply").is_dir():
        return "rebase"
    for name, op in (("MERGE_HEAD", "merge"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert")):
        if (folder / name).exists():
            return op
    return None
