"""`learn resolve`: finish a merge of store files that git left with conflict markers.

It applies the same merge as the driver (:mod:`altimate_learn.team.files`), so a merge made without the
driver (a clone that lacks it, a web merge) ends as if the driver had run. The three versions come from
the best source available:

1. the working file's conflict blocks give our and their side (with whatever git already merged);
   the base comes from the index (stage 1 of an unfinished merge), else from the merge commit that
   committed the markers (the merge base of its parents), else from diff3 base sections; without any
   base the sides merge as a union (a lesson one side removed and the other kept is kept: nothing lost);
   when the blocks are still what merging the index's three versions gives (learn's driver, or git's own line
   merge in a clone without the driver), the merge is redone from those three versions whole instead;
2. a file git left unmerged without markers, still holding our version byte for byte (the driver could
   not run): stages 1, 2 and 3 of the index;
3. a file without markers that parses: a person settled it by hand; it is only rewritten canonically.

What a person chose (``--ours``/``--theirs``, for every conflict or ``--lesson`` ones) settles conflicts;
the rest stay as blocks in the file and the command exits 1. A file that had markers is kept beside the
result as `<file>.conflict-<time>` (git-ignored) before it is overwritten. When nothing is left to
choose, a path git had unmerged is staged (`git add`), so `git commit` or `git rebase --continue` is next.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn import git
from altimate_learn.errors import LearnError
from altimate_learn.jsonsafe import loads_document
from altimate_learn.store import fsio
from altimate_learn.store.conflicts import has_markers, loads_side, split_sides
from altimate_learn.store.merge import Conflict, MergeInputError
from altimate_learn.store.paths import ProjectPaths
from altimate_learn.team.files import JSON, LINES, FileMerge, file_kind, merge_texts, replacements

SCANNED = ("approved.json", "retired.json", "candidate.json")


@dataclass
class Outcome:
    path: Path
    status: str  # "resolved", "conflicts", "clean"
    source: str = ""
    result: FileMerge | None = None
    staged: bool = False
    kept_copy: Path | None = None
    problems: list[str] = field(default_factory=list)

    def as_dict(self, shown: str) -> dict[str, Any]:
        result = self.result
        return {
            "path": shown, "status": self.status, "source": self.source, "staged": self.staged,
            "lessons": result.lessons if result else None,
            "kept_copy": str(self.kept_copy) if self.kept_copy else None,
            "notes": result.notes if result else [],
            "conflicts": [{"key": c.key, "kind": c.kind, "fields": list(c.fields),
                           "ours": [x.get("text") for x in c.ours], "theirs": [x.get("text") for x in c.theirs]}
                          for c in (result.conflicts if result else [])],
            "problems": self.problems,
        }


def chooser(side: str | None, lessons: Iterable[str] = ()):
    """The choice function for :func:`merge_texts`: ``side`` for every conflict, or only those naming one
    of ``lessons``."""
    wanted = set(lessons)

    def choose(conflict: Conflict) -> str | None:
        if side is None:
            return None
        if wanted and not wanted & set(conflict.ids):
            return None
        return side

    return choose


def targets(paths: ProjectPaths) -> list[Path]:
    """Store files with conflict markers, or that git has unmerged, in every store of the project."""
    found: dict[Path, None] = {}
    top = git.toplevel(paths.root) if paths.learn_dir.is_dir() else None
    if top is not None:
        out = git.text(top, "ls-files", "-u", "-z", "--", str(paths.learn_dir.relative_to(top)))
        for record in (out or "").split("\0"):
            _, _, name = record.partition("\t")
            if name:
                found[(top / name)] = None
    for name in paths.store_names():
        folder = paths.learn_dir / name
        candidates = [folder / f for f in SCANNED]
        for sub in ("versions", "retired"):
            if (folder / sub).is_dir():
                candidates += sorted((folder / sub).glob("*.json"))
        for path in candidates:
            try:
                if has_markers(path.read_text(encoding="utf-8", errors="replace")):
                    found[path] = None
            except (FileNotFoundError, IsADirectoryError):
                continue
    return list(found)


def _decode(data: bytes | None) -> str | None:
    return None if data is None else data.decode("utf-8", "replace")


def _merge_commit_base(top: Path, rel: str) -> tuple[str | None, str] | None:
    """The base of the merge commit that last changed ``rel``, if that commit is a merge."""
    out = git.text(top, "log", "-1", "--format=%H %P", "--", rel)
    parts = (out or "").split()
    if len(parts) != 3:
        return None
    commit, first, second = parts
    base = git.text(top, "merge-base", first, second)
    if not base:
        return None
    return _decode(git.show(top, f"{base}:{rel}")), f"the merge commit {commit[:10]}"


def _normalised(kind: str, text: str) -> str:
    """A side taken from conflict blocks, as canonical JSON (one trailing comma forgiven)."""
    if kind == LINES or not text.strip():
        return text
    try:
        return fsio.canonical_json(loads_side(text))
    except json.JSONDecodeError as exc:
        raise MergeInputError(f"a side of the conflict is not valid JSON ({exc.msg.removesuffix(' at')} at line {exc.lineno})") \
            from None


def resolve_file(path: Path, side: str | None = None, lessons: Iterable[str] = ()) -> Outcome:
    """Resolve one store file (see the module docstring), under its store's lock when it is in a store.
    Raises :class:`LearnError` when it cannot."""
    store = _store_of(path)
    if store is None:
        return _resolve_file(path, side, lessons)
    with store.lock():
        outcome = _resolve_file(path, side, lessons)
        if path.name == "approved.json" and outcome.status == "resolved":
            _approved_again(store, path)
        return outcome


def _approved_again(store, path: Path) -> None:
    """A lesson the resolved approved.json holds is not retired (a teammate's edit kept against this clone's
    retirement): its retired.json record goes, and so does its shared record (`retired/<id>.json`, staged when
    git tracks it), or its old reason would name a removal that did not happen (review14 R14-10)."""
    from altimate_learn.review.gate import _reconcile_retired
    from altimate_learn.review.model import read_lesson_file
    from altimate_learn.team.retirements import folder

    try:
        live = {lesson["id"] for lesson in read_lesson_file(path).lessons or []}
    except LearnError:
        return
    _reconcile_retired(store, live)
    shared = folder(store)
    top = git.toplevel(path.parent)
    for lesson_id in sorted(live):
        record = shared / f"{lesson_id}.json"
        if record.is_file():
            try:
                record.unlink()
            except OSError:
                continue
            if top is not None:
                rel = record.resolve().parent.relative_to(top.resolve()).as_posix() + "/" + record.name
                if git.is_tracked(top, rel):
                    git.add(top, rel)


def _store_of(path: Path):
    from altimate_learn.store import Store, project

    for folder in path.absolute().parents:
        if folder.parent.name == "learn" and folder.parent.parent.name == ".altimate-code":
            try:
                return Store(project(folder.parent.parent.parent), folder.name)
            except LearnError:
                return None
    return None


@dataclass
class _Versions:
    """A store file under a merge and where its three versions come from (:func:`_versions`)."""

    raw: bytes | None
    text: str | None
    top: Path | None
    rel: str
    stages: dict[int, str]
    kind: str
    sides: tuple[str | None, str | None, str | None] | None = None  # base, ours, theirs (None: settled by hand)
    source: str = ""

    def merge(self, side: str | None = None, lessons: Iterable[str] = ()) -> FileMerge:
        try:
            return merge_texts(self.rel, *self.sides or (None, None, None), choose=chooser(side, lessons),
                               replaced=replacements(self.top, self.rel) if self.top is not None else None)
        except MergeInputError as exc:
            raise LearnError(f"{self.rel} cannot be merged as data: {exc}.",
                             "Edit the file by hand (keep the lines you want, remove the markers), then run "
                             "`learn check`.") from None


def pending(paths: ProjectPaths) -> list[tuple[Path, FileMerge]]:
    """What `learn resolve` would leave to choose in each store file of an unfinished merge, without writing
    anything (`learn status` and `learn show` say it: which lesson replaced which, what both sides edited). A file
    that cannot be merged as data is left out (resolve names the problem)."""
    out = []
    for path in targets(paths):
        try:
            versions = _versions(path)
            if versions.sides is None:
                continue
            result = versions.merge()
        except (LearnError, MergeInputError, OSError, ValueError):
            continue
        if not result.clean:
            out.append((path, result))
    return out


def pending_lines(paths: ProjectPaths) -> list[str]:
    """`learn status` and `learn show`'s lines on an unfinished merge of store files: each conflict as `learn
    resolve` would report it (a teammate's replacement against this clone's edit names both lessons)."""
    from altimate_learn.team.files import conflict_lines

    lines: list[str] = []
    for path, result in pending(paths):
        try:
            shown = path.relative_to(paths.root).as_posix()
        except ValueError:
            shown = str(path)
        count = len(result.conflicts)
        lines.append(f"{shown}: a merge is not finished, {count} lesson conflict{'s' if count != 1 else ''} to "
                     "choose:")
        lines += ["  " + line for conflict in result.conflicts for line in conflict_lines(conflict)]
    return lines


def _as_the_merge_left_it(versions: _Versions, stage: Any, ours: str, theirs: str) -> tuple[str, str, str] | None:
    """The index's three versions when the file's conflict blocks are still what merging them gives: then the merge
    is redone from them, not from the blocks, which lose what a conflict needs (a lesson one side replaced is in
    neither block, so redone from the blocks both sides seem to have retired it: review37 R37-14). A file a person
    edited between the markers is read from its blocks, as before."""
    if not {1, 2, 3} <= set(versions.stages) or versions.top is None:
        return None
    base, mine, other = stage(1), stage(2), stage(3)
    if base is None or mine is None or other is None:
        return None
    try:
        again = merge_texts(versions.rel, base, mine, other, replaced=replacements(versions.top, versions.rel))
    except (MergeInputError, ValueError):
        return None
    if not again.clean and has_markers(again.text):
        redo = split_sides(again.text)
        if _normalised(versions.kind, redo.ours) == ours and _normalised(versions.kind, redo.theirs) == theirs:
            return base, mine, other
    if _left_by_a_line_merge(versions.kind, base, mine, other, ours, theirs):
        return base, mine, other
    return None


def _left_by_a_line_merge(kind: str, base: str, mine: str, other: str, ours: str, theirs: str) -> bool:
    """True when the file's blocks are what git's own line merge of the index's three versions gives: a clone without
    learn's merge driver (or one that could not run it), the file untouched since. git applied one side's changes
    that met no other change outside the blocks, so the blocks alone lose what a conflict needs: the other side's
    replacement of a lesson removed the old one there, and the blocks read as if our side had retired the new rule
    (review40 R40-7: `learn resolve` asked, and `--ours` dropped a teammate's new lesson, where the driver merges
    cleanly). Redone from the three versions whole, the result is the driver's. Each conflict style git writes is
    tried (merge, diff3, zdiff3: the working file's is not recorded)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="learn-resolve-") as folder:
        names = []
        for name, text in (("ours", mine), ("base", base), ("theirs", other)):
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8")
            names.append(str(path))
        for style in ((), ("--diff3",), ("--zdiff3",)):
            proc = git.run(folder, "merge-file", "-p", *style, *names)
            if proc is None or not 0 < proc.returncode < 128:  # no conflict, or git could not (an older git: zdiff3)
                continue
            redo = split_sides(proc.stdout.decode("utf-8", "replace"))
            try:
                if _normalised(kind, redo.ours) == ours and _normalised(kind, redo.theirs) == theirs:
                    return True
            except (MergeInputError, ValueError):
                continue
    return False


def _versions(path: Path) -> _Versions:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raw = None
    text = _decode(raw)
    top = git.toplevel(path.parent if path.parent.exists() else Path.cwd())
    rel = path.resolve().relative_to(top.resolve()).as_posix() if top else path.name
    stages = git.unmerged_stages(top, rel) if top else {}
    kind = file_kind(rel) or JSON
    versions = _Versions(raw, text, top, rel, stages, kind)

    def stage(number: int) -> str | None:
        return _decode(git.blob(top, stages[number])) if number in stages and top else None

    if text is not None and has_markers(text):
        sides = split_sides(text)
        ours, theirs = _normalised(kind, sides.ours), _normalised(kind, sides.theirs)
        untouched = _as_the_merge_left_it(versions, stage, ours, theirs)
        if untouched is not None:
            versions.sides = untouched
            # the markers are git's line merge of the index's three versions: the merge is redone from those
            versions.source = "the three versions of the unfinished merge in the index"
            return versions
        if 1 in stages:
            base, source = stage(1), "the conflict markers, with the base from the unfinished merge"
        elif top is not None and (found := _merge_commit_base(top, rel)) is not None:
            base, where = found
            source = f"the conflict markers, with the base from {where}"
        elif sides.base is not None:
            base, source = _normalised(kind, sides.base), "the conflict markers (with their base sections)"
        else:
            base, source = None, "the conflict markers (no common version found: the two sides are united)"
    elif stages and (text is None or text == stage(2)):
        base, ours, theirs = stage(1), stage(2), stage(3)
        source = "the unfinished merge in the index (the merge driver did not run)"
    else:
        return versions
    versions.sides, versions.source = (base, ours, theirs), source
    return versions


def _resolve_file(path: Path, side: str | None, lessons: Iterable[str]) -> Outcome:
    versions = _versions(path)
    raw, text, top, rel, stages, kind = (versions.raw, versions.text, versions.top, versions.rel, versions.stages,
                                         versions.kind)
    if versions.sides is None:
        return _settled_by_hand(path, raw, kind, top, rel, bool(stages))
    source = versions.source
    result = versions.merge(side, lessons)
    kept = None
    if raw is not None and raw.decode("utf-8", "replace") != result.text:
        if text is not None and has_markers(text):
            kept = fsio.unique_sibling(path, "conflict")
            fsio.atomic_write(kept, raw, within=path.parent, mode=0o600)
        fsio.atomic_write(path, result.text, within=path.parent)
    elif raw is None:
        fsio.atomic_write(path, result.text, within=path.parent)
    outcome = Outcome(path, "resolved" if result.clean else "conflicts", source, result, kept_copy=kept)
    if result.clean:
        outcome.staged = bool(stages) and top is not None and git.add(top, rel)
        outcome.problems = _problems(path, kind)
    return outcome


def _settled_by_hand(path: Path, raw: bytes | None, kind: str, top: Path | None, rel: str,
                     unmerged: bool) -> Outcome:
    if raw is None:
        raise LearnError(f"{path} does not exist.", "Pass the path of a store file with conflict markers.")
    if kind != LINES:
        try:
            value = loads_document(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise LearnError(f"{rel} is not valid JSON and has no conflict markers, so it is not a merge to finish.",
                             "Fix it by hand, or restore it with `git checkout -- <file>`.") from None
        canonical = fsio.canonical_json(value)
        if canonical.encode("utf-8") != raw.replace(b"\r\n", b"\n"):
            fsio.atomic_write(path, canonical, within=path.parent)
        lessons = len(value) if isinstance(value, list) else None
    else:
        lessons = None
    result = FileMerge(kind, raw.decode("utf-8", "replace"), lessons=lessons)
    outcome = Outcome(path, "resolved" if unmerged else "clean", "the file as it is (no conflict markers)", result)
    if unmerged and top is not None:
        outcome.staged = git.add(top, rel)
    outcome.problems = _problems(path, kind)
    return outcome


def _problems(path: Path, kind: str) -> list[str]:
    if kind in (JSON, LINES):
        return []
    from altimate_learn.review.check import check_file

    report = check_file(path, path.name)
    return [f"{p.lesson}: {p.rule}: {p.message}" for p in report.problems]



def unfinished_files(paths: ProjectPaths) -> list[str]:
    """Project-relative paths a merge left unfinished that `learn resolve` merges as data: store files git has
    unmerged or with conflict markers, and instruction files with a conflict inside learn's block (two teammates'
    learners each added a bullet). What `learn status`, `learn doctor` and `learn deliver` name, so they tell the
    same story while the hooks deliver the last good set."""
    out: list[str] = []
    try:
        found = targets(paths)
    except (LearnError, OSError):
        found = []
    for path in found:
        try:
            out.append(path.relative_to(paths.root).as_posix())
        except ValueError:
            out.append(str(path))
    from altimate_learn.instructions.block import conflicted_blocks

    try:
        out += [path.relative_to(paths.root).as_posix() for path in conflicted_blocks(paths.root)]
    except (LearnError, OSError, ValueError):
        pass
    return list(dict.fromkeys(out))


def unfinished_line(files: list[str]) -> str:
    """One line naming the files of an unfinished merge and the way out."""
    shown = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
    return (f"merge not finished: {shown} {'has' if len(files) == 1 else 'have'} git conflict markers; "
            "`learn resolve` merges both sides as data (then `git commit`)")
