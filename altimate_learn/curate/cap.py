"""The cap: a set small enough that every lesson in force has been weighed against every other (spec 000,
"An agent keeps 15 rules, not 15 of many").

``learn.max_in_force`` (default 40: spec 003's ``session_max_lessons``, so every lesson in force can reach
a session) bounds the lessons in force — the candidate / approved set. The curator enforces it when it
writes: when a pass adds lessons (ADDs that replace nothing) to a full set, each new lesson must be paid
for, in order:

1. **Fold.** With a model, the reflector saw every lesson with its id and was told the set is full: its
   answer is an ADD that ``supersedes`` the lesson it folds (the curator retires it; the set does not grow).
   Offline (or when the model did not fold), the deterministic overlap the curator uses decides: a lesson
   in force that shares a backtick identifier with the new one, is declared ``coexists`` with it, or shares
   much of its wording, and that the new text *carries* (:func:`altimate_learn.curate.meaning.carries`:
   its identifiers, numbers, exceptions and most words), is retired with ``supersededBy`` the new one.
2. **Trade.** The weakest model-authored lesson is retired (``traded``), only when the new lesson is worth
   more: the victim has proved nothing (helpful − harmful ≤ 0, never repeated) and has had
   :data:`GRACE_DAYS` days to prove itself, or it is more harmful than helpful. Never traded: a lesson a
   person wrote (``remember``), one from a person's correction, review comment or feedback (channels
   ``correction``, ``review``, ``feedback``), a pinned lesson, a repeated one (helpful > 0).
3. **Wait outside the cap.** Otherwise the new lesson is kept, never dropped, in ``outside-cap.json`` (a
   sidecar altimate-code ignores) with the reason; it is never delivered, and the result says so with the
   command that fixes it (``learn tidy``). When the set has room again (a tidy merged or graduated lessons,
   a lesson was removed), waiting lessons enter it at the next curation, people's first, oldest first,
   unless they now overlap a lesson in force.

Only growth is paid for: a store that was already over the cap (written before it existed) keeps its
lessons until ``learn tidy`` drains it; it just cannot grow.
"""

from __future__ import annotations

import heapq
import itertools
import operator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from altimate_learn.curate.meaning import carries

_ID = operator.itemgetter("id")
_HELPFUL = operator.methodcaller("get", "helpful", 0)
_HARMFUL = operator.methodcaller("get", "harmful", 0)
_CREATED = operator.methodcaller("get", "created", "")

OUTSIDE = "outside-cap.json"
GRACE_DAYS = 14
FOLD_WORDS = 0.3          # word overlap that makes a lesson a fold candidate without a shared identifier
PERSON_CHANNELS = frozenset({"remember"})
COMMENT_CHANNELS = frozenset({"correction", "review", "feedback"})
FIX = "learn tidy"


def authority(channel: str | None, author: str | None = None) -> int:
    """3: a person wrote it; 2: a person's correction or comment, worded by a model; 1: model-authored."""
    if author == "person" or channel in PERSON_CHANNELS:
        return 3
    if channel in COMMENT_CHANNELS:
        return 2
    return 1


def protection(lesson: dict, channel: str | None) -> str | None:
    """Why ``lesson`` can never be traded away (None: it can, if it is weak enough)."""
    if lesson.get("pinned"):
        return "pinned"
    if int(lesson.get("helpful", 0)) > 0:
        return "repeated"
    level = authority(channel)
    if level == 3:
        return "a person wrote it"
    if level == 2:
        return f"a person's {channel}"
    return None


def age_days(lesson: dict, now: str) -> float:
    try:
        created = datetime.fromisoformat(str(lesson.get("created", "")).replace("Z", "+00:00"))
        current = datetime.fromisoformat(now.replace("Z", "+00:00"))
    except ValueError:
        return 0.0
    if created.tzinfo is None:
        created = created.replace(tzinfo=timezone.utc)
    if current.tzinfo is None:
        current = current.replace(tzinfo=timezone.utc)
    return (current - created).total_seconds() / 86400


def tradeable(lesson: dict, channel: str | None, now: str) -> bool:
    if protection(lesson, channel) is not None:
        return False
    net = int(lesson.get("helpful", 0)) - int(lesson.get("harmful", 0))
    return net < 0 or (net <= 0 and age_days(lesson, now) >= GRACE_DAYS)


# --- the sidecar -------------------------------------------------------------------------------------------

def read_outside(store: Any, *, writing: bool = True) -> list[dict]:
    """Lessons waiting outside the cap (an unparseable file is moved aside by a writer, read as empty)."""
    from altimate_learn.errors import LearnError

    try:
        value = store.read_json_object(OUTSIDE, quarantine=writing)
    except LearnError:
        return []
    items = value.get("items")
    if not isinstance(items, list):
        return []
    return [i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)
            and isinstance(i.get("lesson"), dict) and isinstance(i["lesson"].get("text"), str)]


def write_outside(store: Any, items: list[dict]) -> None:
    if not items:
        store.remove(OUTSIDE)
        return
    store.write_json(OUTSIDE, {"items": items})


# --- enforcing ---------------------------------------------------------------------------------------------

@dataclass
class CapOutcome:
    limit: int
    folded: list[dict] = field(default_factory=list)    # {"id": new, "replaces": old}
    traded: list[dict] = field(default_factory=list)    # {"id": new, "retired": old}
    waiting: list[dict] = field(default_factory=list)   # outside-cap entries added now
    entered: list[str] = field(default_factory=list)    # waiting lessons that entered the set
    outside: list[dict] = field(default_factory=list)   # every entry of outside-cap.json after this pass
    changed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"max_in_force": self.limit, "folded": self.folded, "traded": self.traded,
                "waiting": [{"id": w["id"], "text": w["lesson"]["text"], "reason": w["reason"]} for w in self.waiting],
                "entered": self.entered, "outside_cap": len(self.outside)}

    def lines(self) -> list[str]:
        """What a person should read after the curation (empty when the cap did nothing visible)."""
        from altimate_learn.english import plural

        out = []
        for fold in self.folded:
            out.append(f"FOLDED {fold['replaces']} into {fold['id']} (the set is full: max_in_force={self.limit})")
        for trade in self.traded:
            out.append(f"TRADED {trade['retired']} away for {trade['id']} (the weakest model-authored lesson; "
                       f"max_in_force={self.limit})")
        if self.waiting:
            count = len(self.outside)
            out.append(f"{plural(count, 'lesson')} {'sits' if count == 1 else 'sit'} outside the "
                       f"{self.limit}-lesson limit and {'does' if count == 1 else 'do'} NOT reach the agent: "
                       "nothing could be folded into a lesson in force, and no model-authored lesson was left to "
                       f"trade away. Fold the set down: `{FIX}`")
        return out


def _channel(stamps: dict, new_stamps: dict, lesson_id: str) -> str | None:
    stamp = new_stamps.get(lesson_id) or stamps.get(lesson_id) or {}
    return stamp.get("channel") if isinstance(stamp, dict) else None


def enforce(store: Any, work: Any, limit: int, *, author: str, channel: str | None, now: str) -> CapOutcome:
    """Pay for this pass's growth (fold, trade, wait) and let waiting lessons in when there is room.

    ``work`` is the curator's in-memory pass; nothing is written here except through the returned outcome
    (``outside``), which the curator writes under its lock."""
    from altimate_learn.curate.anchors import identifiers as anchor_ids
    from altimate_learn.curate.curator import word_set
    from altimate_learn.redact import redact

    screen = work.screen
    stamps = getattr(screen, "stamps", {}) or {}
    new_stamps = getattr(screen, "new_stamps", {}) or {}
    before = read_outside(store)
    outcome = CapOutcome(limit, outside=list(before))
    new_ids = [a["id"] for a in work.applied
               if a["op"] == "ADD" and not a.get("supersedes") and a["id"] in work.by_id]
    fresh = set(new_ids)
    excess = len(work.lessons) - limit
    weakest: list[tuple] | None = None  # trade candidates, a heap of (net, created, place, lesson), made on the first trade
    for new_id in reversed(new_ids):
        if excess <= 0:
            break
        new = work.by_id[new_id]
        # 1. fold: a lesson in force the new one overlaps and carries
        overlap = set(work.index.overlapping(anchor_ids(new["text"]))) | set(new.get("coexists") or [])
        overlap.update(lid for lid in work.words.similar(word_set(new["text"]), FOLD_WORDS) if lid not in fresh)
        folded = None
        # The first lesson in set order that overlaps and can carry the new one (the overlap found in C; no
        # overlap, nothing to look for: most new lessons, and a pass over 10,000 lessons saved).
        for lesson in itertools.compress(work.lessons, map(overlap.__contains__, map(_ID, work.lessons))) \
                if overlap else ():
            lid = lesson["id"]
            if lid not in fresh and not lesson.get("pinned") and carries(new["text"], lesson["text"]):
                folded = lesson
                break
        if folded is not None:
            at = work.position(folded["id"])
            work.retire(folded, f"folded into {new_id}: the set is full (max_in_force={limit})", superseded_by=new_id)
            work.record("REMOVE", folded["id"], f"folded into {new_id}", note="folded", text=folded["text"])
            del work.lessons[work.position(new_id)]
            work.lessons.insert(min(at, len(work.lessons)), new)
            outcome.folded.append({"id": new_id, "replaces": folded["id"]})
            excess -= 1
            continue
        # 2. trade: the weakest model-authored lesson, only if the new one is worth more. In order of weakness
        # (net score, age, place in the set), the first that may be traded; a lesson pinned or marked helpful
        # never may, so those are not even ordered. Retiring lessons keeps that order, so it is made once.
        if weakest is None:  # (keys and order found in C; lessons learn validated hold ints and ISO strings)
            lessons = work.lessons
            unmarked = list(map(operator.le, map(_HELPFUL, lessons), itertools.repeat(0)))
            # Only the unmarked lessons are keyed (each by its place in the set, a unique number that keeps
            # the set's order among equals).
            candidates = list(itertools.compress(lessons, unmarked))
            keyed = zip(map(operator.sub, map(_HELPFUL, candidates), map(_HARMFUL, candidates)),
                        map(_CREATED, candidates), itertools.compress(itertools.count(), unmarked), candidates)
            # a heap, not a sort: a trade looks at the first few of 10,000 (popped in the sorted order: the
            # place is unique, so two lessons are never compared)
            weakest = list(keyed)
            heapq.heapify(weakest)
        victim = None
        while weakest and victim is None:
            lesson = heapq.heappop(weakest)[3]
            if lesson["id"] in fresh or lesson.get("pinned"):
                continue  # never traded (left in the order, skipped here)
            if lesson["id"] in work.by_id and tradeable(lesson, _channel(stamps, new_stamps, lesson["id"]), now):
                victim = lesson
        if victim is not None:
            work.retire(victim, f"traded: the set is full (max_in_force={limit}); {new_id} is worth more")
            work.harmful_from.pop(victim["id"], None)
            work.record("REMOVE", victim["id"], f"traded for {new_id} (max_in_force={limit})", note="traded",
                        text=victim["text"])
            outcome.traded.append({"id": new_id, "retired": victim["id"]})
            excess -= 1
            continue
        # 3. wait outside the cap: kept, never delivered, reported
        work.drop(new)
        reason = (f"the set is full (max_in_force={limit}): it could not be folded into a lesson in force and no "
                  "model-authored lesson was left to trade away")
        entry = {"id": new_id, "lesson": dict(new, text=redact(new["text"])), "reason": reason,
                 "author": author, "channel": channel, "at": now}
        for applied in work.applied:
            if applied["op"] == "ADD" and applied["id"] == new_id:
                applied["note"] = (applied.get("note", "") + "; outside the cap").strip("; ")
        work.record("WAIT", new_id, reason, text=new["text"], note="outside cap")
        outcome.waiting.append(entry)
        outcome.outside.append(entry)
        excess -= 1
    # Room again: waiting lessons enter, people's first, then the oldest, unless they now overlap or repeat.
    if len(work.lessons) < limit and outcome.outside:
        waiting = sorted((e for e in outcome.outside if e not in outcome.waiting),
                         key=lambda e: (-authority(e.get("channel"), e.get("author")), str(e.get("at", ""))))
        for entry in waiting:
            if len(work.lessons) >= limit:
                break
            lesson = entry["lesson"]
            if lesson["id"] in work.by_id or _blocked(work, lesson):
                continue
            work.insert(dict(lesson))
            work.record("ADD", lesson["id"], "entered the set: there was room under max_in_force", note="from outside cap",
                        text=lesson["text"])
            outcome.outside.remove(entry)
            outcome.entered.append(lesson["id"])
    outcome.changed = outcome.outside != before
    return outcome


def _blocked(work: Any, lesson: dict) -> bool:
    """A waiting lesson that would now restate or silently overlap a lesson in force stays outside."""
    from altimate_learn.curate.anchors import identifiers as anchor_ids
    from altimate_learn.curate.curator import DEDUPE_THRESHOLD, word_set
    from altimate_learn.curate.polarity import polar_spans

    declared = set(lesson.get("coexists") or [])
    if any(lid not in declared for lid in work.index.overlapping(anchor_ids(lesson["text"]),
                                                                 polar=polar_spans(lesson["text"]))):
        return True
    return bool(work.words.similar(word_set(lesson["text"]), DEDUPE_THRESHOLD))
