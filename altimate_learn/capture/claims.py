"""The answer's claim set against what the person sees (issue 20, cls27).

After an answer that says the work is done ("all tests pass", "the export works now", "Fixed."), a message that grants
the claimed part and reports another part failing, or that quotes the claim back and contradicts it, is a report that
the agent's work is broken, though no single clause of it reads as one:

- the claim quoted back, then a fault: "you said the checks pass but three of them fail", "I thought you said it was
  fixed? the page is still blank", "dijiste que funcionaba pero el archivo sale vacío";
- the claimed part granted, then a fault of another part: "it compiles now but the output file is 0 bytes", "the
  toggle flips the icon but the colors stay light", "import runs but 0 rows end up in the table";
- the claim's own word in scare quotes or "so-called" before what it now does: "the 'fixed' version deletes the
  avatar", "the so-called fix wipes the draft".

Written from the shape (the brief's "a claim of done work followed by a complaint"), each with typed look-alikes that
stay quiet (tests/capture_text/test_claims_cls27.py): what follows the contrast must be a plain report with a fault in
it, not a request, a wish, a plan, a question, the person's own setup or moment, or a fault accepted ("that's fine
for now"); a claim quoted back with praise ("you said it runs cleanly, great, let's deploy") corrects nothing.
The caller reads it only after an answer that claimed the work (``claimed`` in ``classifier.classify_text``).
"""

from __future__ import annotations

import re

from altimate_learn.capture import guards

_I = re.I

# The claim quoted back: "you said / told me / claimed / promised …", "I thought you said …", and abroad (es, pt, fr, it,
# de): "dijiste que", "você disse que", "tu as dit que", "hai detto che", "du hast gesagt".
QUOTED_CLAIM = re.compile(
    r"\b(?:(?:i\s+thought\s+)?you\s+(?:just\s+)?(?:said|told\s+me|claimed|promised|reported|wrote|confirmed)|according\s+to\s+you|"
    r"(?:me\s+)?dijiste|(?:você|voce|vc)\s+disse|tu\s+(?:m'as|as)\s+dit|hai\s+detto|du\s+hast\s+(?:gesagt|behauptet))\b", _I)

# The claimed part granted: a thing (or "it") that now works, builds, passes …, before a contrast.
_GRANTED = (r"(?:^|[.;!]\s+|,\s*(?:and\s+)?)(?:ok(?:ay)?[,.]?\s+|so\s+|yes[,.]?\s+|yeah[,.]?\s+|sure[,.]?\s+)?(?:(?:it|that|this|(?!\S*n't\b|not\b|never\b|no\b|nothing\b)[\w'-]+(?:\s+(?!\S*n't\b|not\b|never\b|no\b|nothing\b)[\w'-]+){0,4}?)\s+)?"
            r"(?:now\s+|does\s+|do\s+|finally\s+|technically\s+|at\s+least\s+)?"
            r"(?:works?|compiles?|builds?|runs?|passes|pass|loads?|renders?|opens?|starts?|saves?|installs?|deploys?|"
            r"shows?\s+up|appears?|flips?|toggles?|switches|responds?|"
            r"(?:is|are)\s+(?:now\s+)?(?:faster|fixed|green|there|in\s+place|back|working|passing|clean|gone|deployed))\b")
_CONTRAST = r"[^.;!?]{0,60}?(?:,\s*|\s+)(?:but|yet|though|however|only)\b[,:]?\s+"
GRANTED_THEN = re.compile(_GRANTED + _CONTRAST, _I)

# The claim's own word in scare quotes, or "so-called": "the 'fixed' version", "the so-called fix".
SCARE_QUOTED = re.compile(r"(?:['\"\u2018\u201c](?:fixed|working|done|finished|improved|clean|fast|faster)['\"\u2019\u201d]"
                          r"|\bso-called\s+(?:fix|fixed|solution|improvement|cleanup|refactor))\s*(?:\w+\s+){0,2}?"
                          r"(?:now\s+|still\s+|just\s+)?[a-z]+s\b", _I)

# A fault in what follows: a negation, nothing / empty / zero, a state that stays, something gone, wrong, red, failing,
# twice, stale, a destructive act, slow.
FAULT = re.compile(
    r"n't\b|\b(?:not|never|no\s+longer|nothing|none|nobody|no\s+\w+|empty|blank|zero|all\s+zeros?|null|undefined|nan|"
    r"0\s+(?:bytes?|kb|rows?|items?|results?|records?|lines?|files?)|stays?|remains?|stuck|still|gone|missing|disappear\w*|vanish\w*|"
    r"wrong|off|broken|breaks?|red|fail\w*|errors?|erroring|crash\w*|hang\w*|freez\w*|panics?|throws?|twice|duplicat\w*|"
    r"double[sd]?|stale|outdated|wipes?|deletes?|loses?|lost|drop(?:s|ped)?|overwrites?|resets?|truncat\w*|slow(?:er)?|typos?|"
    r"misspel\w*|time[sd]?\s+out|timing\s+out|timeouts?|backwards|upside[\s-]down|inverted|garbled|corrupt\w*|"
    r"takes\s+(?:forever|ages|\d+\s*(?:s|sec\w*|min\w*)))\b", _I)
# ... and abroad, read only after a quoted claim ("dijiste que funcionaba pero …"): es/pt vacío/vazio, no/não,
# falla/falha, error/erro; fr vide, ne … pas, plante; it vuoto, non, errore; de leer, nicht, kein, Fehler.
FAULT_ABROAD = re.compile(r"\b(?:vac[ií]o|vazio|no|n[ãa]o|falla\w*|falha\w*|errors?|erro|vide|pas|plante|vuoto|non|errore|"
                          r"leer|nicht|keine?|fehl\w*|kaputt)\b", _I)

# What follows the contrast is not a report: a request, a wish, a plan, a question of the person's, praise, the person's
# own moment or setup.
NOT_A_REPORT = re.compile(
    r"^\W*(?:(?:can|could|would|will)\s+(?:you|we)|please|pls|let's|let\s+us|i'd\s+(?:like|love|prefer)|i\s+(?:want|would\s+like)|"
    r"we\s+(?:should|could|might|need\s+to\s+add)|maybe|perhaps|also|next|then|that's\s+(?:fine|ok|okay|expected|for\s+later)|"
    r"i'll|we'll|i\s+will|we\s+will|thanks|thank\s+you|great|nice|good|cool|now\s+(?:add|make|let's|do)|"
    # an order, not a report ("… but remove the debug prints"; a fix asked still counts: "… but fix the failing test")
    r"add|make|remove|delete|change|turn|use|put|move|set|rename|update|keep|drop|get|take|try|check|look|run|write|"
    r"call|show|hide|give|replace|include|exclude|document|note|ship|merge|deploy|push|commit)\b"
    r"|\bno\s+(?:rush|worries|problem|need|biggie|pressure)\b"
    # the person's own view or a new direction, not the result: "… but honestly I never liked this page anyway", "…, but
    # the real problem is that nobody uses it, so let's drop it"
    r"|^\W*(?:honestly|personally|frankly|tbh|i\s+(?:never\s+|always\s+|still\s+)?(?:liked?|think|feel|guess|wonder|want|wish|"
    r"prefer|hate|love|believe|suppose))\b|\banyway\b|\bthe\s+(?:real|bigger|main)\s+(?:problem|issue|question)\b"
    r"|\blet's\s+(?!(?:fix|revert|undo|restore|put\s+(?:it|them)\s+back|roll\s+back)\b)"
    # out of this task: "… was never part of this task, so leave it", "…, that's a separate ticket"
    r"|\b(?:leave\s+(?:it|that|them|this)|(?:never|not)\s+part\s+of|out\s+of\s+scope|(?:a\s+)?separate\s+(?:ticket|issue|task|pr|"
    r"story)|another\s+(?:ticket|task|story)|unrelated)\b"
    r"|\b(?:tomorrow|later|next\s+(?:week|sprint|time)|for\s+now|by\s+design|as\s+expected|on\s+purpose)\b", _I)


def _report_after(rest: str, abroad: bool = False) -> bool:
    """``rest`` (the words after the contrast) reads as a plain report with a fault in it (``abroad``: the fault words
    of other languages count too)."""
    rest = rest.strip()
    if not rest or not (FAULT.search(rest) or (abroad and FAULT_ABROAD.search(rest))) or NOT_A_REPORT.search(rest):
        return False
    first = re.split(r"(?<=[.!;])\s+", rest, maxsplit=1)[0]
    if re.search(r"\?\s*$", first):
        return False  # "… but is that still true?": a question of the person's
    setup = guards.OWN_SETUP.search(rest)
    if setup and not re.search(r"\b(?:on|in)\s+$", rest[:setup.start()]):
        return False  # "… but my vpn keeps dropping"; never "… but three fail on my machine" (where the person looks)
    return not (guards.OWN_MOMENT.search(rest) or guards.ACCEPTED.search(rest) or guards.ACCEPTED_AS_RIGHT.search(rest)
                or guards.CLEARED.search(rest) or guards.THEIRS.search(rest))


def contradicts_claim(own: str) -> str | None:
    """The reason when the person's own words (``own``, normalised) set the answer's claim against what they see (see
    the module's docstring); None otherwise. Only for a message after an answer that claimed the work."""
    if not own or len(own) > 400:
        return None
    quoted = QUOTED_CLAIM.search(own)
    if quoted:
        after = own[quoted.end():]
        # "you said the checks pass but three fail", "I thought you said it loads fast? it takes 9 seconds"
        turn = re.search(r"(?:,\s*|\s+)(?:but|yet|though|however|and\s+yet|pero|mas|mais|ma|aber|doch)\b[,:]?\s+|[?!.]\s+", after, _I)
        if turn and _report_after(after[turn.end():], abroad=True):
            return "set the agent's claim against what the person sees"
    granted = GRANTED_THEN.search(own)
    if granted and _report_after(own[granted.end():]):
        return "said the claimed part works but another does not"
    if SCARE_QUOTED.search(own) and "?" not in own and not NOT_A_REPORT.match(own):
        return "set the agent's claim against what the person sees"
    return None


# The answer says a check passed: "the tests pass", "all 14 tests pass", "lint is clean", "CI is green", "12 passed"
# (review47 R47-1, cls48). Only the check's own words: "Done." alone claims the work, not a check.
CHECK_CLAIM = re.compile(
    r"\b(?:tests?|specs?|checks?|lint(?:er|ing)?|ci|build|type-?checks?|pytest|jest|vitest|suite|ruff|mypy|eslint|tsc)\s+"
    r"(?:now\s+|all\s+|still\s+|also\s+)?(?:pass(?:es|ed|ing)?|(?:is|are)\s+(?:now\s+|all\s+|still\s+)?(?:green|passing|clean))\b"
    r"|\ball\s+(?:\d+\s+)?(?:tests?\s+|specs?\s+|checks?\s+)?(?:pass(?:ed|ing)?|green)\b|\b\d+\s+(?:tests?\s+)?passed\b", _I)

# What the person sees of that check: it fails, with a count ("nope, 3 failures", "I get 2 failed, 14 passed"), by name
# ("the tests don't pass", "they fail", "tests are red on my machine", "failing here"), or the claim cannot be true
# ("how did the tests pass?? make test doesn't even exist here", "what tests? there's no test folder"). The person's
# own run is read as they type it: no negation word is needed ("3 failures", "still red").
CHECK_FAILS = re.compile(
    r"\b[1-9]\d*\s+(?:(?:more|other|of\s+(?:them|the\s+tests?|those))\s+)?(?:(?:unit\s+|e2e\s+|integration\s+)?(?:tests?|specs?|"
    r"checks?|cases?)\s+(?:failed|failing|fail|failures?|errors?)\b"
    # a bare count ("nope, 4 failures", "3 failed, 41 passed", "2 errors in test_auth", "3 failing tests") ends there or
    # names the tests: "after 5 failed logins", "the 3 failed payments", "the 3 errors we saw yesterday" count other
    # things (check48 C48-5)
    r"|(?:failed|failing|fail|failures?|errors?)(?=\s*(?:$|[,.;:!?)]|(?:and|but|here|locally|now|still|again|in|on|for|with|"
    r"when|out|so|too|[1-9]\d*|(?:unit\s+|e2e\s+|integration\s+)?(?:tests?|specs?|checks?|cases?))\b)))"
    r"|\b(?:tests?|specs?|checks?|they|it|lint|ci|build|pytest|(?:the\s+)?suite)\s+(?:still\s+|actually\s+)?(?:don't|do\s+not|didn't|"
    r"did\s+not|doesn't|does\s+not|won't|aren't|isn't|are\s+not|is\s+not)\s+(?:actually\s+|even\s+|all\s+)?(?:pass(?:ing)?|green|clean)\b"
    r"|\bnot\s+(?:a\s+single\s+(?:one|test)\s+)?pass(?:ing|es)?\b|\bnothing\s+passes\b"
    r"|\b(?:tests?|specs?|checks?|they|it|ci|build|lint)\s+(?:are\s+|is\s+)?(?:still\s+)?(?:fail(?:s|ing|ed)?|red)\s+"
    r"(?:here|for\s+me|locally|on\s+my\s+(?:machine|end|side|laptop|box|mac|pc)|on\s+ci|in\s+ci)\b"
    r"|^\W*(?:(?:no+|nope|nah|hmm+|um+|but|and|yet)\W+)*(?:they|the\s+tests?|tests?|it)\s+(?:still\s+)?fail(?:s|ed)?\W*$"
    r"|^\W*(?:(?:no+|nope|nah|hmm+|but)\W+)*(?:still\s+|all\s+)?red\W*$|^\W*(?:(?:no+|nope|nah|hmm+)\W+)*(?:still\s+)?failing"
    r"(?:\s+(?:here|for\s+me|locally))?\W*$"
    r"|\bhow\s+(?:did|do|could|can|are|were|would|is|was)\s+(?:the\s+|those\s+|these\s+|all\s+|your\s+)?(?:tests?|they|specs?|"
    r"checks?|lint|build|it)\s+(?:\w+\s+)?(?:pass|green|clean)\b"
    r"|^\W*(?:wait\W+)?(?:what|which)\s+tests\s*\?"
    r"|\bthere\s+(?:are|is|'s)\s+no\s+(?:tests?|test\s+(?:suite|folder|dir\w*|files?|script)|makefile|make\s+target|ci)\b"
    r"|\b(?:make\s+\w+|the\s+tests?|test\s+script|makefile)\s+(?:doesn't|does\s+not|don't|do\s+not)\s+(?:even\s+)?exist\b", _I)

# ... unless the person accepts the failures, places them outside the change or owns their cause: "the 2 failures are
# expected", "3 fail but those are flaky / were failing before / unrelated", "they failed for me because I hadn't pulled.
# all green now".
_FAILURES_ACCEPTED = re.compile(r"\b(?:expected|known|pre-?existing|flaky|unrelated|fine|ignore|skip(?:ped)?|"
                                r"already\s+(?:failing|failed|broken|red)|before\s+(?:your|the|this)\s+change|"
                                r"(?:green|pass(?:es|ing)?|works?)\s+now|now\s+(?:they\s+|it\s+)?(?:pass|work)|"
                                r"because\s+i\s+(?:hadn't|had\s+not|didn't|did\s+not|forgot|was)|my\s+(?:bad|fault|mistake))\b", _I)


def check_contradicted(own: str, answer: str) -> str | None:
    """After an answer that says a check passed (:data:`CHECK_CLAIM`), the person's own words (``own``, normalised) report
    that check failing or the claim impossible (:data:`CHECK_FAILS`): the claim set against what the person sees.
    None otherwise, and for a message that accepts the failures."""
    if not own or len(own) > 400 or not CHECK_CLAIM.search(answer or ""):
        return None
    if not CHECK_FAILS.search(own) or _FAILURES_ACCEPTED.search(own) or guards.OWN_MOMENT.search(own) or (
            guards.ACCEPTED.search(own) or guards.CLEARED.search(own) or guards.THEIRS.search(own)):
        return None
    return "set the agent's claim against what the person sees"


# After an answer that claimed the work, the person says it is not done, done in part, or not there, the short way
# (cls48, from review47 R47-1's forms): "it's not done", "you're not finished", "half done", "incomplete", "you only did
# the first file", "only one of the three files changed", "the file is unchanged", "git diff shows nothing", "I don't see
# parse_iso anywhere", "nothing was added". A whole short message for the bare states (never "I'm not done yet": the
# person's own turn).
_LEAD = r"^\W*(?:(?:no+|nope|nah|but|hmm+|um+|wait|uh+|ok(?:ay)?|so|well)\W+)*"
_STATES = r"(?:done|finished|complete|completed|there|implemented|applied|saved)"
_PART_DONE = re.compile(
    _LEAD + r"(?:only\s+)?(?:half|partly|partially)\s+(?:done|finished|there|working|implemented)\W*$|" + _LEAD
    + r"(?:still\s+)?incomplete\W*$"
    r"|\byou\s+only\s+(?:did|changed|updated|fixed|edited|touched|added|converted|moved|renamed)\s+(?:the\s+)?"
    r"(?:first|one|half|some|part|two|a\s+few)\b"
    r"|\bonly\s+(?:one|the\s+first|half|two|\d+)\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:\d+|two|three|four|five|them|files?|\w+s)\b"
    r"[^.?!]{0,30}?\b(?:changed|updated|fixed|done|got|was|were)\b", _I)
_NOT_THERE = re.compile(
    _LEAD + r"(?:(?:it|that|this|the\s+\w+)(?:'s|\s+is|\s+was)|you(?:'re|\s+are|\s+were))\s+(?:still\s+)?(?:not|n't)\s+"
    + _STATES + r"(?:\s+yet)?\W*$"
    r"|" + _LEAD + r"(?:it|that|this|the\s+\w+)\s+(?:isn't|wasn't|aren't)\s+" + _STATES + r"(?:\s+yet)?\W*$"
    r"|\b(?:the\s+|that\s+|this\s+|my\s+)?(?:file|files|code|function|diff|repo|page|output)\s+(?:is|are|looks?)\s+(?:still\s+)?"
    r"(?:unchanged|untouched|exactly\s+the\s+same)\b"
    r"|\bgit\s+(?:diff|status)\s+(?:shows|is|says|gives)\s+(?:nothing|clean|empty|no\s+changes)\b"
    r"|\bi\s+(?:don't|do\s+not|can't|cannot)\s+(?:see|find)\s+(?:it|them|that|this|any\s+of\s+(?:it|them|that)|[\w`.()/-]+)\s+"
    r"anywhere\b"
    r"|\bnothing\s+(?:was|got|has\s+been|had\s+been)\s+(?:added|changed|saved|written|created|committed|updated|modified|pushed)\b",
    _I)


def not_done(own: str) -> str | None:
    """After an answer that claimed the work, the person's own words (``own``, normalised) say it is done only in part
    (:data:`_PART_DONE`) or not done, not there (:data:`_NOT_THERE`); None otherwise, and for a message that accepts it
    ("half done is fine for today")."""
    if not own or len(own) > 400 or guards.OWN_MOMENT.search(own) or guards.ACCEPTED.search(own) or _FAILURES_ACCEPTED.search(own):
        return None
    if _PART_DONE.search(own):
        return "said the agent did only part of it"
    if _NOT_THERE.search(own):
        return "said the change is not there"
    return None
