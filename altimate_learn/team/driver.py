"""`learn merge-driver %O %A %B %P`: git's merge driver for the committed files of a store.

git runs it for every path `.gitattributes` gives ``merge=altimate-learn`` when both sides changed the
file: %O, %A and %B are temporary files holding the base, our and their version, %P is the path. The
merged result is written to %A. Exit 0 when the data merged; 1 when a person must choose, after a short
report on stderr (which lesson, both versions, the command that finishes it) and a file with one
conflict block per undecided lesson, which `learn resolve` or an editor's "accept ours/theirs" finishes.

A version that is not mergeable as data (not JSON, duplicate ids, markers of an earlier merge) is merged
by git's own line merge instead (`git merge-file`), so the driver is never worse than no driver. With
``virtual_base`` (git's internal merge of several merge bases) every conflict takes the base's version
and the exit is 0: the real merge that follows meets the same conflict again and reports it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from altimate_learn import git
from altimate_learn.store.merge import BASE, MergeInputError
from altimate_learn.team.files import (CONTRADICTING, FileMerge, cannot_both_stand, conflict_lines, merge_texts,
                                      replacements)


def _read(path: str) -> str | None:
    try:
        return Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def merge_file_as_text(base: str, ours: str, theirs: str, marker_size: int) -> int:
    """git's own three-way line merge into ``ours``; its exit code (conflicts), or 2 if git failed."""
    proc = git.run(Path.cwd(), "merge-file", f"--marker-size={marker_size}", "-L", "ours", "-L", "base",
                   "-L", "theirs", ours, base, theirs)
    if proc is None or proc.returncode < 0:
        return 2
    return min(proc.returncode, 1) if proc.returncode < 128 else 2


def rebase_note(cwd: Path) -> str | None:
    if git.operation_in_progress(cwd) == "rebase":
        return "(in a rebase, ours is the branch you are rebasing onto and theirs is your commit being replayed)"
    return None


def run_driver(base: str, ours: str, theirs: str, relpath: str, *, marker_size: int = 7,
               virtual_base: bool = False, err: TextIO | None = None) -> int:
    err = err or sys.stderr
    try:
        texts = [_read(p) for p in (base, ours, theirs)]
        result = merge_texts(relpath, *texts, choose=(lambda c: BASE) if virtual_base else None,
                             marker_size=marker_size, replaced=None if virtual_base else replacements(Path.cwd(),
                                                                                                     relpath))
    except (MergeInputError, UnicodeDecodeError, ValueError) as exc:
        reason = str(exc) if isinstance(exc, MergeInputError) else "a version is not UTF-8 text"
        if not virtual_base:
            print(f"learn: {relpath}: {reason}; merged as text lines instead.", file=err)
        code = merge_file_as_text(base, ours, theirs, marker_size)
        return 0 if virtual_base else code
    _write(ours, result.text)
    if virtual_base:
        return 0
    report(relpath, result, err)
    return 0 if result.clean else 1


def report(relpath: str, result: FileMerge, err: TextIO) -> None:
    for note in result.notes:
        print(f"learn: {relpath}: {note}", file=err)
    if result.clean:
        return
    if result.json_conflicts:
        print(f"learn: {relpath}: both sides changed {', '.join(result.json_conflicts)} differently; "
              "our values were kept.", file=err)
        print(f"  Keep them with `git add {relpath}`, or take theirs with `learn resolve --theirs {relpath}`.",
              file=err)
        return
    count = len(result.conflicts)
    print(f"learn: {relpath}: {count} lesson conflict{'s' if count != 1 else ''} to settle by hand "
          f"(everything else merged: {result.lessons} lesson{'s' if result.lessons != 1 else ''}).", file=err)
    for conflict in result.conflicts:
        for line in conflict_lines(conflict):
            print("  " + line, file=err)
    note = rebase_note(Path.cwd())
    if note:
        print("  " + note, file=err)
    first = result.conflicts[0].ids[0]
    if all(_opposite(conflict) for conflict in result.conflicts):
        # `--both` would be refused: the vet reads the two rules as opposites (review38 R38-7)
        print(f"  Finish with `learn resolve --ours` or `learn resolve --theirs` (one lesson: add --lesson {first}), "
              "then commit.", file=err)
        return
    print(f"  Finish with `learn resolve --ours` or `learn resolve --theirs`, or `--both` to keep both rules (one "
          f"lesson: add --lesson {first}), then commit.", file=err)


def _opposite(conflict: Any) -> bool:
    """Two rules from two sides that `learn resolve --both` would refuse to keep together (the vet reads them as
    saying opposite or the same things). Two choices for one job the vet lets stand beside each other can both be
    kept."""
    return conflict.kind == CONTRADICTING and cannot_both_stand(conflict.ours, conflict.theirs) is not None
