"""The one writer of the blocks learn owns in instruction files (AGENTS.md, CLAUDE.md, AGENTS.local.md, …).

A block is the text between an opening and a closing HTML comment (:data:`KINDS`): `learn export agents-md`
writes the approved core lessons into ``<!-- learn:lessons -->``; the continual learner writes what it
learned into ``<!-- learn:learned -->``; `learn tidy` graduates proven lessons into ``<!-- learn:graduated -->``. Every writer of such a block goes through this module, so the rules
hold everywhere:

- Never a byte outside the markers. The text before the opening marker and after the closing one is kept
  byte for byte (line endings, encoding, a missing final newline). A file without the block gets it
  appended after a blank line; removing that block again (a revert) takes back exactly what was appended.
- A file is created only when there is something to write: no bullets and no block means no write.
- A bullet is one line, holds no marker of any block (no ``<!--`` or ``-->`` at all, so it can never close
  or open a block), and does not look like a secret; a kind may also cap its bullets and their size
  (the learner's block: at most 12 bullets of at most 240 bytes).
- A file whose markers are unbalanced (a lone marker, a closing marker first, two blocks of one kind) is
  refused, never repaired; so is a file with git conflict markers (a merge not finished): :func:`merge_conflicts`
  settles the conflicts inside learn's blocks (`learn resolve`) by keeping both sides' bullets.
- Compare before write: :func:`read_target` takes a :class:`Snapshot` (the bytes as read); :func:`write`
  writes only while the file still holds exactly those bytes, so an edit made meanwhile is never lost.
- A symlinked instruction file (``CLAUDE.md -> AGENTS.md``) is written through, and stays a link; a link
  that leads outside the folder the caller allows is refused.

:func:`excise` is the text with every managed block taken out: what an instruction file says apart from us
(its hash does not change when only our block does).
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from altimate_learn.errors import LearnError
from altimate_learn.markers import (AGENTS_MD_CLOSE, AGENTS_MD_OPEN, GRADUATED_CLOSE, GRADUATED_OPEN, LEARNED_CLOSE,
                                    LEARNED_OPEN, excise_managed, positions)


class BlockError(LearnError):
    """An instruction file learn cannot safely write (unbalanced markers, unreadable, a link outside)."""


@dataclass(frozen=True)
class BlockKind:
    name: str
    open: str
    close: str
    heading: str
    empty: str | None = None  # the body of a block with no bullets (None: the heading alone)
    max_bullets: int | None = None
    max_bullet_bytes: int | None = None


LESSONS = BlockKind("lessons", AGENTS_MD_OPEN, AGENTS_MD_CLOSE,
                    "Team conventions for this project (approved by the team with altimate-learn):",
                    empty="(No approved lessons yet.)")
LEARNED = BlockKind("learned", LEARNED_OPEN, LEARNED_CLOSE, "## Learned workspace facts",
                    max_bullets=12, max_bullet_bytes=240)
# Lessons that proved themselves, written by `learn tidy` (graduation); a person may edit the bullets: the
# block is read back before every edit.
GRADUATED = BlockKind("graduated", GRADUATED_OPEN, GRADUATED_CLOSE,
                      "## Team conventions that proved themselves (graduated by altimate-learn; edit freely)",
                      max_bullets=80, max_bullet_bytes=400)
KINDS = (LESSONS, LEARNED, GRADUATED)


# --- reading ------------------------------------------------------------------------------------------

def span(text: str, kind: BlockKind, where: str) -> tuple[int, int] | None:
    """(start, end) of the block including both markers; None when the file has neither marker."""
    opens = positions(text, kind.open)
    closes = positions(text, kind.close)
    if not opens and not closes:
        return None
    if len(opens) != 1 or len(closes) != 1 or closes[0] < opens[0]:
        raise BlockError(
            f"{where} has unbalanced learn markers ({len(opens)} × {kind.open}, {len(closes)} × {kind.close}).",
            "Leave exactly one opening marker followed by one closing marker (or remove both), then run the "
            "command again.")
    return opens[0], closes[0] + len(kind.close)


def block_text(text: str | None, kind: BlockKind, where: str) -> str | None:
    """The block as it stands in ``text`` (both markers included), or None."""
    if text is None:
        return None
    found = span(text, kind, where)
    return None if found is None else text[found[0]:found[1]]


def bullets(text: str | None, kind: BlockKind, where: str) -> list[str]:
    """The bullets of the block in ``text`` (``- `` stripped), in order; [] when there is no block."""
    block = block_text(text, kind, where)
    if block is None:
        return []
    inner = block[len(kind.open):len(block) - len(kind.close)]
    return [line[2:].strip() for line in inner.splitlines() if line.startswith("- ") and line[2:].strip()]


def excise(text: str) -> str:
    """``text`` without any block learn manages (a file with unbalanced markers keeps them: not ours to cut)."""
    return excise_managed(text)


def has_marker(text: str) -> bool:
    """True when ``text`` holds any block marker, or anything that could open or close an HTML comment."""
    return "<!--" in text or "-->" in text or any(k.open in text or k.close in text for k in KINDS)


# --- checking and rendering ----------------------------------------------------------------------------

def bullet_problem(kind: BlockKind, text: str) -> str | None:
    """Why ``text`` cannot be a bullet of a ``kind`` block, or None."""
    from altimate_learn.redact import holds_secret

    if not isinstance(text, str) or not text.strip():
        return "empty text"
    if any(c in text for c in "\r\n\x0b\x0c\x85\u2028\u2029"):
        return "a bullet is one line"
    if has_marker(text):
        return "holds a block marker or an HTML comment"
    size = len(text.strip().encode("utf-8"))
    if kind.max_bullet_bytes is not None and size > kind.max_bullet_bytes:
        return f"longer than {kind.max_bullet_bytes} bytes ({size})"
    if holds_secret(text):
        return "looks like it holds a secret"
    return None


def check_bullets(kind: BlockKind, lines: list[str], where: str) -> list[str]:
    """``lines`` stripped, or :class:`BlockError` naming the first that breaks a rule."""
    out = [line.strip() for line in lines]
    if kind.max_bullets is not None and len(out) > kind.max_bullets:
        raise BlockError(f"{where}: a {kind.name} block holds at most {kind.max_bullets} bullets, not {len(out)}.",
                         "Drop some bullets.")
    for number, line in enumerate(out, 1):
        problem = bullet_problem(kind, line)
        if problem:
            raise BlockError(f"{where}: bullet {number} cannot be written: {problem}.", "Change or drop it.")
    return out


def render(kind: BlockKind, lines: list[str], newline: str = "\n") -> str:
    body = "".join(f"- {line}{newline}" for line in lines)
    if not lines and kind.empty:
        body = f"{kind.empty}{newline}"
    return f"{kind.open}{newline}{kind.heading}{newline}{newline}{body}{kind.close}"


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def appended(old: str, block: str) -> str:
    """What appending ``block`` to ``old`` adds: a separating blank line, the block, a final newline."""
    newline = _newline(old)
    if not old:
        return block + newline
    separator = "" if old.endswith(newline * 2) else (newline if old.endswith(newline) else newline * 2)
    return separator + block + newline


def updated_text(old: str | None, kind: BlockKind, lines: list[str], where: str) -> str | None:
    """The new file text with the block replaced (or appended); None when there is nothing to write."""
    lines = check_bullets(kind, lines, where)
    if old is None:
        return render(kind, lines) + "\n" if lines else None
    found = span(old, kind, where)
    block = render(kind, lines, _newline(old))
    if found is None:
        return old + appended(old, block) if lines else None
    start, end = found
    return old[:start] + block + old[end:]


def without_block(old: str, kind: BlockKind, where: str, added: str | None = None) -> str:
    """``old`` with the block taken out: exactly ``added`` when the file still ends with it (what an append
    added), else the block alone."""
    if added and old.endswith(added) and block_text(old, kind, where) == block_text(added, kind, where):
        return old[: len(old) - len(added)]
    found = span(old, kind, where)
    if found is None:
        return old
    return old[:found[0]] + old[found[1]:]


# --- files ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    """A file as it was read: ``data`` is None when it did not exist."""

    path: Path
    data: bytes | None

    @property
    def text(self) -> str | None:
        return None if self.data is None else self.data.decode("utf-8")

    @property
    def exists(self) -> bool:
        return self.data is not None


def _real_path(path: Path, within: Path | None) -> Path:
    """The file to write: ``path``, or the file its symlink leads to (refused when that is outside ``within``)."""
    if not path.is_symlink():
        return path
    target = path.resolve()
    if within is not None:
        base = within.resolve()
        if target != base and base not in target.parents:
            raise BlockError(f"{path} is a symlink to {target}, outside {within}; refusing to write through it.",
                             "Replace the link with a regular file, or write the file it points to.")
    return target


def read_target(path: Path, within: Path | None = None) -> Snapshot:
    """Read an instruction file for a later :func:`write` (a missing file is an empty snapshot)."""
    path = Path(path)
    real = _real_path(path, within)
    try:
        data = real.read_bytes()
    except FileNotFoundError:
        return Snapshot(path, None)
    except IsADirectoryError:
        raise BlockError(f"{path} is a folder, not an instruction file.", "Remove or rename it.") from None
    except OSError as exc:
        raise BlockError(f"{path} cannot be read ({exc.strerror}).", "Fix its permissions.") from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise BlockError(f"{path} is not UTF-8 text; learn will not rewrite it.",
                         "Save it as UTF-8, then run the command again.") from None
    return Snapshot(path, data)


@dataclass
class Written:
    """What :func:`write` did. ``status``: written, unchanged, nothing (nothing to write), changed (the file
    changed since it was read: left alone)."""

    status: str
    path: Path
    before: str | None  # the block before (None: no block)
    after: str | None  # the block written (None: none)
    created: bool = False  # the file did not exist
    added: str | None = None  # the exact text appended, when the block was new in an existing file
    text: str | None = None  # the whole new file text


def write(snapshot: Snapshot, kind: BlockKind, lines: list[str], *, within: Path | None = None,
          dry_run: bool = False) -> Written:
    """Write ``lines`` as the block of ``snapshot.path``, if the file still holds what the snapshot read."""
    old = snapshot.text
    where = str(snapshot.path)
    if old is not None and has_conflicts(old):
        # rewriting our block would drop git's markers inside it and leave the merge half settled, unsaid (trial29)
        raise BlockError(f"{where} has git conflict markers (a merge not finished), so learn leaves it alone.",
                         "Run `learn resolve` (it keeps both sides' bullets in learn's blocks), settle any other "
                         "conflict in it by hand, then `git add` it.")
    new = updated_text(old, kind, lines, where)
    before = block_text(old, kind, where)
    if new is None:
        return Written("nothing", snapshot.path, before, before)
    result = Written("written", snapshot.path, before, block_text(new, kind, where), created=old is None, text=new)
    if old is not None and before is None:
        result.added = new[len(old):]
    if new == old:
        result.status = "unchanged"
        return result
    if dry_run:
        return result
    return _commit(snapshot, new, within, result)


def restore(snapshot: Snapshot, new: str | None, *, within: Path | None = None) -> bool:
    """Replace the whole file with ``new`` (None: delete it), if it still holds what the snapshot read.
    For reverts, which compute ``new`` with :func:`updated_text` or :func:`without_block`."""
    if new is None:
        real = _real_path(snapshot.path, within)
        if _current(real) != snapshot.data:
            return False
        real.unlink()
        return True
    result = _commit(snapshot, new, within, Written("written", snapshot.path, None, None))
    return result.status == "written"


def _current(real: Path) -> bytes | None:
    try:
        return real.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BlockError(f"{real} cannot be read ({exc.strerror}).", "Fix its permissions.") from None


def _commit(snapshot: Snapshot, new: str, within: Path | None, result: Written) -> Written:
    from altimate_learn.store.fsio import atomic_write

    real = _real_path(snapshot.path, within)
    if _current(real) != snapshot.data:
        result.status = "changed"
        return result
    try:
        mode = real.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    try:
        atomic_write(real, new, mode=mode)
    except OSError as exc:
        raise BlockError(f"{snapshot.path} cannot be written ({exc.strerror}).", "Fix its permissions.") from None
    return result


# --- git conflicts -------------------------------------------------------------------------------------

_CONFLICT_LINE = re.compile(r"(?:<{7}|\|{7}|={7}|>{7})(?:[ \t].*)?(?:\r?\n)?")


def _conflict_line(line: str) -> str | None:
    """Which git conflict marker ``line`` is (``<``, ``|``, ``=``, ``>``), or None."""
    return line[0] if _CONFLICT_LINE.fullmatch(line) else None


def has_conflicts(text: str) -> bool:
    """True when ``text`` holds a conflict as git writes it: a ``<<<<<<<`` line, then ``=======``, then ``>>>>>>>``
    (a lone ``=======``, a Markdown heading's underline, is none)."""
    want = "<"
    for line in text.splitlines(keepends=True):
        if line[:1] == want[0] and _conflict_line(line) == want:
            want = {"<": "=", "=": ">"}.get(want, "")
            if not want:
                return True
    return False


@dataclass
class Merged:
    """What :func:`merge_conflicts` did: the new text, the conflicts it settled inside learn's blocks (by block
    kind), the conflicts it left (outside learn's blocks, touching a marker, not well formed, or a block a person must
    settle), and why each block was left (``problems``)."""

    text: str
    settled: dict[str, int]
    left: int
    problems: list[str]


@dataclass
class _Hunk:
    ours: list[str]
    base: list[str] | None  # the diff3 section; None when git wrote none
    theirs: list[str]
    raw: list[str]


def _segments(text: str) -> tuple[list[str | _Hunk], bool]:
    """``text`` as lines and conflict hunks, and whether it was well formed (a hunk git did not write ends the parse:
    the rest is kept as lines)."""
    lines = text.splitlines(keepends=True)
    out: list[str | _Hunk] = []
    n = 0
    while n < len(lines):
        if _conflict_line(lines[n]) != "<":
            out.append(lines[n])
            n += 1
            continue
        start, part = n, "ours"
        sides: dict[str, list[str]] = {"ours": [], "base": [], "theirs": []}
        has_base = False
        n += 1
        while n < len(lines):
            mark = _conflict_line(lines[n])
            if mark == "|" and part == "ours":
                part, has_base = "base", True
            elif mark == "=" and part in ("ours", "base"):
                part = "theirs"
            elif mark == ">" and part == "theirs":
                break
            elif mark is not None:
                part = "broken"
                break
            else:
                sides[part].append(lines[n])
            n += 1
        if part != "theirs" or n >= len(lines):
            out += lines[start:]
            return out, False
        out.append(_Hunk(sides["ours"], sides["base"] if has_base else None, sides["theirs"], lines[start:n + 1]))
        n += 1
    return out, True


def _side(segments: list[str | _Hunk], side: str) -> str:
    return "".join(x if isinstance(x, str) else "".join(getattr(x, side) or []) for x in segments)


def merge_conflicts(text: str, base_text: str | None = None) -> Merged:
    """Settle the git conflicts inside learn's blocks, three-way, bullet by bullet: a bullet one side added is kept, one
    a side removed (or changed: removed, then its new wording added) stays removed, against the common version:
    ``base_text`` (the file as git's merge base has it, when git has the file unmerged), else the diff3 sections of the
    hunks. Two teammates' learners that each added a bullet to the same block conflict at the first pull; both bullets
    are someone's finding. Left as git wrote them, for a person, with the reason in ``problems``: a conflict outside
    learn's blocks or touching a block marker, a block with no common version, a bullet both sides changed (or removed)
    while both added others, a merged block past its cap (the learner's 12 bullets). review27 R27-3: a plain union
    brought back removed and corrected bullets, and passed the cap."""
    segments, whole = _segments(text)
    hunks = [x for x in segments if isinstance(x, _Hunk)]
    if not whole or not hunks:
        return Merged(text, {}, len(hunks) + (0 if whole else 1), [])
    where: dict[int, BlockKind | None] = {}  # id(hunk) -> the block it lies in (None: outside, or touches a marker)
    before = ""
    for x in segments:
        if isinstance(x, str):
            before += x
            continue
        kind = _open_block(before)
        touches = any(marker in line for line in x.ours + (x.base or []) + x.theirs
                      for k in KINDS for marker in (k.open, k.close))
        where[id(x)] = None if touches else kind
        before += "".join(x.ours)
    ours, theirs = _side(segments, "ours"), _side(segments, "theirs")
    base = base_text if base_text is not None else (
        _side(segments, "base") if all(h.base is not None for h in hunks) else None)
    settled: dict[str, int] = {}
    problems: list[str] = []
    plans: dict[str, list[str]] = {}
    for kind in KINDS:
        mine = [h for h in hunks if where[id(h)] is kind]
        if not mine:
            continue
        try:
            lists = [bullets(version, kind, "the file") for version in (base, ours, theirs)] if base is not None else None
        except BlockError:
            lists = None
        if lists is None:
            problems.append(f"{kind.name} block: no common version to merge against; keep the bullets you want by hand")
        else:
            merged, problem = _three_way(*lists)
            if problem is None and kind.max_bullets is not None and len(merged) > kind.max_bullets:
                problem = (f"both sides' bullets make {len(merged)}, past the block's {kind.max_bullets}; keep at most "
                           f"{kind.max_bullets} by hand")
            if problem is None:
                plans[kind.name] = merged
                settled[kind.name] = len(mine)
                continue
            problems.append(f"{kind.name} block: {problem}")
        for h in mine:
            where[id(h)] = None
    out = "".join(x if isinstance(x, str) else ("".join(x.ours) if where[id(x)] is not None else "".join(x.raw))
                  for x in segments)
    for kind in KINDS:
        if kind.name in plans:
            out = _with_bullets(out, kind, plans[kind.name])
    return Merged(out, settled, sum(1 for h in hunks if where[id(h)] is None), problems)


def _three_way(base: list[str], ours: list[str], theirs: list[str]) -> tuple[list[str], str | None]:
    """Ours, less what theirs removed, plus what theirs added (each after the bullet it follows on their side); a
    problem instead when a base bullet is gone on both sides while both added bullets (changed differently)."""
    was, mine, yours = set(base), set(ours), set(theirs)
    gone_both = [x for x in base if x not in mine and x not in yours]
    added_ours = [x for x in ours if x not in was]
    added_theirs = [x for x in theirs if x not in was and x not in mine]
    if gone_both and added_ours and added_theirs:
        return [], (f'"{gone_both[0]}" was changed or removed on both sides (ours: "{added_ours[0]}"; theirs: '
                    f'"{added_theirs[0]}"); keep the bullets you want by hand')
    out = [x for x in ours if x not in was or x in yours]
    new_ours = set(added_ours)
    for n, x in enumerate(theirs):
        if x not in added_theirs:
            continue
        after = next((y for y in reversed(theirs[:n]) if y in out), None)
        at = out.index(after) + 1 if after is not None else 0
        while at < len(out) and out[at] in new_ours:  # ours' new bullets at that place first, as git shows them
            at += 1
        out.insert(at, x)
    return out, None


def _with_bullets(text: str, kind: BlockKind, lines: list[str]) -> str:
    """``text`` with the bullets of its ``kind`` block replaced by ``lines`` (the block's other lines kept)."""
    start, end = span(text, kind, "the file") or (0, 0)
    inner = text[start + len(kind.open):end - len(kind.close)]
    newline = _newline(text)
    rows = inner.splitlines(keepends=True)
    first = next((n for n, row in enumerate(rows) if row.startswith("- ")), None)
    kept = [row for row in rows if not (row.startswith("- ") and row[2:].strip())]
    at = first if first is not None else len(kept)
    body = kept[:at] + [f"- {line}{newline}" for line in lines] + kept[at:]
    return text[:start] + kind.open + "".join(body) + kind.close + text[end:]


def _open_block(before: str) -> BlockKind | None:
    """The kind of learn block still open at the end of ``before`` (its opening marker and no closing one after)."""
    for kind in KINDS:
        opened = before.rfind(kind.open)
        if opened >= 0 and before.find(kind.close, opened) < 0:
            return kind
    return None


def resolve_conflicts(root: Path) -> list[tuple[Path, Merged, bool]]:
    """Settle the conflicts inside learn's blocks of every file of ``root``'s repository that git left unmerged (three-way
    against git's merge base), and of the instruction files at the root that hold conflict markers (against their
    diff3 sections): each such file rewritten (compare before write) and, when no conflict is left and git had it
    unmerged, staged. A file with no conflict inside learn's blocks is left alone. Returns (path, what was merged,
    staged) for each file with a conflict in learn's blocks."""
    from altimate_learn import git
    from altimate_learn.instructions.files import root_candidates
    from altimate_learn.store.fsio import atomic_write

    top = git.toplevel(root)
    found: dict[Path, bool] = {}  # path -> git has it unmerged
    if top is not None:
        out = git.text(top, "ls-files", "-u", "-z") or ""
        for record in out.split("\0"):
            _, _, name = record.partition("\t")
            if name:
                found[top / name] = True
    for rel in root_candidates(str(root)):
        found.setdefault(root / rel, False)
    done: list[tuple[Path, Merged, bool]] = []
    for path, unmerged in found.items():
        try:
            snapshot = read_target(path, within=top or root)
        except BlockError:
            continue
        old = snapshot.text
        if old is None or BLOCK_MARK not in old or not has_conflicts(old):
            continue
        base_text = None
        if unmerged and top is not None:
            stages = git.unmerged_stages(top, str(path.relative_to(top)))
            data = git.blob(top, stages[1]) if 1 in stages else b"" if 2 in stages and 3 in stages else None
            base_text = data.decode("utf-8", errors="replace") if data is not None else None
        merged = merge_conflicts(old, base_text)
        if not merged.settled and not merged.problems:
            continue  # no conflict in learn's blocks: the file's conflicts are a person's, as git left them
        if merged.settled:
            real = _real_path(path, top or root)
            if _current(real) != snapshot.data:
                continue  # changed meanwhile: the next run sees it
            atomic_write(real, merged.text, mode=real.stat().st_mode & 0o777)
        staged = False
        if merged.settled and unmerged and not merged.left and top is not None:
            proc = git.run(top, "add", "--", str(path.relative_to(top)))
            staged = proc is not None and proc.returncode == 0
        done.append((path, merged, staged))
    return done


BLOCK_MARK = "<!-- learn:"


def conflicted_blocks(root: Path) -> list[Path]:
    """The instruction files at ``root`` with a git conflict inside one of learn's blocks (for `learn status`: cheap,
    one lstat per root file name and a read of those that exist)."""
    from altimate_learn.instructions.files import root_candidates

    out = []
    for rel in root_candidates(str(root)):
        try:
            text = (root / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if BLOCK_MARK in text and has_conflicts(text):
            merged = merge_conflicts(text)
            if merged.settled or merged.problems:
                out.append(root / rel)
    return out


# --- .gitignore ----------------------------------------------------------------------------------------

def git_ignores(path: Path) -> bool:
    """True when git (run in the file's folder) already ignores ``path``; False outside a repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    try:
        done = subprocess.run(["git", "check-ignore", "-q", "--", path.name], cwd=path.parent, env=env,
                              capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def ensure_ignored(path: Path) -> Path | None:
    """Add ``path``'s name to the `.gitignore` beside it (created if missing, even outside a git repository),
    unless git already ignores it. Returns the `.gitignore` written, or None when nothing was needed."""
    from altimate_learn.store.fsio import atomic_write

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if git_ignores(path):
        return None
    ignore = path.parent / ".gitignore"
    real = _real_path(ignore, path.parent)
    try:
        old = real.read_bytes().decode("utf-8")
    except FileNotFoundError:
        old = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise BlockError(f"{ignore} cannot be read ({exc}); {path.name} was not written.",
                         f"Add {path.name} to it by hand, then run the command again.") from None
    line = path.name
    if line in (x.strip() for x in old.splitlines()):
        return None  # named already (a later rule may un-ignore it: that is the person's choice)
    newline = _newline(old) if old else "\n"
    sep = "" if not old or old.endswith(("\n", "\r")) else newline
    try:
        mode = real.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    atomic_write(real, f"{old}{sep}{line}{newline}", mode=mode)
    return ignore
