"""Questions that challenge what the agent just did, restated as the rule they carry (refl28; called from `restate.py`).

- "why is the api key hardcoded in settings.py now?" -> "don't hardcode the api key": a secret put where secrets never go
  (hardcoded, committed, logged, printed). Only a secret: "why is the port hardcoded?" may ask for a reason, and the port
  is this task's value.
- "did u even run it? it doesnt compile", "did you even test it" -> "always run the code before reporting the work as
  done": the check the person says was skipped before the agent said it was done. Only with "even" or "actually" (the
  person's word that it should have been done): "did you test it?" may be a plain question.
"""

from __future__ import annotations

import re

_LEAD = r"^(?:(?:wait|hmm+|um+|so|but|ugh|uh|erm|seriously|ok|okay)[\s,.!]+)*"
_SECRET = (r"(?:the|an?|our|your|my|this|that)\s+(?:[\w-]+\s+)?(?:api[\s_-]?keys?|passwords?|secrets?|tokens?|credentials|"
           r"private\s+keys?|access\s+keys?|connection\s+strings?)")
_SECRET_PUT = re.compile(_LEAD + r"(?:why|how\s+come)\s+(?:is|are)\s+(?P<what>" + _SECRET + r")\s+(?:now\s+|still\s+)?"
                         r"(?P<done>hardcoded|hard-coded|committed|logged|printed)\b(?P<rest>(?:\s.*?)?)\s*[?!.]*$", re.I)
_DONE = {"hardcoded": "hardcode", "hard-coded": "hardcode", "committed": "commit", "logged": "log", "printed": "print"}
_WHERE = re.compile(r"^\s*(?:in(?:to)?|to)\s+(?P<where>[\w./-]+\.\w{1,5}|the\s+(?:repo|code|source|logs?))(?:\s+now)?\s*$",
                    re.I)

_DID_YOU_EVEN = re.compile(_LEAD + r"did\s+(?:you|u|ya)\s+(?:even|actually|ever)\s+(?P<verb>test|run|try|build|compile|"
                           r"execute)\s+(?:it|this|that|the\s+code|the\s+change|your\s+change)\s*[?!.]*$", re.I)
_DID_WHAT = {"test": "test the change", "run": "run the code", "try": "run the code", "execute": "run the code",
             "build": "build the project", "compile": "build the project"}


def challenge(sentence: str) -> str | None:
    """The statement a challenge of what the agent did carries (see the module docstring), or None."""
    m = _SECRET_PUT.match(sentence.strip())
    if m:
        where = _WHERE.match(m.group("rest")) if m.group("rest").strip() else None
        if m.group("rest").strip() and not where:
            return None  # "why is the token logged twice?": how often, not where
        # where it was put this time is left out: a secret goes in no file ("why is the api key hardcoded in settings.py")
        return f"don't {_DONE[m.group('done').lower()]} {m.group('what')}"
    m = _DID_YOU_EVEN.match(sentence.strip())
    if m:
        return f"always {_DID_WHAT[m.group('verb').lower()]} before reporting the work as done"
    return None


__all__ = ["challenge"]
