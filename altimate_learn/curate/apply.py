"""The apply loop: one reflection's curation pass (:class:`_Pass`) over an in-memory lesson list.

It applies validated deltas under the per-reflection limits, in the curator's rules (see
:mod:`altimate_learn.curate.curator`): lint, the overlap check on shared backtick identifiers and opposite
rules, dedupe of restatements into HELPFUL votes, implicit supersedes of contradicted lessons, removal for
harm, eviction over the store cap, and the bookkeeping (applied and rejected entries, retired records) the
curator writes afterwards. It reads and writes no file.
"""

from __future__ import annotations

import collections
import hashlib
import heapq
import itertools
import operator
import re
from typing import Any

from altimate_learn.curate import prepared
from altimate_learn.curate.anchors import AnchorIndex, identifiers
from altimate_learn.curate.deltas import MAX_REASON_CHARS, OPS, _clip, _Delta, _echo
from altimate_learn.curate.lint import lint
from altimate_learn.curate.names import (added_span, another_scope, code_names, names_beyond, one_place_apart, opposed,
                                         reversed_choice, values_swapped, words_apart)
from altimate_learn.curate.polarity import contradictions, negations, polar_spans
from altimate_learn.redact import redact
from altimate_learn.schema import make_lesson, new_lesson_id

MAX_ADDS = 3
MAX_EDITS = 3
WITHHELD = "[withheld: the text looks like it holds a secret]"  # what a rejection records of such a text


def unredactable_secret(text: str) -> bool:
    """``text`` still looks like it holds a secret once redacted: the redactor did not name the value (a base64 key
    with '/' in it, a long random token), so the text may be kept nowhere."""
    from altimate_learn.curate.rules.secrets import looks_secret

    # what the redactor named is gone with the word it sat in ("password=[REDACTED:password]" still reads as an
    # assignment of a secret, and the text it left is safe to keep)
    return looks_secret(_PLACEHOLDER_WORD.sub(" ", redact(text)))


_PLACEHOLDER_WORD = re.compile(r"\S*\[REDACTED(?::[^\]\s]*)?\]\S*")
MAX_REMOVES = 3
DEDUPE_THRESHOLD = 0.6
# a short rule (at most SHORT_RULE words of content) that differs from a lesson in one place shares few of its words:
# "Store timestamps in UTC." and "… in local time." are at 0.4. Lessons down to SHORT_NEAR are read for another value,
# an opposite or a difference to point out, never counted as votes
SHORT_RULE = 6
SHORT_NEAR = 0.4
HARMFUL_MIN = 2
HARMFUL_MIN_FEEDBACKS = 2

Lesson = dict[str, Any]

word_set = prepared.word_set
jaccard = prepared.jaccard


def opposite(a: str, b: str) -> bool:
    """Two texts that say opposite things: opposite rules for a backticked name, one negated prose, or the same two
    choices the other way round ("Use npm, not pnpm." of "Use pnpm, not npm.")."""
    return bool(contradictions(a, b)) or negations(a) % 2 != negations(b) % 2 or reversed_choice(a, b)


def _exception(text: str, paths: list[str] | None, lesson: Lesson) -> str:
    """Where ``text`` is an exception to ``lesson``, which holds everywhere (:func:`~altimate_learn.gates.offline.
    exception_of`: its situation, file globs or the narrower things it names), or ""."""
    from altimate_learn.gates.offline import Rule, exception_of

    return exception_of(Rule(text, paths=paths), Rule(lesson["text"], paths=(lesson.get("trigger") or {}).get("paths")))


_NEGATION_ONLY = re.compile(r"(?:never|not|no|don'?t|do not|avoid)")


def _repeats(new: str, old: str) -> bool:
    """``new`` is ``old``'s whole sentence with one run of words added or left out that is not a bare negation:
    "Use named exports, never default exports." of "Use named exports." sharpens it, where "Never use `uv` instead of
    `pip`." of "Use `uv` instead of `pip`." is its opposite (review37 R37-11)."""
    span = added_span(new, old) or added_span(old, new)
    return span is not None and not _NEGATION_ONLY.fullmatch(span[0].lower())


_EMPHASIS = frozenset("always please strictly really just consistently all every".split())


def _restates(new: str, old: str, quoted: bool = False) -> tuple[str, str] | None:
    """How an ADD below the dedupe threshold relates to a lesson whose whole sentence it repeats with one run of words
    added or left out (:func:`~altimate_learn.curate.names.added_span`; review36 R36-11): ("vote", note) when it says
    no more (words left out, or only emphasis added); ("replace", the words) when it adds a detail ("… to install
    dependencies"), staged as replacing the lesson for a person to approve; ("beside", note) when the words narrow or
    widen where it holds ("for the CLI"), a second rule. None when it is no such repeat. Without ``quoted`` the
    beside kinds are only "adding" or "without"."""
    more = added_span(new, old)
    if more is not None:
        said, narrows = more
        if narrows:
            return "beside", f'adding "{said}"' if quoted else "adding"
        if set(said.lower().split()) <= _EMPHASIS:
            return "vote", f'restated with "{said}" added'
        return "replace", said
    less = added_span(old, new)
    if less is not None:
        said, narrowed = less
        if narrowed:
            return "beside", f'without "{said}"' if quoted else "without"
        return "vote", f'restated without "{said}"'
    return None


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


def _copy_lessons(lessons: list[Lesson]) -> list[Lesson]:
    """:func:`_copy_lesson` of each lesson (the dicts copied in C; only the lists and objects inside them,
    which few lessons have besides `tags`, one by one)."""
    out = list(map(dict, lessons))
    tagged = list(_with(out, "tags"))
    values = list(map(_TAGS, tagged))
    if all(map(operator.is_, map(type, values), itertools.repeat(list))):  # as learn validates them: in C
        collections.deque(map(operator.setitem, tagged, itertools.repeat("tags"), map(list.copy, values)), maxlen=0)
    else:
        for lesson in tagged:
            tags = lesson["tags"]
            if type(tags) is list:
                lesson["tags"] = tags[:]
            elif tags is not None:
                lesson["tags"] = _copy(tags)
    for key in ("coexists", "trigger"):
        for lesson in _with(out, key):
            value = lesson[key]
            if value is not None:
                lesson[key] = value[:] if type(value) is list else _copy(value)
    return out


def _position(lessons: list[Lesson], lesson: Lesson) -> int:
    """Where ``lesson`` (this very object) is in ``lessons``: ``list.index`` compares dicts key by key until
    one differs, which adds up over 10,000 lessons; an identity test does not. The identity tests run in C
    and stop at the lesson (ValueError when it is not there, as ``list.index``)."""
    for at in itertools.compress(itertools.count(), map(operator.is_, lessons, itertools.repeat(lesson))):
        return at
    raise ValueError("lesson is not in list")


_ID = operator.itemgetter("id")
_TEXT = operator.itemgetter("text")
_HELPFUL = operator.methodcaller("get", "helpful", 0)
_TAGS = operator.itemgetter("tags")
_HARMFUL = operator.methodcaller("get", "harmful", 0)
_NOT_THERE = {"text": None}


def changed_texts(lessons: list[Lesson], before: dict[str, Lesson],
                  same: list[bool] | None = None, ids: list[str] | None = None) -> tuple[list[bool], list[str]]:
    """For each lesson, whether it is new or its text differs from its version in ``before`` (id -> lesson);
    and the lessons' ids. (Mapped in C: an unchanged lesson's text is the very string read, compared by
    identity first.) ``same``, when known: for each lesson, whether it equals its version in ``before``
    (then its text does too: only the others are compared). ``ids``, when known: the lessons' ids, in order."""
    if ids is None or len(ids) != len(lessons):
        ids = list(map(_ID, lessons))
    if same is not None and len(same) == len(lessons):
        out = list(map(operator.not_, same))
        for at in itertools.compress(range(len(out)), out):
            out[at] = lessons[at]["text"] != before.get(ids[at], _NOT_THERE)["text"]
        return out, ids
    old_texts = map(_TEXT, map(before.get, ids, itertools.repeat(_NOT_THERE)))
    return list(map(operator.ne, map(_TEXT, lessons), old_texts)), ids


def _with(lessons: list[Lesson], key: str) -> Any:
    """The lessons that have ``key``, in order (found in C: few lessons carry `coexists`)."""
    return itertools.compress(lessons, map(operator.contains, lessons, itertools.repeat(key)))


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


class _Pass:
    """One reflection's worth of curation over an in-memory lesson list."""

    def __init__(self, lessons: list[Lesson], *, harmful_from: dict[str, list[str]], feedback: str | None,
                 now: str, apply_paths: list[str] | None, taken_ids: set[str],
                 approved_ids: set[str] | None = None,
                 indexes: tuple[AnchorIndex, prepared.WordIndex] | None = None) -> None:
        self.lessons = _copy_lessons(lessons)
        # Lessons of approved.json. None = all of them (callers that curate without a store).
        self.approved_ids = approved_ids
        ids = list(map(_ID, lessons))
        self.by_id = dict(zip(ids, self.lessons))
        self.before = dict(zip(ids, lessons))  # as read (never changed): `updated` moves
        self.harmful_from = {k: list(v) for k, v in harmful_from.items()}
        self.feedback = feedback
        self.now = now
        self.apply_paths = apply_paths
        self.taken = set(self.by_id)  # ids in use: the set's, then those of retired and quarantined lessons
        self.taken.update(taken_ids)
        self.applied: list[dict] = []
        self.rejected: list[dict] = []
        self.retired: list[Lesson] = []
        self.retired_by_id: dict[str, Lesson] = {}
        self.removed_as_wrong: list[tuple[Lesson, str]] = []
        self.replacements: list[dict] = []  # outcomes of the replacement step
        self.helped: set[str] = set()
        self.restate_replaces = True  # (curator.curate sets it per caller)
        self.harmed: set[str] = set()
        self.adds = self.edits = self.removes = 0
        # Word and identifier postings of the lessons (cached for a known file: see curate.prepared).
        self.index, self.words = indexes if indexes is not None else prepared.build_postings(self.lessons)
        self.contradicted: set[str] = set()
        self.linted: set[str] = set()  # texts that passed lint (as a model's) in this pass
        self.screen: Any = None  # the vet gate (altimate_learn.gates.screen.Screen)
        self.same: list[bool] | None = None  # after finish(): each lesson equal to its version read, or not
        self.ids: list[str] | None = None  # after finish(): the ids of the lessons, in order

    # -- bookkeeping
    def reject(self, delta: _Delta | None, reason: str, rule: str | None = None, raw: Any = None) -> None:
        source = delta.raw if delta is not None else raw
        text = source.get("text") if isinstance(source, dict) else None
        # a secret the lint sees and the redactor does not name: the text is kept nowhere, in quarantine or history,
        # since no redaction of it can be trusted (review40 R40-13: a base64 key with '/' in it)
        withheld = rule == "secret" and isinstance(text, str) and unredactable_secret(text)
        if (self.screen is not None and self.screen.author == "person" and delta is not None
                and delta.op in ("ADD", "EDIT") and not withheld):
            return self.screen.quarantine_delta(delta, self, reason, rule=rule)  # a person's rule is kept
        entry: dict[str, Any] = {"reason": reason}
        if isinstance(source, dict):
            op = source.get("op")
            entry["op"] = op.strip().upper() if isinstance(op, str) and op.strip().upper() in OPS else _echo(op, 20)
            if isinstance(source.get("id"), str):
                entry["id"] = _echo(source["id"], 40)
            if isinstance(source.get("text"), str):
                entry["text"] = WITHHELD if withheld else _echo(source["text"])
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

    def in_order(self, lesson_ids: Any) -> list[str]:
        """``lesson_ids`` (ids of lessons in the set, each once) sorted by their place in the set, as
        ``sorted(lesson_ids, key=self.position)``: with several, one pass over the set finds them all (each
        place alone is a pass over 10,000 lessons); one needs no pass."""
        ids = list(lesson_ids)
        if len(ids) < 2:
            for lesson_id in ids:
                self.by_id[lesson_id]  # noqa: B018 - an id not in the set raises, as position() does
            return ids
        wanted = set(ids)
        lessons = self.lessons
        found = list(map(_ID, itertools.compress(lessons, map(wanted.__contains__, map(_ID, lessons)))))
        if len(found) != len(ids) or set(found) != wanted:
            return sorted(ids, key=self.position)  # not what the set holds: as before (raises)
        return found

    def new_id(self) -> str:
        lesson_id = new_lesson_id(self.taken)
        self.taken.add(lesson_id)
        return lesson_id

    def drop(self, lesson: Lesson, *, listed: bool = True) -> None:
        """Take ``lesson`` out of the working set without a retired record (``listed=False``: it is out of
        ``lessons`` already)."""
        if listed:
            del self.lessons[_position(self.lessons, lesson)]
        del self.by_id[lesson["id"]]
        self.words.pop(lesson["id"], None)
        self.index.remove(lesson["id"])

    def retire(self, lesson: Lesson, reason: str, superseded_by: str | None = None, *, dropped: bool = False) -> None:
        self.drop(lesson, listed=not dropped)
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
        lessons = self.lessons  # (compared in C: at 10,000 lessons, a few are more harmful than helpful)
        self.contradicted.update(map(_ID, itertools.compress(lessons, map(operator.gt, map(_HARMFUL, lessons),
                                                                           map(_HELPFUL, lessons)))))

    # -- ops
    def declare_apart(self, delta: Any, text: str, paths: list[str] | None, overlap: dict[str, set[str]]) -> None:
        """Lessons ``delta`` shares a name with but that hold in places no file is in both ("In `tests/`, use
        `pytest` fixtures" beside "In `scripts/`, never use `pytest` fixtures", or path triggers that cannot meet:
        :mod:`altimate_learn.gates.scopes`) sit beside it: declared in its ``coexists``, not an overlap to refuse."""
        if not overlap:
            return
        from altimate_learn.gates.scopes import disjoint, lesson_scopes, rule_scopes

        mine = rule_scopes(text, paths)
        if not mine:
            return
        apart = [lid for lid in self.in_order(overlap) if lid not in delta.coexists and lid in self.by_id
                 and disjoint(mine, lesson_scopes(self.by_id[lid]))]
        if apart:
            delta.coexists = list(dict.fromkeys(list(delta.coexists) + apart))

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
        anchors = identifiers(text)
        overlap = self.index.overlapping(anchors, exclude=[delta.supersedes] if delta.supersedes else [],
                                         polar=polar_spans(text))
        self.declare_apart(delta, text, delta.paths if delta.paths is not None else self.apply_paths, overlap)
        declared = set(delta.coexists)
        undeclared = {lid: ids for lid, ids in overlap.items() if lid not in declared}
        swapped = ""
        # Dedupe: a restatement of an existing lesson is a HELPFUL vote, unless this ADD replaces or
        # explicitly sits beside that lesson, or the lesson is contradicted in this reflection.
        if not delta.supersedes:
            # Only lessons at the threshold can win, so only they are scored; in store order, as ever.
            near = self.words.similar(word_set(text), DEDUPE_THRESHOLD)
            best_id, best = None, 0.0
            swap_id, swap, swap_note = None, 0.0, ""
            apart_id, apart_words = None, []
            for lid in self.in_order(near):
                lesson = self.by_id[lid]
                if lid in declared:
                    continue
                score = near[lid]
                if lid in self.contradicted and score < 1.0:
                    continue  # a corrected near-duplicate replaces the contradicted lesson (below)
                if score >= DEDUPE_THRESHOLD and opposite(text, lesson["text"]) and not _repeats(text, lesson["text"]):
                    # "Never use X" is not a vote for "Use X", however many words they share; in plain prose (no
                    # code name for the overlap check to weigh) it replaces it for a person to decide, as another
                    # value does: both in force would tell the agent two opposite things
                    if not code_names(text) and not code_names(lesson["text"]) and score > swap \
                            and lid not in self.contradicted and lid not in self.helped:
                        swap_id, swap, swap_note = lid, score, "says the opposite of the lesson it replaces"
                    continue
                apart = words_apart(text, lesson["text"])
                if apart is not None:
                    # "Add docs for every new endpoint." is no vote for "Add tests …", nor "The events table is
                    # partitioned by day." for "The orders table … by month.": added beside it, with a note
                    if apart_id is None:
                        apart_id, apart_words = lid, apart
                    continue
                if names_beyond(text, lesson["text"]):
                    continue  # "… in `models/intermediate/`" is not a vote for "… in `models/staging/`"
                scope = another_scope(text, lesson["text"])
                if scope is not None:
                    if apart_id is None:  # "Write tests for the CLI." beside "… for the API." (review31 R31-5)
                        apart_id, apart_words = lid, [scope]
                    continue
                if values_swapped(text, lesson["text"]):
                    if score > swap and lid not in self.contradicted and lid not in self.helped:
                        swap_id, swap, swap_note = lid, score, "states another value than the lesson it replaces"
                    continue  # "… on Postgres 15" is no vote for "… on Postgres 16": it replaces it (below)
                relation = _restates(text, lesson["text"], quoted=True) or ("", "")
                if relation[0] == "beside" and relation[1].startswith(("without", 'adding "only', 'adding "except',
                                                                        'adding "unless', 'adding "without',
                                                                        'adding "when', 'adding "if', 'adding "but')):
                    # "Run the linter before pushing." is no vote for "… before pushing in the API.", nor "Never commit
                    # to main without a review." for "Never commit to main.": a second rule, noted (below)
                    continue
                if score > best:
                    best_id, best = lid, score
            words = word_set(text)
            if best_id is None and swap_id is None and apart_id is None and len(words) <= SHORT_RULE:
                for lid in self.in_order(self.words.similar(words, SHORT_NEAR)):
                    other = self.by_id[lid]["text"]
                    if lid in near or lid in declared or lid in self.contradicted or lid in self.helped:
                        continue
                    if _repeats(text, other):
                        continue  # its whole sentence with words added or left out: read below (review37 R37-11)
                    place = one_place_apart(text, other)
                    if place is None:
                        continue
                    narrower = _exception(text, delta.paths, self.by_id[lid]) if opposite(text, other) else ""
                    if narrower:
                        # "Commit hotfixes directly to main." to "Never commit to main.": an exception, both hold
                        # (the narrower where it applies); replacing would drop the rule everywhere else (R35-19)
                        delta.coexists = list(dict.fromkeys(list(delta.coexists) + [lid]))
                        declared.add(lid)
                        undeclared.pop(lid, None)
                        where = narrower if " " in narrower else f'for "{narrower}"'
                        note = (f'an exception to {lid} ("{other[:80]}") {where}: both kept, this one where it '
                                f"applies (`learn retire {lid}` if it replaces that rule)")
                        delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
                    elif (opposite(text, other) or opposed(*place)) and not (code_names(text) or code_names(other)):
                        swap_id, swap_note = lid, "says the opposite of the lesson it replaces"
                    else:
                        # another value ("Indent with spaces." / "… tabs.") or a second scope ("Write tests for the
                        # CLI." / "… for the API.", review31 R31-5): which, the words cannot tell; both stay, named
                        apart_id, apart_words = lid, [place]
                    break
            restated = ""
            if best_id is None and swap_id is None and apart_id is None:
                paths = delta.paths if delta.paths is not None else self.apply_paths
                for lid in self.in_order(self.words.similar(words, SHORT_NEAR)):
                    other = self.by_id[lid]
                    if lid in declared or lid in self.contradicted or lid in self.helped \
                            or sorted((other.get("trigger") or {}).get("paths") or []) != sorted(paths or []) \
                            or (opposite(text, other["text"]) and not _repeats(text, other["text"])):
                        continue
                    relation = _restates(text, other["text"], quoted=True)
                    if relation is None or (lid in near and relation[:1] != ("beside",)
                                            and not names_beyond(text, other["text"])):
                        continue  # at the threshold, only a rule that holds in more places (or names more code,
                        # which is no vote above: "… and `poetry`", review38 R38-9) is read here
                    kind, said = relation
                    if kind == "replace" and not self.restate_replaces:
                        break  # a person's rule is reconciled by the screen; a memory import notes "may repeat"
                    if kind == "vote":
                        best_id, best, restated = lid, near.get(lid, 0.0), said
                    elif kind == "replace" and lid not in self.helped:
                        swap_id, swap_note = lid, f'restates {lid}, adding "{said}"'
                    else:
                        note = f'says what {lid} says, {said}: keep both, or reject one'
                        delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
                    break
            if best_id is not None and (best >= DEDUPE_THRESHOLD or restated):
                if best_id in self.helped:
                    return self.reject(delta, f"duplicate of {best_id}, already marked HELPFUL in this reflection",
                                       "duplicate")
                self.helped.add(best_id)
                self.by_id[best_id]["helpful"] = self.by_id[best_id].get("helpful", 0) + 1
                self.record("HELPFUL", best_id, delta.reason,
                            note=restated or f"duplicate ADD (similarity {best:.2f})",
                            count=self.by_id[best_id]["helpful"])
                return None
            if swap_id is not None:
                # the same rule with another value (a number, a version, a named tool or day): an update or a
                # conflict, staged as replacing the old lesson so a person sees both and decides (as `learn remember`)
                delta.supersedes = swap_id
                undeclared.pop(swap_id, None)
                swapped = swap_note
            elif apart_id is not None:
                count = ({1: "one word", 2: "two words", 3: "three words"}.get(len(apart_words), f"{len(apart_words)} words")
                         if not any(" " in x + y for x, y in apart_words) else
                         "one place" if len(apart_words) == 1 else f"{len(apart_words)} places")
                said = ", ".join(f'"{x}" for "{y}"' for x, y in apart_words)
                note = f"differs from {apart_id} in {count} ({said}): keep both, or reject one"
                delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
        implicit: list[str] = []
        if undeclared:
            if all(lid in self.contradicted for lid in undeclared):
                implicit = self.in_order(undeclared)
            else:
                blocking = {lid: ids for lid, ids in undeclared.items() if lid not in self.contradicted}
                parts = ", ".join(f"{lid} on {', '.join(sorted(blocking[lid]))}" for lid in self.in_order(blocking))
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
            if swapped:
                entry["note"] = swapped
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
        overlap = self.index.overlapping(identifiers(text), exclude=[target["id"]], polar=polar_spans(text))
        self.declare_apart(delta, text, delta.paths if delta.paths is not None
                           else (target.get("trigger") or {}).get("paths"), overlap)
        declared = set(delta.coexists)
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
        for other in list(_with(self.lessons, "coexists")):
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
    def harmful_due(self) -> list[tuple[Lesson, str]]:
        """The lessons removal for harm takes out now, each with its reason."""
        # Below HARMFUL_MIN harmful marks (the common case) a lesson is not looked at further (found in C).
        lessons = self.lessons
        marked = map(operator.not_, map(operator.lt, map(_HARMFUL, lessons), itertools.repeat(HARMFUL_MIN)))
        out = []
        for lesson in itertools.compress(lessons, marked):
            harmful = lesson.get("harmful", 0)
            helpful = lesson.get("helpful", 0)
            sources = self.harmful_from.get(lesson["id"], [])[:harmful]
            if lesson.get("pinned") or harmful <= helpful or len(sources) < HARMFUL_MIN_FEEDBACKS:
                continue
            out.append((lesson, f"harmful: {harmful} harmful vs {helpful} helpful marks from {len(sources)} feedbacks"))
        return out

    def evictable(self, max_stored: int) -> int:
        """How many lessons :meth:`evict` would take out over ``max_stored`` (pinned ones never)."""
        excess = len(self.lessons) - max_stored
        return min(excess, sum(1 for lesson in self.lessons if not lesson.get("pinned"))) if excess > 0 else 0

    def auto_remove(self) -> None:
        for lesson, reason in self.harmful_due():
            lid = lesson["id"]
            self.retire(lesson, reason)
            self.harmful_from.pop(lid, None)
            self.removed_as_wrong.append((self.retired_by_id[lid], reason))
            self.record("REMOVE", lid, reason, note="harmful", text=lesson["text"])

    def evict(self, max_stored: int) -> None:
        excess = len(self.lessons) - max_stored
        if excess <= 0:
            return
        order = {lesson["id"]: n for n, lesson in enumerate(self.lessons)}
        # Lowest helpful − harmful first, then the oldest; a lesson added now is the youngest. Evicting one does
        # not change another's place (the key is the lesson's own, and unique by its place), so the victims are
        # the `excess` smallest of the unpinned lessons, in that order: one selection, not a search of the
        # whole store per victim (a store of 10,000 lessons over a cap of 1,000 took minutes).
        pool = [l for l in self.lessons if not l.get("pinned")]
        victims = heapq.nsmallest(excess, pool, key=lambda l: (_score(l), str(l.get("created", "")),
                                                               order.get(l["id"], 0)))
        gone = set(map(id, victims))  # one pass over the working set, not one list deletion per victim
        self.lessons[:] = [lesson for lesson in self.lessons if id(lesson) not in gone]
        for victim in victims:
            self.retire(victim, f"evicted: over the store cap (max_stored={max_stored})", dropped=True)
            self.harmful_from.pop(victim["id"], None)
            self.record("REMOVE", victim["id"], f"store cap (max_stored={max_stored})", note="evicted",
                        text=victim["text"])

    def finish(self) -> None:
        linked = list(_with(self.lessons, "coexists"))
        present = set(self.by_id) if linked else set()  # (at 10,000 lessons, few or none carry `coexists`)
        for lesson in linked:
            co = lesson["coexists"]
            if co is not None:
                kept = [c for c in co if c in present and c != lesson["id"]]
                if kept:
                    lesson["coexists"] = kept
                else:
                    del lesson["coexists"]
        # Lessons equal to their version read are left alone; the comparisons run in C.
        self.ids = list(map(_ID, self.lessons))  # the lessons' ids, in order (for the writer and the checks after)
        olds = list(map(self.before.get, self.ids))
        self.same = list(map(operator.eq, self.lessons, olds))  # for writing them (as read: copied as they are)
        for lesson, before in itertools.compress(zip(self.lessons, olds), map(operator.not_, self.same)):
            if before is not None and _content(lesson) != _content(before):
                lesson["updated"] = self.now
        self.harmful_from = {lid: src[: self.by_id[lid].get("harmful", 0)] for lid, src in self.harmful_from.items()
                             if lid in self.by_id and self.by_id[lid].get("harmful", 0) > 0 and src}
