"""Where a project's learn state lives.

The project root is the nearest folder, from the current directory upward, that holds `.altimate-code/`
or is a git work-tree root (`.git` as a folder or a file, so worktrees and submodules count). Every
store is `<root>/.altimate-code/learn/<name>/` for its committed files (approved.json, versions/); its
local, git-ignored files live in `<home>/.altimate-code/learn/<name>/`, where home is the repository's
main worktree: one home per repository, whichever worktree runs (see :mod:`altimate_learn.worktree`).
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from altimate_learn.errors import LearnError

DEFAULT_STORE = "team-playbook"
LEARN_DIR = Path(".altimate-code") / "learn"
SESSIONS_DIR = ".sessions"
LEARNER_DIR = ".learner"

# altimate-code's rules, byte for byte (`lock.ts` writes them, or appends them to a `.gitignore` that does
# not contain them), then learn's own line: both tools find their rules and neither appends.
ALTIMATE_GITIGNORE_RULES = (
    "# Share approved lessons; keep signals and other local learning state out of Git.\n"
    "*\n"
    "!/*/\n"
    "!/*/approved.json\n"
    "!/.gitignore\n"
)
# learn's own: a lesson that left the approved set keeps a committed record (`<store>/retired/<id>.json`, see
# :mod:`altimate_learn.team.retirements`), so a teammate's clone knows it was retired, and why.
RETIRED_GITIGNORE_RULES = (
    "# learn: share why a lesson was retired (one file per lesson).\n"
    "!/*/retired/\n"
    "!/*/retired/*.json\n"
)
GITIGNORE_TEXT = (ALTIMATE_GITIGNORE_RULES + "# learn: per-session delivery state stays local too.\n.sessions/\n"
                  + RETIRED_GITIGNORE_RULES)


def find_project_root(start: Path | None = None) -> Path:
    """The nearest folder from ``start`` upward holding `.altimate-code/` or `.git`; else ``start``. Like git, the
    search stops below a ``GIT_CEILING_DIRECTORIES`` folder (:func:`altimate_learn.worktree.search_folders`)."""
    from altimate_learn.worktree import search_folders

    here = Path(start or Path.cwd()).resolve()
    for folder in map(Path, search_folders(str(here))):
        if (folder / ".altimate-code").is_dir() or (folder / ".git").exists():
            return folder
    return here


_CHAR_NAMES = {" ": "a space", "\t": "a tab", "'": "a quote", '"': "a double quote"}


@dataclass(frozen=True)
class Location:
    """Which folder is the project, and why (for commands that must say so outside a repository)."""

    root: Path
    in_git: bool        # the start folder is inside a git work tree (a `.git` at it or above)
    marked: bool        # the root holds `.altimate-code/`


def locate_project(start: Path | None = None) -> Location:
    """:func:`find_project_root` with the reason: inside git, marked by `.altimate-code/`, or neither."""
    from altimate_learn.worktree import search_folders

    here = Path(start or Path.cwd()).resolve()
    root = find_project_root(here)
    in_git = any(os.path.exists(os.path.join(folder, ".git")) for folder in search_folders(str(here)))
    return Location(root, in_git, (root / ".altimate-code").is_dir())


def validate_store_name(name: str, *, charset: bool = True) -> str:
    """Refuse names that could escape `.altimate-code/learn/`, confuse a terminal or a shell: a store name
    is ASCII letters, digits, '-', '_' and '.', not starting with '.' and without '..'.

    ``charset=False`` keeps only the safety checks: a store folder an older version created with another
    character (a space) stays readable, while no new one can be made."""
    problem = None
    if not name or not name.strip():
        problem = "it is empty"
    elif name.startswith(("/", "\\")) or os.path.isabs(name) or (len(name) > 1 and name[1] == ":"):
        problem = "it is an absolute path"
    elif "/" in name or "\\" in name:
        problem = "it contains a path separator"
    elif name in (".", ".."):
        problem = f"'{name}' names a folder, not a store"
    elif ".." in name:
        problem = "it contains '..'"
    elif any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        problem = "it contains control characters"
    elif name.startswith("."):
        problem = "it starts with '.' (names starting with '.' are reserved for learn's own folders)"
    elif len(name) > 100:
        problem = "it is longer than 100 characters"
    elif charset:
        bad = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c in "-_."))})
        if bad:
            problem = "it contains " + ", ".join(_CHAR_NAMES.get(c, repr(c)) for c in bad)
    if problem:
        shown = name.encode("unicode_escape").decode("ascii")
        raise LearnError(
            f"invalid store name '{shown}': {problem}.",
            "Use a plain name such as 'team-playbook' (letters, digits, '-', '_', '.'; altimate-code itself "
            "opens only lowercase letters, digits and single '-').",
        )
    return name


def closest_store_name(name: str, names: list[str]) -> str | None:
    """The existing store name ``name`` most likely mistypes (case, one or two letters), or ``None``."""
    import difflib

    others = [n for n in names if n != name]
    folded = {n.lower(): n for n in others}
    if name.lower() in folded:
        return folded[name.lower()]
    found = difflib.get_close_matches(name.lower(), list(folded), n=1, cutoff=0.75)
    return folded[found[0]] if found else None


@dataclass(frozen=True)
class ProjectPaths:
    root: Path

    @property
    def learn_dir(self) -> Path:
        """This checkout's learn folder: the committed files of its branch (approved.json, versions/)."""
        return self.root / LEARN_DIR

    @cached_property
    def checkout(self):  # -> altimate_learn.worktree.Checkout
        from altimate_learn.worktree import locate

        return locate(str(self.root))

    @property
    def local_dir(self) -> Path:
        """The repository's learn folder for local state (signals, candidate, history, locks, sessions): the
        main worktree's, whichever worktree this is (:mod:`altimate_learn.worktree`)."""
        return Path(self.checkout.local_dir)

    @property
    def local_root(self) -> Path:
        """The folder local state must stay inside (symlink confinement)."""
        return Path(self.checkout.home)

    @property
    def sessions_dir(self) -> Path:
        return self.local_dir / SESSIONS_DIR

    @property
    def learner_dir(self) -> Path:
        """The continual learner's state, shared by the project's stores: cursors, lease, run log."""
        return self.local_dir / LEARNER_DIR

    @property
    def gitignore(self) -> Path:
        return self.learn_dir / ".gitignore"

    def store_dir(self, name: str = DEFAULT_STORE) -> Path:
        folder = self.learn_dir / validate_store_name(name, charset=False)
        if not folder.is_dir():
            validate_store_name(name)
        return folder

    def local_store_dir(self, name: str = DEFAULT_STORE) -> Path:
        """The store's folder of local state (the same folder as :meth:`store_dir` in the main worktree)."""
        self.store_dir(name)  # validates the name
        return self.local_dir / name

    def store_names(self) -> list[str]:
        """Every store folder of the project (in this checkout or in the repository's local folder), by name."""
        names: set[str] = set()
        for folder in dict.fromkeys((self.learn_dir, self.local_dir)):
            try:
                entries = list(os.scandir(folder))
            except (FileNotFoundError, NotADirectoryError):
                continue
            names.update(e.name for e in entries if e.is_dir() and not e.name.startswith("."))
        return sorted(names)


def project(start: Path | None = None) -> ProjectPaths:
    return ProjectPaths(find_project_root(start))
