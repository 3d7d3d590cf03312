"""The set's counts for `learn show`, `learn status` and `learn doctor` (reads only, writes nothing).

In force: approved lessons delivery serves (quarantined and stale ones are held out). Stale: approved lessons held
out until a re-vet (the instruction files changed since they were vetted). Outside the cap:
lessons kept in ``outside-cap.json`` (could be neither folded nor traded; never delivered) and approved
lessons in force past ``learn.max_in_force`` (a store from before the cap; `learn tidy` drains it).
Graduated: lessons `learn tidy` moved into the instruction files' block (``graduated.json``). Retired:
``retired.json`` and the team's committed ``retired/<id>.json`` (a teammate's retirement arrives by git only
there), less any lesson that is approved again (retired here, kept by a teammate's side of a merge).
"""

from __future__ import annotations

import json
from typing import Any


def _count_json(path: Any, key: str) -> int:
    """How many entries the file holds."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    items = value.get(key) if isinstance(value, dict) else None
    return len(items) if isinstance(items, (list, dict)) else 0


UNREADABLE_OUTSIDE = ("outside-cap.json cannot be read, so the lessons waiting outside the cap are not counted: fix "
                      "it by hand (or restore it from a backup); the next curation that reaches the cap moves it aside "
                      "as outside-cap.json.malformed-<time>, where they stay")


def _unreadable(path: Any, key: str) -> int:
    """1 when the file exists but is not a JSON object with a ``key`` list, else 0."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return 0
    except (OSError, ValueError):
        return 1
    return 0 if isinstance(value, dict) and isinstance(value.get(key), list) else 1


def set_counts(store: Any, approved: list[dict], held_out: int | dict[str, str], max_in_force: int) -> dict[str, int]:
    """``held_out``: the approved lessons delivery holds out ({id: why}, "stale…" or "quarantined"), or their number.
    A stale lesson is counted as such (review14 R14-19: the line accounted for none of a stale set)."""
    from altimate_learn.curate.cap import OUTSIDE
    from altimate_learn.tidy.run import GRADUATED

    held = held_out if isinstance(held_out, dict) else {}
    count = len(held) if isinstance(held_out, dict) else held_out
    stale = sum(1 for why in held.values() if str(why).startswith("stale"))
    in_force = max(0, len(approved) - count)
    return {"in_force": in_force, "max_in_force": max_in_force, "stale": stale,
            "over_max_in_force": max(0, in_force - max_in_force),
            "outside_cap": _count_json(store.path(OUTSIDE), "items"),
            "outside_unreadable": _unreadable(store.path(OUTSIDE), "items"),
            "graduated": _count_json(store.path(GRADUATED), "lessons"),
            # a lesson retired here and kept (or brought back) by a teammate's merge is in force, not retired
            "retired": len(retired_ids(store) - {l["id"] for l in approved})}


def retired_ids(store: Any) -> set[str]:
    """The ids of the lessons retired in this clone (``retired.json``) and by the team: the committed records
    (``retired/<id>.json``) a teammate's retirement brings by git, which this clone's ``retired.json`` never holds."""
    from altimate_learn.team.retirements import folder, valid_id

    ids: set[str] = set()
    try:
        value = json.loads(store.path(store.RETIRED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        value = None
    if isinstance(value, list):
        ids.update(item["id"] for item in value if isinstance(item, dict) and isinstance(item.get("id"), str))
    try:
        names = [p.name for p in folder(store).iterdir() if p.name.endswith(".json")]
    except OSError:
        names = []
    ids.update(name[:-len(".json")] for name in names if valid_id(name[:-len(".json")]))
    return ids


def line(counts: dict[str, int]) -> str:
    """One line: ``12 in force (max_in_force 40), 1 outside the cap, 3 graduated, 5 retired``; with stale lessons
    ``8 in force (max_in_force 40), 4 stale (held out until re-vetted), …``; a set past the cap says so in its
    parenthesis (``204 in force (max_in_force 40, 164 over it)``): those lessons are in force and delivered, so they
    are not counted "outside the cap", where lessons wait undelivered (review41 R41-2)."""
    stale = counts.get("stale", 0)
    over = counts.get("over_max_in_force", 0)
    return (f"{counts['in_force']} in force (max_in_force {counts['max_in_force']}"
            + (f", {over} over it" if over else "") + "), "
            + (f"{stale} stale (held out until re-vetted), " if stale else "")
            + f"{counts['outside_cap']} outside the cap, {counts['graduated']} graduated, {counts['retired']} retired"
            + (f"; {UNREADABLE_OUTSIDE}" if counts.get("outside_unreadable") else ""))


def fixes(counts: dict[str, int]) -> list[str]:
    """What to do about lessons kept outside the cap (never delivered)."""
    if not counts["outside_cap"]:
        return []
    return [f"{counts['outside_cap']} kept outside learn.max_in_force={counts['max_in_force']} (could be neither folded "
            "nor traded; never delivered): fold the set down with `learn tidy`, or raise learn.max_in_force"]


def over_line(counts: dict[str, int]) -> str | None:
    """A set in force past ``learn.max_in_force`` (a store from before the cap, or grown by merges and a person's
    rules): delivered, but each session ranks more lessons than the cap means to keep; what to do about it."""
    over = counts.get("over_max_in_force", 0)
    if not over:
        return None
    return (f"{over} {'lesson' if over == 1 else 'lessons'} in force past learn.max_in_force={counts['max_in_force']} "
            f"(in force, delivered when relevant): `learn tidy` merges, graduates and drains {'it' if over == 1 else 'them'}; "
            f"{RAISE_OR_RETIRE}")


# what is left when tidying can go no further: a person's, pinned, repeated and young lessons are never drained
RAISE_OR_RETIRE = ("what tidy keeps (a person's, pinned, repeated or young lessons) stays until you retire what no "
                   "longer holds (`learn retire ID`; `learn show` lists the set) or raise learn.max_in_force "
                   "(ALTIMATE_LEARN_MAX_IN_FORCE, or \"learn\": {\"max_in_force\": N} in .altimate-code/altimate-code.json)")
