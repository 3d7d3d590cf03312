"""More correction families for the classifier (issue 20, fourth pass): forms the first tables (`capture/cues.py`)
did not have, each written as a general form and kept only when it held on dev owners whose messages were not read
while writing it (`research/classifier_folds.py`). Read the same way as the tables in `cues.py`:

- ``CUES``: statements that correct without context ("one question at a time", "you can revert that").
- ``BROKEN``: the result reported broken; counted only after an answer that said the work was done.
- ``INVITED``: an answer's conditional invitation to send the next error ("If anything else pops up, send the new
  error") is not a hand-over of the work (``cues.HANDED_OVER``): the agent said it fixed something.
"""

from __future__ import annotations

import re

from altimate_learn.capture.cues import NOT_AGENTS_CHANGE

_I = re.I

# Questions that challenge the approach: "doesn't this lose the progressive filtering?", "won't that break the tests?";
# and "where did you get that?" in other languages.
# A verb that only names behaviour ("doesn't it ignore files in .gitignore by default?") asks how the code works; it
# challenges only after a word of disagreement ("but doesn't this skip …?") or said of the agent's change ("your fix").
_CHALLENGED = (r"(?:doesn't|does\s+not|won't|wouldn't|isn't|didn't)\s+(?:this|that|it|your\s+\w+|the\s+(?:new\s+)?(?:change|fix|approach|"
               r"version|code|patch))\s+(?:just\s+|also\s+|still\s+)?")
_DISAGREEING = r"(?:but|so|hmm+|wait|you\s+said|that's\s+not\s+what\s+i\s+(?:asked|wanted|meant))\W+"
CHALLENGES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^\W*(?:" + _DISAGREEING + r"|and\s+)?" + _CHALLENGED + r"(?:lose|loose|break|bypass|defeat|undo|overwrite|contradict|"
                r"violate)\b|^\W*" + _DISAGREEING + _CHALLENGED + r"(?:remove|drop|miss|ignore|duplicate|skip)\b"
                r"|^\W*(?:doesn't|does\s+not|won't|wouldn't|didn't)\s+(?:your\s+\w+|the\s+(?:new\s+)?(?:change|fix|patch))\s+"
                r"(?:just\s+|also\s+|still\s+)?(?:remove|drop|miss|ignore|duplicate|skip)\b", _I),
     "challenges the approach"),
    (re.compile(r"где\s+ты\s+(?:\w+\s+){0,3}?(?:берешь|берёшь|взял|нашел|нашёл|увидел|откопал|высрал)"                        # ru
                r"|\bde\s+d[oó]nde\s+(?:sacaste|has\s+sacado|salió|sali[oó])\b|\bde\s+onde\s+(?:voc[eê]\s+)?(?:tirou|veio)\b"   # es, pt
                r"|\bo[uù]\s+(?:as[\s-]tu|avez[\s-]vous)\s+(?:vu|trouv[eé]|pris)\b|\bwo\s+hast\s+du\s+(?:das|dies|den|die)\b"     # fr, de
                r"|你(?:是)?从哪(?:里|儿)?(?:看到|找到|来|搞来|弄来)的", _I),                                                    # zh
     "challenges an action"),
]

CUES: list[tuple[re.Pattern[str], str]] = [
    # "I don't like any approach", "I don't like this solution": the agent's proposal or result refused
    (re.compile(r"\bi\s+(?:don't|do\s+not|really\s+don't)\s+like\s+(?:any\s+(?:of\s+(?:these|those|them|the\s+\w+)|\w+)|(?:this|that|your|the|these|"
                r"those)\s+(?:approach|approaches|solution|solutions|idea|ideas|option|options|design|way|implementation|change|changes|"
                r"result|answer|version|fix|proposal|plan))\b(?!\s+(?:(?:of|in|for|from)\s+)?(?:the\s+)?(?:our|my|their|legacy|old|existing|"
                r"current|previous)\b)|\bi\s+(?:don't|do\s+not)\s+like\s+(?:it|this|that)\s*(?:$|[.!,;])", _I),
     "refused the agent's proposal"),
    # "you don't make claims it's proven", "you shouldn't hardcode it": a rule for the agent, read like a prohibition
    (re.compile(r"^\W*(?:(?:and|but|so|also|again)\W+)?you\s+(?:don't|do\s+not|shouldn't|should\s+not|mustn't|must\s+not)\s+(?:ever\s+|just\s+)?"
                r"(?:make|claim|say|add|use|write|change|touch|delete|remove|put|call|hardcode|assume|invent|guess|skip|ignore|modify|"
                r"edit|create|commit|push|run)\b", _I),
     "prohibited an action"),
    # "one question at a time plz", "one at a time please": the agent asked or did too much at once
    (re.compile(r"^\W*(?:(?:please|pls|plz|but|no|ok(?:ay)?|so)\W+)*"
                r"one(?:\s+(?:question|thing|step|file|change|issue|task|item|at))?(?:\s+at)?[\s-]+a[\s-]+time\b"
                r"(?!\W*(?:first|start|let's|we'll|begin)\b)", _I),
     "asked the agent to go one step at a time"),
    # "you can revert the border", "can you undo that", "please roll back the last change"
    (re.compile(r"\b(?:you\s+(?:can|should|need\s+to|have\s+to|must)|can\s+you|could\s+you|please|let's|we\s+(?:should|need\s+to))\s+"
                r"(?:just\s+|now\s+)?(?:revert|undo|roll\s*back|back\s+out)\b(?!\s+(?:to\s+v?\d|pr\b|pull\s+request|#|commit\s+[0-9a-f]{7}|[0-9a-f]{7,}\b|"
                r"(?:\w+\s+)?(?:button|feature|support|functionality|history|stack|logic|option|command|menu|shortcut)s?\b"
                r"|" + NOT_AGENTS_CHANGE + r"))", _I),
     "asked to revert the agent's change"),
]


BROKEN: list[tuple[re.Pattern[str], str]] = [
    # "the new divider is not looking good", "it doesn't look right", "looks different from the others"
    (re.compile(r"\b(?:is|are|'s|'re)\s+(?:still\s+)?not\s+looking\s+(?:good|right|great|correct|nice|ok(?:ay)?)\b"
                r"|\b(?:doesn't|does\s+not|don't|do\s+not)\s+(?:still\s+)?look\s+(?:good|right|correct|great|nice|ok(?:ay)?)\b"
                r"|\b(?:is|are|'s)(?:n't|\s+not)\s+(?:right|correct)\s+(?:still|yet)\b|\b(?:still|yet)\s+(?:isn't|is\s+not|aren't|are\s+not)\s+"
                r"(?:right|correct)\b", _I),
     "said the result does not look right"),
    # "there are only two problems left", "one issue remains"
    (re.compile(r"\b(?:problems?|issues?|bugs?|errors?|glitch(?:es)?)\s+(?:are\s+|is\s+)?(?:left|remain(?:s|ing)?)\b(?!\s+(?:to\s+(?:do|plan|discuss)))"
                r"|\bremaining\s+(?:problems?|issues?|bugs?|errors?|glitch(?:es)?)\b", _I),
     "said problems remain"),
    # French typed fast: "ça marche pas", "ca fonctionne toujours pas" (the "ne" dropped)
    (re.compile(r"(?<!\bsi\s)(?<!\bs')\b(?:[cç]a|il|elle|ils|elles|le\s+\w+|la\s+\w+|les\s+\w+)\s+(?:\w+\s+)?(?:marche|marchent|fonctionne|fonctionnent|"
                r"s'affiche|s'affichent|compile|d[eé]marre|charge|bouge)\s+(?:toujours\s+|encore\s+|plus\s+)?pas\b(?!\s+mal\b)", _I),
     "said the result does not work"),
    # zh: "not what I required", "had no effect", "did not (push / show …)", "still has …"
    (re.compile(r"(?:跟|和|与)(?:我的?)?(?:需求|要求|预期|描述|说的)不(?:一致|符|符合|一样)|不符合(?:我的?)?(?:需求|要求|预期)"
                r"|未(?:生效|起作用|发生作用)|没(?:有)?(?:起|发生)(?:作用|效果)"
                r"|并(?:未|没有|没)(?:(?:把|将)[^，。？！,.?!]{1,12}?)?(?:生效|起作用|改|修改|变化|改变|反应|成功|解决|修复|显示|出现|更新|"
                r"推送|提交|执行|运行|保存|删除|按照|初始化|创建|生成|写入|加载|同步|安装|部署|启动|连接|更改|发送|返回|渲染|刷新|实现|完成|处理)"
                r"|还是有(?:错|报错|bug|异常|警告|毛病|问题(?![想要])|同样的问题|这个问题)", _I),
     "said the result does not work"),
]

# The result negated, said of a thing after a done answer: "the show button did not take me back", "the name is not
# prefilled", "the sidebar isn't collapsing": a thing of the result as the subject (never I, we or you), a negated verb
# that is not about need, wish or importance.
BROKEN += [
    (re.compile(r"(?:^|[,;:]\s*|\b(?:but|and|now|still|yet|though)\s+)(?:the|this|that|your|its|these|those)\s+(?!(?:[\w@#./-]+\s+){0,2}?(?:errors?|warnings?|crash\w*|bugs?|issues?|problems?|"
                r"exceptions?|flicker\w*|lag)\s)(?!(?:[\w@#./-]+\s+){0,2}?(?:customers?|clients?|designers?|team|users?|ops|managers?|boss|"
                r"reviewers?|vendors?|people|guys?|folks|he|she|they)\s)(?:[\w@#./-]+\s+){0,3}?"
                r"(?:still\s+)?(?:doesn't|does\s+not|didn't|did\s+not|isn't|is\s+not|aren't|are\s+not|won't|will\s+not|wasn't|weren't)\s+"
                r"(?:still\s+|yet\s+|even\s+|really\s+|actually\s+)?(?!(?:need|needs|have|has|had|matter|mind|want|require|seem\s+to\s+matter|"
                r"necessary|needed|important|required|relevant|mandatory|optional|supposed|going\s+to\s+be|a\s+(?:problem|concern|priority|"
                r"blocker|big\s+deal)|an?\s+issue|my|our|in\s+scope|part\s+of|related|used\s+by\s+(?:us|me)|urgent|critical|yet|"
                r"what|how|where|why|who|the\s+(?:priority|point|focus)|\w+\s+(?:bad|wrong|broken|worse|that\s+bad)\b|"
                r"exist|apply|belong|support|know|care|affect|change\s+anything\s+for)\b)[a-z]\w+", _I),
     "said a part of the result does not work"),
]

# Reasons that count only in a short message (a long one describes a problem of its own) and in its first clauses.
OPENING_ONLY = frozenset({"said a part of the result does not work"})
OPENING_CLAUSES = 3

# "If you still see the error, share the new stack trace", "If anything else pops up, send the new error."
INVITED = re.compile(r"\bif\s+[^.?!\n]{1,100}?,?\s*(?:just\s+|please\s+)?(?:paste|share|send)\s+(?:me\s+)?(?:the|its|that|any)\s+"
                     r"(?:\w+\s+)?(?:output|error|errors|log|logs|traceback|stack\s*trace)\b", _I)

# A message that opens by asking how to do something ("how do I dim the LED? it's too bright", "how can we speed up CI?
# the build is too slow") asks a question of its own; what it says is wrong next is the situation it asks about, not a
# report on the agent's work (unless it blames the agent's change).
HOW_TO = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and|hey|hmm+|also|btw|quick\s+question)[,:!.]?\s+)*how\s+(?:do|can|could|should|would)\s+"
                    r"(?:i|we)\b[^?\n]*\?", _I)

# What turns the trouble after a how-to question back into a report on the agent's work: the thing fails outright
# ("how do I fix this? it crashes on startup now", "how do I test this? the endpoint returns 500").
HOW_TO_FAILURE = re.compile(r"\b(?:crash(?:es|ed|ing)?|errors?(?:ed|ing)?|exceptions?|traceback|fail(?:s|ed|ing|ure)?|"
                            r"broke(?:n)?|(?:returns?|returning|gives?|giving|throws?|got|get(?:ting)?)\s+(?:an?\s+|the\s+)?"
                            r"(?:http\s+)?[45]\d\d|not\s+working|doesn'?t\s+work|won'?t\s+(?:start|run|build|compile))\b", _I)

# A bare "fix it" after an answer that proposed a fix it has not made ("The fix: await the call before returning.",
# "Want me to fix the import order?") says go ahead, not that the agent's work is broken (first-sight false alarms).
BARE_FIX = re.compile(r"^\W*(?:please\s+)?fix\s*(?:it|this|that|them|these|those)?\s*(?:please|now|asap)?\W*$", _I)
PROPOSED_FIX = re.compile(r"\b(?:the|a|one|simplest|easiest|best|proper|real|likely|suggested|recommended|proposed)\s+(?:\w+\s+)?"
                          r"(?:fix|solution)(?:\s+(?:is|would\s+be|here\s+is))?\s*(?::|to\s+\w+|would\b)"
                          r"|\bto\s+fix\s+(?:this|it|that)\s*[,:]|\byou\s+(?:can|could|should)\s+fix\b"
                          r"|\b(?:shall|should)\s+i\s+(?:go\s+ahead\s+and\s+)?(?:fix|apply|patch|implement)\b"
                          r"|\b(?:want|like)\s+me\s+to\s+(?:go\s+ahead\s+and\s+)?(?:fix|apply|patch|implement)\b"
                          r"|\bi\s+can\s+(?:fix|apply|patch)\s+(?:it|this|that)\b", _I)

# An error message's own words, typed or pasted without the word "error": "x.get is not a function", "Generic parameter
# 'R' could not be inferred", "Value of optional type must be unwrapped".
BROKEN += [
    (re.compile(r"\bis\s+not\s+(?:a\s+function|a\s+constructor|iterable|callable)\b|\bcould\s+not\s+be\s+(?:inferred|found|resolved|"
                r"loaded|parsed)\b|\bcannot\s+(?:convert\s+value|read\s+propert(?:y|ies))\b|\bmust\s+be\s+unwrapped\b|\bunexpected\s+token\b", _I),
     "quoted an error after the agent's change"),
]

# A compiler's diagnostic (`path/file.swift:35:17 message`) or an error phrase in output the person pasted.
DIAGNOSTIC = re.compile(r"^[ \t]*\S+\.[A-Za-z]{1,6}:\d+:\d+:?\s+(?!(?:TODO|NOTE|FIXME|XXX|HACK|remember)\b)\S|\bis\s+not\s+(?:a\s+function|a\s+constructor|iterable)\b"
                        r"|\bcould\s+not\s+be\s+(?:inferred|found|resolved)\b|\bcannot\s+convert\b|\bmust\s+be\s+unwrapped\b"
                        r"|\bunexpected\s+token\b|\bsyntax\s*error\b", re.I | re.M)
# What is not prose in a message made only of output: addresses, paths, JSON objects, bracketed lists.
NOT_PROSE = re.compile(r"https?://\S+|\{[^{}\n]*\}|\[[^\[\]\n]*\]|\S*[/\\]\S+|\S+\.\w+:\d+(?::\d+)?")

# The problem said to be gone in other words than `cues.RESOLVED`: "the error is not showing anymore", "I no longer see
# the warning", "the crash doesn't happen anymore". An error the result is built to show ("the validation error is not
# showing anymore when I submit an empty form", a form's or a field's error) is a feature gone missing, not a problem gone.
RESOLVED = re.compile(r"(?<!\bvalidation\s)(?<!\bform\s)(?<!\bfield\s)(?<!\binput\s)(?<!\binline\s)(?<!\brequired\s)"
                      r"\b(?:errors?|warnings?|crash\w*|bugs?|issues?|problems?|exceptions?|flicker\w*|glitch(?:es)?)\s+(?:is|are|"
                      r"isn't|aren't|does|do|doesn't|don't)?\s*(?:not|no\s+longer)?\s*(?:showing|show|appearing|appear|happening|"
                      r"happen|there|present|visible|occurring|occur)\s+(?:up\s+)?any\s*more\b"
                      r"|\b(?:errors?|warnings?|crash\w*|bugs?|issues?|problems?|exceptions?)\s+(?:is|are)\s+no\s+longer\b"
                      r"|\bno\s+longer\s+(?:see|get|have|hit)\s+(?:the|that|this|these|those|any)\s+(?:\w+\s+)?(?:errors?|warnings?|crash\w*|"
                      r"exceptions?|issues?|problems?)\b", _I)

# A failure said not to have happened is praise or status, not a report: "the build didn't fail this time", "the linter
# didn't complain", "the migration didn't take long", "the flaky test didn't show up again", "the page isn't slow anymore".
PRAISED = re.compile(r"\b(?:didn't|did\s+not|doesn't|does\s+not|don't|do\s+not|won't|wasn't|isn't|is\s+not|aren't|weren't|no\s+longer|"
                     r"never)\s+(?:even\s+|once\s+|really\s+)?(?:fail(?:s|ed)?|crash(?:es|ed)?|complain(?:s|ed)?|break|hang|freeze|"
                     r"time\s*out|timed\s+out|take\s+(?:long|that\s+long|forever|ages)|flake|flaky|regress(?:ed)?|blocking|slow|laggy|"
                     r"show\s+up\s+again|come\s+back|happen\s+again|return\s+(?:any\s+)?(?:errors?|5\d\ds?|failures?))\b", _I)
# Praise after a challenge word: "¿de dónde sacaste la idea …? me parece genial, sigue así".
PRAISE = re.compile(r"\b(?:me\s+(?:parece|encanta|gusta)|genial|sigue\s+as[ií]|great|nice|love\s+it|keep\s+going|g[eé]nial|"
                    r"continue\s+comme|[oó]timo|[oó]tima|continua\s+assim|super|toll|weiter\s+so)\b|很好|不错|太棒", _I)
# "one thing at a time: first the model, then the tests": a plan for the next work, not a complaint about it.
PLANNED = re.compile(r"\bat\s+a\s+time\W+(?:first|start|let's|we'll|begin)\b", _I)

# The person's own setup said to fail: "my docker desktop keeps crashing", "pip install fails on my mac", "I get an error
# with my vpn", "my local postgres won't start": their machine, their tools or their own script, not the agent's change
# (issue 20: error reports about the person's own setup were a false-alarm family at first sight).
OWN_SETUP = re.compile(
    r"\bmy\s+(?:own\s+|local\s+|company(?:'s)?\s+)?(?:machine|laptop|computer|mac|macbook|pc|desktop|workstation|vm|wifi|wi-fi|internet|"
    r"network|connection|vpn|proxy|firewall|router|ide|editor|vscode|vs\s+code|terminal|shell|zshrc|bashrc|os|windows|system|"
    r"environment|env|setup|homebrew|brew|docker(?:\s+desktop)?|wsl|git\s+config|ssh\s+(?:key|keys|config)|keychain|"
    r"credentials|account|subscription|license|disk|drive|ram|gpu|printer|phone\s+settings)\b"
    r"|\bmy\s+own\s+(?:script|code|changes?|edits?|branch|commit|project|file|files|function|test|tests|version)\b"
    r"|\bmy\s+local\s+(?:postgres\w*|mysql|mongo\w*|redis|db|database|install\w*|python|node|java|jdk|sdk|toolchain|docker|"
    r"kubernetes|k8s|cluster|dns|hosts\s+file)\b"
    r"|\b(?:pip|npm|yarn|pnpm|brew|apt|apt-get|conda|gem|cargo)\s+install\b[^.!?\n]{0,40}\bon\s+my\b"
    r"|\bon\s+my\s+(?:machine|laptop|computer|mac|macbook|pc|workstation)\b[^.!?\n]{0,60}\b(?:install\w*|set\s*up|setup|config\w*)\b"
    r"|\b(?:install\w*|set\s*up|setup|config\w*)\b[^.!?\n]{0,60}\bon\s+my\s+(?:machine|laptop|computer|mac|macbook|pc|workstation)\b",
    _I)

# -- Sixth pass (issue 20, `phrase6`): general forms of the groups, written from no message and measured on the
# dev folds not read (`research/classifier_folds.py`): reminders, challenge questions, hedged requests, the result made
# worse. Each is narrow on purpose: its look-alikes ("I've told you everything I know", "see my previous message for
# the credentials", "how does this fix work?") stay out (tests/capture_text/test_classifier_sixth_pass.py).
# Words that may open a reminder question before it starts: "hm, didn't we agree on …", "wait, wasn't the plan to …".
_REMINDER_OPENER = r"(?:(?:but|so|hm+|hmm+|wait|uh+|um+|and|ok(?:ay)?|erm)\W+)?"
CHALLENGES += [
    # "why'd you rename it?", "what made you think we use redux?"
    (re.compile(r"\bwhy'?d\s+(?:you|u)\b|\bwhat\s+made\s+you\s+(?:think|decide|choose|pick|use|add|remove|delete|change|assume)\b", _I),
     'asks "why did you…"'),
    # "didn't we agree to use tabs?", "weren't we going to keep the old api?", "wasn't the plan to use redis?"
    # (twelfth pass, review12 R12-1: "hm, didn't we agree on httpx?", "isnt it supposed to be Decimal for amounts")
    (re.compile(r"^\W*" + _REMINDER_OPENER + r"(?:didn't|did\s+not|haven't|have\s+not|hadn't)\s+we\s+(?:just\s+|already\s+)?(?:agree|decide|say|"
                r"settle)\s+(?:to|that|not|on)\b|^\W*" + _REMINDER_OPENER + r"(?:weren't|wasn't)\s+(?:we|you)\s+(?:going|supposed)\s+to\b"
                r"|^\W*" + _REMINDER_OPENER + r"wasn't\s+the\s+(?:plan|idea|point|goal)\s+to\b"
                r"|^\W*" + _REMINDER_OPENER + r"(?:isn't|wasn't)\s+(?:it|this|that|the\s+\w+)\s+supposed\s+to\s+(?:be|use|go|live|stay|have)\b", _I),
     "reminds of an earlier instruction"),
    # "would you mind not reformatting the whole file?"
    # (never "would you mind keeping the logs verbose" or "… leaving a comment on each function": polite new requests;
    # only a stop or an undo refers back to what the agent did)
    (re.compile(r"\bwould\s+you\s+mind\s+(?:not|stop(?:ping)?\s+\w+ing|undoing|reverting|rolling\s+back|putting\s+back|"
                r"changing\s+(?:it|that|this|them)\s+back)\b", _I),
     "asked the agent not to do something"),
    # "how is this fixing the bug?", "how does that solve anything?"
    (re.compile(r"\bhow\s+(?:is|does)\s+(?:this|that|it)\s+(?:fix|fixing|solve|solving|address|addressing)\s+(?:the|anything|it|that|"
                r"this|my)\b", _I),
     "challenges what the agent did"),
]

# After "per my last message": an instruction restated ("…, don't touch the tests", "…, use pnpm not npm", "…, no new
# dependencies") or nothing; never information the agent asked for ("…, here are the logs", "…, the token is in .env").
_RESTATED = (r"(?=\W*$|[,:;.\s-]+(?:(?:please|again|so)\s+)?(?:no|not|don't|do\s+not|never|stop|only|use|keep|leave|avoid|remove|"
             r"revert|undo|stick|follow|you\s+(?:should|shouldn't|were|weren't|need|must|have\s+to|had\s+to|can't|cannot)|"
             r"(?:i|we)\s+(?:said|asked|told|wanted|need|only|don't|do\s+not))\b)")

CUES += [
    # "I've told you this before", "I have said it many times", "we've been over this", "I thought we agreed to …",
    # "per my previous message", "re-read what I wrote"
    (re.compile(r"\bi(?:'ve|\s+have)\s+(?:already\s+|just\s+)?(?:told\s+you|said|asked\s+(?:you\s+)?)(?:\s+(?:this|that|it|so))?\s+"
                r"(?:before|already|twice|(?:so\s+)?many\s+times|multiple\s+times|several\s+times|three\s+times|more\s+than\s+once)\b"
                r"|\bi(?:'ve|\s+have)\s+(?:already\s+)?told\s+you\s+(?:to|not\s+to|that\s+(?:we|you|it|the))\b"
                r"|\bwe(?:'ve|\s+have)\s+(?:already\s+)?been\s+(?:over|through)\s+(?:this|that|it)\s*(?:$|[.!,;]\s*(?!it's\s+fine))(?!\s+in\b)"
                r"|\bi\s+thought\s+(?:we|i)\s+(?:(?:had|have|already)\s+)?(?:agreed|said|decided|told\s+you|asked\s+you|settled)\s+"
                r"(?:to|that|not|on\s+\w+ing)\b"
                r"|\bper\s+my\s+(?:previous|earlier|last)\s+(?:message|instructions?|request)\b" + _RESTATED +
                r"|\bre-?read\s+(?:what\s+i\s+(?:wrote|said|asked)|my\s+(?:previous|last|original|earlier)\s+(?:message|instructions?|prompt))\b", _I),
     "reminded of an earlier instruction"),
    # "you misread the spec", "you mixed up width and height"
    (re.compile(r"\byou\s+(?:have\s+|just\s+)?(?:misread|misinterpreted|misunderstood|mixed\s+up\s+\S+\s+(?:and|with))\b(?!\s+nothing\b)", _I),
     "said the agent misunderstood"),
    # "you made it worse", "your fix made things worse"
    (re.compile(r"\b(?:you|your\s+(?:fix|change|edit|patch|update))\s+(?:just\s+)?made\s+(?:it|this|things|everything)\s+(?:even\s+)?worse\b", _I),
     "said the change made it worse"),
]

# "worse in the old version", "worse with the previous build": the old one compared, the new one praised.
_OLD_ONE = (r"(?:in|with|on|for)\s+the\s+(?:old|previous|original|legacy|former|last)\s+(?:version|one|build|release|code|"
            r"design|ui|layout|implementation)\b")
# A step of the release process the person takes or waits for ("it's not merged yet", "the docs aren't published yet",
# "it's not tested on windows"): not reached, not broken.
_PROCESS = (r"(?:deployed|merged|committed|pushed|published|released|shipped|launched|tested|reviewed|approved|signed|"
            r"documented|scheduled|finali[sz]ed|announced|tagged|rolled\s+out|live|in\s+prod\w*|on\s+(?:prod\w*|staging|main))")

BROKEN += [
    # After a done answer: "now it's worse", "that made it worse", "worse than before"
    (re.compile(r"\b(?:that|this|it)\s+(?:just\s+)?made\s+(?:it|this|things|everything)\s+(?:even\s+)?worse\b"
                r"|\b(?:it's|it\s+is|that's|that\s+is|this\s+is|now\s+it's|now\s+it\s+is)\s+(?:now\s+)?(?:even\s+|much\s+|way\s+)?worse\b"
                r"(?!\s+(?:for|if|when|because)\b)(?!\s+(?:\w+\s+){0,2}" + _OLD_ONE + r")"
                r"|\bworse\s+than\s+(?:before|it\s+was|the\s+(?:original|previous|last))\b", _I),
     "said the change made it worse"),
    # The structural rule above with "it" as its subject, typed fast: "its not prefilled", "it is not aligned"
    (re.compile(r"^\W*(?:(?:but|and|now|still|yet|hmm+|ok(?:ay)?|sadly|unfortunately|no+|nope)\W+)*(?:it|its)(?:'s|\s+is)?\s+(?:still\s+)?"
                r"not\s+(?:being\s+|getting\s+)?(?!(?:needed|required|supposed|related|used|finished|going|expected|intended|included|"
                r"planned|allowed|interested|concerned|based|designed|meant|ready|done|working\s+on|asking|saying|talking|trying|"
                r"blocking|urgent|bad)\b)(?:\w+ed|\w+ing|shown|visible|centered|centred|responsive|clickable|"
                r"scrollable|editable|selectable|there)\b(?![^.;!?]{0,40}\byet\b)", _I),
     "said a part of the result does not work"),
]

# A question typed without its question mark, that weighs an option: "what if we used sqlite instead of postgres",
# "would it be better to use a map instead of a list", "should we use grpc rather than rest". Its "instead of" or
# "X, not Y" proposes; the soft cues (rules, preferences) do not count in it.
ASKS_OPENLY = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and|hmm+|also|btw|just\s+curious)[,:!.]?\s+)*(?:what\s+if|what\s+about|would\s+it\s+"
                         r"(?:make\s+sense|be\s+(?:better|worth|easier|possible|cleaner))|is\s+it\s+(?:better|worth|possible|"
                         r"ok(?:ay)?|fine)|should\s+(?:we|i)|do\s+you\s+think|i\s+wonder\s+if|"
                         r"i'm\s+wondering\s+(?:if|whether))\b", _I)

# Grammar slips of a report typed fast, after a done answer: "it dont work", "its broke again", "still same".
BROKEN += [
    (re.compile(r"^\W*(?:(?:but|and|now|still|hmm+|nope|no)\W+)*(?:it|this|that)\s+(?:still\s+)?don't\s+(?:work|load|run|compile|show|build|"
                r"start|open|save|change|render)\b|\b(?:it's|it\s+is|its|is|(?<!\bwe\s)(?<!\bthey\s)(?<!\byou\s)are)\s+(?:still\s+|now\s+|all\s+)?"
                r"broke\b(?!\s+(?:up|down|into|out|even)\b)"
                # "still same" alone or before what stayed the same (never "still same plan for tomorrow")
                r"|^\W*(?:(?:nope|no|hmm+|but)\W+)*still\s+(?:the\s+)?same\b(?=\W*$|\s+(?:error|errors|issue|issues|problem|"
                r"problems|result|results|output|bug|behaviou?r|thing|here|again|as\s+before|screen|page|message|crash|response)\b)",
                _I),
     "said the result is still broken"),
]

# -- Seventh pass (issue 20, `classify7`; review6 items 13-19): guards for the look-alikes of the sixth pass's forms,
# each written as the general form of what the look-alike is (tests/capture_text/test_classifier_seventh_pass.py).

# A step of the release process not taken ("it's not merged yet", "the docs aren't published", "not deployed to
# staging"): status, whatever the sentence's subject. Read before any report.
STATUS = re.compile(r"(?:\bnot|n't|\bnever)\s+(?:yet\s+|been\s+|being\s+|even\s+)?" + _PROCESS + r"\b(?=[^.;!?]*\b(?:yet|until|"
                    r"till|tomorrow|later|next\s+week|i'll|we'll|i\s+will|we\s+will|i'm\s+going\s+to|anyway)\b)"
                    # a run still under way, with the person's word to report back: "the CI is still running, I'll tell you
                    # when it finishes" (not "it's still broken, I'll let you know if I find more": broken is no run)
                    r"|\bstill\s+(?:running|building|deploying|compiling|installing|uploading|downloading|processing|in\s+progress|"
                    r"pending|queued)\b(?=[^.;!?]*\b(?:i'll|we'll|i\s+will|we\s+will)\s+(?:tell|let\s+you\s+know|report|"
                    r"update|ping|get\s+back)\b)"
                    # "it's still early, I'll test the whole flow tomorrow": the person's time, not the result
                    r"|\bstill\s+(?:too\s+)?early\b(?=[^.;!?]*\b(?:tomorrow|later|tonight|next\s+week|i'll|we'll|i\s+will|we\s+will)\b)", _I)
# A state not reached yet, for the loose "a thing of the result is not <…ed / …ing>" forms (`OPENING_ONLY`):
# "the banner isn't translated yet", "its not cached yet".
UNREACHED = re.compile(r"(?:\bnot|n't)\s+(?:been\s+|being\s+)?\w+(?:ed|en|ing)\b[^.;!?]{0,40}\byet\b", _I)

# The person's own plan, said without a subject ("not running the migrations yet, I'll do it after lunch", "not working
# on that today, next: …", "not starting until the DB is up, that's by design"): an opening "not <…ing>" with "yet" and
# a plan after it, or "by design"; "not loading yet", "not loading until I refresh twice" and "not rendering on mobile,
# only on desktop" stay reports.
OWN_PLAN = re.compile(r"^\W*not\s+\w+ing\b[^.;!?]*\byet\b[^.;!?]*\b(?:i'll|we'll|i\s+will|we\s+will|today|tomorrow|later|"
                      r"next|after)\b|^\W*not\s+\w+ing\b[^.;!?]*\bby\s+design\b|^\W*not\s+\w+ing\s+on\s+(?:that|this|it)\s+"
                      r"(?:today|now|yet)\b", _I)

# A report accepted in the same breath: "… but that's fine for now", "…, that's expected with the cache". Read in the
# clause of the report and the one after it; never "it's fine on staging" / "that's ok in Chrome" (the bug's scope).
ACCEPTED = re.compile(r"\b(?:that's|that\s+is|which\s+is|this\s+is)\s+(?:totally\s+|perfectly\s+|still\s+|all\s+)?"
                      r"(?:fine|ok(?:ay)?|acceptable|expected|alright|all\s+right|good\s+enough|not\s+a\s+(?:problem|concern|"
                      r"big\s+deal|blocker))\b(?!\s+(?:on|in|under|when|at)\b)"
                      r"|\b(?:fine|ok(?:ay)?|good\s+enough|acceptable)\s+for\s+now\b"
                      # "the old tests still use the v1 fixtures, leave those as they are"
                      r"|\bleave\s+(?:it|them|those|these|that|this)\s+as\s+(?:it\s+is|they\s+are|is)\b", _I)

# A clause that asks to confirm ("it's not leaking any tokens, correct?", "it doesn't log the password, right?"):
# the person checks, they do not report.
TAG_QUESTION = re.compile(r"[,;]\s*(?:right|correct|yes|no|true|yeah|is\s+it|isn't\s+it|does\s+it|doesn't\s+it|"
                          r"are\s+they|aren't\s+they|do\s+they|don't\s+they)\s*\?+\W*$", _I)

# The person asks the agent to confirm what they believe ("only the client knows the type, isn't that right?", "can you
# confirm that for me?", "tell me if I'm correct", "对吧？", "¿verdad?"): "You're right" then answers the question, it
# concedes no mistake (dev: 2 such concessions from 2 owners, both labelled `not`; no correction asks so).
ASKS_TO_CONFIRM = re.compile(
    r"\b(?:is(?:n't|\s+not)\s+(?:that|it|this)\s+(?:right|correct|true|so)|(?:am\s+i|is\s+that|is\s+this|is\s+it)\s+(?:right|correct)"
    r"|(?:can|could)\s+you\s+(?:please\s+)?confirm|tell\s+me\s+(?:if|whether)\s+i(?:'m|\s+am)\s+(?:right|correct|wrong)"
    r"|(?:do|would)\s+you\s+agree)\b|[,;]\s*(?:right|correct|true)\s*\?"
    r"|对吧|(?<!不)是吧|对不对|是不是这样|だよね|ですよね|合ってる|맞지|맞나요|맞죠|¿?\s*verdad\s*\?|\bné\s*\?|\bn'est-ce\s+pas\b"
    r"|\bне\s+так\s+ли\b|\bправильно\s*\?|\bstimmt'?s\s*\?|\boder\s*\?", _I)

# A question about the agent's choice asked to learn, or with praise ("how does this fix the bug? I want to understand",
# "what made you choose this library? just curious, it looks great", "why did you use a set here? just wondering").
CURIOUS = re.compile(r"\bjust\s+(?:curious|wondering|asking)\b|\bcurio(?:us|sity)\b|\b(?:want|wanted|like|love|trying)\s+to\s+"
                     r"(?:understand|learn)\b(?!\s+why\s+you)|\bhelp\s+me\s+understand\b(?!\s+why\s+you)|\b(?:can|could)\s+you\s+"
                     r"explain\b|\bexplain\s+(?:how|what|the\s+(?:idea|logic|reasoning|mechanism|approach|trade-?offs?))\b|"
                     r"\bwalk\s+me\s+through\b|\bfor\s+my\s+(?:own\s+)?(?:understanding|learning)\b|"
                     r"(?<!\bnot\s)(?<!\bnot\sa\s)(?<!\bno\s)\b(?:nice|great|good|awesome|excellent|smart|clever)\s+(?:work|job|"
                     r"choice|call|idea|pick|move|catch|one)\b|\bwell\s+done\b|\b(?:looks|works|work)\s+(?:great|well|perfectly|"
                     r"nicely|fine|good)\b(?!\s+(?:as\s+it\s+(?:was|is)|before|already|the\s+way|without))|"
                     r"\bi\s+(?:love|like)\s+(?:it|this|that)\b|\blove\s+it\b", _I)
QUESTION_CHALLENGES = frozenset({'asks "why did you…"', "challenges what the agent did", "challenges the approach",
                                 "asks why the agent did it"})

# The agent's work named as the cause ("the tests fail on my machine after your change", "it crashes on my mac now, it
# worked before your edit", "my local postgres won't start since your migration"): a report, even on the person's
# machine (`OWN_SETUP` does not apply).
BLAMES_CHANGE = re.compile(r"(?<!\bnot\s)\b(?:your\s+(?:\w+\s+)?(?:change|changes|edit|edits|fix|fixes|migration|migrations|"
                           r"commit|commits|update|updates|patch|refactor\w*|pr|code|version|rewrite|upgrade)|the\s+(?:latest|last|"
                           r"new|recent)\s+(?:change|changes|edit|edits|fix|commit|migration|refactor\w*))\b"
                           r"|\b(?:since|after)\s+(?:you|u)\b", _I)

# The agent cleared of the failure ("…, but that's my old node, not your change"): not a "X, not Y" rule for the agent.
NOT_YOUR_DOING = re.compile(r"\bnot\s+(?:because\s+of\s+)?(?:your|the\s+agent's)\s+(?:\w+\s+)?(?:change|changes|edit|edits|fix|code|"
                            r"fault|doing|migration|commit|update)\b", _I)

# A failure said not to happen, in an "-ing" form or as its output: "it's not crashing anymore", "It's not showing any
# errors now, great", "not throwing any warnings".
PRAISED_TOO = re.compile(r"(?:\bnot|n't|\bno\s+longer)\s+(?:even\s+|really\s+)?(?:crashing|failing|hanging|freezing|flaking|"
                         r"lagging|erroring|complaining|timing\s+out)\b"
                         r"|(?:\bnot|n't|\bno\s+longer)\s+(?:showing|throwing|giving|producing|raising|printing|logging|reporting|"
                         r"getting|seeing|returning)\s+(?:me\s+)?any\s+(?:\w+\s+)?(?:errors?|warnings?|"
                         r"exceptions?|crash\w*|failures?)\b"
                         # a problem's own verb said not to happen any more ("the page doesn't flicker anymore", "it won't
                         # crash now"); a feature's verb ("it doesn't load anymore") is a regression, not this
                         r"|(?:\bnot|n't|\bno\s+longer)\s+(?:even\s+)?(?:crash|fail|hang|freeze|flicker|flake|lag|stutter|error\s+out|"
                         r"jump|glitch|leak|overflow|overlap|time\s+out)\b[^.;!?,]{0,30}?\b(?:any\s*more|now)\b", _I)

# -- Seventh pass, round 1: general forms of three families the dev misses share across owners (issue 20 item 2:
# "do it yourself" after the agent handed the steps back, the agent's diagnosis refused, a short broken-result report
# after a claim of done), written from dev folds 0-1 (read before). Only the arms that found something on dev with no
# false alarm on any fold were kept: on folds 2-3 (not read) they found nothing and flagged nothing. Dropped for want of
# evidence: "you do it", "I gave you permission", "don't ask me", "that's not the problem", "I already tried that", "it's
# already enabled" (no dev message of either kind).

# "do it for me", "can you check that for me", "investigate it yourself": after an answer that handed the next step to
# the person, the person hands it back (the agent should act, not describe). Short messages only.
ACT_YOURSELF = re.compile(
    r"^\W*(?:(?:no+|nope|please|pls|just|ok(?:ay)?|thanks|thank\s+you|but|then|so|can\s+you|could\s+you|can't\s+you)[\s,.!]+)*"
    r"(?:investigate|do|run|check|fix|handle|try|test|execute|apply|debug|look\s+into|restart|start|install|open|copy|move|"
    r"update|change|edit|configure)"
    r"(?:\s+(?:it|that|this|them|those|these|all|everything))?\s+(?:for\s+me|yourself|by\s+yourself|on\s+your\s+own)\b", _I)
ACT_YOURSELF_CHARS = 160

# The agent's diagnosis refused, in Chinese: "我这边可以肯定不是网络问题" ("it is certainly not a network problem on my
# side"), "不是缓存的问题"; a cause named, so never "这不是问题" ("that is not a problem").
CUES += [
    (re.compile(r"不是(?:网络|缓存|权限|配置|浏览器|代理|环境|服务器|数据库|版本|端口|防火墙|证书)(?:的)?问题"),
     "refused the agent's diagnosis"),
]

# A short report after a done answer: "not opening", "still not loading at all", "this site can't be reached" (a verb of
# the result, never "not using docker here", a convention).
BROKEN += [
    (re.compile(r"^\W*(?:(?:still|but|and|yet|again)\s+)?not\s+(?:opening|loading|working|showing|rendering|saving|starting|"
                r"running|responding|updating|displaying|connecting|compiling|building|scrolling|playing|submitting|redirecting|"
                r"closing|appearing|refreshing|launching|booting|syncing|clickable|visible)\b(?:\s+\S+){0,2}\W*$"
                r"|\b(?:site|page|app|server|url|link|website|localhost|address)\s+(?:can't|cannot|could\s+not|couldn't)\s+"
                r"be\s+(?:reached|found|opened|accessed|loaded)\b(?=\W*$|\s*[,.;!]|\s+(?:anymore|any\s+more|now|again|either|at\s+all)\b)",
                _I),
     "said the result does not work"),
]

# After a done answer, a whole clause that says the result has no effect: "alt shift 4 doesnt do anythign", "the shortcut
# didn't seem to do anything", "now I can't see anything on localhost", "nothing is output to the logs though" (first-sight
# misses of three dev owners). Only the whole clause: "I don't see anything wrong with it, ship it", "it won't do anything
# in prod, fine", "nothing is rendered twice now", "when nothing is printed for 30s, restart it" are approvals, a fix
# confirmed or a request (review22 R22-7: a looser form fired on 9 of 20 such look-alikes).
BROKEN += [
    (re.compile(r"^\W*(?:(?:but|and|still|now|so|hmm+)\W+)?(?:[\w.+@/-]+\s+){0,4}?(?:doesn't|does\s+not|didn't|did\s+not)\s+"
                r"(?:seem\s+to\s+)?do\s+anything(?:\s+(?:at\s+all|still|now))?\W*$"
                r"|^\W*(?:(?:but|and|still|now|so|hmm+)\W+)*(?:i|we)\s+(?:still\s+)?(?:can't|cannot|don't|do\s+not|didn't|did\s+not)\s+"
                r"see\s+anything(?:\s+(?:on|in|at)\s+(?:the\s+|my\s+)?(?:page|screen|localhost|browser|app|site|window|ui))?\W*$"
                r"|^\W*(?:but\s+|and\s+|still\s+)?nothing\s+(?:is\s+|was\s+|gets\s+|got\s+)?(?:output|printed|logged|displayed|"
                r"rendered)\s+(?:to|in|on)\s+(?:the\s+)?\w+(?:\s+(?:though|still|either))?\W*$", _I),
     "said the result does not work"),
]


# Eighth pass (issue 20, classify8): false-alarm shapes of single rules, measured per rule on dev
# (`research/classifier_rules.py`).
# "Actually all three / both / none of them / the second one", replying to the agent's "which one?": picks an answer.
PICKS_ONE = re.compile(r"^\W*actually\W+(?:all|both|none|either|neither|yes|yeah|the\s+(?:first|second|third|last|former|latter))\b",
                       _I)
# "My zellij/tmux/editor config is off, there shouldn't be …": the person's own configuration, not the agent's result.
# Only when that config is the subject of the report ("my zellij config is a bit off") and the message does not blame the
# agent ("you changed my eslint config, …", "the file you generated in my dotfiles …" still correct).
OWN_CONFIG = re.compile(r"^(?![\s\S]*\byou\s+(?:changed|added|generated|wrote|put|edited|modified|made|created|broke)\b)[\s\S]*"
                        r"\bmy\s+(?:own\s+|local\s+)?(?:[\w.-]+\s+)?(?:config|configs|configuration|dotfiles|rc\s+file|"
                        r"(?:shell|editor|terminal|tmux|zsh|bash|vim|neovim|emacs)\s+settings)\s+(?:is|are|looks?|seems?)\s+"
                        r"(?:a\s+bit\s+|a\s+little\s+|kind\s+of\s+|kinda\s+|still\s+)?(?:off|weird|odd|strange|wrong|broken|messed\s+up)\b", _I)


# -- Ninth pass (issue 20, item 2) ----------------------------------------------------------------------------------
# The person's own moment, not the result: "I can't open it right now, I'm on my phone", "I can't check it at the
# moment, I'm in a meeting", "I can't test it until later, will look tonight". A first-person "can't / unable to" with
# the person as the subject of the moment (I'm on my phone / in a meeting / away) or a deferral (will check later,
# until later); never when a symptom is said ("…, it's blank", "shows a 500", "the button does nothing"), and "on my
# phone" alone is where the bug shows ("I can't scroll the menu on my phone" is a report; review9 R9-11).
_CANNOT = (r"\b(?:i|we)(?:'m|\s+am|\s+was|'re|\s+are|\s+were)?\s+(?:can't|cannot|couldn't|could\s+not|can\s+not|"
           r"unable\s+to|not\s+able\s+to)\b")
_OWN_STATE = (r"\b(?:i'm|i\s+am|i'll\s+be|we're|we\s+are)\s+(?:currently\s+|still\s+|just\s+)?(?:on\s+(?:my\s+)?(?:phone|mobile|"
              r"ipad|tablet)|in\s+a\s+(?:meeting|call)|away|out|travel\w*|driving|commuting|not\s+at\s+(?:my\s+)?(?:desk|computer|"
              r"laptop)|afk)\b")
_DEFERRAL = (r"\b(?:(?:i'll|i\s+will|we'll|we\s+will|will|let\s+me|gonna|going\s+to)\s+(?:\w+\s+){0,2}?(?:check|look|review|test|try|"
             r"see|do|get\s+to)\b[^.;!?\n]{0,30}?\b(?:later|tonight|tomorrow|this\s+(?:evening|afternoon)|after\s+(?:lunch|the\s+"
             r"meeting|work))\b|\b(?:until|till)\s+later\b)")
_SYMPTOM = (r"\b(?:blank|empty|errors?|crash\w*|spins?|spinning|does\s+nothing|nothing\s+happens|broken|fails?|failing|stuck|"
            r"freez\w*|hangs?|overlay|returns?|shows?|showing|\d{3})\b")
OWN_MOMENT = re.compile(r"^(?![^\n]*" + _SYMPTOM + r")(?=[^\n]*" + _CANNOT + r")[^\n]*(?:" + _OWN_STATE + "|" + _DEFERRAL + ")", _I)


# -- Tenth pass (issue 20, item 2) ---------------------------------------------------------------------------------
# An error that says the command ran where the project is not: npm's "Missing script" and "Could not read package.json",
# docker's "Unable to find image … locally", compose's "no configuration file provided", python's "can't open file …
# [Errno 2]", Windows' "is not recognized as an internal or external command". Pasted alone after a done answer it is
# the person's command run in another folder or on another machine, not a report on the agent's change (dev: 3 such
# false alarms from 3 owners, no report lost); the person's own words ("the server does not start any more: …") still
# report it.
WRONG_PLACE = re.compile(
    r"\bMissing\s+script:?\s|\bCould\s+not\s+read\s+package\.json\b|\bENOENT\b[^\n]{0,120}?package\.json\b"
    r"|\bUnable\s+to\s+find\s+image\s+'[^'\n]{1,200}'\s+locally\b|\bno\s+configuration\s+file\s+provided\b"
    r"|\bcan't\s+open\s+file\s+'[^'\n]{1,300}':\s+\[Errno\s+2\]|\bis\s+not\s+recognized\s+as\s+an\s+internal\s+or\s+external\s+command\b",
    _I)
# ... unless the agent's answer was about that very thing (it edited package.json's scripts, built the image, wrote the
# compose file): then "Missing script" may be what its change did.
WRONG_PLACE_TOUCHED = re.compile(r"package\.json|\bnpm\s+scripts?\b|\"scripts\"|\bdocker(?:file)?\b|\bcompose\b|\bimage\b", _I)

# An error from the agent's own model provider (litellm's "NotFoundError: … Unknown model", a rate limit, a spent quota,
# a refused API key, an overloaded model) pasted after an answer says the agent could not answer, not that its change
# broke anything: it is the person's setup of the agent (dev: one such paste, aider's litellm error, labelled `not`) ...
# A class name a web framework or another client shares (InternalServerError: werkzeug, http-errors;
# AuthenticationError: Apollo; RateLimitError: stripe) counts only with the model client's module or exception in
# front (review21: "now I get InternalServerError: 500 on /login" after a change to the login handler is a report).
MODEL_API_ERROR = re.compile(
    r"\blitellm\.\w*(?:Error|Exception)\b|\b(?:openai|anthropic)\.(?:\w+\.)*\w*(?:Error|Exception)\b"
    r"|\b(?:OpenAI|Anthropic|AzureOpenAI|Bedrock|VertexAI|Vertex_AI|Gemini|Ollama)Exception\b|\bContextWindowExceededError\b"
    r"|\bmodel_not_found\b|\binsufficient_quota\b|\binvalid_api_key\b|\brate_limit_error\b"
    r"|\boverloaded_error\b|\bcontext_length_exceeded\b|\bcredit\s+balance\s+is\s+too\s+low\b|\bUnknown\s+model\b", _I)
# ... unless the answer worked on the model, its client or its key (then the error may be what its change did).
MODEL_API_TOUCHED = re.compile(r"\b(?:litellm|openai|anthropic|ollama|llm|models?|api[\s_-]?keys?|rate[\s_-]?limits?|quota|"
                               r"tokens?)\b", _I)

# The request a harness's /init sends (Claude Code: "create a CLAUDE.md file, which will be given to future instances",
# Codex: "Generate a file named AGENTS.md that serves as a contributor guide", OpenCode: "create a OpenCode.md file
# containing", Gemini CLI: "generate a comprehensive GEMINI.md file"), or the bare command. The answer to it wrote a
# guide for agents and changed no code, so an error the person reports next is the project's own, not the agent's
# change (dev: the three such flags after /init, from three owners, were all false alarms; no report follows one).
INSTRUCTIONS_REQUEST = re.compile(
    r"^\s*/init\s*$|\b(?:create|generate|write|improve)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:file\s+(?:named|called)\s+)?`?"
    r"(?:CLAUDE|AGENTS|OpenCode|GEMINI|CRUSH|QWEN)\.md`?(?:\s+file)?(?:\s*,|\s+(?:that|which|containing|to\s+be\s+used|for)\b)", _I)


def wrote_instructions(request: str | None) -> bool:
    """Whether ``request`` (the message the answer replied to) asked for the agents' instructions file (a /init)."""
    return bool(request) and bool(INSTRUCTIONS_REQUEST.search(request[:2000]))




# -- Eleventh pass (issue 20, item 2; review10 R10-18) -------------------------------------------------------------
# A standing instruction for the rest of the work: "please use uv from now on", "from now on, run the tests with -q",
# "going forward, never commit to main". The words say the agent should behave differently from here on, which is
# what a correction asks; a plan of the person's own ("from now on I'll review the PRs myself") or of the team's ("we
# will deploy on Fridays from now on") asks nothing of the agent. A question ("can you use uv from now on?") is read
# by the question rules, not here. On the dev split no message has this form (no false alarm, no report found), so
# it is written from the form, not from dev wording, and kept narrow: a directive must sit in the same clause.
STANDING_RULE_REASON = "gave a standing instruction (from now on)"
_FROM_NOW_ON = (r"\b(?:from\s+now\s+on|going\s+forward|from\s+here\s+on(?:\s+out)?|for\s+the\s+rest\s+of\s+(?:this|the)\s+"
                r"(?:session|project|repo|conversation|chat))\b")
_DIRECTIVE = (r"(?:^|[,;:.]\s*|\b(?:please|pls|plz|and|just|always|only)\s+|\b(?:on|forward|out|session|project|repo|conversation|chat),?\s+)(?:please\s+|pls\s+|just\s+)?(?:use|run|call|write|answer|"
              r"reply|respond|speak|talk|keep|put|prefer|commit|ask|check|test|remember\s+to|stick\s+(?:to|with)|make\s+sure|"
              r"avoid|stop|don't|do\s+not|dont|never|always|only|no\s+more|default\s+to|switch\s+to|format|name|import|"
              r"install|add|include|mention|show|give|send|push|open|read)\b")
_OWN_PLAN_AHEAD = r"\b(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to|\s+plan\s+to)\b"
CUES += [
    (re.compile(r"^(?![^\n]*" + _OWN_PLAN_AHEAD + r")(?=[^\n]*" + _FROM_NOW_ON + r")(?=[^\n]*?" + _DIRECTIVE + r")", _I),
     STANDING_RULE_REASON),
]

# "uv, not pip", "pnpm not npm!", "ruff — not flake8": the whole message a terse choice of one tool, name or form over
# another, typed after an answer that used the other one (a word of Y is in the answer) or that did not name X alone
# (the agent may have run pip in a tool call its words do not name: "Installed httpx."). Never as the answer to the agent's own question ("npm or pnpm?"
# "pnpm, not npm" is a choice asked for). A few words on each side and nothing else, no filler word on either side
# ("fine, not urgent", "yes, not now", "it's not working" are read elsewhere); the "no," of a refusal may come first.
_TERSE_WORD = r"[\w./@`'+#-]+"
TERSE_NOT = re.compile(r"^\W*(?:(?:no+|nope|nah)[,.!]?\s+)?(?P<x>" + _TERSE_WORD + r"(?:\s+" + _TERSE_WORD + r"){0,2})\s*(?:,|;|:|\s[-\u2013\u2014]+)?\s+"
                       r"not\s+(?P<y>" + _TERSE_WORD + r"(?:\s+" + _TERSE_WORD + r"){0,2})\s*(?:,?\s*(?:please|pls|plz|thanks?|thx))?\s*[.!]*\s*$", _I)
# Words that make either side something other than a name or a tool: "it's not working", "fine, not urgent", "yes, not
# now", "that's not it", "not sure"; a time or an order makes it a plan ("prod tomorrow, not tonight", "lunch first, not
# after"; review11 R11-14).
_TERSE_NOT_FILLER = frozenset("""it it's its this that that's these those is are was were be been do does did done i i'm you
you're we we're he she they there here still but and or so why what how who when where if maybe probably perhaps ok okay
yes yeah yep sure fine good great nice cool perfect thanks thank well hmm now just also almost definitely absolutely
certainly obviously really quite very too yet sure needed necessary required urgent important relevant working work works
worked bad much a an the any all even anymore today exactly only always necessarily again right wrong bad same
tomorrow tonight yesterday first after afterwards before later then next soon earlier""".split())


def terse_choice(own: str, answer: str | None, acted: bool = False) -> bool:
    """"uv, not pip" after an answer that used pip, or (``acted``) after any answer that does not name X alone: the agent
    may have run pip in a tool call its words do not name ("Installed httpx."). A terse choice against what the agent
    did (see :data:`TERSE_NOT`)."""
    if not answer:
        return False
    found = TERSE_NOT.match(own.strip())
    if not found:
        return False
    x_words = [w.strip("`'\".").lower() for w in found.group("x").split()]
    y_words = [w.strip("`'\".").lower() for w in found.group("y").split()]
    if any(w in _TERSE_NOT_FILLER or not w for w in x_words + y_words):
        return False
    if set(x_words) & set(y_words):
        return False
    lowered = answer.lower()

    def named(words: list[str]) -> bool:
        return any(len(w) >= 2 and re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", lowered) for w in words)

    if named(y_words):
        return True
    # "pip, not conda" after an answer that used pip: the agent already did X; nothing to correct
    return acted and not named(x_words)


# Twelfth pass (review12 R12-1): a complaint that names what the agent just used, in a few words: "pip again?!",
# "requests?? seriously", "why float?", "still pip?? cmon", "nope. httpx." The named thing is what makes it a
# complaint about the agent's work: it must be a word of the agent's answer (or, for "nope. X.", a name the answer does
# not use: the replacement). Shapes, each a whole sentence of at most two words besides the marks:
USED_AGAIN_REASON = "complained about what the agent used"
_NAME = r"[A-Za-z][\w./@+#-]*"
_COMPLAINT_FILLER = r"(?:(?:ugh+|argh+|hm+|oh+|wait|seriously|really|come\s+on|cmon|c'mon|smh|wtf|omg|bruh)\W+)*"
_AGAIN = re.compile(r"^\W*(?P<f>" + _COMPLAINT_FILLER + r")(?P<w>why\s+|still\s+|not\s+)?(?P<x>" + _NAME + r"(?:\s+" + _NAME + r")?)\s+"
                    r"(?P<a>again)\b(?:\W*$|(?(w),\s+[^.!?]{1,60}$|(?!)))", _I)
_EMPHATIC = re.compile(r"^\W*" + _COMPLAINT_FILLER + r"(?:why\s+|still\s+)?(?P<x>" + _NAME + r"(?:\s+" + _NAME + r")?)\s*(?:\?\s*[?!]|!\s*\?)[?!\s]*$", _I)
_WHY_NAME = re.compile(r"^\W*" + _COMPLAINT_FILLER + r"why\s+(?P<x>" + _NAME + r"(?:\s+" + _NAME + r")?)\s*\?+\s*$", _I)
_NOPE_NAME = re.compile(r"^\W*(?:no+|nope|nah)\s*[.,!:;\u2013\u2014-]+\s*(?P<x>" + _NAME + r")\s*[.!]*\s*$", _I)
_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+|$)")


def _sentences(own: str) -> list[str]:
    return [m.group(0).strip() for m in _SENTENCE.finditer(own) if m.group(0).strip()]


def _named_in(words: list[str], answer: str) -> bool:
    lowered = answer.lower()
    return all(len(w) >= 2 and re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", lowered) for w in words)


def complains_of_used(own: str, answer: str | None) -> bool:
    """A short complaint naming what the agent's answer used ("pip again?!", "why float?", "requests?? seriously"), or
    a bare refusal with the replacement ("nope. httpx."). Never a name the answer does not use (a new topic: "docs
    again?" after an answer about tests), never filler ("again?", "why not?", "this again", "seriously??")."""
    if not answer or len(own) > 200 or _ACCEPTS.search(own):
        return False
    lines = own.split(". ")
    if len(_sentences(own)) > 4 or len(lines) > 4:
        return False
    parts = _sentences(own)
    for at, sentence in enumerate(parts):
        if not _REST_CORRECTS(" ".join(parts[at + 1:]), answer):
            continue
        for shape in (_AGAIN, _EMPHATIC, _WHY_NAME):
            found = shape.match(sentence)
            if not found:
                continue
            if shape is _AGAIN and not (found.group("f") or found.group("w") or found.group("a") == "AGAIN"
                                        or re.search(r"[?!]", sentence)):
                continue  # "pytest again": a request to run it once more, not a complaint
            words = [w.strip("`'\".").lower() for w in found.group("x").split()]
            if words and not any(w in _TERSE_NOT_FILLER or w in _COMPLAINT_WORDS for w in words) and _named_in(words, answer):
                return True
    found = _NOPE_NAME.match(own.strip())
    if found:
        word = found.group("x").strip("`'\".").lower()
        if word not in _TERSE_NOT_FILLER and word not in _COMPLAINT_WORDS and not _named_in([word], answer):
            return True
    return False


# The rest of the message accepts it or only asks out of interest ("pandas again? nice", "why csv? just curious",
# "alembic again?! haha ok, thanks"): no complaint (review12 R12-17).
_ACCEPTS = re.compile(r"\b(?:ok(?:ay)?|fine|nice|great|cool|love|like|thanks?|thx|ty|haha+|lol|lmao|good|awesome|perfect|"
                      r"curious|curiosity|wonder(?:ing)?|tradeoffs?|trade-offs?|no\s+worries|all\s+good|makes\s+sense|fair|sure|works\s+for\s+me|whatever|np)\b", _I)
_FILLER_ONLY = re.compile(r"^\W*(?:(?:ugh+|argh+|come\s+on|cmon|c'mon|smh|seriously|really|again|pls|please|man|dude)\W*)*$", _I)


def _REST_CORRECTS(rest: str, answer: str) -> bool:
    """What follows the complaint: nothing, filler ("cmon"), or a correction of its own (it names something the answer
    did not use: "it's uv in this repo", "money is Decimal"); never a question or acceptance ("sure, works for me",
    "is it for the finance team?"; review12 R12-17)."""
    if not rest.strip() or _FILLER_ONLY.match(rest):
        return True
    if "?" in rest or _ACCEPTS.search(rest):
        return False
    words = [w.lower() for w in re.findall(r"[A-Za-z][\w.+#-]*", rest)]
    return any(len(w) >= 2 and w not in _TERSE_NOT_FILLER and w not in _COMPLAINT_WORDS and not _named_in([w], answer)
               for w in words)


# Words that are no name of a thing the agent used ("why not?", "seriously??", "nope. thanks.").
_COMPLAINT_WORDS = frozenset("""not no yes why how what who when where which ugh argh hm hmm oh wait seriously really cmon
smh wtf omg bruh lol please pls plz thanks thank thx ok okay sure later never mind nevermind idk sorry me you us him her
them my your our their stop done continue go proceed retry try again one more once twice more less run rerun test
retest build rebuild deploy redeploy check recheck push commit install reinstall restart start do redo fix refresh reload""".split())
# "also httpx not requests." as one sentence of a complaint: the connective opens it, the terse choice follows.
CONNECTIVE = re.compile(r"^\W*(?:also|and|plus|oh\s+and|btw|and\s+also)[,:]?\s+", _I)
# "Remember: amounts in cents, as integers.", "reminder - we use uv here" typed after an answer: a rule the work should
# have kept (review12 R12-1). Never "remember to …" (a step of new work), "remember when …" (a story) or a question.
REMINDER_OPENING = re.compile(r"^\W*(?:remember|reminder|(?:a\s+)?(?:friendly\s+|quick\s+)?reminder|as\s+a\s+reminder)\s*[:,\u2013\u2014-]\s*"
                              r"(?!(?:to|when|how|that\s+time|the\s+time|me|this|it)\b)(?P<rule>[^?]{3,200})$", _I)
REMINDER_REASON = "reminded of a rule"
# What makes the reminder a rule of the work: an always/never, a prohibition, a "we use", a directive verb, or a word of
# the agent's answer ("Remember: amounts in cents" after an answer about the amount). A note about a time, a meeting or
# the person ("Reminder: the review is at 4", "remember, I'm off on friday") is none (review12 R12-17).
_RULE_CONTENT = re.compile(r"\b(?:always|never|only|instead|don't|do\s+not|must|mustn't|should|shouldn't|not|no|we\s+(?:use|do|keep|"
                           r"put|write|prefer|never|always)|use|keep|put|prefer|avoid|stick\s+(?:to|with))\b", _I)
_NOTE_CONTENT = re.compile(r"\b(?:today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|\d+\s*(?:am|pm|"
                           r"min|mins|minutes|h|hours?)|at\s+\d|meeting|standup|stand-up|call|lunch|demo|review\s+is|deadline|i'm|i\s+am|"
                           r"i'll|i\s+will|ping|thanks?|awesome|you're|you\s+are|you\s+can|feel\s+free|ask\s+me|let\s+me\s+know)\b", _I)
_STEM = re.compile(r"[A-Za-z][A-Za-z_]{3,}")


def reminds_of_rule(own: str, answer: str | None) -> bool:
    """"Remember: amounts in cents", "reminder - we never push to main": a reminder opener and rule content."""
    found = REMINDER_OPENING.match(own.strip())
    if not found or not answer:
        return False
    rule = found.group("rule")
    if _NOTE_CONTENT.search(rule):
        return False
    if _RULE_CONTENT.search(rule):
        return True
    stems = {w.lower()[:5] for w in _STEM.findall(answer)}
    return any(w.lower()[:5] in stems for w in _STEM.findall(rule) if w.lower() not in _TERSE_NOT_FILLER)


# -- Twentieth pass (issue 20, cls23): an answer that proposes work and asks whether to do it ----------------------------
# "The retry logic is missing … I could add exponential backoff and make the timeout configurable. Would you like me to
# implement that?": the answer weighed work it has not done and ends by asking to do it; a problem the person names next
# is in what exists, not in a change of the agent's. Both marks are needed: the offer at the end (an offer alone follows
# done work too: "Switched the date parsing … Should I also update the CSV export?", review22 R22-1) and a first-person
# conditional about the work ("I could add …", "we could …", "I'd suggest …", "I recommend …"), with no claim of done work
# anywhere in the answer (``cues.CLAIMS``).
_OFFER_AT_END = re.compile(r"(?:would\s+you\s+like\s+me\s+to|do\s+you\s+want\s+me\s+to|want\s+me\s+to|shall\s+i|should\s+i|"
                           r"confirm\s+and\s+i'll|let\s+me\s+know\s+if\s+you(?:'d|\s+would)?\s+(?:like|want)\s+me\s+to|"
                           r"if\s+you(?:'d|\s+would)?\s+(?:like|want)[^.?!\n]{0,20}?,\s*i\s+can)\b[^.?!\n]*[.?!]?\W*$", _I)
_WEIGHED = re.compile(r"\b(?:i|we)\s+could\s+(?:\w+\s+)?(?:add|make|use|change|switch|implement|move|replace|refactor|write|"
                      r"create|update|remove|introduce|wrap|split|rework|set)\b|\bi(?:'d|\s+would)\s+(?:suggest|recommend|propose)\b"
                      r"|\bi\s+(?:suggest|recommend|propose)\b|\bmy\s+(?:suggestion|recommendation|proposal)\b"
                      r"|\b(?:one|an|the\s+simplest|the\s+best)\s+(?:option|approach|fix|solution)\s+(?:is|would\s+be)\b", _I)


# More work offered after work done ("I could also add caching", "expose the retry count too", "Should I add it next?")
# says the answer did something first: no proposal then.
_MORE = re.compile(r"\b(?:also|too|as\s+well|next|additionally|further|more|another|other)\b", _I)
# What a proposal weighs its work against: a diagnosis of what exists ("the retry logic is missing", "probably why large
# files fail", "the root cause is …").
_DIAGNOSED = re.compile(r"\b(?:the\s+(?:issue|problem|cause|bug)\b|root\s+cause|(?:is|are)\s+(?:missing|hard-?coded|wrong|"
                        r"broken|not\s+\w+ed)\b|probably|likely|seems\s+to|appears\s+to|is\s+why|which\s+(?:is\s+)?why)", _I)


def _sentence_of(text: str, at: int) -> str:
    opening = max(text.rfind(mark, 0, at) for mark in (". ", "! ", "? ", "\n"))
    closing = [i for i in (text.find(mark, at) for mark in (". ", "! ", "? ", "\n")) if i >= 0]
    return text[opening + 1 if opening >= 0 else 0:min(closing) + 1 if closing else len(text)]


def proposed_only(answer: str | None) -> bool:
    """The answer weighed work it has not done and ends by offering to do it (see above): an offer at the end, a
    first-person conditional about the work after a diagnosis of what exists, no claim of done work, and no "also" /
    "too" / "next" that would offer more after work done."""
    from altimate_learn.capture.cues import CLAIMS
    from altimate_learn.capture import languages

    if not answer:
        return False
    tail = answer[-300:].rstrip()
    offer = _OFFER_AT_END.search(tail)
    weighed = _WEIGHED.search(answer)
    if not offer or not weighed or _MORE.search(offer.group(0)) or _MORE.search(_sentence_of(answer, weighed.start())):
        return False
    return (bool(_DIAGNOSED.search(answer[:weighed.start()])) and not CLAIMS.search(answer)
            and not languages.CLAIMS.search(answer))



# -- cls24 (issue 20): the step handed over only applies the change, and the person says they took it ---------------
# "I've fixed the session cookie. You'll need to restart the server for it to take effect." hands the person a step,
# so an error they report next is read as their own step's (`cues.HANDED_OVER`). A step that only applies the agent's
# change (restart, reload, refresh, rebuild, re-run, clear the cache) is no work of the person's: when the message says it
# was taken ("I restarted it and it still throws", "after restarting I get a 500", "reloaded, same error"), what fails is
# the change. The same in the languages `languages.HANDED_OVER` knows (`languages.REAPPLY`, `languages.REAPPLIED`).
REAPPLY = re.compile(r"\b(?:restart|reload|refresh|hard[\s-]refresh|rebuild|re-?run|redeploy|relaunch|reopen|reboot)\w*"
                     r"|\bclear\s+(?:the\s+|your\s+)?(?:browser\s+)?cache\b", _I)
REAPPLIED = re.compile(
    r"\b(?:i(?:'ve|\s+have)?\s+(?:just\s+|already\s+|now\s+)?|after\s+|even\s+after\s+|tried\s+|^\W*)(?:restart(?:ed|ing)|"
    r"reload(?:ed|ing)|refresh(?:ed|ing)|rebuil(?:t|ding)|re-?ran|re-?running|redeploy(?:ed|ing)|relaunch(?:ed|ing)|"
    r"reopen(?:ed|ing)|reboot(?:ed|ing)|clear(?:ed|ing)\s+(?:the\s+|my\s+)?(?:browser\s+)?cache)\b"
    r"|^\W*(?:(?:ok(?:ay)?|yes|yeah|so)\W+)?(?:did|done|tried)\s+(?:that|it|this|so)\b", _I | re.M)

# "forget what I said", "ignore what I just said", "never mind what I asked": the person takes back their own words, which
# is no reminder of them ("as I said", "I told you" repeat an instruction the agent did not follow).
WITHDRAWS = re.compile(r"\b(?:forget|ignore|disregard|scratch|never\s*mind|nvm|cancel)\s+(?:about\s+)?(?:what|everything|all(?:\s+of)?\s+"
                       r"(?:what|that))\s+i\s+(?:just\s+|had\s+|have\s+)?(?:said|told\s+you|asked(?:\s+for)?|wrote|mentioned)\b", _I)

# "for the next feature, use postgres instead of sqlite", "in the new page we'll use tailwind, not plain css": a choice
# or a rule said of a piece of work still to come sets up that work; it corrects nothing done ("from now on, use …" is
# a standing instruction, read elsewhere).
NEXT_WORK = re.compile(r"^\W*(?:(?:and|also|ok(?:ay)?|so|now|btw)\W+)*(?:for|in|on|with|from)\s+(?:the\s+|our\s+|a\s+|any\s+)?"
                       r"(?:next|new|upcoming|future|other|remaining)\s+(?:[\w-]+\s+){0,2}?(?:features?|pages?|tasks?|steps?|"
                       r"phases?|parts?|components?|screens?|modules?|projects?|ones?|endpoints?|stor(?:y|ies)|tickets?|"
                       r"sprints?|versions?|releases?|services?|iterations?|milestones?|apps?|sections?|files?)\b", _I)
