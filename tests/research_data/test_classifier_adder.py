"""research/classifier_adder.py: the threshold applied to a group of owners is chosen on the other groups only, and a
group whose others never reach the floor adds nothing (in-process, synthetic scores)."""

from __future__ import annotations

from research import classifier_adder as A
from research import train_correction_model as T


def _message(label: int) -> A.Message:
    return A.Message(T.Row((), label, "owner", "owner/repo", False, True, f"k{label}"), False, "", "")


def test_each_group_is_judged_at_the_threshold_its_other_groups_chose():
    right, wrong = _message(1), _message(0)
    scored = []
    # Groups a and b: right at 0.96, wrong at 0.92 (so 0.93 is the lowest threshold at which they are right).
    for g in ("a", "b"):
        scored += [(g, 0.96, 0.9, right)] * 9 + [(g, 0.92, 0.9, wrong)] * 9
    # Group c: wrong at 0.97 and 0.99 only; judging itself it would pick 0.995 and add nothing.
    scored += [("c", 0.97, 0.9, wrong)] * 5 + [("c", 0.99, 0.9, wrong)] * 2
    added_right, added_wrong, chosen = A.nested(scored)
    # a and b each see the other and c: with c's false alarms at 0.97 and 0.99 no threshold is right 85% of the time,
    # so neither adds anything; c, judged at what a and b alone chose, adds all seven of its false alarms.
    assert chosen == [None, None, 0.93]
    assert (added_right, added_wrong) == (0, 7)


def test_a_score_without_the_negation_words_below_the_second_threshold_adds_nothing():
    right = _message(1)
    scored = [("a", 0.99, 0.9, right), ("b", 0.99, 0.9, right), ("c", 0.99, A.BARE - 0.01, right)]
    added_right, added_wrong, chosen = A.nested(scored)
    assert chosen == [0.5, 0.5, 0.5] and (added_right, added_wrong) == (2, 0)
