"""Hedged corrections (issue 20): a softened correction gives the rule its plain form gives, or nothing.

People soften corrections ("could you maybe use X instead?", "I think it would be better to …", "would it be
possible to not …", "perhaps we should …"). When the hedge wraps a standing rule the built-in reflector writes
the same lesson as for the plain sentence; when it wraps a step of the task at hand, nothing, and the signal
stays open. Before, every hedged form below gave nothing, and two gave a garbled lesson ("Use maybe use the
logger instead of `print`.", "Use consider using Decimal instead of `float` for money."). The wording here is
written for these tests, not taken from the corpus.
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, correction_rules, reflect_builtin, rules_for
from altimate_learn.reflect.providers.builtin.rules import NOT_ENGLISH

# (hedged, plain, the lesson both give)
MUST_MAKE = [
    ("could you maybe use pnpm instead of npm?", "use pnpm instead of npm", "Use `pnpm` instead of `npm`."),
    ("I think it would be better to use httpx instead of requests", "use httpx instead of requests",
     "Use `httpx` instead of `requests`."),
    ("it might be better to use httpx instead of requests", "use httpx instead of requests",
     "Use `httpx` instead of `requests`."),
    ("would it be possible to not touch the migrations?", "don't touch the migrations", "Never touch the migrations."),
    ("would it be possible to not add comments to every line?", "don't add comments to every line",
     "Never add comments to every line."),
    ("perhaps we should use the logger instead of print", "use the logger instead of print",
     "Use the logger instead of `print`."),
    ("maybe use the logger instead of print", "use the logger instead of print", "Use the logger instead of `print`."),
    ("I'd prefer if you used ruff instead of flake8", "use ruff instead of flake8", "Use `ruff` instead of `flake8`."),
    ("I would prefer using ruff over flake8", "prefer ruff over flake8", "Use `ruff` instead of `flake8`."),
    ("it would be nice if you could always run the tests before committing", "always run the tests before committing",
     "Always run the tests before committing."),
    ("please consider using Decimal instead of float for money", "use Decimal instead of float for money",
     "Use `Decimal` instead of `float` for money."),
    ("I'd suggest using pathlib instead of os.path", "use pathlib instead of os.path",
     "Use `pathlib` instead of `os.path`."),
    ("could you maybe not hardcode the table names?", "don't hardcode the table names", "Never hardcode the table names."),
    ("i think it's better to avoid global state", "avoid global state", "Avoid global state."),
    ("we should probably avoid global state", "avoid global state", "Avoid global state."),
    ("I feel like we should always add type hints to public functions", "always add type hints to public functions",
     "Always add type hints to public functions."),
    ("do you think you could use f-strings instead of format()?", "use f-strings instead of format()",
     "Use `f-strings` instead of `format()`."),
    ("would you mind using tabs instead of spaces?", "use tabs instead of spaces", "Use tabs, not spaces."),
    ("you might want to put shared fixtures in conftest.py", "put shared fixtures in conftest.py",
     "Put shared fixtures in `conftest.py`."),
    ("I think the tests should go in tests/unit", "the tests should go in tests/unit", "Put the tests in `tests/unit`."),
    ("I'd like you to always run the linter before committing", "always run the linter before committing",
     "Always run the linter before committing."),
    ("consider not mocking the database in integration tests", "don't mock the database in integration tests",
     "Never mock the database in integration tests."),
    ("Hmm, could you please stop adding emojis to commit messages?", "stop adding emojis to commit messages",
     "Never add emojis to commit messages."),
]


@pytest.mark.parametrize(("hedged", "plain", "lesson"), MUST_MAKE, ids=[m[0][:40] for m in MUST_MAKE])
def test_a_hedged_standing_rule_gives_the_plain_forms_lesson(hedged: str, plain: str, lesson: str) -> None:
    assert correction_rules(plain) == ([lesson], "")
    assert correction_rules(hedged) == ([lesson], "")


def test_a_hedged_review_comment_gives_the_plain_forms_lesson_too() -> None:
    """Reviewers hedge most of all ("nit: maybe …"): review feedback reads hedges the same way."""
    assert rules_for("nit: I'd suggest using pathlib instead of os.path") == (["Use `pathlib` instead of `os.path`."], "")


# A hedge around a step of the task at hand, a question, or a remark about the spot under discussion: no lesson.
MUST_NOT_MAKE = [
    "could you maybe make the button blue?",
    "could you run the tests?",
    "could you add a test for the parser?",
    "would you mind adding type hints to the new functions?",
    "could you use a smaller font on the landing page?",
    "I think it would be better to move this to utils.py",
    "could you maybe use pnpm instead of npm for now?",  # for now: this task only
    "I think we should use redis for this",
    "can we keep the old api for now?",
    "maybe we could just delete the old file",
    "what about using a dict here?",
    "Could we use `httpx` here instead of requests?",  # "here": the line under review, asked about
    "I think we should use a context manager here.",
    "could you explain why we use redis instead of memcached?",  # a question, not a request
    "can we talk about the migrations?",
    "is it possible to use uv with this project?",  # asks whether it can be done
    "maybe it's a caching issue",
    "I think you broke the build",
    "I believe that passing `inputs` covers `nixos-hardware` in the attribute set for `specialArgs`",  # a statement
    "I guess we could use sqlite",
]


@pytest.mark.parametrize("hedged", MUST_NOT_MAKE, ids=[m[:40] for m in MUST_NOT_MAKE])
def test_a_hedged_one_off_step_or_question_gives_no_lesson(hedged: str) -> None:
    rules, why = correction_rules(hedged)
    assert rules == [] and why


def test_hedged_corrections_in_other_languages_wait_for_a_model_or_a_person() -> None:
    """The templates read English only: a hedged correction in another language gives nothing and stays open."""
    items = [FeedbackItem("user_correction", text, signal_id=f"s{n}") for n, text in enumerate([
        "¿podrías quizás usar pnpm en lugar de npm?",
        "könntest du vielleicht pnpm statt npm verwenden?",
        "pourrais-tu peut-être utiliser pnpm au lieu de npm ?",
        "você poderia usar pnpm em vez de npm?",
        "potresti forse usare pnpm invece di npm?",
        "能不能用 pnpm 而不是 npm？我们的项目一直都用它",
    ])]
    result = reflect_builtin(items, [])
    assert result.deltas == []
    assert result.skipped == [(f"s{n}", NOT_ENGLISH) for n in range(6)]  # the reason says why it waits


def test_a_hedged_rule_in_a_batch_is_staged_and_its_signal_used() -> None:
    items = [FeedbackItem("user_correction", "could you maybe use pnpm instead of npm?", signal_id="sig-1"),
             FeedbackItem("user_correction", "could you maybe make the button blue?", signal_id="sig-2")]
    result = reflect_builtin(items, [])
    assert [d["text"] for d in result.deltas] == ["Use `pnpm` instead of `npm`."]
    assert result.sources == ["sig-1"]
    assert [who for who, _why in result.skipped] == ["sig-2"] and "sig-2" not in result.waiting
