"""`learn remember "TEXT"`: the deliberate human path (spec 000, "deliberate human learning").

A person's rule goes through the same curator as every other change, as a person's rule
(``author="person"``, channel ``remember``), so it is vetted and it fails open:

- it is **reconciled** with the lessons in force: when it restates, sharpens (names the same backtick
  identifier and says most of what the lesson says) or contradicts one, it replaces that lesson, which is
  retired with ``supersededBy``, and the output names it; another rule about the same code stays beside it;
  a word-for-word repeat counts as HELPFUL on the existing lesson instead;
- against the instruction files it is vetted like any rule, but a duplicate or a contradiction is
  **quarantined** with the reason, never dropped; so is a text the lint refuses. A text already quarantined
  is not added again (the output names the entry); if the vet is wrong, `learn quarantine release ID --force`
  overrules it;
- when a model is configured (``--model`` or ``learn.model``), the vet is one call to it; when that call
  fails the rule is kept unvetted (it is vetted at the next re-vet) and the output says so.

With ``signal`` (`learn remember --signal ID "RULE"`) the rule is the lesson of an open signal, typically a
correction the built-in reflector could not turn into one (`learn signals --unlearned`): the signal is consumed
(``consumedBy: remember@<time>``) and leaves the waiting list once the rule is kept (added, replacing a lesson,
repeating one, or outside the cap); a rule sent to quarantine leaves it open, as nothing reaches the agent yet.

The result is staged in the candidate, one `learn promote` away, or with ``approve=True`` written to
`approved.json` at once (the person is the reviewer): the previous approved set is archived so
`learn rollback` undoes it, and a candidate with other staged changes keeps them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.errors import LearnError
from altimate_learn.store import Store

MAX_TEXT_CHARS = 2000  # what a person may type; lessons are 140 (a longer one is quarantined with the reason)


@dataclass
class RememberResult:
    status: str  # "added", "replaced", "repeated", "quarantined", "outside-cap" (kept, not delivered)
    lesson_id: str | None = None
    text: str = ""
    replaced: list[dict[str, str]] = field(default_factory=list)  # [{"id", "text"}] retired by this rule
    coexists: list[str] = field(default_factory=list)
    reason: str | None = None  # why it was quarantined
    source: str | None = None  # the instruction file it conflicts with (None: the lint refused it)
    approved: bool = False
    version: int | None = None  # the archived approved version (with approve)
    vet: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    flagged: bool = False
    already: bool = False  # quarantined before: the same text was not added a second time
    signal: str | None = None  # the open signal this rule is the lesson of (--signal)
    signal_consumed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "id": self.lesson_id, "text": self.text, "replaced": self.replaced,
                "coexists": self.coexists, "reason": self.reason, "approved": self.approved,
                "version": self.version, "vet": self.vet, "notes": self.notes, "flagged": self.flagged,
                "already_quarantined": self.already, "signal": self.signal, "signal_consumed": self.signal_consumed}


def remember(store: Store, text: str, *, paths: list[str] | None = None, approve: bool = False,
             chat: Any = None, timeout: float = 120.0, signal: str | None = None) -> RememberResult:
    """Stage (or with ``approve`` approve) a person's rule; see the module docstring."""
    from altimate_learn.curate.curator import curate
    from altimate_learn.instructions.files import discover
    from altimate_learn.redact import redact

    if signal is not None:
        from altimate_learn.capture.unlearned import open_signal

        signal = open_signal(store, signal, "remember")["id"]  # before anything is vetted or written; a unique
        # start of the id names it
    clean = text.strip()
    if not clean:
        raise LearnError("the rule is empty.", 'Pass the rule as one argument: learn remember "Use pnpm, not npm."')
    if len(clean) > MAX_TEXT_CHARS:
        raise LearnError(f"the rule is {len(clean):,} characters; a lesson is one line of at most 140.",
                         "Write the one rule you want kept, in a sentence.")
    if len(clean.split()) < 2:
        # "ok", "yes", "pnpm": a word is no rule, and a lesson of it would reach every agent (review13 R13-9)
        raise LearnError(f'"{clean[:40]}" is one word; a lesson says what to do.',
                         'Write the rule as a sentence: learn remember "Use pnpm, never npm."')
    gap = _EATEN.search(clean)
    if gap is not None:
        # `learn remember "Return `snake_case` keys … in `api.py`."`: the shell ran the backticked words as commands
        # and left "Return  keys … in ." (review36 R36-8); approved, that reaches every agent as it reads
        raise LearnError(f'the rule reads "{_clip(clean)}": words seem to be missing there ("{gap.group(0).strip()}"). '
                         "A shell runs what is between backticks inside double quotes.",
                         "Put the rule in single quotes: learn remember 'Use `pnpm`, never `npm`.'")
    hole = _HOLE.search(clean) if "`" not in clean else None
    if hole is not None:
        # `learn remember "Use `uv` to install."`: the shell left "Use  to install." (review36 R36-8 residue); with a
        # backtick left in the text the shell ran nothing, and two spaces are only a slip
        raise LearnError(f'the rule reads "{_clip(clean)}": a word seems to be missing between "{hole.group(1)}" and '
                         f'"{hole.group(2)}" (two spaces). A shell runs what is between backticks inside double quotes.',
                         "Put the rule in single quotes: learn remember 'Use `pnpm`, never `npm`.'")
    clean = _sentence(clean)
    clean = redact(clean)  # secrets never reach the store or a model
    personal = {"email": "e-mail address", "phone": "phone number"}
    if "[REDACTED:" in clean and "[REDACTED:" not in text and set(_redacted_kinds(clean).split(", ")) <= set(personal):
        kinds = " and ".join(personal[kind] for kind in _redacted_kinds(clean).split(", "))
        raise LearnError(f"the rule holds a person's {kinds}; a lesson never stores one (it reaches every "
                         "teammate's agent).", "Name the team or the role instead, e.g. learn remember \"Ask the data "
                         "team before changing marts.\"")
    if "[REDACTED:" in clean and "[REDACTED:" not in text:
        # a lesson reaches every teammate's agent: saved with the value blanked it would only be quarantined, and
        # nothing a person could release (review8 R8-8e); nothing is saved
        raise LearnError("the rule holds a secret (" + _redacted_kinds(clean) + "); a lesson never stores one.",
                         "State the rule without the value, e.g. learn remember \"Read the database password from "
                         "the DB_PASSWORD environment variable.\"")
    from altimate_learn.curate.apply import unredactable_secret
    from altimate_learn.curate.lint import lint

    typed = lint(clean, typed_by_person=True)  # a person's text is normalised with a warning (issue 12.9)
    if typed.rule == "secret" and unredactable_secret(clean):
        # the lint sees a secret the redactor did not name (a base64 key with '/' in it, a long random token): saved
        # and quarantined, the value was on disk (review40 R40-13); nothing is saved, as for a named secret
        raise LearnError("the rule looks like it holds a secret (a long random value, as keys and tokens are); a "
                         "lesson never stores one, so nothing was saved.",
                         "State the rule without the value (a commit id or checksum too), e.g. learn remember \"Read "
                         "the staging secret from the STAGING_SECRET environment variable.\"")
    normalised = typed.ok and typed.warning is not None and typed.text != clean
    if normalised:
        clean = typed.text
    contract = discover(store.project.root)
    vetted = None
    if chat is not None:
        from altimate_learn.gates.vet import Item, vet_with_model
        from altimate_learn.curate.prepared import current_lessons

        lessons = current_lessons(store)
        vetted = vet_with_model(chat, [Item("c0", clean, "person", evidence=False, paths=tuple(paths or ()))], lessons,
                                [(f.path, f.text or "") for f in contract.usable], "", timeout=timeout)
    delta: dict[str, Any] = {"op": "ADD", "text": clean, "reason": "remembered by a person"}
    if paths:
        delta["paths"] = list(paths)
    digest = hashlib.sha256(clean.encode("utf-8")).hexdigest()[:12]
    with store.lock():
        held = _already_quarantined(store, clean)
        if signal is not None:
            delta["reason"] = f"remembered by a person as the lesson of signal {signal}"
        curated = curate(store, [delta], feedback_ids=[signal or f"remember:{digest}"], op="remember", author="person",
                         channel="remember", vet=vetted, contract=contract)
        result = _outcome(curated, clean)
        if signal is not None:
            _use_signal(store, signal, result)
        if held is not None:
            _one_entry(store, held, curated, result)
        if normalised:
            result.notes.append("invisible or non-normalised characters (zero-width, NBSP, tabs, look-alike letters) "
                                "were removed or replaced in what you typed")
        if vetted is not None and vetted.failed:
            result.notes.append(f"the vet could not run ({vetted.error}); the rule was saved without it and is "
                                "vetted at the next reflection or `learn vet`")
        if approve and result.status in ("added", "replaced", "repeated"):
            _approve(store, curated, result)
    return result


def _move_base(store: Store, before: list[dict], after: list[dict]) -> None:
    """The staged candidate holds this approved change too: its base (the set it was staged on) becomes the new
    approved set, so `learn show` does not read the person's own approval as "approved.json changed since this
    candidate was staged (a pull, or another branch)" with the replaced lesson "removed upstream" (review36 R36-9).
    Only when the base was the set this approval started from: a base a pull already moved keeps telling that."""
    from altimate_learn.review.model import read_lesson_file
    from altimate_learn.store import fsio

    try:
        base = read_lesson_file(store.path(Store.CANDIDATE_BASE)).lessons
    except LearnError:
        return
    if base is not None and fsio.canonical_json(base) == fsio.canonical_json(before):
        store.write_lessons(Store.CANDIDATE_BASE, after)


def _use_signal(store: Store, signal_id: str, result: RememberResult) -> None:
    """Consume the signal the person's rule is the lesson of, unless the rule went to quarantine. Lock held."""
    from altimate_learn.capture import unlearned

    result.signal = signal_id
    if result.status == "quarantined":
        result.notes.append(f"signal {signal_id} stays open: the rule is in quarantine and reaches no agent yet")
        return
    result.signal_consumed = unlearned.use(store, signal_id, "remember") == 1


def _already_quarantined(store: Store, text: str) -> dict | None:
    """The quarantined entry with the same words as ``text`` (case, spacing and a final period aside)."""
    from altimate_learn.gates import quarantine
    from altimate_learn.gates.screen import _same

    return next((item for item in quarantine.read(store, writing=False) if _same(item["text"], text)), None)


def _one_entry(store: Store, held: dict, curated: Any, result: RememberResult) -> None:
    """The rule was quarantined before (review14 R14-3): quarantined again, the earlier entry stays, with the new
    reason, and no second identical one is added; passing now, it replaces the earlier entry (released)."""
    from altimate_learn.gates import quarantine

    if result.status == "quarantined":
        new = curated.quarantined[0]
        quarantine.remove(store, new["id"])
        quarantine.add(store, [dict(held, reason=new["reason"], source=new.get("source"), quote=new.get("quote"),
                                    verdict=new.get("verdict"))])
        result.lesson_id, result.text, result.already = held["id"], held["text"], True
        return
    quarantine.remove(store, held["id"])
    result.notes.append(f"the quarantined copy {held['id']} of this rule is released: it passes the vet now")


# What is left where a shell replaced `name` with nothing: a space before a comma or period ("in .", "use , never"),
# or a rule that ends on a word that needs an object ("… instead of.", "Use the.").
# Two spaces between words, not after a sentence's end ("Use  to install."): where a backticked name was.
_HOLE = re.compile(r"(?<![.!?:;,])\b(\w+) {2,}(\w+)")
_EATEN = re.compile(r"(?:^|\s)[.,;:](?=\s|$)|\b(?:of|the|a|an|with|from|into|than|to|use|using)[.!?]?$", re.IGNORECASE)


def _clip(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _sentence(text: str) -> str:
    """The rule as a lesson reads: a capital first letter (unless it starts with code) and a final period
    ("always run tests before commit" -> "Always run tests before commit."), as reflections are written."""
    if text[:1].isalpha() and text[:1].islower():
        text = text[:1].upper() + text[1:]
    if text[-1:] not in ".!?":
        text += "."
    return text


def _redacted_kinds(text: str) -> str:
    import re

    kinds = sorted(set(re.findall(r"\[REDACTED:([\w-]+)\]", text)))
    return ", ".join(kinds) or "redacted"


def _outcome(curated: Any, text: str) -> RememberResult:
    applied = curated.applied
    if curated.quarantined:
        item = curated.quarantined[0]
        return RememberResult("quarantined", item["id"], item["text"], reason=item["reason"], vet=curated.vet,
                              source=item.get("source"))
    cap = getattr(curated, "cap", None)
    waiting = cap.waiting if cap is not None else []
    if waiting:  # the set is full and it folds nothing: kept outside the cap, not delivered (curate.cap)
        entry = waiting[0]
        return RememberResult("outside-cap", entry["id"], entry["lesson"]["text"], reason=entry["reason"],
                              vet=curated.vet)
    added = next((a for a in applied if a["op"] == "ADD"), None)
    if added is not None:
        replaced = [{"id": a["id"], "text": a.get("text", "")} for a in applied
                    if a["op"] == "REMOVE" and a.get("note") == "superseded"]
        lesson = next((lesson for lesson in curated.candidate if lesson["id"] == added["id"]), {})
        # a rule kept beside a lesson about the same name in the same place may disagree with it (review14 R14-33)
        # ... and an exception kept beside the general rule it narrows (R35-19)
        doubt = [part for part in str(lesson.get("provenance") or "").split("; ")
                 if part.startswith(("may contradict", "an exception to ", "narrower than "))]
        return RememberResult("replaced" if replaced else "added", added["id"], added.get("text", text),
                              replaced=replaced, coexists=list(lesson.get("coexists") or []), vet=curated.vet,
                              flagged=added["id"] in curated.flagged, notes=doubt)
    helpful = next((a for a in applied if a["op"] == "HELPFUL"), None)
    if helpful is not None:
        lesson = next((lesson for lesson in curated.candidate if lesson["id"] == helpful["id"]), {})
        return RememberResult("repeated", helpful["id"], lesson.get("text", text), vet=curated.vet)
    raise LearnError("the rule was neither added nor quarantined; nothing was changed.",
                     "Run `learn show` and report this.")  # the curator never drops a person's rule


def _approve(store: Store, curated: Any, result: RememberResult) -> None:
    """Write this one change into `approved.json` (other staged changes stay in the candidate)."""
    from altimate_learn.review.gate import _preflight, _reconcile_retired, realize_staged, written_sha256

    _preflight(store, Store.APPROVED, Store.CANDIDATE, Store.HISTORY, Store.RETIRED, Store.CANDIDATE_RETIRED,
               versions=True)
    approved = store.approved()
    staged = {lesson["id"]: lesson for lesson in curated.candidate}
    new = staged.get(result.lesson_id or "")
    if new is None:
        return
    ids = [lesson["id"] for lesson in approved]
    updated = list(approved)
    if result.status == "repeated" and result.lesson_id in ids:
        at = ids.index(result.lesson_id)
        # the curator's HELPFUL: the count and the lesson's `updated` time, as in the candidate (else the candidate
        # differs from the approved set by that time alone and stays staged, blocking `learn tidy`)
        updated[at] = dict(updated[at], helpful=updated[at].get("helpful", 0) + 1,
                           updated=new.get("updated", updated[at].get("updated")))
    elif result.status == "repeated":
        updated.append(new)  # a staged lesson the person repeats and approves
    else:
        gone = [r["id"] for r in result.replaced if r["id"] in ids]
        if gone:
            at = ids.index(gone[0])
            updated = [lesson for lesson in updated if lesson["id"] not in gone]
            updated.insert(min(at, len(updated)), new)
        else:
            updated.append(new)
    candidate = store.candidate()
    whole = candidate is not None and candidate == updated  # nothing else is staged: the candidate is done
    live = {lesson["id"] for lesson in updated}
    # The lessons this rule replaces are retired now (before approved.json is written, as promote does); the
    # candidate's other staged retirements wait for its promote.
    realized = realize_staged(store, live, None if whole else {r["id"] for r in result.replaced if r["id"] in ids})
    result.version = store.archive_version(approved)  # the empty set too, as promote does: rollback undoes it
    store.write_lessons(Store.APPROVED, updated)
    _reconcile_retired(store, live)
    from altimate_learn.team.retirements import sync

    sync(store, approved, updated)  # a replaced lesson's shared record, for the team's clones
    if whole:
        store.remove(Store.CANDIDATE)  # with its staged retirements, written above
    else:
        if realized:
            store.write_lessons(Store.CANDIDATE_RETIRED, [r for r in store.staged_retired() if r["id"] not in realized])
        _move_base(store, approved, updated)
    result.approved = True
    store.record_history("promote", version=result.version, approved=len(updated), previous=len(approved),
                         added=[result.lesson_id] if result.lesson_id not in ids else [],
                         removed=[r["id"] for r in result.replaced], edited=[], flagged=[],
                         approved_sha256=written_sha256(store), note="learn remember --approve")
