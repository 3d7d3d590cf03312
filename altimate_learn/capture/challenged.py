"""A challenge asked, then the fact that makes the choice wrong (issue 20, cls31).

People question a choice by asking why the result is as it is and then stating what they know that the agent did not:
"why does the lambda need s3:* on *? it only reads one bucket", "how come the index is on (created_at, user_id)? every
query we run filters by user_id first", "why is the changelog entry under 3.1.0? we're releasing 3.2.0", "how is 16
workers supposed to work on a 4-core box? the machine is swapping now". The question alone may be curiosity ("why did
you pick 300ms?"); the statement after it is what makes it a correction: the person answers their own question with a
fact against the choice. A second question instead ("… is that a standard number?"), curiosity said as such, praise,
the person's purpose ("why was the route renamed? need to tell the mobile team") or new work after the question ("why is
the config in yaml? also add a json loader") leave it a question.

Read only after an answer that said the work was done (the caller's ``claimed``), never in a new task; English.
"""

from __future__ import annotations

import re

from altimate_learn.capture import guards
from altimate_learn.capture.cues import INTERROGATIVE

_I = re.I

REASON = "asked why the result is as it is, then stated the fact against it"

# The opening question: why the result *is* as it is (a state of the work, not the person's own doing), or how it is
# supposed to work; one question of up to 160 characters.
WHY_STATE = re.compile(
    r"^\W*(?:(?:hmm+|wait|um+|so|but|and|ok(?:ay)?|hold\s+on|uh+)[,.!]*\s+)*"
    r"(?:why\s+(?:is|are|does|do|was|were|would|has|have)\b(?!\s+(?:i|we|my|our)\b)|how\s+come\b(?!\s+(?:i|my)\b)"
    r"|how\s+(?:is|are|would|does)\b[^?\n]{0,80}?\bsupposed\s+to\b)"
    r"[^?\n]{3,160}?\?+", _I)

# What follows must state something: a sentence of at least three words that is not a question (nor one typed without
# its "?": "are there other files with the same error"), a thanks, praise or the next piece of work.
_WORDS = re.compile(r"[^\W\d_]{2,}")
MIN_WORDS = 3
_NEW_WORK = re.compile(r"^\W*(?:(?:and|also|then|next|now|btw)\W+)+(?:please\s+)?(?:add|create|build|implement|write|make|"
                       r"set\s*up|generate)\b|^\W*(?:can|could|would)\s+you\s+(?:please\s+)?(?:also|now)\b", _I)
_THANKS = re.compile(r"^\W*(?:thanks?|thank\s+you|thx|ty|cheers|no\s+worries|all\s+good|fine|ok(?:ay)?|cool|nice|great)\b"
                     r"[\W]*$", _I)
# Why the person asks, said after the question ("why was the route renamed? need to tell the mobile team", "… I'm
# updating the changelog", "… for the release notes"): the person's purpose, no fact against the choice.
_PURPOSE = re.compile(r"^\W*(?:(?:i|we)(?:'d|\s+would)?\s+)?(?:need|needs|have|want|wanna|gotta|must|got)\s+to\b"
                      r"|^\W*(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:writing|documenting|updating|trying|asking|going|about|"
                      r"putting|preparing|drafting|reviewing)\b|^\W*(?:for|so)\s+(?:the|my|our|that|i|we)\b|^\W*asking\b", _I)
_ASKS_ON = re.compile(r"\?|\b(?:i'?m\s+asking|asking\s+because|i\s+(?:don't|do\s+not)\s+(?:know|understand))\b", _I)


def why_then_fact(own: str) -> str | None:
    """REASON when the person's own words open with a why-question about the result and go on with a statement."""
    text = own.strip()
    m = WHY_STATE.match(text)
    if not m:
        return None
    rest = text[m.end():].strip()
    first = re.split(r"(?<=[.!?])\s+|\n+", rest, maxsplit=1)[0].strip() if rest else ""
    if (len(_WORDS.findall(first)) < MIN_WORDS or _ASKS_ON.search(first) or INTERROGATIVE.match(first)
            or _THANKS.match(first) or _NEW_WORK.match(first) or _PURPOSE.match(first)):
        return None
    if guards.CURIOUS.search(text) or guards.PRAISE.search(text):
        return None
    return REASON
