"""A custom command's template is matched in time linear in the message (review21): templates come from the
repository, and a regex of lazy groups (one per placeholder) backtracked polynomially, so a template starting with
placeholders held up capture for minutes on an ordinary message of a few hundred words."""

from __future__ import annotations

import time

from altimate_learn.capture.sessions.opencode import _template_pattern, _typed_command


def test_a_template_of_placeholders_does_not_hold_up_an_ordinary_message():
    templates = [("x", _template_pattern("$1 $2 $3 $4 $5 zzzzzzzzzzzzzz")),
                 ("fix", _template_pattern("Please fix $1 and $2 and $3 and then report back"))]
    ordinary = " ".join(["word"] * 3000) + ", no, use pnpm instead of npm"
    long_args = "Please fix " + "a and " * 3000 + "x"
    started = time.process_time()
    assert _typed_command(ordinary, templates) is None
    assert _typed_command(long_args, templates) is None
    # a guard against a hang, not a speed measure: the regex took hours here
    assert time.process_time() - started < 30


def test_filled_templates_still_read_as_the_command_typed():
    review = _template_pattern("Review $ARGUMENTS against the style guide and list every problem.")
    lint = _template_pattern("Run the linter on the whole project and fix what it reports.")
    mixed = _template_pattern("Compare $1 with $2, then explain $ARGUMENTS in detail please.")
    templates = [("review", review), ("lint", lint), ("compare", mixed)]
    assert _typed_command("Review src/calc.py against the style guide and list every problem.", templates) == \
        "/review src/calc.py"
    assert _typed_command("Run the linter on the whole project and fix what it reports.", templates) == "/lint"
    assert _typed_command("Run the linter on the whole project and fix what it reports.\n\nonly src/", templates) == \
        "/lint only src/"
    # opencode appends arguments after a blank line; a message that goes on in the same paragraph is typed (trial22)
    assert _typed_command("Run the linter on the whole project and fix what it reports. No, never touch the "
                          "fixtures.", templates) is None
    assert _typed_command("Run the linter on the whole project and fix what it reports.only", templates) is None
    assert _typed_command("Compare a.py with b.py, then explain the diff in detail please.", templates) == \
        "/compare the diff"
    assert _typed_command("no, never use flake8 here", templates) is None
