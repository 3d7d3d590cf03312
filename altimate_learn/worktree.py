"""Which checkout a project folder is, and where its local (git-ignored) learn state lives.

One repository has one home for what is not committed: signals, the candidate, pending replacements,
history, the schedule, locks, usage and shown records, the gates' sidecars, session state, the learner's
state. Every git worktree of the repository resolves it to the same place, the main worktree's
`.altimate-code/learn/` (what `git rev-parse --git-common-dir` names, read here from the files git keeps,
without running git: hooks call this on every event). Committed files (`approved.json`, `versions/`, the
last-good snapshot of approved.json) stay in each checkout, because they belong to its branch.

The rule, folder by folder (``root`` is the project root, see :func:`altimate_learn.store.paths.find_project_root`):

- `.git` is a folder (the main worktree, an ordinary clone) or there is no `.git` (a folder marked by
  `.altimate-code/`): local state is in ``root`` itself.
- `.git` is a file naming a git dir that has a `commondir` (a linked worktree, `git worktree add`, Claude
  Code's `--worktree`): local state is in the main worktree, the folder holding the common `.git`
  (or the `core.worktree` of a submodule's repository).
- the common dir is a bare repository (worktrees of `git clone --bare`): no main worktree exists, so local
  state lives in the bare repository itself, `<repo.git>/altimate-learn/`.
- `.git` is a file without `commondir` (a submodule, `--separate-git-dir`): its own project.
- `.git` is a file whose git dir is gone (the main checkout was moved or deleted): the documented fallback,
  local state stays in this checkout (nothing is lost) and `learn status` says to run `git worktree repair`;
  once the link works again the first run moves it into the repository's store (:mod:`altimate_learn.store.migrate`).

Standard library only, no subprocess: imported by every hook call.
"""

from __future__ import annotations

import os

LEARN = os.path.join(".altimate-code", "learn")
BARE_FOLDER = "altimate-learn"   # inside a bare repository's git dir
RECORDED = ".worktrees"          # in the local learn folder: one file per worktree that ever ran learn

# kind of checkout
PLAIN = "plain"        # no git (a folder marked by .altimate-code/)
MAIN = "main"          # the main worktree or an ordinary clone
LINKED = "linked"      # a linked worktree with a main worktree
BARE = "bare"          # a linked worktree of a bare repository
OWN = "own"            # a submodule or a separate git dir: its own project
BROKEN = "broken"      # a `.git` file whose git dir is gone


class Checkout:
    """Where one project folder keeps its committed and its local learn files."""

    __slots__ = ("root", "kind", "git_dir", "common_dir", "home", "local_dir", "problem")

    def __init__(self, root: str, kind: str, *, git_dir: str | None = None, common_dir: str | None = None,
                 home: str | None = None, local_dir: str | None = None, problem: str | None = None) -> None:
        self.root = root                  # this checkout
        self.kind = kind
        self.git_dir = git_dir            # this checkout's own git dir
        self.common_dir = common_dir      # the repository's common git dir
        self.home = home or root          # the folder that confines local state (the main worktree)
        self.local_dir = local_dir or os.path.join(root, LEARN)  # the learn folder of local state
        self.problem = problem            # why the fallback applies (BROKEN), for `learn status`

    @property
    def learn_dir(self) -> str:
        """This checkout's learn folder: its committed files."""
        return os.path.join(self.root, LEARN)

    @property
    def shared(self) -> bool:
        """True when local state lives outside this checkout (another worktree's or the bare repository's)."""
        return os.path.normcase(self.local_dir) != os.path.normcase(self.learn_dir)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Checkout({self.root!r}, {self.kind}, local={self.local_dir!r})"


def search_folders(start: str) -> list[str]:
    """``start`` and the folders above it, nearest first, where learn looks for the project (`.git` or
    `.altimate-code/`). Like git, it never looks in or above a folder of ``GIT_CEILING_DIRECTORIES`` that is
    above ``start`` (a `.git` in a home folder kept under git, a slow network mount)."""
    ceilings = {os.path.realpath(entry) for entry in os.environ.get("GIT_CEILING_DIRECTORIES", "").split(os.pathsep)
                if os.path.isabs(entry)}
    folders = [start]
    probe = start
    while True:
        parent = os.path.dirname(probe)
        if parent == probe or (ceilings and (parent in ceilings or os.path.realpath(parent) in ceilings)):
            return folders
        folders.append(parent)
        probe = parent


def _read(path: str, limit: int = 65536) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(limit).decode("utf-8", "replace")
    except OSError:
        return None


def _core_worktree(common_dir: str) -> str | None:
    """``core.worktree`` of a repository's config (a submodule's repository names its checkout there)."""
    text = _read(os.path.join(common_dir, "config"))
    if not text:
        return None
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line.strip("[]").strip().lower()
            continue
        if section == "core" and "=" in line:
            key, _, value = line.partition("=")
            if key.strip().lower() == "worktree":
                value = value.strip().strip('"')
                return os.path.normpath(os.path.join(common_dir, value)) if value else None
    return None


def locate(root: str) -> Checkout:
    """The :class:`Checkout` of the project folder ``root``: one stat in a main worktree, a few small file
    reads in a linked one (not cached: a worktree can be added, moved or repaired between two calls)."""
    root = os.path.abspath(root)
    dotgit = os.path.join(root, ".git")
    if os.path.isdir(dotgit):
        return Checkout(root, MAIN, git_dir=dotgit, common_dir=dotgit)
    if not os.path.isfile(dotgit):
        return Checkout(root, PLAIN)
    text = (_read(dotgit, 4096) or "").strip()
    if not text.startswith("gitdir:"):
        return Checkout(root, BROKEN, problem=f"{dotgit} does not name a git dir")
    git_dir = text[len("gitdir:"):].strip()
    git_dir = os.path.normpath(git_dir if os.path.isabs(git_dir) else os.path.join(root, git_dir))
    if not os.path.isdir(git_dir):
        return Checkout(root, BROKEN, git_dir=git_dir,
                        problem=f"its repository {git_dir} is gone (the main checkout was moved or deleted)")
    common = _read(os.path.join(git_dir, "commondir"), 4096)
    if common is None or not common.strip():
        return Checkout(root, OWN, git_dir=git_dir, common_dir=git_dir)
    common_dir = common.strip()
    common_dir = os.path.normpath(common_dir if os.path.isabs(common_dir) else os.path.join(git_dir, common_dir))
    if os.path.basename(common_dir) == ".git":
        main = os.path.dirname(common_dir)
    else:
        main = _core_worktree(common_dir)
    if main and os.path.isdir(main):
        main = os.path.realpath(main)
        if os.path.normcase(main) == os.path.normcase(os.path.realpath(root)):
            return Checkout(root, MAIN, git_dir=git_dir, common_dir=common_dir)
        return Checkout(root, LINKED, git_dir=git_dir, common_dir=common_dir, home=main,
                        local_dir=os.path.join(main, LEARN))
    if main is None and os.path.isdir(common_dir):
        return Checkout(root, BARE, git_dir=git_dir, common_dir=common_dir, home=os.path.join(common_dir, BARE_FOLDER),
                        local_dir=os.path.join(common_dir, BARE_FOLDER))
    return Checkout(root, BROKEN, git_dir=git_dir, common_dir=common_dir,
                    problem=f"its main checkout {main or common_dir} is gone")


def local_learn_dir(learn_dir: str) -> str:
    """The learn folder of local state for the checkout whose learn folder is ``learn_dir``."""
    return locate(os.path.dirname(os.path.dirname(os.path.abspath(learn_dir)))).local_dir


# --- the worktrees of a repository -------------------------------------------------------------------------

def live_worktrees(checkout: Checkout) -> list[str]:
    """The roots of every worktree git knows of now (the main one first), from the common git dir."""
    if checkout.common_dir is None or checkout.kind in (PLAIN, OWN, BROKEN):
        return [checkout.root]
    roots: list[str] = []
    if checkout.kind != BARE:
        roots.append(checkout.home if checkout.kind == LINKED else checkout.root)
    folder = os.path.join(checkout.common_dir, "worktrees")
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        entries = []
    for entry in entries:
        target = (_read(os.path.join(entry.path, "gitdir"), 4096) or "").strip()
        if target:
            roots.append(os.path.dirname(os.path.normpath(target)))
    if checkout.root not in roots:
        roots.append(checkout.root)
    return roots


def _record_name(root: str) -> str:
    from binascii import crc32

    return f"{crc32(root.encode('utf-8', 'surrogateescape')):08x}-{os.path.basename(root)[:40]}"


def record(checkout: Checkout) -> bool:
    """Remember a linked worktree in the repository's local learn folder, so its sessions stay listed after
    it is removed. One stat when already recorded; returns True when it wrote."""
    if checkout.kind not in (LINKED, BARE):
        return False
    folder = os.path.join(checkout.local_dir, RECORDED)
    path = os.path.join(folder, _record_name(checkout.root))
    if os.path.exists(path):
        return False
    try:
        os.makedirs(folder, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as handle:
            handle.write(checkout.root + "\n")
        os.replace(tmp, path)
        return True
    except OSError:
        return False


def recorded_worktrees(checkout: Checkout) -> list[str]:
    """Worktrees that ran learn once (live or removed), as recorded by :func:`record`."""
    folder = os.path.join(checkout.local_dir, RECORDED)
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for entry in entries:
        if entry.name.endswith(".tmp"):
            continue
        text = (_read(entry.path, 8192) or "").strip()
        if text and os.path.isabs(text):
            out.append(os.path.normpath(text))
    return out


def repository_roots(root: str) -> list[str]:
    """Every checkout of the repository ``root`` belongs to: the main worktree, the live linked worktrees and
    the ones recorded before they were removed. A recorded folder that is now another repository's (a new
    clone at the same path) is left out."""
    checkout = locate(root)
    roots = live_worktrees(checkout)
    if checkout.common_dir is None or checkout.kind in (OWN, BROKEN):
        return roots
    mine = os.path.realpath(checkout.common_dir)
    for folder in recorded_worktrees(checkout):
        if folder in roots:
            continue
        if os.path.exists(os.path.join(folder, ".git")):
            other = locate(folder)
            if other.common_dir is None or os.path.realpath(other.common_dir) != mine:
                continue
        roots.append(folder)
    return roots


# Files an earlier version's hooks and commands wrote in a worktree's own learn folder (never committed).
_LEFTOVER_FILES = ("signals.jsonl", "history.jsonl", "candidate.json", "shown.jsonl", "usage.json", "schedule.json")


def has_leftovers(checkout: Checkout) -> bool:
    """Cheap check (a few stats) whether a linked worktree still holds local state of its own: an earlier
    version's, or the broken-link fallback's. :mod:`altimate_learn.store.migrate` moves it."""
    if checkout.kind not in (LINKED, BARE):
        return False
    learn = checkout.learn_dir
    if os.path.isdir(os.path.join(learn, ".sessions")) or os.path.isdir(os.path.join(learn, ".learner")):
        return True
    try:
        entries = [e.path for e in os.scandir(learn) if not e.name.startswith(".") and e.is_dir()]
    except OSError:
        return False
    return any(os.path.exists(os.path.join(folder, name)) for folder in entries for name in _LEFTOVER_FILES)
