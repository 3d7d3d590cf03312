"""The classifier's patterns are compiled on first use (capture/lazy_re.py): importing it compiles none, and each one,
once used, is the pattern ``re.compile`` makes (a broken pattern still fails here, not in a user's capture worker)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from altimate_learn.capture import lazy_re
from altimate_learn.capture.lazy_re import LazyPattern

FIND = """
import sys
from altimate_learn.capture.lazy_re import LazyPattern


def lazy_patterns():
    import altimate_learn.capture.classifier  # noqa: F401
    seen, found = set(), []

    def walk(value):
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, LazyPattern):
            found.append(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)

    for name, module in sorted(sys.modules.items()):
        if name.startswith("altimate_learn.capture") and module is not None:
            for value in vars(module).values():
                walk(value)
    return found
"""


def lazy_patterns() -> list[LazyPattern]:
    scope: dict = {}
    exec(FIND, scope)  # noqa: S102 - the same walk the fresh interpreter below runs
    return scope["lazy_patterns"]()


def test_importing_the_classifier_compiles_none_of_its_patterns():
    script = FIND + "found = lazy_patterns()\nprint(len(found), sum('_compiled' in p.__dict__ for p in found))\n"
    proc = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, check=True)
    found, compiled = map(int, proc.stdout.split())
    assert found > 500  # every table of the classifier, in every language
    assert compiled == 0


def test_every_pattern_compiles_and_answers_as_re_compiles_it():
    patterns = lazy_patterns()
    assert len(patterns) > 500
    for lazy in patterns:
        real = re.compile(lazy.pattern, lazy._flags)  # raises on a broken pattern
        assert lazy.compiled() == real and (lazy.flags, lazy.groups) == (real.flags, real.groups)
    texts = ["No, don't use print() for logging. Use the structlog logger instead.", "sigue sin funcionar", "还是报错",
             "WHY DID YOU DELETE THE MIGRATION?", "I fixed the bug and updated the tests; they all pass now."]
    for lazy in patterns[::7]:
        real = re.compile(lazy.pattern, lazy._flags)
        for text in texts:
            found, expected = lazy.search(text), real.search(text)
            assert (found and (found.span(), found.groups())) == (expected and (expected.span(), expected.groups()))


def test_a_lazy_pattern_reads_its_text_without_compiling_and_stands_for_the_compiled_one():
    lazy = lazy_re.compile(r"\bstill\s+(?P<what>fail\w*)", re.I)
    assert lazy.pattern == r"\bstill\s+(?P<what>fail\w*)"
    assert "_compiled" not in lazy.__dict__
    real = re.compile(r"\bstill\s+(?P<what>fail\w*)", re.I)
    assert lazy.search("It STILL fails").group("what") == "fails"
    assert repr(lazy) == repr(real) and lazy.compiled() is lazy.compiled()
    assert lazy.sub("x", "still failing") == "x" and lazy.findall("still fails, still failing") == ["fails", "failing"]
    assert [m.span() for m in lazy.finditer("still fails")] == [(0, 11)]
    assert lazy_re.compile(lazy) is lazy
    with pytest.raises(ValueError):
        lazy_re.compile(lazy, re.I)  # as re.compile refuses flags with a compiled pattern
    with pytest.raises(re.error):
        lazy_re.compile("(unclosed").search("text")
    assert lazy_re.search(r"b+", "abbc").span() == (1, 3)  # the rest of the module is re's own
