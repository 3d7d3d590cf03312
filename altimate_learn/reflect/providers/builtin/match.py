"""Reading one clause into a :class:`Rule` (:func:`match_rule`): the shapes a correction states its rule in (see the
package docstring for the table), tried in order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from altimate_learn.reflect.providers.builtin.choices import (_FUNCTION_WORDS, _KIND_DOES, _NOT_A_CONVENTION_KIND,
                                                              _STATIVE, _TERSE_CHOICE, _builds_one, _choice_word,
                                                              _data_convention, _describes_behaviour, _instead, _talk_rule,
                                                              _tool_rule, _two_languages)
from altimate_learn.reflect.providers.builtin.conventions import PROJECT_LEAD, scoped_contrast, team_convention
from altimate_learn.reflect.providers.builtin.identifiers import slot
from altimate_learn.reflect.providers.builtin.one_off import (ONE_OFF_VERBS, _BEFORE_EACH, _DONE_ONCE, _THIS_TASKS,
                                                              _one_ui_part, _plural, one_of_many)
from altimate_learn.reflect.providers.builtin.phrase import (Rule, _ASKS, _NOT_A_SCOPE, _PRONOUN_OBJECT, _TASKS_SCOPE,
                                                             _bad_object, _clean_object)
from altimate_learn.reflect.providers.builtin.restate import _IS_GUARDED
from altimate_learn.reflect.providers.builtin.text import strip_lead
from altimate_learn.reflect.providers.builtin.vocabulary import (BEFORE_GERUNDS, EVERYDAY_TOOL_NAMES, FORBIDDEN_CODE,
                                                                 LANGUAGES, NEEDS_WORK, NOT_A_WAY, PEOPLE, PLURAL_NOUNS,
                                                                 TOOL_FAMILIES, VERBS, gerund_base)

_USE_VERB = r"(?:use|prefer|switch\s+to|go\s+with|stick\s+(?:to|with)|pick|choose|call|import|depend\s+on)"
_NEG = r"(?:i'?d\s+rather\s+(?:we|you)\s+(?:didn'?t|did\s+not)|don'?t|do\s+not|dont|never|stop|avoid|quit|no\s+more|shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot)"
# "we don't use X" states the team's way; "you don't check X" / "you never run X" describes what the agent fails to
# do (a complaint: its rule is the opposite), so only "you" with a modal ("you shouldn't", "you must not") forbids.
_WE_NEG = (r"(?:we\s+(?:don'?t|do\s+not|never|no\s+longer|shouldn'?t|should\s+not|stopped)|"
           r"you\s+(?:shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot))")



def _verb_phrase(phrase: str) -> str | None:
    """A base-form verb phrase from "adding comments" / "add comments"; None if it starts with no verb."""
    words = phrase.strip().split(" ", 1)
    if not words or not words[0]:
        return None
    head = words[0].lower().strip(",")
    rest = words[1] if len(words) > 1 else ""
    if head in VERBS:
        return (head + " " + rest).strip()
    base = gerund_base(head)
    if base:
        return (base + " " + rest).strip()
    return None


# "from now on, …", "going forward …", "next time, …": what follows is meant to hold beyond this task.
_STANDING_LEAD = re.compile(
    r"^(?:and\s+|also\s+|so\s+)?(?:from\s+now\s+on|from\s+here\s+on(?:\s+out)?|going\s+forward|moving\s+forward|"
    r"in\s+(?:the\s+)?future|for\s+(?:the\s+)?future|for\s+future\s+reference|next\s+time|henceforth)"
    r"(?:\s+too)?\s*[,:;]?\s+(?:please\s+)?(?=\w)", re.I)


# A subjectless "Cannot …" / "Failed to …" is how error messages read; a person forbidding says "don't", "never",
# "you can't" or "we can't".
_ERROR_PHRASE = re.compile(r"^(?:cannot|can'?t|can\s+not|could\s*n[o']t|unable\s+to|failed\s+to)\s+(?!you\b|we\b)", re.I)


# What befalls a team, said with "we always": no way of working ("we always break the build on mondays")
_MISHAPS = frozenset("break forget miss lose crash fail mess screw overrun underestimate overestimate struggle".split())
# ... said with a verb and its particle: "we always run out of time", "we always end up with merge conflicts" (refl27)
_PHRASAL_MISHAP = re.compile(r"^(?:run\s+(?:out\s+of|into|over|late|behind)|end\s+up|get\s+(?:stuck|lost|confused|"
                             r"blocked|burned|bitten)|fall\s+(?:behind|over)|bump\s+into|hit\s+(?:the\s+)?(?:same\s+)?"
                             r"(?:bug|wall|limit|issue|problem)s?)\b", re.I)
# "cant use unwrap in prod code", "can't call print in library code": typed as a person forbids, with where it holds;
# an error message says "cannot …" and names no kind of code it holds in (refl26)
_CANT_IN = re.compile(r"^(?:can'?t|can\s+not)\s+(?:use|call|import|commit|push|put|add|have)\s+[^()\"':,;]{1,40}?\s+"
                      r"(?:in|inside|within)\s+(?!(?:this|that|the\s+same|here|there|it)\b)(?P<scope>[a-z][\w-]+"
                      r"(?:\s+(?!(?:pls|plz|please|and|so|but)\b)[a-z][\w-]+){0,2})(?P<ask>\s*,?\s+(?:pls|plz|please)\b.*)?"
                      r"[.!]*$")
_DONE_CLAIM = re.compile(r"\s+before\s+(?:(?:you\s+)?(?:tell(?:ing)?|show(?:ing)?)\s+(?:me|us)|(?:you\s+)?(?:say(?:ing)?|"
                         r"claim(?:ing)?|report(?:ing)?))\s+(?:that\s+)?(?:it'?s|its|it\s+is|you'?re|you\s+are|everything'?s|"
                         r"everything\s+is|it)\s+(?:all\s+)?(?:(?:done|finished|complete|ready)|(?P<how>fixed|working|works))\b",
                         re.I)


_LIMIT = re.compile(r"^(?:max(?:imum)?|at\s+most|no\s+more\s+than|up\s+to)\s+(?P<n>\d+)\s+(?P<unit>chars?|characters?|"
                    r"columns?|cols?|lines?|params?|parameters?|arguments?|args?)\s+(?:per|a|an|in\s+(?:a|each|one|any))\s+"
                    r"(?P<per>line|function|method|file|class|module|component|commit|row|test)s?\s*[.!]*$", re.I)


def _holds_code(scope: str) -> bool:
    """Whether a place a rule holds in is code or a part of a repository ("prod code", "library code", "tests",
    "typescript"), by its last word: one of the words of code talk the reflector knows, a language, or code."""
    from altimate_learn.reflect.providers.builtin.typos import known_words

    last = scope.split()[-1].lower()
    return last in known_words() or last in LANGUAGES or _names_code(scope)


def _SHOUTED(clause: str) -> bool:
    """Mostly capital letters over several words: shouting, not a rule to keep."""
    letters = [ch for ch in clause if ch.isalpha()]
    capital_words = re.findall(r"\b[A-Z]{2,}\b", clause)
    return len(capital_words) >= 3 and sum(ch.isupper() for ch in letters) > 0.7 * len(letters)


def _ever_a_kind(obj: str) -> bool:
    """Whether what "don't ever …" forbids is a kind of thing or code ("the tests", "eval", "the `.env` file"), not
    one thing or this task's things ("the button", "the colors"): the "ever" makes only the first a standing rule."""
    from altimate_learn.reflect.providers.builtin.restate import _a_kind, _one_thing

    what = re.sub(r"^(?:to|on|in|into|from|with|at)\s+", "", obj.strip(), flags=re.I)
    return not _one_thing(what) and (not re.match(r"(?:the|all\s+the)\s", what, re.I) or _a_kind(what))


def _kind_named(phrase: str) -> bool:
    """Whether a scope names a kind of thing by a plural noun ("UI components", "all handlers", "the migrations"), not
    an idiom ("in all honesty", "for all intents and purposes", "in many ways", "for starters")."""
    words = re.findall(r"[a-z]+", phrase.lower())
    last = words[-1] if words else ""
    return bool(words) and not _IDIOM_SCOPE.search(phrase) and (last in PLURAL_NOUNS or len(last) > 3 and last.endswith("s")
                                                               and not last.endswith(("ss", "us", "is")))


_IDIOM_SCOPE = re.compile(r"\b(?:honesty|fairness|seriousness|intents|purposes|ways|starters|words|hindsight|retrospect|"
                          r"both|most|many|cases|terms|respects|means|events|regards|sorts|kinds|practice|theory)\b", re.I)


_IN_ORDER = re.compile(r"^(?P<subject>the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?P<verb>[a-z]{3,}s)\s+(?P<when>before|after)\s+"
                       r"(?P<rest>[^,]+?),?\s+not\s+(?P<other>after|before)\s*[.!]*$", re.I)


def _names_code(phrase: str) -> bool:
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

    return "`" in mark_identifiers(phrase)


_ENSURE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|ensure)(?:\s+that)?(?:\s+you)?(?:\s+to)?(?:\s+|\s*,\s*)(?=\w)", re.I)


# "make sure the retry logic never retries on a 4xx", "ensure the modal closes on escape": a clause with its own subject
_ENSURE_OF_ONE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|ensure)\s+(?:that\s+)?(?P<subject>(?:the|this|that|"
                            r"our|your|my)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:never|always|only|doesn'?t|does|is|"
                            r"isn'?t|can'?t|won'?t|will|[a-z]+s)\b", re.I)
# "make sure to split subcommands into their own directories": said as a rule to keep, not as a step of the task.
_MAKE_SURE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+(?=\w)", re.I)


def match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    """The rule one clause states, or None (see the module docstring for the shapes)."""
    rule = _match_rule(clause, context)
    if rule and _MAKE_SURE.match(strip_lead(clause)):
        rule.standing = True
    return rule


def _match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    typed = clause.strip()
    c = strip_lead(clause)
    # "did everything go well? if not, please stop killing your own session": "stop" and what the agent keeps doing is
    # the complaint whatever the answer; any other rule after "if not," holds only if it did not ("if not, use npm")
    c = strip_lead(re.sub(r"^if\s+not\s*,\s*(?=(?:please\s+|pls\s+)?stop\s+[a-z]+ing\b)", "", c, flags=re.I))
    if _SHOUTED(c):
        return None  # "ALL THE THINGS IN HISTORY MUST BE REBUILT": a demand about this moment, not a rule
    cant = _CANT_IN.match(c)
    if cant and not _holds_code(cant.group("scope")):
        cant = None  # "can't use the printer in the office": where it holds is nothing code or a repository holds (R26-2)
    if _ERROR_PHRASE.match(c) and not cant:
        return None  # "Cannot read properties of undefined (reading 'id')": a pasted error message, not a prohibition
    if cant and cant.group("ask"):
        c = c[:cant.start("ask")]  # "cant use unwrap in prod code pls fix": the rule, then a request for this change
    # "always run go test ./... before telling me it's done": the person is who the agent reports to, whoever reads the
    # lesson later (refl26)
    c = _DONE_CLAIM.sub(lambda m: f" before reporting the work as {'fixed' if m.group('how') else 'done'}", c)
    # "don't mock the database in these, they're integration tests": the kind they are is where the rule holds (refl28)
    c = re.sub(r"\bin\s+(?:these|those)\s*[,;]\s*(?:they'?re|they\s+are)\s+(?P<kind>(?:[a-z0-9-]+\s+)?tests)\s*[.!]*$",
               r"in \g<kind>", c, flags=re.I)
    # "always run the linter before you push": the step the rule comes before, said as "before pushing" (R28-2)
    c = re.sub(r"\bbefore\s+(?:you|u)\s+(push|commit|merge|deploy|release|tag)\b",
               lambda m: "before " + BEFORE_GERUNDS[m.group(1).lower()], c, flags=re.I)
    # "the discount applies before tax, not after": an order said as a fact, read as the "should" it states (refl28)
    order = _IN_ORDER.match(c)
    if order and order.group("when").lower() != order.group("other").lower():
        verb = order.group("verb")
        base = verb[:-3] + "y" if verb.endswith("ies") else verb[:-2] if re.search(r"(?:s|sh|ch|x|z)es$", verb) else verb[:-1]
        c = f"{order.group('subject')} should {base} {order.group('when')} {order.group('rest')}, not {order.group('other')}"
    one = _ENSURE_OF_ONE.match(c)
    if one and not _plural(one.group("subject")):
        return None  # "(can you) make sure the button is never disabled on mobile": one part of this task (refl27)
    # "make sure in future too for UI the test file should never be created", "in the future make sure you run the
    # linter": "make sure" around the lead asks for what follows it, every time (it gave "Make sure in future too …")
    ensure = _ENSURE.match(c)
    ensured = bool(ensure and _STANDING_LEAD.match(c[ensure.end():]))
    if ensured:
        c = c[ensure.end():]
    lead = _STANDING_LEAD.match(c)
    if lead:  # "from now on, run ruff before committing" -> "Always run ruff before committing"
        rest = c[lead.end():]
        ensure = _ENSURE.match(rest)
        if ensure:
            rest = rest[ensure.end():]
        elif ensured:  # "make sure in future (that) you run the linter", "… from now on to run the linter"
            rest = re.sub(r"^(?:that\s+)?(?:you\s+)?(?:to\s+)?", "", rest, flags=re.I)
        # "for UI the test file should never be created": a part said before its subject, with no comma
        # (a part named bare, "for UI", "for mobile": "for the button the color should be blue" is one thing's look)
        split = re.match(r"^(for|in)\s+((?!(?:the|a|an|our|my|your)\b)[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s+"
                         r"((?:the|all|every|each)\s+.+?\s+(?:should|must)\s+.+)$",
                         rest, re.I)
        if split and not _NOT_A_SCOPE.search(split.group(2)):
            inner = match_rule(split.group(3), context)
            if inner and inner.shape == "modal":
                inner.standing = True
                inner.text = f"{split.group(1).capitalize()} {split.group(2)}, {inner.text[0].lower()}{inner.text[1:]}"
                return inner
        # (a verb: "going forward, migrations should always be reversible" is a statement of its own)
        if re.match(r"^[a-z]+\b", rest, re.I) and not _TERSE_CHOICE.match(rest) \
                and (rest.split()[0].lower() in VERBS or not _plural(rest.split()[0])) and not re.match(r"^(?:always|never|don'?t|do\s+not|dont|avoid|stop|"
                                                              r"when|whenever|if|we|you|i|the|a|an)\b", rest, re.I):
            rest = "always " + rest  # a plain imperative: the lead says it holds every time
        guarded = _IS_GUARDED.match(rest)
        if guarded:  # "from now on, the seeds are read-only" (said again after "I told you …"): what a part is, kept
            subject = guarded.group("subject")
            return Rule(f"{subject[0].upper()}{subject[1:]}{rest[len(subject):].rstrip(' .!')}", "convention", [], [],
                        standing=True, subject=subject)
        inner = match_rule(rest, context)
        if inner:
            # "from now on don't change the button" gave "Never change the button.": which button only the conversation
            # says, as in "I told you, don't change the button" (review21); a kind of thing or code stays standing
            inner.standing = not (inner.shape == "never" and inner.negative and not _ever_a_kind(inner.negative[0]))
        return inner
    # "in the frontend we always use X": the scope leads the rule ("In the frontend, always use X")
    scoped = re.match(r"^(in|for)\s+((?:the|our|all)\s+[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s*,?\s+(we\s+.+)$", c, re.I)
    if scoped and not re.search(r"\b(?:this|that|these|those|it)\b", scoped.group(2), re.I):
        inner = match_rule(scoped.group(3))
        first = inner.text.split(" ", 1)[0] if inner else ""
        if inner and first.lower() in {"use", "never", "always", "avoid", "put", "rename", "name", *VERBS}:
            scope = re.sub(r"^our\s+", "the ", scoped.group(2), flags=re.I)
            inner.text = f"{scoped.group(1).capitalize()} {scope}, {first.lower()}{inner.text[len(first):]}"
            return inner
    # "In health endpoint, do NOT return sqlite://// ever", "for UI components, never …": a part of the project the
    # prohibition (or "always") holds in, said before it; not a moment or a case of this task ("for now", "in this case")
    scoped = re.match(r"^(in|for|inside|within)\s+((?:the\s+|all\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s*,\s*"
                      r"((?:don'?t|do\s+not|dont|never|always)\b.+)$", c, re.I)
    # ... and a kind of thing ("UI components", "all handlers") or code: "for the button, never use red" styles one thing
    # of this task (review21: which one only the conversation says)
    if scoped and not _NOT_A_SCOPE.search(scoped.group(2)) and not re.match(r"(?:the\s+)?new\b", scoped.group(2), re.I) \
            and not _TASKS_SCOPE.search(scoped.group(2)) \
            and (_kind_named(scoped.group(2)) or _names_code(scoped.group(2))):
        inner = match_rule(scoped.group(3), context)
        first = inner.text.split(" ", 1)[0] if inner else ""
        if inner and first in ("Never", "Always"):
            scope = re.sub(r"^our\s+", "the ", scoped.group(2), flags=re.I)
            inner.text = f"{scoped.group(1).capitalize()} {scope}, {first.lower()}{inner.text[len(first):]}"
            return inner
    # "we use conventional commits", "we indent with 2 spaces", "we don't allow force pushes to main": the team's way
    # stated as a fact (conventions.py)
    found = team_convention(c) or (scoped_contrast(c) if PROJECT_LEAD.match(typed) else None)
    if found:
        return found
    # "can you not add emojis" asks for a rule as politely as "don't add emojis"
    polite = re.match(r"^(?:can|could|would)\s+you\s+(?:please\s+)?(not|stop)\s+(.+?)\??$", c, re.I)
    if polite:
        c = ("stop " if polite.group(1).lower() == "stop" else "don't ") + polite.group(2)
    # "would you mind not using any here?": the same ask, its verb a gerund (refl28's residual)
    mind = re.match(r"^(?:would|do)\s+you\s+mind\s+not\s+([a-z]+ing)\s+(.+?)\??$", c, re.I)
    if mind and gerund_base(mind.group(1).lower()):
        c = f"don't {gerund_base(mind.group(1).lower())} {mind.group(2)}"
    usual = re.match(r"^we\s+(?:usually|generally|normally|typically)\s", c, re.I) is not None
    c = re.sub(r"^we\s+(?:usually\s+|generally\s+|normally\s+|typically\s+)?(?=(?:" + "|".join(sorted(VERBS - {"use", "prefer"}))
               + r")\s)", "", c, flags=re.I)  # "we usually put the test next to the component" (refl26): the team's way
    c = re.sub(r"^(?:you\s+(?:should|must|need\s+to|have\s+to|gotta)\s+|we\s+(?:should|must|need\s+to|have\s+to)\s+|"
               r"(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+|could\s+you\s+|can\s+you\s+)"
               r"(?=\w)", "", c, flags=re.I)
    if re.match(r"^we\s+no\s+longer\s+(?:have|need|want|do|support)\b", c, re.I):
        return None  # "we no longer have the repo policy: …" tells what changed; it forbids nothing
    if not c or re.search(r"\w[)`'\"]?\?\s*$", c) or re.match(r"^let'?s\b", c, re.I) or _ASKS.match(c):
        return None  # questions; "let's …" starts new work, it does not correct
    flags = re.I

    found = _tool_rule(clause, c)
    if found:
        return found
    found = _talk_rule(c)
    if found:
        return found
    # Rename X to Y / X should be (called|named) Y
    m = re.match(r"^(?:please\s+)?rename\s+(.+?)\s+(?:to|as|into)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)):
        old, new = _clean_object(m.group(1)), _clean_object(m.group(2))
        if old and new and len(new.split()) <= 4:
            return Rule(f"Rename {slot(old)} to {slot(new)}", "rename", [new], [old])
    m = re.match(r"^(?:the\s+)?(.+?)\s+(?:should|must|needs\s+to)\s+be\s+(?:called|named|renamed\s+to)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)):
        old, new = _clean_object(m.group(1)), _clean_object(m.group(2))
        if new and len(new.split()) <= 4 and len(old.split()) <= 6:
            return Rule(f"Name {old} {slot(new)}", "rename", [new], [])

    # Instead of Y, use X
    m = re.match(r"^instead\s+of\s+(.+?),\s*(?:please\s+)?(?:just\s+)?" + _USE_VERB + r"\s+(.+)$", c, flags)
    if m:
        found = _instead(m.group(2), m.group(1))
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # use X instead of Y [rest]  /  we use X instead of Y  /  prefer X over Y
    m = re.match(r"^(?:we\s+|you\s+|(?:this|it|that|these|they)\s+(?=should|must|needs?\s+to))?"
                 r"(?:should\s+|must\s+|needs?\s+to\s+)?(?:always\s+)?(?:be\s+)?" + r"(use|using|prefer|preferring|switch\s+to|go\s+with|stick\s+(?:to|with)|call|calling|import|importing|pick|choose)"
                 r"\s+(.+?)\s*,?\s+(instead\s+of|rather\s+than|over|in\s+place\s+of)\s+(.+)$", c, flags)
    # "over" contrasts only after "prefer" ("use QUALIFY row_number() over (…)" is SQL, not a preference)
    if m and (m.group(3).lower() != "over" or m.group(1).lower().startswith("prefer")):
        verb = m.group(1).lower()
        verb = gerund_base(verb) or verb
        found = _instead(m.group(2), m.group(4), verb="use" if verb in ("prefer", "pick", "choose") else verb)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # X instead of Y (no verb): "`ref()` instead of hardcoded names"
    m = re.match(r"^(.{1,60}?)\s*,?\s+instead\s+of\s+(.+)$", c, flags)
    if m and not re.search(r"\b(?:you|i|we|should|must|could|would|will|can|is|are|was|were)\b|,", m.group(1), flags) \
            and len(m.group(1).split()) <= 6 \
            and not re.match(r"^(?:if|when|unless|once|after|before|while)\b", m.group(1), flags) \
            and not re.match(r"^(?:on|in|at|for|inside|within|under)\s+\S+(?:\s+\S+){0,3}\s+(?:" + "|".join(sorted(VERBS))
                             + r")\s", m.group(1), flags) \
            and not _describes_behaviour(m.group(1), m.group(2)):
        clause = _KIND_DOES.match(m.group(1))
        if clause:
            # "tests use pytest fixtures instead of setUp": a kind of thing and what it does, kept as said ("Use tests
            # use …" glued a verb before a clause, review25 R25-8); a verb the reflector does not know gives nothing
            verb = (clause.group("verb") or clause.group("verb1") or clause.group("verb2")).lower()
            verb = verb if clause.group("verb") else verb[:-2] if verb.endswith("es") and verb[:-2] in VERBS else verb[:-1]
            if verb not in VERBS or clause.group("the") or _NOT_A_CONVENTION_KIND.search(m.group(1)):
                return None
            bad = _clean_object(m.group(2))
            if _bad_object(bad) or re.search(r"\b(?:you|i|me|my|this|that|it)\b", bad, flags):
                return None
            what = m.group(1)
            return Rule(f"{what[0].upper()}{what[1:]} instead of {slot(bad)}", "convention", [what], [bad],
                        subject=clause.group("subject") or clause.group("one") or clause.group("mass"))
        if re.search(r"\s(?:use|uses|using)\s", m.group(1), flags) and m.group(1).split()[0].lower() not in VERBS:
            return None  # "all our endpoints use fastapi …": a subject and its verb, never "Use all our endpoints use …" (R29-6)
        found = _instead(m.group(1), m.group(2), verb=None)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # don't use Y, use X (instead) / we don't use Y anymore, we use X
    m = re.match(r"^(?:" + _NEG + r"|" + _WE_NEG + r")\s+(use|using|call|calling|import|importing|add|adding)\s+(.+?)"
                 r"\s*(?:[,;.—–-]+|\s+)\s*(?:please\s+|just\s+|we\s+|you\s+should\s+|always\s+|instead\s*,?\s*)*"
                 r"(use|call|import|prefer|we\s+use|go\s+with|switch\s+to)\s+(.+)$", c, flags)
    if m:
        gerund = m.group(1).lower()
        gerund = gerund if gerund.endswith("ing") else {"call": "calling", "import": "importing", "add": "adding"}.get(
            gerund, "")
        avoided = m.group(2).split(",", 1)[0]  # ", remove those and use X": the rest is another clause
        bad = avoided if gerund in ("", "using") or re.match(r"^(?:use|using)$", m.group(1), flags) else \
            f"{gerund} {avoided}"
        found = _instead(m.group(4), bad, verb="use", keep_bad=bad != avoided)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # the column is called customer_id, not cust_id / the env var is DATABASE_URL not DB_URL
    m = re.match(r"^(?:the\s+)?(.{1,40}?)\s+(?:is|are|should\s+be)\s+(?:called\s+|named\s+|spelled\s+)?(`[^`]+`|[\w.()*/-]+),?\s+not\s+(`[^`]+`|[\w.()*/-]+)$",
                 c, flags)
    if m and re.search(r"[_.`()/]|[a-z][A-Z]", m.group(2) + m.group(3)) and not re.match(r"^(?:it|that|this)$", m.group(1), flags):
        rule = _instead(m.group(2), m.group(3))
        if rule and not re.search(r"\b(?:you|i|my)\b", m.group(1), flags):
            if len(m.group(1).split()) <= 3:
                rule.text += f" for the {m.group(1)}"
            elif len(m.group(1).split()) <= 6 and re.search(r"\s(?:for|of|in)\s", m.group(1), flags):
                rule.text += f" as the {m.group(1)}"  # "… as the prefix for intermediate models"
        if rule:
            return rule
    # it's X, not Y / use X, not Y / X, not Y
    m = re.match(r"^(?:it'?s|it\s+is|(?:it|that|this)\s+(?:should|must|needs\s+to)\s+be|should\s+be|we\s+use|use|"
                 r"(?:should\s+)?be\s+using|we\s+want|i\s+want|"
                 r"the\s+(?:right|correct)\s+\w+\s+is)\s+(.+?),?\s+not\s+(?:a\s+|an\s+)?(.+)$", c, flags)
    if m and re.match(r"^it(?:'?s|\s+is)\s+an?\s", c, flags):
        m = None  # "it's a permission problem, not a missing file" explains; it does not name a choice
    if m and re.match(r"^it(?:'?s|\s+is)\s", c, flags) and not any(_choice_word(side) for side in m.groups()) \
            and not _two_languages(m.group(1), re.sub(r",?\s+in\s+this\s+(?:repo|project|codebase)$", "", m.group(2))):
        m = None  # "it's old, not related to what we did today", "its stil not workign": how it is, no thing to use
    if m:
        found = _instead(m.group(1), m.group(2), comma=True)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # foo() is deprecated, use bar() (instead)
    m = re.match(r"^(.{1,60}?)\s+(?:is|are)\s+(?:now\s+)?(?:deprecated|obsolete|legacy|outdated|banned|forbidden|dead|gone|"
                 r"removed|not\s+allowed|not\s+supported)\s*(?:[,;.—–-]+|\s+)\s*(?:so\s+|please\s+|just\s+|we\s+)*"
                 r"(?:use|call|import|switch\s+to)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)) and not re.search(r"\b(?:you|i)\b", m.group(1), flags):
        found = _instead(m.group(2), m.group(1), verb="use")
        if found:
            return found
    # we use 4 spaces in python files / we use ISO dates for the API
    m = re.match(r"^we\s+(?:always\s+|only\s+)?use\s+(.+?)\s+(in|for|on|across|throughout|with)\s+(.+)$", c, flags)
    if m and not _bad_object(m.group(1)) and not _bad_object(m.group(3)) \
            and not re.search(r"\b(?:you|i|it|this|that)\b", m.group(1) + " " + m.group(3), flags):
        if re.fullmatch(r"tabs|spaces|(?:\d|two|four)[\s-]*spaces?", m.group(1).strip(), re.I) \
                and not (re.search(r"\bfiles$", m.group(3), re.I) or m.group(3).split()[0].lower() in LANGUAGES):
            return None  # "we use spaces for the hero section": no indentation (that is conventions.py's, with a language)
        if _one_ui_part(m.group(3)) or _THIS_TASKS.search(m.group(3)):
            return None  # "we use tabs in the settings page", "… in the new module": one thing of this task
        if set(re.findall(r"[a-z]+", (m.group(1) + " " + m.group(3)).lower())) & NOT_A_WAY:
            return None  # "we use a ton of memory in the importer", "we use Redis mostly for sessions", "…, unfortunately"
        what, where = _clean_object(m.group(1)), _clean_object(m.group(3))
        # "we use UUIDs for ids", "we use transactions for writes": a kind of thing for a kind of thing is the team's
        # convention, two words of content make it (refl25)
        kinds = all((_plural(side) or _names_code(side)) and not re.match(r"(?:the|a|an|this|that)\s", side, re.I)
                    and not _TASKS_SCOPE.search(side) for side in (what, where))
        return Rule(f"Use {slot(what)} {m.group(2).lower()} {where}", "convention" if kinds else "modal", [m.group(1)], [],
                    standing=kinds)
    # you keep using Y, use X (instead)
    m = re.match(r"^you(?:'re|\s+are)?\s+(?:keep\s+|still\s+)?(?:using|calling|importing|adding)\s+(.+?)\s*[,;.—–-]+\s*"
                 r"(?:please\s+|just\s+)?(?:use|call|import|switch\s+to|it'?s|it\s+is|we\s+use)\s+(.+)$", c, flags)
    if m:
        found = _instead(m.group(2), m.group(1), verb="use")
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found

    # X go(es) in Y [, not Z]; "migrations go in db/migrations and are never edited after merge": the place alone (R28-2)
    c = re.sub(r"^(.+?\s+(?:go|goes|belong|belongs|live|lives)\s+(?:in|under|inside|into)\s+\S+)\s+and\s+(?:are|is|should|must|"
               r"get|gets|can|cannot|can'?t|never|always|have|has|need|needs|stay|stays)\b.*$", r"\1", c, flags=flags)
    m = re.match(r"^((?:the\s+|all\s+|our\s+)?.+?)\s+(?:go|goes|belong|belongs|live|lives|should\s+go|should\s+live|"
                 r"must\s+go|must\s+live|need\s+to\s+go|should\s+be|must\s+be|are\s+kept|is\s+kept|are|is)\s+"
                 r"(in|under|inside|into)\s+(.+?)(?:,?\s+not\s+((?:in\s+|under\s+)?.+))?$", c, flags)
    if m and not m.group(4) and re.match(r"^(?:are|is)\s", c[len(m.group(1)):].strip(), flags):
        m = None  # "the config is in settings.py" states a fact; with ", not Y" it corrects a place
    if m and not _bad_object(m.group(1)) and not re.search(r"\b(?:you|i|it)\b", m.group(1), flags) \
            and re.search(r"[/`.]|_", m.group(3)) and len(m.group(1).split()) <= 5 \
            and not re.search(r",\s+(?:and|but)\s+(?:we|you|i)\b", m.group(3), flags):  # a second clause of its own
        where = slot(_clean_object(m.group(3)))
        subject = re.sub(r"^our\s+", "the ", m.group(1), flags=re.I)
        subject = re.sub(r"\s+in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|codebase)$", "", subject, flags=re.I)
        if re.match(r"^[A-Z][a-z]", subject):
            subject = subject[0].lower() + subject[1:]
        text = f"Put {subject} {m.group(2).lower()} {where}"
        if m.group(4):
            other = _clean_object(m.group(4))
            # "not in the templates" keeps its preposition; a bare name in that slot is code ("not `tests/`")
            # a bare name in that slot is code ("not `tests/`"); a phrase ("not next to the code") is prose
            bare = re.fullmatch(r"[a-z][\w-]*", other, re.I) and other.lower() not in _FUNCTION_WORDS \
                and other.lower() not in ("here", "there", "it", "that", "this", "them")
            text += ", not " + (f"`{other}`" if bare else other if re.match(r"(?:in|under)\s", other, re.I)
                                or len(other.split()) > 1 else slot(other))
        return Rule(text, "place", [m.group(3)], [m.group(4)] if m.group(4) else [])

    # Never …: don't X / never X / we don't X / stop Xing / avoid X
    m = re.match(r"^(?:" + _WE_NEG + r"|" + _NEG + r")\s+(?P<ever>ever\s+)?(.+)$", c, flags)
    if m:
        head = c.split()[0].lower()
        body = m.group(2)
        if head == "we":  # "we don't use default exports in this codebase": the team's place is the project (R28-2)
            body = re.sub(r"\s+in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|codebase)\s*[.!]*$", "", body, flags=flags)
        # "don't ever push to main", "do NOT return X ever (again)": the person's own word that it holds every time
        late = re.search(r"\s+ever(?:\s+again)?\s*[.!]*$", body, flags)
        if late:
            body = body[:late.start()]
        ever = bool(m.group("ever") or late)
        rest_split = re.split(r"\s*[;,—–]\s*|\s+-\s+|\s+and\s+(?=(?:" + "|".join(sorted(VERBS)) + r")\b)", body, maxsplit=1)
        first = rest_split[0]
        follow = rest_split[1] if len(rest_split) > 1 else ""
        # "avoid" takes a thing or a gerund, never a bare verb: "avoid print statements" / "avoid inline styles" name
        # things to avoid ("Never print statements …" would change the meaning); "avoid using X" is the verb phrase
        if head == "avoid" and not (_verb_phrase(first) and gerund_base(first.split()[0].lower().strip(","))):
            if _bad_object(first):
                return None
            instead = re.match(r"^(?:(?:we|you\s+should)\s+|instead\s+|just\s+)?use\s+(.+)$", strip_lead(follow), flags)
            if instead and not re.search(r"\b(?:you|i|it|them)\b", instead.group(1), flags):
                found = _instead(instead.group(1), first, verb="use")  # "avoid X in tests, use Y"
                if found:
                    return found
            return Rule(f"Avoid {_clean_object(first)}", "never", [], [first])
        if re.match(r"we\s+(?:don'?t|do\s+not|never|no\s+longer)\b", c, flags) and first.split(" ", 1)[0].lower() in _STATIVE:
            return None  # "we don't have access to prod", "we never have enough time": how things are (review24 R24-11)
        phrase = _verb_phrase(first)
        if phrase is None and re.match(r"^[\w.]+\(\)", first):  # "don't unwrap() in library code"
            phrase = "call " + first
        if phrase is None:
            if head in ("stop", "quit") or not re.match(r"^(?:be|put|have|let|leave|go|do)\b", first, flags):
                return None
            phrase = first
        verb, _, obj = phrase.partition(" ")
        if _bad_object(obj) and verb not in ("commit", "push", "deploy", "merge", "force-push"):
            return None
        text = f"Never {verb} {slot(_clean_object(obj)) if verb == 'use' else _clean_object(obj)}".strip()
        follow = re.sub(r"^(?:(?:we|you\s+should)\s+(?=use\b|prefer\b)|instead\s+|always\s+(?=use\b))", "",
                        strip_lead(follow), flags=re.I) if follow else ""
        follow_phrase = _verb_phrase(follow) if follow else None
        if follow_phrase and (not re.search(r"[\w`)]\s*[.!]?$", follow_phrase)
                              or re.search(r"\b(?:you|i|me|my)\b", follow_phrase, re.I)):
            follow_phrase = None
        if follow_phrase and (re.match(r"^(?:those|these|that|this)\b", follow_phrase.partition(" ")[2], re.I)
                              or re.search(r"\bthe\s+(?:ones|rest|existing\s+ones)\b", follow_phrase, re.I)):
            # "remove those and use logging.debug": the pronoun part is about this change, the rest is the rule
            tail = re.search(r"\band\s+(use\s+.+)$", follow_phrase, re.I)
            follow_phrase = tail.group(1) if tail else None
        if follow_phrase and re.match(r"\s*(?:just|only|simply)\s", rest_split[1], re.I) \
                and follow_phrase.split(" ", 1)[0].lower() in _DONE_ONCE | ONE_OFF_VERBS \
                and one_of_many(follow_phrase.partition(" ")[2]):
            follow_phrase = None  # "stop rewriting the whole file, just fix the import": the rest is this task's step
        if follow_phrase and not _bad_object(follow_phrase.partition(" ")[2]):
            if verb == "use" and follow_phrase.startswith("use "):
                return _instead(follow_phrase[4:], obj, verb="use")
            text += f"; {_clean_object(follow_phrase)}"
        # not for one thing of this task ("don't ever delete the button": which one only the conversation says)
        # "we don't use semicolons", "we never commit to main": the team's own way, every time, as "ever" says it; not a
        # state ("we don't support windows", "we don't need tests here") and not one thing ("we don't use the old client")
        ours = bool(re.match(r"we\s", c, flags)) and verb not in _STATIVE and not re.match(r"(?:in|out|up|off)\b", obj, flags) \
            and not re.search(r"\b(?:yet|now|here|there|today|this|that|these|those|it|them|new|old|other)\b", obj, flags)
        return Rule(text, "never", [], [obj], standing=(ever or ours) and _ever_a_kind(obj),
                    once=not ever and bool(re.match(r"(?:don'?t|do\s+not|dont|stop|quit)\b", c, flags)))

    # Always …: always X / we always X / you forgot to X / you didn't X
    m = re.match(r"^(?:we\s+|you\s+should\s+|you\s+must\s+)?always\s+(.+)$", c, flags)
    reminder = m is None
    m = m or re.match(r"^you\s+(?:forgot|forget|neglected|failed|missed|didn'?t\s+remember)\s+to\s+(.+)$", c, flags) or \
        re.match(r"^you\s+(?:didn'?t|did\s+not|never|haven'?t|have\s+not)\s+(.+)$", c, flags)
    if m:
        phrase = _verb_phrase(m.group(1))
        if phrase is None:
            return None
        verb, _, obj = phrase.partition(" ")
        if re.match(r"^we\s", c, flags) and (verb in _MISHAPS or re.search(r"\b(?:late|behind|overtime)\b", obj, flags)
                                             or _PHRASAL_MISHAP.match(f"{verb} {obj}")):
            return None  # "we always break the build on mondays", "we always ship late": what happens, not a way (R26-2)
        if _bad_object(obj):
            return None
        if verb in ("test", "check", "run", "verify") and not obj:
            return None
        target = slot(_clean_object(obj)) if verb == "use" else _clean_object(obj)
        return Rule(f"Always {verb} {target}".strip(), "reminder" if reminder else "always", [obj], [])

    # "every new endpoint needs an integration test": a kind of thing and what each one must have
    m = re.match(r"^((?:every|each|all|any)\s+[\w`*./-]+(?:\s+[\w`*./-]+){0,3}?)\s+(needs?|requires?|must\s+have|should\s+have)\s+"
                 r"(?!to\b)((?:an?|its\s+own|their\s+own|one|at\s+least\s+one)\s+.+|(?P<bare>[\w`.-]+(?:\s+(?!too\b)[\w`.-]+)?))"
                 r"(?:\s+(?:too|as\s+well))?[.!]*$", c, flags)
    if m and set(re.findall(r"[a-z]+", m.group(1).lower())) & PEOPLE:
        m = None  # "every user needs a profile photo": what the product gives its users, not the team's way (review25)
    if m and m.group("bare") and (not _plural(m.group("bare")) or re.match(r"all\s+(?:the|of)\b", m.group(1), flags) or any(
            word in NEEDS_WORK for word in m.group("bare").lower().split())):
        m = None  # "every page needs fixing", "every file needs updates": work on this task's things (refl25)
    if m and not re.search(r"\b(?:you|i|we|it|this|that|them|these|those)\b", m.group(1) + " " + m.group(3), flags):
        # "every PR needs tests": each one of a kind and what it must have, two words of content make it (refl25)
        return Rule(f"{m.group(1)} {m.group(2).lower()} {_clean_object(m.group(3))}",
                    "convention" if m.group("bare") else "modal", [m.group(3)], [], subject=m.group(1),
                    standing=bool(m.group("bare")))
    convention = _data_convention(c)
    if convention:
        return convention
    # "max 100 chars per line", "no more than 3 params per function": a limit the code keeps, per kind of thing (refl26)
    limit = _LIMIT.match(c) or _LIMIT.match(typed)  # strip_lead reads "no more than" as a refusal
    if limit:
        return Rule(f"Keep to at most {limit.group('n')} {limit.group('unit')} per {limit.group('per')}", "convention",
                    [limit.group(0)], [], standing=True, alone=True)
    # Subject must/should … : "staging models must convert amount_cents to dollars"
    m = re.match(r"^((?:the\s+|all\s+|every\s+|each\s+|our\s+)?[\w`*./-]+(?:\s+[\w`*./()-]+){0,5}?)\s+"
                 r"(must(?:\s+always|\s+never|\s+not)?|should(?:\s+always|\s+never|\s+not)?|shouldn'?t|mustn'?t|"
                 r"needs?\s+to|have\s+to|has\s+to|are\s+always|is\s+always|are\s+never|is\s+never)\s+(.+)$", c, flags)
    if m:
        subject = m.group(1)
        if re.match(r"^(?:it|that|this|you|i|we|they|he|she|there|which|what|who|everything|nothing|something)$",
                    subject.strip(), flags) or re.search(r"\b(?:you|i|me|my)\b", subject, flags) \
                or re.match(r"^(?:the\s+new|this|that|these|those)\s", subject, flags):
            return None  # "the new job should run hourly" specifies this task's work
        if re.match(r"^(?:there|what|im|i'm)\b", subject, flags) or re.search(r"\bno$", subject, flags):
            return None  # "there is no need to stop …", "what we need to do is …": a clause, not a rule's subject
        if re.search(r"\b(?:we|they|he|she|us)\b", subject, flags) or re.match(r"^\d", subject):
            return None  # "we really need to make …" is said about us now; "3 The IDs should …" is an item of a spec
        modal = m.group(2).lower().replace("needs to", "must").replace("need to", "must").replace("has to", "must") \
            .replace("have to", "must").replace("shouldn't", "should not").replace("mustn't", "must not")
        rest = m.group(3)
        if modal.startswith("should"):  # "should have been X" states the rule in the past: "should be X"
            rest = re.sub(r"^have\s+been\s+", "be ", rest, flags=re.I)
        if _bad_object(rest):
            return None
        if not re.search(r"always|never", modal) and set(re.findall(r"[a-z]+", subject.lower())) & PEOPLE \
                and re.search(r"\b(?:after|before|during|until)\s+the\s+[\w-]+\s*[.!]*$", rest, flags):
            return None  # "every customer needs to re-login after the deploy": what one event of this task brings (review25)
        negative = "never" in modal or "not" in modal
        # "money is always Decimal here, never float": one name against another, both code
        pair = re.match(r"^([A-Za-z_](?:[\w.]*\w)?)(?:\s+here)?\s*,?\s+(?:and\s+)?never\s+(?:an?\s+)?([A-Za-z_](?:[\w.]*\w)?)[.!]*$",
                        rest)
        if pair and modal in ("is always", "are always") and any(
                name[0].isupper() or name in FORBIDDEN_CODE or re.search(r"[._]", name)
                or name.lower() in TOOL_FAMILIES and name.lower() not in EVERYDAY_TOOL_NAMES
                for name in pair.groups()):
            return Rule(f"{subject} {modal} {slot(pair.group(1))}, never {slot(pair.group(2))}", "modal", [pair.group(1)],
                        [pair.group(2)], subject=subject)
        return Rule(f"{subject} {modal} {_clean_object(rest)}", "modal", [] if negative else [rest],
                    [rest] if negative else [], subject=subject)

    # A plain imperative: "convert amount_cents to dollars in staging". Only when it reads as a general rule:
    # it names code, says when or how often, or is about a plural ("keep functions short"). "Edit the
    # existing test file" is an instruction for this task, not a convention.
    if re.search(r"\binstead[\s,]*(?:please|pls)?[.!]*$", c, flags):
        return None  # "use lucide circle-arrow-up instead": what it replaces is only in the conversation
    ensured = _ENSURE_OF_ONE.match(c)
    if ensured and not _plural(ensured.group("subject")):
        return None  # "make sure the retry logic never retries on a 4xx": what one part of this task must do (refl26)
    phrase = _verb_phrase(c)
    if phrase:
        verb, _, obj = phrase.partition(" ")
        body = _clean_object(phrase)
        if verb == "use":
            body = "use " + slot(body[4:])
        # "…, never float" names the avoided thing; "…, never as epoch numbers" goes on in prose (review14 R14-9)
        body = re.sub(r"(,\s+(?:never|not)\s+)([A-Za-z_][\w.-]*)(?=$|\s)",
                      lambda n: n.group(0) if n.group(2).lower() in _FUNCTION_WORDS else n.group(1) + slot(n.group(2)),
                      body)
        general = bool(re.search(r"[`_./()]|[a-z][A-Z]|\b(?:every|each|all|always|never|any|before|after|when|whenever|"
                                 r"unless|per|instead)\b", body)) or bool(re.match(r"^[a-z]+s\b", obj))
        # "write an Airflow DAG …", "add a workflow that runs …": one new thing to build is a task, not a rule
        task = _builds_one(verb, obj) and not _BEFORE_EACH.search(body)
        if general and not task and not c.split()[0].lower().endswith("ing") and not _PRONOUN_OBJECT.match(obj) \
                and verb not in ("fix", "test", "check", "revert", "undo", "try", "read", "look", "skip", "leave",
                                 "focus"):
            return Rule(body, "imperative", [obj], [], standing=usual)
    return None
