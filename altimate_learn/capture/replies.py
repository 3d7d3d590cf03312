"""What the agent's reply to a message says about it: the opening of the next answer.

A person's message is often only recognisably a correction once the agent answers it: "You're right, I
apologize", "Good catch", "Sorry, I misread the spec", "Tienes razón", "你说得对", "申し訳ありません" concede that
its last work was wrong; "I accidentally removed the import", "Reverting that change" own a mistake. A reply
that opens "Sure! Here's …" or "Great idea" takes the message as a new request. Only the opening of the reply
is read (:data:`HEAD_CHARS`): that is where an agent reacts to what it was told; further in it talks about the
work ("sorry, the API does not allow that" deep in a report is not an apology for the last answer).

:func:`read_reply` returns one of :data:`CONCEDED` (the agent apologises for its work or owns a mistake in so many
words), :data:`RIGHT` (it says the person is right: a concession after a complaint, mere agreement after an opinion or
a question),
:data:`SELF_FIX` (the agent names a mistake of its own or undoes what it did), :data:`AGREED` (the reply takes the
message as a new request: "Sure", "Great idea", "Happy to") or None. The classifier
(:func:`altimate_learn.capture.classifier.classify_user_message`) decides what that is worth next to the message
itself: a reply never makes a new request a correction. Standard library only; nothing here is imported on the
hook path (the capture worker and `learn capture` read replies).
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

from altimate_learn.capture import needles

HEAD_CHARS = 300  # characters of the reply's opening that are read
CONCEDED = "conceded"
RIGHT = "right"
SELF_FIX = "self-fix"
AGREED = "agreed"
RESTATED = "restated"  # it takes in what the person now says they want ("Got it — you want …")

_I = re.I

# The agent says the person is right: "You're right", "Tienes razón", "你说得对", "おっしゃる通り". After a complaint that
# concedes; after an opinion or a question it may only agree ("Excellent! You're absolutely right, experience differs").
_RIGHT = re.compile(
    r"\byou(?:\s?'re|\s+are|\s?re)\s+(?:absolutely\s+|totally\s+|completely\s+|entirely\s+|quite\s+|so\s+|100%\s+|right\s+again|"
    r"correct\s+again|also\s+|again\s+|indeed\s+)*(?:right|rigth|correct)\b(?!\s+(?:to\s+(?:ask|wonder|want|think|be\s+curious)|"
    r"that\s+(?:it|this)\s+(?:would|could|might)))"
    r"|\byou(?:'ve|\s+have)\s+(?:correctly\s+)?(?:identified|spotted|pointed\s+out)\s+(?:a|an|the|two|both|some|this|that)\b"
    r"|\btienes?\s+(?:toda\s+la\s+)?raz[oó]n\b"
    r"|\b(?:voc[eê]\s+)?(?:est[aá]|tem)\s+(?:toda\s+a\s+|absolutamente\s+|completamente\s+)?(?:certo|certa|raz[aã]o)\b"
    r"|\b(?:vous\s+avez|tu\s+as)\s+(?:tout\s+[àa]\s+fait\s+|enti[èe]rement\s+|parfaitement\s+)?raison\b"
    r"|\bhai\s+(?:perfettamente\s+|assolutamente\s+|pienamente\s+)?ragione\b|\bha\s+ragione\b"
    r"|\b(?:du\s+hast|sie\s+haben)\s+(?:v[öo]llig\s+|vollkommen\s+|absolut\s+|nat[üu]rlich\s+)?recht\b"
    r"|(?:^|[\s,.!])(?:вы|ты)\s+(?:снова\s+|совершенно\s+|абсолютно\s+|полностью\s+|опять\s+)?прав[ыа]?(?=[\s,.!]|$)"
    r"|\bhakl[ıi]s[ıi]n[ıi]z\b|\bhakl[ıi]s[ıi]n\b|\bmasz\s+(?:całkowitą\s+)?racj[ęe]\b|\bm[áa](?:te|[šs])\s+pravdu\b"
    r"|\bb[ạa]n\s+(?:ho[àa]n\s+to[àa]n\s+)?[đd][úu]ng\b|\b(?:anda|kamu)\s+benar\b|(?:شما\s+)?(?:کاملا\u064b?\s+)?درست\s+می\u200c?گوی"
    r"|你说得(?:对|没错)|您说得(?:对|没错|完全正确)|你(?:是)?对的|说得对|おっしゃる通り|その通りです|ご指摘の通り", _I | re.M)

# The agent apologises for its work or owns a mistake in so many words.
_APOLOGISES = re.compile(
    # en
    r"\b(?:good|great|nice|sharp|excellent)\s+(?:catch|spot)\b|\bwell\s+spotted\b"
    r"|\bmy\s+(?:mistake|bad|apologies|fault|error|oversight|misunderstanding|mix-?up)\b"
    r"|\bi\s+(?:sincerely\s+|truly\s+|do\s+)?apologi[sz]e\b|\bapologies\b"
    r"|\b(?:i'm|i\s+am)\s+(?:so\s+|very\s+|really\s+|truly\s+)?sorry\b|^\W*sorry\b|\bsorry\s+(?:about|for)\s+(?:that|the|my)\b|\bsorry(?=\s*[.!,;:\u2014-])"
    r"|\bi\s+(?:completely\s+|totally\s+)?(?:mis+read|mis+understood|mis+interpreted|overlooked|misspoke|mixed\s+up|"
    r"made\s+(?:a|an)\s+(?:mistake|error)|was\s+wrong|got\s+(?:that|it|this)\s+wrong|should\s+have|shouldn't\s+have|"
    r"should\s+not\s+have|jumped\s+ahead|went\s+too\s+far|over-?complicated|over-?engineered)\b"
    r"|\b(?:that|this)(?:'s|\s+is|\s+was)\s+(?:on\s+me|my\s+(?:mistake|error|bad|fault))\b"
    r"|\bi\s+see\s+(?:the|my)\s+(?:mistake|error|confusion)\b|(?:^|[.!?:]\s+)\W*(?:oops|whoops)\b"
    r"|\bthanks?(?:\s+you)?\s+for\s+(?:catching|flagging|spotting|noticing|pointing\s+(?:that|this|it)\s+out|the\s+correction|"
    r"correcting\s+me)\b"
    # es, pt
    r"|\bdisculp[ae]s?\b|\bperd[oó]n\b|\blo\s+siento\b|\bmi\s+error\b|\bme\s+equivoqu[eé]\b"
    r"|\bdesculp[ae]\b|\bfoi\s+mal\b|\bmeu\s+erro\b|\bme\s+enganei\b|\bpe[cç]o\s+desculpas\b"
    # fr, it, de
    r"|\bd[ée]sol[ée]e?s?\b|\bexcuse[zs]?[\s-]moi\b|\bmes\s+excuses\b|\bje\s+me\s+suis\s+tromp[ée]\b|\bmon\s+erreur\b|\bbien\s+vu\b"
    r"|\bmi\s+dispiace\b|\bscusa(?:mi|te)?\b|\b(?:errore\s+mio|mio\s+errore)\b"
    r"|\bentschuldig\w*|\btut\s+mir\s+leid\b|\bmein\s+fehler\b|\bgut\s+(?:erkannt|aufgepasst)\b|\bich\s+habe\s+mich\s+geirrt\b"
    # ru, tr, pl, cs
    r"|извин\w*|прошу\s+прощения|моя\s+ошибка|я\s+ошиб\w*"
    r"|[öo]z[üu]r\s+dilerim|\bhata\s+bende\b|\bprzepraszam\b|\bm[óo]j\s+b[łl][ąa]d\b|\bomlouv[áa]m\b"
    # vi, id, fa
    r"|\bxin\s+l[ỗo]i\b|\bmohon\s+maaf\b|\bmaaf\b|عذر\s*خواهی|ببخشید"
    # zh, ja, ko
    r"|抱歉|对不起|不好意思|深表歉意|我的(?:错|失误|疏忽)|是我(?:的)?(?:疏忽|失误|错)|我(?:搞错|理解错|误解|弄错|看错)|我确实(?:忘|漏|没有)"
    r"|申し訳(?:ありません|ございません)|すみません|失礼しました|ご指摘ありがとう|私の(?:ミス|誤り)|間違えました|確認不足"
    r"|죄송|미안(?:합니다|해요)|제\s*(?:실수|잘못)|혼동을\s*드려|지적(?:해\s*주셔서)?\s*감사", _I | re.M)

# What may come before a "you're right" that opens a sentence: the sentence's start and an interjection ("Ah, you're
# right", "But you're right:", "Oh my gosh, you are absolutely right"). Further into a sentence ("I'll implement it;
# looking at the code, you're right that Firefox needs …") it agrees with a fact.
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?:;\n\u3002\uff01\uff1f\uff1a]|\[code\])[\s\W_]*(?:(?:ah+|oh+|yes|yeah|yep|but|and|indeed|ok(?:ay)?|"
                               r"hmm+|right|wow|oh\s+my\s+(?:gosh|god)|ach|ja|s[ií]|oui|да|ну|啊|哦|是的|あ|ああ|아)\b[\s\W_]*)*$", _I)


# "Excellent! You're absolutely right, …", "Great point, you're right": the reply opens by welcoming an idea; a "you're
# right" after that agrees with it.
_WELCOMES = re.compile(r"^\W*(?:great|excellent|perfect|awesome|nice|good|brilliant|interesting|exactly|отлично|прекрасно|"
                       r"хорошо|точно|好的?|很好|太好了|いいですね|素晴らしい|좋(?:아요|습니다)|genial|excelente|perfecto|parfait|"
                       r"excellent|super|perfekt|ottimo|ótimo|harika|mükemmel)\b", _I)


# "Sorry, I can't open links", "抱歉，我无法访问": an apology for a limit, not for the work.
_CANNOT = re.compile(
    r"\b(?:sorry|apologi[sz]e|apologies|lo\s+siento|d[ée]sol[ée]e?|entschuldigung|извините)\b[^.!?\n]{0,60}?\b(?:can't|"
    r"cannot|can\s+not|unable|not\s+able|(?:don't|do\s+not)\s+have|have\s+no|no\s+(?:information|access)|no\s+puedo|"
    # "I'm sorry, I only have access to a limited set of tools", "sorry, that isn't supported here" (cls30)
    r"only\s+have\s+(?:access|the)|only\s+(?:can|support)|(?:isn't|is\s+not|aren't|are\s+not)\s+(?:supported|available|possible)|"
    r"(?:doesn't|does\s+not|don't|do\s+not)\s+(?:support|allow)|"
    r"ne\s+peux|je\s+ne\s+peux|kann\s+nicht|не\s+могу)\b"
    r"|(?:抱歉|对不起|すみません|申し訳|죄송)[^。！!\n]{0,80}?(?:无法|不能|没有办法|做不到|できません|できない|方法がな|수\s*없)"
    # "申し訳ございませんが、…が必要です", "抱歉，但…": the apology as the cushion before a limit or a request (the "but" that follows)
    r"|申し訳(?:ありません|ございません)が|すみませんが|(?:抱歉|不好意思)[，,]\s*但"
    # "Sorry for the wait": an apology for the time taken
    r"|\bsorry\s+(?:about|for)\s+(?:the\s+)?(?:wait|delay|late|long|slow)\w*|\bapologi[sz]e\s+for\s+the\s+(?:wait|delay)\b"
    # "I'm sorry, but it seems the list was not included in your message", "I apologize, but I don't see …", "Lo siento,
    # pero no veo …": the cushion before what the agent lacks or asks for, as "申し訳ありませんが" is (cls48: the form older
    # models answer with in aider; on real dev 3 of 3 such replies followed no correction). Only what the "but" goes on
    # to lack or ask for is a cushion: "Sorry, but you're right: I used the wrong column", "Lo siento, pero tienes
    # razón", "I apologize, but it seems I made a mistake", "Sorry, but that was my mistake" concede (check48 C48-4).
    # "I apologize for the confusion, but I need to see …" (GPT's boilerplate in aider, cls49) is the same cushion.
    r"|\b(?:sorry|apologi[sz]e|apologies|lo\s+siento|desculpe|d[ée]sol[ée]e?|entschuldigung|tut\s+mir\s+leid|извините)"
    r"(?:\s+for\s+(?:the|any)\s+(?:confusion|inconvenience))?"
    r"\s*,?\s*(?:but|pero|mas|mais|aber|но)\s+(?:"
    # "it seems the list was not included", "it looks like you haven't attached it", "the files weren't attached"
    r"(?:it\s+(?:seems|looks|appears)\s+(?:like|that|as\s+if|as\s+though)?\s*|(?:the|your|this|that|those|these)\b)"
    r"[^.!?\n]{0,80}?(?:\b(?:was|were|is|are|has|have)\s+not\s+(?:been\s+)?|\b(?:wasn't|weren't|isn't|aren't|hasn't|"
    r"haven't)\s+(?:been\s+)?)(?:included|attached|provided|shared|added|pasted|uploaded|given|found|available|visible)\b"
    r"|it\s+(?:seems|looks|appears)\s+(?:like|that|as\s+if|as\s+though)?\s*(?:you\s+(?:haven't|have\s+not|didn't|did\s+not|"
    r"forgot)|there\s+(?:is|are|was|were)\s+no|(?:the|your)\s+[^.!?\n]{0,60}?\b(?:is|are|was|were)\s+(?:missing|empty))\b"
    # "I don't see a deploy log", "I can't find …", "I only have …", "I need you to paste …", "there is no …"
    r"|i\s+(?:do\s+not|don't|dont|can't|cannot|can\s+not|couldn't|could\s+not|am\s+(?:not\s+able|unable)|'m\s+(?:not\s+able|"
    r"unable))\s+(?:see|find|locate|access|open|read|view|tell|help|determine|know)\b"
    r"|i\s+(?:only\s+(?:have|see|can)|have\s+no|see\s+no|would\s+need|need\s+(?:you|more|access|the|to\s+see))\b"
    r"|there\s+(?:is|are|was|were|seems\s+to\s+be)\s+no\b|there's\s+no\b|(?:could|can|would)\s+you\b|please\b"
    r"|no\s+(?:veo|puedo|tengo|encuentro|hay)\b|necesito\b|je\s+ne\s+(?:vois|peux|trouve)\b|il\s+n'y\s+a\b"
    r"|ich\s+(?:kann|sehe|finde|habe)\s+(?:nicht|kein)|es\s+gibt\s+kein|я\s+не\s+(?:вижу|могу)|не\s+(?:вижу|могу)"
    r"|não\s+(?:vejo|consigo|encontro)\b)", _I)

# The reply opens by setting out the agent's own next step: "Let me try with the full context.", "I'll help you apply these
# changes.", "Okay, I will start by adding …", "まず、…を確認します。", "好的，我来…", "我先排查…", "Voy a revisar …". Its reaction to the
# message, if any, was that opening: a bare apology after it ("I apologize, the SEARCH block did not match", "すみません") or
# an undone step the agent finds ("I accidentally removed …") answers what the work turned up (a failed edit, a tool's
# output), not the message. A concession that names the person's point still counts after it ("Let me look at the code.
# You're right — I used naive datetimes.", "… Good catch, that import was wrong.", "… I mixed up local time and UTC."), and
# an opening that announces fixing or redoing the work ("Let me fix that.", "I'll redo it.", "我来修改") is the reaction itself
# (review35 R35-9). cls35: on real dev three in four such openings follow a new request.
_STARTS_WORK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all\s+right|sure|first(?:\s+of\s+all)?|now|so|great|perfect|got\s+it|understood|certainly)"
    r"[,!.]?\s+)*(?:let\s+me|let's|i'll|i\s+will|i'm\s+going\s+to|i\s+am\s+going\s+to|i'm\s+(?:now\s+)?(?:checking|looking|"
    r"reading|starting)|i\s+need\s+to\s+(?:first\s+)?(?:check|look|see|verify|inspect|read|review|find|understand|confirm|"
    r"investigate|know))\b"
    # "To undo the brackets in the previous response, I need to know which file …": the step's purpose, then the step
    r"|^\W*to\s+[a-z]+\b[^,.!?\n]{0,100},\s*(?:i\s+need|i'll|i\s+will|i\s+must|let\s+me|we\s+need|we'll|first)\b"
    r"|^\W*(?:(?:vale|bien|ok(?:ay)?|claro|perfeito|certo|d'accord|gut|хорошо|ок)[,!.]?\s+)?(?:voy\s+a|vamos\s+a|d[ée]jame|"
    r"primero,|vou\s+|vamos\s+|deixe[-\s]me|primeiro,|je\s+vais|laisse[sz]?[-\s]moi|d'abord,|ich\s+werde|lass\s+mich|"
    r"lassen\s+sie\s+mich|zuerst|сначала|давай(?:те)?\s|сейчас\s+(?:проверю|посмотрю))"
    r"|^\W*(?:好的?[，,！!。]?\s*)?(?:我先|让我|我来|首先|先来|下面我)|^\W*(?:まず|では、|それでは、)|^\W*(?:먼저|우선)", re.I)
_FIRST_END = re.compile(r"[.!?](?=\s|$)|[\n\u3002\uff01\uff1f]")
# The opening announces fixing or redoing the work: the reply's reaction to the message.
_REDOES = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all\s+right|sure|right|got\s+it|understood)[,!.]?\s+)*(?:let\s+me|let's|i'll|i\s+will|"
    r"i'm\s+going\s+to|i\s+am\s+going\s+to)\s+(?:quickly\s+|immediately\s+|now\s+|go\s+back\s+and\s+)?(?:fix|correct|redo|re-do|"
    r"re-?run|rerun|revert|undo|roll\s+back|repair|rework|rewrite|restore|put\s+back|sort\s+(?:that|it|this)\s+out|address|"
    r"change|update|adjust|switch|remove)\b"
    r"|^\W*(?:好的?[，,！!。]?\s*)?(?:我来|让我|我马上|我立即|我现在)(?:修复|修改|修正|改正|更正|重新)|(?:修正|修復|直し|やり直)(?:します|いたします)", re.I)
# A bare apology: sorry, and no word of what was wrong.
_BARE_APOLOGY = re.compile(
    r"(?:i\s+(?:sincerely\s+|truly\s+|do\s+)?apologi[sz]e|apologies|(?:i'm|i\s+am)\s+(?:so\s+|very\s+|really\s+|truly\s+)?sorry|"
    r"\W*sorry|sorry(?:\s+(?:about|for)\s+(?:that|the|my))?|disculp[ae]s?|perd[oó]n|lo\s+siento|desculp[ae]|pe[cç]o\s+desculpas|"
    r"d[ée]sol[ée]e?s?|excuse[zs]?[\s-]moi|mes\s+excuses|mi\s+dispiace|scusa(?:mi|te)?|entschuldig\w*|tut\s+mir\s+leid|"
    r"извин\w*|прошу\s+прощения|[öo]z[üu]r\s+dilerim|przepraszam|omlouv[áa]m|xin\s+l[ỗo]i|mohon\s+maaf|maaf|抱歉|对不起|不好意思|"
    r"深表歉意|申し訳(?:ありません|ございません)|すみません|失礼しました|죄송|미안(?:합니다|해요))", re.I)


def _after_work(text: str, start: int) -> bool:
    """Whether ``text[start:]`` comes after the agent had set to work: past the first sentence of a reply that opens with
    its own next step, unless that step fixes or redoes the work. (A code block alone is no such sign: "I meant this:
    [code] But you're right: …" still concedes.)"""
    if not _STARTS_WORK.match(text) or _REDOES.search(text[:_opening_end(text)]):
        return False
    return start >= _opening_end(text)


def _opening_end(text: str) -> int:
    """Where the reply's first sentence ends."""
    first_end = _FIRST_END.search(text)
    return first_end.end() if first_end else len(text)


def _conceding(text: str) -> re.Match[str] | None:
    """The first apology or owned mistake of :data:`_APOLOGISES` that concedes: after the first sentence of a reply that
    opens with the agent's own next step, only one that says what was wrong (not a bare "I apologize", "すみません")."""
    for found in needles.finditer(_APOLOGISES, text):
        if not (_after_work(text, found.start()) and _BARE_APOLOGY.fullmatch(found.group(0))):
            return found
    return None


# The agent names a mistake of its own, or undoes its own change.
_OWNS_MISTAKE = re.compile(
    r"\bi\s+(?:had\s+)?(?:accidentally|mistakenly|incorrectly|wrongly|inadvertently|erroneously)\b"
    r"|\b(?:accidentally|mistakenly|inadvertently|erroneously)\s+(?:removed|deleted|broke|introduced|changed|added|"
    r"dropped|left|used|overwrote|reverted)\b"
    r"|\bi\s+(?:removed|deleted|changed|broke|dropped|missed|forgot)\b[^.!?\n]{0,60}?\b(?:too\s+much|by\s+mistake|"
    r"when\s+i\s+shouldn't|that\s+(?:was|is)\s+needed|which\s+(?:was|is)\s+needed)"
    r"|\b(?:i\s+(?:forgot|missed|neglected|failed)\s+to)\b"
    r"|\b(?:reverting|rolling\s+back|undoing)\s+(?:my|the|that|this|those|these)\b|\blet\s+me\s+(?:revert|undo|roll\s+back)\b"
    r"|(?:我(?:不小心|错误地|误)(?:删|改|把)|私が(?:誤って|間違って))", _I)

# The reply opens with the agent's own checking ("Let me check the current git status …:", "I'll look at config.h first."):
# a mistake it owns after that ("… I see there's a conflict in my previous edits. Let me revert …") is one it found
# by looking, not one the message pointed out (cls31: a question "shall we commit or fix the compile issues?" read as
# a correction on a dev owner at first sight; no self-fix after such an opening was a correction on dev).
_INVESTIGATES = re.compile(r"^\W*(?:(?:ok(?:ay)?|alright|sure|first)[,!.]?\s+)?(?:let\s+me|i'll|i\s+will|i'm\s+going\s+to)\s+"
                           r"(?:first\s+)?(?:check|look|see|verify|inspect|examine|read|review|search|find|run|investigate|"
                           r"take\s+a\s+look|explore|analy[sz]e|understand|start\s+by|get|pull|open|list)\b", _I)

# The reply opens by taking in what the person now says they want ("Ah, got it! You want to keep using the …", "Got it — you
# want the schema to …", "I understand - you want to keep the original …", "我明白了。您希望移除…", "理解いたしました！本文が入る
# 空白のファイルが必要だったのですね"): the person had to say again what they wanted, so the last answer missed it (cls34: on
# real dev, 7 of 7 such replies in English and 4 of 4 in Chinese and Japanese followed a correction or a bug report, none a
# new request). Only the understanding word and then "you want / you'd like / you need" (never "you mean": a reply that
# pins down which thing a question is about, "Entendido. Te refieres a …", follows no correction); a message that only
# asks, or opens new work, is never made a correction by it (`classifier.reply_verdict`).
_RESTATES_WANT = re.compile(
    r"^\W*(?:(?:ah+|oh+|ok(?:ay)?|alright)[,!.]?\s+)?(?:got\s+it|understood|i\s+understand|i\s+see)(?:\s+now)?\s*[-\u2014\u2013,!.:]+\s*"
    r"(?:so\s+)?you\s+(?:(?:actually|really|still|just|only)\s+)?(?:want|'d\s+like|would\s+like|need)\b"
    r"|^\W*(?:(?:ah+|vale|bien|ok(?:ay)?)[,!.]?\s+)?(?:entendido|entiendo|ya\s+veo)[,.!\u2014\u2013-]+\s*(?:t[u\u00fa]\s+)?(?:quieres|necesitas)\b"
    r"|^\W*(?:(?:ah+|ok(?:ay)?)[,!.]?\s+)?(?:entendi|entendido|compreendi)[,.!\u2014\u2013-]+\s*(?:voc[e\u00ea]\s+)?(?:quer|precisa)\b"
    r"|^\W*(?:(?:ah+|d'accord|ok(?:ay)?)[,!.]?\s+)?(?:compris|je\s+vois|entendu)[,.!\u2014\u2013-]+\s*(?:tu\s+veux|vous\s+voulez)\b"
    r"|^\W*(?:(?:ah+|ok(?:ay)?)[,!.]?\s+)?(?:verstanden|alles\s+klar|ich\s+verstehe|verstehe)[,.!\u2014\u2013-]+\s*"
    r"(?:du\s+willst|sie\s+wollen|du\s+m[o\u00f6]chtest|sie\s+m[o\u00f6]chten)\b"
    r"|^\W*(?:(?:а|ага|ок)[,!.]?\s+)?(?:понял|понятно|ясно)[,.!\u2014\u2013-]+\s*(?:ты\s+хочешь|вы\s+хотите|вам\s+нужно|тебе\s+нужно)(?![\w-])"
    r"|^[^\n\u3002]{0,12}?(?:我明白了|明白了|懂了|了解了|原来如此)[\uff0c,\u3002\uff01!]\s*(?:您|你)(?:希望|想要|是想|要的是)"
    r"|^\W*(?:承知|理解|了解|なるほど)[^\u3002\n]{0,10}[\u3002\uff01!\u3001]\s*[^\u3002\n]{0,60}?(?:だったのですね|だったんですね|したかったのですね|ということだったのですね)"
    r"|^\W*(?:알겠습니다|이해했습니다)[,.!]?\s*[^.\n]{0,60}?(?:원하셨군요|원하시는\s*거였군요)", _I)

# The reply takes the message as a new request or a welcome idea.
_AGREES = re.compile(
    r"^\W*(?:sure|of\s+course|certainly|absolutely|great\s+(?:idea|question|suggestion)|good\s+(?:idea|question|suggestion)|"
    r"happy\s+to|glad|(?:that's\s+a\s+)?(?:great|good|nice|excellent)\s+(?:idea|suggestion|question)|thanks?\b|thank\s+you|"
    r"gladly|no\s+problem|will\s+do|on\s+it|here(?:'s|\s+is|\s+are)|claro|por\s+supuesto|bien\s+s[uû]r|gerne|"
    r"好的|当然|没问题|かしこまりました|承知しました|알겠습니다|네,)", _I)


_SENTENCE_END = re.compile(r"[.!?\n\u3002\uff01\uff1f]")


def head(reply: str | None) -> str:
    """The opening of the reply that is read ("" when none). A reply kept as its start and its end joined by
    "[…]" (the research corpus) is read from its start; one clipped from the front (starting "…") has no start."""
    if not isinstance(reply, str):
        return ""
    text = reply.lstrip()
    if text.startswith("\u2026"):
        return ""
    text = text.split("\n[\u2026]\n", 1)[0][:HEAD_CHARS]
    return text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))


def read_reply(reply: str | None) -> str | None:
    """What the opening of the agent's reply says about the message it answered: :data:`CONCEDED` (it apologises
    or owns a mistake), :data:`RIGHT` (it says the person is right, which concedes only after a complaint),
    :data:`SELF_FIX`, :data:`AGREED` or None."""
    text = head(reply)
    if not text.strip():
        return None
    readings: dict[str, re.Match[str]] = {}
    for pattern, reading in ((_APOLOGISES, CONCEDED), (_RIGHT, RIGHT)):
        found = _conceding(text) if reading == CONCEDED else needles.search(pattern, text)
        if reading == RIGHT and found and not _SENTENCE_OPENING.search(text[:found.start()]):
            found = None
        if found and not _CANNOT.search(text[max(0, found.start() - 10):found.end() + 120]):
            if reading == RIGHT and _WELCOMES.match(text):
                return AGREED
            readings[reading] = found
    right, conceded = readings.get(RIGHT), readings.get(CONCEDED)
    if right and conceded and right.start() < conceded.start() and _SENTENCE_END.search(text, right.end(), conceded.start()):
        # A reply that opens with a sentence of agreement ("おっしゃる通りです。", "You're right.") and apologises only in a
        # later one ("… 先ほどの代替案は的外れでした。すみません。") agrees: :data:`RIGHT`, a concession only after a complaint.
        # "Вы совершенно правы, прошу прощения" apologises in the same breath: conceded.
        return RIGHT
    if conceded or right:
        return CONCEDED if conceded else RIGHT
    if _RESTATES_WANT.search(text):
        return RESTATED
    owned = _OWNS_MISTAKE.search(text)
    if owned and not (_INVESTIGATES.match(text) and _SENTENCE_END.search(text, 0, owned.start())) and not _after_work(
            text, owned.start()):
        return SELF_FIX
    if _AGREES.match(text):
        return AGREED
    return None


THINKING_CHARS = 300  # characters of the agent's reasoning after a message that are read
OWNED = "owned"  # its reasoning says the person corrected it, is right, or that it got something wrong
ASKED = "asked"  # its reasoning opens by taking the message as a question

# The agent's reasoning paraphrases the message as a correction ("The user is correcting me", "The user is pointing
# out that I …", "The user is right", "Ah, the user corrected me"), a complaint or a bug report ("The user is
# complaining that …", "The user has identified 4 issues", "The user is getting an error") or owns a mistake ("I
# misunderstood", "I made a mistake", "I should have checked"; "even after my fix" with a fault: :func:`_owns_fault`).
# Agents reason in these words for everyone, whoever typed the message and in whatever language.
_OWNED = re.compile(
    r"\b(?:the\s+)?user(?:'s|\s+is|\s+has|\s+was)?\s+(?:(?:correct(?:ing|ed|s)\s+(?:me|my|our)\b|(?:is\s+)?point(?:ing|s|ed)\s+out\s+that\s+i\b|"
    r"(?:absolutely\s+|completely\s+|totally\s+|)right\b"
    r"(?!-|\s+(?:now|away|here|there|side|panel|column|click|to\s+(?:ask|want|wonder))))|(?:is\s+)?frustrated\s+(?:with|that|because)\s+(?:me|my|i)\b)"
    r"|\bi\s+(?:completely\s+|totally\s+)?(?:misunderstood|misread|misinterpreted|made\s+(?:a|an)\s+(?:mistake|error)|was\s+wrong|"
    r"got\s+(?:it|that|this)\s+wrong|should\s+have\s+(?:\w+ed|known|done|seen|kept|left|run|read|written|made|been|asked|"
    r"used|gone|taken|built|thought)|(?:shouldn't|should\s+not)\s+have\s+(?:\w+ed|known|done|seen|kept|left|"
    r"run|read|written|made|been|gone|taken|built))\b"
    r"|\bmy\s+(?:earlier|previous)\s+(?:statement|claim|answer|assessment|conclusion)\b[^.!?]{0,80}?\b(?:was|were)\s+"
    r"(?:premature|wrong|incorrect|mistaken)\b"
    # the person's complaint or bug report, as the agent restates it
    r"|\b(?:the\s+)?user(?:\s+is|\s+was)?\s+complain(?:ing|s)\b|\b(?:the\s+)?user\s+(?:has\s+)?expressed\s+(?:dissatisfaction|frustration)\b"
    r"|\b(?:the\s+)?user\s+(?:has\s+|is\s+)?(?:identified|found|reported|reporting|noticed|describing|flagged|spotted)\s+"
    r"(?:(?:a|an|two|three|four|several|some|\d+)\s+)?(?:\w+\s+)?(?:issues?|bugs?|problems?|regressions?)\b"
    r"(?!\s+(?:to|they\s+want\s+me\s+to|for\s+me\s+to)\s+(?:build|implement|add|create|develop|design|make|ship|support|include))"
    r"|\b(?:the\s+)?user\s+(?:is\s+)?(?:getting|seeing|hitting|encountering|experiencing)\s+(?:an?\s+|the\s+same\s+|another\s+)?"
    r"(?:\w+\s+)?(?:error|exception|crash|failure|bug)s?\b"
    r"|\bthe\s+user(?:'s)?\s+correction\b"
    # zh, ja, ko, es, pt, fr, de, ru
    r"|用户(?:指出|纠正|说得对|是对的)|用戶(?:指出|糾正|說得對|是對的)|我(?:理解错|搞错|误解|弄错)了?|我(?:理解錯|搞錯|誤解|弄錯)"
    r"|ユーザーの?(?:指摘|言う通り|おっしゃる通り)|ユーザーが正しい|私の(?:誤り|ミス|勘違い)|사용자(?:가|의)\s*(?:말이\s*)?(?:맞|지적)|제가\s*(?:잘못|착각)"
    r"|\bel\s+usuario\s+(?:tiene\s+raz[oó]n|me\s+(?:corrige|est[aá]\s+corrigiendo)|se[ñn]ala\s+que)|\bme\s+equivoqu[eé]\b"
    r"|\bo\s+usu[aá]rio\s+(?:tem\s+raz[aã]o|est[aá]\s+certo|est[aá]\s+me\s+corrigindo|me\s+corrigiu|apontou\s+que)|\beu\s+errei\b"
    r"|\bmesmo\s+ap[oó]s\s+a\s+corre[cç][aã]o|\bincluso\s+despu[eé]s\s+de\s+(?:mi|la|nuestra)\s+(?:correcci[oó]n|arreglo|cambio)"
    r"|\bl'utilisateur\s+(?:a\s+raison|me\s+corrige|souligne\s+que)|\bje\s+me\s+suis\s+tromp[ée]\b"
    r"|\bder\s+(?:benutzer|nutzer)\s+(?:hat\s+recht|korrigiert\s+mich)|\bich\s+habe\s+mich\s+geirrt\b"
    r"|пользователь\s+(?:прав|поправляет|указывает,?\s+что\s+я)|\bя\s+ошиб\w*", re.I)

# Forms that own a mistake only when their sentence names a fault, as the agent restates it: "The user is pointing out
# a missing import" (not "… pointing out a file they want me to look at"), "even after my fix the error is still
# there" (not "Even after the change, we need to run the migration"), "my change broke the CLI" (not "I need to make
# sure my edit doesn't break the CLI": an agent checking its own scope owns nothing).
_POINTED_OUT = re.compile(r"\b(?:the\s+)?user(?:\s+is|\s+has|\s+was)?\s+point(?:ing|s|ed)\s+out\s+(?:that\s+)?(?:an?|the|my|this|it)\b",
                          re.I)
_AFTER_CHANGE = re.compile(
    r"\b(?:even\s+)?(?:after|despite)\s+my\s+(?:previous\s+|earlier\s+|last\s+)?(?:fix|change|edit)e?s?\b"
    r"|\beven\s+(?:after|with)\s+(?:our|the)\s+(?:previous\s+|earlier\s+|last\s+)?(?:fix|change|correction)e?s?\b", re.I)
_CHANGE_FAILED = re.compile(
    r"\bmy\s+(?:previous\s+|earlier\s+|last\s+)?(?:fix|change|edit)(?:es|s)?\s+(?:(?:didn't|did\s+not|never)\s+(?:work|help|"
    r"fix|solve|resolve|take\s+effect|apply|stick)|broke|caused|introduced|was\s+(?:wrong|incomplete|not\s+enough))\b", re.I)
# the fault a sentence names (the form's own words excluded)
_FAULT = re.compile(
    r"\b(?:wrong|incorrect|mistak\w*|missing|missed|bugs?|buggy|broke|broken|break(?:s|ing)?|errors?|fail\w*|crash\w*|"
    r"still(?!\s+(?:pass|work|succeed|compile|build|run|load|render|behave)\w*)|"
    r"again|no\s+longer|never|not|issues?|problems?|regress\w*|typos?|oversight|forg[eo]t\w*|duplicat\w*|persist\w*|"
    r"same\s+(?:error|issue|problem|result|behaviou?r))\b|n't\b", re.I)
# an agent checking its own work before it says so: "make sure my change …", "verify that my fix …"
_CHECKS = re.compile(r"\b(?:make\s+sure|ensure|verify|check|confirm|test|whether|if|so\s+that)\b", re.I)
_CLAUSE_BREAK = re.compile(r"[,:(]|\b(?:because|since|as|but|and|so)\b(?!\s+that)", re.I)


def _sentence(text: str, start: int, end: int) -> tuple[str, str]:
    """The words of the sentence around ``text[start:end]`` before it and after it."""
    opening = max(text.rfind(mark, 0, start) for mark in (". ", "! ", "? ", "; "))
    closing = [i for i in (text.find(mark, end) for mark in (". ", "! ", "? ", "; ")) if i >= 0]
    return text[opening + 1 if opening >= 0 else 0:start], text[end:min(closing) if closing else len(text)]


def _names_fault(words: str) -> bool:
    """A clause of ``words`` names a fault, not as what a check looks for ("make sure nothing is broken")."""
    for clause in _CLAUSE_BREAK.split(words):
        fault = _FAULT.search(clause)
        if fault and not _CHECKS.search(clause[:fault.start()]):
            return True
    return False


def _owns_fault(text: str) -> bool:
    """One of the forms above, in a sentence that names a fault (and, for "my change …", is no check of it)."""
    for pattern in (_POINTED_OUT, _AFTER_CHANGE, _CHANGE_FAILED):
        for match in pattern.finditer(text):
            before, after = _sentence(text, match.start(), match.end())
            if pattern is _CHANGE_FAILED:
                if not _CHECKS.search(_CLAUSE_BREAK.split(before)[-1]):  # its own clause: "… because my change broke"
                    return True
            elif _names_fault(before) or _names_fault(after):
                return True
    return False


# The "the person is right" forms of _OWNED: alone, they may agree with a request ("The user is right that a settings
# page is missing"), so they weigh as a reply's "you're right" does (:data:`RIGHT`).
_RIGHT_FORM = re.compile(r"right\b|raz[oó]n|raz[aã]o|raison|recht|certo|прав|说得对|是对的|說得對|是對的|맞|正しい|言う通り|"
                         r"おっしゃる通り", re.I)

# The reasoning opens by taking the message as a question: "The user is asking whether …", "The user wants to know …".
_ASKED = re.compile(
    r"^\W*(?:[^:.!?\n]{1,60}:\s*)?(?:the\s+)?user\s+(?:is\s+)?(?:ask(?:s|ing)\s+(?:about|whether|if|how|why|what|which|where|when|"
    r"a\s+question|for\s+(?:an?\s+)?(?:explanation|clarification|opinion))|wants\s+to\s+(?:know|understand))\b", re.I)


def thinking_head(thinking: str | None) -> str:
    """The opening of the agent's reasoning that is read, one line ("" when none)."""
    if not isinstance(thinking, str):
        return ""
    return " ".join(thinking.split())[:THINKING_CHARS].translate(str.maketrans({"\u2019": "'", "\u2018": "'"}))


def read_thinking(thinking: str | None) -> str | None:
    """What the opening of the agent's reasoning after a message says about it: :data:`OWNED` (it paraphrases the
    message as a correction, a complaint or a bug report, or owns a mistake), :data:`RIGHT` (it only says the person
    is right), :data:`ASKED` (it opens by taking the message as a question) or None."""
    text = thinking_head(thinking)
    if not text:
        return None
    if _owns_fault(text):
        return OWNED
    found = [m.group(0) for m in _OWNED.finditer(text)]
    if found:
        return RIGHT if all(_RIGHT_FORM.search(f) for f in found) else OWNED
    if _ASKED.match(text):
        return ASKED
    return None


def quote(reply: str | None, limit: int = 50) -> str:
    """The reply's opening, one line, for a signal's reason."""
    one = " ".join(head(reply).split())
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


__all__ = ["AGREED", "ASKED", "CONCEDED", "HEAD_CHARS", "OWNED", "RESTATED", "RIGHT", "SELF_FIX", "THINKING_CHARS", "head", "quote",
           "read_reply", "read_thinking", "thinking_head"]
