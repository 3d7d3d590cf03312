"""Indirect corrections: the issue 20 groups that say what is wrong without a "wrong" (cls25, from a blind set's half A).

People seldom write "no, use X instead of Y". They ask ("is there a reason you hardcoded the port?", "how come every
model is a view now?"), remind ("we decided on snake_case, remember?", "second time now: …"), hedge ("I'd rather keep the
old name", "it'd be nicer if the messages weren't all caps", "not sure the extra index is a good idea"), state the
team's way as a fact ("new migrations belong in db/migrate", "all money is stored in cents", "errors get wrapped with
%w in this codebase", "bei uns kommen …"), or name what the agent made and say it fails ("the container you built exits
right after start", "go vet is unhappy with your changes"). These tables hold those forms, grouped and read like
`cues.py`'s (``CHALLENGES`` may be questions; ``CUES`` are statements), written from the forms, with typed look-alikes
that must stay quiet in `tests/capture_text/test_indirect_forms.py`.

Stated rules (a convention, a preference) carry the soft reasons of `cues.SOFT`, so inside a new request, deep in a long
message or in a reply to the agent's own question they count for nothing, as the English tables' rules do. What takes
such a flag back in the same message (a purpose of the person's, thanks, going on) is in `capture/withdrawals.py`.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

# A verb of something the agent did, in the past ("you hardcoded", "you changed", "you built").
_DID = (r"(?:\w+ed|made|wrote|written|put|took|broke|built|set|left|ran|chose|picked|threw|got|gave|brought|kept|went|"
        r"moved|removed|deleted|dropped|hardcoded|hard-coded|bumped|split|spun)")

CHALLENGES: list[tuple[re.Pattern[str], str]] = [
    # "Is there a reason you hardcoded port 8080?", "any particular reason you went with mongo?"
    (re.compile(r"\b(?:(?:is|was)\s+there\s+(?:a|any)|any)\s+(?:good\s+|particular\s+|specific\s+|real\s+)?reason\s+(?:why\s+)?"
                r"(?:you|u)\s+(?:\w+\s+)?" + _DID + r"\b", _I),
     'asks "why did you…"'),
    # "なんで勝手に依存関係を追加したの？", "なぜ…変更したんですか": why the agent did it, in Japanese
    (re.compile(r"(?:なぜ|なんで|どうして)[^。？?]{0,30}?(?:した|しました|加えた|入れた|消した|変えた|使った|削除した)(?:の|んですか|のですか|んだ)", _I),
     'asks "why did you…"'),
    # "we use pnpm, remember?", "we decided on snake_case, remember?": a reminder typed as a question. The match starts
    # at the first word character after the text's start or a "?" (the words before the comma hold no "?"): the same
    # texts match as with a bare `\w[^?]{3,}`, but a search no longer re-scans the rest of a long message from every
    # word (17 ms -> 0.04 ms on a 1.6 KB message; it was a fifth of all the patterns' time on such a message).
    (re.compile(r"(?:^|\?)[^\w?]*\w[^?]{3,}[,;]\s*(?:remember|remember\s+that|you\s+remember)\s*\?+\s*$", _I),
     "reminded of an earlier instruction"),
    # "would it be possible to undo the formatting changes?" (a hedged revert)
    (re.compile(r"\bwould\s+it\s+be\s+possible\s+to\s+(?:undo|revert|roll\s*back|put\s+back|restore|keep\s+the\s+(?:old|original|previous))\b",
                _I),
     "asked to revert the agent's change"),
    # "why is the gradle version changed?", "why was the config file renamed?": a change asked about, passive
    (re.compile(r"\bwhy\s+(?:is|was|are|were|has|have)\s+(?:the|this|that|my|our)\s+[\w.-]+(?:\s+[\w.-]+){0,3}?\s+(?:been\s+)?"
                r"(?:changed|removed|deleted|re(?!quir|lat|ceiv|fer|serv|spond|ali[sz]|li)\w+ed|moved|bumped|downgraded|upgraded|rewritten|replaced|touched|modified|"
                r"disabled|commented\s+out)\b(?![^?]*\bin\s+(?:v?\d|version|python|node|java|go|rust|the\s+(?:new|latest)\b|upstream))", _I),
     'asks "why did you…"'),
    # hedged requests to avoid something, asked: "tu pourrais éviter de renommer … ?", "¿podrías evitar …?", "könntest du …
    # vermeiden?", "potresti evitare di …?", "você pode evitar …?"
    (re.compile(r"\b(?:tu\s+pourrais|pourrais[\s-]tu|vous\s+pourriez|pourriez[\s-]vous|peux[\s-]tu|tu\s+peux)\s+(?:\w+\s+)?[ée]viter\s+de\b"
                r"|\b(?:podr[ií]as|puedes|podr[ií]a|puede)\s+(?:\w+\s+)?evitar\b|\b(?:kannst|k[öo]nntest)\s+du\b[^?]{0,40}\bvermeiden\b"
                r"|\b(?:potresti|puoi)\s+(?:\w+\s+)?evitare\b|\b(?:voc[eê]\s+)?(?:pode|poderia)\s+(?:\w+\s+)?evitar\b", _I),
     "asked the agent not to do something"),
]

# "you changed the partition key... why?": what the agent did, then a bare "why?" (two clauses: read on the whole message)
WHY_AFTER_ACT = re.compile(r"^\W*(?:(?:wait|hmm+|so|but|and|um+)\W+)?you\s+(?:just\s+|also\s+)?" + _DID +
                           r"\b[^?!\n]{0,80}?(?:\.{2,}|\u2026|[,;:.]|\s[-\u2013\u2014]+)\s*why\s*\?+\s*$", _I)

CUES: list[tuple[re.Pattern[str], str]] = [
    # Reminders: "this was settled at the start: …", "second time now: …", "we decided on snake_case", "per our earlier
    # chat, …", "…, remember?", "recall that …"
    (re.compile(r"\b(?:this|that|it)\s+was\s+(?:already\s+)?(?:settled|agreed|decided|discussed|covered)\s+(?:at\s+the\s+start|earlier|"
                r"before|already|last\s+time|in\s+the\s+(?:plan|spec|beginning))\b"
                r"|(?:^|[,;:]\s*)(?:the\s+|for\s+the\s+)?(?:second|third|fourth|2nd|3rd|4th|nth|umpteenth)\s+time\s+(?:now|i(?:'m|\s+am|'ve|"
                r"\s+have)\s+(?:saying|said|asking|asked|telling|told)|(?:i|we)\s+(?:say|said|ask|asked|tell|told|mention(?:ed)?))\b"
                # (never a past decision that sets up new work: "we decided to use redis last week, so add a cache layer")
                r"|\bwe\s+(?:(?:already|just)\s+)?(?:discussed|decided|settled|agreed)\s+(?:on|to|that|about)\b(?![^.?!]*\?\s*$)"
                r"(?![^.?!]*(?:,\s*so\b|\bso\s+(?:add|let's|please|can|could|now|go|build|create|implement)\b|\blast\s+(?:week|month|"
                r"sprint|year)\b|\byesterday\b|\bin\s+the\s+(?:meeting|standup|retro)\b))"
                r"|\bwe\s+discussed\s+\w+ing\b"
                # "per our earlier chat, the target stays at 15" (never "per our earlier chat, here is the key you asked for")
                r"|\bper\s+our\s+(?:earlier|previous|last|original)\s+(?:chat|conversation|discussion|call|agreement|plan)\b"
                r"(?![^.?!]*\b(?:here\s+is|here's|here\s+are|attached|you\s+asked\s+for|as\s+requested)\b)"
                r"(?=[^.?!]*\b(?:stays?|should|must|is|are|use|keep|don't|do\s+not|not|never|only|goes|go)\b)"
                r"|^\W*(?:recall|remember)\s+that\b", _I),
     "reminded of an earlier instruction"),
    # Hedged: "I'd rather keep the old name", "I'd rather stick with fetch"
    # (never going on or keeping what the agent just made: "I'd rather keep going", "I'd rather stick with this approach")
    (re.compile(r"\b(?:i'd|i\s+would)\s+(?:rather|prefer\s+to)\s+(?:go\s+back|revert|undo|(?:keep|leave|stick|stay)"
                r"(?!\s+(?:going|on|at\s+it|(?:with|to)\s+)?(?:going|it|this|that|these|your|the\s+new|what\s+you)\b))\b", _I),
     "asked the agent not to do something"),
    # "maybe hold off on the Helm changes": not yet, said of the agent's changes
    (re.compile(r"\bhold\s+off\s+(?:on|with)\s+(?:the|your|those|these|that|this)\s+(?:[\w-]+\s+)?(?:changes?|edits?|refactor\w*|"
                r"rewrite|migration)\b", _I),
     "asked the agent not to do something"),
    # "cant use unwrap in prod code": a prohibition tied to where the code runs
    (re.compile(r"^\W*(?:you\s+|we\s+)?(?:can't|cannot|can\s+not|mustn't|must\s+not)\s+(?:use|call|have|put|ship|leave)\s+"
                r"[^.?!,;]{1,40}?\s+in\s+(?:prod(?:uction)?|(?:the\s+)?(?:release|library|public\s+api)\b|this\s+(?:repo|codebase|project))\b", _I),
     "prohibited an action"),
    # "not sure the extra index is a good idea", "I don't think these retries are needed"
    (re.compile(r"\b(?:(?:i'm|i\s+am)\s+)?not\s+(?:so\s+)?(?:sure|convinced)\s+(?:that\s+|if\s+|whether\s+)?(?:the|this|that|these|those|your)\s+"
                r"[^,.;?!]{1,40}?\s+(?:is|are|was|were)\s+(?:really\s+)?(?:a\s+good\s+idea|needed|necessary|worth\s+it|the\s+right\s+"
                r"(?:call|approach|way|choice|fix))\b"
                r"|\bi\s+(?:don't|do\s+not)\s+think\s+(?:the|these|those|your)\s+[^,.;?!]{1,40}?\s+(?:is|are)\s+(?:really\s+)?"
                r"(?:needed|necessary|a\s+good\s+idea|worth\s+it)\b"
                r"|\b(?:i\s+feel\s+like|i\s+think|seems\s+like|looks\s+like)\s+(?:the|these|those|your|all\s+the)\s+[^,.;?!]{1,40}?\s+"
                r"(?:aren't|isn't|are\s+not|is\s+not)\s+(?:really\s+)?(?:needed|necessary|required)\b", _I),
     "doubted the agent's answer"),
    # "it'd be nicer if the error messages weren't all caps": a wish that what is there were otherwise
    (re.compile(r"\b(?:it'd|it\s+would|would)\s+be\s+(?:much\s+|a\s+lot\s+)?(?:nicer|better|cleaner|preferable|good|nice|great)\s+if\b"
                r"[^.?!]{1,60}?\b(?:weren't|wasn't|didn't|were\s+not|was\s+not|did\s+not|don't|doesn't)\b"
                # ("it'd be great if you didn't stop there: also port the admin pages": go further, not undo: cls26)
                r"(?!\s+(?:stop|end|quit|halt)\s+(?:there|here|at|with|after)\b)", _I),
     "asked the agent not to do something"),
    # "… doesn't match the design / the mockup / the spec": the result against what it was made from
    (re.compile(r"\b(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not)\s+match\s+(?:the|our|my)\s+(?:\w+\s+)?"
                r"(?:design|mockups?|figma|spec|specification|ticket|requirements?|screenshot|wireframes?)\b", _I),
     "said the result does not look right"),
    # "ur test doesnt test anything", "your loop never terminates": a thing of the agent's, said to fail
    (re.compile(r"(?:^|[,;:]\s*)(?:but\s+|and\s+|so\s+)?your\s+(?:new\s+)?[\w()`.-]+(?:\s+[\w()`.-]+)?\s+(?:doesn't|does\s+not|didn't|did\s+not|"
                r"won't|isn't|is\s+not|aren't|never|can't)\s+(?!(?:need|have|matter|apply)\b)\w+", _I),
     "pointed out a flaw in what the agent did"),
    # "the container you built exits right after start", "the query you wrote returns duplicates"
    (re.compile(r"\b\w+\s+you\s+(?:just\s+)?(?:built|wrote|added|made|created|changed|generated|set\s+up|configured|wired|deployed)\s+"
                r"(?:still\s+|now\s+)?(?:exits|hangs|times\s+out|returns\s+(?:nothing|duplicates|empty|null|wrong)|panics|loops|"
                r"500s|404s|errors|throws|is\s+(?:broken|empty|wrong|missing)|are\s+(?:broken|empty|wrong|missing))\b", _I),
     "pointed out a flaw in what the agent did"),
    # "go vet is unhappy with your changes", "logout 500s since your refactor": a failure tied to the agent's change
    (re.compile(r"^(?![^.?!\n]*\b(?:no\s+(?:more\s+)?(?:errors?|failures?|crash\w*|issues?|problems?|warnings?)|no\s+longer\s+"
                r"(?:fails?|failing|crash\w*|errors?|breaks?)|not\s+(?:failing|crashing|erroring|broken)|stopped\s+(?:failing|crashing|"
                r"erroring)|works?|working|fine|pass(?:es|ing)?|fixed|resolved|gone)\b)"
                r"(?=[^.?!\n]*\b(?:fail\w*|errors?|erroring|500s?|404s?|crash\w*|broken|breaks|broke|unhappy|complains?|panics?|"
                r"exits?|hangs?|doesn't|does\s+not|won't|no\s+longer|stopped)\b)"
                r"[^.?!\n]*?(?<!\bnot\scaused\s)\b(?:with|since|after|by)\s+your\s+(?:\w+\s+)?(?:change|changes|edit|edits|fix|refactor\w*|rewrite|update|"
                r"commit|patch|migration)\b", _I),
     "reported a problem after the agent's change"),
    # "didn't fix anything, …", "didn't help": said with no subject, the last attempt
    (re.compile(r"^\W*(?:(?:nope|no|hmm+|ugh|sadly|nah)\W+)*(?:didn't|did\s+not)\s+(?:fix|help|change|solve)(?:\s+(?:anything|a\s+thing|it|"
                r"that|the\s+\w+)\b|\s*(?:[,.;!]|$))", _I),
     "said the fix did not work"),
    # Conventions stated as facts: "new migrations belong in db/migrate", "all money is stored in cents", "timestamps in
    # the lake are always UTC", "errors get wrapped with %w in this codebase"
    (re.compile(r"^\W*(?:(?:also|and|btw|fyi|note|so)\W+)?(?:all\s+|our\s+|new\s+|the\s+)?[\w`./-]+(?:\s+[\w`./-]+)?\s+belongs?\s+"
                r"(?:in|under|inside|into)\s+\S"
                r"|^\W*(?![^.?!]*\byou\s+can\b)(?:all|every|our)\s+(?:[\w-]+\s+){0,2}?(?:is|are)\s+(?:always\s+)?(?:stored|kept|named|formatted|written|"
                r"handled|defined|placed|wrapped|prefixed|suffixed|validated|logged|typed|versioned|encoded|expressed|represented|"
                r"measured)\s+(?:in|as|with|by|using|via)\b"
                r"|^\W*(?:all\s+|the\s+|our\s+)?(?:[\w-]+\s+)?[\w-]+s(?:\s+(?:in|on|of|for|from)\s+(?:the\s+|our\s+)?[\w-]+)?\s+(?:are|must\s+be|"
                r"should\s+be|have\s+to\s+be)\s+always\s+(?!been\b|\w+ing\b|(?:flaky|slow|broken|red|down|late|busy|noisy|empty|there|on|off|"
                r"different|annoying|hard|the\s+same|a\s+pain)\b)\w+"
                r"|^(?!\W*(?:there|i|it|this|that)\b)(?!.*\b(?:bug|problem|issue|error)s?\s+in\s+this\b)[^?]{3,80}?\b(?:get|gets|go|goes|"
                r"come|comes|live|lives|are|is|must|always|never)\b[^?]{1,60}?\b(?:in|on)\s+this\s+(?:codebase|repo|repository|"
                r"project|team|shop)\s*[.!]?\s*$", _I),
     "stated a team convention"),
    # "bei uns kommen … aus …", "chez nous on …", "aquí usamos …", "у нас принято …", "我们这边…都…", "うちでは…"
    (re.compile(r"\bbei\s+uns\s+(?:im\s+(?:team|projekt)\s+)?(?:kommen|kommt|werden|wird|verwenden|nutzen|benutzen|schreiben|"
                r"geh[öo]ren|liegen|immer|nie)\b"
                r"|\bchez\s+nous\s*,?\s+(?:on|les|la|le|tous|toutes|c'est)\b|\bici\s*,?\s+on\s+(?:utilise|met|[ée]crit|fait)\b"
                r"|\baqu[ií]\s+(?:usamos|siempre|nunca|ponemos|escribimos|trabajamos\s+con)\b|\ben\s+este\s+(?:repo|proyecto)\s*,?\s+"
                r"(?:usamos|siempre|nunca|todo|todos|las|los)\b"
                r"|\baqui\s+(?:usamos|a\s+gente\s+usa|sempre|nunca)\b|\bneste\s+(?:repo|projeto)\s*,?\s+(?:usamos|sempre|nunca)\b"
                r"|\bda\s+noi\s+(?:si\s+usa|usiamo|sempre|mai)\b"
                r"|у\s+нас\s+(?:в\s+(?:проекте|команде|репо)\s+)?(?:принято|всегда|никогда|используем|используется)"
                r"|我们(?:这边|这里|项目|团队|公司|组)(?:里|中|的)?[^，。！？,.!?]{0,24}?(?:都|一律|统一|一般|从来|必须)"
                r"|(?:うちでは|このプロジェクトでは|うちのプロジェクトでは)(?![^。！？]*まだ)[^。！？]{0,30}?(?:使(?:う|います|っています)|書(?:く|きます)|"
                r"置(?:く|きます)|統一|決ま(?:り|って)|ルール|禁止|必ず|常に|いつも)", _I),
     "stated a team convention"),
    # "we use pnpm, not npm" and "in this project we always use pnpm" in the grammar of the other languages (review36 R36-1):
    # "wir nutzen pnpm, nicht npm", "hier verwenden wir pnpm", "wir verwenden immer logging, nie print", "qui usiamo pnpm, non
    # npm", "in questo progetto usiamo sempre pnpm", "dans ce projet on utilise pnpm", "nous utilisons pnpm, pas npm", "мы
    # используем pnpm, а не npm", "我们一直用 pnpm，不用 npm": the team's way with a contrast, an always/only/never, or
    # "here / in this project" (never a bare "wir verwenden React" describing the stack, nor "we used to")
    (re.compile(r"\b(?:hier|in\s+diesem\s+(?:projekt|repo))\s*,?\s+(?:nutzen|verwenden|benutzen|nehmen|schreiben)\s+wir\b"
                r"|\bwir\s+(?:nutzen|verwenden|benutzen|nehmen|schreiben)\s+(?:immer|nur|ausschlie(?:ß|ss)lich|nie|niemals)\b"
                r"|\bwir\s+(?:nutzen|verwenden|benutzen|nehmen)\s+[^,.;!?\n]{1,40}?,\s*(?:nicht|nie|niemals|kein(?:e|en)?)\s+\S"
                r"|\b(?:qui|in\s+questo\s+(?:progetto|repo))\s*,?\s+(?:usiamo|utilizziamo|scriviamo|mettiamo)\b"
                r"|\b(?:usiamo|utilizziamo)\s+(?:sempre|solo|soltanto|mai)\b|\b(?:usiamo|utilizziamo)\s+[^,.;!?\n]{1,40}?,\s*(?:non|mai)\s+\S"
                r"|\bdans\s+ce\s+(?:projet|repo|d[ée]p[oô]t)\s*,?\s+(?:on|nous)\s+(?:utilise|utilisons|met|mettons|[ée]crit|[ée]crivons)\b"
                r"|\b(?:on\s+utilise|nous\s+utilisons)\s+(?:toujours|uniquement|seulement)\b"
                r"|\b(?:on\s+utilise|nous\s+utilisons)\s+[^,.;!?\n]{1,40}?,\s*(?:(?:et\s+)?pas|jamais)\s+\S"
                r"|(?<![\w-])мы\s+(?:всегда|только)\s+(?:используем|пишем|берём|берем)(?![\w-])"
                r"|(?<![\w-])мы\s+(?:используем|пишем|берём|берем)\s+[^,.;!?\n]{1,40}?,\s*а\s+не\s+\S"
                r"|我们(?:一直|都|只|从来都|一律|统一)(?:用|使用)(?![过了着])"
                r"|我们(?:用|使用)(?![过了着])[^，。！？,.!?]{1,30}[，,]\s*(?:不用|不是|而不是)", _I),
     "stated a team convention"),
    # "arrête de modifier les tests", "deja de cambiar …", "para de mexer …", "hör auf, …", "smetti di …", "хватит …"
    # (never a reassurance: "arrête de t'inquiéter", "хватит на сегодня"; Spanish "para de llover" is the rain stopping)
    (re.compile(r"\b(?:arr[êe]te[sz]?|arr[êe]tez)\s+de\s+(?!(?:t'|te\s+|vous\s+|s')?(?:inqui[ée]t|stress|pr[ée]occup|en\s+faire|"
                r"t'excuser\s+pour\s+rien)\w*)"
                r"|\b(?:deja|dej[aá]|dejad)\s+de\s+(?!preocupar|estresar|llover)\w+(?:ar|er|ir)\b"
                r"|\bpare\s+de\s+\w+(?:ar|er|ir)\b|\bpara\s+de\s+(?:mexer|alterar|mudar|modificar|tentar|criar|usar|apagar|deletar|"
                r"editar|inventar|adicionar|remover|ler|escrever|rodar|executar|refatorar|reescrever)\b"
                r"|\bh[öo]r(?:t)?\s+(?:endlich\s+)?auf\s*(?:,|\bzu\b|\bmit\b|$)"
                r"|\b(?:smetti|smettila|smettete)\s+di\b|(?:^|\s)(?:хватит|перестань|прекрати)\s+\w+(?:ть|ться|ти)\b", _I),
     'says "stop…"'),
    # "勝手に依存関係を追加した": the agent acted on its own
    (re.compile(r"勝手に[^。！？!?]{0,30}?(?:した|しました|しない|しないで|変え|消し|追加し|入れ)", _I),
     "said the agent acted without being asked"),
]

# Still broken, in words the tables did not hold: "the flaky test still times out".
PERSISTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bstill\s+(?:times?\s+out|timing\s+out|returns?\s+(?:nothing|empty|null|duplicates|the\s+same)|"
                r"(?:500|404|403|401)s)\b", _I),
     "said the result is still broken"),
]

# A direction hedged with "maybe" / "perhaps" and typed with a question mark ("perhaps leave the CI file alone for now?").
HEDGED_ASK = re.compile(r"^\W*(?:(?:ok(?:ay)?|hmm+|so|and|but)\W+)?(?:maybe|perhaps|possibly)\b(?!\s+(?:we|you|i)\s+(?:could|can|should)\b)", _I)

# "y is the gradle version changed??": "y" for "why", only opening a question that asks about what changed or what the
# person is asked ("y is 0 here?" asks about a variable named y).
SHORT_WHY = re.compile(r"^(\W*)y(\s+(?:is|are|was|were|did|does|do|would|has|have)\s+(?:\w+\s+){0,6}?(?:\w+ed|you|u)\b[^?]*\?+\s*)$", _I)


def why_spelled_out(own: str) -> str:
    """``own`` with a leading "y" read as "why" where it opens such a question."""
    return SHORT_WHY.sub(r"\1why\2", own)


# -- The same groups in other languages (written from the forms, no corpus message read) -------------------------------
# "is there a reason you …", reminders of what was agreed, hedged preferences to keep or leave something.
CHALLENGES += [
    (re.compile(r"\bhay\s+(?:alguna\s+|una\s+)?raz[oó]n\s+(?:para\s+que|por\s+la\s+que)\s+(?:hayas|\w+ste)\b"           # es
                r"|\btem\s+(?:algum\s+)?motivo\s+(?:pra|para|pelo\s+qual)\s+(?:voc[eê]\s+)?(?:ter\s+)?\w+(?:ado|ido|ou|eu)\b"    # pt
                r"|\bil\s+y\s+a\s+une\s+raison\s+(?:pour\s+laquelle|[àa]\s+ce\s+que)\s+(?:tu\s+as|vous\s+avez)\b"                  # fr
                r"|\bgibt\s+es\s+(?:einen|irgendeinen)\s+grund,?\s+(?:warum|wieso|weshalb)\s+du\b"                               # de
                r"|\bc'[eè]\s+un\s+motivo\s+per\s+cui\s+(?:hai|avete)\b", _I),                                                  # it
     'asks "why did you…"'),
]

# A reminder abroad counts with a rule after it (a "no", a "never", "only", "always", a place things go), never with a
# note about a meeting, a day or something handed over ("como acordamos con el cliente, la demo es el viernes", "как
# договаривались, вот ключ от API").
_RULE_ABROAD = (r"(?=[^.!?\u3002]*(?:\b(?:no|nada|sin|sem|nunca|jam[aá]is|pas|kein\w*|nicht|nie|niente|non|mai|sempre|siempre|"
                r"toujours|immer|only|solo|s[oó]|seulement|nur|van|vont|v[aã]o|gehören|usa|usar|usamos|utilise|verwende|nutze)\b|"
                r"без|не\s|никогда|всегда|только|используй|不|别|没|禁止|只|一律|总是|ない|ません|だけ|必ず|常に|使って|ください))")
_NOTE_ABROAD = (r"(?![^.!?\u3002]*(?:\b(?:demo|d[ée]mo|reuni[oó]n|r[ée]union|meeting|besprechung|cliente|client|kunde|viernes|"
                r"vendredi|freitag|sexta|venerd[iì]|morgen|demain|ma[nñ]ana|amanh[aã]|domani|hier|ayer|ontem|gestern|ieri|voici|"
                r"aqu[ií]\s+(?:est[aá]|tienes)|segue|ecco)\b|встреч|созвон|клиент|пятниц|завтра|вчера|вот\s|ключ|会议|客户|周[一二三四五六日]|"
                r"星期|明天|昨天|发布|可以开始|会議|明日|昨日))")
CUES += [
    (re.compile(r"(?:\bcomo\s+(?:ya\s+)?(?:lo\s+)?(?:acordamos|hablamos|quedamos|decidimos)\b|\bya\s+(?:lo\s+)?(?:acordamos|hablamos|"
                r"decidimos)\b|\bquedamos\s+en\s+que\b"                                                                       # es
                r"|\bcomo\s+(?:a\s+gente\s+)?(?:combinamos|conversamos|decidimos|falamos)\b|\bj[aá]\s+(?:tinhamos\s+|t[ií]nhamos\s+)?"
                r"(?:combinamos|conversamos|decidimos|combinado)\b"                                                           # pt
                r"|\bcomme\s+(?:on\s+l'a|on\s+(?:a\s+|avait\s+)?(?:dit|convenu|d[ée]cid[ée])|nous\s+l'avons|convenu)\b"
                r"|\bon\s+avait\s+(?:dit|convenu|d[ée]cid[ée])\b"                                                              # fr
                r"|\bwie\s+(?:besprochen|vereinbart|abgemacht|ausgemacht)\b|\bwir\s+hatten\s+(?:doch\s+)?(?:vereinbart|besprochen|"
                r"abgemacht|ausgemacht|gesagt)\b"                                                                             # de
                r"|\bcome\s+(?:avevamo\s+|abbiamo\s+)?(?:concordato|deciso|detto)\b"                                          # it
                r"|как\s+(?:мы\s+)?(?:и\s+)?(?:договаривались|договорились|обсуждали|решили)|мы\s+же\s+(?:договорились|решили|обсуждали)"  # ru
                r"|(?:我们|咱们)(?:之前|刚才|已经)?(?:说好|约定|商量好|讨论过|定好)了?|不是说好|按(?:照)?(?:之前|刚才)?(?:说好|约定)的"  # zh
                r"|(?:前に|さっき|最初に)(?:言った|決めた|話した)(?:よね|通り|はず)|約束(?:した|しました)(?:よね|のに))"         # ja
                + _RULE_ABROAD + _NOTE_ABROAD, _I),
     "reminded of an earlier instruction"),
    (re.compile(r"\bpreferir[ií]a\s+(?:que\s+no|mantener|dejar|conservar|no)\b|\bmejor\s+(?:no\s+(?:toques|cambies|uses|a[nñ]adas|borres)|"
                r"mant[eé]n|mantener)\b"                                                                           # es
                r"|\bprefiro\s+(?:que\s+n[aã]o|manter|deixar|n[aã]o)\b|\b[eé]\s+melhor\s+(?:n[aã]o|deixar|manter)\b"          # pt
                r"|\bje\s+pr[ée]f[ée]rerais\s+(?:qu'on\s+garde|garder|laisser|ne\s+pas|que\s+tu\s+ne)\b"
                r"|\bil\s+vaudrait\s+mieux\s+(?:ne\s+pas|garder|laisser)\b"                                                   # fr
                r"|\bich\s+(?:w[üu]rde|h[äa]tte)\s+(?:\w+\s+){0,3}?lieber\s+(?:\w+\s+){0,3}?(?:behalten|lassen|nicht)\b"
                r"|^\W*(?:lieber|besser)\s+nicht\b"                                                                           # de
                r"|\bpreferirei\s+(?:non|mantenere|lasciare)\b"                                                                # it
                r"|^\W*(?:лучше|давай\s+лучше)\s+(?:не\s+\w+|оставь|оставить|верни|вернуть)|я\s+бы\s+(?:предпоч[её]л\s+(?:бы\s+)?(?:оставить|не\s|старый|прежн)|оставил|не\s+стал)"  # ru
                r"|最好(?:不要|别)(?:再)?(?:改|动|删|碰|换|加)|还是(?:保留|用回|改回)[^，。,.!！?？]{0,12}吧"                                                  # zh
                r"|(?:変えない|触らない|消さない|追加しない)(?:ほうが|方が)(?:いい|良い)", _I),                                     # ja
     "asked the agent not to do something"),
]


# -- Second round, written from no message (the hedged, reminder and challenge groups) -------------------------
CHALLENGES += [
    # "why redux and not context?", "why moment over date-fns?": the agent's choice set against another
    (re.compile(r"^\W*(?:(?:but|so|hmm+|wait|and)\W+)?why\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+(?:and\s+not|rather\s+than|over|instead\s+of)\s+"
                r"[\w.+#-]+", _I),
     'asks "why did you…"'),
]

CUES += [
    # "not really what I had in mind", "I had something else in mind"
    (re.compile(r"\bnot\s+(?:really\s+|quite\s+|exactly\s+|sure\s+(?:that's|that\s+is|this\s+is|it's)\s+)?what\s+i\s+(?:had|have)\s+in\s+mind\b|\bi\s+had\s+something\s+"
                r"(?:else|different)\s+in\s+mind\b", _I),
     'says "not what I asked"'),
    # "I was hoping for a simpler version", "I was expecting the tests to stay in one file" (never "I was hoping you could
    # help with …", a request)
    (re.compile(r"\bi\s+was\s+(?:hoping\s+(?:for\s+)?(?:a|an|something|the|it|this|that|more|less|fewer|one)|expecting\s+(?:something|"
                r"the|it|this|that|more|less|fewer))\b"
                r"(?![^.?!]*\b(?:you\s+(?:could|can|would)|to\s+(?:finish|get|see|hear|talk|meet|ship)\b))", _I),
     "said the result is not what was expected"),
    # "not a fan of the new naming", "I'm not a big fan of all these helper classes"
    (re.compile(r"^\W*(?:(?:hmm+|honestly|tbh|ngl|um+|so)\W+)*(?:i'm\s+|i\s+am\s+)?(?:really\s+)?not\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+"
                r"(?:the|this|that|these|those|your|all|how|having|using)\b", _I),
     "disliked what the agent made"),
    # "the spacing looks a little too tight", "feels a bit too busy"
    (re.compile(r"\b(?:looks?|feels?|seems?)\s+(?:a\s+bit|a\s+little|slightly|kind\s+of|kinda|way|far)\s+too\s+"
                r"(?!(?:good|nice|great|perfect|easy|clean|fast)\b)\w+", _I),
     "said the result does not look right"),
    # "not sure about the naming here", "I'm not sure about your approach"
    (re.compile(r"\bnot\s+(?:so\s+|too\s+|really\s+|entirely\s+)?sure\s+about\s+(?:the|this|that|these|those|your)\s+(?:new\s+)?"
                r"(?:naming|names?|approach|design|structure|layout|implementation|changes?|abstractions?|api|interface|pattern|"
                r"solution|fix|colou?rs?|wording|styling|logic|refactor\w*|helpers?|wrappers?)\b", _I),
     "doubted the agent's answer"),
    # "it might be better to keep it in one file", "might be cleaner to use a dataclass"
    (re.compile(r"\b(?:it\s+)?(?:might|may|could)\s+be\s+(?:better|cleaner|simpler|safer|nicer|easier)\s+to\s+(?:just\s+)?(?:keep|leave|"
                r"use|stick|put|move|split|merge|inline|extract|reuse|store|return|go\s+with|switch|not)\b", _I),
     "asked the agent not to do something"),
    # "hmm, I think we should keep the old endpoint": hesitation, then a direction (never new work, "also …", or going on)
    (re.compile(r"^\W*(?:hmm+|hm+|um+|uh+|well|erm)\W+(?:i\s+think\s+|i\s+feel\s+like\s+|maybe\s+)?(?:we|you)\s+should\s+"
                r"(?!(?:also|now|next|too|ship|merge|deploy|go|proceed|continue|carry\s+on|keep\s+(?:going|on|moving)|"
                r"be\s+(?:good|fine|done|ok))\b)\w+", _I),
     "asked the agent not to do something"),
    # "don't forget we use pnpm", "don't forget that the API is versioned" (never a meeting or a time: the note veto)
    (re.compile(r"^\W*(?:(?:also|and|but|oh|btw)\W+)?(?:don't|do\s+not)\s+forget\s+(?:that\s+|about\s+)?(?:we|our|the|this|it)\b"
                r"(?![^.?!]*\b(?:meeting|call|standup|stand-up|demo|lunch|today|tomorrow|tonight|monday|tuesday|wednesday|"
                r"thursday|friday|weekend|deadline|\d+\s*(?:am|pm))\b)", _I),
     "reminded of an earlier instruction"),
    # "I thought we were using tailwind", "I thought you'd keep the old API"
    (re.compile(r"\bi\s+thought\s+(?:we|you)(?:'d|\s+would|\s+were|'re|\s+are)\s+(?:going\s+to\s+|gonna\s+)?(?:use|using|keep|keeping|"
                r"stick|sticking|leave|leaving)\b", _I),
     "reminded of an earlier instruction"),
]


# -- Third round (cls26), from the second blind set's half A: general forms, each with typed look-alikes that must stay
# quiet (tests/capture_text/test_indirect_third_round.py) ---------------------------------------------------------------
_DESTROYED = (r"(?:delete|deleted|remove|removed|drop|dropped|wipe|wiped|nuke|nuked|overwrite|overwrote|overwritten|truncate|"
              r"truncated|reset|force[\s-]?push(?:ed)?|rewrite|rewrote|disable|disabled|comment(?:ed)?\s+out|skip|skipped|"
              r"change|changed|rename|renamed|replace|replaced|downgrade|downgraded|hardcode|hardcoded|hard-coded)")
_THING = r"(?:it|them|that|this|those|these|(?:the|my|our|your)\s+[\w.`-]+(?:\s+[\w.`-]+){0,2})"
CHALLENGES += [
    # "did you just delete the entire fixtures folder???", "did you really hardcode the key?", "did u even test it": the
    # agent's act asked about in disbelief (a destructive act after "just / really / actually", or "even", or "??")
    (re.compile(r"^\W*(?:(?:wait|hold\s+on|uh+|um+|hm+|so|and|but|wtf|omg)\W+)*did\s+(?:you|u)\s+(?:(?:just|really|actually|seriously)\s+"
                + _DESTROYED + r"\b|even\s+(?:test|run|try|check|read|look|compile|build|open|look\s+at)\b|(?:just|really|actually)\s+\w+[^?]{0,80}\?\s*[?!]+)"
                r"(?![^?]*\b(?:like|as)\s+(?:i|we)\s+(?:asked|said|wanted|planned)\b)", _I),
     "challenges what the agent did"),
    # "how does this even pass?", "how is that even compiling?": the result doubted in disbelief ("even")
    (re.compile(r"\bhow\s+(?:does|do|did|is|are|can|could)\s+(?:this|that|it|these|those|the\s+\w+)\s+even\s+(?:pass|passing|work|working|"
                r"compile|compiling|run|running|build|building|make\s+sense|possible)\b", _I),
     "challenges what the agent did"),
    # "what's with all the `any` types you added", "what's up with the three new helpers you wrote?"
    (re.compile(r"\bwhat(?:'s|\s+is)\s+(?:up\s+)?with\s+(?:all\s+)?(?:the|these|those|this|that|your)\b[^?.!]{1,60}?\b(?:you|u)\s+(?:just\s+)?"
                + _DID + r"\b", _I),
     "challenges what the agent did"),
    # "where are the tests? you said you'd write them", "you said you would keep the old endpoint, but it's gone": what
    # the agent said it would do, missing (never "you said you'd write them later, that's fine" or a question about it)
    (re.compile(r"\byou\s+said\s+(?:that\s+)?(?:you'd|you\s+would|you\s+were\s+going\s+to|you'll|you\s+will|you\s+did|you\s+had|you've|"
                r"you\s+have|it\s+(?:was|would\s+be|is))\b"
                r"(?![\s\S]*\b(?:later|tomorrow|next\s+(?:time|week|sprint)|that's\s+fine|no\s+rush|thanks|thank\s+you|great|"
                r"what\s+did\s+you\s+find)\b)", _I),
     "reminded the agent of what it said it would do"),
    # "could you maybe put the helper back where it was?", "can you move it back?", "change the colour back": undo asked
    # ("turn the LED back on": a switch flipped again, new work, not an undo of the agent's change)
    (re.compile(r"\b(?:put|move|change|set|bring|rename|revert)\s+" + _THING + r"\s+back\b(?!\s+(?:button|end|office|up|online|"
                r"on\s+track)\b)|\b(?:turn|switch)\s+" + _THING + r"\s+back\b(?!\s+(?:on|off|up|online)\b)"
                r"|\bback\s+(?:where|the\s+way|to\s+(?:how|the\s+way|what))\s+(?:it|they|i\s+had\s+(?:it|them))\s+(?:was|were|had)?\b"
                r"|\bback\s+to\s+(?:how|the\s+way)\s+it\s+was\b", _I),
     "asked to revert the agent's change"),
    # "shouldn't the cache be invalidated on update, not just on logout?": what the agent's thing should do instead
    (re.compile(r"^\W*(?:(?:but|so|hmm+|wait|and)\W+)?(?:shouldn't|should\s+not|wouldn't)\s+(?:this|that|it|these|those|the\s+[\w.`-]+(?:\s+[\w.`-]+)?)"
                r"\s+(?:be|use|go|stay|return|have|live)\b[^?]{1,100}?(?:,?\s+not\s+(?:just|only)\b|\binstead\s+of\b|\brather\s+than\b|,\s+not\s+\w)", _I),
     "challenges the approach"),
]

CUES += [
    # "not sure this is right", "I'm not convinced that's correct" (the agent's answer or work doubted, as a whole)
    (re.compile(r"\bnot\s+(?:so\s+|entirely\s+|really\s+|100%\s+)?(?:sure|convinced)\s+(?:that\s+)?(?:this|that|it)(?:'s|\s+is)\s+"
                r"(?:right|correct|the\s+right\s+(?:approach|fix|way|call)|a\s+good\s+(?:idea|fix|approach))\b"
                # "I'm not convinced this handles the null case" (review26 R26-4)
                r"|\bnot\s+(?:so\s+|entirely\s+|really\s+)?(?:sure|convinced)\s+(?:that\s+)?(?:this|that|it|your\s+\w+)\s+(?:really\s+|actually\s+)?"
                r"(?:handles|covers|fixes|solves|catches)\b", _I),
     "doubted the agent's answer"),
    # "tests in this repo live under spec/", "components live in src/ui": where things go, stated as a fact (a path or a
    # named folder after it; "the logs live in /var/log" with a lookup after it is withdrawn: `withdrawals.BUILDS_ON`)
    (re.compile(r"^\W*(?:(?:also|and|btw|fyi|note|so)\W+)?(?:all\s+|our\s+|new\s+|the\s+)?[\w`./-]+s(?:\s+in\s+(?:this|the|our)\s+(?:repo|"
                r"codebase|project))?\s+(?:live|go|sit|are\s+kept|are\s+placed)\s+(?:in|under|inside)\s+(?:the\s+)?(?:[\w.-]*/[\w./-]*|"
                r"`[^`]+`|[\w-]+\s+(?:folder|directory|dir|package|module))", _I),
     "stated a team convention"),
    # "infra changes only go through terraform", "deploys only happen via CI": the only way a thing is done here (never a
    # condition: "the request only goes through if the token is valid")
    (re.compile(r"^\W*(?:(?:also|and|btw|fyi|note|so)\W+)?(?:all\s+|our\s+|the\s+)?(?:[\w-]+\s+){0,2}?[\w-]+s\s+only\s+(?:ever\s+)?(?:go|goes|"
                r"happen|happens|get\s+\w+ed|are\s+\w+ed|run|runs)\s+(?:through|via|in|with|from|on)\s+\S+"
                r"(?![^.?!]*\b(?:if|when|once|unless|after)\b)", _I),
     "stated a team convention"),
    # "no tabs pls, we use 2 spaces", "no print statements please, we use the logging module", "no prints, use the
    # logger", "kein print bitte, wir nutzen logging", "nada de print, usamos logging": the agent's thing refused and the
    # team's way said next to it
    (re.compile(r"^\W*(?:(?:bitte|please|pls|por\s+favor|per\s+favore)\s+)?(?:no|kein(?:e|en)?|nada\s+de|sin|pas\s+de|niente|sem|nessun[oa]?)\s+(?!(?:worries|problem|problems|rush|hurry|"
                r"need|thanks|idea|clue|pressure|stress|prisa|problema|souci|stress|sorge)\b)[\w().`'-]+(?:\s+[\w().`'-]+){0,4}?"
                r"\s*(?:please|pls|plz|bitte|por\s+favor|s'il\s+te\s+pla[iî]t|stp|per\s+favore)?\s*[,.;:!\u2013\u2014-]*\s*"
                r"(?<![\w'`])(?:we\s+(?:use|do|want|prefer|stick\s+(?:to|with)|go\s+with)|"
                # "we log through app/log.py here", "we format with black": the team's own way of doing it (review41
                # R41-10); a verb in the present, never a past or a modal ("we talked with", "we can do with")
                r"we\s+(?:always\s+|only\s+|just\s+)?(?!(?:are|were|was|can|could|will|would|should|shall|may|might|must|had|have|has|did|"
                r"need|needs|got|get|go|went|came|come|talk|talked|spoke|speak|agreed|agree|met|meet|work|worked|start|begin|continue|"
                r"deal|live|stay|finish|play|move|proceed|carry|chat|share|help|ask|sit|stand|sleep|eat|be)\b)[a-z]+(?<!ed)"
                r"(?:\s+(?!(?:through|via|using|with|under|from|against|inside|in)\b)[\w.()'-]+){0,3}?\s+(?:through|via|using|with|under|from|against|"
                r"inside|in(?=\s+\S*[./_`]))(?=\s+(?!(?:you|him|her|them|the\s+team|"
                r"the\s+client|that|this|it)\b))|(?:just\s+)?use|stick\s+(?:to|with)|wir\s+(?:nutzen|verwenden|"
                r"benutzen|nehmen)|nutze|verwende|usamos|usa|on\s+utilise|nous\s+utilisons|utilise|usiamo)\s+\S", _I),
     "stated a team convention"),
]

CUES += [
    # "いいえ、そのファイルではなく config/production.yml を修正してください", "아니요, 그 파일 말고 prod 설정을 고쳐 주세요", "不对，不是这个文件，
    # 是 prod 的": a "no" that opens the message, then "not X but Y" (never "いいえ、大丈夫です", no contrast after it)
    (re.compile(r"^\W*(?:いいえ|いや|ちがう|違う|違います)[、,。!！\s]+[^。？?]*?(?:ではなく|じゃなくて|じゃなく)"
                r"|^\W*(?:아니요|아뇨|아니)[,.!\s]+[^.?？]*?말고"
                r"|^\W*(?:不对|不是|不)[，,。!！\s]+[^。？?]*?(?:不是|而不是)[^。？?]*?(?:是|用|改)"
                # "no, non quella tabella ma quella degli ordini", "no, esa no sino la de pedidos", "non, pas celle-là mais …",
                # "nein, nicht die Tabelle, sondern …", "não, não essa mas a …" (review26 R26-4)
                r"|^\W*no[,.!]?\s+non\s+[^.?!]{1,60}?\bma\b|^\W*no[,.!]\s+[^.?!]{0,40}?\bsino\b"
                r"|^\W*non[,.!]?\s+pas\s+[^.?!]{1,60}?\bmais\b|^\W*nein[,.!]?\s+nicht\s+[^.?!]{1,60}?\bsondern\b"
                r"|^\W*n[aã]o[,.!]?\s+n[aã]o\s+[^.?!]{1,60}?\bmas\b", _I),
     'says "X, not Y"'),
]

# The agent's earlier work named, with its fault, anywhere in a message (a correction buried in a new request: "next up
# is the export. also the tests you added last time don't run in CI", "btw the env var you introduced isn't documented
# anywhere", "one thing: you hardcoded the tax rate"). Written from no message (cls26; real dev: no message of either kind).
# Never praise or new work ("the tests you added are passing now, thanks", "the API you built should also support
# paging", "the helper you wrote isn't wired in yet, we'll do it tomorrow").
_YOUR_WORK = (r"\b(?:the|that|this|those|these)\s+(?:[\w.`-]+\s+){0,3}?(?:you|u)\s+(?:just\s+|also\s+)?(?:wrote|added|made|built|"
              r"created|changed|implemented|introduced|generated|refactored|updated|moved|renamed|used|picked|chose)\b")
CUES += [
    (re.compile(_YOUR_WORK + r"(?![^.;!?]*\b(?:yet|thanks|thank\s+you|great|perfect|nice|works?\s+(?:great|fine|well)|passing|"
                r"green|looks?\s+good)\b)[^.;!?]{0,100}?(?:n't\b|\bnot\b|\bnever\b|\bno\s+longer\b|\bstill\b|\btoo\b|"
                r"\b(?:should|has\s+to|have\s+to|needs?\s+to|must)\b(?!\s+(?:also|too|now|next)\b)|\b(?:overlaps?|drops?|breaks?|fails?|"
                r"crashes|leaks?|wrong|missing|broken|ignores?|skips?|duplicates?|loses?|deletes?|wipes?|even\s+when)\b)", _I),
     "pointed out a flaw in what the agent did"),
    (re.compile(r"(?:^|[,;:.]\s*|\b(?:also|btw|and|oh)\s+)(?:you|u)\s+(?:just\s+|also\s+)?(?:hardcoded|hard-coded|duplicated|skipped|"
                r"ignored|disabled|commented\s+out|mocked\s+out|broke|dropped)\s+(?!(?:it|that|this)\s+(?:like|as)\s+i\s+asked\b)\w+", _I),
     "pointed out a flaw in what the agent did"),
]

# Hedged ways back to what was there, written from no message (cls26; cls25 left "I wonder if we should just keep …" and
# "any chance we can use …" as misses): "I wonder if we should just keep the old parser", "any chance we could stick with
# the built-in logger?", "maybe we should go back to the previous layout". Never more of the same ("… in the new service
# too", "… as well") or keeping something new ("any chance you can keep the logs for a week?").
_BACK_TO_OLD = (r"(?:just\s+)?(?:keep|stick\s+with|stay\s+with|use|go\s+with)\s+(?:the\s+|our\s+)?(?:old|existing|original|previous|"
                r"current|built-in|builtin|standard|stdlib|native)\b|(?:just\s+)?(?:go\s+back|revert|roll\s*back|switch\s+back)\b"
                r"|(?:just\s+)?(?:keep|leave)\s+(?:it|them|that|this)\s+(?:as|like|the\s+way)\s+(?:it|they)\s+(?:was|were)\b")
_MORE_OF_IT = r"(?![^.?!]*\b(?:too|as\s+well|also|in\s+the\s+new|for\s+the\s+new)\b)"
# (an option weighed openly, `guards.ASKS_OPENLY`, still corrects when the option is the way back)
BACK_TO_OLD = re.compile(r"\b(?:should|could|shouldn't)\s+(?:just\s+|maybe\s+)?(?:" + _BACK_TO_OLD + r")" + _MORE_OF_IT, _I)
CUES += [
    (re.compile(r"\bi\s+(?:wonder|was\s+wondering|'m\s+wondering)\s+(?:if|whether)\s+(?:we|you)\s+(?:should|could|shouldn't)\s+(?:just\s+|maybe\s+)?"
                r"(?:" + _BACK_TO_OLD + r")" + _MORE_OF_IT, _I),
     "asked the agent not to do something"),
]
CHALLENGES += [
    (re.compile(r"\bany\s+chance\s+(?:we|you|u)\s+(?:can|could)\s+(?:" + _BACK_TO_OLD + r")" + _MORE_OF_IT, _I),
     "asked the agent not to do something"),
]


# The agent's way of working complained of: it asks where it should act (cls42, issue 20: the held-out summary names
# "complaints about how many questions the agent asks"; written from the form, with dev's "stop asking me to say things
# just do it" and "everything dont ask me you do continuously"). "don't ask me, just do it", "stop asking for
# confirmation", "you ask too many questions", "why do you keep asking me?". Never "don't ask me why" (an idiom), a
# question asked about the person's own asking, or asking allowed ("feel free to ask me questions").
ASKS_INSTEAD_REASON = "complained that the agent asks instead of doing"
CUES += [
    (re.compile(r"\b(?:don't|do\s+not|stop|quit|no\s+need\s+to|you\s+don't\s+(?:need|have)\s+to)\s+(?:keep\s+|always\s+)?"
                r"(?:ask(?:ing)?|check(?:ing)?\s+(?:in\s+)?with|bother(?:ing)?)\s+"
                r"(?:me\b(?!\s+(?:why|how|what|where|when|who|which|if\s+you\s+(?:need|have)|anything\s+else)\b)"
                r"|(?:me\s+)?(?:for\s+(?:my\s+)?(?:confirmation|permission|approval|consent)|(?:so\s+many\s+|all\s+these\s+|these\s+|more\s+)?"
                r"questions)\b)"
                r"|\byou\s+(?:keep\s+|are\s+|'re\s+|always\s+)?ask(?:ing)?\s+(?:me\s+)?(?:too\s+many|so\s+many|way\s+too\s+many|"
                r"far\s+too\s+many)\s+questions\b"
                r"|\bwhy\s+(?:do|are)\s+you\s+(?:still\s+|keep\s+|always\s+)(?:asking|ask)\b"
                r"|\bwhy\s+are\s+you\s+asking\s+me\s+(?:again|this\s+again|every\s+time|each\s+time)\b", re.I),
     ASKS_INSTEAD_REASON),
]

# A refusal of the step the agent left to the person, whatever the answer said: "no, do it for me", "nope, you run it",
# "não, faça isso pra mim", "no, hazlo tú" (cls42, issue 20, item 2; dev's "nao, faça isso pra mim" after "Como você
# iniciou o servidor?"). The opening "no" is what makes it a refusal: "do it for me" alone may be a task ("crie um arquivo
# pra mim"), read only after an answer that handed the step over (`against_answer.ACT_YOURSELF`).
CUES += [
    (re.compile(r"^\W*(?:no+|nope|nah)[,.!]*\s+(?:(?:just|please|pls)\s+)?(?:you\s+(?:do|run|fix|check|test|handle)\s+(?:it|that|this|them)\b|"
                r"(?:do|run|fix|check|test|handle|execute)\s+(?:it|that|this|them)\s+(?:for\s+me|yourself|by\s+yourself)\b)"
                r"|^\W*n[aã]o[,.!]*\s+(?:(?:por\s+favor)\s+)?(?:fa[cç]a|faz|rode|execute|teste|verifique|corrija)\s+(?:(?:isso|isto|tudo)\s+)?"
                r"(?:voc[eê]\s+mesm[oa]|voc[eê]|(?:pra|para|por)\s+mim)\b"
                r"|^\W*no[,.!]*\s+(?:(?:por\s+favor)\s+)?(?:hazlo|haz(?:lo)?\s+t[uú]|h[aá]zmelo|hazlo\s+por\s+m[ií])\b", re.I),
     "told the agent to act instead of describing"),
]

# The agent named as the cause of the errors it should now fix: "fix all the errors that you created!", "clean up the mess
# you made", "the bugs you introduced are still there" (cls42, issue 20; dev's "fix all the errors that you created!" after an
# answer that offered more work). Never what the agent fixed, found or mentioned ("the bug you fixed", "the issue you
# found", "the errors you mentioned"), the person's own ("the errors I created"), or issues of a tracker ("the issues you
# created on GitHub").
CUES += [
    (re.compile(r"\b(?:errors?|bugs?|mess|problems?|regressions?|breakage|typos?|damage)\s+(?:that\s+|which\s+)?"
                r"(?:you|u)\s+(?:just\s+|have\s+|'ve\s+)?(?:created|introduced|caused|made|added|left|broke|wrote|generated|brought\s+in)\b"
                r"(?!\s+(?:me|us)\s+(?:aware|notice|see|look))"
                r"|\b(?:los|las)\s+(?:errores|fallos|bugs|problemas)\s+que\s+(?:t[uú]\s+)?(?:creaste|introdujiste|causaste|metiste|dejaste)\b"
                r"|\b(?:os|as)\s+(?:erros|bugs|problemas|falhas)\s+que\s+(?:voc[eê]|tu)\s+(?:criou|introduziu|causou|deixou|criaste|causaste)\b"
                r"|\b(?:les\s+)?(?:erreurs|bugs|probl[eè]mes)\s+que\s+tu\s+as\s+(?:cr[eé][eé]s?|introduits?|caus[eé]s?|laiss[eé]s?)\b"
                r"|你(?:造成|引入|搞出|弄出|留下|制造)的(?:错误|问题|bug|报错|BUG)", re.I),
     "named the agent's own errors"),
]
