"""One tidy is one undo: snapshots of every file a tidy changes, restored byte for byte.

Before a tidy writes anything it saves a snapshot in the store's state (``state/tidy/<n>.json``): for each
file it is about to write, the bytes before (or that it did not exist) and the SHA-256 of the bytes it will
write. The files are then written one by one. `learn undo` restores the latest snapshot not yet undone:

- every file must still hold what the tidy wrote, or what it held before (a tidy that crashed half way
  through left some files unwritten); otherwise undo refuses, naming the file, and restores nothing
  (someone changed it since: restoring would lose that edit);
- then every file gets its old bytes back (a file the tidy created is removed), and the snapshot is marked
  undone (kept: it is the record of what the tidy did).

The last :data:`KEEP` snapshots are kept; older ones are removed.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError

KEEP = 20
FOLDER = ("state", "tidy")


def _sha(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def folder(store: Any) -> Path:
    return Path(store.dir).joinpath(*FOLDER)


def _numbers(where: Path) -> list[int]:
    try:
        names = os.listdir(where)
    except FileNotFoundError:
        return []
    return sorted(int(n[:-5]) for n in names if n.endswith(".json") and n[:-5].isdigit())


@dataclass
class Change:
    path: Path           # the file (absolute)
    after: bytes | None  # what the tidy writes (None: the file is removed; tidy never removes one today)


def save(store: Any, root: Path, changes: list[Change], *, before: dict[Path, bytes | None],
         summary: dict[str, Any], at: str) -> int:
    """Write the snapshot for ``changes`` (``before``: the bytes each file held when the tidy planned)."""
    from altimate_learn.store.fsio import atomic_write

    where = folder(store)
    where.mkdir(parents=True, exist_ok=True)
    numbers = _numbers(where)
    number = (numbers[-1] + 1) if numbers else 1
    files = []
    for change in changes:
        old = before.get(change.path)
        files.append({"path": os.path.relpath(change.path, root),
                      "before": None if old is None else base64.b64encode(old).decode("ascii"),
                      "before_sha": _sha(old), "after_sha": _sha(change.after)})
    record = {"at": at, "undone": False, "summary": summary, "files": files}
    atomic_write(where / f"{number}.json", json.dumps(record, indent=1) + "\n")
    for old_number in _numbers(where)[:-KEEP]:
        try:
            (where / f"{old_number}.json").unlink()
        except FileNotFoundError:
            pass
    return number


def latest(store: Any) -> tuple[int, dict] | None:
    """The newest snapshot not undone yet (number, record), or None."""
    where = folder(store)
    for number in reversed(_numbers(where)):
        try:
            record = json.loads((where / f"{number}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise LearnError(f"{where / f'{number}.json'} cannot be read; undo needs it.",
                             "Restore the files by hand from git, or remove that snapshot file.") from None
        if isinstance(record, dict) and not record.get("undone"):
            return number, record
    return None


def nothing_to_undo() -> LearnError:
    return LearnError("nothing to undo: no tidy since the last undo.", "Run `learn tidy` first.")


def undo(store: Any, root: Path) -> dict[str, Any]:
    """Restore the latest tidy (see the module docstring). Call under the store lock."""
    from altimate_learn.store.fsio import atomic_write

    found = latest(store)
    if found is None:
        raise nothing_to_undo()
    number, record = found
    files = record.get("files") if isinstance(record.get("files"), list) else []
    plan: list[tuple[Path, bytes | None]] = []
    for item in files:
        path = (root / str(item.get("path", ""))).resolve()
        if root.resolve() not in path.parents:
            raise LearnError(f"snapshot {number} names a file outside the project ({item.get('path')}).",
                             "Restore the files by hand from git.")
        before = None if item.get("before") is None else base64.b64decode(item["before"])
        now = _sha(_read(path))
        if now not in (item.get("after_sha"), item.get("before_sha")):
            raise LearnError(f"{item['path']} changed since the tidy of {record.get('at')}; undo would lose that "
                             "edit. Nothing was restored.",
                             "Undo by hand (the snapshot is in " f"{folder(store) / f'{number}.json'}), or keep the tidy.")
        plan.append((path, before))
    restored = []
    for path, before in plan:
        current = _read(path)
        if current == before:
            continue
        if before is None:
            path.unlink()
        else:
            try:
                mode = path.stat().st_mode & 0o777
            except FileNotFoundError:
                mode = 0o644
            atomic_write(path, before, mode=mode)
        restored.append(os.path.relpath(path, root))
    record["undone"] = True
    atomic_write(folder(store) / f"{number}.json", json.dumps(record, indent=1) + "\n")
    return {"snapshot": number, "tidy_at": record.get("at"), "restored": restored}
