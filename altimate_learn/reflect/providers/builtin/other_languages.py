"""A choice between two tools of one job said in German, Spanish, French, Portuguese or Italian, kept in the person's own
words (refl27, issue 20).

The templates read English; feedback in another language waits for a model or a person (`text.not_english`). One
shape is safe to read without knowing the language well: one tool named against another tool of the same job
(vocabulary.TOOL_FAMILIES: `pnpm` and `npm`, `vitest` and `jest`), or two pieces of code the person put in backticks,
joined by the language's own "not X but Y" / "use X instead of Y" / "we use X, not Y":

=====================================================  ==================================================
feedback                                               lesson
=====================================================  ==================================================
"Nein, nicht npm, sondern pnpm"                        Nicht `npm`, sondern `pnpm`.
"verwende vitest statt jest"                           Verwende `vitest` statt `jest`.
"no uses npm, usa pnpm"                                No uses `npm`, usa `pnpm`.
"pas jest mais vitest"                                 Pas `jest` mais `vitest`.
"usamos pnpm, não npm"                                 Usamos `pnpm`, não `npm`.
"immer pnpm, nicht npm"                                Immer `pnpm`, nicht `npm`.
=====================================================  ==================================================

The lesson is the person's clause as typed (its lead "nein," / "no," / "bitte" left out, the two names in backticks):
never a translation, and never a guess at words the reflector cannot read. Anything else in the sentence (a place, a
reason, "nur für dieses Skript") and any other sentence that points at this task ("dieses", "este", "ce", "só") gives
nothing: what it limits the rule to is in words the reflector does not read.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

_NAME = r"(?:`[^`\n]+`|[\w@/+-]+(?:\.[\w@/+-]+)*)"
_X = r"(?P<x>" + _NAME + r")"
_Y = r"(?P<y>" + _NAME + r")"
# "X" is what to use, "Y" what not to; each shape is one clause, the whole sentence
_SHAPES = [
    # German
    r"nicht\s+" + _Y + r"\s*,?\s+sondern\s+" + _X,
    r"(?:benutze|benutz|verwende|nutze|nimm)\s+" + _X + r"\s+(?:statt|anstatt|anstelle\s+von)\s+" + _Y,
    r"wir\s+(?:nutzen|verwenden|benutzen|nehmen)\s+" + _X + r"\s*,?\s+nicht\s+" + _Y,
    r"kein\s+" + _Y + r"\s*,\s*(?:sondern\s+)?" + _X,
    r"(?:benutze|benutz|verwende|nutze|nimm)\s+" + _X + r"\s*,\s*nicht\s+" + _Y,
    r"immer\s+" + _X + r"\s*,?\s+nicht\s+" + _Y,  # "immer pnpm, nicht npm" (refl30)
    # Spanish
    r"(?:usa|utiliza)\s+" + _X + r"\s*,\s*no\s+" + _Y,
    r"no\s+(?:uses|utilices)\s+" + _Y + r"\s*,\s*(?:usa|utiliza)\s+" + _X,
    r"(?:usa|utiliza)\s+" + _X + r"\s+(?:en\s+vez\s+de|en\s+lugar\s+de)\s+" + _Y,
    r"(?:usamos|utilizamos)\s+" + _X + r"\s*,?\s+no\s+" + _Y,
    r"siempre\s+" + _X + r"\s*,?\s+no\s+" + _Y,
    # French
    r"pas\s+" + _Y + r"\s*,?\s+mais\s+" + _X,
    r"(?:utilise|prends)\s+" + _X + r"\s+(?:au\s+lieu\s+de|au\s+lieu\s+d'|à\s+la\s+place\s+de)\s*" + _Y,
    r"n'utilise\s+pas\s+" + _Y + r"\s*,\s*utilise\s+" + _X,
    r"on\s+utilise\s+" + _X + r"\s*,?\s+pas\s+" + _Y,
    r"(?:utilise|prends)\s+" + _X + r"\s*,\s*pas\s+" + _Y,
    r"toujours\s+" + _X + r"\s*,?\s+(?:pas|jamais)\s+" + _Y,
    # Portuguese
    r"(?:use|usa|utilize)\s+" + _X + r"\s*,\s*n[ãa]o\s+" + _Y,
    r"n[ãa]o\s+(?:use|usa|utilize)\s+" + _Y + r"\s*,\s*(?:use|usa|utilize)\s+" + _X,
    r"(?:use|usa|utilize)\s+" + _X + r"\s+(?:em\s+vez\s+de|no\s+lugar\s+de|ao\s+inv[ée]s\s+de)\s+" + _Y,
    r"usamos\s+" + _X + r"\s*,?\s+n[ãa]o\s+" + _Y,
    r"sempre\s+" + _X + r"\s*,?\s+n[ãa]o\s+" + _Y,
    # Italian
    r"usa\s+" + _X + r"\s*,\s*non\s+" + _Y,
    r"non\s+usare\s+" + _Y + r"\s*,\s*usa\s+" + _X,
    r"usa\s+" + _X + r"\s+invece\s+di\s+" + _Y,
    r"usiamo\s+" + _X + r"\s*,?\s+non\s+" + _Y,
    r"sempre\s+" + _X + r"\s*,?\s+non\s+" + _Y,
]
_LEAD = re.compile(r"^(?:(?:nein|no|non|n[ãa]o|nope)\s*[,:;!.]+\s*|(?:bitte|por\s+favor|s'il\s+te\s+pla[iî]t|per\s+favore|"
                   r"ojo|achtung|attention|wieder|otra\s+vez|encore|de\s+novo|di\s+nuovo)\b[\s,:;!.]*)+", re.I)
# a reason after a comma ("…, weil es schneller ist") is left out of the lesson, as "because …" is in English
_BECAUSE = r"(?P<why>\s*,\s*(?:porque|weil|denn|da|parce\s+que|car|pois|perch[ée]|poich[ée])\b[^.!?]*)?"
_THANKS = (r"(?:\s*[,.!]?\s*(?:merci|danke(?:\s+sch[öo]n)?|gracias|obrigad[oa]|grazie|bitte|por\s+favor|"
           r"s'il\s+te\s+pla[iî]t|per\s+favore))?")
_CHOICES = [re.compile(r"^(?P<clause>" + shape + r")" + _BECAUSE + _THANKS + r"\s*[.!]*$", re.I) for shape in _SHAPES]
# Words of this task, a moment or a place in the five languages: a sentence with one limits what it says to now
_THIS_TASK = re.compile(r"\b(?:dies|diese[rsnm]?|hier|jetzt|nur|heute|este|esta|esto|estos|estas|aqu[ií]|ahora|solo|"
                        r"s[óo]lo|hoy|ce|cet|cette|ces|ici|maintenant|seulement|aujourd'hui|esse|essa|isso|agora|s[óo]|"
                        r"apenas|hoje|questo|questa|qui|ora|oggi|soltanto)\b", re.I)


def _name(token: str) -> str | None:
    """``token`` in backticks when it is code the person marked or a tool of vocabulary.TOOL_FAMILIES, else None."""
    if token.startswith("`") and token.endswith("`") and len(token) > 2:
        return token
    return f"`{token}`" if token.lower() in TOOL_FAMILIES else None


def choice_in_other_language(said: str) -> str | None:
    """The lesson for a choice between two tools of one job said in another language (see the module), or None."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", said.strip()) if s.strip()]
    for index, sentence in enumerate(sentences):
        bare = _LEAD.sub("", sentence).strip()
        m = next((found for shape in _CHOICES if (found := shape.match(bare))), None)
        if not m:
            continue
        x, y = _name(m.group("x")), _name(m.group("y"))
        if not x or not y or x.strip("`").lower() == y.strip("`").lower():
            return None
        tools = (x.strip("`").lower(), y.strip("`").lower())
        if not (x.startswith("`") and sentence.count("`") >= 4) and not (
                TOOL_FAMILIES.get(tools[0], frozenset()) & TOOL_FAMILIES.get(tools[1], frozenset())):
            return None  # two tools of different jobs: which one the sentence means instead is not said
        if _THIS_TASK.search(m.group("why") or "") or any(_THIS_TASK.search(other) for i, other in enumerate(sentences)
                                                          if i != index):
            return None
        clause = m.group("clause")
        spans = sorted(((m.start(g), m.end(g), name) for g, name in (("x", x), ("y", y))), reverse=True)
        for start, end, name in spans:
            clause = clause[:start] + name + clause[end:]
        clause = clause.rstrip(" .!")
        return (clause if clause.startswith("`") else clause[0].upper() + clause[1:]) + "."
    return None


__all__ = ["choice_in_other_language"]
