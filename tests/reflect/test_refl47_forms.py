"""refl47 (session #29): the built-in reflector on more forms people correct an agent in. Every message here is our own
wording.

1. What the agent ought to have done ("you should have used pnpm", "should've run the linter before pushing"): gave
   nothing, or a wrong lesson ("you should have used pnpm instead of npm" gave "Use have used `pnpm` instead of `npm`.",
   "you shouldn't have deleted the tests" gave "Never have deleted the tests."). Now read as the order it carries, which
   the rules read as ever: a step of this task ("you should have run the tests") still gives nothing, and "you shouldn't
   have …" (one act regretted) gives nothing.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


# --- 1. what the agent ought to have done ------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "lesson"), [
    ("you should have used pnpm instead of npm", "Use `pnpm` instead of `npm`."),
    ("You should've used yarn, not npm.", "Use `yarn` instead of `npm`."),
    ("shouldve used uv instead of pip", "Use `uv` instead of `pip`."),
    ("you should've used pnpm", "Use `pnpm`."),
    ("hmm, we should have used ruff", "Use `ruff`."),
    ("you should have run the linter before pushing", "Run the linter before pushing."),
    ("you should've run the tests before committing", "Run the tests before committing."),
    ("we should have added a migration for every new column", "Add a migration for every new column."),
    ("you really should have asked before deleting files", "Ask before deleting files."),
])
def test_what_the_agent_ought_to_have_done_is_the_order_it_carries(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


@pytest.mark.parametrize("typed", [
    "you should have run the tests",  # a step of this task
    "you should've run the tests first",  # before what is not in the words
    "you should have used the helper",  # which helper only the conversation says
    "you should have used a map here",
    "you should have told me",
    "you shouldn't have deleted the tests",  # one act regretted (gave "Never have deleted the tests.")
    "you should not have touched the config",
    "the status bar should have been white",  # a report of how one part looks
    "it should have failed on the empty input",
    "should we have used pnpm?",  # a question
])
def test_what_ought_to_have_been_done_once_stays_open(typed: str) -> None:
    assert _rules(typed) == []
