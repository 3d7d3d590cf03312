"""A dislike of a kind of code, read as the rule to keep away from it: "I'm not a fan of the nested ternaries" -> "avoid
nested ternaries" (refl26; split from `restate.py` by refl28)."""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.one_off import _THIS_TASKS, _plural


# "I'm not a fan of the nested ternaries", "not a big fan of magic numbers": a dislike of a kind of code, kept away from
# (refl26); the rest of the sentence ("…, can we go back to if/else") asks for this change
_NOT_A_FAN = re.compile(r"^(?:(?:ehh?|hmm+|um+|honestly|tbh|so|but)[\s,]+)*(?:i'?m\s+|i\s+am\s+)?not\s+(?:a\s+|really\s+a\s+)?"
                        r"(?:big\s+|huge\s+)?(?:fan\s+of|keen\s+on)\s+(?P<what>[^,;.!?]+?)\s*(?:[,;.!?].*)?$", re.I)


def not_a_fan(sentence: str) -> str | None:
    """ "avoid <kind>" for a dislike of a kind of code ("the nested ternaries" -> "nested ternaries"), or None for one
    thing of this task, a style or what the work needs ("the new colors", "the changes")."""
    from altimate_learn.reflect.providers.builtin.identifiers import mark_identifiers
    from altimate_learn.reflect.providers.builtin.vocabulary import (CODE_CONSTRUCTS, KEPT_OUT, NEEDS_WORK, PEOPLE,
                                                                      STYLE_WORDS, VAGUE_KINDS)

    match = _NOT_A_FAN.match(sentence)
    if not match:
        return None
    what = re.sub(r"^(?:the|all\s+the|all|any)\s+", "", match.group("what").strip(), flags=re.I)
    words = set(re.findall(r"[a-z]+", what.lower()))
    if not _plural(what) or re.match(r"(?:these|those|this|that|your|my|our)\b", what, re.I) or _THIS_TASKS.search(
            match.group("what")) or words & (NEEDS_WORK | PEOPLE | STYLE_WORDS | VAGUE_KINDS):
        return None
    if what.split()[-1].lower() not in CODE_CONSTRUCTS and what.lower() not in KEPT_OUT \
            and "`" not in mark_identifiers(what):
        return None  # "the long meetings", "the weekly syncs": no kind of code (review26 R26-5)
    return f"avoid {what}"


__all__ = ["not_a_fan"]
