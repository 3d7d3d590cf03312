"""A team convention stated as a plain fact right after the agent did otherwise (issue 20, cls27).

"PRs go against develop here, main is release only" after "Opened the PR against main."; "our commit messages always
start with the ticket id" after "Committed with message 'fixed stuff'"; "migrations are never edited once they are
merged" after "I edited migration 0012". No word of it is a correction; it is one because it states how things are
done here (a norm: always, never, only, must, go to, live in, follow, kebab-case, "X, not Y") about the very thing the
answer just did (a word of the message names what the answer did: the same stem), and the answer said the work was
done. The cue tables hold the conventions that say so in their own words ("in this repo we …", "our convention is");
this form reads the rest by that shape.

Quiet (tests/capture_text/test_conventions_cls27.py): a question, a request, agreement ("we use pytest here too, great
choice"), a habit that is no norm ("staging deploys usually take ten minutes here"), a fault ("the builds always fail
on mondays"; the report forms read those), a statement about nothing the answer did.
"""

from __future__ import annotations

from altimate_learn.capture import lazy_re as re

_I = re.I

# Who the norm belongs to: here, this repo / codebase / team, our …, nobody / nothing / every …
_OWNER = (r"(?<=\w )here\b|^\W*here\s*,|\b(?:in|on|for|at)\s+(?:this|our|the)\s+(?:repo|repository|codebase|"
          r"code\s*base|project|team|company|org|shop|monorepo)\b|\bthis\s+(?:team|repo|codebase|project)\b|\bour\s+[\w-]+"
          r"|\bwe\s+(?:always|never|only)\b|\b(?:nobody|no\s+one|nothing)\b|\bevery\s+[\w-]+\b")
# A generic plural subject that opens the sentence ("migrations are never edited …", "PRs go against develop")
_PLURAL_OPENING = r"^\W*(?:all\s+|the\s+|new\s+)?(?:[\w-]+\s+)?[\w-]+s\s+"
# The norm: how it is always done, never done, done only one way, where it goes, what it follows
_NORM = (r"\b(?:always|never|only|must|mustn't|have\s+to|has\s+to|(?<!\bno\s)needs?\s+to|are\s+supposed\s+to|is\s+supposed\s+to|not\s+allowed|"
         r"forbidden|go(?:es)?\s+(?:to|against|into|through|in|under|on)|live[sd]?\s+(?:in|under)|belongs?\s+(?:in|to|under)|"
         r"gets?\s+(?:its|their)\s+own|follows?|starts?\s+with|ends?\s+with|(?:is|are)\s+(?:kebab|snake|camel|pascal|upper|lower|"
         r"title|screaming)[-_\s]?case|(?:is|are)\s+(?:for\s+)?[\w-]+\s+only|without\s+(?:passing|going|a|an|review|approval))\b"
         r"|,\s*not\s+[\w.-]+\s*[.!]?\s*$")
NORM = re.compile(_NORM, _I)
OWNED = re.compile(_OWNER + "|" + _PLURAL_OPENING + r"(?:always|never|only|must|go|goes|live|belong|follow|start|end|are\s+never|"
                   r"are\s+always|are\s+only|get)\b", _I)

# Not a convention the work broke: a question or a request, agreement, the person's plan, a fault (read by the report
# forms), a habit that is no norm.
NOT_STATED = re.compile(
    r"\?|^\W*(?:(?:can|could|would|will)\s+you|please|pls|let's|i'll|we'll|i\s+will|maybe|perhaps|also\s+add|add)\b"
    r"|\b(?:too|as\s+well|great|nice|good\s+(?:call|choice|job)|thanks|thank\s+you|perfect|agreed|exactly|no\s+need|"
    r"(?:it's|that's|it\s+is|that\s+is)\s+(?:ok|okay|fine|alright))\b"
    r"|\b(?:fail\w*|flaky|slow|crash\w*|break\w*|broken|errors?|down|late|usually|typically|normally|sometimes|often|"
    r"takes?\s+\w+\s+(?:minutes|seconds|hours))\b"
    # what the system does by itself, with its consequence for the person: "our staging always resets at midnight, so
    # the test users will be gone", "migrations here run automatically on deploy, so nothing else to do", "every deploy
    # goes through the pipeline anyway" (information, not a norm the agent broke; "…, so add a new one" still is one)
    r"|\b(?:anyway|no\s+worries|nothing\s+else|automatically|by\s+itself|on\s+(?:its|their)\s+own|resets?|expires?|"
    r"gets?\s+wiped|so\s+you(?:'ll|\s+will|\s+don't|\s+do\s+not|\s+can|\s+won't)|don't\s+worry|(?:is|are)\s+fine|won't\s+"
    r"matter|every\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|week|night|morning|month)|once\s+a\s+\w+|"
    r"picks?\s+(?:them|it)\s+up|get\s+(?:squashed|deleted|merged|cleaned))\b|[,;]?\s+so\s+(?!(?:please\s+|just\s+)?(?:add|use|put|move|don't|do\s+not|never|make|create|write|"
    r"rename|change|revert|undo|fix|remove|delete|drop|keep|open|start|follow)\b)", _I)

PLAN = re.compile(r"^\W*(?:(?:ok(?:ay)?|sure|great|got\s+it)\W+)?(?:i'll|i\s+will|let\s+me|i'm\s+going\s+to|i\s+am\s+going\s+to|"
                  r"first,?\s+i'll|i\s+plan\s+to)\b", _I)
_WORD = re.compile(r"[a-z][a-z0-9]{3,}")
_COMMON = frozenset("""
this that with from have here there their they them then than what when where which while were will would could should
into onto only also just like your yours ours every always never must need needs have has does done make made more most
some such each other about after before again first last next once team repo code codebase project nobody nothing
thing things stuff going goes want wants please thanks okay sure well very really still right now file files
""".split())


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _WORD.findall(text.lower()) if w not in _COMMON}


def broken_convention(own: str, answer: str) -> str | None:
    """The reason when the person's own words (``own``, normalised) state a norm of theirs about what the answer (which
    said the work was done) just did; None otherwise. Each sentence is read on its own."""
    if not own or not answer or len(own) > 300:
        return None
    if PLAN.match(answer):
        return None  # "I'll start by reading the config.": nothing done yet to break a norm (review27 R27-5)
    answered = _stems(answer)
    # (a question before the norm is its own sentence: "why is the http call in the route? routes stay thin in this repo,
    # that stuff goes in app/services/", review39 R39-1)
    for sentence in re.split(r"(?<=[.!;?])\s+", own.strip()):
        if NOT_STATED.search(sentence) or not (NORM.search(sentence) and OWNED.search(sentence)):
            continue
        if _stems(sentence) & answered:
            return "stated a convention the agent's work broke"
    return None


# -- cls30: the rest of the code appealed to -------------------------------------------------------------------------------
# After done work, the person sets it against what the rest of the code does: "where are the type hints? every other
# function in this module has them", "why add requests when the whole codebase uses httpx?", "all our other services log
# in JSON". The norm is the rest of the code itself, so no norm word is needed; the appeal is (every other / all the other /
# all our other <things>, the whole / entire codebase, the rest of the code) with a verb of having or doing. Never a task
# over the whole project ("scan the whole project first", "search the entire codebase for …"), new work ("add a footer
# like every other page has"), or a report of the others breaking ("now every other page redirects to /login": the
# report forms read that).
_REST = re.compile(
    r"\b(?:every\s+other|all\s+(?:the\s+|of\s+the\s+)?other|all\s+(?:of\s+)?our\s+other)\s+(?:[\w-]+\s+){1,5}?"
    r"(?:has|have|uses?|returns?|follows?|does|do|is|are|logs?|goes|go|lives?|calls?|takes?)\b"
    r"|\b(?:the\s+)?(?:whole|entire)\s+(?:codebase|code\s*base|repo|repository|project|app|module|service)\s+"
    r"(?:is|uses|has|follows|does|returns|runs\s+on|is\s+on)\b"
    r"|\b(?:the\s+)?rest\s+of\s+the\s+(?:code|codebase|repo|module|app|project|service|file|tests?)\s+"
    r"(?:is|uses|has|follows|does|returns)\b", _I)
_REST_NOT = re.compile(r"\b(?:scan|search|read|go\s+through|look\s+(?:at|through)|check|review|analy[sz]e|understand|grep)\b"
                       r"|\b(?:add|create|build|implement|write|make)\s+(?:a|an|the|some|new)\b"
                       r"|\b(?:redirects?|crash\w*|fail\w*|break\w*|broken|errors?|throws?)\b"
                       # an approval or more work (review30 R30-10): "all the other helpers are fine, thanks", "…, so add
                       # retries there as well please"
                       r"|\b(?:fine|ok(?:ay)?|good|great|thanks|thank\s+you|correct|as\s+well|also|too)\b"
                       r"|\bso\s+(?:please\s+)?(?:add|create|make|write|build|implement|do|use)\b", _I)
REST_REASON = "set the agent's work against the rest of the code"


def against_the_rest(own: str) -> str | None:
    """The reason when the person sets the work just done against what the rest of the code does (see above)."""
    if not own or len(own) > 300:
        return None
    for sentence in re.split(r"(?<=[.!?;])\s+", own.strip()):
        if _REST.search(sentence) and not _REST_NOT.search(sentence):
            return REST_REASON
    return None
