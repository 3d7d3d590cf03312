"""The shape a correction's clause is read into (:class:`Rule`) and the helpers on its object phrase that every
layer of the templates shares (the longest a lesson may be, what a bare object is, a scope that is no part of the
project).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from altimate_learn.reflect.providers.builtin.text import PRONOUN_TAIL, RATIONALE, TEAM, TRAILING, strip_stop

MAX_CHARS = 140
_PRONOUN_OBJECT = re.compile(r"^(?:it|that|this|them|those|these|one|so|the\s+same|what\s+i\s+said|anything|"
                             r"something|everything|the\s+other\s+one|that\s+one|this\s+one)\b", re.I)


@dataclass
class Rule:
    text: str
    shape: str  # "instead", "rename", "never", "always", "modal", "place", "imperative"
    positive: list[str] = field(default_factory=list)  # phrases recommended
    negative: list[str] = field(default_factory=list)  # phrases to avoid
    standing: bool = False  # the person said it holds beyond this task ("make sure to …", "from now on …")
    subject: str = ""  # a "modal" rule's subject ("staging models" in "staging models must …")
    alone: bool = False  # a rule only when it is the whole sentence ("we use npm" in "we use npm but it's slow" is not)
    once: bool = False  # a "don't …" / "stop …" said once, with no "never", "ever" or "we" to say it holds every time


def _clean_object(phrase: str) -> str:
    phrase = RATIONALE.sub("", phrase.strip()).strip().strip(",;:").strip()
    phrase = PRONOUN_TAIL.sub("", phrase).strip()
    phrase = re.sub(r"^(?:the\s+)?(?:same\s+)?", lambda m: m.group(0), phrase)
    phrase = TRAILING.sub("", phrase).strip()
    phrase = TEAM.sub("", phrase).strip()
    phrase = re.sub(r"\s+(?:anymore|any\s+more|instead|either|now|these\s+days|nowadays)$", "", phrase, flags=re.I).strip()
    return strip_stop(phrase.strip(" ,;:!"))


def _bad_object(phrase: str) -> bool:
    text = phrase.strip().lower()
    return not text or bool(_PRONOUN_OBJECT.match(text)) and len(text.split()) <= 2


# "Do we need to restart the server", "should we keep the old flag": a question even when its "?" is missing.
_ASKS = re.compile(r"^(?:do|does|did|is|are|was|were|should|shall|can|could|would|will|have|has|may|might)\s+"
                   r"(?:we|i|they|it|this|that|there|these|those)\b", re.I)


# What a leading "in …," / "for …," names when it is a moment, a case or a referent of this task, not a part of the project.
_NOT_A_SCOPE = re.compile(r"\b(?:this|that|these|those|it|its|my|your|now|case|cases|general|end|short|fact|meantime|"
                          r"meanwhile|particular|order|future|addition|summary|total|example|instance|sure|once|today|"
                          r"moment|while|time|now|then|there|here|reference|real|any|some|which|what|other)\b", re.I)


# A scope that counts or points at this task's things ("in both files", "in the 3 scripts", "for the remaining tests",
# "in the following files", "in the changed files"; review22 R22-9): which ones only the conversation says. Without
# "the", "changed files" / "modified components" are a kind ("for changed files, always run the formatter").
_TASKS_SCOPE = re.compile(r"\b(?:both|two|three|four|five|six|seven|eight|nine|ten|several|remaining|rest|following|above|"
                          r"below|aforementioned|previous|same|listed|mentioned|\d+)\b"
                          r"|^(?:the|all\s+the)\s+(?:[\w-]+\s+)?(?:changed|modified|touched|affected|edited|updated|first|"
                          r"last|current)\b", re.I)
