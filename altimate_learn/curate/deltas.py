"""What a proposed delta is, and how one is validated before the curator applies it.

A reflector's answer is untrusted: :func:`_unwrap` accepts a list of deltas or ``{"deltas": [...]}``, and
:func:`_parse` turns each item into a :class:`_Delta` or says why it was dropped (never raising). Text
from a delta that is echoed into a report or the history goes through :func:`_echo` (redacted, one line,
clipped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.curate.lint import normalize, path_problem
from altimate_learn.redact import redact
from altimate_learn.schema import LESSON_ID

OPS = ("ADD", "EDIT", "REMOVE", "HELPFUL", "HARMFUL")
MAX_DELTAS = 50            # more than this in one reflection is not a reflection; the rest are dropped
MAX_REASON_CHARS = 500     # echoed reasons and texts are clipped so a 5 MB answer cannot bloat history
MAX_ECHO_CHARS = 300
MAX_PROVENANCE_CHARS = 300  # where an imported lesson came from (an agent's memory): shown to reviewers
MAX_TAGS = 10
MAX_PATHS = 20
_TAG = re.compile(r"^[a-z0-9][a-z0-9_.+#-]{0,39}$")


def _clip(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _echo(text: Any, limit: int = MAX_ECHO_CHARS) -> str:
    """Text from a delta as it may appear in a report: redacted, one line, clipped."""
    if not isinstance(text, str):
        return ""
    return _clip(redact(" ".join(text[: limit * 4].split())), limit)


@dataclass
class _Delta:
    index: int
    op: str
    raw: dict
    id: str | None = None
    text: str | None = None
    reason: str = ""
    supersedes: str | None = None
    coexists: list[str] = field(default_factory=list)
    paths: list[str] | None = None
    tags: list[str] | None = None
    provenance: str | None = None


def _path_problem(glob: str) -> str | None:
    """Path triggers are globs relative to the project: one line, no absolute path, no `..`, no URL."""
    problem = path_problem(glob)
    if problem is None:
        return None
    if not isinstance(glob, str) or not glob.strip():
        return "a path trigger must be a non-empty string"
    shown = repr(glob[:60]) if problem.startswith("has surrounding") else repr(_echo(glob, 60))
    return f"path trigger {shown} {problem}"


def _parse(raw: Any, index: int) -> tuple[_Delta | None, str | None]:
    """A validated delta, or why it was dropped."""
    if not isinstance(raw, dict):
        return None, f"not an object ({type(raw).__name__})"
    op = raw.get("op")
    if not isinstance(op, str) or op.strip().upper() not in OPS:
        return None, f"unknown op {_echo(op, 20)!r}" if isinstance(op, str) else "missing op"
    op = op.strip().upper()
    delta = _Delta(index, op, raw)
    reason = raw.get("reason", "")
    if reason is None:
        reason = ""
    if not isinstance(reason, str):
        return None, "reason must be a string"
    delta.reason = reason
    if op == "ADD":
        if raw.get("id") not in (None, "") and not isinstance(raw.get("id"), str):
            return None, "id must be a string"
    else:
        lesson_id = raw.get("id")
        if not isinstance(lesson_id, str) or not lesson_id:
            return None, f"{op} needs the id of an existing lesson"
        delta.id = lesson_id.strip()
    if op in ("ADD", "EDIT"):
        text = raw.get("text")
        if not isinstance(text, str):
            return None, f"{op} needs text (a string)"
        delta.text = text
        sup = raw.get("supersedes")
        if sup not in (None, "", []):
            if isinstance(sup, list) and len(sup) == 1:
                sup = sup[0]
            if not isinstance(sup, str) or not LESSON_ID.match(sup.strip()):
                return None, "supersedes must be one lesson id"
            if op == "EDIT":
                return None, "EDIT cannot supersede; ADD the new text with supersedes instead"
            delta.supersedes = sup.strip()
        co = raw.get("coexists")
        if co not in (None, []):
            if isinstance(co, str):
                co = [co]
            if not isinstance(co, list) or not all(isinstance(c, str) and LESSON_ID.match(c.strip()) for c in co):
                return None, "coexists must be a list of lesson ids"
            delta.coexists = list(dict.fromkeys(c.strip() for c in co))
        paths = raw.get("paths")
        if paths is not None:
            if isinstance(paths, str):
                paths = [paths]
            if not isinstance(paths, list) or len(paths) > MAX_PATHS:
                return None, f"paths must be a list of at most {MAX_PATHS} globs"
            for glob in paths:
                problem = _path_problem(glob)
                if problem:
                    return None, problem
            delta.paths = list(dict.fromkeys(paths))
        tags = raw.get("tags")
        if tags is not None:
            if isinstance(tags, str):
                tags = [tags]
            if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
                return None, "tags must be a list of strings"
            clean = [normalize(t).lower().replace(" ", "-") for t in tags]
            bad = [t for t in clean if not _TAG.match(t)]
            if bad:
                return None, f"tag {_echo(bad[0], 40)!r} is not a short word (letters, digits, - _ . + #)"
            delta.tags = list(dict.fromkeys(clean))[:MAX_TAGS]
        prov = raw.get("provenance")
        if prov is not None:  # kept only when the caller vouches for it (curate(trusted_provenance=True))
            if not isinstance(prov, str) or not prov.strip():
                return None, "provenance must be a non-empty string"
            delta.provenance = _clip(redact(" ".join(prov.split())), MAX_PROVENANCE_CHARS)
    return delta, None


def _unwrap(deltas: Any) -> tuple[list[Any], str | None]:
    """Accept a list of deltas or `{"deltas": [...]}`; anything else yields nothing, with a reason."""
    if isinstance(deltas, dict):
        if "deltas" not in deltas:
            return [], 'expected a list of deltas or {"deltas": [...]}'
        deltas = deltas["deltas"]
    if isinstance(deltas, (list, tuple)):
        return list(deltas), None
    if deltas is None:
        return [], None
    return [], f'expected a list of deltas, got {type(deltas).__name__}'
