"""Reading one clause into a :class:`Rule` (:func:`match_rule`): the shapes a correction states its rule in (see the
package docstring for the table), tried in order. Here: the leads ("from now on", "make sure"), the scopes said before a
rule ("in the frontend, …"), the choices (renames, "use X instead of Y", "X goes in Y"); then the orders ("never …",
"always …", "<subject> must …", a plain imperative) in `imperatives.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from altimate_learn.reflect.providers.builtin.choices import (_FUNCTION_WORDS, _KIND_DOES, _NOT_A_CONVENTION_KIND,
                                                              _TERSE_CHOICE, _choice_word, _describes_behaviour, _instead,
                                                              _talk_rule, _tool_rule, _two_languages)
from altimate_learn.reflect.providers.builtin.conventions import PROJECT_LEAD, RECALLED, scoped_contrast, team_convention
from altimate_learn.reflect.providers.builtin.identifiers import slot
from altimate_learn.reflect.providers.builtin.imperatives import (_ENSURE_OF_ONE, _NEG, _WE_NEG, _ever_a_kind,
                                                                  _office_life, imperative_rule)
from altimate_learn.reflect.providers.builtin.one_off import _THIS_TASKS, _one_ui_part, _plural
from altimate_learn.reflect.providers.builtin.phrase import (Rule, _ASKS, _NOT_A_SCOPE, _TASKS_SCOPE, _bad_object,
                                                             _clean_object)
from altimate_learn.reflect.providers.builtin.restate import _IS_GUARDED
from altimate_learn.reflect.providers.builtin.text import strip_lead
from altimate_learn.reflect.providers.builtin.vocabulary import (BEFORE_GERUNDS, CHOICE_FAMILIES, TOOL_FAMILIES, WHEN_GERUNDS, LANGUAGES, NOT_A_WAY, ONE_OF_MANY, PLURAL_NOUNS,
                                                                 PROJECT_TEXTS, VERBS, gerund_base)

_USE_VERB = r"(?:use|prefer|switch\s+to|go\s+with|stick\s+(?:to|with)|pick|choose|call|import|depend\s+on)"


# "from now on, …", "going forward …", "next time, …": what follows is meant to hold beyond this task.
_STANDING_LEAD = re.compile(
    r"^(?:and\s+|also\s+|so\s+)?(?:from\s+now\s+on|from\s+here\s+on(?:\s+out)?|going\s+forward|moving\s+forward|"
    r"in\s+(?:the\s+)?future|for\s+(?:the\s+)?future|for\s+future\s+reference|next\s+time|henceforth)"
    r"(?:\s+too)?\s*[,:;]?\s+(?:please\s+)?(?=\w)", re.I)


# "from now on, staging is read-only", "going forward, logging is done with structlog": a subject and its verb, not an
# imperative ("Always stage is read-only." was written)
_SUBJECT_VERB = re.compile(r"^[a-z][\w-]*\s+(?:is|are|was|were|has|have|happens|happen|goes|gets|lives|live|belongs|"
                           r"belong|stays|stay|remains|remain|will|shall|must|should|can|cannot|can't|won't|"
                           r"isn't|aren't|doesn't|does)\b", re.I)


# A subjectless "Cannot …" / "Failed to …" is how error messages read; a person forbidding says "don't", "never",
# "you can't" or "we can't".
_ERROR_PHRASE = re.compile(r"^(?:cannot|can'?t|can\s+not|could\s*n[o']t|unable\s+to|failed\s+to)\s+(?!you\b|we\b)", re.I)


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


# A word after "never" that tells what happened, not what is never done ("never had", "never been", "never worked")
_PAST_WORD = re.compile(r"(?:[a-z]+ed|had|been|was|were|did|saw|seen|got|gotten|went|gone|knew|known|thought|ran|broke|"
                        r"broken|made|took|taken|came|heard|felt|found|said|told|worked|happened)$", re.I)


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


_ENSURE = re.compile(r"^(?:please\s+)?(?:(?:make\s+sure|be\s+sure|ensure)(?:\s+that)?(?:\s+you)?(?:\s+to)?"
                     # "from now on, don't forget to update the submodules" (a real dev correction asked to record it)
                     r"|(?:don'?t|dont|do\s+not)\s+forget\s+to)(?:\s+|\s*,\s*)(?=\w)", re.I)


# "make sure to split subcommands into their own directories": said as a rule to keep, not as a step of the task.
_MAKE_SURE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+(?=\w)", re.I)


# A naming case for a kind of thing, with no verb ("snake_case for python files", "camelCase for JSON fields"), and a lead
# that says it was said before ("again,", "as I said,", "I told you:")
_CASE_FOR_KIND = re.compile(r"^(?P<case>`?(?:snake|camel|kebab|pascal|screaming[_ -]snake|upper[_ -]snake|lower[_ -]?camel|"
                            r"upper[_ -]?camel|title|train|dot|flat)[_ -]?case`?)\s+for\s+(?P<kind>(?:all\s+)?[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*)?)"
                            r"(?:\s+(?:please|pls|plz|here|thanks))*\s*[.!]*$", re.I)
# Texts the project writes, in one language: "write commit messages in English", "again: code comments in French" (the
# bare kind only said again: "log messages in english please" may answer a question of this task)
_TEXTS_IN_LANGUAGE = re.compile(r"^(?:please\s+)?(?P<always>always\s+)?(?:(?P<verb>write|keep)\s+)?(?:all\s+|our\s+)?"
                                r"(?P<what>" + "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in sorted(PROJECT_TEXTS, key=len,
                                                                                                     reverse=True))
                                + r")\s+(?:always\s+|only\s+)?in\s+(?P<lang>" + "|".join(sorted(LANGUAGES)) + r")"
                                r"(?:\s*,?\s*(?:please|pls|plz|thanks|from\s+now\s+on|going\s+forward))*\s*[.!]*$", re.I)
_SAID_AGAIN = re.compile(r"^\W*(?:(?:once\s+)?again|as\s+i\s+said(?:\s+before)?|like\s+i\s+said|i\s+(?:already\s+)?"
                         r"(?:said|told\s+you)(?:\s+(?:before|already))?|i'?ve\s+(?:already\s+)?(?:said|told\s+you)(?:\s+\w+){0,3}|"
                         r"(?:just\s+)?(?:a\s+)?reminder|told\s+(?:you|u|ya)(?:\s+(?:before|already))?)\s*[,:;.!-]"
                         r"|^\W*how\s+many\s+times\s*(?:\.{2,}|\u2026|[?!,:;]+)", re.I)


def match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    """The rule one clause states, or None (see the module docstring for the shapes)."""
    rule = _match_rule(clause, context)
    if rule and _MAKE_SURE.match(strip_lead(clause)):
        rule.standing = True
    return rule


# A prohibition, what it forbids, and its reason run on without a comma ("dont run the whole project its 40min", "never
# commit to main its protected", "dont use requests its blocking, use httpx"; refl31, blind6 and review31 R31-4): the
# reason is no part of the rule. Not after a word that takes a clause ("don't assume it's sorted"), nor "its own …".
_GLUED_REASON = re.compile(r"^(?P<said>(?:don'?t|dont|do\s+not|never|stop|no)\s+(?:[\w.`()/*-]+\s+){1,5}?)"
                           r"(?P<reason>(?:it'?s|its|it\s+is|that'?s|thats|they'?re|theyre)\s+(?!own\b)[^,;]*)", re.I)
_TAKES_A_CLAUSE = frozenset("""assume think know say pretend check ensure sure if when because that unless whether since as
once until where what how why forget mind care worry matter believe guess mean see hope expect realize notice but and or
so than like""".split())


_UNLESS_I_ASK = re.compile(r"\bunless\s+(?:i|we)\s+(?:ask(?:\s+(?:you\s+)?(?:to|for\s+it))?|say\s+so|tell\s+you(?:\s+to)?)"
                           r"(?=\s*(?:[.!,;]|$))", re.I)


def _kept_code(phrase: str) -> bool:
    """Whether ``phrase`` names code or a kind of code a project keeps out: `console.log`, "var", "print statements",
    "classes", "inline styles", a tool's name (vocabulary's CODE_WORDS, FORBIDDEN_CODE, KEPT_OUT, CODE_CONSTRUCTS)."""
    from altimate_learn.reflect.providers.builtin.vocabulary import CODE_CONSTRUCTS, CODE_WORDS, FORBIDDEN_CODE, KEPT_OUT

    bare = phrase.strip("`").lower()
    return (phrase.startswith("`") or _names_code(phrase) or bare in TOOL_FAMILIES or bare in CHOICE_FAMILIES
            or bare in CODE_WORDS or bare in FORBIDDEN_CODE or bare in KEPT_OUT or bare in CODE_CONSTRUCTS)


def _cut_glued_reason(c: str) -> str:
    found = _GLUED_REASON.match(c)
    if not found or found.group("said").split()[-1].lower() in _TAKES_A_CLAUSE:
        return c
    return found.group("said").rstrip() + c[found.end("reason"):]


_SWALLOWED = re.compile(r"^(?:(?:please|pls|and)\s+)?(?:don'?t|do\s+not|dont|never|stop)\s+(?P<verb>swallow|silence|eat)(?:ing)?\s+"
                        r"(?:the|that|this|any|all|those|these)?\s*(?P<what>exceptions?|errors?)(?:\s+(?:there|here|in\s+there))?"
                        r"(?:\s*[,;]\s*(?:just\s+)?(?:let|have)\s+(?:it|them)\s+(?P<then>propagate|bubble(?:\s+up)?|surface))?"
                        r"\s*[.!]*$", re.I)


_EVERY_TIME_END = re.compile(r"[\s,]+(?:every|each)\s+(?:single\s+)?time\s*[.!]*$", re.I)
_WHENEVER_YOU = re.compile(r"\s(?:whenever|every\s+(?:single\s+)?time|each\s+time)\s+(?:you|u|we)\s+[a-z]", re.I)
_ORDER_LEAD = re.compile(r"^(?P<lead>(?:please\s+|pls\s+)?(?:(?:make\s+sure|be\s+sure|remember)\s+(?:to|you)\s+)?)(?P<verb>[a-z]+)\s+\S",
                         re.I)


_ALWAYS_REMEMBER = re.compile(r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+|pls\s+)?(?:always\s+remember|"
                              r"never\s+forget|(?:don'?t|do\s+not)\s+ever\s+forget)\s+to\s+(?!always\b)(?=[a-z])", re.I)
_ASKED_TO_REMEMBER = re.compile(r"^(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?(?=(?:remember|make\s+sure|"
                                r"be\s+sure)\s+to\s+[a-z])", re.I)


def _remembered(c: str) -> str:
    """ "always run the tests" for "always remember to run the tests" and "never forget to run the tests" (a reminder said
    to hold every time), "remember to …" for "could you please remember to …" (the polite form of it); ``c`` as it is
    otherwise (refl47)."""
    return _ASKED_TO_REMEMBER.sub("", _ALWAYS_REMEMBER.sub("always ", c, count=1), count=1)


def _every_time(c: str) -> str:
    """ "always run the tests" for "run the tests every time", "always update the changelog whenever you change the API"
    for "update the changelog whenever you change the API": an order whose verb the rules know, said to hold every time;
    ``c`` as it is otherwise."""
    order = _ORDER_LEAD.match(c)
    if order and order.group("verb").lower() == "always":  # "always run the tests every time": said twice
        return _EVERY_TIME_END.sub("", c)
    if not order or order.group("verb").lower() not in VERBS - {"make", "let", "have", "get", "set"} \
            or re.search(r"\b(?:instead\s+of|rather\s+than)\b", c, re.I):
        return c  # "make the modal close on escape every time": how one part behaves; "… instead of writing a new one every
        # time": what the other way does
    end = _EVERY_TIME_END.search(c)
    if end:
        c = c[:end.start()]
    elif not _WHENEVER_YOU.search(c):
        return c
    return f"{order.group('lead')}always {c[order.end('lead'):]}"


def _match_rule(clause: str, context: Sequence[str] = ()) -> Rule | None:
    typed = clause.strip()
    c = _cut_glued_reason(strip_lead(clause))
    # "dont upgrade deps unless i ask": the person's "without asking" about a kind of thing (refl31, blind6); not about
    # the things of this task ("never modify the original migration files unless I ask", refl24's look-alike)
    unless = _UNLESS_I_ASK.search(c)
    if unless and not re.search(r"\b(?:the|this|that|these|those|it|them)\b", c[:unless.start()], re.I):
        c = c[:unless.start()] + "without asking" + c[unless.end():]
    # "did everything go well? if not, please stop killing your own session": "stop" and what the agent keeps doing is
    # the complaint whatever the answer; any other rule after "if not," holds only if it did not ("if not, use npm")
    c = strip_lead(re.sub(r"^if\s+not\s*,\s*(?=(?:please\s+|pls\s+)?stop\s+[a-z]+ing\b)", "", c, flags=re.I))
    # "we shouldn't be making actual network requests in a unit test" (corpus17, a dev correction): the progressive after
    # a modal is the plain verb ("Never be making …" kept it)
    c = re.sub(r"^((?:we|you)\s+(?:shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|should|must|"
               r"need\s+to)\s+)be\s+([a-z]+ing)\b",
               lambda m: m.group(1) + gerund_base(m.group(2).lower()) if gerund_base(m.group(2).lower()) else m.group(0),
               c, flags=re.I)
    # "never the full e2e suite locally" (blind11): a suite with no verb and where it runs is run there (refl39; not "no e2e
    # tests": to write or to run, only the conversation says)
    c = re.sub(r"^(never|no)\s+(?=(?:the\s+)?(?:(?:full|whole|entire)\s+)?(?:[\w-]+\s+)?(?:test\s+)?suite\s+"
               r"(?:locally|in\s+ci|on\s+ci)\s*(?:[.!]*$|,\s+(?:it|they|that)\s))", "never run ", c, flags=re.I)
    # "we use structlog in this service", "we keep … in this pipeline" (review39 R39-4): the team's own part is "here", as
    # "in this repo" is
    if re.match(r"^we\s", c, re.I):
        # (before what it is not, nothing: "we keep all timestamps in UTC in this service, never local time" kept a "here"
        # inside the lesson, a place only the conversation names; review41 R41-3)
        c = re.sub(r"\s+(?:in\s+this\s+(?:service|pipeline|app|api|backend|frontend|monorepo)|here)(?=\s*,\s*(?:never|not)\s)", "",
                   c, flags=re.I)
        c = re.sub(r"\s+in\s+this\s+(?:service|pipeline|app|api|backend|frontend|monorepo)(?=\s*(?:[,;.!]|$))", " here", c,
                   flags=re.I)
    # "don't forget the changelog entry, every PR needs one" (review39 R39-6): what each one of a kind needs, said with "one"
    needs_one = re.match(r"^(?:(?:please\s+)?(?:don'?t|do\s+not)\s+forget|remember)\s+(?:the|a|an)\s+(?P<what>[\w`.-]+(?:\s+[\w`.-]+)?)"
                         r"\s*[,;.]\s*(?P<kind>(?:every|each)\s+(?:new\s+)?[\w-]+)\s+(?P<verb>needs|gets|has\s+to\s+have|must\s+have)\s+"
                         r"one\s*[.!]*$", c, re.I)
    if needs_one:
        what = needs_one.group("what")
        c = f"{needs_one.group('kind')} {needs_one.group('verb')} {'an' if what[0].lower() in 'aeiou' else 'a'} {what}"
    # "stop reformatting files you didn't touch" (review39 R39-6): the files the change does not touch, said without "you"
    c = re.sub(r"\b(files|code|lines|modules|functions|tests|components)\s+(?:that\s+)?(?:you|u)\s+(?:didn'?t|did\s+not|"
               r"haven'?t|have\s+not|don'?t|do\s+not)\s+(?:touch|change|edit|modify)(?:ed)?\b",
               lambda m: f"untouched {m.group(1)}", c, flags=re.I)
    # "don't remove comments you didn't write" (review40 R40-9): the ones someone else wrote (refl40)
    c = re.sub(r"\b(comments|code|tests|docstrings|notes|todos|files)\s+(?:that\s+)?(?:you|u)\s+(?:didn'?t|did\s+not|haven'?t|"
               r"have\s+not)\s+(?:write|written|wrote|add|added)\b", lambda m: f"{m.group(1)} written by others", c, flags=re.I)
    # "don't swallow the exception there, let it propagate" (review41 R41-3): swallowing errors is a way of handling them,
    # wherever the one at hand is; what to do instead said after it is kept, in the plural of the kind
    swallowed = _SWALLOWED.match(c)
    if swallowed:
        kind = "errors" if swallowed.group("what").lower().startswith("error") else "exceptions"
        then = swallowed.group("then")
        text = f"Never {swallowed.group('verb').lower()} {kind}" + (f"; let them {then.lower()}" if then else "")
        return Rule(text, "never", [], [kind], standing=True)
    # "we always go through PRs" (review39 R39-6): the review every change goes through
    through_pr = re.match(r"^(?:we\s+)?always\s+go\s+(?:through|via)\s+(?P<what>(?:a\s+)?(?:prs?|pull\s+requests?|merge\s+requests?|"
                          r"mrs?|code\s+review|review))(?:\s+here)?\s*[.!]*$", c, re.I)
    if through_pr:
        return Rule(f"Always go through {through_pr.group('what')}", "always", [through_pr.group("what")], [], standing=True)
    # "no css files please, it's tailwind only in this repo" (review39 R39-18): the one thing the team uses, said as "X only"
    # after a ban, is what to use instead ("don't add css files, we only use tailwind" was a lesson, this was not; refl40)
    only_after = re.match(r"^(?:(?:hm+|ok(?:ay)?|so|and|also|but|again|wait|ugh|al+right|please|pls)[\s,]+)*no\s+(?!more\b|longer\b|new\b|extra\b)(?P<x>(?:`[^`]+`|[\w.@/+-]+)(?:\s+[\w.@/+-]+){0,2}?)(?:\s+(?:please|pls|plz))?\s*[,;.]\s*"
                          r"(?:(?:it'?s|its|it\s+is|we'?re|we\s+are|this\s+(?:repo(?:sitory)?|project|codebase)\s+is|"
                          r"everything'?s|everything\s+is)\s+)?(?:all\s+)?(?P<y>`[^`]+`|[\w@/+-]+(?:\.\w+)?)\s+only"
                          r"(?:\s+(?:here|now|in\s+this\s+(?:repo(?:sitory)?|project|codebase)))?\s*[.!]*$", typed, re.I)
    if only_after and (only_after.group("y").startswith("`") or only_after.group("y").lower() in TOOL_FAMILIES
                       or only_after.group("y").lower() in CHOICE_FAMILIES or _names_code(only_after.group("y"))):
        # the one kept is a tool (not "no refactors, bugfixes only", "no emails, slack only": this task's scope, a habit)
        x = only_after.group("x")
        c = f"don't {'add' if re.search(r'files?$', x, re.I) else 'use'} {x}, we only use {only_after.group('y')}"
    # "nobody uses a raw <button> here" (blind8): nobody on the team is the team's "we don't" (refl40); only said of the
    # project ("here", "in this repo", "anymore"): "nobody uses the export button" is how the product is used
    # (after what the project has instead, a statement: "the design system has its own Button, nobody uses …")
    c = re.sub(r"^(?:(?:the|our)\s+[\w\s'-]{1,40}?\s+(?:has|have|comes\s+with|ships)\s+[^,;]{1,40}[,;]\s+)?(?:nobody|no\s+one|no-one)\s+"
               r"(?:(?P<here>here|on\s+the\s+team)\s+)?(?P<verb>uses|writes|calls|imports)\s+(?P<x>.+?)"
               r"(?P<where>\s+(?:here|in\s+this\s+(?:repo(?:sitory)?|project|codebase)|anymore|any\s+more))?\s*[.!]*$",
               lambda m: f"we don't {m.group('verb')[:-1]} {m.group('x')}{m.group('where') or ' here'}"
               if m.group("where") or m.group("here") else m.group(0), c, flags=re.I)
    # "that's not how we name branches, it's feat/<ticket>-<slug>" (review40 R40-9): how the team names a kind of thing,
    # said against what the agent did, is "we name branches feat/<ticket>-<slug>" (refl40)
    named_how = re.match(r"^(?:(?:no+|nope|hm+|ugh)[\s,.!]+)*(?:that'?s|thats|this\s+is|that\s+is)\s+not\s+how\s+we\s+"
                         r"(?P<verb>name|call|title|prefix|tag)\s+(?P<what>[a-z][\w-]*s)\s*[,;.:\u2014-]\s*(?:it'?s|its|they'?re|"
                         r"it\s+is|they\s+are|we\s+use)\s+(?P<how>\S+)\s*[.!]*$", typed, re.I)
    if named_how:
        c = f"we {named_how.group('verb').lower()} {named_how.group('what')} {named_how.group('how')}"
    # "we return errors here, we don't panic" (blind11), "we don't panic, we return errors": the team's way said as what it
    # does and what it does not, each a verb of its own, is "always A, never B" (refl40)
    both = re.match(r"^we\s+(?P<a>(?!(?:don'?t|do|never|are|were|have|had|need|want|like|know|think|got|get|can|could|should|"
                    r"will|would|just|also|still|tried|see|saw)\b)[a-z]+\s+[^,;.]{0,40}?|[a-z]+)(?:\s+here|\s+in\s+this\s+"
                    r"(?:repo|project|codebase))?\s*[,;.]\s*(?:and\s+|but\s+)?we\s+(?:don'?t|do\s+not|never)\s+"
                    r"(?P<b>(?!(?:have|need|want|like|know|think|get|care|mind|see)\b)[a-z]+(?:\s+[^,;.]{0,40}?)?)"
                    r"(?:\s+here)?\s*[.!]*$", c, re.I)
    both = both or re.match(r"^we\s+(?:don'?t|do\s+not|never)\s+(?P<b>(?!(?:have|need|want|like|know|think|get|care|mind|see)\b)"
                            r"[a-z]+(?:\s+[^,;.]{0,40}?)?)(?:\s+here)?\s*[,;.]\s*(?:but\s+|instead\s+)?we\s+(?:just\s+|always\s+)?"
                            r"(?P<a>(?!(?:don'?t|do|never|are|were|have|had|need|want|like|know|think|got|get|can|could|should|"
                            r"will|would|just|also|still|tried|see|saw)\b)[a-z]+(?:\s+[^,;.]{0,40}?)?)(?:\s+here|\s+instead)?\s*[.!]*$",
                            c, re.I)
    if both and not re.search(r"(?:ed|ing)$", both.group("a").split()[0], re.I):
        a, b = both.group("a").strip(), both.group("b").strip()
        same = a.split()[0].lower() == b.split()[0].lower() and len(a.split()) > 1 and len(b.split()) > 1
        # "we use pnpm, we don't use npm": one verb, two things: the one instead of the other
        c = f"{a} instead of {' '.join(b.split()[1:])}" if same else f"always {a}, never {b}"
    # "we dont use axios in this repo, everything goes through fetch", "we don't use jest anymore, it's all vitest" (review39
    # R39-2): the team's one tool of the job after the ban is what to use instead (the ban alone dropped it; refl39)
    through = re.match(r"^(?P<ban>(?:we\s+)?(?:don'?t|do\s+not|never)\s+use\s+(?P<x>`[^`]+`|[\w.@/+-]+)(?:\s+(?:in\s+this\s+"
                       r"(?:repo(?:sitory)?|project|codebase)|here|anymore|any\s+more))*)\s*[,;.]\s*(?:(?:everything|all\s+(?:(?:our|the)\s+)?"
                       r"[\w-]+(?:\s+[\w-]+)?)\s+(?:goes\s+through|go\s+through|uses|use|runs\s+on|is\s+on|are\s+on)|it'?s\s+all)\s+"
                       r"(?P<y>`[^`]+`|(?:[\w@/+-]|\.(?=\w))+)(?:\s+(?:here|now|everywhere|in\s+this\s+(?:repo|project|codebase)))?\s*[.!]*$",
                       c, re.I)
    if through and (_names_code(through.group("y")) or through.group("y").lower() in TOOL_FAMILIES):
        c = f"{through.group('ban')}, use {through.group('y')}"
    # "the linter config is not yours to change" (blind10): a guard said as whose the thing is (refl39)
    c = re.sub(r"^(?P<what>(?:the|our)\s+[\w`./-]+(?:\s+[\w`./-]+){0,2}?)\s+(?:is|are)\s*(?:n'?t|\s+not)\s+(?:yours|ours|for\s+you)\s+"
               r"to\s+(?P<verb>change|touch|edit|modify|update|rewrite|reformat)(?P<end>\s*[.!]*$)",
               lambda m: f"never {m.group('verb')} {m.group('what')}{m.group('end')}", c, flags=re.I)
    # "the team prefers f-strings over .format()" (blind11): the team's preference is "we prefer" (refl39)
    c = re.sub(r"^(?:the|our)\s+team\s+(?:(usually|always|generally)\s+)?(prefers|uses)\s+(?=\S+\s+(?:over|instead\s+of|rather\s+than)\s)",
               lambda m: "we " + (m.group(1) + " " if m.group(1) else "") + m.group(2)[:-1] + " ", c, flags=re.I)
    if _SHOUTED(c):
        return None  # "ALL THE THINGS IN HISTORY MUST BE REBUILT": a demand about this moment, not a rule
    case = _CASE_FOR_KIND.match(c)
    if case and _SAID_AGAIN.match(typed) and _plural(case.group("kind")):
        # "again, snake_case for python files" (review36's advice): a naming case for a kind, with no verb, said again:
        # the reminder says it holds every time (bare, "snake_case for python files" may answer a question of this task)
        return Rule(f"Use {case.group('case')} for {case.group('kind')}", "always", [case.group("case")], [],
                    standing=True)
    # "no GlobalScope please, use the viewModelScope like everywhere else" (blind10): "no X, use Y" of two pieces of code
    # is "don't use X, use Y"; "like everywhere else" says it is the project's way (refl39)
    swap = re.match(r"^(?:(?:and|also|but|so|ok(?:ay)?|again|once\s+more|as\s+i\s+said)[\s,:;\u2014-]+)*no\s+(?P<x>`[^`]+`|[\w.]+(?:\(\))?)(?:\s+(?:please|pls|plz))?\s*[,;]\s*(?:(?:just|please|pls)\s+)?use\s+"
                    r"(?:the\s+|our\s+)?(?P<y>`[^`]+`|[\w.]+(?:\(\))?)(?:\s+(?:like|as)\s+(?:everywhere\s+else|elsewhere|the\s+others|"
                    r"the\s+rest\s+of\s+(?:the\s+)?[\w-]+|every\s+other\s+[\w-]+(?:\s+[\w-]+)?))?(?:\s+(?:please|pls|plz))?\s*[.!]*$",
                    typed, re.I)
    swapped = bool(swap and all(_names_code(swap.group(k)) or swap.group(k).lower() in TOOL_FAMILIES for k in ("x", "y")))
    if swapped:
        c = f"don't use {swap.group('x')}, use {swap.group('y')}"
    # "no console.log, use the logger", "no var, use const", "no classes, use plain functions", "no print please, we use
    # the logging module everywhere" (review40 R40-14): a ban of code or of a kind of code the project keeps out, then
    # what to use, whatever the names ("no worries, use whatever you like", "no, use the other branch": nothing; refl40)
    wide = None if swapped else re.match(
        r"^(?:(?:and|also|but|so|ok(?:ay)?|again|once\s+more|as\s+i\s+said)[\s,:;\u2014-]+)*no\s+(?P<x>`[^`]+`|[\w.()-]+(?:\s+(?!(?:please|pls|plz)\b)[\w-]+)?)"
        r"(?:\s+(?:please|pls|plz))?\s*[,;.]\s*(?:(?:just|please|pls)\s+)?(?P<we>we\s+(?:always\s+)?)?use\s+"
        r"(?P<y>(?:the\s+|our\s+)?(?!(?:whatever|the\s+other|another|any|some|something|anything|it|that|this|one|yours|"
        r"mine)\b)[\w`.()-]+(?:\s+[\w`.()-]+){0,2}?)(?:\s+(?:everywhere|here|instead|please|pls))*\s*[.!]*$", typed, re.I)
    if wide and _kept_code(wide.group("x")):
        c = f"don't use {wide.group('x')}, use {wide.group('y')}"
    pair = re.match(r"^(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?),?\s+not\s+(?P<y>[\w.+#-]+(?:\s+[\w.+#-]+){0,2})\s*[.!]*$", c, re.I)
    if pair and (_SAID_AGAIN.match(typed) or RECALLED.match(typed)) and len(pair.group("x").split()) > 1 \
            and pair.group("x").split()[-1].lower() == pair.group("y").split()[-1].lower() \
            and not re.match(r"(?:the|a|an|this|that|it|my|your)\b", pair.group("x"), re.I):
        # "as mentioned before: composition api, not options api" (blind10): two kinds of one thing, one chosen, said
        # again (refl39); bare, it may answer a question of this task
        c = f"use {pair.group('x')}, not {pair.group('y')}"
    texts = _TEXTS_IN_LANGUAGE.match(c)
    if texts and (texts.group("verb") or texts.group("always") or _SAID_AGAIN.match(typed) or RECALLED.match(typed)):
        # "for the third time: commit messages in English" -> "Write commit messages in English." (blind9, refl38)
        what = " ".join(texts.group("what").split())
        verb = (texts.group("verb") or "write").lower()
        lead = f"Always {verb}" if texts.group("always") else verb.capitalize()
        return Rule(f"{lead} {what} in {texts.group('lang').capitalize()}", "always", [what], [], standing=True,
                    alone=True)
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
    c = re.sub(r"\bbefore\s+(?:you|u)\s+(" + "|".join(BEFORE_GERUNDS) + r")(?:\s+(?:me|us)(?=\s+(?:a|an|the|your|any)\s))?\b",
               lambda m: "before " + BEFORE_GERUNDS[m.group(1).lower()], c, flags=re.I)
    # "don't forget to run the tests every time", "update the changelog whenever you change the API": an order said to hold
    # every time is an "always" (refl47); what the order is on is read as ever ("always fix the header" gives nothing)
    c = _every_time(_remembered(c))
    # "always update the README when you add a command": the kind of change the step comes with, said as "when adding a
    # command" (refl39; "you" in a lesson is the conversation's)
    c = re.sub(r"\b(?:when|whenever|every\s+time|each\s+time|any\s*time)\s+(?:you|u)\s+(" + "|".join(WHEN_GERUNDS)
               + r")(?=\s+(?:a|an|any|new|the)\s)", lambda m: "when " + WHEN_GERUNDS[m.group(1).lower()], c, flags=re.I)
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
    # "please use conventional commits from now on": the lead said last is the lead ("from now on use …" gave its rule,
    # the same words in the other order nothing; review36 R36-5)
    late = re.match(r"^(?P<rule>(?!(?:from\s+now\s+on|going\s+forward)\b).+?)[\s,]+(?P<lead>from\s+now\s+on|going\s+forward|"
                    r"moving\s+forward|from\s+here\s+on(?:\s+out)?)\s*[.!]*$", c, re.I)
    # (not "make the button blue from now on": how one part looks, which "from now on make …" already over-reads)
    if late and not _STANDING_LEAD.match(c) and not re.search(r"\b(?:from\s+now\s+on|going\s+forward)\b", late.group("rule"), re.I) \
            and not re.match(r"(?:make|set|change|fix|move|style|color|colour|center|align|prefer)\s", late.group("rule"), re.I) \
            and not re.search(r"[,;:]|\bbut\b", late.group("rule"), re.I):
        c = f"{late.group('lead')}, {late.group('rule')}"
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
                                                              r"when|whenever|if|we|you|i|the|a|an)\b", rest, re.I) \
                and not re.match(r"^[a-z]+\s+(?:[\w.`'-]+\s+){1,3}?(?:always|never)\s", rest, re.I) \
                and not _SUBJECT_VERB.match(rest):
            # (not before an "always" / "never" of its own: "from now on make the logger always include the request id"
            # gave "Always make the logger always include …")
            one = re.match(r"^[a-z]+\s+(?:the|this|that)\s+(?:[\w-]+\s+){0,2}?(?P<head>[a-z]+)(?=\s+(?:to|in|into|on|for|from|"
                           r"with|before|after|when|as|at|by|so)\b|\s*[.!,;]|\s*$)", rest, re.I)
            if one and one.group("head").lower() in ONE_OF_MANY:
                # "from now on, rename the file to utils.py" gave "Always rename the file to `utils.py`.": which file
                # only the conversation says, as the "never" of one thing above (refl45)
                return None
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
            # "from now on we squash merge" gave "Squash merge." (review35 R35-10): the team's way from here on, said
            # with "we", holds every time as the plain imperative after the lead does ("Always squash merge."); a choice
            # of what to use ("from now on we use pnpm") says so itself
            we_do = re.match(r"^we\s+([a-z]+)\b", rest, re.I)
            verb = we_do.group(1).lower() if we_do else ""
            if verb and verb in VERBS and verb not in ("use", "prefer", "avoid", "stop", "keep", "stick", "switch") \
                    and inner.text.split(" ", 1)[0].lower() == verb:
                inner.text = f"Always {inner.text[0].lower()}{inner.text[1:]}"
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
    # "we try not to use global state": the team's preference, as "we avoid global state" says it ("Never …" would make it a
    # ban; review30 R30-8); "try not to" before another verb is left as it is
    c = re.sub(r"^we\s+(?:always\s+)?try\s+not\s+to\s+use\s+", "we avoid ", c, flags=re.I)
    # ... and before another verb, kept in the person's words: "we try not to touch generated files" -> "Try not to touch
    # generated files." (a preference about a kind of thing, not a ban; refl31, refl30's residual)
    tried = re.match(r"^we\s+(?:always\s+)?try\s+not\s+to\s+(?P<verb>[a-z]+)\s+(?P<what>[^,;]+?)\s*[.!]*$", c, re.I)
    if tried and tried.group("verb").lower() in VERBS and not _bad_object(tried.group("what")) \
            and _ever_a_kind(tried.group("what")) and not _office_life(tried.group("what")) and not re.search(r"\b(?:this|that|these|those|it|them|new|now)\b",
                                                                   tried.group("what"), re.I):
        what = _clean_object(tried.group("what"))
        return Rule(f"Try not to {tried.group('verb').lower()} {what}", "never", [], [what], standing=True)
    # "we use the DATABASE_URL env var, never inline connection strings" (review34 R34-5), "we use pnpm, never npm": the
    # team's way and what it never does, one order as "use X, never Y" is; not "we use redis, never had a problem" (a
    # report of what happened)
    never = re.match(r"^we\s+(?P<always>always\s+)?use\s+[^,;]+?,\s*never\s+(?P<next>[a-z`'][\w`'-]*)", c, re.I)
    if never and not re.search(r"\b(?:you|i|it|this|that)\b", c[:never.start("next")], re.I) \
            and not _PAST_WORD.match(never.group("next")):
        c = c[len("we "):]
    if re.match(r"^(?:(?:you|u|we)\s+)?(?:should(?:n'?t|\s+not)?|ought\s+(?:not\s+)?to)(?:'ve|\s+have|ve|\s+of)\s+(?:[a-z]+ed|been|run|put|read|set|written|made|kept|done|taken|given|left|"
                r"chosen|built|split|sent|hidden|rewritten|stuck|gone|got|gotten)\b", c, re.I):
        return None  # "you should have used pnpm instead of npm" gave "Use have used `pnpm` …", "you shouldn't have deleted
        # the tests" "Never have deleted the tests.": what ought to have been done is read in restate.py, or not at all
    usual = re.match(r"^we\s+(?:usually|generally|normally|typically)\s", c, re.I) is not None
    c = re.sub(r"^we\s+(?:usually\s+|generally\s+|normally\s+|typically\s+)?(?=(?:" + "|".join(sorted(VERBS - {"use", "prefer"}))
               + r")\s)", "", c, flags=re.I)  # "we usually put the test next to the component" (refl26): the team's way
    c = re.sub(r"^(?:you\s+(?:should|must|need\s+to|have\s+to|gotta)\s+|we\s+(?:should|must|need\s+to|have\s+to)\s+|"
               r"(?:make\s+sure|be\s+sure|remember)\s+(?:to|you|that\s+you)\s+|could\s+you\s+|can\s+you\s+)"
               r"(?=\w)", "", c, flags=re.I)
    if re.match(r"^we\s+no\s+longer\s+(?:have|need|want|do|support)\b", c, re.I):
        return None  # "we no longer have the repo policy: …" tells what changed; it forbids nothing
    # (a question with its "?" left off: "how many times should the retry run", "which port should the server listen on")
    if not c or re.search(r"\w[)`'\"]?\?\s*$", c) or re.match(r"^let'?s\b", c, re.I) or _ASKS.match(c) \
            or re.match(r"^(?:how\s+(?:many|much|often|long|far)|what|which)\b[^,;]*?\b(?:should|shall|must|can|could|would|"
                        r"will|do|does)\s+(?:we|i|you|u|the|it|this|that|they|[a-z]+s)\b", c, re.I):
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
                 r"\s*(?:[,;.—–-]+|\s+)\s*(?:and\s+|please\s+|just\s+|we\s+|you\s+should\s+|always\s+|instead\s*,?\s*)*"
                 r"(use|call|import|prefer|we\s+use|go\s+with|switch\s+to)\s+(.+)$", c, flags)
    if m:
        gerund = m.group(1).lower()
        gerund = gerund if gerund.endswith("ing") else {"call": "calling", "import": "importing", "add": "adding"}.get(
            gerund, "")
        avoided = m.group(2).split(",", 1)[0]  # ", remove those and use X": the rest is another clause
        bad = avoided if gerund in ("", "using") or re.match(r"^(?:use|using)$", m.group(1), flags) else \
            f"{gerund} {avoided}"
        # "stop using X and use Y instead to read files": what it is used for follows what it replaces (refl34)
        good, purpose = m.group(4), ""
        purposed = re.match(r"^(.+?)\s+instead\s+(to\s+[a-z]+\s+[^,;]+?)\s*[.!]*$", good, flags)
        if purposed and re.match(r"to\s+be\s+(?:honest|fair|clear|frank|sure|safe|precise|exact|real)\b", purposed.group(2),
                                 flags):
            good = purposed.group(1)  # "… instead to be honest": a filler, no purpose (review34 R34-13)
        elif purposed and not re.search(r"\b(?:you|i|me|my|it|them|this|that)\b", purposed.group(2), flags):
            good, purpose = purposed.group(1), " " + purposed.group(2)
        found = _instead(good, bad, verb="use", keep_bad=bad != avoided)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            found.text += purpose
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
    # ("this project uses logging, not print": the project's way as "we use" says it; review36 R36-5 residue)
    m = re.match(r"^(?:it'?s|it\s+is|(?:it|that|this)\s+(?:should|must|needs\s+to)\s+be|should\s+be|we\s+use|use|"
                 r"(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|team|app|code)\s+uses|"
                 r"(?:should\s+)?be\s+using|we\s+want|i\s+want|"
                 r"the\s+(?:right|correct)\s+\w+\s+is)\s+(.+?),?\s+not\s+(?:a\s+|an\s+)?(.+)$", c, flags)
    if m and re.match(r"^it(?:'?s|\s+is)\s+an?\s", c, flags):
        m = None  # "it's a permission problem, not a missing file" explains; it does not name a choice
    if m and re.search(r"(?:,|\s)\s*(?:we|they|it|i|you)(?:'re|'m|\s+(?:are|is|am|r))$", m.group(1), flags):
        m = None  # "use tabs, we are not animals": the "not" is of a clause of its own, no thing kept out
    if m and re.match(r"^it(?:'?s|\s+is)\s", c, flags) and not any(_choice_word(side) for side in m.groups()) \
            and not _two_languages(m.group(1), re.sub(r",?\s+in\s+this\s+(?:repo|project|codebase)$", "", m.group(2))):
        m = None  # "it's old, not related to what we did today", "its stil not workign": how it is, no thing to use
    chosen = m.group(1) if m else ""
    if m and re.search(r"\s+(?:and|or)$", chosen, flags):
        # "X and not Y" joins a second predicate ("this should be automatic and not rely on client code": refl31, a real
        # dev message) unless what it refuses is one thing ("use tabs and not spaces")
        chosen = re.sub(r"\s+(?:and|or)$", "", chosen, flags=flags)
        if len(m.group(2).split()) > 2 or re.search(r"\s(?:on|in|to|for|with|from|of|at|by|about)\s", m.group(2), flags):
            m = None
    if m:
        found = _instead(chosen, m.group(2), comma=True)
        if found:  # a shape that matched but yields nothing usable lets the next shapes try
            return found
    # foo() is deprecated, use bar() (instead)
    m = re.match(r"^(.{1,60}?)\s+(?:is|are)\s+(?:now\s+)?(?:deprecated|obsolete|legacy|outdated|banned|forbidden|dead|gone|"
                 r"removed|not\s+allowed|not\s+supported)\s*(?:[,;.—–-]+|\s+)\s*(?:so\s+|please\s+|just\s+|we\s+)*"
                 r"(?:use|call|import|switch\s+to)\s+(.+)$", c, flags)
    if m and re.search(r"\b(?:rule|lesson|convention|guideline|instruction)s?$", m.group(1), flags):
        m = None  # "the pnpm rule is outdated, we use bun now": a lesson said to no longer hold, no tool (refl40: gave
        # "Use `bun` instead of the `pnpm` rule."); the vote against that lesson is the reflection's (no_longer_holds)
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
            and (re.search(r"[/`.]|_", m.group(3))
                 # "secrets go in the vault, not in .env.example" (blind10): a kind kept in a place that is no path, away
                 # from one that is (refl41)
                 or m.group(4) and re.search(r"[/`.]|_", m.group(4)) and _plural(m.group(1).split()[-1])
                 and m.group(1).split()[-1].lower() not in ("files", "things", "stuff", "ones", "items")
                 and not re.search(r"[,;:]", m.group(1)) and re.match(r"(?:the|our)\s+[a-z][\w-]*$", m.group(3).strip(), flags)) \
            and len(m.group(1).split()) <= 5 \
            and not re.search(r",\s+(?:and|but)\s+(?:we|you|i)\b", m.group(3), flags):  # a second clause of its own
        where = slot(_clean_object(m.group(3))) if re.search(r"[/`.]|_", m.group(3)) else _clean_object(m.group(3))
        subject = re.sub(r"^our\s+", "the ", m.group(1), flags=re.I)
        subject = re.sub(r"\s+in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|codebase)$", "", subject, flags=re.I)
        if re.match(r"^[A-Z][a-z]", subject):
            subject = subject[0].lower() + subject[1:]
        # "new helpers always go in utils/helpers.py": the person's "always" leads the order (refl31, refl30's residual)
        always = re.search(r"\s+(always)$", subject, flags)
        if always:
            subject = subject[:always.start()]
        text = f"{'Always put' if always else 'Put'} {subject} {m.group(2).lower()} {where}"
        if m.group(4):
            other = _clean_object(m.group(4))
            # "not in the templates" keeps its preposition; a bare name in that slot is code ("not `tests/`")
            # a bare name in that slot is code ("not `tests/`"); a phrase ("not next to the code") is prose
            bare = re.fullmatch(r"[a-z][\w-]*", other, re.I) and other.lower() not in _FUNCTION_WORDS \
                and other.lower() not in ("here", "there", "it", "that", "this", "them")
            text += ", not " + (f"`{other}`" if bare else other if re.match(r"(?:in|under)\s", other, re.I)
                                or len(other.split()) > 1 else slot(other))
        return Rule(text, "place", [m.group(3)], [m.group(4)] if m.group(4) else [])

    return imperative_rule(c, typed, usual)
