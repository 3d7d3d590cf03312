"""The built-in offline reflector: deterministic rules, no model, no network.

It reads correction, review and CI feedback and writes one short rule for each rule its sentences state
(at most three a piece of feedback), by pattern, never by guessing. A correction carries its rule in a few
shapes, and each has a rendering:

====================================================  ====================================================
feedback                                              lesson
====================================================  ====================================================
"no, use ref() instead of hardcoding the table"       Use `ref()` instead of hardcoding the table.
"don't use print, use the logger"                     Use the logger instead of `print`.
"it's pnpm, not npm"                                  Use `pnpm` instead of `npm`.
"please rename getUserData to fetchUser"              Rename `getUserData` to `fetchUser`.
"we never use SELECT * in marts"                      Never use `SELECT *` in marts.
"stop adding comments to every line"                  Never add comments to every line.
"you forgot to add the migration for the new column"  Always add the migration for each new column.
"staging models must convert amount_cents to …"       Staging models must convert `amount_cents` to …
"API handlers go in src/api/handlers/"                Put API handlers in `src/api/handlers/`.
"uv, not pip" / "we use pnpm here"                    Use `uv` instead of `pip`. / Use `pnpm`.
"don't touch the migrations"                          Never touch the migrations.
"our API returns cents"                               The API returns cents.
"you keep adding emojis to the commit messages"       Never add emojis to the commit messages.
"why did you delete the tests again?"                 Never delete the tests.
"you forgot to update the changelog again"            Always update the changelog.
"we use tabs here" / "we follow conventional commits" Indent with tabs. / Follow conventional commits.
"we don't allow force pushes to main"                 Force pushes to main are not allowed.
"didn't we agree to keep handlers thin?"              Always keep handlers thin.
"I told you before, no print statements"              Never use print statements.
====================================================  ====================================================

Around that: greetings, refusals ("no,", "that's wrong"), reminders ("as I said") and team phrasing ("in
this repo", a "here" inside the rule) are stripped; a complaint or question about an action the agent repeats
("you keep …", "why did you … again?", "I told you, don't …") is read as the standing rule it carries (`restate.py`); a hedged correction ("could you maybe use X instead of Y?", "I think it would be better
to …") is read as its plain form (`hedges.py`); rationale after "because" / "so that" is dropped; code identifiers (snake_case,
camelCase, dotted names, calls such as ``ref()``, file names, paths, globs, ``--flags``) are put in
backticks; the result is one imperative line of at most 140 characters. Feedback it cannot turn into a
clean rule ("that's still broken", "revert that", a CI stack trace) produces nothing, and the rule comes
from the person's own words only: pasted code, terminal sessions, logs, diffs, file contents and quoted text are
set aside first (`pasted.py`), so a line of pasted code never becomes a lesson. A missing lesson
costs less than a wrong one a person must read and reject. A correction only the trained model flagged (its
signal's reason says so, `capture/second_opinion.py`) produces nothing either: it waits for a model or a person.
A `tool_retry` signal (a tool failing three times in a row) gives a lesson only when its capture saw what worked
after it: the same tool running the failed command another way ("Run `python -m pytest` instead of `pytest` here
(it fails with "…")."); one that says only what failed gives nothing (a lesson would only say the command
fails) and waits for a model (`capture/commands.py`). Nor does one-off steering (`rules.one_off`: a reminder of one slip, a referent only the conversation names, one
file for this change, an open list, an emphatic complaint, a design statement about one part, a task step), nor a
"Never …" rule whose feedback names a path apart from it (`half_placement`: the lesson would lose where the thing
goes or what to do instead), nor a
rule that would carry a typo of the person's (`typos.py`: repaired only when the word meant is certain, one known word
one dropped letter, swap or doubled letter away, "everwhere" -> "everywhere"; declined otherwise); the reason names the
shape.

A rule that restates an existing lesson (word overlap) becomes HELPFUL on that lesson; a correction that says a lesson
learn gave that session no longer holds ("that axios rule is outdated, …") becomes HARMFUL on it when exactly one such
lesson holds a word of the rule's name (:func:`no_longer_holds`). A rule sharing a
backticked identifier with an existing lesson declares the relation the curator asks for: ``supersedes``
when they point opposite ways (the new rule avoids what the old one recommends, or the reverse),
``coexists`` when they agree. Lessons are scoped (``paths``) to the folders of the files the agent was
working on when it was corrected, as directory globs such as ``models/staging/*.sql``, never narrower than the
words: a rule that names a folder on that path holds below it (``db/migrations/**``), one about a kind of code
("for React components", "the table names") in files of that type across the part of the repository
(``web/**/*.tsx``); root-level files
never make a trigger, and a lesson that names a folder or file elsewhere (`build/` while the agent wrote
`out.txt`) is left project-wide.

The package: `vocabulary.py` (word lists), `conventions.py` (team conventions stated as facts), `hedges.py` (softened corrections read plainly), `identifiers.py` (code in backticks), `pasted.py` (what was pasted,
not said), `typos.py` (typos a lesson must not carry), `text.py` (clean-up and final form), `phrase.py` (the
`Rule` a clause is read into), `choices.py` (tool, language and data choices), `match.py` (a clause to a `Rule`: leads, scopes, choices),
`imperatives.py` (the orders: never, always, must, a plain imperative), `restate.py` (questions and reminders
restated), `habits.py` (a complaint about what the agent keeps doing),
`one_off.py` (one-off steering: why a clean rule is still no lesson), `challenges.py` (a challenge of what the agent
did: a secret hardcoded, a check skipped), `dislikes.py` (a dislike of a kind of code), `other_languages.py` (one tool against another
of its job in German, Spanish, French, Portuguese or Italian, kept in the person's words), `render.py` (a `Rule` to its final line, the quality
gate), `rules.py` (feedback to its rules: clauses, reasons for none), `relations.py` (HELPFUL / supersedes /
coexists), `scope.py` (path triggers); this module runs them over a batch of feedback.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
from altimate_learn.reflect.providers.builtin.relations import (HELPFUL_OVERLAP, competing, jaccard, relate, restated,
                                                                 terse)
from altimate_learn.reflect.providers.builtin.match import match_rule
from altimate_learn.reflect.providers.builtin.one_off import RELAYED_OUTSIDE, TWO_PLACES, relayed
from altimate_learn.reflect.providers.builtin.phrase import MAX_CHARS
from altimate_learn.reflect.providers.builtin.render import finalize
from altimate_learn.reflect.providers.builtin.restate import restate_joined
from altimate_learn.reflect.providers.builtin.rules import NO_RULE, TOO_LONG, extract_rule, extract_rules, rule_for, rules_for
from altimate_learn.reflect.providers.builtin.scope import named_paths, path_globs, review_trigger_for, trigger_for
from altimate_learn.reflect.providers.builtin.text import content_words, normalise, prose
from altimate_learn.reflect.providers.builtin.vocabulary import CODE_WORDS, SLASH_WORDS

MAX_ADDS = 3
LEARN_KINDS = ("user_correction", "review", "ci", "user", "verifier")


@dataclass
class FeedbackItem:
    """One piece of feedback: a stored signal, or a paragraph of `--feedback` text."""

    kind: str
    text: str
    signal_id: str | None = None
    message_id: str | None = None
    paths: list[str] = field(default_factory=list)  # files the agent worked on just before it
    model_only: bool = False  # a correction only the trained model flagged (no pattern): never a lesson here
    shown: tuple[str, ...] = ()  # the lessons learn gave the agent in the session the feedback came from
    echoes: tuple[str, ...] = ()  # lessons staged from the agent's own memory of this very message (never its vote)
    # when the person typed it and their next message of that session (the learner's exchanges, which may have no
    # signal: a session's first message never is one): the turn an agent's memory of it was written in
    at: str | None = None
    until: str | None = None


@dataclass
class BuiltinResult:
    """What one built-in reflection proposes, and what becomes of each piece of feedback.

    ``sources[i]`` is the signal (or ``#n`` item) delta ``i`` came from: a signal is used up only when a
    delta from it is applied. ``skipped`` says why the rest gave nothing; ``waiting`` names those that a later
    reflection can still use (past the per-reflection cap, or the same rule as a lesson added in this batch),
    the others wait for a model or a person.
    """

    deltas: list[dict[str, Any]]
    skipped: list[tuple[str, str]]  # (signal id or "#n", why nothing was proposed)
    sources: list[str] = field(default_factory=list)
    waiting: set[str] = field(default_factory=set)


def reflect_builtin(items: Sequence[FeedbackItem], lessons: Sequence[dict[str, Any]], *,
                    scope_paths: bool = True) -> BuiltinResult:
    """Deltas for ``items`` against the current ``lessons`` (see the module docstring)."""
    result = BuiltinResult([], [])
    helpful: set[str] = set()
    harmful: set[str] = set()
    added: list[dict[str, Any]] = []

    def propose(delta: dict[str, Any], who: str, item: FeedbackItem) -> None:
        result.deltas.append(_cited(delta, item))
        result.sources.append(who)

    def skip(who: str, why: str, *, later: bool = False) -> None:
        result.skipped.append((who, why))
        if later:
            result.waiting.add(who)

    for number, item in enumerate(items):
        who = item.signal_id or f"#{number + 1}"
        if item.kind not in LEARN_KINDS and item.kind != "tool_retry":
            skip(who, f"{item.kind} signals need a model to interpret")
            continue
        if item.model_only:
            skip(who, MODEL_ONLY)
            continue
        rules, why = item_rules(item)
        wrong = no_longer_holds(item, lessons)
        if wrong is not None and wrong not in harmful:
            # "that axios rule is outdated, we use fetch now" after "Never use `axios`." was given to the agent: a vote
            # against that lesson, the loop that retires a wrong lesson starts offline too (review39 R39-20); what the
            # rest of the message says is read as ever, and one that goes against the lesson is left to a model or a
            # person
            harmful.add(wrong)
            propose({"op": "HARMFUL", "id": wrong, "reason": f"{item.kind} says it no longer holds: {_quote(item.text)}"},
                    who, item)
            if not rules:
                continue
        cited = None if rules or wrong is not None else rules_say(item, lessons)
        if cited is not None and cited not in helpful:
            # "and print again. the team rules literally say use the logger" after "Use the logger from `app/log.py`,
            # never `print`." was given (review40 R40-5): the person holds the agent to that lesson, a vote for it
            helpful.add(cited)
            propose({"op": "HELPFUL", "id": cited, "reason": f"{item.kind} holds the agent to it: {_quote(item.text)}"},
                    who, item)
            continue
        if not rules:
            again = restated(item.text, lessons)
            if again and again in item.echoes:
                skip(who, echoed(again))
                continue
            broken = None if again else broke_given(item, lessons)
            if again and again not in helpful:
                helpful.add(again)
                propose({"op": "HELPFUL", "id": again, "reason": f"{item.kind} restates it: {_quote(item.text)}"},
                        who, item)
            elif again:
                skip(who, "restates a lesson already marked helpful", later=True)
            elif broken:
                # "print again??" after "Use the logger …, never `print`." was given that session (review41 R41-5): the
                # agent did not follow the lesson, which says nothing of whether it is right (no HELPFUL, no HARMFUL);
                # what to do about it waits for a model or a person
                skip(who, BROKE_GIVEN.format(lesson=broken))
            else:
                skip(who, why)
            continue
        # Every rule the item states is proposed, or none of it is (past the cap the whole item waits), so a
        # signal is never used up with one of its rules left behind.
        proposals: list[dict[str, Any]] = []
        waits = ""
        declined = ""
        echo = ""
        for rule in rules:
            if any(jaccard(content_words(rule), content_words(d["text"])) >= HELPFUL_OVERLAP
                   for d in added + [p for p in proposals if p["op"] == "ADD"]):
                waits = waits or "same rule as another piece of feedback"
                continue
            said = says_what_worked(rule, lessons) if item.kind == "tool_retry" else None
            if said:  # a lesson already says to run it that way (review14 R14-26): a vote for it, not a new rule
                if said not in helpful and all(p.get("id") != said for p in proposals):
                    proposals.append({"op": "HELPFUL", "id": said,
                                      "reason": f"tool_retry: what worked is what it says: {_quote(rule)}"})
                else:
                    waits = waits or "restates a lesson already marked helpful"
                continue
            same, supersedes, coexists = relate(rule, lessons)
            # A rule that gives another tool for the job of the lesson it shares words with is no vote for that
            # lesson ("…; add dependencies with poetry add" against "Add dependencies with `uv add` …", R13-11)
            rival = competing(rule, [lesson for lesson in lessons if lesson["id"] == same] if same else lessons)
            if same and not rival:  # the person's own words may name the other tool the rule left out ("…; we log
                # with loguru" read as "Never use `print` for logging.")
                rival = competing(prose(item.text), [lesson for lesson in lessons if lesson["id"] == same])
            if rival or supersedes and terse(item.text):
                # "no docker" against "Use `docker compose` for local services.", "we use npm" beside "Use `pnpm` for
                # packages.": a few words offline are not the evidence a replacement needs, and two lessons that
                # disagree must not both stand; a model or a person decides
                against = rival or supersedes
                declined = f"goes against {against}: a model or a person should decide which holds"
                continue
            if same and same in item.echoes:
                echo = echo or same  # the agent's memory of this very message staged it: merged, not counted (R39-5)
                continue
            if same:
                if same not in helpful and all(p.get("id") != same for p in proposals):
                    proposals.append({"op": "HELPFUL", "id": same, "reason": f"{item.kind} restates it: {_quote(item.text)}"})
                else:
                    waits = waits or "restates a lesson already marked helpful"
                continue
            delta: dict[str, Any] = {"op": "ADD", "text": rule, "reason": f"{item.kind}: {_quote(item.text)}"}
            if supersedes:
                delta["supersedes"] = supersedes
            if coexists:
                delta["coexists"] = coexists
            if scope_paths and item.kind != "tool_retry":  # how to run a command holds in the whole project
                globs = review_trigger_for(rule, item.paths, item.text) if item.kind == "review" else \
                    trigger_for(rule, item.paths, said=prose(item.text))
                if globs:
                    delta["paths"] = globs
            proposals.append(delta)
        mixed = _mixed(proposals, lessons)
        if mixed:
            # "No, never use float for money here. Store prices as integer cents." beside "Represent money amounts with
            # `Decimal`, never `float`.": one half agrees with the lesson, the other changes what it gives; counted as
            # a vote for it, the two would stand side by side (review13 R13-7)
            proposals, declined, waits = [], f"goes against {mixed}: a model or a person should decide which holds", ""
        if not proposals and wrong is not None and wrong in harmful:
            continue  # its vote against the lesson is what came of it (the rest goes against that lesson)
        if not proposals and echo and not waits and not declined:
            skip(who, echoed(echo))
            continue
        if not proposals:
            if declined and not waits:
                skip(who, declined)
            else:
                skip(who, waits, later=True)
            continue
        adds = [p for p in proposals if p["op"] == "ADD"]
        if adds and len(added) + len(adds) > MAX_ADDS:
            skip(who, f"more than {MAX_ADDS} new lessons in one reflection; kept for the next one", later=True)
            continue
        for delta in proposals:
            if delta["op"] == "HELPFUL":
                helpful.add(delta["id"])
            else:
                added.append(delta)
            propose(delta, who, item)
    return result


# The rule, lesson or convention a person says no longer holds, named by its subject: "that axios rule is outdated",
# "the rule about fetch doesn't apply to uploads", "the `requests` lesson is wrong now" (capture.cues: the signal "said a
# rule the agent followed no longer holds")
_NAMED_RULE = re.compile(r"\b(?:that|this|the|your|our)\s+(?P<before>(?:[\w`.-]+\s+){0,3}?)(?:rule|lesson|convention|guideline|"
                         r"instruction)s?\s+(?:(?:about|on|for|against)\s+(?P<after>(?:[\w`.-]+\s*){1,3}?))?"
                         r"(?=(?:is|are|was|were|'s|doesn'?t|does\s+not|don'?t|do\s+not|no\s+longer)\b)", re.I)
# words of a rule's name that say which rule it is by no subject of its own
_NOT_A_SUBJECT = frozenset("""team old new whole same other last first one that this the our your whole code style naming
project repo repository company house general global default main""".split())


def no_longer_holds(item: FeedbackItem, lessons: Sequence[dict[str, Any]]) -> str | None:
    """The lesson ``item`` says no longer holds ("that axios rule is outdated, we use fetch now"), when it can be told
    with confidence: the message is the capture cue's kind, and exactly one lesson learn gave that session
    (``item.shown``) holds a word of the rule's name that is a subject ("axios"). None otherwise: the signal stays open
    for a model or a person."""
    if not item.shown or item.kind != "user_correction":
        return None
    from altimate_learn.capture.cues import CUES

    said = prose(item.text)
    if not any(label == NO_LONGER_HOLDS and pattern.search(said) for pattern, label in CUES):
        return None
    named = _NAMED_RULE.search(said)
    if not named:
        return None
    terms = {word.lower() for word in re.findall(r"[\w.-]+", f"{named.group('before')} {named.group('after') or ''}")
             if len(word) > 1 and word.lower() not in _NOT_A_SUBJECT}
    if not terms:
        return None
    given = set(item.shown)
    found = [lesson["id"] for lesson in lessons if lesson.get("id") in given
             and any(re.search(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])", str(lesson.get("text", "")), re.I)
                     for term in terms)]
    return found[0] if len(found) == 1 else None


NO_LONGER_HOLDS = "said a rule the agent followed no longer holds"

# The person holding the agent to the rules it was given: "the team rules literally say use the logger", "like the
# lesson says", "read the rules, it says …" (review40 R40-5)
RULES_SAY = re.compile(r"\b(?:the|our|your|team)\s+(?:team\s+)?(?:rules?|lessons?|conventions?|guidelines?|instructions?)\s+"
                       r"(?:(?:literally|clearly|already|explicitly|even|do|does)\s+)?(?:says?|said|tells?\s+you|told\s+you)\b"
                       r"|\b(?:as|like)\s+the\s+(?:team\s+)?(?:rules?|lessons?|conventions?)\s+says?\b", re.I)


def rules_say(item: FeedbackItem, lessons: Sequence[dict[str, Any]]) -> str | None:
    """The lesson learn gave the session that the person holds the agent to ("and print again. the team rules literally
    say use the logger"): exactly one lesson given that session (``item.shown``) shares a content word with what the
    person says the rules say. None otherwise (no such words, two lessons, an exception said with it)."""
    if not item.shown or item.kind != "user_correction":
        return None
    said = prose(item.text)
    found = RULES_SAY.search(said)
    if not found or re.search(r"\b(?:but|except|although|though|however|unless|outdated|obsolete|wrong|no\s+longer)\b",
                              said[found.start():], re.I):
        return None
    words = content_words(said) - {"rule", "rules", "lesson", "lessons", "team", "say", "says", "literally", "again"}
    given = set(item.shown)
    found_ids = [lesson["id"] for lesson in lessons if lesson.get("id") in given
                 and len(words & content_words(str(lesson.get("text", "")))) >= 2]
    return found_ids[0] if len(found_ids) == 1 else None


BROKE_GIVEN = ("it says the agent did again what {lesson}, given to it in that session, rules out: the lesson was not "
               "followed, which is no vote for or against it; a model or a person should read what to do")
AGAIN = re.compile(r"\b(?:again|still|once\s+more|another)\b", re.I)


def broke_given(item: FeedbackItem, lessons: Sequence[dict[str, Any]]) -> str | None:
    """The lesson given in the item's session (``item.shown``) whose ruled-out thing the person's short complaint names
    with "again" or "still" ("print again??" after "Use the logger from `app/log.py`, never `print`.": review41 R41-5),
    when exactly one such lesson holds; None otherwise."""
    if not item.shown or item.kind != "user_correction":
        return None
    said = prose(item.text)
    if len(said) > 120 or not AGAIN.search(said):
        return None
    from altimate_learn.curate.polarity import AVOID, polar_spans

    def named_again(thing: str) -> bool:
        # the thing said with "again" / "still" next to it ("print again??", "still print() everywhere", "you used print
        # again"), not the verb of a request ("print the report again")
        t = re.escape(thing)
        return bool(re.search(rf"(?<![\w.-]){t}(?:\(\))?(?:\s+(?:statements?|calls?|everywhere|here|in\s+there))?\W*\s*"
                              rf"(?:again|still)\b|\b(?:again|still)\s+(?:(?:using|adding|with|a|an|the)\s+)?{t}(?![\w-])"
                              rf"|\b(?:used|using|added|adding)\s+(?:a\s+|an\s+|the\s+)?{t}(?![\w-])[^.?!]*\bagain\b", said, re.I))

    given = set(item.shown)
    found = [lesson["id"] for lesson in lessons if lesson.get("id") in given
             and any(span.polarity == AVOID and len(span.key) == 1 and named_again(next(iter(span.key)))
                     for span in polar_spans(str(lesson.get("text", ""))))]
    return found[0] if len(found) == 1 else None


def echoed(lesson_id: str) -> str:
    """Why a typed message that restates ``lesson_id`` is no vote for it: the lesson was staged from the agent's own
    memory of that message (review39 R39-5: "please remember: …" and Codex's note of it counted as "helpful 1")."""
    return (f"restates {lesson_id}, which was staged from the agent's own memory of this message: merged, not counted "
            "as helpful")


def _mixed(proposals: list[dict[str, Any]], lessons: Sequence[dict[str, Any]]) -> str | None:
    """The lesson one piece of feedback both repeats (HELPFUL) and adds a new rule about (an ADD sharing a word or
    an idea of it, "prices" for "money"): the feedback goes beyond the lesson on its own subject."""
    helped = [p["id"] for p in proposals if p["op"] == "HELPFUL"]
    adds = [p["text"] for p in proposals if p["op"] == "ADD"]
    if not helped or not adds:
        return None
    from altimate_learn.gates.offline import _ideas
    from altimate_learn.gates.offline import content_words as vet_words

    def ideas(text: str) -> set[str]:
        return {idea for word in re.findall(r"[a-z][a-z_]+", text.lower()) if vet_words(word) for idea in _ideas(word)}

    texts = {lesson["id"]: lesson.get("text", "") for lesson in lessons}
    for lesson_id in helped:
        theirs = ideas(texts.get(lesson_id, ""))
        if any(ideas(text) & theirs for text in adds):
            return lesson_id
    return None


def says_what_worked(rule: str, lessons: Sequence[dict[str, Any]], worked_command: str | None = None) -> str | None:
    """The lesson that already tells agents to run what ``rule`` (a tool_retry lesson) says worked (or
    ``worked_command``): one of its used commands holds every word of the command that worked (`uv run pytest` in
    "Run the tests with `uv run pytest -q -x` before every commit.")."""
    from altimate_learn.curate.polarity import USE, polar_spans, span_key

    if worked_command is not None:
        found = span_key(worked_command)
        worked = [found[0]] if found else []
    else:
        worked = [span.key for span in polar_spans(rule) if span.polarity == USE]
    if not worked:
        return None
    for lesson in lessons:
        used = [span.key for span in polar_spans(str(lesson.get("text", ""))) if span.polarity == USE]
        if any(key <= other for key in worked for other in used):
            return lesson["id"]
    return None


MODEL_ONLY = ("only the trained model flagged it as a correction (no pattern did): a model or a person should read "
              "it, the built-in reflector writes no lesson from it")


def item_rule(item: FeedbackItem) -> tuple[str | None, str]:
    """The first rule a piece of feedback states (:func:`item_rules`), or None and why not."""
    rules, why = item_rules(item)
    return (rules[0] if rules else None), why


def item_rules(item: FeedbackItem) -> tuple[list[str], str]:
    """The rules a piece of feedback states, best first, or none and why not. A correction only the trained model
    flagged gives none: no reviewer has read what the rules would make of what it flags, so it waits for a model
    or a person (measured: wired in without this, the reflector wrote lessons nobody had reviewed)."""
    if item.model_only:
        return [], MODEL_ONLY
    if item.kind in ("user_correction", "review"):
        rules, why = correction_rules(item.text) if item.kind == "user_correction" else rules_for(item.text)
        place = next((p for rule in rules if (p := half_placement(rule, item.text))), None)
        joined = _with_place_clause(rules, item.text) if place else None
        if joined:  # "never X in Y; put Z in `path`": both clauses, one lesson (review14 R14-2 residual)
            return joined, ""
        if place:
            return [], (f"it says what not to do, and names `{place}` apart from that rule: where it goes or what to do "
                        "instead needs a model or a person to write (a rule with only the \"never\" half would lose it)")
        return rules, why
    if item.kind == "tool_retry":  # what failed and what then worked, or nothing (capture/commands.py)
        from altimate_learn.capture.commands import retry_lesson

        lesson, why = retry_lesson(item.text)
        return ([lesson] if lesson else []), why
    return correction_rules(item.text) if item.kind == "user_correction" else rules_for(item.text)


_PLACING = re.compile(r"^(?:never|avoid)\b", re.I)
# (a folder from the root, after where it goes: "… because gift basket purchases should be tracked within /Purchases",
# a real dev correction, names where the thing the rule keeps out of `gift_baskets` goes)
_PATH_IN_PROSE = re.compile(r"(?<![\w`/.-])(?:[\w.-]+/)+[\w.*-]*(?![\w/])"
                            r"|(?:(?<=\bin\s)|(?<=\bwithin\s)|(?<=\bunder\s)|(?<=\binto\s)|(?<=\binside\s))/[A-Za-z][\w.-]*(?:/[\w.*-]*)*(?![\w/])")


_NEXT_STEP = re.compile(r"^(?:(?:ok(?:ay)?|cool|great|thanks|nice|good)\b[\s,.!]*)*(?:next|after\s+that)\b\s*[,:]?\s*"
                        r"(?:(?:can|could)\s+you\s+|please\s+|pls\s+|let'?s\s+)?[a-z]+\s", re.I)


def half_placement(rule: str, text: str) -> str | None:
    """The path the feedback names beside a "Never …" rule that does not carry it (review14 R14-2: "don't put the
    business logic in the route handler. Totals are computed in src/shop/services/ ..." gave "Never put the business
    logic in the route handler.", and "don't read DATABASE_URL in db.py; all settings come from src/shop/settings.py"
    gave "Never read `DATABASE_URL` in `db.py`.": the half that says where it goes, or what to do instead, lost), or
    None."""
    if not _PLACING.match(rule):
        return None
    # a sentence that moves on to the next step of the task ("next, send the reset email from emails/reset.mjml") names
    # its own paths, none of them where the rule's thing goes (refl28's residual)
    said = " ".join(sentence for sentence in _request_told_apart(rule, prose(text)) if not _NEXT_STEP.match(sentence))
    for match in _PATH_IN_PROSE.finditer(said):
        path = match.group(0).rstrip(".")
        if path.lower() in SLASH_WORDS or all(part in CODE_WORDS for part in path.lower().split("/")):
            continue  # "if/else", "and/or": words, not a place (refl26); "const/let": keywords (refl28)
        if "/" in path and path.strip("/") and path.rstrip("/") not in rule and "://" not in said[max(0, match.start() - 3):match.start() + 3]:
            return path
    return None


# A request for new work ("can you wire it into the dashboard?", "next, add …", "please add …"), and a rule's sentence
# that turns to a subject of its own ("also we don't use default exports", "btw, never …", "p.s. …")
_ASKS_WORK = re.compile(r"^(?:(?:ok(?:ay)?|cool|great|thanks|nice|good|now|so|alright|and)\b[\s,.!:]*)*(?:(?:can|could|would)\s+"
                        r"(?:you|u)\b|please\s+[a-z]+\b|pls\s+[a-z]+\b|let'?s\s+[a-z]+\b|next\b|now\s+(?:add|wire|make|build|"
                        r"create|write|implement|hook|move|put)\b)", re.I)
_TURNS = re.compile(r"^(?:also|btw|by\s+the\s+way|p\.?\s?s\.?|oh\s+and|and\s+also|one\s+more\s+thing|unrelated(?:ly)?|"
                    r"separately|side\s*note|on\s+(?:an)?other\s+note)\b", re.I)


def _request_told_apart(rule: str, said: str) -> list[str]:
    """The sentences of ``said`` a "Never …" rule's missing place may be in: all of them, except the request for new work
    (and the sentences that describe its things) said before a rule that turns to a subject of its own ("…next can you
    wire it into the dashboard? the component is in web/src/Dashboard.tsx.\n\nalso we don't use default exports in this
    repo": the request's path is no place the rule leaves out; refl35's left-alone)."""
    paragraphs = [p for p in re.split(r"\n\s*\n", said) if p.strip()]
    out: list[tuple[int, str]] = [(n, s.strip()) for n, p in enumerate(paragraphs)
                                  for s in re.split(r"(?<=[.!?])\s+|\n+", p) if s.strip()]
    words = set(re.findall(r"[a-z]{3,}", rule.lower())) - {"never", "avoid", "the", "and", "for", "with", "use"}
    if not out or not words:
        return [s for _n, s in out]
    scores = [len(words & set(re.findall(r"[a-z]{3,}", s.lower()))) for _n, s in out]
    at = max(range(len(out)), key=lambda i: (scores[i], i))
    asked = next((i for i in range(at) if _ASKS_WORK.match(out[i][1])), None)
    if asked is None or not (_TURNS.match(out[at][1]) or out[at][0] > out[asked][0]):
        return [s for _n, s in out]
    return [s for i, (_n, s) in enumerate(out) if i < asked or i >= at]


def _with_place_clause(rules: list[str], text: str) -> list[str] | None:
    """``rules`` with each "Never …" rule that leaves out a path joined to the rule the clause naming that path states
    itself ("…; put business logic in src/shop/services/" -> "Never compute totals in the route handler; put business
    logic in `src/shop/services/`."), or None when a clause with the path states no rule of its own (a descriptive
    sentence: "Totals are computed in src/shop/services/ …") or the two do not fit in one lesson."""
    said = prose(text)
    clauses = [c.strip() for c in re.split(r";\s+|(?<=[.!?])\s+|\n+", said) if c.strip()]
    out: list[str] = []
    for rule in rules:
        place = half_placement(rule, text)
        if not place:
            out.append(rule)
            continue
        clause = next((c for c in clauses if place in c), None)
        if clause is None:
            return None
        clause = re.sub(r"^(?:and|then|instead|rather)\b[\s,]*", "", clause, flags=re.I)
        other = extract_rule(clause)
        # the clause's own imperative ("put …", "read …"), not a statement the rule had to be made from ("they go …")
        if not other or other.rstrip(".") in rule or place.rstrip("/") not in other \
                or other.split()[0].lower() != clause.split()[0].lower():
            return None
        joined = f"{rule.rstrip('.')}; {other[0].lower() + other[1:] if not other.startswith('`') else other}"
        if len(joined) > MAX_CHARS:
            return None
        out.append(joined)
    return out


def correction_rule(text: str) -> tuple[str | None, str]:
    """The first rule of :func:`correction_rules`, or None and why not."""
    rules, why = correction_rules(text)
    return (rules[0] if rules else None), why


def correction_rules(text: str) -> tuple[list[str], str]:
    """:func:`rules_for` for what a person typed: a reminder or a corrective question ("I told you to use pnpm",
    "didn't we say to use ruff?") is read as the statement it carries when the words themselves state none."""
    passed_on = relayed(text)
    if passed_on is not None:  # "don't use print, bob says": the rule without whose it was first (refl51)
        text, outside = passed_on
        probe, _ = rules_for(text)
        if outside and probe:
            return [], RELAYED_OUTSIDE  # "don't use var, chatgpt says": a source passed on, not the team's choice
    rules, why = rules_for(text)
    if why == TWO_PLACES:
        return rules, why  # (restated, "…, we use httpx in the scripts" read "use httpx in the scripts, not requests": the
        # ban's own place dropped; refl51)
    restated_text, corrective, joined = restate_joined(text)
    if corrective:
        again, _ = rules_for(restated_text)
        if again and (not rules or joined or _says_more(again, rules) or _one_for_all(again, rules)):
            return again, ""
    return rules, why


def _says_more(restated: list[str], direct: list[str]) -> bool:
    """Whether the restated reading's rules say what the direct ones say and more: "why did you use npm? this repo
    uses pnpm" reads "Use `pnpm`." alone, and "Use `pnpm` instead of `npm`." with its question restated."""
    return len(restated) >= len(direct) and all(
        new.rstrip(".") != old.rstrip(".") and (new.startswith(old.rstrip(".") + " ") or _names_more(new, old))
        for new, old in zip(restated, direct))


def _one_for_all(restated: list[str], direct: list[str]) -> bool:
    """Whether the restated reading says in one rule what the direct one splits in several: "dont use npm. this repo
    uses pnpm" reads "Never use `npm`." and "Use `pnpm`.", restated "Use `pnpm` instead of `npm`." (every piece of code
    the direct rules name, and only those)."""
    theirs = {code for rule in direct for code in re.findall(r"`([^`]+)`", rule)}
    return len(restated) == 1 < len(direct) and bool(theirs) and theirs == set(re.findall(r"`([^`]+)`", restated[0]))


def _names_more(new: str, old: str) -> bool:
    """Whether ``new`` names every piece of code ``old`` names and more: "stop using npm, this repo uses pnpm" reads
    "Never use `npm`." alone, and "Use `pnpm` instead of `npm`." restated."""
    theirs, ours = set(re.findall(r"`([^`]+)`", old)), set(re.findall(r"`([^`]+)`", new))
    return bool(theirs) and theirs < ours


def _cited(delta: dict[str, Any], item: FeedbackItem) -> dict[str, Any]:
    """The delta with ``cites``: the item it came from (the curator ignores the field; the learner checks it)."""
    source = item.message_id or item.signal_id
    if source:
        delta["cites"] = [source]
    return delta


def _quote(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return f"\"{flat[:limit]}{'…' if len(flat) > limit else ''}\""



__all__ = ["AGAIN", "BROKE_GIVEN", "broke_given", "says_what_worked", "MAX_ADDS", "MAX_CHARS", "HELPFUL_OVERLAP", "LEARN_KINDS", "MODEL_ONLY", "NO_LONGER_HOLDS", "RULES_SAY", "echoed", "rules_say", "BuiltinResult", "FeedbackItem",
           "content_words", "correction_rule", "correction_rules", "item_rule", "item_rules",
           "extract_rule", "extract_rules", "rules_for", "finalize", "jaccard", "mark_identifiers", "match_rule", "named_paths", "no_longer_holds", "normalise",
           "path_globs", "prose", "reflect_builtin", "relate", "restated", "rule_for", "trigger_for", "NO_RULE", "TOO_LONG"]
