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
  place in the list, and retires the old one (reason, `supersededBy`). A retirement is part of the candidate
  (`candidate-retired.json`): it reaches `retired.json` when the candidate is promoted, and `learn reject`
  discards it with the rest.
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

This module holds :func:`curate` (reading the store's files, running one pass, writing what changed) and
the lint checks of stored lessons. The rest lives beside it, and its names are importable from here too:
:mod:`~altimate_learn.curate.deltas` (what a delta is, validating one), :mod:`~altimate_learn.curate.apply`
(the apply loop: limits, overlap, dedupe, supersede, removal for harm, eviction),
:mod:`~altimate_learn.curate.replacements` (the replacement step and `pending-replacements.jsonl`) and
:mod:`~altimate_learn.curate.result` (:class:`CurateResult`, its `--json` shape and the summary line).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import itertools
import operator
from collections.abc import Callable
from typing import Any

from altimate_learn.curate import prepared, writing
from altimate_learn.curate.apply import (DEDUPE_THRESHOLD, HARMFUL_MIN, HARMFUL_MIN_FEEDBACKS, MAX_ADDS, MAX_EDITS,
                                         MAX_REMOVES, Lesson, _Pass, changed_texts, feedback_key, jaccard, opposite,
                                         word_set)
from altimate_learn.curate.deltas import (MAX_DELTAS, MAX_ECHO_CHARS, MAX_PATHS, MAX_PROVENANCE_CHARS,
                                          MAX_REASON_CHARS, MAX_TAGS, OPS, _Delta, _parse, _path_problem, _unwrap)
from altimate_learn.curate.lint import is_flagged, lint
from altimate_learn.curate.replacements import (FEEDBACK_CAP, FEEDBACK_KINDS, MAX_REPLACEMENT_ATTEMPTS,
                                                MAX_REPLACEMENTS, NotAttempted, Replace, _drop_stale_pending,
                                                _pending_view, _queue_replacements, _read_pending,
                                                _run_replacements)
from altimate_learn.curate.result import CurateResult, _summary
from altimate_learn.store import Store
from altimate_learn.store.fsio import utc_now

_ID = operator.itemgetter("id")

# Callers import these from here (the curator's public names; `_Pass` for `learn tidy`).
__all__ = [
    "CurateResult", "DEDUPE_THRESHOLD", "FEEDBACK_CAP", "FEEDBACK_KINDS", "HARMFUL_MIN", "HARMFUL_MIN_FEEDBACKS",
    "Lesson", "MAX_ADDS", "MAX_DELTAS", "MAX_ECHO_CHARS", "MAX_EDITS", "MAX_PATHS", "MAX_PROVENANCE_CHARS",
    "MAX_REASON_CHARS", "MAX_REMOVES", "MAX_REPLACEMENT_ATTEMPTS", "MAX_REPLACEMENTS", "MAX_TAGS", "NotAttempted",
    "OPS", "Replace", "_Pass", "curate", "feedback_key", "jaccard", "lint", "opposite", "word_set",
]


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

    check = base
    previous = base_file.previous if base_file is not None and base_file is approved_file else None
    if previous is not None and base_file.changed is not None and passed.known(f"{previous} {previous}", "files"):
        # approved.json changed (a git pull, an edit) and its version before passed in full: every lesson of it
        # was grandfathered, as each is now, so only the lessons that are not that version's are linted.
        check = list(map(base.__getitem__, base_file.changed))
    for lesson in check:
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
             base_flagged: list[str] | None = None, ids: list[str] | None = None) -> list[str]:
    """Ids of the lessons whose text is flagged (:func:`is_flagged`). Texts ``passed`` knows as unflagged are
    not checked again; when the flagged ids of the base are known (``base_flagged``), only the lessons whose
    text is new (``new_texts``: id → text) are checked."""
    known = set(base_flagged or ())
    out = []
    if base_flagged is not None and new_texts is not None:
        # Only the base's flagged lessons whose text is unchanged, and those with a new text, matter: they are
        # found in C (at 10,000 lessons, a few).
        check = set(new_texts)
        keep = known - check
        wanted = keep | check
        ids = ids if ids is not None and len(ids) == len(lessons) else list(map(_ID, lessons))
        lessons = list(itertools.compress(lessons, map(wanted.__contains__, ids)))
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



def _limits(store: Store) -> tuple[int, int]:
    """(max_stored, max_in_force) in effect for the store's project."""
    from altimate_learn.config import load_settings

    values = load_settings(store.project.root).values
    return int(values["max_stored"]), int(values["max_in_force"])


def _collector_paused(function: Callable[..., CurateResult]) -> Callable[..., CurateResult]:
    """``function`` with Python's cyclic garbage collector paused while it runs. At 10,000 lessons a curation
    makes some 100,000 dicts and lists (the lessons read, the pass's copies, the stamps) that live until it
    returns; the collector's passes over them find nothing to free (JSON data has no cycles) and cost about
    15 ms a reflection. Reference counting frees what is not in a cycle as always; the collector is back
    once the curation has returned (its working data is gone by then: only the result is left to scan)."""
    @functools.wraps(function)
    def paused(*args: Any, **kwargs: Any) -> CurateResult:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return paused


def _follow_successors(records: dict[str, dict]) -> None:
    """A staged retirement whose successor was itself replaced before promote names the lesson that stands now:
    "superseded by L-b" with L-b gone from the candidate told the reviewer nothing (review13 R13-9)."""
    for lesson_id, record in list(records.items()):
        final, seen = record.get("supersededBy"), {lesson_id}
        while final in records and records[final].get("supersededBy") and final not in seen:
            seen.add(final)
            final = records[final]["supersededBy"]
        if final != record.get("supersededBy"):
            records[lesson_id] = dict(record, supersededBy=final, reason=f"superseded by {final}")


@_collector_paused
def curate(store: Store, deltas: list[dict] | Any, *, session_id: str | None = None,
           feedback_ids: list[str] | tuple[str, ...] = (), model: str | None = None, usage: dict | None = None,
           apply_paths: list[str] | None = None, replace: Callable[[dict, str], str | None] | None = None,
           max_stored: int | None = None, now: str | None = None, op: str | None = None,
           author: str = "model", channel: str | None = None, vet: Any = None, skip_vet: bool = False,
           contract: Any = None, trusted_provenance: bool = False, max_in_force: int | None = None,
           feedback: str | None = None, feedback_kind: str = "user", recheck: bool = False) -> CurateResult:
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
    ``recheck``: a re-check nobody asked for (the capture worker's background re-vet): the vet re-stamps and
    quarantines as always, but nothing is removed for harm, evicted over ``max_stored`` or moved in or out of
    the ``max_in_force`` set; what would have been is reported in ``result.held`` (for `learn curate`, `learn
    tidy` or the next reflection to do, in front of the person).
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
        # Retirements already staged by the candidate this pass builds on (none when it builds on approved.json:
        # a file left by an interrupted write is then no part of any candidate).
        staged_file = prepared.read(store, store.CANDIDATE_RETIRED, cache) \
            if base_file is not approved_file else None
        staged_before = staged_file.lessons if staged_file is not None else []
        # Teammates' retirements, committed beside approved.json (this clone's own records win: they come later)
        from altimate_learn.team.retirements import team_retired

        local_ids = {r["id"] for r in itertools.chain(retired_before, staged_before)}
        team_before = [r for r in team_retired(store, approved_ids) if r["id"] not in local_ids]
        postings = cache.postings(base_file.digest, len(base)) if base_file is not None else None
        base_flagged = base_file.flagged if base_file is not None else []
        derived = prepared.from_previous(cache, base_file) if base_file is not None and postings is None else None
        if derived is not None:  # a few lessons changed since the version read before (a git pull, an edit)
            postings = prepared.unpack(derived[0], len(base))
            if derived[1] is not None and postings is not None:
                base_flagged = _flagged(base, passed, derived[2], derived[1], ids=base_file.ids)
        indexes, postings, built = prepared.prepare(base, postings)  # built: a file not seen before
        if derived is not None and postings is not None:
            built = derived[0]  # remembered for this file's digest below
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
                     taken_ids=local_ids | {r["id"] for r in team_before} | quarantined_before,
                     approved_ids=approved_ids,
                     indexes=indexes)
        # a restatement with a detail added replaces the lesson for review only for a model's or the learner's ADD;
        # a person's rule is reconciled by the screen, an imported memory gets "may repeat" (history/memory_import)
        work.restate_replaces = author != "person" and not trusted_provenance
        # The channel a lesson was learned through (`learn doctor` counts them); sources that do not name one
        # are known by their history op (imported agent memories: "memory").
        channel = channel or {"import-memories": "memory"}.get(op or "", op)
        work.screen = Screen(store, author=author, channel=channel, vet=vet, skip_vet=skip_vet, contract=contract,
                             lessons_file=base_file.digest if base_file is not None else None)
        work.screen.retired = [*team_before, *retired_before, *staged_before]
        work.screen.history_dir = store.dir
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
        held: dict[str, Any] = {}
        if recheck:
            held["harmful"] = [lesson["id"] for lesson, _ in work.harmful_due()]
        else:
            work.auto_remove()

        # Replacement step: lessons removed as wrong that nothing in this pass replaces.
        stale = _drop_stale_pending(store, work, pending, approved_ids)
        queued = _queue_replacements(work, pending, now, feedback or "",
                                     feedback_kind if feedback_kind in FEEDBACK_KINDS else "user")
        attempted = _run_replacements(work, pending, replace)
        work.screen.revet(work, approved_ids)
        from altimate_learn.curate.cap import enforce, write_outside

        if recheck:
            from altimate_learn.curate.cap import CapOutcome, read_outside

            capped = CapOutcome(max_in_force, outside=read_outside(store, writing=False))
            held["over_max_stored"] = work.evictable(cap)
        else:
            capped = enforce(store, work, max_in_force, author=author, channel=channel, now=now)
            work.evict(cap)
        work.finish()

        candidate = work.lessons
        work.rejected.sort(key=lambda r: r.get("index", len(items)))
        changed = candidate != base
        # What differs from the base, by id and text: old texts gone, new texts in.
        texts_changed = changed_texts(candidate, work.before, work.same, work.ids)  # per lesson: new or edited text
        new_texts = {lesson["id"]: lesson["text"] for lesson in itertools.compress(candidate, texts_changed[0])}
        gone = {lid: work.before[lid]["text"] for lid in work.before.keys() - work.by_id.keys()}  # removed
        gone.update((lid, work.before[lid]["text"]) for lid in new_texts if lid in work.before)  # edited
        flagged = _flagged(candidate, passed, new_texts, base_flagged, ids=texts_changed[1])
        left = base_file.digest if base_file is not None else None  # the lesson file this pass leaves
        if work.retired:
            # Staged with the candidate, written before it (a kill between the two leaves records of lessons the
            # candidate still holds, which promote skips): retired.json gets them only when it is promoted.
            merged = {r["id"]: r for r in staged_before}
            for record in work.retired:
                merged[record["id"]] = record
            _follow_successors(merged)
            retired = list(merged.values())
            data = writing.write(store, store.CANDIDATE_RETIRED, retired, staged_file)
            cache.remember(hashlib.sha256(data).hexdigest(), "retired", True, ids=[r["id"] for r in retired])
        if changed:
            from altimate_learn.store.store import notes_on_absent

            candidate, noted = notes_on_absent(candidate)  # a note about a lesson that left goes with it (R38-5)
            same = work.same
            if noted and same is not None:
                same = list(same)
                for index in noted:
                    if index < len(same):
                        same[index] = False
            data = writing.write(store, store.CANDIDATE, candidate, base_file, same=same, ids=texts_changed[1])
            after = prepared.postings_after(postings, gone, new_texts, len(candidate)) if postings else None
            written = prepared.LessonFile(candidate, data, hashlib.sha256(data).hexdigest(), True, flagged,
                                          ids=texts_changed[1])
            cache.remember(written.digest, "lessons", True, after, len(candidate), flagged, ids=written.ids)
            left = written.digest
            # Each lesson of it is one of the base (linted above) or passed lint in this pass: the next
            # reflection, which reads it, need not lint them again.
            if all(text in work.linted for text in new_texts.values()):
                passed.add(_files_key(written, approved_file), "files")
        if work.harmful_from != harmful_from:
            store.write_json(store.HARMFUL, work.harmful_from)
        if queued or attempted or stale:
            store.rewrite_jsonl(store.PENDING_REPLACEMENTS, pending)
        if capped.changed:
            write_outside(store, capped.outside)
        live = set(texts_changed[1])  # the candidate's ids, and the approved ones
        live.update(approved_ids)
        work.screen.commit(live, lessons_file=left, texts_changed=texts_changed)
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
                            vet=work.screen.summary(), cap=capped, held=held)
