"""`learn search`: approved and retired lessons where every word appears in the id, text or tags.

Retired means this clone's retired.json, the retirements committed beside approved.json (a teammate's, with
their reason: :mod:`altimate_learn.team.retirements`), and lessons that left approved.json in a commit without
such a record (:mod:`altimate_learn.team.departed`), whose ``retired_in`` names that commit."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.review.model import read_lesson_file
from altimate_learn.schema import Lesson
from altimate_learn.store import Store

_ID_LIKE = re.compile(r"^l-[0-9a-z]{1,64}$", re.IGNORECASE)


MIN_PREFIX_HEX = 2  # `L-3f` is the shortest prefix taken for an id (an id has at least 4 hex digits)


def resolve_id(query: str, ids: list[str]) -> str | None:
    """The lesson id ``query`` names: itself, or the one id it is a unique prefix of.

    Case does not matter and `L-` may be left out (`3f2a` is `L-3f2a…`). A prefix that fits several ids
    is an error listing them; one that fits none returns ``None`` (the caller says what it looked in).
    """
    wanted = query.strip()
    pool = list(dict.fromkeys(ids))
    if wanted in pool:
        return wanted
    prefix = wanted.lower()
    if not prefix.startswith("l-"):
        prefix = "l-" + prefix
    if len(prefix) < 2 + MIN_PREFIX_HEX:
        return None
    matches = sorted(i for i in pool if i.lower().startswith(prefix))
    if len(matches) > 1:
        shown = ", ".join(matches[:10]) + (f" and {len(matches) - 10} more" if len(matches) > 10 else "")
        raise LearnError(f"lesson id prefix '{wanted}' matches {len(matches)} lessons: {shown}.",
                         "Give more of the id.")
    return matches[0] if matches else None


def closest_ids(query: str, ids: list[str], limit: int = 5) -> list[str]:
    """Ids most similar to ``query`` (a mistyped or truncated id), best first."""
    from rapidfuzz import fuzz, process

    if not ids:
        return []
    wanted = query.strip().lower()
    found = process.extract(wanted, sorted(set(ids)), scorer=fuzz.ratio, limit=limit, score_cutoff=60)
    # Ties broken by id so the output is stable.
    return [choice for choice, _score, _ in sorted(found, key=lambda m: (-m[1], m[0]))]


@dataclass
class SearchResult:
    words: list[str]
    matches: list[tuple[str, Lesson]] = field(default_factory=list)  # (state, lesson)
    closest: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # shared retirement records that cannot be read

    def as_dict(self) -> dict[str, Any]:
        return {
            "query": self.words,
            "matches": [{"state": state, "id": lesson["id"], "text": lesson["text"], "tags": lesson["tags"],
                         "pinned": bool(lesson.get("pinned", False)),
                         "paths": (lesson.get("trigger") or {}).get("paths", []),
                         "reason": lesson.get("reason"), "supersededBy": lesson.get("supersededBy"),
                         "retired_in": lesson.get("retired_in")}
                        for state, lesson in self.matches],
            "closest": self.closest,
            "unreadable": self.unreadable,
        }


def search(store: Store, words: list[str]) -> SearchResult:
    """Every lesson (approved first, then retired) whose id, text or tags contain every word, any case."""
    shown = [t for w in words for t in w.split()]
    tokens = [t.lower() for t in shown]
    if not tokens:
        raise LearnError("search needs at least one word.", "Example: `learn search cents staging`.")
    approved = read_lesson_file(store.path(Store.APPROVED)).lessons or []
    retired = read_lesson_file(store.path(Store.RETIRED), retired=True).lessons or []
    live = {lesson["id"] for lesson in approved}
    pool = [("approved", lesson) for lesson in approved]
    pool += [("retired", lesson) for lesson in retired if lesson["id"] not in live]
    # a teammate's retirement: its committed record (with the reason), else a lesson gone from approved.json's
    # git history (retired before records were committed, or by a tool that writes none)
    from altimate_learn.team.departed import departed_lessons
    from altimate_learn.team.retirements import team_retired

    known = live | {lesson["id"] for lesson in retired}
    unreadable: list[Path] = []
    shared = [lesson for lesson in team_retired(store, live, unreadable) if lesson["id"] not in known]
    pool += [("retired", lesson) for lesson in shared]
    known |= {lesson["id"] for lesson in shared}
    pool += [("merged" if lesson.get("merged") else "retired", lesson) for lesson in departed_lessons(store.dir)
             if lesson["id"] not in known]
    result = SearchResult(shown, unreadable=[str(path) for path in unreadable])
    for state, lesson in pool:
        hay = " ".join([lesson["id"], lesson["text"], *lesson["tags"]]).lower()
        if all(token in hay for token in tokens):
            result.matches.append((state, lesson))
    if not result.matches and len(tokens) == 1 and _ID_LIKE.match(tokens[0]):
        result.closest = closest_ids(tokens[0], [lesson["id"] for _, lesson in pool])
    return result
