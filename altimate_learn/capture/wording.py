"""Chat shorthand and typos, made plain before the correction cues are tried.

People type fast at an agent: "u didnt", "pls dont", "its still not workign", "thats not waht i asked". The
cue patterns are written for the plain form, so the user's prose is normalised first, word by word:
- a small table of chat shorthand ("u" → "you", "pls" → "please", "rn" → "right now");
- contractions typed without the apostrophe ("dont", "didnt", "thats", "isnt");
- a typo of a cue word (one letter dropped, added, changed, or two swapped: "workign", "seperate" are not
  cue words, but "stil", "nothign", "chnaged", "eror" are), for words of five letters or more, and only
  when the typed word is not itself a common word ("skill" is not a misspelt "still", nor "falls" "fails").

The table and the repair are English: a message written in another Latin-script language (its commonest short words
outnumber the English ones, :func:`foreign`) is left as it is, so Spanish "ya" (already) never reads "you" and German
"falls" (in case) never reads "fails". Other scripts need no such check: their words are never looked up.

Why not rapidfuzz: this runs on the hook path (live capture of a prompt), which imports no third-party
module; a one-edit check against a few dozen cue words is a few lines of plain Python.
"""

from __future__ import annotations

import functools
from altimate_learn.capture import lazy_re as re

# Chat shorthand → plain words. Only tokens that are unambiguous in a message to a coding agent.
SHORTHAND = {
    "u": "you", "ur": "your", "r": "are", "pls": "please", "plz": "please", "pleas": "please", "thx": "thanks",
    "ty": "thanks", "rn": "right now", "bc": "because", "cuz": "because", "coz": "because", "cos": "because",
    "tho": "though", "nvm": "never mind", "idk": "I don't know", "w/o": "without", "b4": "before",
    "wat": "what", "wut": "what", "y'all": "you all", "ya": "you", "im": "I'm", "ive": "I've", "id": "id",
    "dont": "don't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't", "arent": "aren't",
    "wasnt": "wasn't", "werent": "weren't", "wont": "won't", "cant": "can't", "couldnt": "couldn't",
    "shouldnt": "shouldn't", "wouldnt": "wouldn't", "havent": "haven't", "hasnt": "hasn't", "thats": "that's",
    "whats": "what's", "youre": "you're", "youve": "you've", "theres": "there's", "lets": "let's",
    "aint": "isn't", "gonna": "going to", "wanna": "want to",
    # frequent short typos of cue words (too short for the one-edit repair below)
    "stil": "still", "sitll": "still", "waht": "what", "dosent": "doesn't", "dosnt": "doesn't", "doesnot": "doesn't",
    "didnot": "didn't", "isnot": "isn't", "wrnog": "wrong", "worng": "wrong", "eror": "error", "errr": "error",
    # dropped final letters and swapped letters of short cue words (sixth pass, issue 20: typo tolerance)
    "nothin": "nothing", "workin": "working", "wrok": "work", "wroks": "works", "isue": "issue", "isues": "issues",
    "dint": "didn't", "dnt": "don't",
}

# Cue words a typo may hide. Five letters or more: shorter words collide with real words too easily.
CUE_WORDS = frozenset("""
still again already wrong error errors broken working works worked changed change nothing anything
instead should shouldn't didn't doesn't forgot forget remove removed revert asked said told mentioned
showing displaying display visible rendering loading created saved difference different correct correctly
incorrect missing missed ignore ignored ignoring exactly actually supposed failed failing fails never always
compile compiling build building crash crashes crashing exception install installed import imported
getting happening improvement where opening understand understood
""".split())

# Common words one edit away from a cue word: never "repaired".
_REAL_WORDS = frozenset("""
stall stills saint wring wrung worn works word words wording worker workers errand erred broke brokers
change chance charge changes chanted nothings anything something instead install steady should
shoulder forge forgo forgets remote remover removes reverb revere asker asks salt tole tolled told
showing shoving snowing display displays visible created creates crated saved saves save different
corrected exact factually supposed sailed failed fails never ever nevermore always alway compile
compiler building built crash crush crashed crates inception install import imports important impart
again gain against ready already alright wrongly mission missing misses missed ignored ignores
slowing flowing glowing growing blowing knowing stowing throwing
skill skills stilt broker worded charged noting visibly leading messing messed filed foiled flailed filing falling
flailing falls flails foils newer clash clashes clashing cashing crushing crushes installer importer forged
""".split())

# The commonest short words of the other Latin-script languages people write to agents in (es, pt, fr, de, it), none
# of them an English word: a message with more of them than of :data:`_ENGLISH` is not English.
_OTHER_WORDS = frozenset("""
el los las del que por para una da está esta esto pero como más muy también ya porque cuando donde sigue ahora hace
puedes funciona tengo quiero necesito hacer
não você uma mas isso também já muito ainda agora quero preciso fazer estão são
les des une est pas vous avec pour mais dans sur je nous ça très aussi faire encore il
der das und ist nicht ich mit für auf ein eine jetzt wir bitte noch auch aber wenn oder falls funktioniert
gli che sono della questo anche ancora perché
""".split())
_ENGLISH = frozenset("""
the and is are to of you it for that with this i will can what why not my me your be have do does was now
still please just but
""".split())


FOREIGN_WORDS_AT_LEAST = 2


def foreign(text: str) -> bool:
    """Whether ``text``'s Latin-script words are of another language than English: at least two of them, and more of
    them than of English ones, are the commonest short words of Spanish, Portuguese, French, German or Italian. One
    such word is not enough ("stil failing ya", "doesnt work on El Capitan" are English), and a word in capitals is a
    name ("EST", "MIT", "DES")."""
    other = english = 0
    for word in _WORD.findall(text):
        if len(word) > 1 and word.isupper():
            continue
        lowered = word.lower()
        other += lowered in _OTHER_WORDS
        english += lowered in _ENGLISH
    return other >= FOREIGN_WORDS_AT_LEAST and other > english


# A word in any script: an accented word is one word ("rückgängig" is not "r" + "ckg" + "ngig", whose "r" would read as
# "are"); only words in plain Latin letters are ever repaired as typos of English cue words.
_WORD = re.compile(r"[^\W\d_][^\W\d_'/]*")


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one insertion, deletion, substitution or adjacent swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1:] == short:
            return True
    return False


_BY_LENGTH: dict[int, list[str]] = {}
for _cue in CUE_WORDS:
    _BY_LENGTH.setdefault(len(_cue), []).append(_cue)


@functools.lru_cache(maxsize=4096)
def repair(word: str) -> str | None:
    """The cue word ``word`` is a typo of, or None (a pure function of the word: the commonest words' answers are kept,
    since every message's every plain Latin word of five letters or more is looked up, and most are the same few)."""
    lowered = word.lower()
    if len(lowered) < 5 or lowered in CUE_WORDS or lowered in _REAL_WORDS:
        return None
    for length in (len(lowered) - 1, len(lowered), len(lowered) + 1):
        for cue in _BY_LENGTH.get(length, ()):
            # an inflection is a word, not a typo ("create" is not a misspelt "created")
            if cue[0] != lowered[0] or cue.startswith(lowered) or lowered.startswith(cue):
                continue
            if len(cue) >= 5 and _one_edit(lowered, cue):
                return cue
    return None


def normalise(text: str) -> str:
    """``text`` with chat shorthand, apostrophe-less contractions and typos of cue words made plain."""

    def plain(match: re.Match[str]) -> str:
        word = match.group(0)
        lowered = word.lower()
        if lowered in SHORTHAND:
            out = SHORTHAND[lowered]
            return out[0].upper() + out[1:] if word[0].isupper() and out != "I'm" else out
        fixed = repair(word) if word.isascii() else None
        return fixed if fixed else word

    text = text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))
    if foreign(text):
        return text  # the table, the repair and the "y"/"your" forms below are English
    text = _WORD.sub(plain, text)
    # "y did u …" is "why did you …"; "your using the wrong file" is "you're using …" (only before a verb form
    # or a word that cannot follow a possessive, so "your tests" stays as it is).
    text = _WHY.sub(lambda m: ("W" if m.group(1) == "Y" else "w") + "hy", text)
    return _YOU_ARE.sub(lambda m: ("Y" if m.group(1)[0] == "Y" else "y") + "ou're", text)


_WHY = re.compile(r"\b([Yy])(?=\s+(?:did|didn't|do|don't|does|doesn't|is|isn't|are|aren't|would|was|were|not|you|u)\b)")
_YOU_ARE = re.compile(r"\b([Yy]our)(?=\s+(?:using|doing|making|calling|adding|putting|changing|creating|writing|ignoring|"
                      r"missing|breaking|deleting|removing|trying|going|getting|running|mixing|repeating|hardcoding|"
                      r"editing|modifying|touching|overcomplicating|wrong|not|still|supposed|mistaken)\b)")
