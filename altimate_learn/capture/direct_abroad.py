"""The plain corrective forms in other languages (issue 20, cls34; review31 R31-8): "no, use X instead of Y", "not X but Y",
"don't X, use Y", "you should have X", "I had said X", "that's not at all what I asked", "still not working", in Spanish,
Portuguese, French, Italian, German, Russian, Chinese, Japanese, Korean and Hinglish (Hindi typed in Latin letters).

`capture/languages.py` reads "that's wrong", "you forgot", "still broken" in these languages; the forms below are the
ones a person uses to say *what to do instead*, which only the English tables read. Each is written from how the
language says it in general (its word for "instead of", its contrast "not X but Y", its counterfactual "you should have"),
not from a message of the corpus, and each is bound the way the English form is:

- "use X instead of Y" only when the clause opens with the verb of use said to the agent (its imperative), so a new
  request that mentions the word in passing ("crea un endpoint que use Redis en lugar de la base de datos": the clause
  opens with "create") is none; the reason is the English one (`cues.SOFT`), so it counts only in a short message or
  in a long one's opening clause, never in a reply to the agent's own question, a new piece of work or a question.
- "not X but Y" only with the language's word of contrast that needs the "not" ("sino", "sondern", "mas sim",
  "而是", "じゃなくて … ください"), never "not only … but also".
- "you should have" only in the counterfactual past ("deberías haber", "tu aurais dû", "du hättest … sollen",
  "тебе надо было", "本来应该", "べきだった", "했어야", "karna chahiye tha").
- "I had said" only in the pluperfect or with "already" / "clearly" ("j'avais précisé", "ya te lo había dicho",
  "ich hatte doch gesagt", "maine pehle bola tha"), never "I said that …" reporting speech to someone else.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

# The clause may open with a refusal ("no,", "non,", "nein,", "нет,", "不，", "いや、", "아니,", "nahi,") or a softener.
_OPENING = (r"^\W*(?:(?:no|n[aã]o|non|nein|нет|nope|nah|ok(?:ay)?|vale|bueno|pues|bon|alors|allora|also|ну|nahi+n?|nhi|"
            r"mejor|melhor|plut[oô]t|meglio|lieber|лучше|por\s+favor|porfa|s'il\s+te\s+pla[iî]t|bitte|per\s+favore|"
            r"пожалуйста)\b[,.!:;\s\u2013\u2014-]*)*")

# The imperative of "use" (and "put", "take") said to the agent, per language; never "switch to" / "change to" ("cambia a",
# "wechsle zu", "로 바꿔"): with "instead" after it that is as often a new request as a correction (as in English, whose
# "switch to X instead of Y" is no cue either).
_USE_ES = r"(?:usa|us[aá]|utiliza|utiliz[aá]|emplea|pon|hazlo\s+con|haz\s+(?:esto|eso)\s+con|tira\s+de)"
_USE_PT = r"(?:use|usa|utilize|utiliza|coloque|coloca|p[oõ]e|fa[cç]a\s+com)"
_USE_FR = r"(?:utilise|utilisez|prends|prenez|mets|mettez|emploie|employez|fais[\s-]le\s+avec)"
_USE_IT = r"(?:usa|utilizza|usate|utilizzate|metti|mettete|prendi|fallo\s+con)"
_USE_DE = (r"(?:nimm|nehmt|verwende|verwendet|benutze|benutz|benutzt|nutze|nutz|nutzt|setze?|mach\s+(?:es|das)\s+mit|"
           r"nehmen\s+sie|verwenden\s+sie|benutzen\s+sie)")
_USE_RU = (r"(?:используй|используйте|возьми|возьмите|поставь|поставьте|юзай|делай\s+через|"
           r"сделай\s+через|пиши\s+на)")
_INSTEAD_ES = r"(?:en\s+(?:lugar|vez)\s+de|y\s+no\s+(?:con\s+)?(?:el|la|los|las|un|una)?)"
_INSTEAD_PT = r"(?:em\s+vez\s+d[eoa]s?|ao\s+inv[eé]s\s+d[eoa]s?|no\s+lugar\s+d[eoa]s?|e\s+n[aã]o\s+(?:o|a|os|as|com)?)"
_INSTEAD_FR = r"(?:au\s+lieu\s+d(?:e|u|es|')|plut[oô]t\s+que|[aà]\s+la\s+place\s+d(?:e|u|es|')|et\s+(?:non|pas)\s+)"
_INSTEAD_IT = r"(?:invece\s+d(?:i|el|ella|ei|egli|ello|')|al\s+posto\s+d(?:i|el|ella|ei|egli|ello|')|anzich[eé]|e\s+non\s+)"
_INSTEAD_DE = r"(?:statt|anstatt|anstelle|an\s+stelle|und\s+nicht)"
_INSTEAD_RU = r"(?:вместо|а\s+не)"
_USE_INSTEAD = re.compile(
    _OPENING + r"(?:"
    + _USE_ES + r"\b[^?\n]{1,80}?\b" + _INSTEAD_ES + r"(?:\b|\s|$)"
    + r"|" + _USE_PT + r"\b[^?\n]{1,80}?\b" + _INSTEAD_PT + r"(?:\b|\s|$)"
    + r"|" + _USE_FR + r"\b[^?\n]{1,80}?\b" + _INSTEAD_FR
    + r"|" + _USE_IT + r"\b[^?\n]{1,80}?\b" + _INSTEAD_IT
    + r"|" + _USE_DE + r"\b[^?\n]{1,80}?\b" + _INSTEAD_DE + r"\b"
    + r"|" + _USE_RU + r"(?![\w-])[^?\n]{1,80}?(?<![\w-])" + _INSTEAD_RU + r"(?![\w-])"
    # "instead of Y, use X": the contrast first, the imperative after it
    + r"|(?:en\s+(?:lugar|vez)\s+de|em\s+vez\s+d[eoa]s?|ao\s+inv[eé]s\s+d[eoa]s?|au\s+lieu\s+d(?:e|u|es|')|invece\s+d[ie]|"
      r"(?:an)?statt|вместо)\b[^?\n]{1,60}?[,\s]\s*(?:" + "|".join((_USE_ES, _USE_PT, _USE_FR, _USE_IT, _USE_DE, _USE_RU))
    + r")(?![\w-])"
    + r")"
    # zh: "用 X 而不是 Y", "请用 X 代替 Y", "不要用 X，用 Y", "别用 X，改用 Y", "改用 X"
    r"|^\W*(?:请|请你|你)?(?:用|使用|改用)[^，。,.!?！？\n]{1,30}?(?:而不是|而非|代替|替代|来代替|来替代|取代)"
    r"|(?:^|[，,。\s])(?:不要|别|不用)(?:再)?(?:用|使用)[^，。,.!?！？\n]{1,30}?[，,]\s*(?:请)?(?:用|改用|使用|换成)"
    # ja: "Y ではなく X を使って", "Y じゃなくて X にして", "Y の代わりに X を使ってください"
    r"|(?<!だけ)(?<!ばかり)(?:ではなく|じゃなくて|じゃなく|の代わりに)[、,]?[^。！？!?\n]{1,40}?(?:を)?(?:使って|使用して|使いましょう|にして|で(?:お願い|書いて|やって))"
    # ko: "Y 말고 X 써", "Y 대신 X 사용해 주세요"
    r"|(?<!만\s)(?<!만)(?:말고|대신(?:에)?)\s*[^.!?\n]{1,30}?(?:써|써\s*줘|써\s*주세요|쓰세요|사용해|사용하세요|사용해\s*주세요)"
    # hi (Latin letters): "Y ki jagah X use karo", "Y ke bajaye X lagao"
    r"|\b(?:ki\s+jagah|ke\s+bajaye|ke\s+bajay|ki\s+bajaye|ke\s+badle)\b[^.?!\n]{1,60}?\b(?:use|istemaal|istemal|laga|lagao|daal|daalo|"
    r"dalo|rakh|rakho)\w*(?:\s+(?:karo|kar|kijiye|karna|karo\s+na))?\b", _I)

# "don't use X, use Y": a prohibition with the direction after it.
_DONT_THEN_USE = re.compile(
    r"^\W*(?:(?:no|n[aã]o|non|nein|нет)\b[,.!\s]*)?(?:"
    r"(?:no|nunca)\s+(?:uses|utilices|pongas|emplees)\b[^.?!\n]{1,50}?[,;]\s*(?:usa|utiliza|pon|mejor)\b"                       # es
    r"|n[aã]o\s+(?:use|usa|utilize|coloque|ponha)\b[^.?!\n]{1,50}?[,;]\s*(?:use|usa|utilize|coloque|melhor)\b"                     # pt
    r"|n'utilise\s+pas\b[^.?!\n]{1,50}?[,;]\s*(?:utilise|prends|mets|plut[oô]t)\b|ne\s+mets\s+pas\b[^.?!\n]{1,50}?[,;]\s*(?:mets|utilise)\b"  # fr
    r"|non\s+usare\b[^.?!\n]{1,50}?[,;]\s*(?:usa|utilizza|metti|meglio)\b"                                                          # it
    r"|(?:nimm|verwende|benutze|nutze)\s+(?:\w+\s+){0,3}?(?:nicht|kein\w*)\b[^.?!\n]{0,50}?[,;]\s*(?:sondern|nimm|verwende|benutze|nutze|lieber)\b"  # de
    r"|не\s+(?:используй|используйте|ставь|бери|юзай)(?![\w-])[^.?!\n]{1,50}?[,;]\s*(?:используй|используйте|ставь|бери|возьми|лучше)(?![\w-])"  # ru
    r")", _I)

# "not X but Y": the language's contrast that needs the "not". Never "not only … but also".
_NOT_BUT = re.compile(
    r"\bno\s+(?!s[oó]lo\b|solamente\b|[uú]nicamente\b|(?:lo\s+)?s[eé]\b|sab[ií]a\b)[^,.;?!\n]{1,40}?,?\s+sino\s+(?!tambi[eé]n\b|adem[aá]s\b)\w"                 # es
    r"|\bno\s+(?:es|era|son|eran)\s+(?!s[oó]lo\b|malo\b|mala\b|claro\b|perfecto\b|necesario\b|importante\b|urgente\b|problema\b|tan\b|muy\b|mucho\b|lo\s+mismo\b)[^,.;?!\n]{1,30}?,\s*(?:es|era|son|eran)\s+\w"  # es
    r"|\bn[aã]o\s+(?!s[oó]\b|somente\b|apenas\b)[^,.;?!\n]{1,40}?,?\s+(?:mas\s+sim|e\s+sim|sen[aã]o)\s+\w"                           # pt
    r"|\bn[aã]o\s+(?:[eé]|era|s[aã]o)\s+(?!s[oó]\b|necess[aá]rio\b|importante\b|urgente\b|problema\b|t[aã]o\b|muito\b)[^,.;?!\n]{1,30}?,\s*(?:[eé]|era|s[aã]o)\s+\w"  # pt
    r"|\bce\s+n'est\s+pas\s+(?!grave\b|mal\b|clair\b|faux\b|parfait\b|fini\b|pr[eê]t\b|urgent\b|important\b|n[eé]cessaire\b|la\s+peine\b|s[uû]r\b|seulement\b|que\b)[^,.;?!\n]{1,30}?,\s*(?:c'est|mais)\s+\w"  # fr
    r"|^\W*(?:non[,.!]?\s+)?pas\s+(?!de\s+souci|de\s+probl[eè]me|grave|mal|encore|maintenant|tout\s+de\s+suite|s[uû]r|besoin|la\s+peine)[^,.;?!\n]{1,30}?,\s*(?:mais\s+)?(?:le|la|les|l'|un|une|dans|en|sur|avec|c'est)\b"  # fr
    r"|\bnon\s+[eè]\s+(?!necessario\b|male\b|chiaro\b|perfetto\b|finito\b|pronto\b|importante\b|urgente\b|un\s+problema\b|grave\b|solo\b|tanto\b|molto\b)[^,.;?!\n]{1,30}?,\s*(?:[eè]|ma)\s+\w"  # it
    # "you should use X, not Y" with the verb of use or of duty before it: "du sollst pnpm benutzen, nicht npm", "usa pnpm, no
    # npm", "use pnpm, não npm", "usa pnpm, non npm", "utilise pnpm, pas npm"
    r"|\b(?:sollst|solltest|musst|benutze|benutz|nimm|verwende|nutze)\b[^?\n]{1,60}?,\s*nicht\s+(?!n[oö]tig\b|mehr\b|so\b|jetzt\b)\w"
    r"|\b(?:usa|utiliza|debes|deber[ií]as|tienes\s+que|hay\s+que)\b[^?\n]{1,60}?,\s*no\s+(?!funciona|sirve|anda|s[eé]\b|hace\s+falta|es\b)\w"
    r"|\b(?:use|usa|utilize|deve|deveria|tem\s+que)\b[^?\n]{1,60}?,\s*n[aã]o\s+(?!funciona|precisa|sei\b|[eé]\b)\w"
    r"|\b(?:usa|utilizza|devi|dovresti|bisogna)\b[^?\n]{1,60}?,\s*non\s+(?!funziona|serve|so\b|[eè]\b)\w"
    r"|\b(?:utilise|utilisez|dois|devrais|faut|prends|mets)\b[^?\n]{1,60}?,\s*(?:et\s+)?pas\s+(?!besoin|encore|maintenant|de\s+souci)\w"
    r"|\bnicht\s+(?!nur\b|bloß\b|blo[sß]\b|allein\b)[^.;?!\n]{1,40}?,?\s+sondern\s+(?!auch\b)\w"                                   # de
    # ru: "не X, а Y" opening the clause or after what asks for the thing ("это", "нужно", "хочу", an imperative); never a
    # verb said not to work with its "а" of "but" after it ("что-то не работает пароль, а он правильный")
    r"|(?:^\W*(?:нет[,.!]?\s+)?|(?<![\w-])(?:это|нужно|надо|нужен|нужна|должн\w*|хочу|хотел\w*|имел\w*\s+в\s+виду|[а-яё]+(?:йте|ите|ьте)|сделай|делай|используй|поставь|добавь|исправь|переделай|напиши|пиши|создай|верни|"
    r"оставь|положи|вынеси|перенеси|давай|храни|покажи|выведи|назови|измени|клади)\s+)"
    r"не\s+(?!только\b|знаю\b|уверен\w*\b|важно\b|срочно\b|обязательно\b|нужно\b|надо\b|понял\w*\b|[а-яё]+(?:ет|ит|ют|ут|ят|ешь|ишь|ется|ится|ются|ятся|ла|ли|ло)\b)"
    r"[^,.;?!\n]{1,30}?,\s*а\s+(?!также\b|ещё\b|еще\b|то\b|вот\b|так\b)[\w\"«`]"  # ru
    r"|(?<!是)(?<!还)(?<!就)(?<!可)不是(?!很|太|说|因为|所有|每个|我的错|你的错|问题)[^，。,.!?！？\n吗]{1,20}?[，,]?\s*(?:而)?是(?!不是)[^吗？?\n]{1,}$"  # zh
    r"|(?<!だけ)(?<!ばかり)(?:じゃなくて|ではなくて|ではなく|じゃなく)[、,]?[^。！？!?\n]{1,40}?(?:ください|して(?:ね|よ)?\s*[。！!]?\s*$|にして|でお願い|です(?:よ|ね)?\s*[。！!]?\s*$|だよ\s*[。！!]?\s*$)"  # ja
    r"|(?<!뿐만\s)(?<!뿐만)(?<!만\s)(?<!만)(?:말고|아니라|아니고)\s*[^.!?\n]{1,30}?(?:해\s*줘|해\s*주세요|하세요|이에요|예요|입니다|이야|야)\s*[.!]?\s*$"  # ko
    r"|\b(?:nahi+n?|nhi)\b[^.?!\n]{0,30}?\bbalki\b|\b(?:nahi+n?|nhi)\s*,\s*[^.?!\n]{1,30}?\bchahiye\b", _I)                     # hi

# "you should have …" in the counterfactual past.
_SHOULD_HAVE = re.compile(
    r"\b(?:deber[ií]as|tendr[ií]as\s+que|ten[ií]as\s+que|hubieras\s+debido)\s+(?:haber(?:lo|la|los|las)?|hab[eé]rmelo)\b"           # es
    r"|\b(?:voc[eê]\s+)?(?:deveria|devia|tinha\s+que|devias)\s+ter\s+\w"                                                           # pt
    r"|\b(?:tu\s+aurais|vous\s+auriez)\s+(?:d[uû]|pu)\b"                                                                             # fr
    r"|\b(?:avresti|avreste)\s+dovuto\b|\b(?:dovevi|dovevate)\s+(?:prima\s+)?\w+(?:are|ere|ire)\b"                                  # it
    r"|\b(?:du\s+h[aä]ttest|h[aä]ttest\s+du|sie\s+h[aä]tten)\b[^.?!\n]{0,60}?\b(?:sollen|m[uü]ssen)\b"                              # de
    r"|\b(?:тебе|вам)\s+(?:надо|нужно|следовало|стоило)\s+было\b|\bты\s+(?:должен|должна)\s+был\w*\b|\bнадо\s+было\s+(?:сразу\s+)?\w+"  # ru
    r"|本来(?:应该|就该|应当)|早(?:就)?(?:应该|该)(?!起|睡)|应该[^，。！？,!?\n]{1,20}才对"                                           # zh
    r"|べきでした|べきだった|(?:ておく|とく)べき"                                                                                    # ja
    r"|했어야\s*(?:지|죠|했|했는데|하는데|합니다|해요)?|했어야지"                                                                  # ko
    r"|\b(?:karna|hona|dena|lena|rakhna|banana|likhna|use\s+karna)\s+chahiye\s+th[aie]\b", _I)                                    # hi

# "I had said / as I already asked": the pluperfect, or "already" / "clearly" with the verb of saying.
_HAD_SAID = re.compile(
    r"\b(?:ya\s+)?(?:te\s+)?(?:lo\s+)?hab[ií]a\s+(?:dicho|pedido|especificado|aclarado|indicado|explicado|escrito)\b"              # es
    r"|\bya\s+(?:te\s+)?(?:lo\s+)?(?:dije|ped[ií]|especifiqu[eé]|expliqu[eé]|aclar[eé]|indiqu[eé])\b"
    r"|\b(?:dije|ped[ií]|especifiqu[eé])\s+(?:claramente|expl[ií]citamente|bien\s+claro)\b"
    r"|\beu\s+(?:j[aá]\s+)?(?:te\s+)?(?:tinha|havia)\s+(?:dito|pedido|falado|especificado|explicado)\b"                            # pt
    r"|\bj[aá]\s+(?:te\s+)?(?:disse|falei|pedi|expliquei|especifiquei)\b"
    r"|\bj'avais\s+(?:bien\s+|pourtant\s+|d[eé]j[aà]\s+|clairement\s+)?(?:dit|demand[eé]|pr[eé]cis[eé]|indiqu[eé]|expliqu[eé]|[eé]crit)\b"  # fr
    r"|\bj'ai\s+(?:bien|pourtant|d[eé]j[aà]|clairement)\s+(?:dit|demand[eé]|pr[eé]cis[eé]|indiqu[eé])\b|\bje\s+(?:te\s+)?l'ai\s+(?:d[eé]j[aà]\s+)?dit\b"
    r"|\b(?:ti\s+)?avevo\s+(?:gi[aà]\s+)?(?:detto|chiesto|specificato|scritto|spiegato)\b|\bte\s+l'ho\s+(?:gi[aà]\s+)?detto\b"      # it
    r"|\bho\s+(?:gi[aà]|chiaramente)\s+(?:detto|chiesto|specificato)\b"
    r"|\bich\s+hatte\s+(?:dir\s+|es\s+)?(?:doch\s+|schon\s+|bereits\s+|extra\s+|explizit\s+|ausdr[uü]cklich\s+)*(?:gesagt|geschrieben|gebeten|erw[aä]hnt)\b"  # de
    r"|\bhab(?:e)?\s+(?:ich\s+)?(?:dir\s+|es\s+)?doch\s+(?:schon\s+|extra\s+)?(?:gesagt|geschrieben)\b|\bich\s+sagte\s+(?:doch|bereits|schon)\b"
    r"|\bя\s+(?:ведь|уже|же)\s+(?:\w+\s+)?(?:просил|говорил|писал|объяснял|указывал)"                                             # ru
    r"|(?:お願い|指示|依頼)(?:した|しました)(?:よね|のに|でしょ|はず)|頼んだ(?:のに|よね|でしょ)"                                     # ja
    r"|(?:말했|얘기했|요청했|부탁했|말씀드렸)(?:는데|잖아요|잖아|었는데|었잖아)"                                                   # ko
    r"|\bmaine\s+(?:pehle\s+(?:hi\s+)?|already\s+|tumhe\s+|tujhe\s+|aapko\s+|tumko\s+|bhi\s+)*(?:bola|kaha|bataya|likha|mana\s+kiya)\s+th[aie]\b"  # hi
    r"|\bmaine\s+(?:tumhe\s+|tujhe\s+|aapko\s+|tumko\s+)?(?:bola|kaha)\s+na\b", _I)

# "that's not at all what I asked", "I never asked you to".
_NOT_ASKED = re.compile(
    r"\bno\s+es\s+(?:para\s+nada\s+|en\s+absoluto\s+|nada\s+)?lo\s+que\s+(?:te\s+|yo\s+)?(?:ped[ií]|quer[ií]a|dije|necesito|necesitaba)\b"  # es
    r"|\b(?:yo\s+)?no\s+te\s+(?:lo\s+)?ped[ií]\b|\bnadie\s+te\s+(?:lo\s+)?pidi[oó]\b|\bnunca\s+te\s+ped[ií]\b"
    r"|\bn[aã]o\s+(?:foi|[eé])\s+(?:nada\s+)?(?:disso\s+|isso\s+)?(?:o\s+)?que\s+eu\s+(?:pedi|queria|disse|falei)\b"               # pt
    r"|\beu\s+n[aã]o\s+(?:te\s+)?pedi\b|\bningu[eé]m\s+(?:te\s+)?pediu\b|\bnunca\s+(?:te\s+)?pedi\b"
    r"|\bce\s+n'est\s+(?:pas\s+du\s+tout|absolument\s+pas|vraiment\s+pas|pas\s+(?:vraiment|exactement))\s+ce\s+que\b"               # fr
    r"|\bje\s+(?:ne\s+)?(?:t'ai|vous\s+ai)\s+(?:jamais|pas)\s+demand[eé]\b|\bje\s+n'ai\s+(?:jamais|pas)\s+demand[eé]\b|\bpersonne\s+(?:ne\s+)?t'a\s+demand[eé]\b"
    r"|\bnon\s+[eè]\s+(?:affatto|per\s+niente|proprio)\s+(?:quello|ci[oò])\s+che\b|\bnon\s+ti\s+ho\s+(?:mai\s+)?chiesto\b|\bnessuno\s+ti\s+ha\s+chiesto\b"  # it
    r"|\bdas\s+ist\s+(?:gar|[uü]berhaupt|absolut)\s+nicht\s+(?:das,?\s+)?was\s+ich\b|\bich\s+habe?\s+(?:dich\s+)?(?:nie|nicht|niemals)\s+(?:darum\s+)?gebeten\b"  # de
    r"|\bhab(?:e)?\s+ich\s+(?:nie|nicht|niemals)\s+(?:gesagt|verlangt|gewollt)\b|\bniemand\s+hat\s+(?:dich\s+)?(?:darum\s+)?gebeten\b"
    r"|\bя\s+(?:не|никогда\s+не)\s+(?:просил|просила|говорил|говорила)\s+(?!бы\b)|\bникто\s+не\s+просил|\bэто\s+(?:совсем|вообще|абсолютно)\s+не\s+то\b"  # ru
    r"|(?:頼んで|お願いして|言って)(?:い)?(?:ない|ません)(?:よ|けど|のに|です)?\s*[。！!]?\s*$|そんなこと(?:は)?(?:言って|頼んで)(?:い)?ない"  # ja
    r"|요청(?:하지|한\s*적)\s*(?:않|없)|그런\s*(?:말|거)\s*(?:안\s*했|한\s*적\s*없)"                                                 # ko
    r"|\bmaine\s+(?:ye|yeh|aisa|esa|ye\s+sab)\s+(?:kab\s+)?(?:nahi+n?\s+|nhi\s+)?(?:bola|kaha|manga|maanga)\b|\bmaine\s+(?:kab|kahan)\s+(?:bola|kaha|manga)\b", _I)  # hi

# Hinglish: "ye galat hai", "tum bhool gaye", "abhi bhi kaam nahi kar raha" (the other languages' are in `languages.py`).
_WRONG_HI = re.compile(r"\b(?:ye|yeh|yah|ye\s+to|yeh\s+to|ye\s+sab|sab)\s+galat\s+(?:hai|h|he|ho\s+gaya|hua)\b|\bgalat\s+(?:kar\s+diya|kiya\s+(?:hai|h|tumne|aapne))\b"
                       r"|\b(?:tum|aap|tu|tumne|aapne)\s+(?:\w+\s+){0,3}?bh?ool\s+(?:gaye|gya|gaya|gye|gae)\b", _I)
_STILL_HI = re.compile(r"\b(?:abhi\s+bhi|ab\s+bhi|abhi\s+tak|ab\s+tak|phir\s+se|fir\s+se|firse|phirse)\b[^.?!\n]{0,30}?\b(?:nahi+n?|nhi)\s+"
                       r"(?:chal|ho|kar|dikh|aa|ban|khul|load|hua|hui|hue)\w*\b"
                       r"|\b(?:abhi\s+bhi|ab\s+bhi|phir\s+se|fir\s+se)\s+(?:wahi|vahi|same|wohi)\s+(?:error|issue|problem|dikkat|galti)\b"
                       r"|\b(?:theek|thik|fix|sahi)\s+(?:nahi+n?|nhi)\s+(?:hua|hui|hue)\b", _I)

# "no, <a direction>" (review34 R34-1): a refusal that opens the message, then what to do, as the English "no, use …"
# (`cues.REDIRECT_AFTER_NO`): "nein, nimm das logging-Modul", "non, utilise pnpm et pas npm", "нет, никогда не …, используй
# …", "不，用 logging", "いいえ、logging を使ってください", "아니요, … 써 주세요", "nahi, logging use karo". The refusal must
# stand alone before a mark ("no," / "nein!" / "不，"), so "no funciona" or "nein danke" is none of it; what follows must
# direct (the verb of doing or using said to the agent, never / always, should / must, "not X" in German and French, "instead",
# "only", "the other one"), and never only decline the agent's offer ("no, gracias", "nein, nicht nötig", "нет, не надо",
# "不用了", "いいえ、大丈夫です"). Its reason is soft (`cues.SOFT`): never in a reply to the agent's own question ("Should I
# also add tests?" "No, just the endpoint", `clause_rules`), a new request or deep in a long message.
REFUSED_AND_DIRECTED = "refused the result and said what to do instead"
_REFUSAL = (r"^\W*(?:(?:no+|n[aã]o|non|nein|nee|нет|не-а|nope|nah|nahi+n?|nhi)\s*(?:[,.!:;\u2013\u2014-]\s*)+"
            r"|(?:不是?|不对|いいえ|いや|違う|ちがう|아니(?:요|야|에요)?)\s*[,.!，、。！\s]\s*)")
_DECLINES = (r"(?:s[oó]lo\s+quer[ií]a|s[oó]\s+queria|je\s+voulais\s+(?:juste|seulement)|volevo\s+solo|ich\s+wollte\s+nur|я\s+просто|"
             r"我只是|只是(?:问|想)|(?:ちょっと)?(?:聞き|知り)たかった|"
             r"(?:ce\s+n'est\s+|c'est\s+)?pas\s+grave|(?:das\s+ist\s+|ist\s+)?nicht\s+(?:schlimm|so\s+wichtig|wichtig)|не\s+страшно|"
             r"ничего\s+страшного|не\s+важно|неважно|"
             r"gracias|no\s+hace\s+falta|no\s+es\s+necesario|est[aá]\s+bien|todo\s+bien|por\s+ahora|a[uú]n\s+no|todav[ií]a\s+no|"
             r"nada\s+m[aá]s|eso\s+es\s+todo|no\s+pasa\s+nada|tranquil\w*|de\s+nada|"
             r"obrigad\w*|n[aã]o\s+precisa|tudo\s+bem|est[aá]\s+bom|ainda\s+n[aã]o|por\s+enquanto|s[oó]\s+isso|sem\s+problema|"
             r"pas\s+besoin|merci|c'est\s+bon|[cç]a\s+va|pas\s+encore|pas\s+maintenant|c'est\s+tout|pas\s+de\s+(?:souci|probl[eè]me)|"
             r"t'inqui[eè]te|de\s+rien|"
             r"non\s+serve|non\s+c'[eè]\s+bisogno|grazie|va\s+bene|tutto\s+(?:ok|bene)|non\s+ancora|per\s+ora|[eè]\s+tutto|"
             r"nessun\s+problema|"
             r"nicht\s+n[oö]tig|danke|passt|alles\s+(?:gut|ok|klar)|schon\s+gut|noch\s+nicht|jetzt\s+nicht|das\s+war'?s|kein\s+problem|"
             r"keine\s+sorge|(?:ich\s+)?wei(?:ß|ss)\s+(?:ich\s+)?(?:es\s+)?nicht|je\s+(?:ne\s+)?sais\s+pas|no\s+s[eé]\b|n[aã]o\s+sei\b|non\s+(?:lo\s+)?so\b|no\s+lo\s+s[eé]\b|"
             r"не\s+надо|не\s+нужно|спасибо|вс[её]\s+(?:хорошо|ок|нормально)|нормально|пока\s+не|пока\s+нет|ещ[её]\s+нет|это\s+вс[её]|"
             r"без\s+проблем|не\s+волнуйся|не\s+знаю|не\s+уверен\w*|"
             r"不用|不需要|谢谢|没关系|没事|暂时|先不|还没|就这样|没问题|"
             r"大丈夫|結構|ありがとう|まだ|今は|以上|問題(?:ない|ありません)|"
             r"괜찮|됐어|감사|고마워|아직|지금은|"
             r"th[ie]e?k\s+hai|koi\s+baat\s+nahi|shukriya|thanks|abhi\s+nahi|bas\s+itna|(?:z|j)aroo?rat\s+nahi)")
_DIRECTS = (
    r"\b(?:usa|utiliza|pon|haz|hazlo|deja|quita|cambia|vuelve|revierte|mueve|borra|elimina|nunca|siempre|debes|deber[ií]as|tienes\s+que|"
    r"hay\s+que|en\s+(?:lugar|vez)\s+de|sino|solo|s[oó]lo|el\s+otro|la\s+otra|"                                                    # es
    r"use|coloque|fa[cç]a|deixe|tire|mude|volte|reverta|apague|remova|sempre|deve|deveria|tem\s+que|em\s+vez|s[oó]|o\s+outro|a\s+outra|"  # pt
    r"utilise|utilisez|mets|fais|laisse|enl[eè]ve|remets|annule|jamais|toujours|dois|devrais|faut|pas|plut[oô]t|au\s+lieu|"
    r"seulement|l'autre|"                                                                                                         # fr
    r"metti|fai|lascia|togli|rimetti|mai|sempre|devi|dovresti|bisogna|invece|l'altro|l'altra|"                                     # it
    r"nimm|verwende|benutze|nutze|mach|lass|entferne|[aä]nder\w*|setz\w*|nie|niemals|immer|sollst|sollte|muss|musst|nicht|kein\w*|"
    r"statt|anstatt|sondern|nur|andere\w*|"                                                                                        # de
    r"karo|kijiye|mat|hamesha|kabhi|sirf|dusra|doosra|chahiye|balki)\b"                                                            # hi
    r"|(?<![\w-])(?:используй\w*|возьми|сделай|делай|оставь|убери|верни|поменяй|перенеси|никогда|всегда|должен|должно|должна|нужно|"
    r"надо|не|вместо|только|друг\w+)(?![\w-])"                                                                                     # ru
    r"|用|改|别|不要|从不|永远|总是|应该|必须|只|另一个|而是|换"                                                                       # zh
    r"|使って|使いません|使わない|してください|して|しないで|ではなく|じゃなくて|べき|必ず|絶対|だけ|別の"                                # ja
    r"|써|사용|쓰지\s*않|해\s*주세요|하지\s*마|말고|아니라|항상|절대|다른")                                                                      # ko
_REFUSED_AND_DIRECTED = re.compile(_REFUSAL + r"(?![\s,.!:;]*" + _DECLINES + r")(?=[^\n]*?(?:" + _DIRECTS + r"))", _I)

CUES: list[tuple[re.Pattern[str], str]] = [
    (_NOT_ASKED, 'says "not what I asked"'),
    (_HAD_SAID, "repeated an earlier instruction"),
    (_WRONG_HI, 'says "that\'s wrong"'),
    (_USE_INSTEAD, 'says "use X instead of Y"'),
    (_DONT_THEN_USE, 'says "use X instead of Y"'),
    (_NOT_BUT, 'says "X, not Y"'),
    (_REFUSED_AND_DIRECTED, REFUSED_AND_DIRECTED),
    (_SHOULD_HAVE, "stated what the result should have been"),
]

PERSISTS: list[tuple[re.Pattern[str], str]] = [
    (_STILL_HI, "said the result is still broken"),
]

# A message that opens new work with the bare imperative of making or adding ("Agrega una página de perfil. Usa Tailwind
# en lugar de CSS.", "Erstelle einen Endpoint …", "Создай страницу …", "新建一个页面…", "ログイン画面を作成して"): the
# English `classifier._TASK_OPENING` has "add …", "create …"; `languages.TASK_OPENING` only "now add …". A rule inside
# such a message is a requirement of the new work. Never a fault said after the verb's object ("crea un test, el login
# no funciona" still reports: the words of a fault, as the English ``_PIECE_FAULT``, keep it a reaction).
_THANKS_OK = (r"(?:ok(?:ay)?|vale|bien|perfecto|genial|gracias|perfeito|[oó]timo|obrigad[oa]|beleza|parfait|merci|super|"
              r"g[eé]nial|perfetto|grazie|ottimo|danke|perfekt|gut|prima|ок(?:ей)?|отлично|спасибо|хорошо|супер|"
              r"好的?|谢谢|很好|不错|ありがとう(?:ございます)?|はい|いいね|좋아요|좋아|감사합니다|고마워)")
NEW_WORK = re.compile(
    r"^\W*(?:" + _THANKS_OK + r"[,.!！。、，\s]+)*(?:(?:por\s+favor|porfa|s'il\s+te\s+pla[iî]t|bitte|per\s+favore|пожалуйста|请|麻烦)[,\s]*)?"
    r"(?:(?:crea|cre[aá]|agrega|agreg[aá]|a[nñ]ade|implementa|construye|genera|escribe|desarrolla|configura|dise[nñ]a|prepara|"   # es
    r"crie|adicione|adiciona|implemente|construa|gere|escreva|desenvolva|configure|prepare|"                                        # pt
    r"cr[eé]e|cr[eé]ez|ajoute|ajoutez|impl[eé]mente|impl[eé]mentez|construis|g[eé]n[eè]re|[eé]cris|d[eé]veloppe|configurez|pr[eé]pare|"  # fr
    r"aggiungi|implementa|costruisci|genera|scrivi|sviluppa|configura|prepara|"                                                     # it
    r"erstelle|erstell|f[uü]ge|implementiere|baue|bau|generiere|schreibe|schreib|entwickle|konfiguriere|lege|"                     # de
    r"создай|создайте|добавь|добавьте|реализуй|реализуйте|напиши|напишите|построй|сгенерируй|разработай|настрой|подготовь)"       # ru
    r"(?![\w-])(?![^.!?\n]{0,60}?(?:\bno\s+(?:funciona|anda|sirve)|\bn[aã]o\s+funciona|\bne\s+marche|\bfunktioniert\s+nicht|"
    r"\bnon\s+funziona|не\s+работает|\berror|\berro\b|\berreur|\bfehler|\berrore|ошибк))"
    r"|(?:帮我|给我|请你)?(?:创建|新建|添加|新增|实现|开发|生成|搭建|设计)(?:一个|一下|个)?(?![^。！？!?\n]{0,30}?(?:报错|错误|不行|失败|不能|无法))"  # zh
    r"|[^。！？!?\n]{1,40}?を(?:作成|追加|実装|作って|新規作成)(?:して)?(?:ください|下さい|ほしい|お願い)"                               # ja
    r"|[^.!?\n]{1,40}?(?:을|를)\s*(?:만들어|추가해|구현해|생성해)\s*(?:줘|주세요|봐)"                                               # ko
    r")", _I)
