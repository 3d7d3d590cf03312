"""How a new rule relates to the lessons already in the store: restated (HELPFUL), opposite (supersedes) or
agreeing on a shared identifier (coexists)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from altimate_learn.reflect.providers.builtin.text import content_words, prose

HELPFUL_OVERLAP = 0.5  # Jaccard of content words for "restates an existing lesson"

def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _polarity(text: str) -> tuple[set[str], set[str]]:
    """(identifiers recommended, identifiers to avoid) in a lesson text."""
    from altimate_learn.curate.anchors import identifiers

    lowered = text
    m = re.search(r"\b(?:instead\s+of|rather\s+than|,\s*not|over)\b", lowered, re.I)
    if m:
        return identifiers(lowered[:m.start()]), identifiers(lowered[m.end():])
    if re.match(r"^\s*(?:never|avoid|do\s+not|don't)\b", lowered, re.I) or re.search(r"\b(?:must|should)\s+(?:never|not)\b",
                                                                                        lowered, re.I):
        return set(), identifiers(lowered)
    return identifiers(lowered), set()


def relate(text: str, lessons: Sequence[dict[str, Any]]) -> tuple[str | None, str | None, list[str]]:
    """(id restated → HELPFUL, id superseded, ids coexisting) for a new lesson text.

    Polarity comes first: a lesson recommending what the new rule avoids (or the reverse) is superseded,
    however many words the two share; only a lesson that agrees can be "restated".
    """
    from altimate_learn.curate.anchors import OPPOSITE, overlaps

    from altimate_learn.curate.polarity import contradictions

    pos, neg = _polarity(text)
    conflicting: list[str] = []
    agreeing: list[str] = []
    for lesson in lessons:
        common = overlaps(text, lesson.get("text", ""))
        if not common:
            continue
        old_pos, old_neg = _polarity(lesson.get("text", ""))
        opposite = (pos & old_neg) or (neg & old_pos) or any(name.endswith(OPPOSITE) for name in common)
        # "Use `httpx` for all HTTP calls; never `requests`" avoids `requests` as "Use `httpx` instead of `requests`"
        # does: the curator's reading of each clause (not the first "instead of" alone) decides what is opposite
        if opposite and not contradictions(text, lesson.get("text", "")) \
                and not any(name.endswith(OPPOSITE) for name in common):
            opposite = False
        (conflicting if opposite else agreeing).append(lesson["id"])
    from altimate_learn.curate.names import names_beyond

    covering = _covering(text, [lesson for lesson in lessons if lesson["id"] not in conflicting])
    if covering:
        return covering, None, []
    words = content_words(text)
    best: tuple[float, str] | None = None
    for lesson in lessons:
        if lesson["id"] in conflicting or names_beyond(text, lesson.get("text", "")):
            continue  # a rule naming code the lesson does not is its own rule (review13 R13-23)
        score = jaccard(words, content_words(lesson.get("text", "")))
        if score >= HELPFUL_OVERLAP and (best is None or score > best[0]):
            best = (score, lesson["id"])
    if best:
        return best[1], None, []
    return None, (conflicting[0] if conflicting else None), agreeing


def _covering(text: str, lessons: Sequence[dict[str, Any]]) -> str | None:
    """A lesson that already gives the tool choice ``text`` states, the same way: "Use `uv` instead of `pip`." or "Always
    use `httpx`." against "Use `uv add` …; never `pip install`." / "Use `httpx` for all HTTP calls; never `requests`".
    Only for a rule that is a choice and nothing more (no word outside its code the lesson does not hold, words for
    "everywhere" aside): a rule that adds a scope or a reason is its own lesson, related to the old one by
    ``coexists``."""
    from altimate_learn.curate.polarity import polar_spans

    from altimate_learn.deliver.tokenize import stem

    spans = polar_spans(text)
    if not spans:
        return None
    named = {word for span in spans for word in span.key}
    extra = {stem(word) for word in content_words(re.sub(r"`[^`]*`", " ", text)) - named} - _anywhere()
    from altimate_learn.curate.polarity import AVOID, USE
    from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

    def jobs(span: Any) -> frozenset[str]:
        return frozenset().union(*(TOOL_FAMILIES.get(word, frozenset()) for word in span.key))

    for lesson in lessons:
        old = polar_spans(lesson.get("text", ""))
        if extra - {stem(word) for word in content_words(lesson.get("text", ""))}:
            continue  # a word of its own (a scope, a reason): its own lesson

        def given(new: Any) -> bool:
            if any(o.polarity == new.polarity and (new.key <= o.key or o.key <= new.key) for o in old):
                return True
            # "Use `uv add` …" already sets `pip` aside: it gives another tool for pip's job
            return new.polarity == AVOID and any(o.polarity == USE and jobs(o) & jobs(new) and not o.key & new.key
                                                 for o in old)

        # every name given the same way: "Use `structlog` everywhere instead of `print` for logging." of "Log with
        # `structlog`, never `print()`."; "Never use `float` for money." of "Represent money amounts with `Decimal`,
        # never `float`." (review13 R13-7, R13-20)
        if all(given(new) for new in spans) and (any(new.polarity == USE for new in spans) or any(
                o.polarity == AVOID for o in old)):
            return lesson["id"]
    return None


# Words that say "everywhere" and narrow nothing ("use `uv` everywhere", "always", "in this repo").
_ANYWHERE_WORDS = "everywhere anywhere always all any every here repo repository project codebase code time".split()
_ANYWHERE: frozenset[str] = frozenset()


def _anywhere() -> frozenset[str]:
    global _ANYWHERE
    if not _ANYWHERE:
        from altimate_learn.deliver.tokenize import stem

        _ANYWHERE = frozenset(stem(word) for word in _ANYWHERE_WORDS)
    return _ANYWHERE


def restated(text: str, lessons: Sequence[dict[str, Any]]) -> str | None:
    """An existing lesson that feedback with no extractable rule clearly repeats (most of its words, and no code
    the lesson does not name)."""
    from altimate_learn.curate.names import names_beyond
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers

    words = content_words(prose(text))
    marked = mark_identifiers(prose(text))
    best: tuple[float, str] | None = None
    for lesson in lessons:
        lw = content_words(lesson.get("text", ""))
        if len(lw) < 3 or names_beyond(marked, lesson.get("text", "")):
            continue
        cover = len(lw & words) / len(lw)
        if cover >= 0.75 and (best is None or cover > best[0]):
            best = (cover, lesson["id"])
    return best[1] if best else None




_BARE_WORD = re.compile(r"(?<![\w`./-])[A-Za-z][\w-]*(?![\w`/-])")


def tools_marked(text: str) -> str:
    """``text`` with the tool names it writes bare put in backticks ("add dependencies with poetry add" →
    "… with `poetry` add"), so the polarity walk reads them as it reads code. Tool names that are everyday words
    too ("black", "requests") stay prose."""
    from altimate_learn.reflect.providers.builtin.vocabulary import EVERYDAY_TOOL_NAMES, TOOL_FAMILIES

    def mark(match: re.Match[str]) -> str:
        word = match.group(0)
        lower = word.lower()
        return f"`{word}`" if lower in TOOL_FAMILIES and lower not in EVERYDAY_TOOL_NAMES else word

    parts = re.split(r"(`[^`]*`)", text)
    return "".join(part if n % 2 else _BARE_WORD.sub(mark, part) for n, part in enumerate(parts))


def competing(text: str, lessons: Sequence[dict[str, Any]]) -> str | None:
    """A lesson that uses another tool for the job ``text`` gives its tool ("Use `npm`." against "Use `pnpm` for
    packages.", "Add dependencies with `uv add`." against "…; add dependencies with poetry add."), which ``text``
    does not set itself against: two lessons that would both stand and disagree. Tool names written bare count
    (review13 R13-11: "poetry add" in a person's words)."""
    from altimate_learn.curate.polarity import USE, polar_spans
    from altimate_learn.reflect.providers.builtin.vocabulary import TOOL_FAMILIES

    def tools(spans: list[Any], polarity: int) -> dict[str, frozenset[str]]:
        return {word: TOOL_FAMILIES[word] for span in spans if span.polarity == polarity for word in span.key
                if word in TOOL_FAMILIES}

    spans = polar_spans(tools_marked(text))
    used = tools(spans, USE)
    named = {word for span in spans for word in span.key}
    if not used:
        return None
    for lesson in lessons:
        for word, jobs in tools(polar_spans(tools_marked(lesson.get("text", ""))), USE).items():
            if word not in named and any(jobs & mine for mine in used.values()):
                return lesson["id"]
    return None


def terse(feedback: str) -> bool:
    """Feedback of a few words ("no docker", "uv, not pip", "we use npm"): too little to replace a lesson offline.
    A change said as one ("… anymore", "we switched to …", "from now on") is not terse."""
    words = re.findall(r"[\w'-]+", prose(feedback))
    return len(words) <= 6 and not re.search(r"\b(?:anymore|any\s+more|no\s+longer|switched|moved|migrated|from\s+now\s+on|"
                                             r"going\s+forward|deprecated)\b", feedback, re.I)
