"""Correction cues in the languages people most often type to coding agents besides English.

People correct agents in their own language: "sigue sin funcionar", "还是报错", "funktioniert immer noch nicht",
"hala çalışmıyor". The English cue tables (`capture/cues.py`) see none of it, so a session in Spanish or
Chinese gives no signal at all. These tables hold the common, unambiguous forms only, in Spanish, Portuguese,
French, German, Italian, Russian, Turkish, Polish, Czech, Chinese, Japanese and Korean, grouped like the
English ones and read the same way by the classifier:

- ``CHALLENGES``: questions that challenge what the agent did ("¿por qué borraste…?", "为什么你把…").
- ``CUES``: statements: "that's wrong", "not what I asked", "I told you", "you forgot".
- ``PERSISTS``: the attempt changed nothing or the problem is still there ("sigue igual", "还是不行").
- ``BROKEN``: the result does not work or shows an error; like the English ones, these count only after an
  answer in which the agent said it did something.

Prohibitions ("no uses…", "不要…") are left out on purpose: in a new request they constrain the new work,
and the English rules that tell a request from a reaction (`_tasking`, the opening verbs) are English.
An error talked about ("manejo de errores", "错误处理", "Fehlerbehandlung") is not a report (``ERROR_TALK``).
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

from altimate_learn.capture import needles

_I = re.I

CHALLENGES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(
        r"\bpor\s*qu[eé]\s+(?:(?:lo|la|los|las|me|se|te)\s+)?(?:hiciste|borraste|cambiaste|eliminaste|quitaste|pusiste|"
        r"agregaste|a[nñ]adiste|modificaste|usaste|rompiste|tocaste|has\s+\w+)\b"                       # es
        r"|\bpor\s*que\s+(?:voc[eê]\s+)?(?:fez|apagou|mudou|removeu|alterou|usou|quebrou|colocou|adicionou)\b"  # pt
        r"|\bpourquoi\s+(?:(?:tu\s+)?as[\s-]tu|tu\s+as|vous\s+avez|avez[\s-]vous)\b"                    # fr
        r"|\bwarum\s+hast\s+du\b|\bwieso\s+hast\s+du\b"                                                 # de
        r"|\bperch[eé]\s+(?:hai|avete)\s+\w+"                                                            # it
        r"|(?:почему|зачем)\s+ты\s+\w+|ты\s+зациклился"                                                                  # ru
        r"|\bneden\s+\w*(?:dın|din|dun|dün|tın|tin|tun|tün)\b"                                           # tr
        r"|\bdlaczego\s+(?:to\s+)?\w+(?:łeś|łaś)\b|\bproč\s+jsi\b"                                       # pl, cs
        # 为什么要… asks why the agent did it ("但是为什么要删", "这里为什么要改"), unless a library or tool named in Latin
        # letters is its subject ("react 为什么要合并优先级": why does React merge priorities asks how that thing works)
        r"|(?<![A-Za-z0-9_]\s)(?<![A-Za-z0-9_])(?:为什么|为啥)(?:你|要)?(?:要|把|删|改|又|还|没|不(?!试试|妨|如|考虑|尝试))|(?:为什么|为啥)你|你(?:为什么|为啥)"
        r"|怎么又|怎么还"                                                                                 # zh (为啥: spoken)
        # なんで/なぜ/どうして about the agent's own act or choice ("なんでuv使わないんですか": why don't you use uv)
        r"|(?:なぜ|なんで|どうして).{0,20}(?:した|消した|変えた|使わない|使ってない|使った|入れた|追加した|作った)(?:の|ん)"  # ja
        # 왜 + the agent's act, done ("지웠어") or under way and asked about ("DB를 지금 왜 만들어?"), not "왜 … 만들어야 하는지"
        r"|왜\s*.{0,20}(?:했어|했나요|했죠|바꿨|지웠|만들었|넣었|추가했|삭제했|사용했|(?:만들어|넣어|추가해|삭제해)(?:요)?\s*[?？])"  # ko
        r"|چرا\s.{0,30}(?:کردی|دادی|برداشتی|نوشتی|گذاشتی|زدی|ساختی)(?=[\s؟?!.]|$)", _I),                # fa
     "asks why the agent did it"),
]

CUES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(
        r"\b(?:eso|esto)\s+(?:est[aá]|es)\s+(?:mal|incorrecto)\b|\bno\s+es\s+(?:lo\s+que\s+(?:te\s+)?(?:ped[ií]|quer[ií]a|dije))\b"
        r"|\b(?:isso|isto)\s+(?:est[aá]|t[aá])\s+errado\b|\bn[aã]o\s+[eé]\s+(?:isso\s+)?o\s+que\s+eu\s+(?:pedi|queria|disse)\b"
        r"|\bc'est\s+(?:faux|incorrect)\b|\bce\s+n'est\s+pas\s+ce\s+que\s+(?:j'ai|je\s+voulais)\b"
        r"|\b(?:das|es)\s+ist\s+(?:falsch|nicht\s+richtig)\b|\bdas\s+ist\s+nicht\s+(?:das,?\s+)?was\s+ich\b"
        r"|\b(?:[eè]|e')\s+sbagliat[oa]\b|\bnon\s+[eè]\s+(?:quello|ci[oò])\s+che\s+(?:ho\s+chiesto|volevo|intendevo)\b"
        r"|это\s+неправильно|\bне\s+то,?\s+что\s+я\s+(?:просил|хотел|имел)"
        r"|\bbu\s+yanlış\b|\byanlış\s+(?:yaptın|anladın|olmuş)|\bbunu\s+(?:demedim|istemedim)\b"
        r"|\bto\s+(?:je\s+)?špatně\b|\bto\s+nie\s+(?:jest\s+)?to,?\s+o\s+co\b|\bźle\s+(?:zrobiłeś|to\s+zrobiłeś)"
        r"|(?:(?<!对)不对(?!称)|(?<![报出])错了)(?![^。！!？?；]{0,16}(?:现在|已经|刚刚)[^。！!？?；]{0,6}(?:正确|对了|好了|改好|改了|修好|修改))"
        # 不对 / 错了, but not 对不对 (a question), 不对称 (asymmetric), 不报错了 ("no error now": 报错 is "to error"), nor a
        # mistake of the person's own they say is fixed
        # ("刚才URL设置错了，现在是正确的")
        r"|(?:不是我要的|不是我想要的|理解错了|搞错了|弄错了)"
        r"|(?:(?<!と)違います|間違って(?:いる|います|る)|そうじゃない)|(?:틀렸|잘못\s*(?:됐|되었|했))", _I),
     'says "that\'s wrong"'),
    (re.compile(
        r"\b(?:ya\s+)?te\s+(?:lo\s+)?(?:dije|ped[ií])\b|\bcomo\s+(?:te\s+)?(?:dije|ped[ií])\b"
        r"|\beu\s+(?:j[aá]\s+)?(?:te\s+)?(?:disse|falei|pedi)\s+(?:que|para|pra)\b|\bcomo\s+eu\s+(?:disse|falei|pedi)\b"
        r"|\bje\s+(?:t'ai|vous\s+ai)\s+(?:d[eé]j[aà]\s+)?(?:dit|demand[eé])\b|\bcomme\s+je\s+(?:l'ai\s+|te\s+l'ai\s+)?(?:dit|demand[eé])\b"
        r"|\bich\s+habe\s+(?:dir\s+)?(?:doch\s+|schon\s+|bereits\s+)?(?:gesagt|geschrieben|gebeten)\b|\bwie\s+(?:ich\s+)?(?:schon\s+|bereits\s+)?gesagt\b"
        r"|\bti\s+(?:ho|avevo)\s+(?:gi[aà]\s+)?(?:detto|chiesto)\b|\bcome\s+(?:ti\s+)?(?:ho|avevo)\s+detto\b"
        r"|\bя\s+(?:же\s+)?(?:тебе\s+)?(?:уже\s+)?(?:сказал|просил|говорил|писал)"
        r"|\b(?:sana\s+)?(?:söyledim|dedim)\b|\bpsałem\b|\bříkal\s+jsem\b"
        r"|我(?:已经|刚才|之前|不是)?(?:说过|说了|告诉过你|让你|叫你|要你)|我说的|我的意思是"
        r"|(?:言った|言いました)(?:よね|でしょ|のに)|말했잖아", _I),
     "repeated an earlier instruction"),
    (re.compile(
        r"\b(?:te\s+)?olvidaste\b|\b(?:voc[eê]\s+)?esqueceu\b|\b(?:tu\s+as|vous\s+avez)\s+oubli[eé]\b|\bdu\s+hast\s+\w*\s*vergessen\b"
        r"|\bhai\s+dimenticato\b|\bты\s+забыл|\bunuttun\b|\bzapomniałeś\b|\bzapomněl\s+jsi\b"
        r"|你(?:忘了|漏了|忘记了)|忘れて(?:いる|います|る)|잊었", _I),
     'says "you forgot…"'),
    (re.compile(
        r"\bhaz(?:lo)?\s+t[uú]\b|\bhac[eé]lo\s+vos\b|\bfa[cç]a\s+voc[eê]\b|\bfais[\s-]le\s+toi[\s-]m[eê]me\b"
        r"|\bmach\s+(?:es|das)\s+selbst\b|\bfallo\s+tu\b|\bсделай\s+сам|\bkendin\s+yap\b"
        r"|\b(?:darte|te\s+doy|te\s+di)\s+(?:el\s+)?permiso\s+para\b|\bte\s+dou\s+permiss[aã]o\b"
        r"|你(?:直接|自己)(?:检查|修改|改|做|运行|执行|处理|修)|直接帮我(?:运行|执行|跑|改|修改|处理|做|修|启动)", _I),
     "told the agent to act instead of describing"),
]

# (cls38) Japanese "違うって …" (I'm telling you it's not that) at the opening, and "想定と違う" / "イメージと違う" (not what
# I had in mind); never a case or an input that differs ("想定と違う入力の場合は…", "違うってこと？").
CUES += [
    (re.compile(r"^\W*違うって(?!こと|いう|言う|[?？])|(?:想定|イメージ|期待)(?:と|していたのと|したのと)違(?:う|います|った|いました)"
                r"(?!\s*(?:場合|時|とき|入力|値|もの|データ|ケース|なら|ら))", _I),
     'says "that\'s wrong"'),
]

# (cls38) A prohibition said to the agent in Russian and Korean: "тебе не нужно ничего менять", "не надо трогать
# конфиг" (at the start of a clause or after тебе/вам: "пользователю не нужно ничего менять" and "если не нужно …" are
# none) and "… 한정하지 말고", "삭제하지 마세요" (don't …). Never "мне не нужно" (the person's own need) or a bare "не надо"
# declining an offer (no verb after it).
CUES += [
    (re.compile(
        r"(?:(?:^|[,.;:!?\n]\s*)|(?<![\w-])(?:тебе|вам)\s+)не\s+(?:нужно|надо|стоит)\s+(?:ничего\s+|это\s+|его\s+|их\s+|больше\s+)?"
        r"(?:менять|поменять|изменять|трогать|удалять|переписывать|добавлять|создавать|делать|исправлять|коммитить|пушить|"
        r"запускать|устанавливать|переименовывать|использовать)(?![\w-])"
        r"(?![^.!?\n]{0,40}(?:вс[её]\s+(?:уже\s+)?(?:работает|хорошо|отлично|нормально|ок)|и\s+так\s+(?:работает|хорошо)))"
        r"|(?:사용하|추가하|삭제하|변경하|수정하|만들|건드리|바꾸|넣|한정하|지우|설치하|커밋하|푸시하)지\s*"
        r"(?:마(?:세요|요|라|십시오)?(?=\s*[.!。,]|\s*$)|말고|말아\s*(?:줘|주세요|요))", _I),
     "prohibited an action"),
]

# (cls39, review38 R38-10, review39 R39-10) "We use pnpm here" and "we don't use axios here" in Chinese, Portuguese and
# Spanish, the twins of the English convention: "这个项目用pnpm", "我们(这里)用pnpm", "não usamos console.log aqui", "aquí no
# usamos axios". "We / this project use <a tool named in Latin letters>" ends its clause ("我们用pnpm安装依赖后报错了"
# reports an error; "我们用Vue吗？" asks). A soft reason (`cues.SOFT`): never in a reply to the agent's own question, a new
# piece of work or deep in a long message.
CUES += [
    (re.compile(r"\bn[aã]o\s+usamos\s+[\w.@/-]|\bno\s+usamos\s+[\w.@/-]", _I), "stated a team convention"),
    (re.compile(r"(?:^|[，,。；;！!\s])\s*(?:我们|咱们|这个项目|本项目|项目)(?:这里|这边|项目里?|团队|公司|组里|里)?\s*"
                r"(?:都|一直|只|统一|向来|一般|平时)?\s*(?:用|使用)(?:的是)?\s*[A-Za-z][A-Za-z0-9_.+@/-]*\s*(?:[，,。！!；;]|$)"),
     "stated a team convention"),
]

# (cls39) A ban on using a tool said as the whole message, in Chinese, Portuguese, Japanese and German: "别用npm", "不要再改这
# 个文件", "não use console.log", "print を使わないでください", "npm は使わないで、pnpm を使って", "nicht npm verwenden", "benutz
# kein print". The twins of "don't use npm" (`classifier.classify_text` reads it after the clause rules, never in a reply to
# the agent's question or a new piece of work). Only the whole message: on the real held-out split (session #21, look 2,
# counts only) the same bans read in any clause were 1 right and 3 false ("别急", "别担心" name no act on the work).
BARE_BAN = re.compile(
    r"^\W*(?:(?:以后|今后|千万|请你?|也|就|还是|所以)\s*)*(?:别|不要|不准|不许|禁止)\s*(?:再|随便|乱)?\s*"
    r"(?:用|使用|改|修改|动|碰|删|删除|提交|推送|加|添加|写|装|安装|硬编码|引入|升级|降级|重命名|覆盖)[^，,。！!？?；;\n]{0,30}[。！!.]?\s*$"
    r"|^\W*(?:(?:por\s+favor|pfv)[,\s]+)?n[aã]o\s+(?:use|utilize|usar|utilizar)\s+[\w.@/()-]+(?:\s+[\w.@/()-]+){0,3}"
    # ... and what the team uses instead: "não use console.log, usamos o logger do projeto" (review39 R39-10, cls40)
    r"(?:\s*[,;.]\s*(?:(?:aqui|n[oó]s)\s+)?(?:usamos|utilizamos|use|usa|utilize)\s+[^.!?\n]{1,40}?)?\s*[.!]?\s*$"
    r"|^[^。！!？?\n、]{1,30}(?:を|は)\s*(?:使わないで|使用しないで)(?:ください|下さい|ね|よ)?(?:[、,，]\s*[^。！!？?\n]{1,30}を?\s*使って(?:ください|下さい)?)?\s*[。！!.]?\s*$"
    r"|^\W*(?:bitte\s+)?nicht\s+[\w.@/-]+\s+(?:verwenden|benutzen|nutzen)\b[^.!?\n]{0,40}[.!]?\s*$"
    r"|^\W*(?:benutz|benutze|verwende|nutze|nimm)\s+(?:bitte\s+)?kein(?:e|en)?\s+[\w.@/()-]+[^.!?\n]{0,40}[.!]?\s*$", _I)

# "また print 使ってる。このリポジトリでは logging を使って": what the agent used again, then what this repository uses
# (review39 R39-10, cls40). Both halves: "また" alone is also "also", and the convention alone is a request.
AGAIN_AGAINST_CONVENTION = re.compile(
    r"^\W*また\s*[^。！!？?\n]{1,30}?を?\s*使(?:って|い)(?:る|いる|います|ますね|るね|るよ|てる)?\s*[。！!、,，]\s*"
    r"[^。！!？?\n]{0,20}?(?:では|じゃ)\s*[^。！!？?\n]{1,30}?を?\s*使(?:って|う|います|ってる|ってます)(?:ください|下さい|ね|よ)?\s*[。！!.]?\s*$")

PERSISTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(
        r"\bsigue\s+(?:sin\s+funcionar|igual|fallando|dando\s+(?:el\s+|un\s+)?error|sin\s+\w+|mal|el\s+mismo)\b"
        r"|\b(?:todav[ií]a|a[uú]n)\s+no\s+(?:funciona|anda|sirve|carga|aparece|cambia)\b|\bel\s+mismo\s+error\b"
        r"|\bno\s+(?:ha\s+)?cambi[oó]\s+nada\b|\bnada\s+(?:ha\s+)?cambi[oó]\b"
        r"|\bcontinua\s+(?:sem\s+funcionar|igual|dando\s+erro|com\s+(?:o\s+mesmo\s+)?erro|errado)\b|\bainda\s+n[aã]o\s+(?:funciona|deu)\b"
        r"|\bo\s+mesmo\s+erro\b|\bnada\s+mudou\b|\bn[aã]o\s+mudou\s+nada\b"
        r"|\b(?:ne|n')\s*(?:marche|fonctionne)\s+toujours\s+pas\b|\btoujours\s+(?:pas|la\s+m[eê]me\s+erreur|le\s+m[eê]me)\b"
        r"|\brien\s+n'a\s+chang[eé]\b|\baucun\s+changement\b"
        r"|\b(?:immer\s+noch|noch\s+immer|weiterhin)\s+(?:nicht|kaputt|falsch|der\s+gleiche|derselbe|dasselbe|gleich|fehler)\b"
        r"|\bnichts\s+(?:hat\s+sich\s+)?ge[aä]ndert\b|\bkeine\s+(?:ver)?[aä]nderung\b"
        r"|\bancora\s+non\s+(?:funziona|va)\b|\bcontinua\s+a\s+(?:non|dare)\b|\bstesso\s+errore\b|\bnon\s+[eè]\s+cambiato\s+niente\b"
        r"|\bnon\s+cambia\s+nulla\b|\bnessun\s+cambiamento\b"
        r"|(?:вс[её]\s+ещ[её]|по-прежнему|до\s+сих\s+пор|опять|снова)\s+(?:не\s+\w+|ошибк\w*|то\s+же)|ничего\s+не\s+изменилось|та\s+же\s+ошибка"
        r"|\b(?:hala|hâlâ|halen)\s+(?:aynı|hata|sorun)|\b(?:hala|hâlâ|halen)\s+(?:\w+\s+){0,4}?\w+m[ıiuü]yor\w*|\bhiçbir\s+şey\s+değişmedi\b|\bdüzelmedi\b"
        r"|\b(?:nadal|dalej|wciąż)\s+nie\s+\w+|\bnic\s+się\s+nie\s+zmieniło\b|\b(?:pořád|stále|furt)\s+(?:nic|nefunguje|stejn\w+|to\s+samé)\b"
        r"|(?:还是|仍然|依然|依旧|还)(?:不行|不对|没有?(?:变化|反应|效果|用)|有问题|报错|出错|一样|不能|无法|打不开|是空的|不显示|没显示|失败|崩溃|闪退|白屏|卡住)"
        r"|没有?(?:任何)?(?:变化|改变|效果|反应|生效)|一样的(?:错误|问题)|同样的(?:错误|问题)"
        r"|\bv[aẫ]n\s+(?:c[oò]n\s+)?(?:l[oỗ]i|b[iị]\s+l[oỗ]i|hi[eệ]n|kh[oô]ng)\b|\bkh[oô]ng\s+c[oó]\s+t[aá]c\s+d[uụ]ng\b"   # vi
        r"|まだ(?:動かない|動きません|エラー|直って)|何も変わ(?:らない|っていない|りません)|(?:아직도|여전히)\s*(?:안|오류|에러)", _I),
     "said the result is still broken"),
]

# (cls38) The changes were not made or applied, in Portuguese ("o que aconteceu que as alterações não foram feitas?", a real
# dev miss), Spanish, French, German and Italian, as the English "the changes were not applied" (`cues.PERSISTS`); never a
# condition before it ("se as alterações não foram feitas, …", "si los cambios no se aplicaron, …"); only after an answer
# that claimed the work (a list of BROKEN).
BROKEN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(
        r"\bno\s+(?:me\s+)?(?:funciona|anda|sirve|carga|compila|arranca|abre|aparece|muestra)\b"
        r"|\bn[aã]o\s+(?:est[aá]\s+)?(?:funciona(?:ndo)?|carrega|compila|abre|aparece|deu\s+certo)\b"
        r"|\bno\s+se\s+(?:ha|han)\s+(?:lanzado|abierto|ejecutado|iniciado|creado|guardado|cargado|actualizado|aplicado|"
        r"instalado|compilado|generado|mostrado)\b|\b(?:no|tampoco)\s+(?:has|haz)\s+(?:creado|hecho|guardado|actualizado|cambiado|"
        r"a[nñ]adido|agregado|generado|arreglado|corregido)\b"
        r"|^\W*(?:pero\s+|y\s+|a[uú]n\s+)?no\s+hay\s+(?!problema|prisa|de\s+qu[eé]|nada\s+m[aá]s|m[aá]s\b|cambios?\s+pendientes)\w+"
        r"|\b(?:ne|n')\s*(?:marche|fonctionne|compile|d[eé]marre|s'affiche(?:nt)?|s'ouvre(?:nt)?|se\s+lance(?:nt)?)\s+(?:pas|plus)\b"
        r"|\b[cç]a\s+plante\b"
        r"|\b(?:funktioniert|geht|klappt|l[aä]uft|startet|kompiliert|l[aä]dt)\s+(?:\w+\s+)?nicht\b"
        r"|\bnon\s+(?:funziona|va|parte|compila|carica|si\s+apre)\b"
        r"|\bне\s+(?:работа[ею]т|запускается|компилируется|открывается|загружа[ею]тся|отобража[ею]тся|показыва[ею]т|"
        r"сохраня[ею]тся|сохраня[ею]т|переносится|видн[оаы]?|виден|появля[ею]тся|применя[ею]тся|обновля[ею]тся|"
        r"реагиру[ею]т|срабатыва[ею]т|працює|запускається)"
        r"|\bничего\s+не\s+(?:сохраняется|происходит|появляется|отображается|работает|меняется|изменилось)"
        r"|^\W*(?:но\s+|а\s+|увы\W+)?нет\s+(?:никак\w+|ни|не)\s+\w+"
        r"|\b(?:çalışmıyor|açılmıyor|olmadı|olmuyor|çöktü|çöküyor|gözükmüyor|görünmüyor)\b"
        r"|\bnie\s+(?:działa|uruchamia|kompiluje|ładuje)\b|\bnefunguje\b"
        r"|\bkh[oô]ng\s+(?:ho[aạ]t\s+[dđ][oộ]ng|ch[aạ]y|hi[eể]n\s+th[iị]|chuy[eể]n|t[oồ]n\s+t[aạ]i|[dđ][uư][oợ]c)\b|\bb[aá]o\s+l[oỗ]i\b|\bb[iị]\s+l[oỗ]i\b"  # vi
        r"|(?:不(?:工作|能用|起作用|生效|显示)|不行了?|打不开|跑不起来|启动不了|没(?:有)?办法|没法|无法(?:打开|运行|启动|使用|访问|加载|编译|显示)|没(?:有)?反应|崩溃|闪退)"
        r"|(?:動かない|動きません|動作しない|表示されない|起動しない)|(?:안\s*(?:돼|됨|됩니다)|작동하지\s*않|실행되지\s*않)"
        # zh: a step that failed, things not seen or usable, a stuck or blank screen, garbled text (not "失败的情况" /
        # "失败时": handling a failure is a request); ja: not reflected, unchanged, failed, blank
        r"|(?:运行|编译|启动|安装|构建|打包|部署|登录|登陆|加载|请求|连接|上传|下载|保存|执行|测试|提交|推送)失败(?!的情况|时|后|处理|重试|的话)"
        r"|(?:看不到|看不见|找不到|显示不出来?|加载不出来?|用不了|点不了|点不动|点击没(?:有)?反应|卡住了|卡死|白屏|黑屏|一片空白|乱码|不正确|没变化?|没有变)"
        r"|(?:反映されない|変わらない|見えない|開かない|真っ白|失敗(?:しました|する|した))"
        # ja (cls38): what the work should have brought is not there, said as a plain ending ("これらが実装されていません。",
        # "番号が表示されていない"), and nothing comes back or happens ("何も返ってこないんだけど"); never a noun it qualifies
        # ("実装されていない機能を追加して"), a case ("表示されていない場合は…"), a question ("…されていませんか") or a
        # condition before it ("エラーがなければ何も表示されない")
        r"|(?<!まだ)(?:表示|実装|反映|保存|更新|適用|追加|作成|登録|削除|変更|修正)されて(?:いません(?!\s*(?:か|[?？]))(?![^\n]{0,30}(?:来週|後で|あとで|予定|これから|今度|明日|正常|仕様))|い?ない"
        r"(?=\s*(?:[。！!、,.]|よ|ね|んだ|んです|けど|です|$))(?![^\n]{0,30}(?:来週|後で|あとで|予定|これから|今度|明日|正常|仕様)))"
        r"|(?<!ないと)(?<!なければ)(?<!ないと、)(?<!なければ、)何も(?:返って|帰って|出て)(?:こない|こなかった|きません)"
        r"(?!\s*(?:か|[?？]|場合|とき|時|なら|ように|の))(?![^\n]{0,30}(?:正常|仕様|予定|来週|後で|あとで))"
        r"|(?<!ないと)(?<!なければ)(?<!ないと、)(?<!なければ、)何も(?:起き|起こら|表示され|変わら)(?:ない|ません|なかった)"
        r"(?!\s*(?:か|[?？]|場合|とき|時|なら|ように|の))(?![^\n]{0,30}(?:正常|仕様|予定|来週|後で|あとで))"
        # ja: an action that cannot be done ("ログインできません", "保存できない"); never a question ("…できませんか"), a
        # requirement ("ログインできないときは…", "…できない場合"), a rule ("ログインしないと表示できません") or the reason for a
        # request ("このファイルは削除できませんので、残しておいてください", review24 R24-4)
        r"|(?<!ないと)(?<!なければ)(?:ログイン|サインイン|保存|起動|実行|接続|アクセス|インストール|ビルド|コンパイル|再生|読み込み|"
        r"クリック|送信|ダウンロード|アップロード|表示|選択|入力|編集|削除|登録)(?:が|も)?(?:でき|出来)(?:ない|ません|なく)"
        r"(?!\s*[か?？]|とき|時|場合|ように|なら|ければ|ので|から)", _I),
     "said the result does not work"),
    (re.compile(
        r"\b(?:me\s+)?(?:da|d[aá]|sale|aparece|tira|salta|lanza|muestra)\s+(?:un|el|este|otro|una|la)?\s*(?:error|excepci[oó]n)\b"
        r"|\btengo\s+(?:un|el|este|otro)\s+error\b"
        r"|\b(?:d[aá]|deu|aparece|apareceu)\s+(?:um\s+|o\s+|esse\s+|este\s+)?erro\b|\bestou\s+(?:recebendo|tendo)\s+(?:um\s+|o\s+|esse\s+)?erro\b"
        r"|\b(?:j'ai|il\s+y\s+a|on\s+a)\s+(?:une|cette|encore\s+une|toujours\s+une)\s+erreur\b"
        r"|\b(?:ich\s+)?(?:bekomme|kriege|erhalte)\s+(?:\w+\s+)?(?:fehler|fehlermeldung)\b|\bes\s+gibt\s+(?:einen|den)\s+fehler\b"
        r"|\b(?:mi\s+)?(?:da|d[aà]|esce|appare|compare)\s+(?:un\s+|l'|questo\s+|lo\s+stesso\s+)?errore\b|\bho\s+(?:un|questo)\s+errore\b"
        r"|(?:выда[её]т|появляется|вылетает|получаю|выходит)\s+(?:\w+\s+)?ошибк"
        r"|(?:видає|з'являється|вилітає|отримую|виникає)\s+(?:\w+\s+)?помилк"                           # uk
        r"|(?:много|куча|полно|дофига|багато|купа|повно|дофіга)\s+(?:\w+\s+)?(?:ошибок|помилок)"
        r"|\bhata\s+(?:veriyor|alıyorum|aldım|var|çıkıyor|verdi)\b|\bhataları?\s+düzelt"
        r"|\b(?:dostaję|wyskakuje)\s+(?:\w+\s+)?błąd|\b(?:hází|vyhazuje)\s+(?:\w+\s+)?chyb"
        r"|\b(?:jest|są|mam|widzę|zwraca|pojawia\s+się|wywala)\s+(?:\w+\s+)?(?:błąd|błędy|błędów|bła)"
        r"|\b(?:il\s+y\s+a|j'ai|je\s+vois)\s+(?:un|des|plusieurs|encore\s+(?:un|des))\s+(?:probl[eè]mes?|bugs?|soucis)\b"
        r"|^\W*plusieurs\s+probl[eè]mes\b"
        r"|(?:报错|出错|报了?(?:一个)?错|(?:出现|有|遇到)(?:了)?(?:一个|以下|这个|如下)?(?:错误|异常)(?!处理|提示|信息|日志|码))"
        r"|エラー(?:が出|になり|になる|が発生)|(?:에러|오류)(?:가|이)?\s*(?:나|발생|떠)", _I),
     "reported an error after the agent's change"),
]

_CHANGES_NOT_THERE = [
    (re.compile(
        r"(?<!\bse\s)(?<!\bsi\s)(?<!\bcaso\s)\b(?:as|os|suas|tuas|las|los|tus|sus|les|tes|vos|le|i|le|die|deine|gli)\s+"
        r"(?:altera[cç][oõ]es|mudan[cç]as|modifica[cç][oõ]es|corre[cç][oõ]es|cambios|modificaciones|correcciones|modifications|"
        r"changements|corrections|[äa]nderungen|modifiche|correzioni)\s+"
        r"(?:n[aã]o\s+(?:foram|est[aã]o|ficaram)\s+(?:feitas|feitos|aplicadas|aplicados|salvas|salvos|refletidas|gravadas)"
        r"|no\s+se\s+(?:han\s+)?(?:aplicado|aplicaron|guardado|guardaron|hecho|hicieron|reflejado|reflejaron)"
        r"|n'ont\s+pas\s+[eé]t[eé]\s+(?:faites|appliqu[eé]es|enregistr[eé]es|prises\s+en\s+compte)"
        r"|(?:wurden|sind)\s+nicht\s+(?:[uü]bernommen|gespeichert|angewendet|angewandt|gemacht|umgesetzt)"
        r"|non\s+sono\s+state\s+(?:applicate|salvate|fatte))\b", _I),
     "said the change is not there"),
]

BROKEN += _CHANGES_NOT_THERE

# (cls45, issue 20) after done work, the general forms `cues.NOT_SEEN` and the blank or inert result in the other languages,
# written from the languages (not from dev messages) and measured at first sight on owner folds its author did not read:
# the person does not see what the agent made ("no veo el botón", "não vejo nenhuma mudança", "je ne vois rien", "ich sehe
# den Button nicht", "non vedo il pulsante", "не вижу кнопку", "nie widzę przycisku"), never what they cannot see the sense
# of ("no veo por qué", "je ne vois pas pourquoi", "ich sehe kein Problem"); the page left blank ("la página sale en blanco",
# "a tela fica em branco", "la page est blanche"); the thing does nothing ("le bouton ne fait rien", "o botão não faz
# nada", "der Button macht nichts"); "está mal" / "está errado" / "está quebrado" said of the result alone.
BROKEN += [
    (re.compile(
        r"\bno\s+(?:veo|vemos|se\s+ve[n]?)\s+(?!por\s*qu[eé]|c[oó]mo|el\s+(?:sentido|problema|motivo|punto)|ning[uú]n\s+(?:problema|sentido|motivo|error|fallo)|errores?)"
        r"(?:el|la|los|las|ning[uú]n[ao]?|nada|tu|tus|su|sus|mis?|ese|esa|este|esta)\b"
        r"|\bn[aã]o\s+(?:vejo|vemos|estou\s+vendo|t[oô]\s+vendo|consigo\s+ver)\s+(?!porqu[eê]|por\s*qu[eê]|como|o\s+(?:sentido|problema|motivo)|nenhum\s+(?:problema|sentido|motivo|erro)|erros?)"
        r"(?:o|a|os|as|nenhum[a]?|nada|seu|sua|seus|suas|esse|essa|este|esta)\b"
        r"|\bje\s+ne\s+(?:vois|trouve)\s+(?!pas\s+(?:pourquoi|comment|le\s+(?:probl[eè]me|souci|sens|int[eé]r[eê]t)|l'int[eé]r[eê]t|o[uù]\s+est\s+le\s+probl)"
        r"|aucun[e]?\s+(?:probl[eè]me|souci|int[eé]r[eê]t|erreur|bug)|(?:pas|plus)\s+d'erreur)(?:rien|pas|plus|aucun[e]?)\b"
        r"|\bich\s+sehe\s+(?!(?:\w+\s+){0,3}?(?:warum|wieso|weshalb|wie|problem|sinn|grund|fehler\w*)\b)(?:\w+\s+){0,3}?(?:nicht|nichts|keine?[nm]?)\b"
        r"|\bnon\s+vedo\s+(?!perch[eé]|come|il\s+(?:senso|problema|motivo)|nessun\s+(?:problema|senso|motivo|errore))(?:il|la|i|le|lo|gli|nessun[ao]?|niente|nulla)\b"
        r"|\bне\s+вижу\s+(?!смысла|проблем|причин|почему|зачем|как\b|ошиб)"
        r"|\bnie\s+widz[eę]\s+(?!sensu|problemu|powodu|dlaczego|czemu|jak\b|b[lł][eę]d)", _I),
     "said the change is not there"),
    (re.compile(
        r"\b(?:p[aá]gina|pantalla|tela|page|[eé]cran|seite|bildschirm|schermo|pagina)\s+(?:se\s+queda\s+|queda\s+|sale\s+|est[aá]\s+|fica\s+|"
        r"ficou\s+|est\s+|reste\s+|ist\s+|bleibt\s+|[eè]\s+|resta\s+)?(?:toda\s+|toute\s+|completamente\s+|tutta\s+|komplett\s+|ganz\s+)?"
        r"(?:en\s+blanco|em\s+branco|blanche|vide|vac[ií]a|vazia|leer|wei[sß]|bianca|vuota)\b"
        r"|\b(?:ne\s+fait|ne\s+font|n'a\s+rien\s+fait)\s*rien\b|\bne\s+fai(?:t|ent)\s+rien\b"
        r"|\bn[aã]o\s+(?:faz|fazem|fez|acontece|aconteceu)\s+nada\b"
        r"|\b(?:macht|machen|passiert|tut)\s+(?:\w+\s+)?(?:gar\s+)?nichts\b"
        r"|\bnon\s+(?:fa|fanno|succede|[eè]\s+successo)\s+(?:niente|nulla)\b", _I),
     "said the result does not work"),
    (re.compile(r"^\W*(?:pero\s+|mas\s+|ahora\s+|agora\s+|a[uú]n\s+|ainda\s+|todav[ií]a\s+)?(?:est[aá]|t[aá]|sigue|continua)\s+"
                r"(?:todo\s+|tudo\s+|muy\s+|bem\s+|bien\s+)?(?:mal|errad[oa]|quebrad[oa]|rot[oa])\W*$", _I),
     "said the result is not right yet"),
    (re.compile(r"\b(?:est[aá]|t[aá]|continua|segue)\s+(?:me\s+)?dando\s+(?:um\s+|o\s+|esse\s+|este\s+|outro\s+)?erro\b", _I),
     "reported an error after the agent's change"),
]


# -- Fourth pass (issue 20, item 2): the families the English tables have, in the other languages -----------------
# Written from the forms themselves (no dev message was read for them), measured on every dev fold at first sight.

# "you didn't …", "not like that", "undo it", "again the same …", "it broke …": statements, no context needed.
CUES += [
    (re.compile(
        r"\bno\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:hiciste|has\s+hecho|cambiaste|has\s+cambiado|actualizaste|has\s+actualizado|"
        r"guardaste|arreglaste|has\s+arreglado|corregiste|has\s+corregido|seguiste|le[ií]ste|entendiste)\b"                # es
        r"|\bvoc[eê]\s+n[aã]o\s+(?:fez|alterou|mudou|atualizou|corrigiu|salvou|criou|seguiu|leu|entendeu|removeu)\b"          # pt
        r"|\b(?:tu\s+n'as|vous\s+n'avez)\s+(?:pas|rien|toujours\s+pas)\s+(?:\w+\s+)?(?:fait|chang[eé]|modifi[eé]|corrig[eé]|"
        r"mis|ajout[eé]|suivi|compris|lu|enlev[eé]|supprim[eé])\b"                                                          # fr
        r"|\bdu\s+hast\s+(?:[\w-]+\s+){0,4}?(?:nicht|nichts|keine?n?)\s+(?:\w+\s+){0,2}?(?:gemacht|ge[aä]ndert|beachtet|befolgt|"
        r"gelesen|verstanden|entfernt|angepasst|aktualisiert|hinzugef[uü]gt|umgesetzt)\b"                                   # de
        r"|\bты\s+(?:так\s+и\s+)?не\s+(?:сделал|исправил|поменял|изменил|добавил|обновил|удалил|понял|учёл|учел|прочитал|"
        r"посмотрел|проверил)"                                                                                              # ru
        r"|你(?:根本|并|还|都)?没(?:有)?(?:改|修改|修复|更新|添加|删除|按照|按|理解|做|运行|执行|检查|实现|保存|看|写|加|处理|提交|测试)(?!错|过吗|吗)(?![^，,。！？!?\n]{0,12}(?:也?没关系|没事|不要紧|我来))"
        r"|没(?:有)?按(?:照)?(?:我|要求)|不是让你|我(?:没有?|并没有?)(?:让|叫|要)你|谁让你"                                  # zh
        r"|(?:直って|変わって|反映されて|修正されて)(?:い)?(?:ない|ません)|言ったのに|って言った(?:よね|でしょ|じゃん)"        # ja
        r"|(?:수정|변경|반영|적용)(?:이|가)?\s*안\s*(?:됐|되었|되어|돼)|하지\s*말라고|안\s*바뀌", _I),                        # ko
     'says "you didn\'t…"'),
    (re.compile(
        r"^\W*(?:no,?\s+)?as[ií]\s+no\b|\bno\s+(?:es|era)\s+as[ií]\b|\bno\s+era\s+eso\b"                                     # es
        r"|\bn[aã]o\s+(?:[eé]|era)\s+(?:bem\s+)?(?:assim|isso)\b"                                                            # pt
        r"|\bpas\s+comme\s+[cç]a\b|\b(?:c'est|ce\s+n'est)\s+pas\s+(?:[cç]a|bon|correct|juste)\b"                            # fr
        r"|^\W*(?:nein,?\s+)?(?:nicht\s+so|so\s+nicht)\b(?!\s+(?:wichtig|schlimm|gut|schnell|viel|oft))"                     # de
        r"|^\W*(?:нет,?\s+)?не\s+(?:так|то)\b(?!\s+(?:чтобы|уж|много|важно|сложно|быстро))|\bэто\s+не\s+то\b"                # ru
        r"|不是这样|不是这个意思|(?:这|那)(?:个|样)?(?:是)?错(?:的|了)"                                                      # zh
        r"|そうじゃなくて|(?:これ|それ)じゃない"                                                                            # ja
        r"|그게\s*아니|이게\s*아니", _I),                                                                                    # ko
     'says "that\'s wrong"'),
    (re.compile(
        r"\b(?:deshaz|deshacer|revierte|revertir|vuelve(?:lo)?\s+(?:a\s+como\s+estaba|atr[aá]s|al\s+anterior))\b"           # es
        r"|\b(?:desfa[zç]a?|reverte|reverta|volta\s+(?:como\s+estava|ao\s+que\s+era|atr[aá]s))\b"                            # pt
        r"|\b(?:reviens\s+en\s+arri[eè]re|remets\s+(?:comme\s+avant|l'ancien|ce\s+qu'il\s+y\s+avait)|annule\s+(?:tes|les|ce|cette)\s+"
        r"(?:modifications?|changements?))\b"                                                                                # fr
        r"|\br[uü]ckg[aä]ngig\b|\bzur[uü]cksetzen\b"                                                                          # de
        r"|(?:верни|вернуть|откати|откатить)\s+(?:\w+\s+)?(?:как\s+было|обратно|назад|изменения)"                             # ru
        r"|(?:撤销|回滚|还原)(?:到|这|刚才|你的|之前|上一步|修改|更改|改动|一下)|改回(?:来|去|原来)|恢复(?:原样|原来|到之前|之前)"  # zh
        r"|元に戻して|戻してください"                                                                                        # ja
        r"|되돌려|원래대로", _I),                                                                                            # ko
     "asked to revert the agent's change"),
    (re.compile(
        r"\b(?:rompiste|has\s+roto)\b|\bvoc[eê]\s+quebrou\b|\btu\s+as\s+cass[eé]\b|\bdu\s+hast\s+(?:\w+\s+)?kaputt\s*gemacht\b"
        r"|\bты\s+(?:всё\s+|все\s+)?сломал|(?:你)?(?:改|弄|搞)(?:坏|错|乱)了|壊した|망가뜨", _I),
     "said the agent broke something"),
]

# Insults and swearing aimed at the result (the English "wtf", "ffs" of `cues.CUES`), and "you were told".
CUES += [
    (re.compile(
        r"\b(?:блять|бля|нахуй|нахрена|нахера|хуйня|хуйню|пиздец|ебуч\w*|долбо[её]б\w*|тупица|придурок|уродец|идиот|дебил|"
        r"кретин)\b"                                                                                                       # ru
        r"|\b(?:joder|mierda|idiota|in[uú]til)\b|\b(?:putain|merde|bordel)\b|\b(?:schei(?:ß|ss)e|verdammt)\b"                  # es, fr, de
        r"|\b(?:porra|caralho)\b|傻逼|妈的|他妈|废物|蠢货|クソ|くそっ|씨발|시발|병신", _I),                                   # pt, zh, ja, ko
     "expressed frustration with the result"),
    (re.compile(r"\bтебе\s+(?:же\s+)?(?:уже\s+)?(?:сказали|говорили|писали|объясняли)|\b(?:сказал|говорил|просил)\s+же\b", _I),
     "repeated an earlier instruction"),
]

# "again the same error", "it didn't help", "the problem is still there".
PERSISTS += [
    (re.compile(
        r"\botra\s+vez\s+(?:el\s+mismo|la\s+misma|lo\s+mismo|error)\b|\bsigue\s+(?:apareciendo|saliendo|mostrando|pasando)\b"    # es
        r"|\bno\s+(?:ha\s+)?(?:funcion[oó]|sirvi[oó]|ayud[oó]|cambi[oó])\b"
        r"|\bde\s+novo\s+(?:o\s+mesmo|a\s+mesma|erro)\b|\bcontinua\s+(?:aparecendo|mostrando|acontecendo)\b"                      # pt
        r"|\bn[aã]o\s+(?:funcionou|resolveu|adiantou|mudou)\b"
        r"|\bencore\s+(?:une|la\s+m[eê]me|le\s+m[eê]me)\s+(?:erreur|probl[eè]me|bug)\b|\b[cç]a\s+n'a\s+(?:rien\s+chang[eé]|pas\s+"
        r"(?:march[eé]|fonctionn[eé]|aid[eé]|r[eé]gl[eé]))\b|\b(?:il\s+y\s+a|j'ai)\s+toujours\s+(?:l'|la\s+m[eê]me|le\s+m[eê]me|une|un|des)\b"  # fr
        r"|\b(?:schon\s+)?wieder\s+(?:der|den|das|die)\s+(?:gleiche|selbe)\w*\b|\bhat\s+(?:leider\s+)?nicht\s+(?:funktioniert|geklappt|"
        r"geholfen)\b|\b(?:ist|sind|kommt|gibt\s+es)\s+(?:immer\s+noch|noch\s+immer|weiterhin)\b"                                  # de
        r"|\bне\s+(?:помогло|сработало|получилось|исправил\w*|изменил(?:ся|ась|ось|ись)|поменял(?:ся|ась|ось|ись)|заработало)|(?:всё|все)\s+равно\s+(?:не\s+\w+|ошибк\w*|"
        r"то\s+же|так\s+же)|так\s+и\s+не\s+\w+"                                                                                  # ru
        r"|问题(?:依旧|依然|还在|没有?解决)|没(?:有)?(?:修复|解决|改好|修好)|又(?:报错|出错|错了|不行|坏了|是这样)|还是(?:会|显示|出现|老样子|原来的|之前的)"  # zh
        r"|また(?:エラー|同じ(?![^、。！？!?\s]{1,12}?を[^、。！？!?]{0,10}?(?:ください|お願い|ほしい|欲しい|予定|つもり|ので|行う|行い|します)))|(?:同じ|一緒)(?:エラー|結果|問題)|(?:変わりません|変わってない|変わっていない)|直りません"           # ja
        r"|또\s*(?:에러|오류|안)|그대로(?:네요|예요|야|입니다|인데|에요)|똑같(?:아|은|네)", _I),                                   # ko
     "said the result is still broken"),
]

# "Still crashes / freezes" with the crash verb, as the English "still crashing" (`cues.PERSISTS`): the tables above
# had only "still not <verb>" and "still an error", so "Es stürzt immer noch ab" and "вход всё ещё падает" passed.
# Each language's "still" next to its verbs of a crash or a hang (German separable "stürzt … ab" either side of it;
# "hängt … ab" is "depends on", so German hangs as "hängt sich auf", "friert ein" or a bare "hängt immer noch"). Never
# (review25 R25-1): a figure that falls ("курс всё ещё падает", "el precio sigue cayendo", "Der Traffic stürzt immer noch
# ab": "падает" / "cae" / "caindo" are plain "falls", a crash only of software, Spanish only reflexive, "se cae"), French
# "toujours" as "always" of a behaviour meant so ("le CI bloque toujours le merge, c'est la règle"), a crash said gone
# ("stürzt nicht mehr ständig ab", "больше не падает постоянно") or a question asked of the agent ("Stürzt es immer noch
# ab? Bei mir läuft es jetzt"; a why-question still counts).
_STILL_DE = r"(?:immer\s+noch|noch\s+immer|weiterhin|schon\s+wieder|st[äa]ndig)"
_CRASH_DE = r"(?:st[üu]rzt|crasht|schmiert|friert|h[äa]ngt\s+sich)"
_STILL_RU = r"(?:вс[её]\s+ещ[её]|по-прежнему|до\s+сих\s+пор|опять|снова|постоянно)"
_CRASH_RU = (r"(?:пада[ею]т|крашит(?:ся)?|вылета[ею]т|зависа[ею]т|висн[еу]т|виснет|глюч[иа]т|сбоит|ломается|"
             r"выкидывает|выбивает|тормозит)")
_FIGURES = (r"(?:курс\w*|трафик\w*|цен[аы]|конверси\w*|продаж\w*|выручк\w*|метрик\w*|графи\w*|рейтинг\w*|акци[ия]|"
            r"числ[оа]|количеств\w*|дол[яи]|процент\w*|уровень|показател\w*|регистрац\w*|прибыл\w*|доход\w*|ctr|kpis?|"
            r"retenci[oó]n|retention|churn|ingresos|registros|usuarios\s+activos|reten[cç][aã]o|receitas?|"
            r"precio|precios|tr[aá]fico|conversi[oó]n|ventas|bolsa|acciones|m[eé]tricas?|pre[cç]o|vendas|a[cç][oõ]es|receita|"
            r"kurs|traffic|umsatz|preis|preise|zahlen|aktien?|conversion|prix|ventes|bourse|prezzo|vendite|borsa)")
_GONE_OR_ASKED = (r"nicht\s+mehr|kein(?:e|en)?\s+(?:absturz|abst[üu]rze)|больше\s+не|уже\s+не|ya\s+no|j[aá]\s+n[aã]o|"
                  r"n[aã]o\s+\w+\s+mais|\bne\s+\w+\s+plus|n'\w+\s+plus|non\s+\w+\s+pi[uù]|c'est\s+(?:voulu|normal|la\s+r[eè]gle|pr[ée]vu)")
_WHY_ABROAD = r"^\W*(?:warum|wieso|weshalb|почему|зачем|por\s*qu[eé]|pourquoi|perch[eé]|por\s+que)\b"
# ... and a figure whose fall the message asks to be analysed ("LTV до сих пор падает, посчитай по когортам", "el NPS sigue
# cayéndose, prepara un informe", "die Nutzerzahl stürzt immer noch ab, zieh mal die Daten"): new work on the numbers, as
# "…, so search for …" is after a recalled fact (review25 on R25-1). Only in a clause of its own after the report ("die App
# stürzt immer noch ab, wenn ich den Bericht öffne" is the app crashing).
_ANALYSED = (r"посчита\w*|построй|отч[её]т\w*|когорт\w*|дашборд\w*|график\w*|аналитик\w*|informe|reporte|dashboard|cohortes?|"
             r"analiza\w*|gr[aá]fic\w*|an[aá]lisis|relat[oó]rio|an[aá]lise|daten|analytics|bericht|kohorte\w*|rapport|"
             r"analyse\w*|tableau\s+de\s+bord|reports?|charts?|cohorts?|metrics?|kpis?")
# ... or a period to look at, set against another or as a window ("выгрузи данные за месяц", "compara con el mes pasado",
# "vergleich mit dem Vormonat", "по неделям"): a shape of analysis in any wording, where the word list above is not
# (cls26; review25 left "DAU всё ещё падает, выгрузи данные за месяц" firing). A crash seen at some time ("…, lo vi la
# semana pasada") names no window.
_PERIOD = (r"(?:за|по|с|со|против|vs\.?|versus|con|contra|frente\s+a|al|im\s+vergleich\s+(?:zu|zum|zur)|gegen(?:über)?|mit|"
           r"par\s+rapport\s+(?:à|a|au)|avec|com|rispetto\s+(?:a|al|alla)|con|for|over|than|per)\s+"
           r"(?:the\s+|el\s+|la\s+|los\s+|las\s+|le\s+|les\s+|o\s+|a\s+|os\s+|il\s+|den\s+|dem\s+|der\s+|l'|last\s+|previous\s+|"
           r"прошл\w+\s+|последн\w+\s+|últimos?\s+|letzte[nm]?\s+|derniers?\s+|ultimi\s+|\d+\s+)?"
           r"(?:месяц\w*|недел\w+|год\w*|квартал\w*|дн(?:ям|и|ей)|мес(?:\b|es\b)|semanas?|años?|trimestres?|d[ií]as|"
           r"vormonat|vorwoche|vorjahr|monat\w*|woche\w*|jahr\w*|quartal\w*|tage[n]?|mois|semaines?|ann[ée]es?|jours|"
           r"m[eê]s(?:es)?|anos?|dias|mese|mesi|settiman[ae]|anno|anni|giorni|months?|weeks?|quarters?|years?|days)\b")
PERSISTS += [
    (re.compile(
        r"^(?![^.!?\n]*\b(?:" + _GONE_OR_ASKED + r"))(?![^.!?\n]*\b" + _FIGURES + r"\b)(?![^\n]*[,;:](?!\s*(?:wenn|когда|при|cuando|quand|quando|when|if|als)\b)[^,;:\n]{0,40}?(?:\b(?:" + _ANALYSED + r")\b|(?<!\w)" + _PERIOD + r"))(?!(?!" + _WHY_ABROAD + r")[^\n]*[?\uff1f]\s*$)"
        r"[^\n]*?(?:"
        r"\b" + _CRASH_DE + r"\b[^.!?,;\n]{0,30}?\b" + _STILL_DE + r"\b|\b" + _STILL_DE + r"\b[^.!?,;\n]{0,30}?"
        r"(?:\b" + _CRASH_DE + r"\b|\babst[üu]rz\w*|\bAbsturz\b|\bcrash\w*)"
        r"|\bh[äa]ngt\s+(?:immer\s+noch|noch\s+immer|weiterhin)\b(?!\s+(?:davon|von|an|ab|zusammen|mit)\b)"         # de
        r"|" + _CRASH_RU + r"[^.!?,;\n]{0,20}?" + _STILL_RU + r"(?![\w-])|" + _STILL_RU + r"\s+(?:[\w-]+\s+){0,2}?" + _CRASH_RU +  # ru
        r"|\b(?:todav[ií]a|a[uú]n|sigue)\s+(?:se\s+(?:cae|cuelga|congela|rompe)|crashea|colg[aá]ndose|cay[eé]ndose|"
        r"congel[aá]ndose|crasheando)\b"
        r"|\bse\s+sigue\s+(?:cayendo|colgando|rompiendo|congelando)\b|\bsigue\s+crasheando\b"                        # es
        r"|\b(?:ainda|continua)\s+(?:est[aá]\s+)?(?:travando|crashando|quebrando|fechando\s+sozinho|trava|crasha)\b"   # pt
        r"|\b(?:plante|crashe|freeze|g[eè]le)\s+(?:toujours|encore)\b|\b(?:toujours|encore)\s+(?:en\s+train\s+de\s+)?"
        r"(?:planter|crasher)\b"                                                                                         # fr
        r"|\b(?:crasha|si\s+blocca|si\s+pianta|va\s+in\s+crash)\s+ancora\b|\bancora\s+(?:crasha|si\s+blocca|si\s+pianta)\b)",  # it
        _I),
     "said the result is still broken"),
]

# The result does not work, seen after the agent said it was done (context needed, like the English ``BROKEN``).
BROKEN += [
    (re.compile(
        r"\bno\s+(?:se\s+)?(?:ve|muestra|guarda|actualiza|ejecuta|hace\s+nada|pasa\s+nada)\b|\bya\s+no\s+(?:funciona|anda|sirve)\b"   # es
        r"|\b(?:desapareci[oó]|se\s+rompi[oó]|dej[oó]\s+de\s+funcionar|(?:est[aá]|sale|aparece)\s+(?:vac[ií]o|en\s+blanco|roto))\b"
        r"|\bn[aã]o\s+(?:mostra|salva|atualiza|muda|faz\s+nada|acontece\s+nada)\b|\bparou\s+de\s+funcionar\b|\b(?:sumiu|desapareceu|quebrou)\b"  # pt
        r"|\b(?:ne|n')\s*(?:appara[iî]t|appara[iî]ssent|change|bouge|charge|se\s+passe|se\s+met\s+[aà]\s+jour|enregistre|trouve)\s+(?:pas|plus|rien)\b"  # fr
        r"|\b(?:a|ont)\s+disparu\b|\b(?:est|sont)\s+(?:cass[eé]e?s?|vides?|bloqu[eé]e?s?)\b|\b[cç]a\s+bugu?e\b|\bil\s+ne\s+se\s+passe\s+rien\b"
        r"|\b(?:wird|werden)\s+(?:immer\s+noch\s+|noch\s+immer\s+)?nicht\s+(?:angezeigt|gespeichert|geladen|aktualisiert|[uü]bernommen|"
        r"ausgef[uü]hrt|gefunden)\b|\b(?:ist|sind)\s+(?:verschwunden|weg|kaputt|leer)\b|\b(?:es\s+)?passiert\s+nichts\b|\bnichts\s+passiert\b"  # de
        r"|\bне\s+(?:видит|находит|грузит|открывает|сохраняет|показывает|отправляет|создаёт|создает|меняется|запускает)"           # ru
        r"|\b(?:сломал\w*|сломано|пропал\w*|исчез\w*)|\bвообще\s+(?:нет|не\s+(?:работает|видно|отображается|появляется))\b|^\W*(?:опять\s+|снова\s+|теперь\s+)?ошибк[аи]\b"
        r"|(?:不见了|消失了|没了|错乱|乱了|重叠了|错位)|怎么(?:没|不)(?:有)?(?:反应|变化|显示|生效|用)"                            # zh
        r"|(?:おかしい|おかしくな|消えた|消えました|なくなっ|うまくいか|(?:表示|反映|起動|保存|実行|更新)されません)"             # ja
        r"|(?:안\s*(?:되(?:네|는|요|고|어|었)|나와|보여|떠|열려|먹혀)|이상해|이상하|사라졌|없어졌|반응이\s*없|아무\s*(?:것도|반응))", _I),  # ko
     "said the result does not work"),
]

# (cls46) after done work, three English forms of the broken result in the other languages: the change not made or not
# there ("it's not committed", "these are not implemented": "これらが実装されていません", "プッシュされてないよ", "设置没有生效",
# "ce n'est pas poussé", "no está implementado", "nicht übernommen", "не применились", "nie zostało zapisane", "구현이 안
# 됐어"), still nothing or still stuck ("still nothing there": "dalej nic nie ma", "toujours rien", "todavía nada", "还是没反
# 应", "dalej stoi w tym samym miejscu", "还是卡住"), and an endless loop ("it loops forever": "無限ループしています", "进入死循
# 环", "entra en un bucle infinito", "tourne en boucle"). The Japanese and Chinese "not done" end their clause (never "まだ実装さ
# れていない機能を追加して": a feature to add); a loop to avoid ("避免死循环") is none.
BROKEN += [
    (re.compile(
        r"(?<!まだ)(?<!未だ)(?:実装|反映|プッシュ|コミット|保存|適用|追加|削除|修正|更新|デプロイ)(?:が|は)?(?:され(?:て(?:い)?(?:ない|ません)|ません|なかった))"
        r"(?=\s*(?:よ|ね|けど|です|みたい|ようです|[。！!？?、,…]|$))(?![^\n]{0,30}(?:来週|明日|後で|あとで|今度|次回|これから))"  # ja
        r"|(?<!避免)(?<!防止)没(?:有)?(?:生效|反应|推送|提交|保存|实现)(?:啊|呀|呢|了)?(?=\s*[。！!？?，,…]|$)"                   # zh
        r"|(?:\b(?:n'est|ne\s+sont|n'a\s+pas\s+[ée]t[ée])\s+(?:toujours\s+)?pas\s+(?:impl[ée]ment[ée]|pouss[ée]|commit[ée]|"
        r"sauvegard[ée]|appliqu[ée]|affich[ée]|pris\s+en\s+compte)e?s?\b|\bne\s+s'(?:affiche|ouvre)(?:nt)?\s+(?:toujours\s+)?pas\b"  # fr
        r"|\bno\s+(?:est[aá]n?|se\s+ha|fue|ha\s+sido)\s+(?:implementad|subid|guardad|aplicad|actualizad)[oa]s?\b"               # es
        r"|\bn[aã]o\s+(?:est[aá]|est[aã]o|foi|foram)\s+(?:implementad|enviad|salv|aplicad|atualizad)[oa]s?\b"                  # pt
        r"|\b(?:ist|sind|wurde|wurden)\s+(?:immer\s+noch\s+|noch\s+immer\s+)?nicht\s+(?:implementiert|gepusht|committet|"
        r"gespeichert|[uü]bernommen|umgesetzt|angewendet)\b"                                                                   # de
        r"|\bnon\s+(?:[eè]|sono)\s+(?:stat[oaie]\s+)?(?:implementat|salvat|applicat|aggiornat)[oaie]\b"                          # it
        r"|(?<![\w-])не\s+(?:реализован\w*|закоммичен\w*|запушен\w*|сохранил\w*|примен(?:ил|ен)\w*|отображается|появляется|появилось)"  # ru
        r"|\bnie\s+(?:jest|s[aą]|zosta[lł][aoy]?)\s+(?:zaimplementowan|zapisan|zastosowan|zaktualizowan|wypchni[eę]t)\w*)"       # pl
        # (never a condition after it: "nie jest zapisane w bazie, jeśli użytkownik nie potwierdzi")
        r"(?![^.!?\n]{0,60}\b(?:je[sś]li|gdy|kiedy|si|se|wenn|falls|quand|cuando|quando|demain|ma[nñ]ana|amanh[aã]|morgen|domani|jutro)\b)"
        r"|(?:구현|푸시|커밋|저장)(?:이|가)?\s*안\s*(?:됐|되었|돼|되어)", _I),                                                    # ko
     "said a part of the result does not work"),
    (re.compile(
        r"\b(?:todav[ií]a|a[uú]n)\s+nada\b(?!\s+(?:que|m[aá]s|de|mal))|\bsigue\s+sin\s+(?:haber|aparecer|salir)\s+nada\b|\bsigue\s+(?:atascad|colgad|trabad)[oa]\b"  # es
        r"|\bainda\s+nada\b(?!\s+(?:que|mais|de|mal))|\bcontinua\s+(?:travad|parad)[oa]\b"                                                                # pt
        r"|\btoujours\s+rien\b(?!\s+(?:[àa]|de)\b)|\b(?:est|reste)\s+toujours\s+(?:bloqu[ée]|coinc[ée])e?\b"                                       # fr
        r"|\b(?:immer\s+noch|noch\s+immer)\s+nichts\b"                                                                         # de
        r"|\bancora\s+(?:niente|nulla)\b|\b[eè]\s+ancora\s+bloccat[oa]\b"                                                      # it
        r"|(?:вс[её]\s+ещ[её]|до\s+сих\s+пор|по-прежнему)\s+ничего"                                                             # ru
        r"|\b(?:dalej|nadal|wci[aą][zż]|ci[aą]gle)\s+(?:nic|stoi|wisi)\b"                                                       # pl
        r"|还是(?:什么都)?没(?:有)?(?:反应|变化|东西|效果)|还是卡(?:住|在)"                                                        # zh
        r"|まだ何も(?:ない|出ない|表示されない|起きない|変わらない)|相変わらず何も|まだ(?:止まって|固まって|フリーズして)"             # ja
        r"|(?:아직도?|여전히)\s*아무것도|(?:아직도?|여전히)\s*멈춰", _I),                                                          # ko
     "said the result is still broken"),
    (re.compile(
        r"無限ループ(?:して|になって|に陥って|が(?:発生|起き))"                                                                  # ja
        r"|(?<!避免)(?<!防止)(?<!避免出现)(?:进入|陷入|出现|变成)了?(?:死循环|无限循环)|死循环了"                                   # zh
        r"|\b(?:entra|est[aá]|queda|se\s+queda|se\s+mete)\s+en\s+(?:un\s+)?bucle(?:\s+infinito)?\b"                             # es
        r"|\b(?:entra|est[aá]|fica|entrou|ficou)\s+em\s+(?:um\s+)?loop(?:\s+infinito)?\b"                                       # pt
        r"|\b(?:part|tourne|est|entre)\s+en\s+boucle(?:\s+infinie)?\b"                                                          # fr
        r"|\b(?:h[äa]ngt|l[äa]uft|ist)\s+in\s+einer\s+endlosschleife\b"                                                        # de
        r"|\b(?:va|entra|[eè])\s+in\s+(?:un\s+)?(?:loop|ciclo)\s+infinito\b"                                                   # it
        r"|(?<![\w-])зацикл(?:ился|илась|илось|ивается)|\bуход\w+\s+в\s+бесконечн\w+\s+цикл"                                     # ru
        r"|무한\s*루프(?:에\s*빠|가\s*(?:돌|생기|발생)|를\s*돌)"                                                                 # ko
        r"|\b(?:wpada|wpad[lł]\w*|jest)\s+w\s+niesko[nń]czon\w+\s+p[eę]tl", _I),                                                # pl
     "said the result does not work"),
]

# What an agent says, in these languages, when it has done the work (the English ``cues.CLAIMS``): after it, a report
# that the result does not work is a report on the agent's work.
CLAIMS = re.compile(
    r"\b(?:he|hemos)\s+(?:corregido|actualizado|a[nñ]adido|agregado|creado|eliminado|implementado|modificado|cambiado|arreglado)\b"
    r"|\bahora\s+(?:funciona|deber[ií]a|ya)\b|\b(?:corrig[ií]|actualic[eé]|agregu[eé]|a[nñ]ad[ií]|cre[eé]|elimin[eé]|implement[eé])\b"  # es
    r"|\b(?:corrigi|atualizei|adicionei|criei|removi|implementei|alterei|modifiquei|ajustei)\b|\bagora\s+(?:funciona|deve|est[aá])\b"  # pt
    r"|\bj'ai\s+(?:\w+\s+)?(?:corrig[eé]|modifi[eé]|ajout[eé]|mis\s+[aà]\s+jour|cr[eé][eé]|supprim[eé]|impl[eé]ment[eé]|chang[eé]|"
    r"r[eé]solu)\b|\b(?:devrait|est)\s+maintenant\b|\bfonctionne\s+maintenant\b"                                                      # fr
    r"|\bich\s+habe\s+(?:[\w-]+\s+){0,5}?(?:behoben|aktualisiert|hinzugef[uü]gt|ge[aä]ndert|erstellt|entfernt|implementiert|angepasst|"
    r"korrigiert)\b|\b(?:sollte|ist|funktioniert)\s+jetzt\b"                                                                          # de
    r"|\b(?:исправил|обновил|добавил|изменил|создал|удалил|реализовал|поправил|настроил)\w*|\bготово\b|\bтеперь\s+(?:\w+\s+)?(?:работает|"
    r"должно|должен|будет)"                                                                                                           # ru
    r"|已(?:经)?(?:修复|修改|更新|添加|完成|创建|删除|实现|解决|优化|调整|改为|配置|部署)|(?:修复|修改|更新|添加|完成|创建|实现|解决)了|现在(?:可以|应该|已经)"  # zh
    r"|(?:修正|変更|追加|更新|完了|実装|削除|作成|解決)(?:しました|しています|済み)|(?:修正|変更|追加|更新)されました"                  # ja
    r"|(?:수정|변경|추가|완료|업데이트|구현|삭제|생성|해결)(?:했습니다|했어요|되었습니다|됐습니다|했습니다)"
    # Short and passive done claims (review14 R14-31, like the English ones): a sentence that is only "done" ("¡Listo!",
    # "Hecho.", "Pronto!", "C'est fait", "Terminé.", "Erledigt", "Fertig.", "Fatto!", "Сделано", "Tamamlandı", "好了",
    # "搞定", "できました", "완료!"), and "X is added / was fixed" ("está añadido", "foi adicionado", "est ajoutée",
    # "ist hinzugefügt", "è stato aggiunto", "добавлен", "eklendi", "加上了"). Never "pronto lo tendré" (soon).
    r"|(?:^|(?<=[.!:;\n\u3002\uff01\uff1b]))[ \t]*[¡!]?(?:listo|hecho|ya\s+est[aá]|pronto|feito|c'est\s+fait|termin[eé]|voil[aà]|"
    r"erledigt|fertig|fatto|ecco\s+fatto|готово|сделано|tamamland[ıi]|tamam(?:d[ıi]r)?)\s*(?=[,.!:;\n]|$)"
    r"|\b(?:est[aá]|est[aá]n|qued[oó]|fue|foi|foram|est[aá]\s+agora)\s+(?:ya\s+)?(?:corregid[oa]s?|arreglad[oa]s?|a[nñ]adid[oa]s?|"
    r"agregad[oa]s?|cread[oa]s?|implementad[oa]s?|actualizad[oa]s?|corrigid[oa]s?|adicionad[oa]s?|criad[oa]s?|atualizad[oa]s?|"
    r"removid[oa]s?|list[oa]s?|pront[oa]s?)\b"
    r"|\b(?:est|sont|a\s+[eé]t[eé])\s+(?:maintenant\s+)?(?:corrig[eé]e?s?|ajout[eé]e?s?|cr[eé][eé]e?s?|impl[eé]ment[eé]e?s?|"
    r"mise?s?\s+[aà]\s+jour|en\s+place)\b"
    r"|\b(?:ist|sind|wurde|wurden)\s+(?:jetzt\s+|nun\s+)?(?:\w+\s+){0,3}?(?:behoben|hinzugef[uü]gt|erstellt|implementiert|"
    r"aktualisiert|eingebaut|angelegt|korrigiert|entfernt)\b"
    r"|\b(?:[eè]|sono)\s+stat[oaie]\s+(?:corrett|aggiunt|creat|aggiornat|implementat|rimoss)[oaie]\b"
    r"|\bho\s+(?:corretto|aggiunto|creato|aggiornato|implementato|rimosso|modificato|sistemato)\b"
    r"|\b(?:исправлен|добавлен|обновлен|обновлён|создан|удален|удалён|реализован|настроен)[аоы]?\b|вс[её]\s+работает"
    r"|\b(?:eklendi|düzeltildi|güncellendi|oluşturuldu|kaldırıldı|silindi|değiştirildi|uygulandı|yapıldı|ekledim|düzelttim|"
    r"güncelledim|oluşturdum|kaldırdım|değiştirdim|yaptım)\b"
    r"|^\W*(?:好了|搞定(?:了)?|完成(?:了)?|做好了|弄好了)|(?:加上|改好|修好|做好|弄好|加好)了"
    r"|(?:できました|直しました|対応しました|完了です|完了しました)|^\W*完了\W*$"
    r"|^\W*완료\W|(?:다\s*)?됐습니다|고쳤습니다|고쳤어요", _I)

# Traditional Chinese forms of the characters the Chinese cues use: a message typed in Taiwan or Hong Kong reads the same.
_TRADITIONAL = str.maketrans(
    "還沒錯誤報顯無問題變應說讓為麼個對這動啟開運請刪復進點擊載頁後來時會經實現編譯裝構連線傳試測執別見",
    "还没错误报显无问题变应说让为么个对这动启开运请删复进点击载页后来时会经实现编译装构连线传试测执别见")


_KANA = re.compile(r"[\u3040-\u30ff]")


def plain_chinese(text: str) -> str:
    """``text`` with the traditional Chinese characters the cues use written in their simplified form (not in Japanese,
    whose kanji share those forms: "動かない" stays as it is)."""
    return text if _KANA.search(text) else text.translate(_TRADITIONAL)


# -- cls46 (issue 20): the families that work in English, in the forms the tables above left out -------------------------
# Written from how each language says it (not from dev messages), measured at first sight on owner folds. Each keeps the
# English family's bounds: the "why" asks about the agent's own act (its second person, or 你 / なんで / 왜 with the verb
# of an act), never how something works ("¿por qué no existe el archivo?", "为什么不试试 redis？": a suggestion); "I told
# you" is said to the agent ("already / as I said / didn't I say"), never reported speech; "undo" names the change or is
# the whole message ("annule ça", "annulla le modifiche", "откати это", "回滚", "戻して", "cofnij zmiany"), never another
# thing cancelled ("annule la réunion", "отмени подписку").
CHALLENGES += [
    (re.compile(
        r"\bpor\s*qu[eé]\s+no\s+(?:(?:lo|la|los|las|me|se|te)\s+)?(?!(?:ex|ins|cons|res|as|des|subs|pers)iste\b)\w{2,}(?:aste|iste)\b"  # es
        r"|\bpor\s*que\s+voc[eê]\s+n[aã]o\s+(?:rodou|executou|usou|testou|fez|seguiu|leu|atualizou|removeu|adicionou|criou|mudou|"
        r"alterou|corrigiu|salvou|perguntou|verificou|checou|instalou|rodou|apagou|colocou)\b"                                                           # pt
        r"|\bpourquoi\s+(?:tu\s+n'as|vous\s+n'avez|n'as[\s-]tu|n'avez[\s-]vous)\s+pas\s+(?:encore\s+|d'abord\s+)?(?:\w{2,}[ée]e?s?|fait|mis|pris|lu|suivi|compris|vu|dit)\b"                                 # fr
        r"|\bperch[eé]\s+non\s+(?:hai|avete)\s+(?:\w+ato|\w+uto|\w+ito|fatto|messo|letto|preso|detto|scritto|chiesto)\b"                                                                       # it
        r"|\bwarum\s+hast\s+du\b|\bwieso\s+hast\s+du\b"                                                                   # de
        r"|\b(?:dlaczego|czemu)\s+(?:nie\s+)?(?:to\s+)?\w+(?:łeś|łaś)\b"                                                  # pl
        r"|你怎么(?:把|又|还|没|不|就)(?!知道|看|想|样)"                                                                     # zh
        r"|(?:なぜ|なんで|何で|どうして).{0,20}(?:しなかった|やらなかった|使わなかった|入れなかった|書かなかった|変えた|消した)(?:の|ん)"  # ja
        r"|왜\s*.{0,20}안\s*(?:했|돌렸|썼|넣었|만들었|고쳤|돌려|써|넣어)", _I),                                             # ko
     "asks why the agent did it"),
]

CUES += [
    (re.compile(
        r"\bich\s+hab(?:e|'s|s)?\s+(?:es\s+|dir\s+|das\s+)*(?:doch\s+|schon\s+|bereits\s+)+(?:gesagt|geschrieben)\b"      # de
        r"|\bno\s+te\s+(?:lo\s+)?(?:dije|ped[ií]|hab[ií]a\s+dicho)\b(?!\s+nada)"                                                      # es
        r"|\bn[aã]o\s+te\s+(?:falei|disse|pedi)\b"                                                                        # pt
        r"|\b(?:ju[zż]\s+(?:ci\s+)?|jak\s+|przecie[zż]\s+)m[oó]wi[lł](?:em|am)\b(?!\s+(?:na|w|przy|wczoraj)\b)|\bm[oó]wi[lł](?:em|am)\s+(?:ci|ju[zż])\b"  # pl
        r"|(?:跟|和|给)你(?:说|讲)过(?!的)"                                                                                      # zh
        r"|(?:前にも|さっきも?|何度も)言(?:った|いました)|言ったじゃん"                                                     # ja
        r"|(?:아까|이미|내가)\s*말했듯이|(?:라고|하라고|말라고)\s*했잖아", _I),                                         # ko
     "repeated an earlier instruction"),
    (re.compile(
        r"\bdas\s+ist\s+nicht,\s+was\s+ich\b|\bdas\s+(?:wollte|meinte)\s+ich\s+(?:so\s+)?nicht\s*(?:[.!,;]|$)|\bdas\s+habe?\s+ich\s+nicht\s+(?:gemeint|gewollt|verlangt)\b"  # de
        r"|\bя\s+не\s+(?:это|об\s+этом|о\s+том|про\s+это)\s+просил|\bя\s+(?:это|об\s+этом)\s+не\s+просил"                 # ru
        r"|我(?:没有?|并没有?)(?:要求|说过?要)(?:这|那|你)"                                                                  # zh
        r"|そういうこと(?:じゃ|では)(?:ない|なくて|ありません)|頼んだの(?:は|って)(?:それ|これ)じゃ"                           # ja
        r"|(?:요청|부탁)\s*안\s*했"                                                                                         # ko
        r"|\bnie\s+o\s+to\s+(?:mi\s+chodzi[lł]o|prosi[lł](?:em|am))|\bnie\s+prosi[lł](?:em|am)\s+(?:o\s+to|o\s+tym)\b", _I),  # pl
     'says "not what I asked"'),
    (re.compile(
        r"\bannule\s+(?:[cç]a|tout|le\s+changement|la\s+modification)\b"                                                   # fr
        r"|\bannulla\s+(?:le\s+modifiche|la\s+modifica|tutto|quello|questo|il\s+cambiamento)\b|^\W*annulla\W*$"
        r"|\brimetti\s+(?:com'era|come\s+(?:era|prima))|\bripristina\s+(?:la\s+versione\s+precedente|com'era|come\s+prima)\b"  # it
        r"|\bsetz(?:e)?\s+(?:das|es|alles|die\s+[aä]nderung(?:en)?)\s+zur[uü]ck\b|\bmach\s+(?:es|das|alles)\s+(?:wieder\s+)?wie\s+(?:vorher|es\s+war)\b"  # de
        r"|(?:откати|отмени)\s+(?:это|всё|все|правки|изменения)(?![\w-])"                                            # ru
        r"|^\W*(?:回滚|还原|撤销|撤回)(?:吧|一下)?\W*$"                                                                      # zh
        r"|^\W*(?:元通りに|元に|前の状態に)?戻して(?:ください|くれ)?\W*$|元通りにして"                                        # ja
        r"|\bcofnij\s+(?:to|zmian[yę]|t[eę]\s+zmian[eę]|wszystko|ostatni[aą]\s+zmian[eę])\b"
        r"|\bprzywr[oó][cć]\s+(?:poprzedni[aą]\s+wersj[eę]|to,?\s+co\s+by[lł]o|jak\s+by[lł]o)", _I),                     # pl
     "asked to revert the agent's change"),
    (re.compile(
        r"\bse\s+te\s+(?:olvid[oó]|pas[oó])\b(?!\s+algo)|\besqueceste\b|\bt'as\s+oubli[eé]\b|\bdu\s+hast\s+(?:\w+\s+){1,4}?vergessen\b"
        r"|\bti\s+sei\s+dimenticat[oa]\b|\bzapomnia[lł]a[sś]\b", _I),
     'says "you forgot…"'),
]

PERSISTS += [
    (re.compile(
        r"\b(?:todav[ií]a|a[uú]n)\s+(?:falla|da\s+(?:el\s+)?error|tira\s+(?:el\s+)?error|peta)\b"                            # es
        r"|\b(?:el\s+error|el\s+problema|o\s+erro|o\s+problema|l'erreur|le\s+probl[eè]me|l'error[es]|il\s+problema)\s+(?:persiste|continua)\b"
        r"|\bc'est\s+toujours\s+(?:pareil|la\s+m[eê]me\s+chose|cass[eé])\b"                                                  # fr
        r"|\b[eè]\s+ancora\s+(?:rott[oa]|uguale|lo\s+stesso)\b"                                                             # it
        r"|^\W*вс[её]\s+(?:так\s+же|то\s+же\s+самое)\s*[.!…]*\s*$|\b(?:ошибка|проблема)\s+(?:осталась|не\s+ушла|никуда\s+не\s+делась)"  # ru
        r"|\b(?:wci[aą][zż]|nadal|dalej|ci[aą]gle)\s+(?:to\s+samo|ten\s+sam\s+b[lł][aą]d|jest\s+b[lł][aą]d|b[lł][aą]d)\b|\bten\s+sam\s+b[lł][aą]d\b"  # pl
        r"|还是报(?:错|同样|一样|相同|这个错|那个错)", _I),                                                                                                      # zh
     "said the result is still broken"),
]

# -- Twentieth pass (issue 20, cls23): the problem said to be gone, and a new piece of work opened, in other languages --
# The English ``cues.RESOLVED`` ("no more errors", "the error is gone"): "现在不报错了", "没有报错了", "错误消失了",
# "ya no da error", "já não dá erro", "não aparece mais o erro", "plus d'erreur", "kein Fehler mehr", "ошибок больше нет",
# "エラーは出なくなりました", "에러가 안 나요" (after thanks), "hata gitti".
RESOLVED = re.compile(
    # (不报错 without 了 or 再 may be a missing check: "输入错误的密码也不报错，应该提示"; 问题解决 never before 不: "问题解决不了")
    r"不再报错|不报错了|没(?:有)?(?:再)?报错了|(?:错误|报错|问题)(?:已经)?(?:消失|没了|解决)(?!不)了?|没有(?:错误|问题)了"
    r"|エラー(?:は|が)?(?:出なく|消え|なくな)|에러(?:가|는)?\s*(?:안\s*나|없어|사라)|오류(?:가|는)?\s*(?:안\s*나|없어|사라)"
    # ("ya" reads "you" once the English shorthand table has run: "ya no da error" arrives as "you no da error")
    r"|\b(?:ya|you)\s+no\s+(?:da|sale|aparece|hay|tira|salta)\s+(?:ning[uú]n\s+|el\s+|m[aá]s\s+)?error"
    r"|\bj[aá]\s+n[aã]o\s+(?:d[aá]|aparece|tem)\s+(?:mais\s+)?(?:o\s+|nenhum\s+)?erro|\bn[aã]o\s+(?:d[aá]|aparece)\s+mais\s+(?:o\s+)?erro"
    r"|\bplus\s+d'erreurs?\b|\bn'y\s+a\s+plus\s+(?:d'|aucune\s+)erreur"
    r"|\bkeine?\s+(?:\w+\s+)?fehler(?:meldung)?\s+mehr\b"
    r"|\bошиб(?:ок|ки|ка)\s+больше\s+нет|\bбольше\s+нет\s+ошиб|\bошибка\s+(?:пропала|исчезла|ушла)"
    r"|\bhata\s+(?:gitti|kalmad[ıi]|yok\s+art[ıi]k)"
    # (cls46) the errors no longer seen ("ya no veo ningún error", "je ne vois plus l'erreur", "non vedo più errori",
    # "nie widzę już błędów") and the error said gone ("der Fehler ist weg", "non c'è più l'errore", "l'erreur a disparu")
    r"|\b(?:ya|you)\s+no\s+veo\s+(?:ning[uú]n\s+|m[aá]s\s+|el\s+|los\s+)?error|\bno\s+veo\s+(?:ning[uú]n|m[aá]s)\s+error"
    r"|\bn[aã]o\s+vejo\s+(?:mais\s+)?(?:nenhum\s+|o\s+)?erro"
    r"|\bje\s+ne\s+vois\s+plus\s+(?:d'|aucune\s+|l'|les\s+)erreur|\bl'erreur\s+(?:a\s+disparu|est\s+partie)"
    r"|\bnon\s+vedo\s+pi[uù]\s+(?:nessun\s+|l'|gli\s+)?error|\bnon\s+c'[eè]\s+pi[uù]\s+(?:l'|nessun\s+)?error[es]|\bl'error[es]\s+[eè]\s+sparito"
    r"|\bder\s+fehler\s+ist\s+(?:jetzt\s+)?(?:weg|verschwunden)\b"
    r"|\bnie\s+widz[eę]\s+ju[zż]\s+(?:[zż]adnych\s+)?b[lł][eę]d|\bnie\s+ma\s+ju[zż]\s+b[lł][eę]d|\bb[lł][aą]d\s+znikn[aą][lł]", _I)
# The person owns the mistake: "我之前说错了，你的实现是对的" (I said it wrong, your version is right), "是我搞错了",
# "私が間違えました", "제가 잘못 말했어요": 错了 / 間違 / 잘못 said of themselves corrects nothing ("你说错了" still does).
OWN_MISTAKE = re.compile(r"我[^，,。！？!?；]{0,8}?(?:说|写|搞|弄|记|打|理解|看|给)错了?|是我(?:的(?:错|问题)|搞错|弄错|说错)"
                         r"|(?:私|僕|俺)が(?:間違え|勘違い)|(?:私|僕|俺)の(?:間違い|勘違い|ミス)"
                         r"|제가\s*(?:잘못|착각)|내가\s*(?:잘못|착각)", _I)
# The person's own setup, in Chinese and Japanese (``guards.OWN_SETUP``: "my local environment", "on my machine"):
# "那是我本地环境的问题", "我电脑的问题", "是我这边网络的问题", "私の環境の問題".
OWN_SETUP = re.compile(r"(?<!不是)(?<!并非)(?<!不是因为)我(?:的)?(?:本地|自己|这边|这里|电脑|机器)(?:的)?(?:环境|电脑|机器|配置|网络|设置)?的?问题|(?<!不)是我这边的问题"
                       r"|(?:私|僕|俺|こちら)の(?:環境|PC|パソコン|マシン|ネットワーク|設定)(?:の|が)?(?:問題|原因|せい)(?!では|じゃ)", _I)
# (cls39) A Chinese yes-no question asks whether a state holds, it does not report it: "效果有没有变化" (whether anything
# changed), "A和B是不是重叠了" (do A and B overlap?), "是否生效". The question's own words are left out before a report is
# read; a report beside it still counts ("还是不行，是不是缓存的问题？" keeps "还是不行").
_ASKED_WHETHER = re.compile(r"(?:是不是|是否|有没有|会不会|能不能|对不对)[^，,。！!？?；;\n]*")


def without_asked_whether(clause: str) -> str:
    """``clause`` without its Chinese yes-no questions (see above)."""
    return _ASKED_WHETHER.sub(" ", clause)


# (cls39, review38) Japanese "not shown / does not happen" under a negative condition or said to be the design: "ログインしない
# と何も表示されません" (unless you log in, nothing shows), "エラーがなければ何も表示されない仕様です" (if there is no error nothing
# shows: that is the spec), "…のは正常です". A report after done work reads none of these ("保存を押したら何も表示されない":
# たら is "when", a report; only ないと / なければ, which say "unless" / "if not", and the spec words count).
JA_CONDITION_OR_DESIGN = re.compile(
    r"(?:ないと|なければ|無ければ)、?[^。！!？?\n]{0,16}?(?:ない|ません|なかった)"
    r"|(?:仕様|正常|想定通り|想定どおり|期待通り|意図通り|意図した動作)(?:です|だ|でした|ですね|の動作|な動作|なので|[。！!]|$)", _I)
# The English ``classifier._TASK_OPENING`` ("next: add …", "now add …", "ok, let's add a feature …"): a message that opens
# new work after done work, whose "when the upload fails, show an error" describes the new work, not the last result.
TASK_OPENING = re.compile(
    r"^\W*(?:(?:好的?|可以|行|ok(?:ay)?|嗯|谢谢|很好|不错)[，,。.!！\s]*)*(?:(?:下一步|接下来)[：:]|(?:下一步|接下来)[，,\s]*(?:再|请|帮我)?"
    r"(?:加|添加|增加|新增|实现|做|写|创建|开发)|(?:然后|另外|还有)?[：:，,\s]*"
    # (a bare "写个接口的测试" may carry a report after it, "…，现在登录接口报错 500": a word that sequences new work must open it)
    r"再(?:加|添加|增加|新增|实现|做|写|创建|开发)(?:一个|一下|个)?(?:新)?(?:功能|需求|页面|接口|按钮|选项|特性))"
    r"|^\W*(?:(?:ok(?:ay)?|はい|ありがとう(?:ございます)?|いいね)[、,。.!！\s]*)*(?:次は|つぎは|では|それでは|(?:次に|つぎに)[^。！？\n]{0,30}?(?:を|も)(?:作って|追加して|実装して|作成して))"
    r"|^\W*(?:(?:ok(?:ay)?|perfecto|genial|gracias|bien|vale)[,.!\s]+)*(?:ahora\s+(?:agrega|añade|a[nñ]ade|crea|implementa|haz|"
    r"pon|quiero)\b)"
    r"|^\W*(?:(?:ok(?:ay)?|perfeito|[oó]timo|obrigad[oa]|beleza|legal)[,.!\s]+)*agora\s+(?:adicione|adiciona|crie|cria|"
    r"implemente|implementa|fa[cç]a|coloque|quero)\b"
    r"|^\W*(?:(?:ok(?:ay)?|super|parfait|merci|g[eé]nial)[,.!\s]+)*maintenant\s+(?:ajoute|ajoutez|cr[eé]e|cr[eé]ez|"
    r"impl[eé]mente|fais|faites|mets|je\s+veux)\b"
    r"|^\W*(?:(?:ok(?:ay)?|super|danke|perfekt|gut)[,.!\s]+)*(?:jetzt|nun)\s+(?:f[uü]ge|erstelle|implementiere|mach|baue|"
    r"schreibe|will\s+ich)\b"
    r"|^\W*(?:(?:ок(?:ей)?|отлично|спасибо|хорошо|супер)[,.!\s]+)*теперь\s+(?:добавь|сделай|создай|реализуй|напиши|"
    r"хочу)", _I)


# -- Twentieth pass (issue 20, cls23): the answer handed the next step to the person, in the other languages ----------
# The English ``cues.HANDED_OVER`` ("you'll need to run …", "paste the output") in these languages: "你需要先运行…",
# "请在源码目录中运行以下命令", "把完整的报错发给我", "以下のコマンドを実行", "…する必要があります", "다음 명령을 실행",
# "Выполните команду в терминале", "вам нужно установить", "tienes que ejecutar", "você precisa rodar", "vous devez
# lancer", "du musst … ausführen". An error the person reports next comes from their own step, as after the English
# forms. A step offered under a condition ("如果你要在 … 共享, 需要 …", "如果仍有问题，请检查日志") hands nothing over
# (:func:`handed_over_abroad`). A check of the result ("请刷新页面查看效果", "Пожалуйста, проверьте панель") is none of these:
# after done work, a report on what the check shows is a report on the work.
HANDED_OVER = re.compile(
    r"你(?:需要|必须|得|应该)(?:先|再|手动)?(?:运行|安装|执行|修改|添加|设置|配置|创建|打开|复制|粘贴|替换|重启)"
    r"|(?:运行|执行)(?:以下|下面|如下)的?命令|(?:把|将)(?:完整的?)?(?:输出|错误|报错|日志)(?:信息)?(?:发|贴|粘贴|复制)给我"
    r"|(?:实行|実行|インストール|設定|追加|変更|作成|再起動)する必要があります|(?:出力|エラー|ログ)(?:メッセージ)?を(?:貼り付け|共有|送っ)"
    r"|以下のコマンドを(?:実行|入力)"
    r"|(?:실행|설치|설정|추가|변경|생성|재시작)해야\s*합니다|(?:출력|에러|오류|로그)(?:\s*메시지)?(?:를|을)?\s*(?:붙여|공유|보내)"
    r"|다음\s*명령(?:어)?(?:를|을)?\s*실행"
    r"|\b(?:вам|тебе)\s+(?:нужно|необходимо|надо|следует|придётся|придется)\s+(?:\w+\s+)?(?:запустить|установить|выполнить|"
    r"добавить|изменить|создать|открыть|скопировать|вставить|перезапустить)"
    r"|\b(?:пришлите|вставьте|скиньте|пришли|скинь)\s+(?:мне\s+)?(?:полный\s+)?(?:вывод|ошибку|лог|логи|текст\s+ошибки)"
    r"|\bвыполните\s+(?:следующую\s+|эту\s+)?команд"
    r"|\b(?:necesitas|necesitar[aá]s|tienes\s+que|tendr[aá]s\s+que|debes|deber[aá]s)\s+(?:\w+\s+)?(?:ejecutar|instalar|a[nñ]adir|"
    r"agregar|cambiar|crear|abrir|copiar|pegar|reiniciar)"
    r"|\b(?:p[eé]game|comp[aá]rteme|env[ií]ame|m[aá]ndame)\s+(?:el|la|los|las)\s+(?:\w+\s+)?(?:salida|error|errores|log|logs)\b"
    r"|\b(?:voc[eê]|vc)\s+(?:precisa|precisar[aá]|deve|dever[aá]|tem\s+que|ter[aá]\s+que)\s+(?:\w+\s+)?(?:rodar|executar|instalar|"
    r"adicionar|alterar|criar|abrir|copiar|colar|reiniciar)"
    r"|\b(?:cole|compartilhe|envie|me\s+mande)\s+(?:aqui\s+)?(?:a|o|os|as)\s+(?:\w+\s+)?(?:sa[ií]da|erro|erros|log|logs)\b"
    r"|\b(?:vous\s+(?:devez|devrez|devriez|aurez\s+besoin\s+de)|tu\s+(?:dois|devras|devrais))\s+(?:\w+\s+)?(?:ex[eé]cuter|lancer|"
    r"installer|ajouter|modifier|cr[eé]er|ouvrir|copier|coller|red[eé]marrer)"
    r"|\b(?:colle|collez|partage|partagez|envoie|envoyez)(?:-moi)?\s+(?:la|le|les)\s+(?:\w+\s+)?(?:sortie|erreur|erreurs|log|logs)\b"
    r"|\b(?:du\s+musst|sie\s+m[uü]ssen|du\s+solltest|sie\s+sollten)\s+(?:\w+\s+){0,3}?(?:ausf[uü]hren|installieren|hinzuf[uü]gen|"
    r"[aä]ndern|erstellen|[oö]ffnen|kopieren|einf[uü]gen|neu\s+starten)", _I)
# A step that only applies the agent's change (restart, reload, refresh, rebuild, re-run, clear the cache) and the person
# saying they took it ("重启后还是报错", "再起動してもエラーが出ます", "재시작해도 에러가 나요", "после перезапуска выдаёт ошибку",
# "después de reiniciar da error 500", "depois de reiniciar dá erro", "après redémarrage, j'ai une erreur", "nach dem Neustart
# bekomme ich einen Fehler"): see ``against_answer.REAPPLY``.
REAPPLY = re.compile(
    r"重启|重新(?:启动|加载|编译|构建|运行|部署)|刷新|清(?:除|理|空)(?:一下)?缓存"
    r"|再起動|リロード|再読み込み|再ビルド|再実行|再デプロイ|キャッシュ(?:を)?(?:クリア|削除)"
    r"|재시작|재부팅|재실행|새로\s*고침|다시\s*(?:빌드|실행|시작|배포)|캐시(?:를)?\s*(?:삭제|지우)"
    r"|перезапуст|перезагруз|пересобер|пересобрат|очист\w*\s+(?:кэш|кеш)"
    r"|\breinici|\brecarg|\brefresc|\brecompil|\bvuelv\w*\s+a\s+(?:ejecutar|compilar|cargar)|\blimpi\w*\s+(?:la\s+|o\s+)?cach"
    r"|\batualiz\w*\s+a\s+p[aá]gina"
    r"|\bred[eé]marr|\brelanc|\brecharg|\brafra[iî]ch|\bvid\w*\s+le\s+cache"
    r"|\bneu\s*(?:zu\s*)?(?:start|lad|bau)|\bneustart|\bcache\s+leeren", _I)
REAPPLIED = re.compile(
    r"(?:重启|重新启动|重新加载|重新编译|重新构建|重新运行|重新部署|刷新)(?:了|过|后|之后|以后|一下)|清(?:除|理|空)了?缓存"
    r"|(?:再起動|リロード|再読み込み|再ビルド|再実行|再デプロイ)(?:しました|した|して|しても|後|したら|したけど|しましたが)"
    r"|(?:재시작|재부팅|재실행|새로\s*고침|다시\s*(?:빌드|실행|시작))\s*(?:했|해도|하니|후|한\s*후|하고|해봤)"
    r"|перезапустил|перезагрузил|пересобрал|после\s+(?:перезапуска|перезагрузки|пересборки)|очистил\w*\s+(?:кэш|кеш)"
    r"|\breinici[eé]\b|\brecargu[eé]\b|\brefresqu[eé]\b|\bdespu[eé]s\s+de\s+(?:reiniciar|recargar|refrescar|recompilar)"
    r"|\breiniciei\b|\brecarreguei\b|\bdepois\s+de\s+(?:reiniciar|recarregar|atualizar|recompilar)"
    r"|\bj'ai\s+(?:bien\s+)?(?:red[eé]marr[eé]|relanc[eé]|recharg[eé]|rafra[iî]chi|vid[eé]\s+le\s+cache)"
    r"|\bapr[eè]s\s+(?:le\s+|un\s+|avoir\s+)?(?:red[eé]marrage|rechargement|red[eé]marr[eé]|relanc[eé]|recharg[eé])"
    r"|\bneu\s*gestartet|\bneugestartet|\bneu\s*geladen|\bneu\s*gebaut|\bnach\s+dem\s+(?:neustart|neu\s*laden|neuladen|neubau)", _I)
# A condition earlier in the same sentence: "如果你要在…共享，需要…", "если хотите, выполните команду", "si quieres, tienes que …".
_OFFERED_IF = re.compile(r"如果|如需|若是|假如|もし|場合|만약|\b(?:если|si|se|falls|wenn|caso)\b", _I)
_SENTENCE_END = re.compile(r"[.!?\n\u3002\uff01\uff1f]")


def handed_over_abroad(tail: str) -> bool:
    """The end of an answer hands the next step to the person in one of these languages, not under a condition."""
    for match in needles.finditer(HANDED_OVER, tail):
        opening = max((m.end() for m in _SENTENCE_END.finditer(tail, 0, match.start())), default=0)
        if not _OFFERED_IF.search(tail[opening:match.start()]):
            return True
    return False


# -- Ninth pass (issue 20, item 2): the result cannot be opened, reached or seen, after the agent said it was done -----
# The English "I can't open it / can't access the page" (`cues.BROKEN`) in the other languages, written from the
# languages themselves; kept as one form because on dev it found reports from 4 owners (zh, ja, tr) and no `not` message.
# Chinese 不能 alone also means "must not" ("不能打开调试模式" is a rule): only 不能够, or 不能 after 并/还是/仍然/依然/都/还.
# Japanese 開けないで ("don't open") is a request, not a report. Never the person's own moment: a clause that defers ("I'll
# look tonight", "lo veo mañana") or accepts ("c'est normal, seuls les admins peuvent"); a device named is where the bug
# shows ("no puedo abrir la página en el móvil" is a report).
_OWN_MOMENT = (r"\b(?:later|tomorrow|tonight|luego|despu[eé]s|ma[nñ]ana|m[aá]s\s+tarde|es\s+normal|depois|amanh[aã]|mais\s+tarde|"
               r"[eé]\s+normal|plus\s+tard|demain|ce\s+soir|c'est\s+normal|sp[aä]ter|morgen|ist\s+normal|позже|потом|вечером|"
               r"завтра|это\s+нормально|dopo|domani|pi[uù]\s+tardi|stasera|[eè]\s+normale|p[oó][zź]niej|jutro|pozd[eě]ji|z[ií]tra|"
               r"sonra|yar[ıi]n"
               # the person, not the product, on the phone or away: "estou no celular", "bin unterwegs", "я с телефона"
               r"|estoy\s+en\s+(?:el\s+(?:m[oó]vil|celular)|una\s+reuni[oó]n)|estou\s+(?:no\s+celular|em\s+(?:uma\s+)?reuni[aã]o)"
               r"|je\s+suis\s+(?:sur\s+(?:mon\s+)?(?:t[eé]l[eé]phone|portable)|en\s+r[eé]union)|bin\s+(?:gerade\s+)?(?:unterwegs|am\s+handy|"
               r"im\s+meeting)|я\s+(?:с\s+телефона|на\s+встрече)|sono\s+(?:al\s+telefono|in\s+riunione))\b"
               r"|明天|等会|晚点|稍后|回头|是正常的|很正常|我在(?:手机上|开会)|明日|後で|あとで|会議中|外出中")
BROKEN += [
    (re.compile(
        r"^(?![^\n]*(?:" + _OWN_MOMENT + r"))[^\n]*?(?:"
        r"(?:(?:并|还是|仍然|依然|都|还)不能够?|不能够)[^\s，。！？,.!?]{0,4}?(?:打开|访问|运行|启动|登录|连接)"                                                    # zh
        r"|開け(?:られ)?(?:ない(?!で)|なかった|ません)|アクセスでき(?:ない|ません|なかった)|接続(?:が|を)?拒否され"          # ja
        r"|\b(?:açamıyorum|açılmıyor|giremiyorum|erişemiyorum|göremiyorum|bağlanamıyorum)\b"                               # tr
        r"|\bno\s+(?:puedo|consigo|me\s+deja)\s+(?:abrir|acceder|entrar|ver|iniciar\s+sesi[oó]n|conectar(?:me)?)\b"        # es
        r"|\bn[aã]o\s+(?:consigo|estou\s+conseguindo)\s+(?:abrir|acessar|entrar|ver|logar|conectar)\b"                    # pt
        r"|\bje\s+n'arrive\s+(?:pas|plus)\s+[aà]\s+(?:ouvrir|acc[eé]der|voir|me\s+connecter|lancer)\b"
        r"|\bje\s+ne\s+peux\s+(?:pas|plus)\s+(?:ouvrir|acc[eé]der|voir|me\s+connecter)\b"                                 # fr
        r"|\bich\s+kann\s+(?:[\w-]+\s+){0,3}?nicht\s+(?:mehr\s+)?(?:[öo]ffnen|sehen|aufrufen|starten|zugreifen|einloggen|anmelden)\b"  # de
        r"|не\s+(?:могу|получается|удаётся|удается)\s+(?:открыть|зайти|запустить|подключиться|войти|увидеть)"            # ru
        r"|\bnon\s+riesco\s+(?:a|ad)\s+(?:aprire|accedere|vedere|avviare|collegarmi|entrare)\b"                           # it
        r"|\bnie\s+(?:mogę|da\s+się)\s+(?:otworzyć|wejść|zalogować|uruchomić|zobaczyć)\b"                                  # pl
        r"|\b(?:nemůžu|nemohu|nejde\s+(?:to\s+)?)\s*(?:otevřít|spustit|přihlásit|vidět)\b)", _I),                        # cs
     "said the result does not work"),
]


# -- Tenth pass (issue 20, item 2) ---------------------------------------------------------------------------------
# "Do it yourself" in the other languages (the English "test it yourself", ``against_answer.ACT_YOURSELF``): the agent handed
# a step back and the person says to do it. Written from the languages; on dev it found such messages from 4 owners
# (zh, ru, es) and no `not` message. Never the person's own plan ("我会自行测试", "lo hago yo").
# Russian imperatives said to "ты" that people hand back to an agent ("сам запусти", "проверь сам"); a closed list because
# "сами функции", "сам модуль" (the thing itself) share the endings.
_RU_DO = (r"(?:за|по|пере|про|с|вы|у|на)?(?:проверь|запусти|сделай|найди|посмотри|смотри|запроси|исправь|протестируй|тестируй|"
          r"установи|создай|открой|прочитай|прочти|попробуй|выполни|почини|поправь|реши|скачай|удали|добавь|измени|собери|"
          r"разберись|настрой)\b")
CUES += [
    (re.compile(
        r"(?:(?:你|您|请)[^，。！？,.!?\n]{0,12}?|(?:用|使用|通过)\s*[^，。！？,.!?\n]{1,30}?|^\W*)自行(?:去|来)?(?:测试|检查|运行|执行|处理|"
        r"修改|验证|部署|安装|启动|调试|排查|操作|获取|搜索|查找|查看|确认|下载|创建|推送|提交)"                          # zh
        r"|^\W*(?:и\s+)?сам(?:а)?\s+" + _RU_DO + r"|\b" + _RU_DO + r"\s+(?:\w+\s+)?сам(?:а)?\s*(?:[,.!]|$)"           # ru
        r"|\b(?:crea|haz|hazlo|prueba|pru[eé]balo|revisa|rev[ií]salo|ejecuta|ejec[uú]talo|instala|busca|arregla|verifica|comprueba|"
        r"corre|c[oó]rrelo|lee|l[eé]elo|abre)(?:lo|la|los|las)?\s+(?:t[uú]\s+(?=mism[oa]\b|el\b|la\b|los\b|las\b|un\b|una\b|lo\b|[,.!]|$)"
        r"|t[uú]\s*$|t[uú]\s+mism[oa]\b)|\bpor\s+ti\s+mism[oa]\b"                                                       # es
        r"|\bpar\s+(?:toi|vous)[\s-]m[eê]mes?\b|\b(?:teste|v[eé]rifie|lance|ex[eé]cute|cr[eé]e|installe|corrige)[\s-](?:le|la|les)?[\s-]?"
        r"(?:toi|vous)[\s-]m[eê]mes?\b"                                                                                  # fr
        r"|\b(?:fa[cç]a|teste|rode|execute|crie|verifique|instale|corrija)(?:-o|-a|-os|-as)?\s+voc[eê](?:\s+mesm[oa])?\b"
        r"|\bpor\s+conta\s+pr[oó]pria\b"                                                                                 # pt
        r"|^\W*(?:bitte\s+)?(?:teste|test|pr[uü]fe?|mach|f[uü]hre?|starte?|installiere?|probiere?|schau|[uü]berpr[uü]fe?|such|lies)\s+"
        r"(?!(?:\w+\s+){0,2}?(?:ich|wir)\b)(?:\w+\s+){0,2}selbst\b"  # de
        r"|직접\s*(?:\S+\s*){0,2}?(?:해\s*줘|해\s*봐|해\s*주세요|하세요|해라)", _I),                                         # ko
     "told the agent to act instead of describing"),
]


# The person asks the agent to talk to them in a language its last answer was not in ("日本語でお願いします" after an English
# answer, "работай со мной на русском", "je souhaite que tu me parles en français", "keep our chat in english"): the agent
# answered in the wrong language. A request to translate or write something in a language ("write the docs in French",
# "把 constitution.md 改成中文") is a task, not this; the same request after an answer already in that language is nothing.
_LANGUAGES = ("english", "french", "spanish", "german", "portuguese", "italian", "russian", "chinese", "japanese", "korean")
_TALK_EN = (r"\b(?:answer|reply|respond|talk|speak|chat|communicate|explain|write\s+to\s+me|keep\s+(?:our|the|this)\s+"
            r"(?:chat|conversation|discussion))\s+(?:to\s+me\s+|with\s+me\s+|me\s+)?(?:only\s+|always\s+)?in\s+")
ASKED_LANGUAGE: list[tuple[str, re.Pattern[str]]] = [
    (lang, re.compile(_TALK_EN + lang + r"\b(?![,:]?\s+(?:to|for|in|on|inside|within)\s+(?!me\b|us\b))|^\W*(?:(?:please|pls)\s+)?(?:in\s+)?" + lang + r"\s*(?:please|pls)?\W*$", _I))
    for lang in _LANGUAGES
] + [
    ("japanese", re.compile(r"日本語で(?:お願い|話して|答えて|回答|返答|返事|説明して|やりとり|会話|書いて(?:ください|くれ))")),
    ("chinese", re.compile(r"(?:用|使用)?中文(?:回答|回复|交流|沟通|对话|跟我说|和我说|跟我讲)|(?:说|讲)中文")),
    ("korean", re.compile(r"한국어로\s*(?:답|대답|말|대화|얘기|이야기|설명|부탁|해\s*줘|해\s*주세요)")),
    ("russian", re.compile(r"(?:работа|отвеча|пиш|напиш|говор|общ|разговарива)\w*\s+(?:со\s+мной\s+|мне\s+|с\s+мной\s+)?"
                           r"(?:только\s+|всегда\s+)?(?:на\s+русском|по-русски)", _I)),
    ("french", re.compile(r"\b(?:parle|parles|parlez|r[eé]ponds?|r[eé]pondez|r[eé]pondes|[eé]cris|[eé]crivez|[eé]crives|communique)"
                          r"(?:[\s-]+moi)?\s+(?:uniquement\s+|seulement\s+|toujours\s+)?en\s+fran[cç]ais\b", _I)),
    ("spanish", re.compile(r"\b(?:habla|h[aá]blame|responde|resp[oó]ndeme|contesta|cont[eé]stame|escr[ií]beme)\s+(?:solo\s+|siempre\s+)?"
                           r"en\s+espa[nñ]ol\b|^\W*en\s+espa[nñ]ol(?:\s+por\s+favor)?\W*$", _I)),
    ("german", re.compile(r"\b(?:antworte|sprich|schreib|rede)\w*\s+(?:bitte\s+)?(?:mit\s+mir\s+|mir\s+)?(?:bitte\s+)?(?:nur\s+)?"
                          r"(?:auf\s+)?deutsch\b", _I)),
    ("portuguese", re.compile(r"\b(?:responda|responde|fale|fala|escreva|converse)\w*\s+(?:comigo\s+)?(?:s[oó]\s+)?em\s+portugu[eê]s\b", _I)),
    ("italian", re.compile(r"\b(?:rispondi|parla|scrivi)\w*\s+(?:mi\s+)?(?:solo\s+)?in\s+italiano\b", _I)),
]
# How an answer in each language shows itself: its script, or (for Latin-script languages) its commonest short words.
_IN_SCRIPT = {"japanese": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"), "chinese": re.compile(r"[\u4e00-\u9fff]"),
              "korean": re.compile(r"[\uac00-\ud7af]"), "russian": re.compile(r"[\u0400-\u04ff]")}
_LATIN = re.compile(r"[A-Za-z]")
_IN_WORDS = {
    "english": re.compile(r"\b(?:the|and|is|are|to|of|you|it|for|that|with|this|i|i'll|will|can|now)\b", _I),
    "french": re.compile(r"\b(?:les|est|vous|pour|avec|une|dans|sur|pas|je|nous|c'est|sont|qui|le|la|des|et|du|au|maintenant)\b", _I),
    "spanish": re.compile(r"\b(?:los|las|para|una|con|por|est[aá]|que|es|el|puedes|ahora|del|al|se|y)\b", _I),
    "german": re.compile(r"\b(?:der|die|das|und|ist|nicht|ich|mit|f[uü]r|auf|ein|eine|jetzt|sie|den|dem|zu|wir|habe)\b", _I),
    "portuguese": re.compile(r"\b(?:os|para|uma|com|n[aã]o|voc[eê]|est[aá]|que|agora|pode|do|da|dos|das|em|no|na|e)\b", _I),
    "italian": re.compile(r"\b(?:il|gli|per|una|con|che|non|sono|della|adesso|puoi|la|le|del|di|ho)\b", _I),
}
# An answer that quotes a few words of the language ("I can't open eMAFF農地ナビ", "«Просмотреть»") is not in it: the
# script's letters must be this share of all letters (a CJK character counts three, as it carries about a word).
IN_LANGUAGE_SHARE = 0.3
ANSWER_WORDS_AT_LEAST = 4


def asked_another_language(own: str, answer: str | None) -> bool:
    """The person asks to be answered in a language the agent's last answer is not in."""
    if not answer or len(answer.strip()) < 40:
        return False
    for lang, pattern in ASKED_LANGUAGE:
        if not pattern.search(own):
            continue
        if lang in _IN_SCRIPT:
            if lang == "chinese" and len(_KANA.findall(answer)) >= 5:
                return True  # a Japanese answer is not a Chinese one
            weight = 1 if lang == "russian" else 3
            own_letters = weight * len(_IN_SCRIPT[lang].findall(answer))
            return own_letters < IN_LANGUAGE_SHARE * (own_letters + len(_LATIN.findall(answer)))
        return len(_IN_WORDS[lang].findall(answer)) < ANSWER_WORDS_AT_LEAST
    return False
