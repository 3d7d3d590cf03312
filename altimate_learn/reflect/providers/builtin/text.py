"""Feedback text made ready for the templates: pasted output and code removed, sentences split, greetings,
refusals, rationale and team phrasing stripped, apostrophe-less contractions restored, and the final form of
a rule (one line, capitalised, one period)."""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.pasted import split_pasted
from altimate_learn.reflect.providers.builtin.vocabulary import (CONTRACTION, CONTRACTIONS, FOREIGN_FUNCTION_WORDS,
                                                                  RECORD_PLACES, STOPWORDS, VERBS)

_LEADING = re.compile(
    r"""^(?:
        (?:wrong\ (?:file|table|model|place|folder|directory|name|column|approach|way|import|module|function|one)|
           in\ (?:this|our)\ (?:repo(?:sitory)?|project|codebase|team|company|org)|around\ here|
           in\ [\w.+#-]+(?=\s+we\b)|
           [A-Za-z][\w.+#-]{0,14}:(?=\s)|\[[\w\ -]{1,20}\]|
           [A-Za-z][\w.+#-]{0,14}(?:\ [\w.+#-]{1,14}){0,2}\ (?:failed|error|errors|warning|warnings|check):(?=\s)|
           no+|nope|nah|wrong|incorrect|hm+|ugh|oops|oh|ah|ok(?:ay)?|so|and|but|also|well|actually|wait|hold\ on|
           # an interjection however it is typed ("ALright the Dropdown Menu actually belongs in Layout.vue": corpus21's
           # KLIMA row gave 'Put ALright the Dropdown Menu actually in `Layout.vue`.'); "right" and "sure" only before a
           # mark ("right-align the labels", "sure the tests pass" say what to do)
           al+right(?:y|ie)?|all\ right|aight|okey|kk?(?=\s*[,.!])|yeah|yep|yup|right(?=\s*[,.!])|sure(?=\s*[,.!])|
           (?:just\ )?(?:a\ )?(?:quick\ |friendly\ |gentle\ |small\ )?reminder(?:\ that)?|
           hey|again|seriously|please|kindly|pls|plz|careful|remember|note|nit|suggestion|important|fyi|
           # how the person feels, typed before the order ("omg stop using `Any` everywhere", "ffs, …"; review43 R43-2)
           omg|ffs|jeez|geez|smh|for\ (?:god|heaven|christ|pete|fuck)'?s\ sake|
           # "I meant: never push to main directly, open a PR" (review38 R38-8): what was meant, said as a rule; a bare
           # "I meant the other file" is the person's own slip (rules.OWN_SLIP) and keeps no lead
           i\ (?:actually\ |really\ )?meant(?=\s*[:—–])|
           stop(?=\s*[,.!:;—–-])|
           heads\ up|come\ on|sorry|correction|one\ (?:more\ |last\ |small\ )?thing(?:\ though)?|also\ note|just|btw|by\ the\ way|
           though|dude|man|bro|mate|guys|folks|quick\ note|side\ note|small\ thing|anyways?|whatever|regardless|either\ way|@[\w-]+|cc\ @[\w-]+|like\ i\ said|as\ i\ said(?:\ before)?|
           as\ i\ mentioned|(?:(?:i'?m\ )?(?:pretty\ |quite\ |fairly\ )?sure\ )?i\ (?:already\ |just\ )?(?:said|told\ you|mentioned)(?:\ this)?(?:\ (?:before|earlier|at\ the\ (?:start|beginning)))?|
           i(?:'ve|\ have)\ (?:already\ )?(?:said|told\ you|mentioned)(?:\ this|\ that|\ it)?\ (?:(?:twice|three\ times|(?:a\ )?(?:few|couple(?:\ of)?|dozen|million|hundred)\ times|
              (?:so\ )?many\ times|multiple\ times|several\ times|before|already)(?:\ (?:now|already|today))?)|
           (?:we|i)\ (?:said|agreed|decided)(?:\ that)?(?=\s+(?:the|our|all|every|each|no|any|new)\s|
              \s+[a-z]+s\s+(?:come|go|live|are|must|should|need)\s)|
           (?:like|same\ as|as)\ last\ time|as\ (?:agreed|decided|discussed|mentioned)\ (?:yesterday|last\ (?:time|week)|before|earlier)|
           (?:this|that|it)\ was\ (?:settled|decided|agreed(?:\ on)?|discussed)(?:\ (?:at\ the\ (?:start|beginning)|before|earlier|already|yesterday))+|
           how\ many\ times\ (?:do\ |must\ )?i\ (?:have\ to|need\ to|gotta)\ (?:say|tell\ you)(?:\ (?:it|this|that))?(?:\ again)?\??|
           told\ (?:you|u|ya)(?:\ (?:before|already))?(?=\s*[,.:;!—–-])|how\ many\ times(?=\s*(?:\.{2,}|…|[?!,:;]))|
           this\ is\ the\ \w+\ time|for\ the\ \w+\ time|once\ again|once\ more|not\ quite|close(?:,\ but)?|
           (?:i'?m\ )?not\ sure\ (?:this|that|it)(?:'s|\ is)\ (?:right|correct)|
           (?:that|this|it)(?:'s|\ is|\ was|\ looks|\ seems)\ (?:still\ )?(?:wrong|incorrect|not\ right|not\ correct|not\ it|not\ how\ we\ do\ (?:it|this|things)(?:\ here)?|
              not\ what\ (?:i|we)\ (?:asked|wanted|meant|want|need)|backwards|the\ wrong\ \w+))
        [\s,.:;!—–-]+
    )+""",
    re.I | re.X,
)
TRAILING = re.compile(
    r"""(?:[\s,;—–-]+(?:please|thanks|thank\ you|thx|ok\??|okay\??|again|this\ time|next\ time|from\ now\ on|
        going\ forward|in\ (?:the\ )?future|anymore|as\ well|though|lol|lmao|haha+|ty|tia|thx|pls|plz|bro|dude|mate|buddy|any\ more|for\ (?:this|that|now)|(?:here|in\ this\ (?:repo(?:sitory)?|project|codebase|
        team|company|org))|as\ i\ said|like\ i\ said|as\ usual|ffs|omg|smh|for\ (?:god|heaven|christ|pete|fuck)'?s\ sake|!+))+\s*[.!]*\s*$""",
    re.I | re.X,
)
RATIONALE = re.compile(r"\s*(?:[,;(—–]|\s-)?\s*\b(?:because|since|as\s+(?:it|that|this|they|we|otherwise)|so\s+that|"
                        r"so\s+(?:it|we|the|that|they|you)|so\s+(?:\w+\s+){0,3}(?:is|are|gets?|stays?|works?|can|will|won't|doesn't|don't)|otherwise|which\s+(?:is|breaks|causes|means)|"
                        r"that\s+way|or\s+else|to\s+avoid|to\s+prevent|to\s+keep\s+(?:it|things))\b.*$"
                        r"|,\s+so\b.*$|,\s+(?:(?:we|it|they|that|this|which)(?:'s|'re|'ll)?|its|(?:the|this|that|its|our)\s+\w+(?:\s+\w+)?\s+"
                        r"(?:is|are|was|were|has|have|needs?|expects?|breaks?|fails?))\b.*$"
                        # ", ifnull isn't portable", ", pip breaks the lockfile": a reason, not part of the rule (", moment
                        # has bugs": refl39)
                        r"|,\s+`?[\w.()-]+`?\s+(?:is|isn'?t|is\s+not|are|aren'?t|has|hasn'?t|doesn'?t|does\s+not|won'?t|can'?t|cannot|"
                        r"breaks|causes|fails|makes|was|gets|loses|leaks|needs|expects|fans\s+out|blows\s+up)\b.*$"
                        r"|,\s+(?:you|you'(?:re|ve|ll))\s+(?!should\b|must\b|need\b|have\s+to\b).*$", re.I)
PRONOUN_TAIL = re.compile(r",\s+(?:the\s+|our\s+)?[\w\s`]{1,40}?\b(?:it|them|this|that)\s*[.!]*$"
                           r"|\s+and\s+[a-z]+\s+(?:it|them)(?:\s+\w+)?\s*[.!]*$", re.I)
TEAM = re.compile(r"\s*\b(?:in\s+this\s+(?:repo(?:sitory)?|project|codebase|team|company|org)|around\s+here|"
                   r"here)\b(?=\s*[,.;!]?\s*$)", re.I)


def strip_stop(text: str, marks: str = ".") -> str:
    """``text`` without its closing full stops (and ``marks``), except the dots of a Go package pattern ("go test
    ./..." keeps them)."""
    go = re.search(r"/\.\.\.\.*$", text)
    if go:
        return text[:go.start() + 4]
    return text.rstrip(marks)


def prose(text: str) -> str:
    """The feedback's own prose: pasted code, terminal sessions, logs, traces, diffs, file contents and quoted text
    removed (`pasted.py`); inline code the person typed in a sentence is kept."""
    return "\n".join(split_pasted(text)[0])


# A value redacted inside a sentence ("don't put the db password [REDACTED:password] in settings.py"): the secret the
# person typed in passing, which the rule never needs. A key block (a private key, a certificate) or a marker on a line
# of its own stands for pasted material instead, which ends a sentence (below).
_INLINE_SECRET = re.compile(r"(?<=[^\s\n])[ \t]*\[REDACTED:(?!private-key|certificate|ssh|pgp)[\w.-]+\](?=[ \t]*[^\s\n])"
                            r"(?![ \t]*(?:never|always|don'?t|do|please|pls|use|stop|avoid|no|make|keep|run|remember|"
                            r"only|prefer|put|add|write)\b)", re.I)  # a rule said after it: pasted, then the rule


def sentences(text: str) -> list[str]:
    # Sentence ends are punctuation followed by a space; dots inside names (moment.js) stay.
    # (a redaction marker stands for pasted secret material, no words of the person's: "why did you commit this?
    # [REDACTED:private-key] never commit keys" is two sentences; review37 R37-9. A value redacted in the middle of a
    # sentence is left out instead, so the sentence stays whole: review42 R42-12, "Never put the db password." was cut
    # at "the db password [REDACTED:password] in settings.py")
    text = _INLINE_SECRET.sub("", text)
    parts = re.split(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!/\.\.\.)(?<=[.!?])\s+(?=[\"'`(A-Za-z0-9])|\n+"
                     r"|\s*\[REDACTED:[\w.-]+\]\s*", text)
    return [p.strip() for p in parts if p and p.strip()]


# A discourse phrase that closes a sentence ("… use dayjs instead to be honest", "…, tbh", "… instead to tell the truth",
# "…, honestly"): how the person feels about saying it, never a purpose or a part of the rule (review34 R34-13 and its
# residue, "… instead to be quite honest" kept as the lesson's purpose; "…, tbh" backticked as code). It is read as the same
# phrase said first (`front_discourse`), where the hedges' leads weigh it. "honestly", "frankly", "truthfully", "to be fair"
# and "personally" only after a comma: without one they may say how to do it ("report the results honestly", "rotate the
# reviewers to be fair").
_DISCOURSE_TAIL = re.compile(
    r"(?:\s*,\s*|\s+)(?P<phrase>to\s+be\s+(?:(?:quite|totally|completely|perfectly|brutally|very|really|fully|dead|100%)\s+)?"
    r"(?:honest|frank)(?:\s+with\s+you)?|to\s+tell\s+(?:you\s+)?the\s+truth|truth\s+be\s+told|"
    r"if\s+i(?:'?m|\s+am)\s+(?:being\s+)?(?:(?:totally|completely|perfectly|brutally|really|quite)\s+)?(?:honest|frank)|"
    r"if\s+you\s+ask\s+me|tbh|tbf|tbqh|ngl|imo|imho|in\s+my\s+(?:humble\s+)?opinion)"
    r"(?P<end>\s*[.!?]*)\s*$"
    r"|\s*,\s*(?P<aside>(?:quite\s+|pretty\s+)?(?:honestly|frankly|truthfully)|to\s+be\s+(?:(?:quite|totally|perfectly)\s+)?fair|"
    # a hedge said last is the hedge said first: "use pnpm instead of npm, maybe" is "maybe use pnpm instead of npm", and
    # (check47 C47-2: "Use `pnpm` instead of `npm`, `maybe`.")
    r"personally|maybe|perhaps|probably|possibly)(?P<end2>\s*[.!]*)\s*$", re.I)


# What closes a sentence as chatter, after the rule and apart from it (check47 C47-2: "use uv instead of pip, but whatever"
# gave "Use `uv` instead of `pip`, but whatever."): the person shrugs ("but whatever", "not that it matters now"), thanks
# or praises the rest ("but thanks anyway", "otherwise great work", "the rest looks good"), or says it is known ("as
# always", "obviously", "as discussed"). None of it is part of the rule, and none of it takes the rule back.
_CHATTER_TAIL = re.compile(
    r"\s*,\s*(?:(?:but|and|though)\s+)?(?:(?:but\s+|oh\s+)?whatever|not\s+that\s+it\s+(?:really\s+)?matters(?:\s+(?:now|much|anymore|here))?|"
    r"(?:it\s+)?(?:doesn'?t|does\s+not)\s+(?:really\s+)?matter(?:\s+(?:now|much|anymore)|\s+(?:which|what)\s+[a-z]+)?|no\s+big\s+deal|"
    r"(?:thanks|thank\s+you|thx|ty)\s+(?:anyway|though|again)|"
    r"(?:otherwise|apart\s+from\s+that|besides\s+that|other\s+than\s+that)\s*,?\s+(?:(?:it|this|everything)\s+)?"
    r"(?:looks\s+|is\s+|'s\s+)?(?:great|good|nice|fine|solid|perfect)(?:\s+(?:work|job|stuff))?|"
    r"(?:the\s+rest|everything\s+else|rest\s+of\s+it)\s+(?:looks|is|seems)\s+(?:great|good|nice|fine|solid|perfect)|"
    r"(?:good|great|nice)\s+(?:work|job)(?:\s+(?:otherwise|on\s+the\s+rest))?|"
    r"obviously|of\s+course|as\s+always|as\s+(?:discussed|agreed|decided|mentioned)|"
    # the occasion pointed at ("…, unlike the last PR", "…, like in your previous commit")
    r"(?:un)?like\s+(?:in\s+)?(?:the|your|my)\s+(?:last|previous)\s+(?:pr|pull\s+request|commit|change|push|one|time|run))\s*[.!]*\s*$",
    re.I)


def drop_chatter(sentence: str) -> str:
    """``sentence`` without the chatter that closes it (:data:`_CHATTER_TAIL`), or unchanged (nothing before it)."""
    found = _CHATTER_TAIL.search(sentence)
    if not found or not sentence[:found.start()].strip():
        return sentence
    return sentence[:found.start()].rstrip() + "."


# ... or that opens the reason said last ("we use dayjs, not moment, imo it's cleaner", "…, tbh it's way nicer"): the
# phrase is said first and the reason stays where it was, so it is read as the reason it is (review35 R35-10: "Use `dayjs`
# instead of `moment`, imo it's cleaner." kept it in the rule)
_DISCOURSE_BEFORE_REASON = re.compile(
    r"\s*,\s*(?P<phrase>imo|imho|tbh|tbf|tbqh|ngl|honestly|frankly|personally|in\s+my\s+(?:humble\s+)?opinion|"
    r"if\s+you\s+ask\s+me|to\s+be\s+honest)\s*,?\s+"
    r"(?P<reason>(?:it|that|this|they)(?:'s|'re|\s+is|\s+are|\s+was|\s+reads|\s+looks|\s+feels|\s+seems|\s+works)\s"
    r"|(?:its|thats|theyre)\s)", re.I)


# A rule run on into the reason without a comma: "pls dont use class components we r on hooks", "don't use yarn we're a
# pnpm shop", "never hardcode secrets we got burned last year" (blind10), "use dayjs we dropped moment", "avoid sleeping in
# tests we have fake timers", "never use print the team uses a logger" (review38 R38-2: whatever the rule's lead): the team
# and a verb after the rule's own words start a clause of their own (not after a word that joins it to the rule: "unless
# we", "when we", "that we")
_WHO = r"(?:we|(?:our|the)\s+(?:team|company|org|codebase|project|repo|app|stack))"
_RUN_ON = re.compile(r"^(?P<rule>(?:(?:pls|plz|please|and|but|also|so|ok(?:ay)?|no)\s+)*(?:never|don'?t|do\s+not|dont|always|stop|"
                     r"avoid|use|prefer|stick\s+(?:to|with))\s+(?:[^,;:.!?\s]+\s+){1,8}?(?<!\bunless\s)(?<!\bif\s)"
                     r"(?<!\bwhen\s)(?<!\bwhenever\s)"
                     r"(?<!\bbecause\s)(?<!\bsince\s)(?<!\bso\s)(?<!\bthat\s)(?<!\band\s)(?<!\bor\s)(?<!\bbut\s)"
                     r"(?<!\buntil\s)(?<!\bbefore\s)(?<!\bafter\s)(?<!\bwhere\s)(?<!\bwhile\s)(?<!\bas\s)"
                     r"(?<!\bthan\s)(?<!\blike\s)(?<!\bhow\s)(?<!\bwhat\s)(?<!\bwhich\s)(?<!\bonce\s)(?<!\bunless\s)"
                     r"(?<!\bcan\s)(?<!\bwhere\s)(?<!\bwho\s)(?<!\bthings\s)(?<!\bstuff\s)(?<!\bever\s)"
                     r"(?<!\bof\s)(?<!\bfor\s)(?<!\bto\s)(?<!\bwith\s)(?<!\bby\s)(?<!\bin\s)(?<!\bon\s))"
                     # only a clause that is whole, no relative one missing its object ("never touch files we don't own",
                     # "never use libraries we have not vetted", "use the client the team built": review37 R37-6): what
                     # the project is on or is, what bit it, what it moved to or dropped, what it has or uses (with an
                     # article, or a kind of thing said in the plural)
                     r"(?P<reason>we(?:'re|\s+are|\s+r)\s+(?:(?:all|already|now)\s+)?(?:on|a|an|using|in)\s+\S.*"
                     r"|we(?:'ve|\s+have)?(?:\s+been|\s+got|\s+were)?\s+(?:burned|burnt|bitten)\b.*"
                     r"|" + _WHO + r"(?:'ve|\s+have|\s+has)?\s+(?:already\s+)?(?:switched|moved|migrated)\s+(?:to|off|away|from)\s+"
                     r"(?!(?:last|this|that|it|them|a\s+while|ages|years?|months?|weeks?)\b)\S.*"
                     r"|" + _WHO + r"(?:'ve|\s+have|\s+has)?\s+(?:already\s+)?(?:dropped|ditched|removed|replaced|deprecated|banned|"
                     r"killed|retired)\s+(?!(?:last|this|that|it|them|those|these|already|recently|yesterday|earlier|"
                     r"ages|years?|months?|weeks?|in|on|at|for|from|with|by)\b)\S.*"
                     r"|" + _WHO + r"(?:'ve|\s+have|\s+has|\s+got|'ve\s+got|\s+uses?)\s+(?:a|an|our|the|its)\s+\S.*"
                     r"|" + _WHO + r"(?:'ve|\s+have|\s+hav|\s+has|\s+got|'ve\s+got|\s+uses?)\s+"
                     r"(?!(?:not|no|been|already|to|in|on|at|for|from|with|by|it|them|this|that|those|these|some|any|"
                     r"never|always|just|only|also|still|enough|more|less|plenty|lots|tons)\b)(?:[a-z][\w-]*\s+)?"
                     r"(?![a-z][\w-]*ed\b)[a-z][\w-]*[^s\W]s"
                     # "pls dont use lodash we hav native methods for all of that" (blind8; refl45)
                     r"(?:\s+for\s+(?:all\s+(?:of\s+)?)?(?:that|this|those|it|them|everything))?\s*[.!]*"
                     # "dont use axios we have apiClient" gave "Never use `axios` we have `apiClient`.": what the project
                     # has, named as code (camelCase, snake_case, dotted, in backticks), ends the clause
                     r"|" + _WHO + r"(?:\s+already)?(?:'ve|\s+have|\s+hav|\s+has|\s+got|'ve\s+got|\s+uses?)\s+(?:already\s+)?"
                     r"(?-i:`[^`]+`|[a-z]+[A-Z]\w*|[A-Za-z]\w*_\w+|[a-z]\w*\.[a-z][\w.]*)(?:\s+(?:for\s+(?:that|this)|already))?"
                     r"\s*[.!]*"
                     r"|we(?:'ve|\s+have|\s+got|'ve\s+got)\s+(?!not\b|no\b)\S.*\banyway\s*[.!]*)$", re.I)
# a clause left hanging on its preposition is a relative one ("never use the endpoint we have a test for")
_STRANDED = frozenset("for to with on in of from about at by into".split())


_TAKES_A_CLAUSE = frozenset("""sure ensure assume think know say pretend check verify confirm guess believe expect hope
mean realize notice forget""".split())


def run_on_reason(sentence: str) -> str:
    """``sentence`` with a comma between a rule and the reason run on into it (:data:`_RUN_ON`), or unchanged."""
    found = _RUN_ON.match(sentence.strip())
    if not found or found.group("rule").split()[-1].lower() in _TAKES_A_CLAUSE \
            or found.group("reason").rstrip(" .!").split()[-1].lower() in _STRANDED:
        return sentence  # "always make sure we have tests …", "don't assume we have …": the clause is what is asked
    reason = re.sub(r"^we\s+r\b", "we're", found.group("reason"), flags=re.I)
    return f"{found.group('rule').rstrip()}, {reason}"


def front_discourse(sentence: str) -> str:
    """``sentence`` with a discourse phrase that closes it (:data:`_DISCOURSE_TAIL`) said first instead ("don't use moment,
    use dayjs instead to be honest" -> "to be honest, don't use moment, use dayjs instead"), or that opens the reason said
    last (:data:`_DISCOURSE_BEFORE_REASON`: "we use dayjs, not moment, imo it's cleaner" -> "imo, we use dayjs, not moment,
    it's cleaner"), or unchanged."""
    before = _DISCOURSE_BEFORE_REASON.search(sentence)
    if before and sentence[:before.start()].strip():
        return f"{before.group('phrase')}, {sentence[:before.start()].strip()}, {sentence[before.start('reason'):]}"
    found = _DISCOURSE_TAIL.search(sentence)
    if not found or not sentence[:found.start()].strip():
        return sentence
    phrase = found.group("phrase") or found.group("aside")
    end = (found.group("end") or found.group("end2") or "").strip()
    return f"{phrase}, {sentence[:found.start()].strip()}{end}"


def strip_lead(text: str) -> str:
    previous = None
    text = text.strip().strip("\"'“”")
    while previous != text:
        previous = text
        text = _LEADING.sub("", text).strip()
    return text


def tidy(rule: str) -> str:
    """Final form: rationale, team phrasing and fillers dropped, capitalised, one trailing period."""
    rule = " ".join(rule.split())
    rule = re.sub(r"\s+[—–-]\s+", "; ", rule)
    head, sep, tail = rule.partition(";")
    if sep and not re.match(r"\s*(?:always\s+|never\s+)?(?:" + "|".join(sorted(VERBS)) + r")\b", tail, re.I) \
            and not re.match(r"\s*let\s+(?:it|them)\s+(?:propagate|bubble\s+up|surface)$", tail, re.I):  # ("…; let them
        # propagate": what to do instead of swallowing them, review41 R41-3)
        rule = head
    rule = re.sub(r",?\s*\((?:run|see|e\.g\.?|i\.e\.?|eg|ie|for\s+example|like)\b[^)]*\)\s*$", "", rule, flags=re.I)
    rule = re.sub(r"\s+\([^()`]{1,40}\)\s*[.!]*$", "", rule)  # "(deprecated)", "(it's slow)": an aside, not f(x)
    rule = re.sub(r",?\s+(?:e\.g\.?|i\.e\.?|for\s+example|like)(?:\s+[^,;]*)?$", "", rule, flags=re.I)
    rule = re.sub(r"\s+please\b(?=[\s,;.!]|$)", "", rule, flags=re.I)  # "keep the PR small please, …"
    rule = RATIONALE.sub("", rule)
    rule = PRONOUN_TAIL.sub("", rule)
    # "make sure endpoints have auth, use the decorator": two imperatives joined by a comma read better with ";"
    splice = re.search(r",\s+(?=(?:use|put|add|call|keep|move|run|return|wrap|pass|import|raise|throw|catch|convert|"
                       r"create|set|store|define|declare|place|read|write|prefer|go)\s+\S)", rule)
    if splice and any(w in VERBS or w in ("is", "are", "has", "have", "must", "should")
                      for w in rule[:splice.start()].lower().split()):
        rule = rule[:splice.start()] + "; " + rule[splice.end():]
    for _ in range(2):
        rule = TRAILING.sub("", rule).strip()
        rule = TEAM.sub("", rule).strip()
    rule = _HERE_INSIDE.sub(r"\1", rule)
    rule = re.sub(r"\s+([,;])", r"\1", rule).strip(" ,;:—–-")
    rule = strip_stop(rule, ".!").strip()
    # "always use dayjs in the new code": code written from now on, as "in new code" says (review37 R37-6)
    rule = re.sub(r"\b(in|for|to)\s+the\s+new\s+code\b", r"\1 new code", rule, flags=re.I)
    # "add the new page to the changelog": each new one; "use the new button component", "keep the new API": one thing
    # that is new now (review22, "Always use each new button component.")
    rule = re.sub(r"(?<!\b[Uu]se )(?<!\b[Uu]sing )(?<!\b[Pp]refer )(?<!\b[Cc]all )(?<!\b[Ii]mport )(?<!\b[Kk]eep )(?<!\b[Rr]euse )"
                  r"(?<!\b[Ff]ollow )(?<!\b[Ee]xtend )(?<!\b[Ss]witch to )(?<!\b[Ss]tick to )(?<!\b[Ss]tick with )(?<!\b[Mm]igrate to )"
                  r"(?<!\b[Mm]ove to )(?<!\b[Ii]nstead of )(?<!\b[Nn]ot )"
                  r"\bthe new (?!(?:code|work|stuff|logic|data|content|functionality|behaviou?r)\b)(?=\w+?[^s\W]\b)", "each new ",
                  rule)  # ("the new code" is new code, no "each new code": review37 R37-6)
    rule = re.sub(r"\b(?:in|for|on)\s+(?:these|those)\s+(\w+)", lambda m: m.group(0).split()[0] + " " + m.group(1), rule)
    if not rule:
        return ""
    if rule[0] == "`" or rule[0].isupper():
        pass
    else:
        rule = rule[0].upper() + rule[1:]
    return rule + "."



# "Use Decimal for money here, never float": "here" inside the rule means "in this project", which a lesson of this
# project says without it (trial19). Not after a verb of place ("put helpers here, not in utils"): there "here" is a
# place only the conversation names, and the rule keeps it (and is declined as pointing, `rules.one_off`).
_HERE_INSIDE = re.compile(r"^(?!.*\b(?:put|place|move|keep|store|save|go|goes|live|lives|belong|belongs|stay|stays|"
                          r"leave|add|create|write)\b[^,;]*\bhere\b)(.*?\w)\s+here(?=\s*[,;]\s)", re.I)


ONE_OFF = re.compile(r"\b(?:for\s+now|for\s+the\s+moment|for\s+today|right\s+now|this\s+time|just\s+this\s+once|"
                      r"temporarily|(?<!\bnot\s)\byet\b|for\s+(?:this|that)(?=\s*(?:[,.;:!?]|$))"
                      # "don't push to main, I'll do it": the person takes this step over, a hand-off of this task
                      r"|i'?ll\s+(?:do|handle|push|merge|deploy|take\s+care\s+of)\s+(?:it|that|this|them)(?:\s+myself)?"
                      r"(?=\s*(?:[,.;:!?)]|$))|let\s+me\s+(?:do|handle|push|merge|deploy)\s+(?:it|that|this)\b"
                      # "Type 'string | undefined' is not … — in UserCard.tsx line 41" (blind10): one place of one file
                      # (not a reference the rule points to: "never commit .env files, see README.md line 40"; R37-6)
                      r"|(?<!\bsee\s)(?<!\bper\s)(?<!\bcf\.\s)(?<!\bcheck\s)(?<!\bread\s)(?<![\w/])[\w./-]+\.[a-z]{1,5}"
                      r"(?::\d+|,?\s+(?:on\s+|at\s+)?line\s+\d+)(?![\w.,]))", re.I)


# one place of one file, as :data:`ONE_OFF` reads it
AT_A_LINE = re.compile(r"(?<!\bsee\s)(?<!\bper\s)(?<!\bcf\.\s)(?<!\bcheck\s)(?<!\bread\s)(?<![\w/])[\w./-]+\.[a-z]{1,5}"
                       r"(?::\d+|,?\s+(?:on\s+|at\s+)?line\s+\d+)(?![\w.,])", re.I)


def after_a_line(sentence: str) -> str | None:
    """The rule said after a report at one place of one file, in its sentence ("in UserCard.tsx line 41 you used any,
    never use any" -> "never use any"; review38 R38-8), or None: the pieces after the one that names the place, when
    nothing else in the sentence is one-off and they hold every time ("never", "always"). The place's own piece, and a
    rule said at the place ("never use any in UserCard.tsx:41"), stay this file's."""
    place = AT_A_LINE.search(sentence)
    if place is None or ONE_OFF.search(AT_A_LINE.sub(" ", sentence)):
        return None
    after = re.search(r"[,;]|\s[—–-]\s", sentence[place.end():])
    if after is None:
        return None
    rest = sentence[place.end() + after.end():].strip()
    if AT_A_LINE.search(rest) or not re.match(r"(?:(?:and|but|so|also|pls|please)\s+)*(?:never|always)\s", rest, re.I):
        return None
    return rest


_TAG_QUESTION = re.compile(
    r"(?P<order>(?:^|(?<=[.!?\n]))[ \t]*(?:(?:please|pls|plz|and|so|also|again|just)[ \t,]+)*"
    r"(?:(?P<ban>don'?t|do\s+not|dont|never|stop|always|avoid|remember|make\s+sure)|use|keep)\b[^.?!\n]*?)"
    r"[ \t,]+(?:ok(?:ay)?|k|alright|got\s+it|understood|capisce|(?(ban)right|ok))[ \t]*\?+[ \t]*(?=$|\n)"
    # "you used npm again, we use pnpm, ok?": the team's tool stated, a nod asked after it (refl49); "we use pnpm, right?"
    # may ask whether it does, and stays a question
    r"|(?P<team>(?:^|(?<=[.!?\n])|(?<=,))[ \t]*(?:we\s+(?:always\s+|only\s+)?use|(?:this|our)\s+(?:repo|project|codebase|team)\s+"
    r"uses)\s+[^.?!,\n]+?)[ \t,]+(?:ok(?:ay)?|alright|got\s+it|understood|capisce)[ \t]*\?+[ \t]*(?=$|\n)", re.I | re.M)


# what a sentence that goes on to the team's tool after a comma must open with: what the agent did ("you used npm again,
# we use pnpm, ok?"); a condition or a time first ("if it fails, we use pnpm, ok?", "when we deploy tomorrow, …") says when
# (check49 C49-10)
_AGENT_DID = re.compile(r"(?:^|[.!?\n])[ \t]*(?:(?:ugh|no|nope|and|but|so|again|also|btw|hey)[ \t,]+)*(?:you|u)[ \t]+[^,.!?\n]*,[ \t]*$",
                        re.I)


def _nod_dropped(m: re.Match[str]) -> str:
    """The order or the team's tool a tag question follows, with the tag read as the nod it asks for (:data:`_TAG_QUESTION`);
    the whole as it was when the team's tool follows a comma after anything but what the agent did."""
    if m.group("order"):
        return m.group("order") + "."
    if m.string[m.start() - 1:m.start()] == "," and not _AGENT_DID.search(m.string[:m.start()]):
        return m.group(0)
    return m.group("team") + "."


# A person asks for the rule to be written down for later sessions, before it or after it: "for next time: never commit
# the .env", "add this to CLAUDE.md: tests go in tests/unit", "…, and save that to your memory", "dont forget to update git
# submodules recursive (add this info to crush.md or project related file, so you dont forget)" (a real dev correction).
# That is the person's own word that the rule holds from now on.
_RECORD_LEAD = re.compile(
    r"^(?P<lead>(?:(?:please|pls|plz|and|also|oh\s+and|btw|ok(?:ay)?)[\s,]+)*(?:(?:(?:note|remember|keep\s+in\s+mind)"
    r"(?:\s+(?:this|that))?\s+)?for\s+(?:the\s+)?(?:next\s+time|future\s+(?:reference|sessions?|tasks?))|"
    r"(?:save|add|put|write|note|store|record|keep)\s+(?:this|that|it)(?:\s+info(?:rmation)?)?\s+(?:to|in|into)\s+" + RECORD_PLACES
    + r"(?:\s+so\s+(?:that\s+)?(?:you|u)\s+(?:remember(?:\s+it)?|(?:don'?t|dont|do\s+not|won'?t)\s+forget(?:\s+it)?))?))"
    r"\s*[:,\u2014\u2013-]\s*(?P<rule>\S.*)$", re.I | re.S)
_RECORD_TAIL = re.compile(
    r"(?:\s*[,;.]\s*|\s+)\(?\s*(?:(?:and|also|pls|please)\s+)*(?:(?:add|put|write|save|note|store|record|keep)\s+(?:this|that|it)"
    r"(?:\s+info(?:rmation)?)?\s+(?:to|in|into)\s+" + RECORD_PLACES + r"(?:\s+or\s+[^,;()]{1,60}?)?"
    r"(?:\s*,?\s*so\s+(?:that\s+)?(?:you|u)\s+(?:remember|(?:don'?t|dont|do\s+not|won'?t)\s+forget)(?:\s+(?:it|this|that|"
    r"next\s+time))?)?)\s*\)?\s*[.!]*\s*$", re.I)
# ("…, so you don't forget" alone is no ask to record: "rename the file to utils.py, so you dont forget" is one step)


def record_asked(text: str) -> str:
    """``text`` with a request to write the rule down for later sessions (:data:`_RECORD_LEAD`, :data:`_RECORD_TAIL`)
    said as "from now on, " before the rule; unchanged when there is none, or when more than one sentence is left (which
    of them it asks to record, only the person knows)."""
    lead = _RECORD_LEAD.match(text.strip())
    rule = lead.group("rule") if lead else None
    if rule is None:
        tail = _RECORD_TAIL.search(text)
        rule = text[:tail.start()] if tail and tail.start() > 0 else None
    if rule is None:
        return text
    rule = rule.strip().rstrip(",;:")
    if not rule or re.search(r"[.!?;]\s+\S|\n", rule) or rule.endswith("?"):
        return text
    return f"from now on, {rule}"


def normalise(text: str) -> str:
    """Typographic quotes made plain and apostrophe-less contractions ("dont", "thats") restored, so the
    patterns see what a careful writer would have typed."""
    text = text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "}))

    def fix(match: re.Match[str]) -> str:
        word = match.group(1)
        fixed = CONTRACTIONS[word.lower()]
        return fixed[0].upper() + fixed[1:] if word[0].isupper() else fixed

    text = re.sub(r"\b(can|could|would|did|do|are|have|if|when|why|will)\s+u\b", r"\1 you", text, flags=re.I)
    text = re.sub(r"\bit's\s+own\b", "its own", text, flags=re.I)  # "on it's own line"
    # "any-types", "any-typed": TypeScript's `any` written as one word with its noun ("any types" stays prose: "don't
    # add any types" asks for none at all)
    text = re.sub(r"(?<![`\w-])any-(types?|typed|casts?)\b", r"`any` \1", text, flags=re.I)
    text = CONTRACTION.sub(fix, text)
    # "don't use `Any` ok?", "never push to main, got it?", "always run the linter, right?": an order with a tag that asks
    # for a nod, no question of what to do (review43 R43-2's class); "use zod, right?" may ask which, and stays a question
    text = _TAG_QUESTION.sub(_nod_dropped, text)
    # "we are not using redux anymore": the team's way as "we don't use redux anymore" says it (review38 R38-8); not
    # without "anymore" ("we're not using redux in this component" is how one part is)
    text = re.sub(r"\b(we)(?:(?:'re|\s+are|\s+r)\s+not|\s+aren'?t)\s+using\s+(?=[^,;.!?]*?\s(?:anymore|any\s+more|any\s+longer)\s*(?:[,;.!?]|$))",
                  r"\1 don't use ", text, flags=re.I)
    # "never use print cause we have a logger", "cuz we're on hooks": the chat spellings of "because" before the team or
    # a thing as subject (not the noun or the verb "cause": "the cause we found", "it will cause it to fail"; review38 R38-2)
    return re.sub(r"(?<![\w'`/-])(?<!\bthe\s)(?<!\ba\s)(?<!\bwill\s)(?<!\bcan\s)(?<!\bmay\s)(?<!\bmight\s)(?<!\bcould\s)"
                  r"(?<!\bwould\s)(?<!\bto\s)(?<!\bdoes\s)(?<!\bdid\s)(?<!\bthat\s)(?<!\bwhich\s)"
                  r"(?:cuz|coz|'cause|cause|bc|b/c)\s+(?=(?:we|we're|our|it's|its|the\s+team|they|they're)\s)",
                  "because ", text, flags=re.I)



def content_words(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9_]+", text.lower().replace("`", " "))
    return {w.rstrip("s") if len(w) > 3 and not w.endswith("ss") else w for w in words if w not in STOPWORDS}




_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def not_english(text: str) -> bool:
    """Whether the person wrote in another language: most letters outside the Latin alphabet (Chinese,
    Russian, Korean …), or more function words of another Latin-script language than English ones ("use
    apenas o context7 para baixar a library"). Code in backticks is left out. The templates read English
    only, and their checks for a one-off task step are English words: in another language a rule would be
    the person's words with "Use" put in front, so such feedback waits for a model or a person."""
    words = _WORD.findall(re.sub(r"`[^`]*`", " ", text))
    letters = [ch for word in words for ch in word]
    if not letters:
        return False
    if sum(1 for ch in letters if ch.isascii()) * 2 < len(letters):
        return True
    lowered = [word.lower() for word in words]
    foreign = sum(1 for word in lowered if word in FOREIGN_FUNCTION_WORDS)
    english = sum(1 for word in lowered if word in STOPWORDS)
    return foreign >= 2 and foreign > english
