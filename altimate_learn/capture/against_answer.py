"""Forms of the correction classifier read against the agent's last answer (issue 20), split from
`capture/families.py` (cls26) with the same behaviour.

What the person typed counts as a correction here only next to what the answer said: "uv, not pip" after an answer
that used pip (:func:`terse_choice`), "pip again?!" (:func:`complains_of_used`), "remember: dates are always UTC"
after an answer that broke that rule (:func:`reminds_of_rule`), "do it for me" after an answer that handed the steps
over (``ACT_YOURSELF``), "I restarted it and it throws" after an answer whose only step was a restart (``REAPPLIED``);
and what the answer did decides whether a report is about the agent's change at all: an answer that only proposed work
(:func:`proposed_only`), one that wrote the agents' instructions file (:func:`wrote_instructions`), one that invited
the next error (``INVITED``).
"""

from __future__ import annotations

import functools
from altimate_learn.capture import lazy_re as re

from altimate_learn.capture import needles

_I = re.I

# "If you still see the error, share the new stack trace", "If anything else pops up, send the new error."
INVITED = re.compile(r"\bif\s+[^.?!\n]{1,100}?,?\s*(?:just\s+|please\s+)?(?:paste|share|send)\s+(?:me\s+)?(?:the|its|that|any)\s+"
                     r"(?:\w+\s+)?(?:output|error|errors|log|logs|traceback|stack\s*trace)\b", _I)

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
# The same hand-back in other words (cls42, issue 20: the held-out summary names "fix it for me" and "do it from CLI"
# among the misses; the forms are written from the form, not from those messages): the agent's step done where the agent
# can do it ("do it from the CLI", "can you do it via the terminal?"), the agent told to do it ("you do it", "why don't
# you do it?", "can't you do it?"), the permission the agent waited for given ("I have given you permission", "you
# have my permission"). Read only after an answer that left a step to the person (:func:`left_to_person`).
ACT_YOURSELF_MORE = re.compile(
    r"^\W*(?:(?:no+|nope|please|pls|just|ok(?:ay)?|but|then|so|can\s+you|could\s+you|can't\s+you)[\s,.!]+)*"
    r"(?:do|run|check|fix|handle|try|test|execute|apply|create|install|set|make|deploy|push|update|change|configure)\s+"
    r"(?:it|that|this|them|those|these|all|everything)\s+(?:from|via|with|in|through|using)\s+(?:the\s+|your\s+)?"
    r"(?:cli|terminal|command\s*line|shell|console|bash|api|gh|ssh)\b"
    r"|^\W*(?:(?:no+|nope|ok(?:ay)?|but|then|so|just|please|pls)[\s,.!]+)*(?:you\s+(?:can\s+|should\s+|could\s+)?(?:do|run|check|fix|"
    r"handle|test|execute|investigate)\s+(?:it|that|this|them)|(?:why\s+)?(?:don't|can't)\s+you\s+(?:just\s+)?(?:do|run|check|fix|"
    r"handle|test|execute)\s+(?:it|that|this|them)(?:\s+yourself)?)\s*[?!.]*\s*$"
    r"|\bi\s+(?:have\s+|'ve\s+)?(?:already\s+)?(?:given|gave|granted)\s+you\s+(?:the\s+)?(?:permission|access|rights)\b"
    r"|\byou\s+(?:have|got)\s+(?:my\s+)?permission\b", _I)
# The hand-back in other languages (cls45, issue 20: written from the languages, measured first-sight on owner folds its
# author did not read): the agent told to carry out the step itself ("请执行", "你自己在终端执行", "请直接修改",
# "実行してください", "직접 실행해 주세요", "hazlo tú", "faça você mesmo", "fais-le toi-même", "mach du das", "сделай сам",
# "zrób to sam"). Read only as ``ACT_YOURSELF`` is: after an answer that handed a step over, in a short message; a
# question of how or why ("怎么执行？", "どうやって実行する？") is none.
ACT_YOURSELF_ABROAD = re.compile(
    r"^\W*(?:好的?|那|嗯|可以|行|ok)?[，,\s]*(?:那就|就)?(?:请|麻烦)?(?:你|您)?(?:来|自己|直接|立即|马上|帮我|替我|去)*"
    r"(?:在终端|在命令行|在本地)?(?:里|中)?(?:执行|运行|修复|操作|处理|提交|更新|修改)(?:一下)?"
    r"(?:吧|啊|呀|呢)?(?:这个|这些|上面|上述|以上|它)?(?:的|所有的?)?(?:修复|步骤|命令|操作|修改|错误)?(?:吧|啊|呀)?\W*$"
    r"|(?:你|您)(?:自己|来)(?:在终端|在命令行)?(?:执行|运行|操作|修|改|做)"
    r"|^\W*(?:(?:それ|これ|あなた|そちら)(?:を|が|で)?\s*)?(?:直接|自分で)?(?:実行|修正|対応|更新|インストール)して(?:ください|下さい|ほしい|欲しい|くれ|よ)\W*$"
    r"|^\W*(?:직접\s*)?(?:실행|수정|해결|처리|설치)(?:해|하여)\s*(?:주세요|줘|주십시오|주실래요)\W*$|직접\s*(?:해|실행해)\s*(?:주세요|줘)"
    r"|^\W*(?:h[aá]zlo|h[aá]galo|ejec[uú]talo|c[oó]rrelo|arr[eé]glalo)(?:\s+t[uú]|\s+usted)?(?:\s+mism[oa])?(?:\s+por\s+m[ií])?\W*$"
    r"|^\W*(?:fa[cç]a|faz|execute|executa|rode|roda)(?:-o|\s+isso)?\s+(?:voc[eê]|vc|tu)(?:\s+mesmo)?\W*$"
    r"|^\W*(?:fais|faites|ex[eé]cute[sz]?|lance[sz]?)-(?:le|les|la)(?:\s+(?:toi|vous)-m[eê]me)?\W*$"
    r"|^\W*(?:mach|f[uü]hr|erledig)e?\s+(?:du\s+)?(?:das|es)(?:\s+(?:doch\s+)?(?:selbst|selber))?(?:\s+aus)?\W*$"
    r"|^\W*(?:сделай|выполни|запусти|исправь)(?:те)?\s+(?:это\s+|его\s+)?(?:сам|сама|сами)\W*$"
    r"|^\W*(?:zr[oó]b|wykonaj|uruchom|wpisz)(?:\s+to)?(?:\s+(?:sam|za\s+mnie))\W*$"
    # (cls46) "yes, type it into the terminal for me" after the agent offered commands to run locally
    r"|^\W*(?:tak\W+)?(?:wpisz|wykonaj|uruchom)\s+(?:mi\s+)?(?:to|je)\s+(?:(?:sam\s+)?(?:do|w)\s+terminal(?:a|u)|za\s+mnie)\W*$", _I)
# An answer that left a step to the person in words `cues.HANDED_OVER` does not read ("Please run these in your terminal
# and paste the results", "Run: … Then use arrow keys to select …", "If you want me to run those commands for you, say
# so"): used only to read a hand-back (``ACT_YOURSELF``), never to excuse an error report.
_LEFT_TO_PERSON = re.compile(
    r"\b(?:please\s+)?(?:run|execute|try)\s+(?:these|this|the\s+following|those)(?:\s+commands?)?\s+(?:in|on|from)\s+your\b"
    r"|\bin\s+your\s+(?:own\s+)?(?:terminal|shell|console|browser|command\s+line|aws\s+console|dashboard)\b"
    r"|\b(?:paste|share|send)\s+(?:me\s+)?(?:the\s+)?(?:results?|outputs?)\b"
    r"|\bif\s+you\s+(?:want|'d\s+like|would\s+like)\s+me\s+to\s+(?:\w+\s+){1,6}?(?:for\s+you|myself)\b"
    r"|\byou\s+can\s+(?:now\s+)?(?:run|create|install|open|click|go\s+to|navigate|select|set|add|enable|restart)\b"
    r"|\bto\s+(?:fix|solve|resolve|do)\s+(?:this|it|that)\s*,\s*(?:you\s+(?:can|should|need\s+to|'ll\s+need\s+to)\s+|just\s+)?(?:open|"
    r"change|edit|run|add|set|update|replace|remove|install|go\s+to|click)\b"
    r"|\b(?:go\s+to|click\s+(?:on\s+)?|navigate\s+to|open)\s+(?:the\s+)?[\w\s]{0,30}?(?:console|dashboard|settings|page|tab|menu|"
    r"portal|website)\b"
    # the same in other languages (cls45: "in your terminal", "you can run", "please put/replace … into your file")
    r"|请(?:您|你)?(?:手动|自行)?(?:将|把)[^。！？\n]{1,80}?(?:替换|复制|粘贴|添加|加入|放|移)"
    r"|(?:请|建议)(?:您|你)?(?:手动|自行)?(?:在|到)(?:您的|你的)?(?:终端|命令行|本地|浏览器|控制台)(?:中|里|上)?(?:执行|运行|输入|打开)"
    r"|(?:您|你)可以(?:手动|自行)?(?:在\S{1,8}(?:中|里))?(?:运行|执行|替换|修改|打开|安装|输入)"
    r"|(?:ターミナル|コマンドライン|お手元)で[^。\n]{0,40}?(?:実行|入力)して(?:ください|下さい)|手動で[^。\n]{0,40}?して(?:ください|下さい)"
    r"|(?:터미널|로컬)에서\s*[^.\n]{0,40}?(?:실행|입력)(?:해\s*주세요|하세요|하십시오)"
    r"|\ben\s+(?:tu|su)\s+(?:propia\s+)?(?:terminal|consola|navegador)\b|\bno\s+(?:seu|teu)\s+(?:terminal|console|navegador)\b"
    r"|\bdans\s+(?:ton|votre)\s+(?:terminal|console|navigateur)\b|\bin\s+(?:deinem|ihrem)\s+(?:terminal|browser)\b"
    r"|\bв\s+(?:своём|своем|вашем|твоём|твоем)\s+(?:терминале|консоли|браузере)"
    # (cls46) "after you run the steps above", "follow the steps below", "you need to edit …", "which you run locally"
    r"|执行(?:上述|以上|上面的?|这些)(?:步骤|命令|操作)后|(?:请|建议)(?:您|你)?(?:按照?|根据)(?:以下|上述|下面的?|以上)(?:步骤|命令|方法)"
    r"|(?:您|你)需要(?:手动|自行)(?:修改|运行|执行|添加|安装|更新|替换|删除)"
    r"|\b(?:kt[oó]re|co)\s+(?:wykonasz|uruchomisz|wpiszesz)\s+(?:lokalnie|u\s+siebie|w\s+(?:swoim\s+)?terminalu)\b", _I)


def left_to_person(answer: str | None) -> bool:
    """The answer's end left a step to the person (see above)."""
    return bool(answer) and needles.found(_LEFT_TO_PERSON, (answer or "")[-1500:])

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


# The same answer known by its own words when the request is not (OpenCode's and Crush's /init send their prompt as
# injected text, so no typed request precedes the answer): it names the agents' file and ends by saying the file is for
# agents ("This file will help agentic coding agents understand how to work with this repository", "a standardized
# guideline … making it easier for coding agents and contributors"), and fixed nothing in the same breath (cls31: four
# first-sight false alarms of the report families followed such answers on dev owners, and no correction did).
_INSTRUCTIONS_FILE = re.compile(r"\b(?:CLAUDE|AGENTS|OpenCode|GEMINI|CRUSH|QWEN)\.md\b", _I)
_FOR_AGENTS = re.compile(r"\b(?:agentic\s+coding\s+agents?|(?:ai\s+)?coding\s+agents?|future\s+(?:instances|agents|sessions)|"
                         r"ai\s+(?:coding\s+)?(?:agents?|assistants?)|agents?\s+(?:working|operating)\s+(?:in|with|on)\s+this)\b", _I)
_FIXED_TOO = re.compile(r"\b(?:fixed|resolved|repaired|patched)\b", _I)
INSTRUCTIONS_TAIL = 400


def answer_wrote_instructions(answer: str | None) -> bool:
    """Whether ``answer`` reports writing the agents' instructions file (and nothing else fixed): see above."""
    if not answer:
        return False
    tail = answer[-INSTRUCTIONS_TAIL:]
    return bool(_INSTRUCTIONS_FILE.search(answer) and _FOR_AGENTS.search(tail) and not _FIXED_TOO.search(tail))

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


def complains_of_used(own: str, answer: str | None, *, nope: bool = True) -> bool:
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
    found = _NOPE_NAME.match(own.strip()) if nope else None
    if found:
        word = found.group("x").strip("`'\".").lower()
        if word not in _TERSE_NOT_FILLER and word not in _COMPLAINT_WORDS and not _named_in([word], answer):
            return True
    return False


# "print again??", "why print?", "int() again, seriously?", "prints again :(" after a session was given the team's lesson
# against that very thing ("Log through app/log.py, never print()"): the complaint repeats what the delivered lesson says,
# so it corrects the agent though the answer before it does not name the thing (review41 R41-5). The lessons are the lines
# the session was shown (`deliver/state.py`: "shown"); the thing must be one a lesson bans (the first name after a ban
# word of its clause: never, don't, no, avoid, instead of, rather than, not), so neither a word of a lesson's prose
# ("money again?! the finance team wants another report") nor what a lesson asks for ("httpx again??" after "use httpx,
# never requests") counts (review42 R42-7).
DELIVERED_REASON = "complained of a thing a lesson given in this session bans"
_BAN_THEN_THING = re.compile(
    r"(?:\b(?:never|don't|do\s+not|no|avoid|without|not|stop|instead\s+of|rather\s+than)\s+)"
    r"(?:(?:use|using|call|calling|import|importing|add|adding|write|writing|put|the|a|an|any|more|raw|bare|plain)\s+){0,2}"
    r"`?(?P<x>[A-Za-z_][\w.@/+#-]*)(?:\(\))?`?", _I)
_NOT_A_BANNED_THING = frozenset("""it this that them these those one ones here there in on at to for from of with and or but
if when so such longer ever be is are was were matter need needed sure only just more less much way case use""".split())
# (cls43) "float?? really?", "float? seriously": the marks then one word of disbelief; "not float again": the thing
# refused once more (only with "again": "not float?" may ask which type to use).
_DISBELIEF = r"(?:seriously|really|come\s+on|cmon|c'mon|ugh+|smh|wtf)"
_DELIVERED_COMPLAINT = re.compile(
    r"^\W*" + _COMPLAINT_FILLER + r"(?P<n>not\s+)?(?:why\s+|still\s+)?(?P<x>" + _NAME + r")(?:\(\))?\W*\s*"
    r"(?:(?P<a>again)\b[\s.!?,:;()*-]*(?:(?:seriously|really|come\s+on|cmon|c'mon|ugh+|smh|wtf|man|dude|bro|guys|"
    r"please|pls)\W*)?$|(?:\?\s*[?!]|!\s*\?)[?!\s]*(?:" + _DISBELIEF + r"\W*)?$|\?\s*" + _DISBELIEF + r"\s*[?!]+\s*$)"
    r"|^\W*" + _COMPLAINT_FILLER + r"why\s+(?P<y>" + _NAME + r")(?:\(\))?\s*\?+\s*$", _I)


def banned_things(lines: tuple[str, ...] | list[str] | None) -> set[str]:
    """The things the lesson lines ban (see above), lowercase, with and without a plural s."""
    things: set[str] = set()
    for line in lines or ():
        if not isinstance(line, str):
            continue
        for found in _BAN_THEN_THING.finditer(line):
            word = found.group("x").strip("`'\".,").lower()
            if len(word) >= 2 and word not in _NOT_A_BANNED_THING:
                things.update({word, word[:-1] if word.endswith("s") else word + "s"})
    return things


def complains_of_delivered(own: str, delivered: tuple[str, ...] | list[str] | None) -> bool:
    """A short complaint that names a thing a lesson delivered in this session bans (see above)."""
    if not delivered or not own or len(own) > 80 or _ACCEPTS.search(own):
        return False
    found = _DELIVERED_COMPLAINT.match(own.strip())
    if not found:
        return False
    word = (found.group("x") or found.group("y") or "").strip("`'\".").lower()
    if not word or word in _COMPLAINT_WORDS or word in _TERSE_NOT_FILLER:
        return False
    if found.group("n") and not found.group("a"):
        return False
    marked = (re.search(r"[?!]|\.\.|:\(", own) or _COMPLAINT_FILLER_SAID.search(own) or (found.group("a") or "") == "AGAIN"
              or re.match(r"^\W*(?:why|still)\b", own, _I) or found.group("n"))
    if not marked:
        return False  # "print again": a request to print once more
    return word in banned_things(delivered)


_COMPLAINT_FILLER_SAID = re.compile(r"\b(?:ugh+|argh+|seriously|really|come\s+on|cmon|c'mon|smh|wtf)\b|:\(|\.\s*again", _I)


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
# (cls26) Also "remember we're not touching the legacy module" (no colon: the rule's subject right after "remember") and
# "again: yarn not npm" (the rule said once more).
REMINDER_OPENING = re.compile(r"^\W*(?:(?:remember|reminder|(?:a\s+)?(?:friendly\s+|quick\s+)?reminder|as\s+a\s+reminder|again|once\s+more|"
                              r"one\s+more\s+time|as\s+(?:i\s+)?(?:mentioned|said|noted|stated)(?:\s+(?:before|earlier|already|above))?)"
                              r"\s*[:,\u2013\u2014-]\s*"
                              r"|remember\s+(?:that\s+)?(?=(?:we|we're|our|all|every|nothing|no)\b)"
                              # "don't forget: changelog entry for every user-facing change" (a colon or a dash, never "don't
                              # forget, push the branch": a step; review40 R40-8, cls41)
                              r"|(?:and\s+)?(?:don't|do\s+not)\s+forget\s*[:\u2013\u2014-]\s*)"
                              r"(?!(?:to|when|how|that\s+time|the\s+time|me|this|it)\b)(?P<rule>[^?]{3,200})$", _I)
REMINDER_REASON = "reminded of a rule"
# What makes the reminder a rule of the work: an always/never, a prohibition, a "we use", a directive verb, or a word of
# the agent's answer ("Remember: amounts in cents" after an answer about the amount). A note about a time, a meeting or
# the person ("Reminder: the review is at 4", "remember, I'm off on friday") is none (review12 R12-17).
_RULE_CONTENT = re.compile(r"\b(?:always|never|only|instead|don't|do\s+not|must|mustn't|should|shouldn't|not|no|every|each|we\s+(?:use|do|keep|"
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
    # a norm in the words of a convention: "again: api responses are snake_case", "reminder: migrations go in db/migrate"
    # (review40 R40-8, cls41; `conventions.NORM`)
    from altimate_learn.capture.conventions import NORM

    if NORM.search(rule):
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


@functools.lru_cache(maxsize=16)
def claims_done(answer: str) -> bool:
    """Whether the answer says, in words, that work was done (``cues.CLAIMS`` or ``languages.CLAIMS`` anywhere in it).

    One message's verdict asks this of the same answer up to three times (:func:`classifier.answered`,
    :func:`asks_for_more_only`, :func:`proposed_only`), and the two patterns are among the costliest the classifier
    runs (a fifth of its pattern time on the real dev sessions): the answer's last few results are kept. A pure
    function of the text (the patterns are constants), so a kept result is the one a search would give."""
    from altimate_learn.capture.cues import CLAIMS
    from altimate_learn.capture import languages

    return needles.found(CLAIMS, answer) or needles.found(languages.CLAIMS, answer)


def proposed_only(answer: str | None) -> bool:
    """The answer weighed work it has not done and ends by offering to do it (see above): an offer at the end, a
    first-person conditional about the work after a diagnosis of what exists, no claim of done work, and no "also" /
    "too" / "next" that would offer more after work done."""
    if not answer:
        return False
    tail = answer[-300:].rstrip()
    offer = _OFFER_AT_END.search(tail)
    weighed = _WEIGHED.search(answer)
    if not offer or not weighed or _MORE.search(offer.group(0)) or _MORE.search(_sentence_of(answer, weighed.start())):
        return False
    return bool(_DIAGNOSED.search(answer[:weighed.start()])) and not claims_done(answer)




# (cls39) An answer that did no work and ends asking the person to say more or offering help in general: "Could you
# clarify what you'd like to know?", "Is there anything I can help you with?", "何かお手伝いできることはありますか？",
# "Você poderia clarificar …? Estou aqui para ajudar", "表示されているエラーメッセージの全文を教えていただけますか？". An
# error the person reports next is their own, not a fault of a change the answer never made. Only with no word of done
# work (`cues.CLAIMS`, `languages.CLAIMS`, a code block, a short act).
_ASKS_FOR_MORE = re.compile(
    r"\b(?:could|can|would)\s+you\s+(?:please\s+)?(?:clarify|elaborate|specify|describe|share|provide|paste|tell\s+me\s+(?:more|what|which|how))\b"
    r"|\bwhat\s+(?:exactly\s+)?(?:do\s+you\s+mean|would\s+you\s+like\s+(?:me\s+)?to|are\s+you\s+trying\s+to)\b"
    r"|\b(?:is\s+there\s+anything|what)\s+(?:else\s+)?(?:can\s+i|i\s+can|would\s+you\s+like\s+me\s+to)\s+(?:help|assist|do)\b"
    r"|\bhow\s+can\s+i\s+(?:help|assist)\b"
    r"|\bpoderia\s+(?:clarificar|esclarecer|explicar|detalhar|fornecer|me\s+dizer|compartilhar)\b|\bcomo\s+posso\s+(?:te\s+|lhe\s+)?ajudar\b"
    r"|\bpodr[ií]as?\s+(?:aclarar|explicar|detallar|proporcionar|indicar|compartir)\b|\b(?:en\s+qu[eé]|c[oó]mo)\s+puedo\s+ayudar"
    r"|\bpourriez[\s-]vous\s+(?:pr[ée]ciser|clarifier|fournir|d[ée]crire)\b|\bcomment\s+puis[\s-]je\s+(?:vous\s+|t')?aider\b"
    r"|\bwie\s+kann\s+ich\s+(?:dir|ihnen|euch)\s+helfen\b|\bk[öo]nntest\s+du\s+(?:genauer|mehr|bitte)\b"
    r"|\bчем\s+(?:я\s+)?могу\s+помочь|\bуточните\b|\bможете\s+(?:уточнить|пояснить|прислать|показать)\b"
    r"|教えていただけますか|教えてください|お手伝いできること|詳しい情報が必要|有什么(?:可以|需要)(?:帮|我)|(?:能否|可以|请)(?:提供|说明|告诉我|贴出)"
    r"|무엇을\s*도와|알려\s*주시겠|알려\s*주세요", re.I)


def asks_for_more_only(answer: str | None) -> bool:
    """The answer claims no work and its end asks the person for details or offers help in general (see above)."""
    from altimate_learn.capture.cues import DONE_ACT

    if not answer or "[code]" in answer or claims_done(answer) or needles.found(DONE_ACT, answer):
        return False
    return needles.found(_ASKS_FOR_MORE, answer[-400:])

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

# cls34 (review34 R34-8): a hedged ask to use something else in place of what the agent's answer says it used: "could you
# use ruff format instead of black next time?" after "I ran black on the repo.", "would it be possible to go with httpx
# rather than requests?", "can we please stick to ruff format?" after an answer that names only black. The thing replaced
# (or, for "stick to X", the thing kept) is what ties the question to the agent's work: "instead of Y" needs Y in the
# answer; "stick to / keep using X" needs an answer that acted without naming X. A question about the choice ("why did you
# use black instead of ruff?", "is ruff better than black?") is no ask to change it, and a new piece of work ("could you
# use Redis instead of memcached for the new cache?") names no Y of the answer.
HEDGED_SWAP_REASON = "asked to use something else instead of what the agent used"
_POLITE = (r"^\W*(?:(?:hey|hi|ok(?:ay)?|so|hmm+|also|and|but|btw|actually)\W+)*(?:(?:could|can|would|will)\s+(?:you|we)\s+"
           r"(?:please\s+|maybe\s+|perhaps\s+|just\s+)*|would\s+it\s+be\s+(?:possible|better|ok(?:ay)?)\s+to\s+|would\s+you\s+mind\s+|"
           r"(?:please\s+)?(?:maybe|perhaps)\s+(?:we\s+could\s+|you\s+could\s+)?|is\s+it\s+possible\s+to\s+|how\s+about\s+|what\s+about\s+)")
_SWAP = re.compile(_POLITE + r"(?:use|using|switch(?:ing)?\s+to|go(?:ing)?\s+with|stick(?:ing)?\s+(?:to|with))\s+(?P<x>[^?.!,;\n]{1,40}?)\s+"
                   r"(?:instead\s+of|rather\s+than)\s+(?P<y>[^?.!,;\n]{1,40}?)(?:\s+(?:next\s+time|from\s+now\s+on|going\s+forward|"
                   r"in\s+(?:the\s+)?future|here|too|as\s+well|please))*\s*[?.!]*\s*$", _I)
# "redo it with Decimal instead of float", "do it again but with Decimal instead of float", "could you rewrite the chart
# using bars rather than lines?" after an answer that used float / lines (review34 R34-14, cls35): the work is to be made
# again another way, which says the way the agent took was not wanted (the labelling guide's correction: the approach was
# wrong). A bare "do the invoices with Decimal instead of float" is the next piece of work, not a redo.
_REDO = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|hmm+|no|nope|actually|so|please|pls)\W+)*(?:(?:could|can|would)\s+you\s+(?:please\s+)?|please\s+)?"
    r"(?:(?:redo|re-do|rewrite|re-write|rework|re-work|redraw|rebuild)\s+(?:it|this|that|them|these|those|the\s+[\w-]+(?:\s+[\w-]+)?)"
    r"(?:\s+again)?|(?:do|write|make|build|implement|draw)\s+(?:it|this|that|them|these|those|the\s+[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?:again|over))\s*,?\s+(?:but\s+)?(?:with|using|in)\s+(?P<x>[^?.!,;\n]{1,40}?)\s+(?:instead\s+of|rather\s+than|not)\s+"
    r"(?P<y>[^?.!,;\n]{1,40}?)(?:\s+(?:please|this\s+time))*\s*[?.!]*\s*$", _I)
# Any verb in the same hedged frame: "could you run ruff format instead of black next time?", "can you call the repository
# layer instead of the ORM?", "maybe try pnpm instead of npm?", "would you mind running the tests with tox instead of bare
# pytest?" (review35 R35-15). A verb that asks for an opinion or an explanation ("would you prefer …", "could you explain
# why …") asks nothing changed; and the replaced thing must be named where the answer reports what it did, not where it
# offers or asks ("I could add the signup page next." "could you add the profile page instead of the signup page?": a pick).
_SWAP_ANY = re.compile(_POLITE + r"(?!(?:prefer|like|love|recommend|suggest|think|say|consider|explain|tell|know|see|compare|"
                       r"mean|believe|imagine|agree|want|need|help|show\s+me)\b)(?P<verb>[a-z]{2,}(?:ing)?)\s+"
                       r"(?P<x>[^?.!,;\n]{1,50}?)\s+(?:instead\s+of|rather\s+than)\s+(?P<y>[^?.!,;\n]{1,40}?)"
                       r"(?:\s+(?:next\s+time|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|here|too|as\s+well|please))*"
                       r"\s*[?.!]*\s*$", _I)
_OFFERED = re.compile(r"\?|\b(?:i\s+(?:can|could|might)|we\s+(?:can|could)|would\s+you|do\s+you\s+want|want\s+me\s+to|shall\s+i|"
                      r"should\s+i|if\s+you(?:'d|\s+would)?\s+(?:like|want|prefer)|next|option|alternatively)\b", _I)
_KEEP = re.compile(_POLITE + r"(?:stick(?:ing)?\s+(?:to|with)|keep(?:ing)?\s+using|go(?:ing)?\s+back\s+to)\s+(?P<x>[^?.!,;\n]{1,40}?)"
                   r"(?:\s+(?:please|here|for\s+now))?\s*[?.!]*\s*$", _I)
_SWAP_FILLER = frozenset({"the", "a", "an", "this", "that", "it", "them", "these", "those", "one", "ones", "thing", "things", "way",
                          "approach", "same", "other", "old", "new", "original", "existing", "current", "plan", "for", "now", "of",
                          "my", "our", "your", "its", "in", "on", "to", "with", "and"})


def _words(phrase: str) -> list[str]:
    return [w for w in (w.strip("`'\".()").lower() for w in phrase.split()) if len(w) >= 2 and w not in _SWAP_FILLER]


def hedged_swap(own: str, answer: str | None, acted: bool) -> bool:
    """A hedged ask, in the person's first sentence, to use X in place of what the agent used (see above)."""
    if not answer:
        return False
    first = _sentences(own)[0] if _sentences(own) else own
    lowered = answer.lower()

    def named(words: list[str]) -> bool:
        return any(re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", lowered) for w in words)

    swap = _SWAP.match(first.strip()) or _REDO.match(first.strip())
    if swap:
        x_words, y_words = _words(swap.group("x")), _words(swap.group("y"))
        return bool(y_words) and bool(x_words) and not set(x_words) & set(y_words) and named(y_words)
    swap = _SWAP_ANY.match(first.strip())
    if swap:
        x_words, y_words = _words(swap.group("x")), _words(swap.group("y"))
        reported = " ".join(part for part in _sentences(answer) if not _OFFERED.search(part)).lower()

        def reports(words: list[str]) -> bool:
            return any(re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", reported) for w in words)

        # ("I wrote the seed script and the migrations." "could you run the migrations instead of the seed script now?":
        # both were made; which to run next is no swap, review35). X counts as made only when all its words are reported:
        # "I used black to format." "could you run ruff format instead of black next time?" names no ruff (review35 R35-15)
        return (bool(y_words) and bool(x_words) and not set(x_words) & set(y_words) and reports(y_words)
                and not all(reports([w]) for w in x_words))
    keep = _KEEP.match(first.strip())
    if keep and acted:
        x_words = _words(keep.group("x"))
        return bool(x_words) and not named(x_words)
    return False


# cls36 (review36 R36-4): a question about a thing found in what the agent just made: "why is there a print in the handler?"
# after "I added the /orders handler in api.py.", "why is there a console.log in cart.js? remove it" after "I updated
# src/cart.js …", "what's with all the print statements?" after "I refactored utils.py.". The place asked about must be
# named in the answer's report of its work (a "why is there a delay on startup?" names no place; "why is there a folder
# called dist in the repo?" after an answer about the login page names none of its work), and "what's with all the …" is
# read only after an answer that did work and asked nothing.
PUT_IN_REASON = "challenges what the agent did"
_WHY_THERE = re.compile(r"^\W*(?:(?:hmm+|um+|wait|so|and|but|ok(?:ay)?|uh+)\W+)*(?:why|how\s+come)\s+(?:is|are)\s+there\s+"
                        r"(?:a|an|any|some|all\s+(?:these|those|the)|these|those|this|that)\s+(?P<x>[^?!\n]{1,40}?)\s+(?:in|inside|"
                        r"at\s+the\s+top\s+of|at\s+the\s+end\s+of)\s+(?:the\s+|your\s+|this\s+|that\s+|my\s+|our\s+)?"
                        r"(?P<y>[\w./`-]{3,60}?)(?:\s+(?:file|function|handler|component|module|class|method|script))?\s*\?", _I)
_WHATS_WITH_ALL = re.compile(r"^\W*(?:(?:hmm+|um+|wait|so|and|but|ok(?:ay)?|uh+)\W+)*what(?:'s|\s+is)\s+(?:up\s+)?with\s+all\s+"
                             r"(?:the|these|those|this|that)\s+[\w\s.`-]{2,40}?\s*\?", _I)
_MADE = (r"\b(?:added|created|wrote|written|updated|changed|refactored|modified|rewrote|rewritten|built|implemented|"
         r"moved|edited|extended)\s+(?:the\s+|a\s+|an\s+|your\s+)?(?:[\w/.`-]+\s+){0,2}?")
_MINE = re.compile(r"\bi\s+(?:wrote|added|put|left|made|created)\s+(?:it|that|this|them|those)\b|\b(?:it's|that's)\s+mine\b", _I)
_PLACE_FILLER = frozenset({"code", "file", "files", "repo", "project", "output", "app", "page", "logs", "log", "folder", "codebase"})


def put_in(own: str, answer: str | None) -> bool:
    """The message asks why a thing is in a place the agent's answer says it worked on (see above)."""
    if not answer or _MINE.search(own):
        return False  # "why is there a TODO in utils.py? I wrote it last year": the person's own thing
    first = own.strip().split("?", 1)[0] + "?"  # the first question ("console.log", "cart.js": dots end no sentence here)
    lowered = answer.lower()
    why = _WHY_THERE.match(first)
    if why:
        place = why.group("y").strip("`'\".").lower()
        stem = re.sub(r"^.*/", "", place)
        if len(stem) < 3:
            return False
        named = r"(?<![\w-])" + re.escape(stem) + r"(?![\w-])"
        if "." in stem:  # a file the answer names as worked on
            return bool(re.search(named, lowered))
        # a plain place ("the handler"): one the answer says it made or changed ("I added the /orders handler")
        return stem not in _PLACE_FILLER and bool(re.search(_MADE + named, lowered))
    from altimate_learn.capture.cues import ASKED

    whats = _WHATS_WITH_ALL.match(first)
    if not whats or ASKED.search(answer[-300:]):
        return False
    # "what's with all the TODOs in the legacy module?": a place named must be one the answer worked on
    where = re.search(r"\b(?:in|inside)\s+(?:the\s+|this\s+|that\s+|your\s+)?([\w./`-]{3,60})", whats.group(0))
    return not where or bool(re.search(r"(?<![\w-])" + re.escape(where.group(1).strip("`").lower()) + r"(?![\w-])", lowered))


# (cls43; review41 R41-3's fifth, which the built-in reflector turns into a rule but capture never recorded) "read the
# token from the env", "the api key comes from an environment variable, pls" after an answer that handled that secret
# some other way ("TOKEN = '…' at the top of gh.py"): where the secret comes from, said against the work. Only the whole
# message (never "… for now", "… and call the API", a question), only after an answer that names the same kind of secret
# and neither reads it from the environment already nor ends asking where it should come from.
SECRET_FROM_ENV_REASON = "said where a secret comes from"
_SECRET = r"(?:api[\s_-]?keys?|keys?|tokens?|secrets?|passwords?|credentials?|creds|dsn|connection\s+strings?|(?:database|db)\s+urls?)"
_FROM_ENV = (r"(?:from|out\s+of|in|via|through)\s+(?:the\s+|an?\s+|our\s+)?(?:\.env(?:\s+file)?|env|environment|env(?:ironment)?\s+"
             r"var(?:iable)?s?|`?process\.env`?|`?os\.environ`?|`?os\.getenv`?)")
_SECRET_FROM_ENV = re.compile(
    r"^\W*(?:(?:no|nope|nah)\W+)?(?:(?:please|pls|plz)\s+)?(?:(?:read|load|get|take|pull|source|use|grab)\s+)?(?:the\s+|our\s+|that\s+)?"
    r"(?:[\w-]+\s+)?(?P<s>" + _SECRET + r")\s+(?:(?:should|must|needs?\s+to|has\s+to)\s+(?:be\s+read|come|be\s+loaded)\s+|"
    r"(?:comes?|is\s+read|goes)\s+)?" + _FROM_ENV + r"(?:\s+(?:instead|please|pls|plz))*\s*[.!]*$", _I)
_ANSWER_FROM_ENV = re.compile(_FROM_ENV + r"|\benv(?:ironment)?\s+var|process\.env|os\.environ|getenv|\.env\b", _I)


def secret_from_env(own: str, answer: str | None) -> bool:
    """The message says the secret the answer handled comes from the environment (see above)."""
    from altimate_learn.capture.cues import ASKED

    found = _SECRET_FROM_ENV.match(own.strip())
    if not found or not answer or ASKED.search(answer[-300:]) or _ANSWER_FROM_ENV.search(answer):
        return False
    kind = re.sub(r"s$", "", found.group("s").lower().split()[-1])
    return bool(re.search(r"(?<![A-Za-z])" + re.escape(kind) + r"s?(?![A-Za-z])", answer, _I))  # "GITHUB_TOKEN = …" too
