"""Text rendering of a review (`learn show`, and the diff `learn promote` asks about).

Every piece of lesson-derived text goes through :func:`shown` (escaped, huge texts clipped), so a lesson
cannot drive the terminal or flood it.
"""

from __future__ import annotations

from typing import Any

from altimate_learn.english import plural
from altimate_learn.review.model import Review
from altimate_learn.review.text import shown
from altimate_learn.schema import Lesson

INDENT = "  "
DETAIL = "      "
TIMED_VERSION = 10 ** 15  # from here on a version number is a time in seconds and six random digits


def version_label(number: int) -> str:
    """An archived version as a person reads it: `v1796462223581406` looked like a counter gone wrong (trial27); it
    is the time of the archive followed by six random digits (:func:`altimate_learn.store.store.next_version_number`),
    so the time is said beside it. A small number (altimate-code's counter) is shown as it is."""
    if number < TIMED_VERSION:
        return f"v{number}"
    from datetime import datetime, timezone

    try:
        when = datetime.fromtimestamp(number // 1_000_000, timezone.utc)
    except (OverflowError, OSError, ValueError):
        return f"v{number}"
    return f"v{number} of {when:%Y-%m-%d %H:%M:%S} UTC"


def _scopes(lesson: Lesson) -> str:
    """Where a lesson applies, as delivery reads it: a folder's file-name pattern (`models/staging/*.sql`) also
    matches its subfolders' files, and says so, as the agent's line does (review28 R28-11's residual)."""
    from altimate_learn.deliver.render import scope_shown

    return ", ".join(shown(scope_shown(p)) for p in _paths(lesson))


def _paths(lesson: Lesson) -> list[str]:
    return list((lesson.get("trigger") or {}).get("paths") or [])


def _field(lesson: Lesson, key: str) -> str:
    value: Any
    if key == "trigger":
        value = ", ".join(_paths(lesson)) or "(none)"
    elif key in ("tags", "coexists"):
        value = ", ".join(lesson.get(key) or []) or "(none)"
    elif key == "pinned":
        value = "yes" if lesson.get("pinned") else "no"
    else:
        value = lesson.get(key)
        value = "(none)" if value is None else str(value)
    return shown(value)


def _lesson_lines(lesson: Lesson, review: Review, flagged: dict[str, str], problems: dict[str, list[str]]
                  ) -> list[str]:
    lines = [f"{INDENT}[{lesson['id']}] {shown(lesson['text'])}"]
    meta = [f"helpful {lesson['helpful']}, harmful {lesson['harmful']}, applied {lesson['applied']}"]
    if lesson.get("pinned"):
        meta.append("pinned")
    if lesson["id"] in review.long:
        meta.append(f"long ({len(lesson['text'])} characters; shorten it when you next edit it)")
    if _paths(lesson):
        meta.append("applies to: " + _scopes(lesson))
    if lesson.get("tags"):
        meta.append("tags: " + ", ".join(shown(t) for t in lesson["tags"]))
    lines.append(DETAIL + " · ".join(meta))
    if lesson.get("provenance"):
        lines.append(DETAIL + shown(lesson["provenance"]))
    for rule in problems.get(lesson["id"], []):
        lines.append(DETAIL + f"PROBLEM {rule}")
    if lesson["id"] in flagged:
        lines.append(f"{INDENT}WARNING [{lesson['id']}]: {shown(flagged[lesson['id']])}{_reject_hint(lesson['id'], review)}")
    return lines


def _reject_hint(lesson_id: str, review: Review) -> str:
    """How to take one flagged staged lesson out of the candidate (only for lessons the candidate changes)."""
    if lesson_id not in review.flagged:
        return ""
    approved = {lesson["id"]: lesson for lesson in review.approved.lessons or []}
    staged = next((l for l in review.candidate.lessons or [] if l["id"] == lesson_id), None)
    if staged is None or approved.get(lesson_id) == staged:
        return ""
    name = "" if review.store == "team-playbook" else f" --name {review.store}"
    return f" (drop it with `learn reject {lesson_id}{name}`)"


def _by_lesson(problems: list[Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in problems:
        out.setdefault(p.lesson, []).append(f"{p.rule}: {shown(p.message)}")
    return out


def diff_summary(review: Review) -> str:
    d = review.diff
    parts = [f"{len(d.added)} added", f"{len(d.edited)} edited", f"{len(d.removed)} removed",
             f"{len(d.counters)} counter change{'s' if len(d.counters) != 1 else ''}"]
    return ", ".join(parts)


def render_diff(review: Review, *, warnings: bool = True) -> list[str]:
    """The diff section: what promote would change in `approved.json` (with the WARNING lines)."""
    d = review.diff
    if review.candidate.lessons is None:
        return ["Diff: none (no candidate)"]
    if review.same_as_approved:
        return ["Diff: none (the candidate matches the approved lessons)"]
    lines = [f"Diff (approved -> candidate): {diff_summary(review)}"]
    if review.rebased or review.rebased_lost:
        moved = [f"{plural(len(review.rebased), 'lesson')} it gained or changed since then kept as they are"] \
            if review.rebased else []
        if review.rebased_lost:
            lost = len(review.rebased_lost)
            moved.append(f"{plural(lost, 'lesson')} it lost since then {'stays' if lost == 1 else 'stay'} removed")
        lines.append(f"{INDENT}approved.json changed since this candidate was staged (a pull, or another branch): "
                     f"only the candidate's own changes are applied ({'; '.join(moved)})")
        for lesson_id, text in review.rebased_lost.items():
            lines.append(f"{DETAIL}       removed upstream: [{lesson_id}] {shown(text)}")
    for lesson in d.added:
        lines.append(f"{INDENT}+ added    [{lesson['id']}] {shown(lesson['text'])}")
        if lesson.get("provenance"):  # e.g. "from Claude Code's memory '…'": the reviewer knows the source
            lines.append(f"{DETAIL}       {shown(lesson['provenance'])}")
        if _paths(lesson):
            lines.append(f"{DETAIL}       applies to: {_scopes(lesson)}")
        # A new lesson arriving pinned or with counters ranks into every session's core tier: say so.
        extra = [f"{c} {lesson[c]}" for c in ("helpful", "harmful", "applied") if lesson.get(c)]
        if lesson.get("pinned"):
            extra.insert(0, "pinned")
        if lesson.get("coexists"):
            extra.append("coexists with " + ", ".join(shown(c) for c in lesson["coexists"]))
        if extra:
            lines.append(f"{DETAIL}       " + " · ".join(extra))
    for edit in d.edited:
        lines.append(f"{INDENT}~ edited   [{edit.id}] ({', '.join(edit.fields)})")
        for key in edit.fields:
            if key == "text":
                lines.append(f"{DETAIL}       - {shown(edit.old['text'])}")
                lines.append(f"{DETAIL}       + {shown(edit.new['text'])}")
            else:
                lines.append(f"{DETAIL}       {key}: {_field(edit.old, key)} -> {_field(edit.new, key)}")
    for removal in d.removed:
        lesson = removal.lesson
        lines.append(f"{INDENT}- removed  [{lesson['id']}] {shown(lesson['text'])}")
        reason = shown(removal.reason) if removal.reason else "no reason recorded"
        if removal.superseded_by and removal.superseded_by not in (removal.reason or ""):
            reason += f" (superseded by {removal.superseded_by})"
        lines.append(f"{DETAIL}       reason: {reason}")
    for change in d.counters:
        moves = ", ".join(f"{k} {old} -> {new}" for k, (old, new) in change.changes.items())
        lines.append(f"{INDENT}= counters [{change.id}] {moves}")
        if change.harmful_reason:
            lines.append(f"{DETAIL}       harmful because: {shown(change.harmful_reason)} (`learn reject` drops the mark; "
                         f"`learn retire {change.id}` stages its removal)")
    for lesson_id, why in review.flagged.items() if warnings else ():
        lines.append(f"WARNING [{lesson_id}]: {shown(why)}. Promote needs your explicit approval"
                     f"{_reject_hint(lesson_id, review) or '.'}")
    return lines


def render_review(review: Review, root_label: str) -> list[str]:
    """All of `learn show`."""
    lines = [f"Store '{review.store}' ({root_label})", ""]
    approved = review.approved.lessons
    if approved is None:
        lines.append("Approved: none yet")
    else:
        lines.append(f"Approved ({len(approved)})")
        problems = _by_lesson(review.approved_problems)
        for lesson in approved:
            lines += _lesson_lines(lesson, review, review.approved_flagged, problems)
    lines.append("")
    candidate = review.candidate.lessons
    if candidate is None:
        lines.append("Candidate: none")
    else:
        lines.append(f"Candidate ({len(candidate)})")
        problems = _by_lesson(review.problems)
        for lesson in candidate:
            lines += _lesson_lines(lesson, review, review.flagged, problems)
    lines.append("")
    lines += render_diff(review, warnings=False)  # the lesson list above already has them
    if review.pending:
        lines += ["", f"Pending replacements ({len(review.pending)})"]
        for record in review.pending:
            lines.append(f"{INDENT}[{shown(record['id'])}] {shown(record['text'])} (attempts: {record['attempts']})")
    if review.problems:
        lines += ["", "Promote refuses this candidate until these are fixed:"]
        lines += [f"{INDENT}[{p.lesson}] {p.rule}: {shown(p.message)}" for p in review.problems]
    for warning in review.warnings:
        lines += [f"Warning: {shown(warning)}"]
    lines.append("")
    if approved is None and candidate is None:
        lines.append(f"No lessons in store '{review.store}' yet. Run `learn reflect` to stage a candidate.")
    elif candidate is not None and not review.same_as_approved:
        if review.problems:
            lines.append("Edit candidate.json or run `learn reflect` again; `learn reject` discards it.")
        else:
            lines.append("Run `learn promote` to approve the candidate, or `learn reject` to discard it.")
    elif candidate is not None:
        lines.append("Nothing to promote. Run `learn reject` to discard the candidate.")
    return lines
