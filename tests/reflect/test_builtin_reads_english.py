"""The built-in reflector never invents (issue 20): two families found on real corrections.

1. Feedback in another language. The templates read English, and the check that keeps a one-off task step
   ("only this library, for this download") from becoming a standing rule reads English words, so a
   correction in Portuguese came out as the person's sentence with "Use" put in front. Such feedback now
   stays open for a model or a person, with a reason that says why.
2. "X instead of Y" that describes what the program did ("the counter shows 0 still instead of updating")
   read as a choice between two things ("Use `still` instead of updating.").
"""

from __future__ import annotations

import pytest

from altimate_learn.reflect.providers.builtin import FeedbackItem, correction_rule, reflect_builtin
from altimate_learn.reflect.providers.builtin.rules import NOT_ENGLISH

OTHER_LANGUAGES = [
    "use apenas a biblioteca requests para baixar os arquivos, nada mais",        # Portuguese
    "usa siempre pnpm en vez de npm para los paquetes",                         # Spanish
    "utilise toujours pnpm pour les paquets, pas npm",                          # French
    "bitte immer pnpm benutzen und nicht npm",                                  # German
    "usa sempre pnpm e non npm per questo progetto, anche nei test",            # Italian
    "gebruik altijd pnpm en niet npm",                                          # Dutch
    "всегда используй pnpm вместо npm",                                         # Russian
    "항상 npm 대신 pnpm을 사용하세요",                                             # Korean
]


@pytest.mark.parametrize("text", OTHER_LANGUAGES)
def test_feedback_in_another_language_waits_for_a_model_or_a_person(text: str) -> None:
    assert correction_rule(text) == (None, NOT_ENGLISH)


@pytest.mark.parametrize(("text", "lesson"), [
    ("no, use pnpm not npm", "Use `pnpm` instead of `npm`."),
    # English with a word or two that other languages also use is still English.
    ("use the `para` helper instead of `format_paragraph`", "Use the `para` helper instead of `format_paragraph`."),
    ("never commit the .env file, it has the keys for the dev and prod databases",
     "Never commit the `.env` file."),
])
def test_english_feedback_is_still_learned(text: str, lesson: str) -> None:
    assert correction_rule(text)[0] == lesson


@pytest.mark.parametrize("text", [
    "the counter shows 0 still instead of updating",
    "still instead of updating",
    "the badge again instead of the new count",
    "the page reloads instead of updating",
    "it keeps the old value instead of saving the new one",
])
def test_what_the_program_did_instead_is_no_rule(text: str) -> None:
    assert correction_rule(text)[0] is None


@pytest.mark.parametrize(("text", "lesson"), [
    ("tabs instead of spaces", "Use tabs, not spaces."),
    ("plain logging instead of printing", "Use plain logging instead of printing."),
    ("`ref()` instead of hardcoded names", "Use `ref()` instead of hardcoded names."),
    ("the `ref()` macro instead of hardcoded names", "Use the `ref()` macro instead of hardcoded names."),
])
def test_what_to_use_instead_is_still_a_rule(text: str, lesson: str) -> None:
    assert correction_rule(text)[0] == lesson


def test_the_reflection_lists_the_other_language_correction_as_waiting_and_learns_the_english_one() -> None:
    items = [FeedbackItem("user_correction", OTHER_LANGUAGES[0], "s1"),
             FeedbackItem("user_correction", "no, use pnpm, not npm", "s2")]
    result = reflect_builtin(items, [])
    assert [d["text"] for d in result.deltas] == ["Use `pnpm` instead of `npm`."] and result.sources == ["s2"]
    assert result.skipped == [("s1", NOT_ENGLISH)]
