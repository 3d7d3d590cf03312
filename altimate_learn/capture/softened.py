"""A correction softened before it is said (issue 20, cls30).

People soften what they say against someone's work, not what they ask for next: "sorry to be picky, but …", "not to
nitpick, but …", "I might be wrong, but I think …", "correct me if I'm wrong, but …", "maybe I wasn't clear, …", "I
think this might be a bit off", "desculpa, mas acho que não está certo", "vielleicht irre ich mich, aber …". The
softener is the mechanism: it apologises in advance for a criticism. After an answer that did the work, a message that
opens (or turns) with one and goes on to say something is a correction of that work, whatever words follow, which the
cue tables cannot list ("… the SDK docs say ms", "… the translators only look at the json files").

Also "I wonder if X would be safer / better there" and "I wonder if we should just keep / go back to …" after done work:
the thing the agent used weighed against another, or a way back to what was there. "I wonder if we could also add dark
mode" weighs nothing and asks for new work: it stays quiet, as does a softener before new work ("not to nitpick, but
can you also add a footer?"), before accepting ("… but it's fine, ship it", `withdrawals`), or before the person's own
fault ("sorry to be picky, my mistake though").

Read only after an answer that did the work (the caller's ``acted``), never in a new task's specification.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

REASON = "softened a correction of the agent's work"

# The softeners that apologise for a criticism, in English and other languages. Request softeners ("if it's not too much
# trouble", "would you mind") are not here: they soften new work as often as a correction.
SOFTENER = re.compile(
    r"\b(?:sorry|not|hate|don't\s+want|didn't\s+want)\s+to\s+(?:be\s+)?(?:(?:a\s+bit\s+|so\s+|too\s+)?(?:picky|pedantic|"
    r"nitpick\w*|fussy))\b"
    r"|\b(?:a\s+|one\s+|small\s+|tiny\s+|minor\s+)?nitpick\b"
    r"|\bi\s+(?:might|may|could)\s+be\s+wrong(?:\s+(?:here|about\s+this|on\s+this))?\s*(?:[,.;:\u2013\u2014-]\s*)?(?:but|though)\b"
    r"|\bcorrect\s+me\s+if\s+i'?m\s+wrong\b"
    r"|\b(?:maybe|perhaps|sorry\s+if|i\s+guess|i\s+think)\s+i\s+(?:wasn't|was\s+not|didn't\s+make\s+(?:it|this|that)|"
    r"wasn't\s+being)\s+(?:clear|very\s+clear|explicit|clear\s+enough)\b"
    r"|\b(?:this|that|it|something)\s+(?:might|may|could)\s+be\s+(?:a\s+(?:bit|little|tad)\s+|slightly\s+|somewhat\s+)?off\b"
    # pt / es / fr / de / it / zh / ja
    r"|\bdesculp[ae]\w*,?\s+mas\b|\bperd[oó]n\w*,?\s+pero\b|\bdisculp[ae]\w*,?\s+pero\b|\bpuede\s+que\s+me\s+equivoque,?\s+pero\b"
    r"|\bje\s+me\s+trompe\s+peut-[eê]tre,?\s+mais\b|\bd[ée]sol[ée]\w*\s+(?:de\s+)?(?:pinailler|chipoter)\b"
    r"|\bvielleicht\s+irre\s+ich\s+mich\b|\bich\s+will\s+nicht\s+kleinlich\s+sein\b|\bforse\s+mi\s+sbaglio,?\s+ma\b"
    r"|可能是我(?:理解)?错了[，,]?\s*但|不好意思[，,]?\s*但是?|細かくて(?:すみません|ごめん)|間違っていたらすみません", _I)

# "I wonder if viewModelScope would be safer there", "I wonder if we should just keep it as an incremental model": a
# weighed alternative or a way back; never "I wonder if we could also add …".
WONDER = re.compile(
    r"\bi\s+wonder\s+(?:if|whether)\b(?![^.?!]{0,60}\b(?:also|too|as\s+well|additionally|next)\b)[^.?!]{0,80}?"
    r"(?:\b(?:would|might|could)\s+be\s+(?:a\s+bit\s+|much\s+|a\s+lot\s+)?(?:safer|better|simpler|cleaner|faster|easier|"
    r"more\s+\w+|less\s+\w+)\b|\b(?:should|could)\s+(?:just\s+|rather\s+)?(?:keep|stick\s+with|stay\s+with|go\s+back|revert|"
    r"leave)\b)", _I)

# What follows the softener must say something: a few words of the person's own.
_WORDS = re.compile(r"[^\W\d_]{2,}")
MIN_WORDS_AFTER = 3

# The softener before new work ("not to nitpick, but can you also add a footer?"), a question about the person's own
# understanding ("correct me if I'm wrong, but does this run nightly?" is learning, not a claim against the work: only a
# statement or a challenge counts), or a step of their own ("… but I'll fix the copy myself").
_NEW_WORK = re.compile(r"\b(?:also|additionally|as\s+well|another|next|new)\b[^.?!]{0,40}\b(?:add|create|build|implement|write|"
                       r"make|set\s*up)\b|\b(?:can|could|would)\s+you\s+(?:please\s+)?(?:also\s+)?(?:add|create|build|implement|"
                       r"write|make|set\s*up)\s+(?:a|an|another|some|new)\b", _I)
# New work built on what the softener introduced: "… I think the API allows 100/min, so add a throttle to the sync job".
_THEN_NEW = re.compile(r"(?:[,;:]|\bso\b|\bthen\b|\bnow\b)\s*(?:please\s+|just\s+|(?:can|could|would)\s+you\s+(?:please\s+)?)?"
                       r"(?:add|create|build|implement|write|set\s*up|generate|design|scaffold)\b", _I)
# More work asked in other words (review30 R30-7): "while you're there …", "it would be nice to also have …", "please also
# bump …", "next I want …", "let's … next".
_MORE_WORK = re.compile(r"\b(?:also|next|while\s+you'?re\s+(?:there|at\s+it)|it\s+would\s+be\s+(?:nice|great|good|cool)|let's|"
                        r"i\s+(?:want|need|would\s+like)\s+the\s+same)\b", _I)
_OWN_STEP = re.compile(r"\b(?:i'll|i\s+will|i\s+can|let\s+me)\s+(?:just\s+)?(?:fix|change|do|handle|update|tweak)\b", _I)
_QUESTION_ONLY = re.compile(r"^[^.!]*\?\s*$")


def softened(own: str) -> str | None:
    """The reason when the person's words ``own`` soften a correction (see the module's docstring), else None. The
    caller reads it only after an answer that did the work."""
    found = SOFTENER.search(own)
    if found:
        rest = own[found.end():]
        if len(_WORDS.findall(rest)) < MIN_WORDS_AFTER:
            return None
        if _NEW_WORK.search(rest) or _OWN_STEP.search(rest) or _THEN_NEW.search(rest) or _MORE_WORK.search(rest):
            return None  # "… but I think the API allows 100/min, so add a throttle to the sync job": a fact for new work
        if _QUESTION_ONLY.match(rest.strip()) and not re.search(r"\b(?:isn't|aren't|shouldn't|wasn't|doesn't|didn't)\b",
                                                                 rest, _I):
            return None  # "correct me if I'm wrong, but does this run nightly?": asks to learn
        return REASON
    if WONDER.search(own):
        return REASON
    return None
