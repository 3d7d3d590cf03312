"""The built-in reflector's templates: the shapes a correction states its rule in, each with its rendering
(see the package docstring for the table), and the quality gate a rendered rule must pass.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from altimate_learn.reflect.providers.builtin.conventions import no_kind, team_convention
from altimate_learn.reflect.providers.builtin.hedges import softened, unhedge
from altimate_learn.reflect.providers.builtin.identifiers import (join_adjacent_code, join_commands, mark_identifiers,
                                                                   slot)
from altimate_learn.reflect.providers.builtin.pasted import split_pasted
from altimate_learn.reflect.providers.builtin.text import (ONE_OFF, PRONOUN_TAIL, RATIONALE, TEAM, TRAILING,
                                                           content_words, normalise, not_english, prose,
                                                           sentences, strip_lead, strip_stop, tidy)
from altimate_learn.reflect.providers.builtin.typos import typo
from altimate_learn.reflect.providers.builtin.vocabulary import (BEHAVIOUR_ADVERBS, CONVENTION_VERBS, EXAMPLE_ROLES,
                                                                  INTENSIFIERS, OPEN_LIST, PLURAL_NOUNS, POINTING,
                                                                  PROJECT_WIDE, REGISTRIES, STYLE_WORDS,
                                                                  EVERYDAY_TOOL_NAMES, FORBIDDEN_CODE, LANGUAGES,
                                                                  AGENTS_OWN, CHAT_VERBS, ONE_AT_A_TIME, SLOT_SKIP, TALK_NOUNS,
                                                                  TALK_VERBS,
                                                                  TOOL_FAMILIES, UI_PARTS, CALENDAR, EVERYDAY_TECH, ONE_OF_MANY,
                                                                  UNIT_WORDS, VERBS, KEPT_OUT, NEEDS_WORK, NOT_A_WAY, PEOPLE, UI_STATES, UI_ACTIONS, gerund_base)

MAX_CHARS = 140

_USE_VERB = r"(?:use|prefer|switch\s+to|go\s+with|stick\s+(?:to|with)|pick|choose|call|import|depend\s+on)"
_NEG = r"(?:i'?d\s+rather\s+(?:we|you)\s+(?:didn'?t|did\s+not)|don'?t|do\s+not|dont|never|stop|avoid|quit|no\s+more|shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot)"
# "we don't use X" states the team's way; "you don't check X" / "you never run X" describes what the agent fails to
# do (a complaint: its rule is the opposite), so only "you" with a modal ("you shouldn't", "you must not") forbids.
_WE_NEG = (r"(?:we\s+(?:don'?t|do\s+not|never|no\s+longer|shouldn'?t|should\s+not|stopped)|"
           r"you\s+(?:shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot))")
_PRONOUN_OBJECT = re.compile(r"^(?:it|that|this|them|those|these|one|so|the\s+same|what\s+i\s+said|anything|"
                             r"something|everything|the\s+other\s+one|that\s+one|this\s+one)\b", re.I)


@dataclass
class Rule:
    text: str
    shape: str  # "instead", "rename", "never", "always", "modal", "place", "imperative"
    positive: list[str] = field(default_factory=list)  # phrases recommended
    negative: list[str] = field(default_factory=list)  # phrases to avoid
    standing: bool = False  # the person said it holds beyond this task ("make sure to …", "from now on …")
    subject: str = ""  # a "modal" rule's subject ("staging models" in "staging models must …")
    alone: bool = False  # a rule only when it is the whole sentence ("we use npm" in "we use npm but it's slow" is not)
    once: bool = False  # a "don't …" / "stop …" said once, with no "never", "ever" or "we" to say it holds every time



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


def _clean_object(phrase: str) -> str:
    phrase = RATIONALE.sub("", phrase.strip()).strip().strip(",;:").strip()
    phrase = PRONOUN_TAIL.sub("", phrase).strip()
    phrase = re.sub(r"^(?:the\s+)?(?:same\s+)?", lambda m: m.group(0), phrase)
    phrase = TRAILING.sub("", phrase).strip()
    phrase = TEAM.sub("", phrase).strip()
    phrase = re.sub(r"\s+(?:anymore|any\s+more|instead|either|now|these\s+days|nowadays)$", "", phrase, flags=re.I).strip()
    return strip_stop(phrase.strip(" ,;:!"))


def _bad_object(phrase: str) -> bool:
    text = phrase.strip().lower()
    return not text or bool(_PRONOUN_OBJECT.match(text)) and len(text.split()) <= 2


# "from now on, …", "going forward …", "next time, …": what follows is meant to hold beyond this task.
_STANDING_LEAD = re.compile(
    r"^(?:and\s+|also\s+|so\s+)?(?:from\s+now\s+on|from\s+here\s+on(?:\s+out)?|going\s+forward|moving\s+forward|"
    r"in\s+(?:the\s+)?future|for\s+(?:the\s+)?future|for\s+future\s+reference|next\s+time|henceforth)"
    r"(?:\s+too)?\s*[,:;]?\s+(?:please\s+)?(?=\w)", re.I)


# A subjectless "Cannot …" / "Failed to …" is how error messages read; a person forbidding says "don't", "never",
# "you can't" or "we can't".
_ERROR_PHRASE = re.compile(r"^(?:cannot|can'?t|can\s+not|could\s*n[o']t|unable\s+to|failed\s+to)\s+(?!you\b|we\b)", re.I)


# "Do we need to restart the server", "should we keep the old flag": a question even when its "?" is missing.
_ASKS = re.compile(r"^(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|have|has|may|might)\s+"
                   r"(?:we|i|they|it|this|that|there|these|those)\b", re.I)


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


def _names_code(phrase: str) -> bool:
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

    return "`" in mark_identifiers(phrase)


# What a leading "in …," / "for …," names when it is a moment, a case or a referent of this task, not a part of the project.
_NOT_A_SCOPE = re.compile(r"\b(?:this|that|these|those|it|its|my|your|now|case|cases|general|end|short|fact|meantime|"
                          r"meanwhile|particular|order|future|addition|summary|total|example|instance|sure|once|today|"
                          r"moment|while|time|now|then|there|here|reference|real|any|some|which|what|other)\b", re.I)


# A scope that counts or points at this task's things ("in both files", "in the 3 scripts", "for the remaining tests",
# "in the following files", "in the changed files"; review22 R22-9): which ones only the conversation says. Without
# "the", "changed files" / "modified components" are a kind ("for changed files, always run the formatter").
_TASKS_SCOPE = re.compile(r"\b(?:both|two|three|four|five|six|seven|eight|nine|ten|several|remaining|rest|following|above|"
                          r"below|aforementioned|previous|same|listed|mentioned|\d+)\b"
                          r"|^(?:the|all\s+the)\s+(?:[\w-]+\s+)?(?:changed|modified|touched|affected|edited|updated|first|"
                          r"last|current)\b", re.I)


_ENSURE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|ensure)(?:\s+that)?(?:\s+you)?(?:\s+to)?(?:\s+|\s*,\s*)(?=\w)", re.I)


# "make sure to split subcommands into their own directories": said as a rule to keep, not as a step of the task.
_MAKE_SURE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+(?=\w)", re.I)


def match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    """The rule one clause states, or None (see the module docstring for the shapes)."""
    rule = _match_rule(clause, context)
    if rule and _MAKE_SURE.match(strip_lead(clause)):
        rule.standing = True
    return rule


def _match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    c = strip_lead(clause)
    # "did everything go well? if not, please stop killing your own session": "stop" and what the agent keeps doing is
    # the complaint whatever the answer; any other rule after "if not," holds only if it did not ("if not, use npm")
    c = strip_lead(re.sub(r"^if\s+not\s*,\s*(?=(?:please\s+|pls\s+)?stop\s+[a-z]+ing\b)", "", c, flags=re.I))
    if _SHOUTED(c):
        return None  # "ALL THE THINGS IN HISTORY MUST BE REBUILT": a demand about this moment, not a rule
    if _ERROR_PHRASE.match(c):
        return None  # "Cannot read properties of undefined (reading 'id')": a pasted error message, not a prohibition
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
    found = team_convention(c)
    if found:
        return found
    # "can you not add emojis" asks for a rule as politely as "don't add emojis"
    polite = re.match(r"^(?:can|could|would)\s+you\s+(?:please\s+)?(not|stop)\s+(.+?)\??$", c, re.I)
    if polite:
        c = ("stop " if polite.group(1).lower() == "stop" else "don't ") + polite.group(2)
    c = re.sub(r"^we\s+(?=(?:" + "|".join(sorted(VERBS - {"use", "prefer"})) + r")\s)", "", c, flags=re.I)
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
            and not _describes_behaviour(m.group(1), m.group(2)):
        clause = _KIND_DOES.match(m.group(1))
        if clause:
            # "tests use pytest fixtures instead of setUp": a kind of thing and what it does, kept as said ("Use tests
            # use …" glued a verb before a clause, review25 R25-8); a verb the reflector does not know gives nothing
            if clause.group("verb").lower() not in VERBS or clause.group("the") or _NOT_A_CONVENTION_KIND.search(m.group(1)):
                return None
            bad = _clean_object(m.group(2))
            if _bad_object(bad) or re.search(r"\b(?:you|i|me|my|this|that|it)\b", bad, flags):
                return None
            what = m.group(1)
            return Rule(f"{what[0].upper()}{what[1:]} instead of {slot(bad)}", "convention", [what], [bad],
                        subject=clause.group("subject"))
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

    # X go(es) in Y [, not Z]
    m = re.match(r"^((?:the\s+|all\s+|our\s+)?.+?)\s+(?:go|goes|belong|belongs|live|lives|should\s+go|should\s+live|"
                 r"must\s+go|must\s+live|need\s+to\s+go|should\s+be|must\s+be|are\s+kept|is\s+kept|are|is)\s+"
                 r"(in|under|inside|into)\s+(.+?)(?:,?\s+not\s+((?:in\s+|under\s+)?.+))?$", c, flags)
    if m and not m.group(4) and re.match(r"^(?:are|is)\s", c[len(m.group(1)):].strip(), flags):
        m = None  # "the config is in settings.py" states a fact; with ", not Y" it corrects a place
    if m and not _bad_object(m.group(1)) and not re.search(r"\b(?:you|i|it)\b", m.group(1), flags) \
            and re.search(r"[/`.]|_", m.group(3)) and len(m.group(1).split()) <= 5:
        where = slot(_clean_object(m.group(3)))
        subject = re.sub(r"^our\s+", "the ", m.group(1), flags=re.I)
        if re.match(r"^[A-Z][a-z]", subject):
            subject = subject[0].lower() + subject[1:]
        text = f"Put {subject} {m.group(2).lower()} {where}"
        if m.group(4):
            other = _clean_object(m.group(4))
            # "not in the templates" keeps its preposition; a bare name in that slot is code ("not `tests/`")
            # a bare name in that slot is code ("not `tests/`"); a phrase ("not next to the code") is prose
            text += ", not " + (other if re.match(r"(?:in|under)\s", other, re.I) or len(other.split()) > 1
                                else slot(other))
        return Rule(text, "place", [m.group(3)], [m.group(4)] if m.group(4) else [])

    # Never …: don't X / never X / we don't X / stop Xing / avoid X
    m = re.match(r"^(?:" + _WE_NEG + r"|" + _NEG + r")\s+(?P<ever>ever\s+)?(.+)$", c, flags)
    if m:
        head = c.split()[0].lower()
        body = m.group(2)
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
        follow = re.sub(r"^(?:(?:we|you\s+should)\s+(?=use\b|prefer\b)|instead\s+)", "", strip_lead(follow), flags=re.I) \
            if follow else ""
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
            return Rule(body, "imperative", [obj], [])
    return None


# Verbs of a state or a wish, not of doing: "we don't support windows", "we don't need tests" say how things are.
_STATIVE = frozenset("support need want have know care like allow accept expect understand mind own see get".split())


_TOOL = r"(?P<x>`[^`]{1,40}`|[A-Za-z](?:[\w.+@/-]{0,40}[\w+])?)"
_TOOL_Y = _TOOL.replace("?P<x>", "?P<y>")
# "uv, not pip", "pnpm not npm!", "ruff please, not flake8": a terse choice of one tool over another
_TERSE_CHOICE = re.compile(r"^" + _TOOL + r"\s*(?:,?\s*(?:please|pls|plz))?\s*(?:,|;|:|\s[-\u2013\u2014]+)?\s+not\s+" + _TOOL_Y
                           + r"(?:,?\s*(?:please|pls|plz|thanks?|thx|here|anymore))*\s*[.!]*$", re.I)
_HERE = r"(?:\s+(?:here|now|these\s+days|nowadays|anymore|any\s+more|in\s+this\s+(?:repo(?:sitory)?|project|codebase)))*"
# what may follow a stated choice: a reminder that it was said before, and a request to do it again
_REMINDED = (r"(?:\s*[,;.!]+\s*(?:(?:please|and|so)\s+)*(?:remember(?:\s+(?:that|this|it))?|don'?t\s+forget(?:\s+(?:that|this|it))?|"
             r"keep\s+(?:that|this|it)\s+in\s+mind|try\s+again|(?:do|run|redo)\s+it\s+again|thanks?|ok\??))*[\s,.!]*")
# "we use pnpm here", "this repo uses poetry", "our team prefers ruff", "we switched to vitest"
_TEAM_TOOL = re.compile(r"^(?:we|(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|team|app|company|monorepo|stack))\s+"
                        r"(?P<how>always\s+|only\s+)?(?:use|uses|prefer|prefers|work\s+with|works\s+with|rely\s+on|relies\s+on|"
                        r"are\s+using|'re\s+using|standardi[sz]ed\s+on|switched\s+to|moved\s+to|migrated\s+to)\s+"
                        + _TOOL + r"(?P<purpose>\s+(?:for|to)\s+(?!(?:this|that|it|now|the\s+moment)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)?"
                        + _HERE + r"(?:(?:\s*,?\s+not\s+|\s*[,;]\s*(?:there'?s|there\s+is|we\s+have)\s+no\s+)" + _TOOL_Y + _HERE + r")?"
                        + _REMINDED + r"$", re.I)
_TOOL_SHOP = re.compile(r"^we(?:'re|\s+are)\s+an?\s+" + _TOOL + r"\s+(?:shop|house|team)" + _HERE + _REMINDED + r"$", re.I)
# "stick to uv", "keep using pnpm", "only use ruff"
_STICK_TO = re.compile(r"^(?:please\s+)?(?:just\s+)?(?:stick\s+(?:to|with)|keep\s+using|only\s+use)\s+" + _TOOL + _HERE
                       + r"(?:\s*,?\s*(?:please|pls|plz))?" + _REMINDED + r"$", re.I)
# "use pnpm instead"
_USE_INSTEAD = re.compile(r"^(?:please\s+)?(?:just\s+)?use\s+" + _TOOL + r"\s+instead" + _HERE + r"(?:\s*,?\s*(?:please|pls|plz))?"
                          + _REMINDED + r"$", re.I)
# "pip is not allowed here", "moment is banned"
_TOOL_BANNED = re.compile(r"^" + _TOOL + r"\s+(?:is|are)\s+(?:not\s+allowed|forbidden|banned|off[- ]limits|not\s+permitted|"
                          r"prohibited|not\s+an\s+option)" + _HERE + r"[\s.!]*$", re.I)
# "no more npm", "I said no pip!", "as I said before, no float for money": what strip_lead would cut ("no,") is the rule
# here. A bare "no npm" may answer the agent's question ("publish it to npm?"), so it needs the "more" of a habit, the
# "I said" of a reminder, or what it is forbidden for.
_RECALLED = re.compile(r"^\W*(?:(?:as|like)\s+i\s+(?:already\s+)?(?:said|mentioned|told\s+you)(?:\s+before)?|"
                       r"i\s+(?:already\s+)?(?:said|told\s+you)(?:\s+before)?|remember|reminder|again|once\s+again)[\s,:;!.-]+", re.I)
_NO_TOOL = re.compile(r"^(?:please\s+|pls\s+)?no\s+(?P<more>more\s+)?" + _TOOL
                      + r"(?P<scope>\s+(?:for|in|inside|within)\s+(?!(?:this|that|now|the\s+moment|today|it)\b)"
                      r"[a-z][\w-]*(?:\s+[a-z][\w.-]*){0,3})?"
                      r"(?:\s+(?:here|please|pls|anymore|ever|again|thanks))*\s*[.!]*$", re.I)
# "pls dont use pip here, uv": what to use instead named after a comma
_DONT_USE_TOOL = re.compile(r"^(?:don'?t|do\s+not|never|stop)\s+(?:use|using)\s+" + _TOOL_Y + _HERE + r"\s*[,;\u2013\u2014-]+\s*"
                            r"(?:(?:just|only|use|we\s+use|it'?s)\s+)*" + _TOOL + r"(?:\s+(?:instead|here|please|pls))*\s*[.!]*$",
                            re.I)


def _tool_name(token: str, *, everyday: bool = True) -> str | None:
    """``token`` as a tool's name (`uv`, `pnpm`) when it names a tool a project settles on (vocabulary.TOOL_FAMILIES),
    or code the person put in backticks; None otherwise. ``everyday``: whether a name that is an everyday word too
    ("black", "requests") counts."""
    bare = token.strip()
    if bare.startswith("`") and bare.endswith("`") and len(bare) > 2:
        return bare
    if bare.lower() in TOOL_FAMILIES and (everyday or bare.lower() not in EVERYDAY_TOOL_NAMES):
        return f"`{bare.lower()}`"
    return None


def _one_job_choice(m: re.Match[str]) -> Rule | None:
    """ "X, not Y" / "don't use Y, X" between two tools of one job (TOOL_FAMILIES); None for anything else."""
    x, y = m.group("x").strip("`").lower(), m.group("y").strip("`").lower()
    if x != y and TOOL_FAMILIES.get(x, frozenset()) & TOOL_FAMILIES.get(y, frozenset()):
        return Rule(f"Use `{x}` instead of `{y}`", "instead", [x], [y], standing=True, alone=True)
    return None


def _tool_rule(clause: str, c: str) -> Rule | None:
    """A tool choice said briefly: a terse "X, not Y" between two tools of one job, the team's tool stated ("we use
    pnpm here", "we're a poetry shop", "stick to uv"), a tool forbidden ("pip is not allowed", "no pip"). Only names of
    tools (vocabulary.TOOL_FAMILIES) or code in backticks: "staging, not prod" or "we use the old client" name no tool."""
    m = _TERSE_CHOICE.match(c)
    if m:
        return _one_job_choice(m)
    m = _TEAM_TOOL.match(c) or _TOOL_SHOP.match(c)
    if m:
        name = _tool_name(m.group("x"))
        how = (m.groupdict().get("how") or "").strip().lower()
        other = _tool_name(m.group("y")) if m.groupdict().get("y") else None
        if m.groupdict().get("y") and (not other or other == name):
            return None  # "we use pnpm, not the old script": what it is set against is no tool
        purpose = re.sub(r"^\s+for\s+everything$", "", (m.groupdict().get("purpose") or "").rstrip(), flags=re.I)
        if purpose and re.search(r"\b(?:you|i|me|my|we|us|our|them|everything)\b", purpose, re.I):
            return None
        if name and other:
            return Rule(f"Use {name}{purpose} instead of {other}", "instead", [name], [other], standing=True, alone=True)
        if name:
            text = f"Always use {name}" if how == "always" else f"Use only {name}" if how == "only" else f"Use {name}"
            text += purpose
            return Rule(text, "always", [name], [], standing=True, alone=True)
        return None
    m = _USE_INSTEAD.match(c)
    if m:  # "use pnpm instead": the tool the project wants, whatever the agent used
        name = _tool_name(m.group("x"), everyday=False)
        if name and not m.group("x").startswith("`"):  # code in backticks may be one file or value of this task
            return Rule(f"Use {name}", "always", [name], [], standing=True, alone=True)
        return None
    m = _STICK_TO.match(c)
    if m:
        name = _tool_name(m.group("x"))
        return Rule(f"Always use {name}", "always", [name], [], standing=True, alone=True) if name else None
    m = _DONT_USE_TOOL.match(c)
    if m:
        return _one_job_choice(m)
    m = _TOOL_BANNED.match(c)
    if m:
        name = _tool_name(m.group("x"), everyday=False)
        return Rule(f"Never use {name}", "never", [], [name], standing=True, alone=True) if name else None
    said = clause.strip()
    recalled = _RECALLED.match(said)
    while recalled and recalled.end():
        said = said[recalled.end():]
        recalled = _RECALLED.match(said)
    kept_out = no_kind(clause)
    if kept_out:  # "I told you before, no print statements", "no more emojis in commit messages"
        return kept_out
    m = _NO_TOOL.match(said)
    if m and (m.group("more") or m.group("scope") or said != clause.strip()):
        token = m.group("x")
        name = _tool_name(token, everyday=False) or (f"`{token}`" if token in FORBIDDEN_CODE else None)
        if name:
            scope = (m.group("scope") or "").rstrip()
            place = re.sub(r"^\s*\w+\s+", "", scope)
            if re.match(r"the\s+(?:new|current|same)\b", place, re.I) or place.lower().startswith("the ") and not _plural(place[4:]):
                return None  # "no pandas for the new service": a choice for one thing of this task
            return Rule(f"Never use {name}{scope}", "never", [], [name], standing=True, alone=True)
    return None


_LANGUAGE = r"(?P<lang>" + "|".join(sorted(LANGUAGES)) + r")"
_POLITE_END = r"(?:\s*,?\s*(?:please|pls|plz|thanks|thx|from\s+now\s+on|going\s+forward))*\s*[.!]*$"
# "keep our chat in english", "keep your answers in German": the language the conversation is held in
_KEEP_IN_LANGUAGE = re.compile(r"^(?:please\s+)?(?P<always>always\s+)?keep\s+(?:the|our|your|all)\s+(?P<what>(?:[\w-]+\s+)?[\w-]+)\s+"
                               r"(?:only\s+)?in\s+" + _LANGUAGE + _POLITE_END, re.I)
# "always answer in English", "reply in french please", "talk to me in English": how to talk to the person
_TALK_IN_LANGUAGE = re.compile(r"^(?:please\s+)?(?P<always>always\s+|only\s+)?(?P<verb>[a-z]+)(?:\s+(?:to|with)\s+me)?\s+(?:only\s+)?"
                               r"in\s+" + _LANGUAGE + _POLITE_END, re.I)
# "one question at a time plz", "ask me one question at a time", "questions 1-by-1 please"
_ONE_AT_A_TIME = re.compile(r"^(?:please\s+)?(?:only\s+|just\s+)?(?:(?P<verb>[a-z]+)\s+(?:me\s+)?)?one\s+(?P<noun>[a-z]+)\s+at\s+a\s+time"
                            + _POLITE_END, re.I)
_ONE_BY_ONE = re.compile(r"^(?:please\s+)?(?:(?P<verb>(?!the\b)[a-z]+)\s+(?:me\s+)?)?(?P<noun>[a-z]+)\s+(?:one\s+by\s+one|1\s*-?\s*by\s*-?\s*1|one\s+at\s+a\s+time)"
                         + _POLITE_END, re.I)


def _talk_rule(c: str) -> Rule | None:
    """How the person wants the agent to talk to them, said briefly: the language ("keep our chat in english" -> "Keep
    the chat in English.", "always answer in German" -> "Always answer in German.") or one thing at a time ("one
    question at a time plz" -> "Ask one question at a time."). A standing preference: it is about the conversation,
    not about a thing of the task ("write the summary in English", "one file at a time" give nothing)."""
    m = _KEEP_IN_LANGUAGE.match(c)
    if m and m.group("what").lower().split()[-1] in TALK_NOUNS:
        what = m.group("what").lower()
        return Rule(f"Keep the {what} in {m.group('lang').capitalize()}", "always", [what], [], standing=True, alone=True)
    m = _TALK_IN_LANGUAGE.match(c)
    # "explain in spanish", "write in German": what to explain or write now is in the conversation (review22: it gave
    # "Explain in Spanish."); with "always" / "only" / "from now on", or a verb of the conversation itself, it holds
    if m and m.group("verb").lower() in TALK_VERBS and (m.group("always") or m.group("verb").lower() in CHAT_VERBS
                                                        or re.match(r"^(?:please\s+)?write\s+to\s+me\b", c, re.I)
                                                        or re.search(r"\b(?:from\s+now\s+on|going\s+forward)\b", c, re.I)):
        always = (m.group("always") or "").strip().lower()
        lead = {"always": "Always ", "only": "Only "}.get(always, "")
        verb = m.group("verb").lower()
        text = f"{lead}{verb if lead else verb.capitalize()} in {m.group('lang').capitalize()}"
        return Rule(text, "always", [m.group("lang")], [], standing=True, alone=True)
    by_one = _ONE_BY_ONE.match(c)
    m = _ONE_AT_A_TIME.match(c) or by_one
    if m:
        noun = m.group("noun").lower()
        verb = ONE_AT_A_TIME.get(noun)
        said = (m.group("verb") or "").lower()
        if verb is None or said and said != verb:
            return None  # "one file at a time", "fix one question at a time": which verb, or what for, is not said
        if m is by_one:  # "questions 1-by-1 please" -> "Ask questions one by one."
            how = "one at a time" if re.search(r"\bat\s+a\s+time\b", c, re.I) else "one by one"
            return Rule(f"{verb.capitalize()} {noun} {how}", "always", [noun], [], standing=True, alone=True)
        singular = noun[:-1] if noun.endswith("s") else noun
        return Rule(f"{verb.capitalize()} one {singular} at a time", "always", [singular], [], standing=True, alone=True)
    return None


# "our API returns cents", "prices are stored in cents", "all timestamps are UTC": how the project states its data
_DATA_VERB = (r"(?:returns?|stores?|sends?|expects?|accepts?|keeps?|uses?|(?:are|is)\s+(?:always\s+)?(?:stored|kept|expressed|given|"
              r"returned|sent|saved|measured|recorded|written)\s+(?:in|as)|(?:are|is)\s+(?:always\s+)?in|(?:are|is)(?:\s+always)?)")
_DATA_OURS = re.compile(r"^(?P<who>our|all(?:\s+(?:of\s+)?(?:our|the))?)\s+(?P<subject>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?P<verb>"
                        + _DATA_VERB + r")\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3})$", re.I)
_DATA_KIND = re.compile(r"^(?P<who>)(?P<subject>[a-z][\w-]*s)\s+(?P<verb>(?:are)\s+(?:always\s+)?(?:stored|kept|expressed|given|"
                        r"returned|sent|saved|measured|recorded|written)\s+(?:in|as))\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3})$", re.I)
# Words that are never a code name: what follows "never" when the sentence goes on in prose ("never as JSON numbers").
_FUNCTION_WORDS = frozenset("as to in into onto on at by for from with without via of over under inside outside "
                            "through the a an be being been when while if before after again more just only even "
                            "ever always yet quite really simply merely exactly necessarily all every any some one "
                            "here there this that these those so too very much less enough both either neither "
                            "anything everything something nothing until unless".split())
_NOT_A_CONVENTION = re.compile(r"\b(?:not|never|no|still|now|instead|but|again|anymore|should|wrong|broken|you|i|it|"
                               r"this|that|these|those|only|yet|already)\b", re.I)


def _data_convention(c: str) -> Rule | None:
    """A unit or format the project keeps its data in, said as a fact about its own data ("our API returns cents",
    "amounts are stored in cents"): the fact is the lesson. Only with a unit or format word (vocabulary.UNIT_WORDS),
    and never a report of what went wrong ("the API still returns cents", "it's in cents, not dollars")."""
    text = c.strip().rstrip(".!")
    m = _DATA_OURS.match(text) or _DATA_KIND.match(text)
    if not m or _NOT_A_CONVENTION.search(text):
        return None
    words = re.findall(r"[\w-]+", m.group("what").lower())
    if not any(w in UNIT_WORDS for w in words) and not any(f"{a}-{b}" in UNIT_WORDS for a, b in zip(words, words[1:])):
        return None
    who = m.group("who").lower()
    lead = "The " if who == "our" else "All " if who.startswith("all") else ""
    subject = m.group("subject")
    sentence = f"{lead}{subject} {m.group('verb').lower()} {m.group('what')}"
    return Rule(sentence[0].upper() + sentence[1:], "convention", [m.group("what")], [], standing=True,
                subject=subject, alone=True)


_BUILD_VERBS = frozenset("write create build implement make generate draft design scaffold".split())


def _builds_one(verb: str, obj: str) -> bool:
    """Whether a verb and its object ask for one new thing to be built ("write an Airflow DAG …", "add a workflow that
    runs …", "set up a pre-commit hook that …"): a task, whatever rule the thing is to follow."""
    if verb.lower() == "set" and re.match(r"up\s", obj, re.I):
        verb, obj = "build", obj[3:]
    return bool(re.match(r"^(?:a|an|another|one)\b", obj, re.I)) and (
        verb.lower() in _BUILD_VERBS or verb.lower() == "add" and bool(re.search(r"\b(?:that|which|who)\b", obj, re.I)))


# "tests use pytest fixtures", "the services talk over gRPC": a plural subject and its verb before "instead of"
_KIND_DOES = re.compile(r"^(?P<the>(?:the|our|all\s+the)\s+)?(?:all\s+)?(?P<subject>[a-z][\w-]*[a-rt-z]s)\s+(?P<verb>[a-z]+)\s+\S",
                        re.I)
_NOT_A_CONVENTION_KIND = re.compile(r"\b(?:things|stuff|users?|people|customers?|still|again|now|always|never)\b", re.I)


def _describes_behaviour(first: str, second: str) -> bool:
    """"the counter shows 0 still instead of updating", "the page reloads instead of updating": what the
    program did rather than what it should have done, not a choice between two things. Told by an adverb of
    what happened in the first piece ("still", "again", "keeps"), or by a first piece about one particular
    thing ("the …", "it …") that names no code and is a clause or is set against an action ("instead of
    updating"); a rule names what to use in general ("plain logging instead of printing")."""
    words = re.sub(r"`[^`]*`", " ", first).lower().split()
    if any(word.strip(".,!?") in BEHAVIOUR_ADVERBS for word in words):
        return True
    if not re.match(r"(?:the|this|that|it|its|these|those|my|your|our)$", words[0] if words else ""):
        return False  # "plain logging instead of printing", "tabs instead of spaces": what to use, in general
    action = re.match(r"^[a-z]{3,}ing\b", second.strip())
    code = "`" in first or re.search(r"\w[_.(/]\w|\b[a-z]+[A-Z]\w*", first)
    return not code and (len(words) >= 3 or bool(action) and action.group(0) not in _ING_NOUNS)


_ING_NOUNS = frozenset("string strings thing something nothing anything everything spring during morning evening "
                       "ceiling padding heading setting settings mapping logging routing testing linting "
                       "caching typing".split())


def _instead(good: str, bad: str, *, verb: str | None = "use", comma: bool = False, keep_bad: bool = False) -> Rule | None:
    good, bad = _clean_object(good), _clean_object(bad)
    good = re.sub(r"\s+instead$", "", good, flags=re.I)  # "use pnpm instead.": the stop hid it from _clean_object
    if good.strip("` ").lower() in BEHAVIOUR_ADVERBS or re.match(r"^(?:already|been|being|still)\b", good, re.I):
        return None  # "… still instead of updating", "it's already been deploying, not …": how it behaved
    good = re.sub(r"^(?:use|using)\s+", "", good, flags=re.I)
    if re.match(r"(?:in|on|at|to|from|by|as|under|inside|into|over|below|above)\s", good, re.I) and verb == "use":
        return None  # "it's in cents, not dollars" gave "Use in cents instead of dollars.": a place or a unit, no thing to use
    if not keep_bad:
        bad = re.sub(r"^(?:use|using)\s+", "", bad, flags=re.I)
    if _bad_object(good) or not bad or re.fullmatch(r"(?:it|that|this|them|one)", bad.strip(), re.I):
        return None
    bare = re.sub(r"`[^`]*`|\{\{.*?\}\}|\([^()]*\)", "", good)  # commas inside code are not clause breaks
    if re.search(r"\b(?:so|because|since|which|but|although|though|otherwise)\b|[,;]", bare, re.I):
        return None  # "we use pydantic v2 here so its model_dump()": two clauses, not one alternative
    if re.search(r"\b(?:you|i|me|my)\b", good + " " + bad, re.I):
        return None
    tail = ""
    split = re.match(r"^(.+?),\s+((?:for|in|when|with|on|inside|across|throughout)\b.*)$", bad, re.I) or \
        re.match(r"^(`[^`]+`|[\w.()]*[_.(/][\w.()/]*|[a-z]+[A-Z]\w*)\s+((?:for|in|when|with|on|inside|across|throughout)\s.*)$",
                 bad)  # "`userId` in the DB models": the scope belongs to the whole rule
    if split:
        bad, tail = split.group(1), " " + split.group(2)
    head = good.split(" ", 1)[0].lower()
    if verb is None and head in VERBS:
        verb, good = head, good.split(" ", 1)[1] if " " in good else ""
        if not good or _builds_one(verb, good) and "`" not in good and re.search(r"\b(?:that|which|who)\b", good, re.I):
            return None  # "write a helper that returns None instead of raising …": one new thing to build (refl25)
    lead = f"{(verb or 'use').capitalize()} {slot(good)}"
    # "use X, not Y" for adverbs and long alternatives ("…, not everywhere")
    plain = bad.strip().lower() in SLOT_SKIP
    joiner = ", not" if plain or (comma and len(bad.split()) > 4) else " instead of"
    return Rule(f"{lead}{joiner} {bad if plain else slot(bad)}{tail}", "instead", [good], [bad])


def cross_sentence_rule(parts: Sequence[str]) -> Rule | None:
    """"why did you use requests? we use httpx" → Use `httpx` instead of `requests`.

    The first piece names what the agent used (or what not to use), a later one what to use instead.
    """
    used = None
    for part in parts:
        m = re.search(r"\byou(?:'re|\s+are)?\s+(?:still\s+|keep\s+)?(?:(?:used?|using|imported|importing|called|calling|"
                      r"added|adding|chose|picked)|(?P<hard>hard-?cod(?:ed|ing)))\s+(?P<what>[`\w.()/-]+(?:\s+[`\w.()/-]+)?)",
                      part, re.I) or \
            re.match(r"^(?:don't|do\s+not|never|stop|avoid)\s+(?:use\s+|using\s+|call\s+|calling\s+)?"
                     r"(?P<what>`[^`]+`|[\w.]+\(\))(?P<scope>\s+(?:in|for|inside|within|on)\s+[^,.;!?`]{1,60})?[\s,.;!]*"
                     r"(?:(?:it's|it\s+is|that's)\s+(?:deprecated|slow|broken|legacy|outdated|unsafe)[.!]?)?$",
                     strip_lead(part), re.I)  # "Don't use `utcnow()`, it's deprecated. Use `now(UTC)`."
        what = m.group("what") if m else ""
        if m and re.match(r"^(?:from|in|on|at|to|for|with|the|a|an|my|our|your|this|that|it)\b", what, re.I):
            m = None  # "you're importing from '../utils'": what was used is not named
        if m and used is None:
            what = re.sub(r"\s+(?:in|on|at|for|to|from|with|again|here|there|still|everywhere|instead)$", "", what,
                          flags=re.I)
            # "you hardcoded analytics.raw.orders": what to avoid is hardcoding it
            used = f"hardcoding {slot(what)}" if m.groupdict().get("hard") else what + (m.groupdict().get("scope") or "")
            continue
        if used:
            body = strip_lead(part)
            m2 = re.match(r"^(?:(?:we|you\s+should|please|just)?\s*(?:always\s+)?(?:use|prefer|import|call)|it'?s|it\s+is"
                          r"|(?:it|that)\s+should\s+be)\s+(.+?)(?:\s+instead)?"
                          r"(?:\s+(?:in\s+this\s+\w+|here))?[.!]?$", body, re.I)
            if m2:
                return _instead(m2.group(1), used, keep_bad=used.startswith("hardcoding "))
    return None



_SUBCOMMANDS = ("(?:install|add|remove|run|test|build|compose|check|format|lint|apply|plan|exec|init|sync|lock|"
                "update|upgrade|publish|push|pull|fmt|vet|tidy|serve|migrate|seed|up|down|ci)")
_RUN_STOP = frozenset("instead before after with in on for to when whenever while and or but directly first then "
                      "again only here there from inside outside so because unless every each all".split())


def commands_marked(text: str) -> str:
    """Known tool names written bare, and the command a "run …" names, in backticks, as a lesson puts code (review14
    R14-28: "Never call pytest directly; run make test." -> "Never call `pytest` directly; run `make test`.").
    Tool names that are everyday words too ("black", "make" on its own) stay prose."""
    from altimate_learn.reflect.providers.builtin.relations import tools_marked
    from altimate_learn.reflect.providers.builtin.scope import _COMMANDS
    from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

    def run(match: re.Match[str]) -> str:
        words = match.group(2).split()
        if not words or words[0].lower() not in _COMMANDS:
            return match.group(0)
        taken = [words[0]]
        for word in words[1:3]:
            if word.lower() in _RUN_STOP or not re.fullmatch(r"[a-z][\w:-]*|-{1,2}[a-z][\w-]*|\./\.\.\.", word):
                break
            taken.append(word)
        rest = match.group(2)[len(" ".join(taken)):]
        return f"{match.group(1)}`{' '.join(taken)}`{rest}"

    parts = re.split(r"(`[^`]*`)", text)
    for n in range(0, len(parts), 2):
        parts[n] = re.sub(r"(\b[Rr]un\s+)([a-z][\w.:-]*(?:\s+(?:-{0,2}[a-z][\w:-]*|\./\.\.\.)){0,2})", run, parts[n])
    marked = tools_marked("".join(parts))
    # a tool marked on its own keeps its subcommand and flags: "`npm` install" -> "`npm install`", "`pytest` -x"
    return re.sub(r"`([a-z][\w.-]*)`((?:\s+(?:-{1,2}[a-z][\w-]*|" + _SUBCOMMANDS + r"))+)\b",
                  lambda m: f"`{m.group(1)}{' '.join([''] + m.group(2).split())}`"
                  if m.group(1).lower() in _COMMANDS or m.group(1).lower() in TOOL_FAMILIES else m.group(0), marked)


def finalize(rule: Rule) -> str | None:
    """The lesson text for ``rule``, or None when it is not a clean, specific, safe rule."""
    return judge(rule)[0]


def judge(rule: Rule, message: str = "") -> tuple[str | None, str]:
    """(the lesson text for ``rule``, "") or (None, why not): why is "" when the rule is not clean or specific,
    and says so when it is one of the shapes of one-off steering (:func:`one_off`) or carries a typo of the
    person's (``message`` is what they typed: a word spelled right elsewhere in it is a known word)."""
    text = _finalize(rule)
    if text is None:
        # "you forgot to update the changelog": one slip recalled, with no "again" or "keep" to say it is a habit; it
        # waits with that reason rather than as "no clear rule"
        return None, ONE_FIX if rule.shape == "reminder" and not rule.standing else ""
    why = one_off(rule, text)
    if why:
        return None, why
    wrong = typo(text, message)
    if wrong:
        return None, TYPO.format(word=wrong)
    return text, ""


def _finalize(rule: Rule) -> str | None:
    text = tidy(rule.text)
    if not text:
        return None
    text = commands_marked(join_commands(mark_identifiers(text)))
    text = join_adjacent_code(text)
    if len(text) > MAX_CHARS:
        cut = re.split(r"\s*(?:;|,\s+(?:and|but|which|so|then)\b|\s+-\s+|\s+—\s+)", text, maxsplit=1)[0].rstrip(".,;") + "."
        if len(cut) > MAX_CHARS or cut.count("`") % 2:
            return None
        text = cut
    if text.count("`") % 2 or not _balanced(text):
        return None
    if re.search(r"`[^`]+`\s*=\s*`", text):
        return None  # "Use `lam2_values` = `np.logspace(…)`": a value chosen for one script, not a habit
    lowered = text.lower()
    # "Never kill your own session.": the agent's own things, said to the agent who reads the lesson; any other "you"
    # or "your" is the conversation's ("your change", "you said")
    own = re.sub(r"\byour\s+own\s+(?:" + "|".join(sorted(AGENTS_OWN)) + r")\b", "", lowered)
    if re.search(r"\b(?:i|me|my|mine|you|your|yours|i'm|i've|i'd|you're|you've|let's)\b", own):
        return None
    # "it" / "them" may point back inside the rule ("…; read it from config"), not out of it ("make it a sensor")
    if re.search(r"\b(?:it|it's|them)\b", re.split(r"[;,]", lowered, maxsplit=1)[0]):
        return None
    if re.search(r"\b(?:above|earlier|previous|last\s+time|just\s+now|again|yesterday|this\s+pr|this\s+task|tickets?|"
                 r"(?:this|next|the)\s+(?:task|issue|step|one)|the\s+(?:failing|broken|current|same|other|extra|additional|above|below)|"
                 r"(?:these|those)\s+\w+|this\s+(?!is\b|repo|repository|project|codebase|team|company|org\b|package|module|service|app\b)\w+)\b",
                 lowered):
        return None
    words = content_words(text)
    has_ident = "`" in text
    if has_ident:
        needed = 1 if rule.shape in ("always", "never", "instead", "rename") else 2
    else:
        needed = 2 if rule.shape in ("instead", "rename", "convention") else 4 if rule.shape == "imperative" else 3
        # "Never touch the migrations.", "Migrations should always be reversible.": a kind of thing (plural) or a
        # "should always/never" says it holds every time, so two words of content make the rule
        if rule.shape == "never" and rule.negative and _plural(rule.negative[0]) and text.split(" ", 2)[1].lower() in _GUARDS \
                and not re.match(r"(?:any|all|every|each|no)\b", rule.negative[0].strip(), re.I) \
                or rule.shape == "modal" and re.search(r"\b(?:should|must)\s+(?:always|never)\b", text, re.I):
            needed = 2
        # "dont hardcode schemas" -> "Never hardcode schemas.": a kind of value kept out of the code, bare (refl25)
        if rule.shape == "never" and re.match(r"Never\s+hard-?code\s+[a-z]+s\.$", text) and rule.negative \
                and _plural(rule.negative[0]) and rule.negative[0].split()[0].lower() not in _VAGUE_KINDS:
            needed = 2
        # "you keep deleting the tests" -> "Never delete the tests.", "you forgot to update the changelog again" ->
        # "Always update the changelog.": the person said it holds beyond this task, so a verb and its object make it
        # ("from now on, fix the header" stays a step: a repair or an undo is done once, whatever the lead says)
        if rule.shape == "imperative" and _BEFORE_EACH.search(text) and text.split()[1].lower() not in ("before", "after"):
            needed = 3  # "Make a plan before coding.": the work it comes before is the third word of content
        if rule.standing and (rule.shape == "never" or rule.shape == "always"
                              and text.split(" ", 2)[1].lower() not in _DONE_ONCE):
            needed = 2
        # "never use sleeps in tests", "don't use abbreviations in the docs": a kind of thing kept out of a kind of
        # thing; "…in these tests", "…in the file" are this task's things (review22 R22-2)
        if rule.shape == "never" and rule.negative and text.startswith("Never use ") and _kind_in_kind(rule.negative[0]):
            needed = 2
    if rule.standing and rule.shape == "never" and rule.negative and strip_stop(rule.negative[0].strip(), ".!").lower() in KEPT_OUT:
        needed = 1  # "I told you, no emojis" -> "Never use emojis.": a thing a project keeps out of its code (refl25)
    if len(words) < needed:
        return None
    if not _lint_ok(text):
        return None
    if not _standing(rule, text):
        return None
    return text


_KIND_IN = re.compile(r"^(?P<what>[a-z]{3,}s)\s+(?:in|for|inside|within|across)\s+(?P<scope>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})$",
                      re.I)


def _kind_in_kind(obj: str) -> bool:
    """Whether what a "never use" forbids is a kind of thing (a plain plural: "sleeps", "wildcards") in a kind of thing
    or a part the project has one of: a bare plural ("in tests", "in commit messages"), or "the" with a kind a project
    keeps ("the tests", "the docs", "the changelog"). Not "in these tests", "in the file", "for the callbacks", "in both
    files": which ones only the conversation says."""
    from altimate_learn.reflect.providers.builtin.identifiers import _plain_plural
    from altimate_learn.reflect.providers.builtin.restate import _a_kind

    m = _KIND_IN.match(_clean_object(obj))
    if not m or not _plain_plural(m.group("what").lower()) or m.group("what").lower() in _VAGUE_KINDS:
        return False
    scope = m.group("scope").lower()
    if _TASKS_SCOPE.search(scope) or _NOT_A_SCOPE.search(scope) or re.search(r"\b(?:new|old|my|your|his|her|their)\b", scope):
        return False
    definite = re.match(r"^(?:the|our)\s+(.+)$", scope)
    if definite:
        words = definite.group(1).split()
        return _a_kind("the " + definite.group(1)) or len(words) == 1 and words[0] in PROJECT_WIDE
    return not re.match(r"^(?:a|an|any|some|all|every|each|no)\b", scope) and _plural(scope)


# Plurals that say nothing of what is forbidden ("don't use things in tests").
_VAGUE_KINDS = frozenset("things stuff ones others items pieces bits parts words values numbers".split())


# Verbs of a change made once (a repair, an undo, one edit to the page): "Always fix the header." is no habit.
_DONE_ONCE = frozenset("""fix remove delete revert undo restore repair debug try redo finish complete change move rename
hide show resize center centre align reset replace swap""".split())


# Why a clean sentence is still no lesson: it steers one change or complains, it does not state a habit. The
# signal stays open with the reason (`learn signals --unlearned`) for a model or a person.
ONE_FIX = ("a reminder of one slip (\"you didn't …\") that names no habit: which fix it means is in the conversation, "
           "not in the words")
UNRESOLVED = "it points at something only the conversation names (\"that dir\", \"in there\", \"any other …\")"
ONE_CHANGE = "it limits one change to one file (\"just the X file\"), not a standing rule"
OPEN_ENDED = "an open list (\"etc\", \"and so on\"): the lesson would not say what it covers"
COMPLAINT = "an emphatic complaint (\"we really need …\"), not a rule to keep"
ONE_COMPONENT = ("a design statement about one part (\"the X should …\"): what that part should do in this task, "
                 "not a standing rule")
ONE_THING = ("it names or places one thing of this task (\"rename the variable to …\", \"name the new file …\"), "
             "not a standing rule")
TASK_STEP = "a step of the task at hand (no \"always\", \"every\", \"before …\" or \"from now on\" says it holds later)"
STATEMENT = "a statement of how things are, not an instruction"
HEDGED_IDEA = ("a hedged suggestion (\"I think we should use a queue instead of polling\") that names no code: an idea "
               "for this task's design, not a standing rule")
TYPO = "its wording carries a typo (\"{word}\"): the built-in reflector neither keeps nor guesses a spelling"

# Words that say when a rule holds (every time, before each commit): a rule with one is not a step of this task.
_WHEN = re.compile(r"\b(?:always|never|every|each|whenever|before|after|when|unless|per|by\s+default|any\s+new|"
                   r"(?:for|in|across|throughout)\s+all|"
                   r"all\s+new|from\s+now\s+on|going\s+forward|anymore|consistently)\b", re.I)
_OPEN_LIST = re.compile(r"(?:^|\s|,)(?:" + "|".join(re.escape(w) for w in OPEN_LIST) + r")(?=$|[\s,.;:!?)])", re.I)
_POINTING = re.compile(r"\b(?:in|on|at|to|from|into|onto|for|with|of|under|inside|within|by|about|through|across|"
                       r"like|use|using)\s+(?:" + "|".join(POINTING) + r")\s+(?!is\b|are\b|was\b)[a-z]"
                       r"|^(?:" + "|".join(POINTING) + r")\s+[a-z]+\s+(?:should|must|needs?|is|are|goes|go)\b"
                       r"|\b(?:in|from|out\s+of)\s+there\b|\b(?:any|all|the|every|each)\s+other\b", re.I)
# "here" / "there" left in a rendered rule (tidy drops the "here" that means "in this project") is a place only the
# conversation names: "Put helpers here, not in utils." would tell a later agent nothing.
_DEICTIC_PLACE = re.compile(r"\b(?:here|there)\b(?!\s+(?:is|are|was|were)\b)", re.I)
_UNITS = (r"(?:char|chars|characters?|hours?|h|minutes?|mins?|seconds?|secs?|ms|days?|weeks?|months?|years?|decimal|"
          r"digits?|spaces?|columns?|lines?|px|pt|bytes?|kb|mb|gb|percent|%)\b")
# Things of this task told apart by when or where they stand in it: "the old endpoint", "the new button component" (left
# as it is when the new thing is used, not made: tidy's "each new" is for "add the new page to the changelog"), "the new
# tests", "the remaining components", "both diagrams", "the 3 tests" (review22: "Always keep the old endpoint working.",
# "Never use sleeps in the new tests."): which ones only the conversation says, and "new" and "old" change meaning.
# ("the latest X" is what a project keeps current, "the 100 character limit" a number with its unit: review23 R1.)
_THIS_TASKS = re.compile(r"\b(?:the|all\s+the)\s+(?:(?:new|old|remaining|following|previous|original|listed|mentioned|"
                         r"aforementioned|updated|changed|modified|edited|touched|affected)\s+(?:\d+\s+)?|\d+\s+(?!" + _UNITS + r"))"
                         r"(?!one\b)[a-z]"
                         r"|\bboth\s+(?:the\s+)?[a-z]+s\b", re.I)
_JUST_ONE_FILE = re.compile(r"\b(?:just|only)\s+(?:(?:edit|change|touch|modify|update|fix|in|to)\s+)?(?:the\s+)?"
                            r"(?:[\w\\/.@-]*\.\w{1,5}\b|[\w\\/.@-]+\s+file\b)", re.I)
_EMPHATIC = re.compile(r"\b(?:" + "|".join(INTENSIFIERS) + r")\s+(?:must|need|needs|have\s+to|has\s+to|should|gotta)\b",
                       re.I)
_AS_EXAMPLE = re.compile(r"\buse\b.*\bas\s+(?:an?\s+|the\s+|our\s+)?(?:" + "|".join(EXAMPLE_ROLES) + r")\b"
                         r"|\bfor\s+reference\b|\bif\s+(?:needed|necessary|required)\b", re.I)
_REUSE = re.compile(r"\b(?:use|reuse|call|go\s+through)\s+(?:the\s+)?(?:existing|shared)\b", re.I)
_FINITE = re.compile(r"^[\w-]+(?:\s+[\w-]+)?\s+(?:always\s+|never\s+|already\s+|just\s+)?"
                     r"(?:is|are|was|were|happens|happened|has|does|seems|exists|becomes|works|runs|fails|breaks)\b", re.I)


def one_off(rule: Rule, text: str) -> str:
    """Why ``text`` (a clean rendering of ``rule``) steers one change rather than states a habit, or ""."""
    prose = re.sub(r"`[^`]*`", " ", text)
    plain = text.replace("`", "")
    if _OPEN_LIST.search(prose):
        return OPEN_ENDED  # "Use data from cricket world cups etc, essentially every t20 game."
    if _POINTING.search(prose) or _DEICTIC_PLACE.search(prose):
        return UNRESOLVED  # "Each rule should be a distinct mdc file in that rules dir.", "Put helpers here, not …"
    if _JUST_ONE_FILE.search(plain):
        return ONE_CHANGE  # "Edit just the src/common/env.ts file, not the .env file."
    if _EMPHATIC.search(prose):
        return COMPLAINT
    # "Always add each new field to the form.": the "each" is the clean-up's ("the new field"), and the new things go to
    # one thing only the conversation names ("the form"); to code, or to what a project has one of, it is a rule
    target = _NEW_TO_ONE.search(text)
    if target and "`" not in target.group(2) and one_of_many(target.group(2)) and not _registers(target):
        return ONE_FIX if rule.shape == "reminder" else ONE_THING
    # the person's words, not the "Always" a reminder is rendered with
    said = re.sub(r"^Always\s+", "", text) if rule.shape == "reminder" else text
    if rule.shape == "imperative" and "`" not in text:
        # "please add tests for the new endpoint" -> "Add tests for each new endpoint.": the "each" is tidy's, and a
        # request with no code and no word of the person's that it holds later is this task's step
        said = re.sub(r"\beach new\b", "the new", said)
    general = rule.standing or bool(_WHEN.search(said))
    if rule.shape == "reminder" and not general and "`" not in text and not _plural(rule.positive[0] if rule.positive else ""):
        return ONE_FIX  # "you didn't change the actual function code" -> not "Always change the actual function code."
    if rule.shape == "modal" and rule.subject and not general and "`" not in text and not _REUSE.search(text) \
            and not _plural(rule.subject):
        return ONE_COMPONENT  # "the unknown should trigger a node on the langgraph", "the width … should be 419px"
    one = re.match(r"^(?:Rename|Put)\s+the\s+([^`]+?)\s+(?:to|in|under|into|inside)\s", text)
    if rule.shape in ("rename", "place", "imperative") and not general and one and not _plural(one.group(1)):
        return ONE_THING  # "Rename the variable to `total_cents`.", "Put the constant in `config.py`.": one thing
    # "Name the new file stg_orders.sql": one new thing given its one name (the "each" is the clean-up's, not the
    # person's); a pattern with a placeholder ("`stg_<entity>.sql`") is a convention.
    if _NAMES_ONE_NEW.match(text) and not _GENERAL.search(said.replace("each new", "")):
        return ONE_THING
    # "Never build the pipeline in a single file.": how to build one thing of this task ("the pipeline", "the report")
    # that only the conversation names; a kind of thing ("never write migrations by hand") or code stays a rule
    built = _BUILDS_ONE.match(text)
    if rule.shape == "never" and built and "`" not in text and not _plural(built.group(1)) \
            and not _GENERAL.search(text[len("Never"):]):
        return ONE_THING
    # "Call the class `OrderService` instead of `OrderManager`.": the name of one thing of this task, not a convention
    if rule.shape in ("instead", "rename") and not general and _NAMES_ONE.match(text):
        return ONE_THING
    if rule.shape == "never" and not rule.standing and _undoes_one_thing(rule, text):
        # "don't add the button back", "don't run the migration on prod", "stop adding margins to the card"; "never" or
        # "don't ever" on one thing of this task too ("don't ever run the migration on prod": which migration?)
        return ONE_THING
    if rule.shape == "never" and not rule.standing and text.startswith("Avoid ") and "`" not in text \
            and rule.negative and _avoids_one_thing(rule.negative[0]):
        return ONE_THING  # "avoid the modal on mobile": one thing of this task, not a kind ("avoid global state")
    if rule.shape == "modal" and rule.subject and "`" not in text and _one_ui_part(rule.subject) \
            and not _behaves_in_a_state(text):
        return ONE_COMPONENT  # "The modal should always be centered.": one part of this app's screen, "always" or not
    if _ONE_OF_TWO.search(prose):
        return UNRESOLVED  # "Never create a new file; edit the existing one.": which one only the conversation says
    existing = re.search(r"\bthe\s+(?:existing|same)\s+([a-z]+)\b(?!\s+(?:[A-Z]|`))", text)
    if existing and not _plural(existing.group(1)) and existing.group(1) not in PROJECT_WIDE:
        return UNRESOLVED  # "use the existing helper instead of writing a new one": which helper (review24 R24-10)?
    if rule.shape == "imperative" and not general and _NAMES_ONE.match(text):
        return ONE_THING  # "Name the table `order_items`.", "Call the function `parse_invoice`." (review24 R24-10)
    if rule.shape == "instead" and not general and _picks_for_this_task(rule):
        return ONE_THING  # "Use the `button` instead of the `link`.", "Use port 3000 instead of 8080."
    ui = re.search(r"\b(?:in|on|for|inside)\s+the\s+(?:[a-z]+\s+)?([a-z]+)\.$", text)
    if rule.shape == "instead" and not general and "`" not in text and ui and ui.group(1) in UI_PARTS:
        return ONE_THING  # "Use icons instead of text in the toolbar.": the design of one part of the screen
    if _styled(text) and not _case_for_a_kind(rule, text):
        return ONE_THING  # "Use `red` instead of `blue`.", "Always use `blue`.": a colour or a type style is no code
    if rule.shape == "imperative":
        verb = text.split(" ", 1)[0].lower()
        if _FINITE.match(text.split(" ", 1)[1] if " " in text else ""):
            return STATEMENT  # "squash merge always happens in any case" is not "squash" + a thing
        if not general and (verb not in CONVENTION_VERBS or _AS_EXAMPLE.search(prose)):
            return TASK_STEP  # "Load all mcp servers from the json file.", "Use S001 as a template if needed."
        # "Parse the vendor CSVs and write one summary per day.": two steps of a task; "Tag the release as v2.0.": one
        # version of this task (refl25). Unless the person says when it holds ("always", "every", "before committing").
        if "`" not in text and not _GENERAL.search(text) and not _BEFORE_EACH.search(text) and (
                re.search(r"\band\s+(?:then\s+)?(?:" + "|".join(sorted(VERBS)) + r")\s+(?:the|a|an|one|all|each|\w+s)\b",
                          prose, re.I)
                or verb != "pin" and re.search(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*\b", prose)):
            return TASK_STEP
    if rule.shape == "imperative" and not general and re.match(r"^Use\s+the\s+(?:`[a-z]+`|[a-z]+)(?:\s+(?:in|from)\s+`|\.$)", text):
        return ONE_THING  # "please use the helper in utils.py" -> "Use the `helper` in `utils.py`.": which helper?
    if rule.shape == "never" and (new := re.search(r"\beach\s+new\s+(?:[a-z-]+\s+)?([a-z]+)\b", text)) \
            and _plural(new.group(1)):
        return UNRESOLVED  # "never modify the new migration files" gave "Never modify each new migration files.": which?
    if _THIS_TASKS.search(_ORIGINALS.sub(" ", prose) if _guards(rule, text) else prose):
        return UNRESOLVED  # "Always keep the old endpoint working.", "Never use sleeps in the new tests."
    # "next time, run the tests first" -> "Always run the tests first.": before what? The person's own "always" says
    # it is the first step every time ("always run the linter first"); a step of one thing still says nothing
    if re.search(r"\b(?:afterwards|later|after\s+that|then)\.$", text, re.I) or re.search(r"\bfirst\.$", text, re.I) \
            and not (rule.shape == "always" and not rule.standing and (step := _PROJECTS_STEP.match(text))
                     and (step.group("what").split()[-1] in PROJECT_WIDE or _plural(step.group("what")))):
        return UNRESOLVED
    return ""


# Verbs of one step a "don't …" holds back for this task ("don't run the migration on prod", "don't refactor the whole
# thing"); a guard ("don't touch …", "don't edit …") or a way of working ("don't call …", "don't push …") is left to
# the other checks.
_ONE_STEP = _DONE_ONCE | frozenset("add run rerun rebuild redo refactor deploy build create install merge update".split())
_ONE_OF_TWO = re.compile(r"\bthe\s+(?:existing|other|old|new|same|first|second|last|previous|current|original)\s+(?:one|ones)\b",
                         re.I)


def _undoes_one_thing(rule: Rule, text: str) -> bool:
    """Whether a "don't …" said once holds back one step on one thing of this task: the thing is "the <one thing>"
    ("the button back", "the migration on prod", "the whole thing"), or what is added goes into one ("margins to the
    card"). Code, a kind ("the tests", "emojis to the commit messages") or what a project has one of ("the schema",
    "the changelog") is a rule."""
    from altimate_learn.reflect.providers.builtin.restate import _one_thing

    obj = (rule.negative or [""])[0].strip()
    verb = text.split(" ", 2)[1].lower() if len(text.split()) > 2 else ""
    if re.search(r"^(?:the|this|that|it|them|my|your)\b.*\bback$", obj, re.I) and "`" not in text:
        return True  # "don't put the modal back": an undo of this task's step
    if re.match(r"(?:(?:the|this|that)\s+(?:feature|hotfix|bugfix|fix|topic|working|current|local|temp|temporary|wip|"
                r"experiment|experimental|test|new|old|other)|my|your)\s+branch\b", obj, re.I) and "`" not in text:
        return True  # "don't deploy the feature branch to prod", "we never push the feature branch": which branch? ("the
        # release branch", "the shared branch", "the main branch" are the project's)
    if not obj or verb not in _ONE_STEP or "`" in mark_identifiers(obj) or "`" in text or _WHEN_AT_ALL.search(obj) \
            or re.search(r"\bthe\s+(?:whole\s+|entire\s+)?(?:project|repo|repository|codebase|app|database|schema)\b", obj, re.I):
        return False
    if re.search(r"\bback\b|\b(?:whole|entire)\s+thing\b", obj, re.I):
        return True
    head = re.split(r"\s+(?:to|in|into|on|onto|from|for|with|at|until|without|by|before|after|when|against)\b", obj,
                    maxsplit=1)[0]
    if not rule.once:
        # "never" / "don't ever": the person says it holds every time, so only a bare "the migration", "the script" (one
        # of many, which one unsaid) is this task's; "never run the seed script on prod", "never change the public API
        # without a deprecation notice" are rules (review24 R24-2)
        return _bare_one_of_many(obj)
    if re.match(r"(?:the|our)\s+[a-z]+s\s+(?:folder|dir|directory)$", head, re.I):
        return False  # "the migrations folder", "the logs folder": a part of the project named by what it holds
    if _one_thing(head):
        return True
    target = re.search(r"\b(?:to|in|into|on|onto)\s+((?:the|this|that|my|your)\s+[^,;.]+)$", obj, re.I)
    return verb in ("add", "put", "insert", "append") and bool(target) and _one_thing(target.group(1))


def _avoids_one_thing(obj: str) -> bool:
    """Whether what an "avoid …" keeps away from is one thing of this task ("the modal on mobile", "the old client"), not
    a kind, code or what the project has one of ("global state", "the changelog")."""
    return "`" not in mark_identifiers(obj) and _bare_one_of_many(obj)


def _bare_one_of_many(obj: str) -> bool:
    """Whether a phrase is "the <X>" with X one of many things of its kind a task works on (vocabulary.ONE_OF_MANY:
    "the migration", "the modal", "the script"), with no word saying which: "the seed script", "the public API", "the
    ORM", "the global lock" name what the project has one of, and a "never" about them is a rule."""
    head = re.split(r"\s+(?:to|in|into|on|onto|from|for|with|at|until|without|by|before|after|when|against|while|"
                    r"during|unless|if)\b|[,;.!]", obj.strip(), maxsplit=1)[0]
    bare = re.fullmatch(r"(?:the|this|that|my|your)\s+([a-z]+)(?:\s+(?:globally|locally|directly|manually|again|by\s+hand))?",
                        head.strip(), re.I)
    return bool(bare) and bare.group(1).lower() in ONE_OF_MANY


_IN_A_STATE = re.compile(r"\b(?:should|must)\s+(?:always|never)\s+(?:be\s+(?P<state>[a-z-]+)|(?P<verb>[a-z]+))\b.*?"
                         r"\b(?:while|during|until)\s+[a-z]", re.I)


def _behaves_in_a_state(text: str) -> bool:
    """Whether a part of the screen is said to behave some way for as long as a state lasts, every time ("The submit
    button should always be disabled while saving.", "… must always be disabled until the form is valid."):
    vocabulary.UI_STATES / UI_ACTIONS, never a look ("…always be blue while …"); an event ("close on escape",
    "disappear after 3 seconds") is one part's design (refl24)."""
    m = _IN_A_STATE.search(text)
    if m and re.search(r"\b(?:while|during|until)\s+(?:the\s+(?:page|user)\s+)?(?:scroll|hover|resiz|zoom|drag)", text, re.I):
        return False  # "… always be visible while scrolling": a layout of one part (sticky), not what a state allows
    return bool(m) and ((m.group("state") or "").lower() in UI_STATES or (m.group("verb") or "").lower() in UI_ACTIONS)


def _one_ui_part(subject: str) -> bool:
    """Whether a modal rule's subject is one part of an app's screen ("the modal", "the submit button", "the header
    of the page"): what it should look like or do is this task's design, whatever "always" says (vocabulary.UI_PARTS)."""
    words = re.findall(r"[a-z][\w-]*", subject.lower())
    if not words or words[0] not in ("the", "this", "that", "our", "my", "your"):
        return False
    head = []
    for word in words[1:]:
        if word in ("of", "for", "in", "on", "at", "from", "with", "to", "inside", "under"):
            break
        head.append(word)
    return bool(head) and head[-1] in UI_PARTS and head[-1] in ONE_OF_MANY


# "never modify the original migration files": the ones already there, as against the ones the agent adds, are a kind a
# project guards (a guard verb, a plural); "the original file" is one thing of this task.
_ORIGINALS = re.compile(r"\bthe\s+(?:original|existing)\s+(?:[a-z][\w-]*\s+)?[a-z][\w-]*s\b(?!\s+(?:of|for)\b)", re.I)


def _guards(rule: Rule, text: str) -> bool:
    """A "never" (not a "don't" said once) that guards a kind of thing from the agent ("Never modify …")."""
    return rule.shape == "never" and not rule.once and len(text.split()) > 2 and text.split()[1].lower() in _GUARDS


# "Always run the linter first.", "Always run the tests first.", "Always read the docs first.": a step the project's
# work starts with (what the project has one of, or a kind), not one thing of this task ("the migration", "the header").
_PROJECTS_STEP = re.compile(r"^Always\s+(?:run|read|check|update|pull|lint|format|write|ask|plan)\s+(?:the\s+)?"
                            r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+first\.$")


_WHEN_AT_ALL = re.compile(r"\b(?:any|every|each|all|whenever|always|unless|without\s+asking)\b", re.I)


# A value of one thing: a number of its own ("16px", "port 3000", "2 columns"); not digits inside a name ("utf-8",
# "int64", "latin-1": code, review23 R4).
_VALUE = re.compile(r"(?<![\w.-])\d")
_INDENT = re.compile(r"^\d+\s*(?:spaces?|tabs?)\b", re.I)  # an indentation is the project's, whatever its width


def _picks_for_this_task(rule: Rule) -> bool:
    """Whether an "X instead of Y" with no code in the person's words picks between this task's things: both sides are
    one thing ("the button instead of the link", "the staging bucket, not the prod one", "a modal instead of a new
    page", "a line chart instead of a bar chart"), or one is a value ("16px instead of 14px", "port 3000", "version
    2"). A kind of thing or code on either side ("tabs instead of spaces", "composition over inheritance", "the logger
    instead of print statements", "a union of string literals instead of enums") is a convention."""
    from altimate_learn.reflect.providers.builtin.restate import _a_kind, _code_word

    sides = [side.strip() for side in rule.positive + rule.negative if side and side.strip()]
    if len(sides) < 2 or any(_code_word(side) for side in sides):
        return False
    if any(len(side.split()) <= 2 and _VALUE.search(side) for side in sides) and not any(_INDENT.search(side) for side in sides):
        return True  # "16px instead of 14px", "port 3000"; not "4 spaces instead of 2", "int64", "utf-8" (review23 R4)

    def one(side: str) -> bool:
        words = re.findall(r"[a-z]+", side.lower())
        if words and (words[-1] in EVERYDAY_TECH or any(word in CALENDAR for word in words)):
            return True  # "the ip instead of localhost", "the January data instead of February": this task's pick
        lead = re.match(r"(?:the|a|an|this|that|my|your|our)\s+(\S+(?:\s+\S+){0,3}?)(?=\s+(?:for|in|on|at|to|from|with|"
                        r"of|instead|rather|not)\b|$)", side, re.I)
        return bool(lead) and not _a_kind("the " + lead.group(1)) and lead.group(1).split()[-1].lower() not in PROJECT_WIDE

    return all(one(side) for side in sides)


def _styled(text: str) -> bool:
    """Whether a lesson puts a colour or a type style in backticks as if it were code ("Use `red` instead of `blue`.",
    "Never use `bold` in the heading.", "Make the text grey instead of `black`."): a choice for one thing of this task.
    A tool beside it ("Use `ruff` instead of `black`.") is a choice of tools."""
    # what a rule's slot holds, in backticks or (an everyday word: identifiers.looks_like_code) not
    spans = [span.lower() for span in re.findall(r"`([^`]+)`", text)] + \
        [word.lower() for word in re.findall(r"\b(?:[Uu]se|instead\s+of|not)\s+([A-Za-z]+)\b(?!`)", text)]
    tools = any(span in TOOL_FAMILIES and span not in STYLE_WORDS and span != "black" for span in spans)
    if any(span in STYLE_WORDS for span in spans) and not tools:
        return True
    colour_in_prose = re.search(r"\b(?:" + "|".join(sorted(STYLE_WORDS)) + r")\b", re.sub(r"`[^`]*`", " ", text), re.I)
    return "black" in spans and not tools and bool(colour_in_prose)


def _design_idea(rule: Rule) -> bool:
    """Whether an "X instead of Y" picks one thing to build for this task ("a queue instead of polling", "a modal instead
    of the page") with no code on either side: softened by "I think" / "maybe", it is an idea for the design. Kinds on
    both sides ("tabs over spaces") or code on one ("the logger instead of print") are conventions."""
    from altimate_learn.reflect.providers.builtin.restate import _code_word

    sides = [side.strip() for side in rule.positive + rule.negative if side and side.strip()]
    if rule.shape != "instead" or rule.standing or len(sides) < 2 or any(_code_word(side) or "`" in mark_identifiers(side)
                                                                           for side in sides):
        return False
    return any(re.match(r"(?:a|an|one|the|this|that)\s", side, re.I) and not _plural(side) for side in sides)


_CASE_FOR_A_KIND = re.compile(r"^Use\s+`?(?:lowercase|uppercase)`?(?:\s+instead\s+of|,\s+not)\s+`?(?:lowercase|uppercase)`?\s+"
                              r"(?:for|in)\s+(?:[A-Za-z]+\s+)?(?:names|identifiers|keywords|columns|tables|fields|keys|constants|"
                              r"variables|tags|headers)\.$")


def _case_for_a_kind(rule: Rule, text: str) -> bool:
    """Whether a choice of lower or upper case is for a kind of name ("Use lowercase instead of uppercase for table
    names.", "… for SQL keywords."): the project's convention, not one title's look ("for the title", "for these names")."""
    said = " ".join(rule.positive + rule.negative)
    return bool(_CASE_FOR_A_KIND.match(text)) and not re.search(r"\b(?:the|this|that|these|those|my|your|our)\b", said, re.I)


_NEW_TO_ONE = re.compile(r"\beach\s+new\s+(?P<new>[\w-]+(?:\s+[\w-]+)?)\s+(?:to|in|into|on|onto|inside|under)\s+"
                         r"((?:the|this|that)\s+[^,;.]+)")


def _registers(target: re.Match[str]) -> bool:
    """Whether "each new X to the Y" names a list the project keeps of every X (vocabulary.REGISTRIES: each new
    endpoint goes in the router, each new page in the sidebar, each new model in the admin; review22 R22-3), not one
    thing of this task that the new thing goes into ("the new field to the form", "the new button to the sidebar")."""
    new = target.group("new").lower()
    where = re.sub(r"^the\s+", "", target.group(2).strip().lower())
    return where in REGISTRIES.get(new, ())
# Verbs of a prohibition that guards a kind of thing from the agent ("never touch the migrations").
# ("delete"/"remove"/"change" are left out: "don't remove the buttons" is as often one change's steering.)
_GUARDS = frozenset("touch edit modify commit push rewrite overwrite regenerate hand-edit".split())
_NAMES_ONE = re.compile(r"^(?:Call|Name|Rename)\s+(?:the|this|that|our|my|your)\s+(?:new\s+)?[a-z]+(?:\s+[a-z]+)?\s+`")
_BUILDS_ONE = re.compile(r"^Never\s+(?:build|create|write|implement|generate|draft|design|scaffold)\s+the\s+([^`]+?)"
                         r"(?=\s+(?:in|as|with|into|inside|on|for|from|using|by)\b|[.;,]|$)")
_NAMES_ONE_NEW = re.compile(r"^(?:Name|Call)\s+(?:each|the)\s+new\s+\w+(?:\s+\w+)?\s+`[^`<>*{}]+`\.$")


def one_of_many(obj: str) -> bool:
    """Whether an object names one thing of this task: "the file", "the modal", "the `console.log`", "the env var"
    (which one only the conversation says), not a kind ("the tests", "debug prints", "emojis") or what the project has
    one of ("the changelog", "the linter", "the version": vocabulary.PROJECT_WIDE). Review21 on refl21's habit forms:
    "you forgot to save the file again" gave "Always save the file."."""
    words = re.findall(r"[\w'.-]+", re.sub(r"`[^`]*`", "x", obj.lower()))
    if not words or words[0] not in ("the", "this", "that", "my", "your", "our", "its"):
        return False
    head: list[str] = []
    for word in words[1:]:
        if word in ("of", "for", "in", "on", "at", "from", "with", "to", "into", "before", "after", "when", "so"):
            break
        head.append(word)
    return not head or not _plural(" ".join(head)) and head[-1] not in PROJECT_WIDE


def _plural(phrase: str) -> bool:
    """Whether a noun phrase names a kind of thing ("staging models", "every migration", "the API's dates") rather
    than one thing ("the unknown", "the width of the container", "python3")."""
    words = re.findall(r"[\w'-]+", re.sub(r"`[^`]*`", "x", phrase.lower()))
    if not words:
        return False
    if words[0] in ("every", "each", "all", "any", "no", "both"):
        return True
    head: list[str] = []
    for word in words:
        if word in ("of", "for", "in", "on", "at", "from", "with", "under", "inside", "within", "across", "to", "that",
                    "which", "who"):
            break
        head.append(word)
    if "and" in head:
        return True
    last = head[-1] if head else words[-1]
    return last in PLURAL_NOUNS or (len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "is")))


def _balanced(text: str) -> bool:
    """Brackets and double quotes outside code close where they open: a rule cut mid-sentence ("… then check
    that (`chi_1000`.") does not."""
    prose_only = re.sub(r"`[^`]*`", "", text)
    depth = 0
    for ch in prose_only:
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0 and prose_only.count('"') % 2 == 0


# A verb that names a step of the task at hand ("remove the scrollbar", "add logging to X") rather than a habit.
ONE_OFF_VERBS = frozenset("""add remove delete fix change update move make set create modify replace insert increase decrease
resize align center centre adjust apply implement refactor clean rewrite redo restyle reformat shrink enlarge
widen narrow hide show swap reorder install uninstall start list format generate build save""".split())
# A file attached to this one message with an @-mention (Claude Code, Cursor, Copilot: "read @Bio.md"): a rule that
# names one is about the task at hand unless it says it holds beyond it.
_ATTACHED_FILE = re.compile(r"(?<![\w.])`?@[\w./-]*\.(?:md|mdx|txt|py|ts|tsx|js|jsx|mjs|json|ya?ml|html?|css|scss|sql|go|rs|"
                            r"java|kt|rb|php|sh|toml|ini|cfg|csv|pdf|png|jpe?g|svg|ipynb|c|h|cpp|swift|vue|svelte)\b`?", re.I)
# Words that make a rule hold beyond this task.
_GENERAL = re.compile(r"\b(?:always|never|every|each|whenever|by\s+default|from\s+now\s+on|in\s+(?:the\s+)?future|"
                      r"going\s+forward|anymore|convention|no\s+more|consistently|any\s+new|all\s+new)\b", re.I)
# "make a plan before coding", "update the docs before committing": before a kind of work the agent does again and
# again, the step is a habit; before one step of this task ("add the column before running the migration") it is not.
_BEFORE_EACH = re.compile(r"\b(?:before|after)\s+(?:(?:any|each|every)\s+\w+|(?:coding|committing|pushing|merging|"
                          r"deploying|releasing|answering|responding|replying|implementing|editing|starting|submitting|"
                          r"opening\s+(?:a|the)\s+(?:pr|pull\s+request|mr)|making\s+(?:any\s+)?changes|"
                          r"writing\s+(?:any\s+)?code|changing\s+(?:any\s+)?code))[.!]?$", re.I)
_VAGUE_OBJECT = re.compile(r"\b(?:anything|everything|something|nothing)\b", re.I)
_FUNCTION_WORD_END = re.compile(r"\b(?:to|of|with|including|look|the|a|an|and|or|for|in|on|at|by|from|into|that|which|"
                                r"this|these|like|as|than|be|is|are)\.$", re.I)
_GARBLED = re.compile(r"^(?:maybe|perhaps|probably|i\s+think|we\s+should\s+(?:probably|maybe)|use\s+to\b)"
                      r"|\bis\s+instead\s+of\b|\b(?:which|that)\s+should\b|\b(?:is|are)\s+\w+\s+(?:which|but)\s+should\b"
                      r"|^the\s+fixed\b|^(?:create|grant|insert|select|alter|drop)\s+[`\w]+\s+with\b"
                      r"|\bbeing\s+used\b", re.I)  # "Use the green being used to be …": a clause, not a thing


def _standing(rule: Rule, text: str) -> bool:
    """A rule that holds beyond the task at hand, written as a whole sentence.

    A step of this task ("Remove the side to side scrolling", "Add console logging to `handleKeyDown`"), a
    statement of the current state ("The status bar is black which should be white"), a garbled or cut-off
    sentence, and a prohibition of "anything" are not lessons.
    """
    # "anything under `vendor/`" says what it covers; "anything" alone does not
    scoped = re.sub(r"\banything\s+(?:in|under|inside|within|from)\s+`[^`]+`", "", text)
    if _GARBLED.search(text) or _FUNCTION_WORD_END.search(text) or _VAGUE_OBJECT.search(scoped):
        return False
    words = re.findall(r"[a-z]+", text.lower())
    if not words:
        return False
    if re.search(r"\b(?:must|should|will|can|to|need|needs)\s+(?:" + "|".join(sorted(ONE_OFF_VERBS)) + r")\.$", text, re.I):
        return False  # "The video plotting must fix."
    if rule.shape in ("imperative", "modal", "reminder"):
        head = words[0]
        if head in ONE_OFF_VERBS and not _GENERAL.search(text) and not (
                _BEFORE_EACH.search(text) and not one_of_many(text.split(" ", 1)[1] if " " in text else "")):
            return False  # "Add the env var before deploying.": one thing of this task, before the deploy
        if _ATTACHED_FILE.search(text) and not _GENERAL.search(text):
            return False  # "Ask gemini pro and o3 to read @Bio.md … before evaluating": one evaluation's step
        # "Follow `camelCase` and add SKU and offers": a step joined to the rule
        if re.search(r"\band\s+(?:also\s+)?(?:" + "|".join(sorted(ONE_OFF_VERBS)) + r")\b", text, re.I):
            return False
    return True


def _lint_ok(text: str) -> bool:
    try:
        from altimate_learn.curate.lint import lint
    except ImportError:  # the curator's lint is the real gate; without it, let the curator decide
        return True
    try:
        return bool(lint(text).ok)
    except Exception:  # noqa: BLE001 - a lint bug must not stop the offline reflector
        return True



# Feedback longer than this (the person's own prose) is a specification or a pasted review to read whole, not
# a correction to take one rule from by pattern: a model or a person should read it.
LONG_FEEDBACK = 400
_SPEC_LINE = re.compile(r"^\s*(?:#{1,6}\s|[-*\u2022]\s|\d+[.)]\s)", re.M)

_STATEMENT = re.compile(r"^\W*(?:CREATE|GRANT|REVOKE|INSERT|UPDATE|DELETE|SELECT|ALTER|DROP|TRUNCATE)\s+[A-Z*]")

NO_RULE = "no clear rule in it"
TOO_LONG = "long or structured feedback: a model or a person should read it whole"
PASTED = "no clear rule in the person's own words (pasted code, output or quoted text never makes a lesson)"
NOT_ENGLISH = "not in English: the built-in reflector reads English only, a model or a person should read it"


def rule_for(text: str) -> tuple[str | None, str]:
    """(the first lesson, "") or (None, why there is none)."""
    rules, why = rules_for(text)
    return (rules[0] if rules else None), why


def rules_for(text: str) -> tuple[list[str], str]:
    """(the lessons, best first, "") or ([], why there is none)."""
    kept, pasted = split_pasted(normalise(text))
    own = "\n".join(kept)
    if len(own.strip()) > LONG_FEEDBACK or len(_SPEC_LINE.findall(own)) >= 3:
        said = _said_to_hold_from_now_on(own)
        return ([said], "") if said else ([], TOO_LONG)
    if not_english(own):
        return [], NOT_ENGLISH
    rules, declined = _extract(text)
    if rules:
        return rules, ""
    if declined:  # a clean sentence that steers one change: say which shape, so a person knows why it waits
        return [], f"no standing rule: {declined[0]}"
    if pasted:
        return [], PASTED
    return [], _shape_of_no_rule(own)


# The person's own words that a clause holds beyond this task: in long feedback, the one part not to leave to a model.
_FROM_NOW_ON = re.compile(r"\b(?:going\s+forward|moving\s+forward|from\s+now\s+on|from\s+here\s+on(?:\s+out)?|henceforth|"
                          r"in\s+(?:the\s+)?future)\b", re.I)


# A clause that opens with a condition or a scope ("for this release only", "except for hotfixes", "unless I say so",
# "until the freeze ends"): the clauses after it in its sentence hold only under it (review22 R22-12), which the rule
# read alone would drop ("Always skip the e2e tests.")
_CONDITION = re.compile(r"^(?:for|except|unless|until|till|when|whenever|if|during|while|as\s+long\s+as|only|apart\s+from|"
                        r"besides|other\s+than|before|after|in\s+case|once|on)\b", re.I)


def _said_to_hold_from_now_on(own: str) -> str | None:
    """The one rule long feedback says holds from now on ("…, i prefer rounded polygons for any shapes going forward,
    …" -> "Prefer rounded polygons for any shapes."), or None. The rest of the feedback (a dozen requests, a
    specification) is still left to a model or a person; two such clauses, or one that is no clean rule, give
    nothing."""
    clauses: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", own):
        conditioned = False
        for clause in (c.strip() for c in re.split(r",\s+|;\s+", sentence)):
            if conditioned:
                continue  # "for this release only, from now on skip the e2e tests": the rule holds only under that
            if clauses and _FROM_NOW_ON.fullmatch(clauses[-1].strip(" ,:;")):
                clauses[-1] = f"{clauses[-1]}, {clause}"  # "going forward, never …": the lead and its rule
            elif clause:
                clauses.append(clause)
            conditioned = bool(_CONDITION.match(clause)) and not _FROM_NOW_ON.search(clause)
    found = []
    for clause in clauses:
        if not _FROM_NOW_ON.search(clause) or len(clause) > 200 or "?" in clause:
            continue
        rules, _declined = _extract(clause)
        # "…, from now on, the modal should close on escape, …": how one part should behave, in what reads as a
        # specification of this task, not a standing rule
        found += [rule for rule in rules if not ((one := re.match(r"^The\s+(.+?)\s+(?:should|must|needs?)\b", rule))
                                                 and not _plural(one.group(1)))]
    return found[0] if len(found) == 1 else None


# Most corrections that give no lesson report that the result is broken or ask a question about it (the dev sort of
# refl21: research/data/real/reflector_unlearned_dev.jsonl). Saying which, in the reason a waiting signal is listed
# with, tells the person reading `learn signals --unlearned` what is left for them without opening each one.
BROKEN = ("no rule in it: it reports that something does not work (an error, \"still broken\", \"nothing happens\"); "
          "what to fix is in the conversation")
ASKS = "no rule in it: a question; what it asks about is in the conversation"
KEEPS = ("no standing rule: a complaint about what the agent keeps doing (\"you keep …\") to something only the "
         "conversation names (\"the failing tests\", \"the button\"), not a kind of thing or code")
# review22 R22-4: the reason above was given to every "you keep …" with no rule, also "you keep using var instead of
# const" (which gives its rule now) and "you keep asking me questions"; each says what it is.
KEEPS_INSTEAD = ("no standing rule: a complaint that the agent keeps using one thing instead of another (\"you keep using "
                 "X instead of Y\") where neither is code, or one is this task's thing or a judgement (\"the new one\", "
                 "\"proper types\", \"in this file\"): which to use, and where, is in the conversation")
KEEPS_OTHER = ("no standing rule: a complaint about what the agent keeps doing (\"you keep …\") that the built-in "
               "reflector cannot read as a rule (what it is done to is no kind of thing or code it knows, or the verb "
               "is no action on the code)")
# A request to repair or handle what went wrong: its "errors" or "failing tests" are what it asks about, not a report.
_ASKS_REPAIR = re.compile(r"^(?:please\s+|pls\s+|now\s+|also\s+)*(?:fix|resolve|handle|address|clean\s+up|clear|debug|solve|"
                          r"investigate|look\s+into|catch|silence|suppress|log|ignore|remove|check\s+for|report|surface|"
                          r"raise|throw|wrap)\s+(?:(?:the|any|all|all\s+the|these|those|its|their)\s+)?"
                          r"(?:[\w-]+\s+){0,2}?(?:errors?|exceptions?|failures?|failing\s+[\w-]+|bugs?|crash(?:es)?)\b"
                          r"(?!.*\b(?:still|again|not|n't|broken|nothing|you|your)\b)", re.I)
_BROKEN = re.compile(
    r"\b(?:error|errors|broken|broke|crash(?:es|ed|ing)?|fail(?:s|ed|ing|ure)?|blank|404|500|exception|bug|stuck|"
    r"hangs?|freez(?:es|ing)|not\s+(?:working|loading|showing|opening|starting|running|rendering|displaying|found|"
    r"fixed|changed|created|saved|visible|there|appearing)|(?:(?:does|did|is|are|was|were|has|have)\s*(?:n'?t|\s+not)|"
    r"won'?t|can'?t|cannot)\s+(?:work|load|show|open|start|run|render|display|change|appear|exist|build|compile|save|fix|"
    r"help|do\s+anything|see|find|connect|reach|access)|nothing\s+(?:happens|happened|changed|"
    r"works|is|shows|loads)|still\s+(?:the\s+same|not|no|getting|failing|broken|empty|wrong|see|shows?|happening))\b",
    re.I)


def _shape_of_no_rule(own: str) -> str:
    """Why feedback with no rule in its own words gives none: a report that something is broken, a question, or
    (the rest) :data:`NO_RULE`."""
    said = strip_lead(own.strip())
    keeps = re.match(r"^(?:why\s+(?:do|did|are)\s+)?you(?:'re|\s+are)?\s+(?:still\s+)?(?:keep|kept|always|constantly)\s+"
                     r"(?:on\s+)?(?P<verb>[a-z-]+)\s*(?P<rest>.*)$", said, re.I)
    if keeps:  # a complaint about the agent's habit, not a bug report
        from altimate_learn.reflect.providers.builtin.restate import _one_thing

        rest = re.sub(r"[?!.\s]+$", "", keeps.group("rest"))
        if re.search(r"\b(?:instead\s+of|rather\s+than)\b", rest, re.I):
            return KEEPS_INSTEAD  # "you keep using red instead of blue"
        verb = keeps.group("verb").lower()
        if rest and verb.endswith("ing") and gerund_base(verb) and (_one_thing(rest) or re.match(
                r"(?:the|this|that|these|those|my|your|it|them)\b", rest, re.I)):
            return KEEPS  # "you keep skipping the failing tests"
        return KEEPS_OTHER  # "you keep asking me questions", "you keep importing lodash"
    # "fix the lint errors before committing": a request that names errors reports nothing broken; a clause of its own
    # ("fix it, it's still broken") still does
    if any(_BROKEN.search(clause) and not _ASKS_REPAIR.match(strip_lead(clause.strip()))
           for clause in re.split(r"[.!?;,\n]+|\s+(?:and|but|then|so)\s+", own)):
        return BROKEN
    if re.match(r"^(?:can|could|would|will)\s+(?:you|u)\b", said, re.I):
        return NO_RULE  # a request asked as a question ("could you prune them all at once?"): a step of this task
    if re.search(r"\?\s*$", own.strip()) or _ASKS.match(said):
        return ASKS
    return NO_RULE


def extract_rule(text: str) -> str | None:
    """The first lesson a piece of feedback states (the best of :func:`extract_rules`), or None."""
    rules = extract_rules(text)
    return rules[0] if rules else None


MAX_RULES_PER_ITEM = 3


def extract_rules(text: str) -> list[str]:
    """The lessons a piece of feedback states, best first: one per sentence that states its own rule ("No, use
    `Decimal` for money. And never use pip here, we use uv." is two), at most :data:`MAX_RULES_PER_ITEM`. A later
    sentence counts only when its rule shares no identifier and few words with one already taken, so a rule said
    twice in other words stays one lesson, and never as a reminder of one slip."""
    return _extract(text)[0]


def _extract(text: str) -> tuple[list[str], list[str]]:
    """(the lessons, why each clean sentence that is one-off steering gave none)."""
    own = prose(normalise(text))
    declined: list[str] = []

    def final_of(rule: Rule) -> str | None:
        final, why = judge(rule, own)
        if why and why not in declined:
            declined.append(why)
        return final

    said = sentences(own)[:12]
    parts = [unhedge(part) for part in said]  # "could you maybe use X?" reads as "use X"
    candidates: list[tuple[int, float, str, int, str]] = []  # (rank, place, lesson, sentence or -1 for several, shape)
    cross = cross_sentence_rule([piece for part in parts if not ONE_OFF.search(part)
                                 for piece in _clauses(part)[1:] or [part]])
    if cross:
        final = final_of(cross)
        if final:
            candidates.append((0, 0, final, -1, cross.shape))
    # Stated rules beat reminders of one slip ("you forgot to …"); naming code beats not naming it.
    order = {"instead": 1, "rename": 1, "never": 2, "always": 2, "place": 2, "modal": 2, "convention": 2, "reminder": 3,
             "imperative": 4}
    for index, part in enumerate(parts):
        if ONE_OFF.search(part):
            continue  # "don't use pandas for this, … use polars": every clause is about the task at hand
        for clause in _clauses(part):
            if _STATEMENT.match(clause):
                continue  # pasted SQL ("CREATE USER … WITH PASSWORD …; GRANT ALL …"), not a sentence
            rule = match_rule(clause)
            if rule is None or rule.alone and clause != part:
                continue  # a short statement that is only one piece of a longer sentence may be its premise
            if softened(said[index]) and not _GENERAL.search(said[index]) and _design_idea(rule):
                if HEDGED_IDEA not in declined:
                    declined.append(HEDGED_IDEA)
                continue  # "I think we should use a queue instead of polling": an idea for this task's design
            final = final_of(rule)
            if final:
                rank = order[rule.shape] - (1 if "`" in final else 0)
                candidates.append((rank, index - final.count("`") // 2 * 0.01, final, index, rule.shape))
    candidates.sort(key=lambda c: (c[0], c[1]))
    taken: list[tuple[str, int]] = []
    for _rank, _place, final, index, shape in candidates:
        if len(taken) >= MAX_RULES_PER_ITEM:
            break
        # A slip recalled next to a stated rule ("You forgot to convert amount_cents. Staging models must use
        # cents_to_dollars()") is that rule's occasion, not a second rule.
        if taken and (index == -1 or shape == "reminder"
                      or any(index == other or not _apart(final, rule) for rule, other in taken)):
            continue
        taken.append((final, index))
    return [rule for rule, _index in taken], declined


def _apart(one: str, other: str) -> bool:
    """Two rules about different things: no code in backticks in common and few words in common."""
    if set(re.findall(r"`([^`]+)`", one.lower())) & set(re.findall(r"`([^`]+)`", other.lower())):
        return False
    a, b = set(re.findall(r"[a-z][a-z0-9_]{2,}", one.lower())) - _GLUE, set(re.findall(r"[a-z][a-z0-9_]{2,}", other.lower())) - _GLUE
    return not a or not b or len(a & b) / len(a | b) < 0.3


_GLUE = frozenset("use instead never always the and for with not don't every each when our this that".split())


def _clauses(sentence: str) -> list[str]:
    """The sentence, and its pieces split at "but" / a semicolon / a dash when the whole does not match."""
    out = [sentence]
    incident = re.match(r"^((?:you|why\s+(?:did|are|do)\s+you)\b[^,]{3,80}),\s+(.+)$", sentence, re.I)
    if incident:  # "you put the fixture in the test file, shared fixtures go in conftest.py"
        out += [incident.group(1), incident.group(2)]
    # "remove the X and also make sure in future too …": a step of this task, then a rule said to hold from now on
    later = re.search(r",?\s+and\s+(?:also\s+)?(?=(?:(?:please\s+)?(?:make|be)\s+sure\s+(?:that\s+)?)?(?:from\s+now\s+on|"
                      r"going\s+forward|in\s+(?:the\s+)?future|next\s+time)\b)", sentence, re.I)
    if later:
        out.append(sentence[later.end():])
    pieces = re.split(r"\s*;\s*|\s+[—–]\s+|\s+-\s+|,?\s+but\s+|"
                      r",?\s+so\s+(?=(?:it'?s|its|it\s+is|we|use|always|never|they)\b)", sentence)
    if len(pieces) > 1:
        out += [p for p in pieces if p.strip()]
    return out


