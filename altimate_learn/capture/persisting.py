"""The state the agent said it changed, said to go on (issue 20, cls29).

After an answer that said the work was done, a clause of the person's that says the thing still does something is a
report that the work did not take: "flashed it, still double counting", "the player still slides off the platform",
"go test -race still reports a DATA RACE", "bullet still flags it". The cue tables name the states that stay by word ("still broken", "still
crashing"); this reads the shape: "still" before a verb of the thing's own (a present or -ing form), whatever the
verb, unless the verb is a good state or work under way ("still works", "still running", "still loading", "still
compiles"), the clause praises ("still renders fine"), the person or the agent is the subject ("I still need …",
"you still have to …"), it is a condition or a purpose ("so it still works offline"), or what "still" is said of is no
work of the agent's (people, figures, other systems: "the team still prefers tabs", "traffic still peaks at lunch";
review29 R29-8). The caller reads it only after
an answer that said the work was done (`clause_rules._broken`), where the other guards (the person's own setup, a fault
accepted, a question that only asks) apply as to every report.

English only: the same shape abroad ("sigue cayendo", "stürzt immer noch ab", "всё ещё падает") is as often a business
figure still falling, with its analysis asked, as a report on the agent's work (the typed look-alikes of
tests/capture_text/test_still_crashing_abroad.py fired), and the verb's form alone does not tell them apart. Written
from the mechanism (the fourth blind set's misses named it), with typed look-alikes that must fire and must stay quiet
(tests/capture_text/test_persisting_cls29.py); its first form was measured on the real-session dev split, which it was
not written from: 1 report found, 2 false alarms (folds 0 and 3: "they're still trying to commit them", "… but still
keeping the naming logic"); narrowed by their shapes (a verb of trying, an -ing form after a connective), then 1
report found (fold 1), no false alarm.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

# Verbs that, after "still", say the thing is fine or still at work, or that are no act of the thing's own.
_GOOD = (r"(?:works?|working|runs?|running|pending|loads?|loading|builds?|building|compiles?|compiling|pass(?:es)?|passing|"
         r"deploys?|deploying|syncs?|syncing|process(?:es)?|processing|waits?|waiting|installs?|installing|downloads?|"
         r"downloading|indexing|starts?|starting|boots?|booting|needs?|wants?|has|is|was|does|seems|looks|feels|exists?|"
         r"holds?|applies|stands?|makes?\s+sense|matters?|helps?|uses?|using|supports?|respects?|handles?|reads?|"
         r"remembers?|keeps?\s+(?:working|up)|stays?\s+(?:green|fast|up|stable|the\s+same)|"
         r"thinking|learning|reading|reviewing|testing|checking|looking|figuring|deciding|considering|going|getting\s+used|"
         r"trying|tries|try)")
# A clause that praises or accepts what it reports ("still renders fine", "still loads as expected").
_FINE = re.compile(r"\b(?:fine|ok(?:ay)?|good|great|correctly|properly|perfectly|as\s+expected|as\s+before|well|nicely|"
                   r"smoothly|intended|expected|no\s+problem)\b", _I)
# The person, the agent or a modal before "still": their act or a possibility, not the thing's state.
_SUBJECT = (r"(?<!\bi\s)(?<!\bwe\s)(?<!\byou\s)(?<!\bthey\s)(?<!\bcan\s)(?<!\bcould\s)(?<!\bwill\s)(?<!\bwould\s)(?<!\bmay\s)"
            r"(?<!\bmight\s)(?<!\bshould\s)(?<!\bmust\s)(?<!\bi'm\s)(?<!\bwe're\s)(?<!\byou're\s)(?<!\bi've\s)")
# "so it still works offline", "even if it still retries", "make sure it still …": a purpose or a condition.
_PURPOSE = re.compile(r"\b(?:so(?:\s+that)?|if|when|whether|unless|even\s+if|make\s+sure|ensure|as\s+long\s+as|while)\s+"
                      r"(?:\w+\s+){0,3}?still\b", _I)

# A present form ("still slides", "still reports", "still flags it") after the thing; an -ing form only as a state of the
# thing's ("is still double counting", "still double counting" opening the clause), never after a connective, where it
# is a manner asked for ("… but still keeping the naming logic", "while still showing the old one").
STILL_DOING = re.compile(
    _SUBJECT + r"(?<!\bbut\s)(?<!\band\s)(?<!\bwhile\s)(?<!\bwhilst\s)(?<!\bwithout\s)(?<!\bby\s)"
    r"\bstill\s+(?!" + _GOOD + r"\b)(?:(?:double|triple)\s+)?[a-z]{3,}(?<!ing)s\b"
    r"|(?:\b(?:is|are)\s+|'s\s+|'re\s+|^\W*|[,;:]\s*)still\s+(?!" + _GOOD + r"\b)(?:(?:double|triple)\s+)?[a-z]{3,}ing\b", _I)

REASON = "said the result is still broken"

# What "still" is said of must be the agent's work (review29 R29-8): "our churn still climbs", "marketing still asks for
# the csv", "the team still prefers tabs", "finance still reconciles by hand" are people, figures and other systems. The
# subject (the words before "still") is the work when it is a pronoun or left out ("flashed it, still double posting"),
# shares a word's stem with the answer ("I fixed the race in the cache" … "the cache test still reports a race"), or
# names a thing code and tools are made of.
_SUBJECT_OF = re.compile(r"(?:^|[,;:]\s*)?((?:[\w./`'-]+\s+){0,5}?)(?:is\s+|are\s+|'s\s+|'re\s+)?still\b", _I)
_REFERS = re.compile(r"^(?:\W*(?:hmm+|ok(?:ay)?|so|but|and|now|yeah|nope|no)\W+)*(?:it|this|that|these|those|they|he|she|"
                     r"everything|nothing|the\s+(?:thing|fix|change|result|same))?\W*$", _I)
_WORK_NOUN = re.compile(
    r"\b(?:page|pages|button|buttons|app|test|tests|build|job|jobs|cron|query|endpoint|script|function|method|modal|form|"
    r"view|screen|layout|sidebar|navbar|nav|header|footer|menu|tab|tabs|link|links|tooltip|badge|icon|image|images|chart|"
    r"graph|table|column|row|rows|list|dropdown|input|field|fields|popup|dialog|toast|banner|card|cards|grid|widget|"
    r"component|style|styles|css|font|color|colour|animation|scroll|player|sprite|linter|lint|eslint|tsc|compiler|"
    r"clippy|mypy|ruff|pytest|jest|ci|pipeline|check|checks|container|pod|pods|service|worker|queue|cache|server|"
    r"response|output|log|logs|error|errors|warning|warnings|exception|crash|bug|migration|export|import|report|file|"
    r"files|download|upload|email|emails|notification|notifications|counter|count|total|timer|loop|request|requests|"
    r"login|logout|auth|session|cookie|token|redirect|route|router|url|handler|hook|callback|event|events|sync|"
    r"parser|bundle|deploy|deployment|docker|image|sentry|bullet|valgrind|profiler|devtools|console)\b", _I)
_STEM = re.compile(r"[a-z][a-z0-9]{3,}")


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _STEM.findall(text.lower())}


def said_of_the_work(clause: str, answer: str | None) -> bool:
    """What the clause says "still" of is the agent's work (review29 R29-8)."""
    m = _SUBJECT_OF.search(clause)
    subject = m.group(1) if m else ""
    if _REFERS.match(subject) or _WORK_NOUN.search(subject):
        return True
    return bool(answer) and bool(_stems(subject) & _stems(answer or ""))


def still_doing(clause: str, answer: str | None = None) -> bool:
    """The clause says the thing the agent worked on still does what it did (read only after a done answer, ``answer``:
    what "still" is said of must be that work)."""
    if _FINE.search(clause) or _PURPOSE.search(clause):
        return False
    m = STILL_DOING.search(clause)
    return bool(m) and said_of_the_work(clause[:m.end()], answer)
