"""The correction classifier: does a user message correct the agent?

A fixed, deterministic list of text patterns (spec 003 "Capture"); no model. Precision matters more than
recall: a missed correction costs one lesson, a false one puts noise in front of the person who reviews.

How a message is read:
1. Text learn injected is stripped, then only the first 4,000 characters are read.
2. Fenced code, indented code and pasted lines that look like logs, tracebacks, shell prompts, diffs or
   quotes (`> …`) are dropped: they carry words such as "wrong" or "instead" that are not the user's.
3. The rest is split into clauses (sentences, lines, `;`, and `but …`).
4. A clause that is pure thanks/approval/reassurance is skipped. A clause that ends in `?` counts only when
   it challenges what the agent did ("why did you…", "didn't I say…?"). Every other clause is tried against
   the cue list; the first cue that matches decides.

Session rules (`classify_user_message`): the first message is the task, never a correction; a message
counts only after a completed assistant turn; an interruption followed by a redirect and a tool rejection
with a reason are strong evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from altimate_learn.capture.model import UserMessage
from altimate_learn.markers import strip_injected

MAX_CLASSIFIED_CHARS = 4000


@dataclass(frozen=True)
class Verdict:
    correction: bool
    reason: str  # short and human, e.g. 'says "use X instead of Y"'
    strength: str  # "strong", "pattern" or "none"


NOT_A_CORRECTION = Verdict(False, "", "none")

# -- Prose extraction -------------------------------------------------------------------------------

_FENCE = re.compile(r"^[ \t]*(```|~~~)")
# Lines a person pastes rather than writes. Each alternative is anchored at the line start and bounded,
# so a pathological line costs linear time.
_PASTED_LINE = re.compile(
    r"""^[ \t]*(?:
        >                                                   # quoted reply / email quote
      | (?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}:\d{2}        # timestamped log line
      | \[?(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|FATAL|CRITICAL|PANIC|SEVERE)\b[\]:]?  # log level
      | \d{4}[-/]\d{2}[-/]\d{2}\b                            # dated line
      | Traceback\ \(most\ recent\ call\ last\)
      | File\ "[^"]*",\ line\ \d+
      | at\ [\w$.<>]+\s*\(.*\)\s*$                           # JS / Java stack frame
      | at\ [\w$./<>-]+:\d+                                  # stack frame without parens
      | [\w.]*(?:Error|Exception|Warning)(?::|\s*$)          # "ValueError: …", "TypeError: …"
      | (?:error|warning|note|help)(?:\[\w+\])?:\s           # rustc / gcc / go vet diagnostics
      | -->\s                                                # rustc location line
      | goroutine\ \d+ | panic: | thread\ '[^']*'\ panicked
      | [$#%]\ \S                                            # shell prompt
      | [\w.@~:/-]*[$#]\ \S                                  # user@host:~/dir$ cmd
      | PS\ [A-Z]:\\                                         # PowerShell prompt
      | (?:\+\+\+|---)\ \S | @@\ -\d | diff\ --git | index\ [0-9a-f]{7,}
      | [+-](?![+-]|\s*$)                                    # diff body line
      | \d+\ (?:passed|failed|errors?)\b | (?:PASS|FAIL|FAILED|PASSED|ok|OK)\s+[\w./:-]+  # test runner
      | npm\ (?:ERR!|WARN) | yarn\ run | error\ TS\d+ | \S+\.(?:py|js|ts|tsx|go|rs|sql|java|rb):\d+
      | E\s{2,} | [|│└├─]\s                                  # pytest "E   …", tree drawings
    )""",
    re.X,
)
_INDENTED_CODE = re.compile(r"^(?: {4}|\t)")
_INLINE_CODE = re.compile(r"`[^`\n]{1,200}`")


def prose_of(text: str) -> str:
    """The user's own prose: injected text, fenced/indented code and pasted log lines removed."""
    text = strip_injected(text)[:MAX_CLASSIFIED_CHARS]
    kept: list[str] = []
    in_fence = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or _INDENTED_CODE.match(line) or _PASTED_LINE.match(line):
            kept.append("")  # keeps a clause boundary where the pasted line was
            continue
        kept.append(line)
    # Inline code is kept as a neutral token: "use `ref()` instead of `source()`" still reads as a cue,
    # but words inside the backticks never do.
    return _INLINE_CODE.sub(" `code` ", "\n".join(kept))


_CLAUSE_SPLIT = re.compile(
    r"(?<=[.!?;])[\"'\u201d\u2019)\]}]*\s+"  # sentence end
    r"|\n+"
    r"|(?<=\w):\s+"  # "one thing: you forgot …"
    r"|(?:,\s*|\s+[-\u2013\u2014]+\s+|\s+)(?=but\s)"
    r"|(?:,|\s[-\u2013\u2014]+)\s*(?=(?:please\s+)?(?:don't|do\s+not|never|stop|revert|undo|instead)\b)",
    re.I,
)
# A bare "No." followed by a sentence is one refusal-plus-direction, not two clauses.
_BARE_NO = re.compile(r"^(\W*(?:no+|nope|nah)(?:\s+no+)*)\s*[.!]+\s+", re.I | re.M)


def clauses(text: str) -> list[str]:
    text = _BARE_NO.sub(r"\1, ", text)
    return [c.strip() for c in _CLAUSE_SPLIT.split(text) if c and c.strip()]


# -- Cues -------------------------------------------------------------------------------------------

# Connectors that may open a clause without changing what it says ("but you forgot …").
_LEAD = r"(?:(?:also|but|and|so|ok(?:ay)?|hmm+|um+|well|again|please|pls|plz|seriously|hey|dude|man|ugh|sorry|oops)[,:!]?\s+)*"

# Pure thanks / approval / reassurance: a clause made only of these is skipped.
_APPROVAL = re.compile(
    r"""^\W*(?:(?:ok(?:ay)?|cool|great|nice|perfect|awesome|excellent|thanks?(?:\ you)?|thx|ty|ta|cheers|lgtm|
        looks\ (?:good|great|fine|right)(?:\ to\ me)?|sounds\ good|all\ good|good\ job|well\ done|nice\ work|
        that\ works|it\ works|works(?:\ now)?|yes|yep|yeah|sure|no\ worries|no\ problem|np|ship\ it|
        that(?:'s|\ is|\ should\ be)\ (?:fine|ok(?:ay)?|good|great|perfect|right|correct)|much\ better|
        exactly|makes\ sense|got\ it|agreed|love\ it|beautiful|sweet|done|good|fine)
        \W*)+$""",
    re.I | re.X,
)

# A clause that ends in "?" counts only when it challenges what the agent did.
_CHALLENGES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bwhy\s+(?:on\s+earth\s+|the\s+hell\s+)?(?:did|didn't|did\s+not|would|are|were|is|do|does|have|haven't|has)\s+you\b", re.I),
     'asks "why did you…"'),
    (re.compile(r"\bwhy\s+(?:is|are)\s+(?:it|this|that|there|the\s+\w+)\s+still\b|\bwhy\s+(?:is|are)\s+(?:it|this|that)\s+(?:using|calling|importing|hardcoded|hard-coded)\b", re.I),
     "asks why it is still wrong"),
    (re.compile(r"\b(?:didn't|did\s+not|haven't|have\s+not)\s+i\s+(?:just\s+)?(?:say|tell|ask|mention|explain)\b", re.I),
     "reminds of an earlier instruction"),
    (re.compile(r"\byou\s+(?:(?:have|had)\s+)?(?:forgot(?:ten)?|missed|ignored|skipped|overlooked|deleted|removed|broke)\b", re.I),
     'says "you forgot…"'),
    (re.compile(r"\bdid\s+you\s+(?:even\s+)?(?:forget|miss|ignore|skip|read|run|test|look|check)\b[^?]*\b(?:again|even|at\s+all|first)\b|\bdid\s+you\s+(?:just\s+)?(?:forget|ignore)\b", re.I),
     "challenges whether the agent did it"),
    (re.compile(r"\bwho\s+(?:told|asked)\s+you\s+to\b|\bwhere\s+did\s+(?:you\s+get|that\s+come\s+from)\b|\bwhat\s+happened\s+to\s+(?:the|my|our)\b", re.I),
     "challenges an action"),
    (re.compile(r"\bwhat\s+(?:are|were)\s+you\s+doing\b|\bwhat\s+is\s+this\s+(?:mess|garbage)\b", re.I),
     "challenges an action"),
]

# Words that mark a clause after "no," as a redirect rather than an answer ("no, just the API for now").
_REDIRECT_AFTER_NO = (
    r"(?:(?:wait|stop)\W+)?(?:that|this|it|the|we|you|use|using|put|keep|go\s+back|revert|undo|switch|move|rename|"
    r"change|make|set|delete|remove|call|import|never|always|don't|do\s+not|not\b|only|[`\w./-]+\s+(?:is|are|goes|go|lives?|belongs?)\b)"
    r"|.*\b(?:instead|not|never|don't|wrong|should|always)\b"
)

_CUES: list[tuple[re.Pattern[str], str]] = [
    # "that's wrong", "this is not right", "that's the wrong file"
    (re.compile(r"^\W*" + _LEAD + r"(?:that|this|it|these|those|what\s+you\s+(?:did|wrote|changed|made))(?:'s|'re|\s+is|\s+are|\s+was|\s+were|\s+looks|\s+seems)\s+(?:still\s+|all\s+|completely\s+|totally\s+|just\s+|also\s+)?(?:wrong|incorrect|broken|bogus|backwards|not\s+(?:right|correct|it|what\b|idiomatic|how\b)|(?:the|a)\s+wrong\b)", re.I),
     'says "that\'s wrong"'),
    (re.compile(r"^\W*" + _LEAD + r"(?:the|your)\s+[\w`.-]+(?:\s+[\w`.-]+)?\s+(?:is|are)\s+(?:still\s+|all\s+)?(?:wrong|incorrect|backwards)\s*(?:$|[,:;.!]|\s+(?:again|too|here)\b)", re.I),
     'says "that\'s wrong"'),
    (re.compile(r"\bnot\s+what\s+i\s+(?:asked|wanted|meant|said|requested|need(?:ed)?)\b|\bi\s+(?:didn't|did\s+not|never)\s+ask(?:ed)?\s+(?:for|you\s+to)\b|\b(?:nobody|no\s+one)\s+asked\s+(?:for|you)\b", re.I),
     'says "not what I asked"'),
    (re.compile(r"^\W*" + _LEAD + r"(?:wrong|incorrect)\b(?!\s+(?:number|type|password|credentials?)\b)", re.I),
     'says "wrong…"'),
    (re.compile(r"\byou(?:'ve|'re|\s+are|\s+have)?\s+(?:\w+ed|put|made|wrote|got|read|took|used|edited|changed|picked)\s+(?:it\s+in\s+|in\s+|to\s+|into\s+|on\s+)?the\s+wrong\b", re.I),
     "says the agent picked the wrong thing"),
    (re.compile(r"^\W*not\s+like\s+(?:that|this)\b|\b(?:that's|that\s+is|this\s+is)\s+not\s+how\s+(?:we|it|this)\b|\bis\s+not\s+how\s+we\b|\b(?:a|one|small|quick|minor)\s+correction\b|^\W*correction\s*:", re.I),
     "said the approach is not how it is done"),
    # "no, use …" (a refusal followed by a direction, not an answer such as "no, that's all")
    (re.compile(r"^\W*(?:no+|nope|nah)(?:\s+no+)*\b(?!\s*(?:problem|prob|worries|worry|thanks|thank|need|rush|issue|issues|idea|clue)\b)[,.:;!\s-]++(?!(?:that's|that\s+is|it's|it\s+is|i'm|we're|all)\s+(?:all|it|fine|good|ok|okay|great|perfect|right)\b|(?:thanks|thank|that's\s+all|that's\s+it|just\s+curious|not\s+yet|not\s+now|not\s+needed|later)\b)(?:" + _REDIRECT_AFTER_NO + ")", re.I),
     "rejected the result and gave a direction"),
    # "you forgot …", "you didn't …", "you keep …"
    (re.compile(r"\byou\s+(?:(?:have|had|just)\s+)?(?:forgot(?:ten)?|missed|overlooked|ignored|neglected|skipped|failed\s+to|dropped|broke|deleted|removed|reverted|clobbered|overwrote)\b|\byou\s+keep\s+\w+ing\b|\byou(?:'re|\s+are)\s+doing\s+it\s+again\b", re.I),
     'says "you forgot…"'),
    (re.compile(r"^\W*" + _LEAD + r"(?:you|the\s+agent)\s+(?:still\s+)?(?:did(?:n't|\s+not)|have(?:n't|\s+not)|has(?:n't|\s+not)|never)\s+(?!(?:need|have|has)\s+to\b)\w+", re.I),
     'says "you didn\'t…"'),
    (re.compile(r"\byou(?:'re|\s+are)\s+still\s+\w+ing\b|\byou(?:'re|\s+are)\s+(?:using|calling|importing|hardcoding|hard-coding|ignoring|writing|putting|adding|creating|mixing|repeating)\b(?=[^.?!\n]{0,120}\b(?:again|instead|wrong|not|don't|shouldn't|should)\b)", re.I),
     "says the agent keeps doing the wrong thing"),
    (re.compile(r"\byou\s+\w+ed\b[^.?!\n]{0,60}\bagain\b|\bagain\s+with\s+the\b", re.I),
     "says the agent repeated a mistake"),
    (re.compile(r"\byours\s+(?:doesn't|does\s+not|isn't|is\s+not|don't|didn't)\b", re.I),
     "said the result does not follow the rule"),
    # Repeating an earlier instruction
    (re.compile(r"\bi\s+(?:already\s+|just\s+|clearly\s+|specifically\s+|explicitly\s+)?(?:said|told\s+you|asked\s+(?:you\s+)?(?:to|for|not))\b|\bi\s+(?:already|just)\s+(?:mentioned|specified|explained)\b|\b(?:as|like)\s+i\s+(?:said|mentioned)\b", re.I),
     "repeated an earlier instruction"),
    # Conventions
    (re.compile(r"\bwe\s+(?:always|never|only|usually|typically|normally)\s+(?!know\b|need\b|had\b|have\s+to\s+wait\b)\w+|\bwe\s+(?:do(?:n't|\s+not)|shouldn't|should\s+not|can't|cannot|mustn't)\s+(?:ever\s+)?(?!need\b|have\b|know\b|want\b|care\b|see\b|think\b|mind\b|get\b|understand\b|really\b|plan\b|expect\b|agree\b|seem\b|like\b)\w+", re.I),
     "stated a team convention"),
    (re.compile(r"\b(?:our|the\s+team's|team|house|repo|project|codebase|company)\s+(?:convention|standard|rule|style\s*guide|style|guideline|policy|pattern)s?\b|\bthe\s+convention\s+(?:here|is|in\s+this)\b|\bin\s+this\s+(?:repo|project|codebase|team|shop|house)\s*,?\s+we\b|\bwe\s+use\s+[^.?!\n]{1,60}\s+(?:here|in\s+this\s+(?:repo|project|codebase))\b", re.I),
     "stated a team convention"),
    (re.compile(r"^\W*" + _LEAD + r"(?:always|never)\s+(?!mind\b)\w+", re.I),
     "stated an always/never rule"),
    # "use X instead of Y", "X, not Y"
    (re.compile(r"^\W*instead\s+of\b|\b(?:use|using|prefer|call|put|write|name|import|keep|pass|edit|wrap|read|should|we|you)\b(?![^.?!\n]{0,80}\bso\s+(?:that\s+)?(?:users|people|customers|you|we)\s+can\b)[^?!\n]{0,80}\binstead\s+of\b|\binstead\s*[.!]?\s*$|^\W*instead,?\s+\w|\brather\s+than\b|\bprefer\s+[^.?!\n]{1,60}\s+(?:over|to)\s+\S", re.I),
     'says "use X instead of Y"'),
    (re.compile(r"\b(?:use|using|uses|is|are|it's|that's|they're|goes|go|lives?|belongs?|should|must|we|our|wrap|pin|prefer|means?|meant|called|named)\b[^?!\n]{0,80}?(?:,|\s[-\u2013\u2014])\s*not\s+(?!(?:sure|yet|now|really|only|just|always|necessarily|too|that|much|bad|great|quite|exactly|so|very|a\s+(?:big\s+)?(?:deal|problem|blocker))\b)[`'\"\w./<>=~-]", re.I),
     'says "X, not Y"'),
    # Prohibitions, "stop", "leave X alone"
    (re.compile(r"^\W*" + _LEAD + r"(?:don't|do\s+not|dont|never|no\s+more)\s+(?!worry\b|bother\b|forget\b|hesitate\b|mind\b|be\s+(?:afraid|shy|sorry)\b|feel\b|rush\b|need\b|think\b|know\b|see\b|understand\b|care\b|stress\b)\w+", re.I),
     "prohibited an action"),
    (re.compile(r"^\W*" + _LEAD + r"(?:stop|quit|enough\s+with)\s+(?:\w+ing|it|that|doing|trying)\b|^\W*" + _LEAD + r"leave\s+(?:the\s+[\w`.-]+(?:\s+[\w`.-]+)?|it|that|them|those|this)\s+alone\b", re.I),
     'says "stop…"'),
    (re.compile(r"^\W*" + _LEAD + r"(?:revert|undo|roll\s*back|back\s+out)\b(?!\s+(?:pr\b|pull\s+request|#|commit\s+[0-9a-f]{7}|the\s+merge|merge|[0-9a-f]{7,}\b|to\s+v?\d))|\b(?:revert|undo|roll\s*back)\s+(?:that|this|it|your\s+(?:last\s+)?(?:change|changes|edit|edits|commit))\b|\b(?:put|bring|change|set|move)\s+(?:it|them|that|this|those)\s+back\b", re.I),
     "asked to revert the agent's change"),
    # Course corrections
    (re.compile(r"^\W*(?:actually|hmm+,?\s+no)\b[,:!.]?\s+(?![^.!?\n]{0,50}\b(?:great|perfect|works|worked|nice|good|awesome|thanks|thank|fine|also|too|as\s+well|one\s+more|another)\b)(?!(?:can|could|would|will|what|how|is|are|do|does|let\s+me|i'll|i\s+need)\b)\w|^\W*(?:wait|hold\s+on|hang\s+on|stop)\b\s*[,:!.]+\s+(?:that's|that\s+is|this\s+is|it's|you're|you\s+are|you|no|don't|do\s+not|use|not|never|wrong)\b", re.I),
     "corrected course"),
    # "should" about the result, in the past or with a contrast
    (re.compile(r"\b(?:should|shouldn't|should\s+not)\s+have\s+(?:been\s+)?(?!any\b|no\b)\w+|\bshould(?:n't|\s+not)\s+(?:be|use|have|include|add|contain|touch|change|modify|call|import|return|go|live|hardcode|expose|log)\b(?!\s+(?:(?:an?|any|much\s+of\s+an?)\s+)?(?:problems?|issues?|concerns?|worr(?:y|ies)|hard|difficult|necessary|needed|too)\b)|\bshould\s+(?:always|never|be\s+using|use\s+[^.?!\n]{1,60}\s+(?:instead|not)\b)", re.I),
     "stated what the result should have been"),
    (re.compile(r"\bmust(?:n't|\s+not)\s+(?:be|use|have|include|touch|change|call|import|expose|contain|log|hardcode)\b|\bmust\s+(?:always|never)\b|\b(?:was|were|is|are|it's)\s+supposed\s+to\b", re.I),
     "stated a rule the result broke"),
    # The result is still broken after the agent's attempt
    (re.compile(r"^\W*" + _LEAD + r"(?:that|this|it)\s+(?:still\s+)?(?:didn't|did\s+not|doesn't|does\s+not|won't|broke|breaks|made\s+it\s+worse)\s*(?:work|fix|help|compile|build|run|pass|solve|change|anything)?\b|\b(?:your|the)\s+(?:fix|change|patch|edit|version)\s+(?:still\s+)?(?:didn't|did\s+not|doesn't|does\s+not|won't)\s+(?:work|fix|help|compile|build|pass|solve|change)\b", re.I),
     "said the change did not work"),
    (re.compile(r"\b(?:it's|it\s+is|that's|that\s+is|this\s+is|tests?\s+(?:are|is)|build\s+is|still)\s+(?:still\s+)?(?:broken|failing|wrong|not\s+working|not\s+fixed|the\s+same\s+error)\b|^\W*(?:it's|it\s+is|this|that|it)\s+still\s+(?!(?:works?|working|runs?|running|pending|loading|in|on|there|open|up|valid|supported|compiles|compiling|passes|passing|green|ok|okay|good|fine|needs?|has\s+to|going|alive|here|available|the\s+case|true|building|deploying|syncing|processing|early|useful|worth)\b)\w+", re.I),
     "said the result is still broken"),
    (re.compile(r"\b(?:you|this|that|your\s+change)\s+(?:just\s+)?(?:broke|broken|introduced\s+a\s+(?:bug|regression))\b|\bsame\s+(?:mistake|error|problem|bug)\s+(?:again|as\s+before)\b|\bagain\b[^.!?\n]{0,80}\b(?:forgot|missed|wrong|ignored|skipped)\b", re.I),
     "said the agent broke something"),
    (re.compile(r"^\W*(?:please\s+)?(?:rename|move)\s+(?:it|this|that|them|those)\s+(?:back\s+)?to\b", re.I),
     "asked to move/rename what the agent made"),
]

_CONTINUE_ONLY = re.compile(
    r"^(?:\W*(?:please|pls|sorry|oops|ok(?:ay)?|yes|yep|sure|continue|go\s+on|go\s+ahead|keep\s+going|carry\s+on|proceed|resume|nevermind|never\s+mind|nvm|try\s+again|retry|that\s+was\s+a\s+mistake|my\s+bad|accident(?:ally)?)\b)+\W*$",
    re.I,
)


_NOT_OWN_WORDS = re.compile(
    r"^\W*(?:here's|here\s+is|here\s+are|below\s+is|this\s+is\s+what)\b"
    r"|\b(?:docs?|documentation|readme|error|message|warning|linter|compiler|log|output|manual|guide|spec|ticket|"
    r"article|post|blog|reviewer|he|she|they|it)\s+(?:says?|said|states?|suggests?|recommends?|complains?)\b",
    re.I,
)


def _is_question(clause: str) -> bool:
    # A "?" after a space is an operator or a placeholder (Rust's `propagate with ?`), not a question.
    return bool(re.search(r"(?<!\s)\?+[\"'\u201d\u2019)\]}]*$", clause))


# A harness command typed at the prompt (`/compact`, `/model opus`), not words to the agent.
_SLASH_COMMAND = re.compile(r"^\s*/[A-Za-z][\w:.-]*(?:\s|$)")


def is_slash_command(text: str) -> bool:
    return bool(_SLASH_COMMAND.match(text)) and "\n" not in text.strip()


def classify_text(text: str) -> Verdict:
    """Whether ``text`` reads as the user correcting the agent (text patterns only)."""
    try:
        if not isinstance(text, str) or not text.strip() or is_slash_command(text):
            return NOT_A_CORRECTION
        for clause in clauses(prose_of(text)):
            if _APPROVAL.match(clause) or _NOT_OWN_WORDS.search(clause):
                continue
            cues = _CHALLENGES if _is_question(clause) else _CHALLENGES + _CUES
            for pattern, reason in cues:
                if pattern.search(clause):
                    return Verdict(True, reason, "pattern")
        return NOT_A_CORRECTION
    except Exception:  # noqa: BLE001 - a classifier must never break capture
        return NOT_A_CORRECTION


def _quote(text: str, limit: int = 60) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "\u2026"


def classify_user_message(msg: UserMessage, previous: UserMessage | None = None) -> Verdict:
    """Apply the session rules, then the text patterns."""
    if msg.kind == "rejection":
        reason = strip_injected(msg.reason or "").strip()
        if not reason:
            return NOT_A_CORRECTION
        return Verdict(True, f'rejected {msg.tool_name or "a tool call"}: "{_quote(reason)}"', "strong")
    if msg.kind == "interrupt" or msg.index == 0 or not msg.after_assistant:
        return NOT_A_CORRECTION
    if previous is not None and previous.kind == "interrupt":
        if is_slash_command(msg.text):
            return NOT_A_CORRECTION
        prose = " ".join(clauses(prose_of(msg.text)))
        # A redirect says something: "wait", "hm" or "stop" after stopping the agent is not a rule to learn.
        if prose and not _CONTINUE_ONLY.match(prose) and (len(re.findall(r"\w+", prose)) >= 3
                                                          or classify_text(msg.text).correction):
            return Verdict(True, "interrupted, then redirected", "strong")
        return NOT_A_CORRECTION
    return classify_text(msg.text)
