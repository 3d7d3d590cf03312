"""Resume state of the two imports: `bootstrap.json` and `reviews.json` in the store folder.

Both keep altimate-code's shape (`version: 1`; reviews under `repositories[host/owner/name]` with
`scope`, `seenIDs`, `pending`, `cursor`; bootstrap with `cursor`, `scope`, `pendingSessions`,
`sessions[id] = {messageIDs, partIDs}`), plus keys of our own that altimate-code ignores
(`finished` PR numbers). They hold ids and cursors only, never comment or session text.

Reading never writes: a preview (`--dry-run`) or a cancelled import must leave the store untouched,
so a malformed file is read as empty here and only moved aside by :func:`update`, under the lock,
just before a fresh file replaces it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from altimate_learn.errors import MalformedFileError
from altimate_learn.store import Store
from altimate_learn.store import fsio


def _fresh(filename: str) -> dict[str, Any]:
    if filename == Store.REVIEWS:
        return {"version": 1, "repositories": {}}
    return {"version": 1, "pendingSessions": [], "sessions": {}}


def _normal(filename: str, value: Any) -> dict[str, Any]:
    """``value`` with the expected containers in place (anything unusable is replaced, not trusted)."""
    state = value if isinstance(value, dict) else {}
    state["version"] = 1
    if filename == Store.REVIEWS:
        repos = state.get("repositories")
        state["repositories"] = {k: v for k, v in repos.items() if isinstance(v, dict)} if isinstance(repos, dict) else {}
        for entry in state["repositories"].values():
            for key in ("seenIDs", "pending", "finished"):
                if not isinstance(entry.get(key), list):
                    entry[key] = []
            if not isinstance(entry.get("scope"), str):
                entry["scope"] = ""
    else:
        if not isinstance(state.get("pendingSessions"), list):
            state["pendingSessions"] = []
        sessions = state.get("sessions")
        state["sessions"] = {k: v for k, v in sessions.items() if isinstance(v, dict)} if isinstance(sessions, dict) else {}
        for seen in state["sessions"].values():
            for key in ("messageIDs", "partIDs"):
                if not isinstance(seen.get(key), list):
                    seen[key] = []
    return state


def read(store: Store, filename: str) -> dict[str, Any]:
    """The state, or a fresh one when the file is missing or unreadable. Writes nothing."""
    try:
        value = fsio.read_json(store.path(filename), quarantine=False)
    except MalformedFileError:
        return _fresh(filename)
    if value is None:
        return _fresh(filename)
    return _normal(filename, value)


def update(store: Store, filename: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Read, change and write the state under the store lock (a malformed file is moved aside first)."""
    with store.lock():
        current = store.read_json_object(filename, quarantine=True)
        state = _normal(filename, current or _fresh(filename))
        change(state)
        store.write_json(filename, state)
        return state
