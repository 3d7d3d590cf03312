"""Path triggers that match no file of the project (review14 R14-25): `src/shp/**` for `src/shop/**` is accepted,
matches nothing, and the agent reads "[applies to: src/shp/**]", a folder that does not exist. `learn remember
--paths`, `learn check` and `learn doctor` say so (a warning: the folder may come later), with the closest folder the
project has."""

from __future__ import annotations

import difflib
import subprocess
from pathlib import Path


def project_files(root: Path) -> list[str] | None:
    """The project's files, tracked or not ignored (relative, `/`), or None when git cannot say."""
    try:
        proc = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                              cwd=root, capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    return [p for p in proc.stdout.decode("utf-8", "replace").split("\0") if p]


def _folders(files: list[str]) -> list[str]:
    out: set[str] = set()
    for path in files:
        parts = path.split("/")[:-1]
        for n in range(1, len(parts) + 1):
            out.add("/".join(parts[:n]))
    return sorted(out)


def unmatched(globs: list[str], files: list[str] | None) -> list[str]:
    """One line per glob that matches none of ``files`` ("--paths"-style wording left to the caller):
    ``src/shp/**: matches no file in this repository (did you mean src/shop/**?)``. Nothing when git cannot say."""
    if not files or not globs:
        return []
    from altimate_learn.deliver.globs import scope_matches  # what delivery matches: `DIR/*.sql` takes DIR's subfolders

    folders = None
    lines = []
    for glob in globs:
        if any(scope_matches(glob, path) for path in files):
            continue
        folders = folders if folders is not None else _folders(files)
        head, _, tail = glob.partition("*")
        base = head.rstrip("/").rsplit("/", 1)[0] if not head.endswith("/") else head.rstrip("/")
        close = difflib.get_close_matches(base, folders, n=1, cutoff=0.75) if base else []
        suggestion = f"{close[0]}/{glob[len(base) + 1:]}" if close and glob.startswith(base + "/") else None
        # the folder exists and no file in it fits the pattern: suggesting the glob itself helps nobody (deliver29)
        hint = f" (did you mean {suggestion}?)" if suggestion and suggestion != glob else ""
        lines.append(f"{glob}: matches no file in this repository{hint}")
    return lines


def lesson_warnings(lessons: list[dict], files: list[str] | None) -> list[tuple[str, str]]:
    """(lesson id, line) for each approved lesson's path trigger that matches no file."""
    out = []
    for lesson in lessons:
        trigger = lesson.get("trigger") if isinstance(lesson, dict) else None
        globs = trigger.get("paths") if isinstance(trigger, dict) else None
        if isinstance(globs, list) and all(isinstance(g, str) for g in globs):
            out += [(str(lesson.get("id")), line) for line in unmatched(globs, files)]
    return out
