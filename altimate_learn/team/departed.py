"""Lessons that left the approved set through git: a teammate's retirement, seen from this clone.

`retired.json` (with the reason a person gave) is local state, as in altimate-code: only `approved.json` is
committed. So when Bob retires a lesson and pushes, Alice's clone only sees the lesson vanish from
`approved.json` with her next pull, and `learn search` could not find it (review13 R13-13). Its history can:
every commit that changed `approved.json` is read (newest first, at most :data:`DEPTH` of them) and a lesson its
first parent had that the commit does not is recorded as having left in that commit, with its author and date.
The reason itself is only in the retired.json of the clone that retired it; the record says so.

A lesson whose rule the commit still holds under another id was not retired: the merge driver keeps a rule two
teammates approved once, under the lower id (see ``files._fold_twins``), so the other id leaves in that merge or
rebase. Its record names the lesson kept (``supersededBy``) and ``merged`` is true; the curator leaves it out (the rule
is approved) and `learn search` lists it as merged into that lesson (trial22).

One `git log` and one `git cat-file --batch` per call; outside a repository, or when git fails, nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from altimate_learn import git
from altimate_learn.schema import Lesson
from altimate_learn.team.files import twin_key

DEPTH = 200  # commits of approved.json read: enough for a long-lived project's retirements, bounded


def departed_lessons(folder: Path, filename: str = "approved.json", depth: int = DEPTH) -> list[Lesson]:
    """Lessons that some commit removed from ``folder/filename`` (newest removal of each id), as they last
    were, each with a ``reason`` naming the commit, its author and date, and ``retired_in`` (the commit id).
    The caller leaves out the lessons that are approved again or known to its own retired.json."""
    prefix = git.text(folder, "rev-parse", "--show-prefix")
    if prefix is None:
        return []
    log = git.text(folder, "log", f"-n{depth}", "--format=%H%x09%P%x09%an%x09%aI", "--", filename)
    if not log:
        return []
    commits = []
    for line in log.splitlines():
        parts = line.split("\t")
        if len(parts) != 4:
            continue
        sha, parents, author, date = parts
        commits.append((sha, parents.split(), author, date))
    specs = list(dict.fromkeys(spec for sha, parents, _, _ in commits if parents
                               for spec in (f"{sha}:{prefix}{filename}", f"{parents[0]}:{prefix}{filename}")))
    sets = _lesson_sets(folder, specs)
    found: dict[str, tuple[bool, Lesson]] = {}  # id → (removed by a merge commit, record)
    for sha, parents, author, date in commits:  # newest first: the first removal seen is the latest
        if not parents:
            continue
        after = sets.get(f"{sha}:{prefix}{filename}")
        before = sets.get(f"{parents[0]}:{prefix}{filename}")
        if before is None or after is None:
            continue  # a version that is not a lesson list (conflict markers committed): nothing to compare
        merge = len(parents) > 1
        twins = {twin_key(kept): kept_id for kept_id, kept in after.items()}
        for lesson_id, lesson in before.items():
            if lesson_id in after:
                continue
            seen = found.get(lesson_id)
            if seen is not None and not (seen[0] and not merge):
                continue  # a later removal was recorded already (a merge only stands until its own commit is seen)
            who = f"{author}, {date[:10]}" if author else date[:10]
            twin = twins.get(twin_key(lesson))
            if twin is not None:  # the same rule stayed under another id: kept once, not retired
                record = {**lesson, "reason": f"the same rule as {twin}, kept once in commit {sha[:10]} ({who})",
                          "retired_in": sha, "supersededBy": twin, "merged": True}
            else:
                record = {**lesson, "reason": f"left the approved set in commit {sha[:10]} ({who}); why is recorded "
                                              "only in the retired.json of the clone that retired it",
                          "retired_in": sha}
                record.pop("supersededBy", None)
            tags = record.get("tags")
            record["tags"] = [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []
            found[lesson_id] = (merge, record)
    return [record for _, record in found.values()]


def _lesson_sets(folder: Path, specs: list[str]) -> dict[str, dict[str, Lesson]]:
    """``{spec: {id: lesson}}`` of the lesson lists git holds under each ``<commit>:<path>`` spec."""
    if not specs:
        return {}
    proc = git.run(folder, "cat-file", "--batch", input=("\n".join(specs) + "\n").encode("utf-8"))
    if proc is None or proc.returncode != 0:
        return {}
    out: dict[str, dict[str, Lesson]] = {}
    data = proc.stdout
    pos = 0
    for spec in specs:
        end = data.find(b"\n", pos)
        if end < 0:
            break
        header = data[pos:end].split()
        pos = end + 1
        if len(header) != 3 or header[1] != b"blob":
            continue  # "<spec> missing": the file did not exist in that commit
        size = int(header[2])
        body = data[pos:pos + size]
        pos += size + 1
        try:
            value = json.loads(body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        if isinstance(value, list):
            out[spec] = {item["id"]: item for item in value
                         if isinstance(item, dict) and isinstance(item.get("id"), str)
                         and isinstance(item.get("text"), str)}
    return out
