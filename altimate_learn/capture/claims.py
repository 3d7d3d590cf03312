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

from altimate_learn.capture import lazy_re as re

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
