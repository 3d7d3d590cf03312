"""A request or a challenge with the team's way as its reason (issue 20, cls41: review40 R40-2, R40-4, R40-8).

"could you maybe use httpx instead of requests here? we're trying to get rid of requests everywhere", "why is this a
class? we keep handlers as plain functions here", "would you mind using pytest fixtures instead of setUp? that's what the
rest of the suite does", "no print in module 1 please, we use the logging module everywhere", "and a docstring too, we
document every public function". Asked alone, each is a wish or a question; the clause after it says how things are done
here (the team's direction, its standing practice, what the rest of the code does, what every such thing gets), and that
turns the request into a convention the agent's work did not keep. The mechanism is the pairing: a request or a question
about the work, then the team's way, after an answer that did work (not one that asked or offered: "instead of a modal,
could the confirmation be inline? that's how we do it elsewhere" after "Shall I go ahead?" picks the way of work not yet
done). The answer need not name the thing: people add corrections in a row, and the answer just before is often not the
one that made the mistake.

Also read here: a question that sets the work against what the rest of the code does ("why os.path? doesn't the rest of
the code use pathlib?"), and "<thing> again" followed by its replacement ("ugh, print again. use the logger", "os.path
again, use pathlib", "requests again?? httpx please"), a complaint about a repeated choice (:func:`again_use`).

Quiet (tests/capture_text/test_team_way_cls41.py): the team's way told as information with nothing asked ("we use the
logging module everywhere, fyi"), agreed with ("nice, we keep handlers as plain functions here too"), a question about
the team ("do we keep handlers as plain functions here?"), new work with a fact about the project ("can you add a /stats
route? we use fastapi"), the person's own plan ("we're moving off requests next quarter, I'll do it then"), "run it again,
use the staging db", "try again please", "why pathlib? just curious".
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

REASON = "asked for a change with the team's way as the reason"
AGAIN_REASON = "complained that the agent used it again and named the replacement"
REST_REASON = "asked why the work differs from the rest of the code"

# The team's direction: what it is getting rid of, moving to, standardising on.
_DIRECTION = (r"\bwe(?:'re|\s+are)\s+(?:(?:trying|working|meant|supposed)\s+to\s+|in\s+the\s+(?:middle|process)\s+of\s+|all\s+|slowly\s+|"
              r"actively\s+)?(?:get(?:ting)?\s+rid\s+of|mov(?:e|ing)\s+(?:(?:everything|all)\s+)?(?:off|away\s+from|over\s+to|to)|"
              r"phas(?:e|ing)\s+(?:\S+\s+)?out|standardi[sz](?:e|ing)\s+on|migrat(?:e|ing)\s+(?:(?:everything|all)\s+)?(?:off|away\s+"
              r"from|to)|deprecat(?:e|ing)|dropp?(?:ing)?|rip(?:ping)?\s+out|killing|replac(?:e|ing)|switch(?:ing)?\s+(?:(?:everything|"
              r"all)\s+)?(?:over\s+)?to|consolidat(?:e|ing)\s+on)\b")
# The team's standing practice: "we keep handlers as plain functions here", "we group routes by resource", "we document
# every public function", "we use the logging module everywhere" (a plain "we use X" needs its scope: everywhere, here,
# across / throughout, in this repo, for every / all …).
_SCOPE = (r"(?:\bhere\b|\beverywhere\b|\bacross\b|\bthroughout\b|\bin\s+(?:this|the|our)\s+(?:repo|repository|codebase|code\s*base|"
          r"project|team|app|service|module|package|org|monorepo)\b|\bfor\s+(?:every|all|each)\b|\bin\s+(?:every|all|each)\b|"
          r"\beverything\b|\bby\s+convention\b)")
_PRACTICE = (r"\bwe\s+(?:always\s+|usually\s+|generally\s+|normally\s+|typically\s+|consistently\s+|only\s+)?(?:keep|group|document|"
             r"organi[sz]e|structure|name|store|put|write|wrap|route|split|prefix|suffix|format|log|handle|test|type|annotate|"
             r"return|validate|pin|version|declare|define|register|inject)\s+(?!(?:getting|having|running|seeing|breaking|"
             r"failing|hitting|it\s+(?:simple|short|quick))\b)[^.!?;]{0,60}?(?:" + _SCOPE + r"|\bby\s+[\w-]+\b|\bas\s+[\w-]+|"
             r"\bin\s+[\w./-]+/|\bevery\s+[\w-]+)"
             r"|\bwe\s+(?:always\s+|usually\s+|generally\s+|normally\s+|only\s+)?(?:use|prefer|go\s+with|stick\s+(?:to|with)|"
             r"rely\s+on|avoid)\s+[^.!?;]{1,50}?" + _SCOPE)
# What the rest of the code does, and what every such thing gets.
_REFERENCE = (r"\bthat(?:'s|\s+is)\s+(?:what|how|where|the\s+way)\s+(?:we|the\s+rest|everything\s+else|everyone|the\s+team|our|"
              r"all\s+the\s+other|every\s+other)\b"
              r"|\b(?:the\s+rest\s+of\s+(?:the\s+|our\s+)?[\w-]+|everything\s+else(?:\s+in\s+[\w\s/.-]{1,30}?)?|all\s+(?:the\s+|our\s+)?"
              r"other\s+[\w-]+|every\s+other\s+[\w-]+)\s+(?:already\s+)?(?:uses|does|is|has|follows|works\s+(?:that|this)\s+way)\b"
              r"|\bevery\s+[\w-]+(?:\s+[\w-]+)?(?:\s+in\s+[\w./-]+)?\s+(?:gets|has|needs|carries)\s+(?:them|one|it|these|those|that|"
              r"this)\b"
              r"|\b(?:the|our)\s+(?:[\w-]+\s+)?team\s+(?:prefers|wants|agreed|decided|rule|convention|standard|style)\b"
              r"|\b(?:our|the\s+team's|the)\s+(?:team\s+|house\s+|repo\s+)?(?:convention|conventions|style\s+guide|standard|rule)\s+"
              r"(?:is|says)\b")
TEAM_WAY = re.compile(_DIRECTION + "|" + _PRACTICE + "|" + _REFERENCE, _I)
# The team's way named with "every" refers back to what is asked: "please add type hints, every public function in app/
# gets them", "we document every public function". Only this form counts after an opening that asks for new work.
_EVERY = re.compile(r"\bevery\s+[\w-]+(?:\s+[\w-]+)?(?:\s+in\s+[\w./-]+)?\s+(?:gets|has|needs|carries)\s+(?:them|one|it|these|those)\b"
                    r"|\bwe\s+(?:always\s+)?(?:document|test|type|annotate|log|validate|version)\s+(?:every|all|each)\b", _I)

# What the part before the team's way does: asks for a change, bans something, or challenges the work.
_ASKS = re.compile(
    r"\?"
    r"|^\W*(?:(?:hey|hi|ok(?:ay)?|so|hmm+|um+|also|and|but|btw|actually|oh|ugh|sorry|just)\W+)*(?:(?:could|can|would|will)\s+(?:you|we)\b"
    r"|would\s+you\s+mind\b|please\b|pls\b|maybe\b|perhaps\b|i(?:'d|\s+would)\s+(?:prefer|rather|like|suggest)\b|let's\b|"
    r"no\s+(?!(?:worries|problem|rush|need|idea)\b)[\w.`-]+|don't\b|do\s+not\b|never\b|stop\b|use\b|switch\b|move\b|put\b|keep\b|"
    r"rename\b|name\b|make\b|drop\b|remove\b|replace\b|add\b|and\s+(?:a|an|the)\b)"
    r"|\b(?:too|as\s+well)\W*$|\bplease\W*$|\binstead\b|\brather\s+than\b", _I)
# Not asked of the agent's work: agreement, information, the person's own plan, a question about the team itself.
_NOT_ASKED = re.compile(
    r"\b(?:fyi|for\s+(?:your\s+)?(?:info|information|context|reference)|just\s+so\s+you\s+know|anyway|no\s+worries|no\s+rush|"
    r"great|nice|perfect|thanks|thank\s+you|good\s+(?:call|choice|job)|makes\s+sense|agreed|exactly|"
    r"i'll|i\s+will|i'm\s+going\s+to|we'll|we\s+will|next\s+(?:week|month|quarter|sprint|year)|later|eventually|someday|"
    r"not\s+(?:yet|now|urgent)|no\s+need|fine\s+for\s+now|(?:is|are)\s+fine)\b"
    r"|^\W*(?:do|does|did|are|is)\s+we\b|^\W*(?:how|what|when|where|which|who)\s+do\s+we\b"
    r"|^\W*(?:what(?:'s|\s+is)\s+next|what\s+now|what\s+else|anything\s+else|any\s+(?:questions|ideas|thoughts))\b", _I)
# The ask itself is about how the work is done (use, put, name, keep, instead, why …): "could you look at the flaky test?
# we keep the test data in tests/fixtures/", "can you run the migrations? we keep them in db/migrations" ask for a task
# and give a fact for it (review41 R41-6).
_CHANGE = re.compile(r"\b(?:use|using|put|name|rename|keep|switch|move|make|drop|remove|replace|avoid|instead|rather\s+than|"
                     r"why|don't|do\s+not|never|stop|too|as\s+well|no)\b", _I)
_WORDS = re.compile(r"[^\W\d_]{2,}")
# A question that asks to learn ("what does the --frozen flag do? the platform team's template uses it"), not about the work.
_LEARNING = re.compile(r"^\W*(?:what|how|when|which|who)\s+(?:does|do|is|are|did|was|were)\b", _I)


def asked_with_team_way(own: str, tasking: bool) -> str | None:
    """The reason when the person asks for a change (or challenges the work) and gives the team's way as the reason (see
    above); ``tasking``: the message opens by asking for new work, where only the "every X gets them" form counts."""
    if not own or len(own) > 300:
        return None
    text = own.strip()
    for found in TEAM_WAY.finditer(text):
        before = text[:found.start()].rstrip(" ,;:-\u2013\u2014")
        # (the team's way stated in a question is asked about, not given: "do we keep handlers as plain functions here?")
        after = text[found.end():]
        sentence_end = re.search(r"[.!?\n]", after)
        if sentence_end and after[sentence_end.start()] == "?":
            continue
        if len(_WORDS.findall(before)) < 2 or not _ASKS.search(before) or _LEARNING.match(before):
            continue
        if not _CHANGE.search(before) and not _EVERY.search(found.group(0) + after[:40]):
            continue
        if _NOT_ASKED.search(text):
            return None
        if tasking and not _EVERY.search(found.group(0) + after[:40]):
            return None
        return REASON
    return None


# "why os.path? doesn't the rest of the code use pathlib?", "isn't everything else on httpx?", "don't all the other
# handlers return a Result?": a question that sets the work against the rest of the code, after done work.
_REST_QUESTION = re.compile(
    r"\b(?:doesn't|does\s+not|don't|do\s+not|isn't|aren't|didn't)\s+(?:the\s+rest\s+of\s+(?:the\s+|our\s+)?[\w-]+|everything\s+else|"
    r"all\s+(?:the\s+|our\s+)?other\s+[\w-]+|every\s+other\s+[\w-]+|the\s+(?:whole|entire)\s+(?:codebase|code\s*base|repo|project|"
    r"app|suite|module)|(?:the\s+)?other\s+[\w-]+)\s+(?:already\s+)?(?:use|have|do|follow|return|go\s+through|live\s+in|on|in|"
    r"using)\b[^?]{0,60}\?", _I)
# not the code: people, time, branches ("isn't the rest of the team on vacation this week?", "doesn't the other branch
# already have this fix?"), or a question hunting a failure ("… then why is only this one failing?"; review41 R41-6)
_REST_NOT = re.compile(r"\b(?:curious|wondering|just\s+asking|fyi|thanks|great|nice|fine)\b"
                       r"|\b(?:rest\s+of\s+(?:the\s+|our\s+)?|other\s+)(?:team|teams|people|folks|guys|devs|developers|crew|staff|"
                       r"branch|branches|prs?|commits?|week|weeks|day|days)\b"
                       r"|\bthen\s+why\b|\bwhy\s+(?:is|are|does|do)\s+only\b", _I)


def against_the_rest_question(own: str) -> str | None:
    """The reason when the person asks whether the rest of the code does it another way (see above)."""
    if not own or len(own) > 250 or _REST_NOT.search(own):
        return None
    return REST_REASON if _REST_QUESTION.search(own) else None


# "ugh, print again. use the logger from app/log.py", "print again?? use the logger", "os.path again, use pathlib", "ugh,
# requests again. httpx please", "console.log again? use the debug package": the thing the agent chose once more, then
# its replacement. The thing is a name: with no mark of complaint (ugh, ?, !) it must look like code (a dot, a slash, an
# underscore, a capital inside, backticks), since "print again, use the verbose flag" asks to print once more.
_FILLER = r"(?:(?:ugh+|argh+|hm+|oh+|wait|seriously|really|come\s+on|cmon|c'mon|smh|wtf|omg|bruh|sigh|man|dude)\W+)*"
_AGAIN_USE = re.compile(
    r"^\W*(?P<f>" + _FILLER + r")(?:(?:and|the|a|more|with\s+the)\s+)?(?P<x>`code`|[A-Za-z][\w./@+#-]*(?:\s+[A-Za-z][\w./@+#-]*)?)"
    r"\s+again(?P<m>\s*[?!]+|\s*\.\.+)?\s*(?:[.,;:]+|\s[-\u2013\u2014]+)?\s+(?:so\s+|just\s+|please\s+|pls\s+)*"
    r"(?:(?:use|switch\s+to|go\s+with|stick\s+to|we\s+use)\s+(?P<y>(?:[^.!?\n]|\.(?=\w)){2,60}?)|(?P<z>`code`|[A-Za-z][\w./@+#-]*(?:\s+[A-Za-z][\w./@+#-]*)?)"
    r"\s+(?:please|pls|instead))\s*[.!]*\s*$", _I)
_CODE_LIKE = re.compile(r"`code`|[./_@#]|[a-z][A-Z]")
# Words that are no thing the agent chose: verbs of running and trying, pronouns, filler.
_NOT_A_THING = frozenset("""it its this that these those them try run rerun test retest build rebuild deploy redeploy
check recheck do redo go start restart install reinstall push commit fix refresh reload please pls thanks ok okay same
one once more all everything here there now then me you we us not no yes again lint relint format reformat typecheck
compile recompile migrate""".split())  # steps done again ("lint again? just use --fix this time", review41 R41-6)


def again_use(own: str) -> str | None:
    """The reason when the person complains the agent used a thing again and names its replacement (see above)."""
    if not own or len(own) > 160:
        return None
    found = _AGAIN_USE.match(own.strip())
    if not found:
        return None
    x = found.group("x")
    words = [w.strip("`'\".").lower() for w in x.split()]
    if x != "`code`" and any(w in _NOT_A_THING for w in words):
        return None
    if not (found.group("f") or found.group("m") or _CODE_LIKE.search(x)):
        return None
    y = (found.group("y") or found.group("z") or "").lower()
    if not y.strip() or (x != "`code`" and set(words) & set(y.split())):
        return None
    return AGAIN_REASON


# "no prints please", "no print in here please", "no console.log in the handlers please" after an answer that says it used
# that very thing ("Done: added app/m1.py with a print."): a ban of what the agent just used (review40 R40-8). The thing must
# be named in the answer (its plural or singular), so "no rush please", "no worries please", "no tests for now please"
# after an answer about something else ban nothing.
BAN_REASON = "banned what the agent just used"
_NO_X_PLEASE = re.compile(r"^\W*(?:(?:ugh+|hmm+|oh|and|also|but)\W+)*no\s+(?:more\s+)?(?P<x>`code`|[A-Za-z][\w./@+#-]*)(?:\s+(?:in|inside|on)\s+(?:here|there|this\s+[\w-]+|"
                          r"the\s+[\w-]+|[\w./-]+))?\s*,?\s+(?:please|pls)\W*$", _I)
_NOT_BANNED = frozenset("""rush worries worry problem problems need hurry pressure thanks way idea change changes more""".split())


def banned_used(own: str, answer: str | None) -> str | None:
    """The reason when a short "no X please" bans a thing the answer says it used (see above)."""
    if not answer or not own or len(own) > 80:
        return None
    found = _NO_X_PLEASE.match(own.strip())
    if not found:
        return None
    word = found.group("x").strip("`'\".").lower()
    if word in _NOT_BANNED or len(word) < 2:
        return None
    stems = {word, word[:-1] if word.endswith("s") else word + "s"}
    return BAN_REASON if any(re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", answer, _I) for w in stems) else None


# "maybe we could use the existing retry helper in app/util/retry.py rather than writing a new loop?", "sorry, could you use
# the existing formatDate helper? no need for a second one", "just a thought — there's already a retry decorator in utils,
# could we use that?" after an answer that did work: the agent wrote its own where the project already had one (review40
# R40-8). A hedged ask to use what exists; never one that asks new work of it ("could you use the existing endpoint to add a
# delete button?", "can we use the existing report for the new chart?").
EXISTING_REASON = "asked to use what already exists instead of the agent's own"
_HEDGE_OPENING = (r"^\W*(?:(?:hmm+|hm|um+|sorry|so|ok(?:ay)?|also|actually|btw|and|but|oh|just\s+a\s+thought|quick\s+thought|"
                  r"one\s+thing|small\s+thing)\W+)*")
_USE_EXISTING = re.compile(
    _HEDGE_OPENING + r"(?:(?:could|can|would|will|shouldn't|should)\s+(?:you|we)\s+(?:please\s+|maybe\s+|perhaps\s+|just\s+|not\s+)*|"
    r"would\s+you\s+mind\s+|(?:please\s+)?(?:maybe|perhaps)\s+(?:we\s+could\s+|you\s+could\s+|we\s+should\s+)?(?:just\s+)?|"
    r"why\s+not\s+(?:just\s+)?|any\s+(?:chance|reason)\s+(?:we|you)\s+(?:can(?:'t)?|could(?:n't)?)\s+(?:just\s+)?|"
    r"i(?:'d|\s+would)\s+(?:rather|prefer\s+(?:to|we|you))\s+(?:just\s+)?)"
    r"(?:use|re-?use|call|go\s+through|stick\s+with|using|re-?using|calling)\s+(?:the|our|that)\s+(?:existing|already[-\s]existing|"
    r"shared|current)\s+(?P<x>[^?.!,;\n]{2,80})", _I)
_THERE_ALREADY = re.compile(
    r"\bthere(?:'s|\s+is)\s+already\s+an?\s+[^.?!;\n]{2,60}?\s*(?:[,.;:]|\s[-\u2013\u2014]+)\s*(?:so\s+)?(?:(?:could|can|would)\s+"
    r"(?:we|you)\s+(?:please\s+|just\s+)*|(?:please\s+|just\s+)*)(?:use|re-?use|call)\s+(?:that|it|this|that\s+one)"
    r"(?:\s+instead)?\s*[?.!]*\s*$", _I)
_NEW_WORK_OF_IT = re.compile(r"\b(?:to|for|so\s+(?:we|you)\s+can)\s+(?:add|build|create|make|implement|write|do|show|render|the\s+new|"
                             r"this\s+new|a\s+new)\b|\b(?:also|too|as\s+well|next)\b", _I)


def use_existing(own: str) -> str | None:
    """The reason when the person asks, hedged, to use what the project already has instead (see above)."""
    if not own or len(own) > 250:
        return None
    text = own.strip()
    found = _USE_EXISTING.match(text)
    if found and not _NEW_WORK_OF_IT.search(found.group("x")):
        return EXISTING_REASON
    if _THERE_ALREADY.search(text) and not _NEW_WORK_OF_IT.search(text):
        return EXISTING_REASON
    return None


# "I think it'd be better to keep the sql in the repos, not in the route", "hm I don't think we want the modal to close on
# outside click, people lose their form data" after an answer that did work: the person's opinion weighed against the way
# the agent took (review40 R40-8): a better way to keep, put, use or avoid something. Never new work ("I think it'd be better
# to also add tests", "… to do the backend next", "it'd be nicer if the page had a dark mode"), a step of the person's
# ("it'd be better if I ran it myself"), or a question.
OPINION_REASON = "weighed the agent's way against a better one"
_OPINION = re.compile(
    r"^\W*(?:(?:hmm+|hm|um+|honestly|tbh|ok(?:ay)?|so|but|actually|sorry)\W+)*(?:i\s+(?:think|feel\s+like|guess)\s+|imo\s+|"
    r"honestly\s+)?(?:(?:it'd|it\s+would|that\s+would|that'd)\s+be\s+(?:much\s+|a\s+lot\s+|way\s+)?(?:better|cleaner|simpler|"
    r"safer|clearer)\s+to\s+(?:just\s+)?(?:keep|leave|put|move|use|not|avoid|stick|go\s+with|have\s+(?:it|them|this|that)|"
    r"make\s+(?:it|them|this|that))\b|i\s+don't\s+think\s+we\s+want\b)", _I)
_OPINION_NOT = re.compile(r"\?|\b(?:also|too|as\s+well|next|later|then|first|additionally|another|more)\b|\bif\s+(?:i|we)\b"
                          r"|\b(?:i'll|i\s+will|let\s+me)\b", _I)


def opinion_against(own: str) -> str | None:
    """The reason when the person weighs the agent's way against a better one (see above)."""
    if not own or len(own) > 250:
        return None
    first = re.split(r"(?<=[.!?])\s+", own.strip(), maxsplit=1)[0]
    if _OPINION.match(first) and not _OPINION_NOT.search(first):
        return OPINION_REASON
    return None
