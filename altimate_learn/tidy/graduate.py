"""Graduation: a lesson that proved itself moves into the instruction file the team already reviews.

A lesson qualifies by evidence, not by age (spec 000 "What makes a learning permanent", issue 16):

- delivered in at least :data:`MIN_SESSIONS` sessions (``shown.jsonl``) with helpful − harmful > 0, or
- marked helpful by reflections of at least :data:`MIN_HELPFUL_SESSIONS` distinct sessions or feedbacks
  (``history.jsonl``), or
- repeated by a person (``learn remember`` of the same rule counted it HELPFUL).

Writing a rule yourself does not graduate it on that alone. Pinned lessons stay in the set (a pin is a
person's choice of where the rule lives); quarantined, stale and tool-errors records never graduate.

Graduated lessons are written into the project's instruction files — root ``AGENTS.md``, ``CLAUDE.md`` and
``GEMINI.md`` that exist (a file that is a link to, or only imports, ``AGENTS.md`` counts once; with none,
``AGENTS.md`` is created) — inside ``<!-- learn:graduated -->`` with the one block writer
(:mod:`altimate_learn.instructions.block`, shared with `export agents-md` and the learner): only bytes
inside the markers change; the block is read back first, so a person's edits inside it survive and are
what the next rewrite works from; the block is excluded from the instruction hash.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.instructions import block

MIN_SESSIONS = 10
MIN_HELPFUL_SESSIONS = 3
TARGET_NAMES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")
NEVER = frozenset({"tool-errors"})


@dataclass
class Evidence:
    sessions: set[str] = field(default_factory=set)          # sessions it was delivered in
    helpful_from: set[str] = field(default_factory=set)      # distinct sessions / feedbacks that marked it helpful
    person_repeats: int = 0

    def why(self, lesson: dict) -> str | None:
        """The evidence that graduates ``lesson``, in words, or None."""
        net = int(lesson.get("helpful", 0)) - int(lesson.get("harmful", 0))
        if self.person_repeats:
            return "a person repeated it"
        if len(self.helpful_from) >= MIN_HELPFUL_SESSIONS:
            return f"helpful in {len(self.helpful_from)} sessions"
        if len(self.sessions) >= MIN_SESSIONS and net > 0:
            return f"delivered in {len(self.sessions)} sessions, helpful − harmful {net}"
        return None

    def progress(self) -> str:
        return (f"delivered in {len(self.sessions)} of {MIN_SESSIONS} sessions, helpful in "
                f"{len(self.helpful_from)} of {MIN_HELPFUL_SESSIONS}")


def evidence(store: Any) -> dict[str, Evidence]:
    """Per lesson id, from ``shown.jsonl`` and ``history.jsonl`` (unreadable lines are skipped)."""
    out: dict[str, Evidence] = {}

    def get(lesson_id: str) -> Evidence:
        return out.setdefault(lesson_id, Evidence())

    from altimate_learn.deliver.state import parent_session

    for record in _records(store, store.SHOWN):
        if isinstance(record.get("id"), str) and isinstance(record.get("session"), str):
            # a Claude Code sub-agent's lines ("<session> agent <id>", review50 R50-7) are its session's: one session
            # with two sub-agents is one session of evidence, not three (check50 C50-11)
            get(record["id"]).sessions.add(parent_session(record["session"]))
    for entry in _records(store, store.HISTORY):
        applied = entry.get("applied")
        if not isinstance(applied, list):
            continue
        person = entry.get("channel") == "remember" or entry.get("author") == "person"
        source = entry.get("session") or ",".join(sorted(f for f in entry.get("feedback") or [] if isinstance(f, str)))
        for item in applied:
            if not isinstance(item, dict) or item.get("op") != "HELPFUL" or not isinstance(item.get("id"), str):
                continue
            if person:
                get(item["id"]).person_repeats += 1
            elif isinstance(source, str) and source:
                get(item["id"]).helpful_from.add(source)
    return out


def _records(store: Any, filename: str) -> list[dict]:
    """The store's records (:meth:`Store.records`: the local folder, also from a linked worktree, where these
    files live; they were read from the checkout's folder, where a linked worktree has none), or none when the
    file cannot be read."""
    try:
        return store.records(filename)
    except (LearnError, OSError):
        return []


# --- the files ------------------------------------------------------------------------------------------

@dataclass
class Target:
    path: Path                 # as the team knows it (root/AGENTS.md)
    snapshot: block.Snapshot   # the bytes read at plan time (written only if still identical)
    bullets: list[str]         # the graduated block as it stands (a person's edits included)


def targets(root: Path) -> list[Target]:
    """The instruction files graduation writes (see the module docstring). Raises
    :class:`altimate_learn.instructions.block.BlockError` (one line) for a file it must not touch."""
    root = Path(root)
    found: list[Target] = []
    seen: set[Path] = set()
    for name in TARGET_NAMES:
        path = root / name
        if not (path.exists() or path.is_symlink()):
            continue
        snapshot = block.read_target(path, within=root)
        real = path.resolve()
        if real in seen:
            continue  # CLAUDE.md -> AGENTS.md: one file
        text = snapshot.text or ""
        if name != "AGENTS.md" and (root / "AGENTS.md").exists() and _imports_agents(text):
            continue  # CLAUDE.md that only pulls in AGENTS.md: the block there reaches it
        seen.add(real)
        found.append(Target(path, snapshot, block.bullets(text, block.GRADUATED, str(path))))
    if not found:
        path = root / "AGENTS.md"
        found.append(Target(path, block.read_target(path, within=root), []))
    return found


def _imports_agents(text: str) -> bool:
    return any(line.strip() in ("@AGENTS.md", "@./AGENTS.md") for line in block.excise(text).splitlines())


def new_text(target: Target, lines: list[str]) -> str | None:
    """The whole file with the graduated block holding ``lines`` (None: nothing to write)."""
    return block.updated_text(target.snapshot.text, block.GRADUATED, lines, str(target.path))


def merged_bullets(existing: list[str], graduating: list[str]) -> list[str]:
    """The block's bullets (as the person left them) plus the graduating texts not already there."""
    seen = {" ".join(b.lower().split()).rstrip(".") for b in existing}
    out = list(existing)
    for text in graduating:
        key = " ".join(text.lower().split()).rstrip(".")
        if key not in seen:
            seen.add(key)
            out.append(" ".join(text.split()))
    return out


def relative(path: Path, root: Path) -> str:
    return os.path.relpath(path, root)
