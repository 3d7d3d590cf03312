"""More correction families for the classifier (issue 20, fourth pass): forms the first tables (`capture/cues.py`)
did not have, each written as a general form and kept only when it held on dev owners whose messages were not read
while writing it (`research/classifier_folds.py`). Read the same way as the tables in `cues.py`:

- ``CUES``: statements that correct without context ("one question at a time", "you can revert that").
- ``BROKEN``: the result reported broken; counted only after an answer that said the work was done.

The guards that keep these forms' look-alikes quiet (the person's own setup, status, a report accepted in the same breath,
…) live in `capture/guards.py`; the forms read against the agent's answer (a terse choice against what it used, a
reminder of a rule it broke, an answer that only proposed work, ``INVITED``) in `capture/against_answer.py`.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

from altimate_learn.capture.cues import NOT_AGENTS_CHANGE
from altimate_learn.capture.guards import OLD_ONE

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
                r"(?:broken|failing|crashing|crash|flickering|flicker|lagging|lag|freezing|hanging|blank|stuck|wrong|messed\s+up|"
                r"off|empty|garbled|misaligned|overlapping|duplicated|cut\s+off)\b|"
                r"exist|apply|belong|support|know|care|affect|change\s+anything\s+for)\b)[a-z]\w+", _I),
     "said a part of the result does not work"),
]

# Reasons that count only in a short message (a long one describes a problem of its own) and in its first clauses.
OPENING_ONLY = frozenset({"said a part of the result does not work"})
OPENING_CLAUSES = 3

# Reports that are an aside when the message opens with something else: a question of its own ("what is the best way to pin
# versions? the lockfile is not working well") or a go-ahead ("Yes, implement this,
# don't bother running mix precommit as it isn't working yet"). After such an opening, a report in a later clause counts
# only when the message turns to it: a contrast ("…? but now the url image is not working"), a now / still / again, or the
# agent named ("you", "your"), in the languages the classifier reads; pasted output is read on its own terms
# (`pasted_failure`). A message that opens with a report the families do not read ("it deleted all of them. ls /backups is
# empty …") stays a report. Chosen by first-sight precision (cls40, thirty-fourth pass, `research/classifier_families.py`):
# these families were below 0.80 on dev owners at first sight.
ASIDE_REPORTS = frozenset({"said the result does not work", "said the result is not right yet",
                           "reported an error after the agent's change", "said the result is still broken"})
TURN = re.compile(
    r"\b(?:but|however|though|although|now|still|again|anymore|any\s+more|no\s+longer|you|your|you've|you're|after)\b"
    r"|\b(?:pero|sin\s+embargo|ahora|todav[ií]a|a[uú]n|otra\s+vez|de\s+nuevo|mas|por[eé]m|agora|ainda|de\s+novo|mais|toujours|"
    r"encore|maintenant|aber|jetzt|noch|wieder|ma|ora|ancora|di\s+nuovo|hala|hâlâ|yine|tekrar|şimdi|ama|ale|teraz|nadal|"
    r"wciąż|znowu|też)\b"
    r"|(?<![\w-])(?:но|однако|теперь|сейчас|вс[её]\s+ещ[её]|опять|снова|по-прежнему|ты|вы|твой|ваш)(?![\w-])"
    r"|但|可是|不过|现在|目前|还是|仍然|依然|又|还|你|之后|然后|でも|けど|が、|しかし|今|まだ|また|あなた|後"
    r"|하지만|그런데|지금|아직|여전히|또|다시", _I)
# ... an opening question that asks the way forward ("what about caching?", "can we use redis?", "should we pin it?"), not
# one about the agent's result ("is the chart done?", "did you run it?", "why?") nor a bare "what?"; a how-to question is
# the thirteenth pass's (`guards.HOW_TO`: "how do I test this? the endpoint returns 500" is a report).
WAY_FORWARD_QUESTION = re.compile(r"^\W*(?:what|which|where|when|should|shall|can|could|would|do\s+we|is\s+there|are\s+there|"
                                  r"any)\b(?:\W+\w+){2,}[^?\n]*\?\W*$", _I)
GO_AHEAD = re.compile(r"^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|sure|alright|sounds\s+good|great)\W+)+(?:please\s+)?(?:go\s+ahead|"
                      r"implement|do|proceed|apply|continue|add|make|build|create|write|start)\b", _I)

# An error message's own words, typed or pasted without the word "error": "x.get is not a function", "Generic parameter
# 'R' could not be inferred", "Value of optional type must be unwrapped".
BROKEN += [
    (re.compile(r"\bis\s+not\s+(?:a\s+function|a\s+constructor|iterable|callable)\b|\bcould\s+not\s+be\s+(?:inferred|found|resolved|"
                r"loaded|parsed)\b|\bcannot\s+(?:convert\s+value|read\s+propert(?:y|ies))\b|\bmust\s+be\s+unwrapped\b|\bunexpected\s+token\b", _I),
     "quoted an error after the agent's change"),
]

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
    (re.compile(r"^\W*" + _REMINDER_OPENER + r"(?:didn't|didnt|did\s+not|haven't|have\s+not|hadn't)\s+we\s+(?:just\s+|already\s+)?(?:agree|decide|say|"
                r"settle)\s+(?:to|that|not|on)\b"
                # "didnt we say max 100 chars per line?" (cls26): a rule right after "say", the whole a question
                r"|^\W*" + _REMINDER_OPENER + r"(?:didn't|didnt|did\s+not)\s+we\s+(?:just\s+|already\s+)?(?:say|said)\s+(?!(?:hi|hello|bye|"
                r"goodbye|thanks|something|anything|that\s+we\s+would\s+(?:meet|talk|call))\b)"
                # (a plan of the people, not a rule for the work: "didnt we say we'd grab lunch after this?", review26 R26-4)
                r"(?![^?]*\b(?:lunch|dinner|coffee|beer|drinks|meet|meeting|call|standup|break|after\s+this|tonight|tomorrow|later|"
                r"weekend)\b)[^?]{3,80}\?|^\W*" + _REMINDER_OPENER + r"(?:weren't|wasn't)\s+(?:we|you)\s+(?:going|supposed)\s+to\b"
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

BROKEN += [
    # After a done answer: "now it's worse", "that made it worse", "worse than before"
    (re.compile(r"\b(?:that|this|it)\s+(?:just\s+)?made\s+(?:it|this|things|everything)\s+(?:even\s+)?worse\b"
                r"|\b(?:it's|it\s+is|that's|that\s+is|this\s+is|now\s+it's|now\s+it\s+is|^\W*its)\s+(?:now\s+)?(?:even\s+|much\s+|way\s+)?worse\b"
                r"(?!\s+(?:for|if|when|because)\b)(?!\s+(?:\w+\s+){0,2}" + OLD_ONE + r")"
                # "its even slower now", "it's much slower now" (review26 R26-4): slower, with "now" or "than before"
                r"|\b(?:it's|it\s+is|^\W*its|that's|this\s+is)\s+(?:now\s+)?(?:even\s+|much\s+|way\s+)?slower\s+(?:now|than\s+before)\b"
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


# -- cls26 (issue 20): broken after a done answer, in forms the tables did not hold (from the second blind set's half A;
# typed look-alikes in tests/capture_text/test_indirect_third_round.py). Counted only after an answer that claimed work.
BROKEN += [
    # "EUR totals are off by a cent now", "the offsets are off by one": a figure of the result wrong by an amount
    (re.compile(r"\b(?:is|are|was|were|it's|they're|comes?\s+out|came\s+out)\s+(?:still\s+|now\s+|all\s+)?off\s+by\s+(?:one|a|an|\d+|"
                r"a\s+few)\b", _I),
     "said the result is wrong"),
    # "the login page loops forever now", "stuck in a redirect loop", "it keeps reloading forever"
    (re.compile(r"\b(?:loops|looping|redirects|redirecting|reloads|reloading|spins|spinning|retries|retrying|restarts|restarting)\s+"
                r"(?:forever|endlessly|infinitely|non-?stop|over\s+and\s+over)\b|\b(?:infinite|endless|redirect)\s+(?:re)?(?:loop|loops|"
                r"reloads?|redirects?)\b|\bstuck\s+in\s+(?:a|an)\s+(?:\w+\s+)?loop\b", _I),
     "said the result does not work"),
    # "every email has the subject "undefined"", "the total shows NaN", "it prints [object Object]": a blank value shown
    (re.compile(r"\b(?:has|have|shows?|showing|shows?\s+as|show\s+up\s+as|says?|saying|displays?|displaying|prints?|printing|renders?|rendering|reads?|is|are|"
                r"comes?\s+(?:out|back)\s+as|came\s+(?:out|back)\s+as)\s+(?:the\s+[\w-]+\s+|an?\s+[\w-]+\s+(?:of\s+)?)?[\"'`\u201c]?"
                r"(?:undefined|NaN|\[object\s+Object\]|Invalid\s+Date)\b(?![\"'`\u201d]?\s+(?:when|if|for\s+(?:missing|empty|unknown))\b)", re.S),
     "said the result is wrong"),
    # "the table is rendering every row twice", "each toast shows up twice", "the webhook fires three times"
    (re.compile(r"\b(?:is|are|it's|they're|now)\s+\w+ing\s+(?:every|each|all(?:\s+the)?|the)\s+[\w-]+\s+(?:twice|two\s+times|three\s+times)\b"
                # (never said not to happen: "nothing is rendered twice now")
                r"|(?<!\bnothing\s)\b(?:shows|appears|renders|prints|fires|runs|sends|is\s+\w+(?:ed|en|nt|t)|are\s+\w+(?:ed|en|nt|t)|gets\s+\w+ed|get\s+\w+ed|shows\s+up|show\s+up)\s+"
                r"(?:up\s+)?(?:twice|two\s+times|three\s+times)\b(?!\s+(?:a|per|an|every|each)\s+(?:day|week|hour|minute|second|month|year)\b)",
                _I),
     "said the result does not work"),
]

# A report in the result's own words, written from no message (cls26; on real dev these forms add no flag either way,
# `research/classifier_rules.py --candidate`): a thing of the result in a broken state ("the layout is broken on mobile",
# "the save button is greyed out now", "the chart is upside down"), gone ("the footer disappeared"), never doing its job
# ("the webhook never fires"), not doing it any more ("the images don't load anymore"), hanging or panicking now.
_NOT_A_PROBLEM = r"(?:error|errors|warning|warnings|bug|bugs|crash|crashes|issue|issues|problem|problems|lag|flicker|glitch|spam|noise)"
BROKEN += [
    # ("broken" / "messed up" only with "now", "again" or "after …": "the staging server is broken since yesterday, use
    # local" and "the old implementation is broken on windows, so replace it" speak of something else)
    (re.compile(r"(?<!\bnothing\s)\b(?:is|are|looks|seems)\s+(?:still\s+|now\s+|completely\s+|totally\s+|all\s+|kind\s+of\s+|kinda\s+)?"
                r"(?:(?:broken|messed\s+up|screwed\s+up)\b(?=[^.;!?,]*\b(?:now|again|after\s+(?:the|your|this|that)\b))|(?:garbled|"
                r"corrupted|mangled|misaligned|upside\s+down|greyed\s+out|grayed\s+out|cut\s+off)\b)"
                r"(?!\s+(?:by\s+design|on\s+purpose|intentionally)\b)", _I),
     "said the result does not work"),
    # (cls50) the whole clause a thing of the result broken, nothing after it but "though", "now" or where it shows ("the
    # dropdown is broken though", "the export button is broken", "the modal is broken on mobile"); never an old, legacy or
    # vendored one, nor one with a place or time of its own ("… is broken in prod", "… since yesterday", "… upstream")
    (re.compile(r"^\W*(?:but\s+|and\s+|now\s+|also\s+|though\s+|however\s+)?(?:the|your|this|that|these|those)\s+"
                r"(?!(?:[\w-]+\s+){0,2}?(?:old|older|legacy|vendored|previous|original|former|upstream|third-party|existing)\b)"
                r"(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:is|are)\s+(?:still\s+|now\s+|completely\s+|totally\s+)?broken"
                r"(?:\s+(?:on|in)\s+(?:mobile|safari|firefox|chrome|ios|android|desktop|tablets?|dark\s+mode|light\s+mode|small\s+screens?))?"
                r"(?:\s+(?:though|tho|now|again|for\s+me))?\W*$"
                # a bare name needs the turn after it ("search is broken though", "pagination is broken now")
                r"|^\W*(?:but\s+|and\s+|now\s+|also\s+)?(?!(?:nothing|none|everything|something|anything|what|which|who|this|that|it|"
                r"there|here)\b)[a-z][\w-]*\s+(?:is|are)\s+(?:still\s+|completely\s+|totally\s+)?broken\s+(?:though|tho|now|again)\W*$", _I),
     "said the result does not work"),
    (re.compile(r"\b(?!" + _NOT_A_PROBLEM + r"\b)[\w-]+\s+(?:has\s+|have\s+|just\s+)?(?:disappeared|vanished)\b", _I),
     "said the result does not work"),
    (re.compile(r"\bnever\s+(?:fires|loads|renders|shows\s+up|shows|runs|finishes|completes|stops|returns|ends|triggers|appears|"
                r"gets\s+called|gets\s+sent|arrives|saves)\b", _I),
     "said the result does not work"),
    (re.compile(r"\b(?:don't|doesn't|won't|isn't|aren't|can't)\s+(?:\w+\s+)?(?:load|loading|render|rendering|show|showing|display|"
                r"displaying|open|opening|save|saving|fire|firing|update|updating|appear|appearing)\s+(?:\w+\s+){0,3}?"
                r"(?:anymore|any\s+more|at\s+all)\b", _I),
     "said the result does not work"),
    (re.compile(r"\bnow\s+(?:it|the\s+[\w-]+)\s+(?:panics|hangs|freezes|segfaults|deadlocks)\b|\b(?:panics|hangs|freezes|segfaults|"
                r"deadlocks)\s+(?:now|again|on\s+start\w*|at\s+start\w*|immediately|forever)\b", _I),
     "said the result does not work"),
]

# cls28, written from the third blind set's misses as shapes (not sentences), after an answer that claimed the work: the
# problem's onset placed at the agent's change ("this started right after your edit", "ever since your refactor the worker
# leaks memory", "acting weird since your commit"); a fault of the view back again ("the sidebar overlaps the content
# again", "labels r overlapping again"); the result's figures doubled ("the numbers are doubled now") or a quality measure
# fallen after the agent's change ("accuracy dropped from 0.91 to 0.62 after the refactor"); the app closing by itself,
# in other languages ("o app fecha sozinho", "la app se cierra sola", "l'appli se ferme toute seule", "die App schließt
# sich von selbst").
_AGENT_CHANGE = (r"your\s+(?:last\s+|latest\s+|recent\s+|new\s+)?(?:edit|edits|change|changes|commit|refactor\w*|update|fix|pr|"
                 r"push|migration|rewrite|patch|version)")
_GOOD_ONSET = r"(?:working|to\s+work|passing|to\s+pass|loading|to\s+load|compiling|running\s+(?:fine|faster|smooth\w*))"
_ONSET_FAULT = (r"(?:leak\w*|slow\w*|weird\w*|hang\w*|freez\w*|lag\w*|stuck|flak\w*|acting\s+(?:up|weird|strange\w*)|times?\s+out|"
                r"timing\s+out|spik\w*)")
_APP = r"(?:app|aplicativo|aplica[cç][aã]o|programa|appli|application|anwendung|applicazione|aplicaci[oó]n)"
BROKEN += [
    (re.compile(r"\b(?:this|it|that|which|the\s+(?:problem|issue|bug|error|crash|warning|leak|slowdown|lag))\s+(?:only\s+)?"
                r"(?:started|began|appeared|showed\s+up|came\s+back|popped\s+up|started\s+happening)(?!\s+" + _GOOD_ONSET + r")\b"
                r"[^.?!\n]{0,30}?\b(?:after|since|with)\s+" + _AGENT_CHANGE + r"\b"
                r"|\b(?:ever\s+)?since\s+" + _AGENT_CHANGE + r"\b[^.?!\n]{0,60}?\b" + _ONSET_FAULT + r"\b"
                r"|\b" + _ONSET_FAULT + r"\b[^.?!\n]{0,40}?\b(?:ever\s+)?since\s+" + _AGENT_CHANGE + r"\b", _I),
     "reported a problem after the agent's change"),
    (re.compile(r"\b(?:overlap\w*|flicker\w*|overflow\w*|misalign\w*|stutter\w*|glitch\w*|jitter\w*|clipp\w*|"
                r"cut\s+off|covers?\s+(?:the|everything)|duplicat\w*|jump\w*\s+around)\b[^.?!\n]{0,60}?\bagain\b", _I),
     "said the result does not work"),
    (re.compile(r"\b(?:is|are|got|gets|get|shows?|appears?|appear)\s+(?:all\s+|now\s+)?(?:doubled|tripled|duplicated|counted\s+"
                r"twice)\b(?!\s+(?:by\s+design|on\s+purpose))"
                r"|\b(?:accuracy|precision|recall|f1|auc|score|coverage|throughput|hit\s+rate|fps|frame\s*rate)\s+(?:\w+\s+)?"
                r"(?:dropped|fell|tanked|went\s+down|plummeted|decreased)\b(?:[^.?!\n]|\.(?=\d)){0,40}?\b(?:after|since)\s+(?:the\s+|your\s+)"
                r"(?:[\w-]+\s+)?(?:refactor\w*|change|changes|edit|fix|migration|rewrite|update|commit)\b", _I),
     "said the result does not work"),
    (re.compile(r"\b" + _APP + r"\b[^.?!\n]{0,20}?(?:\b(?:fecha|fechou|trava)\s+sozinh[oa]\b|\bse\s+(?:cierra|cerr[oó])\s+"
                r"sol[ao]\b|\bse\s+ferme\s+(?:toute?\s+)?seule?\b|\bschlie(?:ß|ss)t\s+sich\s+(?:von\s+selbst|einfach)\b|\bsi\s+"
                r"chiude\s+da\s+sol[ao]\b)", _I),
     "said the result does not work"),
]

# A bare count that fails, after an answer that said the work was done: "2 fail", "still 3 failing", "two of them fail,
# fix the sleeps" (the subject of "the tests fail" left out; cls51, the brief's leftover "2 fail, they're flaky, fix the
# sleeps", which `guards.failures_excused` leaves a report because a fix is asked). Counts the person excuses and nothing
# more ("3 fail but those are flaky") are read by `guards.failures_excused` first; never a condition or a bound ("if 2
# fail, retry", "at most 2 fail"), a count of none, nor a word that goes on ("2 fail-safes", "3 failover nodes").
BROKEN += [
    (re.compile(r"(?<!\bif\s)(?<!\bwhen\s)(?<!\bunless\s)(?<!\buntil\s)(?<!\bmost\s)(?<!\bleast\s)(?<!\bonce\s)(?<![\w.,-])"
                r"(?:[1-9]\d{0,3}|two|three|four|five|six|seven|eight|nine|ten|a\s+couple|a\s+few|several)\s+"
                r"(?:of\s+(?:them|those|these|the\s+(?:tests?|specs?|checks?))\s+)?(?:still\s+|now\s+)?"
                r"(?:(?:fail|fails)\b(?![-\w]|\s+(?:to\s+\w+|safe|over)\b)|(?:failed|failing)(?=\s*(?:$|[,.;:!?)]|(?:again|now|still|"
                r"on|in|with|after|since|locally|here|there|and|but|though|for\s+me)\b)))", _I),
     "reported an error after the agent's change"),
]
