"""Where vet verdicts meet the curator: every ADD and EDIT that reaches :func:`curate` passes here.

:func:`altimate_learn.curate.curator.curate` is the one path from proposals to `candidate.json`
(reflection, bootstrap, import-reviews, `learn curate`, `learn remember`, the tool-errors channel, and any
later source such as the continual learner or imported agent memories). It builds a :class:`Screen` and
calls :meth:`Screen.check` before it applies each ADD or EDIT, including the replacement step's answers, so
no source can bypass the vet. A caller with a model passes the verdicts of its one vet call
(:func:`altimate_learn.gates.vet.vet_with_model`); without them the deterministic check runs here.

What a verdict does (spec 000; people fail open, models fail closed):

=============  ==========================================  ===============================================
verdict        model-authored rule                          a person's rule (``author="person"``)
=============  ==========================================  ===============================================
pass           applied, stamped with the instruction hash   applied, stamped
duplicate      of an instruction: rejected with the reason  of an instruction: quarantined with the reason;
               of a lesson: counted HELPFUL on that lesson  of a lesson: replaces it (supersede)
contradiction  quarantined, naming the conflicting text     of an instruction: quarantined; of a lesson:
               (unless it supersedes or edits that lesson)  replaces it
ungrounded     rejected                                     never raised
no verdict     dropped (the vet call failed or skipped it)  kept, unstamped (vetted at the next re-vet)
=============  ==========================================  ===============================================

Anything the curator would reject in a person's rule (lint, an undeclared overlap, a limit) is quarantined
with that reason instead: nothing a person wrote is dropped. A person's rule that restates, sharpens (shares
a backtick identifier and says most of what the lesson says) or contradicts a lesson replaces it; the replaced
lesson is retired with ``supersededBy``. Another rule about the same identifier sits beside it (``coexists``), and
so do two rules about one name in different situations (the offline vet's
:func:`~altimate_learn.gates.offline.different_situations`), which neither contradict nor sharpen each other, and a
person's exception to a lesson that holds everywhere (:func:`~altimate_learn.gates.offline.exception_of`: "Never use
black on generated files." beside "Always use black."), named in a note.

After the deltas, :meth:`Screen.revet` re-vets stored lessons that are stale or were never vetted
(backfill): passes are re-stamped, conflicts with the instructions are quarantined and taken out of the
candidate. Tool-errors records (``skip_vet``) are verified in code and skip all of this.
"""

from __future__ import annotations

import itertools
import re
import operator
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from altimate_learn.gates import quarantine, stamps, vetcache
from altimate_learn.gates.vet import Item, OfflineVet, Verdict, VetResult, trigger_paths
from altimate_learn.textclip import one_line

if TYPE_CHECKING:
    from altimate_learn.instructions.files import Contract
    from altimate_learn.store import Store

MAX_OFFLINE_REVETS = 200  # stored lessons re-vetted offline per curation (a large legacy store backfills over runs)
Decision = str  # "go" (apply it), "stop" (handled here: rejected, quarantined or counted)



def _content_jaccard(words: frozenset[str], theirs: frozenset[str]) -> float:
    """:func:`jaccard` of two word sets without function words, when each side keeps at least two (fewer say too
    little to call two rules the same); 0.0 otherwise. Polarity is checked apart (``opposite``)."""
    from altimate_learn.curate.apply import jaccard
    from altimate_learn.deliver.tokenize import STOPWORDS

    mine = frozenset(w for w in words if w not in STOPWORDS)
    other = frozenset(w for w in theirs if w not in STOPWORDS)
    return jaccard(mine, other) if len(mine) >= 2 and len(other) >= 2 else 0.0

class Screen:
    """The vet gate of one curation pass."""

    def __init__(self, store: Store, *, author: str = "model", channel: str | None = None,
                 vet: VetResult | None = None, skip_vet: bool = False, contract: Contract | None = None,
                 lessons_file: str | None = None) -> None:
        """``lessons_file``: the SHA-256 of the lesson file the pass's lessons were read from (its ``before``),
        when the caller has it: it names that lesson list in the user's cache instead of a digest of it."""
        from altimate_learn.instructions.files import discover

        self.store = store
        self.author = author if author in ("model", "person") else "model"
        self.channel = channel
        self.vet = vet
        self.skip_vet = skip_vet
        self.contract = contract or discover(store.project.root)
        self.instructions = [(f.path, f.text or "") for f in self.contract.usable]
        self._cache = vetcache.Cache()
        self._vetted = vetcache.read(store, self._cache)
        self.stamps = self._vetted.stamps
        self._here: set[str] | None = None  # the ids this clone's history records adding (read when needed)
        self._lessons_file = lessons_file
        self._due_unchanged: set[str] | None = None  # lessons as they were before this pass, still due
        self._work: Any = None
        self.new_stamps: dict[str, dict | None] = {}  # id -> stamp (None: drop the old stamp)
        self.quarantined: list[dict] = []
        self.restamped: list[str] = []
        self.verdicts: dict[int, Verdict | None] = {}  # id(delta) -> its verdict (None: none)
        self.notes: list[str] = list(vet.notes) if vet is not None else []
        self._offline: OfflineVet | None = None
        self.retired: list[dict] = []  # retired records a model's ADD must not bring back (set by the curator)
        # where lessons that left approved.json in git history are read (set by the curator), read only when a
        # model's ADD is checked: a teammate's retirement made without a shared record (review14 R14-8)
        self.history_dir: Any = None
        self._retired_words: dict[str, dict] | None = None
        self._retired_sets: list[tuple[dict, Any]] | None = None
        self._rejected_words: dict[str, dict] | None = None  # this clone's standing rejections, by their words

    # --- verdicts --------------------------------------------------------------------------------------
    @property
    def by(self) -> str:
        return self.vet.by if self.vet is not None else "offline"

    def offline(self, work: Any) -> OfflineVet:
        if self._offline is None:
            self._offline = OfflineVet(work.lessons, self.instructions)
        return self._offline

    def _item(self, delta: Any) -> Item:
        replaces = tuple(x for x in ([delta.supersedes] if delta.supersedes else []) + ([delta.id] if delta.id else [])
                         + list(delta.coexists))
        return Item(f"c{delta.index}", delta.text or "", self.author, evidence=self.author == "model",
                    replaces=replaces, paths=tuple(delta.paths or ()))

    def _verdict(self, delta: Any, work: Any) -> tuple[Verdict | None, str]:
        """The verdict for a delta, and why there is none."""
        if self.vet is None or delta.index < 0:  # offline, or the replacement step's answer
            # A model's rule against the other lessons is the curator's own work (dedupe, overlap guard,
            # implicit supersede); offline, the vet adds the instruction files, and a person's reconciliation.
            return self.offline(work).verdict(self._item(delta), against_lessons=self.author == "person"), ""
        if self.vet.failed:
            return None, self.vet.error or "the vet failed"
        found = self.vet.verdicts.get(f"c{delta.index}")
        if found is None:
            return None, "the vet gave it no verdict"
        return found, ""

    # --- the gate --------------------------------------------------------------------------------------
    def check(self, delta: Any, work: Any, text: str) -> Decision:
        """Decide one ADD/EDIT whose ``text`` passed lint (see the module docstring)."""
        delta.text = text
        if delta.op == "EDIT" and delta.id in work.by_id and work.by_id[delta.id]["text"] == text:
            self.verdicts[id(delta)] = None
            return "go"  # no new text: nothing to vet (the curator records "no change")
        if self.skip_vet:
            self.verdicts[id(delta)] = None
            return "go"
        if self.author == "person" and delta.op == "ADD":
            repeat = next((lesson for lesson in work.lessons if _same(lesson["text"], text)), None)
            if repeat is not None:
                return self._helpful(delta, work, repeat["id"], "repeated by a person")
        if self.author == "model" and delta.op in ("ADD", "EDIT"):
            refused = self._rejected_match(text, work)
            if refused is not None:
                why = f': "{refused["reason"]}"' if isinstance(refused.get("reason"), str) and refused["reason"] else ""
                work.reject(delta, f"restates a rule you rejected on {str(refused['at'])[:10]}{why}: only a person "
                                   "brings it back, with `learn remember`", "rejected-before")
                return "stop"
        if self.author == "model" and delta.op == "ADD":
            gone = self._retired_match(text, work)
            if gone is not None:
                why = gone.get("reason") if isinstance(gone.get("reason"), str) else "retired"
                work.reject(delta, f"restates {gone['id']}, which was retired ({why}): only a person brings it back, "
                                   "with `learn remember`", "retired")
                return "stop"
            close = self._retired_near(text, work)
            if close is not None:  # the reviewer reads it in `learn show` and the promote diff (review13 R13-30)
                why = close.get("reason") if isinstance(close.get("reason"), str) else "retired"
                note = (f"close to {close['id']}, which was retired ({why}): promoting this brings that rule back "
                        f"(\"{close['text'][:80]}\")")
                delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
        verdict, why = self._verdict(delta, work)
        self.verdicts[id(delta)] = verdict
        if verdict is None:
            if self.author == "person":
                self.notes.append(f"kept a person's rule without a vet ({why}); it is vetted at the next re-vet")
                return "go"
            work.reject(delta, f"dropped: {why}", "vet")
            return "stop"
        on_lesson = bool(verdict.source) and verdict.source in work.by_id
        if verdict.verdict == "pass":
            self._other_choice(delta, work, text)
            return self._person_relations(delta, work) if self.author == "person" else "go"
        if verdict.verdict == "ungrounded":
            if self.author == "person":
                return "go"
            work.reject(delta, verdict.describe(), "vet-ungrounded")
            return "stop"
        if on_lesson:
            target = str(verdict.source)
            if target in self._item(delta).replaces or target in work.contradicted:
                return "go"  # it replaces that lesson (declared, or the lesson is contradicted in this batch)
            if self.author == "person":
                from altimate_learn.curate.names import names_beyond

                if verdict.verdict == "duplicate" and (names_beyond(work.by_id[target]["text"], text)
                                                       or _says_less(text, work.by_id[target]["text"])):
                    # it restates the lesson with less of it ("Never use float for money amounts." of "Use Decimal
                    # for money amounts, never float."): a vote for it, never its replacement (review13 R13-9)
                    return self._helpful(delta, work, target, "restated by a person")
                if verdict.verdict == "contradiction" and self._beside_exception(delta, work, target, text):
                    return self._person_relations(delta, work)
                if verdict.verdict == "duplicate" and self._beside_narrower(delta, work, target):
                    return self._person_relations(delta, work)
                return self._replace(delta, work, verdict.replaces or target)
            if verdict.verdict == "duplicate":
                return self._helpful(delta, work, target, f"vet: duplicate of {target}")
            self.quarantine_delta(delta, work, verdict.describe(), verdict)
            return "stop"
        if verdict.verdict == "duplicate" and self.author == "model":
            work.reject(delta, verdict.describe(), "vet-duplicate")
            return "stop"
        self.quarantine_delta(delta, work, verdict.describe(), verdict)
        return "stop"

    def _other_choice(self, delta: Any, work: Any, text: str) -> None:
        """A note when the rule chooses another member of a set of alternatives than a lesson in force or an
        instruction sentence (:mod:`altimate_learn.gates.alternatives`: "Use dayjs for new code." beside AGENTS.md's
        "Use moment for all date handling.", review36 R36-12): no word in common and no negation, so the vet passes
        it; the words cannot tell an update, an exception or a conflict apart, so both stay and the reviewer is told.
        Not for rules that say they hold in different situations, or where this rule is an exception to the other;
        a lesson narrower than this rule ("Use `pnpm` for installs." under "Use npm, not pnpm.") does get the note."""
        from altimate_learn.gates.alternatives import labels, other_choice
        from altimate_learn.gates.offline import Rule, different_situations, exception_of, sentences

        lower = text.lower().replace("`", "")
        if not labels(lower) or "contradict" in (delta.provenance or ""):
            return  # (a rule kept over the vet's contradiction already says so)
        mine = Rule(text, paths=delta.paths)
        skip = {delta.id, delta.supersedes, *delta.coexists, *self._item(delta).replaces}
        others = [(lesson["id"], lesson["text"]) for lesson in work.lessons if lesson["id"] not in skip]
        others += [(path, sentence) for path, body in self.instructions for sentence in sentences(body)]
        for where, other in others:
            other_lower = other.lower().replace("`", "")
            choice = other_choice(lower, other_lower) if labels(other_lower) else None
            if choice is None:
                continue
            theirs = Rule(other, paths=trigger_paths(work.by_id[where]) if where in work.by_id else None)
            if different_situations(mine, theirs) or exception_of(mine, theirs):
                continue  # (a lesson narrower than this rule is no excuse: the broad rule may overrule it)
            label, x, y = choice
            note = (f'may contradict {where} ("{one_line(other)}"), which chooses {y} where this chooses {x} for '
                    f"{label}: check which holds before you promote it")
            delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
            return

    def _retired_match(self, text: str, work: Any) -> dict | None:
        """The retired lesson (retired.json, or retired by the candidate this pass builds on) that ``text``
        repeats: the same words (case, backticks, spacing and punctuation aside). A model, the learner or a
        teammate's proposals bringing back what a person retired would undo that decision without saying so
        (review13 R13-10); a person can, with `learn remember`. A rule close to a retired one but not the same is
        a correction of it, and goes through like any other."""
        if self._retired_words is None:
            live = {lesson["id"] for lesson in work.lessons}
            self._retired_words = {}
            for record in [*self._departed(), *self.retired]:  # the newest retirement of a text wins
                if isinstance(record.get("text"), str) and record.get("id") not in live:
                    self._retired_words[_words_only(record["text"])] = record
        return self._retired_words.get(_words_only(text))

    def _rejected_match(self, text: str, work: Any) -> dict | None:
        """The newest standing rejection in this clone of a lesson or an edit the person named (`learn reject ID`, not
        withdrawn) with the words of ``text`` (case, backticks, spacing and punctuation aside), unless a lesson in
        force says them now. `learn reject` gives the reflection's signals back, so the next reflection reads the
        same correction and, without this, proposes the rule the person refused again, and again after every reject.
        Discarding a whole candidate (`learn reject`, one bad rule, "not now", "let me rerun with a model") refuses
        none of its rules in particular (review29 R29-4): they may come back, and `learn show` says they were
        rejected before. A person's rule (`learn remember`) is theirs to bring back; a model's rule in other words
        is another rule."""
        if self._rejected_words is None:
            from altimate_learn.team.overruled import read

            self._rejected_words = {}
            for record in read(self.store):  # oldest first: the newest rejection of a text wins
                if record["kind"] != "removed" and record.get("named") and not record.get("withdrawn"):
                    self._rejected_words[_words_only(record["text"])] = record
        if not self._rejected_words:
            return None
        words = _words_only(text)
        found = self._rejected_words.get(words)
        if found is None or any(_words_only(lesson["text"]) == words for lesson in work.lessons):
            return None
        return found

    def _departed(self) -> list[dict]:
        """Lessons that left approved.json in a commit and that no retired record here names (retired by a teammate
        before retirements were shared, or by altimate-code); their reason names the commit, author and date."""
        if self.history_dir is None:
            return []
        from altimate_learn.team.departed import departed_lessons

        known = {record.get("id") for record in self.retired}
        found = []
        for record in departed_lessons(self.history_dir):
            if record["id"] not in known and not record.get("merged"):  # a merged twin's rule is still approved
                record = dict(record)
                record.pop("retired_in", None)
                record["reason"] = record["reason"].split(";", 1)[0]  # "left the approved set in commit … (Ben, …)"
                found.append(record)
        return found

    def _retired_near(self, text: str, work: Any) -> dict | None:
        """The retired lesson ``text`` is close to without repeating it (the curator's duplicate threshold, the
        same way, the same code): most likely the retired rule again in other words."""
        from altimate_learn.curate.apply import DEDUPE_THRESHOLD, jaccard, opposite, word_set
        from altimate_learn.curate.names import names_beyond

        if not self._retired_words:
            return None
        if self._retired_sets is None:
            self._retired_sets = [(record, word_set(record["text"])) for record in self._retired_words.values()]
        words = word_set(text)
        best: tuple[float, dict] | None = None
        for record, theirs in self._retired_sets:
            # the words alone, and the content words (a rewording adds "always", "the", "into": review13 R13-38)
            score = max(jaccard(words, theirs), _content_jaccard(words, theirs))
            if score >= DEDUPE_THRESHOLD and (best is None or score > best[0]) and not opposite(text, record["text"]) \
                    and not names_beyond(text, record["text"]) and not names_beyond(record["text"], text):
                best = (score, record)
        return best[1] if best is not None else None

    def _helpful(self, delta: Any, work: Any, target: str, note: str) -> Decision:
        if target in work.helped:
            if self.author == "person":
                return "stop"  # already counted in this pass
            work.reject(delta, f"duplicate of {target}, already marked HELPFUL in this reflection", "duplicate")
            return "stop"
        work.helped.add(target)
        lesson = work.by_id[target]
        lesson["helpful"] = lesson.get("helpful", 0) + 1
        work.record("HELPFUL", target, delta.reason, note=note, count=lesson["helpful"])
        return "stop"

    def _beside_exception(self, delta: Any, work: Any, target: str, text: str) -> bool:
        """A person's rule that contradicts ``target`` only as an exception to a general rule ("Never use black on
        generated files." beside "Always use black."): both hold, the narrower where it applies, so it sits beside
        the lesson (``coexists``) with a note that names it and how to retire the general rule, instead of retiring
        it (review35 R35-19). A blanket rule said after a narrower lesson still replaces it (the person widened it)."""
        from altimate_learn.gates.offline import Rule, exception_of

        old = work.by_id[target]
        narrower = exception_of(Rule(text, paths=delta.paths), Rule(old["text"], paths=trigger_paths(old)))
        if not narrower:
            return False
        delta.coexists = list(dict.fromkeys(list(delta.coexists) + [target]))
        note = (f"an exception to {target} (\"{old['text'][:80]}\") {_where(narrower)}: both kept, this one where "
                f"it applies (`learn retire {target}` if it replaces that rule)")
        delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
        return True

    def _beside_narrower(self, delta: Any, work: Any, target: str) -> bool:
        """A person's rule that says a lesson holding everywhere again for a narrower place or set of things ("In
        `src/billing.py`, round money with `Decimal.quantize`." of "Use `Decimal` for money, never float."): the
        lesson still holds elsewhere, so both stay, named (review37 R37-10: the project-wide rule was retired)."""
        from altimate_learn.gates.offline import Rule, exception_of

        if target in delta.coexists:
            return True
        old = work.by_id[target]
        narrower = exception_of(Rule(delta.text or "", paths=delta.paths), Rule(old["text"], paths=trigger_paths(old)))
        if not narrower:
            return False
        delta.coexists = list(dict.fromkeys(list(delta.coexists) + [target]))
        note = (f"narrower than {target} (\"{one_line(old['text'])}\") {_where(narrower)}: both kept (`learn retire "
                f"{target}` if this replaces it)")
        delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
        return True

    def _replace(self, delta: Any, work: Any, target: str) -> Decision:
        from altimate_learn.curate.anchors import identifiers

        if target not in work.by_id or target in delta.coexists or delta.op != "ADD":
            return "go"
        delta.supersedes = target
        rest = [lid for lid in work.index.overlapping(identifiers(delta.text or "")) if lid != target]
        if rest:  # a person's rule sits beside the other lessons it names; the output says which
            delta.coexists = list(dict.fromkeys(list(delta.coexists) + sorted(rest)))
        return "go"

    def _person_relations(self, delta: Any, work: Any) -> Decision:
        """A person's rule the vet passed may still restate or sharpen a lesson in words the vet does not
        weigh: the curator's word overlap, or a shared backtick identifier. It replaces the closest one; a
        lesson that shares only the identifier and says it holds in another situation stays beside it."""
        from altimate_learn.curate.anchors import identifiers
        from altimate_learn.curate.curator import DEDUPE_THRESHOLD, jaccard, word_set

        if delta.op != "ADD" or delta.supersedes:
            return "go"
        from altimate_learn.curate.names import names_beyond

        words = word_set(delta.text or "")
        # worded alike about other code ("Put intermediate models in `models/intermediate/`." beside "Put staging
        # models in `models/staging/`."): a parallel convention, not a restatement; a lesson is never replaced by a
        # rule that drops the code it names (review13 R13-22)
        near = [(score, lid) for lid, score in work.words.similar(words, DEDUPE_THRESHOLD).items()
                if lid not in delta.coexists and lid in work.by_id
                and not names_beyond(work.by_id[lid]["text"], delta.text or "")]
        if near:
            target = max(near)[1]
            if _says_less(delta.text or "", work.by_id[target]["text"]):
                return self._helpful(delta, work, target, "restated by a person")
            if not self._beside_narrower(delta, work, target):
                return self._replace(delta, work, target)
        else:
            whole = _carried_whole(delta.text or "", words, work, delta.coexists)
            if whole is not None and not self._beside_narrower(delta, work, whole):
                return self._replace(delta, work, whole)
        part = _part_of(delta.text or "", words, work, delta.coexists)
        if part is not None:
            # "Never use float for money." beside "Represent money amounts with `Decimal`, never `float`.": the
            # lesson's own code named in plain words, in its situation; a vote for it, not a second rule (R13-9)
            return self._helpful(delta, work, part, "restated by a person")
        from altimate_learn.curate.anchors import OPPOSITE
        from altimate_learn.curate.polarity import polar_spans

        # the lessons it shares a name with, and those it gives the opposite rule for on a name (`pytest -q -x
        # --ff` beside "never `pytest` alone"): the curator refuses an undeclared one of those, and a person's
        # rule is never refused for it (it replaces the lesson or sits beside it, said)
        overlap = {lid: {name.removesuffix(OPPOSITE) for name in names} for lid, names in
                   work.index.overlapping(identifiers(delta.text or ""), polar=polar_spans(delta.text or "")).items()}
        if overlap:
            # A lesson about the same name in another situation ("Never use `print()` for logging" beside "CLI
            # scripts write their output with `print()`") is not sharpened by it: both stay, side by side.
            # Nor is one that names the same file only as a place for another thing ("Use fixtures from
            # `tests/conftest.py` ..." beside "Never add test cases to `tests/conftest.py`."): the vet's own
            # subject test (review14 R14-34)
            from altimate_learn.gates.offline import Rule, different_situations, different_subjects

            from altimate_learn.gates.vet import trigger_paths

            mine = Rule(delta.text or "", paths=delta.paths)
            apart = sorted(lid for lid, names in overlap.items() if lid in work.by_id and all(
                different_situations(mine, theirs, name) or different_subjects(mine, theirs, name)
                for theirs in (Rule(work.by_id[lid]["text"], paths=trigger_paths(work.by_id[lid])),)
                for name in names))
            if apart:
                delta.coexists = list(dict.fromkeys(list(delta.coexists) + apart))
                overlap = {lid: names for lid, names in overlap.items() if lid not in apart}
        if overlap:
            from altimate_learn.curate.apply import contradictions

            # an exception to one of them, or the general rule of one (R35-19): beside it, named, never replacing it
            overlap = {lid: names for lid, names in overlap.items()
                       if not (lid in work.by_id and contradictions(delta.text or "", work.by_id[lid]["text"])
                               and self._beside_exception(delta, work, lid, delta.text or ""))}
        if overlap:
            from altimate_learn.curate.apply import contradictions

            def said(lid: str) -> str:
                return work.by_id[lid]["text"] if lid in work.by_id else ""

            # the lesson it replaces: one it contradicts, else the one it says most of again (not merely the one
            # worded most alike: "Every model in `models/staging/` selects from `source()`" shares more words with
            # "Put every staging model in `models/staging/`, one file per source table." than the rule that says
            # where staging models go, which is the one that rule restates)
            replaced = [(bool(contradictions(delta.text or "", said(lid))), cover_share(delta.text or "", said(lid)),
                         jaccard(words, work.words.get(lid, frozenset())), lid) for lid in overlap]
            replaced = [entry for entry in replaced if entry[0] or entry[1] >= COVER_SHARE]
            replaced = [entry for entry in replaced if entry[0] or not self._beside_narrower(delta, work, entry[-1])]
            if replaced:
                return self._replace(delta, work, max(replaced)[-1])
            best = max(overlap, key=lambda lid: (jaccard(words, work.words.get(lid, frozenset())), lid))
            old = said(best)
            # another rule about the same code ("Use `httpx` for outbound HTTP calls." beside "Call the payment
            # provider with an async `httpx` client, never `requests`."): replacing would drop what only the old
            # one says, so both stay (review14 R14-13)
            delta.coexists = list(dict.fromkeys(list(delta.coexists) + sorted(lid for lid in overlap
                                                                               if lid in work.by_id)))
            where = _same_situation(delta.text or "", old)
            if where:  # the same name in the same place, said differently: they may disagree (review14 R14-33)
                note = (f"may contradict {best} (both about {where}): check which holds (`learn retire {best}` if "
                        "this rule replaces it)")
                delta.provenance = f"{delta.provenance}; {note}" if delta.provenance else note
        return "go"

    def accepted(self, lesson_id: str, delta: Any, text: str) -> None:
        """The curator applied ``delta`` as lesson ``lesson_id``: stamp it (or mark it unvetted)."""
        verdict = self.verdicts.get(id(delta))
        old = self.stamps.get(lesson_id) or {}
        channel = self.channel or old.get("channel")
        if delta.op == "EDIT":
            channel = old.get("channel") or self.channel
        if self.skip_vet:
            self.new_stamps[lesson_id] = {"channel": channel, "th": stamps.text_hash(text), "at": _now()}
        elif verdict is not None and verdict.verdict in ("pass", "ungrounded", "duplicate", "contradiction"):
            self.new_stamps[lesson_id] = {"ih": self.contract.hash, "th": stamps.text_hash(text), "by": verdict.by,
                                          "channel": channel, "at": _now()}
        else:
            self.new_stamps[lesson_id] = {"channel": channel, "th": stamps.text_hash(text), "at": _now()}

    # --- quarantine -------------------------------------------------------------------------------------
    def quarantine_delta(self, delta: Any, work: Any, reason: str, verdict: Verdict | None = None,
                         rule: str | None = None) -> None:
        """Set a rule aside instead of applying it (a new id; an EDIT keeps the lesson it edits as it was)."""
        from altimate_learn.schema import make_lesson

        text = delta.text if isinstance(delta.text, str) else ""
        lesson = make_lesson(" ".join(text.split()) if len(text) < 4000 else text[:4000], lesson_id=work.new_id(),
                             now=work.now, tags=delta.tags,
                             paths=delta.paths if delta.paths is not None else work.apply_paths)
        record = quarantine.entry(lesson, verdict=verdict.verdict if verdict else (rule or "rejected"),
                                  reason=reason, author=self.author, channel=self.channel,
                                  by=verdict.by if verdict else "curator",
                                  source=verdict.source if verdict else None, quote=verdict.quote if verdict else None)
        if delta.op == "EDIT" and delta.id:
            record["edits"] = delta.id
        self.quarantined.append(record)
        work.record("QUARANTINE", lesson["id"], delta.reason, text=lesson["text"], note=reason)

    # --- re-vet of stored lessons ---------------------------------------------------------------------
    def revet(self, work: Any, approved_ids: set[str] | None) -> None:
        """Re-stamp or quarantine stored lessons that are stale or never vetted (see the module docstring)."""
        if self.skip_vet or (self.vet is not None and self.vet.failed):
            return
        due = self._due(work, MAX_OFFLINE_REVETS if self.vet is None else None)
        if self.vet is None:
            check = self.offline(work)
            verdicts = {lesson["id"]: check.verdict(Item(lesson["id"], lesson["text"], "model", evidence=False,
                                                         paths=trigger_paths(lesson)), against_lessons=False)
                        for lesson in due[:MAX_OFFLINE_REVETS]}
        else:
            verdicts = {lesson["id"]: self.vet.verdicts[lesson["id"]] for lesson in due
                        if lesson["id"] in self.vet.verdicts}
        now = _now()  # one stamp time for the batch
        for lesson in due:
            verdict = verdicts.get(lesson["id"])
            if verdict is None:
                continue
            old = self.stamps.get(lesson["id"]) or {}
            if verdict.verdict in ("duplicate", "contradiction") and verdict.against_instructions \
                    and not quarantine.overruled(lesson, verdict):  # a person kept it over this verdict
                was = "approved" if approved_ids is None or lesson["id"] in approved_ids else "candidate"
                record = quarantine.entry(lesson, verdict=verdict.verdict, reason=verdict.describe(),
                                          author="person" if old.get("channel") == "remember" else "model",
                                          channel=old.get("channel"), by=verdict.by, source=verdict.source,
                                          quote=verdict.quote, was=was)
                self.quarantined.append(record)
                work.drop(lesson)
                work.record("REMOVE", lesson["id"], "re-vet: " + verdict.describe(), note="quarantined",
                            text=lesson["text"])
                self.new_stamps[lesson["id"]] = None
                continue
            # a lesson this clone never stamped, while it stamped others or whose adding its own history does not
            # record, came through git: a teammate's (its channel is recorded in the clone that learned it)
            channel = old.get("channel") or (stamps.TEAMMATES_VETTED if not old and (
                self.stamps or lesson["id"] not in self._learned_here()) else None)
            self.new_stamps[lesson["id"]] = {"ih": self.contract.hash, "th": stamps.text_hash(lesson["text"]),
                                             "by": verdict.by, "channel": channel, "at": now}
            self.restamped.append(lesson["id"])

    def _learned_here(self) -> set[str]:
        if self._here is None:
            from altimate_learn.gates.report import learned_here

            self._here = learned_here(self.store)
        return self._here

    def _due(self, work: Any, limit: int | None = None) -> list[dict]:
        """The lessons of ``work`` that are stale or never vetted, in order (at least the first ``limit`` of
        them, when that is all the caller uses). The user's cache may know which of the lessons as they were
        before this pass were due (:mod:`altimate_learn.gates.vetcache`); then only those and the lessons
        this pass added or changed are hashed."""
        def due(lesson: dict) -> bool:
            return stamps.state(self.stamps.get(lesson["id"]), lesson["text"], self.contract.hash) in ("stale",
                                                                                                       "unvetted")

        before = getattr(work, "before", None)
        if not isinstance(before, dict) or self._vetted.digest is None \
                or len(self.stamps) < max(vetcache.MIN_STAMPS, len(work.lessons) // 2):
            # Few stamps (a store from before the vet, being backfilled): few hashes, the digests cost more.
            return list(itertools.islice((lesson for lesson in work.lessons
                                          if lesson["id"] not in self.new_stamps and due(lesson)), limit))
        self._work = weakref.ref(work)  # the pass holds this screen: no cycle that keeps 10,000 lessons alive
        base_key = vetcache.due_key(vetcache.lessons_key(before.values(), self._lessons_file), self._vetted.digest,
                                    self.contract.hash)
        known = self._cache.due(base_key)
        changed, ids = vetcache.changed(work.lessons, before)
        # Which lessons to look at: all of them, or (the cache knows which unchanged ones were due) those whose
        # text is new or changed and those that were due; the others were not, and their stamps did not change.
        look = itertools.repeat(True) if known is None else map(operator.or_, changed, map(known.__contains__, ids))
        out, unchanged_due = [], set()
        for lesson, is_changed in itertools.compress(zip(work.lessons, changed), look):
            lesson_id = lesson["id"]
            if lesson_id not in self.new_stamps and due(lesson):
                out.append(lesson)
                if not is_changed:
                    unchanged_due.add(lesson_id)
        self._due_unchanged = unchanged_due
        if known is None:  # remember it for the lessons as they were (the next pass may start from them again)
            current = {lesson["id"]: lesson["text"] for lesson in work.lessons}
            self._cache.remember_due(base_key, [
                lesson_id for lesson_id, old in before.items()
                if lesson_id in unchanged_due or ((current.get(lesson_id) != old["text"] or lesson_id in self.new_stamps)
                                                  and due(old))])
        return out

    def _remember_due(self, merged: Mapping[str, dict], digest: str, lessons_file: str | None,
                      texts_changed: tuple[list[bool], list[str]] | None) -> None:
        """Remember which lessons of the list this pass leaves are due, against the stamps it leaves."""
        work, known = self._work() if self._work is not None else None, self._due_unchanged
        if work is None or known is None:
            return
        changed, ids = texts_changed if texts_changed is not None else vetcache.changed(work.lessons, work.before)
        # A lesson whose text and stamp did not change, and that was not due, is not due now either.
        look = map(operator.or_, map(operator.or_, changed, map(known.__contains__, ids)),
                   map(self.new_stamps.__contains__, ids))
        due = [lesson["id"] for lesson in itertools.compress(work.lessons, look)
               if stamps.state(merged.get(lesson["id"]), lesson["text"], self.contract.hash) in ("stale", "unvetted")]
        self._cache.remember_due(vetcache.due_key(vetcache.lessons_key(work.lessons, lessons_file), digest,
                                                  self.contract.hash), due)

    # --- writing --------------------------------------------------------------------------------------
    def commit(self, live_ids: set[str], lessons_file: str | None = None,
               texts_changed: tuple[list[bool], list[str]] | None = None) -> None:
        """Write quarantine and stamps (under the store lock); drop stamps of lessons that are gone.
        ``lessons_file``: the SHA-256 of the lesson file this pass leaves (its lessons, as written);
        ``texts_changed``: :func:`altimate_learn.curate.apply.changed_texts` of the pass's lessons against
        those it read, when the caller has it."""
        import hashlib

        from altimate_learn.instructions.files import record
        from altimate_learn.store import fsio

        if self.quarantined:
            quarantine.add(self.store, self.quarantined)
        quarantined = {item["id"] for item in quarantine.read(self.store)} if self.quarantined or self.stamps else set()
        keep = live_ids | quarantined
        # What changes in the stamps read (id -> new stamp; None: dropped), without copying 10,000 of them:
        # this pass's stamps, and the stamps of lessons that are gone.
        changes: dict[str, dict | None] = {
            lesson_id: {k: v for k, v in stamp.items() if v is not None} if stamp is not None and lesson_id in keep
            else None for lesson_id, stamp in self.new_stamps.items()}
        changes.update((lesson_id, None) for lesson_id in set(self.stamps).difference(keep))
        changes = {k: v for k, v in changes.items() if v != self.stamps.get(k)}
        merged = vetcache.Merged(self.stamps, changes)
        digest = self._vetted.digest
        if changes:
            data = vetcache.changes_bytes(self._vetted, changes)
            self.store.ensure()
            path = self.store.path(stamps.VETTED)
            if data != self._vetted.raw:
                fsio.atomic_write(path, data, within=self.store.folder(stamps.VETTED))
            digest = hashlib.sha256(data).hexdigest()
            self._cache.remember_canonical(digest)
            if not self._vetted.canonical and self._vetted.digest and vetcache.was_canonical(merged.plain(), data,
                                                                                             self._vetted):
                self._cache.remember_canonical(self._vetted.digest)  # the next pass from it splices
        if digest is not None:
            self._remember_due(merged, digest, lessons_file, texts_changed)
        if any(s and s.get("ih") for s in self.new_stamps.values()):
            record(str(self.store.project.learn_dir), self.contract)

    def summary(self) -> dict[str, Any] | None:
        """What the vet did, for the history entry and `--json`."""
        out: dict[str, Any] = {"by": self.by, "instructions": self.contract.hash}
        if self.quarantined:
            out["quarantined"] = [{"id": q["id"], "reason": q["reason"]} for q in self.quarantined]
        if self.restamped:
            out["restamped"] = len(self.restamped)
        if self.notes:
            out["notes"] = self.notes[:20]
        if self.vet is not None and self.vet.failed:
            out["error"] = self.vet.error
        return out


# Verbs that only say "do it" ("Never use float" says what "never `float`" says): left out when a person's rule is
# compared with a lesson as a part of it (:func:`_part_of`).
_LIGHT_VERBS = frozenset({"us"})  # the stem of use, uses, using, used


def _where(phrase: str) -> str:
    """Where an exception holds, for a note: its own phrase ("on generated files") or its globs."""
    return phrase if " " in phrase else f'for "{phrase}"'


def _says_less(new: str, old: str) -> bool:
    """``new`` holds only words of ``old``, and not all of them: a part of the lesson said again, which would drop
    the rest if it replaced it ("Never use float for money amounts." of "Use Decimal for money amounts, never
    float.")."""
    from altimate_learn.gates.offline import content_words

    mine, theirs = content_words(new), content_words(old)
    return bool(mine) and mine < theirs


CARRIED_FLOOR = 0.25  # word overlap below which a rule is not read for a lesson it carries whole


def _carried_whole(text: str, words: frozenset[str], work: Any, coexists: Any) -> str | None:
    """The lesson a person's rule says again whole and adds to ("Use httpx for HTTP calls, never requests; the shared
    client is in app/clients/http.py." of "Use httpx for HTTP calls, never requests."): a sharpening, which replaces
    it. The added clause took the word overlap under the curator's threshold, so both stayed in force, the old one
    word for word inside the new (review40 R40-1). Every content word, name, number and condition of the lesson must
    be in the rule (:func:`altimate_learn.curate.meaning.carries` at 1.0), about the same code."""
    from altimate_learn.curate.curator import DEDUPE_THRESHOLD
    from altimate_learn.curate.meaning import carries
    from altimate_learn.curate.names import names_beyond

    found = [(score, lid) for lid, score in work.words.similar(words, CARRIED_FLOOR).items()
             if score < DEDUPE_THRESHOLD and lid not in coexists and lid in work.by_id
             and not names_beyond(work.by_id[lid]["text"], text) and carries(text, work.by_id[lid]["text"], 1.0)]
    return max(found)[1] if found else None


COVER_SHARE = 0.6  # of a lesson's content words a rule about its code must say again to sharpen (replace) it


def _covers(new: str, old: str) -> bool:
    """``new`` says most of what ``old`` says (:func:`cover_share`): it may replace it."""
    return cover_share(new, old) >= COVER_SHARE


def cover_share(new: str, old: str) -> float:
    """The share of ``old``'s content words ("use" aside, and the paths both name) that ``new`` says too: at
    :data:`COVER_SHARE` or more, ``new`` is a sharper or wider version of that rule, which may replace it. "Select raw
    tables through `source()` with a freshness check, in every model." covers "Select raw tables through `source()` in
    staging models."; "Use `httpx` for outbound HTTP calls." does not cover "Call the payment provider with an async
    `httpx` client, never `requests`." (review14 R14-13)."""
    from altimate_learn.gates.offline import content_words

    new, old = _without_shared_places(new, old)
    theirs = content_words(old) - _LIGHT_VERBS
    return len(theirs & content_words(new)) / len(theirs) if theirs else 0.0


_PLACE_SPAN = re.compile(r"`([^`]+)`")


def _without_shared_places(new: str, old: str) -> tuple[str, str]:
    """Both rules without the file or folder paths in backticks that both name. A shared path is where the two
    rules hold, the reason they are compared at all, not something the new rule says again: its words ("models",
    "staging" of `models/staging/`) would otherwise count as the old rule's words said again, and "Every model in
    `models/staging/` selects from `source()`" would replace "Put staging models in `models/staging/`" (fix17)."""
    from altimate_learn.gates.scopes import place_globs

    def places(text: str) -> set[str]:
        return {span.strip().lower().rstrip("/") for span in _PLACE_SPAN.findall(text)
                if place_globs(span, quoted=True) is not None}

    shared = places(new) & places(old)
    if not shared:
        return new, old

    def drop(text: str) -> str:
        return _PLACE_SPAN.sub(lambda m: " " if m.group(1).strip().lower().rstrip("/") in shared else m.group(0), text)

    return drop(new), drop(old)


def _same_situation(new: str, old: str) -> str:
    """The code name two rules share and the situation words both give besides it ("`amount_cents` in models,
    staging"), or "" when they hold in no common situation beyond the name itself (:func:`offline.situation`)."""
    from altimate_learn.gates.offline import identifiers, situation

    names = identifiers(new) & identifiers(old)
    tokens = {token for name in names for token in re.split(r"[/._-]+", name) if token}
    common = sorted(w for w in situation(new) & situation(old)
                    if w not in names and not set(re.split(r"[/._-]+", w)) <= tokens)
    if not names or not common:
        return ""
    return f"{', '.join(f'`{n}`' for n in sorted(names))} in {', '.join(common)}"


PART_THRESHOLD = 0.25  # word overlap at which a lesson is looked at as one a short rule may be a part of


def _part_of(text: str, words: frozenset[str], work: Any, coexists: Any) -> str | None:
    """The lesson ``text`` is a part of, said with the lesson's code names as plain words: every content word of
    ``text`` (but "use") is the lesson's, at least one is a code name the lesson backticks and one is another word
    of it (the situation: "money"), at least one of the lesson's code names is left out (what replacing it would
    drop: `Decimal`), the rule is not the lesson's opposite, and it names no code the lesson does not. "Never use
    float." (everywhere) is not a part of "… money … never `float`."; "Use float for money." is its opposite; a
    rule giving all of the lesson's code is a restatement, which replaces it. The closest such lesson, or None."""
    from altimate_learn.curate.apply import opposite
    from altimate_learn.curate.names import names_beyond
    from altimate_learn.gates.offline import content_words, identifiers

    mine = content_words(text) - _LIGHT_VERBS
    if len(mine) < 2:
        return None
    found = sorted(((score, lid) for lid, score in work.words.similar(words, PART_THRESHOLD).items()
                    if lid not in coexists and lid in work.by_id), reverse=True)
    for _, lid in found:
        old = work.by_id[lid]["text"]
        names = content_words(" ".join(identifiers(old)))
        if mine < content_words(old) and mine & names and mine - names and names - mine and not opposite(text, old) \
                and not names_beyond(text, old):
            return lid
    return None


def _words_only(text: str) -> str:
    """``text`` as its words: lower case, no backticks, quotes or punctuation, single spaces."""
    import re

    return " ".join(re.sub(r"[`'\"“”‘’.,;:!?()\[\]]+", " ", text.lower()).split())


def _same(a: str, b: str) -> bool:
    """The same words: case, spacing, a final period and backticks aside ("never use float" is "never use
    `float`": review14 R14-30)."""
    return " ".join(a.lower().replace("`", "").split()).rstrip(".") == \
        " ".join(b.lower().replace("`", "").split()).rstrip(".")


def _now() -> str:
    from altimate_learn.store.fsio import utc_now

    return utc_now()
