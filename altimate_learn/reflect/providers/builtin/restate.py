"""Questions and reminders restated as the statement they carry, before a rule is looked for in them.

People mostly correct an agent by asking, complaining or reminding, not by stating a rule. The built-in
reflector only knows statements ("use X instead of Y", "never X", "always X"), so the common question and
reminder forms are restated first (see :mod:`altimate_learn.learner.fallback` for the table):
"I told you already: migrations go in db/migrations/" -> "migrations go in db/migrations/", "why not use the
logger?" -> "use the logger", "why did you use npm install? this repo uses pnpm" -> "use pnpm, not npm install".
A form that carries no statement (a bare "why is this still broken?") is left as it is. A complaint about what the agent
keeps doing ("you keep …", "… again") is read in `habits.py`.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.challenges import challenge
from altimate_learn.reflect.providers.builtin.choices import when_we_have
from altimate_learn.reflect.providers.builtin.dislikes import not_a_fan
from altimate_learn.reflect.providers.builtin.habits import (_DEICTIC_OBJECT, _HABIT_LEAD, _a_kind, _code_word, _habit,
                                                             _one_thing)
from altimate_learn.reflect.providers.builtin.one_off import _THIS_TASKS, _plural
from altimate_learn.reflect.providers.builtin.text import normalise, prose
from altimate_learn.reflect.providers.builtin.vocabulary import (CHOICE_FAMILIES, CHOSEN_WHEN, ONE_OF_MANY,
                                                                 PROGRAMMING_LANGUAGES, TOOL_FAMILIES, VERBS, gerund_base)

_PRONOUN = r"(?:this|it|that|these|those|they|you|we|i)"
_SOON = (r"(?:\s+(?:before|earlier|already|previously|last\s+time|yesterday|last\s+week|earlier\s+today|this\s+morning|"
         r"at\s+the\s+(?:start|beginning)|in\s+the\s+beginning|up\s*front|"
         r"twice|again|(?:several|multiple|many|so\s+many|a\s+few|"
         r"a\s+(?:hundred|million|thousand)|\d+)\s+times))*")
_AGREE = (r"(?:agreed|decided|said|discussed|settled\s+on|established|mentioned|told\s+you|asked\s+you|asked\s+for|"
          r"talked\s+about|spoke\s+about|went\s+through|covered)")
# What may follow a recalled "I told you" / "we agreed" with no "that": a clause of its own ("I already told you the seeds
# are read-only", "we agreed you never commit to main"; refl26)
_CLAUSE_AFTER = (r"(?=(?:the|our|all)\s+[\w-]+(?:\s+[\w-]+){0,2}\s+(?:is|are|isn'?t|aren'?t|doesn'?t|don'?t|does\s+not|"
                 r"do\s+not|never|must|should|has\s+to|have\s+to|needs?\s+to|go|goes|live|lives|belong|belongs|come|comes|"
                 r"runs?)\b|(?:you|we)\s+(?:never|always|don'?t|do\s+not|should|must|only)\b)")

# "remember: …", "as we agreed, …", "I told you already: …", "we agreed to …", "don't forget that …"
# (a lead's end: a comma, a colon, a dash; "we talked about this — feature flags go through LaunchDarkly" typed with an
# em dash as often as with "-"; refl30)
_REMINDER = re.compile(
    # ("and don't forget to …", "also, remember to …", "pls remember to …": a reminder added after the task; ask50)
    r"^(?:(?:(?:and|also|oh\s+and|so|plus|btw)[\s,]+)*(?:please\s+|pls\s+|plz\s+)?(?:remember|recall|reminder|"
    r"don'?t\s+forget|do\s+not\s+forget|keep\s+in\s+mind)\b"
    r"(?:\s+(?:that|again))?[\s,:;.!\u2014\u2013-]*"
    # "can you remember to use pnpm", "could you please remember to …": the reminder asked politely (refl47's leftover)
    r"|(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?remember\s+(?=to\s+[a-z])"
    r"|(?:like|as)\s+(?:we|i)\s+" + _AGREE + _SOON + r"\s*[,:;.!\u2014\u2013-]+\s*"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+|just\s+)?" + _AGREE + r"(?:\s+(?:this|it|that))?" + _SOON
    + r"\s*(?:[,:;.!\u2014\u2013-]+\s*|(?=to\s|that\s|on\s)|" + _CLAUSE_AFTER + r")"
    r"|as\s+(?:agreed|decided|discussed|mentioned|established|said\s+before)(?:\s+(?:before|earlier))?\s*[,:;.!\u2014\u2013-]+\s*"
    r"|(?:as\s+)?per\s+(?:our|my|the)\s+(?:earlier|previous|last|other)\s+(?:chat|conversation|discussion|talk|call|"
    r"thread|sync)\s*[,:;.!\u2014\u2013-]+\s*"
    r"|(?:we|i)(?:'ve|\s+have)?\s+(?:went|been|gone)\s+over\s+(?:this|that|it)" + _SOON + r"\s*[,:;.!\u2014\u2013-]+\s*"
    r"|(?:how\s+many\s+times\s+(?:do\s+)?i\s+(?:have\s+to|need\s+to)\s+(?:say|tell\s+you)(?:\s+this)?)\s*\??[\s,:;.!\u2014\u2013-]*"
    # "told you, never …", "how many times... tests go next to the file" (blind11; refl39): the same, clipped in chat
    r"|told\s+(?:you|u|ya)" + _SOON + r"\s*[,:;.!\u2014\u2013-]+\s*"
    r"|how\s+many\s+times\s*(?:\.{2,}|\u2026|[?!,:;]+)\s*"
    r"|(?:(?:this\s+is\s+(?:the\s+)?)?(?:second|third|fourth|fifth|\d+(?:nd|rd|th))\s+time(?:\s+now)?"
    r"(?:\s+(?:i'?m|i\s+am)\s+(?:saying|telling\s+you)\s+(?:this|it))?|"  # "third time I'm saying this: …" (refl30)
    r"for\s+the\s+(?:second|third|\w+th|last)\s+time)\s*[,:;.!\u2014\u2013-]+\s*"
    # "once again, tests go next to the code", "again: don't touch src/gen": said before, said again (refl34, blind7)
    r"|(?:once\s+)?again\s*[,:;\u2014\u2013-]+\s*"
    r")(?:to\s+|that\s+|on\s+|(?:you|we)\s+(?=(?:never|always|don'?t|do\s+not|only)\b))?",
    re.I)

# "didn't we say to use ruff?", "didn't I tell you to …", "haven't we agreed that …"
# "I thought we agreed to keep functions under 40 lines?", "didn't we say we'd keep …" (review45 R45-3): the same reminder
_DIDNT_WE = re.compile(
    r"^(?:(?:didn'?t|did\s+not|haven'?t|have\s+not|hadn'?t|weren'?t|wasn'?t)\s+(?:we|i|you)"
    r"|(?:(?:but|wait|hm+|um+|so)[\s,]+)?i\s+thought\s+(?:we|you\s+and\s+i)(?:'d|\s+had)?)\s+(?:already\s+|just\s+)?"
    r"(?:say|agree|decide|discuss|settle\s+on|establish|mention|tell\s+you|ask\s+you|ask\s+for|said|agreed|decided|"
    r"discussed|settled\s+on|established)(?![a-z])"
    + _SOON + r"\s*(?:to\s+|that\s+|on\s+)?(?:(?:we|you)(?:'d|'ll|\s+would|\s+will)\s+(?:always\s+)?(?=[a-z]+\s))?"
    r"(?P<rest>.+?)\s*\??\s*$",
    re.I)

# "shouldn't this use ref()?", "shouldn't the tests go in tests/unit?"
_SHOULDNT = re.compile(
    r"^(?:(?:wait|hm+|um+|so|but|hold\s+on|also)[\s,]+)?(?:shouldn'?t|should\s+not)\s+(?P<subject>" + _PRONOUN +
    r"|(?:the|our|all|every|each)\s+[\w./*-]+(?:\s+[\w./*-]+)?)\s+(?P<rest>(?:use|call|import|go|live|be|run|"
    r"stay|come|follow|return|raise|have|include|point)\b.+?)\s*\??\s*$",
    re.I)

# "why not use the logger?", "why aren't you using X?", "can't you just use X?", "wouldn't it be better to use X?"
_WHY_NOT = re.compile(
    r"^(?:(?:wait|hm+|um+|so|but|also)[\s,]+)?(?:why\s+not(?:\s+just)?|why\s+(?:don'?t|aren'?t|didn'?t|do\s+not|are\s+not)"
    r"\s+you(?:\s+just)?|how\s+come\s+(?:you|u)\s+(?:didn'?t|did\s+not|don'?t|do\s+not)(?:\s+just)?|(?:can'?t|couldn'?t|cannot)\s+you(?:\s+just)?|wouldn'?t\s+it\s+be\s+(?:better|easier|simpler)"
    r"\s+to)\s+(?P<rest>(?:use|using|call|calling|import|importing|run|running|follow|following|put|putting)\b.+?)"
    r"\s*\??\s*$",
    re.I)

# "can you not use any?", "could you stop adding comments?"
_CAN_YOU_NOT = re.compile(
    r"^(?:(?:please|pls|ugh|come\s+on)[\s,]+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?P<how>not|stop|quit)\s+"
    r"(?P<rest>.+?)\s*\??\s*$",
    re.I)

# "why did you use npm install?" (the agent's choice, asked about)
_WHY_DID = re.compile(
    r"^(?:(?:wait|hm+|um+|so|but|ugh)[\s,]+)?(?:why\s+(?:did|do|are|were|would|have)\s+you|why'?d\s+you|"
    r"how\s+come\s+(?:you|u)(?:'ve|\s+have|\s+are|'re)?|is\s+there\s+(?:a|any)\s+reason\s+(?:why\s+)?(?:you|u)(?:'re|\s+are)?)\s+"
    r"(?:(?:still|just|again)\s+)?"
    r"(?:use|using|used|run|running|ran|install|installing|installed|pick|picked|choose|chose|add|adding|added|"
    r"import|importing|imported|pull\s+in|pulling\s+in|pulled\s+in|bring\s+in|bringing\s+in|brought\s+in)\s+(?P<what>.+?)(?:\s+(?:again|here|there|for\s+this|instead))?\s*\?+\s*$",
    re.I)

# "why npm?", "npm again??": a tool named bare and asked about, before the team's own one ("why npm? we switched to pnpm"
# gave "Use `pnpm`.": the tool it replaces was lost, as render.cross_sentence_rule's bare question keeps it)
_WHY_BARE = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|uh)[\s,]+)?(?:why\s+(?P<what>`[^`]+`|[\w.@+-]+)(?:\s+again)?"
                       r"|(?P<what2>`[^`]+`|[\w.@+-]+)\s+again)\s*\?+\s*$", re.I)

# "why is it still requests?", "why still jest?", "why is this still using moment?", "still npm??": the tool the agent
# kept, asked about bare; the team's one tool of its job said next is what replaces it (ask50: "hmm why is it still
# requests? this repo uses httpx everywhere, I told you yesterday" gave nothing)
_WHY_STILL = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|uh)[\s,]+)?(?:why(?:\s+is|'s)\s+(?:it|this|that)\s+still\s+"
                        r"(?:using\s+|on\s+)?|why\s+(?:are|r)\s+(?:you|u)\s+still\s+on\s+|why\s+still\s+|still\s+)"
                        r"(?P<what>`[^`]+`|[\w.@+-]+)(?:\s+(?:here|again))?\s*\?+\s*$", re.I)
# ", I told you yesterday", ", like I said", ", remember?": a recall said after the team's way, which it only repeats
_RECALL_TAG = re.compile(r"\s*(?:[,;]|\s-+|\s\u2014)\s*(?:(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?(?:told\s+(?:you|u)|"
                         r"said\s+(?:so|that|this|it))|(?:like|as)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?(?:said|"
                         r"told\s+(?:you|u)|agreed|discussed)|told\s+(?:you|u)|remember|how\s+many\s+times)" + _SOON
                         + r"\s*[?!.]*\s*$", re.I)

# "it's pnpm here, not npm, how many times", "use uv, not pip, for the third time": the complaint said last is the
# reminder said first ("Use `pnpm` instead of `npm`, how many times." was written; ask50); not asked ("…, how many times?")
_COMPLAINT_TAIL = re.compile(r"\s*[,;]\s*(?:how\s+many\s+times(?:\s+(?:do\s+)?i\s+(?:have|need)\s+to\s+(?:say|tell\s+you)"
                             r"(?:\s+(?:this|it|that))?)?|for\s+the\s+(?:second|third|fourth|fifth|hundredth|millionth|nth|last|"
                             r"\d+(?:st|nd|rd|th))\s+time|(?:i\s+)?(?:already\s+)?told\s+(?:you|u)(?:\s+(?:already|before|twice))?)"
                             r"\s*[.!]*\s*$", re.I)
# "again with npm.", "npm again.", "ugh, yarn AGAIN!": the tool the agent used once more, complained of (ask50; "npm
# again?" is _WHY_BARE's)
_AGAIN_WITH = re.compile(r"^(?:(?:ugh|sigh|seriously|come\s+on|oh\s+no|argh|wow)[\s,.!]+)?(?:again\s+with\s+(?P<a>`[^`]+`|"
                         r"[\w.@+-]*[\w@+-])|(?P<b>`[^`]+`|[\w.@+-]*[\w@+-])\s+again)\s*[.!]*\s*$", re.I)
# "pnpm.", "pnpm!": a tool named alone, after a bare question or complaint about another of its job
_BARE_TOOL = re.compile(r"^(?P<y>`[^`]+`|[\w.@+-]*[\w@+-])\s*[.!]*\s*$")

# "in this codebase", "in our repo": where a team's way holds, said after the tool
_HERE = r"in\s+(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|app|code(?:\s*base)?)"

# "this repo uses pnpm", "we always use tabs", "our team prefers ruff": the project's own convention
_TEAM_USES = re.compile(
    r"^(?:(?:but|and|here|actually|no)[\s,]+)?(?:we|(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|team|"
    r"app|code|company))\s+(?P<how>always\s+|only\s+|usually\s+)?(?:uses?|prefers?|works?\s+with|relies\s+on|"
    r"runs?\s+(?:on|with))\s+(?P<what>.+?)\s*[.!]*$",
    re.I)

# "why did you use npm? this repo is pnpm": the project named by the one tool it is, after a question naming another
# (review35 R35-10: "Use `pnpm`." dropped the tool it replaces); alone, "this repo is X" is read by the conventions
_TEAM_IS = re.compile(
    r"^(?:(?:but|and|here|actually|no)[\s,]+)?(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|app|code)\s+"
    r"(?:is|'s)\s+(?:an?\s+)?(?P<what>[\w.@+-]+)(?:\s+(?:repo(?:sitory)?|project|codebase|app|only|all\s+the\s+way))?"
    r"\s*[.!]*$"
    # "why are you using requests? we switched to httpx last month" (review36 R36-5): the tool the team moved to
    # "is there a reason you used moment? we're on date-fns" (review40 R40-9): the one the team is on (refl40)
    r"|^(?:(?:but|and|actually|no)[\s,]+)?we(?:'re|\s+are)\s+(?:all\s+|now\s+)?on\s+(?P<on>[\w.@+-]+)(?:\s+now)?\s*[.!]*$"
    r"|^(?:(?:but|and|actually|no)[\s,]+)?we(?:'ve|\s+have)?\s+(?:switched|moved|migrated)\s+"
    # ("we switched this repo to httpx months ago": the project named between; ask50)
    r"(?:(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|app|code(?:\s*base)?)\s+)?(?:over\s+)?to\s+(?P<moved>[\w.@+-]+)"
    r"(?:\s+" + CHOSEN_WHEN + r")?\s*[.!]*$"
    # "why did you pull in date-fns? dayjs is already in package.json" (blind9): the one the project already depends on
    r"|^(?:(?:but|and|actually|no)[\s,]+)?(?P<dep>[\w.@+-]+)\s+is\s+already\s+(?:in\s+(?:(?:the|our)\s+)?(?:package\.json|"
    r"requirements(?:\.txt)?|pyproject(?:\.toml)?|go\.mod|cargo\.toml|gemfile|deps|dependencies|lockfile)|a\s+dependency|"
    r"installed|a\s+dep)(?:\s+(?:here|for\s+that|for\s+this))?\s*[.!]*$"
    # "we don't use requests here, it's httpx everywhere" (review48 R48-1, a real Codex session): the one tool it is
    r"|^(?:(?:but|and|actually|no)[\s,]+)?it(?:'?s|\s+is)\s+(?:all\s+)?(?P<its>[\w.@+-]+)(?:\s+(?:everywhere|here|only|"
    r"now|all\s+the\s+way|" + _HERE + r"))?\s*[.!]*$"
    # "why is this in python? we're a Go shop": the language the team writes in (refl49)
    r"|^(?:(?:but|and|actually|no)[\s,]+)?we(?:'re|\s+are)\s+an?\s+(?P<shop>[\w.+#-]+)\s+(?:shop|house|team)(?:\s+here)?\s*[.!]*$",
    re.I)

# "why did you write this in python?", "why is this in python?", "you wrote it in python": the language the agent wrote in,
# asked about or told, before the team's own ("we use Go here", "we're a Go shop"; refl49)
_WROTE_IN = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|uh)[\s,]+)?(?:why\s+(?:did|would)\s+(?:you|u)\s+(?:write|build|do|code|implement)|"
                       r"why\s+(?:are|were)\s+(?:you|u)\s+(?:writing|building|doing|coding|implementing)|why\s+(?:is|was)|"
                       r"(?:you|u)\s+(?:just\s+)?(?:wrote|built|did|coded|implemented))\s+(?:this|it|that|the\s+[a-z]+(?:\s+[a-z]+)?)\s+"
                       r"(?:(?:written|built|done)\s+)?in\s+(?P<lang>[\w+#]+)(?:\s+again)?\s*(?:\?+|[.!]*)\s*$", re.I)

# "stop using npm, this repo uses pnpm": what to use instead stated as the project's way in the same sentence
# ("honestly, stop using npm, …": a discourse phrase first is how the person feels about saying it; review35 R35-10)
_STOP_USING = re.compile(r"^(?:(?:honestly|frankly|truthfully|tbh|tbf|ngl|imo|imho|personally|to\s+be\s+(?:quite\s+)?"
                         r"(?:honest|frank))\s*,\s*)?(?:please\s+)?(?:(?:stop|quit)\s+using|(?:we\s+)?(?:don'?t|do\s+not|never)\s+use)\s+"
                         r"(?P<what>[\w.@/+-]+)(?P<where>\s+(?:here|" + _HERE + r"))?\s*[,;]\s*(?P<team>.+)$", re.I)
# ("we don't use requests in this codebase, it's httpx everywhere": the team's ban, where it holds; review48 R48-1)


def _swapped(stop: re.Match[str]) -> str | None:
    """What a ban said with what the team uses instead (:data:`_STOP_USING`) restates, with the ban's scope when it names
    one part of the project: "we don't use requests in the app, it's httpx" -> "use httpx, not requests in the app" (it
    gave "Use `httpx` instead of `requests`.", the scope read as "here"; refl49); "in this app" is here."""
    swap = _team_instead(stop.group("team"), stop.group("what"))
    where = (stop.group("where") or "").strip()
    if swap is not None and re.fullmatch(r"in\s+the\s+app", where, re.I) and swap.startswith("use ") \
            and not re.search(r"\b(?:in|for|on)\s", swap[4:], re.I):
        return f"{swap} {where}"
    return swap


# "thanks! you keep adding docstrings to every function", "why did you add tests again? thanks for that": a repeat
# the person welcomes is no complaint, so a message with a word of approval restates no habit.
_APPROVAL = re.compile(r"\b(?:thanks?|thank\s+you|thx|ty|great|nice|good|love|perfect|awesome|excellent|well\s+done|"
                       r"brilliant|amazing|cool|keep\s+it\s+up|keep\s+up)\b|[\U0001F44D\U0001F64F\u2764]", re.I)


_GERUND = {"using": "use", "calling": "call", "importing": "import", "running": "run", "following": "follow",
           "putting": "put"}


def _sentences(text: str) -> list[str]:
    # Sentence ends are punctuation followed by a space; dots inside names (moment.js) stay.
    parts = re.split(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!/\.\.\.)(?<=[.!?])\s+(?=[\"'`(A-Za-z0-9])|\n+",
                     prose(normalise(text)))
    return [p.strip() for p in parts if p and p.strip()]


def _base(rest: str) -> str:
    head, _, tail = rest.partition(" ")
    base = _GERUND.get(head.lower())
    return f"{base} {tail}".strip() if base else rest


# The reminder leads that recall an earlier statement ("I told you", "we agreed", "as I said", "how many times …"), not a
# bare "remember to …" (which may ask for one step of this task).
_RECALLS = re.compile(r"^(?:(?:like|as)\s+(?:we|i)\s+" + _AGREE + r"|(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+|just\s+)?"
                      + _AGREE + r"|how\s+many\s+times|as\s+(?:agreed|decided|discussed|mentioned|established)|"
                      r"(?:we|i)(?:'ve|\s+have)?\s+(?:went|been|gone)\s+over\s+(?:this|that|it)|"
                      r"(?:as\s+)?per\s+(?:our|my|the)\s+(?:earlier|previous|last|other)\s+(?:chat|conversation|discussion|"
                      r"talk|call|thread|sync))\b", re.I)


# A word or two of the talk before a recalled rule: "but I said to …", "no, we agreed to …", "again, …" is read on its own
_DISCOURSE = re.compile(r"^(?:(?:but|no|nope|and|so|well|hey|ugh|hm+|um+|uh+|wait)\s*[,!.:;]*\s+)+", re.I)


_DECIDED_ON = re.compile(r"^(?:as\s+)?(?:we|i)(?:'ve|\s+have)?\s+(?:already\s+)?(?:decided|settled|agreed)\s+on\s", re.I)


# What a part of the project is, or does not do, recalled as agreed ("I told you the seeds are read-only", "we went over
# this: the service layer doesn't import from controllers"; refl26): said again, it holds from now on.
_SUBJECT = r"(?P<subject>(?:the|our|all(?:\s+the)?)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
_IS_GUARDED = re.compile(r"^" + _SUBJECT + r"\s+(?:(?:is|are)\s+(?:always\s+)?(?:read-only|readonly|immutable|append-only|"
                         r"frozen|off-limits|generated|auto-generated|vendored)|"
                         # "the split seed stays 42", "the iOS deployment target stays at 15": a value kept (refl28)
                         r"(?:stays|stay|remains|remain)\s+(?:at\s+|on\s+)?v?\d[\w.]*)\s*[.!]*$", re.I)
_DOES_NOT = re.compile(r"^" + _SUBJECT + r"\s+(?:doesn'?t|does\s+not|don'?t|do\s+not|never)\s+(?P<verb>[a-z]+)\s+"
                       r"(?P<rest>.+?)\s*[.!]*$", re.I)
_HAS_TO = re.compile(r"^" + _SUBJECT + r"\s+(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:always\s+|never\s+)?"
                     r"[a-z]+\b", re.I)


_REMEMBER_GUARDED = re.compile(r"^(?:(?:and|also|oh\s+and|so|plus|btw)[\s,]+)*(?:please\s+|pls\s+|plz\s+)?"
                               r"(?:remember|don'?t\s+forget|keep\s+in\s+mind)(?:\s+that|\s*[,:])?\s+"
                               r"(?P<said>(?:the|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are)\s+(?:always\s+)?"
                               r"(?:read-only|readonly|immutable|append-only|frozen|off-limits|generated|auto-generated|vendored)"
                               r"(?:\s+for\s+(?:us|you|agents|everyone))?)\s*[.!]*$", re.I)


def _recalled_statement(said: str) -> str | None:
    """ "from now on, …" for a statement about a part or a kind of the project recalled as agreed: what it is (read-only,
    generated), what it must do, or what it does not do (read as "must not"); None for anything else, or for one thing
    of this task ("the new button", "the same file")."""
    said = said.strip()
    if _THIS_TASKS.search(said) or _DEICTIC_OBJECT.search(said.split(" ", 1)[1] if " " in said else ""):
        return None
    subject = re.match(_SUBJECT, said, re.I)
    if subject and subject.group("subject").split()[-1].lower() in ONE_OF_MANY:
        return None  # "I told you the file is read-only": which file only the conversation says
    said = re.sub(r"\s+for\s+(?:us|you|agents|everyone)\b", "", said, count=1, flags=re.I)  # "read-only for us"
    if _IS_GUARDED.match(said) or _HAS_TO.match(said):
        return f"from now on, {said}"
    # "… is read-only for us, write to sandbox_analytics", "… stays 42 or the numbers in the paper dont match": the
    # statement, its reason or the next step after it left out (refl28)
    head = re.split(r"\s*[,;]\s+|\s+(?:or|otherwise|because|since|so)\s+", said, maxsplit=1)[0]
    if head != said and _IS_GUARDED.match(head):
        return f"from now on, {head}"
    match = _DOES_NOT.match(said)
    if match and match.group("verb").lower() in VERBS:
        return f"from now on, {match.group('subject')} must not {match.group('verb')} {match.group('rest')}"
    return None


def _strip_reminder(sentence: str) -> str | None:
    """The sentence without its reminder lead, or None when it has none (or nothing follows it but one word that is no
    tool: "we agreed on pnpm" recalls a choice, "we agreed on monday" a date)."""
    from altimate_learn.reflect.providers.builtin.choices import _tool_name

    stripped = sentence
    for _ in range(3):
        match = _REMINDER.match(stripped)
        if not match or match.end() == 0:
            break
        stripped = stripped[match.end():].strip()
    if stripped == sentence or len(stripped.split()) < 2 and not (
            _DECIDED_ON.match(sentence) and _tool_name(stripped.rstrip(".!"), everyday=False)):
        return None
    # "remember we're not touching the legacy billing module": the team's way, said as what it is doing (refl26)
    doing = re.match(r"^we(?:'re|\s+are)\s+not\s+(?P<verb>[a-z]+ing)\s+(?P<rest>.+)$", stripped, re.I)
    if doing:
        from altimate_learn.reflect.providers.builtin.vocabulary import gerund_base

        base = gerund_base(doing.group("verb").lower())
        if base:
            return f"don't {base} {doing.group('rest')}"
    return stripped


def _without_steps(rest: str) -> str:
    """What was agreed, without the steps asked for after it ("… on Decimal, replace the floats and continue": this
    task's; "Always use `Decimal`, replace the floats and `continue`." was written)."""
    step = re.search(r"\s*[,;]\s+(?:(?:and|then|so|now|please|pls|just)\s+)*(?=(?:" + "|".join(sorted(VERBS)) + r")\b)",
                     rest, re.I)
    return rest[:step.start()] if step else rest


# "have you forgotten that we use pnpm?", "did you forget we don't commit to main?": the team's way, asked about
_FORGOTTEN = re.compile(r"^(?:have\s+you\s+forgotten|did\s+you\s+forget|don'?t\s+you\s+remember|do\s+you\s+not\s+remember)"
                        r"\s+(?:that\s+)?(?P<rest>.+?)\s*\?+\s*$", re.I)


def _recalled_way(rest: str) -> str | None:
    """ "from now on, <rest>" when what a person recalls as agreed or said before is a way of working on a kind of thing
    or code ("keep handlers thin", "pin dependencies"): said again, it holds every time. None for a step of this task
    ("restart the server", "fix the header") or one thing of it ("keep it simple", "use the staging db")."""
    from altimate_learn.reflect.providers.builtin.vocabulary import RECALLED_WAY_VERBS

    rest = re.sub(r"^always\s+", "", rest.strip(), flags=re.I)  # "I told you to always squash commits"
    verb, _, obj = rest.partition(" ")
    if re.search(r"\b(?:not|instead|rather|over)\b", obj, re.I):
        return None  # "I told you to use pnpm not npm": the choice's own template reads it
    if verb.lower() not in RECALLED_WAY_VERBS or not obj or _DEICTIC_OBJECT.search(obj) or _THIS_TASKS.search(obj) \
            or re.search(r"\b(?:for\s+now|today|this\s+time|yet|later|first|then)\b", obj, re.I):
        return None
    what = re.split(r"\s+(?:with|in|into|to|on|for|by|before|after|as|under|via|using)\b", obj, maxsplit=1)[0]
    what = re.sub(r"^(?:all|every|each|our)\s+", "", what)
    if verb.lower() == "keep" and len(what.split()) > 1 and what == obj:
        what = what.rsplit(" ", 1)[0]  # "keep handlers thin": what is kept, then how ("keep type hints on public
        # functions" keeps "type hints" whole, where it holds said after it; review44 R44-3)
    from altimate_learn.reflect.providers.builtin.vocabulary import PEOPLE, VAGUE_KINDS

    if _one_thing(what) or not (_a_kind(what) or _code_word(what)) \
            or set(re.findall(r"[a-z]+", what.lower())) & (VAGUE_KINDS | PEOPLE | _COMPARATIVES):
        return None  # "keep costs down", "use fewer colors": how much, for this task's design
    return f"from now on, {rest.strip()}"


_COMPARATIVES = frozenset("fewer more less bigger smaller larger shorter longer better worse".split())


# "why would you put the API key in the Dockerfile?", "since when do we query the warehouse with raw SQL?": asked so
# that the answer is "never" (refl25)
_WHY_WOULD = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|seriously)[\s,]+)?(?:why\s+(?:on\s+earth\s+)?would\s+(?:you|anyone)|"
                        r"who\s+(?:told|asked)\s+you\s+to|"
                        r"since\s+when\s+do\s+(?P<we>we))\s+(?:ever\s+)?(?P<rest>[a-z].+?)\s*\?*\s*$", re.I)
# "keep your hands off the prod workspace", "hands off the migrations", "leave the generated files alone": the guard
_HANDS_OFF = re.compile(r"^(?:please\s+)?(?:keep\s+(?:your\s+)?hands\s+off|hands\s+off)\s+(?P<what>.+?)\s*[.!]*$"
                        r"|^(?:please\s+)?leave\s+(?P<left>.+?)\s+alone\s*[.!]*$", re.I)


# "you deleted my comments", "u removed my docstrings in that file" (blind9, blind10): the person's own writing in the code,
# taken out by the agent: never remove what others wrote (refl41)
_DELETED_MINE = re.compile(r"^(?:(?:ugh|wait|hey|dude|wow|so|and|also|btw)[\s,]+)*(?:you|u)\s+(?:just\s+)?(?:deleted|removed|stripped|"
                           r"dropped|wiped|nuked|took\s+out)\s+(?:all\s+(?:of\s+)?)?my\s+(?P<what>comments|docstrings|notes|todos|"
                           r"todo\s+comments)(?:\s+(?:in|from)\s+(?:that|this|the)\s+(?:file|module|function|class))?"
                           r"(?:\s+(?:again|everywhere))?\s*[.!]*$", re.I)


# "btw you used print() for the warnings again, we log everything through structlog" (blind8): the slip said again, then
# the team's way of doing that job, which the slip's code is no part of (refl41)
_AGAIN_WE_DO = re.compile(r"^(?P<lead>(?:(?:btw|by\s+the\s+way|also|and|oh\s+and|ugh|again)[\s,]+)*)(?:you|u)\s+(?:just\s+)?(?:used|added|wrote|put|"
                          r"left)\s+(?P<x>`[^`]+`|[\w.]+(?:\(\))?)(?:\s+(?:for|in|on)\s+[^,;]{1,40}?)?\s+again\s*[,;]\s*"
                          r"we\s+(?:always\s+)?(?P<verb>log|send|write|route|report|emit|format|validate|fetch|call|make)\s+"
                          r"(?:everything|all(?:\s+[a-z]+)?|it\s+all|our\s+[a-z]+|them)?\s*(?P<how>through|with|via|using)\s+"
                          r"(?P<z>`[^`]+`|[\w.@/-]+(?:\(\))?)\s*[.!]*$", re.I)


# "use our AppColors, you hardcoded hex values on the login screen", "use the template engine we have, you built the welcome
# email with string concatenation" (blind10): what to use, then what the agent used instead, said after it (refl41)
_USE_YOU_DID = re.compile(r"^(?P<lead>(?:(?:and|also|btw|but|so)[\s,]+)*)(?:please\s+|pls\s+)?use\s+(?P<x>(?:our|the)\s+[\w`.<>-]+"
                          r"(?:\s+(?!(?:we|you|instead|here|there|please|pls)\b)[\w-]+){0,2})(?:\s+we\s+have)?\s*[,;]\s*"
                          r"(?:you|u)\s+(?:just\s+)?(?P<verb>hard-?coded|used|wrote|added|(?:built|made|wrote|did)\s+(?:the|that|"
                          r"this)\s+[\w-]+(?:\s+[\w-]+)?\s+with)\s+(?P<y>[^,;]+?)(?:\s+(?:on|in|for)\s+(?:the|that|this)\s+"
                          r"[\w\s/.-]{1,40}?)?(?:\s+again)?\s*[.!]*$", re.I)


# What says a question is asked to learn, not to object: "I didn't know", "just curious", "is that new?"
_CURIOUS = re.compile(r"\b(?:i\s+(?:didn'?t|did\s+not)\s+know|just\s+(?:curious|asking|wondering)|out\s+of\s+curiosity|"
                      r"is\s+that\s+new|genuinely\s+asking|honest\s+question|i'?m\s+(?:curious|wondering))\b", re.I)


# A moment or a count of this task: "don't deploy today", "why would you send two emails" hold now, not every time
_ONE_TIME = re.compile(r"\b(?:today|tonight|tomorrow|now|yet|this\s+(?:week|time|sprint|release)|for\s+now|twice|"
                       r"thrice|two|three|four|another|a\s+(?:second|third|new|separate)|an\s+(?:extra|additional|other))\b",
                       re.I)
# ... or one new thing built: "why would you add a loading spinner" (asked of "commit a secret" it is a rule)
_NEW_ONE = re.compile(r"^(?:add|create|open|build|make|write|introduce|start)\s+(?:a|an|one)\s", re.I)


def _why_there(sentence: str) -> str | None:
    """ "never use sleeps in tests" for "why are there sleeps in the tests": something a project keeps out of its code
    (vocabulary.KEPT_OUT), asked about where the agent put it (blind10; refl41); None otherwise."""
    from altimate_learn.reflect.providers.builtin.vocabulary import KEPT_OUT

    match = _WHY_THERE.match(sentence)
    if not match or match.group("what").lower() not in KEPT_OUT:
        return None
    where = match.group("where")
    if re.fullmatch(r"(?:the|our)\s+(?:code|codebase|repo|repository|project|app)", where, re.I):
        return f"from now on, never use {match.group('what')}"  # "… all over the code": anywhere
    if _DEICTIC_OBJECT.search(where) or not _plural(where.split()[-1]):
        return None  # "why are there sleeps in this file": one thing of this task
    where = re.sub(r"^(?:the|our|all(?:\s+the)?)\s+", "", where, flags=re.I)
    return f"never use {match.group('what')} in {where}"


_WHY_THERE = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|uh)[\s,]+)?(?:why|how\s+come)\s+(?:are|is)\s+there\s+(?:(?:so\s+many|all\s+these|"
                        r"these|any)\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:in|all\s+over|throughout|inside)\s+"
                        r"(?P<where>(?:the|our|all\s+the)\s+[a-z][\w-]*(?:\s+(?!(?:now|again|everywhere)\b)[a-z][\w-]*)?)(?:\s+(?:now|again|everywhere))*"
                        r"\s*[?!.]*$",
                        re.I)


# "you should have used pnpm", "should've run the tests before committing", "we should have added a migration for every new
# column": what the agent ought to have done, said after it did otherwise; read as the order it carries, which the rules
# then read as ever (a step of this task, "you should have run the tests", still gives nothing). Not "you shouldn't have
# …" (one act regretted), nor a thing that should have been ("the bar should have been white": a report).
_SHOULD_HAVE = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh|no|nope|also|and|yeah|well)[\s,]+)*(?:(?:you|u)\s+)?(?:really\s+)?"
                          r"(?:should(?:'ve|\s+have|ve|\s+of)|ought\s+to\s+have)\s+(?:just\s+)?(?P<verb>[a-z]+)\s+"
                          r"(?P<rest>[^?]+?)\s*[.!]*$", re.I)
_PARTICIPLES = {"run": "run", "put": "put", "read": "read", "set": "set", "written": "write", "made": "make", "kept": "keep",
                "done": "do", "taken": "take", "given": "give", "left": "leave", "chosen": "choose", "built": "build",
                "split": "split", "sent": "send", "hidden": "hide", "rewritten": "rewrite", "stuck": "stick"}


def _participle_base(word: str) -> str | None:
    """ "use" for "used", "run" for "run", "add" for "added": a participle's verb when the rules know it, else None."""
    lowered = word.lower()
    if lowered in _PARTICIPLES:
        return _PARTICIPLES[lowered]
    if not lowered.endswith("ed"):
        return None
    stem = lowered[:-2]
    for candidate in (stem, lowered[:-1], stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None,
                      stem[:-1] + "y" if stem.endswith("i") else None):
        if candidate and candidate in VERBS:
            return candidate
    return None


# ... said as a regret, or taken back in the same message: "… in hindsight", "…, too late now", "sorry, pnpm was right"
# (check47 C47-5: each gave the regretted choice as a rule)
_REGRET = re.compile(r"\b(?:hindsight|too\s+late|oh\s+well|in\s+retrospect|looking\s+back|whatever|anyway|never\s*mind|nvm|"
                     r"my\s+bad|(?:was|is|were|are)\s+(?:right|correct|fine|ok(?:ay)?)|no\s+big\s+deal)\b", re.I)


def _should_have(sentence: str, text: str = "") -> str | None:
    """The order "you should have <done> …" carries ("use pnpm instead" for "you should have used pnpm"), or None: also
    for the team's own regret ("we should have used jest"), and when the message says it is too late or takes it back
    (``text``, the whole message)."""
    match = _SHOULD_HAVE.match(sentence)
    base = _participle_base(match.group("verb")) if match else None
    if not base or _REGRET.search(text or sentence):
        return None
    rest = match.group("rest")
    if base == "use" and not re.search(r"\b(?:instead|rather\s+than|not)\b", rest, re.I):
        rest = f"{rest} instead"  # what the agent used was another one: "use X instead"
    return f"{base} {rest}"


def _question(sentence: str, text: str = "") -> str | None:
    """The statement a corrective question carries, or None (``text``: the whole message it is in)."""
    should = _should_have(sentence, text)
    if should:  # "you should have used pnpm"
        return should
    there = _why_there(sentence)
    if there:  # "why are there sleeps in the tests"
        return there
    chosen = when_we_have(sentence, _code_word) or challenge(sentence)
    if chosen:  # "how come you used requests when we have httpx everywhere", "did u even run it?"
        return chosen
    match = _WHY_WOULD.match(sentence)
    if match and (_ONE_TIME.search(match.group("rest")) or _NEW_ONE.match(match.group("rest"))):
        return None  # "why would you open a new PR / add a loading spinner / call the api twice" (review27 R27-4)
    if match:
        rest = match.group("rest")
        if match.group("we") and not re.search(r"\s(?:with|in|inside|into|on|for|from|without)\s", rest, re.I):
            return None  # "since when do we use docker?": may ask a fact; with how or where, it objects
        return f"we don't {rest}" if match.group("we") else f"don't {rest}"
    match = _DIDNT_WE.match(sentence)
    if match:
        rest = match.group("rest")
        rest = _without_steps(rest)
        if re.search(r"\bon\s*$", sentence[:match.start("rest")], re.I) and rest.split()[0].lower() not in VERBS:
            rest = f"use {rest}"  # "didn't we agree on pnpm?", "I thought we settled on zod for validation?" (as
            # "we decided on snake_case for …" reads)
        return _recalled_way(rest) or rest
    match = _FORGOTTEN.match(sentence)
    if match:
        return match.group("rest")
    match = _SHOULDNT.match(sentence)
    if match:
        subject = match.group("subject")
        rest = match.group("rest")
        if re.fullmatch(_PRONOUN, subject, re.I):
            return rest
        return f"{subject} should {rest}"
    match = _WHY_NOT.match(sentence)
    if match:
        return _base(match.group("rest"))
    match = _CAN_YOU_NOT.match(sentence)
    if match:
        rest = match.group("rest")
        if match.group("how").lower() == "not":
            return f"don't {rest}"
        return f"stop {rest}"
    return None


# "why did you use moment? we got rid of it last year" (blind8): the tool asked about is one the team dropped (refl40)
_TEAM_DROPPED = re.compile(r"^(?:(?:but|and|actually|no)[\s,]+)?we(?:'ve|\s+have)?\s+(?:already\s+)?(?:got\s+rid\s+of|gotten\s+rid\s+of|"
                           r"dropped|removed|ditched|banned|deprecated|killed|retired|stopped\s+using|moved\s+(?:off|away\s+from))\s+"
                           r"(?P<what>it|them|that|[\w.@+-]+)(?:\s+(?:last\s+(?:week|month|year|sprint|quarter)|a\s+while\s+ago|"
                           r"recently|already|ages\s+ago|years\s+ago|long\s+ago))?\s*[.!]*$", re.I)


# "why are you installing things globally?": what the agent is doing, asked about, with what it does it to
_WHY_DOING = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh)[\s,]+)?(?:why\s+(?:are|were)\s+(?:you|u)|why\s+r\s+u|y\s+r\s+u|"
                        r"why\s+do\s+you\s+keep)\s+(?P<verb>(?!using\b|going\b|doing\b|asking\b|trying\b|getting\b)[a-z]+ing)\s+"
                        r"(?P<what>(?!(?:it|this|that|them|me|us|so|again|now|here)\b)[^?]{3,60}?)\s*\?+\s*$", re.I)
# ... what the agent does "it" as or under ("running it as root", "starting it under sudo"): the way, not the thing
_HOW_IT_RUNS = re.compile(r"^(?P<doing>(?:(?:wait|hm+|um+|so|but|ugh)[\s,]+)?(?:why\s+(?:are|were)\s+(?:you|u)|why\s+r\s+u|"
                          r"y\s+r\s+u)\s+(?:running|starting|launching|executing|deploying|installing)\s+)(?:it|this|that|them|"
                          r"everything|things)\s+(?=(?:as|under)\s+\S+\s*\?+\s*$)", re.I)
# and what to use instead, said next: "use the project venv" (not one thing only the conversation names)
_USE_INSTEAD = re.compile(r"^(?:just\s+|please\s+|pls\s+)?(?P<use>use\s+(?:the\s+|our\s+)?(?!(?:one|it|that|this|them|those|"
                          r"these|mine|yours)\b)[\w`'./<>-]+(?:\s+(?!for\s+now\b|this\s+time\b|instead\b)[\w`'./<>-]+){0,3})"
                          r"(?:\s+instead)?\s*[.!]*$", re.I)


# ... or the team's way of doing it, said next: "we always go through the repos in app/repos/" (review40 R40-9, R39-6's
# family): that way, instead of what the agent is doing (refl41)
_WE_GO_THROUGH = re.compile(r"^(?:(?:but|and|no|here)[\s,]+)?we\s+(?:always\s+|only\s+)?(?P<how>go\s+through|go\s+via|use|call|"
                            r"talk\s+to|read\s+from|write\s+to)\s+(?P<what>(?:the|our)\s+(?!(?:one|same|other)\b)[\w`'./<>-]+"
                            r"(?:\s+(?!for\s+now\b|this\s+time\b|instead\b|today\b)[\w`'./<>-]+){0,4})\s*[.!]*$", re.I)
# ... or what the tests it fakes a part for do instead: "why are you mocking the db? integration tests hit the real
# postgres container" (review39 R39-6): never fake that part in those tests (refl41)
_REAL_THING = re.compile(r"^(?:(?:but|and|no|here)[\s,]+)?(?:the\s+|our\s+)?(?P<tests>(?:[a-z][\w-]*\s+)?(?:tests|specs|suites))\s+"
                         r"(?:always\s+)?(?:hit|use|run\s+(?:against|on)|talk\s+to|go\s+to)\s+(?:the|a)\s+real\s+"
                         r"[\w-]+(?:\s+[\w-]+){0,2}\s*[.!]*$", re.I)


# "why is there a new axios instance in utils? we already have apiClient in lib/http", "why is there a second logger now? we
# have pino" (blind10, blind11): one more of a thing the project already has one of, named as code (refl41)
_WHY_NEW = re.compile(r"^(?:(?:wait|hm+|so|but|ugh|um+)[\s,]+)?(?:why|how\s+come)\s+(?:is\s+there|are\s+there|do\s+we\s+(?:now\s+)?have|"
                      r"did\s+(?:you|u)\s+(?:add|create|write|make|build|introduce|set\s+up)|(?:you|u)\s+(?:added|created|wrote|made|"
                      r"built|introduced))\s+(?:a|an)\s+(?:new|second|another|extra|separate|third|other|whole\s+new)\s+"
                      r"(?P<what>[a-z`][\w`.-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+(?:in|under|inside)\s+[\w./`-]+)?(?:\s+now)?\s*\?+\s*$",
                      re.I)
_WE_HAVE = re.compile(r"^(?:(?:but|and|no)[\s,]+)?we\s+(?:already\s+)?(?:have|got|use)\s+(?P<have>(?:the\s+)?[\w`.@/-]+)"
                      r"(?:\s+(?:in|under|at|from)\s+(?P<where>[\w./`-]+))?(?:\s+(?:already|for\s+that|for\s+this|everywhere))?"
                      r"\s*[.!]*$", re.I)


# ... or that what it changes is made by a tool: "why are you editing the generated client? that file gets overwritten on
# every build" (blind8): never change it by hand (refl41)
_MADE_OVER = re.compile(r"^(?:(?:but|and|because|since|cause|cuz)[\s,]+)?(?:(?:that|this|it|the)(?:\s+(?:file|files|folder|dir|"
                        r"directory|code|module|client|one))?\s+(?:gets|get|is|are|will\s+be|'s|'ll\s+be)|it'?s|that'?s|they'?re)\s+"
                        r"(?:(?:just|always|all)\s+)?(?:overwritten|regenerated|generated|auto-?generated|rebuilt|recreated|"
                        r"replaced|wiped)\b(?:\s+(?:on|by|at|from|with|in|every|each|whenever)\b[^?]*)?\s*[.!]*$", re.I)
# "ugh, you edited the parent theme. updates will wipe that" (blind10): what the agent changed is overwritten by what comes
# later; never change it by hand (refl41)
_YOU_EDITED = re.compile(r"^(?:(?:ugh|wait|hey|dude|so|and|also|btw|oh\s+no)[\s,]+)*(?:you|u)\s+(?:just\s+)?(?P<verb>edited|changed|"
                         r"modified|touched|patched|hand-edited)\s+(?P<what>(?:the|our)\s+(?!(?:one|same|other)\b)[\w`./-]+"
                         r"(?:\s+[\w`./-]+){0,2}?)(?:\s+(?:directly|again|by\s+hand))?\s*[.!]*$", re.I)
_WIPED = re.compile(r"^(?:(?:and|but|so)[\s,]+)?(?:(?:the\s+)?(?:next\s+)?(?:updates?|upgrades?|releases?|builds?|rebuilds?|"
                    r"regeneration|generator|codegen|deploys?)|any\s+(?:update|upgrade)|regenerating|updating)\s+(?:will|would|is\s+going\s+to|"
                    r"'ll)\s+(?:just\s+)?(?:wipe|overwrite|replace|undo|clobber|lose|erase|nuke|revert)\s+(?:that|it|them|those|"
                    r"this|those\s+changes|your\s+changes|the\s+changes)(?:\s+out)?\s*[.!]*$", re.I)
# "why did you change the public signature of parse()? that's a breaking change for everyone who depends on this package"
# (blind9), "ugh, you changed the response shape. three other services call this" (blind11): what others depend on, changed
_WHY_CHANGED = re.compile(r"^(?:(?:wait|hm+|um+|so|but|ugh)[\s,]+)?(?:why\s+did\s+(?:you|u)|why'?d\s+(?:you|u)|how\s+come\s+(?:you|u))\s+"
                          r"(?P<verb>change|rename|remove|modify)\s+(?P<what>(?:the|our)\s+(?!(?:one|same|other)\b)[\w`./()-]+"
                          r"(?:\s+[\w`./()-]+){0,4}?)\s*\?+\s*$", re.I)
_DEPENDED_ON = re.compile(r"^(?:(?:and|but|so)[\s,]+)?(?:(?:that|this|it)(?:'s|\s+is|\s+was)\s+a\s+breaking\s+change\b.*"
                          r"|(?:(?:two|three|four|five|several|many|other|\d+|a\s+(?:few|lot\s+of|bunch\s+of))\s+)+(?:other\s+)?"
                          r"(?:services|teams|clients|apps|consumers|packages|repos|projects|callers)\s+(?:call|use|import|depend\s+on|"
                          r"read|consume|rely\s+on)\s+(?:this|it|that|them)\b.*)$", re.I)
def _shared_surface(what: str) -> bool:
    """Whether a changed part others depend on is named so that a later task knows it: code ("the public signature of
    parse()"), a public mark ("the public API", vocabulary.PUBLIC_MARKS) or what every endpoint has ("the response
    shape"); "the function signature" is one function only the conversation names."""
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
    from altimate_learn.reflect.providers.builtin.vocabulary import PUBLIC_MARKS

    words = set(re.findall(r"[a-z]+", what.lower()))
    return "`" in mark_identifiers(what) or bool(words & PUBLIC_MARKS) \
        or bool(re.search(r"\bresponse\s+(?:shape|format|schema|fields|body)\b|\b(?:api|apis|contract|wire\s+format)\b", what,
                          re.I))


_EDITED_ING = {"edited": "editing", "changed": "changing", "modified": "modifying", "touched": "touching",
               "patched": "patching", "hand-edited": "hand-editing"}
_CHANGING = {"editing": "edit", "modifying": "modify", "changing": "change", "touching": "touch", "patching": "patch",
             "hand-editing": "hand-edit", "updating": "update", "rewriting": "rewrite"}


def _team(sentence: str, asked: str | None, bare: bool = False) -> str | None:
    dropped = _TEAM_DROPPED.match(sentence) if asked and re.fullmatch(r"[\w.@+-]+", asked) else None
    if dropped and dropped.group("what").lower() in ("it", "them", "that", asked.lower()):
        return f"never use {asked}"
    match = _TEAM_USES.match(sentence)
    if not match and asked and re.fullmatch(r"[\w.@+-]+", asked) and not sentence.rstrip().endswith("?"):
        named = _TEAM_IS.match(sentence)
        what = (named.group("what") or named.group("moved") or named.group("on") or named.group("dep")
                or named.group("its") or named.group("shop")) if named else ""
        # ("moment.js" is moment: a JavaScript library named with its ".js"; review44 R44-3)
        families = [TOOL_FAMILIES.get(w, frozenset()) | CHOICE_FAMILIES.get(w, frozenset())
                    for w in (re.sub(r"\.js$", "", name) for name in (what.lower(), asked.lower().strip("`")))]
        if what.lower() != asked.lower().strip("`") and (families[0] & families[1] or _same_job(what, asked)):
            return f"use {what}, not {asked}"  # two tools of one job ("how come you added tests? this repo is fine")
    if not match:
        return None
    how = (match.group("how") or "").strip().lower()
    what = match.group("what").strip()
    if what.endswith("?"):
        return None  # "we use pnpm?", "we use pnpm, right?": asked, not stated (check47 C47-8 gave "Use `pnpm`? instead …")
    what = re.sub(r"\s+(?:here|in\s+(?:this|our)\s+(?:repo(?:sitory)?|project|codebase))$", "", what, flags=re.I)
    if asked:  # "why did you use requests? we use httpx everywhere": how widely, said against what the agent used (refl49)
        what = re.sub(r"\s+everywhere$", "", what, flags=re.I)
        # "why is it still eslint? we use biome now": since when, said against the tool the agent kept (gave only "Use
        # `biome`.", the replaced tool lost; ask50's left-alone)
        what = re.sub(r"(?<=\S)\s+(?:now|nowadays|these\s+days)$", "", what, flags=re.I)
    lead = "always use" if how == "always" else "use"
    if bare and asked and not _same_job(what.split()[0] if what.split() else "", asked):
        asked = None  # "why docker? we use kubernetes": a tool asked about bare is replaced only by one of its job
    if asked and not re.search(r"(?<![\w-])" + re.escape(asked) + r"(?![\w-])", what, re.I):
        # (the team's tool said with its limit, "we use pnpm, but only in the frontend": the banned one before the limit,
        # not glued after it, "Use `pnpm`, but only in the frontend, not `npm`."; check47 C47-8)
        limited = re.search(r"\s*,?\s+(?=(?:but\s+)?(?:only|except)\b)", what, re.I)
        if limited and limited.start() > 0:
            return f"{lead} {what[:limited.start()]}, not {asked}, {what[limited.end():]}"
        return f"{lead} {what}, not {asked}"
    return f"{lead} {what}"


# The languages a project writes its code in, any one for another ("sql" is none: it is written next to any of them)
_LANGUAGES = PROGRAMMING_LANGUAGES - {"sql", "r"}

_BARE_BAN = re.compile(r"^(?P<ask>(?:can|could|would|will)\s+(?:you|u)\s+(?=(?:please\s+|pls\s+)?(?:stop|quit)\s))?"
                       r"(?:please\s+|pls\s+)?(?:(?:stop|quit)\s+using|(?:we\s+)?(?:don'?t|do\s+not|never)\s+use)\s+"
                       r"(?P<what>[\w.@/+-]+)(?:\s+(?:here|" + _HERE + r"))?\s*(?:[.!]*|(?(ask)\?+))$", re.I)
# ("could you please stop using npm? we use pnpm": the polite question is the same ban; refl47)


# "we log with structlog", "we test with vitest here": the team's tool for a job, named by the job's verb (refl49)
_WE_DO_WITH = re.compile(r"^(?:(?:but|and|no)[\s,]+)?we\s+(?:always\s+|only\s+)?(?P<verb>log|format|lint|test|bundle|"
                         r"type-?check|validate)\s+(?:everything\s+|all\s+of\s+it\s+)?(?:with|through|via|using)\s+"
                         r"(?P<y>`[^`]+`|[\w.@/-]+)(?:\s+(?:here|everywhere|now|" + _HERE + r"))?\s*[.!]*$", re.I)
_VERB_JOB = {"log": "logging", "format": "formatter", "lint": "linter", "test": "test runner", "bundle": "bundler",
             "typecheck": "type checker", "type-check": "type checker", "validate": "validation"}
# what logging replaces that is no logging tool: printing to the console
_PRINTS = frozenset("print print() println printf puts console.log console.log() fmt.println system.out.println echo "
                    "var_dump dbg! pp".split())


def _done_with(team: str, banned: str) -> str | None:
    """ "log with structlog instead of print" for a tool banned right before "we log with structlog" (refl49: "would you
    stop using print? we log with structlog" gave "Never use `print`." and "Log with `structlog`."): only when the tool
    does the job its verb names (vocabulary.TOOL_FAMILIES) and the banned one is a tool of that job too, or printing
    for logging ("stop using print, we test with pytest" names no one job)."""
    said = _WE_DO_WITH.match(team)
    banned = banned.rstrip(".")  # ("stop using print.": the sentence's end)
    if not said:
        return None
    verb = said.group("verb").lower()
    job = _VERB_JOB[verb]
    tool, old = said.group("y").strip("`").lower(), banned.strip("`").lower()
    if tool == old or job not in TOOL_FAMILIES.get(tool, frozenset()):
        return None
    if job not in TOOL_FAMILIES.get(old, frozenset()) and not (job == "logging" and old in _PRINTS):
        return None
    return f"{verb} with {said.group('y')} instead of {banned}"


def _team_instead(team: str, banned: str) -> str | None:
    """What the team uses in place of a tool banned right before it: "this repo uses pnpm" (:func:`_team`), or "we have
    apiClient" when what it has is code or a tool of the banned one's job ("dont use axios, we have apiClient"; not "we
    have native methods for all of that", which names no one thing)."""
    used = _team(team, banned) or _done_with(team, banned)
    if used is not None:
        return used
    have = _WE_HAVE.match(team)
    name = have.group("have") if have else ""
    if not have or re.fullmatch(r"(?:the\s+)?(?:one|same|other|it|that|this)", name, re.I) \
            or not (_code_word(name) and name.lower().strip("`") != banned.lower().strip("`") or _same_job(name, banned)):
        return None
    where = f" in {have.group('where')}" if have.group("where") else ""
    return f"use {name}{where}, not {banned}"


def _same_job(one: str, other: str) -> bool:
    """Whether two names are tools or choices of one job (vocabulary.TOOL_FAMILIES, CHOICE_FAMILIES; "moment.js" is
    moment)."""
    a, b = (re.sub(r"\.js$", "", name.lower().strip("`")) for name in (one, other))
    if a != b and {a, b} <= _LANGUAGES and {a, b} != {"go", "golang"}:
        return True  # "why python? we use go": two languages to write the code in
    return a != b and bool((TOOL_FAMILIES.get(a, frozenset()) | CHOICE_FAMILIES.get(a, frozenset()))
                           & (TOOL_FAMILIES.get(b, frozenset()) | CHOICE_FAMILIES.get(b, frozenset())))


def _agreed(statement: str) -> str:
    """A tool choice recalled as agreed earlier ("I told you to use uv", "didn't we say to use ruff?") holds every
    time: "always use uv". Only "use"/"prefer" + what to use; any other verb may be a step asked for once."""
    if re.match(r"^(?:use|prefer)\s+(?!(?:the|a|an|this|that|it|my|our|your|some)\b)[\w.@/+-]+(?:\s+(?:for|in|to|with|as)\s.+)?$",
                statement, re.I) and not re.search(
            r"\b(?:for\s+(?:this|that|now)|this\s+time|not|instead|rather|over)\b", statement, re.I):
        return "always " + statement
    if re.match(r"^no\s+\S", statement, re.I):
        return "again, " + statement  # "didn't we say no default exports?": a ban recalled, as "again, no …" (refl39)
    return statement


# "You're supposed to be following that" (after "What does @PYTHON.md say?"), "you're supposed to run the linter": what
# the agent is expected to do every time, said as a reminder (present tense: "you were supposed to …" is one slip)
_SUPPOSED = re.compile(_HABIT_LEAD + r"you(?:'re|\s+are)\s+(?:always\s+)?supposed\s+to\s+(?P<be>be\s+)?(?P<verb>[a-z-]+)\s+"
                       r"(?P<rest>.+?)\s*[.!]*$", re.I)
_FILE_NAMED = re.compile(r"(?<![\w./-])@?(?P<file>[\w./-]*[\w-]\.(?:md|mdc|txt|rst))\b", re.I)
_PRONOUN_ONLY = re.compile(r"^(?:that|this|it|them)$", re.I)


def _supposed(sentence: str, text: str) -> str | None:
    """The standing rule "you're supposed to …" carries, or None: "follow"/"read" with a pronoun takes the one
    instruction file the message names ("What does @PYTHON.md say? You're supposed to be following that."); anything
    else needs a kind of thing, code or what the project has one of as its object ("…to update the changelog")."""
    from altimate_learn.reflect.providers.builtin.vocabulary import VERBS, gerund_base

    match = _SUPPOSED.match(sentence)
    if not match or sentence.rstrip().endswith("?"):
        return None  # "you're supposed to use pnpm, right?": asked, not said
    word = match.group("verb").lower()
    base = word if word in VERBS else gerund_base(word)
    rest = match.group("rest").strip()
    if base is None:
        return None
    if match.group("be") and base not in ("follow", "read", "use"):
        return None  # "you're supposed to be updating the docs, not the code": where this task should be (R22-14)
    if _PRONOUN_ONLY.match(rest):
        files = {m.group("file") for m in _FILE_NAMED.finditer(text)}
        if base in ("follow", "read") and len(files) == 1:
            return f"from now on, {base} {files.pop()}"
        return None

    definite = re.match(r"^(?:the|all\s+the)\s+(.+)$", rest, re.I)
    if _one_thing(rest) or re.match(r"^(?:a|an|this|that|these|those)\b", rest, re.I) \
            or definite and _plural(definite.group(1)) and not _a_kind(rest):
        return None  # "…to fix the button", "…to change the colors": this task's things (review21)
    return f"from now on, {base} {rest}"


# "#131313 i said to use this color for background of tab bar": the value first, then the reminder that points back at
# it; only a value that is code (a colour, a number, a name in backticks or with code marks), never a word ("blue")
_FRONTED = re.compile(r"^(?P<value>#[0-9a-f]{3,8}|`[^`]+`|\d[\w.%-]*|[a-z][\w-]*[_./][\w./-]*[\w/])\s*[,:;-]?\s*"
                      r"(?:i|we)\s+(?:already\s+)?(?:said|told\s+you|asked\s+you|agreed)\s+(?:to\s+)?use\s+(?:this|that|it)"
                      r"(?:\s+[a-z]+)?\s+(?P<prep>for|as)\s+(?P<target>[a-z][\w\s'-]{2,60}?)\s*[.!]*$", re.I)


def _fronted(sentence: str) -> str | None:
    match = _FRONTED.match(sentence)
    if not match or re.search(r"\b(?:this|that|it|these|those|here|there|me|you)\b", match.group("target"), re.I):
        return None
    value = match.group("value").strip("`")
    return f"use `{value}` {match.group('prep').lower()} {match.group('target').strip()}"


# A step named by its kind ("the linter", "the tests") and the tool families that do it (vocabulary.TOOL_FAMILIES)
_STEP_KINDS = {"linter": "linter", "linters": "linter", "lint": "linter", "lints": "linter", "formatter": "formatter",
               "tests": "test runner", "test suite": "test runner", "unit tests": "test runner", "type checker": "type checker",
               "typechecker": "type checker", "type checks": "type checker", "type check": "type checker"}
_SKIPPED_STEP = re.compile(r"^(?P<verb>run)\s+(?:the\s+)?(?P<kind>" + "|".join(sorted(_STEP_KINDS, key=len, reverse=True))
                           + r")(?P<when>\s+(?:before|after|when|whenever)\s+\S.*)$", re.I)
# "we always run ruff first", "we run mypy": the team's own tool for that step (its time left to the question, "first")
_PRACTICE = re.compile(r"^(?:(?:but|and|here|no)[\s,]+)?we\s+(?:always\s+)?(?P<verb>run|use)\s+(?P<what>`[^`]+`|[\w.@+-]+"
                       r"|the\s+(?:" + "|".join(sorted(_STEP_KINDS, key=len, reverse=True)) + r"))"
                       r"(?:\s+(?:first|here|too))*\s*[.!]*$", re.I)
# "before saying done", "before you say it's done", "before calling it done": the end of a task, in the lesson's words
_SAYING_DONE = re.compile(r"\bbefore\s+(?:(?:you\s+)?(?:say|said|saying|tell\s+me|told\s+me|telling\s+me)\s+(?:(?:that\s+)?(?:it'?s|it\s+is|"
                          r"you'?re|you\s+are|it\s+was|you\s+were|everything\s+is|we'?re)\s+)?|(?:calling|you\s+call(?:ed)?)\s+it\s+)"
                          r"(?:done|finished|complete)\b", re.I)


def _practice_for(skipped: tuple[int, str], sentence: str) -> str | None:
    """ "always run ruff before saying a task is done" for a step the question before said was skipped ("why didn't you
    run the linter before saying done?") and the team's tool for that step, said next ("we always run ruff first"); None
    when the tool does another job ("… we always run black first") or the question said no time."""
    step = _SKIPPED_STEP.match(skipped[1])
    practice = _PRACTICE.match(sentence)
    if not step or not practice:
        return None
    what, kind = practice.group("what"), _STEP_KINDS[step.group("kind").lower()]
    if kind not in TOOL_FAMILIES.get(what.strip("`").lower(), frozenset()) \
            and _STEP_KINDS.get(re.sub(r"^the\s+", "", what, flags=re.I).lower()) != kind:
        return None  # ("… we always run the tests first": the step itself, named again)
    return f"always {step.group('verb').lower()} {what}{_SAYING_DONE.sub('before saying a task is done', step.group('when'))}"


def restate(text: str) -> tuple[str, bool]:
    """(the text with its question and reminder forms restated, whether a corrective form was found)."""
    restated, corrective, _joined = restate_joined(text)
    return restated, corrective


def restate_joined(text: str) -> tuple[str, bool, bool]:
    """:func:`restate`, and whether a sentence was joined into the question before it (the team's tool for a skipped
    step: "why didn't you run the linter before saying done? we use ruff") or a complaint said last was moved first
    ("use pnpm, not npm, how many times"), so the restated reading is the one to keep."""
    parts = _sentences(text)
    out: list[str] = []
    corrective = False
    asked: str | None = None
    asked_bare = False  # what the agent used, named only in a bare question ("why npm?")
    asked_still = False  # ... as kept ("why is it still requests?"): replaced only by one tool named alone
    act: str | None = None  # what the agent is doing, asked about ("why are you installing things globally?")
    extra: str | None = None  # one more of a thing the agent made, asked about ("why is there a new axios instance?")
    edited: re.Match[str] | None = None  # a part the agent changed ("you edited the parent theme"), said as a complaint
    edited_body = ""
    approving = bool(_APPROVAL.search(text))
    asking = bool(_CURIOUS.search(text))  # "since when do we use Kotlin? I didn't know": a real question (review25 R25-10)
    joined = False
    skipped: tuple[int, str] | None = None  # a step asked about as skipped ("why didn't you run the linter …?"), restated
    for at in range(len(parts) - 1, 0, -1):
        # "dont use axios. we use apiClient": the ban and the team's own tool, said as two sentences, read as one
        # ("dont use axios, we use apiClient" gave "Use `apiClient` instead of `axios`.", the two "Never use `axios`.")
        banned = _BARE_BAN.match(parts[at - 1])
        if banned and _team_instead(parts[at], banned.group("what")) is not None:
            parts[at - 1:at + 1] = [f"{parts[at - 1][banned.end('ask') if banned.group('ask') else 0:].rstrip(' .!?')}, {parts[at]}"]
    for sentence in parts:
        tail = _COMPLAINT_TAIL.search(sentence)
        if tail and tail.start() > 0 and not sentence[:tail.start()].rstrip().endswith("?"):
            sentence = f"how many times: {sentence[:tail.start()].strip()}"  # "it's pnpm here, not npm, how many times"
            joined = True  # (the direct reading keeps the complaint in the rule: "…, how many times.")
        before_edit, edited = edited, None  # (only the sentence right before says what was changed)
        before_skip, skipped = skipped, None
        plain = _DISCOURSE.sub("", sentence)
        if plain != sentence and _RECALLS.match(plain) and _strip_reminder(plain) is not None:
            sentence = plain  # "But I said to avoid using the gift_baskets directory, because …" (a real dev correction)
        body = sentence.rstrip()
        # "we decided on snake_case for the JSON fields, remember?": the tag recalls, it asks nothing (refl25)
        body = re.sub(r"\s*[,;-]?\s*(?:remember|don'?t\s+you\s+remember)\s*\?+\s*$", ".", body, flags=re.I) \
            if _RECALLS.match(body) else body
        reminded = _strip_reminder(body)
        if reminded is not None and _DECIDED_ON.match(body) and not re.match(r"(?:to|that)\s", reminded, re.I) \
                and reminded.split(" ", 1)[0].lower() not in VERBS:
            reminded = f"use {_without_steps(reminded)}"  # "we decided on snake_case for …" -> "use snake_case for …"
        recalled_ban = _STOP_USING.match(reminded) if reminded is not None else None
        swap = _swapped(recalled_ban) if recalled_ban else None
        if swap is not None:  # "remember we dont use requests here, its httpx everywhere" (review48 R48-1): the ban and
            corrective = True  # what is used instead, recalled; "from now on, don't use …, …" below lost the second
            out.append(swap)
            continue
        if reminded is not None:
            corrective = True
            body = _agreed(reminded)
            if body == reminded and _RECALLS.match(sentence):
                body = _recalled_way(reminded) or _recalled_statement(reminded) or body  # "I told you to keep handlers
                # thin", "I told you the seeds are read-only": said before, said again
            said = re.match(r"^(?:don'?t|do\s+not|never|stop)\s+\w+\s*(?P<what>.*)$", body, re.I)
            if said and not _one_thing(said.group("what")) and not _ONE_TIME.search(said.group("what")):
                # "I told you, don't commit to main": said before and said again, the prohibition holds from now on;
                # not for one thing of this task ("I told you, don't change the button": which one only the
                # conversation says, review21)
                body = f"from now on, {body}"
        kept = _REMEMBER_GUARDED.match(sentence.strip())
        recalled = _recalled_statement(kept.group("said")) if kept else None
        if recalled:
            # "remember, the staging db is read-only for us" (blind11's form): a part of the project recalled as guarded,
            # as "I told you the seeds are read-only" is (refl40)
            corrective = True
            out.append(recalled)
            continue
        practised = _practice_for(before_skip, body) if before_skip else None
        if practised is not None:
            # "how come you didnt run the linter before saying done? we always run ruff first" (review45 R45-1): the team's
            # tool for the step the question says was skipped, at the time the question names
            out[before_skip[0]] = practised
            joined = True
            continue
        question = None if asking and _WHY_WOULD.match(body) else _question(body, text)
        if question is not None:
            corrective = True
            out.append(_agreed(question) if _DIDNT_WE.match(body) else question)
            if _WHY_NOT.match(body):
                skipped = (len(out) - 1, question)
                out[-1] = _SAYING_DONE.sub("before saying a task is done", question)
            continue
        disliked = None if approving else not_a_fan(body)
        if disliked is not None:  # "I'm not a fan of the nested ternaries, can we go back to if/else"
            corrective = True
            out.append(disliked)
            continue
        used = _USE_YOU_DID.match(body)  # (an approval elsewhere in the message is for the work asked for: "cool. next …")
        if used and not _DEICTIC_OBJECT.search(used.group("y")) and not re.search(r"\b(?:it|that|this|them)\b",
                                                                                  used.group("x") + " " + used.group("y"), re.I):
            # "use our AppColors, you hardcoded hex values on the login screen"
            corrective = True
            hard = "hardcoded " if re.match(r"hard-?coded", used.group("verb"), re.I) else ""
            out.append(f"{used.group('lead')}use {used.group('x')} instead of {hard}{used.group('y')}")
            continue
        slip = None if approving else _AGAIN_WE_DO.match(body)
        if slip and _code_word(slip.group("x")) and (_code_word(slip.group("z")) or slip.group("z").lower() in TOOL_FAMILIES):
            # "you used print() for the warnings again, we log everything through structlog"
            corrective = True
            out.append(f"{slip.group('lead')}always {slip.group('verb').lower()} {slip.group('how').lower()} {slip.group('z')}, never with "
                       f"{slip.group('x')}")
            continue
        if before_edit and _WIPED.match(body):
            # "you edited the parent theme. updates will wipe that" -> "never edit the parent theme"
            corrective = True
            if out and out[-1] == edited_body:
                out.pop()
            out.append(f"never {_CHANGING[_EDITED_ING[before_edit.group('verb').lower()]]} {before_edit.group('what')}")
            continue
        if before_edit and _DEPENDED_ON.match(body) and _shared_surface(before_edit.group("what")):
            # "ugh, you changed the response shape. three other services call this" -> "never change the response shape"
            corrective = True
            if out and out[-1] == edited_body:
                out.pop()
            verb = before_edit.group("verb").lower()
            out.append(f"never {_CHANGING.get(_EDITED_ING.get(verb, ''), verb)} {before_edit.group('what')}")
            continue
        edited, edited_body = _YOU_EDITED.match(body) or _WHY_CHANGED.match(body), body
        if edited and _WHY_CHANGED.match(body):
            continue  # the question states nothing; what others depend on, said next, may
        mine = None if approving else _DELETED_MINE.match(body)
        if mine:  # "you deleted my comments" -> "don't remove comments you didn't write"
            corrective = True
            out.append(f"from now on, don't remove {mine.group('what').lower()} you didn't write")
            continue
        hands = _HANDS_OFF.match(body)
        if hands and not approving:  # "keep your hands off the prod workspace" -> "don't touch the prod workspace"
            corrective = True
            out.append(f"don't touch {hands.group('what') or hands.group('left')}")
            continue
        habit = None if approving else _habit(body) or _supposed(body, text) or _fronted(body)
        if habit is not None:
            corrective = True
            out.append(habit)
            continue
        stop = _STOP_USING.match(body)
        team = _swapped(stop) if stop else None
        if team is not None:  # "stop using npm, this repo uses pnpm", "dont use axios, we have apiClient"
            corrective = True
            out.append(team)
            continue
        new = _WHY_NEW.match(body)
        if new and not approving:
            extra = new.group("what")
            continue  # the question states nothing; "we already have X" after it may
        why = _WHY_DID.match(body)
        bare = None if why else _WHY_BARE.match(body) or _AGAIN_WITH.match(body)
        named = next(g for g in bare.groups() if g).strip("`") if bare else ""
        still = None if why or bare else _WHY_STILL.match(body)
        if still and still.group("what").strip("`").lower() in TOOL_FAMILIES:
            named = still.group("what").strip("`")
        wrote = None if why or bare else _WROTE_IN.match(body)
        if wrote and wrote.group("lang").lower() in _LANGUAGES:
            named = wrote.group("lang")  # "why did you write this in python?", "you wrote it in python" (refl49)
        if named and (named.lower() in TOOL_FAMILIES or named.lower() in _LANGUAGES):
            asked, asked_bare, asked_still = named, True, bool(still)
            continue  # the question itself states nothing; the team's own tool said after it may
        # "why are you running it as root?" (review41 R41-3): how the agent runs whatever it runs, "it" left out
        doing = _WHY_DOING.match(_HOW_IT_RUNS.sub(r"\g<doing> ", body))
        if why or doing:
            asked = why.group("what").strip() if why else None
            asked_bare = asked_still = False
            act = f"{doing.group('verb').lower()} {doing.group('what').strip()}" if doing else None
            continue  # the question itself states nothing; a statement after it may
        instead = _USE_INSTEAD.match(body) if act else None
        if instead:
            # "why are you installing things globally? use the project venv" (review39 R39-6): what to use, said after
            # asking about what the agent is doing, is used instead of doing it (refl40)
            corrective = True
            tool = asked if asked and re.fullmatch(r"[\w.@+-]+", asked) else None  # "installing requests? use httpx"
            run_as = re.match(r"([a-z]+)ing\s+((?:(?!(?:as|under)\b)\S+\s+){0,3}(?:as|under)\s+\S+)$", act) if not tool else None
            if run_as and gerund_base(f"{run_as.group(1)}ing"):
                # "why are you running it as root? use the deploy user" -> "never run as root, use the deploy user" (review41
                # R41-3; "use X instead of running as root" reads as asking for root to the curator's lint)
                out.append(f"never {gerund_base(run_as.group(1) + 'ing')} {run_as.group(2)}, {instead.group('use')}")
                act = None
                continue
            out.append(f"{instead.group('use')} instead of {tool or act}")
            act = None
            continue
        have = _WE_HAVE.match(body) if extra else None
        name = have.group("have") if have else ""
        if have and (_code_word(name) or TOOL_FAMILIES.get(name.lower().strip("`"))) \
                and not re.fullmatch(r"(?:the\s+)?(?:one|same|other|it|that|this)", name, re.I):
            # "why is there a new axios instance in utils? we already have apiClient in lib/http"
            corrective = True
            where = f" in {have.group('where')}" if have.group("where") else ""
            out.append(f"use {name}{where} instead of adding another {extra}")
            extra = None
            continue
        extra = None
        way = _WE_GO_THROUGH.match(body) if act else None
        if way and not asked:
            # "why are you querying the db straight from the route? we always go through the repos in app/repos/"
            corrective = True
            out.append(f"{way.group('how').lower()} {way.group('what')} instead of {act}")
            act = None
            continue
        made = _MADE_OVER.match(body) if act and act.split(" ", 1)[0] in _CHANGING else None
        if made and not asked:
            # "why are you editing the generated client? that file gets overwritten on every build" (blind8)
            verb, _, what = act.partition(" ")
            what = re.sub(r"^(the|our|these|those)\s+(?!(?:auto-?)?generated\b)", r"\1 generated ", what, flags=re.I)
            corrective = True
            out.append(f"never {_CHANGING[verb]} {what}")
            act = None
            continue
        real = _REAL_THING.match(body) if act and re.match(r"(?:mocking|stubbing|faking)\s", act) else None
        if real:
            # "why are you mocking the db? integration tests hit the real postgres container"
            corrective = True
            verb, _, what = act.partition(" ")
            faked = f"{ {'mocking': 'mock', 'stubbing': 'stub', 'faking': 'fake'}[verb]} {what}"
            out.append(f"never {faked} in {real.group('tests')}")
            act = None
            continue
        act = None
        said = _RECALL_TAG.sub("", body) if asked else body  # "we use httpx, I told you yesterday"
        team = _team(said, asked, asked_bare)
        alone = _BARE_TOOL.match(said) if asked and asked_bare and team is None else None
        if alone and alone.group("y").strip("`").lower() in TOOL_FAMILIES and _same_job(alone.group("y"), asked):
            team = f"use {alone.group('y')}, not {asked}"  # "again with npm. pnpm."
        if team is None and asked and not asked_bare and re.fullmatch(r"[\w.@+-]+(?:\(\))?", asked):
            team = _done_with(said, asked)  # "why did you use print? we log with structlog" (refl49)
        if asked_still and team is not None and not re.fullmatch(r"use [\w.@+-]+, not " + re.escape(asked), team, re.I):
            team = None  # "why is it still requests? we use httpx in the scripts only": the tool alone or nothing
        asked_still = False
        if team is not None:
            corrective = corrective or asked is not None
            out.append(team)
            asked = None
            continue
        out.append(body)
    if not corrective:
        return text, False, False
    return ". ".join(p.rstrip(" .") for p in out if p.strip()) + ".", True, joined


__all__ = ["restate", "restate_joined"]
