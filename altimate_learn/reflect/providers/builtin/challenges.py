"""Questions that challenge what the agent just did, restated as the rule they carry (refl28; called from `restate.py`).

- "why is the api key hardcoded in settings.py now?" -> "don't hardcode the api key": a secret put where secrets never go
  (hardcoded, committed, logged, printed). Only a secret: "why is the port hardcoded?" may ask for a reason, and the port
  is this task's value.
- "who asked for a new dependency?", "how come there are three new dependencies in package.json" -> "don't add new
  dependencies without asking": nobody asked, the person says; only dependencies (a new endpoint may be this task's).
- "the login flow works now, but you left console.log statements in four files" -> "don't leave console.log statements
  in the code": debugging code left behind (a few names only: console.log, print, debugger, pdb, breakpoint(), dbg!).
- "the unit tests you wrote hit the real Stripe API" -> "don't hit the real Stripe API in unit tests": tests reaching a real
  outside service (refl29: blind2 and blind3 say it alike).
- "you hardcoded the token. read it from the env", "why is the api key hardcoded? get it from an env var", "no hardcoded
  tokens pls, read them from the environment" -> "don't hardcode the token, read it from the env": a secret put in the code,
  and where it comes from said next about "it" (:func:`secret_to_env`; review41 R41-3's family, refl43). Only a secret,
  only the environment, and nothing after it ("… for now" is this task's).
- "did u even run it? it doesnt compile", "did you even test it" -> "always run the code before reporting the work as
  done": the check the person says was skipped before the agent said it was done. Only with "even" or "actually" (the
  person's word that it should have been done): "did you test it?" may be a plain question.
"""

from __future__ import annotations

import re

from altimate_learn.reflect.providers.builtin.vocabulary import ENV_PLACES, SECRET_NOUNS

_LEAD = r"^(?:(?:wait|hm+|um+|so|but|ugh|uh|erm|seriously|ok|okay)[\s,.!]+)*"
_SECRET = (r"(?:the|an?|our|your|my|this|that)\s+(?:[\w-]+\s+)?(?:api[\s_-]?keys?|passwords?|secrets?|tokens?|credentials|"
           r"private\s+keys?|access\s+keys?|connection\s+strings?)")
_SECRET_PUT = re.compile(_LEAD + r"(?:why|how\s+come)\s+(?:is|are)\s+(?P<what>" + _SECRET + r")\s+(?:now\s+|still\s+)?"
                         r"(?P<done>hardcoded|hard-coded|committed|logged|printed)\b(?P<rest>(?:\s.*?)?)\s*[?!.]*$", re.I)
_DONE = {"hardcoded": "hardcode", "hard-coded": "hardcode", "committed": "commit", "logged": "log", "printed": "print"}
_WHERE = re.compile(r"^\s*(?:in(?:to)?|to)\s+(?P<where>[\w./-]+\.\w{1,5}|the\s+(?:repo|code|source|logs?))(?:\s+now)?\s*$",
                    re.I)

_DEPS = r"(?:dependenc(?:y|ies)|deps?|packages?|librar(?:y|ies))"
_NEW_DEPS = re.compile(_LEAD + r"(?:who\s+(?:asked\s+(?:you\s+)?for|said\s+to\s+add|told\s+you\s+to\s+add)\s+(?:a|another|any|these|this|"
                       r"the|that)?\s*new\s+" + _DEPS + r"|(?:how\s+come\s+there\s+(?:are|is)|why\s+(?:are|is)\s+there)\s+(?:\w+\s+)?new\s+" + _DEPS
                       + r"|(?:how\s+come|why)\s+(?:did|do|would)\s+(?:you|u)\s+add\s+(?:a|another|\w+)?\s*new\s+" + _DEPS
                       + r")\b.*$", re.I)
_LEFT_DEBUG = re.compile(r"(?:^|[,.;:]\s*|\s(?:but|though|and)\s+)(?:you|u)\s+(?:also\s+|still\s+)?left\s+(?:a\s+|some\s+|the\s+|"
                         r"(?:two|three|four|five|six|\d+)\s+|a\s+bunch\s+of\s+)?(?P<what>console\.log|debugger|pdb|breakpoint\(\)|"
                         r"dbg!|print|println!?|var_dump|dd\(\))(?:\s+(?P<kind>statements|statement|calls|call|lines|line))?"
                         r"(?=\s*(?:$|[,.;!?]|(?:in|on|everywhere|all\s+over|around)\b))", re.I)
# "the unit tests you wrote hit the real Stripe API" (blind2 and blind3 alike): tests reaching a real outside service
_REAL_SERVICE = re.compile(r"(?:^|[,.;:]\s*|\s(?:but|though|and)\s+)(?:the\s+)?(?P<kind>(?:unit|integration|e2e|component)\s+tests|"
                           r"tests)\s+(?:you|u)\s+(?:just\s+)?(?:wrote|added|made|created)\s+(?:still\s+|all\s+)?(?:hit|call|use)\s+"
                           r"the\s+real\s+(?P<what>(?:[\w.-]+\s+)?(?:api|server|database|db|service|backend|endpoint|network|"
                           r"bucket|queue|broker|smtp|s3|cluster))(?=\s*(?:$|[,.;!?]|\s(?:and|so|which|that)\b))", re.I)
_DID_YOU_EVEN = re.compile(_LEAD + r"did\s+(?:you|u|ya)\s+(?:even|actually|ever)\s+(?P<verb>test|run|try|build|compile|"
                           r"execute)\s+(?:it|this|that|the\s+code|the\s+change|your\s+change)\s*[?!.]*$", re.I)
_DID_WHAT = {"test": "test the change", "run": "run the code", "try": "run the code", "execute": "run the code",
             "build": "build the project", "compile": "build the project"}


# a challenge said with thanks or praise is a question, not an objection ("who asked for new packages lol, thanks though")
_PRAISE = re.compile(r"\b(?:thanks?|thank\s+you|thx|ty|great|nice|love|perfect|awesome|good\s+(?:job|call|idea))\b", re.I)


def challenge(sentence: str) -> str | None:
    """The statement a challenge of what the agent did carries (see the module docstring), or None."""
    if _PRAISE.search(sentence):
        return None
    m = _SECRET_PUT.match(sentence.strip())
    if m:
        where = _WHERE.match(m.group("rest")) if m.group("rest").strip() else None
        if m.group("rest").strip() and not where:
            return None  # "why is the token logged twice?": how often, not where
        # where it was put this time is left out: a secret goes in no file ("why is the api key hardcoded in settings.py")
        return f"don't {_DONE[m.group('done').lower()]} {m.group('what')}"
    m = _LEFT_DEBUG.search(sentence)
    if m:  # "you left console.log statements in four files, please remove those": debugging code left in
        kind = (m.group("kind") or "statements").lower()
        return f"don't leave {m.group('what')} {kind if kind.endswith('s') else kind + 's'} in the code"
    m = _REAL_SERVICE.search(sentence)
    if m:  # "the unit tests you wrote hit the real Stripe API, they need to use the mock client"
        return f"don't hit the real {m.group('what')} in {m.group('kind').lower()}"
    if _NEW_DEPS.match(sentence.strip()):
        return "don't add new dependencies without asking"
    m = _DID_YOU_EVEN.match(sentence.strip())
    if m:
        return f"always {_DID_WHAT[m.group('verb').lower()]} before reporting the work as done"
    return None


# "you hardcoded the token", "why is the api key hardcoded (in config.py)?", "hardcoding the token again?", "no hardcoded
# tokens please": a secret put in the code; then "read it from the env": where it comes from, about "it"
_OWNED = r"(?:the|an?|our|your|my|this|that|ur)\s+"
_PUT_SECRET = (r"(?:(?:you|u)\s+(?:just\s+|still\s+|again\s+)?(?:hard-?coded|put)\s+(?P<a>(?:" + _OWNED + r")?(?:[\w-]+\s+)?"
               + SECRET_NOUNS + r")(?:\s+(?:in(?:to)?|inside)\s+(?:the\s+)?[\w./`-]+)?(?:\s+again)?"
               r"|(?:why|how\s+come)\s+(?:is|are)\s+(?P<b>(?:" + _OWNED + r")?(?:[\w-]+\s+)?" + SECRET_NOUNS + r")\s+"
               r"(?:still\s+|now\s+)?hard-?coded(?:\s+(?:in(?:to)?|inside)\s+(?:the\s+)?[\w./`-]+)?(?:\s+(?:now|again))?"
               r"|(?:why|how\s+come)\s+did\s+(?:you|u)\s+hard-?code\s+(?P<c>(?:" + _OWNED + r")?(?:[\w-]+\s+)?" + SECRET_NOUNS
               + r")(?:\s+(?:in(?:to)?|inside)\s+(?:the\s+)?[\w./`-]+)?"
               r"|hard-?coding\s+(?P<d>(?:" + _OWNED + r")?(?:[\w-]+\s+)?" + SECRET_NOUNS + r")(?:\s+again|\s+still)?"
               r"|no\s+hard-?coded\s+(?P<e>(?:[\w-]+\s+)?" + SECRET_NOUNS + r")(?:\s+(?:please|pls|plz))?)")
_SECRET_TO_ENV = re.compile(_LEAD + r"(?:no[\s,.!]+)?" + _PUT_SECRET + r"\s*(?:[?!.,;:]+|\s+-+|\s+\u2014)\s*"
                            r"(?:(?:please|pls|plz|just|and|so|instead)[\s,]+)*(?P<verb>read|load|get|take|pull|fetch|put|keep|move)\s+"
                            r"(?P<it>it|them)\s+(?:from|out\s+of|in|into|to)\s+(?P<env>" + ENV_PLACES + r")"
                            r"(?:\s+instead)?(?:\s*,?\s*(?:please|pls|plz|thanks|thx))?\s*[.!]*$", re.I)


def secret_to_env(text: str) -> str | None:
    """ "don't hardcode the token, read it from the env" for a secret put in the code and where it comes from, said
    next about "it" (the module docstring), or None."""
    m = _SECRET_TO_ENV.match(" ".join(text.split()))
    if not m:
        return None
    what = next(m.group(g) for g in "abcde" if m.group(g))
    what = re.sub(r"^(?:an?|our|your|my|this|that|ur)\s+", "the ", what, flags=re.I)
    plural = bool(re.search(r"(?:s|creds)$", what, re.I)) and not re.search(r"\b(?:dsn|creds)$", what, re.I) \
        and not what.lower().endswith("ss")
    if m.group("e"):  # "no hardcoded tokens": the kind
        what = m.group("e")
    it = "them" if plural or m.group("it").lower() == "them" else "it"
    verb = m.group("verb").lower()
    if verb not in ("read", "load"):
        verb = "read"  # "put it in the env": where it is kept, so where it is read from; "get it from …" is read
    env = " ".join(m.group("env").split())
    return f"don't hardcode {what}, {verb} {it} from {env}"


__all__ = ["challenge", "secret_to_env"]
