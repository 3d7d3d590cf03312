"""`re` for the correction classifier's tables, whose patterns are compiled on first use.

The classifier's modules hold about 550 patterns, most of them long alternations in a dozen languages; compiling them
all took about 0.35 s of CPU at import, in every process that classifies. A capture worker, which a hook starts for one
prompt, uses about 60 % of them. Those modules import this module as ``re``: it is the standard ``re``, except that
``re.compile`` gives a :class:`LazyPattern`, which compiles with the standard ``re.compile`` (same pattern, same flags,
same answers) the first time anything but its ``.pattern`` is read. A LazyPattern is equal only to itself and hashed by
identity (needles.py keys its caches by pattern, on every search: a hash of the compiled pattern there cost 5 % of a
classification).
"""

from __future__ import annotations

import re as _re
from typing import Any

from re import (A, ASCII, DOTALL, I, IGNORECASE, L, LOCALE, M, MULTILINE, NOFLAG, S, U, UNICODE, VERBOSE, X,  # noqa: F401
                Match, Pattern, RegexFlag, error, escape, findall, finditer, fullmatch, match, purge, search, split,
                sub, subn)

# what the compiled pattern gives, kept on the LazyPattern once compiled: a later call costs what it costs on the
# pattern itself (an attribute of the instance), not a trip through __getattr__
_KEPT = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner", "flags", "groups",
         "groupindex")


class LazyPattern:
    """``re.compile(pattern, flags)``, made the first time it is used."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> _re.Pattern[str]:
        found = self.__dict__.get("_compiled")
        if found is None:
            found = _re.compile(self.pattern, self._flags)
            self.__dict__["_compiled"] = found
            for name in _KEPT:
                self.__dict__[name] = getattr(found, name)
        return found

    def __getattr__(self, name: str) -> Any:  # only for what the instance does not hold yet
        if name.startswith("__") or name in ("_flags", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return repr(self.compiled())


def compile(pattern: Any, flags: int = 0) -> Any:  # noqa: A001 - stands in for re.compile
    """A :class:`LazyPattern` for a text pattern; anything else (a compiled or lazy pattern) as ``re.compile`` treats it."""
    if isinstance(pattern, LazyPattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if isinstance(pattern, str):
        return LazyPattern(pattern, flags)
    return _re.compile(pattern, flags)
