"""Hedged corrections read as the plain statement they soften.

People soften corrections: "could you maybe use pnpm instead of npm?", "I think it would be better to put
fixtures in conftest.py", "would it be possible to not touch the migrations?", "perhaps we should avoid global
state", "I'd suggest using pathlib instead of os.path". The hedge is politeness, not content: the rule is the
one the plain form states ("use pnpm instead of npm", "don't touch the migrations"), so the templates read the
plain form, and the same gates decide whether it is a standing rule or a step of the task at hand ("could you
maybe make the button blue?" is "make the button blue": a step, no lesson).

Two kinds of hedge:

* a request asked as a question ("could you …?", "would it be possible to …?", "do you think you could …?",
  "would you mind …ing?"): read as a request only when what follows starts with something to do (a verb the
  templates know, "not …", "always …", "never …"), so "could you explain why …?" and "can we talk about …?" stay
  questions;
* a softened statement ("I think …", "maybe …", "it would be better to …", "we should probably …", "I'd prefer
  …", "you might want to …"): the lead is dropped and the statement read as it is.

English only, as the templates are: feedback in another language waits for a model or a person.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.text import strip_lead
from altimate_learn.reflect.providers.builtin.vocabulary import VERBS, gerund_base

_I = re.I

# --- The tables -------------------------------------------------------------------------------------------------

# Softeners a sentence may open with; what follows is the statement ("I think the tests should go in tests/").
_SOFT_LEAD = (
    r"(?:i|we)\s+(?:really\s+)?(?:think|guess|believe|feel\s+like|feel|suppose|reckon)(?:\s+that)?"
    r"|imo|imho|in\s+my\s+(?:humble\s+)?opinion|personally|ideally|honestly|frankly|to\s+be\s+honest|tbh"
    # the discourse phrases a sentence may also close with (text.front_discourse says them first): "to be quite honest",
    # "to tell you the truth", "if I'm honest", "if you ask me", "ngl", "to be fair" (review34 R34-13's residue)
    r"|to\s+be\s+(?:(?:quite|totally|completely|perfectly|brutally|very|really|fully|dead|100%)\s+)?(?:honest|frank|fair)"
    r"(?:\s+with\s+you)?|to\s+tell\s+(?:you\s+)?the\s+truth|truth\s+be\s+told|if\s+you\s+ask\s+me|tbf|tbqh|ngl"
    r"|if\s+i(?:'?m|\s+am)\s+(?:being\s+)?(?:(?:totally|completely|perfectly|brutally|really|quite)\s+)?(?:honest|frank)"
    r"|(?:quite|pretty)\s+(?:honestly|frankly)|truthfully"
    r"|maybe|perhaps|possibly|probably|ideally"
    r"|(?:(?:it|that)(?:'d|\s+would|\s+might|\s+could|'s|\s+is)?\s+|(?:might|would|could)\s+)(?:be\s+)?(?:much\s+|a\s+lot\s+|way\s+|probably\s+|"
    r"definitely\s+|generally\s+)?(?:better|best|nicer|cleaner|safer|simpler|easier|preferable|good|great|ideal|"
    r"a\s+good\s+idea|a\s+better\s+idea|wiser|more\s+idiomatic)(?=\s+(?:to|if)\s)"
    r"|(?:i'?d|i\s+would)\s+(?:suggest|recommend|prefer|rather|like|love)(?:\s+(?:it\s+)?if)?(?:\s+that)?"
    r"|i\s+(?:suggest|recommend|prefer)(?:\s+(?:it\s+)?if)?(?:\s+that)?"
    r"|(?:we|you)\s+(?:might|may|could)\s+(?:want\s+to|wanna)"
    r"|(?:we|you)\s+(?:could|might)(?!\s+(?:not|be|have|get|see|break|lose|end\s+up)\b)"
    r"|(?:please\s+)?consider"
    # "if it's not too much trouble could you …", "sorry to be picky, but we usually …" (refl26)
    r"|if\s+(?:it'?s|it\s+is)\s+not\s+too\s+much\s+(?:trouble|work|hassle)|if\s+you\s+don'?t\s+mind"
    r"|(?:sorry\s+)?to\s+be\s+(?:picky|pedantic|a\s+pain|annoying|that\s+person)(?:\s*,?\s*but)?"
    # "not sure it matters, but …", "not sure about this, but I think we usually …", "I might be wrong, but …" (blind11;
    # refl39)
    r"|(?:i'?m\s+)?not\s+(?:(?:100%|entirely|totally|completely)\s+)?sure\s+(?:(?:if|whether)\s+)?(?:(?:it|this|that)\s+"
    r"(?:matters|is\s+(?:right|important|a\s+big\s+deal))|about\s+(?:this|that|it))\s*,?\s*but"
    r"|(?:i\s+)?(?:might|may|could)\s+be\s+wrong\s*,?\s*but|correct\s+me\s+if\s+i'?m\s+wrong\s*,?\s*but"
    # "just a thought, but maybe don't commit the .env file?", "small nit, but …" (refl27)
    r"|(?:just\s+)?(?:a\s+)?(?:thought|suggestion|idea|nit|small\s+nit|minor\s+nit|nitpick)\s*,?\s*but"
    r"|how\s+about|what\s+about"
    r"|(?:it\s+)?would\s+be\s+(?:nice|great|good|cool|helpful|better)\s+if\s+you\s+(?:could|would)"
    # "please take some time and analyze the code before answering": how unhurried to be, not what to do
    r"|(?:please\s+)?take\s+(?:some|the|your|more|a\s+bit\s+of|a\s+moment\s+of)\s+time\s+(?:and|to)"
)
# "… we should probably …": the softening adverb after a modal is dropped ("we should avoid …").
_SOFT_MODAL = re.compile(r"^((?:we|you)\s+(?:should|must|need\s+to|ought\s+to))\s+(?:probably|maybe|perhaps|really|"
                         r"definitely|ideally|generally)\s+", _I)
# Requests asked as questions.
_ASKED_LEAD = (
    r"(?:would|do)\s+you\s+mind"
    r"|(?:could|can|would|will)\s+(?:you|we|u)(?:\s+(?:maybe|perhaps|possibly|please|pls|kindly|just))*"
    r"(?:\s+be\s+able\s+to)?"
    r"|would\s+it\s+be\s+(?:possible|ok|okay|feasible|an\s+option)\s+(?:for\s+(?:you|us)\s+)?to"
    r"|(?:would|does)\s+it\s+make\s+(?:more\s+)?sense\s+to"
    r"|do\s+you\s+think\s+(?:you|we)\s+(?:could|can|should)"
    r"|any\s+chance\s+(?:you|we)\s+(?:could|can)"
)
# What a hedge may end with: ", maybe?", ", if possible", ", if you can", ", I think", "?".
_SOFT_TAIL = re.compile(r"(?:[\s,]+(?:maybe|perhaps|possibly|probably|i\s+think|i\s+guess|i\s+suppose|if\s+possible|"
                        r"if\s+you\s+can|if\s+you\s+could|if\s+that'?s\s+(?:ok|okay|alright|fine)|if\s+you\s+don'?t\s+mind|"
                        r"please|pls|thanks?|thank\s+you))+\s*[?.!]*\s*$|\s*\?+\s*$", _I)
# A smiley closing a softened request ("maybe don't commit the .env file? 😅"): politeness, set aside with the tail
_SMILEY = re.compile(r"(?:\s*(?:[\U0001F300-\U0001FAFF\u2600-\u27BF]\uFE0F?|[:;]-?[)(DPp]))+\s*$")

# After "if you / if we" a request is put in the past tense ("I'd prefer if you used ruff"): the base form.
PAST_TO_BASE = {"used": "use", "kept": "keep", "put": "put", "added": "add", "ran": "run", "wrote": "write",
                "stopped": "stop", "avoided": "avoid", "called": "call", "moved": "move", "named": "name",
                "followed": "follow", "stuck": "stick", "switched": "switch", "left": "leave", "made": "make",
                "placed": "place", "stored": "store", "imported": "import", "preferred": "prefer", "went": "go",
                "split": "split", "removed": "remove", "changed": "change", "didn't": "don't", "did not": "don't",
                "never": "never", "always": "always"}

# A request a question may carry starts with one of these (besides a verb of ``VERBS``).
_DOING = frozenset("not never always stop keep use stick go put don't dont".split())

# A hedge over "here" / "there" asks about the spot under discussion (a review comment on one line), not the project:
# the plain "use X here" may mean "in this repo", the softened one is left as it was said.
_SPOT = re.compile(r"\b(?:here|there)\b", _I)

# Leads after which what follows is an action the person asks for ("I'd suggest using …", "consider …ing", "you might
# want to …"); after the others ("I think", "maybe") it is a statement, read as it stands.
_WANTS = re.compile(r"\b(?:suggest|recommend|prefer|rather|consider|about|want|wanna)\b|(?:'d|\bwould)\s+(?:like|love)\b"
                    r"|\b(?:we|you)\s+(?:could|might|may)\b|\bif\s+you\s+(?:could|would)\b", _I)

_SOFT = re.compile(r"^(?:" + _SOFT_LEAD + r")(?:\s*,)?\s+", _I)
_ASKED = re.compile(r"^(?:" + _ASKED_LEAD + r")(?:\s*,)?\s+", _I)
_IF_WHO = re.compile(r"^(?:to\s+|if\s+(?:you|we)\s+(?:(?:could|would|can)\s+)?|(?:you|we)\s+(?:to\s+)?)", _I)


# --- Reading -----------------------------------------------------------------------------------------------------

def _to_base(rest: str) -> str:
    """"used ruff" -> "use ruff", "using ruff" -> "use ruff", "not using X" -> "don't use X", "not X" -> "don't X"."""
    words = rest.split(" ", 1)
    head, tail = words[0].lower(), (words[1] if len(words) > 1 else "")
    if head in ("not", "didn't", "don't", "dont") or rest.lower().startswith("did not "):
        tail = tail[4:] if rest.lower().startswith("did not ") else tail
        return "don't " + _to_base(tail) if tail else rest
    base = PAST_TO_BASE.get(head) or gerund_base(head)
    if base in ("don't",):
        return f"don't {tail}".strip()
    return f"{base} {tail}".strip() if base else rest


def _does(rest: str) -> bool:
    """Whether ``rest`` starts with something to do (a request), not a question about something."""
    head = rest.split(" ", 1)[0].lower().strip(",")
    return head in VERBS or head in _DOING or bool(gerund_base(head)) or head in PAST_TO_BASE


def unhedge(sentence: str) -> str:
    """The plain form of a hedged sentence, or the sentence unchanged when it carries no hedge (see the module)."""
    text = _SMILEY.sub("", sentence.strip()) or sentence.strip()
    if re.search(r",\s*(?:yeah|yes|right|no|correct|true|agreed)\s*\?+\s*$", text, _I):
        return sentence  # "maybe use pnpm, yeah?": asks whether, no request (gave "Use `pnpm`, `yeah`."; check49)
    found = False
    for _ in range(4):
        before = text
        bare = strip_lead(text)
        m = _ASKED.match(bare)
        if m:
            rest = _IF_WHO.sub("", bare[m.end():], count=1)
            rest = _to_base(rest)
            if not _does(rest):
                return sentence  # "could you explain why …?": a question, not a request
            text, found = rest, True
            continue
        m = _SOFT.match(bare)
        if m:
            rest = bare[m.end():]
            if "prefer" in m.group(0).lower():
                rest = re.sub(r"^using\s+", "", rest, flags=_I)
            if "prefer" in m.group(0).lower() and not re.match(r"(?:to|if|it|that|you|we)\b", rest, _I) \
                    and not _does(rest):
                text, found = "prefer " + rest, True  # "I'd prefer ruff over flake8" states the choice itself
                continue
            lead = m.group(0)
            if re.match(r"(?:to|if)\s", rest, _I) or _WANTS.search(lead) and re.match(r"(?:you|we)\s", rest, _I):
                text = _to_base(_IF_WHO.sub("", rest, count=1))  # "… better to use X", "I'd prefer if you used X"
            elif _WANTS.search(lead):
                text = _to_base(rest)  # "I'd suggest using X", "consider not mocking Y"
            else:
                text = rest  # "I believe that passing X covers Y": a statement; its "passing" is no request
            found = True
            continue
        m = _SOFT_MODAL.match(bare)
        if m:
            text, found = f"{m.group(1)} {bare[m.end():]}", True
        if text == before:
            break
    if not found or _SPOT.search(text) and not (re.match(r"(?:never|always)\s", text, _I)
                                                and not sentence.rstrip().endswith("?")):
        return sentence  # "could we use httpx here?", "I think a context manager here": this spot, asked about (a
        # "never"/"always" holds everywhere: "honestly, never use moment here, we use dayjs"; review35 R35-10)
    text = _SOFT_TAIL.sub("", text).strip()
    return text + "." if text and text[-1] not in ".!" else text


def softened(sentence: str) -> bool:
    """Whether ``sentence`` opens with an opinion's hedge ("I think we should …", "maybe …", "perhaps we should …", "I'd
    suggest …", "it might be better to …"), not a request asked as a question ("could you …", "would you mind …"): a
    person thinking aloud about the design, which :func:`unhedge` reads plainly and the templates then weigh."""
    bare = strip_lead(sentence.strip())
    return not _ASKED.match(bare) and bool(_SOFT.match(bare) or _SOFT_MODAL.match(bare))


__all__ = ["softened", "unhedge", "PAST_TO_BASE"]
