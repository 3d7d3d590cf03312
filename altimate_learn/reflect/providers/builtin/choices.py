"""Templates for a choice the project made: one tool over another ("uv, not pip", "we use pnpm here"), the language
and pace of the conversation ("always answer in English", "one question at a time"), how the project states its data
("our API returns cents"), and the "X instead of Y" rendering they share.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.conventions import no_kind
from altimate_learn.reflect.providers.builtin.identifiers import slot
from altimate_learn.reflect.providers.builtin.one_off import _plural
from altimate_learn.reflect.providers.builtin.phrase import Rule, _bad_object, _clean_object
from altimate_learn.reflect.providers.builtin.vocabulary import (BEHAVIOUR_ADVERBS, CHAT_VERBS, CHOICE_FAMILIES, CHOSEN_WHEN,
                                                                 EVERYDAY_TOOL_NAMES, OFFICE_LIFE,
                                                                 FORBIDDEN_CODE, LANGUAGES, ONE_AT_A_TIME, PROGRAMMING_LANGUAGES,
                                                                 SLOT_SKIP, TALK_NOUNS, TALK_PLAIN, TALK_PLAIN_NOUNS, TALK_VERBS, TOOL_FAMILIES, UNIT_WORDS,
                                                                 VERBS)

# Verbs of a state or a wish, not of doing: "we don't support windows", "we don't need tests" say how things are.
_STATIVE = frozenset("support need want have know care like allow accept expect understand mind own see get".split())


_TOOL = r"(?P<x>`[^`]{1,40}`|[A-Za-z](?:[\w.+@/-]{0,40}[\w+])?)"
_TOOL_Y = _TOOL.replace("?P<x>", "?P<y>")
# "uv, not pip", "pnpm not npm!", "ruff please, not flake8": a terse choice of one tool over another
_TERSE_CHOICE = re.compile(r"^" + _TOOL + r"\s*(?:,?\s*(?:please|pls|plz))?\s*(?:,|;|:|\s[-\u2013\u2014]+)?\s+not\s+" + _TOOL_Y
                           # "swift, not objective-c, for new files": the new work it holds for (refl29)
                           + r"(?P<scope>,?\s+(?:for|in)\s+(?:all\s+)?new\s+(?:files|code|modules|screens|components|services|"
                           r"packages|projects))?"
                           + r"(?:,?\s*(?:please|pls|plz|thanks?|thx|here|anymore))*\s*[.!]*$", re.I)
_HERE = r"(?:\s+(?:here|now|these\s+days|nowadays|anymore|any\s+more|(?:in|for|on)\s+this\s+(?:repo(?:sitory)?|project|codebase)|" \
        + CHOSEN_WHEN + r"))*"  # ("we switched to httpx last month": when the team chose it, review36 R36-5; "we use poetry
# for this project" is "here", refl47)
# what may follow a stated choice: a reminder that it was said before, and a request to do it again
_REMINDED = (r"(?:\s*[,;.!]+\s*(?:(?:please|and|so)\s+)*(?:remember(?:\s+(?:that|this|it))?|don'?t\s+forget(?:\s+(?:that|this|it))?|"
             r"keep\s+(?:that|this|it)\s+in\s+mind|try\s+again|(?:do|run|redo)\s+it\s+again|thanks?|ok\??))*[\s,.!]*")
# "we use pnpm here", "this repo uses poetry", "our team prefers ruff", "we switched to vitest"
_TEAM_TOOL = re.compile(r"^(?:we|(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|team|app|company|monorepo|stack)|"
                        # "everything else in the project uses X", "the rest of the app uses X": the team's way (refl31)
                        r"everything\s+else(?:\s+(?:in|on)\s+(?:the|this|our)\s+(?:repo|project|codebase|app|team))?|"
                        r"the\s+rest\s+of\s+(?:the|this|our)\s+(?:repo|project|codebase|app|code|team))(?:\s+|(?<=we)(?='re\s+using\s))"
                        r"(?P<how>always\s+|only\s+)?(?:use|uses|prefer|prefers|work\s+with|works\s+with|rely\s+on|relies\s+on|"
                        r"are\s+using|'re\s+using|standardi[sz]ed\s+on|switched\s+to|moved\s+to|migrated\s+to)\s+"
                        + _TOOL + r"(?P<purpose>\s+(?:for|to)\s+(?!(?:this|that|it|now|the\s+moment)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)?"
                        + _HERE + r"(?:(?:\s*,?\s+not\s+|\s*[,;]\s*(?:there'?s|there\s+is|we\s+have)\s+no\s+)" + _TOOL_Y + _HERE + r")?"
                        + _REMINDED + r"$", re.I)
_TOOL_SHOP = re.compile(r"^we(?:'re|\s+are)\s+an?\s+" + _TOOL + r"\s+(?:shop|house|team)" + _HERE + _REMINDED + r"$", re.I)
# "pnpm!! for the third time", "uv!!!": a tool's name, the whole message, said with more than one "!" (one "!" may answer a
# question: "npm!"; "pytest!!! it works now" is joy)
_TOOL_SHOUTED = re.compile(r"^\s*" + _TOOL + r"\s*!{2,}\s*(?:(?:for\s+the\s+\w+\s+time|again|(?:as\s+|like\s+)?i\s+said|"
                           r"i\s+told\s+you|remember)[\s.!]*)?$", re.I)


def shouted_tool(own: str) -> str | None:
    """ "Use `pnpm`." for a message that is a tool's name said with "!!" (:data:`_TOOL_SHOUTED`), else None."""
    m = _TOOL_SHOUTED.match(own)
    name = _tool_name(m.group("x"), everyday=False) if m else None
    return f"Use {name}." if name else None
# A choice of one tool over another suggested for one spot ("maybe use httpx rather than requests here?", "I'd prefer httpx
# over requests here", "could you maybe use httpx instead of requests for the alert?"), then the team's direction said
# after it ("we're phasing requests out", "we're moving everything to httpx", "we're trying to get rid of requests
# everywhere"): the direction makes the choice the team's, not this spot's (review40 R40-3; refl41)
_SUGGESTED = re.compile(r"^(?:(?:hm+|so|also|ok(?:ay)?|and|but|nit)[\s,:]+)?(?:(?:maybe|perhaps|ideally|probably)\s+|"
                        r"(?:could|can|would|will)\s+(?:you|we|u)(?:\s+(?:maybe|perhaps|possibly|please|pls|just))*\s+|"
                        r"(?:i'?d|i\s+would)\s+(?:prefer|rather|suggest|recommend)\s+(?:(?:we|you)\s+)?|"
                        r"i\s+(?:prefer|suggest|recommend)\s+(?:(?:we|you)\s+)?|(?:how|what)\s+about\s+|why\s+not\s+|let'?s\s+|"
                        r"(?:please\s+|pls\s+))*(?:(?:use|using|go\s+with|going\s+with|switch\s+to|switching\s+to)\s+)?"
                        + _TOOL + r"\s+(?:rather\s+than|instead\s+of|over)\s+(?:using\s+)?" + _TOOL_Y
                        + r"(?P<rest>[^.!?;,\u2014]{0,40}?)\s*[?.!]*$", re.I)
_DIRECTION = re.compile(
    r"^(?:(?:and|but|since|because|as|cause|cuz)[\s,]+)?we(?:'re|\s+are|'ve|\s+have)\s+(?:(?:slowly|gradually|actively|currently|"
    r"now|already|been|all|trying\s+to|in\s+the\s+process\s+of|planning\s+to|going\s+to|about\s+to)\s+)*"
    r"(?:phas(?:ing|e)\s+(?P<out>`[^`]{1,40}`|[\w.@+-]+)\s+out|phas(?:ing|e)\s+out\s+(?P<out2>`[^`]{1,40}`|[\w.@+-]+)|"
    r"(?:get(?:ting)?\s+rid\s+of|deprecat(?:ing|e)|retir(?:ing|e)|rip(?:ping)?\s+out|mov(?:ing|e)\s+(?:off|away\s+from)|"
    r"migrat(?:ing|e)\s+(?:off|away\s+from))\s+(?P<out3>`[^`]{1,40}`|[\w.@+-]+)|"
    r"(?:mov(?:ing|e)|migrat(?:ing|e)|switch(?:ing)?|port(?:ing)?)\s+(?:(?:everything|all(?:\s+of\s+(?:it|them))?|"
    r"the\s+(?:whole\s+)?(?:codebase|code|repo|project|app|services?|rest))\s+)?(?:over\s+)?(?:to|onto)\s+"
    r"(?P<to>`[^`]{1,40}`|[\w.@+-]+)|standardi[sz](?:ing|e)\s+on\s+(?P<on>`[^`]{1,40}`|[\w.@+-]+))"
    r"(?:\s+(?:everywhere|across\s+the\s+(?:board|codebase|repo|project)|in\s+(?:every|all\s+the|all)\s+[\w-]+|"
    r"(?:this|next)\s+(?:quarter|sprint|month|year)|for\s+good|already|now))*\s*[.!]*$", re.I)


def team_direction(own: str) -> str | None:
    """ "Use `httpx` instead of `requests`." for a choice of one tool over another suggested for one spot and the
    team's direction said after it (:data:`_SUGGESTED`, :data:`_DIRECTION`), both tools of one job (or code in
    backticks) and the direction naming one of them; None otherwise ("maybe use a dict rather than a list here?", "I'd
    prefer httpx over requests here" alone: the spot's choice)."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+|\s*[,;\u2014]\s+|\s+-\s+", own.strip()) if p.strip()]
    for first, second in zip(parts, parts[1:]):
        chose, going = _SUGGESTED.match(first), _DIRECTION.match(second)
        if not (chose and going):
            continue
        x, y = chose.group("x").strip("`").lower(), chose.group("y").strip("`").lower()
        both_code = chose.group("x").startswith("`") and chose.group("y").startswith("`")
        one_job = TOOL_FAMILIES.get(x, frozenset()) & TOOL_FAMILIES.get(y, frozenset()) \
            or CHOICE_FAMILIES.get(x, frozenset()) & CHOICE_FAMILIES.get(y, frozenset())
        if x == y or not (one_job or both_code):
            continue
        dropped = (going.group("out") or going.group("out2") or going.group("out3") or "").strip("`").lower()
        towards = (going.group("to") or going.group("on") or "").strip("`").lower()
        if dropped in (y, "it", "them") or towards == x:
            return f"Use `{x}` instead of `{y}`."
    return None


# "we switched from jest to vitest", "I thought we replaced redux with zustand", "didn't we move from npm to pnpm?": the
# team's move from one tool to another of its job, stated or recalled (refl47)
_TEAM_MOVED = re.compile(r"^(?:(?:but|and|actually|no|wait|hm+|so|um+|uh+)[\s,]+)*(?:i\s+thought\s+(?=we\b)|(?:didn'?t|did\s+not|"
                         r"haven'?t|have\s+not|hadn'?t)\s+(?=we\b))?we(?:'ve|\s+have|\s+had|'d)?\s+(?:already\s+|all\s+)*"
                         r"(?P<verb>replaced?|swapped|swap|switched|switch|moved|move|migrated|migrate)\s+(?:(?:over|all)\s+)?"
                         r"(?P<from>from\s+)?" + _TOOL_Y + r"\s+(?P<prep>with|for|to|over\s+to)\s+" + _TOOL
                         + r"(?:\s+(?:a\s+while\s+back|everywhere|for\s+good)|" + _HERE + r")*\s*[?.!]*$", re.I)
# ... said of one part, for a while or in part: not the team's tool ("… but only in the new services", "… for now")
_MOVED_IN_PART = re.compile(r"\b(?:but|except|only|apart\s+from|other\s+than|for\s+now|partly|partially|some\s+of|half)\b",
                            re.I)
# ... undone or doubted after it: not the team's tool ("… then back to npm", "nope, reverted that", "I don't think so",
# "when?", and a recall asked then answered "no": "didn't we replace requests with httpx? no, that was the other repo";
# check47 C47-3)
_MOVE_UNDONE = re.compile(r"\b(?:(?:went|switched|moved|changed|came)\s+back|then\s+back|reverted|reverting|"
                          r"rolled\s+(?:it\s+|that\s+)?back|undid|undone)\b|^(?:(?:really|huh)\s*\?|not\s+(?:really|sure|anymore|yet)\b|"
                          r"i\s+don'?t\s+think\s+(?:so|we|that)\b|(?:since\s+)?when\s*\?|did\s+we\s*\?)", re.I)
# ... or placed before it in another team or repository: "at my last job, we switched from jest to vitest", "in the other
# repo, we replaced requests with httpx" (check47)
_ELSEWHERE = re.compile(r"^(?:back\s+)?(?:at|in|on|for|with)\s+(?:(?:my|his|her|their|a|an|the|that)\s+(?:last|previous|old|"
                        r"former|other|different)\s+(?:job|company|team|employer|gig|repo(?:sitory)?|project|codebase|startup|"
                        r"workplace|client|place)|(?:my|his|her|their)\s+(?:job|company|employer|gig|side\s+project))s?\b", re.I)
_ANSWERED_NO = re.compile(r"^(?:no|nope|nah|wrong)[\s,.!]*(?:$|(?:that|it|this|we|i)\b)", re.I)


def team_moved(own: str) -> str | None:
    """ "Use `vitest` instead of `jest`." for the team's move from one tool to another of its job (:data:`_TEAM_MOVED`:
    "we switched from jest to vitest", "I thought we replaced redux with zustand"), stated in a sentence of its own with
    nothing after it that limits it; None otherwise ("we replaced the old client with the new one": no tools)."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+|\s*[,;\u2014]\s+|\n+", own.strip()) if p.strip()]
    for at, part in enumerate(parts):
        m = _TEAM_MOVED.match(part)
        if not m:
            continue
        verb, prep = m.group("verb").lower(), m.group("prep").lower()
        replaced = verb.startswith(("replace", "swap"))
        if (replaced and (prep not in ("with", "for") or m.group("from"))) or (not replaced and not prep.endswith("to")):
            return None  # "we replaced x to y", "we moved jest with vitest": not a move said plainly
        after = " ".join(parts[at + 1:])  # "no" said of the recall asked ("… httpx? no, that was the other repo")
        if any(_MOVED_IN_PART.search(rest) or _MOVE_UNDONE.search(rest) for rest in parts[at + 1:]) \
                or (part.endswith("?") and _ANSWERED_NO.match(after)) or any(_ELSEWHERE.match(p) for p in parts[:at]):
            return None
        rule = _one_job_choice(m)
        return f"{rule.text}." if rule else None
    return None


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
# "not formik, we already use react-hook-form everywhere", "not npm, use pnpm": the tool refused, then the one to use
_NOT_THEN_USE = re.compile(r"^not\s+" + _TOOL_Y + r"\s*[,;:.!\u2013\u2014-]+\s*(?:(?:we|the\s+team|this\s+(?:repo|project|codebase))\s+"
                           r"(?:already\s+|always\s+)?(?:use|uses)|(?:just\s+)?use)\s+" + _TOOL
                           + r"(?:\s+(?:everywhere|here|already|instead|please|pls))*" + _HERE + r"\s*[.!]*$", re.I)
# ("don't use npm but pnpm", "not npm but pnpm": the one to use after "but"; refl49)
_DONT_USE_TOOL = re.compile(r"^(?:(?:don'?t|do\s+not|never|stop)\s+(?:use|using)\s+|not\s+(?=\S+\s*,?\s+but\s))" + _TOOL_Y + _HERE
                            + r"(?:\s*[,;\u2013\u2014-]+\s*|\s*,?\s+but\s+)"
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


def _choice_word(phrase: str) -> bool:
    """Whether one side of a bare "it's X, not Y" names something a project chooses: code, a tool or a language."""
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

    bare = phrase.strip(" .!,").lower()
    return "`" in mark_identifiers(phrase) or bare in TOOL_FAMILIES or bare in LANGUAGES


def _two_languages(*sides: str) -> bool:
    """Whether both sides name programming languages ("it's TypeScript, not JavaScript"; "it's go, not stop" is none)."""
    return all(side.strip(" .!,").lower() in PROGRAMMING_LANGUAGES for side in sides)


def _one_job_choice(m: re.Match[str]) -> Rule | None:
    """ "X, not Y" / "don't use Y, X" between two tools of one job (TOOL_FAMILIES); None for anything else."""
    x, y = m.group("x").strip("`").lower(), m.group("y").strip("`").lower()
    scope = (m.groupdict().get("scope") or "").strip(" ,")
    scope = f" {scope}" if scope else ""
    if x != y and (TOOL_FAMILIES.get(x, frozenset()) & TOOL_FAMILIES.get(y, frozenset())
                   or CHOICE_FAMILIES.get(x, frozenset()) & CHOICE_FAMILIES.get(y, frozenset())):
        return Rule(f"Use `{x}` instead of `{y}`{scope}", "instead", [x], [y], standing=True, alone=True)
    if x != y and x in PROGRAMMING_LANGUAGES and y in PROGRAMMING_LANGUAGES and scope:
        # "no. swift, not objective-c, for new files": the language new work is written in (refl29); bare, two
        # languages may name what one file is ("it's TypeScript, not JavaScript" is read elsewhere, refl28)
        return Rule(f"Use {x} instead of {y}{scope}", "instead", [x], [y], standing=True, alone=True)
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
        # code in backticks may be one file or value of this task; a tool's own name in backticks ("use `pnpm` instead")
        # is that tool (refl47)
        if m.group("x").startswith("`"):
            name = _tool_name(m.group("x").strip("`"), everyday=False)
        if name:
            return Rule(f"Use {name}", "always", [name], [], standing=True, alone=True)
        return None
    m = _STICK_TO.match(c)
    if m:
        name = _tool_name(m.group("x"))
        return Rule(f"Always use {name}", "always", [name], [], standing=True, alone=True) if name else None
    m = _DONT_USE_TOOL.match(c) or _NOT_THEN_USE.match(c)
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

# "keep your language simple", "keep your answers short pls": how plainly or briefly to talk to the person (refl43, a dev
# correction); the conversation's words only (TALK_PLAIN_NOUNS): "keep the summary short", "keep the function simple"
# are a thing of this task
_KEEP_PLAIN = re.compile(r"^(?:please\s+|pls\s+)?(?P<always>always\s+)?keep\s+(?:the|our|your|ur|all)\s+(?P<what>[a-z]+)\s+"
                         r"(?:(?:nice\s+and|very|really|more|a\s+bit\s+more)\s+)?(?P<how>[a-z]+)(?:\s+and\s+(?P<also>[a-z]+))?"
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
    m = _KEEP_PLAIN.match(c)
    if m and m.group("what").lower() in TALK_PLAIN_NOUNS and m.group("how").lower() in TALK_PLAIN \
            and (not m.group("also") or m.group("also").lower() in TALK_PLAIN):
        what = m.group("what").lower()
        how = m.group("how").lower() + (f" and {m.group('also').lower()}" if m.group("also") else "")
        # (an order, never the premise of another clause: "i dont understand what ure saying, keep your language simple")
        return Rule(f"Keep {'the ' if what in ('language', 'wording', 'chat') else ''}{what} {how}", "always", [what], [],
                    standing=True)
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
# ("stored and returned in UTC": kept and given out alike; refl30)
_AND_DONE = r"(?:\s+and\s+(?:returned|sent|served|stored|kept|saved|given))?"
_DATA_VERB = (r"(?:returns?|stores?|sends?|expects?|accepts?|keeps?|uses?|(?:are|is)\s+(?:always\s+)?(?:stored|kept|expressed|given|"
              r"returned|sent|saved|measured|recorded|written)" + _AND_DONE + r"\s+(?:in|as)|(?:are|is)\s+(?:always\s+)?in|"
              r"(?:are|is)(?:\s+always)?)")
_DATA_OURS = re.compile(r"^(?P<who>our|all(?:\s+(?:of\s+)?(?:our|the))?|the\s+(?:whole|entire))\s+(?P<subject>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?P<verb>"
                        + _DATA_VERB + r")\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3})$", re.I)
_DATA_KIND = re.compile(r"^(?P<who>)(?P<subject>[a-z][\w-]*s)\s+(?P<verb>(?:are)\s+(?:always\s+)?(?:stored|kept|expressed|given|"
                        r"returned|sent|saved|measured|recorded|written)" + _AND_DONE + r"\s+(?:in|as))\s+"
                        r"(?P<what>[\w-]+(?:\s+[\w-]+){0,3})$", re.I)
# ... and where the other part converts it: "timestamps are stored in UTC, the UI converts", "…, the frontend does the
# conversion" (blind3 and blind5 alike; refl30): the convention's other half, said of a part that is not this task's
_CONVERTED_THERE = re.compile(r"\s*[,;]\s*(?:and\s+)?(?:the\s+)?(?:frontend|front-end|ui|client|clients|browser|app|apps|views?|"
                              r"templates?|presentation\s+layer)\s+(?:converts?|does\s+the\s+(?:conversion|converting|"
                              r"formatting)|formats?|localizes?|localises?|handles\s+(?:the\s+)?(?:conversion|display|"
                              r"formatting))(?:\s+(?:it|them|that))?(?:\s+(?:for\s+display|on\s+display|to\s+local\s+time))?$",
                              re.I)
# Words that are never a code name: what follows "never" when the sentence goes on in prose ("never as JSON numbers").
_FUNCTION_WORDS = frozenset("as to in into onto on at by for from with without via of over under inside outside "
                            "through the a an be being been when while if before after again more just only even "
                            "ever always yet quite really simply merely exactly necessarily all every any some one "
                            "here there this that these those so too very much less enough both either neither "
                            "anything everything something nothing until unless".split())
_NOT_A_CONVENTION = re.compile(r"\b(?:not|never|no|still|now|instead|but|again|anymore|should|wrong|broken|you|i|it|"
                               r"this|that|these|those|only|yet|already)\b", re.I)


_WHOLE_PARTS = frozenset("api apis app codebase backend frontend service services database db schema repo project".split())


# "money is integer cents, never floats", "our ids are uuids, not serial", "all timestamps in this db are UTC" (blind11;
# refl39): the unit or format a kind of the project's data is in, said as what it is, with what it is not
_DATA_IS = re.compile(r"^(?P<who>our\s+|all\s+(?:our\s+)?)?(?P<subject>money|(?:(?!(?:the|this|that|these|those|my|your|its|their|"
                      r"some|any|no|new|old)\b)[a-z][\w-]*\s+)?[a-z][\w-]*[a-rt-z]s)"
                      r"(?P<scope>\s+in\s+(?:this|the|our)\s+(?:db|database|api|schema|codebase|repo|project|app|service))?"
                      r"\s+(?P<verb>is|are)\s+(?P<what>(?![\w-]+(?:ed|wn|en)\b)[\w-]+(?:\s+[\w-]+){0,3}?)"
                      r"(?:\s*,\s*(?P<neg>not|never)\s+(?P<other>[\w-]+(?:\s+[\w-]+)?))?$", re.I)
_DATA_FORMATS = frozenset("integer integers uuid uuids uuidv4 uuidv7 ulid ulids string strings".split())


def _data_is(text: str) -> Rule | None:
    # (its reason after a comma, a part of its own doing something: "…, the mobile team parses them that way")
    text = re.sub(r"\s*,\s*(?:the|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:parses?|reads?|expects?|converts?|needs?|relies\s+on|"
                  r"depends\s+on)\b.*$", "", text, flags=re.I)
    m = _DATA_IS.match(text)
    if not m or re.search(r"\b(?:still|now|wrong|broken|you|i|it|this|that|these|those|yet|already|again|instead|but)\b",
                          m.group("what") + " " + (m.group("other") or ""), re.I):
        return None
    words = re.findall(r"[\w-]+", m.group("what").lower())
    if not any(w in UNIT_WORDS or w in _DATA_FORMATS for w in words + [f"{a}-{b}" for a, b in zip(words, words[1:])]):
        return None
    if not m.group("other") and not any(w in UNIT_WORDS or w in _DATA_FORMATS - {"string", "strings"}
                                        for w in words + [f"{a}-{b}" for a, b in zip(words, words[1:])]):
        return None  # "prices are strings in the csv": what one file holds; "… strings, never ints" is the project's way
    who = "All " if (m.group("who") or "").lower().startswith("all") else ""
    subject = m.group("subject") if who else m.group("subject")[0].upper() + m.group("subject")[1:]
    other = f", {m.group('neg').lower()} {m.group('other')}" if m.group("other") else ""
    scope = re.sub(r"\b(?:this|our)\s", "the ", m.group("scope") or "", flags=re.I)
    return Rule(f"{who}{subject}{scope} {m.group('verb').lower()} {m.group('what')}{other}", "convention",
                [m.group("what")], [m.group("other")] if m.group("other") else [], standing=True, subject=m.group("subject"),
                alone=True)


def _data_convention(c: str) -> Rule | None:
    """A unit or format the project keeps its data in, said as a fact about its own data ("our API returns cents",
    "amounts are stored in cents"): the fact is the lesson. Only with a unit or format word (vocabulary.UNIT_WORDS),
    and never a report of what went wrong ("the API still returns cents", "it's in cents, not dollars")."""
    text = _CONVERTED_THERE.sub("", c.strip().rstrip(".!"))
    # "all money is stored in cents as integers in this codebase": where it holds is the project itself (refl26); also
    # before what it is not ("order ids are strings in this codebase, never ints"; review41 R41-3)
    text = re.sub(r"\s+(?:in\s+(?:this|our|the)\s+(?:repo(?:sitory)?|project|codebase|code\s*base|app|service)|here|everywhere)"
                  r"(?=$|\s*,\s*(?:never|not)\s)", "", text, flags=re.I)
    found = _data_is(text)
    if found:
        return found
    m = _DATA_OURS.match(text) or _DATA_KIND.match(text)
    if not m or _NOT_A_CONVENTION.search(text):
        return None
    if m.group("who").lower().startswith("the") and m.group("subject").lower() not in _WHOLE_PARTS:
        return None  # "the whole page is in utc", "the whole thing returns cents": a report, unless a part of the code
    words = re.findall(r"[\w-]+", m.group("what").lower())
    if not any(w in UNIT_WORDS for w in words) and not any(f"{a}-{b}" in UNIT_WORDS for a, b in zip(words, words[1:])):
        return None
    who = m.group("who").lower()
    lead = "The " if who == "our" else "All " if who.startswith("all") else f"The {who.split()[-1]} " if who else ""
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
_KIND_DOES = re.compile(r"^(?P<the>(?:the|our|all\s+the)\s+)?(?:all\s+)?(?:new\s+)?(?P<subject>[a-z][\w-]*[a-rt-z]s)\s+(?P<verb>[a-z]+)\s+\S"
                        # "every new migration uses alembic …", "all new code uses httpx …" (review29 R29-6)
                        r"|^(?:every|each|any)\s+(?:new\s+)?(?P<one>[a-z][\w-]*)\s+(?P<verb1>[a-z]+s)\s+\S"
                        r"|^(?:all\s+)?(?:new\s+)?(?P<mass>code)\s+(?P<verb2>[a-z]+s)\s+\S", re.I)
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


# a place said last on one side of a choice: "in the app", "for the scripts", "on the backend" (refl51)
_PLACE_LAST = re.compile(r"\s(?:(?:in|on|inside|within|under)\s+(?:the\s+|our\s+|this\s+|that\s+|all\s+(?:the\s+)?)?|"
                         r"for\s+(?:the|our|this|that)\s+)(?P<place>[\w./-]+(?:\s+[\w./-]+)?)\s*$", re.I)


def _two_places(good: str, bad: str) -> bool:
    """Both sides of a choice name a place of their own, and not the same one ("httpx in the cron job" / "requests in
    the app"): the person said what holds in each place, not that one thing replaces the other."""
    here, there = _PLACE_LAST.search(good), _PLACE_LAST.search(bad)
    return bool(here and there and here.group("place").lower() != there.group("place").lower())


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
    if good.strip("` ").lower() == bad.strip("` ").lower():
        return None  # "why pytest? we use pytest" gave "Use `pytest` instead of `pytest`.": nothing to choose between
    if any(re.findall(r"[a-z][\w-]*", side.lower())[-1:] == [word] for side in (good, bad) for word in OFFICE_LIFE):
        return None  # "we prefer meetings over email": the team's life away from the code (refl39)
    bare = re.sub(r"`[^`]*`|\{\{.*?\}\}|\([^()]*\)", "", good)  # commas inside code are not clause breaks
    if re.search(r"\b(?:so|because|since|which|but|although|though|otherwise)\b|[,;]", bare, re.I):
        return None  # "we use pydantic v2 here so its model_dump()": two clauses, not one alternative
    if re.search(r"\b(?:you|i|me|my)\b", good + " " + bad, re.I):
        return None
    if _two_places(good, bad):
        return None  # "… the scripts use httpx in the cron job" gave "Use `httpx` in the cron job instead of `requests` in
        # the app.": each side in a place of its own, not one thing used in place of another (refl51)
    tail = ""
    # ("npm, but only in the frontend", "npm, except in the docs site": the rule's limit, said last; check47 C47-8)
    limit = re.match(r"^(.+?),\s+((?:but\s+)?(?:only\s+(?:for|in|when|with|on|inside|within|under)|except)\b.*)$", bad, re.I)
    if limit and not re.search(r"[,;]", limit.group(1)):
        bad, tail = limit.group(1), ", " + limit.group(2)
    # ("we use pnpm only in the frontend" after "why npm?" gave "Use `pnpm` only in the frontend instead of `npm`.")
    # (not before an adverb: "use useMemo only for expensive computations, not everywhere" reads as said)
    limited = None if limit or bad.strip().lower() in SLOT_SKIP else re.match(r"^(.+?),?\s+((?:only\s+(?:for|in|when|with|on|inside|within|under)|except)\b.*)$",
                                          good, re.I)
    if limited:
        good, tail, limit = limited.group(1), ", " + limited.group(2), limited
    split = None if limit else re.match(r"^(.+?),\s+((?:for|in|when|with|on|inside|across|throughout)\b.*)$", bad, re.I) or \
        re.match(r"^(`[^`]+`|[\w.()]*[_.(/][\w.()/]*|[a-z]+[A-Z]\w*)\s+((?:for|in|when|with|on|inside|across|throughout)\s.*)$",
                 bad)  # "`userId` in the DB models": the scope belongs to the whole rule
    if split:
        bad, tail = split.group(1), " " + split.group(2)
    head = good.split(" ", 1)[0].lower()
    # "(shouldn't this) go through the repository layer instead of calling the ORM …": "go" is a verb before "through" /
    # "via" ("Use go through …" was blind9's wrong lesson; "go" alone may be the language)
    if verb is None and (head in VERBS or re.match(r"go\s+(?:through|via)\s", good, re.I)):
        verb, good = head, good.split(" ", 1)[1] if " " in good else ""
        if not good or _builds_one(verb, good) and "`" not in good and re.search(r"\b(?:that|which|who)\b", good, re.I):
            return None  # "write a helper that returns None instead of raising …": one new thing to build (refl25)
    if verb is None and re.match(r"[a-z]+\s+(?:(?:up|down|out|off|over)\s+)?(?:the|a|an|all|any|each|every|its|their|our|"
                                 r"[a-z]+ly)\b", good) and "`" not in good.split(" ", 1)[0]:
        return None  # "stop the worker gracefully on SIGTERM instead of just dying" (blind11): an act the reflector has no
        # verb for, never "Use stop the worker …" (refl39)
    lead = f"{(verb or 'use').capitalize()} {slot(good)}"
    # "use X, not Y" for adverbs and long alternatives ("…, not everywhere")
    plain = bad.strip().lower() in SLOT_SKIP
    joiner = ", not" if plain or (comma and len(bad.split()) > 4) else " instead of"
    return Rule(f"{lead}{joiner} {bad if plain else slot(bad)}{tail}", "instead", [good], [bad])


# "how come you used requests when we have httpx everywhere": the agent's choice, set against the team's own (refl27)
_WHEN_WE_HAVE = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh)[\s,]+)?(?:(?:how\s+come|why\s+(?:did|do|are|would)\s+)\s*you\s+"
                           r"(?:(?:just|still)\s+)?(?:use|used|using|pick|picked|add|added|import|imported|install|installed)"
                           # "why add requests when the whole codebase uses httpx?" (refl29)
                           r"|why\s+(?:add|use|import|install|pull\s+in|bring\s+in))\s+"
                           r"(?P<what>[\w.@/+-]+)\s+(?:when|while|if|since)\s+(?:we\s+(?:already\s+)?(?:have|use|got)|"
                           # ("… when the codebase uses ramda", "… when our app uses …"; refl30)
                           r"(?:the\s+(?:(?:whole|entire)\s+)?|the\s+rest\s+of\s+the\s+|our\s+)(?:codebase|repo|project|app|"
                           r"service)\s+"
                           r"(?:already\s+)?uses)\s+"
                           r"(?P<good>[\w.@/+-]+)(?:\s+(?:everywhere|here|already|in\s+(?:this|the)\s+(?:repo|project)))*"
                           r"\s*[?!.]*$", re.I)


def when_we_have(sentence: str, code_word) -> str | None:
    """ "use httpx, not requests" for "how come you used requests when we have httpx everywhere": what the team has is
    code (``code_word``), and what the agent used is code or a tool of a job ("requests", "moment": everyday words, but
    set against a tool they are tools); None otherwise."""
    match = _WHEN_WE_HAVE.match(sentence)
    if match and code_word(match.group("good")) and (code_word(match.group("what"))
                                                      or match.group("what").lower() in TOOL_FAMILIES):
        return f"use {match.group('good')}, not {match.group('what')}"
    return None
