"""Move a worktree's own local learn state into the repository's store (upgrade, or a repaired worktree).

Before local state had one home per repository (:mod:`altimate_learn.worktree`), a hook or command run in
a linked worktree kept signals, history, the candidate, session state… in that worktree's own
`.altimate-code/learn/`, and removing the worktree lost them. The same happens today while a worktree's
link to its repository is broken (the documented fallback). The first run with a working link moves all
of it into the repository's local folder:

- JSON Lines files (signals, history, shown, pending replacements, logs) are merged as a union: the
  worktree's lines the repository's file does not already hold are appended, under the store lock;
- any other file is moved when the repository has none; an identical copy is dropped; a different one is
  moved beside it as `<file>.from-worktree-<name>-<time>` (nothing is overwritten, nothing lost);
- lock and temporary files are removed; committed files (approved.json, versions/, the last-good
  snapshot) and every file git tracks in the worktree stay where they are.

Each source file is removed once its content is in the repository's folder, so running it again does
nothing (idempotent), and an interrupted run, run again, appends no line twice.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from altimate_learn import git
from altimate_learn.errors import LearnError
from altimate_learn.store import fsio
from altimate_learn.store.paths import LEARNER_DIR, SESSIONS_DIR, ProjectPaths
from altimate_learn.store.store import CHECKOUT_FILES

KEEP = frozenset({".gitignore", ".instructions.json", ".backups", ".worktrees"})  # per checkout, never moved
SKIP_SUFFIXES = (".tmp",)
DROP = frozenset({".lock"})
APPEND_SUFFIXES = (".jsonl", ".log")


@dataclass
class Migration:
    source: Path                  # the worktree's learn folder
    target: Path                  # the repository's local learn folder
    signals: int = 0              # signal lines appended
    lines: int = 0                # other JSONL/log lines appended
    moved: list[str] = field(default_factory=list)     # files moved as they were
    aside: list[str] = field(default_factory=list)     # files kept beside a different one
    problems: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.signals or self.lines or self.moved or self.aside)

    def summary(self) -> str:
        parts = [f"{self.signals} signal{'s' if self.signals != 1 else ''}"]
        if self.lines:
            parts.append(f"{self.lines} other record line{'s' if self.lines != 1 else ''}")
        if self.moved:
            parts.append(f"{len(self.moved)} file{'s' if len(self.moved) != 1 else ''} moved")
        if self.aside:
            parts.append(f"{len(self.aside)} kept beside the repository's own ({', '.join(self.aside[:3])})")
        return (f"Moved this worktree's local learn state into the repository's store {self.target}: "
                + ", ".join(parts) + ".")


def leftovers(paths: ProjectPaths) -> bool:
    """Cheap check: does this worktree's learn folder hold local state that belongs in the repository's?"""
    if not paths.checkout.shared or paths.checkout.kind not in ("linked", "bare"):
        return False
    return any(True for _ in _sources(paths.learn_dir, top=True))


def _sources(folder: Path, *, top: bool = False):
    """Local files under a worktree's learn folder (relative paths), committed ones left out."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if top and name in KEEP:
            continue
        if name in CHECKOUT_FILES or name.startswith(".approved.json") or ".conflict-" in name:
            continue
        try:
            if entry.is_symlink():
                continue  # never follow a link out of the worktree
            if entry.is_dir():
                for sub in _sources(Path(entry.path)):
                    yield Path(name) / sub
            elif entry.is_file():
                yield Path(name)
        except OSError:
            continue


def _tracked(paths: ProjectPaths) -> set[str]:
    """Files git tracks under the worktree's learn folder (relative to it): a team may commit more than
    approved.json; a tracked file is the branch's and stays."""
    rel = os.path.relpath(paths.learn_dir, paths.root)
    out = git.text(paths.root, "ls-files", "-z", "--", rel)
    found: set[str] = set()
    for name in (out or "").split("\0"):
        if name:
            found.add(os.path.relpath(os.path.join(paths.root, name), paths.learn_dir))
    return found


def migrate(paths: ProjectPaths) -> Migration | None:
    """Move the worktree's local learn state into the repository's; ``None`` when there is nothing to do."""
    if not leftovers(paths):
        return None
    result = Migration(paths.learn_dir, paths.local_dir)
    tracked = _tracked(paths)
    for rel in sorted(_sources(paths.learn_dir, top=True)):
        if str(rel) in tracked:
            continue
        top = rel.parts[0]
        if len(rel.parts) > 1 and top not in (SESSIONS_DIR, LEARNER_DIR) and rel.parts[1] in CHECKOUT_FILES:
            continue
        try:
            _move_one(paths, rel, result)
        except (OSError, LearnError) as exc:  # the file stays where it is, for the next run
            result.problems.append(f"{rel}: {exc}")
    _prune_empty(paths.learn_dir)
    return result


def _move_one(paths: ProjectPaths, rel: Path, result: Migration) -> None:
    src = paths.learn_dir / rel
    dest = paths.local_dir / rel
    name = rel.name
    if name in DROP or name.endswith(SKIP_SUFFIXES) or name.endswith(".lock"):
        src.unlink()
        return
    fsio.check_confined(dest, paths.local_root)
    dest.parent.mkdir(parents=True, exist_ok=True)
    store_lock = _lock_for(paths, rel)
    with fsio.file_lock(store_lock):
        if name.endswith(APPEND_SUFFIXES):
            added = _append_union(src, dest)
            if name == "signals.jsonl":
                result.signals += added
            else:
                result.lines += added
            src.unlink()
        elif not dest.exists():
            shutil.move(str(src), str(dest))
            result.moved.append(str(rel))
        elif dest.read_bytes() == src.read_bytes():
            src.unlink()
        else:
            tag = "from-worktree-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in paths.root.name)[:40]
            aside = fsio.unique_sibling(dest, tag)
            shutil.move(str(src), str(aside))
            result.aside.append(str(rel))


def _lock_for(paths: ProjectPaths, rel: Path) -> Path:
    """The lock its writers take: the store's lock for a store's files, the folder's own otherwise."""
    top = rel.parts[0]
    if len(rel.parts) > 1 and not top.startswith("."):
        return paths.local_dir / top / ".lock"
    return paths.local_dir / (top if len(rel.parts) > 1 else "") / ".migrate.lock"


def _append_union(src: Path, dest: Path) -> int:
    """Append the lines of ``src`` that ``dest`` does not hold yet; returns how many."""
    have: set[bytes] = set()
    try:
        with open(dest, "rb") as handle:
            have = {line.rstrip(b"\r\n") for line in handle}
    except FileNotFoundError:
        pass
    new: list[bytes] = []
    with open(src, "rb") as handle:
        for line in handle:
            line = line.rstrip(b"\r\n")
            if line.strip() and line not in have:
                new.append(line)
                have.add(line)
    if new:
        with open(dest, "ab") as handle:
            if handle.tell():
                with open(dest, "rb") as check:
                    check.seek(-1, os.SEEK_END)
                    if check.read(1) != b"\n":
                        handle.write(b"\n")
            handle.write(b"\n".join(new) + b"\n")
            handle.flush()
            os.fsync(handle.fileno())
    return len(new)


def _prune_empty(folder: Path) -> None:
    """Remove the folders the move emptied (never the learn folder itself, never a store's folder)."""
    for dirpath, _dirnames, _files in sorted(os.walk(folder), key=lambda x: -len(x[0])):
        here = Path(dirpath)
        if here == folder or here.parent == folder:
            continue
        try:
            here.rmdir()
        except OSError:
            pass
