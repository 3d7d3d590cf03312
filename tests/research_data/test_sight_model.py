"""research/classifier_sight_model.py: every score is a first-sight score (a model never sees the owner it scores), and
its learners are deterministic and learn what the data says."""

from __future__ import annotations

import pytest

from research import classifier_sight_model as sight
from research.data.real_sessions import splits


def _example(text: str, label: int, owner: str) -> sight.Example:
    return sight.Example(text, "I've fixed the import; the page should now render.", 2, label, owner)


def _owners_in_every_group() -> list[str]:
    owners: dict[int, str] = {}
    n = 0
    while len(owners) < sight.GROUPS:
        owners.setdefault(sight.group_of(f"owner{n}"), f"owner{n}")
        n += 1
    return [owners[g] for g in range(sight.GROUPS)]


def test_the_dev_owners_fall_in_every_group_and_an_owner_in_one_only():
    dev = {repo for repo, split in splits().items() if split == "dev"}
    groups = {sight.group_of(repo.split("/")[0]) for repo in dev}
    assert groups == set(range(sight.GROUPS))
    assert sight.group_of("SomeOwner") == sight.group_of("someowner")  # the owner, however GitHub cases it


@pytest.mark.parametrize("learner", sorted(sight.LEARNERS))
def test_a_word_only_one_owner_types_tells_nothing_about_that_owner_at_first_sight(learner):
    owners = _owners_in_every_group()
    rows = []
    for owner in owners:
        rows += [_example("still broken after your change", 1, owner), _example("thanks, next add a footer", 0, owner)]
    # Only the first owner types "zyxqv", always in a correction: a model that had seen that owner would score it high.
    marked = owners[0]
    rows += [_example("zyxqv", 1, marked)] * 5 + [_example("zyxqv", 0, owners[1])]
    scores = sight.first_sight_scores(rows, [], learner)
    assert scores == sight.first_sight_scores(rows, [], learner)  # deterministic
    by_text = {(r.owner, r.label, r.text): s for r, s in zip(rows, scores)}
    # What carries across owners is learnt: a correction every owner types outscores their thanks.
    assert all(by_text[(o, 1, "still broken after your change")] > by_text[(o, 0, "thanks, next add a footer")]
               for o in owners)
    # The marked owner's word was never seen when that owner was scored: it reads as no correction (a model trained on
    # every row scores it about 0.77); the other owner who typed it once is scored by a model that saw the marked owner.
    assert by_text[(marked, 1, "zyxqv")] < 0.5 < by_text[(owners[1], 0, "zyxqv")]


def test_average_precision():
    assert sight.average_precision([0.9, 0.8, 0.1], [1, 1, 0]) == pytest.approx(1.0)
    assert sight.average_precision([0.9, 0.8, 0.1], [0, 1, 1]) == pytest.approx((1 / 2 + 2 / 3) / 2)
