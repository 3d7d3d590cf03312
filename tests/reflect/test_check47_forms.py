"""check47 (session #29, second reader of refl47's forms): the team's move from one tool to another, undone or doubted
in the same message, is no standing rule. Every message here is our own wording.

C47-3: "we moved from npm to pnpm, then back to npm" gave "Use `pnpm` instead of `npm`." (the team is on npm again),
"didn't we replace requests with httpx? no, that was the other repo" gave "Use `httpx` instead of `requests`." (the
recall answered "no"), "we switched from jest to vitest? I don't think so" gave "Use `vitest` instead of `jest`." Now
nothing, and so does a move placed in another team or repository ("at my last job, we switched from jest to vitest",
"in the other repo, we replaced requests with httpx"); the move said plainly, or with the complaint or the order that follows it, still gives its lesson.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, item_rules


def _rules(text: str) -> list[str]:
    return item_rules(FeedbackItem("user_correction", text))[0]


@pytest.mark.parametrize("typed", [
    "we moved from npm to pnpm, then back to npm",  # undone
    "we moved from npm to pnpm. nope, reverted that",
    "we switched from jest to vitest and went back",
    "we switched from jest to vitest, then rolled it back",
    "didn't we replace requests with httpx? no, that was the other repo",  # the recall answered "no"
    "didn't we replace requests with httpx? nope",
    "we switched from jest to vitest? I don't think so",  # doubted
    "we switched from jest to vitest? since when?",
    "we switched from jest to vitest. really?",
    "we switched from jest to vitest? did we?",
    "at my last job, we switched from jest to vitest",  # another team's move
    "in the other repo, we replaced requests with httpx",
    "back at my old team, we swapped moment for dayjs",
])
def test_a_move_undone_or_doubted_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    ("we switched from jest to vitest", "Use `vitest` instead of `jest`."),
    ("wait, we switched from jest to vitest, why are you writing jest tests?", "Use `vitest` instead of `jest`."),
    ("we moved from npm to pnpm, don't go back to npm", "Use `pnpm` instead of `npm`."),  # "back" in the order
    ("we moved from npm to pnpm, no more npm please", "Use `pnpm` instead of `npm`."),
    ("we switched from jest to vitest. no. not jest. vitest", "Use `vitest` instead of `jest`."),  # "no" as stress
    ("didn't we replace requests with httpx? no, why are you using requests", "Use `httpx` instead of `requests`."),
    ("we switched from jest to vitest. don't revert it", "Use `vitest` instead of `jest`."),
    ("in this repo, we switched from jest to vitest", "Use `vitest` instead of `jest`."),  # this team's place
    ("in our project, we switched from jest to vitest", "Use `vitest` instead of `jest`."),
])
def test_the_move_with_what_follows_it_still_gives_its_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]


# C47-1: what ought to have been done once, in the forms the should-have reading does not take, gave lessons in its past
# words ("Use have used `pnpm` instead of `npm`.", "Never have used `npm`.", "The script should have used `pnpm`.").

@pytest.mark.parametrize("typed", [
    "shouldn't you have used pnpm instead of npm?",
    "you should never have used npm",
    "nobody should have used npm",
    "the script should have used pnpm",
    "the CI should have run the linter before merging",
])
def test_one_act_regretted_in_past_words_gives_no_lesson(typed: str) -> None:
    assert _rules(typed) == []


@pytest.mark.parametrize(("typed", "lesson"), [
    ("you should have used pnpm instead of npm", "Use `pnpm` instead of `npm`."),  # refl47's reading, unchanged
    ("you should have run the linter before pushing", "Run the linter before pushing."),
    ("every endpoint should have tests", "Every endpoint should have tests."),  # "have" as "hold"
    ("never have more than one default export per file", "Never have more than one default export per file."),
    # a kind's rule with an adjective in -ed after "have" (C47-1's first guard took these for past acts)
    ("every function should have typed parameters", "Every function should have typed parameters."),
    ("components should have named exports", "Components should have named exports."),
    ("tables should have prefixed names", "Tables should have prefixed names."),
    ("never have nested ternaries", "Never have nested ternaries."),
])
def test_have_that_is_no_past_act_keeps_its_lesson(typed: str, lesson: str) -> None:
    assert _rules(typed) == [lesson]
