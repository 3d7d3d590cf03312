"""What the gates say about a store, for `learn show`, `learn status` and `learn doctor` (reads only).

Stale is computed exactly as delivery computes it (:func:`altimate_learn.gates.stamps.held_out` over the
approved lessons), so what these commands call stale is what the hooks hold out.
"""

from __future__ import annotations

from typing import Any

from altimate_learn.gates import quarantine, stamps
from altimate_learn.store import Store

LEGACY = "legacy"  # lessons learned in this clone before channels were recorded
# Lessons this clone has no vet record of while it has records of others: they came in through git (a
# teammate's approval, pulled or merged) or a hand edit; vetted.json is local, so they were vetted elsewhere.
TEAMMATES = "teammates"


def store_gates(store: Store) -> dict[str, Any]:
    """Quarantined entries, stale and never-vetted approved lessons (``teammates``: those of them that came from
    elsewhere, see :data:`TEAMMATES`), and approved lessons by channel."""
    try:
        approved = store.approved()
    except Exception:  # an unreadable approved.json is reported by the commands that read it
        approved = []
    items = quarantine.read(store, writing=False) if store.path(stamps.QUARANTINE).exists() else []
    stamped = stamps.read_stamps(str(store.local_dir))
    held: dict[str, str] = {}
    current = None
    if stamped or items:
        from altimate_learn.instructions.files import current_hash

        learn_dir = str(store.project.learn_dir)
        current = current_hash(str(store.project.root), learn_dir)
        held = stamps.held_out(str(store.project.root), learn_dir,
                               {store.name: [(lesson["id"], lesson["text"]) for lesson in approved]}).get(store.name, {})
    stale = [lesson for lesson in approved if held.get(lesson["id"], "").startswith("stale")]
    unvetted = [lesson["id"] for lesson in approved
                if stamps.state(stamped.get(lesson["id"]), lesson["text"], current) == "unvetted"]
    here = learned_here(store) if any(not (stamped.get(lesson["id"]) or {}).get("channel")
                                      for lesson in approved) else set()
    teammates = [lesson["id"] for lesson in approved
                 if lesson["id"] not in stamped and (stamped or lesson["id"] not in here)]
    channels: dict[str, int] = {}
    for lesson in approved:
        channel = _channel(lesson["id"], stamped, here)
        channels[channel] = channels.get(channel, 0) + 1
    return {"quarantined": items, "stale": stale, "unvetted": unvetted, "teammates": teammates,
            "by_channel": dict(sorted(channels.items())), "held_out": held, "instructions_hash": current,
            "quarantine_unreadable": quarantine.problem(store)}


def learned_here(store: Store) -> set[str]:
    """The lesson ids this clone's own history (local, never committed) records it adding or promoting: a lesson
    not among them came through git, a teammate's (review28 R28-4: a fresh clone called them "legacy")."""
    ids: set[str] = set()
    try:
        history = store.history()
    except Exception:  # an unreadable history is reported by the commands that read it
        return ids
    for entry in history:
        for item in entry.get("applied") or []:
            if isinstance(item, dict) and item.get("op") in ("ADD", "EDIT") and isinstance(item.get("id"), str):
                ids.add(item["id"])
        ids.update(i for i in entry.get("added") or [] if isinstance(i, str))
    return ids


def _channel(lesson_id: str, stamped: dict[str, Any], here: set[str]) -> str:
    """How a lesson was learned, as this clone knows it: its stamp's channel; a lesson learned elsewhere (no stamp
    while others have one, or none in this clone's history) is a teammate's, vetted here when stamped; ``legacy``
    only for this clone's own lessons from before channels were recorded."""
    stamp = stamped.get(lesson_id)
    if stamp and stamp.get("channel"):
        return str(stamp["channel"])
    if stamp is None:
        return TEAMMATES if stamped or lesson_id not in here else LEGACY
    return LEGACY if lesson_id in here else stamps.TEAMMATES_VETTED


def stale_line(count: int) -> str:
    from altimate_learn.english import plural

    return (f"{plural(count, 'lesson')} {'is' if count == 1 else 'are'} stale: the instruction files changed since "
            f"{'it was' if count == 1 else 'they were'} vetted. Held out of delivery until re-vetted (the hooks' "
            "next capture or session start does it in the background): run `learn vet` to do it now.")


def stale_by_store(project: Any) -> dict[str, int]:
    """``{store: approved lessons held out as stale}`` for every store of the project that has any (what
    delivery holds out: :func:`store_gates`)."""
    out: dict[str, int] = {}
    for name in project.store_names():
        try:
            store = Store(project, name)
            count = len(store_gates(store)["stale"])
        except Exception:  # noqa: BLE001 - a store that cannot be read is reported by the commands that read it
            continue
        if count:
            out[name] = count
    return out


def held_stale_note(project: Any) -> tuple[int, str | None]:
    """(how many approved lessons are held out as stale, the sentence that says so and what to run), or
    (0, None)."""
    from altimate_learn.english import plural

    stale = stale_by_store(project)
    total = sum(stale.values())
    if not total:
        return 0, None
    where = f" (store{'s' if len(stale) != 1 else ''} {', '.join(stale)})" if set(stale) != {"team-playbook"} else ""
    return total, (f"{plural(total, 'approved lesson')} {'is' if total == 1 else 'are'} held out as stale{where}: the "
                   f"instruction files changed since {'it was' if total == 1 else 'they were'} vetted; run `learn "
                   "vet` (the hooks' next capture re-vets them too)")
