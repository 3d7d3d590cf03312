"""The shapes a correction orders in (:func:`imperative_rule`), tried after `match.py` has read the leads, scopes and
choices of a clause: "don't X" / "never X" / "we don't X" / "stop Xing" / "avoid X" (with what to do instead), "always X" /
"you forgot to X", "every new X needs Y", a data convention, a limit per kind of thing ("max 100 chars per line"),
"<subject> must / should …", and a plain imperative that reads as a general rule. Also the pieces of a clause that
`match.py` shares with them: the negations, a verb phrase, whether what "don't ever …" forbids is a kind.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.choices import (_FUNCTION_WORDS, _STATIVE, _builds_one, _data_convention,
                                                              _instead)
from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers, slot
from altimate_learn.reflect.providers.builtin.one_off import (ONE_OFF_VERBS, _BEFORE_EACH, _DONE_ONCE, _plural,
                                                              one_of_many)
from altimate_learn.reflect.providers.builtin.phrase import Rule, _PRONOUN_OBJECT, _bad_object, _clean_object
from altimate_learn.reflect.providers.builtin.text import TRAILING, strip_lead
from altimate_learn.reflect.providers.builtin.vocabulary import (COMPLAINT_INTENSIFIER, INTENSIFIED_BANS, SUPPRESSION_MARK,
                                                                 EVERYDAY_TOOL_NAMES, FORBIDDEN_CODE, NEEDS_WORK,
                                                                 ENV_PLACES, OFFICE_LIFE, PEOPLE, PRODUCT_RECORDS, SECRET_NOUNS, TOOL_FAMILIES,
                                                                 VERBS, gerund_base)

# Kinds of code a project uses or keeps out, said with "do" ("we don't do default exports"): the verb is "use"
_USED_KINDS = frozenset("""names exports imports semicolons components variables globals numbers abbreviations classes types
enums mocks emojis decorators generics macros lambdas callbacks promises ternaries singletons fixtures snapshots""".split())
_NEG = r"(?:i'?d\s+rather\s+(?:we|you)\s+(?:didn'?t|did\s+not)|don'?t|do\s+not|dont|never|stop|avoid|quit|no\s+more|shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot)"
# "we don't use X" states the team's way; "you don't check X" / "you never run X" describes what the agent fails to
# do (a complaint: its rule is the opposite), so only "you" with a modal ("you shouldn't", "you must not") forbids.
_WE_NEG = (r"(?:we\s+(?:don'?t|do\s+not|never|no\s+longer|shouldn'?t|should\s+not|stopped)|"
           r"you\s+(?:shouldn'?t|should\s+not|should\s+never|must\s+not|mustn'?t|must\s+never|can'?t|cannot))")


# A finite verb right after the first word: that word is the subject of a statement ("version is showing …", "export
# looks broken …", "the log shows …", "wrap seems to …"), not an order
_SAYS_WHAT_IT_DOES = re.compile(r"(?:is|isn'?t|are|aren'?t|was|wasn'?t|were|weren'?t|has|hasn'?t|does|doesn'?t|did|didn'?t|"
                                r"seems?|looks|appears|shows|displays|renders|returns|breaks|fails|works|crashes|hangs|"
                                r"keeps|gets|got|still|now\s+(?:is|shows|looks|fails))\b", re.I)


# A secret or a setting said to come from the environment: "the token from the env", "the api key from an env var"
_SECRET_FROM_ENV = re.compile(r"^(?:the\s+|our\s+|all\s+)?(?:[\w-]+\s+)?" + SECRET_NOUNS + r"\s+(?:from|out\s+of)\s+"
                              + ENV_PLACES + r"\s*[.!]*$", re.I)
# ... with what it never is said after it ("read the token from the env, don't hardcode it") and a "please" at its end
# (refl43): the order as said, its "please" left out
_SECRET_FROM_ENV_SAID = re.compile(r"^(?P<verb>read|load|take|get|pull|fetch|grab)\s+(?P<obj>(?:the\s+|our\s+|all\s+)?"
                                   r"(?:[\w-]+\s+)?" + SECRET_NOUNS + r"\s+(?:from|out\s+of)\s+" + ENV_PLACES + r")"
                                   r"(?P<never>\s*[,;]\s*(?:and\s+)?(?:don'?t|do\s+not|never)\s+(?:hard-?code|commit)\s+"
                                   r"(?:it|them))?(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*[.!]*$", re.I)


def secret_from_env(clause: str) -> Rule | None:
    """ "read the token from the env" said as an order (with "get" / "take" / "pull", a named env var, what it never is
    after it, a "please" at its end): where a secret comes from is the project's way, every time (review41 R41-3)."""
    m = _SECRET_FROM_ENV_SAID.match(clause.strip())
    if not m:
        return None
    obj = " ".join(m.group("obj").split())
    body = f"{m.group('verb').lower()} {obj}"
    if m.group("never"):
        body += "; never hardcode " + ("them" if re.search(r"\bthem\s*$", m.group("never"), re.I) else "it")
    return Rule(body, "imperative", [obj], [], standing=True)


def _verb_phrase(phrase: str) -> str | None:
    """A base-form verb phrase from "adding comments" / "add comments"; None if it starts with no verb."""
    words = phrase.strip().split(" ", 1)
    if not words or not words[0]:
        return None
    head = words[0].lower().strip(",")
    rest = words[1] if len(words) > 1 else ""
    if _SAYS_WHAT_IT_DOES.match(rest):
        return None  # "Version is showing on the opening screen.", "Sorting looks broken on every page": the word is the
        # subject of a statement of what something does or shows (a bug report), not a verb to do (review42, a held-out
        # real message's wrong lesson)
    if head in VERBS:
        return (head + " " + rest).strip()
    base = gerund_base(head)
    if base:
        return (base + " " + rest).strip()
    return None


def _ever_a_kind(obj: str) -> bool:
    """Whether what "don't ever …" forbids is a kind of thing or code ("the tests", "eval", "the `.env` file"), not
    one thing or this task's things ("the button", "the colors"): the "ever" makes only the first a standing rule."""
    from altimate_learn.reflect.providers.builtin.habits import _a_kind, _one_thing

    what = re.sub(r"^(?:to|on|in|into|from|with|at)\s+", "", obj.strip(), flags=re.I)
    return not _one_thing(what) and (not re.match(r"(?:the|all\s+the)\s", what, re.I) or _a_kind(what))


# A kind of code the agent keeps using or adding: "relative imports", "mocks for the database", "default exports in
# components"; a bare plural with at most one word before it, and where it holds a kind or a part the project has one of
_HABIT_KIND = re.compile(r"^(?P<what>(?:[a-z]+(?:-[a-z]+)?\s+)?[a-z]{3,}s)(?:\s+(?:for|in|inside|across)\s+"
                         r"(?P<scope>(?:the\s+)?[a-z]+(?:\s+[a-z]+)?))?\s*[.!]*$", re.I)
_NOT_A_KIND_WORD = frozenset("""the a an this that these those my your our their some any all more fewer other new old
so too many much few such same different random weird extra unnecessary""".split())


def _habit_kind(obj: str) -> bool:
    """Whether what "stop <verb>ing …" is about is a kind of code (:data:`_HABIT_KIND`, its words code talk), not this
    task's things ("the old client", "so many words", "different colors", "mocks in these tests")."""
    from altimate_learn.reflect.providers.builtin.conventions import _code_talk
    from altimate_learn.reflect.providers.builtin.one_off import _VAGUE_KINDS

    m = _HABIT_KIND.match(obj.strip())
    if not m or not _plural(m.group("what")):
        return False
    words = m.group("what").lower().split()
    if words[0] in _NOT_A_KIND_WORD or words[-1] in _VAGUE_KINDS:
        return False
    scope = (m.group("scope") or "").lower()
    if scope and re.search(r"\b(?:this|that|these|those|it|new|old|other|my|your|same|first|last|current)\b", scope):
        return False
    return _code_talk(m.group("what"))


def _office_life(obj: str) -> bool:
    """Whether what a prohibition is about is the team's life away from the code: its head (the last word before a
    preposition) is one of vocabulary.OFFICE_LIFE ("meetings on fridays", "long standups")."""
    words = re.findall(r"[a-z][\w-]*", re.split(r"\s+(?:on|in|at|after|before|during|with|for|of|to|about)\s", obj.lower(),
                                               maxsplit=1)[0])
    return bool(words) and words[-1] in OFFICE_LIFE


# What befalls a team, said with "we always": no way of working ("we always break the build on mondays")
_MISHAPS = frozenset("break forget miss lose crash fail mess screw overrun underestimate overestimate struggle".split())
# ... said with a verb and its particle: "we always run out of time", "we always end up with merge conflicts" (refl27)
_PHRASAL_MISHAP = re.compile(r"^(?:run\s+(?:out\s+of|into|over|late|behind)|end\s+up|get\s+(?:stuck|lost|confused|"
                             r"blocked|burned|bitten)|fall\s+(?:behind|over)|bump\s+into|hit\s+(?:the\s+)?(?:same\s+)?"
                             r"(?:bug|wall|limit|issue|problem)s?)\b", re.I)


_LIMIT = re.compile(r"^(?:max(?:imum)?|at\s+most|no\s+more\s+than|up\s+to)\s+(?P<n>\d+)\s+(?P<unit>chars?|characters?|"
                    r"columns?|cols?|lines?|params?|parameters?|arguments?|args?)\s+(?:per|a|an|in\s+(?:a|each|one|any))\s+"
                    r"(?P<per>line|function|method|file|class|module|component|commit|row|test)s?\s*[.!]*$", re.I)

# "make sure the retry logic never retries on a 4xx", "ensure the modal closes on escape": a clause with its own subject
_ENSURE_OF_ONE = re.compile(r"^(?:please\s+)?(?:make\s+sure|be\s+sure|ensure)\s+(?:that\s+)?(?P<subject>(?:the|this|that|"
                            r"our|your|my)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:never|always|only|doesn'?t|does|is|"
                            r"isn'?t|can'?t|won'?t|will|[a-z]+s)\b", re.I)


# "send a welcome email when adding a new user": a step the product takes on one of its records, not the team's way (refl44)
_PRODUCT_EVENT = re.compile(r"\b(?:when|whenever)\s+[a-z]+ing\s+(?:an?|any|new|every|each)\s+(?:new\s+)?(?:"
                            + "|".join(sorted(PEOPLE | PRODUCT_RECORDS)) + r")\b", re.I)


# (vocabulary.COMPLAINT_INTENSIFIER) at the end of a ban's first clause, before where it holds ("… everywhere in the
# handlers"), or as "constantly" before its verb
_COMPLAINT_SIZE = re.compile(r"(?:\s+" + COMPLAINT_INTENSIFIER + r")+(?=\s*[.!]*$|\s+(?:in|on|inside|across|within|for)\b)"
                             r"|^constantly\s+(?=\w+ing\b)", re.I)


_REPORT_AFTER = re.compile(r",\s+(?:the\s+|our\s+|these\s+|those\s+|this\s+|that\s+|my\s+|all\s+)?"
                           r"(?!(?:never|not|always|only|instead|and|or|but|so|unless|except|including|then|please|pls|we|"
                           r"you|i|it|they)\b)[a-z][\w./-]*(?:\s+[a-z][\w./-]*){0,2}\s+(?:aren'?t|isn'?t|weren'?t|wasn'?t|"
                           r"don'?t|doesn'?t|didn'?t|haven'?t|hasn'?t|keeps?|kept|broke|fails?|failed|are\s+(?:still\s+)?not|"
                           r"is\s+(?:still\s+)?not)\b[^,;]*$", re.I)


def imperative_rule(c: str, typed: str, usual: bool) -> Rule | None:
    """The rule clause ``c`` (its leads read and stripped; ``typed`` as the person typed it) states in one of the
    shapes of the module docstring, or None. ``usual``: the clause said "we usually …" (the team's way)."""
    flags = re.I
    secret = secret_from_env(c)
    if secret is not None:
        return secret  # "get the token from the env pls", "read the token from the env, don't hardcode it" (refl43)
    # Never …: don't X / never X / we don't X / stop Xing / avoid X
    m = re.match(r"^(?:" + _WE_NEG + r"|" + _NEG + r")\s+(?P<ever>ever\s+)?(.+)$", c, flags)
    if m:
        head = c.split()[0].lower()
        body = m.group(2)
        if head == "we":  # "we don't use default exports in this codebase": the team's place is the project (R28-2);
            # so is "here" after "we" ("we don't use default exports here, I noticed you added one"; refl35's left-alone)
            # ("we don't run migrations here" may be this machine: only what the team uses or does in its code)
            body = re.sub(r"\s+in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|codebase)\s*[.!]*$", "", body, flags=flags)
            # (and how it merges: "we don't squash merge here", blind11; refl39)
            if re.match(r"(?:use|import|do|squash|rebase|merge|squash-merge)\s", body, flags):
                body = re.sub(r"\s+(?:around\s+)?here\s*[.!]*$", "", body, flags=flags)
        # "don't ever push to main", "do NOT return X ever (again)": the person's own word that it holds every time
        late = re.search(r"\s+ever(?:\s+again)?\s*[.!]*$", body, flags)
        if late:
            body = body[:late.start()]
        ever = bool(m.group("ever") or late)
        rest_split = re.split(r"\s*[;,—–]\s*|\s+-\s+|\s+and\s+(?=(?:" + "|".join(sorted(VERBS)) + r")\b)", body, maxsplit=1)
        first = rest_split[0]
        # "stop using `Any` everywhere", "stop constantly adding print statements", "you keep using npm again and again":
        # how often or how widely the agent did it is the complaint's size, not where the rule holds (review43 R43-2)
        sized = None
        for said in (first, TRAILING.sub("", first)):  # ("… everywhere ffs", "… everywhere please")
            sized = _COMPLAINT_SIZE.search(said)
            if sized:
                first = (said[:sized.start()] + said[sized.end():]).strip()
                break
        if sized:
            first = re.sub(r"^(?:constantly|always|keep(?:\s+on)?)\s+(?=\w+ing\b)", "", first, flags=flags)
        follow = rest_split[1] if len(rest_split) > 1 else ""
        # "avoid" takes a thing or a gerund, never a bare verb: "avoid print statements" / "avoid inline styles" name
        # things to avoid ("Never print statements …" would change the meaning); "avoid using X" is the verb phrase
        if head == "avoid" and not (_verb_phrase(first) and gerund_base(first.split()[0].lower().strip(","))):
            if _bad_object(first) or _office_life(first):
                return None  # (…, "we avoid meetings on fridays": the team's calendar, not its code; refl30)
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
        if verb == "do" and re.match(r"^(?:[a-z-]+\s+)?(?:" + "|".join(sorted(_USED_KINDS)) + r")\b", obj, flags):
            verb = "use"  # "we don't do numbered names" -> "Never use numbered names." (blind11 gave "Never do …"; refl39)
        if sized:
            from altimate_learn.reflect.providers.builtin.habits import _code_word

            # the ban stands without the size only for code used or added ("stop putting console.log everywhere" ->
            # "Never add `console.log`."); "stop asking me all the time", "don't run the full suite all the time" (how
            # often is the point) and "stop adding comments everywhere" (which ones to keep is the point) give nothing
            kept = INTENSIFIED_BANS.get(verb)
            said = obj.rstrip(" .!")
            if kept is None or kept != "use" and not (_code_word(said) or "`" in mark_identifiers(said)
                                                      or re.search(SUPPRESSION_MARK, said, flags)):
                return None
            verb, ever = kept, True
        if _bad_object(obj) and verb not in ("commit", "push", "deploy", "merge", "force-push") or _office_life(obj):
            return None  # (…, "don't book meetings on fridays": the team's calendar, not its code; refl30)
        text = f"Never {verb} {slot(_clean_object(obj)) if verb == 'use' else _clean_object(obj)}".strip()
        follow = re.sub(r"^(?:(?:we|you\s+should)\s+(?=use\b|prefer\b)|instead\s+|always\s+(?=use\b))", "",
                        strip_lead(follow), flags=re.I) if follow else ""
        follow_phrase = _verb_phrase(follow) if follow else None
        # "don't run the whole test suite, just run pytest -k on the file you changed", "…, just the tests for the module
        # you touched": the same act made smaller for this change; the ban without it is stricter than said (review38
        # R38-8: "Never run the whole test suite."), so it stands only with the narrower act kept
        # (the same verb, or what to do it to alone; not another act: "don't reformat the whole file, only change the
        # function" bans the reformat, and "just -s the model" is the same run said otherwise)
        narrowed = len(rest_split) > 1 and bool(re.search(r"\b(?:whole|full|entire|complete|all|every)\b", obj, re.I)) \
            and bool(re.match(r"\s*(?:just|only|simply)\s+(?:" + re.escape(verb) + r"|the|a|an|those|these|its|their)\s",
                              rest_split[1], re.I))
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
        if follow_phrase and re.fullmatch(r"(?:update|fix|change|edit|adjust|correct)\s+(?:the\s+|our\s+)?(?:readme|docs|"
                                          r"documentation|changelog|wiki)(?:\.md)?\s*[.!]*", follow_phrase, re.I):
            follow_phrase = None  # "we don't use CRDT anymore, please update the readme": the docs brought in line with
            # the rule now, this task's step and no other way to do what it bans (refl38: main gave "Never use CRDT;
            # update readme.")
        if follow_phrase and not _bad_object(follow_phrase.partition(" ")[2]):
            if verb == "use" and follow_phrase.startswith("use "):
                return _instead(follow_phrase[4:], obj, verb="use")
            text += f"; {_clean_object(follow_phrase)}"
        elif narrowed:
            return None
        # not for one thing of this task ("don't ever delete the button": which one only the conversation says)
        # "we don't use semicolons", "we never commit to main": the team's own way, every time, as "ever" says it; not a
        # state ("we don't support windows", "we don't need tests here") and not one thing ("we don't use the old client")
        ours = bool(re.match(r"we\s", c, flags)) and verb not in _STATIVE and not re.match(r"(?:in|out|up|off)\b", obj, flags) \
            and not re.search(r"\b(?:yet|now|here|there|today|this|that|these|those|it|them|new|old|other)\b", obj, flags)
        # "stop using relative imports", "stop using mocks for the database": "stop" and a gerund say the agent keeps
        # doing it, and what it keeps doing to is a kind of code, so the rule holds every time (review31 R31-10; refl34)
        # (only "using": the other verbs count as a word of content, and "stop adding comments" stays this change's)
        ours = ours or head in ("stop", "quit") and first.split()[0].lower() == "using" and verb == "use" \
            and _habit_kind(obj)
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

    # "every new endpoint needs an integration test": a kind of thing and what each one must have ("every function gets
    # type hints": what each one is given, the same; refl39)
    m = re.match(r"^((?:every|each|all|any)\s+[\w`*./-]+(?:\s+[\w`*./-]+){0,3}?)\s+(needs?|requires?|must\s+have|should\s+have|"
                 r"gets?)\s+"
                 r"(?!to\b)((?:an?|its\s+own|their\s+own|one|at\s+least\s+one)\s+.+|(?P<bare>[\w`.-]+(?:\s+(?!too\b)[\w`.-]+)?))"
                 r"(?:\s+(?:too|as\s+well))?[.!]*$", c, flags)
    if m and set(re.findall(r"[a-z]+", m.group(1).lower())) & PEOPLE:
        m = None  # "every user needs a profile photo": what the product gives its users, not the team's way (review25)
    if m and m.group("bare") and (not _plural(m.group("bare")) or re.match(r"all\s+(?:the|of)\b", m.group(1), flags) or any(
            word in NEEDS_WORK for word in m.group("bare").lower().split())):
        m = None  # "every page needs fixing", "every file needs updates": work on this task's things (refl25)
    if m and not m.group("bare") and re.fullmatch(r"(?:an?|one)\s+(?:(?:quick|small|full|proper|big|little|complete)\s+)?"
                                              r"(?:fix|update|rewrite|refactor|change|tweak|clean-?up|review|look|pass|"
                                              r"touch-?up|edit|redo|polish)", m.group(3).strip(" .!"), flags):
        m = None  # "every endpoint needs a fix", "each page needs an update": work on this task's things (refl39)
    if m and _TASK_BOUND.search(m.group(3)):
        m = None  # "every product gets a placeholder image for the demo", "every row gets a uuid when you import the csv":
        # what this task's product or data should have, bounded by what it is for (review39 R39-14)
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
        # "run fmt before you hand things over, the vpc files aren't formatted", "run the linter before you push, CI keeps
        # failing": what is wrong now, said after the rule, is no part of it (blind10, refl38; "Always …" cut it already)
        report = _REPORT_AFTER.search(phrase)
        if report:
            phrase = phrase[:report.start()]
        verb, _, obj = phrase.partition(" ")
        if verb in ("update", "expand", "extend", "rewrite", "edit", "fill") and re.match(
                r"the\s+[\w`.-]+(?:\s+[\w`.-]+)?\s+(?:by\s+\w+ing\b|with\s+(?:a|an|some|more|the|details?|info)\b)", obj, re.I):
            return None  # "update the README.md by giving more detail about each script", "update the README with a
            # section for each command": one edit of one thing and what goes in it (a "each" in it is its content; refl38)
        body = _clean_object(phrase)
        if verb == "use":
            body = "use " + slot(body[4:])
        # "…, never float" names the avoided thing; "…, never as epoch numbers" goes on in prose (review14 R14-9)
        # (not a word before another: "…, never bare pytest" is "bare `pytest`", review34 R34-4)
        body = re.sub(r"(,\s+(?:never|not)\s+)([A-Za-z_][\w.-]*)(?=[.!]*$|\s+(?:in|on|for|with|at|from|to|inside|"
                      r"outside|here|directly|anywhere|anymore|again)\b)",
                      lambda n: n.group(0) if n.group(2).lower() in _FUNCTION_WORDS else n.group(1) + slot(n.group(2)),
                      body)
        general = bool(re.search(r"[`_./()]|[a-z][A-Z]|\b(?:every|each|all|always|never|any|before|after|when|whenever|"
                                 r"unless|per|instead)\b", body)) and not _PRODUCT_EVENT.search(body) \
            or bool(re.match(r"^[a-z]+s\b", obj)) \
            or usual and bool(re.search(r"\brather\s+than\b", body)) and not re.match(r"(?:the|this|that|my|your)\s", obj, re.I)
        # ("we usually put feature flags in launchdarkly rather than env vars": the team's way, with what it is not; refl39)
        # "write an Airflow DAG …", "add a workflow that runs …": one new thing to build is a task, not a rule
        task = _builds_one(verb, obj) and not _BEFORE_EACH.search(body)
        if verb in ("read", "load", "take", "get", "pull") and _SECRET_FROM_ENV.match(obj):
            # "read the token from the env" (review41 R41-3): where a secret comes from is the project's way, every time
            return Rule(body, "imperative", [obj], [], standing=True)
        if general and not task and not c.split()[0].lower().endswith("ing") and not _PRONOUN_OBJECT.match(obj) \
                and (verb not in ("fix", "test", "check", "revert", "undo", "try", "read", "look", "skip", "leave", "focus")
                     # "when you add a migration, check its down()" -> "check the down() of every new migration"
                     # (rules._condition_last): a check done to each new thing of a kind of work, not one look
                     # ("check every new file" says no part to check: only a part of each, or a test of each)
                     or verb == "test" and re.search(r"\b(?:every|all)\s+new\s", body)
                     or verb == "check" and re.search(r"\bthe\s+[\w`()-]+(?:\s+[\w`()-]+)?\s+of\s+(?:every|all)\s+new\s", body)):
            return Rule(body, "imperative", [obj], [], standing=usual)
    return None


# What bounds a requirement to this task: an occasion it is for ("for the demo", "for the beta", "in the fixture") or one
# run of a job on this task's things ("when you import the csv", "when we seed the db") (review39 R39-14)
_TASK_BOUND = re.compile(r"\b(?:for|in)\s+(?:the|this|our)\s+(?:demo|beta|launch|release|pitch|meeting|presentation|"
                         r"prototype|mvp|poc|campaign|fixtures?|seed(?:\s+data)?|test\s+data|sample\s+data|mock(?:up)?s?)\b"
                         r"|\bwhen\s+(?:(?:you|we|i)\s+(?:import|seed|migrate|load|run|generate|upload)|importing|seeding|migrating|loading|"
                         r"running|generating|uploading)\s+(?:the|this|that)\b", re.I)
