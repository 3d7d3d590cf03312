"""`learn rollback`: restore the approved set the last promote replaced.

Rollback changes what every later session is told, and it leaves the staged candidate behind (the
candidate was built on the set being rolled back). So it follows promote's confirmation policy: the
plan (which version comes back, which lessons return or leave, what happens to the candidate) is shown
first; outside a terminal it refuses without ``yes``; interactively the person confirms. The candidate is
never deleted: it is set aside as `candidate.json.rolled-back-<time>` beside the store's other files, and
the command says where.

Each promote archives the set it replaces, including the empty set before the first promote, so the
first promote can be undone too (the store goes back to an empty `approved.json`). The plan is computed
outside the lock; the rollback happens under it only if the newest version and the candidate still have
the bytes the plan was made from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError, MalformedFileError, SchemaError, StoreError
from altimate_learn.review.gate import _discard_reflection_state, _preflight, _reconcile_retired, _retire
from altimate_learn.review.model import read_lesson_file, sha256
from altimate_learn.schema import Lesson
from altimate_learn.store import Store, fsio

CANDIDATE_TAG = "rolled-back"


class RollbackRefused(LearnError):
    """Rollback stopped before changing anything; the message says why and what to do."""


@dataclass
class RollbackPlan:
    store: str
    version: int
    restored: list[Lesson]
    current: list[Lesson] | None           # None: approved.json cannot be read (it will be kept aside)
    candidate_sha256: str | None          # None: no staged candidate
    candidate_count: int | None = None    # None with a candidate: it cannot be read (it is still kept)
    version_sha256: str = ""
    arrived: list[str] = field(default_factory=list)  # ids approved.json gained after that promote (a pull): they stay

    @property
    def returning(self) -> list[Lesson]:
        ids = {lesson["id"] for lesson in self.current or []}
        return [lesson for lesson in self.restored if lesson["id"] not in ids]

    @property
    def leaving(self) -> list[Lesson]:
        ids = {lesson["id"] for lesson in self.restored}
        return [lesson for lesson in self.current or [] if lesson["id"] not in ids]


@dataclass
class RollbackResult:
    version: int
    restored: int
    discarded_candidate: bool            # the candidate is no longer staged (it was set aside, not deleted)
    added: list[str]
    removed: list[str]
    moved_aside: str | None = None       # an unreadable approved.json, kept
    candidate_kept_as: str | None = None
    done: bool = True
    plan: RollbackPlan | None = field(default=None, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {"version": self.version, "restored": self.restored, "discarded_candidate": self.discarded_candidate,
                "added": self.added, "removed": self.removed, "moved_aside": self.moved_aside,
                "candidate_kept_as": self.candidate_kept_as, "done": self.done}


def _no_versions(store: Store) -> StoreError:
    return StoreError(f"no archived version of '{store.name}' to roll back to.",
                      "Each `learn promote` archives the approved set it replaces, and each rollback uses one up.")


def plan_rollback(store: Store) -> RollbackPlan:
    """What a rollback of ``store`` would do now (reads only; an unreadable version stops here)."""
    versions = store.versions()
    if not versions:
        raise _no_versions(store)
    number = versions[-1]
    path = store.version_path(number)
    restored = store.read_version(number)
    try:
        current = read_lesson_file(store.path(Store.APPROVED)).lessons or []
    except (MalformedFileError, SchemaError):
        current = None
    candidate_sha = count = None
    candidate_path = store.path(Store.CANDIDATE)
    if candidate_path.is_file():
        raw = candidate_path.read_bytes()
        candidate_sha = sha256(raw)
        try:
            count = len(read_lesson_file(candidate_path).lessons or [])
        except StoreError:
            count = None
    arrived: list[str] = []
    if current is not None:
        restored, arrived = _undo_since(store, number, restored, current)
    return RollbackPlan(store.name, number, restored, current, candidate_sha, count, sha256(path.read_bytes()),
                        arrived)


def _undo_since(store: Store, number: int, before: list[Lesson], current: list[Lesson]) -> tuple[list[Lesson], list[str]]:
    """What undoing the promote that archived v``number`` leaves, when approved.json changed after it.

    versions/ is this machine's: after a `git pull` (or a checkout) the newest version predates the lessons the
    pull brought, and restoring it whole would remove them (review9 R9-9). When the promote recorded the bytes it
    wrote and approved.json no longer has them, only that promote's own changes are undone: the lessons it added
    leave, the ones it edited or removed come back as they were; everything else stays as it is now.
    Otherwise (unchanged since, or an entry from an older learn) the version is restored whole, as before."""
    entry = next((e for e in reversed(store.history()) if e.get("op") == "promote" and e.get("version") == number),
                 None)
    written = entry.get("approved_sha256") if entry is not None else None
    try:
        now = sha256(store.path(Store.APPROVED).read_bytes())
    except OSError:
        return before, []
    if not isinstance(written, str) or written == now:
        return before, []
    assert entry is not None
    ids = lambda key: {i for i in entry.get(key) or [] if isinstance(i, str)}  # noqa: E731
    added, edited, removed = ids("added"), ids("edited"), ids("removed")
    old = {lesson["id"]: lesson for lesson in before}
    out: list[Lesson] = []
    for lesson in current:
        if lesson["id"] in added:
            continue
        out.append(old[lesson["id"]] if lesson["id"] in edited and lesson["id"] in old else lesson)
    have = {lesson["id"] for lesson in out}
    out += [lesson for lesson in before if lesson["id"] in removed and lesson["id"] not in have]
    arrived = [lesson["id"] for lesson in current if lesson["id"] not in old and lesson["id"] not in added]
    return out, arrived


def rollback(store: Store, *, yes: bool = False, interactive: bool = False,
             confirm: Callable[[RollbackPlan], bool] | None = None,
             show: Callable[[RollbackPlan], None] | None = None) -> RollbackResult:
    """Roll ``store`` back to its newest archived version, after the confirmation policy above.

    ``show`` is called with the plan before any question; ``confirm`` asks the person. Returns
    ``done=False`` when they declined (nothing changed)."""
    plan = plan_rollback(store)
    if show is not None:
        show(plan)
    if not yes:
        if not interactive or confirm is None:
            staged = " and set the staged candidate aside" if plan.candidate_sha256 else ""
            raise RollbackRefused(
                f"refusing to roll back '{store.name}' without confirmation outside a terminal (it would restore "
                f"v{plan.version}{staged}); nothing changed.",
                "Run `learn rollback` in a terminal, or pass --yes.")
        if not confirm(plan):
            return RollbackResult(plan.version, len(plan.restored), False, [], [], done=False, plan=plan)
    return _commit(store, plan)


def _commit(store: Store, shown: RollbackPlan) -> RollbackResult:
    with store.lock():
        fresh = plan_rollback(store)
        if (fresh.version, fresh.version_sha256, fresh.candidate_sha256) != (
                shown.version, shown.version_sha256, shown.candidate_sha256):
            raise RollbackRefused(f"'{store.name}' changed since the rollback was shown (a promote, a rollback or a "
                                  "new candidate); nothing was rolled back.", "Run `learn rollback` again.")
        _preflight(store, Store.APPROVED, Store.CANDIDATE, Store.RETIRED, Store.CANDIDATE_RETIRED, Store.HISTORY,
                   Store.HARMFUL, Store.PENDING_REPLACEMENTS, versions=True)
        moved = None
        if fresh.current is None:
            # Rolling back is how one recovers from a broken approved.json: keep its bytes aside.
            moved = str(fsio.move_aside(store.path(Store.APPROVED)))
        current = fresh.current or []
        kept_as = _set_candidate_aside(store) if fresh.candidate_sha256 else None
        store.remove(Store.CANDIDATE_RETIRED)  # retirements staged on the set being left: no longer staged
        store.write_lessons(Store.APPROVED, fresh.restored)
        store.drop_version(fresh.version)
        _discard_reflection_state(store)
        # Lessons only the rolled-back set had stay findable with `learn search`.
        _retire(store, fresh.leaving, f"rolled back (approved set restored from v{fresh.version})")
        _reconcile_retired(store, {lesson["id"] for lesson in fresh.restored})
        from altimate_learn.team.retirements import sync

        sync(store, current, fresh.restored)
        added = [lesson["id"] for lesson in fresh.returning]
        removed = [lesson["id"] for lesson in fresh.leaving]
        kept_name = Path(kept_as).name if kept_as else None
        store.record_history("rollback", version=fresh.version, restored=len(fresh.restored),
                             discarded_candidate=kept_as is not None, candidate_kept_as=kept_name,
                             added=added, removed=removed, moved_aside=moved, previous=len(current))
        return RollbackResult(fresh.version, len(fresh.restored), kept_as is not None, added, removed, moved,
                              kept_as, plan=fresh)


def _set_candidate_aside(store: Store) -> str:
    """Rename `candidate.json` to a free `candidate.json.rolled-back-<time>`: kept, no longer staged."""
    path = store.path(Store.CANDIDATE)
    dest = fsio.unique_sibling(path, CANDIDATE_TAG)
    fsio.check_confined(dest, store.folder(Store.CANDIDATE))
    path.rename(dest)
    return str(dest)
