"""Set a repository up so that store files merge as data: `.gitattributes` plus the clone's git config.

Two halves, because git keeps them apart:

- `.gitattributes` (committed, so every clone gets it) gives the store's JSON files
  ``merge=altimate-learn``, its JSONL files git's built-in ``merge=union`` (append-only lines; it needs no
  setup), and all of them ``text eol=lf``, so a Windows checkout (``core.autocrlf=true``) has the same
  bytes as every other and `learn check` sees the canonical file. learn's lines live in a marked block,
  rewritten only when they differ; every other line is left as it is.
- the driver itself is defined in the clone's own git config (`.git/config`, never committed): the
  command that runs this installation (its interpreter by absolute path, like the hooks), and a second
  driver git uses for the virtual base of a criss-cross merge. A teammate who only cloned has the
  attributes but not the driver; git then merges those files as text lines, and `learn status` says so
  with the one command that fixes it: `learn install git`.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from altimate_learn import git
from altimate_learn.store import fsio
from altimate_learn.store.paths import DEFAULT_STORE, LEARN_DIR

DRIVER = "altimate-learn"
BASE_DRIVER = "altimate-learn-base"
FIX = "learn install git"
BLOCK_START = "# >>> altimate-learn: lesson files merge as data, LF in every checkout (`learn install git`) >>>"
BLOCK_END = "# <<< altimate-learn <<<"
_STORE = LEARN_DIR.as_posix()
ATTRIBUTES = (
    f"{_STORE}/*/*.json merge={DRIVER} text eol=lf",
    f"{_STORE}/*/versions/*.json merge={DRIVER} text eol=lf",
    f"{_STORE}/*/retired/*.json merge={DRIVER} text eol=lf",  # teammates' retirements (review36 R36-3)
    f"{_STORE}/*/*.jsonl merge=union text eol=lf",
)


def driver_command(*, virtual_base: bool = False) -> str:
    """This installation by absolute path, isolated like the hooks (git runs the driver in the repository's
    top folder, where a cloned `altimate_learn.py` must not stand in for learn; see :mod:`altimate_learn.launch`)."""
    from altimate_learn.launch import learn_argv

    argv = learn_argv("merge-driver", *(["--virtual-base"] if virtual_base else []))
    return shlex.join(argv) + " %O %A %B %P --marker-size %L"


def _config(virtual_base: bool = False) -> dict[str, str]:
    if virtual_base:
        return {f"merge.{BASE_DRIVER}.name": "altimate-learn: virtual base of a criss-cross merge",
                f"merge.{BASE_DRIVER}.driver": driver_command(virtual_base=True)}
    return {f"merge.{DRIVER}.name": "altimate-learn: lesson files merge as data",
            f"merge.{DRIVER}.driver": driver_command(),
            f"merge.{DRIVER}.recursive": BASE_DRIVER}


def block(newline: str = "\n") -> str:
    return newline.join([BLOCK_START, *ATTRIBUTES, BLOCK_END]) + newline


def _newline(text: str) -> str:
    """The line end a `.gitattributes` file uses: CRLF when its first line ends so (a file written on Windows), else
    LF. learn's block is written with it, so adding it changes none of the person's lines (review48 R48-2)."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def with_block(existing: str) -> str:
    """``existing`` `.gitattributes` text (read with its line ends as they are) with learn's block added or brought up
    to date. At the end of a file whose last line has no line end, learn adds one and no blank line (which
    :func:`without_block` takes away again); else a blank line and the block."""
    newline = _newline(existing)
    lines = existing.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip("\r\n") == BLOCK_START), None)
    if start is not None:
        end = next((i for i in range(start, len(lines)) if lines[i].rstrip("\r\n") == BLOCK_END), None)
        if end is not None:
            return "".join(lines[:start]) + block(newline) + "".join(lines[end + 1:])
    if not existing.strip():
        return block(newline)
    return existing + newline + block(newline)  # ends the last line, or is the blank line before the block


def without_block(existing: str) -> str:
    """``existing`` without learn's block: the file as it was before :func:`with_block` added it at the end."""
    lines = existing.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip("\r\n") == BLOCK_START), None)
    if start is None:
        return existing
    end = next((i for i in range(start, len(lines)) if lines[i].rstrip("\r\n") == BLOCK_END), len(lines) - 1)
    at_end = end + 1 == len(lines)
    if start > 0 and not lines[start - 1].strip() and at_end:
        start -= 1  # the blank line learn put before its block at the end
    elif start > 0 and at_end:
        # no blank line before it: learn added the block to a last line that had no line end, and gave it one
        return "".join(lines[:start - 1]) + lines[start - 1].rstrip("\r\n")
    return "".join(lines[:start] + lines[end + 1:])


@dataclass
class MergeSetup:
    """What a clone has of the team-merge setup (see :func:`merge_setup`)."""

    repository: bool
    attributes: bool = False  # .gitattributes gives the store files learn's driver
    driver: bool = False  # the clone's git config defines it
    runs: bool = False  # the interpreter it names exists, and it runs isolated from the repository's files
    command: str | None = None

    @property
    def ok(self) -> bool:
        return not self.repository or (self.attributes and self.driver and self.runs)

    def as_dict(self) -> dict[str, object]:
        return {"repository": self.repository, "attributes": self.attributes, "driver": self.driver,
                "runs": self.runs, "ok": self.ok, "fix": None if self.ok else FIX}


def _runs(command: str) -> bool:
    try:
        argv = shlex.split(command)
    except ValueError:
        return False
    if not argv or not os.path.isabs(argv[0]) or not (os.path.isfile(argv[0]) and os.access(argv[0], os.X_OK)):
        return False
    return "-I" in argv[1:3] or argv[1:3] == ["-E", "-P"]  # an older form ran `python -m` unisolated


def merge_setup(root: Path, store: str = DEFAULT_STORE) -> MergeSetup:
    """Read-only: does this clone merge store files with learn's driver?"""
    top = git.toplevel(root)
    if top is None:
        return MergeSetup(repository=False)
    probe = (root / LEARN_DIR / store / "approved.json").resolve()
    try:
        rel = probe.relative_to(top.resolve()).as_posix()
    except ValueError:
        return MergeSetup(repository=False)
    command = git.config_get(top, f"merge.{DRIVER}.driver")
    return MergeSetup(True, attributes=git.check_attr(top, "merge", rel) == DRIVER, driver=bool(command),
                      runs=bool(command) and _runs(command or ""), command=command)


def status_lines(setup: MergeSetup) -> list[str]:
    """What `learn status` (and `learn doctor`) say about it: one line, and the fix when one is needed."""
    if not setup.repository:
        return []
    if setup.ok:
        return ["Git: lesson files merge as data in this clone (learn's merge driver; .gitattributes)."]
    if not setup.attributes:
        problem = "lesson files merge as text lines here (.gitattributes does not name learn's merge driver)"
    elif not setup.driver:
        problem = "this clone lacks learn's merge driver (git config is not committed)"
    else:
        problem = "learn's merge driver runs an interpreter that no longer exists, or runs it unisolated"
    return [f"Git: {problem}, so a teammate's promote can conflict.", f"  Fix: `{FIX}` (once per clone)."]


def _gitattributes(root: Path) -> tuple[Path, str]:
    """The project's `.gitattributes` and its text ("" when there is none)."""
    path = root / ".gitattributes"
    try:
        with open(path, encoding="utf-8", newline="") as handle:  # CRLF kept as it is (review48 R48-2)
            return path, handle.read()
    except FileNotFoundError:
        return path, ""


def install(root: Path, *, dry_run: bool = False, quiet_outside_git: bool = False) -> list[str]:
    """Write learn's `.gitattributes` block and register the driver in the clone's git config."""
    top = git.toplevel(root)
    if top is None:
        return [] if quiet_outside_git else [f"Git: {root} is not in a git repository; nothing to set up for merging lesson files."]
    path, existing = _gitattributes(root)
    wanted = with_block(existing)
    lines = []
    shown = _shown(path, top)
    if wanted != existing:
        if not dry_run:
            fsio.atomic_write(path, wanted, within=root)
        lines.append(f"Git: {shown}: store files merge with learn's driver, LF line ends; commit it so "
                     "teammates get it.")
    config = {**_config(), **_config(virtual_base=True)}
    missing = {k: v for k, v in config.items() if git.config_get(top, k) != v}
    if missing and not dry_run:
        for key, value in missing.items():
            if not git.config_set(top, key, value):
                raise OSError(f"git config {key} could not be written")
    if missing:
        lines.append("Git: merge driver registered in this clone's git config (each teammate runs "
                     f"`{FIX}` or `learn enable` once).")
    if not lines:
        lines.append("Git: already set up (.gitattributes and this clone's merge driver).")
    return lines


def uninstall(root: Path) -> list[str]:
    top = git.toplevel(root)
    if top is None:
        return [f"Git: {root} is not in a git repository; nothing to remove."]
    lines = []
    path, existing = _gitattributes(root)
    trimmed = without_block(existing)
    if trimmed != existing:
        own_edits = git.committed_and_changed(top, path) is not None  # the person's own edits, before learn's (R28-3)
        if trimmed.strip():
            fsio.atomic_write(path, trimmed, within=root)
        else:
            path.unlink()
        lines.append(f"Git: learn's block removed from {_shown(path, top)}.")
        shared = git.committed_and_changed(top, path)
        if shared:  # trial29 T29-3: the team's attributes, not this clone's
            undo = (f"put learn's block back (`git checkout -p HEAD -- {shared}` restores only the hunks you choose; a "
                    "plain `git checkout HEAD --` would also drop your own uncommitted edits of the file)" if own_edits
                    else f"restore the file (`git checkout HEAD -- {shared}`)")
            lines.append(f"Note: {shared} is committed, so committing this change stops learn's lesson files merging "
                         f"as data for every teammate who pulls it. To change only this clone, {undo}.")
    removed = [s for s in (DRIVER, BASE_DRIVER) if git.config_unset_section(top, f"merge.{s}")]
    if removed:
        lines.append("Git: merge driver removed from this clone's git config.")
    return lines or ["Git: nothing of learn's to remove."]


def _shown(path: Path, top: Path) -> str:
    try:
        return path.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return str(path)


def clear_the_pulls_way(root: Path, candidates: list[Path], command: str) -> None:
    """Before a command writes learn's shared files: when they are untracked copies of what the upstream branch
    already holds (this teammate ran `learn enable` before pulling the commit that brought them, review35 R35-6),
    `git pull` refuses to run; when the upstream (as last fetched) has them and this checkout does not yet, the
    command stops before writing them (review38 R38-3; `learn install <agent>` writes .gitattributes too). The copies
    identical to the upstream's are removed (nothing is lost: the pull brings the same bytes) and the command stops,
    saying to pull first; a copy that differs is left for the person."""
    from altimate_learn.errors import LearnError

    found = untracked_upstream_copies(root, candidates)
    if found is None:
        return
    upstream, same, different, missing, pull = found
    top = git.toplevel(root) or root
    for rel in same:
        (top / rel).unlink()
    said = []
    if missing:
        said.append(f"the pull brings {', '.join(missing)}, and copies written here first would stop it")
    if same:
        said.append(f"removed {', '.join(same)}: untracked here and the same as {upstream}'s, which the pull brings")
    if different:
        said.append(f"{', '.join(different)} {'differs' if len(different) == 1 else 'differ'} from {upstream}'s and "
                    "would stop the pull: move it aside (`git pull` names it), then merge what you need")
    raise LearnError(f"{upstream} already has learn's project files, and `git pull` does not overwrite untracked "
                     f"files: {'; '.join(said)}.", f"Run `{pull}`, then `{command}`.")


def untracked_upstream_copies(root: Path, candidates: list[Path]) -> tuple[str, list[str], list[str], list[str],
                                                                          str] | None:
    """Learn's own files in this checkout that are untracked while the upstream branch (as last fetched) has them:
    `git pull` refuses to overwrite untracked files, even identical ones (review35 R35-6: a teammate ran `learn
    enable` before pulling the commit that brought them). (upstream name, the identical ones, the differing ones,
    the ones not here yet that the upstream has and enable would write (review38 R38-3: after a fetch, the first
    enable wrote them and the pull stopped), as repository paths, and the command that pulls it), or None when there
    is no upstream or nothing stands in the pull's way."""
    top = git.toplevel(root)
    if top is None:
        return None
    upstream = git.text(top, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}")
    pull = "git pull"
    if not upstream:
        # no upstream set (`git init`, `git remote add origin …`, `git fetch`): the branch of the same name on
        # origin, which `git pull origin <branch>` would bring (review38 R38-3; a bare `git pull` refuses there)
        branch = git.text(top, "symbolic-ref", "--short", "-q", "HEAD")
        if not branch or git.text(top, "rev-parse", "--verify", "-q", f"refs/remotes/origin/{branch}") is None:
            return None
        upstream, pull = f"origin/{branch}", f"git pull origin {branch}"
    same: list[str] = []
    different: list[str] = []
    missing: list[str] = []
    for path in candidates:
        try:
            rel = path.resolve().relative_to(top.resolve()).as_posix()
        except ValueError:
            continue
        if git.is_tracked(top, rel):
            continue
        if not path.exists():
            if git.show(top, f"{upstream}:{rel}") is not None:
                missing.append(rel)  # the pull brings it; written here first, it would stop the pull
            continue
        if not path.is_file():
            continue
        theirs = git.show(top, f"{upstream}:{rel}")
        if theirs is None:
            continue
        (same if path.read_bytes() == theirs else different).append(rel)
    if not same and not different and not missing:
        return None
    return upstream, same, different, missing, pull
