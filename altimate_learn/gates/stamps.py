"""Instruction stamps and staleness: `vetted.json` beside a store's lessons.

Each lesson that passed the vet records the hash of the instruction files it was vetted against (``ih``,
see :mod:`altimate_learn.instructions.files`), a hash of the text that was vetted (``th``: a lesson edited
since counts as never vetted), who vetted it (``by``: ``offline`` or a model) and its channel (how it was
learned: correction, tool_retry, review, remember, learner, tool-errors, …)::

    {"lessons": {"L-1a2b3c4d": {"ih": "9c4d2ba17e08f00d", "th": "5e1f…", "by": "offline",
                                "channel": "remember", "at": "2026-…"}}}

A lesson is **stale** when its ``ih`` differs from the hash of the instruction files now: it is held out of
delivery until a re-vet (the next reflection, `learn vet`, `learn quarantine release`) re-stamps or
quarantines it. A lesson with no stamp, or whose text changed, is **unvetted**: still delivered (stores
from before the vet keep working) until a re-vet backfills it. Tool-errors records are verified in code
and never stale.

Reading is standard library only: delivery calls :func:`held_out` when it prepares its index.
"""

from __future__ import annotations

import hashlib
import os

VETTED = "vetted.json"
QUARANTINE = "quarantine.json"
UNVETTED_CHANNELS = frozenset({"tool-errors"})  # verified in code: no vet, no staleness
# the channel a re-vet records for a lesson this clone never stamped while it stamped others: it came through git
# (a teammate's approval), and how it was learned is recorded in the clone that learned it
TEAMMATES_VETTED = "teammates-vetted"


def text_hash(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode("utf-8", "surrogateescape")).hexdigest()[:12]


def _read(path: str) -> dict:
    from altimate_learn.deliver import fastjson

    try:
        with open(path, encoding="utf-8") as handle:
            value = fastjson.loads(handle.read())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return value if isinstance(value, dict) else {}


def read_stamps(store_dir: str) -> dict[str, dict]:
    """The stamps (an unreadable file reads as none; writers go through :func:`stamps_for_writing`)."""
    lessons = _read(os.path.join(store_dir, VETTED)).get("lessons")
    if not isinstance(lessons, dict):
        return {}
    return {k: v for k, v in lessons.items() if isinstance(k, str) and isinstance(v, dict)}


def quarantined_ids(store_dir: str) -> set[str]:
    return _quarantine(store_dir)[0]


def _quarantine(store_dir: str) -> tuple[set[str], bool]:
    """(the quarantined ids, whether `quarantine.json` is there but holds no readable list of items: a broken
    hand edit, a crash; then which lessons it set aside is not known)."""
    path = os.path.join(store_dir, QUARANTINE)
    items = _read(path).get("items")
    if not isinstance(items, list):
        return set(), os.path.exists(path)
    return {item["id"] for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)}, False


UNREADABLE_QUARANTINE = ("quarantine.json cannot be read, so it is not known whether the vet set it aside: held "
                         "out while it cannot be read (`learn quarantine list` says why)")


def state(stamp: dict | None, text: str, current: str | None) -> str:
    """``fresh``, ``stale``, ``unvetted`` or ``exempt`` for one lesson."""
    if isinstance(stamp, dict) and stamp.get("channel") in UNVETTED_CHANNELS:
        return "exempt"
    if not isinstance(stamp, dict) or not isinstance(stamp.get("ih"), str):
        return "unvetted"
    if stamp.get("th") != text_hash(text):
        return "unvetted"
    if current is not None and stamp["ih"] != current:
        return "stale"
    return "fresh"


def has_sidecars(store_dir: str) -> bool:
    return os.path.exists(os.path.join(store_dir, VETTED)) or os.path.exists(os.path.join(store_dir, QUARANTINE))


def held_out(root: str, learn_dir: str, store_lessons: dict[str, list[tuple[str, str]]]) -> dict[str, dict[str, str]]:
    """``{store: {lesson id: why}}`` for lessons delivery must not serve: quarantined, or stale.

    ``store_lessons`` maps each store to its lessons' (id, text). The instruction files are hashed only
    when some store has stamps.
    """
    from altimate_learn.worktree import local_learn_dir

    out: dict[str, dict[str, str]] = {}
    current: str | None = None
    local = local_learn_dir(learn_dir)  # the sidecars are local state: the repository's folder
    for store, lessons in store_lessons.items():
        store_dir = os.path.join(local, store)
        if not has_sidecars(store_dir):
            continue
        held: dict[str, str] = {}
        # a quarantined lesson has no stamp: while the quarantine cannot be read (``blind``), an unstamped lesson
        # may be one the vet set aside, so it is not served (review14 R14-35: delivery served them all, silently)
        quarantined, blind = _quarantine(store_dir)
        stamps = read_stamps(store_dir)
        if stamps and current is None:
            from altimate_learn.instructions.files import current_hash

            current = current_hash(root, learn_dir)
        for lesson_id, text in lessons:
            if lesson_id in quarantined:
                held[lesson_id] = "quarantined"
            elif stamps and state(stamps.get(lesson_id), text, current) == "stale":
                held[lesson_id] = "stale: the instruction files changed since it was vetted"
            elif blind and state(stamps.get(lesson_id), text, current) == "unvetted":
                held[lesson_id] = UNREADABLE_QUARANTINE
        if held:
            out[store] = held
    return out


def stamps_for_writing(store) -> dict[str, dict]:  # noqa: ANN001 - a Store; not imported on the hook path
    """The stamps, read by a command about to rewrite them: a malformed `vetted.json` is moved aside first."""
    lessons = store.read_json_object(VETTED).get("lessons")
    if not isinstance(lessons, dict):
        return {}
    return {k: v for k, v in lessons.items() if isinstance(k, str) and isinstance(v, dict)}
