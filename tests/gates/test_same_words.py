"""The same words are the same rule, whatever is in backticks (review14 R14-30).

A captured correction rendered by the built-in reflector and the agent's own memory of it often differ only in which
names are backticked ("never use `float`" / "never use float", "Decimal.quantize" / "`Decimal.quantize`"). Read as two
rules, the memory import asked a person to choose between identical rules, `remember` added a second copy, and a merge
kept both.
"""

from __future__ import annotations

import json

from altimate_learn.store.fsio import canonical_json
from altimate_learn.team.files import merge_texts
from tests.gates.helpers import read_json

LESSON = "Never use `float` for discounts; round money with Decimal.quantize and `ROUND_HALF_EVEN`."
TYPED = "Never use float for discounts; round money with `Decimal.quantize` and `ROUND_HALF_EVEN`."


def test_remember_of_the_same_words_counts_for_the_lesson(git_repo, cli):
    code, out, err = cli("remember", LESSON, "--approve", "--json")
    assert code == 0, err
    first = json.loads(out)["id"]
    code, out, err = cli("remember", TYPED)
    assert code == 0, err
    assert out.startswith(f"Already a lesson ({first})")
    assert [lesson["id"] for lesson in read_json(git_repo, "candidate.json")] == [first]


def test_a_merge_folds_the_same_rule_approved_on_both_sides_in_other_backticks():
    from altimate_learn.schema import make_lesson

    ours = [make_lesson(LESSON, lesson_id="L-aaaa0001", now="2026-12-01T00:00:00Z")]
    theirs = [make_lesson(TYPED, lesson_id="L-bbbb0002", now="2026-12-01T00:00:00Z")]
    result = merge_texts("x/approved.json", "[]", canonical_json(ours), canonical_json(theirs))
    assert result.clean
    assert [lesson["id"] for lesson in json.loads(result.text)] == ["L-aaaa0001"]
    assert any("the same rule, approved on both sides" in note for note in result.notes)
