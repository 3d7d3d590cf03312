"""A correction buried after praise (issue 20, cls27).

"thanks, this is great. one thing though: the endpoint you added returns 200 on errors, it should be 400", "love it!
quick note, you left two print statements in core.py, please remove them", "great, thanks! small thing: you're
retrying on 4xx too, only retry on 5xx. then let's do the logging": the message opens with praise, turns ("but",
"however", "one thing", "quick note", "small thing", "just one issue"), and after the turn names the agent's own act
("you left …", "you're retrying …", "the endpoint you added …", "your migration …") with a change asked or a fault
said of it. New work asked after it ("then let's do the logging", "after that, the README") does not take it back.

Quiet (tests/capture_text/test_buried_cls27.py): praise then new work with no act of the agent's named ("thanks! one
more thing: add a rate limit"), praise then a wish for later ("small thing for later: we might want metrics"),
someone else's wish ("however, the product team wants a dark mode toggle there too"), praise of the act itself
("great, you left the old API alone like I asked").
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

from altimate_learn.capture import guards

_I = re.I

PRAISE_OPENING = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|wow|oh|yes|yeah|alright)\W+)?(?:thanks?(?:\s+(?:a\s+lot|so\s+much))?|thank\s+you|thx|ty|great|"
    r"awesome|nice|cool|perfect|excellent|lovely|love\s+it|looks?\s+(?:good|great|nice|fine)|looking\s+good|good(?:\s+(?:job|work|"
    r"stuff|progress|start))?|nice\s+(?:job|work)|great\s+(?:job|work|progress|stuff)|well\s+done|solid|neat|sweet|works?\s+"
    r"(?:great|well)|this\s+is\s+(?:great|good|nice|awesome|perfect))\b", _I)

# The turn after the praise, and what follows it up to the end of its sentence
TURN = re.compile(
    r"\b(?:but|however|though|although|that\s+said|except(?:\s+that)?|one\s+(?:thing|issue|problem|nit|note|catch)|"
    r"(?:quick|small|minor|tiny|little)\s+(?:thing|note|nit|issue|fix|one)|just\s+one\s+(?:thing|issue|problem)|"
    r"the\s+(?:one|only)\s+(?:thing|issue|problem)|nit|minor)\b(?!\s+for\s+later)", _I)

# The agent's own act named after the turn
AGENT_ACT = re.compile(
    r"\byou(?:'ve|\s+have|'re|\s+are)?\s+(?:also\s+|still\s+|accidentally\s+)?(?!(?:can|could|should|might|may|will|would|"
    r"going\s+to|gonna|about\s+to)\b)"
    r"[a-z]+(?:ed|en|ing)\b|\byou\s+(?:left|put|made|wrote|set|kept|forgot|broke|hard-?coded|swallowed|dropped|"
    r"removed|deleted|named|catch|hit|use|call|return)\b|\b(?:the\s+|those\s+|these\s+|that\s+)?[\w-]+(?:\s+[\w-]+)?\s+you\s+"
    r"(?:added|wrote|made|created|built|changed|introduced|set\s+up|generated|used|put|moved|renamed|left)\b"
    r"|\byour\s+(?:new\s+)?[\w-]+\s+(?:is|are|isn't|aren't|was|has|have|does|doesn't|returns?|throws?|uses?|calls?|breaks?|"
    r"drops?|hits?|swallows?|logs?|sends?)\b", _I)

# ... with a change asked or a fault said of it
CHANGE_OR_FAULT = re.compile(
    r"\b(?:please|pls|should|shouldn't|need|needs|must|only|instead|not|never|remove|delete|drop|fix|change|rename|revert|"
    r"restore|translate|move|use|make|put\s+(?:them|it|those)\s+back|wrong|broken|missing|leak\w*|insecure|hardcoded|isn't|"
    r"aren't|doesn't|don't|didn't|won't|can't|anyone|everyone|no\s+\w+)\b|n't\b"
    # the agent's act took the old thing: "you used the red from the old palette, the brand red is #D7263D now" (cls28)
    r"|\b(?:old|outdated|deprecated|legacy|previous|stale)\s+(?:[\w-]+\s+)?[\w-]+", _I)

# Not the agent's work asked to change: a wish for later, someone else's wish, the act praised
LATER_OR_THEIRS = re.compile(r"\b(?:for\s+later|later\s+on|next\s+(?:time|sprint|week)|some\s*day|eventually|might\s+want|"
                             r"i'll\s+(?:send|give|share|get)|tonight|tomorrow|"
                             r"could\s+(?:also\s+)?(?:consider|think)|the\s+(?:product|design|marketing|sales|ux)\s+team|"
                             r"(?:boss|manager|client|customer|pm)\s+wants?)\b|\b(?:like|as)\s+i\s+(?:asked|said|wanted)\b", _I)


def after_praise(own: str) -> str | None:
    """The reason when the person's own words (``own``, normalised) open with praise, turn, and then name the agent's
    own act with a change asked or a fault said of it; None otherwise. For a message after an answer that did work."""
    if not own or len(own) > 600 or not PRAISE_OPENING.match(own):
        return None
    turn = TURN.search(own, PRAISE_OPENING.match(own).end())
    if not turn:
        return None
    rest = own[turn.end():]
    # the turn's sentence and the next one ("One thing: the error messages you added are in English. please translate")
    sentences = re.split(r"(?<=[.!?;])\s+", rest.strip(" ,:;-\u2013\u2014"))
    window = " ".join(sentences[:2])
    act = AGENT_ACT.search(window)
    if not act or LATER_OR_THEIRS.search(window) or guards.CLEARED.search(window):
        return None
    if not CHANGE_OR_FAULT.search(window):
        return None
    return "a correction after praise"


# -- cls35: a correction buried after new work -------------------------------------------------------------------------
# "ok that works. next can you wire it into the dashboard? … also we don't use default exports in this repo, I noticed you
# added one in the last change", "Next: hook up the email sending. btw the config you added reads SMTP_PASS from
# config.yaml, secrets come from env vars" (review35 R35-1; the blind sets' `buried` rows): new work first, then an aside
# opened by "also" / "btw" / "PS" / "one more thing" that names the agent's own act with a change asked or a fault said of
# it, as after praise above. An aside that names no act of the agent's ("btw we use cursor pagination, never offset": a
# rule for the new work) stays quiet, and so do the same exceptions (a wish for later, someone else's, the agent cleared).
ASIDE = re.compile(r"^\W*(?:also|and\s+also|btw|by\s+the\s+way|ps|p\.s\.|oh\s+and|one\s+more\s+thing|side\s+note|"
                   r"separately|while\s+you(?:'re|\s+are)\s+at\s+it)\b", _I)


def after_new_work(own: str) -> str | None:
    """The reason when a later sentence of the person's own words opens an aside that names the agent's own act with a
    change asked or a fault said of it (see above); None otherwise. For a message after an answer that did work."""
    if not own or len(own) > 800:
        return None
    sentences = [part for part in re.split(r"(?<=[.!?;])\s+|\n+", own.strip()) if part.strip()]
    for at in range(1, len(sentences)):
        if not ASIDE.match(sentences[at]):
            continue
        window = " ".join(sentences[at:at + 2])
        if (AGENT_ACT.search(window) and CHANGE_OR_FAULT.search(window) and not LATER_OR_THEIRS.search(window)
                and not guards.CLEARED.search(window)):
            return "a correction buried after new work"
    return None


# -- cls35: a standing rule said as an aside after a new request ----------------------------------------------------------
# "add pagination to the orders endpoint. btw we use cursor pagination, never offset", "Can you add a test for the refund
# flow? Also, we always use factory_boy for fixtures, not hand-built dicts.", "… PS: dates are always ISO 8601 in our API."
# (review35 R35-1, the lead 06:40): the aside, read alone, is the stated convention or always/never rule it would be as a
# message of its own. Only those reasons; and an aside that gives the rule as a reason for this task's plan ("also, we
# always deploy on Fridays, so aim to finish by Thursday") or as context ("… in case that matters", "that's why …") is none.
ASIDE_RULE_REASONS = frozenset({"stated an always/never rule", "stated a team convention",
                                "gave a standing instruction (from now on)"})
_ASIDE_MARK = re.compile(r"(?:(?<=[.!?;:])\s+|\n+)\W*(?:btw|by\s+the\s+way|also|ps|p\.s\.|fyi|note|oh\s+and|and\s+remember|"
                         r"remember)\b\W*", _I)
_ASIDE_CONTEXT = re.compile(r",?\s+so\s+(?!that\b)|\bin\s+case\s+(?:that|it)\s+matters\b|\bthat's\s+why\b|\bfor\s+context\b|"
                            r"\bjust\s+so\s+you\s+know\b", _I)


def aside_rule_text(own: str) -> str | None:
    """The last aside after the message's first sentence ("… btw we use cursor pagination, never offset"), from its
    marker to the end, when it gives no reason for the task's plan and no context; None otherwise."""
    if not own or len(own) > 1200:
        return None
    marks = list(_ASIDE_MARK.finditer(own))
    if not marks:
        return None
    aside = own[marks[-1].start():].strip()
    if not aside or _ASIDE_CONTEXT.search(aside):
        return None
    return aside
