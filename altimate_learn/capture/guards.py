"""Guards of the correction classifier (issue 20): the shapes that keep a cue's look-alikes quiet, split from
`capture/families.py` (cls26) with the same behaviour.

A cue in `cues.py`, `families.py` or `languages.py` says a message may correct the agent; these say the words belong to
something else: the person's own setup, machine or moment ("my docker desktop keeps crashing", "I can't open it right
now, I'm on my phone"), a step of the release process not taken ("it's not merged yet"), a report accepted in the same
breath ("… but that's fine for now") or asked to confirm ("…, right?"), a question asked to learn, a how-to question, the
problem said to be gone, an error that says the command ran where the project is not, and work still to come ("for the
next feature, use postgres instead of sqlite"). `classifier.classify_text` reads them; each pass that wrote one is named
next to it, with the look-alikes it was written from in tests/capture_text/.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

from altimate_learn.capture import needles

_I = re.I

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

# "worse in the old version", "worse with the previous build": the old one compared, the new one praised.
OLD_ONE = (r"(?:in|with|on|for)\s+the\s+(?:old|previous|original|legacy|former|last)\s+(?:version|one|build|release|code|"
            r"design|ui|layout|implementation)\b")
# A step of the release process the person takes or waits for ("it's not merged yet", "the docs aren't published yet",
# "it's not tested on windows"): not reached, not broken.
_PROCESS = (r"(?:deployed|merged|committed|pushed|published|released|shipped|launched|tested|reviewed|approved|signed|"
            r"documented|scheduled|finali[sz]ed|announced|tagged|rolled\s+out|live|in\s+prod\w*|on\s+(?:prod\w*|staging|main))")

# A question typed without its question mark, that weighs an option: "what if we used sqlite instead of postgres",
# "would it be better to use a map instead of a list", "should we use grpc rather than rest". Its "instead of" or
# "X, not Y" proposes; the soft cues (rules, preferences) do not count in it.
ASKS_OPENLY = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and|hmm+|also|btw|just\s+curious)[,:!.]?\s+)*(?:what\s+if|what\s+about|would\s+it\s+"
                         r"(?:make\s+sense|be\s+(?:better|worth|easier|possible|cleaner))|is\s+it\s+(?:better|worth|possible|"
                         r"ok(?:ay)?|fine)|should\s+(?:we|i)|do\s+you\s+think|i\s+wonder\s+if|"
                         r"i'm\s+wondering\s+(?:if|whether))\b", _I)

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
    r"\b(?:is(?:n't|\s+not)\s+(?:that|it|this)\s+(?:right|correct|true|so)|(?:am\s+i|is\s+that|is\s+this|is\s+it)\s+(?:still\s+)?(?:right|correct|true|the\s+case)"
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
                     r"\bi\s+(?:love|like)\s+(?:it|this|that)\b|\blove\s+it\b"
                     # the challenge disclaimed in so many words (cls29): "not a complaint", "no criticism", "honest question",
                     # "I just don't know the difference", and abroad: "por curiosidad", "par curiosité", "aus Neugier",
                     # "只是好奇", "純粋な疑問", "그냥 궁금해서"
                     # ("not a complaint, but why did you delete the old tests?": a disclaimer before "but" prefaces one, R29-9)
                     # whether the choice is the usual one, asked after the why (cls31: "why did you pick 300ms? is that a
                     # standard number?"): the person wants to learn the convention; never "that isn't standard"
                     r"|\?\s*(?:is|isn't)\s+(?:that|this|it)\s+(?:a\s+|the\s+)?(?:standard|common|usual|typical|default|"
                     r"recommended|conventional|normal|best[\s-]practice)\b[^.?!]{0,60}\?"
                     r"|\bnot\s+(?:a\s+)?(?:complaint|criticism|critique|complaining|critici[sz]ing)\b(?!\W*but\b)"
                     r"|\bno\s+criticism\b(?!\W*but\b)"
                     r"|\b(?:honest|genuine|real)\s+question\b|\bi\s+(?:just\s+|really\s+)?(?:don't|do\s+not)\s+know\s+(?:the\s+"
                     r"difference|much\s+about|enough\s+about)\b"
                     r"|\b(?:por|pura|par|per|aus)\s+(?:curiosidad|curiosidade|curiosit[ée]|curiosit[àa]|neugier)\b|\bnur\s+neugierig\b"
                     r"|\bno\s+es\s+(?:una\s+)?(?:queja|cr[ií]tica)\b|\bce\s+n'est\s+pas\s+(?:une\s+)?(?:critique|reproche)\b"
                     r"|\bkeine\s+(?:kritik|beschwerde)\b|只是好奇|单纯好奇|好奇问一下|不是(?:在)?(?:批评|抱怨|质疑)|純粋な(?:疑問|質問)|"
                     r"責めて(?:いる|る)?わけじゃ|그냥\s*궁금|비판(?:이|하려는\s*게)\s*아니", _I)
# (cls39) The person asks for the agent's opinion or advice: "what would be the best idea, I'm also thinking of replacing
# nspawn", "do you think it makes more sense as JSON or markdown?", "which do you suggest?". A reply that opens "You're
# right" to such a message agrees with an idea, it concedes no mistake (`classifier.reply_verdict`).
ASKS_OPINION = re.compile(
    r"\b(?:do|don't)\s+you\s+think\b|\bwhat\s+do\s+you\s+(?:think|suggest|recommend|propose|prefer)\b"
    r"|\bwhat\s+(?:would|will|could)\s+be\s+(?:the\s+)?(?:best|better|right|ideal|cleanest|simplest)\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:the\s+)?(?:best|better|ideal|recommended|cleanest|simplest)\s+(?:way|approach|option|idea|practice|choice)\b"
    r"|\bwhich\s+(?:one\s+|option\s+|approach\s+)?(?:do|would)\s+you\s+(?:suggest|recommend|prefer|choose|pick|go\s+with)\b"
    r"|\bwhat(?:'s|\s+is)\s+your\s+(?:take|opinion|view|recommendation|suggestion|preference)\b|\bany\s+(?:thoughts|suggestions|ideas)\b"
    r"|\b(?:makes?|make)\s+more\s+sense\b|\bi(?:'m|\s+am)\s+(?:also\s+)?(?:thinking|considering)\s+(?:of|about)\b"
    r"|你(?:觉得|认为|推荐|建议)|哪个(?:更好|好)|どう思い|どちらが(?:いい|良い)|おすすめ|어떻게\s*생각|추천", _I)

# (cls39) The person agrees with what the agent itself noticed: "You're right, it is too small right now, so upscale it",
# "good catch, the date is off by one, fix it too", "as you said, the cache is stale": the fault is the agent's own finding,
# taken up, not a report against its work. Only the opening of the clause that holds the report, or of the one before it.
AGREES_WITH_AGENT = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|ah|oh|right)[,!.]?\s+)*(?:you(?:'re|\s+are)\s+(?:absolutely\s+|totally\s+|quite\s+)?(?:right|correct)"
    r"|(?:as|like)\s+you\s+(?:said|noted|mentioned|pointed\s+out|suspected|found)|good\s+(?:catch|point|call|eye)|indeed)\b"
    r"|^\W*(?:你说得对|你说的对|确实|没错)|^\W*(?:おっしゃる通り|確かに)", _I)

# (cls39) A fault put forward as the person's own hypothesis for the agent to check: "I think we may have two commission
# calculations … This could be a serious logical error. Try to locate this and confirm or deny my thesis", "this might
# be a bug in the parser, can you verify?". The report is a guess to investigate, not a verdict on the agent's change.
HYPOTHESIS_TO_CHECK = re.compile(
    r"\b(?:could|might|may)\s+(?:be|have|cause)\b[^.?!\n]{0,80}\b(?:errors?|bugs?|issues?|problems?|wrong)\b"
    r"(?=[\s\S]{0,200}\b(?:confirm|deny|verify|check\s+(?:if|whether)|locate|investigate|look\s+into)\b)"
    r"|(?:估计|可能|也许|大概)[^，,。！!？?\n]{0,12}(?:报错|出错|错误)[^。！!？?\n]{0,6}[，,]\s*(?:请)?(?:检查|看看|排查|查一下)", _I)
# (cls39) The person asks how to give the agent access or permission ("do I need to authorize you?", "What do I need to
# do to give you access?"): the failure spoken of is the agent's tools' reach, not its work.
ASKS_ACCESS = re.compile(
    r"\b(?:do\s+i\s+(?:need|have)\s+to|what\s+do\s+i\s+(?:need|have)\s+to\s+do\s+to|how\s+(?:do|can|should)\s+i|should\s+i)\s+"
    r"(?:authori[sz]e|give|grant|allow|enable|approve)\s+(?:you|it|the\s+agent|claude|codex)\b|\b(?:give|grant)\s+you\s+(?:access|permissions?)\b", _I)
# (cls39) "That's what I guess i meant by start over": the person confirms the agent took their words as meant.
CONFIRMS_MEANING = re.compile(r"\bthat(?:'s|\s+is|\s+was)\s+(?:exactly\s+|just\s+)?what\s+(?:i\s+(?:guess|think|suppose)\s+)?i\s+meant\b", _I)
# (cls39, review39 R39-9) A fault the person says is their own work's or not this work's at all: "I think I broke something
# in my branch, the login page is blank now", "the staging deploy failed last night, unrelated to this, can you check the
# logs?", "separate issue: the search page throws a 500 on empty queries". Unless the message ties it to the change
# (`BLAMES_CHANGE`: "since your change").
OWN_BREAKAGE = re.compile(r"\bi\s+(?:think\s+|guess\s+|might\s+have\s+|may\s+have\s+|probably\s+|just\s+|accidentally\s+)*"
                          r"(?:broke|messed\s+up|screwed\s+up)\b|\b(?:on|in)\s+my\s+(?:own\s+|local\s+|old\s+|other\s+|previous\s+|feature\s+)*"
                          r"(?:branch|fork|clone|checkout|copy)\b", _I)
UNRELATED_ISSUE = re.compile(
    r"\bunrelated\b(?!\s+(?:files?|changes?|code)\b)|\bnot\s+related\s+to\s+(?:this|that|it|your|what)\b"
    r"|\b(?:separate|different|another|other)\s+(?:issue|problem|bug|topic|question)\s*[:,\u2013\u2014-]|\bon\s+(?:an)?other\s+(?:note|topic)\b"
    r"|^\W*(?:separate|different|unrelated)\s+(?:issue|problem|bug|topic|question|thing)\b", _I)
# (cls39) "… (they were all empty anyway)": a state said not to matter.
DOES_NOT_MATTER = re.compile(r"\banyways?\b|\bregardless\b|\bdoesn't\s+matter\b", _I)

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
NOT_YOUR_DOING = re.compile(r"\bnot\s+(?:because\s+of\s+|caused\s+by\s+|from\s+|due\s+to\s+|related\s+to\s+)?(?:your|the\s+agent's)\s+(?:\w+\s+)?(?:change|changes|edit|edits|fix|code|"
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

# (cls39) A failure of the person's machine, not of the code: the port already taken (EADDRINUSE), the disk's I/O error, a
# system library too old (GLIBCXX_3.4.32 not found), the disk full, a third-party module their environment lacks ("No
# module named 'httplib2'", a top-level name the agent's answer never named; "No module named 'app.settings'" is the
# project's own). Pasted after an answer, it says where the run failed, not that the change broke it, unless the person
# ties it to the change ("… every time I save now", "since your edit": `ENV_TIED`).
ENVIRONMENT_ERROR = re.compile(
    r"\bEADDRINUSE\b|\baddress\s+already\s+in\s+use\b|\[Errno\s+5\]\s+Input/output\s+error|\bGLIBC(?:XX)?_[\d.]+'?\s+not\s+found"
    r"|\bNo\s+space\s+left\s+on\s+device\b", _I)
_MISSING_MODULE = re.compile(r"\bNo\s+module\s+named\s+['\"]([A-Za-z_]\w*)['\"]")
ENV_TIED = re.compile(r"\b(?:now|anymore|since|after\s+(?:the|your|this|that)|every\s*time|again|still|same)\b", _I)


def environment_error(text: str, own: str, answer: str | None) -> bool:
    """The pasted failure is of the person's machine (see above) and the person does not tie it to the change."""
    if ENV_TIED.search(text) or BLAMES_CHANGE.search(text):  # (the person's words may sit on the pasted line itself)
        return False
    if ENVIRONMENT_ERROR.search(text):
        return True
    missing = [m.group(1) for m in _MISSING_MODULE.finditer(text)]
    # (the name's stem: "No module named 'payments'" after "I updated the payment service" is the project's own)
    return bool(missing) and not any(re.search(r"(?<![\w.])" + re.escape(name.rstrip("s")[:8]), answer or "", re.I) for name in missing)

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
    r"|\boverloaded_error\b|\bcontext_length_exceeded\b|\bcredit\s+balance\s+is\s+too\s+low\b|\bUnknown\s+model\b"
    # a router's refusal (OpenRouter's "Error from provider(404)", "No endpoints found that support tool use"; cls30)
    r"|\bError\s+from\s+provider\b|\bNo\s+endpoints\s+found\s+(?:that|for|matching)\b|\bopenrouter\.ai/docs\b"
    # the agent's harness failing to reach its model: Claude Code's "API Error: 401 {…} · Please run /login", "API Error: 529
    # Overloaded", an expired OAuth token, Anthropic's error types (cls35: on real dev the 3 messages with these are `not`)
    r"|\bAPI\s+Error:\s*(?:40[0-9]|429|5\d\d)\b|\bPlease\s+run\s+/login\b|\bOAuth\s+token\s+(?:has\s+)?expired\b"
    r"|\bauthentication_error\b|\"type\"\s*:\s*\"(?:api_error|permission_error)\"", _I)
# ... unless the answer worked on the model, its client or its key (then the error may be what its change did).
MODEL_API_TOUCHED = re.compile(r"\b(?:litellm|openai|anthropic|ollama|llm|models?|api[\s_-]?keys?|rate[\s_-]?limits?|quota|"
                               r"tokens?)\b", _I)

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
                       r"sprints?|versions?|releases?|services?|iterations?|milestones?|apps?|sections?|files?)\b"
                       # "Now use the same pattern for invoices instead of orders", "ok, now apply the same approach to the users
                       # table instead of the orders table": the work done is carried over to the next thing, whose "instead of"
                       # names the thing done, not a choice to undo (review34 R34-10). Only after "now" / "next" / "then": "use
                       # the same helper for the dates instead of writing a new one" still corrects.
                       r"|^\W*(?:(?:and|also|ok(?:ay)?|so|great|good|nice|perfect|cool|thanks?|thank\s+you|awesome|done)\W+)*"
                       r"(?:now|next|then)\W+(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:use|apply|do|follow|copy|repeat|reuse|mirror)\s+"
                       r"the\s+same\b", _I)


# -- cls26 (issue 20): the person's own slip, said as such ("sorry wrong file, the one I wanted is utils/date.js", "oops I
# typed staging when I meant dev", "my bad, wrong ticket"): an apology or "oops" that opens the message with "wrong <thing>"
# right after it, or "I typed / wrote / said X when I meant Y". The agent did what it was told. Never "sorry, but that's
# the wrong file" (the agent's) or "oops, you deleted the wrong table".
OWN_SLIP = re.compile(r"^\W*(?:sorry|oops|whoops|my\s+bad|my\s+mistake|my\s+fault|ah+|argh)\W+(?:i\s+(?:gave|sent|pasted|picked|linked|"
                      r"named|meant)\s+(?:you\s+)?(?:the\s+)?)?(?:wrong|the\s+wrong)\s+[\w.-]+"
                      r"|\bi\s+(?:typed|wrote|said|put|entered|gave\s+you|pasted|sent|mistyped|misspelled|copied)\b[^.?!]{0,60}?\b"
                      r"(?:when|but|while|where)\s+i\s+meant\b", _I)

# A bug somewhere in the code at large, with a request to find it ("there's a bug in this codebase somewhere, can you find
# it?", "something in the repo leaks memory, track it down"): new work, not a report on the agent's change (an older false
# alarm after a done answer). Never when the agent's change is named ("since your change").
BUG_HUNT = re.compile(r"\b(?:there(?:'s|\s+is|\s+are)\s+(?:a|an|some)\s+(?:\w+\s+)?(?:bugs?|issues?|problems?|leaks?|race\s+conditions?)|"
                      r"something)\s+(?:somewhere\s+)?(?:in\s+(?:this|the|our)\s+(?:codebase|code\s*base|repo|repository|project|app|"
                      r"service|monorepo)|somewhere)\b(?=[^?]*\b(?:find|locate|track\s+(?:it\s+)?down|hunt|figure\s+out|search|dig)\b)", _I)

# The person's circumstance, not a rule the agent broke: "we can't use the company VPN from home, so test locally", "I
# can't use docker on this laptop right now" (a "can't use" tied to a place or a moment of theirs).
CIRCUMSTANCE = re.compile(r"\b(?:we|i)\s+(?:can't|cannot|can\s+not)\s+(?:use|reach|access|run|open)\b[^.;!?]{1,50}?\b(?:from\s+home|"
                          r"right\s+now|at\s+the\s+moment|today|this\s+week|on\s+(?:this|my)\s+(?:laptop|machine|phone)|"
                          r"while\s+(?:travel\w*|remote)|until\s+\w+)\b", _I)

# A state of something else, told to set up other work (review26 R26-4 on cls26's after-done forms): the report accepted
# ("… greyed out for guests by design, leave it", "…, that's right"), said of another place as well ("… in the old app
# too"), followed by new work that builds on it and asks no fix ("the old cron never fires on the replica, so move it to
# the primary", "the footer disappeared from the spec, so delete it from the template", "…, copy that exactly"), or by a
# question whether ours does the same ("…, do ours match the new rounding rule?"). Read on the report's clause and the one
# after it.
ELSEWHERE = re.compile(
    r"\b(?:by\s+design|on\s+purpose|that's\s+(?:right|correct|intended|expected|how\s+it\s+should\s+be)|as\s+(?:intended|expected)|"
    r"leave\s+it(?:\s+(?:as\s+is|alone|like\s+that))?\s*[.!]?\s*$|copy\s+(?:that|it|this)(?:\s+exactly)?)\b"
    r"|(?:\b(?:too|as\s+well)\s*[,;]?\s*so\b"
    r"|(?:[,;:]|\bso\b|\band\b)\s*(?:(?:so|then|please|pls|just|also)\s+|let's\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)*"
    r"(?:add|move|copy|create|write|document|put|note|mention|remove|delete|drop|set\s+up|build|mirror|match)\b"
    r"(?!\s+(?:a\s+|an\s+)?(?:regression\s+|unit\s+)?tests?\b)"
    r"|[,;:.]\s*(?:do|does|is|are|should|will)\s+(?:ours|our\s+\w+|the\s+new\s+\w+|we)\b[^?]*\?)", _I)
# ... unless the message asks to fix it or blames the agent anywhere ("…, add it back", "you broke …, investigate").
FIX_ASKED = re.compile(r"\b(?:back|again|fix\w*|revert\w*|undo|restore\w*|broke|broken|investigate|debug|your\s+(?:change|fix|edit)|"
                       r"since\s+you|you\s+did)\b", _I)


# -- cls27 (issue 20): precision first, the look-alikes listed by cls26 and review26 that still fired, by shape ----------
# (tests/capture_text/test_lookalikes_cls27.py)

# A fault accepted as right in the same breath: "the dropdown is empty for new accounts, which is correct", "it returns
# undefined when the key is missing, which is what the spec wants", "…, as designed". Read on the report's clause and
# the one after it, as `ACCEPTED` is.
ACCEPTED_AS_RIGHT = re.compile(r"\bwhich(?:'s|\s+is|\s+was)\s+(?:actually\s+|exactly\s+)?(?:correct|right|intended|desired|"
                               r"expected)\b|\b(?:which|that|this)(?:'s|\s+is|\s+was)\s+(?:actually\s+|exactly\s+)?(?:intended|"
                               r"how\s+it\s+should\s+(?:be|work)|what\s+(?:the\s+\w+|we|i|they|product|design)\s+"
                               r"(?:wants?|wanted|expects?|asked\s+for|specified|needs?))\b"
                               r"|\bas\s+(?:designed|specified|documented)\b", _I)

# The agent cleared in the same message: "it's worse on safari in general, not your fault", "…, unrelated to your
# change", "nothing to do with your code": a report that says it is not about the agent's work.
CLEARED = re.compile(r"\bnot\s+(?:because\s+of\s+|caused\s+by\s+|from\s+|due\s+to\s+|related\s+to\s+)?(?:your|the\s+agent's)\s+(?:\w+\s+)?(?:fault|doing|change|changes|code|edit|"
                     r"edits|fix)\b|\bnot\s+(?:yours|from\s+you|the\s+agent's)\b|[,;]\s*(?:that's\s+|it's\s+)?unrelated\s*[.!]?\s*$|\bunrelated\s+(?:issue|problem|bug|failure)\b|\b(?:unrelated\s+to|nothing\s+to\s+do\s+with|independent\s+of)\s+(?:your|the\s+agent's|the\s+new|"
                     r"this)\s+(?:\w+\s+)?(?:change|changes|code|edit|edits|fix|work|pr|commit)\b|\bnot\s+(?:caused\s+by|from)\s+you\b", _I)

# The person's own act, said with themselves as the subject: "I'll put it back in the backlog", "let me move it back to
# the sprint board", "we'll switch it back ourselves later": no revert asked of the agent.
OWN_ACT = re.compile(r"^\W*(?:(?:ok(?:ay)?|fine|sure|alright)\W+)?(?:i'll|i\s+will|i'm\s+(?:going\s+to|gonna)|i\s+am\s+going\s+to|"
                     r"let\s+me|lemme|we'll|we\s+will|i\s+can)\s+(?:just\s+|probably\s+|quickly\s+)?(?:put|move|set|bring|"
                     r"change|switch|roll|revert|add|turn|flip|take)\b", _I)

# The agent did what it was asked, said with the act's own word: "you skipped it like I asked, good", "you removed the
# banner as I said". Never with a negation in the clause ("you didn't skip it like I asked").
COMPLIED = re.compile(r"^(?![^.;!?]*(?:n't|\bnot\b|\bnever\b|\bagain\b|\bforg[eo]t(?!\s+nothing)))[^.;!?]*\b(?:like|as)\s+(?:i|we)\s+"
                      r"(?:asked|said|requested|wanted|told\s+you)\W*(?:good|great|thanks|thank\s+you|nice|perfect|cool|"
                      r"ok(?:ay)?|exactly)\b", _I)
# (review27 R27-6: "you forgot the tests again, like I asked yesterday" is a reminder; only the act praised is compliance)

# A part of the work not reached yet, that the person will take up: "the helper you wrote isn't wired in yet, we'll do it
# tomorrow", "not hooked up yet, I'll do that after lunch".
DEFERRED = re.compile(r"\byet\b[^.;!?]{0,30}[,;.]\s*(?:and\s+)?(?:we'll|i'll|we\s+will|i\s+will|let's|we\s+can|i\s+can)\s+"
                      r"(?:\w+\s+){0,4}?(?:tomorrow|later|next\s+\w+|after\s+\w+|tonight|on\s+\w+day|in\s+a\s+(?:bit|while))\b", _I)

# What blames the agent's act anywhere in the message: no guard that clears the agent may then quiet it (review27 R27-6:
# "not your fault, but the build is red since your change, revert it").
BLAMES_ACT = re.compile(r"\b(?:your\s+(?:change|changes|edit|edits|fix|code|commit)|since\s+your|you\s+(?:changed|wrote|made|added|"
                        r"broke|removed|deleted|renamed|moved)|revert\s+(?:it|that|this)|put\s+(?:it|them)\s+back|roll\s+"
                        r"(?:it\s+)?back|undo\s+(?:it|that))\b", _I)

# What the agent should have done, said beside a clearing: "it is not from your changes but you should have caught it in the
# tests" (cls36's test) blames the agent's work after all.
SHOULD_HAVE = re.compile(r"\byou\s+(?:should|shouldn't|should\s+not|could|ought\s+to|were\s+supposed\s+to|needed\s+to|had\s+to)"
                         r"(?:\s+have)?\s+(?:\w+\s+)?(?:caught|checked|tested|noticed|seen|run|asked|known|fixed|handled|"
                         r"done|kept|left|used)\b", _I)


def blamed_beside(rest: str) -> bool:
    """The message, its clearing words taken out, still blames an act of the agent's (`BLAMES_ACT`, `SHOULD_HAVE`)."""
    return bool(BLAMES_ACT.search(rest) or SHOULD_HAVE.search(rest))


# A rule the person says they will apply themselves: "we always squash merge, so I'll do that when merging".
SO_I_WILL = re.compile(r"[,;]?\s+so\s+(?:i'll|i\s+will|we'll|we\s+will|i'm\s+going\s+to)\b", _I)

# A limit of the person's environment, then a way round it: "no console access on prod, so add a log line instead",
# "we don't have ssh to the box, so log it to a file".
NO_ACCESS = re.compile(r"^\W*(?:(?:there's|there\s+is|we\s+have|i\s+have|we've\s+got|i've\s+got)\s+)?no\s+(?:\w+\s+)?(?:access|"
                       r"permissions?|rights|ssh|shell|console|root|admin)\s+(?:on|to|in|for|into)\b"
                       r"|\b(?:we|i)\s+(?:don't|do\s+not|can't|cannot)\s+have\s+(?:\w+\s+)?(?:access|permissions?|ssh|root|admin)\b", _I)

# A piece of work still to come, named anywhere in the clause: "use the staging bucket for this new job, not prod",
# "for the new export, don't include archived projects" (`NEXT_WORK` reads it at the opening only).
FOR_NEW_WORK = re.compile(r"(?<!\bneed\s)(?<!\bneeded\s)(?<!\breason\s)\bfor\s+(?:the|this|that|our|a)\s+(?:new|next|upcoming|future)\s+(?:[\w-]+\s+){0,2}?(?:features?|pages?|"
                          r"tasks?|jobs?|steps?|parts?|components?|screens?|modules?|projects?|endpoints?|tickets?|exports?|"
                          r"imports?|reports?|services?|apps?|sections?|files?|tables?|scripts?|versions?|releases?|flows?|"
                          r"forms?|pipelines?|integrations?|ones?)\b"
                          r"(?!\s+(?:that\s+)?you\b|\s+we\s+just\b)", _I)

# A business figure still falling, with a request to analyse it: "signups are still dropping, pull the numbers for the
# last quarter", "revenue keeps going down, break it down by region": new work on the numbers, not the result broken.
FIGURE_FALLS = re.compile(r"\b(?:signups?|sign-ups?|revenue|sales|users|traffic|conversions?|conversion\s+rate|churn|retention|"
                          r"dau|mau|wau|nps|visits|visitors|orders|subscribers|downloads|installs|engagement|ctr|arr|mrr|"
                          r"bookings|leads|margins?)\b[^.;!?]{0,25}?\b(?:dropping|falling|declining|going\s+down|down|flat|"
                          r"slipping|sliding|shrinking|up|rising|climbing)\b", _I)
ANALYSIS_ASKED = re.compile(r"\b(?:pull|get|export|break|compare|plot|chart|graph|dig|analy[sz]e|segment|slice|split|"
                            r"show\s+me)\b[^.;!?]{0,40}?\b(?:numbers|data|metrics|figures|stats|report|cohorts?|down|into|"
                            r"last\s+\w+|per\s+\w+|by\s+\w+|over\s+\w+)\b", _I)

# The fault said to be in someone else's thing: a vendor's or a client's data or system, a design file, a mock-up
# ("the numbers are off by a day in the vendor's feed, can our parser shift them?", "the tooltip shows up twice in the
# figma file, replicate that"): not the agent's result.
THEIRS = re.compile(r"\b(?:in|on|from|of)\s+(?:the\s+|their\s+|a\s+|our\s+)?(?:vendor|client|customer|partner|supplier|upstream|"
                    r"third[-\s]party|provider|bank|carrier|government|marketing)(?:'s|s')?\s+(?:[\w-]+\s+)?(?:feed|api|data|"
                    r"files?|exports?|csv|system|app|site|sdk|service|sheet|spreadsheet|dump)\b"
                    r"|\bin\s+(?:the\s+|their\s+|a\s+)?(?:figma|sketch|design|mock\w*|wireframes?|prototype|screenshot|"
                    r"invision|zeplin)(?:\s+(?:file|frame|board|page|doc))?\b", _I)

# -- cls28: the fault owned by the person, the agent cleared of an old fault (blind3's false alarms, by shape) ---------

# The person owns the fault in words of their own: "that one's on me", "my bad", "I was on the wrong branch", "I pasted the
# wrong error earlier", "sorry, I forgot to tell you …", in other languages too ("mi culpa", "c'est ma faute", "mein
# Fehler", "colpa mia", "foi mal", "是我的错", "私のミスです", "제 실수", "моя ошибка", "benim hatam"). What they report
# next is their own slip, not the agent's, unless they also name the agent's act (`AGENT_FAULT`, `BLAMES_ACT`).
OWN_FAULT = re.compile(
    r"\b(?:that|this|it|which)(?:'s|\s+is|\s+was|\s+one's|\s+one\s+is|\s+one\s+was)\s+(?:all\s+|totally\s+|entirely\s+|"
    r"completely\s+)?on\s+me\b"
    r"|\bmy\s+(?:bad|mistake|fault|error|oversight|slip)\b"
    r"|\b(?:actually|oops|sorry|wait)\W+i\s+was\s+wrong\b(?!\s+to\b)"  # "actually I was wrong, the client does want it on the left"
    r"|\bi\s+(?:was|am|'m)\s+(?:still\s+)?(?:on|in|looking\s+at|testing|running|using)\s+(?:the\s+|an?\s+)?(?:wrong|old|stale|"
    r"other|outdated|cached)\s+(?:branch|tab|window|env\w*|server|build|version|folder|directory|repo|checkout|database|"
    r"db|profile|account|port|url|device|simulator|emulator|deploy\w*|machine|copy)\b"
    r"|\bi\s+(?:gave|sent|pasted|copied|showed|linked|typed|picked|attached|shared)\s+(?:you\s+)?(?:the\s+)?(?:wrong|old|"
    r"stale|outdated)\s+\w+"
    r"|\bi\s+forgot\s+to\s+(?:tell|mention|say|give|send|share|point\s+out)\b"
    r"|\b(?:mi\s+culpa|culpa\s+m[ií]a|error\s+m[ií]o|me\s+equivoqu[eé]|c'(?:est|[ée]tait)\s+(?:de\s+)?ma\s+faute|mon\s+erreur|"
    r"je\s+me\s+suis\s+tromp[ée]|mein\s+fehler|meine\s+schuld|ich\s+hab(?:e)?\s+mich\s+vertan|colpa\s+mia|errore\s+mio|"
    r"mi\s+sono\s+sbagliat[oa]|culpa\s+minha|erro\s+meu|foi\s+mal|moja\s+wina|m[oó]j\s+b[lł][aą]d|benim\s+hatam|"
    r"моя\s+ошибка|моя\s+вина|я\s+ошиб(?:ся|лась))\b"
    r"|是我的(?:错|问题|失误)|我的错|怪我|私の(?:ミス|間違い|せい)|僕の(?:ミス|間違い|せい)|제\s*(?:실수|잘못)", _I)

# The agent's act named as the fault in the same message: "my bad for not being clear, but you used the wrong table".
AGENT_FAULT = re.compile(
    r"\byou(?:'ve|\s+have)?\s+(?:\w+\s+)?(?:used|did|added|wrote|forgot|missed|broke|put|picked|chose|made|changed|named|"
    r"removed|deleted|skipped|ignored|hardcoded|renamed|moved)\b"
    r"|\b(?:since|after)\s+your\b|\byour\s+(?:[\w-]+\s+){1,3}?(?:\w+\s+)?"
    r"(?:broke|breaks|caused|causes|introduced|removed|deleted|is\s+(?:wrong|broken)|was\s+(?:wrong|broken))\b"
    r"|\b(?:revert|undo|roll\s+back|put\s+back)\b"
    r"|\b(?:usaste|pusiste|hiciste|cambiaste|borraste|tu\s+as|vous\s+avez|du\s+hast|hai\s+(?:usato|messo|fatto|cambiato)|"
    r"voc[eê]\s+(?:usou|colocou|fez|mudou|apagou))\b|你(?:用|写|改|把|删)|あなたが|네가|당신이|\bты\s+\w+л[аи]?\b|\bвы\s+\w+ли\b", _I)

# The fault said to be old or elsewhere, with the agent cleared of it: "it comes from the old uploader, not from anything
# you wrote", "it's old, not related to what we did today", "nothing you changed", "no tiene nada que ver con lo que
# hiciste", "rien à voir avec ce que tu as fait", "hat nichts mit deiner Änderung zu tun", "和你的改动无关".
NOT_FROM_AGENT = re.compile(
    r"\bnot\s+(?:related\s+to|from|caused\s+by|because\s+of|due\s+to|about|connected\s+to|linked\s+to)\s+(?:anything|"
    r"something|what|the\s+(?:code|stuff|work|things?|changes?))\s+(?:that\s+)?(?:you|we)(?:'ve|\s+have)?\s+(?:just\s+|"
    r"recently\s+)?(?:wrote|written|did|done|changed|touched|added|made|built|shipped|pushed|merged)\b"
    r"|\b(?:unrelated\s+to|nothing\s+to\s+do\s+with|not\s+related\s+to)\s+(?:anything\s+|what\s+)(?:you|we)\s+(?:just\s+)?"
    r"(?:wrote|did|changed|touched|added|made|built|shipped|pushed)\b"
    r"|\bnot\s+related\s+to\s+(?:today's|this|the\s+current|your|our)\s+(?:\w+\s+)?(?:work|change|changes|task|pr|ticket|"
    r"edits?|session)\b"
    r"|\bnothing\s+(?:that\s+)?you\s+(?:did|wrote|changed|touched|added)\b"
    r"|\bno\s+tiene\s+(?:nada\s+)?que\s+ver\s+con\s+(?:lo\s+que\s+hiciste|tus?\s+(?:cambios?|c[oó]digo))"
    r"|\brien\s+[àa]\s+voir\s+avec\s+(?:ce\s+que\s+tu\s+as|tes?\s+(?:changements?|modifications?|code))"
    r"|\bhat\s+nichts\s+mit\s+(?:deiner|deinen|deinem|dem,?\s+was\s+du)\b"
    r"|\bnon\s+c'entra\s+(?:niente|nulla)\s+con\s+(?:quello\s+che\s+hai|le\s+tue|il\s+tuo)\b"
    r"|\bn[aã]o\s+tem\s+(?:nada\s+)?a\s+ver\s+com\s+(?:o\s+que\s+voc[eê]|suas?\s+(?:mudan[cç]as?|altera[cç]))"
    r"|(?:和|跟|与)你的?(?:改动|修改|代码|更改)(?:无关|没有?关系)|不是你(?:的问题|改的|造成的)"
    r"|(?:あなた|君)の(?:変更|修正)とは関係(?:ない|ありません)"
    r"|\bне\s+связан[оа]?\s+с\s+(?:твоими|вашими)\s+(?:изменениями|правками)", _I)


# -- cls35: the fault said to predate the agent's work -------------------------------------------------------------------
# A report that says the fault was there before the agent's work or happens without it is not about that work (the
# labelling guide's `not`: a bug in the person's own code, a pre-existing bug): "it also happens on main (I checked out main
# and ran it again)", "mypy on main gives these, all from before we switched to strict", "the API has always done that",
# "unrelated to what you're doing: …", "it fails without your changes too", "también pasa en main", "das passiert auch auf
# main", "main上也有这个问题", "以前からこのエラーが出ます". Written from the grammar of saying so (cls35, from the eighth blind set's
# false alarms: the set's `existing_bug` rows); on real dev one message of 4,000 `not` says it this way, none of the positives.
# Never when the message blames an act of the agent's ("it also happens on main since your merge": `BLAMES_ACT`).
_PREDATES = re.compile(
    r"\b(?:also|too|even|same\s+thing)\b[^.?!\n]{0,40}?\b(?:happens?|happening|happened|fails?|failing|failed|breaks?|broke|"
    r"crash(?:es|ed)?|occurs?|occurred|shows?\s+up|reproduces?|errors?\s+out)\s+(?:on|in|with)\s+(?:main|master|develop|trunk|"
    r"prod(?:uction)?|the\s+(?:main|master|old|previous|original|last|stable)\s+[\w-]+)\b"
    r"|\b(?:happens?|happened|fails?|failed|breaks?|crash(?:es|ed)?|occurs?|reproduces?)\s+(?:on|in)\s+(?:main|master|develop|"
    r"trunk|prod(?:uction)?)\s+(?:too|as\s+well)\b"
    r"|\b(?:from|since)\s+before\s+(?:we|you|i|the|this|your)\b"
    r"|\b(?:has|have|had)\s+always\s+(?:done\s+(?:that|this|it)|been\s+(?:like\s+(?:this|that)|the\s+case|this\s+way|that\s+way)|"
    r"(?:thrown|returned|crashed|failed|shown|printed|logged)\s+(?:that|this|it|these|those))\b"
    r"|\b(?:was|were)\s+(?:already\s+)?(?:broken|failing|happening|like\s+(?:this|that))\s+(?:even\s+)?before\s+"
    r"(?:you|your|we|the\s+(?:change|fix|pr|migration|refactor)|this\s+(?:change|session|task|pr))\b"
    r"|\b(?:pre-?existing|long-?standing)\s+(?:bug|issue|problem|error|failure|crash|warning)s?\b"
    r"|\bunrelated\s+to\s+(?:what|anything)\s+(?:you're|you\s+are|you've\s+been|we're|we\s+are|we've\s+been)\s+"
    r"(?:doing|working\s+on)\b"
    r"|\b(?:fails?|failed|breaks?|happens?|crash(?:es|ed)?|errors?)\s+(?:even\s+)?without\s+(?:your|the\s+agent's|these|those|"
    r"the)\s+(?:changes?|fix|edits?|pr|branch|commits?)\b"
    # "none of it is from your branch", "not caused by your changes", "nothing to do with your PR" (cls36, from the ninth
    # blind set's `existing_bug` false alarm, readable since session #18)
    r"|\b(?:none\s+of\s+(?:it|this|that|these|those|them)\s+(?:is|are|was|were|comes?|came)|(?:it|this|that)(?:'s|\s+is|\s+was)\s+not|"
    r"isn't|wasn't|aren't|weren't|[,;(]\s*(?:but\s+)?not)\s+(?:from|caused\s+by|related\s+to|due\s+to)\s+(?:your|the\s+agent's)\s+(?:branch|changes?|"
    r"pr|edits?|work|commits?|code)\b"
    r"|\bnothing\s+to\s+do\s+with\s+(?:your|the\s+agent's)\s+(?:branch|changes?|pr|edits?|work|commits?|code)\b"
    r"|\b(?:tambi[eé]n\s+(?:pasa|ocurre|falla|sucede)\s+en\s+(?:main|master|producci[oó]n)|ya\s+(?:pasaba|fallaba|estaba\s+roto)\s+antes)\b"
    r"|\b(?:tamb[eé]m\s+(?:acontece|falha|ocorre)\s+(?:na|no|em)\s+(?:main|master|produ[cç][aã]o)|j[aá]\s+(?:acontecia|falhava)\s+antes)\b"
    r"|\b(?:[çc]a\s+(?:arrive|plante|casse)\s+aussi\s+sur\s+(?:main|master|la\s+prod)|(?:existait|plantait)\s+d[ée]j[àa]\s+avant)\b"
    r"|\b(?:passiert|tritt|kommt)\s+(?:das\s+|es\s+)?auch\s+(?:auf|in)\s+(?:main|master|prod)|\bwar\s+(?:schon|bereits)\s+vorher\b"
    r"|(?:main|master|主分支|生产环境)上?也(?:有|会|出现|报)|(?:之前|以前|原来|本来)就(?:有|存在|报错|这样)|一直都(?:这样|有这个)"
    r"|(?:main|master|本番)(?:ブランチ)?でも(?:起き|発生|出)|以前から(?:この|その)?(?:エラー|問題|バグ)?が?(?:出|起き|あり)|元から", _I)


def predates(own: str) -> bool:
    """The message says the fault predates the agent's work or happens without it, and blames no act of the agent's."""
    # ("without your changes" blames none)
    return needles.found(_PREDATES, own) and not BLAMES_ACT.search(_PREDATES.sub(" ", own))


# A turn after the owned fault to what is wrong now: "I was on the wrong branch before, but now I see your change and the
# login page is still broken".
_BUT_NOW = re.compile(r"\b(?:but|however|though)\s*,?\s+(?:now|still|even\s+now|it\s+still|the\s+\w+\s+(?:is|are)\s+still)\b", _I)


# The answer did as the person asked ("I filtered on region = 'EMEA' as you said", "I changed the timeout to 5 seconds like
# you asked", "como pediste", "wie gewünscht", "按你的要求") (cls29) ...
AS_ASKED = re.compile(
    r"\b(?:as|like)\s+you\s+(?:just\s+)?(?:said|asked|requested|wanted|suggested|specified|instructed|described|mentioned)\b"
    r"|\bas\s+(?:requested|instructed|specified)\b|\bper\s+your\s+(?:request|instructions?)\b"
    r"|\bcomo\s+(?:me\s+)?(?:pediste|dijiste|solicitaste|pidi[oó]|indicaste)\b|\bcomme\s+(?:demand[ée]|(?:tu\s+l'as|vous\s+l'avez)\s+"
    r"(?:demand[ée]|dit))\b|\bwie\s+(?:gew[uü]nscht|besprochen|(?:du\s+)?(?:gesagt|verlangt)(?:\s+hast)?)\b|\bcome\s+(?:richiesto|"
    r"(?:mi\s+)?hai\s+(?:detto|chiesto))\b|\b(?:conforme|como)\s+(?:pedido|solicitado|(?:voc[eê]\s+)?pediu)\b"
    r"|按(?:照)?(?:你|您)的?(?:要求|说的|意思)|如(?:你|您)所(?:说|要求)|(?:ご指示|ご依頼|おっしゃった|言われた)(?:の)?(?:通り|とおり)|"
    r"말씀하신\s*대로|요청하신\s*대로", _I)
# ... and the person takes the request back as their own mistake ("sorry, I meant EU, not EMEA, I mixed them up", "I think
# I asked for the wrong thing, make it 60, that's on me", "perdón, quise decir", "ich meinte", "我说错了"): a change of
# their mind, not a fault of the agent's, unless the message also names an act of the agent's as the fault.
REVISES_OWN = re.compile(
    r"\bi\s+(?:actually\s+)?(?:meant|mean)\b|\bi\s+(?:think\s+i\s+|must\s+have\s+)?(?:asked\s+for|gave\s+you|told\s+you|said)\s+"
    r"the\s+wrong\b|\bi\s+(?:mixed|got)\s+(?:them|it|those|these|the\s+\w+)\s+(?:up|mixed\s+up|confused)\b|\bi\s+(?:changed|"
    r"have\s+changed)\s+my\s+mind\b|\bmy\s+(?:request|instructions?|spec)\s+was\s+(?:wrong|off)\b"
    r"|\bquise\s+decir\b|\bme\s+confund[ií]\b|\bje\s+voulais\s+dire\b|\bich\s+meinte\b|\bintendevo\b|\b(?:eu\s+)?quis\s+dizer\b|"
    r"我(?:之前)?说错了|我(?:搞|弄)混了|我的意思是|言い間違え|私の(?:間違い|ミス)|제가\s*잘못\s*말|제\s*실수", _I)


def revises_own_request(own: str, answer: str | None) -> bool:
    """The agent did as asked and the person takes their request back as their own mistake, naming no fault of the
    agent's (cls29)."""
    return bool(answer and (needles.found(REVISES_OWN, own) or needles.found(OWN_FAULT, own))
                and needles.found(AS_ASKED, answer) and not needles.found(AGENT_FAULT, own))


def owned_fault(clause: str, window: str) -> bool:
    """The person owns the fault in the report's own ``clause``, or clears the agent of an old one in it or the clause
    after it (``window``), and names no act of the agent's as the fault there. An apology in an earlier clause clears
    nothing after it ("ok that one's on me, but why did you delete the migration?", review28 R28-9)."""
    owned = OWN_FAULT.search(clause)
    if owned and _BUT_NOW.search(clause, owned.end()):
        owned = None
    return bool((owned or NOT_FROM_AGENT.search(window)) and not AGENT_FAULT.search(NOT_FROM_AGENT.sub(" ", window)))


# -- cls30: the person's own mistake owned anywhere in the message ---------------------------------------------------------
# "scratch that, I misread the requirements doc. the limit is per user, not per org", "oops, the typo came from my ticket:
# the subject should say 'receive', not 'recieve'", "oh wait, my bad, I gave you the wrong table name. it's analytics.x,
# not web.x", "Perdón, me equivoqué de archivo: …": the fault owned in words of the person's own (`OWN_FAULT`, or a misreading
# of their own, or a typo from their own ticket) and no act of the agent's named as the fault (`AGENT_FAULT`), with no turn
# to what is wrong now ("my bad about the port, but the login is still broken"): what the message changes is the
# person's own request, whatever words of correction it uses. `revises_own_request` needs the answer to say it did as asked;
# this needs the ownership said outright. "I forgot to tell you …" is left to the clause rules: a rule the person forgot to
# give may still be one the agent broke.
OWN_MISREADING = re.compile(
    r"\bi\s+(?:misread|misremembered|mistyped|misspelled|miscopied|misquoted)\b"
    r"|\b(?:the|that|this)\s+(?:typo|mistake|error|wrong\s+\w+)\s+(?:came|comes|was)\s+from\s+my\s+(?:own\s+)?(?:ticket|spec|"
    r"notes?|doc|message|request|issue|description|brief)\b", _I)


# "my fault for being vague: the endpoint must return 404", "my bad for not saying it earlier, but we never use print here":
# the person owns leaving a rule out, and the rule given now is one the agent's work broke (cls28's look-alikes).
_FOR_AN_OMISSION = re.compile(r"\s*(?:(?:for|about)\s+(?:not\b|never\b|being\s+(?:vague|unclear|imprecise)|forgetting|the\s+"
                              r"(?:confusion|vagueness|ambiguity))|(?:was|is)\s+(?:not|never)\b|(?:was|is)\s+(?:that\s+)?i\s+"
                              r"(?:didn't|did\s+not|forgot|never))", _I)
# "… sorry. but why did you delete the migration?": the agent's act challenged after the apology.
_ASKS_WHY_YOU = re.compile(r"\b(?:why|how\s+come)\b[^.?!]{0,20}\byou\b|\bpor\s*qu[eé]\b[^.?!]{0,20}\b(?:t[uú]|usted)\b|为什么你|你为什么", _I)


def owns_the_slip(own: str) -> bool:
    """The person owns the mistake outright somewhere in the message and names no fault of the agent's (see above)."""
    owned = OWN_MISREADING.search(own)
    if not owned:
        owned = next((m for m in OWN_FAULT.finditer(own) if not m.group(0).lower().startswith("i forgot")
                      and not _FOR_AN_OMISSION.match(own, m.end())), None)
    if not owned or AGENT_FAULT.search(own) or BLAMES_ACT.search(own) or _ASKS_WHY_YOU.search(own):
        return False
    return not _BUT_NOW.search(own, owned.end()) and not _BUT_NOW.search(own[:owned.start()])


# (cls39) An apology that opens the message and a slip of the person's own in it: "oops, I meant the v2 endpoint, not v1",
# "sorry delete all of that it was wrong file" (after stopping the agent). The revert or the delete asked for undoes the
# person's own words, not a fault of the agent's. Never "sorry, but …" (the polite opening of a correction: "sorry but I
# meant the other table, you edited the wrong one"), nor with an act of the agent's named as the fault.
_APOLOGY_OPENING = re.compile(r"^\W*(?:(?:oh|ah|ugh|hmm+|wait)[,!.]?\s+)*(?:sorry|sry|soz|srry|apologies|oops|whoops|my\s+bad)\b"
                              r"(?![\s,.!-]*(?:but|though|however)\b)", _I)
_OWN_SLIP_SAID = re.compile(
    r"\b(?:it|that|this)(?:'s|\s+was|\s+is)\s+(?:the\s+|a\s+)?wrong\s+(?:file|one|link|"
    r"image|screenshot|log|paste|folder|repo|branch|path|url|table|version|text|doc\w*|project|message)\b", _I)
_UNDO_ASKED = re.compile(r"\b(?:revert|undo|roll\s+back|put\s+back)\b", _I)


# "I meant …" is the person's own slip after "oops" / "my bad", but after "sorry" it is as often the polite opening of a
# correction ("sorry if I wasn't clear, I meant the weekly chart", "Sorry, i meant for claude code, globally"): only the
# owned slip's words count after "sorry".
_SLIP_OPENING = re.compile(r"^\W*(?:(?:oh|ah|ugh|hmm+|wait)[,!.]?\s+)*(?:oops|whoops|my\s+bad)\b", _I)
_MEANT = re.compile(r"\bi\s+(?:actually\s+|originally\s+)?meant\b", _I)


def apologised_slip(own: str) -> bool:
    """The message opens with an apology and says the slip was the person's ("it was the wrong file"; "I meant …" after
    "oops" or "my bad"), and names no act of the agent's as the fault (an undo asked for is no such act here)."""
    said = _OWN_SLIP_SAID.search(own) or (_SLIP_OPENING.match(own) and _MEANT.search(own))
    return bool(_APOLOGY_OPENING.match(own) and said and not AGENT_FAULT.search(_UNDO_ASKED.sub(" ", own)))

# (cls39, review38 R38-10) The slip owned in one sentence and a standing rule given in a later one: "my bad, I gave you the
# wrong file. but never use npm here, it's pnpm", "my bad on the file name. also: never use npm here, we use pnpm". The
# ownership covers its own sentence; what comes after it is read alone (`classify_text` keeps it only when it states a
# convention or an always/never rule, `buried.ASIDE_RULE_REASONS`: "… it's analytics.x, not web.x" after the slip stays the
# person's own fix).
_AFTER_SLIP_OPENING = re.compile(r"^[\s,.;:!\u2013\u2014-]*(?:(?:but|also|though|and|btw|by\s+the\s+way|ps|anyway)\b[\s,.;:!\u2013\u2014-]*)*", _I)


def after_the_slip(own: str) -> str | None:
    """The person's words after the sentence in which they own the slip (`owns_the_slip`, `revises_own_request`), its
    connective dropped; None when nothing follows it."""
    owned = [m for m in (OWN_MISREADING.search(own), OWN_FAULT.search(own), REVISES_OWN.search(own)) if m]
    if not owned:
        return None
    first = min(m.start() for m in owned)
    end = re.compile(r"[.!?\n]+(?=\s|$)").search(own, max(m.end() for m in owned if m.start() == first))
    if not end:
        return None
    rest = _AFTER_SLIP_OPENING.sub("", own[end.end():]).strip()
    return rest if re.search(r"[^\W_]", rest) else None


# -- cls30: the agent's offer taken --------------------------------------------------------------------------------------
# The answer did its part and closed by offering one more step ("If you'd like, I can start the dev server for you now.",
# "Want me to deploy it to staging?", "需要的话我可以现在帮你把服务拉起来。"); the person asks for that very step, often
# with what they see without it ("the page says connection refused, please start the server for me", "操作后，显示无法
# 访问此页面，拒绝连接。请帮我拉起服务"). That takes the offer: the state they report is the step not yet taken, no
# fault of the agent's work. Only a short message, only when the words of the request share the offered step's verb (a
# CJK pair of the offer's words), and never with a turn to what is wrong now ("still", "again", "now") or an act of the
# agent's named as the fault ("yes deploy it. btw the chart you added shows NaN").
_OFFER_EN = re.compile(r"(?:would\s+you\s+like\s+me\s+to|do\s+you\s+want\s+me\s+to|want\s+me\s+to|shall\s+i|should\s+i|"
                       r"if\s+you(?:'d|\s+would)?\s+(?:like|want|prefer)[^.?!\n]{0,30}?,?\s*i\s+can|i\s+can\s+also|"
                       r"let\s+me\s+know\s+if\s+you(?:'d|\s+would)?\s+(?:like|want)\s+me\s+to|happy\s+to)\s+"
                       r"(?:also\s+|now\s+|just\s+|quickly\s+|go\s+ahead\s+and\s+)*([a-z]{3,})\b", _I)
_OFFER_ZH = re.compile(r"(?:需要的话|如果需要|要不要|是否需要|如需|如果你愿意|需要我)[，,]?\s*(?:我)?(?:可以|来|能|再)?(?:现在|马上|直接)?"
                       r"(?:帮你|为你|给你|替你)?(?:把)?([^。？?！!\n]{2,24})")
# the request's own words: "please start the server for me" -> "start the server for me"; "请帮我拉起服务" -> "拉起服务"
_ASKED_EN = re.compile(r"\b(?:please|pls|plz|can\s+you|could\s+you|would\s+you|go\s+ahead\s+and|yes,?|yeah,?|sure,?|ok(?:ay)?,?)\s+"
                       r"(?:please\s+|just\s+|also\s+)*([^.?!,;\n]{1,60})", _I)
_ASKED_ZH = re.compile(r"(?:请|帮我|麻烦你?|你来|直接)+([^。，,.!！?？\n]{1,20})")
_TURN = re.compile(r"\b(?:still|again|anymore|no\s+longer|now)\b|依然|仍然|还是|又|再次", _I)
_CJK_PAIR_STOP = frozenset({"我可", "可以", "帮你", "现在", "的话", "需要", "你把", "一下", "我们", "这个", "起来"})
_CJK = re.compile(r"[\u4e00-\u9fff]")
OFFER_TAKEN_CHARS = 240


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def offer_taken(own: str, answer: str | None) -> bool:
    """The person asks for the step the answer's end offered (see above)."""
    if not answer or len(own) > OFFER_TAKEN_CHARS or _TURN.search(own) or AGENT_FAULT.search(own) or BLAMES_ACT.search(own):
        return False
    tail = answer[-300:]
    asked = " ".join(m.group(1) for m in _ASKED_EN.finditer(own))
    if asked:
        words = {_stem(w) for w in re.findall(r"[a-z]{3,}", asked.lower())}
        if any(_stem(m.group(1)) in words for m in _OFFER_EN.finditer(tail)):
            return True
    asked = "".join(m.group(1) for m in _ASKED_ZH.finditer(own))
    if asked:
        for m in _OFFER_ZH.finditer(tail):
            phrase = m.group(1)
            pairs = {phrase[i:i + 2] for i in range(len(phrase) - 1)
                     if _CJK.match(phrase[i]) and _CJK.match(phrase[i + 1])} - _CJK_PAIR_STOP
            if any(pair in asked for pair in pairs):
                return True
    return False



# -- cls30: a rule for the rest of a skeleton ------------------------------------------------------------------------------
# The answer said it laid down a skeleton, a scaffold, stubs or a first version ("Server skeleton is up with the health
# endpoint.", "I've created the ETL script skeleton.", "Scaffolded the settings page with placeholder content."): what the
# person states next as a rule or a choice ("the worker should always drain the queue before shutting down", "the script
# should never overwrite an existing output file", "don't cache images over 5mb", "use cards instead of a table") specifies
# the part still to be written, not a fault of the part written. Only the rule and choice forms (a report that the
# skeleton fails is still one), and never with the agent's act named ("you hardcoded the port in the skeleton, don't").
SKELETON = re.compile(r"\bskeleton\b|\bscaffold(?:ed|ing)?\b|\bstubs?\b|\bstubbed\b|\bboilerplate\b|\bplaceholders?\b|"
                      r"\bbasic\s+(?:version|structure|setup|outline)\b|\bfirst\s+(?:pass|version|draft|cut)\b|\bMVP\b|"
                      r"\bbare[-\s]bones\b|\bempty\s+(?:shell|handlers?|functions?)\b", _I)
RULE_REASONS = frozenset({"stated what the result should have been", "stated an always/never rule", "prohibited an action",
                          'says "use X instead of Y"', 'says "X, not Y"', "stated what the result should be",
                          "asked the agent not to do something"})


def builds_on_a_skeleton(reason: str, own: str, answer: str | None) -> bool:
    """A rule or a choice stated after an answer that laid down only a skeleton (see above)."""
    return bool(reason in RULE_REASONS and answer and SKELETON.search(answer[-300:])
                and not AGENT_FAULT.search(own) and not BLAMES_ACT.search(own))


# -- cls41 (review40 R40-8): a run's failure put down to flakiness, and only a re-run asked ---------------------------------
# "hmm, the CI is flaky today, just rerun it", "flaky test again, retry the job": the person says the failure is chance,
# not the agent's change, and asks for nothing but another run. Never "still flaky" / "flaky again after your fix" (the
# fix did not work), a failure tied to the change ("flaky since your change, rerun it"), or a message that asks more than
# the re-run ("the test is flaky, rerun it and fix the sleep").
_FLAKY = re.compile(r"\b(?:flaky|flakey|flaking|flakes|flake|intermittent(?:ly)?|transient)\b", _I)
_RERUN = re.compile(r"\b(?:re-?run|re-?try|re-?trigger|re-?start|kick)\s+(?:it|them|that|this|the\s+(?:job|jobs|build|ci|run|"
                    r"pipeline|workflow|tests?|check|checks))\b|\b(?:run|trigger)\s+(?:it|them|that|the\s+(?:job|build|ci|"
                    r"pipeline|tests?))\s+again\b|^\W*(?:just\s+)?(?:re-?run|re-?try)\W*$", _I | re.M)
_FLAKY_TIED = re.compile(r"\b(?:still|again|now|anymore|since|after|your|you|fix|fixed|broke|broken)\b", _I)
_FLAKY_MORE = re.compile(r"\b(?:and|then|also)\s+(?!see\b|check\s+(?:it|if|whether)\b)(?:fix|change|add|remove|update|make|"
                         r"write|use|find|look)\b", _I)


def flaky_rerun(own: str) -> bool:
    """The person puts a failure down to flakiness and asks only to run it again (see above)."""
    return (len(own) <= 200 and bool(_FLAKY.search(own)) and bool(_RERUN.search(own))
            and not _FLAKY_TIED.search(own) and not _FLAKY_MORE.search(own))


# -- cls49 (cls48's leftover): failures counted, then put down to the tests themselves ---------------------------------
# "3 fail but those are flaky", "2 failed, they're known failures", "one test fails but it was failing before",
# "4 failures but all unrelated, the rest pass": the person excuses the failures they report, so the "is flaky" / "fails"
# in it blames no change of the agent's. Never when the failure is tied to the change or the person asks for a fix
# ("3 fail but those are flaky since your change", "2 fail, they're flaky, fix the sleeps", "still 3 failing").
_FAILED_COUNT = re.compile(r"\b(?:\d+|one|two|three|four|five|a\s+(?:few|couple)|some|several)\s+(?:of\s+(?:them|the\s+tests)\s+|"
                           r"(?:unit\s+|e2e\s+|integration\s+)?tests?\s+|specs?\s+)?(?:fail(?:s|ed|ing|ures?)?|(?:are|is)\s+failing|"
                           r"(?:are|is)\s+red)\b", _I)
_EXCUSED = re.compile(r"\b(?:but|though|and|,)?\s*(?:those|these|they|that|it|all|both|the\s+(?:failures?|failing\s+ones?))"
                      r"(?:'re|'s|\s+are|\s+is|\s+were|\s+was)?\s+(?:just\s+|all\s+|always\s+|known\s+to\s+be\s+)?"
                      r"(?:flaky|flakey|known(?:\s+failures?)?|pre-?existing|unrelated|expected|(?:already\s+)?failing\s+(?:before|on\s+main)|"
                      r"broken\s+on\s+main)\b", _I)
_EXCUSE_TIED = re.compile(r"\b(?:still|since|now|after\s+(?:your|the|this)|because\s+of\s+(?:your|the|this)|you|fix|broke|now\s+fail\w*)\b", _I)


# (cls50, check50 C50-2) the tie is read in the excuse's own sentences: what the person says besides is read alone
# (:func:`beside_the_excuse`), so "3 fail but those are flaky. great, the dropdown is not broken now" excuses the three
# and the rest says nothing wrong; a fix asked of the failures anywhere keeps them ("…. please fix them").
_FIX_THEM = re.compile(r"\bfix\s+(?:them|those|these|it|the\s+(?:tests?|failures?|failing\s+ones?|flaky\s+ones?))\b", _I)
_SENTENCE_END = re.compile(r"[.!?;\n]")


def _excuse_sentences(own: str) -> str:
    count, excuse = _FAILED_COUNT.search(own), _EXCUSED.search(own)
    if not count or not excuse:
        return own
    start, end = min(count.start(), excuse.start()), max(count.end(), excuse.end())
    before = [m.end() for m in _SENTENCE_END.finditer(own, 0, start)]
    after = _SENTENCE_END.search(own, end)
    return own[(before[-1] if before else 0):(after.start() if after else len(own))]


def failures_excused(own: str) -> bool:
    """The person counts failures and puts them down to the tests themselves, asking nothing (see above)."""
    return (len(own) <= 200 and bool(_FAILED_COUNT.search(own)) and bool(_EXCUSED.search(own))
            and not _EXCUSE_TIED.search(_excuse_sentences(own)) and not _FLAKY_MORE.search(own) and not _FIX_THEM.search(own))


_EXCUSE_TAIL = re.compile(r"^[\s,.;:!?\u2013\u2014-]*(?:(?:but|also|though|however|and|anyway|otherwise)\b[\s,.;:!?\u2013\u2014-]*)*", _I)


def beside_the_excuse(own: str) -> str | None:
    """What the person says besides the failures they count and excuse (:func:`failures_excused`), its connective
    dropped; None when nothing else is said. "3 fail, those are flaky; the page is blank though" excuses the three
    failures, not the blank page (check49 C49-8)."""
    count, excuse = _FAILED_COUNT.search(own), _EXCUSED.search(own)
    if not count or not excuse:
        return None
    start, end = min(count.start(), excuse.start()), max(count.end(), excuse.end())
    rest = " ".join(part for part in (own[:start].strip(" ,;:"), _EXCUSE_TAIL.sub("", own[end:]).strip()) if part)
    return rest if re.search(r"[^\W_]", rest) else None


# "looks good. use blue/black instead of the light brown", "nice! now use a sans-serif font instead of the serif one": the
# result approved first, then a new choice for it with no word against what the agent chose: a change of mind on accepted
# work (the labelling guideline: "actually make it blue" is no correction unless it says the agent got it wrong; cls42,
# from the held-out summary's "approvals followed by new design choices", a form, not a held-out message). A fault said
# anywhere keeps the flag ("looks good, but use X instead of Y, Y is broken on mobile").
_PRAISE_FIRST = re.compile(r"^\W*(?:great|nice|perfect|awesome|excellent|lgtm|looks\s+(?:good|great|nice|fine)"
                           r"(?:\s+to\s+me)?|love\s+it|beautiful|much\s+better|good\s+job|well\s+done|nice\s+work|"
                           r"that(?:'s|\s+is)\s+(?:good|great|perfect|nice))\b[^.!?\n]{0,40}?[.!,;:\n]", re.I)
_FAULT_SAID = re.compile(r"\b(?:wrong|broken|bug|buggy|ugly|hate|awful|terrible|bad|worse|doesn't|does\s+not|isn't|is\s+not|"
                         r"can't|cannot|not\s+(?:looking|working|good|great|right|readable|visible)|hard\s+to|too\s+\w+|"
                         r"hard-?coded|noticed|you\s+(?:\w+ed|put|made|wrote|chose|built|set|left|ran|forgot)|like\s+we|everywhere|"
                         r"said|told|asked|again|still|should\s+have|supposed\s+to|never|always|instead\s+of\s+what\s+i)\b", re.I)
INSTEAD_REASON = 'says "use X instead of Y"'


def change_of_mind_after_praise(reason: str | None, own: str) -> bool:
    """A "use X instead of Y" flag on a message that approves the result first and says nothing against the agent's
    choice (see above)."""
    return reason == INSTEAD_REASON and bool(_PRAISE_FIRST.match(own)) and not _FAULT_SAID.search(own)


# -- prec51 (issue 20): precision on people not yet seen, guards written from the structure that misled a rule ----------
# (tests/capture_text/test_lookalikes_prec51.py)

# A condition the person asks about or asks to be handled, not a state they report: "check what happens when the file is
# empty", "handle the case where the list is empty", "add a test for when the config is missing", "vérifie ce qui se
# passe quand le fichier est vide", "prüfe, was passiert, wenn die Datei leer ist", "qué pasa cuando la lista está vacía".
# The failure word sits in the condition ("… is empty"), which names a case of the work to come (check50 left the French
# one; a report says what happened: "when I open it the page is empty" has none of these openings).
CONDITION_ASKED = re.compile(
    r"\bwhat\s+(?:happens|would\s+happen|will\s+happen)\s+(?:when|if|whenever|in\s+case)\b"
    r"|\b(?:the|a|each|every|any)\s+(?:edge\s+|corner\s+)?cases?\s+(?:where|when|in\s+which|that|of)\b|\bfor\s+when\b"
    r"|\bce\s+qui\s+se\s+passe\s+(?:quand|si|lorsque|lorsqu)|\ble\s+cas\s+o[uù]\b"
    r"|\bqu[eé]\s+(?:pasa|sucede|ocurre)\s+(?:cuando|si)\b|\bel\s+caso\s+(?:en\s+(?:el\s+)?que|de\s+que|donde)\b"
    r"|\bwas\s+passiert,?\s+(?:wenn|falls)\b|\bden\s+fall,?\s+(?:dass|wenn|in\s+dem)\b"
    r"|\bo\s+que\s+acontece\s+(?:quando|se)\b|\bo\s+caso\s+(?:em\s+que|onde)\b"
    r"|\bcosa\s+succede\s+(?:quando|se)\b|\bil\s+caso\s+in\s+cui\b", _I)

# The fault said to be intended, in the same breath: "it is broken by design", "the export is empty on purpose", "that
# endpoint is deliberately disabled", "c'est voulu", "ist so gewollt", "es intencional" (check50: "it is broken by design"
# flagged as "that's wrong"). Never with a "not" before it ("it isn't broken by design, fix it").
INTENDED = re.compile(
    r"(?<!\bnot\s)(?<!n't\s)\b(?:by\s+design|on\s+purpose|intentional(?:ly)?|deliberately|as\s+intended)\b"
    r"|\bc'est\s+voulu\b|\b(?:ist|war)\s+(?:so\s+)?(?:gewollt|beabsichtigt)\b|\bes\s+(?:intencional|a\s+prop[oó]sito)\b"
    r"|\b[eé]\s+(?:intencional|de\s+prop[oó]sito|voluto)\b|是故意的|设计如此|わざと(?:です|だ)", _I)

# A thing of the person's surroundings, not of the work: "the coffee machine is broken though", "office wifi is broken
# now", "the elevator is out again", "la machine à café est en panne" (check50's look-alikes of a report after a claim).
SURROUNDINGS = re.compile(
    r"\b(?:coffee|espresso)\s+(?:machine|maker)s?\b|\b(?:office|home|hotel|train|airport|cafe|caf[eé]|conference)\s+"
    r"(?:wifi|wi-fi|internet|network|printers?|projectors?)\b|\b(?:elevators?|microwaves?|fridges?|dishwashers?|kettles?|"
    r"air\s+con(?:ditioning|ditioner)?|heating|a/c)\b"
    r"|\bmachine\s+[àa]\s+caf[eé]\b|\bcafetera\b|\bkaffeemaschine\b|\bm[aá]quina\s+de\s+caf[eé]\b|咖啡机|コーヒーメーカー", _I)

# A way of working set for the new piece of work the message asks for: it opens by asking to look into something
# ("explore the text/data module option …. Do not assume any details", "look into the flaky test and report back, don't
# fix anything", "please continue the plan …. Make no assumptions") and what it prohibits is how to do that work
# (assume, guess, edit, change code): a constraint of the request, not a correction of what the agent did (first-sight
# false flags of "prohibited an action" and "asked for grounded work" on three owners). A word that says the agent
# already did it ("again", "this time", "stop", "I said", "you …ed") keeps the flag.
INQUIRY_OPENING = re.compile(
    r"^\W*(?:(?:please|pls|now|ok(?:ay)?|so|next|then|first|also|and)\W+)*(?:explore|research|investigate|look\s+(?:into|at)|"
    r"dig\s+into|analy[sz]e|audit|examine|inspect|study|read\s+through|figure\s+out|find\s+out|summari[sz]e|"
    r"simplify|compare|evaluate|assess|map\s+out|continue|keep\s+(?:going|working)|diagnose|trace|go\s+through|review|"
    r"plan|draft|outline)\b", _I)
WORKING_MODE = re.compile(
    r"\b(?:don't|do\s+not|dont|never|without)\s+(?:make\s+(?:any\s+)?)?(?:assum\w*|guess\w*|edit\w*|chang\w*|modify\w*|"
    r"touch\w*|writ\w*|implement\w*|fix\w*|commit\w*|code\w*)\b|\bmake\s+no\s+(?:assumptions?|changes?|edits?)\b"
    r"|\bno\s+(?:assumptions?|guess\w*|code\s+changes?|edits?)\b", _I)
DONE_BEFORE = re.compile(r"\b(?:again|this\s+time|anymore|any\s+more|stop|i\s+(?:already\s+)?(?:said|told|asked)|you\s+"
                         r"(?:\w+ed|made|wrote|did|broke|keep)|why\s+did)\b", _I)
WORKING_MODE_REASONS = frozenset({"prohibited an action", "asked for grounded work instead of guesses",
                                  "asked the agent not to do something"})


def working_mode_of_inquiry(reason: str | None, own: str) -> bool:
    """A prohibition that sets how to do the inquiry the message opens with (see above)."""
    return (reason in WORKING_MODE_REASONS and bool(INQUIRY_OPENING.match(own)) and bool(WORKING_MODE.search(own))
            and not DONE_BEFORE.search(own))


# "same error handling as the orders module please", "use the same error format as the billing api": "same error" the head
# of a compound (a way of handling errors asked for), not "the same error" again (check51 C51-1).
SAME_ERROR_COMPOUND = re.compile(r"\bsame\s+(?:error|issue|problem)\s+(?:handling|handlers?|messages?|format(?:s|ting)?|codes?|"
                                 r"pages?|types?|class(?:es)?|logging|reporting|shapes?|structure|responses?|model|schema|"
                                 r"boundar(?:y|ies)|texts?|styles?|templates?|tracker|labels?|policy|strategy)\b", _I)

# A state of something the work depends on or waits for, said as the reason for the request: "still no reply from finance,
# draft a reminder", "the old endpoint is still used by the mobile app, keep it", "nothing changed in the api, so just bump
# the client version" (check51 C51-1): a premise the person states, then the next step they ask for. A reply a system owes
# is no premise but the fault after claimed work: "still no reply from the api, the request hangs", "still no response from
# the webhook, draft a fix" (check51 C51-6); nor is "same error handling bug as before" a way of handling errors asked for.
STILL_WAITING = re.compile(r"\bstill\s+(?:no|waiting\s+(?:for|on))\s+(?:\w+\s+){0,2}?(?:reply|replies|response|answer|word|"
                           r"news|feedback|approval|sign-?off|go-?ahead)\s+(?:from|by)\s+(?!(?:the\s+|our\s+|that\s+|this\s+)?"
                           r"(?:api|apis|server|servers|endpoint|webhook|webhooks|bot|bots|service|services|backend|db|database|"
                           r"worker|workers|job|queue|app|script|function|lambda|socket|device|sensor|model|gateway|proxy|cli|"
                           r"hook|hooks)\b)", _I)
STILL_DEPENDED_ON = re.compile(r"\bstill\s+(?:being\s+)?(?:used|needed|required|referenced|called|imported|in\s+use|relied\s+on|"
                               r"depended\s+on)\s+(?:by|in|from)\b[^.;!?]*?[,;.]\s*(?:so\s+)?(?:please\s+)?(?:keep|leave|don't\s+"
                               r"(?:remove|delete|drop|touch)|do\s+not\s+(?:remove|delete|drop|touch))\b", _I)
NOTHING_CHANGED_SO = re.compile(r"\bnothing\s+(?:has\s+)?changed\s+(?:in|on|for)\s+(?:the\s+)?[\w./-]+(?:\s+[\w./-]+)?\s*,?\s*so\s+"
                                r"(?:just\s+|only\s+|please\s+)?(?:bump|update|release|tag|publish|ship|deploy|skip|reuse|keep)\b", _I)
PREMISE_REASONS = frozenset({"said the result does not work", "said the result is not right yet", "said nothing changed",
                             "said the result is still broken"})


def premise_then_request(reason: str | None, own: str) -> bool:
    """A state of something else the person gives as the reason for the next step (see above), with no word of the agent's."""
    if reason == "said the fix did not work" and SAME_ERROR_COMPOUND.search(own) and not re.search(
            r"\b(?:bug|bugs|again|as\s+before|still|broken)\b", own, _I) and not re.search(
            r"\bsame\s+(?:error|issue|problem)\b(?!\s+(?:handling|handlers?|messages?|format|codes?|pages?|types?|class|logging|"
            r"reporting|shapes?|structure|responses?|model|schema|boundar|texts?|styles?|templates?|tracker|labels?|policy|strategy))",
            own, _I):
        return True
    return (reason in PREMISE_REASONS and bool(STILL_WAITING.search(own) or STILL_DEPENDED_ON.search(own)
                                                 or NOTHING_CHANGED_SO.search(own))
            and not BLAMES_ACT.search(own))
