"""What withdraws a flag of the indirect forms, by the shape of the rest of the message (issue 20, review25 R25-2),
split from `capture/indirect.py` (cls26) with the same behaviour.

An indirect correction (`capture/indirect.py`: a challenge, a reminder, a hedge, a convention stated as a fact, the
agent's thing said to fail) may be taken back in the same message: a question asked for a purpose of the person's
("any reason you chose Postgres? I'm writing the design doc"), a recalled fact that new work builds on ("we settled on
Redis, now add the cache layer"), thanks, the person's own find or fault, going on or accepting the result ("not really
what I wanted, but it's fine, keep going") unless a change is asked before going on. :func:`withdrawn` says whether
the rest of the message does that for a clause's reason.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

# A question about the agent's choice asked for a purpose of the person's ("any reason you chose Postgres? I'm writing the
# design doc", "why was the config renamed? I want to mention it in the changelog"): they want the rationale, not a change.
PURPOSE = re.compile(r"\b(?:i'm|i\s+am)\s+(?:writing|documenting|preparing|drafting|putting\s+together|updating)\b"
                     r"|\b(?:so|because)\s+(?:that\s+)?i\s+can\s+(?:explain|mention|document|write|note|describe|justify|cite)\b"
                     r"|\bi(?:\s+(?:want|need|have)|'d\s+like|\s+would\s+like)\s+to\s+(?:explain|mention|document|note|write\s+(?:it|that)|justify|describe)\b"
                     r"|\basking\s+(?:so|because|for)\b|\bfor\s+the\s+(?:design\s+doc|changelog|pr(?:\s+description)?|docs|write-?up|"
                     r"report|release\s+notes|readme|retro)\b"
                     # the same abroad: out of curiosity, or writing the person's own document
                     r"|\bpor\s+curiosidad\b|\bpor\s+curiosidade\b|\bpar\s+curiosit[ée]\b|\baus\s+neugier\b|\bnur\s+neugierig\b|"
                     r"\bper\s+curiosit[àa]\b|из\s+любопытства|好奇|\bich\s+schreibe\s+(?:gerade\s+)?(?:die|eine|an\s+der|den)\b|"
                     r"\bestoy\s+escribiendo\b|\bj'[ée]cris\b|\bestou\s+escrevendo\b|\bsto\s+scrivendo\b|\bпишу\s+(?:документаци|доку|статью)"
                     # asked to pass the rationale on ("the team asked me to document our choices", "need to tell the mobile team")
                     r"|\b(?:asked\s+me|need|needs|have|has)\s+to\s+(?:document|tell|inform|explain|record|write\s+down|let\s+\w+\s+know)\b"
                     r"|\bpara\s+(?:aprender|entender)\b|\bpour\s+(?:comprendre|apprendre)\b|\bper\s+capire\b|\bnur\s+verstehen\b"
                     r"|чтобы\s+понять|想了解|想学习"
                     r"|\bneed\s+(?:it|this|that|the\s+\w+)\s+for\s+(?:the|my|our|a)\b|\bfor\s+(?:the|my|our|a)\s+(?:[\w-]+\s+){0,2}?"
                     r"(?:slides?|deck|presentation|talk|notes|design\s+doc|review\s+doc|write-?up|wiki)\b", _I)
# After a recalled fact or decision, new work that builds on it ("we settled on Redis, now add the cache layer", "recall
# that the API allows 100 req/s; add a throttle to the sync job", "…, so prioritise the dashboard"), or looking something
# up with it ("every request is logged with a trace id, so search for trace 4f2a"): the fact serves the next task. Never a
# fix of what exists ("all money is stored in cents, so fix the totals").
BUILDS_ON = re.compile(r"(?:[,;:]|\b(?:so|now|then|and)\b)\s*(?:(?:so|now|then|please|pls|just)\s+|(?:can|could|would)\s+you\s+"
                       r"(?:please\s+)?)*(?:add|create|build|implement|"
                       r"write|set\s*up|prioriti[sz]e|focus\s+on|start|generate|design|scaffold|search|look\s+(?:for|up)|find|"
                       r"query|grep|filter|plan|schedule|fetch|get|pull|grab|read|take)\b", _I)
# Thanks or praise next to the words ("second time I'm saying thanks, this is great", "у нас все тесты зелёные, отлично").
THANKS = re.compile(r"\b(?:thanks?|thank\s+you|thx|great|awesome|excellent|perfect|well\s+done|nice\s+work|"
                    r"good\s+job)\b|отлично|спасибо|супер|谢谢|感谢|ありがとう", _I)
# The person found it themselves ("stop looking, I found it: it was my .env", "hör auf zu suchen, ich hab den Fehler
# gefunden", "smetti di cercare, ho trovato il problema io").
FOUND_OWN = re.compile(r"\bi\s+(?:just\s+)?found\s+(?:it|the\s+(?:bug|problem|issue|error|cause))\b|\bfound\s+it\b"
                       r"|\bich\s+(?:hab\w*|habe)\s+(?:den|das|es|ihn)\b[^.!?]{0,20}\bgefunden\b|\bho\s+trovato\b"
                       r"|\bencontr[eé]\s+(?:el|la|lo)\b|\bj'ai\s+trouv[eé]\b|\bя\s+наш[её]л|\b(?:eu\s+)?achei\s+o\b|我找到了"
                       # the fault the person's own ("c'était ma faute", "el error era mío", "my bad, it was my .env")
                       r"|\bma\s+faute\b|\bmon\s+erreur\b|\bera\s+m[ií]o\b|\bmi\s+culpa\b|\bculpa\s+m[ií]a\b|\bmy\s+(?:bad|fault|mistake)\b"
                       r"|\bit\s+was\s+(?:me|my\s+\S+)|\bmeine\s+schuld\b|\bmein\s+fehler\b|моя\s+ошибка|是我的错", _I)
# The report withdrawn in the same breath: accepted ("…, but that db is being deleted, ignore it"), the person's own cause
# ("didn't fix anything on my side because I hadn't pulled yet"), or a change of circumstances ("not needed anymore since
# the upstream fixed their timeouts").
WITHDRAWN = re.compile(r"\bignore\s+(?:it|that|this|them)\b|\b(?:doesn't|does\s+not)\s+matter\b|\bnot\s+a\s+(?:problem|concern|"
                       r"big\s+deal)\b|\bbeing\s+(?:deleted|removed|retired|decommissioned)\b"
                       r"|\bbecause\s+i\s+(?:hadn't|had\s+not|didn't|did\s+not|haven't|forgot)\b|\bmy\s+(?:bad|fault|mistake)\b"
                       r"|\b(?:a\s+)?(?:separate|another|the\s+next|a\s+later|a\s+future)\s+(?:ticket|issue|task|pr)\b"
                       r"|\bout\s+of\s+scope\b|\b(?:correct|intended|expected|fine)\s+by\s+design\b|\bas\s+intended\b"
                       # ("approved by design" names the design team, not an intent: cls26)
                       r"|(?<!\bapproved\s)(?<!\breviewed\s)(?<!\baccepted\s)(?<!\bchecked\s)(?<!\bsigned\soff\s)\bby\s+design\b", _I)
# The fault or the rule dismissed with "anyway" ("your tests don't run on Windows but we don't support Windows anyway",
# "…, nobody uses that page anyway"): the person does not ask for a change (cls26).
DISMISSED = re.compile(r"\b(?:(?:we|i)\s+(?:don't|do\s+not)\s+(?:support|care\s+about|target|need|use|ship)|nobody\s+(?:uses|needs|"
                       r"cares\s+about|runs)|no\s+one\s+(?:uses|needs|cares\s+about|runs))\b[^.?!]{0,50}?\banyway\b", _I)
_NO_LONGER = re.compile(r"\b(?:anymore|any\s+longer)\b", _I)
_REMINDED = frozenset({"reminded of an earlier instruction"})
_STATED = frozenset({"stated a team convention"})
_FLAWED = frozenset({"pointed out a flaw in what the agent did", "said the fix did not work", "said the result does not look right",
                     "said a part of the result does not work",
                     "reported a problem after the agent's change", "doubted the agent's answer",
                     "softened a correction of the agent's work"})
_ASKED_WHY = frozenset({'asks "why did you…"', "challenges what the agent did", "asks why the agent did it"})


# A reminder about the pace ("como hablamos, no hay prisa", "wie besprochen, kein Stress", "не торопись") or the plan's
# next step ("wie besprochen, nur noch die Tests", "como acordamos, ahora solo falta el endpoint") sets up the work;
# it recalls no rule the work broke (review25 R25-4).
PACE_OR_NEXT = re.compile(r"\bno\s+(?:hay\s+)?prisa\b|\bsin\s+prisa\b|\bsem\s+pressa\b|\bkein(?:en)?\s+(?:stress|eile|druck)\b|"
                          r"\bnon\s+c'[eè]\s+fretta\b|\bpas\s+(?:de\s+)?(?:souci|stress|presse|rush)\b|\bno\s+(?:rush|hurry)\b|"
                          r"\btake\s+your\s+time\b|не\s+(?:тороп|спеш)\w*|不着急|不急|慢慢来|急がなく|ゆっくり"
                          r"|\bsin\s+(?:presi[oó]n|apuro|urgencia)\b|\bsem\s+(?:press[aã]o|urg[eê]ncia)\b|\bpas\s+d'urgence\b|"
                          r"\bohne\s+(?:druck|eile|hektik)\b|\bkeine\s+hektik\b|без\s+спешки|\bno\s+(?:pressure|urgency)\b"
                          r"|\bnur\s+noch\b|\bsolo\s+(?:falta|queda)\b|\bs[oó]\s+(?:falta|resta)\b|\bil\s+(?:ne\s+)?reste\b|"
                          r"\bmanca\s+solo\b|осталось\s+только|只剩|还差|\bonly\s+\w+\s+(?:left|remains)\b", _I)


# Going on in the same message ("…, anyway carry on", "hmm, I think we should keep going, next ticket", "…; continue with
# the API"), the result accepted ("… a quick win and this is it, thanks!"), or the doubt put up for discussion ("not sure
# the retry is a good idea, what do you think?", "…, but let's measure first"): what came before corrects nothing
# (review25 R25-7). The person's own go-on words, not the agent's.
GOES_ON = re.compile(r"\b(?:keep\s+going|carry\s+on|go\s+ahead|go\s+on|get\s+on|move\s+on|proceed|continue(?:\s+with)?|next\s+(?:ticket|task|one|step)|"
                     r"anyway|this\s+is\s+it|that's\s+it|works\s+(?:great|perfectly|fine)|love\s+it|what\s+do\s+you\s+think|"
                     r"thoughts\s*\?|wdyt|let's\s+(?:measure|test|check|benchmark|try)\s+(?:it\s+)?first|let's\s+ask"
                     # (cls26: "…, but good enough, ship it", review25's R25-9 sibling)
                     r"|ship\s+it|merge\s+it|let's\s+(?:ship|merge)(?:\s+it)?"
                     # ("I'm not sure the third function is needed, but let's keep it for now": review39 R39-9, cls39)
                     r"|(?:but\s+)?let's\s+keep\s+(?:it|them|that|this|those)(?:\s+(?:for\s+now|as\s+is))?)\b", _I)
# ... unless the message asks to change the agent's work before going on ("not a fan of the nested ternaries, rewrite them
# and then continue", "I thought we were using tabs, fix that and carry on": review25 R25-9).
CHANGE_ASKED = re.compile(r"(?:^|[,;:.?!]|\band\b|\bthen\b|\bplease\b|\bjust\b)\s*(?:please\s+|just\s+|then\s+)?(?:rewrite|change|fix|"
                          r"switch|redo|drop|remove|revert|undo|delete|rename|move\s+(?:it|them|that|this)|replace|put\s+(?:it|them)\s+back|"
                          r"restore|convert|go\s+back|roll\s*back|use|inline|extract|split|merge|simplify|flatten|shorten)\b", _I)
_FINE = re.compile(r"\b(?:it's|it\s+is|that's|that\s+is|this\s+is)\s+(?:fine|ok(?:ay)?|good\s+enough|alright)\b"
                   r"|(?:^|[,;:.]\s*|\bbut\s+)(?:good\s+enough|fine\s+by\s+me|works\s+for\s+me|close\s+enough)\b", _I)
_HEDGED = frozenset({"said the result is not what was expected", "disliked what the agent made", "doubted the agent's answer",
                     "softened a correction of the agent's work"})


def withdrawn(reason: str, own: str) -> bool:
    """Whether the rest of the message ``own`` takes back what the clause's ``reason`` read into it (see above)."""
    if (reason in _HEDGED or reason in _REMINDED) and GOES_ON.search(own) and not CHANGE_ASKED.search(own):
        return True
    if reason in ('says "not what I asked"', "said the result is not quite right") and _FINE.search(own) and GOES_ON.search(own) and not CHANGE_ASKED.search(own):
        return True  # "not really what I wanted, but it's fine, keep going": accepted, and on to the next thing
    if reason in _ASKED_WHY:
        return bool(PURPOSE.search(own))
    if reason in _STATED and DISMISSED.search(own):
        return True
    if reason in _REMINDED or reason in _STATED:
        return bool(BUILDS_ON.search(own) or THANKS.search(own) or PACE_OR_NEXT.search(own))
    if reason == 'says "stop…"':
        return bool(FOUND_OWN.search(own))
    if reason in _FLAWED:
        # ("it doesn't work anymore" is a report; "not needed anymore" says the need went away)
        return bool(WITHDRAWN.search(own) or DISMISSED.search(own)
                    or (reason == "doubted the agent's answer" and _NO_LONGER.search(own)))
    return False
