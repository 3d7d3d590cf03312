"""The learning reminder's state, shared with altimate-code: `$XDG_STATE_HOME/altimate-code/learn-nudge.json`.

altimate-code's TUI shows at most one tip per project and three in all, and `learn enable` / `learn nudge
off` silence it for good (`packages/opencode/src/altimate/learn/nudge-state.ts`). The file holds exactly::

    {"shownProjectHashes": ["<sha256 hex of a project id>", ...], "totalCount": 2, "dismissed": true}

(no message text, no raw paths). altimate-code refuses a file in any other shape, so learn writes only
this one, and keeps the hashes and count it finds. A write takes `learn-nudge.json.tmp` exclusively (it is
both the lock and the staging file, as in altimate-code: up to 25 tries 10 ms apart), writes, fsyncs and
renames it over the state. A state file that is not in this shape is kept as `learn-nudge.json.malformed-
<time>` before a fresh one is written (altimate-code would replace it).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.jsonsafe import loads_document

_HASH = re.compile(r"^[a-f0-9]{64}$")


def state_path(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_STATE_HOME") or str(Path(env.get("HOME") or Path.home()) / ".local" / "state")
    return Path(base) / "altimate-code" / "learn-nudge.json"


def empty() -> dict[str, Any]:
    return {"shownProjectHashes": [], "totalCount": 0, "dismissed": False}


def valid(value: Any) -> bool:
    """altimate-code's `readState` check."""
    if not isinstance(value, dict):
        return False
    hashes = value.get("shownProjectHashes")
    count = value.get("totalCount")
    return (isinstance(hashes, list) and all(isinstance(h, str) and _HASH.match(h) for h in hashes)
            and len(set(hashes)) == len(hashes)
            and isinstance(count, int) and not isinstance(count, bool) and count >= len(hashes)
            and isinstance(value.get("dismissed"), bool))


def read_state(path: Path | None = None) -> dict[str, Any] | None:
    """The state (empty when missing), or None when the file is not in altimate-code's shape."""
    path = path or state_path()
    try:
        value = loads_document(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return empty()
    except (ValueError, UnicodeDecodeError):
        return None
    if not valid(value):
        return None
    return {"shownProjectHashes": value["shownProjectHashes"], "totalCount": value["totalCount"],
            "dismissed": value["dismissed"]}


def dismiss(path: Path | None = None) -> Path:
    """Silence the reminder in every project (what `learn nudge off` and `learn enable` do)."""
    from altimate_learn.store.fsio import move_aside

    path = path or state_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = path.with_name(path.name + ".tmp")
    fd = None
    for _ in range(25):
        try:
            fd = os.open(staging, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            time.sleep(0.01)
    if fd is None:
        raise LearnError(f"{path} is busy: another process is writing it (or left {staging.name} behind).",
                         f"Run the command again; if it keeps failing, delete {staging}.")
    owned = True
    try:
        state = read_state(path)
        if state is None:
            move_aside(path)
            state = empty()
        state["dismissed"] = True
        os.write(fd, (json.dumps(state, indent=2) + "\n").encode("utf-8"))
        os.fsync(fd)
        os.close(fd)
        fd = None
        os.replace(staging, path)
        owned = False
    finally:
        if fd is not None:
            os.close(fd)
        if owned:
            try:
                os.unlink(staging)
            except FileNotFoundError:
                pass
    return path
