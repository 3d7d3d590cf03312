"""Typos a lesson must not carry: "Use `react` for forntend.", "Always change the actuall function code.".

A word of the lesson's prose (never code in backticks) is a typo when the reflector does not know it and it is a
known word with two neighbouring letters swapped ("forntend", "backgroudn"; six letters or more) or with a letter
typed twice ("actuall", "doccuments"). The words it knows are its own word lists (`vocabulary.py`, with the forms
of its verbs and the plurals of its nouns), the capture's cue words, and the other words of the person's message
(a word spelled right elsewhere in what they typed). A dropped or changed letter is not looked for: without a
dictionary too many real words are one such edit from a known one ("stable" / "table", "around" / "round"), and
the price of a false alarm is a lesson not written. Real words a swap away from a known one still collide now and
then ("retires" / "retries"): the correction then waits for a model or a person, which costs a lesson, never a
wrong one.

A few slips are repaired, where the word meant is certain (:func:`repair`, refl34, brief item 3): a chat slip of a short
word (``teh``, ``wiht``: :data:`CHAT_FIXES`), a well-known misspelling of one word (``commited``, ``recieve``:
:data:`COMMON_MISSPELLINGS`), and a prose word of six letters or more that is in no word list (the
reflector's, the word-vector table's 22,000 English and software words), has a run of three letters almost no known word
has (:data:`RARE_RUN`: "rwh" of "everwhere"; a real word the lists lack, "outage", has none), and is exactly one known
word away by a letter dropped ("everwhere"), two neighbouring letters swapped ("forntend") or a letter typed twice
("connnections"). A changed letter or an extra one is never repaired ("falsy" is not "false", "upserts" not
"upsert"), nor another variety's spelling ("prioritise", "levelled", "fulfil": review34 R34-9), nor a word two known
words are that one step from, nor code, a name or a capitalised word. Anything else is still not written: a lesson with a typo it cannot repair waits, with the reason, for a model or a person.
"""

from __future__ import annotations

import re
from functools import lru_cache

from altimate_learn.reflect.providers.builtin.vocabulary import (BEHAVIOUR_ADVERBS, COMMON_WORDS, IRREGULAR_GERUNDS,
                                                                  KNOWN_FILES, PLAIN, PLURAL_NOUNS, PROPER, SLOT_SKIP,
                                                                  STOPWORDS, VERBS)

MIN_LENGTH = 5  # shorter words collide with real words too easily ("form" / "from")
# ... but a few short slips of chat are no word at all, and a lesson must not carry them ("Never touch teh lockfile.",
# refl26's residual; refl27)
CHAT_TYPOS = frozenset("teh hte adn nad taht thta jsut waht whta wiht yuo becuase beacuse".split())
SWAP_LENGTH = 6  # and five-letter swaps too ("three" / "there", "later" / "alter")


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    from altimate_learn.capture.wording import _REAL_WORDS, CUE_WORDS

    words: set[str] = set(COMMON_WORDS) | PLAIN | STOPWORDS | SLOT_SKIP | BEHAVIOUR_ADVERBS | PLURAL_NOUNS
    words |= {w.lower() for w in PROPER | KNOWN_FILES} | set(IRREGULAR_GERUNDS) | set(IRREGULAR_GERUNDS.values())
    words |= CUE_WORDS | _REAL_WORDS
    for verb in VERBS:
        stem = verb[:-1] if verb.endswith("e") else verb
        words |= {verb, _plural(verb), stem + "ed", stem + "ing"}
        if re.search(r"[^aeiou][aeiou][bdfgklmnprstvz]$", verb):  # "formatting", "mapped"
            words |= {verb + verb[-1] + "ing", verb + verb[-1] + "ed"}
    words |= {_plural(w) for w in COMMON_WORDS}
    return frozenset(words)


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


_PROSE_WORD = re.compile(r"(?<![\w`./\\-])[A-Za-z]+(?![\w`/\\(-]|\.\w)")


# Chat slips of short words, each a misspelling of exactly one word (never repaired by the general rule: too short)
CHAT_FIXES = {"teh": "the", "hte": "the", "adn": "and", "nad": "and", "taht": "that", "thta": "that", "jsut": "just",
              "waht": "what", "whta": "what", "wiht": "with", "yuo": "you", "becuase": "because", "beacuse": "because"}
# Well-known misspellings, each of exactly one word (refl34): spelled as words are, so the rule below cannot tell them
# from a word its lists lack, and some are in the word table itself ("commited"). Not "calender" or "wether" (real words).
COMMON_MISSPELLINGS = {
    "commited": "committed", "recieve": "receive", "recieved": "received", "seperate": "separate",
    "seperately": "separately", "occured": "occurred", "occurence": "occurrence", "definately": "definitely",
    "accomodate": "accommodate", "untill": "until", "lenght": "length", "enviroment": "environment",
    "enviroments": "environments", "dependancy": "dependency", "dependancies": "dependencies", "refered": "referred",
    "begining": "beginning", "sucessful": "successful", "succesful": "successful", "neccessary": "necessary",
    "necesary": "necessary", "adress": "address", "existant": "existent", "independant": "independent",
    "maintainance": "maintenance", "paramater": "parameter", "paramaters": "parameters", "arguement": "argument",
    "arguements": "arguments", "comming": "coming", "writting": "writing", "concensus": "consensus", "wierd": "weird",
    "thier": "their", "publically": "publicly", "reccomend": "recommend", "recomend": "recommend", "truely": "truly",
    "tommorow": "tomorrow", "tomorow": "tomorrow", "goverment": "government", "acheive": "achieve",
    "accidently": "accidentally", "alot": "a lot", "beleive": "believe", "existance": "existence",
    "foriegn": "foreign", "grammer": "grammar", "harrass": "harass", "occassion": "occasion",
    "persistant": "persistent", "posession": "possession", "reciept": "receipt", "refrence": "reference",
    "relevent": "relevant", "resistence": "resistance", "responsability": "responsibility", "similiar": "similar",
    "succesfully": "successfully", "sucessfully": "successfully", "supercede": "supersede", "threshhold": "threshold",
    "tounge": "tongue", "unneccessary": "unnecessary", "usefull": "useful",
}
REPAIR_LENGTH = 6


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """Every word a repair may write: the reflector's own lists and the word-vector table's vocabulary."""
    from altimate_learn.wordvec import load

    return frozenset(load().words) | known_words()


# A slip has a run of three letters (the word's ends counted) that almost no word has: "rwh" of "everwhere", "dn$" of
# "backgroudn". A real word missing from the lists has none ("outage", "restated", "heaters", "lunches" would each be
# one added letter from another word): measured on every word of six letters or more of the pool of dev texts that
# is in no list (refl34), the slips score 0-5 words a run, the real words 7 and up.
RARE_RUN = 5


@lru_cache(maxsize=1)
def _runs() -> dict[str, int]:
    from collections import Counter

    counts: Counter[str] = Counter()
    for known in _vocabulary():
        marked = f"^{known}$"
        counts.update({marked[i:i + 3] for i in range(len(marked) - 2)})
    return dict(counts)


def _has_rare_run(word: str) -> bool:
    marked, runs = f"^{word}$", _runs()
    return min(runs.get(marked[i:i + 3], 0) for i in range(len(marked) - 2)) <= RARE_RUN


def _one_step_from(word: str, vocabulary: frozenset[str]) -> set[str]:
    """The words of ``vocabulary`` the typo ``word`` is one dropped letter, one swap or one doubled letter away from."""
    found = set()
    letters = "abcdefghijklmnopqrstuvwxyz"
    for i in range(1, len(word)):  # a letter dropped inside the word: "everwhere" -> "everywhere" (not at its ends:
        # "alguna" is no "laguna", "marque" no "marquez")
        for letter in letters:
            candidate = word[:i] + letter + word[i:]
            if candidate in vocabulary:
                found.add(candidate)
    for i in range(len(word) - 1):  # two neighbouring letters swapped: "forntend" -> "frontend"
        if word[i] != word[i + 1]:
            candidate = word[:i] + word[i + 1] + word[i] + word[i + 2:]
            if candidate in vocabulary:
                found.add(candidate)
    for i in range(1, len(word)):  # a letter typed twice: "actuall" -> "actual"
        if word[i] == word[i - 1] and word[:i] + word[i + 1:] in vocabulary:
            found.add(word[:i] + word[i + 1:])
    return found


def _inflected(word: str, vocabulary: frozenset[str]) -> str:
    """The known word ``word`` is a form of ("upserts" of "upsert", "truthy" of "truth", "commited" of "commit"), or ""."""
    for suffix, stems in (("ies", ("y",)), ("es", ("", "e")), ("s", ("",)), ("ed", ("", "e")), ("ing", ("", "e")),
                          ("er", ("", "e")), ("ers", ("", "e")), ("ly", ("",)), ("y", ("", "e"))):
        if word.endswith(suffix):
            for stem in stems:
                if word[: -len(suffix)] + stem in vocabulary:
                    return word[: -len(suffix)] + stem
    return ""


# A spelling of another variety of English is no slip (review34 R34-9: "prioritise" was repaired to "priorities",
# "levelled" to "leveled", "fulfil" to "fulfill"): the US form it stands for, by these rewrites, is a known word.
_VARIANTS = ((r"is(e|ed|es|ing|ation|ations|er|ers)$", r"iz\1"), (r"ys(e|ed|es|ing)$", r"yz\1"), (r"our", "or"),
             (r"ll(ed|ing|er|ers)$", r"l\1"), (r"l(ment|ments|ful|s)?$", r"ll\1"), (r"re$", "er"), (r"ence$", "ense"),
             (r"ogue$", "og"), (r"ae", "e"), (r"oe", "e"))
# British endings a swap or an added letter turns into another word's ("-ise" into "-ies"): never certain
_BRITISH_ENDING = re.compile(r"(?:is(?:e|ed|es|ing|ation)|ll(?:ed|ing|er)|our(?:s|ed|ing)?)$")


def _other_spelling(word: str, vocabulary: frozenset[str]) -> bool:
    """Whether ``word`` is another variety's spelling of a known word, or ends as one does."""
    if _BRITISH_ENDING.search(word):
        return True
    return any(re.sub(pattern, us, word, count=1) in vocabulary for pattern, us in _VARIANTS
               if re.search(pattern, word))


# "dont forget to update git submodules recursive" (a real dev correction): the adverb a verb's way of doing takes, said
# as its adjective at the end of the rule; "make the search recursive" says what a thing is, and stays
_ADVERB_SLIP = re.compile(r"^(?!.*\b(?:make|makes|keep|keeps|be|is|are|stay|stays|remain|set|mark)\b)(?P<rule>.+\s)"
                          r"(?P<word>recursive)(?P<end>\.)$", re.I)


def repair(lesson: str) -> str:
    """``lesson`` with the slips whose word is certain repaired (see the module docstring); code in backticks, names and
    capitalised words are left as typed."""
    lesson = _ADVERB_SLIP.sub(lambda m: f"{m.group('rule')}{m.group('word')}ly{m.group('end')}", lesson)
    parts = re.split(r"(`[^`]*`)", lesson)
    for n in range(0, len(parts), 2):
        def fix(match: re.Match[str]) -> str:
            word = match.group(0)
            if word != word.lower():
                return word  # a name, an acronym or the lesson's first word (its verb) is not repaired
            if word in CHAT_FIXES or word in COMMON_MISSPELLINGS:
                return CHAT_FIXES.get(word) or COMMON_MISSPELLINGS[word]
            if len(word) < REPAIR_LENGTH:
                return word
            vocabulary = _vocabulary()
            if word in vocabulary or any(word + end in vocabulary for end in ("s", "d", "ed", "r", "er", "ing", "ly")):
                return word  # a known word, or the base of known forms ("expire" of "expired"): a real word
            if _other_spelling(word, vocabulary):
                return word  # "prioritise", "levelled", "fulfil": the person's spelling, not a slip
            if not _has_rare_run(word):
                return word  # "outage", "restated": spelled as words are, so a word the lists lack, not a slip
            meant = _one_step_from(word, vocabulary)
            if len(meant) != 1:
                return word
            found = meant.pop()
            stem = _inflected(word, vocabulary)
            if stem and found[len(stem):] != stem[-1] + word[len(stem):]:
                # "upserts", "truthy", "falsey": a form of a known word, not a slip; only its ending with the stem's last
                # letter doubled is one ("commited" of "committed")
                return word
            return found

        parts[n] = _PROSE_WORD.sub(fix, parts[n])
    return "".join(parts)


def typo(lesson: str, message: str = "") -> str | None:
    """The first word of ``lesson`` that is a typo of a known word, or None."""
    prose = re.sub(r"`[^`]*`", " ", lesson)
    own = {w.lower() for w in re.findall(r"[A-Za-z]+", message)}
    for word in _PROSE_WORD.findall(prose):
        lowered = word.lower()
        if lowered in CHAT_TYPOS:
            return word
        if len(lowered) < MIN_LENGTH or (word != lowered and word[1:] != lowered[1:]):
            continue  # an acronym or a CamelCase name is not prose
        known = known_words() | (own - {lowered})
        if lowered in known:
            continue
        if _near(lowered, known):
            return word
    return None


def _near(word: str, known: frozenset[str] | set[str]) -> bool:
    if len(word) >= SWAP_LENGTH:  # two neighbouring letters swapped ("forntend", "backgroudn")
        for i in range(len(word) - 1):
            if word[i] != word[i + 1] and word[:i] + word[i + 1] + word[i] + word[i + 2:] in known:
                return True
    for i in range(1, len(word)):  # a letter typed twice ("actuall", "doccuments")
        if word[i] == word[i - 1] and word[:i] + word[i + 1:] in known:
            return True
    return False
