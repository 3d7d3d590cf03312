"""A dislike of a kind of code, read as the rule to keep away from it: "I'm not a fan of the nested ternaries" -> "avoid
nested ternaries" (refl26; split from `restate.py` by refl28)."""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.one_off import _THIS_TASKS, _plural


# "I'm not a fan of the nested ternaries", "not a big fan of magic numbers": a dislike of a kind of code, kept away from
# (refl26); the rest of the sentence ("…, can we go back to if/else") asks for this change
# ... and "I don't like files just for types", "I don't want circular imports", "i hate default exports" (refl44, from
# real dev corrections): the person's own dislike, said of a kind of code, never of a verb ("I don't want to …")
_NOT_A_FAN = re.compile(r"^(?:(?:ehh?|hm+|um+|honestly|tbh|so|but|also|and|ugh|no)[\s,]+)*(?:(?:i'?m\s+|i\s+am\s+)?not\s+"
                        r"(?:a\s+|really\s+a\s+)?(?:big\s+|huge\s+)?(?:fan\s+of|keen\s+on)|i\s+(?:really\s+|just\s+)?"
                        r"(?:don'?t|do\s+not|dont)\s+(?:really\s+)?(?:like|want|love)|i\s+(?:really\s+)?(?:hate|dislike|"
                        r"can'?t\s+stand|detest))\s+(?!to\b|how\b|that\b|it\b|when\b|the\s+way\b|what\b|this\b|these\b|"
                        r"those\b|them\b|your\b|my\b)(?P<what>[^,;.!?]+?)\s*(?:[,;.!?].*)?$", re.I)


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
    # the kind before where it holds ("files just for types", "mocks in the integration tests")
    head = re.split(r"\s+(?:just\s+|only\s+)?(?:for|in|on|with|of|from|inside|across)\s+", what, maxsplit=1)[0]
    if not (_plural(what) or _plural(head)) or re.match(r"(?:these|those|this|that|your|my|our)\b", what, re.I) or _THIS_TASKS.search(
            match.group("what")) or words & (NEEDS_WORK | PEOPLE | STYLE_WORDS | VAGUE_KINDS):
        return None
    if what.split()[-1].lower() not in CODE_CONSTRUCTS and head.split()[-1].lower() not in CODE_CONSTRUCTS \
            and what.lower() not in KEPT_OUT \
            and "`" not in mark_identifiers(what):
        return None  # "the long meetings", "the weekly syncs": no kind of code (review26 R26-5)
    return f"avoid {what}"


__all__ = ["not_a_fan"]
