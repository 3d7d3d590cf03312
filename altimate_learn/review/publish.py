"""Export the approved lessons as a single-file skill: `.altimate-code/skills/<store>/SKILL.md`.

The file says who wrote it. Its front matter carries ``generated-by: altimate-learn store <name>`` and
``content-sha256``, the SHA-256 of everything after the front matter. A later publish overwrites the file
only when both still hold: the marker names this store, and the body is unchanged since it was written.
Anything else (a hand-written skill, one exported by another tool or store, or our export edited by
hand) is refused unless the person passes ``--replace``.

Only lessons that pass the lint are exported, like delivery: a hand-committed lesson that fails it would
otherwise reach every agent that loads the skill.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from altimate_learn.errors import StoreError
from altimate_learn.review.model import lint_lesson, read_lesson_file
from altimate_learn.schema import Lesson
from altimate_learn.store import Store, fsio

DESCRIPTION = ("Conventions this team's reviewers and CI enforce, learned from past sessions and approved by a "
               "person. Apply them to related work.")
MARKER_KEY = "generated-by"
HASH_KEY = "content-sha256"


def marker(name: str) -> str:
    return f"altimate-learn store {name}"


def skill_path(store: Store) -> Path:
    return store.project.root / ".altimate-code" / "skills" / store.name / "SKILL.md"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def render_body(name: str, lessons: list[Lesson]) -> str:
    lines = [
        f"<!-- Written by `learn promote --publish` from .altimate-code/learn/{name}/approved.json. "
        "Edit the lessons with learn, not here. -->",
        "",
        f"# {name}",
        "",
    ]
    pinned = [lesson for lesson in lessons if lesson.get("pinned")]
    rest = [lesson for lesson in lessons if not lesson.get("pinned")]
    for lesson in pinned + rest:
        lines.append(f"- [{lesson['id']}] {_one_line(lesson['text'])}")
        paths = (lesson.get("trigger") or {}).get("paths") or []
        if paths:
            from altimate_learn.deliver.render import scope_shown

            lines.append(f"  applies to: {', '.join(_one_line(scope_shown(p)) for p in paths)}")
    return "\n".join(lines) + "\n"


def render_skill(name: str, lessons: list[Lesson]) -> str:
    body = render_body(name, lessons)
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    front = [
        "---",
        f"name: {name}",
        f"description: {json.dumps(DESCRIPTION)}",
        f"{MARKER_KEY}: {marker(name)}",
        f"{HASH_KEY}: {digest}",
        "---",
    ]
    return "\n".join(front) + "\n" + body


_FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def ownership(text: str, name: str) -> str | None:
    """``None`` when this store wrote ``text`` and nobody edited it since; else why it is not ours."""
    match = _FRONT.match(text)
    if not match:
        return "it has no front matter written by learn"
    fields: dict[str, str] = {}
    for line in match.group(1).splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    if MARKER_KEY not in fields:
        return "it was not written by learn"
    if fields[MARKER_KEY] != marker(name):
        return f"it was written by '{fields[MARKER_KEY]}', not by this store"
    body = text[match.end():]
    if hashlib.sha256(body.encode("utf-8")).hexdigest() != fields.get(HASH_KEY):
        return "it was edited by hand after it was published"
    return None


@dataclass
class PublishResult:
    path: Path
    exported: int
    changed: bool
    skipped: list[dict[str, str]] = field(default_factory=list)  # lessons left out, with the lint rule

    def as_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "exported": self.exported, "changed": self.changed, "skipped": self.skipped}


def publish(store: Store, *, replace: bool = False) -> PublishResult:
    """Write the skill file from `approved.json`; refuse to overwrite a file this store does not own."""
    nothing = StoreError(f"store '{store.name}' has no approved lessons to publish.",
                         "Promote a candidate first (`learn show`, `learn promote`).")
    if not store.exists:  # before the lock, which would create the store's folder (trial18)
        raise nothing
    with store.lock():
        approved = read_lesson_file(store.path(Store.APPROVED)).lessons
        if approved is None:
            raise nothing
        target = skill_path(store)
        skills_dir = store.project.root / ".altimate-code" / "skills"
        fsio.check_confined(target.parent, store.project.root)
        if target.parent.exists() and not target.parent.is_dir():
            raise StoreError(f"cannot publish to {target}: {target.parent} is not a folder.",
                             "Move it out of the way and publish again.")
        try:
            existing = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            existing = None
        except (UnicodeDecodeError, IsADirectoryError):
            existing = ""
        if existing is not None and not replace:
            why = ownership(existing, store.name)
            if why is not None:
                raise StoreError(f"refusing to overwrite {target}: {why}.",
                                 "Pass --replace to overwrite it, or publish from a store with another --name.")
        kept: list[Lesson] = []
        skipped: list[dict[str, str]] = []
        for lesson in approved:
            problem, _flag = lint_lesson(lesson, grandfathered=False)
            if problem:
                skipped.append({"id": lesson["id"], "rule": problem.rule})
            else:
                kept.append(lesson)
        text = render_skill(store.name, kept)
        changed = existing != text
        if changed:
            skills_dir.mkdir(parents=True, exist_ok=True)
            fsio.check_confined(target, skills_dir)
            fsio.atomic_write(target, text, within=skills_dir)
        try:
            shown = str(target.relative_to(store.project.root))
        except ValueError:
            shown = str(target)
        store.record_history("publish", path=shown, lessons=len(kept), changed=changed,
                             skipped=[item["id"] for item in skipped], replaced=bool(replace and existing is not None))
        return PublishResult(target, len(kept), changed, skipped)
