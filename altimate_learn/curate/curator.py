"""The curator: deterministic rules that decide which proposed deltas reach `candidate.json`.

A reflector (a model, the built-in offline one, a script, a person) proposes deltas; this module alone
decides. Whatever comes in, the candidate it writes holds only lessons that pass lint, with unique ids,
no silent contradictions between lessons that name the same code identifier, and at most a few changes
per reflection (spec 003 "Curate"):

- ADD / EDIT text is linted and rejected (never repaired) when it fails; the reason names the rule.
- An ADD at least 60% similar (word Jaccard) to an existing lesson counts as HELPFUL on that lesson,
  unless the two say opposite things (one avoids what the other uses, or one negates the other's prose).
- Lessons sharing a backtick identifier (or an affix such as `_cents`, `stg_`), or giving opposite rules
  for a backticked name the anchor stoplist otherwise ignores (`ref()`, `pytest`), must declare `supersedes`
  or `coexists`. When every undeclared overlap is contradicted in this reflection (the old lesson is marked
  HARMFUL or REMOVE in the same batch, in any order, or already has more harmful than helpful marks), the
  new lesson supersedes them implicitly. Superseding gives the new text a new id, takes the old lesson's
  place in the list, and retires the old one (`retired.json`, reason, `supersededBy`).
- Per reflection: 3 ADD, 3 EDIT (supersedes count as edits), 3 REMOVE (lessons superseded implicitly do
  not count); HELPFUL / HARMFUL at most once per lesson.
- A lesson is removed for harm only with harmful ≥ 2, harmful > helpful, from at least two distinct
  feedbacks (`harmful.json` records which feedback marked it).
- Over `max_stored`, the lowest helpful − harmful (then oldest) lessons are evicted; pinned never.
- An approved lesson removed as wrong with nothing replacing it is queued for one narrow replacement call
  (`pending-replacements.jsonl`; at most 3 calls per reflection, 5 attempts per lesson). A REMOVE of a
  lesson that is only staged (not in approved.json) drops it: no agent ever got it, so there is no retired
  record and no replacement. Queued replacements whose lesson is back in the set or was never approved
  are dropped on the next curation.

Every file is written under the store lock, and one `history.jsonl` entry records every applied and
rejected delta with its reason, the token usage and the model. Lesson text echoed into results and
history is redacted again.
"""

from __future__ import annotations

import hashlib
import itertools
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.curate import prepared
from altimate_learn.curate.anchors import AnchorIndex, identifiers
from altimate_learn.curate.polarity import contradictions, negations, polar_spans
from altimate_learn.curate.lint import is_flagged, lint, normalize, path_problem
from altimate_learn.errors import LearnError
from altimate_learn.redact import redact
from altimate_learn.schema import LESSON_ID, make_lesson, new_lesson_id
from altimate_learn.store import Store
from altimate_learn.store.fsio import utc_now

OPS = ("ADD", "EDIT", "REMOVE", "HELPFUL", "HARMFUL")
MAX_ADDS = 3
MAX_EDITS = 3
MAX_REMOVES = 3
DEDUPE_THRESHOLD = 0.6
HARMFUL_MIN = 2
HARMFUL_MIN_FEEDBACKS = 2
MAX_REPLACEMENTS = 3
MAX_REPLACEMENT_ATTEMPTS = 5
MAX_DELTAS = 50            # more than this in one reflection is not a reflection; the rest are dropped
MAX_REASON_CHARS = 500     # echoed reasons and texts are clipped so a 5 MB answer cannot bloat history
MAX_ECHO_CHARS = 300
MAX_PROVENANCE_CHARS = 300  # where an imported lesson came from (an agent's memory): shown to reviewers
MAX_TAGS = 10
MAX_PATHS = 20
FEEDBACK_CAP = 12_000      # what a reflection reads of its feedback (spec 003); a queued replacement keeps it
_TAG = re.compile(r"^[a-z0-9][a-z0-9_.+#-]{0,39}$")

Lesson = dict[str, Any]
Replace = Callable[[dict, str], "str | None"]


class NotAttempted(Exception):
    """Raised by a ``replace`` callback that made no model call for this record (e.g. out of time).

    The record stays queued and its attempt count does not change. A bare ``LookupError`` means the same
    (so a lookup over precomputed answers can raise it); any other exception is a failed attempt."""


@dataclass
class CurateResult:
    candidate: list[dict]
    applied: list[dict]
    rejected: list[dict]
    flagged: list[str]
    retired: list[dict]
    replacements_needed: list[dict]
    summary: str
    changed: bool = False
    history: dict | None = None
    harmful_from: dict[str, list[str]] = field(default_factory=dict)
    replacements: list[dict] = field(default_factory=list)   # replacement-step outcomes: {id, result}
    quarantined: list[dict] = field(default_factory=list)    # rules set aside by the vet (gates.quarantine)
    vet: dict | None = None                                  # what the vet did (gates.screen.Screen.summary)
    cap: Any = None                                          # what the cap did (curate.cap.CapOutcome)

    def to_json(self) -> dict[str, Any]:
        """The `--json` shape (stable keys)."""
        return {
            "summary": self.summary,
            "changed": self.changed,
            "applied": self.applied,
            "rejected": self.rejected,
            "flagged": self.flagged,
            "retired": [{"id": r["id"], "text": redact(r["text"]), "reason": r.get("reason"),
                         "supersededBy": r.get("supersededBy")} for r in self.retired],
            "replacements_needed": self.replacements_needed,
            "replacements": self.replacements,
            "candidate_count": len(self.candidate),
            "quarantined": [{"id": q["id"], "text": q["text"], "reason": q["reason"], "verdict": q.get("verdict")}
                            for q in self.quarantined],
            "vet": self.vet,
            "cap": self.cap.to_json() if self.cap is not None else None,
        }


# --- helpers -----------------------------------------------------------------------------------------

word_set = prepared.word_set
jaccard = prepared.jaccard


def opposite(a: str, b: str) -> bool:
    """Two texts that say opposite things: opposite rules for a backticked name, or one negated prose."""
    return bool(contradictions(a, b)) or negations(a) % 2 != negations(b) % 2


def _clip(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _echo(text: Any, limit: int = MAX_ECHO_CHARS) -> str:
    """Text from a delta as it may appear in a report: redacted, one line, clipped."""
    if not isinstance(text, str):
        return ""
    return _clip(redact(" ".join(text[: limit * 4].split())), limit)


def _copy(value: Any) -> Any:
    """Deep copy of JSON data (much cheaper than `copy.deepcopy` over 10,000 lessons)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _copy_lesson(lesson: Lesson) -> Lesson:
    """A copy of a validated lesson: its only containers are `tags`, `coexists` (lists of strings) and
    `trigger`."""
    out = dict(lesson)
    for key in ("tags", "coexists", "trigger"):
        value = out.get(key)
        if value is not None:
            out[key] = value[:] if type(value) is list else _copy(value)
    return out


def _position(lessons: list[Lesson], lesson: Lesson) -> int:
    """Where ``lesson`` (this very object) is in ``lessons``: ``list.index`` compares dicts key by key until
    one differs, which adds up over 10,000 lessons; an identity test does not."""
    return list(map(operator.is_, lessons, itertools.repeat(lesson))).index(True)


def _score(lesson: Lesson) -> int:
    return int(lesson.get("helpful", 0)) - int(lesson.get("harmful", 0))


# `updated` moves when a lesson changes, its helpful/harmful counters included, as altimate-code does. Two
# teammates who each mark one lesson helpful then commit different bytes (their own `updated`), so git
# hands the file to learn's merge driver, which adds both marks up; identical files git would merge
# silently, and one mark would be lost.
_NOT_CONTENT = ("applied", "created", "updated")


def _content(lesson: Lesson) -> dict[str, Any]:
    """What `updated` tracks: everything except `applied` (delivery's count) and the timestamps."""
    return {k: v for k, v in lesson.items() if k not in _NOT_CONTENT}


def feedback_key(session_id: str | None, feedback_ids: list[str] | tuple[str, ...] = ()) -> str | None:
    """The identity of this reflection's feedback for the distinct-feedback rule (None: cannot count)."""
    ids = sorted({f for f in feedback_ids if isinstance(f, str) and f})
    if ids:
        return ids[0] if len(ids) == 1 else "fb_" + hashlib.sha256("\n".join(ids).encode()).hexdigest()[:12]
    return session_id or None


# --- delta validation ----------------------------------------------------------------------------------

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


# --- the curation pass ---------------------------------------------------------------------------------

class _Pass:
    """One reflection's worth of curation over an in-memory lesson list."""

    def __init__(self, lessons: list[Lesson], *, harmful_from: dict[str, list[str]], feedback: str | None,
                 now: str, apply_paths: list[str] | None, taken_ids: set[str],
                 approved_ids: set[str] | None = None,
                 indexes: tuple[AnchorIndex, prepared.WordIndex] | None = None) -> None:
        self.lessons = [_copy_lesson(lesson) for lesson in lessons]
        # Lessons of approved.json. None = all of them (callers that curate without a store).
        self.approved_ids = approved_ids
        self.by_id = {lesson["id"]: lesson for lesson in self.lessons}
        self.before = {lesson["id"]: lesson for lesson in lessons}  # as read (never changed): `updated` moves
        self.harmful_from = {k: list(v) for k, v in harmful_from.items()}
        self.feedback = feedback
        self.now = now
        self.apply_paths = apply_paths
        self.taken = set(taken_ids) | set(self.by_id)
        self.applied: list[dict] = []
        self.rejected: list[dict] = []
        self.retired: list[Lesson] = []
        self.retired_by_id: dict[str, Lesson] = {}
        self.removed_as_wrong: list[tuple[Lesson, str]] = []
        self.replacements: list[dict] = []  # outcomes of the replacement step
        self.helped: set[str] = set()
        self.harmed: set[str] = set()
        self.adds = self.edits = self.removes = 0
        # Word and identifier postings of the lessons (cached for a known file: see curate.prepared).
        self.index, self.words = indexes if indexes is not None else prepared.build_postings(self.lessons)
        self.contradicted: set[str] = set()
        self.linted: set[str] = set()  # texts that passed lint (as a model's) in this pass
        self.screen: Any = None  # the vet gate (altimate_learn.gates.screen.Screen)

    # -- bookkeeping
    def reject(self, delta: _Delta | None, reason: str, rule: str | None = None, raw: Any = None) -> None:
        if (self.screen is not None and self.screen.author == "person" and delta is not None
                and delta.op in ("ADD", "EDIT")):
            return self.screen.quarantine_delta(delta, self, reason, rule=rule)  # a person's rule is kept
        entry: dict[str, Any] = {"reason": reason}
        source = delta.raw if delta is not None else raw
        if isinstance(source, dict):
            op = source.get("op")
            entry["op"] = op.strip().upper() if isinstance(op, str) and op.strip().upper() in OPS else _echo(op, 20)
            if isinstance(source.get("id"), str):
                entry["id"] = _echo(source["id"], 40)
            if isinstance(source.get("text"), str):
                entry["text"] = _echo(source["text"])
            if isinstance(source.get("reason"), str):
                entry["delta_reason"] = _echo(source["reason"], MAX_REASON_CHARS)
        if delta is not None:
            entry["index"] = delta.index
        if rule:
            entry["rule"] = rule
        self.rejected.append(entry)

    def record(self, op: str, lesson_id: str, reason: str, **extra: Any) -> dict:
        entry = {"op": op, "id": lesson_id, "reason": _echo(reason, MAX_REASON_CHARS), **extra}
        if "text" in entry:
            entry["text"] = redact(entry["text"])
        self.applied.append(entry)
        return entry

    def position(self, lesson_id: str) -> int:
        return _position(self.lessons, self.by_id[lesson_id])

    def new_id(self) -> str:
        lesson_id = new_lesson_id(self.taken)
        self.taken.add(lesson_id)
        return lesson_id

    def drop(self, lesson: Lesson) -> None:
        """Take ``lesson`` out of the working set without a retired record."""
        del self.lessons[_position(self.lessons, lesson)]
        del self.by_id[lesson["id"]]
        self.words.pop(lesson["id"], None)
        self.index.remove(lesson["id"])

    def retire(self, lesson: Lesson, reason: str, superseded_by: str | None = None) -> None:
        self.drop(lesson)
        record = dict(lesson, reason=redact(reason) if isinstance(reason, str) else reason)
        if superseded_by:
            record["supersededBy"] = superseded_by
        self.retired.append(record)
        self.retired_by_id[lesson["id"]] = record

    def insert(self, lesson: Lesson, at: int | None = None) -> None:
        if at is None:
            self.lessons.append(lesson)
        else:
            self.lessons.insert(at, lesson)
        self.by_id[lesson["id"]] = lesson
        self.words[lesson["id"]] = word_set(lesson["text"])
        self.index.add(lesson["id"], lesson["text"])

    # -- evidence
    def plan_evidence(self, deltas: list[_Delta]) -> None:
        """Which lessons this reflection contradicts, whatever the delta order: HARMFUL marks, REMOVEs that
        fit the removal budget, and lessons already more harmful than helpful."""
        explicit_targets = {d.supersedes for d in deltas if d.op == "ADD" and d.supersedes}
        counted = 0
        for d in deltas:
            if d.id not in self.by_id:
                continue
            if d.op == "HARMFUL":
                self.contradicted.add(d.id)
            elif d.op == "REMOVE" and d.id not in explicit_targets:
                counted += 1
                if counted <= MAX_REMOVES:
                    self.contradicted.add(d.id)
        for lesson in self.lessons:
            if lesson.get("harmful", 0) > lesson.get("helpful", 0):
                self.contradicted.add(lesson["id"])

    # -- ops
    def check_links(self, delta: _Delta) -> str | None:
        for ref in ([delta.supersedes] if delta.supersedes else []) + delta.coexists:
            if ref in self.retired_by_id:
                return f"{ref} was already removed or superseded in this reflection"
            if ref not in self.by_id:
                return f"unknown lesson id {ref} in {'supersedes' if ref == delta.supersedes else 'coexists'}"
        if delta.op == "EDIT" and delta.id in delta.coexists:
            return "a lesson cannot coexist with itself"
        return None

    def add(self, delta: _Delta) -> None:
        result = lint(delta.text or "")
        if not result.ok:
            return self.reject(delta, result.reason or "failed lint", result.rule)
        text = result.text
        self.linted.add(text)
        if self.screen is not None and self.screen.check(delta, self, text) == "stop":
            return None
        problem = self.check_links(delta)
        if problem:
            return self.reject(delta, problem, "unknown-id")
        declared = set(delta.coexists)
        anchors = identifiers(text)
        overlap = self.index.overlapping(anchors, exclude=[delta.supersedes] if delta.supersedes else [],
                                         polar=polar_spans(text))
        undeclared = {lid: ids for lid, ids in overlap.items() if lid not in declared}
        # Dedupe: a restatement of an existing lesson is a HELPFUL vote, unless this ADD replaces or
        # explicitly sits beside that lesson, or the lesson is contradicted in this reflection.
        if not delta.supersedes:
            # Only lessons at the threshold can win, so only they are scored; in store order, as ever.
            near = self.words.similar(word_set(text), DEDUPE_THRESHOLD)
            best_id, best = None, 0.0
            for lid in sorted(near, key=self.position):
                lesson = self.by_id[lid]
                if lid in declared:
                    continue
                score = near[lid]
                if lid in self.contradicted and score < 1.0:
                    continue  # a corrected near-duplicate replaces the contradicted lesson (below)
                if score >= DEDUPE_THRESHOLD and opposite(text, lesson["text"]):
                    continue  # "Never use X" is not a vote for "Use X", however many words they share
                if score > best:
                    best_id, best = lid, score
            if best_id is not None and best >= DEDUPE_THRESHOLD:
                if best_id in self.helped:
                    return self.reject(delta, f"duplicate of {best_id}, already marked HELPFUL in this reflection",
                                       "duplicate")
                self.helped.add(best_id)
                self.by_id[best_id]["helpful"] = self.by_id[best_id].get("helpful", 0) + 1
                self.record("HELPFUL", best_id, delta.reason, note=f"duplicate ADD (similarity {best:.2f})",
                            count=self.by_id[best_id]["helpful"])
                return None
        implicit: list[str] = []
        if undeclared:
            if all(lid in self.contradicted for lid in undeclared):
                implicit = sorted(undeclared, key=self.position)
            else:
                blocking = {lid: ids for lid, ids in undeclared.items() if lid not in self.contradicted}
                parts = ", ".join(f"{lid} on {', '.join(sorted(ids))}" for lid, ids in sorted(
                    blocking.items(), key=lambda item: self.position(item[0])))
                return self.reject(delta, f'overlaps {parts}: EDIT it, or ADD with "supersedes" or "coexists"',
                                   "overlap")
        targets = ([delta.supersedes] if delta.supersedes else []) + [t for t in implicit if t != delta.supersedes]
        if targets:
            if self.edits >= MAX_EDITS:
                return self.reject(delta, f"limit reached: at most {MAX_EDITS} edits (supersedes count) per reflection",
                                   "limit")
            self.edits += 1
        else:
            if self.adds >= MAX_ADDS:
                return self.reject(delta, f"limit reached: at most {MAX_ADDS} ADDs per reflection", "limit")
            self.adds += 1
        new_id = self.new_id()
        coexists = [c for c in delta.coexists if c not in targets]
        lesson = make_lesson(text, lesson_id=new_id, now=self.now, tags=delta.tags,
                             paths=delta.paths if delta.paths is not None else self.apply_paths, coexists=coexists,
                             provenance=delta.provenance)
        at = None
        if targets:
            at = self.position(targets[0])
        entry: dict[str, Any] = {"text": text}
        if delta.supersedes:
            entry["supersedes"] = delta.supersedes
        elif implicit:
            entry["supersedes"] = implicit[0]
            entry["note"] = "implicit supersede"
        if coexists:
            entry["coexists"] = coexists
        for target in targets:
            old = self.by_id[target]
            self.retire(old, f"superseded by {new_id}", superseded_by=new_id)
            self.record("REMOVE", target, f"superseded by {new_id}", note="superseded", text=old["text"])
            self.harmful_from.pop(target, None)
        self.insert(lesson, at)
        self.record("ADD", new_id, delta.reason, **entry)
        if self.screen is not None:
            self.screen.accepted(new_id, delta, text)
        return None

    def edit(self, delta: _Delta) -> None:
        target = self.by_id.get(delta.id or "")
        if target is None:
            return self.reject(delta, self._missing(delta.id), "unknown-id")
        result = lint(delta.text or "")
        if not result.ok:
            return self.reject(delta, result.reason or "failed lint", result.rule)
        self.linted.add(result.text)
        if self.screen is not None and self.screen.check(delta, self, result.text) == "stop":
            return None
        problem = self.check_links(delta)
        if problem:
            return self.reject(delta, problem, "unknown-id")
        text = result.text
        declared = set(delta.coexists)
        overlap = self.index.overlapping(identifiers(text), exclude=[target["id"]], polar=polar_spans(text))
        undeclared = {lid: ids for lid, ids in overlap.items() if lid not in declared}
        if undeclared:
            parts = ", ".join(f"{lid} on {', '.join(sorted(ids))}" for lid, ids in sorted(undeclared.items()))
            return self.reject(delta, f'overlaps {parts}: declare "coexists" or supersede it', "overlap")
        changed = (text != target["text"] or declared != set(target.get("coexists") or [])
                   or (delta.paths is not None and delta.paths != (target.get("trigger") or {}).get("paths"))
                   or (delta.tags is not None and delta.tags != target.get("tags"))
                   or (delta.provenance is not None and delta.provenance != target.get("provenance")))
        if not changed:
            self.record("EDIT", target["id"], delta.reason, note="no change", text=text)
            return None
        if self.edits >= MAX_EDITS:
            return self.reject(delta, f"limit reached: at most {MAX_EDITS} edits (supersedes count) per reflection",
                               "limit")
        self.edits += 1
        self.index.remove(target["id"])
        target["text"] = text
        self.words[target["id"]] = word_set(text)
        self.index.add(target["id"], text)
        # Relations are redeclared by the edit, in both directions: an old coexists link may not hold now.
        if declared:
            target["coexists"] = list(delta.coexists)
        else:
            target.pop("coexists", None)
        for other in self.lessons:
            if other is not target and target["id"] in (other.get("coexists") or []):
                other["coexists"] = [c for c in other["coexists"] if c != target["id"]]
                if not other["coexists"]:
                    del other["coexists"]
        if delta.paths is not None:
            if delta.paths:
                target["trigger"] = {"paths": list(delta.paths)}
            else:
                target.pop("trigger", None)
        if delta.tags is not None:
            target["tags"] = list(delta.tags)
        if delta.provenance is not None:
            target["provenance"] = delta.provenance
        self.record("EDIT", target["id"], delta.reason, text=text)
        if self.screen is not None:
            self.screen.accepted(target["id"], delta, text)
        return None

    def _missing(self, lesson_id: str | None) -> str:
        if lesson_id in self.retired_by_id:
            return f"{lesson_id} was already removed or superseded in this reflection"
        return f"unknown lesson id {_echo(lesson_id, 40)}"

    def mark(self, delta: _Delta) -> None:
        lesson = self.by_id.get(delta.id or "")
        retired = self.retired_by_id.get(delta.id or "")
        if lesson is None and retired is None:
            return self.reject(delta, self._missing(delta.id), "unknown-id")
        seen = self.helped if delta.op == "HELPFUL" else self.harmed
        target_id = delta.id or ""
        if target_id in seen:
            return self.reject(delta, f"duplicate {delta.op} for {target_id} in one reflection", "duplicate")
        seen.add(target_id)
        subject = lesson if lesson is not None else retired
        assert subject is not None
        key = "helpful" if delta.op == "HELPFUL" else "harmful"
        subject[key] = subject.get(key, 0) + 1
        if delta.op == "HARMFUL" and self.feedback and lesson is not None:
            sources = self.harmful_from.setdefault(target_id, [])
            if self.feedback not in sources:
                sources.append(self.feedback)
        note = {"note": "lesson already superseded in this reflection"} if lesson is None else {}
        self.record(delta.op, target_id, delta.reason, count=subject[key], **note)
        return None

    def remove(self, delta: _Delta) -> None:
        lesson = self.by_id.get(delta.id or "")
        if lesson is None:
            if delta.id in self.retired_by_id:
                # Already superseded by an ADD of this reflection: the removal is done, and free.
                self.record("REMOVE", delta.id or "", delta.reason, note="already superseded")
                return None
            return self.reject(delta, self._missing(delta.id), "unknown-id")
        if self.removes >= MAX_REMOVES:
            return self.reject(delta, f"limit reached: at most {MAX_REMOVES} REMOVEs per reflection", "limit")
        self.removes += 1
        self.harmful_from.pop(lesson["id"], None)
        if self.approved_ids is not None and lesson["id"] not in self.approved_ids:
            # Only ever staged, never approved: no agent was given it, so there is nothing to retire and
            # nothing to replace. It is simply dropped (history keeps its text).
            self.drop(lesson)
            self.record("REMOVE", lesson["id"], delta.reason, note="never approved", text=lesson["text"])
            return None
        self.retire(lesson, f"removed: {_clip(' '.join(delta.reason.split()) or 'no reason given', 200)}")
        self.removed_as_wrong.append((self.retired_by_id[lesson["id"]], delta.reason))
        self.record("REMOVE", lesson["id"], delta.reason, text=lesson["text"])
        return None

    # -- after the deltas
    def auto_remove(self) -> None:
        for lesson in list(self.lessons):
            harmful = lesson.get("harmful", 0)
            if harmful < HARMFUL_MIN:  # the common case, decided without looking further
                continue
            lid = lesson["id"]
            helpful = lesson.get("helpful", 0)
            sources = self.harmful_from.get(lid, [])[:harmful]
            if lesson.get("pinned") or harmful <= helpful or len(sources) < HARMFUL_MIN_FEEDBACKS:
                continue
            reason = f"harmful: {harmful} harmful vs {helpful} helpful marks from {len(sources)} feedbacks"
            self.retire(lesson, reason)
            self.harmful_from.pop(lid, None)
            self.removed_as_wrong.append((self.retired_by_id[lid], reason))
            self.record("REMOVE", lid, reason, note="harmful", text=lesson["text"])

    def evict(self, max_stored: int) -> None:
        if len(self.lessons) <= max_stored:
            return
        order = {lesson["id"]: n for n, lesson in enumerate(self.lessons)}
        while len(self.lessons) > max_stored:
            # Lowest helpful − harmful first, then the oldest; a lesson added now is the youngest.
            pool = [l for l in self.lessons if not l.get("pinned")]
            if not pool:
                break
            victim = min(pool, key=lambda l: (_score(l), str(l.get("created", "")), order.get(l["id"], 0)))
            self.retire(victim, f"evicted: over the store cap (max_stored={max_stored})")
            self.harmful_from.pop(victim["id"], None)
            self.record("REMOVE", victim["id"], f"store cap (max_stored={max_stored})", note="evicted",
                        text=victim["text"])

    def finish(self) -> None:
        present = set(self.by_id)
        for lesson in self.lessons:
            co = lesson.get("coexists")
            if co is not None:
                kept = [c for c in co if c in present and c != lesson["id"]]
                if kept:
                    lesson["coexists"] = kept
                else:
                    del lesson["coexists"]
            before = self.before.get(lesson["id"])
            if before is not None and lesson != before and _content(lesson) != _content(before):
                lesson["updated"] = self.now
        self.harmful_from = {lid: src[: self.by_id[lid].get("harmful", 0)] for lid, src in self.harmful_from.items()
                             if lid in self.by_id and self.by_id[lid].get("harmful", 0) > 0 and src}


_NOT_REMOVED = ("superseded", "evicted", "already superseded", "quarantined", "folded", "traded")


def _summary(applied: list[dict], rejected: list[dict], queued: int) -> str:
    def count(op: str, note: str | None = None, exclude: tuple[str, ...] = ()) -> int:
        return sum(1 for a in applied if a["op"] == op and (note is None or a.get("note") == note)
                   and a.get("note") not in exclude)

    parts = [
        f"+{count('ADD', exclude=('outside the cap',))} added" if count("ADD", exclude=("outside the cap",)) else "",
        f"{count('EDIT', exclude=('no change',))} edited" if count("EDIT", exclude=("no change",)) else "",
        f"{count('HELPFUL')} helpful" if count("HELPFUL") else "",
        f"{count('HARMFUL')} harmful" if count("HARMFUL") else "",
        f"{count('REMOVE', 'superseded')} superseded" if count("REMOVE", "superseded") else "",
        f"{count('REMOVE', exclude=_NOT_REMOVED)} removed" if count("REMOVE", exclude=_NOT_REMOVED) else "",
        f"{count('REMOVE', 'folded')} folded" if count("REMOVE", "folded") else "",
        f"{count('REMOVE', 'traded')} traded" if count("REMOVE", "traded") else "",
        f"{count('WAIT')} outside the cap" if count("WAIT") else "",
        f"{count('QUARANTINE') + count('REMOVE', 'quarantined')} quarantined"
        if count("QUARANTINE") + count("REMOVE", "quarantined") else "",
        f"{count('REMOVE', 'evicted')} evicted" if count("REMOVE", "evicted") else "",
        f"{queued} queued for replacement" if queued else "",
    ]
    parts = [p for p in parts if p]
    if rejected:
        rules = sorted({r.get("rule") or "invalid" for r in rejected})
        parts.append(f"{len(rejected)} rejected ({', '.join(rules)})")
    return ", ".join(parts) if parts else "no change"


def _files_key(base: prepared.LessonFile | None, approved: prepared.LessonFile | None) -> str:
    """What ``passed`` remembers, under the options "files", when every lesson of ``base`` passed lint as
    curated against ``approved`` (as the files are, byte for byte)."""
    return f"{base.digest if base else '-'} {approved.digest if approved else '-'}"


def _read_base(store: Store, passed: Any, cache: prepared.Cache) -> tuple[
        prepared.LessonFile | None, list[Lesson], prepared.LessonFile | None]:
    """The file of the lessons to curate (staged candidate first, else approved) and its lessons, each
    checked by lint (the unchanged text of an approved lesson may exceed the length limit) unless ``passed``
    (:class:`altimate_learn.curate.lintcache.Passed`) knows the text, or this pair of files, passed before;
    and the approved file (read once: a 10,000-lesson file takes a while to parse and validate, so a file
    ``cache`` knows by its digest is not validated again)."""
    approved_file = prepared.read(store, store.APPROVED, cache)
    candidate_file = prepared.read(store, store.CANDIDATE, cache)
    base_file, source = (candidate_file, store.CANDIDATE) if candidate_file is not None else (approved_file,
                                                                                             store.APPROVED)
    base = base_file.lessons if base_file is not None else []
    # Every lesson of these very files passed before (same bytes, same lint code): nothing to lint.
    both = _files_key(base_file, approved_file)
    if passed.known(both, "files"):
        return base_file, base, approved_file
    approved_text = {lesson["id"]: lesson["text"] for lesson in approved_file.lessons} if approved_file else {}
    grandfathered = {lesson["id"] for lesson in base if approved_text.get(lesson["id"]) == lesson["text"]}
    from altimate_learn.errors import StoreError

    for lesson in base:
        options = "grandfathered" if lesson["id"] in grandfathered else "model"
        if passed.known(lesson["text"], options):
            continue
        result = lint(lesson["text"], grandfathered=options == "grandfathered")
        if not result.ok:
            passed.save()
            raise StoreError(
                f"{store.path(source)}: lesson {lesson['id']} fails lint ({result.reason}).",
                "Fix or remove it by hand (or run `learn reject` to drop the candidate), then run again.")
        passed.add(lesson["text"], options)
    passed.add(both, "files")
    return base_file, base, approved_file


def _flagged(lessons: list[Lesson], passed: Any, new_texts: dict[str, str] | None = None,
             base_flagged: list[str] | None = None) -> list[str]:
    """Ids of the lessons whose text is flagged (:func:`is_flagged`). Texts ``passed`` knows as unflagged are
    not checked again; when the flagged ids of the base are known (``base_flagged``), only the lessons whose
    text is new (``new_texts``: id → text) are checked."""
    known = set(base_flagged or ())
    out = []
    for lesson in lessons:
        if base_flagged is not None and new_texts is not None and lesson["id"] not in new_texts:
            if lesson["id"] in known:
                out.append(lesson["id"])
            continue
        if passed.known(lesson["text"], "unflagged"):
            continue
        if is_flagged(lesson["text"])[0]:
            out.append(lesson["id"])
        else:
            passed.add(lesson["text"], "unflagged")
    return out


def _read_harmful(store: Store) -> dict[str, list[str]]:
    raw = store.read_json_object(store.HARMFUL)
    return {k: [s for s in v if isinstance(s, str)] for k, v in raw.items()
            if isinstance(k, str) and isinstance(v, list)}


FEEDBACK_KINDS = ("verifier", "ci", "review", "user")  # altimate-code's reflect.ts FEEDBACK_KINDS


def _read_pending(store: Store) -> list[dict]:
    """Pending replacements, each with every field altimate-code requires (it moves aside a file with a
    record that lacks one): id, text, reasons, feedback, kind, attempts. Older learn records get an empty
    feedback and the kind "user"."""
    out = []
    for record in store.read_jsonl(store.PENDING_REPLACEMENTS).records:
        if isinstance(record, dict) and isinstance(record.get("id"), str) and isinstance(record.get("text"), str):
            attempts = record.get("attempts")
            record["attempts"] = attempts if isinstance(attempts, int) and not isinstance(attempts, bool) \
                and attempts >= 0 else 0
            reasons = record.get("reasons")
            record["reasons"] = [str(r) for r in reasons] if isinstance(reasons, list) else []
            if not isinstance(record.get("feedback"), str):
                record["feedback"] = ""
            if record.get("kind") not in FEEDBACK_KINDS:
                record["kind"] = "user"
            out.append(record)
    return out


def _limits(store: Store) -> tuple[int, int]:
    """(max_stored, max_in_force) in effect for the store's project."""
    from altimate_learn.config import load_settings

    values = load_settings(store.project.root).values
    return int(values["max_stored"]), int(values["max_in_force"])


def curate(store: Store, deltas: list[dict] | Any, *, session_id: str | None = None,
           feedback_ids: list[str] | tuple[str, ...] = (), model: str | None = None, usage: dict | None = None,
           apply_paths: list[str] | None = None, replace: Callable[[dict, str], str | None] | None = None,
           max_stored: int | None = None, now: str | None = None, op: str | None = None,
           author: str = "model", channel: str | None = None, vet: Any = None, skip_vet: bool = False,
           contract: Any = None, trusted_provenance: bool = False, max_in_force: int | None = None,
           feedback: str | None = None, feedback_kind: str = "user") -> CurateResult:
    """Apply validated deltas to the store's current lessons and stage the result as `candidate.json`.

    Every ADD and EDIT passes the vet (:mod:`altimate_learn.gates.screen`) before it is applied: ``vet``
    carries the verdicts of a model's vet call (:class:`altimate_learn.gates.vet.VetResult`, keyed
    ``c<index of the delta>``, plus stored lesson ids for re-vets); without it the deterministic vet runs.
    ``author`` is ``"model"`` (fails closed: dropped with a reason) or ``"person"`` (fails open: at worst
    quarantined); ``channel`` names the source for the stamps (correction, review, remember, learner, …);
    ``skip_vet`` is for records verified in code (the tool-errors channel). Stale and never-vetted stored
    lessons are re-vetted too.

    ``replace(removed_lesson, reason)`` is the replacement step's model call: it returns the corrected rule,
    or None for "no replacement"; raising counts as a failed attempt, except :class:`NotAttempted` (or a bare
    ``LookupError``), which leaves the record untouched. Without it, removals are queued.
    ``op`` names the history entry ("reflect" or "curate"; default: "reflect" when a model or session is
    given). Malformed deltas are dropped with a reason; they never raise.
    ``trusted_provenance``: keep a delta's ``provenance`` (where the lesson came from, e.g. an agent's
    memory) on the lesson it adds or edits. Only callers that wrote it themselves pass True; a model's
    deltas cannot claim a source.
    ``feedback`` / ``feedback_kind``: the (redacted) feedback this reflection read and its kind (verifier, ci,
    review, user); a queued replacement keeps them, as altimate-code's does, for the narrow model call.
    """
    from altimate_learn.errors import LearnError

    now = now or utc_now()
    if apply_paths:
        for glob in apply_paths:
            problem = _path_problem(glob)
            if problem:
                raise LearnError(f"--apply-paths: {problem}.", "Pass globs relative to the project root.")
    cap = max_stored if max_stored is not None else None
    with store.lock():
        if cap is None or max_in_force is None:
            stored_limit, force_limit = _limits(store)
            cap = stored_limit if cap is None else cap
            max_in_force = force_limit if max_in_force is None else max_in_force
        from altimate_learn.curate.lintcache import Passed

        passed = Passed()  # digests of texts that passed before (user cache): only changed lessons are linted
        cache = prepared.Cache()  # what earlier curations learned about these very files (user cache)
        base_file, base, approved_file = _read_base(store, passed, cache)
        approved_ids = set(approved_file.ids) if approved_file is not None else set()
        retired_file = prepared.read(store, store.RETIRED, cache)
        retired_before = retired_file.lessons if retired_file is not None else []
        postings = cache.postings(base_file.digest, len(base)) if base_file is not None else None
        base_flagged = base_file.flagged if base_file is not None else []
        indexes, postings, built = prepared.prepare(base, postings)  # built: a file not seen before
        if base_file is not None and (built is not None or base_flagged is None):
            # Remember what this file is for next time: its postings and its flagged lessons.
            base_flagged = _flagged(base, passed) if base_flagged is None else base_flagged
            cache.remember(base_file.digest, "lessons", base_file.canonical, built, len(base), base_flagged,
                           ids=base_file.ids)
        harmful_from = _read_harmful(store)
        pending = _read_pending(store)
        items, wrapper_problem = _unwrap(deltas)
        from altimate_learn.gates.quarantine import read as read_quarantine
        from altimate_learn.gates.screen import Screen

        quarantined_before = {q["id"] for q in read_quarantine(store)}
        work = _Pass(base, harmful_from=harmful_from, feedback=feedback_key(session_id, list(feedback_ids)),
                     now=now, apply_paths=list(apply_paths) if apply_paths else None,
                     taken_ids={r["id"] for r in retired_before} | quarantined_before, approved_ids=approved_ids,
                     indexes=indexes)
        # The channel a lesson was learned through (`learn doctor` counts them); sources that do not name one
        # are known by their history op (imported agent memories: "memory").
        channel = channel or {"import-memories": "memory"}.get(op or "", op)
        work.screen = Screen(store, author=author, channel=channel, vet=vet, skip_vet=skip_vet, contract=contract)
        if wrapper_problem:
            work.reject(None, wrapper_problem, "malformed")
        parsed: list[_Delta] = []
        for index, raw in enumerate(items[:MAX_DELTAS]):
            delta, problem = _parse(raw, index)
            if delta is None:
                work.reject(None, problem or "malformed delta", "malformed", raw=raw)
                work.rejected[-1]["index"] = index
            else:
                if not trusted_provenance:
                    delta.provenance = None
                parsed.append(delta)
        if len(items) > MAX_DELTAS:
            work.reject(None, f"{len(items) - MAX_DELTAS} more deltas dropped: at most {MAX_DELTAS} per reflection",
                        "too-many")
        work.plan_evidence(parsed)
        # REMOVEs are applied last: an ADD anywhere in the batch that replaces the removed lesson turns the
        # removal into a supersede (new lesson in the old one's place), whatever order the model wrote.
        for delta in parsed:
            if delta.op == "ADD":
                work.add(delta)
            elif delta.op == "EDIT":
                work.edit(delta)
            elif delta.op in ("HELPFUL", "HARMFUL"):
                work.mark(delta)
        for delta in parsed:
            if delta.op == "REMOVE":
                work.remove(delta)
        work.auto_remove()

        # Replacement step: lessons removed as wrong that nothing in this pass replaces.
        stale = _drop_stale_pending(store, work, pending, approved_ids)
        queued = _queue_replacements(work, pending, now, feedback or "",
                                     feedback_kind if feedback_kind in FEEDBACK_KINDS else "user")
        attempted = _run_replacements(work, pending, replace)
        work.screen.revet(work, approved_ids)
        from altimate_learn.curate.cap import enforce, write_outside

        capped = enforce(store, work, max_in_force, author=author, channel=channel, now=now)
        work.evict(cap)
        work.finish()

        candidate = work.lessons
        work.rejected.sort(key=lambda r: r.get("index", len(items)))
        changed = candidate != base
        # What differs from the base, by id and text: old texts gone, new texts in.
        gone = {lid: old["text"] for lid, old in work.before.items()
                if lid not in work.by_id or work.by_id[lid]["text"] != old["text"]}
        new_texts = {lesson["id"]: lesson["text"] for lesson in candidate
                     if lesson["id"] not in work.before or work.before[lesson["id"]]["text"] != lesson["text"]}
        flagged = _flagged(candidate, passed, new_texts, base_flagged)
        if changed:
            data = prepared.write(store, store.CANDIDATE, candidate, base_file)
            after = prepared.postings_after(postings, gone, new_texts, len(candidate)) if postings else None
            written = prepared.LessonFile(candidate, data, hashlib.sha256(data).hexdigest(), True, flagged)
            cache.remember(written.digest, "lessons", True, after, len(candidate), flagged, ids=written.ids)
            # Each lesson of it is one of the base (linted above) or passed lint in this pass: the next
            # reflection, which reads it, need not lint them again.
            if all(text in work.linted for text in new_texts.values()):
                passed.add(_files_key(written, approved_file), "files")
        if work.retired:
            merged = {r["id"]: r for r in retired_before}
            for record in work.retired:
                merged[record["id"]] = record
            retired = list(merged.values())
            data = prepared.write(store, store.RETIRED, retired, retired_file)
            cache.remember(hashlib.sha256(data).hexdigest(), "retired", True, ids=[r["id"] for r in retired])
        if work.harmful_from != harmful_from:
            store.write_json(store.HARMFUL, work.harmful_from)
        if queued or attempted or stale:
            store.rewrite_jsonl(store.PENDING_REPLACEMENTS, pending)
        if capped.changed:
            write_outside(store, capped.outside)
        work.screen.commit({lesson["id"] for lesson in candidate} | approved_ids)
        passed.save()
        summary = _summary(work.applied, work.rejected, len(pending))
        history_op = op or ("reflect" if (model or session_id) else "curate")
        entry = store.record_history(
            history_op, session=session_id, feedback=list(feedback_ids) or None, model=model,
            usage=usage or None, applied=work.applied, rejected=work.rejected, summary=summary,
            candidate=len(candidate) if changed else None, flagged=flagged or None,
            pending_replacements=len(pending) or None, replacements=work.replacements or None,
            vet=work.screen.summary(), channel=channel, author=author if author != "model" else None,
            cap=capped.to_json() if (capped.folded or capped.traded or capped.waiting or capped.entered) else None)
        return CurateResult(candidate=candidate, applied=work.applied, rejected=work.rejected, flagged=flagged,
                            retired=work.retired, replacements_needed=[_pending_view(p) for p in pending],
                            summary=summary, changed=changed, history=entry, harmful_from=work.harmful_from,
                            replacements=work.replacements, quarantined=work.screen.quarantined,
                            vet=work.screen.summary(), cap=capped)


def _pending_view(record: dict) -> dict:
    return {"id": record["id"], "text": redact(record["text"]), "attempts": record.get("attempts", 0),
            "reasons": [redact(r) for r in record.get("reasons", [])]}


def _drop_stale_pending(store: Store, work: _Pass, pending: list[dict], approved_ids: set[str]) -> int:
    """Drop pending replacements that no longer stand for an approved lesson removed as wrong.

    A record is stale when its lesson is back in the working set (the removal was undone, e.g. by
    `learn reject ID`) or when the lesson was never approved: not in approved.json nor in any archived
    version (older releases queued candidate-only lessons; they were carried forever)."""
    if not pending:
        return 0
    ever_approved = set(approved_ids)
    if any(p["id"] not in ever_approved for p in pending):
        for number in store.versions():
            try:
                ever_approved.update(lesson["id"] for lesson in store.read_version(number))
            except LearnError:
                continue  # an unreadable archive says nothing either way
    stale = [p for p in pending if p["id"] in work.by_id or p["id"] not in ever_approved]
    for record in stale:
        pending.remove(record)
    return len(stale)


def _queue_replacements(work: _Pass, pending: list[dict], now: str, feedback: str, kind: str) -> int:
    """Queue each lesson removed as wrong that no new or edited lesson of this pass replaces."""
    queued = 0
    changed_ids = {a["id"] for a in work.applied if a["op"] in ("ADD", "EDIT") and a.get("note") != "no change"}
    for removed, reason in work.removed_as_wrong:
        rid = removed["id"]
        anchors = identifiers(removed["text"])
        polar = polar_spans(removed["text"])
        replaced = False
        if anchors or polar:
            for lid, _ids in work.index.overlapping(anchors, polar=polar).items():
                lesson = work.by_id.get(lid)
                if lid in changed_ids and lesson is not None and rid not in (lesson.get("coexists") or []):
                    replaced = True
                    break
        if replaced or any(p["id"] == rid and p["text"] == removed["text"] for p in pending):
            continue
        pending.append({"id": rid, "text": redact(removed["text"]), "reasons": [_echo(reason, MAX_REASON_CHARS)],
                        "feedback": redact(feedback)[:FEEDBACK_CAP], "kind": kind, "attempts": 0, "at": now})
        queued += 1
    return queued


def _run_replacements(work: _Pass, pending: list[dict], replace: Callable[[dict, str], str | None] | None) -> int:
    """At most MAX_REPLACEMENTS narrow calls; the answer is an ADD like any other (lint, dedupe, limits).

    Each outcome is recorded in ``work.replacements`` (and the history entry)."""
    if replace is None:
        return 0
    attempted = 0

    def failed(record: dict, error: str) -> None:
        record["attempts"] = record.get("attempts", 0) + 1
        record["last_error"] = _echo(error, 200)
        outcome = f"failed: {record['last_error']}"
        if record["attempts"] >= MAX_REPLACEMENT_ATTEMPTS:
            pending.remove(record)
            outcome += f" (dropped after {MAX_REPLACEMENT_ATTEMPTS} attempts)"
        work.replacements.append({"id": record["id"], "result": outcome})

    for record in list(pending):
        if attempted >= MAX_REPLACEMENTS:
            break
        attempted += 1
        reason = "; ".join(record.get("reasons", [])) or "removed as wrong"
        try:
            answer = replace(dict(record), reason)
        except NotAttempted:
            continue  # the caller made no call for this one (e.g. out of time): not an attempt
        except LookupError as exc:
            if type(exc) is LookupError:  # the same; KeyError/IndexError are bugs, counted as failures
                continue
            failed(record, str(exc) or type(exc).__name__)
            continue
        except Exception as exc:  # a failed call keeps the record for the next reflection
            failed(record, str(exc) or type(exc).__name__)
            continue
        record["attempts"] = record.get("attempts", 0) + 1
        if answer is None or (isinstance(answer, str) and answer.strip().lower() in ("", "none")):
            pending.remove(record)  # the model says nothing should replace it
            work.replacements.append({"id": record["id"], "result": "none needed"})
            continue
        before = len(work.applied)
        delta, problem = _parse({"op": "ADD", "text": answer, "reason": f"replacement for {record['id']}"}, -1)
        if delta is not None:
            work.add(delta)
        else:
            work.reject(None, problem or "malformed replacement", "malformed", raw={"op": "ADD", "text": answer})
        added = [a for a in work.applied[before:] if a["op"] in ("ADD", "HELPFUL")]
        if added:
            for a in added:
                a["note"] = (a.get("note", "") + "; replacement").strip("; ")
            pending.remove(record)
            work.replacements.append({"id": record["id"], "result": f"{added[0]['op']} {added[0]['id']}"})
        else:
            outcome = f"rejected: {work.rejected[-1]['reason']}" if work.rejected else "rejected"
            if record["attempts"] >= MAX_REPLACEMENT_ATTEMPTS:
                pending.remove(record)
                outcome += f" (dropped after {MAX_REPLACEMENT_ATTEMPTS} attempts)"
            work.replacements.append({"id": record["id"], "result": outcome})
    return attempted
